//! Linear algebra tests: matmul / mm / tensordot / vecdot / norms against naive references on varied layouts and dtypes.

use ferrule_core::{DType, ErrorKind, Tensor};
use ferrule_registry::{Any, Array, ObjRef};
use num_complex::Complex;
use proptest::prelude::{proptest, ProptestConfig};

use crate::reduce::{assert_close, random_tensor, values};
use ferrule_ops::linalg::*;

/// `t` in a layout chosen by `kind`: contiguous, transposed storage, every other column, or
/// rows reversed (negative stride); the logical values are random either way.
fn laid_out(shape: &[i64], dtype: DType, kind: usize, seed: u64) -> Tensor {
    let n = shape.len();
    match kind % 4 {
        1 if n >= 2 => {
            let mut s = shape.to_vec();
            s.swap(n - 1, n - 2);
            random_tensor(&s, dtype, seed).transpose(n - 1, n - 2).unwrap()
        }
        2 if n >= 1 => {
            let mut s = shape.to_vec();
            s[n - 1] *= 2;
            random_tensor(&s, dtype, seed).slice(n - 1, None, None, 2).unwrap()
        }
        3 if n >= 1 => random_tensor(shape, dtype, seed).slice(0, None, None, -1).unwrap(),
        _ => random_tensor(shape, dtype, seed),
    }
}

/// The naive product of `a (.., m, k)` and `b (.., k, n)` with numpy's 1-D and batch rules.
fn reference(a: &Tensor, b: &Tensor, conj: bool) -> (Vec<i64>, Vec<Complex<f64>>) {
    let a2 = if a.ndim() == 1 { a.expand_dims(0).unwrap() } else { a.clone() };
    let b2 = if b.ndim() == 1 { b.expand_dims(1).unwrap() } else { b.clone() };
    let (na, nb) = (a2.ndim(), b2.ndim());
    let (m, k, n) = (a2.shape()[na - 2], a2.shape()[na - 1], b2.shape()[nb - 1]);
    let batch = ferrule_core::tensor::broadcast_shapes(&a2.shape()[..na - 2], &b2.shape()[..nb - 2]).unwrap();
    let full = |t: &Tensor, r: i64, c: i64| {
        let mut s = batch.clone();
        s.extend([r, c]);
        values(&t.broadcast_to(&s).unwrap())
    };
    let (av, bv) = (full(&a2, m, k), full(&b2, k, n));
    let count: i64 = batch.iter().product();
    let mut out = Vec::new();
    for bi in 0..count {
        for i in 0..m {
            for j in 0..n {
                let mut s = Complex::new(0.0, 0.0);
                for p in 0..k {
                    let x = av[((bi * m + i) * k + p) as usize];
                    s += if conj { x.conj() } else { x } * bv[((bi * k + p) * n + j) as usize];
                }
                out.push(s);
            }
        }
    }
    let mut shape = batch;
    if a.ndim() > 1 {
        shape.push(m);
    }
    if b.ndim() > 1 {
        shape.push(n);
    }
    (shape, out)
}

fn tol(dtype: DType, k: i64) -> f64 {
    let k = k.max(1) as f64;
    match dtype {
        DType::Float16 | DType::BFloat16 => 3e-2,
        DType::Float32 | DType::Complex64 => 1e-5 * k.sqrt(),
        DType::Float64 | DType::Complex128 => 1e-13 * k.sqrt(),
        _ => 0.0,
    }
}

/// Rounds reference values to `dtype` (ints wrap, bool is `!= 0`).
fn rounded(v: &[Complex<f64>], dtype: DType) -> Vec<Complex<f64>> {
    use ferrule_ops::dispatch::Elem;
    v.iter().map(|&z| ferrule_ops::dispatch_all!(dtype, T => { T::from_c64(z).to_c64() })).collect()
}

