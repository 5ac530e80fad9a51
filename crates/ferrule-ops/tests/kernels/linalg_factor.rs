//! Tests of the linalg extension's kernels (factorizations on faer and the structural ops):
//! invariants checked in complex f64 (reconstruction, orthogonality, ordering) over dtypes,
//! batches, non-contiguous layouts and empty shapes, and the error cases.

use ferrule_core::{DType, ErrorKind, Tensor};
use num_complex::Complex;

use proptest::prelude::{proptest, ProptestConfig};

use crate::reduce::values;
use ferrule_ops::dispatch::Elem;
use ferrule_ops::linalg::*;
use ferrule_ops::random::Xoshiro256;
use ferrule_ops::Operand;

type C = Complex<f64>;

const FLOATS: [DType; 4] = [DType::Float32, DType::Float64, DType::Complex64, DType::Complex128];

/// A tensor of `shape` and `dtype` whose element at C-order index `i` (of a stack of `r x c`
/// matrices: row, col) is `f(i, row, col)`.
fn make(shape: &[i64], dtype: DType, mut f: impl FnMut(usize, usize, usize) -> C) -> Tensor {
    let n = shape.len();
    let (r, c) = if n >= 2 { (shape[n - 2] as usize, shape[n - 1] as usize) } else { (1, shape[0] as usize) };
    let count: i64 = shape.iter().product();
    let data: Vec<C> = (0..count as usize).map(|i| f(i, (i / c.max(1)) % r.max(1), i % c.max(1))).collect();
    ferrule_ops::dispatch_all!(dtype, T => {
        let typed: Vec<T> = data.iter().map(|&z| T::from_c64(z)).collect();
        Tensor::from_slice(&typed, shape).unwrap()
    })
}

/// Random well-conditioned matrices: entries in [-1, 1) (complex for complex dtypes) plus
/// `shift` on the diagonal.
fn random(shape: &[i64], dtype: DType, seed: u64, shift: f64) -> Tensor {
    let mut rng = Xoshiro256::from_seed(seed);
    make(shape, dtype, |_, r, c| {
        let re = rng.next_f64() * 2.0 - 1.0;
        let im = if dtype.is_complex() { rng.next_f64() * 2.0 - 1.0 } else { 0.0 };
        C::new(re + if r == c { shift } else { 0.0 }, im)
    })
}

/// The same logical values in other layouts: column-major storage, every other element of a
/// wider tensor (stride 2 in the last dim) and reversed storage along dim 0 (negative stride).
fn layouts(t: &Tensor) -> Vec<Tensor> {
    let n = t.ndim();
    let mut out = vec![t.clone()];
    if n >= 2 {
        out.push(t.transpose(n - 1, n - 2).unwrap().contiguous().unwrap().transpose(n - 1, n - 2).unwrap());
    }
    if n >= 1 {
        let doubled = ferrule_ops::manipulate::stack(&[t.clone(), t.clone()], -1).unwrap();
        out.push(doubled.select(n, 0).unwrap());
        out.push(t.slice(0, None, None, -1).unwrap().contiguous().unwrap().slice(0, None, None, -1).unwrap());
    }
    out
}

/// `(batch, rows, cols)` of a tensor of at least 2 dims, and its values per matrix.
fn matrices(t: &Tensor) -> Vec<Vec<Vec<C>>> {
    let n = t.ndim();
    let (r, c) = (t.shape()[n - 2] as usize, t.shape()[n - 1] as usize);
    let v = values(t);
    let count = v.len().checked_div(r * c).unwrap_or_else(|| t.shape()[..n - 2].iter().product::<i64>() as usize);
    (0..count).map(|b| (0..r).map(|i| (0..c).map(|j| v[b * r * c + i * c + j]).collect()).collect()).collect()
}

fn mul(a: &[Vec<C>], b: &[Vec<C>]) -> Vec<Vec<C>> {
    let (m, k) = (a.len(), b.len());
    let n = b.first().map_or(0, Vec::len);
    (0..m).map(|i| (0..n).map(|j| (0..k).map(|p| a[i][p] * b[p][j]).sum()).collect()).collect()
}

