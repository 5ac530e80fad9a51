//! The reduction engine: plans a strided reduction over a set of axes and runs a `Reducer` on it, in parallel.
//!
//! Two loop shapes cover every layout without copying the input:
//! - *inner*: the reduced dims include the one with the smallest stride, so each output element
//!   folds a (usually contiguous) block with [`fold_slice`] (SIMD lanes + pairwise blocks);
//! - *outer*: a kept dim has the smallest stride (e.g. `sum(axis=0)` of a C-contiguous matrix),
//!   so whole rows are accumulated into a row of accumulators, never transposing the input.

use ferrule_core::{Element, Result, Tensor};

use crate::iter::SendPtr;
use crate::pool::{parallel_for, parallel_map};

/// A reduction: how to start, absorb one element, and merge two partial results.
///
/// `step` must be exact for any grouping the engine picks together with `combine`
/// (associative up to floating-point rounding), and the result must not depend on the order
/// of elements beyond rounding: the engine reorders dims by stride.
pub trait Reducer: Sync {
    /// The input element type.
    type In: Element;
    /// The accumulator, also the engine's output element type.
    type Acc: Element;
    /// The identity (the result of reducing nothing).
    fn init() -> Self::Acc;
    /// Absorbs one element.
    fn step(acc: Self::Acc, x: Self::In) -> Self::Acc;
    /// Merges two partial results.
    fn combine(a: Self::Acc, b: Self::Acc) -> Self::Acc;
}

/// Lanes of independent accumulators in [`fold_lanes`]: enough independent chains to keep
/// two vector units busy on every x86-64 level.
const LANES: usize = 32;

/// Elements folded by one lane block before pairwise combination.
const PAIRWISE_BLOCK: usize = 2048;

/// Elements of reduction work below which a reduction stays on the calling thread.
const MIN_PARALLEL_WORK: usize = 1 << 17;

/// Folds a slice with `LANES` independent accumulators (each lane a column), which the
/// compiler turns into vector code, then merges the lanes as a balanced tree.
#[inline(always)]
fn fold_lanes<R: Reducer>(xs: &[R::In]) -> R::Acc {
    let mut lanes = [R::init(); LANES];
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for i in 0..LANES {
            lanes[i] = R::step(lanes[i], chunk[i]);
        }
    }
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for i in 0..width {
            lanes[i] = R::combine(lanes[i], lanes[i + width]);
        }
    }
    let mut tail = R::init();
    for &x in rest {
        tail = R::step(tail, x);
    }
    R::combine(lanes[0], tail)
}

#[multiversion::multiversion(targets("x86_64+avx2+fma", "aarch64+neon"))]
fn fold_pairwise<R: Reducer>(xs: &[R::In]) -> R::Acc {
    // Pairwise over blocks without recursion (recursion would leave the target-feature clone).
    let mut merged = Pairwise::<R>::new();
    for block in xs.chunks(PAIRWISE_BLOCK) {
        merged.push(fold_lanes::<R>(block));
    }
    merged.finish()
}

/// A binary counter of partial results for pairwise merging without recursion: the results of
/// consecutive blocks are pushed in order, and equal-sized neighbours are merged as they meet.
struct Pairwise<R: Reducer> {
    stack: [R::Acc; 64],
    depth: usize,
    blocks: usize,
}

impl<R: Reducer> Pairwise<R> {
    #[inline(always)]
    fn new() -> Self {
        Pairwise { stack: [R::init(); 64], depth: 0, blocks: 0 }
    }

    /// Adds the next block's result.
    #[inline(always)]
    fn push(&mut self, mut v: R::Acc) {
        let mut n = self.blocks;
        while n & 1 == 1 {
            self.depth -= 1;
            v = R::combine(self.stack[self.depth], v);
            n >>= 1;
        }
        self.stack[self.depth] = v;
        self.depth += 1;
        self.blocks += 1;
    }

    /// The merge of every block pushed.
    #[inline(always)]
    fn finish(mut self) -> R::Acc {
        let mut acc = R::init();
        while self.depth > 0 {
            self.depth -= 1;
            acc = R::combine(self.stack[self.depth], acc);
        }
        acc
    }
}

