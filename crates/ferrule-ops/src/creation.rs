//! Creation functions: arange, empty, eye, full, linspace, meshgrid, ones, zeros, tril, triu and the `_like` forms.

use ferrule_core::tensor::format_shape;
use ferrule_core::{bail, DType, Device, Error, Result, Tensor};

use crate::dispatch::{Elem, FloatElem};
use crate::operand::{int_fits, Scalar};
use crate::pool::{chunked, POLL_ITEMS};

/// Elements above which fills run on the thread pool.
const PARALLEL_FILL: usize = 1 << 20;

/// Checks a requested shape for `op`: a negative dim is a `ValueError`, an element count or
/// byte size that does not fit is an `OverflowError`, both naming `op` and `shape`.
pub(crate) fn check_shape(op: &str, shape: &[i64], dtype: DType) -> Result<()> {
    if shape.iter().any(|&dim| dim < 0) {
        bail!(ValueError, "{op}() argument 'shape': negative dimensions are not allowed, got {}", format_shape(shape));
    }
    if !fits(shape, dtype) {
        bail!(
            OverflowError,
            "{op}() argument 'shape': a tensor of shape {} and dtype {dtype} is too large",
            format_shape(shape)
        );
    }
    Ok(())
}

/// Checks the shape of a result `op` computed from its arguments (not one the caller gave):
/// an `OverflowError` naming `op` when its byte size does not fit.
pub(crate) fn check_result_shape(op: &str, shape: &[i64], dtype: DType) -> Result<()> {
    if shape.iter().any(|&dim| dim < 0) {
        bail!(ValueError, "{op}: the result would have the negative dimensions of {}", format_shape(shape));
    }
    if !fits(shape, dtype) {
        bail!(OverflowError, "{op}: the result, of shape {} and dtype {dtype}, is too large", format_shape(shape));
    }
    Ok(())
}

/// True when a tensor of `shape` (no negative dim) and `dtype` has a byte size that fits.
fn fits(shape: &[i64], dtype: DType) -> bool {
    shape.contains(&0)
        || shape
            .iter()
            .try_fold(dtype.itemsize() as i64, |acc, &dim| acc.checked_mul(dim))
            .is_some_and(|n| n <= isize::MAX as i64)
}

/// A fresh zero-filled C-contiguous tensor for `op`, with `op`-named shape errors.
pub(crate) fn alloc(op: &str, shape: &[i64], dtype: DType) -> Result<Tensor> {
    check_shape(op, shape, dtype)?;
    Tensor::zeros(shape, dtype).map_err(|e| Error::new(e.kind, format!("{op}: {}", e.message)))
}

/// [`alloc`] for a result whose shape `op` computed (errors as [`check_result_shape`]).
pub(crate) fn alloc_result(op: &str, shape: &[i64], dtype: DType) -> Result<Tensor> {
    check_result_shape(op, shape, dtype)?;
    Tensor::zeros(shape, dtype).map_err(|e| Error::new(e.kind, format!("{op}: {}", e.message)))
}

/// Only the CPU holds ferrule's own allocations: another device is a `ValueError`.
pub(crate) fn check_device(op: &str, device: Option<Device>) -> Result<()> {
    match device {
        Some(d) if !d.is_cpu() => {
            bail!(ValueError, "{op}() argument 'device': only the cpu device is supported, got {d}")
        }
        _ => Ok(()),
    }
}

/// Writes `value` into every element of the fresh contiguous tensor `out`.
fn fill_with<T: Elem>(out: &Tensor, value: T) -> Result<()> {
    // SAFETY: `out` is a fresh tensor this module just allocated; nothing else sees it yet.
    let data = unsafe { out.as_mut_slice::<T>()? };
    let base = crate::iter::SendPtr(data.as_mut_ptr().cast());
    crate::pool::parallel_for(data.len(), PARALLEL_FILL / 2, |range| {
        // SAFETY: each task fills its own range of the fresh tensor.
        let part = unsafe { std::slice::from_raw_parts_mut(base.get().cast::<T>().add(range.start), range.len()) };
        part.fill(value);
    });
    Ok(())
}

/// Converts a fill value for `dtype`, numpy-style: an int that does not fit an integer dtype
/// is an `OverflowError`; floats truncate into ints; a complex value fills only complex (and
/// bool) dtypes, else a `TypeError` (it would lose its imaginary part).
fn fill_value_check(op: &str, value: Scalar, dtype: DType) -> Result<()> {
    match value {
        Scalar::Int(v) if dtype.is_integer() && !int_fits(v, dtype) => {
            bail!(OverflowError, "{op}() argument 'fill_value': Python integer {v} out of bounds for {dtype}")
        }
        Scalar::Complex(_) => value
            .check_fits(op, dtype)
            .map_err(|e| Error::type_error(e.message.replacen(op, &format!("{op}() argument 'fill_value'"), 1))),
        _ => Ok(()),
    }
}

