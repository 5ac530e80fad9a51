//! Floor 4, a type's slots. May use floors 0–3 and `dlpack` (same floor: its methods and read-only query).
//!
//! `ferrule.Tensor`: a Python handle on a native tensor object. Metadata is read straight from
//! the object's DLTensor; data comes in by copy (through numpy) and goes out through a buffer
//! export, writable unless the tensor is read-only (`numpy.asarray(t)` views it, `t.numpy()`
//! copies it).
//!
//! # Identity and preservation
//!
//! The native tensor points back at its Python object, so handing it to Python again gives the
//! same object; an object Python let go of while native code holds the tensor is preserved (kept
//! whole, owned by the tensor) until one side takes it back or both let go. States,
//! transitions, who holds what and which lock: docs/pyobject-preservation.md. Here: preserving
//! ([`dealloc`]), the release hook ([`frontend_release`]) and subclasses ([`adopt_subclass`]);
//! wrapping and taking back are in `types`.

use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

use ferrule_sys::{
    DLDataType, DLDevice, DLTensor, ErrorKind, FerruleAny, FerruleAnyPayload, FerruleObject, FerruleTensorObject,
    FERRULE_OBJECT_FRONTEND_OWNED,
};
use pyo3_ffi::*;

use crate::api::api;
use crate::dlpack::is_read_only;
use crate::error::{raise_kind, raise_native_error, reraise_with_prefix};
use crate::hooks::{dtype_object, HOOKS};
use crate::names::{device_name, dtype_name};
use crate::types::{
    flags, frontend_slot, new_tensor_object, set_tensor_type, take_preserved, tensor_handle as handle, tensor_type,
    track_with_dict, PyTensor,
};
use crate::util::{guard, new_ref, py_str, raise, KwList, Owned};

/// Calls the slot's function ([`Hooks::op_add`](crate::hooks::Hooks::op_add) & co.) with the
/// operands in the order given (NotImplemented before the package has installed it).
#[inline(always)]
unsafe fn binary_slot(hook: &AtomicPtr<PyObject>, a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `a`, `b` are live; the hook is NULL or a callable the hooks own until
    // exit.
    unsafe {
        let f = hook.load(Ordering::Acquire);
        if f.is_null() {
            return new_ref(Py_NotImplemented());
        }
        let args = [a, b];
        let result = PyObject_Vectorcall(f, args.as_ptr(), 2, null_mut());
        if result.is_null() && defers_to_other(a, b) {
            return new_ref(Py_NotImplemented());
        }
        result
    }
}

/// After a failed `a op b`: whether the operand that is not a tensor is an array of a library
/// with its own operators (it has `__array_ufunc__` and is not numpy's, a Dask array say), whose
/// reflected operator then gets its turn (NEP 13's rule for binary operators). The pending
/// TypeError is kept when not.
#[cold]
unsafe fn defers_to_other(a: *mut PyObject, b: *mut PyObject) -> bool {
    // SAFETY: the GIL is held and both operands are live; the pending exception is taken before the attribute lookup
    // and put back unless the operator defers.
    unsafe {
        if PyErr_ExceptionMatches(PyExc_TypeError) == 0 {
            return false;
        }
        let is_tensor =
            |o: *mut PyObject| Py_TYPE(o) == tensor_type() || PyType_IsSubtype(Py_TYPE(o), tensor_type()) != 0;
        let other = if is_tensor(a) { b } else { a };
        let exc = crate::gil::fetch_exception();
        let defers = !is_tensor(other)
            && crate::convert::numpy_kind(other) == crate::convert::NumpyKind::No
            && PyObject_HasAttrString(Py_TYPE(other).cast(), c"__array_ufunc__".as_ptr()) != 0;
        PyErr_Clear();
        if defers {
            Py_XDECREF(exc);
        } else {
            crate::gil::restore_exception(exc);
        }
        defers
    }
}

/// `x[index]`: indices the packed call takes as they are ([`plain_index`]) go straight to
/// `ops.getitem` ([`Hooks::op_getitem`](crate::hooks::Hooks::op_getitem)), with no Python frame;
/// every other index, and a slice bound beyond int64, through the package's `__getitem__`
/// ([`Hooks::getitem_index`](crate::hooks::Hooks::getitem_index)), which reads it as numpy does.
unsafe extern "C" fn mp_subscript(t: *mut PyObject, index: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls mp_subscript with the GIL held and `t`, `index` live; the hooks are NULL or callables
    // the hooks own until exit.
    unsafe {
        let (f, full) = (HOOKS.op_getitem.load(Ordering::Acquire), HOOKS.getitem_index.load(Ordering::Acquire));
        if f.is_null() || full.is_null() {
            raise(PyExc_RuntimeError, "ferrule: the tensor support module is not initialised (import ferrule)");
            return null_mut();
        }
        let args = [t, index];
        if text_candidate(f, t, index) {
            let mut text = IndexText::new();
            if text.write_index(index) {
                return call_text(f, t, &text, None);
            }
        }
        if plain_index(index) {
            let result = PyObject_Vectorcall(f, args.as_ptr(), 2, null_mut());
            if !result.is_null() || PyErr_ExceptionMatches(PyExc_OverflowError) == 0 {
                return result;
            }
            PyErr_Clear(); // (a bound beyond int64: the package's __getitem__ clamps it)
        }
        PyObject_Vectorcall(full, args.as_ptr(), 2, null_mut())
    }
}

/// A basic index (ints, slices of ints or None, `None`, `...`, and tuples of them) written as
/// the text `ops.getitem` reads (`"1:3,::2"`, see `ferrule_ops::index`): eight bytes or fewer
/// travel inside the value itself, where the index converted as it is would be a Map per slice
/// and an Array for the tuple, built and freed on every call (perf: about 140 ns a slice).
struct IndexText {
    buf: [u8; IndexText::CAPACITY],
    len: usize,
    /// The first eight bytes as a little-endian number, gathered as they are written (read
    /// back from `buf` as a word, the byte stores would stall the load).
    word: u64,
}

impl IndexText {
    const CAPACITY: usize = 64;

    fn new() -> Self {
        IndexText { buf: [0; Self::CAPACITY], len: 0, word: 0 }
    }

    /// Appends bytes; false once the text would not fit.
    fn push(&mut self, bytes: &[u8]) -> bool {
        if self.len + bytes.len() > Self::CAPACITY {
            return false;
        }
        for &b in bytes {
            if self.len < 8 {
                self.word |= (b as u64) << (8 * self.len);
            }
            self.buf[self.len] = b;
            self.len += 1;
        }
        true
    }

    fn push_int(&mut self, v: i64) -> bool {
        let mut digits = [0u8; 20];
        let mut n = v.unsigned_abs();
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        (v >= 0 || self.push(b"-")) && self.push(&digits[at..])
    }

    /// Writes `index`; false (the text is then unusable) for anything else, which goes the
    /// general way: bools, tensors, lists, `__index__` objects, ints beyond int64, `x[()]`.
    unsafe fn write_index(&mut self, index: *mut PyObject) -> bool {
        // SAFETY: the caller holds the GIL and `index` is live; a tuple's items are read in place.
        unsafe {
            if Py_TYPE(index) != std::ptr::addr_of_mut!(PyTuple_Type) {
                return self.write_item(index);
            }
            let n = PyTuple_GET_SIZE(index);
            for i in 0..n {
                if (i > 0 && !self.push(b",")) || !self.write_item(PyTuple_GET_ITEM(index, i)) {
                    return false;
                }
            }
            // a one-item tuple keeps its comma (`x[1,]`); `x[()]` has no text
            n > 0 && (n > 1 || self.push(b","))
        }
    }

