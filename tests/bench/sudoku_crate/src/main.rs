//! Times the `sudoku` crate on one set, one thread, fastest of 7 passes: from each puzzle's text
//! line to its solution line, and its solver alone on puzzles read beforehand. Prints
//! `TEXT_RATE SOLVER_RATE` (puzzles/s); every solution is checked to be solved.
//!   sudoku-crate-bench FILE

use std::time::Instant;

use sudoku::Sudoku;

fn fastest(mut pass: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::INFINITY;
    let mut solved = 0;
    for _ in 0..7 {
        let started = Instant::now();
        solved = pass();
        best = best.min(started.elapsed().as_secs_f64());
    }
    (best, solved)
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: sudoku-crate-bench FILE");
    let text = std::fs::read_to_string(&path).expect("a readable set");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| &l[..81])
        .collect();
    let (whole, solved_whole) = fastest(|| {
        let mut out = String::with_capacity(lines.len() * 82);
        let mut solved = 0;
        for line in &lines {
            if let Some(solution) = Sudoku::from_str_line(line)
                .ok()
                .and_then(|s| s.some_solution())
            {
                solved += solution.is_solved() as usize;
                out.push_str(&solution.to_str_line());
            }
            out.push('\n');
        }
        std::hint::black_box(&out);
        solved
    });
    let puzzles: Vec<Sudoku> = lines
        .iter()
        .filter_map(|l| Sudoku::from_str_line(l).ok())
        .collect();
    let (alone, solved_alone) = fastest(|| {
        let solutions: Vec<Option<Sudoku>> = puzzles.iter().map(|p| p.some_solution()).collect();
        solutions.iter().flatten().filter(|s| s.is_solved()).count()
    });
    assert_eq!(solved_whole, lines.len(), "every puzzle solved (text)");
    assert_eq!(solved_alone, lines.len(), "every puzzle solved (alone)");
    let n = lines.len() as f64;
    println!("{:.0} {:.0}", n / whole, n / alone);
}
