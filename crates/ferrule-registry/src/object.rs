//! Reference-counted heap objects: the ABI header, owned handles (`ObjRef`) and weak handles.

use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use ferrule_sys::{
    FerruleFrontendRelease, FerruleObject, FERRULE_DELETER_DROP, FERRULE_DELETER_FREE, FERRULE_OBJECT_FRONTEND_OWNED,
};

static LIVE_OBJECTS: AtomicU64 = AtomicU64::new(0);

/// The frontend release hook (a `FerruleFrontendRelease`, stored as an address; 0 when none).
static FRONTEND_RELEASE: AtomicUsize = AtomicUsize::new(0);

/// Installs (or, with `None`, removes) the hook called when an object flagged
/// [`FERRULE_OBJECT_FRONTEND_OWNED`] drops to the one strong reference its frontend object holds.
pub fn set_frontend_release_hook(hook: Option<FerruleFrontendRelease>) {
    FRONTEND_RELEASE.store(hook.map_or(0, |f| f as usize), Ordering::Release);
}

#[inline]
unsafe fn flags<'a>(obj: *const FerruleObject) -> &'a AtomicU32 {
    // SAFETY: as for `strong_count`.
    unsafe { AtomicU32::from_ptr(std::ptr::addr_of!((*obj).flags) as *mut u32) }
}

/// Number of objects created by this library whose strong count has not yet reached zero.
pub fn live_object_count() -> u64 {
    LIVE_OBJECTS.load(Ordering::Relaxed)
}

/// A Rust type that lives in a ferrule heap object under a fixed ABI type index.
pub trait ObjectType: Send + Sync + Sized + 'static {
    /// The `FerruleTypeIndex` of objects holding this type.
    const TYPE_INDEX: i32;
}

/// The memory of one object: the ABI header followed by the value.
#[repr(C)]
pub struct ObjectBox<T> {
    header: FerruleObject,
    value: ManuallyDrop<T>,
}

#[inline]
unsafe fn strong_count<'a>(obj: *const FerruleObject) -> &'a AtomicU32 {
    // SAFETY: the caller guarantees `obj` points at a live header; the field is only accessed atomically.
    unsafe { AtomicU32::from_ptr(std::ptr::addr_of!((*obj).strong) as *mut u32) }
}

#[inline]
unsafe fn weak_count<'a>(obj: *const FerruleObject) -> &'a AtomicU32 {
    // SAFETY: as for `strong_count`.
    unsafe { AtomicU32::from_ptr(std::ptr::addr_of!((*obj).weak) as *mut u32) }
}

/// Adds a strong reference to any object. Null is ignored.
///
/// # Safety
/// `obj` is null or points at a live object.
#[inline]
pub unsafe fn retain(obj: *mut FerruleObject) {
    if !obj.is_null() {
        // SAFETY: caller contract.
        unsafe { strong_count(obj) }.fetch_add(1, Ordering::Relaxed);
    }
}

/// Drops a strong reference to any object, destroying it when it was the last. Null is ignored.
///
/// # Safety
/// `obj` is null or points at a live object on which the caller owns a strong reference.
#[inline]
pub unsafe fn release(obj: *mut FerruleObject) {
    if obj.is_null() {
        return;
    }
    // SAFETY: caller contract.
    let before = unsafe { decrement(obj) };
    // SAFETY: `before` is what this decrement left behind.
    unsafe { after_decrement(obj, before) }
}

/// [`release`]'s first half: drops the strong count by one and returns the count before. When
/// the result is above 2 the release is complete (no deleter, no frontend hook: nothing that
/// can panic); otherwise [`after_decrement`] must follow.
///
/// # Safety
/// `obj` points at a live object on which the caller owns a strong reference (given up here).
#[inline]
pub unsafe fn decrement(obj: *mut FerruleObject) -> u32 {
    // SAFETY: caller contract.
    unsafe { strong_count(obj) }.fetch_sub(1, Ordering::Release)
}

/// [`release`]'s second half, after [`decrement`] returned `before`: hands the object back to
/// its frontend when only the frontend's reference is left, destroys it when none is.
///
/// # Safety
/// `before` is what a [`decrement`] of this live object returned, and this is called once for it.
#[inline]
pub unsafe fn after_decrement(obj: *mut FerruleObject, before: u32) {
    if before != 1 {
        if before == 2 {
            // SAFETY: we held a reference until just now and the frontend object holds one.
            unsafe { frontend_last_reference(obj) };
        }
        return;
    }
    fence(Ordering::Acquire);
    // SAFETY: we held the last strong reference, so we run the deleter exactly once.
    unsafe { destroy(obj) }
}

