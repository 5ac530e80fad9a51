//! Tensor objects: a core `Tensor` behind the ABI header, with its DLTensor view kept beside it,
//! and zero-copy DLPack import and export.

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ferrule_core::{contiguous_strides, DType, Device, ErrorKind, Storage, Tensor};
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
    /// Autograd state (requires_grad, .grad, the node that produced it); see [`crate::autograd`].
    autograd: crate::autograd::GradCell,
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
        let mut obj =
            ObjRef::new(TensorObj { dl, frontend: std::ptr::null_mut(), tensor, autograd: Default::default() });
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

    /// The autograd state.
    #[inline]
    pub fn autograd(&self) -> &crate::autograd::GradCell {
        &self.autograd
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
            ErrorKind::NotImplementedError,
            &format!("tensor_create: only cpu tensors can be created, not device type {}", device.device_type),
        ));
    }
    Ok(TensorObj::new(Tensor::zeros(shape, dtype).map_err(|e| Error::from(e.with_context("in tensor_create")))?))
}

/// Calls a DLPack producer's deleter when the last view of its memory is gone, once armed.
///
/// The owner goes into the storage before the tensor around it is built; it is armed only when
/// the import has succeeded, so that nothing on a failure path (an error or a panic dropping the
/// half-built storage) calls the deleter of a managed tensor the caller still owns.
struct ManagedOwner {
    managed: *mut DLManagedTensorVersioned,
    armed: Arc<AtomicBool>,
}

// SAFETY: DLPack deleters may be called from any thread (the consumer decides where it drops).
unsafe impl Send for ManagedOwner {}
// SAFETY: the owner is never accessed, only dropped.
unsafe impl Sync for ManagedOwner {}

impl Drop for ManagedOwner {
    fn drop(&mut self) {
        if !self.armed.load(Ordering::Acquire) {
            return;
        }
        // SAFETY: armed means ferrule owns the managed tensor; this runs once, when the storage dies.
        unsafe {
            if let Some(deleter) = (*self.managed).deleter {
                deleter(self.managed);
            }
        }
    }
}

fn buffer_error(message: String) -> Error {
    Error::new(ErrorKind::BufferError, &message)
}

/// Reads `ndim` int64s of a DLTensor's shape or strides (never more than the producer's
/// `ndim` promises; the copy is allocated fallibly, as `ndim` comes from the producer).
///
/// # Safety
/// `ptr` points at `ndim` readable int64s.
unsafe fn read_dims(ptr: *const i64, ndim: usize, what: &str) -> Result<Vec<i64>> {
    let mut dims = Vec::new();
    dims.try_reserve_exact(ndim).map_err(|_| {
        Error::new(ErrorKind::MemoryError, &format!("from_dlpack: cannot allocate the {what} of {ndim} dimensions"))
    })?;
    // SAFETY: caller contract.
    dims.extend_from_slice(unsafe { std::slice::from_raw_parts(ptr, ndim) });
    Ok(dims)
}

