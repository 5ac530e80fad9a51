//! Accuracy and special values of the vectorised kernels, against the standard library's scalar
//! functions: float32 results against the float64 function rounded once (a reference within
//! about half an ulp), float64 results against the float64 function (glibc's, within an ulp);
//! python/tests/test_vmath.py checks float64 against mpmath. Special values must agree exactly
//! (bit for bit, any NaN for NaN).

use ferrule_ops::elementwise::real::{logaddexp as scalar_logaddexp, Real};
use ferrule_ops::elementwise::vmath::*;

type Un32 = fn(&[f32], &mut [f32]);
type Un64 = fn(&[f64], &mut [f64]);
type Bin32 = fn(&[f32], &[f32], &mut [f32]);
type Bin64 = fn(&[f64], &[f64], &mut [f64]);

/// Distance in ulps (0 for two NaNs, u64::MAX for NaN against a number or opposite signs).
fn ulps64(a: f64, b: f64) -> u64 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    if a.is_nan() || b.is_nan() || a.is_sign_negative() != b.is_sign_negative() {
        return u64::MAX;
    }
    a.to_bits().abs_diff(b.to_bits())
}

fn ulps32(a: f32, b: f32) -> u64 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    if a.is_nan() || b.is_nan() || a.is_sign_negative() != b.is_sign_negative() {
        return u64::MAX;
    }
    u64::from(a.to_bits().abs_diff(b.to_bits()))
}

/// A deterministic stream of uniform values in `[lo, hi)` (an LCG: tests never depend on luck).
fn uniform(n: usize, lo: f64, hi: f64, mut state: u64) -> Vec<f64> {
    (0..n)
        .map(|_| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            lo + (hi - lo) * ((state >> 11) as f64 / (1u64 << 53) as f64)
        })
        .collect()
}

/// Magnitudes spread over many binades: `10^e` for `e` uniform in `[lo, hi)`, both signs when
/// `signed`.
fn logspace(n: usize, lo: f64, hi: f64, signed: bool, state: u64) -> Vec<f64> {
    uniform(n, lo, hi, state)
        .into_iter()
        .enumerate()
        .map(|(i, e)| if signed && i % 2 == 1 { -(10f64.powf(e)) } else { 10f64.powf(e) })
        .collect()
}

/// One unary function: its kernels, the float64 reference, argument sets and ulp bounds.
struct Unary {
    name: &'static str,
    k32: Un32,
    k64: Un64,
    reference: fn(f64) -> f64,
    /// Argument ranges (as `uniform` or `logspace` would draw them).
    args: fn() -> Vec<f64>,
    ulp32: u64,
    ulp64: u64,
}

fn real_asinh(x: f64) -> f64 {
    <f64 as Real>::asinh(x)
}
fn real_acosh(x: f64) -> f64 {
    <f64 as Real>::acosh(x)
}
fn real_atanh(x: f64) -> f64 {
    <f64 as Real>::atanh(x)
}

fn wide() -> Vec<f64> {
    let mut v = logspace(20_000, -40.0, 38.0, true, 1);
    v.extend(uniform(20_000, -10.0, 10.0, 2));
    v
}
fn exp_range() -> Vec<f64> {
    let mut v = uniform(30_000, -110.0, 90.0, 3);
    v.extend(uniform(30_000, -760.0, 720.0, 4));
    v.extend(logspace(10_000, -30.0, 0.0, true, 5));
    v
}
fn positive() -> Vec<f64> {
    let mut v = logspace(30_000, -320.0, 308.0, false, 6);
    v.extend(uniform(30_000, 0.5, 2.0, 7));
    v.extend(logspace(10_000, -45.0, 38.0, false, 8));
    v
}
fn above_minus_one() -> Vec<f64> {
    let mut v = logspace(30_000, -40.0, 38.0, true, 9)
        .into_iter()
        .map(|x| if x < -1.0 { -1.0 / x } else { x })
        .collect::<Vec<_>>();
    v.extend(uniform(30_000, -1.0, 3.0, 10));
    v
}
fn trig_range() -> Vec<f64> {
    let mut v = uniform(30_000, -10.0, 10.0, 11);
    v.extend(uniform(10_000, -60_000.0, 60_000.0, 12));
    v.extend(logspace(20_000, -30.0, 8.0, true, 13));
    v
}
fn unit() -> Vec<f64> {
    let mut v = uniform(40_000, -1.0, 1.0, 14);
    v.extend(logspace(10_000, -30.0, 0.0, true, 15));
    v.extend(uniform(10_000, 0.999, 1.0, 16));
    v
}
fn hyper_range() -> Vec<f64> {
    let mut v = uniform(30_000, -12.0, 12.0, 17);
    v.extend(uniform(20_000, -720.0, 720.0, 18));
    v.extend(logspace(10_000, -30.0, 0.0, true, 19));
    v
}
fn from_one() -> Vec<f64> {
    let mut v: Vec<f64> = logspace(30_000, -16.0, 2.0, false, 20).into_iter().map(|t| 1.0 + t).collect();
    v.extend(logspace(20_000, 0.0, 300.0, false, 21));
    v
}