/// The one remaining strong reference may be the frontend object's: hand the object back to
/// the frontend so it can let go (breaking the tensor <-> frontend-object cycle). The whole
/// preservation protocol: docs/pyobject-preservation.md.
#[inline]
unsafe fn frontend_last_reference(obj: *mut FerruleObject) {
    // SAFETY: the caller's object is alive (its frontend object still holds a reference).
    if unsafe { flags(obj) }.load(Ordering::Acquire) & FERRULE_OBJECT_FRONTEND_OWNED == 0 {
        return;
    }
    let hook = FRONTEND_RELEASE.load(Ordering::Acquire);
    if hook != 0 {
        // SAFETY: stored from a `FerruleFrontendRelease` by `set_frontend_release_hook`.
        let hook: FerruleFrontendRelease = unsafe { std::mem::transmute::<usize, FerruleFrontendRelease>(hook) };
        // SAFETY: the hook's contract (ferrule.h): it re-checks the count under its own lock.
        unsafe { hook(obj) };
    }
}

#[cold]
unsafe fn destroy(obj: *mut FerruleObject) {
    // SAFETY: `obj` is live until FREE; its deleter was set at creation.
    unsafe {
        let Some(deleter) = (*obj).deleter else { return };
        // Weak handles are created from strong ones, so none can appear now: if the implicit weak
        // reference is the only one left, drop and free in one call.
        if weak_count(obj).load(Ordering::Acquire) == 1 {
            deleter(obj, FERRULE_DELETER_DROP | FERRULE_DELETER_FREE);
        } else {
            deleter(obj, FERRULE_DELETER_DROP);
            release_weak(obj);
        }
    }
}

unsafe fn release_weak(obj: *mut FerruleObject) {
    // SAFETY: caller owns one weak reference.
    unsafe {
        if weak_count(obj).fetch_sub(1, Ordering::Release) == 1 {
            fence(Ordering::Acquire);
            if let Some(deleter) = (*obj).deleter {
                deleter(obj, FERRULE_DELETER_FREE);
            }
        }
    }
}

/// Current strong count of any object (0 for null).
///
/// # Safety
/// `obj` is null or points at a live object.
pub unsafe fn use_count(obj: *const FerruleObject) -> u32 {
    if obj.is_null() {
        0
    } else {
        // SAFETY: caller contract.
        unsafe { strong_count(obj) }.load(Ordering::Relaxed)
    }
}

unsafe extern "C" fn delete_box<T: ObjectType>(obj: *mut FerruleObject, flags: i32) {
    let boxed = obj.cast::<ObjectBox<T>>();
    if flags & FERRULE_DELETER_DROP != 0 {
        // A panicking Drop must not unwind through this extern "C" frame.
        let dropped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: the strong count reached zero: nobody else can reach the value.
            unsafe { ManuallyDrop::drop(&mut (*boxed).value) }
        }));
        if dropped.is_err() {
            eprintln!("ferrule: a destructor panicked; the panic was contained");
        }
        LIVE_OBJECTS.fetch_sub(1, Ordering::Relaxed);
    }
    if flags & FERRULE_DELETER_FREE != 0 {
        // SAFETY: allocated by `ObjRef::new` as a Box; the value was dropped above (ManuallyDrop).
        drop(unsafe { Box::from_raw(boxed) });
    }
}

/// An owned strong reference to an object holding a `T`.
pub struct ObjRef<T: ObjectType> {
    ptr: NonNull<ObjectBox<T>>,
    _marker: PhantomData<T>,
}

// SAFETY: the counts are atomic and `T: Send + Sync`.
unsafe impl<T: ObjectType> Send for ObjRef<T> {}
// SAFETY: as above.
unsafe impl<T: ObjectType> Sync for ObjRef<T> {}

impl<T: ObjectType> ObjRef<T> {
    /// Moves `value` into a new object with one strong reference.
    pub fn new(value: T) -> Self {
        let boxed = Box::new(ObjectBox {
            header: FerruleObject {
                strong: 1,
                weak: 1,
                type_index: T::TYPE_INDEX,
                flags: 0,
                deleter: Some(delete_box::<T>),
            },
            value: ManuallyDrop::new(value),
        });
        LIVE_OBJECTS.fetch_add(1, Ordering::Relaxed);
        Self { ptr: NonNull::from(Box::leak(boxed)), _marker: PhantomData }
    }

    /// The object's header pointer (borrowed).
    #[inline]
    pub fn as_raw(&self) -> *mut FerruleObject {
        self.ptr.as_ptr().cast()
    }

    /// Gives up ownership, returning the header pointer with its strong reference.
    #[inline]
    pub fn into_raw(self) -> *mut FerruleObject {
        ManuallyDrop::new(self).as_raw()
    }

