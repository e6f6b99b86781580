//! `help_page`: prints the help page (`web/help.html`) from the registry and the help texts:
//! `cargo run -q -p sudoku-web --bin help_page > web/help.html`.

fn main() {
    print!("{}", sudoku_web::help::render());
}
