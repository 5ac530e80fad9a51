//! Element types: `DType`, its numpy / DLPack spellings, and the Rust scalar types behind it.

mod half;

pub use half::{BF16, F16};

use crate::{Error, Result};

/// The element type of a tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum DType {
    /// One byte, 0 or 1.
    Bool,
    /// Signed 8-bit integer.
    Int8,
    /// Signed 16-bit integer.
    Int16,
    /// Signed 32-bit integer.
    Int32,
    /// Signed 64-bit integer.
    Int64,
    /// Unsigned 8-bit integer.
    UInt8,
    /// Unsigned 16-bit integer.
    UInt16,
    /// Unsigned 32-bit integer.
    UInt32,
    /// Unsigned 64-bit integer.
    UInt64,
    /// IEEE 754 binary16.
    Float16,
    /// bfloat16: the top half of an IEEE binary32.
    BFloat16,
    /// IEEE 754 binary32.
    Float32,
    /// IEEE 754 binary64.
    Float64,
    /// Two binary32 values (real, imaginary).
    Complex64,
    /// Two binary64 values (real, imaginary).
    Complex128,
}

/// DLPack `DLDataTypeCode` values used by [`DType::to_dlpack`] and [`DType::from_dlpack`].
pub use ferrule_sys::dtype_code as dlpack_code;

// The names come from `ferrule_sys::DTYPES` (the table every language's copy is generated
// from), row for row in the order of the variants: checked here by each row's DLPack identity.
const _: () = {
    let mut i = 0;
    while i < DType::ALL.len() {
        let (code, bits, _) = DType::ALL[i].to_dlpack();
        let row = ferrule_sys::DTYPES[i];
        assert!(DType::ALL[i] as usize == i && row.code == code && row.bits == bits);
        i += 1;
    }
    assert!(ferrule_sys::DTYPES.len() == DType::ALL.len());
};

