//! The tiny-input shortcut of the arithmetic, comparison and power operators (schema field `fast`).
//!
//! `a + b` on two small tensors of one dtype and shape is the most common call a Python user
//! makes, and the general path (weak-scalar resolution, promotion, broadcasting, `out=` checks,
//! the thread pool) costs several times the arithmetic there. These functions take exactly that
//! case, two small CPU tensors of one shape and one of the common dtypes, and compute it in one
//! pass into a fresh C-contiguous tensor (as the general path makes it), with the very element
//! functions the general path uses, so the answers are bit-for-bit the same. C-contiguous
//! operands run as slices the compiler vectorises; strided views (`x[::2]`, a transposed
//! matrix, a broadcast view of the full shape) are walked in place, row by row. Anything else
//! returns `None` and the general path decides (and reports every error).
use ferrule_core::{DType, Element, Tensor};

use super::arith::Num;
use crate::iter::may_overlap;

/// The most elements the shortcut takes: far below where the general path would start threads
/// or release the interpreter lock, so skipping it loses nothing.
pub const MAX_ELEMENTS: i64 = 1 << 12;

/// How [`eligible`] found the operands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Both C-contiguous, of one shape.
    Contiguous,
    /// `a` is 0-d (one value, read once) and `b` C-contiguous.
    ScalarA,
    /// `b` is 0-d (one value, read once) and `a` C-contiguous.
    ScalarB,
    /// Anything else of one shape (or a 0-d operand next to a strided one): walked in place.
    Strided,
}

/// What [`eligible`] found: the element count of the result and how to read the operands.
#[derive(Clone, Copy)]
struct Fit {
    n: usize,
    kind: Kind,
}

/// The operand whose shape the result takes: `b` when `a` is 0-d, otherwise `a`.
#[inline(always)]
fn full<'t>(a: &'t Tensor, b: &'t Tensor) -> &'t Tensor {
    if a.ndim() == 0 {
        b
    } else {
        a
    }
}

/// The element count of small `x` (at most [`MAX_ELEMENTS`]) and whether it is C-contiguous,
/// with `y`'s strides checked alongside when it has `x`'s shape (`None`: `y` is 0-d).
#[inline(always)]
fn count(x: &Tensor, y: Option<&Tensor>) -> Option<(usize, bool)> {
    let shape = x.shape();
    let sx = x.strides();
    let mut n = 1i64;
    let mut contiguous = true;
    for i in (0..shape.len()).rev() {
        let dim = shape[i];
        contiguous &= dim == 1 || (sx[i] == n && y.is_none_or(|y| y.strides()[i] == n));
        n *= dim;
        if n > MAX_ELEMENTS {
            return None;
        }
    }
    Some((n as usize, contiguous))
}

/// What the shortcut can do with `a` and `b`: small CPU tensors of one dtype, data aligned for
/// it, and either one shape or one of them 0-d (a Python scalar the glue made a tensor, or a
/// 0-d tensor: broadcasting it is the only broadcast the shortcut takes); `None` otherwise.
/// One pass over the dims (this runs on every call of the ops that have the shortcut).
#[inline(always)]
fn eligible(a: &Tensor, b: &Tensor) -> Option<Fit> {
    if a.dtype() != b.dtype() || !a.device().is_cpu() || !b.device().is_cpu() {
        return None;
    }
    let fit = if a.ndim() != 0 && b.ndim() == 0 {
        let (n, contiguous) = count(a, None)?;
        Fit { n, kind: if contiguous { Kind::ScalarB } else { Kind::Strided } }
    } else if a.ndim() == 0 && b.ndim() != 0 {
        let (n, contiguous) = count(b, None)?;
        Fit { n, kind: if contiguous { Kind::ScalarA } else { Kind::Strided } }
    } else if a.shape() == b.shape() {
        let (n, contiguous) = count(a, Some(b))?;
        Fit { n, kind: if contiguous { Kind::Contiguous } else { Kind::Strided } }
    } else {
        return None;
    };
    // (strides count elements, so every element of an aligned first one is aligned)
    let align = a.itemsize();
    (a.data_ptr() as usize | b.data_ptr() as usize).is_multiple_of(align).then_some(fit)
}

