//! String and byte-string objects.

use ferrule_sys::type_index as ti;

use crate::error::{Error, Result};
use crate::object::ObjectType;

/// A copy of `bytes` in memory allocated fallibly: a MemoryError naming `what` (the function
/// and argument) when the allocator refuses, instead of aborting the process.
pub fn try_copy_bytes(bytes: &[u8], what: &str) -> Result<Vec<u8>> {
    let mut copy = Vec::new();
    copy.try_reserve_exact(bytes.len()).map_err(|_| Error::out_of_memory(what, bytes.len()))?;
    copy.extend_from_slice(bytes);
    Ok(copy)
}

/// An immutable UTF-8 string object (`FERRULE_TYPE_STR`).
#[derive(Debug)]
pub struct Str(Box<str>);

impl Str {
    /// Copies `s` into a new string value.
    pub fn new(s: &str) -> Str {
        Str(s.into())
    }

    /// A string from bytes that must be UTF-8, copied into memory allocated fallibly (the size
    /// comes from a caller). Errors: MemoryError naming `what` when the allocation fails;
    /// ValueError naming `what` and the byte offset when the bytes are not UTF-8.
    pub fn try_from_utf8(bytes: &[u8], what: &str) -> Result<Str> {
        let copy = try_copy_bytes(bytes, what)?;
        String::from_utf8(copy).map(|s| Str(s.into_boxed_str())).map_err(|e| {
            Error::value_error(format!("{what}: invalid UTF-8 at byte offset {}", e.utf8_error().valid_up_to()))
        })
    }

    /// The characters.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl ObjectType for Str {
    const TYPE_INDEX: i32 = ti::STR;
}

/// An immutable byte-string object (`FERRULE_TYPE_BYTES`).
#[derive(Debug)]
pub struct Bytes(Box<[u8]>);

impl Bytes {
    /// Copies `b` into a new byte-string value.
    pub fn new(b: &[u8]) -> Bytes {
        Bytes(b.into())
    }

    /// Copies `b` into memory allocated fallibly (the size comes from a caller). Errors:
    /// MemoryError naming `what` when the allocation fails.
    pub fn try_new(b: &[u8], what: &str) -> Result<Bytes> {
        Ok(Bytes(try_copy_bytes(b, what)?.into_boxed_slice()))
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl ObjectType for Bytes {
    const TYPE_INDEX: i32 = ti::BYTES;
}
