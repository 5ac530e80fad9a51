//! Floor 3, values. May use floors 0–2; `info` (same floor) uses it, never the reverse.
//!
//! Conversions between Python objects and `FerruleAny` values.
//!
//! Python → native conversions used for call arguments borrow wherever they can (a Tensor or
//! Function argument is passed as its object pointer) and record every object they had to create
//! (long strings, containers, wrapped callables) in [`Temps`], released after the call.

use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicPtr, Ordering};

use ferrule_sys::{
    type_index as ti, DLDataType, DLDevice, DLManagedTensorVersioned, DLPackVersion, DLTensor, ErrorKind, FerruleAny,
    FerruleAnyPayload, FerruleObject, DLPACK_FLAG_BITMASK_READ_ONLY,
};
use pyo3_ffi::*;

use crate::api::api;
use crate::error::{native_error, raise_kind, raise_released, reraise_with_prefix, take_python_error};
use crate::gil::{decref_from_any_thread, fetch_exception, is_finalizing, restore_exception};
use crate::hooks::{dtype_object, dtype_of_name, dtype_of_object, HOOKS};
use crate::names::{device_name, dtype_name};
use crate::types::{function_handle, function_type, tensor_handle, tensor_type, wrap_function, wrap_tensor};
use crate::util::{display, raise, type_name, Owned, SmallVec};

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

/// Up to 8 bytes of text or bytes carried inside the value itself; `None` for anything longer
/// and for a str holding a NUL (the ABI's small str has none: such a str goes as a Str object).
#[inline(always)]
unsafe fn small_text(data: *const u8, len: usize, is_str: bool) -> Option<FerruleAny> {
    if len > 8 {
        return None;
    }
    // SAFETY: the caller's `data` points at `len` (at most 8) readable bytes.
    let word = unsafe { load_small(data, len) };
    if is_str {
        // a zero byte among the first `len` (the bytes past them are forced non-zero)
        const ONES: u64 = 0x0101_0101_0101_0101;
        let x = word | u64::MAX.checked_shl(8 * len as u32).unwrap_or(0);
        if x.wrapping_sub(ONES) & !x & (ONES << 7) != 0 {
            return None;
        }
    }
    Some(FerruleAny {
        type_index: if is_str { ti::SMALL_STR } else { ti::SMALL_BYTES },
        small_len: len as u32,
        // the bytes in memory order: byte 0 at the payload's first address
        payload: FerruleAnyPayload { v_int64: word.to_le() as i64 },
    })
}

/// The `len` (at most 8) bytes at `data` as a little-endian number, read with at most two
/// overlapping loads: a byte-wise copy into the value would be read back as a whole word right
/// after, which stalls the load on the partial stores (perf: most of a small str's conversion).
///
/// # Safety
/// `data` points at `len <= 8` readable bytes.
#[inline(always)]
unsafe fn load_small(data: *const u8, len: usize) -> u64 {
    // SAFETY: every load stays within the `len` bytes at `data` (caller contract).
    unsafe {
        if len >= 4 {
            let lo = u32::from_le((data as *const u32).read_unaligned()) as u64;
            let hi = u32::from_le((data.add(len - 4) as *const u32).read_unaligned()) as u64;
            lo | hi << (8 * (len - 4)) // (the overlapping bytes agree)
        } else if len > 0 {
            let (first, mid, last) = (*data as u64, *data.add(len / 2) as u64, *data.add(len - 1) as u64);
            first | mid << (8 * (len / 2)) | last << (8 * (len - 1))
        } else {
            0
        }
    }
}

