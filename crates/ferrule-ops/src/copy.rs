//! Copies into strided views, with or without a dtype conversion: the writer under concat, stack, roll, tile, setitem.

use ferrule_core::{Error, Result, Tensor};

use crate::iter::{map_unary_elems, may_overlap, MIN_PER_TASK_CHEAP};

/// True when two views of one storage address exactly the same elements in the same order.
fn same_view(a: &Tensor, b: &Tensor) -> bool {
    a.data_ptr() == b.data_ptr() && a.strides() == b.strides() && a.shape() == b.shape()
}

/// Writes `src` (broadcastable to `dst`'s shape) into the view `dst`, converting to `dst`'s
/// dtype as numpy's unsafe cast does. A source that overlaps `dst` (as in `x[1:] = x[:-1]`)
/// is copied out first, so the answer is numpy's.
pub(crate) fn cast_into(src: &Tensor, dst: &Tensor) -> Result<()> {
    if dst.numel() == 0 {
        return Ok(());
    }
    if src.broadcast_to(dst.shape()).is_err() {
        return Err(Error::runtime_error(format!("internal: cast_into from {src:?} into {dst:?}")));
    }
    if src.dtype() == dst.dtype() && same_view(src, dst) {
        return Ok(());
    }
    let owned;
    let src = if may_overlap(src, dst) {
        owned = src.copy()?;
        &owned
    } else {
        src
    };
    if src.dtype() != dst.dtype() {
        return copy_into(&crate::elementwise::cast_to(src, dst.dtype())?, dst);
    }
    // contiguous runs are copied as slices; strided and broadcast sources are read in place
    crate::dispatch_all!(dst.dtype(), T => { map_unary_elems::<T, T>(src, dst, MIN_PER_TASK_CHEAP, |v| v) });
    Ok(())
}

/// Writes `src` into `dst` (same dtype; `src` broadcastable to `dst`'s shape).
pub(crate) fn copy_into(src: &Tensor, dst: &Tensor) -> Result<()> {
    cast_into(src, dst)
}
