//! The Array API (2024.12) `fft` extension: `fft`, `ifft`, `fftn`, `ifftn`, `rfft`, `irfft`,
//! `rfftn`, `irfftn`, `hfft`, `ihfft`, `fftfreq`, `rfftfreq`, `fftshift` and `ifftshift`.
//!
//! The transforms run on `rustfft` (complex) and `realfft` (real input or output) with plans
//! cached across calls and threads ([`plan`]); batches of lines run on the ferrule pool and a
//! single long complex line is split over two threads ([`engine`], `split`).
//!
//! Dtypes, as numpy 2 and the standard: float32, complex64, float16 and bfloat16 are transformed
//! in single precision (results complex64, or float32 for the real outputs of `irfft`, `irfftn`
//! and `hfft`; float16 and bfloat16 inputs give their own dtype there, as numpy gives float16);
//! float64, complex128, integers and bool in double precision (complex128 / float64). `rfft`,
//! `rfftn` and `ihfft` take real input only (complex input is a `TypeError`, as in numpy).
//! Normalisation (`norm`): `"backward"` scales the inverse transforms by `1/n`, `"forward"` the
//! forward ones, `"ortho"` both by `1/sqrt(n)`; n-D transforms scale by the product over axes.

mod engine;
mod freq;
pub mod plan;
mod split;

use ferrule_core::tensor::format_shape;
use ferrule_core::{bail, DType, Result, Tensor};
use num_complex::Complex;

pub use engine::{Real, MIN_POINTS_PER_TASK};
pub use freq::{fftfreq, fftshift, ifftshift, rfftfreq};
pub use plan::{PlanCache, PlanKind, MAX_CACHED_POINTS, MAX_PLANS};
pub use split::MIN_SPLIT_POINTS;

use engine::{run_complex_pass, run_pass, AxisPass, RealForwardKernel, RealInverseKernel};

/// How a transform is normalised (`norm=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Norm {
    Backward,
    Ortho,
    Forward,
}

impl Norm {
    fn parse(op: &str, norm: &str) -> Result<Norm> {
        match norm {
            "backward" => Ok(Norm::Backward),
            "ortho" => Ok(Norm::Ortho),
            "forward" => Ok(Norm::Forward),
            _ => bail!(ValueError, "{op}() argument 'norm': expected 'backward', 'ortho' or 'forward', got {norm:?}"),
        }
    }

    /// The factor of an `n`-point transform in the forward (`fft`, `rfft`, `hfft`) or inverse
    /// direction; `None` for 1.
    fn scale(self, n: usize, forward: bool) -> Option<f64> {
        match (self, forward) {
            (Norm::Ortho, _) => Some(1.0 / (n as f64).sqrt()),
            (Norm::Backward, false) | (Norm::Forward, true) => Some(1.0 / n as f64),
            _ => None,
        }
    }
}

/// The tensor a transform reads: `x` itself for float32/float64/complex64/complex128, else a
/// float copy (single precision for float16 and bfloat16, double for integers and bool).
/// `real_only` refuses complex input (`rfft`, `rfftn`, `ihfft`).
fn source(op: &str, x: &Tensor, real_only: bool) -> Result<Tensor> {
    if !x.device().is_host_accessible() {
        bail!(NotImplementedError, "{op}() argument 'x': cannot transform a tensor on {}", x.device());
    }
    let dtype = x.dtype();
    if real_only && dtype.is_complex() {
        bail!(
            TypeError,
            "{op}() argument 'x': dtype {dtype} is not accepted (this transform takes a real signal; \
             use {} for complex input)",
            if op.contains("rfftn") { "fft.fftn" } else { "fft.fft" }
        );
    }
    let cast = match dtype {
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => return Ok(x.clone()),
        DType::Float16 | DType::BFloat16 => DType::Float32,
        _ => DType::Float64,
    };
    named(op, crate::elementwise::cast_to(x, cast))
}

/// Whether `x` (a [`source`]) is single precision.
fn single(x: &Tensor) -> bool {
    matches!(x.dtype(), DType::Float32 | DType::Complex64)
}

/// `x`'s shape with `len` along `axis`.
fn with_len(x: &Tensor, axis: usize, len: usize) -> Vec<i64> {
    let mut shape = x.shape().to_vec();
    shape[axis] = len as i64;
    shape
}

/// A fresh tensor for a pass's output, every element of which the pass writes.
fn output(shape: &[i64], dtype: DType) -> Result<Tensor> {
    // SAFETY: a pass writes every element of every line of its output (and a tensor without
    // lines has no elements).
    unsafe { Tensor::uninit(shape, dtype) }
}

