//! Unit tests of the fft kernels and the plan cache: every transform against a direct O(n^2)
//! DFT in double precision, over sizes of every kind (1, prime, odd, even, powers of two), batched
//! and strided layouts, padding and truncation; the two-thread split against the plain plan;
//! the cache's sharing and bounds; the error messages.

use std::sync::Arc;

use ferrule_core::{Complex32, Complex64, DType, ErrorKind, Tensor};
use num_complex::Complex;

use ferrule_ops::fft::plan::{PlanCache, PlanKind, MAX_CACHED_POINTS, MAX_PLANS};

use ferrule_ops::fft::*;

/// The DFT of `x` by definition, `sign` -1 forward and +1 inverse, unscaled; the angle of each
/// term is reduced exactly (`jk mod n`) so the reference is accurate to a few ulp.
fn dft(x: &[Complex<f64>], sign: f64) -> Vec<Complex<f64>> {
    let n = x.len();
    (0..n)
        .map(|k| {
            x.iter()
                .enumerate()
                .map(|(j, &v)| {
                    let angle = sign * 2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                    v * Complex::new(angle.cos(), angle.sin())
                })
                .sum()
        })
        .collect()
}

/// Deterministic pseudo-random values in [-1, 1).
fn values(count: usize, seed: u64) -> Vec<f64> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

fn complex_values(count: usize, seed: u64) -> Vec<Complex<f64>> {
    let v = values(2 * count, seed);
    v.chunks_exact(2).map(|p| Complex::new(p[0], p[1])).collect()
}

fn c128(data: &[Complex<f64>], shape: &[i64]) -> Tensor {
    let raw: Vec<Complex64> = data.iter().map(|c| Complex64 { re: c.re, im: c.im }).collect();
    Tensor::from_slice(&raw, shape).unwrap()
}

fn read_c(t: &Tensor) -> Vec<Complex<f64>> {
    match t.dtype() {
        DType::Complex128 => t.to_vec::<Complex64>().unwrap().iter().map(|c| Complex::new(c.re, c.im)).collect(),
        DType::Complex64 => {
            t.to_vec::<Complex32>().unwrap().iter().map(|c| Complex::new(c.re as f64, c.im as f64)).collect()
        }
        other => panic!("not complex: {other}"),
    }
}

fn read_r(t: &Tensor) -> Vec<f64> {
    match t.dtype() {
        DType::Float64 => t.to_vec::<f64>().unwrap(),
        DType::Float32 => t.to_vec::<f32>().unwrap().iter().map(|&v| v as f64).collect(),
        other => panic!("not real: {other}"),
    }
}

/// Asserts `got` matches `want` within `tol` times the largest magnitude of `want` (FFT errors
/// grow with the signal's norm, not per element).
fn assert_close(got: &[Complex<f64>], want: &[Complex<f64>], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let scale = want.iter().map(|v| v.norm()).fold(1.0, f64::max);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).norm() <= tol * scale, "{what}: element {i}: got {g}, want {w}");
    }
}

fn pad(x: &[Complex<f64>], n: usize) -> Vec<Complex<f64>> {
    let mut v: Vec<Complex<f64>> = x.iter().copied().take(n).collect();
    v.resize(n, Complex::new(0.0, 0.0));
    v
}

const SIZES: [usize; 13] = [1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 30, 97, 128];

#[test]
fn fft_and_ifft_match_the_definition() {
    for &n in &SIZES {
        let x = complex_values(n, n as u64);
        let t = c128(&x, &[n as i64]);
        assert_close(&read_c(&fft(&t, None, -1, "backward").unwrap()), &dft(&x, -1.0), 1e-13, &format!("fft {n}"));
        let inv: Vec<Complex<f64>> = dft(&x, 1.0).iter().map(|v| v / n as f64).collect();
        assert_close(&read_c(&ifft(&t, None, -1, "backward").unwrap()), &inv, 1e-13, &format!("ifft {n}"));
    }
}

