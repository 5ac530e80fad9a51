//! Error objects: kind, message, context and an optional frontend payload, shared across the ABI.
//!
//! Errors are objects so that one raised in one language (a Python exception inside a callback)
//! travels through native frames and comes back to its own language as the very same object.

use std::ffi::{c_void, CStr, CString};
use std::sync::Mutex;

use ferrule_sys::{type_index as ti, ErrorKind, FerruleStateDeleter};

use crate::object::{ObjRef, ObjectType};

struct Payload {
    owner: usize,
    ptr: usize,
    deleter: Option<FerruleStateDeleter>,
}

impl Drop for Payload {
    fn drop(&mut self) {
        if let Some(deleter) = self.deleter {
            // SAFETY: the frontend registered this deleter for this payload.
            unsafe { deleter(self.ptr as *mut c_void) }
        }
    }
}

struct Context {
    lines: Vec<String>,
    joined: CString,
}

/// The contents of an error object (`FERRULE_TYPE_ERROR`).
pub struct ErrorObj {
    kind: CString,
    message: CString,
    context: Mutex<Context>,
    payload: Mutex<Option<Payload>>,
}

impl ObjectType for ErrorObj {
    const TYPE_INDEX: i32 = ti::ERROR;
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "\\0")).unwrap_or_default()
}

/// `bytes` (from a C string: no NUL inside) as a C string of UTF-8, invalid sequences replaced by
/// U+FFFD, in memory allocated fallibly: `None` when the allocator refuses (the length comes
/// from a caller, so this must not abort the process).
fn try_c_string_lossy(bytes: &[u8]) -> Option<CString> {
    let mut text: Vec<u8> = Vec::new();
    text.try_reserve_exact(bytes.len() + 1).ok()?;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().as_bytes();
        let replacement = if chunk.invalid().is_empty() { 0 } else { 3 };
        // + 1: room for the terminating NUL, so that CString never reallocates (infallibly).
        text.try_reserve(valid.len() + replacement + 1).ok()?;
        text.extend_from_slice(valid);
        if replacement > 0 {
            text.extend_from_slice("\u{FFFD}".as_bytes());
        }
    }
    text.try_reserve_exact(1).ok()?;
    // No NUL inside: `bytes` came from a C string and U+FFFD has none.
    CString::new(text).ok()
}

impl ErrorObj {
    /// The kind, e.g. "TypeError".
    pub fn kind(&self) -> &str {
        self.kind.to_str().unwrap_or(ErrorKind::RuntimeError.name())
    }

    /// The kind as a C string.
    pub fn kind_c(&self) -> &CStr {
        &self.kind
    }

    /// The message.
    pub fn message(&self) -> &str {
        self.message.to_str().unwrap_or("")
    }

    /// The message as a C string.
    pub fn message_c(&self) -> &CStr {
        &self.message
    }

    /// The context lines, oldest first.
    pub fn context(&self) -> Vec<String> {
        self.context.lock().unwrap_or_else(|p| p.into_inner()).lines.clone()
    }

    /// The context joined by newlines; the pointer stays valid until the next `add_context`.
    pub fn context_c_ptr(&self) -> *const std::ffi::c_char {
        self.context.lock().unwrap_or_else(|p| p.into_inner()).joined.as_ptr()
    }

    /// Copies the context joined by newlines into `buf`, NUL-terminated and truncated to fit,
    /// as one snapshot taken under the context's lock (so a concurrent `add_context` cannot tear
    /// it). Returns the full length in bytes, without the NUL.
    pub fn copy_context(&self, buf: &mut [u8]) -> usize {
        let ctx = self.context.lock().unwrap_or_else(|p| p.into_inner());
        let text = ctx.joined.as_bytes();
        if let Some(room) = buf.len().checked_sub(1) {
            let n = text.len().min(room);
            buf[..n].copy_from_slice(&text[..n]);
            buf[n] = 0;
        }
        text.len()
    }

    /// Appends a line of context.
    pub fn add_context(&self, line: &str) {
        let mut ctx = self.context.lock().unwrap_or_else(|p| p.into_inner());
        ctx.lines.push(line.to_owned());
        ctx.joined = c_string(&ctx.lines.join("\n"));
    }

    /// Appends a line of context from C (`bytes`: no NUL inside; invalid UTF-8 replaced), with
    /// every allocation fallible since the line's length comes from a caller: a line that
    /// cannot be stored is replaced by a short note saying so.
    pub fn add_context_c(&self, bytes: &[u8]) {
        let mut ctx = self.context.lock().unwrap_or_else(|p| p.into_inner());
        let joined_len = ctx.joined.as_bytes().len() + 1 + bytes.len();
        let stored = try_c_string_lossy(bytes).and_then(|line| {
            let line = line.into_string().ok()?;
            let mut joined: Vec<u8> = Vec::new();
            joined.try_reserve_exact(joined_len + 1).ok()?;
            ctx.lines.try_reserve(1).ok()?;
            Some((line, joined))
        });
        let (line, mut joined) = match stored {
            Some(parts) => parts,
            None => {
                let note = format!("<a context line of {} bytes could not be stored: out of memory>", bytes.len());
                let mut joined = Vec::new();
                joined.reserve_exact(ctx.joined.as_bytes().len() + 1 + note.len() + 1);
                (note, joined)
            }
        };
        joined.extend_from_slice(ctx.joined.as_bytes());
        if !ctx.lines.is_empty() {
            joined.push(b'\n');
        }
        joined.extend_from_slice(line.as_bytes());
        ctx.lines.push(line);
        // No NUL inside: every line came from a NUL-free source; the room for the NUL is reserved.
        ctx.joined = CString::new(joined).unwrap_or_default();
    }