fn adjoint(a: &[Vec<C>], cols: usize) -> Vec<Vec<C>> {
    (0..cols).map(|j| a.iter().map(|row| row[j].conj()).collect()).collect()
}

fn eye(n: usize) -> Vec<Vec<C>> {
    (0..n).map(|i| (0..n).map(|j| C::new(f64::from(u8::from(i == j)), 0.0)).collect()).collect()
}

fn assert_mat_close(got: &[Vec<C>], want: &[Vec<C>], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: rows");
    let scale = want.iter().flatten().map(|z| z.norm()).fold(1.0, f64::max);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.len(), w.len(), "{what}: cols");
        for (j, (x, y)) in g.iter().zip(w).enumerate() {
            assert!((x - y).norm() <= tol * scale, "{what}: [{i}, {j}]: got {x}, want {y}");
        }
    }
}

fn tol(dtype: DType) -> f64 {
    if matches!(dtype, DType::Float32 | DType::Complex64) {
        2e-4
    } else {
        1e-10
    }
}

fn kind(r: ferrule_core::Result<impl std::fmt::Debug>) -> (ErrorKind, String) {
    let e = r.expect_err("expected an error");
    (e.kind, e.message)
}

#[test]
fn inv_solve_det_reconstruct_over_dtypes_layouts_and_batches() {
    for dtype in FLOATS {
        for shape in [vec![1i64, 1], vec![3, 3], vec![2, 4, 4], vec![2, 1, 5, 5]] {
            let n = shape[shape.len() - 1] as usize;
            for (l, a) in layouts(&random(&shape, dtype, 7, n as f64)).into_iter().enumerate() {
                let what = format!("{dtype} {shape:?} layout {l}");
                let ai = inv(&a).unwrap();
                assert_eq!((ai.dtype(), ai.shape()), (dtype, a.shape()), "{what}");
                for (m, mi) in matrices(&a).iter().zip(matrices(&ai)) {
                    assert_mat_close(&mul(m, &mi), &eye(n), tol(dtype), &format!("inv {what}"));
                }
                let b = random(&[n as i64, 2], dtype, 9, 0.0);
                let x = solve(&a, &b).unwrap();
                for (m, xm) in matrices(&a).iter().zip(matrices(&x)) {
                    assert_mat_close(&mul(m, &xm), &matrices(&b)[0], tol(dtype), &format!("solve {what}"));
                }
                let d = values(&det(&a).unwrap());
                let parts = slogdet(&a).unwrap();
                let (signs, logs) = (values(&parts[0]), values(&parts[1]));
                assert_eq!(parts[1].dtype(), ferrule_ops::promote::real_dtype(dtype));
                for ((d, s), l) in d.iter().zip(&signs).zip(&logs) {
                    let want = s * l.re.exp();
                    assert!(
                        (d - want).norm() <= tol(dtype) * want.norm().max(1.0),
                        "det/slogdet {what}: {d} vs {want}"
                    );
                    assert!((s.norm() - 1.0).abs() < tol(dtype), "slogdet sign modulus {what}");
                }
            }
        }
    }
}

