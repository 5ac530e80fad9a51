//! Backward helpers of the `linalg` ops, in the conjugate-transpose form that serves real and
//! complex matrices alike (`mH` is the plain transpose of a real matrix). Factorizations are
//! recomputed from the input (a node keeps its arguments, never its results), which gives the
//! same factors as the forward pass: the kernels are deterministic.
//!
//! Where a derivative needs a condition to exist, the helper says so: `inv`, `det`, `slogdet`
//! and `solve` need invertible matrices, `cholesky` positive-definite ones, `eigh` and `svd`
//! distinct eigenvalues / singular values (repeated ones give infinities, as in other
//! frameworks), `qr` full-rank inputs, and `pinv` a rank that a small perturbation keeps.

use ferrule_core::DType;
use ferrule_registry::{Any, Error, Result};

use super::calls::{self as c, tensor};
use super::elementwise::imaginary_unit;
use crate::register as r;

/// `mH(x)`: the conjugate transpose of each matrix of `x`.
#[allow(non_snake_case)]
pub fn mH(args: &[Any]) -> Result<Any> {
    c::mh(&args[0])
}

fn last2(what: &str, x: &Any) -> Result<(i64, i64, DType)> {
    let t = tensor(what, x)?;
    let nd = t.ndim();
    if nd < 2 {
        return Err(Error::value_error(format!("{what}: expected a stack of matrices, got {} dims", nd)));
    }
    Ok((t.shape()[nd - 2], t.shape()[nd - 1], t.dtype()))
}

/// `g` with two trailing size-1 dims, to scale whole matrices.
fn per_matrix(g: &Any) -> Result<Any> {
    c::expand_dims(&c::expand_dims(g, -1)?, -1)
}

/// The Hermitian part `(a + a^H) / 2`.
fn hermitian(a: &Any) -> Result<Any> {
    c::mul(&c::add(a, &c::mh(a)?)?, &Any::from(0.5))
}

/// The gradient with respect to a matrix of which only one triangle is read (the lower for
/// `eigh` and `cholesky`), from the gradient `s` (Hermitian) with respect to the Hermitian
/// matrix that triangle stands for: the diagonal once, the off-diagonal entries twice.
fn one_triangle(s: &Any, upper: bool) -> Result<Any> {
    if upper {
        c::add(&c::triu(s, 0)?, &c::triu(s, 1)?)
    } else {
        c::add(&c::tril(s, 0)?, &c::tril(s, -1)?)
    }
}

/// `inv_backward(grad, x)`: `-inv(x)^H @ grad @ inv(x)^H`.
pub fn inv_backward(args: &[Any]) -> Result<Any> {
    let y = c::mh(&c::inv(&args[1])?)?;
    c::neg(&c::matmul(&y, &c::matmul(&args[0], &y)?)?)
}

/// `solve_backward(grad, x1, x2, which)`: with `X = solve(A, B)`, `gB = solve(A^H, grad)` and
/// `gA = -gB @ X^H` (a 1-D `x2` is one column).
pub fn solve_backward(args: &[Any]) -> Result<Any> {
    let (g, a, b) = (&args[0], &args[1], &args[2]);
    let which = args[3].as_int().unwrap_or(0);
    let vector = tensor("solve_backward", b)?.ndim() == 1;
    let column = |t: &Any| if vector { c::expand_dims(t, -1) } else { Ok(t.clone()) };
    let gb = r::op_linalg_solve(&[c::mh(a)?, column(g)?])?;
    if which == 1 {
        return if vector { c::squeeze(&gb, -1) } else { Ok(gb) };
    }
    let x = column(&r::op_linalg_solve(&[a.clone(), b.clone()])?)?;
    c::neg(&c::matmul(&gb, &c::mh(&x)?)?)
}

/// `det_backward(grad, x)`: `grad * conj(det(x)) * inv(x)^H` per matrix (an invertible `x`).
pub fn det_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let d = r::op_linalg_det(std::slice::from_ref(x))?;
    let scale = per_matrix(&c::mul(g, &c::conj(&d)?)?)?;
    c::mul(&scale, &c::mh(&c::inv(x)?)?)
}

