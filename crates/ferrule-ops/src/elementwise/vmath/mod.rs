//! Vectorised real math for float32 and float64 slices (`exp` lives in [`super::simd`]).
//!
//! Each function is written once per precision as a branch-free element function (selects,
//! bit manipulation, fused multiply-adds: see the sibling modules for the methods), and the
//! slice kernels below run it over a slice in a loop the compiler turns into SIMD code,
//! multiversioned for AVX-512, AVX2+FMA and NEON, dispatched at run time. Where the CPU has no
//! FMA, and for the few arguments a vectorised method does not cover (trigonometry beyond
//! `TRIG_LIMIT`, pow's zeros, negatives and infinities), the scalar function of the standard
//! library answers: the vectorised path never has to be right about those.
//!
//! Accuracy (measured by the tests against float64 and mpmath references): within 2 ulp in
//! float64 and 1 ulp in float32 for most, within numpy's own bound (4 ulp) for all; the special
//! values (zeros of both signs, infinities, NaN, domain edges) are the scalar functions'.

use multiversion::multiversion;
use multiversion::target::selected_target;

use super::real::{logaddexp as scalar_logaddexp, Real};

mod consts;
mod exp_log;
mod hyper;
mod pair;
#[cfg(target_arch = "x86_64")]
mod pow_avx512;
mod trig;

/// Horner evaluation of a polynomial with fused multiply-adds (`c[0]` the constant term); the
/// arrays are constants, so the loop unrolls away.
pub(super) trait Horner: Copy {
    /// `c[0] + self (c[1] + self (c[2] + ...))`.
    fn horner(self, c: &[Self]) -> Self;
}

macro_rules! impl_horner {
    ($($t:ty),*) => {$(
        impl Horner for $t {
            #[inline(always)]
            fn horner(self, c: &[$t]) -> $t {
                let mut p = c[c.len() - 1];
                for &k in c[..c.len() - 1].iter().rev() {
                    p = p.mul_add(self, k);
                }
                p
            }
        }
    )*};
}
impl_horner!(f32, f64);