#[test]
fn det_of_known_matrices_and_singular_ones() {
    let a = make(&[2, 2], DType::Float64, |i, _, _| C::new([1.0, 2.0, 3.0, 4.0][i], 0.0));
    assert_eq!(values(&det(&a).unwrap()), vec![C::new(-2.0, 0.0)]);
    // A product past f64's range in the middle of the LU is kept apart from its exponent.
    let big =
        make(&[3, 3], DType::Float64, |_, r, c| C::new(if r != c { 0.0 } else { [1e200, 1e200, 1e-300][r] }, 0.0));
    let d = values(&det(&big).unwrap())[0].re;
    assert!((d / 1e100 - 1.0).abs() < 1e-12, "{d}");
    let singular = make(&[2, 3, 3], DType::Float64, |i, _, c| C::new(if i >= 9 { (c + 1) as f64 } else { 1.0 }, 0.0));
    assert_eq!(values(&det(&singular).unwrap()), vec![C::new(0.0, 0.0); 2]);
    let parts = slogdet(&singular).unwrap();
    assert_eq!(values(&parts[0]), vec![C::new(0.0, 0.0); 2]);
    assert_eq!(values(&parts[1]), vec![C::new(f64::NEG_INFINITY, 0.0); 2]);
    // Integers compute in float64; an empty matrix has determinant 1.
    let ints = make(&[2, 2], DType::Int32, |i, _, _| C::new([2.0, 1.0, 1.0, 1.0][i], 0.0));
    let d = det(&ints).unwrap();
    assert_eq!((d.dtype(), values(&d)), (DType::Float64, vec![C::new(1.0, 0.0)]));
    let empty = Tensor::zeros(&[3, 0, 0], DType::Float32).unwrap();
    assert_eq!(values(&det(&empty).unwrap()), vec![C::new(1.0, 0.0); 3]);
    let parts = slogdet(&empty).unwrap();
    assert_eq!((values(&parts[0]), values(&parts[1])), (vec![C::new(1.0, 0.0); 3], vec![C::new(0.0, 0.0); 3]));
}

#[test]
fn singular_and_malformed_input_are_errors_naming_the_op() {
    let singular = make(&[2, 2], DType::Float64, |_, _, _| C::new(1.0, 0.0));
    let (k, m) = kind(inv(&singular));
    assert_eq!(k, ErrorKind::ValueError);
    assert!(m.starts_with("linalg.inv: the matrix is singular"), "{m}");
    let stack = Tensor::zeros(&[3, 2, 2], DType::Float64).unwrap();
    let (_, m) = kind(solve(&stack, &Tensor::zeros(&[2], DType::Float64).unwrap()));
    assert!(m.starts_with("linalg.solve: the matrix is singular (matrix 0 of the stack)"), "{m}");
    let rect = Tensor::zeros(&[2, 3], DType::Float64).unwrap();
    for (op, r) in [("linalg.inv", inv(&rect)), ("linalg.det", det(&rect)), ("linalg.cholesky", cholesky(&rect, false))]
    {
        let (k, m) = kind(r);
        assert_eq!(k, ErrorKind::ValueError);
        assert!(m.contains(op) && m.contains("expected square matrices") && m.contains("(2, 3)"), "{m}");
    }
    let (k, m) = kind(eigh(&Tensor::zeros(&[3], DType::Float64).unwrap()));
    assert!(k == ErrorKind::ValueError && m.contains("at least 2 dims"), "{m}");
    let (k, m) = kind(inv(&Tensor::zeros(&[2, 2], DType::Float16).unwrap()));
    assert!(k == ErrorKind::TypeError && m.contains("float16 is not supported"), "{m}");
    let a = Tensor::zeros(&[2, 3, 3], DType::Float64).unwrap();
    let (k, m) = kind(solve(&a, &Tensor::zeros(&[4], DType::Float64).unwrap()));
    assert!(k == ErrorKind::ValueError && m.contains("must have 3 elements"), "{m}");
    let (k, m) = kind(solve(&a, &Tensor::zeros(&[4, 3, 1], DType::Float64).unwrap()));
    assert!(k == ErrorKind::ValueError && m.contains("could not be broadcast"), "{m}");
    let (k, m) = kind(qr(&rect, "economic"));
    assert!(k == ErrorKind::ValueError && m.contains("'reduced' or 'complete'"), "{m}");
    let not_pd = make(&[2, 2, 2], DType::Float64, |i, r, c| {
        C::new(
            if r == c {
                if i >= 4 {
                    -1.0
                } else {
                    1.0
                }
            } else {
                0.0
            },
            0.0,
        )
    });
    let (k, m) = kind(cholesky(&not_pd, false));
    assert_eq!(k, ErrorKind::ValueError);
    assert!(m.starts_with("linalg.cholesky: the matrix is not positive definite (matrix 1 of the stack)"), "{m}");
    let nan = make(&[2, 2], DType::Float64, |_, _, _| C::new(f64::NAN, 0.0));
    for (op, r) in
        [("svd", svd(&nan, true).map(|_| ())), ("eigh", eigh(&nan).map(|_| ())), ("pinv", pinv(&nan, None).map(|_| ()))]
    {
        let (k, m) = kind(r);
        assert!(k == ErrorKind::ValueError && m.contains("infinite or nan"), "{op}: {m}");
    }
}

