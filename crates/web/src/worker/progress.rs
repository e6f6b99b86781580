//! What a long answer has done so far, told to the page while the worker is still at it
//! ([`SolverReply::Working`]): a rating's cells filled and its latest technique, the generator's
//! puzzles drawn. Nothing is told for the first [`TELL_EVERY_MS`] (most answers take
//! milliseconds), then at most once per that span. The full worker tells it; the lab's
//! first-load worker answers 9×9 requests only, which end before the first word would be said.

use std::cell::RefCell;

use sudoku_core::logic::{Scale, Step};
use sudoku_core::Grid;

use super::tools;
use crate::protocol::{GenerateRequest, SolverReply};

/// Milliseconds between two words of progress (and before the first).
pub const TELL_EVERY_MS: f64 = 400.0;

/// Posts progress lines, spaced in time, each ending with the seconds spent so far.
pub struct Teller<'a> {
    now: &'a dyn Fn() -> f64,
    reply: &'a mut dyn FnMut(SolverReply),
    started: f64,
    last: f64,
}

impl<'a> Teller<'a> {
    pub fn new(now: &'a dyn Fn() -> f64, reply: &'a mut dyn FnMut(SolverReply)) -> Teller<'a> {
        let started = now();
        Teller {
            now,
            reply,
            started,
            last: started,
        }
    }

    /// Says `what` (written only when it is said) if the last word is old enough.
    pub fn tell(&mut self, what: impl FnOnce() -> String) {
        let now = (self.now)();
        if now - self.last < TELL_EVERY_MS {
            return;
        }
        self.last = now;
        let seconds = ((now - self.started) / 1000.0) as u64;
        (self.reply)(SolverReply::Working(format!(
            "{}, {seconds} s so far",
            what()
        )));
    }
}

/// [`tools::analyse`], telling the page how far each path has come: cells filled of the grid's,
/// steps taken, the latest technique.
pub fn analyse(
    puzzle: &Grid,
    now: &dyn Fn() -> f64,
    reply: &mut dyn FnMut(SolverReply),
) -> SolverReply {
    let givens = puzzle.values().iter().filter(|&&v| v != 0).count();
    let cells = puzzle.size().cells();
    let mut teller = Teller::new(now, reply);
    // (path, cells filled, steps) of the path being followed: SE's starts from the givens again.
    let mut path = (Scale::Lab, givens, 0usize);
    tools::analyse(puzzle, &mut |scale: Scale, step: &Step| {
        if scale != path.0 {
            path = (scale, givens, 0);
        }
        path.1 += step.placements.len();
        path.2 += 1;
        let (filled, steps) = (path.1, path.2);
        teller.tell(|| {
            let on = match scale {
                Scale::Explainer => "on Sudoku Explainer's scale: ",
                Scale::Hodoku => "on HoDoKu's scale: ",
                Scale::Lab => "",
            };
            format!(
                "{on}{filled} of {cells} cells filled in {steps} steps (latest: {})",
                step.technique.name()
            )
        });
    })
}

/// [`tools::generate`], telling the page how many puzzles were drawn that missed the level.
pub fn generate(
    request: &GenerateRequest,
    now: &dyn Fn() -> f64,
    reply: &mut dyn FnMut(SolverReply),
) -> SolverReply {
    let teller = RefCell::new(Teller::new(now, reply));
    let drawn = std::cell::Cell::new(0usize);
    let level = request.level.clone().unwrap_or_default();
    tools::generate(request, now, &|| {
        drawn.set(drawn.get() + 1);
        teller.borrow_mut().tell(|| {
            let n = drawn.get();
            format!(
                "{n} puzzle{} drawn, none {level} yet",
                if n == 1 { "" } else { "s" }
            )
        });
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// The words of progress told, each checked to be one.
    fn progress_lines(told: Vec<SolverReply>) -> Vec<String> {
        told.into_iter()
            .map(|r| match r {
                SolverReply::Working(line) => line,
                other => panic!("progress only, not {other:?}"),
            })
            .collect()
    }

    /// A clock that moves `step` milliseconds each time it is read.
    fn clock(step: f64) -> impl Fn() -> f64 {
        let t = Cell::new(0.0);
        move || {
            t.set(t.get() + step);
            t.get()
        }
    }

    /// A rating long enough (on the clock) tells the page its cells and latest technique, with
    /// counts that only grow, and still ends with the same answer as without progress.
    #[test]
    fn a_long_rating_tells_its_cells_filled_as_it_goes() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let now = clock(150.0);
        let mut told = Vec::new();
        let answer = analyse(&puzzle, &now, &mut |r| told.push(r));
        let plain = tools::analyse(&puzzle, &mut |_, _| {});
        assert_eq!(format!("{answer:?}"), format!("{plain:?}"));
        let lines = progress_lines(told);
        assert!(lines.len() > 3, "{lines:?}");
        let filled = |line: &str| -> usize { line.split(' ').next().unwrap().parse().unwrap() };
        let lab: Vec<usize> = lines
            .iter()
            .filter(|l| !l.starts_with("on "))
            .map(|l| filled(l))
            .collect();
        assert!(lab.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
        assert!(lab.iter().all(|&f| (17..=81).contains(&f)), "{lines:?}");
        assert!(lines[0].contains(" of 81 cells filled in "), "{}", lines[0]);
        assert!(lines[0].ends_with(" s so far"), "{}", lines[0]);
        // HoDoKu's path, followed last, tells its progress too.
        assert!(
            lines.iter().any(|l| l.starts_with("on HoDoKu's scale: ")),
            "{lines:?}"
        );
    }

    /// A quick answer says nothing before it ends.
    #[test]
    fn a_quick_rating_tells_nothing() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let now = clock(0.001);
        let mut told = 0;
        analyse(&puzzle, &now, &mut |_| told += 1);
        assert_eq!(told, 0);
    }

    /// The generator at a level tells how many puzzles missed it.
    #[test]
    fn generating_at_a_level_tells_the_puzzles_drawn() {
        let request = GenerateRequest {
            size: 9,
            level: Some("expert".into()),
            symmetry: "none".into(),
            seed: 4,
        };
        let now = clock(500.0);
        let mut told = Vec::new();
        let answer = generate(&request, &now, &mut |r| told.push(r));
        assert!(matches!(
            answer,
            SolverReply::Generated(_) | SolverReply::Failed(_)
        ));
        let lines = progress_lines(told);
        assert!(
            lines[0].starts_with("1 puzzle drawn, none expert yet, "),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("2 puzzles drawn, "), "{lines:?}");
    }
}
