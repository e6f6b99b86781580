//! The CDCL solver against brute force on random formulas, on the pigeonhole principle, and
//! incrementally (blocking clauses count every model).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::*;
use crate::trace::Flow;

fn lit(d: i64) -> Lit {
    Lit::new((d.unsigned_abs() - 1) as u32, d > 0)
}

fn solver(vars: usize, clauses: &[Vec<i64>], options: Options) -> Cdcl {
    let mut s = Cdcl::new(vars, options);
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&d| lit(d)).collect();
        s.add_clause(&lits);
    }
    s
}

fn holds(clauses: &[Vec<i64>], model: impl Fn(u32) -> bool) -> bool {
    clauses
        .iter()
        .all(|c| c.iter().any(|&d| model(lit(d).var()) == (d > 0)))
}

/// Every model of the clauses, by enumeration (few variables).
fn models(vars: usize, clauses: &[Vec<i64>]) -> usize {
    (0u32..1 << vars)
        .filter(|bits| holds(clauses, |v| bits >> v & 1 == 1))
        .count()
}

fn random_formula(rng: &mut Pcg64, vars: usize, clauses: usize) -> Vec<Vec<i64>> {
    (0..clauses)
        .map(|_| {
            let len = rng.random_range(1..=4);
            (0..len)
                .map(|_| {
                    let v = rng.random_range(1..=vars as i64);
                    if rng.random_bool(0.5) {
                        v
                    } else {
                        -v
                    }
                })
                .collect()
        })
        .collect()
}

fn every_option() -> Vec<Options> {
    let mut all = Vec::new();
    for restarts in [Restarts::Never, Restarts::Luby, Restarts::Glucose] {
        for minimise in [false, true] {
            all.push(Options {
                restarts,
                minimise,
                reduce: true,
                max_conflicts: 0,
            });
        }
    }
    all
}

#[test]
fn agrees_with_brute_force_on_random_formulas_and_counts_every_model() {
    let mut rng = Pcg64::seed_from_u64(7);
    for round in 0..600 {
        let vars = rng.random_range(1..=12);
        let count = rng.random_range(0..=5 * vars);
        let clauses = random_formula(&mut rng, vars, count);
        let expected = models(vars, &clauses);
        let options = every_option()[round % 6];
        let mut s = solver(vars, &clauses, options);
        let mut found = 0;
        loop {
            match s.solve(&mut Silent) {
                Answer::Satisfiable => {
                    let model: Vec<bool> = (0..vars as u32).map(|v| s.value(v).unwrap()).collect();
                    assert!(holds(&clauses, |v| model[v as usize]), "{clauses:?}");
                    found += 1;
                    let block: Vec<Lit> = model
                        .iter()
                        .enumerate()
                        .map(|(v, &b)| Lit::new(v as u32, !b))
                        .collect();
                    s.add_clause(&block);
                }
                Answer::Unsatisfiable => break,
                other => panic!("{other:?}"),
            }
            assert!(found <= expected, "{clauses:?}");
        }
        assert_eq!(found, expected, "{clauses:?} with {options:?}");
    }
}

/// Assumptions: one solver asked many times under different assumptions agrees with brute
/// force each time (what it learned under one set must not leak into the next), and a formula
/// unsatisfiable only under assumptions stays satisfiable without them.
#[test]
fn solves_under_assumptions_again_and_again() {
    let mut rng = Pcg64::seed_from_u64(11);
    for round in 0..300 {
        let vars = rng.random_range(2..=12);
        let count = rng.random_range(0..=4 * vars);
        let clauses = random_formula(&mut rng, vars, count);
        let mut s = solver(vars, &clauses, every_option()[round % 6]);
        for _ in 0..8 {
            let mut assumed: Vec<i64> = (0..rng.random_range(0..=vars.min(5)))
                .map(|_| {
                    let v = rng.random_range(1..=vars as i64);
                    if rng.random_bool(0.5) {
                        v
                    } else {
                        -v
                    }
                })
                .collect();
            assumed.dedup();
            let mut with = clauses.clone();
            with.extend(assumed.iter().map(|&d| vec![d]));
            let expected = models(vars, &with) > 0;
            let lits: Vec<Lit> = assumed.iter().map(|&d| lit(d)).collect();
            match s.solve_assuming(&lits, &mut Silent) {
                Answer::Satisfiable => {
                    assert!(expected, "{with:?}");
                    let model: Vec<bool> = (0..vars as u32).map(|v| s.value(v).unwrap()).collect();
                    assert!(holds(&with, |v| model[v as usize]), "{with:?}");
                }
                Answer::Unsatisfiable => assert!(!expected, "{with:?}"),
                other => panic!("{other:?}"),
            }
        }
        let satisfiable = models(vars, &clauses) > 0;
        assert_eq!(s.solve(&mut Silent) == Answer::Satisfiable, satisfiable);
    }
}

