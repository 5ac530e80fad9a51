//! Conversions between Python objects and `FerruleAny` values.
//!
//! Python → native conversions used for call arguments borrow wherever they can (a Tensor or
//! Function argument is passed as its object pointer) and record every object they had to create
//! (long strings, containers, wrapped callables) in [`Temps`], released after the call.

use std::ffi::c_char;
use std::ptr::null_mut;

use ferrule_sys::{type_index as ti, FerruleAny, FerruleAnyPayload, FerruleObject};
use pyo3_ffi::*;

use crate::api::api;
use crate::util::{raise, type_name, Owned, SmallVec};

/// Objects created while converting arguments; released on drop.
pub struct Temps(SmallVec<*mut FerruleObject, 8>);

impl Temps {
    /// An empty set; allocates nothing.
    #[inline(always)]
    pub fn new() -> Self {
        Temps(SmallVec::new())
    }

    #[inline]
    fn push(&mut self, o: *mut FerruleObject) {
        self.0.push(o)
    }

    /// Removes the last-created `o` from the set (its reference passes to the caller); false if
    /// it was not created here.
    #[inline]
    fn take(&mut self, o: *mut FerruleObject) -> bool {
        match self.0.as_slice().last() {
            Some(&last) if last == o => {
                self.0.pop();
                true
            }
            _ => false,
        }
    }
}

impl Drop for Temps {
    fn drop(&mut self) {
        let release = api().object_release;
        for &o in self.0.as_slice() {
            // SAFETY: each entry is one strong reference we created.
            unsafe { release(o) }
        }
    }
}

/// Why a conversion failed.
pub enum ConvError {
    /// The object (borrowed) has a type with no ferrule equivalent; no Python error is set.
    Unsupported(*mut PyObject),
    /// A Python error is already set.
    Raised,
}

/// Nested containers deeper than this are refused (also stops self-referencing lists).
const MAX_DEPTH: u32 = 256;

