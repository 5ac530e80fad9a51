//! Argument unpacking and result wrapping for the generated registration glue (`gen/`): packed
//! `Any` values in, kernel parameter types out (see `schema/KERNELS.md`), with errors that name
//! the op, the argument and its position.

use ferrule_core::profiler::{self, ArgInfo, Span};
use ferrule_core::{DType, Device, Tensor};
use ferrule_registry::any::type_name_of;
use ferrule_registry::typed::arg_type_error;
use ferrule_registry::{blocking, Any, Array, Error, ObjRef, Result, TensorObj};
use ferrule_sys::type_index as ti;

use crate::operand::{Operand, Scalar};

fn name_of(op: &str) -> String {
    format!("ops.{op}")
}

fn wrong(op: &str, args: &[Any], pos: usize, name: &str, expected: &str) -> Error {
    arg_type_error(&name_of(op), pos, name, expected, &args[pos])
}

/// Checks the packed argument count (after defaults were filled by the registry).
pub fn check_arity(op: &str, args: &[Any], fixed: usize, var: bool) -> Result<()> {
    if args.len() == fixed || (var && args.len() > fixed) {
        return Ok(());
    }
    let expected = if var { format!("at least {fixed}") } else { fixed.to_string() };
    Err(Error::type_error(format!("ops.{op}() takes {expected} arguments but {} were given", args.len())))
}

/// A tensor argument (borrowed from the packed arguments).
pub fn tensor<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<&'a Tensor> {
    args[pos].downcast::<TensorObj>().map(TensorObj::tensor).ok_or_else(|| wrong(op, args, pos, name, "Tensor"))
}

/// A tensor or None.
pub fn opt_tensor<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<Option<&'a Tensor>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    args[pos]
        .downcast::<TensorObj>()
        .map(|t| Some(t.tensor()))
        .ok_or_else(|| wrong(op, args, pos, name, "Tensor or None"))
}

/// A tensor the op writes into (`setitem`'s target): a `ValueError` when it is read-only (its
/// memory, or the memory it views, must not be written).
pub fn writable_tensor<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<&'a Tensor> {
    let tensor = tensor(op, args, pos, name)?;
    if tensor.is_read_only() {
        // (the message is formatted only when it is needed: this runs on every in-place call)
        tensor.check_writable(&format!("ops.{op}() argument {} '{name}'", pos + 1))?;
    }
    Ok(tensor)
}

/// An `out=` tensor or None: a `ValueError` when it is read-only.
pub fn opt_writable_tensor<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<Option<&'a Tensor>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    writable_tensor(op, args, pos, name).map(Some)
}

fn to_scalar(value: &Any) -> Option<Scalar> {
    match value.type_index() {
        ti::BOOL => value.as_bool().map(Scalar::Bool),
        ti::INT => value.as_int().map(Scalar::Int),
        ti::FLOAT => value.as_float().map(Scalar::Float),
        ti::COMPLEX => value.as_complex().map(|(re, im)| Scalar::Complex(num_complex::Complex::new(re, im))),
        _ => None,
    }
}

