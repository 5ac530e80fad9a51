//! Statistical and utility reductions: sum, prod, mean, var, std, max, min, all, any, count_nonzero, argmax/argmin, cumulative ops, diff.

mod arg;
mod cumulative;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod engine;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod kernels;

use ferrule_core::{bail, DType, Result, Tensor};

pub use arg::{argmax, argmin};
pub use cumulative::{cumulative_prod, cumulative_sum, diff};

use crate::axes::normalize_axes;
use engine::reduce;
use ferrule_core::Complex64;
pub(crate) use kernels::cast_tensor;
use kernels::{dispatch_with_acc, All, Any, CompensatedSum, CountNonzero, Max, Min, Prod, Sum};

/// The result dtype of `sum`/`prod`/`cumulative_*` without `dtype=`: int64 for bool and
/// signed ints, uint64 for unsigned ints, the input dtype for floats and complex.
pub fn default_sum_dtype(dtype: DType) -> DType {
    if dtype.is_bool() || dtype.is_signed_integer() {
        DType::Int64
    } else if dtype.is_unsigned_integer() {
        DType::UInt64
    } else {
        dtype
    }
}

/// Restores the reduced dims as size 1 when `keepdims` is set.
fn keep_dims(out: Tensor, shape: &[i64], axes: &[usize], keepdims: bool) -> Result<Tensor> {
    if !keepdims {
        return Ok(out);
    }
    let kept: Vec<i64> = (0..shape.len()).map(|d| if axes.contains(&d) { 1 } else { shape[d] }).collect();
    out.reshape(&kept)
}

/// The number of elements each output of a reduction over `axes` folds.
fn reduced_count(x: &Tensor, axes: &[usize]) -> i64 {
    axes.iter().map(|&a| x.shape()[a]).product()
}

/// `sum` and `prod`: `dtype` casts the input first (numpy's `dtype=` semantics).
fn sum_or_prod(
    op: &str,
    x: &Tensor,
    axis: Option<&[i64]>,
    dtype: Option<DType>,
    keepdims: bool,
    product: bool,
) -> Result<Tensor> {
    let axes = normalize_axes(op, "axis", axis, x.ndim())?;
    let natural = default_sum_dtype(x.dtype());
    let result = dtype.unwrap_or(natural);
    let input = if result == natural { x.clone() } else { cast_tensor(x, result)? };
    let acc = dispatch_with_acc!(input.dtype(), T, A => {
        if product {
            reduce::<Prod<T, A>>(&input, &axes)?
        } else {
            reduce::<Sum<T, A>>(&input, &axes)?
        }
    });
    keep_dims(cast_tensor(&acc, result)?, x.shape(), &axes, keepdims)
}

/// The sum of the elements over `axis` (all axes for `None`; an int or a tuple).
///
/// Result dtype: `dtype` when given (the input is cast to it first), otherwise int64 for bool
/// and signed ints, uint64 for unsigned ints, and the input dtype for floats and complex.
/// Float sums are pairwise (numpy's accuracy); an empty sum is 0.
pub fn sum(x: &Tensor, axis: Option<&[i64]>, dtype: Option<DType>, keepdims: bool) -> Result<Tensor> {
    sum_or_prod("sum", x, axis, dtype, keepdims, false)
}

/// The product of the elements over `axis`, with `sum`'s dtype rules; an empty product is 1.
pub fn prod(x: &Tensor, axis: Option<&[i64]>, dtype: Option<DType>, keepdims: bool) -> Result<Tensor> {
    sum_or_prod("prod", x, axis, dtype, keepdims, true)
}

/// The float dtype `mean`/`var` compute in and return: float64 for bool and ints, the input
/// dtype for floats and complex.
fn mean_dtype(dtype: DType) -> DType {
    if dtype.is_bool() || dtype.is_integer() {
        DType::Float64
    } else {
        dtype
    }
}

