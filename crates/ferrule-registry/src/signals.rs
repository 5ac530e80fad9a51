//! Interrupts: long-running native code asks the frontend whether the user pressed Ctrl-C,
//! through a hook the frontend installs (Python runs its signal handlers there).
//!
//! Installing the hook also installs it for the kernels (`ferrule_core::interrupt`), through
//! [`kernel_hook`]: a kernel sees a plain `KeyboardInterrupt` core error, and the frontend's own
//! error waits in a thread-local until the conversion to a registry error picks it up again.

use std::cell::RefCell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::time::{Duration, Instant};

use ferrule_sys::{ErrorKind, FerruleObject, FerruleSignalCheck};

use crate::error::{Error, ErrorObj, Result};
use crate::object::ObjRef;

static HOOK: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

thread_local! {
    /// The frontend's error behind the last interrupt a kernel saw on this thread.
    static INTERRUPT: RefCell<Option<Error>> = const { RefCell::new(None) };
}

/// Installs (or with `None`, removes) the frontend's signal hook, for native functions
/// ([`check`]) and for the kernels (`ferrule_core::interrupt`).
pub fn set_hook(hook: Option<FerruleSignalCheck>) {
    HOOK.store(hook.map_or(std::ptr::null_mut(), |f| f as *mut c_void), Ordering::Release);
    ferrule_core::interrupt::set_hook(hook.map(|_| kernel_hook as ferrule_core::interrupt::Hook));
}

/// The kernels' hook: [`check`], with the frontend's error kept for [`take_interrupt`].
fn kernel_hook() -> ferrule_core::Result<()> {
    check().map_err(|e| {
        let message = e.message().to_string();
        INTERRUPT.with(|slot| *slot.borrow_mut() = Some(e));
        ferrule_core::Error::new(ferrule_core::ErrorKind::KeyboardInterrupt, message)
    })
}

/// The frontend's error behind the last interrupt a kernel saw on this thread (once).
pub fn take_interrupt() -> Option<Error> {
    INTERRUPT.with(|slot| slot.borrow_mut().take())
}

/// Runs the hook: `Ok(())` when there is none or nothing is pending, else the error it reported
/// (kind `KeyboardInterrupt` for Ctrl-C), which the caller should return.
pub fn check() -> Result<()> {
    let f = HOOK.load(Ordering::Acquire);
    if f.is_null() {
        return Ok(());
    }
    // SAFETY: only `set_hook` stores here, from a function pointer of this type.
    let f: FerruleSignalCheck = unsafe { std::mem::transmute::<*mut c_void, FerruleSignalCheck>(f) };
    let mut err: *mut FerruleObject = std::ptr::null_mut();
    // SAFETY: the frontend's hook follows the ABI.
    if unsafe { f(&mut err) } == 0 {
        return Ok(());
    }
    // SAFETY: on a non-zero return the hook handed us a new error object; anything else (against
    // the ABI) is released and reported as a plain KeyboardInterrupt.
    unsafe {
        if ObjRef::<ErrorObj>::downcast(err).is_some() {
            return Err(Error::from_object(ObjRef::from_raw(err)));
        }
        if !err.is_null() {
            crate::object::release(err);
        }
    }
    Err(Error::new(ErrorKind::KeyboardInterrupt, "interrupted"))
}

/// How often [`Throttle::check`] really asks the frontend (asking takes the interpreter's lock).
pub const CHECK_INTERVAL: Duration = Duration::from_millis(20);

/// Calls [`check`] at most every [`CHECK_INTERVAL`]: a loop calls `throttle.check()?` every
/// iteration (or every few) and pays a clock read, not a lock, on most of them.
pub struct Throttle {
    last: Instant,
}

impl Default for Throttle {
    fn default() -> Self {
        Throttle { last: Instant::now() }
    }
}

impl Throttle {
    /// See the type's doc.
    pub fn check(&mut self) -> Result<()> {
        let now = Instant::now();
        if now.duration_since(self.last) < CHECK_INTERVAL {
            return Ok(());
        }
        self.last = now;
        check()
    }
}