/// The complex-to-complex transform of `x` (a [`source`]) along `axis` with `n` points.
fn c2c(x: &Tensor, axis: usize, n: usize, forward: bool, scale: Option<f64>) -> Result<Tensor> {
    let pass = AxisPass { axis, n_in: n, n_out: n, scale, conj_in: false, conj_out: false };
    if single(x) {
        c2c_typed::<f32>(x, pass, forward)
    } else {
        c2c_typed::<f64>(x, pass, forward)
    }
}

fn c2c_typed<T: Real>(x: &Tensor, pass: AxisPass, forward: bool) -> Result<Tensor> {
    let complex = if T::SINGLE { DType::Complex64 } else { DType::Complex128 };
    let out = output(&with_len(x, pass.axis, pass.n_out), complex)?;
    if out.numel() == 0 {
        return Ok(out);
    }
    let plan = T::plans().complex(forward, pass.n_in)?;
    if x.dtype().is_complex() {
        run_complex_pass::<T, Complex<T>>(x, &out, pass, plan)?;
    } else {
        run_complex_pass::<T, T>(x, &out, pass, plan)?;
    }
    Ok(out)
}

/// The real-to-complex transform of `x` (a real [`source`]) along `axis` with `n` points
/// (`n/2 + 1` out), its output conjugated when `conj_out` (`ihfft`).
fn r2c(x: &Tensor, axis: usize, n: usize, scale: Option<f64>, conj_out: bool) -> Result<Tensor> {
    let pass = AxisPass { axis, n_in: n, n_out: n / 2 + 1, scale, conj_in: false, conj_out };
    if single(x) {
        r2c_typed::<f32>(x, pass)
    } else {
        r2c_typed::<f64>(x, pass)
    }
}

fn r2c_typed<T: Real>(x: &Tensor, pass: AxisPass) -> Result<Tensor> {
    let complex = if T::SINGLE { DType::Complex64 } else { DType::Complex128 };
    let out = output(&with_len(x, pass.axis, pass.n_out), complex)?;
    if out.numel() == 0 {
        return Ok(out);
    }
    let kernel = RealForwardKernel(T::plans().real_forward(pass.n_in)?);
    run_pass::<T, T, T, Complex<T>, _>(x, &out, pass, &kernel)?;
    Ok(out)
}

/// The complex-to-real transform of `x` (a [`source`]) along `axis` giving `n` reals (from
/// `n/2 + 1` complex points), its input conjugated when `conj_in` (`hfft`).
fn c2r(x: &Tensor, axis: usize, n: usize, scale: Option<f64>, conj_in: bool) -> Result<Tensor> {
    let pass = AxisPass { axis, n_in: n / 2 + 1, n_out: n, scale, conj_in, conj_out: false };
    if single(x) {
        c2r_typed::<f32>(x, pass)
    } else {
        c2r_typed::<f64>(x, pass)
    }
}

fn c2r_typed<T: Real>(x: &Tensor, pass: AxisPass) -> Result<Tensor> {
    let real = if T::SINGLE { DType::Float32 } else { DType::Float64 };
    let out = output(&with_len(x, pass.axis, pass.n_out), real)?;
    if out.numel() == 0 {
        return Ok(out);
    }
    let kernel = RealInverseKernel(T::plans().real_inverse(pass.n_out)?);
    if x.dtype().is_complex() {
        run_pass::<T, Complex<T>, Complex<T>, T, _>(x, &out, pass, &kernel)?;
    } else {
        run_pass::<T, T, Complex<T>, T, _>(x, &out, pass, &kernel)?;
    }
    Ok(out)
}

/// A real result in the dtype numpy gives for input `dtype`: float16 and bfloat16 inputs,
/// transformed in single precision, get their own dtype back.
fn real_result(result: Tensor, dtype: DType) -> Result<Tensor> {
    match dtype {
        DType::Float16 | DType::BFloat16 => crate::elementwise::cast_to(&result, dtype),
        _ => Ok(result),
    }
}

/// `result` with its error naming `op` when it does not yet: the kernels' allocation failures
/// (a plan, a work buffer, the result) do not know which function they run for.
fn named<R>(op: &str, result: Result<R>) -> Result<R> {
    result.map_err(|mut e| {
        if !e.message.starts_with(op) {
            e.message = format!("{op}(): {}", e.message);
        }
        e
    })
}

/// The number of points `n` (`None`: `default`, from the input's length `m`), checked.
fn points(op: &str, n: Option<i64>, default: i64, m: i64) -> Result<usize> {
    match n {
        Some(n) if n < 1 => bail!(ValueError, "{op}() argument 'n': the number of points must be at least 1, got {n}"),
        Some(n) => usize::try_from(n)
            .map_err(|_| ferrule_core::Error::overflow_error(format!("{op}() argument 'n': {n} is too large"))),
        None if default < 1 => bail!(
            ValueError,
            "{op}() argument 'x': the transformed axis has length {m}, which gives {default} output points; pass n"
        ),
        None => Ok(default as usize),
    }
}