/// Folds a contiguous slice: SIMD lanes over blocks of [`PAIRWISE_BLOCK`] elements, blocks
/// merged pairwise (numpy's pairwise summation accuracy or better for float sums).
#[inline]
pub fn fold_slice<R: Reducer>(xs: &[R::In]) -> R::Acc {
    if xs.len() < LANES {
        return xs.iter().fold(R::init(), |acc, &x| R::step(acc, x));
    }
    fold_pairwise::<R>(xs)
}

/// Folds `len` elements starting at `ptr` with element stride `stride`.
///
/// # Safety
///
/// Every element `ptr + i * stride` for `i < len` must be a valid, readable `R::In`.
#[inline]
unsafe fn fold_strided<R: Reducer>(ptr: *const R::In, len: usize, stride: isize) -> R::Acc {
    if stride == 1 {
        // SAFETY: caller contract with a unit stride.
        return fold_slice::<R>(unsafe { std::slice::from_raw_parts(ptr, len) });
    }
    if len < LANES {
        let mut acc = R::init();
        for i in 0..len as isize {
            // SAFETY: caller contract.
            acc = R::step(acc, unsafe { *ptr.offset(i * stride) });
        }
        return acc;
    }
    // Gathered a block at a time into a buffer and folded as contiguous blocks are (SIMD lanes,
    // blocks merged pairwise): independent accumulators instead of one serial chain.
    let mut buf = [std::mem::MaybeUninit::<R::In>::uninit(); STRIDED_BLOCK];
    let mut merged = Pairwise::<R>::new();
    let mut start = 0usize;
    while start < len {
        let m = STRIDED_BLOCK.min(len - start);
        // SAFETY: caller contract (`start + i < len`); `buf` holds `STRIDED_BLOCK >= m` slots.
        unsafe { crate::iter::gather(ptr.offset(start as isize * stride), stride, buf.as_mut_ptr().cast(), m) };
        // SAFETY: the first `m` slots were just written.
        let block = unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<R::In>(), m) };
        merged.push(fold_lanes::<R>(block));
        start += m;
    }
    merged.finish()
}

/// Elements [`fold_strided`] gathers per block (a stack buffer of at most 4 KiB).
const STRIDED_BLOCK: usize = 256;

/// One dim of a plan: size and strides (input, output), in elements.
#[derive(Clone, Copy, Debug)]
struct Dim {
    size: i64,
    input: i64,
    output: i64,
}

/// Sorts dims by input stride, largest first, and merges neighbours that step as one in
/// both the input and the output.
fn sort_and_coalesce(mut dims: Vec<Dim>) -> Vec<Dim> {
    dims.sort_by_key(|d| std::cmp::Reverse(d.input));
    let mut out: Vec<Dim> = Vec::with_capacity(dims.len());
    for d in dims {
        if let Some(last) = out.last_mut() {
            if last.input == d.input * d.size && last.output == d.output * d.size {
                last.size *= d.size;
                last.input = d.input;
                last.output = d.output;
                continue;
            }
        }
        out.push(d);
    }
    out
}

/// Calls `f(input_offset, output_offset)` for every index of `dims` from linear position
/// `range.start` to `range.end` (C order over `dims`).
fn walk(dims: &[Dim], range: std::ops::Range<usize>, mut f: impl FnMut(i64, i64)) {
    if range.is_empty() {
        return;
    }
    let mut index = vec![0i64; dims.len()];
    let (mut inp, mut out) = (0i64, 0i64);
    let mut rest = range.start as i64;
    for (k, d) in dims.iter().enumerate().rev() {
        index[k] = rest % d.size;
        rest /= d.size;
        inp += index[k] * d.input;
        out += index[k] * d.output;
    }
    for _ in range {
        f(inp, out);
        for (k, d) in dims.iter().enumerate().rev() {
            index[k] += 1;
            inp += d.input;
            out += d.output;
            if index[k] < d.size {
                break;
            }
            index[k] = 0;
            inp -= d.input * d.size;
            out -= d.output * d.size;
        }
    }
}

