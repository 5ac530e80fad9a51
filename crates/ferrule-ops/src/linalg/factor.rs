//! Cholesky, QR and the Hermitian eigendecomposition (`linalg.cholesky`, `qr`, `eigh`,
//! `eigvalsh`) on faer, batched over leading dims.

use faer::dyn_stack::StackReq;
use faer::linalg::cholesky::llt::factor::{cholesky_in_place, cholesky_in_place_scratch, LltError};
use faer::linalg::evd::{self, ComputeEigenvectors};
use faer::linalg::householder;
use faer::linalg::qr::no_pivoting::factor as qr_factor;
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::math_utils::{one, real, zero};
use faer::{Conj, Par};
use ferrule_core::{bail, Result, Tensor};

use super::dense::{
    batch_of, compute_dtype, dispatch_field, for_each_matrix, lower_finite, mat_req, matrix_dims, output, temp_mat,
    to_compute, which, with_matrix, Field, Out, Real, Stack,
};
use super::sterf::tridiagonal_eigenvalues;

/// The Cholesky factor of each Hermitian positive-definite matrix of `x` (`(..., n, n)`): the
/// lower-triangular `L` with `x = L @ L^H`, or with `upper` the upper-triangular `U = L^H`
/// (`x = U^H @ U`). Only the triangle the result lives in is read (as numpy's `UPLO`).
///
/// A matrix that is not positive definite is a `ValueError` naming the op (numpy's
/// `LinAlgError`, also a `ValueError`).
pub fn cholesky(x: &Tensor, upper: bool) -> Result<Tensor> {
    const OP: &str = "linalg.cholesky";
    let (n, _) = matrix_dims(OP, "x", x, true)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let batch = batch_of(x).to_vec();
    // SAFETY: every matrix is written below (none when the result is empty).
    let result = unsafe { output(OP, &with_matrix(&batch, n, n), dtype)? };
    if result.numel() == 0 {
        return Ok(result);
    }
    let input = to_compute(x, dtype)?;
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let out = Out::new(&result, n, n);
        let count = stack.len();
        let par = Par::rayon(crate::pool::num_threads());
        let req = StackReq::all_of(&[mat_req::<T>(n, n), cholesky_in_place_scratch::<T>(n, par, Default::default())]);
        for_each_matrix(OP, count, (n as f64).powi(3) / 3.0, req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            let (mut w, mem) = temp_mat::<T>(n, n, mem);
            // faer factors the lower triangle; the upper triangle of `a` is the lower one of a^H.
            if upper {
                w.copy_from(a.adjoint());
            } else {
                w.copy_from(a);
            }
            let factored = cholesky_in_place(w.rb_mut(), Default::default(), par, mem, Default::default());
            if let Err(LltError::NonPositivePivot { index }) = factored {
                bail!(
                    ValueError,
                    "{OP}: the matrix is not positive definite{} (its leading minor of order {} is not positive)",
                    which(i, count),
                    index + 1
                );
            }
            // SAFETY: matrix `i` is this task's alone.
            let mut target = unsafe { out.rows_major::<T>(i) };
            target.fill(zero::<T>());
            if upper {
                target.copy_from_triangular_upper(w.rb().adjoint());
            } else {
                target.copy_from_triangular_lower(w.rb());
            }
            Ok(())
        })
    })?;
    Ok(result)
}