impl DType {
    /// Every dtype, in declaration order.
    pub const ALL: [DType; 15] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    /// Size of one element in bytes.
    #[inline]
    pub const fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
        }
    }

    /// The numpy name, e.g. `"float32"` (`"bfloat16"` for the type numpy lacks), from
    /// `ferrule_sys::DTYPES`.
    pub const fn name(self) -> &'static str {
        ferrule_sys::DTYPES[self as usize].name
    }

    /// The dtype whose [`name`](Self::name) is exactly `name`; no aliases are accepted.
    pub fn from_name(name: &str) -> Option<DType> {
        Self::ALL.into_iter().find(|dtype| dtype.name() == name)
    }

    /// True for [`DType::Bool`].
    pub const fn is_bool(self) -> bool {
        matches!(self, DType::Bool)
    }

    /// True for signed and unsigned integers (not bool).
    pub const fn is_integer(self) -> bool {
        self.is_signed_integer() || self.is_unsigned_integer()
    }

    /// True for `Int8` .. `Int64`.
    pub const fn is_signed_integer(self) -> bool {
        matches!(self, DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64)
    }

    /// True for `UInt8` .. `UInt64`.
    pub const fn is_unsigned_integer(self) -> bool {
        matches!(self, DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64)
    }

    /// True for the real floating types, bfloat16 included.
    pub const fn is_floating(self) -> bool {
        matches!(self, DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64)
    }

    /// True for `Complex64` and `Complex128`.
    pub const fn is_complex(self) -> bool {
        matches!(self, DType::Complex64 | DType::Complex128)
    }

    /// The DLPack `(code, bits, lanes)` triple; lanes is always 1.
    pub const fn to_dlpack(self) -> (u8, u8, u16) {
        let code = match self {
            DType::Bool => dlpack_code::BOOL,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => dlpack_code::INT,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => dlpack_code::UINT,
            DType::Float16 | DType::Float32 | DType::Float64 => dlpack_code::FLOAT,
            DType::BFloat16 => dlpack_code::BFLOAT,
            DType::Complex64 | DType::Complex128 => dlpack_code::COMPLEX,
        };
        (code, (self.itemsize() * 8) as u8, 1)
    }

    /// The dtype for a DLPack `(code, bits, lanes)` triple.
    ///
    /// Vector types (lanes != 1) are a `ValueError`; codes or widths ferrule has no dtype for
    /// (float8 variants, 128-bit integers, ...) are a `TypeError`.
    pub fn from_dlpack(code: u8, bits: u8, lanes: u16) -> Result<DType> {
        if lanes != 1 {
            crate::bail!(ValueError, "unsupported DLPack dtype: {lanes} lanes (only 1 is supported)");
        }
        let dtype = match (code, bits) {
            (dlpack_code::BOOL, 8) => DType::Bool,
            (dlpack_code::INT, 8) => DType::Int8,
            (dlpack_code::INT, 16) => DType::Int16,
            (dlpack_code::INT, 32) => DType::Int32,
            (dlpack_code::INT, 64) => DType::Int64,
            (dlpack_code::UINT, 8) => DType::UInt8,
            (dlpack_code::UINT, 16) => DType::UInt16,
            (dlpack_code::UINT, 32) => DType::UInt32,
            (dlpack_code::UINT, 64) => DType::UInt64,
            (dlpack_code::FLOAT, 16) => DType::Float16,
            (dlpack_code::FLOAT, 32) => DType::Float32,
            (dlpack_code::FLOAT, 64) => DType::Float64,
            (dlpack_code::BFLOAT, 16) => DType::BFloat16,
            (dlpack_code::COMPLEX, 64) => DType::Complex64,
            (dlpack_code::COMPLEX, 128) => DType::Complex128,
            _ => {
                return Err(Error::type_error(format!(
                    "unsupported DLPack dtype: {} with {bits} bits",
                    dlpack_code_name(code)
                )))
            }
        };
        Ok(dtype)
    }

    /// The numpy `__array_interface__` typestr (native little-endian byte order), or `None`
    /// for bfloat16, which numpy has no typestr for.
    pub const fn array_interface_typestr(self) -> Option<&'static str> {
        let little = cfg!(target_endian = "little");
        Some(match self {
            DType::Bool => "|b1",
            DType::Int8 => "|i1",
            DType::UInt8 => "|u1",
            DType::BFloat16 => return None,
            _ if !little => return Some(big_endian_typestr(self)),
            DType::Int16 => "<i2",
            DType::Int32 => "<i4",
            DType::Int64 => "<i8",
            DType::UInt16 => "<u2",
            DType::UInt32 => "<u4",
            DType::UInt64 => "<u8",
            DType::Float16 => "<f2",
            DType::Float32 => "<f4",
            DType::Float64 => "<f8",
            DType::Complex64 => "<c8",
            DType::Complex128 => "<c16",
        })
    }

    /// The dtype for a numpy typestr in native byte order (`'='` and `'|'` count as native);
    /// `None` for foreign byte order or kinds ferrule lacks.
    pub fn from_array_interface_typestr(typestr: &str) -> Option<DType> {
        let native = if cfg!(target_endian = "little") { '<' } else { '>' };
        let mut chars = typestr.chars();
        let order = chars.next()?;
        let rest = chars.as_str();
        let dtype = Self::ALL.into_iter().find(|d| d.array_interface_typestr().is_some_and(|t| &t[1..] == rest))?;
        let ok = order == native || order == '=' || order == '|' || dtype.itemsize() == 1;
        ok.then_some(dtype)
    }
}

const fn big_endian_typestr(dtype: DType) -> &'static str {
    match dtype {
        DType::Int16 => ">i2",
        DType::Int32 => ">i4",
        DType::Int64 => ">i8",
        DType::UInt16 => ">u2",
        DType::UInt32 => ">u4",
        DType::UInt64 => ">u8",
        DType::Float16 => ">f2",
        DType::Float32 => ">f4",
        DType::Float64 => ">f8",
        DType::Complex64 => ">c8",
        DType::Complex128 => ">c16",
        _ => "|V0",
    }
}

