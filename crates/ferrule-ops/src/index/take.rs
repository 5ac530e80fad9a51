//! take, take_along_axis and nonzero, plus the integer-index reading they share with getitem.

use ferrule_core::tensor::format_shape;
use ferrule_core::{DType, Error, Result, Tensor};

use super::gather::{combine, gather, gather_into, layout_offsets};
use crate::axes::normalize_axis as norm_axis;
use crate::dispatch::Elem;
use crate::fallible::FallibleCollect;
use crate::iter::{Layout, SendPtr, MIN_PER_TASK_CHEAP};
use std::sync::atomic::{AtomicBool, Ordering};

/// The values of an integer tensor as i64 in C order (uint64 values above `i64::MAX`
/// saturate, so they stay out of bounds); `TypeError` for any other dtype.
pub(crate) fn index_values(op: &str, arg: &str, t: &Tensor) -> Result<Vec<i64>> {
    if t.dtype() == DType::Int64 {
        return t.to_vec::<i64>();
    }
    if t.dtype() == DType::UInt64 {
        return t.to_vec::<u64>()?.into_iter().map(|v| v.min(i64::MAX as u64) as i64).try_collect_vec();
    }
    crate::dispatch_int!(t.dtype(), T => {
        t.to_vec::<T>()?.into_iter().map(|v| v.to_i64()).try_collect_vec()
    }, _ => Err(Error::type_error(format!(
        "{op}() argument '{arg}': expected an integer tensor, got dtype {}",
        t.dtype()
    ))))
}

/// Wraps negative indices and checks bounds: `IndexError` naming `op`, the index, the axis and
/// the size.
fn normalize_indices(op: &str, values: &mut [i64], axis: usize, size: i64) -> Result<()> {
    for v in values.iter_mut() {
        if *v < -size || *v >= size {
            return Err(Error::index_error(format!(
                "{op}: index {v} is out of bounds for axis {axis} with size {size}"
            )));
        }
        if *v < 0 {
            *v += size;
        }
    }
    Ok(())
}

/// `x` with the positions `index` (normalised, in bounds) selected along `axis`: the result
/// has `index.len()` entries along that axis.
pub(crate) fn take_axis(x: &Tensor, axis: usize, index: &[i64]) -> Result<Tensor> {
    let mut shape = x.shape().to_vec();
    shape[axis] = index.len() as i64;
    // The result first: an impossible size fails before the offset lists are built.
    // SAFETY: `take_axis_into` gathers every element of the result (its offset lists cover
    // it); an error or an interrupt drops it unseen.
    let out = unsafe { Tensor::uninit(&shape, x.dtype())? };
    take_axis_into(x, axis, index, &out)?;
    Ok(out)
}

/// [`take_axis`] into `out`, a fresh C-contiguous tensor of the result's shape and `x`'s dtype.
pub(crate) fn take_axis_into(x: &Tensor, axis: usize, index: &[i64], out: &Tensor) -> Result<()> {
    let stride = x.strides()[axis];
    let before = layout_offsets(&x.shape()[..axis], &x.strides()[..axis])?;
    let along = index.iter().map(|&i| i * stride).try_collect_vec()?;
    let outer = if before == [0] { along } else { combine(&before, &along)? };
    let inner = layout_offsets(&x.shape()[axis + 1..], &x.strides()[axis + 1..])?;
    gather_into(x, &outer, &inner, out);
    Ok(())
}

/// True when [`take_flat`] applies: a contiguous `x` read as flat (or a 1-D `x` of any
/// stride), contiguous int64 indices.
pub(crate) fn flat_applies(x: &Tensor, indices: &Tensor) -> bool {
    indices.dtype() == DType::Int64
        && (x.is_contiguous() || x.ndim() == 1)
        && indices.is_contiguous()
        && x.device().is_cpu()
        && indices.device().is_cpu()
}