/// A tensor or a Python scalar.
pub fn operand(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Operand> {
    if let Some(t) = args[pos].downcast::<TensorObj>() {
        return Ok(Operand::Tensor(t.tensor().clone()));
    }
    to_scalar(&args[pos])
        .map(Operand::Scalar)
        .ok_or_else(|| wrong(op, args, pos, name, "Tensor, int, float, complex or bool"))
}

/// A tensor, a Python scalar or None.
pub fn opt_operand(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<Operand>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    operand(op, args, pos, name).map(Some)
}

/// A scalar.
pub fn scalar(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Scalar> {
    to_scalar(&args[pos]).ok_or_else(|| wrong(op, args, pos, name, "int, float, complex or bool"))
}

/// A scalar or None.
pub fn opt_scalar(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<Scalar>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    scalar(op, args, pos, name).map(Some)
}

/// A list or tuple of tensors (an Array).
pub fn tensor_list(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Vec<Tensor>> {
    let array = args[pos].downcast::<Array>().ok_or_else(|| wrong(op, args, pos, name, "a list of Tensors"))?;
    array
        .items()
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.downcast::<TensorObj>().map(|t| t.tensor().clone()).ok_or_else(|| {
                Error::type_error(format!(
                    "ops.{op}() argument {} '{name}': item {i} is {}, expected Tensor",
                    pos + 1,
                    item.type_name()
                ))
            })
        })
        .collect()
}

/// The `*args` tensors from packed position `pos` on.
pub fn var_tensors(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Vec<Tensor>> {
    (pos..args.len()).map(|i| tensor(op, args, i, name).cloned()).collect()
}

/// An int (a bool is rejected, unlike Python, to catch mistakes like `axis=True`).
pub fn int(op: &str, args: &[Any], pos: usize, name: &str) -> Result<i64> {
    match args[pos].type_index() {
        ti::INT => Ok(args[pos].as_int().unwrap_or_default()),
        _ => Err(wrong(op, args, pos, name, "int")),
    }
}

/// An int or None.
pub fn opt_int(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<i64>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    int(op, args, pos, name).map(Some).map_err(|_| wrong(op, args, pos, name, "int or None"))
}

/// A float (ints accepted).
pub fn float(op: &str, args: &[Any], pos: usize, name: &str) -> Result<f64> {
    match args[pos].type_index() {
        ti::INT | ti::FLOAT => Ok(args[pos].as_float().unwrap_or_default()),
        _ => Err(wrong(op, args, pos, name, "float")),
    }
}

/// A float or None.
pub fn opt_float(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<f64>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    float(op, args, pos, name).map(Some)
}

/// A bool.
pub fn bool(op: &str, args: &[Any], pos: usize, name: &str) -> Result<bool> {
    args[pos].as_bool().ok_or_else(|| wrong(op, args, pos, name, "bool"))
}

/// A bool or None.
pub fn opt_bool(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<bool>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    bool(op, args, pos, name).map(Some)
}

/// A string (borrowed).
pub fn str<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<&'a str> {
    args[pos].as_str().ok_or_else(|| wrong(op, args, pos, name, "str"))
}

/// A string or None.
pub fn opt_str<'a>(op: &str, args: &'a [Any], pos: usize, name: &str) -> Result<Option<&'a str>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    str(op, args, pos, name).map(Some)
}

/// A dtype: a dtype value or its name ("float32").
pub fn dtype(op: &str, args: &[Any], pos: usize, name: &str) -> Result<DType> {
    if let Some(d) = args[pos].as_dtype() {
        return Ok(d);
    }
    if let Some(s) = args[pos].as_str() {
        return DType::from_name(s).ok_or_else(|| {
            Error::type_error(format!("ops.{op}() argument {} '{name}': unknown dtype '{s}'", pos + 1))
        });
    }
    Err(wrong(op, args, pos, name, "dtype"))
}

/// A dtype or None.
pub fn opt_dtype(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<DType>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    dtype(op, args, pos, name).map(Some)
}

/// A device (a device value or a string like "cpu") or None.
pub fn opt_device(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<Device>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    if let Some(d) = args[pos].as_device() {
        return Ok(Some(d));
    }
    if let Some(s) = args[pos].as_str() {
        return Device::parse(s)
            .map(Some)
            .map_err(|e| Error::value_error(format!("ops.{op}() argument {} '{name}': {}", pos + 1, e.message)));
    }
    Err(wrong(op, args, pos, name, "device or None"))
}

/// An int or a list/tuple of ints.
pub fn shape(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Vec<i64>> {
    if args[pos].type_index() == ti::INT {
        return Ok(vec![args[pos].as_int().unwrap_or_default()]);
    }
    let array = args[pos].downcast::<Array>().ok_or_else(|| wrong(op, args, pos, name, "int or tuple of ints"))?;
    array
        .items()
        .iter()
        .enumerate()
        .map(|(i, item)| match item.type_index() {
            ti::INT => Ok(item.as_int().unwrap_or_default()),
            _ => Err(Error::type_error(format!(
                "ops.{op}() argument {} '{name}': item {i} is {}, expected int",
                pos + 1,
                item.type_name()
            ))),
        })
        .collect()
}

/// An int, a list/tuple of ints, or None.
pub fn opt_int_list(op: &str, args: &[Any], pos: usize, name: &str) -> Result<Option<Vec<i64>>> {
    if args[pos].is_none() {
        return Ok(None);
    }
    shape(op, args, pos, name).map(Some)
}

/// Any value (borrowed).
pub fn any<'a>(_op: &str, args: &'a [Any], pos: usize, _name: &str) -> Result<&'a Any> {
    Ok(&args[pos])
}

