//! The export dialog's own bundle (Trunk `data-bin="export_app"`, built like a worker: no
//! start-up script of its own). The lab loads it when "Export…" is first pressed, so the lab's
//! first visit carries neither the rasteriser nor its font.

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::app::pages::export::mount();
}
