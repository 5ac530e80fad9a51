//! Scans along one axis: cumulative_sum, cumulative_prod, and diff (n-th discrete differences).

use ferrule_core::tensor::format_shape;
use ferrule_core::{bail, Complex32, Complex64, DType, Result, Tensor, BF16, F16};

use super::kernels::{cast, cast_tensor, dispatch_with_acc, Arith};
use crate::axes::normalize_axis;
use crate::dispatch::Elem;
use crate::interrupt;
use crate::iter::SendPtr;
use crate::operand::Operand;
use crate::pool::{parallel_for, POLL_ITEMS};

/// `(P, K, Q)`: the products of the dims before `axis`, the axis size, and the dims after.
fn split_at_axis(shape: &[i64], axis: usize) -> (usize, usize, usize) {
    let before: i64 = shape[..axis].iter().product();
    let after: i64 = shape[axis + 1..].iter().product();
    (before as usize, shape[axis] as usize, after as usize)
}

/// Running `op` over the middle dim of a contiguous `(P, K, Q)` block of `T`, accumulated in
/// `A`, written to a contiguous `(P, K + initial, Q)` block of `A` (the identity first when
/// `initial`).
fn scan<T: Elem, A: Arith>(
    x: &Tensor,
    out: &Tensor,
    (p, k, q): (usize, usize, usize),
    initial: bool,
    product: bool,
) -> Result<()> {
    // `x` is contiguous, or a strided 1-D view (`p == q == 1`) read at its step
    let step = if x.is_contiguous() { 1 } else { x.strides()[0] as isize };
    debug_assert!(step == 1 || (p == 1 && q == 1));
    let src = SendPtr(x.data_ptr());
    // SAFETY: `out` is fresh and not shared, so no other view of its memory exists.
    let dst = SendPtr(unsafe { out.as_mut_slice::<A>()? }.as_mut_ptr().cast());
    let identity = if product { A::ONE } else { A::ZERO };
    let k_out = k + usize::from(initial);
    let min_rows = ((1usize << 16) / (k * q).max(1)).max(1);
    parallel_for(p, min_rows, |rows| {
        let mut acc = vec![identity; q];
        for row in rows {
            acc.fill(identity);
            // SAFETY: row `row` of the output lies inside it; tasks own their rows.
            let os = unsafe { std::slice::from_raw_parts_mut(dst.get().cast::<A>().add(row * k_out * q), k_out * q) };
            let os = if initial {
                os[..q].fill(identity);
                &mut os[q..]
            } else {
                os
            };
            let first = src.get().cast::<T>().cast_const().wrapping_add(row * k * q);
            if q == 1 {
                // SAFETY: the row's `k` elements lie `step` apart from `first` inside `x`
                // (contiguous rows of `k`, or the one row of a strided 1-D view).
                let row_in = unsafe { Strided::new(first, step) };
                if A::EXACT && p == 1 && k >= 2 * SCAN_BLOCK {
                    // one long row of integers: scanned in blocks over the pool (wrapping
                    // arithmetic is associative, so the answer is the sequential one)
                    scan_blocks::<T, A>(row_in, os, identity, product);
                } else {
                    // one running value per row: a plain loop, polling between long runs
                    scan_run(row_in, 0, os, identity, product);
                }
                if interrupt::poll() {
                    return;
                }
                continue;
            }
            // SAFETY: a row of a contiguous `x` (q > 1 only when contiguous).
            let xs = unsafe { std::slice::from_raw_parts(first, k * q) };
            // A long row polls for interrupts every POLL_ITEMS elements or so.
            let steps_per_poll = (POLL_ITEMS / q.max(1)).max(1);
            let mut until_poll = steps_per_poll;
            for (xr, or) in xs.chunks_exact(q).zip(os.chunks_exact_mut(q)) {
                until_poll -= 1;
                if until_poll == 0 {
                    until_poll = steps_per_poll;
                    if interrupt::poll() {
                        return;
                    }
                }
                for ((a, &v), o) in acc.iter_mut().zip(xr).zip(or) {
                    let v = cast::<T, A>(v);
                    *a = if product { a.mul(v) } else { a.add(v) };
                    *o = *a;
                }
            }
        }
    });
    Ok(())
}

