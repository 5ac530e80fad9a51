//! Complex elementary functions on `Complex<f64>`, accurate over the whole plane.
//!
//! Every function follows the Array API standard's special-value tables (which are C99
//! Annex G's): signed zeros select the side of a branch cut, infinities and NaNs give the
//! tabulated results, and large or tiny magnitudes use rearranged formulas instead of
//! overflowing or underflowing in an intermediate. complex64 is computed here too (widened to
//! f64 and rounded once at the end), which keeps it within an ulp or two of complex128.
//!
//! The inverse sine/cosine core follows Hull, Fairgrieve and Tang ("Implementing the complex
//! arcsine and arccosine functions using exception handling", ACM TOMS 1997); the inverse
//! hyperbolic tangent uses Kahan's rearrangements ("Branch cuts for complex elementary
//! functions", 1987).

use num_complex::Complex;
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, LN_2, PI};

type C = Complex<f64>;

const EPS: f64 = f64::EPSILON;
/// Above this magnitude, `|z| ± 1` and `z² ± 1` equal `|z|` and `z²` to working precision.
const BIG: f64 = 1.0 / f64::EPSILON;
/// `3π/4`, the angle of the `(-inf, +inf)` corner.
const FRAC_3PI_4: f64 = 3.0 * FRAC_PI_4;

/// `re + im i`.
#[inline(always)]
pub fn c(re: f64, im: f64) -> C {
    Complex::new(re, im)
}

/// `ln(hypot(x, y))` without overflow for huge arguments, without loss of precision for tiny
/// ones, and accurate (double-word arithmetic) where `|z|` is close to 1.
fn ln_hypot(x: f64, y: f64) -> f64 {
    let (x, y) = (x.abs(), y.abs());
    if x.is_infinite() || y.is_infinite() {
        return f64::INFINITY; // even beside a NaN: |inf + i NaN| is inf
    }
    let (hi, lo) = if x >= y { (x, y) } else { (y, x) };
    if hi.is_nan() || lo.is_nan() {
        return f64::NAN;
    }
    if hi == 0.0 {
        return f64::NEG_INFINITY;
    }
    if (0.5..=2.0).contains(&hi) && lo < 2.0 {
        // |z|² - 1 = (hi² - 1) + lo², each square split exactly by an fma; hi² - 1 is exact by
        // Sterbenz's lemma once hi² is in [1/4, 4].
        let hh = hi * hi;
        let hl = hi.mul_add(hi, -hh);
        let lh = lo * lo;
        let ll = lo.mul_add(lo, -lh);
        let t = hh - 1.0;
        let (s, e) = two_sum(t, lh);
        return 0.5 * (s + (e + hl + ll)).ln_1p();
    }
    if hi > 1e300 {
        return (hi * 0.5).hypot(lo * 0.5).ln() + LN_2;
    }
    if hi < 1e-300 {
        const SCALE: f64 = 18014398509481984.0; // 2^54
        return (hi * SCALE).hypot(lo * SCALE).ln() - 54.0 * LN_2;
    }
    hi.hypot(lo).ln()
}

/// Knuth's error-free sum: `a + b = s + e` exactly.
#[inline(always)]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `exp(z)`.
pub fn exp(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b == 0.0 {
        return c(a.exp(), b);
    }
    if a.is_infinite() {
        if b.is_finite() {
            return if a > 0.0 { c(a * b.cos(), a * b.sin()) } else { c(0.0 * b.cos(), 0.0 * b.sin()) };
        }
        return if a > 0.0 { c(a, f64::NAN) } else { c(0.0, 0.0) };
    }
    if !a.is_finite() || !b.is_finite() {
        return c(f64::NAN, f64::NAN);
    }
    let (s, co) = b.sin_cos();
    if a > 709.0 {
        // exp(a) overflows although exp(a) * cos(b) may not: split the exponential in two.
        let h = (0.5 * a).exp();
        return c((h * co) * h, (h * s) * h);
    }
    let e = a.exp();
    c(e * co, e * s)
}

/// `exp(z) - 1`, without cancellation near 0.
pub fn expm1(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b == 0.0 {
        return c(a.exp_m1(), b);
    }
    if a.is_infinite() {
        if a < 0.0 {
            return c(-1.0, if b.is_finite() { 0.0 * b.sin() } else { 0.0 });
        }
        return if b.is_finite() { c(a * b.cos(), a * b.sin()) } else { c(a, f64::NAN) };
    }
    if !a.is_finite() || !b.is_finite() {
        return c(f64::NAN, f64::NAN);
    }
    if a > 40.0 {
        // The 1 is below half an ulp of exp(a) there.
        let e = exp(z);
        return c(e.re - 1.0, e.im);
    }
    let (s, co) = b.sin_cos();
    let h = (0.5 * b).sin();
    // Re = e^a cos b - 1 = expm1(a) cos b - 2 sin²(b/2).
    c(a.exp_m1() * co - 2.0 * h * h, a.exp() * s)
}