/// Writes `f(a[i], b[i])` for the `n` elements of the result, in C order, to `os[0..n]`: a 0-d
/// operand's one value is read before anything is written; contiguous operands run as one
/// loop; otherwise each row along the last dim is walked in place.
///
/// # Safety
///
/// `fit` is what [`eligible`] found for `a` and `b`, which hold `T`; `os` points to `n`
/// writable elements of `O` that no element of a non-0-d operand overlaps, unless `fit` is not
/// [`Kind::Strided`] and that operand is `os`'s very memory with dtype `O` (element `i` is read
/// before it is written, and nothing else of it is).
#[inline(always)]
unsafe fn apply<T: Element, O: Element>(a: &Tensor, b: &Tensor, fit: Fit, os: *mut O, f: impl Fn(T, T) -> O) {
    let (xs, ys) = (a.data_ptr().cast::<T>().cast_const(), b.data_ptr().cast::<T>().cast_const());
    match fit.kind {
        Kind::Contiguous => {
            for i in 0..fit.n {
                // SAFETY: the caller's contract: `n` contiguous, aligned elements of `T` in each
                // operand and `n` of `O` at `os`, read at `i` before written at `i` (raw
                // pointers, as a slice of `os` may alias an operand).
                unsafe { os.add(i).write(f(xs.add(i).read(), ys.add(i).read())) };
            }
            return;
        }
        Kind::ScalarA | Kind::ScalarB => {
            let scalar_a = fit.kind == Kind::ScalarA;
            // SAFETY: the 0-d operand holds one aligned `T`, read before any write.
            let v = unsafe {
                if scalar_a {
                    xs.read()
                } else {
                    ys.read()
                }
            };
            let vs = if scalar_a { ys } else { xs };
            for i in 0..fit.n {
                // SAFETY: as for `Kind::Contiguous`, for the one contiguous operand.
                let w = unsafe { vs.add(i).read() };
                let r = if scalar_a { f(v, w) } else { f(w, v) };
                // SAFETY: `i < n` elements of `O` at `os`.
                unsafe { os.add(i).write(r) };
            }
            return;
        }
        Kind::Strided => {}
    }
    if fit.n == 0 {
        return;
    }
    let whole = full(a, b);
    let shape = whole.shape();
    let Some((&inner, outer)) = shape.split_last() else {
        // (0-d operands are never `Strided`)
        return;
    };
    // a 0-d operand reads its one element for every index: stride 0 along every dim
    let stride = |t: &Tensor, d: usize| if t.ndim() == 0 { 0 } else { t.strides()[d] };
    let last = outer.len();
    let (ia, ib) = (stride(a, last) as isize, stride(b, last) as isize);
    let inner = inner as usize;
    let mut index = ferrule_core::Dims::zeroed(outer.len());
    let (mut pa, mut pb, mut o) = (xs, ys, os);
    for _ in 0..fit.n / inner {
        // Every other element (`x[::2]`, alone, with a scalar or with another such view) has its
        // own loops: with the stride known to the compiler they vectorise, where a run-time
        // stride loads one element at a time.
        // SAFETY: in each arm, `pa + k * ia` is element `(index, i)` of `a`, in its view (the
        // strides and shape are the tensor's own, or 0 for a 0-d one), likewise for `b`; `o + i`
        // is below `os + n` (one row of `inner` per iteration, `n / inner` rows), disjoint from
        // both (a strided walk's output overlaps no operand, `writable_into`), so a value read
        // once for a stride of 0 stays valid for the row.
        unsafe {
            match (ia, ib) {
                (2, 0) => {
                    let w = pb.read();
                    for i in 0..inner {
                        o.add(i).write(f(pa.add(2 * i).read(), w));
                    }
                }
                (0, 2) => {
                    let v = pa.read();
                    for i in 0..inner {
                        o.add(i).write(f(v, pb.add(2 * i).read()));
                    }
                }
                (2, 2) => {
                    for i in 0..inner {
                        o.add(i).write(f(pa.add(2 * i).read(), pb.add(2 * i).read()));
                    }
                }
                _ => {
                    for i in 0..inner {
                        let k = i as isize;
                        o.add(i).write(f(pa.offset(k * ia).read(), pb.offset(k * ib).read()));
                    }
                }
            }
        }
        // SAFETY: still within the `n` elements of `os` (or one past them, after the last row).
        o = unsafe { o.add(inner) };
        // the next row: an odometer over the outer dims, the pointers moved by their strides
        for d in (0..outer.len()).rev() {
            let (sa, sb) = (stride(a, d), stride(b, d));
            index[d] += 1;
            if index[d] < outer[d] {
                pa = pa.wrapping_offset(sa as isize);
                pb = pb.wrapping_offset(sb as isize);
                break;
            }
            index[d] = 0;
            pa = pa.wrapping_offset(-(sa * (outer[d] - 1)) as isize);
            pb = pb.wrapping_offset(-(sb * (outer[d] - 1)) as isize);
        }
    }
}

