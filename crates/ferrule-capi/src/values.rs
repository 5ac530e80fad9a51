//! Exports for objects, values, strings, bytes and errors.

use std::ffi::{c_char, c_void, CStr};

use ferrule_registry::object::{after_decrement, decrement, retain, use_count};
use ferrule_registry::{Any, Bytes, Complex, Error, ErrorObj, ObjRef, Result, Str};
use ferrule_sys::{FerruleAny, FerruleObject, FerruleStateDeleter};

use crate::boundary::{ffi_boundary, ffi_boundary_void};

/// Reads a C string argument. Errors: ValueError naming the function and the argument.
pub(crate) unsafe fn c_str_arg<'a>(p: *const c_char, func: &str, arg: &str) -> Result<&'a str> {
    if p.is_null() {
        return Err(Error::value_error(format!("{func}: argument '{arg}' is NULL")));
    }
    // SAFETY: caller passes a NUL-terminated string.
    unsafe { CStr::from_ptr(p) }
        .to_str()
        .map_err(|e| Error::value_error(format!("{func}: argument '{arg}' is not valid UTF-8: {e}")))
}

/// Reads an optional C string (NULL reads as "").
pub(crate) unsafe fn c_str_or_empty<'a>(p: *const c_char, func: &str, arg: &str) -> Result<&'a str> {
    if p.is_null() {
        Ok("")
    } else {
        // SAFETY: caller contract.
        unsafe { c_str_arg(p, func, arg) }
    }
}

/// Checks an out-parameter. Errors: ValueError naming it.
#[inline]
pub(crate) fn out_arg<T>(p: *mut T, func: &str, arg: &str) -> Result<*mut T> {
    if p.is_null() {
        Err(Error::value_error(format!("{func}: out-parameter '{arg}' is NULL")))
    } else {
        Ok(p)
    }
}

/// Reads a byte buffer argument (NULL is allowed when `len` is 0). A `len` no buffer can have
/// (above `PTRDIFF_MAX`) is a MemoryError: no copy of it could be allocated.
pub(crate) unsafe fn bytes_arg<'a>(data: *const c_char, len: usize, func: &str) -> Result<&'a [u8]> {
    if len == 0 {
        return Ok(&[]);
    }
    if data.is_null() {
        return Err(Error::value_error(format!("{func}: argument 'data' is NULL but len is {len}")));
    }
    if isize::try_from(len).is_err() {
        return Err(Error::out_of_memory(func, len));
    }
    // SAFETY: caller passes `len` readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) })
}

/// See `ferrule_object_retain` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_object_retain(obj: *mut FerruleObject) {
    // SAFETY: caller contract (a live object or NULL).
    unsafe { retain(obj) }
}

/// See `ferrule_object_release` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_object_release(obj: *mut FerruleObject) {
    if obj.is_null() {
        return;
    }
    // The commonest release (other references remain) runs no code that can panic: no panic
    // guard for it (the guard's thread-local bookkeeping cost as much as the decrement).
    // SAFETY: caller contract: a live object the caller holds a reference on.
    let before = unsafe { decrement(obj) };
    if before > 2 {
        return;
    }
    // SAFETY: `before` came from this decrement; deleters and the frontend hook contain their own panics.
    ffi_boundary_void("ferrule_object_release", (), || unsafe { after_decrement(obj, before) })
}

/// See `ferrule_object_use_count` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_object_use_count(obj: *const FerruleObject) -> u32 {
    // SAFETY: caller contract.
    unsafe { use_count(obj) }
}

/// See `ferrule_any_release` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_any_release(value: *mut FerruleAny) {
    // SAFETY: checked non-null; plain values own nothing.
    if value.is_null() || !unsafe { (*value).is_object() } {
        return;
    }
    ffi_boundary_void("ferrule_any_release", (), || {
        // SAFETY: caller owns the value; we take it and leave None behind.
        drop(unsafe { Any::from_raw(std::mem::replace(&mut *value, FerruleAny::NONE)) })
    })
}

/// See `ferrule_any_copy` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_any_copy(src: *const FerruleAny, dst: *mut FerruleAny) {
    if src.is_null() || dst.is_null() {
        return;
    }
    // SAFETY: caller contract.
    unsafe { *dst = Any::from_borrowed(&*src).into_raw() }
}

/// See `ferrule_str_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_str_create(
    data: *const c_char,
    len: usize,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_str_create", err, || {
        let out = out_arg(out, "ferrule_str_create", "out")?;
        // SAFETY: caller contract.
        let bytes = unsafe { bytes_arg(data, len, "ferrule_str_create") }?;
        // The copy is allocated (fallibly) before the bytes are read.
        let s = Str::try_from_utf8(bytes, "ferrule_str_create")?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(s).into_raw() };
        Ok(())
    })
}

/// See `ferrule_bytes_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_bytes_create(
    data: *const c_char,
    len: usize,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_bytes_create", err, || {
        let out = out_arg(out, "ferrule_bytes_create", "out")?;
        // SAFETY: caller contract.
        let bytes = unsafe { bytes_arg(data, len, "ferrule_bytes_create") }?;
        let b = Bytes::try_new(bytes, "ferrule_bytes_create")?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(b).into_raw() };
        Ok(())
    })
}

