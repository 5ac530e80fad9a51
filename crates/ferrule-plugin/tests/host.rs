//! ferrule-plugin against a real host: this test links libferrule (the `ferrule-capi` rlib) and
//! hands its API table to the plugin API, as `ferrule_library_load` does for a loaded plugin.

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use ferrule_plugin::sys::{type_index, FerruleApi, FerruleObject, FERRULE_REGISTER_OVERRIDE};
use ferrule_plugin::{api, blocking, register, set_api, Args, Error, Function, Value};

/// Installs the host table once and serialises the tests: they compare live-object counts and
/// install process-wide blocking hooks.
fn host() -> MutexGuard<'static, ()> {
    static LOCK: OnceLock<Mutex<()>> = OnceLock::new();
    let lock = LOCK.get_or_init(|| {
        // SAFETY: libferrule's table is static.
        unsafe { set_api(ferrule::ferrule_api()) }.expect("the host table is accepted");
        Mutex::new(())
    });
    lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn live() -> u64 {
    // SAFETY: plain call into the host.
    unsafe { (api().live_object_count)() }
}

#[test]
fn the_same_table_installs_again_and_a_foreign_version_is_refused() {
    let _host = host();
    // SAFETY: the static host table.
    assert!(unsafe { set_api(ferrule::ferrule_api()) }.is_ok());
    // SAFETY: a bitwise copy of the static table, leaked so it lives for the process.
    let mut other: &'static mut FerruleApi = Box::leak(Box::new(unsafe { std::ptr::read(ferrule::ferrule_api()) }));
    other.abi_version += 1;
    // SAFETY: a valid (leaked) table.
    let error = unsafe { set_api(other) }.unwrap_err();
    assert_eq!(error.kind(), "RuntimeError");
    assert!(error.message().contains("ABI version"), "{error}");
    other.abi_version -= 1;
    other.struct_size = 16;
    // SAFETY: as above.
    assert!(unsafe { set_api(other) }.unwrap_err().message().contains("bytes"));
    // SAFETY: ferrule_api returns the static table of this process; reading it copies plain data and function
    // pointers.
    other = Box::leak(Box::new(unsafe { std::ptr::read(ferrule::ferrule_api()) }));
    // SAFETY: as above; a second, different host table is refused.
    assert!(unsafe { set_api(other) }.unwrap_err().message().contains("different"));
    // SAFETY: null is rejected, not dereferenced.
    assert!(unsafe { set_api(std::ptr::null()) }.is_err());
}

#[test]
fn values_round_trip_through_host_objects() {
    let _host = host();
    let before = live();
    {
        let long = Value::str("a string longer than eight bytes").unwrap();
        assert_eq!(long.type_index(), type_index::STR);
        assert_eq!(long.as_str(), Some("a string longer than eight bytes"));
        let with_nul = Value::str("a\0b").unwrap();
        assert_eq!(with_nul.type_index(), type_index::STR, "a NUL never goes inline");
        assert_eq!(with_nul.as_str(), Some("a\0b"));
        let bytes = Value::bytes(b"\xff\xfe\x00 binary data").unwrap();
        assert_eq!(bytes.type_index(), type_index::BYTES);
        assert_eq!(bytes.as_bytes(), Some(&b"\xff\xfe\x00 binary data"[..]));
        assert_eq!(bytes.as_str(), None);

        let array = Value::array(vec![Value::int(1), long.clone(), Value::float(2.5)]).unwrap();
        let items = array.as_array().unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!(items[1].as_str(), Some("a string longer than eight bytes"));
        assert_eq!(long.to_object().unwrap().use_count(), 3, "long, its clone inside the array, and to_object");

        let map = Value::map([(Value::str("k").unwrap(), Value::int(7))]).unwrap();
        let (keys, values) = map.as_map().unwrap();
        assert_eq!((keys[0].as_str(), values[0].as_int()), (Some("k"), Some(7)));

        let copy = Value::from_borrowed(long.as_raw());
        assert_eq!(copy.as_object_ptr(), long.as_object_ptr());
        let raw = copy.into_raw();
        // SAFETY: ownership goes back from raw.
        drop(unsafe { Value::from_raw(raw) });
        assert!(Value::array(Vec::new()).unwrap().as_array().unwrap().is_empty());

        let z = Value::complex(0.5, -2.0).unwrap();
        assert_eq!((z.type_index(), z.type_name().as_ref()), (type_index::COMPLEX, "complex"));
        assert_eq!(z.as_complex(), Some((0.5, -2.0)));
        assert_eq!(format!("{z:?}"), "(0.5-2.0j)");
        assert_eq!(Value::float(0.5).as_complex(), None);
        // through the host: ops.full((), z) is a complex128 0-d tensor (a complex value's own dtype)
        let full = Function::get_global("ops.full").unwrap();
        let filled = full.call(&[Value::array(Vec::new()).unwrap(), z.clone()]).unwrap();
        assert_eq!(filled.as_tensor().map(|t| (t.dtype.code, t.dtype.bits)), Some((5, 128)));
    }
    assert_eq!(live(), before, "every value released its object");
}

