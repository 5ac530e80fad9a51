//! Floor 4, a type's slots. May use floors 0–3; no other slot file.
//!
//! `ferrule.Function`: a Python callable over a native function object, called by vectorcall.
//!
//! The hot path (no keywords) converts the arguments into a stack array of `FerruleAny`, calls
//! `func_call_from` and converts the result, with no heap allocation for up to 8 simple arguments.
//! The function's metadata (flags, parameters, defaults) is fetched once, on first use, and cached.

use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr::null_mut;
use std::sync::atomic::Ordering;

use ferrule_sys::frontend::PYTHON;
use ferrule_sys::{ErrorKind, FerruleAny};
use pyo3_ffi::*;

use crate::api::api;

use crate::convert::{any_into_py, dtype_any_into, py_to_any_into, ConvError, Temps};
use crate::error::{raise_kind, raise_native_error, raise_released, reraise_with_prefix};
use crate::hooks::HOOKS;
use crate::info::{bind_keywords, check_arity, load_info};
use crate::types::{
    display_name, function_handle as handle, function_type, set_function_type, wrap_function as wrap, BuiltinDef, Info,
    PyFunction,
};
use crate::util::{guard, new_ref, none, py_str, raise, str_view, type_name, Owned, SmallVec};

/// The cached metadata, fetched on first use. NULL with an error set on failure.
#[inline(always)]
unsafe fn info_of(f: *mut PyFunction) -> *mut Info {
    // SAFETY: the caller holds the GIL and `f` is a live Function; `info` is NULL or the Box the Function owns.
    unsafe {
        let i = (*f).info;
        if !i.is_null() {
            return i;
        }
        match load_info((*f).handle) {
            Some(info) => {
                (*f).info = Box::into_raw(Box::new(info));
                (*f).info
            }
            None => null_mut(),
        }
    }
}