/// The principal logarithm.
pub fn log(z: C) -> C {
    c(ln_hypot(z.re, z.im), z.im.atan2(z.re))
}

/// `log(1 + z)`, accurate near 0.
pub fn log1p(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if !a.is_finite() || !b.is_finite() || a.abs() > 1e300 || b.abs() > 1e300 {
        // 1 is negligible (or absorbed by an infinity or NaN).
        return log(c(a + 1.0, b));
    }
    let u = a + 1.0;
    let im = b.atan2(u);
    if a.abs() < 2.0 && b.abs() < 2.0 && u.hypot(b) >= 0.5 {
        // ln|1 + z| = log1p(t) / 2 with t = |1 + z|² - 1 = 2a + a² + b², summed in double-word
        // arithmetic from the exact squares: 1 + a would drop a's last bits, and t cancels near
        // the circle |1 + z| = 1.
        let ah = a * a;
        let al = a.mul_add(a, -ah);
        let bh = b * b;
        let bl = b.mul_add(b, -bh);
        let (s1, e1) = two_sum(2.0 * a, ah);
        let (s2, e2) = two_sum(s1, bh);
        let t = s2 + (e1 + e2 + al + bl);
        return c(0.5 * t.ln_1p(), im);
    }
    // Near -1 (u is exact there, by Sterbenz's lemma) or far from 0.
    c(ln_hypot(u, b), im)
}

/// `log2(z)`.
pub fn log2(z: C) -> C {
    let l = log(z);
    c(l.re / LN_2, l.im / LN_2)
}

/// `log10(z)`.
pub fn log10(z: C) -> C {
    let l = log(z);
    c(l.re / std::f64::consts::LN_10, l.im / std::f64::consts::LN_10)
}

/// The principal square root (real part ≥ 0, cut along the negative real axis).
pub fn sqrt(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b.is_infinite() {
        return c(f64::INFINITY, b);
    }
    if a.is_nan() {
        return c(f64::NAN, f64::NAN);
    }
    if b.is_nan() {
        return if a == f64::INFINITY {
            c(a, b)
        } else if a == f64::NEG_INFINITY {
            c(f64::NAN, f64::INFINITY)
        } else {
            c(f64::NAN, f64::NAN)
        };
    }
    if a.is_infinite() {
        return if a > 0.0 { c(a, 0.0f64.copysign(b)) } else { c(0.0, f64::INFINITY.copysign(b)) };
    }
    if a == 0.0 && b == 0.0 {
        return c(0.0, b);
    }
    // Scale so that |a| + |z| neither overflows nor loses bits to underflow; the scale is an
    // even power of two, so its square root is exact.
    let m = a.abs().max(b.abs());
    let (sa, sb, unscale) = if m > 1e300 {
        (a * 0.25, b * 0.25, 2.0)
    } else if m < 1e-300 {
        const UP: f64 = 18014398509481984.0; // 2^54
        (a * UP, b * UP, 1.0 / 134217728.0) // 2^-27
    } else {
        (a, b, 1.0)
    };
    let t = (0.5 * (sa.abs() + sa.hypot(sb))).sqrt();
    if sa >= 0.0 {
        c(t * unscale, (sb / (2.0 * t)) * unscale)
    } else {
        c((sb.abs() / (2.0 * t)) * unscale, t.copysign(sb) * unscale)
    }
}

/// `sinh(z)`.
pub fn sinh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if a.is_finite() && b.is_finite() {
        if b == 0.0 {
            return c(a.sinh(), b);
        }
        let (s, co) = b.sin_cos();
        if a.abs() > 709.0 {
            // sinh(a) ≈ cosh(a) ≈ e^|a| / 2, split so the product with cos/sin can stay finite.
            let h = (0.5 * a.abs()).exp();
            let hh = 0.5 * h;
            let sign = if a < 0.0 { -1.0 } else { 1.0 };
            return c(sign * ((hh * co) * h), (hh * s) * h);
        }
        return c(a.sinh() * co, a.cosh() * s);
    }
    if a.is_nan() {
        return if b == 0.0 { c(a, b) } else { c(f64::NAN, f64::NAN) };
    }
    if a.is_infinite() {
        if b == 0.0 {
            return c(a, b);
        }
        if b.is_finite() {
            let (s, co) = b.sin_cos();
            return c(a * co, f64::INFINITY * s);
        }
        return c(a, f64::NAN);
    }
    // a finite, b infinite or NaN.
    if a == 0.0 {
        c(a, f64::NAN)
    } else {
        c(f64::NAN, f64::NAN)
    }
}