/// `slogdet_backward(grads, x)`: `(g_logabsdet + 1j * imag(g_sign * conj(sign))) * inv(x)^H`;
/// the sign of a real determinant is piecewise constant, so only `logabsdet` contributes.
pub fn slogdet_backward(args: &[Any]) -> Result<Any> {
    let grads = c::items("slogdet_backward", &args[0])?;
    let x = &args[1];
    let (_, _, dt) = last2("slogdet_backward", x)?;
    let mut scale = grads[1].clone();
    if dt.is_complex() {
        let sign = c::item(&r::op_linalg_slogdet(std::slice::from_ref(x))?, 0)?;
        let turn = c::imag(&c::mul(&grads[0], &c::conj(&sign)?)?)?;
        scale = c::add(&scale, &c::mul(&turn, &imaginary_unit(dt))?)?;
    }
    c::mul(&per_matrix(&scale)?, &c::mh(&c::inv(x)?)?)
}

/// `cholesky_backward(grad, x, upper)`: with `x = L L^H`, the gradient with respect to the
/// Hermitian matrix is the Hermitian part of `L^-H Phi(L^H gL) L^-1`, where `Phi` keeps the
/// lower triangle and halves the diagonal; then it goes to the triangle the op reads.
pub fn cholesky_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let upper = args[2].as_bool().unwrap_or(false);
    let factor = r::op_linalg_cholesky(&[x.clone(), Any::from(upper)])?;
    let (l, gl) = if upper { (c::mh(&factor)?, c::mh(g)?) } else { (factor, g.clone()) };
    let (n, _, dt) = last2("cholesky_backward", x)?;
    let m = c::matmul(&c::mh(&l)?, &gl)?;
    let half_diagonal = c::mul(&c::mul(&m, &c::eye(n, n, 0, dt)?)?, &Any::from(0.5))?;
    let phi = c::sub(&c::tril(&m, 0)?, &half_diagonal)?;
    let linv = c::inv(&l)?;
    let g0 = c::matmul(&c::mh(&linv)?, &c::matmul(&phi, &linv)?)?;
    one_triangle(&hermitian(&g0)?, upper)
}

/// `1 / (w_j - w_i)` off the diagonal, 0 on it, for each row vector `w` (`..., n`).
fn gaps(w: &Any, n: i64, dt: DType) -> Result<Any> {
    let diff = c::sub(&c::expand_dims(w, -2)?, &c::expand_dims(w, -1)?)?;
    let on_diagonal = c::eq(&c::eye(n, n, 0, dt)?, &Any::int(1))?;
    let safe = c::select(&on_diagonal, &Any::int(1), &diff)?;
    c::select(&on_diagonal, &Any::int(0), &c::div(&Any::int(1), &safe)?)
}

/// `diag(v)` for each row vector `v` (`..., n`) as matrices of dtype `dt`.
fn diag_embed(v: &Any, n: i64, dt: DType) -> Result<Any> {
    c::mul(&c::expand_dims(v, -1)?, &c::eye(n, n, 0, dt)?)
}

/// `eigh_backward(grads, x)`: `V (diag(gw) + F * (V^H gV)) V^H` with `F[i, j] = 1 / (w_j -
/// w_i)`, made Hermitian and sent to the lower triangle (the one `eigh` reads).
pub fn eigh_backward(args: &[Any]) -> Result<Any> {
    let grads = c::items("eigh_backward", &args[0])?;
    let x = &args[1];
    let (n, _, dt) = last2("eigh_backward", x)?;
    let result = r::op_linalg_eigh(std::slice::from_ref(x))?;
    let (w, v) = (c::item(&result, 0)?, c::item(&result, 1)?);
    let inner =
        c::add(&diag_embed(&grads[0], n, dt)?, &c::mul(&gaps(&w, n, dt)?, &c::matmul(&c::mh(&v)?, &grads[1])?)?)?;
    let g0 = c::matmul(&v, &c::matmul(&inner, &c::mh(&v)?)?)?;
    one_triangle(&hermitian(&g0)?, false)
}

/// `eigvalsh_backward(grad, x)`: `V diag(grad) V^H`, sent to the lower triangle.
pub fn eigvalsh_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let (n, _, dt) = last2("eigvalsh_backward", x)?;
    let v = c::item(&r::op_linalg_eigh(std::slice::from_ref(x))?, 1)?;
    let g0 = c::matmul(&v, &c::matmul(&diag_embed(g, n, dt)?, &c::mh(&v)?)?)?;
    one_triangle(&hermitian(&g0)?, false)
}