/// `f` over the elements of `a` and `b` (as [`eligible`] found them) into a fresh tensor.
#[inline(always)]
fn map<T: Element, O: Element>(a: &Tensor, b: &Tensor, fit: Fit, f: impl Fn(T, T) -> O) -> Option<Tensor> {
    // SAFETY: every branch below writes all `n` elements before the tensor is returned.
    let out = unsafe { Tensor::uninit_like(full(a, b), O::DTYPE) }.ok()?;
    let (xs, ys) = (a.data_ptr().cast::<T>().cast_const(), b.data_ptr().cast::<T>().cast_const());
    // SAFETY: `out` is fresh (no overlap), contiguous and holds `n` elements of `O`.
    let os = unsafe { std::slice::from_raw_parts_mut(out.data_ptr().cast::<O>(), fit.n) };
    // (slices where the operands are contiguous: the multiversioned loops the compiler vectorises)
    match fit.kind {
        Kind::Contiguous => {
            // SAFETY: `eligible` checked that `a` and `b` are contiguous CPU tensors of `n`
            // elements of `T`, aligned for it.
            let (xs, ys) = unsafe { (std::slice::from_raw_parts(xs, fit.n), std::slice::from_raw_parts(ys, fit.n)) };
            crate::iter::zip2(xs, ys, os, &f);
        }
        Kind::ScalarA => {
            // SAFETY: `a` is 0-d (one aligned `T`), `b` contiguous with `n` elements of `T`.
            let (v, ys) = unsafe { (xs.read(), std::slice::from_raw_parts(ys, fit.n)) };
            crate::iter::zip1(ys, os, &|y| f(v, y));
        }
        Kind::ScalarB => {
            // SAFETY: `b` is 0-d (one aligned `T`), `a` contiguous with `n` elements of `T`.
            let (xs, v) = unsafe { (std::slice::from_raw_parts(xs, fit.n), ys.read()) };
            crate::iter::zip1(xs, os, &|x| f(x, v));
        }
        Kind::Strided => {
            // SAFETY: `eligible` found `fit` for `a` and `b`, tensors of `T`; `out` is fresh
            // (no overlap), C-contiguous and holds `n` elements of `O`.
            unsafe { apply(a, b, fit, os.as_mut_ptr(), f) };
        }
    }
    Some(out)
}