/// Writes a value whose `small_len` is 0 with one 16-byte store. A callee that copies an
/// argument whole (a 16-byte load) right after the caller wrote it reads it from the store
/// buffer, which can forward one store but not several: separate stores of the tag and the
/// payload would stall that load (~15 cycles on Zen 3).
#[inline(always)]
unsafe fn store_any(out: *mut FerruleAny, tag: i32, bits: i64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `out` is valid for a 16-byte write; SSE2 is part of x86-64. The low 8 bytes are
    // `type_index` then `small_len` (0), the high 8 the payload.
    unsafe {
        use std::arch::x86_64::{_mm_set_epi64x, _mm_storeu_si128};
        _mm_storeu_si128(out.cast(), _mm_set_epi64x(bits, tag as u32 as i64));
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: `out` is valid for a write.
    unsafe {
        out.write(FerruleAny { type_index: tag, small_len: 0, payload: FerruleAnyPayload { v_int64: bits } })
    }
}

#[inline(always)]
fn obj_any(tag: i32, o: *mut FerruleObject) -> FerruleAny {
    FerruleAny { type_index: tag, small_len: 0, payload: FerruleAnyPayload { v_obj: o } }
}

/// A string or byte value: inline when it fits in 8 bytes, otherwise a new object in `temps`.
#[inline]
unsafe fn bytes_like(data: *const u8, len: usize, is_str: bool, temps: &mut Temps) -> Result<FerruleAny, ConvError> {
    unsafe {
        if len <= 8 && !(is_str && std::slice::from_raw_parts(data, len).contains(&0)) {
            let mut a = FerruleAny {
                type_index: if is_str { ti::SMALL_STR } else { ti::SMALL_BYTES },
                small_len: len as u32,
                payload: FerruleAnyPayload { v_int64: 0 },
            };
            std::ptr::copy_nonoverlapping(data, a.payload.v_bytes.as_mut_ptr(), len);
            return Ok(a);
        }
        let a = api();
        let (mut out, mut err) = (null_mut(), null_mut());
        let create = if is_str { a.str_create } else { a.bytes_create };
        if create(data as *const c_char, len, &mut out, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(out);
        Ok(obj_any(if is_str { ti::STR } else { ti::BYTES }, out))
    }
}

/// Converts a Python object to a value in `out`, valid while `obj` and `temps` live. The
/// commonest scalars and tensors are handled inline ([`plain_any`]).
#[inline(always)]
pub unsafe fn py_to_any_into(obj: *mut PyObject, out: *mut FerruleAny, temps: &mut Temps) -> Result<(), ConvError> {
    unsafe {
        if plain_any(obj, out) {
            return Ok(());
        }
        out.write(py_to_any_depth(obj, temps, 0)?);
        Ok(())
    }
}

/// Converts an exact int (that fits in int64), float, None or exact Tensor into `out` (borrowed,
/// nothing created), written with one store ([`store_any`]), and returns true; returns false,
/// with nothing raised, for anything else.
#[inline(always)]
pub unsafe fn plain_any(obj: *mut PyObject, out: *mut FerruleAny) -> bool {
    unsafe {
        let tp = Py_TYPE(obj);
        if tp == crate::tensor::tensor_type() {
            store_any(out, ti::TENSOR, crate::tensor::handle(obj) as i64);
        } else if tp == std::ptr::addr_of_mut!(PyLong_Type) {
            let mut overflow = 0;
            let v = PyLong_AsLongLongAndOverflow(obj, &mut overflow);
            if overflow != 0 {
                return false;
            }
            store_any(out, ti::INT, v);
        } else if tp == std::ptr::addr_of_mut!(PyFloat_Type) {
            store_any(out, ti::FLOAT, PyFloat_AS_DOUBLE(obj).to_bits() as i64);
        } else if obj == Py_None() {
            store_any(out, ti::NONE, 0);
        } else {
            return false;
        }
        true
    }
}

unsafe fn py_to_any_depth(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    unsafe {
        let tp = Py_TYPE(obj);
        if obj == Py_None() {
            return Ok(FerruleAny::NONE);
        }
        if tp == std::ptr::addr_of_mut!(PyBool_Type) {
            let v = (obj == Py_True()) as i64;
            return Ok(FerruleAny { type_index: ti::BOOL, small_len: 0, payload: FerruleAnyPayload { v_int64: v } });
        }
        if PyLong_Check(obj) != 0 {
            return int_any(obj);
        }
        if PyFloat_Check(obj) != 0 {
            let v = PyFloat_AS_DOUBLE(obj);
            return Ok(FerruleAny { type_index: ti::FLOAT, small_len: 0, payload: FerruleAnyPayload { v_float64: v } });
        }
        if PyUnicode_Check(obj) != 0 {
            let mut len: Py_ssize_t = 0;
            let p = PyUnicode_AsUTF8AndSize(obj, &mut len);
            if p.is_null() {
                return Err(ConvError::Raised);
            }
            return bytes_like(p as *const u8, len as usize, true, temps);
        }
        if tp == crate::tensor::tensor_type() || PyType_IsSubtype(tp, crate::tensor::tensor_type()) != 0 {
            return Ok(obj_any(ti::TENSOR, crate::tensor::handle(obj)));
        }
        if tp == crate::function::function_type() {
            let h = crate::function::handle(obj);
            if h.is_null() {
                crate::function::raise_released(obj);
                return Err(ConvError::Raised);
            }
            return Ok(obj_any(ti::FUNCTION, h));
        }
        if PyBytes_Check(obj) != 0 {
            let p = PyBytes_AsString(obj) as *const u8;
            return bytes_like(p, PyBytes_Size(obj) as usize, false, temps);
        }
        if PyList_Check(obj) != 0 || PyTuple_Check(obj) != 0 {
            return sequence_any(obj, temps, depth);
        }
        if PyDict_Check(obj) != 0 {
            return dict_any(obj, temps, depth);
        }
        if PyByteArray_Check(obj) != 0 {
            let p = PyByteArray_AsString(obj) as *const u8;
            return bytes_like(p, PyByteArray_Size(obj) as usize, false, temps);
        }
        if PyMemoryView_Check(obj) != 0 {
            let mut view: Py_buffer = std::mem::zeroed();
            if PyObject_GetBuffer(obj, &mut view, PyBUF_C_CONTIGUOUS) != 0 {
                return Err(ConvError::Raised);
            }
            let r = bytes_like(view.buf as *const u8, view.len as usize, false, temps);
            PyBuffer_Release(&mut view);
            return r;
        }
        if PyExceptionInstance_Check(obj) != 0 {
            // an exception as a value: a native error that carries the very object
            let e = crate::error::error_from_exception(obj);
            temps.push(e);
            return Ok(obj_any(ti::ERROR, e));
        }
        if PyIndex_Check(obj) != 0 {
            // numpy integers and other int-like objects
            let Some(i) = Owned::new(PyNumber_Index(obj)) else { return Err(ConvError::Raised) };
            return int_any(i.0);
        }
        if PyCallable_Check(obj) != 0 {
            let f = crate::callback::function_from_callable(obj, None);
            if f.is_null() {
                return Err(ConvError::Raised);
            }
            temps.push(f);
            return Ok(obj_any(ti::FUNCTION, f));
        }
        Err(ConvError::Unsupported(obj))
    }
}

#[inline]
unsafe fn int_any(obj: *mut PyObject) -> Result<FerruleAny, ConvError> {
    unsafe {
        let mut overflow = 0;
        let v = PyLong_AsLongLongAndOverflow(obj, &mut overflow);
        if overflow != 0 {
            crate::error::raise_kind("OverflowError", "Python int too large to convert to a ferrule int (int64)");
            return Err(ConvError::Raised);
        }
        if v == -1 && !PyErr_Occurred().is_null() {
            return Err(ConvError::Raised);
        }
        Ok(FerruleAny { type_index: ti::INT, small_len: 0, payload: FerruleAnyPayload { v_int64: v } })
    }
}

unsafe fn check_depth(depth: u32) -> Result<(), ConvError> {
    if depth >= MAX_DEPTH {
        unsafe { crate::error::raise_kind("ValueError", "nested containers are too deep (or contain themselves)") };
        return Err(ConvError::Raised);
    }
    Ok(())
}

unsafe fn sequence_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    unsafe {
        check_depth(depth)?;
        // Converting an item can run Python code (`__index__`), which could resize a list under
        // us: iterate over a tuple snapshot (a tuple is returned as is, without a copy).
        let Some(seq) = Owned::new(PySequence_Tuple(obj)) else { return Err(ConvError::Raised) };
        let n = PyTuple_GET_SIZE(seq.0);
        let mut inner = Temps::new();
        let mut items = Vec::with_capacity(n as usize);
        for i in 0..n {
            items.push(py_to_any_depth(PyTuple_GET_ITEM(seq.0, i), &mut inner, depth + 1)?);
        }
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().array_create)(items.as_ptr(), n as i64, &mut out, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(out);
        Ok(obj_any(ti::ARRAY, out))
    }
}

unsafe fn dict_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    unsafe {
        check_depth(depth)?;
        let mut inner = Temps::new();
        let n = PyDict_Size(obj);
        let mut keys = Vec::with_capacity(n as usize);
        let mut values = Vec::with_capacity(n as usize);
        let (mut pos, mut k, mut v): (Py_ssize_t, *mut PyObject, *mut PyObject) = (0, null_mut(), null_mut());
        while PyDict_Next(obj, &mut pos, &mut k, &mut v) != 0 {
            // keep both alive even if a conversion runs code that mutates the dict
            let (_k, _v) = (Owned(crate::util::new_ref(k)), Owned(crate::util::new_ref(v)));
            if PyUnicode_Check(k) == 0 && PyLong_Check(k) == 0 {
                let msg = format!("dict keys must be str or int, not '{}'", type_name(k));
                crate::error::raise_kind("TypeError", &msg);
                return Err(ConvError::Raised);
            }
            keys.push(py_to_any_depth(k, &mut inner, depth + 1)?);
            values.push(py_to_any_depth(v, &mut inner, depth + 1)?);
        }
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().map_create)(keys.as_ptr(), values.as_ptr(), keys.len() as i64, &mut out, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(out);
        Ok(obj_any(ti::MAP, out))
    }
}