unsafe extern "C" fn vectorcall(
    callable: *mut PyObject,
    args: *const *mut PyObject,
    nargsf: usize,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: CPython calls the vectorcall entry with the GIL held, `callable` a live Function and `nargs` (plus one
    // per keyword name) live arguments at `args`.
    // (the closure is inlined into the entry point with the panic guard around it: out of line, the
    // call costs about 30 more instructions; its slow paths are out-of-line functions so it stays small)
    guard(
        #[inline(always)]
        || unsafe {
            let f = callable as *mut PyFunction;
            if (*f).handle.is_null() {
                raise_released(callable);
                return null_mut();
            }
            let info = info_of(f);
            if info.is_null() {
                return null_mut();
            }
            let info = &*info;
            let nargs = PyVectorcall_NARGS(nargsf) as usize;
            if !kwnames.is_null() && PyTuple_GET_SIZE(kwnames) > 0 {
                // keyword values follow the positional ones in the same array
                let all = std::slice::from_raw_parts(args, nargs + PyTuple_GET_SIZE(kwnames) as usize);
                let mut bound = SmallVec::new();
                if !bind_keywords(f, info, &all[..nargs], kwnames, &all[nargs..], &mut bound) {
                    return null_mut();
                }
                return call_objects_outlined(f, info, bound.as_slice());
            }
            let args = if nargs == 0 { &[][..] } else { std::slice::from_raw_parts(args, nargs) };
            if info.always_bind {
                let mut bound = SmallVec::new();
                if !bind_keywords(f, info, args, null_mut(), &[], &mut bound) {
                    return null_mut();
                }
                return call_objects_outlined(f, info, bound.as_slice());
            }
            if info.has_signature && !check_arity(f, info, nargs) {
                return null_mut();
            }
            call_objects(f, info, args)
        },
    )
}

/// The C function of every builtin made by [`make_builtin`]: `self` is its Function.
unsafe extern "C" fn builtin_call(
    slf: *mut PyObject,
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: CPython calls a builtin's METH_FASTCALL|METH_KEYWORDS entry with the GIL held and `slf` its `__self__`,
    // the live Function; the arguments are as for vectorcall.
    unsafe { vectorcall(slf, args, nargs as usize, kwnames) }
}

/// `_builtin(func, name, doc, module)`: a `builtin_function_or_method` calling `func`'s native
/// function, named `name`, with `doc` as its `__doc__` (a leading `name(...)\n--\n\n` line
/// becomes `__text_signature__`) and `module` as its `__module__`.
///
/// CPython specialises calls of exact builtins (3.11's `PRECALL_BUILTIN_FAST_WITH_KEYWORDS`): the
/// interpreter calls the C function directly, skipping the generic vectorcall dispatch a
/// `ferrule.Function` goes through, which is most of the difference between a ferrule call and
/// `operator.add`. The namespace and `init_api` modules hold these; `__self__` is a Function of
/// its own over the same native function (so `release()` on another handle does not affect it).
pub unsafe extern "C" fn make_builtin(_m: *mut PyObject, args: *mut *mut PyObject, nargs: Py_ssize_t) -> *mut PyObject {
    // SAFETY: CPython calls METH_FASTCALL functions with the GIL held and `nargs` live arguments at `args`; the
    // BuiltinDef is owned by the new Function, which the builtin holds as `__self__`, so the definition outlives it.
    unsafe {
        if nargs != 4 {
            raise(PyExc_TypeError, "_builtin(func, name, doc, module) takes 4 arguments");
            return null_mut();
        }
        let (func, name, doc, module) = (*args, *args.add(1), *args.add(2), *args.add(3));
        if Py_TYPE(func) != function_type() {
            raise(PyExc_TypeError, &format!("_builtin(): func must be a ferrule.Function, not '{}'", type_name(func)));
            return null_mut();
        }
        let h = handle(func);
        if h.is_null() {
            raise_released(func);
            return null_mut();
        }
        let Some(name_text) = str_view(name) else { return null_mut() };
        let doc_text = if doc == Py_None() {
            None
        } else {
            match str_view(doc) {
                Some(s) => Some(s),
                None => return null_mut(),
            }
        };
        let (Ok(c_name), Ok(c_doc)) =
            (std::ffi::CString::new(name_text), doc_text.map(std::ffi::CString::new).transpose())
        else {
            raise_kind(ErrorKind::ValueError, "_builtin(): name and doc must not contain NUL characters");
            return null_mut();
        };
        (api().object_retain)(h);
        let own = wrap(h, (*(func as *mut PyFunction)).name);
        if own.is_null() {
            return null_mut();
        }
        let mut def = Box::new(BuiltinDef {
            def: PyMethodDef {
                ml_name: c_name.as_ptr(),
                ml_meth: PyMethodDefPointer { PyCFunctionFastWithKeywords: builtin_call },
                ml_flags: METH_FASTCALL | METH_KEYWORDS,
                ml_doc: c_doc.as_ref().map_or(std::ptr::null(), |d| d.as_ptr()),
            },
            _name: c_name,
            _doc: c_doc,
        });
        let def_ptr: *mut PyMethodDef = &mut def.def;
        (*(own as *mut PyFunction)).builtin = Box::into_raw(def);
        let module = if module == Py_None() { null_mut() } else { module };
        let builtin = PyCFunction_NewEx(def_ptr, own, module);
        Py_DECREF(own); // the builtin holds it
        builtin
    }
}

/// After a failed call: a TypeError saying an argument was an `Array` (the registry's name for
/// any sequence) says `list` or `tuple` instead, as the caller wrote it. The argument is the one
/// the message names by position or name, else the only list or tuple among the arguments.
#[cold]
unsafe fn name_containers(info: &Info, args: &[*mut PyObject]) {
    // SAFETY: the GIL is held and `args` are live; the exception is taken and restored once.
    unsafe {
        if PyErr_ExceptionMatches(PyExc_TypeError) == 0 {
            return;
        }
        let is_sequence = |o: *mut PyObject| PyList_Check(o) != 0 || PyTuple_Check(o) != 0;
        if !args.iter().any(|&a| is_sequence(a)) {
            return;
        }
        let exc = crate::gil::fetch_exception();
        if let Some(text) = Owned::new(PyObject_Str(exc)).and_then(|s| str_view(s.0).map(str::to_owned)) {
            if let Some(at) = text.find("got Array") {
                let index = argument_index(info, &text[..at]).filter(|&i| i < args.len()).or_else(|| {
                    let mut found = args.iter().enumerate().filter(|(_, &a)| is_sequence(a));
                    match (found.next(), found.next()) {
                        (Some((i, _)), None) => Some(i),
                        _ => None,
                    }
                });
                if let Some(i) = index.filter(|&i| is_sequence(args[i])) {
                    let word = if PyList_Check(args[i]) != 0 { "list" } else { "tuple" };
                    let new_text = format!("{}got {word}{}", &text[..at], &text[at + "got Array".len()..]);
                    if let Some(new_args) = Owned::new(Py_BuildValue(c"(N)".as_ptr(), py_str(&new_text))) {
                        PyObject_SetAttrString(exc, c"args".as_ptr(), new_args.0);
                    }
                }
            }
        }
        PyErr_Clear();
        crate::gil::restore_exception(exc);
    }
}

/// The packed index of the argument a message names (`argument 2 'x2': ...` or `argument
/// 'axis': ...`), from its last mention in `text`.
fn argument_index(info: &Info, text: &str) -> Option<usize> {
    let at = text.rfind("argument ")?;
    let rest = &text[at + "argument ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if let Ok(n) = digits.parse::<usize>() {
        return n.checked_sub(1);
    }
    let name = rest.strip_prefix('\'')?.split('\'').next()?;
    info.params.iter().position(|p| p.text == name)
}

/// Converts `args`, calls the native function and converts its result. The commonest calls (no
/// arguments, or a few ints, floats, Nones or tensors, which convert without creating anything)
/// stay inline in the entry point; everything else goes through [`call_converted`].
#[inline(always)]
unsafe fn call_objects(f: *mut PyFunction, info: &Info, args: &[*mut PyObject]) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; `f` is a live Function with a live handle, `info` its metadata and `args`
    // live objects borrowed for the call.
    unsafe {
        if args.len() <= PLAIN_ARGS {
            let mut buf = [const { MaybeUninit::<FerruleAny>::uninit() }; PLAIN_ARGS];
            let mut plain = true;
            for (slot, &a) in buf.iter_mut().zip(args) {
                if !crate::convert::plain_any(a, slot.as_mut_ptr()) {
                    plain = false;
                    break;
                }
            }
            if plain {
                let values = std::slice::from_raw_parts(buf.as_ptr() as *const FerruleAny, args.len());
                // (an int or a tensor given as a dtype goes the long way, to the message saying what a dtype is)
                if info.dtype_params == 0 || plain_dtypes(info.dtype_params, values) {
                    return call_values(f, info, values, args);
                }
            }
        }
        call_converted(f, info, args)
    }
}

