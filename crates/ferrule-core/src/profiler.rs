//! The profiler: what ran, on which thread, for how long, called from which language.
//!
//! It lives here, below the ABI, so every language and plugin is covered by the same recorder:
//! packed calls (recorded where libferrule receives them, with the calling frontend), operator
//! kernels (opened by the generated op glue, plugins' ops included), autograd backward nodes,
//! thread-pool work items (which worker ran which part), the frontend lock released around long
//! work (Python's GIL) and the wait to take it back, and user ranges. Optionally each op event
//! carries its arguments' shapes and dtypes ([`RECORD_SHAPES`]) and the bytes of tensor memory
//! allocated inside it ([`RECORD_MEMORY`]).
//!
//! **Off**, every recording point costs one relaxed atomic load ([`enabled`]) and a branch.
//! **On**, each thread appends to its own buffer (`buffer`), with no lock: an event is two clock
//! reads and a slot write. [`start`] and [`stop`] are serialised by a control lock; [`stop`]
//! collects every thread's events of the session into a [`Profile`], which exports Chrome
//! trace-event JSON and a summary table. One profile records at a time per process: a second
//! [`start`] is an error, whichever language asks.
//!
//! ```
//! use ferrule_core::profiler::{self, Category, Name, Span};
//!
//! profiler::start(0)?;
//! {
//!     let _outer = Span::open(Name::Static("outer"), Category::Range, None);
//!     let _inner = Span::open(Name::Static("inner"), Category::Range, None);
//! }
//! let profile = profiler::stop()?;
//! let names: Vec<&str> = profile.events.iter().map(|e| &*e.name).collect();
//! assert_eq!(names, ["outer", "inner"]); // by start time; "outer" encloses "inner"
//! assert!(profile.chrome_trace().starts_with("{\"traceEvents\":["));
//! # Ok::<(), ferrule_core::Error>(())
//! ```

mod buffer;
mod chrome;
mod clock;
mod profile;

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};
use std::time::Instant;

use clock::ticks as now;

pub use profile::{Profile, Record, Row, SortKey, Track};

use crate::{Error, ErrorKind, Result};
use buffer::ThreadBuffer;

/// [`start`] option: op events carry their arguments' shapes and dtypes.
pub const RECORD_SHAPES: u32 = 1 << 0;
/// [`start`] option: op and call events carry the bytes of tensor memory allocated inside them.
pub const RECORD_MEMORY: u32 = 1 << 1;
/// Every option [`start`] accepts.
pub const ALL_OPTIONS: u32 = RECORD_SHAPES | RECORD_MEMORY;

/// Bit of [`STATE`] set while a session records; the options sit above it.
const ON: u32 = 1 << 31;

/// `ON | options` while recording, 0 otherwise: the one word the hot paths read.
static STATE: AtomicU32 = AtomicU32::new(0);

/// The number of the current (or last) session; stored with Release by [`start`], loaded with
/// Acquire by every thread that records (see `buffer`).
static SESSION: AtomicU64 = AtomicU64::new(0);

/// Whether a profile is recording: the one relaxed load every recording point pays when off.
#[inline(always)]
pub fn enabled() -> bool {
    if cfg!(feature = "profiler-compiled-out") {
        return false;
    }
    STATE.load(Ordering::Relaxed) & ON != 0
}

/// Whether a profile is recording with `option` ([`RECORD_SHAPES`], [`RECORD_MEMORY`]).
#[inline]
pub fn recording(option: u32) -> bool {
    if cfg!(feature = "profiler-compiled-out") {
        return false;
    }
    let state = STATE.load(Ordering::Relaxed);
    state & ON != 0 && state & option != 0
}

/// The language a packed call came from (`FerruleFrontend` in ferrule.h).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Frontend {
    /// C, and anything else calling `ferrule_func_call` (C plugins, ctypes).
    C = 0,
    /// The CPython extension.
    Python = 1,
    /// The Go package.
    Go = 2,
    /// Rust code inside the process calling a function object directly (libferrule itself,
    /// Rust plugins).
    Rust = 3,
}