/// Reduces `x` (whose dtype must be `R::In`'s) over `axes` (normalised, distinct), returning
/// a fresh C-contiguous tensor of `R::Acc` whose shape is `x`'s without the reduced dims.
///
/// An empty reduction gives `R::init()` everywhere. Callers check dtype and empty-input rules.
pub fn reduce<R: Reducer>(x: &Tensor, axes: &[usize]) -> Result<Tensor> {
    let out_shape: Vec<i64> = (0..x.ndim()).filter(|d| !axes.contains(d)).map(|d| x.shape()[d]).collect();
    let out = Tensor::zeros(&out_shape, R::Acc::DTYPE)?;
    let out_strides = ferrule_core::contiguous_strides(&out_shape);
    if out.numel() == 0 {
        return Ok(out);
    }
    // SAFETY: `out` is fresh and not shared.
    let out_data = unsafe { out.as_mut_slice::<R::Acc>()? };
    if x.numel() == 0 {
        out_data.fill(R::init());
        return Ok(out);
    }
    // Plan: flip negative strides (the reducers are order-insensitive), drop size-1 dims.
    let mut in_base = 0i64;
    let mut out_base = 0i64;
    let (mut kept, mut reduced) = (Vec::new(), Vec::new());
    let mut out_dim = 0;
    for d in 0..x.ndim() {
        let (size, mut input) = (x.shape()[d], x.strides()[d]);
        let is_reduced = axes.contains(&d);
        let mut output = if is_reduced { 0 } else { out_strides[out_dim] };
        if !is_reduced {
            out_dim += 1;
        }
        if size == 1 {
            continue;
        }
        if input < 0 {
            in_base += (size - 1) * input;
            out_base += (size - 1) * output;
            input = -input;
            output = -output;
        }
        let dim = Dim { size, input, output };
        if is_reduced {
            reduced.push(dim);
        } else {
            kept.push(dim);
        }
    }
    let kept = sort_and_coalesce(kept);
    let reduced = sort_and_coalesce(reduced);
    // Every offset formed below from `in_base` plus in-range multiples of the plan's strides
    // addresses an element of `x` (the tensor invariant), and every output offset an element of
    // `out`.
    // SAFETY: `in_base` is the offset of x's first element in its allocation (the invariant above).
    let src = SendPtr(unsafe { x.data_ptr().cast::<R::In>().offset(in_base as isize) }.cast());
    // SAFETY: `out_base` is the offset of out's first element in `out_data`.
    let dst = SendPtr(unsafe { out_data.as_mut_ptr().offset(out_base as isize) }.cast());
    let inner_reduction = match (kept.last(), reduced.last()) {
        (_, None) => true,
        (None, _) => true,
        // A short kept row (under 8 outputs) accumulates too little per pass: fold instead.
        (Some(k), Some(r)) => r.input <= k.input || k.size < 8,
    };
    if reduced.is_empty() {
        // Nothing to reduce (all reduced dims had size 1): a converting copy.
        let n: usize = kept.iter().map(|d| d.size as usize).product();
        // SAFETY: `walk` yields in-range input and output offsets of the plan (the invariant above).
        walk(&kept, 0..n, |i, o| unsafe {
            *dst.get().cast::<R::Acc>().offset(o as isize) =
                R::step(R::init(), *src.get().cast::<R::In>().offset(i as isize));
        });
        return Ok(out);
    }
    if inner_reduction {
        reduce_inner::<R>(src, dst, &kept, &reduced);
    } else {
        reduce_outer::<R>(src, dst, &kept, &reduced);
    }
    Ok(out)
}

/// Folds the reduced block starting at `base` (element offset from `src`).
///
/// # Safety
///
/// As in [`reduce`]: the plan addresses valid elements.
unsafe fn fold_block<R: Reducer>(src: SendPtr, base: i64, outer: &[Dim], inner: Dim) -> R::Acc {
    let ptr = src.get().cast::<R::In>().cast_const();
    let rows: usize = outer.iter().map(|d| d.size as usize).product();
    let mut acc = R::init();
    walk(outer, 0..rows, |i, _| {
        // SAFETY: caller contract.
        let part =
            unsafe { fold_strided::<R>(ptr.offset((base + i) as isize), inner.size as usize, inner.input as isize) };
        acc = R::combine(acc, part);
    });
    acc
}

/// Reduced elements per output from which each output is folded on the whole pool, one output
/// after the other (a long fold, interruptible between its blocks).
const LONG_FOLD: usize = crate::pool::BLOCK_TASKS * MIN_PARALLEL_WORK;

