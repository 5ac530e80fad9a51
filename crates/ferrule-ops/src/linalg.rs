//! Linear algebra: matmul (batched, broadcasting), mm, tensordot, vecdot, and the Array API's
//! `linalg` extension (factorizations on faer: `dense.rs` is the bridge; `eigvalsh`'s values by `sterf.rs`).

mod dense;
mod factor;
mod general;
mod kernel;
mod lu;
pub(crate) mod norms;
#[cfg(target_arch = "x86_64")]
mod sgemm;
mod spectral;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod sterf;
mod structure;

use ferrule_core::tensor::{broadcast_shapes, format_shape};
use ferrule_core::{bail, DType, Error, Result, Tensor};
use ferrule_registry::{Any, Array};

pub use factor::{cholesky, eigh, eigvalsh, qr};
pub use general::{eig, eigvals};
pub use lu::{det, inv, matrix_power, slogdet, solve};
pub use norms::{matrix_norm, vector_norm};
pub use spectral::{matrix_rank, pinv, svd, svdvals};
pub use structure::{cross, diagonal, outer, trace};

use crate::axes::normalize_axis;
use crate::iter::{may_overlap, prepare_out};
use crate::reduce::cast_tensor;
use kernel::{batched, Operand2};

/// Copies `src` into the same-shape, same-dtype (possibly strided) view `dst`.
fn copy_to(src: &Tensor, dst: &Tensor) -> Result<()> {
    crate::dispatch_all!(dst.dtype(), T => {
        crate::iter::map_unary::<T, T, _>(src, dst, crate::iter::MIN_PER_TASK_CHEAP, |x, o| o.copy_from_slice(x))
    });
    Ok(())
}

/// Computes `c = a @ b` over the broadcast batch dims, where `a` is `(..., m, k)`, `b` is
/// `(..., k, n)` and `c` is a writable `batch + (m, n)` view disjoint from both.
fn product_into(a: &Tensor, b: &Tensor, batch: &[i64], c: &Tensor, conj: bool) -> Result<()> {
    let dtype = c.dtype();
    let (na, nb) = (a.ndim(), b.ndim());
    let (m, k, n) = (a.shape()[na - 2], a.shape()[na - 1], b.shape()[nb - 1]);
    if matches!(dtype, DType::Float16 | DType::BFloat16) {
        // Half precision multiplies in float32 and rounds once at the end, as numpy does.
        let mut full = batch.to_vec();
        full.extend([m, n]);
        let wide = Tensor::zeros(&full, DType::Float32)?;
        product_into(&cast_tensor(a, DType::Float32)?, &cast_tensor(b, DType::Float32)?, batch, &wide, conj)?;
        return copy_to(&cast_tensor(&wide, dtype)?, c);
    }
    let a = cast_tensor(a, dtype)?;
    let b = cast_tensor(b, dtype)?;
    let with_batch = |t: &Tensor, rows: i64, cols: i64| -> Result<Tensor> {
        let mut shape = batch.to_vec();
        shape.extend([rows, cols]);
        t.broadcast_to(&shape)
    };
    let a = with_batch(&a, m, k)?;
    let b = with_batch(&b, k, n)?;
    batched(
        dtype,
        batch,
        (m as usize, n as usize, k as usize),
        &Operand2::of(&a),
        &Operand2::of(&b),
        &Operand2::of(c),
        conj,
    )
}

