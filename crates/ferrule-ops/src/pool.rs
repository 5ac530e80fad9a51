//! ferrule's own thread pool (rayon) and `parallel_for`, which stays on the caller for small work.
//!
//! Large work is split into blocks of [`BLOCK_TASKS`] tasks' worth, which the threads take in
//! turn; between two blocks each thread polls for interrupts (`ferrule_core::interrupt`): the
//! calling thread asks the frontend (every few milliseconds), pool workers see the flag it sets.
//! So Ctrl-C stops a long kernel within a block's time, and small work pays nothing for it.
//!
//! Profiling: a loop that goes to the pool is recorded part by part on the thread that ran each
//! part, the caller's parts included (`profiler::pool_item`, named after the op that handed the
//! loop out); a loop small enough to stay on the caller is not.

use std::cell::UnsafeCell;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use ferrule_core::interrupt::{self, Context};
use ferrule_core::profiler::{self, Part};

/// Work above this many tasks' worth (`min_per_task` items each) runs in blocks of that size,
/// with an interrupt poll between blocks; a task's worth is some tens of microseconds, so a
/// block is a millisecond or two.
pub const BLOCK_TASKS: usize = 16;

static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();

/// The number of threads kernels may use: `FERRULE_NUM_THREADS` when set to a positive
/// integer, otherwise the available parallelism (cores).
pub fn num_threads() -> usize {
    match pool() {
        Some(p) => p.current_num_threads(),
        None => 1,
    }
}