/// Elements of a row read at a fixed step (in elements) from a first one.
#[derive(Clone, Copy)]
struct Strided<T> {
    first: *const T,
    step: isize,
}

// SAFETY: a `Strided` is only read, and only where its constructor's caller vouched for it.
unsafe impl<T: Sync> Sync for Strided<T> {}
// SAFETY: as for `Sync`.
unsafe impl<T: Sync> Send for Strided<T> {}

impl<T: Copy> Strided<T> {
    /// # Safety
    ///
    /// Every element the row is read at (`first + i * step` for the `i` its users pass) must be a
    /// valid `T` that nothing writes while the row is in use.
    unsafe fn new(first: *const T, step: isize) -> Self {
        Strided { first, step }
    }

    /// Element `i`.
    #[inline]
    fn get(&self, i: usize) -> T {
        // SAFETY: the constructor's contract covers the elements the scans read (`i < k`).
        unsafe { *self.first.offset(i as isize * self.step) }
    }
}

/// The running sum (or product) of `xs`'s elements `start..start + os.len()` from `a` into
/// `os`, polling for interrupts between long runs (returns early after one).
fn scan_run<T: Elem, A: Arith>(xs: Strided<T>, start: usize, os: &mut [A], mut a: A, product: bool) {
    for (c, or) in os.chunks_mut(POLL_ITEMS).enumerate() {
        let base = start + c * POLL_ITEMS;
        if xs.step == 1 {
            // SAFETY: a contiguous run of the row (the constructor's contract).
            let xr = unsafe { std::slice::from_raw_parts(xs.first.add(base), or.len()) };
            for (&v, o) in xr.iter().zip(or.iter_mut()) {
                a = if product { a.mul(cast::<T, A>(v)) } else { a.add(cast::<T, A>(v)) };
                *o = a;
            }
        } else {
            for (i, o) in or.iter_mut().enumerate() {
                let v = cast::<T, A>(xs.get(base + i));
                a = if product { a.mul(v) } else { a.add(v) };
                *o = a;
            }
        }
        if interrupt::poll() {
            return;
        }
    }
}

/// Elements per block of [`scan_blocks`].
const SCAN_BLOCK: usize = 1 << 16;

/// The running sum (or product) of one long row `xs` into `os`, for an exactly associative
/// accumulator (wrapping integers): each block's total over the pool, the running totals of the
/// blocks on the caller, then each block scanned from its running total over the pool (the
/// input is read twice, which on two or more threads still beats one sequential pass). Stops
/// early after an interrupt (the caller checks).
fn scan_blocks<T: Elem, A: Arith>(xs: Strided<T>, os: &mut [A], identity: A, product: bool) {
    let combine = |a: A, v: A| if product { a.mul(v) } else { a.add(v) };
    let n = os.len();
    let blocks = n.div_ceil(SCAN_BLOCK);
    let block = |b: usize| b * SCAN_BLOCK..((b + 1) * SCAN_BLOCK).min(n);
    let total = |r: std::ops::Range<usize>| {
        if xs.step == 1 {
            // SAFETY: a contiguous run of the row (the constructor's contract).
            let run = unsafe { std::slice::from_raw_parts(xs.first.add(r.start), r.len()) };
            run.iter().fold(identity, |a, &v| combine(a, cast::<T, A>(v)))
        } else {
            r.fold(identity, |a, i| combine(a, cast::<T, A>(xs.get(i))))
        }
    };
    let totals: Vec<A> = crate::pool::parallel_map(blocks, 1, |bs| bs.map(|b| total(block(b))).collect::<Vec<A>>())
        .into_iter()
        .flatten()
        .collect();
    if totals.len() != blocks || interrupt::poll() {
        return;
    }
    let mut starts = Vec::with_capacity(blocks);
    let mut run = identity;
    for &t in &totals {
        starts.push(run);
        run = combine(run, t);
    }
    let dst = SendPtr(os.as_mut_ptr().cast());
    parallel_for(blocks, 1, |bs| {
        for b in bs {
            let r = block(b);
            // SAFETY: block `b` of the output lies inside `os` and each block is written by the
            // one task that owns it.
            let out = unsafe { std::slice::from_raw_parts_mut(dst.get().cast::<A>().add(r.start), r.len()) };
            scan_run(xs, r.start, out, starts[b], product);
            if interrupt::poll() {
                return;
            }
        }
    });
}

