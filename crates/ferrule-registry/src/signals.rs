//! Interrupts: long-running native code asks the frontend whether the user pressed Ctrl-C,
//! through a hook the frontend installs (Python runs its signal handlers there).

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::time::{Duration, Instant};

use ferrule_sys::{FerruleObject, FerruleSignalCheck};

use crate::error::{Error, ErrorObj, Result};
use crate::object::ObjRef;

static HOOK: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

/// Installs (or with `None`, removes) the frontend's signal hook.
pub fn set_hook(hook: Option<FerruleSignalCheck>) {
    HOOK.store(hook.map_or(std::ptr::null_mut(), |f| f as *mut c_void), Ordering::Release);
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
    Err(Error::new("KeyboardInterrupt", "interrupted"))
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
