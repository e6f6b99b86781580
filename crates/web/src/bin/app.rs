//! The page's entry point (Trunk `data-bin="app"`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    yew::Renderer::<sudoku_web::app::App>::new().render();
}