fn cumulative(
    op: &str,
    x: &Tensor,
    axis: Option<i64>,
    dtype: Option<DType>,
    include_initial: bool,
    product: bool,
) -> Result<Tensor> {
    if x.ndim() == 0 {
        bail!(ValueError, "{op}: x must have at least one dimension, got a 0-d tensor");
    }
    let axis = match axis {
        Some(a) => normalize_axis(op, "axis", a, x.ndim())?,
        None if x.ndim() == 1 => 0,
        None => {
            bail!(ValueError, "{op}() argument 'axis': an axis must be given for a tensor of dimension {}", x.ndim())
        }
    };
    let natural = super::default_sum_dtype(x.dtype());
    let result = dtype.unwrap_or(natural);
    let input = if result == natural { x.clone() } else { cast_tensor(x, result)? };
    // a strided 1-D input is read in place at its step
    let input = if input.ndim() == 1 { input } else { input.contiguous()? };
    let (p, k, q) = split_at_axis(input.shape(), axis);
    let mut out_shape = input.shape().to_vec();
    out_shape[axis] += i64::from(include_initial);
    let acc_dtype = super::kernels::accumulator_dtype(input.dtype());
    crate::creation::check_result_shape(op, &out_shape, acc_dtype)?;
    // SAFETY: `scan` writes every element (the identity column too); an interrupt stops it and
    // the check after it returns before the tensor is read.
    let out = unsafe { Tensor::uninit(&out_shape, acc_dtype)? };
    if out.numel() > 0 {
        dispatch_with_acc!(input.dtype(), T, A => {
            scan::<T, A>(&input, &out, (p, k, q), include_initial, product)?
        });
        interrupt::check()?;
    }
    cast_tensor(&out, result)
}

/// The running sum along `axis` (required unless `x` is 1-D), with `sum`'s dtype rules; with
/// `include_initial` the result starts with 0 and is one longer along `axis`.
pub fn cumulative_sum(x: &Tensor, axis: Option<i64>, dtype: Option<DType>, include_initial: bool) -> Result<Tensor> {
    cumulative("cumulative_sum", x, axis, dtype, include_initial, false)
}

/// The running product along `axis`; rules as for [`cumulative_sum`] (the initial value is 1).
pub fn cumulative_prod(x: &Tensor, axis: Option<i64>, dtype: Option<DType>, include_initial: bool) -> Result<Tensor> {
    cumulative("cumulative_prod", x, axis, dtype, include_initial, true)
}

/// `later - earlier` for one dtype: wrapping for ints, `!=` for bool (numpy's rule).
trait Difference: Elem {
    fn difference(later: Self, earlier: Self) -> Self;
}

macro_rules! difference_int {
    ($($t:ty),*) => {$(
        impl Difference for $t {
            #[inline(always)]
            fn difference(a: Self, b: Self) -> Self { a.wrapping_sub(b) }
        }
    )*};
}
difference_int!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! difference_via {
    ($($t:ty),*) => {$(
        impl Difference for $t {
            #[inline(always)]
            fn difference(a: Self, b: Self) -> Self { Self::from_c64(a.to_c64() - b.to_c64()) }
        }
    )*};
}
difference_via!(F16, BF16, Complex32, Complex64);