/// The QR factorization of each matrix of `x` (`(..., m, n)`, `k = min(m, n)`): `[Q, R]` with
/// `x = Q @ R`, `Q` with orthonormal columns and `R` upper triangular. `mode` is `"reduced"`
/// (`Q` is `(..., m, k)`, `R` `(..., k, n)`) or `"complete"` (`(..., m, m)` and `(..., m, n)`).
/// Householder reflections (faer's blocked QR); the signs of `R`'s diagonal are those of the
/// reflections, as in LAPACK's `geqrf`, so they may differ from another library's.
pub fn qr(x: &Tensor, mode: &str) -> Result<Vec<Tensor>> {
    const OP: &str = "linalg.qr";
    let complete = match mode {
        "reduced" => false,
        "complete" => true,
        other => bail!(ValueError, "{OP}() argument 'mode': expected 'reduced' or 'complete', got '{other}'"),
    };
    let (m, n) = matrix_dims(OP, "x", x, false)?;
    let k = m.min(n);
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let batch = batch_of(x).to_vec();
    let (q_cols, r_rows) = if complete { (m, m) } else { (k, k) };
    // SAFETY: every matrix of both is written below, or filled when `x` holds no element.
    let (q, r) = unsafe {
        (output(OP, &with_matrix(&batch, m, q_cols), dtype)?, output(OP, &with_matrix(&batch, r_rows, n), dtype)?)
    };
    let count = batch.iter().product::<i64>() as usize;
    if count == 0 {
        return Ok(vec![q, r]);
    }
    if m == 0 || n == 0 {
        // No reflections: Q is the identity (its m x q_cols corner), R is all zeros.
        let eye = crate::creation::eye(m as i64, Some(q_cols as i64), 0, Some(dtype), None)?;
        let q = eye.broadcast_to(q.shape())?.contiguous()?;
        return Ok(vec![q, Tensor::zeros(r.shape(), dtype)?]);
    }
    let input = to_compute(x, dtype)?;
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let (q_out, r_out) = (Out::new(&q, m, q_cols), Out::new(&r, r_rows, n));
        let par = Par::rayon(crate::pool::num_threads());
        let block = qr_factor::recommended_block_size::<T>(m, n);
        let req = StackReq::all_of(&[
            mat_req::<T>(m, n),
            mat_req::<T>(block, k),
            mat_req::<T>(m, q_cols),
            StackReq::any_of(&[
                qr_factor::qr_in_place_scratch::<T>(m, n, block, par, Default::default()),
                householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(m, block, q_cols),
            ]),
        ]);
        let flops = 4.0 * (m * n * k) as f64;
        for_each_matrix(OP, stack.len(), flops, req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            let (mut w, mem) = temp_mat::<T>(m, n, mem);
            w.copy_from(a);
            let (mut coeffs, mem) = temp_mat::<T>(block, k, mem);
            qr_factor::qr_in_place(w.rb_mut(), coeffs.rb_mut(), par, mem, Default::default());
            // SAFETY: matrix `i` of each output is this task's alone.
            let (mut r_target, mut q_target) = unsafe { (r_out.rows_major::<T>(i), q_out.rows_major::<T>(i)) };
            r_target.fill(zero::<T>());
            r_target.rb_mut().get_mut(..k, ..).copy_from_triangular_upper(w.rb().get(..k, ..));
            // The reflections' basis: below the diagonal of w, with an implicit unit diagonal.
            let mut basis = w.rb_mut().get_mut(.., ..k);
            for j in 0..k {
                for row in 0..j {
                    basis[(row, j)] = zero::<T>();
                }
                basis[(j, j)] = one::<T>();
            }
            let (mut qm, mem) = temp_mat::<T>(m, q_cols, mem);
            for j in 0..q_cols.min(m) {
                qm[(j, j)] = one::<T>();
            }
            householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
                basis.rb(),
                coeffs.rb(),
                Conj::No,
                qm.rb_mut(),
                par,
                mem,
            );
            q_target.copy_from(qm.rb());
            Ok(())
        })
    })?;
    Ok(vec![q, r])
}

