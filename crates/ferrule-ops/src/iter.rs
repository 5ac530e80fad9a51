//! Strided N-ary iteration over broadcast views: dim collapsing, row walking, typed map helpers.
//!
//! Kernels are written once as slice functions (`Fn(&[A], &[B], &mut [O])`), which the
//! compiler vectorises; these helpers feed them. Contiguous operands are passed as slices of
//! the tensors themselves; strided, broadcast or aliased ones are gathered in chunks of
//! [`CHUNK`] elements into stack buffers, and a strided output is scattered back.

use std::mem::MaybeUninit;
use std::ops::Range;

use ferrule_core::{Dims, Element, Error, Result, Tensor};

use crate::pool::parallel_for;

/// Elements per gather/scatter chunk in the strided path.
pub const CHUNK: usize = 256;

/// Work (in elements) below which a cheap elementwise op (add, compare, copy) stays on the
/// calling thread; memory-bound ops only gain from threads on large arrays.
pub const MIN_PER_TASK_CHEAP: usize = 1 << 16;

/// Work below which a transcendental op (exp, sin, ...) stays on the calling thread.
pub const MIN_PER_TASK_MATH: usize = 1 << 13;

/// A raw pointer that may cross to pool threads; each task touches disjoint elements.
#[derive(Clone, Copy)]
pub(crate) struct SendPtr(pub *mut u8);
// SAFETY: used only to hand disjoint (or read-only) element ranges to pool tasks.
unsafe impl Send for SendPtr {}
// SAFETY: as above.
unsafe impl Sync for SendPtr {}

impl SendPtr {
    /// The pointer (a method, so closures capture the whole `SendPtr`, not the raw field).
    #[inline(always)]
    pub(crate) fn get(self) -> *mut u8 {
        self.0
    }
}

/// Formats a shape the way numpy does in broadcast errors: `(2,3)`, `(4,)`, `()`.
pub fn shape_str(shape: &[i64]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(i64::to_string).collect::<Vec<_>>().join(",")),
    }
}

/// The broadcast shape of `tensors`; `ValueError` naming `op` and every shape when they do
/// not broadcast (`"add: operands could not be broadcast together with shapes (2,3) (4,)"`).
pub fn broadcast_all(op: &str, tensors: &[&Tensor]) -> Result<Vec<i64>> {
    let mut shape: Vec<i64> = Vec::new();
    for t in tensors {
        if t.shape() == shape.as_slice() {
            continue;
        }
        shape = ferrule_core::tensor::broadcast_shapes(&shape, t.shape()).map_err(|_| {
            let shapes: Vec<String> = tensors.iter().map(|t| shape_str(t.shape())).collect();
            Error::value_error(format!(
                "{op}: operands could not be broadcast together with shapes {}",
                shapes.join(" ")
            ))
        })?;
    }
    Ok(shape)
}

/// The byte range `[low, high)` a non-empty tensor reaches; `None` when it has no elements.
fn byte_extent(t: &Tensor) -> Option<(usize, usize)> {
    if t.numel() == 0 {
        return None;
    }
    let base = t.data_ptr() as usize;
    let item = t.itemsize() as i64;
    let (mut low, mut high) = (0i64, 0i64);
    for (&dim, &stride) in t.shape().iter().zip(t.strides()) {
        let span = (dim - 1) * stride * item;
        if span < 0 {
            low += span;
        } else {
            high += span;
        }
    }
    Some(((base as i64 + low) as usize, (base as i64 + high + item) as usize))
}

/// True when `a` and `b` may touch the same bytes (same storage and intersecting extents).
pub fn may_overlap(a: &Tensor, b: &Tensor) -> bool {
    if !a.shares_memory_with(b) {
        return false;
    }
    match (byte_extent(a), byte_extent(b)) {
        (Some((a0, a1)), Some((b0, b1))) => a0 < b1 && b0 < a1,
        _ => false,
    }
}

/// True when `input`, broadcast to `out`'s shape, reads exactly the element `out` writes at
/// every index (the in-place case `add(a, b, out=a)`).
fn is_exact_alias(input: &Tensor, out: &Tensor) -> bool {
    if input.data_ptr() != out.data_ptr() || input.dtype() != out.dtype() {
        return false;
    }
    let Ok(view) = input.broadcast_to(out.shape()) else {
        return false;
    };
    out.shape().iter().zip(view.strides().iter().zip(out.strides())).all(|(&dim, (&s, &o))| dim <= 1 || s == o)
}

