//! What the pages ask of the browser, in one place: the URL's query (read once per page), the
//! number of logical processors, a random seed, the monotonic clock, the reduced-motion setting,
//! share links, the clipboard, focus, what the browser keeps (`localStorage`) and reading a file
//! (the page's own, or one the user chose). Everything else in `app` asks here, never `web_sys`
//! for these.

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

/// A module of one function using a wasm SIMD instruction (`i32.const 0; i8x16.splat; drop`):
/// it validates exactly where the browser runs wasm SIMD.
const SIMD_PROBE: [u8; 29] = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: one type, () -> ()
    0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
    0x0a, 0x09, 0x01, 0x07, 0x00, // code section: one body of 7 bytes, no locals
    0x41, 0x00, 0xfd, 0x0f, 0x1a, 0x0b, // i32.const 0, i8x16.splat, drop, end
];

thread_local! {
    static SIMD: OnceCell<bool> = const { OnceCell::new() };
}

/// Whether the workers' SIMD build runs here: the browser validates a SIMD module, the URL does
/// not say `simd=0`, and this is a release build (only those have the SIMD workers beside them).
/// Decided once, and then said on the page (see [`show_worker_build`]).
pub fn wasm_simd() -> bool {
    SIMD.with(|cell| {
        *cell.get_or_init(|| {
            let probe = js_sys::Uint8Array::from(&SIMD_PROBE[..]);
            let simd = !cfg!(debug_assertions)
                && query().simd != Some(false)
                && js_sys::WebAssembly::validate(&probe).unwrap_or(false);
            show_worker_build(simd);
            simd
        })
    })
}

/// Says on the page's root element which build its workers run (`data-wasm-build`: `simd128` or
/// `baseline`), for whoever looks at the page (the browser tests do).
fn show_worker_build(simd: bool) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-wasm-build", if simd { "simd128" } else { "baseline" });
    }
}

/// How long a clipboard write may go unanswered before the page says the browser did not allow
/// it: some engines leave the promise pending (WebKit under its WebDriver, once, in the browser
/// suite on 2026-11-26), and a Copy that says nothing leaves the user guessing.
const CLIPBOARD_PATIENCE_MS: u32 = 2_000;

/// Puts `text` on the clipboard and then tells `done` whether it could. Browsers refuse outside
/// a secure context or a user's gesture, and some have no clipboard API at all: then `false`;
/// `false` too once [`CLIPBOARD_PATIENCE_MS`] pass with no answer (a late answer is told
/// after it).
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
    let answered = std::rc::Rc::new(std::cell::Cell::new(false));
    let told = |ok: bool| {
        let (done, answered) = (done.clone(), answered.clone());
        Closure::once_into_js(move |_: JsValue| {
            answered.set(true);
            done.emit(ok);
        })
    };
    let (on_ok, on_failed) = (told(true), told(false));
    let promise = clipboard.write_text(text);
    if let Ok(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then")) {
        let then: js_sys::Function = then.unchecked_into();
        let _ = then.call2(&promise, &on_ok, &on_failed);
    }
    gloo_timers::callback::Timeout::new(CLIPBOARD_PATIENCE_MS, move || {
        if !answered.get() {
            done.emit(false);
        }
    })
    .forget();
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

/// Whether the page is cross-origin isolated (served with COOP and COEP, as the service worker
/// and `./dev start` serve it): only then do its clocks tick in microseconds rather than 0.1 ms.
pub fn cross_origin_isolated() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Whether a media query holds now.
fn media_matches(query: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The system's "reduce motion" setting.
pub fn prefers_reduced_motion() -> bool {
    media_matches("(prefers-reduced-motion: reduce)")
}

/// On a screen narrower than the lab's two columns (its style sheet's 860 px), brings the board
/// into view: the Run button sits far below it there, and what a tap starts plays on the board.
pub fn show_board_on_narrow_screen() {
    if !media_matches("(max-width: 860px)") {
        return;
    }
    let board = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("main.lab section.left").ok().flatten());
    if let Some(board) = board {
        board.scroll_into_view();
    }
}

/// The full URL of the lab with this query.
pub fn share_link(query: &Query) -> String {
    format!("{}{}", page_address(), query.to_search())
}