impl Frontend {
    /// No frontend (stored in a byte).
    pub(crate) const NONE: u8 = u8::MAX;

    /// The frontend with ABI code `code`, if there is one.
    #[inline]
    pub fn from_code(code: i32) -> Option<Frontend> {
        match code {
            0 => Some(Frontend::C),
            1 => Some(Frontend::Python),
            2 => Some(Frontend::Go),
            3 => Some(Frontend::Rust),
            _ => None,
        }
    }

    /// Its name in traces: "c", "python", "go" or "rust".
    pub fn name(self) -> &'static str {
        match self {
            Frontend::C => "c",
            Frontend::Python => "python",
            Frontend::Go => "go",
            Frontend::Rust => "rust",
        }
    }

    fn from_byte(b: u8) -> Option<Frontend> {
        Frontend::from_code(i32::from(b))
    }
}

/// What an event measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// A user range (`record("step")`).
    Range,
    /// A packed call of a function object, from a frontend or from Rust.
    Call,
    /// An operator kernel, from argument checks to result.
    Op,
    /// An autograd node's backward formula.
    Backward,
    /// A part of a parallel loop, on the thread that ran it.
    Pool,
    /// The frontend's lock (the GIL) released around long work: a state, not work of its own.
    LockReleased,
    /// Waiting to take the frontend's lock back after long work.
    LockWait,
}

impl Category {
    /// Its name in traces (Chrome's `cat`) and tables.
    pub fn name(self) -> &'static str {
        match self {
            Category::Range => "range",
            Category::Call => "call",
            Category::Op => "op",
            Category::Backward => "backward",
            Category::Pool => "pool",
            Category::LockReleased | Category::LockWait => "gil",
        }
    }
}

/// An event's name, cheap to store on the hot path.
#[derive(Debug)]
pub enum Name {
    /// A name compiled into the program (op names).
    Static(&'static str),
    /// A name from [`intern`] (registered function names).
    Interned(Interned),
    /// A name made at run time (user ranges).
    Owned(Box<str>),
}

/// A name stored once for the whole process ([`intern`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interned(u32);

#[derive(Default)]
struct Interner {
    ids: HashMap<Arc<str>, u32>,
    names: Vec<Arc<str>>,
}

fn interner() -> &'static RwLock<Interner> {
    static INTERNER: OnceLock<RwLock<Interner>> = OnceLock::new();
    INTERNER.get_or_init(Default::default)
}

/// `name`, stored once for the process: events then carry a number. Callers cache the result
/// (a registered function interns its name the first time it is recorded).
pub fn intern(name: &str) -> Interned {
    if let Some(&id) = interner().read().unwrap_or_else(PoisonError::into_inner).ids.get(name) {
        return Interned(id);
    }
    let mut interner = interner().write().unwrap_or_else(PoisonError::into_inner);
    if let Some(&id) = interner.ids.get(name) {
        return Interned(id);
    }
    let id = u32::try_from(interner.names.len()).unwrap_or(u32::MAX);
    let shared: Arc<str> = Arc::from(name);
    interner.names.push(shared.clone());
    interner.ids.insert(shared, id);
    Interned(id)
}

/// Details of an event beyond its name and times.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Detail {
    /// The arguments of an op, when recorded with [`RECORD_SHAPES`].
    pub args: Vec<ArgInfo>,
    /// Bytes of tensor memory allocated on this thread inside the event ([`RECORD_MEMORY`]).
    pub bytes_allocated: Option<u64>,
    /// The part of a parallel loop a pool event ran.
    pub part: Option<Part>,
}

/// The part of a parallel loop one pool event ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// These items of the loop.
    Items(Range<u64>),
    /// Block `index` of `count` equal blocks.
    Block {
        /// Which block (from 0).
        index: u64,
        /// How many blocks the loop has.
        count: u64,
    },
}

