//! Interrupts inside kernels: long loops notice Ctrl-C (any pending signal the frontend wants to
//! act on) every few milliseconds of work, and stop.
//!
//! A frontend's signal check may take its interpreter lock (Python's takes the GIL), so it is
//! only ever run on the thread that runs the call, never on a pool worker that thread may be
//! waiting for. The pieces:
//!
//! - [`set_hook`]: what asks the frontend (installed by the registry when a frontend installs
//!   its signal hook; none in plain Rust use, where nothing here ever stops a kernel);
//! - [`run`]: one interruptible call on the current thread (the op glue wraps every kernel in
//!   it); when an interrupt arrived during it, its result is thrown away and the interrupt is
//!   returned instead, so a kernel that stopped early never leaks a half-computed answer;
//! - [`poll`]: a kernel's "should I stop?", callable from any thread and cheap: a thread-local
//!   read and a relaxed atomic load, plus a clock read on the calling thread, which asks the
//!   hook at most every [`INTERVAL`] (first one [`INTERVAL`] after its first poll). Kernels
//!   call it per block of work (thousands of elements), never per element; pool workers learn
//!   of an interrupt through a flag the calling thread sets ([`Context`] carries it to them);
//! - [`check`]: [`poll`] as a `Result`, for kernels that can return early.
//!
//! Small calls pay one thread-local access in [`run`] (no clock read, no allocation), and
//! nothing when no hook is installed.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::{Error, ErrorKind, Result};

/// A frontend's check for pending interrupts: `Err` (kind `KeyboardInterrupt` for Ctrl-C) stops
/// the running call, which then returns that error.
pub type Hook = fn() -> Result<()>;

static HOOK: AtomicPtr<()> = AtomicPtr::new(std::ptr::null_mut());

/// How often the thread running an interruptible call actually runs the hook.
pub const INTERVAL: Duration = Duration::from_millis(20);

/// Installs (or with `None` removes) the hook.
pub fn set_hook(hook: Option<Hook>) {
    HOOK.store(hook.map_or(std::ptr::null_mut(), |f| f as *mut ()), Ordering::Release);
}

fn hook() -> Option<Hook> {
    let f = HOOK.load(Ordering::Acquire);
    // SAFETY: only `set_hook` stores here, from a function pointer of this type.
    (!f.is_null()).then(|| unsafe { std::mem::transmute::<*mut (), Hook>(f) })
}

/// The error a stopped kernel returns from [`check`] (the call's [`run`] replaces it with the
/// hook's own error).
pub fn interrupted() -> Error {
    Error::new(ErrorKind::KeyboardInterrupt, "interrupted")
}

/// The state of one interruptible call, on the stack of the thread that runs it.
struct Call {
    /// Set (by the owner) once the hook reported an interrupt; every thread stops on it.
    stop: AtomicBool,
    /// Identifies the owner thread (see [`anchor`]).
    owner: usize,
    /// When (nanoseconds after [`epoch`]) the owner next runs the hook; 0 until the first poll,
    /// which arms it (so a call that never polls never reads the clock).
    next: AtomicU64,
    /// The hook's error, set by the owner.
    error: Mutex<Option<Error>>,
}

/// The clock's origin for [`Call::next`].
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

thread_local! {
    /// The interruptible call this thread works for (null: none). The cell's own address
    /// tells threads apart.
    static CURRENT: Cell<*const Call> = const { Cell::new(std::ptr::null()) };
}

/// Identifies the current thread by its [`CURRENT`] cell.
#[inline]
fn anchor(cell: &Cell<*const Call>) -> usize {
    cell as *const Cell<*const Call> as usize
}

impl Call {
    /// A poll from the thread whose [`CURRENT`] cell is at `thread`.
    #[inline]
    fn poll(&self, thread: usize) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if thread != self.owner {
            return false;
        }
        let now = epoch().elapsed().as_nanos() as u64;
        let next = self.next.load(Ordering::Relaxed);
        if next == 0 || now >= next {
            self.next.store(now + INTERVAL.as_nanos() as u64, Ordering::Relaxed);
        }
        if next == 0 || now < next {
            return false;
        }
        let Some(hook) = hook() else { return false };
        match hook() {
            Ok(()) => false,
            Err(e) => {
                *self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(e);
                self.stop.store(true, Ordering::Relaxed);
                true
            }
        }
    }
}

/// Puts `call` as this thread's current call until dropped (also on unwinding).
struct Enter(*const Call);

impl Enter {
    fn new(call: *const Call) -> Enter {
        Enter(CURRENT.with(|c| c.replace(call)))
    }
}

impl Drop for Enter {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.0));
    }
}

