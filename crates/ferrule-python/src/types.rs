//! Floor 1, the types: the instance layouts of `ferrule.Function` and `ferrule.Tensor` (and
//! the metadata a Function caches), their type objects, and the two moves every other file
//! makes on them: reading an instance's native handle and wrapping a native object as a Python
//! one (which keeps tensor identity, docs/internals/pyobject-preservation.md).
//!
//! May use: floor 0 (`api`, `util`, `gil`). Raises nothing itself, so no error mapping is needed:
//! a failed allocation leaves CPython's MemoryError set.

use std::ffi::c_void;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::OnceLock;

use ferrule_sys::{FerruleObject, FerruleTensorObject, FERRULE_OBJECT_FRONTEND_OWNED};
use pyo3_ffi::*;

use crate::api::api;
use crate::util::{new_ref, str_view};

// ------------------------------------------------------------------------------------------------
// ferrule.Function
// ------------------------------------------------------------------------------------------------

/// Instance layout of `ferrule.Function`.
#[repr(C)]
pub struct PyFunction {
    pub(crate) ob_base: PyObject,
    /// Per-instance vectorcall entry (`tp_vectorcall_offset` points here).
    pub(crate) vectorcall: Option<vectorcallfunc>,
    /// One strong reference to the native function; NULL once released.
    pub(crate) handle: *mut FerruleObject,
    /// Cached metadata (owned Box), NULL until first needed.
    pub(crate) info: *mut Info,
    /// Name given at creation (the registry name for `get_global_func`), may be NULL.
    pub(crate) name: *mut PyObject,
    pub(crate) name_override: *mut PyObject,
    pub(crate) qualname_override: *mut PyObject,
    pub(crate) doc_override: *mut PyObject,
    pub(crate) signature_override: *mut PyObject,
    pub(crate) dict: *mut PyObject,
    pub(crate) weakrefs: *mut PyObject,
    /// Calls in progress on this object (changed only with the GIL held).
    pub(crate) busy: u32,
    /// A handle `release()` dropped while a call was using it; released when the last call ends.
    pub(crate) deferred: *mut FerruleObject,
    /// The method definition of the builtin made by `_builtin` over this object (owned Box),
    /// NULL for a plain Function.
    pub(crate) builtin: *mut BuiltinDef,
}

/// What a builtin function over a Function needs for as long as it lives (it holds the Function
/// as `__self__`, so the Function owns this): the method definition and its strings.
pub(crate) struct BuiltinDef {
    pub(crate) def: PyMethodDef,
    pub(crate) _name: std::ffi::CString,
    pub(crate) _doc: Option<std::ffi::CString>,
}

static FUNCTION_TYPE: AtomicPtr<PyTypeObject> = AtomicPtr::new(null_mut());
/// The per-instance vectorcall entry of every Function (`function.rs` defines it, above this
/// floor, and hands it over with the type in [`set_function_type`]).
static FUNCTION_VECTORCALL: OnceLock<vectorcallfunc> = OnceLock::new();

/// The `ferrule.Function` type object.
#[inline(always)]
pub fn function_type() -> *mut PyTypeObject {
    FUNCTION_TYPE.load(Ordering::Relaxed)
}

/// The native handle of a Function instance (NULL if released). `obj` must be a Function.
#[inline(always)]
pub unsafe fn function_handle(obj: *mut PyObject) -> *mut FerruleObject {
    // SAFETY: the caller guarantees `obj` is a live `ferrule.Function` instance, whose memory has the PyFunction
    // layout.
    unsafe { (*(obj as *mut PyFunction)).handle }
}

/// Wraps a native function, taking over one strong reference. `name` (borrowed, may be NULL) is
/// the name it was looked up by. New reference, or NULL with an error set.
pub unsafe fn wrap_function(handle: *mut FerruleObject, name: *mut PyObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and owns the reference on `handle`, which the new object takes over (or which
    // is released on failure); `name` is NULL or live, and gets its own reference.
    unsafe {
        let tp = function_type();
        let obj = PyType_GenericAlloc(tp, 0);
        if obj.is_null() {
            (api().object_release)(handle);
            return null_mut();
        }
        let f = obj as *mut PyFunction;
        (*f).vectorcall = FUNCTION_VECTORCALL.get().copied();
        (*f).handle = handle;
        if !name.is_null() {
            (*f).name = new_ref(name);
        }
        obj
    }
}

/// The name used in messages: the registered name, else the creation name, else "<anonymous>".
pub(crate) unsafe fn display_name(f: *mut PyFunction) -> String {
    // SAFETY: the caller holds the GIL and `f` is a live Function; `info` is NULL or the Box it owns, and `name` NULL
    // or a str it owns.
    unsafe {
        if let Some(info) = (*f).info.as_ref() {
            if !info.name.is_empty() {
                return info.name.clone();
            }
        }
        if !(*f).name.is_null() {
            if let Some(s) = str_view((*f).name) {
                return s.to_owned();
            }
            PyErr_Clear();
        }
        "<anonymous>".to_owned()
    }
}

/// Records the `ferrule.Function` type and its instances' vectorcall entry (module init, once).
pub fn set_function_type(tp: *mut PyTypeObject, vectorcall: vectorcallfunc) {
    // (a second module init in one process keeps the first entry: it is the same function)
    let _ = FUNCTION_VECTORCALL.set(vectorcall);
    FUNCTION_TYPE.store(tp, Ordering::Release);
}

// ------------------------------------------------------------------------------------------------
// A Function's cached metadata
// ------------------------------------------------------------------------------------------------

/// How a parameter may be passed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Positional only (before `/`).
    PositionalOnly,
    /// Positional or keyword.
    Positional,
    /// Keyword only (from Python).
    KeywordOnly,
    /// `*args`.
    VarPositional,
}

