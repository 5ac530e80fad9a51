//! ferrule's threads: `parallel_for` and `parallel_map` (which stay on the caller for small
//! work) on a team of workers of its own, and a rayon pool for the libraries that want one
//! (sorting, `gemm`).
//!
//! Large work is split into blocks of [`BLOCK_TASKS`] tasks' worth, which the threads take in
//! turn; between two blocks each thread polls for interrupts (`ferrule_core::interrupt`): the
//! calling thread asks the frontend (every few milliseconds), pool workers see the flag it sets.
//! So Ctrl-C stops a long kernel within a block's time, and small work pays nothing for it.
//!
//! Mid-size work (tens of microseconds) is decided by how fast the workers join, so the team
//! (see [`team`]) is built for that: the caller publishes its work and starts on it at once, the
//! work is claimed in pieces (a late worker takes what is left, or nothing, and the caller never
//! waits for a worker that has not started), and a worker keeps looking for the next work for
//! [`spin_time`] after one ends before it parks, so back-to-back calls find it awake while an
//! idle process uses no CPU.
//!
//! Profiling: a loop that goes to the pool is recorded part by part on the thread that ran each
//! part, the caller's parts included (`profiler::pool_item`, named after the op that handed the
//! loop out); a loop small enough to stay on the caller is not.

use std::cell::{Cell, UnsafeCell};
use std::ops::Range;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

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
        rayon::ThreadPoolBuilder::new().num_threads(n).thread_name(|i| format!("ferrule-rayon-{i}")).build().ok()
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

/// The default of [`spin_time`], in microseconds: long enough to cover the Python-side gap
/// between two calls of a loop (a few microseconds) several times over, short against the
/// ~30 us a parked thread takes to wake in a VM, and a bound on the CPU an idle worker burns
/// after the last parallel call.
const DEFAULT_SPIN_US: u64 = 100;

/// How long a team worker keeps looking for new work after finishing some, before it parks:
/// `FERRULE_SPIN_US` (microseconds, 0 parks at once) or [`DEFAULT_SPIN_US`].
pub fn spin_time() -> Duration {
    static SPIN: OnceLock<Duration> = OnceLock::new();
    *SPIN.get_or_init(|| {
        let us = std::env::var("FERRULE_SPIN_US").ok().and_then(|v| v.trim().parse::<u64>().ok());
        Duration::from_micros(us.unwrap_or(DEFAULT_SPIN_US))
    })
}

/// Work published to the team: a function every participant runs (it claims its pieces
/// itself), the caller's interrupt context, the first panic of a worker, and how many workers
/// are still inside `work`.
struct Region {
    /// The shared work, lifetime erased (see [`Team::run`] for why it outlives every use).
    work: *const (dyn Fn() + Sync),
    context: Context,
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
    joined: AtomicUsize,
}

/// The team: `workers` threads that run whatever [`Region`] is published, one region at a
/// time (a second caller meanwhile runs its work alone).
struct Team {
    workers: usize,
    /// The process that started the threads: a forked child has none of them.
    pid: u32,
    /// Bumped for each published region: what a waiting worker watches.
    epoch: AtomicU64,
    /// The published region, or null.
    current: AtomicPtr<Region>,
    /// Workers between noticing a region and joining it (the owner waits for none to be left
    /// before it can be sure no late worker will look at its region).
    entering: AtomicUsize,
    /// Workers parked on `wake`.
    parked: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
}

thread_local! {
    /// True on a team worker (nested parallel calls stay on the thread).
    static ON_TEAM: Cell<bool> = const { Cell::new(false) };
}

/// The team, started on first use with `num_threads() - 1` workers (the caller is the other
/// participant); `None` with one thread or when a thread could not start.
fn team() -> Option<&'static Team> {
    static TEAM: OnceLock<Option<&'static Team>> = OnceLock::new();
    *TEAM.get_or_init(|| {
        let threads = configured_threads();
        if threads <= 1 {
            return None;
        }
        let team: &'static Team = Box::leak(Box::new(Team {
            workers: threads - 1,
            pid: std::process::id(),
            epoch: AtomicU64::new(0),
            current: AtomicPtr::new(std::ptr::null_mut()),
            entering: AtomicUsize::new(0),
            parked: AtomicUsize::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        }));
        for i in 0..threads - 1 {
            let spawned = std::thread::Builder::new().name(format!("ferrule-{i}")).spawn(move || team.serve());
            if spawned.is_err() {
                // the ones already started only ever join work; with none, callers work alone
                return (i > 0).then_some(team);
            }
        }
        Some(team)
    })
}

impl Team {
    /// A worker's loop: wait for a new region (looking for [`spin_time`], then parked), join
    /// it, repeat.
    fn serve(&'static self) {
        ON_TEAM.with(|t| t.set(true));
        let spin = spin_time();
        let mut seen = self.epoch.load(Ordering::SeqCst);
        loop {
            let start = Instant::now();
            let mut rounds = 0u32;
            loop {
                let now = self.epoch.load(Ordering::SeqCst);
                if now != seen {
                    seen = now;
                    break;
                }
                rounds = rounds.wrapping_add(1);
                if rounds.is_multiple_of(64) && start.elapsed() >= spin {
                    let mut guard = self.lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    self.parked.fetch_add(1, Ordering::SeqCst);
                    while self.epoch.load(Ordering::SeqCst) == seen {
                        guard = self.wake.wait(guard).unwrap_or_else(std::sync::PoisonError::into_inner);
                    }
                    self.parked.fetch_sub(1, Ordering::SeqCst);
                    seen = self.epoch.load(Ordering::SeqCst);
                    break;
                }
                std::hint::spin_loop();
            }
            self.enter();
        }
    }

