//! `use_service_worker`: registers the lab's service worker (release builds only: `trunk serve`
//! builds carry debug assertions and no `sw.js`) and tells when a new version is installed and
//! waiting. Its callback activates the new version and reloads the page once it controls it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};
use yew::prelude::*;

fn container() -> Option<web_sys::ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    // Absent where service workers are unavailable (insecure origins, some embedded views).
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()
        .filter(|&has| has)?;
    Some(navigator.service_worker())
}

/// Calls `ready` with the waiting worker when a new version is installed while an older one
/// controls the page (a first install is silent: nothing to update).
fn watch(registration: &ServiceWorkerRegistration, ready: Callback<ServiceWorker>) {
    let controlled = || container().and_then(|c| c.controller()).is_some();
    if let Some(waiting) = registration.waiting() {
        if controlled() {
            ready.emit(waiting);
        }
    }
    let reg = registration.clone();
    let on_update = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = reg.installing() else {
            return;
        };
        let worker = installing.clone();
        let ready = ready.clone();
        let on_state = Closure::<dyn FnMut()>::new(move || {
            if worker.state() == ServiceWorkerState::Installed && controlled() {
                ready.emit(worker.clone());
            }
        });
        installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    registration.set_onupdatefound(Some(on_update.as_ref().unchecked_ref()));
    on_update.forget();
}

/// `Some(reload)` once a new version waits; calling it switches to that version.
#[hook]
pub fn use_service_worker() -> Option<Callback<()>> {
    let waiting = use_state(|| None::<ServiceWorker>);
    {
        let waiting = waiting.clone();
        use_effect_with((), move |_| {
            if cfg!(debug_assertions) {
                return;
            }
            let Some(container) = container() else { return };
            let ready = Callback::from(move |worker: ServiceWorker| waiting.set(Some(worker)));
            let on_registered = Closure::once(move |value: JsValue| {
                if let Ok(registration) = value.dyn_into::<ServiceWorkerRegistration>() {
                    watch(&registration, ready);
                }
            });
            // A registration that fails (the page left mid-fetch, the server gone) only means no
            // offline copy yet: the page works on, and the next visit registers again. Caught,
            // so it is no unhandled rejection in the console.
            let on_failed = Closure::once(|_: JsValue| {});
            let _ = container
                .register("sw.js")
                .then(&on_registered)
                .catch(&on_failed);
            on_registered.forget();
            on_failed.forget();
        });
    }
    let worker = (*waiting).clone()?;
    Some(Callback::from(move |_| {
        if let Some(container) = container() {
            let reload = Closure::once(|| {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            });
            container.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
            reload.forget();
        }
        let _ = worker.post_message(&JsValue::from_str("activate"));
    }))
}
