//! The testing.* fixtures from Rust: this test links libferrule (the `ferrule-capi` rlib, like a Go
//! binary with libferrule linked statically) and this plugin (its rlib), hands the plugin the host
//! table through its `ferrule_plugin_init` exactly as `ferrule_library_load` does after dlopen,
//! and calls every fixture through the registry. (Loading the built `.so` with dlopen is covered
//! by the C demo and the Python tests.)

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ferrule_plugin::sys::{
    type_index, DLDataType, DLDevice, DLManagedTensorVersioned, DLPackVersion, DLTensor, FerruleObject,
    FERRULE_FUNC_LONG_RUNNING,
};
use ferrule_plugin::{api, set_api, Args, Error, Function, Object, Value};

/// Initialises the plugin once and serialises the tests (live counts, held values, hooks).
/// A failed initialisation fails every test with the same message.
fn host() -> MutexGuard<'static, ()> {
    static HOST: OnceLock<Result<Mutex<()>, String>> = OnceLock::new();
    let host = HOST.get_or_init(|| {
        let table = ferrule::ferrule_api();
        // SAFETY: libferrule's table is static.
        unsafe { set_api(table) }.map_err(|error| error.to_string())?;
        let mut err = std::ptr::null_mut();
        // SAFETY: the host table and a valid out-parameter, as ferrule_library_load passes them.
        if unsafe { ferrule_testing::ferrule_plugin_init(table, &mut err) } != 0 {
            // SAFETY: the error we now own.
            return Err(format!("initialising the plugin failed: {}", unsafe { Error::from_raw_object(err) }));
        }
        Ok(Mutex::new(()))
    });
    match host {
        Ok(lock) => lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner),
        Err(message) => panic!("{message}"),
    }
}

fn live() -> u64 {
    // SAFETY: plain call into the host.
    unsafe { (api().live_object_count)() }
}

fn call(name: &str, args: &[Value]) -> Result<Value, Error> {
    Function::get_global(name)?.call(args)
}

fn s(text: &str) -> Value {
    Value::str(text).unwrap()
}

fn info_field(name: &str, field: &str) -> Value {
    let info = Function::get_global(name).unwrap().info().unwrap();
    let (keys, values) = info.as_map().unwrap();
    let position = keys.iter().position(|key| key.as_str() == Some(field)).unwrap();
    values[position].clone()
}

#[test]
fn every_fixture_is_registered_with_doc_and_signature() {
    let _host = host();
    for (name, signature) in [
        ("testing.echo", "(x: Any) -> Any"),
        ("testing.add_int", "(a: int, b: int) -> int"),
        ("testing.panic", "(message: str = 'testing.panic called') -> None"),
        ("testing.call_from_threads", "(f: Function, n_threads: int, n_calls: int) -> int"),
        ("testing.tensor_fill", "(shape: Array, value: float) -> Tensor"),
    ] {
        assert!(!info_field(name, "doc").as_str().unwrap().is_empty(), "{name} has a doc");
        // The registry may normalise the text; the parameter names must survive.
        let text = info_field(name, "signature");
        let text = text.as_str().unwrap();
        let open = signature.find('(').unwrap() + 1;
        let first_param = signature[open..].split([':', ')']).next().unwrap();
        assert!(text.contains(first_param), "{name}: {text} vs {signature}");
    }
    let flags = info_field("testing.call_from_threads", "flags").as_int().unwrap();
    assert_ne!(flags & i64::from(FERRULE_FUNC_LONG_RUNNING), 0);
}

#[test]
fn echo_nop_and_add_int() {
    let _host = host();
    let before = live();
    {
        let text = s("a string longer than eight bytes");
        let echoed = call("testing.echo", std::slice::from_ref(&text)).unwrap();
        assert_eq!(echoed.as_object_ptr(), text.as_object_ptr(), "the same object comes back");
        assert_eq!(call("testing.echo", &[Value::int(5)]).unwrap().as_int(), Some(5));
        assert!(call("testing.nop", &[Value::int(1), text.clone(), Value::none()]).unwrap().is_none());
        assert!(call("testing.nop", &[]).unwrap().is_none());

        assert_eq!(call("testing.add_int", &[Value::int(40), Value::int(2)]).unwrap().as_int(), Some(42));
        let error = call("testing.add_int", &[Value::int(i64::MAX), Value::int(1)]).unwrap_err();
        assert_eq!(error.kind(), "OverflowError");
        let error = call("testing.add_int", &[Value::int(1), s("two")]).unwrap_err();
        assert_eq!(error.to_string(), "TypeError: testing.add_int() argument 2 'b': expected int, got str");
        let error = call("testing.add_int", &[Value::int(1), Value::int(2), Value::int(3)]).unwrap_err();
        assert_eq!(error.to_string(), "TypeError: testing.add_int() takes 2 arguments but 3 were given");

        let conj = call("testing.conj", &[Value::complex(1.5, 2.0).unwrap()]).unwrap();
        assert_eq!(conj.as_complex(), Some((1.5, -2.0)));
        let error = call("testing.conj", &[Value::float(1.5)]).unwrap_err();
        assert_eq!(error.to_string(), "TypeError: testing.conj() argument 1 'z': expected complex, got float");
    }
    assert_eq!(live(), before);
}