/// The transformed axis of a 1-D transform, checked.
fn one_axis(op: &str, x: &Tensor, axis: i64) -> Result<usize> {
    crate::axes::normalize_axis(op, "axis", axis, x.ndim())
}

/// The 1-D discrete Fourier transform of `x` along `axis`: `X[k] = Σ_j x[j] exp(-2πi jk/n)`,
/// with `x` cut or zero-padded to `n` points (default: its length).
pub fn fft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    complex_1d("fft.fft", x, n, axis, norm, true)
}

/// The inverse of [`fft`]: `x[j] = (1/n) Σ_k X[k] exp(2πi jk/n)` under the default norm.
pub fn ifft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    complex_1d("fft.ifft", x, n, axis, norm, false)
}

fn complex_1d(op: &str, x: &Tensor, n: Option<i64>, axis: i64, norm: &str, forward: bool) -> Result<Tensor> {
    let norm = Norm::parse(op, norm)?;
    let axis = one_axis(op, x, axis)?;
    let m = x.shape()[axis];
    let n = points(op, n, m, m)?;
    let src = source(op, x, false)?;
    named(op, c2c(&src, axis, n, forward, norm.scale(n, forward)))
}

/// The transform of a real signal `x` along `axis`: the `n/2 + 1` non-negative-frequency terms
/// of [`fft`] (the others are their conjugates).
pub fn rfft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    let op = "fft.rfft";
    let norm = Norm::parse(op, norm)?;
    let axis = one_axis(op, x, axis)?;
    let m = x.shape()[axis];
    let n = points(op, n, m, m)?;
    let src = source(op, x, true)?;
    named(op, r2c(&src, axis, n, norm.scale(n, true), false))
}

/// The inverse of [`rfft`]: `n` real points (default `2 * (m - 1)`) from the `n/2 + 1`
/// non-negative-frequency terms of `x` (cut or zero-padded to that many).
pub fn irfft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    let op = "fft.irfft";
    let norm = Norm::parse(op, norm)?;
    let axis = one_axis(op, x, axis)?;
    let m = x.shape()[axis];
    let n = points(op, n, 2 * (m - 1), m)?;
    let src = source(op, x, false)?;
    named(op, c2r(&src, axis, n, norm.scale(n, false), false).and_then(|y| real_result(y, x.dtype())))
}

/// The transform of a Hermitian-symmetric signal given by its first half `x`: `n` real points
/// (default `2 * (m - 1)`), `hfft(x, n) == irfft(conj(x), n) * n` under the default norm.
pub fn hfft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    let op = "fft.hfft";
    let norm = Norm::parse(op, norm)?;
    let axis = one_axis(op, x, axis)?;
    let m = x.shape()[axis];
    let n = points(op, n, 2 * (m - 1), m)?;
    let src = source(op, x, false)?;
    named(op, c2r(&src, axis, n, norm.scale(n, true), true).and_then(|y| real_result(y, x.dtype())))
}

/// The inverse of [`hfft`]: `conj(rfft(x, n)) / n` under the default norm.
pub fn ihfft(x: &Tensor, n: Option<i64>, axis: i64, norm: &str) -> Result<Tensor> {
    let op = "fft.ihfft";
    let norm = Norm::parse(op, norm)?;
    let axis = one_axis(op, x, axis)?;
    let m = x.shape()[axis];
    let n = points(op, n, m, m)?;
    let src = source(op, x, true)?;
    named(op, r2c(&src, axis, n, norm.scale(n, false), true))
}

/// The axes and sizes of an n-D transform: `axes` (default: all) without repeats, and for each
/// the number of points from `s` (`-1` or absent: the input's length; for the last axis of an
/// inverse real transform with no `s`, `2 * (m - 1)`).
fn nd_plan(
    op: &str,
    x: &Tensor,
    s: Option<&[i64]>,
    axes: Option<&[i64]>,
    inverse_real: bool,
) -> Result<Vec<(usize, usize)>> {
    if s.is_some() && axes.is_none() {
        bail!(
            ValueError,
            "{op}() argument 's': pass axes too (the Array API standard requires the axes that the sizes in s belong to)"
        );
    }
    let axes = crate::axes::normalize_axes(op, "axes", axes, x.ndim())?;
    if let Some(s) = s {
        if s.len() != axes.len() {
            bail!(
                ValueError,
                "{op}() arguments 's' and 'axes': s has {} sizes but axes has {} axes",
                s.len(),
                axes.len()
            );
        }
    }
    let last = axes.len().checked_sub(1);
    axes.iter()
        .enumerate()
        .map(|(i, &axis)| {
            let m = x.shape()[axis];
            let n = match s.map(|s| s[i]) {
                Some(-1) => m,
                Some(n) if n < 1 => bail!(
                    ValueError,
                    "{op}() argument 's': the number of points must be at least 1 (or -1 for the input's length), got {n}"
                ),
                Some(n) => n,
                None if inverse_real && Some(i) == last => 2 * (m - 1),
                None => m,
            };
            if n < 1 {
                bail!(
                    ValueError,
                    "{op}() argument 'x': axis {axis} has length {m}, which gives {n} output points; pass s and axes"
                );
            }
            let n = usize::try_from(n)
                .map_err(|_| ferrule_core::Error::overflow_error(format!("{op}() argument 's': {n} is too large")))?;
            Ok((axis, n))
        })
        .collect()
}

