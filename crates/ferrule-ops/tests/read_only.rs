//! Read-only memory through the operators: every op that returns a view of a read-only tensor
//! returns a read-only one, and every write path (an op's `writes` argument, `out=`, the Rust
//! kernels' own entry points) refuses it with an error naming the op and the argument.

use std::sync::{Arc, Once};

use ferrule_core::{DType, Device, ErrorKind, Storage, Tensor};
use ferrule_ops::{Operand, Scalar};
use ferrule_registry::{get_global, Any, Array, ObjRef, TensorObj};

/// A (3, 4) float64 tensor over read-only memory holding 0..12.
fn read_only() -> Tensor {
    let mut data: Vec<f64> = (0..12).map(f64::from).collect();
    let ptr = data.as_mut_ptr().cast::<u8>();
    // SAFETY: the Vec's heap block stays put when the Vec moves into the owner.
    let storage = unsafe { Storage::from_foreign(ptr, 96, Device::CPU, Box::new(data)) }.into_read_only();
    // SAFETY: the bytes are valid float64 values.
    unsafe { Tensor::from_storage(Arc::new(storage), vec![3, 4], vec![4, 1], 0, DType::Float64) }.unwrap()
}

fn registered() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| ferrule_ops::register_all().unwrap());
}

fn call(op: &str, args: &[Any]) -> ferrule_registry::Result<Any> {
    registered();
    get_global(op).unwrap_or_else(|| panic!("{op} is not registered")).call(args)
}

fn tensor(t: &Tensor) -> Any {
    Any::object(TensorObj::new(t.clone()))
}

fn ints(values: &[i64]) -> Any {
    Any::object(ObjRef::new(Array::new(values.iter().map(|&v| Any::int(v)).collect())))
}

/// The tensor values a result holds (itself, or each item of an Array).
fn tensors_of(result: &Any) -> Vec<Any> {
    if result.downcast::<TensorObj>().is_some() {
        return vec![result.clone()];
    }
    result.downcast::<Array>().expect("a tensor or an array of tensors").items().to_vec()
}

#[test]
fn every_view_op_keeps_memory_read_only() {
    let t = read_only();
    let x = tensor(&t);
    let cases: Vec<(&str, Vec<Any>)> = vec![
        ("ops.getitem", vec![x.clone(), Any::int(1)]),
        ("ops.reshape", vec![x.clone(), ints(&[4, 3])]),
        ("ops.permute_dims", vec![x.clone(), ints(&[1, 0])]),
        ("ops.matrix_transpose", vec![x.clone()]),
        ("ops.flip", vec![x.clone()]),
        ("ops.moveaxis", vec![x.clone(), ints(&[0]), ints(&[1])]),
        ("ops.expand_dims", vec![x.clone(), Any::int(0)]),
        ("ops.unstack", vec![x.clone()]),
        ("ops.broadcast_to", vec![x.clone(), ints(&[2, 3, 4])]),
        ("ops.broadcast_arrays", vec![x.clone(), x.clone()]),
        ("ops.astype", vec![x.clone(), Any::str("float64"), Any::bool(false)]),
    ];
    for (op, args) in cases {
        let result = call(op, &args).unwrap_or_else(|e| panic!("{op}: {e}"));
        for item in tensors_of(&result) {
            let view = item.downcast::<TensorObj>().expect("a tensor");
            assert!(view.tensor().shares_memory_with(&t), "{op} made a copy: the case proves nothing");
            assert!(view.readonly(), "{op} lost the read-only mark");
            let err = call("ops.setitem", &[item.clone(), Any::str("..."), Any::float(1.0)]).unwrap_err();
            assert_eq!(err.kind(), "ValueError", "{op}");
            assert!(err.message().contains("ops.setitem() argument 1 'x': the tensor is read-only"), "{op}: {err}");
            let err = call("ops.add", &[item.clone(), Any::float(1.0), item.clone()]);
            assert!(err.unwrap_err().message().contains("ops.add() argument 3 'out': the tensor is read-only"), "{op}");
        }
    }
    assert_eq!(t.to_vec::<f64>().unwrap(), (0..12).map(f64::from).collect::<Vec<_>>());
}

#[test]
fn the_kernels_refuse_read_only_outputs_too() {
    let t = read_only();
    let view = t.slice(1, None, None, -1).unwrap();
    let x = Operand::Tensor(Tensor::zeros(&[3, 4], DType::Float64).unwrap());
    let one = Operand::Scalar(Scalar::Float(1.0));
    let err = ferrule_ops::index::setitem(&view, &Any::int(0), &one).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("setitem() argument 'x': the tensor is read-only"), "{err}");
    let err = ferrule_ops::elementwise::add(&x, &one, Some(&view)).unwrap_err();
    assert!(err.message.contains("add() argument 'out': the tensor is read-only"), "{err}");
    let err = ferrule_ops::elementwise::abs(&t, Some(&view)).unwrap_err();
    assert!(err.message.contains("abs() argument 'out': the tensor is read-only"), "{err}");
    let ones = Tensor::from_slice(&[1.0f64; 16], &[4, 4]).unwrap();
    let err = ferrule_ops::linalg::matmul(&t, &ones, Some(&view)).unwrap_err();
    assert!(err.message.contains("matmul() argument 'out': the tensor is read-only"), "{err}");
    assert_eq!(t.to_vec::<f64>().unwrap(), (0..12).map(f64::from).collect::<Vec<_>>());
}