impl Difference for bool {
    #[inline(always)]
    fn difference(a: Self, b: Self) -> Self {
        a != b
    }
}

impl Difference for f32 {
    #[inline(always)]
    fn difference(a: Self, b: Self) -> Self {
        a - b
    }
}

impl Difference for f64 {
    #[inline(always)]
    fn difference(a: Self, b: Self) -> Self {
        a - b
    }
}

/// Applies the first difference `n` times along the middle dim of a contiguous `(P, K, Q)`
/// block, returning a contiguous `(P, K - n, Q)` block (`K - n` clamped at 0).
fn difference_n<T: Difference>(
    x: &Tensor,
    (p, k, q): (usize, usize, usize),
    n: usize,
    shape: &[i64],
    axis: usize,
) -> Result<Tensor> {
    let mut cur = x.clone();
    let mut len = k;
    for _ in 0..n.min(k) {
        cur = difference_once::<T>(&cur, (p, len, q), shape, axis)?;
        len -= 1;
    }
    Ok(cur)
}

/// One first difference of a contiguous `(P, K, Q)` block (`K >= 1`) into a fresh
/// `(P, K - 1, Q)` block. Row `r` of the result is `x[r, 1.., :] - x[r, ..K - 1, :]`, which in
/// memory is `src[base + Q + t] - src[base + t]` for `t < (K - 1) Q`: one contiguous run per row,
/// split over the pool.
fn difference_once<T: Difference>(
    x: &Tensor,
    (p, k, q): (usize, usize, usize),
    shape: &[i64],
    axis: usize,
) -> Result<Tensor> {
    let mut out_shape = shape.to_vec();
    out_shape[axis] = (k - 1) as i64;
    // SAFETY: the loop below writes every element (an interrupt stops it, and the check after
    // it then drops the tensor unseen).
    let out = unsafe { Tensor::uninit(&out_shape, T::DTYPE)? };
    let run = (k - 1) * q;
    let total = p * run;
    if total == 0 {
        return Ok(out);
    }
    let (src, dst) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()));
    parallel_for(total, 1 << 15, |range| {
        let mut i = range.start;
        while i < range.end {
            let (row, t) = (i / run, i % run);
            let m = (run - t).min(range.end - i);
            // SAFETY: `x` is contiguous `(P, K, Q)` of `T` and `out` contiguous `(P, K - 1, Q)`;
            // `t + m <= run`, so the reads `base + t .. base + Q + t + m` stay inside row `row`
            // of `x`, and this task owns `i .. i + m` of `out`, which is a fresh tensor.
            unsafe {
                let base = (src.get() as *const T).add(row * k * q + t);
                let earlier = std::slice::from_raw_parts(base, m);
                let later = std::slice::from_raw_parts(base.add(q), m);
                let os = std::slice::from_raw_parts_mut((dst.get() as *mut T).add(i), m);
                for ((o, &a), &b) in os.iter_mut().zip(later).zip(earlier) {
                    *o = T::difference(a, b);
                }
            }
            i += m;
        }
    });
    interrupt::check()?;
    Ok(out)
}