/// Wraps a DLPack tensor without copying. ferrule owns `managed` (and calls its deleter once,
/// when the last view of the memory is gone) only on success; on every failure, the caller
/// still owns it and its deleter has not been called.
///
/// Every field is checked before anything is taken over: the version, device and dtype; a NULL
/// `shape` with `ndim > 0`; negative dimensions; an element count, extent or byte size that
/// overflows; a NULL `data` with elements to address; a `byte_offset` or extent that takes the
/// addresses past the end of the address space. Whether the memory really is there cannot be
/// checked: that stays the producer's promise.
///
/// # Safety
/// `managed` is NULL or points at a `DLManagedTensorVersioned` whose `shape` (and `strides`,
/// unless NULL) hold `ndim` entries and whose memory stays valid until its deleter is called.
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
    if ndim > 0 && dl.shape.is_null() {
        return Err(buffer_error(format!("from_dlpack: 'shape' is NULL but ndim is {ndim}")));
    }
    // SAFETY: DLPack guarantees `ndim` entries at a non-NULL shape (checked just above).
    let shape = if ndim == 0 { Vec::new() } else { unsafe { read_dims(dl.shape, ndim, "shape") }? };
    if shape.iter().any(|&d| d < 0) {
        return Err(buffer_error(format!("from_dlpack: negative dimension in shape {shape:?}")));
    }
    // As everywhere in ferrule, the non-zero dimensions must multiply out even when one is 0.
    let nonzero = shape.iter().filter(|&&d| d != 0).try_fold(1i64, |acc, &d| acc.checked_mul(d));
    let Some(nonzero) = nonzero else {
        return Err(buffer_error(format!("from_dlpack: shape {shape:?} has too many elements")));
    };
    let numel = if shape.contains(&0) { 0 } else { nonzero };
    let strides = if dl.strides.is_null() || ndim == 0 {
        contiguous_strides(&shape)
    } else {
        // SAFETY: as for shape.
        unsafe { read_dims(dl.strides, ndim, "strides") }?
    };
    let itemsize = dtype.itemsize() as i64;
    let overflow = || buffer_error(format!("from_dlpack: shape {shape:?} with strides {strides:?} overflows"));
    // The storage spans exactly the elements the view reaches (in elements from the first), so
    // negative strides work too.
    let (mut low, mut high) = (0i64, 0i64);
    if numel > 0 {
        for (&d, &s) in shape.iter().zip(&strides) {
            let reach = s.checked_mul(d - 1).ok_or_else(overflow)?;
            if reach < 0 {
                low = low.checked_add(reach).ok_or_else(overflow)?;
            } else {
                high = high.checked_add(reach).ok_or_else(overflow)?;
            }
        }
    }
    let (base, nbytes) = if numel == 0 {
        (std::ptr::null_mut(), 0usize)
    } else {
        if dl.data.is_null() {
            return Err(buffer_error(format!("from_dlpack: 'data' is NULL but the tensor has {numel} elements")));
        }
        let span = high
            .checked_sub(low)
            .and_then(|n| n.checked_add(1))
            .and_then(|n| n.checked_mul(itemsize))
            .and_then(|n| isize::try_from(n).ok())
            .ok_or_else(overflow)?;
        // The addresses of the first and one past the last byte reached, which must not wrap
        // around or leave the range a Rust pointer may address (isize::MAX).
        let first = usize::try_from(dl.byte_offset)
            .ok()
            .and_then(|offset| (dl.data as usize).checked_add(offset))
            .and_then(|start| low.checked_mul(itemsize).and_then(|back| start.checked_add_signed(back as isize)));
        let fits =
            first.and_then(|first| first.checked_add(span as usize)).is_some_and(|end| end <= isize::MAX as usize);
        let Some(first) = first.filter(|_| fits) else {
            return Err(buffer_error(format!(
                "from_dlpack: byte_offset {} takes the tensor past the end of the address space",
                dl.byte_offset
            )));
        };
        (dl.data.cast::<u8>().with_addr(first), span as usize)
    };
    let readonly = m.flags & DLPACK_FLAG_BITMASK_READ_ONLY != 0;
    let armed = Arc::new(AtomicBool::new(false));
    let owner = Box::new(ManagedOwner { managed, armed: armed.clone() });
    // SAFETY: the producer keeps the memory valid until its deleter, which the owner calls once
    // armed; `base .. base + nbytes` is the range computed above.
    let storage = unsafe { Storage::from_foreign(base, nbytes, Device::CPU, owner) };
    // The mark goes on the memory itself, so that every view of the tensor keeps it.
    let storage = if readonly { storage.into_read_only() } else { storage };
    // SAFETY: the extent computed above contains every reachable element.
    let tensor = unsafe { Tensor::from_storage(Arc::new(storage), shape, strides, -low, dtype) }
        .map_err(|e| buffer_error(format!("from_dlpack: {}", e.message)))?;
    let object = TensorObj::new(tensor);
    armed.store(true, Ordering::Release);
    Ok(object)
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
