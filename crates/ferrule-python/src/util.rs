//! Small helpers over the raw CPython API shared by the other modules.

use std::ffi::{c_char, CString};
use std::ptr::null_mut;

use pyo3_ffi::*;

/// A strong reference that is decref'd on drop (the GIL must be held when it drops).
pub struct Owned(pub *mut PyObject);

impl Owned {
    /// Wraps a new reference; `None` (with the Python error left set) when it is NULL.
    #[inline]
    pub fn new(p: *mut PyObject) -> Option<Owned> {
        (!p.is_null()).then_some(Owned(p))
    }

    /// Gives up ownership, returning the new reference.
    #[inline]
    pub fn into_ptr(self) -> *mut PyObject {
        let p = self.0;
        std::mem::forget(self);
        p
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: we own one reference and the GIL is held wherever an Owned lives.
        unsafe { Py_XDECREF(self.0) }
    }
}

/// Returns a new reference to `p`.
#[inline]
pub unsafe fn new_ref(p: *mut PyObject) -> *mut PyObject {
    unsafe { Py_INCREF(p) };
    p
}

/// A new reference to None.
#[inline]
pub unsafe fn none() -> *mut PyObject {
    unsafe { new_ref(Py_None()) }
}

/// A Rust string as a new Python str (NULL with an error set on failure).
pub unsafe fn py_str(s: &str) -> *mut PyObject {
    unsafe { PyUnicode_FromStringAndSize(s.as_ptr() as *const c_char, s.len() as Py_ssize_t) }
}

/// Raises `exc_type(message)`.
pub unsafe fn raise(exc_type: *mut PyObject, message: &str) {
    let msg = unsafe { py_str(message) };
    if msg.is_null() {
        return;
    }
    unsafe {
        PyErr_SetObject(exc_type, msg);
        Py_DECREF(msg);
    }
}

/// The `__name__` of `obj`'s type, for error messages.
pub unsafe fn type_name(obj: *mut PyObject) -> String {
    unsafe {
        let tp = Py_TYPE(obj);
        let name = (*tp).tp_name;
        if name.is_null() {
            return "?".into();
        }
        let full = std::ffi::CStr::from_ptr(name).to_string_lossy();
        // tp_name of builtins is bare; of heap types "module.Name": show the last component
        full.rsplit('.').next().unwrap_or("?").to_owned()
    }
}

/// UTF-8 view of a Python str, valid while `s` is alive. `None` (error set) if not a str or
/// not encodable.
pub unsafe fn str_view<'a>(s: *mut PyObject) -> Option<&'a str> {
    unsafe {
        let mut len: Py_ssize_t = 0;
        let p = PyUnicode_AsUTF8AndSize(s, &mut len);
        if p.is_null() {
            return None;
        }
        Some(std::str::from_utf8_unchecked(std::slice::from_raw_parts(p as *const u8, len as usize)))
    }
}

/// Takes the raised exception, normalised and with its traceback attached: a new reference, or
/// NULL when none was raised. Clears the error indicator. CPython 3.12 keeps the raised exception
/// as one normalised object (`PyErr_GetRaisedException`) and deprecates the fetch/normalize
/// triple, which earlier versions need.
pub unsafe fn fetch_exception() -> *mut PyObject {
    #[cfg(Py_3_12)]
    // SAFETY: the GIL is held (caller's contract); the returned reference is ours.
    unsafe {
        PyErr_GetRaisedException()
    }
    #[cfg(not(Py_3_12))]
    // SAFETY: the GIL is held (caller's contract); the fetched references are ours.
    unsafe {
        let (mut tp, mut value, mut tb) = (null_mut(), null_mut(), null_mut());
        PyErr_Fetch(&mut tp, &mut value, &mut tb);
        if tp.is_null() {
            return null_mut();
        }
        PyErr_NormalizeException(&mut tp, &mut value, &mut tb);
        if !tb.is_null() && !value.is_null() {
            PyException_SetTraceback(value, tb);
        }
        Py_XDECREF(tp);
        Py_XDECREF(tb);
        value
    }
}

/// Raises the exception instance `exc`, taking over the reference; its traceback is kept (the
/// interpreter then appends the caller's frames, as for an exception that never left Python).
pub unsafe fn restore_exception(exc: *mut PyObject) {
    #[cfg(Py_3_12)]
    // SAFETY: the GIL is held; PyErr_SetRaisedException takes over the reference.
    unsafe {
        PyErr_SetRaisedException(exc)
    }
    #[cfg(not(Py_3_12))]
    // SAFETY: the GIL is held; PyErr_Restore takes over the three references.
    unsafe {
        let tb = PyException_GetTraceback(exc);
        let tp = new_ref(Py_TYPE(exc) as *mut PyObject);
        PyErr_Restore(tp, exc, tb);
    }
}

