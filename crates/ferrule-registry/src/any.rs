//! `Any`: the owned Rust view of the 16-byte `FerruleAny`, with conversions to and from Rust values.

use std::borrow::Cow;
use std::ffi::c_void;
use std::marker::PhantomData;

use ferrule_core::{DType, Device};
use ferrule_sys::{type_index as ti, DLDataType, DLDevice, FerruleAny, FerruleAnyPayload, FerruleObject};

use crate::complex::Complex;
use crate::object::{release, retain, ObjRef, ObjectType};
use crate::string::{Bytes, Str};

/// An owned `FerruleAny`: dropping it releases the object it holds, if any.
///
/// `#[repr(transparent)]`, like [`AnyView`], its borrowed counterpart: the borrowed arguments of
/// a packed call are viewed as `&[AnyView]` ([`AnyView::slice_from_raw`]) and, where an API takes
/// `&[Any]`, as that ([`AnyView::as_anys`]), without copying or counting anything.
#[repr(transparent)]
pub struct Any(FerruleAny);

// SAFETY: objects are immutable or internally synchronised and refcounts are atomic.
unsafe impl Send for Any {}
// SAFETY: as above.
unsafe impl Sync for Any {}

/// The longest string or byte string stored inline in an `Any`.
pub const SMALL_LEN: usize = 8;

/// A borrowed `FerruleAny`: a value someone else owns (a packed call's argument, an `Any`),
/// valid for `'a`. `Copy`, and dropping it releases nothing, so arrays of views (a call's
/// arguments completed by defaults) are plain arrays. It reads like an [`Any`] (it dereferences to
/// one); [`AnyView::to_any`] takes a reference of its own.
#[repr(transparent)]
#[derive(Clone, Copy)]
pub struct AnyView<'a> {
    raw: FerruleAny,
    borrow: PhantomData<&'a Any>,
}

// SAFETY: as for `Any`: objects are immutable or internally synchronised, refcounts atomic.
unsafe impl Send for AnyView<'_> {}
// SAFETY: as above.
unsafe impl Sync for AnyView<'_> {}

impl<'a> AnyView<'a> {
    /// None.
    pub const NONE: AnyView<'static> = AnyView { raw: FerruleAny::NONE, borrow: PhantomData };

