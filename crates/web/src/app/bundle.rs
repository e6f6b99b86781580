//! Pages with a bundle of their own (experiments, compare): the lab's page loads that bundle's
//! script, then the script that starts its wasm, which draws the page into a root element. So
//! the lab's first visit carries only the lab's code.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BundleLoaderProps {
    /// The bundle's script (`NAME.js`, with `NAME_bg.wasm`: Trunk's, see index.html).
    pub name: &'static str,
    /// The script that starts its wasm (`web/*_start.js`).
    pub start: &'static str,
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
        let (name, start) = (props.name, props.start);
        use_effect_with((), move |_| {
            if let Err(e) = load(name, start) {
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

/// Mounts a page component, with its default properties (the URL's page), into `root` (made
/// by [`BundleLoader`]), or into the body.
pub fn mount<C: BaseComponent>(root: &str)
where
    C::Properties: Default,
{
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(root));
    match element {
        Some(element) => yew::Renderer::<C>::with_root(element).render(),
        None => yew::Renderer::<C>::new().render(),
    };
}

/// Adds the bundle's script, then the one that starts its wasm (which mounts the page).
fn load(name: &str, start: &'static str) -> Result<(), String> {
    add_script(
        &format!("./{name}.js"),
        Some(move || {
            let _ = add_script(&format!("./{start}"), None::<fn()>);
        }),
    )
}

/// Appends a `<script src>` to the body; `then` runs once it has loaded.
fn add_script(src: &str, then: Option<impl FnOnce() + 'static>) -> Result<(), String> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let script: web_sys::HtmlScriptElement = document
        .create_element("script")
        .map_err(|e| format!("{e:?}"))?
        .unchecked_into();
    if let Some(then) = then {
        let on_load = Closure::once_into_js(then);
        script.set_onload(Some(on_load.unchecked_ref()));
    }
    script.set_src(src);
    document
        .body()
        .ok_or("no body")?
        .append_child(&script)
        .map_err(|e| format!("{e:?}"))?;
    Ok(())
}
