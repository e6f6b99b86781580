//! The worker's side of an experiment, kept free of browser types so it is tested natively. The
//! worker keeps no state: each request carries the experiment's setup, from which the context
//! (instances and settings) is rebuilt, which costs microseconds beside a chunk of runs.

use sudoku_core::experiment::{pasted_instances, Context, Experiment, Settings};

use crate::protocol::{
    ExperimentReply, ExperimentRequest, ExperimentSetup, JobsRequest, PlanReply, PlanRequest,
};

/// Jobs one experiment may run in the page: its progress crosses to a worker with every plan
/// request, so it must stay a few megabytes at most.
pub const MAX_JOBS: usize = 200_000;

/// Largest pasted instance list read (the reader's own limits apply line by line).
pub const MAX_PASTED_BYTES: usize = 4 << 20;

/// Pasted lines that are not puzzles, named in a reply at most (the rest are counted).
pub const MAX_INVALID_LISTED: usize = 50;

/// The experiment, its context, and the pasted lines that are not puzzles.
pub fn context(setup: &ExperimentSetup) -> Result<(Experiment, Context, Vec<String>), String> {
    let experiment = Experiment::from_id(&setup.experiment).ok_or_else(|| {
        sudoku_core::words::unknown(
            "experiment",
            &setup.experiment,
            &Experiment::ALL.map(Experiment::id),
        )
    })?;
    let (instances, mut invalid) = match &setup.pasted {
        None => (None, Vec::new()),
        Some(text) if text.len() > MAX_PASTED_BYTES => {
            return Err(format!(
                "the pasted instances are {} bytes; at most {MAX_PASTED_BYTES} are read",
                text.len()
            ))
        }
        Some(text) => {
            let (instances, invalid) = pasted_instances(text.as_bytes());
            if instances.is_empty() {
                let first = invalid
                    .first()
                    .cloned()
                    .unwrap_or_else(|| "nothing pasted".into());
                return Err(format!("no puzzle among the pasted lines ({first})"));
            }
            (Some(instances), invalid)
        }
    };
    if invalid.len() > MAX_INVALID_LISTED {
        let more = invalid.len() - MAX_INVALID_LISTED;
        invalid.truncate(MAX_INVALID_LISTED);
        invalid.push(format!("… and {more} more invalid lines"));
    }
    let settings = Settings {
        seed: setup.seed,
        runs: setup.runs,
        budget: setup.budget,
        instances,
    };
    Ok((experiment, Context::new(experiment, &settings), invalid))
}

/// The next jobs (once every issued job has finished) and the report of the finished ones.
pub fn plan(request: &PlanRequest) -> Result<PlanReply, String> {
    let (experiment, context, invalid) = context(&request.setup)?;
    let progress = &request.progress;
    if progress.jobs.len() != progress.results.len() || progress.jobs.len() > MAX_JOBS {
        return Err("the page sent a progress the worker cannot read".into());
    }
    // Refused before any job is built.
    let planned = experiment.planned_jobs(&context, progress);
    if planned > MAX_JOBS {
        return Err(format!(
            "this experiment would run {planned} jobs; the page runs at most {MAX_JOBS}: choose fewer runs or instances (the CLI has no such limit)"
        ));
    }
    let next = if progress.is_complete() {
        experiment.next_jobs(&context, progress)
    } else {
        Vec::new()
    };
    let planned = planned.max(progress.jobs.len() + next.len());
    Ok(PlanReply {
        next,
        planned,
        report: experiment.report(&context, progress),
        instances: context.instances.len(),
        invalid,
    })
}

/// Runs a chunk of jobs; `now` reads milliseconds.
pub fn jobs(request: &JobsRequest, now: &dyn Fn() -> f64) -> ExperimentReply {
    let (experiment, context, _) = match context(&request.setup) {
        Ok(context) => context,
        Err(e) => return ExperimentReply::Failed(e),
    };
    let started = now();
    let seconds = || now() / 1e3;
    let mut measures = Vec::with_capacity(request.jobs.len());
    for job in &request.jobs {
        match experiment.run_job(&context, job, &seconds) {
            Ok(m) => measures.push(m),
            Err(e) => return ExperimentReply::Failed(e.to_string()),
        }
    }
    ExperimentReply::Measured {
        measures,
        elapsed_ms: now() - started,
    }
}

/// The answer to any request of the experiments' worker; `seconds` reads its clock.
pub fn answer(request: &ExperimentRequest, seconds: &dyn Fn() -> f64) -> ExperimentReply {
    match request {
        ExperimentRequest::Jobs(request) => jobs(request, &|| seconds() * 1e3),
        ExperimentRequest::Plan(request) => planned(request),
        ExperimentRequest::StudyMake(request) => super::study::make(request, seconds),
        ExperimentRequest::StudyJobs(request) => super::study::jobs(request, seconds),
        ExperimentRequest::StudySummary(request) => super::study::summary(request),
    }
}

