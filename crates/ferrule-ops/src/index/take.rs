//! take, take_along_axis and nonzero, plus the integer-index reading they share with getitem.

use ferrule_core::tensor::format_shape;
use ferrule_core::{DType, Error, Result, Tensor};

use super::gather::{combine, gather, gather_into, layout_offsets};
use crate::axes::normalize_axis as norm_axis;
use crate::dispatch::Elem;
use crate::fallible::FallibleCollect;
use crate::iter::{SendPtr, MIN_PER_TASK_CHEAP};
use crate::pool::{chunked, POLL_ITEMS};

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
    let out = Tensor::empty(&shape, x.dtype())?;
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

/// True when [`take_flat`] applies: a contiguous `x` read as flat, contiguous int64 indices.
pub(crate) fn flat_applies(x: &Tensor, indices: &Tensor) -> bool {
    indices.dtype() == DType::Int64
        && x.is_contiguous()
        && indices.is_contiguous()
        && x.device().is_cpu()
        && indices.device().is_cpu()
}

/// `out[i] = src[wrap(ids[i])]` for `N`-byte elements (`ids` checked against the bounds).
///
/// # Safety
///
/// Every wrapped index addresses an element of `src` (`n` elements); `dst` holds `ids.len()`
/// elements and does not overlap `src`.
unsafe fn gather_flat<const N: usize>(src: *const u8, n: i64, ids: &[i64], dst: *mut u8) {
    for (k, &v) in ids.iter().enumerate() {
        let at = if v < 0 { v + n } else { v };
        // SAFETY: caller contract.
        unsafe {
            let item = src.add(at as usize * N).cast::<[u8; N]>().read_unaligned();
            dst.add(k * N).cast::<[u8; N]>().write_unaligned(item);
        }
    }
}

/// The flattened `x` at `indices` (see [`flat_applies`]), in the indices' shape: one pass that
/// bounds-checks through the indices' minimum and maximum, one gather pass (both in parallel
/// pieces), with no offset list. Out-of-range indices are an `IndexError` naming `op` and the
/// first bad index, as [`take`] words it (axis 0).
pub(crate) fn take_flat(op: &str, x: &Tensor, indices: &Tensor) -> Result<Tensor> {
    let n = x.numel();
    let m = indices.numel() as usize;
    // SAFETY: `flat_applies`: contiguous int64 indices, alive for this call.
    let ids = unsafe { std::slice::from_raw_parts(indices.data_ptr().cast::<i64>().cast_const(), m) };
    let bounds = crate::pool::parallel_map(m, MIN_PER_TASK_CHEAP, |r| {
        ids[r].iter().fold((i64::MAX, i64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)))
    });
    crate::interrupt::check()?;
    let (lo, hi) = bounds.iter().fold((i64::MAX, i64::MIN), |(lo, hi), b| (lo.min(b.0), hi.max(b.1)));
    if m > 0 && (lo < -n || hi >= n) {
        let mut first = ids.iter().copied().filter(|&v| v < -n || v >= n);
        let v = first.next().unwrap_or(lo);
        return Err(Error::index_error(format!("{op}: index {v} is out of bounds for axis 0 with size {n}")));
    }
    // SAFETY: the gather below writes every element (or an interrupt throws the result away).
    let out = unsafe { Tensor::uninit(indices.shape(), x.dtype())? };
    let (src, dst, size) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()), x.itemsize());
    crate::pool::parallel_for(m, MIN_PER_TASK_CHEAP, |r| {
        // SAFETY: every index is within `-n..n` (checked above), `x` has `n` contiguous
        // elements, the output is fresh and each task writes its own range.
        unsafe {
            let (s, d, ids) = (src.get().cast_const(), dst.get().add(r.start * size), &ids[r]);
            match size {
                1 => gather_flat::<1>(s, n, ids, d),
                2 => gather_flat::<2>(s, n, ids, d),
                4 => gather_flat::<4>(s, n, ids, d),
                8 => gather_flat::<8>(s, n, ids, d),
                _ => gather_flat::<16>(s, n, ids, d),
            }
        }
    });
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

/// The indices of the non-zero elements of `x`, one int64 tensor per dim, in C order
/// (complex: either part non-zero; NaN counts as non-zero). A 0-d `x` is a `ValueError`, as
/// the standard and numpy 2 say.
pub fn nonzero(x: &Tensor) -> Result<Vec<Tensor>> {
    if x.ndim() == 0 {
        return Err(Error::value_error(
            "nonzero: calling nonzero on a 0-d tensor is not allowed; use x[None] to index it as 1-D",
        ));
    }
    let flags = truthiness(x)?;
    // The results' size is known before any is built: count the hits, then allocate exactly.
    let mut count = 0usize;
    chunked(flags.len(), POLL_ITEMS, |r| count += flags[r].iter().filter(|&&f| f).count());
    crate::interrupt::check()?;
    let coords =
        crate::fallible::try_collect_results((0..x.ndim()).map(|_| Tensor::empty(&[count as i64], DType::Int64)))?;
    // SAFETY: fresh tensors, not shared yet.
    let mut columns = crate::fallible::try_collect_results(coords.iter().map(|c| unsafe { c.as_mut_slice::<i64>() }))?;
    let mut k = 0;
    chunked(flags.len(), POLL_ITEMS, |r| {
        for flat in r.filter(|&i| flags[i]) {
            let mut rest = flat as i64;
            for d in (0..x.ndim()).rev() {
                let dim = x.shape()[d];
                columns[d][k] = rest % dim;
                rest /= dim;
            }
            k += 1;
        }
    });
    Ok(coords)
}

/// Each element of `x` as a bool, in C order.
pub(crate) fn truthiness(x: &Tensor) -> Result<Vec<bool>> {
    if x.dtype() == DType::Bool {
        return x.to_vec::<bool>();
    }
    let flags = crate::dispatch_all!(x.dtype(), T => {
        x.to_vec::<T>()?.into_iter().map(|v| v.to_bool()).try_collect_vec()
    });
    // The copy is long for a big tensor; stop before more work if it was interrupted.
    crate::interrupt::check()?;
    flags
}
