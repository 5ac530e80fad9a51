//! Object lifetimes, values, containers and errors.

use ferrule_registry::{live_object_count, Any, AnyView, Array, Error, Function, Map, ObjRef, Str, TensorObj};
use proptest::prelude::*;

#[test]
fn refcounts_and_weak_handles() {
    let s = ObjRef::new(Str::new("hello"));
    assert_eq!(s.use_count(), 1);
    let t = s.clone();
    assert_eq!(s.use_count(), 2);
    let w = s.downgrade();
    drop(t);
    assert_eq!(w.upgrade().unwrap().as_str(), "hello");
    drop(s);
    assert!(w.upgrade().is_none());
}

#[test]
fn values_release_their_objects() {
    let before = live_object_count();
    {
        let arr = Any::object(ObjRef::new(Array::new(vec![Any::str("a string longer than eight"), Any::int(1)])));
        assert!(live_object_count() >= before + 2);
        let _copy = arr.clone();
    }
    // Other tests run concurrently, so only check our own objects through a fresh count window.
    let s = Any::str("another long string value");
    let obj = s.as_object_ptr().unwrap();
    // SAFETY: `obj` is the live object `s` owns, alive for the whole statement.
    assert_eq!(unsafe { ferrule_registry::object::use_count(obj) }, 1);
}

#[test]
fn small_strings_are_inline() {
    let small = Any::str("12345678");
    assert!(small.as_object_ptr().is_none());
    let big = Any::str("123456789");
    assert!(big.as_object_ptr().is_some());
    assert_eq!(small.as_str(), Some("12345678"));
    assert_eq!(big.as_str(), Some("123456789"));
    let b = Any::bytes(&[0xff, 0]);
    assert_eq!(b.as_bytes(), Some(&[0xffu8, 0][..]));
    assert!(b.as_str().is_none());
}

#[test]
fn maps_keep_order_and_reject_bad_keys() {
    let m =
        Map::new(vec![(Any::str("b"), Any::int(1)), (Any::int(7), Any::int(2)), (Any::str("b"), Any::int(3))]).unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(m.get_str("b").unwrap().as_int(), Some(3));
    assert_eq!(m.get(&Any::int(7)).unwrap().as_int(), Some(2));
    let err = Map::new(vec![(Any::float(1.5), Any::NONE)]).unwrap_err();
    assert_eq!(err.kind(), "TypeError");
    assert!(err.message().contains("position 0"));
}

#[test]
fn errors_carry_context_and_convert_from_core() {
    let e: Error = ferrule_core::Error::index_error("index 5 is out of bounds").into();
    let e = e.with_context("while calling t.f");
    assert_eq!(e.kind(), "IndexError");
    assert_eq!(e.object().context(), vec!["while calling t.f".to_owned()]);
}

#[test]
fn panics_in_native_functions_propagate_as_panics_in_rust() {
    // The C ABI boundary (ferrule-capi) turns them into errors; in Rust they stay panics.
    let f = Function::from_native(|_| panic!("boom"));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f.call(&[])));
    assert!(caught.is_err());
}

