//! The compare page's own bundle (Trunk `data-bin="compare_app"`, built like a worker: no
//! start-up script of its own). The lab's page loads it when the URL asks for the compare page,
//! so the lab's first visit does not carry the compare page's code.

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::app::pages::compare::mount();
}
