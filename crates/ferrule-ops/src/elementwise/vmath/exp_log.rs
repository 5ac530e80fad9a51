//! Exponentials and logarithms, one element at a time, written once for both precisions (the
//! `exp_log!` macro, instantiated as the modules `f64k` and `f32k`).
//!
//! - exp family: `x = n ln2 + r` with `|r| <= ln2/2` (Cody–Waite, the product `n * LN2_HI`
//!   exact), `expm1(r)` by its Taylor polynomial, then `2^n (1 + expm1(r)) - 1` assembled with
//!   one rounding.
//! - log family: `u = 2^k m` with `m` in `[sqrt(1/2), sqrt(2))`, `f = m - 1` (exact),
//!   `s = f / (2 + f)`, `log(1 + f) = 2s + s z LOG(z)` arranged so that `f`, exact, carries
//!   the result and the polynomial only a small correction; a caller may add `c / u` for an
//!   argument known as `u + c` (log1p and the inverse hyperbolics pass the rounding error of
//!   their `1 + w`).

macro_rules! exp_log {
    ($m:ident, $t:ident, $u:ident, $i:ident, $c:ident) => {
        /// The exponential and logarithm kernels of one precision.
        pub(in crate::elementwise) mod $m {
            use super::super::consts::$c as c;
            use super::super::Horner;

            /// `x = n ln2 + r`: `(r, n)`, `|r| <= ln2/2` plus rounding (NaN gives NaN and some n).
            #[inline(always)]
            pub fn reduce_ln2(x: $t) -> ($t, $i) {
                let t = x.mul_add(c::LOG2E, c::MAGIC);
                let nf = t - c::MAGIC;
                let n = (t.to_bits() as $i).wrapping_sub(c::MAGIC.to_bits() as $i);
                let r = (-nf).mul_add(c::LN2_HI, x);
                let r = (-nf).mul_add(c::LN2_LO, r);
                // n == 0: x itself (which keeps the sign of -0.0)
                (if n == 0 { x } else { r }, n)
            }

            /// `expm1(r)` for `|r| <= ln2/2` (a little more is fine).
            #[inline(always)]
            pub fn expm1_poly(r: $t) -> $t {
                (r * r).mul_add(r.horner(&c::EXPM1), r)
            }

            /// `2^n` for `n` in the normal exponent range.
            #[inline(always)]
            pub fn pow2i(n: $i) -> $t {
                $t::from_bits((n.wrapping_add(c::BIAS) as $u) << c::MANT)
            }

            /// `v * 2^n` for `n` up to twice the exponent range, as two exact scalings (so a
            /// result in the subnormal range rounds once).
            #[inline(always)]
            pub fn scale(v: $t, n: $i) -> $t {
                let n1 = n >> 1;
                v * pow2i(n1) * pow2i(n.wrapping_sub(n1))
            }

            /// `e^x`: +inf past `EXP_MAX`, 0 well below the subnormals (rounded once there). (The
            /// `exp` op itself uses [`super::super::super::simd`]; this one serves pow and logaddexp.)
            #[allow(dead_code)]
            #[inline(always)]
            pub fn exp(x: $t) -> $t {
                let xc = if x > c::EXP_MAX { c::EXP_MAX } else { x };
                let xc = if xc < -c::EXP_MAX - 40.0 { -c::EXP_MAX - 40.0 } else { xc };
                let (r, n) = reduce_ln2(xc);
                scale(1.0 + expm1_poly(r), n)
            }

            /// `e^x - 1`, accurate near zero; -1 below `EXPM1_MIN`, +inf past `EXP_MAX`.
            #[inline(always)]
            pub fn expm1(x: $t) -> $t {
                // comparisons are false for NaN, which passes through to the polynomial
                let xc = if x > c::EXP_MAX { c::EXP_MAX } else { x };
                let xc = if xc < c::EXPM1_MIN { c::EXPM1_MIN } else { xc };
                let (r, n) = reduce_ln2(xc);
                let q = expm1_poly(r);
                // 2^n (1 + q) - 1 = q 2^n + (2^n - 1), both terms exact: one rounding. Past the
                // largest power of two, the extra factor t (2 or 4) leaves the -1 negligible.
                let n1 = if n > c::BIAS { c::BIAS } else { n };
                let s = pow2i(n1);
                let big = q.mul_add(s, s - 1.0) * pow2i(n.wrapping_sub(n1));
                // n == 0 keeps q itself; a zero keeps its sign (the polynomial's sum would not)
                if x == 0.0 {
                    x
                } else if n == 0 {
                    q
                } else {
                    big
                }
            }

            /// `u = 2^k m` with `m` in `[sqrt(1/2), sqrt(2))`, for `u` positive and finite
            /// (subnormals included): `(k, m)`.
            #[inline(always)]
            fn split(u: $t) -> ($t, $t) {
                let sub = u < $t::MIN_POSITIVE;
                let us = if sub { u * c::TWO_MANT2 } else { u };
                let ix = us.to_bits();
                let tmp = ix.wrapping_sub(c::SQRT_HALF_BITS);
                let k = ((tmp as $i) >> c::MANT) as $t - if sub { c::MANT2_BITS } else { 0.0 };
                (k, $t::from_bits(ix.wrapping_sub(tmp & (<$u>::MAX << c::MANT))))
            }

            /// `log(1 + f) = f - hfsq + tail` for `1 + f` in `[sqrt(1/2), sqrt(2))`: `(hfsq,
            /// tail)`, both small against `f`, which carries the result exactly.
            #[inline(always)]
            fn log1p_small(f: $t) -> ($t, $t) {
                let s = f / (2.0 + f);
                let z = s * s;
                let r = z * z.horner(&c::LOG);
                let hfsq = 0.5 * f * f;
                (hfsq, s * (hfsq + r))
            }

            /// `k ln2 + f - hfsq + tail`, the sum ordered so the small parts round once.
            #[inline(always)]
            fn assemble(k: $t, f: $t, hfsq: $t, tail: $t) -> $t {
                k.mul_add(c::LN2_HI, f - (hfsq - k.mul_add(c::LN2_LO, tail)))
            }

            /// The parts of `log(u)` for `u` positive and finite: `log = k ln2 + f - hfsq + tail`
            /// with `f` exact and the rest small.
            #[inline(always)]
            pub fn log_parts(u: $t) -> ($t, $t, $t, $t) {
                let (k, m) = split(u);
                let f = m - 1.0;
                let (hfsq, tail) = log1p_small(f);
                (k, f, hfsq, tail)
            }

            /// `v` where `u` is positive and finite; log's value at the other `u`: -inf at zero,
            /// +inf at +inf, NaN below zero and at NaN.
            #[inline(always)]
            pub fn log_special(u: $t, v: $t) -> $t {
                if u > 0.0 && u < $t::INFINITY {
                    v
                } else if u == 0.0 {
                    $t::NEG_INFINITY
                } else if u > 0.0 {
                    u
                } else {
                    $t::NAN
                }
            }

            /// The natural logarithm.
            #[inline(always)]
            pub fn log(x: $t) -> $t {
                let (k, f, hfsq, tail) = log_parts(x);
                log_special(x, assemble(k, f, hfsq, tail))
            }

            /// `log(1 + w) + kplus ln2` (`kplus` a small integer), accurate for small `w`: the
            /// logarithm of `u = 1 + w` rounded, plus `c / u` for its rounding error `c` (exact:
            /// `w - (u - 1)`). (Computing `f` from `w` instead saves the division but costs more
            /// in integer work than it saves.)
            #[inline(always)]
            pub fn log1p_plus(w: $t, kplus: $t) -> $t {
                let u = 1.0 + w;
                // NaN at u = inf, which log_special ignores
                let c = w - (u - 1.0);
                let (k, m) = split(u);
                let f = m - 1.0;
                let (hfsq, tail) = log1p_small(f);
                log_special(u, assemble(k + kplus, f, hfsq, tail + c / u))
            }

            /// `log(1 + x)`, accurate near zero.
            #[inline(always)]
            pub fn log1p(x: $t) -> $t {
                let v = log1p_plus(x, 0.0);
                // a zero keeps its sign
                if x == 0.0 {
                    x
                } else {
                    v
                }
            }

            /// `k + (f + lo) * scale` summed in two parts (`|k| >= |f * scale|` or `k == 0`),
            /// with `kh + kl` the integer part times its own constant (`kh` exact).
            #[inline(always)]
            fn sum_parts(kh: $t, kl: $t, f: $t, lo: $t, hi_c: $t, lo_c: $t) -> $t {
                let ph = f * hi_c;
                let pl = f.mul_add(hi_c, -ph) + f.mul_add(lo_c, lo * hi_c);
                let s = kh + ph;
                let e = (kh - s) + ph;
                s + (e + (pl + kl))
            }

            /// The base-2 logarithm (exact at powers of two).
            #[inline(always)]
            pub fn log2(x: $t) -> $t {
                let (k, f, hfsq, tail) = log_parts(x);
                log_special(x, sum_parts(k, 0.0, f, tail - hfsq, c::LOG2E_HI, c::LOG2E_LO))
            }

            /// The base-10 logarithm.
            #[inline(always)]
            pub fn log10(x: $t) -> $t {
                let (k, f, hfsq, tail) = log_parts(x);
                let v = sum_parts(k * c::LOG10_2_HI, k * c::LOG10_2_LO, f, tail - hfsq, c::LOG10E_HI, c::LOG10E_LO);
                log_special(x, v)
            }
        }
    };
}

exp_log!(f64k, f64, u64, i64, c64);
exp_log!(f32k, f32, u32, i32, c32);
