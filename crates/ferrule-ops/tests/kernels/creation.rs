//! Creation ops (`ferrule_ops::creation`): `arange`, `linspace`, `eye`, filled tensors, `meshgrid`, triangles, and their errors.

use ferrule_core::{DType, Device, ErrorKind, Tensor};

use ferrule_ops::creation::*;
use ferrule_ops::dispatch::Elem;
use ferrule_ops::operand::Scalar;

fn f64s(t: &Tensor) -> Vec<f64> {
    ferrule_ops::dispatch_all!(t.dtype(), T => { t.to_vec::<T>().unwrap().into_iter().map(|v| v.to_f64()).collect() })
}

#[test]
fn arange_matches_numpy() {
    let t = arange(Scalar::Int(5), None, Scalar::Int(1), None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<i64>().unwrap()), (DType::Int64, vec![0, 1, 2, 3, 4]));
    let t = arange(Scalar::Int(10), Some(Scalar::Int(1)), Scalar::Int(-3), None, None).unwrap();
    assert_eq!(t.to_vec::<i64>().unwrap(), [10, 7, 4]);
    let t = arange(Scalar::Int(1), Some(Scalar::Int(10)), Scalar::Int(3), None, None).unwrap();
    assert_eq!(t.to_vec::<i64>().unwrap(), [1, 4, 7]);
    assert_eq!(arange(Scalar::Int(3), Some(Scalar::Int(1)), Scalar::Int(1), None, None).unwrap().shape(), [0]);
    // np.arange(-3, 3, 0.5, dtype=int)
    let t = arange(Scalar::Int(-3), Some(Scalar::Int(3)), Scalar::Float(0.5), Some(DType::Int64), None).unwrap();
    assert_eq!(t.to_vec::<i64>().unwrap(), [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // np.arange(0, 1, 0.1, dtype=np.float32)[-1] == 0.90000004 (float32 arithmetic)
    let t = arange(Scalar::Int(0), Some(Scalar::Int(1)), Scalar::Float(0.1), Some(DType::Float32), None).unwrap();
    let v = t.to_vec::<f32>().unwrap();
    assert_eq!(v.len(), 10);
    assert_eq!(v[9], 0.90000004f32);
    let t = arange(Scalar::Float(0.0), Some(Scalar::Float(1.0)), Scalar::Float(0.25), None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<f64>().unwrap()), (DType::Float64, vec![0.0, 0.25, 0.5, 0.75]));
    let t = arange(Scalar::Int(0), Some(Scalar::Int(4)), Scalar::Int(1), Some(DType::Float16), None).unwrap();
    assert_eq!(f64s(&t), [0.0, 1.0, 2.0, 3.0]);
    let t = arange(Scalar::Int(250), Some(Scalar::Int(260)), Scalar::Int(4), Some(DType::UInt8), None).unwrap();
    assert_eq!(t.to_vec::<u8>().unwrap(), [250, 254, 2]);
}

#[test]
fn arange_errors() {
    let err = arange(Scalar::Int(0), Some(Scalar::Int(4)), Scalar::Int(0), None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ZeroDivisionError);
    let err =
        arange(Scalar::Float(0.0), Some(Scalar::Float(f64::INFINITY)), Scalar::Float(1.0), None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(arange(Scalar::Float(0.0), Some(Scalar::Float(f64::NAN)), Scalar::Int(1), None, None).is_err());
    let err = arange(Scalar::Int(3), None, Scalar::Int(1), Some(DType::Bool), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    let err = arange(Scalar::Int(i64::MIN), Some(Scalar::Int(i64::MAX)), Scalar::Int(1), None, None).unwrap_err();
    assert!(err.message.starts_with("arange"), "{}", err.message);
}

#[test]
fn filled_tensors() {
    let t = zeros(&[2, 3], None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<f64>().unwrap()), (DType::Float64, vec![0.0; 6]));
    let t = ones(&[4], Some(DType::Complex64), None).unwrap();
    assert_eq!(t.to_vec::<ferrule_core::Complex32>().unwrap()[3], ferrule_core::Complex32 { re: 1.0, im: 0.0 });
    let t = full(&[2], Scalar::Bool(true), None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<bool>().unwrap()), (DType::Bool, vec![true; 2]));
    let t = full(&[2], Scalar::Int(7), None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<i64>().unwrap()), (DType::Int64, vec![7; 2]));
    let t = full(&[], Scalar::Float(-0.0), None, None).unwrap();
    assert!(t.to_vec::<f64>().unwrap()[0].is_sign_negative());
    let t = full(&[3], Scalar::Float(2.7), Some(DType::Int8), None).unwrap();
    assert_eq!(t.to_vec::<i8>().unwrap(), [2; 3]);
    let err = full(&[2], Scalar::Int(300), Some(DType::UInt8), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OverflowError);
    assert_eq!(err.message, "full() argument 'fill_value': Python integer 300 out of bounds for uint8");
    let big = ones(&[1 << 21], Some(DType::Float32), None).unwrap();
    assert!(big.to_vec::<f32>().unwrap().iter().all(|&v| v == 1.0));
    let x = Tensor::from_slice(&[1i16, 2, 3, 4], &[2, 2]).unwrap().transpose(0, 1).unwrap();
    let t = full_like(&x, Scalar::Int(5), None, None).unwrap();
    assert_eq!((t.shape(), t.dtype(), t.to_vec::<i16>().unwrap()), (&[2i64, 2][..], DType::Int16, vec![5; 4]));
    assert_eq!(ones_like(&x, Some(DType::Float32), None).unwrap().to_vec::<f32>().unwrap(), [1.0; 4]);
    assert_eq!(zeros_like(&x, None, None).unwrap().to_vec::<i16>().unwrap(), [0; 4]);
    let e = empty_like(&x, None, None).unwrap();
    assert_eq!((e.shape(), e.dtype()), (&[2i64, 2][..], DType::Int16));
    assert_eq!(empty(&[0, 3], Some(DType::Bool), None).unwrap().numel(), 0);
}

