//! Floor 4, a type's slots. May use floors 0–3; no other slot file.
//!
//! DLPack exchange without copies: `Tensor._dlpack_capsule(versioned)` (the native half of
//! `Tensor.__dlpack__`) and `_ferrule.from_dlpack(x, /, *, device=None, copy=None)`.
//!
//! Capsules follow the Python DLPack protocol: named `"dltensor_versioned"` (DLPack >= 1.0) or
//! `"dltensor"` (legacy), renamed to `"used_..."` by the consumer that takes ownership; a capsule
//! that was never consumed calls the tensor's deleter when it is destroyed.

use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};

use ferrule_sys::{DLManagedTensorVersioned, DLPackVersion, DLTensor, ErrorKind};
use pyo3_ffi::*;

use crate::api::api;
use crate::error::{raise_kind, raise_native_error, reraise_with_prefix};
use crate::types::{tensor_handle, tensor_type, wrap_tensor};
use crate::util::{display, guard, new_ref, raise, str_view, type_name, KwList, Owned};

const VERSIONED: &CStr = c"dltensor_versioned";
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";
const LEGACY: &CStr = c"dltensor";
const USED_LEGACY: &CStr = c"used_dltensor";

/// `DLManagedTensor`, the pre-1.0 layout.
#[repr(C)]
struct DLManagedTensor {
    dl_tensor: DLTensor,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

/// Destructor of an exported versioned capsule: frees the tensor unless a consumer took it.
unsafe extern "C" fn versioned_capsule_destructor(capsule: *mut PyObject) {
    // SAFETY: CPython calls a capsule's destructor once, with the GIL held; a capsule still named
    // 'dltensor_versioned' was never consumed, so its DLManagedTensorVersioned is ours to delete, once.
    unsafe {
        if PyCapsule_IsValid(capsule, VERSIONED.as_ptr()) == 0 {
            return; // consumed (renamed)
        }
        let managed = PyCapsule_GetPointer(capsule, VERSIONED.as_ptr()) as *mut DLManagedTensorVersioned;
        if let Some(deleter) = managed.as_ref().and_then(|m| m.deleter) {
            deleter(managed);
        }
    }
}

/// Destructor of an exported legacy capsule.
unsafe extern "C" fn legacy_capsule_destructor(capsule: *mut PyObject) {
    // SAFETY: CPython calls a capsule's destructor once, with the GIL held; a capsule still named 'dltensor' was
    // never consumed, so its DLManagedTensor is ours to delete, once.
    unsafe {
        if PyCapsule_IsValid(capsule, LEGACY.as_ptr()) == 0 {
            return;
        }
        let managed = PyCapsule_GetPointer(capsule, LEGACY.as_ptr()) as *mut DLManagedTensor;
        if let Some(deleter) = managed.as_ref().and_then(|m| m.deleter) {
            deleter(managed);
        }
    }
}

/// Deleter of the legacy struct ferrule builds around a versioned export.
unsafe extern "C" fn legacy_from_versioned_deleter(legacy: *mut DLManagedTensor) {
    // SAFETY: `legacy` is the boxed adapter made in `m_dlpack` (its `manager_ctx` the versioned tensor it wraps); the
    // consumer calls this deleter once, so both are freed once.
    unsafe {
        let legacy = Box::from_raw(legacy);
        let versioned = legacy.manager_ctx as *mut DLManagedTensorVersioned;
        if let Some(deleter) = versioned.as_ref().and_then(|m| m.deleter) {
            deleter(versioned);
        }
    }
}

/// Deleter of the versioned struct ferrule builds around a legacy import.
unsafe extern "C" fn versioned_from_legacy_deleter(versioned: *mut DLManagedTensorVersioned) {
    // SAFETY: `versioned` is the boxed adapter made in `import_capsule` (its `manager_ctx` the legacy tensor it
    // wraps); libferrule calls this deleter once, so both are freed once.
    unsafe {
        let versioned = Box::from_raw(versioned);
        let legacy = versioned.manager_ctx as *mut DLManagedTensor;
        if let Some(deleter) = legacy.as_ref().and_then(|m| m.deleter) {
            deleter(legacy);
        }
    }
}

/// `Tensor.__dlpack__(*, stream=None, max_version=None, dl_device=None, copy=None)`: exports the
/// tensor as a DLPack capsule sharing its memory: versioned (`"dltensor_versioned"`, read-only
/// flag included) when `max_version` is at least (1, 0), legacy otherwise. `copy=True` exports a
/// copy; a device other than the CPU is a `BufferError` (as the standard asks).
pub unsafe extern "C" fn m_dlpack(obj: *mut PyObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held, `obj` a live Tensor, `args` a tuple and `kwargs` NULL or a
    // dict; the DLPack export is owned by the capsule (or freed on failure).
    guard(|| unsafe {
        let (mut stream, mut max_version, mut dl_device, mut copy) = (Py_None(), Py_None(), Py_None(), Py_None());
        let kwlist =
            KwList([c"stream".as_ptr(), c"max_version".as_ptr(), c"dl_device".as_ptr(), c"copy".as_ptr(), null()]);
        if PyArg_ParseTupleAndKeywords(
            args,
            kwargs,
            c"|$OOOO:__dlpack__".as_ptr(),
            kwlist.as_arg(),
            &mut stream,
            &mut max_version,
            &mut dl_device,
            &mut copy,
        ) == 0
        {
            return null_mut();
        }
        if stream != Py_None() {
            raise_kind(ErrorKind::BufferError, "__dlpack__() argument 'stream' must be None for CPU tensors");
            return null_mut();
        }
        if dl_device != Py_None() {
            let Some((kind, id)) = int_pair(dl_device, "dl_device", "(device_type, device_id)") else {
                return null_mut();
            };
            if kind != 1 || id != 0 {
                raise_kind(
                    ErrorKind::BufferError,
                    &format!(
                        "__dlpack__() argument 'dl_device': cannot export to device ({kind}, {id}); ferrule tensors \
                         live on the CPU (1, 0)"
                    ),
                );
                return null_mut();
            }
        }
        let versioned = if max_version == Py_None() {
            false
        } else {
            let Some((major, _minor)) = int_pair(max_version, "max_version", "(major, minor)") else {
                return null_mut();
            };
            major >= 1
        };
        if !is_optional_bool(copy) {
            raise_kind(
                ErrorKind::TypeError,
                &format!("__dlpack__() argument 'copy' must be True, False or None, not '{}'", type_name(copy)),
            );
            return null_mut();
        }
        let read_only = if versioned || copy == Py_True() { Some(false) } else { is_read_only(obj) };
        let Some(read_only) = read_only else { return null_mut() };
        if read_only {
            // A legacy capsule has no read-only flag: its consumer would take the memory as
            // writable (numpy refuses the same way).
            raise_kind(
                ErrorKind::BufferError,
                "__dlpack__(): the tensor is read-only, which only DLPack >= 1.0 can signal; pass \
                 max_version=(1, 0) (numpy.from_dlpack does) or export a copy (copy=True)",
            );
            return null_mut();
        }
        let mut source = new_ref(obj);
        if copy == Py_True() {
            // A fresh C-contiguous copy through the operator table (ops.astype with copy).
            let Some(s) = Owned::new(source) else { return null_mut() };
            let Some(copied) = Owned::new(PyObject_CallMethod(s.0, c"__copy__".as_ptr(), null_mut())) else {
                return null_mut();
            };
            source = copied.into_ptr();
        }
        let source = Owned(source);
        let (mut managed, mut err) = (null_mut(), null_mut());
        if (api().tensor_to_dlpack)(tensor_handle(source.0), &mut managed, &mut err) != 0 {
            raise_native_error(err);
            return null_mut();
        }
        if versioned {
            let capsule = PyCapsule_New(managed.cast(), VERSIONED.as_ptr(), Some(versioned_capsule_destructor));
            if capsule.is_null() {
                if let Some(deleter) = (*managed).deleter {
                    deleter(managed);
                }
            }
            return capsule;
        }
        let legacy = Box::into_raw(Box::new(DLManagedTensor {
            dl_tensor: std::ptr::read(&(*managed).dl_tensor),
            manager_ctx: managed.cast(),
            deleter: Some(legacy_from_versioned_deleter),
        }));
        let capsule = PyCapsule_New(legacy.cast(), LEGACY.as_ptr(), Some(legacy_capsule_destructor));
        if capsule.is_null() {
            legacy_from_versioned_deleter(legacy);
        }
        capsule
    })
}

/// Whether `obj` is None, True or False.
unsafe fn is_optional_bool(obj: *mut PyObject) -> bool {
    // SAFETY: only the singletons' addresses are read.
    unsafe { obj == Py_None() || obj == Py_True() || obj == Py_False() }
}

/// A `__dlpack__` argument that must be a tuple of two ints (`what` describes them); `None` with
/// a TypeError (or the int conversion's own error) naming the argument otherwise.
unsafe fn int_pair(obj: *mut PyObject, name: &str, what: &str) -> Option<(i64, i64)> {
    // SAFETY: the GIL is held and `obj` is a live argument; items are read only after the
    // tuple's type and length are checked.
    unsafe {
        if PyTuple_Check(obj) == 0 || PyTuple_GET_SIZE(obj) != 2 {
            let got = if PyTuple_Check(obj) != 0 {
                format!("a tuple of length {}", PyTuple_GET_SIZE(obj))
            } else {
                format!("'{}'", type_name(obj))
            };
            raise_kind(
                ErrorKind::TypeError,
                &format!("__dlpack__() argument '{name}' must be None or a tuple of two ints {what}, not {got}"),
            );
            return None;
        }
        let mut pair = [0i64; 2];
        for (i, slot) in pair.iter_mut().enumerate() {
            let item = PyTuple_GET_ITEM(obj, i as Py_ssize_t);
            if PyLong_Check(item) == 0 && PyIndex_Check(item) == 0 {
                raise_kind(
                    ErrorKind::TypeError,
                    &format!(
                        "__dlpack__() argument '{name}' must be a tuple of two ints {what}, but item {i} is a '{}'",
                        type_name(item)
                    ),
                );
                return None;
            }
            let v = PyLong_AsLongLong(item);
            if v == -1 && !PyErr_Occurred().is_null() {
                reraise_with_prefix(&format!("__dlpack__() argument '{name}' item {i}"));
                return None;
            }
            *slot = v;
        }
        Some((pair[0], pair[1]))
    }
}

/// Imports a DLPack capsule (versioned or legacy) as a new native tensor, marking the capsule
/// used. New reference to a `ferrule.Tensor`, or NULL with an exception.
unsafe fn import_capsule(capsule: *mut PyObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and `capsule` is live; its pointer is read only under its valid name, and the
    // capsule is renamed 'used_...' once libferrule owns the tensor, so exactly one side deletes it.
    unsafe {
        let (mut out, mut err) = (null_mut(), null_mut());
        if PyCapsule_IsValid(capsule, VERSIONED.as_ptr()) != 0 {
            let managed = PyCapsule_GetPointer(capsule, VERSIONED.as_ptr()) as *mut DLManagedTensorVersioned;
            if (api().tensor_from_dlpack)(managed, &mut out, &mut err) != 0 {
                raise_native_error(err);
                return null_mut();
            }
            PyCapsule_SetName(capsule, USED_VERSIONED.as_ptr());
        } else if PyCapsule_IsValid(capsule, LEGACY.as_ptr()) != 0 {
            let legacy = PyCapsule_GetPointer(capsule, LEGACY.as_ptr()) as *mut DLManagedTensor;
            let wrapper = Box::into_raw(Box::new(DLManagedTensorVersioned {
                version: DLPackVersion { major: 1, minor: 0 },
                manager_ctx: legacy.cast(),
                deleter: Some(versioned_from_legacy_deleter),
                flags: 0,
                dl_tensor: std::ptr::read(&(*legacy).dl_tensor),
            }));
            if (api().tensor_from_dlpack)(wrapper, &mut out, &mut err) != 0 {
                drop(Box::from_raw(wrapper)); // the capsule still owns the legacy tensor
                raise_native_error(err);
                return null_mut();
            }
            PyCapsule_SetName(capsule, USED_LEGACY.as_ptr());
        } else {
            raise(PyExc_TypeError, "from_dlpack() argument 'x': __dlpack__() did not return a DLPack capsule ('dltensor_versioned' or 'dltensor')");
            return null_mut();
        }
        wrap_tensor(out)
    }
}

/// Whether `device` names the CPU: its `str()` is `cpu` or `cpu:0` (a str, or a device object
/// that prints so). A str with no UTF-8 form (lone surrogates) is simply not the CPU; `None`
/// when `str()` itself raised (re-raised naming the argument).
unsafe fn is_cpu_device(device: *mut PyObject) -> Option<bool> {
    // SAFETY: the GIL is held and `device` is a live argument; the UTF-8 view is used while
    // `text` keeps the str alive.
    unsafe {
        let Some(text) = Owned::new(PyObject_Str(device)) else {
            reraise_with_prefix("from_dlpack() argument 'device'");
            return None;
        };
        match str_view(text.0) {
            Some(s) => Some(s == "cpu" || s == "cpu:0"),
            None => {
                PyErr_Clear();
                Some(false)
            }
        }
    }
}

/// `from_dlpack(x, /, *, device=None, copy=None)`: a tensor sharing the memory of `x` (any
/// DLPack producer: numpy, torch, ferrule), keeping the producer alive exactly as long as needed.
/// `copy=True` asks the producer for a copy; a device other than the CPU is a `ValueError`.
pub unsafe extern "C" fn from_dlpack(_m: *mut PyObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls module functions with the GIL held, `args` a tuple and `kwargs` NULL or a dict; every
    // reference made here is owned by an `Owned` or returned.
    guard(|| unsafe {
        let (mut x, mut device, mut copy): (*mut PyObject, *mut PyObject, *mut PyObject) =
            (null_mut(), Py_None(), Py_None());
        let kwlist = KwList([c"".as_ptr(), c"device".as_ptr(), c"copy".as_ptr(), null()]);
        if PyArg_ParseTupleAndKeywords(
            args,
            kwargs,
            c"O|$OO:from_dlpack".as_ptr(),
            kwlist.as_arg(),
            &mut x,
            &mut device,
            &mut copy,
        ) == 0
        {
            return null_mut();
        }
        let on_cpu = if device == Py_None() { Some(true) } else { is_cpu_device(device) };
        let Some(on_cpu) = on_cpu else { return null_mut() };
        if !on_cpu {
            let shown = Owned::new(PyObject_ASCII(device)).map(|r| display(r.0));
            let shown = shown.unwrap_or_else(|| {
                PyErr_Clear();
                format!("a '{}'", type_name(device))
            });
            raise_kind(
                ErrorKind::ValueError,
                &format!("from_dlpack() argument 'device': ferrule tensors live on the CPU ('cpu'), got {shown}"),
            );
            return null_mut();
        }
        if !is_optional_bool(copy) {
            raise_kind(
                ErrorKind::TypeError,
                &format!("from_dlpack() argument 'copy' must be True, False or None, not '{}'", type_name(copy)),
            );
            return null_mut();
        }
        let tensor_type = tensor_type();
        if copy != Py_True() && (Py_TYPE(x) == tensor_type || PyType_IsSubtype(Py_TYPE(x), tensor_type) != 0) {
            return new_ref(x);
        }
        let Some(method) = Owned::new(PyObject_GetAttrString(x, c"__dlpack__".as_ptr())) else {
            PyErr_Clear();
            raise(
                PyExc_TypeError,
                "from_dlpack() argument 'x': expected an object with __dlpack__ (a DLPack producer)",
            );
            return null_mut();
        };
        let Some(kw) = Owned::new(PyDict_New()) else { return null_mut() };
        let Some(version) = Owned::new(Py_BuildValue(c"(ii)".as_ptr(), 1i32, 1i32)) else { return null_mut() };
        if PyDict_SetItemString(kw.0, c"max_version".as_ptr(), version.0) != 0
            || (copy != Py_None() && PyDict_SetItemString(kw.0, c"copy".as_ptr(), copy) != 0)
        {
            return null_mut();
        }
        let Some(empty) = Owned::new(PyTuple_New(0)) else { return null_mut() };
        let mut capsule = PyObject_Call(method.0, empty.0, kw.0);
        if capsule.is_null() && PyErr_ExceptionMatches(PyExc_TypeError) != 0 && copy == Py_None() {
            // A producer older than DLPack 1.0 does not take max_version.
            PyErr_Clear();
            capsule = PyObject_CallNoArgs(method.0);
        }
        if capsule.is_null() && producer_refused() {
            reraise_with_prefix("from_dlpack() argument 'x': its __dlpack__() failed");
        }
        let Some(capsule) = Owned::new(capsule) else { return null_mut() };
        import_capsule(capsule.0)
    })
}

/// Whether the pending exception is a producer refusing an export (numpy's BufferError for an
/// object array, say), which gets from_dlpack's name in front; anything else (an interrupt, a
/// producer's own exception class) passes through unchanged.
unsafe fn producer_refused() -> bool {
    // SAFETY: the GIL is held (caller's contract).
    unsafe {
        [PyExc_BufferError, PyExc_TypeError, PyExc_ValueError, PyExc_MemoryError, PyExc_RuntimeError]
            .iter()
            .any(|&kind| PyErr_ExceptionMatches(kind) != 0)
    }
}

/// `Tensor.__dlpack_device__()`: `(kDLCPU, 0)` for CPU tensors.
pub unsafe extern "C" fn m_dlpack_device(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held and `obj` a live Tensor, whose handle is a live tensor object.
    unsafe {
        let dl = &(*(tensor_handle(obj) as *mut ferrule_sys::FerruleTensorObject)).tensor;
        Py_BuildValue(c"(ii)".as_ptr(), dl.device.device_type, dl.device.device_id)
    }
}

/// Whether libferrule marks the tensor read-only: its memory came from a read-only producer
/// (bytes, a read-only numpy array or mapping), directly or as a view of such a tensor. Read
/// from the flags of a DLPack export, the ABI's one place that reports it; `None` with an
/// error set on failure.
pub unsafe fn is_read_only(obj: *mut PyObject) -> Option<bool> {
    // SAFETY: the caller holds the GIL and `obj` is a live Tensor; the export made here is deleted once, right after
    // its flags are read.
    unsafe {
        let (mut managed, mut err) = (null_mut(), null_mut());
        if (api().tensor_to_dlpack)(tensor_handle(obj), &mut managed, &mut err) != 0 {
            raise_native_error(err);
            return None;
        }
        let m: *mut ferrule_sys::DLManagedTensorVersioned = managed;
        let readonly = (*m).flags & ferrule_sys::DLPACK_FLAG_BITMASK_READ_ONLY != 0;
        if let Some(deleter) = (*m).deleter {
            deleter(m);
        }
        Some(readonly)
    }
}
