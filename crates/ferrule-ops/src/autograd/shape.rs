//! Backward helpers of the ops that move, repeat, select or accumulate elements: lists
//! (`concat`, `meshgrid`), indexing (`take`, `take_along_axis`; `getitem` needs only the
//! `add_at` op), `repeat`, `tile`, `diff`, `roll`, `tensordot`, and the products (`prod`,
//! `cumulative_prod`, where zeros in the input must give the right gradient, not NaN).

use ferrule_registry::{Any, Error, Result};

use super::calls::{self as c, tensor};
use crate::axes::{normalize_axes, normalize_axis};
use crate::register as r;

/// `negated(shift)`: an int or a list of ints, negated (rolling back by `shift`).
pub fn negated(args: &[Any]) -> Result<Any> {
    if let Some(v) = args[0].as_int() {
        return Ok(Any::int(-v));
    }
    let values = c::items("negated", &args[0])?;
    let ints: Option<Vec<i64>> = values.iter().map(|v| v.as_int().map(|i| -i)).collect();
    ints.map(c::ints).ok_or_else(|| {
        Error::type_error(format!("negated: expected an int or a list of ints, got {}", args[0].type_name()))
    })
}

/// The axis of a cumulative op: `axis`, or 0 for a 1-D tensor given None.
fn cumulative_axis(what: &str, axis: &Any, ndim: usize) -> Result<usize> {
    match axis.as_int() {
        Some(a) => Ok(normalize_axis(what, "axis", a, ndim)?),
        None => Ok(0),
    }
}

/// `strip_initial(grad, x, axis, include_initial)`: the gradient of a cumulative op's result
/// without its first entry along `axis` when `include_initial` added one (it does not depend
/// on `x`).
pub fn strip_initial(args: &[Any]) -> Result<Any> {
    let (g, x, axis) = (&args[0], &args[1], &args[2]);
    if !args[3].as_bool().unwrap_or(false) {
        return Ok(g.clone());
    }
    let ax = cumulative_axis("strip_initial", axis, tensor("strip_initial", x)?.ndim())?;
    c::narrow(g, ax, Some(1), None)
}

/// The sums from each position to the end along `axis`.
fn reverse_cumsum(v: &Any, axis: i64) -> Result<Any> {
    let flipped = c::flip(v, axis)?;
    let summed = r::op_cumulative_sum(&[flipped, Any::int(axis), Any::NONE, Any::from(false)])?;
    c::flip(&summed, axis)
}

fn cumprod(v: &Any, axis: i64, include_initial: bool) -> Result<Any> {
    r::op_cumulative_prod(&[v.clone(), Any::int(axis), Any::NONE, Any::from(include_initial)])
}