/// The keyword-name list of `PyArg_ParseTupleAndKeywords`, whose pointer type CPython 3.13 made
/// const (`char *const *` instead of `char **`): one array of C-string pointers, passed as
/// whichever type the interpreter's declaration takes.
pub struct KwList<const N: usize>(pub [*const c_char; N]);

impl<const N: usize> KwList<N> {
    /// The list for `PyArg_ParseTupleAndKeywords` (CPython 3.13 and later).
    #[cfg(Py_3_13)]
    pub fn as_arg(&self) -> *const *const c_char {
        self.0.as_ptr()
    }

    /// The list for `PyArg_ParseTupleAndKeywords` (before CPython 3.13, which never writes
    /// through it despite the mutable type).
    #[cfg(not(Py_3_13))]
    pub fn as_arg(&self) -> *mut *mut c_char {
        self.0.as_ptr() as *mut *mut c_char
    }
}

/// Re-raises the current exception as `kind` with `prefix: <its message>`, the original kept as
/// `__cause__` (so the new message says where, and the traceback still says why). Raises a
/// plain `kind(prefix)` when nothing was raised.
pub unsafe fn reraise_with_prefix(prefix: &str) {
    // SAFETY: the GIL is held; every reference fetched is either restored or dropped once.
    unsafe {
        let cause = fetch_exception();
        if cause.is_null() {
            crate::error::raise_kind("RuntimeError", prefix);
            return;
        }
        let kind = crate::error::kind_of_exception(cause);
        crate::error::raise_kind(kind, &format!("{prefix}: {}", display(cause)));
        let raised = fetch_exception();
        if raised.is_null() {
            restore_exception(cause); // building the new one failed: the original stands
            return;
        }
        PyException_SetCause(raised, cause); // steals `cause`
        restore_exception(raised);
    }
}

/// A Python str as Rust text for a message: its UTF-8 form, or (a str with lone surrogates has
/// none) its `ascii()` form without the quotes (`\udcff`). Never leaves an error set.
pub unsafe fn text_for_message(s: *mut PyObject) -> String {
    // SAFETY: the GIL is held and `s` is a live str.
    unsafe {
        if let Some(v) = str_view(s) {
            return v.to_owned();
        }
        PyErr_Clear();
        let Some(escaped) = Owned::new(PyObject_ASCII(s)) else {
            PyErr_Clear();
            return "<unprintable>".into();
        };
        let escaped = display(escaped.0);
        let quoted = escaped.len() >= 2 && (escaped.starts_with('\'') || escaped.starts_with('"'));
        if quoted {
            escaped[1..escaped.len() - 1].to_owned()
        } else {
            escaped
        }
    }
}

/// `str(obj)` as a Rust string; falls back to a placeholder when str() itself fails.
pub unsafe fn display(obj: *mut PyObject) -> String {
    unsafe {
        let Some(s) = Owned::new(PyObject_Str(obj)) else {
            PyErr_Clear();
            return "<unprintable>".into();
        };
        match str_view(s.0) {
            Some(v) => v.to_owned(),
            None => {
                PyErr_Clear();
                "<unprintable>".into()
            }
        }
    }
}

/// A C string for the ABI (a message, a context line); interior NULs are written as `\0`, so
/// nothing after them is lost. Names are refused instead (`registry::name_arg`).
pub fn c_string(s: &str) -> CString {
    CString::new(s).unwrap_or_else(|_| CString::new(s.replace('\0', "\\0")).unwrap_or_default())
}

/// Runs `f`, turning a Rust panic into a Python RuntimeError (quoting the panic and where it
/// happened) and a NULL return. Nothing is printed (`ferrule_sys::panics`).
#[inline(always)]
pub fn guard<F: FnOnce() -> *mut PyObject>(f: F) -> *mut PyObject {
    match ferrule_sys::panics::catch(f) {
        Ok(p) => p,
        Err(panic) => {
            // SAFETY: Python entry points run with the GIL held.
            unsafe { raise(PyExc_RuntimeError, &format!("ferrule: internal panic in the Python extension: {panic}")) };
            null_mut()
        }
    }
}