/// The output of an elementwise op: a fresh C-contiguous tensor of `shape` and `dtype`, or
/// `out` after checking it may be written (not read-only), has exactly that shape and dtype and
/// does not partially overlap any of `inputs` (an exact alias is allowed). Errors are `ValueError`/`TypeError` naming
/// `op` and `out`.
#[inline]
pub fn prepare_out(
    op: &str,
    out: Option<&Tensor>,
    shape: &[i64],
    dtype: ferrule_core::DType,
    inputs: &[&Tensor],
) -> Result<Tensor> {
    match out {
        None => Tensor::empty(shape, dtype),
        Some(out) => check_out(op, out, shape, dtype, inputs),
    }
}

/// [`prepare_out`] for a kernel that writes every element of its output: a fresh output is
/// not zero-filled (a large one is then a fresh mapping or a cached block, whose pages the
/// kernel's own threads touch first, instead of a pass of zeroing before the kernel's pass).
///
/// # Safety
///
/// When `out` is `None`, every element of the returned tensor must be written before it is
/// read or handed to anyone (on an error the tensor must be dropped unseen).
#[inline]
pub unsafe fn prepare_out_overwritten(
    op: &str,
    out: Option<&Tensor>,
    shape: &[i64],
    dtype: ferrule_core::DType,
    inputs: &[&Tensor],
) -> Result<Tensor> {
    match out {
        // SAFETY: forwarded to our caller.
        None => unsafe { Tensor::uninit(shape, dtype) },
        Some(out) => check_out(op, out, shape, dtype, inputs),
    }
}

/// `out` checked as [`prepare_out`] describes.
fn check_out(op: &str, out: &Tensor, shape: &[i64], dtype: ferrule_core::DType, inputs: &[&Tensor]) -> Result<Tensor> {
    if out.is_read_only() {
        // (formatted only when needed: every call with out= comes here)
        out.check_writable(&format!("{op}() argument 'out'"))?;
    }
    if out.shape() != shape {
        return Err(Error::value_error(format!(
            "{op}() argument 'out': expected shape {}, got {}",
            shape_str(shape),
            shape_str(out.shape())
        )));
    }
    if out.dtype() != dtype {
        return Err(Error::type_error(format!("{op}() argument 'out': expected dtype {dtype}, got {}", out.dtype())));
    }
    if !out.device().is_cpu() {
        return Err(Error::value_error(format!(
            "{op}() argument 'out': expected a cpu tensor, got one on {}",
            out.device()
        )));
    }
    if out.numel() > 0 && out.strides().iter().zip(out.shape()).any(|(&s, &d)| s == 0 && d > 1) {
        return Err(Error::value_error(format!(
            "{op}() argument 'out': a broadcast (zero-stride) view cannot be written to"
        )));
    }
    for input in inputs {
        if may_overlap(input, out) && !is_exact_alias(input, out) {
            return Err(Error::value_error(format!("{op}() argument 'out': it partially overlaps an input")));
        }
    }
    Ok(out.clone())
}

/// The order of `x`'s dims that reads its memory front to back: `Some(perm)` when
/// `x.permute(perm)` is C-contiguous (a transposed or otherwise permuted dense tensor), `None`
/// when no order is (gaps, overlaps, broadcast dims). An elementwise pass over such an `x` in
/// that order streams memory instead of striding across it.
pub fn dense_order(x: &Tensor) -> Option<Vec<usize>> {
    let mut perm: Vec<usize> = (0..x.ndim()).collect();
    // stable: size-1 dims keep their places among equal strides
    perm.sort_by_key(|&d| std::cmp::Reverse(if x.shape()[d] == 1 { i64::MAX } else { x.strides()[d] }));
    let view = x.permute(&perm).ok()?;
    view.is_contiguous().then_some(perm)
}

/// The inverse of a permutation: `inverse(p)[p[i]] == i`.
pub fn inverse_permutation(perm: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p] = i;
    }
    inv
}

