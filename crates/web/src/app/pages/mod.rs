//! Pages: composition only (state in `model`, drawing in `components`). The URL chooses one;
//! the experiments, compare and lessons pages come in bundles of their own (see
//! [`crate::app::bundle`]). A page never imports another: what two pages share (their props,
//! how a duration is written) is here, and only the routers (this module and the lesson player,
//! which shows a page per step) name pages.

pub mod compare;
pub mod embed;
pub mod experiments;
#[cfg(feature = "export")]
pub mod export;
pub mod lab;
pub mod lessons;
pub mod study;

use yew::prelude::*;

use crate::model::query::Query;

use crate::app::browser::query;
use crate::app::bundle::BundleLoader;
use crate::app::components::stage::Pointed;
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
        html! { <BundleLoader name="lessons_app" root={lessons::ROOT_ID} page="lessons" /> }
    } else if query.embed {
        html! { <embed::Embed /> }
    } else if matches!(query.page, Some(Page::Experiments | Page::Study)) {
        html! {
            <BundleLoader name="experiments_app" root={experiments::ROOT_ID} page="experiments" />
        }
    } else if query.page == Some(Page::Compare)
        || !query.compare.is_empty()
        || query.errors.iter().any(|e| e.starts_with("compare:"))
    {
        html! { <BundleLoader name="compare_app" root={compare::ROOT_ID} page="compare" /> }
    } else {
        html! { <lab::Lab /> }
    }
}

/// What a lab (full or embedded) is given besides the URL.
#[derive(Properties, PartialEq, Default)]
pub struct LabProps {
    /// The lab's state: a lesson step's query; the page's URL when absent.
    #[prop_or_default]
    pub query: Option<Query>,
    /// Shown first beside the board, or above it when embedded (a lesson's step).
    #[prop_or_default]
    pub aside: Option<Html>,
    /// What a lesson's step points at.
    #[prop_or_default]
    pub pointed: Pointed,
}

/// Draws the experiments page, or the study page (`page=study`, in the same bundle): the entry
/// point of the `experiments_app` bundle.
pub fn mount_experiments_bundle() {
    if query().page == Some(Page::Study) {
        crate::app::bundle::mount::<study::Studies>(experiments::ROOT_ID);
    } else {
        crate::app::bundle::mount::<experiments::ExperimentsPage>(experiments::ROOT_ID);
    }
}

/// "1 min 05 s", "12 s", "0.4 s".
pub(crate) fn duration(ms: f64) -> String {
    let seconds = (ms / 1e3).max(0.0);
    if seconds < 10.0 {
        format!("{seconds:.1} s")
    } else if seconds < 60.0 {
        format!("{seconds:.0} s")
    } else {
        format!("{} min {:02.0} s", (seconds / 60.0).floor(), seconds % 60.0)
    }
}
