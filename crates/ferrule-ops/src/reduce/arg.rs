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
    // SAFETY (reads): caller contract.
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
            parallel_for(n_out, min_per_task, |range| {
                for i in range {
                    // SAFETY: `bases[i]` plus in-range multiples of `stride` address elements of
                    // `lines` (the tensor invariant); each task writes its own outputs.
                    unsafe {
                        let p = src.get().cast::<$t>().cast_const().offset(bases[i] as isize);
                        *dst.get().cast::<i64>().add(i) = scan::<$t>(p, len as usize, stride, largest);
                    }
                }
            })
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
