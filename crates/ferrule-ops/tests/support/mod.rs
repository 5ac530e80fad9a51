//! Test support for the manipulation, indexing, sorting and set kernels: random tensors of every dtype in awkward layouts, and a byte-level reference array.
#![allow(dead_code)]

use ferrule_core::{DType, ErrorKind, Result, Tensor};
use proptest::prelude::*;

/// A logical n-d array of raw elements (each `itemsize` bytes), in C order: the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Ref {
    pub shape: Vec<i64>,
    pub items: Vec<Vec<u8>>,
}

impl Ref {
    pub fn of(t: &Tensor) -> Ref {
        let bytes = t.to_bytes().unwrap();
        let n = t.itemsize();
        Ref { shape: t.shape().to_vec(), items: bytes.chunks(n).map(<[u8]>::to_vec).collect() }
    }

    pub fn numel(&self) -> usize {
        self.shape.iter().product::<i64>() as usize
    }

    /// The flat C-order position of a multi-index.
    pub fn flat(&self, index: &[i64]) -> usize {
        let mut pos = 0i64;
        for (&i, &d) in index.iter().zip(&self.shape) {
            pos = pos * d + i;
        }
        pos as usize
    }

    pub fn at(&self, index: &[i64]) -> &[u8] {
        &self.items[self.flat(index)]
    }
}

/// Every multi-index of `shape` in C order.
pub fn indices(shape: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &d in shape {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..d).map(move |i| {
                    let mut p = prefix.clone();
                    p.push(i);
                    p
                })
            })
            .collect();
    }
    out
}

/// Asserts that `t` holds exactly the reference elements (shape and bytes).
pub fn assert_matches(t: &Tensor, expected: &Ref) {
    assert_eq!(t.shape(), &expected.shape[..], "shape");
    assert_eq!(&Ref::of(t), expected, "elements");
}

/// A contiguous tensor of `shape` and `dtype` from seeded pseudo-random bytes (bools 0/1).
pub fn random_tensor(shape: &[i64], dtype: DType, seed: u64) -> Tensor {
    let n: i64 = shape.iter().product();
    let nbytes = n as usize * dtype.itemsize();
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let bytes: Vec<u8> = (0..nbytes)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let b = (state >> 33) as u8;
            if dtype == DType::Bool {
                b & 1
            } else {
                b
            }
        })
        .collect();
    Tensor::from_bytes(&bytes, shape, dtype).unwrap()
}

/// How a test tensor is laid out in memory.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    Contiguous,
    /// Every other element of a tensor twice as long in each dim.
    Strided,
    /// The logical tensor, stored reversed along every dim (negative strides).
    Reversed,
    /// Stored transposed (dims reversed), viewed back in logical order.
    Transposed,
    /// A broadcast of a size-1 (or 0-d) tensor (zero strides) — read-only in numpy.
    Broadcast,
}

/// A tensor with the logical elements of `random_tensor(shape, dtype, seed)` — except for
/// `Broadcast`, where every element equals the first — laid out as `layout` says.
pub fn laid_out(shape: &[i64], dtype: DType, seed: u64, layout: Layout) -> Tensor {
    let base = random_tensor(shape, dtype, seed);
    match layout {
        Layout::Contiguous => base,
        Layout::Strided => {
            let big_shape: Vec<i64> = shape.iter().map(|&d| d * 2).collect();
            let big = random_tensor(&big_shape, dtype, seed ^ 0xabc);
            let mut view = big.clone();
            for axis in 0..shape.len() {
                view = view.slice(axis, None, None, 2).unwrap();
            }
            write(&view, &base);
            view
        }
        Layout::Reversed => {
            let mut flipped = base.clone();
            for axis in 0..shape.len() {
                flipped = flipped.slice(axis, None, None, -1).unwrap();
            }
            let store = flipped.copy().unwrap();
            let mut view = store;
            for axis in 0..shape.len() {
                view = view.slice(axis, None, None, -1).unwrap();
            }
            view
        }
        Layout::Transposed => {
            let order: Vec<usize> = (0..shape.len()).rev().collect();
            let store = base.permute(&order).unwrap().copy().unwrap();
            store.permute(&order).unwrap()
        }
        Layout::Broadcast => {
            let one = random_tensor(&[], dtype, seed);
            one.broadcast_to(shape).unwrap()
        }
    }
}

/// Writes the elements of `src` into the same-shape view `dst` through raw bytes.
fn write(dst: &Tensor, src: &Tensor) {
    let bytes = src.to_bytes().unwrap();
    let n = dst.itemsize();
    let mut k = 0;
    ferrule_core::tensor::for_each_offset(dst.shape(), dst.strides(), |off| {
        // SAFETY: offsets of a valid view of a fresh tensor only the test holds.
        unsafe {
            let p = dst.data_ptr().offset(off as isize * n as isize);
            std::ptr::copy_nonoverlapping(bytes[k * n..].as_ptr(), p, n);
        }
        k += 1;
    });
}

pub fn any_dtype() -> impl Strategy<Value = DType> {
    proptest::sample::select(DType::ALL.to_vec())
}

pub fn any_layout() -> impl Strategy<Value = Layout> {
    proptest::sample::select(vec![
        Layout::Contiguous,
        Layout::Strided,
        Layout::Reversed,
        Layout::Transposed,
        Layout::Broadcast,
    ])
}

/// Shapes of 0 to `max_ndim` dims, each of size 0 to 4 (size 0 rarely).
pub fn any_shape(max_ndim: usize) -> impl Strategy<Value = Vec<i64>> {
    proptest::collection::vec(prop_oneof![1 => Just(0i64), 8 => 1i64..5], 0..=max_ndim)
}

/// Asserts the error kind and that the message contains every fragment.
pub fn assert_err<T: std::fmt::Debug>(result: Result<T>, kind: ErrorKind, fragments: &[&str]) {
    let err = result.expect_err("expected an error");
    assert_eq!(err.kind, kind, "{}", err.message);
    for f in fragments {
        assert!(err.message.contains(f), "{:?} does not contain {:?}", err.message, f);
    }
}

pub fn i64s(t: &Tensor) -> Vec<i64> {
    t.to_vec::<i64>().unwrap()
}

pub fn t64(values: &[i64], shape: &[i64]) -> Tensor {
    Tensor::from_slice(values, shape).unwrap()
}

pub fn f64t(values: &[f64], shape: &[i64]) -> Tensor {
    Tensor::from_slice(values, shape).unwrap()
}
