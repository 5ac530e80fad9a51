//! Exports for the library itself: ABI version, live-object count, plugin loading, blocking
//! hooks, and the `FerruleApi` table handed to plugins and run-time frontends.

use std::collections::HashSet;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::Mutex;

use ferrule_registry::{blocking, live_object_count, Error, ErrorObj, ObjRef};
use ferrule_sys::{
    FerruleApi, FerruleBlockingEnter, FerruleBlockingLeave, FerruleObject, FerrulePluginInit, FERRULE_ABI_VERSION,
};

use crate::boundary::ffi_boundary;
use crate::values::c_str_arg;
use crate::*;

/// See `ferrule_abi_version` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_abi_version() -> u32 {
    FERRULE_ABI_VERSION
}

/// See `ferrule_live_object_count` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_live_object_count() -> u64 {
    live_object_count()
}

fn dl_error() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message owned by libc.
    let msg = unsafe { libc::dlerror() };
    if msg.is_null() {
        "unknown error".into()
    } else {
        // SAFETY: as above.
        unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned()
    }
}

/// Handles of plugins already initialised (dlopen returns the same handle for the same file).
fn loaded() -> &'static Mutex<HashSet<usize>> {
    static LOADED: std::sync::OnceLock<Mutex<HashSet<usize>>> = std::sync::OnceLock::new();
    LOADED.get_or_init(Default::default)
}

/// See `ferrule_library_load` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_library_load(path: *const c_char, err: *mut *mut FerruleObject) -> i32 {
    ffi_boundary("ferrule_library_load", err, || {
        crate::builtins::ensure_registered();
        // SAFETY: caller contract.
        let path_str = unsafe { c_str_arg(path, "ferrule_library_load", "path") }?;
        let c_path =
            CString::new(path_str).map_err(|_| Error::value_error("ferrule_library_load: path contains NUL"))?;
        // Holding the lock across dlopen and init makes concurrent loads of one plugin run its init once.
        let mut loaded = loaded().lock().unwrap_or_else(|p| p.into_inner());
        // SAFETY: dlopen with a valid C string; RTLD_LOCAL keeps plugin symbols private.
        let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(Error::runtime_error(format!("load_library: cannot load '{path_str}': {}", dl_error())));
        }
        if loaded.contains(&(handle as usize)) {
            // SAFETY: drop the extra reference dlopen just took.
            unsafe { libc::dlclose(handle) };
            return Ok(());
        }
        // SAFETY: valid handle and symbol name.
        let sym = unsafe { libc::dlsym(handle, c"ferrule_plugin_init".as_ptr()) };
        if sym.is_null() {
            // SAFETY: a handle we opened.
            unsafe { libc::dlclose(handle) };
            return Err(Error::runtime_error(format!(
                "load_library: '{path_str}' is not a ferrule plugin (it exports no ferrule_plugin_init)"
            )));
        }
        // SAFETY: the symbol is declared in ferrule.h with this signature.
        let init: FerrulePluginInit = unsafe { std::mem::transmute::<*mut c_void, FerrulePluginInit>(sym) };
        let mut init_err: *mut FerruleObject = std::ptr::null_mut();
        // SAFETY: the plugin follows the ABI.
        let rc = unsafe { init(ferrule_api(), &mut init_err) };
        if rc == 0 && !init_err.is_null() {
            // An init that succeeded but left an object in *err broke the convention; the object
            // is ours to release, and the plugin is loaded.
            // SAFETY: an object the plugin handed over.
            unsafe { ferrule_registry::object::release(init_err) };
        }
        if rc != 0 {
            // The plugin stays loaded (it may have registered some functions); it is not marked
            // initialised, so a retry runs its init again.
            // SAFETY: the plugin handed us an error object, or broke the contract.
            let error = match unsafe { ObjRef::<ErrorObj>::downcast(init_err) } {
                // SAFETY: type checked; ownership passes to us.
                Some(_) => Error::from_object(unsafe { ObjRef::from_raw(init_err) }),
                None => Error::runtime_error(format!("load_library: the init of '{path_str}' failed without an error")),
            };
            return Err(error.with_context(&format!("while initialising plugin '{path_str}'")));
        }
        loaded.insert(handle as usize);
        Ok(())
    })
}

/// See `ferrule_set_blocking_hooks` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_set_blocking_hooks(enter: Option<FerruleBlockingEnter>, leave: Option<FerruleBlockingLeave>) {
    blocking::set_hooks(enter, leave);
}

/// See `ferrule_blocking_enter` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_blocking_enter() -> *mut c_void {
    blocking::enter()
}

