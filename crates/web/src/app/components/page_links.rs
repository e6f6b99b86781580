//! What every page's header shows besides its title: the links between the lab's pages (the page
//! shown is named, not linked) and the URL's values that could not be used.
//! (The compare page is the lab's configuration set beside others: it is reached from the lab.)

use yew::prelude::*;

use crate::model::query::Page;

/// Each page a newcomer can go to: its link and name. (What each is for is the help page's,
/// one "What is this?" away.)
const PAGES: [(Page, &str, &str); 4] = [
    (Page::Lab, "./", "Lab"),
    (Page::Study, "?page=study", "Study"),
    (Page::Experiments, "?page=experiments", "Experiments"),
    (Page::Lessons, "?page=lessons", "Lessons"),
];

/// The links, `current` named rather than linked, and "What is this?": the help page at this
/// page's section (`help.html`, written from the registry by `help_page`). (A plain function,
/// not a component: the lab's first load carries it, and a component costs more code for
/// nothing here.)
pub fn page_links(current: Page) -> Html {
    html! {
        <nav class="page-links" aria-label="Sudoku Lab's pages">
            { for PAGES.iter().map(|&(page, href, label)| if page == current {
                html! { <strong aria-current="page">{ label }</strong> }
            } else {
                html! { <a id={format!("to-{}", page.id())} href={href}>{ label }</a> }
            }) }
            <a id="what-is-this" href={format!("help.html#{}", current.id())}>{ "What is this?" }</a>
        </nav>
    }
}

/// What a page's URL asked that could not be used, if anything: under the page's title.
pub fn url_errors(errors: &[String]) -> Html {
    if errors.is_empty() {
        return Html::default();
    }
    html! {
        <div id="url-errors" class="notice url-errors" role="alert">
            <p>{ "Some of this page's URL could not be used:" }</p>
            <ul>{ for errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
        </div>
    }
}
