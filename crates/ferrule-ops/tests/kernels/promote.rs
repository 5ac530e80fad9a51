//! Type promotion (`ferrule_ops::promote`): the Array API table and `can_cast`.

use ferrule_core::DType;
use ferrule_core::DType::*;

use ferrule_ops::promote::*;

#[test]
fn array_api_table() {
    let cases = [
        (Int8, Int16, Int16),
        (Int8, UInt8, Int16),
        (UInt8, Int16, Int16),
        (UInt16, Int8, Int32),
        (UInt32, Int32, Int64),
        (UInt32, Int64, Int64),
        (UInt64, Int64, Float64),
        (UInt64, Int8, Float64),
        (UInt8, UInt32, UInt32),
        (Float32, Float64, Float64),
        (Complex64, Float64, Complex128),
        (Complex64, Float32, Complex64),
        (Bool, Int8, Int8),
        (Bool, Float16, Float16),
        (Bool, Bool, Bool),
        (Int64, Float32, Float64),
        (Int8, Float16, Float16),
        (Int16, Float16, Float32),
        (UInt16, Float32, Float32),
        (Int32, Float32, Float64),
        (Int32, Complex64, Complex128),
        (Int16, Complex64, Complex64),
        (Float16, BFloat16, Float32),
        (Int8, BFloat16, BFloat16),
        (Int16, BFloat16, Float32),
    ];
    for (a, b, want) in cases {
        assert_eq!(result_type(a, b), want, "{a} + {b}");
        assert_eq!(result_type(b, a), want, "{b} + {a}");
    }
}

#[test]
fn promotion_is_commutative_and_casts_safely() {
    for a in DType::ALL {
        for b in DType::ALL {
            let r = result_type(a, b);
            assert_eq!(r, result_type(b, a));
            assert!(can_cast(a, r) && can_cast(b, r), "{a} {b} -> {r}");
        }
    }
    assert!(can_cast(Int64, Float64));
    assert!(!can_cast(UInt64, Int64));
    assert!(!can_cast(Float64, Float32));
    assert!(!can_cast(Complex64, Float64));
    assert!(!can_cast(Int8, Bool));
    assert!(can_cast(Bool, Complex64));
    assert_eq!(result_type_many(&[Int8, UInt8, Float16]), Some(Float32));
    assert_eq!(result_type_many(&[]), None);
}

#[test]
fn categories() {
    assert!(is_numeric(Int8) && !is_numeric(Bool));
    assert!(is_integral_or_bool(Bool) && !is_integral(Bool));
    assert!(is_floating(Complex64) && !is_real_floating(Complex64));
    assert_eq!(real_dtype(Complex64), Float32);
    let err = check_dtype("exp", Int8, is_floating, "a floating-point dtype").unwrap_err();
    assert_eq!(err.message, "exp: dtype int8 is not accepted (expected a floating-point dtype)");
}
