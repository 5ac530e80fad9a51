//! Unary arithmetic and classification: abs, negative, positive, sign, square, conj, real, imag,
//! reciprocal, round, floor, ceil, trunc, signbit, isfinite, isinf, isnan, logical_not.

use ferrule_core::{DType, Element, Result, Tensor};
use num_complex::Complex;

use super::arith::Num;
use super::real::{self, Real};
use super::{dtype_error, in_dtype, map1, unary_out};
use crate::dispatch::{ComplexElem, Elem, FloatElem};
use crate::iter::MIN_PER_TASK_CHEAP as G;

/// Maps every element of a real-float tensor through `|v| expr` computed in f32/f64
/// (`C` names the compute type inside the expression).
macro_rules! real_map {
    ($dt:expr, $x:expr, $out:expr, $grain:expr, |$v:ident| $e:expr) => {
        $crate::dispatch_float!($dt, T => {
            #[allow(dead_code)]
            type C = <T as FloatElem>::Compute;
            super::map1_vectorised::<T, T>($x, $out, $grain, |a: T| {
                let $v: C = a.widen();
                T::narrow($e)
            })
        }, _ => unreachable!("real_map on a non-float dtype"))
    };
}
pub(crate) use real_map;

/// Maps every element of a complex tensor through `|z| expr` on `num_complex::Complex<R>`
/// (`R` names the real type inside the expression).
macro_rules! complex_map {
    ($dt:expr, $x:expr, $out:expr, $grain:expr, |$z:ident| $e:expr) => {
        $crate::dispatch_complex!($dt, T => {
            #[allow(dead_code)]
            type R = <T as ComplexElem>::Real;
            super::map1::<T, T>($x, $out, $grain, |a: T| {
                let $z = a.to_num();
                T::from_num($e)
            })
        }, _ => unreachable!("complex_map on a non-complex dtype"))
    };
}

/// Absolute value; complex inputs give the magnitude in the real dtype (`complex64 -> float32`).
pub fn abs(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    let out = unary_out("abs", x, out, crate::promote::real_dtype(dt))?;
    match dt {
        DType::Bool => map1::<bool, bool>(x, &out, G, |v| v),
        DType::Complex64 => map1(x, &out, G, |z: ferrule_core::Complex32| z.re.hypot(z.im)),
        DType::Complex128 => map1(x, &out, G, |z: ferrule_core::Complex64| z.re.hypot(z.im)),
        _ if dt.is_floating() => real_map!(dt, x, &out, G, |v| v.abs()),
        _ => crate::dispatch_int!(dt, T => {
            map1::<T, T>(x, &out, G, |v| if Num::lt(v, T::default()) { Num::neg(v) } else { v })
        }, _ => unreachable!()),
    }
    Ok(out)
}

/// Numerical negative (`-x`); ints wrap. Bool is a `TypeError` (use `logical_not`).
pub fn negative(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    if x.dtype().is_bool() {
        return Err(dtype_error("negative", x.dtype(), "a numeric dtype; use logical_not for bool"));
    }
    let out = unary_out("negative", x, out, x.dtype())?;
    crate::dispatch_numeric!(x.dtype(), T => { map1::<T, T>(x, &out, G, Num::neg) }, _ => unreachable!());
    Ok(out)
}

/// Numerical positive (`+x`): a copy of `x`. Bool is a `TypeError`.
pub fn positive(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    if x.dtype().is_bool() {
        return Err(dtype_error("positive", x.dtype(), "a numeric dtype"));
    }
    let out = unary_out("positive", x, out, x.dtype())?;
    super::cast::cast_into(x, &out)?;
    Ok(out)
}

/// numpy's complex `sign`: `z / |z|`, with infinite parts giving unit directions.
fn complex_sign(z: Complex<f64>) -> Complex<f64> {
    let (re, im) = (z.re, z.im);
    let unit = |v: f64| if v > 0.0 { 1.0 } else { -1.0 };
    match (re.is_infinite(), im.is_infinite()) {
        (true, true) => Complex::new(f64::NAN, f64::NAN),
        (true, false) => Complex::new(unit(re), 0.0),
        (false, true) => Complex::new(0.0, unit(im)),
        _ if re.is_nan() || im.is_nan() => Complex::new(f64::NAN, f64::NAN),
        _ if re == 0.0 && im == 0.0 => Complex::new(0.0, 0.0),
        _ => {
            let m = re.hypot(im);
            Complex::new(re / m, im / m)
        }
    }
}