fn configured_threads() -> usize {
    std::env::var("FERRULE_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The pool, created on first use; `None` when one thread is configured or the pool could not
/// start (kernels then run on the calling thread).
pub fn pool() -> Option<&'static rayon::ThreadPool> {
    POOL.get_or_init(|| {
        let n = configured_threads();
        if n <= 1 {
            return None;
        }
        rayon::ThreadPoolBuilder::new().num_threads(n).thread_name(|i| format!("ferrule-{i}")).build().ok()
    })
    .as_ref()
}

/// Runs `body` over `0..n_items` split into contiguous ranges, in parallel on the ferrule pool
/// when there are at least `2 * min_per_task` items; otherwise calls `body(0..n_items)` on the
/// calling thread (no pool hop, no allocation). `body` may be called with ranges in any order.
///
/// Above [`BLOCK_TASKS`]` * min_per_task` items the ranges are blocks of that size, and an
/// interrupt stops the loop between two blocks (some ranges are then never visited: the
/// interruptible call that runs the kernel returns the interrupt, not the kernel's result).
///
/// A panic in `body` propagates to the caller.
pub fn parallel_for<F>(n_items: usize, min_per_task: usize, body: F)
where
    F: Fn(Range<usize>) + Sync,
{
    let min_per_task = min_per_task.max(1);
    if n_items < 2 * min_per_task {
        if n_items > 0 {
            body(0..n_items);
        }
        return;
    }
    // The pool hop is type-erased so each kernel adds only its loop, not a set of pool jobs.
    if n_items > BLOCK_TASKS * min_per_task {
        let block = BLOCK_TASKS * min_per_task;
        for_blocks(n_items.div_ceil(block), &|b| body(b * block..((b + 1) * block).min(n_items)));
        return;
    }
    parallel_for_dyn(n_items, min_per_task, &body);
}

/// The pool and its thread count, when work may go to it from this thread.
fn usable_pool() -> Option<(&'static rayon::ThreadPool, usize)> {
    let pool = pool()?;
    // Already on a ferrule worker (nested call): keep the work on this thread.
    if pool.current_thread_index().is_some() {
        return None;
    }
    Some((pool, pool.current_num_threads()))
}

/// Calls `block(b)` for every `b` in `0..n_blocks`, the threads taking blocks in turn, each
/// polling for interrupts before its next block (and stopping on one).
fn for_blocks(n_blocks: usize, block: &(dyn Fn(usize) + Sync)) {
    let next = AtomicUsize::new(0);
    let label = profiler::pool_label();
    let take = |label| loop {
        if interrupt::poll() {
            return;
        }
        let b = next.fetch_add(1, Ordering::Relaxed);
        if b >= n_blocks {
            return;
        }
        profiler::pool_item(label, || Part::Block { index: b as u64, count: n_blocks as u64 }, || block(b));
    };
    let Some((pool, threads)) = usable_pool().filter(|&(_, t)| t > 1) else {
        take(None);
        return;
    };
    let context = Context::current();
    let take = &take;
    pool.in_place_scope(|scope| {
        for _ in 1..threads.min(n_blocks) {
            // SAFETY: the scope joins every task before `for_blocks` returns, inside the call
            // the context belongs to.
            scope.spawn(move |_| unsafe { context.enter(|| take(label)) });
        }
        take(label);
    });
}

fn parallel_for_dyn(n_items: usize, min_per_task: usize, body: &(dyn Fn(Range<usize>) + Sync)) {
    let Some((pool, threads)) = usable_pool() else {
        body(0..n_items);
        return;
    };
    let tasks = threads.min(n_items / min_per_task).max(1);
    if tasks == 1 {
        body(0..n_items);
        return;
    }
    let context = Context::current();
    let label = profiler::pool_label();
    let part = move |t: usize| {
        let range = split(n_items, tasks, t);
        profiler::pool_item(label, || Part::items(&range), || body(range.clone()));
    };
    // In place: the caller runs the first range at once instead of handing the whole scope to
    // the pool and sleeping until a worker wakes to pick it up (one wake-up, not two, on the
    // critical path: ~20 us in a VM).
    pool.in_place_scope(|scope| {
        for t in 1..tasks {
            // SAFETY: the scope joins the task before returning, inside the context's call.
            scope.spawn(move |_| unsafe { context.enter(|| part(t)) });
        }
        part(0);
    });
}

/// One result slot per block, each written by the one thread that took the block.
struct Slots<T>(Vec<UnsafeCell<Option<T>>>);

// SAFETY: slot `b` is written only by the thread that claimed block `b` (exactly one), and read
// after the scope has joined every thread.
unsafe impl<T: Send> Sync for Slots<T> {}

/// Like [`parallel_for`], returning one value per range in range order (e.g. partial sums);
/// with one task it returns a single value computed on the caller. Above
/// [`BLOCK_TASKS`]` * min_per_task` items the ranges are fixed blocks of that size, so the
/// values do not depend on the number of threads; after an interrupt the values of blocks never
/// run are missing (and the interruptible call discards whatever is made of them).
pub fn parallel_map<T, F>(n_items: usize, min_per_task: usize, body: F) -> Vec<T>
where
    T: Send,
    F: Fn(Range<usize>) -> T + Sync,
{
    let min_per_task = min_per_task.max(1);
    if n_items > BLOCK_TASKS * min_per_task {
        let block = BLOCK_TASKS * min_per_task;
        let n_blocks = n_items.div_ceil(block);
        let slots = Slots((0..n_blocks).map(|_| UnsafeCell::new(None)).collect());
        let shared = &slots;
        for_blocks(n_blocks, &|b| {
            let value = body(b * block..((b + 1) * block).min(n_items));
            // SAFETY: see `Slots`.
            unsafe { *shared.0[b].get() = Some(value) };
        });
        return slots.0.into_iter().filter_map(UnsafeCell::into_inner).collect();
    }
    let tasks = match pool() {
        Some(pool) if n_items >= 2 * min_per_task && pool.current_thread_index().is_none() => {
            pool.current_num_threads().min(n_items / min_per_task).max(1)
        }
        _ => 1,
    };
    if tasks == 1 {
        return vec![body(0..n_items)];
    }
    let mut results: Vec<Option<T>> = (0..tasks).map(|_| None).collect();
    let body = &body;
    if let Some(pool) = pool() {
        let context = Context::current();
        let label = profiler::pool_label();
        let part = move |t: usize| {
            let range = split(n_items, tasks, t);
            profiler::pool_item(label, || Part::items(&range), || body(range.clone()))
        };
        pool.in_place_scope(|scope| {
            let (first, rest) = results.split_first_mut().expect("tasks >= 2");
            for (i, slot) in rest.iter_mut().enumerate() {
                // SAFETY: the scope joins the task before returning, inside the context's call.
                scope.spawn(move |_| unsafe { context.enter(|| *slot = Some(part(i + 1))) });
            }
            *first = Some(part(0));
        });
    }
    results.into_iter().map(|r| r.expect("every task ran")).collect()
}

/// The first error of the tasks of a parallel loop (later ones are dropped), and a flag that
/// lets the other tasks stop early.
pub(crate) struct FirstError {
    failed: std::sync::atomic::AtomicBool,
    error: std::sync::Mutex<Option<ferrule_core::Error>>,
}

impl FirstError {
    /// No error yet.
    pub(crate) fn new() -> FirstError {
        FirstError { failed: std::sync::atomic::AtomicBool::new(false), error: std::sync::Mutex::new(None) }
    }

    /// True once a task failed: the others may skip the rest of their work.
    pub(crate) fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Keeps `result`'s error if it is the first.
    pub(crate) fn record(&self, result: ferrule_core::Result<()>) {
        if let Err(e) = result {
            let mut slot = self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert(e);
            self.failed.store(true, Ordering::Relaxed);
        }
    }

    /// The first error, if any.
    pub(crate) fn into_result(self) -> ferrule_core::Result<()> {
        match self.error.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Items a sequential loop handles between two interrupt polls (see [`chunked`]).
pub(crate) const POLL_ITEMS: usize = 1 << 16;

/// Calls `body` on consecutive ranges of at most `chunk` items covering `0..n_items`, on this
/// thread, polling for interrupts before each; returns false when an interrupt stopped it
/// (the rest of the range then never ran). For sequential kernel loops.
pub(crate) fn chunked(n_items: usize, chunk: usize, mut body: impl FnMut(Range<usize>)) -> bool {
    let chunk = chunk.max(1);
    let mut start = 0;
    while start < n_items {
        if start > 0 && interrupt::poll() {
            return false;
        }
        let end = n_items.min(start + chunk);
        body(start..end);
        start = end;
    }
    true
}

/// The `index`-th of `parts` near-equal contiguous ranges of `0..n`.
fn split(n: usize, parts: usize, index: usize) -> Range<usize> {
    let base = n / parts;
    let extra = n % parts;
    let start = index * base + index.min(extra);
    let len = base + usize::from(index < extra);
    start..start + len
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

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
}
