//! Writes unique-solution puzzles of every size to stdout (how tests/data/sizes.txt was made):
//! `cargo run -p sudoku-core --example make_fixtures --release`.

use rand::SeedableRng;
use sudoku_core::generate::{dig_unique, random_solution};
use sudoku_core::Size;

fn main() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(20261122);
    println!("# Unique-solution puzzles of every size, made by crates/core/examples/make_fixtures.rs (seed 20261122):");
    println!("# a random solved grid (pattern fill + symmetries), cells emptied in random order while the solution stays unique.");
    println!("# 4x4 and 9x9 are dug to minimal; 16x16 and 25x25 stop at a share of holes (see HOLES) to stay easy for every exact solver.");
    for (size, count, holes_per_mille) in [
        (Size::FOUR, 6, 1000),
        (Size::NINE, 4, 1000),
        (Size::SIXTEEN, 4, 550),
        (Size::TWENTY_FIVE, 3, 450),
    ] {
        for _ in 0..count {
            let solution = random_solution(size, &mut rng);
            let holes = size.cells() * holes_per_mille / 1000;
            let puzzle = dig_unique(&solution, holes, &mut rng);
            println!("{}", puzzle.to_line());
        }
    }
}
