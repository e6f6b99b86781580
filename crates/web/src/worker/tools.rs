//! The worker's answers about the puzzle itself, not a run: the human-style solver's next step
//! (Hint), its rating and steps in words (Analyse), and a new puzzle from the generator.

use sudoku_core::generate::{generate_seeded, Minimality, Settings};
use sudoku_core::logic::{
    describe, explainer_after_heard, hodoku_of, hodoku_path_heard, rating_and_ending,
    solve_path_heard, Ended, Level, Rating, Scale, Step, Technique, ALL_TECHNIQUES, HODOKU_ORDER,
};
use sudoku_core::Grid;

use crate::protocol::{Analysis, GenerateRequest, Hint, SolverReply};

/// Where the techniques of a build without every technique stop on a puzzle with one solution,
/// the request goes to the full worker (on one with several, nothing would go further).
fn needs_forcing_chains(puzzle: &Grid) -> bool {
    !ALL_TECHNIQUES && sudoku_core::exact::count_solutions(puzzle, 2).is_unique()
}

/// Whether a step may differ from the full build's: this build lacks techniques tried before
/// it (see `Technique::FIRST_LEFT_OUT`), so the full worker answers.
fn past_this_build(technique: Technique) -> bool {
    !ALL_TECHNIQUES && !technique.before_left_out()
}

/// Whether a step of HoDoKu's path may differ from the full build's, in a build with every
/// technique or not (`all`). HoDoKu's path takes the first technique in its order that applies;
/// a step before the first technique this build leaves out had every technique before it tried,
/// as in the full build. From there on, a left-out technique that would have applied finds
/// nothing, and the path may part from HoDoKu's.
fn past_this_build_on_hodokus_path(technique: Technique, all: bool) -> bool {
    if all {
        return false;
    }
    let first_left_out = HODOKU_ORDER.iter().position(|t| !t.before_left_out());
    let at = HODOKU_ORDER.iter().position(|&t| t == technique);
    match (at, first_left_out) {
        (Some(at), Some(first)) => at >= first,
        (Some(_), None) => false,
        (None, _) => true,
    }
}

/// The generator gives up after this long (a level or symmetry the size rarely reaches).
pub const GENERATE_MILLIS: f64 = 30_000.0;

/// The human-style solver's next step on `puzzle`, or why there is none.
pub fn hint(puzzle: &Grid) -> SolverReply {
    use sudoku_core::logic::{describe, Board};
    let geometry = sudoku_core::Geometry::new(puzzle.size());
    let Ok(board) = Board::with_uniqueness(puzzle, &geometry) else {
        return SolverReply::Failed("no hint: the givens leave a cell or a digit no place".into());
    };
    if board.is_solved() {
        return SolverReply::Failed("no hint: the grid is full".into());
    }
    match board.next_step(&geometry) {
        Some(step) if past_this_build(step.technique) => SolverReply::NeedsFullWorker,
        Some(step) => {
            let mut changes: Vec<u16> = step
                .placements
                .iter()
                .map(|&(c, _)| c as u16)
                .chain(step.eliminations.iter().map(|&(c, _)| c as u16))
                .collect();
            changes.dedup();
            SolverReply::Hint(Hint {
                technique: step.technique.id().to_string(),
                text: describe(puzzle.size(), &step),
                pattern: step.pattern.iter().map(|&c| c as u16).collect(),
                changes,
            })
        }
        None if needs_forcing_chains(puzzle) => {
            SolverReply::NeedsFullWorker
        }
        None => SolverReply::Failed(
            "no hint: none of the techniques applies here; the next step needs a guess (run `logic` to see it)"
                .into(),
        ),
    }
}

/// The puzzle's rating (as `sudoku rate` gives it) and the human-style solver's steps in words
/// (as `sudoku explain` gives them); `heard` hears each step of the paths followed, the lab's,
/// Sudoku Explainer's where it differs, and HoDoKu's.
pub fn analyse(puzzle: &Grid, heard: &mut dyn FnMut(Scale, &Step)) -> SolverReply {
    if !puzzle.conflicts().is_empty() {
        return SolverReply::Failed("the givens clash: nothing to rate".into());
    }
    let (steps, rating) = solve_path_heard(puzzle, Scale::Lab, &mut |s| heard(Scale::Lab, s));
    if matches!(rating, Rating::Stuck { .. }) && needs_forcing_chains(puzzle)
        || steps.iter().any(|s| past_this_build(s.technique))
    {
        return SolverReply::NeedsFullWorker;
    }
    let solved = matches!(rating, Rating::Solved { .. });
    let explainer = solved
        .then(|| explainer_after_heard(puzzle, &steps, &mut |s| heard(Scale::Explainer, s)))
        .flatten()
        .map(|se| se.numbers());
    // Solved by logic, the puzzle has one solution: HoDoKu's path may use uniqueness.
    let hodoku = match solved.then(|| hodoku_path_heard(puzzle, &mut |s| heard(Scale::Hodoku, s))) {
        Some((path, _))
            if path
                .iter()
                .any(|s| past_this_build_on_hodokus_path(s.technique, ALL_TECHNIQUES)) =>
        {
            return SolverReply::NeedsFullWorker
        }
        Some((path, Ended::Solved)) => hodoku_of(&path).map(|h| h.line()),
        _ => None,
    };
    let (rating, ending) = rating_and_ending(puzzle, &rating);
    SolverReply::Analysis(Analysis {
        rating,
        explainer,
        hodoku,
        steps: steps.iter().map(|s| describe(puzzle.size(), s)).collect(),
        ending,
    })
}