#[test]
fn norms_scale_each_direction() {
    let n = 12;
    let x = complex_values(n, 3);
    let t = c128(&x, &[n as i64]);
    let raw = dft(&x, -1.0);
    for (norm, factor) in [("backward", 1.0), ("ortho", 1.0 / (n as f64).sqrt()), ("forward", 1.0 / n as f64)] {
        let want: Vec<_> = raw.iter().map(|v| v * factor).collect();
        assert_close(&read_c(&fft(&t, None, 0, norm).unwrap()), &want, 1e-13, norm);
    }
    let raw = dft(&x, 1.0);
    for (norm, factor) in [("backward", 1.0 / n as f64), ("ortho", 1.0 / (n as f64).sqrt()), ("forward", 1.0)] {
        let want: Vec<_> = raw.iter().map(|v| v * factor).collect();
        assert_close(&read_c(&ifft(&t, None, 0, norm).unwrap()), &want, 1e-13, norm);
    }
}

#[test]
fn padding_and_truncation() {
    let x = complex_values(10, 5);
    let t = c128(&x, &[10]);
    for n in [1, 3, 9, 10, 11, 16, 31] {
        let got = read_c(&fft(&t, Some(n), -1, "backward").unwrap());
        assert_close(&got, &dft(&pad(&x, n as usize), -1.0), 1e-13, &format!("n={n}"));
    }
}

#[test]
fn real_transforms_match_the_definition() {
    for &n in &SIZES {
        let x = values(n, 7 + n as u64);
        let t = Tensor::from_slice(&x, &[n as i64]).unwrap();
        let full = dft(&x.iter().map(|&v| Complex::new(v, 0.0)).collect::<Vec<_>>(), -1.0);
        let got = read_c(&rfft(&t, None, -1, "backward").unwrap());
        assert_close(&got, &full[..n / 2 + 1], 1e-13, &format!("rfft {n}"));
        // irfft of the half spectrum gives the signal back, for even and odd n.
        let spectrum = c128(&full[..n / 2 + 1], &[(n / 2 + 1) as i64]);
        let back = read_r(&irfft(&spectrum, Some(n as i64), -1, "backward").unwrap());
        for (i, (&b, &v)) in back.iter().zip(&x).enumerate() {
            assert!((b - v).abs() < 1e-13, "irfft {n}: element {i}: {b} vs {v}");
        }
    }
}

#[test]
fn irfft_ignores_the_imaginary_parts_a_real_signal_cannot_have() {
    // Imaginary parts on the zero-frequency and Nyquist terms: numpy ignores them.
    let spectrum = c128(&[Complex::new(4.0, 3.0), Complex::new(0.0, 0.0), Complex::new(2.0, -5.0)], &[3]);
    let got = read_r(&irfft(&spectrum, None, -1, "backward").unwrap());
    for (g, w) in got.iter().zip([1.5, 0.5, 1.5, 0.5]) {
        assert!((g - w).abs() < 1e-15, "{got:?}");
    }
}

#[test]
fn hfft_and_ihfft_are_conjugate_real_transforms() {
    let half = complex_values(5, 11);
    let t = c128(&half, &[5]);
    let n = 8;
    // hfft(x, n) = irfft(conj(x), n) * n
    let conj = c128(&half.iter().map(|v| v.conj()).collect::<Vec<_>>(), &[5]);
    let want: Vec<f64> = read_r(&irfft(&conj, Some(n), -1, "backward").unwrap()).iter().map(|v| v * n as f64).collect();
    let got = read_r(&hfft(&t, Some(n), -1, "backward").unwrap());
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() < 1e-12, "{g} vs {w}");
    }
    // ihfft(y) = conj(rfft(y)) / n
    let y = values(7, 12);
    let ty = Tensor::from_slice(&y, &[7]).unwrap();
    let want: Vec<_> = read_c(&rfft(&ty, None, -1, "backward").unwrap()).iter().map(|v| v.conj() / 7.0).collect();
    assert_close(&read_c(&ihfft(&ty, None, -1, "backward").unwrap()), &want, 1e-14, "ihfft");
}

/// The reference of a transform along `axis` of a C-contiguous `shape`: each line by `dft`.
fn dft_along(x: &[Complex<f64>], shape: &[usize], axis: usize, n: usize, sign: f64) -> Vec<Complex<f64>> {
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let m = shape[axis];
    let mut out = vec![Complex::new(0.0, 0.0); outer * n * inner];
    for o in 0..outer {
        for i in 0..inner {
            let line: Vec<_> = (0..m).map(|r| x[(o * m + r) * inner + i]).collect();
            for (r, v) in dft(&pad(&line, n), sign).into_iter().enumerate() {
                out[(o * n + r) * inner + i] = v;
            }
        }
    }
    out
}

