//! The plugin-side Rust API of ferrule: write functions in Rust and register them in the host's
//! registry through the C ABI alone.
//!
//! A plugin never links libferrule. The host (a C program, the Python extension, a Go binary with
//! libferrule linked statically) hands the plugin its [`FerruleApi`] table when it calls the
//! plugin's `ferrule_plugin_init`; every call in this crate goes through that table, so the plugin
//! always reaches the one registry of the process.
//!
//! ```no_run
//! use ferrule_plugin::{register, Args, Error, Value};
//!
//! fn init() -> Result<(), Error> {
//!     register("mylib.add", "Adds two ints.", "(a: int, b: int) -> int", 0, |args: Args<'_>| {
//!         args.expect_count(2, 2)?;
//!         Ok(Value::int(args.int(0, "a")? + args.int(1, "b")?))
//!     })
//! }
//! ferrule_plugin::export_plugin!(init);
//! ```

mod args;
mod error;
mod function;
mod object;
mod value;

pub use args::Args;
pub use error::Error;
pub use ferrule_sys as sys;
pub use ferrule_sys::ErrorKind;
pub use function::{register, Function};
pub use object::Object;
pub use value::{type_name, Value};

use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use ferrule_sys::{FerruleApi, FerruleObject, FERRULE_ABI_VERSION};

/// The host's table; null until [`set_api`] succeeds. The table has static storage in the host.
static API: AtomicPtr<FerruleApi> = AtomicPtr::new(ptr::null_mut());

/// Installs the host's API table; every other function of this crate calls through it.
///
/// Checks that the table speaks this crate's ABI version and is at least as large as the
/// [`FerruleApi`] this crate was compiled against. Installing the same table again is a no-op;
/// installing a different one is an error (a process has one registry).
///
/// # Safety
/// `api` must be null or point to a `FerruleApi` that stays valid for the rest of the process
/// (the host's `ferrule_api()` table is static).
pub unsafe fn set_api(api: *const FerruleApi) -> Result<(), Error> {
    if api.is_null() {
        return Err(Error::runtime_error("ferrule plugin: the host passed a null API table"));
    }
    // SAFETY: non-null and valid per the contract; only the two leading fields are read before
    // the version is known, and those never move.
    let (version, size) = unsafe { ((*api).abi_version, (*api).struct_size) };
    if version != FERRULE_ABI_VERSION {
        return Err(Error::runtime_error(format!(
            "ferrule plugin: host ABI version {version}, plugin built for {FERRULE_ABI_VERSION}"
        )));
    }
    let needed = std::mem::size_of::<FerruleApi>();
    if (size as usize) < needed {
        return Err(Error::runtime_error(format!(
            "ferrule plugin: host API table has {size} bytes, plugin needs {needed}"
        )));
    }
    match API.compare_exchange(ptr::null_mut(), api.cast_mut(), Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => Ok(()),
        Err(current) if current == api.cast_mut() => Ok(()),
        Err(_) => Err(Error::runtime_error("ferrule plugin: already initialised with a different host API table")),
    }
}

/// Whether [`set_api`] has installed a table.
pub fn has_api() -> bool {
    !API.load(Ordering::Acquire).is_null()
}

/// The host's API table.
///
/// # Panics
/// If no table was installed: the plugin was not initialised through `ferrule_plugin_init`
/// (see [`export_plugin!`]) or [`set_api`].
#[inline]
pub fn api() -> &'static FerruleApi {
    let table = API.load(Ordering::Acquire);
    assert!(
        !table.is_null(),
        "ferrule plugin: the API table is not set; load the plugin through ferrule_library_load \
         (its ferrule_plugin_init installs it) or call ferrule_plugin::set_api first"
    );
    // SAFETY: set_api only stores tables that the host guarantees live for the whole process.
    unsafe { &*table }
}

/// Runs `work` inside a blocking region: the frontend's interpreter lock (Python's GIL) is
/// released for the duration, so other threads of the frontend run meanwhile. `work` must not
/// touch frontend objects directly; calling ferrule functions (which take the lock themselves
/// when they need it) is fine. The lock is re-acquired even if `work` panics.
pub fn blocking<R>(work: impl FnOnce() -> R) -> R {
    struct Leave(*mut c_void);
    impl Drop for Leave {
        fn drop(&mut self) {
            // A null token means enter did nothing, so there is nothing to re-acquire.
            if !self.0.is_null() {
                // SAFETY: the token came from blocking_enter on this thread.
                unsafe { (api().blocking_leave)(self.0) }
            }
        }
    }
    // SAFETY: plain call into the host.
    let _leave = Leave(unsafe { (api().blocking_enter)() });
    work()
}