/// The matrix product with numpy / Array API semantics.
///
/// A 1-D `x1` is a row vector and a 1-D `x2` a column vector (the added dim is removed from
/// the result); leading (batch) dims broadcast; dtypes promote. 0-d operands, mismatched
/// inner dims and batch dims that do not broadcast are `ValueError`s naming both shapes.
/// With `out`, the result is written there (exact shape and dtype required) and returned.
///
/// Float32 products of a fair size run on ferrule's own packed AVX2/FMA kernel (`linalg/sgemm.rs`),
/// other float and complex products on the `gemm` crate, with the views' own strides
/// (transposed or sliced inputs are not copied); integer and bool products use a direct loop.
pub fn matmul(x1: &Tensor, x2: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let shapes = || format!("{} and {}", format_shape(x1.shape()), format_shape(x2.shape()));
    if x1.ndim() == 0 || x2.ndim() == 0 {
        bail!(ValueError, "matmul: operands must have at least one dimension, got shapes {}", shapes());
    }
    let dtype = crate::promote::result_type(x1.dtype(), x2.dtype());
    if let Some(result) = matmul_2d_fast(x1, x2, dtype, out)? {
        return Ok(result);
    }
    let a = if x1.ndim() == 1 { x1.expand_dims(0)? } else { x1.clone() };
    let b = if x2.ndim() == 1 { x2.expand_dims(1)? } else { x2.clone() };
    let (na, nb) = (a.ndim(), b.ndim());
    let (m, k, k2, n) = (a.shape()[na - 2], a.shape()[na - 1], b.shape()[nb - 2], b.shape()[nb - 1]);
    if k != k2 {
        bail!(
            ValueError,
            "matmul: shapes {} are not aligned: size {k} of the last dim of x1 != size {k2} of the {} dim of x2",
            shapes(),
            if x2.ndim() == 1 { "only" } else { "second-to-last" }
        );
    }
    let batch = broadcast_shapes(&a.shape()[..na - 2], &b.shape()[..nb - 2]).map_err(|_| {
        Error::value_error(format!("matmul: the batch dims of shapes {} could not be broadcast together", shapes()))
    })?;
    let mut result_shape = batch.clone();
    if x1.ndim() > 1 {
        result_shape.push(m);
    }
    if x2.ndim() > 1 {
        result_shape.push(n);
    }
    crate::creation::check_result_shape("matmul", &result_shape, dtype)?;
    let result = match out {
        Some(_) => prepare_out("matmul", out, &result_shape, dtype, &[x1, x2])?,
        // SAFETY: `batched` below writes every element of the result (each kernel overwrites
        // its matrix, k == 0 fills zeros), and nothing reads it before.
        None => unsafe { Tensor::uninit(&result_shape, dtype)? },
    };
    // gemm reads the inputs while writing: an `out` sharing memory with them gets a temporary.
    let aliased = out.is_some() && (may_overlap(&result, x1) || may_overlap(&result, x2));
    let target = if aliased { Tensor::zeros(&result_shape, dtype)? } else { result.clone() };
    let mut view = target.clone();
    if x1.ndim() == 1 {
        view = view.expand_dims(batch.len())?;
    }
    if x2.ndim() == 1 {
        view = view.expand_dims(view.ndim())?;
    }
    product_into(&a, &b, &batch, &view, false)?;
    if aliased {
        copy_to(&target, &result)?;
    }
    Ok(result)
}

/// `matmul` of two 2-D operands of one dtype into a fresh result: no batch, no promotion, no
/// `out`, so none of the general path's views and temporaries (what tiny products pay for).
/// `None` when the general path applies (including every error case, which it reports).
fn matmul_2d_fast(x1: &Tensor, x2: &Tensor, dtype: DType, out: Option<&Tensor>) -> Result<Option<Tensor>> {
    if out.is_some() || x1.ndim() != 2 || x2.ndim() != 2 || x1.dtype() != dtype || x2.dtype() != dtype {
        return Ok(None);
    }
    if matches!(dtype, DType::Float16 | DType::BFloat16) || x1.shape()[1] != x2.shape()[0] {
        return Ok(None);
    }
    let (m, k, n) = (x1.shape()[0], x1.shape()[1], x2.shape()[1]);
    crate::creation::check_result_shape("matmul", &[m, n], dtype)?;
    // SAFETY: `batched` writes every element of the result (k == 0 fills zeros) before anyone
    // reads it; the result is fresh, so it does not overlap the inputs.
    let result = unsafe { Tensor::uninit(&[m, n], dtype)? };
    batched(
        dtype,
        &[],
        (m as usize, n as usize, k as usize),
        &Operand2::of(x1),
        &Operand2::of(x2),
        &Operand2::of(&result),
        false,
    )?;
    Ok(Some(result))
}

