//! Manipulation kernels against a byte-level reference, on every dtype and awkward layouts.

mod support;

use ferrule_core::{DType, ErrorKind, Tensor};
use ferrule_ops::manipulate::*;
use ferrule_ops::{Operand, Scalar};
use ferrule_registry::{Any, Array, ObjRef};
use proptest::prelude::*;
use support::*;

/// The reference array of `shape` whose element at `idx` is `f(idx)`.
fn build(shape: &[i64], f: impl Fn(&[i64]) -> Vec<u8>) -> Ref {
    Ref { shape: shape.to_vec(), items: indices(shape).iter().map(|i| f(i)).collect() }
}

fn ints(v: &[i64]) -> Any {
    Any::object(ObjRef::new(Array::new(v.iter().map(|&i| Any::int(i)).collect())))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 1 << 20, ..ProptestConfig::default() })]

    #[test]
    fn reshape_flatten_and_back(shape in any_shape(4), dtype in any_dtype(), layout in any_layout(), seed: u64) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let flat = reshape(&x, &[-1], None).unwrap();
        assert_matches(&flat, &Ref { shape: vec![r.numel() as i64], items: r.items.clone() });
        let back = reshape(&flat, &shape, Some(false)).unwrap();
        prop_assert!(back.shares_memory_with(&flat));
        assert_matches(&back, &r);
        let copied = reshape(&x, &shape, Some(true)).unwrap();
        prop_assert!(!copied.shares_memory_with(&x));
        assert_matches(&copied, &r);
        if x.is_contiguous() {
            prop_assert!(flat.shares_memory_with(&x));
        }
    }

    #[test]
    fn permute_and_moveaxis(shape in any_shape(4), dtype in any_dtype(), layout in any_layout(), seed: u64, rot in 0usize..4) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let n = shape.len();
        let perm: Vec<i64> = (0..n).map(|i| ((i + rot) % n.max(1)) as i64).collect();
        let p = permute_dims(&x, &perm).unwrap();
        prop_assert!(p.shares_memory_with(&x));
        let out_shape: Vec<i64> = perm.iter().map(|&a| shape[a as usize]).collect();
        assert_matches(&p, &build(&out_shape, |idx| {
            let mut src = vec![0; n];
            for (k, &a) in perm.iter().enumerate() { src[a as usize] = idx[k]; }
            r.at(&src).to_vec()
        }));
        if n >= 1 {
            let m = moveaxis(&x, &[0], &[-1]).unwrap();
            let mut expect: Vec<i64> = (1..n as i64).collect();
            expect.push(0);
            assert_matches(&m, &Ref::of(&permute_dims(&x, &expect).unwrap()));
        }
        if n >= 2 {
            let t = matrix_transpose(&x).unwrap();
            let mut axes: Vec<i64> = (0..n as i64).collect();
            axes.swap(n - 2, n - 1);
            assert_matches(&t, &Ref::of(&permute_dims(&x, &axes).unwrap()));
        }
    }

    #[test]
    fn expand_squeeze_broadcast(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64, at in 0usize..4) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let at = at.min(shape.len());
        let e = expand_dims(&x, &[at as i64]).unwrap();
        let mut eshape = shape.clone();
        eshape.insert(at, 1);
        assert_matches(&e, &Ref { shape: eshape.clone(), items: r.items.clone() });
        let neg = expand_dims(&x, &[at as i64 - shape.len() as i64 - 1]).unwrap();
        prop_assert_eq!(neg.shape(), &eshape[..]);
        let s = squeeze(&e, Some(&[at as i64])).unwrap();
        assert_matches(&s, &r);
        prop_assert!(s.shares_memory_with(&x));
        let b = broadcast_to(&x, &[[2].as_slice(), &shape].concat()).unwrap();
        prop_assert!(b.shares_memory_with(&x));
        let mut items = r.items.clone();
        items.extend(r.items.clone());
        assert_matches(&b, &Ref { shape: [[2].as_slice(), &shape].concat(), items });
    }

    #[test]
    fn concat_and_stack(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64, extra in 0i64..3) {
        prop_assume!(!shape.is_empty());
        let a = laid_out(&shape, dtype, seed, layout);
        let mut bshape = shape.clone();
        bshape[0] = extra;
        let b = laid_out(&bshape, dtype, seed + 1, Layout::Reversed);
        let (ra, rb) = (Ref::of(&a), Ref::of(&b));
        let c = concat(&[a.clone(), b.clone()], Some(0)).unwrap();
        let mut items = ra.items.clone();
        items.extend(rb.items.clone());
        let mut cshape = shape.clone();
        cshape[0] += extra;
        assert_matches(&c, &Ref { shape: cshape, items: items.clone() });
        let flat = concat(&[a.clone(), b.clone()], None).unwrap();
        assert_matches(&flat, &Ref { shape: vec![items.len() as i64], items });
        // Along the last axis.
        let last = shape.len() - 1;
        let mut b2shape = shape.clone();
        b2shape[last] = extra;
        let b2 = laid_out(&b2shape, dtype, seed + 2, Layout::Transposed);
        let rb2 = Ref::of(&b2);
        let c2 = concat(&[a.clone(), b2], Some(-1)).unwrap();
        let mut c2shape = shape.clone();
        c2shape[last] += extra;
        assert_matches(&c2, &build(&c2shape, |idx| {
            let mut i = idx.to_vec();
            if i[last] < shape[last] { ra.at(&i).to_vec() } else { i[last] -= shape[last]; rb2.at(&i).to_vec() }
        }));
        for axis in 0..=shape.len() {
            let s = stack(&[a.clone(), a.clone()], axis as i64).unwrap();
            let mut sshape = shape.clone();
            sshape.insert(axis, 2);
            assert_matches(&s, &build(&sshape, |idx| { let mut i = idx.to_vec(); i.remove(axis); ra.at(&i).to_vec() }));
            let parts = unstack(&s, axis as i64).unwrap();
            prop_assert_eq!(parts.len(), 2);
            for p in &parts { assert_matches(p, &ra); prop_assert!(p.shares_memory_with(&s)); }
        }
    }

    #[test]
    fn flip_and_roll(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64, shift in -7i64..7) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let f = flip(&x, None).unwrap();
        prop_assert!(f.shares_memory_with(&x));
        assert_matches(&f, &build(&shape, |idx| {
            let i: Vec<i64> = idx.iter().zip(&shape).map(|(&i, &d)| d - 1 - i).collect();
            r.at(&i).to_vec()
        }));
        let flat = roll(&x, &Any::int(shift), None).unwrap();
        let n = r.numel() as i64;
        assert_matches(&flat, &build(&shape, |idx| {
            let pos = r.flat(idx) as i64;
            r.items[(pos - shift).rem_euclid(n.max(1)) as usize].clone()
        }));
        for axis in 0..shape.len() {
            let f1 = flip(&x, Some(&[axis as i64])).unwrap();
            assert_matches(&f1, &build(&shape, |idx| { let mut i = idx.to_vec(); i[axis] = shape[axis] - 1 - i[axis]; r.at(&i).to_vec() }));
            let rolled = roll(&x, &ints(&[shift, 1]), Some(&[axis as i64, axis as i64])).unwrap();
            assert_matches(&rolled, &build(&shape, |idx| {
                let mut i = idx.to_vec();
                i[axis] = (i[axis] - shift - 1).rem_euclid(shape[axis].max(1));
                r.at(&i).to_vec()
            }));
        }
    }

    #[test]
    fn repeat_and_tile(shape in any_shape(3), dtype in any_dtype(), layout in any_layout(), seed: u64, reps in 0i64..3) {
        let x = laid_out(&shape, dtype, seed, layout);
        let r = Ref::of(&x);
        let flat = repeat(&x, &Operand::Scalar(Scalar::Int(reps)), None).unwrap();
        let items: Vec<Vec<u8>> = r.items.iter().flat_map(|i| std::iter::repeat_n(i.clone(), reps as usize)).collect();
        assert_matches(&flat, &Ref { shape: vec![items.len() as i64], items });
        if !shape.is_empty() {
            let counts: Vec<i64> = (0..shape[0]).map(|i| (i + reps) % 3).collect();
            let out = repeat(&x, &Operand::Tensor(t64(&counts, &[shape[0]])), Some(0)).unwrap();
            let src: Vec<i64> = counts.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(i as i64, c as usize)).collect();
            let mut oshape = shape.clone();
            oshape[0] = src.len() as i64;
            assert_matches(&out, &build(&oshape, |idx| { let mut i = idx.to_vec(); i[0] = src[i[0] as usize]; r.at(&i).to_vec() }));
        }
        let tiles = [reps, 2];
        let t = tile(&x, &tiles).unwrap();
        let nd = shape.len().max(2);
        let mut dims = vec![1i64; nd - shape.len()];
        dims.extend(&shape);
        let mut treps = vec![1i64; nd - 2];
        treps.extend(tiles);
        let tshape: Vec<i64> = dims.iter().zip(&treps).map(|(d, r)| d * r).collect();
        assert_matches(&t, &build(&tshape, |idx| {
            let i: Vec<i64> = idx.iter().zip(&dims).map(|(&i, &d)| i % d).skip(nd - shape.len()).collect();
            r.at(&i).to_vec()
        }));
    }
}

