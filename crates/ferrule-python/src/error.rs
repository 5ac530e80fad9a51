//! Floor 2, errors. May use floors 0–1 (`api`, `util`, `gil`, `types`, `hooks`).
//!
//! The one place where ferrule errors and Python exceptions are mapped onto each other.
//!
//! Native → Python: an error carrying our payload (a Python exception that a callback raised) is
//! re-raised as that very object, traceback included; any other error becomes the class that
//! `ferrule.error` registered for its kind (`ferrule.ValueError`, …) with `.kind` and `.context`.
//! Python → native: the kind is the nearest known builtin exception class in the MRO.

use std::ffi::{c_void, CStr};
use std::ptr::null_mut;
use std::sync::atomic::Ordering;

use ferrule_sys::{ErrorKind, FerruleObject};
use pyo3_ffi::*;

use crate::api::api;
use crate::gil::{decref_from_any_thread, fetch_exception, restore_exception};
use crate::hooks::HOOKS;
use crate::util::{c_string, display, py_str, raise, Owned};

/// Identifies payloads attached by this extension (its address is what matters).
pub static PAYLOAD_OWNER: u8 = 0;

#[inline]
fn owner() -> *const c_void {
    &PAYLOAD_OWNER as *const u8 as *const c_void
}

/// The builtin class of a kind (every kind is a Python exception name; an exhaustive match, so a
/// kind added to `ferrule_sys::ErrorKind` must be mapped here before this compiles).
fn builtin_class(kind: ErrorKind) -> *mut PyObject {
    // SAFETY: reading the addresses of CPython's builtin exception classes, which live as long as the interpreter.
    unsafe {
        match kind {
            ErrorKind::TypeError => PyExc_TypeError,
            ErrorKind::ValueError => PyExc_ValueError,
            ErrorKind::IndexError => PyExc_IndexError,
            ErrorKind::KeyError => PyExc_KeyError,
            ErrorKind::NotImplementedError => PyExc_NotImplementedError,
            ErrorKind::MemoryError => PyExc_MemoryError,
            ErrorKind::RuntimeError => PyExc_RuntimeError,
            ErrorKind::BufferError => PyExc_BufferError,
            ErrorKind::OverflowError => PyExc_OverflowError,
            ErrorKind::ZeroDivisionError => PyExc_ZeroDivisionError,
            ErrorKind::AttributeError => PyExc_AttributeError,
            ErrorKind::OSError => PyExc_OSError,
            ErrorKind::KeyboardInterrupt => PyExc_KeyboardInterrupt,
        }
    }
}

/// The ferrule exception class for the kind named `kind` (borrowed): the one registered for it,
/// else (for an error kind) the registered fallback (RuntimeError), else the builtin.
pub unsafe fn class_for_kind(kind: &str) -> *mut PyObject {
    let known = ErrorKind::from_name(kind);
    // SAFETY: the caller holds the GIL; the mapping is NULL or the dict the hooks own until exit, and the class
    // returned is borrowed from it (or a builtin).
    unsafe {
        let types = HOOKS.error_types.load(Ordering::Acquire);
        if !types.is_null() {
            let key = c_string(kind);
            let cls = PyDict_GetItemString(types, key.as_ptr());
            if !cls.is_null() {
                return cls;
            }
            if !known.is_some_and(ErrorKind::is_interrupt) {
                let cls = PyDict_GetItemString(types, ErrorKind::FALLBACK.c_name().as_ptr());
                if !cls.is_null() {
                    return cls;
                }
            }
        }
        builtin_class(known.unwrap_or(ErrorKind::FALLBACK))
    }
}

/// Raises a ferrule exception of `kind` with `message` (no native error involved).
pub unsafe fn raise_kind(kind: ErrorKind, message: &str) {
    // SAFETY: the caller holds the GIL; `exc` is our new reference, dropped once after PyErr_SetObject took its own.
    unsafe {
        let exc = make_exception(kind.name(), message, "");
        if !exc.is_null() {
            PyErr_SetObject(Py_TYPE(exc) as *mut PyObject, exc);
            Py_DECREF(exc);
        }
    }
}