#[test]
fn registered_closures_check_arguments_and_catch_panics() {
    let _host = host();
    register("plugin_test.add", "Adds.", "(a: int, b: int) -> int", FERRULE_REGISTER_OVERRIDE, |args: Args<'_>| {
        args.expect_count(2, 2)?;
        Ok(Value::int(args.int(0, "a")? + args.int(1, "b")?))
    })
    .unwrap();
    register("plugin_test.panic", "Panics.", "() -> None", FERRULE_REGISTER_OVERRIDE, |_args: Args<'_>| {
        panic!("deliberate {}", 42)
    })
    .unwrap();

    let before = live();
    {
        let add = Function::get_global("plugin_test.add").unwrap();
        assert_eq!(add.call(&[Value::int(2), Value::int(3)]).unwrap().as_int(), Some(5));

        let error = add.call(&[Value::int(2), Value::str("x").unwrap()]).unwrap_err();
        assert!(error.is_native());
        assert_eq!(error.to_string(), "TypeError: plugin_test.add() argument 2 'b': expected int, got str");
        let error = add.call(&[Value::int(1), Value::int(2), Value::int(3)]).unwrap_err();
        assert_eq!(error.kind(), "TypeError");
        assert!(error.message().contains("takes 2 arguments but 3 were given"), "{error}");

        let error = Function::get_global("plugin_test.panic").unwrap().call(&[]).unwrap_err();
        assert_eq!(error.kind(), "RuntimeError");
        assert!(error.message().contains("plugin_test.panic"), "{error}");
        assert!(error.message().contains("deliberate 42"), "{error}");

        let info = add.info().unwrap();
        let (keys, values) = info.as_map().unwrap();
        let doc = keys.iter().position(|key| key.as_str() == Some("doc")).unwrap();
        assert_eq!(values[doc].as_str(), Some("Adds."));
    }
    assert_eq!(live(), before, "errors, results and the info map were all released");

    let error = Function::get_global("plugin_test.no_such_function").unwrap_err();
    assert_eq!(error.kind(), "KeyError");
}

#[test]
fn a_propagated_error_is_the_same_native_object() {
    let _host = host();
    let mut raw = std::ptr::null_mut();
    // SAFETY: static strings and a valid out-pointer.
    unsafe { (api().error_create)(c"ValueError".as_ptr(), c"from the callee".as_ptr(), &mut raw) };
    let original = raw as usize;
    let fail = Function::from_closure("plugin_test.fail", move |_args: Args<'_>| {
        let raw = original as *mut FerruleObject;
        // SAFETY: a live error; the new reference is handed to Error.
        unsafe { (api().object_retain)(raw) };
        // SAFETY: `raw` is the live error retained just above; that new reference is what Error takes over.
        Err(unsafe { Error::from_raw_object(raw) })
    })
    .unwrap();
    let apply = Function::from_closure("plugin_test.apply", |args: Args<'_>| {
        args.function(0, "f")?.call(args.rest(1)).map_err(|error| error.with_context("while calling plugin_test.apply"))
    })
    .unwrap();

    let error = apply.call(&[Value::from(fail.clone())]).unwrap_err();
    assert_eq!(error.native_object(), Some(original as *mut FerruleObject), "the very same error object");
    assert_eq!((error.kind(), error.message()), ("ValueError", "from the callee"));
    assert!(error.context().iter().any(|line| line == "while calling plugin_test.apply"), "{:?}", error.context());

    // A Rust error handed out and read back keeps its kind, message and context.
    let made = Error::value_error("made here").with_context("one");
    // SAFETY: into_raw_object hands over the reference.
    let back = unsafe { Error::from_raw_object(made.into_raw_object()) };
    assert_eq!(back.to_string(), "ValueError: made here");
    assert_eq!(back.context(), vec!["one"]);

    // SAFETY: our own reference from error_create.
    unsafe { (api().object_release)(raw) };
}

