//! `use_parent_notices`: what an embedded lab tells the page around it, by `postMessage` to its
//! parent — `{type: "ready"}` once drawn, `{type: "resize", height}` whenever its height
//! changes, `{type: "done", outcome}` when a run ends. It posts only; it reads no message (the
//! host page cannot drive the lab: the URL is the whole contract).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Posts `{type, key: value}` to the parent window, if the page is framed.
fn post(kind: &str, field: Option<(&str, JsValue)>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == window {
        return;
    }
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &kind.into());
    if let Some((key, value)) = field {
        let _ = js_sys::Reflect::set(&message, &key.into(), &value);
    }
    // The notices carry nothing private: any host may read them.
    let _ = parent.post_message(&message, "*");
}

#[hook]
pub fn use_parent_notices(outcome: Option<&'static str>) {
    use_effect_with((), |_| {
        post("ready", None);
        let observer = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
            .and_then(|root| {
                let last = std::cell::Cell::new(0i32);
                let on_resize =
                    Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                        let height = entries
                            .get(0)
                            .dyn_into::<web_sys::ResizeObserverEntry>()
                            .map(|e| e.target().scroll_height())
                            .unwrap_or(0);
                        if height != last.get() {
                            last.set(height);
                            post("resize", Some(("height", height.into())));
                        }
                    });
                let observer =
                    web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
                observer.observe(&root);
                Some((observer, on_resize))
            });
        move || {
            if let Some((observer, _closure)) = observer {
                observer.disconnect();
            }
        }
    });
    use_effect_with(outcome, |outcome| {
        if let Some(outcome) = outcome {
            post("done", Some(("outcome", (*outcome).into())));
        }
    });
}