/// The sign: -1, 0 or 1 for reals (NaN stays NaN), `z / |z|` for complex. Bool is a `TypeError`.
pub fn sign(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    if dt.is_bool() {
        return Err(dtype_error("sign", dt, "a numeric dtype"));
    }
    let out = unary_out("sign", x, out, dt)?;
    if dt.is_floating() {
        real_map!(dt, x, &out, G, |v| real::sign(v));
    } else if dt.is_complex() {
        crate::dispatch_complex!(dt, T => {
            map1::<T, T>(x, &out, G, |z| T::from_c64(complex_sign(z.to_c64())))
        }, _ => unreachable!());
    } else {
        // gathered, then a vector loop: the two comparisons and a subtraction vectorise, where
        // a strided walk runs them one element at a time
        crate::dispatch_int!(dt, T => {
            super::map1_vectorised::<T, T>(x, &out, G, |v| {
                let zero = T::default();
                if v > zero { T::from_i64(1) } else if v < zero { T::from_i64(-1) } else { zero }
            })
        }, _ => unreachable!());
    }
    Ok(out)
}

/// `x * x`; bool is computed as int8 (as numpy does).
pub fn square(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = if x.dtype().is_bool() { DType::Int8 } else { x.dtype() };
    let out = unary_out("square", x, out, dt)?;
    let x = in_dtype(x, dt)?;
    crate::dispatch_numeric!(dt, T => { map1::<T, T>(&x, &out, G, |v| Num::mul(v, v)) }, _ => unreachable!());
    Ok(out)
}

/// Complex conjugate; real inputs are copied (bool becomes int8, as in numpy).
pub fn conj(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = if x.dtype().is_bool() { DType::Int8 } else { x.dtype() };
    let out = unary_out("conj", x, out, dt)?;
    match dt {
        DType::Complex64 | DType::Complex128 => complex_map!(dt, x, &out, G, |z| z.conj()),
        _ => super::cast::cast_into(x, &out)?,
    }
    Ok(out)
}

/// The real part (in the real dtype for complex inputs). For a real input it is `x` itself, a
/// view of the same memory as numpy's `real` returns (no copy), or copied into `out`.
pub fn real(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    if out.is_none() && !dt.is_complex() {
        return Ok(x.clone());
    }
    let out = unary_out("real", x, out, crate::promote::real_dtype(dt))?;
    match dt {
        DType::Complex64 => map1(x, &out, G, |z: ferrule_core::Complex32| z.re),
        DType::Complex128 => map1(x, &out, G, |z: ferrule_core::Complex64| z.re),
        _ => super::cast::cast_into(x, &out)?,
    }
    Ok(out)
}

/// The imaginary part (in the real dtype for complex inputs; zeros for real inputs).
pub fn imag(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    let out = unary_out("imag", x, out, crate::promote::real_dtype(dt))?;
    match dt {
        DType::Complex64 => map1(x, &out, G, |z: ferrule_core::Complex32| z.im),
        DType::Complex128 => map1(x, &out, G, |z: ferrule_core::Complex64| z.im),
        _ => crate::dispatch_all!(dt, T => { map1::<T, T>(x, &out, G, |_| T::default()) }),
    }
    Ok(out)
}

/// numpy's complex reciprocal (a scaled `1 / z`; `1 / 0` is NaN).
pub(crate) fn complex_recip<R: Real>(z: Complex<R>) -> Complex<R> {
    if z.im.abs() <= z.re.abs() {
        let r = z.im / z.re;
        let d = z.re + z.im * r;
        Complex::new(R::ONE / d, -r / d)
    } else {
        let r = z.re / z.im;
        let d = z.re * r + z.im;
        Complex::new(r / d, -R::ONE / d)
    }
}

/// `1 / x`. Integer inputs use integer division (`1 / 0` gives 0, as numpy without the
/// warning); bool is computed as int8.
pub fn reciprocal(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = if x.dtype().is_bool() { DType::Int8 } else { x.dtype() };
    let out = unary_out("reciprocal", x, out, dt)?;
    let x = in_dtype(x, dt)?;
    if dt.is_floating() {
        real_map!(dt, &x, &out, G, |v| C::ONE / v);
    } else if dt.is_complex() {
        complex_map!(dt, &x, &out, G, |z| complex_recip(z));
    } else {
        crate::dispatch_int!(dt, T => {
            let signed = T::DTYPE.is_signed_integer();
            map1::<T, T>(&x, &out, G, move |v| match (v.to_i64(), signed) {
                (1, _) => T::from_i64(1),
                (-1, true) => T::from_i64(-1),
                _ => T::default(),
            })
        }, _ => unreachable!());
    }
    Ok(out)
}

