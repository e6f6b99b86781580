use sudoku_core::*;

#[test]
fn smoke() {
    let p: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    for &a in Algorithm::ALL {
        let t = std::time::Instant::now();
        let o = a.run(&p, &RunConfig::default(), &mut NullObserver).unwrap();
        println!(
            "{a}: {} {:?} {:?} {:?}",
            o.status,
            o.stats,
            verify_solution(&p, &o.grid),
            t.elapsed()
        );
    }
}
