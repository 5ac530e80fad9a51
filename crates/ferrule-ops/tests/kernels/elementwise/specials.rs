//! Fixed cases: numpy's answers for special values, errors, aliasing, astype, where, clip,
//! nextafter and geo_distance.

use ferrule_core::{Complex64, DType, ErrorKind, Tensor, F16};

use ferrule_ops::elementwise as ew;
use ferrule_ops::operand::{Operand, Scalar};

fn t<T: ferrule_core::Element>(v: &[T]) -> Tensor {
    Tensor::from_slice(v, &[v.len() as i64]).unwrap()
}

fn op(x: &Tensor) -> Operand {
    Operand::Tensor(x.clone())
}

fn same_f64(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()), "got {got:?}, want {want:?}");
    }
}

#[test]
fn float_floor_divide_and_remainder_specials() {
    let inf = f64::INFINITY;
    let a = t(&[-7.0, 7.0, -7.0, 7.0, 1.0, inf, -1.0, -0.0]);
    let b = t(&[2.0, -2.0, 0.0, 0.0, inf, 2.0, inf, 3.0]);
    let q = ew::floor_divide(&op(&a), &op(&b), None).unwrap().to_vec::<f64>().unwrap();
    // One infinite operand and one finite: the standard's floor(x1 / x2), not numpy's nan / -1.
    same_f64(&q, &[-4.0, -4.0, -inf, inf, 0.0, inf, -0.0, -0.0]);
    let q = ew::floor_divide(
        &op(&t(&[inf, 1.0, -inf, -1.0, inf, 0.0])),
        &op(&t(&[1.0, -inf, -2.0, -inf, inf, -inf])),
        None,
    );
    same_f64(&q.unwrap().to_vec::<f64>().unwrap(), &[inf, -0.0, inf, 0.0, f64::NAN, -0.0]);
    let r = ew::remainder(&op(&a), &op(&b), None).unwrap().to_vec::<f64>().unwrap();
    same_f64(&r, &[1.0, -1.0, f64::NAN, f64::NAN, 1.0, f64::NAN, inf, 0.0]);
}

#[test]
fn integer_division_rules() {
    let a = t(&[-7i64, 7, -7, 7, i64::MIN]);
    let b = t(&[2i64, -2, 0, 0, -1]);
    let q = ew::floor_divide(&op(&a), &op(&b), None).unwrap();
    assert_eq!(q.to_vec::<i64>().unwrap(), [-4, -4, 0, 0, i64::MIN]);
    let r = ew::remainder(&op(&a), &op(&b), None).unwrap();
    assert_eq!(r.to_vec::<i64>().unwrap(), [1, -1, 0, 0, 0]);
    let d = ew::divide(&op(&t(&[1i8, -1, 0])), &op(&t(&[0i8, 0, 0])), None).unwrap();
    assert_eq!(d.dtype(), DType::Float64);
    same_f64(&d.to_vec::<f64>().unwrap(), &[f64::INFINITY, f64::NEG_INFINITY, f64::NAN]);
    let u = ew::floor_divide(&op(&t(&[u64::MAX])), &op(&t(&[2u64])), None).unwrap();
    assert_eq!(u.to_vec::<u64>().unwrap(), [u64::MAX / 2]);
}

#[test]
fn integer_pow() {
    let err = ew::pow(&op(&t(&[2i64])), &op(&t(&[-1i64])), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.starts_with("pow:"), "{}", err.message);
    let p = ew::pow(&op(&t(&[0i64, 1, -1, 2, 3])), &op(&t(&[0i64, 5, 3, 63, 2])), None).unwrap();
    assert_eq!(p.to_vec::<i64>().unwrap(), [1, 1, -1, i64::MIN, 9]);
    let p = ew::pow(&op(&t(&[2i8])), &Operand::Scalar(Scalar::Int(9)), None).unwrap();
    assert_eq!(p.to_vec::<i8>().unwrap(), [0]);
    let z = Tensor::from_slice(&[Complex64 { re: 0.0, im: 2.0 }, Complex64 { re: 0.0, im: 0.0 }], &[2]).unwrap();
    let w = Tensor::from_slice(&[Complex64 { re: 3.0, im: 0.0 }, Complex64 { re: 0.0, im: 0.0 }], &[2]).unwrap();
    let p = ew::pow(&op(&z), &op(&w), None).unwrap().to_vec::<Complex64>().unwrap();
    assert_eq!((p[0].re, p[0].im, p[1].re, p[1].im), (0.0, -8.0, 1.0, 0.0));
}

