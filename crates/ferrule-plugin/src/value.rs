//! `Value`: an owned `FerruleAny` with typed constructors and accessors.

use std::borrow::Cow;
use std::ffi::{c_char, c_void};
use std::fmt;
use std::mem::ManuallyDrop;

use ferrule_sys::{
    type_index, DLDataType, DLDevice, DLTensor, FerruleAny, FerruleAnyPayload, FerruleObject, FerruleTensorObject,
};

use crate::api;
use crate::error::Error;
use crate::function::Function;
use crate::object::Object;

/// An owned ferrule value: a `FerruleAny` whose object reference (if any) this value owns.
/// Dropping releases it; cloning retains.
///
/// `Value` has the layout of `FerruleAny`, so a `&[Value]` can be passed as the argument array
/// of a packed call and a borrowed `&FerruleAny` can be viewed as a `&Value` ([`Value::view`]).
#[repr(transparent)]
pub struct Value(FerruleAny);

// SAFETY: object references are atomic and objects immutable after creation (header contract).
unsafe impl Send for Value {}
// SAFETY: as above.
unsafe impl Sync for Value {}

/// The name of a type index as used in error messages ("int", "str", "Tensor", ...): the names
/// of `ferrule_sys::type_index`, the same in every language.
pub fn type_name(index: i32) -> &'static str {
    type_index::name(index)
}

impl Value {
    #[inline]
    const fn inline(index: i32, payload: FerruleAnyPayload) -> Value {
        Value(FerruleAny { type_index: index, small_len: 0, payload })
    }

    /// None.
    #[inline]
    pub const fn none() -> Value {
        Value(FerruleAny::NONE)
    }

    /// An int.
    #[inline]
    pub const fn int(value: i64) -> Value {
        Value::inline(type_index::INT, FerruleAnyPayload { v_int64: value })
    }

    /// A float.
    #[inline]
    pub const fn float(value: f64) -> Value {
        Value::inline(type_index::FLOAT, FerruleAnyPayload { v_float64: value })
    }

    /// A bool.
    #[inline]
    pub const fn bool(value: bool) -> Value {
        Value::inline(type_index::BOOL, FerruleAnyPayload { v_int64: value as i64 })
    }

    /// A complex number: a new complex object of the host (two doubles do not fit a value's
    /// payload). Errors: a RuntimeError when the host's API table predates complex numbers.
    pub fn complex(re: f64, im: f64) -> Result<Value, Error> {
        let api = api();
        if (api.struct_size as usize) < std::mem::offset_of!(ferrule_sys::FerruleApi, complex_parts) + 8 {
            return Err(Error::runtime_error("the ferrule host is too old for complex numbers (no complex_create)"));
        }
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: valid out-parameters; the table has the entry (checked above).
        let status = unsafe { (api.complex_create)(re, im, &mut out, &mut err) };
        // SAFETY: the call's result contract.
        unsafe { Value::from_status(status, out, err) }
    }

    /// A data type.
    #[inline]
    pub const fn dtype(value: DLDataType) -> Value {
        // Zero the whole payload first so the unused bytes are deterministic.
        let mut payload = FerruleAnyPayload { v_int64: 0 };
        payload.v_dtype = value;
        Value::inline(type_index::DTYPE, payload)
    }

    /// A device.
    #[inline]
    pub const fn device(value: DLDevice) -> Value {
        Value::inline(type_index::DEVICE, FerruleAnyPayload { v_device: value })
    }

    /// An opaque pointer, never dereferenced by ferrule.
    #[inline]
    pub const fn opaque_ptr(value: *mut c_void) -> Value {
        Value::inline(type_index::OPAQUE_PTR, FerruleAnyPayload { v_ptr: value })
    }

    fn small(index: i32, bytes: &[u8]) -> Value {
        let mut inline = [0_u8; 8];
        inline[..bytes.len()].copy_from_slice(bytes);
        Value(FerruleAny {
            type_index: index,
            small_len: bytes.len() as u32,
            payload: FerruleAnyPayload { v_bytes: inline },
        })
    }

