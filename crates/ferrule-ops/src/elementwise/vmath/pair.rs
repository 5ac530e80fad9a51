//! Two-argument functions: pow, hypot, logaddexp (atan2 lives with the trigonometry).
//!
//! float64 pow needs `y log x` to about 2^-63 of its size (an error `d` there is a relative
//! error `d` of the result, and `y log x` reaches 709): `log x` is computed in two parts
//! (a double-double `2s + (2/3) s^3`, the small rest in one), multiplied by `y` with its rounding
//! error kept, and exp takes the low part into its reduced argument. float32 pow, hypot and
//! logaddexp compute in float64, where plain kernels are more than accurate enough.

use super::consts::c64 as c;
use super::exp_log::f64k::{exp, expm1_poly, log, log1p, reduce_ln2, scale};
use super::Horner;

/// `log(x)` as `hi + lo` (relative error near 2^-68) for positive, finite, normal `x`.
#[inline(always)]
fn log_dd(x: f64) -> (f64, f64) {
    let ix = x.to_bits();
    let tmp = ix.wrapping_sub(c::SQRT_HALF_BITS);
    let k = ((tmp as i64) >> c::MANT) as f64;
    let m = f64::from_bits(ix.wrapping_sub(tmp & (u64::MAX << c::MANT)));
    let f = m - 1.0;
    // s = f / (2 + f) in two parts: d + d_lo = 2 + f exactly, then the division's residual
    let d = 2.0 + f;
    let d_lo = f - (d - 2.0);
    // one division: s within an ulp of f / d, its error recovered from the exact residual
    let inv = 1.0 / d;
    let s = f * inv;
    let s_lo = ((-s).mul_add(d, f) - s * d_lo) * inv;
    // s^3 in two parts
    let z = s * s;
    let z_lo = s.mul_add(s, -z);
    let cube = z * s;
    let cube_lo = z.mul_add(s, -cube) + (z_lo * s + 3.0 * z * s_lo);
    // (2/3) s^3 in two parts
    let t = cube * c::TWO3_HI;
    let t_lo = cube.mul_add(c::TWO3_HI, -t) + (cube_lo * c::TWO3_HI + cube * c::TWO3_LO);
    // the rest, 1e-4 of the result at most: one part is enough
    let rest = cube * z * z.horner(&c::POW_LOG);
    // 2s + t (|2s| > |t|)
    let h = 2.0 * s;
    let hi = h + t;
    let lo = ((h - hi) + t) + ((2.0 * s_lo + t_lo) + rest);
    // + k ln2 (k * LN2_HI exact); two-sum, as either part may be the larger
    let kh = k * c::LN2_HI;
    let sum = kh + hi;
    let bv = sum - kh;
    let err = (kh - (sum - bv)) + (hi - bv);
    let lo = err + (lo + k * c::LN2_LO);
    let top = sum + lo;
    (top, lo - (top - sum))
}

/// `e^(h + l)` for a small `l` (|l| below an ulp of `h`); overflow gives +inf, underflow 0.
#[inline(always)]
fn exp_dd(h: f64, l: f64) -> f64 {
    let hc = if h > c::EXP_MAX { c::EXP_MAX } else { h };
    let hc = if hc < -c::EXP_MAX - 40.0 { -c::EXP_MAX - 40.0 } else { hc };
    // clamped: the low part (up to an ulp of a huge h) must not reach the polynomial
    let l = if hc == h { l } else { 0.0 };
    let (r, n) = reduce_ln2(hc);
    scale(1.0 + expm1_poly(r + l), n)
}

/// `x^y` for `x` positive, finite and normal and `y` finite (the caller patches the rest).
#[inline(always)]
pub(super) fn pow_f64(x: f64, y: f64) -> f64 {
    let (lh, ll) = log_dd(x);
    let h = y * lh;
    let l = y.mul_add(lh, -h) + y * ll;
    exp_dd(h, l)
}

/// True where [`pow_f64`] (and [`pow_f32`]) give the answer: positive, finite, normal `x` and
/// finite `y`; the rest (zeros, negatives, infinities, NaN, subnormals) follow C99's table.
#[inline(always)]
pub(super) fn pow_direct(x: f64, y: f64, min_normal: f64) -> bool {
    x >= min_normal && x < f64::INFINITY && y.abs() < f64::INFINITY
}

/// float32 `x^y`, in float64: `exp(y log x)` there is well within float32's half ulp.
#[inline(always)]
pub(super) fn pow_f32(x: f32, y: f32) -> f32 {
    exp(f64::from(y) * log(f64::from(x))) as f32
}

/// `sqrt(x^2 + y^2)` without undue overflow or underflow, within an ulp: both scaled by the
/// power of two that brings the larger near 1 (exact), one fused sum, one square root.
#[inline(always)]
pub(super) fn hypot_f64(x: f64, y: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    let big = if ax > ay { ax } else { ay };
    let e = big.to_bits() >> c::MANT;
    let e = e.clamp(1, 2045);
    let down = f64::from_bits((2046 - e) << c::MANT);
    let up = f64::from_bits(e << c::MANT);
    let (sx, sy) = (ax * down, ay * down);
    let h = sx.mul_add(sx, sy * sy).sqrt() * up;
    // an infinity wins over a NaN (C99)
    if ax == f64::INFINITY || ay == f64::INFINITY {
        f64::INFINITY
    } else {
        h
    }
}

/// float32 hypot, in float64 (the squares are exact there and cannot overflow).
#[inline(always)]
pub(super) fn hypot_f32(x: f32, y: f32) -> f32 {
    let (xd, yd) = (f64::from(x), f64::from(y));
    let h = xd.mul_add(xd, yd * yd).sqrt() as f32;
    if x.abs() == f32::INFINITY || y.abs() == f32::INFINITY {
        f32::INFINITY
    } else {
        h
    }
}

/// `log(e^x + e^y)` as numpy computes it: `x + ln 2` when equal (infinities included),
/// otherwise the larger plus `log1p(e^-|x-y|)`; NaN if either is NaN.
#[inline(always)]
pub(super) fn logaddexp_f64(x: f64, y: f64) -> f64 {
    let d = x - y;
    let m = if d > 0.0 { x } else { y };
    let v = m + log1p(exp(-d.abs()));
    if x == y {
        x + std::f64::consts::LN_2
    } else {
        v
    }
}

/// float32 logaddexp, in float64.
#[inline(always)]
pub(super) fn logaddexp_f32(x: f32, y: f32) -> f32 {
    logaddexp_f64(f64::from(x), f64::from(y)) as f32
}
