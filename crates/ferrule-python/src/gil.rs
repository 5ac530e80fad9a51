//! Floor 0 (bottom). May use nothing else in the crate.
//!
//! The GIL and the error indicator: taking the GIL from any thread, knowing when the interpreter
//! is gone, and taking or restoring the raised exception (one implementation per CPython era).

use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3_ffi::*;

/// `Py_IsFinalizing` (3.13+) or `_Py_IsFinalizing` (3.10–3.12), resolved once at init so one
/// build works on every version.
static IS_FINALIZING: AtomicUsize = AtomicUsize::new(0);

/// Resolves the interpreter's finalizing probe. Called from module init.
pub fn init_finalizing_probe() {
    for name in [c"Py_IsFinalizing", c"_Py_IsFinalizing"] {
        // SAFETY: symbol lookup in the process's global scope.
        let sym = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) };
        if !sym.is_null() {
            IS_FINALIZING.store(sym as usize, Ordering::Release);
            return;
        }
    }
}

/// Whether the interpreter is shutting down (then no Python object may be touched).
pub fn is_finalizing() -> bool {
    let f = IS_FINALIZING.load(Ordering::Acquire);
    if f == 0 {
        return false;
    }
    // SAFETY: the symbol is `int (*)(void)` in every supported version; safe without the GIL.
    let f: unsafe extern "C" fn() -> i32 = unsafe { std::mem::transmute(f) };
    // SAFETY: the probe reads interpreter state only and may be called without the GIL (its documented use).
    unsafe { f() != 0 }
}

/// Drops a strong reference from any thread (a native deleter may run anywhere). Skipped while
/// the interpreter finalizes, when the object is reclaimed with the interpreter anyway.
pub unsafe fn decref_from_any_thread(obj: *mut PyObject) {
    if obj.is_null() || is_finalizing() {
        return;
    }
    // SAFETY: PyGILState_Ensure may be called from any thread while the interpreter is alive (checked just above);
    // the caller owns the reference dropped, which the GIL now protects.
    unsafe {
        let gil = PyGILState_Ensure();
        Py_DECREF(obj);
        PyGILState_Release(gil);
    }
}

/// Takes the raised exception, normalised and with its traceback attached: a new reference, or
/// NULL when none was raised. Clears the error indicator. CPython 3.12 keeps the raised exception
/// as one normalised object (`PyErr_GetRaisedException`) and deprecates the fetch/normalize
/// triple, which earlier versions need.
pub unsafe fn fetch_exception() -> *mut PyObject {
    #[cfg(Py_3_12)]
    // SAFETY: the GIL is held (caller's contract); the returned reference is ours.
    unsafe {
        PyErr_GetRaisedException()
    }
    #[cfg(not(Py_3_12))]
    // SAFETY: the GIL is held (caller's contract); the fetched references are ours.
    unsafe {
        let (mut tp, mut value, mut tb) = (null_mut(), null_mut(), null_mut());
        PyErr_Fetch(&mut tp, &mut value, &mut tb);
        if tp.is_null() {
            return null_mut();
        }
        PyErr_NormalizeException(&mut tp, &mut value, &mut tb);
        if !tb.is_null() && !value.is_null() {
            PyException_SetTraceback(value, tb);
        }
        Py_XDECREF(tp);
        Py_XDECREF(tb);
        value
    }
}

/// Raises the exception instance `exc`, taking over the reference; its traceback is kept (the
/// interpreter then appends the caller's frames, as for an exception that never left Python).
pub unsafe fn restore_exception(exc: *mut PyObject) {
    #[cfg(Py_3_12)]
    // SAFETY: the GIL is held; PyErr_SetRaisedException takes over the reference.
    unsafe {
        PyErr_SetRaisedException(exc)
    }
    #[cfg(not(Py_3_12))]
    // SAFETY: the GIL is held; PyErr_Restore takes over the three references.
    unsafe {
        let tb = PyException_GetTraceback(exc);
        let tp = Py_TYPE(exc) as *mut PyObject;
        Py_INCREF(tp);
        PyErr_Restore(tp, exc, tb);
    }
}