#[test]
fn solve_shapes_follow_numpy_2() {
    let a = random(&[2, 3, 3], DType::Float64, 1, 3.0);
    // A 1-D x2 is one vector for every matrix; anything else is a stack of matrices.
    assert_eq!(solve(&a, &random(&[3], DType::Float64, 2, 0.0)).unwrap().shape(), &[2, 3]);
    assert_eq!(solve(&a, &random(&[3, 4], DType::Float64, 2, 0.0)).unwrap().shape(), &[2, 3, 4]);
    assert_eq!(solve(&a, &random(&[5, 1, 3, 1], DType::Float64, 2, 0.0)).unwrap().shape(), &[5, 2, 3, 1]);
    let x = solve(&a, &random(&[2, 3, 0], DType::Float64, 2, 0.0)).unwrap();
    assert_eq!(x.shape(), &[2, 3, 0]);
    // Promotion: float32 with float64, int with complex64.
    let f32a = random(&[3, 3], DType::Float32, 3, 3.0);
    assert_eq!(solve(&f32a, &random(&[3], DType::Float64, 4, 0.0)).unwrap().dtype(), DType::Float64);
    let ints = make(&[3], DType::Int64, |i, _, _| C::new(i as f64, 0.0));
    assert_eq!(solve(&random(&[3, 3], DType::Complex64, 5, 3.0), &ints).unwrap().dtype(), DType::Complex128);
}

#[test]
fn empty_batches_and_zero_size_matrices() {
    for dtype in FLOATS {
        let none = Tensor::zeros(&[0, 3, 3], dtype).unwrap();
        assert_eq!(inv(&none).unwrap().shape(), &[0, 3, 3]);
        assert_eq!(det(&none).unwrap().shape(), &[0]);
        assert_eq!(cholesky(&none, false).unwrap().shape(), &[0, 3, 3]);
        let e = eigh(&none).unwrap();
        assert_eq!((e[0].shape(), e[1].shape()), (&[0i64, 3][..], &[0i64, 3, 3][..]));
        let s = svd(&none, true).unwrap();
        assert_eq!((s[0].shape(), s[1].shape(), s[2].shape()), (&[0i64, 3, 3][..], &[0i64, 3][..], &[0i64, 3, 3][..]));
        let zero = Tensor::zeros(&[2, 0, 0], dtype).unwrap();
        assert_eq!(inv(&zero).unwrap().shape(), &[2, 0, 0]);
        assert_eq!(eigvalsh(&zero).unwrap().shape(), &[2, 0]);
        assert_eq!(pinv(&Tensor::zeros(&[2, 0, 3], dtype).unwrap(), None).unwrap().shape(), &[2, 3, 0]);
        assert_eq!(matrix_rank(&zero, None).unwrap().shape(), &[2]);
        // No reflections: complete Q is the identity, R all zeros; full U and Vh identities.
        let q = qr(&Tensor::zeros(&[2, 0], dtype).unwrap(), "complete").unwrap();
        assert_eq!(matrices(&q[0])[0], eye(2));
        assert_eq!(q[1].shape(), &[2, 0]);
        let s = svd(&Tensor::zeros(&[3, 0], dtype).unwrap(), true).unwrap();
        assert_eq!((matrices(&s[0])[0].clone(), s[1].shape(), s[2].shape()), (eye(3), &[0i64][..], &[0i64, 0][..]));
    }
}

