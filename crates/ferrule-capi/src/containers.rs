//! Exports for arrays and maps.

use ferrule_registry::{Any, AnyView, Array, Error, Map, ObjRef};
use ferrule_sys::{FerruleAny, FerruleObject};

use crate::boundary::ffi_boundary;
use crate::values::out_arg;

/// Views `n` values a caller passes to be stored in a container; a count no array can have is a
/// MemoryError. The containers' constructors allocate before reading any value and check each
/// one as far as it can be (`check_raw`): a malformed one is a TypeError naming its position.
unsafe fn values_arg<'a>(items: *const FerruleAny, n: i64, func: &str, arg: &str) -> Result<&'a [Any], Error> {
    let n = usize::try_from(n).map_err(|_| Error::value_error(format!("{func}: negative count {n}")))?;
    if n > 0 && items.is_null() {
        return Err(Error::value_error(format!("{func}: '{arg}' is NULL but the count is {n}")));
    }
    if n > isize::MAX as usize / std::mem::size_of::<Any>() {
        return Err(Error::out_of_memory(func, n.saturating_mul(std::mem::size_of::<Any>())));
    }
    // SAFETY: caller passes `n` valid values, borrowed for the call.
    Ok(AnyView::as_anys(unsafe { AnyView::slice_from_raw(items, n) }))
}

/// See `ferrule_array_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_array_create(
    items: *const FerruleAny,
    n: i64,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_array_create", err, || {
        let out = out_arg(out, "ferrule_array_create", "out")?;
        // SAFETY: caller contract.
        let items = unsafe { values_arg(items, n, "ferrule_array_create", "items") }?;
        let array = Array::try_from_slice(items, "ferrule_array_create: 'items'")?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(array).into_raw() };
        Ok(())
    })
}

fn array_ref<'a>(array: *const FerruleObject) -> Option<&'a Array> {
    // SAFETY: callers pass a live object or NULL; the type index is checked.
    unsafe { ObjRef::<Array>::downcast(array) }
}

fn map_ref<'a>(map: *const FerruleObject) -> Option<&'a Map> {
    // SAFETY: as for `array_ref`.
    unsafe { ObjRef::<Map>::downcast(map) }
}

/// See `ferrule_array_size` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_array_size(array: *const FerruleObject) -> i64 {
    array_ref(array).map_or(-1, |a| a.len() as i64)
}

/// See `ferrule_array_items` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_array_items(array: *const FerruleObject) -> *const FerruleAny {
    array_ref(array).map_or(std::ptr::null(), |a| a.items().as_ptr().cast())
}

/// See `ferrule_map_create` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_map_create(
    keys: *const FerruleAny,
    values: *const FerruleAny,
    n: i64,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_map_create", err, || {
        let out = out_arg(out, "ferrule_map_create", "out")?;
        // SAFETY: caller contract.
        let keys = unsafe { values_arg(keys, n, "ferrule_map_create", "keys") }?;
        // SAFETY: caller contract.
        let values = unsafe { values_arg(values, n, "ferrule_map_create", "values") }?;
        let map = Map::try_from_slices(keys, values, "ferrule_map_create")
            .map_err(|e| e.with_context("in ferrule_map_create"))?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(map).into_raw() };
        Ok(())
    })
}

/// See `ferrule_map_size` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_map_size(map: *const FerruleObject) -> i64 {
    map_ref(map).map_or(-1, |m| m.len() as i64)
}

/// See `ferrule_map_items` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_map_items(
    map: *const FerruleObject,
    keys: *mut *const FerruleAny,
    values: *mut *const FerruleAny,
) -> i32 {
    match (map_ref(map), keys.is_null() || values.is_null()) {
        (Some(m), false) => {
            // SAFETY: checked non-null.
            unsafe {
                *keys = m.keys().as_ptr().cast();
                *values = m.values().as_ptr().cast();
            }
            0
        }
        _ => -1,
    }
}

/// See `ferrule_map_get` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_map_get(
    map: *const FerruleObject,
    key: *const FerruleAny,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_map_get", err, || {
        let m = map_ref(map).ok_or_else(|| Error::type_error("ferrule_map_get: 'map' is not a Map"))?;
        let out = out_arg(out, "ferrule_map_get", "out")?;
        if key.is_null() {
            return Err(Error::value_error("ferrule_map_get: 'key' is NULL"));
        }
        // SAFETY: borrowed key.
        let key = unsafe { &*key.cast::<Any>() };
        let value = m.get(key).ok_or_else(|| Error::key_error(format!("{key:?}")))?;
        // SAFETY: checked writable.
        unsafe { *out = value.clone().into_raw() };
        Ok(())
    })
}
