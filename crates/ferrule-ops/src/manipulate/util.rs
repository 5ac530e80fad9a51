//! Helpers shared by the manipulation, indexing, sorting and set kernels: axis checks, error prefixes, casting copies.

use ferrule_core::{DType, Error, Result, Tensor};
use ferrule_registry::{Any, Array};

/// An error mapper that prefixes core messages with the op name (`"reshape: ..."`).
pub(crate) fn prefixed(op: &'static str) -> impl Fn(Error) -> Error {
    move |e| Error { message: format!("{op}: {}", e.message), ..e }
}

pub(crate) use crate::axes::normalize_axis as norm_axis;

/// Every axis of a required list normalised by [`crate::axes::normalize_axes`].
pub(crate) fn norm_axes(op: &str, arg: &str, axes: &[i64], ndim: usize) -> Result<Vec<usize>> {
    crate::axes::normalize_axes(op, arg, Some(axes), ndim)
}

/// The promoted dtype of non-empty `tensors`.
pub(crate) fn common_dtype(tensors: &[Tensor]) -> DType {
    let dtypes: Vec<DType> = tensors.iter().map(Tensor::dtype).collect();
    crate::promote::result_type_many(&dtypes).unwrap_or(DType::Float64)
}

/// An int or an Array of ints held by an `Any` argument (e.g. `roll`'s `shift`).
pub(crate) fn int_list_arg(op: &str, arg: &str, value: &Any) -> Result<Vec<i64>> {
    let bad = || {
        Error::type_error(format!(
            "{op}() argument '{arg}': expected an int or a tuple of ints, got {}",
            value.type_name()
        ))
    };
    if value.as_bool().is_some() {
        return Err(bad());
    }
    if let Some(v) = value.as_int() {
        return Ok(vec![v]);
    }
    let array = value.downcast::<Array>().ok_or_else(bad)?;
    array
        .items()
        .iter()
        .map(|item| match (item.as_bool(), item.as_int()) {
            (None, Some(v)) => Ok(v),
            _ => Err(bad()),
        })
        .collect()
}

/// A C-contiguous copy of `src` converted to `dtype` (numpy's `astype(casting="unsafe")`).
pub(crate) fn cast(src: &Tensor, dtype: DType) -> Result<Tensor> {
    crate::elementwise::cast_to(src, dtype)
}
