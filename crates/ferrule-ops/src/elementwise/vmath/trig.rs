//! Trigonometric functions and their inverses, one element at a time, written once for both
//! precisions (the `trig!` macro, instantiated as the modules `f64k` and `f32k`).
//!
//! - sin, cos, tan: `x = n pi/2 + r` with pi/2 in three parts (with fused multiply-adds the
//!   first step is exact and the reduced `r` keeps its relative accuracy), sin and cos
//!   polynomials on `|r| <= pi/4`, the quadrant `n mod 4` picking and signing them; tan is their
//!   quotient. Arguments beyond `TRIG_LIMIT` are left to the scalar function (the caller patches
//!   them).
//! - asin, acos: `y = |x|` up to 1/2, else `y = sqrt((1 - |x|) / 2)` and the half-angle identity.
//! - atan, atan2: `t` in `[0, tan(pi/8)]` directly, up to `tan(3pi/8)` through
//!   `(t - 1) / (t + 1)` and pi/4, beyond through `-1/t` and pi/2: one division either way.

macro_rules! trig {
    ($m:ident, $t:ident, $i:ident, $c:ident) => {
        /// The trigonometric kernels of one precision.
        pub(in crate::elementwise) mod $m {
            use super::super::consts::$c as c;
            use super::super::Horner;

            /// `x = n pi/2 + r`: `(r, n)` (accurate for `|x| <= TRIG_LIMIT`).
            #[inline(always)]
            pub fn reduce_pio2(x: $t) -> ($t, $i) {
                let t = x.mul_add(c::TWO_OVER_PI, c::MAGIC);
                let nf = t - c::MAGIC;
                let n = (t.to_bits() as $i).wrapping_sub(c::MAGIC.to_bits() as $i);
                let r = (-nf).mul_add(c::PIO2_1, x);
                let r = (-nf).mul_add(c::PIO2_2, r);
                let r = (-nf).mul_add(c::PIO2_3, r);
                // n == 0: x itself (which keeps the sign of -0.0)
                (if n == 0 { x } else { r }, n)
            }

            /// sin(r) for `|r| <= pi/4` (keeps -0.0).
            #[inline(always)]
            fn sin_poly(r: $t) -> $t {
                let z = r * r;
                (r * z).mul_add(z.horner(&c::SIN), r)
            }

            /// cos(r) for `|r| <= pi/4`: `1 - z/2` rounded, plus its rounding error and the rest.
            #[inline(always)]
            fn cos_poly(r: $t) -> $t {
                let z = r * r;
                let hz = 0.5 * z;
                let w = 1.0 - hz;
                w + (((1.0 - w) - hz) + (z * z) * z.horner(&c::COS))
            }

            /// sin(x) for `|x| <= TRIG_LIMIT`.
            #[inline(always)]
            pub fn sin(x: $t) -> $t {
                let (r, n) = reduce_pio2(x);
                let (s, c) = (sin_poly(r), cos_poly(r));
                let v = if n & 1 == 0 { s } else { c };
                let v = if n & 2 == 0 { v } else { -v };
                // a zero keeps its sign (the polynomial's sum would not)
                if x == 0.0 {
                    x
                } else {
                    v
                }
            }

            /// cos(x) for `|x| <= TRIG_LIMIT` (sin one quadrant on).
            #[inline(always)]
            pub fn cos(x: $t) -> $t {
                let (r, n) = reduce_pio2(x);
                let n = n.wrapping_add(1);
                let (s, c) = (sin_poly(r), cos_poly(r));
                let v = if n & 1 == 0 { s } else { c };
                if n & 2 == 0 {
                    v
                } else {
                    -v
                }
            }

            /// tan(x) for `|x| <= TRIG_LIMIT`: `sin r / cos r`, or `-cos r / sin r` in odd quadrants
            /// (float32 has [`tan_f32`]: the quotient of float32 polynomials loses 3 ulp).
            #[allow(dead_code)]
            #[inline(always)]
            pub fn tan(x: $t) -> $t {
                let (r, n) = reduce_pio2(x);
                let (s, c) = (sin_poly(r), cos_poly(r));
                let odd = n & 1 != 0;
                let num = if odd { -c } else { s };
                let den = if odd { s } else { c };
                if x == 0.0 {
                    x
                } else {
                    num / den
                }
            }

            /// `(y, lo, big)` with `asin(y) = y + lo` (`lo` small against `y`), where `y = |x|`
            /// up to 1/2 (`big` false), else `y = sqrt((1 - |x|) / 2)` with the square root's
            /// rounding error carried in `lo` (NaN beyond 1).
            #[inline(always)]
            fn asin_core(x: $t) -> ($t, $t, bool) {
                let a = x.abs();
                let big = a > 0.5;
                // 1 - a is exact for a in [1/2, 1]
                let z = if big { 0.5 - 0.5 * a } else { a * a };
                let y = if big { z.sqrt() } else { a };
                // sqrt(z) - y = (z - y^2) / (2y), the residual exact with a fused multiply-add
                let den = if y == 0.0 { 1.0 } else { y + y };
                let fix = if big { (-y).mul_add(y, z) / den } else { 0.0 };
                (y, (y * z).mul_add(z.horner(&c::ASIN), fix), big)
            }

            /// The inverse sine (NaN outside `[-1, 1]`).
            #[inline(always)]
            pub fn asin(x: $t) -> $t {
                let (y, lo, big) = asin_core(x);
                // pi/2 - 2 asin(sqrt((1 - |x|) / 2)); pi/2 - 2y is exact or small against the result
                let v = if big { (c::PIO2_1 - 2.0 * y) + (c::PIO2_2 - 2.0 * lo) } else { y + lo };
                v.copysign(x)
            }

            /// The inverse cosine (NaN outside `[-1, 1]`).
            #[inline(always)]
            pub fn acos(x: $t) -> $t {
                let (y, lo, big) = asin_core(x);
                let small = c::PIO2_1 - ((y + lo).copysign(x) - c::PIO2_2);
                let pos = 2.0 * y + 2.0 * lo;
                let neg = (2.0 * c::PIO2_1 - 2.0 * y) + (2.0 * c::PIO2_2 - 2.0 * lo);
                if !big {
                    small
                } else if x > 0.0 {
                    pos
                } else {
                    neg
                }
            }

            /// atan(u) for `|u| <= tan(pi/8)` (a little more is fine).
            #[inline(always)]
            fn atan_poly(u: $t) -> $t {
                let z = u * u;
                (u * z).mul_add(z.horner(&c::ATAN), u)
            }

            /// The inverse tangent, in `[-pi/2, pi/2]`.
            #[inline(always)]
            pub fn atan(x: $t) -> $t {
                let a = x.abs();
                let far = a > c::TAN_3PI_8;
                let mid = a > c::TAN_PI_8;
                let num = if far {
                    -1.0
                } else if mid {
                    a - 1.0
                } else {
                    a
                };
                let den = if far {
                    a
                } else if mid {
                    a + 1.0
                } else {
                    1.0
                };
                let at = atan_poly(num / den);
                let hi = if far {
                    c::PIO2_1
                } else if mid {
                    c::PIO4_HI
                } else {
                    0.0
                };
                let lo = if far {
                    c::PIO2_2
                } else if mid {
                    c::PIO4_LO
                } else {
                    0.0
                };
                (hi + (at + lo)).copysign(x)
            }

            /// The angle of the point `(x, y)`, in `[-pi, pi]`, with C99's values at zeros and
            /// infinities (NaN if either is NaN).
            #[inline(always)]
            pub fn atan2(y: $t, x: $t) -> $t {
                let (ax, ay) = (x.abs(), y.abs());
                // infinities: both give the diagonal, one gives an axis
                let (xinf, yinf) = (ax == $t::INFINITY, ay == $t::INFINITY);
                let any_inf = xinf || yinf;
                let ax = if any_inf {
                    if xinf {
                        1.0
                    } else {
                        0.0
                    }
                } else {
                    ax
                };
                let ay = if any_inf {
                    if yinf {
                        1.0
                    } else {
                        0.0
                    }
                } else {
                    ay
                };
                let swap = ay > ax;
                let num = if swap { ax } else { ay };
                let den = if swap { ay } else { ax };
                // both zero: the angle of (±0, ±0) comes from the quadrant logic below
                let den = if den == 0.0 { 1.0 } else { den };
                let mid = num > c::TAN_PI_8 * den;
                let u = if mid { (num - den) / (num + den) } else { num / den };
                let at = atan_poly(u);
                // angle = m pi/4 + sign * at, m in 0..=4
                let m: $t = if mid { 1.0 } else { 0.0 };
                let m = if swap { 2.0 - m } else { m };
                let at = if swap { -at } else { at };
                let neg_x = x.is_sign_negative();
                let m = if neg_x { 4.0 - m } else { m };
                let at = if neg_x { -at } else { at };
                let v = m.mul_add(c::PIO4_HI, m.mul_add(c::PIO4_LO, at)).copysign(y);
                if x.is_nan() || y.is_nan() {
                    x + y
                } else {
                    v
                }
            }
        }
    };
}

trig!(f64k, f64, i64, c64);
trig!(f32k, f32, i32, c32);

/// float32 tan(x) for `|x| <= TRIG_LIMIT`: its own polynomial `r + r^3 TAN(r^2)` on the reduced
/// argument, `-1 / tan(r)` in odd quadrants (within 2 ulp; a quotient of the sin and cos
/// polynomials loses 3).
#[inline(always)]
pub(super) fn tan_f32(x: f32) -> f32 {
    use super::consts::c32;
    use super::Horner;
    let (r, n) = f32k::reduce_pio2(x);
    let z = r * r;
    let t = (r * z).mul_add(z.horner(&c32::TAN), r);
    let v = if n & 1 == 0 { t } else { -1.0 / t };
    if x == 0.0 {
        x
    } else {
        v
    }
}
