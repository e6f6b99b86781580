//! Pages: composition only (state in `model`, drawing in `components`). The URL chooses one.

pub mod embed;
pub mod lab;

use yew::prelude::*;

use crate::app::hooks::url_pairs;
use crate::model::query::Query;

/// Whether the page's URL asks for the embed layout.
fn embedded() -> bool {
    let pairs = url_pairs();
    Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).embed
}

/// The page the URL asks for.
#[function_component(App)]
pub fn app() -> Html {
    if embedded() {
        html! { <embed::Embed /> }
    } else {
        html! { <lab::Lab /> }
    }
}