/// The strides (in elements) of `t` broadcast to `shape` (zero for repeated dims).
pub fn broadcast_strides(t: &Tensor, shape: &[i64]) -> Dims {
    let lead = shape.len() - t.ndim();
    let mut strides = Dims::zeroed(shape.len());
    for (i, (&dim, &stride)) in t.shape().iter().zip(t.strides()).enumerate() {
        if dim != 1 {
            strides[lead + i] = stride;
        }
    }
    strides
}

/// A collapsed N-operand layout: size-1 dims dropped and neighbouring dims merged wherever
/// every operand steps through them as one.
pub struct Layout<const N: usize> {
    /// The collapsed shape (no dim of size 1; empty for a single element).
    pub shape: Dims,
    /// Per operand, its strides in elements over `shape`.
    pub strides: [Dims; N],
}

impl<const N: usize> Layout<N> {
    /// Collapses `shape` with per-operand `strides` (all of `shape`'s length).
    pub fn new(shape: &[i64], strides: [&[i64]; N]) -> Layout<N> {
        let mut dims = Dims::zeroed(0);
        let mut steps: [Dims; N] = std::array::from_fn(|_| Dims::zeroed(0));
        for (d, &dim) in shape.iter().enumerate() {
            if dim == 1 {
                continue;
            }
            if let Some(last) = dims.last_mut() {
                let mergeable = (0..N).all(|k| steps[k][steps[k].len() - 1] == strides[k][d] * dim);
                if mergeable {
                    *last *= dim;
                    for k in 0..N {
                        let at = steps[k].len() - 1;
                        steps[k][at] = strides[k][d];
                    }
                    continue;
                }
            }
            dims.push(dim);
            for k in 0..N {
                steps[k].push(strides[k][d]);
            }
        }
        Layout { shape: dims, strides: steps }
    }

    /// Calls `row(offsets, inner_strides, len)` for each run of the C-order elements
    /// `range` (linear indices), with per-operand element offsets from the first element.
    pub fn for_each_row(&self, range: Range<usize>, mut row: impl FnMut(&[i64; N], &[i64; N], usize)) {
        if range.is_empty() {
            return;
        }
        let nd = self.shape.len();
        if nd == 0 {
            row(&[0; N], &[0; N], 1);
            return;
        }
        let inner = self.shape[nd - 1] as usize;
        let inner_strides: [i64; N] = std::array::from_fn(|k| self.strides[k][nd - 1]);
        let outer = &self.shape[..nd - 1];
        let mut idx = Dims::zeroed(outer.len());
        let mut rest = range.start / inner;
        let mut col = range.start % inner;
        let mut base = [0i64; N];
        for d in (0..outer.len()).rev() {
            idx[d] = rest as i64 % outer[d];
            rest /= outer[d] as usize;
            for (b, s) in base.iter_mut().zip(&self.strides) {
                *b += idx[d] * s[d];
            }
        }
        let mut remaining = range.len();
        loop {
            let len = (inner - col).min(remaining);
            let offs: [i64; N] = std::array::from_fn(|k| base[k] + col as i64 * inner_strides[k]);
            row(&offs, &inner_strides, len);
            remaining -= len;
            if remaining == 0 {
                return;
            }
            col = 0;
            let mut d = outer.len();
            loop {
                // remaining > 0 guarantees another row exists, so d never underflows.
                d -= 1;
                idx[d] += 1;
                for (b, s) in base.iter_mut().zip(&self.strides) {
                    *b += s[d];
                }
                if idx[d] < outer[d] {
                    break;
                }
                for (b, s) in base.iter_mut().zip(&self.strides) {
                    *b -= s[d] * outer[d];
                }
                idx[d] = 0;
            }
        }
    }
}

/// Copies `m` elements, `first[i * stride]` for `i < m`, into `out[0..m]`: the gather every
/// strided read into a contiguous buffer goes through (the chunked maps, casts, reductions,
/// argmax). Every other element (`stride == 2`: a `[::2]` view, the real parts of interleaved
/// pairs) has its own loop, where the stride known to the compiler lets it gather with vector
/// shuffles instead of one load per element.
///
/// # Safety
///
/// Every `first + i * stride` for `i < m` must be a readable, valid `T`, and `out` must have
/// room for `m` elements that overlap none of them.
#[inline(always)]
pub unsafe fn gather<T: Copy>(first: *const T, stride: isize, out: *mut T, m: usize) {
    // SAFETY: the caller's contract, for every `i < m`.
    unsafe {
        if stride == 2 {
            for i in 0..m {
                *out.add(i) = *first.add(2 * i);
            }
        } else {
            for i in 0..m {
                *out.add(i) = *first.offset(i as isize * stride);
            }
        }
    }
}