/// One parameter.
pub struct Param {
    /// Its name (a Python str, owned).
    pub name: *mut PyObject,
    /// Its name as Rust text, for messages.
    pub text: String,
    /// How it is passed.
    pub kind: Kind,
    /// Its default (owned) or NULL.
    pub default: *mut PyObject,
    /// Whether its declared type takes a tensor (`Tensor`, `TensorLike`, ...): a numpy scalar
    /// passed there becomes a 0-d tensor of its own dtype (numpy 2's strong scalars).
    pub takes_tensor: bool,
}

/// Everything a call needs to know about a function, fetched once.
pub struct Info {
    /// Registered name ("" if none).
    pub name: String,
    /// `__doc__` (owned str) or NULL when empty.
    pub doc: *mut PyObject,
    /// The whole metadata map as a dict (owned).
    pub dict: *mut PyObject,
    /// Whether the registry holds a signature (otherwise nothing is checked here).
    pub has_signature: bool,
    /// Release the GIL around calls.
    pub long_running: bool,
    /// Fixed parameters (positional, then keyword-only).
    pub params: Vec<Param>,
    /// The `*args` parameter's name, if any.
    pub var_positional: Option<String>,
    /// Whether the `*args` values are tensors (see [`Param::takes_tensor`]).
    pub var_takes_tensor: bool,
    /// Number of positional parameters.
    pub n_positional: usize,
    /// Fewest positional arguments a keyword-free call may pass (usize::MAX if a keyword-only
    /// parameter has no default, so such a call always fails).
    pub min_args: usize,
    /// Most positional arguments (usize::MAX with `*args`).
    pub max_args: usize,
    /// Whether even a keyword-free call must be bound: keyword-only parameters precede the
    /// `*args` values in packed order, so their defaults must be filled in by the caller.
    pub always_bind: bool,
    /// Bit `i` set: fixed parameter `i` (of the first 64) is typed `dtype` (or `dtype | None`),
    /// so its argument may be any spelling of a dtype (`np.float32`, `"f4"`, `float`).
    pub dtype_params: u64,
}

impl Drop for Info {
    fn drop(&mut self) {
        // SAFETY: Info lives inside a Function and is dropped with the GIL held.
        unsafe {
            Py_XDECREF(self.doc);
            Py_XDECREF(self.dict);
            for p in &self.params {
                Py_XDECREF(p.name);
                Py_XDECREF(p.default);
            }
        }
    }
}

impl Info {
    /// Whether the value at packed position `index` is declared a tensor (a numpy scalar there
    /// becomes a 0-d tensor; see [`Param::takes_tensor`]). The fixed parameters come first in
    /// packed order, then the `*args` values.
    #[inline]
    pub fn takes_tensor(&self, index: usize) -> bool {
        match self.params.get(index) {
            Some(p) => p.takes_tensor,
            None => self.var_takes_tensor,
        }
    }

    /// `" ('name')"` for argument `index` when the signature names it, else "".
    pub fn param_label(&self, index: usize) -> String {
        if !self.has_signature {
            return String::new();
        }
        if index < self.n_positional {
            return format!(" ('{}')", self.params[index].text);
        }
        match &self.var_positional {
            Some(v) => format!(" (*{v})"),
            None => self.params.get(index).map_or(String::new(), |p| format!(" ('{}')", p.text)),
        }
    }
}

// ------------------------------------------------------------------------------------------------
// ferrule.Tensor
// ------------------------------------------------------------------------------------------------

/// Instance layout of `ferrule.Tensor`.
#[repr(C)]
pub struct PyTensor {
    pub(crate) ob_base: PyObject,
    /// One strong reference to the native tensor.
    pub(crate) handle: *mut FerruleObject,
    /// The instance `__dict__` (tp_dictoffset), or NULL until first used.
    pub(crate) dict: *mut PyObject,
    /// The weak reference list (tp_weaklistoffset).
    pub(crate) weakrefs: *mut PyObject,
}

static TENSOR_TYPE: AtomicPtr<PyTypeObject> = AtomicPtr::new(null_mut());

/// The `ferrule.Tensor` type object.
#[inline(always)]
pub fn tensor_type() -> *mut PyTypeObject {
    TENSOR_TYPE.load(Ordering::Relaxed)
}