/// Converts a Python object into an owned value in `*out` (for callback results). On failure
/// `*out` is None and the error says why (the caller names the callback in the message).
pub unsafe fn py_to_any_owned(obj: *mut PyObject, out: *mut FerruleAny) -> Result<(), ConvError> {
    unsafe {
        let mut temps = Temps::new();
        match py_to_any_into(obj, out, &mut temps) {
            Ok(()) => {
                if (*out).is_object() {
                    let o = (*out).payload.v_obj;
                    // an object created for the conversion passes to the caller; a borrowed one
                    // (a Tensor's or Function's) gets a reference of its own
                    if !temps.take(o) {
                        (api().object_retain)(o);
                    }
                }
                Ok(())
            }
            Err(e) => {
                *out = FerruleAny::NONE;
                Err(e)
            }
        }
    }
}

/// What to add to "cannot convert" when `obj` is a tensor of the pure-ctypes frontend
/// (`ferrule.ffi.ctypes.Tensor`): same name as this extension's `ferrule.Tensor`, another class,
/// so the bare message would read "cannot convert ... 'Tensor' (expected ... Tensor ...)". Empty
/// for anything else. Only called on error paths.
pub unsafe fn foreign_tensor_hint(obj: *mut PyObject) -> &'static str {
    unsafe {
        let tp = Py_TYPE(obj).cast::<PyObject>();
        let Some(module) = Owned::new(PyObject_GetAttrString(tp, c"__module__".as_ptr())) else {
            PyErr_Clear();
            return "";
        };
        let is_ctypes_tensor = PyUnicode_Check(module.0) != 0
            && PyUnicode_CompareWithASCIIString(module.0, c"ferrule.ffi._tensors".as_ptr()) == 0
            && type_name(obj) == "Tensor";
        if is_ctypes_tensor {
            ": it is a tensor of the ctypes frontend (ferrule.ffi.ctypes.Tensor), not a ferrule.Tensor; \
             share its memory with ferrule.from_dlpack(numpy.asarray(t)), or copy it with ferrule.asarray(t)"
        } else {
            ""
        }
    }
}

