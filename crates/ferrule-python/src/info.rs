//! Floor 3, values. May use floors 0–2 and `convert` (same floor, which never uses this file).
//!
//! Cached function metadata (from `func_get_info`) and keyword-argument binding.
//!
//! In a packed call every parameter is positional, in packed order: the fixed parameters
//! (positional-only, positional, keyword-only) in declaration order, then the `*args` values.
//! Python callers get Python's rules on top.

use std::ffi::CStr;
use std::ptr::null_mut;

use ferrule_sys::{
    type_index as ti, ErrorKind, FerruleAny, FerruleAnyPayload, FerruleObject, FERRULE_FUNC_LONG_RUNNING,
};
use pyo3_ffi::*;

use crate::api::api;
use crate::convert::any_into_py;
use crate::error::{raise_kind, raise_native_error};
use crate::types::{display_name, Info, Kind, Param, PyFunction};
use crate::util::{str_view, Owned, SmallVec};

unsafe fn dict_str(dict: *mut PyObject, key: &CStr) -> String {
    // SAFETY: the caller holds the GIL and `dict` is a live dict; the item is borrowed and read before anything can
    // change it.
    unsafe {
        let v = PyDict_GetItemString(dict, key.as_ptr());
        if v.is_null() || PyUnicode_Check(v) == 0 {
            return String::new();
        }
        str_view(v).map(str::to_owned).unwrap_or_else(|| {
            PyErr_Clear();
            String::new()
        })
    }
}

/// Fetches and parses a function's metadata. `None` with a Python error set on failure.
pub unsafe fn load_info(handle: *mut FerruleObject) -> Option<Info> {
    // SAFETY: the caller holds the GIL and `handle` is a live function object; the metadata Any is released once, and
    // every Python reference made here is owned by the Info (freed in its Drop) or an `Owned`.
    unsafe {
        let (mut map, mut err) = (null_mut(), null_mut());
        if (api().func_get_info)(handle, &mut map, &mut err) != 0 {
            raise_native_error(err);
            return None;
        }
        let dict = Owned::new(any_into_py(&mut FerruleAny {
            type_index: ti::MAP,
            small_len: 0,
            payload: FerruleAnyPayload { v_obj: map },
        }))?;
        if PyDict_Check(dict.0) == 0 {
            raise_kind(ErrorKind::RuntimeError, "ferrule: func_get_info did not return a map");
            return None;
        }
        let flags = PyDict_GetItemString(dict.0, c"flags".as_ptr());
        let flags = if flags.is_null() { 0 } else { PyLong_AsLong(flags) };
        if flags == -1 && !PyErr_Occurred().is_null() {
            PyErr_Clear();
        }
        let doc = PyDict_GetItemString(dict.0, c"doc".as_ptr());
        let doc = if !doc.is_null() && PyUnicode_Check(doc) != 0 && PyUnicode_GetLength(doc) > 0 {
            crate::util::new_ref(doc)
        } else {
            null_mut()
        };
        let mut info = Info {
            name: dict_str(dict.0, c"name"),
            doc,
            dict: null_mut(),
            has_signature: match PyDict_GetItemString(dict.0, c"has_signature".as_ptr()) {
                flag if !flag.is_null() => PyObject_IsTrue(flag) == 1,
                _ => !dict_str(dict.0, c"signature").is_empty(),
            },
            long_running: flags as i32 & FERRULE_FUNC_LONG_RUNNING != 0,
            params: Vec::new(),
            var_positional: None,
            var_takes_tensor: false,
            n_positional: 0,
            min_args: 0,
            max_args: usize::MAX,
            always_bind: false,
            dtype_params: 0,
        };
        let params = PyDict_GetItemString(dict.0, c"params".as_ptr());
        if !params.is_null() && PyList_Check(params) != 0 {
            for i in 0..PyList_GET_SIZE(params) {
                let p = PyList_GET_ITEM(params, i);
                if PyDict_Check(p) == 0 {
                    continue;
                }
                let name = PyDict_GetItemString(p, c"name".as_ptr());
                if name.is_null() || PyUnicode_Check(name) == 0 {
                    continue;
                }
                let kind = match dict_str(p, c"kind").as_str() {
                    "keyword_only" => Kind::KeywordOnly,
                    "positional_only" => Kind::PositionalOnly,
                    "var_positional" => Kind::VarPositional,
                    _ => Kind::Positional,
                };
                let text = crate::util::text_for_message(name);
                let takes_tensor = dict_str(p, c"type").contains("Tensor");
                if kind == Kind::VarPositional {
                    info.var_positional = Some(text);
                    info.var_takes_tensor = takes_tensor;
                    continue;
                }
                if matches!(dict_str(p, c"type").as_str(), "dtype" | "dtype | None") && info.params.len() < 64 {
                    info.dtype_params |= 1 << info.params.len();
                }
                let default = PyDict_GetItemString(p, c"default".as_ptr());
                let default = if default.is_null() { null_mut() } else { crate::util::new_ref(default) };
                // interned, so keyword names (interned by the compiler) match by identity
                let mut name = crate::util::new_ref(name);
                PyUnicode_InternInPlace(&mut name);
                info.params.push(Param { name, text, kind, default, takes_tensor });
            }
        }
        let positional = |p: &&Param| matches!(p.kind, Kind::Positional | Kind::PositionalOnly);
        info.n_positional = info.params.iter().filter(positional).count();
        info.min_args = info.params.iter().filter(positional).filter(|p| p.default.is_null()).count();
        info.always_bind = info.var_positional.is_some() && info.params.len() > info.n_positional;
        if info.params.iter().any(|p| p.kind == Kind::KeywordOnly && p.default.is_null()) {
            info.min_args = usize::MAX;
        }
        info.max_args = if info.var_positional.is_some() { usize::MAX } else { info.n_positional };
        info.dict = dict.into_ptr();
        Some(info)
    }
}

