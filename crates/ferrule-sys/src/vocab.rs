//! The vocabularies every language of ferrule shares, each defined once, here: error kinds
//! ([`ErrorKind`]), value type indices and their names ([`type_index`]), dtype names
//! ([`dtype`]) and device type names ([`device_type`]).
//!
//! Rust code uses these tables directly. `ferrule-codegen` writes every other copy from them:
//! the type-index enum, the ABI version and the error-kind macros of `include/ferrule/ferrule.h`,
//! `python/ferrule/_vocab.py` and the exception classes of `python/ferrule/error.py`, and
//! `go/vocab_gen.go`; `make test` (`ferrule-codegen --check`) fails when one of them is stale.
//! Each table is written through a macro so that a name is spelled once: an error kind's name is
//! its variant's identifier, a type index's constant name is its identifier.

/// Declares [`ErrorKind`] from one line per kind: its documentation and its name.
macro_rules! error_kinds {
    ($($(#[doc = $doc:literal])+ $kind:ident,)+) => {
        /// The kind of an error: the name of the Python exception it becomes in Python, and the
        /// `Kind` of a ferrule error in every other language (`FERRULE_KIND_*` in C, `Kind*` in
        /// Go). An error object may carry a kind outside this list (a frontend or plugin can
        /// create any); such kinds are kept as given and treated as `RuntimeError` where a class
        /// must be chosen.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorKind {
            $($(#[doc = $doc])+ $kind,)+
        }

        impl ErrorKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$kind),+];

            /// The name, e.g. `"TypeError"`: the Python exception name.
            pub const fn name(self) -> &'static str {
                match self {
                    $(ErrorKind::$kind => stringify!($kind),)+
                }
            }

            /// The name as a C string, for `ferrule_error_create`.
            pub const fn c_name(self) -> &'static std::ffi::CStr {
                let bytes = match self {
                    $(ErrorKind::$kind => concat!(stringify!($kind), "\0").as_bytes(),)+
                };
                match std::ffi::CStr::from_bytes_with_nul(bytes) {
                    Ok(name) => name,
                    Err(_) => panic!("an error kind's name has no NUL inside"),
                }
            }

            /// The kind's documentation (one sentence or more, lines joined by `\n`), which the
            /// generated copies carry as their doc comments.
            pub const fn doc(self) -> &'static str {
                match self {
                    $(ErrorKind::$kind => concat!($($doc, "\n"),+),)+
                }
            }
        }
    };
}

error_kinds! {
    /// A value of the wrong type (a bad argument names the function, the argument and its
    /// position).
    TypeError,
    /// A value of the right type but a wrong content (a bad shape or axis, a released function).
    ValueError,
    /// An index out of range.
    IndexError,
    /// A missing or already taken name (an unregistered function, registering a taken name).
    KeyError,
    /// An operation that exists but is not implemented for these inputs or this device.
    NotImplementedError,
    /// Memory could not be allocated.
    MemoryError,
    /// Any other failure at run time, including a panic inside native code and an unknown kind.
    RuntimeError,
    /// A buffer or DLPack exchange that cannot be done (device, dtype, layout, read-only memory).
    BufferError,
    /// A number that does not fit (a size or index computation, a Python int beyond int64).
    OverflowError,
    /// Division by zero.
    ZeroDivisionError,
    /// A missing attribute.
    AttributeError,
    /// A file that cannot be opened, read or written (missing, unwritable, not a regular file).
    OSError,
    /// The call was interrupted (Ctrl-C, or another signal the frontend acts on). Not an error
    /// of the program: Python raises its builtin KeyboardInterrupt, which a handler for every
    /// Exception does not catch.
    KeyboardInterrupt,
}

impl ErrorKind {
    /// The kind an error whose kind is empty, or unknown where a class must be chosen, is
    /// treated as.
    pub const FALLBACK: ErrorKind = ErrorKind::RuntimeError;

    /// The kind whose [`name`](Self::name) is exactly `name`, if any.
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        Self::ALL.iter().copied().find(|kind| kind.name() == name)
    }

    /// Whether errors of this kind stop a program rather than report a failure of it: in Python
    /// they derive from `BaseException` but not `Exception`, so frontends raise the builtin class
    /// and never wrap them in an error class of their own.
    pub const fn is_interrupt(self) -> bool {
        matches!(self, ErrorKind::KeyboardInterrupt)
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<ErrorKind> for String {
    fn from(kind: ErrorKind) -> String {
        kind.name().to_owned()
    }
}

/// One type index of [`type_index::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeIndexInfo {
    /// The value.
    pub value: i32,
    /// The constant's name (`SMALL_STR`): `FERRULE_TYPE_SMALL_STR` in C, `TYPE_SMALL_STR` in
    /// Python, [`type_index::SMALL_STR`] here.
    pub ident: &'static str,
    /// The name messages use for a value of this type ("int", "str", "Tensor"); empty for
    /// [`type_index::STATIC_OBJECT_BEGIN`], a bound rather than a type.
    pub name: &'static str,
    /// What the payload holds (one line).
    pub doc: &'static str,
}