/// `cosh(z)`.
pub fn cosh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if a.is_finite() && b.is_finite() {
        if b == 0.0 {
            // Im = sinh(a) * b: a zero whose sign is the product of the signs.
            return c(a.cosh(), 0.0f64.copysign(a) * b);
        }
        let (s, co) = b.sin_cos();
        if a.abs() > 709.0 {
            let h = (0.5 * a.abs()).exp();
            let hh = 0.5 * h;
            let sign = if a < 0.0 { -1.0 } else { 1.0 };
            return c((hh * co) * h, sign * ((hh * s) * h));
        }
        return c(a.cosh() * co, a.sinh() * s);
    }
    if a.is_nan() {
        return if b == 0.0 { c(a, b) } else { c(f64::NAN, f64::NAN) };
    }
    if a.is_infinite() {
        if b == 0.0 {
            return c(f64::INFINITY, 0.0f64.copysign(a) * b);
        }
        if b.is_finite() {
            let (s, co) = b.sin_cos();
            return c(f64::INFINITY * co, a * s);
        }
        return c(f64::INFINITY, f64::NAN);
    }
    if a == 0.0 {
        c(f64::NAN, 0.0)
    } else {
        c(f64::NAN, f64::NAN)
    }
}

/// `tanh(z)`.
pub fn tanh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if a.is_finite() && b.is_finite() {
        if b == 0.0 {
            return c(a.tanh(), b);
        }
        if a.abs() > 22.0 {
            // tanh(a) rounds to ±1 and the imaginary part is 4 sin b cos b e^(-2|a|).
            let (s, co) = b.sin_cos();
            let e = (-2.0 * a.abs()).exp();
            return c(1.0f64.copysign(a), 4.0 * s * co * e);
        }
        // Kahan's formula: no overflow and no cancellation for finite arguments.
        let t = b.tan();
        let beta = 1.0 + t * t;
        let s = a.sinh();
        let rho = (1.0 + s * s).sqrt();
        let d = 1.0 + beta * s * s;
        return c(beta * rho * s / d, t / d);
    }
    if a.is_nan() {
        return if b == 0.0 { c(a, b) } else { c(f64::NAN, f64::NAN) };
    }
    if a.is_infinite() {
        let im = if b.is_finite() { 0.0f64.copysign((2.0 * b).sin()) } else { 0.0f64.copysign(b) };
        return c(1.0f64.copysign(a), im);
    }
    if a == 0.0 {
        c(a, f64::NAN)
    } else {
        c(f64::NAN, f64::NAN)
    }
}

/// Rotates `z` by `i`: the `iz` the trigonometric functions are defined through.
#[inline(always)]
fn times_i(z: C) -> C {
    c(-z.im, z.re)
}

/// Rotates `z` by `-i`.
#[inline(always)]
fn times_minus_i(z: C) -> C {
    c(z.im, -z.re)
}

/// `sin(z) = -i sinh(iz)`.
pub fn sin(z: C) -> C {
    times_minus_i(sinh(times_i(z)))
}

/// `cos(z) = cosh(iz)`.
pub fn cos(z: C) -> C {
    cosh(times_i(z))
}

/// `tan(z) = -i tanh(iz)`.
pub fn tan(z: C) -> C {
    times_minus_i(tanh(times_i(z)))
}

/// Hull, Fairgrieve and Tang's core for finite `x, y ≥ 0`: `(asin re, acos re, |asin im|)`.
fn hull(x: f64, y: f64) -> (f64, f64, f64) {
    if x > BIG || y > BIG {
        // A = |z| to working precision, and ln(A + sqrt(A² - 1)) = ln|z| + ln 2.
        let im = ln_hypot(x, y) + LN_2;
        return (x.atan2(y), y.atan2(x), im);
    }
    const B_CROSS: f64 = 0.6417;
    const A_CROSS: f64 = 1.5;
    let xp1 = x + 1.0;
    let xm1 = x - 1.0;
    let r = xp1.hypot(y);
    let s = xm1.hypot(y);
    let a = 0.5 * (r + s);
    let b = x / a;
    let (asin_re, acos_re) = if b <= B_CROSS {
        (b.asin(), b.acos())
    } else if x <= 1.0 {
        let d = (0.5 * (a + x) * (y * y / (r + xp1) + (s - xm1))).sqrt();
        ((x / d).atan(), (d / x).atan())
    } else {
        let apx = a + x;
        let d = y * (0.5 * (apx / (r + xp1) + apx / (s + xm1))).sqrt();
        ((x / d).atan(), (d / x).atan())
    };
    let im = if y < EPS * xm1.abs() {
        // y is negligible next to |x - 1|: the limits on the real axis.
        if x < 1.0 {
            y / ((1.0 - x) * (1.0 + x)).sqrt()
        } else {
            (xm1 + (xm1 * xp1).sqrt()).ln_1p()
        }
    } else if a <= A_CROSS {
        let am1 =
            if x < 1.0 { 0.5 * (y * y / (r + xp1) + y * y / (s - xm1)) } else { 0.5 * (y * y / (r + xp1) + (s + xm1)) };
        (am1 + (am1 * (a + 1.0)).sqrt()).ln_1p()
    } else {
        (a + (a * a - 1.0).sqrt()).ln()
    };
    (asin_re, acos_re, im)
}

