//! Floor 4, libferrule's callbacks into the interpreter. May use floors 0–3; no other slot file.
//!
//! The hooks libferrule calls back into the interpreter with: the blocking hooks that let native
//! code drop the GIL around long work, and the signal check that turns Ctrl-C into an error.
//! (Python callables made into native functions live in `convert`, which both directions of
//! their conversion need.)

use std::ffi::c_void;
use std::ptr::null_mut;

use ferrule_sys::FerruleObject;
use pyo3_ffi::*;

use crate::api::api;
use crate::gil::is_finalizing;

unsafe extern "C" fn blocking_enter() -> *mut c_void {
    if is_finalizing() {
        return null_mut();
    }
    // SAFETY: PyGILState_Check is callable without the GIL.
    unsafe {
        if PyGILState_Check() != 0 {
            PyEval_SaveThread() as *mut c_void
        } else {
            null_mut()
        }
    }
}

unsafe extern "C" fn blocking_leave(token: *mut c_void) {
    if !token.is_null() {
        // SAFETY: the token is the thread state blocking_enter saved on this thread.
        unsafe { PyEval_RestoreThread(token as *mut PyThreadState) }
    }
}

/// Installs the GIL-releasing blocking hooks into libferrule, and the signal hook (when the
/// loaded libferrule's API table has it).
pub fn install_blocking_hooks() {
    // SAFETY: plain function pointers with the declared signatures.
    unsafe { (api().set_blocking_hooks)(Some(blocking_enter), Some(blocking_leave)) }
    let needed = std::mem::offset_of!(ferrule_sys::FerruleApi, set_signal_hook) + std::mem::size_of::<usize>();
    if api().struct_size as usize >= needed {
        // SAFETY: the table is long enough to hold the field (checked just above).
        unsafe { (api().set_signal_hook)(Some(check_signals)) }
    }
}

/// libferrule's signal hook, called now and then by long-running native code: runs Python's
/// signal handlers (CPython runs them on the main thread only; elsewhere this finds nothing). A
/// handler's exception (KeyboardInterrupt for Ctrl-C) becomes the native error, carrying the
/// exception object, so the caller's frontend re-raises that very exception.
unsafe extern "C" fn check_signals(err: *mut *mut FerruleObject) -> i32 {
    if is_finalizing() {
        return 0;
    }
    // SAFETY: any thread may take the GIL through PyGILState_Ensure (the interpreter is alive).
    unsafe {
        if Py_IsInitialized() == 0 {
            return 0;
        }
        let gil = PyGILState_Ensure();
        let rc = if PyErr_CheckSignals() != 0 {
            let e = crate::error::take_python_error();
            if err.is_null() {
                (api().object_release)(e);
            } else {
                *err = e;
            }
            1
        } else {
            0
        };
        PyGILState_Release(gil);
        rc
    }
}
