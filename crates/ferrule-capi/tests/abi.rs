//! The C ABI exercised from Rust as a C caller would: status codes, out-parameters, ownership,
//! panics contained at the boundary, C callbacks with state deleters.

use std::ffi::{c_void, CStr};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

use ferrule::*;
use ferrule_registry::FuncDef;
use ferrule_sys::{type_index as ti, FerruleAny, FerruleAnyPayload, FerruleObject, FERRULE_REGISTER_OVERRIDE};

fn int(v: i64) -> FerruleAny {
    FerruleAny { type_index: ti::INT, small_len: 0, payload: FerruleAnyPayload { v_int64: v } }
}

unsafe fn take_error(err: *mut FerruleObject) -> (String, String) {
    // SAFETY: `err` is a live error object (this function's contract); its kind is a NUL-terminated string it owns.
    let kind = unsafe { CStr::from_ptr(ferrule_error_kind(err)) }.to_string_lossy().into_owned();
    // SAFETY: as above: the message belongs to the still-live error.
    let msg = unsafe { CStr::from_ptr(ferrule_error_message(err)) }.to_string_lossy().into_owned();
    // SAFETY: we own `err`'s reference (the failed call gave it to us) and release it once, after the last read.
    unsafe { ferrule_object_release(err) };
    (kind, msg)
}

fn get(name: &str) -> *mut FerruleObject {
    let name = std::ffi::CString::new(name).unwrap();
    let mut f = null_mut();
    let mut err = null_mut();
    // SAFETY: `name` is a NUL-terminated CString; the out-parameters are locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_get_global(name.as_ptr(), &mut f, &mut err) }, 0);
    f
}

#[test]
fn builtins_are_registered_and_callable() {
    let f = get("demo.add");
    let args = [int(40), int(2)];
    let mut out = FerruleAny::NONE;
    let mut err = null_mut();
    // SAFETY: `f` is a live function from `get`, `args` holds 2 values; the out-parameters are locals that outlive
    // the call.
    assert_eq!(unsafe { ferrule_func_call(f, args.as_ptr(), 2, &mut out, &mut err) }, 0);
    assert_eq!(out.type_index, ti::INT);
    // SAFETY: the call succeeded and the tag was checked to be INT just above.
    assert_eq!(unsafe { out.payload.v_int64 }, 42);
    // Defaults are filled for C callers too.
    let scale = get("demo.scale");
    let x = [FerruleAny { type_index: ti::FLOAT, small_len: 0, payload: FerruleAnyPayload { v_float64: 1.5 } }];
    // SAFETY: `scale` is a live function from `get`, `x` holds 1 value; the out-parameters are locals that outlive
    // the call.
    assert_eq!(unsafe { ferrule_func_call(scale, x.as_ptr(), 1, &mut out, &mut err) }, 0);
    // SAFETY: demo.scale returns a float (its registered signature), so the float field is set.
    assert_eq!(unsafe { out.payload.v_float64 }, 3.0);
    // SAFETY: each handle came from `get` with one reference we own, released once here.
    unsafe {
        ferrule_object_release(f);
        ferrule_object_release(scale);
    }
}

#[test]
fn unknown_names_are_key_errors() {
    let mut f = null_mut();
    let mut err = null_mut();
    // SAFETY: the name is a C string literal; the out-parameters are locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_get_global(c"no.such.function".as_ptr(), &mut f, &mut err) }, -1);
    // SAFETY: the lookup failed, so `err` is a new error object we own.
    let (kind, msg) = unsafe { take_error(err) };
    assert_eq!(kind, "KeyError");
    assert!(msg.contains("no.such.function"));
}

#[test]
fn panics_become_runtime_errors() {
    FuncDef::new("capi_test.panic").register_packed(|_| panic!("kaboom")).unwrap();
    let f = get("capi_test.panic");
    let mut out = FerruleAny::NONE;
    let mut err = null_mut();
    // SAFETY: a call with no arguments passes NULL with count 0 (allowed by the header); the out-parameters are
    // locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_call(f, std::ptr::null(), 0, &mut out, &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error object we own.
    let (kind, msg) = unsafe { take_error(err) };
    assert_eq!(kind, "RuntimeError");
    assert!(msg.contains("kaboom"), "{msg}");
    // SAFETY: `f` came from `get` with one reference we own.
    unsafe { ferrule_object_release(f) };
}