#[test]
fn raise_error_and_panic_become_errors() {
    let _host = host();
    let error = call("testing.raise_error", &[s("ValueError"), s("bad value")]).unwrap_err();
    assert_eq!((error.kind(), error.message()), ("ValueError", "bad value"));
    let error = call("testing.raise_error", &[s("MyCustomError"), s("kept as given")]).unwrap_err();
    assert_eq!(error.kind(), "MyCustomError");

    let error = call("testing.panic", &[]).unwrap_err();
    assert_eq!(error.kind(), "RuntimeError");
    assert!(error.message().contains("testing.panic"), "{error}");
    assert!(error.message().contains("testing.panic called"), "{error}");
    let error = call("testing.panic", &[s("custom words here")]).unwrap_err();
    assert!(error.message().contains("custom words here"), "{error}");
}

#[test]
fn apply_passes_results_and_the_same_error_object() {
    let _host = host();
    let double = Function::from_closure("test.double", |args: Args<'_>| Ok(Value::int(args.int(0, "x")? * 2))).unwrap();
    assert_eq!(call("testing.apply", &[double.into(), Value::int(21)]).unwrap().as_int(), Some(42));

    let mut raw: *mut FerruleObject = std::ptr::null_mut();
    // SAFETY: static strings and a valid out-pointer.
    unsafe { (api().error_create)(c"KeyError".as_ptr(), c"from the callback".as_ptr(), &mut raw) };
    let original = raw as usize;
    let fail = Function::from_closure("test.fail", move |_args: Args<'_>| {
        // SAFETY: a live error; the new reference goes into the Error.
        unsafe { (api().object_retain)(original as *mut FerruleObject) };
        // SAFETY: `original` is the live error retained just above; that new reference is what Error takes over.
        Err(unsafe { Error::from_raw_object(original as *mut FerruleObject) })
    })
    .unwrap();
    let error = call("testing.apply", &[fail.into()]).unwrap_err();
    assert_eq!(error.native_object(), Some(original as *mut FerruleObject));
    assert_eq!((error.kind(), error.message()), ("KeyError", "from the callback"));
    drop(error);
    // SAFETY: our reference from error_create.
    unsafe { (api().object_release)(raw) };

    let error = call("testing.apply", &[Value::int(3)]).unwrap_err();
    assert_eq!(error.to_string(), "TypeError: testing.apply() argument 1 'f': expected Function, got int");
}

static ENTERED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn enter_hook() -> *mut c_void {
    ENTERED.fetch_add(1, Ordering::SeqCst);
    std::ptr::null_mut()
}

unsafe extern "C" fn leave_hook(_token: *mut c_void) {}

#[test]
fn call_from_threads_counts_calls_and_returns_the_first_error() {
    let _host = host();
    let before = live();
    {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = {
            let seen = Arc::clone(&seen);
            Function::from_closure("test.record", move |args: Args<'_>| {
                seen.lock().unwrap().push((args.int(0, "thread")?, args.int(1, "call")?));
                Ok(Value::none())
            })
            .unwrap()
        };
        // SAFETY: valid hooks, uninstalled below.
        unsafe { (api().set_blocking_hooks)(Some(enter_hook), Some(leave_hook)) };
        let entered = ENTERED.load(Ordering::SeqCst);
        let count = call("testing.call_from_threads", &[record.clone().into(), Value::int(4), Value::int(25)]).unwrap();
        assert!(ENTERED.load(Ordering::SeqCst) > entered, "the join ran inside a blocking region");
        // SAFETY: uninstalling.
        unsafe { (api().set_blocking_hooks)(None, None) };
        assert_eq!(count.as_int(), Some(100));
        let mut seen = seen.lock().unwrap().clone();
        seen.sort_unstable();
        let expected: Vec<(i64, i64)> = (0..4).flat_map(|t| (0..25).map(move |c| (t, c))).collect();
        assert_eq!(seen, expected);

        let fail_at = Function::from_closure("test.fail_at", |args: Args<'_>| {
            if (args.int(0, "thread")?, args.int(1, "call")?) == (2, 3) {
                return Err(Error::value_error("thread 2 call 3"));
            }
            Ok(Value::none())
        })
        .unwrap();
        let error = call("testing.call_from_threads", &[fail_at.into(), Value::int(4), Value::int(10)]).unwrap_err();
        assert_eq!((error.kind(), error.message()), ("ValueError", "thread 2 call 3"));

        assert_eq!(
            call("testing.call_from_threads", &[record.clone().into(), Value::int(0), Value::int(5)]).unwrap().as_int(),
            Some(0)
        );
        let error = call("testing.call_from_threads", &[record.into(), Value::int(-1), Value::int(5)]).unwrap_err();
        assert_eq!(error.kind(), "ValueError");
        assert!(error.message().contains("argument 2 'n_threads'"), "{error}");
    }
    assert_eq!(live(), before);
}