/// Converts a borrowed value to a new Python object (NULL with an error set on failure).
pub unsafe fn any_to_py(a: &FerruleAny) -> *mut PyObject {
    unsafe { convert_any(a, false) }
}

/// Converts an owned value to a new Python object, consuming the value's reference. Takes the
/// value by reference: it was just written by native code, and reading its fields one by one
/// (instead of copying all 16 bytes) avoids a store-forwarding stall on the hot path.
#[inline(always)]
pub unsafe fn any_into_py(a: &FerruleAny) -> *mut PyObject {
    unsafe { convert_any(a, true) }
}

#[inline(always)]
unsafe fn convert_any(a: &FerruleAny, owned: bool) -> *mut PyObject {
    unsafe {
        let tag = std::ptr::read_volatile(&a.type_index);
        // the commonest results first, before the jump table
        if tag == ti::NONE {
            return crate::util::none();
        }
        if tag == ti::INT {
            return PyLong_FromLongLong(a.payload.v_int64);
        }
        if tag == ti::FLOAT {
            return PyFloat_FromDouble(a.payload.v_float64);
        }
        if tag == ti::TENSOR {
            let o = a.payload.v_obj;
            if !owned {
                (api().object_retain)(o);
            }
            return crate::tensor::wrap(o);
        }
        convert_any_other(a, tag, owned)
    }
}

