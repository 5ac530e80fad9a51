//! Native → Python: Python callables as ferrule function objects, callable from any thread, and
//! the blocking hooks that let native code drop the GIL.

use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

use ferrule_sys::{FerruleAny, FerruleObject};
use pyo3_ffi::*;

use crate::api::api;
use crate::convert::{any_to_py, py_to_any_owned};
use crate::error::{native_error, take_python_error};
use crate::util::SmallVec;

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
    unsafe { f() != 0 }
}

/// Drops a strong reference from any thread (a native deleter may run anywhere). Skipped while
/// the interpreter finalizes, when the object is reclaimed with the interpreter anyway.
pub unsafe fn decref_from_any_thread(obj: *mut PyObject) {
    if obj.is_null() || is_finalizing() {
        return;
    }
    unsafe {
        let gil = PyGILState_Ensure();
        Py_DECREF(obj);
        PyGILState_Release(gil);
    }
}

unsafe extern "C" fn state_deleter(state: *mut c_void) {
    unsafe { decref_from_any_thread(state as *mut PyObject) }
}

/// The trampoline: a native call of a function object created from a Python callable. `state` is
/// the callable (a strong reference owned by the function object).
unsafe extern "C" fn trampoline(
    state: *mut c_void,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    if is_finalizing() {
        // SAFETY: err is a valid out-parameter by the calling convention.
        unsafe { *err = native_error("RuntimeError", "Python is finalizing; the callback was not called") };
        return -1;
    }
    let result = ferrule_sys::panics::catch(|| unsafe {
        let gil = PyGILState_Ensure();
        let rc = call_python(state as *mut PyObject, args, num_args, out, err);
        PyGILState_Release(gil);
        rc
    });
    result.unwrap_or_else(|panic| {
        // SAFETY: as above.
        unsafe {
            *err = native_error("RuntimeError", &format!("ferrule: panic in the Python callback trampoline: {panic}"))
        };
        -1
    })
}

/// The body of the trampoline, with the GIL held.
unsafe fn call_python(
    callable: *mut PyObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    unsafe {
        let n = num_args.max(0) as usize;
        let args = if n == 0 { &[][..] } else { std::slice::from_raw_parts(args, n) };
        // One spare slot in front lets CPython prepend `self` without copying (PY_VECTORCALL_ARGUMENTS_OFFSET).
        let mut objs: SmallVec<*mut PyObject, 9> = SmallVec::new();
        objs.push(null_mut());
        let mut failed = false;
        for a in args {
            let o = any_to_py(a);
            if o.is_null() {
                failed = true;
                break;
            }
            objs.push(o);
        }
        let result = if failed {
            null_mut()
        } else {
            let slice = objs.as_slice();
            PyObject_Vectorcall(callable, slice.as_ptr().add(1), n | PY_VECTORCALL_ARGUMENTS_OFFSET, null_mut())
        };
        for &o in &objs.as_slice()[1..] {
            Py_DECREF(o);
        }
        if result.is_null() {
            *err = take_python_error();
            return -1;
        }
        let rc = py_to_any_owned(result, out);
        Py_DECREF(result);
        if rc != 0 {
            *err = take_python_error();
            return -1;
        }
        0
    }
}

/// Wraps a Python callable as a new native function object (new reference), or NULL with a
/// Python error set.
pub unsafe fn function_from_callable(callable: *mut PyObject) -> *mut FerruleObject {
    unsafe {
        let mut out = null_mut();
        let mut err = null_mut();
        Py_INCREF(callable);
        let rc =
            (api().func_create)(Some(trampoline), callable as *mut c_void, Some(state_deleter), &mut out, &mut err);
        if rc != 0 {
            Py_DECREF(callable);
            crate::error::raise_native_error(err);
            return null_mut();
        }
        out
    }
}

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