#[test]
fn reshape_views_and_errors() {
    let x = t64(&(0..6).collect::<Vec<_>>(), &[2, 3]);
    let t = matrix_transpose(&x).unwrap();
    assert_err(reshape(&t, &[6], Some(false)), ErrorKind::ValueError, &["reshape", "copy=False"]);
    assert_eq!(i64s(&reshape(&t, &[6], None).unwrap()), [0, 3, 1, 4, 2, 5]);
    assert_err(reshape(&x, &[4], None), ErrorKind::ValueError, &["reshape", "size 6", "(4,)"]);
    assert_err(reshape(&x, &[-1, -1], None), ErrorKind::ValueError, &["reshape", "one unknown"]);
    assert_err(reshape(&x, &[1 << 40, 1 << 40], None), ErrorKind::ValueError, &["reshape"]);
}

#[test]
fn axis_errors_name_op_and_argument() {
    let x = Tensor::zeros(&[2, 3], DType::Float32).unwrap();
    assert_err(permute_dims(&x, &[0]), ErrorKind::ValueError, &["permute_dims", "'axes'"]);
    assert_err(permute_dims(&x, &[0, 0]), ErrorKind::ValueError, &["permute_dims", "repeated"]);
    assert_err(permute_dims(&x, &[0, 2]), ErrorKind::ValueError, &["permute_dims() argument 'axes'", "out of bounds"]);
    // the standard names IndexError for expand_dims's axis (the other ops keep ValueError)
    assert_err(expand_dims(&x, &[3]), ErrorKind::IndexError, &["expand_dims() argument 'axis'", "axis 3"]);
    assert_err(expand_dims(&x, &[-4]), ErrorKind::IndexError, &["expand_dims"]);
    // a tuple (2025.12): positions of the result, which has ndim + len(axis) dims
    assert_err(expand_dims(&x, &[0, 4]), ErrorKind::IndexError, &["expand_dims() argument 'axis'", "axis 4"]);
    assert_err(
        expand_dims(&x, &[1, -3]),
        ErrorKind::ValueError,
        &["expand_dims() argument 'axis'", "repeated axis -3"],
    );
    assert_eq!(expand_dims(&x, &[0, -1]).unwrap().shape(), &[1, 2, 3, 1]);
    assert_eq!(expand_dims(&x, &[-1, 1]).unwrap().shape(), &[2, 1, 3, 1]);
    assert_eq!(expand_dims(&x, &[]).unwrap().shape(), &[2, 3]);
    assert_err(squeeze(&x, Some(&[0])), ErrorKind::ValueError, &["squeeze() argument 'axis'", "size 2"]);
    assert_err(
        matrix_transpose(&Tensor::zeros(&[3], DType::Int8).unwrap()),
        ErrorKind::ValueError,
        &["matrix_transpose"],
    );
    assert_err(broadcast_to(&x, &[3, 3]), ErrorKind::ValueError, &["broadcast_to", "(2, 3)", "(3, 3)"]);
    assert_err(
        broadcast_arrays(&[x.clone(), Tensor::zeros(&[4], DType::Int8).unwrap()]),
        ErrorKind::ValueError,
        &["broadcast_arrays"],
    );
    assert_err(concat(&[], Some(0)), ErrorKind::ValueError, &["concat", "'arrays'"]);
    assert_err(
        concat(&[x.clone(), Tensor::zeros(&[2, 4], DType::Float32).unwrap()], Some(0)),
        ErrorKind::ValueError,
        &["concat", "(2, 3)", "(2, 4)"],
    );
    assert_err(concat(&[Tensor::scalar(1i64)], Some(0)), ErrorKind::ValueError, &["concat", "zero-dimensional"]);
    assert_err(concat(std::slice::from_ref(&x), Some(2)), ErrorKind::ValueError, &["concat() argument 'axis'"]);
    assert_err(
        stack(&[x.clone(), Tensor::zeros(&[3, 2], DType::Float32).unwrap()], 0),
        ErrorKind::ValueError,
        &["stack", "same shape"],
    );
    assert_err(stack(std::slice::from_ref(&x), 3), ErrorKind::ValueError, &["stack() argument 'axis'"]);
    assert_err(unstack(&Tensor::scalar(1.0f32), 0), ErrorKind::ValueError, &["unstack"]);
    assert_err(flip(&x, Some(&[2])), ErrorKind::ValueError, &["flip() argument 'axis'"]);
    assert_err(roll(&x, &Any::float(1.5), None), ErrorKind::TypeError, &["roll() argument 'shift'"]);
    assert_err(roll(&x, &ints(&[1, 2]), None), ErrorKind::ValueError, &["roll() argument 'shift'"]);
    assert_err(roll(&x, &ints(&[1, 2, 3]), Some(&[0, 1])), ErrorKind::ValueError, &["roll"]);
    assert_err(moveaxis(&x, &[0, 1], &[0]), ErrorKind::ValueError, &["moveaxis"]);
    assert_err(moveaxis(&x, &[0, 0], &[0, 1]), ErrorKind::ValueError, &["moveaxis() argument 'source'", "repeated"]);
    assert_err(
        repeat(&x, &Operand::Scalar(Scalar::Int(-1)), None),
        ErrorKind::ValueError,
        &["repeat() argument 'repeats'"],
    );
    assert_err(
        repeat(&x, &Operand::Scalar(Scalar::Float(1.0)), None),
        ErrorKind::TypeError,
        &["repeat() argument 'repeats'"],
    );
    assert_err(
        repeat(&x, &Operand::Tensor(t64(&[1, 2], &[2])), Some(1)),
        ErrorKind::ValueError,
        &["repeat() argument 'repeats'", "2 counts", "size 3"],
    );
    assert_err(
        repeat(&x, &Operand::Tensor(f64t(&[1.0], &[1])), Some(1)),
        ErrorKind::TypeError,
        &["repeat() argument 'repeats'", "float64"],
    );
    assert_err(tile(&x, &[-1]), ErrorKind::ValueError, &["tile() argument 'repetitions'"]);
}