/// Sums `x` over `axes` in the float accumulator of `mean_dtype` (float32 for the halves),
/// divided by the count: the mean, before its final rounding.
fn mean_in_accumulator(x: &Tensor, axes: &[usize]) -> Result<Tensor> {
    use ferrule_core::{Complex32 as C32, Complex64 as C64, BF16, F16};
    macro_rules! run {
        ($t:ty, $a:ty) => {
            reduce::<Sum<$t, $a>>(x, axes)?
        };
    }
    let sums = match x.dtype() {
        DType::Bool => run!(bool, f64),
        DType::Int8 => run!(i8, f64),
        DType::Int16 => run!(i16, f64),
        DType::Int32 => run!(i32, f64),
        DType::Int64 => run!(i64, f64),
        DType::UInt8 => run!(u8, f64),
        DType::UInt16 => run!(u16, f64),
        DType::UInt32 => run!(u32, f64),
        DType::UInt64 => run!(u64, f64),
        DType::Float16 => run!(F16, f32),
        DType::BFloat16 => run!(BF16, f32),
        DType::Float32 => run!(f32, f32),
        DType::Float64 => run!(f64, f64),
        DType::Complex64 => run!(C32, C32),
        DType::Complex128 => run!(C64, C64),
    };
    let count = reduced_count(x, axes) as f64;
    crate::dispatch_all!(sums.dtype(), T => {
        // SAFETY: `sums` is a fresh tensor the engine just returned.
        let data = unsafe { sums.as_mut_slice::<T>()? };
        for v in data.iter_mut() {
            *v = scale::<T>(*v, count);
        }
    });
    Ok(sums)
}

/// `v / count` for the float accumulators (and complex ones, part by part).
#[inline]
fn scale<T: crate::dispatch::Elem>(v: T, count: f64) -> T {
    if T::DTYPE.is_complex() {
        let c = v.to_c64();
        if T::DTYPE == DType::Complex64 {
            // Divide in single precision, as numpy does for complex64.
            let (re, im) = (c.re as f32 / count as f32, c.im as f32 / count as f32);
            return T::from_c64(num_complex::Complex::new(f64::from(re), f64::from(im)));
        }
        return T::from_c64(c / count);
    }
    if T::DTYPE == DType::Float32 {
        return T::from_f64(f64::from(v.to_f64() as f32 / count as f32));
    }
    T::from_f64(v.to_f64() / count)
}

/// The arithmetic mean over `axis`: float64 for bool and int inputs, the input dtype for
/// floats and complex (float16 accumulates in float32). The mean of nothing is NaN.
pub fn mean(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    let axes = normalize_axes("mean", "axis", axis, x.ndim())?;
    let means = mean_in_accumulator(x, &axes)?;
    keep_dims(cast_tensor(&means, mean_dtype(x.dtype()))?, x.shape(), &axes, keepdims)
}

/// `x` as real numbers the variance is computed on: itself for float32/float64, a float64
/// copy of bool and integer tensors, a float32 copy of the half types, and for complex tensors
/// a view of their (re, im) pairs as one more trailing dim of 2 (`|z - m|^2` is the sum of
/// the parts' squares). Also the axes to sum the squares over.
fn variance_input(x: &Tensor, axes: &[usize]) -> Result<(Tensor, Vec<usize>)> {
    match x.dtype() {
        DType::Float32 | DType::Float64 => Ok((x.clone(), axes.to_vec())),
        DType::Float16 | DType::BFloat16 => Ok((cast_tensor(x, DType::Float32)?, axes.to_vec())),
        DType::Complex64 | DType::Complex128 => {
            let real = crate::promote::real_dtype(x.dtype());
            let mut shape = x.shape().to_vec();
            shape.push(2);
            let mut strides: Vec<i64> = x.strides().iter().map(|s| s * 2).collect();
            strides.push(1);
            // SAFETY: a complex element is its real and imaginary parts, two `real` values in a
            // row; the view reaches exactly the bytes of `x`'s elements, and is only read.
            let pairs = unsafe { Tensor::from_storage(x.storage().clone(), shape, strides, x.offset() * 2, real)? };
            Ok((pairs, axes.iter().copied().chain([x.ndim()]).collect()))
        }
        _ => Ok((cast_tensor(x, DType::Float64)?, axes.to_vec())),
    }
}