/// [`call_objects`] kept out of line, for the entry paths that bind keywords first.
#[inline(never)]
unsafe fn call_objects_outlined(f: *mut PyFunction, info: &Info, args: &[*mut PyObject]) -> *mut PyObject {
    // SAFETY: as for `call_objects`, whose contract the caller meets.
    unsafe { call_objects(f, info, args) }
}

/// Every call [`call_objects`] does not take inline: arguments converted with temporaries (lists,
/// strings, numpy arrays, dtype spellings...), released after the call with the GIL held.
#[inline(never)]
unsafe fn call_converted(f: *mut PyFunction, info: &Info, args: &[*mut PyObject]) -> *mut PyObject {
    // SAFETY: as for `call_objects`: the GIL is held and `f`, `info` and `args` are live; what the converted values
    // borrow lives in `args` or `temps`, which outlives the call.
    unsafe {
        let mut temps = Temps::new();
        let result = if args.len() <= INLINE_ARGS {
            let mut buf = [const { MaybeUninit::<FerruleAny>::uninit() }; INLINE_ARGS];
            if !convert_args(f, info, args, buf.as_mut_ptr() as *mut FerruleAny, &mut temps) {
                return null_mut();
            }
            call_values(f, info, std::slice::from_raw_parts(buf.as_ptr() as *const FerruleAny, args.len()), args)
        } else {
            let mut values = vec![FerruleAny::NONE; args.len()];
            if !convert_args(f, info, args, values.as_mut_ptr(), &mut temps) {
                return null_mut();
            }
            call_values(f, info, &values, args)
        };
        // `temps` is released here, after the call and with the GIL held again (dropped in
        // place: moving it into `drop` copies its inline array)
        result
    }
}