/// `cumulative_prod_backward(grad, x, axis, include_initial)`: element `k`'s gradient is
/// `sum_{i >= k} grad_i prod_{j <= i, j != k} x_j`. Without zeros in `x` that is
/// `reverse_cumsum(grad * y) / x` with `y = cumulative_prod(x)`. With zeros, and `z` the first
/// zero along `axis`: before `z` the same formula holds (the terms past `z` are zero in `y`); at
/// `z` it is `reverse_cumsum(grad * y')` where `y'` is the running product with that zero
/// replaced by 1; after `z` every product contains the zero, so it is 0. No division by zero
/// happens. That piecewise form has the right value but not the right derivative, so when the
/// backward is itself recorded (`create_graph`) and `x` has zeros, the products are formed
/// pairwise instead (`n^2` per row, differentiable again). For complex `x` the derivative is
/// conjugated (the formula runs on `conj(x)`).
pub fn cumulative_prod_backward(args: &[Any]) -> Result<Any> {
    let g = strip_initial(args)?;
    let x = c::conj(&args[1])?;
    let ax = cumulative_axis("cumulative_prod_backward", &args[2], tensor("cumulative_prod", &x)?.ndim())? as i64;
    let zero = c::eq(&x, &Any::int(0))?;
    let zeros_present = {
        let any = r::op_any(&[zero.clone(), Any::NONE, Any::from(false)])?;
        tensor("cumulative_prod_backward", &any)?.to_vec::<bool>()?.first().copied().unwrap_or(false)
    };
    let y = cumprod(&x, ax, false)?;
    if !zeros_present {
        return c::div(&reverse_cumsum(&c::mul(&g, &y)?, ax)?, &x);
    }
    if ferrule_registry::autograd::is_grad_enabled() {
        return cumulative_prod_backward_pairwise(&g, &x, ax);
    }
    let count = r::op_cumulative_sum(&[
        c::astype(&zero, ferrule_core::DType::Int64)?,
        Any::int(ax),
        Any::NONE,
        Any::from(false),
    ])?;
    let before = c::eq(&count, &Any::int(0))?;
    let first = c::logical_and(&zero, &c::eq(&count, &Any::int(1))?)?;
    let safe = c::select(&before, &x, &Any::int(1))?;
    let part_before = c::div(&reverse_cumsum(&c::mul(&g, &y)?, ax)?, &safe)?;
    let y_without = cumprod(&c::select(&first, &Any::int(1), &x)?, ax, false)?;
    let part_first = reverse_cumsum(&c::mul(&g, &y_without)?, ax)?;
    let rest = c::select(&first, &part_first, &Any::int(0))?;
    c::select(&before, &part_before, &rest)
}

/// The gradient of [`cumulative_prod_backward`] as a product of differentiable pieces:
/// `prod_{j < k} x_j` (an exclusive running product) times `sum_{i >= k} grad_i C[k, i]`, where
/// row `k` of `C` is the running product of `x` with the entries up to `k` replaced by 1.
fn cumulative_prod_backward_pairwise(g: &Any, x: &Any, ax: i64) -> Result<Any> {
    let nd = tensor("cumulative_prod_backward", x)?.ndim() as i64;
    let last = (nd - 1) as usize;
    let (xm, gm) = (
        r::op_moveaxis(&[x.clone(), c::ints([ax]), c::ints([-1])])?,
        r::op_moveaxis(&[g.clone(), c::ints([ax]), c::ints([-1])])?,
    );
    let n = tensor("cumulative_prod_backward", &xm)?.shape()[last];
    let (rows, cols) = (c::reshape(&arange(n)?, &[n, 1])?, c::reshape(&arange(n)?, &[1, n])?);
    let after = c::gt(&cols, &rows)?;
    let from = c::logical_or(&after, &c::eq(&cols, &rows)?)?;
    let pairwise = cumprod(&c::select(&after, &c::expand_dims(&xm, -2)?, &Any::int(1))?, -1, false)?;
    let weighted = c::select(&from, &c::mul(&c::expand_dims(&gm, -2)?, &pairwise)?, &Any::int(0))?;
    let tail = c::sum(&weighted, &c::ints([-1]), false)?;
    let head = c::narrow(&cumprod(&xm, -1, true)?, last, None, Some(-1))?;
    r::op_moveaxis(&[c::mul(&head, &tail)?, c::ints([-1]), c::ints([ax])])
}