    unsafe fn write_item(&mut self, item: *mut PyObject) -> bool {
        // SAFETY: the caller holds the GIL and `item` is live; a slice's parts are read in place (a slice is immutable).
        unsafe {
            let int = |o: *mut PyObject| -> Option<i64> {
                if Py_TYPE(o) != std::ptr::addr_of_mut!(PyLong_Type) {
                    return None;
                }
                let mut overflow = 0;
                let v = PyLong_AsLongLongAndOverflow(o, &mut overflow);
                (overflow == 0).then_some(v)
            };
            if item == Py_None() {
                return self.push(b"None");
            }
            if item == Py_Ellipsis() {
                return self.push(b"...");
            }
            if let Some(v) = int(item) {
                return self.push_int(v);
            }
            if Py_TYPE(item) != std::ptr::addr_of_mut!(PySlice_Type) {
                return false;
            }
            let s = item.cast::<PySliceObject>();
            let mut part = |o: *mut PyObject, sep: bool| -> bool {
                (!sep || self.push(b":"))
                    && (o == Py_None()
                        || match int(o) {
                            Some(v) => self.push_int(v),
                            None => false,
                        })
            };
            part((*s).start, false) && part((*s).stop, true) && ((*s).step == Py_None() || part((*s).step, true))
        }
    }
}

/// `x[index]` (`value` None) or `x[index] = value` for an index written as text: `ops.getitem`'s
/// or `ops.setitem`'s native function (`f`) called with the tensor, the text and the value, no
/// conversion on the way (a text longer than eight bytes is one Str).
#[inline(never)]
unsafe fn call_text(f: *mut PyObject, t: *mut PyObject, text: &IndexText, value: Option<FerruleAny>) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; `f` is a hooks' live Function with a live handle, `t` a live exact Tensor and
    // `value` borrows what the caller keeps alive; `busy` keeps the handle alive across the call, as the Function's
    // own calls do.
    unsafe {
        let func = f.cast::<crate::types::PyFunction>();
        let native = (*func).handle;
        let a = api();
        let mut temp = null_mut();
        let index = if text.len <= 8 {
            FerruleAny {
                type_index: ferrule_sys::type_index::SMALL_STR,
                small_len: text.len as u32,
                payload: FerruleAnyPayload { v_int64: text.word.to_le() as i64 },
            }
        } else {
            let mut err = null_mut();
            if (a.str_create)(text.buf.as_ptr().cast(), text.len, &mut temp, &mut err) != 0 {
                raise_native_error(err);
                return null_mut();
            }
            FerruleAny {
                type_index: ferrule_sys::type_index::STR,
                small_len: 0,
                payload: FerruleAnyPayload { v_obj: temp },
            }
        };
        let tensor = FerruleAny {
            type_index: ferrule_sys::type_index::TENSOR,
            small_len: 0,
            payload: FerruleAnyPayload { v_obj: handle(t) },
        };
        let values = [tensor, index, value.unwrap_or(FerruleAny::NONE)];
        let n = if value.is_some() { 3 } else { 2 };
        let (mut out, mut err) = (FerruleAny::NONE, null_mut());
        (*func).busy += 1;
        let rc = (a.func_call_from)(native, values.as_ptr(), n, &mut out, &mut err, ferrule_sys::frontend::PYTHON);
        (*func).busy -= 1;
        if !(*func).deferred.is_null() && (*func).busy == 0 {
            (a.object_release)(std::mem::replace(&mut (*func).deferred, null_mut()));
        }
        if !temp.is_null() {
            (a.object_release)(temp);
        }
        if rc != 0 {
            raise_native_error(err);
            return null_mut();
        }
        crate::convert::any_into_py(&mut out)
    }
}

/// Whether `x[index]` may go as text: an exact Tensor, an index that is an int, a slice, a tuple
/// or `...` (a bare None goes as it is), and a hook Function with a live handle. A bare int as text
/// is one native call into `ops.getitem`'s one-view shortcut, with no Function call on the way
/// (`x[1]` on a 10 x 100 float32 tensor: 295 ns when it went as an Int to the general selection).
#[inline]
unsafe fn text_candidate(f: *mut PyObject, t: *mut PyObject, index: *mut PyObject) -> bool {
    // SAFETY: the caller holds the GIL and the three objects are live.
    unsafe {
        let itp = Py_TYPE(index);
        Py_TYPE(t) == tensor_type()
            && (itp == std::ptr::addr_of_mut!(PySlice_Type)
                || itp == std::ptr::addr_of_mut!(PyTuple_Type)
                || itp == std::ptr::addr_of_mut!(PyLong_Type)
                || index == Py_Ellipsis())
            && Py_TYPE(f) == crate::types::function_type()
            && !crate::types::function_handle(f).is_null()
    }
}

/// `x[index] = value`: a basic index written as text with an int, float, bool or Tensor value
/// goes straight to `ops.setitem` ([`Hooks::op_setitem`](crate::hooks::Hooks::op_setitem));
/// everything else through the package's `__setitem__`
/// ([`Hooks::setitem_index`](crate::hooks::Hooks::setitem_index)), which reads it as numpy
/// does. Deleting elements is refused, as numpy refuses it.
unsafe extern "C" fn mp_ass_subscript(t: *mut PyObject, index: *mut PyObject, value: *mut PyObject) -> i32 {
    // SAFETY: CPython calls mp_ass_subscript with the GIL held and `t`, `index` live, `value` live or NULL (a
    // deletion); the hooks are NULL or callables the hooks own until exit.
    unsafe {
        if value.is_null() {
            raise_kind(ErrorKind::ValueError, "__delitem__: cannot delete tensor elements (a tensor's size is fixed)");
            return -1;
        }
        let (f, full) = (HOOKS.op_setitem.load(Ordering::Acquire), HOOKS.setitem_index.load(Ordering::Acquire));
        if f.is_null() || full.is_null() {
            raise(PyExc_RuntimeError, "ferrule: the tensor support module is not initialised (import ferrule)");
            return -1;
        }
        if text_candidate(f, t, index) {
            if let Some(v) = plain_value(value) {
                let mut text = IndexText::new();
                if text.write_index(index) {
                    let result = call_text(f, t, &text, Some(v));
                    if result.is_null() {
                        return -1;
                    }
                    Py_DECREF(result);
                    return 0;
                }
            }
        }
        let result = PyObject_Vectorcall(full, [t, index, value].as_ptr(), 3, null_mut());
        if result.is_null() {
            return -1;
        }
        Py_DECREF(result);
        0
    }
}

/// A value `x[index] = value` passes as it is: an int within int64, a float, a bool or an exact
/// Tensor (borrowed); None for anything else.
#[inline]
unsafe fn plain_value(value: *mut PyObject) -> Option<FerruleAny> {
    // SAFETY: the caller holds the GIL and `value` is live; each type is checked exactly before it is read as it.
    unsafe {
        let tp = Py_TYPE(value);
        let (type_index, payload) = if tp == std::ptr::addr_of_mut!(PyFloat_Type) {
            (ferrule_sys::type_index::FLOAT, FerruleAnyPayload { v_float64: PyFloat_AS_DOUBLE(value) })
        } else if tp == std::ptr::addr_of_mut!(PyLong_Type) {
            let mut overflow = 0;
            let v = PyLong_AsLongLongAndOverflow(value, &mut overflow);
            if overflow != 0 {
                return None;
            }
            (ferrule_sys::type_index::INT, FerruleAnyPayload { v_int64: v })
        } else if tp == std::ptr::addr_of_mut!(PyBool_Type) {
            (ferrule_sys::type_index::BOOL, FerruleAnyPayload { v_int64: (value == Py_True()) as i64 })
        } else if tp == tensor_type() {
            (ferrule_sys::type_index::TENSOR, FerruleAnyPayload { v_obj: handle(value) })
        } else {
            return None;
        };
        Some(FerruleAny { type_index, small_len: 0, payload })
    }
}