    /// Views a raw value someone else owns.
    ///
    /// # Safety
    /// `raw` holds a plain value or an object that stays alive for `'a`.
    #[inline]
    pub unsafe fn from_raw(raw: FerruleAny) -> AnyView<'a> {
        AnyView { raw, borrow: PhantomData }
    }

    /// Views `n` borrowed raw values (a packed call's arguments) without copying them.
    ///
    /// # Safety
    /// `ptr` points at `n` valid values that outlive `'a` (or `n == 0`).
    #[inline]
    pub unsafe fn slice_from_raw(ptr: *const FerruleAny, n: usize) -> &'a [AnyView<'a>] {
        if n == 0 {
            &[]
        } else {
            // SAFETY: repr(transparent) and caller contract.
            unsafe { std::slice::from_raw_parts(ptr.cast::<AnyView<'a>>(), n) }
        }
    }

    /// The views as `&[Any]`, for APIs written over borrowed `Any`s (a native function's
    /// arguments): nothing is copied, and a borrowed `Any` is never dropped.
    #[inline]
    pub fn as_anys<'b>(views: &'b [AnyView<'a>]) -> &'b [Any] {
        // SAFETY: both types are repr(transparent) over FerruleAny; the `Any`s are only borrowed
        // (for no longer than the views, whose values live for 'a), so none is ever dropped.
        unsafe { std::slice::from_raw_parts(views.as_ptr().cast::<Any>(), views.len()) }
    }

    /// The raw value.
    #[inline]
    pub fn as_raw(&self) -> &FerruleAny {
        &self.raw
    }

    /// An owned copy (retains the object, if any).
    #[inline]
    pub fn to_any(self) -> Any {
        // SAFETY: the view's value is valid for 'a, which includes now.
        unsafe { Any::from_borrowed(&self.raw) }
    }
}

impl std::ops::Deref for AnyView<'_> {
    type Target = Any;

    #[inline]
    fn deref(&self) -> &Any {
        // SAFETY: both types are repr(transparent) over FerruleAny; the `Any` is only borrowed,
        // for no longer than the view, so it is never dropped.
        unsafe { &*(self as *const AnyView<'_>).cast::<Any>() }
    }
}

impl std::fmt::Debug for AnyView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl Any {
    /// None.
    pub const NONE: Any = Any(FerruleAny::NONE);

    #[inline]
    fn pod(type_index: i32, payload: FerruleAnyPayload) -> Any {
        Any(FerruleAny { type_index, small_len: 0, payload })
    }

    /// An int.
    #[inline]
    pub fn int(v: i64) -> Any {
        Self::pod(ti::INT, FerruleAnyPayload { v_int64: v })
    }

    /// A bool.
    #[inline]
    pub fn bool(v: bool) -> Any {
        Self::pod(ti::BOOL, FerruleAnyPayload { v_int64: v as i64 })
    }

    /// A float.
    #[inline]
    pub fn float(v: f64) -> Any {
        Self::pod(ti::FLOAT, FerruleAnyPayload { v_float64: v })
    }

    /// A complex number (a new complex object: two doubles do not fit the payload).
    pub fn complex(re: f64, im: f64) -> Any {
        Any::object(ObjRef::new(Complex { re, im }))
    }

    /// An opaque pointer.
    pub fn opaque_ptr(v: *mut c_void) -> Any {
        Self::pod(ti::OPAQUE_PTR, FerruleAnyPayload { v_ptr: v })
    }

    /// A data type.
    pub fn dtype(v: DType) -> Any {
        let (code, bits, lanes) = v.to_dlpack();
        Self::pod(ti::DTYPE, FerruleAnyPayload { v_dtype: DLDataType { code, bits, lanes } })
    }

    /// A device.
    pub fn device(v: Device) -> Any {
        Self::pod(
            ti::DEVICE,
            FerruleAnyPayload { v_device: DLDevice { device_type: v.device_type, device_id: v.device_id } },
        )
    }

    fn small(type_index: i32, bytes: &[u8]) -> Any {
        let mut buf = [0u8; 8];
        buf[..bytes.len()].copy_from_slice(bytes);
        Any(FerruleAny { type_index, small_len: bytes.len() as u32, payload: FerruleAnyPayload { v_bytes: buf } })
    }

    /// A string, inline when it is at most 8 bytes.
    pub fn str(s: &str) -> Any {
        if s.len() <= SMALL_LEN {
            Self::small(ti::SMALL_STR, s.as_bytes())
        } else {
            Any::object(ObjRef::new(Str::new(s)))
        }
    }

    /// A byte string, inline when it is at most 8 bytes.
    pub fn bytes(b: &[u8]) -> Any {
        if b.len() <= SMALL_LEN {
            Self::small(ti::SMALL_BYTES, b)
        } else {
            Any::object(ObjRef::new(Bytes::new(b)))
        }
    }

    /// Takes over an object handle.
    #[inline]
    pub fn object<T: ObjectType>(obj: ObjRef<T>) -> Any {
        Self::pod(T::TYPE_INDEX, FerruleAnyPayload { v_obj: obj.into_raw() })
    }

    /// Takes over a strong reference to any object (null gives None).
    ///
    /// # Safety
    /// `obj` is null or a live object whose strong reference the caller gives up.
    pub unsafe fn from_raw_object(obj: *mut FerruleObject) -> Any {
        if obj.is_null() {
            return Any::NONE;
        }
        // SAFETY: caller contract.
        let type_index = unsafe { (*obj).type_index };
        Self::pod(type_index, FerruleAnyPayload { v_obj: obj })
    }

    /// Takes ownership of a raw value.
    ///
    /// # Safety
    /// If `raw` holds an object, the caller gives up one strong reference to it.
    #[inline]
    pub unsafe fn from_raw(raw: FerruleAny) -> Any {
        Any(raw)
    }

    /// A new owned copy of a borrowed raw value (retains its object).
    ///
    /// # Safety
    /// `raw` holds a live object or a plain value.
    #[inline]
    pub unsafe fn from_borrowed(raw: &FerruleAny) -> Any {
        if raw.is_object() {
            // SAFETY: caller contract.
            unsafe { retain(raw.payload.v_obj) };
        }
        Any(*raw)
    }

    /// A borrowed view of this value (no reference counted).
    #[inline]
    pub fn view(&self) -> AnyView<'_> {
        AnyView { raw: self.0, borrow: PhantomData }
    }

    /// Borrowed views of these values (no reference counted, nothing copied).
    #[inline]
    pub fn views(values: &[Any]) -> &[AnyView<'_>] {
        // SAFETY: both types are repr(transparent) over FerruleAny, and a view borrows what the
        // `Any` it is read from owns, for as long as the slice is borrowed.
        unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<AnyView<'_>>(), values.len()) }
    }

    /// Gives up ownership, returning the raw value.
    #[inline]
    pub fn into_raw(self) -> FerruleAny {
        std::mem::ManuallyDrop::new(self).0
    }

    /// Borrows the raw value.
    #[inline]
    pub fn as_raw(&self) -> &FerruleAny {
        &self.0
    }

    /// The type index.
    #[inline]
    pub fn type_index(&self) -> i32 {
        self.0.type_index
    }

    /// Whether this is None.
    #[inline]
    pub fn is_none(&self) -> bool {
        self.0.type_index == ti::NONE
    }

    /// The Python-style name of the held type, for error messages. A value whose tag and payload
    /// disagree (from C: an object tag with a NULL pointer, or on an object of another type, or an
    /// unknown tag) is described as such rather than by its tag alone, so that an error never
    /// reads "expected Tensor, got Tensor".
    pub fn type_name(&self) -> Cow<'static, str> {
        match check_raw(&self.0) {
            Ok(()) => Cow::Borrowed(type_name_of(self.0.type_index)),
            Err(problem) => Cow::Owned(problem.to_string()),
        }
    }

    /// The int, also accepting a bool (as Python does).
    #[inline]
    pub fn as_int(&self) -> Option<i64> {
        match self.0.type_index {
            // SAFETY: the tag says the payload is an int.
            ti::INT | ti::BOOL => Some(unsafe { self.0.payload.v_int64 }),
            _ => None,
        }
    }

    /// The float, also accepting an int or a bool.
    #[inline]
    pub fn as_float(&self) -> Option<f64> {
        match self.0.type_index {
            // SAFETY: the tag says the payload is a float.
            ti::FLOAT => Some(unsafe { self.0.payload.v_float64 }),
            // SAFETY: the tag says the payload is an int.
            ti::INT | ti::BOOL => Some(unsafe { self.0.payload.v_int64 } as f64),
            _ => None,
        }
    }

    /// The bool (a bool only; ints are not truth-tested).
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match self.0.type_index {
            // SAFETY: the tag says the payload is an int.
            ti::BOOL => Some(unsafe { self.0.payload.v_int64 } != 0),
            _ => None,
        }
    }

    /// The parts `(re, im)` of a complex value (a complex object only; ints and floats are not
    /// complex numbers here, as they are not bools for [`Any::as_bool`]).
    #[inline]
    pub fn as_complex(&self) -> Option<(f64, f64)> {
        self.downcast::<Complex>().map(|z| (z.re, z.im))
    }

    /// The opaque pointer.
    pub fn as_opaque_ptr(&self) -> Option<*mut c_void> {
        // SAFETY: the tag says the payload is a pointer.
        (self.0.type_index == ti::OPAQUE_PTR).then_some(unsafe { self.0.payload.v_ptr })
    }

    /// The data type.
    pub fn as_dtype(&self) -> Option<DType> {
        if self.0.type_index != ti::DTYPE {
            return None;
        }
        // SAFETY: the tag says the payload is a dtype.
        let d = unsafe { self.0.payload.v_dtype };
        DType::from_dlpack(d.code, d.bits, d.lanes).ok()
    }

    /// The device.
    pub fn as_device(&self) -> Option<Device> {
        // SAFETY: the tag says the payload is a device.
        (self.0.type_index == ti::DEVICE).then(|| unsafe {
            let d = self.0.payload.v_device;
            Device { device_type: d.device_type, device_id: d.device_id }
        })
    }

    /// The characters of a string value.
    pub fn as_str(&self) -> Option<&str> {
        match self.0.type_index {
            // SAFETY: small strings are validated UTF-8 when built by ferrule; frontends must
            // only store UTF-8 under this tag (documented in the header). Re-check cheaply anyway.
            ti::SMALL_STR => std::str::from_utf8(self.small_bytes()).ok(),
            // SAFETY: the tag says the payload is a Str object.
            ti::STR => unsafe { ObjRef::<Str>::downcast(self.0.payload.v_obj) }.map(|s| s.as_str()),
            _ => None,
        }
    }

    /// The bytes of a byte-string value.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self.0.type_index {
            ti::SMALL_BYTES => Some(self.small_bytes()),
            // SAFETY: the tag says the payload is a Bytes object.
            ti::BYTES => unsafe { ObjRef::<Bytes>::downcast(self.0.payload.v_obj) }.map(|b| b.as_bytes()),
            _ => None,
        }
    }

    /// The bytes of a string or byte-string value (the C view `ferrule_any_view_bytes`).
    pub fn view_bytes(&self) -> Option<&[u8]> {
        match self.0.type_index {
            ti::SMALL_STR | ti::SMALL_BYTES => Some(self.small_bytes()),
            // SAFETY: tags say which object type the payload is.
            ti::STR => unsafe { ObjRef::<Str>::downcast(self.0.payload.v_obj) }.map(|s| s.as_str().as_bytes()),
            // SAFETY: as above.
            ti::BYTES => unsafe { ObjRef::<Bytes>::downcast(self.0.payload.v_obj) }.map(|b| b.as_bytes()),
            _ => None,
        }
    }

    fn small_bytes(&self) -> &[u8] {
        let n = (self.0.small_len as usize).min(SMALL_LEN);
        // SAFETY: small values keep their bytes in the payload.
        unsafe { &self.0.payload.v_bytes[..n] }
    }

    /// The object pointer, if this holds an object (borrowed).
    #[inline]
    pub fn as_object_ptr(&self) -> Option<*mut FerruleObject> {
        // SAFETY: the tag says the payload is an object pointer.
        self.0.is_object().then_some(unsafe { self.0.payload.v_obj })
    }

    /// Borrows the held object as a `T`.
    #[inline]
    pub fn downcast<T: ObjectType>(&self) -> Option<&T> {
        if self.0.type_index != T::TYPE_INDEX {
            return None;
        }
        // SAFETY: the tag matches and we keep the object alive for the borrow.
        unsafe { ObjRef::<T>::downcast(self.0.payload.v_obj) }
    }

    /// A new strong handle to the held object as a `T`.
    #[inline]
    pub fn to_object<T: ObjectType>(&self) -> Option<ObjRef<T>> {
        if self.0.type_index != T::TYPE_INDEX {
            return None;
        }
        // SAFETY: the tag matches; the object is live while we are.
        unsafe { ObjRef::<T>::from_borrowed(self.0.payload.v_obj) }
    }
}