#[test]
fn every_axis_of_a_batch_with_padding() {
    let shape = [3usize, 5, 4];
    let x = complex_values(60, 21);
    let t = c128(&x, &[3, 5, 4]);
    for axis in 0..3 {
        for n in [shape[axis], 2, 7] {
            let got = read_c(&fft(&t, Some(n as i64), axis as i64, "backward").unwrap());
            assert_close(&got, &dft_along(&x, &shape, axis, n, -1.0), 1e-13, &format!("axis {axis} n {n}"));
        }
    }
}

#[test]
fn blocks_of_many_lines_along_a_leading_axis() {
    // 70 lines along axis 0: more than one block (MAX_BLOCK_LINES) and more than one task.
    let shape = [9usize, 70];
    let x = complex_values(630, 4);
    let t = c128(&x, &[9, 70]);
    let got = read_c(&ifft(&t, None, 0, "forward").unwrap());
    assert_close(&got, &dft_along(&x, &shape, 0, 9, 1.0), 1e-13, "axis 0");
}

#[test]
fn strided_and_reversed_views() {
    let x = complex_values(48, 8);
    let base = c128(&x, &[6, 8]);
    let view = base.transpose(0, 1).unwrap().slice(1, None, None, -1).unwrap(); // (8, 6), reversed rows
    let dense = view.copy().unwrap();
    for axis in [0, 1] {
        let got = read_c(&fft(&view, None, axis, "ortho").unwrap());
        let want = read_c(&fft(&dense, None, axis, "ortho").unwrap());
        assert_close(&got, &want, 0.0, &format!("axis {axis}"));
    }
    let real = Tensor::from_slice(&values(48, 9), &[6, 8]).unwrap();
    let strided = real.slice(1, None, None, 2).unwrap(); // (6, 4), stride 2
    assert_eq!(
        read_c(&rfft(&strided, None, -1, "backward").unwrap()),
        read_c(&rfft(&strided.copy().unwrap(), None, -1, "backward").unwrap())
    );
}

#[test]
fn single_precision_stays_single() {
    let x = values(64, 30);
    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let t = Tensor::from_slice(&x32, &[64]).unwrap();
    let y = fft(&t, None, -1, "backward").unwrap();
    assert_eq!(y.dtype(), DType::Complex64);
    let want = dft(&x32.iter().map(|&v| Complex::new(v as f64, 0.0)).collect::<Vec<_>>(), -1.0);
    assert_close(&read_c(&y), &want, 1e-6, "f32 fft");
    assert_eq!(rfft(&t, None, -1, "backward").unwrap().dtype(), DType::Complex64);
    let back = irfft(&rfft(&t, None, -1, "backward").unwrap(), Some(64), -1, "backward").unwrap();
    assert_eq!(back.dtype(), DType::Float32);
    let ints = Tensor::from_slice(&[1i32, 2, 3], &[3]).unwrap();
    assert_eq!(fft(&ints, None, -1, "backward").unwrap().dtype(), DType::Complex128);
    assert_eq!(irfft(&ints, None, -1, "backward").unwrap().dtype(), DType::Float64);
}

#[test]
fn n_dimensional_transforms_compose_the_axes() {
    let shape = [4usize, 3, 5];
    let x = complex_values(60, 40);
    let t = c128(&x, &[4, 3, 5]);
    let mut want = x.clone();
    let mut cur = shape;
    for axis in [2, 0] {
        want = dft_along(&want, &cur, axis, cur[axis], -1.0);
        cur[axis] = shape[axis];
    }
    let got = read_c(&fftn(&t, None, Some(&[0, 2]), "backward").unwrap());
    assert_close(&got, &want, 1e-13, "fftn axes (0, 2)");
    // sizes: -1 keeps the length; the others pad / cut
    let got = fftn(&t, Some(&[-1, 2, 7]), Some(&[0, 1, 2]), "backward").unwrap();
    assert_eq!(got.shape(), [4, 2, 7]);
    // rfftn then irfftn round trip
    let real = Tensor::from_slice(&values(60, 41), &[4, 3, 5]).unwrap();
    let spec = rfftn(&real, None, None, "backward").unwrap();
    assert_eq!(spec.shape(), [4, 3, 3]);
    let back = irfftn(&spec, Some(&[4, 3, 5]), Some(&[0, 1, 2]), "backward").unwrap();
    for (b, v) in read_r(&back).iter().zip(read_r(&real)) {
        assert!((b - v).abs() < 1e-13);
    }
}

