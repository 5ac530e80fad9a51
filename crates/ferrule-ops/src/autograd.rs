//! Autograd on the op side: the helpers that backward formulas of `schema/ops.yaml` call
//! (undoing broadcasting, re-expanding reductions, shapes), and the `autograd.*` functions every
//! language reaches through the registry (requires_grad, grad, backward, grad(), hooks, grad
//! mode). The engine itself is `ferrule_registry::autograd`.
//!
//! Every helper is made of ops called through their generated glue, so a formula that uses it
//! is recorded like any other when `create_graph` asks for higher-order derivatives. Complex
//! tensors follow PyTorch's convention (see `ferrule_registry::autograd`): a holomorphic op's
//! formula multiplies the gradient by the *conjugate* of its derivative, which is why formulas
//! say `conj(...)` (the [`conj`] helper leaves a real tensor alone, at no cost).
//!
//! The helpers of the larger families live in submodules: [`shape`] (lists, indexing,
//! cumulative and product reductions, repeats), [`linalg`], [`fft`] and [`elementwise`].

mod calls;
pub mod elementwise;
pub mod fft;
pub mod linalg;
pub mod shape;

pub use elementwise::*;
pub use fft::*;
pub use linalg::*;
pub use shape::*;

use ferrule_registry::autograd::{self, BackwardRequest};
use ferrule_registry::{Any, Array, Error, FuncDef, Function, ObjRef, Result, TensorObj};

use crate::register::{op_astype, op_broadcast_to, op_equal, op_reshape, op_sum};

mod custom;

/// A list of values (an op's output gradients, the tensors of `*arrays`) as one `Array` value.
pub fn list_of(values: &[Any]) -> Any {
    Any::object(ObjRef::new(Array::new(values.to_vec())))
}

/// The gradients of a list argument's tensors: `g` is the list a formula gave (one gradient or
/// None per tensor), each summed to its input's shape and dtype ([`sum_to`]); None where
/// `needs` says no gradient is wanted.
pub fn sum_to_each(g: &Any, inputs: &[&Any], needs: &[bool]) -> Result<Vec<Option<Any>>> {
    let grads = calls::items("autograd", g)?;
    if grads.len() != inputs.len() {
        return Err(Error::runtime_error(format!(
            "autograd: a list formula gave {} gradients for {} tensors",
            grads.len(),
            inputs.len()
        )));
    }
    grads
        .into_iter()
        .zip(inputs)
        .zip(needs.iter().copied().chain(std::iter::repeat(false)))
        .map(|((g, x), need)| if need && !g.is_none() { sum_to(&[g, (*x).clone()]).map(Some) } else { Ok(None) })
        .collect()
}

/// `conj(x)`: the complex conjugate of a complex tensor; anything else (a real tensor, a Python
/// number) unchanged, so real formulas pay nothing for being complex-correct.
pub fn conj(args: &[Any]) -> Result<Any> {
    match args[0].downcast::<TensorObj>() {
        Some(t) if t.tensor().dtype().is_complex() => crate::register::op_conj(&[args[0].clone(), Any::NONE]),
        _ => Ok(args[0].clone()),
    }
}

fn tensor<'a>(what: &str, value: &'a Any) -> Result<&'a TensorObj> {
    value
        .downcast::<TensorObj>()
        .ok_or_else(|| Error::type_error(format!("{what}: expected a Tensor, got {}", value.type_name())))
}

fn int_array(values: impl IntoIterator<Item = i64>) -> Any {
    Any::object(ObjRef::new(Array::new(values.into_iter().map(Any::int).collect())))
}

/// `shape(x)`: the shape of `x` as a list of ints.
pub fn shape(args: &[Any]) -> Result<Any> {
    Ok(int_array(tensor("shape", &args[0])?.tensor().shape().iter().copied()))
}

/// `size(x, axis)`: the length of one axis (negative counts from the end); `size(x)`: the
/// element count.
pub fn size(args: &[Any]) -> Result<Any> {
    let t = tensor("size", &args[0])?.tensor();
    match args.get(1).and_then(Any::as_int) {
        None => Ok(Any::int(t.numel())),
        Some(axis) => {
            let axis = crate::axes::normalize_axis("size", "axis", axis, t.ndim())?;
            Ok(Any::int(t.shape()[axis]))
        }
    }
}

