//! The LU family (faer's partial-pivoting LU): `linalg.inv`, `solve`, `det`, `slogdet` and
//! `matrix_power`.
//!
//! A row-major (C-contiguous) matrix `A` is the column-major `A^T`, faer's natural layout, so
//! these factor `A^T` (a straight copy) and use the identities `inv(A)^T = inv(A^T)`,
//! `det(A) = det(A^T)` and `A x = b <=> (A^T)^T x = b`; the results are written into ferrule's
//! row-major outputs without a transposing copy.

use faer::dyn_stack::{MemStack, StackReq};
use faer::linalg::lu::partial_pivoting::{factor, inverse, solve};
use faer::perm::PermRef;
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::math_utils::{abs, is_finite};
use faer::{MatMut, MatRef, Par};
use ferrule_core::tensor::{broadcast_shapes, format_shape};
use ferrule_core::{bail, DType, Error, Result, Tensor};
use num_complex::Complex;

use super::dense::{
    batch_of, compute_dtype, dispatch_field, for_each_matrix, mat_req, matrix_dims, output, temp_indices, temp_mat,
    to_compute, which, with_matrix, Field, Out, Stack,
};

/// The LU factors of `w` (overwritten), with the row permutation in `perm` / `perm_inv`; the
/// number of row transpositions is returned with the permutation.
fn lu<'p, T: Field>(
    w: MatMut<'_, T>,
    perm: &'p mut [usize],
    perm_inv: &'p mut [usize],
    par: Par,
    stack: &mut MemStack,
) -> (usize, PermRef<'p, usize>) {
    let (info, p) = factor::lu_in_place(w, perm, perm_inv, par, stack, Default::default());
    (info.transposition_count, p)
}

/// The scratch for a working `n x n` copy, its permutation and the LU factorization.
fn lu_scratch<T: Field>(n: usize, par: Par) -> StackReq {
    StackReq::all_of(&[
        mat_req::<T>(n, n),
        StackReq::new::<usize>(n).array(2),
        factor::lu_in_place_scratch::<usize, T>(n, n, par, Default::default()),
    ])
}

/// The first exactly-zero pivot of the factored `u` (what LAPACK's `getrf` reports as a
/// singular matrix), if any. Elements past it may be nan (faer divides by it).
fn zero_pivot<T: Field>(u: MatRef<'_, T>) -> Option<usize> {
    (0..u.nrows()).find(|&i| u[(i, i)] == T::zero_impl())
}

/// `w` (fresh from the stack) filled with the transpose of `a`, with the two permutation
/// arrays, and the rest of the stack.
fn load_transposed<'s, T: Field>(
    a: MatRef<'_, T>,
    stack: &'s mut MemStack,
) -> (MatMut<'s, T>, &'s mut [usize], &'s mut [usize], &'s mut MemStack) {
    let n = a.nrows();
    let (mut w, stack) = temp_mat::<T>(n, n, stack);
    w.copy_from(a.transpose());
    let (perm, stack) = temp_indices(n, stack);
    let (perm_inv, stack) = temp_indices(n, stack);
    (w, perm, perm_inv, stack)
}

fn singular(op: &str, i: usize, count: usize, pivot: usize) -> Error {
    Error::value_error(format!(
        "{op}: the matrix is singular{} (an exactly zero pivot in column {pivot} of its LU factorization)",
        which(i, count)
    ))
}

/// The inverse of each square matrix of `x` (`(..., n, n)`).
///
/// Computes in `x`'s float or complex dtype (float64 for bool and integers); a matrix whose LU
/// factorization has an exactly zero pivot is singular: `ValueError` naming the op (numpy's
/// `LinAlgError`, also a `ValueError`). Non-square input is a `ValueError`.
pub fn inv(x: &Tensor) -> Result<Tensor> {
    const OP: &str = "linalg.inv";
    let (n, _) = matrix_dims(OP, "x", x, true)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let batch = batch_of(x).to_vec();
    let shape = with_matrix(&batch, n, n);
    // SAFETY: every matrix is written below (none when the result is empty).
    let result = unsafe { output(OP, &shape, dtype)? };
    if result.numel() == 0 {
        return Ok(result);
    }
    let input = to_compute(x, dtype)?;
    dispatch_field!(dtype, T => {
        let stack = Stack::new(&input, &batch)?;
        let out = Out::new(&result, n, n);
        let count = stack.len();
        let par = Par::rayon(crate::pool::num_threads());
        let req = StackReq::all_of(&[lu_scratch::<T>(n, par), inverse::inverse_scratch::<usize, T>(n, par)]);
        for_each_matrix(OP, count, 2.0 * (n as f64).powi(3), req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let a = unsafe { stack.get::<T>(i) };
            let (mut w, perm, perm_inv, mem) = load_transposed(a, mem);
            let (_, p) = lu(w.rb_mut(), perm, perm_inv, par, mem);
            if let Some(pivot) = zero_pivot(w.rb()) {
                return Err(singular(OP, i, count, pivot));
            }
            // inv(A^T) column-major is inv(A) row-major. SAFETY: matrix `i` is this task's alone.
            let target = unsafe { out.transposed::<T>(i) };
            inverse::inverse(target, w.rb(), w.rb(), p, par, mem);
            Ok(())
        })
    })?;
    Ok(result)
}

