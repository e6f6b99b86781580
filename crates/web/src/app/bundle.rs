//! Pages with a bundle of their own (experiments, compare, lessons): the lab's page adds the start
//! script `web/bundle_start.js`, which loads the bundle's script and starts its wasm; the bundle
//! draws the page into a root element. So the lab's first visit carries only the lab's code.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BundleLoaderProps {
    /// The bundle's script (`NAME.js`, with `NAME_bg.wasm`: Trunk's, see index.html).
    pub name: &'static str,
    /// The element the bundle draws into.
    pub root: &'static str,
    /// The page's name, for the message if it cannot load.
    pub page: &'static str,
}

/// Loads a page's bundle, which draws the page into `root`.
#[function_component(BundleLoader)]
pub fn bundle_loader(props: &BundleLoaderProps) -> Html {
    let failed = use_state(|| None::<String>);
    {
        let failed = failed.clone();
        let name = props.name;
        let root = props.root;
        use_effect_with((), move |_| {
            let on_error = {
                let failed = failed.clone();
                move |e| failed.set(Some(e))
            };
            if let Err(e) = load(name, root, on_error) {
                failed.set(Some(e));
            }
        });
    }
    html! {
        <div id={props.root}>
            if let Some(e) = &*failed {
                <p class="notice" role="alert">{ format!("The {} page could not load: {e}. ", props.page) }
                    <a href="./">{ "Back to the lab" }</a></p>
            }
        </div>
    }
}

/// The export dialog's root: a bundle the lab opens and closes, mounted again at each opening.
pub const EXPORT_ROOT: &str = "export-root";

thread_local! {
    /// Ends the component this bundle last mounted (a bundle mounted again replaces it).
    static MOUNTED: std::cell::RefCell<Option<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(None) };
}

/// The global through which a started bundle mounts itself again (the page's element was
/// replaced: the export dialog closed and opened again), without loading a second copy.
fn remount_key(root: &str) -> String {
    format!("sudokuLabMount_{root}")
}

/// Mounts a page component, with its default properties (the URL's page), into `root` (made
/// by [`BundleLoader`]), or into the body; and leaves a global that mounts it there again.
pub fn mount<C: BaseComponent>(root: &'static str)
where
    C::Properties: Default,
{
    use wasm_bindgen::closure::Closure;
    if let Some(end) = MOUNTED.with(|m| m.borrow_mut().take()) {
        end();
    }
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(root));
    let handle = match element {
        Some(element) => yew::Renderer::<C>::with_root(element).render(),
        None => yew::Renderer::<C>::new().render(),
    };
    MOUNTED.with(|m| *m.borrow_mut() = Some(Box::new(move || handle.destroy())));
    if let Some(window) = web_sys::window() {
        let again = Closure::<dyn Fn()>::new(move || mount::<C>(root)).into_js_value();
        let _ = js_sys::Reflect::set(&window, &remount_key(root).into(), &again);
    }
}

/// Adds `web/bundle_start.js`, which loads the bundle's script and starts its wasm (which mounts
/// the page); `on_error` hears any of them fail, with the reason the start script left in
/// `data-error`.
fn load(name: &str, root: &str, on_error: impl FnOnce(String) + 'static) -> Result<(), String> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let started = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &remount_key(root).into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(mount_again) = started {
        return mount_again
            .call0(&wasm_bindgen::JsValue::NULL)
            .map(|_| ())
            .map_err(|e| format!("{e:?}"));
    }
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let script: web_sys::HtmlScriptElement = document
        .create_element("script")
        .map_err(|e| format!("{e:?}"))?
        .unchecked_into();
    let failed = script.clone();
    let on_failure = Closure::once_into_js(move || {
        let error = failed.get_attribute("data-error");
        on_error(error.unwrap_or_else(|| "bundle_start.js could not be fetched".into()));
    });
    script.set_onerror(Some(on_failure.unchecked_ref()));
    script
        .set_attribute("data-bundle", name)
        .map_err(|e| format!("{e:?}"))?;
    script.set_src("./bundle_start.js");
    document
        .body()
        .ok_or("no body")?
        .append_child(&script)
        .map_err(|e| format!("{e:?}"))?;
    Ok(())
}