unsafe fn convert_any_other(a: &FerruleAny, tag: i32, owned: bool) -> *mut PyObject {
    unsafe {
        match tag {
            ti::BOOL => PyBool_FromLong((a.payload.v_int64 != 0) as _),
            ti::SMALL_STR => PyUnicode_FromStringAndSize(
                a.payload.v_bytes.as_ptr() as *const c_char,
                a.small_len.min(8) as Py_ssize_t,
            ),
            ti::SMALL_BYTES => {
                PyBytes_FromStringAndSize(a.payload.v_bytes.as_ptr() as *const c_char, a.small_len.min(8) as Py_ssize_t)
            }
            ti::OPAQUE_PTR => PyLong_FromVoidPtr(a.payload.v_ptr),
            ti::DTYPE => crate::util::py_str(&crate::tensor::dtype_name(a.payload.v_dtype)),
            ti::DEVICE => crate::util::py_str(&crate::tensor::device_name(a.payload.v_device)),
            ti::FUNCTION => {
                let o = a.payload.v_obj;
                if !owned {
                    (api().object_retain)(o);
                }
                crate::function::wrap(o, null_mut())
            }
            _ => {
                let r = object_to_py(a);
                if owned && a.is_object() {
                    (api().object_release)(a.payload.v_obj);
                }
                r
            }
        }
    }
}

/// Strings, bytes, arrays, maps and errors held by a value (borrowed) as new Python objects.
unsafe fn object_to_py(a: &FerruleAny) -> *mut PyObject {
    unsafe {
        let api = api();
        let o = a.payload.v_obj;
        match a.type_index {
            ti::STR | ti::BYTES => {
                let (mut data, mut len) = (std::ptr::null::<c_char>(), 0usize);
                if (api.any_view_bytes)(a, &mut data, &mut len) != 0 {
                    raise(PyExc_RuntimeError, "ferrule: could not read a string value");
                    return null_mut();
                }
                if a.type_index == ti::STR {
                    PyUnicode_FromStringAndSize(data, len as Py_ssize_t)
                } else {
                    PyBytes_FromStringAndSize(data, len as Py_ssize_t)
                }
            }
            ti::ARRAY => {
                let n = (api.array_size)(o).max(0);
                let items = (api.array_items)(o);
                let Some(list) = Owned::new(PyList_New(n as Py_ssize_t)) else { return null_mut() };
                for i in 0..n {
                    let item = any_to_py(&*items.add(i as usize));
                    if item.is_null() {
                        return null_mut();
                    }
                    PyList_SET_ITEM(list.0, i as Py_ssize_t, item);
                }
                list.into_ptr()
            }
            ti::MAP => {
                let (mut keys, mut values) = (std::ptr::null(), std::ptr::null());
                let n = (api.map_size)(o).max(0);
                let Some(dict) = Owned::new(PyDict_New()) else { return null_mut() };
                if n > 0 && (api.map_items)(o, &mut keys, &mut values) != 0 {
                    raise(PyExc_RuntimeError, "ferrule: could not read a map value");
                    return null_mut();
                }
                for i in 0..n as usize {
                    let Some(k) = Owned::new(any_to_py(&*keys.add(i))) else { return null_mut() };
                    let Some(v) = Owned::new(any_to_py(&*values.add(i))) else { return null_mut() };
                    if PyDict_SetItem(dict.0, k.0, v.0) != 0 {
                        return null_mut();
                    }
                }
                dict.into_ptr()
            }
            ti::ERROR => crate::error::error_to_exception(o),
            t => {
                let msg = format!("ferrule: no Python conversion for a value of type index {t}");
                crate::error::raise_kind("TypeError", &msg);
                null_mut()
            }
        }
    }
}