/// Rounds to the nearest integer, halves to even; ints are copied, bool becomes float16
/// (as numpy), complex rounds both parts.
pub fn round(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = if x.dtype().is_bool() { DType::Float16 } else { x.dtype() };
    let out = unary_out("round", x, out, dt)?;
    if dt == DType::Float32 {
        crate::iter::map_unary::<f32, f32, _>(x, &out, G, super::vmath::round_f32);
    } else if dt == DType::Float64 {
        crate::iter::map_unary::<f64, f64, _>(x, &out, G, super::vmath::round_f64);
    } else if dt.is_floating() {
        let x = in_dtype(x, dt)?;
        real_map!(dt, &x, &out, G, |v| v.round_even());
    } else if dt.is_complex() {
        complex_map!(dt, x, &out, G, |z| Complex::new(z.re.round_ties_even(), z.im.round_ties_even()));
    } else {
        super::cast::cast_into(x, &out)?;
    }
    Ok(out)
}

macro_rules! rounding_op {
    ($(#[$doc:meta])* $name:ident, $method:ident, $k32:path, $k64:path) => {
        $(#[$doc])*
        pub fn $name(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
            let dt = x.dtype();
            if dt.is_complex() {
                return Err(dtype_error(stringify!($name), dt, "a real dtype"));
            }
            let out = unary_out(stringify!($name), x, out, dt)?;
            if dt == DType::Float32 {
                crate::iter::map_unary::<f32, f32, _>(x, &out, G, $k32);
            } else if dt == DType::Float64 {
                crate::iter::map_unary::<f64, f64, _>(x, &out, G, $k64);
            } else if dt.is_floating() {
                real_map!(dt, x, &out, G, |v| Real::$method(v));
            } else {
                super::cast::cast_into(x, &out)?;
            }
            Ok(out)
        }
    };
}

rounding_op!(
    /// Rounds down to an integer value; ints and bool are copied; complex is a `TypeError`.
    floor, floor, super::vmath::floor_f32, super::vmath::floor_f64
);
rounding_op!(
    /// Rounds up to an integer value; ints and bool are copied; complex is a `TypeError`.
    ceil, ceil, super::vmath::ceil_f32, super::vmath::ceil_f64
);
rounding_op!(
    /// Rounds toward zero to an integer value; ints and bool are copied; complex is a `TypeError`.
    trunc, trunc, super::vmath::trunc_f32, super::vmath::trunc_f64
);

/// Whether the sign bit is set (`-0.0` and negative NaNs included); ints: `x < 0`; complex is a
/// `TypeError`.
pub fn signbit(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    if dt.is_complex() {
        return Err(dtype_error("signbit", dt, "a real dtype"));
    }
    let out = unary_out("signbit", x, out, DType::Bool)?;
    crate::dispatch_real!(dt, T => {
        map1::<T, bool>(x, &out, G, |v| if T::DTYPE.is_floating() {
            v.to_f64().is_sign_negative()
        } else {
            T::DTYPE.is_signed_integer() && v.to_i64() < 0
        })
    }, _ => map1::<bool, bool>(x, &out, G, |_| false));
    Ok(out)
}

macro_rules! classify_op {
    ($(#[$doc:meta])* $name:ident, $real:expr, $complex:expr, $int:expr) => {
        $(#[$doc])*
        pub fn $name(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
            let dt = x.dtype();
            let out = unary_out(stringify!($name), x, out, DType::Bool)?;
            // Closures, not fn pointers: a pointer's call per element is not inlined, which kept
            // these loops scalar (isinf on 4M float32 ran 20x slower than numpy's).
            let real = $real;
            let complex = $complex;
            if dt.is_floating() {
                crate::dispatch_float!(dt, T => { map1::<T, bool>(x, &out, G, |v| real(v.to_f64())) }, _ => unreachable!());
            } else if dt.is_complex() {
                crate::dispatch_complex!(dt, T => {
                    map1::<T, bool>(x, &out, G, |v| { let z = v.to_c64(); complex(z.re, z.im) })
                }, _ => unreachable!());
            } else {
                crate::dispatch_all!(dt, T => { map1::<T, bool>(x, &out, G, |_| $int) });
            }
            Ok(out)
        }
    };
}

classify_op!(
    /// True where the element is finite (complex: both parts finite); always true for ints and bool.
    isfinite, |v: f64| v.is_finite(), |re: f64, im: f64| re.is_finite() && im.is_finite(), true
);
classify_op!(
    /// True where the element is infinite (complex: either part); always false for ints and bool.
    isinf, |v: f64| v.is_infinite(), |re: f64, im: f64| re.is_infinite() || im.is_infinite(), false
);
classify_op!(
    /// True where the element is NaN (complex: either part); always false for ints and bool.
    isnan, |v: f64| v.is_nan(), |re: f64, im: f64| re.is_nan() || im.is_nan(), false
);

/// Logical NOT: true where `x` is zero (any dtype; NaN counts as true, so gives false).
pub fn logical_not(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let out = unary_out("logical_not", x, out, DType::Bool)?;
    crate::dispatch_all!(x.dtype(), T => { map1::<T, bool>(x, &out, G, |v| !v.to_bool()) });
    Ok(out)
}