/// Whether every `dtype`-typed argument among the plain `values` is None or a dtype (out of line:
/// only functions with a dtype parameter ask).
#[inline(never)]
fn plain_dtypes(mask: u64, values: &[FerruleAny]) -> bool {
    values.iter().enumerate().all(|(i, v)| {
        mask & (1 << i) == 0
            || v.type_index == ferrule_sys::type_index::NONE
            || v.type_index == ferrule_sys::type_index::DTYPE
    })
}

/// Arguments converted into a stack array (no heap allocation up to this many).
const INLINE_ARGS: usize = 8;

/// Calls with up to this many arguments try [`crate::convert::plain_any`] first.
const PLAIN_ARGS: usize = 4;

/// Converts every argument into `out[i]`; raises (naming the argument) and returns false on failure.
#[inline(always)]
unsafe fn convert_args(
    f: *mut PyFunction,
    info: &Info,
    args: &[*mut PyObject],
    out: *mut FerruleAny,
    temps: &mut Temps,
) -> bool {
    // SAFETY: the caller holds the GIL; `args` are live objects, `values` has room for one value per argument, and
    // what the values borrow lives in `args` or `temps`.
    unsafe {
        for (i, &a) in args.iter().enumerate() {
            let converted = if i < 64 && info.dtype_params & (1 << i) != 0 {
                dtype_any_into(a, out.add(i), temps)
            } else if info.takes_tensor(i) {
                strong_numpy_scalar(a, out.add(i), temps).unwrap_or_else(|| py_to_any_into(a, out.add(i), temps))
            } else {
                py_to_any_into(a, out.add(i), temps)
            };
            if let Err(e) = converted {
                report_argument_error(f, info, i, e);
                return false;
            }
        }
        true
    }
}

/// A numpy scalar passed where a tensor is declared, as a 0-d tensor of its own dtype in `out`
/// (numpy 2's strong scalars: `t_float16 + np.float32(1)` is float32); `None` for anything else,
/// which converts as usual.
#[inline]
unsafe fn strong_numpy_scalar(
    a: *mut PyObject,
    out: *mut FerruleAny,
    temps: &mut Temps,
) -> Option<Result<(), ConvError>> {
    // SAFETY: the caller holds the GIL, `a` is live and `out` writable; the tensor made is owned by `temps`.
    unsafe {
        let tp = Py_TYPE(a);
        if tp == crate::types::tensor_type() || tp == std::ptr::addr_of_mut!(PyList_Type) {
            return None; // (the common arguments here, decided without looking for numpy)
        }
        if crate::convert::numpy_kind(a) != crate::convert::NumpyKind::Scalar {
            return None;
        }
        Some(crate::convert::numpy_any(a, temps, true)?.map(|v| out.write(v)))
    }
}