/// A string or byte value: inline when it fits in 8 bytes, otherwise a new object in `temps`.
#[inline]
unsafe fn bytes_like(data: *const u8, len: usize, is_str: bool, temps: &mut Temps) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `data` points at `len` readable bytes that outlive this call; a created
    // object is owned by `temps`.
    unsafe {
        if let Some(small) = small_text(data, len, is_str) {
            return Ok(small);
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
    // SAFETY: the caller holds the GIL, `obj` is live and `out` is writable; whatever `out` borrows lives in `obj` or
    // in `temps`, as this function's contract says.
    unsafe {
        if plain_any(obj, out) {
            return Ok(());
        }
        out.write(py_to_any_depth(obj, temps, 0)?);
        Ok(())
    }
}

/// Converts an exact int (that fits in int64), float, None, exact Tensor or dtype object into
/// `out` (borrowed, nothing created), written with one store ([`store_any`]), and returns true;
/// returns false, with nothing raised, for anything else.
#[inline(always)]
pub unsafe fn plain_any(obj: *mut PyObject, out: *mut FerruleAny) -> bool {
    // SAFETY: the caller holds the GIL, `obj` is live and `out` is writable; each branch checked the exact type
    // before reading the object as that type.
    unsafe {
        let tp = Py_TYPE(obj);
        if tp == tensor_type() {
            store_any(out, ti::TENSOR, tensor_handle(obj) as i64);
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
            return plain_other(obj, out);
        }
        true
    }
}

/// [`plain_any`]'s last cases, kept out of line (inlined they make every caller's argument loop
/// too large to stay inlined itself): a dtype object, and an exact str or bytes short enough to
/// travel inside the value ([`small_text`]).
#[inline(never)]
unsafe fn plain_other(obj: *mut PyObject, out: *mut FerruleAny) -> bool {
    // SAFETY: as for `plain_any`: the GIL is held, `obj` is live and `out` writable; each type is checked exactly
    // before the object is read as it.
    unsafe {
        let tp = Py_TYPE(obj);
        if tp == std::ptr::addr_of_mut!(PyUnicode_Type) {
            let mut len: Py_ssize_t = 0;
            let p = PyUnicode_AsUTF8AndSize(obj, &mut len);
            if p.is_null() {
                PyErr_Clear(); // (a lone surrogate: the long way reports it)
                return false;
            }
            return small_text(p as *const u8, len as usize, true).map(|a| out.write(a)).is_some();
        }
        if tp == std::ptr::addr_of_mut!(PyBytes_Type) {
            let p = PyBytes_AS_STRING(obj) as *const u8;
            return small_text(p, Py_SIZE(obj) as usize, false).map(|a| out.write(a)).is_some();
        }
        match dtype_of_object(obj) {
            Some(dl) => {
                store_dtype(out, dl);
                true
            }
            None => false,
        }
    }
}

/// Writes a dtype value (the payload's bytes past the DLDataType zero) with one store.
#[inline(always)]
unsafe fn store_dtype(out: *mut FerruleAny, dl: DLDataType) {
    let mut payload = FerruleAnyPayload { v_int64: 0 };
    payload.v_dtype = dl;
    // SAFETY: every bit pattern is an i64 (the union was zeroed whole first); the caller's `out`
    // is writable.
    unsafe { store_any(out, ti::DTYPE, payload.v_int64) }
}

/// Converts the argument of a `dtype`-typed parameter into `out`: None, one of the package's
/// dtype objects (at once, as [`plain_any`] does), a dtype's name (`"float32"`, at once too), or
/// any other spelling of a dtype, read by the package's `dtype_convert` hook (`np.float32`,
/// `np.dtype("f4")`, `float`, `"f4"`), whose TypeError for anything else becomes the argument's
/// error. Before the hooks are installed the argument converts as any other.
pub unsafe fn dtype_any_into(obj: *mut PyObject, out: *mut FerruleAny, temps: &mut Temps) -> Result<(), ConvError> {
    // SAFETY: the caller holds the GIL, `obj` is live and `out` is writable; the hook is NULL or a
    // callable the hooks own until exit, and its result is checked before it is read as a dtype.
    unsafe {
        if obj == Py_None() {
            out.write(FerruleAny::NONE);
            return Ok(());
        }
        if let Some(dl) = dtype_of_object(obj) {
            store_dtype(out, dl);
            return Ok(());
        }
        if PyUnicode_CheckExact(obj) != 0 {
            let mut len: Py_ssize_t = 0;
            let p = PyUnicode_AsUTF8AndSize(obj, &mut len);
            if p.is_null() {
                PyErr_Clear(); // (not UTF-8: the hook says what is wrong)
            } else if let Some(dl) = dtype_of_name(std::slice::from_raw_parts(p as *const u8, len as usize)) {
                store_dtype(out, dl);
                return Ok(());
            }
        }
        let hook = HOOKS.dtype_convert.load(Ordering::Acquire);
        if hook.is_null() {
            return py_to_any_into(obj, out, temps);
        }
        let Some(dtype) = Owned::new(PyObject_CallOneArg(hook, obj)) else { return Err(ConvError::Raised) };
        match dtype_of_object(dtype.0) {
            Some(dl) => {
                store_dtype(out, dl);
                Ok(())
            }
            None => {
                let msg = format!("dtype_convert returned a '{}', not a ferrule dtype", type_name(dtype.0));
                raise_kind(ErrorKind::TypeError, &msg);
                Err(ConvError::Raised)
            }
        }
    }
}

unsafe fn py_to_any_depth(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is live; objects created for the value are owned by `temps`, and
    // each type is checked before the object is read as it.
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
        // (text before the float and complex checks, which are subtype walks for anything else)
        if PyUnicode_Check(obj) != 0 {
            let mut len: Py_ssize_t = 0;
            let p = PyUnicode_AsUTF8AndSize(obj, &mut len);
            if p.is_null() {
                return Err(ConvError::Raised);
            }
            return bytes_like(p as *const u8, len as usize, true, temps);
        }
        if PyBytes_Check(obj) != 0 {
            let p = PyBytes_AsString(obj) as *const u8;
            return bytes_like(p, PyBytes_Size(obj) as usize, false, temps);
        }
        if PyFloat_Check(obj) != 0 {
            let v = PyFloat_AS_DOUBLE(obj);
            return Ok(FerruleAny { type_index: ti::FLOAT, small_len: 0, payload: FerruleAnyPayload { v_float64: v } });
        }
        if PyComplex_Check(obj) != 0 {
            return complex_any(PyComplex_RealAsDouble(obj), PyComplex_ImagAsDouble(obj), temps);
        }
        if let Some(dl) = dtype_of_object(obj) {
            let mut v = FerruleAny::NONE;
            store_dtype(&mut v, dl);
            return Ok(v);
        }
        if tp == tensor_type() || PyType_IsSubtype(tp, tensor_type()) != 0 {
            return Ok(obj_any(ti::TENSOR, tensor_handle(obj)));
        }
        if tp == function_type() {
            let h = function_handle(obj);
            if h.is_null() {
                raise_released(obj);
                return Err(ConvError::Raised);
            }
            return Ok(obj_any(ti::FUNCTION, h));
        }
        if tp == std::ptr::addr_of_mut!(PyFunction_Type) || tp == std::ptr::addr_of_mut!(PyCFunction_Type) {
            // (the callbacks users pass, known by their exact type before the numpy and protocol checks)
            return callable_any(obj, temps);
        }
        if PyList_Check(obj) != 0 || PyTuple_Check(obj) != 0 {
            return sequence_any(obj, temps, depth);
        }
        if PySlice_Check(obj) != 0 {
            return slice_any(obj, temps, depth);
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
        if let Some(r) = numpy_any(obj, temps, false) {
            return r; // (before __index__, which numpy arrays have too)
        }
        if PyIndex_Check(obj) != 0 {
            // numpy integers and other int-like objects
            let Some(i) = Owned::new(PyNumber_Index(obj)) else {
                // An array of another library (numpy's has __index__ for its 0-d integer arrays
                // only) is not a ferrule value: reported as such, not as numpy's "only integer
                // scalar arrays can be converted to a scalar index".
                if is_foreign_array(obj) {
                    PyErr_Clear();
                    return Err(ConvError::Unsupported(obj));
                }
                return Err(ConvError::Raised);
            };
            return int_any(i.0);
        }
        if PyCallable_Check(obj) != 0 {
            return callable_any(obj, temps);
        }
        Err(ConvError::Unsupported(obj))
    }
}

/// A Python callable as a value: a new Function calling it, owned by `temps`.
unsafe fn callable_any(obj: *mut PyObject, temps: &mut Temps) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live callable; the Function made is owned by `temps`.
    unsafe {
        let f = function_from_callable(obj, None);
        if f.is_null() {
            return Err(ConvError::Raised);
        }
        temps.push(f);
        Ok(obj_any(ti::FUNCTION, f))
    }
}

