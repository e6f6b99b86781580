//! The moments of a run worth finding again: its guesses, backtracks, restarts, new best costs
//! and generations. The page marks them on its timeline and steps from one to the next; an
//! exported video can name them as chapters. Written once here so every player marks the same.

use sudoku_core::Event;

/// What happened at a marked moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A search decision (a new decision level).
    Guess,
    /// A return to the state before a guess.
    Backtrack,
    /// A genetic algorithm's new generation (without a better best).
    Generation,
    /// A restart: a failed construction, clause learning's restart, a portfolio's handover.
    Restart,
    /// The best cost so far improved (a local search's iteration or temperature step, a
    /// generation's best fitness).
    Best,
}

impl Mark {
    /// Every kind, from the least to the most telling: where two share a pixel, the later is
    /// drawn.
    pub const ALL: [Mark; 5] = [
        Mark::Guess,
        Mark::Backtrack,
        Mark::Generation,
        Mark::Restart,
        Mark::Best,
    ];

    /// Its name in the page's legend and its CSS class.
    pub fn id(self) -> &'static str {
        match self {
            Mark::Guess => "guess",
            Mark::Backtrack => "backtrack",
            Mark::Generation => "generation",
            Mark::Restart => "restart",
            Mark::Best => "new best",
        }
    }
}

/// Reads a run's events in order and says which are marked. It keeps the best cost seen, since
/// a new best is known only against the ones before it.
#[derive(Clone, Debug, Default)]
pub struct MarkFinder {
    /// The best cost so far (lower is better), or the best fitness (higher is better).
    best_cost: Option<u32>,
    best_fitness: Option<f32>,
}

impl MarkFinder {
    /// The mark of the next event, if it has one.
    pub fn see(&mut self, event: &Event) -> Option<Mark> {
        match *event {
            Event::Guess { .. } => Some(Mark::Guess),
            Event::Backtrack { .. } => Some(Mark::Backtrack),
            Event::Restart { .. } | Event::SearchRestart { .. } | Event::Handover { .. } => {
                Some(Mark::Restart)
            }
            Event::Iteration { best, .. } | Event::Temperature { best, .. } => {
                let improved = self.best_cost.is_none_or(|b| best < b);
                self.best_cost = Some(self.best_cost.map_or(best, |b| b.min(best)));
                improved.then_some(Mark::Best)
            }
            Event::Generation { best, .. } => {
                let improved = self.best_fitness.is_none_or(|b| best > b);
                if improved {
                    self.best_fitness = Some(best);
                }
                Some(if improved {
                    Mark::Best
                } else {
                    Mark::Generation
                })
            }
            _ => None,
        }
    }
}

/// The marks of a whole run: (events applied once the marked event is, its mark), in order.
pub fn marks(events: &[Event]) -> Vec<(usize, Mark)> {
    let mut finder = MarkFinder::default();
    events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| Some((i + 1, finder.see(e)?)))
        .collect()
}

/// The marks drawn on a strip of `columns` columns standing for `len` events: in each column
/// the most telling mark of the events it covers, so a run of a million events still shows
/// where its restarts and new bests are.
pub fn strip(marks: &[(usize, Mark)], len: usize, columns: usize) -> Vec<(usize, Mark)> {
    let mut out: Vec<(usize, Mark)> = Vec::new();
    if len == 0 || columns == 0 {
        return out;
    }
    for &(at, mark) in marks {
        let column = ((at.saturating_sub(1)) * columns / len).min(columns - 1);
        match out.last_mut() {
            Some((c, m)) if *c == column => *m = (*m).max(mark),
            _ => out.push((column, mark)),
        }
    }
    out
}

/// The strip as SVG path data, one path per kind of mark present (in [`Mark::ALL`]'s order):
/// a unit square at each column the kind wins, on a `columns` × 1 view box.
pub fn strip_paths(marks: &[(usize, Mark)], len: usize, columns: usize) -> Vec<(Mark, String)> {
    let strip = strip(marks, len, columns);
    Mark::ALL
        .into_iter()
        .map(|kind| {
            let mut d = String::new();
            for (column, _) in strip.iter().filter(|(_, m)| *m == kind) {
                d += &format!("M{column} 0h1v1h-1z");
            }
            (kind, d)
        })
        .filter(|(_, d)| !d.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_marks_its_guesses_and_backtracks() {
        let events = [
            Event::Guess {
                cell: 3,
                value: 1,
                depth: 1,
            },
            Event::Eliminate {
                cell: 4,
                value: 1,
                reason: sudoku_core::Reason::peer(3),
            },
            Event::Backtrack { depth: 1 },
            Event::Guess {
                cell: 3,
                value: 2,
                depth: 1,
            },
        ];
        assert_eq!(
            marks(&events),
            vec![(1, Mark::Guess), (3, Mark::Backtrack), (4, Mark::Guess)]
        );
    }

    #[test]
    fn only_a_better_best_is_marked() {
        let iteration = |iteration, best| Event::Iteration {
            iteration,
            cost: best + 1,
            best,
        };
        let events = [
            iteration(1, 9),
            iteration(2, 9),
            iteration(3, 4),
            iteration(4, 6),
        ];
        assert_eq!(marks(&events), vec![(1, Mark::Best), (3, Mark::Best)]);
        let generation = |generation, best| Event::Generation {
            generation,
            best,
            mean: 0.0,
            worst: 0.0,
        };
        // Fitness: higher is better; a generation without a better best is still a generation.
        let events = [generation(1, 0.5), generation(2, 0.5), generation(3, 0.7)];
        assert_eq!(
            marks(&events),
            vec![(1, Mark::Best), (2, Mark::Generation), (3, Mark::Best)]
        );
    }

    #[test]
    fn a_strip_keeps_the_most_telling_mark_of_each_column() {
        let marks = [
            (1, Mark::Guess),
            (2, Mark::Restart),
            (3, Mark::Guess),
            (10, Mark::Backtrack),
        ];
        // Ten events on two columns: events 1–5 and 6–10.
        assert_eq!(
            strip(&marks, 10, 2),
            vec![(0, Mark::Restart), (1, Mark::Backtrack)]
        );
        assert!(strip(&marks, 0, 2).is_empty());
        // More columns than events: each event its own column.
        assert_eq!(strip(&marks, 10, 100)[3], (90, Mark::Backtrack));
        assert_eq!(
            strip_paths(&marks, 10, 4),
            vec![
                (Mark::Backtrack, "M3 0h1v1h-1z".to_string()),
                (Mark::Restart, "M0 0h1v1h-1z".to_string())
            ]
        );
    }
}
