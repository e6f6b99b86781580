//! The lessons' own bundle (Trunk `data-bin="lessons_app"`, built like a worker: no start-up
//! script of its own): the index and the player, with the lessons' texts. The lab's page loads
//! it when the URL asks for a lesson, so the lab's first visit carries none of it.

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_web::app::pages::lessons::mount();
}