/// `prod_backward(grad, x, axis, keepdims)`: each element's gradient is `grad` times the
/// product of the *other* elements of its reduction, computed without division (exclusive
/// running products from both ends), so zeros in `x` give the right gradient. For complex `x`
/// the products are of `conj(x)`.
pub fn prod_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let xt = tensor("prod_backward", x)?;
    let nd = xt.ndim();
    if nd == 0 {
        return Ok(g.clone());
    }
    let axes = crate::glue::opt_int_list("prod_backward", args, 2, "axis")?;
    let reduced = normalize_axes("prod_backward", "axis", axes.as_deref(), nd)?;
    let kept: Vec<usize> = (0..nd).filter(|d| !reduced.contains(d)).collect();
    let order: Vec<i64> = kept.iter().chain(&reduced).map(|&d| d as i64).collect();
    let kept_shape: Vec<i64> = kept.iter().map(|&d| xt.shape()[d]).collect();
    let count: i64 = reduced.iter().map(|&d| xt.shape()[d]).product();
    let flat_shape: Vec<i64> = kept_shape.iter().copied().chain([count]).collect();
    let permuted_shape: Vec<i64> = order.iter().map(|&d| xt.shape()[d as usize]).collect();
    let xs = c::reshape(&c::permute(&c::conj(x)?, &order)?, &flat_shape)?;
    let last = kept.len();
    let left = c::narrow(&cumprod(&xs, -1, true)?, last, None, Some(-1))?;
    let right_rev = c::narrow(&cumprod(&c::flip(&xs, -1)?, -1, true)?, last, None, Some(-1))?;
    let right = c::flip(&right_rev, -1)?;
    let g_kept: Vec<i64> = kept_shape.iter().copied().chain([1]).collect();
    let gs = c::reshape(g, &g_kept)?;
    let flat = c::mul(&c::mul(&gs, &left)?, &right)?;
    let inverse = super::inverse_permutation(&[c::ints(order.iter().copied())])?;
    r::op_permute_dims(&[c::reshape(&flat, &permuted_shape)?, inverse])
}

/// An index selecting `idx` along `axis` (every element of the dims before it).
fn along(axis: usize, idx: Any) -> Result<Any> {
    let mut index = vec![c::slice(None, None)?; axis];
    index.push(idx);
    Ok(c::list(index))
}

/// `take_backward(grad, x, indices, axis)`: `grad` added back at the positions `take` read,
/// repeated indices accumulating (`add_at`).
pub fn take_backward(args: &[Any]) -> Result<Any> {
    let (g, x, indices) = (&args[0], &args[1], &args[2]);
    let xt = tensor("take_backward", x)?;
    match args[3].as_int() {
        None => {
            let flat = c::zeros(&[xt.numel()], xt.dtype())?;
            let summed = r::op_add_at(&[flat, indices.clone(), g.clone()])?;
            c::reshape(&summed, xt.shape())
        }
        Some(a) => {
            let ax = normalize_axis("take_backward", "axis", a, xt.ndim())?;
            r::op_add_at(&[c::zeros_like(x)?, along(ax, indices.clone())?, g.clone()])
        }
    }
}

fn arange(n: i64) -> Result<Any> {
    r::op_arange(&[Any::int(n), Any::NONE, Any::int(1), Any::NONE, Any::NONE])
}

/// `take_along_axis_backward(grad, x, indices, axis)`: `grad` added at `x[i0, ..., indices,
/// ..., ik]`, with ranges over the other dims (`x` may broadcast against `indices` there, in
/// which case the gradient of its size-1 dim sums over them).
pub fn take_along_axis_backward(args: &[Any]) -> Result<Any> {
    let (g, x, indices) = (&args[0], &args[1], &args[2]);
    let xt = tensor("take_along_axis_backward", x)?;
    let nd = xt.ndim();
    let ax = normalize_axis("take_along_axis_backward", "axis", args[3].as_int().unwrap_or(-1), nd)?;
    let mut index = Vec::with_capacity(nd);
    for d in 0..nd {
        if d == ax {
            index.push(indices.clone());
        } else {
            let mut shape = vec![1i64; nd];
            shape[d] = xt.shape()[d];
            index.push(c::reshape(&arange(xt.shape()[d])?, &shape)?);
        }
    }
    r::op_add_at(&[c::zeros_like(x)?, c::list(index), g.clone()])
}