    /// A string: stored inline when it has at most 8 bytes and no NUL, else a Str object.
    pub fn str(text: &str) -> Result<Value, Error> {
        if text.len() <= 8 && !text.as_bytes().contains(&0) {
            return Ok(Value::small(type_index::SMALL_STR, text.as_bytes()));
        }
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: valid buffer and out-parameters.
        let status = unsafe { (api().str_create)(text.as_ptr().cast::<c_char>(), text.len(), &mut out, &mut err) };
        // SAFETY: the call's result contract.
        unsafe { Value::from_status(status, out, err) }
    }

    /// A byte string: stored inline when it has at most 8 bytes, else a Bytes object.
    pub fn bytes(data: &[u8]) -> Result<Value, Error> {
        if data.len() <= 8 {
            return Ok(Value::small(type_index::SMALL_BYTES, data));
        }
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: valid buffer and out-parameters.
        let status = unsafe { (api().bytes_create)(data.as_ptr().cast::<c_char>(), data.len(), &mut out, &mut err) };
        // SAFETY: the call's result contract.
        unsafe { Value::from_status(status, out, err) }
    }

    /// An Array holding (new references to) `items`.
    pub fn array(items: impl AsRef<[Value]>) -> Result<Value, Error> {
        let items = items.as_ref();
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: Value is a transparent FerruleAny; array_create copies (retains) the items.
        let status = unsafe {
            (api().array_create)(items.as_ptr().cast::<FerruleAny>(), items.len() as i64, &mut out, &mut err)
        };
        // SAFETY: the call's result contract.
        unsafe { Value::from_status(status, out, err) }
    }

    /// A Map from `(key, value)` pairs in order (keys must be strings or ints; a repeated key
    /// keeps the last value).
    pub fn map(entries: impl AsRef<[(Value, Value)]>) -> Result<Value, Error> {
        let entries = entries.as_ref();
        // Bitwise copies: map_create retains what it keeps; `entries` still owns its references.
        let keys: Vec<FerruleAny> = entries.iter().map(|(key, _)| key.0).collect();
        let values: Vec<FerruleAny> = entries.iter().map(|(_, value)| value.0).collect();
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: two arrays of the same length and valid out-parameters.
        let status =
            unsafe { (api().map_create)(keys.as_ptr(), values.as_ptr(), keys.len() as i64, &mut out, &mut err) };
        // SAFETY: the call's result contract.
        unsafe { Value::from_status(status, out, err) }
    }

    /// Wraps an owned object; the tag is the object's own type index.
    pub fn object(object: Object) -> Value {
        let index = object.type_index();
        Value::inline(index, FerruleAnyPayload { v_obj: object.into_raw() })
    }

    /// Builds the result of a `(status, out, err)` call that creates an object.
    unsafe fn from_status(status: i32, out: *mut FerruleObject, err: *mut FerruleObject) -> Result<Value, Error> {
        if status != 0 {
            // SAFETY: on failure the callee stored a new error we now own.
            return Err(unsafe { Error::from_raw_object(err) });
        }
        // SAFETY: on success `out` is a new reference we now own.
        match unsafe { Object::from_raw(out) } {
            Some(object) => Ok(Value::object(object)),
            None => Err(Error::runtime_error("a ferrule call succeeded without returning an object")),
        }
    }

    /// Takes ownership of a raw value (e.g. the `out` of a call).
    ///
    /// # Safety
    /// If `raw` holds an object, the caller must own that reference and hand it over.
    #[inline]
    pub unsafe fn from_raw(raw: FerruleAny) -> Value {
        Value(raw)
    }

    /// An owned copy of a borrowed raw value (retains its object, if any).
    ///
    /// The borrowed value must be valid (a live object if it holds one) — true of every
    /// `FerruleAny` the host passes to a callback.
    pub fn from_borrowed(raw: &FerruleAny) -> Value {
        Value::view(raw).clone()
    }

    /// Views a borrowed raw value as a `&Value` without retaining.
    #[inline]
    pub fn view(raw: &FerruleAny) -> &Value {
        // SAFETY: Value is repr(transparent) over FerruleAny; a shared reference never drops.
        unsafe { &*(raw as *const FerruleAny).cast::<Value>() }
    }