/// Whether a profile records: the one relaxed load and branch every generated op pays when none
/// does (checked first thing, after autograd has had its turn, so plugins calling ops are covered
/// too).
#[inline(always)]
pub fn profiling() -> bool {
    profiler::enabled()
}

/// Runs `body` (an op's unpacking and kernel) inside the profiler's event for op `op`: the cold
/// path of [`profiling`], kept out of line so that an op with the profiler off carries no span.
#[cold]
#[inline(never)]
pub fn profiled(op: &'static str, args: &[Any], body: fn(&[Any]) -> Result<Any>) -> Result<Any> {
    let _event = Span::op(op, || args.iter().map(arg_info).collect());
    body(args)
}

/// What the profiler records of an argument when it records shapes.
fn arg_info(arg: &Any) -> ArgInfo {
    match arg.downcast::<TensorObj>() {
        Some(t) => ArgInfo { dtype: t.tensor().dtype().name(), shape: Some(t.tensor().shape().to_vec()) },
        None => ArgInfo { dtype: type_name_of(arg.type_index()), shape: None },
    }
}

/// How an op treats the caller's interpreter lock.
#[derive(Clone, Copy, Debug)]
pub enum Gil {
    /// Keep it (tiny work, or the function is marked long-running and the frontend released it).
    Keep,
    /// Release it when the tensor arguments hold more than [`LARGE_ELEMENTS`] elements.
    ReleaseWhenLarge,
}

/// Above this many input elements, `Gil::ReleaseWhenLarge` ops release the caller's lock.
pub const LARGE_ELEMENTS: i64 = 1 << 15;

/// Runs the kernel of `op` under its lock policy, as one interruptible call (a pending Ctrl-C
/// stops a long kernel: see `ferrule_core::interrupt`), and converts its error. A memory or
/// size error from deep inside (an allocation that failed) gets the op's name in front.
pub fn run<T>(op: &str, gil: Gil, args: &[Any], kernel: impl FnOnce() -> ferrule_core::Result<T>) -> Result<T> {
    let large = matches!(gil, Gil::ReleaseWhenLarge)
        && args.iter().filter_map(|a| a.downcast::<TensorObj>()).map(|t| t.tensor().numel()).sum::<i64>()
            > LARGE_ELEMENTS;
    let kernel = || ferrule_core::interrupt::run(kernel);
    let result = if large { blocking::allow_blocking(kernel) } else { kernel() };
    result.map_err(|e| Error::from(named(op, e)))
}

/// `e` with `"{op}: "` in front when it is a `MemoryError` or `OverflowError` that does not
/// already start with the op's name.
fn named(op: &str, mut e: ferrule_core::Error) -> ferrule_core::Error {
    use ferrule_core::ErrorKind::{MemoryError, OverflowError};
    if matches!(e.kind, MemoryError | OverflowError) && !e.message.starts_with(op) {
        e.message = format!("{op}: {}", e.message);
    }
    e
}

/// An op's tiny-input shortcut (schema field `fast`), tried before the arguments are unpacked:
/// when the first two packed arguments are tensors (or one is a tensor and the other a Python
/// int or float of its dtype, see [`weak_scalar`]) and every later one is None, `kernel` may
/// answer at once; `None` (from here or from `kernel`) means the general path runs, and it
/// reports every error.
#[inline(always)]
pub fn fast2(args: &[Any], kernel: fn(&Tensor, &Tensor) -> Option<Tensor>) -> Option<Any> {
    let [a, b, rest @ ..] = args else { return None };
    if !rest.iter().all(Any::is_none) {
        return None;
    }
    let result = match (a.downcast::<TensorObj>(), b.downcast::<TensorObj>()) {
        (Some(a), Some(b)) => kernel(a.tensor(), b.tensor()),
        (Some(a), None) => kernel(a.tensor(), &weak_scalar(b, a.tensor())?),
        (None, Some(b)) => kernel(&weak_scalar(a, b.tensor())?, b.tensor()),
        (None, None) => None,
    };
    result.map(|t| Any::object(TensorObj::new(t)))
}