/// Whether `index` is one the packed `ops.getitem` takes as it is: an int, a bool, None, an
/// exact Tensor, a slice whose parts are ints or None, or a tuple of those (what
/// `ferrule._index.encode_index` passes through unchanged).
#[inline]
unsafe fn plain_index(index: *mut PyObject) -> bool {
    // SAFETY: the caller holds the GIL and `index` is live; a tuple's items and a slice's parts are read in place.
    unsafe {
        let item_ok = |o: *mut PyObject| -> bool {
            let tp = Py_TYPE(o);
            if tp == std::ptr::addr_of_mut!(PySlice_Type) {
                let s = o.cast::<PySliceObject>();
                let part = |p: *mut PyObject| p == Py_None() || Py_TYPE(p) == std::ptr::addr_of_mut!(PyLong_Type);
                return part((*s).start) && part((*s).stop) && part((*s).step);
            }
            tp == std::ptr::addr_of_mut!(PyLong_Type)
                || tp == std::ptr::addr_of_mut!(PyBool_Type)
                || o == Py_None()
                || tp == tensor_type()
        };
        if Py_TYPE(index) == std::ptr::addr_of_mut!(PyTuple_Type) {
            let n = PyTuple_GET_SIZE(index);
            return (0..n).all(|i| item_ok(PyTuple_GET_ITEM(index, i)));
        }
        item_ok(index)
    }
}

unsafe extern "C" fn nb_add(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls number slots with the GIL held and two live operands; the hook is NULL or a Function the
    // hooks own until exit.
    unsafe { binary_slot(&HOOKS.op_add, a, b) }
}

unsafe extern "C" fn nb_subtract(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls number slots with the GIL held and two live operands; the hook is NULL or a Function the
    // hooks own until exit.
    unsafe { binary_slot(&HOOKS.op_subtract, a, b) }
}

unsafe extern "C" fn nb_multiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls number slots with the GIL held and two live operands; the hook is NULL or a Function the
    // hooks own until exit.
    unsafe { binary_slot(&HOOKS.op_multiply, a, b) }
}

unsafe extern "C" fn nb_true_divide(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls number slots with the GIL held and two live operands; the hook is NULL or a Function the
    // hooks own until exit.
    unsafe { binary_slot(&HOOKS.op_divide, a, b) }
}

unsafe extern "C" fn nb_matrix_multiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls number slots with the GIL held and two live operands; the hook is NULL or a Function the
    // hooks own until exit.
    unsafe { binary_slot(&HOOKS.op_matmul, a, b) }
}

#[inline(always)]
unsafe fn dl<'a>(obj: *mut PyObject) -> &'a DLTensor {
    // SAFETY: the caller guarantees `obj` is a live Tensor; its handle is a live tensor object (held by the Tensor),
    // so its DLTensor lives as long as `obj`, which bounds `'a`.
    unsafe { &(*(handle(obj) as *mut FerruleTensorObject)).tensor }
}

/// A new Python object of type `tp` (ferrule.Tensor or a subclass) for a tensor that has none.
unsafe fn wrap_new(h: *mut FerruleObject, tp: *mut PyTypeObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and owns one reference on the live tensor `h`, which has no frontend object;
    // `tp` is ferrule.Tensor or a subclass, and the allocator read from its slot has the `allocfunc` type.
    unsafe {
        if tp != tensor_type() {
            adopt_subclass(tp, false);
        }
        let alloc: allocfunc = match tp == tensor_type() {
            true => PyType_GenericAlloc, // the type's tp_alloc (it sets none of its own)
            false => match PyType_GetSlot(tp, Py_tp_alloc) {
                p if p.is_null() => PyType_GenericAlloc,
                p => std::mem::transmute::<*mut c_void, allocfunc>(p),
            },
        };
        new_tensor_object(h, tp, alloc)
    }
}

/// libferrule's frontend release hook: a preserved tensor's other owners are gone, so free its
/// Python object (which releases the last reference). Runs on whichever thread released.
unsafe extern "C" fn frontend_release(h: *mut FerruleObject) {
    // SAFETY: libferrule calls the hook on a live tensor (its frontend object holds the last reference); any thread
    // may take the GIL once the interpreter is known alive, and the flag and `frontend` are read under it.
    unsafe {
        if Py_IsInitialized() == 0 {
            return; // interpreter gone: the object is leaked rather than touched
        }
        let gil = PyGILState_Ensure();
        // Re-check under the GIL: Python may have taken the object back meanwhile.
        if (api().object_use_count)(h) == 1 && take_preserved(h) {
            let obj = *frontend_slot(h) as *mut PyObject;
            if !obj.is_null() {
                Py_DECREF(obj);
            }
        }
        PyGILState_Release(gil);
    }
}

/// Installs [`frontend_release`] in libferrule (module init).
pub unsafe fn install_release_hook() {
    let a = api();
    if a.struct_size as usize
        >= std::mem::offset_of!(ferrule_sys::FerruleApi, set_frontend_release_hook) + std::mem::size_of::<usize>()
    {
        // SAFETY: the table is long enough to hold the field (checked just above) and the hook has the declared
        // signature.
        unsafe { (a.set_frontend_release_hook)(Some(frontend_release)) };
    }
}

/// The struct-module format of a dtype, for the buffer protocol.
fn buffer_format(d: DLDataType) -> Option<&'static CStr> {
    if d.lanes != 1 {
        return None;
    }
    Some(match (d.code, d.bits) {
        (6, 8) => c"?",
        (0, 8) => c"b",
        (0, 16) => c"h",
        (0, 32) => c"i",
        (0, 64) => c"q",
        (1, 8) => c"B",
        (1, 16) => c"H",
        (1, 32) => c"I",
        (1, 64) => c"Q",
        (2, 16) => c"e",
        (2, 32) => c"f",
        (2, 64) => c"d",
        (5, 64) => c"Zf",
        (5, 128) => c"Zd",
        _ => return None,
    })
}

unsafe fn shape_of(t: &DLTensor) -> &[i64] {
    if t.ndim <= 0 {
        &[]
    } else {
        // SAFETY: `t` is the DLTensor of a live tensor: `shape` points at `ndim` sizes inside the object, which
        // outlives the borrow of `t`.
        unsafe { std::slice::from_raw_parts(t.shape, t.ndim as usize) }
    }
}

unsafe fn strides_of(t: &DLTensor) -> &[i64] {
    if t.ndim <= 0 {
        &[]
    } else {
        // SAFETY: `t` is the DLTensor of a live tensor: `strides` (never NULL in ferrule) points at `ndim` strides
        // inside the object, which outlives the borrow of `t`.
        unsafe { std::slice::from_raw_parts(t.strides, t.ndim as usize) }
    }
}

fn item_bytes(d: DLDataType) -> i64 {
    (d.bits as i64 * d.lanes as i64 + 7) / 8
}

unsafe fn int_tuple(values: impl ExactSizeIterator<Item = i64>) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; the tuple is new and each item is stored once into its empty slot
    // (PyTuple_SET_ITEM steals it).
    unsafe {
        let Some(t) = Owned::new(PyTuple_New(values.len() as Py_ssize_t)) else { return null_mut() };
        for (i, v) in values.enumerate() {
            let item = PyLong_FromLongLong(v);
            if item.is_null() {
                return null_mut();
            }
            PyTuple_SET_ITEM(t.0, i as Py_ssize_t, item);
        }
        t.into_ptr()
    }
}