/// Runs `f` as one interruptible call on this thread (see the module doc): kernels inside
/// it that [`poll`] stop once the hook reports an interrupt, and the hook's error is returned
/// in place of `f`'s result. Without a hook this is just `f()`.
#[inline]
pub fn run<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    if HOOK.load(Ordering::Relaxed).is_null() {
        return f();
    }
    CURRENT.with(|cell| {
        let call = Call {
            stop: AtomicBool::new(false),
            owner: anchor(cell),
            next: AtomicU64::new(0),
            error: Mutex::new(None),
        };
        let result = {
            /// Puts the previous call back (also on unwinding).
            struct Restore<'a>(&'a Cell<*const Call>, *const Call);
            impl Drop for Restore<'_> {
                fn drop(&mut self) {
                    self.0.set(self.1);
                }
            }
            let _restore = Restore(cell, cell.replace(&call));
            f()
        };
        if call.stop.load(Ordering::Relaxed) {
            let error = call.error.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            return Err(error.unwrap_or_else(interrupted));
        }
        result
    })
}

/// True when the current call should stop: an interrupt arrived (seen by the thread running
/// the call, which asks the hook at most every [`INTERVAL`]). False outside [`run`] and on
/// threads that work for no call.
#[inline]
pub fn poll() -> bool {
    CURRENT.with(|cell| {
        let call = cell.get();
        if call.is_null() {
            return false;
        }
        // SAFETY: CURRENT holds a call only while it is alive: `run` sets it on the owner for
        // the duration of the call, and `Context::enter` on helper threads for work the call
        // joins before it returns (`Context::enter`'s contract).
        unsafe { &*call }.poll(anchor(cell))
    })
}

/// [`poll`] as a `Result`: `Err` (a `KeyboardInterrupt`) when the call should stop.
#[inline]
pub fn check() -> Result<()> {
    if poll() {
        Err(interrupted())
    } else {
        Ok(())
    }
}

/// The current call of this thread, to hand to helper threads so that their [`poll`] sees its
/// stop flag (the thread pool does this for every task it runs).
#[derive(Clone, Copy)]
pub struct Context(*const Call);

// SAFETY: the pointer is only dereferenced through `Context::enter`, whose contract keeps the
// call alive; `Call` itself is `Sync` (atomics, a mutex, and fields read-only after creation).
unsafe impl Send for Context {}
// SAFETY: as above.
unsafe impl Sync for Context {}

impl Context {
    /// This thread's current call (or none).
    #[inline]
    pub fn current() -> Context {
        Context(CURRENT.with(Cell::get))
    }

    /// Runs `f` on this thread as work for the context's call.
    ///
    /// # Safety
    ///
    /// The call the context was taken from must still be running, and must not return before
    /// `f` does: use it only for work the calling thread joins (a pool scope), never for a
    /// detached thread.
    #[inline]
    pub unsafe fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        if self.0.is_null() {
            return f();
        }
        let _enter = Enter::new(self.0);
        f()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static CALLS: AtomicUsize = AtomicUsize::new(0);
    static FIRE_AFTER: AtomicUsize = AtomicUsize::new(usize::MAX);

    fn test_hook() -> Result<()> {
        let n = CALLS.fetch_add(1, Ordering::SeqCst);
        if n >= FIRE_AFTER.load(Ordering::SeqCst) {
            return Err(Error::new(ErrorKind::KeyboardInterrupt, "from the test hook"));
        }
        Ok(())
    }

    // One test, since the hook is process-wide.
    #[test]
    fn run_poll_and_context() {
        // No hook: nothing ever stops.
        set_hook(None);
        assert!(!poll());
        assert_eq!(run(|| Ok(5)).unwrap(), 5);

        set_hook(Some(test_hook));
        // Outside a call, poll never asks the hook.
        let before = CALLS.load(Ordering::SeqCst);
        assert!(!poll());
        assert_eq!(CALLS.load(Ordering::SeqCst), before);
        // A short call never asks it either (the first check comes INTERVAL after the first poll).
        assert!(!run(|| Ok(poll())).unwrap());
        assert_eq!(CALLS.load(Ordering::SeqCst), before);

        // A long call that polls: the hook fires on its third check; the call's result is
        // replaced by the hook's error, and a helper thread sees the stop flag.
        FIRE_AFTER.store(before + 2, Ordering::SeqCst);
        let helper_saw_stop = AtomicBool::new(false);
        let err = run(|| {
            let context = Context::current();
            while !poll() {
                std::thread::sleep(Duration::from_millis(2));
            }
            std::thread::scope(|s| {
                // SAFETY: the scope joins the thread before the call returns.
                s.spawn(|| unsafe { context.enter(|| helper_saw_stop.store(poll(), Ordering::SeqCst)) });
            });
            assert_eq!(check().unwrap_err().kind, ErrorKind::KeyboardInterrupt);
            Ok("a half-done answer")
        })
        .unwrap_err();
        assert_eq!(err.message, "from the test hook");
        assert!(helper_saw_stop.load(Ordering::SeqCst));
        // The call is over: this thread works for nothing again.
        assert!(!poll());
        set_hook(None);
    }
}