fn check_matmul(a: &Tensor, b: &Tensor) {
    let (shape, want) = reference(a, b, false);
    let got = matmul(a, b, None).unwrap();
    let dtype = ferrule_ops::promote::result_type(a.dtype(), b.dtype());
    assert_eq!(got.dtype(), dtype);
    assert_eq!(got.shape(), &shape[..], "{:?} @ {:?}", a.shape(), b.shape());
    let k = *a.shape().last().unwrap();
    let want = if dtype.is_bool() {
        want.iter().map(|z| Complex::new(f64::from(u8::from(z.re != 0.0)), 0.0)).collect()
    } else {
        rounded(&want, dtype)
    };
    assert_close(&values(&got), &want, tol(dtype, k), &format!("matmul {dtype} {:?} @ {:?}", a.shape(), b.shape()));
}

const DTYPES: [DType; 10] = [
    DType::Float32,
    DType::Float64,
    DType::Complex64,
    DType::Complex128,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::Bool,
    DType::Float16,
    DType::Int8,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    #[test]
    fn matmul_matches_reference(
        m in 0i64..6, k in 0i64..6, n in 0i64..6,
        batch_a in proptest::collection::vec(1i64..3, 0..3),
        batch_b in proptest::collection::vec(1i64..3, 0..3),
        one_d in 0usize..4,
        layout_a in 0usize..4, layout_b in 0usize..4,
        dtype_a in 0usize..DTYPES.len(), dtype_b in 0usize..DTYPES.len(),
        seed in 0u64..1000,
    ) {
        // Batch dims broadcast: make b's ones where they differ from a's.
        let lead = batch_a.len().min(batch_b.len());
        let mut batch_b = batch_b;
        for i in 0..lead {
            let (ia, ib) = (batch_a.len() - 1 - i, batch_b.len() - 1 - i);
            if batch_a[ia] != batch_b[ib] {
                batch_b[ib] = 1;
            }
        }
        let (sa, sb) = match one_d {
            1 => (vec![k], [batch_b.clone(), vec![k, n]].concat()),
            2 => ([batch_a.clone(), vec![m, k]].concat(), vec![k]),
            3 => (vec![k], vec![k]),
            _ => ([batch_a.clone(), vec![m, k]].concat(), [batch_b.clone(), vec![k, n]].concat()),
        };
        let a = laid_out(&sa, DTYPES[dtype_a], layout_a, seed);
        let b = laid_out(&sb, DTYPES[dtype_b % 4 + if dtype_a >= 4 { 4 } else { 0 }], layout_b, seed + 7);
        check_matmul(&a, &b);
    }
}

#[test]
fn gemm_sizes_and_views() {
    for dtype in [DType::Float32, DType::Float64, DType::Complex64, DType::Complex128] {
        for (m, k, n) in [(33, 47, 29), (70, 90, 65), (1, 200, 1), (128, 3, 64), (5, 300, 7)] {
            for la in 0..4 {
                let a = laid_out(&[m, k], dtype, la, 11);
                let b = laid_out(&[k, n], dtype, (la + 1) % 4, 12);
                check_matmul(&a, &b);
            }
        }
        // Batched with broadcasting and a zero-stride (broadcast) operand.
        let a = laid_out(&[3, 1, 20, 30], dtype, 1, 1);
        let b = random_tensor(&[30, 25], dtype, 2).broadcast_to(&[2, 30, 25]).unwrap();
        check_matmul(&a, &b);
        let big = random_tensor(&[200, 150], dtype, 5);
        check_matmul(&big, &big.transpose(0, 1).unwrap());
    }
    check_matmul(&random_tensor(&[40, 50], DType::Int32, 1), &random_tensor(&[50, 60], DType::Int32, 2));
}

#[test]
fn own_sgemm_blocking_edges() {
    // float32 shapes crossing each blocking size of the packed kernel (MR = 6, NR = 16, MC,
    // KC, groups of packed panels of b, and the 8M-float limit of packed b, which 2100 x 4100
    // exceeds), ragged at every edge, threaded (all but the first), on every layout.
    for (m, k, n) in [(12, 8, 16), (13, 2100, 4100), (97, 385, 33), (150, 800, 70), (75, 130, 1000)] {
        for la in 0..4 {
            let a = laid_out(&[m, k], DType::Float32, la, 21);
            let b = laid_out(&[k, n], DType::Float32, (la + 3) % 4, 22);
            check_matmul(&a, &b);
        }
    }
    // A transposed `out` (column stride != 1) takes the kernel's strided store.
    let (a, b) = (random_tensor(&[40, 300], DType::Float32, 3), random_tensor(&[300, 50], DType::Float32, 4));
    let want = matmul(&a, &b, None).unwrap().to_vec::<f32>().unwrap();
    let buf = Tensor::zeros(&[50, 40], DType::Float32).unwrap();
    let out = buf.transpose(0, 1).unwrap();
    matmul(&a, &b, Some(&out)).unwrap();
    assert_eq!(out.copy().unwrap().to_vec::<f32>().unwrap(), want);
}