    /// Attaches (or with a null `payload`, removes) a frontend payload.
    pub fn set_payload(&self, owner: *const c_void, payload: *mut c_void, deleter: Option<FerruleStateDeleter>) {
        let new = (!payload.is_null()).then(|| Payload { owner: owner as usize, ptr: payload as usize, deleter });
        let old = std::mem::replace(&mut *self.payload.lock().unwrap_or_else(|p| p.into_inner()), new);
        drop(old); // outside the lock would be nicer, but the deleter never touches this error.
    }

    /// Whether a frontend attached a payload (the error stands for a Go error or a Python
    /// exception, which its frontend gets back as itself).
    pub fn has_payload(&self) -> bool {
        self.payload.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    /// The payload attached by `owner`.
    pub fn payload(&self, owner: *const c_void) -> *mut c_void {
        match &*self.payload.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(p) if p.owner == owner as usize => p.ptr as *mut c_void,
            _ => std::ptr::null_mut(),
        }
    }
}

impl std::fmt::Debug for ErrorObj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind(), self.message())
    }
}

/// An error as it travels through Rust code: a handle to a shared error object.
///
/// Convert from [`ferrule_core::Error`] with `?`/`From`; read with `kind`/`message`.
#[derive(Clone)]
pub struct Error(ObjRef<ErrorObj>);

impl Error {
    /// A new error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: &str) -> Error {
        Error::with_kind_name(kind.name(), message)
    }

    /// A new error whose kind is the name `kind`, kept as given: for a kind that arrived from
    /// elsewhere (another error, a frontend), which need not be an [`ErrorKind`].
    pub fn with_kind_name(kind: &str, message: &str) -> Error {
        Error(ObjRef::new(ErrorObj {
            kind: c_string(kind),
            message: c_string(message),
            context: Mutex::new(Context { lines: Vec::new(), joined: CString::default() }),
            payload: Mutex::new(None),
        }))
    }

    /// An error from C strings (`ferrule_error_create`): kind and message copied in memory
    /// allocated fallibly, invalid UTF-8 replaced; an empty kind reads as RuntimeError. When
    /// the copies cannot be allocated, a MemoryError saying so instead (the lengths come from a
    /// caller, so this must not abort the process).
    pub fn from_c(kind: &CStr, message: &CStr) -> Error {
        let kind_bytes = if kind.is_empty() { ErrorKind::RuntimeError.name().as_bytes() } else { kind.to_bytes() };
        match (try_c_string_lossy(kind_bytes), try_c_string_lossy(message.to_bytes())) {
            (Some(kind), Some(message)) => Error(ObjRef::new(ErrorObj {
                kind,
                message,
                context: Mutex::new(Context { lines: Vec::new(), joined: CString::default() }),
                payload: Mutex::new(None),
            })),
            _ => Error::out_of_memory("ferrule_error_create", kind_bytes.len() + message.to_bytes().len() + 2),
        }
    }

    /// A MemoryError: `what` (a function, an argument) could not allocate `bytes` bytes.
    pub fn out_of_memory(what: &str, bytes: usize) -> Error {
        Error::new(ErrorKind::MemoryError, &format!("{what}: cannot allocate {bytes} bytes"))
    }

    /// A TypeError.
    pub fn type_error(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::TypeError, message.as_ref())
    }

    /// A ValueError.
    pub fn value_error(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::ValueError, message.as_ref())
    }

    /// A KeyError.
    pub fn key_error(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::KeyError, message.as_ref())
    }

    /// A RuntimeError.
    pub fn runtime_error(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::RuntimeError, message.as_ref())
    }

    /// Wraps an existing error object.
    pub fn from_object(obj: ObjRef<ErrorObj>) -> Error {
        Error(obj)
    }

    /// The shared error object.
    pub fn object(&self) -> &ObjRef<ErrorObj> {
        &self.0
    }

    /// Gives up the handle.
    pub fn into_object(self) -> ObjRef<ErrorObj> {
        self.0
    }

    /// The kind.
    pub fn kind(&self) -> &str {
        self.0.kind()
    }

    /// The message.
    pub fn message(&self) -> &str {
        self.0.message()
    }

    /// Appends a line of context and returns the same error.
    pub fn with_context(self, line: &str) -> Error {
        self.0.add_context(line);
        self
    }
}

impl From<ferrule_core::Error> for Error {
    /// A kernel's error as a registry error; for an interrupt, the very error the frontend's
    /// signal hook returned (see `signals`), so Python re-raises its own exception object.
    fn from(e: ferrule_core::Error) -> Error {
        if e.kind == ferrule_core::ErrorKind::KeyboardInterrupt {
            if let Some(original) = crate::signals::take_interrupt() {
                return original;
            }
        }
        let out = Error::new(e.kind, &e.message);
        for line in &e.context {
            out.0.add_context(line);
        }
        out
    }
}

impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", *self.0)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind(), self.message())
    }
}

impl std::error::Error for Error {}

/// The result type of registry code.
pub type Result<T, E = Error> = std::result::Result<T, E>;