/// The page's address without its query: what a link to another state of the lab starts with.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Shows `url` in the address bar in place of the current entry (no new history step): a page
/// whose state the user changes keeps its address true to it.
pub fn replace_address(url: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
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

/// What this browser keeps for the lab under `key` (`localStorage`), if it keeps anything.
pub fn stored(key: &str) -> Option<String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(key).ok().flatten())
}

/// Keeps `value` under `key` in this browser; `false` when it will not (storage turned off, a
/// private window's quota).
pub fn store(key: &str, value: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Forgets what is kept under `key`.
pub fn forget(key: &str) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.remove_item(key);
    }
}

/// `url` resolved against the page's address, with its origin and the page's: `None` when it is
/// not an address at all.
pub struct Resolved {
    pub href: String,
    pub origin: String,
    pub page_origin: String,
}

pub fn resolve(url: &str) -> Option<Resolved> {
    let location = web_sys::window()?.location();
    let resolved = web_sys::Url::new_with_base(url, &location.href().ok()?).ok()?;
    Some(Resolved {
        href: resolved.href(),
        origin: resolved.origin(),
        page_origin: location.origin().ok()?,
    })
}

/// Reads a text file of the page's own origin (`href` already resolved and allowed): the request
/// may not leave the origin, not even by a redirect, and a file over `max_bytes` is refused.
pub async fn fetch_own_text(href: &str, max_bytes: usize) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_mode(web_sys::RequestMode::SameOrigin);
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    let unreadable = || format!("{href} could not be read (no such file, or offline)");
    let response = JsFuture::from(window.fetch_with_str_and_init(href, &init))
        .await
        .map_err(|_| unreadable())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| unreadable())?;
    if !response.ok() {
        return Err(format!(
            "{href}: the server answered {} {}",
            response.status(),
            response.status_text()
        ));
    }
    let declared = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|l| l.trim().parse::<usize>().ok());
    if declared.is_some_and(|l| l > max_bytes) {
        return Err(format!("{href} is larger than {max_bytes} bytes"));
    }
    let text = JsFuture::from(response.text().map_err(|_| unreadable())?)
        .await
        .map_err(|_| unreadable())?;
    text.as_string().ok_or_else(unreadable)
}

/// The text of a file the user chose (`<input type=file>`), refused past `max_bytes` before it
/// is read.
pub async fn read_chosen_file(file: web_sys::File, max_bytes: usize) -> Result<String, String> {
    let name = file.name();
    if file.size() > max_bytes as f64 {
        return Err(format!(
            "{name} has {} bytes; at most {max_bytes}",
            file.size()
        ));
    }
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|_| format!("{name} could not be read"))?;
    text.as_string()
        .ok_or_else(|| format!("{name} could not be read"))
}

/// Goes to another address of the lab (a full load, as a link would).
pub fn navigate(url: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(url);
    }
}

/// Saves `text` as a CSV file named `name` (a download) through a Blob URL. The URL is revoked a minute later, not
/// at once: Firefox and WebKit read it after `click()` returns and a revoked URL fails there.
pub fn save_file(name: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/csv;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| format!("{e:?}"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))?;
    download(&url, name)?;
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Downloads the file at `url` (a blob URL of this origin) under `name`.
pub fn download(url: &str, name: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| format!("{e:?}"))?
        .unchecked_into();
    anchor.set_href(url);
    anchor.set_download(name);
    anchor.click();
    Ok(())
}

thread_local! {
    static LEAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static LEAVING_WATCHED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the page is being left (reloaded, navigated away): from `beforeunload` or `pagehide`
/// until a `pageshow` brings it back. WebKit fails the loads of the page's workers then, which
/// is teardown, not a failure to answer. The first call starts watching.
pub fn page_is_leaving() -> bool {
    use wasm_bindgen::closure::Closure;
    if !LEAVING_WATCHED.with(|w| w.replace(true)) {
        if let Some(window) = web_sys::window() {
            let leave = Closure::<dyn Fn()>::new(|| LEAVING.with(|l| l.set(true)));
            let back = Closure::<dyn Fn()>::new(|| LEAVING.with(|l| l.set(false)));
            for name in ["beforeunload", "pagehide"] {
                let _ =
                    window.add_event_listener_with_callback(name, leave.as_ref().unchecked_ref());
            }
            let _ =
                window.add_event_listener_with_callback("pageshow", back.as_ref().unchecked_ref());
            // Listeners for the page's whole life.
            leave.forget();
            back.forget();
        }
    }
    LEAVING.with(|l| l.get())
}
