//! getitem / setitem / take / take_along_axis / nonzero against references computed index by index.

mod support;

use ferrule_core::{DType, ErrorKind, Tensor};
use ferrule_ops::index::*;
use ferrule_ops::{Operand, Scalar};
use ferrule_registry::{Any, Array, Map, ObjRef, TensorObj};
use proptest::prelude::*;
use support::*;

fn tuple(items: Vec<Any>) -> Any {
    Any::object(ObjRef::new(Array::new(items)))
}

fn slice(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Any {
    let b = |v: Option<i64>| v.map_or(Any::NONE, Any::int);
    let parts = tuple(vec![b(start), b(stop), b(step)]);
    Any::object(ObjRef::new(Map::new([(Any::str("slice"), parts)]).unwrap()))
}

fn tensor(t: Tensor) -> Any {
    Any::object(TensorObj::new(t))
}

fn ellipsis() -> Any {
    Any::str("...")
}

/// Python's `range(*slice(start, stop, step).indices(len))`, written independently.
fn slice_positions(len: i64, start: Option<i64>, stop: Option<i64>, step: i64) -> Vec<i64> {
    let norm = |v: i64, lo: i64, hi: i64| {
        let v = if v < 0 { v + len } else { v };
        v.clamp(lo, hi)
    };
    let (start, stop) = if step > 0 {
        (start.map_or(0, |s| norm(s, 0, len)), stop.map_or(len, |s| norm(s, 0, len)))
    } else {
        (start.map_or(len - 1, |s| norm(s, -1, len - 1)), stop.map_or(-1, |s| norm(s, -1, len - 1)))
    };
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        out.push(i);
        i += step;
    }
    out
}

#[derive(Clone, Debug)]
enum Basic {
    Int(i64),
    Slice(Option<i64>, Option<i64>, i64),
    NewAxis,
}

fn basic_item() -> impl Strategy<Value = Basic> {
    prop_oneof![
        (-5i64..5).prop_map(Basic::Int),
        (proptest::option::of(-6i64..6), proptest::option::of(-6i64..6), prop_oneof![-3i64..0, 1i64..4])
            .prop_map(|(a, b, s)| Basic::Slice(a, b, s)),
        Just(Basic::NewAxis),
    ]
}

/// The reference result of basic indexing, or None when an int is out of range.
fn basic_reference(r: &Ref, items: &[Basic]) -> Option<Ref> {
    // Per consumed source dim: the positions it contributes, and whether it stays a dim.
    let mut out_dims: Vec<Vec<Option<(usize, i64)>>> = Vec::new(); // per output dim: per position, (src dim, src index)
    let mut fixed: Vec<(usize, i64)> = Vec::new();
    let mut dim = 0;
    for item in items {
        match item {
            Basic::Int(i) => {
                let len = r.shape[dim];
                if *i < -len || *i >= len {
                    return None;
                }
                fixed.push((dim, if *i < 0 { i + len } else { *i }));
                dim += 1;
            }
            Basic::Slice(a, b, s) => {
                out_dims.push(slice_positions(r.shape[dim], *a, *b, *s).into_iter().map(|p| Some((dim, p))).collect());
                dim += 1;
            }
            Basic::NewAxis => out_dims.push(vec![None]),
        }
    }
    for d in dim..r.shape.len() {
        out_dims.push((0..r.shape[d]).map(|p| Some((d, p))).collect());
    }
    let shape: Vec<i64> = out_dims.iter().map(|v| v.len() as i64).collect();
    let items = indices(&shape)
        .iter()
        .map(|idx| {
            let mut src = vec![0i64; r.shape.len()];
            for &(d, p) in &fixed {
                src[d] = p;
            }
            for (k, &i) in idx.iter().enumerate() {
                if let Some((d, p)) = out_dims[k][i as usize] {
                    src[d] = p;
                }
            }
            r.at(&src).to_vec()
        })
        .collect();
    Some(Ref { shape, items })
}

fn encode(items: &[Basic]) -> Any {
    tuple(
        items
            .iter()
            .map(|i| match i {
                Basic::Int(v) => Any::int(*v),
                Basic::Slice(a, b, s) => slice(*a, *b, Some(*s)),
                Basic::NewAxis => Any::NONE,
            })
            .collect(),
    )
}