/// Builds (does not raise) `cls(message)` with `.kind` and `.context` set. New reference or NULL.
unsafe fn make_exception(kind: &str, message: &str, context: &str) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; each new reference is owned by an `Owned` or handed to the list
    // (PyList_SET_ITEM steals it into a fresh list's empty slot).
    unsafe {
        let cls = class_for_kind(kind);
        let Some(msg) = Owned::new(py_str(message)) else { return null_mut() };
        let Some(exc) = Owned::new(PyObject_CallOneArg(cls, msg.0)) else { return null_mut() };
        if PyExceptionInstance_Check(exc.0) == 0 {
            raise(PyExc_TypeError, "ferrule: a registered error class did not produce an exception");
            return null_mut();
        }
        let Some(kind_obj) = Owned::new(py_str(kind)) else { return null_mut() };
        let lines: Vec<&str> = context.lines().filter(|l| !l.is_empty()).collect();
        let Some(ctx) = Owned::new(PyList_New(lines.len() as Py_ssize_t)) else { return null_mut() };
        for (i, line) in lines.iter().enumerate() {
            let s = py_str(line);
            if s.is_null() {
                return null_mut();
            }
            PyList_SET_ITEM(ctx.0, i as Py_ssize_t, s);
        }
        // Builtin classes without a __dict__ (when the mapping is not installed) refuse attributes;
        // the exception is still right, so ignore that.
        if PyObject_SetAttrString(exc.0, c"kind".as_ptr(), kind_obj.0) != 0
            || PyObject_SetAttrString(exc.0, c"context".as_ptr(), ctx.0) != 0
        {
            PyErr_Clear();
        }
        exc.into_ptr()
    }
}

unsafe fn c_text<'a>(p: *const std::ffi::c_char) -> std::borrow::Cow<'a, str> {
    if p.is_null() {
        "".into()
    } else {
        // SAFETY: `p` is non-NULL here and, by the caller's contract, a NUL-terminated string alive for `'a`.
        unsafe { CStr::from_ptr(p) }.to_string_lossy()
    }
}

/// Converts a native error object (borrowed) into a Python exception instance (new reference,
/// not raised). The original exception object when the error carries our payload.
pub unsafe fn error_to_exception(err: *mut FerruleObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `err` is a live error object; the payload with our owner tag is a strong
    // reference to an exception, borrowed from the error and given its own reference here.
    unsafe {
        let a = api();
        let payload = (a.error_payload)(err, owner()) as *mut PyObject;
        if !payload.is_null() {
            Py_INCREF(payload);
            return payload;
        }
        let kind = c_text((a.error_kind)(err));
        let message = c_text((a.error_message)(err));
        let context = c_text((a.error_context)(err));
        let kind = if kind.is_empty() { ErrorKind::FALLBACK.name().into() } else { kind };
        make_exception(&kind, &message, &context)
    }
}

/// Raises the Python exception for a native error and releases the error (we own it).
pub unsafe fn raise_native_error(err: *mut FerruleObject) {
    // SAFETY: the caller holds the GIL and owns `err`, released exactly once here; `exc` is a new reference that
    // PyErr_SetRaisedException (or Restore) takes over.
    unsafe {
        if err.is_null() {
            raise(PyExc_RuntimeError, "ferrule: native call failed without an error object");
            return;
        }
        let exc = error_to_exception(err);
        (api().object_release)(err);
        if exc.is_null() {
            return;
        }
        // Keeps the traceback the exception already carries.
        restore_exception(exc);
    }
}

/// Frees a payload (a strong reference to a Python exception) from any thread.
pub unsafe extern "C" fn decref_payload(payload: *mut c_void) {
    // SAFETY: libferrule calls the deleter once, from any thread, with the payload `error_from_exception` attached: a
    // strong reference to an exception, which decref_from_any_thread drops under the GIL.
    unsafe { decref_from_any_thread(payload as *mut PyObject) }
}