/// [`matmul`] (and [`mm`]) of two small 2-D tensors of one float dtype: the tiny-input
/// shortcut the registered ops try first (schema field `fast`), with the general path's answer.
/// `None` when the general path must run.
pub fn matmul_tiny(x1: &Tensor, x2: &Tensor) -> Option<Tensor> {
    kernel::tiny(x1, x2)
}

/// The product of two 2-D tensors (`mm` in torch-style APIs); other ranks are a `ValueError`.
pub fn mm(x1: &Tensor, x2: &Tensor) -> Result<Tensor> {
    if x1.ndim() != 2 || x2.ndim() != 2 {
        bail!(
            ValueError,
            "mm: expected two 2-D tensors, got shapes {} and {}",
            format_shape(x1.shape()),
            format_shape(x2.shape())
        );
    }
    matmul(x1, x2, None).map_err(|e| Error::new(e.kind, e.message.replacen("matmul", "mm", 1)))
}

/// Parses tensordot's `axes`: an int `n` (the last `n` dims of `x1` with the first `n` of
/// `x2`) or a pair of axis sequences (or of single axes).
pub(crate) fn tensordot_axes(axes: &Any, nd1: usize, nd2: usize) -> Result<(Vec<i64>, Vec<i64>)> {
    let bad = || {
        Error::type_error(format!(
            "tensordot() argument 'axes': expected an int or a pair of sequences of ints, got {}",
            axes.type_name()
        ))
    };
    if let Some(n) = axes.as_int() {
        if n < 0 || n as usize > nd1.min(nd2) {
            bail!(
                ValueError,
                "tensordot() argument 'axes': {n} is not in 0..={} for tensors of dimensions {nd1} and {nd2}",
                nd1.min(nd2)
            );
        }
        let n = n as usize;
        return Ok((((nd1 - n) as i64..nd1 as i64).collect(), (0..n as i64).collect()));
    }
    let pair = axes.downcast::<Array>().ok_or_else(bad)?;
    if pair.len() != 2 {
        return Err(bad());
    }
    let side = |item: &Any| -> Result<Vec<i64>> {
        if let Some(v) = item.as_int() {
            return Ok(vec![v]);
        }
        let list = item.downcast::<Array>().ok_or_else(bad)?;
        list.items().iter().map(|v| v.as_int().ok_or_else(bad)).collect()
    };
    Ok((side(&pair.items()[0])?, side(&pair.items()[1])?))
}

/// The tensor contraction of `x1` and `x2` over `axes` (an int, or a pair of axis lists).
///
/// Contracted dims must have equal sizes (`ValueError`); the result's dims are `x1`'s free
/// dims followed by `x2`'s, and the dtype is the promotion of both.
pub fn tensordot(x1: &Tensor, x2: &Tensor, axes: &Any) -> Result<Tensor> {
    let (ax1, ax2) = tensordot_axes(axes, x1.ndim(), x2.ndim())?;
    if ax1.len() != ax2.len() {
        bail!(
            ValueError,
            "tensordot() argument 'axes': the two axis lists differ in length ({} and {})",
            ax1.len(),
            ax2.len()
        );
    }
    let norm = |axes: &[i64], t: &Tensor| -> Result<Vec<usize>> {
        let v = crate::axes::normalize_axes("tensordot", "axes", Some(axes), t.ndim())?;
        Ok(v)
    };
    let (ax1, ax2) = (norm(&ax1, x1)?, norm(&ax2, x2)?);
    for (&a, &b) in ax1.iter().zip(&ax2) {
        if x1.shape()[a] != x2.shape()[b] {
            bail!(
                ValueError,
                "tensordot: shape mismatch for sum: dim {a} of x1 {} has size {} but dim {b} of x2 {} has size {}",
                format_shape(x1.shape()),
                x1.shape()[a],
                format_shape(x2.shape()),
                x2.shape()[b]
            );
        }
    }
    let free1: Vec<usize> = (0..x1.ndim()).filter(|d| !ax1.contains(d)).collect();
    let free2: Vec<usize> = (0..x2.ndim()).filter(|d| !ax2.contains(d)).collect();
    let size = |t: &Tensor, dims: &[usize]| dims.iter().map(|&d| t.shape()[d]).product::<i64>();
    let (m, k, n) = (size(x1, &free1), size(x1, &ax1), size(x2, &free2));
    let order1: Vec<usize> = free1.iter().chain(&ax1).copied().collect();
    let order2: Vec<usize> = ax2.iter().chain(&free2).copied().collect();
    let a = x1.permute(&order1)?.reshape(&[m, k])?;
    let b = x2.permute(&order2)?.reshape(&[k, n])?;
    let mut shape: Vec<i64> = free1.iter().map(|&d| x1.shape()[d]).collect();
    shape.extend(free2.iter().map(|&d| x2.shape()[d]));
    matmul(&a, &b, None).map_err(|e| Error::new(e.kind, e.message.replacen("matmul", "tensordot", 1)))?.reshape(&shape)
}