impl Part {
    /// Items `range` of a loop.
    pub fn items(range: &Range<usize>) -> Part {
        Part::Items(range.start as u64..range.end as u64)
    }
}

/// One argument of a recorded op: its dtype and shape for a tensor, else its type name.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgInfo {
    /// The tensor's dtype name ("float32"), or the value's type name ("int", "None").
    pub dtype: &'static str,
    /// The tensor's shape; None for a value that is not a tensor.
    pub shape: Option<Vec<i64>>,
}

/// One recorded event as a thread's buffer keeps it (times in clock ticks, see `clock`).
#[derive(Debug)]
pub(crate) struct Event {
    name: Name,
    category: Category,
    frontend: u8,
    start: u64,
    end: u64,
    detail: Option<Box<Detail>>,
}

/// What each thread keeps for the profiler.
struct Local {
    buffer: OnceCell<Arc<ThreadBuffer>>,
    /// Bytes of tensor memory this thread allocated while [`RECORD_MEMORY`] was on.
    allocated: Cell<u64>,
    /// Open user ranges: (token, name, start).
    ranges: RefCell<Vec<(u64, Box<str>, u64)>>,
    next_token: Cell<u64>,
    /// Open lock releases: (the frontend's token, when it was released).
    released: RefCell<Vec<(usize, u64)>>,
    /// The op whose kernel this thread runs (names the pool work it hands out).
    current_op: Cell<Option<&'static str>>,
}

thread_local! {
    static LOCAL: Local = const {
        Local {
            buffer: OnceCell::new(),
            allocated: Cell::new(0),
            ranges: RefCell::new(Vec::new()),
            next_token: Cell::new(0),
            released: RefCell::new(Vec::new()),
            current_op: Cell::new(None),
        }
    };
}

/// Every thread's buffer; a dead thread's stays until the next [`start`] after its events
/// were collected.
static BUFFERS: Mutex<Vec<Arc<ThreadBuffer>>> = Mutex::new(Vec::new());

fn os_thread_id() -> u64 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid takes no arguments and cannot fail.
        let tid = unsafe { libc::syscall(libc::SYS_gettid) };
        tid as u64
    }
    #[cfg(not(target_os = "linux"))]
    {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        thread_local!(static ID: u64 = NEXT.fetch_add(1, Ordering::Relaxed));
        ID.with(|id| *id)
    }
}

fn register_thread() -> Arc<ThreadBuffer> {
    let name = std::thread::current().name().map(str::to_owned);
    let buffer = Arc::new(ThreadBuffer::new(os_thread_id(), name));
    BUFFERS.lock().unwrap_or_else(PoisonError::into_inner).push(buffer.clone());
    buffer
}

fn push(event: Event) {
    let _ = LOCAL.try_with(|local| push_to(local, event));
}

/// Appends `event` to the buffer of the thread whose `Local` this is.
fn push_to(local: &Local, event: Event) {
    let generation = SESSION.load(Ordering::Acquire);
    // SAFETY: `local` is this thread's own, and so is its buffer.
    unsafe { local.buffer.get_or_init(register_thread).push(generation, event) };
}

// ------------------------------------------------------------------------------------------------
// Spans: events with a start and an end
// ------------------------------------------------------------------------------------------------

/// An open event, recorded when dropped. `Span::OFF` (what the constructors return while no
/// profile records) records nothing.
#[must_use = "a span records when it is dropped"]
pub struct Span(Option<Open>);

struct Open {
    name: Name,
    category: Category,
    frontend: u8,
    start: u64,
    /// This thread's allocation counter at the start, when recording memory.
    allocated: Option<u64>,
    detail: Option<Box<Detail>>,
    /// The op this thread ran before an op span opened (restored at its end).
    previous_op: Option<&'static str>,
}

impl Span {
    /// A span that records nothing.
    pub const OFF: Span = Span(None);