/// The flattened `x` at `indices` (see [`flat_applies`]), in the indices' shape: one gather
/// pass in parallel pieces that checks each index as it reads it, with no offset list.
/// Out-of-range indices are an `IndexError` naming `op` and the first bad index, as [`take`]
/// words it (axis 0).
pub(crate) fn take_flat(op: &str, x: &Tensor, indices: &Tensor) -> Result<Tensor> {
    let n = x.numel();
    let m = indices.numel() as usize;
    // SAFETY: `flat_applies`: contiguous int64 indices, alive for this call.
    let ids = unsafe { std::slice::from_raw_parts(indices.data_ptr().cast::<i64>().cast_const(), m) };
    // SAFETY: the gather below writes every element, or finds an index out of bounds (and the
    // result is dropped for the error) or is interrupted (and the result is thrown away).
    let out = unsafe { Tensor::uninit(indices.shape(), x.dtype())? };
    let bad = AtomicBool::new(false);
    let (src, dst, size) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()), x.itemsize());
    // a contiguous x is read as flat; a strided one is 1-D (`flat_applies`)
    let step = if x.is_contiguous() { 1 } else { x.strides()[0] as isize };
    crate::pool::parallel_for(m, MIN_PER_TASK_CHEAP, |r| {
        // SAFETY: `x` has `n` elements `step` apart (each index is checked by `along_row`
        // before it is followed), the output is fresh and each task writes its own range.
        let ok = unsafe {
            let (s, d, i, len) =
                (src.get().cast_const(), dst.get().add(r.start * size), ids[r.clone()].as_ptr(), r.len());
            match size {
                1 => along_row::<1>(s, 0, step, n, i, 1, d, 1, len),
                2 => along_row::<2>(s, 0, step, n, i, 1, d, 1, len),
                4 => along_row::<4>(s, 0, step, n, i, 1, d, 1, len),
                8 => along_row::<8>(s, 0, step, n, i, 1, d, 1, len),
                _ => along_row::<16>(s, 0, step, n, i, 1, d, 1, len),
            }
        };
        if !ok {
            bad.store(true, Ordering::Relaxed);
        }
    });
    if bad.load(Ordering::Relaxed) {
        let v = ids.iter().copied().find(|&v| v < -n || v >= n).unwrap_or(n);
        return Err(Error::index_error(format!("{op}: index {v} is out of bounds for axis 0 with size {n}")));
    }
    crate::interrupt::check()?;
    Ok(out)
}

/// Elements of `x` at `indices` along `axis` (numpy's `take`): the result shape is
/// `x.shape[:axis] + indices.shape + x.shape[axis+1:]`. `axis=None` indexes the flattened `x`
/// (the Array API requires an axis for tensors of more than one dim; numpy does not).
/// Negative indices count from the end; out of range is an `IndexError`; non-integer
/// indices are a `TypeError`.
pub fn take(x: &Tensor, indices: &Tensor, axis: Option<i64>) -> Result<Tensor> {
    if (axis.is_none() || (x.ndim() == 1 && matches!(axis, Some(0 | -1)))) && flat_applies(x, indices) {
        return take_flat("take", x, indices);
    }
    let mut values = index_values("take", "indices", indices)?;
    let (x, axis) = match axis {
        None => (x.reshape(&[-1])?, 0),
        Some(a) => {
            if x.ndim() == 0 {
                return Err(Error::value_error("take: cannot take along an axis of a 0-d tensor"));
            }
            (x.clone(), norm_axis("take", "axis", a, x.ndim())?)
        }
    };
    normalize_indices("take", &mut values, axis, x.shape()[axis])?;
    let out = take_axis(&x, axis, &values)?;
    let shape = [&x.shape()[..axis], indices.shape(), &x.shape()[axis + 1..]].concat();
    out.reshape(&shape)
}