/// Merges partial results as a balanced tree (the accuracy of pairwise summation across the
/// parts, in their order).
fn combine_pairwise<R: Reducer>(parts: &mut [R::Acc]) -> R::Acc {
    match parts.len() {
        0 => R::init(),
        1 => parts[0],
        n => {
            let (low, high) = parts.split_at_mut(n / 2);
            R::combine(combine_pairwise::<R>(low), combine_pairwise::<R>(high))
        }
    }
}

/// Folds the reduced block at `base` (element offset from `src`) on the pool: rows in
/// parallel, or, for long rows, each row split across the pool. Interruptible between blocks.
fn fold_parallel<R: Reducer>(src: SendPtr, base: i64, outer: &[Dim], inner: Dim) -> R::Acc {
    let rows: usize = outer.iter().map(|d| d.size as usize).product();
    let (len, step) = (inner.size as usize, inner.input as isize);
    if rows == 1 || len >= 2 * MIN_PARALLEL_WORK {
        let mut acc = R::init();
        walk(outer, 0..rows, |i, _| {
            if crate::interrupt::poll() {
                return;
            }
            let part = map_combine::<R>(len, MIN_PARALLEL_WORK, |r| unsafe {
                // SAFETY: the plan addresses valid elements.
                let ptr = src.get().cast::<R::In>().cast_const().offset((base + i) as isize + r.start as isize * step);
                fold_strided::<R>(ptr, r.len(), step)
            });
            acc = R::combine(acc, part);
        });
        return acc;
    }
    let min_rows = (MIN_PARALLEL_WORK / len).max(1);
    map_combine::<R>(rows, min_rows, |r| {
        let mut acc = R::init();
        walk(outer, r, |i, _| {
            // SAFETY: the plan addresses valid elements.
            let part = unsafe {
                fold_strided::<R>(src.get().cast::<R::In>().cast_const().offset((base + i) as isize), len, step)
            };
            acc = R::combine(acc, part);
        });
        acc
    })
}

/// Blocks of [`parallel_map`] one segment of [`map_combine`] covers.
const SEGMENT_BLOCKS: usize = 1 << 12;

/// [`parallel_map`] of `body` over `0..n` combined pairwise, a segment of [`SEGMENT_BLOCKS`]
/// blocks at a time, segments combined in order (interruptible between them). A huge
/// broadcast view (2**59 elements, no memory) would otherwise need a value slot for each of
/// 2**38 blocks; up to a segment's worth the result is exactly the one-map result.
pub fn map_combine<R: Reducer>(
    n: usize,
    min_per_task: usize,
    body: impl Fn(std::ops::Range<usize>) -> R::Acc + Sync,
) -> R::Acc {
    let segment = SEGMENT_BLOCKS * crate::pool::BLOCK_TASKS * min_per_task.max(1);
    let mut acc: Option<R::Acc> = None;
    let mut start = 0;
    while start < n {
        if start > 0 && crate::interrupt::poll() {
            break;
        }
        let end = n.min(start.saturating_add(segment));
        let mut parts = parallel_map(end - start, min_per_task, |r| body(start + r.start..start + r.end));
        let part = combine_pairwise::<R>(&mut parts);
        acc = Some(acc.map_or(part, |a| R::combine(a, part)));
        start = end;
    }
    acc.unwrap_or_else(R::init)
}

/// The *inner* loop shape: each output element folds its own reduced block.
fn reduce_inner<R: Reducer>(src: SendPtr, dst: SendPtr, kept: &[Dim], reduced: &[Dim]) {
    let (inner, outer) = reduced.split_last().expect("non-empty reduced dims");
    let n_out: usize = kept.iter().map(|d| d.size as usize).product();
    let per_out: usize = reduced.iter().map(|d| d.size as usize).product();
    // SAFETY: callers pass output offsets of the plan, each an element of the output (see `reduce`).
    let write = |o: i64, v: R::Acc| unsafe { *dst.get().cast::<R::Acc>().offset(o as isize) = v };
    if (n_out == 1 && per_out >= 2 * MIN_PARALLEL_WORK) || per_out >= LONG_FOLD {
        // Few long folds (e.g. a full reduction): each one split across the pool in turn.
        walk(kept, 0..n_out, |i, o| {
            if !crate::interrupt::poll() {
                write(o, fold_parallel::<R>(src, i, outer, *inner));
            }
        });
        return;
    }
    let min_outputs = (MIN_PARALLEL_WORK / per_out).max(1);
    parallel_for(n_out, min_outputs, |range| {
        walk(kept, range, |i, o| {
            // SAFETY: the plan addresses valid elements.
            write(o, unsafe { fold_block::<R>(src, i, outer, *inner) });
        });
    });
}

