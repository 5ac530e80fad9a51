//! The helpers of the fft extension: the sample frequencies (`fftfreq`, `rfftfreq`) and the
//! shifts that put the zero frequency in the middle (`fftshift`, `ifftshift`).

use ferrule_core::{bail, DType, Device, Result, Tensor};

use crate::copy::copy_into;

/// The dtype of a frequency table: `dtype` (a real floating-point dtype) or float64.
fn freq_dtype(op: &str, dtype: Option<DType>) -> Result<DType> {
    match dtype {
        None => Ok(DType::Float64),
        Some(d) if d.is_floating() => Ok(d),
        Some(d) => bail!(TypeError, "{op}() argument 'dtype': expected a real floating-point dtype, got {d}"),
    }
}

/// Checks `n` and `d` and returns the spacing `1 / (n * d)` of the frequencies.
fn spacing(op: &str, n: i64, d: f64) -> Result<f64> {
    if n < 1 {
        bail!(ValueError, "{op}() argument 'n': the window length must be at least 1, got {n}");
    }
    if d == 0.0 {
        bail!(ZeroDivisionError, "{op}() argument 'd': the sample spacing must not be zero");
    }
    // As numpy: the integer k times 1/(n*d), so the values match it bit for bit.
    Ok(1.0 / (n as f64 * d))
}

/// A 1-D float64 tensor of `len` elements, element `i` being `value(i)` (computed in double
/// precision), cast to `dtype`. The tensor is allocated first (fallibly), so a huge `n` is a
/// `MemoryError`, not an abort.
fn table(op: &str, len: i64, value: impl Fn(i64) -> f64, dtype: DType) -> Result<Tensor> {
    // SAFETY: `fill_indexed` writes every element (an interrupt drops the tensor unseen).
    let t = super::named(op, unsafe { Tensor::uninit(&[len], DType::Float64) })?;
    // SAFETY: `t` is fresh, contiguous and float64, and no one else holds it.
    let out = unsafe { t.as_mut_slice::<f64>()? };
    // (interruptible: a table of 2**31 entries takes seconds)
    crate::creation::fill_indexed(out, |i| value(i as i64));
    if dtype == DType::Float64 {
        Ok(t)
    } else {
        super::named(op, crate::elementwise::cast_to(&t, dtype))
    }
}

/// The sample frequencies of an `n`-point [`fft`](super::fft) with sample spacing `d`:
/// `[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (n * d)`.
pub fn fftfreq(n: i64, d: f64, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    let op = "fft.fftfreq";
    crate::creation::check_device(op, device)?;
    let dtype = freq_dtype(op, dtype)?;
    let step = spacing(op, n, d)?;
    let positive = (n - 1) / 2 + 1;
    table(op, n, |i| (if i < positive { i } else { i - n }) as f64 * step, dtype)
}

/// The sample frequencies of an `n`-point [`rfft`](super::rfft) with sample spacing `d`:
/// `[0, 1, ..., floor(n/2)] / (n * d)`.
pub fn rfftfreq(n: i64, d: f64, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    let op = "fft.rfftfreq";
    crate::creation::check_device(op, device)?;
    let dtype = freq_dtype(op, dtype)?;
    let step = spacing(op, n, d)?;
    table(op, n / 2 + 1, |i| i as f64 * step, dtype)
}

/// `x` with the zero-frequency term moved to the middle of each of `axes` (default: all):
/// rolled by `floor(m/2)` along an axis of length `m`.
pub fn fftshift(x: &Tensor, axes: Option<&[i64]>) -> Result<Tensor> {
    shift("fft.fftshift", x, axes, true)
}

/// The inverse of [`fftshift`]: rolled by `-floor(m/2)` (they differ for odd lengths).
pub fn ifftshift(x: &Tensor, axes: Option<&[i64]>) -> Result<Tensor> {
    shift("fft.ifftshift", x, axes, false)
}

fn shift(op: &str, x: &Tensor, axes: Option<&[i64]>, forward: bool) -> Result<Tensor> {
    let axes = crate::axes::normalize_axes(op, "axes", axes, x.ndim())?;
    let mut out: Option<Tensor> = None;
    for axis in axes {
        let m = x.shape()[axis];
        // Element i moves to (i + by) mod m.
        let by = if forward { m / 2 } else { m - m / 2 };
        if m == 0 || by % m == 0 {
            continue;
        }
        let src = out.take().unwrap_or_else(|| x.clone());
        // SAFETY: the two copies below cover every element (the two slices along `axis`
        // partition it); an error or an interrupt drops the tensor unseen.
        let dst = super::named(op, unsafe { Tensor::uninit(x.shape(), x.dtype()) })?;
        copy_into(&src.slice(axis, Some(0), Some(m - by), 1)?, &dst.slice(axis, Some(by), None, 1)?)?;
        copy_into(&src.slice(axis, Some(m - by), None, 1)?, &dst.slice(axis, Some(0), Some(by), 1)?)?;
        out = Some(dst);
    }
    match out {
        Some(t) => Ok(t),
        None => super::named(op, x.copy()),
    }
}
