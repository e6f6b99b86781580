// Starts the compare page's bundle: loaded by the lab's page after compare_app.js, whose
// `wasm_bindgen` is a global binding that only another script can name (the page's policy
// allows no inline script).
wasm_bindgen({ module_or_path: './compare_app_bg.wasm' });
