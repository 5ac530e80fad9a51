//! Backward helpers of the `fft` functions. Each transform is linear, so its gradient is its
//! adjoint applied to `grad`: the adjoint of the unnormalised DFT is the unnormalised inverse
//! DFT, so `fft(norm=N)` has the adjoint `ifft(norm=dual(N))` (dual swaps 'backward' and
//! 'forward'; 'ortho' is its own), and cutting or zero-padding the input to `n` points has the
//! adjoint of zero-padding or cutting the gradient back. The real transforms add two facts:
//! `rfft` keeps the first `n//2 + 1` terms (its adjoint zero-extends `grad` to `n` first), and
//! `irfft` counts each term but the zero-frequency and Nyquist ones twice (its adjoint is
//! `rfft` with those weights). A real input's gradient is the real part (the generated
//! `sum_to` takes it).

use ferrule_registry::{Any, Error, Result};

use super::calls::{self as c, tensor};
use crate::axes::normalize_axis;
use crate::register as r;

/// The norm whose transform is the adjoint's: 'backward' <-> 'forward', 'ortho' stays.
fn dual(norm: &Any) -> Result<Any> {
    match norm.as_str() {
        Some("backward") | None => Ok(Any::str("forward")),
        Some("forward") => Ok(Any::str("backward")),
        Some("ortho") => Ok(Any::str("ortho")),
        Some(other) => Err(Error::value_error(format!("fft: unknown norm '{other}'"))),
    }
}

/// `t` cut or zero-padded at the end of `axis` to `len` points.
fn resize(t: &Any, axis: usize, len: i64) -> Result<Any> {
    let tt = tensor("fft", t)?;
    let have = tt.shape()[axis];
    if have == len {
        return Ok(t.clone());
    }
    if have > len {
        return c::narrow(t, axis, Some(0), Some(len));
    }
    let mut shape = tt.shape().to_vec();
    shape[axis] = len - have;
    c::concat(vec![t.clone(), c::zeros(&shape, tt.dtype())?], axis as i64)
}

/// `t` resized along every axis to `x`'s shape.
fn resize_like(t: &Any, x: &Any) -> Result<Any> {
    let shape = tensor("fft", x)?.shape().to_vec();
    let mut out = t.clone();
    for (axis, &len) in shape.iter().enumerate() {
        out = resize(&out, axis, len)?;
    }
    Ok(out)
}

/// The weights of the terms an `irfft` of `n` output points reads: 1 for the zero-frequency
/// term and (for even `n`) the Nyquist term, 2 for the others, shaped to broadcast along `axis`
/// of an `ndim`-dim tensor.
fn irfft_weights(n: i64, axis: usize, ndim: usize, dtype: ferrule_core::DType) -> Result<Any> {
    let m = n / 2 + 1;
    let mut weights = vec![2.0f64; m as usize];
    weights[0] = 1.0;
    if n % 2 == 0 {
        weights[m as usize - 1] = 1.0;
    }
    let real = crate::promote::real_dtype(dtype);
    let w = ferrule_registry::TensorObj::new(ferrule_core::Tensor::from_slice(&weights, &[m])?);
    let w = c::astype(&Any::object(w), real)?;
    let mut shape = vec![1i64; ndim];
    shape[axis] = m;
    c::reshape(&w, &shape)
}

fn axis_of(x: &Any, axis: &Any) -> Result<usize> {
    Ok(normalize_axis("fft", "axis", axis.as_int().unwrap_or(-1), tensor("fft", x)?.ndim())?)
}

fn one_d(op: fn(&[Any]) -> Result<Any>, g: &Any, n: Any, axis: usize, norm: Any) -> Result<Any> {
    op(&[g.clone(), n, Any::int(axis as i64), norm])
}

/// `fft_backward(grad, x, n, axis, norm)`: `ifft(grad, norm=dual)` cut or padded back to x.
pub fn fft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let t = one_d(r::op_fft_ifft, g, Any::NONE, axis, dual(&args[4])?)?;
    resize_like(&t, x)
}

/// `ifft_backward(grad, x, n, axis, norm)`: `fft(grad, norm=dual)` cut or padded back to x.
pub fn ifft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let t = one_d(r::op_fft_fft, g, Any::NONE, axis, dual(&args[4])?)?;
    resize_like(&t, x)
}

/// The number of points a one-dimensional real transform used: `n`, or x's length.
fn points(x: &Any, n: &Any, axis: usize) -> Result<i64> {
    Ok(n.as_int().unwrap_or(tensor("fft", x)?.shape()[axis]))
}

/// `rfft_backward(grad, x, n, axis, norm)`: `grad` zero-extended to `n` terms, then
/// `ifft(norm=dual)`, cut or padded back to x (whose real part is the gradient).
pub fn rfft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let n = points(x, &args[2], axis)?;
    let t = one_d(r::op_fft_ifft, &resize(g, axis, n)?, Any::NONE, axis, dual(&args[4])?)?;
    resize_like(&t, x)
}

