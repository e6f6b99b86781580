//! The lab's solver worker (Trunk `data-bin="worker" data-type="worker"`), loaded with the page:
//! every solver but `ilp`, whose LP engine lives in `full_worker` (see `sudoku_web::worker::solver`).
//! Experiments have a worker of their own (`experiment_worker`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::worker::solver::start();
}
