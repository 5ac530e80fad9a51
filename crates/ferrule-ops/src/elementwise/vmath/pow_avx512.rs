//! float32 `pow` with AVX-512: `2^(y log2 x)` in float64, eight elements a step.
//!
//! The portable kernel ([`super::pair::pow_f32`]) spends a division and two long polynomials
//! per element, as it reuses float64's `log` and `exp`; float32 needs far less, and the
//! instructions AVX-512 adds (two-register permutes, `vscalefpd`, masked loads) do the rest.
//! Here:
//!
//! - `x = 2^k z` with `z` in `[0.699, 1.398)` (integer operations on the bits), and
//!   `log2 x = k + log2 c + log2(1 + r)`, where `c` is the centre of the sixteenth of that range
//!   holding `z` (exactly 1 for the sixteenth that holds 1, so `log2 x` keeps its relative
//!   accuracy near `x = 1`) and `r = z (1/c) - 1`, one fused multiply-add (`|r| < 0.0297`).
//!   `1/c` and `log2 c` come from a 16-entry table held in two registers each and read with
//!   one permute (`vpermt2pd`) per eight lanes: no gathers. `log2(1 + r) = r q(r)`, `q` of
//!   degree 5 (relative error 2^-38, a least-squares fit on Chebyshev nodes).
//! - `t = y log2 x`; `2^t = 2^n 2^f` with `n = round(t)` and `|f| <= 1/2`, `2^f = 1 + f p(f)`,
//!   `p` of degree 6 (relative error 2^-33), times `2^n` by `vscalefpd` (exact, and it
//!   overflows to infinity and underflows to zero as `x^y` does, with no clamping).
//!
//! The step is throughput-bound (about 22 float64 vector operations per eight lanes, most on
//! the two FMA pipes): Horner's scheme beats Estrin's here, and the scalar patches run as a
//! second pass so that the loop keeps every constant in a register.
//!
//! For any result in float32's range (`|t| < 150`) the error of `t` stays below about 2^-30, so
//! the float64 result is within 2^-29 of `x^y` and the float32 result within 0.53 ulp. Zeros,
//! negatives, subnormals, infinities and NaN (of either argument) take the scalar function,
//! as in the portable kernel.

use std::arch::x86_64::*;
use std::sync::OnceLock;

/// Bits of the lowest `z`: `x`'s bits less this have the exponent `k` in their top nine bits.
const OFF: u32 = 0x3f33_0000;

/// `q(r) = log2(1 + r) / r` on `|r| < 0.0297`, constant term first.
const LOG2_Q: [f64; 6] = [
    1.442_695_040_893_325_7,
    -0.721_347_520_446_935_8,
    0.480_898_257_524_075_8,
    -0.360_673_688_171_164_4,
    0.288_810_621_912_289_84,
    -0.240_681_181_669_882_78,
];

/// `p(f) = (2^f - 1) / f` on `|f| <= 1/2`, constant term first.
const EXP2_P: [f64; 7] = [
    0.693_147_180_584_622_3,
    0.240_226_509_195_217_3,
    0.055_504_107_054_029_58,
    0.009_618_057_122_049_22,
    0.001_333_369_323_883_366,
    0.000_154_613_026_425_494_75,
    1.524_635_833_849_133_2e-5,
];

/// `1/c` and `log2 c` for the sixteen sixteenths of `[0.699, 1.398)`.
struct Table {
    inv_c: [f64; 16],
    log2_c: [f64; 16],
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Table { inv_c: [0.0; 16], log2_c: [0.0; 16] };
        for i in 0..16 {
            let lo = f64::from(f32::from_bits(OFF + ((i as u32) << 19)));
            let hi = f64::from(f32::from_bits(OFF + ((i as u32 + 1) << 19)));
            // any 1/c works, as long as log2 c is its own: log2 x = k + log2(z/c) + log2 c
            let inv_c = if lo <= 1.0 && 1.0 < hi { 1.0 } else { 2.0 / (lo + hi) };
            t.inv_c[i] = inv_c;
            t.log2_c[i] = -inv_c.log2();
        }
        t
    })
}