#[test]
fn out_argument() {
    let a = random_tensor(&[4, 3], DType::Float64, 1);
    let b = random_tensor(&[3, 5], DType::Float64, 2);
    let want = matmul(&a, &b, None).unwrap();
    let buf = Tensor::zeros(&[5, 4], DType::Float64).unwrap();
    let out = buf.transpose(0, 1).unwrap();
    let got = matmul(&a, &b, Some(&out)).unwrap();
    assert!(got.shares_memory_with(&buf));
    assert_eq!(out.to_vec::<f64>().unwrap(), want.to_vec::<f64>().unwrap());
    let err = matmul(&a, &b, Some(&Tensor::zeros(&[4, 4], DType::Float64).unwrap())).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.starts_with("matmul() argument 'out'"), "{}", err.message);
    let err = matmul(&a, &b, Some(&Tensor::zeros(&[4, 5], DType::Float32).unwrap())).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    // `out` aliasing an input: computed into a temporary first.
    let sq = random_tensor(&[6, 6], DType::Float32, 3);
    let want = matmul(&sq, &sq, None).unwrap().to_vec::<f32>().unwrap();
    let copy = sq.copy().unwrap();
    matmul(&copy, &sq, Some(&copy)).unwrap();
    assert_eq!(copy.to_vec::<f32>().unwrap(), want);
}

#[test]
fn shape_errors_name_both_shapes() {
    let a = random_tensor(&[2, 3], DType::Float32, 1);
    let b = random_tensor(&[4, 5], DType::Float32, 2);
    let err = matmul(&a, &b, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.starts_with("matmul: shapes (2, 3) and (4, 5)"), "{}", err.message);
    let err = matmul(&Tensor::scalar(1.0f32), &a, None).unwrap_err();
    assert!(err.message.contains("()") && err.message.starts_with("matmul"), "{}", err.message);
    let err =
        matmul(&random_tensor(&[2, 2, 3], DType::Float32, 1), &random_tensor(&[3, 3, 1], DType::Float32, 1), None)
            .unwrap_err();
    assert!(err.message.contains("batch") && err.message.contains("(2, 2, 3)"), "{}", err.message);
    let err = mm(&random_tensor(&[3], DType::Float32, 1), &a).unwrap_err();
    assert!(err.message.starts_with("mm:"), "{}", err.message);
    let err = mm(&a, &b).unwrap_err();
    assert!(err.message.starts_with("mm: shapes (2, 3) and (4, 5)"), "{}", err.message);
    assert_eq!(mm(&a, &random_tensor(&[3, 2], DType::Float32, 3)).unwrap().shape(), [2, 2]);
}

fn ints(v: &[i64]) -> Any {
    Any::object(ObjRef::new(Array::new(v.iter().map(|&i| Any::int(i)).collect())))
}

fn pair(a: Any, b: Any) -> Any {
    Any::object(ObjRef::new(Array::new(vec![a, b])))
}

