//! Messages round-trip as the workers and the page write and read them; requests go to the
//! worker that answers them.

use super::*;

#[test]
fn each_worker_reads_its_own_requests_and_the_page_reads_their_replies() {
    let run = SolverRequest::Run(RunRequest {
        algorithm: sudoku_core::Algorithm::Dlx,
        params: Params::default(),
        puzzle: Grid::empty(sudoku_core::Size::FOUR),
        seed: 1,
    });
    let plan = ExperimentRequest::Plan(PlanRequest {
        setup: ExperimentSetup {
            experiment: "tabu".into(),
            seed: 1,
            runs: None,
            budget: Some(5),
            pasted: None,
        },
        progress: Progress::default(),
    });
    let run_text = serde_json::to_string(&run).unwrap();
    let plan_text = serde_json::to_string(&plan).unwrap();
    assert_eq!(
        serde_json::from_str::<SolverRequest>(&run_text).unwrap(),
        run
    );
    assert!(serde_json::from_str::<SolverRequest>(&plan_text).is_err());
    assert_eq!(
        serde_json::from_str::<ExperimentRequest>(&plan_text).unwrap(),
        plan
    );
    assert!(serde_json::from_str::<ExperimentRequest>(&run_text).is_err());
    let done = SolverReply::Done(RunSummary {
        outcome: Outcome {
            status: Status::NoSolution,
            grid: Grid::empty(sudoku_core::Size::FOUR),
            stats: Default::default(),
        },
        verified: None,
        solutions: None,
        elapsed_ms: 1.5,
        kept_events: 3,
        dropped_events: 0,
    });
    let text = serde_json::to_string(&done).unwrap();
    assert!(matches!(read_solver_reply(&text), Some(SolverReply::Done(s)) if s.kept_events == 3));
    assert!(read_experiment_reply(&text).is_none());
    let measured = ExperimentReply::Measured {
        measures: vec![vec![1.0, 2.5]],
        elapsed_ms: 4.0,
    };
    let text = serde_json::to_string(&measured).unwrap();
    assert!(matches!(
        read_experiment_reply(&text),
        Some(ExperimentReply::Measured { measures, .. }) if measures == [vec![1.0, 2.5]]
    ));
    assert!(read_solver_reply(&text).is_none());
    // Events cross as words only: a batch is never JSON, and words read back as the batch.
    assert!(serde_json::to_string(&SolverReply::Events(Vec::new())).is_err());
    let events = vec![sudoku_core::Event::Backtrack { depth: 2 }];
    assert!(matches!(
        read_solver_words(&encode_events(&events)),
        Some(SolverReply::Events(read)) if read == events
    ));
    assert!(read_experiment_words(&encode_events(&events)).is_none());
}

#[test]
fn requests_with_impossible_grids_are_refused_when_read() {
    let good = RunRequest {
        algorithm: sudoku_core::Algorithm::Dlx,
        params: Params::default(),
        puzzle: Grid::empty(sudoku_core::Size::FOUR),
        seed: 1,
    };
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(serde_json::from_str::<RunRequest>(&text).unwrap(), good);
    for (from, to, why) in [
        (r#""box_side":2"#, r#""box_side":7"#, "boxes of side 7"),
        (
            r#""values":[0,"#,
            r#""values":[9,"#,
            "9 is no value of a 4×4 grid",
        ),
        (
            r#""values":[0,"#,
            r#""values":["#,
            "a 4×4 grid has 16 cells",
        ),
        (
            r#""given":[false,"#,
            r#""given":[true,"#,
            "marked given but empty",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let error = serde_json::from_str::<RunRequest>(&bad)
            .unwrap_err()
            .to_string();
        assert!(error.contains(why), "{why}: {error}");
    }
}

/// The lab's worker answers everything but `ilp` runs, Generate and large grids; only those
/// move the page to the full worker.
#[test]
fn only_ilp_runs_generate_and_large_grids_need_the_full_worker() {
    let run_on = |algorithm: &str, size| {
        SolverRequest::Run(RunRequest {
            algorithm: sudoku_core::Algorithm::from_id(algorithm).unwrap(),
            params: Params::default(),
            puzzle: Grid::empty(size),
            seed: 0,
        })
    };
    let run = |algorithm: &str| run_on(algorithm, sudoku_core::Size::FOUR);
    // 16×16 and 25×25 go to the worker built for speed, whatever the request.
    for size in [sudoku_core::Size::SIXTEEN, sudoku_core::Size::TWENTY_FIVE] {
        assert!(run_on("propagation", size).needs_full_worker());
        assert!(run_on("genetic", size).needs_full_worker());
        assert!(SolverRequest::Analyse(Grid::empty(size)).needs_full_worker());
        assert!(SolverRequest::Hint(Grid::empty(size)).needs_full_worker());
    }
    assert!(!run_on("propagation", sudoku_core::Size::NINE).needs_full_worker());
    // The tests build the core with every feature (the CLI's): `ilp` counts as missing
    // only in the lab's worker, where `available()` is false.
    assert_eq!(
        run("ilp").needs_full_worker(),
        !sudoku_core::Algorithm::Ilp.available()
    );
    assert!(!run("propagation").needs_full_worker());
    assert!(!run("cp").needs_full_worker());
    assert!(!SolverRequest::Hint(Grid::empty(sudoku_core::Size::FOUR)).needs_full_worker());
    assert!(!SolverRequest::Analyse(Grid::empty(sudoku_core::Size::FOUR)).needs_full_worker());
    assert!(SolverRequest::Generate(GenerateRequest {
        size: 9,
        level: None,
        symmetry: "none".into(),
        seed: 1,
    })
    .needs_full_worker());
}

#[test]
fn a_study_summary_with_empty_measures_crosses_as_json() {
    use sudoku_core::study::{Comparison, Summary};
    let summary = Summary {
        rows: Vec::new(),
        comparisons: vec![Comparison {
            group: "easy".into(),
            a: "dlx".into(),
            b: "coloring-bfs".into(),
            pairs: 2,
            a_solved: 2,
            b_solved: 0,
            a_only: 2,
            b_only: 0,
            p_success: 0.5,
            p_success_holm: 0.5,
            both_solved: 0,
            a_evaluations: f64::NAN,
            b_evaluations: f64::NAN,
            p_evaluations: f64::NAN,
            p_evaluations_holm: f64::NAN,
            a_time_ms: f64::NAN,
            b_time_ms: f64::NAN,
            p_time: 1.0,
            p_time_holm: 1.0,
            coarse_clock: true,
        }],
    };
    let text =
        serde_json::to_string(&ExperimentReply::StudySummary(Box::new(summary.clone()))).unwrap();
    let Some(ExperimentReply::StudySummary(back)) = read_experiment_reply(&text) else {
        panic!("{text}")
    };
    assert_eq!(back.comparisons_csv(), summary.comparisons_csv());
    assert!(back.comparisons[0].a_time_ms.is_nan());
    assert!(back.comparisons[0].p_evaluations_holm.is_nan());
    assert!(back.comparisons[0].coarse_clock);
}