/// Declares the type-index constants and [`type_index::ALL`] from one line per index.
macro_rules! type_indices {
    ($($(#[doc = $doc:literal])+ $ident:ident = $value:literal => $name:literal;)+) => {
        $($(#[doc = $doc])+ pub const $ident: i32 = $value;)+

        /// Every type index of this ABI version, in order (`FerruleTypeIndex`).
        pub const ALL: &[super::TypeIndexInfo] = &[$(super::TypeIndexInfo {
            value: $ident,
            ident: stringify!($ident),
            name: $name,
            doc: concat!($($doc),+),
        }),+];
    };
}

/// Tags of [`FerruleAny`](crate::FerruleAny) and type indices of heap objects
/// (`FerruleTypeIndex`). Values below [`STATIC_OBJECT_BEGIN`] are stored inline in the payload;
/// values at or above it mean the payload is an object pointer whose header has the same index.
pub mod type_index {
    type_indices! {
        /// no payload
        NONE = 0 => "None";
        /// v_int64
        INT = 1 => "int";
        /// v_int64: 0 or 1
        BOOL = 2 => "bool";
        /// v_float64
        FLOAT = 3 => "float";
        /// v_ptr: an address ferrule never dereferences
        OPAQUE_PTR = 4 => "opaque pointer";
        /// v_dtype
        DTYPE = 5 => "dtype";
        /// v_device
        DEVICE = 6 => "device";
        /// v_bytes[0 .. small_len), UTF-8, small_len <= 8, no NUL
        SMALL_STR = 7 => "str";
        /// v_bytes[0 .. small_len), small_len <= 8
        SMALL_BYTES = 8 => "bytes";
        /// the first type index whose payload is an object pointer
        STATIC_OBJECT_BEGIN = 64 => "";
        /// an object of no more specific type
        OBJECT = 64 => "object";
        /// FerruleObject* of a string (UTF-8)
        STR = 65 => "str";
        /// FerruleObject* of a byte string
        BYTES = 66 => "bytes";
        /// FerruleObject* of an error
        ERROR = 67 => "Error";
        /// FerruleObject* of a packed function
        FUNCTION = 68 => "Function";
        /// FerruleObject* of an immutable array of FerruleAny
        ARRAY = 69 => "Array";
        /// FerruleObject* of an immutable, insertion-ordered map
        MAP = 70 => "Map";
        /// FerruleObject* of a tensor (FerruleTensorObject)
        TENSOR = 71 => "Tensor";
        /// FerruleObject* of a complex number (FerruleComplexObject)
        COMPLEX = 72 => "complex";
    }

    /// One past the last inline type index, and one past the last object type index: the
    /// indices of [`ALL`] are two runs without gaps (checked at compile time).
    const ENDS: (i32, i32) = {
        let (mut inline_end, mut object_end) = (NONE, STATIC_OBJECT_BEGIN);
        let mut i = 0;
        while i < ALL.len() {
            let value = ALL[i].value;
            if value < STATIC_OBJECT_BEGIN {
                assert!(value == inline_end, "inline type indices must run from 0 without gaps");
                inline_end += 1;
            } else if !(value == STATIC_OBJECT_BEGIN && ALL[i].name.is_empty()) {
                assert!(value == object_end, "object type indices must run from STATIC_OBJECT_BEGIN without gaps");
                object_end += 1;
            }
            i += 1;
        }
        (inline_end, object_end)
    };

    /// Whether `tag` is a type index of this ABI version.
    #[inline]
    pub fn is_known(tag: i32) -> bool {
        (NONE..ENDS.0).contains(&tag) || (STATIC_OBJECT_BEGIN..ENDS.1).contains(&tag)
    }

    /// The name messages use for a value of type index `tag` ("object" for any object type
    /// without a more specific name, "unknown" below the object range).
    pub fn name(tag: i32) -> &'static str {
        match ALL.iter().find(|t| t.value == tag && !t.name.is_empty()) {
            Some(t) => t.name,
            None if tag >= STATIC_OBJECT_BEGIN => "object",
            None => "unknown",
        }
    }
}

/// DLPack's type codes (`DLDataTypeCode`), which with a bit width make a dtype.
pub mod dtype_code {
    /// `kDLInt`: signed integer.
    pub const INT: u8 = 0;
    /// `kDLUInt`: unsigned integer.
    pub const UINT: u8 = 1;
    /// `kDLFloat`: IEEE float.
    pub const FLOAT: u8 = 2;
    /// `kDLOpaqueHandle`: an opaque handle (no ferrule dtype).
    pub const OPAQUE_HANDLE: u8 = 3;
    /// `kDLBfloat`: bfloat16.
    pub const BFLOAT: u8 = 4;
    /// `kDLComplex`: complex of two floats.
    pub const COMPLEX: u8 = 5;
    /// `kDLBool`: boolean.
    pub const BOOL: u8 = 6;
}

/// A dtype ferrule supports: its name and DLPack identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DTypeName {
    /// The name users read and write ("float32": numpy's, and "bfloat16" for the one numpy
    /// lacks).
    pub name: &'static str,
    /// The DLPack type code ([`dtype_code`]).
    pub code: u8,
    /// Bits per element.
    pub bits: u8,
}

/// Every dtype ferrule supports, in the order of `ferrule_core::DType`'s variants.
pub const DTYPES: [DTypeName; 15] = {
    use dtype_code::*;
    const fn d(name: &'static str, code: u8, bits: u8) -> DTypeName {
        DTypeName { name, code, bits }
    }
    [
        d("bool", BOOL, 8),
        d("int8", INT, 8),
        d("int16", INT, 16),
        d("int32", INT, 32),
        d("int64", INT, 64),
        d("uint8", UINT, 8),
        d("uint16", UINT, 16),
        d("uint32", UINT, 32),
        d("uint64", UINT, 64),
        d("float16", FLOAT, 16),
        d("bfloat16", BFLOAT, 16),
        d("float32", FLOAT, 32),
        d("float64", FLOAT, 64),
        d("complex64", COMPLEX, 64),
        d("complex128", COMPLEX, 128),
    ]
};

/// The name of the dtype with DLPack type code `code` and `bits` bits per lane, if ferrule has one.
pub const fn dtype_name(code: u8, bits: u8) -> Option<&'static str> {
    let mut i = 0;
    while i < DTYPES.len() {
        if DTYPES[i].code == code && DTYPES[i].bits == bits {
            return Some(DTYPES[i].name);
        }
        i += 1;
    }
    None
}

/// One device type of [`device_type::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceTypeName {
    /// The DLPack `DLDeviceType` value.
    pub value: i32,
    /// The lowercase name devices are written with ("cpu", "cuda:1").
    pub name: &'static str,
}

