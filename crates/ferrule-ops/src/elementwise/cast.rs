//! `astype` and `cast_to`: dtype conversion with numpy's (unsafe-casting) semantics.

use ferrule_core::{DType, Device, Error, Result, Tensor};

use crate::dispatch::Elem;
use crate::iter::{map_unary, may_overlap, SendPtr, MIN_PER_TASK_CHEAP};
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

/// Writes `x` converted to `out`'s dtype into `out` (same shape or broadcastable to it).
///
/// Only the same-dtype copy walks strides directly; a conversion between different dtypes
/// runs on contiguous data (strided or broadcast inputs are gathered first, strided outputs
/// are filled by a copy), which keeps the 15 x 15 conversion grid small in code size.
pub(crate) fn cast_into(x: &Tensor, out: &Tensor) -> Result<()> {
    if x.dtype() == out.dtype() {
        crate::dispatch_all!(x.dtype(), T => {
            map_unary::<T, T, _>(x, out, MIN_PER_TASK_CHEAP, |xs, os| os.copy_from_slice(xs))
        });
        return Ok(());
    }
    let direct = out.is_contiguous() && x.is_contiguous() && x.numel() == out.numel() && !may_overlap(x, out);
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