/// `ndim(x)`.
pub fn ndim(args: &[Any]) -> Result<Any> {
    Ok(Any::int(tensor("ndim", &args[0])?.tensor().ndim() as i64))
}

/// `dtype(x)`.
pub fn dtype(args: &[Any]) -> Result<Any> {
    Ok(Any::dtype(tensor("dtype", &args[0])?.tensor().dtype()))
}

/// `sum_to(g, x)`: `g` summed over the axes broadcasting added to `x` and cast to `x`'s
/// dtype (the real part when `x` is real and `g` complex), so that it has exactly `x`'s shape
/// (what every generated backward applies last).
pub fn sum_to(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let Some(target) = x.downcast::<TensorObj>() else { return Ok(g.clone()) };
    let target = target.tensor();
    sum_to_shape(g.clone(), target.shape(), target.dtype())
}

/// [`sum_to`] with the input's shape and dtype from the node's edges (`inputs` of a
/// `BackwardFn`; None, for an input that is no tensor, leaves `g` as it is): what a generated
/// backward calls for an argument that its formulas do not otherwise read, which the node then
/// does not save.
pub fn sum_to_input(g: Any, input: Option<&autograd::InputMeta<'_>>) -> Result<Any> {
    match input.copied().flatten() {
        Some((shape, dtype)) => sum_to_shape(g, shape, dtype),
        None => Ok(g),
    }
}

fn sum_to_shape(mut g: Any, target: &[i64], dtype: ferrule_core::DType) -> Result<Any> {
    let target_shape = || int_array(target.to_vec());
    let gt = tensor("sum_to", &g)?.tensor();
    if gt.ndim() < target.len() && gt.numel() == target.iter().product::<i64>() {
        // The input had leading size-1 dims that the op dropped (a value broadcast into a
        // selection): the same elements, shaped as the input.
        g = op_reshape(&[g, target_shape(), Any::NONE])?;
    }
    let gt = tensor("sum_to", &g)?.tensor();
    if gt.shape() != target {
        let lead = gt.ndim().checked_sub(target.len()).ok_or_else(|| {
            Error::runtime_error(format!(
                "autograd: a gradient of {} dims for an input of {} dims",
                gt.ndim(),
                target.len()
            ))
        })?;
        let axes: Vec<i64> = (0..gt.ndim())
            .filter(|&i| i < lead || (target[i - lead] == 1 && gt.shape()[i] != 1))
            .map(|i| i as i64)
            .collect();
        if !axes.is_empty() {
            g = op_sum(&[g, int_array(axes), Any::NONE, Any::from(false)])?;
        }
        if tensor("sum_to", &g)?.tensor().shape() != target {
            g = op_reshape(&[g, target_shape(), Any::NONE])?;
        }
    }
    let dt = tensor("sum_to", &g)?.tensor().dtype();
    if dt.is_complex() && !dtype.is_complex() {
        // A real input's gradient is the real part of the complex one (d/dx of a real loss).
        g = crate::register::op_real(&[g, Any::NONE])?;
    }
    if tensor("sum_to", &g)?.tensor().dtype() != dtype {
        g = op_astype(&[g, Any::dtype(dtype), Any::from(true), Any::NONE])?;
    }
    Ok(g)
}

/// `unreduce(g, x, axis, keepdims)`: the gradient of a reduction of `x` over `axis`, spread
/// back to `x`'s shape (reshaped to keep the reduced axes, then broadcast).
pub fn unreduce(args: &[Any]) -> Result<Any> {
    let (g, x, axis, keepdims) = (&args[0], &args[1], &args[2], &args[3]);
    let xt = tensor("unreduce", x)?.tensor();
    let mut g = g.clone();
    if !keepdims.as_bool().unwrap_or(false) {
        let axes = crate::glue::opt_int_list("unreduce", args, 2, "axis")?;
        let _ = axis;
        let reduced = crate::axes::normalize_axes("unreduce", "axis", axes.as_deref(), xt.ndim())?;
        let kept: Vec<i64> =
            xt.shape().iter().enumerate().map(|(i, &d)| if reduced.contains(&i) { 1 } else { d }).collect();
        g = op_reshape(&[g, int_array(kept), Any::NONE])?;
    }
    op_broadcast_to(&[g, shape(std::slice::from_ref(x))?])
}