/// The solution `X` of `x1 @ X = x2` for each square matrix of `x1` (`(..., M, M)`).
///
/// `x2` is a vector `(M,)` (the result is `(..., M)`) or a stack `(..., M, K)` whose batch dims
/// broadcast with `x1`'s (numpy 2 and the Array API: only a 1-D `x2` is a vector). The dtypes
/// promote, then compute as [`inv`] does; a singular matrix is a `ValueError` naming the op.
pub fn solve(x1: &Tensor, x2: &Tensor) -> Result<Tensor> {
    const OP: &str = "linalg.solve";
    let (m, _) = matrix_dims(OP, "x1", x1, true)?;
    let shapes = || format!("{} and {}", format_shape(x1.shape()), format_shape(x2.shape()));
    if x2.ndim() == 0 {
        bail!(ValueError, "{OP}() argument 'x2': expected a vector or a stack of matrices, got a 0-d tensor");
    }
    let vector = x2.ndim() == 1;
    let b = if vector { x2.expand_dims(1)? } else { x2.clone() };
    let (rows, k) = (b.shape()[b.ndim() - 2] as usize, b.shape()[b.ndim() - 1] as usize);
    if rows != m {
        bail!(
            ValueError,
            "{OP}: shapes {} do not match: x1 is a stack of {m} x {m} matrices, so x2 must have {m} {}, not {rows}",
            shapes(),
            if vector { "elements" } else { "rows" }
        );
    }
    let batch = broadcast_shapes(batch_of(x1), batch_of(&b)).map_err(|_| {
        Error::value_error(format!("{OP}: the batch dims of shapes {} could not be broadcast together", shapes()))
    })?;
    let promoted = crate::promote::result_type(x1.dtype(), x2.dtype());
    let dtype = compute_dtype(OP, if x1.dtype() == promoted { "x1" } else { "x2" }, promoted)?;
    let mut shape = with_matrix(&batch, m, k);
    if vector {
        shape.pop();
    }
    // SAFETY: every matrix is written below (none when the result is empty).
    let result = unsafe { output(OP, &shape, dtype)? };
    if result.numel() == 0 {
        return Ok(result);
    }
    let (a_in, b_in) = (to_compute(x1, dtype)?, to_compute(&b, dtype)?);
    dispatch_field!(dtype, T => {
        let a_stack = Stack::new(&a_in, &batch)?;
        let b_stack = Stack::new(&b_in, &batch)?;
        let out = Out::new(&result, m, k);
        let count = a_stack.len();
        let par = Par::rayon(crate::pool::num_threads());
        let req = StackReq::all_of(&[
            lu_scratch::<T>(m, par),
            mat_req::<T>(m, k),
            solve::solve_transpose_in_place_scratch::<usize, T>(m, k, par),
        ]);
        let flops = (2.0 / 3.0) * (m as f64).powi(3) + 2.0 * (m as f64).powi(2) * k as f64;
        for_each_matrix(OP, count, flops, req, |i, par, mem| {
            // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
            let (a, rhs) = unsafe { (a_stack.get::<T>(i), b_stack.get::<T>(i)) };
            let (mut w, perm, perm_inv, mem) = load_transposed(a, mem);
            let (_, p) = lu(w.rb_mut(), perm, perm_inv, par, mem);
            if let Some(pivot) = zero_pivot(w.rb()) {
                return Err(singular(OP, i, count, pivot));
            }
            let (mut x, mem) = temp_mat::<T>(m, k, mem);
            x.copy_from(rhs);
            // w holds the LU factors of A^T, so A x = b is (A^T)^T x = b.
            solve::solve_transpose_in_place(w.rb(), w.rb(), p, x.rb_mut(), par, mem);
            // SAFETY: matrix `i` is this task's alone.
            unsafe { out.rows_major::<T>(i) }.copy_from(x.rb());
            Ok(())
        })
    })?;
    Ok(result)
}

