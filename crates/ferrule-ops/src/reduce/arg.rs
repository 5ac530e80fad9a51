//! argmax and argmin: the index of the first extreme element (the first NaN wins, as in numpy).

use ferrule_core::{bail, DType, Result, Tensor};

use super::kernels::Extremum;
use crate::axes::normalize_axis;
use crate::iter::SendPtr;
use crate::pool::{parallel_for, POLL_ITEMS};

/// The index of the first largest (or smallest) of `len` elements at `p` with `stride`.
///
/// # Safety
///
/// `p + i * stride` must be a valid element for every `i < len`; `len >= 1`.
#[inline]
unsafe fn scan<T: Extremum>(p: *const T, len: usize, stride: isize, largest: bool) -> i64
where
    T::Acc: PartialOrd,
{
    // SAFETY: len >= 1, so `p` is a valid element (the caller's contract).
    let mut best = unsafe { *p }.widen();
    let mut at = 0usize;
    #[allow(clippy::eq_op)]
    if best != best {
        return 0;
    }
    // A long line polls for interrupts between chunks (the answer is then thrown away).
    let mut start = 1;
    while start < len {
        if start > POLL_ITEMS && crate::interrupt::poll() {
            break;
        }
        let end = len.min(start + POLL_ITEMS);
        for i in start..end {
            // SAFETY: i < len: a valid element (the caller's contract).
            let v = unsafe { *p.offset(i as isize * stride) }.widen();
            #[allow(clippy::eq_op)]
            let is_nan = v != v;
            if is_nan {
                return i as i64;
            }
            if (largest && v > best) || (!largest && v < best) {
                best = v;
                at = i;
            }
        }
        start = end;
    }
    at as i64
}

/// Independent accumulators of the block scan, which the compiler keeps in vector registers.
const LANES: usize = 16;

/// Elements per block of the contiguous scan (the winning block is scanned once more).
const BLOCK: usize = 1024;

/// The extreme of a non-empty block (in the first-wins sense of [`scan`]: equal values keep the
/// earlier) and whether it holds a NaN, in one pass the compiler vectorises.
#[inline(always)]
fn block_extreme<T: Extremum, const LARGEST: bool>(block: &[T]) -> (T::Acc, bool)
where
    T::Acc: PartialOrd,
{
    let better = |v: T::Acc, acc: T::Acc| if LARGEST { v > acc } else { v < acc };
    let mut acc = [block[0].widen(); LANES];
    let mut nan = [false; LANES];
    let chunks = block.chunks_exact(LANES);
    let rest = chunks.remainder();
    for c in chunks {
        for j in 0..LANES {
            let v = c[j].widen();
            #[allow(clippy::eq_op)]
            let is_nan = v != v;
            nan[j] |= is_nan;
            acc[j] = if better(v, acc[j]) { v } else { acc[j] };
        }
    }
    let mut best = acc[0];
    let mut any_nan = nan[0];
    for j in 1..LANES {
        best = if better(acc[j], best) { acc[j] } else { best };
        any_nan |= nan[j];
    }
    for x in rest {
        let v = x.widen();
        #[allow(clippy::eq_op)]
        let is_nan = v != v;
        any_nan |= is_nan;
        best = if better(v, best) { v } else { best };
    }
    (best, any_nan)
}

/// [`scan`] of a contiguous line: the extreme and NaN flag of each block (vectorised), then the
/// first NaN of the first block with one, or the first occurrence of the extreme in the first
/// block that reached it. Polls for interrupts between groups of blocks. Compiled for AVX2 as
/// well (twice the lanes of the baseline's compares and selects), chosen at run time.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn scan_contiguous<T: Extremum, const LARGEST: bool>(xs: &[T]) -> usize
where
    T::Acc: PartialOrd,
{
    #[allow(clippy::eq_op)]
    let is_nan = |v: T::Acc| v != v;
    let mut best: Option<(T::Acc, usize)> = None;
    for (b, block) in xs.chunks(BLOCK).enumerate() {
        if b % 64 == 63 && crate::interrupt::poll() {
            break;
        }
        let (ext, nan) = block_extreme::<T, LARGEST>(block);
        if nan {
            return b * BLOCK + block.iter().position(|x| is_nan(x.widen())).unwrap_or(0);
        }
        let wins = match best {
            None => true,
            Some((v, _)) => (LARGEST && ext > v) || (!LARGEST && ext < v),
        };
        if wins {
            best = Some((ext, b));
        }
    }
    let Some((v, b)) = best else { return 0 };
    let start = b * BLOCK;
    // the first occurrence: which group of LANES holds it (a vectorised test), then where
    let block = &xs[start..xs.len().min(start + BLOCK)];
    let mut base = 0;
    for c in block.chunks(LANES) {
        if c.iter().fold(false, |hit, x| hit | (x.widen() == v)) {
            return start + base + c.iter().position(|x| x.widen() == v).unwrap_or(0);
        }
        base += c.len();
    }
    start
}