/// `asinh(z)`.
pub fn asinh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    let (x, y) = (a.abs(), b.abs());
    if a.is_nan() || b.is_nan() {
        return if x.is_infinite() {
            c(a, f64::NAN)
        } else if y.is_infinite() {
            c(f64::INFINITY, f64::NAN)
        } else if b == 0.0 {
            c(f64::NAN, b)
        } else {
            c(f64::NAN, f64::NAN)
        };
    }
    if x.is_infinite() || y.is_infinite() {
        let im = if x.is_infinite() && y.is_infinite() {
            FRAC_PI_4
        } else if y.is_infinite() {
            FRAC_PI_2
        } else {
            0.0
        };
        return c(f64::INFINITY.copysign(a), im.copysign(b));
    }
    // asinh(z) = i asin(-iz); with -iz = (y, x) in the first quadrant.
    let (asin_re, _, im) = hull(y, x);
    c(im.copysign(a), asin_re.copysign(b))
}

/// `asin(z) = -i asinh(iz)`.
pub fn asin(z: C) -> C {
    times_minus_i(asinh(times_i(z)))
}

/// `acos(z)`.
pub fn acos(z: C) -> C {
    let (a, b) = (z.re, z.im);
    let (x, y) = (a.abs(), b.abs());
    let neg_im = |v: f64| if b.is_sign_negative() { v } else { -v };
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && y.is_infinite() {
            c(f64::NAN, -b)
        } else if b.is_nan() && x.is_infinite() {
            c(f64::NAN, f64::INFINITY)
        } else if b.is_nan() && a == 0.0 {
            c(FRAC_PI_2, f64::NAN)
        } else {
            c(f64::NAN, f64::NAN)
        };
    }
    if x.is_infinite() || y.is_infinite() {
        let re = match (x.is_infinite(), y.is_infinite()) {
            (true, true) => {
                if a > 0.0 {
                    FRAC_PI_4
                } else {
                    FRAC_3PI_4
                }
            }
            (true, false) => {
                if a > 0.0 {
                    0.0
                } else {
                    PI
                }
            }
            _ => FRAC_PI_2,
        };
        return c(re, neg_im(f64::INFINITY));
    }
    let (_, acos_re, im) = hull(x, y);
    let re = if a.is_sign_negative() { PI - acos_re } else { acos_re };
    c(re, neg_im(im))
}

/// `acosh(z)`: `±i acos(z)`, the sign chosen to give a non-negative real part.
pub fn acosh(z: C) -> C {
    let w = acos(z);
    if z.re == 0.0 && z.im.is_nan() {
        return c(f64::NAN, FRAC_PI_2);
    }
    c(w.im.abs(), w.re.copysign(z.im))
}

/// `atanh(z)`.
pub fn atanh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    let (x, y) = (a.abs(), b.abs());
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && y.is_infinite() {
            c(0.0, FRAC_PI_2.copysign(b))
        } else if b.is_nan() && (x.is_infinite() || a == 0.0) {
            c(0.0f64.copysign(a), f64::NAN)
        } else {
            c(f64::NAN, f64::NAN)
        };
    }
    if x.is_infinite() || y.is_infinite() {
        return c(0.0f64.copysign(a), FRAC_PI_2.copysign(b));
    }
    if x == 1.0 && y == 0.0 {
        return c(f64::INFINITY.copysign(a), b);
    }
    let (re, im) = if x > BIG || y > BIG {
        // atanh(z) = 1/z + O(1/z³): Re = x / |z|², Im = ±π/2.
        let h = x.hypot(y);
        ((x / h) / h, FRAC_PI_2)
    } else {
        let xm = 1.0 - x;
        let im = 0.5 * (2.0 * y).atan2(xm * (1.0 + x) - y * y);
        let d = xm.hypot(y);
        let re = if d < 0.5 {
            // Near the singularity at 1: Re = (ln|1 + z| - ln|1 - z|) / 2, no cancellation.
            0.5 * (ln_hypot(1.0 + x, y) - ln_hypot(xm, y))
        } else {
            0.25 * (4.0 * x / (xm * xm + y * y)).ln_1p()
        };
        (re, im)
    };
    c(re.copysign(a), im.copysign(b))
}

/// `atan(z) = -i atanh(iz)`.
pub fn atan(z: C) -> C {
    times_minus_i(atanh(times_i(z)))
}
