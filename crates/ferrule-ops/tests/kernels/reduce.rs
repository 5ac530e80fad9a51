//! Reduction tests: every op against a naive element-by-element reference on random shapes, axes, layouts and dtypes.

use ferrule_core::{DType, ErrorKind, Tensor};
use num_complex::Complex;

use proptest::prelude::{prop_assert, prop_assert_eq, proptest, ProptestConfig};

use ferrule_ops::dispatch::Elem;
use ferrule_ops::random::Xoshiro256;
use ferrule_ops::reduce::*;
use ferrule_ops::Operand;

/// Random values for `dtype` (small ints, floats in [-2, 2), bools), `n` of them, as a tensor.
pub(crate) fn random_tensor(shape: &[i64], dtype: DType, seed: u64) -> Tensor {
    let n: i64 = shape.iter().product();
    let mut rng = Xoshiro256::from_seed(seed);
    ferrule_ops::dispatch_all!(dtype, T => {
        let data: Vec<T> = (0..n)
            .map(|_| {
                let u = rng.next_f64();
                if dtype.is_bool() {
                    T::from_bool(u < 0.5)
                } else if dtype.is_unsigned_integer() {
                    T::from_i64((u * 7.0) as i64)
                } else if dtype.is_integer() {
                    T::from_i64((u * 9.0) as i64 - 4)
                } else if dtype.is_complex() {
                    T::from_c64(Complex::new(u * 4.0 - 2.0, rng.next_f64() * 2.0 - 1.0))
                } else {
                    T::from_f64(((u * 4.0 - 2.0) * 64.0).round() / 64.0)
                }
            })
            .collect();
        Tensor::from_slice(&data, shape).unwrap()
    })
}

/// `shape` tensors in several layouts with random values: contiguous, strided (every other
/// element of a wider tensor), reversed along dim 0 (negative stride), permuted, and
/// broadcast along the first size-1-able dim.
pub(crate) fn layouts(shape: &[i64], dtype: DType, seed: u64) -> Vec<Tensor> {
    let mut out = vec![random_tensor(shape, dtype, seed)];
    if let Some(&last) = shape.last() {
        let mut wide = shape.to_vec();
        *wide.last_mut().unwrap() = last * 2;
        let w = random_tensor(&wide, dtype, seed + 1);
        out.push(w.slice(shape.len() - 1, None, None, 2).unwrap());
        let r = random_tensor(shape, dtype, seed + 2);
        out.push(r.slice(0, None, None, -1).unwrap());
        let rev: Vec<i64> = shape.iter().rev().copied().collect();
        let order: Vec<usize> = (0..shape.len()).rev().collect();
        out.push(random_tensor(&rev, dtype, seed + 3).permute(&order).unwrap());
        let mut one = shape.to_vec();
        one[0] = 1;
        out.push(random_tensor(&one, dtype, seed + 4).broadcast_to(shape).unwrap());
    }
    out
}

/// The values of `t` in C order as complex f64 (exact for every dtype but u64/i64 extremes).
pub(crate) fn values(t: &Tensor) -> Vec<Complex<f64>> {
    ferrule_ops::dispatch_all!(t.dtype(), T => {
        t.to_vec::<T>().unwrap().into_iter().map(|v| v.to_c64()).collect()
    })
}

/// For each output index of a reduction of `shape` over `axes` (C order), the flat indices
/// of the input elements it folds, in C order.
pub(crate) fn groups(shape: &[i64], axes: &[usize]) -> Vec<Vec<usize>> {
    let out_shape: Vec<i64> = (0..shape.len()).filter(|d| !axes.contains(d)).map(|d| shape[d]).collect();
    let n_out: i64 = out_shape.iter().product();
    let mut result = vec![Vec::new(); n_out as usize];
    let total: i64 = shape.iter().product();
    for flat in 0..total {
        let mut rest = flat;
        let mut index = vec![0i64; shape.len()];
        for d in (0..shape.len()).rev() {
            index[d] = rest % shape[d];
            rest /= shape[d];
        }
        let mut out = 0i64;
        for d in 0..shape.len() {
            if !axes.contains(&d) {
                out = out * shape[d] + index[d];
            }
        }
        result[out as usize].push(flat as usize);
    }
    result
}