#[test]
fn hold_held_release_and_use_count() {
    let _host = host();
    let before = live();
    {
        let text = s("held for a while, longer than 8");
        assert_eq!(call("testing.use_count", std::slice::from_ref(&text)).unwrap().as_int(), Some(1));
        assert_eq!(call("testing.use_count", &[Value::int(1)]).unwrap().as_int(), Some(0));
        call("testing.hold", std::slice::from_ref(&text)).unwrap();
        call("testing.hold", &[Value::int(7)]).unwrap();
        assert_eq!(call("testing.use_count", std::slice::from_ref(&text)).unwrap().as_int(), Some(2));
        let held = call("testing.held", &[]).unwrap();
        let items = held.as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].as_object_ptr(), text.as_object_ptr());
        assert_eq!(items[1].as_int(), Some(7));
        drop(held);
        assert_eq!(call("testing.release", &[]).unwrap().as_int(), Some(2));
        assert_eq!(call("testing.use_count", std::slice::from_ref(&text)).unwrap().as_int(), Some(1));
        assert_eq!(call("testing.release", &[]).unwrap().as_int(), Some(0));
    }
    assert_eq!(live(), before);
}

#[test]
fn bytes_and_arrays() {
    let _host = host();
    let bytes = call("testing.non_utf8_bytes", &[]).unwrap();
    assert_eq!(bytes.as_bytes(), Some(&b"\xff\xfe\x00abc\x80"[..]));
    let xs = Value::array(vec![Value::int(1), Value::float(2.5), Value::int(-4)]).unwrap();
    assert_eq!(call("testing.sum_array", &[xs]).unwrap().as_float(), Some(-0.5));
    let empty = Value::array(Vec::new()).unwrap();
    assert_eq!(call("testing.sum_array", &[empty]).unwrap().as_float(), Some(0.0));
    let bad = Value::array(vec![Value::int(1), s("x")]).unwrap();
    let error = call("testing.sum_array", &[bad]).unwrap_err();
    assert_eq!(error.kind(), "TypeError");
    assert!(error.message().contains("item 1"), "{error}");
}

const CPU: DLDevice = DLDevice { device_type: 1, device_id: 0 };

/// A new zero-filled tensor made by the host.
fn tensor(shape: &[i64], dtype: DLDataType) -> Value {
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: valid shape and out-parameters.
    let status = unsafe { (api().tensor_create)(shape.as_ptr(), shape.len() as i32, dtype, CPU, &mut out, &mut err) };
    assert_eq!(status, 0);
    // SAFETY: a new reference.
    Value::object(unsafe { Object::from_raw(out) }.unwrap())
}

/// Writes `data` into a fresh contiguous tensor of the same element type.
fn write<T: Copy>(value: &Value, data: &[T]) {
    let dl = value.as_tensor().unwrap();
    // SAFETY: a fresh contiguous tensor holding data.len() elements of T.
    unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), dl.data.cast::<T>(), data.len()) };
}