    /// Joins the published region, if any.
    fn enter(&self) {
        self.entering.fetch_add(1, Ordering::SeqCst);
        let region = self.current.load(Ordering::SeqCst);
        if region.is_null() {
            self.entering.fetch_sub(1, Ordering::SeqCst);
            return;
        }
        // SAFETY: the owner unpublishes its region and then waits for `entering` to reach zero
        // before it waits for `joined`: a worker that counted itself in `entering` and still
        // found the region published is seen by the owner's second wait.
        let region = unsafe { &*region };
        region.joined.fetch_add(1, Ordering::SeqCst);
        self.entering.fetch_sub(1, Ordering::SeqCst);
        // SAFETY: `work` lives until the owner has seen `joined` drop to zero (below), and the
        // owner is inside the call the context belongs to until then.
        let result = catch_unwind(AssertUnwindSafe(|| unsafe { region.context.enter(|| (*region.work)()) }));
        if let Err(payload) = result {
            region.panic.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(payload);
        }
        region.joined.fetch_sub(1, Ordering::SeqCst);
    }

    /// Runs `work` on the calling thread and on the workers that arrive while it runs; returns
    /// once every participant has returned, re-raising a worker's panic. `work` must claim its
    /// pieces itself (a participant that arrives after everything was claimed returns at once).
    fn run(&self, work: &(dyn Fn() + Sync)) {
        let erased: *const (dyn Fn() + Sync + 'static) =
            // SAFETY: (the erasure) the region is unpublished and every worker that joined it
            // has left before this function returns, so `work` is never used after its borrow ends.
            unsafe { std::mem::transmute(work as *const (dyn Fn() + Sync)) };
        let region =
            Region { work: erased, context: Context::current(), panic: Mutex::new(None), joined: AtomicUsize::new(0) };
        let published = self
            .current
            .compare_exchange(
                std::ptr::null_mut(),
                std::ptr::from_ref(&region).cast_mut(),
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok();
        if !published {
            // another caller's region is out: this one works alone
            work();
            return;
        }
        self.epoch.fetch_add(1, Ordering::SeqCst);
        if self.parked.load(Ordering::SeqCst) > 0 {
            let _guard = self.lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.wake.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(work));
        self.current.store(std::ptr::null_mut(), Ordering::SeqCst);
        wait_for_zero(&self.entering);
        wait_for_zero(&region.joined);
        if let Err(payload) = mine {
            resume_unwind(payload);
        }
        if let Some(payload) = region.panic.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
            resume_unwind(payload);
        }
    }
}

/// Spins (then yields) until `count` is zero: the wait for workers finishing the pieces they
/// claimed, at most a piece's time.
fn wait_for_zero(count: &AtomicUsize) {
    let mut rounds = 0u32;
    while count.load(Ordering::SeqCst) != 0 {
        rounds = rounds.saturating_add(1);
        if rounds < 256 {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// The team and its size including the caller, when work may go to it from this thread: not
/// on a team worker or a rayon worker (a nested call keeps its work), not in a forked child.
fn usable_team() -> Option<(&'static Team, usize)> {
    let team = team()?;
    if ON_TEAM.with(Cell::get) || rayon::current_thread_index().is_some() || std::process::id() != team.pid {
        return None;
    }
    Some((team, team.workers + 1))
}

/// Runs `work` on the team (see [`Team::run`]) or, without one, on the calling thread.
fn run_shared(work: &(dyn Fn() + Sync)) {
    match usable_team() {
        Some((team, _)) => team.run(work),
        None => work(),
    }
}

/// Calls `body(c)` for each `c` in `0..chunks`, each exactly once, on the team: every
/// participant claims chunks until none is left.
fn for_chunks(chunks: usize, body: &(dyn Fn(usize) + Sync)) {
    let next = AtomicUsize::new(0);
    run_shared(&|| loop {
        let c = next.fetch_add(1, Ordering::Relaxed);
        if c >= chunks {
            return;
        }
        body(c);
    });
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
    if n_blocks > 1 {
        run_shared(&|| take(label));
    } else {
        take(None);
    }
}

/// Pieces per thread of mid-size work: a worker that joins late still finds some left.
const PIECES_PER_THREAD: usize = 4;

fn parallel_for_dyn(n_items: usize, min_per_task: usize, body: &(dyn Fn(Range<usize>) + Sync)) {
    let Some((_, threads)) = usable_team() else {
        body(0..n_items);
        return;
    };
    let pieces = (n_items / min_per_task).clamp(1, PIECES_PER_THREAD * threads);
    if pieces == 1 {
        body(0..n_items);
        return;
    }
    let label = profiler::pool_label();
    for_chunks(pieces, &|c| {
        let range = split(n_items, pieces, c);
        profiler::pool_item(label, || Part::items(&range), || body(range.clone()));
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
    let tasks = match usable_team() {
        Some((_, threads)) if n_items >= 2 * min_per_task => threads.min(n_items / min_per_task).max(1),
        _ => 1,
    };
    if tasks == 1 {
        return vec![body(0..n_items)];
    }
    let slots = Slots((0..tasks).map(|_| UnsafeCell::new(None)).collect());
    let shared = &slots;
    let label = profiler::pool_label();
    for_chunks(tasks, &|t| {
        let range = split(n_items, tasks, t);
        let value = profiler::pool_item(label, || Part::items(&range), || body(range.clone()));
        // SAFETY: see `Slots` (chunk `t` is claimed once).
        unsafe { *shared.0[t].get() = Some(value) };
    });
    slots.0.into_iter().map(|r| r.into_inner().expect("every task ran")).collect()
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
pub fn split(n: usize, parts: usize, index: usize) -> Range<usize> {
    let base = n / parts;
    let extra = n % parts;
    let start = index * base + index.min(extra);
    let len = base + usize::from(index < extra);
    start..start + len
}