/// `Tensor(data, dtype=None)`: copies `data` (nested lists, scalars, numpy arrays, anything
/// `numpy.asarray` takes) into a new native tensor.
unsafe extern "C" fn new(tp: *mut PyTypeObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls tp_new with the GIL held, `tp` ferrule.Tensor or a subclass, `args` a tuple and `kwargs`
    // NULL or a dict.
    guard(|| unsafe {
        let mut data: *mut PyObject = null_mut();
        let mut dtype: *mut PyObject = Py_None();
        let kwlist = KwList([c"data".as_ptr(), c"dtype".as_ptr(), null()]);
        if PyArg_ParseTupleAndKeywords(args, kwargs, c"O|O:Tensor".as_ptr(), kwlist.as_arg(), &mut data, &mut dtype)
            == 0
        {
            return null_mut();
        }
        from_data(data, dtype, tp)
    })
}

/// Builds a tensor from any array-like through the Python `_prepare` hook (plain Python numbers
/// and flat lists of them, with no dtype given, natively: [`from_plain_python`]).
unsafe fn from_data(data: *mut PyObject, dtype: *mut PyObject, tp: *mut PyTypeObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `data`, `dtype` are live; the hook is NULL or a callable the hooks own
    // until exit, and the array it returns is kept alive until its data was copied.
    unsafe {
        if dtype == Py_None() {
            if let Some(made) = from_plain_python(data, tp) {
                return made;
            }
        }
        let hook = HOOKS.tensor_prepare.load(Ordering::Acquire);
        if hook.is_null() {
            raise(PyExc_RuntimeError, "ferrule: the tensor support module is not initialised (import ferrule)");
            return null_mut();
        }
        let Some(prepared) = Owned::new(PyObject_CallFunctionObjArgs(hook, data, dtype, null_mut::<PyObject>())) else {
            return null_mut();
        };
        let (mut arr, mut code, mut bits): (*mut PyObject, i32, i32) = (null_mut(), 0, 0);
        if PyArg_ParseTuple(prepared.0, c"Oii".as_ptr(), &mut arr, &mut code, &mut bits) == 0 {
            return null_mut();
        }
        let mut view: Py_buffer = std::mem::zeroed();
        if PyObject_GetBuffer(arr, &mut view, PyBUF_C_CONTIGUOUS) != 0 {
            return null_mut();
        }
        let ndim = view.ndim;
        let shape: Vec<i64> = (0..ndim as usize).map(|i| *view.shape.add(i) as i64).collect();
        let dtype = DLDataType { code: code as u8, bits: bits as u8, lanes: 1 };
        let expected = shape.iter().product::<i64>() * item_bytes(dtype);
        let one = 1i64;
        let (mut out, mut err) = (null_mut(), null_mut());
        let rc = (api().tensor_create)(
            if shape.is_empty() { &one } else { shape.as_ptr() },
            ndim,
            dtype,
            DLDevice { device_type: 1, device_id: 0 },
            &mut out,
            &mut err,
        );
        if rc != 0 {
            PyBuffer_Release(&mut view);
            raise_native_error(err);
            return null_mut();
        }
        if expected != view.len as i64 {
            PyBuffer_Release(&mut view);
            (api().object_release)(out);
            raise(PyExc_RuntimeError, "ferrule: prepared array size does not match its dtype");
            return null_mut();
        }
        let t = &(*(out as *mut FerruleTensorObject)).tensor;
        if view.len > 0 {
            let dst = (t.data as *mut u8).add(t.byte_offset as usize);
            std::ptr::copy_nonoverlapping(view.buf as *const u8, dst, view.len as usize);
        }
        PyBuffer_Release(&mut view);
        wrap_new(out, tp)
    }
}

/// The dtype numpy gives a Python bool, int or float, and a flat list or tuple of them: the
/// widest kind present (bool < int64 < float64).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum PlainKind {
    Bool,
    Int,
    Float,
}

/// `data` as a new tensor when it is an exact bool, int or float, or a non-empty exact list or
/// tuple of them (numpy's dtype: bool, int64 or float64, the widest present), made without numpy;
/// `None` for anything else, including an int that does not fit in int64 (numpy's rules for it
/// then apply, through the hook). `Some(NULL)` with an error set when the tensor cannot be made.
unsafe fn from_plain_python(data: *mut PyObject, tp: *mut PyTypeObject) -> Option<*mut PyObject> {
    // SAFETY: the caller holds the GIL and `data` is live; a list's or tuple's items are read in place, and no
    // Python code runs between reading its size and its items (exact ints, floats and bools are read natively), so
    // neither changes; the new tensor has `n` contiguous elements of the dtype written.
    unsafe {
        let dt = Py_TYPE(data);
        let sequence = dt == std::ptr::addr_of_mut!(PyList_Type) || dt == std::ptr::addr_of_mut!(PyTuple_Type);
        let (items, n): (*const *mut PyObject, usize) = if sequence {
            let n = PySequence_Fast_GET_SIZE(data) as usize;
            if n == 0 {
                return None; // (numpy's float64 for an empty list, through the hook)
            }
            (PySequence_Fast_ITEMS(data) as *const *mut PyObject, n)
        } else {
            (&data, 1)
        };
        let items = std::slice::from_raw_parts(items, n);
        let mut kind = PlainKind::Bool;
        for &item in items {
            let it = Py_TYPE(item);
            let k = if it == std::ptr::addr_of_mut!(PyFloat_Type) {
                PlainKind::Float
            } else if it == std::ptr::addr_of_mut!(PyLong_Type) {
                let mut overflow = 0;
                PyLong_AsLongLongAndOverflow(item, &mut overflow);
                if overflow != 0 {
                    return None;
                }
                PlainKind::Int
            } else if it == std::ptr::addr_of_mut!(PyBool_Type) {
                PlainKind::Bool
            } else {
                return None;
            };
            kind = kind.max(k);
        }
        let dtype = match kind {
            PlainKind::Bool => DLDataType { code: ferrule_sys::dtype_code::BOOL, bits: 8, lanes: 1 },
            PlainKind::Int => DLDataType { code: ferrule_sys::dtype_code::INT, bits: 64, lanes: 1 },
            PlainKind::Float => DLDataType { code: ferrule_sys::dtype_code::FLOAT, bits: 64, lanes: 1 },
        };
        let shape = [n as i64];
        let (mut out, mut err) = (null_mut(), null_mut());
        let cpu = DLDevice { device_type: 1, device_id: 0 };
        if (api().tensor_create)(shape.as_ptr(), sequence as i32, dtype, cpu, &mut out, &mut err) != 0 {
            raise_native_error(err);
            return Some(null_mut());
        }
        let t = &(*(out as *mut FerruleTensorObject)).tensor;
        let dst = (t.data as *mut u8).add(t.byte_offset as usize);
        // (an int read again cannot overflow: every one was checked above; a bool is 0 or 1)
        let int = |item: *mut PyObject| -> i64 {
            if Py_TYPE(item) == std::ptr::addr_of_mut!(PyBool_Type) {
                (item == Py_True()) as i64
            } else {
                PyLong_AsLongLong(item)
            }
        };
        for (i, &item) in items.iter().enumerate() {
            match kind {
                PlainKind::Bool => *dst.add(i) = (item == Py_True()) as u8,
                PlainKind::Int => *(dst as *mut i64).add(i) = int(item),
                PlainKind::Float if Py_TYPE(item) == std::ptr::addr_of_mut!(PyFloat_Type) => {
                    *(dst as *mut f64).add(i) = PyFloat_AS_DOUBLE(item)
                }
                PlainKind::Float => *(dst as *mut f64).add(i) = int(item) as f64,
            }
        }
        Some(wrap_new(out, tp))
    }
}

