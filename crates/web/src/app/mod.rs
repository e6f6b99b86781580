//! The page (wasm only): function components that draw [`crate::model`]'s state, and hooks that
//! connect it to the browser (the worker, the playback ticker, shortcuts, the theme).

pub mod browser;
pub mod bundle;
pub mod components;
pub mod hooks;
pub mod pages;

pub use pages::App;
