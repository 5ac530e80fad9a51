//! `astype` and `cast_to`: dtype conversion with numpy's (unsafe-casting) semantics.

use ferrule_core::{DType, Device, Error, Result, Tensor};

use std::mem::MaybeUninit;

use crate::dispatch::Elem;
use crate::iter::{broadcast_strides, map_unary_elems, may_overlap, Layout, SendPtr, CHUNK, MIN_PER_TASK_CHEAP};
use crate::pool::parallel_for;

/// Converts one element from `S` to `D` the way numpy's casts do.
#[inline(always)]
pub(crate) fn cast_elem<S: Elem, D: Elem>(s: S) -> D {
    match S::DTYPE {
        DType::Bool => D::from_bool(s.to_bool()),
        DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => D::from_i64(s.to_i64()),
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => D::from_u64(s.to_u64()),
        DType::Complex64 | DType::Complex128 => D::from_c64(s.to_c64()),
        _ => D::from_f64(s.to_f64()),
    }
}

/// Converts contiguous `xs` into `os`, splitting large work over the pool.
fn cast_slices<S: Elem, D: Elem>(x: &Tensor, out: &Tensor) {
    let n = out.numel() as usize;
    let (src, dst) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()));
    parallel_for(n, MIN_PER_TASK_CHEAP, |r| {
        // SAFETY: both tensors are contiguous with `n` elements and do not overlap; each task
        // converts its own range.
        let (xs, os) = unsafe {
            (
                std::slice::from_raw_parts((src.get() as *const S).add(r.start), r.len()),
                std::slice::from_raw_parts_mut((dst.get() as *mut D).add(r.start), r.len()),
            )
        };
        for (o, &v) in os.iter_mut().zip(xs) {
            *o = cast_elem::<S, D>(v);
        }
    });
}

/// Converts `m` elements from `src` into `dst` (one conversion of the 15 x 15 grid; the strided
/// walk that feeds it is generic over the source type only).
///
/// # Safety
///
/// `src` holds `m` valid `S` values; `dst` has room for `m` `D` values and does not overlap it.
unsafe fn convert_run<S: Elem, D: Elem>(src: *const u8, dst: *mut u8, m: usize) {
    // SAFETY: the caller's contract.
    let (xs, os) =
        unsafe { (std::slice::from_raw_parts(src.cast::<S>(), m), std::slice::from_raw_parts_mut(dst.cast::<D>(), m)) };
    for (o, &v) in os.iter_mut().zip(xs) {
        *o = cast_elem::<S, D>(v);
    }
}

/// Converts a strided or broadcast `x` into the contiguous `out` (its shape, another dtype)
/// without a full-size copy: each task walks its range of `x` row by row, gathers up to
/// [`CHUNK`] elements into a stack buffer and converts the buffer straight into `out`.
fn cast_gathered<S: Elem>(x: &Tensor, out: &Tensor, convert: unsafe fn(*const u8, *mut u8, usize)) {
    let n = out.numel() as usize;
    let strides = broadcast_strides(x, out.shape());
    let layout = Layout::<1>::new(out.shape(), [&strides]);
    let (src, dst) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()));
    let size = out.itemsize();
    parallel_for(n, MIN_PER_TASK_CHEAP, |range| {
        let mut buf = [MaybeUninit::<S>::uninit(); CHUNK];
        let mut at = range.start;
        layout.for_each_row(range, |offs, inner, len| {
            let mut done = 0usize;
            while done < len {
                let m = CHUNK.min(len - done);
                // SAFETY: the offsets come from the layout of `x`'s valid view broadcast to
                // `out`'s shape, so every element read is inside `x`; `out` is contiguous with
                // `n` elements and this task owns `at..at + m` of it (`at` follows the C-order
                // walk of the task's range), which does not overlap `x` (checked by the caller).
                unsafe {
                    let first = (src.get() as *const S).offset((offs[0] + done as i64 * inner[0]) as isize);
                    crate::iter::gather(first, inner[0] as isize, buf.as_mut_ptr().cast::<S>(), m);
                    convert(buf.as_ptr().cast::<u8>(), dst.get().add(at * size), m);
                }
                done += m;
                at += m;
            }
        });
    });
}

/// Writes `x` converted to `out`'s dtype into `out` (same shape or broadcastable to it).
///
/// Only the same-dtype copy walks strides directly; a conversion between different dtypes
/// runs on contiguous data (strided or broadcast inputs are gathered first, strided outputs
/// are filled by a copy), which keeps the 15 x 15 conversion grid small in code size.
pub(crate) fn cast_into(x: &Tensor, out: &Tensor) -> Result<()> {
    if x.dtype() == out.dtype() {
        crate::dispatch_all!(x.dtype(), T => { map_unary_elems::<T, T>(x, out, MIN_PER_TASK_CHEAP, |v| v) });
        return Ok(());
    }
    let direct = out.is_contiguous() && x.is_contiguous() && x.numel() == out.numel() && !may_overlap(x, out);
    if !direct && out.is_contiguous() && !may_overlap(x, out) {
        x.broadcast_to(out.shape())?;
        crate::dispatch_all!(x.dtype(), S => {
            crate::dispatch_all!(out.dtype(), D => { cast_gathered::<S>(x, out, convert_run::<S, D>) })
        });
        return Ok(());
    }
    let source = if direct { x.clone() } else { x.broadcast_to(out.shape())?.copy()? };
    if out.is_contiguous() {
        crate::dispatch_all!(source.dtype(), S => {
            crate::dispatch_all!(out.dtype(), D => { cast_slices::<S, D>(&source, out) })
        });
    } else {
        let tmp = Tensor::empty(out.shape(), out.dtype())?;
        crate::dispatch_all!(source.dtype(), S => {
            crate::dispatch_all!(out.dtype(), D => { cast_slices::<S, D>(&source, &tmp) })
        });
        cast_into(&tmp, out)?;
    }
    Ok(())
}

/// `x` converted to `dtype` as a fresh C-contiguous tensor (always a copy), with numpy's
/// "unsafe" casting: ints wrap, floats truncate toward zero into ints, complex drops the
/// imaginary part into reals, anything non-zero is `true`.
pub fn cast_to(x: &Tensor, dtype: DType) -> Result<Tensor> {
    // SAFETY: `cast_into` writes every element (or fails, and the tensor is dropped).
    let out = unsafe { Tensor::uninit(x.shape(), dtype)? };
    cast_into(x, &out)?;
    Ok(out)
}

/// Copies `x` into a new tensor of `dtype` (Array API `astype`), with numpy's casting rules.
///
/// With `copy=false` and the same dtype, `x` itself is returned. `device` must be `None` or
/// the device `x` is on (ferrule kernels run on the CPU; moving memory is not supported).
/// Float → integer casts truncate toward zero; NaN, infinities and out-of-range values give
/// the values numpy gives on x86-64 (0 for int8/int16/uint8/uint16, the minimum for int32 and
/// int64, 2^63 for uint64; uint32 wraps the 64-bit truncation as numpy's scalar path does).
pub fn astype(x: &Tensor, dtype: DType, copy: bool, device: Option<Device>) -> Result<Tensor> {
    if let Some(device) = device {
        if device != x.device() {
            return Err(Error::value_error(format!(
                "astype() argument 'device': cannot move a tensor from {} to {device}",
                x.device()
            )));
        }
    }
    if !copy && dtype == x.dtype() {
        return Ok(x.clone());
    }
    cast_to(x, dtype)
}