/// A puzzle from the generator (unique, minimal under its symmetry, at its level), or why not;
/// `missed` hears of each puzzle drawn that was not at the level.
pub fn generate(
    request: &GenerateRequest,
    now: &dyn Fn() -> f64,
    missed: &dyn Fn(),
) -> SolverReply {
    let mut settings =
        match Settings::parse(request.size, request.level.as_deref(), &request.symmetry) {
            Ok(settings) => settings,
            Err(e) => return SolverReply::Failed(e.to_string()),
        };
    // A level from hard up is met by ratings this build may give otherwise (it lacks techniques
    // the full one tries first): the full worker draws the same puzzle as `sudoku generate`.
    if !ALL_TECHNIQUES && settings.level >= Some(Level::Hard) {
        return SolverReply::NeedsFullWorker;
    }
    // The page waits GENERATE_MILLIS for a puzzle; an exact-minimal 25×25 one takes about a
    // minute of one core natively, so the page's are minimal for the techniques' test.
    settings.minimality = Minimality::Logic;
    let started = now();
    // Asked once after each puzzle drawn that missed the level.
    let expired = || {
        missed();
        now() - started > GENERATE_MILLIS
    };
    match generate_seeded(&settings, (request.seed, 0), &expired) {
        Some(puzzle) => SolverReply::Generated(puzzle),
        None => SolverReply::Failed(format!(
            "no such puzzle found in {} s: try another seed, level or symmetry",
            GENERATE_MILLIS as u32 / 1000
        )),
    }
}

