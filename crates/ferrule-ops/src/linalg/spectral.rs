//! The singular value decomposition and what is built on it: `linalg.svd`, `svdvals`, `pinv`,
//! `matrix_rank`, and the singular values behind `matrix_norm`'s `2`, `-2` and `'nuc'`.

use faer::dyn_stack::StackReq;
use faer::linalg::matmul::matmul;
use faer::linalg::svd::{self, ComputeSvdVectors};
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::math_utils::{conj, mul_real, one, real, zero};
use faer::{Accum, MatRef, Par};
use ferrule_core::tensor::{broadcast_shapes, format_shape};
use ferrule_core::{bail, DType, Error, Result, Tensor};

use super::dense::{
    all_finite, batch_of, compute_dtype, dispatch_field, for_each_matrix, mat_req, matrix_dims, output, temp_mat,
    to_compute, which, with_matrix, Field, Out, Real, Stack,
};
use crate::operand::{Operand, Scalar};
use crate::reduce::cast_tensor;

/// The work of an SVD of an `m x n` matrix, in floating-point operations (for threading).
fn svd_flops(m: usize, n: usize, vectors: bool) -> f64 {
    let (big, small) = (m.max(n) as f64, m.min(n) as f64);
    if vectors {
        14.0 * big * small * small + 8.0 * small.powi(3)
    } else {
        4.0 * big * small * small
    }
}

/// `ValueError` unless every element of `a` is finite (faer's SVD, like LAPACK's, does not
/// converge otherwise; numpy raises `LinAlgError: SVD did not converge`).
fn check_finite<T: Field>(op: &str, a: MatRef<'_, T>, i: usize, count: usize) -> Result<()> {
    if !all_finite(a) {
        bail!(
            ValueError,
            "{op}: the matrix{} has an infinite or nan element, so its SVD does not converge",
            which(i, count)
        );
    }
    Ok(())
}

fn no_convergence(op: &str, i: usize, count: usize) -> Error {
    Error::value_error(format!("{op}: the SVD did not converge{}", which(i, count)))
}

/// `[U, S, Vh]` of each matrix of `x` (`(..., m, n)`, `k = min(m, n)`): `x = U @ diag(S) @ Vh`
/// with the singular values `S` (`(..., k)`, descending, `x`'s real dtype) and unitary `U`
/// (`(..., m, m)`, or `(..., m, k)` without `full_matrices`) and `Vh` (`(..., n, n)` or
/// `(..., k, n)`). Singular vectors are unique up to sign (a phase for complex).
pub fn svd(x: &Tensor, full_matrices: bool) -> Result<Vec<Tensor>> {
    const OP: &str = "linalg.svd";
    let (m, n) = matrix_dims(OP, "x", x, false)?;
    let k = m.min(n);
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let batch = batch_of(x).to_vec();
    let (u_cols, v_rows) = if full_matrices { (m, n) } else { (k, k) };
    // SAFETY: every matrix of the three is written below, or filled when `x` holds no element.
    let (u, s, vh) = unsafe {
        (
            output(OP, &with_matrix(&batch, m, u_cols), dtype)?,
            output(OP, &[batch.as_slice(), &[k as i64]].concat(), crate::promote::real_dtype(dtype))?,
            output(OP, &with_matrix(&batch, v_rows, n), dtype)?,
        )
    };
    let count = batch.iter().product::<i64>() as usize;
    if count == 0 {
        return Ok(vec![u, s, vh]);
    }
    if k == 0 {
        // No singular values: the full factors are identities, the thin ones empty.
        let eye = |t: Tensor, size: usize| -> Result<Tensor> {
            if !full_matrices {
                return Ok(t);
            }
            crate::creation::eye(size as i64, None, 0, Some(dtype), None)?.broadcast_to(t.shape())?.contiguous()
        };
        return Ok(vec![eye(u, m)?, s, eye(vh, n)?]);
    }
    let input = to_compute(x, dtype)?;
    let compute = if full_matrices { ComputeSvdVectors::Full } else { ComputeSvdVectors::Thin };
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let (u_out, s_out, vh_out) = (Out::new(&u, m, u_cols), Out::new(&s, 1, k), Out::new(&vh, v_rows, n));
        let par = Par::rayon(crate::pool::num_threads());
        let req = StackReq::all_of(&[
            mat_req::<T>(k, 1),
            mat_req::<T>(m, u_cols),
            svd::svd_scratch::<T>(m, n, compute, compute, par, Default::default()),
        ]);
        for_each_matrix(OP, count, svd_flops(m, n, true), req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            check_finite(OP, a, i, count)?;
            let (mut sv, mem) = temp_mat::<T>(k, 1, mem);
            let (mut um, mem) = temp_mat::<T>(m, u_cols, mem);
            // Row-major Vh is column-major Vh^T = conj(V): faer writes V there, conjugated below.
            // SAFETY: matrix `i` of each output is this task's alone.
            let mut v_target = unsafe { vh_out.transposed::<T>(i) };
            // faer completes a full V from what the columns past min(m, n) hold: zeros.
            v_target.fill(zero::<T>());
            let sv_diag = sv.rb_mut().col_mut(0).as_diagonal_mut();
            svd::svd(a, sv_diag, Some(um.rb_mut()), Some(v_target.rb_mut()), par, mem, Default::default())
                .map_err(|_| no_convergence(OP, i, count))?;
            if !<T as faer::traits::ComplexField>::IS_REAL {
                for j in 0..v_target.ncols() {
                    for r in 0..v_target.nrows() {
                        v_target[(r, j)] = conj(&v_target[(r, j)]);
                    }
                }
            }
            // SAFETY: as above.
            unsafe { u_out.rows_major::<T>(i) }.copy_from(um.rb());
            // SAFETY: as above.
            let values = unsafe { s_out.elements::<Real<T>>(i) };
            for (j, v) in values.iter_mut().enumerate() {
                *v = real(&sv[(j, 0)]);
            }
            Ok(())
        })
    })?;
    Ok(vec![u, s, vh])
}

