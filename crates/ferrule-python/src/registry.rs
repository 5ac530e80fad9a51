//! Module-level functions of `ferrule._ferrule` over the global registry and the library.

use std::ffi::{c_char, CString};
use std::ptr::null_mut;
use std::sync::atomic::Ordering;

use ferrule_sys::{type_index as ti, FerruleAny, FerruleAnyPayload};
use pyo3_ffi::*;

use crate::api::api;
use crate::convert::any_into_py;
use crate::error::{raise_kind, raise_native_error};
use crate::function::function_type;
use crate::util::{none, raise, reraise_with_prefix, str_view, type_name};

/// Reads a str argument as UTF-8, raising TypeError naming `what` otherwise.
unsafe fn str_arg<'a>(obj: *mut PyObject, what: &str) -> Option<&'a str> {
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
    unsafe {
        let Some(c) = name_arg(name, "get_global_func", "name") else { return null_mut() };
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().func_get_global)(c.as_ptr(), &mut out, &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        crate::function::wrap(out, name)
    }
}

/// `list_global_func_names() -> list[str]`, sorted.
pub unsafe extern "C" fn list_global_func_names(_m: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    unsafe {
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().func_list_global_names)(&mut out, &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        any_into_py(&FerruleAny { type_index: ti::ARRAY, small_len: 0, payload: FerruleAnyPayload { v_obj: out } })
    }
}

/// Optional str argument (a doc, a signature): None for None; refused like a name when it
/// contains a NUL character.
unsafe fn opt_str(obj: *mut PyObject, function: &str, arg: &str) -> Result<Option<CString>, ()> {
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
            let h = crate::function::handle(func);
            if h.is_null() {
                crate::function::raise_released(func);
                return null_mut();
            }
            (api().object_retain)(h);
            h
        } else if PyCallable_Check(func) != 0 {
            let h = crate::callback::function_from_callable(func, name.to_str().ok());
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
    unsafe { PyLong_FromUnsignedLongLong((api().live_object_count)()) }
}

/// `abi_version() -> int`: the loaded library's ABI version.
pub unsafe extern "C" fn abi_version(_m: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    unsafe { PyLong_FromUnsignedLong(api().abi_version as _) }
}

/// `_set_hook(name, value)`: installs a Python-level helper ("signature", "tensor_prepare",
/// "tensor_repr": callables) or table ("dtype_objects": a dict).
pub unsafe extern "C" fn set_hook(_m: *mut PyObject, args: *mut *mut PyObject, nargs: Py_ssize_t) -> *mut PyObject {
    unsafe {
        if nargs != 2 {
            raise(PyExc_TypeError, "_set_hook(name, callable) takes 2 arguments");
            return null_mut();
        }
        let Some(name) = str_arg(*args, "_set_hook(): name") else { return null_mut() };
        let slot = match name {
            "signature" => &crate::function::SIGNATURE_HOOK,
            "tensor_prepare" => &crate::tensor::PREPARE_HOOK,
            "tensor_repr" => &crate::tensor::REPR_HOOK,
            "op_add" => &crate::tensor::OP_ADD,
            "op_subtract" => &crate::tensor::OP_SUBTRACT,
            "op_multiply" => &crate::tensor::OP_MULTIPLY,
            "op_divide" => &crate::tensor::OP_DIVIDE,
            "op_matmul" => &crate::tensor::OP_MATMUL,
            "dtype_objects" => {
                if PyDict_Check(*args.add(1)) == 0 {
                    raise(PyExc_TypeError, "_set_hook(): 'dtype_objects' takes a dict");
                    return null_mut();
                }
                &crate::tensor::DTYPE_OBJECTS
            }
            other => {
                raise_kind("KeyError", &format!("unknown hook '{other}'"));
                return null_mut();
            }
        };
        let f = *args.add(1);
        Py_INCREF(f);
        Py_XDECREF(slot.swap(f, Ordering::AcqRel));
        none()
    }
}