/// See `ferrule_blocking_leave` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_blocking_leave(token: *mut c_void) {
    // SAFETY: caller contract (a token from ferrule_blocking_enter).
    unsafe { blocking::leave(token) }
}

/// See `ferrule_set_signal_hook` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_set_signal_hook(hook: Option<ferrule_sys::FerruleSignalCheck>) {
    ferrule_registry::signals::set_hook(hook);
}

/// See `ferrule_check_signals` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_check_signals(err: *mut *mut FerruleObject) -> i32 {
    match ferrule_registry::signals::check() {
        Ok(()) => 0,
        Err(e) => {
            if !err.is_null() {
                // SAFETY: the caller passes a writable slot (or NULL to discard the error).
                unsafe { *err = e.into_object().into_raw() };
            }
            1
        }
    }
}

/// See `ferrule_set_frontend_release_hook` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_set_frontend_release_hook(hook: Option<ferrule_sys::FerruleFrontendRelease>) {
    ferrule_registry::object::set_frontend_release_hook(hook);
}

// Every entry is the exported function itself (tests/c/abi_layout.c compares the addresses): a
// safe `extern "C" fn` coerces to the table's `unsafe extern "C" fn` field type as it is.
static API: FerruleApi = FerruleApi {
    abi_version: FERRULE_ABI_VERSION,
    struct_size: std::mem::size_of::<FerruleApi>() as u32,
    live_object_count: ferrule_live_object_count,
    library_load: ferrule_library_load,
    object_retain: ferrule_object_retain,
    object_release: ferrule_object_release,
    object_use_count: ferrule_object_use_count,
    any_release: ferrule_any_release,
    any_copy: ferrule_any_copy,
    str_create: ferrule_str_create,
    bytes_create: ferrule_bytes_create,
    any_view_bytes: ferrule_any_view_bytes,
    error_create: ferrule_error_create,
    error_kind: ferrule_error_kind,
    error_message: ferrule_error_message,
    error_context: ferrule_error_context,
    error_add_context: ferrule_error_add_context,
    error_set_payload: ferrule_error_set_payload,
    error_payload: ferrule_error_payload,
    func_create: ferrule_func_create,
    func_call: ferrule_func_call,
    func_get_global: ferrule_func_get_global,
    func_set_global: ferrule_func_set_global,
    func_remove_global: ferrule_func_remove_global,
    func_list_global_names: ferrule_func_list_global_names,
    func_get_info: ferrule_func_get_info,
    array_create: ferrule_array_create,
    array_size: ferrule_array_size,
    array_items: ferrule_array_items,
    map_create: ferrule_map_create,
    map_size: ferrule_map_size,
    map_items: ferrule_map_items,
    map_get: ferrule_map_get,
    tensor_create: ferrule_tensor_create,
    tensor_dltensor: ferrule_tensor_dltensor,
    tensor_from_dlpack: ferrule_tensor_from_dlpack,
    tensor_to_dlpack: ferrule_tensor_to_dlpack,
    set_blocking_hooks: ferrule_set_blocking_hooks,
    blocking_enter: ferrule_blocking_enter,
    blocking_leave: ferrule_blocking_leave,
    set_frontend_release_hook: ferrule_set_frontend_release_hook,
    set_signal_hook: ferrule_set_signal_hook,
    check_signals: ferrule_check_signals,
    error_context_copy: ferrule_error_context_copy,
    complex_create: ferrule_complex_create,
    complex_parts: ferrule_complex_parts,
    tensor_requires_grad: ferrule_tensor_requires_grad,
    tensor_set_requires_grad: ferrule_tensor_set_requires_grad,
    tensor_grad: ferrule_tensor_grad,
    tensor_set_grad: ferrule_tensor_set_grad,
    autograd_backward: ferrule_autograd_backward,
    autograd_grad: ferrule_autograd_grad,
    grad_enabled: crate::autograd::ferrule_grad_enabled,
    set_grad_enabled: crate::autograd::ferrule_set_grad_enabled,
    func_call_from: ferrule_func_call_from,
    profiler_start: ferrule_profiler_start,
    profiler_stop: ferrule_profiler_stop,
    profiler_export_chrome_trace: ferrule_profiler_export_chrome_trace,
    profiler_table: ferrule_profiler_table,
    profiler_range_push: ferrule_profiler_range_push,
    profiler_range_pop: ferrule_profiler_range_pop,
    profiler_enabled: ferrule_profiler_enabled,
};

/// See `ferrule_api` in ferrule.h.
#[no_mangle]
pub extern "C" fn ferrule_api() -> *const FerruleApi {
    &API
}
