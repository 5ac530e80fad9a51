//! Tensor objects: a core `Tensor` behind the ABI header, with its DLTensor view kept beside it,
//! and zero-copy DLPack import and export.

use std::ffi::c_void;
use std::sync::Arc;

use ferrule_core::{contiguous_strides, DType, Device, Storage, Tensor};
use ferrule_sys::{
    type_index as ti, DLDataType, DLDevice, DLManagedTensorVersioned, DLPackVersion, DLTensor,
    DLPACK_FLAG_BITMASK_READ_ONLY, DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION,
};

use crate::error::{Error, Result};
use crate::object::{ObjRef, ObjectType};

/// The contents of a tensor object (`FERRULE_TYPE_TENSOR`). `repr(C)` with the DLTensor first,
/// so the object's layout is `FerruleTensorObject` of the header.
#[repr(C)]
pub struct TensorObj {
    dl: DLTensor,
    /// `FerruleTensorObject::frontend`: owned by the frontend that wraps this tensor.
    frontend: *mut c_void,
    tensor: Tensor,
}

// SAFETY: the DLTensor only points into `tensor`, which is immutable once in the object.
unsafe impl Send for TensorObj {}
// SAFETY: as above.
unsafe impl Sync for TensorObj {}

impl ObjectType for TensorObj {
    const TYPE_INDEX: i32 = ti::TENSOR;
}

impl std::fmt::Debug for TensorObj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TensorObj({:?})", self.tensor)
    }
}

impl TensorObj {
    /// Puts a tensor in a new object. Whether it may be written is the tensor's own property
    /// ([`Tensor::is_read_only`], kept by its storage), so every view an op makes of a
    /// read-only tensor is read-only too.
    pub fn new(tensor: Tensor) -> ObjRef<TensorObj> {
        let (code, bits, lanes) = tensor.dtype().to_dlpack();
        let dl = DLTensor {
            data: tensor.data_ptr().cast(),
            device: DLDevice { device_type: tensor.device().device_type, device_id: tensor.device().device_id },
            ndim: tensor.ndim() as i32,
            dtype: DLDataType { code, bits, lanes },
            // set below, once the tensor has its final address inside the object
            shape: std::ptr::null_mut(),
            strides: std::ptr::null_mut(),
            byte_offset: 0,
        };
        let mut obj = ObjRef::new(TensorObj { dl, frontend: std::ptr::null_mut(), tensor });
        // The shape and strides may live inline in the tensor, so the DLTensor points at them
        // only now: the object is on the heap and never moves, and the tensor is immutable.
        let inner = obj.get_mut().expect("a new object has one reference");
        inner.dl.shape = inner.tensor.shape().as_ptr().cast_mut();
        inner.dl.strides = inner.tensor.strides().as_ptr().cast_mut();
        obj
    }

    /// The tensor.
    #[inline]
    pub fn tensor(&self) -> &Tensor {
        &self.tensor
    }

    /// The DLTensor view of it.
    pub fn dltensor(&self) -> &DLTensor {
        &self.dl
    }

    /// Whether the memory must not be written (imported read-only, or a view of such memory).
    #[inline]
    pub fn readonly(&self) -> bool {
        self.tensor.is_read_only()
    }
}

/// Creates a zero-filled tensor object from C-ABI arguments.
///
/// Errors: ValueError for a negative ndim or dimension; TypeError for an unsupported dtype;
/// NotImplementedError for a device other than CPU; MemoryError if allocation fails.
pub fn tensor_create(shape: &[i64], dtype: DLDataType, device: DLDevice) -> Result<ObjRef<TensorObj>> {
    let dtype = DType::from_dlpack(dtype.code, dtype.bits, dtype.lanes)
        .map_err(|e| Error::type_error(format!("tensor_create: unsupported dtype: {}", e.message)))?;
    if device.device_type != Device::KDL_CPU {
        return Err(Error::new(
            "NotImplementedError",
            &format!("tensor_create: only cpu tensors can be created, not device type {}", device.device_type),
        ));
    }
    Ok(TensorObj::new(Tensor::zeros(shape, dtype).map_err(|e| Error::from(e.with_context("in tensor_create")))?))
}

/// Calls a DLPack producer's deleter when the last view of its memory is gone.
struct ManagedOwner(*mut DLManagedTensorVersioned);

// SAFETY: DLPack deleters may be called from any thread (the consumer decides where it drops).
unsafe impl Send for ManagedOwner {}
// SAFETY: the owner is never accessed, only dropped.
unsafe impl Sync for ManagedOwner {}

impl Drop for ManagedOwner {
    fn drop(&mut self) {
        // SAFETY: we own the managed tensor and call its deleter exactly once.
        unsafe {
            if let Some(deleter) = (*self.0).deleter {
                deleter(self.0);
            }
        }
    }
}

fn buffer_error(message: String) -> Error {
    Error::new("BufferError", &message)
}

