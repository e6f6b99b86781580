use super::*;

fn request(seed: u64) -> String {
    format!("request {seed}")
}

fn posted(commands: &[Command]) -> Vec<(usize, u64)> {
    commands
        .iter()
        .filter_map(|c| match c {
            Command::Post { slot, job, .. } => Some((*slot, *job)),
            _ => None,
        })
        .collect()
}

#[test]
fn sizes_use_every_processor_up_to_eight() {
    assert_eq!([0, 1, 2, 4, 9, 64].map(pool_size), [1, 1, 2, 4, 8, 8]);
}

#[test]
fn jobs_wait_for_ready_workers_and_go_oldest_first() {
    let mut pool = Scheduler::new(2);
    assert!(pool.submit(1, request(1)).is_empty(), "no worker ready yet");
    assert!(pool.submit(2, request(2)).is_empty());
    pool.submit(3, request(3));
    assert_eq!(posted(&pool.ready(1)), vec![(1, 1)]);
    assert_eq!(posted(&pool.ready(0)), vec![(0, 2)]);
    assert_eq!(pool.queued(), 1);
    assert_eq!(posted(&pool.finished(1)), vec![(1, 3)]);
    assert_eq!(pool.job_on(1), Some(3));
    assert!(pool.finished(0).is_empty());
    assert_eq!(pool.job_on(0), None);
}

#[test]
fn cancelling_unqueues_or_replaces_the_worker() {
    let mut pool = Scheduler::new(1);
    pool.ready(0);
    pool.submit(1, request(1));
    pool.submit(2, request(2));
    assert!(
        pool.cancel(2).is_empty(),
        "a queued job just leaves the queue"
    );
    assert_eq!(pool.queued(), 0);
    assert_eq!(pool.cancel(1), vec![Command::Restart { slot: 0 }]);
    assert_eq!(pool.job_on(0), None);
    // The fresh worker takes the next job once ready.
    pool.submit(3, request(3));
    assert_eq!(posted(&pool.ready(0)), vec![(0, 3)]);
    pool.submit(4, request(4));
    assert_eq!(pool.cancel_all(), vec![Command::Restart { slot: 0 }]);
    assert_eq!(pool.queued(), 0);
}

/// Another kind of worker takes over (the one with `ilp`): every worker is replaced, and the
/// jobs they ran go first, in slot order, before the waiting ones.
#[test]
fn restarting_every_worker_runs_their_jobs_again_first() {
    let mut pool = Scheduler::new(2);
    pool.ready(0);
    pool.ready(1);
    pool.submit(1, request(1));
    pool.submit(2, request(2));
    pool.submit(3, request(3));
    assert_eq!(
        pool.restart_all(),
        vec![Command::Restart { slot: 0 }, Command::Restart { slot: 1 }]
    );
    assert_eq!((pool.job_on(0), pool.job_on(1)), (None, None));
    assert_eq!(pool.queued(), 3);
    assert_eq!(posted(&pool.ready(1)), vec![(1, 1)]);
    assert_eq!(posted(&pool.ready(0)), vec![(0, 2)]);
    assert_eq!(posted(&pool.finished(0)), vec![(0, 3)]);
    // A job the page has heard from ends on its worker, which is replaced only then; the
    // next job waits for a fresh worker.
    pool.heard(1);
    assert_eq!(pool.restart_all(), vec![Command::Restart { slot: 0 }]);
    assert_eq!((pool.job_on(0), pool.job_on(1)), (None, Some(1)));
    assert_eq!(pool.queued(), 1, "job 3 waits for a fresh worker");
    pool.submit(4, request(4));
    assert_eq!(pool.finished(1), vec![Command::Restart { slot: 1 }]);
    assert_eq!(posted(&pool.ready(1)), vec![(1, 3)]);
    assert_eq!(posted(&pool.ready(0)), vec![(0, 4)]);
}

/// A retiring worker that crashes is replaced like any other, and its fresh worker takes jobs.
#[test]
fn a_retiring_worker_that_crashes_is_replaced() {
    let mut pool = Scheduler::new(1);
    pool.ready(0);
    pool.submit(1, request(1));
    pool.heard(0);
    assert!(pool.restart_all().is_empty());
    pool.submit(2, request(2));
    assert_eq!(pool.queued(), 1, "no job goes to a retiring worker");
    assert_eq!(pool.crashed(0, "gone"), vec![Command::Restart { slot: 0 }]);
    assert_eq!(posted(&pool.ready(0)), vec![(0, 1)]);
    assert_eq!(posted(&pool.finished(0)), vec![(0, 2)]);
}

#[test]
fn plans_go_before_waiting_jobs() {
    let mut pool = Scheduler::new(1);
    pool.submit(1, request(1));
    pool.submit(2, request(2));
    pool.submit_first(3, request(3));
    assert_eq!(posted(&pool.ready(0)), vec![(0, 3)]);
    assert_eq!(posted(&pool.finished(0)), vec![(0, 1)]);
}

#[test]
fn a_crashed_worker_is_replaced_and_its_job_retried_once() {
    let mut pool = Scheduler::new(1);
    pool.ready(0);
    pool.submit(7, request(7));
    assert_eq!(pool.crashed(0, "boom"), vec![Command::Restart { slot: 0 }]);
    assert_eq!(
        posted(&pool.ready(0)),
        vec![(0, 7)],
        "retried on the fresh worker"
    );
    let second = pool.crashed(0, "boom");
    assert!(
        matches!(&second[0], Command::Fail { job: 7, error } if error.contains("twice")),
        "{second:?}"
    );
    assert_eq!(second[1], Command::Restart { slot: 0 });
}

#[test]
fn workers_that_never_start_fail_the_jobs_instead_of_looping() {
    let mut pool = Scheduler::new(1);
    pool.submit(1, request(1));
    for _ in 0..MAX_FAILED_STARTS - 1 {
        assert_eq!(pool.crashed(0, "404"), vec![Command::Restart { slot: 0 }]);
    }
    let last = pool.crashed(0, "404");
    assert!(
        matches!(&last[..], [Command::Fail { job: 1, .. }]),
        "{last:?}"
    );
    assert!(pool.broken());
    assert!(matches!(
        &pool.submit(2, request(2))[..],
        [Command::Fail { job: 2, .. }]
    ));
}

/// A worker that never says it is ready is replaced once its time is up, and its job waits
/// for the new one; one that started is left alone; past the failed starts the jobs fail
/// with a message rather than wait for ever.
#[test]
fn a_worker_silent_past_its_start_limit_is_replaced() {
    let mut pool = Scheduler::new(2);
    pool.submit(1, request(1));
    assert_eq!(posted(&pool.ready(1)), vec![(1, 1)]);
    assert!(pool.start_timed_out(1).is_empty(), "slot 1 started");
    pool.submit(2, request(2));
    assert_eq!(pool.start_timed_out(0), vec![Command::Restart { slot: 0 }]);
    assert_eq!(pool.queued(), 1, "job 2 waits for the new worker");
    assert_eq!(posted(&pool.ready(0)), vec![(0, 2)]);
    // Starts that keep failing: the pool gives up and says so.
    let mut pool = Scheduler::new(1);
    pool.submit(7, request(7));
    let mut last = Vec::new();
    for _ in 0..MAX_FAILED_STARTS {
        last = pool.start_timed_out(0);
    }
    assert!(pool.broken());
    assert!(
        matches!(
            &last[..],
            [Command::Fail { job: 7, error }] if error.contains("failed to start")
        ),
        "{last:?}"
    );
}