/// `concat_backward(grad, arrays, axis)`: `grad` cut into the pieces each tensor filled
/// (reshaped back when `axis` is None flattened them).
pub fn concat_backward(args: &[Any]) -> Result<Any> {
    let (g, arrays) = (&args[0], c::items("concat_backward", &args[1])?);
    let mut pieces = Vec::with_capacity(arrays.len());
    let mut start = 0i64;
    match args[2].as_int() {
        None => {
            for a in &arrays {
                let t = tensor("concat_backward", a)?;
                let piece = c::narrow(g, 0, Some(start), Some(start + t.numel()))?;
                pieces.push(c::reshape(&piece, t.shape())?);
                start += t.numel();
            }
        }
        Some(axis) => {
            for a in &arrays {
                let t = tensor("concat_backward", a)?;
                let ax = normalize_axis("concat_backward", "axis", axis, t.ndim())?;
                let len = t.shape()[ax];
                pieces.push(c::narrow(g, ax, Some(start), Some(start + len))?);
                start += len;
            }
        }
    }
    Ok(c::list(pieces))
}

/// `meshgrid_backward(grads, arrays, indexing)`: each coordinate tensor's gradient is its
/// grid's gradient summed over every dim but the one it varies along (the first two swap
/// under 'xy' indexing).
pub fn meshgrid_backward(args: &[Any]) -> Result<Any> {
    let grads = c::items("meshgrid_backward", &args[0])?;
    let n = grads.len();
    let xy = args[2].as_str() == Some("xy") && n >= 2;
    let mut out = Vec::with_capacity(n);
    for (i, g) in grads.iter().enumerate() {
        let dim = match i {
            0 if xy => 1,
            1 if xy => 0,
            _ => i,
        };
        let others: Vec<i64> = (0..n as i64).filter(|&d| d != dim as i64).collect();
        out.push(c::sum(g, &c::ints(others), false)?);
    }
    Ok(c::list(out))
}

/// `repeat_backward(grad, x, repeats, axis)`: each element's gradient is the sum over its
/// copies, added at the position every copy came from.
pub fn repeat_backward(args: &[Any]) -> Result<Any> {
    let (g, x, repeats) = (&args[0], &args[1], &args[2]);
    let xt = tensor("repeat_backward", x)?;
    let (len, axis) = match args[3].as_int() {
        None => (xt.numel(), None),
        Some(a) => {
            let ax = normalize_axis("repeat_backward", "axis", a, xt.ndim())?;
            (xt.shape()[ax], Some(ax))
        }
    };
    let sources = r::op_repeat(&[arange(len)?, repeats.clone(), Any::int(0)])?;
    match axis {
        None => {
            let flat = c::zeros(&[len], xt.dtype())?;
            let summed = r::op_add_at(&[flat, sources, g.clone()])?;
            c::reshape(&summed, xt.shape())
        }
        Some(ax) => r::op_add_at(&[c::zeros_like(x)?, along(ax, sources)?, g.clone()]),
    }
}

/// `tile_backward(grad, x, repetitions)`: the sum of the tiles (the gradient reshaped so that
/// each dim splits into (repetition, size), summed over the repetitions).
pub fn tile_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let xt = tensor("tile_backward", x)?;
    let reps = crate::glue::shape("tile_backward", args, 2, "repetitions")?;
    let d = reps.len().max(xt.ndim());
    let reps: Vec<i64> = std::iter::repeat_n(1, d - reps.len()).chain(reps.iter().copied()).collect();
    let sizes: Vec<i64> = std::iter::repeat_n(1, d - xt.ndim()).chain(xt.shape().iter().copied()).collect();
    let split: Vec<i64> = reps.iter().zip(&sizes).flat_map(|(&r, &s)| [r, s]).collect();
    let tiles: Vec<i64> = (0..d as i64).map(|i| 2 * i).collect();
    let summed = c::sum(&c::reshape(g, &split)?, &c::ints(tiles), false)?;
    c::reshape(&summed, xt.shape())
}