fn unaries() -> Vec<Unary> {
    vec![
        Unary {
            name: "expm1",
            k32: expm1_f32,
            k64: expm1_f64,
            reference: f64::exp_m1,
            args: exp_range,
            ulp32: 2,
            ulp64: 2,
        },
        Unary { name: "log", k32: log_f32, k64: log_f64, reference: f64::ln, args: positive, ulp32: 2, ulp64: 2 },
        Unary {
            name: "log1p",
            k32: log1p_f32,
            k64: log1p_f64,
            reference: f64::ln_1p,
            args: above_minus_one,
            ulp32: 2,
            ulp64: 2,
        },
        Unary { name: "log2", k32: log2_f32, k64: log2_f64, reference: f64::log2, args: positive, ulp32: 2, ulp64: 2 },
        Unary {
            name: "log10",
            k32: log10_f32,
            k64: log10_f64,
            reference: f64::log10,
            args: positive,
            ulp32: 2,
            ulp64: 2,
        },
        Unary { name: "sin", k32: sin_f32, k64: sin_f64, reference: f64::sin, args: trig_range, ulp32: 2, ulp64: 2 },
        Unary { name: "cos", k32: cos_f32, k64: cos_f64, reference: f64::cos, args: trig_range, ulp32: 2, ulp64: 2 },
        Unary { name: "tan", k32: tan_f32, k64: tan_f64, reference: f64::tan, args: trig_range, ulp32: 2, ulp64: 3 },
        Unary { name: "asin", k32: asin_f32, k64: asin_f64, reference: f64::asin, args: unit, ulp32: 2, ulp64: 2 },
        Unary { name: "acos", k32: acos_f32, k64: acos_f64, reference: f64::acos, args: unit, ulp32: 2, ulp64: 2 },
        Unary { name: "atan", k32: atan_f32, k64: atan_f64, reference: f64::atan, args: wide, ulp32: 2, ulp64: 2 },
        Unary {
            name: "sinh",
            k32: sinh_f32,
            k64: sinh_f64,
            reference: f64::sinh,
            args: hyper_range,
            ulp32: 2,
            ulp64: 2,
        },
        Unary {
            name: "cosh",
            k32: cosh_f32,
            k64: cosh_f64,
            reference: f64::cosh,
            args: hyper_range,
            ulp32: 2,
            ulp64: 2,
        },
        Unary {
            name: "tanh",
            k32: tanh_f32,
            k64: tanh_f64,
            reference: f64::tanh,
            args: hyper_range,
            ulp32: 2,
            ulp64: 3,
        },
        Unary { name: "asinh", k32: asinh_f32, k64: asinh_f64, reference: real_asinh, args: wide, ulp32: 2, ulp64: 2 },
        Unary {
            name: "acosh",
            k32: acosh_f32,
            k64: acosh_f64,
            reference: real_acosh,
            args: from_one,
            ulp32: 2,
            ulp64: 2,
        },
        Unary { name: "atanh", k32: atanh_f32, k64: atanh_f64, reference: real_atanh, args: unit, ulp32: 2, ulp64: 2 },
    ]
}

/// The special arguments every function must answer as the scalar function does.
const SPECIALS: [f64; 24] = [
    0.0,
    -0.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    f64::MIN_POSITIVE,
    -f64::MIN_POSITIVE,
    5e-324,
    -5e-324,
    f64::MAX,
    f64::MIN,
    1e-300,
    710.0,
    -746.0,
    89.0,
    -104.0,
    1e300,
    1e30,
    -1e30,
];