#[test]
fn tensor_fill_and_tensor_sum() {
    let _host = host();
    let before = live();
    {
        let shape = Value::array(vec![Value::int(2), Value::int(3)]).unwrap();
        let filled = call("testing.tensor_fill", &[shape, Value::float(1.5)]).unwrap();
        assert_eq!(filled.type_index(), type_index::TENSOR);
        let dl = filled.as_tensor().unwrap();
        assert_eq!((dl.ndim, dl.dtype.code, dl.dtype.bits), (2, 2, 64));
        assert_eq!(call("testing.tensor_sum", &[filled]).unwrap().as_float(), Some(9.0));

        let scalar = call("testing.tensor_fill", &[Value::array(Vec::new()).unwrap(), Value::int(4)]).unwrap();
        assert_eq!(call("testing.tensor_sum", &[scalar]).unwrap().as_float(), Some(4.0));
        let empty_shape = Value::array(vec![Value::int(0), Value::int(3)]).unwrap();
        let empty = call("testing.tensor_fill", &[empty_shape, Value::float(1.0)]).unwrap();
        assert_eq!(call("testing.tensor_sum", &[empty]).unwrap().as_float(), Some(0.0));

        let f32s = tensor(&[4], DLDataType { code: 2, bits: 32, lanes: 1 });
        write(&f32s, &[0.5_f32, 1.0, 1.5, 2.0]);
        assert_eq!(call("testing.tensor_sum", &[f32s]).unwrap().as_float(), Some(5.0));
        let i64s = tensor(&[3], DLDataType { code: 0, bits: 64, lanes: 1 });
        write(&i64s, &[10_i64, -3, 5]);
        assert_eq!(call("testing.tensor_sum", &[i64s]).unwrap().as_float(), Some(12.0));

        let i32s = tensor(&[3], DLDataType { code: 0, bits: 32, lanes: 1 });
        let error = call("testing.tensor_sum", &[i32s]).unwrap_err();
        assert_eq!(error.kind(), "TypeError");
        let error = call("testing.tensor_sum", &[Value::int(1)]).unwrap_err();
        assert_eq!(error.to_string(), "TypeError: testing.tensor_sum() argument 1 't': expected Tensor, got int");
        let bad_shape = Value::array(vec![Value::int(-1)]).unwrap();
        assert_eq!(call("testing.tensor_fill", &[bad_shape, Value::float(0.0)]).unwrap_err().kind(), "ValueError");
    }
    assert_eq!(live(), before);
}

/// Owner of a DLPack tensor over Rust memory: a 3x4 view with strides (1, 3) (a transpose) that
/// starts one element in, into a buffer of 13 values.
struct Strided {
    data: Vec<f64>,
    shape: [i64; 2],
    strides: [i64; 2],
}

unsafe extern "C" fn free_strided(managed: *mut DLManagedTensorVersioned) {
    // SAFETY: made by Box::into_raw below, freed once by the consumer.
    let managed = unsafe { Box::from_raw(managed) };
    // SAFETY: `manager_ctx` is the Box<Strided> made with the managed tensor, freed only here, once.
    drop(unsafe { Box::from_raw(managed.manager_ctx.cast::<Strided>()) });
    DELETED.fetch_add(1, Ordering::SeqCst);
}

static DELETED: AtomicUsize = AtomicUsize::new(0);

#[test]
fn tensor_sum_walks_strides_and_byte_offset() {
    let _host = host();
    let mut owner = Box::new(Strided { data: (0..13).map(f64::from).collect(), shape: [3, 4], strides: [1, 3] });
    let tensor = DLTensor {
        data: owner.data.as_mut_ptr().cast(),
        device: CPU,
        ndim: 2,
        dtype: DLDataType { code: 2, bits: 64, lanes: 1 },
        shape: owner.shape.as_mut_ptr(),
        strides: owner.strides.as_mut_ptr(),
        byte_offset: 8,
    };
    let managed = Box::into_raw(Box::new(DLManagedTensorVersioned {
        version: DLPackVersion { major: 1, minor: 1 },
        manager_ctx: Box::into_raw(owner).cast(),
        deleter: Some(free_strided),
        flags: 0,
        dl_tensor: tensor,
    }));
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: a valid managed tensor; ferrule owns it on success.
    let status = unsafe { (api().tensor_from_dlpack)(managed, &mut out, &mut err) };
    if status != 0 {
        // SAFETY: the error we own; on failure we still own `managed`.
        let error = unsafe { Error::from_raw_object(err) };
        // SAFETY: the import failed, so we still own `managed`; it is freed once, here.
        unsafe { free_strided(managed) };
        panic!("tensor_from_dlpack refused the strided view: {error}");
    }
    // SAFETY: a new reference.
    let value = Value::object(unsafe { Object::from_raw(out) }.unwrap());
    // Elements 1..=12 (the view skips element 0).
    assert_eq!(call("testing.tensor_sum", &[value]).unwrap().as_float(), Some(78.0));
    assert_eq!(DELETED.load(Ordering::SeqCst), 1, "the DLPack deleter ran once the tensor died");
}
