//! `lesson_check FILE…` (`./dev lesson FILE…`): reads each lesson file, checks it, plays every
//! step natively as the page would, and prints what each step shows (its event, pseudo-code
//! line, current and next cell, outcome) or every mistake, with its step. Exits 1 on a mistake.

use sudoku_core::{cell_name, Size};
use sudoku_web::model::lesson::{play, read, StepState};
use sudoku_web::model::query::Page;

fn describe(state: &StepState) -> String {
    let size = Size::from_cell_count(state.values.len()).unwrap_or(Size::NINE);
    let cell = |c: Option<usize>| c.map(|c| cell_name(size, c)).unwrap_or_else(|| "–".into());
    format!(
        "event {} / {}, line {}, cell {}, next cell filled {} (event {}), outcome {}\n    now: {}\n    next: {}",
        state.cursor,
        state.events,
        state.line.map(|l| l.to_string()).unwrap_or_else(|| "–".into()),
        cell(state.cell),
        cell(state.next_cell),
        state.next_fill_event.map(|e| e.to_string()).unwrap_or_else(|| "–".into()),
        state.outcome.unwrap_or("–"),
        state.narration,
        state.next_narration,
    )
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: lesson_check FILE…");
        std::process::exit(2);
    }
    let mut failed = false;
    for file in files {
        let text = match std::fs::read(&file) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("{file}: {e}");
                failed = true;
                continue;
            }
        };
        let lesson = match read(&text) {
            Ok(lesson) => lesson,
            Err(problems) => {
                for p in problems {
                    eprintln!("{file}: {p}");
                }
                failed = true;
                continue;
            }
        };
        let (states, problems) = play(&lesson);
        println!("{file}: {} ({} steps)", lesson.title, lesson.steps.len());
        for (k, state) in states.iter().enumerate() {
            match state {
                Some(state) => println!("  step {}: {}", k + 1, describe(state)),
                None => match lesson.steps[k].page() {
                    Page::Lab => println!("  step {}: no run in the lab", k + 1),
                    page => println!("  step {}: the {} page", k + 1, page.id()),
                },
            }
        }
        for p in &problems {
            eprintln!("{file}: {p}");
        }
        failed |= !problems.is_empty();
    }
    std::process::exit(i32::from(failed));
}
