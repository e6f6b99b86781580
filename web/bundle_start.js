// Starts a page's bundle (experiments, compare, lessons): the lab's page adds this script with
// `data-bundle` naming the bundle; it loads NAME.js (whose `wasm_bindgen` is a global binding,
// hence a script of its own: the page's policy allows no inline script), then starts
// NAME_bg.wasm, which draws the page. If any of it fails (a file not fetched, say), this script
// fires its error event with the reason in `data-error`, as a script that cannot be fetched
// does: the page tells its reader instead of waiting.
const start = document.currentScript;
const name = start.dataset.bundle;
const fail = (reason) => {
  start.dataset.error = reason;
  start.dispatchEvent(new Event('error'));
};
const bundle = document.createElement('script');
bundle.onload = () => {
  const wasm = `${name}_bg.wasm`;
  wasm_bindgen({ module_or_path: `./${wasm}` }).catch((error) => fail(`${wasm} did not start (${error})`));
};
bundle.onerror = () => fail(`${name}.js could not be fetched`);
bundle.src = `./${name}.js`;
document.body.append(bundle);