#[test]
fn tensordot_forms() {
    let a = random_tensor(&[3, 4, 5], DType::Float64, 1);
    let b = random_tensor(&[4, 5, 2], DType::Float64, 2);
    let got = tensordot(&a, &b, &Any::int(2)).unwrap();
    let want = matmul(&a.reshape(&[3, 20]).unwrap(), &b.reshape(&[20, 2]).unwrap(), None).unwrap();
    assert_eq!(got.shape(), [3, 2]);
    assert_close(&values(&got), &values(&want), 1e-13, "tensordot int");
    let got = tensordot(&a, &b, &pair(ints(&[1, 2]), ints(&[0, 1]))).unwrap();
    assert_close(&values(&got), &values(&want), 1e-13, "tensordot pair");
    // Contract a's dim 0 with b's dim 1 (single ints inside the pair).
    let c = random_tensor(&[6, 3], DType::Float32, 3);
    let got = tensordot(&a, &c, &pair(Any::int(0), Any::int(-1))).unwrap();
    assert_eq!(got.shape(), [4, 5, 6]);
    let want = matmul(&a.permute(&[1, 2, 0]).unwrap(), &c.transpose(0, 1).unwrap(), None).unwrap();
    assert_close(&values(&got), &values(&want), 1e-12, "tensordot mixed");
    let outer =
        tensordot(&random_tensor(&[2], DType::Int32, 1), &random_tensor(&[3], DType::Int32, 2), &Any::int(0)).unwrap();
    assert_eq!(outer.shape(), [2, 3]);
    let err = tensordot(&a, &b, &Any::int(3)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    let err = tensordot(&a, &b, &pair(ints(&[0]), ints(&[0]))).unwrap_err();
    assert!(err.message.starts_with("tensordot: shape mismatch"), "{}", err.message);
    let err = tensordot(&a, &b, &Any::str("x")).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.starts_with("tensordot() argument 'axes'"), "{}", err.message);
    assert!(tensordot(&a, &b, &pair(ints(&[0, 1]), ints(&[0]))).is_err());
}

#[test]
fn vecdot_conjugates_and_broadcasts() {
    for dtype in [DType::Float32, DType::Complex128, DType::Int64, DType::Complex64] {
        let a = laid_out(&[3, 4, 5], dtype, 1, 1);
        let b = random_tensor(&[4, 5], dtype, 2);
        let got = vecdot(&a, &b, -1).unwrap();
        assert_eq!(got.shape(), [3, 4]);
        let (av, bv) = (values(&a), values(&b));
        let want: Vec<_> = (0..12).map(|i| (0..5).map(|p| av[i * 5 + p].conj() * bv[(i % 4) * 5 + p]).sum()).collect();
        assert_close(&values(&got), &rounded(&want, dtype), tol(dtype, 5), "vecdot");
        let along0 =
            vecdot(&a.permute(&[2, 0, 1]).unwrap(), &b.transpose(0, 1).unwrap().expand_dims(1).unwrap(), -3).unwrap();
        assert_close(&values(&along0), &rounded(&want, dtype), tol(dtype, 5), "vecdot axis -3");
    }
    let a = random_tensor(&[3, 4], DType::Float64, 1);
    assert!(vecdot(&a, &random_tensor(&[3, 5], DType::Float64, 1), -1).unwrap_err().message.starts_with("vecdot"));
    assert!(vecdot(&a, &a, -3).unwrap_err().message.starts_with("vecdot() argument 'axis'"));
    assert_eq!(vecdot(&a, &a, 0).unwrap().shape(), [4]);
}

#[test]
fn vector_norms() {
    let x = Tensor::from_slice(&[3.0f32, -4.0, 0.0, 1.0, -2.0, 2.0], &[2, 3]).unwrap();
    let f = |t: Tensor| t.to_vec::<f32>().unwrap();
    assert_eq!(f(vector_norm(&x, None, false, 2.0).unwrap()), [34f32.sqrt()]);
    assert_eq!(f(vector_norm(&x, Some(&[1]), false, 1.0).unwrap()), [7.0, 5.0]);
    assert_eq!(f(vector_norm(&x, Some(&[0]), true, f64::INFINITY).unwrap()), [3.0, 4.0, 2.0]);
    assert_eq!(f(vector_norm(&x, None, false, f64::NEG_INFINITY).unwrap()), [0.0]);
    assert_eq!(f(vector_norm(&x, None, false, 0.0).unwrap()), [5.0]);
    let p3 = f(vector_norm(&x, Some(&[1]), false, 3.0).unwrap());
    assert!((p3[0] - 91f32.cbrt()).abs() < 1e-5);
    let i = Tensor::from_slice(&[3i32, 4], &[2]).unwrap();
    let n = vector_norm(&i, None, false, 2.0).unwrap();
    assert_eq!((n.dtype(), n.to_vec::<f64>().unwrap()), (DType::Float64, vec![5.0]));
    let c = Tensor::from_slice(&[ferrule_core::Complex64 { re: 3.0, im: 4.0 }], &[1]).unwrap();
    assert_eq!(vector_norm(&c, None, false, 1.0).unwrap().to_vec::<f64>().unwrap(), [5.0]);
    assert_eq!(vector_norm(&x, None, true, 2.0).unwrap().shape(), [1, 1]);
    assert!(vector_norm(&x, None, false, f64::NAN).is_err());
}

