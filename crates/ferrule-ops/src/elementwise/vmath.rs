//! Vectorised real kernels beyond `exp` (which lives in [`super::simd`]): branch-free element
//! functions over slices, multiversioned for AVX-512, AVX2+FMA and the baseline, so the compiler
//! turns each loop into SIMD code. The scalar `f32::tanh` etc. remain the reference the tests
//! compare with and the path of every other dtype.

use multiversion::multiversion;
use multiversion::target::selected_target;

use super::simd::{exp1_f32, madd};

/// Below this magnitude tanh is the odd Taylor polynomial; above it `1 - 2 / (e^{2|x|} + 1)`,
/// whose subtraction no longer cancels (the result is at least 0.55).
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

#[inline(always)]
fn tanh1_f32<const FMA: bool>(x: f32) -> f32 {
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

/// `out[i] = tanh(xs[i])` for f32, within 2 ulp of the correctly rounded result (-0.0, ±inf,
/// NaN and subnormals as the scalar function gives them).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
pub(crate) fn tanh_f32(xs: &[f32], out: &mut [f32]) {
    if selected_target!().supports_feature_str("fma") {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = tanh1_f32::<true>(x);
        }
    } else {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = tanh1_f32::<false>(x);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distance in ulps between two f32 of the same sign (0 for two NaNs).
    fn ulps(a: f32, b: f32) -> u32 {
        if a == b || (a.is_nan() && b.is_nan()) {
            return 0;
        }
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
    }

    fn tanh_of(xs: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; xs.len()];
        tanh_f32(xs, &mut out);
        out
    }

    #[test]
    fn tanh_f32_specials() {
        let xs = [
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE / 8.0, // subnormal
            f32::from_bits(1),        // the smallest subnormal
            f32::MAX,
            f32::MIN,
            44.4, // 2|x| just past exp's overflow
            9.1,  // where float32 tanh reaches 1
            -9.1,
        ];
        let got = tanh_of(&xs);
        for (&x, &g) in xs.iter().zip(&got) {
            let want = x.tanh();
            assert!(
                (g.is_nan() && want.is_nan()) || (g == want && g.is_sign_negative() == want.is_sign_negative()),
                "tanh({x:e}) = {g:e}, want {want:e}"
            );
        }
    }

    #[test]
    fn tanh_f32_within_two_ulp_of_float64() {
        // every 97th float32 bit pattern from 0 up to 10 (where tanh is 1), both signs, plus a
        // dense walk around the polynomial/exp switch
        let mut xs: Vec<f32> = (0..10f32.to_bits()).step_by(97).map(f32::from_bits).collect();
        xs.extend((-2000..2000).map(|i| TANH_SMALL_F32 + i as f32 * 1e-6));
        let negatives: Vec<f32> = xs.iter().map(|x| -x).collect();
        xs.extend(negatives);
        let got = tanh_of(&xs);
        let mut worst = (0, 0.0f32);
        for (&x, &g) in xs.iter().zip(&got) {
            let want = (x as f64).tanh() as f32;
            let u = ulps(g, want);
            if u > worst.0 {
                worst = (u, x);
            }
        }
        assert!(worst.0 <= 2, "tanh worst error {} ulp at x = {:e}", worst.0, worst.1);
    }
}
