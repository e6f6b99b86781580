//! "A new version of Sudoku Lab is ready": shown when the service worker has installed a newer
//! build; Reload switches to it.

use yew::prelude::*;

use crate::app::hooks::use_service_worker;

#[function_component(UpdateNotice)]
pub fn update_notice() -> Html {
    let Some(reload) = use_service_worker() else {
        return Html::default();
    };
    html! {
        <div id="update-ready" class="notice update-ready" role="status">
            { "A new version of Sudoku Lab is ready. " }
            <button onclick={reload.reform(|_: MouseEvent| ())}>{ "Reload" }</button>
        </div>
    }
}