/// The singular values of each matrix of `x` (`(..., k)`, descending, the real dtype of the
/// compute dtype `dtype`, which `x` already has).
fn singular_values_of(op: &str, x: &Tensor, dtype: DType) -> Result<Tensor> {
    let (m, n) = matrix_dims(op, "x", x, false)?;
    let k = m.min(n);
    let batch = batch_of(x).to_vec();
    // SAFETY: every row is written below (none when the result is empty).
    let s = unsafe { output(op, &[batch.as_slice(), &[k as i64]].concat(), crate::promote::real_dtype(dtype))? };
    if s.numel() == 0 {
        return Ok(s);
    }
    dispatch_field!(dtype, T => {
        let stack = Stack::new(x, &batch)?;
        let count = stack.len();
        let s_out = Out::new(&s, 1, k);
        let par = Par::rayon(crate::pool::num_threads());
        let none = ComputeSvdVectors::No;
        let req = StackReq::all_of(&[mat_req::<T>(k, 1), svd::svd_scratch::<T>(m, n, none, none, par, Default::default())]);
        for_each_matrix(op, count, svd_flops(m, n, false), req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            check_finite(op, a, i, count)?;
            let (mut sv, mem) = temp_mat::<T>(k, 1, mem);
            svd::svd(a, sv.rb_mut().col_mut(0).as_diagonal_mut(), None, None, par, mem, Default::default())
                .map_err(|_| no_convergence(op, i, count))?;
            // SAFETY: row `i` is this task's alone.
            let values = unsafe { s_out.elements::<Real<T>>(i) };
            for (j, v) in values.iter_mut().enumerate() {
                *v = real(&sv[(j, 0)]);
            }
            Ok(())
        })
    })?;
    Ok(s)
}

/// The singular values of each matrix of `x` (`(..., min(m, n))`, descending), with `x`'s real
/// dtype (float64 for bool and integers).
pub fn svdvals(x: &Tensor) -> Result<Tensor> {
    const OP: &str = "linalg.svdvals";
    matrix_dims(OP, "x", x, false)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    singular_values_of(OP, &to_compute(x, dtype)?, dtype)
}

/// The singular values for `matrix_norm`: half-precision input computes in float32 (the other
/// norms accept it too); the result has the real compute dtype.
pub(crate) fn singular_values_for_norm(op: &str, x: &Tensor) -> Result<Tensor> {
    let dtype = match x.dtype() {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        other => compute_dtype(op, "x", other)?,
    };
    singular_values_of(op, &to_compute(x, dtype)?, dtype)
}

/// The relative tolerance of each matrix of a stack whose batch dims are `batch`: the
/// standard's default `max(m, n) * eps` for `None`, a number, or a tensor broadcast against
/// `batch` (which grows to the broadcast shape). Returns the values, one per matrix.
fn tolerances(op: &str, rtol: Option<&Operand>, batch: &mut Vec<i64>, default: f64) -> Result<Vec<f64>> {
    let count = |b: &[i64]| b.iter().product::<i64>() as usize;
    match rtol {
        None => Ok(vec![default; count(batch)]),
        Some(Operand::Scalar(s)) => {
            let v = match *s {
                Scalar::Bool(b) => f64::from(u8::from(b)),
                Scalar::Int(i) => i as f64,
                Scalar::Float(f) => f,
                Scalar::Complex(_) => {
                    bail!(TypeError, "{op}() argument 'rtol': expected a real number or a real tensor, got complex")
                }
            };
            Ok(vec![v; count(batch)])
        }
        Some(Operand::Tensor(t)) => {
            if t.dtype().is_complex() {
                bail!(
                    TypeError,
                    "{op}() argument 'rtol': expected a real number or a real tensor, got dtype {}",
                    t.dtype()
                );
            }
            let shape = broadcast_shapes(batch, t.shape()).map_err(|_| {
                Error::value_error(format!(
                    "{op}() argument 'rtol': shape {} does not broadcast with the stack's batch dims {}",
                    format_shape(t.shape()),
                    format_shape(batch)
                ))
            })?;
            *batch = shape;
            cast_tensor(t, DType::Float64)?.broadcast_to(batch)?.to_vec::<f64>()
        }
    }
}