/// A product-sum of one vector pair, in the dtype itself: floats with 16 independent partial
/// sums (vectorised, and more accurate than one running sum), ints wrapping.
trait Dot: crate::dispatch::Elem {
    fn dot(a: &[Self], b: &[Self]) -> Self;
    /// `a + b` (wrapping for ints).
    fn sum2(a: Self, b: Self) -> Self;
    /// `a * b` (wrapping for ints).
    fn mul(a: Self, b: Self) -> Self;
}

/// `acc[i] += x[i] * y[i]`, compiled for AVX2 as well (the columns walk of [`rowwise_dots`]).
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn accumulate_products<T: Dot>(acc: &mut [T], x: &[T], y: &[T]) {
    for ((a, &p), &q) in acc.iter_mut().zip(x).zip(y) {
        *a = T::sum2(*a, T::mul(p, q));
    }
}

/// The product-sum of two equally long slices, 16 partial sums reduced pairwise at the end.
macro_rules! dot_lanes {
    ($t:ty, $a:expr, $b:expr) => {{
        let (a, b): (&[$t], &[$t]) = ($a, $b);
        let mut acc = [0.0 as $t; 16];
        let (ca, cb) = (a.chunks_exact(16), b.chunks_exact(16));
        let (ra, rb) = (ca.remainder(), cb.remainder());
        for (x, y) in ca.zip(cb) {
            for j in 0..16 {
                acc[j] += x[j] * y[j];
            }
        }
        let mut tail = 0.0 as $t;
        for (x, y) in ra.iter().zip(rb) {
            tail += x * y;
        }
        let mut width = 16;
        while width > 1 {
            width /= 2;
            for j in 0..width {
                acc[j] += acc[j + width];
            }
        }
        acc[0] + tail
    }};
}

#[multiversion::multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
fn dot_f32(a: &[f32], b: &[f32]) -> f32 {
    dot_lanes!(f32, a, b)
}

#[multiversion::multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx2+fma", "x86_64+avx2+fma", "aarch64+neon"))]
fn dot_f64(a: &[f64], b: &[f64]) -> f64 {
    dot_lanes!(f64, a, b)
}

macro_rules! dot_float_impl {
    ($($t:ty => $dot:ident),*) => {$(
        impl Dot for $t {
            #[inline]
            fn dot(a: &[Self], b: &[Self]) -> Self {
                $dot(a, b)
            }
            fn sum2(a: Self, b: Self) -> Self {
                a + b
            }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self {
                a * b
            }
        }
    )*};
}
dot_float_impl!(f32 => dot_f32, f64 => dot_f64);

impl Dot for i64 {
    #[inline]
    fn dot(a: &[Self], b: &[Self]) -> Self {
        a.iter().zip(b).fold(0i64, |acc, (&x, &y)| acc.wrapping_add(x.wrapping_mul(y)))
    }
    fn sum2(a: Self, b: Self) -> Self {
        a.wrapping_add(b)
    }
    #[inline(always)]
    fn mul(a: Self, b: Self) -> Self {
        a.wrapping_mul(b)
    }
}

