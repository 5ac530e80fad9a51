//! Floor 5 (top), the module's functions. May use every floor below.
//!
//! Module-level functions of `ferrule._ferrule` over the global registry and the library.

use std::ffi::{c_char, CString};
use std::ptr::null_mut;

use ferrule_sys::{type_index as ti, FerruleAny, FerruleAnyPayload};
use pyo3_ffi::*;

use crate::api::api;
use crate::convert::any_into_py;
use crate::error::{raise_native_error, raise_released, reraise_with_prefix};
use crate::types::{function_handle, function_type, wrap_function};
use crate::util::{none, raise, str_view, type_name};

/// Reads a str argument as UTF-8, raising TypeError naming `what` otherwise.
unsafe fn str_arg<'a>(obj: *mut PyObject, what: &str) -> Option<&'a str> {
    // SAFETY: the caller holds the GIL and `obj` is live; the returned view lives in `obj` (see str_view).
    unsafe {
        if PyUnicode_Check(obj) == 0 {
            raise(PyExc_TypeError, &format!("{what} must be a str, not '{}'", type_name(obj)));
            return None;
        }
        let text = str_view(obj);
        if text.is_none() {
            // (a str with lone surrogates has no UTF-8 form)
            reraise_with_prefix(&format!("{what} is not valid text"));
        }
        text
    }
}

/// A str argument that is a name (of a function, a path) as a C string: TypeError if not a str,
/// ValueError if it contains a NUL character (a C string would silently end there).
unsafe fn name_arg(obj: *mut PyObject, function: &str, arg: &str) -> Option<CString> {
    // SAFETY: the caller holds the GIL and `obj` is live.
    unsafe {
        let text = str_arg(obj, &format!("{function}(): {arg}"))?;
        match CString::new(text) {
            Ok(c) => Some(c),
            Err(_) => {
                raise(PyExc_ValueError, &format!("{function}(): {arg} must not contain NUL characters"));
                None
            }
        }
    }
}

/// `get_global_func(name) -> Function`; KeyError if nothing is registered under `name`.
pub unsafe extern "C" fn get_global_func(_m: *mut PyObject, name: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held and a live argument; `out` receives one reference,
    // which the new Function takes over.
    unsafe {
        let Some(c) = name_arg(name, "get_global_func", "name") else { return null_mut() };
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().func_get_global)(c.as_ptr(), &mut out, &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        wrap_function(out, name)
    }
}

/// `list_global_func_names() -> list[str]`, sorted.
pub unsafe extern "C" fn list_global_func_names(_m: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held; `out` is an array object whose one reference the
    // conversion takes over.
    unsafe {
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().func_list_global_names)(&mut out, &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        any_into_py(&mut FerruleAny { type_index: ti::ARRAY, small_len: 0, payload: FerruleAnyPayload { v_obj: out } })
    }
}

/// Optional str argument (a doc, a signature): None for None; refused like a name when it
/// contains a NUL character.
unsafe fn opt_str(obj: *mut PyObject, function: &str, arg: &str) -> Result<Option<CString>, ()> {
    // SAFETY: the caller holds the GIL and `obj` is live.
    unsafe {
        if obj == Py_None() {
            return Ok(None);
        }
        name_arg(obj, function, arg).map(Some).ok_or(())
    }
}

/// `_register_func(name, func, doc, signature, flags)`: registers a Function or any callable.
pub unsafe extern "C" fn register_func(
    _m: *mut PyObject,
    args: *mut *mut PyObject,
    nargs: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: CPython calls a METH_FASTCALL function with the GIL held and `nargs` live arguments at `args`; `handle`
    // is one reference we own, released once after the registry took its own.
    unsafe {
        if nargs != 5 {
            raise(PyExc_TypeError, "_register_func(name, func, doc, signature, flags) takes 5 arguments");
            return null_mut();
        }
        let a = std::slice::from_raw_parts(args, 5);
        let Some(name) = name_arg(a[0], "register_func", "name") else { return null_mut() };
        let Ok(doc) = opt_str(a[2], "register_func", "doc") else { return null_mut() };
        let Ok(signature) = opt_str(a[3], "register_func", "signature") else { return null_mut() };
        let flags = PyLong_AsLong(a[4]);
        if flags == -1 && !PyErr_Occurred().is_null() {
            return null_mut();
        }
        let func = a[1];
        let handle = if Py_TYPE(func) == function_type() {
            let h = function_handle(func);
            if h.is_null() {
                raise_released(func);
                return null_mut();
            }
            (api().object_retain)(h);
            h
        } else if PyCallable_Check(func) != 0 {
            let h = crate::convert::function_from_callable(func, name.to_str().ok());
            if h.is_null() {
                return null_mut();
            }
            h
        } else {
            raise(PyExc_TypeError, &format!("register_func(): expected a callable, not '{}'", type_name(func)));
            return null_mut();
        };
        let mut err = null_mut();
        let rc = (api().func_set_global)(
            name.as_ptr(),
            handle,
            doc.as_ref().map_or(std::ptr::null(), |d| d.as_ptr()),
            signature.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            flags as i32,
            &mut err,
        );
        (api().object_release)(handle);
        if rc != 0 {
            raise_native_error(err);
            return null_mut();
        }
        none()
    }
}

/// `remove_global_func(name)`; KeyError if nothing is registered under `name`.
pub unsafe extern "C" fn remove_global_func(_m: *mut PyObject, name: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held and a live argument.
    unsafe {
        let Some(c) = name_arg(name, "remove_global_func", "name") else { return null_mut() };
        let mut err = null_mut();
        if (api().func_remove_global)(c.as_ptr(), &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        none()
    }
}

/// `load_library(path)`: loads a plugin library into the process-wide registry.
pub unsafe extern "C" fn load_library(_m: *mut PyObject, path: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held; the thread state saved before the load is restored on
    // this thread right after it.
    unsafe {
        let Some(c) = name_arg(path, "load_library", "path") else { return null_mut() };
        let mut err = null_mut();
        // plugin initialisers may run for a while and may call back into Python from threads
        let ts = PyEval_SaveThread();
        let rc = (api().library_load)(c.as_ptr() as *const c_char, &mut err);
        PyEval_RestoreThread(ts);
        if rc != 0 {
            raise_native_error(err);
            return null_mut();
        }
        none()
    }
}

/// `live_object_count() -> int`: heap objects alive in libferrule (for leak tests).
pub unsafe extern "C" fn live_object_count(_m: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held; the API table is loaded before the module exists.
    unsafe { PyLong_FromUnsignedLongLong((api().live_object_count)()) }
}

/// `abi_version() -> int`: the loaded library's ABI version.
pub unsafe extern "C" fn abi_version(_m: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held; the API table is loaded before the module exists.
    unsafe { PyLong_FromUnsignedLong(api().abi_version as _) }
}