/// n + 1 pigeons in n holes: unsatisfiable, and hard enough to need many conflicts, restarts
/// and reductions.
fn pigeonhole(holes: usize) -> (usize, Vec<Vec<i64>>) {
    let var = |p: usize, h: usize| (p * holes + h + 1) as i64;
    let mut clauses = Vec::new();
    for p in 0..=holes {
        clauses.push((0..holes).map(|h| var(p, h)).collect());
    }
    for h in 0..holes {
        for p in 0..=holes {
            for q in p + 1..=holes {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    ((holes + 1) * holes, clauses)
}

#[test]
fn proves_the_pigeonhole_principle() {
    for options in every_option() {
        let (vars, clauses) = pigeonhole(7);
        let mut s = solver(vars, &clauses, options);
        assert_eq!(s.solve(&mut Silent), Answer::Unsatisfiable, "{options:?}");
        assert!(s.counters().conflicts > 100);
        // Once proved, it stays proved.
        assert_eq!(s.solve(&mut Silent), Answer::Unsatisfiable);
    }
}

#[test]
fn the_conflict_budget_stops_a_hard_formula_and_a_later_solve_goes_on() {
    let (vars, clauses) = pigeonhole(8);
    let mut s = solver(
        vars,
        &clauses,
        Options {
            max_conflicts: 50,
            ..Options::default()
        },
    );
    assert_eq!(s.solve(&mut Silent), Answer::Budget);
    assert_eq!(s.counters().conflicts, 50);
    assert_eq!(s.solve(&mut Silent), Answer::Budget);
    assert_eq!(s.counters().conflicts, 100);
}

/// Records what the listener hears and checks its invariants as it goes: levels open one at a
/// time, implied literals are forced by their clause, learned clauses are false before the jump
/// and assert one literal after it.
struct Checker {
    values: Vec<i8>,
    levels: Vec<Vec<Lit>>,
    stop_after: Option<u64>,
    calls: u64,
    learned: u64,
}

impl Checker {
    fn new(vars: usize) -> Checker {
        Checker {
            values: vec![0; vars],
            levels: vec![Vec::new()],
            stop_after: None,
            calls: 0,
            learned: 0,
        }
    }

    fn value(&self, l: Lit) -> i8 {
        let v = self.values[l.var() as usize];
        if l.is_positive() {
            v
        } else {
            -v
        }
    }

    fn set(&mut self, l: Lit) {
        assert_eq!(self.value(l), 0, "{l:?} assigned twice");
        self.values[l.var() as usize] = if l.is_positive() { 1 } else { -1 };
        self.levels.last_mut().unwrap().push(l);
    }

    fn flow(&mut self) -> Flow {
        self.calls += 1;
        match self.stop_after {
            Some(n) if self.calls >= n => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

impl Listener for Checker {
    fn decide(&mut self, lit: Lit, level: u32) -> Flow {
        assert_eq!(level as usize, self.levels.len());
        self.levels.push(Vec::new());
        self.set(lit);
        self.flow()
    }
    fn imply(&mut self, lit: Lit, level: u32, clause: &[Lit], _learned: bool) -> Flow {
        assert_eq!(level as usize + 1, self.levels.len());
        assert_eq!(clause[0], lit);
        assert!(clause[1..].iter().all(|&l| self.value(l) < 0), "{clause:?}");
        self.set(lit);
        self.flow()
    }
    fn learn(&mut self, clause: &[Lit], _lbd: u32, _level: u32) -> Flow {
        assert!(clause.iter().all(|&l| self.value(l) < 0), "{clause:?}");
        self.learned += 1;
        self.flow()
    }
    fn backjump(&mut self, level: u32) -> Flow {
        for undone in self.levels.drain(level as usize + 1..) {
            for l in undone {
                self.values[l.var() as usize] = 0;
            }
        }
        self.flow()
    }
    fn restart(&mut self) -> Flow {
        self.backjump(0)
    }
}

#[test]
fn the_listener_hears_a_consistent_story_and_can_stop_the_search() {
    let mut rng = Pcg64::seed_from_u64(11);
    for _ in 0..200 {
        let vars = rng.random_range(5..=40);
        let clauses = random_formula(&mut rng, vars, 4 * vars);
        let mut s = solver(vars, &clauses, Options::default());
        let mut checker = Checker::new(vars);
        let answer = s.solve(&mut checker);
        assert_eq!(
            checker.learned,
            s.counters()
                .conflicts
                .saturating_sub((answer == Answer::Unsatisfiable) as u64)
        );
        if answer == Answer::Satisfiable {
            for v in 0..vars as u32 {
                assert_eq!(checker.value(Lit::new(v, true)) > 0, s.value(v).unwrap());
            }
        }
    }
    let (vars, clauses) = pigeonhole(7);
    let mut s = solver(vars, &clauses, Options::default());
    let mut checker = Checker::new(vars);
    checker.stop_after = Some(1_000);
    assert_eq!(s.solve(&mut checker), Answer::Cancelled);
    assert_eq!(checker.calls, 1_000);
}

#[test]
fn luby_sequence() {
    let first: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

#[test]
fn non_decision_variables_are_decided_last() {
    // x0 ∨ x1, and x2 free: with x2 not a decision variable, x0 or x1 is decided first.
    let mut s = solver(3, &[vec![1, 2]], Options::default());
    s.set_decision(2, false);
    struct First(Option<Lit>);
    impl Listener for First {
        fn decide(&mut self, lit: Lit, _: u32) -> Flow {
            self.0.get_or_insert(lit);
            Flow::Continue
        }
    }
    let mut first = First(None);
    assert_eq!(s.solve(&mut first), Answer::Satisfiable);
    assert_ne!(first.0.unwrap().var(), 2);
    assert!(s.value(2).is_some());
}