    /// Opens an event of `category` named `name` (for a packed call, with the frontend it came
    /// from); `Span::OFF` when no profile records.
    #[inline]
    pub fn open(name: Name, category: Category, frontend: Option<Frontend>) -> Span {
        if !enabled() {
            return Span::OFF;
        }
        Span::open_on(name, category, frontend, None)
    }

    /// Opens the event of an op's kernel; `args` describes its arguments and is called only
    /// when shapes are recorded ([`RECORD_SHAPES`]).
    #[inline(always)]
    pub fn op(name: &'static str, args: impl FnOnce() -> Vec<ArgInfo>) -> Span {
        if !enabled() {
            return Span::OFF;
        }
        let detail = recording(RECORD_SHAPES).then(|| Box::new(Detail { args: args(), ..Detail::default() }));
        Span::open_on(Name::Static(name), Category::Op, None, detail)
    }

    #[inline(never)]
    fn open_on(name: Name, category: Category, frontend: Option<Frontend>, detail: Option<Box<Detail>>) -> Span {
        let memory = recording(RECORD_MEMORY) && matches!(category, Category::Op | Category::Call);
        // one visit to the thread's state for everything the span needs from it
        let (allocated, previous_op) = LOCAL
            .try_with(|l| {
                // the first language to call on a thread names its track (Rust calling inside a
                // native thread does not: such a thread has its Rust name, or none)
                if let Some(f) = frontend.filter(|f| *f != Frontend::Rust) {
                    let b = l.buffer.get_or_init(register_thread);
                    if b.frontend.load(Ordering::Relaxed) == Frontend::NONE {
                        let _ =
                            b.frontend.compare_exchange(Frontend::NONE, f as u8, Ordering::Relaxed, Ordering::Relaxed);
                    }
                }
                let previous_op = match (category, &name) {
                    (Category::Op, Name::Static(op)) => l.current_op.replace(Some(op)),
                    _ => None,
                };
                (memory.then(|| l.allocated.get()), previous_op)
            })
            .unwrap_or((None, None));
        Span(Some(Open {
            name,
            category,
            frontend: frontend.map_or(Frontend::NONE, |f| f as u8),
            start: now(),
            allocated,
            detail,
            previous_op,
        }))
    }

    #[inline(never)]
    fn close(open: Open) {
        let end = now();
        let Open { name, category, frontend, start, allocated, mut detail, previous_op } = open;
        let _ = LOCAL.try_with(|l| {
            if category == Category::Op {
                l.current_op.set(previous_op);
            }
            if let Some(before) = allocated {
                let bytes = l.allocated.get().wrapping_sub(before);
                detail.get_or_insert_with(Default::default).bytes_allocated = Some(bytes);
            }
            push_to(l, Event { name, category, frontend, start, end, detail });
        });
    }
}