/// The thin SVD `(U, S, Vh)` of `x` as computed with `full_matrices`, cut to `k = min(m, n)`.
fn thin_svd(x: &Any, full_matrices: bool) -> Result<(Any, Any, Any)> {
    let (m, n, _) = last2("svd_backward", x)?;
    let k = m.min(n);
    let result = r::op_linalg_svd(&[x.clone(), Any::from(full_matrices)])?;
    let (mut u, s, mut vh) = (c::item(&result, 0)?, c::item(&result, 1)?, c::item(&result, 2)?);
    if full_matrices {
        let nd = tensor("svd_backward", x)?.ndim();
        u = c::narrow(&u, nd - 1, Some(0), Some(k))?;
        vh = c::narrow(&vh, nd - 2, Some(0), Some(k))?;
    }
    Ok((u, s, vh))
}

/// Whether every element of `t` is zero.
fn all_zero(t: &Any) -> Result<bool> {
    let any = r::op_any(&[c::ne(t, &Any::int(0))?, Any::NONE, Any::from(false)])?;
    Ok(!tensor("svd_backward", &any)?.to_vec::<bool>()?.first().copied().unwrap_or(false))
}

/// `svd_backward(grads, x, full_matrices)`: the standard formula for distinct singular values,
/// with `E[i, j] = S_j^2 - S_i^2`:
/// `U [(skew(U^H gU) S_j + S_i skew(V^H gV)) / E + diag(gS) + 1j diag(imag(U^H gU)) / S] Vh`
/// plus the parts of `gU` and `gV` outside the spans of `U` and `V` (for non-square `x`).
/// With `full_matrices=True` on a non-square `x` the extra singular vectors are arbitrary, so
/// their gradient must be zero (a `ValueError` otherwise).
pub fn svd_backward(args: &[Any]) -> Result<Any> {
    let grads = c::items("svd_backward", &args[0])?;
    let x = &args[1];
    let full = args[2].as_bool().unwrap_or(true);
    let (m, n, dt) = last2("svd_backward", x)?;
    let k = m.min(n);
    let nd = tensor("svd_backward", x)?.ndim();
    let (mut gu, gs, mut gvh) = (grads[0].clone(), grads[1].clone(), grads[2].clone());
    if full && m != n {
        let extra_u = c::narrow(&gu, nd - 1, Some(k), None)?;
        let extra_v = c::narrow(&gvh, nd - 2, Some(k), None)?;
        if !all_zero(&extra_u)? || !all_zero(&extra_v)? {
            return Err(Error::value_error(
                "linalg.svd: with full_matrices=True on a non-square matrix, the singular vectors beyond \
                 min(m, n) are not unique, so they have no gradient; use full_matrices=False",
            ));
        }
        gu = c::narrow(&gu, nd - 1, Some(0), Some(k))?;
        gvh = c::narrow(&gvh, nd - 2, Some(0), Some(k))?;
    }
    let (u, s, vh) = thin_svd(x, full)?;
    let v = c::mh(&vh)?;
    let gv = c::mh(&gvh)?;
    let uhgu = c::matmul(&c::mh(&u)?, &gu)?;
    let vhgv = c::matmul(&c::mh(&v)?, &gv)?;
    let skew = |a: &Any| -> Result<Any> { c::sub(a, &c::mh(a)?) };
    let (s_row, s_col) = (c::expand_dims(&s, -2)?, c::expand_dims(&s, -1)?);
    let s2 = c::mul(&s, &s)?;
    let real_dt = tensor("svd_backward", &s)?.dtype();
    let f = gaps(&s2, k, real_dt)?;
    let mut inner = c::mul(&c::add(&c::mul(&skew(&uhgu)?, &s_row)?, &c::mul(&s_col, &skew(&vhgv)?)?)?, &f)?;
    inner = c::add(&inner, &diag_embed(&gs, k, real_dt)?)?;
    if dt.is_complex() {
        let turn = c::div(&c::imag(&r::op_linalg_diagonal(&[uhgu.clone(), Any::int(0)])?)?, &s)?;
        inner = c::add(&inner, &c::mul(&diag_embed(&turn, k, real_dt)?, &imaginary_unit(dt))?)?;
    }
    let mut ga = c::matmul(&u, &c::matmul(&inner, &vh)?)?;
    if m > k {
        let outside = c::sub(&gu, &c::matmul(&u, &uhgu)?)?;
        ga = c::add(&ga, &c::matmul(&c::div(&outside, &s_row)?, &vh)?)?;
    }
    if n > k {
        let outside = c::sub(&gv, &c::matmul(&v, &vhgv)?)?;
        ga = c::add(&ga, &c::matmul(&u, &c::mh(&c::div(&outside, &s_row)?)?)?)?;
    }
    Ok(ga)
}

