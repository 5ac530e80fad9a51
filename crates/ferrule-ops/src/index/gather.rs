//! Offset-list gathers and scatters: the element movers under take, take_along_axis, advanced
//! indexing and add_at.

use ferrule_core::{Result, Tensor};

use crate::fallible;
use crate::iter::{SendPtr, MIN_PER_TASK_CHEAP};
use crate::pool::{chunked, parallel_for, POLL_ITEMS};

/// The offsets (elements, relative to the first element) of a layout, in C order; a
/// `MemoryError` when the list cannot be allocated (the layout of a view may hold more
/// elements than memory does).
pub(crate) fn layout_offsets(shape: &[i64], strides: &[i64]) -> Result<Vec<i64>> {
    let n = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d)).unwrap_or(i64::MAX);
    let mut out = fallible::try_with_capacity(fallible::len_of(n)?)?;
    // The capacity is exact, so these pushes never reallocate.
    ferrule_core::tensor::for_each_offset(shape, strides, |o| out.push(o));
    Ok(out)
}

/// Every `a + b` for `a` in `outer`, `b` in `inner`, in C order (`outer` varies slowest).
pub(crate) fn combine(outer: &[i64], inner: &[i64]) -> Result<Vec<i64>> {
    let len = outer.len().checked_mul(inner.len()).ok_or_else(|| fallible::alloc_error::<i64>(usize::MAX))?;
    let mut out = fallible::try_with_capacity(len)?;
    for &a in outer {
        out.extend(inner.iter().map(|&b| a + b));
    }
    Ok(out)
}

/// True when `inner` is `0, 1, 2, ...`, so blocks can move with one memcpy.
fn is_run(inner: &[i64]) -> bool {
    inner.iter().enumerate().all(|(i, &o)| o == i as i64)
}

macro_rules! by_itemsize {
    ($n:expr, $f:ident, $($arg:expr),*) => {
        match $n {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            4 => $f::<4>($($arg),*),
            8 => $f::<8>($($arg),*),
            _ => $f::<16>($($arg),*),
        }
    };
}

/// # Safety
/// Every `outer[o] + inner[i]` addresses an element at `src`; `dst` holds
/// `outer.len() * inner.len()` elements and does not overlap the source.
unsafe fn gather_n<const N: usize>(src: *const u8, outer: &[i64], inner: &[i64], dst: *mut u8) {
    if inner == [0] {
        // One element per outer offset (take / integer indexing of 1-D data): a tight loop.
        for (k, &o) in outer.iter().enumerate() {
            // SAFETY: caller contract.
            unsafe {
                let item = src.offset(o as isize * N as isize).cast::<[u8; N]>().read_unaligned();
                dst.add(k * N).cast::<[u8; N]>().write_unaligned(item);
            }
        }
        return;
    }
    let run = is_run(inner) && inner.len() * N >= 64;
    let mut out = dst;
    for &o in outer {
        // SAFETY: caller contract.
        unsafe {
            let base = src.offset(o as isize * N as isize);
            if run {
                std::ptr::copy_nonoverlapping(base, out, inner.len() * N);
                out = out.add(inner.len() * N);
            } else {
                for &i in inner {
                    let item = base.offset(i as isize * N as isize).cast::<[u8; N]>().read_unaligned();
                    out.cast::<[u8; N]>().write_unaligned(item);
                    out = out.add(N);
                }
            }
        }
    }
}

/// # Safety
/// As for [`gather_n`] with the roles of source and destination swapped.
unsafe fn scatter_n<const N: usize>(dst: *mut u8, outer: &[i64], inner: &[i64], src: *const u8) {
    let mut from = src;
    for &o in outer {
        // SAFETY: caller contract.
        unsafe {
            let base = dst.offset(o as isize * N as isize);
            for &i in inner {
                let item = from.cast::<[u8; N]>().read_unaligned();
                base.offset(i as isize * N as isize).cast::<[u8; N]>().write_unaligned(item);
                from = from.add(N);
            }
        }
    }
}

/// A new C-contiguous tensor of `shape` (whose element count is `outer.len() * inner.len()`)
/// holding `src[outer[o] + inner[i]]` in C order over `(o, i)`; offsets are relative to `src`'s
/// first element and must be in bounds (checked by the callers against the index bounds).
pub(crate) fn gather(src: &Tensor, outer: &[i64], inner: &[i64], shape: &[i64]) -> Result<Tensor> {
    // SAFETY: `gather_into` writes every element (`outer.len() * inner.len()` of them); an
    // interrupt drops the tensor unseen.
    let out = unsafe { Tensor::uninit(shape, src.dtype())? };
    gather_into(src, outer, inner, &out);
    Ok(out)
}