/// numpy's `take_along_axis`: `out[..., j, ...] = x[..., indices[..., j, ...], ...]` along
/// `axis`; `indices` has `x`'s number of dims and broadcasts against `x` in the other dims.
pub fn take_along_axis(x: &Tensor, indices: &Tensor, axis: i64) -> Result<Tensor> {
    let op = "take_along_axis";
    if indices.ndim() != x.ndim() {
        return Err(Error::value_error(format!(
            "{op}: 'indices' must have the same number of dimensions as 'x' ({}), got {}",
            x.ndim(),
            indices.ndim()
        )));
    }
    let axis = norm_axis(op, "axis", axis, x.ndim())?;
    let mut shape = Vec::with_capacity(x.ndim());
    for d in 0..x.ndim() {
        let (a, b) = (x.shape()[d], indices.shape()[d]);
        shape.push(match (a, b) {
            _ if d == axis => b,
            _ if a == b || a == 1 => b,
            _ if b == 1 => a,
            _ => {
                return Err(Error::value_error(format!(
                    "{op}: shapes {} and {} are not broadcastable outside axis {axis}",
                    format_shape(x.shape()),
                    format_shape(indices.shape())
                )))
            }
        });
    }
    if indices.dtype() == DType::Int64 && x.device().is_cpu() && indices.device().is_cpu() {
        if let Some(out) = take_along_direct(x, &indices.broadcast_to(&shape)?, axis, &shape)? {
            return Ok(out);
        }
        // an index out of bounds: the general path below finds the first one and says so
    }
    let mut values = index_values(op, "indices", &indices.broadcast_to(&shape)?)?;
    normalize_indices(op, &mut values, axis, x.shape()[axis])?;
    // x with the axis pinned to position 0, broadcast to the result shape.
    let mut pinned_shape = shape.clone();
    pinned_shape[axis] = 1;
    let size = x.shape()[axis];
    let base = if size == 0 { x.clone() } else { x.slice(axis, Some(0), Some(1), 1)? };
    let base_view = base.broadcast_to(&pinned_shape).ok();
    let stride = x.strides()[axis];
    let offsets: Vec<i64> = match base_view {
        Some(view) if !values.is_empty() => {
            let mut strides = view.strides().to_vec();
            strides[axis] = 0;
            let mut offsets = layout_offsets(&shape, &strides)?;
            offsets.iter_mut().zip(&values).for_each(|(o, &i)| *o += i * stride);
            offsets
        }
        _ => Vec::new(),
    };
    gather(x, &offsets, &[0], &shape)
}

/// `out[i] = src[idx[i] wrapped]` along one row for `N`-byte elements ([`take_along_direct`]'s
/// rows, and [`take_flat`]'s ranges with `src_step` 0); false when an index is out of
/// `-size..size` (the elements from there on are not written).
///
/// # Safety
///
/// `ids` and `dst` address `len` elements `ids_step` and `dst_step` apart; `src` plus
/// `k * src_step + i * stride` (elements) addresses an element of the source for every `k <
/// len` and `i` in `0..size`; `dst` overlaps neither.
#[allow(clippy::too_many_arguments)]
unsafe fn along_row<const N: usize>(
    src: *const u8,
    src_step: isize,
    stride: isize,
    size: i64,
    ids: *const i64,
    ids_step: isize,
    dst: *mut u8,
    dst_step: isize,
    len: usize,
) -> bool {
    for k in 0..len as isize {
        // SAFETY: the caller's contract; `at` is checked against the axis size before use.
        unsafe {
            let v = *ids.offset(k * ids_step);
            let at = if v < 0 { v + size } else { v };
            if at < 0 || at >= size {
                return false;
            }
            let item =
                src.offset((k * src_step + at as isize * stride) * N as isize).cast::<[u8; N]>().read_unaligned();
            dst.offset(k * dst_step * N as isize).cast::<[u8; N]>().write_unaligned(item);
        }
    }
    true
}