/// `(sign, log|det|)` of one matrix from its LU factors: `sign` has modulus 1 (0 for a singular
/// matrix, whose log is `-inf`), in f64 / complex f64.
fn sign_and_log<T: Field>(u: MatRef<'_, T>, transpositions: usize) -> (Complex<f64>, f64) {
    if zero_pivot(u).is_some() {
        return (Complex::new(0.0, 0.0), f64::NEG_INFINITY);
    }
    let mut sign = Complex::new(if transpositions.is_multiple_of(2) { 1.0 } else { -1.0 }, 0.0);
    let mut log = 0.0;
    for i in 0..u.nrows() {
        let d = u[(i, i)];
        let modulus = T::real_to_f64(&abs(&d));
        if !is_finite(&d) {
            return (Complex::new(f64::NAN, if T::IS_REAL { 0.0 } else { f64::NAN }), f64::NAN);
        }
        sign *= d.to_c64() / modulus;
        log += modulus.ln();
    }
    (sign, log)
}

/// The determinant of one matrix from its LU factors, as a product whose running exponent is
/// kept apart (so an intermediate over- or underflow does not spoil a representable result).
/// An exactly zero pivot makes it 0: the factors past it are not meaningful (faer divides by
/// the zero pivot, so they may hold nan, where LAPACK's `getrf` skips the division).
fn determinant<T: Field>(u: MatRef<'_, T>, transpositions: usize) -> Complex<f64> {
    const STEP: f64 = 1.0e100;
    if zero_pivot(u).is_some() {
        return Complex::new(0.0, 0.0);
    }
    let mut product = Complex::new(if transpositions.is_multiple_of(2) { 1.0 } else { -1.0 }, 0.0);
    let mut exponent = 0i64;
    for i in 0..u.nrows() {
        product *= u[(i, i)].to_c64();
        let modulus = product.norm();
        if modulus > STEP {
            product /= STEP;
            exponent += 1;
        } else if modulus < 1.0 / STEP && modulus > 0.0 {
            product *= STEP;
            exponent -= 1;
        }
    }
    while exponent > 0 && product.norm().is_finite() {
        product *= STEP;
        exponent -= 1;
    }
    while exponent < 0 && product.norm() != 0.0 {
        product /= STEP;
        exponent += 1;
    }
    product
}

/// Runs the LU of every matrix of `x` and hands `(i, U, transpositions)` to `f`.
fn lu_each<T: Field>(
    op: &str,
    x: &Tensor,
    batch: &[i64],
    n: usize,
    f: impl Fn(usize, MatRef<'_, T>, usize) + Sync,
) -> Result<()> {
    let stack = Stack::new(x, batch)?;
    let par = Par::rayon(crate::pool::num_threads());
    for_each_matrix(op, stack.len(), (2.0 / 3.0) * (n as f64).powi(3), lu_scratch::<T>(n, par), |i, par, mem| {
        // SAFETY: `T` is the compute dtype's element type and the matrices are non-empty.
        let a = unsafe { stack.get::<T>(i) };
        let (mut w, perm, perm_inv, mem) = load_transposed(a, mem);
        let (transpositions, _) = lu(w.rb_mut(), perm, perm_inv, par, mem);
        f(i, w.rb(), transpositions);
        Ok(())
    })
}

/// A fresh tensor of `shape` and `dtype` (one of the four compute dtypes) holding the values
/// `f(i)`, `i` over its elements in C order, computed in complex f64 and rounded.
fn fill_from(shape: &[i64], dtype: DType, values: &[Complex<f64>]) -> Result<Tensor> {
    let t = Tensor::zeros(shape, dtype)?;
    dispatch_field!(dtype, T => {
        // SAFETY: `t` is fresh, not shared, and of `T`'s dtype.
        let data = unsafe { std::slice::from_raw_parts_mut(t.data_ptr().cast::<T>(), values.len()) };
        for (d, &v) in data.iter_mut().zip(values) {
            *d = T::from_c64(v);
        }
        Ok(())
    })?;
    Ok(t)
}

/// Per-matrix results gathered from pool tasks (each index written once).
struct Slots<V>(Vec<std::sync::Mutex<V>>);

impl<V: Copy + Default> Slots<V> {
    fn new(count: usize) -> Result<Slots<V>> {
        let mut v = Vec::new();
        v.try_reserve_exact(count).map_err(|_| Error::memory_error("linalg: out of memory for the results"))?;
        v.extend((0..count).map(|_| std::sync::Mutex::new(V::default())));
        Ok(Slots(v))
    }
    fn set(&self, i: usize, value: V) {
        *self.0[i].lock().unwrap_or_else(|p| p.into_inner()) = value;
    }
    fn values(self) -> Vec<V> {
        self.0.into_iter().map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner())).collect()
    }
}

