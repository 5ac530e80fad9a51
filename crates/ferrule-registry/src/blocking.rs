//! Blocking regions: native code lets a frontend's interpreter lock (Python's GIL) go around
//! long work, through hooks the frontend installs. The profiler records how long the lock was
//! released and how long taking it back waited.

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};

use ferrule_sys::{FerruleBlockingEnter, FerruleBlockingLeave};

static ENTER: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());
static LEAVE: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

/// Installs (or with `None`, removes) the frontend's hooks.
pub fn set_hooks(enter: Option<FerruleBlockingEnter>, leave: Option<FerruleBlockingLeave>) {
    ENTER.store(enter.map_or(std::ptr::null_mut(), |f| f as *mut c_void), Ordering::Release);
    LEAVE.store(leave.map_or(std::ptr::null_mut(), |f| f as *mut c_void), Ordering::Release);
}

/// Runs the enter hook; returns its token (null if no hook or nothing released).
pub fn enter() -> *mut c_void {
    let f = ENTER.load(Ordering::Acquire);
    if f.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: only `set_hooks` stores here, from a function pointer of this type.
    let f: FerruleBlockingEnter = unsafe { std::mem::transmute::<*mut c_void, FerruleBlockingEnter>(f) };
    // SAFETY: the frontend's hook follows the ABI.
    let token = unsafe { f() };
    ferrule_core::profiler::lock_released(token as usize);
    token
}

/// Runs the leave hook with a token from [`enter`].
///
/// # Safety
/// `token` is null or came from [`enter`] on this thread and is used once.
pub unsafe fn leave(token: *mut c_void) {
    let f = LEAVE.load(Ordering::Acquire);
    if token.is_null() || f.is_null() {
        return;
    }
    // SAFETY: only `set_hooks` stores here, from a function pointer of this type.
    let f: FerruleBlockingLeave = unsafe { std::mem::transmute::<*mut c_void, FerruleBlockingLeave>(f) };
    // SAFETY: the frontend's hook follows the ABI (the caller's contract for the token).
    ferrule_core::profiler::lock_reacquire(token as usize, || unsafe { f(token) })
}

/// Runs `f` with the frontend's lock released (re-acquired afterwards, also on panic).
pub fn allow_blocking<R>(f: impl FnOnce() -> R) -> R {
    struct Guard(*mut c_void);
    impl Drop for Guard {
        fn drop(&mut self) {
            // SAFETY: the token came from `enter` on this thread, used once.
            unsafe { leave(self.0) };
        }
    }
    let _guard = Guard(enter());
    f()
}