/// The same index as text (a one-item tuple keeps its comma), spaced as a person writes it
/// (`"1:3, None, -2"`) and compact as the Python frontend does (`"1:3,None,-2"`, a step of 1
/// left out: `getitem`'s byte-level shortcut reads this form); `None` for the empty tuple,
/// which has no text.
fn encode_text(items: &[Basic]) -> Option<[Any; 2]> {
    let bound = |v: &Option<i64>| v.map_or(String::new(), |v| v.to_string());
    let parts = |compact: bool| -> Vec<String> {
        items
            .iter()
            .map(|i| match i {
                Basic::Int(v) => v.to_string(),
                Basic::Slice(a, b, 1) if compact => format!("{}:{}", bound(a), bound(b)),
                Basic::Slice(a, b, s) => format!("{}:{}:{s}", bound(a), bound(b)),
                Basic::NewAxis => "None".to_string(),
            })
            .collect()
    };
    let join = |parts: Vec<String>, sep: &str| match parts.len() {
        1 => Any::str(&format!("{},", parts[0])),
        _ => Any::str(&parts.join(sep)),
    };
    (!items.is_empty()).then(|| [join(parts(false), ", "), join(parts(true), ",")])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 1 << 20, ..ProptestConfig::default() })]

    #[test]
    fn basic_indexing(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64,
                      mut items in proptest::collection::vec(basic_item(), 0..4)) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        while items.iter().filter(|i| !matches!(i, Basic::NewAxis)).count() > shape.len() {
            items.pop();
        }
        let got = getitem(&x, &encode(&items));
        for text in encode_text(&items).into_iter().flatten() {
            // the text forms read as the same index: the same view, or the same error
            match (&got, getitem(&x, &text)) {
                (Ok(a), Ok(b)) => {
                    prop_assert_eq!(a.shape(), b.shape());
                    prop_assert_eq!(a.strides(), b.strides());
                    prop_assert_eq!(a.data_ptr(), b.data_ptr());
                }
                (Err(a), Err(b)) => prop_assert_eq!((a.kind, &a.message), (b.kind, &b.message)),
                (a, b) => prop_assert!(false, "{:?} against {:?}", a.as_ref().map(|t| t.shape().to_vec()), b.map(|t| t.shape().to_vec())),
            }
        }
        match basic_reference(&r, &items) {
            None => {
                let err = got.unwrap_err();
                prop_assert_eq!(err.kind, ErrorKind::IndexError);
                prop_assert!(err.message.contains("out of bounds for axis"), "{}", err.message);
            }
            Some(want) => {
                let got = got.unwrap();
                prop_assert!(got.shares_memory_with(&x));
                assert_matches(&got, &want);
                // Writing through the same index on a contiguous copy fills exactly that selection.
                let y = Tensor::zeros(&shape, dtype).unwrap();
                let src = laid_out(got.shape(), dtype, seed ^ 7, Layout::Reversed);
                setitem(&y, &encode(&items), &Operand::Tensor(src.clone())).unwrap();
                assert_matches(&getitem(&y, &encode(&items)).unwrap(), &Ref::of(&src));
            }
        }
    }

    #[test]
    fn single_integer_array(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64,
                            raw in proptest::collection::vec(-6i64..6, 0..5), axis in 0usize..3) {
        prop_assume!(!shape.is_empty());
        let axis = axis % shape.len();
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let idx = t64(&raw, &[raw.len() as i64]);
        let mut items: Vec<Any> = (0..axis).map(|_| slice(None, None, None)).collect();
        items.push(tensor(idx.clone()));
        let got = getitem(&x, &tuple(items.clone()));
        let len = shape[axis];
        if raw.iter().any(|&v| v < -len || v >= len) {
            let err = got.unwrap_err();
            prop_assert_eq!(err.kind, ErrorKind::IndexError);
            prop_assert!(err.message.contains(&format!("axis {axis} with size {len}")), "{}", err.message);
            prop_assert_eq!(take(&x, &idx, Some(axis as i64)).unwrap_err().kind, ErrorKind::IndexError);
        } else {
            let got = got.unwrap();
            let mut oshape = shape.clone();
            oshape[axis] = raw.len() as i64;
            let want = Ref {
                shape: oshape.clone(),
                items: indices(&oshape).iter().map(|i| {
                    let mut s = i.clone();
                    let v = raw[i[axis] as usize];
                    s[axis] = if v < 0 { v + len } else { v };
                    r.at(&s).to_vec()
                }).collect(),
            };
            assert_matches(&got, &want);
            assert_matches(&take(&x, &idx, Some(axis as i64)).unwrap(), &want);
            // Scatter back: x2[..., idx] = got reproduces got at those positions.
            let y = Tensor::zeros(&shape, dtype).unwrap();
            setitem(&y, &tuple(items.clone()), &Operand::Tensor(got.clone())).unwrap();
            assert_matches(&getitem(&y, &tuple(items)).unwrap(), &want);
        }
    }

    #[test]
    fn boolean_masks(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64, mseed: u64) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let mask = laid_out(&shape, DType::Bool, mseed, Layout::Transposed);
        let flags = mask.to_vec::<bool>().unwrap();
        let got = getitem(&x, &tensor(mask.clone())).unwrap();
        let items: Vec<Vec<u8>> = r.items.iter().zip(&flags).filter(|(_, &f)| f).map(|(i, _)| i.clone()).collect();
        assert_matches(&got, &Ref { shape: vec![items.len() as i64], items });
        let nz = nonzero(&mask);
        if shape.is_empty() {
            prop_assert_eq!(nz.unwrap_err().kind, ErrorKind::ValueError);
        } else {
            let nz = nz.unwrap();
            let hits: Vec<Vec<i64>> = indices(&shape).into_iter().zip(&flags).filter(|(_, &f)| f).map(|(i, _)| i).collect();
            for (d, coords) in nz.iter().enumerate() {
                prop_assert_eq!(i64s(coords), hits.iter().map(|h| h[d]).collect::<Vec<_>>());
            }
        }
        // setitem with a scalar through the mask: selected elements become 1, others unchanged.
        let y = x.copy().unwrap();
        setitem(&y, &tensor(mask.clone()), &Operand::Scalar(Scalar::Bool(true))).unwrap();
        let one = Ref::of(&Operand::Scalar(Scalar::Bool(true)).to_tensor(Some(dtype)).unwrap()).items[0].clone();
        let want: Vec<Vec<u8>> = r.items.iter().zip(&flags).map(|(i, &f)| if f { one.clone() } else { i.clone() }).collect();
        assert_matches(&y, &Ref { shape: shape.clone(), items: want });
    }

    #[test]
    fn take_along_axis_matches_reference(shape in any_shape(3), dtype in any_dtype(), seed: u64, k in 0i64..4, axis in 0usize..3) {
        prop_assume!(!shape.is_empty() && !shape.contains(&0));
        let axis = axis % shape.len();
        let x = laid_out(&shape, dtype, seed, Layout::Reversed);
        let r = Ref::of(&x);
        let mut ishape = shape.clone();
        ishape[axis] = k;
        let n: i64 = ishape.iter().product();
        let raw: Vec<i64> = (0..n).map(|i| (i * 7 + seed as i64 % 5).rem_euclid(2 * shape[axis]) - shape[axis]).collect();
        let idx = t64(&raw, &ishape);
        let got = take_along_axis(&x, &idx, axis as i64).unwrap();
        let want = Ref {
            shape: ishape.clone(),
            items: indices(&ishape).iter().enumerate().map(|(p, i)| {
                let mut s = i.clone();
                s[axis] = raw[p].rem_euclid(shape[axis]);
                r.at(&s).to_vec()
            }).collect(),
        };
        assert_matches(&got, &want);
    }
}