/// The native call itself, with the GIL released for long-running functions; `args` are the
/// Python objects `values` came from (for the error message).
#[inline(always)]
unsafe fn call_values(f: *mut PyFunction, info: &Info, values: &[FerruleAny], args: &[*mut PyObject]) -> *mut PyObject {
    // SAFETY: the caller holds the GIL; `f` is a live Function (its handle kept alive for the call by `busy`) and
    // `values` are valid for the call; the result is owned and converted once.
    unsafe {
        let mut out = FerruleAny::NONE;
        let mut err = null_mut();
        // (`func_call_from` tells libferrule's profiler the call came from Python)
        let call = api().func_call_from;
        let handle = (*f).handle;
        // a callback (or, with the GIL released, another thread) may release() this Function
        // while the call runs: `busy` makes release() defer dropping the handle
        (*f).busy += 1;
        let rc = if info.long_running {
            // through libferrule's blocking hooks (ours, in `callback`), so that the profiler
            // sees the GIL released and the wait to take it back
            let token = (api().blocking_enter)();
            let rc = call(handle, values.as_ptr(), values.len() as i32, &mut out, &mut err, PYTHON);
            (api().blocking_leave)(token);
            rc
        } else {
            call(handle, values.as_ptr(), values.len() as i32, &mut out, &mut err, PYTHON)
        };
        (*f).busy -= 1;
        if !(*f).deferred.is_null() && (*f).busy == 0 {
            (api().object_release)(std::mem::replace(&mut (*f).deferred, null_mut()));
        }
        if rc != 0 {
            raise_native_error(err);
            name_containers(info, args);
            return null_mut();
        }
        any_into_py(&mut out)
    }
}

