//! Floor 4, a type's methods. May use floors 0–3.
//!
//! numpy's protocols on `ferrule.Tensor`, `__array_ufunc__` and `__array_function__`, with the
//! common calls in native code: `np.sin(t)` and `np.add(t, x)` (a ufunc with ferrule's function
//! of that name, no keywords) and `np.sum(t)` (a numpy function with the tensor alone, or with
//! tensors as the only array types) go straight to the ferrule function, which is what keeps
//! the protocol's added cost near numpy's own dispatch. Every other call (keywords, ufunc
//! methods, foreign arrays, a function ferrule lacks, an error) goes to the Python
//! implementation in `ferrule/_interop.py`, which also fills the tables; a call the fast path
//! tried and failed with a TypeError is handed over too, so the Python side decides (a Dask
//! array among the inputs gets `NotImplemented`).

use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3_ffi::*;

use crate::types::tensor_type;
use crate::util::{none, raise, SmallVec};

/// The tables and fallbacks, strong references kept from [`set_array_protocols`] to exit.
struct Protocols {
    /// `{ufunc: ferrule function}`.
    ufuncs: AtomicPtr<PyObject>,
    /// `__array_ufunc__(self, ufunc, method, *inputs, **kwargs)` in Python.
    ufunc_fallback: AtomicPtr<PyObject>,
    /// `{numpy function: ferrule op}` for `np.f(t)` with the tensor alone.
    alone: AtomicPtr<PyObject>,
    /// `{numpy function: implementation taking numpy's arguments}`.
    functions: AtomicPtr<PyObject>,
    /// `__array_function__(self, func, types, args, kwargs)` in Python.
    function_fallback: AtomicPtr<PyObject>,
}

static PROTOCOLS: Protocols = Protocols {
    ufuncs: AtomicPtr::new(null_mut()),
    ufunc_fallback: AtomicPtr::new(null_mut()),
    alone: AtomicPtr::new(null_mut()),
    functions: AtomicPtr::new(null_mut()),
    function_fallback: AtomicPtr::new(null_mut()),
};

/// `_set_array_protocols(ufuncs, ufunc_fallback, alone, functions, function_fallback)`: hands
/// over the tables and the Python implementations (once, from `ferrule._interop`).
pub unsafe extern "C" fn set_array_protocols(
    _m: *mut PyObject,
    args: *mut *mut PyObject,
    nargs: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: CPython calls METH_FASTCALL functions with the GIL held and `nargs` live arguments at `args`; each
    // stored reference is a new one, owned by the statics until exit.
    unsafe {
        if !PROTOCOLS.ufuncs.load(Ordering::Acquire).is_null() {
            raise(PyExc_RuntimeError, "_set_array_protocols(): the protocols are set once, by the ferrule package");
            return null_mut();
        }
        if nargs != 5 {
            raise(PyExc_TypeError, "_set_array_protocols() takes 5 arguments");
            return null_mut();
        }
        let args = std::slice::from_raw_parts(args, 5);
        let dicts_ok = [args[0], args[2], args[3]].iter().all(|&d| PyDict_Check(d) != 0);
        let callables_ok = [args[1], args[4]].iter().all(|&f| PyCallable_Check(f) != 0);
        if !dicts_ok || !callables_ok {
            raise(
                PyExc_TypeError,
                "_set_array_protocols(ufuncs: dict, ufunc_fallback, alone: dict, functions: dict, function_fallback)",
            );
            return null_mut();
        }
        let slots = [
            &PROTOCOLS.alone,
            &PROTOCOLS.functions,
            &PROTOCOLS.function_fallback,
            &PROTOCOLS.ufunc_fallback,
            &PROTOCOLS.ufuncs, // last: its being set says all are
        ];
        for (slot, &value) in slots.iter().zip(&[args[2], args[3], args[4], args[1], args[0]]) {
            Py_INCREF(value);
            slot.store(value, Ordering::Release);
        }
        none()
    }
}

/// `d[key]` (borrowed) or NULL, with no error left set (an unhashable key is simply absent).
unsafe fn lookup(d: *mut PyObject, key: *mut PyObject) -> *mut PyObject {
    // SAFETY: the GIL is held and `d` is a live dict.
    unsafe {
        let v = PyDict_GetItemWithError(d, key);
        if v.is_null() {
            PyErr_Clear();
        }
        v
    }
}

/// Whether `types` is `(ferrule.Tensor,)`: tensors are the only array type among the arguments.
unsafe fn tensor_types_only(types: *mut PyObject) -> bool {
    // SAFETY: the GIL is held and `types` is live; the item is read only from a tuple of size 1.
    unsafe {
        PyTuple_Check(types) != 0
            && PyTuple_GET_SIZE(types) == 1
            && PyTuple_GET_ITEM(types, 0) == tensor_type().cast::<PyObject>()
    }
}