fn arange(shape: &[i64]) -> Tensor {
    let n: i64 = shape.iter().product();
    t64(&(0..n).collect::<Vec<_>>(), shape)
}

#[test]
fn multiple_advanced_indices_follow_numpy() {
    let x = arange(&[2, 3, 4]);
    let i01 = tensor(t64(&[0, 1], &[2]));
    // Adjacent advanced indices (int + array) keep their place: x[:, 0, [0, 1]] -> (2, 2).
    let got = getitem(&x, &tuple(vec![slice(None, None, None), Any::int(0), i01.clone()])).unwrap();
    assert_eq!(got.shape(), [2, 2]);
    assert_eq!(i64s(&got), [0, 1, 12, 13]);
    // Separated by a slice they go first: x[0, :, [0, 1]] -> (2, 3).
    let got = getitem(&x, &tuple(vec![Any::int(0), slice(None, None, None), i01.clone()])).unwrap();
    assert_eq!(got.shape(), [2, 3]);
    assert_eq!(i64s(&got), [0, 4, 8, 1, 5, 9]);
    // Broadcasting index arrays: x[[[0], [1]], :, [1, 3]] -> (2, 2, 3).
    let rows = tensor(t64(&[0, 1], &[2, 1]));
    let cols = tensor(t64(&[1, 3], &[2]));
    let got = getitem(&x, &tuple(vec![rows, slice(None, None, None), cols])).unwrap();
    assert_eq!(got.shape(), [2, 2, 3]);
    assert_eq!(i64s(&got), [1, 5, 9, 3, 7, 11, 13, 17, 21, 15, 19, 23]);
    // Two arrays side by side: x[[0, 1], [2, 0]] -> (2, 4).
    let got = getitem(&x, &tuple(vec![i01.clone(), tensor(t64(&[2, 0], &[2]))])).unwrap();
    assert_eq!(i64s(&got), [8, 9, 10, 11, 12, 13, 14, 15]);
    // A 2-D mask over the first two dims: x[m] -> (count, 4).
    let m = Tensor::from_slice(&[true, false, true, false, false, true], &[2, 3]).unwrap();
    let got = getitem(&x, &tensor(m)).unwrap();
    assert_eq!(got.shape(), [3, 4]);
    assert_eq!(i64s(&got)[..5], [0, 1, 2, 3, 8]);
    // Ellipsis, newaxis and negative steps: x[..., None, ::-2] -> (2, 3, 1, 2).
    let got = getitem(&x, &tuple(vec![ellipsis(), Any::NONE, slice(None, None, Some(-2))])).unwrap();
    assert_eq!(got.shape(), [2, 3, 1, 2]);
    assert_eq!(i64s(&got)[..4], [3, 1, 7, 5]);
    // Scalars: x[True] adds a dim; x[False] an empty one.
    assert_eq!(getitem(&x, &Any::bool(true)).unwrap().shape(), [1, 2, 3, 4]);
    assert_eq!(getitem(&x, &Any::bool(false)).unwrap().shape(), [0, 2, 3, 4]);
    // A list inside a tuple is a 1-D index; an int index alone gives a view.
    let list = tuple(vec![Any::int(1), Any::int(-1)]);
    let got = getitem(&x, &tuple(vec![slice(None, None, None), list])).unwrap();
    assert_eq!(got.shape(), [2, 2, 4]);
    let row = getitem(&x, &Any::int(-1)).unwrap();
    assert!(row.shares_memory_with(&x));
    assert_eq!(i64s(&row)[0], 12);
    // Every index dtype works.
    let u8idx = Tensor::from_slice(&[2u8, 0], &[2]).unwrap();
    assert_eq!(i64s(&getitem(&arange(&[3]), &tensor(u8idx)).unwrap()), [2, 0]);
}