/// A small vector that keeps up to N items inline and spills to the heap beyond.
pub struct SmallVec<T: Copy, const N: usize> {
    inline: [std::mem::MaybeUninit<T>; N],
    len: usize,
    heap: Vec<T>,
}

impl<T: Copy, const N: usize> SmallVec<T, N> {
    /// An empty vector; allocates nothing.
    #[inline(always)]
    pub fn new() -> Self {
        Self { inline: [const { std::mem::MaybeUninit::uninit() }; N], len: 0, heap: Vec::new() }
    }

    /// Appends an item.
    #[inline(always)]
    pub fn push(&mut self, v: T) {
        if self.len < N && self.heap.is_empty() {
            self.inline[self.len].write(v);
            self.len += 1;
        } else {
            if self.heap.is_empty() {
                self.heap.reserve(N * 2);
                // SAFETY: the first `len` inline slots are initialised.
                self.heap.extend(self.inline[..self.len].iter().map(|x| unsafe { x.assume_init() }));
            }
            self.heap.push(v);
            self.len += 1;
        }
    }

    /// Removes the last item.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        if self.heap.is_empty() {
            // SAFETY: slot `len` was initialised.
            Some(unsafe { self.inline[self.len].assume_init() })
        } else {
            // once spilled, every item lives on the heap (it empties only with len == 0)
            self.heap.pop()
        }
    }

    /// The items, mutably.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.heap.is_empty() {
            // SAFETY: the first `len` inline slots are initialised.
            unsafe { std::slice::from_raw_parts_mut(self.inline.as_mut_ptr() as *mut T, self.len) }
        } else {
            &mut self.heap
        }
    }

    /// The items.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        if self.heap.is_empty() {
            // SAFETY: the first `len` inline slots are initialised.
            unsafe { std::slice::from_raw_parts(self.inline.as_ptr() as *const T, self.len) }
        } else {
            &self.heap
        }
    }
}

/// Leaks a table (method, getset, member or slot arrays must outlive their type).
pub fn leak<T>(v: Vec<T>) -> *mut T {
    Box::leak(v.into_boxed_slice()).as_mut_ptr()
}

/// A `METH_NOARGS` method entry.
pub fn method_noargs(name: &'static std::ffi::CStr, f: PyCFunction, doc: &'static std::ffi::CStr) -> PyMethodDef {
    PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: PyMethodDefPointer { PyCFunction: f },
        ml_flags: METH_NOARGS,
        ml_doc: doc.as_ptr(),
    }
}

/// A `METH_VARARGS | METH_KEYWORDS` method entry.
pub fn method_kw(
    name: &'static std::ffi::CStr,
    f: PyCFunctionWithKeywords,
    doc: &'static std::ffi::CStr,
) -> PyMethodDef {
    PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: PyMethodDefPointer { PyCFunctionWithKeywords: f },
        ml_flags: METH_VARARGS | METH_KEYWORDS,
        ml_doc: doc.as_ptr(),
    }
}

/// A `METH_O` method entry.
pub fn method_o(name: &'static std::ffi::CStr, f: PyCFunction, doc: &'static std::ffi::CStr) -> PyMethodDef {
    PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: PyMethodDefPointer { PyCFunction: f },
        ml_flags: METH_O,
        ml_doc: doc.as_ptr(),
    }
}

/// A `METH_FASTCALL` method entry.
pub fn method_fastcall(name: &'static std::ffi::CStr, f: PyCFunctionFast, doc: &'static std::ffi::CStr) -> PyMethodDef {
    PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: PyMethodDefPointer { PyCFunctionFast: f },
        ml_flags: METH_FASTCALL,
        ml_doc: doc.as_ptr(),
    }
}

/// A getset entry; `closure` is passed to the getter and setter.
pub fn getset(
    name: &'static std::ffi::CStr,
    get: getter,
    set: Option<setter>,
    doc: &'static std::ffi::CStr,
    closure: usize,
) -> PyGetSetDef {
    PyGetSetDef {
        name: name.as_ptr(),
        get: Some(get),
        set,
        doc: doc.as_ptr(),
        closure: closure as *mut std::ffi::c_void,
    }
}

/// A read-only `Py_ssize_t` member entry (used for the special `__*offset__` members).
pub fn member(name: &'static std::ffi::CStr, offset: usize) -> PyMemberDef {
    PyMemberDef {
        name: name.as_ptr(),
        type_code: Py_T_PYSSIZET,
        offset: offset as Py_ssize_t,
        flags: Py_READONLY,
        doc: null_mut(),
    }
}