/// Wraps a DLPack tensor without copying; ferrule owns `managed` only on success.
///
/// # Safety
/// `managed` points at a valid `DLManagedTensorVersioned` whose memory stays valid until its
/// deleter is called.
pub unsafe fn tensor_from_dlpack(managed: *mut DLManagedTensorVersioned) -> Result<ObjRef<TensorObj>> {
    if managed.is_null() {
        return Err(Error::value_error("from_dlpack: the managed tensor is NULL"));
    }
    // SAFETY: caller contract.
    let m = unsafe { &*managed };
    if m.version.major != DLPACK_MAJOR_VERSION {
        return Err(buffer_error(format!(
            "from_dlpack: unsupported DLPack version {}.{} (ferrule reads 1.x)",
            m.version.major, m.version.minor
        )));
    }
    let dl = &m.dl_tensor;
    if dl.device.device_type != Device::KDL_CPU {
        return Err(buffer_error(format!(
            "from_dlpack: only cpu tensors can be imported, not device type {}",
            dl.device.device_type
        )));
    }
    let dtype = DType::from_dlpack(dl.dtype.code, dl.dtype.bits, dl.dtype.lanes)
        .map_err(|e| buffer_error(format!("from_dlpack: {}", e.message)))?;
    let ndim = usize::try_from(dl.ndim).map_err(|_| buffer_error(format!("from_dlpack: negative ndim {}", dl.ndim)))?;
    // SAFETY: DLPack guarantees `ndim` entries when ndim > 0.
    let shape: Vec<i64> =
        if ndim == 0 { Vec::new() } else { unsafe { std::slice::from_raw_parts(dl.shape, ndim) }.to_vec() };
    if shape.iter().any(|&d| d < 0) {
        return Err(buffer_error(format!("from_dlpack: negative dimension in shape {shape:?}")));
    }
    let strides: Vec<i64> = if dl.strides.is_null() || ndim == 0 {
        contiguous_strides(&shape)
    } else {
        // SAFETY: as for shape.
        unsafe { std::slice::from_raw_parts(dl.strides, ndim) }.to_vec()
    };
    let itemsize = dtype.itemsize() as i64;
    let numel: i64 = shape.iter().product();
    // The storage spans exactly the elements the view reaches, so negative strides work too.
    let (mut low, mut high) = (0i64, 0i64);
    if numel > 0 {
        for (&d, &s) in shape.iter().zip(&strides) {
            let reach = s.checked_mul(d - 1).ok_or_else(|| buffer_error("from_dlpack: strides overflow".into()))?;
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
    }
    let nbytes = if numel > 0 { (high - low + 1) * itemsize } else { 0 };
    // SAFETY: the producer guarantees `data + byte_offset` addresses the first element.
    let base = unsafe { dl.data.cast::<u8>().add(dl.byte_offset as usize).offset((low * itemsize) as isize) };
    let readonly = m.flags & DLPACK_FLAG_BITMASK_READ_ONLY != 0;
    // SAFETY: the producer keeps the memory valid until its deleter, which the owner calls.
    let storage = unsafe { Storage::from_foreign(base, nbytes as usize, Device::CPU, Box::new(ManagedOwner(managed))) };
    // The mark goes on the memory itself, so that every view of the tensor keeps it.
    let storage = if readonly { storage.into_read_only() } else { storage };
    // SAFETY: the extent computed above contains every reachable element.
    let tensor = unsafe { Tensor::from_storage(Arc::new(storage), shape, strides, -low, dtype) }?;
    Ok(TensorObj::new(tensor))
}

/// What an exported DLPack tensor points at: the managed struct first, then the tensor it keeps alive.
#[repr(C)]
struct ExportCtx {
    managed: DLManagedTensorVersioned,
    _owner: ObjRef<TensorObj>,
}

unsafe extern "C" fn delete_export(managed: *mut DLManagedTensorVersioned) {
    if managed.is_null() {
        return;
    }
    let released = std::panic::catch_unwind(|| {
        // SAFETY: created by `tensor_to_dlpack` as a Box<ExportCtx> whose first field is `managed`.
        drop(unsafe { Box::from_raw(managed.cast::<ExportCtx>()) })
    });
    if released.is_err() {
        eprintln!("ferrule: a panic while releasing a DLPack export was contained");
    }
}

/// Exports a tensor as DLPack without copying; the result keeps the tensor alive.
pub fn tensor_to_dlpack(tensor: &ObjRef<TensorObj>) -> *mut DLManagedTensorVersioned {
    let dl = tensor.dltensor();
    let ctx = Box::new(ExportCtx {
        managed: DLManagedTensorVersioned {
            version: DLPackVersion { major: DLPACK_MAJOR_VERSION, minor: DLPACK_MINOR_VERSION },
            manager_ctx: std::ptr::null_mut::<c_void>(),
            deleter: Some(delete_export),
            flags: if tensor.readonly() { DLPACK_FLAG_BITMASK_READ_ONLY } else { 0 },
            dl_tensor: DLTensor {
                data: dl.data,
                device: dl.device,
                ndim: dl.ndim,
                dtype: dl.dtype,
                shape: dl.shape,
                strides: dl.strides,
                byte_offset: 0,
            },
        },
        _owner: tensor.clone(),
    });
    let raw = Box::into_raw(ctx);
    // SAFETY: just allocated.
    unsafe { (*raw).managed.manager_ctx = raw.cast() };
    raw.cast()
}