/// Output elements per accumulator row chunk of the *outer* loop shape (fits in L1).
const OUTER_CHUNK: usize = 1024;

/// Reduced steps accumulated before folding into the running total (bounds rounding growth).
const OUTER_BLOCK: usize = 128;

/// The *outer* loop shape: rows along the smallest-stride kept dim are accumulated while
/// walking the reduced dims, in chunks of [`OUTER_CHUNK`] outputs.
fn reduce_outer<R: Reducer>(src: SendPtr, dst: SendPtr, kept: &[Dim], reduced: &[Dim]) {
    let (row, outer_kept) = kept.split_last().expect("non-empty kept dims");
    let row_len = row.size as usize;
    let chunks_per_row = row_len.div_ceil(OUTER_CHUNK);
    let n_outer: usize = outer_kept.iter().map(|d| d.size as usize).product();
    let n_red: usize = reduced.iter().map(|d| d.size as usize).product();
    let items = n_outer * chunks_per_row;
    let work_per_item = n_red * OUTER_CHUNK.min(row_len);
    let min_items = (MIN_PARALLEL_WORK / work_per_item.max(1)).max(1);
    parallel_for(items, min_items, |range| {
        let mut total = vec![R::init(); OUTER_CHUNK.min(row_len)];
        let mut block = vec![R::init(); OUTER_CHUNK.min(row_len)];
        for item in range {
            let (outer_index, chunk) = (item / chunks_per_row, item % chunks_per_row);
            let mut base = (0i64, 0i64);
            walk(outer_kept, outer_index..outer_index + 1, |i, o| base = (i, o));
            let start = chunk * OUTER_CHUNK;
            let len = OUTER_CHUNK.min(row_len - start);
            let (total, block) = (&mut total[..len], &mut block[..len]);
            total.fill(R::init());
            let in0 = base.0 + start as i64 * row.input;
            let mut since_poll = 0usize;
            for group in (0..n_red).step_by(OUTER_BLOCK) {
                // A long item (a huge reduced extent) polls for interrupts as it goes.
                since_poll += OUTER_BLOCK * len;
                if since_poll >= MIN_PARALLEL_WORK {
                    since_poll = 0;
                    if crate::interrupt::poll() {
                        return;
                    }
                }
                block.fill(R::init());
                walk(reduced, group..(group + OUTER_BLOCK).min(n_red), |r, _| {
                    // SAFETY: the plan addresses valid elements.
                    unsafe {
                        let p = src.get().cast::<R::In>().cast_const().offset((in0 + r) as isize);
                        accumulate_row::<R>(block, p, row.input as isize);
                    }
                });
                for (t, &b) in total.iter_mut().zip(block.iter()) {
                    *t = R::combine(*t, b);
                }
            }
            let out0 = base.1 + start as i64 * row.output;
            for (j, &v) in total.iter().enumerate() {
                // SAFETY: the plan addresses valid output elements.
                unsafe {
                    *dst.get().cast::<R::Acc>().offset((out0 + j as i64 * row.output) as isize) = v;
                }
            }
        }
    });
}

/// `acc[j] = step(acc[j], p[j * stride])` for every `j`; vectorised for unit strides.
///
/// # Safety
///
/// `p + j * stride` must be valid for every `j < acc.len()`.
#[inline]
unsafe fn accumulate_row<R: Reducer>(acc: &mut [R::Acc], p: *const R::In, stride: isize) {
    if stride == 1 {
        // SAFETY: caller contract.
        let xs = unsafe { std::slice::from_raw_parts(p, acc.len()) };
        accumulate_contiguous::<R>(acc, xs);
    } else {
        for (j, a) in acc.iter_mut().enumerate() {
            // SAFETY: caller contract.
            *a = R::step(*a, unsafe { *p.offset(j as isize * stride) });
        }
    }
}

#[multiversion::multiversion(targets("x86_64+avx2+fma", "aarch64+neon"))]
fn accumulate_contiguous<R: Reducer>(acc: &mut [R::Acc], xs: &[R::In]) {
    for (a, &x) in acc.iter_mut().zip(xs) {
        *a = R::step(*a, x);
    }
}
