//! can_cast, result_type, finfo, iinfo and isdtype against the Array API / numpy values.

mod support;

use ferrule_core::{DType, ErrorKind, Tensor};
use ferrule_ops::dtypes::*;
use ferrule_registry::{Any, Array, Map, ObjRef, TensorObj};
use support::assert_err;

fn tensor_any(dtype: DType) -> Any {
    Any::object(TensorObj::new(Tensor::zeros(&[2], dtype).unwrap()))
}

fn tuple(items: Vec<Any>) -> Any {
    Any::object(ObjRef::new(Array::new(items)))
}

fn field<'a>(record: &'a Any, key: &str) -> &'a Any {
    record.downcast::<Map>().expect("a Map").get_str(key).expect(key)
}

#[test]
fn can_cast_follows_safe_casting() {
    use DType::*;
    assert!(can_cast(&Any::dtype(Int8), Int16).unwrap());
    assert!(can_cast(&tensor_any(UInt8), Int16).unwrap());
    assert!(!can_cast(&Any::dtype(Float64), Float32).unwrap());
    assert!(!can_cast(&Any::dtype(Int64), UInt64).unwrap());
    assert!(can_cast(&Any::dtype(Bool), Complex64).unwrap());
    assert!(!can_cast(&tensor_any(Complex64), Float64).unwrap());
    assert_err(can_cast(&Any::int(1), Int8), ErrorKind::TypeError, &["can_cast() argument 'from_'", "int"]);
}

#[test]
fn result_type_mixes_tensors_dtypes_and_weak_scalars() {
    use DType::*;
    let rt = |args: Vec<Any>| result_type(&args).unwrap().as_dtype().unwrap();
    assert_eq!(rt(vec![Any::dtype(Int8), Any::dtype(UInt8)]), Int16);
    assert_eq!(rt(vec![tensor_any(Float32), Any::float(1.0)]), Float32);
    assert_eq!(rt(vec![tensor_any(Int32), Any::float(1.0)]), Float64);
    assert_eq!(rt(vec![tensor_any(Bool), Any::int(3)]), Int64);
    assert_eq!(rt(vec![tensor_any(UInt8), Any::int(3), Any::bool(true)]), UInt8);
    assert_eq!(rt(vec![Any::dtype(Float16), Any::dtype(Complex64), tensor_any(Float64)]), Complex128);
    assert_eq!(rt(vec![Any::int(1), Any::float(2.0)]), Float64);
    assert_eq!(rt(vec![Any::bool(true)]), Bool);
    // complex scalars: the complex dtype of a real float's precision, complex128 otherwise
    assert_eq!(rt(vec![tensor_any(Float32), Any::complex(0.0, 1.0)]), Complex64);
    assert_eq!(rt(vec![Any::dtype(Float64), Any::complex(0.0, 1.0)]), Complex128);
    assert_eq!(rt(vec![Any::dtype(Int8), Any::complex(0.0, 1.0)]), Complex128);
    assert_eq!(rt(vec![Any::dtype(Complex64), Any::complex(0.0, 1.0), Any::float(1.0)]), Complex64);
    assert_eq!(rt(vec![Any::complex(0.0, 1.0), Any::int(1)]), Complex128);
    assert_err(result_type(&[]), ErrorKind::ValueError, &["result_type", "at least one"]);
    assert_err(result_type(&[Any::str("x")]), ErrorKind::TypeError, &["result_type() argument 0", "str"]);
}