pub use ferrule_sys::RawValueProblem;

/// Checks what can be checked of a raw value from a caller (see [`FerruleAny::check`]).
#[inline]
pub fn check_raw(raw: &FerruleAny) -> std::result::Result<(), RawValueProblem> {
    raw.check()
}

/// The Python-style name of a type index, for error messages.
pub fn type_name_of(type_index: i32) -> &'static str {
    ti::name(type_index)
}

impl Drop for Any {
    #[inline]
    fn drop(&mut self) {
        if self.0.is_object() {
            // SAFETY: we own the reference.
            unsafe { release(self.0.payload.v_obj) }
        }
    }
}

impl Clone for Any {
    #[inline]
    fn clone(&self) -> Self {
        // SAFETY: our value is valid.
        unsafe { Any::from_borrowed(&self.0) }
    }
}

impl Default for Any {
    fn default() -> Self {
        Any::NONE
    }
}

impl std::fmt::Debug for Any {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(v) = self.as_bool() {
            return write!(f, "{}", if v { "True" } else { "False" });
        }
        if let (Some(v), ti::INT) = (self.as_int(), self.0.type_index) {
            return write!(f, "{v}");
        }
        if let Some(v) = self.as_float() {
            return write!(f, "{v:?}");
        }
        if let Some((re, im)) = self.as_complex() {
            // like Python: (1.5-2j)
            return write!(f, "({re:?}{}{:?}j)", if im.is_sign_negative() { "-" } else { "+" }, im.abs());
        }
        if let Some(s) = self.as_str() {
            return write!(f, "{s:?}");
        }
        if let Some(b) = self.as_bytes() {
            return write!(f, "b{:?}", String::from_utf8_lossy(b));
        }
        if self.is_none() {
            return write!(f, "None");
        }
        write!(f, "<{}>", self.type_name())
    }
}

impl From<i64> for Any {
    fn from(v: i64) -> Self {
        Any::int(v)
    }
}
impl From<f64> for Any {
    fn from(v: f64) -> Self {
        Any::float(v)
    }
}
impl From<bool> for Any {
    fn from(v: bool) -> Self {
        Any::bool(v)
    }
}
impl From<&str> for Any {
    fn from(v: &str) -> Self {
        Any::str(v)
    }
}
impl From<String> for Any {
    fn from(v: String) -> Self {
        Any::str(&v)
    }
}
impl From<()> for Any {
    fn from(_: ()) -> Self {
        Any::NONE
    }
}
impl<T: ObjectType> From<ObjRef<T>> for Any {
    fn from(v: ObjRef<T>) -> Self {
        Any::object(v)
    }
}