/// The kind of a Python exception instance: the nearest builtin class of a kind in its MRO.
pub unsafe fn kind_of_exception(exc: *mut PyObject) -> ErrorKind {
    // SAFETY: the caller holds the GIL and `exc` is a live exception instance; its type's `tp_mro` is NULL or a tuple
    // of live classes.
    unsafe {
        let mro = (*Py_TYPE(exc)).tp_mro;
        if mro.is_null() || PyTuple_Check(mro) == 0 {
            return ErrorKind::FALLBACK;
        }
        for i in 0..PyTuple_GET_SIZE(mro) {
            let cls = PyTuple_GET_ITEM(mro, i);
            if let Some(&kind) = ErrorKind::ALL.iter().find(|&&kind| builtin_class(kind) == cls) {
                return kind;
            }
        }
        ErrorKind::FALLBACK
    }
}

/// Takes the currently raised Python exception and turns it into a new native error that carries
/// the exception object as payload. Clears the Python error indicator. GIL held.
pub unsafe fn take_python_error() -> *mut FerruleObject {
    // SAFETY: the caller holds the GIL; the fetched exception is a new reference, dropped after the error took its
    // own.
    unsafe {
        let value = fetch_exception();
        if value.is_null() {
            let mut e = null_mut();
            (api().error_create)(ErrorKind::FALLBACK.c_name().as_ptr(), c"unknown Python error".as_ptr(), &mut e);
            return e;
        }
        let e = error_from_exception(value);
        Py_DECREF(value);
        e
    }
}

/// A new native error describing the exception instance `exc` (borrowed) and carrying it as
/// payload, so converting the error back gives the same object.
pub unsafe fn error_from_exception(exc: *mut PyObject) -> *mut FerruleObject {
    // SAFETY: the caller holds the GIL and `exc` is live; the error gets its own reference on `exc`, freed by
    // `decref_payload` when the error dies.
    unsafe {
        let message = c_string(&display(exc));
        let mut e = null_mut();
        (api().error_create)(kind_of_exception(exc).c_name().as_ptr(), message.as_ptr(), &mut e);
        Py_INCREF(exc);
        (api().error_set_payload)(e, owner(), exc as *mut c_void, Some(decref_payload));
        e
    }
}

/// A new native error of `kind` with `message` (no payload).
pub fn native_error(kind: ErrorKind, message: &str) -> *mut FerruleObject {
    let m = c_string(message);
    let mut e = null_mut();
    // SAFETY: error_create never fails and accepts any NUL-terminated strings.
    unsafe { (api().error_create)(kind.c_name().as_ptr(), m.as_ptr(), &mut e) };
    e
}

/// Re-raises the current exception as `kind` with `prefix: <its message>`, the original kept as
/// `__cause__` (so the new message says where, and the traceback still says why). Raises a
/// plain `kind(prefix)` when nothing was raised.
pub unsafe fn reraise_with_prefix(prefix: &str) {
    // SAFETY: the GIL is held; every reference fetched is either restored or dropped once.
    unsafe {
        let cause = fetch_exception();
        if cause.is_null() {
            raise_kind(ErrorKind::RuntimeError, prefix);
            return;
        }
        let kind = kind_of_exception(cause);
        raise_kind(kind, &format!("{prefix}: {}", display(cause)));
        let raised = fetch_exception();
        if raised.is_null() {
            restore_exception(cause); // building the new one failed: the original stands
            return;
        }
        PyException_SetCause(raised, cause); // steals `cause`
        restore_exception(raised);
    }
}

/// Raises `ferrule.ValueError` for a call on a released Function.
pub unsafe fn raise_released(obj: *mut PyObject) {
    // SAFETY: the caller holds the GIL and `obj` is a live Function.
    unsafe {
        let name = crate::types::display_name(obj as *mut crate::types::PyFunction);
        raise_kind(ErrorKind::ValueError, &format!("Function '{name}' has been released"));
    }
}