/// Eigenvalues (ascending, real) and, with `vectors`, eigenvectors (columns) of each Hermitian
/// matrix of `x`, reading its lower triangle only (numpy's default `UPLO='L'`).
fn hermitian_eigen(op: &str, x: &Tensor, vectors: bool) -> Result<Vec<Tensor>> {
    let (n, _) = matrix_dims(op, "x", x, true)?;
    let dtype = compute_dtype(op, "x", x.dtype())?;
    let real_dtype = crate::promote::real_dtype(dtype);
    let batch = batch_of(x).to_vec();
    // SAFETY: every matrix is written below (none when the results are empty).
    let values = unsafe { output(op, &[batch.as_slice(), &[n as i64]].concat(), real_dtype)? };
    // SAFETY: as above.
    let vecs = if vectors { Some(unsafe { output(op, &with_matrix(&batch, n, n), dtype)? }) } else { None };
    if values.numel() == 0 {
        let mut results = vec![values];
        results.extend(vecs);
        return Ok(results);
    }
    let input = to_compute(x, dtype)?;
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let count = stack.len();
        let values_out = Out::new(&values, 1, n);
        let vectors_out = vecs.as_ref().map(|v| Out::new(v, n, n));
        let par = Par::rayon(crate::pool::num_threads());
        let compute = if vectors { ComputeEigenvectors::Yes } else { ComputeEigenvectors::No };
        let block = qr_factor::recommended_block_size::<T>(n, n);
        let req = if vectors {
            StackReq::all_of(&[
                mat_req::<T>(n, 1),
                mat_req::<T>(n, n),
                evd::self_adjoint_evd_scratch::<T>(n, compute, par, Default::default()),
            ])
        } else {
            StackReq::all_of(&[
                mat_req::<T>(n, n),
                mat_req::<T>(block, n - 1),
                evd::tridiag::tridiag_in_place_scratch::<T>(n, par, Default::default()),
            ])
        };
        let flops = if vectors { 9.0 } else { 4.0 / 3.0 } * (n as f64).powi(3);
        for_each_matrix(op, count, flops, req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            if !lower_finite(a) {
                bail!(ValueError, "{op}: the matrix{} has an infinite or nan element in its lower triangle", which(i, count));
            }
            if !vectors {
                // Values only: faer's tridiagonalization, then the root-free QL of
                // `sterf` (faer's own values-only QR builds a Givens rotation per step,
                // half of a 32 x 32 eigvalsh's time). A complex Hermitian tridiagonal has
                // the eigenvalues of the real one with its off-diagonal's magnitudes.
                let (mut trid, mem) = temp_mat::<T>(n, n, mem);
                trid.copy_from_triangular_lower(a);
                let (mut householder, mem) = temp_mat::<T>(block, n - 1, mem);
                evd::tridiag::tridiag_in_place(trid.rb_mut(), householder.rb_mut(), par, mem, Default::default());
                let mut d: Vec<f64> = (0..n).map(|j| T::real_to_f64(&real(&trid[(j, j)]))).collect();
                let mut e: Vec<f64> = (1..n).map(|j| trid[(j, j - 1)].to_c64().norm()).collect();
                if !tridiagonal_eigenvalues(&mut d, &mut e) {
                    bail!(ValueError, "{op}: the eigenvalue algorithm did not converge{}", which(i, count));
                }
                // SAFETY: row `i` of the values is this task's alone.
                let target = unsafe { values_out.elements::<Real<T>>(i) };
                for (v, &w) in target.iter_mut().zip(&d) {
                    *v = T::real_from_f64(w);
                }
                return Ok(());
            }
            let (mut s, mem) = temp_mat::<T>(n, 1, mem);
            let (mut u, mem) = temp_mat::<T>(n, if vectors { n } else { 0 }, mem);
            let u_arg = if vectors { Some(u.rb_mut()) } else { None };
            let done = evd::self_adjoint_evd(a, s.rb_mut().col_mut(0).as_diagonal_mut(), u_arg, par, mem, Default::default());
            if done.is_err() {
                bail!(ValueError, "{op}: the eigenvalue algorithm did not converge{}", which(i, count));
            }
            // SAFETY: row `i` of the values and matrix `i` of the vectors are this task's alone.
            let target = unsafe { values_out.elements::<Real<T>>(i) };
            for (j, v) in target.iter_mut().enumerate() {
                *v = real(&s[(j, 0)]);
            }
            if let Some(vectors_out) = vectors_out {
                // SAFETY: as above.
                unsafe { vectors_out.rows_major::<T>(i) }.copy_from(u.rb());
            }
            Ok(())
        })
    })?;
    let mut results = vec![values];
    results.extend(vecs);
    Ok(results)
}

/// `[eigenvalues, eigenvectors]` of each Hermitian (real symmetric) matrix of `x`: the
/// eigenvalues in ascending order with `x`'s real dtype, shape `(..., n)`, and the orthonormal
/// eigenvectors as the columns of `(..., n, n)`, so `x = V @ diag(w) @ V^H`. Only the lower
/// triangle is read (numpy's default). Eigenvectors are unique up to sign (phase for complex).
pub fn eigh(x: &Tensor) -> Result<Vec<Tensor>> {
    hermitian_eigen("linalg.eigh", x, true)
}

/// The eigenvalues of each Hermitian matrix of `x`, ascending, as in [`eigh`] without vectors.
pub fn eigvalsh(x: &Tensor) -> Result<Tensor> {
    let mut results = hermitian_eigen("linalg.eigvalsh", x, false)?;
    Ok(results.remove(0))
}
