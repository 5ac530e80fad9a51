//! Exports for functions and the global registry.

use std::ffi::{c_char, c_void};

use ferrule_core::profiler::{self, Frontend, Span};
use ferrule_registry::signature::render_literal;
use ferrule_registry::{registry, Any, Array, Callable, Error, Function, Map, ObjRef, Signature};
use ferrule_sys::{FerruleAny, FerruleCallback, FerruleObject, FerruleStateDeleter};

use crate::boundary::ffi_boundary;
use crate::values::{c_str_arg, c_str_or_empty, out_arg};

fn function_arg<'a>(func: *const FerruleObject, what: &str) -> Result<&'a Function, Error> {
    if func.is_null() {
        return Err(Error::type_error(format!("{what}: 'func' is NULL")));
    }
    // SAFETY: the caller passes a live object; the type index is checked.
    unsafe { ObjRef::<Function>::downcast(func) }.ok_or_else(|| {
        // SAFETY: live object header.
        let ti = unsafe { (*func).type_index };
        Error::type_error(format!("{what}: 'func' is not a Function (type index {ti})"))
    })
}

/// See `ferrule_func_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_create(
    callback: Option<FerruleCallback>,
    state: *mut c_void,
    deleter: Option<FerruleStateDeleter>,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_create", err, || {
        let out = out_arg(out, "ferrule_func_create", "out")?;
        let Some(callback) = callback else {
            return Err(Error::value_error("ferrule_func_create: 'callback' is NULL"));
        };
        let func = Function::from_callable(Callable::C { callback, state, deleter });
        // SAFETY: checked writable.
        unsafe { *out = func.into_raw() };
        Ok(())
    })
}

/// See `ferrule_func_call` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_call(
    func: *mut FerruleObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    if profiler::enabled() {
        // SAFETY: forwarded caller contract.
        return unsafe { func_call_profiled(Frontend::C, func, args, num_args, out, err) };
    }
    // SAFETY: forwarded caller contract.
    unsafe { func_call(func, args, num_args, out, err) }
}

/// See `ferrule_func_call_from` in ferrule.h: `ferrule_func_call` telling the profiler which
/// frontend calls.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_call_from(
    func: *mut FerruleObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
    frontend: i32,
) -> i32 {
    if profiler::enabled() {
        let Some(frontend) = Frontend::from_code(frontend) else {
            // SAFETY: forwarded caller contract.
            return unsafe { unknown_frontend(frontend, out, err) };
        };
        // SAFETY: forwarded caller contract.
        return unsafe { func_call_profiled(frontend, func, args, num_args, out, err) };
    }
    if Frontend::from_code(frontend).is_none() {
        // SAFETY: forwarded caller contract.
        return unsafe { unknown_frontend(frontend, out, err) };
    }
    // SAFETY: forwarded caller contract.
    unsafe { func_call(func, args, num_args, out, err) }
}

#[cold]
unsafe fn unknown_frontend(frontend: i32, out: *mut FerruleAny, err: *mut *mut FerruleObject) -> i32 {
    ffi_boundary("ferrule_func_call_from", err, || {
        let out = out_arg(out, "ferrule_func_call_from", "out")?;
        // SAFETY: checked writable; `out` is None on failure, as the ABI promises.
        unsafe { *out = FerruleAny::NONE };
        Err(Error::value_error(format!(
            "ferrule_func_call_from: unknown frontend {frontend} (expected a FerruleFrontend: 0 C, 1 Python, 2 Go, 3 \
             Rust)"
        )))
    })
}

/// A packed call recorded by the profiler as one from `frontend`.
#[cold]
#[inline(never)]
unsafe fn func_call_profiled(
    frontend: Frontend,
    func: *mut FerruleObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    // SAFETY: a live object or NULL (the caller's contract); the type index is checked.
    let span = match unsafe { ObjRef::<Function>::downcast(func) } {
        Some(f) => f.profile_call(frontend),
        None => Span::OFF,
    };
    // SAFETY: forwarded caller contract.
    let rc = unsafe { func_call(func, args, num_args, out, err) };
    drop(span);
    rc
}

/// The packed call itself, unrecorded.
#[inline(always)]
unsafe fn func_call(
    func: *mut FerruleObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    // Fast path, the one frontends hit on every call of a C or plugin function: well-formed
    // arguments and a C callback that needs no defaults filled run no code of ferrule's that can
    // panic (the callback is `extern "C"` and must not unwind: the ABI contract), so no panic
    // guard is set up. Either way the callback is called where every call ends,
    // `Function::invoke`, which holds it to the calling convention.
    if !out.is_null() && !err.is_null() && num_args >= 0 && (num_args == 0 || !args.is_null()) {
        // SAFETY: a live object or NULL; the type index is checked.
        if let Some(f) = unsafe { ObjRef::<Function>::downcast(func) } {
            // SAFETY: arguments checked above, the rest is the caller's contract.
            if let Some(result) = unsafe { f.call_c_directly(args, num_args) } {
                // SAFETY: `out` and `err` are writable (checked above; the callback got slots of
                // its own).
                unsafe {
                    return match result {
                        Ok(value) => {
                            *out = value.into_raw();
                            0
                        }
                        Err(error) => {
                            *out = FerruleAny::NONE;
                            *err = error.into_object().into_raw();
                            -1
                        }
                    };
                }
            }
        }
    }
    // SAFETY: forwarded caller contract.
    unsafe { func_call_general(func, args, num_args, out, err) }
}