/// [`scan_contiguous`] over a long line in parallel pieces, the first best of the pieces'
/// answers (a NaN wins, the earliest piece on ties).
fn scan_contiguous_par<T: Extremum, const LARGEST: bool>(xs: &[T]) -> usize
where
    T::Acc: PartialOrd,
{
    let parts = crate::pool::parallel_map(xs.len(), PAR_LINE, |r| r.start + scan_contiguous::<T, LARGEST>(&xs[r]));
    #[allow(clippy::eq_op)]
    let is_nan = |v: T::Acc| v != v;
    let mut at = parts.first().copied().unwrap_or(0);
    for &i in &parts {
        let (v, best) = (xs[i].widen(), xs[at].widen());
        if is_nan(v) {
            return i;
        }
        if (LARGEST && v > best) || (!LARGEST && v < best) {
            at = i;
        }
    }
    at
}

/// Elements of one line per parallel piece.
const PAR_LINE: usize = 1 << 16;

/// [`scan`] of a long strided line: [`BLOCK`] elements at a time copied into a buffer on the
/// stack and scanned by [`scan_contiguous`] (a strided load per element, then the vectorised
/// scan, instead of a compare and branch per element), the first best of the blocks' answers.
///
/// # Safety
///
/// As for [`scan`]: `p + i * stride` is a valid element for every `i < len`; `len >= 1`.
unsafe fn scan_gathered<T: Extremum, const LARGEST: bool>(p: *const T, len: usize, stride: isize) -> usize
where
    T::Acc: PartialOrd,
{
    #[allow(clippy::eq_op)]
    let is_nan = |v: T::Acc| v != v;
    let mut buf = [T::default(); BLOCK];
    let mut best: Option<(T::Acc, usize)> = None;
    let mut start = 0;
    while start < len {
        if start > 0 && (start / BLOCK).is_multiple_of(64) && crate::interrupt::poll() {
            break;
        }
        let n = BLOCK.min(len - start);
        // SAFETY: start + i < len for i < n: valid elements (the caller's contract); `buf`
        // holds `BLOCK >= n` elements.
        unsafe { crate::iter::gather(p.offset(start as isize * stride), stride, buf.as_mut_ptr(), n) };
        let at = scan_contiguous::<T, LARGEST>(&buf[..n]);
        let v = buf[at].widen();
        if is_nan(v) {
            return start + at;
        }
        let wins = match best {
            None => true,
            Some((b, _)) => (LARGEST && v > b) || (!LARGEST && v < b),
        };
        if wins {
            best = Some((v, start + at));
        }
        start += n;
    }
    best.map_or(0, |(_, at)| at)
}

/// [`scan_gathered`] over a long line in parallel pieces, combined as in [`scan_contiguous_par`].
///
/// # Safety
///
/// As for [`scan_gathered`].
unsafe fn scan_gathered_par<T: Extremum, const LARGEST: bool>(p: SendPtr, len: usize, stride: isize) -> usize
where
    T::Acc: PartialOrd,
{
    // SAFETY: called with the pieces' answers, indices below `len`: valid elements (the caller's contract).
    let at = |i: usize| unsafe { *p.get().cast::<T>().cast_const().offset(i as isize * stride) }.widen();
    // (at most 256 pieces: a broadcast line may be far longer than any memory, and the pool
    // keeps one answer per piece)
    let parts = crate::pool::parallel_map(len, PAR_LINE.max(len.div_ceil(256)), |r| {
        // SAFETY: the piece's elements are elements of the line.
        r.start
            + unsafe {
                scan_gathered::<T, LARGEST>(
                    p.get().cast::<T>().cast_const().offset(r.start as isize * stride),
                    r.len(),
                    stride,
                )
            }
    });
    #[allow(clippy::eq_op)]
    let is_nan = |v: T::Acc| v != v;
    let mut best = parts.first().copied().unwrap_or(0);
    for &i in &parts {
        let (v, b) = (at(i), at(best));
        if is_nan(v) {
            return i;
        }
        if (LARGEST && v > b) || (!LARGEST && v < b) {
            best = i;
        }
    }
    best
}

