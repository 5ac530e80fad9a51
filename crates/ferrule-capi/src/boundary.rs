//! The one place where Rust results and panics turn into the C ABI's status codes and error
//! objects. Every export goes through `ffi_boundary` or `ffi_boundary_void`.
//!
//! A panic caught here is not printed (its message and location go into the returned error; see
//! `ferrule_sys::panics` for the panic hook this installs and `FERRULE_LOG_CAUGHT_PANICS`), and
//! its payload is freed.

use ferrule_registry::Error;
use ferrule_sys::panics;
use ferrule_sys::FerruleObject;

/// Runs `f`; on an error or a panic stores a new error object in `*err` (if `err` is not null)
/// and returns -1, else returns 0. `what` names the export for panic messages.
#[inline]
pub fn ffi_boundary(what: &str, err: *mut *mut FerruleObject, f: impl FnOnce() -> Result<(), Error>) -> i32 {
    let error = match panics::catch(f) {
        Ok(Ok(())) => return 0,
        Ok(Err(e)) => e,
        Err(message) => Error::runtime_error(format!("panic in {what}: {message}")),
    };
    if !err.is_null() {
        // SAFETY: the caller passes a writable out-parameter (documented in the header).
        unsafe { *err = error.into_object().into_raw() };
    }
    -1
}

/// Runs `f` for an export that cannot report errors; a panic is contained and `fallback`
/// returned. Having no error to carry it, the panic's message is printed, once, to stderr: a
/// bug in libferrule or in a destructor it ran, never an expected outcome.
#[inline]
pub fn ffi_boundary_void<R>(what: &str, fallback: R, f: impl FnOnce() -> R) -> R {
    panics::catch(f).unwrap_or_else(|message| {
        eprintln!("ferrule: panic in {what} was contained: {message}");
        fallback
    })
}