fn run32(k: Un32, xs: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; xs.len()];
    k(xs, &mut out);
    out
}
fn run64(k: Un64, xs: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; xs.len()];
    k(xs, &mut out);
    out
}

#[test]
fn unary_float64_within_bounds() {
    let mut report = Vec::new();
    for f in unaries() {
        let xs = (f.args)();
        let got = run64(f.k64, &xs);
        let (mut worst, mut at) = (0, 0.0);
        for (&x, &g) in xs.iter().zip(&got) {
            let u = ulps64(g, (f.reference)(x));
            if u > worst {
                (worst, at) = (u, x);
            }
        }
        report.push((worst <= f.ulp64, format!("{} float64: {worst} ulp at {at:e}", f.name)));
    }
    check(report);
}

#[test]
fn unary_float32_within_bounds() {
    let mut report = Vec::new();
    for f in unaries() {
        let xs: Vec<f32> = (f.args)().into_iter().map(|x| x as f32).collect();
        let got = run32(f.k32, &xs);
        let (mut worst, mut at) = (0, 0.0);
        for (&x, &g) in xs.iter().zip(&got) {
            let u = ulps32(g, (f.reference)(f64::from(x)) as f32);
            if u > worst {
                (worst, at) = (u, x);
            }
        }
        report.push((worst <= f.ulp32, format!("{} float32: {worst} ulp at {at:e}", f.name)));
    }
    check(report);
}

#[test]
fn unary_float32_every_binade_densely() {
    // every 101st float32 bit pattern, both signs: all exponents, many mantissas
    let xs: Vec<f32> =
        (0..0x7f80_0000u32).step_by(1009).flat_map(|b| [f32::from_bits(b), -f32::from_bits(b)]).collect();
    let mut report = Vec::new();
    for f in unaries() {
        let got = run32(f.k32, &xs);
        let (mut worst, mut at) = (0, 0.0);
        for (&x, &g) in xs.iter().zip(&got) {
            let u = ulps32(g, (f.reference)(f64::from(x)) as f32);
            if u > worst {
                (worst, at) = (u, x);
            }
        }
        report.push((worst <= f.ulp32, format!("{} float32: {worst} ulp at {at:e}", f.name)));
    }
    check(report);
}

/// Fails with every line of the report when any check failed (all functions' worst errors).
fn check(report: Vec<(bool, String)>) {
    let text: Vec<String> =
        report.iter().map(|(ok, line)| format!("{} {line}", if *ok { "ok  " } else { "FAIL" })).collect();
    // the worst errors, for `cargo test -- --nocapture`
    eprintln!("{}", text.join("\n"));
    assert!(report.iter().all(|r| r.0), "\n{}", text.join("\n"));
}

#[test]
fn unary_special_values_match_the_scalar_functions() {
    let mut report = Vec::new();
    for f in unaries() {
        let got = run64(f.k64, &SPECIALS);
        for (&x, &g) in SPECIALS.iter().zip(&got) {
            let want = (f.reference)(x);
            let same = (g.is_nan() && want.is_nan()) || (g == want && g.is_sign_negative() == want.is_sign_negative());
            // finite non-special results only need to be close (they are checked above)
            let close = want.is_finite() && want != 0.0 && ulps64(g, want) <= f.ulp64;
            report.push((same || close, format!("{}({x:e}) = {g:e}, want {want:e}", f.name)));
        }
        let xs: Vec<f32> = SPECIALS.iter().map(|&x| x as f32).collect();
        let got = run32(f.k32, &xs);
        for (&x, &g) in xs.iter().zip(&got) {
            let want = (f.reference)(f64::from(x)) as f32;
            let same = (g.is_nan() && want.is_nan()) || (g == want && g.is_sign_negative() == want.is_sign_negative());
            let close = want.is_finite() && want != 0.0 && ulps32(g, want) <= f.ulp32;
            report.push((same || close, format!("{}({x:e}) float32 = {g:e}, want {want:e}", f.name)));
        }
    }
    report.retain(|r| !r.0);
    check(report);
}