/// True when native code holds the tensor besides this object's own reference.
#[inline]
unsafe fn held_natively(obj: *mut PyObject) -> bool {
    // SAFETY: the caller holds the GIL and `obj` is a Tensor instance being deallocated, whose handle field is NULL
    // or one reference it owns.
    unsafe {
        let h = (*(obj as *mut PyTensor)).handle;
        !h.is_null() && (api().object_use_count)(h) > 1
    }
}

/// Preservation, tried first when the last Python reference goes (before any finalizer or slot
/// clearing): when native code still holds the tensor, the object is resurrected and owned by
/// the tensor (flag `FERRULE_OBJECT_FRONTEND_OWNED`), with its class, `__dict__`, `__slots__`
/// and weak references intact, and true is returned.
#[inline]
unsafe fn try_preserve(obj: *mut PyObject) -> bool {
    // SAFETY: called from tp_dealloc with the GIL held, on a Tensor instance whose handle is
    // NULL or one strong reference.
    unsafe {
        let h = (*(obj as *mut PyTensor)).handle;
        // A count of 1 is our reference alone: no other owner exists to preserve the object for,
        // so the flag dance is skipped. (A reference taken meanwhile from a weak one is no
        // different from one taken just after this object is gone: it gets a new object.)
        if h.is_null() || (api().object_use_count)(h) <= 1 {
            return false;
        }
        // Flag first, then look at the count, so that a release racing with us either sees the
        // flag (and its hook waits for the GIL we hold) or leaves us the last.
        flags(h).fetch_or(FERRULE_OBJECT_FRONTEND_OWNED, Ordering::AcqRel);
        if (api().object_use_count)(h) > 1 {
            // Resurrect: the one reference is now the tensor's. The object stays tracked by the
            // GC and keeps everything it holds (and the reference to its class).
            Py_INCREF(obj); // 0 -> 1 (what Py_SET_REFCNT(obj, 1) does; not in pyo3-ffi)
            return true;
        }
        take_preserved(h);
        false
    }
}

/// The end of an object's life, once it is untracked and any finalizer has run: weak
/// references, `__dict__`, the native tensor, the memory, and the reference to the class.
unsafe fn free_object(obj: *mut PyObject) {
    // SAFETY: the object is dead (refcount 0, untracked, finalized) and ours to free, with the
    // GIL held; each field is released once and nulled.
    unsafe {
        let this = obj as *mut PyTensor;
        let tp = Py_TYPE(obj);
        if !(*this).weakrefs.is_null() {
            PyObject_ClearWeakRefs(obj);
        }
        let dict = std::mem::replace(&mut (*this).dict, null_mut());
        if !dict.is_null() {
            Py_DECREF(dict);
        }
        let h = std::mem::replace(&mut (*this).handle, null_mut());
        if !h.is_null() {
            *frontend_slot(h) = null_mut();
            (api().object_release)(h);
        }
        if tp == tensor_type() {
            PyObject_GC_Del(obj.cast()); // the type's tp_free (a GC type without its own)
        } else {
            let free: freefunc = std::mem::transmute(PyType_GetSlot(tp, Py_tp_free));
            free(obj as *mut c_void);
        }
        Py_DECREF(tp as *mut PyObject);
    }
}

/// The member entries of a class's `__slots__` that hold objects (what CPython clears when an
/// instance dies), as byte offsets into the instance.
unsafe fn object_slots(tp: *mut PyTypeObject) -> impl Iterator<Item = usize> {
    // SAFETY: a type's tp_members is NULL or an array ended by an entry with a NULL name, and
    // lives as long as the type (which the instance being walked keeps alive).
    unsafe {
        let mut member = (*tp).tp_members;
        std::iter::from_fn(move || {
            while !member.is_null() && !(*member).name.is_null() {
                let m = &*member;
                member = member.add(1);
                if m.type_code == Py_T_OBJECT_EX && m.flags & Py_READONLY == 0 {
                    return Some(m.offset as usize);
                }
            }
            None
        })
    }
}

/// The slot fields of `obj`: those of every Python class between `Py_TYPE(obj)` and
/// `ferrule.Tensor` (none for a plain Tensor), as pointers into the instance.
unsafe fn slot_fields(obj: *mut PyObject) -> impl Iterator<Item = *mut *mut PyObject> {
    // SAFETY: every class between Py_TYPE(obj) and ferrule.Tensor lays its slots out inside
    // the instance at the member offsets, so the pointers stay within `obj`.
    unsafe {
        let base = tensor_type();
        let mut tp = Py_TYPE(obj);
        let levels = std::iter::from_fn(move || {
            if tp.is_null() || tp == base {
                return None;
            }
            let current = tp;
            tp = (*tp).tp_base;
            Some(current)
        });
        levels.flat_map(|level| object_slots(level)).map(move |offset| (obj as *mut u8).add(offset).cast())
    }
}

/// `tp_dealloc` of `ferrule.Tensor` and of every Python subclass of it (installed by
/// [`adopt_subclass`] in place of CPython's own, as PyTorch does; one function for all, so
/// that `__class__` can still be switched between them). Preservation is decided *first*,
/// before `__del__` runs and before `__slots__` are cleared, so an object native code still
/// holds keeps all its state and `__del__` runs once, when both sides have let go. Otherwise it
/// does what CPython's subclass dealloc does: the finalizer (which may resurrect the object),
/// weak references, slots, then the rest.
unsafe extern "C" fn dealloc(obj: *mut PyObject) {
    // SAFETY: CPython calls tp_dealloc with the GIL held on an instance whose refcount reached
    // 0; it is either resurrected (and left whole) or torn down exactly once.
    unsafe {
        if try_preserve(obj) {
            return;
        }
        let tp = Py_TYPE(obj);
        PyObject_GC_UnTrack(obj.cast());
        if (*tp).tp_finalize.is_some() {
            // `__del__` runs on a tracked object with a temporary reference; it may resurrect
            // it, and runs at most once in the object's life (CPython marks it finalized).
            PyObject_GC_Track(obj.cast());
            if PyObject_CallFinalizerFromDealloc(obj) < 0 {
                return;
            }
            PyObject_GC_UnTrack(obj.cast());
        }
        if !(*(obj as *mut PyTensor)).weakrefs.is_null() {
            PyObject_ClearWeakRefs(obj);
        }
        for field in slot_fields(obj) {
            Py_XDECREF(std::mem::replace(&mut *field, null_mut()));
        }
        free_object(obj);
    }
}

/// The `tp_dealloc` CPython gives the Python classes it creates, recorded from the first
/// subclass of `ferrule.Tensor` adopted in `__init_subclass__` (0 until then).
static PYTHON_CLASS_DEALLOC: AtomicUsize = AtomicUsize::new(0);

