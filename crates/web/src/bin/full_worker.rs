//! The solver worker with every solver, `ilp` included (Trunk `data-bin="full_worker"` built with
//! the `ilp` feature): the page starts it only when a run needs it (see `sudoku_web::worker::solver`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::worker::solver::start();
}