/// Raises the error for argument `index` that could not be converted, naming the function, the
/// argument's position and name, and the received type.
unsafe fn report_argument_error(f: *mut PyFunction, info: &Info, index: usize, e: ConvError) {
    // SAFETY: the caller holds the GIL and `f` is the live Function of `info`.
    unsafe {
        let label = format!("{}() argument {}{}", display_name(f), index + 1, info.param_label(index));
        match e {
            ConvError::Unsupported(obj) => {
                let msg = format!(
                    "{label}: cannot convert a Python object of type '{}' (expected None, bool, int, float, complex, str, \
                     bytes, list, tuple, dict, Tensor or a callable){}",
                    type_name(obj),
                    crate::convert::foreign_tensor_hint(obj)
                );
                raise_kind(ErrorKind::TypeError, &msg);
            }
            ConvError::Raised => {
                // Re-raise with the argument named, keeping the original as __cause__.
                reraise_with_prefix(&label);
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------
// Type slots
// ------------------------------------------------------------------------------------------------

unsafe extern "C" fn dealloc(obj: *mut PyObject) {
    // SAFETY: CPython calls tp_dealloc once, with the GIL held, on an instance whose refcount reached 0; every field
    // is released once and the memory freed by the type's allocator.
    unsafe {
        let f = obj as *mut PyFunction;
        let tp = Py_TYPE(obj);
        PyObject_GC_UnTrack(obj as *mut c_void);
        if !(*f).weakrefs.is_null() {
            PyObject_ClearWeakRefs(obj);
        }
        clear(obj);
        let h = std::mem::replace(&mut (*f).handle, null_mut());
        if !h.is_null() {
            (api().object_release)(h);
        }
        let info = std::mem::replace(&mut (*f).info, null_mut());
        if !info.is_null() {
            drop(Box::from_raw(info));
        }
        let builtin = std::mem::replace(&mut (*f).builtin, null_mut());
        if !builtin.is_null() {
            drop(Box::from_raw(builtin));
        }
        Py_CLEAR(&mut (*f).name);
        let free: freefunc = std::mem::transmute(PyType_GetSlot(tp, Py_tp_free));
        free(obj as *mut c_void);
        Py_DECREF(tp as *mut PyObject);
    }
}

unsafe extern "C" fn traverse(obj: *mut PyObject, visit: visitproc, arg: *mut c_void) -> i32 {
    // SAFETY: CPython calls tp_traverse with the GIL held on a live instance; only the Python references it owns are
    // visited.
    unsafe {
        let f = obj as *mut PyFunction;
        for p in [(*f).name_override, (*f).qualname_override, (*f).doc_override, (*f).signature_override, (*f).dict] {
            if !p.is_null() {
                let r = visit(p, arg);
                if r != 0 {
                    return r;
                }
            }
        }
        // heap types must visit their type
        visit(Py_TYPE(obj) as *mut PyObject, arg)
    }
}

unsafe extern "C" fn clear(obj: *mut PyObject) -> i32 {
    // SAFETY: CPython calls tp_clear with the GIL held on a live instance; each reference is nulled before it is
    // released.
    unsafe {
        let f = obj as *mut PyFunction;
        Py_CLEAR(&mut (*f).name_override);
        Py_CLEAR(&mut (*f).qualname_override);
        Py_CLEAR(&mut (*f).doc_override);
        Py_CLEAR(&mut (*f).signature_override);
        Py_CLEAR(&mut (*f).dict);
    }
    0
}

unsafe extern "C" fn repr(obj: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls tp_repr with the GIL held on a live Function.
    unsafe {
        let f = obj as *mut PyFunction;
        let state = if (*f).handle.is_null() { " (released)" } else { "" };
        py_str(&format!("<ferrule.Function {}{state}>", display_name(f)))
    }
}

extern "C" {
    /// CPython's bound-method constructor (not declared by pyo3-ffi).
    fn PyMethod_New(func: *mut PyObject, inst: *mut PyObject) -> *mut PyObject;
}

/// `__get__`: a Function stored on a class binds like a Python function (the instance becomes
/// the first argument), which is how ferrule.Tensor's methods are the registered ops themselves.
/// With `Py_TPFLAGS_METHOD_DESCRIPTOR`, `t.sum()` and `a + b` call it with `self` prepended and
/// create no bound-method object. Looked up on the class, it stays itself.
unsafe extern "C" fn descr_get(obj: *mut PyObject, inst: *mut PyObject, _owner: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls tp_descr_get with the GIL held, `obj` a live Function and `inst` NULL, None or a live
    // object.
    unsafe {
        if inst.is_null() || inst == Py_None() {
            return new_ref(obj);
        }
        PyMethod_New(obj, inst)
    }
}

unsafe extern "C" fn richcompare(a: *mut PyObject, b: *mut PyObject, op: i32) -> *mut PyObject {
    // SAFETY: CPython calls tp_richcompare with the GIL held and `a` a live Function; `b` is read as one only after
    // its type was checked.
    unsafe {
        if Py_TYPE(b) != function_type() || (op != Py_EQ && op != Py_NE) {
            return new_ref(Py_NotImplemented());
        }
        let same = handle(a) == handle(b) && !handle(a).is_null();
        PyBool_FromLong(((op == Py_EQ) == same) as _)
    }
}

unsafe extern "C" fn hash(obj: *mut PyObject) -> Py_hash_t {
    // SAFETY: CPython calls tp_hash with the GIL held on a live Function.
    let h = unsafe {
        if handle(obj).is_null() {
            obj as usize
        } else {
            handle(obj) as usize
        }
    };
    ((h >> 4) as Py_hash_t).max(0)
}

/// `Function(callable)`: wraps a Python callable as a native function object (a Function is
/// returned as is).
unsafe extern "C" fn new(_tp: *mut PyTypeObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls tp_new with the GIL held, `args` a tuple and `kwargs` NULL or a dict.
    unsafe {
        if (!kwargs.is_null() && PyDict_Size(kwargs) != 0) || PyTuple_GET_SIZE(args) != 1 {
            raise(PyExc_TypeError, "Function() takes exactly one argument, a callable");
            return null_mut();
        }
        let callable = PyTuple_GET_ITEM(args, 0);
        if Py_TYPE(callable) == function_type() {
            return new_ref(callable);
        }
        if PyCallable_Check(callable) == 0 {
            raise(PyExc_TypeError, &format!("Function() expects a callable, not '{}'", type_name(callable)));
            return null_mut();
        }
        let h = crate::convert::function_from_callable(callable, None);
        if h.is_null() {
            return null_mut();
        }
        wrap(h, null_mut())
    }
}

unsafe extern "C" fn m_release(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held on a live Function; the handle is released once (or deferred
    // while a call uses it).
    unsafe {
        let f = obj as *mut PyFunction;
        let h = std::mem::replace(&mut (*f).handle, null_mut());
        if !h.is_null() {
            // keep the name for the "has been released" message
            if (*f).info.is_null() && (*f).name.is_null() {
                if let Some(info) = load_info(h) {
                    (*f).info = Box::into_raw(Box::new(info));
                } else {
                    PyErr_Clear();
                }
            }
            if (*f).busy > 0 {
                (*f).deferred = h;
            } else {
                (api().object_release)(h);
            }
        }
        none()
    }
}

unsafe extern "C" fn m_use_count(obj: *mut PyObject, _: *mut PyObject) -> *mut PyObject {
    // SAFETY: CPython calls methods with the GIL held on a live Function; use-count accepts a NULL (released) handle.
    unsafe { PyLong_FromUnsignedLong((api().object_use_count)(handle(obj)) as _) }
}

unsafe fn loaded_info<'a>(obj: *mut PyObject) -> Option<&'a Info> {
    // SAFETY: the caller holds the GIL and `obj` is a live Function, which the caller keeps alive for `'a`; its Info
    // is a Box it owns, set once and freed only by its dealloc, so the reference stays valid that long.
    unsafe {
        let f = obj as *mut PyFunction;
        if !(*f).info.is_null() {
            return Some(&*(*f).info);
        }
        if (*f).handle.is_null() {
            raise_released(obj);
            return None;
        }
        let i = info_of(f);
        (!i.is_null()).then(|| &*i)
    }
}

unsafe extern "C" fn get_name(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function.
    unsafe {
        let f = obj as *mut PyFunction;
        if !(*f).name_override.is_null() {
            return new_ref((*f).name_override);
        }
        get_registered_name(obj, null_mut())
    }
}

unsafe extern "C" fn get_registered_name(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function.
    unsafe {
        let f = obj as *mut PyFunction;
        if (*f).info.is_null() && !(*f).name.is_null() {
            return new_ref((*f).name);
        }
        if (*f).info.is_null() && !(*f).handle.is_null() && info_of(f).is_null() {
            return null_mut();
        }
        py_str(&display_name(f))
    }
}

unsafe extern "C" fn get_qualname(obj: *mut PyObject, c: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function.
    unsafe {
        let f = obj as *mut PyFunction;
        if !(*f).qualname_override.is_null() {
            return new_ref((*f).qualname_override);
        }
        get_name(obj, c)
    }
}

unsafe extern "C" fn get_doc(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function.
    unsafe {
        let f = obj as *mut PyFunction;
        if !(*f).doc_override.is_null() {
            return new_ref((*f).doc_override);
        }
        if (*f).handle.is_null() && (*f).info.is_null() {
            return none();
        }
        match loaded_info(obj) {
            Some(info) if !info.doc.is_null() => new_ref(info.doc),
            Some(_) => none(),
            None => null_mut(),
        }
    }
}

unsafe extern "C" fn get_info(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function.
    unsafe {
        match loaded_info(obj) {
            // a copy, so callers cannot change the cache
            Some(info) => PyDict_Copy(info.dict),
            None => null_mut(),
        }
    }
}

unsafe extern "C" fn get_signature(obj: *mut PyObject, _: *mut c_void) -> *mut PyObject {
    // SAFETY: CPython calls getters with the GIL held on a live Function; the hook is NULL or a callable the hooks
    // own until exit.
    unsafe {
        let f = obj as *mut PyFunction;
        if !(*f).signature_override.is_null() {
            return new_ref((*f).signature_override);
        }
        let hook = HOOKS.signature.load(Ordering::Acquire);
        if hook.is_null() {
            return none();
        }
        PyObject_CallOneArg(hook, obj)
    }
}

/// Setter shared by the overridable attributes; `closure` selects the field.
unsafe extern "C" fn set_override(obj: *mut PyObject, value: *mut PyObject, closure: *mut c_void) -> i32 {
    // SAFETY: CPython calls setters with the GIL held on a live Function, `value` NULL (delete) or live, and
    // `closure` the index given in the getset table; the old override is released once.
    unsafe {
        let f = obj as *mut PyFunction;
        let which = closure as usize;
        if which <= 1 && !value.is_null() && PyUnicode_Check(value) == 0 {
            raise(PyExc_TypeError, "__name__ and __qualname__ must be set to a str");
            return -1;
        }
        let slot = match which {
            0 => &mut (*f).name_override,
            1 => &mut (*f).qualname_override,
            2 => &mut (*f).doc_override,
            _ => &mut (*f).signature_override,
        };
        let old = std::mem::replace(slot, if value.is_null() { null_mut() } else { new_ref(value) });
        Py_XDECREF(old);
        0
    }
}

/// Creates the `ferrule.Function` type. Called once from module init.
pub unsafe fn create_type() -> *mut PyObject {
    // SAFETY: the GIL is held (module init); the tables handed to PyType_FromSpec are leaked, so they outlive the
    // type.
    unsafe {
        use crate::util::{getset, leak, member, method_noargs};
        let methods = leak(vec![
            method_noargs(c"release", m_release, c"release($self, /)\n--\n\nDrops this handle's reference to the native function; later calls raise ferrule.ValueError."),
            method_noargs(c"_use_count", m_use_count, c"The native object's strong reference count (for tests)."),
            std::mem::zeroed(),
        ]);
        let getsets = leak(vec![
            getset(c"__name__", get_name, Some(set_override), c"The function's name (settable).", 0),
            getset(c"__qualname__", get_qualname, Some(set_override), c"The qualified name (settable).", 1),
            getset(c"__doc__", get_doc, Some(set_override), c"Documentation from the registry (settable).", 2),
            getset(
                c"__signature__",
                get_signature,
                Some(set_override),
                c"An inspect.Signature built from the registered signature.",
                3,
            ),
            getset(c"name", get_registered_name, None, c"The name the function is registered under.", 0),
            getset(c"_info", get_info, None, c"The registry metadata (a dict), as func_get_info returns it.", 0),
            std::mem::zeroed(),
        ]);
        let members = leak(vec![
            member(c"__vectorcalloffset__", std::mem::offset_of!(PyFunction, vectorcall)),
            member(c"__dictoffset__", std::mem::offset_of!(PyFunction, dict)),
            member(c"__weaklistoffset__", std::mem::offset_of!(PyFunction, weakrefs)),
            std::mem::zeroed(),
        ]);
        let slots = leak(vec![
            PyType_Slot { slot: Py_tp_dealloc, pfunc: dealloc as *mut c_void },
            PyType_Slot { slot: Py_tp_traverse, pfunc: traverse as *mut c_void },
            PyType_Slot { slot: Py_tp_clear, pfunc: clear as *mut c_void },
            PyType_Slot { slot: Py_tp_call, pfunc: PyVectorcall_Call as *mut c_void },
            PyType_Slot { slot: Py_tp_repr, pfunc: repr as *mut c_void },
            PyType_Slot { slot: Py_tp_new, pfunc: new as *mut c_void },
            PyType_Slot { slot: Py_tp_descr_get, pfunc: descr_get as *mut c_void },
            PyType_Slot { slot: Py_tp_richcompare, pfunc: richcompare as *mut c_void },
            PyType_Slot { slot: Py_tp_hash, pfunc: hash as *mut c_void },
            PyType_Slot { slot: Py_tp_methods, pfunc: methods as *mut c_void },
            PyType_Slot { slot: Py_tp_getset, pfunc: getsets as *mut c_void },
            PyType_Slot { slot: Py_tp_members, pfunc: members as *mut c_void },
            PyType_Slot { slot: 0, pfunc: null_mut() },
        ]);
        let spec = leak(vec![PyType_Spec {
            name: c"ferrule.Function".as_ptr(),
            basicsize: std::mem::size_of::<PyFunction>() as i32,
            itemsize: 0,
            flags: (Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_METHOD_DESCRIPTOR)
                as u32,
            slots,
        }]);
        let tp = PyType_FromSpec(spec);
        if !tp.is_null() {
            set_function_type(tp as *mut PyTypeObject, vectorcall);
        }
        tp
    }
}
