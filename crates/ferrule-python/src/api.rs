//! Finding libferrule at import time and keeping its API table: every native call goes through it.
//!
//! The extension never links libferrule. It locates its own file with `dladdr`, `dlopen`s the
//! `libferrule.so` beside it (or `$FERRULE_LIBRARY`) with `RTLD_GLOBAL`, and keeps the table that
//! `ferrule_api()` returns. That way Python, plugins, Go and ctypes in one process share one
//! registry.

use std::ffi::{c_void, CStr, CString};
use std::path::PathBuf;
use std::sync::atomic::{AtomicPtr, Ordering};

use ferrule_sys::{FerruleApi, FERRULE_ABI_VERSION};

/// The table, set once by [`load`] during module initialisation.
static API: AtomicPtr<FerruleApi> = AtomicPtr::new(std::ptr::null_mut());

/// The path the library was loaded from (for `_ferrule.library_path`).
static LIBRARY_PATH: AtomicPtr<String> = AtomicPtr::new(std::ptr::null_mut());

/// The API table. Only valid after a successful [`load`]; every caller runs after module init.
#[inline(always)]
pub fn api() -> &'static FerruleApi {
    // SAFETY: the pointer is set before the module object exists, so no Python code can reach a
    // caller earlier; the table has static storage in libferrule, which is never unloaded.
    unsafe { &*API.load(Ordering::Relaxed) }
}

/// The file libferrule was loaded from, once loaded.
pub fn library_path() -> Option<&'static str> {
    let p = LIBRARY_PATH.load(Ordering::Acquire);
    // SAFETY: set once from a leaked Box, never freed.
    (!p.is_null()).then(|| unsafe { (*p).as_str() })
}

/// The directory holding this extension module, found from the address of one of its functions.
fn extension_dir() -> Option<PathBuf> {
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    let here = extension_dir as *const c_void;
    // SAFETY: dladdr only reads the address and fills `info`.
    if unsafe { libc::dladdr(here, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is a NUL-terminated path owned by the loader.
    let file = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy().into_owned();
    let path = std::fs::canonicalize(&file).unwrap_or_else(|_| PathBuf::from(file));
    path.parent().map(|p| p.to_path_buf())
}

fn dlerror_text() -> String {
    // SAFETY: dlerror returns a thread-local message or NULL.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        "unknown dlopen error".to_owned()
    } else {
        // SAFETY: non-null NUL-terminated string.
        unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned()
    }
}

/// Loads libferrule and stores its API table. The error text becomes the ImportError message.
pub fn load() -> Result<&'static FerruleApi, String> {
    let path = match std::env::var_os("FERRULE_LIBRARY") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => extension_dir()
            .ok_or_else(|| "ferrule: cannot locate the extension module's own directory (dladdr failed)".to_owned())?
            .join("libferrule.so"),
    };
    let display = path.display().to_string();
    if !path.exists() {
        return Err(format!(
            "ferrule: native library not found at {display}: this ferrule installation is incomplete. Reinstall \
             the package (`pip install --force-reinstall ferrule`, or `pip install .` in a ferrule checkout); in a \
             checkout's development build run `make build`; or set FERRULE_LIBRARY to a libferrule.so"
        ));
    }
    let c_path = CString::new(display.clone()).map_err(|_| format!("ferrule: bad library path {display}"))?;
    // SAFETY: plain dlopen of a path; the handle is kept for the life of the process.
    let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    if handle.is_null() {
        return Err(format!("ferrule: cannot load {display}: {}", dlerror_text()));
    }
    // SAFETY: symbol lookup in a handle we own.
    let sym = unsafe { libc::dlsym(handle, c"ferrule_api".as_ptr()) };
    if sym.is_null() {
        return Err(format!("ferrule: {display} does not export ferrule_api: {}", dlerror_text()));
    }
    // SAFETY: the header declares `const FerruleApi* ferrule_api(void)`.
    let get: unsafe extern "C" fn() -> *const FerruleApi = unsafe { std::mem::transmute(sym) };
    let table = unsafe { get() };
    if table.is_null() {
        return Err(format!("ferrule: ferrule_api() in {display} returned NULL"));
    }
    // SAFETY: non-null pointer to static storage; the first two fields are stable across versions.
    let (abi, size) = unsafe { ((*table).abi_version, (*table).struct_size as usize) };
    if abi != FERRULE_ABI_VERSION {
        return Err(format!(
            "ferrule: {display} has ABI version {abi}, but this extension was built for version {FERRULE_ABI_VERSION}; \
             rebuild them together"
        ));
    }
    if size < std::mem::size_of::<FerruleApi>() {
        return Err(format!(
            "ferrule: {display} has an API table of {size} bytes, older than this extension needs ({}); rebuild them together",
            std::mem::size_of::<FerruleApi>()
        ));
    }
    API.store(table as *mut FerruleApi, Ordering::Release);
    LIBRARY_PATH.store(Box::into_raw(Box::new(display)), Ordering::Release);
    // SAFETY: just checked non-null.
    Ok(unsafe { &*table })
}
