//! The links the lab page gives: the share link of its state (with the run's position and
//! stretch), the iframe a teaching page pastes, and the compare page with what the current
//! configuration is best set beside.

use std::collections::BTreeMap;

use sudoku_core::Algorithm;

use super::super::query::{self, CompareEntry, Query};
use super::{default_params, Lab};

impl Lab {
    /// The URL state of the page, for the share link.
    /// A run (not cancelled) is carried with its playback position: the link opens the same
    /// run at the same event, paused.
    pub fn share_query(&self) -> Query {
        let run = self.run.as_ref().filter(|r| !r.cancelled);
        let step = run.map(|r| r.timeline.cursor());
        let trace_url = run.and_then(|r| r.trace_url.clone());
        Query {
            run: run.is_some() && trace_url.is_none(),
            trace_url,
            puzzle: Some(Query::puzzle_line(&self.puzzle)),
            algorithm: Some(self.algorithm),
            seed: self.seed.trim().parse().ok(),
            params: super::super::param_map(
                self.params.iter().map(|(k, v)| (*k, v.trim().to_string())),
            ),
            view: Some(self.view),
            step,
            speed: self.speed_chosen.then_some(self.speed),
            from: (self.play_from > 0).then_some(self.play_from),
            to: self.play_to,
            looping: self.looping,
            controls: (!self.controls).then_some(false),
            embed: self.embed,
            ..Query::default()
        }
    }

    /// The HTML a teaching page pastes to show this run as the lab shows it: the compact page,
    /// running at once, playing the lab's stretch (looping if it does), with or without the
    /// player's controls; `base` is the lab's address.
    pub fn embed_snippet(&self, base: &str) -> String {
        let query = Query {
            embed: true,
            run: true,
            step: None,
            controls: (!self.embed_controls).then_some(false),
            ..self.share_query()
        };
        query::iframe(
            &format!("{base}{}", query.to_search()),
            &format!("Sudoku Lab: {}", self.algorithm.name()),
        )
    }

    /// The compare page with the current configuration and what it is best set beside: a
    /// heuristic with two more seeds (its runs differ by seed), an exact solver with plain
    /// backtracking (what its reasoning saves), backtracking with forward checking and MRV.
    pub fn compare_query(&self) -> Query {
        let defaults = default_params(self.algorithm);
        let seed: u64 = self.seed.trim().parse().unwrap_or(1);
        let current = CompareEntry {
            algorithm: self.algorithm,
            params: super::super::param_map(
                self.params
                    .iter()
                    .filter(|(k, v)| defaults.get(*k).map(|d| d.trim()) != Some(v.trim()))
                    .map(|(k, v)| (*k, v.trim().to_string())),
            ),
            seed: None,
        };
        let mut compare = vec![current.clone()];
        match self.algorithm {
            a if a.family() == sudoku_core::Family::Heuristic => {
                for more in 1..3 {
                    compare.push(CompareEntry {
                        seed: Some(seed.wrapping_add(more)),
                        ..current.clone()
                    });
                }
            }
            Algorithm::Backtracking => compare.push(CompareEntry {
                algorithm: Algorithm::FcMrv,
                params: BTreeMap::new(),
                seed: None,
            }),
            _ => compare.push(CompareEntry {
                algorithm: Algorithm::Backtracking,
                params: BTreeMap::new(),
                seed: None,
            }),
        }
        Query {
            puzzle: Some(Query::puzzle_line(&self.puzzle)),
            seed: Some(seed),
            compare,
            ..Query::default()
        }
    }
}