#[test]
fn tensor_objects_expose_dltensor() {
    let t = ferrule_core::Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
    let t = t.transpose(0, 1).unwrap();
    let obj = TensorObj::new(t);
    let dl = obj.dltensor();
    assert_eq!(dl.ndim, 2);
    // SAFETY: `dl` is the DLTensor of the live `obj`: `shape` points at its 2 sizes, alive as long as `obj`.
    let shape = unsafe { std::slice::from_raw_parts(dl.shape, 2) };
    // SAFETY: as above: `strides` points at its 2 strides.
    let strides = unsafe { std::slice::from_raw_parts(dl.strides, 2) };
    assert_eq!((shape, strides), (&[3i64, 2][..], &[1i64, 3][..]));
    // DLPack round trip shares memory and keeps the tensor alive.
    let managed = ferrule_registry::tensor::tensor_to_dlpack(&obj);
    // SAFETY: `managed` was just exported by tensor_to_dlpack and is consumed once here.
    let back = unsafe { ferrule_registry::tensor::tensor_from_dlpack(managed) }.unwrap();
    assert_eq!(back.dltensor().data, dl.data);
    assert_eq!(back.tensor().to_vec::<f32>().unwrap(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    drop(obj);
    assert_eq!(back.tensor().to_vec::<f32>().unwrap(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
}

#[test]
fn read_only_imports_stay_read_only_in_every_view_and_export() {
    let t = ferrule_core::Tensor::from_slice(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let managed = ferrule_registry::tensor::tensor_to_dlpack(&TensorObj::new(t));
    // SAFETY: `managed` was just exported and is not shared.
    unsafe { (*managed).flags |= ferrule_sys::DLPACK_FLAG_BITMASK_READ_ONLY };
    // SAFETY: a valid export, handed over to the import.
    let imported = unsafe { ferrule_registry::tensor::tensor_from_dlpack(managed) }.unwrap();
    assert!(imported.readonly() && imported.tensor().is_read_only());
    // An op's view of it is a new object around a new Tensor; the mark comes with the memory.
    let view = TensorObj::new(imported.tensor().transpose(0, 1).unwrap().slice(0, Some(1), None, 1).unwrap());
    assert!(view.readonly());
    let exported = ferrule_registry::tensor::tensor_to_dlpack(&view);
    // SAFETY: a valid export; its deleter is called exactly once, after reading the flags.
    unsafe {
        assert_ne!((*exported).flags & ferrule_sys::DLPACK_FLAG_BITMASK_READ_ONLY, 0);
        ((*exported).deleter.unwrap())(exported);
    }
    // A copy is new, writable memory.
    assert!(!TensorObj::new(view.tensor().copy().unwrap()).readonly());
}

#[test]
fn complex_values_are_objects() {
    let z = Any::complex(1.5, -0.0);
    assert_eq!(z.type_index(), ferrule_sys::type_index::COMPLEX);
    assert_eq!(z.type_name(), "complex");
    assert_eq!(z.as_complex().map(|(re, im)| (re, im.to_bits())), Some((1.5, (-0.0f64).to_bits())));
    assert_eq!(format!("{z:?}"), "(1.5-0.0j)");
    assert_eq!(format!("{:?}", Any::complex(f64::NAN, f64::INFINITY)), "(NaN+infj)");
    // only a complex object is a complex number here; a float is not
    assert_eq!(Any::float(2.0).as_complex(), None);
    let copy = z.clone();
    let obj = z.as_object_ptr().unwrap();
    // SAFETY: `obj` is the live object `z` and `copy` share.
    assert_eq!(unsafe { ferrule_registry::object::use_count(obj) }, 2);
    drop(copy);
    assert!(Array::try_from_slice(&[z], "test").is_ok());
}

proptest! {
    #[test]
    fn complex_round_trip(re in any::<f64>(), im in any::<f64>()) {
        let (r, i) = Any::complex(re, im).as_complex().unwrap();
        prop_assert_eq!((r.to_bits(), i.to_bits()), (re.to_bits(), im.to_bits()));
    }

    #[test]
    fn strings_round_trip(s in ".*") {
        let v = Any::str(&s);
        prop_assert_eq!(v.as_str(), Some(s.as_str()));
        prop_assert_eq!(v.view_bytes(), Some(s.as_bytes()));
    }

    #[test]
    fn bytes_round_trip(b in proptest::collection::vec(any::<u8>(), 0..40)) {
        let v = Any::bytes(&b);
        prop_assert_eq!(v.as_bytes(), Some(&b[..]));
    }

    #[test]
    fn negative_stride_dlpack_import(n in 1i64..20, step in 1i64..4) {
        let data: Vec<f64> = (0..n * step).map(|i| i as f64).collect();
        let t = ferrule_core::Tensor::from_slice(&data, &[n * step]).unwrap();
        let rev = t.slice(0, None, None, -step).unwrap();
        let expect = rev.to_vec::<f64>().unwrap();
        let obj = TensorObj::new(rev);
        let managed = ferrule_registry::tensor::tensor_to_dlpack(&obj);
        // SAFETY: `managed` was just exported by tensor_to_dlpack and is consumed once here.
        let back = unsafe { ferrule_registry::tensor::tensor_from_dlpack(managed) }.unwrap();
        prop_assert_eq!(back.tensor().to_vec::<f64>().unwrap(), expect);
    }
}

/// A value whose tag and payload disagree (as a C caller may pass one) is described as such: an
/// error never reads "expected Tensor, got Tensor".
#[test]
fn malformed_values_are_described() {
    use ferrule_sys::{type_index as ti, FerruleAny, FerruleAnyPayload};
    let raw = |type_index, payload| FerruleAny { type_index, small_len: 0, payload };
    let null_tensor = raw(ti::TENSOR, FerruleAnyPayload { v_obj: std::ptr::null_mut() });
    // SAFETY: borrowed views of plain values (no object is released)
    let view = |v: &FerruleAny| unsafe { AnyView::from_raw(*v) }.type_name().into_owned();
    assert_eq!(view(&null_tensor), "a Tensor value (type index 71) whose object pointer is NULL");
    assert_eq!(view(&raw(999, FerruleAnyPayload { v_int64: 5 })), "a value with unknown type index 999");
    assert_eq!(view(&raw(ti::INT, FerruleAnyPayload { v_int64: 5 })), "int");
    let s = Any::str("a string long enough to be an object");
    let mut mislabeled = *s.as_raw();
    mislabeled.type_index = ti::TENSOR;
    assert_eq!(view(&mislabeled), "a value tagged Tensor (type index 71) holding an object of type index 65 (str)");
    let mut generic = *s.as_raw();
    generic.type_index = ti::OBJECT; // any object may travel under the generic tag
    assert_eq!(view(&generic), "object");
    // containers refuse them, naming the position, before keeping any reference
    let items = [Any::int(1), s.clone()];
    assert!(Array::try_from_slice(&items, "test").is_ok());
    // SAFETY: as above
    let bad = AnyView::as_anys(unsafe { AnyView::slice_from_raw(&null_tensor, 1) });
    let error = Array::try_from_slice(bad, "test: 'items'").unwrap_err();
    assert_eq!(error.message(), "test: 'items': item 0 is a Tensor value (type index 71) whose object pointer is NULL");
}

/// Error strings from C are copied (fallibly), invalid UTF-8 replaced; an empty kind reads as
/// RuntimeError.
#[test]
fn error_strings_from_c() {
    let error = Error::from_c(c"", c"bad \xff byte");
    assert_eq!(error.kind(), "RuntimeError");
    assert_eq!(error.message(), "bad \u{fffd} byte");
    error.object().add_context_c(b"a \xfe line");
    assert_eq!(error.object().context(), vec!["a \u{fffd} line"]);
}

/// Context is copied out under the lock, truncated to the buffer, NUL-terminated.
#[test]
fn error_context_copies() {
    let error = Error::value_error("bad");
    error.object().add_context_c(b"first");
    error.object().add_context_c(b"second");
    let mut buf = [0xAAu8; 8];
    assert_eq!(error.object().copy_context(&mut buf), 12);
    assert_eq!(&buf, b"first\ns\0");
    let mut big = [0u8; 32];
    assert_eq!(error.object().copy_context(&mut big), 12);
    assert_eq!(&big[..13], b"first\nsecond\0");
    assert_eq!(error.object().copy_context(&mut []), 12);
}
