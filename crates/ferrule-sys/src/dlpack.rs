//! DLPack 1.x structures (`include/ferrule/dlpack.h`), written from the DLPack specification.

use std::ffi::c_void;

/// DLPack major version ferrule produces and accepts.
pub const DLPACK_MAJOR_VERSION: u32 = 1;
/// DLPack minor version ferrule produces.
pub const DLPACK_MINOR_VERSION: u32 = 1;
/// `DLManagedTensorVersioned.flags`: the consumer must not write to the data.
pub const DLPACK_FLAG_BITMASK_READ_ONLY: u64 = 1 << 0;
/// `DLManagedTensorVersioned.flags`: the data was copied from the producer.
pub const DLPACK_FLAG_BITMASK_IS_COPIED: u64 = 1 << 1;

/// `DLPackVersion`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DLPackVersion {
    /// Major version.
    pub major: u32,
    /// Minor version.
    pub minor: u32,
}

/// `DLDevice`: a DLPack device type (`kDLCPU` = 1, ...) and an ordinal.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDevice {
    /// `DLDeviceType`.
    pub device_type: i32,
    /// Device ordinal.
    pub device_id: i32,
}

/// `DLDataType`: type code (`kDLInt` = 0, `kDLUInt`, `kDLFloat`, `kDLOpaqueHandle`, `kDLBfloat`,
/// `kDLComplex`, `kDLBool` = 6), bits per lane, lanes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDataType {
    /// Type code.
    pub code: u8,
    /// Bits per lane.
    pub bits: u8,
    /// Lanes (1 for scalars).
    pub lanes: u16,
}

/// `DLTensor`.
#[repr(C)]
#[derive(Debug)]
pub struct DLTensor {
    /// Data pointer (plus `byte_offset`).
    pub data: *mut c_void,
    /// Device.
    pub device: DLDevice,
    /// Number of dimensions.
    pub ndim: i32,
    /// Element type.
    pub dtype: DLDataType,
    /// `ndim` sizes.
    pub shape: *mut i64,
    /// `ndim` strides in elements, or null for C-contiguous.
    pub strides: *mut i64,
    /// Offset of the first element from `data`, in bytes.
    pub byte_offset: u64,
}

/// `DLManagedTensorVersioned`.
#[repr(C)]
#[derive(Debug)]
pub struct DLManagedTensorVersioned {
    /// DLPack version of this struct.
    pub version: DLPackVersion,
    /// Producer state.
    pub manager_ctx: *mut c_void,
    /// Called once by the consumer when done.
    pub deleter: Option<unsafe extern "C" fn(*mut DLManagedTensorVersioned)>,
    /// `DLPACK_FLAG_BITMASK_*`.
    pub flags: u64,
    /// The tensor.
    pub dl_tensor: DLTensor,
}