#[test]
fn cholesky_reads_one_triangle_and_reconstructs() {
    for dtype in FLOATS {
        let base = random(&[2, 4, 4], dtype, 11, 0.0);
        // x = B B^H + 4 I is Hermitian positive definite; then spoil the unused triangle.
        for (batch, b) in matrices(&base).iter().enumerate() {
            let mut hpd = mul(b, &adjoint(b, 4));
            for (i, row) in hpd.iter_mut().enumerate() {
                row[i] += C::new(4.0, 0.0);
            }
            for upper in [false, true] {
                let spoiled = make(&[4, 4], dtype, |_, r, c| {
                    let keep = if upper { r <= c } else { r >= c };
                    if keep {
                        hpd[r][c]
                    } else {
                        C::new(99.0, 7.0)
                    }
                });
                for (l, x) in layouts(&spoiled).into_iter().enumerate() {
                    let f = matrices(&cholesky(&x, upper).unwrap())[0].clone();
                    let what = format!("cholesky {dtype} upper={upper} batch {batch} layout {l}");
                    for (r, row) in f.iter().enumerate() {
                        for (c, v) in row.iter().enumerate() {
                            let zero_side = if upper { r > c } else { r < c };
                            assert!(!zero_side || *v == C::new(0.0, 0.0), "{what}: [{r}, {c}] = {v}");
                        }
                    }
                    let rebuilt = if upper { mul(&adjoint(&f, 4), &f) } else { mul(&f, &adjoint(&f, 4)) };
                    assert_mat_close(&rebuilt, &hpd, tol(dtype), &what);
                }
            }
        }
    }
}

fn check_qr(x: &Tensor, complete: bool) {
    let dtype = x.dtype();
    let n = x.ndim();
    let (m, cols) = (x.shape()[n - 2] as usize, x.shape()[n - 1] as usize);
    let k = m.min(cols);
    let parts = qr(x, if complete { "complete" } else { "reduced" }).unwrap();
    let (qc, rr) = if complete { (m, m) } else { (k, k) };
    assert_eq!(parts[0].shape()[n - 2..], [m as i64, qc as i64]);
    assert_eq!(parts[1].shape()[n - 2..], [rr as i64, cols as i64]);
    let what = format!("qr {dtype} {:?} complete={complete}", x.shape());
    for ((a, q), r) in matrices(x).iter().zip(matrices(&parts[0])).zip(matrices(&parts[1])) {
        assert_mat_close(&mul(&q, &r), a, tol(dtype), &what);
        assert_mat_close(&mul(&adjoint(&q, qc), &q), &eye(qc), tol(dtype), &what);
        for (i, row) in r.iter().enumerate() {
            assert!(row.iter().take(i.min(cols)).all(|v| *v == C::new(0.0, 0.0)), "{what}: R not upper triangular");
        }
    }
}

#[test]
fn qr_reconstructs_with_orthonormal_q() {
    for dtype in FLOATS {
        for shape in [vec![1i64, 1], vec![4, 4], vec![5, 3], vec![3, 5], vec![2, 6, 2]] {
            for x in layouts(&random(&shape, dtype, 13, 0.0)) {
                check_qr(&x, false);
                check_qr(&x, true);
            }
        }
    }
    // Blocked Householder: a size past faer's block size.
    check_qr(&random(&[70, 40], DType::Float64, 14, 0.0), true);
}

#[test]
fn eigh_reads_the_lower_triangle_and_sorts_ascending() {
    for dtype in FLOATS {
        let base = random(&[3, 5, 5], dtype, 17, 0.0);
        let hermitian = make(&[3, 5, 5], dtype, |i, r, c| {
            let b = &matrices(&base)[i / 25];
            if r >= c {
                b[r][c] + b[c][r].conj()
            } else {
                C::new(1e3, -5.0) // the upper triangle is never read
            }
        });
        for (l, x) in layouts(&hermitian).into_iter().enumerate() {
            let what = format!("eigh {dtype} layout {l}");
            let parts = eigh(&x).unwrap();
            assert_eq!(parts[0].dtype(), ferrule_ops::promote::real_dtype(dtype));
            let w = matrices(&parts[0].expand_dims(1).unwrap());
            let only = matrices(&eigvalsh(&x).unwrap().expand_dims(1).unwrap());
            for (b, ((v, w), only)) in matrices(&parts[1]).iter().zip(&w).zip(&only).enumerate() {
                let w = &w[0];
                assert!(w.windows(2).all(|p| p[0].re <= p[1].re), "{what}: not ascending");
                assert_mat_close(std::slice::from_ref(&only[0]), std::slice::from_ref(w), tol(dtype), &what);
                let full = make(&[5, 5], DType::Complex128, |_, r, c| {
                    let b = &matrices(&base)[b];
                    if r >= c {
                        b[r][c] + b[c][r].conj()
                    } else {
                        (b[c][r] + b[r][c].conj()).conj()
                    }
                });
                let a = &matrices(&full)[0];
                let scaled: Vec<Vec<C>> = v.iter().map(|row| row.iter().zip(w).map(|(x, l)| x * l).collect()).collect();
                assert_mat_close(&mul(a, v), &scaled, tol(dtype) * 10.0, &what);
                assert_mat_close(&mul(&adjoint(v, 5), v), &eye(5), tol(dtype), &what);
            }
        }
    }
}