/// A tensor of `shape` and `dtype` filled with `value` (no checks beyond the shape's).
fn filled(op: &str, shape: &[i64], dtype: DType, value: Scalar) -> Result<Tensor> {
    let is_zero = match value {
        Scalar::Bool(v) => !v,
        Scalar::Int(v) => v == 0,
        // Only +0.0: -0.0 has a sign bit to store.
        Scalar::Float(v) => v.to_bits() == 0,
        Scalar::Complex(v) => v.re.to_bits() == 0 && v.im.to_bits() == 0,
    };
    if is_zero {
        return alloc(op, shape, dtype);
    }
    check_shape(op, shape, dtype)?;
    // SAFETY: `fill_with` writes every element before the tensor is returned (a fresh large
    // block is then touched first by the fill's own threads, or comes from the cache).
    let out =
        unsafe { Tensor::uninit(shape, dtype) }.map_err(|e| Error::new(e.kind, format!("{op}: {}", e.message)))?;
    if out.numel() > 0 {
        crate::dispatch_all!(dtype, T => { fill_with::<T>(&out, value.to_elem::<T>())? });
    }
    Ok(out)
}

/// A tensor of `shape` and `dtype` with unspecified contents ([`Tensor::recycled`]).
fn recycled(op: &str, shape: &[i64], dtype: DType) -> Result<Tensor> {
    check_shape(op, shape, dtype)?;
    Tensor::recycled(shape, dtype).map_err(|e| Error::new(e.kind, format!("{op}: {}", e.message)))
}

/// A new tensor of `shape` (default dtype float64) whose contents are unspecified, as numpy's:
/// a large one may reuse a freed block as it is; small ones and bool are zeroed.
pub fn empty(shape: &[i64], dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("empty", device)?;
    recycled("empty", shape, dtype.unwrap_or(DType::Float64))
}

/// A new tensor with the shape of `x` and its dtype unless `dtype` is given; contents as
/// [`empty`]'s.
pub fn empty_like(x: &Tensor, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("empty_like", device)?;
    recycled("empty_like", x.shape(), dtype.unwrap_or(x.dtype()))
}

/// A tensor of `shape` filled with zeros (default dtype float64).
pub fn zeros(shape: &[i64], dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("zeros", device)?;
    alloc("zeros", shape, dtype.unwrap_or(DType::Float64))
}

/// Zeros with the shape of `x` and its dtype unless `dtype` is given.
pub fn zeros_like(x: &Tensor, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("zeros_like", device)?;
    alloc("zeros_like", x.shape(), dtype.unwrap_or(x.dtype()))
}

/// A tensor of `shape` filled with ones (default dtype float64).
pub fn ones(shape: &[i64], dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("ones", device)?;
    filled("ones", shape, dtype.unwrap_or(DType::Float64), Scalar::Int(1))
}

/// Ones with the shape of `x` and its dtype unless `dtype` is given.
pub fn ones_like(x: &Tensor, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("ones_like", device)?;
    filled("ones_like", x.shape(), dtype.unwrap_or(x.dtype()), Scalar::Int(1))
}

/// A tensor of `shape` filled with `fill_value`; the dtype defaults to the value's own
/// (bool, int64, float64 or complex128). An int out of range of an integer `dtype` is an
/// `OverflowError`; a complex value and a dtype that is not complex (nor bool) a `TypeError`.
pub fn full(shape: &[i64], fill_value: Scalar, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("full", device)?;
    let dtype = dtype.unwrap_or(fill_value.default_dtype());
    fill_value_check("full", fill_value, dtype)?;
    filled("full", shape, dtype, fill_value)
}

/// `full` with the shape of `x` and its dtype unless `dtype` is given.
pub fn full_like(x: &Tensor, fill_value: Scalar, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("full_like", device)?;
    let dtype = dtype.unwrap_or(x.dtype());
    fill_value_check("full_like", fill_value, dtype)?;
    filled("full_like", x.shape(), dtype, fill_value)
}

