//! What a page asks of its worker pool after an action: one ordered list of orders (submit a
//! request as a job, cancel a job, cancel them all), the same for every page and worker kind.
//! The pool carries it out (`WorkerPool::carry_out_jobs`), encoding each request in one place.
//! What each job out is for is kept in one map per page ([`Pending`]), which routes its replies.

/// One order to the pool, requests of type `Q`.
#[derive(Clone, Debug, PartialEq)]
pub enum Order<Q> {
    /// Run `request` as `job` after the jobs already waiting.
    Submit { job: u64, request: Q },
    /// Run `request` as `job` before every waiting job.
    SubmitFirst { job: u64, request: Q },
    /// Run `request` as `job` on the full worker (the first-load worker sent it back), moving
    /// the pool there for good.
    ToFullWorker { job: u64, request: Q },
    /// Drop a job, waiting or running.
    Cancel(u64),
    /// Drop every job: busy workers are replaced by fresh ones.
    CancelAll,
}

/// The orders of one action, in the order the pool carries them out.
#[derive(Clone, Debug, PartialEq)]
pub struct Jobs<Q> {
    pub orders: Vec<Order<Q>>,
}

impl<Q> Default for Jobs<Q> {
    fn default() -> Self {
        Jobs { orders: Vec::new() }
    }
}

impl<Q> Jobs<Q> {
    pub fn submit(&mut self, job: u64, request: Q) {
        self.orders.push(Order::Submit { job, request });
    }

    pub fn submit_first(&mut self, job: u64, request: Q) {
        self.orders.push(Order::SubmitFirst { job, request });
    }

    /// Submits `request` ahead of the other submissions of this action (not of the jobs
    /// already waiting): a quick answer (a rating) before a long one (a run).
    pub fn submit_ahead(&mut self, job: u64, request: Q) {
        let at = self
            .orders
            .iter()
            .position(|o| !matches!(o, Order::Cancel(_) | Order::CancelAll))
            .unwrap_or(self.orders.len());
        self.orders.insert(at, Order::Submit { job, request });
    }

    pub fn to_full_worker(&mut self, job: u64, request: Q) {
        self.orders.push(Order::ToFullWorker { job, request });
    }

    pub fn cancel(&mut self, job: u64) {
        self.orders.push(Order::Cancel(job));
    }