    /// Views a borrowed slice of raw values as `&[Value]` without retaining.
    #[inline]
    pub fn view_slice(raw: &[FerruleAny]) -> &[Value] {
        // SAFETY: as for `view`, element by element.
        unsafe { std::slice::from_raw_parts(raw.as_ptr().cast::<Value>(), raw.len()) }
    }

    /// Gives up ownership of the raw value (its object reference is not released).
    #[inline]
    pub fn into_raw(self) -> FerruleAny {
        ManuallyDrop::new(self).0
    }

    /// The raw value, still owned by `self`.
    #[inline]
    pub fn as_raw(&self) -> &FerruleAny {
        &self.0
    }

    /// The type index (a `ferrule_sys::type_index` value).
    #[inline]
    pub fn type_index(&self) -> i32 {
        self.0.type_index
    }

    /// The type's name for messages ("int", "str", "Tensor", ...).
    pub fn type_name(&self) -> Cow<'static, str> {
        // A value whose tag and payload disagree (from a C caller: an object tag with a NULL
        // pointer or on an object of another type) is described as such, so that an error never
        // reads "expected Tensor, got Tensor".
        match self.0.check() {
            Ok(()) => Cow::Borrowed(type_name(self.0.type_index)),
            Err(problem) => Cow::Owned(problem.to_string()),
        }
    }

    /// Whether this is None.
    #[inline]
    pub fn is_none(&self) -> bool {
        self.0.type_index == type_index::NONE
    }

    /// The int, if this is an int (bools are not ints here).
    #[inline]
    pub fn as_int(&self) -> Option<i64> {
        // SAFETY: any bit pattern is valid for this field; the tag says it is the meaningful one.
        (self.0.type_index == type_index::INT).then_some(unsafe { self.0.payload.v_int64 })
    }

    /// The number as a float, if this is a float or an int.
    #[inline]
    pub fn as_float(&self) -> Option<f64> {
        match self.0.type_index {
            // SAFETY: the tag says which payload field is set.
            type_index::FLOAT => Some(unsafe { self.0.payload.v_float64 }),
            // SAFETY: the tag says the int field is set.
            type_index::INT => Some(unsafe { self.0.payload.v_int64 } as f64),
            _ => None,
        }
    }

    /// The parts `(re, im)`, if this is a complex number (ints and floats are not, as they are
    /// not bools for [`Value::as_bool`]).
    pub fn as_complex(&self) -> Option<(f64, f64)> {
        if self.0.type_index != type_index::COMPLEX || self.0.check().is_err() {
            return None;
        }
        let object = self.as_object_ptr()?;
        // SAFETY: a live complex object (checked above): the header, then the two parts, which
        // never change.
        let z = unsafe { &*object.cast::<ferrule_sys::FerruleComplexObject>() };
        Some((z.real, z.imag))
    }

    /// The bool, if this is a bool.
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        // SAFETY: any bit pattern is valid for this field; the tag says it is the meaningful one.
        (self.0.type_index == type_index::BOOL).then_some(unsafe { self.0.payload.v_int64 } != 0)
    }

    /// The data type, if this is one.
    pub fn as_dtype(&self) -> Option<DLDataType> {
        // SAFETY: any bit pattern is valid for this field; the tag says it is the meaningful one.
        (self.0.type_index == type_index::DTYPE).then_some(unsafe { self.0.payload.v_dtype })
    }

    /// The device, if this is one.
    pub fn as_device(&self) -> Option<DLDevice> {
        // SAFETY: any bit pattern is valid for this field; the tag says it is the meaningful one.
        (self.0.type_index == type_index::DEVICE).then_some(unsafe { self.0.payload.v_device })
    }

    /// The opaque pointer, if this is one.
    pub fn as_opaque_ptr(&self) -> Option<*mut c_void> {
        // SAFETY: any bit pattern is valid for this field; the tag says it is the meaningful one.
        (self.0.type_index == type_index::OPAQUE_PTR).then_some(unsafe { self.0.payload.v_ptr })
    }

    /// The raw bytes of a small value, or of a Str/Bytes object via `any_view_bytes`.
    #[inline]
    fn view_bytes(&self) -> Option<&[u8]> {
        match self.0.type_index {
            type_index::SMALL_STR | type_index::SMALL_BYTES => {
                let len = (self.0.small_len as usize).min(8);
                // SAFETY: the tag says the inline bytes are set; they live inside `self`.
                Some(unsafe { &self.0.payload.v_bytes[..len] })
            }
            _ => self.view_object_bytes(),
        }
    }

    /// [`Value::view_bytes`] of a Str or Bytes object (out of line: a call into libferrule).
    #[inline(never)]
    fn view_object_bytes(&self) -> Option<&[u8]> {
        match self.0.type_index {
            type_index::STR | type_index::BYTES => {
                let mut data = std::ptr::null();
                let mut len = 0_usize;
                // SAFETY: a live Str/Bytes object; the view lives as long as the object, which
                // `self` keeps alive for the returned borrow.
                let status = unsafe { (api().any_view_bytes)(&self.0, &mut data, &mut len) };
                if status != 0 || (data.is_null() && len != 0) {
                    return None;
                }
                if len == 0 {
                    return Some(&[]);
                }
                // SAFETY: `len` bytes at `data`, valid while the object lives.
                Some(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) })
            }
            _ => None,
        }
    }

    /// The characters, if this is a string (inline or object).
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        if self.0.type_index == type_index::SMALL_STR {
            let len = (self.0.small_len as usize).min(8);
            // SAFETY: the tag says the payload holds inline bytes.
            let word = unsafe { self.0.payload.v_int64 } as u64;
            // the bytes past `len` are zero (the ABI) or ignored: only the first `len` are tested
            let high_bits =
                u64::from_ne_bytes([0x80; 8]) & if len == 8 { u64::MAX } else { !(u64::MAX << (8 * len)) }.to_le();
            if word & high_bits == 0 {
                // SAFETY: the first `len` inline bytes, all ASCII, hence UTF-8.
                return Some(unsafe { std::str::from_utf8_unchecked(&self.0.payload.v_bytes[..len]) });
            }
        }
        self.as_str_checked()
    }

    /// [`Value::as_str`] by way of a UTF-8 check (non-ASCII or a Str object).
    #[inline(never)]
    fn as_str_checked(&self) -> Option<&str> {
        if !matches!(self.0.type_index, type_index::SMALL_STR | type_index::STR) {
            return None;
        }
        std::str::from_utf8(self.view_bytes()?).ok()
    }

    /// The bytes, if this is a byte string (inline or object).
    #[inline]
    pub fn as_bytes(&self) -> Option<&[u8]> {
        if !matches!(self.0.type_index, type_index::SMALL_BYTES | type_index::BYTES) {
            return None;
        }
        self.view_bytes()
    }

    /// The object pointer (borrowed from `self`), if this holds an object.
    #[inline]
    pub fn as_object_ptr(&self) -> Option<*mut FerruleObject> {
        // SAFETY: the tag says the payload is an object pointer.
        self.0.is_object().then_some(unsafe { self.0.payload.v_obj })
    }

    /// A new reference to the object, if this holds one.
    pub fn to_object(&self) -> Option<Object> {
        // SAFETY: a live object kept alive by `self`.
        self.as_object_ptr().and_then(|ptr| unsafe { Object::from_borrowed(ptr) })
    }

    /// A new reference to the function, if this is one.
    pub fn to_function(&self) -> Option<Function> {
        if self.0.type_index != type_index::FUNCTION || self.0.check().is_err() {
            return None;
        }
        self.to_object().map(Function::from_object_unchecked)
    }

    /// The items of an Array, borrowed from `self`.
    pub fn as_array(&self) -> Option<&[Value]> {
        if self.0.type_index != type_index::ARRAY {
            return None;
        }
        let array = self.as_object_ptr()?;
        let api = api();
        // SAFETY: a live Array; its items live as long as it does, which `self` guarantees.
        unsafe {
            let len = (api.array_size)(array);
            let items = (api.array_items)(array);
            if len < 0 || (items.is_null() && len != 0) {
                return None;
            }
            if len == 0 {
                return Some(&[]);
            }
            Some(Value::view_slice(std::slice::from_raw_parts(items, len as usize)))
        }
    }

    /// The keys and values of a Map in insertion order, borrowed from `self`.
    pub fn as_map(&self) -> Option<(&[Value], &[Value])> {
        if self.0.type_index != type_index::MAP {
            return None;
        }
        let map = self.as_object_ptr()?;
        let api = api();
        let mut keys = std::ptr::null();
        let mut values = std::ptr::null();
        // SAFETY: a live Map; its entries live as long as it does, which `self` guarantees.
        unsafe {
            let len = (api.map_size)(map);
            if len < 0 || (api.map_items)(map, &mut keys, &mut values) != 0 {
                return None;
            }
            if len == 0 {
                return Some((&[], &[]));
            }
            if keys.is_null() || values.is_null() {
                return None;
            }
            Some((
                Value::view_slice(std::slice::from_raw_parts(keys, len as usize)),
                Value::view_slice(std::slice::from_raw_parts(values, len as usize)),
            ))
        }
    }

    /// The tensor's DLTensor (metadata and data pointer; read only), borrowed from `self`.
    pub fn as_tensor(&self) -> Option<&DLTensor> {
        // A caller's value may carry the Tensor tag on a NULL pointer or on another object: the
        // check reads the header before the DLTensor behind it is trusted.
        if self.0.type_index != type_index::TENSOR || self.0.check().is_err() {
            return None;
        }
        let object = self.as_object_ptr()?;
        // SAFETY: a live tensor object (checked above) starts with the header, then its DLTensor.
        Some(unsafe { &(*object.cast::<FerruleTensorObject>()).tensor })
    }
}

