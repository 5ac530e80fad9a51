//! `Real`: the f32/f64 math the float kernels are generic over (numpy's conventions for edge cases).

use std::ops::{Add, Div, Mul, Neg, Sub};

/// The real compute types (`f32`, `f64`) with the functions element-wise ops need.
///
/// Kernels on concrete types often resolve to the inherent `f32`/`f64` methods of the same
/// name, so some trait methods are only used by generic helpers (or not yet).
#[allow(dead_code)]
pub trait Real:
    Copy
    + PartialOrd
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + Send
    + Sync
    + 'static
{
    const ZERO: Self;
    const ONE: Self;
    const HALF: Self;
    const NAN: Self;
    const INF: Self;
    const LN_2: Self;
    fn from_f64(v: f64) -> Self;
    fn exp(self) -> Self;
    fn exp_m1(self) -> Self;
    fn ln(self) -> Self;
    fn ln_1p(self) -> Self;
    fn log2(self) -> Self;
    fn log10(self) -> Self;
    fn sqrt(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn trunc(self) -> Self;
    fn round_even(self) -> Self;
    fn abs(self) -> Self;
    fn atan2(self, x: Self) -> Self;
    fn copysign(self, sign: Self) -> Self;
    fn hypot(self, y: Self) -> Self;
    fn powf(self, y: Self) -> Self;
    fn fmod(self, y: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_infinite(self) -> bool;
    fn is_finite(self) -> bool;
    fn is_sign_negative(self) -> bool;
    fn next_after(self, toward: Self) -> Self;
}

macro_rules! impl_real {
    ($t:ident, $bits:ident) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const HALF: Self = 0.5;
            const NAN: Self = $t::NAN;
            const INF: Self = $t::INFINITY;
            const LN_2: Self = std::$t::consts::LN_2;
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn exp(self) -> Self {
                $t::exp(self)
            }
            #[inline(always)]
            fn exp_m1(self) -> Self {
                $t::exp_m1(self)
            }
            #[inline(always)]
            fn ln(self) -> Self {
                $t::ln(self)
            }
            #[inline(always)]
            fn ln_1p(self) -> Self {
                $t::ln_1p(self)
            }
            #[inline(always)]
            fn log2(self) -> Self {
                $t::log2(self)
            }
            #[inline(always)]
            fn log10(self) -> Self {
                $t::log10(self)
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                $t::sqrt(self)
            }
            #[inline(always)]
            fn sin(self) -> Self {
                $t::sin(self)
            }
            #[inline(always)]
            fn cos(self) -> Self {
                $t::cos(self)
            }
            #[inline(always)]
            fn tan(self) -> Self {
                $t::tan(self)
            }
            #[inline(always)]
            fn asin(self) -> Self {
                $t::asin(self)
            }
            #[inline(always)]
            fn acos(self) -> Self {
                $t::acos(self)
            }
            #[inline(always)]
            fn atan(self) -> Self {
                $t::atan(self)
            }
            #[inline(always)]
            fn sinh(self) -> Self {
                $t::sinh(self)
            }
            #[inline(always)]
            fn cosh(self) -> Self {
                $t::cosh(self)
            }
            #[inline(always)]
            fn tanh(self) -> Self {
                $t::tanh(self)
            }
            #[inline(always)]
            fn asinh(self) -> Self {
                // std's formulas lose a few ulps near the edges; f64 then rounding is exact
                // enough for f32 (and the identity for f64).
                asinh_f64(self as f64) as $t
            }
            #[inline(always)]
            fn acosh(self) -> Self {
                // std's formulas lose a few ulps near the edges; f64 then rounding is exact
                // enough for f32 (and the identity for f64).
                acosh_f64(self as f64) as $t
            }
            #[inline(always)]
            fn atanh(self) -> Self {
                // std's formulas lose a few ulps near the edges; f64 then rounding is exact
                // enough for f32 (and the identity for f64).
                atanh_f64(self as f64) as $t
            }
            #[inline(always)]
            fn floor(self) -> Self {
                $t::floor(self)
            }
            #[inline(always)]
            fn ceil(self) -> Self {
                $t::ceil(self)
            }
            #[inline(always)]
            fn trunc(self) -> Self {
                $t::trunc(self)
            }
            #[inline(always)]
            fn round_even(self) -> Self {
                $t::round_ties_even(self)
            }
            #[inline(always)]
            fn abs(self) -> Self {
                $t::abs(self)
            }
            #[inline(always)]
            fn atan2(self, x: Self) -> Self {
                $t::atan2(self, x)
            }
            #[inline(always)]
            fn copysign(self, sign: Self) -> Self {
                $t::copysign(self, sign)
            }
            #[inline(always)]
            fn hypot(self, y: Self) -> Self {
                $t::hypot(self, y)
            }
            #[inline(always)]
            fn powf(self, y: Self) -> Self {
                $t::powf(self, y)
            }
            #[inline(always)]
            fn fmod(self, y: Self) -> Self {
                self % y
            }
            #[inline(always)]
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            #[inline(always)]
            fn is_infinite(self) -> bool {
                $t::is_infinite(self)
            }
            #[inline(always)]
            fn is_finite(self) -> bool {
                $t::is_finite(self)
            }
            #[inline(always)]
            fn is_sign_negative(self) -> bool {
                $t::is_sign_negative(self)
            }
            fn next_after(self, toward: Self) -> Self {
                if self.is_nan() || toward.is_nan() {
                    return $t::NAN;
                }
                if self == toward {
                    return toward;
                }
                if self == 0.0 {
                    // Smallest subnormal with the sign of the direction.
                    return $t::from_bits(1).copysign(toward);
                }
                let bits = self.to_bits();
                let up = (toward > self) == (self > 0.0);
                $t::from_bits(if up { bits + 1 } else { bits - 1 })
            }
        }
    };
}