/// Whether `out` can take the `n` results of `O` that [`eligible`] found `a` and `b` give,
/// written in one pass: a CPU tensor of `O` and the result's shape, C-contiguous and aligned,
/// whose memory either is a non-0-d operand's own, that operand contiguous (`a += b`: element
/// `i` is read before it is written, and nothing else of it is), or overlaps no non-0-d operand
/// (a 0-d one's value is read before anything is written, unless the walk is strided). A partial overlap, another dtype or
/// shape (which casts or broadcasts) is the general path's.
#[inline(always)]
fn writable_into<O: Element>(a: &Tensor, b: &Tensor, out: &Tensor, fit: Fit) -> bool {
    if out.dtype() != O::DTYPE || out.shape() != full(a, b).shape() || !out.device().is_cpu() {
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
    // (the general path's overlap test; with the operands contiguous and of the result's shape,
    // an exact alias is the same first element and dtype; a strided one must not overlap)
    // (a strided walk reads a 0-d operand at every element: then it must not overlap either)
    let lone = |x: &Tensor| x.ndim() == 0 && out.ndim() != 0 && fit.kind != Kind::Strided;
    [a, b].iter().all(|x| {
        lone(x)
            || !may_overlap(x, out)
            || (fit.kind != Kind::Strided && x.data_ptr() == out.data_ptr() && x.dtype() == O::DTYPE)
    })
}

/// `f` over the elements of `a` and `b` (as [`eligible`] found them) into `out` (as
/// [`writable_into`] found it).
#[inline(always)]
fn map_into<T: Element, O: Element>(a: &Tensor, b: &Tensor, out: &Tensor, fit: Fit, f: impl Fn(T, T) -> O) {
    // SAFETY: `eligible` found `fit` for `a` and `b`; `writable_into` that `out` holds `n`
    // contiguous, aligned, writable elements of `O` (the glue checked it is not read-only),
    // disjoint from each non-0-d operand or, that one being contiguous, its very memory.
    unsafe { apply(a, b, fit, out.data_ptr().cast::<O>(), f) };
}

/// Defines a shortcut over the dtypes listed, computing `|x, y| expr` into `$out` (the operand
/// type `T` itself, or `bool`), and its `out=` form `$into` (see [`writable_into`]).
macro_rules! fast_op {
    ($(#[$doc:meta])* $name:ident, $into:ident, [$($dt:ident: $t:ty),*], $out:ident, |$x:ident, $y:ident| $e:expr) => {
        $(#[$doc])*
        pub fn $name(a: &Tensor, b: &Tensor) -> Option<Tensor> {
            let fit = eligible(a, b)?;
            match a.dtype() {
                $(DType::$dt => {
                    type T = $t;
                    map::<T, fast_op!(@out $out)>(a, b, fit, |$x: T, $y: T| $e)
                })*
                _ => None,
            }
        }

        #[doc = concat!("[`", stringify!($name), "`] written into a given `out` (`a + b` with `out=`, `a += b`); false, with nothing written, when `out` is not one the shortcut can fill.")]
        pub fn $into(a: &Tensor, b: &Tensor, out: &Tensor) -> bool {
            let Some(fit) = eligible(a, b) else { return false };
            match a.dtype() {
                $(DType::$dt => {
                    type T = $t;
                    type O = fast_op!(@out $out);
                    if !writable_into::<O>(a, b, out, fit) {
                        return false;
                    }
                    map_into::<T, O>(a, b, out, fit, |$x: T, $y: T| $e);
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
    /// [`maximum`](super::maximum) of two small same-shape tensors (NaN propagates).
    maximum, maximum_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], T, |x, y| Num::max(x, y)
);
fast_op!(
    /// [`minimum`](super::minimum) of two small same-shape tensors (NaN propagates).
    minimum, minimum_into, [Float32: f32, Float64: f64, Int32: i32, Int64: i64], T, |x, y| Num::min(x, y)
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

/// [`pow`](super::pow) of two small same-shape float tensors, or one of them 0-d: the general
/// path's own slice kernels (`vmath::pow_f32`, `pow_f64`, which compute each element alone), so
/// bit-for-bit its answers. Strided operands are the general path's.
pub fn pow(a: &Tensor, b: &Tensor) -> Option<Tensor> {
    let fit = eligible(a, b)?;
    match a.dtype() {
        DType::Float32 => map_slices::<f32>(a, b, fit, super::vmath::pow_f32),
        DType::Float64 => map_slices::<f64>(a, b, fit, super::vmath::pow_f64),
        _ => None,
    }
}

/// `kernel` over the contiguous operands `a` and `b` (as [`eligible`] found them) into a fresh
/// tensor; a 0-d operand's value is spread over a buffer, a chunk at a time. `None` for
/// strided operands.
#[inline(always)]
fn map_slices<T: Element>(a: &Tensor, b: &Tensor, fit: Fit, kernel: fn(&[T], &[T], &mut [T])) -> Option<Tensor> {
    const CHUNK: usize = 256;
    if fit.kind == Kind::Strided {
        return None;
    }
    // SAFETY: every branch below writes all `n` elements before the tensor is returned.
    let out = unsafe { Tensor::uninit_like(full(a, b), T::DTYPE) }.ok()?;
    // SAFETY: `out` is fresh (no overlap), contiguous and holds `n` elements of `T`.
    let os = unsafe { std::slice::from_raw_parts_mut(out.data_ptr().cast::<T>(), fit.n) };
    let (xs, ys) = (a.data_ptr().cast::<T>().cast_const(), b.data_ptr().cast::<T>().cast_const());
    match fit.kind {
        Kind::Contiguous => {
            // SAFETY: `eligible` checked that `a` and `b` are contiguous CPU tensors of `n`
            // elements of `T`, aligned for it.
            let (xs, ys) = unsafe { (std::slice::from_raw_parts(xs, fit.n), std::slice::from_raw_parts(ys, fit.n)) };
            kernel(xs, ys, os);
        }
        _ => {
            let scalar_a = fit.kind == Kind::ScalarA;
            // SAFETY: the 0-d operand holds one aligned `T`; the other is contiguous with `n`
            // aligned elements of `T` (what `eligible` found).
            let (v, vs) = unsafe {
                if scalar_a {
                    (xs.read(), std::slice::from_raw_parts(ys, fit.n))
                } else {
                    (ys.read(), std::slice::from_raw_parts(xs, fit.n))
                }
            };
            let spread = [v; CHUNK];
            for (o, w) in os.chunks_mut(CHUNK).zip(vs.chunks(CHUNK)) {
                let s = &spread[..w.len()];
                if scalar_a {
                    kernel(s, w, o);
                } else {
                    kernel(w, s, o);
                }
            }
        }
    }
    Some(out)
}