/// Reads `m` elements at `base + off` with stride `stride`: the memory itself when the stride
/// is 1 and `copy` is false, otherwise a copy in `buf`.
///
/// # Safety
/// The elements must be readable and hold valid `T` values.
#[inline(always)]
unsafe fn load<T: Copy>(
    base: *const T,
    off: i64,
    stride: i64,
    m: usize,
    copy: bool,
    buf: &mut [MaybeUninit<T>; CHUNK],
) -> &[T] {
    // SAFETY: the caller's contract.
    unsafe {
        let first = base.offset(off as isize);
        if stride == 1 && !copy {
            return std::slice::from_raw_parts(first, m);
        }
        gather(first, stride as isize, buf.as_mut_ptr().cast::<T>(), m);
        std::slice::from_raw_parts(buf.as_ptr().cast::<T>(), m)
    }
}

macro_rules! define_map {
    ($(#[$doc:meta])* $name:ident, $n:literal, [$($x:ident: $t:ident),+]) => {
        $(#[$doc])*
        ///
        /// Preconditions (checked by [`prepare_out`] and the op): `out` has the broadcast
        /// shape of the inputs, each input broadcasts to it, dtypes match the type parameters
        /// and no input partially overlaps `out`. Work is split over the pool above
        /// `2 * min_per_task` elements.
        #[allow(clippy::too_many_arguments, unused_assignments)]
        pub fn $name<$($t: Element,)+ O: Element, F>($($x: &Tensor,)+ out: &Tensor, min_per_task: usize, f: F)
        where
            F: Fn($(&[$t],)+ &mut [O]) + Sync,
        {
            let n = out.numel() as usize;
            if n == 0 {
                return;
            }
            $(assert_eq!($x.dtype(), $t::DTYPE, concat!(stringify!($name), ": dtype of ", stringify!($x)));)+
            assert_eq!(out.dtype(), O::DTYPE, concat!(stringify!($name), ": dtype of out"));
            let outp = SendPtr(out.data_ptr());
            let alias = [$(may_overlap($x, out)),+];
            if out.is_contiguous() $(&& $x.is_contiguous() && $x.numel() as usize == n)+
                && !alias.iter().any(|&a| a)
            {
                $(let $x = SendPtr($x.data_ptr());)+
                parallel_for(n, min_per_task, |r| {
                    // SAFETY: contiguous, same element count, disjoint from the output; each
                    // task gets its own range.
                    unsafe {
                        f(
                            $(std::slice::from_raw_parts(($x.get() as *const $t).add(r.start), r.len()),)+
                            std::slice::from_raw_parts_mut((outp.get() as *mut O).add(r.start), r.len()),
                        )
                    }
                });
                return;
            }
            // A scalar among the inputs (one element broadcast: `a * 3.0`, `a < 0.5`), the other
            // inputs and the output contiguous: each task copies the scalar into one chunk-sized
            // buffer once and runs the kernel chunk by chunk, instead of the general path's
            // per-chunk gather of the broadcast element.
            let single = [$($x.numel() == 1),+];
            if out.is_contiguous() && !alias.iter().any(|&a| a)
                $(&& ($x.numel() == 1 || ($x.is_contiguous() && $x.numel() as usize == n)))+
            {
                $(let $x = SendPtr($x.data_ptr());)+
                parallel_for(n, min_per_task, |r| {
                    let mut k = 0usize;
                    $(
                        let p = $x.get() as *const $t;
                        let splat = if single[k] {
                            // SAFETY: a single-element input holds one valid element at its data
                            // pointer (an element type is plain data: Copy).
                            let v = unsafe { *p };
                            Some([v; CHUNK])
                        } else {
                            None
                        };
                        let $x: (*const $t, Option<[$t; CHUNK]>) = (p, splat);
                        k += 1;
                    )+
                    let mut start = r.start;
                    while start < r.end {
                        let m = CHUNK.min(r.end - start);
                        // SAFETY: a contiguous input and the output hold `n` elements and
                        // `start + m <= r.end <= n`; tasks get disjoint ranges of the output,
                        // which overlaps no input.
                        unsafe {
                            f(
                                $(match &$x.1 {
                                    Some(splat) => &splat[..m],
                                    None => std::slice::from_raw_parts($x.0.add(start), m),
                                },)+
                                std::slice::from_raw_parts_mut((outp.get() as *mut O).add(start), m),
                            )
                        }
                        start += m;
                    }
                });
                return;
            }
            let shape = out.shape();
            let in_strides = [$(broadcast_strides($x, shape)),+];
            let mut all: [&[i64]; $n + 1] = [&[]; $n + 1];
            for (slot, s) in all.iter_mut().zip(in_strides.iter()) {
                *slot = s;
            }
            all[$n] = out.strides();
            let layout = Layout::<{ $n + 1 }>::new(shape, all);
            $(let $x = SendPtr($x.data_ptr());)+
            parallel_for(n, min_per_task, |range| {
                layout.for_each_row(range, |offs, inner, len| {
                    let direct = alias.iter().zip(inner.iter()).all(|(&a, &s)| !a && s == 1)
                        && inner[$n] == 1;
                    let mut done = 0usize;
                    while done < len {
                        let m = if direct { len - done } else { CHUNK.min(len - done) };
                        let mut k = 0usize;
                        $(
                            let mut buf = [MaybeUninit::<$t>::uninit(); CHUNK];
                            // SAFETY: offsets come from the layout of a valid view.
                            let $x: &[$t] = unsafe {
                                load($x.get() as *const $t, offs[k] + done as i64 * inner[k], inner[k], m, alias[k], &mut buf)
                            };
                            k += 1;
                        )+
                        let o_stride = inner[$n];
                        // SAFETY: the output row lies inside `out`; tasks write disjoint rows.
                        unsafe {
                            let first = (outp.get() as *mut O).offset((offs[$n] + done as i64 * o_stride) as isize);
                            if o_stride == 1 {
                                f($($x,)+ std::slice::from_raw_parts_mut(first, m));
                            } else {
                                // Zeroed (valid for every element type) so `f` never sees
                                // uninitialised values.
                                let mut obuf: [O; CHUNK] = std::mem::zeroed();
                                let tmp = &mut obuf[..m];
                                f($($x,)+ &mut *tmp);
                                for (i, v) in tmp.iter().enumerate() {
                                    *first.offset(i as isize * o_stride as isize) = *v;
                                }
                            }
                        }
                        done += m;
                    }
                });
            });
        }
    };
}

define_map!(
    /// Applies the slice kernel `f(x, out)` over `x` broadcast to `out`'s shape.
    map_unary, 1, [x: A]
);
define_map!(
    /// Applies the slice kernel `f(a, b, out)` over `a`, `b` broadcast to `out`'s shape.
    map_binary, 2, [a: A, b: B]
);
define_map!(
    /// Applies the slice kernel `f(a, b, c, out)` over three inputs broadcast to `out`'s shape.
    map_ternary, 3, [a: A, b: B, c: C]
);
define_map!(
    /// Applies the slice kernel `f(a, b, c, d, out)` over four inputs broadcast to `out`'s shape.
    map_quaternary, 4, [a: A, b: B, c: C, d: D]
);

/// `os[i] = f(xs[i])` over two slices of one length, compiled for AVX2 as well as the baseline
/// and chosen at run time: the element functions are inlined into the loop, so the comparisons
/// and 64-bit integer arithmetic that SSE2 lacks (`max` of int64, `<` of int64) vectorise there.
#[multiversion::multiversion(targets("x86_64+avx2"))]
pub(crate) fn zip1<I: Copy, O, F: Fn(I) -> O>(xs: &[I], os: &mut [O], f: &F) {
    for (o, &v) in os.iter_mut().zip(xs) {
        *o = f(v);
    }
}

/// `os[i] = f(xs[i], ys[i])`, compiled as [`zip1`] is.
#[multiversion::multiversion(targets("x86_64+avx2"))]
pub(crate) fn zip2<A: Copy, B: Copy, O, F: Fn(A, B) -> O>(xs: &[A], ys: &[B], os: &mut [O], f: &F) {
    for ((o, &x), &y) in os.iter_mut().zip(xs).zip(ys) {
        *o = f(x, y);
    }
}

/// `q[i * so] = f(p[i * sp])` for `i < len`: one strided row of [`map_unary_elems`], compiled
/// for AVX2 as well as the baseline and chosen at run time, with the common contiguous output
/// (`so == 1`, a fresh result) as its own loop so the compiler can unroll it and keep `f`
/// branch-free, and every other element (`sp == 2`, a `[::2]` view) as another.
///
/// # Safety
///
/// Every `p + i * sp` must be a valid `A` and every `q + i * so` a writable `O` for `i < len`,
/// and the output elements must not overlap the input ones.
#[multiversion::multiversion(targets("x86_64+avx2"))]
unsafe fn walk1<A: Copy, O, F: Fn(A) -> O>(p: *const A, sp: isize, q: *mut O, so: isize, len: usize, f: &F) {
    if so == 1 && sp == 2 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        // Every other element: with the stride known to the compiler it gathers them with
        // vector shuffles, where a run-time stride loads one element at a time.
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller guarantees the input element `p + 2i`.
            *o = f(unsafe { *p.add(2 * i) });
        }
    } else if so == 1 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller guarantees the input element.
            *o = f(unsafe { *p.offset(i as isize * sp) });
        }
    } else {
        for i in 0..len as isize {
            // SAFETY: the caller guarantees both elements.
            unsafe { *q.offset(i * so) = f(*p.offset(i * sp)) };
        }
    }
}