/// The dot of `k` elements `step_x` and `step_y` apart, gathered [`DOT_BLOCK`] at a time into
/// buffers for [`Dot::dot`] (partial dots added in order).
///
/// # Safety
///
/// `x + i * step_x` and `y + i * step_y` for `i < k` are valid elements.
unsafe fn strided_dot<T: Dot>(x: *const T, step_x: usize, y: *const T, step_y: usize, k: usize) -> T {
    let mut bx = [T::default(); DOT_BLOCK];
    let mut by = [T::default(); DOT_BLOCK];
    let mut total = T::default();
    let mut start = 0;
    while start < k {
        let m = DOT_BLOCK.min(k - start);
        for i in 0..m {
            // SAFETY: the caller's contract (`start + i < k`).
            unsafe {
                bx[i] = *x.add((start + i) * step_x);
                by[i] = *y.add((start + i) * step_y);
            }
        }
        total = T::sum2(total, T::dot(&bx[..m], &by[..m]));
        start += m;
    }
    total
}

/// Elements per block of [`strided_dot`].
const DOT_BLOCK: usize = 256;

/// `vecdot` of real `a` and `b` (the reduced axis last in both, both of dtype `T`): one dot per
/// batch element, over the pool, written to a fresh tensor of shape `batch`. Rows with stride
/// 1 are read in place; strided rows (a transposed matrix) are gathered a block at a time.
/// `None` when a row is not in the memory order at all (a negative or zero stride).
fn rowwise_dots<T: Dot>(a: &Tensor, b: &Tensor, batch: &[i64]) -> Result<Option<Tensor>> {
    let k = a.shape()[a.ndim() - 1];
    let (sa, sb) = (a.strides()[a.ndim() - 1], b.strides()[b.ndim() - 1]);
    if k > 1 && (sa <= 0 || sb <= 0) {
        return Ok(None);
    }
    crate::creation::check_result_shape("vecdot", batch, T::DTYPE)?;
    let lead = |t: &Tensor| -> Result<Vec<i64>> {
        let mut full = batch.to_vec();
        full.push(k);
        let view = t.broadcast_to(&full)?;
        crate::index::layout_offsets(batch, &view.strides()[..batch.len()])
    };
    // SAFETY: every element is written below (an interrupt makes the check after it drop the
    // tensor unseen).
    let out = unsafe { Tensor::uninit(batch, T::DTYPE)? };
    let two_d = |t: &Tensor| t.ndim() == 2 && t.strides()[0] == 1 && t.shape()[0] == batch[0];
    if batch.len() == 1 && k > 1 && two_d(a) && two_d(b) {
        // Both rows strided, one batch dim of stride 1 (the rows of transposed matrices): the
        // dots are accumulated a column at a time, each column a contiguous run of the batch.
        columns_dots::<T>(a, b, &out, k as usize, (sa as usize, sb as usize));
        crate::interrupt::check()?;
        return Ok(Some(out));
    }
    let (offs_a, offs_b) = (lead(a)?, lead(b)?);
    let (pa, pb, po) =
        (crate::iter::SendPtr(a.data_ptr()), crate::iter::SendPtr(b.data_ptr()), crate::iter::SendPtr(out.data_ptr()));
    let k = k as usize;
    let per_task = ((1usize << 15) / k.max(1)).max(1);
    crate::pool::parallel_for(offs_a.len(), per_task, |r| {
        for i in r {
            // SAFETY: the offsets are those of `a`'s and `b`'s views broadcast to `batch + [k]`,
            // whose last dim has stride 1, so each row of `k` elements lies inside its tensor;
            // `out` is fresh with one element per batch item and this task owns items `r`.
            unsafe {
                let (x, y) = (
                    (pa.get() as *const T).offset(offs_a[i] as isize),
                    (pb.get() as *const T).offset(offs_b[i] as isize),
                );
                *(po.get() as *mut T).add(i) = if k <= 1 || (sa == 1 && sb == 1) {
                    T::dot(std::slice::from_raw_parts(x, k), std::slice::from_raw_parts(y, k))
                } else {
                    strided_dot(x, sa as usize, y, sb as usize, k)
                };
            }
        }
    });
    crate::interrupt::check()?;
    Ok(Some(out))
}