fn dlpack_code_name(code: u8) -> String {
    match code {
        dlpack_code::INT => "kDLInt".into(),
        dlpack_code::UINT => "kDLUInt".into(),
        dlpack_code::FLOAT => "kDLFloat".into(),
        3 => "kDLOpaqueHandle".into(),
        dlpack_code::BFLOAT => "kDLBfloat".into(),
        dlpack_code::COMPLEX => "kDLComplex".into(),
        dlpack_code::BOOL => "kDLBool".into(),
        7..=13 => format!("float8 type code {code}"),
        _ => format!("type code {code}"),
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A complex number of two `f32`s; the Rust type of [`DType::Complex64`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Complex32 {
    /// Real part.
    pub re: f32,
    /// Imaginary part.
    pub im: f32,
}

/// A complex number of two `f64`s; the Rust type of [`DType::Complex128`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Complex64 {
    /// Real part.
    pub re: f64,
    /// Imaginary part.
    pub im: f64,
}

mod sealed {
    pub trait Sealed {}
}

/// A Rust type that is the in-memory representation of one [`DType`].
///
/// Sealed: tensors reinterpret their bytes as `T`, which is only sound for these plain types
/// whose size equals the dtype's itemsize and that have no padding.
pub trait Element: Copy + Send + Sync + 'static + sealed::Sealed {
    /// The dtype this type represents.
    const DTYPE: DType;
}

macro_rules! impl_element {
    ($($ty:ty => $dtype:ident),* $(,)?) => {
        $(
            impl sealed::Sealed for $ty {}
            impl Element for $ty {
                const DTYPE: DType = DType::$dtype;
            }
            const _: () = assert!(std::mem::size_of::<$ty>() == DType::$dtype.itemsize());
        )*
    };
}

impl_element! {
    bool => Bool,
    i8 => Int8,
    i16 => Int16,
    i32 => Int32,
    i64 => Int64,
    u8 => UInt8,
    u16 => UInt16,
    u32 => UInt32,
    u64 => UInt64,
    F16 => Float16,
    BF16 => BFloat16,
    f32 => Float32,
    f64 => Float64,
    Complex32 => Complex64,
    Complex64 => Complex128,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for dtype in DType::ALL {
            assert_eq!(DType::from_name(dtype.name()), Some(dtype));
        }
        assert_eq!(DType::from_name("float"), None);
        assert_eq!(DType::from_name("bool_"), None);
    }

    #[test]
    fn categories_partition() {
        for dtype in DType::ALL {
            let hits = [dtype.is_bool(), dtype.is_integer(), dtype.is_floating(), dtype.is_complex()];
            assert_eq!(hits.iter().filter(|&&h| h).count(), 1, "{dtype}");
            assert_eq!(dtype.is_integer(), dtype.is_signed_integer() || dtype.is_unsigned_integer());
        }
    }

    #[test]
    fn dlpack_round_trip() {
        for dtype in DType::ALL {
            let (code, bits, lanes) = dtype.to_dlpack();
            assert_eq!(lanes, 1);
            assert_eq!(bits as usize, dtype.itemsize() * 8);
            assert_eq!(DType::from_dlpack(code, bits, lanes).unwrap(), dtype);
        }
        assert_eq!(DType::Bool.to_dlpack(), (6, 8, 1));
        assert_eq!(DType::Complex64.to_dlpack(), (5, 64, 1));
        assert_eq!(DType::BFloat16.to_dlpack(), (4, 16, 1));
        assert_eq!(DType::from_dlpack(1, 8, 1).unwrap(), DType::UInt8);
    }

    #[test]
    fn dlpack_rejects_unsupported() {
        let err = DType::from_dlpack(2, 32, 4).unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::ValueError);
        assert!(err.message.contains("4 lanes"), "{}", err.message);
        let err = DType::from_dlpack(0, 128, 1).unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::TypeError);
        assert!(err.message.contains("kDLInt with 128 bits"), "{}", err.message);
        assert!(DType::from_dlpack(3, 64, 1).is_err());
        assert!(DType::from_dlpack(6, 1, 1).is_err());
    }

    #[test]
    fn typestrs() {
        assert_eq!(DType::Float32.array_interface_typestr(), Some("<f4"));
        assert_eq!(DType::Bool.array_interface_typestr(), Some("|b1"));
        assert_eq!(DType::Int64.array_interface_typestr(), Some("<i8"));
        assert_eq!(DType::UInt8.array_interface_typestr(), Some("|u1"));
        assert_eq!(DType::Complex64.array_interface_typestr(), Some("<c8"));
        assert_eq!(DType::Float16.array_interface_typestr(), Some("<f2"));
        assert_eq!(DType::BFloat16.array_interface_typestr(), None);
        for dtype in DType::ALL {
            if let Some(t) = dtype.array_interface_typestr() {
                assert_eq!(DType::from_array_interface_typestr(t), Some(dtype));
            }
        }
        assert_eq!(DType::from_array_interface_typestr("=f8"), Some(DType::Float64));
        assert_eq!(DType::from_array_interface_typestr(">f8"), None);
        assert_eq!(DType::from_array_interface_typestr("<i1"), Some(DType::Int8));
        assert_eq!(DType::from_array_interface_typestr("<V2"), None);
        assert_eq!(DType::from_array_interface_typestr(""), None);
    }

    #[test]
    fn element_dtypes() {
        fn dtype_of<T: Element>(_: T) -> DType {
            T::DTYPE
        }
        assert_eq!(dtype_of(1.0f32), DType::Float32);
        assert_eq!(dtype_of(true), DType::Bool);
        assert_eq!(dtype_of(Complex32::default()), DType::Complex64);
        assert_eq!(dtype_of(Complex64::default()), DType::Complex128);
        assert_eq!(dtype_of(F16(0)), DType::Float16);
        assert_eq!(dtype_of(BF16(0)), DType::BFloat16);
    }
}
