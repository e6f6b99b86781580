use rand::SeedableRng;
use sudoku_core::generate::{random_solution, remove_cells};
use sudoku_core::*;
fn main() {
    for k in [4usize, 5] {
        let size = Size::from_box_side(k).unwrap();
        for share in [0.35, 0.4, 0.45, 0.5] {
            for seed in 0..12u64 {
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                let sol = random_solution(size, &mut rng);
                let p = remove_cells(&sol, (size.cells() as f64 * share) as usize, &mut rng);
                for a in [
                    Algorithm::FcMrv,
                    Algorithm::Norvig,
                    Algorithm::Propagation,
                    Algorithm::Dlx,
                ] {
                    let mut params = Params::default();
                    params.set("max_nodes", ParamValue::Integer(200_000));
                    let t = std::time::Instant::now();
                    let o = a
                        .run(&p, &RunConfig { seed: 0, params }, &mut NullObserver)
                        .unwrap();
                    if t.elapsed().as_millis() > 200 || !o.is_solved() {
                        println!(
                            "{size} share {share} seed {seed} {a}: {} nodes {} {:?}",
                            o.status,
                            o.stats.nodes,
                            t.elapsed()
                        );
                    }
                }
            }
        }
    }
}