#[test]
fn exact_values() {
    // logarithms of exact powers, the values users compare with ==
    let xs: Vec<f64> = (-20..=20).map(|k| 10f64.powi(k)).collect();
    let got = run64(log10_f64, &xs);
    for (k, g) in (-20..=20).zip(got) {
        assert_eq!(g, f64::from(k), "log10(1e{k})");
    }
    let two_to =
        |k: i64| if k >= -1022 { f64::from_bits(((k + 1023) as u64) << 52) } else { f64::from_bits(1 << (k + 1074)) };
    let xs: Vec<f64> = (-1074..=1023).map(two_to).collect();
    let got = run64(log2_f64, &xs);
    for (k, g) in (-1074..=1023).zip(got) {
        assert_eq!(g, f64::from(k), "log2(2^{k})");
    }
    let xs: Vec<f32> = (-10..=10).map(|k| 10f32.powi(k)).collect();
    let got = run32(log10_f32, &xs);
    for (k, g) in (-10..=10).zip(got) {
        assert_eq!(g, k as f32, "log10(1e{k}) float32");
    }
    assert_eq!(run64(sin_f64, &[0.0])[0], 0.0);
    assert_eq!(run64(cos_f64, &[0.0])[0], 1.0);
    assert_eq!(run64(cosh_f64, &[0.0])[0], 1.0);
    assert_eq!(atan2_of(1.0, 1.0), std::f64::consts::FRAC_PI_4);
}

fn atan2_of(y: f64, x: f64) -> f64 {
    let mut out = [0.0];
    atan2_f64(&[y], &[x], &mut out);
    out[0]
}

/// One binary function: kernels, reference, argument pairs and bounds.
struct Binary {
    name: &'static str,
    k32: Bin32,
    k64: Bin64,
    reference: fn(f64, f64) -> f64,
    ulp32: u64,
    ulp64: u64,
}

fn binaries() -> Vec<Binary> {
    vec![
        Binary { name: "atan2", k32: atan2_f32, k64: atan2_f64, reference: f64::atan2, ulp32: 2, ulp64: 2 },
        Binary { name: "pow", k32: pow_f32, k64: pow_f64, reference: f64::powf, ulp32: 1, ulp64: 1 },
        // the kernel above is the AVX-512 one where the CPU has it: the portable one as well
        Binary { name: "pow", k32: pow_f32_portable, k64: pow_f64, reference: f64::powf, ulp32: 1, ulp64: 1 },
        Binary { name: "hypot", k32: hypot_f32, k64: hypot_f64, reference: f64::hypot, ulp32: 1, ulp64: 1 },
        Binary {
            name: "logaddexp",
            k32: logaddexp_f32,
            k64: logaddexp_f64,
            reference: scalar_logaddexp::<f64>,
            ulp32: 1,
            ulp64: 2,
        },
    ]
}

/// Pairs over many magnitudes and both signs, plus every pair of special values.
fn pairs() -> (Vec<f64>, Vec<f64>) {
    let mut xs = logspace(40_000, -30.0, 30.0, true, 30);
    let mut ys = logspace(40_000, -30.0, 30.0, true, 31);
    xs.extend(uniform(40_000, -10.0, 10.0, 32));
    ys.extend(uniform(40_000, -10.0, 10.0, 33));
    for &x in &SPECIALS {
        for &y in &SPECIALS {
            xs.push(x);
            ys.push(y);
        }
    }
    (xs, ys)
}