    /// Cancels every job (before anything this action submits).
    pub fn cancel_all(&mut self) {
        if !self.cancels_all() {
            self.orders.insert(0, Order::CancelAll);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// Whether every job is dropped (the workers replaced).
    pub fn cancels_all(&self) -> bool {
        self.orders.iter().any(|o| matches!(o, Order::CancelAll))
    }

    /// The submitted (job, request) pairs, in order, however they are submitted.
    pub fn submitted(&self) -> impl Iterator<Item = (u64, &Q)> {
        self.orders.iter().filter_map(|o| match o {
            Order::Submit { job, request }
            | Order::SubmitFirst { job, request }
            | Order::ToFullWorker { job, request } => Some((*job, request)),
            Order::Cancel(_) | Order::CancelAll => None,
        })
    }

    /// The submissions as (job, request, submitted first), in order.
    pub fn submissions(&self) -> Vec<(u64, Q, bool)>
    where
        Q: Clone,
    {
        self.orders
            .iter()
            .filter_map(|o| match o {
                Order::Submit { job, request } | Order::ToFullWorker { job, request } => {
                    Some((*job, request.clone(), false))
                }
                Order::SubmitFirst { job, request } => Some((*job, request.clone(), true)),
                Order::Cancel(_) | Order::CancelAll => None,
            })
            .collect()
    }

    /// The orders applied to a queue of waiting (job, request) pairs, as a pool would: the
    /// cancelled jobs leave it, the submitted ones join it (the page models' tests drive their
    /// pages so).
    pub fn queue_into(&self, waiting: &mut Vec<(u64, Q)>)
    where
        Q: Clone,
    {
        let cancelled = self.cancelled();
        if self.cancels_all() {
            waiting.clear();
        }
        waiting.retain(|(job, _)| !cancelled.contains(job));
        waiting.extend(self.submissions().into_iter().map(|(job, r, _)| (job, r)));
    }

    /// The jobs cancelled one by one.
    pub fn cancelled(&self) -> Vec<u64> {
        self.orders
            .iter()
            .filter_map(|o| match o {
                Order::Cancel(job) => Some(*job),
                _ => None,
            })
            .collect()
    }
}

/// The jobs a page has out with its pool, each with what it was asked for (`P`): a reply is
/// routed by looking its job up here, and a job cancelled or answered for good is no longer
/// here, so its late replies fall away. Ids are fresh for the page's lifetime. A page has a
/// handful of jobs out: a list, oldest first (a tree map would cost the first load kilobytes).
#[derive(Clone, Debug)]
pub struct Pending<P> {
    next: u64,
    out: Vec<(u64, P)>,
}

impl<P> Default for Pending<P> {
    fn default() -> Self {
        Pending {
            next: 1,
            out: Vec::new(),
        }
    }
}

impl<P> Pending<P> {
    /// A fresh job for `purpose`, out until [`Pending::answered`] ends it or an order drops it.
    pub fn issue(&mut self, purpose: P) -> u64 {
        let job = self.next;
        self.next += 1;
        self.out.push((job, purpose));
        job
    }

    /// What `job` was asked for, if it is still out.
    pub fn get(&self, job: u64) -> Option<&P> {
        self.out.iter().find(|(j, _)| *j == job).map(|(_, p)| p)
    }

    /// A reply to `job` arrived: what the job was for (none: a job dropped or unknown, whose
    /// reply is to be ignored); forgotten when the reply is its last.
    pub fn answered(&mut self, job: u64, last: bool) -> Option<P>
    where
        P: Clone,
    {
        let at = self.out.iter().position(|(j, _)| *j == job)?;
        if last {
            Some(self.out.remove(at).1)
        } else {
            Some(self.out[at].1.clone())
        }
    }

    /// Forgets the jobs out for what `unwanted` says (their replies will be ignored).
    pub fn forget(&mut self, unwanted: impl Fn(&P) -> bool) {
        self.out.retain(|(_, p)| !unwanted(p));
    }

    /// How many jobs are out for what `wanted` says.
    pub fn count(&self, wanted: impl Fn(&P) -> bool) -> usize {
        self.out.iter().filter(|(_, p)| wanted(p)).count()
    }

    /// Drops every job out: each is cancelled in `jobs`.
    pub fn cancel_all<Q>(&mut self, jobs: &mut Jobs<Q>) {
        for (job, _) in self.out.drain(..) {
            jobs.cancel(job);
        }
    }

    /// Whether a job is out for what `wanted` says.
    pub fn any(&self, wanted: impl Fn(&P) -> bool) -> bool {
        self.out.iter().any(|(_, p)| wanted(p))
    }

    /// Drops what an action's orders drop: every job not submitted by them when they cancel
    /// all, and each job they cancel.
    pub fn follow<Q>(&mut self, jobs: &Jobs<Q>) {
        if jobs.cancels_all() {
            let kept: Vec<u64> = jobs.submitted().map(|(job, _)| job).collect();
            self.out.retain(|(job, _)| kept.contains(job));
        }
        let cancelled = jobs.cancelled();
        self.out.retain(|(job, _)| !cancelled.contains(job));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_jobs_follow_the_orders_and_their_replies() {
        let mut pending = Pending::default();
        let run = pending.issue("run");
        let hint = pending.issue("hint");
        assert_ne!(run, hint);
        assert_eq!(
            pending.answered(run, false),
            Some("run"),
            "events: still out"
        );
        assert_eq!(pending.answered(hint, true), Some("hint"));
        assert_eq!(pending.answered(hint, true), None, "answered for good");
        let rating = pending.issue("rating");
        let mut jobs = Jobs::default();
        let again = pending.issue("run");
        jobs.submit(again, "run");
        jobs.cancel_all();
        pending.follow(&jobs);
        assert_eq!(pending.get(run), None, "dropped with every job");
        assert_eq!(pending.get(rating), None);
        assert_eq!(
            pending.get(again),
            Some(&"run"),
            "submitted by these orders"
        );
        let mut jobs = Jobs::<&str>::default();
        jobs.cancel(again);
        pending.follow(&jobs);
        assert!(!pending.any(|_| true));
        let kept = pending.issue("generate");
        pending.issue("hint");
        pending.forget(|p| *p == "hint");
        assert_eq!(pending.count(|_| true), 1);
        assert_eq!(pending.get(kept), Some(&"generate"));
    }

    #[test]
    fn orders_keep_their_order_and_quick_answers_go_ahead() {
        let mut jobs = Jobs::default();
        jobs.submit(1, "run");
        jobs.cancel(7);
        jobs.cancel_all();
        jobs.submit_ahead(2, "rating");
        assert_eq!(
            jobs.orders,
            [
                Order::CancelAll,
                Order::Submit {
                    job: 2,
                    request: "rating"
                },
                Order::Submit {
                    job: 1,
                    request: "run"
                },
                Order::Cancel(7),
            ]
        );
        assert_eq!(
            jobs.submitted().collect::<Vec<_>>(),
            [(2, &"rating"), (1, &"run")]
        );
        assert_eq!(jobs.cancelled(), [7]);
        assert!(jobs.cancels_all());
        jobs.cancel_all();
        assert_eq!(jobs.orders.len(), 4, "one CancelAll is enough");
    }
}