/// Every problem of a lesson file: what reading it finds, then what playing its runs finds.
pub fn check_lesson(text: &str) -> SolverReply {
    match crate::model::lesson::read(text) {
        Err(problems) => SolverReply::LessonChecked(problems),
        Ok(lesson) => SolverReply::LessonChecked(crate::model::lesson::play(&lesson).1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pasted lesson is played in the worker: a step that says the run's next cell wrongly is
    /// named, a right one passes, and a file that is not a lesson says why.
    #[test]
    fn a_lesson_is_checked_against_its_runs() {
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let lesson = |answer: &str| {
            format!(
                "title = \"T\"\naudience = \"a\"\nsummary = \"s\"\n[[steps]]\nlab = \"puzzle={hard}&algorithm=fc-mrv&seed=1&step=3&run=1\"\ntext = \"Next?\"\nquestion = {{ ask = \"Which cell?\", answer = \"{answer}\", check = \"next-cell\" }}\n"
            )
        };
        let checked = |text: &str| match check_lesson(text) {
            SolverReply::LessonChecked(problems) => problems,
            other => panic!("{other:?}"),
        };
        let wrong = checked(&lesson("r9c9"));
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert!(
            wrong[0].starts_with("step 1: ") && wrong[0].contains("the next cell the run fills is")
        );
        let right = wrong[0]
            .split("the next cell the run fills is ")
            .nth(1)
            .unwrap();
        let right: String = right.chars().take_while(|c| c.is_alphanumeric()).collect();
        assert_eq!(checked(&lesson(&right)), Vec::<String>::new());
        assert!(checked("title = 3")
            .iter()
            .any(|p| p.contains("not a lesson")));
    }
    use sudoku_core::generate::Symmetry;
    use sudoku_core::logic::rating_line;
    use sudoku_core::Size;

    #[test]
    fn hints_give_the_next_step_in_words_or_say_why_not() {
        let easy: Grid =
            ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
                .parse()
                .unwrap();
        let SolverReply::Hint(h) = hint(&easy) else {
            panic!("no hint")
        };
        assert!(
            h.text.contains("single") || h.text.contains("full house"),
            "{h:?}"
        );
        assert!(!h.changes.is_empty() && !h.pattern.is_empty());
        let full = Grid::parse(
            "845632179732918654196745328683574912457291836219863547361429785574186293928357461",
        )
        .unwrap();
        assert!(matches!(hint(&full), SolverReply::Failed(m) if m.contains("full")));
        let escargot: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        // Its first steps exist; the message names the technique either way.
        assert!(matches!(
            hint(&escargot),
            SolverReply::Hint(_) | SolverReply::Failed(_)
        ));
    }

    #[test]
    fn analysis_rates_and_explains_as_the_cli_does() {
        let easy: Grid =
            ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
                .parse()
                .unwrap();
        let SolverReply::Analysis(a) = analyse(&easy, &mut |_, _| {}) else {
            panic!("no analysis")
        };
        assert_eq!(a.rating, rating_line(&easy));
        assert!(a.rating.starts_with("easy "), "{}", a.rating);
        assert!(a.ending.starts_with("solved in"), "{}", a.ending);
        assert_eq!(
            a.steps.len(),
            easy.values().iter().filter(|&&v| v == 0).count()
        );
        let empty = Grid::empty(Size::NINE);
        let SolverReply::Analysis(a) = analyse(&empty, &mut |_, _| {}) else {
            panic!("no analysis")
        };
        assert_eq!(a.rating, "not unique");
        assert_eq!(
            a.explainer, None,
            "no SE numbers for a puzzle that is not rated"
        );
        // Sudoku Explainer rates it 2.6/1.5/1.5 (tests/data/serate.tsv).
        let pointing: Grid =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
                .parse()
                .unwrap();
        let SolverReply::Analysis(a) = analyse(&pointing, &mut |_, _| {}) else {
            panic!("no analysis")
        };
        assert_eq!(a.explainer.as_deref(), Some("2.6/1.5/1.5"));
        // hodoku-py rates it medium, 916 (tests/data/hodoku.tsv); the line is the CLI's.
        assert_eq!(a.hodoku.as_deref(), Some("medium 916 locked-triple"));
        assert_eq!(
            a.hodoku,
            sudoku_core::logic::hodoku_unique(&pointing).map(|h| h.line())
        );
    }

    /// In a build without every technique, HoDoKu's path is trusted up to the first technique
    /// in HoDoKu's order that the build leaves out; from there the full worker answers.
    #[test]
    fn hodokus_path_goes_to_the_full_worker_from_the_first_left_out_technique() {
        let first = HODOKU_ORDER
            .iter()
            .position(|t| !t.before_left_out())
            .expect("the first-load worker leaves techniques out");
        for (k, &technique) in HODOKU_ORDER.iter().enumerate() {
            assert!(!past_this_build_on_hodokus_path(technique, true));
            assert_eq!(
                past_this_build_on_hodokus_path(technique, false),
                k >= first,
                "{technique:?}"
            );
        }
        assert!(!past_this_build_on_hodokus_path(
            Technique::NakedSingle,
            false
        ));
    }

    #[test]
    fn generated_puzzles_are_unique_at_their_level_and_bad_requests_are_said() {
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        for (size, level, symmetry) in [
            (9, Some("hard"), "180"),
            (4, None, "90"),
            (16, None, "none"),
        ] {
            let request = GenerateRequest {
                size,
                level: level.map(String::from),
                symmetry: symmetry.into(),
                seed: 3,
            };
            let SolverReply::Generated(puzzle) = generate(&request, &now, &|| {}) else {
                panic!("{size} {level:?} {symmetry}: nothing generated")
            };
            assert_eq!(puzzle.size().n(), size);
            assert!(sudoku_core::generate::is_unique(&puzzle));
            assert!(Symmetry::from_id(symmetry).unwrap().holds(&puzzle));
            if let Some(level) = level {
                assert!(rating_line(&puzzle).starts_with(level));
            }
            // The same request, the same puzzle.
            assert!(
                matches!(generate(&request, &now, &|| {}), SolverReply::Generated(again) if again == puzzle)
            );
        }
        for (size, level, symmetry, says) in [
            (10, None, "none", "4, 9, 16 or 25"),
            (4, Some("hard"), "none", "never need more than singles"),
            (9, Some("master"), "none", "no level 'master'"),
            (9, None, "spiral", "no symmetry 'spiral'"),
        ] {
            let request = GenerateRequest {
                size,
                level: level.map(String::from),
                symmetry: symmetry.into(),
                seed: 1,
            };
            assert!(
                matches!(generate(&request, &now, &|| {}), SolverReply::Failed(m) if m.contains(says)),
                "{says}"
            );
        }
    }
}