/// `irfft_backward(grad, x, n, axis, norm)`: `rfft(grad, norm=dual)` weighted by 1 or 2 per
/// term, cut or padded back to x.
pub fn irfft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let gt = tensor("fft", g)?;
    let (n, nd, dt) = (gt.shape()[axis], gt.ndim(), tensor("fft", x)?.dtype());
    let t = one_d(r::op_fft_rfft, g, Any::NONE, axis, dual(&args[4])?)?;
    resize_like(&c::mul(&t, &irfft_weights(n, axis, nd, dt)?)?, x)
}

/// `hfft_backward(grad, x, n, axis, norm)`: `hfft(x) = irfft(conj(x), norm=dual)`, so the
/// gradient is `conj` of irfft's adjoint under `norm`.
pub fn hfft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let gt = tensor("fft", g)?;
    let (n, nd, dt) = (gt.shape()[axis], gt.ndim(), tensor("fft", x)?.dtype());
    let t = one_d(r::op_fft_rfft, g, Any::NONE, axis, args[4].clone())?;
    let weighted = c::mul(&t, &irfft_weights(n, axis, nd, dt)?)?;
    c::conj(&resize_like(&weighted, x)?)
}

/// `ihfft_backward(grad, x, n, axis, norm)`: `ihfft(x) = conj(rfft(x, norm=dual))`, so the
/// gradient is rfft's adjoint under that norm applied to `conj(grad)`.
pub fn ihfft_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axis = axis_of(x, &args[3])?;
    let n = points(x, &args[2], axis)?;
    let gc = c::conj(g)?;
    let t = one_d(r::op_fft_ifft, &resize(&gc, axis, n)?, Any::NONE, axis, args[4].clone())?;
    resize_like(&t, x)
}

/// The axes an n-dimensional transform ran over (`axes`, or every axis), normalised.
fn axes_of(x: &Any, axes: &Any) -> Result<Vec<usize>> {
    let nd = tensor("fft", x)?.ndim();
    if axes.is_none() {
        return Ok((0..nd).collect());
    }
    let list: Vec<i64> = c::items("fft", axes)?.iter().filter_map(Any::as_int).collect();
    list.iter().map(|&a| Ok(normalize_axis("fft", "axes", a, nd)?)).collect()
}

fn n_d(op: fn(&[Any]) -> Result<Any>, g: &Any, axes: &[usize], norm: Any) -> Result<Any> {
    op(&[g.clone(), Any::NONE, c::ints(axes.iter().map(|&a| a as i64)), norm])
}

/// `fftn_backward(grad, x, s, axes, norm)`: `ifftn(grad, axes, norm=dual)` cut or padded back.
pub fn fftn_backward(args: &[Any]) -> Result<Any> {
    let axes = axes_of(&args[1], &args[3])?;
    resize_like(&n_d(r::op_fft_ifftn, &args[0], &axes, dual(&args[4])?)?, &args[1])
}

/// `ifftn_backward(grad, x, s, axes, norm)`: `fftn(grad, axes, norm=dual)` cut or padded back.
pub fn ifftn_backward(args: &[Any]) -> Result<Any> {
    let axes = axes_of(&args[1], &args[3])?;
    resize_like(&n_d(r::op_fft_fftn, &args[0], &axes, dual(&args[4])?)?, &args[1])
}

/// `rfftn_backward(grad, x, s, axes, norm)`: `grad` zero-extended along the last axis to the
/// number of real points, then `ifftn(norm=dual)` over the axes, cut or padded back to x.
pub fn rfftn_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axes = axes_of(x, &args[3])?;
    let Some(&last) = axes.last() else { return Ok(g.clone()) };
    let n = match c::items("fft", &args[2]).ok().and_then(|s| s.last().and_then(Any::as_int)) {
        Some(v) if v >= 0 => v,
        _ => tensor("fft", x)?.shape()[last],
    };
    let t = n_d(r::op_fft_ifftn, &resize(g, last, n)?, &axes, dual(&args[4])?)?;
    resize_like(&t, x)
}

/// `irfftn_backward(grad, x, s, axes, norm)`: `rfftn(grad, axes, norm=dual)` weighted by 1 or
/// 2 per term of the last axis, cut or padded back to x.
pub fn irfftn_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let axes = axes_of(x, &args[3])?;
    let Some(&last) = axes.last() else { return Ok(g.clone()) };
    let gt = tensor("fft", g)?;
    let (n, nd, dt) = (gt.shape()[last], gt.ndim(), tensor("fft", x)?.dtype());
    let t = n_d(r::op_fft_rfftn, g, &axes, dual(&args[4])?)?;
    resize_like(&c::mul(&t, &irfft_weights(n, last, nd, dt)?)?, x)
}