fn check_svd(x: &Tensor, full: bool) {
    let dtype = x.dtype();
    let n = x.ndim();
    let (m, cols) = (x.shape()[n - 2] as usize, x.shape()[n - 1] as usize);
    let k = m.min(cols);
    let parts = svd(x, full).unwrap();
    let (uc, vr) = if full { (m, cols) } else { (k, k) };
    assert_eq!(parts[1].dtype(), ferrule_ops::promote::real_dtype(dtype));
    assert_eq!(parts[0].shape()[n - 2..], [m as i64, uc as i64]);
    assert_eq!(parts[2].shape()[n - 2..], [vr as i64, cols as i64]);
    let what = format!("svd {dtype} {:?} full={full}", x.shape());
    let s_all = matrices(&parts[1].expand_dims(parts[1].ndim() - 1).unwrap());
    let vals = matrices(&svdvals(x).unwrap().expand_dims(parts[1].ndim() - 1).unwrap());
    for (((a, u), s), (vh, only)) in
        matrices(x).iter().zip(matrices(&parts[0])).zip(&s_all).zip(matrices(&parts[2]).into_iter().zip(&vals))
    {
        let s = &s[0];
        assert!(s.windows(2).all(|p| p[0].re >= p[1].re) && s.iter().all(|v| v.re >= 0.0), "{what}: order");
        assert_mat_close(std::slice::from_ref(&only[0]), std::slice::from_ref(s), tol(dtype), &what);
        let us: Vec<Vec<C>> = u.iter().map(|row| (0..k).map(|j| row[j] * s[j]).collect()).collect();
        let vh_k: Vec<Vec<C>> = vh.iter().take(k).cloned().collect();
        assert_mat_close(&mul(&us, &vh_k), a, tol(dtype), &what);
        assert_mat_close(&mul(&adjoint(&u, uc), &u), &eye(uc), tol(dtype), &what);
        assert_mat_close(&mul(&vh, &adjoint(&vh, cols)), &eye(vr), tol(dtype), &what);
    }
}

#[test]
fn svd_reconstructs_with_unitary_factors() {
    for dtype in FLOATS {
        for shape in [vec![1i64, 1], vec![4, 4], vec![6, 3], vec![3, 6], vec![2, 5, 4]] {
            for x in layouts(&random(&shape, dtype, 19, 0.0)) {
                check_svd(&x, true);
                check_svd(&x, false);
            }
        }
    }
}

