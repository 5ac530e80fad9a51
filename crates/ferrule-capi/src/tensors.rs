//! Exports for tensors and DLPack exchange.

use ferrule_registry::tensor::{tensor_create, tensor_from_dlpack, tensor_to_dlpack};
use ferrule_registry::{Error, ObjRef, TensorObj};
use ferrule_sys::{DLDataType, DLDevice, DLManagedTensorVersioned, DLTensor, FerruleObject};

use crate::boundary::ffi_boundary;
use crate::values::out_arg;

/// See `ferrule_tensor_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_create(
    shape: *const i64,
    ndim: i32,
    dtype: DLDataType,
    device: DLDevice,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_tensor_create", err, || {
        let out = out_arg(out, "ferrule_tensor_create", "out")?;
        let ndim = usize::try_from(ndim)
            .map_err(|_| Error::value_error(format!("ferrule_tensor_create: negative ndim {ndim}")))?;
        if ndim > 0 && shape.is_null() {
            return Err(Error::value_error(format!("ferrule_tensor_create: 'shape' is NULL but ndim is {ndim}")));
        }
        // SAFETY: caller passes `ndim` sizes.
        let shape = if ndim == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(shape, ndim) } };
        let t = tensor_create(shape, dtype, device)?;
        // SAFETY: checked writable.
        unsafe { *out = t.into_raw() };
        Ok(())
    })
}

/// See `ferrule_tensor_dltensor` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_dltensor(tensor: *const FerruleObject) -> *const DLTensor {
    // SAFETY: a live object or NULL; the type index is checked.
    unsafe { ObjRef::<TensorObj>::downcast(tensor) }.map_or(std::ptr::null(), |t| t.dltensor())
}

/// See `ferrule_tensor_from_dlpack` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_from_dlpack(
    managed: *mut DLManagedTensorVersioned,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_tensor_from_dlpack", err, || {
        let out = out_arg(out, "ferrule_tensor_from_dlpack", "out")?;
        // SAFETY: caller contract.
        let t = unsafe { tensor_from_dlpack(managed) }?;
        // SAFETY: checked writable.
        unsafe { *out = t.into_raw() };
        Ok(())
    })
}

/// See `ferrule_tensor_to_dlpack` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_tensor_to_dlpack(
    tensor: *mut FerruleObject,
    out: *mut *mut DLManagedTensorVersioned,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_tensor_to_dlpack", err, || {
        let out = out_arg(out, "ferrule_tensor_to_dlpack", "out")?;
        // SAFETY: a live object or NULL; the type index is checked.
        let t = unsafe { ObjRef::<TensorObj>::from_borrowed(tensor) }
            .ok_or_else(|| Error::type_error("ferrule_tensor_to_dlpack: 'tensor' is not a Tensor"))?;
        // SAFETY: checked writable.
        unsafe { *out = tensor_to_dlpack(&t) };
        Ok(())
    })
}
