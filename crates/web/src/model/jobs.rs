//! What a page asks of its worker pool after an action: one ordered list of orders (submit a
//! request as a job, cancel a job, cancel them all), the same for every page and worker kind.
//! The pool carries it out (`WorkerPool::carry_out_jobs`), encoding each request in one place.

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

#[cfg(test)]
mod tests {
    use super::*;

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