/// Answers a plan request.
pub fn planned(request: &PlanRequest) -> ExperimentReply {
    match plan(request) {
        Ok(reply) => ExperimentReply::Planned(Box::new(reply)),
        Err(e) => ExperimentReply::Failed(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::experiment::{run, Progress};
    use sudoku_core::runs::Sequential;

    fn setup(experiment: &str, pasted: Option<&str>) -> ExperimentSetup {
        ExperimentSetup {
            experiment: experiment.into(),
            seed: 11,
            runs: Some(2),
            budget: Some(100),
            pasted: pasted.map(str::to_string),
        }
    }

    /// The page's loop, in order: plan, run every job in chunks, plan again until done.
    fn drive(setup: &ExperimentSetup) -> PlanReply {
        let mut progress = Progress::default();
        loop {
            let reply = plan(&PlanRequest {
                setup: setup.clone(),
                progress: progress.clone(),
            })
            .unwrap();
            if reply.next.is_empty() {
                return reply;
            }
            let range = progress.issue(reply.next.clone());
            for chunk in range.collect::<Vec<_>>().chunks(5) {
                let request = JobsRequest {
                    setup: setup.clone(),
                    jobs: chunk.iter().map(|&i| progress.jobs[i].clone()).collect(),
                };
                let ExperimentReply::Measured { measures, .. } = jobs(&request, &|| 0.0) else {
                    panic!("no measures")
                };
                assert_eq!(measures.len(), chunk.len());
                for (&i, m) in chunk.iter().zip(measures) {
                    progress.record(i, m);
                }
            }
        }
    }

    #[test]
    fn the_workers_loop_gives_the_clis_report() {
        for name in ["filtering", "tabu", "coloring"] {
            let setup = setup(name, Some(
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
                 not a puzzle\n\
                 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n",
            ));
            let reply = drive(&setup);
            let (experiment, context, invalid) = context(&setup).unwrap();
            assert_eq!(reply.instances, 2);
            assert_eq!(invalid.len(), 1);
            assert!(
                reply.invalid[0].starts_with("line 2: "),
                "{:?}",
                reply.invalid
            );
            assert_eq!(
                reply.report,
                run(experiment, &context.settings, &Sequential),
                "{name}"
            );
        }
    }

    #[test]
    fn bad_setups_and_jobs_get_messages() {
        let unknown = plan(&PlanRequest {
            setup: setup("alchemy", None),
            progress: Progress::default(),
        });
        assert!(unknown.unwrap_err().contains("choose one of coloring"));
        let nothing = plan(&PlanRequest {
            setup: setup("tabu", Some("xyz\n")),
            progress: Progress::default(),
        });
        assert!(nothing.unwrap_err().contains("no puzzle"));
        let too_many = plan(&PlanRequest {
            setup: ExperimentSetup {
                runs: Some(100_000),
                ..setup("coloring", None)
            },
            progress: Progress::default(),
        });
        assert!(too_many.unwrap_err().contains("at most"));
        let bad_job = jobs(
            &JobsRequest {
                setup: setup("filtering", None),
                jobs: vec![vec![9_999]],
            },
            &|| 0.0,
        );
        assert!(matches!(bad_job, ExperimentReply::Failed(m) if m.contains("no such job")));
        let torn = plan(&PlanRequest {
            setup: setup("filtering", None),
            progress: Progress {
                jobs: vec![vec![0]],
                results: Vec::new(),
            },
        });
        assert!(torn.is_err());
    }

    #[test]
    fn no_next_batch_while_jobs_run() {
        let setup = setup("filtering", None);
        let first = plan(&PlanRequest {
            setup: setup.clone(),
            progress: Progress::default(),
        })
        .unwrap();
        assert_eq!(first.next.len(), 46);
        assert_eq!(first.planned, 46);
        let mut progress = Progress::default();
        progress.issue(first.next);
        progress.record(0, vec![729.0, 300.0, 350.0, 280.0]);
        let partial = plan(&PlanRequest { setup, progress }).unwrap();
        assert!(partial.next.is_empty());
        assert_eq!(
            partial.report.tables[1].rows.len(),
            1,
            "one finished instance"
        );
    }
}

/// The experiments' worker (`bin/experiment_worker.rs`): jobs and plans on the shared loop.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    fn post(scope: &web_sys::DedicatedWorkerGlobalScope, message: ExperimentReply) {
        super::serve::post_json(scope, &message);
    }
    fn seconds() -> f64 {
        super::serve::now() / 1e3
    }
    super::serve::serve(post, |request: ExperimentRequest, reply| {
        reply(answer(&request, &seconds))
    });
}