#[test]
fn shifts_follow_numpy() {
    let l = ew::bitwise_left_shift(&op(&t(&[1i8, 1, 3])), &op(&t(&[9i8, -1, 2])), None).unwrap();
    assert_eq!(l.to_vec::<i8>().unwrap(), [0, 0, 12]);
    let r = ew::bitwise_right_shift(&op(&t(&[-128i8, -5, 64])), &op(&t(&[9i8, -1, 3])), None).unwrap();
    assert_eq!(r.to_vec::<i8>().unwrap(), [-1, -1, 8]);
    let u = ew::bitwise_left_shift(&op(&t(&[3u8])), &op(&t(&[7u8])), None).unwrap();
    assert_eq!(u.to_vec::<u8>().unwrap(), [128]);
    let err = ew::bitwise_and(&op(&t(&[1.0f32])), &op(&t(&[1.0f32])), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert_eq!(err.message, "bitwise_and: dtype float32 is not accepted (expected an integer or bool dtype)");
}

#[test]
fn complex_specials() {
    let c = |re: f64, im: f64| Complex64 { re, im };
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let z = Tensor::from_slice(&[c(inf, 1.0), c(1.0, inf), c(inf, inf), c(nan, inf), c(3.0, 4.0), c(0.0, -0.0)], &[6])
        .unwrap();
    let s = ew::sign(&z, None).unwrap().to_vec::<Complex64>().unwrap();
    let flat: Vec<f64> = s.iter().flat_map(|z| [z.re, z.im]).collect();
    same_f64(&flat, &[1.0, 0.0, 0.0, 1.0, nan, nan, 0.0, 1.0, 0.6, 0.8, 0.0, 0.0]);
    let q = ew::divide(
        &op(&Tensor::from_slice(&[c(1.0, 1.0)], &[1]).unwrap()),
        &op(&Tensor::from_slice(&[c(0.0, 0.0)], &[1]).unwrap()),
        None,
    )
    .unwrap();
    let q = q.to_vec::<Complex64>().unwrap()[0];
    assert_eq!((q.re, q.im), (inf, inf));
    let r = ew::reciprocal(&Tensor::from_slice(&[c(0.0, 0.0), c(inf, 0.0)], &[2]).unwrap(), None).unwrap();
    let r = r.to_vec::<Complex64>().unwrap();
    assert!(r[0].re.is_nan() && r[0].im.is_nan());
    assert_eq!((r[1].re, r[1].im), (0.0, 0.0));
    let err = ew::less(&op(&z), &op(&z), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    let err = ew::floor(&z, None).unwrap_err();
    assert_eq!(err.message, "floor: dtype complex128 is not accepted (expected a real dtype)");
}

#[test]
fn unary_dtype_rules_and_errors() {
    let b = t(&[true, false]);
    assert_eq!(ew::square(&b, None).unwrap().dtype(), DType::Int8);
    assert_eq!(ew::round(&b, None).unwrap().dtype(), DType::Float16);
    assert_eq!(ew::exp(&t(&[1i16]), None).unwrap().dtype(), DType::Float32);
    assert_eq!(ew::sqrt(&t(&[4u8]), None).unwrap().to_vec::<F16>().unwrap()[0].to_f32(), 2.0);
    assert_eq!(ew::sin(&t(&[0i64]), None).unwrap().dtype(), DType::Float64);
    let err = ew::negative(&b, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.starts_with("negative: dtype bool"), "{}", err.message);
    let err = ew::subtract(&op(&b), &op(&b), None).unwrap_err();
    assert!(err.message.starts_with("subtract: dtype bool"), "{}", err.message);
    assert_eq!(ew::bitwise_invert(&b, None).unwrap().to_vec::<bool>().unwrap(), [false, true]);
    assert_eq!(ew::reciprocal(&t(&[0i8, 1, 2, -1]), None).unwrap().to_vec::<i8>().unwrap(), [0, 1, 0, -1]);
    assert_eq!(ew::atan2(&op(&t(&[1i8])), &op(&t(&[1u8])), None).unwrap().dtype(), DType::Float16);
}

#[test]
fn broadcast_out_and_scalar_errors() {
    let a = Tensor::zeros(&[2, 3], DType::Float32).unwrap();
    let b = Tensor::zeros(&[4], DType::Float32).unwrap();
    let err = ew::add(&op(&a), &op(&b), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(err.message, "add: operands could not be broadcast together with shapes (2,3) (4,)");
    let wrong = Tensor::zeros(&[3], DType::Float32).unwrap();
    let err = ew::add(&op(&a), &op(&a), Some(&wrong)).unwrap_err();
    assert_eq!(err.message, "add() argument 'out': expected shape (2,3), got (3,)");
    let wrong = Tensor::zeros(&[2, 3], DType::Float64).unwrap();
    let err = ew::add(&op(&a), &op(&a), Some(&wrong)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    let s = Operand::Scalar(Scalar::Int(1));
    let err = ew::add(&s, &s, None).unwrap_err();
    assert_eq!(err.message, "add: at least one of x1, x2 must be a tensor");
    let err = ew::add(&op(&t(&[1u8])), &Operand::Scalar(Scalar::Int(-1)), None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::OverflowError);
    // A shifted view of the input as `out` partially overlaps it.
    let x = t(&[1.0f32, 2.0, 3.0, 4.0]);
    let head = x.slice(0, Some(0), Some(3), 1).unwrap();
    let tail = x.slice(0, Some(1), None, 1).unwrap();
    let err = ew::exp(&tail, Some(&head)).unwrap_err();
    assert!(err.message.contains("partially overlaps"), "{}", err.message);
}

#[test]
fn in_place_exact_alias() {
    let n = 200_000;
    let data: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let a = Tensor::from_slice(&data, &[n as i64]).unwrap();
    let b = Tensor::from_slice(&vec![1.0f32; n], &[n as i64]).unwrap();
    let r = ew::add(&op(&a), &op(&b), Some(&a)).unwrap();
    assert_eq!(r.data_ptr(), a.data_ptr());
    let got = a.to_vec::<f32>().unwrap();
    assert!(got.iter().enumerate().all(|(i, &v)| v == i as f32 + 1.0));
    // In place on a strided view with a broadcast scalar.
    let m = Tensor::from_slice(&(0..12).map(|v: i32| v).collect::<Vec<_>>(), &[3, 4]).unwrap();
    let col = m.transpose(0, 1).unwrap();
    ew::multiply(&op(&col), &Operand::Scalar(Scalar::Int(2)), Some(&col)).unwrap();
    assert_eq!(m.to_vec::<i32>().unwrap(), (0..12).map(|v| v * 2).collect::<Vec<_>>());
}

#[test]
fn large_inputs_use_the_pool_and_match() {
    let n = 1 << 18;
    let data: Vec<f32> = (0..n).map(|i| (i as f32 * 0.001) - 100.0).collect();
    let x = Tensor::from_slice(&data, &[n as i64]).unwrap();
    let e = ew::exp(&x, None).unwrap().to_vec::<f32>().unwrap();
    for (i, (&v, &g)) in data.iter().zip(&e).enumerate() {
        let want = (v as f64).exp() as f32;
        assert!((g.to_bits() as i64 - want.to_bits() as i64).abs() <= 1, "{i}: exp({v}) = {g}, want {want}");
    }
    let s = ew::add(&op(&x), &op(&x), None).unwrap().to_vec::<f32>().unwrap();
    assert!(s.iter().zip(&data).all(|(&s, &v)| s == v + v));
    // Strided and broadcast at size: a (512, 512) transpose plus a row.
    let m = Tensor::from_slice(&data, &[512, 512]).unwrap().transpose(0, 1).unwrap();
    let row = Tensor::from_slice(&data[..512], &[512]).unwrap();
    let r = ew::subtract(&op(&m), &op(&row), None).unwrap().to_vec::<f32>().unwrap();
    for i in (0..512).step_by(37) {
        for j in (0..512).step_by(41) {
            assert_eq!(r[i * 512 + j], data[j * 512 + i] - data[j]);
        }
    }
}

#[test]
fn astype_semantics() {
    let x = t(&[f64::NAN, f64::INFINITY, -1e10, 300.7, -300.7, 3e9, 1e19, -1.5]);
    let to = |d: DType| ew::astype(&x, d, true, None).unwrap();
    assert_eq!(to(DType::Int8).to_vec::<i8>().unwrap(), [0, 0, 0, 44, -44, 0, 0, -1]);
    assert_eq!(to(DType::UInt8).to_vec::<u8>().unwrap(), [0, 0, 0, 44, 212, 0, 0, 255]);
    assert_eq!(
        to(DType::Int32).to_vec::<i32>().unwrap(),
        [i32::MIN, i32::MIN, i32::MIN, 300, -300, i32::MIN, i32::MIN, -1]
    );
    assert_eq!(
        to(DType::Int64).to_vec::<i64>().unwrap(),
        [i64::MIN, i64::MIN, -10_000_000_000, 300, -300, 3_000_000_000, i64::MIN, -1]
    );
    assert_eq!(
        to(DType::UInt64).to_vec::<u64>().unwrap(),
        [
            1 << 63,
            0,
            18_446_744_063_709_551_616,
            300,
            18_446_744_073_709_551_316,
            3_000_000_000,
            10_000_000_000_000_000_000,
            u64::MAX
        ]
    );
    assert_eq!(to(DType::Bool).to_vec::<bool>().unwrap(), [true; 8]);
    assert_eq!(to(DType::Float32).to_vec::<f32>().unwrap()[3], 300.7f32);
    // copy=false with the same dtype returns the tensor itself.
    let same = ew::astype(&x, DType::Float64, false, None).unwrap();
    assert_eq!(same.data_ptr(), x.data_ptr());
    let copy = ew::astype(&x, DType::Float64, true, None).unwrap();
    assert_ne!(copy.data_ptr(), x.data_ptr());
    let err = ew::astype(&x, DType::Int8, true, Some(ferrule_core::Device::new(ferrule_core::Device::KDL_CUDA, 0)))
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    let c = Tensor::from_slice(&[Complex64 { re: 2.5, im: 1.0 }, Complex64 { re: 0.0, im: 1.0 }], &[2]).unwrap();
    assert_eq!(ew::astype(&c, DType::Int16, true, None).unwrap().to_vec::<i16>().unwrap(), [2, 0]);
    assert_eq!(ew::astype(&c, DType::Bool, true, None).unwrap().to_vec::<bool>().unwrap(), [true, true]);
    let h = ew::astype(&t(&[65520.0f32, 1.0 + 1.0 / 2048.0]), DType::Float16, true, None).unwrap();
    let h: Vec<f32> = h.to_vec::<F16>().unwrap().into_iter().map(F16::to_f32).collect();
    assert_eq!(h, [f32::INFINITY, 1.0]);
    // Non-contiguous input.
    let m = Tensor::from_slice(&[1i32, 2, 3, 4, 5, 6], &[2, 3]).unwrap().transpose(0, 1).unwrap();
    assert_eq!(
        ew::astype(&m, DType::Float32, true, None).unwrap().to_vec::<f32>().unwrap(),
        [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
    );
}

#[test]
fn where_and_clip() {
    let cond = t(&[1i32, 0, 2]);
    let w = ew::r#where(&cond, &Operand::Scalar(Scalar::Int(1)), &Operand::Scalar(Scalar::Float(2.5)), None).unwrap();
    assert_eq!((w.dtype(), w.to_vec::<f64>().unwrap()), (DType::Float64, vec![1.0, 2.5, 1.0]));
    let x = t(&[1i8, 2, 3]);
    let w = ew::r#where(&t(&[true, false, true]), &op(&x), &Operand::Scalar(Scalar::Int(-5)), None).unwrap();
    assert_eq!(w.to_vec::<i8>().unwrap(), [1, -5, 3]);
    let bcond = Tensor::from_slice(&[true, false], &[2, 1]).unwrap();
    let w = ew::r#where(&bcond, &op(&x), &op(&t(&[10i8, 20, 30])), None).unwrap();
    assert_eq!((w.shape(), w.to_vec::<i8>().unwrap()), (&[2, 3][..], vec![1, 2, 3, 10, 20, 30]));
    let c = ew::clip(
        &t(&[1i64, 5, 9]),
        Some(&Operand::Scalar(Scalar::Int(3))),
        Some(&Operand::Scalar(Scalar::Int(7))),
        None,
    )
    .unwrap();
    assert_eq!(c.to_vec::<i64>().unwrap(), [3, 5, 7]);
    let c = ew::clip(
        &t(&[f64::NAN, 1.0]),
        Some(&Operand::Scalar(Scalar::Int(0))),
        Some(&Operand::Scalar(Scalar::Float(0.5))),
        None,
    )
    .unwrap();
    same_f64(&c.to_vec::<f64>().unwrap(), &[f64::NAN, 0.5]);
    let c = ew::clip(
        &t(&[1i64, 2, 3]),
        Some(&Operand::Scalar(Scalar::Int(3))),
        Some(&Operand::Scalar(Scalar::Int(1))),
        None,
    )
    .unwrap();
    assert_eq!(c.to_vec::<i64>().unwrap(), [1, 1, 1]);
    let c = ew::clip(
        &t(&[0u8, 200]),
        Some(&Operand::Scalar(Scalar::Int(-1))),
        Some(&Operand::Scalar(Scalar::Int(300))),
        None,
    )
    .unwrap();
    assert_eq!(c.to_vec::<u8>().unwrap(), [0, 200]);
    let lo = t(&[0.0f32, 10.0]);
    let c = ew::clip(&Tensor::from_slice(&[5.0f32, 5.0, -1.0, 20.0], &[2, 2]).unwrap(), Some(&op(&lo)), None, None)
        .unwrap();
    assert_eq!(c.to_vec::<f32>().unwrap(), [5.0, 10.0, 0.0, 20.0]);
    let c = ew::clip(&t(&[1i32, 7]), None, Some(&Operand::Scalar(Scalar::Float(2.5))), None).unwrap();
    assert_eq!((c.dtype(), c.to_vec::<f64>().unwrap()), (DType::Float64, vec![1.0, 2.5]));
}

#[test]
fn nextafter_steps_in_the_result_dtype() {
    let h = ew::nextafter(
        &op(&t(&[F16::from_f32(1.0), F16::from_f32(0.0)])),
        &op(&t(&[F16::from_f32(2.0), F16::from_f32(1.0)])),
        None,
    )
    .unwrap();
    let h: Vec<f32> = h.to_vec::<F16>().unwrap().into_iter().map(F16::to_f32).collect();
    assert_eq!(h, [1.0 + 1.0 / 1024.0, 2f32.powi(-24)]);
    let f = ew::nextafter(&op(&t(&[0.0f32, 1.0, 2.0])), &op(&t(&[-1.0f32, 0.0, 2.0])), None).unwrap();
    assert_eq!(f.to_vec::<f32>().unwrap(), [-f32::from_bits(1), 1.0 - f32::EPSILON / 2.0, 2.0]);
}

#[test]
fn geo_distance_haversine() {
    // Two points in Shenzhen, ~38.6 km apart on the mean sphere.
    let s = |v: f64| Operand::Scalar(Scalar::Float(v));
    let d = ew::geo_distance(&s(113.973129), &s(22.599578), &s(114.3311032), &s(22.6986848)).unwrap();
    assert_eq!((d.dtype(), d.ndim()), (DType::Float64, 0));
    let d = d.to_vec::<f64>().unwrap()[0];
    let (p1, p2) = (22.599578f64.to_radians(), 22.6986848f64.to_radians());
    let a = ((p2 - p1) / 2.0).sin().powi(2)
        + p1.cos() * p2.cos() * ((114.3311032f64 - 113.973129f64).to_radians() / 2.0).sin().powi(2);
    let want = 2.0 * 6_378_000.0 * a.sqrt().asin();
    assert!((d - want).abs() < 1e-6, "{d} vs {want}");
    assert!((d - 38_504.0).abs() < 500.0, "{d}");
    // Broadcasting, float32 inputs computed in float64, antipodes and identical points.
    let lon2 = t(&[0.0f32, 180.0, 90.0]);
    let lat2 = t(&[0.0f32, 0.0, 0.0]);
    let d = ew::geo_distance(&s(0.0), &s(0.0), &op(&lon2), &op(&lat2)).unwrap();
    let d = d.to_vec::<f64>().unwrap();
    assert_eq!(d[0], 0.0);
    assert!((d[1] - std::f64::consts::PI * 6_378_000.0).abs() < 1e-6);
    assert!((d[2] - std::f64::consts::FRAC_PI_2 * 6_378_000.0).abs() < 1e-6);
    let grid = ew::geo_distance(
        &op(&Tensor::from_slice(&[0.0f64, 10.0], &[2, 1]).unwrap()),
        &s(0.0),
        &op(&t(&[0i32, 10, 20])),
        &s(0.0),
    )
    .unwrap();
    assert_eq!(grid.shape(), [2, 3]);
    let err = ew::geo_distance(&op(&t(&[true])), &s(0.0), &s(0.0), &s(0.0)).unwrap_err();
    assert!(err.message.contains("'lon1'"), "{}", err.message);
    let err = ew::geo_distance(&op(&t(&[0.0, 1.0])), &op(&t(&[0.0, 1.0, 2.0])), &s(0.0), &s(0.0)).unwrap_err();
    assert!(err.message.starts_with("geo_distance: operands could not be broadcast"), "{}", err.message);
}

#[test]
fn tiny_and_empty_inputs() {
    let one = t(&[2.0f64]);
    let r = ew::multiply(&op(&one), &op(&one), None).unwrap();
    assert_eq!(r.to_vec::<f64>().unwrap(), [4.0]);
    let z = Tensor::zeros(&[0, 3], DType::Int32).unwrap();
    let r = ew::add(&op(&z), &op(&t(&[1i32, 2, 3])), None).unwrap();
    assert_eq!(r.shape(), [0, 3]);
    let s = Tensor::scalar(3u8);
    let r = ew::bitwise_xor(&op(&s), &Operand::Scalar(Scalar::Int(5)), None).unwrap();
    assert_eq!((r.ndim(), r.to_vec::<u8>().unwrap()), (0, vec![6]));
}
