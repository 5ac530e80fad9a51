//! `linalg.vector_norm` and `linalg.matrix_norm` (every `ord`), built on the reductions and, for
//! `2`, `-2` and `'nuc'`, on the singular values.

use ferrule_core::{bail, DType, Element, Error, Result, Tensor};
use ferrule_registry::Any;

use crate::dispatch::Elem;
use crate::iter::{map_unary, MIN_PER_TASK_CHEAP};
use crate::reduce::{self, cast_tensor};

/// The dtype a norm returns: float64 for bool and ints, the real dtype for complex, else the
/// input's float dtype.
fn norm_dtype(dtype: DType) -> DType {
    if dtype.is_bool() || dtype.is_integer() {
        DType::Float64
    } else {
        crate::promote::real_dtype(dtype)
    }
}

/// `f(|x|)` element by element, as a float64 tensor of `x`'s shape.
fn abs_map(x: &Tensor, f: impl Fn(f64) -> f64 + Sync) -> Result<Tensor> {
    if !x.is_contiguous() {
        if let Some(perm) = crate::iter::dense_order(x) {
            // a transposed matrix: map it in memory order, then give the dims back their order
            let mapped = abs_map_in_order(&x.permute(&perm)?, &f)?;
            return mapped.permute(&crate::iter::inverse_permutation(&perm));
        }
    }
    abs_map_in_order(x, &f)
}

/// [`abs_map`] into a C-contiguous result, walking `x` in C order.
fn abs_map_in_order(x: &Tensor, f: &(impl Fn(f64) -> f64 + Sync)) -> Result<Tensor> {
    // SAFETY: `map_unary` writes every element of `out` before it is returned.
    let out = unsafe { Tensor::uninit(x.shape(), DType::Float64)? };
    crate::dispatch_all!(x.dtype(), T => {
        map_unary::<T, f64, _>(x, &out, MIN_PER_TASK_CHEAP, |xs, os| {
            for (o, &v) in os.iter_mut().zip(xs) {
                let magnitude = if T::DTYPE.is_complex() { v.to_c64().norm() } else { v.to_f64().abs() };
                *o = f(magnitude);
            }
        })
    });
    Ok(out)
}

/// Applies `f` to every element of a fresh float64 tensor in place.
fn apply(t: &Tensor, f: impl Fn(f64) -> f64) -> Result<()> {
    // SAFETY: callers pass tensors they just created and have not shared.
    let data = unsafe { t.as_mut_slice::<f64>()? };
    data.iter_mut().for_each(|v| *v = f(*v));
    Ok(())
}

/// The vector `ord`-norm over `axis` (all dims for `None`): `ord` is any float, with `inf` the
/// largest magnitude, `-inf` the smallest, `0` the count of non-zeros, and otherwise
/// `sum(|x|^ord)^(1/ord)`. Returns the real float dtype of `x` (float64 for ints).
pub fn vector_norm(x: &Tensor, axis: Option<&[i64]>, keepdims: bool, ord: f64) -> Result<Tensor> {
    if ord.is_nan() {
        bail!(ValueError, "linalg.vector_norm() argument 'ord': expected a number, got nan");
    }
    let result = if ord.is_infinite() {
        let magnitudes = abs_map(x, |v| v)?;
        let reduced =
            if ord > 0.0 { reduce::max(&magnitudes, axis, keepdims) } else { reduce::min(&magnitudes, axis, keepdims) };
        reduced.map_err(|e| {
            Error::new(
                e.kind,
                e.message.replacen("max", "linalg.vector_norm", 1).replacen("min", "linalg.vector_norm", 1),
            )
        })?
    } else if ord == 0.0 {
        let count = reduce::count_nonzero(x, axis, keepdims)?;
        cast_tensor(&count, DType::Float64)?
    } else if ord == 1.0 {
        reduce::sum(&abs_map(x, |v| v)?, axis, None, keepdims)?
    } else if ord == 2.0 {
        let sums = reduce::sum(&abs_map(x, |v| v * v)?, axis, None, keepdims)?;
        apply(&sums, f64::sqrt)?;
        sums
    } else {
        let sums = reduce::sum(&abs_map(x, |v| v.powf(ord))?, axis, None, keepdims)?;
        apply(&sums, |s| s.powf(1.0 / ord))?;
        sums
    };
    cast_tensor(&result, norm_dtype(x.dtype()))?.contiguous()
}