/// `svdvals_backward(grad, x)`: `U diag(grad) Vh`.
pub fn svdvals_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let (u, _, vh) = thin_svd(x, false)?;
    c::matmul(&u, &c::mul(&c::expand_dims(g, -1)?, &vh)?)
}

/// The QR gradient for `m >= n` (thin factors `q`, `r`): with `N = gQ^H Q - R gR^H` and
/// `Z = tril(N^H - N, -1) - 1j diag(imag(N)) + gR R^H`,
/// `gA = (Q (Z - Q^H gQ) + gQ) R^-H`.
fn qr_tall(q: &Any, r_: &Any, gq: &Any, gr: &Any, n: i64, dt: DType) -> Result<Any> {
    let nn = c::sub(&c::matmul(&c::mh(gq)?, q)?, &c::matmul(r_, &c::mh(gr)?)?)?;
    let mut z = c::add(&c::tril(&c::sub(&c::mh(&nn)?, &nn)?, -1)?, &c::matmul(gr, &c::mh(r_)?)?)?;
    if dt.is_complex() {
        let im = c::imag(&r::op_linalg_diagonal(&[nn.clone(), Any::int(0)])?)?;
        let real_dt = tensor("qr_backward", &im)?.dtype();
        z = c::sub(&z, &c::mul(&diag_embed(&im, n, real_dt)?, &imaginary_unit(dt))?)?;
    }
    let inner = c::add(&c::matmul(q, &c::sub(&z, &c::matmul(&c::mh(q)?, gq)?)?)?, gq)?;
    c::matmul(&inner, &c::mh(&c::inv(r_)?)?)
}

/// `qr_backward(grads, x, mode)`: for `m >= n` the formula of [`qr_tall`] on the thin factors
/// (with mode='complete' and `m > n` the extra columns of Q are arbitrary, so their gradient
/// must be zero); for `m < n`, `x = [X | Y]` with `X = Q R1` square and `R2 = Q^H Y`, so
/// `gY = Q gR2` and `X` gets the square formula with `gQ + Y gR2^H`. Needs full rank.
pub fn qr_backward(args: &[Any]) -> Result<Any> {
    let grads = c::items("qr_backward", &args[0])?;
    let x = &args[1];
    let (m, n, dt) = last2("qr_backward", x)?;
    let nd = tensor("qr_backward", x)?.ndim();
    let result = r::op_linalg_qr(&[x.clone(), args[2].clone()])?;
    let (mut q, mut r_) = (c::item(&result, 0)?, c::item(&result, 1)?);
    let (mut gq, mut gr) = (grads[0].clone(), grads[1].clone());
    let k = m.min(n);
    if tensor("qr_backward", &q)?.shape()[nd - 1] > k {
        if !all_zero(&c::narrow(&gq, nd - 1, Some(k), None)?)? {
            return Err(Error::value_error(
                "linalg.qr: with mode='complete' on a matrix with more rows than columns, the columns of Q \
                 beyond the first n are not unique, so they have no gradient; use mode='reduced'",
            ));
        }
        q = c::narrow(&q, nd - 1, Some(0), Some(k))?;
        gq = c::narrow(&gq, nd - 1, Some(0), Some(k))?;
        r_ = c::narrow(&r_, nd - 2, Some(0), Some(k))?;
        gr = c::narrow(&gr, nd - 2, Some(0), Some(k))?;
    }
    if m >= n {
        return qr_tall(&q, &r_, &gq, &gr, n, dt);
    }
    let xs = c::narrow(x, nd - 1, Some(m), None)?;
    let (r1, gr1) = (c::narrow(&r_, nd - 1, Some(0), Some(m))?, c::narrow(&gr, nd - 1, Some(0), Some(m))?);
    let gr2 = c::narrow(&gr, nd - 1, Some(m), None)?;
    let gq_total = c::add(&gq, &c::matmul(&xs, &c::mh(&gr2)?)?)?;
    let gx = qr_tall(&q, &r1, &gq_total, &gr1, m, dt)?;
    let gy = c::matmul(&q, &gr2)?;
    c::concat(vec![gx, gy], -1)
}