impl Drop for Span {
    #[inline]
    fn drop(&mut self) {
        // (tested before taking, so that an off span is one compare, with no store)
        if self.0.is_some() {
            if let Some(open) = self.0.take() {
                Span::close(open);
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------
// User ranges, the frontend lock, pool work, allocations
// ------------------------------------------------------------------------------------------------

/// Opens a user range named `name` on this thread; returns the token that closes it with
/// [`range_pop`], or 0 (nothing opened) when no profile records.
pub fn range_push(name: &str) -> u64 {
    if !enabled() {
        return 0;
    }
    let start = now();
    LOCAL
        .try_with(|l| {
            let token = l.next_token.get() + 1;
            l.next_token.set(token);
            l.ranges.borrow_mut().push((token, name.into(), start));
            token
        })
        .unwrap_or(0)
}

/// Closes the range `token` (from [`range_push`] on this thread) and any range opened inside it
/// and left open; does nothing for 0 or a token that is not open here.
pub fn range_pop(token: u64) {
    if token == 0 {
        return;
    }
    let end = now();
    let _ = LOCAL.try_with(|l| {
        let closed = {
            let mut ranges = l.ranges.borrow_mut();
            let Some(at) = ranges.iter().rposition(|r| r.0 == token) else { return };
            ranges.split_off(at)
        };
        for (_, name, start) in closed.into_iter().rev() {
            push(Event {
                name: Name::Owned(name),
                category: Category::Range,
                frontend: Frontend::NONE,
                start,
                end,
                detail: None,
            });
        }
    });
}

/// Notes that the frontend released its lock on this thread (`token` is what its hook returned).
#[inline]
pub fn lock_released(token: usize) {
    if enabled() && token != 0 {
        let start = now();
        let _ = LOCAL.try_with(|l| l.released.borrow_mut().push((token, start)));
    }
}

/// Runs `reacquire` (which takes the frontend's lock back for `token`) and records, if the
/// release was recorded, the time the lock was released and the time spent taking it back.
pub fn lock_reacquire<R>(token: usize, reacquire: impl FnOnce() -> R) -> R {
    let released = LOCAL
        .try_with(|l| {
            let mut open = l.released.borrow_mut();
            match open.last() {
                Some(&(t, start)) if t == token => {
                    open.pop();
                    Some(start)
                }
                _ => None,
            }
        })
        .ok()
        .flatten();
    let Some(start) = released else { return reacquire() };
    let waiting = now();
    let result = reacquire();
    let end = now();
    if enabled() {
        let event = |name, category, start, end| Event {
            name: Name::Static(name),
            category,
            frontend: Frontend::NONE,
            start,
            end,
            detail: None,
        };
        push(event("GIL released", Category::LockReleased, start, waiting));
        push(event("GIL reacquire", Category::LockWait, waiting, end));
    }
    result
}

/// What pool work is recorded as: the op that handed it out. Taken on the submitting thread.
#[derive(Clone, Copy, Debug)]
pub struct PoolLabel(&'static str);

/// The label for the pool work this thread is about to hand out; None when no profile records.
#[inline]
pub fn pool_label() -> Option<PoolLabel> {
    if !enabled() {
        return None;
    }
    Some(PoolLabel(LOCAL.try_with(|l| l.current_op.get()).ok().flatten().unwrap_or("parallel loop")))
}

/// Runs `work` (`part` of a parallel loop), recorded as a pool event when `label` is set.
#[inline]
pub fn pool_item<R>(label: Option<PoolLabel>, part: impl FnOnce() -> Part, work: impl FnOnce() -> R) -> R {
    let Some(PoolLabel(name)) = label else { return work() };
    let detail = Detail { part: Some(part()), ..Detail::default() };
    let _span = if enabled() {
        Span::open_on(Name::Static(name), Category::Pool, None, Some(Box::new(detail)))
    } else {
        Span::OFF
    };
    work()
}

/// Counts `bytes` of tensor memory allocated on this thread, when memory is recorded.
#[inline]
pub fn note_allocation(bytes: usize) {
    if recording(RECORD_MEMORY) {
        let _ = LOCAL.try_with(|l| l.allocated.set(l.allocated.get().wrapping_add(bytes as u64)));
    }
}

// ------------------------------------------------------------------------------------------------
// Sessions
// ------------------------------------------------------------------------------------------------

struct Control {
    running: bool,
    /// When the session started, in clock ticks and on the OS clock.
    start: u64,
    started: Option<Instant>,
    options: u32,
    /// Track names given by frontends ([`name_thread`]), by OS thread id.
    names: std::collections::BTreeMap<u64, String>,
}

static CONTROL: Mutex<Control> = Mutex::new(Control {
    running: false,
    start: 0,
    started: None,
    options: 0,
    names: std::collections::BTreeMap::new(),
});

fn control() -> std::sync::MutexGuard<'static, Control> {
    CONTROL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts recording with `options` ([`RECORD_SHAPES`] | [`RECORD_MEMORY`]).
///
/// Errors: `RuntimeError` when a profile is already recording (in this process, from any
/// language: profiles do not nest); `ValueError` for an unknown option bit.
pub fn start(options: u32) -> Result<()> {
    if options & !ALL_OPTIONS != 0 {
        crate::bail!(ValueError, "unknown profiler options {:#x} (known: {ALL_OPTIONS:#x})", options & !ALL_OPTIONS);
    }
    let mut control = control();
    if control.running {
        crate::bail!(
            RuntimeError,
            "a profile is already recording in this process (profiles do not nest, and one records at a time): \
             stop it first"
        );
    }
    // Buffers of threads that have exited (only the list holds them) were collected already.
    BUFFERS.lock().unwrap_or_else(PoisonError::into_inner).retain(|b| Arc::strong_count(b) > 1);
    clock::start();
    control.running = true;
    control.options = options;
    control.names.clear();
    control.started = Some(Instant::now());
    control.start = now();
    SESSION.fetch_add(1, Ordering::Release);
    STATE.store(ON | options, Ordering::Release);
    Ok(())
}

/// Stops recording and collects every thread's events into a [`Profile`].
///
/// Errors: `RuntimeError` when no profile is recording.
pub fn stop() -> Result<Profile> {
    let mut control = control();
    if !control.running {
        return Err(Error::new(ErrorKind::RuntimeError, "no profile is recording (start one first)"));
    }
    STATE.store(0, Ordering::Release);
    control.running = false;
    let wall_ns = control.started.map_or(0, |t| t.elapsed().as_nanos() as u64);
    let scale = clock::nanos_per_tick();
    let generation = SESSION.load(Ordering::Relaxed);
    let buffers: Vec<Arc<ThreadBuffer>> = BUFFERS.lock().unwrap_or_else(PoisonError::into_inner).clone();
    let interned = interner().read().unwrap_or_else(PoisonError::into_inner).names.clone();
    let mut events = Vec::new();
    let mut tracks = Vec::new();
    let pid = u64::from(std::process::id());
    for buffer in &buffers {
        let before = events.len();
        buffer.read(generation, |e| {
            // (an event that began before this session belongs to none)
            if e.start >= control.start {
                events.push(collect(e, buffer.tid, control.start, scale, &interned));
            }
        });
        if events.len() > before {
            let frontend = Frontend::from_byte(buffer.frontend.load(Ordering::Relaxed));
            let explicit = control.names.get(&buffer.tid).cloned();
            tracks.push(Track::describe(buffer.tid, pid, explicit, buffer.thread_name.as_deref(), frontend));
        }
    }
    Ok(Profile::new(pid, wall_ns, control.options, tracks, events))
}

/// `e` as a record: times in nanoseconds (`scale` per tick) from the session's `start` tick.
fn collect(e: &Event, tid: u64, start: u64, scale: f64, interned: &[Arc<str>]) -> Record {
    // both ends through the same monotonic mapping, so an event inside another stays inside it
    let at = |tick: u64| (tick.saturating_sub(start) as f64 * scale) as u64;
    let (start_ns, end_ns) = (at(e.start), at(e.end.max(e.start)));
    let name: Arc<str> = match &e.name {
        Name::Static(s) => Arc::from(*s),
        Name::Interned(Interned(id)) => interned.get(*id as usize).cloned().unwrap_or_else(|| Arc::from("?")),
        Name::Owned(s) => Arc::from(&**s),
    };
    Record {
        name,
        category: e.category,
        tid,
        start_ns,
        duration_ns: end_ns.saturating_sub(start_ns),
        frontend: Frontend::from_byte(e.frontend),
        detail: e.detail.as_deref().cloned(),
    }
}

/// Names the track of OS thread `tid` in the profile being recorded (frontends name their
/// threads: "Python: MainThread"). Ignored when no profile records.
pub fn name_thread(tid: u64, name: &str) {
    let mut control = control();
    if control.running {
        control.names.insert(tid, name.to_owned());
    }
}

/// The OS id of the calling thread, as tracks are keyed.
pub fn current_thread_id() -> u64 {
    os_thread_id()
}

#[cfg(test)]
mod tests;