#[test]
fn index_errors() {
    let x = arange(&[2, 3]);
    assert_err(
        getitem(&x, &tuple(vec![Any::int(0), Any::int(5)])),
        ErrorKind::IndexError,
        &["getitem", "index 5", "axis 1", "size 3"],
    );
    assert_err(
        getitem(&x, &tuple(vec![Any::int(0), Any::int(0), Any::int(0)])),
        ErrorKind::IndexError,
        &["too many indices", "2-dimensional", "3"],
    );
    assert_err(getitem(&x, &tuple(vec![ellipsis(), ellipsis()])), ErrorKind::IndexError, &["single ellipsis"]);
    assert_err(getitem(&x, &Any::float(1.0)), ErrorKind::IndexError, &["valid indices", "float"]);
    // a str is a basic index written as text; one that does not read as one is refused
    assert_err(getitem(&x, &Any::str("a")), ErrorKind::IndexError, &["cannot read \"a\" as an index item"]);
    assert_err(getitem(&x, &Any::str("0, 1:2:3:4")), ErrorKind::IndexError, &["item 1 of the index", "three parts"]);
    assert_err(getitem(&x, &Any::str("::0")), ErrorKind::ValueError, &["step cannot be zero"]);
    assert_err(getitem(&x, &Any::str("0, 5")), ErrorKind::IndexError, &["index 5", "axis 1", "size 3"]);
    assert_err(getitem(&x, &tensor(f64t(&[0.0], &[1]))), ErrorKind::IndexError, &["float64"]);
    assert_err(getitem(&x, &slice(None, None, Some(0))), ErrorKind::ValueError, &["step cannot be zero"]);
    let m = Tensor::from_slice(&[true, false, true], &[3]).unwrap();
    assert_err(
        getitem(&x, &tensor(m)),
        ErrorKind::IndexError,
        &["boolean index did not match", "axis 0", "size of axis is 2", "3"],
    );
    let bad = tuple(vec![tensor(t64(&[0, 1], &[2])), tensor(t64(&[0, 1, 2], &[3]))]);
    assert_err(getitem(&x, &bad), ErrorKind::IndexError, &["shape mismatch", "(2,)", "(3,)"]);
    assert_err(getitem(&x, &tensor(t64(&[-3], &[1]))), ErrorKind::IndexError, &["index -3", "axis 0", "size 2"]);
    assert_err(take(&x, &t64(&[3], &[1]), Some(1)), ErrorKind::IndexError, &["take", "index 3", "axis 1", "size 3"]);
    assert_err(take(&x, &f64t(&[0.0], &[1]), None), ErrorKind::TypeError, &["take() argument 'indices'"]);
    assert_err(take(&x, &t64(&[0], &[1]), Some(2)), ErrorKind::ValueError, &["take() argument 'axis'"]);
    assert_err(take_along_axis(&x, &t64(&[0], &[1]), 0), ErrorKind::ValueError, &["take_along_axis", "dimensions"]);
    assert_err(
        take_along_axis(&x, &t64(&[0, 0, 0], &[3, 1]), 1),
        ErrorKind::ValueError,
        &["take_along_axis", "broadcastable"],
    );
    assert_err(nonzero(&Tensor::scalar(1i64)), ErrorKind::ValueError, &["nonzero", "0-d"]);
}