/// Makes a Python subclass of `ferrule.Tensor` deallocate, traverse and clear through the
/// Tensor's own [`dealloc`], [`traverse`] and [`clear`], as PyTorch does for its tensor
/// subclasses: CPython's versions for Python classes run `__del__` and clear `__slots__` before
/// the base type's dealloc could preserve the object. Idempotent.
///
/// `from_init_subclass`: called by `__init_subclass__`, so `tp` was just made by `type.__new__`
/// and carries CPython's class dealloc. Otherwise (an instance being made of a class whose
/// `__init_subclass__` did not reach ours) only a class with that very dealloc is adopted, never
/// a type some extension defined with its own.
unsafe fn adopt_subclass(tp: *mut PyTypeObject, from_init_subclass: bool) {
    // SAFETY: the GIL is held; the slots of a heap type made by `type.__new__` may be replaced
    // before any instance of it is freed (our functions handle its layout: it only adds slots).
    unsafe {
        let base = tensor_type();
        if tp == base || PyType_IsSubtype(tp, base) == 0 || (*tp).tp_flags & Py_TPFLAGS_HEAPTYPE == 0 {
            return;
        }
        let current = (*tp).tp_dealloc.map_or(0, |f| f as usize);
        if current == dealloc as *const () as usize {
            return;
        }
        if from_init_subclass {
            let _ = PYTHON_CLASS_DEALLOC.compare_exchange(0, current, Ordering::AcqRel, Ordering::Acquire);
        }
        if current == 0 || current != PYTHON_CLASS_DEALLOC.load(Ordering::Acquire) {
            return;
        }
        (*tp).tp_dealloc = Some(dealloc);
        (*tp).tp_traverse = Some(traverse);
        (*tp).tp_clear = Some(clear);
    }
}

/// `Tensor.__init_subclass__(**kwargs)` (a class method): adopts the new class (see
/// [`adopt_subclass`]), then passes the keywords on along the MRO as `object`'s would.
unsafe extern "C" fn init_subclass(cls: *mut PyObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: a class method called by CPython with the GIL held and live arguments.
    guard(|| unsafe {
        if PyType_Check(cls) != 0 {
            adopt_subclass(cls as *mut PyTypeObject, true);
        }
        let Some(parent) = Owned::new(PyObject_CallFunctionObjArgs(
            std::ptr::addr_of_mut!(PySuper_Type) as *mut PyObject,
            tensor_type() as *mut PyObject,
            cls,
            null_mut::<PyObject>(),
        )) else {
            return null_mut();
        };
        let Some(next) = Owned::new(PyObject_GetAttrString(parent.0, c"__init_subclass__".as_ptr())) else {
            return null_mut();
        };
        PyObject_Call(next.0, args, kwargs)
    })
}

/// `t.name = value` (CPython's generic attribute setting), then back on the collector's lists
/// if that made the `__dict__` ([`track_with_dict`]).
unsafe extern "C" fn setattro(obj: *mut PyObject, name: *mut PyObject, value: *mut PyObject) -> i32 {
    // SAFETY: CPython calls tp_setattro with the GIL held on a live instance.
    unsafe {
        let rc = PyObject_GenericSetAttr(obj, name, value);
        track_with_dict(obj);
        rc
    }
}

/// `t.__dict__` (made on first use), with the tensor back on the collector's lists.
unsafe extern "C" fn get_dict(obj: *mut PyObject, closure: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live instance.
    unsafe {
        let dict = PyObject_GenericGetDict(obj, closure);
        track_with_dict(obj);
        dict
    }
}

/// `t.__dict__ = d`, with the tensor back on the collector's lists.
unsafe extern "C" fn set_dict(obj: *mut PyObject, value: *mut PyObject, closure: *mut c_void) -> i32 {
    // SAFETY: CPython calls setters with the GIL held on a live instance.
    unsafe {
        let rc = PyObject_GenericSetDict(obj, value, closure);
        track_with_dict(obj);
        rc
    }
}

/// GC traversal: the class, the `__dict__` and a subclass's `__slots__` — unless native code
/// holds the tensor, in which case the object is alive for reasons the GC cannot see, and
/// visiting nothing keeps it (and what it reaches) out of cyclic garbage: never finalized, never
/// cleared.
unsafe extern "C" fn traverse(obj: *mut PyObject, visit: visitproc, arg: *mut c_void) -> i32 {
    // SAFETY: called by the GC on a live instance; only its own fields are read.
    unsafe {
        if held_natively(obj) {
            return 0;
        }
        let tp = Py_TYPE(obj) as *mut PyObject;
        let rc = visit(tp, arg);
        if rc != 0 {
            return rc;
        }
        for field in slot_fields(obj) {
            if !(*field).is_null() {
                let rc = visit(*field, arg);
                if rc != 0 {
                    return rc;
                }
            }
        }
        let dict = (*(obj as *mut PyTensor)).dict;
        if !dict.is_null() {
            return visit(dict, arg);
        }
        0
    }
}

/// GC clear: drops a subclass's `__slots__` and the `__dict__` (breaking cycles through them) —
/// never while native code holds the tensor: the object then is not garbage, and its state must
/// survive for the next time it is handed to Python.
unsafe extern "C" fn clear(obj: *mut PyObject) -> i32 {
    // SAFETY: called by the GC on a live instance with the GIL held; each field is nulled
    // before its reference is dropped.
    unsafe {
        if held_natively(obj) {
            return 0;
        }
        for field in slot_fields(obj) {
            Py_XDECREF(std::mem::replace(&mut *field, null_mut()));
        }
        let dict = std::mem::replace(&mut (*(obj as *mut PyTensor)).dict, null_mut());
        if !dict.is_null() {
            Py_DECREF(dict);
        }
        0
    }
}

unsafe extern "C" fn get_shape(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor.
    unsafe { int_tuple(shape_of(dl(obj)).iter().copied()) }
}

unsafe extern "C" fn get_strides(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor.
    unsafe {
        let t = dl(obj);
        let item = item_bytes(t.dtype);
        int_tuple(strides_of(t).iter().map(|s| s * item))
    }
}

/// `Tensor.dtype`: the package's dtype object (the `dtype_objects` hook), so that
/// `t.dtype is ferrule.float32`; before installation, or for a dtype it lacks, its name.
unsafe extern "C" fn get_dtype(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor; the dtype objects are kept
    // alive by the hooks' table until exit.
    unsafe {
        let dtype = dl(obj).dtype;
        let known = dtype_object(dtype);
        if known.is_null() {
            py_str(&dtype_name(dtype))
        } else {
            new_ref(known)
        }
    }
}

unsafe extern "C" fn get_device(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor.
    unsafe { py_str(&device_name(dl(obj).device)) }
}

unsafe extern "C" fn get_ndim(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor.
    unsafe { PyLong_FromLong(dl(obj).ndim as _) }
}

unsafe extern "C" fn get_size(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Tensor.
    unsafe { PyLong_FromLongLong(shape_of(dl(obj)).iter().product()) }
}

unsafe extern "C" fn length(obj: *mut PyObject) -> Py_ssize_t {
    // SAFETY: CPython calls sq_length with the GIL held on a live Tensor.
    unsafe {
        match shape_of(dl(obj)).first() {
            Some(&n) => n as Py_ssize_t,
            None => {
                raise(PyExc_TypeError, "len() of a 0-d tensor");
                -1
            }
        }
    }
}

/// Whether the tensor's elements are bfloat16, which numpy has no dtype for.
unsafe fn is_bfloat16(obj: *mut PyObject) -> bool {
    // SAFETY: `obj` is a Tensor (the method's receiver).
    let dtype = unsafe { dl(obj).dtype };
    (dtype.code, dtype.bits) == (4, 16)
}

