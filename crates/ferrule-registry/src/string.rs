//! String and byte-string objects.

use ferrule_sys::type_index as ti;

use crate::object::ObjectType;

/// An immutable UTF-8 string object (`FERRULE_TYPE_STR`).
#[derive(Debug)]
pub struct Str(Box<str>);

impl Str {
    /// Copies `s` into a new string value.
    pub fn new(s: &str) -> Str {
        Str(s.into())
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

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl ObjectType for Bytes {
    const TYPE_INDEX: i32 = ti::BYTES;
}