/// `q[i * so] = f(p[i * sp], r[i * sr])` for `i < len`: one row of [`map_binary_elems`],
/// compiled as [`walk1`] is, with every other element of one input against every other
/// element of the other or against one broadcast value (a stride of 0: `x[::2] * 3.0`) as
/// loops of their own.
///
/// # Safety
///
/// As for [`walk1`], for both inputs.
#[allow(clippy::too_many_arguments)]
#[multiversion::multiversion(targets("x86_64+avx2"))]
unsafe fn walk2<A: Copy, B: Copy, O, F: Fn(A, B) -> O>(
    p: *const A,
    sp: isize,
    r: *const B,
    sr: isize,
    q: *mut O,
    so: isize,
    len: usize,
    f: &F,
) {
    if so == 1 && sp == 2 && sr == 2 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        // Every other element of both, with the stride known to the compiler (as in [`walk1`]).
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller guarantees both input elements `p + 2i` and `r + 2i`.
            *o = f(unsafe { *p.add(2 * i) }, unsafe { *r.add(2 * i) });
        }
    } else if so == 1 && sp == 2 && sr == 0 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        // every other element against one broadcast value (`x[::2] * 3.0`)
        // SAFETY: the caller guarantees the element `r` (its stride is 0).
        let w = unsafe { *r };
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller guarantees the input element `p + 2i`.
            *o = f(unsafe { *p.add(2 * i) }, w);
        }
    } else if so == 1 && sp == 0 && sr == 2 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        // SAFETY: the caller guarantees the element `p` (its stride is 0).
        let v = unsafe { *p };
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller guarantees the input element `r + 2i`.
            *o = f(v, unsafe { *r.add(2 * i) });
        }
    } else if so == 1 {
        // SAFETY: the caller guarantees `len` writable, non-overlapping output elements.
        let out = unsafe { std::slice::from_raw_parts_mut(q, len) };
        for (i, o) in out.iter_mut().enumerate() {
            let i = i as isize;
            // SAFETY: the caller guarantees both input elements.
            *o = f(unsafe { *p.offset(i * sp) }, unsafe { *r.offset(i * sr) });
        }
    } else {
        for i in 0..len as isize {
            // SAFETY: the caller guarantees all three elements.
            unsafe { *q.offset(i * so) = f(*p.offset(i * sp), *r.offset(i * sr)) };
        }
    }
}

