//! The tiny-input shortcut of the arithmetic and comparison operators (schema field `fast`).
//!
//! `a + b` on two small tensors of one dtype and shape is the most common call a Python user
//! makes, and the general path (weak-scalar resolution, promotion, broadcasting, `out=` checks,
//! the thread pool) costs several times the arithmetic there. These functions take exactly that
//! case, two C-contiguous CPU tensors of one shape and one of the common dtypes, and compute it
//! in one pass into a fresh tensor, with the very element functions the general path uses, so
//! the answers are bit-for-bit the same. Anything else returns `None` and the general path
//! decides (and reports every error).

use ferrule_core::{DType, Element, Tensor};

use super::arith::Num;
use crate::iter::may_overlap;

/// The most elements the shortcut takes: far below where the general path would start threads
/// or release the interpreter lock, so skipping it loses nothing.
const MAX_ELEMENTS: i64 = 1 << 12;

/// The element count when both operands are small C-contiguous CPU tensors of one dtype and
/// one shape, with data aligned for the dtype; `None` otherwise. One pass over the dims (this
/// runs on every call of the ops that have the shortcut).
#[inline(always)]
fn eligible(a: &Tensor, b: &Tensor) -> Option<usize> {
    let shape = a.shape();
    if a.dtype() != b.dtype() || shape != b.shape() || !a.device().is_cpu() || !b.device().is_cpu() {
        return None;
    }
    let (sa, sb) = (a.strides(), b.strides());
    let mut n = 1i64;
    for i in (0..shape.len()).rev() {
        let dim = shape[i];
        if dim != 1 && (sa[i] != n || sb[i] != n) {
            return None;
        }
        n *= dim;
        if n > MAX_ELEMENTS {
            return None;
        }
    }
    let align = a.itemsize();
    (a.data_ptr() as usize | b.data_ptr() as usize).is_multiple_of(align).then_some(n as usize)
}

/// `f` over the `n` elements of `a` and `b` (as [`eligible`] found them) into a fresh tensor.
#[inline(always)]
fn map<T: Element, O: Element>(a: &Tensor, b: &Tensor, n: usize, f: impl Fn(T, T) -> O) -> Option<Tensor> {
    // SAFETY: the loop below writes all `n` elements before the tensor is returned.
    let out = unsafe { Tensor::uninit_like(a, O::DTYPE) }.ok()?;
    // SAFETY: `eligible` checked that `a` and `b` are contiguous CPU tensors of `n` elements of
    // `T`, aligned for it; `out` is fresh (no overlap), contiguous and holds `n` elements of `O`.
    let (xs, ys, os) = unsafe {
        (
            std::slice::from_raw_parts(a.data_ptr().cast::<T>().cast_const(), n),
            std::slice::from_raw_parts(b.data_ptr().cast::<T>().cast_const(), n),
            std::slice::from_raw_parts_mut(out.data_ptr().cast::<O>(), n),
        )
    };
    crate::iter::zip2(xs, ys, os, &f);
    Some(out)
}

/// Whether `out` can take the `n` results of `O` that [`eligible`] found `a` and `b` give,
/// written in one pass: a CPU tensor of `O` and their shape, C-contiguous and aligned, whose
/// memory either is an operand's own (`a += b`: element `i` is read before it is written, and
/// nothing else of it is) or overlaps neither. A partial overlap, another dtype or shape (which
/// casts or broadcasts) is the general path's.
#[inline(always)]
fn writable_into<O: Element>(a: &Tensor, b: &Tensor, out: &Tensor) -> bool {
    if out.dtype() != O::DTYPE || out.shape() != a.shape() || !out.device().is_cpu() {
        return false;
    }
    let mut step = 1i64;
    for (&dim, &stride) in out.shape().iter().zip(out.strides()).rev() {
        if dim != 1 && stride != step {
            return false;
        }
        step *= dim;
    }
    if !(out.data_ptr() as usize).is_multiple_of(std::mem::size_of::<O>()) {
        return false;
    }
    // (the general path's overlap test; with every tensor contiguous and of one shape, an exact
    // alias is the same first element and dtype)
    [a, b].iter().all(|x| !may_overlap(x, out) || (x.data_ptr() == out.data_ptr() && x.dtype() == O::DTYPE))
}

/// `f` over the `n` elements of `a` and `b` (as [`eligible`] found them) into `out` (as
/// [`writable_into`] found it).
#[inline(always)]
fn map_into<T: Element, O: Element>(a: &Tensor, b: &Tensor, out: &Tensor, n: usize, f: impl Fn(T, T) -> O) {
    let (xs, ys, os) =
        (a.data_ptr().cast::<T>().cast_const(), b.data_ptr().cast::<T>().cast_const(), out.data_ptr().cast::<O>());
    for i in 0..n {
        // SAFETY: `eligible` checked that `a` and `b` hold `n` contiguous, aligned elements of `T`
        // and `writable_into` that `out` holds `n` of `O`, writable (the glue checked it is not
        // read-only), either disjoint from each operand or that very operand's memory with its
        // dtype, so element `i` of every operand is read before element `i` of `out` is written
        // and no other element is touched: raw pointers, as a slice of `out` may alias one of `a`.
        unsafe { os.add(i).write(f(xs.add(i).read(), ys.add(i).read())) };
    }
}

