// Starts the lessons page's bundle: loaded by the lab's page after lessons_app.js, whose
// `wasm_bindgen` is a global binding that only another script can name (the page's policy
// allows no inline script).
wasm_bindgen({ module_or_path: './lessons_app_bg.wasm' });
