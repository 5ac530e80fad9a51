//! `Object`: one owned strong reference to a heap object of the host.

use std::fmt;
use std::ptr::NonNull;

use ferrule_sys::FerruleObject;

use crate::api;
use crate::value::type_name;

/// An owned strong reference to a ferrule heap object (any type). Cloning retains, dropping
/// releases.
pub struct Object(NonNull<FerruleObject>);

// SAFETY: reference counts are atomic and objects are immutable after creation (header
// contract), so references may move between and be shared by threads.
unsafe impl Send for Object {}
// SAFETY: as above.
unsafe impl Sync for Object {}

impl Object {
    /// Takes ownership of one strong reference; `None` for null.
    ///
    /// # Safety
    /// `ptr` must be null or a live object whose reference the caller owns and hands over.
    pub unsafe fn from_raw(ptr: *mut FerruleObject) -> Option<Object> {
        NonNull::new(ptr).map(Object)
    }

    /// Adds a strong reference to a borrowed object; `None` for null.
    ///
    /// # Safety
    /// `ptr` must be null or a live object.
    pub unsafe fn from_borrowed(ptr: *mut FerruleObject) -> Option<Object> {
        let ptr = NonNull::new(ptr)?;
        // SAFETY: live per the contract.
        unsafe { (api().object_retain)(ptr.as_ptr()) };
        Some(Object(ptr))
    }

    /// The object pointer, still owned by `self`.
    #[inline]
    pub fn as_ptr(&self) -> *mut FerruleObject {
        self.0.as_ptr()
    }

    /// Gives up ownership: the caller now owns the reference.
    #[inline]
    pub fn into_raw(self) -> *mut FerruleObject {
        let ptr = self.0.as_ptr();
        std::mem::forget(self);
        ptr
    }

    /// The object's type index (a `ferrule_sys::type_index` value >= `STATIC_OBJECT_BEGIN`).
    #[inline]
    pub fn type_index(&self) -> i32 {
        // SAFETY: we hold a reference, so the header is alive; type_index never changes.
        unsafe { (*self.0.as_ptr()).type_index }
    }

    /// The current strong count (a snapshot, for tests and diagnostics).
    pub fn use_count(&self) -> u32 {
        // SAFETY: live object.
        unsafe { (api().object_use_count)(self.0.as_ptr()) }
    }
}

impl Clone for Object {
    fn clone(&self) -> Self {
        // SAFETY: live object.
        unsafe { (api().object_retain)(self.0.as_ptr()) };
        Object(self.0)
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        // SAFETY: we own one reference.
        unsafe { (api().object_release)(self.0.as_ptr()) }
    }
}

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Object({} @ {:p})", type_name(self.type_index()), self.0.as_ptr())
    }
}
