//! Axis arguments: negative-index normalisation, bounds and duplicate checks with named errors.

use ferrule_core::{Error, Result};

/// `axis` in `-ndim..ndim` as a non-negative index.
///
/// Out of range is a `ValueError`: `"sum() argument 'axis': axis 3 is out of bounds for
/// tensor of dimension 2"`.
pub fn normalize_axis(op: &str, arg_name: &str, axis: i64, ndim: usize) -> Result<usize> {
    let n = ndim as i64;
    if axis < -n || axis >= n {
        return Err(Error::value_error(format!(
            "{op}() argument '{arg_name}': axis {axis} is out of bounds for tensor of dimension {ndim}"
        )));
    }
    Ok(if axis < 0 { axis + n } else { axis } as usize)
}

/// Normalises every axis of `axes` (each as [`normalize_axis`]); `None` means all axes
/// `0..ndim`. The result keeps the given order; a repeated axis is a `ValueError`
/// (`"sum() argument 'axis': repeated axis 1"`).
pub fn normalize_axes(op: &str, arg_name: &str, axes: Option<&[i64]>, ndim: usize) -> Result<Vec<usize>> {
    let Some(axes) = axes else {
        return Ok((0..ndim).collect());
    };
    let mut seen = vec![false; ndim];
    let mut out = Vec::with_capacity(axes.len());
    for &axis in axes {
        let a = normalize_axis(op, arg_name, axis, ndim)?;
        if std::mem::replace(&mut seen[a], true) {
            return Err(Error::value_error(format!("{op}() argument '{arg_name}': repeated axis {axis}")));
        }
        out.push(a);
    }
    Ok(out)
}