#[test]
fn setitem_semantics() {
    let x = arange(&[5]);
    // Overlapping source and destination behave as if the source were copied first.
    setitem(&x, &slice(Some(1), None, None), &Operand::Tensor(getitem(&x, &slice(None, Some(-1), None)).unwrap()))
        .unwrap();
    assert_eq!(i64s(&x), [0, 0, 1, 2, 3]);
    // Unsafe casts as numpy: floats truncate into ints.
    setitem(&x, &Any::int(0), &Operand::Scalar(Scalar::Float(2.7))).unwrap();
    setitem(&x, &Any::int(1), &Operand::Tensor(f64t(&[-3.9], &[]))).unwrap();
    assert_eq!(i64s(&x)[..2], [2, -3]);
    // One element (an integer per dim) takes a scalar or 0-d value only, as in numpy 2.
    assert_err(
        setitem(&x, &Any::int(1), &Operand::Tensor(f64t(&[-3.9], &[1]))),
        ErrorKind::ValueError,
        &["setitem: setting an element with a sequence", "got shape (1,)"],
    );
    // Broadcasting the value, and dropping its leading size-1 dims.
    let m = arange(&[2, 3]);
    setitem(&m, &slice(None, None, None), &Operand::Tensor(t64(&[7, 8, 9], &[1, 1, 3]))).unwrap();
    assert_eq!(i64s(&m), [7, 8, 9, 7, 8, 9]);
    // Repeated advanced indices: the last write wins.
    let v = arange(&[3]);
    setitem(&v, &tensor(t64(&[0, 0], &[2])), &Operand::Tensor(t64(&[5, 6], &[2]))).unwrap();
    assert_eq!(i64s(&v)[0], 6);
    // Errors.
    let small = Tensor::zeros(&[3], DType::UInt8).unwrap();
    assert_err(
        setitem(&small, &Any::int(0), &Operand::Scalar(Scalar::Int(300))),
        ErrorKind::OverflowError,
        &["setitem", "300", "uint8"],
    );
    assert_err(
        setitem(&small, &Any::int(0), &Operand::Scalar(Scalar::Float(f64::NAN))),
        ErrorKind::ValueError,
        &["NaN"],
    );
    assert_err(
        setitem(&small, &Any::int(0), &Operand::Scalar(Scalar::Float(f64::INFINITY))),
        ErrorKind::OverflowError,
        &["infinity"],
    );
    assert_err(
        setitem(&small, &slice(None, None, None), &Operand::Tensor(t64(&[1, 2], &[2]))),
        ErrorKind::ValueError,
        &["setitem", "(2,)", "(3,)"],
    );
    let b = arange(&[1]).broadcast_to(&[3]).unwrap();
    assert_err(setitem(&b, &Any::int(0), &Operand::Scalar(Scalar::Int(1))), ErrorKind::ValueError, &["read-only"]);
    assert_err(
        setitem(&small, &Any::int(3), &Operand::Scalar(Scalar::Int(1))),
        ErrorKind::IndexError,
        &["index 3", "axis 0", "size 3"],
    );
    // Complex into float keeps the real part; bools into ints are 0/1.
    let f = Tensor::zeros(&[2], DType::Float32).unwrap();
    let c = Tensor::from_slice(&[ferrule_core::Complex64 { re: 1.5, im: 2.0 }], &[]).unwrap();
    setitem(&f, &Any::int(1), &Operand::Tensor(c)).unwrap();
    assert_eq!(f.to_vec::<f32>().unwrap(), [0.0, 1.5]);
}