#[test]
fn shape_and_device_errors_name_the_op() {
    let err = zeros(&[2, -1], None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "zeros() argument 'shape': negative dimensions are not allowed, got (2, -1)");
    let err = ones(&[1 << 40, 1 << 40], None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OverflowError);
    assert!(err.message.starts_with("ones() argument 'shape'"), "{}", err.message);
    let err = full(&[1 << 62], Scalar::Int(1), None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OverflowError);
    let err = empty(&[2], None, Some(Device::new(Device::KDL_CUDA, 0))).unwrap_err();
    assert!(err.message.starts_with("empty() argument 'device'"), "{}", err.message);
    assert!(eye(-1, None, 0, None, None).unwrap_err().message.contains("'n_rows'"));
}

#[test]
fn eye_diagonals() {
    for (rows, cols, k) in
        [(3, None, 0), (3, Some(4), 1), (4, Some(3), -2), (2, Some(2), 5), (0, Some(3), 0), (3, Some(5), -7)]
    {
        let t = eye(rows, cols, k, Some(DType::Int32), None).unwrap();
        let c = cols.unwrap_or(rows);
        assert_eq!(t.shape(), [rows, c]);
        let v = t.to_vec::<i32>().unwrap();
        for i in 0..rows {
            for j in 0..c {
                assert_eq!(v[(i * c + j) as usize], i32::from(j - i == k), "{rows} {c} {k}");
            }
        }
    }
    assert_eq!(eye(2, None, 0, None, None).unwrap().to_vec::<f64>().unwrap(), [1.0, 0.0, 0.0, 1.0]);
}

#[test]
fn linspace_matches_numpy() {
    let t = linspace(Scalar::Int(0), Scalar::Int(1), 5, None, None, true).unwrap();
    assert_eq!(t.to_vec::<f64>().unwrap(), [0.0, 0.25, 0.5, 0.75, 1.0]);
    let t = linspace(Scalar::Int(0), Scalar::Int(1), 5, Some(DType::Int32), None, true).unwrap();
    assert_eq!(t.to_vec::<i32>().unwrap(), [0, 0, 0, 0, 1]);
    let t = linspace(Scalar::Int(2), Scalar::Int(3), 1, None, None, true).unwrap();
    assert_eq!(t.to_vec::<f64>().unwrap(), [2.0]);
    let t = linspace(Scalar::Int(0), Scalar::Int(1), 4, None, None, false).unwrap();
    assert_eq!(t.to_vec::<f64>().unwrap(), [0.0, 0.25, 0.5, 0.75]);
    assert_eq!(linspace(Scalar::Int(0), Scalar::Int(1), 0, None, None, true).unwrap().shape(), [0]);
    // numpy: np.linspace(0.1, 0.7, 7)[k] == 0.1 + k * ((0.7 - 0.1) / 6), last exactly 0.7
    let t = linspace(Scalar::Float(0.1), Scalar::Float(0.7), 7, None, None, true).unwrap();
    let v = t.to_vec::<f64>().unwrap();
    let step = (0.7 - 0.1) / 6.0;
    for (k, &x) in v.iter().enumerate().take(6) {
        assert_eq!(x, k as f64 * step + 0.1);
    }
    assert_eq!(v[6], 0.7);
    let t = linspace(Scalar::Int(1), Scalar::Int(1), 3, None, None, true).unwrap();
    assert_eq!(t.to_vec::<f64>().unwrap(), [1.0; 3]);
    let err = linspace(Scalar::Int(0), Scalar::Int(1), -1, None, None, true).unwrap_err();
    assert!(err.message.starts_with("linspace() argument 'num'"), "{}", err.message);
}

