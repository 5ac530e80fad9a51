//! Exports for autograd: requires-grad and gradient accessors, backward, grad() and the grad
//! mode, over the one engine in `ferrule_registry::autograd` (the registered `autograd.*`
//! functions reach the same engine from every language).

use ferrule_registry::autograd::{self, BackwardRequest};
use ferrule_registry::{Any, Error, ObjRef, Result, TensorObj};
use ferrule_sys::{
    FerruleObject, FERRULE_AUTOGRAD_ALLOW_UNUSED, FERRULE_AUTOGRAD_CREATE_GRAPH, FERRULE_AUTOGRAD_RETAIN_GRAPH,
};

use crate::boundary::ffi_boundary;
use crate::values::out_arg;

/// The engine's message with its own short prefix (`requires_grad: ...`) replaced by the name
/// of the export the caller called, keeping the kind.
fn renamed(e: Error, func: &str) -> Error {
    let message = e.message();
    let rest = match message.split_once(": ") {
        Some((head, rest)) if !head.contains(' ') => rest,
        _ => message,
    };
    let renamed = Error::with_kind_name(e.kind(), &format!("{func}: {rest}"));
    // The engine's errors carry no context of their own, but a hook's or a custom backward's
    // error may: keep it.
    for line in e.object().context() {
        renamed.object().add_context(&line);
    }
    renamed
}

/// The engine's hint for a missing output gradient names Python's keyword; a C caller passes the
/// gradient in the argument `arg`. Other errors (a hook's, with its payload) pass unchanged.
fn c_hint(e: Error, arg: &str) -> Error {
    const PYTHON_HINT: &str = "; pass gradient=";
    if !e.message().ends_with(PYTHON_HINT) {
        return e;
    }
    let message = e.message().trim_end_matches(PYTHON_HINT);
    Error::with_kind_name(e.kind(), &format!("{message}; pass its gradient in '{arg}'"))
}

/// A borrowed tensor argument as a value, or a TypeError naming the function and the argument.
///
/// # Safety
/// `p` is NULL or a live object.
unsafe fn tensor_arg(p: *const FerruleObject, func: &str, arg: &str) -> Result<Any> {
    // SAFETY: a live object or NULL (caller contract); the type index is checked.
    let t = unsafe { ObjRef::<TensorObj>::from_borrowed(p.cast_mut()) };
    t.map(Any::object).ok_or_else(|| {
        let got = if p.is_null() { "NULL" } else { "an object that is not a Tensor" };
        Error::type_error(format!("{func}: '{arg}' must be a Tensor, got {got}"))
    })
}

/// `n` borrowed tensors at `items`, each a value; `optional` lets NULL entries (and a NULL
/// array) stand for None.
///
/// # Safety
/// `items` is NULL or points to `n` entries, each NULL or a live object.
unsafe fn tensor_list(
    items: *const *mut FerruleObject,
    n: usize,
    optional: bool,
    func: &str,
    arg: &str,
) -> Result<Vec<Any>> {
    if items.is_null() {
        if optional {
            return Ok(vec![Any::NONE; n]);
        }
        return Err(Error::value_error(format!("{func}: '{arg}' is NULL")));
    }
    // SAFETY: `n` readable entries (caller contract).
    let items = unsafe { std::slice::from_raw_parts(items, n) };
    items
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            if p.is_null() && optional {
                return Ok(Any::NONE);
            }
            // SAFETY: each entry is NULL or a live object (caller contract).
            unsafe { tensor_arg(p, func, &format!("{arg}[{i}]")) }
        })
        .collect()
}

fn count(n: i32, func: &str, arg: &str) -> Result<usize> {
    match usize::try_from(n) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::value_error(format!("{func}: '{arg}' must be at least 1, got {n}"))),
    }
}

fn check_flags(flags: i32, allowed: i32, func: &str) -> Result<()> {
    if flags & !allowed != 0 {
        return Err(Error::value_error(format!("{func}: unknown bits {:#x} in 'flags'", flags & !allowed)));
    }
    Ok(())
}

/// See `ferrule_tensor_requires_grad` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_requires_grad(
    tensor: *const FerruleObject,
    out: *mut i32,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_tensor_requires_grad";
    ffi_boundary(FUNC, err, || {
        let out = out_arg(out, FUNC, "out")?;
        // SAFETY: caller contract.
        let t = unsafe { tensor_arg(tensor, FUNC, "tensor") }?;
        let flag = autograd::requires_grad(&t).map_err(|e| renamed(e, FUNC))?;
        // SAFETY: checked writable.
        unsafe { *out = i32::from(flag) };
        Ok(())
    })
}

/// See `ferrule_tensor_set_requires_grad` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_set_requires_grad(
    tensor: *mut FerruleObject,
    requires_grad: i32,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_tensor_set_requires_grad";
    ffi_boundary(FUNC, err, || {
        // SAFETY: caller contract.
        let t = unsafe { tensor_arg(tensor, FUNC, "tensor") }?;
        autograd::set_requires_grad(&t, requires_grad != 0).map_err(|e| renamed(e, FUNC))
    })
}