/// A numpy array holding a copy of the tensor (`float32`: a numpy dtype to convert to, for
/// bfloat16). numpy's own MemoryError ("Unable to allocate ...") gets `who` in front, so it says
/// which call ran out.
unsafe fn numpy_copy(obj: *mut PyObject, who: &str, float32: bool) -> *mut PyObject {
    // SAFETY: the GIL is held (a method call); `obj` is a live Tensor.
    unsafe {
        let Some(np) = Owned::new(PyImport_ImportModule(c"numpy".as_ptr())) else { return null_mut() };
        let arr = if float32 {
            PyObject_CallMethod(np.0, c"array".as_ptr(), c"Os".as_ptr(), obj, c"float32".as_ptr())
        } else {
            PyObject_CallMethod(np.0, c"array".as_ptr(), c"O".as_ptr(), obj)
        };
        if arr.is_null() && PyErr_ExceptionMatches(PyExc_MemoryError) != 0 {
            reraise_with_prefix(who);
        }
        arr
    }
}

unsafe extern "C" fn m_numpy(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held on a live Tensor.
    unsafe {
        if is_bfloat16(obj) {
            raise(
                PyExc_TypeError,
                "Tensor.numpy(): numpy has no bfloat16 dtype: convert first (x.astype(ferrule.float32))",
            );
            return null_mut();
        }
        numpy_copy(obj, "Tensor.numpy()", false)
    }
}

unsafe extern "C" fn m_tolist(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held on a live Tensor.
    unsafe {
        let t = dl(obj);
        if t.ndim > NUMPY_MAX_DIMS {
            return tolist_by_rows(obj, shape_of(t)[0]);
        }
        // bfloat16 values become Python floats through float32, which holds each one exactly.
        let Some(arr) = Owned::new(numpy_copy(obj, "Tensor.tolist()", is_bfloat16(obj))) else { return null_mut() };
        let list = PyObject_CallMethod(arr.0, c"tolist".as_ptr(), null_mut());
        if list.is_null() && PyErr_ExceptionMatches(PyExc_MemoryError) != 0 {
            reraise_with_prefix("Tensor.tolist()");
        }
        list
    }
}

/// The most dimensions a numpy array (and a memoryview) can have.
const NUMPY_MAX_DIMS: i32 = 64;

/// `tolist()` of a tensor with more dimensions than numpy has: the list of its rows' lists
/// (`x[0].tolist()`, ...), each one dimension fewer.
unsafe fn tolist_by_rows(obj: *mut PyObject, rows: i64) -> *mut PyObject {
    // SAFETY: the GIL is held and `obj` is a live Tensor; each row is a new tensor owned here and
    // each item is stored once into its empty list slot (PyList_SET_ITEM steals it).
    unsafe {
        let Some(list) = Owned::new(PyList_New(rows as Py_ssize_t)) else { return null_mut() };
        for i in 0..rows {
            let Some(index) = Owned::new(PyLong_FromLongLong(i)) else { return null_mut() };
            let Some(row) = Owned::new(PyObject_GetItem(obj, index.0)) else {
                reraise_with_prefix("Tensor.tolist()");
                return null_mut();
            };
            let item = PyObject_CallMethod(row.0, c"tolist".as_ptr(), null_mut());
            if item.is_null() {
                return null_mut();
            }
            PyList_SET_ITEM(list.0, i as Py_ssize_t, item);
        }
        list.into_ptr()
    }
}

unsafe extern "C" fn m_use_count(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held on a live Tensor, whose handle is a live tensor object.
    unsafe { PyLong_FromUnsignedLong((api().object_use_count)(handle(obj)) as _) }
}

unsafe extern "C" fn repr(obj: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls tp_repr with the GIL held on a live Tensor; the hook is NULL or a callable the hooks own
    // until exit.
    unsafe {
        let hook = HOOKS.tensor_repr.load(Ordering::Acquire);
        if !hook.is_null() {
            return PyObject_CallOneArg(hook, obj);
        }
        let t = dl(obj);
        py_str(&format!("<ferrule.Tensor shape={:?} dtype={}>", shape_of(t), dtype_name(t.dtype)))
    }
}

/// Buffer export, writable unless the tensor is read-only (then a request for a writable buffer
/// is a BufferError). Strides are converted to bytes and kept in `view.internal`.
unsafe extern "C" fn getbuffer(obj: *mut PyObject, view: *mut Py_buffer, flags: i32) -> i32 {
    // SAFETY: CPython calls bf_getbuffer with the GIL held, `obj` a live Tensor and `view` writable; the strides
    // array is boxed into `view.internal` and freed once by releasebuffer, and `view.obj` holds a reference that
    // keeps the tensor's memory alive.
    unsafe {
        let t = dl(obj);
        let Some(readonly) = is_read_only(obj) else { return -1 };
        if readonly && flags & PyBUF_WRITABLE != 0 {
            raise_kind(
                ErrorKind::BufferError,
                "ferrule.Tensor: cannot export a writable buffer: the tensor is read-only (it views memory that \
                 must not be written, such as bytes or a read-only numpy array)",
            );
            return -1;
        }
        if t.device.device_type != 1 {
            raise_kind(
                ErrorKind::BufferError,
                &format!("cannot export a buffer of a tensor on {}", device_name(t.device)),
            );
            return -1;
        }
        let Some(format) = buffer_format(t.dtype) else {
            raise_kind(ErrorKind::BufferError, &format!("dtype {} has no buffer format", dtype_name(t.dtype)));
            return -1;
        };
        let item = item_bytes(t.dtype);
        let shape = shape_of(t);
        let strides: Box<[Py_ssize_t]> = strides_of(t).iter().map(|s| (s * item) as Py_ssize_t).collect();
        let mut contiguous = true;
        let mut expect = item;
        for (&n, &s) in shape.iter().zip(strides.iter()).rev() {
            if n > 1 && s as i64 != expect {
                contiguous = false;
            }
            expect *= n;
        }
        if !contiguous && flags & PyBUF_STRIDES != PyBUF_STRIDES {
            raise_kind(ErrorKind::BufferError, "tensor is not C-contiguous and the consumer did not ask for strides");
            return -1;
        }
        let v = &mut *view;
        v.buf = (t.data as *mut u8).add(t.byte_offset as usize) as *mut c_void;
        v.obj = new_ref(obj);
        v.len = (shape.iter().product::<i64>() * item) as Py_ssize_t;
        v.readonly = readonly as i32;
        v.itemsize = item as Py_ssize_t;
        v.format = if flags & PyBUF_FORMAT != 0 { format.as_ptr() as *mut c_char } else { null_mut() };
        v.ndim = t.ndim;
        v.shape = if flags & PyBUF_ND != 0 { t.shape as *mut Py_ssize_t } else { null_mut() };
        v.suboffsets = null_mut();
        let strides = Box::into_raw(strides);
        v.strides = if flags & PyBUF_STRIDES == PyBUF_STRIDES { strides as *mut Py_ssize_t } else { null_mut() };
        v.internal = strides as *mut Py_ssize_t as *mut c_void;
        0
    }
}

unsafe extern "C" fn releasebuffer(obj: *mut PyObject, view: *mut Py_buffer) {
    // SAFETY: CPython calls bf_releasebuffer once per successful getbuffer, with the GIL held; `internal` is NULL or
    // the boxed slice of `ndim` strides getbuffer made for this view (the tensor's ndim cannot change).
    unsafe {
        let n = dl(obj).ndim.max(0) as usize;
        let p = (*view).internal as *mut Py_ssize_t;
        if !p.is_null() {
            drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n)));
            (*view).internal = null_mut();
        }
    }
}

/// `_ferrule._tensor_from_data(data, dtype)`: the constructor as a plain function (used by
/// `ferrule.tensor`).
pub unsafe extern "C" fn tensor_from_data(
    _m: *mut PyObject,
    args: *mut *mut PyObject,
    nargs: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: CPython calls METH_FASTCALL functions with the GIL held and `nargs` live arguments at `args`.
    unsafe {
        if !(1..=2).contains(&nargs) {
            raise(PyExc_TypeError, "tensor() takes data and an optional dtype");
            return null_mut();
        }
        let dtype = if nargs == 2 { *args.add(1) } else { Py_None() };
        from_data(*args, dtype, tensor_type())
    }
}