    /// Checks that `obj` holds a `T` and borrows the value.
    ///
    /// # Safety
    /// `obj` is null or points at a live object that outlives `'a`.
    #[inline]
    pub unsafe fn downcast<'a>(obj: *const FerruleObject) -> Option<&'a T> {
        // SAFETY: caller contract; the type index identifies the layout.
        unsafe {
            if obj.is_null() || (*obj).type_index != T::TYPE_INDEX {
                return None;
            }
            Some(&(*obj.cast::<ObjectBox<T>>()).value)
        }
    }

    /// Takes over one strong reference to `obj`, which must hold a `T`.
    ///
    /// # Safety
    /// `obj` points at a live object of type `T` and the caller owns a strong reference.
    #[inline]
    pub unsafe fn from_raw(obj: *mut FerruleObject) -> Self {
        // SAFETY: `obj` points at a live object (the caller's contract), whose header is readable.
        debug_assert_eq!(unsafe { (*obj).type_index }, T::TYPE_INDEX);
        // SAFETY: caller contract.
        Self { ptr: unsafe { NonNull::new_unchecked(obj.cast()) }, _marker: PhantomData }
    }

    /// A new strong reference to `obj` if it holds a `T`.
    ///
    /// # Safety
    /// `obj` is null or points at a live object.
    #[inline]
    pub unsafe fn from_borrowed(obj: *mut FerruleObject) -> Option<Self> {
        // SAFETY: caller contract.
        unsafe {
            Self::downcast(obj)?;
            retain(obj);
            Some(Self::from_raw(obj))
        }
    }

    /// Current strong count.
    pub fn use_count(&self) -> u32 {
        // SAFETY: we hold a reference.
        unsafe { use_count(self.as_raw()) }
    }

    /// Whether two handles point at the same object.
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        a.ptr == b.ptr
    }

    /// A weak handle to the same object.
    pub fn downgrade(&self) -> WeakRef<T> {
        // SAFETY: we hold a strong reference, so the object is live.
        unsafe { weak_count(self.as_raw()) }.fetch_add(1, Ordering::Relaxed);
        WeakRef { ptr: self.ptr, _marker: PhantomData }
    }

    /// Mutable access to the value while this is the only reference (used during construction).
    pub fn get_mut(&mut self) -> Option<&mut T> {
        if self.use_count() == 1 {
            // SAFETY: unique strong reference; no weak handle can upgrade while we hold it.
            Some(unsafe { &mut (*self.ptr.as_ptr()).value })
        } else {
            None
        }
    }
}

impl<T: ObjectType> std::ops::Deref for ObjRef<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: we hold a strong reference.
        unsafe { &(*self.ptr.as_ptr()).value }
    }
}

impl<T: ObjectType> Clone for ObjRef<T> {
    #[inline]
    fn clone(&self) -> Self {
        // SAFETY: live object.
        unsafe { retain(self.as_raw()) };
        Self { ptr: self.ptr, _marker: PhantomData }
    }
}

impl<T: ObjectType> Drop for ObjRef<T> {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: we own one strong reference.
        unsafe { release(self.as_raw()) }
    }
}

impl<T: ObjectType + std::fmt::Debug> std::fmt::Debug for ObjRef<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// A weak reference: keeps the memory, not the value; `upgrade` succeeds while the value lives.
pub struct WeakRef<T: ObjectType> {
    ptr: NonNull<ObjectBox<T>>,
    _marker: PhantomData<T>,
}

// SAFETY: as for ObjRef.
unsafe impl<T: ObjectType> Send for WeakRef<T> {}
// SAFETY: as for ObjRef.
unsafe impl<T: ObjectType> Sync for WeakRef<T> {}

impl<T: ObjectType> WeakRef<T> {
    /// A strong handle if the object is still alive.
    pub fn upgrade(&self) -> Option<ObjRef<T>> {
        let header = self.ptr.as_ptr().cast::<FerruleObject>();
        // SAFETY: the weak reference keeps the header's memory.
        let strong = unsafe { strong_count(header) };
        let mut n = strong.load(Ordering::Relaxed);
        loop {
            if n == 0 {
                return None;
            }
            match strong.compare_exchange_weak(n, n + 1, Ordering::Acquire, Ordering::Relaxed) {
                Ok(_) => return Some(ObjRef { ptr: self.ptr, _marker: PhantomData }),
                Err(seen) => n = seen,
            }
        }
    }
}

impl<T: ObjectType> Drop for WeakRef<T> {
    fn drop(&mut self) {
        // SAFETY: we own one weak reference.
        unsafe { release_weak(self.ptr.as_ptr().cast()) }
    }
}