#[test]
fn take_flattens_and_keeps_index_shape() {
    let x = arange(&[2, 3]);
    let got = take(&x, &t64(&[5, -6, 1, 0], &[2, 2]), None).unwrap();
    assert_eq!(got.shape(), [2, 2]);
    assert_eq!(i64s(&got), [5, 0, 1, 0]);
    let got = take(&x, &t64(&[2, 0], &[2, 1]), Some(1)).unwrap();
    assert_eq!(got.shape(), [2, 2, 1]);
    assert_eq!(i64s(&got), [2, 0, 5, 3]);
    let empty = take(&x, &t64(&[], &[0]), Some(0)).unwrap();
    assert_eq!(empty.shape(), [0, 3]);
    // take_along_axis broadcasts the other dims.
    let got = take_along_axis(&x, &t64(&[2, 0], &[1, 2]), 1).unwrap();
    assert_eq!(got.shape(), [2, 2]);
    assert_eq!(i64s(&got), [2, 0, 5, 3]);
}

#[test]
fn list_indices_inside_the_tuple() {
    let x = arange(&[3, 4]);
    // A top-level Array is a tuple: [0, 2] is x[0, 2].
    assert_eq!(i64s(&getitem(&x, &tuple(vec![Any::int(0), Any::int(2)])).unwrap()), [2]);
    // An Array inside it is a list: [[0, 2]] is x[[0, 2]] (rows 0 and 2).
    let rows = getitem(&x, &tuple(vec![tuple(vec![Any::int(0), Any::int(2)])])).unwrap();
    assert_eq!(rows.shape(), [2, 4]);
    assert_eq!(i64s(&rows), [0, 1, 2, 3, 8, 9, 10, 11]);
    // Nested Arrays are a multi-dim index: [[[0, 1], [2, 2]]] has shape (2, 2, 4).
    let nested = tuple(vec![tuple(vec![Any::int(0), Any::int(1)]), tuple(vec![Any::int(2), Any::int(2)])]);
    let got = getitem(&x, &tuple(vec![nested])).unwrap();
    assert_eq!(got.shape(), [2, 2, 4]);
    assert_eq!(i64s(&got)[..5], [0, 1, 2, 3, 4]);
    // All bools: a mask; bools among ints: 0 and 1; an empty list: an integer index.
    let mask = tuple(vec![Any::bool(true), Any::bool(false), Any::bool(true)]);
    assert_eq!(getitem(&x, &tuple(vec![mask])).unwrap().shape(), [2, 4]);
    let mixed = tuple(vec![Any::bool(true), Any::int(0)]);
    assert_eq!(i64s(&getitem(&x, &tuple(vec![mixed, Any::int(0)])).unwrap()), [4, 0]);
    assert_eq!(getitem(&x, &tuple(vec![tuple(vec![])])).unwrap().shape(), [0, 4]);
    let empty2d = tuple(vec![tuple(vec![])]);
    assert_eq!(getitem(&x, &tuple(vec![empty2d])).unwrap().shape(), [1, 0, 4]);
    // Ragged lists and lists of other things are refused, naming the item.
    let ragged = tuple(vec![tuple(vec![Any::int(0), Any::int(1)]), tuple(vec![Any::int(1)])]);
    assert_err(
        getitem(&x, &tuple(vec![Any::int(0), ragged])),
        ErrorKind::ValueError,
        &["getitem: item 1 of the index", "rectangular", "after 1 dimensions"],
    );
    let floats = tuple(vec![Any::float(1.0)]);
    assert_err(
        getitem(&x, &tuple(vec![floats])),
        ErrorKind::IndexError,
        &["item 0 of the index", "valid indices", "a list holding float"],
    );
}