/// `diff_backward(grad, x, axis, n, prepend, append, which)`: the adjoint of the first
/// difference is `-diff(grad, prepend=0, append=0)`, applied `n` times; the gradient of the
/// joined tensor is then cut into prepend's part (which = 3), x's (0) and append's (4).
pub fn diff_backward(args: &[Any]) -> Result<Any> {
    let (g, x, prepend, append) = (&args[0], &args[1], &args[4], &args[5]);
    let which = args[6].as_int().unwrap_or(0);
    let xt = tensor("diff_backward", x)?;
    let ax = normalize_axis("diff_backward", "axis", args[2].as_int().unwrap_or(-1), xt.ndim())?;
    let n = args[3].as_int().unwrap_or(1);
    // The length an extra part adds along the axis: a 0-d value or a number is repeated once.
    let extra = |v: &Any| -> i64 {
        match v.downcast::<ferrule_registry::TensorObj>() {
            _ if v.is_none() => 0,
            Some(t) if t.tensor().ndim() > 0 => t.tensor().shape()[ax],
            _ => 1,
        }
    };
    let (before, after) = (extra(prepend), extra(append));
    let mut gc = g.clone();
    for _ in 0..n {
        let d = r::op_diff(&[gc, Any::int(ax as i64), Any::int(1), Any::int(0), Any::int(0)])?;
        gc = c::neg(&d)?;
    }
    let len = xt.shape()[ax];
    match which {
        3 => c::narrow(&gc, ax, Some(0), Some(before)),
        4 => c::narrow(&gc, ax, Some(before + len), Some(before + len + after)),
        _ => c::narrow(&gc, ax, Some(before), Some(before + len)),
    }
}

/// `tensordot_backward(grad, x1, x2, axes, which)`: the gradient contracts `grad` with the
/// other operand (conjugated) over that operand's free dims, then puts the dims back in the
/// input's order.
pub fn tensordot_backward(args: &[Any]) -> Result<Any> {
    let (g, x1, x2, axes) = (&args[0], &args[1], &args[2], &args[3]);
    let which = args[4].as_int().unwrap_or(0);
    let (t1, t2) = (tensor("tensordot", x1)?, tensor("tensordot", x2)?);
    let (a1, a2) = crate::linalg::tensordot_axes(axes, t1.ndim(), t2.ndim())?;
    let a1 = normalize_axes("tensordot", "axes", Some(&a1), t1.ndim())?;
    let a2 = normalize_axes("tensordot", "axes", Some(&a2), t2.ndim())?;
    let free1: Vec<usize> = (0..t1.ndim()).filter(|d| !a1.contains(d)).collect();
    let free2: Vec<usize> = (0..t2.ndim()).filter(|d| !a2.contains(d)).collect();
    let pair = |p: Vec<usize>, q: Vec<usize>| {
        c::list(vec![c::ints(p.into_iter().map(|v| v as i64)), c::ints(q.into_iter().map(|v| v as i64))])
    };
    let k1 = free1.len();
    // The contraction leaves the other operand's contracted dims in increasing order; each
    // stands for the input dim it was paired with.
    let (product, layout, nd) = if which == 0 {
        let g_free2: Vec<usize> = (k1..k1 + free2.len()).collect();
        let p = r::op_tensordot(&[g.clone(), c::conj(x2)?, pair(g_free2, free2.clone())])?;
        let mut rest = a2.clone();
        rest.sort_unstable();
        let mut layout = free1.clone();
        layout.extend(rest.iter().map(|s| a1[a2.iter().position(|v| v == s).unwrap_or(0)]));
        (p, layout, t1.ndim())
    } else {
        let g_free1: Vec<usize> = (0..k1).collect();
        let p = r::op_tensordot(&[c::conj(x1)?, g.clone(), pair(free1.clone(), g_free1)])?;
        let mut rest = a1.clone();
        rest.sort_unstable();
        let mut layout: Vec<usize> = rest.iter().map(|s| a2[a1.iter().position(|v| v == s).unwrap_or(0)]).collect();
        layout.extend(&free2);
        (p, layout, t2.ndim())
    };
    let mut inverse = vec![0i64; nd];
    for (i, &d) in layout.iter().enumerate() {
        inverse[d] = i as i64;
    }
    c::permute(&product, &inverse)
}