/// Checks a keyword-free call's argument count against the signature; raises TypeError naming
/// the function when it does not fit.
#[inline(always)]
pub unsafe fn check_arity(f: *mut PyFunction, info: &Info, nargs: usize) -> bool {
    if nargs >= info.min_args && nargs <= info.max_args {
        return true;
    }
    // SAFETY: as for this function: the GIL is held and `f` is the live Function of `info`.
    unsafe { raise_arity(f, info, nargs, &[]) };
    false
}

/// Raises the TypeError for a call whose filled slots (`filled[i]` for fixed parameter i; empty
/// means "the first `nargs`") do not satisfy the signature.
#[cold]
unsafe fn raise_arity(f: *mut PyFunction, info: &Info, nargs: usize, filled: &[bool]) {
    // SAFETY: the caller holds the GIL and `f` is the live Function whose metadata is `info`.
    unsafe {
        let name = display_name(f);
        if nargs > info.max_args {
            let n = info.n_positional;
            let plural = if n == 1 { "" } else { "s" };
            let given = if nargs == 1 { "was" } else { "were" };
            raise_kind(
                ErrorKind::TypeError,
                &format!("{name}() takes {n} positional argument{plural} but {nargs} {given} given"),
            );
            return;
        }
        for (i, p) in info.params.iter().enumerate() {
            let is_filled = if filled.is_empty() { i < nargs && p.kind != Kind::KeywordOnly } else { filled[i] };
            if !is_filled && p.default.is_null() {
                let msg = match p.kind {
                    Kind::KeywordOnly => format!("{name}() missing required keyword argument '{}'", p.text),
                    _ => format!("{name}() missing required argument '{}' (position {})", p.text, i + 1),
                };
                raise_kind(ErrorKind::TypeError, &msg);
                return;
            }
        }
        raise_kind(ErrorKind::TypeError, &format!("{name}(): wrong number of arguments ({nargs})"));
    }
}

/// Index of the fixed parameter called `key`, if any.
unsafe fn find_param(info: &Info, key: *mut PyObject) -> Option<usize> {
    // SAFETY: the caller holds the GIL; `key` and the parameter names are live str objects owned by the caller and
    // `info`.
    unsafe {
        // interned names usually match by identity
        if let Some(i) = info.params.iter().position(|p| p.name == key) {
            return Some(i);
        }
        info.params.iter().position(|p| PyUnicode_Compare(p.name, key) == 0)
    }
}

/// Binds positional and keyword arguments into `slots` (empty on entry) in the packed
/// positional order, filling gaps with defaults. Borrowed pointers, valid while the call's
/// arguments and `info` live. False with a TypeError set (naming the function) on unknown,
/// duplicate or missing arguments.
///
/// (`slots` is the caller's: returned by value, the vector was copied out right after its
/// slots were written, and the copy's wide loads stalled on those stores.)
pub unsafe fn bind_keywords(
    f: *mut PyFunction,
    info: &Info,
    args: &[*mut PyObject],
    kwnames: *mut PyObject,
    kwvalues: &[*mut PyObject],
    slots: &mut SmallVec<*mut PyObject, 8>,
) -> bool {
    // SAFETY: the caller holds the GIL; `kwnames` is NULL or a tuple of str with one value in `kwvalues` per name,
    // and `args` and `kwvalues` are live objects borrowed from the vectorcall; every object the binding keeps gets
    // its own reference.
    unsafe {
        if !info.has_signature {
            let name = display_name(f);
            raise_kind(
                ErrorKind::TypeError,
                &format!("{name}() takes no keyword arguments (it was registered without a signature)"),
            );
            return false;
        }
        let nargs = args.len();
        if nargs > info.max_args {
            raise_arity(f, info, nargs, &[]);
            return false;
        }
        let n_given = nargs.min(info.n_positional);
        for &a in &args[..n_given] {
            slots.push(a);
        }
        for _ in n_given..info.params.len() {
            slots.push(null_mut());
        }
        let fixed = slots.as_mut_slice();
        for (k, &value) in kwvalues.iter().enumerate() {
            let key = PyTuple_GET_ITEM(kwnames, k as Py_ssize_t);
            let Some(i) = find_param(info, key) else {
                let msg = format!(
                    "{}() got an unexpected keyword argument '{}'",
                    display_name(f),
                    crate::util::text_for_message(key)
                );
                raise_kind(ErrorKind::TypeError, &msg);
                return false;
            };
            if info.params[i].kind == Kind::PositionalOnly {
                let msg = format!(
                    "{}() got some positional-only arguments passed as keyword arguments: '{}'",
                    display_name(f),
                    info.params[i].text
                );
                raise_kind(ErrorKind::TypeError, &msg);
                return false;
            }
            if !fixed[i].is_null() {
                let msg = format!("{}() got multiple values for argument '{}'", display_name(f), info.params[i].text);
                raise_kind(ErrorKind::TypeError, &msg);
                return false;
            }
            fixed[i] = value;
        }
        if let Some(missing) = fixed.iter().zip(&info.params).position(|(s, p)| s.is_null() && p.default.is_null()) {
            let filled: Vec<bool> = fixed.iter().map(|s| !s.is_null()).collect();
            debug_assert!(!filled[missing]);
            raise_arity(f, info, nargs, &filled);
            return false;
        }
        for (slot, p) in fixed.iter_mut().zip(&info.params) {
            if slot.is_null() {
                *slot = p.default;
            }
        }
        for &extra in args.iter().skip(info.n_positional) {
            slots.push(extra);
        }
        true
    }
}
