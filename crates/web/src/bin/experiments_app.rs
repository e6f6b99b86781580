//! The experiments page's own bundle (Trunk `data-bin="experiments_app"`, built like a worker:
//! no start-up script of its own). The lab's page loads it when the URL asks for
//! `page=experiments`, so the lab's first visit does not carry the experiments page's code.

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::app::pages::mount_experiments_bundle();
}