/// [`take_along_axis`] for int64 `indices` already broadcast to the result's `shape`, without
/// the offset lists of the general path: the result, the indices and `x` (its `axis` pinned,
/// the other dims broadcast) are walked row by row together and each index is wrapped,
/// checked and followed as it is read, over the pool. `None` when an index is out of bounds
/// (the caller's general path then reports the first one).
fn take_along_direct(x: &Tensor, indices: &Tensor, axis: usize, shape: &[i64]) -> Result<Option<Tensor>> {
    // SAFETY: every element is written below unless an index is out of bounds, and then the
    // tensor is dropped unseen (as it is when an interrupt stops the work).
    let out = unsafe { Tensor::uninit(shape, x.dtype())? };
    if out.numel() == 0 {
        return Ok(Some(out));
    }
    let size = x.shape()[axis];
    let pinned: Vec<i64> =
        (0..shape.len()).map(|d| if d == axis || x.shape()[d] == 1 { 0 } else { x.strides()[d] }).collect();
    let layout = Layout::<3>::new(shape, [indices.strides(), &pinned, out.strides()]);
    let (src, ids, dst) = (SendPtr(x.data_ptr()), SendPtr(indices.data_ptr()), SendPtr(out.data_ptr()));
    let stride = x.strides()[axis] as isize;
    let bad = AtomicBool::new(false);
    let item = x.itemsize();
    crate::pool::parallel_for(out.numel() as usize, MIN_PER_TASK_CHEAP, |range| {
        layout.for_each_row(range, |offs, inner, len| {
            let (si, sx, so) = (inner[0] as isize, inner[1] as isize, inner[2] as isize);
            // SAFETY: the offsets come from the layouts of valid views (the broadcast
            // indices, `x` broadcast with its axis pinned at 0, the fresh result); every index
            // is checked against the axis size before it is followed; the result overlaps
            // nothing else and each task writes its own rows.
            let ok = unsafe {
                let s = src.get().cast_const().offset(offs[1] as isize * item as isize);
                let i = ids.get().cast_const().cast::<i64>().offset(offs[0] as isize);
                let d = dst.get().offset(offs[2] as isize * item as isize);
                match item {
                    1 => along_row::<1>(s, sx, stride, size, i, si, d, so, len),
                    2 => along_row::<2>(s, sx, stride, size, i, si, d, so, len),
                    4 => along_row::<4>(s, sx, stride, size, i, si, d, so, len),
                    8 => along_row::<8>(s, sx, stride, size, i, si, d, so, len),
                    _ => along_row::<16>(s, sx, stride, size, i, si, d, so, len),
                }
            };
            if !ok {
                bad.store(true, Ordering::Relaxed);
            }
        });
    });
    crate::interrupt::check()?;
    Ok((!bad.load(Ordering::Relaxed)).then_some(out))
}

/// The indices of the non-zero elements of `x`, one int64 tensor per dim, in C order
/// (complex: either part non-zero; NaN counts as non-zero). A 0-d `x` is a `ValueError`, as
/// the standard and numpy 2 say.
///
/// Two passes over fixed blocks of the (contiguous) input, each split over the pool: the first
/// counts each block's hits, the second writes each block's coordinates at its offset in the
/// exactly-sized results. Inside a block, 64 elements make one bit mask whose set bits are
/// walked, so the write loop has no branch per element.
pub fn nonzero(x: &Tensor) -> Result<Vec<Tensor>> {
    if x.ndim() == 0 {
        return Err(Error::value_error(
            "nonzero: calling nonzero on a 0-d tensor is not allowed; use x[None] to index it as 1-D",
        ));
    }
    let x = x.contiguous()?;
    crate::interrupt::check()?;
    if x.dtype() == DType::Bool {
        // Read as bytes: a foreign bool buffer may hold values other than 0 and 1.
        return nonzero_of::<u8>(&x, byte_mask);
    }
    crate::dispatch_all!(x.dtype(), T => { nonzero_of::<T>(&x, nonzero_mask::<T>) })
}

/// [`nonzero_mask`] of bytes, 16 at a time with SSE2 (part of every x86-64) for a full chunk.
#[inline(always)]
fn byte_mask(values: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if values.len() == 64 {
        use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128};
        let mut zeros = 0u64;
        for j in 0..4 {
            // SAFETY: SSE2 is in the x86-64 baseline; the unaligned 16-byte load at `16 * j`
            // lies inside `values`, which holds 64 bytes.
            let bits = unsafe {
                let v = _mm_loadu_si128(values.as_ptr().add(16 * j).cast::<__m128i>());
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))
            };
            zeros |= u64::from(bits as u16) << (16 * j);
        }
        return !zeros;
    }
    nonzero_mask(values)
}