/// `amax_backward(g, x, m, axis, keepdims)` for `max`/`min` (`m` the reduction with kept
/// dims): the gradient goes to the extreme elements, shared evenly between ties.
pub fn amax_backward(args: &[Any]) -> Result<Any> {
    let (g, x, m, axis, keepdims) = (&args[0], &args[1], &args[2], &args[3], &args[4]);
    let dt = Any::dtype(tensor("amax_backward", x)?.tensor().dtype());
    let mask = op_equal(&[x.clone(), m.clone(), Any::NONE])?;
    let mask = op_astype(&[mask, dt, Any::from(true), Any::NONE])?;
    let count = op_sum(&[mask.clone(), axis.clone(), Any::NONE, Any::from(true)])?;
    let spread = unreduce(&[g.clone(), x.clone(), axis.clone(), keepdims.clone()])?;
    let share = crate::register::op_divide(&[mask, count, Any::NONE])?;
    crate::register::op_multiply(&[spread, share, Any::NONE])
}

/// `reduced_count(x, axis)`: how many elements of `x` each reduction over `axis` combines
/// (as a float); with a third argument `correction`, that count minus it (for `var`/`std`).
pub fn reduced_count(args: &[Any]) -> Result<Any> {
    let x = tensor("reduced_count", &args[0])?.tensor();
    let axes = crate::glue::opt_int_list("reduced_count", args, 1, "axis")?;
    let reduced = crate::axes::normalize_axes("reduced_count", "axis", axes.as_deref(), x.ndim())?;
    let count: i64 = reduced.iter().map(|&i| x.shape()[i]).product();
    let correction = args.get(2).and_then(Any::as_float).unwrap_or(0.0);
    Ok(Any::from(count as f64 - correction))
}

/// `inverse_permutation(axes)`: the axes that undo `permute_dims(x, axes)`.
pub fn inverse_permutation(args: &[Any]) -> Result<Any> {
    let axes = crate::glue::shape("inverse_permutation", args, 0, "axes")?;
    let n = axes.len() as i64;
    let mut inverse = vec![0i64; axes.len()];
    for (i, &a) in axes.iter().enumerate() {
        let a = if a < 0 { a + n } else { a };
        inverse[usize::try_from(a).map_err(|_| Error::value_error("inverse_permutation: bad axis"))?] = i as i64;
    }
    Ok(int_array(inverse))
}

/// `matmul_backward(grad, x1, x2, which)`: the gradient of `matmul(x1, x2)` for `x1` (which
/// = 0) or `x2` (1), 1-D operands included (batch dims are summed by `sum_to` afterwards):
/// `grad @ x2^H` and `x1^H @ grad`.
pub fn matmul_backward(args: &[Any]) -> Result<Any> {
    use crate::register::{op_expand_dims, op_matmul, op_matrix_transpose, op_squeeze};
    let (grad, x1, x2) = (&args[0], &args[1], &args[2]);
    let which = args[3].as_int().unwrap_or(0);
    let (n1, n2) = (tensor("matmul", x1)?.tensor().ndim(), tensor("matmul", x2)?.tensor().ndim());
    let expand = |t: &Any, axis: i64| op_expand_dims(&[t.clone(), Any::int(axis)]);
    let a = if n1 == 1 { expand(x1, 0)? } else { x1.clone() };
    let b = if n2 == 1 { expand(x2, -1)? } else { x2.clone() };
    let mut g = grad.clone();
    if n1 == 1 {
        g = expand(&g, if n2 == 1 { 0 } else { -2 })?;
    }
    if n2 == 1 {
        g = expand(&g, -1)?;
    }
    let squeeze = |t: Any, axis: i64| op_squeeze(&[t, int_array([axis])]);
    if which == 0 {
        let r = op_matmul(&[g, conj(&[op_matrix_transpose(&[b])?])?, Any::NONE])?;
        if n1 == 1 {
            squeeze(r, -2)
        } else {
            Ok(r)
        }
    } else {
        let r = op_matmul(&[conj(&[op_matrix_transpose(&[a])?])?, g, Any::NONE])?;
        if n2 == 1 {
            squeeze(r, -1)
        } else {
            Ok(r)
        }
    }
}