/// Defines a shortcut over the dtypes listed, computing `|x, y| expr` into `$out` (the operand
/// type `T` itself, or `bool`), and its `out=` form `$into` (see [`writable_into`]).
macro_rules! fast_op {
    ($(#[$doc:meta])* $name:ident, $into:ident, [$($dt:ident: $t:ty),*], $out:ident, |$x:ident, $y:ident| $e:expr) => {
        $(#[$doc])*
        pub fn $name(a: &Tensor, b: &Tensor) -> Option<Tensor> {
            let n = eligible(a, b)?;
            match a.dtype() {
                $(DType::$dt => {
                    type T = $t;
                    map::<T, fast_op!(@out $out)>(a, b, n, |$x: T, $y: T| $e)
                })*
                _ => None,
            }
        }

        #[doc = concat!("[`", stringify!($name), "`] written into a given `out` (`a + b` with `out=`, `a += b`); false, with nothing written, when `out` is not one the shortcut can fill.")]
        pub fn $into(a: &Tensor, b: &Tensor, out: &Tensor) -> bool {
            let Some(n) = eligible(a, b) else { return false };
            match a.dtype() {
                $(DType::$dt => {
                    type T = $t;
                    type O = fast_op!(@out $out);
                    if !writable_into::<O>(a, b, out) {
                        return false;
                    }
                    map_into::<T, O>(a, b, out, n, |$x: T, $y: T| $e);
                    true
                })*
                _ => false,
            }
        }
    };
    (@out T) => { T };
    (@out bool) => { bool };
}

fast_op!(
    /// [`add`](super::add) of two small same-shape tensors.
    add, add_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], T, |x, y| Num::add(x, y)
);
fast_op!(
    /// [`subtract`](super::subtract) of two small same-shape tensors.
    subtract, subtract_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], T, |x, y| Num::sub(x, y)
);
fast_op!(
    /// [`multiply`](super::multiply) of two small same-shape tensors.
    multiply, multiply_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], T, |x, y| Num::mul(x, y)
);
fast_op!(
    /// [`divide`](super::divide) of two small same-shape float tensors (integers divide in
    /// float64, which the general path does).
    divide, divide_into, [Float32: f32, Float64: f64], T, |x, y| x / y
);
fast_op!(
    /// [`equal`](super::equal) of two small same-shape tensors.
    equal, equal_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64, Bool: bool], bool, |x, y| Num::eq(x, y)
);
fast_op!(
    /// [`not_equal`](super::not_equal) of two small same-shape tensors.
    not_equal, not_equal_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64, Bool: bool], bool, |x, y| !Num::eq(x, y)
);
fast_op!(
    /// [`less`](super::less) of two small same-shape tensors.
    less, less_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], bool, |x, y| Num::lt(x, y)
);
fast_op!(
    /// [`less_equal`](super::less_equal) of two small same-shape tensors.
    less_equal, less_equal_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], bool, |x, y| Num::le(x, y)
);
fast_op!(
    /// [`greater`](super::greater) of two small same-shape tensors.
    greater, greater_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], bool, |x, y| Num::lt(y, x)
);
fast_op!(
    /// [`greater_equal`](super::greater_equal) of two small same-shape tensors.
    greater_equal, greater_equal_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], bool, |x, y| Num::le(y, x)
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operand::Operand;

    type Fast = fn(&Tensor, &Tensor) -> Option<Tensor>;
    type Into = fn(&Tensor, &Tensor, &Tensor) -> bool;
    type General = fn(&Operand, &Operand, Option<&Tensor>) -> ferrule_core::Result<Tensor>;

    /// The general paths of the ops with a shortcut, in the order the tests list the shortcuts.
    const GENERAL: [General; 10] = [
        super::super::add,
        super::super::subtract,
        super::super::multiply,
        super::super::divide,
        super::super::equal,
        super::super::not_equal,
        super::super::less,
        super::super::less_equal,
        super::super::greater,
        super::super::greater_equal,
    ];

    fn same(x: &Tensor, y: &Tensor) -> bool {
        x.dtype() == y.dtype() && x.shape() == y.shape() && x.to_bytes().unwrap() == y.to_bytes().unwrap()
    }

    /// Each shortcut gives bit-for-bit what the general path gives, and declines what it must.
    #[test]
    fn matches_the_general_path() {
        let a = Tensor::from_slice(&[1.5f32, -0.0, f32::NAN, 3.0, f32::INFINITY, 7.25], &[2, 3]).unwrap();
        let b = Tensor::from_slice(&[0.5f32, 0.0, 1.0, f32::NAN, f32::INFINITY, -2.0], &[2, 3]).unwrap();
        let (oa, ob) = (Operand::from(&a), Operand::from(&b));
        let fast: [Fast; 10] =
            [add, subtract, multiply, divide, equal, not_equal, less, less_equal, greater, greater_equal];
        let pairs = fast.into_iter().zip(GENERAL);
        for (i, (fast, general)) in pairs.enumerate() {
            let got = fast(&a, &b).expect("eligible");
            assert!(same(&got, &general(&oa, &ob, None).unwrap()), "op {i}");
        }
        let ints = Tensor::from_slice(&[i64::MAX, -3, 0], &[3]).unwrap();
        let got = add(&ints, &ints).unwrap();
        assert!(same(&got, &super::super::add(&Operand::from(&ints), &Operand::from(&ints), None).unwrap()));
    }

    /// Each `out=` shortcut writes bit-for-bit what the general path writes, into a fresh tensor
    /// and into an operand itself, and declines (writing nothing) what it must leave to it.
    #[test]
    fn into_matches_the_general_path() {
        let values = [1.5f32, -0.0, f32::NAN, 3.0, f32::INFINITY, 7.25];
        let a = Tensor::from_slice(&values, &[2, 3]).unwrap();
        let b = Tensor::from_slice(&[0.5f32, 0.0, 1.0, f32::NAN, f32::INFINITY, -2.0], &[2, 3]).unwrap();
        let into: [Into; 10] = [
            add_into,
            subtract_into,
            multiply_into,
            divide_into,
            equal_into,
            not_equal_into,
            less_into,
            less_equal_into,
            greater_into,
            greater_equal_into,
        ];
        let pairs = into.into_iter().zip(GENERAL);
        for (i, (into, general)) in pairs.enumerate() {
            let want = general(&Operand::from(&a), &Operand::from(&b), None).unwrap();
            let out = Tensor::zeros(&[2, 3], want.dtype()).unwrap();
            assert!(into(&a, &b, &out), "op {i}");
            assert!(same(&out, &want), "op {i}");
            if want.dtype() == a.dtype() {
                // out= the first operand, as `a op= b` does
                let inplace = Tensor::from_slice(&values, &[2, 3]).unwrap();
                assert!(into(&inplace, &b, &inplace), "op {i} in place");
                assert!(same(&inplace, &want), "op {i} in place");
            }
        }
    }

    #[test]
    fn into_declines_what_the_general_path_must_do() {
        let a = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[4]).unwrap();
        let untouched = |out: &Tensor| {
            out.to_bytes().unwrap() == Tensor::zeros(out.shape(), out.dtype()).unwrap().to_bytes().unwrap()
        };
        let f64s = Tensor::zeros(&[4], DType::Float64).unwrap();
        assert!(!add_into(&a, &a, &f64s) && untouched(&f64s), "a cast into out");
        let wide = Tensor::zeros(&[2, 4], DType::Float32).unwrap();
        assert!(!add_into(&a, &a, &wide) && untouched(&wide), "a broadcast into out");
        let strided = Tensor::zeros(&[8], DType::Float32).unwrap().slice(0, None, None, 2).unwrap();
        assert!(!add_into(&a, &a, &strided), "a strided out");
        // out overlapping an operand one element along: element 1 of out is element 2 of the input
        let base = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0], &[5]).unwrap();
        let (x, shifted) = (base.slice(0, Some(1), None, 1).unwrap(), base.slice(0, None, Some(4), 1).unwrap());
        assert!(!add_into(&x, &x, &shifted), "a partial overlap");
        assert_eq!(
            base.to_bytes().unwrap(),
            Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0], &[5]).unwrap().to_bytes().unwrap()
        );
        // a bool out over a float operand's own memory is a partial overlap too
        let floats = Tensor::zeros(&[4], DType::Float32).unwrap();
        let bools_over_floats = Tensor::from_slice(&[false; 16], &[16]).unwrap();
        assert!(equal_into(&floats, &floats, &Tensor::zeros(&[4], DType::Bool).unwrap()), "a bool out of its own");
        assert!(!equal_into(&bools_over_floats, &bools_over_floats, &floats), "a float out for a bool result");
    }

    #[test]
    fn declines_what_the_general_path_must_do() {
        let a = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
        let row = Tensor::from_slice(&[1.0f32, 2.0], &[2]).unwrap();
        let f64s = Tensor::from_slice(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
        let ints = Tensor::from_slice(&[1i32, 2, 3, 4], &[2, 2]).unwrap();
        assert!(add(&a, &row).is_none(), "broadcasting");
        assert!(add(&a, &f64s).is_none(), "promotion");
        assert!(add(&a, &a.permute(&[1, 0]).unwrap()).is_none(), "a transposed view");
        assert!(divide(&ints, &ints).is_none(), "integer division is float64");
        let big = Tensor::zeros(&[MAX_ELEMENTS + 1], DType::Float32).unwrap();
        assert!(add(&big, &big).is_none(), "large inputs");
        assert!(add(&a, &a).is_some());
    }
}