/// A complex value: a new complex object, owned by `temps`.
unsafe fn complex_any(re: f64, im: f64, temps: &mut Temps) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL (a failure raises); the object made is owned by `temps`.
    unsafe {
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().complex_create)(re, im, &mut out, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(out);
        Ok(obj_any(ti::COMPLEX, out))
    }
}

#[inline]
unsafe fn int_any(obj: *mut PyObject) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live int.
    unsafe {
        let mut overflow = 0;
        let v = PyLong_AsLongLongAndOverflow(obj, &mut overflow);
        if overflow != 0 {
            crate::error::raise_kind(
                ErrorKind::OverflowError,
                "Python int too large to convert to a ferrule int (int64)",
            );
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
        // SAFETY: the caller holds the GIL (this function's contract).
        unsafe {
            crate::error::raise_kind(ErrorKind::ValueError, "nested containers are too deep (or contain themselves)")
        };
        return Err(ConvError::Raised);
    }
    Ok(())
}

unsafe fn sequence_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live list or tuple; the array made is owned by `temps` and
    // every item is borrowed from `obj` while it is converted.
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

/// A slice `start:stop:step` as the index encoding's Map `{"slice": [start, stop, step]}`
/// (the table in `crates/ferrule-ops/src/index.rs`), each part converted as any value is.
/// Built here so that `x[1:3, ::2]` creates no Python dict or list on its way to the kernel.
unsafe fn slice_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live slice (its three parts are borrowed
    // from it while they are converted, and a slice is immutable); the map made is owned by
    // `temps`, the array inside it by `inner` until the map holds its own reference.
    unsafe {
        check_depth(depth)?;
        let s = obj.cast::<PySliceObject>();
        let mut inner = Temps::new();
        let mut parts = [FerruleAny::NONE; 3];
        for (slot, part) in parts.iter_mut().zip([(*s).start, (*s).stop, (*s).step]) {
            *slot = py_to_any_depth(part, &mut inner, depth + 1)?;
        }
        let a = api();
        let (mut array, mut err) = (null_mut(), null_mut());
        if (a.array_create)(parts.as_ptr(), 3, &mut array, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        inner.push(array);
        let key = bytes_like(c"slice".as_ptr().cast(), 5, true, &mut inner)?;
        let value = obj_any(ti::ARRAY, array);
        let mut map = null_mut();
        if (a.map_create)(&key, &value, 1, &mut map, &mut err) != 0 {
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(map);
        Ok(obj_any(ti::MAP, map))
    }
}

unsafe fn dict_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live dict; the map made is owned by `temps`, and each key and
    // value gets its own reference while it is converted (user `__eq__`/`__hash__` may change the dict).
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
                crate::error::raise_kind(ErrorKind::TypeError, &msg);
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
    // SAFETY: the caller holds the GIL, `obj` is live and `out` writable; an object created here passes to the
    // caller, a borrowed one gets its own reference, and `temps` releases the rest once.
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

/// Whether `obj` is an array of another library: a DLPack producer or an object with
/// `__array__` (a numpy array, for one). Only called on error paths.
unsafe fn is_foreign_array(obj: *mut PyObject) -> bool {
    // SAFETY: the caller holds the GIL and `obj` is live; attribute lookups only read (a lookup
    // that raises counts as absent).
    unsafe {
        let has = |name: &std::ffi::CStr| {
            let found = PyObject_HasAttrString(obj, name.as_ptr()) != 0;
            PyErr_Clear();
            found
        };
        has(c"__dlpack__") || has(c"__array__")
    }
}

/// What to add to "cannot convert" when `obj` is a tensor of the pure-ctypes frontend
/// (`ferrule.ffi.ctypes.Tensor`): same name as this extension's `ferrule.Tensor`, another class,
/// so the bare message would read "cannot convert ... 'Tensor' (expected ... Tensor ...)"; or when
/// `obj` is an array of another library (numpy's, ...), which `ferrule.asarray` turns into a
/// tensor. Empty for anything else. Only called on error paths.
pub unsafe fn foreign_tensor_hint(obj: *mut PyObject) -> &'static str {
    // SAFETY: the caller holds the GIL and `obj` is live; attribute lookups only read.
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
        } else if is_foreign_array(obj) {
            ": an array of another library is not a ferrule.Tensor; make one with ferrule.asarray(x), \
             which shares its memory"
        } else {
            ""
        }
    }
}

