//! `Error`: a ferrule error as a Rust value, either made here or wrapping a native error object.

use std::ffi::{CStr, CString};
use std::fmt;

use ferrule_sys::{type_index, ErrorKind, FerruleObject};

use crate::api;
use crate::object::Object;

/// A ferrule error: a kind (a Python exception name such as `"TypeError"`) and a message.
///
/// An error that came from the host (returned by [`Function::call`](crate::Function::call) or
/// read with [`Error::from_raw_object`]) keeps the native error object it was read from, and
/// [`Error::into_raw_object`] hands back that very object. So propagating a callee's error with
/// `?` preserves its identity and anything a frontend attached to it (a Python exception with
/// its traceback, a Go error value).
pub struct Error {
    kind: String,
    message: String,
    /// The native error this was read from, passed through untouched.
    native: Option<Object>,
    /// Context lines added in Rust, appended to the native object when it leaves.
    context: Vec<String>,
}

impl Error {
    /// A new error of `kind` with `message`: an [`ErrorKind`] (`Error::new(ErrorKind::KeyError,
    /// ...)`), or any other kind name as a string, which is kept as given.
    pub fn new(kind: impl Into<String>, message: impl Into<String>) -> Error {
        Error { kind: kind.into(), message: message.into(), native: None, context: Vec::new() }
    }

    /// A `TypeError`.
    pub fn type_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::TypeError, message)
    }

    /// A `ValueError`.
    pub fn value_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::ValueError, message)
    }

    /// A `RuntimeError`.
    pub fn runtime_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::RuntimeError, message)
    }

    /// An `OverflowError`.
    pub fn overflow_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::OverflowError, message)
    }

    /// An `IndexError`.
    pub fn index_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::IndexError, message)
    }

    /// A `KeyError`.
    pub fn key_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::KeyError, message)
    }

    /// The kind: a Python exception name.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether this wraps a native error object that [`Error::into_raw_object`] will hand back.
    pub fn is_native(&self) -> bool {
        self.native.is_some()
    }

    /// The native error object, still owned by `self`; `None` for an error made in Rust.
    pub fn native_object(&self) -> Option<*mut FerruleObject> {
        self.native.as_ref().map(Object::as_ptr)
    }

    /// Adds one line of context (e.g. `"while calling mylib.apply"`), oldest first. A native
    /// error gets it through `error_add_context` when it leaves; kind and message are unchanged.
    #[must_use]
    pub fn with_context(mut self, line: impl Into<String>) -> Error {
        self.context.push(line.into());
        self
    }

    /// Takes ownership of a native error object (as stored in an `err` out-parameter) and reads
    /// its kind and message. The object is kept and returned unchanged by
    /// [`Error::into_raw_object`].
    ///
    /// A null pointer becomes a `RuntimeError`, as does an object that is not an Error (it is
    /// released).
    ///
    /// # Safety
    /// `ptr` must be null or a live object whose reference the caller hands over.
    pub unsafe fn from_raw_object(ptr: *mut FerruleObject) -> Error {
        // SAFETY: the caller's contract.
        let Some(object) = (unsafe { Object::from_raw(ptr) }) else {
            return Error::runtime_error("a ferrule call failed without returning an error object");
        };
        if object.type_index() != type_index::ERROR {
            return Error::runtime_error(format!(
                "a ferrule call failed with a {} instead of an Error",
                crate::type_name(object.type_index())
            ));
        }
        let api = api();
        // SAFETY: live Error object; the strings are borrowed while it lives and copied here.
        let (kind, message) = unsafe {
            (read_c_str((api.error_kind)(object.as_ptr())), read_c_str((api.error_message)(object.as_ptr())))
        };
        Error { kind, message, native: Some(object), context: Vec::new() }
    }

    /// Converts into a native error object owned by the caller (for an `err` out-parameter).
    ///
    /// A native error is returned as the same object (with any context lines added); an error
    /// made in Rust is created with `error_create`. Interior NUL characters in the message are
    /// written as `\0`; a kind with one (a kind is a name) becomes a `ValueError` saying so,
    /// with the original kind and message quoted.
    pub fn into_raw_object(self) -> *mut FerruleObject {
        let api = api();
        let object = match self.native {
            Some(object) => object.into_raw(),
            None => {
                let (kind, message) = match c_name(&self.kind, "Error", "kind") {
                    Ok(kind) => (kind, c_string(&self.message)),
                    Err(refused) => {
                        (c_string(&refused.kind), c_string(&format!("{} ({})", refused.message, self.message)))
                    }
                };
                let mut out = std::ptr::null_mut();
                // SAFETY: valid C strings and out-pointer; error_create never fails.
                unsafe { (api.error_create)(kind.as_ptr(), message.as_ptr(), &mut out) };
                out
            }
        };
        for line in &self.context {
            let line = c_string(line);
            // SAFETY: object is a live Error we own.
            unsafe { (api.error_add_context)(object, line.as_ptr()) };
        }
        object
    }

    /// The context lines: the native object's (oldest first) followed by those added in Rust.
    pub fn context(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(object) = &self.native {
            // SAFETY: a live Error object.
            let native = unsafe { copy_context(object.as_ptr()) };
            lines.extend(native.lines().map(str::to_owned));
        }
        lines.extend(self.context.iter().cloned());
        lines
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.kind)
            .field("message", &self.message)
            .field("native", &self.native_object())
            .field("context", &self.context)
            .finish()
    }
}