/// Asserts two value lists agree: exactly for exact dtypes, within `tol` (relative) else.
pub(crate) fn assert_close(got: &[Complex<f64>], want: &[Complex<f64>], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let both_nan = (g.re.is_nan() || g.im.is_nan()) && (w.re.is_nan() || w.im.is_nan());
        let ok = both_nan || g == w || (g - w).norm() <= tol * w.norm().max(1.0);
        assert!(ok, "{what}: element {i}: got {g}, want {w}");
    }
}

fn tolerance(dtype: DType) -> f64 {
    match dtype {
        DType::Float16 | DType::BFloat16 => 2e-2,
        DType::Float32 | DType::Complex64 => 2e-5,
        DType::Float64 | DType::Complex128 => 1e-12,
        _ => 0.0,
    }
}

/// The reference result of a sum-like op, rounded to `dtype` like the kernel's result.
fn rounded(v: Complex<f64>, dtype: DType) -> Complex<f64> {
    ferrule_ops::dispatch_all!(dtype, T => { T::from_c64(v).to_c64() })
}

fn axes_from_mask(mask: u8, ndim: usize) -> Vec<i64> {
    (0..ndim as i64).filter(|d| mask & (1 << d) != 0).collect()
}

const DTYPES: [DType; 13] = [
    DType::Bool,
    DType::Int8,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::UInt32,
    DType::UInt64,
    DType::Float16,
    DType::BFloat16,
    DType::Float32,
    DType::Float64,
    DType::Complex64,
    DType::Complex128,
];