/// A 2-D tensor with ones on the `k`-th diagonal and zeros elsewhere (`n_cols` defaults to
/// `n_rows`; `k > 0` is above the main diagonal).
pub fn eye(n_rows: i64, n_cols: Option<i64>, k: i64, dtype: Option<DType>, device: Option<Device>) -> Result<Tensor> {
    check_device("eye", device)?;
    let n_cols = n_cols.unwrap_or(n_rows);
    for (name, n) in [("n_rows", n_rows), ("n_cols", n_cols)] {
        if n < 0 {
            bail!(ValueError, "eye() argument '{name}': expected a non-negative size, got {n}");
        }
    }
    let out = alloc_result("eye", &[n_rows, n_cols], dtype.unwrap_or(DType::Float64))?;
    // Row i holds its one at column i + k, when that column exists.
    let first_row = k.saturating_neg().clamp(0, n_rows);
    let last_row = n_cols.saturating_sub(k).clamp(0, n_rows);
    crate::dispatch_all!(out.dtype(), T => {
        // SAFETY: fresh tensor, not shared.
        let data = unsafe { out.as_mut_slice::<T>()? };
        chunked((last_row - first_row) as usize, POLL_ITEMS, |rows| {
            for row in first_row + rows.start as i64..first_row + rows.end as i64 {
                data[(row * n_cols + row + k) as usize] = T::from_bool(true);
            }
        });
    });
    Ok(out)
}

/// The number of elements of `arange`, numpy's `ceil((stop - start) / step)` (at least 0).
fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<i64> {
    let all_int = [start, stop, step].iter().all(|s| matches!(s, Scalar::Bool(_) | Scalar::Int(_)));
    if all_int {
        let as_int = |s: Scalar| match s {
            Scalar::Bool(b) => i128::from(b),
            Scalar::Int(v) => i128::from(v),
            Scalar::Float(_) | Scalar::Complex(_) => 0,
        };
        let (a, b, s) = (as_int(start), as_int(stop), as_int(step));
        if s == 0 {
            bail!(ZeroDivisionError, "arange() argument 'step': step must not be zero");
        }
        let span = b - a;
        // Ceiling of the exact quotient: truncating division, plus one when the remainder
        // has the quotient's sign.
        let (q, r) = (span / s, span % s);
        let len = q + i128::from(r != 0 && (r > 0) == (s > 0));
        return i64::try_from(len.max(0)).map_err(|_| Error::value_error("arange: maximum allowed size exceeded"));
    }
    let step_f = step.as_f64();
    if step_f == 0.0 {
        bail!(ZeroDivisionError, "arange() argument 'step': step must not be zero");
    }
    let len = ((stop.as_f64() - start.as_f64()) / step_f).ceil();
    if len.is_nan() {
        bail!(ValueError, "arange: cannot compute length from start, stop and step");
    }
    if len >= i64::MAX as f64 {
        bail!(ValueError, "arange: maximum allowed size exceeded");
    }
    Ok((len as i64).max(0))
}

/// Fills `data` with numpy's arange rule: the first two values are `first` and `second`
/// converted to `T`; element `i` is `first + i * (second - first)` computed in `T`'s
/// arithmetic (f32 for the half types).
fn arange_fill_float<T: FloatElem>(data: &mut [T], first: f64, second: f64) {
    let (r0, r1) = (T::from_f64(first), T::from_f64(second));
    if T::DTYPE == DType::Float64 {
        let (a, d) = (r0.to_f64(), r1.to_f64() - r0.to_f64());
        fill_indexed(data, |i| T::from_f64(a + i as f64 * d));
    } else {
        // f32 arithmetic, as numpy's FLOAT_fill and HALF_fill do.
        let (a, d) = (r0.to_f64() as f32, r1.to_f64() as f32 - r0.to_f64() as f32);
        fill_indexed(data, |i| T::from_f64(f64::from(a + i as f32 * d)));
    }
    if data.len() > 1 {
        data[1] = r1;
    }
}

/// `data[i] = value(i)` for every `i`, polling for interrupts between chunks.
pub(crate) fn fill_indexed<T>(data: &mut [T], value: impl Fn(usize) -> T) {
    chunked(data.len(), POLL_ITEMS, |range| {
        for i in range {
            data[i] = value(i);
        }
    });
}

/// Integer arange: `first + i * (second - first)` with wrapping, like numpy's integer fill.
fn arange_fill_int<T: Elem>(data: &mut [T], first: Scalar, second: Scalar) {
    let to_i64 = |s: Scalar| match s {
        Scalar::Float(f) => T::from_f64(f).to_i64(),
        other => other.to_elem::<T>().to_i64(),
    };
    let (a, b) = (to_i64(first), to_i64(second));
    let d = b.wrapping_sub(a);
    fill_indexed(data, |i| T::from_i64(a.wrapping_add(d.wrapping_mul(i as i64))));
}

