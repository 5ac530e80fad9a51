//! The thread pool (`ferrule_ops::pool`): work splitting, every item once, results in order.

use std::sync::atomic::{AtomicUsize, Ordering};

use ferrule_ops::pool::*;

#[test]
fn split_covers_everything() {
    for n in [0, 1, 7, 100] {
        for parts in 1..5 {
            let mut next = 0;
            for i in 0..parts {
                let r = split(n, parts, i);
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, n);
        }
    }
}

#[test]
fn parallel_for_visits_each_item_once() {
    for n in [0, 1, 5, 1000, 100_003] {
        let sum = AtomicUsize::new(0);
        let count = AtomicUsize::new(0);
        parallel_for(n, 100, |r| {
            count.fetch_add(r.len(), Ordering::Relaxed);
            sum.fetch_add(r.sum::<usize>(), Ordering::Relaxed);
        });
        assert_eq!(count.into_inner(), n);
        assert_eq!(sum.into_inner(), n * n.saturating_sub(1) / 2);
    }
}

#[test]
fn parallel_map_in_order() {
    let parts = parallel_map(10_000, 100, |r| r.start);
    assert!(parts.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(parts[0], 0);
    let total: usize = parallel_map(10_000, 100, |r| r.len()).into_iter().sum();
    assert_eq!(total, 10_000);
    assert!(num_threads() >= 1);
}