/// The determinant of each square matrix of `x`, shape `x.shape[:-2]`, from the LU
/// factorization (0 for a singular matrix, never an error); dtype as [`inv`]'s.
pub fn det(x: &Tensor) -> Result<Tensor> {
    const OP: &str = "linalg.det";
    let (n, _) = matrix_dims(OP, "x", x, true)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let batch = batch_of(x).to_vec();
    let count = batch.iter().product::<i64>() as usize;
    crate::creation::check_shape(OP, &batch, dtype)?;
    if n == 0 {
        return fill_from(&batch, dtype, &vec![Complex::new(1.0, 0.0); count]);
    }
    let input = to_compute(x, dtype)?;
    let slots = Slots::<Complex<f64>>::new(count)?;
    dispatch_field!(dtype, T => {
        lu_each::<T>(OP, &input, &batch, n, |i, u, t| slots.set(i, determinant(u, t)))
    })?;
    fill_from(&batch, dtype, &slots.values())
}

/// `(sign, logabsdet)` of each square matrix of `x`: `det = sign * exp(logabsdet)`, with `sign`
/// of `x`'s compute dtype (modulus 1 for complex) and `logabsdet` of its real dtype; a singular
/// matrix gives `(0, -inf)`.
pub fn slogdet(x: &Tensor) -> Result<Vec<Tensor>> {
    const OP: &str = "linalg.slogdet";
    let (n, _) = matrix_dims(OP, "x", x, true)?;
    let dtype = compute_dtype(OP, "x", x.dtype())?;
    let real = crate::promote::real_dtype(dtype);
    let batch = batch_of(x).to_vec();
    let count = batch.iter().product::<i64>() as usize;
    crate::creation::check_shape(OP, &batch, dtype)?;
    let mut pairs = vec![(Complex::new(1.0, 0.0), 0.0); if n == 0 { count } else { 0 }];
    if n > 0 {
        let input = to_compute(x, dtype)?;
        let slots = Slots::<(Complex<f64>, f64)>::new(count)?;
        dispatch_field!(dtype, T => {
            lu_each::<T>(OP, &input, &batch, n, |i, u, t| slots.set(i, sign_and_log(u, t)))
        })?;
        pairs = slots.values();
    }
    let signs: Vec<Complex<f64>> = pairs.iter().map(|p| p.0).collect();
    let logs: Vec<Complex<f64>> = pairs.iter().map(|p| Complex::new(p.1, 0.0)).collect();
    Ok(vec![fill_from(&batch, dtype, &signs)?, fill_from(&batch, real, &logs)?])
}

/// `x` raised to the integer power `n` by repeated squaring with [`matmul`](super::matmul):
/// `n = 0` gives identity matrices of `x`'s dtype, a negative `n` the power of [`inv`]`(x)`.
/// Integer matrices keep their dtype for `n >= 0` (products wrap, as numpy's do).
pub fn matrix_power(x: &Tensor, n: i64) -> Result<Tensor> {
    const OP: &str = "linalg.matrix_power";
    let (m, _) = matrix_dims(OP, "x", x, true)?;
    if n == 0 {
        let eye = crate::creation::eye(m as i64, None, 0, Some(x.dtype()), None)?;
        return eye.broadcast_to(x.shape())?.contiguous();
    }
    let base = if n < 0 { inv(x).map_err(|e| rename(e, "linalg.inv", OP))? } else { x.contiguous()? };
    let mut exponent = n.unsigned_abs();
    let product = |a: &Tensor, b: &Tensor| super::matmul(a, b, None).map_err(|e| rename(e, "matmul", OP));
    let mut result: Option<Tensor> = None;
    let mut power = base;
    loop {
        if exponent & 1 == 1 {
            result = Some(match result {
                None => power.clone(),
                Some(r) => product(&r, &power)?,
            });
        }
        exponent >>= 1;
        if exponent == 0 {
            break;
        }
        power = product(&power, &power)?;
    }
    match result {
        Some(r) => r.contiguous(),
        None => Err(Error::runtime_error(format!("{OP}: internal error: empty product"))),
    }
}

/// `e` with its message's first `from` replaced by `to` (errors of the ops a composite op calls).
pub(crate) fn rename(e: Error, from: &str, to: &str) -> Error {
    Error::new(e.kind, e.message.replacen(from, to, 1))
}