/// Evenly spaced values in `[start, stop)` with spacing `step`; `arange(n)` is `0..n`.
///
/// The length is `ceil((stop - start) / step)`. The dtype defaults to int64 when all
/// arguments are ints and float64 otherwise; a zero step is a `ZeroDivisionError` (as in
/// numpy); bool and complex dtypes, and complex arguments, are a `TypeError` (the standard's
/// arange takes real numbers).
pub fn arange(
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
    dtype: Option<DType>,
    device: Option<Device>,
) -> Result<Tensor> {
    check_device("arange", device)?;
    for (name, value) in [("start", Some(start)), ("stop", stop), ("step", Some(step))] {
        if value.is_some_and(Scalar::is_complex) {
            bail!(TypeError, "arange() argument '{name}': expected a real number (int or float), got complex");
        }
    }
    let (start, stop) = match stop {
        Some(stop) => (start, stop),
        None => (Scalar::Int(0), start),
    };
    let any_float = [start, stop, step].iter().any(|s| matches!(s, Scalar::Float(_)));
    let dtype = dtype.unwrap_or(if any_float { DType::Float64 } else { DType::Int64 });
    if dtype.is_bool() || dtype.is_complex() {
        bail!(TypeError, "arange() argument 'dtype': dtype {dtype} is not accepted (expected a real numeric dtype)");
    }
    let len = arange_len(start, stop, step)?;
    let out = alloc_result("arange", &[len], dtype)?;
    // The second value, `start + step`, computed exactly for ints and in f64 otherwise.
    let as_int = |s: Scalar| match s {
        Scalar::Bool(b) => Some(i64::from(b)),
        Scalar::Int(v) => Some(v),
        Scalar::Float(_) | Scalar::Complex(_) => None,
    };
    let second = match (as_int(start), as_int(step)) {
        (Some(a), Some(s)) => a.checked_add(s).map_or(Scalar::Float(a as f64 + s as f64), Scalar::Int),
        _ => Scalar::Float(start.as_f64() + step.as_f64()),
    };
    let start = as_int(start).map_or(start, Scalar::Int);
    crate::dispatch_float!(dtype, T => {
        // SAFETY: fresh tensor, not shared.
        let data = unsafe { out.as_mut_slice::<T>()? };
        arange_fill_float::<T>(data, start.as_f64(), second.as_f64());
    }, _ => crate::dispatch_int!(dtype, T => {
        // SAFETY: fresh tensor, not shared.
        let data = unsafe { out.as_mut_slice::<T>()? };
        arange_fill_int::<T>(data, start, second);
    }, _ => unreachable!("bool and complex were rejected above")));
    Ok(out)
}

/// `num` evenly spaced values from `start` to `stop` (included unless `endpoint` is false).
///
/// Computed in float64 with numpy's formula (`start + i * step`, the last value set to `stop`
/// exactly), then converted to `dtype` (default float64, complex128 when `start` or `stop` is
/// complex; integer dtypes take the floor). Complex endpoints space the real and imaginary parts
/// alike (the standard's complex linspace); they need a complex `dtype` (else a `TypeError`). A
/// negative `num` is a `ValueError`.
pub fn linspace(
    start: Scalar,
    stop: Scalar,
    num: i64,
    dtype: Option<DType>,
    device: Option<Device>,
    endpoint: bool,
) -> Result<Tensor> {
    check_device("linspace", device)?;
    if num < 0 {
        bail!(ValueError, "linspace() argument 'num': number of samples, {num}, must be non-negative");
    }
    let complex = start.is_complex() || stop.is_complex();
    let dtype = dtype.unwrap_or(if complex { DType::Complex128 } else { DType::Float64 });
    for (name, value) in [("start", start), ("stop", stop)] {
        if value.is_complex() && !dtype.is_complex() {
            bail!(TypeError, "linspace() argument '{name}': a complex endpoint needs a complex dtype, got {dtype}");
        }
    }
    let out = alloc_result("linspace", &[num], dtype)?;
    let (a, b) = (start.as_c64(), stop.as_c64());
    let div = if endpoint { num - 1 } else { num };
    let delta = b - a;
    let step = delta / div as f64;
    // numpy's test is on the whole (complex) step
    let step_zero = step.re == 0.0 && step.im == 0.0;
    // One part (real or imaginary) of element i, numpy's formula.
    let part = |i: i64, a: f64, b: f64, delta: f64, step: f64| -> f64 {
        let y = i as f64;
        let y = if div > 0 {
            if step_zero {
                y / div as f64 * delta
            } else {
                y * step
            }
        } else {
            y * delta
        };
        let y = y + a;
        if endpoint && num > 1 && i == num - 1 {
            b
        } else {
            y
        }
    };
    let integer = dtype.is_integer();
    crate::dispatch_all!(dtype, T => {
        // SAFETY: fresh tensor, not shared.
        let data = unsafe { out.as_mut_slice::<T>()? };
        if complex || dtype.is_complex() {
            fill_indexed(data, |i| {
                let i = i as i64;
                T::from_c64(num_complex::Complex::new(
                    part(i, a.re, b.re, delta.re, step.re),
                    part(i, a.im, b.im, delta.im, step.im),
                ))
            });
        } else {
            fill_indexed(data, |i| {
                let v = part(i as i64, a.re, b.re, delta.re, step.re);
                T::from_f64(if integer { v.floor() } else { v })
            });
        }
    });
    Ok(out)
}