/// Whether the chunked map functions already take the fast road for `inputs` into `out`: every
/// input contiguous with `out`'s element count or a single broadcast element, `out`
/// contiguous, and no input overlapping `out`. Otherwise an element-wise map walks rows.
fn chunked_is_direct(inputs: &[&Tensor], out: &Tensor, n: usize) -> bool {
    out.is_contiguous() && inputs.iter().all(|x| x.numel() == 1 || (x.is_contiguous() && x.numel() as usize == n))
}

/// Applies `f` to each element of `x` broadcast to `out`'s shape (same preconditions as
/// [`map_unary`]). Contiguous operands go through [`map_unary`]'s slice loop (which the
/// compiler vectorises); strided and broadcast ones are walked row by row in place, one load
/// and one store per element, instead of gathered into a buffer first (half the memory
/// traffic, where a strided row cannot be vectorised anyway). An input overlapping `out`
/// keeps [`map_unary`]'s copy-first path.
pub fn map_unary_elems<A: Element, O: Element>(
    x: &Tensor,
    out: &Tensor,
    min_per_task: usize,
    f: impl Fn(A) -> O + Sync,
) {
    let n = out.numel() as usize;
    if n == 0 || chunked_is_direct(&[x], out, n) || may_overlap(x, out) {
        map_unary::<A, O, _>(x, out, min_per_task, |xs, os| zip1(xs, os, &f));
        return;
    }
    assert_eq!(x.dtype(), A::DTYPE, "map_unary_elems: dtype of x");
    assert_eq!(out.dtype(), O::DTYPE, "map_unary_elems: dtype of out");
    let sx = broadcast_strides(x, out.shape());
    let layout = Layout::<2>::new(out.shape(), [&sx, out.strides()]);
    let (xp, op) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()));
    parallel_for(n, min_per_task, |range| {
        layout.for_each_row(range, |offs, inner, len| {
            let (si, so) = (inner[0] as isize, inner[1] as isize);
            // SAFETY: the offsets and strides come from the layouts of valid views of `x` and
            // `out` (so every element visited lies inside its tensor); `out` overlaps no input
            // (checked above) and tasks write disjoint rows of it.
            unsafe {
                let p = (xp.get() as *const A).offset(offs[0] as isize);
                let q = (op.get() as *mut O).offset(offs[1] as isize);
                walk1(p, si, q, so, len, &f);
            }
        });
    });
}