/// [`gather`] into `out`, a fresh C-contiguous tensor of `src`'s dtype holding
/// `outer.len() * inner.len()` elements.
pub(crate) fn gather_into(src: &Tensor, outer: &[i64], inner: &[i64], out: &Tensor) {
    debug_assert!(out.is_contiguous() && out.dtype() == src.dtype());
    debug_assert_eq!(out.numel() as usize, outer.len() * inner.len());
    if out.numel() > 0 {
        let (s, d) = (SendPtr(src.data_ptr()), SendPtr(out.data_ptr()));
        let (n, block) = (src.itemsize(), inner.len());
        parallel_for(outer.len(), MIN_PER_TASK_CHEAP.div_ceil(block), |range| {
            let dst = d.get().wrapping_add(range.start * block * n);
            // SAFETY: callers build offsets from in-bounds indices over `src`'s own layout;
            // `out` is fresh with exactly `outer.len() * inner.len()` elements, and each task
            // writes the disjoint blocks of its own outer range.
            unsafe { by_itemsize!(n, gather_n, s.get().cast_const(), &outer[range], inner, dst) };
        });
    }
}

/// Writes the contiguous `values` (dtype of `dst`, `outer.len() * inner.len()` elements) to
/// `dst[outer[o] + inner[i]]` in C order; with repeated offsets the last write wins.
pub(crate) fn scatter(dst: &Tensor, outer: &[i64], inner: &[i64], values: &Tensor) {
    debug_assert!(values.is_contiguous() && values.dtype() == dst.dtype());
    debug_assert_eq!(values.numel() as usize, outer.len() * inner.len());
    if values.numel() == 0 {
        return;
    }
    let (d, s) = (dst.data_ptr(), values.data_ptr().cast_const());
    let (n, block) = (dst.itemsize(), inner.len());
    // In order (the last write wins), a chunk of outer offsets at a time between interrupt polls.
    chunked(outer.len(), POLL_ITEMS.div_ceil(block), |range| {
        // SAFETY: offsets are in-bounds positions of `dst` (callers check indices), and
        // `values` is a separate contiguous buffer of the right size (callers copy when it
        // shares memory); chunk `range` reads its own part of it.
        unsafe { by_itemsize!(n, scatter_n, d, &outer[range.clone()], inner, s.add(range.start * block * n)) };
    });
}

/// Adds the contiguous `values` (dtype of `dst`, `outer.len() * inner.len()` elements) to
/// `dst[outer[o] + inner[i]]` in C order; repeated offsets accumulate (numpy's `np.add.at`).
/// Sequential, so the sum over repeats is the same on every run.
pub(crate) fn scatter_add(dst: &Tensor, outer: &[i64], inner: &[i64], values: &Tensor) {
    debug_assert!(values.is_contiguous() && values.dtype() == dst.dtype());
    debug_assert_eq!(values.numel() as usize, outer.len() * inner.len());
    if values.numel() == 0 {
        return;
    }
    crate::dispatch_all!(dst.dtype(), T => { scatter_add_typed::<T>(dst, outer, inner, values) });
}

fn scatter_add_typed<T: crate::elementwise::Num>(dst: &Tensor, outer: &[i64], inner: &[i64], values: &Tensor) {
    let (d, s) = (SendPtr(dst.data_ptr()), SendPtr(values.data_ptr()));
    let block = inner.len();
    chunked(outer.len(), POLL_ITEMS.div_ceil(block), |range| {
        let base = d.get().cast::<T>();
        let mut from = s.get().cast::<T>().cast_const().wrapping_add(range.start * block);
        for &o in &outer[range] {
            for &i in inner {
                // SAFETY: offsets are in-bounds positions of `dst` (callers check indices);
                // `values` is a separate contiguous buffer of `outer.len() * inner.len()`
                // elements, read in order; one thread runs this loop, so the read-modify-write
                // of a repeated offset is not raced.
                unsafe {
                    let at = base.offset((o + i) as isize);
                    at.write_unaligned(T::add(at.read_unaligned(), from.read_unaligned()));
                    from = from.add(1);
                }
            }
        }
    });
}