/// `minus_one(x)`: `x - 1` for a tensor or a Python number (an op needs a tensor operand).
pub fn minus_one(args: &[Any]) -> Result<Any> {
    if args[0].downcast::<TensorObj>().is_some() {
        return crate::register::op_subtract(&[args[0].clone(), Any::int(1), Any::NONE]);
    }
    match (args[0].as_int(), args[0].as_float()) {
        (Some(i), _) if args[0].as_bool().is_none() => Ok(Any::int(i - 1)),
        (_, Some(f)) => Ok(Any::from(f - 1.0)),
        _ => Err(Error::type_error(format!("minus_one: expected a number or a Tensor, got {}", args[0].type_name()))),
    }
}

/// `as_tensor(x, like)`: `x` itself when it is a tensor, else the Python number as a 0-d
/// tensor of `like`'s dtype (for formulas that compare or take the log of a scalar operand).
pub fn as_tensor(args: &[Any]) -> Result<Any> {
    if args[0].downcast::<TensorObj>().is_some() {
        return Ok(args[0].clone());
    }
    let dt = tensor("as_tensor", &args[1])?.tensor().dtype();
    crate::register::op_full(&[int_array([]), args[0].clone(), Any::dtype(dt), Any::NONE])
}

fn list(what: &str, value: &Any) -> Result<Vec<Any>> {
    if value.is_none() {
        return Ok(Vec::new());
    }
    if value.downcast::<TensorObj>().is_some() {
        return Ok(vec![value.clone()]);
    }
    value.downcast::<Array>().map(|a| a.items().to_vec()).ok_or_else(|| {
        Error::type_error(format!("{what}: expected a Tensor or a list of Tensors, got {}", value.type_name()))
    })
}

fn backward(args: &[Any]) -> Result<Any> {
    const WHAT: &str = "backward";
    let roots = list(WHAT, &args[0])?;
    let mut grads = list(WHAT, &args[1])?;
    if args[1].is_none() {
        grads = vec![Any::NONE; roots.len()];
    }
    let retain = args[2].as_bool().unwrap_or(false);
    let create = args[3].as_bool().unwrap_or(false);
    autograd::run_backward(&BackwardRequest {
        roots: &roots,
        root_grads: &grads,
        inputs: None,
        retain_graph: retain || create,
        create_graph: create,
        what: WHAT,
    })?;
    Ok(Any::NONE)
}

fn grad(args: &[Any]) -> Result<Any> {
    const WHAT: &str = "grad";
    let outputs = list(WHAT, &args[0])?;
    let inputs = list(WHAT, &args[1])?;
    let mut grads = list(WHAT, &args[2])?;
    if args[2].is_none() {
        grads = vec![Any::NONE; outputs.len()];
    }
    let create = args[4].as_bool().unwrap_or(false);
    let retain = args[3].as_bool().unwrap_or(create);
    let results = autograd::run_backward(&BackwardRequest {
        roots: &outputs,
        root_grads: &grads,
        inputs: Some(&inputs),
        retain_graph: retain,
        create_graph: create,
        what: WHAT,
    })?;
    if let Some(i) = results.iter().position(Any::is_none) {
        if !args[5].as_bool().unwrap_or(false) {
            return Err(Error::runtime_error(format!(
                "grad: input {i} is not reached from the outputs (pass allow_unused=True to get None for it)"
            )));
        }
    }
    Ok(Any::object(ObjRef::new(Array::new(results))))
}