#[test]
fn the_two_thread_split_matches_the_plain_plan() {
    for n in [MIN_SPLIT_POINTS, 3 * MIN_SPLIT_POINTS / 2 + 2] {
        let x = complex_values(n, n as u64);
        let t = c128(&x, &[n as i64]);
        for (forward, norm) in [(true, "backward"), (false, "ortho")] {
            let mut want = x.clone();
            let plan = rustfft::FftPlanner::<f64>::new()
                .plan_fft(n, if forward { rustfft::FftDirection::Forward } else { rustfft::FftDirection::Inverse });
            plan.process(&mut want);
            if norm == "ortho" {
                want.iter_mut().for_each(|v| *v /= (n as f64).sqrt());
            }
            let got = if forward { fft(&t, None, -1, norm) } else { ifft(&t, None, -1, norm) }.unwrap();
            assert_close(&read_c(&got), &want, 1e-13, &format!("n {n} forward {forward}"));
        }
        // A strided real source, cut to an odd-indexed length and padded: the gather of each half.
        let real = Tensor::from_slice(&values(2 * n, 3), &[(2 * n) as i64]).unwrap().slice(0, None, None, 2).unwrap();
        let got = read_c(&fft(&real, Some(n as i64 + 2), -1, "backward").unwrap());
        let dense: Vec<Complex<f64>> = read_r(&real.copy().unwrap()).iter().map(|&v| Complex::new(v, 0.0)).collect();
        let mut want = pad(&dense, n + 2);
        rustfft::FftPlanner::<f64>::new().plan_fft_forward(n + 2).process(&mut want);
        assert_close(&got, &want, 1e-13, "strided real source");
    }
}

#[test]
fn empty_batches_and_zero_length_axes() {
    let empty = Tensor::zeros(&[0, 4], DType::Float64).unwrap();
    assert_eq!(fft(&empty, None, -1, "backward").unwrap().shape(), [0, 4]);
    assert_eq!(rfft(&empty, Some(10), -1, "backward").unwrap().shape(), [0, 6]);
    // a huge n on an empty batch plans nothing
    assert_eq!(fft(&empty, Some(1 << 40), -1, "backward").unwrap().shape(), [0, 1 << 40]);
    let zero_len = Tensor::zeros(&[2, 0], DType::Complex128).unwrap();
    let err = fft(&zero_len, None, -1, "backward").unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("fft.fft() argument 'x': the transformed axis has length 0"), "{}", err.message);
    // padding a zero-length axis is fine
    assert_eq!(read_c(&fft(&zero_len, Some(3), -1, "backward").unwrap()), vec![Complex::new(0.0, 0.0); 6]);
}

