//! Best-of-7 throughput of the `propagation` solver through the registry, as `sudoku bench`
//! runs it (profiling aid: `cargo run --release --example engine_speed -- FILE...`).
use std::time::Instant;
use sudoku_core::{parse_records, Algorithm, Grid, NullObserver, RunConfig};

fn main() {
    let config = RunConfig::default();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<Grid> = parse_records(&text)
            .into_iter()
            .filter_map(|r| r.result.ok())
            .collect();
        let mut best = f64::MAX;
        let mut solved = 0;
        for _ in 0..7 {
            let started = Instant::now();
            solved = 0;
            for p in &puzzles {
                let outcome = Algorithm::Propagation
                    .run(p, &config, &mut NullObserver)
                    .unwrap();
                solved += outcome.is_solved() as usize;
            }
            best = best.min(started.elapsed().as_secs_f64());
        }
        let name = path.rsplit('/').next().unwrap();
        let rate = puzzles.len() as f64 / best;
        println!(
            "ours  {name}: {} puzzles, {solved} solved, best of 7: {rate:.0} puzzles/s",
            puzzles.len()
        );
    }
}
