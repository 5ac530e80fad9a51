//! Transcendental unary functions: exp, expm1, log family, sqrt, trigonometric and hyperbolic.

use ferrule_core::{DType, Result, Tensor};
use num_complex::Complex;

use super::real::Real;
use super::unary::{complex_map, real_map};
use super::{in_dtype, unary_out};
use crate::dispatch::{ComplexElem, FloatElem};
use crate::iter::{map_unary, MIN_PER_TASK_MATH as G};
use crate::promote::float_for_unary;

/// Converts `x` to the float dtype numpy computes unary math of its dtype in, and prepares
/// the output of that dtype.
fn float_setup(op: &str, x: &Tensor, out: Option<&Tensor>) -> Result<(Tensor, Tensor, DType)> {
    let dt = float_for_unary(x.dtype());
    let out = unary_out(op, x, out, dt)?;
    Ok((in_dtype(x, dt)?, out, dt))
}

macro_rules! math_op {
    ($(#[$doc:meta])* $name:ident, |$v:ident| $real:expr, |$z:ident| $complex:expr) => {
        $(#[$doc])*
        ///
        /// Integer and bool inputs are computed in numpy's float for them (float16 for 8-bit,
        /// float32 for 16-bit, float64 otherwise); complex inputs use the principal branch.
        pub fn $name(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
            let (x, out, dt) = float_setup(stringify!($name), x, out)?;
            if dt.is_complex() {
                complex_map!(dt, &x, &out, G, |$z| $complex);
            } else {
                real_map!(dt, &x, &out, G, |$v| $real);
            }
            Ok(out)
        }
    };
}

/// numpy's complex `expm1`: `exp(z) - 1` without cancellation in the real part.
fn complex_expm1<R: Real>(z: Complex<R>) -> Complex<R> {
    let a = (z.im * R::HALF).sin();
    Complex::new(z.re.exp_m1() * z.im.cos() - (R::ONE + R::ONE) * a * a, z.re.exp() * z.im.sin())
}

/// numpy's complex `log1p`: `log(1 + z)`.
fn complex_log1p<R: Real>(z: Complex<R>) -> Complex<R> {
    let re = z.re + R::ONE;
    Complex::new(re.hypot(z.im).ln(), z.im.atan2(re))
}

/// The exponential `e^x`. float32 and float64 use a vectorised polynomial kernel (≤ 1 ulp),
/// dispatched at run time to AVX-512, AVX2+FMA or the baseline.
pub fn exp(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let (x, out, dt) = float_setup("exp", x, out)?;
    match dt {
        DType::Float32 => map_unary::<f32, f32, _>(&x, &out, G, super::simd::exp_f32),
        DType::Float64 => map_unary::<f64, f64, _>(&x, &out, G, super::simd::exp_f64),
        _ if dt.is_complex() => complex_map!(dt, &x, &out, G, |z| z.exp()),
        _ => real_map!(dt, &x, &out, G, |v| v.exp()),
    }
    Ok(out)
}

math_op!(
    /// `exp(x) - 1`, accurate near zero.
    expm1, |v| v.exp_m1(), |z| complex_expm1(z)
);
math_op!(
    /// The natural logarithm (NaN below zero, -inf at zero).
    log, |v| v.ln(), |z| z.ln()
);
math_op!(
    /// `log(1 + x)`, accurate near zero.
    log1p, |v| v.ln_1p(), |z| complex_log1p(z)
);
math_op!(
    /// The base-2 logarithm.
    log2, |v| v.log2(), |z| z.ln() / R::LN_2
);
math_op!(
    /// The base-10 logarithm.
    log10, |v| v.log10(), |z| z.ln() / <R as Real>::from_f64(std::f64::consts::LN_10)
);
math_op!(
    /// The non-negative square root (NaN below zero).
    sqrt, |v| v.sqrt(), |z| z.sqrt()
);
math_op!(
    /// Sine of an angle in radians.
    sin, |v| v.sin(), |z| z.sin()
);
math_op!(
    /// Cosine of an angle in radians.
    cos, |v| v.cos(), |z| z.cos()
);
math_op!(
    /// Tangent of an angle in radians.
    tan, |v| v.tan(), |z| z.tan()
);
math_op!(
    /// Inverse sine, in radians (`[-pi/2, pi/2]`).
    asin, |v| v.asin(), |z| z.asin()
);
math_op!(
    /// Inverse cosine, in radians (`[0, pi]`).
    acos, |v| v.acos(), |z| z.acos()
);
math_op!(
    /// Inverse tangent, in radians (`[-pi/2, pi/2]`).
    atan, |v| v.atan(), |z| z.atan()
);
math_op!(
    /// Hyperbolic sine.
    sinh, |v| v.sinh(), |z| z.sinh()
);
math_op!(
    /// Hyperbolic cosine.
    cosh, |v| v.cosh(), |z| z.cosh()
);
/// Hyperbolic tangent. float32 uses a vectorised kernel (within 2 ulp), dispatched at run
/// time to AVX-512, AVX2+FMA or the baseline; other dtypes the scalar function.
pub fn tanh(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let (x, out, dt) = float_setup("tanh", x, out)?;
    match dt {
        DType::Float32 => map_unary::<f32, f32, _>(&x, &out, G, super::vmath::tanh_f32),
        _ if dt.is_complex() => complex_map!(dt, &x, &out, G, |z| z.tanh()),
        _ => real_map!(dt, &x, &out, G, |v| v.tanh()),
    }
    Ok(out)
}
math_op!(
    /// Inverse hyperbolic sine.
    asinh, |v| Real::asinh(v), |z| z.asinh()
);
math_op!(
    /// Inverse hyperbolic cosine (NaN below one).
    acosh, |v| Real::acosh(v), |z| z.acosh()
);
math_op!(
    /// Inverse hyperbolic tangent (NaN outside `[-1, 1]`, ±inf at ±1).
    atanh, |v| Real::atanh(v), |z| z.atanh()
);