/// `pinv_backward(grad, x, rtol)`: for a rank that small changes keep (Golub and Pereyra),
/// `-P^H G P^H + (I - A P) G^H P P^H + P^H P G^H (I - P A)` with `P = pinv(A)`, `G = grad^H`
/// written out below.
pub fn pinv_backward(args: &[Any]) -> Result<Any> {
    let (g, a) = (&args[0], &args[1]);
    let (m, n, dt) = last2("pinv_backward", a)?;
    let p = r::op_linalg_pinv(&[a.clone(), args[2].clone()])?;
    let (ph, gh) = (c::mh(&p)?, c::mh(g)?);
    let first = c::neg(&c::matmul(&ph, &c::matmul(g, &ph)?)?)?;
    let left = c::sub(&c::eye(m, m, 0, dt)?, &c::matmul(a, &p)?)?;
    let second = c::matmul(&left, &c::matmul(&gh, &c::matmul(&p, &ph)?)?)?;
    let right = c::sub(&c::eye(n, n, 0, dt)?, &c::matmul(&p, a)?)?;
    let third = c::matmul(&c::matmul(&ph, &p)?, &c::matmul(&gh, &right)?)?;
    c::add(&c::add(&first, &second)?, &third)
}

/// `x / norm` where `norm` (broadcast) is not zero, 0 where it is.
fn over_norm(x: &Any, norm: &Any) -> Result<Any> {
    let zero = c::eq(norm, &Any::int(0))?;
    let safe = c::select(&zero, &Any::int(1), norm)?;
    c::select(&zero, &Any::int(0), &c::div(x, &safe)?)
}

/// `matrix_norm_backward(grad, x, keepdims, ord)`: Frobenius `grad * x / norm`; the column
/// (1, -1) and row (inf, -inf) norms send `grad * sign(x)` to the picked column or row (ties
/// share it); the singular-value norms go through the SVD (2, -2: the largest / smallest
/// singular value; 'nuc': all of them).
pub fn matrix_norm_backward(args: &[Any]) -> Result<Any> {
    use crate::linalg::norms::{matrix_ord, MatrixOrd};
    let (g, x) = (&args[0], &args[1]);
    let keepdims = args[2].as_bool().unwrap_or(false);
    let g11 = if keepdims { g.clone() } else { per_matrix(g)? };
    match matrix_ord(&args[3])? {
        MatrixOrd::Frobenius => {
            let norm = r::op_linalg_matrix_norm(&[x.clone(), Any::from(true), Any::str("fro")])?;
            c::mul(&g11, &over_norm(x, &norm)?)
        }
        MatrixOrd::Columns(largest) | MatrixOrd::Rows(largest) => {
            let columns = matches!(matrix_ord(&args[3])?, MatrixOrd::Columns(_));
            let (sum_axis, pick_axis) = if columns { (-2, -1) } else { (-1, -2) };
            let sums = c::sum(&c::abs(x)?, &c::ints([sum_axis]), true)?;
            let pick = c::ints([pick_axis]);
            let picked = if largest {
                r::op_max(&[sums.clone(), pick.clone(), Any::from(true)])?
            } else {
                r::op_min(&[sums.clone(), pick.clone(), Any::from(true)])?
            };
            let share = super::amax_backward(&[g11, sums, picked, pick, Any::from(true)])?;
            c::mul(&share, &c::sign(x)?)
        }
        MatrixOrd::Singular(largest) => {
            let s = r::op_linalg_svdvals(std::slice::from_ref(x))?;
            let last = c::ints([-1]);
            let picked = if largest {
                r::op_max(&[s.clone(), last.clone(), Any::from(true)])?
            } else {
                r::op_min(&[s.clone(), last.clone(), Any::from(true)])?
            };
            let gv = c::expand_dims(&c::squeeze(&c::squeeze(&g11, -1)?, -1)?, -1)?;
            let gs = super::amax_backward(&[gv, s, picked, last, Any::from(true)])?;
            svdvals_backward(&[gs, x.clone()])
        }
        MatrixOrd::Nuclear => {
            let (u, _, vh) = thin_svd(x, false)?;
            c::mul(&g11, &c::matmul(&u, &vh)?)
        }
    }
}