/// See `ferrule_tensor_grad` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_grad(
    tensor: *const FerruleObject,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_tensor_grad";
    ffi_boundary(FUNC, err, || {
        let out = out_arg(out, FUNC, "out")?;
        // SAFETY: caller contract.
        let t = unsafe { tensor_arg(tensor, FUNC, "tensor") }?;
        let grad = autograd::grad(&t).map_err(|e| renamed(e, FUNC))?;
        let grad = grad.to_object::<TensorObj>().map_or(std::ptr::null_mut(), ObjRef::into_raw);
        // SAFETY: checked writable.
        unsafe { *out = grad };
        Ok(())
    })
}

/// See `ferrule_tensor_set_grad` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_set_grad(
    tensor: *mut FerruleObject,
    grad: *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_tensor_set_grad";
    ffi_boundary(FUNC, err, || {
        // SAFETY: caller contract.
        let t = unsafe { tensor_arg(tensor, FUNC, "tensor") }?;
        // SAFETY: caller contract.
        let g = if grad.is_null() { Any::NONE } else { unsafe { tensor_arg(grad, FUNC, "grad") }? };
        autograd::set_grad(&t, &g).map_err(|e| renamed(e, FUNC))
    })
}

/// See `ferrule_autograd_backward` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_autograd_backward(
    tensors: *const *mut FerruleObject,
    grad_tensors: *const *mut FerruleObject,
    n: i32,
    flags: i32,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_autograd_backward";
    ffi_boundary(FUNC, err, || {
        crate::builtins::ensure_registered();
        check_flags(flags, FERRULE_AUTOGRAD_RETAIN_GRAPH | FERRULE_AUTOGRAD_CREATE_GRAPH, FUNC)?;
        let n = count(n, FUNC, "n")?;
        // SAFETY: caller contract (n entries each).
        let roots = unsafe { tensor_list(tensors, n, false, FUNC, "tensors") }?;
        // SAFETY: as above.
        let grads = unsafe { tensor_list(grad_tensors, n, true, FUNC, "grad_tensors") }?;
        let create = flags & FERRULE_AUTOGRAD_CREATE_GRAPH != 0;
        autograd::run_backward(&BackwardRequest {
            roots: &roots,
            root_grads: &grads,
            inputs: None,
            retain_graph: create || flags & FERRULE_AUTOGRAD_RETAIN_GRAPH != 0,
            create_graph: create,
            what: FUNC,
        })
        .map_err(|e| c_hint(e, "grad_tensors"))?;
        Ok(())
    })
}

/// See `ferrule_autograd_grad` in ferrule.h.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ferrule_autograd_grad(
    outputs: *const *mut FerruleObject,
    grad_outputs: *const *mut FerruleObject,
    n_outputs: i32,
    inputs: *const *mut FerruleObject,
    n_inputs: i32,
    flags: i32,
    grads: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    const FUNC: &str = "ferrule_autograd_grad";
    let slots = usize::try_from(n_inputs).unwrap_or(0);
    if !grads.is_null() {
        for i in 0..slots {
            // SAFETY: the caller passes `n_inputs` writable slots.
            unsafe { *grads.add(i) = std::ptr::null_mut() };
        }
    }
    ffi_boundary(FUNC, err, || {
        crate::builtins::ensure_registered();
        let all = FERRULE_AUTOGRAD_RETAIN_GRAPH | FERRULE_AUTOGRAD_CREATE_GRAPH | FERRULE_AUTOGRAD_ALLOW_UNUSED;
        check_flags(flags, all, FUNC)?;
        let n_out = count(n_outputs, FUNC, "n_outputs")?;
        let n_in = count(n_inputs, FUNC, "n_inputs")?;
        let grads = out_arg(grads, FUNC, "grads")?;
        // SAFETY: caller contract (the counts given).
        let roots = unsafe { tensor_list(outputs, n_out, false, FUNC, "outputs") }?;
        // SAFETY: as above.
        let root_grads = unsafe { tensor_list(grad_outputs, n_out, true, FUNC, "grad_outputs") }?;
        // SAFETY: as above.
        let inputs = unsafe { tensor_list(inputs, n_in, false, FUNC, "inputs") }?;
        let create = flags & FERRULE_AUTOGRAD_CREATE_GRAPH != 0;
        let results = autograd::run_backward(&BackwardRequest {
            roots: &roots,
            root_grads: &root_grads,
            inputs: Some(&inputs),
            retain_graph: create || flags & FERRULE_AUTOGRAD_RETAIN_GRAPH != 0,
            create_graph: create,
            what: FUNC,
        })
        .map_err(|e| c_hint(e, "grad_outputs"))?;
        if flags & FERRULE_AUTOGRAD_ALLOW_UNUSED == 0 {
            if let Some(i) = results.iter().position(Any::is_none) {
                return Err(Error::runtime_error(format!(
                    "{FUNC}: inputs[{i}] is not reached from the outputs (pass FERRULE_AUTOGRAD_ALLOW_UNUSED to get \
                     NULL for it)"
                )));
            }
        }
        for (i, r) in results.into_iter().enumerate() {
            let p = r.to_object::<TensorObj>().map_or(std::ptr::null_mut(), ObjRef::into_raw);
            // SAFETY: `n_inputs` writable slots, checked non-NULL above.
            unsafe { *grads.add(i) = p };
        }
        Ok(())
    })
}

/// See `ferrule_grad_enabled` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_grad_enabled() -> i32 {
    i32::from(autograd::is_grad_enabled())
}

/// See `ferrule_set_grad_enabled` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_set_grad_enabled(enabled: i32) -> i32 {
    i32::from(autograd::set_grad_enabled(enabled != 0))
}