#[test]
fn finfo_values() {
    let f = finfo(&Any::dtype(DType::Float32)).unwrap();
    assert_eq!(field(&f, "bits").as_int(), Some(32));
    assert_eq!(field(&f, "eps").as_float(), Some(1.1920928955078125e-07));
    assert_eq!(field(&f, "max").as_float(), Some(3.4028234663852886e38));
    assert_eq!(field(&f, "min").as_float(), Some(-3.4028234663852886e38));
    assert_eq!(field(&f, "smallest_normal").as_float(), Some(1.1754943508222875e-38));
    assert_eq!(field(&f, "dtype").as_dtype(), Some(DType::Float32));
    let h = finfo(&tensor_any(DType::Float16)).unwrap();
    assert_eq!(field(&h, "eps").as_float(), Some(0.0009765625));
    assert_eq!(field(&h, "max").as_float(), Some(65504.0));
    assert_eq!(field(&h, "smallest_normal").as_float(), Some(6.103515625e-05));
    let b = finfo(&Any::dtype(DType::BFloat16)).unwrap();
    assert_eq!(field(&b, "eps").as_float(), Some(0.0078125));
    assert_eq!(field(&b, "max").as_float(), Some(3.3895313892515355e38));
    let d = finfo(&Any::dtype(DType::Float64)).unwrap();
    assert_eq!(field(&d, "eps").as_float(), Some(2.220446049250313e-16));
    assert_eq!(field(&d, "smallest_normal").as_float(), Some(2.2250738585072014e-308));
    let c = finfo(&Any::dtype(DType::Complex64)).unwrap();
    assert_eq!(field(&c, "dtype").as_dtype(), Some(DType::Float32));
    assert_err(finfo(&Any::dtype(DType::Int8)), ErrorKind::ValueError, &["finfo() argument 'type'", "int8"]);
    assert_err(finfo(&Any::float(1.0)), ErrorKind::TypeError, &["finfo() argument 'type'"]);
}

#[test]
fn iinfo_values() {
    let cases = [
        (DType::Int8, -128, 127),
        (DType::Int16, -32768, 32767),
        (DType::Int32, -2147483648, 2147483647),
        (DType::Int64, i64::MIN, i64::MAX),
        (DType::UInt8, 0, 255),
        (DType::UInt16, 0, 65535),
        (DType::UInt32, 0, 4294967295),
    ];
    for (dtype, min, max) in cases {
        let i = iinfo(&Any::dtype(dtype)).unwrap();
        assert_eq!(field(&i, "bits").as_int(), Some(dtype.itemsize() as i64 * 8));
        assert_eq!(field(&i, "min").as_int(), Some(min));
        assert_eq!(field(&i, "max").as_int(), Some(max));
        assert_eq!(field(&i, "dtype").as_dtype(), Some(dtype));
    }
    let u = iinfo(&tensor_any(DType::UInt64)).unwrap();
    let max = field(&u, "max").downcast::<TensorObj>().expect("a 0-d tensor").tensor().to_vec::<u64>().unwrap();
    assert_eq!(max, [u64::MAX]);
    assert_err(iinfo(&Any::dtype(DType::Float32)), ErrorKind::ValueError, &["iinfo() argument 'type'", "float32"]);
    assert_err(iinfo(&Any::dtype(DType::Bool)), ErrorKind::ValueError, &["iinfo"]);
}

#[test]
fn isdtype_kinds() {
    use DType::*;
    let is = |d: DType, k: &str| isdtype(d, &Any::str(k)).unwrap();
    for d in DType::ALL {
        assert_eq!(is(d, "bool"), d == Bool);
        assert_eq!(is(d, "signed integer"), matches!(d, Int8 | Int16 | Int32 | Int64));
        assert_eq!(is(d, "unsigned integer"), matches!(d, UInt8 | UInt16 | UInt32 | UInt64));
        assert_eq!(is(d, "integral"), d.is_integer());
        assert_eq!(is(d, "real floating"), matches!(d, Float16 | BFloat16 | Float32 | Float64));
        assert_eq!(is(d, "complex floating"), matches!(d, Complex64 | Complex128));
        assert_eq!(is(d, "numeric"), d != Bool);
        assert!(isdtype(d, &Any::dtype(d)).unwrap());
        for other in DType::ALL {
            assert_eq!(isdtype(d, &Any::dtype(other)).unwrap(), d == other);
            // a string is a kind, never a dtype's name ("bool" is both, with one meaning)
            if other != Bool {
                assert_err(isdtype(d, &Any::str(other.name())), ErrorKind::ValueError, &["unknown kind", other.name()]);
            }
        }
    }
    let kinds = tuple(vec![Any::str("integral"), Any::dtype(Float32)]);
    assert!(isdtype(Float32, &kinds).unwrap());
    assert!(isdtype(UInt8, &kinds).unwrap());
    assert!(!isdtype(Float64, &kinds).unwrap());
    assert_err(isdtype(Int8, &Any::str("integer")), ErrorKind::ValueError, &["isdtype() argument 'kind'", "integer"]);
    assert_err(isdtype(Int8, &Any::int(3)), ErrorKind::TypeError, &["isdtype() argument 'kind'"]);
}
