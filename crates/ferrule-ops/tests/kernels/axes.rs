//! Axis normalization (`ferrule_ops::axes`): single axes and axis lists.

use ferrule_core::ErrorKind;

use ferrule_ops::axes::*;

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
