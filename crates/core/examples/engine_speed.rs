//! Throughput of the exact engine alone vs. through the registry (profiling aid).
use std::time::Instant;
use sudoku_core::exact::propagation::count_solutions;
use sudoku_core::{parse_records, Algorithm, Grid, NullObserver, RunConfig};

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<Grid> = parse_records(&text)
            .into_iter()
            .filter_map(|r| r.result.ok())
            .collect();
        let t = Instant::now();
        let mut n = 0;
        for p in &puzzles {
            n += count_solutions(p, 1).count;
        }
        let engine = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let config = RunConfig::default();
        for p in &puzzles {
            n += Algorithm::Propagation
                .run(p, &config, &mut NullObserver)
                .unwrap()
                .stats
                .nodes;
        }
        let full = t.elapsed().as_secs_f64();
        let k = puzzles.len() as f64;
        println!(
            "{path}: engine {:.0}/s, registry {:.0}/s ({n})",
            k / engine,
            k / full
        );
    }
}