/// Applies `f` to each pair of elements of `a`, `b` broadcast to `out`'s shape (same
/// preconditions as [`map_binary`]); strided and broadcast operands are walked in place as in
/// [`map_unary_elems`].
pub fn map_binary_elems<A: Element, B: Element, O: Element>(
    a: &Tensor,
    b: &Tensor,
    out: &Tensor,
    min_per_task: usize,
    f: impl Fn(A, B) -> O + Sync,
) {
    let n = out.numel() as usize;
    if n == 0 || chunked_is_direct(&[a, b], out, n) || may_overlap(a, out) || may_overlap(b, out) {
        map_binary::<A, B, O, _>(a, b, out, min_per_task, |xs, ys, os| zip2(xs, ys, os, &f));
        return;
    }
    assert_eq!(a.dtype(), A::DTYPE, "map_binary_elems: dtype of a");
    assert_eq!(b.dtype(), B::DTYPE, "map_binary_elems: dtype of b");
    assert_eq!(out.dtype(), O::DTYPE, "map_binary_elems: dtype of out");
    let (sa, sb) = (broadcast_strides(a, out.shape()), broadcast_strides(b, out.shape()));
    let layout = Layout::<3>::new(out.shape(), [&sa, &sb, out.strides()]);
    let (ap, bp, op) = (SendPtr(a.data_ptr()), SendPtr(b.data_ptr()), SendPtr(out.data_ptr()));
    parallel_for(n, min_per_task, |range| {
        layout.for_each_row(range, |offs, inner, len| {
            let (s0, s1, so) = (inner[0] as isize, inner[1] as isize, inner[2] as isize);
            // SAFETY: as in `map_unary_elems`: offsets from valid views, `out` overlaps neither
            // input, tasks write disjoint rows.
            unsafe {
                let p = (ap.get() as *const A).offset(offs[0] as isize);
                let r = (bp.get() as *const B).offset(offs[1] as isize);
                let q = (op.get() as *mut O).offset(offs[2] as isize);
                walk2(p, s0, r, s1, q, so, len, &f);
            }
        });
    });
}
