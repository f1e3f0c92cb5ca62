//! The order layers are read in, and when the last ones start together.
//!
//! Layers are read largest first, one per worker, so that the last to
//! start is a short one. Inflating one layer cannot be split between
//! cores, so the read can still end with one core inflating the last
//! layer alone while the others wait. When the layers not yet started are
//! no more than the workers, starting them all at once instead (the cores
//! shared between more layers than workers) lets them end together. That
//! is not always better: beside a layer that dominates the rest, sharing
//! only slows it down. Which of the two ends sooner is worked out from the
//! layers' sizes, taking a layer's time to be in proportion to its size.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A layer to read, and how many more threads to start with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pick {
    /// Index into the layers given to [`Schedule::new`].
    pub index: usize,
    /// Threads to start now, each to read the layers left (all of them).
    pub start_others: usize,
}

/// Hands out layers to read, in order, to any number of threads.
pub(crate) struct Schedule {
    order: Vec<usize>,
    next: AtomicUsize,
    /// The place in `order` whose pick starts the rest at once.
    share_at: Option<usize>,
}

impl Schedule {
    /// A schedule of the layers `indices` (sizes by index in `sizes`;
    /// `None` when unknown) for `workers` threads.
    pub fn new(indices: Vec<usize>, sizes: &[Option<u64>], workers: usize) -> Schedule {
        let mut order = indices;
        order.sort_by_key(|&i| std::cmp::Reverse(sizes[i].unwrap_or(u64::MAX)));
        let known: Option<Vec<f64>> = order.iter().map(|&i| sizes[i].map(|s| s as f64)).collect();
        let share_at = known.and_then(|sizes| sharing_point(&sizes, workers));
        Schedule {
            order,
            next: AtomicUsize::new(0),
            share_at,
        }
    }

    /// The next layer to read, if any is left.
    pub fn pick(&self) -> Option<Pick> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        let index = *self.order.get(k)?;
        let start_others = if self.share_at == Some(k) {
            self.order.len() - k - 1
        } else {
            0
        };
        Some(Pick {
            index,
            start_others,
        })
    }
}

/// Sharing must end the read this much sooner to be worth the threads.
const WORTH_SHARING: f64 = 0.98;

/// Where in `sizes` (largest first) the rest should start at once, if
/// that ends the read sooner.
fn sharing_point(sizes: &[f64], workers: usize) -> Option<usize> {
    let workers = workers.max(1);
    if sizes.len() <= workers {
        return None;
    }
    // The first pick by a worker that has finished a layer at which the
    // layers left (this one included) fit on the workers.
    let at = workers.max(sizes.len() - workers);
    let shared = finish_time(sizes, workers, Some(at));
    (shared < finish_time(sizes, workers, None) * WORTH_SHARING).then_some(at)
}

/// When the last of `sizes` ends, read in order by `workers` threads,
/// each layer taking its size in time on a core of its own, and cores
/// shared evenly while more layers than workers are in flight.
fn finish_time(sizes: &[f64], workers: usize, share_at: Option<usize>) -> f64 {
    let mut in_flight: Vec<f64> = sizes.iter().take(workers).copied().collect();
    let mut next = in_flight.len();
    let mut time = 0.0;
    while !in_flight.is_empty() {
        let speed = (workers as f64 / in_flight.len() as f64).min(1.0);
        let shortest = in_flight.iter().copied().fold(f64::INFINITY, f64::min);
        time += shortest / speed;
        for left in &mut in_flight {
            *left -= shortest;
        }
        let finished = in_flight.iter().filter(|&&left| left <= 0.0).count();
        in_flight.retain(|&left| left > 0.0);
        for _ in 0..finished {
            if next == sizes.len() {
                break;
            }
            let starting = if share_at == Some(next) {
                sizes.len()
            } else {
                next + 1
            };
            in_flight.extend_from_slice(&sizes[next..starting]);
            next = starting;
        }
    }
    time
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picks(schedule: &Schedule) -> Vec<Pick> {
        std::iter::from_fn(|| schedule.pick()).collect()
    }

    #[test]
    fn layers_are_read_largest_first_and_unknown_sizes_before_all() {
        let sizes = [Some(10), None, Some(30), Some(20)];
        let schedule = Schedule::new(vec![0, 1, 2, 3], &sizes, 8);
        let order: Vec<usize> = picks(&schedule).iter().map(|p| p.index).collect();
        assert_eq!(order, [1, 2, 3, 0]);
        assert!(schedule.pick().is_none());
    }

    #[test]
    fn a_short_last_layer_starts_beside_the_one_before_it() {
        // Two workers: 335 alone on one, 182 then 178 on the other; read
        // in turn, 94 would start at 335 and end at 429. Started with 178
        // when 182 ends, everything ends by about 407.
        let sizes = [Some(182), Some(335), Some(94), Some(178)];
        let schedule = Schedule::new(vec![0, 1, 2, 3], &sizes, 2);
        let picks = picks(&schedule);
        let order: Vec<usize> = picks.iter().map(|p| p.index).collect();
        assert_eq!(order, [1, 0, 3, 2]);
        let others: Vec<usize> = picks.iter().map(|p| p.start_others).collect();
        assert_eq!(others, [0, 0, 1, 0]);
        let sizes = [335.0, 182.0, 178.0, 94.0];
        assert_eq!(finish_time(&sizes, 2, None), 429.0);
        assert!((finish_time(&sizes, 2, Some(2)) - 407.0).abs() < 1e-9);
    }

    #[test]
    fn beside_a_dominant_layer_nothing_is_shared() {
        // The large layer ends last anyway: sharing would only slow it.
        let sizes = [1000.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0];
        assert_eq!(finish_time(&sizes, 2, None), 1000.0);
        assert!(finish_time(&sizes, 2, Some(5)) > 1000.0);
        assert_eq!(sharing_point(&sizes, 2), None);
    }

    #[test]
    fn equal_layers_and_few_layers_are_not_shared() {
        assert_eq!(sharing_point(&[100.0; 4], 2), None);
        assert_eq!(sharing_point(&[300.0, 100.0], 2), None);
        assert_eq!(sharing_point(&[], 4), None);
        let unknown = [Some(5), None, Some(7)];
        let schedule = Schedule::new(vec![0, 1, 2], &unknown, 1);
        assert!(picks(&schedule).iter().all(|p| p.start_others == 0));
    }

    #[test]
    fn on_more_workers_the_tail_is_shared_only_when_it_helps() {
        // The two-worker case twice over on four workers: the last four
        // layers start together when the first of them is picked.
        let twice = [335.0, 335.0, 182.0, 182.0, 178.0, 178.0, 94.0, 94.0];
        assert_eq!(finish_time(&twice, 4, None), 429.0);
        assert!((finish_time(&twice, 4, Some(4)) - 407.0).abs() < 1e-9);
        assert_eq!(sharing_point(&twice, 4), Some(4));
        // Two large layers among the last four: sharing would slow them
        // (685 against 670), so the layers are read in turn.
        let large_tail = [400.0, 390.0, 380.0, 370.0, 300.0, 290.0, 120.0, 110.0];
        assert_eq!(finish_time(&large_tail, 4, None), 670.0);
        assert!((finish_time(&large_tail, 4, Some(4)) - 685.0).abs() < 1e-9);
        assert_eq!(sharing_point(&large_tail, 4), None);
    }
}