/// `asinh` without the overflow of std's `x + x / (...)` above ~1e308 (numpy: asinh(1e308) is
/// 709.889); below the threshold `ln(2x)` and std's formula agree to the last bit.
fn asinh_f64(x: f64) -> f64 {
    if x.abs() > 1e150 {
        return (x.abs().ln() + std::f64::consts::LN_2).copysign(x);
    }
    x.asinh()
}

/// `acosh` without the overflow of `x + sqrt(x² - 1)` for huge `x` and without its
/// cancellation just above 1.
fn acosh_f64(x: f64) -> f64 {
    if x > 1e150 {
        return x.ln() + std::f64::consts::LN_2;
    }
    if (1.0..2.0).contains(&x) {
        // Near 1, x - 1 is exact (Sterbenz) and log1p keeps the small result's bits, which
        // ln(x + sqrt(x² - 1)) loses: acosh(1 + 2^-52) is 2.1073424255447e-8.
        let t = x - 1.0;
        return (t + (2.0 * t + t * t).sqrt()).ln_1p();
    }
    x.acosh()
}

/// `atanh` through `log1p(2|x| / (1 - |x|)) / 2` on the magnitude: std applies it to the signed
/// value, which cancels for x near -1 (numpy: atanh(-0.9999999999999999) is -18.71497).
fn atanh_f64(x: f64) -> f64 {
    let a = x.abs();
    (0.5 * (2.0 * a / (1.0 - a)).ln_1p()).copysign(x)
}

impl_real!(f32, u32);
impl_real!(f64, u64);

/// Python/numpy floor division and remainder of floats: `(floor(a / b), a mod b)` with the
/// remainder taking the sign of `b`; `b == 0` gives `(a / b, fmod(a, b))`.
pub(crate) fn divmod<T: Real>(a: T, b: T) -> (T, T) {
    let m = a.fmod(b);
    if b == T::ZERO {
        return (a / b, m);
    }
    let mut div = (a - m) / b;
    let mut m = m;
    if m != T::ZERO {
        if (b < T::ZERO) != (m < T::ZERO) {
            m = m + b;
            div = div - T::ONE;
        }
    } else {
        m = T::ZERO.copysign(b);
    }
    let q = if div != T::ZERO {
        let f = div.floor();
        if div - f > T::HALF {
            f + T::ONE
        } else {
            f
        }
    } else {
        T::ZERO.copysign(a / b)
    };
    (q, m)
}

/// numpy's `logaddexp`: `log(exp(x) + exp(y))` without overflow.
pub fn logaddexp<T: Real>(x: T, y: T) -> T {
    if x == y {
        // Handles infinities of the same sign.
        return x + T::LN_2;
    }
    let d = x - y;
    if d > T::ZERO {
        x + (-d).exp().ln_1p()
    } else if d <= T::ZERO {
        y + d.exp().ln_1p()
    } else {
        T::NAN
    }
}

/// numpy's `sign` of a real: -1, 0 or 1, NaN for NaN (zero of either sign gives +0).
pub(crate) fn sign<T: Real>(x: T) -> T {
    if x > T::ZERO {
        T::ONE
    } else if x < T::ZERO {
        -T::ONE
    } else if x == T::ZERO {
        T::ZERO
    } else {
        x
    }
}

/// NaN-propagating maximum (numpy `maximum`): NaN if either is NaN, `a` on ties (so
/// `maximum(-0.0, 0.0)` is -0.0, as numpy's). One select, which the compiler vectorises: when
/// `a` is not NaN and not at least `b`, then `b` is NaN or larger.
#[inline(always)]
pub(crate) fn fmax_nan<T: Real>(a: T, b: T) -> T {
    if a.is_nan() || a >= b {
        a
    } else {
        b
    }
}

/// NaN-propagating minimum (numpy `minimum`), as [`fmax_nan`].
#[inline(always)]
pub(crate) fn fmin_nan<T: Real>(a: T, b: T) -> T {
    if a.is_nan() || a <= b {
        a
    } else {
        b
    }
}