/// The order of a matrix norm.
pub(crate) enum MatrixOrd {
    Frobenius,
    /// Largest (`true`) or smallest absolute column sum.
    Columns(bool),
    /// Largest (`true`) or smallest absolute row sum.
    Rows(bool),
    /// Largest (`true`, the spectral norm) or smallest singular value.
    Singular(bool),
    /// The sum of the singular values.
    Nuclear,
}

pub(crate) fn matrix_ord(ord: &Any) -> Result<MatrixOrd> {
    if let Some(name) = ord.as_str() {
        return match name {
            "fro" => Ok(MatrixOrd::Frobenius),
            "nuc" => Ok(MatrixOrd::Nuclear),
            other => bail!(
                ValueError,
                "linalg.matrix_norm() argument 'ord': expected 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, got '{other}'"
            ),
        };
    }
    let Some(p) = ord.as_float().filter(|_| ord.as_bool().is_none()) else {
        bail!(TypeError, "linalg.matrix_norm() argument 'ord': expected a str or a number, got {}", ord.type_name());
    };
    match p {
        1.0 => Ok(MatrixOrd::Columns(true)),
        -1.0 => Ok(MatrixOrd::Columns(false)),
        f64::INFINITY => Ok(MatrixOrd::Rows(true)),
        f64::NEG_INFINITY => Ok(MatrixOrd::Rows(false)),
        2.0 => Ok(MatrixOrd::Singular(true)),
        -2.0 => Ok(MatrixOrd::Singular(false)),
        other => bail!(
            ValueError,
            "linalg.matrix_norm() argument 'ord': expected 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, got {other}"
        ),
    }
}

/// The matrix norm of the last two dims of `x` (a stack of matrices): `ord` is `'fro'`
/// (default, the square root of the sum of squared magnitudes), `1` / `-1` (largest /
/// smallest absolute column sum), `inf` / `-inf` (rows), `2` / `-2` (largest / smallest
/// singular value) or `'nuc'` (their sum). Returns the real float dtype of `x` (float64 for
/// bool and integers); `keepdims` keeps the two dims as size 1. The largest or smallest of no
/// values (an empty matrix with `1`, `inf`, `2` and their negatives) is a `ValueError`.
pub fn matrix_norm(x: &Tensor, keepdims: bool, ord: &Any) -> Result<Tensor> {
    super::dense::matrix_dims("linalg.matrix_norm", "x", x, false)?;
    let ord = matrix_ord(ord)?;
    let named = |e: Error| {
        Error::new(e.kind, e.message.replacen("max", "linalg.matrix_norm", 1).replacen("min", "linalg.matrix_norm", 1))
    };
    let result = match ord {
        MatrixOrd::Singular(_) | MatrixOrd::Nuclear => {
            let values = super::spectral::singular_values_for_norm("linalg.matrix_norm", x)?;
            let reduced = match ord {
                MatrixOrd::Singular(true) => reduce::max(&values, Some(&[-1]), false).map_err(named)?,
                MatrixOrd::Singular(false) => reduce::min(&values, Some(&[-1]), false).map_err(named)?,
                _ => reduce::sum(&values, Some(&[-1]), None, false)?,
            };
            if keepdims {
                let mut shape = reduced.shape().to_vec();
                shape.extend([1, 1]);
                reduced.reshape(&shape)?
            } else {
                reduced
            }
        }
        MatrixOrd::Frobenius => {
            let sums = reduce::sum(&abs_map(x, |v| v * v)?, Some(&[-2, -1]), None, keepdims)?;
            apply(&sums, f64::sqrt)?;
            sums
        }
        MatrixOrd::Columns(largest) | MatrixOrd::Rows(largest) => {
            // Column sums reduce the rows (-2); row sums reduce the columns (-1), after which
            // the rows sit at -2 when kept and at -1 when not.
            let (sum_axis, pick_axis) =
                if matches!(ord, MatrixOrd::Columns(_)) { (-2, -1) } else { (-1, if keepdims { -2 } else { -1 }) };
            let sums = reduce::sum(&abs_map(x, |v| v)?, Some(&[sum_axis]), None, keepdims)?;
            if largest {
                reduce::max(&sums, Some(&[pick_axis]), keepdims).map_err(named)?
            } else {
                reduce::min(&sums, Some(&[pick_axis]), keepdims).map_err(named)?
            }
        }
    };
    cast_tensor(&result, norm_dtype(x.dtype()))?.contiguous()
}
