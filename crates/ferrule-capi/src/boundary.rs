//! The one place where Rust results and panics turn into the C ABI's status codes and error
//! objects. Every export goes through `ffi_boundary` or `ffi_boundary_void`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use ferrule_registry::Error;
use ferrule_sys::FerruleObject;

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with a non-string payload".to_owned())
}

/// Runs `f`; on an error or a panic stores a new error object in `*err` (if `err` is not null)
/// and returns -1, else returns 0. `what` names the export for panic messages.
#[inline]
pub fn ffi_boundary(what: &str, err: *mut *mut FerruleObject, f: impl FnOnce() -> Result<(), Error>) -> i32 {
    let error = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return 0,
        Ok(Err(e)) => e,
        Err(payload) => Error::runtime_error(format!("panic in {what}: {}", panic_message(&*payload))),
    };
    if !err.is_null() {
        // SAFETY: the caller passes a writable out-parameter (documented in the header).
        unsafe { *err = error.into_object().into_raw() };
    }
    -1
}

/// Runs `f` for an export that cannot report errors; a panic is contained and printed, and
/// `fallback` is returned.
#[inline]
pub fn ffi_boundary_void<R>(what: &str, fallback: R, f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            eprintln!("ferrule: panic in {what} was contained: {}", panic_message(&*payload));
            fallback
        }
    }
}