impl Default for Value {
    fn default() -> Self {
        Value::none()
    }
}

impl Clone for Value {
    #[inline]
    fn clone(&self) -> Self {
        if let Some(object) = self.as_object_ptr() {
            // SAFETY: a live object kept alive by `self`.
            unsafe { (api().object_retain)(object) };
        }
        Value(self.0)
    }
}

impl Drop for Value {
    fn drop(&mut self) {
        // Inline values own nothing, so they never need the host (and work without one).
        if self.0.is_object() {
            // SAFETY: we own the reference.
            unsafe { (api().any_release)(&mut self.0) }
        }
    }
}

impl From<i64> for Value {
    fn from(value: i64) -> Value {
        Value::int(value)
    }
}

impl From<f64> for Value {
    fn from(value: f64) -> Value {
        Value::float(value)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::bool(value)
    }
}

impl From<Object> for Value {
    fn from(object: Object) -> Value {
        Value::object(object)
    }
}

impl From<Function> for Value {
    fn from(function: Function) -> Value {
        Value::object(function.into_object())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Value {
        value.map_or_else(Value::none, Into::into)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.type_index {
            type_index::NONE => f.write_str("None"),
            type_index::INT => write!(f, "{}", self.as_int().unwrap_or_default()),
            type_index::BOOL => f.write_str(if self.as_bool() == Some(true) { "True" } else { "False" }),
            type_index::FLOAT => write!(f, "{:?}", self.as_float().unwrap_or_default()),
            type_index::SMALL_STR => write!(f, "{:?}", self.as_str().unwrap_or("<invalid utf-8>")),
            type_index::SMALL_BYTES => write!(f, "b{:?}", self.as_bytes().unwrap_or_default()),
            type_index::DTYPE => write!(f, "{:?}", self.as_dtype()),
            type_index::DEVICE => write!(f, "{:?}", self.as_device()),
            type_index::COMPLEX if self.as_complex().is_some() => {
                let (re, im) = self.as_complex().unwrap_or_default();
                write!(f, "({re:?}{}{:?}j)", if im.is_sign_negative() { "-" } else { "+" }, im.abs())
            }
            index => write!(f, "<{} {:#x}>", type_name(index), {
                // SAFETY: every payload bit pattern is a valid u64.
                unsafe { self.0.payload.v_int64 as u64 }
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scalars_round_trip() {
        assert_eq!(Value::int(-7).as_int(), Some(-7));
        assert_eq!(Value::int(3).as_float(), Some(3.0));
        assert_eq!(Value::float(2.5).as_float(), Some(2.5));
        assert_eq!(Value::float(2.5).as_int(), None);
        assert_eq!(Value::bool(true).as_bool(), Some(true));
        assert_eq!(Value::bool(true).as_int(), None);
        assert!(Value::none().is_none());
        assert_eq!(Value::from(Some(4_i64)).as_int(), Some(4));
        assert!(Value::from(None::<i64>).is_none());
    }

    #[test]
    fn short_strings_are_inline() {
        let value = Value::str("héllo").unwrap();
        assert_eq!(value.type_index(), type_index::SMALL_STR);
        assert_eq!(value.as_raw().small_len, 6);
        assert_eq!(value.as_str(), Some("héllo"));
        assert_eq!(value.as_bytes(), None);
        assert_eq!(Value::str("").unwrap().as_str(), Some(""));
        assert_eq!(Value::str("12345678").unwrap().type_index(), type_index::SMALL_STR);
    }

    /// Inline strings of every length: ASCII ones take the word test, others the UTF-8 check,
    /// and only the first `small_len` bytes count (whatever the rest of the payload holds).
    #[test]
    fn inline_strings_read_their_length_only() {
        let raw = |bytes: &[u8], len: u32| {
            let mut payload = FerruleAnyPayload { v_bytes: [b'~'; 8] };
            // SAFETY: writing inline bytes of the payload.
            unsafe { payload.v_bytes[..bytes.len()].copy_from_slice(bytes) };
            FerruleAny { type_index: type_index::SMALL_STR, small_len: len, payload }
        };
        let text = "abcdefgh";
        for len in 0..=8 {
            let value = raw(&text.as_bytes()[..len], len as u32);
            assert_eq!(Value::view(&value).as_str(), Some(&text[..len]));
        }
        let accented = "h\u{e9}llo!"; // 7 bytes, one of them past ASCII
        assert_eq!(Value::view(&raw(accented.as_bytes(), 7)).as_str(), Some(accented));
        // a high byte past the length is not looked at; one within it is checked as UTF-8
        let mut value = raw(b"ab", 2);
        // SAFETY: writing an inline byte of the payload.
        unsafe { value.payload.v_bytes[2] = 0xff };
        assert_eq!(Value::view(&value).as_str(), Some("ab"));
        assert_eq!(Value::view(&raw(b"a\xffb", 3)).as_str(), None);
        assert_eq!(Value::view(&raw(b"\xc3", 1)).as_str(), None);
    }

    #[test]
    fn short_bytes_are_inline_even_with_nul() {
        let value = Value::bytes(b"\xff\x00ab").unwrap();
        assert_eq!(value.type_index(), type_index::SMALL_BYTES);
        assert_eq!(value.as_bytes(), Some(&b"\xff\x00ab"[..]));
        assert_eq!(value.as_str(), None);
    }

    #[test]
    fn raw_round_trip_and_views() {
        let raw = Value::int(9).into_raw();
        assert_eq!(raw.type_index, type_index::INT);
        let view = Value::view(&raw);
        assert_eq!(view.as_int(), Some(9));
        let values = [Value::int(1).into_raw(), Value::float(2.0).into_raw()];
        let slice = Value::view_slice(&values);
        assert_eq!(slice.len(), 2);
        assert_eq!(slice[1].as_float(), Some(2.0));
        // SAFETY: an inline value owns nothing.
        assert_eq!(unsafe { Value::from_raw(raw) }.as_int(), Some(9));
    }

    #[test]
    fn type_names() {
        assert_eq!(Value::int(1).type_name(), "int");
        assert_eq!(Value::str("x").unwrap().type_name(), "str");
        assert_eq!(type_name(type_index::STR), "str");
        assert_eq!(type_name(type_index::TENSOR), "Tensor");
        assert_eq!(type_name(1000), "object");
        assert_eq!(type_name(type_index::OPAQUE_PTR), "opaque pointer");
        assert_eq!(type_name(type_index::DEVICE), "device");
        assert_eq!(type_name(-1), "unknown");
    }

    #[test]
    fn debug_formats() {
        assert_eq!(format!("{:?}", Value::int(3)), "3");
        assert_eq!(format!("{:?}", Value::bool(false)), "False");
        assert_eq!(format!("{:?}", Value::str("ab").unwrap()), "\"ab\"");
    }
}