#[test]
fn complex_scalars_fill_and_space() {
    use ferrule_core::Complex64 as C;
    let z = |re: f64, im: f64| Scalar::Complex(num_complex::Complex::new(re, im));
    let t = full(&[2], z(1.5, -2.0), None, None).unwrap();
    assert_eq!((t.dtype(), t.to_vec::<C>().unwrap()), (DType::Complex128, vec![C { re: 1.5, im: -2.0 }; 2]));
    let t = full(&[1], z(-0.0, 0.0), Some(DType::Complex128), None).unwrap();
    assert!(t.to_vec::<C>().unwrap()[0].re.is_sign_negative(), "-0.0 is stored, not skipped as zero");
    let err = full(&[2], z(0.0, 1.0), Some(DType::Float32), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.starts_with("full() argument 'fill_value': cannot convert a complex"), "{}", err.message);
    // np.linspace(0, 2+4j, 3) == [0, 1+2j, 2+4j]; np.linspace(1j, 0, 2, endpoint=False) == [1j, 0.5j]
    let t = linspace(Scalar::Int(0), z(2.0, 4.0), 3, None, None, true).unwrap();
    let want = [C { re: 0.0, im: 0.0 }, C { re: 1.0, im: 2.0 }, C { re: 2.0, im: 4.0 }];
    assert_eq!((t.dtype(), t.to_vec::<C>().unwrap()), (DType::Complex128, want.to_vec()));
    let t = linspace(z(0.0, 1.0), Scalar::Int(0), 2, None, None, false).unwrap();
    assert_eq!(t.to_vec::<C>().unwrap(), [C { re: 0.0, im: 1.0 }, C { re: 0.0, im: 0.5 }]);
    let err = linspace(Scalar::Int(0), z(0.0, 1.0), 3, Some(DType::Float64), None, true).unwrap_err();
    assert_eq!(err.message, "linspace() argument 'stop': a complex endpoint needs a complex dtype, got float64");
    let err = arange(Scalar::Int(0), Some(z(1.0, 0.0)), Scalar::Int(1), None, None).unwrap_err();
    assert_eq!(err.message, "arange() argument 'stop': expected a real number (int or float), got complex");
}

#[test]
fn meshgrid_xy_and_ij() {
    let x = Tensor::from_slice(&[1i32, 2, 3], &[3]).unwrap();
    let y = Tensor::from_slice(&[10.0f32, 20.0], &[2]).unwrap();
    let g = meshgrid(&[x.clone(), y.clone()], "xy").unwrap();
    assert_eq!((g[0].shape(), g[1].shape()), (&[2i64, 3][..], &[2i64, 3][..]));
    assert_eq!(g[0].to_vec::<i32>().unwrap(), [1, 2, 3, 1, 2, 3]);
    assert_eq!(g[1].to_vec::<f32>().unwrap(), [10.0, 10.0, 10.0, 20.0, 20.0, 20.0]);
    assert!(g[0].is_contiguous() && !g[0].shares_memory_with(&x));
    let g = meshgrid(&[x.clone(), y, x.slice(0, None, None, -1).unwrap()], "ij").unwrap();
    assert_eq!(g[2].shape(), [3, 2, 3]);
    assert_eq!(g[2].to_vec::<i32>().unwrap()[..3], [3, 2, 1]);
    assert_eq!(g[0].to_vec::<i32>().unwrap()[..7], [1, 1, 1, 1, 1, 1, 2]);
    assert!(meshgrid(&[], "xy").unwrap().is_empty());
    assert_eq!(meshgrid(std::slice::from_ref(&x), "xy").unwrap()[0].to_vec::<i32>().unwrap(), [1, 2, 3]);
    let err = meshgrid(&[x], "yx").unwrap_err();
    assert!(err.message.starts_with("meshgrid() argument 'indexing'"));
}

#[test]
fn triangles() {
    let x = Tensor::from_slice(&(1..=12).collect::<Vec<i64>>(), &[3, 4]).unwrap();
    assert_eq!(tril(&x, 0).unwrap().to_vec::<i64>().unwrap(), [1, 0, 0, 0, 5, 6, 0, 0, 9, 10, 11, 0]);
    assert_eq!(triu(&x, 1).unwrap().to_vec::<i64>().unwrap(), [0, 2, 3, 4, 0, 0, 7, 8, 0, 0, 0, 12]);
    assert_eq!(tril(&x, -1).unwrap().to_vec::<i64>().unwrap(), [0, 0, 0, 0, 5, 0, 0, 0, 9, 10, 0, 0]);
    let t = x.transpose(0, 1).unwrap();
    assert_eq!(triu(&t, 0).unwrap().to_vec::<i64>().unwrap(), [1, 5, 9, 0, 6, 10, 0, 0, 11, 0, 0, 0]);
    let stack = Tensor::from_slice(&[1.0f32; 8], &[2, 2, 2]).unwrap();
    assert_eq!(tril(&stack, 0).unwrap().to_vec::<f32>().unwrap(), [1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0]);
    let err = triu(&Tensor::from_slice(&[1i8], &[1]).unwrap(), 0).unwrap_err();
    assert!(err.message.starts_with("triu:"), "{}", err.message);
}
