//! Transcendental unary functions: exp, expm1, log family, sqrt, trigonometric and hyperbolic.

use ferrule_core::{DType, Result, Tensor};

use super::real::Real;
use super::unary::real_map;
use super::{cmath, vmath};
use super::{in_dtype, unary_out};
use crate::dispatch::{Elem, FloatElem};
use crate::iter::{map_unary, MIN_PER_TASK_MATH as G};
use crate::promote::float_for_unary;

/// Converts `x` to the float dtype numpy computes unary math of its dtype in, and prepares
/// the output of that dtype.
fn float_setup(op: &str, x: &Tensor, out: Option<&Tensor>) -> Result<(Tensor, Tensor, DType)> {
    let dt = float_for_unary(x.dtype());
    let out = unary_out(op, x, out, dt)?;
    Ok((in_dtype(x, dt)?, out, dt))
}

/// Maps every element of a complex tensor through `f` on `Complex<f64>`: complex64 is widened
/// and rounded once at the end, which keeps it within an ulp or two of complex128.
macro_rules! complex_map_f64 {
    ($dt:expr, $x:expr, $out:expr, $grain:expr, $f:path) => {
        $crate::dispatch_complex!($dt, T => {
            super::map1::<T, T>($x, $out, $grain, |a: T| T::from_c64($f(a.to_c64())))
        }, _ => unreachable!("complex_map_f64 on a non-complex dtype"))
    };
}

/// A math op with vectorised float32 and float64 kernels (`vmath`); other real dtypes use the
/// scalar function, complex ones the principal branch.
macro_rules! vmath_op {
    ($(#[$doc:meta])* $name:ident, $k32:path, $k64:path, |$v:ident| $real:expr) => {
        $(#[$doc])*
        ///
        /// float32 and float64 use a vectorised kernel (within numpy's error bounds; see
        /// `elementwise/vmath`), dispatched at run time to AVX-512, AVX2+FMA or the scalar
        /// function. Integer and bool inputs are computed in numpy's float for them (float16 for
        /// 8-bit, float32 for 16-bit, float64 otherwise); complex inputs use the principal branch
        /// and the Array API standard's special values.
        pub fn $name(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
            let (x, out, dt) = float_setup(stringify!($name), x, out)?;
            match dt {
                DType::Float32 => map_unary::<f32, f32, _>(&x, &out, G, $k32),
                DType::Float64 => map_unary::<f64, f64, _>(&x, &out, G, $k64),
                _ if dt.is_complex() => complex_map_f64!(dt, &x, &out, G, cmath::$name),
                _ => real_map!(dt, &x, &out, G, |$v| $real),
            }
            Ok(out)
        }
    };
}

macro_rules! math_op {
    ($(#[$doc:meta])* $name:ident, |$v:ident| $real:expr) => {
        $(#[$doc])*
        ///
        /// Integer and bool inputs are computed in numpy's float for them (float16 for 8-bit,
        /// float32 for 16-bit, float64 otherwise); complex inputs use the principal branch and
        /// the Array API standard's special values.
        pub fn $name(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
            let (x, out, dt) = float_setup(stringify!($name), x, out)?;
            if dt.is_complex() {
                complex_map_f64!(dt, &x, &out, G, cmath::$name);
            } else {
                real_map!(dt, &x, &out, G, |$v| $real);
            }
            Ok(out)
        }
    };
}

/// The exponential `e^x`. float32 and float64 use a vectorised polynomial kernel (≤ 1 ulp),
/// dispatched at run time to AVX-512, AVX2+FMA or the baseline.
pub fn exp(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let (x, out, dt) = float_setup("exp", x, out)?;
    match dt {
        DType::Float32 => map_unary::<f32, f32, _>(&x, &out, G, super::simd::exp_f32),
        DType::Float64 => map_unary::<f64, f64, _>(&x, &out, G, super::simd::exp_f64),
        _ if dt.is_complex() => complex_map_f64!(dt, &x, &out, G, cmath::exp),
        _ => real_map!(dt, &x, &out, G, |v| v.exp()),
    }
    Ok(out)
}

vmath_op!(
    /// `exp(x) - 1`, accurate near zero.
    expm1, vmath::expm1_f32, vmath::expm1_f64, |v| v.exp_m1()
);
vmath_op!(
    /// The natural logarithm (NaN below zero, -inf at zero).
    log, vmath::log_f32, vmath::log_f64, |v| v.ln()
);
vmath_op!(
    /// `log(1 + x)`, accurate near zero.
    log1p, vmath::log1p_f32, vmath::log1p_f64, |v| v.ln_1p()
);
vmath_op!(
    /// The base-2 logarithm.
    log2, vmath::log2_f32, vmath::log2_f64, |v| v.log2()
);
vmath_op!(
    /// The base-10 logarithm.
    log10, vmath::log10_f32, vmath::log10_f64, |v| v.log10()
);
math_op!(
    /// The non-negative square root (NaN below zero).
    sqrt, |v| v.sqrt()
);
vmath_op!(
    /// Sine of an angle in radians.
    sin, vmath::sin_f32, vmath::sin_f64, |v| v.sin()
);
vmath_op!(
    /// Cosine of an angle in radians.
    cos, vmath::cos_f32, vmath::cos_f64, |v| v.cos()
);
vmath_op!(
    /// Tangent of an angle in radians.
    tan, vmath::tan_f32, vmath::tan_f64, |v| v.tan()
);
vmath_op!(
    /// Inverse sine, in radians (`[-pi/2, pi/2]`).
    asin, vmath::asin_f32, vmath::asin_f64, |v| v.asin()
);
vmath_op!(
    /// Inverse cosine, in radians (`[0, pi]`).
    acos, vmath::acos_f32, vmath::acos_f64, |v| v.acos()
);
vmath_op!(
    /// Inverse tangent, in radians (`[-pi/2, pi/2]`).
    atan, vmath::atan_f32, vmath::atan_f64, |v| v.atan()
);
vmath_op!(
    /// Hyperbolic sine.
    sinh, vmath::sinh_f32, vmath::sinh_f64, |v| v.sinh()
);
vmath_op!(
    /// Hyperbolic cosine.
    cosh, vmath::cosh_f32, vmath::cosh_f64, |v| v.cosh()
);
vmath_op!(
    /// Hyperbolic tangent.
    tanh, vmath::tanh_f32, vmath::tanh_f64, |v| v.tanh()
);
vmath_op!(
    /// Inverse hyperbolic sine.
    asinh, vmath::asinh_f32, vmath::asinh_f64, |v| Real::asinh(v)
);
vmath_op!(
    /// Inverse hyperbolic cosine (NaN below one).
    acosh, vmath::acosh_f32, vmath::acosh_f64, |v| Real::acosh(v)
);
vmath_op!(
    /// Inverse hyperbolic tangent (NaN outside `[-1, 1]`, ±inf at ±1).
    atanh, vmath::atanh_f32, vmath::atanh_f64, |v| Real::atanh(v)
);
