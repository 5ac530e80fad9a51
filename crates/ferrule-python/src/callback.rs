//! Native → Python: Python callables as ferrule function objects, callable from any thread, and
//! the blocking hooks that let native code drop the GIL.

use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

use ferrule_sys::{FerruleAny, FerruleObject};
use pyo3_ffi::*;

use crate::api::api;
use crate::convert::{any_to_py, py_to_any_owned, ConvError};
use crate::error::{native_error, raise_kind, take_python_error};
use crate::util::{display, fetch_exception, reraise_with_prefix, restore_exception, type_name, Owned, SmallVec};

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

/// What a function object made from a Python callable holds: the callable (a strong
/// reference) and, for a registered one, the name it was registered under (for messages).
struct Callback {
    callable: *mut PyObject,
    registered: Option<Box<str>>,
}

unsafe extern "C" fn state_deleter(state: *mut c_void) {
    // SAFETY: `state` is the Box<Callback> made by `function_from_callable`; freed only here.
    let state = unsafe { Box::from_raw(state as *mut Callback) };
    // SAFETY: the callable is the strong reference the state owned.
    unsafe { decref_from_any_thread(state.callable) }
}

/// How messages name a callback: `'module.name' (the Python callable 'qualname')` when it was
/// registered, `the Python callable 'qualname'` otherwise (the innermost of any `__wrapped__`
/// chain, so an adapter shows the user's function). GIL held; leaves no error set.
unsafe fn callback_label(state: &Callback) -> String {
    // SAFETY: the GIL is held (the caller's contract) and `state.callable` is alive.
    unsafe {
        let mut target = Owned(crate::util::new_ref(state.callable));
        // `functools.wraps` and ferrule's own adapters record the wrapped function here
        for _ in 0..8 {
            match Owned::new(PyObject_GetAttrString(target.0, c"__wrapped__".as_ptr())) {
                Some(inner) => target = inner,
                None => {
                    PyErr_Clear();
                    break;
                }
            }
        }
        let name = match Owned::new(PyObject_GetAttrString(target.0, c"__qualname__".as_ptr())) {
            Some(q) if PyUnicode_Check(q.0) != 0 => display(q.0),
            _ => {
                PyErr_Clear();
                format!("<{} object>", type_name(target.0))
            }
        };
        match &state.registered {
            Some(registered) => format!("'{registered}' (the Python callable '{name}')"),
            None => format!("the Python callable '{name}'"),
        }
    }
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
        let rc = call_python(&*(state as *const Callback), args, num_args, out, err);
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
    state: &Callback,
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
            PyObject_Vectorcall(state.callable, slice.as_ptr().add(1), n | PY_VECTORCALL_ARGUMENTS_OFFSET, null_mut())
        };
        for &o in &objs.as_slice()[1..] {
            Py_DECREF(o);
        }
        if result.is_null() {
            *err = take_python_error();
            return -1;
        }
        let converted = py_to_any_owned(result, out);
        let rc = match converted {
            Ok(()) => 0,
            Err(e) => {
                report_result_error(state, result, e);
                *err = take_python_error();
                -1
            }
        };
        Py_DECREF(result);
        rc
    }
}

/// Raises the error for a callback result that cannot become a ferrule value, naming the
/// callback and the result's type; a conversion's own exception (an int too large, a str that
/// is not UTF-8) becomes the `__cause__`, its kind kept.
unsafe fn report_result_error(state: &Callback, result: *mut PyObject, e: ConvError) {
    // SAFETY: the GIL is held; `result` is a live object the caller owns.
    unsafe {
        // (the label runs Python code: no exception may be pending meanwhile)
        let cause = fetch_exception();
        let who = callback_label(state);
        let tp = type_name(result);
        match e {
            ConvError::Unsupported(obj) => {
                let inner = if obj == result {
                    String::new()
                } else {
                    format!(" (holding an item of type '{}')", type_name(obj))
                };
                Py_XDECREF(cause);
                raise_kind(
                    "TypeError",
                    &format!(
                        "{who}: its return value of type '{tp}'{inner} could not be converted to a ferrule value \
                         (expected None, bool, int, float, str, bytes, list, tuple, dict, Tensor or a callable){}",
                        crate::convert::foreign_tensor_hint(obj)
                    ),
                );
            }
            ConvError::Raised => {
                if !cause.is_null() {
                    restore_exception(cause);
                }
                reraise_with_prefix(&format!("{who}: its return value of type '{tp}' could not be converted"));
            }
        }
    }
}

/// Wraps a Python callable as a new native function object (new reference), or NULL with a
/// Python error set.
/// `registered` is the name it is about to be registered under, if any (for messages).
pub unsafe fn function_from_callable(callable: *mut PyObject, registered: Option<&str>) -> *mut FerruleObject {
    unsafe {
        let mut out = null_mut();
        let mut err = null_mut();
        Py_INCREF(callable);
        let state = Box::into_raw(Box::new(Callback { callable, registered: registered.map(Box::from) }));
        let rc = (api().func_create)(Some(trampoline), state.cast(), Some(state_deleter), &mut out, &mut err);
        if rc != 0 {
            drop(Box::from_raw(state));
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
