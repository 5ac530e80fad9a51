//! The eigendecomposition of general (not necessarily Hermitian) matrices: `linalg.eig` and
//! `linalg.eigvals` (added by the 2025.12 standard), on faer's Schur-based solvers, batched over
//! leading dims. Results are always complex: a real matrix may have complex eigenvalues.

use faer::dyn_stack::{MemStack, StackReq};
use faer::linalg::evd::{self, ComputeEigenvectors};
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::{MatMut, MatRef, Par};
use ferrule_core::{bail, DType, Error, Result, Tensor};
use num_complex::Complex;

use super::dense::{
    all_finite, batch_of, compute_dtype, for_each_matrix, mat_req, matrix_dims, output, temp_mat, to_compute, which,
    with_matrix, Field, Out, Stack,
};

/// The complex dtype of the same precision as the compute dtype `dtype`.
fn complex_of(dtype: DType) -> DType {
    match dtype {
        DType::Float32 | DType::Complex64 => DType::Complex64,
        _ => DType::Complex128,
    }
}

/// The floating-point work of one `n x n` eigendecomposition (Hessenberg reduction and QR
/// iterations, about 10 n^3; about 25 n^3 with the eigenvectors), for threading.
fn eig_flops(n: usize, vectors: bool) -> f64 {
    (if vectors { 25.0 } else { 10.0 }) * (n as f64).powi(3)
}

/// Each column of `v` scaled to unit Euclidean norm (numpy's and the standard's normalization;
/// the eigenvectors are still unique only up to a complex factor of modulus 1). Computed in
/// f64, rounded back with `to_real`.
fn normalize_columns<R: Copy + Into<f64>>(mut v: MatMut<'_, Complex<R>>, to_real: impl Fn(f64) -> R) {
    for j in 0..v.ncols() {
        let parts = |z: Complex<R>| -> (f64, f64) { (z.re.into(), z.im.into()) };
        let norm = (0..v.nrows())
            .map(|r| {
                let (re, im) = parts(v[(r, j)]);
                re * re + im * im
            })
            .sum::<f64>()
            .sqrt();
        if norm > 0.0 && norm.is_finite() {
            for r in 0..v.nrows() {
                let (re, im) = parts(v[(r, j)]);
                v[(r, j)] = Complex::new(to_real(re / norm), to_real(im / norm));
            }
        }
    }
}

/// Checks one matrix before faer sees it: an infinite or nan element is a `ValueError` (the
/// iterations would not converge; numpy's `LinAlgError` is a `ValueError` too).
fn check_finite<T: Field>(op: &str, a: MatRef<'_, T>, i: usize, count: usize) -> Result<()> {
    if !all_finite(a) {
        bail!(
            ValueError,
            "{op}: the matrix{} has an infinite or nan element, so its eigenvalues cannot be computed",
            which(i, count)
        );
    }
    Ok(())
}

fn no_convergence(op: &str, i: usize, count: usize) -> Error {
    Error::value_error(format!("{op}: the eigenvalue algorithm did not converge{}", which(i, count)))
}

/// The eigenvalues (and with `vectors` the eigenvectors) of the real matrices of `stack` into
/// the complex outputs: faer's real solver returns a complex-conjugate pair `a ± bi` in
/// consecutive slots, its eigenvectors as the real and imaginary parts in consecutive columns.
fn real_matrices<R>(
    op: &str,
    stack: &Stack,
    n: usize,
    values: Out,
    vectors: Option<Out>,
    to_real: impl Fn(f64) -> R + Sync,
) -> Result<()>
where
    R: Field + faer::traits::RealField + Into<f64>,
    Complex<R>: Field,
{
    let count = stack.len();
    let par = Par::rayon(crate::pool::num_threads());
    let compute = if vectors.is_some() { ComputeEigenvectors::Yes } else { ComputeEigenvectors::No };
    let cols = if vectors.is_some() { n } else { 0 };
    let req = StackReq::all_of(&[
        mat_req::<R>(n, 1),
        mat_req::<R>(n, 1),
        mat_req::<R>(n, cols),
        evd::evd_scratch::<R>(n, ComputeEigenvectors::No, compute, par, Default::default()),
    ]);
    for_each_matrix(op, count, eig_flops(n, vectors.is_some()), req, |i, par, mem: &mut MemStack| {
        // SAFETY: `R` is the compute dtype's element type and the matrices are non-empty.
        let a = unsafe { stack.get::<R>(i) };
        check_finite(op, a, i, count)?;
        let (mut re, mem) = temp_mat::<R>(n, 1, mem);
        let (mut im, mem) = temp_mat::<R>(n, 1, mem);
        let (mut u, mem) = temp_mat::<R>(n, cols, mem);
        let u_arg = if vectors.is_some() { Some(u.rb_mut()) } else { None };
        evd::evd_real(
            a,
            re.rb_mut().col_mut(0).as_diagonal_mut(),
            im.rb_mut().col_mut(0).as_diagonal_mut(),
            None,
            u_arg,
            par,
            mem,
            Default::default(),
        )
        .map_err(|_| no_convergence(op, i, count))?;
        // SAFETY: row `i` of the values and matrix `i` of the vectors are this task's alone.
        let target = unsafe { values.elements::<Complex<R>>(i) };
        for (j, v) in target.iter_mut().enumerate() {
            *v = Complex::new(re[(j, 0)], im[(j, 0)]);
        }
        if let Some(vectors) = vectors {
            // SAFETY: as above.
            let mut v = unsafe { vectors.rows_major::<Complex<R>>(i) };
            let zero = to_real(0.0);
            let mut j = 0;
            while j < n {
                if im[(j, 0)] != zero && j + 1 < n {
                    for r in 0..n {
                        let (x, y) = (u[(r, j)], u[(r, j + 1)]);
                        v[(r, j)] = Complex::new(x, y);
                        v[(r, j + 1)] = Complex::new(x, to_real(-y.into()));
                    }
                    j += 2;
                } else {
                    for r in 0..n {
                        v[(r, j)] = Complex::new(u[(r, j)], zero);
                    }
                    j += 1;
                }
            }
            normalize_columns(v, &to_real);
        }
        Ok(())
    })
}

