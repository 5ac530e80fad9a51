//! Boolean masks of a tensor's own shape, both contiguous: `x[mask]` as one compaction pass and
//! `x[mask] = scalar` as one select pass, in parallel pieces, instead of an offset list built
//! from the mask and gathered or scattered through.

use ferrule_core::{Result, Tensor};

use crate::iter::{SendPtr, MIN_PER_TASK_CHEAP};
use crate::pool::{parallel_for, parallel_map};

/// True when `x` and `mask` qualify: contiguous, of one shape, the mask bool.
pub(super) fn applies(x: &Tensor, mask: &Tensor) -> bool {
    mask.dtype().is_bool()
        && mask.shape() == x.shape()
        && x.is_contiguous()
        && mask.is_contiguous()
        && x.device().is_cpu()
        && mask.device().is_cpu()
}

/// The mask's bytes (a bool tensor's elements are bytes; any non-zero one counts as true).
///
/// # Safety
///
/// `mask` must be contiguous with `n` elements, and stay alive and unwritten while the slice is
/// used.
unsafe fn flags(mask: &Tensor, n: usize) -> &[u8] {
    // SAFETY: caller contract.
    unsafe { std::slice::from_raw_parts(mask.data_ptr().cast::<u8>().cast_const(), n) }
}

/// Copies the elements of `src` whose flag is set to `dst` in order, `N` bytes each; returns
/// how many. Without a branch on the flag: every element is written at the next free place,
/// which only advances past a kept one (a later element overwrites a dropped one), and nothing
/// is written at or past `room`.
///
/// # Safety
///
/// `src` holds `flags.len()` elements of `N` bytes; `dst` has room for `room` elements.
unsafe fn compact<const N: usize>(src: *const u8, flags: &[u8], dst: *mut u8, room: usize) -> usize {
    let mut k = 0usize;
    for (i, &f) in flags.iter().enumerate() {
        // SAFETY: caller contract; `k < room` is checked, so the last slot is never passed.
        unsafe {
            let item = src.add(i * N).cast::<[u8; N]>().read_unaligned();
            if k < room {
                dst.add(k * N).cast::<[u8; N]>().write_unaligned(item);
            }
        }
        k += usize::from(f != 0);
    }
    k
}

/// `x[mask]` (see [`applies`]): the kept elements in C order, 1-D. Counts each piece's kept
/// elements, then each piece copies its own into its place.
pub(super) fn select(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    let n = x.numel() as usize;
    // SAFETY: `applies` checked the layout; both tensors outlive this call.
    let flags = unsafe { flags(mask, n) };
    let pieces = parallel_map(n, MIN_PER_TASK_CHEAP, |r| {
        let kept = flags[r.clone()].iter().fold(0usize, |k, &f| k + usize::from(f != 0));
        (r, kept)
    });
    crate::interrupt::check()?;
    let total: usize = pieces.iter().map(|p| p.1).sum();
    // SAFETY: the pieces cover `0..n` (no interrupt stopped the count), and each copies all of
    // its kept elements into its own range of the output below; on an interrupt during that
    // copy the call's result is thrown away unread.
    let out = unsafe { Tensor::uninit(&[total as i64], x.dtype())? };
    let mut starts = Vec::with_capacity(pieces.len());
    let mut at = 0usize;
    for p in &pieces {
        starts.push(at);
        at += p.1;
    }
    let (src, dst, size) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()), x.itemsize());
    parallel_for(pieces.len(), 1, |which| {
        for w in which {
            let (r, kept) = (&pieces[w].0, pieces[w].1);
            // SAFETY: piece `w` reads its range of `x` and writes exactly `kept` elements from
            // `starts[w]`, a range of the output no other piece writes.
            unsafe {
                let s = src.get().cast_const().add(r.start * size);
                let d = dst.get().add(starts[w] * size);
                let f = &flags[r.clone()];
                match size {
                    1 => compact::<1>(s, f, d, kept),
                    2 => compact::<2>(s, f, d, kept),
                    4 => compact::<4>(s, f, d, kept),
                    8 => compact::<8>(s, f, d, kept),
                    _ => compact::<16>(s, f, d, kept),
                };
            }
        }
    });
    Ok(out)
}

/// `x[mask] = value` for a single value already in `x`'s dtype (a 0-d or one-element tensor):
/// every element of `x` becomes `value` where the mask is set, in one pass.
pub(super) fn fill(x: &Tensor, mask: &Tensor, value: &Tensor) -> Result<()> {
    let n = x.numel() as usize;
    // SAFETY: `applies` checked the layout; both tensors outlive this call.
    let flags = unsafe { flags(mask, n) };
    let dst = SendPtr(x.data_ptr());
    crate::dispatch_all!(x.dtype(), T => {
        let v = value.to_vec::<T>()?[0];
        parallel_for(n, MIN_PER_TASK_CHEAP, |r| {
            // SAFETY: `x` is contiguous with `n` elements of `T`, writable (the caller checked),
            // and each task writes its own range.
            let xs = unsafe { std::slice::from_raw_parts_mut(dst.get().cast::<T>().add(r.start), r.len()) };
            for (e, &f) in xs.iter_mut().zip(&flags[r]) {
                *e = if f != 0 { v } else { *e };
            }
        });
    });
    Ok(())
}
