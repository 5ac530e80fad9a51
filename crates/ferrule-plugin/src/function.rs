//! `Function`: packed functions of the host, calling them, and making them from Rust closures.

use ferrule_sys::{panics, type_index, ErrorKind, FerruleAny, FerruleObject};
use std::ffi::c_void;
use std::fmt;

use crate::api;
use crate::args::Args;
use crate::error::{c_name, Error};
use crate::object::Object;
use crate::value::Value;

/// An owned reference to a packed function object.
#[derive(Clone)]
pub struct Function(Object);

impl Function {
    /// Looks up a registered function by its dotted name.
    ///
    /// Errors: `KeyError` if nothing is registered under `name`; `ValueError` if it contains a
    /// NUL character.
    pub fn get_global(name: &str) -> Result<Function, Error> {
        let name = c_name(name, "get_global", "name")?;
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: valid C string and out-parameters.
        let status = unsafe { (api().func_get_global)(name.as_ptr(), &mut out, &mut err) };
        // SAFETY: the call's result contract.
        unsafe { Function::from_status(status, out, err) }
    }

    /// Makes a function object from a Rust closure; `name` appears in argument and panic errors.
    ///
    /// The closure is called from whatever thread calls the function. A panic inside it becomes
    /// a `RuntimeError` naming the function and quoting the panic message.
    pub fn from_closure<F>(name: &str, f: F) -> Result<Function, Error>
    where
        F: Fn(Args<'_>) -> Result<Value, Error> + Send + Sync + 'static,
    {
        let state = Box::into_raw(Box::new(ClosureState { name: name.to_owned(), f }));
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: the trampoline and deleter match the state's type; the host owns `state` from
        // here on and frees it through the deleter when the function dies.
        let status = unsafe {
            (api().func_create)(
                Some(trampoline::<F>),
                state.cast::<c_void>(),
                Some(drop_state::<F>),
                &mut out,
                &mut err,
            )
        };
        if status != 0 {
            // On failure the host did not create an object and so never took the state.
            // SAFETY: `state` came from Box::into_raw above and was not handed over.
            drop(unsafe { Box::from_raw(state) });
        }
        // SAFETY: the call's result contract.
        unsafe { Function::from_status(status, out, err) }
    }

    /// A function from an owned object, if it is one.
    pub fn from_object(object: Object) -> Option<Function> {
        (object.type_index() == type_index::FUNCTION).then_some(Function(object))
    }

    pub(crate) fn from_object_unchecked(object: Object) -> Function {
        Function(object)
    }

    /// A new reference to the function a borrowed value holds, if it holds one.
    pub fn from_value(value: &Value) -> Option<Function> {
        value.to_function()
    }

    unsafe fn from_status(status: i32, out: *mut FerruleObject, err: *mut FerruleObject) -> Result<Function, Error> {
        if status != 0 {
            // SAFETY: on failure the callee stored a new error we now own.
            return Err(unsafe { Error::from_raw_object(err) });
        }
        // SAFETY: on success `out` is a new reference we now own.
        let object = unsafe { Object::from_raw(out) }
            .ok_or_else(|| Error::runtime_error("a ferrule call succeeded without returning a function"))?;
        Function::from_object(object).ok_or_else(|| Error::type_error("a ferrule call returned a non-function object"))
    }

    /// Calls the function. On failure the callee's error comes back as the same native error
    /// object (see [`Error`]), so returning it with `?` passes it on untouched.
    pub fn call(&self, args: &[Value]) -> Result<Value, Error> {
        // SAFETY: Value is a transparent FerruleAny; the arguments are borrowed for the call.
        unsafe { self.call_raw(args.as_ptr().cast::<FerruleAny>(), args.len()) }
    }

    /// Calls the function with borrowed raw arguments (e.g. forwarding a callback's own).
    pub fn call_any(&self, args: &[FerruleAny]) -> Result<Value, Error> {
        // SAFETY: a valid slice of borrowed values.
        unsafe { self.call_raw(args.as_ptr(), args.len()) }
    }

    unsafe fn call_raw(&self, args: *const FerruleAny, len: usize) -> Result<Value, Error> {
        let count =
            i32::try_from(len).map_err(|_| Error::value_error(format!("too many arguments for one call: {len}")))?;
        let mut out = FerruleAny::NONE;
        let mut err = std::ptr::null_mut();
        // SAFETY: `len` valid values at `args`; `out` arrives as None per the calling convention.
        // (`func_call_from`: the host's profiler records the call as one from Rust.)
        let status = unsafe {
            (api().func_call_from)(self.0.as_ptr(), args, count, &mut out, &mut err, ferrule_sys::frontend::RUST)
        };
        if status != 0 {
            // SAFETY: on failure the callee stored a new error we now own.
            return Err(unsafe { Error::from_raw_object(err) });
        }
        // SAFETY: on success `out` holds an owned result.
        Ok(unsafe { Value::from_raw(out) })
    }

    /// The function's metadata Map ("name", "doc", "signature", "flags", "returns", "params").
    pub fn info(&self) -> Result<Value, Error> {
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: a live function and valid out-parameters.
        if unsafe { (api().func_get_info)(self.0.as_ptr(), &mut out, &mut err) } != 0 {
            // SAFETY: on failure the callee stored a new error we now own.
            return Err(unsafe { Error::from_raw_object(err) });
        }
        // SAFETY: on success `out` is a new reference we now own.
        unsafe { Object::from_raw(out) }
            .map(Value::object)
            .ok_or_else(|| Error::runtime_error("func_get_info returned no object"))
    }

    /// Registers this function globally (see [`register`] for the arguments).
    pub fn set_global(&self, name: &str, doc: &str, signature: &str, flags: i32) -> Result<(), Error> {
        let name = c_name(name, "register", "name")?;
        let doc = c_name(doc, "register", "doc")?;
        let signature = c_name(signature, "register", "signature")?;
        let mut err = std::ptr::null_mut();
        // SAFETY: valid strings; the registry takes its own reference to the function.
        let status = unsafe {
            (api().func_set_global)(name.as_ptr(), self.0.as_ptr(), doc.as_ptr(), signature.as_ptr(), flags, &mut err)
        };
        if status != 0 {
            // SAFETY: on failure the callee stored a new error we now own.
            return Err(unsafe { Error::from_raw_object(err) });
        }
        Ok(())
    }

    /// The object reference, still owned by `self`.
    pub fn as_object(&self) -> &Object {
        &self.0
    }

    /// Converts into the underlying object reference.
    pub fn into_object(self) -> Object {
        self.0
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Function({:p})", self.0.as_ptr())
    }
}

/// Registers a Rust closure as the global function `name`.
///
/// `doc` and `signature` become the function's metadata; `signature` is written like a Python
/// signature, e.g. `"(a: int, b: int = 1) -> int"`, and supplies defaults for trailing arguments
/// a caller leaves out. `flags` is a bitwise OR of `FERRULE_REGISTER_OVERRIDE` and
/// `FERRULE_FUNC_LONG_RUNNING` (from [`crate::sys`]). The registry keeps the function alive.
///
/// Errors: `KeyError` if `name` is taken (without the override flag); `ValueError` for an empty
/// name, a signature that does not parse, or a NUL character in `name`, `doc` or `signature`.
pub fn register<F>(name: &str, doc: &str, signature: &str, flags: i32, f: F) -> Result<(), Error>
where
    F: Fn(Args<'_>) -> Result<Value, Error> + Send + Sync + 'static,
{
    Function::from_closure(name, f)?.set_global(name, doc, signature, flags)
}

/// The state behind a function made from a closure.
struct ClosureState<F> {
    name: String,
    f: F,
}

/// The packed-call entry of a closure function. Never unwinds: panics become `RuntimeError`s.
unsafe extern "C" fn trampoline<F>(
    state: *mut c_void,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32
where
    F: Fn(Args<'_>) -> Result<Value, Error> + Send + Sync + 'static,
{
    // SAFETY: the host passes back the state it was created with, alive while callable.
    let state = unsafe { &*state.cast::<ClosureState<F>>() };
    let raw_args: &[FerruleAny] = if num_args <= 0 || args.is_null() {
        &[]
    } else {
        // SAFETY: `num_args` borrowed values at `args` for the duration of the call.
        unsafe { std::slice::from_raw_parts(args, num_args as usize) }
    };
    // Caught quietly: the message and location go into the error (ferrule_sys::panics).
    let outcome = panics::catch(|| {
        let result = (state.f)(Args::new(&state.name, Value::view_slice(raw_args)));
        // Convert inside the guard: creating the error object allocates and could panic too.
        match result {
            Ok(value) => Ok(value.into_raw()),
            Err(error) => Err(error.into_raw_object()),
        }
    });
    match outcome {
        Ok(Ok(value)) => {
            // SAFETY: `out` is a valid out-parameter; ownership of the result moves to the caller.
            unsafe { store_whole(out, &value) };
            0
        }
        Ok(Err(error)) => {
            // SAFETY: `err` is a valid out-parameter; the caller owns the new error.
            unsafe { *err = error };
            -1
        }
        Err(panic) => {
            // (`panics::catch` has dropped the payload; only one whose own destructor panics leaks.)
            let message = format!("{}() panicked: {panic}", state.name);
            let error =
                panics::catch(|| Error::runtime_error(message).into_raw_object()).unwrap_or_else(|_| static_error());
            // SAFETY: `err` is a valid out-parameter.
            unsafe { *err = error };
            -1
        }
    }
}

/// Copies the value at `src` to `out` with two 8-byte loads and one 16-byte store (x86-64). The
/// value was just built by narrower stores, and the caller copies `out` with a 16-byte load: a
/// load spanning several earlier stores cannot take its data from them and waits until they
/// reach the cache (perf: most of the trampoline's time, about 2 ns a call). The 8-byte loads
/// forward from the stores that built the value (they are volatile so that the compiler does not
/// merge them back into one wide load), and the one 16-byte store forwards to the caller's load.
///
/// # Safety
/// `src` is a valid value and `out` is valid for a write of a `FerruleAny`.
#[inline(always)]
unsafe fn store_whole(out: *mut FerruleAny, src: *const FerruleAny) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64; `FerruleAny` is 16 plain bytes (header word, payload word),
    // readable at `src` and writable at `out` (caller contract).
    unsafe {
        use std::arch::x86_64::{_mm_set_epi64x, _mm_storeu_si128};
        let words = src.cast::<i64>();
        let (header, payload) = (words.read_volatile(), words.add(1).read_volatile());
        _mm_storeu_si128(out.cast(), _mm_set_epi64x(payload, header));
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: as above.
    unsafe {
        out.write(src.read())
    };
}

/// A RuntimeError made without allocating in Rust, for when even building an error panicked.
fn static_error() -> *mut FerruleObject {
    let mut out = std::ptr::null_mut();
    // SAFETY: static NUL-terminated strings; error_create never fails.
    unsafe {
        (api().error_create)(
            ErrorKind::RuntimeError.c_name().as_ptr(),
            c"panic in a ferrule plugin callback".as_ptr(),
            &mut out,
        )
    };
    out
}

/// Frees a closure state when its function dies. Never unwinds.
unsafe extern "C" fn drop_state<F>(state: *mut c_void) {
    // SAFETY: the state was made by Box::into_raw in `from_closure` and is freed exactly once.
    let state = unsafe { Box::from_raw(state.cast::<ClosureState<F>>()) };
    if panics::catch(move || drop(state)).is_err() {
        // Nothing can be reported from a deleter; the state may be partly leaked.
    }
}