#[test]
fn concat_and_stack_promote() {
    let a = Tensor::from_slice(&[1i8, -2], &[2]).unwrap();
    let b = Tensor::from_slice(&[300u16], &[1]).unwrap();
    let c = concat(&[a.clone(), b.clone()], Some(0)).unwrap();
    assert_eq!(c.dtype(), DType::Int32);
    assert_eq!(c.to_vec::<i32>().unwrap(), [1, -2, 300]);
    let f = Tensor::from_slice(&[0.5f32, 1.5], &[2]).unwrap();
    let s = stack(&[a, f], 0).unwrap();
    assert_eq!(s.dtype(), DType::Float32);
    assert_eq!(s.to_vec::<f32>().unwrap(), [1.0, -2.0, 0.5, 1.5]);
    let bools = Tensor::from_slice(&[true, false], &[2]).unwrap();
    let c = concat(&[bools, Tensor::from_slice(&[2.5f64], &[1]).unwrap()], None).unwrap();
    assert_eq!(c.to_vec::<f64>().unwrap(), [1.0, 0.0, 2.5]);
}

#[test]
fn views_share_memory() {
    let x = t64(&(0..24).collect::<Vec<_>>(), &[2, 3, 4]);
    for v in [
        permute_dims(&x, &[2, 0, 1]).unwrap(),
        matrix_transpose(&x).unwrap(),
        expand_dims(&x, &[-1]).unwrap(),
        squeeze(&expand_dims(&x, &[0]).unwrap(), Some(&[0])).unwrap(),
        broadcast_to(&x, &[5, 2, 3, 4]).unwrap(),
        moveaxis(&x, &[0, 1], &[-1, -2]).unwrap(),
        flip(&x, Some(&[1, 2])).unwrap(),
        reshape(&x, &[6, 4], None).unwrap(),
    ] {
        assert!(v.shares_memory_with(&x), "{v:?}");
    }
    for v in broadcast_arrays(&[x.clone(), Tensor::zeros(&[4], DType::Int64).unwrap()]).unwrap() {
        assert_eq!(v.shape(), [2, 3, 4]);
    }
    assert_eq!(moveaxis(&x, &[0, 1], &[-1, -2]).unwrap().shape(), [4, 3, 2]);
    assert_eq!(i64s(&roll(&t64(&[1, 2, 3, 4], &[2, 2]), &Any::int(1), None).unwrap()), [4, 1, 2, 3]);
    assert_eq!(i64s(&roll(&t64(&[1, 2, 3, 4], &[2, 2]), &Any::int(-1), Some(&[1])).unwrap()), [2, 1, 4, 3]);
    assert_eq!(tile(&Tensor::scalar(7i64), &[]).unwrap().shape(), [] as [i64; 0]);
    assert_eq!(i64s(&tile(&t64(&[1, 2], &[2]), &[2, 2]).unwrap()), [1, 2, 1, 2, 1, 2, 1, 2]);
    assert_eq!(squeeze(&Tensor::zeros(&[1, 2, 1], DType::Int8).unwrap(), None).unwrap().shape(), [2]);
}