/// Declares the device-type constants and [`device_type::ALL`] from one line per type.
macro_rules! device_types {
    ($($(#[doc = $doc:literal])+ $ident:ident = $value:literal => $name:literal;)+) => {
        $($(#[doc = $doc])+ pub const $ident: i32 = $value;)+

        /// Every DLPack device type ferrule can name, in DLPack's order.
        pub const ALL: &[super::DeviceTypeName] =
            &[$(super::DeviceTypeName { value: $ident, name: $name }),+];
    };
}

/// DLPack device types (`DLDeviceType`) and their lowercase names.
pub mod device_type {
    device_types! {
        /// The host CPU (`kDLCPU`).
        CPU = 1 => "cpu";
        /// A CUDA GPU (`kDLCUDA`).
        CUDA = 2 => "cuda";
        /// Pinned host memory, allocated by CUDA (`kDLCUDAHost`).
        CUDA_HOST = 3 => "cuda_host";
        /// An OpenCL device (`kDLOpenCL`).
        OPENCL = 4 => "opencl";
        /// A Vulkan device (`kDLVulkan`).
        VULKAN = 7 => "vulkan";
        /// A Metal device (`kDLMetal`).
        METAL = 8 => "metal";
        /// A Verilog simulator buffer (`kDLVPI`).
        VPI = 9 => "vpi";
        /// An AMD GPU (`kDLROCM`).
        ROCM = 10 => "rocm";
        /// Pinned host memory, allocated by ROCm (`kDLROCMHost`).
        ROCM_HOST = 11 => "rocm_host";
        /// A reserved extension device type (`kDLExtDev`).
        EXT_DEV = 12 => "ext_dev";
        /// CUDA managed (unified) memory (`kDLCUDAManaged`).
        CUDA_MANAGED = 13 => "cuda_managed";
        /// A oneAPI device (`kDLOneAPI`).
        ONEAPI = 14 => "oneapi";
        /// A WebGPU device (`kDLWebGPU`).
        WEBGPU = 15 => "webgpu";
        /// A Qualcomm Hexagon DSP (`kDLHexagon`).
        HEXAGON = 16 => "hexagon";
        /// A Microsoft MAIA device (`kDLMAIA`).
        MAIA = 17 => "maia";
    }

    /// The name of device type `value` ("cpu", "cuda", ...), if it has one.
    pub fn name(value: i32) -> Option<&'static str> {
        ALL.iter().find(|t| t.value == value).map(|t| t.name)
    }

    /// The device type named `name`, if any.
    pub fn from_name(name: &str) -> Option<i32> {
        ALL.iter().find(|t| t.name == name).map(|t| t.value)
    }
}