/// `vector_norm_backward(grad, x, axis, keepdims, ord)`: `grad * sign(x) |x|^(p-1) /
/// norm^(p-1)` (for p = 2, `grad * x / norm`), 0 where the norm or the element is zero (a
/// subgradient); inf / -inf send `grad * sign(x)` to the largest / smallest magnitudes (ties
/// share it); ord 0 counts non-zeros and has gradient 0.
pub fn vector_norm_backward(args: &[Any]) -> Result<Any> {
    let (g, x, axis, keepdims) = (&args[0], &args[1], &args[2], &args[3]);
    let p = args[4].as_float().unwrap_or(2.0);
    let spread = super::unreduce(&[g.clone(), x.clone(), axis.clone(), keepdims.clone()])?;
    let magnitude = c::abs(x)?;
    if p == 0.0 {
        return c::zeros_like(x);
    }
    if p.is_infinite() {
        let picked = if p > 0.0 {
            r::op_max(&[magnitude.clone(), axis.clone(), Any::from(true)])?
        } else {
            r::op_min(&[magnitude.clone(), axis.clone(), Any::from(true)])?
        };
        let share = super::amax_backward(&[g.clone(), magnitude, picked, axis.clone(), keepdims.clone()])?;
        return c::mul(&share, &c::sign(x)?);
    }
    if p == 1.0 {
        return c::mul(&spread, &c::sign(x)?);
    }
    let norm = r::op_linalg_vector_norm(&[x.clone(), axis.clone(), Any::from(true), Any::from(p)])?;
    if p == 2.0 {
        return c::mul(&spread, &over_norm(x, &norm)?);
    }
    let ratio = over_norm(&magnitude, &norm)?;
    let zero = c::eq(&magnitude, &Any::int(0))?;
    let safe_ratio = c::select(&zero, &Any::int(1), &ratio)?;
    let power = c::select(&zero, &Any::int(0), &c::pow(&safe_ratio, &Any::from(p - 1.0))?)?;
    c::mul(&c::mul(&spread, &c::sign(x)?)?, &power)
}

/// `diagonal_backward(grad, x, offset)`: `grad` placed on the `offset` diagonal of zero
/// matrices shaped like `x`.
pub fn diagonal_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let offset = args[2].as_int().unwrap_or(0);
    let (rows, cols, dt) = last2("diagonal_backward", x)?;
    let len = tensor("diagonal_backward", g)?.shape().last().copied().unwrap_or(0);
    // Pad the diagonal at its end to the length of the dim it runs along (rows for offset >= 0,
    // as each row holds at most one of its elements; columns otherwise).
    let along = if offset >= 0 { rows } else { cols };
    let gt = tensor("diagonal_backward", g)?;
    let nd = gt.ndim();
    let padded = if len < along {
        let mut shape = gt.shape().to_vec();
        shape[nd - 1] = along - len;
        c::concat(vec![g.clone(), c::zeros(&shape, gt.dtype())?], -1)?
    } else {
        g.clone()
    };
    // Row i holds element i (offset >= 0); column j holds element j (offset < 0).
    let placed = if offset >= 0 { c::expand_dims(&padded, -1)? } else { c::expand_dims(&padded, -2)? };
    c::mul(&placed, &c::eye(rows, cols, offset, dt)?)
}

/// `matrix_power_backward(grad, x, n)`: `sum_k (X^H)^k G (X^H)^(n-1-k)` for `n > 0`; a
/// negative `n` is the power `-n` of `inv(x)`, chained through `inv`'s gradient.
pub fn matrix_power_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let n = args[2].as_int().unwrap_or(0);
    if n == 0 {
        return c::zeros_like(x);
    }
    let base = if n < 0 { c::inv(x)? } else { x.clone() };
    let k = n.unsigned_abs() as usize;
    let bh = c::mh(&base)?;
    // powers[i] = (B^H)^i
    let mut powers = vec![r::op_linalg_matrix_power(&[bh.clone(), Any::int(0)])?];
    for i in 1..k {
        powers.push(c::matmul(&powers[i - 1], &bh)?);
    }
    let mut total = c::matmul(&powers[0], &c::matmul(g, &powers[k - 1])?)?;
    for i in 1..k {
        total = c::add(&total, &c::matmul(&powers[i], &c::matmul(g, &powers[k - 1 - i])?)?)?;
    }
    if n < 0 {
        return inv_backward(&[total, x.clone()]);
    }
    Ok(total)
}