#[test]
fn matrix_norms() {
    let x = Tensor::from_slice(&[1.0f64, -2.0, 3.0, -4.0, 5.0, -6.0], &[2, 3]).unwrap();
    let f = |t: Tensor| t.to_vec::<f64>().unwrap();
    assert_eq!(f(matrix_norm(&x, false, &Any::str("fro")).unwrap()), [91f64.sqrt()]);
    assert_eq!(f(matrix_norm(&x, false, &Any::int(1)).unwrap()), [9.0]);
    assert_eq!(f(matrix_norm(&x, false, &Any::int(-1)).unwrap()), [5.0]);
    assert_eq!(f(matrix_norm(&x, false, &Any::float(f64::INFINITY)).unwrap()), [15.0]);
    assert_eq!(f(matrix_norm(&x, false, &Any::float(f64::NEG_INFINITY)).unwrap()), [6.0]);
    let k = matrix_norm(&x, true, &Any::float(f64::INFINITY)).unwrap();
    assert_eq!((k.shape(), f(k.clone())), (&[1i64, 1][..], vec![15.0]));
    let stack = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 1.0], &[2, 2, 2]).unwrap();
    let s = matrix_norm(&stack, false, &Any::int(1)).unwrap();
    assert_eq!((s.dtype(), s.to_vec::<f32>().unwrap()), (DType::Float32, vec![6.0, 1.0]));
    assert_eq!(matrix_norm(&stack, true, &Any::int(-1)).unwrap().shape(), [2, 1, 1]);
    // The squared singular values are the roots of t^2 - 91 t + 54 (the trace and determinant
    // of x x^T).
    let (big, small) = (((91.0 + 8065f64.sqrt()) / 2.0).sqrt(), ((91.0 - 8065f64.sqrt()) / 2.0).sqrt());
    for (ord, want) in [(Any::str("nuc"), big + small), (Any::int(2), big), (Any::int(-2), small)] {
        let got = f(matrix_norm(&x, false, &ord).unwrap())[0];
        assert!((got - want).abs() <= 1e-13 * want, "{got} vs {want}");
    }
    assert_eq!(matrix_norm(&x, false, &Any::int(3)).unwrap_err().kind, ErrorKind::ValueError);
    assert_eq!(matrix_norm(&x, false, &Any::str("max")).unwrap_err().kind, ErrorKind::ValueError);
    assert!(matrix_norm(&Tensor::from_slice(&[1.0f64], &[1]).unwrap(), false, &Any::str("fro")).is_err());
}

#[test]
fn long_products_in_pieces_match_the_reference() {
    // Under test a piece is 4096 multiply-adds: row bands (m large), column bands (n large)
    // and inner-dim slices added up (m and n small, k large), for every gemm dtype and layout.
    let shapes = [(40, 5, 40), (5, 7, 60), (10, 100, 10), (3, 700, 3), (20, 300, 20)];
    for dtype in [DType::Float32, DType::Float64, DType::Complex64, DType::Complex128] {
        for (i, &(m, k, n)) in shapes.iter().enumerate() {
            for kind in 0..4 {
                let seed = 100 * i as u64 + kind as u64;
                let a = laid_out(&[m, k], dtype, kind, seed);
                let b = laid_out(&[k, n], dtype, kind + 1, seed + 7);
                let got = matmul(&a, &b, None).unwrap();
                let (shape, want) = reference(&a, &b, false);
                assert_eq!(got.shape(), &shape[..]);
                let tol = if matches!(dtype, DType::Float32 | DType::Complex64) { 1e-4 } else { 1e-11 };
                let what = format!("{dtype} ({m}, {k}) @ ({k}, {n}) layout {kind}");
                assert_close(&values(&got), &want, tol * (k as f64).sqrt(), &what);
            }
        }
    }
}