#[test]
fn errors_name_the_function_and_the_argument() {
    let x = Tensor::zeros(&[4], DType::Float64).unwrap();
    let cases: Vec<(ferrule_core::Error, ErrorKind, &str)> = vec![
        (
            fft(&x, Some(0), -1, "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.fft() argument 'n': the number of points must be at least 1, got 0",
        ),
        (
            ifft(&x, None, -1, "bad").unwrap_err(),
            ErrorKind::ValueError,
            "fft.ifft() argument 'norm': expected 'backward', 'ortho' or 'forward', got \"bad\"",
        ),
        (
            rfft(&x, None, 1, "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.rfft() argument 'axis': axis 1 is out of bounds for tensor of dimension 1",
        ),
        (
            fftn(&x, None, Some(&[0, -1]), "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.fftn() argument 'axes': repeated axis -1",
        ),
        (
            fftn(&x, Some(&[4]), None, "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.fftn() argument 's': pass axes too",
        ),
        (
            ifftn(&x, Some(&[4, 4]), Some(&[0]), "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.ifftn() arguments 's' and 'axes': s has 2 sizes but axes has 1 axes",
        ),
        (
            rfftn(&x, Some(&[0]), Some(&[0]), "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.rfftn() argument 's': the number of points must be at least 1",
        ),
        (
            irfft(&Tensor::zeros(&[1], DType::Complex128).unwrap(), None, -1, "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.irfft() argument 'x': the transformed axis has length 1, which gives 0 output points; pass n",
        ),
        (
            rfft(&Tensor::zeros(&[4], DType::Complex64).unwrap(), None, -1, "backward").unwrap_err(),
            ErrorKind::TypeError,
            "fft.rfft() argument 'x': dtype complex64 is not accepted",
        ),
        (
            rfftn(&Tensor::zeros(&[], DType::Float64).unwrap(), None, None, "backward").unwrap_err(),
            ErrorKind::ValueError,
            "fft.rfftn() argument 'axes': a real transform needs at least one axis",
        ),
        (fftfreq(0, 1.0, None, None).unwrap_err(), ErrorKind::ValueError, "fft.fftfreq() argument 'n'"),
        (rfftfreq(4, 0.0, None, None).unwrap_err(), ErrorKind::ZeroDivisionError, "fft.rfftfreq() argument 'd'"),
        (
            fftfreq(4, 1.0, Some(DType::Int32), None).unwrap_err(),
            ErrorKind::TypeError,
            "fft.fftfreq() argument 'dtype': expected a real floating-point dtype, got int32",
        ),
        (
            fftshift(&x, Some(&[0, 0])).unwrap_err(),
            ErrorKind::ValueError,
            "fft.fftshift() argument 'axes': repeated axis 0",
        ),
    ];
    for (err, kind, start) in cases {
        assert_eq!(err.kind, kind, "{}", err.message);
        assert!(err.message.starts_with(start), "{:?} does not start with {start:?}", err.message);
    }
}

#[test]
fn frequencies_and_shifts() {
    assert_eq!(read_r(&fftfreq(5, 0.1, None, None).unwrap()), [0.0, 2.0, 4.0, -4.0, -2.0]);
    assert_eq!(read_r(&fftfreq(4, 1.0, None, None).unwrap()), [0.0, 0.25, -0.5, -0.25]);
    assert_eq!(read_r(&rfftfreq(4, 1.0, None, None).unwrap()), [0.0, 0.25, 0.5]);
    assert_eq!(fftfreq(3, 1.0, Some(DType::Float32), None).unwrap().dtype(), DType::Float32);
    let x = Tensor::from_slice(&[0i64, 1, 2, 3, 4], &[5]).unwrap();
    assert_eq!(fftshift(&x, None).unwrap().to_vec::<i64>().unwrap(), [3, 4, 0, 1, 2]);
    assert_eq!(ifftshift(&x, None).unwrap().to_vec::<i64>().unwrap(), [2, 3, 4, 0, 1]);
    assert_eq!(ifftshift(&fftshift(&x, Some(&[0])).unwrap(), None).unwrap().to_vec::<i64>().unwrap(), [0, 1, 2, 3, 4]);
    let grid = Tensor::from_slice(&(0..6i64).collect::<Vec<_>>(), &[2, 3]).unwrap();
    assert_eq!(fftshift(&grid, None).unwrap().to_vec::<i64>().unwrap(), [5, 3, 4, 2, 0, 1]);
    assert_eq!(fftshift(&grid, Some(&[1])).unwrap().to_vec::<i64>().unwrap(), [2, 0, 1, 5, 3, 4]);
    // a fresh tensor even when nothing moves
    let one = Tensor::from_slice(&[7i64], &[1]).unwrap();
    assert!(!fftshift(&one, None).unwrap().shares_memory_with(&one));
}

#[test]
fn the_cache_shares_one_plan_per_size_and_kind() {
    let cache = PlanCache::<f64>::new();
    let a = cache.complex(true, 64).unwrap();
    let b = cache.complex(true, 64).unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    let inverse = cache.complex(false, 64).unwrap();
    assert!(!Arc::ptr_eq(&a, &inverse));
    assert!(cache.contains(PlanKind::Forward, 64) && cache.contains(PlanKind::Inverse, 64));
    let r = cache.real_forward(10).unwrap();
    assert!(Arc::ptr_eq(&r, &cache.real_forward(10).unwrap()));
    assert_eq!(cache.len(), 3);
    // From many threads at once: every one gets the same plan.
    let shared = PlanCache::<f32>::new();
    let plans: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8).map(|_| s.spawn(|| shared.complex(true, 1000).unwrap())).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let cached = shared.complex(true, 1000).unwrap();
    assert_eq!(shared.len(), 1);
    // Racing threads may each plan once, but the cache keeps one and hands it out from then on.
    assert!(plans.iter().any(|p| Arc::ptr_eq(p, &cached)));
}

#[test]
fn the_cache_is_bounded() {
    let cache = PlanCache::<f64>::new();
    for len in 1..=MAX_PLANS + 5 {
        cache.complex(true, len).unwrap();
    }
    assert_eq!(cache.len(), MAX_PLANS);
    // least recently used first out
    assert!(!cache.contains(PlanKind::Forward, 1) && cache.contains(PlanKind::Forward, MAX_PLANS + 5));
    // a hit refreshes an entry
    cache.complex(true, 6).unwrap();
    cache.complex(true, 1000).unwrap();
    assert!(cache.contains(PlanKind::Forward, 6) && !cache.contains(PlanKind::Forward, 7));
    cache.clear();
    assert!(cache.is_empty());
    // the points budget: plans beyond it go, least recent first; one past it alone is kept
    let small = PlanCache::<f32>::with_limits(8, 100);
    small.complex(true, 40).unwrap();
    small.complex(false, 40).unwrap();
    small.real_inverse(30).unwrap();
    assert!(!small.contains(PlanKind::Forward, 40) && small.contains(PlanKind::Inverse, 40));
    small.get(PlanKind::SplitTwiddles(true), 500).unwrap();
    assert_eq!(small.len(), 1);
    assert!(small.contains(PlanKind::SplitTwiddles(true), 500));
    const { assert!(MAX_CACHED_POINTS >= 1 << 20, "a 2^20-point plan must stay cached") };
}

#[test]
fn split_twiddles_are_accurate() {
    let n = 1 << 12;
    let cache = PlanCache::<f64>::new();
    let tw = cache.split_twiddles(true, n).unwrap();
    assert_eq!(tw.len(), n / 2);
    for (k, w) in tw.iter().enumerate() {
        let angle = -2.0 * std::f64::consts::PI * k as f64 / n as f64;
        assert!((w - Complex::new(angle.cos(), angle.sin())).norm() < 1e-15);
    }
    let inv = cache.split_twiddles(false, n).unwrap();
    assert!((inv[1] - tw[1].conj()).norm() == 0.0);
}

#[test]
fn sizes_that_cannot_be_allocated_are_memory_errors_naming_the_function() {
    let x = Tensor::zeros(&[4], DType::Float64).unwrap();
    for (err, op) in [
        (fft(&x, Some(1 << 40), -1, "backward").unwrap_err(), "fft.fft()"),
        (irfft(&x, Some(1 << 41), -1, "ortho").unwrap_err(), "fft.irfft()"),
        (rfftn(&x, Some(&[1 << 42]), Some(&[0]), "forward").unwrap_err(), "fft.rfftn()"),
        (fftfreq(1 << 50, 1.0, None, None).unwrap_err(), "fft.fftfreq()"),
    ] {
        assert_eq!(err.kind, ErrorKind::MemoryError, "{}", err.message);
        assert!(err.message.starts_with(op), "{}", err.message);
    }
    // The plan's own tables are probed before planning (rustfft would abort on them).
    let cache = PlanCache::<f64>::new();
    for len in [usize::MAX / 4, 1 << 58] {
        let err = cache.complex(true, len).err().expect("refused");
        assert_eq!(err.kind, ErrorKind::MemoryError);
        assert!(err.message.contains(&format!("a {len}-point transform")), "{}", err.message);
        assert!(ferrule_ops::fft::plan::probe::<f32>(len).is_err());
    }
    assert!(cache.is_empty());
}