/// Defines slice kernels `fn name(xs, out)`: the element function where the target has FMA,
/// the scalar one otherwise; with `beyond LIMIT`, elements whose magnitude exceeds it (±inf
/// included) are recomputed by the scalar function after the vectorised pass.
macro_rules! unary_kernels {
    (@run $xs:ident, $out:ident, $elem:path, $scalar:ident) => {
        for (o, &x) in $out.iter_mut().zip($xs) {
            *o = $elem(x);
        }
    };
    (@run $xs:ident, $out:ident, $elem:path, $scalar:ident, $limit:expr) => {{
        let mut beyond = false;
        for (o, &x) in $out.iter_mut().zip($xs) {
            *o = $elem(x);
            beyond |= x.abs() > $limit;
        }
        if beyond {
            for (o, &x) in $out.iter_mut().zip($xs) {
                if x.abs() > $limit {
                    *o = $scalar(x);
                }
            }
        }
    }};
    ($($(#[$doc:meta])* $name:ident($t:ident) = $elem:path, $scalar:expr $(, beyond $limit:expr)?;)*) => {$(
        $(#[$doc])*
        #[multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
        pub fn $name(xs: &[$t], out: &mut [$t]) {
            let scalar: fn($t) -> $t = $scalar;
            if !const { selected_target!().supports_feature_str("fma") } {
                for (o, &x) in out.iter_mut().zip(xs) {
                    *o = scalar(x);
                }
                return;
            }
            unary_kernels!(@run xs, out, $elem, scalar $(, $limit)?);
        }
    )*};
}

/// Defines slice kernels `fn name(xs, ys, out)` of two arguments; with `direct`, elements where
/// the predicate is false are recomputed by the scalar function after the vectorised pass.
macro_rules! binary_kernels {
    (@run $xs:ident, $ys:ident, $out:ident, $elem:path, $scalar:ident) => {
        for ((o, &x), &y) in $out.iter_mut().zip($xs).zip($ys) {
            *o = $elem(x, y);
        }
    };
    (@run $xs:ident, $ys:ident, $out:ident, $elem:path, $scalar:ident, $direct:expr) => {{
        let mut patch = false;
        for ((o, &x), &y) in $out.iter_mut().zip($xs).zip($ys) {
            *o = $elem(x, y);
            patch |= !$direct(x, y);
        }
        if patch {
            for ((o, &x), &y) in $out.iter_mut().zip($xs).zip($ys) {
                if !$direct(x, y) {
                    *o = $scalar(x, y);
                }
            }
        }
    }};
    ($($(#[$doc:meta])* $name:ident($t:ident) = $elem:path, $scalar:expr $(, direct $direct:expr)?;)*) => {$(
        $(#[$doc])*
        #[multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
        pub fn $name(xs: &[$t], ys: &[$t], out: &mut [$t]) {
            let scalar: fn($t, $t) -> $t = $scalar;
            if !const { selected_target!().supports_feature_str("fma") } {
                for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
                    *o = scalar(x, y);
                }
                return;
            }
            binary_kernels!(@run xs, ys, out, $elem, scalar $(, $direct)?);
        }
    )*};
}

use consts::{c32, c64};
use exp_log::{f32k as el32, f64k as el64};
use hyper::{f32k as hy32, f64k as hy64};
use trig::{f32k as tr32, f64k as tr64};

unary_kernels! {
    /// float64 `expm1`.
    expm1_f64(f64) = el64::expm1, f64::exp_m1;
    /// float32 `expm1`.
    expm1_f32(f32) = el32::expm1, f32::exp_m1;
    /// float64 `log`.
    log_f64(f64) = el64::log, f64::ln;
    /// float32 `log`.
    log_f32(f32) = el32::log, f32::ln;
    /// float64 `log1p`.
    log1p_f64(f64) = el64::log1p, f64::ln_1p;
    /// float32 `log1p`.
    log1p_f32(f32) = el32::log1p, f32::ln_1p;
    /// float64 `log2`.
    log2_f64(f64) = el64::log2, f64::log2;
    /// float32 `log2`.
    log2_f32(f32) = el32::log2, f32::log2;
    /// float64 `log10`.
    log10_f64(f64) = el64::log10, f64::log10;
    /// float32 `log10`.
    log10_f32(f32) = el32::log10, f32::log10;
    /// float64 `sin`.
    sin_f64(f64) = tr64::sin, f64::sin, beyond c64::TRIG_LIMIT;
    /// float32 `sin`.
    sin_f32(f32) = tr32::sin, f32::sin, beyond c32::TRIG_LIMIT;
    /// float64 `cos`.
    cos_f64(f64) = tr64::cos, f64::cos, beyond c64::TRIG_LIMIT;
    /// float32 `cos`.
    cos_f32(f32) = tr32::cos, f32::cos, beyond c32::TRIG_LIMIT;
    /// float64 `tan`.
    tan_f64(f64) = tr64::tan, f64::tan, beyond c64::TRIG_LIMIT;
    /// float32 `tan` (its own polynomial).
    tan_f32(f32) = trig::tan_f32, f32::tan, beyond c32::TRIG_LIMIT;
    /// float64 `asin`.
    asin_f64(f64) = tr64::asin, f64::asin;
    /// float32 `asin`.
    asin_f32(f32) = tr32::asin, f32::asin;
    /// float64 `acos`.
    acos_f64(f64) = tr64::acos, f64::acos;
    /// float32 `acos`.
    acos_f32(f32) = tr32::acos, f32::acos;
    /// float64 `atan`.
    atan_f64(f64) = tr64::atan, f64::atan;
    /// float32 `atan`.
    atan_f32(f32) = tr32::atan, f32::atan;
    /// float64 `sinh`.
    sinh_f64(f64) = hy64::sinh, f64::sinh;
    /// float32 `sinh`.
    sinh_f32(f32) = hy32::sinh, f32::sinh;
    /// float64 `cosh`.
    cosh_f64(f64) = hy64::cosh, f64::cosh;
    /// float32 `cosh`.
    cosh_f32(f32) = hy32::cosh, f32::cosh;
    /// float64 `tanh`.
    tanh_f64(f64) = hy64::tanh, f64::tanh;
    /// float32 `tanh` (its own kernel: a Taylor polynomial near zero, exp beyond).
    tanh_f32(f32) = hyper::tanh_f32::<true>, f32::tanh;
    /// float64 `asinh`.
    asinh_f64(f64) = hy64::asinh, <f64 as Real>::asinh;
    /// float32 `asinh`.
    asinh_f32(f32) = hy32::asinh, <f32 as Real>::asinh;
    /// float64 `acosh`.
    acosh_f64(f64) = hy64::acosh, <f64 as Real>::acosh;
    /// float32 `acosh`.
    acosh_f32(f32) = hy32::acosh, <f32 as Real>::acosh;
    /// float64 `atanh`.
    atanh_f64(f64) = hy64::atanh, <f64 as Real>::atanh;
    /// float32 `atanh`.
    atanh_f32(f32) = hy32::atanh, <f32 as Real>::atanh;
}

binary_kernels! {
    /// float64 `atan2(y, x)`.
    atan2_f64(f64) = tr64::atan2, f64::atan2;
    /// float32 `atan2(y, x)`.
    atan2_f32(f32) = tr32::atan2, f32::atan2;
    /// float64 `pow`.
    pow_f64(f64) = pair::pow_f64, f64::powf, direct |x, y| pair::pow_direct(x, y, f64::MIN_POSITIVE);
    /// float32 `pow`, portable: [`pow_f32`] runs it where the CPU lacks AVX-512.
    pow_f32_portable(f32) = pair::pow_f32, f32::powf,
        direct |x: f32, y: f32| pair::pow_direct(f64::from(x), f64::from(y), f64::from(f32::MIN_POSITIVE));
    /// float64 `hypot`.
    hypot_f64(f64) = pair::hypot_f64, f64::hypot;
    /// float32 `hypot`.
    hypot_f32(f32) = pair::hypot_f32, f32::hypot;
    /// float64 `logaddexp`.
    logaddexp_f64(f64) = pair::logaddexp_f64, scalar_logaddexp::<f64>;
    /// float32 `logaddexp`.
    logaddexp_f32(f32) = pair::logaddexp_f32, scalar_logaddexp::<f32>;
}

/// float32 `pow`: the AVX-512 kernel (a float32-sized method, see `pow_avx512`) where the CPU
/// has AVX-512F and VL, the portable one otherwise.
pub fn pow_f32(xs: &[f32], ys: &[f32], out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if pow_avx512::pow_f32(xs, ys, out) {
        return;
    }
    pow_f32_portable(xs, ys, out);
}

/// Defines slice kernels `fn name(xs, out)` that only need the target to have a rounding
/// instruction (SSE4.1's `roundps`, AVX's, NEON's): compiled without one, as the baseline
/// x86-64 target is, `floor` and friends are library calls, one per element.
macro_rules! rounding_kernels {
    ($($(#[$doc:meta])* $name:ident($t:ident) = $method:ident;)*) => {$(
        $(#[$doc])*
        #[multiversion(targets("x86_64+avx2+fma", "x86_64+sse4.1", "aarch64+neon"))]
        pub fn $name(xs: &[$t], out: &mut [$t]) {
            for (o, &x) in out.iter_mut().zip(xs) {
                *o = x.$method();
            }
        }
    )*};
}

rounding_kernels! {
    /// float32 `floor`.
    floor_f32(f32) = floor;
    /// float64 `floor`.
    floor_f64(f64) = floor;
    /// float32 `ceil`.
    ceil_f32(f32) = ceil;
    /// float64 `ceil`.
    ceil_f64(f64) = ceil;
    /// float32 `trunc`.
    trunc_f32(f32) = trunc;
    /// float64 `trunc`.
    trunc_f64(f64) = trunc;
    /// float32 `round` (half to even).
    round_f32(f32) = round_ties_even;
    /// float64 `round` (half to even).
    round_f64(f64) = round_ties_even;
}