/// [`rowwise_dots`] for 2-D `a` and `b` of shape `(n, k)` with stride 1 along `n` (neither
/// broadcast): `out[i] = sum over j of a[i, j] * b[i, j]`, summed in `j` order for a block of
/// `i` at a time over the pool, each step one vector multiply-add over contiguous memory.
fn columns_dots<T: Dot>(a: &Tensor, b: &Tensor, out: &Tensor, k: usize, (sa, sb): (usize, usize)) {
    let n = out.numel() as usize;
    let (pa, pb, po) =
        (crate::iter::SendPtr(a.data_ptr()), crate::iter::SendPtr(b.data_ptr()), crate::iter::SendPtr(out.data_ptr()));
    crate::pool::parallel_for(n, ((1usize << 15) / k).max(64), |r| {
        // SAFETY: `a` and `b` have shape `(n, k)` with strides `(1, sa)` and `(1, sb)`, so row
        // `j`'s elements `r` lie inside them; `out` is fresh, `n` long, and this task owns `r`.
        unsafe {
            let acc = std::slice::from_raw_parts_mut((po.get() as *mut T).add(r.start), r.len());
            acc.fill(T::default());
            for j in 0..k {
                let x = std::slice::from_raw_parts((pa.get() as *const T).add(j * sa + r.start), r.len());
                let y = std::slice::from_raw_parts((pb.get() as *const T).add(j * sb + r.start), r.len());
                accumulate_products(acc, x, y);
            }
        }
    });
}

/// The dot product of vectors along `axis` (counted from the end; `-1` by default), with the
/// other dims broadcast: `sum(conj(x1) * x2, axis)`. Sizes along `axis` must match.
pub fn vecdot(x1: &Tensor, x2: &Tensor, axis: i64) -> Result<Tensor> {
    let shapes = || format!("{} and {}", format_shape(x1.shape()), format_shape(x2.shape()));
    if x1.ndim() == 0 || x2.ndim() == 0 {
        bail!(ValueError, "vecdot: operands must have at least one dimension, got shapes {}", shapes());
    }
    let n = x1.ndim().min(x2.ndim());
    let from_end = if axis < 0 {
        axis
    } else if x1.ndim() == x2.ndim() {
        axis - n as i64
    } else {
        -(n as i64) - 1
    };
    if from_end < -(n as i64) || from_end >= 0 {
        bail!(
            ValueError,
            "vecdot() argument 'axis': axis {axis} is out of bounds for tensors of shapes {} (expected -{n}..=-1)",
            shapes()
        );
    }
    let last = |t: &Tensor| -> Result<Tensor> {
        let a = normalize_axis("vecdot", "axis", from_end, t.ndim())?;
        let mut order: Vec<usize> = (0..t.ndim()).filter(|&d| d != a).collect();
        order.push(a);
        t.permute(&order)
    };
    let (a, b) = (last(x1)?, last(x2)?);
    let (ka, kb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if ka != kb {
        bail!(ValueError, "vecdot: shapes {} differ along axis {axis}: {ka} != {kb}", shapes());
    }
    let batch = broadcast_shapes(&a.shape()[..a.ndim() - 1], &b.shape()[..b.ndim() - 1])
        .map_err(|_| Error::value_error(format!("vecdot: shapes {} could not be broadcast together", shapes())))?;
    let dtype = crate::promote::result_type(x1.dtype(), x2.dtype());
    if a.dtype() == dtype && b.dtype() == dtype {
        let direct = match dtype {
            DType::Float32 => rowwise_dots::<f32>(&a, &b, &batch)?,
            DType::Float64 => rowwise_dots::<f64>(&a, &b, &batch)?,
            DType::Int64 => rowwise_dots::<i64>(&a, &b, &batch)?,
            _ => None,
        };
        if let Some(out) = direct {
            return Ok(out);
        }
    }
    let mut full = batch.clone();
    full.extend([1, 1]);
    crate::creation::check_result_shape("vecdot", &full, dtype)?;
    let out = Tensor::zeros(&full, dtype)?;
    let rows = a.expand_dims(a.ndim() - 1)?;
    let cols = b.expand_dims(b.ndim())?;
    product_into(&rows, &cols, &batch, &out, true)?;
    out.reshape(&batch)
}