/// Elements per block of [`nonzero`]'s two passes.
const NONZERO_BLOCK: usize = 1 << 14;

/// The bit mask of the non-zero elements among up to 64 values (bit `i` for `values[i]`).
#[inline(always)]
fn nonzero_mask<T: Elem>(values: &[T]) -> u64 {
    let mut mask = 0u64;
    for (i, v) in values.iter().enumerate() {
        mask |= u64::from(v.to_bool()) << i;
    }
    mask
}

/// [`nonzero`] over a contiguous `x` whose elements are read as `T` (bool as `u8`).
fn nonzero_of<T: Elem>(x: &Tensor, mask_of: fn(&[T]) -> u64) -> Result<Vec<Tensor>> {
    let n = x.numel() as usize;
    let shape = x.shape().to_vec();
    let data = SendPtr(x.data_ptr());
    // SAFETY: `x` is contiguous with `n` elements readable as `T` (a bool byte as `u8`); it is
    // only read while the slice lives.
    let values = |r: std::ops::Range<usize>| unsafe {
        std::slice::from_raw_parts((data.get() as *const T).add(r.start), r.len())
    };
    let n_blocks = n.div_ceil(NONZERO_BLOCK);
    let block = |b: usize| b * NONZERO_BLOCK..((b + 1) * NONZERO_BLOCK).min(n);
    let counts: Vec<Vec<usize>> = crate::pool::parallel_map(n_blocks, 4, |blocks| {
        blocks.map(|b| values(block(b)).chunks(64).map(|c| mask_of(c).count_ones() as usize).sum()).collect()
    });
    crate::interrupt::check()?;
    let mut offsets = Vec::with_capacity(n_blocks + 1);
    offsets.push(0usize);
    for c in counts.iter().flatten() {
        offsets.push(offsets.last().copied().unwrap_or(0) + c);
    }
    let count = offsets[n_blocks];
    let coords = crate::fallible::try_collect_results(
        // SAFETY: the second pass writes all `count` entries of each (the blocks' hits cover
        // `0..count` exactly); on an interrupt the tensors are dropped unseen.
        (0..shape.len()).map(|_| unsafe { Tensor::uninit(&[count as i64], DType::Int64) }),
    )?;
    let columns: Vec<SendPtr> = coords.iter().map(|c| SendPtr(c.data_ptr())).collect();
    let ndim = shape.len();
    crate::pool::parallel_for(n_blocks, 4, |blocks| {
        let mut coord = vec![0i64; ndim];
        for b in blocks {
            let range = block(b);
            let mut k = offsets[b];
            // the coordinates of the block's first element, then moved along hit by hit
            let mut rest = range.start as i64;
            for d in (0..ndim).rev() {
                coord[d] = rest % shape[d];
                rest /= shape[d];
            }
            let mut at = range.start;
            for (c, chunk) in values(range.clone()).chunks(64).enumerate() {
                let mut mask = mask_of(chunk);
                let base = range.start + c * 64;
                while mask != 0 {
                    let flat = base + mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    // SAFETY: `k` runs over `offsets[b]..offsets[b + 1]`, which this task owns
                    // in every column (each of `count` int64s).
                    unsafe {
                        if ndim == 1 {
                            *(columns[0].get() as *mut i64).add(k) = flat as i64;
                        } else {
                            advance(&mut coord, &shape, (flat - at) as i64);
                            at = flat;
                            for (d, col) in columns.iter().enumerate() {
                                *(col.get() as *mut i64).add(k) = coord[d];
                            }
                        }
                    }
                    k += 1;
                }
            }
        }
    });
    crate::interrupt::check()?;
    Ok(coords)
}

/// Moves the C-order coordinates `coord` of an element of `shape` forward by `delta` elements.
#[inline]
fn advance(coord: &mut [i64], shape: &[i64], delta: i64) {
    let last = coord.len() - 1;
    coord[last] += delta;
    for d in (1..=last).rev() {
        if coord[d] < shape[d] {
            return;
        }
        coord[d - 1] += coord[d] / shape[d];
        coord[d] %= shape[d];
    }
}