/// The mean of the float32 or float64 `x` over `axes`, exactly the common value when all the
/// values of a group are equal (up to 2^29 of them for float32, 2^26 for float64): float32
/// sums in float64, float64 in a compensated (double-double) sum whose quotient is rounded
/// once, so `x - mean` is 0 for constant input and the variance exactly 0.
fn exact_mean(x: &Tensor, axes: &[usize]) -> Result<Tensor> {
    let count = reduced_count(x, axes) as f64;
    if x.dtype() == DType::Float32 {
        let sums = reduce::<Sum<f32, f64>>(x, axes)?;
        // SAFETY: fresh from the engine.
        let data = unsafe { sums.as_mut_slice::<f64>()? };
        data.iter_mut().for_each(|s| *s /= count);
        return cast_tensor(&sums, DType::Float32);
    }
    let pairs = reduce::<CompensatedSum>(x, axes)?;
    let out = Tensor::zeros(pairs.shape(), DType::Float64)?;
    // SAFETY: both fresh, not shared.
    let (sums, means) = unsafe { (pairs.as_slice::<Complex64>()?, out.as_mut_slice::<f64>()?) };
    for (m, s) in means.iter_mut().zip(sums) {
        // (hi + lo) / count with one rounding: the quotient's remainder, exact by fma, corrects it.
        let q = s.re / count;
        let rest = (-q).mul_add(count, s.re) + s.im;
        *m = q + rest / count;
    }
    Ok(out)
}

/// Variance, two passes as numpy computes it: `sum(|x - mean|^2) / max(N - correction, 0)`,
/// with a mean that is exact for constant input (see [`exact_mean`]).
fn variance(op: &str, x: &Tensor, axis: Option<&[i64]>, correction: f64, keepdims: bool, root: bool) -> Result<Tensor> {
    let axes = normalize_axes(op, "axis", axis, x.ndim())?;
    if !correction.is_finite() {
        bail!(ValueError, "{op}() argument 'correction': expected a finite number, got {correction}");
    }
    let (input, square_axes) = variance_input(x, &axes)?;
    let real = input.dtype();
    // The temporary first: an input too large for it fails at once, not after the first pass.
    // SAFETY: `map_binary` below writes every element before the reduction reads it (an
    // interrupt stops it, and the check after it returns before any read).
    let squares = unsafe { Tensor::uninit(input.shape(), real)? };
    let means = exact_mean(&input, &axes)?;
    // The mean broadcast back over the reduced dims.
    let kept: Vec<i64> = (0..input.ndim()).map(|d| if axes.contains(&d) { 1 } else { input.shape()[d] }).collect();
    let means = means.reshape(&kept)?.broadcast_to(input.shape())?;
    macro_rules! squares_of {
        ($t:ty) => {
            crate::iter::map_binary::<$t, $t, $t, _>(
                &input,
                &means,
                &squares,
                crate::iter::MIN_PER_TASK_CHEAP,
                |xs, ms, out| {
                    for ((o, &v), &m) in out.iter_mut().zip(xs).zip(ms) {
                        let d = v - m;
                        *o = d * d;
                    }
                },
            )
        };
    }
    let sums = if real == DType::Float32 {
        squares_of!(f32);
        crate::interrupt::check()?;
        reduce::<Sum<f32, f32>>(&squares, &square_axes)?
    } else {
        squares_of!(f64);
        crate::interrupt::check()?;
        reduce::<Sum<f64, f64>>(&squares, &square_axes)?
    };
    let divisor = (reduced_count(x, &axes) as f64 - correction).max(0.0);
    let finish = |v: f64| {
        let q = v / divisor;
        if root {
            q.sqrt()
        } else {
            q
        }
    };
    if real == DType::Float32 {
        // SAFETY: `sums` is fresh from the engine.
        let data = unsafe { sums.as_mut_slice::<f32>()? };
        data.iter_mut().for_each(|v| *v = finish(f64::from(*v)) as f32);
    } else {
        // SAFETY: as above.
        let data = unsafe { sums.as_mut_slice::<f64>()? };
        data.iter_mut().for_each(|v| *v = finish(*v));
    }
    let result = crate::promote::real_dtype(mean_dtype(x.dtype()));
    keep_dims(cast_tensor(&sums, result)?, x.shape(), &axes, keepdims)
}