/// Calls `fallback(slf, *args, **kwnames)` (vectorcall), for every call the fast path leaves.
unsafe fn call_fallback(
    fallback: *mut PyObject,
    slf: *mut PyObject,
    args: *const *mut PyObject,
    nargs: usize,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: the GIL is held; `args` holds `nargs` positional arguments followed by one value per keyword name.
    unsafe {
        if fallback.is_null() {
            raise(PyExc_RuntimeError, "ferrule: numpy's protocols are not set up (import ferrule)");
            return null_mut();
        }
        let nkw = if kwnames.is_null() { 0 } else { PyTuple_GET_SIZE(kwnames) as usize };
        let mut all: SmallVec<*mut PyObject, 8> = SmallVec::new();
        all.push(slf);
        for i in 0..nargs + nkw {
            all.push(*args.add(i));
        }
        PyObject_Vectorcall(fallback, all.as_slice().as_ptr(), nargs + 1, kwnames)
    }
}

/// `"__call__"`, interned (set on first use, under the GIL).
static CALL: AtomicPtr<PyObject> = AtomicPtr::new(null_mut());

/// Whether `method` is the string `"__call__"`: numpy passes its interned copy, so comparing
/// with the interpreter's interned one answers at once; any other str is compared by its text.
///
/// # Safety
/// The caller holds the GIL and `method` is a live object.
unsafe fn is_call(method: *mut PyObject) -> bool {
    // SAFETY: the GIL is held (the caller's contract), so the lazy store cannot race, and
    // `method` is live; an interned string is immortal for the interpreter's life (the static
    // keeps its reference).
    unsafe {
        let mut call = CALL.load(Ordering::Relaxed);
        if call.is_null() {
            call = PyUnicode_InternFromString(c"__call__".as_ptr());
            if call.is_null() {
                PyErr_Clear();
            } else {
                CALL.store(call, Ordering::Relaxed);
            }
        }
        (!call.is_null() && method == call)
            || (PyUnicode_Check(method) != 0 && PyUnicode_CompareWithASCIIString(method, c"__call__".as_ptr()) == 0)
    }
}

/// `Tensor.__array_ufunc__(ufunc, method, *inputs, **kwargs)`.
pub unsafe extern "C" fn m_array_ufunc(
    slf: *mut PyObject,
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: CPython calls METH_FASTCALL|METH_KEYWORDS methods with the GIL held, `slf` a live Tensor and the
    // arguments live; the tables are NULL or dicts owned by the statics.
    unsafe {
        let n = nargs.max(0) as usize;
        let no_keywords = kwnames.is_null() || PyTuple_GET_SIZE(kwnames) == 0;
        let ufuncs = PROTOCOLS.ufuncs.load(Ordering::Acquire);
        if n >= 2 && no_keywords && !ufuncs.is_null() {
            let method = *args.add(1);
            if is_call(method) {
                let f = lookup(ufuncs, *args);
                if !f.is_null() {
                    let result = PyObject_Vectorcall(f, args.add(2), n - 2, null_mut());
                    if !result.is_null() || PyErr_ExceptionMatches(PyExc_TypeError) == 0 {
                        return result;
                    }
                    PyErr_Clear(); // (the Python side calls it again and decides: a foreign input defers)
                }
            }
        }
        call_fallback(PROTOCOLS.ufunc_fallback.load(Ordering::Acquire), slf, args, n, kwnames)
    }
}

/// `Tensor.__array_function__(func, types, args, kwargs)`.
pub unsafe extern "C" fn m_array_function(
    slf: *mut PyObject,
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: as for `m_array_ufunc`; `call_args` and `call_kwargs` are read as a tuple and a dict only after their
    // types were checked.
    unsafe {
        let n = nargs.max(0) as usize;
        let functions = PROTOCOLS.functions.load(Ordering::Acquire);
        let no_keywords = kwnames.is_null() || PyTuple_GET_SIZE(kwnames) == 0;
        if n == 4 && no_keywords && !functions.is_null() && tensor_types_only(*args.add(1)) {
            let (func, call_args, call_kwargs) = (*args, *args.add(2), *args.add(3));
            if PyTuple_Check(call_args) != 0 && PyDict_Check(call_kwargs) != 0 {
                let kwargs_empty = PyDict_Size(call_kwargs) == 0;
                if kwargs_empty
                    && PyTuple_GET_SIZE(call_args) == 1
                    && Py_TYPE(PyTuple_GET_ITEM(call_args, 0)) == tensor_type()
                {
                    let op = lookup(PROTOCOLS.alone.load(Ordering::Acquire), func);
                    if !op.is_null() {
                        return PyObject_CallOneArg(op, PyTuple_GET_ITEM(call_args, 0));
                    }
                }
                let f = lookup(functions, func);
                if !f.is_null() {
                    return PyObject_Call(f, call_args, if kwargs_empty { null_mut() } else { call_kwargs });
                }
            }
        }
        call_fallback(PROTOCOLS.function_fallback.load(Ordering::Acquire), slf, args, n, kwnames)
    }
}
