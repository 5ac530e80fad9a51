//! Vectorisable `exp` for f32 and f64 slices, multiversioned for AVX-512, AVX2+FMA and the baseline.
//!
//! Method: clamp (NaN passes through), `n = round(x / ln 2)` by the add-a-magic-constant
//! trick (its low bits give `n` as an integer without a conversion), Cody–Waite reduction
//! `r = x - n ln2` with a split constant, a Taylor polynomial for `e^r` on `|r| <= ln2 / 2`
//! (truncation error well below half an ulp), and scaling by `2^n` as two exact power-of-two
//! factors so that results in the subnormal range round once and overflow gives infinity.

use multiversion::multiversion;
use multiversion::target::selected_target;

/// `a * b + c`, fused when the target has FMA (a const branch, folded away).
#[inline(always)]
pub fn madd<const FMA: bool>(a: f32, b: f32, c: f32) -> f32 {
    if FMA {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

#[inline(always)]
fn madd64<const FMA: bool>(a: f64, b: f64, c: f64) -> f64 {
    if FMA {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// `e^x` of one f32 (the body of [`exp_f32`], inlined into other vectorised kernels).
#[inline(always)]
pub fn exp1_f32<const FMA: bool>(x: f32) -> f32 {
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    const MAGIC: f32 = 12_582_912.0; // 1.5 * 2^23: adding it rounds to an integer.
    const LN2_HI: f32 = 0.693_359_4; // 0.693359375, exact in 9 bits so n * LN2_HI is exact.
    const LN2_LO: f32 = -2.121_944_4e-4;
    // Comparisons are false for NaN, so NaN reaches the polynomial and stays NaN.
    let xc = if x > 89.0 { 89.0 } else { x };
    let xc = if xc < -104.0 { -104.0 } else { xc };
    let t = madd::<FMA>(xc, LOG2E, MAGIC);
    let n_f = t - MAGIC;
    let n = (t.to_bits() as i32).wrapping_sub(MAGIC.to_bits() as i32);
    let r = (xc - n_f * LN2_HI) - n_f * LN2_LO;
    let mut p = 1.0 / 5040.0;
    p = madd::<FMA>(p, r, 1.0 / 720.0);
    p = madd::<FMA>(p, r, 1.0 / 120.0);
    p = madd::<FMA>(p, r, 1.0 / 24.0);
    p = madd::<FMA>(p, r, 1.0 / 6.0);
    p = madd::<FMA>(p, r, 0.5);
    p = madd::<FMA>(p, r, 1.0);
    p = madd::<FMA>(p, r, 1.0);
    let n1 = n >> 1;
    let n2 = n.wrapping_sub(n1);
    let s1 = f32::from_bits((n1.wrapping_add(127) << 23) as u32);
    let s2 = f32::from_bits((n2.wrapping_add(127) << 23) as u32);
    p * s1 * s2
}

#[inline(always)]
fn exp1_f64<const FMA: bool>(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const MAGIC: f64 = 6_755_399_441_055_744.0; // 1.5 * 2^52
    const LN2_HI: f64 = 6.931_471_803_691_238e-1; // low 21 bits zero
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    const INV_FACT: [f64; 14] = [
        1.0,
        1.0,
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5040.0,
        1.0 / 40320.0,
        1.0 / 362_880.0,
        1.0 / 3_628_800.0,
        1.0 / 39_916_800.0,
        1.0 / 479_001_600.0,
        1.0 / 6_227_020_800.0,
    ];
    let xc = if x > 710.0 { 710.0 } else { x };
    let xc = if xc < -746.0 { -746.0 } else { xc };
    let t = madd64::<FMA>(xc, LOG2E, MAGIC);
    let n_f = t - MAGIC;
    let n = (t.to_bits() as i64).wrapping_sub(MAGIC.to_bits() as i64);
    let r = (xc - n_f * LN2_HI) - n_f * LN2_LO;
    let mut p = INV_FACT[13];
    for k in (0..13).rev() {
        p = madd64::<FMA>(p, r, INV_FACT[k]);
    }
    let n1 = n >> 1;
    let n2 = n.wrapping_sub(n1);
    let s1 = f64::from_bits((n1.wrapping_add(1023) << 52) as u64);
    let s2 = f64::from_bits((n2.wrapping_add(1023) << 52) as u64);
    p * s1 * s2
}

/// `out[i] = exp(xs[i])` for f32 (max error about 1 ulp; NaN, ±inf, overflow and the
/// subnormal range handled).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
pub fn exp_f32(xs: &[f32], out: &mut [f32]) {
    if const { selected_target!().supports_feature_str("fma") } {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = exp1_f32::<true>(x);
        }
    } else {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = exp1_f32::<false>(x);
        }
    }
}

/// `out[i] = exp(xs[i])` for f64 (max error about 1 ulp).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
pub fn exp_f64(xs: &[f64], out: &mut [f64]) {
    if const { selected_target!().supports_feature_str("fma") } {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = exp1_f64::<true>(x);
        }
    } else {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = exp1_f64::<false>(x);
        }
    }
}