/// The variance over `axis`, dividing by `N - correction` (numpy's `ddof`); float64 for
/// int inputs, the real dtype of complex inputs.
pub fn var(x: &Tensor, axis: Option<&[i64]>, correction: f64, keepdims: bool) -> Result<Tensor> {
    variance("var", x, axis, correction, keepdims, false)
}

/// The standard deviation over `axis`: the square root of [`var`].
pub fn std(x: &Tensor, axis: Option<&[i64]>, correction: f64, keepdims: bool) -> Result<Tensor> {
    variance("std", x, axis, correction, keepdims, true)
}

/// `max` and `min`: `ValueError` for an empty reduction, `TypeError` for complex.
fn extremum(op: &str, x: &Tensor, axis: Option<&[i64]>, keepdims: bool, largest: bool) -> Result<Tensor> {
    let axes = normalize_axes(op, "axis", axis, x.ndim())?;
    crate::promote::check_dtype(op, x.dtype(), crate::promote::is_real, "a real-valued dtype")?;
    if reduced_count(x, &axes) == 0 {
        let name = if largest { "maximum" } else { "minimum" };
        bail!(ValueError, "{op}: zero-size array to reduction operation {name} which has no identity");
    }
    let raw = match (x.dtype(), largest) {
        (DType::Bool, true) => reduce::<Max<bool>>(x, &axes)?,
        (DType::Bool, false) => reduce::<Min<bool>>(x, &axes)?,
        _ => crate::dispatch_real!(x.dtype(), T => {
            if largest { reduce::<Max<T>>(x, &axes)? } else { reduce::<Min<T>>(x, &axes)? }
        }, _ => unreachable!("complex was rejected above")),
    };
    keep_dims(cast_tensor(&raw, x.dtype())?, x.shape(), &axes, keepdims)
}

/// The largest element over `axis`, with the input's dtype; NaN if any element is NaN (as in
/// numpy). Reducing an empty set is a `ValueError`; complex input is a `TypeError`.
pub fn max(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    extremum("max", x, axis, keepdims, true)
}

/// The smallest element over `axis`; rules as for [`max`].
pub fn min(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    extremum("min", x, axis, keepdims, false)
}

/// True where every element over `axis` is non-zero (NaN counts as true); `all` of nothing is
/// true. Returns bool.
pub fn all(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    let axes = normalize_axes("all", "axis", axis, x.ndim())?;
    let out = crate::dispatch_all!(x.dtype(), T => { reduce::<All<T>>(x, &axes)? });
    keep_dims(out, x.shape(), &axes, keepdims)
}

/// True where any element over `axis` is non-zero; `any` of nothing is false. Returns bool.
pub fn any(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    let axes = normalize_axes("any", "axis", axis, x.ndim())?;
    let out = crate::dispatch_all!(x.dtype(), T => { reduce::<Any<T>>(x, &axes)? });
    keep_dims(out, x.shape(), &axes, keepdims)
}

/// The number of non-zero elements over `axis`, as int64.
pub fn count_nonzero(x: &Tensor, axis: Option<&[i64]>, keepdims: bool) -> Result<Tensor> {
    let axes = normalize_axes("count_nonzero", "axis", axis, x.ndim())?;
    let out = crate::dispatch_all!(x.dtype(), T => { reduce::<CountNonzero<T>>(x, &axes)? });
    keep_dims(out, x.shape(), &axes, keepdims)
}