/// The n-D transform [`fft`] over `axes` (default: all), each cut or zero-padded to the size in
/// `s` (which needs `axes`; `-1` keeps the input's length).
pub fn fftn(x: &Tensor, s: Option<&[i64]>, axes: Option<&[i64]>, norm: &str) -> Result<Tensor> {
    complex_nd("fft.fftn", x, s, axes, norm, true)
}

/// The n-D inverse transform [`ifft`] over `axes`, sizes as [`fftn`].
pub fn ifftn(x: &Tensor, s: Option<&[i64]>, axes: Option<&[i64]>, norm: &str) -> Result<Tensor> {
    complex_nd("fft.ifftn", x, s, axes, norm, false)
}

fn complex_nd(
    op: &str,
    x: &Tensor,
    s: Option<&[i64]>,
    axes: Option<&[i64]>,
    norm: &str,
    forward: bool,
) -> Result<Tensor> {
    let norm = Norm::parse(op, norm)?;
    let plan = nd_plan(op, x, s, axes, false)?;
    let mut y = source(op, x, false)?;
    if plan.is_empty() {
        // Nothing to transform (axes=() or a 0-d x): the input in the result dtype.
        let complex = if single(&y) { DType::Complex64 } else { DType::Complex128 };
        return named(op, crate::elementwise::cast_to(&y, complex));
    }
    for &(axis, n) in plan.iter().rev() {
        y = named(op, c2c(&y, axis, n, forward, norm.scale(n, forward)))?;
    }
    Ok(y)
}

fn no_axes(op: &str, x: &Tensor) -> ferrule_core::Error {
    ferrule_core::Error::value_error(format!(
        "{op}() argument 'axes': a real transform needs at least one axis (x has shape {})",
        format_shape(x.shape())
    ))
}

/// The n-D transform of a real `x`: [`rfft`] over the last of `axes`, then [`fft`] over the
/// others; sizes as [`fftn`] (the last one counts real input points).
pub fn rfftn(x: &Tensor, s: Option<&[i64]>, axes: Option<&[i64]>, norm: &str) -> Result<Tensor> {
    let op = "fft.rfftn";
    let norm = Norm::parse(op, norm)?;
    let plan = nd_plan(op, x, s, axes, false)?;
    let Some((&(last, n_last), rest)) = plan.split_last() else {
        return Err(no_axes(op, x));
    };
    let src = source(op, x, true)?;
    let mut y = named(op, r2c(&src, last, n_last, norm.scale(n_last, true), false))?;
    for &(axis, n) in rest.iter().rev() {
        y = named(op, c2c(&y, axis, n, true, norm.scale(n, true)))?;
    }
    Ok(y)
}

/// The inverse of [`rfftn`]: [`ifft`] over all but the last of `axes`, then [`irfft`] over the
/// last, whose size (in `s`, default `2 * (m - 1)`) is the number of real output points.
pub fn irfftn(x: &Tensor, s: Option<&[i64]>, axes: Option<&[i64]>, norm: &str) -> Result<Tensor> {
    let op = "fft.irfftn";
    let norm = Norm::parse(op, norm)?;
    let plan = nd_plan(op, x, s, axes, true)?;
    let Some((&(last, n_last), rest)) = plan.split_last() else {
        return Err(no_axes(op, x));
    };
    let mut y = source(op, x, false)?;
    for &(axis, n) in rest {
        y = named(op, c2c(&y, axis, n, false, norm.scale(n, false)))?;
    }
    // As numpy: a half-precision x keeps its dtype only when the real transform reads it
    // directly (one axis); after complex passes it is complex64 and the result float32.
    let dtype = if rest.is_empty() { x.dtype() } else { y.dtype() };
    named(op, c2r(&y, last, n_last, norm.scale(n_last, false), false).and_then(|y| real_result(y, dtype)))
}