/// Coordinate grids from 1-D coordinate vectors (inputs of other ranks are flattened).
///
/// With `indexing='xy'` (Cartesian) the first two output dims are swapped relative to
/// `'ij'` (matrix indexing). Each output is a fresh copy with its input's dtype, so writing to
/// one never changes another.
pub fn meshgrid(arrays: &[Tensor], indexing: &str) -> Result<Vec<Tensor>> {
    if indexing != "xy" && indexing != "ij" {
        bail!(ValueError, "meshgrid() argument 'indexing': expected 'xy' or 'ij', got '{indexing}'");
    }
    let flat: Vec<Tensor> = arrays.iter().map(|a| a.reshape(&[-1])).collect::<Result<_>>()?;
    let mut shape: Vec<i64> = flat.iter().map(|a| a.shape()[0]).collect();
    let swap = indexing == "xy" && flat.len() >= 2;
    if swap {
        shape.swap(0, 1);
    }
    for a in &flat {
        check_result_shape("meshgrid", &shape, a.dtype())?;
    }
    flat.iter()
        .enumerate()
        .map(|(i, a)| {
            let axis = match i {
                0 | 1 if swap => 1 - i,
                _ => i,
            };
            let mut dims = vec![1i64; shape.len()];
            dims[axis] = shape[axis];
            // the copy on the pool (a broadcast row or column per output)
            crate::elementwise::cast_to(&a.reshape(&dims)?.broadcast_to(&shape)?, a.dtype())
        })
        .collect()
}

/// A contiguous copy of the stack of matrices `x` with the elements outside the lower
/// (`j - i <= k`) or upper (`j - i >= k`) triangle set to zero.
fn mask_triangle(op: &str, x: &Tensor, k: i64, lower: bool) -> Result<Tensor> {
    if x.ndim() < 2 {
        bail!(ValueError, "{op}: x must have at least 2 dimensions, got a tensor of shape {}", format_shape(x.shape()));
    }
    let out = x.copy()?;
    let n = out.ndim();
    let (rows, cols) = (out.shape()[n - 2], out.shape()[n - 1]);
    if out.numel() == 0 {
        return Ok(out);
    }
    let item = out.itemsize();
    let matrices = out.numel() / (rows * cols);
    // SAFETY: fresh tensor, not shared; every dtype's zero is the all-zero bytes.
    let bytes = unsafe { std::slice::from_raw_parts_mut(out.data_ptr(), out.nbytes()) };
    let per_chunk = (POLL_ITEMS / cols.max(1) as usize).max(1);
    chunked((matrices * rows) as usize, per_chunk, |all_rows| {
        for at in all_rows {
            // Row i keeps columns j <= i + k (lower) or j >= i + k (upper).
            let i = at as i64 % rows;
            let edge = i.saturating_add(k);
            let (start, end) =
                if lower { (edge.saturating_add(1).clamp(0, cols), cols) } else { (0, edge.clamp(0, cols)) };
            let row = at * cols as usize * item;
            bytes[row + start as usize * item..row + end as usize * item].fill(0);
        }
    });
    Ok(out)
}

/// The lower triangle of the last two dims of `x` (elements with `j - i <= k`), the rest
/// zero; `ValueError` for fewer than 2 dims.
pub fn tril(x: &Tensor, k: i64) -> Result<Tensor> {
    mask_triangle("tril", x, k, true)
}

/// The upper triangle of the last two dims of `x` (elements with `j - i >= k`), the rest
/// zero; `ValueError` for fewer than 2 dims.
pub fn triu(x: &Tensor, k: i64) -> Result<Tensor> {
    mask_triangle("triu", x, k, false)
}
