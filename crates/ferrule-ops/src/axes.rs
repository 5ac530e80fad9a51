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

#[cfg(test)]
mod tests {
    use super::*;
    use ferrule_core::ErrorKind;

    #[test]
    fn normalizes() {
        assert_eq!(normalize_axis("sum", "axis", -1, 3).unwrap(), 2);
        assert_eq!(normalize_axis("sum", "axis", 0, 1).unwrap(), 0);
        let err = normalize_axis("sum", "axis", 3, 2).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ValueError);
        assert_eq!(err.message, "sum() argument 'axis': axis 3 is out of bounds for tensor of dimension 2");
        assert!(normalize_axis("sum", "axis", -3, 2).is_err());
        assert!(normalize_axis("sum", "axis", 0, 0).is_err());
    }

    #[test]
    fn axes_lists() {
        assert_eq!(normalize_axes("sum", "axis", None, 3).unwrap(), [0, 1, 2]);
        assert_eq!(normalize_axes("sum", "axis", Some(&[-1, 0]), 3).unwrap(), [2, 0]);
        let err = normalize_axes("sum", "axis", Some(&[1, -2]), 3).unwrap_err();
        assert_eq!(err.message, "sum() argument 'axis': repeated axis -2");
        assert!(normalize_axes("sum", "axis", Some(&[]), 0).unwrap().is_empty());
    }
}
