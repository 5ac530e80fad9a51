//! Hyperbolic functions and their inverses, one element at a time, written once for both
//! precisions (the `hyper!` macro, instantiated as the modules `f64k` and `f32k`), from the
//! exp and log kernels of [`super::exp_log`]:
//!
//! - sinh: `(E + E / (E + 1)) / 2` with `E = expm1(|x|)` (no cancellation near zero), cosh:
//!   `(e + 1/e) / 2`; both `e^|x| / 2` past `HYPER_BIG`, scaled so they overflow only where
//!   the function does.
//! - tanh (float64; float32 keeps its own kernel below): `E / (E + 2)` with `E = expm1(2|x|)`.
//! - asinh, acosh, atanh: `log1p` of an argument `w` known with its rounding error, so small
//!   results keep their bits; `ln(2|x|)` past `ARC_HYPER_BIG`.

macro_rules! hyper {
    ($m:ident, $t:ident, $i:ident, $c:ident) => {
        /// The hyperbolic kernels of one precision.
        pub(in crate::elementwise) mod $m {
            use super::super::consts::$c as c;
            use super::super::exp_log::$m::{expm1_poly, log1p_plus, pow2i, reduce_ln2, scale};

            /// `(q, n)` with `e^a = 2^n (1 + q)` for `0 <= a`, clamped just past overflow
            /// (so `2^(n-1) (1 + q)` still overflows where `e^a / 2` does).
            #[inline(always)]
            fn exp_parts(a: $t) -> ($t, $i) {
                let ac = if a > c::EXP_MAX + 1.0 { c::EXP_MAX + 1.0 } else { a };
                let (r, n) = reduce_ln2(ac);
                (expm1_poly(r), n)
            }

            /// The hyperbolic sine.
            #[inline(always)]
            pub fn sinh(x: $t) -> $t {
                let a = x.abs();
                let (q, n) = exp_parts(a);
                let s = pow2i(n);
                let e = if n == 0 { q } else { q.mul_add(s, s - 1.0) };
                let small = 0.5 * (e + e / (e + 1.0));
                let big = scale(1.0 + q, n.wrapping_sub(1));
                (if a < c::HYPER_BIG { small } else { big }).copysign(x)
            }

            /// The hyperbolic cosine.
            #[inline(always)]
            pub fn cosh(x: $t) -> $t {
                let a = x.abs();
                let (q, n) = exp_parts(a);
                let e = (1.0 + q) * pow2i(n);
                let small = 0.5 * e + 0.5 / e;
                let big = scale(1.0 + q, n.wrapping_sub(1));
                if a < c::HYPER_BIG {
                    small
                } else {
                    big
                }
            }

            /// The hyperbolic tangent (float32 has its own kernel, [`super::tanh_f32`]).
            #[allow(dead_code)]
            #[inline(always)]
            pub fn tanh(x: $t) -> $t {
                let a = x.abs();
                let a2 = if a > c::TANH_ONE { c::TANH_ONE } else { a };
                let (r, n) = reduce_ln2(a2 + a2);
                let q = expm1_poly(r);
                let s = pow2i(n);
                let e = if n == 0 { q } else { q.mul_add(s, s - 1.0) };
                let t = e / (e + 2.0);
                (if a > c::TANH_ONE { 1.0 } else { t }).copysign(x)
            }

            /// `log1p(w)`, or `ln(2a)` when `big` (as `log1p(a - 1) + ln 2`).
            #[inline(always)]
            fn log1p_of(w: $t, a: $t, big: bool) -> $t {
                let w = if big { a - 1.0 } else { w };
                log1p_plus(w, if big { 1.0 } else { 0.0 })
            }

            /// The inverse hyperbolic sine.
            #[inline(always)]
            pub fn asinh(x: $t) -> $t {
                let a = x.abs();
                let big = a > c::ARC_HYPER_BIG;
                // asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2)))
                let w = a + a * a / (1.0 + a.mul_add(a, 1.0).sqrt());
                log1p_of(w, a, big).copysign(x)
            }

            /// The inverse hyperbolic cosine (NaN below 1).
            #[inline(always)]
            pub fn acosh(x: $t) -> $t {
                let t = x - 1.0;
                let big = x > c::ARC_HYPER_BIG;
                // acosh(x) = log1p(t + sqrt(t (t + 2))), t = x - 1 (exact)
                let w = t + (t * (t + 2.0)).sqrt();
                let v = log1p_of(w, x, big);
                if x >= 1.0 {
                    v
                } else {
                    $t::NAN
                }
            }

            /// The inverse hyperbolic tangent (±inf at ±1, NaN beyond).
            #[inline(always)]
            pub fn atanh(x: $t) -> $t {
                let a = x.abs();
                // atanh(a) = log1p(2a + 2a^2 / (1 - a)) / 2
                let w = (a + a).mul_add(a / (1.0 - a), a + a);
                let v = (0.5 * log1p_of(w, a, false)).copysign(x);
                // beyond 1 the rewritten argument can cancel to a harmless value: NaN explicitly
                if a > 1.0 {
                    $t::NAN
                } else {
                    v
                }
            }
        }
    };
}

hyper!(f64k, f64, i64, c64);
hyper!(f32k, f32, i32, c32);

/// Below this magnitude float32 tanh is the odd Taylor polynomial; above it
/// `1 - 2 / (e^{2|x|} + 1)`, whose subtraction no longer cancels (the result is at least 0.55).
const TANH_SMALL_F32: f32 = 0.625;

/// The odd Taylor coefficients of tanh from x^3 to x^21 (x^1's is 1). At |x| = 0.625 the first
/// term left out is 1.2e-9 of the result, far below float32's half ulp (3e-8).
const TANH_TAYLOR: [f32; 10] = [
    -0.333_333_34,
    0.133_333_33,
    -0.053_968_254,
    0.021_869_488,
    -0.008_863_236,
    0.003_592_128,
    -0.001_455_834_4,
    0.000_590_027_4,
    -0.000_239_129_1,
    0.000_096_915_38,
];

/// float32 tanh, within 2 ulp: the Taylor polynomial near zero, the exponential beyond.
#[inline(always)]
pub(super) fn tanh_f32<const FMA: bool>(x: f32) -> f32 {
    use super::super::simd::{exp1_f32, madd};
    let a = x.abs();
    // small: x + x^3 P(x^2), Horner in x^2 (the x^3 P term is at most 0.14 x, so its rounding
    // errors shrink by that much in the sum)
    let x2 = x * x;
    let mut p = TANH_TAYLOR[9];
    for &c in TANH_TAYLOR[..9].iter().rev() {
        p = madd::<FMA>(p, x2, c);
    }
    // (tanh is odd: the sign is x's, which also keeps -0.0, where the sum would give +0.0)
    let small = madd::<FMA>(x * x2, p, x).copysign(x);
    // large: exp of 2|x| (clamped inside exp: +inf and overflow give 1; NaN stays NaN)
    let e = exp1_f32::<FMA>(a + a);
    let large = (1.0 - 2.0 / (e + 1.0)).copysign(x);
    // NaN compares false and takes the large branch, which keeps it NaN
    if a < TANH_SMALL_F32 {
        small
    } else {
        large
    }
}