#[test]
fn binary_within_bounds_and_special_values() {
    let (xs, ys) = pairs();
    // pow's interesting range: bases near 1 with large exponents, results near over/underflow
    let mut px = xs.clone();
    let mut py = ys.clone();
    px.extend(uniform(20_000, 0.5, 2.0, 34));
    py.extend(uniform(20_000, -1000.0, 1000.0, 35));
    px.extend(logspace(20_000, -300.0, 300.0, false, 36));
    py.extend(uniform(20_000, -2.5, 2.5, 37));
    let mut report = Vec::new();
    for f in binaries() {
        let (xs, ys) = if f.name == "pow" { (&px, &py) } else { (&xs, &ys) };
        let mut out = vec![0.0; xs.len()];
        (f.k64)(xs, ys, &mut out);
        let (mut worst, mut at) = (0, (0.0, 0.0));
        for ((&x, &y), &g) in xs.iter().zip(ys).zip(&out) {
            let want = (f.reference)(x, y);
            let u = if f.name == "logaddexp" && want.is_finite() && g.is_finite() {
                // x + log1p(e^-|x-y|) cancels where the answer is far smaller than x (numpy's
                // formula too): measured in ulps of the larger input
                let scale = x.abs().max(y.abs()).max(want.abs());
                ((g - want).abs() / (scale * f64::EPSILON)) as u64
            } else {
                ulps64(g, want)
            };
            if u > worst {
                (worst, at) = (u, (x, y));
            }
        }
        report.push((worst <= f.ulp64, format!("{} float64: {worst} ulp at {at:?}", f.name)));
        let (x32, y32): (Vec<f32>, Vec<f32>) = xs.iter().zip(ys).map(|(&x, &y)| (x as f32, y as f32)).unzip();
        let mut out = vec![0.0; x32.len()];
        (f.k32)(&x32, &y32, &mut out);
        let (mut worst, mut at) = (0, (0.0, 0.0));
        for ((&x, &y), &g) in x32.iter().zip(&y32).zip(&out) {
            let u = ulps32(g, (f.reference)(f64::from(x), f64::from(y)) as f32);
            if u > worst {
                (worst, at) = (u, (x, y));
            }
        }
        report.push((worst <= f.ulp32, format!("{} float32: {worst} ulp at {at:?}", f.name)));
    }
    check(report);
}

#[test]
fn pow_float32_slices_of_every_length_with_special_lanes() {
    // the AVX-512 kernel's masked last step and its scalar patches, at every lane position
    for n in 0..50 {
        let xs: Vec<f32> = (0..n)
            .map(|i| match i % 7 {
                3 if i == n / 2 => 0.0,
                5 => -2.0,
                6 if i == n - 1 => f32::NAN,
                _ => 0.25 + i as f32 * 0.31,
            })
            .collect();
        let ys: Vec<f32> = (0..n).map(|i| if i % 11 == 4 { f32::INFINITY } else { 3.0 - i as f32 * 0.17 }).collect();
        for kernel in [pow_f32 as Bin32, pow_f32_portable] {
            let mut got = vec![f32::NAN; n];
            kernel(&xs, &ys, &mut got);
            for ((&x, &y), &g) in xs.iter().zip(&ys).zip(&got) {
                let want = f64::from(x).powf(f64::from(y)) as f32;
                assert!(ulps32(g, want) <= 1, "pow({x}, {y}) = {g}, want {want}, in a slice of {n}");
            }
        }
    }
    // exact cases: powers of two and of small integers, x = 1, y = 0
    let cases: [(f32, f32, f32); 7] = [
        (2.0, 3.0, 8.0),
        (2.0, -3.0, 0.125),
        (3.0, 2.0, 9.0),
        (1.0, 1e30, 1.0),
        (7.5, 0.0, 1.0),
        (4.0, 0.5, 2.0),
        (10.0, 2.0, 100.0),
    ];
    let (xs, ys): (Vec<f32>, Vec<f32>) = cases.iter().map(|&(x, y, _)| (x, y)).unzip();
    let mut got = vec![0.0; cases.len()];
    pow_f32(&xs, &ys, &mut got);
    for (&(x, y, want), &g) in cases.iter().zip(&got) {
        assert_eq!(g, want, "pow({x}, {y})");
    }
}

#[test]
fn slices_of_every_length() {
    // the vectorised loops' remainders: every length up to a few vectors, with a patched lane
    for n in 0..70 {
        let xs: Vec<f64> = (0..n).map(|i| if i == n / 2 { 1e300 } else { i as f64 * 0.37 - 5.0 }).collect();
        let got = run64(sin_f64, &xs);
        for (&x, &g) in xs.iter().zip(&got) {
            assert!(ulps64(g, x.sin()) <= 1, "sin({x}) in a slice of {n}");
        }
        let xs32: Vec<f32> = xs.iter().map(|&x| x as f32).collect();
        let got = run32(cos_f32, &xs32);
        for (&x, &g) in xs32.iter().zip(&got) {
            assert!(ulps32(g, f64::from(x).cos() as f32) <= 1, "cos({x}) in a slice of {n}");
        }
    }
}