fn check_all_ops(shape: &[i64], mask: Option<u8>, keepdims: bool, dtype: DType, seed: u64) {
    let axes_vec = mask.map(|m| axes_from_mask(m, shape.len()));
    let axes: Vec<usize> = match &axes_vec {
        Some(v) => v.iter().map(|&a| a as usize).collect(),
        None => (0..shape.len()).collect(),
    };
    let axis = axes_vec.as_deref();
    let groups = groups(shape, &axes);
    let mut kept_shape = shape.to_vec();
    for &a in &axes {
        kept_shape[a] = 1;
    }
    let out_shape: Vec<i64> = if keepdims {
        kept_shape.clone()
    } else {
        (0..shape.len()).filter(|d| !axes.contains(d)).map(|d| shape[d]).collect()
    };
    let tol = tolerance(dtype);
    for (li, x) in layouts(shape, dtype, seed).iter().enumerate() {
        let what = |op: &str| format!("{op} {dtype} shape {shape:?} axes {axes:?} layout {li}");
        let v = values(x);
        let fold = |f: &dyn Fn(&[Complex<f64>]) -> Complex<f64>| -> Vec<Complex<f64>> {
            groups.iter().map(|g| f(&g.iter().map(|&i| v[i]).collect::<Vec<_>>())).collect()
        };
        // sum / prod
        let s = sum(x, axis, None, keepdims).unwrap();
        assert_eq!(s.shape(), &out_shape[..], "{}", what("sum"));
        assert_eq!(s.dtype(), default_sum_dtype(dtype));
        let want: Vec<_> = fold(&|g| g.iter().sum()).into_iter().map(|w| rounded(w, s.dtype())).collect();
        assert_close(&values(&s), &want, tol, &what("sum"));
        let p = prod(x, axis, None, keepdims).unwrap();
        let want: Vec<_> = fold(&|g| g.iter().product()).into_iter().map(|w| rounded(w, p.dtype())).collect();
        assert_close(&values(&p), &want, tol * 4.0, &what("prod"));
        // mean
        let m = mean(x, axis, keepdims).unwrap();
        let want: Vec<_> = fold(&|g| g.iter().sum::<Complex<f64>>() / g.len() as f64);
        let want: Vec<_> = want.into_iter().map(|w| rounded(w, m.dtype())).collect();
        assert_close(&values(&m), &want, tol.max(1e-12), &what("mean"));
        // var / std with correction 1
        let vr = var(x, axis, 1.0, keepdims).unwrap();
        let want: Vec<_> = fold(&|g| {
            let mu = g.iter().sum::<Complex<f64>>() / g.len() as f64;
            let ss: f64 = g.iter().map(|z| (z - mu).norm_sqr()).sum();
            Complex::new(ss / (g.len() as f64 - 1.0).max(0.0), 0.0)
        });
        assert_close(&values(&vr), &want, tol.max(1e-12) * 4.0, &what("var"));
        let sd = std(x, axis, 1.0, keepdims).unwrap();
        let want: Vec<_> = want.iter().map(|w| Complex::new(w.re.sqrt(), 0.0)).collect();
        assert_close(&values(&sd), &want, tol.max(1e-12) * 4.0, &what("std"));
        // all / any / count_nonzero
        let nz = |z: &Complex<f64>| z.re != 0.0 || z.im != 0.0;
        let a = all(x, axis, keepdims).unwrap();
        assert_eq!(a.dtype(), DType::Bool);
        let want: Vec<_> = fold(&|g| Complex::new(f64::from(u8::from(g.iter().all(nz))), 0.0));
        assert_close(&values(&a), &want, 0.0, &what("all"));
        let an = any(x, axis, keepdims).unwrap();
        let want: Vec<_> = fold(&|g| Complex::new(f64::from(u8::from(g.iter().any(nz))), 0.0));
        assert_close(&values(&an), &want, 0.0, &what("any"));
        let c = count_nonzero(x, axis, keepdims).unwrap();
        assert_eq!(c.dtype(), DType::Int64);
        let want: Vec<_> = fold(&|g| Complex::new(g.iter().filter(|z| nz(z)).count() as f64, 0.0));
        assert_close(&values(&c), &want, 0.0, &what("count_nonzero"));
        // max / min
        if dtype.is_complex() {
            assert_eq!(max(x, axis, keepdims).unwrap_err().kind, ErrorKind::TypeError);
            continue;
        }
        if axes.iter().any(|&a| shape[a] == 0) {
            let err = max(x, axis, keepdims).unwrap_err();
            assert_eq!(err.kind, ErrorKind::ValueError);
            assert!(err.message.starts_with("max:"), "{}", err.message);
            assert!(min(x, axis, keepdims).is_err());
            continue;
        }
        let mx = max(x, axis, keepdims).unwrap();
        assert_eq!(mx.dtype(), dtype);
        let want: Vec<_> = fold(&|g| Complex::new(g.iter().map(|z| z.re).fold(f64::NEG_INFINITY, f64::max), 0.0));
        assert_close(&values(&mx), &want, 0.0, &what("max"));
        let mn = min(x, axis, keepdims).unwrap();
        let want: Vec<_> = fold(&|g| Complex::new(g.iter().map(|z| z.re).fold(f64::INFINITY, f64::min), 0.0));
        assert_close(&values(&mn), &want, 0.0, &what("min"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn reductions_match_reference(
        shape in proptest::collection::vec(0i64..5, 0..4),
        mask in proptest::option::of(0u8..16),
        keepdims in proptest::bool::ANY,
        dtype_index in 0usize..DTYPES.len(),
        seed in 0u64..1000,
    ) {
        check_all_ops(&shape, mask, keepdims, DTYPES[dtype_index], seed);
    }
}

#[test]
fn fixed_cases_all_dtypes() {
    for dtype in DTYPES {
        for (shape, mask) in [
            (&[3, 4, 5][..], Some(0b101)),
            (&[2, 3][..], Some(1)),
            (&[7][..], None),
            (&[][..], None),
            (&[3, 0][..], Some(2)),
            (&[0, 3][..], Some(2)),
        ] {
            check_all_ops(shape, mask, false, dtype, 7);
            check_all_ops(shape, mask, true, dtype, 8);
        }
    }
}

#[test]
fn large_sums_use_every_path() {
    // Large enough to run in parallel, pairwise and in the outer (row-accumulating) shape.
    for (shape, axis) in [
        (vec![1 << 20], None),
        (vec![512, 1024], Some(vec![0i64])),
        (vec![1024, 512], Some(vec![1i64])),
        (vec![64, 64, 64], Some(vec![0i64, 2])),
    ] {
        let x = random_tensor(&shape, DType::Float64, 3);
        let axes: Vec<usize> = match &axis {
            Some(a) => a.iter().map(|&v| v as usize).collect(),
            None => vec![0],
        };
        let s = sum(&x, axis.as_deref(), None, false).unwrap();
        let v = values(&x);
        let want: Vec<_> = groups(&shape, &axes).iter().map(|g| g.iter().map(|&i| v[i]).sum()).collect();
        assert_close(&values(&s), &want, 1e-12, "large sum");
        let mx = max(&x, axis.as_deref(), false).unwrap();
        let want: Vec<_> = groups(&shape, &axes)
            .iter()
            .map(|g| Complex::new(g.iter().map(|&i| v[i].re).fold(f64::MIN, f64::max), 0.0))
            .collect();
        assert_close(&values(&mx), &want, 0.0, "large max");
    }
}

#[test]
fn float32_sum_is_accurate() {
    // 2^24 ones: naive float32 accumulation stalls at 2^24; pairwise does not.
    let n = (1 << 24) + 1000;
    let x = Tensor::from_slice(&vec![1.0f32; n], &[n as i64]).unwrap();
    assert_eq!(sum(&x, None, None, false).unwrap().to_vec::<f32>().unwrap(), [n as f32]);
    let x = x.reshape(&[(n / 8) as i64, 8]).unwrap();
    let s = sum(&x, Some(&[0]), None, false).unwrap().to_vec::<f32>().unwrap();
    assert!(s.iter().all(|&v| v == (n / 8) as f32), "{s:?}");
}

#[test]
fn nan_propagates_in_max_min() {
    let x = Tensor::from_slice(&[1.0f64, f64::NAN, 3.0, 0.5, 2.0, -1.0], &[2, 3]).unwrap();
    let m = max(&x, Some(&[1]), false).unwrap().to_vec::<f64>().unwrap();
    assert!(m[0].is_nan() && m[1] == 2.0);
    let m = min(&x, Some(&[0]), false).unwrap().to_vec::<f64>().unwrap();
    assert_eq!((m[0], m[2]), (0.5, -1.0));
    assert!(m[1].is_nan());
    assert!(max(&x, None, false).unwrap().to_vec::<f64>().unwrap()[0].is_nan());
    assert_eq!(argmax(&x, None, false).unwrap().to_vec::<i64>().unwrap(), [1]);
    assert_eq!(argmin(&x, Some(1), false).unwrap().to_vec::<i64>().unwrap(), [1, 2]);
}

#[test]
fn dtype_argument_and_results() {
    let x = Tensor::from_slice(&[100i8, 100, 100], &[3]).unwrap();
    assert_eq!(sum(&x, None, None, false).unwrap().to_vec::<i64>().unwrap(), [300]);
    assert_eq!(sum(&x, None, Some(DType::Int8), false).unwrap().to_vec::<i8>().unwrap(), [44]);
    let f = sum(&x, None, Some(DType::Float32), false).unwrap();
    assert_eq!(f.to_vec::<f32>().unwrap(), [300.0]);
    let u = Tensor::from_slice(&[1u16, 2], &[2]).unwrap();
    assert_eq!(prod(&u, None, None, false).unwrap().dtype(), DType::UInt64);
    assert_eq!(mean(&u, None, false).unwrap().to_vec::<f64>().unwrap(), [1.5]);
    let e = Tensor::zeros(&[0], DType::Float32).unwrap();
    assert_eq!(sum(&e, None, None, false).unwrap().to_vec::<f32>().unwrap(), [0.0]);
    assert_eq!(prod(&e, None, None, false).unwrap().to_vec::<f32>().unwrap(), [1.0]);
    assert!(mean(&e, None, false).unwrap().to_vec::<f32>().unwrap()[0].is_nan());
    let one = Tensor::from_slice(&[1.0f64], &[1]).unwrap();
    assert!(var(&one, None, 1.0, false).unwrap().to_vec::<f64>().unwrap()[0].is_nan());
    let two = Tensor::from_slice(&[1.0f64, 2.0], &[2]).unwrap();
    assert_eq!(var(&two, None, 3.0, false).unwrap().to_vec::<f64>().unwrap(), [f64::INFINITY]);
    let c = Tensor::from_slice(
        &[ferrule_core::Complex32 { re: 1.0, im: 1.0 }, ferrule_core::Complex32 { re: -1.0, im: -1.0 }],
        &[2],
    )
    .unwrap();
    let v = var(&c, None, 0.0, false).unwrap();
    assert_eq!((v.dtype(), v.to_vec::<f32>().unwrap()), (DType::Float32, vec![2.0]));
}

#[test]
fn axis_errors_name_the_op() {
    let x = random_tensor(&[2, 3], DType::Float32, 1);
    let err = sum(&x, Some(&[2]), None, false).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "sum() argument 'axis': axis 2 is out of bounds for tensor of dimension 2");
    let err = mean(&x, Some(&[0, -2]), false).unwrap_err();
    assert!(err.message.starts_with("mean() argument 'axis': repeated axis"), "{}", err.message);
    assert!(argmax(&x, Some(5), false).unwrap_err().message.starts_with("argmax() argument 'axis'"));
    let err = max(&Tensor::zeros(&[0, 2], DType::Int32).unwrap(), None, false).unwrap_err();
    assert_eq!(err.message, "max: zero-size array to reduction operation maximum which has no identity");
    let err = argmin(&Tensor::zeros(&[0], DType::Int32).unwrap(), None, false).unwrap_err();
    assert_eq!(
        (err.kind, err.message.as_str()),
        (ErrorKind::ValueError, "argmin: attempt to get argmin of an empty sequence")
    );
}

fn check_arg(shape: &[i64], axis: Option<i64>, keepdims: bool, dtype: DType, seed: u64) {
    for x in layouts(shape, dtype, seed) {
        let v = values(&x);
        let nd = shape.len();
        let (axes, len): (Vec<usize>, i64) = match axis {
            None => ((0..nd).collect(), shape.iter().product()),
            Some(a) => (vec![a as usize], shape[a as usize]),
        };
        for (op, largest) in [("argmax", true), ("argmin", false)] {
            let run = if largest { argmax(&x, axis, keepdims) } else { argmin(&x, axis, keepdims) };
            if len == 0 {
                assert_eq!(run.unwrap_err().kind, ErrorKind::ValueError);
                continue;
            }
            let got = run.unwrap();
            let want: Vec<_> = groups(shape, &axes)
                .iter()
                .map(|g| {
                    let mut best = 0;
                    for (i, &f) in g.iter().enumerate() {
                        let (b, c) = (v[g[best]].re, v[f].re);
                        if (largest && c > b) || (!largest && c < b) {
                            best = i;
                        }
                    }
                    Complex::new(best as f64, 0.0)
                })
                .collect();
            assert_close(&values(&got), &want, 0.0, &format!("{op} {dtype} {shape:?} {axis:?}"));
            if keepdims {
                assert_eq!(got.ndim(), nd);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn arg_extrema_match_reference(
        shape in proptest::collection::vec(0i64..5, 1..4),
        axis_pick in proptest::option::of(0usize..3),
        keepdims in proptest::bool::ANY,
        dtype_index in 0usize..DTYPES.len() - 2,
        seed in 0u64..1000,
    ) {
        let axis = axis_pick.map(|a| (a % shape.len()) as i64);
        check_arg(&shape, axis, keepdims, DTYPES[dtype_index], seed);
    }

    #[test]
    fn cumulative_matches_reference(
        shape in proptest::collection::vec(0i64..5, 1..4),
        axis_pick in 0usize..3,
        include_initial in proptest::bool::ANY,
        dtype_index in 0usize..DTYPES.len(),
        seed in 0u64..1000,
    ) {
        let dtype = DTYPES[dtype_index];
        let axis = axis_pick % shape.len();
        for x in layouts(&shape, dtype, seed) {
            for product in [false, true] {
                let got = if product {
                    cumulative_prod(&x, Some(axis as i64), None, include_initial).unwrap()
                } else {
                    cumulative_sum(&x, Some(axis as i64), None, include_initial).unwrap()
                };
                let mut want_shape = shape.clone();
                want_shape[axis] += i64::from(include_initial);
                prop_assert_eq!(got.shape(), &want_shape[..]);
                prop_assert_eq!(got.dtype(), default_sum_dtype(dtype));
                let v = values(&x);
                let gv = values(&got);
                let (p, k, q) = cumulative_dims(&shape, axis);
                let k_out = k + usize::from(include_initial);
                for pi in 0..p {
                    for qi in 0..q {
                        let mut acc = Complex::new(if product { 1.0 } else { 0.0 }, 0.0);
                        if include_initial {
                            prop_assert_eq!(gv[(pi * k_out) * q + qi], acc);
                        }
                        for ki in 0..k {
                            let z = v[(pi * k + ki) * q + qi];
                            acc = if product { acc * z } else { acc + z };
                            let g = gv[(pi * k_out + ki + usize::from(include_initial)) * q + qi];
                            let w = rounded(acc, got.dtype());
                            prop_assert!(g == w || (g - w).norm() <= tolerance(dtype) * 8.0 * w.norm().max(1.0), "{} {} {}", dtype, g, w);
                        }
                    }
                }
            }
        }
    }
}

fn cumulative_dims(shape: &[i64], axis: usize) -> (usize, usize, usize) {
    let p: i64 = shape[..axis].iter().product();
    let q: i64 = shape[axis + 1..].iter().product();
    (p as usize, shape[axis] as usize, q as usize)
}

#[test]
fn cumulative_rules() {
    let x = Tensor::from_slice(&[1i32, 2, 3, 4], &[2, 2]).unwrap();
    let err = cumulative_sum(&x, None, None, false).unwrap_err();
    assert!(err.message.starts_with("cumulative_sum() argument 'axis'"), "{}", err.message);
    assert!(cumulative_sum(&Tensor::scalar(1i32), None, None, false).is_err());
    let c = cumulative_sum(&x.reshape(&[-1]).unwrap(), None, Some(DType::Int8), true).unwrap();
    assert_eq!(c.to_vec::<i8>().unwrap(), [0, 1, 3, 6, 10]);
    let c = cumulative_prod(&x, Some(0), None, false).unwrap();
    assert_eq!(c.to_vec::<i64>().unwrap(), [1, 2, 3, 8]);
}

#[test]
fn diff_matches_numpy_examples() {
    let x = Tensor::from_slice(&[1i64, 2, 4, 7, 0], &[5]).unwrap();
    assert_eq!(diff(&x, -1, 1, None, None).unwrap().to_vec::<i64>().unwrap(), [1, 2, 3, -7]);
    assert_eq!(diff(&x, -1, 2, None, None).unwrap().to_vec::<i64>().unwrap(), [1, 1, -10]);
    assert_eq!(diff(&x, 0, 7, None, None).unwrap().shape(), [0]);
    let pre = Operand::Scalar(ferrule_ops::Scalar::Int(9));
    assert_eq!(diff(&x, -1, 1, Some(&pre), None).unwrap().to_vec::<i64>().unwrap(), [-8, 1, 2, 3, -7]);
    let app = Operand::Scalar(ferrule_ops::Scalar::Float(0.5));
    let d = diff(&x, -1, 1, None, Some(&app)).unwrap();
    assert_eq!(d.dtype(), DType::Float64);
    assert_eq!(d.to_vec::<f64>().unwrap(), [1.0, 2.0, 3.0, -7.0, 0.5]);
    let b = Tensor::from_slice(&[true, false, false], &[3]).unwrap();
    assert_eq!(diff(&b, -1, 1, None, None).unwrap().to_vec::<bool>().unwrap(), [true, false]);
    let m = Tensor::from_slice(&[1u8, 3, 6, 10, 1, 0], &[2, 3]).unwrap();
    assert_eq!(diff(&m, 0, 1, None, None).unwrap().to_vec::<u8>().unwrap(), [9, 254, 250]);
    let t = m.transpose(0, 1).unwrap();
    assert_eq!(diff(&t, 1, 1, None, None).unwrap().to_vec::<u8>().unwrap(), [9, 254, 250]);
    let pre = Operand::Tensor(Tensor::from_slice(&[0u8, 0], &[2, 1]).unwrap());
    assert_eq!(diff(&m, 1, 1, Some(&pre), None).unwrap().to_vec::<u8>().unwrap(), [1, 2, 3, 10, 247, 255]);
    let bad = Operand::Tensor(Tensor::from_slice(&[0u8, 0, 0], &[3, 1]).unwrap());
    let err = diff(&m, 1, 1, Some(&bad), None).unwrap_err();
    assert!(err.message.starts_with("diff() argument 'prepend'"), "{}", err.message);
    assert!(diff(&m, 1, -1, None, None).is_err());
    assert!(diff(&Tensor::scalar(1i32), 0, 1, None, None).is_err());
}

/// `shape` filled with `value` (a complex one for complex dtypes, the real part otherwise) in
/// the layout `kind` picks: contiguous, every other element of a wider tensor, reversed, or a
/// broadcast of one element.
fn constant(shape: &[i64], dtype: DType, value: Complex<f64>, kind: usize) -> Tensor {
    let full = |shape: &[i64]| {
        let n: i64 = shape.iter().product();
        ferrule_ops::dispatch_all!(dtype, T => {
            Tensor::from_slice(&vec![T::from_c64(value); n as usize], shape).unwrap()
        })
    };
    match kind % 4 {
        1 if !shape.is_empty() => {
            let mut wide = shape.to_vec();
            *wide.last_mut().unwrap() *= 2;
            full(&wide).slice(shape.len() - 1, None, None, 2).unwrap()
        }
        2 if !shape.is_empty() => full(shape).slice(0, None, None, -1).unwrap(),
        3 => full(&[]).broadcast_to(shape).unwrap(),
        _ => full(shape),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// The variance of equal values is exactly 0 (not a rounding error of the mean, as the
    /// one-pass formula and a plainly summed mean give): every float dtype and layout, any axes.
    #[test]
    fn variance_of_constant_input_is_exactly_zero(
        shape in proptest::collection::vec(1i64..40, 1..4),
        mask in proptest::option::of(0u8..16),
        dtype_index in 0usize..6,
        mantissa in 1.0f64..2.0,
        exponent in -40i32..40,
        negative in proptest::bool::ANY,
        imag in -3.0f64..3.0,
        kind in 0usize..4,
        correction in 0u8..2,
    ) {
        let dtype = [DType::Float16, DType::BFloat16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128][dtype_index];
        let exponent = if matches!(dtype, DType::Float16) { exponent.clamp(-10, 10) } else { exponent };
        let re = mantissa * 2f64.powi(exponent) * if negative { -1.0 } else { 1.0 };
        let x = constant(&shape, dtype, Complex::new(re, imag * 2f64.powi(exponent)), kind);
        let axes = mask.map(|m| axes_from_mask(m, shape.len()));
        let reduced: i64 = match &axes {
            Some(a) => a.iter().map(|&d| shape[d as usize]).product(),
            None => shape.iter().product(),
        };
        for root in [false, true] {
            let got = if root { std(&x, axes.as_deref(), correction.into(), false) } else { var(&x, axes.as_deref(), correction.into(), false) };
            let got = values(&got.unwrap());
            for v in got {
                if reduced > i64::from(correction) {
                    prop_assert_eq!(v, Complex::new(0.0, 0.0), "{} {:?} {:?} value {} kind {}", dtype, shape, axes, re, kind);
                } else {
                    prop_assert!(v.re.is_nan());
                }
            }
        }
    }
}

#[test]
fn variance_of_the_reported_case_is_zero() {
    // std of eight copies of 2.00001 in float32 was 2.38e-07 (numpy: 0.0).
    let x = Tensor::from_slice(&[2.00001f32; 8], &[8]).unwrap();
    assert_eq!(std(&x, None, 0.0, false).unwrap().to_vec::<f32>().unwrap(), [0.0]);
    // And three copies of a float64 whose triple is not representable.
    let y = Tensor::from_slice(&[0.1f64; 3], &[3]).unwrap();
    assert_eq!(var(&y, None, 0.0, false).unwrap().to_vec::<f64>().unwrap(), [0.0]);
    // Large-magnitude data with a small spread keeps its spread (the shift is exact).
    let z = Tensor::from_slice(&[1e8f64 + 1.0, 1e8 + 2.0, 1e8 + 3.0, 1e8 + 4.0], &[4]).unwrap();
    assert_eq!(var(&z, None, 0.0, false).unwrap().to_vec::<f64>().unwrap(), [1.25]);
}

/// Long strided lines (the gathered scan, in parallel pieces when there is one line) against a
/// plain first-wins scan: ties across blocks and pieces keep the earliest, a NaN anywhere wins
/// at its first position, for one line and for several.
#[test]
fn arg_extrema_of_long_strided_lines() {
    let n = 300_000usize;
    let mut rng = Xoshiro256::from_seed(7);
    let base: Vec<f32> = (0..2 * n).map(|_| (rng.next_u64() % 1000) as f32).collect();
    let reference = |v: &[f32], largest: bool| -> i64 {
        let mut best = 0;
        for (i, &x) in v.iter().enumerate() {
            if x.is_nan() {
                return i as i64;
            }
            if (largest && x > v[best]) || (!largest && x < v[best]) {
                best = i;
            }
        }
        best as i64
    };
    // (a) random values, many ties of the extreme; (b) the extreme planted late and again
    // later; (c) a NaN after the extreme, then another.
    let mut cases = vec![base.clone()];
    let mut planted = base.clone();
    planted[2 * 250_001] = 5000.0;
    planted[2 * 299_999] = 5000.0;
    planted[2 * 70_000 + 2] = -5.0;
    cases.push(planted.clone());
    planted[2 * 260_000] = f32::NAN;
    planted[2 * 280_000] = f32::NAN;
    cases.push(planted);
    for data in cases {
        let full = Tensor::from_slice(&data, &[2 * n as i64]).unwrap();
        let strided = full.slice(0, None, None, 2).unwrap();
        let even: Vec<f32> = data.iter().step_by(2).copied().collect();
        for largest in [true, false] {
            let got = if largest { argmax(&strided, None, false) } else { argmin(&strided, None, false) };
            assert_eq!(got.unwrap().to_vec::<i64>().unwrap(), [reference(&even, largest)], "largest={largest}");
        }
        // three lines along axis 0 of a transposed view (each line strided by 3)
        let m = Tensor::from_slice(&data[..3 * (n / 2)], &[(n / 2) as i64, 3]).unwrap();
        let mt = m.permute(&[1, 0]).unwrap();
        let got = argmax(&mt, Some(1), false).unwrap().to_vec::<i64>().unwrap();
        let want: Vec<i64> = (0..3)
            .map(|c| reference(&data[..3 * (n / 2)].iter().skip(c).step_by(3).copied().collect::<Vec<_>>(), true))
            .collect();
        assert_eq!(got, want);
    }
}

/// Reductions of a `[::2]` view, whose blocks are read by `iter::gather`'s stride-2 loop: sums
/// and non-zero counts of every length around the block size and the vector widths, from an
/// even and an odd start, against a plain loop (the values are halves of small integers, so
/// every partial sum is exact in any order).
#[test]
fn reductions_of_every_other_element() {
    for n in [1usize, 2, 3, 7, 8, 9, 17, 63, 255, 256, 257, 1000, 3 * 256 + 5] {
        for start in [0usize, 1] {
            let base: Vec<f64> = (0..2 * n + 2).map(|i| ((i * 7) % 11) as f64 * 0.5 - 1.0).collect();
            let t = Tensor::from_slice(&base, &[base.len() as i64]).unwrap();
            let x = t.slice(0, Some(start as i64), Some((start + 2 * n) as i64), 2).unwrap();
            let taken: Vec<f64> = (0..n).map(|i| base[start + 2 * i]).collect();
            let total = sum(&x, None, None, false).unwrap().to_vec::<f64>().unwrap();
            assert_eq!(total, vec![taken.iter().sum::<f64>()], "sum, n={n} start={start}");
            let count = count_nonzero(&x, None, false).unwrap().to_vec::<i64>().unwrap();
            let want = taken.iter().filter(|&&v| v != 0.0).count() as i64;
            assert_eq!(count, vec![want], "count_nonzero, n={n} start={start}");
        }
    }
}