/// The `n`-th discrete difference along `axis`: `out[i] = x[i + 1] - x[i]`, applied `n` times.
///
/// `prepend` / `append` (tensors or scalars) are joined to `x` along `axis` first; a scalar or
/// 0-d value is repeated across the other dims, otherwise its shape must match `x`'s except
/// along `axis`. The dtype is the promotion of all parts; bool uses `!=`; ints wrap.
pub fn diff(x: &Tensor, axis: i64, n: i64, prepend: Option<&Operand>, append: Option<&Operand>) -> Result<Tensor> {
    if x.ndim() == 0 {
        bail!(ValueError, "diff: x must have at least one dimension, got a 0-d tensor");
    }
    let axis = normalize_axis("diff", "axis", axis, x.ndim())?;
    if n < 0 {
        bail!(ValueError, "diff() argument 'n': order must be non-negative, got {n}");
    }
    if n == 0 {
        return Ok(x.clone());
    }
    let k = x.shape()[axis];
    if n == 1 && prepend.is_none() && append.is_none() && !x.is_contiguous() && k > 0 {
        // one difference of a strided view: `x[1:] - x[:-1]` along `axis`, both views read in
        // place by the element-wise walk (no contiguous copy of `x` first)
        let later = x.slice(axis, Some(1), None, 1)?;
        let earlier = x.slice(axis, None, Some(k - 1), 1)?;
        // SAFETY: the map below writes every element of the fresh output.
        let out = unsafe { Tensor::uninit(later.shape(), x.dtype())? };
        crate::dispatch_all!(x.dtype(), T => {
            crate::elementwise::map2::<T, T, T>(&later, &earlier, &out, 1 << 14, T::difference)
        });
        return Ok(out);
    }
    let mut parts: Vec<Tensor> = Vec::with_capacity(3);
    let mut dtype = x.dtype();
    let mut extra = |name: &str, value: Option<&Operand>| -> Result<Option<Tensor>> {
        let Some(value) = value else { return Ok(None) };
        let t = match value {
            Operand::Tensor(t) => t.clone(),
            Operand::Scalar(s) => s.to_tensor("diff", s.weak_dtype(x.dtype()))?,
        };
        let t = if t.ndim() == 0 {
            let mut shape = x.shape().to_vec();
            shape[axis] = 1;
            t.broadcast_to(&shape)?
        } else {
            let same_rest = t.ndim() == x.ndim() && (0..x.ndim()).all(|d| d == axis || t.shape()[d] == x.shape()[d]);
            if !same_rest {
                bail!(
                    ValueError,
                    "diff() argument '{name}': shape {} does not match x's shape {} outside axis {axis}",
                    format_shape(t.shape()),
                    format_shape(x.shape())
                );
            }
            t
        };
        dtype = crate::promote::result_type(dtype, t.dtype());
        Ok(Some(t))
    };
    let before = extra("prepend", prepend)?;
    let after = extra("append", append)?;
    parts.extend(before);
    parts.push(x.clone());
    parts.extend(after);
    let joined = join_along(&parts, axis, dtype)?;
    let dims = split_at_axis(joined.shape(), axis);
    let shape = joined.shape().to_vec();
    crate::dispatch_all!(dtype, T => { difference_n::<T>(&joined, dims, n as usize, &shape, axis) })
}

/// Concatenates `parts` (same shape outside `axis`) along `axis` as one contiguous `dtype`
/// tensor, casting each part.
fn join_along(parts: &[Tensor], axis: usize, dtype: DType) -> Result<Tensor> {
    if parts.len() == 1 {
        return cast_tensor(&parts[0], dtype)?.contiguous();
    }
    let mut shape = parts[0].shape().to_vec();
    shape[axis] = parts.iter().map(|t| t.shape()[axis]).sum();
    let out = crate::creation::alloc_result("diff", &shape, dtype)?;
    let (p, total, q) = split_at_axis(&shape, axis);
    let item = dtype.itemsize();
    // SAFETY: `out` is fresh and not shared.
    let dst = unsafe { std::slice::from_raw_parts_mut(out.data_ptr(), out.nbytes()) };
    let mut at = 0usize;
    for part in parts {
        let part = cast_tensor(part, dtype)?.contiguous()?;
        let k = part.shape()[axis] as usize;
        // SAFETY: contiguous and only read.
        let src = unsafe { std::slice::from_raw_parts(part.data_ptr().cast_const(), part.nbytes()) };
        for row in 0..p {
            let chunk = k * q * item;
            dst[(row * total + at) * q * item..][..chunk].copy_from_slice(&src[row * chunk..][..chunk]);
        }
        at += k;
    }
    Ok(out)
}