static DELETED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn add_state(
    state: *mut c_void,
    args: *const FerruleAny,
    n: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    // SAFETY: libferrule passes `n` valid values at `args`; n == 1 was checked first, so `*args` is in bounds.
    if n != 1 || unsafe { (*args).type_index } != ti::INT {
        // SAFETY: the string literals are NUL-terminated and `err` is the caller's out-parameter (the callback
        // contract).
        unsafe { ferrule_error_create(c"TypeError".as_ptr(), c"expected one int".as_ptr(), err) };
        return -1;
    }
    // SAFETY: `state` is the Box<i64> given to ferrule_func_create, alive until free_state runs.
    let base = unsafe { *(state as *const i64) };
    // SAFETY: `out` is the caller's out-parameter and `args` holds one INT (checked above).
    unsafe { *out = int(base + (*args).payload.v_int64) };
    0
}

unsafe extern "C" fn free_state(state: *mut c_void) {
    // SAFETY: `state` is the Box<i64> made in the test; libferrule calls the deleter exactly once.
    drop(unsafe { Box::from_raw(state as *mut i64) });
    DELETED.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn c_callbacks_register_call_and_free_their_state() {
    let mut f = null_mut();
    let mut err = null_mut();
    let state = Box::into_raw(Box::new(100i64)).cast();
    // SAFETY: the callback and deleter match the header's types and `state` is the Box they expect; the
    // out-parameters are locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_create(Some(add_state), state, Some(free_state), &mut f, &mut err) }, 0);
    assert_eq!(
        // SAFETY: `f` is the live function just created; the strings are NUL-terminated literals and `err` a local.
        unsafe {
            ferrule_func_set_global(
                c"capi_test.add100".as_ptr(),
                f,
                c"Adds 100.".as_ptr(),
                c"(x: int) -> int".as_ptr(),
                0,
                &mut err,
            )
        },
        0
    );
    // A taken name needs the override flag.
    assert_eq!(
        // SAFETY: as above; NULL doc and signature are allowed.
        unsafe {
            ferrule_func_set_global(c"capi_test.add100".as_ptr(), f, std::ptr::null(), std::ptr::null(), 0, &mut err)
        },
        -1
    );
    // SAFETY: the registration failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }.0, "KeyError");
    // SAFETY: we own the reference ferrule_func_create gave us; the registry holds its own.
    unsafe { ferrule_object_release(f) };
    let g = get("capi_test.add100");
    let mut out = FerruleAny::NONE;
    // SAFETY: `g` is live (from `get`) and the temporary array holds 1 value for the whole call; the out-parameters
    // are locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_call(g, [int(1)].as_ptr(), 1, &mut out, &mut err) }, 0);
    // SAFETY: the call succeeded and add_state writes an INT.
    assert_eq!(unsafe { out.payload.v_int64 }, 101);
    let bad = [FerruleAny::NONE];
    // SAFETY: `g` is live and `bad` holds 1 value; the out-parameters are locals that outlive the call.
    assert_eq!(unsafe { ferrule_func_call(g, bad.as_ptr(), 1, &mut out, &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }, ("TypeError".into(), "expected one int".into()));
    // SAFETY: `g` came from `get` with one reference we own.
    unsafe { ferrule_object_release(g) };
    // SAFETY: the name is a C string literal and `err` a local.
    assert_eq!(unsafe { ferrule_func_remove_global(c"capi_test.add100".as_ptr(), &mut err) }, 0);
    assert_eq!(DELETED.load(Ordering::SeqCst), 1);
}

#[test]
fn bad_arguments_are_errors_not_crashes() {
    let mut err = null_mut();
    let mut out = FerruleAny::NONE;
    // SAFETY: a NULL function is what this test passes on purpose: the header promises a TypeError, not a crash; the
    // out-parameters are locals.
    assert_eq!(unsafe { ferrule_func_call(null_mut(), std::ptr::null(), 0, &mut out, &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }.0, "TypeError");
    let mut s = null_mut();
    // SAFETY: the bytes are a 1-byte buffer (invalid UTF-8 on purpose); the out-parameters are locals.
    assert_eq!(unsafe { ferrule_str_create(c"\xff".as_ptr(), 1, &mut s, &mut err) }, -1);
    // SAFETY: the creation failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }.0, "ValueError");
    // Not a function: a string object.
    // SAFETY: a 3-byte buffer of valid UTF-8; the out-parameters are locals.
    assert_eq!(unsafe { ferrule_str_create(c"abc".as_ptr(), 3, &mut s, &mut err) }, 0);
    // SAFETY: `s` is a live string object (a wrong type on purpose: the header promises a TypeError); the
    // out-parameters are locals.
    assert_eq!(unsafe { ferrule_func_call(s, std::ptr::null(), 0, &mut out, &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }.0, "TypeError");
    // SAFETY: `s` was created above with one reference we own.
    unsafe { ferrule_object_release(s) };
    // SAFETY: the path is a C string literal and `err` a local.
    assert_eq!(unsafe { ferrule_library_load(c"/nonexistent/libplugin.so".as_ptr(), &mut err) }, -1);
    // SAFETY: the load failed, so `err` is a new error object we own.
    assert_eq!(unsafe { take_error(err) }.0, "RuntimeError");
    let mut info = null_mut();
    let f = get("demo.scale");
    assert_eq!(
        // SAFETY: `f` is live (from `get`), the strings are NUL-terminated literals or NULL, and `err` a local.
        unsafe {
            ferrule_func_set_global(
                c"capi_test.sig".as_ptr(),
                f,
                std::ptr::null(),
                c"(a: int, a)".as_ptr(),
                FERRULE_REGISTER_OVERRIDE,
                &mut err,
            )
        },
        -1
    );
    // SAFETY: the registration failed, so `err` is a new error object we own.
    let (kind, msg) = unsafe { take_error(err) };
    assert_eq!(kind, "ValueError");
    assert!(msg.contains("column"), "{msg}");
    // SAFETY: `f` is live and the out-parameters are locals.
    assert_eq!(unsafe { ferrule_func_get_info(f, &mut info, &mut err) }, 0);
    // SAFETY: `info` is the live map just returned.
    assert_eq!(unsafe { ferrule_map_size(info) }, 7);
    // SAFETY: both references are ours (from func_get_info and `get`), each released once.
    unsafe {
        ferrule_object_release(info);
        ferrule_object_release(f);
    }
}

#[test]
fn api_table_matches_exports() {
    // SAFETY: ferrule_api returns a pointer to the static table, valid for the life of the process.
    let api = unsafe { &*ferrule_api() };
    assert_eq!(api.abi_version, ferrule_abi_version());
    assert_eq!(api.struct_size as usize, std::mem::size_of::<ferrule_sys::FerruleApi>());
    assert_eq!(api.func_call as *const () as usize, ferrule_func_call as *const () as usize);
}

#[test]
fn complex_numbers_cross_as_objects() {
    // SAFETY: ferrule_api returns a pointer to the static table, valid for the life of the process.
    let api = unsafe { &*ferrule_api() };
    assert_eq!(api.complex_create as *const () as usize, ferrule_complex_create as *const () as usize);
    assert_eq!(api.complex_parts as *const () as usize, ferrule_complex_parts as *const () as usize);
    let mut z = null_mut();
    let mut err = null_mut();
    // SAFETY: the out-parameters are locals that outlive the call.
    assert_eq!(unsafe { ferrule_complex_create(-1.0, f64::INFINITY, &mut z, &mut err) }, 0);
    let (mut re, mut im) = (0.0, 0.0);
    // SAFETY: `z` is the live object just made; the outputs are locals.
    assert_eq!(unsafe { ferrule_complex_parts(z, &mut re, &mut im) }, 0);
    assert_eq!((re, im), (-1.0, f64::INFINITY));
    // A function sees a complex argument; `demo.add` takes ints and says what it got.
    let f = get("demo.add");
    let args = [int(1), FerruleAny { type_index: ti::COMPLEX, small_len: 0, payload: FerruleAnyPayload { v_obj: z } }];
    let mut out = FerruleAny::NONE;
    // SAFETY: `f` is live, `args` holds 2 values (the complex one borrowed from `z`); the out-parameters are locals.
    assert_eq!(unsafe { ferrule_func_call(f, args.as_ptr(), 2, &mut out, &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error we own.
    let (kind, msg) = unsafe { take_error(err) };
    assert_eq!(kind, "TypeError");
    assert!(msg.contains("complex"), "{msg}");
    // Not a complex number: -1 with the outputs untouched; a NULL `out` is a ValueError.
    let s = get("demo.add");
    // SAFETY: `s` is a live function object, not a complex number; the outputs are locals.
    assert_eq!(unsafe { ferrule_complex_parts(s, &mut re, &mut im) }, -1);
    // SAFETY: NULL objects and outputs are refused before anything is read or written.
    assert_eq!(unsafe { ferrule_complex_parts(std::ptr::null(), &mut re, &mut im) }, -1);
    // SAFETY: as above.
    assert_eq!(unsafe { ferrule_complex_parts(z, std::ptr::null_mut(), &mut im) }, -1);
    assert_eq!((re, im), (-1.0, f64::INFINITY));
    err = null_mut();
    // SAFETY: a NULL out-parameter is refused with an error in `err`, a local.
    assert_eq!(unsafe { ferrule_complex_create(0.0, 0.0, std::ptr::null_mut(), &mut err) }, -1);
    // SAFETY: the call failed, so `err` is a new error we own.
    assert_eq!(unsafe { take_error(err) }.0, "ValueError");
    // SAFETY: each reference is ours (from `get` and ferrule_complex_create), released once.
    unsafe {
        ferrule_object_release(s);
        ferrule_object_release(f);
        ferrule_object_release(z);
    }
}