/// Asks the frontend whether the user interrupted (Ctrl-C): `Err` with the interrupt (kind
/// `KeyboardInterrupt` from Python) when so, which a long-running function should return.
/// Taking the answer may lock the frontend's interpreter, so call it every few milliseconds of
/// work, not every iteration. Always `Ok` on a host whose API table predates the hook.
pub fn check_signals() -> Result<(), Error> {
    let api = api();
    let needed = std::mem::offset_of!(FerruleApi, check_signals) + std::mem::size_of::<usize>();
    if (api.struct_size as usize) < needed {
        return Ok(());
    }
    let mut err = std::ptr::null_mut();
    // SAFETY: the table has the field (checked above); `err` is a writable slot.
    if unsafe { (api.check_signals)(&mut err) } == 0 {
        return Ok(());
    }
    // SAFETY: on a non-zero return the host handed us a new error object.
    Err(unsafe { Error::from_raw_object(err) })
}

/// Defines the `ferrule_plugin_init` symbol that `ferrule_library_load` looks for.
///
/// `$init` is a `fn() -> Result<(), ferrule_plugin::Error>` that registers the plugin's
/// functions. The generated entry point installs the host's API table, runs `$init` with panics
/// caught, and reports any failure through the `err` out-parameter as the header requires.
#[macro_export]
macro_rules! export_plugin {
    ($init:path) => {
        /// Entry point called by `ferrule_library_load` (see `FerrulePluginInit` in ferrule.h).
        ///
        /// # Safety
        /// Called by the host with its API table and a valid error out-parameter.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn ferrule_plugin_init(
            api: *const $crate::sys::FerruleApi,
            err: *mut *mut $crate::sys::FerruleObject,
        ) -> i32 {
            // SAFETY: forwarded from the host under the same contract.
            unsafe { $crate::plugin_init(api, err, $init) }
        }
    };
}

/// The body of the entry point [`export_plugin!`] defines; public only for the macro.
///
/// # Safety
/// `api` and `err` as passed by the host to `ferrule_plugin_init`.
#[doc(hidden)]
pub unsafe fn plugin_init(
    api: *const FerruleApi,
    err: *mut *mut FerruleObject,
    init: fn() -> Result<(), Error>,
) -> i32 {
    // SAFETY: the caller's contract.
    let outcome = ferrule_sys::panics::catch(|| unsafe { set_api(api) }.and_then(|()| init()));
    let error = match outcome {
        Ok(Ok(())) => return 0,
        Ok(Err(error)) => error,
        Err(panic) => Error::runtime_error(format!("ferrule plugin: initialisation panicked: {panic}")),
    };
    if err.is_null() {
        return -1;
    }
    if has_api() {
        // SAFETY: err is a valid out-parameter per the contract.
        unsafe { *err = error.into_raw_object() };
    } else {
        // The table was refused (null, wrong version or too small). Its leading fields up to
        // `error_create` have kept their places since version 1, so report through it when the
        // host table is at least that long; otherwise the host gets -1 with no error object.
        // SAFETY: only reads fields the host declares present via struct_size.
        unsafe { report_without_api(api, err, &error) };
    }
    -1
}

/// Creates `error` through a table that [`set_api`] refused, when that is safe.
unsafe fn report_without_api(api: *const FerruleApi, err: *mut *mut FerruleObject, error: &Error) {
    if api.is_null() {
        return;
    }
    let needed = std::mem::offset_of!(FerruleApi, error_create) + std::mem::size_of::<usize>();
    // SAFETY: api is non-null; struct_size tells how much of it exists.
    unsafe {
        if ((*api).struct_size as usize) < needed {
            return;
        }
        let kind = error::c_string(error.kind());
        let message = error::c_string(error.message());
        ((*api).error_create)(kind.as_ptr(), message.as_ptr(), err);
    }
}