/// Puts a Tensor whose `__dict__` exists back on the collector's lists ([`new_tensor_object`]
/// takes a plain one off them): the dict may hold the tensor itself, directly or not.
///
/// # Safety
/// The GIL is held and `obj` is a live Tensor instance.
pub unsafe fn track_with_dict(obj: *mut PyObject) {
    // SAFETY: the caller's contract; the dict field is part of every Tensor's layout.
    unsafe {
        if !(*(obj as *mut PyTensor)).dict.is_null() && PyObject_GC_IsTracked(obj) == 0 {
            PyObject_GC_Track(obj.cast());
        }
    }
}

/// The native handle of a Tensor instance (borrowed).
#[inline(always)]
pub unsafe fn tensor_handle(obj: *mut PyObject) -> *mut FerruleObject {
    // SAFETY: the caller guarantees `obj` is a live `ferrule.Tensor` (or subclass) instance, whose memory starts with
    // the PyTensor layout.
    unsafe { (*(obj as *mut PyTensor)).handle }
}

/// Records the `ferrule.Tensor` type (module init, once).
pub fn set_tensor_type(tp: *mut PyTypeObject) {
    TENSOR_TYPE.store(tp, Ordering::Release);
}

#[inline(always)]
pub(crate) unsafe fn flags<'a>(h: *mut FerruleObject) -> &'a AtomicU32 {
    // SAFETY: the header's flags are only accessed atomically (ferrule.h).
    unsafe { AtomicU32::from_ptr(std::ptr::addr_of_mut!((*h).flags)) }
}

/// Clears `FERRULE_OBJECT_FRONTEND_OWNED`; true when it was set (the object was preserved, and
/// the reference the tensor owned on it now belongs to the caller).
#[inline(always)]
pub(crate) unsafe fn take_preserved(h: *mut FerruleObject) -> bool {
    // SAFETY: the caller holds the GIL and `h` is a live tensor object; its flags are only ever accessed atomically.
    unsafe {
        // Only GIL holders set the flag (dealloc) or clear it (here, frontend_release), and the
        // caller holds the GIL: a plain load answers the usual "not preserved" without the cost
        // of an atomic read-modify-write.
        let f = flags(h);
        f.load(Ordering::Acquire) & FERRULE_OBJECT_FRONTEND_OWNED != 0
            && f.fetch_and(!FERRULE_OBJECT_FRONTEND_OWNED, Ordering::AcqRel) & FERRULE_OBJECT_FRONTEND_OWNED != 0
    }
}

#[inline(always)]
pub(crate) unsafe fn frontend_slot(h: *mut FerruleObject) -> *mut *mut c_void {
    // SAFETY: the caller guarantees `h` is a live tensor object (a FerruleTensorObject); this only computes the
    // field's address.
    unsafe { std::ptr::addr_of_mut!((*(h as *mut FerruleTensorObject)).frontend) }
}

/// Wraps a native tensor, taking over one strong reference. New reference or NULL. The tensor's
/// existing Python object is returned when it has one (identity), taken back from native
/// ownership if it was preserved.
pub unsafe fn wrap_tensor(h: *mut FerruleObject) -> *mut PyObject {
    // SAFETY: the caller holds the GIL (which guards `frontend` and the flag) and owns one reference on the live
    // tensor `h`; an existing frontend object is alive, held either by Python or (preserved) by the tensor.
    unsafe {
        let existing = *frontend_slot(h) as *mut PyObject;
        if !existing.is_null() {
            if !take_preserved(h) {
                Py_INCREF(existing);
            }
            // (When preserved, the reference the tensor owned passes to the caller.) The object
            // holds its own strong reference; drop the caller's.
            (api().object_release)(h);
            return existing;
        }
        new_tensor_object(h, tensor_type(), PyType_GenericAlloc)
    }
}

/// A new Python object of type `tp` made by `alloc` (the type's `tp_alloc`) for a tensor that has
/// none, taking over one strong reference to `h` and becoming its frontend object. New
/// reference or NULL (then the reference is released).
pub unsafe fn new_tensor_object(h: *mut FerruleObject, tp: *mut PyTypeObject, alloc: allocfunc) -> *mut PyObject {
    // SAFETY: the caller holds the GIL and owns one reference on the live tensor `h`, which has no frontend object;
    // `alloc` is `tp`'s allocator, so the new object has the PyTensor layout.
    unsafe {
        let obj = alloc(tp, 0);
        if obj.is_null() {
            (api().object_release)(h);
            return null_mut();
        }
        (*(obj as *mut PyTensor)).handle = h;
        *frontend_slot(h) = obj.cast();
        if tp == tensor_type() {
            // A plain Tensor refers to no Python object until it gets a `__dict__` (its class is
            // a static reference), so it cannot be part of a cycle: it leaves the collector's
            // lists, as a numpy array is never on them, and the collections that thousands of
            // new tensors would trigger (a list of views, results in a loop) do not happen.
            // `track_with_dict` puts it back when the dict appears.
            PyObject_GC_UnTrack(obj.cast());
        }
        obj
    }
}
