//! Floor 5 (top), the module. May use every floor below.
//!
//! `ferrule._ferrule`: the CPython extension of ferrule, written against the raw C API.
//!
//! It reaches libferrule only through the `FerruleApi` table of the library it loads at import
//! (see [`api`]), so the process has one registry shared by Python, plugins, Go and ctypes.
//! Hot paths (calling a `Function`, converting values) are hand-written vectorcall code.

//! # Floors
//!
//! The files stand in floors; a file uses its own floor or those below, never above, and no two
//! files reach each other (`tools/check_imports.py`, run by `make lint`, reads the first line of
//! every module doc):
//!
//! | Floor | Files | What |
//! |---|---|---|
//! | 0 | `api`, `util`, `gil`, `names` | the API table, CPython helpers, the GIL and the raised exception, dtype/device names |
//! | 1 | `types`, `hooks` | instance layouts, type objects, `handle`/`wrap`; the Python helpers installed once |
//! | 2 | `error` | ferrule errors ⇄ Python exceptions |
//! | 3 | `convert`, `info` | values ⇄ Python objects (and callables as native functions); function metadata |
//! | 4 | `function`, `tensor`, `dlpack`, `protocols`, `callback` | the types' slots and methods (numpy's protocols); libferrule's callbacks |
//! | 5 | `registry`, `lib` | module functions and initialisation |
//!
//! Tensor identity and preservation: docs/pyobject-preservation.md.

#![allow(clippy::missing_safety_doc)]

mod api;
mod callback;
mod convert;
mod dlpack;
mod error;
mod function;
mod gil;
mod hooks;
mod info;
mod names;
mod protocols;
mod registry;
mod tensor;
mod types;
mod util;

use std::ptr::null_mut;

use pyo3_ffi::*;

use crate::util::{leak, method_fastcall, method_noargs, method_o, raise};

/// Adds `value` (a new reference, may be NULL) to the module under `name`.
unsafe fn add(module: *mut PyObject, name: &std::ffi::CStr, value: *mut PyObject) -> bool {
    // SAFETY: the GIL is held (module init); `module` is the live module object and `value` a new reference or NULL,
    // which is released after PyModule_AddObjectRef took its own.
    unsafe {
        if value.is_null() {
            return false;
        }
        let rc = PyModule_AddObjectRef(module, name.as_ptr(), value);
        Py_DECREF(value);
        rc == 0
    }
}

/// The module's initialisation function, found by the interpreter by its name.
///
/// # Safety
/// Called by CPython with the GIL held, once per import.
#[allow(non_snake_case)]
#[no_mangle]
pub unsafe extern "C" fn PyInit__ferrule() -> *mut PyObject {
    // SAFETY: CPython calls this with the GIL held, once per import; every table handed to it is leaked, so it
    // outlives the module and its types.
    unsafe {
        if let Err(message) = api::load() {
            raise(PyExc_ImportError, &message);
            return null_mut();
        }
        gil::init_finalizing_probe();
        callback::install_blocking_hooks();

        let methods = leak(vec![
            method_o(c"get_global_func", registry::get_global_func, c"get_global_func($module, name, /)\n--\n\nThe function registered under `name` (KeyError if none)."),
            method_noargs(c"list_global_func_names", registry::list_global_func_names, c"list_global_func_names($module, /)\n--\n\nThe names of all registered functions, sorted."),
            method_fastcall(c"_register_func", registry::register_func, c"_register_func($module, name, func, doc, signature, flags, /)\n--\n\nRegisters a Function or callable (use ferrule.ffi.register_func)."),
            method_o(c"remove_global_func", registry::remove_global_func, c"remove_global_func($module, name, /)\n--\n\nRemoves a registered function (KeyError if none)."),
            method_o(c"load_library", registry::load_library, c"load_library($module, path, /)\n--\n\nLoads a plugin library, which registers its functions."),
            method_noargs(c"live_object_count", registry::live_object_count, c"live_object_count($module, /)\n--\n\nNumber of live libferrule heap objects (for leak tests)."),
            method_noargs(c"abi_version", registry::abi_version, c"abi_version($module, /)\n--\n\nThe ABI version of the loaded libferrule."),
            method_fastcall(c"_builtin", function::make_builtin, c"_builtin($module, func, name, doc, module, /)\n--\n\nA builtin function calling func (what the namespace and init_api modules hold)."),
            util::method_kw(
                c"_install_hooks",
                hooks::install_hooks,
                c"_install_hooks($module, /, *, error_types, signature, tensor_prepare, tensor_repr, dtype_objects, dtype_convert, op_add, op_subtract, op_multiply, op_divide, op_matmul)\n--\n\nHands the extension the Python helpers it calls (once, from the ferrule package).",
            ),
            util::method_kw(
                c"from_dlpack",
                dlpack::from_dlpack,
                c"from_dlpack($module, x, /, *, device=None, copy=None)\n--\n\nA Tensor sharing the memory of x, any DLPack producer (numpy, torch, ferrule); copy=True asks the producer for a copy.",
            ),
            method_fastcall(c"_set_array_protocols", protocols::set_array_protocols, c"_set_array_protocols($module, ufuncs, ufunc_fallback, alone, functions, function_fallback, /)\n--\n\nHands Tensor's numpy protocols their tables and Python implementations (once, from ferrule._interop)."),
            method_fastcall(c"_tensor_from_data", tensor::tensor_from_data, c"_tensor_from_data($module, data, dtype=None, /)\n--\n\nCopies array-like data into a new Tensor."),
            std::mem::zeroed(),
        ]);
        let def = leak(vec![PyModuleDef {
            m_base: PyModuleDef_HEAD_INIT,
            m_name: c"ferrule._ferrule".as_ptr(),
            m_doc: c"The native core of ferrule: functions, registry, tensors (see ferrule.ffi).".as_ptr(),
            m_size: -1,
            m_methods: methods,
            m_slots: null_mut(),
            m_traverse: None,
            m_clear: None,
            m_free: None,
        }]);
        let module = PyModule_Create(def);
        if module.is_null() {
            return null_mut();
        }
        tensor::install_release_hook();
        let path = api::library_path().unwrap_or("");
        let ok = add(module, c"Function", function::create_type())
            && add(module, c"Tensor", tensor::create_type())
            && add(module, c"library_path", util::py_str(path))
            && add(module, c"ABI_VERSION", PyLong_FromLong(ferrule_sys::FERRULE_ABI_VERSION as _))
            && add(module, c"REGISTER_OVERRIDE", PyLong_FromLong(ferrule_sys::FERRULE_REGISTER_OVERRIDE as _))
            && add(module, c"FUNC_LONG_RUNNING", PyLong_FromLong(ferrule_sys::FERRULE_FUNC_LONG_RUNNING as _));
        if !ok {
            Py_DECREF(module);
            return null_mut();
        }
        module
    }
}