#[test]
fn slices_zero_d_tensors_and_masks() {
    let x = arange(&[5]);
    // Slice bounds may be 0-d integer tensors of any integer dtype.
    let two = tensor(Tensor::scalar(2u8));
    let parts = tuple(vec![Any::NONE, two, Any::NONE]);
    let s = Any::object(ObjRef::new(Map::new([(Any::str("slice"), parts)]).unwrap()));
    assert_eq!(i64s(&getitem(&x, &s).unwrap()), [0, 1]);
    // ... but not floats, bools or 1-d tensors; and a Map must be exactly {"slice": [a, b, c]}.
    for bad in [Any::float(1.0), Any::bool(true), tensor(t64(&[1], &[1]))] {
        let parts = tuple(vec![bad, Any::NONE, Any::NONE]);
        let s = Any::object(ObjRef::new(Map::new([(Any::str("slice"), parts)]).unwrap()));
        assert_err(getitem(&x, &s), ErrorKind::TypeError, &["getitem: ", "slice indices must be integers"]);
    }
    let parts = tuple(vec![Any::NONE, Any::NONE, Any::NONE]);
    let two_keys = Map::new([(Any::str("slice"), parts), (Any::str("extra"), Any::int(1))]).unwrap();
    assert_err(getitem(&x, &Any::object(ObjRef::new(two_keys))), ErrorKind::IndexError, &["{\"slice\""]);
    // A 0-d integer tensor acts as an int (numpy), but the result is a copy.
    let x2 = arange(&[3, 4]);
    let row = getitem(&x2, &tensor(Tensor::scalar(1i32))).unwrap();
    assert_eq!(i64s(&row), [4, 5, 6, 7]);
    assert!(!row.shares_memory_with(&x2));
    // A mask dim of size 0 matches a dim of any size.
    let empty_mask = Tensor::from_slice::<bool>(&[], &[0]).unwrap();
    assert_eq!(getitem(&x, &tensor(empty_mask.clone())).unwrap().shape(), [0]);
    assert_eq!(getitem(&x2, &tuple(vec![slice(None, None, None), tensor(empty_mask)])).unwrap().shape(), [3, 0]);
    // Integers are checked even when the broadcast selects nothing (numpy).
    let none = tensor(t64(&[], &[0]));
    assert_err(
        getitem(&x2, &tuple(vec![Any::int(5), none])),
        ErrorKind::IndexError,
        &["item 0 of the index", "index 5 is out of bounds for axis 0 with size 3"],
    );
}