fn arg_extremum(op: &str, x: &Tensor, axis: Option<i64>, keepdims: bool, largest: bool) -> Result<Tensor> {
    crate::promote::check_dtype(op, x.dtype(), crate::promote::is_real, "a real-valued dtype")?;
    // Move the reduced dim last; `None` flattens in C order.
    let (lines, out_shape, keep_shape) = match axis {
        None => {
            let flat = x.reshape(&[-1])?;
            (flat, Vec::new(), vec![1i64; x.ndim()])
        }
        Some(a) => {
            let a = normalize_axis(op, "axis", a, x.ndim())?;
            let mut order: Vec<usize> = (0..x.ndim()).filter(|&d| d != a).collect();
            order.push(a);
            let out_shape: Vec<i64> = order[..order.len() - 1].iter().map(|&d| x.shape()[d]).collect();
            let mut keep_shape = x.shape().to_vec();
            keep_shape[a] = 1;
            (x.permute(&order)?, out_shape, keep_shape)
        }
    };
    let len = *lines.shape().last().unwrap_or(&1);
    if len == 0 {
        bail!(ValueError, "{op}: attempt to get {op} of an empty sequence");
    }
    let out = Tensor::zeros(&out_shape, DType::Int64)?;
    let n_out = out.numel() as usize;
    let stride = *lines.strides().last().unwrap_or(&1) as isize;
    let mut bases = crate::fallible::try_with_capacity(n_out)?;
    let lead = lines.ndim().saturating_sub(1);
    ferrule_core::tensor::for_each_offset(&lines.shape()[..lead], &lines.strides()[..lead], |o| bases.push(o));
    // SAFETY: `out` is fresh and not shared.
    let dst = SendPtr(unsafe { out.as_mut_slice::<i64>()? }.as_mut_ptr().cast());
    let src = SendPtr(lines.data_ptr());
    let min_per_task = ((1usize << 15) / len as usize).max(1);
    macro_rules! run {
        ($t:ty) => {
            if stride == 1 && n_out == 1 {
                // SAFETY: one contiguous line of `len` elements of `$t` (the tensor invariant).
                let xs = unsafe {
                    std::slice::from_raw_parts(
                        src.get().cast::<$t>().cast_const().offset(bases[0] as isize),
                        len as usize,
                    )
                };
                let at =
                    if largest { scan_contiguous_par::<$t, true>(xs) } else { scan_contiguous_par::<$t, false>(xs) };
                // SAFETY: `out` is fresh, with one element.
                unsafe { *dst.get().cast::<i64>() = at as i64 };
            } else if n_out == 1 && len as usize > BLOCK {
                // SAFETY: one line of `len` elements of `$t` at `bases[0]` with `stride` (the
                // tensor invariant).
                let at = unsafe {
                    let p = SendPtr(src.get().cast::<$t>().offset(bases[0] as isize).cast());
                    if largest {
                        scan_gathered_par::<$t, true>(p, len as usize, stride)
                    } else {
                        scan_gathered_par::<$t, false>(p, len as usize, stride)
                    }
                };
                // SAFETY: `out` is fresh, with one element.
                unsafe { *dst.get().cast::<i64>() = at as i64 };
            } else {
                parallel_for(n_out, min_per_task, |range| {
                    for i in range {
                        // SAFETY: `bases[i]` plus in-range multiples of `stride` address elements of
                        // `lines` (the tensor invariant); each task writes its own outputs.
                        unsafe {
                            let p = src.get().cast::<$t>().cast_const().offset(bases[i] as isize);
                            *dst.get().cast::<i64>().add(i) = if stride == 1 {
                                let xs = std::slice::from_raw_parts(p, len as usize);
                                let at = if largest {
                                    scan_contiguous::<$t, true>(xs)
                                } else {
                                    scan_contiguous::<$t, false>(xs)
                                };
                                at as i64
                            } else if len as usize > BLOCK {
                                let at = if largest {
                                    scan_gathered::<$t, true>(p, len as usize, stride)
                                } else {
                                    scan_gathered::<$t, false>(p, len as usize, stride)
                                };
                                at as i64
                            } else {
                                scan::<$t>(p, len as usize, stride, largest)
                            };
                        }
                    }
                })
            }
        };
    }
    match x.dtype() {
        DType::Bool => run!(bool),
        _ => crate::dispatch_real!(x.dtype(), T => { run!(T) }, _ => unreachable!("complex was rejected")),
    }
    if keepdims {
        return out.reshape(&keep_shape);
    }
    Ok(out)
}

/// The index of the first largest element along `axis` (of the flattened tensor for `None`),
/// as int64; NaN counts as the largest. An empty axis is a `ValueError`, complex a `TypeError`.
pub fn argmax(x: &Tensor, axis: Option<i64>, keepdims: bool) -> Result<Tensor> {
    arg_extremum("argmax", x, axis, keepdims, true)
}

/// The index of the first smallest element along `axis`; rules as for [`argmax`].
pub fn argmin(x: &Tensor, axis: Option<i64>, keepdims: bool) -> Result<Tensor> {
    arg_extremum("argmin", x, axis, keepdims, false)
}