/// Converts a borrowed value to a new Python object (NULL with an error set on failure).
pub unsafe fn any_to_py(a: &FerruleAny) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `a` is a valid value it keeps ownership of (the conversion takes
    // references of its own).
    unsafe { convert_any(a, false) }
}

/// Takes the value out of the slot `a`, whose reference the caller owns (a packed call's `out`),
/// and converts it to a new Python object: the reference is consumed (handed to the object or
/// released), and `a` is left None, so nothing can use or release it twice. Works on the slot
/// in place: the value was just written by native code, and reading its fields one by one
/// (instead of moving all 16 bytes) avoids a store-forwarding stall on the hot path.
#[inline(always)]
pub unsafe fn any_into_py(a: &mut FerruleAny) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and owns the slot's reference, which the conversion consumes exactly once;
    // the slot no longer holds it afterwards.
    unsafe {
        let object = convert_any(a, true);
        a.type_index = ti::NONE;
        object
    }
}

#[inline(always)]
unsafe fn convert_any(a: &FerruleAny, owned: bool) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; `a` is a valid value whose tag says which payload field is live, and `owned`
    // says whether its reference is ours to hand to the new object.
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
            return wrap_tensor(o);
        }
        convert_any_other(a, tag, owned)
    }
}

unsafe fn convert_any_other(a: &FerruleAny, tag: i32, owned: bool) -> *mut PyObject {
    // SAFETY: as for `convert_any`: the GIL is held, the tag names the live payload field, and an owned reference is
    // consumed once.
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
            ti::DTYPE => {
                let known = dtype_object(a.payload.v_dtype);
                if known.is_null() {
                    crate::util::py_str(&dtype_name(a.payload.v_dtype))
                } else {
                    crate::util::new_ref(known)
                }
            }
            ti::DEVICE => crate::util::py_str(&device_name(a.payload.v_device)),
            ti::FUNCTION => {
                let o = a.payload.v_obj;
                if !owned {
                    (api().object_retain)(o);
                }
                wrap_function(o, null_mut())
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

/// Strings, bytes, arrays, maps, errors and complex numbers held by a value (borrowed) as new
/// Python objects.
unsafe fn object_to_py(a: &FerruleAny) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `a` is a valid value whose object (when it has one) is alive while `a` is.
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
            ti::COMPLEX => {
                let (mut re, mut im) = (0.0, 0.0);
                if (api.complex_parts)(o, &mut re, &mut im) != 0 {
                    raise(PyExc_RuntimeError, "ferrule: could not read a complex value");
                    return null_mut();
                }
                PyComplex_FromDoubles(re, im)
            }
            t => {
                let msg = format!("ferrule: no Python conversion for a value of type index {t}");
                crate::error::raise_kind(ErrorKind::TypeError, &msg);
                null_mut()
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------
// Python callables as native functions (a callable argument becomes one; its trampoline converts
// the native arguments back, so both directions of conversion meet here)
// ------------------------------------------------------------------------------------------------

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
        unsafe { *err = native_error(ErrorKind::RuntimeError, "Python is finalizing; the callback was not called") };
        return -1;
    }
    // SAFETY: `state` is the live Callback of a function object that is being called (so it was not deleted); any
    // thread may take the GIL with PyGILState_Ensure while the interpreter is alive, checked just above.
    let result = ferrule_sys::panics::catch(|| unsafe {
        let gil = PyGILState_Ensure();
        let rc = call_python(&*(state as *const Callback), args, num_args, out, err);
        PyGILState_Release(gil);
        rc
    });
    result.unwrap_or_else(|panic| {
        // SAFETY: as above.
        unsafe {
            *err = native_error(
                ErrorKind::RuntimeError,
                &format!("ferrule: panic in the Python callback trampoline: {panic}"),
            )
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
    // SAFETY: the GIL is held; `args` holds `num_args` valid values borrowed for the call and `out`/`err` are the
    // caller's out-parameters; every Python reference made here is dropped once.
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
                    ErrorKind::TypeError,
                    &format!(
                        "{who}: its return value of type '{tp}'{inner} could not be converted to a ferrule value \
                         (expected None, bool, int, float, complex, str, bytes, list, tuple, dict, Tensor or a \
                         callable){}",
                        foreign_tensor_hint(obj)
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
    // SAFETY: the caller holds the GIL and `callable` is live; the Callback takes a reference of its own, which the
    // function object's deleter drops (or which is dropped here on failure).
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

// ------------------------------------------------------------------------------------------------
// numpy arrays and scalars: arrays are shared through the buffer protocol (no copy); numpy
// scalars are 0-d tensors of their own dtype where a tensor is declared (numpy 2's strong
// scalars, NEP 50) and the Python scalar of their kind anywhere else (an axis, a shape)
// ------------------------------------------------------------------------------------------------

/// numpy's `ndarray` and `generic` (the base of its scalar types), strong references kept for
/// the process's life once numpy has been imported; NULL before.
static NUMPY_NDARRAY: AtomicPtr<PyObject> = AtomicPtr::new(null_mut());
static NUMPY_GENERIC: AtomicPtr<PyObject> = AtomicPtr::new(null_mut());
static NUMPY_MEMMAP: AtomicPtr<PyObject> = AtomicPtr::new(null_mut());

/// numpy's `(ndarray, generic)`, or `None` while numpy is not imported (no object is numpy's
/// then). GIL held; leaves no error set.
unsafe fn numpy_types() -> Option<(*mut PyTypeObject, *mut PyTypeObject)> {
    // SAFETY: the caller holds the GIL, which orders the one-time stores; the references stored are owned by the
    // statics until exit.
    unsafe {
        let nd = NUMPY_NDARRAY.load(Ordering::Acquire);
        if !nd.is_null() {
            return Some((nd.cast(), NUMPY_GENERIC.load(Ordering::Acquire).cast()));
        }
        let name = Owned::new(PyUnicode_FromString(c"numpy".as_ptr()))?;
        let Some(module) = Owned::new(PyImport_GetModule(name.0)) else {
            PyErr_Clear();
            return None;
        };
        let nd = PyObject_GetAttrString(module.0, c"ndarray".as_ptr());
        let generic = PyObject_GetAttrString(module.0, c"generic".as_ptr());
        if nd.is_null() || generic.is_null() || PyType_Check(nd) == 0 || PyType_Check(generic) == 0 {
            Py_XDECREF(nd);
            Py_XDECREF(generic);
            PyErr_Clear();
            return None;
        }
        let memmap = PyObject_GetAttrString(module.0, c"memmap".as_ptr());
        if memmap.is_null() || PyType_Check(memmap) == 0 {
            Py_XDECREF(memmap);
            PyErr_Clear();
        } else {
            NUMPY_MEMMAP.store(memmap, Ordering::Release);
        }
        NUMPY_GENERIC.store(generic, Ordering::Release);
        NUMPY_NDARRAY.store(nd, Ordering::Release);
        Some((nd.cast(), generic.cast()))
    }
}

/// What a numpy object is to the conversions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NumpyKind {
    /// Not a numpy object.
    No,
    /// An `ndarray` or a `memmap`.
    Array,
    /// Another ndarray subclass (a masked array, a matrix): not converted.
    OtherArray,
    /// A numpy scalar (`np.float32(1)`, `np.int64(2)`, `np.bool_(True)`).
    Scalar,
}

/// Classifies `obj` (GIL held; leaves no error set).
pub unsafe fn numpy_kind(obj: *mut PyObject) -> NumpyKind {
    // SAFETY: the caller holds the GIL and `obj` is live; the types compared are kept alive by the statics.
    unsafe {
        let Some((nd, generic)) = numpy_types() else { return NumpyKind::No };
        let tp = Py_TYPE(obj);
        if tp == nd {
            return NumpyKind::Array;
        }
        if PyType_IsSubtype(tp, nd) != 0 {
            // a memmap is an array of a file's bytes; other subclasses carry meaning of their own
            // (a masked array's mask, a matrix's rules) that a tensor would silently drop
            let memmap = NUMPY_MEMMAP.load(Ordering::Acquire);
            return if !memmap.is_null() && PyType_IsSubtype(tp, memmap.cast()) != 0 {
                NumpyKind::Array
            } else {
                NumpyKind::OtherArray
            };
        }
        if PyType_IsSubtype(tp, generic) != 0 {
            return NumpyKind::Scalar;
        }
        NumpyKind::No
    }
}

/// A numpy array or scalar as a value: an array as a tensor sharing its memory, a scalar as a
/// 0-d tensor when `strong`, else as the Python scalar of its kind. `None` when `obj` is not
/// numpy's. The tensor made is owned by `temps`.
pub unsafe fn numpy_any(obj: *mut PyObject, temps: &mut Temps, strong: bool) -> Option<Result<FerruleAny, ConvError>> {
    // SAFETY: the caller holds the GIL and `obj` is live; what the value borrows lives in `temps`.
    unsafe {
        match numpy_kind(obj) {
            NumpyKind::No => None,
            NumpyKind::OtherArray => Some(Err(ConvError::Unsupported(obj))),
            NumpyKind::Array => Some(numpy_array_any(obj, temps, 0)),
            NumpyKind::Scalar if strong => Some(numpy_array_any(obj, temps, 0)),
            NumpyKind::Scalar => {
                // its Python scalar (`item()`): a bool, int, float or complex
                let Some(item) = Owned::new(PyObject_CallMethod(obj, c"item".as_ptr(), null())) else {
                    return Some(Err(ConvError::Raised));
                };
                if numpy_kind(item.0) == NumpyKind::Scalar {
                    return Some(Err(ConvError::Unsupported(obj))); // (a datetime64, say)
                }
                Some(py_to_any_depth(item.0, temps, MAX_DEPTH - 1).map_err(|e| match e {
                    ConvError::Unsupported(_) => ConvError::Unsupported(obj),
                    raised => raised,
                }))
            }
        }
    }
}

/// What a tensor shared with a Python buffer owns: the buffer view (released with the GIL when
/// libferrule lets go) and the shape and strides the DLPack struct points at.
#[repr(C)]
struct BufferExport {
    managed: DLManagedTensorVersioned,
    view: Py_buffer,
    shape: Vec<i64>,
    strides: Vec<i64>,
}

unsafe extern "C" fn buffer_export_deleter(managed: *mut DLManagedTensorVersioned) {
    // SAFETY: `managed` is the first field of the Box<BufferExport> made by `numpy_array_any`, and libferrule calls
    // the deleter exactly once. The view is released under the GIL, taken from any thread while the interpreter
    // lives; during finalization it is left alone (the interpreter reclaims the array).
    unsafe {
        let mut export = Box::from_raw(managed.cast::<BufferExport>());
        if is_finalizing() || Py_IsInitialized() == 0 {
            std::mem::forget(export);
            return;
        }
        let gil = PyGILState_Ensure();
        PyBuffer_Release(&mut export.view);
        PyGILState_Release(gil);
    }
}

/// The DLPack dtype of a buffer's struct-module format in native byte order, or `None`.
fn buffer_dtype(format: &[u8], itemsize: isize) -> Option<DLDataType> {
    let format = match format.first() {
        Some(b'<' | b'=' | b'@') if cfg!(target_endian = "little") => &format[1..],
        Some(b'<' | b'>' | b'=' | b'!') => return None, // (native alignment only)
        _ => format,
    };
    let bits = u8::try_from(itemsize.checked_mul(8)?).ok()?;
    let code = match format {
        b"?" => 6,
        b"b" | b"h" | b"i" | b"l" | b"q" | b"n" => 0,
        b"B" | b"H" | b"I" | b"L" | b"Q" | b"N" => 1,
        b"e" | b"f" | b"d" => 2,
        b"Zf" | b"Zd" => 5,
        _ => return None,
    };
    Some(DLDataType { code, bits, lanes: 1 })
}

/// A numpy array (or scalar) as a tensor sharing its memory through the buffer protocol. What
/// cannot be shared as it is (another byte order, a dtype ferrule lacks, strides that are not a
/// whole number of elements) goes through `Tensor()`'s preparation hook, which makes a copy
/// ferrule can share or raises a TypeError naming the dtype.
unsafe fn numpy_array_any(obj: *mut PyObject, temps: &mut Temps, depth: u32) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is a live numpy object; the buffer view taken here is owned by the
    // export (released by its deleter) or released on every failure path.
    unsafe {
        let mut view: Py_buffer = std::mem::zeroed();
        let shared = if PyObject_GetBuffer(obj, &mut view, PyBUF_RECORDS_RO) == 0 {
            let format = if view.format.is_null() { &b"B"[..] } else { CStr::from_ptr(view.format).to_bytes() };
            let dtype = buffer_dtype(format, view.itemsize);
            let ndim = view.ndim.max(0) as usize;
            let strides = if ndim == 0 {
                Some(Vec::new())
            } else if view.strides.is_null() {
                None
            } else {
                std::slice::from_raw_parts(view.strides, ndim)
                    .iter()
                    .map(|&s| (view.itemsize > 0 && s % view.itemsize == 0).then(|| (s / view.itemsize) as i64))
                    .collect::<Option<Vec<i64>>>()
            };
            match (dtype, strides) {
                (Some(dtype), Some(strides)) => Some((dtype, strides)),
                _ => {
                    PyBuffer_Release(&mut view);
                    None
                }
            }
        } else {
            PyErr_Clear(); // (a dtype with no buffer form: the hook below says what it is)
            None
        };
        let Some((dtype, strides)) = shared else {
            if depth > 0 {
                return Err(ConvError::Unsupported(obj));
            }
            return prepared_array_any(obj, temps);
        };
        let ndim = view.ndim.max(0) as usize;
        let shape: Vec<i64> = if ndim == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(view.shape, ndim).iter().map(|&d| d as i64).collect()
        };
        let readonly = view.readonly != 0;
        let data = view.buf;
        let mut export = Box::new(BufferExport {
            managed: DLManagedTensorVersioned {
                version: DLPackVersion { major: 1, minor: 0 },
                manager_ctx: null_mut(),
                deleter: Some(buffer_export_deleter),
                flags: if readonly { DLPACK_FLAG_BITMASK_READ_ONLY } else { 0 },
                dl_tensor: DLTensor {
                    data,
                    device: DLDevice { device_type: 1, device_id: 0 },
                    ndim: ndim as i32,
                    dtype,
                    shape: null_mut(),
                    strides: null_mut(),
                    byte_offset: 0,
                },
            },
            view,
            shape,
            strides,
        });
        export.managed.dl_tensor.shape = export.shape.as_mut_ptr();
        export.managed.dl_tensor.strides = export.strides.as_mut_ptr();
        let raw = Box::into_raw(export);
        (*raw).managed.manager_ctx = raw.cast();
        let (mut out, mut err) = (null_mut(), null_mut());
        if (api().tensor_from_dlpack)(raw.cast(), &mut out, &mut err) != 0 {
            // not taken: the export is still ours
            let mut export = Box::from_raw(raw);
            PyBuffer_Release(&mut export.view);
            crate::error::raise_native_error(err);
            return Err(ConvError::Raised);
        }
        temps.push(out);
        Ok(obj_any(ti::TENSOR, out))
    }
}

/// `obj` through `Tensor()`'s preparation hook (`ferrule._tensor._prepare`): a C-contiguous
/// native-order copy that is then shared, or the hook's TypeError for a dtype ferrule lacks.
unsafe fn prepared_array_any(obj: *mut PyObject, temps: &mut Temps) -> Result<FerruleAny, ConvError> {
    // SAFETY: the caller holds the GIL and `obj` is live; the prepared array is kept alive by the buffer view the
    // shared tensor holds.
    unsafe {
        let hook = HOOKS.tensor_prepare.load(Ordering::Acquire);
        if hook.is_null() {
            return Err(ConvError::Unsupported(obj));
        }
        let Some(prepared) = Owned::new(PyObject_CallFunctionObjArgs(hook, obj, Py_None(), null_mut::<PyObject>()))
        else {
            return Err(ConvError::Raised);
        };
        if PyTuple_Check(prepared.0) == 0 || PyTuple_GET_SIZE(prepared.0) < 1 {
            return Err(ConvError::Unsupported(obj));
        }
        numpy_array_any(PyTuple_GET_ITEM(prepared.0, 0), temps, 1)
    }
}
