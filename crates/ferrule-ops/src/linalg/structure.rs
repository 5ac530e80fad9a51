//! The linalg extension's functions that need no factorization: `linalg.cross`, `outer`,
//! `diagonal` and `trace`, built on views and the elementwise ops (so every numeric dtype, with
//! the usual promotion and integer wrapping).

use ferrule_core::tensor::{broadcast_shapes, format_shape};
use ferrule_core::{bail, DType, Error, Result, Tensor};

use super::lu::rename;
use crate::axes::normalize_axis;
use crate::elementwise::{multiply, subtract};
use crate::operand::Operand;

/// The cross product of 3-element vectors along `axis` of `x1` and `x2` (counted from the end:
/// `-1`, the default, is the last dim; a non-negative axis only when both have the same number
/// of dims), the other dims broadcast. The result has the broadcast shape, the vectors along
/// the same `axis`, and the promoted dtype (integers wrap); bool is a `TypeError`.
pub fn cross(x1: &Tensor, x2: &Tensor, axis: i64) -> Result<Tensor> {
    const OP: &str = "linalg.cross";
    let shapes = || format!("{} and {}", format_shape(x1.shape()), format_shape(x2.shape()));
    for (name, t) in [("x1", x1), ("x2", x2)] {
        if t.dtype().is_bool() {
            bail!(TypeError, "{OP}() argument '{name}': dtype bool is not accepted (expected a numeric dtype)");
        }
        if t.ndim() == 0 {
            bail!(ValueError, "{OP}() argument '{name}': expected at least one dimension, got a 0-d tensor");
        }
    }
    let n = x1.ndim().min(x2.ndim()) as i64;
    let from_end = if axis < 0 {
        axis
    } else if x1.ndim() == x2.ndim() {
        axis - n
    } else {
        -n - 1
    };
    if from_end < -n || from_end >= 0 {
        bail!(
            ValueError,
            "{OP}() argument 'axis': axis {axis} is out of bounds for tensors of shapes {} (expected -{n}..=-1)",
            shapes()
        );
    }
    let last = |t: &Tensor| -> Result<Tensor> {
        let a = normalize_axis(OP, "axis", from_end, t.ndim())?;
        let mut order: Vec<usize> = (0..t.ndim()).filter(|&d| d != a).collect();
        order.push(a);
        t.permute(&order)
    };
    let (a, b) = (last(x1)?, last(x2)?);
    let (la, lb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if la != 3 || lb != 3 {
        bail!(ValueError, "{OP}: the vectors along axis {axis} must have 3 elements, got shapes {}", shapes());
    }
    broadcast_shapes(&a.shape()[..a.ndim() - 1], &b.shape()[..b.ndim() - 1])
        .map_err(|_| Error::value_error(format!("{OP}: shapes {} could not be broadcast together", shapes())))?;
    let part = |t: &Tensor, i: i64| -> Result<Operand> { Ok(Operand::Tensor(t.select(t.ndim() - 1, i)?)) };
    let (a0, a1, a2) = (part(&a, 0)?, part(&a, 1)?, part(&a, 2)?);
    let (b0, b1, b2) = (part(&b, 0)?, part(&b, 1)?, part(&b, 2)?);
    let component = |p: &Operand, q: &Operand, r: &Operand, s: &Operand| -> Result<Tensor> {
        let left = multiply(p, q, None)?;
        let right = multiply(r, s, None)?;
        subtract(&Operand::Tensor(left), &Operand::Tensor(right), None)
    };
    let parts = [component(&a1, &b2, &a2, &b1)?, component(&a2, &b0, &a0, &b2)?, component(&a0, &b1, &a1, &b0)?];
    let stacked = crate::manipulate::stack(&parts, -1).map_err(|e| rename(e, "stack", OP))?;
    let ndim = stacked.ndim() as i64;
    crate::manipulate::moveaxis(&stacked, &[-1], &[ndim + from_end])?.contiguous()
}

/// The outer product of two vectors: `out[i, j] = x1[i] * x2[j]`, shape `(len(x1), len(x2))`,
/// the promoted dtype.
pub fn outer(x1: &Tensor, x2: &Tensor) -> Result<Tensor> {
    const OP: &str = "linalg.outer";
    for (name, t) in [("x1", x1), ("x2", x2)] {
        if t.ndim() != 1 {
            bail!(ValueError, "{OP}() argument '{name}': expected a 1-D tensor, got shape {}", format_shape(t.shape()));
        }
    }
    multiply(&Operand::Tensor(x1.expand_dims(1)?), &Operand::Tensor(x2.expand_dims(0)?), None)
        .map_err(|e| rename(e, "multiply", OP))
}

/// The view of the `offset` diagonal of the last two dims of `x` (`(..., k)`), which may be
/// empty; its strides step one row and one column at a time.
fn diagonal_view(op: &str, x: &Tensor, offset: i64) -> Result<Tensor> {
    let n = x.ndim();
    if n < 2 {
        bail!(
            ValueError,
            "{op}() argument 'x': expected a matrix or a stack of matrices (at least 2 dims), got shape {}",
            format_shape(x.shape())
        );
    }
    let (rows, cols) = (x.shape()[n - 2], x.shape()[n - 1]);
    let (rs, cs) = (x.strides()[n - 2], x.strides()[n - 1]);
    let (row0, col0) = if offset >= 0 { (0, offset) } else { (offset.unsigned_abs().min(i64::MAX as u64) as i64, 0) };
    let len = (rows.saturating_sub(row0)).min(cols.saturating_sub(col0)).max(0);
    let mut shape = x.shape()[..n - 2].to_vec();
    shape.push(len);
    let mut strides = x.strides()[..n - 2].to_vec();
    strides.push(rs + cs);
    let start = if len > 0 { x.offset() + row0 * rs + col0 * cs } else { x.offset() };
    // SAFETY: the view reaches only elements of `x` (diagonal entries inside its matrices, or
    // none), which are valid elements of its dtype for as long as the storage lives.
    unsafe { Tensor::from_storage(x.storage().clone(), shape, strides, start, x.dtype()) }
}

/// The `offset` diagonal of each matrix of `x` (`0`: the main one, positive: above it,
/// negative: below), shape `(..., k)`, as a new tensor of `x`'s dtype.
pub fn diagonal(x: &Tensor, offset: i64) -> Result<Tensor> {
    diagonal_view("linalg.diagonal", x, offset)?.contiguous()
}

/// The sum of the `offset` diagonal of each matrix of `x`, shape `x.shape[:-2]`. Without
/// `dtype`, the result has `x`'s dtype, except that bool and signed integers sum in int64 and
/// unsigned integers in uint64 (as `sum`); with `dtype`, `x` is cast to it first.
pub fn trace(x: &Tensor, offset: i64, dtype: Option<DType>) -> Result<Tensor> {
    const OP: &str = "linalg.trace";
    let diag = diagonal_view(OP, x, offset)?;
    crate::reduce::sum(&diag, Some(&[-1]), dtype, false).map_err(|e| rename(e, "sum", OP))
}