/// Creates the `ferrule.Tensor` type. Called once from module init.
pub unsafe fn create_type() -> *mut PyObject {
    // SAFETY: the GIL is held (module init); the tables handed to PyType_FromSpec are leaked, so they outlive the
    // type.
    unsafe {
        use crate::util::{getset, leak, method_noargs};
        let methods = leak(vec![
            method_noargs(
                c"numpy",
                m_numpy,
                c"numpy($self, /)\n--\n\nA numpy array holding a copy of the data (TypeError for bfloat16, which numpy lacks).",
            ),
            crate::util::method_kw(
                c"__dlpack__",
                crate::dlpack::m_dlpack,
                c"__dlpack__($self, /, *, stream=None, max_version=None, dl_device=None, copy=None)\n--\n\nA DLPack capsule sharing the tensor's memory (versioned when max_version >= (1, 0)).",
            ),
            method_noargs(c"__dlpack_device__", crate::dlpack::m_dlpack_device, c"__dlpack_device__($self, /)\n--\n\n(device_type, device_id): (1, 0) for the CPU."),
            method_noargs(
                c"tolist",
                m_tolist,
                c"tolist($self, /)\n--\n\nThe data as nested Python lists (bfloat16 values as floats).",
            ),
            method_noargs(c"_use_count", m_use_count, c"The native object's strong reference count (for tests)."),
            PyMethodDef {
                ml_name: c"__array_ufunc__".as_ptr(),
                ml_meth: PyMethodDefPointer { PyCFunctionFastWithKeywords: crate::protocols::m_array_ufunc },
                ml_flags: METH_FASTCALL | METH_KEYWORDS,
                ml_doc: c"__array_ufunc__($self, ufunc, method, /, *inputs, **kwargs)\n--\n\nnumpy's ufunc protocol: np.sin(t), np.add(t, 1), np.ones(3) + t are computed by ferrule (ferrule._interop)."
                    .as_ptr(),
            },
            PyMethodDef {
                ml_name: c"__array_function__".as_ptr(),
                ml_meth: PyMethodDefPointer { PyCFunctionFastWithKeywords: crate::protocols::m_array_function },
                ml_flags: METH_FASTCALL | METH_KEYWORDS,
                ml_doc: c"__array_function__($self, func, types, args, kwargs, /)\n--\n\nnumpy's function protocol: np.sum(t), np.concatenate([t, t]) are computed by ferrule (ferrule._interop)."
                    .as_ptr(),
            },
            PyMethodDef {
                ml_name: c"__init_subclass__".as_ptr(),
                ml_meth: PyMethodDefPointer { PyCFunctionWithKeywords: init_subclass },
                ml_flags: METH_VARARGS | METH_KEYWORDS | METH_CLASS,
                ml_doc: c"Sets up a subclass so that its instances are preserved, with all their state, while native \
                          code holds them."
                    .as_ptr(),
            },
            std::mem::zeroed(),
        ]);
        let getsets = leak(vec![
            getset(c"shape", get_shape, None, c"The size of each dimension (a tuple).", 0),
            getset(c"dtype", get_dtype, None, c"The element type, e.g. ferrule.float32.", 0),
            getset(c"ndim", get_ndim, None, c"Number of dimensions.", 0),
            getset(c"size", get_size, None, c"Number of elements.", 0),
            getset(c"strides", get_strides, None, c"Step of each dimension in bytes (like numpy).", 0),
            getset(c"device", get_device, None, c"The device, e.g. 'cpu:0'.", 0),
            PyGetSetDef {
                name: c"__dict__".as_ptr(),
                get: Some(get_dict),
                set: Some(set_dict),
                doc: c"The instance attributes.".as_ptr(),
                closure: null_mut(),
            },
            std::mem::zeroed(),
        ]);
        let members = leak(vec![
            PyMemberDef {
                name: c"__dictoffset__".as_ptr(),
                type_code: Py_T_PYSSIZET,
                offset: std::mem::offset_of!(PyTensor, dict) as Py_ssize_t,
                flags: Py_READONLY,
                doc: null_mut(),
            },
            PyMemberDef {
                name: c"__weaklistoffset__".as_ptr(),
                type_code: Py_T_PYSSIZET,
                offset: std::mem::offset_of!(PyTensor, weakrefs) as Py_ssize_t,
                flags: Py_READONLY,
                doc: null_mut(),
            },
            std::mem::zeroed(),
        ]);
        let slots = leak(vec![
            PyType_Slot { slot: Py_tp_dealloc, pfunc: dealloc as *mut c_void },
            PyType_Slot { slot: Py_tp_new, pfunc: new as *mut c_void },
            PyType_Slot { slot: Py_tp_repr, pfunc: repr as *mut c_void },
            PyType_Slot { slot: Py_sq_length, pfunc: length as *mut c_void },
            PyType_Slot { slot: Py_tp_methods, pfunc: methods as *mut c_void },
            PyType_Slot { slot: Py_tp_getset, pfunc: getsets as *mut c_void },
            PyType_Slot { slot: Py_tp_members, pfunc: members as *mut c_void },
            PyType_Slot { slot: Py_tp_traverse, pfunc: traverse as *mut c_void },
            PyType_Slot { slot: Py_tp_clear, pfunc: clear as *mut c_void },
            PyType_Slot { slot: Py_tp_setattro, pfunc: setattro as *mut c_void },
            PyType_Slot { slot: Py_mp_subscript, pfunc: mp_subscript as *mut c_void },
            PyType_Slot { slot: Py_mp_ass_subscript, pfunc: mp_ass_subscript as *mut c_void },
            PyType_Slot { slot: Py_nb_add, pfunc: nb_add as *mut c_void },
            PyType_Slot { slot: Py_nb_subtract, pfunc: nb_subtract as *mut c_void },
            PyType_Slot { slot: Py_nb_multiply, pfunc: nb_multiply as *mut c_void },
            PyType_Slot { slot: Py_nb_true_divide, pfunc: nb_true_divide as *mut c_void },
            PyType_Slot { slot: Py_nb_matrix_multiply, pfunc: nb_matrix_multiply as *mut c_void },
            PyType_Slot { slot: Py_bf_getbuffer, pfunc: getbuffer as *mut c_void },
            PyType_Slot { slot: Py_bf_releasebuffer, pfunc: releasebuffer as *mut c_void },
            PyType_Slot {
                slot: Py_tp_doc,
                pfunc: c"Tensor(data, dtype=None)\n--\n\nAn n-dimensional array held by libferrule. `data` is copied (nested lists, scalars, numpy arrays).\n\nA tensor over memory that must not be written (bytes, a read-only numpy array or mapping) is read-only, and so is every view of it: writes raise ValueError, and its buffer and DLPack exports are read-only."
                    .as_ptr() as *mut c_void,
            },
            PyType_Slot { slot: 0, pfunc: null_mut() },
        ]);
        let spec = leak(vec![PyType_Spec {
            name: c"ferrule.Tensor".as_ptr(),
            basicsize: std::mem::size_of::<PyTensor>() as i32,
            itemsize: 0,
            flags: (Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC) as u32,
            slots,
        }]);
        let tp = PyType_FromSpec(spec);
        if !tp.is_null() {
            set_tensor_type(tp as *mut PyTypeObject);
        }
        tp
    }
}
