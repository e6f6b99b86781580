//! What the pages ask of the browser, in one place: the URL's query (read once per page), the
//! number of logical processors, a random seed, the monotonic clock, the reduced-motion setting,
//! share links, the clipboard and focus. Everything else in `app` asks here, never `web_sys` for these.

use std::cell::OnceCell;

use wasm_bindgen::JsCast;

use crate::model::query::Query;

/// The page's URL query as decoded pairs.
fn url_pairs() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Ok(Some(iter)) = js_sys::try_iter(&params) {
        for entry in iter.flatten() {
            let pair = js_sys::Array::from(&entry);
            if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                out.push((k, v));
            }
        }
    }
    out
}

thread_local! {
    static QUERY: OnceCell<Query> = const { OnceCell::new() };
}

/// The page's URL, parsed and checked once (the router and the page's model share it).
pub fn query() -> Query {
    QUERY.with(|cell| {
        cell.get_or_init(|| {
            let pairs = url_pairs();
            Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        })
        .clone()
    })
}

/// The URL's query as it is now (after `history.pushState`), not the page's first one.
pub fn current_query() -> Query {
    let pairs = url_pairs();
    Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// Calls `f` when the browser's Back or Forward moves within the page (`popstate`), until the
/// returned guard is dropped.
pub fn on_history_move(f: impl Fn() + 'static) -> HistoryListener {
    use wasm_bindgen::closure::Closure;
    let closure = Closure::<dyn Fn(wasm_bindgen::JsValue)>::new(move |_| f());
    if let Some(window) = web_sys::window() {
        let _ =
            window.add_event_listener_with_callback("popstate", closure.as_ref().unchecked_ref());
    }
    HistoryListener { closure }
}

/// Removes its `popstate` listener when dropped.
pub struct HistoryListener {
    closure: wasm_bindgen::closure::Closure<dyn Fn(wasm_bindgen::JsValue)>,
}

impl Drop for HistoryListener {
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            let _ = window.remove_event_listener_with_callback(
                "popstate",
                self.closure.as_ref().unchecked_ref(),
            );
        }
    }
}

/// Logical processors the browser reports (2 when it does not say).
pub fn hardware_concurrency() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .filter(|&n| n > 0)
        .unwrap_or(2)
}

/// Puts `text` on the clipboard and then tells `done` whether it could. Browsers refuse outside
/// a secure context or a user's gesture, and some have no clipboard API at all: then `false`.
pub fn copy_text(text: &str, done: yew::Callback<bool>) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsValue;
    let Some(window) = web_sys::window() else {
        done.emit(false);
        return;
    };
    let clipboard = js_sys::Reflect::get(&window.navigator(), &JsValue::from_str("clipboard"))
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null());
    let Some(clipboard) = clipboard else {
        done.emit(false);
        return;
    };
    let clipboard: web_sys::Clipboard = clipboard.unchecked_into();
    let (ok, failed) = (done.clone(), done);
    let on_ok = Closure::once_into_js(move |_: JsValue| ok.emit(true));
    let on_failed = Closure::once_into_js(move |_: JsValue| failed.emit(false));
    let promise = clipboard.write_text(text);
    if let Ok(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then")) {
        let then: js_sys::Function = then.unchecked_into();
        let _ = then.call2(&promise, &on_ok, &on_failed);
    }
}

/// A seed for a run the user did not seed (shown, so it can be typed back).
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 4_294_967_296.0) as u64
}

/// Milliseconds on the page's monotonic clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// The system's "reduce motion" setting.
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// The full URL of the lab with this query.
pub fn share_link(query: &Query) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{base}{}", query.to_search())
}

/// Moves the keyboard focus to a board cell.
pub fn focus_cell(cell: usize) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("cell-{cell}")))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(el) = element {
        let _ = el.focus();
    }
}