/// Registers the `autograd.*` functions.
pub fn register_functions() -> Result<()> {
    let def = |name: &str, doc: &str, sig: &str| FuncDef::new(name).doc(doc).signature(sig);
    def("autograd.requires_grad", "Whether the tensor requires grad.", "(x: Tensor) -> bool")
        .register_packed(|a| autograd::requires_grad(&a[0]).map(Any::from))?;
    def(
        "autograd.set_requires_grad",
        "Marks a floating-point leaf tensor as requiring grad (or not).",
        "(x: Tensor, requires_grad: bool = True) -> None",
    )
    .register_packed(|a| {
        let flag = a[1].as_bool().ok_or_else(|| Error::type_error("requires_grad must be a bool"))?;
        autograd::set_requires_grad(&a[0], flag).map(|()| Any::NONE)
    })?;
    def("autograd.is_leaf", "Whether the tensor is a leaf of the graph.", "(x: Tensor) -> bool")
        .register_packed(|a| autograd::is_leaf(&a[0]).map(Any::from))?;
    def("autograd.get_grad", "The accumulated gradient, or None.", "(x: Tensor) -> Tensor | None")
        .register_packed(|a| autograd::grad(&a[0]))?;
    def(
        "autograd.set_grad",
        "Sets (None clears) the accumulated gradient; same shape and dtype as the tensor.",
        "(x: Tensor, grad: Tensor | None) -> None",
    )
    .register_packed(|a| autograd::set_grad(&a[0], &a[1]).map(|()| Any::NONE))?;
    def("autograd.grad_fn_name", "The name of the op that produced the tensor, or None.", "(x: Tensor) -> str | None")
        .register_packed(|a| autograd::grad_fn_name(&a[0]))?;
    def(
        "autograd.saved_tensors",
        "The tensors the tensor's grad_fn saved for backward (the same objects).",
        "(x: Tensor) -> list[Tensor]",
    )
    .register_packed(|a| Ok(Any::object(ObjRef::new(Array::new(autograd::saved_tensors(&a[0])?)))))?;
    def("autograd.detach", "A new tensor sharing the memory, outside the graph.", "(x: Tensor) -> Tensor")
        .register_packed(|a| autograd::detach(&a[0]))?;
    def(
        "autograd.register_hook",
        "Calls hook(grad) when the tensor's gradient is computed; a returned Tensor replaces it.",
        "(x: Tensor, hook: Any) -> None",
    )
    .register_packed(|a| {
        let hook = a[1].to_object::<Function>().ok_or_else(|| {
            Error::type_error(format!("register_hook: hook must be callable, not {}", a[1].type_name()))
        })?;
        autograd::register_hook(&a[0], hook).map(|()| Any::NONE)
    })?;
    def("autograd.is_grad_enabled", "Whether ops on this thread record a graph.", "() -> bool")
        .register_packed(|_| Ok(Any::from(autograd::is_grad_enabled())))?;
    def(
        "autograd.set_grad_enabled",
        "Turns recording on or off for this thread; returns the previous setting.",
        "(enabled: bool) -> bool",
    )
    .register_packed(|a| {
        let flag = a[0].as_bool().ok_or_else(|| Error::type_error("set_grad_enabled: enabled must be a bool"))?;
        Ok(Any::from(autograd::set_grad_enabled(flag)))
    })?;
    def(
        "autograd.backward",
        "Accumulates the gradients of tensors into the .grad of the leaves they depend on.",
        "(tensors: Any, grad_tensors: Any = None, retain_graph: bool = False, create_graph: bool = False) -> None",
    )
    .long_running()
    .register_packed(backward)?;
    def(
        "autograd.grad",
        "The gradients of outputs with respect to inputs, without touching .grad.",
        "(outputs: Any, inputs: Any, grad_outputs: Any = None, retain_graph: bool | None = None, \
         create_graph: bool = False, allow_unused: bool = False) -> list[Tensor | None]",
    )
    .long_running()
    .register_packed(grad)?;
    def(
        "autograd.custom_function",
        "A function that calls forward and, while a graph is recorded, adds a node named name whose \
         gradients backward(grad, *args) computes: a Tensor for a function of one tensor argument, else one \
         Tensor or None per tensor argument. Without backward, a gradient through it is an error.",
        "(name: str, forward: Any, backward: Any = None) -> Any",
    )
    .register_packed(custom::custom_function)?;
    Ok(())
}
