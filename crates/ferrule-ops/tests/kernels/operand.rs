//! Operands and scalars (`ferrule_ops::operand`): weak scalars, complex scalars, conversion to tensors, errors.

use ferrule_core::{DType, ErrorKind, Tensor};
use num_complex::Complex;

use ferrule_ops::operand::*;

fn t(dtype: DType) -> Operand {
    Operand::Tensor(Tensor::zeros(&[2], dtype).unwrap())
}

#[test]
fn weak_scalars_take_the_tensor_dtype() {
    let cases = [
        (DType::Int8, Scalar::Int(3), DType::Int8),
        (DType::Float32, Scalar::Int(3), DType::Float32),
        (DType::Int32, Scalar::Float(0.5), DType::Float64),
        (DType::Float16, Scalar::Float(0.5), DType::Float16),
        (DType::Bool, Scalar::Int(1), DType::Int64),
        (DType::Bool, Scalar::Float(1.0), DType::Float64),
        (DType::UInt8, Scalar::Bool(true), DType::UInt8),
        (DType::Complex64, Scalar::Float(2.0), DType::Complex64),
        (DType::Float32, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex64),
        (DType::Float64, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex128),
        (DType::Float16, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex64),
        (DType::BFloat16, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex64),
        (DType::Complex64, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex64),
        (DType::Int8, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex128),
        (DType::UInt64, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex128),
        (DType::Bool, Scalar::Complex(Complex::new(0.0, 1.0)), DType::Complex128),
    ];
    for (tensor, scalar, want) in cases {
        let (x, s) = (t(tensor), Operand::Scalar(scalar));
        let (a, b) = resolve_pair("add", &x, &s).unwrap();
        assert_eq!((a.dtype(), b.dtype()), (tensor, want));
        let (b, a) = resolve_pair("add", &s, &x).unwrap();
        assert_eq!((a.dtype(), b.dtype()), (tensor, want));
        assert_eq!(b.ndim(), 0);
    }
}

#[test]
fn errors() {
    let s = Operand::Scalar(Scalar::Int(1));
    let err = resolve_pair("add", &s, &s).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "add: at least one of x1, x2 must be a tensor");
    let err = resolve_pair("add", &t(DType::UInt8), &Operand::Scalar(Scalar::Int(300))).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OverflowError);
    assert_eq!(err.message, "add: Python integer 300 out of bounds for uint8");
    assert!(resolve_pair("add", &t(DType::UInt8), &Operand::Scalar(Scalar::Int(-1))).is_err());
    assert!(resolve_pair("add", &t(DType::Int8), &Operand::Scalar(Scalar::Int(-128))).is_ok());
}

#[test]
fn complex_scalars_keep_both_parts_and_refuse_real_dtypes() {
    let z = Scalar::Complex(Complex::new(1.5, -2.0));
    let t = z.to_tensor("full", DType::Complex64).unwrap();
    assert_eq!(t.to_vec::<ferrule_core::Complex32>().unwrap()[0], ferrule_core::Complex32 { re: 1.5, im: -2.0 });
    assert_eq!(z.to_tensor("full", DType::Bool).unwrap().to_vec::<bool>().unwrap(), [true]);
    let err = z.to_tensor("full", DType::Float64).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "full: cannot convert a complex scalar to float64 (it would drop the imaginary part)");
    assert_eq!(Operand::Scalar(z).to_tensor(None).unwrap().dtype(), DType::Complex128);
    assert_eq!(
        (z.kind(), z.as_c64(), Scalar::Int(2).as_c64()),
        ("complex", Complex::new(1.5, -2.0), Complex::new(2.0, 0.0))
    );
}

#[test]
fn to_tensor_and_many() {
    let x = Operand::Scalar(Scalar::Float(2.5)).to_tensor(None).unwrap();
    assert_eq!(x.to_vec::<f64>().unwrap(), [2.5]);
    let x = Operand::Scalar(Scalar::Int(2)).to_tensor(Some(DType::Float32)).unwrap();
    assert_eq!(x.to_vec::<f32>().unwrap(), [2.0]);
    let v = resolve_many("where", &["x1", "x2"], &[&t(DType::Float32), &Operand::Scalar(Scalar::Int(1))]).unwrap();
    assert_eq!(v[1].dtype(), DType::Float32);
    let s = Operand::Scalar(Scalar::Int(1));
    let err = resolve_many("clip", &["x", "min"], &[&s, &s]).unwrap_err();
    assert_eq!(err.message, "clip: at least one of x, min must be a tensor");
}