/// Whether this CPU runs the AVX-512 kernel, checked once.
fn available() -> bool {
    static AVX512: OnceLock<bool> = OnceLock::new();
    *AVX512.get_or_init(|| is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vl"))
}

/// `out[i] = xs[i]^ys[i]` (the three of one length); false, leaving `out` untouched, when the
/// CPU lacks AVX-512F and VL (the caller runs the portable kernel).
pub(super) fn pow_f32(xs: &[f32], ys: &[f32], out: &mut [f32]) -> bool {
    if !available() {
        return false;
    }
    let n = out.len().min(xs.len()).min(ys.len());
    // SAFETY: the CPU has AVX-512F and VL (checked above); the three pointers are valid for `n`
    // elements, `out`'s exclusively (a `&mut`).
    unsafe { run(xs.as_ptr(), ys.as_ptr(), out.as_mut_ptr(), n, table()) };
    true
}

/// The registers a step needs besides its data: the table and the polynomials (held in
/// registers for the whole loop, which calls nothing).
#[derive(Clone, Copy)]
struct Consts {
    inv_c: [__m512d; 2],
    log2_c: [__m512d; 2],
    q: [__m512d; 6],
    p: [__m512d; 7],
}

/// `out[i] = xs[i]^ys[i]` for `i < n`: eight lanes a step (the last one masked), then the
/// arguments the method does not cover ([`covered`]) recomputed by the scalar function.
///
/// # Safety
///
/// The CPU has AVX-512F and VL; `xs` and `ys` are readable and `out` writable for `n` elements,
/// `out` overlapping neither.
#[target_feature(enable = "avx512f,avx512vl")]
unsafe fn run(xs: *const f32, ys: *const f32, out: *mut f32, n: usize, t: &Table) {
    // SAFETY: each table is 16 float64s, read as two vectors of eight
    let (inv_c, log2_c) = unsafe {
        (
            [_mm512_loadu_pd(t.inv_c.as_ptr()), _mm512_loadu_pd(t.inv_c.as_ptr().add(8))],
            [_mm512_loadu_pd(t.log2_c.as_ptr()), _mm512_loadu_pd(t.log2_c.as_ptr().add(8))],
        )
    };
    let mut k = Consts { inv_c, log2_c, q: [_mm512_setzero_pd(); 6], p: [_mm512_setzero_pd(); 7] };
    for (v, c) in k.q.iter_mut().zip(LOG2_Q) {
        *v = _mm512_set1_pd(c);
    }
    for (v, c) in k.p.iter_mut().zip(EXP2_P) {
        *v = _mm512_set1_pd(c);
    }
    // the patches are a second pass: a call in the loop would evict the constants' registers
    let mut patch = 0u8;
    let mut i = 0;
    while i < n {
        let lanes = (n - i).min(8);
        let mask: __mmask8 = if lanes == 8 { 0xff } else { (1u8 << lanes) - 1 };
        // SAFETY: lanes `i..i + lanes` are in bounds of all three; masked-off lanes are neither
        // read nor written (AVX-512 suppresses their faults)
        let (x, y) = unsafe { (_mm256_maskz_loadu_ps(mask, xs.add(i)), _mm256_maskz_loadu_ps(mask, ys.add(i))) };
        let (r, direct) = step(x, y, &k);
        // SAFETY: as above
        unsafe { _mm256_mask_storeu_ps(out.add(i), mask, r) };
        patch |= mask & !direct;
        i += lanes;
    }
    if patch != 0 {
        for j in 0..n {
            // SAFETY: `j < n`, in bounds of all three
            unsafe {
                let (x, y) = (*xs.add(j), *ys.add(j));
                if !covered(x, y) {
                    *out.add(j) = f32::powf(x, y);
                }
            }
        }
    }
}

/// The arguments the method covers: positive, normal and finite `x`, finite `y`.
#[inline(always)]
fn covered(x: f32, y: f32) -> bool {
    x.to_bits().wrapping_sub(0x0080_0000) < 0x7f00_0000 && (y.to_bits() & 0x7fff_ffff) < 0x7f80_0000
}

/// Eight results, and the lanes whose arguments the method covers ([`covered`]).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn step(x: __m256, y: __m256, k: &Consts) -> (__m256, __mmask8) {
    let ix = _mm256_castps_si256(x);
    let iy = _mm256_castps_si256(y);
    let direct =
        _mm256_cmplt_epu32_mask(_mm256_sub_epi32(ix, _mm256_set1_epi32(0x0080_0000)), _mm256_set1_epi32(0x7f00_0000))
            & _mm256_cmplt_epu32_mask(
                _mm256_and_si256(iy, _mm256_set1_epi32(0x7fff_ffff)),
                _mm256_set1_epi32(0x7f80_0000),
            );
    let tmp = _mm256_sub_epi32(ix, _mm256_set1_epi32(OFF as i32));
    // the permutes read the low four bits of each index: the sixteenth of z's range
    let index = _mm512_cvtepu32_epi64(_mm256_srli_epi32::<19>(tmp));
    let top = _mm256_and_si256(tmp, _mm256_set1_epi32(0xff80_0000_u32 as i32));
    let z = _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_sub_epi32(ix, top)));
    let e = _mm512_cvtepi32_pd(_mm256_srai_epi32::<23>(top));
    let y = _mm512_cvtps_pd(y);
    let inv_c = _mm512_permutex2var_pd(k.inv_c[0], index, k.inv_c[1]);
    let log2_c = _mm512_permutex2var_pd(k.log2_c[0], index, k.log2_c[1]);
    let r = _mm512_fmsub_pd(z, inv_c, _mm512_set1_pd(1.0));
    let mut q = k.q[5];
    for c in k.q[..5].iter().rev() {
        q = _mm512_fmadd_pd(q, r, *c);
    }
    let log2_x = _mm512_fmadd_pd(r, q, _mm512_add_pd(e, log2_c));
    let t = _mm512_mul_pd(y, log2_x);
    let n = _mm512_roundscale_pd::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(t);
    let f = _mm512_sub_pd(t, n);
    let mut p = k.p[6];
    for c in k.p[..6].iter().rev() {
        p = _mm512_fmadd_pd(p, f, *c);
    }
    let two_f = _mm512_fmadd_pd(f, p, _mm512_set1_pd(1.0));
    // 2^n exactly, overflowing to infinity and underflowing to zero far beyond float32's range
    (_mm512_cvtpd_ps(_mm512_scalef_pd(two_f, n)), direct)
}
