//! The dtype dispatch macros and element conversions (`ferrule_ops::dispatch`).

use ferrule_core::{Complex32, DType, Element, F16};
use num_complex::Complex;

use ferrule_ops::dispatch::*;
use ferrule_ops::{dispatch_all, dispatch_complex, dispatch_float, dispatch_int, dispatch_numeric, dispatch_real};

#[test]
fn dispatch_binds_types() {
    for dtype in DType::ALL {
        let size = dispatch_all!(dtype, T => { std::mem::size_of::<T>() });
        assert_eq!(size, dtype.itemsize());
        let is_float = dispatch_float!(dtype, T => { let _ = T::default(); true }, _ => false);
        assert_eq!(is_float, dtype.is_floating());
        let is_int = dispatch_int!(dtype, T => { T::DTYPE.is_integer() }, _ => false);
        assert_eq!(is_int, dtype.is_integer());
        let is_c = dispatch_complex!(dtype, T => { true }, _ => false);
        assert_eq!(is_c, dtype.is_complex());
        let n = dispatch_numeric!(dtype, T => { true }, _ => false);
        assert_eq!(n, !dtype.is_bool());
        let r = dispatch_real!(dtype, T => { true }, _ => false);
        assert_eq!(r, dtype.is_integer() || dtype.is_floating());
    }
}

#[test]
fn conversions() {
    assert_eq!(i8::from_i64(300), 44);
    assert_eq!(u8::from_i64(-1), 255);
    assert_eq!(i32::from_f64(-2.9), -2);
    assert_eq!(i64::from_f64(f64::NAN), i64::MIN);
    assert_eq!(u64::from_f64(1e19), 10_000_000_000_000_000_000);
    assert_eq!(F16::from_f64(1.0).to_f32(), 1.0);
    // 1 + 2^-11 + 2^-40 rounds up in one step; naive f64->f32->f16 would tie to even.
    let v = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
    assert_eq!(F16::from_f64(v).to_f32(), 1.0 + 2f32.powi(-10));
    assert!(Complex32::from_c64(Complex::new(1.0, 2.0)).im == 2.0);
    assert!(f64::NAN.to_bool());
}