static ENTERED: AtomicUsize = AtomicUsize::new(0);
static LEFT: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn enter_hook() -> *mut c_void {
    ENTERED.fetch_add(1, Ordering::SeqCst);
    std::ptr::dangling_mut::<u8>().cast()
}

unsafe extern "C" fn leave_hook(token: *mut c_void) {
    assert_eq!(token, std::ptr::dangling_mut::<u8>().cast());
    LEFT.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn blocking_enters_and_leaves_even_on_panic() {
    let _host = host();
    // SAFETY: valid hooks, uninstalled below.
    unsafe { (api().set_blocking_hooks)(Some(enter_hook), Some(leave_hook)) };
    assert_eq!(blocking(|| 7), 7);
    assert_eq!((ENTERED.load(Ordering::SeqCst), LEFT.load(Ordering::SeqCst)), (1, 1));
    let panicked = std::panic::catch_unwind(|| blocking(|| panic!("inside")));
    assert!(panicked.is_err());
    assert_eq!((ENTERED.load(Ordering::SeqCst), LEFT.load(Ordering::SeqCst)), (2, 2));
    // SAFETY: uninstalling.
    unsafe { (api().set_blocking_hooks)(None, None) };
    assert_eq!(blocking(|| 1), 1);
    assert_eq!(ENTERED.load(Ordering::SeqCst), 2);
}

fn init_ok() -> Result<(), Error> {
    register("plugin_test.from_init", "", "() -> int", FERRULE_REGISTER_OVERRIDE, |_args: Args<'_>| Ok(Value::int(1)))
}

fn init_fails() -> Result<(), Error> {
    Err(Error::value_error("init refused"))
}

fn init_panics() -> Result<(), Error> {
    panic!("init blew up")
}

#[test]
fn plugin_init_reports_failures_through_err() {
    let _host = host();
    let table = ferrule::ferrule_api();
    let mut err = std::ptr::null_mut();
    // SAFETY: the host table and a valid out-parameter.
    assert_eq!(unsafe { ferrule_plugin::plugin_init(table, &mut err, init_ok) }, 0);
    assert!(err.is_null());
    assert_eq!(Function::get_global("plugin_test.from_init").unwrap().call(&[]).unwrap().as_int(), Some(1));

    // SAFETY: as above.
    assert_eq!(unsafe { ferrule_plugin::plugin_init(table, &mut err, init_fails) }, -1);
    // SAFETY: the error the entry point stored.
    let error = unsafe { Error::from_raw_object(std::mem::replace(&mut err, std::ptr::null_mut())) };
    assert_eq!(error.to_string(), "ValueError: init refused");

    // SAFETY: as above.
    assert_eq!(unsafe { ferrule_plugin::plugin_init(table, &mut err, init_panics) }, -1);
    // SAFETY: as above.
    let error = unsafe { Error::from_raw_object(std::mem::replace(&mut err, std::ptr::null_mut())) };
    assert_eq!(error.kind(), "RuntimeError");
    assert!(error.message().contains("init blew up"), "{error}");

    // A table of another ABI version is refused and still reported through its error_create.
    // SAFETY: a leaked copy of the static table.
    let other: &'static mut FerruleApi = Box::leak(Box::new(unsafe { std::ptr::read(table) }));
    other.abi_version = 99;
    // SAFETY: as above.
    assert_eq!(unsafe { ferrule_plugin::plugin_init(other, &mut err, init_ok) }, -1);
    // SAFETY: as above.
    let error = unsafe { Error::from_raw_object(err) };
    assert!(error.message().contains("ABI version 99"), "{error}");
}