/// See `ferrule_any_view_bytes` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_any_view_bytes(
    value: *const FerruleAny,
    data: *mut *const c_char,
    len: *mut usize,
) -> i32 {
    if value.is_null() || data.is_null() || len.is_null() {
        return -1;
    }
    // SAFETY: `Any` is repr(transparent); we only borrow.
    let value = unsafe { &*value.cast::<Any>() };
    match value.view_bytes() {
        Some(bytes) => {
            // SAFETY: checked non-null.
            unsafe {
                *data = bytes.as_ptr().cast();
                *len = bytes.len();
            }
            0
        }
        None => -1,
    }
}

/// See `ferrule_complex_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_complex_create(
    real: f64,
    imag: f64,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_complex_create", err, || {
        let out = out_arg(out, "ferrule_complex_create", "out")?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(Complex { re: real, im: imag }).into_raw() };
        Ok(())
    })
}

/// See `ferrule_complex_parts` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_complex_parts(obj: *const FerruleObject, real: *mut f64, imag: *mut f64) -> i32 {
    if real.is_null() || imag.is_null() {
        return -1;
    }
    // SAFETY: the caller passes a live object or NULL (ferrule.h); the type index is checked.
    match unsafe { ObjRef::<Complex>::downcast(obj) } {
        Some(z) => {
            // SAFETY: both checked non-null; the caller passes writable slots.
            unsafe {
                *real = z.re;
                *imag = z.im;
            }
            0
        }
        None => -1,
    }
}

/// See `ferrule_error_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_create(
    kind: *const c_char,
    message: *const c_char,
    out: *mut *mut FerruleObject,
) {
    if out.is_null() {
        return;
    }
    let c_str = |p: *const c_char| -> &CStr {
        if p.is_null() {
            c""
        } else {
            // SAFETY: the caller passes NUL-terminated strings or NULL (ferrule.h), and this one is
            // not NULL; it outlives the error's creation, which copies it.
            unsafe { CStr::from_ptr(p) }
        }
    };
    let made = ffi_boundary_void("ferrule_error_create", std::ptr::null_mut(), || {
        Error::from_c(c_str(kind), c_str(message)).into_object().into_raw()
    });
    // SAFETY: checked non-null.
    unsafe { *out = made };
}

fn error_ref<'a>(error: *const FerruleObject) -> Option<&'a ErrorObj> {
    // SAFETY: callers pass a live object or NULL; the type index is checked.
    unsafe { ObjRef::<ErrorObj>::downcast(error) }
}

/// See `ferrule_error_kind` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_kind(error: *const FerruleObject) -> *const c_char {
    error_ref(error).map_or(std::ptr::null(), |e| e.kind_c().as_ptr())
}

/// See `ferrule_error_message` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_message(error: *const FerruleObject) -> *const c_char {
    error_ref(error).map_or(std::ptr::null(), |e| e.message_c().as_ptr())
}

/// See `ferrule_error_context` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_context(error: *const FerruleObject) -> *const c_char {
    error_ref(error).map_or(std::ptr::null(), ErrorObj::context_c_ptr)
}

/// See `ferrule_error_context_copy` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_context_copy(
    error: *const FerruleObject,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> i32 {
    let Some(e) = error_ref(error) else { return -1 };
    if cap > 0 && buf.is_null() {
        return -1;
    }
    let buf: &mut [u8] = if cap == 0 {
        &mut []
    } else {
        // SAFETY: the caller passes `cap` writable bytes at a non-NULL `buf`.
        unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), cap) }
    };
    let full = e.copy_context(buf);
    if !needed.is_null() {
        // SAFETY: a writable slot when not NULL.
        unsafe { *needed = full };
    }
    i32::from(full >= cap)
}

/// See `ferrule_error_add_context` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_add_context(error: *mut FerruleObject, line: *const c_char) {
    if let (Some(e), false) = (error_ref(error), line.is_null()) {
        // SAFETY: NUL-terminated per the header.
        let line = unsafe { CStr::from_ptr(line) }.to_bytes();
        ffi_boundary_void("ferrule_error_add_context", (), || e.add_context_c(line));
    }
}

/// See `ferrule_error_set_payload` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_set_payload(
    error: *mut FerruleObject,
    owner: *const c_void,
    payload: *mut c_void,
    deleter: Option<FerruleStateDeleter>,
) {
    match error_ref(error) {
        Some(e) => ffi_boundary_void("ferrule_error_set_payload", (), || e.set_payload(owner, payload, deleter)),
        None => {
            // Not an error: the payload would leak, so free it now as the contract promises.
            if let (Some(d), false) = (deleter, payload.is_null()) {
                // SAFETY: the caller's deleter for the caller's payload.
                unsafe { d(payload) }
            }
        }
    }
}

/// See `ferrule_error_payload` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_error_payload(error: *const FerruleObject, owner: *const c_void) -> *mut c_void {
    error_ref(error).map_or(std::ptr::null_mut(), |e| e.payload(owner))
}