/// `ferrule_func_call` for everything but the direct C-callback case: Rust closures (which may
/// panic), defaults to fill, malformed arguments.
#[inline(never)]
unsafe fn func_call_general(
    func: *mut FerruleObject,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_call", err, || {
        let f = function_arg(func, "ferrule_func_call")?;
        let out = out_arg(out, "ferrule_func_call", "out")?;
        if num_args > 0 && args.is_null() {
            return Err(Error::value_error(format!("ferrule_func_call: 'args' is NULL but num_args is {num_args}")));
        }
        // SAFETY: `out` arrives as None whatever happens next (the ABI's promise to callees).
        unsafe { *out = FerruleAny::NONE };
        // SAFETY: arguments checked above; the rest is the caller's contract.
        unsafe { f.call_raw(args, num_args, out) }
    })
}

/// See `ferrule_func_get_global` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_get_global(
    name: *const c_char,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_get_global", err, || {
        crate::builtins::ensure_registered();
        // SAFETY: caller contract.
        let name = unsafe { c_str_arg(name, "ferrule_func_get_global", "name") }?;
        let out = out_arg(out, "ferrule_func_get_global", "out")?;
        let f = registry::get_global(name)
            .ok_or_else(|| Error::key_error(format!("no function named '{name}' is registered")))?;
        // SAFETY: checked writable.
        unsafe { *out = f.into_raw() };
        Ok(())
    })
}

/// See `ferrule_func_set_global` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_set_global(
    name: *const c_char,
    func: *mut FerruleObject,
    doc: *const c_char,
    signature: *const c_char,
    flags: i32,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_set_global", err, || {
        crate::builtins::ensure_registered();
        // SAFETY: caller contract for all pointer arguments.
        let name = unsafe { c_str_arg(name, "ferrule_func_set_global", "name") }?;
        function_arg(func, "ferrule_func_set_global")?;
        // SAFETY: checked to be a live Function.
        let func = unsafe { ObjRef::<Function>::from_borrowed(func) }.expect("checked above");
        // SAFETY: caller contract.
        let doc = unsafe { c_str_or_empty(doc, "ferrule_func_set_global", "doc") }?;
        // SAFETY: caller contract.
        let sig_text = unsafe { c_str_or_empty(signature, "ferrule_func_set_global", "signature") }?;
        let sig = if sig_text.trim().is_empty() {
            None
        } else {
            Some(Signature::parse(sig_text).map_err(|e| e.with_context(&format!("registering '{name}'")))?)
        };
        registry::set_global(name, &func, doc, sig, flags)
    })
}

/// See `ferrule_func_remove_global` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_remove_global(name: *const c_char, err: *mut *mut FerruleObject) -> i32 {
    ffi_boundary("ferrule_func_remove_global", err, || {
        // SAFETY: caller contract.
        let name = unsafe { c_str_arg(name, "ferrule_func_remove_global", "name") }?;
        if registry::remove_global(name) {
            Ok(())
        } else {
            Err(Error::key_error(format!("no function named '{name}' is registered")))
        }
    })
}

/// See `ferrule_func_list_global_names` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_list_global_names(
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_list_global_names", err, || {
        crate::builtins::ensure_registered();
        let out = out_arg(out, "ferrule_func_list_global_names", "out")?;
        let names = registry::list_global_names().iter().map(|n| Any::str(n)).collect();
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(Array::new(names)).into_raw() };
        Ok(())
    })
}

fn map_of(pairs: Vec<(&str, Any)>) -> Result<Any, Error> {
    Ok(Any::object(ObjRef::new(Map::new(pairs.into_iter().map(|(k, v)| (Any::str(k), v)))?)))
}

/// The metadata map described at `ferrule_func_get_info` in ferrule.h.
pub(crate) fn function_info(f: &Function) -> Result<Any, Error> {
    let info = f.info();
    let sig = info.and_then(|i| i.signature.as_ref());
    let params = sig
        .map(|s| {
            s.params
                .iter()
                .map(|p| {
                    let mut entry =
                        vec![("name", Any::str(&p.name)), ("type", Any::str(&p.ty)), ("kind", Any::str(p.kind.name()))];
                    if let Some(d) = &p.default {
                        entry.push(("default", d.clone()));
                        entry.push(("default_text", Any::str(&render_literal(d))));
                    }
                    map_of(entry)
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?
        .unwrap_or_default();
    map_of(vec![
        ("name", Any::str(info.map_or("", |i| i.name.as_str()))),
        ("doc", Any::str(info.map_or("", |i| i.doc.as_str()))),
        ("signature", Any::str(&sig.map(Signature::render).unwrap_or_default())),
        ("flags", Any::int(info.map_or(0, |i| i.flags) as i64)),
        ("returns", Any::str(sig.map_or("", |s| s.returns.as_str()))),
        ("has_signature", Any::bool(sig.is_some())),
        ("params", Any::object(ObjRef::new(Array::new(params)))),
    ])
}

/// See `ferrule_func_get_info` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_func_get_info(
    func: *mut FerruleObject,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_func_get_info", err, || {
        let f = function_arg(func, "ferrule_func_get_info")?;
        let out = out_arg(out, "ferrule_func_get_info", "out")?;
        let info = function_info(f)?;
        // SAFETY: checked writable; `function_info` returns a Map.
        unsafe { *out = info.into_raw().payload.v_obj };
        Ok(())
    })
}