/// As [`real_matrices`], for complex matrices (faer's complex solver writes the complex
/// results directly).
fn complex_matrices<R>(
    op: &str,
    stack: &Stack,
    n: usize,
    values: Out,
    vectors: Option<Out>,
    to_real: impl Fn(f64) -> R + Sync,
) -> Result<()>
where
    R: faer::traits::RealField + Copy + Into<f64>,
    Complex<R>: Field,
{
    let count = stack.len();
    let par = Par::rayon(crate::pool::num_threads());
    let compute = if vectors.is_some() { ComputeEigenvectors::Yes } else { ComputeEigenvectors::No };
    let cols = if vectors.is_some() { n } else { 0 };
    let req = StackReq::all_of(&[
        mat_req::<Complex<R>>(n, 1),
        mat_req::<Complex<R>>(n, cols),
        evd::evd_scratch::<Complex<R>>(n, ComputeEigenvectors::No, compute, par, Default::default()),
    ]);
    for_each_matrix(op, count, 4.0 * eig_flops(n, vectors.is_some()), req, |i, par, mem: &mut MemStack| {
        // SAFETY: `Complex<R>` is the compute dtype's element type and the matrices are non-empty.
        let a = unsafe { stack.get::<Complex<R>>(i) };
        check_finite(op, a, i, count)?;
        let (mut s, mem) = temp_mat::<Complex<R>>(n, 1, mem);
        let (mut u, mem) = temp_mat::<Complex<R>>(n, cols, mem);
        let u_arg = if vectors.is_some() { Some(u.rb_mut()) } else { None };
        evd::evd_cplx::<R>(a, s.rb_mut().col_mut(0).as_diagonal_mut(), None, u_arg, par, mem, Default::default())
            .map_err(|_| no_convergence(op, i, count))?;
        // SAFETY: row `i` of the values and matrix `i` of the vectors are this task's alone.
        let target = unsafe { values.elements::<Complex<R>>(i) };
        for (j, v) in target.iter_mut().enumerate() {
            *v = s[(j, 0)];
        }
        if let Some(vectors) = vectors {
            // SAFETY: as above.
            let mut v = unsafe { vectors.rows_major::<Complex<R>>(i) };
            v.copy_from(u.rb());
            normalize_columns(v, &to_real);
        }
        Ok(())
    })
}

/// `[eigenvalues]` or `[eigenvalues, eigenvectors]` of each square matrix of `x`.
fn general_eigen(op: &str, x: &Tensor, vectors: bool) -> Result<Vec<Tensor>> {
    let (n, _) = matrix_dims(op, "x", x, true)?;
    let dtype = compute_dtype(op, "x", x.dtype())?;
    let complex = complex_of(dtype);
    let batch = batch_of(x).to_vec();
    // SAFETY: every matrix is written below (none when the results are empty).
    let values = unsafe { output(op, &[batch.as_slice(), &[n as i64]].concat(), complex)? };
    // SAFETY: as above.
    let vecs = if vectors { Some(unsafe { output(op, &with_matrix(&batch, n, n), complex)? }) } else { None };
    if values.numel() > 0 {
        let input = to_compute(x, dtype)?;
        let stack = Stack::new(&input, &batch)?;
        let (values_out, vectors_out) = (Out::new(&values, 1, n), vecs.as_ref().map(|v| Out::new(v, n, n)));
        match dtype {
            DType::Float32 => real_matrices::<f32>(op, &stack, n, values_out, vectors_out, |v| v as f32)?,
            DType::Float64 => real_matrices::<f64>(op, &stack, n, values_out, vectors_out, |v| v)?,
            DType::Complex64 => complex_matrices::<f32>(op, &stack, n, values_out, vectors_out, |v| v as f32)?,
            DType::Complex128 => complex_matrices::<f64>(op, &stack, n, values_out, vectors_out, |v| v)?,
            other => bail!(RuntimeError, "{op}: internal error: no eigenvalue solver for dtype {other}"),
        }
    }
    let mut results = vec![values];
    results.extend(vecs);
    Ok(results)
}

/// `[eigenvalues, eigenvectors]` of each square matrix of `x` (`(..., n, n)`), not necessarily
/// Hermitian: the eigenvalues `(..., n)` in no particular order, and the right eigenvectors in
/// the columns of `(..., n, n)`, each of unit Euclidean norm, so `x @ v[..., :, j] = w[..., j] *
/// v[..., :, j]`. Both are complex (complex64 for float32 and complex64 input, complex128
/// otherwise; bool and integers compute in float64), as the standard asks: numpy returns real
/// arrays when every eigenvalue happens to be real. An infinite or nan element is a
/// `ValueError`.
pub fn eig(x: &Tensor) -> Result<Vec<Tensor>> {
    general_eigen("linalg.eig", x, true)
}

/// The eigenvalues of each square matrix of `x`, as [`eig`] computes them (complex, in no
/// particular order), without the eigenvectors.
pub fn eigvals(x: &Tensor) -> Result<Tensor> {
    let mut results = general_eigen("linalg.eigvals", x, false)?;
    Ok(results.remove(0))
}
