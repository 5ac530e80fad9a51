//! Tensor fixtures: reading a tensor through its DLTensor and creating one through the API table.

use ferrule_plugin::sys::{DLDataType, DLDevice, DLTensor};
use ferrule_plugin::{api, Args, Error, Object, Value};

const KDL_INT: u8 = 0;
const KDL_FLOAT: u8 = 2;
const KDL_CPU: i32 = 1;
const FLOAT64: DLDataType = DLDataType { code: KDL_FLOAT, bits: 64, lanes: 1 };

/// `testing.tensor_sum(t)`: the sum of a float64, float32 or int64 CPU tensor.
pub(crate) fn tensor_sum(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let tensor = args.tensor(0, "t")?;
    if tensor.device.device_type != KDL_CPU {
        return Err(args.value_error(
            0,
            "t",
            format_args!("expected a CPU tensor, got device type {}", tensor.device.device_type),
        ));
    }
    let dtype = tensor.dtype;
    let sum = match (dtype.code, dtype.bits, dtype.lanes) {
        // SAFETY: a live CPU tensor of this dtype (just matched), whose elements are read in place.
        (KDL_FLOAT, 64, 1) => unsafe { sum_elements::<f64>(tensor, |x| x) },
        // SAFETY: as above, float32.
        (KDL_FLOAT, 32, 1) => unsafe { sum_elements::<f32>(tensor, f64::from) },
        // SAFETY: as above, int64.
        (KDL_INT, 64, 1) => unsafe { sum_elements::<i64>(tensor, |x| x as f64) },
        _ => {
            return Err(args.type_error(
                0,
                "t",
                format_args!(
                    "expected a float64, float32 or int64 tensor, got dtype code {} bits {} lanes {}",
                    dtype.code, dtype.bits, dtype.lanes
                ),
            ))
        }
    };
    Ok(Value::float(sum))
}

/// Sums every element of `tensor` (any shape and strides, in elements) converted by `widen`.
///
/// # Safety
/// `tensor` must describe live CPU memory holding elements of type `T`.
unsafe fn sum_elements<T: Copy>(tensor: &DLTensor, widen: impl Fn(T) -> f64) -> f64 {
    let ndim = usize::try_from(tensor.ndim).unwrap_or(0);
    let (shape, strides): (&[i64], Option<&[i64]>) = if ndim == 0 {
        (&[], None)
    } else {
        // SAFETY: `ndim` sizes and (unless null) `ndim` strides, alive with the tensor.
        unsafe {
            (
                std::slice::from_raw_parts(tensor.shape, ndim),
                (!tensor.strides.is_null()).then(|| std::slice::from_raw_parts(tensor.strides, ndim)),
            )
        }
    };
    if shape.iter().any(|&size| size <= 0) {
        return 0.0;
    }
    // Null strides mean C-contiguous (ferrule never produces them, DLPack allows them).
    let strides: Vec<i64> = match strides {
        Some(strides) => strides.to_vec(),
        None => {
            let mut contiguous = vec![1_i64; ndim];
            for axis in (0..ndim.saturating_sub(1)).rev() {
                contiguous[axis] = contiguous[axis + 1] * shape[axis + 1];
            }
            contiguous
        }
    };
    // SAFETY: byte_offset stays inside the allocation per DLPack.
    let base = unsafe { tensor.data.cast::<u8>().add(tensor.byte_offset as usize) }.cast::<T>();
    let mut index = vec![0_i64; ndim];
    let mut offset = 0_i64; // in elements, kept equal to sum(index[axis] * strides[axis])
    let mut total = 0.0;
    loop {
        // SAFETY: `index` is inside `shape`, so the element is inside the tensor's memory.
        total += widen(unsafe { base.offset(offset as isize).read_unaligned() });
        // Odometer step: bump the last axis, carrying into earlier ones.
        let mut axis = ndim;
        loop {
            if axis == 0 {
                return total;
            }
            axis -= 1;
            index[axis] += 1;
            offset += strides[axis];
            if index[axis] < shape[axis] {
                break;
            }
            offset -= strides[axis] * index[axis];
            index[axis] = 0;
        }
    }
}

/// `testing.tensor_fill(shape, value)`: a new float64 CPU tensor filled with `value`.
pub(crate) fn tensor_fill(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(2, 2)?;
    let items = args.array(0, "shape")?;
    let value = args.float(1, "value")?;
    let mut shape = Vec::with_capacity(items.len());
    for (position, item) in items.iter().enumerate() {
        shape.push(item.as_int().ok_or_else(|| {
            args.type_error(0, "shape", format_args!("item {position}: expected int, got {}", item.type_name()))
        })?);
    }
    let ndim = i32::try_from(shape.len())
        .map_err(|_| args.value_error(0, "shape", format_args!("too many dimensions: {}", shape.len())))?;
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    let device = DLDevice { device_type: KDL_CPU, device_id: 0 };
    // SAFETY: `ndim` sizes at `shape` and valid out-parameters.
    if unsafe { (api().tensor_create)(shape.as_ptr(), ndim, FLOAT64, device, &mut out, &mut err) } != 0 {
        // SAFETY: on failure the callee stored a new error we now own.
        return Err(unsafe { Error::from_raw_object(err) });
    }
    // SAFETY: on success `out` is a new reference we now own.
    let tensor =
        unsafe { Object::from_raw(out) }.ok_or_else(|| Error::runtime_error("tensor_create returned no tensor"))?;
    let result = Value::object(tensor);
    let dltensor = result.as_tensor().ok_or_else(|| Error::runtime_error("tensor_create returned a non-tensor"))?;
    // tensor_create validated the shape, so the element count fits.
    let count: usize = shape.iter().map(|&size| size as usize).product();
    if count > 0 {
        // SAFETY: a fresh C-contiguous float64 tensor of `count` elements that only we reference,
        // so writing its data (not its metadata) is sound.
        let data = unsafe {
            std::slice::from_raw_parts_mut(
                dltensor.data.cast::<u8>().add(dltensor.byte_offset as usize).cast::<f64>(),
                count,
            )
        };
        data.fill(value);
    }
    Ok(result)
}
