//! Pages: composition only (state in `model`, drawing in `components`). The URL chooses one;
//! the experiments, compare and lessons pages come in bundles of their own (see
//! [`crate::app::bundle`]).

pub mod compare;
pub mod embed;
pub mod experiments;
pub mod lab;
pub mod lessons;
pub mod study;

use yew::prelude::*;

use crate::model::query::Query;

use crate::app::browser::query;
use crate::app::bundle::BundleLoader;
use crate::model::query::Page;

/// What the compare and experiments pages are given besides the URL (a lesson's step shows them).
#[derive(Properties, PartialEq, Default)]
pub struct PageProps {
    /// The page's state: a lesson step's query; the page's URL when absent.
    #[prop_or_default]
    pub query: Option<Query>,
    /// Shown first under the page's title (a lesson's step).
    #[prop_or_default]
    pub aside: Option<Html>,
}

/// The page the URL asks for.
#[function_component(App)]
pub fn app() -> Html {
    let query = use_memo((), |_| query());
    if query.lesson.is_some() || query.lesson_url.is_some() || query.page == Some(Page::Lessons) {
        html! { <BundleLoader name="lessons_app" start="lessons_start.js"
        root={lessons::ROOT_ID} page="lessons" /> }
    } else if query.embed {
        html! { <embed::Embed /> }
    } else if matches!(query.page, Some(Page::Experiments | Page::Study)) {
        html! { <BundleLoader name="experiments_app" start="experiments_start.js"
        root={experiments::ROOT_ID} page="experiments" /> }
    } else if query.page == Some(Page::Compare)
        || !query.compare.is_empty()
        || query.errors.iter().any(|e| e.starts_with("compare:"))
    {
        html! { <BundleLoader name="compare_app" start="compare_start.js"
        root={compare::ROOT_ID} page="compare" /> }
    } else {
        html! { <lab::Lab /> }
    }
}