/// A Python int or float beside `tensor`, as the 0-d tensor the general path would make of it
/// (`Scalar::to_tensor` of its weak dtype), when that dtype is the tensor's own (a float
/// tensor with an int or float, an integer tensor with an int that fits it): the tiny-input
/// shortcuts then take `a * 3.0` as they take `a * b`. `None` for anything else (bool, complex,
/// a promotion, an int out of range: the general path decides and reports).
#[inline(always)]
fn weak_scalar(value: &Any, tensor: &Tensor) -> Option<Tensor> {
    let scalar = match value.type_index() {
        ti::INT => Scalar::Int(value.as_int()?),
        ti::FLOAT => Scalar::Float(value.as_float()?),
        _ => return None,
    };
    let dtype = tensor.dtype();
    if scalar.weak_dtype(dtype) != dtype || !(dtype.is_floating() || dtype.is_integer()) {
        return None;
    }
    scalar.to_tensor("", dtype).ok()
}

/// The schema's `fast_out` shortcut: `a`, `b` and `out` (positions 0-2) tensors (`a` or `b`
/// may be a Python int or float, as in [`fast2`]: `a *= 3.0`), `out` writable, every other argument None, and `kernel` able to write the answer into `out`. Returns
/// `out` itself (identity holds), its version bumped as any write into it; `None` (nothing
/// written) lets the general path decide and report every error.
#[inline]
pub fn fast2_out(args: &[Any], kernel: fn(&Tensor, &Tensor, &Tensor) -> bool) -> Option<Any> {
    let [a, b, out, rest @ ..] = args else { return None };
    if !rest.iter().all(Any::is_none) {
        return None;
    }
    let o = out.downcast::<TensorObj>()?;
    let target = o.tensor();
    if target.is_read_only() {
        return None;
    }
    let written = match (a.downcast::<TensorObj>(), b.downcast::<TensorObj>()) {
        (Some(a), Some(b)) => kernel(a.tensor(), b.tensor(), target),
        (Some(a), None) => kernel(a.tensor(), &weak_scalar(b, a.tensor())?, target),
        (None, Some(b)) => kernel(&weak_scalar(a, b.tensor())?, b.tensor(), target),
        (None, None) => false,
    };
    if !written {
        return None;
    }
    target.storage().bump_version();
    Some(out.clone())
}

/// Wraps a tensor result.
pub fn ret_tensor(t: Tensor) -> Result<Any> {
    Ok(Any::object(TensorObj::new(t)))
}

/// Wraps a tensor result; when `out=` was given, returns that very object (identity holds).
pub fn ret_tensor_or_out(t: Tensor, out: &Any) -> Result<Any> {
    match out.downcast::<TensorObj>() {
        Some(o) if o.tensor().data_ptr() == t.data_ptr() && o.tensor().shape() == t.shape() => Ok(out.clone()),
        _ => ret_tensor(t),
    }
}

/// Wraps several tensors as an Array.
pub fn ret_tensors(ts: Vec<Tensor>) -> Result<Any> {
    Ok(Any::object(ObjRef::new(Array::new(ts.into_iter().map(|t| Any::object(TensorObj::new(t))).collect()))))
}

/// Wraps a plain value.
pub fn ret_value<T: Into<Any>>(v: T) -> Result<Any> {
    Ok(v.into())
}

/// Records an in-place write into each tensor at `positions` (bumps its storage's version), so
/// that autograd can tell a tensor saved for backward was modified afterwards.
#[inline]
pub fn bump_versions(args: &[Any], positions: &[usize]) {
    for &pos in positions {
        if let Some(t) = args.get(pos).and_then(|a| a.downcast::<TensorObj>()) {
            t.tensor().storage().bump_version();
        }
    }
}

/// While a graph is being recorded, an op without a derivative may not write into a tensor
/// that requires grad (its recorded gradients would silently become wrong).
#[cold]
pub fn check_inplace(op: &str, args: &[Any], positions: &[usize]) -> Result<()> {
    for &pos in positions {
        if args.get(pos).and_then(|a| a.downcast::<TensorObj>()).is_some_and(|t| t.autograd().requires_grad()) {
            return Err(Error::runtime_error(format!(
                "ops.{op}() argument {}: the tensor requires grad, and writing into it in place while grad mode is \
                 on would make its gradients wrong; write under no_grad(), or into a copy",
                pos + 1
            )));
        }
    }
    Ok(())
}