#[test]
fn pinv_rank_and_spectral_norms() {
    // Rank 2: the third row is the sum of the first two.
    let a =
        make(&[3, 3], DType::Float64, |_, r, c| C::new([[1.0, 2.0, 3.0], [0.0, 1.0, 4.0], [1.0, 3.0, 7.0]][r][c], 0.0));
    assert_eq!(values(&matrix_rank(&a, None).unwrap()), vec![C::new(2.0, 0.0)]);
    let p = pinv(&a, None).unwrap();
    let (am, pm) = (&matrices(&a)[0], &matrices(&p)[0]);
    assert_mat_close(&mul(&mul(am, pm), am), am, 1e-10, "a pinv(a) a");
    assert_mat_close(&mul(&mul(pm, am), pm), pm, 1e-10, "pinv(a) a pinv(a)");
    // rtol as a tensor broadcast against the batch dims: a huge tolerance leaves rank 0.
    let rtol = Tensor::from_slice(&[1e-12, 10.0], &[2]).unwrap();
    let ranks = matrix_rank(&a, Some(&Operand::Tensor(rtol.clone()))).unwrap();
    assert_eq!(values(&ranks), vec![C::new(2.0, 0.0), C::new(0.0, 0.0)]);
    let ps = pinv(&a, Some(&Operand::Tensor(rtol))).unwrap();
    assert_eq!(ps.shape(), &[2, 3, 3]);
    assert!(values(&ps)[9..].iter().all(|v| *v == C::new(0.0, 0.0)));
    // A rectangular complex pseudo-inverse.
    for dtype in FLOATS {
        let r = random(&[2, 4, 3], dtype, 23, 0.0);
        let p = pinv(&r, None).unwrap();
        assert_eq!(p.shape(), &[2, 3, 4]);
        for (rm, pm) in matrices(&r).iter().zip(matrices(&p)) {
            assert_mat_close(&mul(&pm, rm), &eye(3), tol(dtype), &format!("pinv {dtype}"));
        }
    }
    let d = make(&[2, 2], DType::Float32, |_, r, c| C::new(if r == c { [3.0, -4.0][r] } else { 0.0 }, 0.0));
    let norm = |ord: ferrule_registry::Any, keep: bool| values(&matrix_norm(&d, keep, &ord).unwrap());
    assert_eq!(norm(ferrule_registry::Any::from(2.0), false), vec![C::new(4.0, 0.0)]);
    assert_eq!(norm(ferrule_registry::Any::from(-2.0), false), vec![C::new(3.0, 0.0)]);
    assert_eq!(norm(ferrule_registry::Any::from("nuc"), true), vec![C::new(7.0, 0.0)]);
    assert_eq!(matrix_norm(&d, true, &ferrule_registry::Any::from("nuc")).unwrap().shape(), &[1, 1]);
}

#[test]
fn matrix_power_by_squaring() {
    let a = make(&[2, 2], DType::Int64, |i, _, _| C::new([1.0, 1.0, 1.0, 0.0][i], 0.0));
    // Fibonacci: [[1, 1], [1, 0]]^10 = [[89, 55], [55, 34]].
    assert_eq!(values(&matrix_power(&a, 10).unwrap()), [89.0, 55.0, 55.0, 34.0].map(|v| C::new(v, 0.0)));
    let p0 = matrix_power(&a, 0).unwrap();
    assert_eq!((p0.dtype(), values(&p0)), (DType::Int64, [1.0, 0.0, 0.0, 1.0].map(|v| C::new(v, 0.0)).to_vec()));
    let inverse = matrix_power(&a, -2).unwrap();
    assert_eq!(inverse.dtype(), DType::Float64);
    assert_eq!(values(&inverse), [1.0, -1.0, -1.0, 2.0].map(|v| C::new(v, 0.0)));
    let (k, m) = kind(matrix_power(&Tensor::zeros(&[2, 2], DType::Float64).unwrap(), -1));
    assert!(k == ErrorKind::ValueError && m.starts_with("linalg.matrix_power: the matrix is singular"), "{m}");
}

