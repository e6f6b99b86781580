//! The experiments page's worker (Trunk `data-bin="experiment_worker" data-type="worker"`): runs
//! chunks of an experiment's jobs and answers plan requests (see `sudoku_web::worker::experiment`).
//! A worker of its own, loaded only by the experiments page, so the lab's first visit does not
//! carry the experiments' code.

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::worker::experiment::start();
}
