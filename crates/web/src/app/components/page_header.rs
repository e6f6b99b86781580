//! The head of the compare, experiments, study and lessons pages: the title, a tagline (with its
//! links), the links to the other pages, the theme toggle, the URL's values that could not be used
//! and, on the pages a lesson shows, its step. (The lab draws its own, of the same parts: its
//! first load carries no component it can do without.)

use yew::prelude::*;

use super::page_links::{page_links, url_errors};
use crate::app::hooks::use_theme;
use crate::model::query::Page;

#[derive(Properties, PartialEq)]
pub struct PageHeaderProps {
    pub title: AttrValue,
    /// The page shown, named (not linked) among the links to the others.
    pub page: Page,
    /// A lesson's step, shown under the header.
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
            // Notices and errors inside the header: the first thing under the title on any
            // screen (the lab's grid would place anything else after its columns).
            <header>
                <h1>{ props.title.clone() }</h1>
                <p class="tagline">{ props.children.clone() }</p>
                { page_links(props.page) }
                <button id="theme" class="theme-toggle" onclick={next_theme.reform(|_: MouseEvent| ())}>{ theme.label() }</button>
                { url_errors(&props.errors) }
            </header>
            if let Some(aside) = &props.aside {
                <div class="page-lesson">{ aside.clone() }</div>
            }
        </>
    }
}