#[test]
fn cross_outer_diagonal_trace() {
    let x = make(&[2, 3], DType::Int32, |i, _, _| C::new(i as f64, 0.0));
    let y = make(&[3], DType::Int32, |i, _, _| C::new([1.0, 0.0, 2.0][i], 0.0));
    // [0, 1, 2] x [1, 0, 2] = [2, 2, -1]; [3, 4, 5] x [1, 0, 2] = [8, -1, -4].
    let c = cross(&x, &y, -1).unwrap();
    assert_eq!((c.dtype(), c.shape()), (DType::Int32, &[2i64, 3][..]));
    assert_eq!(values(&c), [2.0, 2.0, -1.0, 8.0, -1.0, -4.0].map(|v| C::new(v, 0.0)));
    // Vectors along axis 0 (-2): the result keeps them there.
    let xt = x.transpose(0, 1).unwrap();
    let ct = cross(&xt, &xt.slice(1, None, None, -1).unwrap(), 0).unwrap();
    assert_eq!(ct.shape(), &[3, 2]);
    let (k, m) = kind(cross(&make(&[2], DType::Int32, |_, _, _| C::new(0.0, 0.0)), &y, -1));
    assert!(k == ErrorKind::ValueError && m.contains("3 elements"), "{m}");
    let (k, _) = kind(cross(&Tensor::zeros(&[3], DType::Bool).unwrap(), &y, -1));
    assert_eq!(k, ErrorKind::TypeError);
    let o = outer(&y, &make(&[2], DType::Float32, |i, _, _| C::new(i as f64 + 1.0, 0.0))).unwrap();
    assert_eq!(
        (o.dtype(), o.shape()),
        (ferrule_ops::promote::result_type(DType::Int32, DType::Float32), &[3i64, 2][..])
    );
    assert_eq!(values(&o), [1.0, 2.0, 0.0, 0.0, 2.0, 4.0].map(|v| C::new(v, 0.0)));
    let m = make(&[2, 3, 4], DType::Int8, |i, _, _| C::new(i as f64, 0.0));
    for (offset, want) in
        [(0, vec![0.0, 5.0, 10.0, 12.0, 17.0, 22.0]), (2, vec![2.0, 7.0, 14.0, 19.0]), (-1, vec![4.0, 9.0, 16.0, 21.0])]
    {
        let d = diagonal(&m, offset).unwrap();
        assert_eq!(values(&d), want.iter().map(|&v| C::new(v, 0.0)).collect::<Vec<_>>(), "offset {offset}");
    }
    assert_eq!(diagonal(&m, 9).unwrap().shape(), &[2, 0]);
    assert_eq!(diagonal(&m, i64::MIN).unwrap().shape(), &[2, 0]);
    let t = trace(&m, 0, None).unwrap();
    assert_eq!((t.dtype(), values(&t)), (DType::Int64, vec![C::new(15.0, 0.0), C::new(51.0, 0.0)]));
    assert_eq!(trace(&m, 1, Some(DType::Float32)).unwrap().dtype(), DType::Float32);
    // A transposed (non-contiguous) stack.
    let mt = m.transpose(1, 2).unwrap();
    assert_eq!(values(&diagonal(&mt, -2).unwrap()), [2.0, 7.0, 14.0, 19.0].map(|v| C::new(v, 0.0)));
}

#[test]
fn large_matrices_take_the_parallel_path() {
    // Past the threshold where one matrix runs on faer's parallel kernels.
    // (inv of 400 x 400: 1.3e8 flops; QR of 400 x 300: 1.4e8.)
    let a = random(&[400, 400], DType::Float64, 29, 40.0);
    let ai = inv(&a).unwrap();
    assert_mat_close(&mul(&matrices(&a)[0], &matrices(&ai)[0]), &eye(400), 1e-10, "inv 400");
    check_qr(&random(&[400, 300], DType::Float64, 31, 0.0), false);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn solve_matches_inverse_times_rhs(
        n in 1i64..7, k in 0i64..4, batch in proptest::collection::vec(0i64..3, 0..2), seed in 0u64..1000, d in 0usize..4,
    ) {
        let dtype = FLOATS[d];
        let mut shape = batch.clone();
        shape.extend([n, n]);
        let a = random(&shape, dtype, seed, n as f64 + 1.0);
        let mut bshape = batch;
        bshape.extend([n, k]);
        let b = random(&bshape, dtype, seed + 1, 0.0);
        let x = solve(&a, &b).unwrap();
        let via_inv = matmul(&inv(&a).unwrap(), &b, None).unwrap();
        for (g, w) in matrices(&x).iter().zip(matrices(&via_inv)) {
            assert_mat_close(g, &w, tol(dtype) * 10.0, &format!("solve {dtype} {shape:?}"));
        }
    }
}