impl std::error::Error for Error {}

/// Copies a borrowed C string; null reads as "".
unsafe fn read_c_str(ptr: *const std::ffi::c_char) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: a NUL-terminated string per the caller.
    unsafe { CStr::from_ptr(ptr) }.to_string_lossy().into_owned()
}

/// The context of a native error, copied out under its lock (`error_context_copy`) so that a
/// thread adding context meanwhile cannot leave the copy dangling; a host whose table predates
/// that entry is read through `error_context`.
///
/// # Safety
/// `error` is a live Error object.
unsafe fn copy_context(error: *const FerruleObject) -> String {
    let api = api();
    let needed_size = std::mem::offset_of!(ferrule_sys::FerruleApi, error_context_copy) + std::mem::size_of::<usize>();
    if (api.struct_size as usize) < needed_size {
        // SAFETY: a live Error; the string is copied at once.
        return unsafe { read_c_str((api.error_context)(error)) };
    }
    let mut buf: Vec<u8> = vec![0; 256];
    loop {
        let mut needed = 0usize;
        // SAFETY: `buf.len()` writable bytes; the table has the entry (checked above).
        let rc = unsafe { (api.error_context_copy)(error, buf.as_mut_ptr().cast(), buf.len(), &mut needed) };
        match rc {
            0 => {
                buf.truncate(needed);
                return String::from_utf8_lossy(&buf).into_owned();
            }
            1 => buf.resize(needed + 1, 0),
            _ => return String::new(),
        }
    }
}

/// `text` as a C string, interior NULs written as `\0` (for messages and context lines).
pub(crate) fn c_string(text: &str) -> CString {
    CString::new(text).unwrap_or_else(|_| CString::new(text.replace('\0', "\\0")).expect("interior NULs were replaced"))
}

/// A name (of a function, an error kind, ...) as a C string: one with an interior NUL is refused
/// with a `ValueError` naming `function` and `arg`, rather than cut short at the NUL.
pub(crate) fn c_name(text: &str, function: &str, arg: &str) -> Result<CString, Error> {
    CString::new(text).map_err(|_| Error::value_error(format!("{function}(): {arg} {text:?} contains a NUL character")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_kind_colon_message() {
        let error = Error::type_error("expected int, got str");
        assert_eq!(error.to_string(), "TypeError: expected int, got str");
        assert_eq!(error.kind(), "TypeError");
        assert!(!error.is_native());
    }

    #[test]
    fn context_lines_accumulate_in_order() {
        let error = Error::value_error("bad").with_context("first").with_context("second");
        assert_eq!(error.context(), vec!["first", "second"]);
    }

    #[test]
    fn c_string_escapes_interior_nul() {
        assert_eq!(c_string("a\0b").to_str().unwrap(), "a\\0b");
        assert_eq!(c_string("plain").to_str().unwrap(), "plain");
    }

    #[test]
    fn names_with_a_nul_are_refused() {
        let error = c_name("a\0b", "register", "name").unwrap_err();
        assert_eq!(error.kind(), "ValueError");
        assert_eq!(error.message(), r#"register(): name "a\0b" contains a NUL character"#);
        assert_eq!(c_name("a.b", "register", "name").unwrap().to_str().unwrap(), "a.b");
    }
}