#[test]
fn a_separator_between_advanced_indices_sends_them_first() {
    let x = arange(&[5, 3, 4]);
    let a = || tensor(t64(&[0, 1], &[2]));
    let b = || tensor(t64(&[1, 2], &[2]));
    let all = || slice(None, None, None);
    // Adjacent: in place. x[:, [0, 1], [1, 2]] -> (5, 2).
    assert_eq!(getitem(&x, &tuple(vec![all(), a(), b()])).unwrap().shape(), [5, 2]);
    // A `...` between them separates them even when it stands for no dims: (2, 5).
    assert_eq!(getitem(&x, &tuple(vec![all(), a(), ellipsis(), b()])).unwrap().shape(), [2, 5]);
    // So does None: x[:, [0, 1], None, [1, 2]] -> (2, 5, 1).
    assert_eq!(getitem(&x, &tuple(vec![all(), a(), Any::NONE, b()])).unwrap().shape(), [2, 5, 1]);
    // A bool scalar is itself an advanced index (a new dim): with x4 of shape (5, 3, 4, 6),
    // x4[:, [0, 1], True, [1]] -> (5, 2, 6) and x4[:, True, :, [0, 1]] -> (2, 5, 3, 6).
    let x4 = arange(&[5, 3, 4, 6]);
    let one = tensor(t64(&[1], &[1]));
    assert_eq!(getitem(&x4, &tuple(vec![all(), a(), Any::bool(true), one])).unwrap().shape(), [5, 2, 6]);
    assert_eq!(getitem(&x4, &tuple(vec![all(), Any::bool(true), all(), a()])).unwrap().shape(), [2, 5, 3, 6]);
}

/// Text indices at the edges of the byte-level shortcut (no tuple, int64's extremes, a step of
/// int64's minimum) give the view the tuple form gives; text the shortcut leaves to the general
/// reader (spaces, `...`, `None`, a bound beyond int64, an empty item) still reads or fails as
/// before.
#[test]
fn text_indices_at_the_shortcuts_edges() {
    let x = arange(&[5, 4]);
    let same = |text: &str, items: Vec<Any>| {
        let (a, b) = (getitem(&x, &Any::str(text)).unwrap(), getitem(&x, &tuple(items)).unwrap());
        assert_eq!((a.shape(), a.strides(), a.data_ptr()), (b.shape(), b.strides(), b.data_ptr()), "{text}");
    };
    let (min, max) = (i64::MIN, i64::MAX);
    same("3", vec![Any::int(3)]);
    same("-5", vec![Any::int(-5)]);
    same("1:-1", vec![slice(Some(1), Some(-1), None)]);
    same("+1:", vec![slice(Some(1), None, None)]);
    same("::-1,2", vec![slice(None, None, Some(-1)), Any::int(2)]);
    same("-9223372036854775808:9223372036854775807", vec![slice(Some(min), Some(max), None)]);
    same("::-9223372036854775808", vec![slice(None, None, Some(min))]);
    same("9223372036854775807::9223372036854775807", vec![slice(Some(max), None, Some(max))]);
    same("..., 1", vec![ellipsis(), Any::int(1)]);
    same("None,2", vec![Any::NONE, Any::int(2)]);
    same("1:3, ::2", vec![slice(Some(1), Some(3), None), slice(None, None, Some(2))]);
    let err = |text: &str| getitem(&x, &Any::str(text)).unwrap_err();
    assert_eq!(err("5").kind, ErrorKind::IndexError);
    assert!(err("5").message.contains("index 5 is out of bounds for axis 0 with size 5"), "{}", err("5").message);
    assert_eq!(err("::0").kind, ErrorKind::ValueError);
    assert!(
        err("9223372036854775808").message.contains("does not fit in int64"),
        "{}",
        err("9223372036854775808").message
    );
    assert!(err("1,,2").message.contains("an empty item"), "{}", err("1,,2").message);
    assert!(err("1:2:3:4").message.contains("at most three parts"), "{}", err("1:2:3:4").message);
    assert!(err("1,2,3").message.contains("too many indices"), "{}", err("1,2,3").message);
    assert!(err("--1").message.contains("cannot read"), "{}", err("--1").message);
}