/// `max(m, n) * eps` of the real type of `dtype`: the standard's default `rtol`.
fn default_rtol(m: usize, n: usize, dtype: DType) -> f64 {
    let eps = if matches!(dtype, DType::Float32 | DType::Complex64) { f32::EPSILON as f64 } else { f64::EPSILON };
    m.max(n) as f64 * eps
}

/// The Moore-Penrose pseudo-inverse of each matrix of `x` (`(..., m, n)` to `(..., n, m)`),
/// from its SVD: singular values at most `rtol * largest` count as zero. `rtol` is a number or
/// a tensor broadcast against the batch dims; `None` is `max(m, n) * eps` (the standard's
/// default; numpy's `pinv` defaults to `1e-15`).
pub fn pinv(x: &Tensor, rtol: Option<&Operand>) -> Result<Tensor> {
    const OP: &str = "linalg.pinv";
    let (m, n) = matrix_dims(OP, "x", x, false)?;
    let k = m.min(n);
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let mut batch = batch_of(x).to_vec();
    let cutoffs = tolerances(OP, rtol, &mut batch, default_rtol(m, n, dtype))?;
    let shape = with_matrix(&batch, n, m);
    if k == 0 {
        crate::creation::check_shape(OP, &shape, dtype)?;
        return Tensor::zeros(&shape, dtype);
    }
    // SAFETY: every matrix is written below (none when the result is empty).
    let result = unsafe { output(OP, &shape, dtype)? };
    if result.numel() == 0 {
        return Ok(result);
    }
    let input = to_compute(x, dtype)?;
    let thin = ComputeSvdVectors::Thin;
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let count = stack.len();
        let out = Out::new(&result, n, m);
        let par = Par::rayon(crate::pool::num_threads());
        let req = StackReq::all_of(&[
            mat_req::<T>(k, 1),
            mat_req::<T>(m, k),
            mat_req::<T>(n, k),
            svd::svd_scratch::<T>(m, n, thin, thin, par, Default::default()),
        ]);
        let flops = svd_flops(m, n, true) + 2.0 * (m * n * k) as f64;
        for_each_matrix(OP, count, flops, req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            check_finite(OP, a, i, count)?;
            let (mut sv, mem) = temp_mat::<T>(k, 1, mem);
            let (mut um, mem) = temp_mat::<T>(m, k, mem);
            let (mut vm, mem) = temp_mat::<T>(n, k, mem);
            let diag = sv.rb_mut().col_mut(0).as_diagonal_mut();
            svd::svd(a, diag, Some(um.rb_mut()), Some(vm.rb_mut()), par, mem, Default::default())
                .map_err(|_| no_convergence(OP, i, count))?;
            let largest = T::real_to_f64(&real(&sv[(0, 0)]));
            let cutoff = cutoffs[i] * largest;
            for j in 0..k {
                let value = T::real_to_f64(&real(&sv[(j, 0)]));
                let scale = if value > cutoff { 1.0 / value } else { 0.0 };
                let scale = T::real_from_f64(scale);
                for r in 0..n {
                    vm[(r, j)] = mul_real(&vm[(r, j)], &scale);
                }
            }
            // pinv = V diag(1/s) U^H; its row-major memory is the column-major transpose
            // conj(U) diag(1/s) V^T.
            // SAFETY: matrix `i` is this task's alone.
            let target = unsafe { out.transposed::<T>(i) };
            matmul(target, Accum::Replace, um.rb().conjugate(), vm.rb().transpose(), one::<T>(), par);
            Ok(())
        })
    })?;
    Ok(result)
}

/// The rank of each matrix of `x` (int64, shape `x.shape[:-2]`): the number of singular values
/// greater than `rtol * largest`, `rtol` as in [`pinv`] (default `max(m, n) * eps`).
pub fn matrix_rank(x: &Tensor, rtol: Option<&Operand>) -> Result<Tensor> {
    const OP: &str = "linalg.matrix_rank";
    let (m, n) = matrix_dims(OP, "x", x, false)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let mut batch = batch_of(x).to_vec();
    let cutoffs = tolerances(OP, rtol, &mut batch, default_rtol(m, n, dtype))?;
    crate::creation::check_shape(OP, &batch, DType::Int64)?;
    let values = singular_values_of(OP, &to_compute(x, dtype)?, dtype)?;
    let k = m.min(n);
    let values = values.broadcast_to(&[batch.as_slice(), &[k as i64]].concat())?;
    let values = cast_tensor(&values, DType::Float64)?.to_vec::<f64>()?;
    let ranks: Vec<i64> = cutoffs
        .iter()
        .enumerate()
        .map(|(i, &rtol)| {
            let row = &values[i * k..(i + 1) * k];
            let largest = row.first().copied().unwrap_or(0.0);
            row.iter().filter(|&&v| v > rtol * largest).count() as i64
        })
        .collect();
    Tensor::from_slice(&ranks, &batch)
}
