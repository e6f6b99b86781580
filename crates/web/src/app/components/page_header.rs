//! The head of the compare, experiments and study pages: the title, a tagline (with its links),
//! the theme toggle, a lesson's step when a lesson shows the page, and the URL's values that
//! could not be used.

use yew::prelude::*;

use crate::app::hooks::use_theme;

#[derive(Properties, PartialEq)]
pub struct PageHeaderProps {
    pub title: AttrValue,
    /// A lesson's step, shown under the title.
    #[prop_or_default]
    pub aside: Option<Html>,
    /// What the page's URL asked that could not be used.
    #[prop_or_default]
    pub errors: Vec<String>,
    /// The tagline's content.
    #[prop_or_default]
    pub children: Html,
}

#[function_component(PageHeader)]
pub fn page_header(props: &PageHeaderProps) -> Html {
    let (theme, next_theme) = use_theme();
    html! {
        <>
            <header>
                <h1>{ props.title.clone() }</h1>
                <p class="tagline">{ props.children.clone() }</p>
                <button id="theme" class="theme-toggle" onclick={next_theme.reform(|_: MouseEvent| ())}>{ theme.label() }</button>
            </header>
            if let Some(aside) = &props.aside {
                <div class="page-lesson">{ aside.clone() }</div>
            }
            if !props.errors.is_empty() {
                <div id="url-errors" class="notice url-errors" role="alert">
                    <p>{ "Some of this page's URL could not be used:" }</p>
                    <ul>{ for props.errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
        </>
    }
}
