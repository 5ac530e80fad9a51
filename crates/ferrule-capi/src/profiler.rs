//! The profiler's face in the ABI: the `ferrule_profiler_*` exports, the registered
//! `profiler.*` functions every frontend calls, and the profile object `profiler.stop()` returns.
//!
//! A stopped profile is a function object over a C callback of this file, its state the
//! collected [`Profile`]: every frontend already holds, calls and frees function objects, so the
//! profile needs no object type of its own. It is called with a method name first:
//! `profile("table", sort_by, row_limit)`, `profile("chrome_trace")`, `profile("events")`, ...
//! (see [`METHODS`]). `ferrule_profiler_export_chrome_trace` and `ferrule_profiler_table` know a
//! profile by its callback's address.

use std::ffi::{c_char, c_void};

use ferrule_core::profiler::{self, Part, Profile, Record, Row, SortKey, RECORD_MEMORY, RECORD_SHAPES};
use ferrule_registry::{Any, AnyView, Array, Callable, Error, FuncDef, Function, Map, ObjRef, Result, Str};
use ferrule_sys::{FerruleAny, FerruleObject};

use crate::boundary::ffi_boundary;
use crate::values::{c_str_arg, out_arg};

/// The methods of a profile object, with what they take and return.
pub const METHODS: &str = "chrome_trace() -> str, write_chrome_trace(path: str) -> None, table(sort_by: str = \
                           'self_time', row_limit: int | None = 20) -> str, events() -> list[dict], rows() -> \
                           list[dict], tracks() -> list[dict], wall_ns() -> int";

/// The profile behind a function object made by [`profile_object`], if it is one.
pub(crate) fn profile_of(f: &Function) -> Option<&Profile> {
    let (callback, state) = f.c_callback()?;
    if callback as *const () != profile_method as *const () {
        return None;
    }
    // SAFETY: only `profile_object` creates function objects over `profile_method`, with a
    // leaked `Box<Profile>` as state that lives as long as the function object `f` borrows.
    Some(unsafe { &*state.cast::<Profile>() })
}

/// A function object holding `profile`.
fn profile_object(profile: Profile) -> ObjRef<Function> {
    let state = Box::into_raw(Box::new(profile)).cast::<c_void>();
    Function::from_callable(Callable::C { callback: profile_method, state, deleter: Some(drop_profile) })
}

unsafe extern "C" fn drop_profile(state: *mut c_void) {
    // SAFETY: the state `profile_object` leaked, freed once by the function object's deleter.
    drop(unsafe { Box::from_raw(state.cast::<Profile>()) });
}

/// The packed callback of a profile object: `profile(method, *args)`.
unsafe extern "C" fn profile_method(
    state: *mut c_void,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("profile", err, || {
        // SAFETY: `state` is the profile `profile_object` leaked (only it creates this callback's
        // functions); `args` holds `num_args` borrowed values (the calling convention).
        let (profile, args) = unsafe {
            (
                &*state.cast::<Profile>(),
                AnyView::as_anys(AnyView::slice_from_raw(args, usize::try_from(num_args).unwrap_or(0))),
            )
        };
        let result = call_method(profile, args)?;
        // SAFETY: `out` is the callee's writable result slot.
        unsafe { *out = result.into_raw() };
        Ok(())
    })
}

/// The profiler's error with `what` (the function the caller called) in front.
fn named(what: &str, e: ferrule_core::Error) -> Error {
    Error::new(e.kind, &format!("{what}: {}", e.message))
}

fn call_method(profile: &Profile, args: &[Any]) -> Result<Any> {
    let Some(method) = args.first() else {
        return Err(Error::type_error(format!("profile(): missing the method name (one of: {METHODS})")));
    };
    let Some(method) = method.as_str() else {
        return Err(Error::type_error(format!(
            "profile(): argument 1 'method' must be a str, not {} (one of: {METHODS})",
            method.type_name()
        )));
    };
    let rest = &args[1..];
    let arity = |n: usize| {
        if rest.len() == n {
            Ok(())
        } else {
            Err(Error::type_error(format!("profile.{method}() takes {n} arguments but {} were given", rest.len())))
        }
    };
    match method {
        "chrome_trace" => arity(0).map(|()| Any::str(&profile.chrome_trace())),
        "write_chrome_trace" => {
            arity(1)?;
            let path = rest[0].as_str().ok_or_else(|| {
                Error::type_error(format!(
                    "profile.write_chrome_trace() argument 1 'path': expected str, got {}",
                    rest[0].type_name()
                ))
            })?;
            write_chrome_trace(profile, path, "profile.write_chrome_trace()").map(|()| Any::NONE)
        }
        "table" => {
            if rest.len() > 2 {
                return Err(Error::type_error(format!(
                    "profile.table() takes at most 2 arguments but {} were given",
                    rest.len()
                )));
            }
            let sort_by = match rest.first() {
                None => "self_time",
                Some(a) => a.as_str().ok_or_else(|| {
                    Error::type_error(format!(
                        "profile.table() argument 1 'sort_by': expected str, got {}",
                        a.type_name()
                    ))
                })?,
            };
            let limit = match rest.get(1) {
                None => Some(20),
                Some(a) if a.is_none() => None,
                Some(a) => {
                    Some(a.as_int().filter(|_| a.type_index() == ferrule_sys::type_index::INT).ok_or_else(|| {
                        Error::type_error(format!(
                            "profile.table() argument 2 'row_limit': expected int or None, got {}",
                            a.type_name()
                        ))
                    })?)
                }
            };
            table(profile, sort_by, limit, "profile.table()").map(|t| Any::str(&t))
        }
        "events" => arity(0).and_then(|()| list(profile.events.iter().map(|e| event_map(profile, e)))),
        "rows" => arity(0).and_then(|()| list(profile.rows().iter().map(|r| row_map(profile, r)))),
        "tracks" => arity(0).and_then(|()| {
            list(
                profile
                    .tracks
                    .iter()
                    .map(|t| map(vec![("thread_id", Any::int(t.tid as i64)), ("name", Any::str(&t.name))])),
            )
        }),
        "wall_ns" => arity(0).map(|()| Any::int(profile.wall_ns as i64)),
        _ => Err(Error::value_error(format!("profile(): unknown method '{method}' (the methods: {METHODS})"))),
    }
}

/// The table of `profile`; `limit` None (all rows) or a count >= 0.
fn table(profile: &Profile, sort_by: &str, limit: Option<i64>, what: &str) -> Result<String> {
    let sort = SortKey::parse(sort_by).map_err(|e| named(what, e))?;
    let limit = match limit {
        None => None,
        Some(n) => Some(usize::try_from(n).map_err(|_| {
            Error::value_error(format!("{what}: row_limit must be a count >= 0 or None for every row, not {n}"))
        })?),
    };
    Ok(profile.table(sort, limit))
}

fn write_chrome_trace(profile: &Profile, path: &str, what: &str) -> Result<()> {
    std::fs::write(path, profile.chrome_trace())
        .map_err(|e| Error::runtime_error(format!("{what}: cannot write the trace to {path:?}: {e}")))
}

fn map(pairs: Vec<(&str, Any)>) -> Result<Any> {
    Ok(Any::object(ObjRef::new(Map::new(pairs.into_iter().map(|(k, v)| (Any::str(k), v)))?)))
}

fn list(items: impl Iterator<Item = Result<Any>>) -> Result<Any> {
    Ok(Any::object(ObjRef::new(Array::new(items.collect::<Result<Vec<_>>>()?))))
}

fn ints(values: impl Iterator<Item = i64>) -> Any {
    Any::object(ObjRef::new(Array::new(values.map(Any::int).collect())))
}

fn event_map(profile: &Profile, e: &Record) -> Result<Any> {
    let detail = e.detail.as_ref();
    let args = detail.filter(|d| !d.args.is_empty()).map(|d| &d.args);
    let shapes = args.map(|args| {
        Any::object(ObjRef::new(Array::new(
            args.iter().map(|a| a.shape.as_ref().map_or(Any::NONE, |s| ints(s.iter().copied()))).collect(),
        )))
    });
    let dtypes =
        args.map(|args| Any::object(ObjRef::new(Array::new(args.iter().map(|a| Any::str(a.dtype)).collect()))));
    let part = detail.and_then(|d| d.part.as_ref()).map(|p| match p {
        Part::Items(r) => ("items", ints([r.start as i64, r.end as i64].into_iter())),
        Part::Block { index, count } => ("block", ints([*index as i64, *count as i64].into_iter())),
    });
    map(vec![
        ("name", Any::str(&e.name)),
        ("category", Any::str(e.category.name())),
        ("thread_id", Any::int(e.tid as i64)),
        ("thread", Any::str(profile.track_name(e.tid))),
        ("start_ns", Any::int(e.start_ns as i64)),
        ("duration_ns", Any::int(e.duration_ns as i64)),
        ("frontend", e.frontend.map_or(Any::NONE, |f| Any::str(f.name()))),
        ("shapes", shapes.unwrap_or(Any::NONE)),
        ("dtypes", dtypes.unwrap_or(Any::NONE)),
        ("bytes_allocated", detail.and_then(|d| d.bytes_allocated).map_or(Any::NONE, |b| Any::int(b as i64))),
        ("items", part.as_ref().filter(|p| p.0 == "items").map_or(Any::NONE, |p| p.1.clone())),
        ("block", part.as_ref().filter(|p| p.0 == "block").map_or(Any::NONE, |p| p.1.clone())),
    ])
}

fn row_map(profile: &Profile, r: &Row) -> Result<Any> {
    let percent = if profile.wall_ns == 0 { 0.0 } else { 100.0 * r.total_ns as f64 / profile.wall_ns as f64 };
    map(vec![
        ("name", Any::str(&r.name)),
        ("category", Any::str(r.category.name())),
        ("calls", Any::int(r.calls as i64)),
        ("total_ns", Any::int(r.total_ns as i64)),
        ("self_ns", Any::int(r.self_ns as i64)),
        ("average_ns", Any::int(r.average_ns() as i64)),
        ("percent_of_wall", Any::from(percent)),
    ])
}

/// Registers `profiler.*`.
pub(crate) fn register() -> Result<()> {
    FuncDef::new("profiler.start")
        .doc("Starts recording a profile of this process: every packed call, op, backward node, pool work item,\nGIL release and user range, on every thread, until profiler.stop(). record_shapes adds each op's\nargument shapes and dtypes; record_memory the bytes of tensor memory allocated inside each op and\ncall. One profile records at a time: RuntimeError when one already is.")
        .signature("(record_shapes: bool = False, record_memory: bool = False) -> None")
        .register(|shapes: bool, memory: bool| {
            let options = if shapes { RECORD_SHAPES } else { 0 } | if memory { RECORD_MEMORY } else { 0 };
            profiler::start(options).map_err(|e| named("profiler.start()", e))
        })?;
    FuncDef::new("profiler.stop")
        .doc(&format!("Stops recording and returns the profile, a function called with a method name: {METHODS}.\nRuntimeError when no profile is recording."))
        .signature("() -> Function")
        .register(|| {
            profiler::stop().map(profile_object).map_err(|e| named("profiler.stop()", e))
        })?;
    FuncDef::new("profiler.is_enabled")
        .doc("Whether a profile is recording.")
        .signature("() -> bool")
        .register(profiler::enabled)?;
    FuncDef::new("profiler.range_push")
        .doc("Opens a user range named name on the calling thread; returns the token that closes it\n(profiler.range_pop), 0 when no profile records.")
        .signature("(name: str) -> int")
        .register(|name: String| profiler::range_push(&name) as i64)?;
    FuncDef::new("profiler.range_pop")
        .doc("Closes the range of token (from profiler.range_push on this thread) and any range opened inside\nit; does nothing for 0 or a token not open on this thread.")
        .signature("(token: int) -> None")
        .register(|token: i64| profiler::range_pop(token as u64))?;
    FuncDef::new("profiler.name_thread")
        .doc("Names the track of OS thread thread_id in the profile being recorded (ignored when none is).")
        .signature("(thread_id: int, name: str) -> None")
        .register(|tid: i64, name: String| profiler::name_thread(tid as u64, &name))?;
    Ok(())
}

/// See `ferrule_profiler_start` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_start(options: i32, err: *mut *mut FerruleObject) -> i32 {
    ffi_boundary("ferrule_profiler_start", err, || {
        let options = u32::try_from(options)
            .map_err(|_| Error::value_error(format!("ferrule_profiler_start: unknown options {options:#x}")))?;
        profiler::start(options).map_err(|e| named("ferrule_profiler_start", e))
    })
}

/// See `ferrule_profiler_stop` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_stop(out: *mut *mut FerruleObject, err: *mut *mut FerruleObject) -> i32 {
    ffi_boundary("ferrule_profiler_stop", err, || {
        let out = out_arg(out, "ferrule_profiler_stop", "out")?;
        let profile = profiler::stop().map_err(|e| named("ferrule_profiler_stop", e))?;
        // SAFETY: checked writable.
        unsafe { *out = profile_object(profile).into_raw() };
        Ok(())
    })
}

/// The profile a C caller passed.
unsafe fn profile_arg<'a>(profile: *mut FerruleObject, what: &str) -> Result<&'a Profile> {
    if profile.is_null() {
        return Err(Error::value_error(format!("{what}: argument 'profile' is NULL")));
    }
    // SAFETY: the caller passes a live object (the ABI's contract); the type is checked.
    let f = unsafe { ObjRef::<Function>::downcast(profile) };
    f.and_then(profile_of).ok_or_else(|| {
        Error::type_error(format!("{what}: argument 'profile' is not a profile (from ferrule_profiler_stop)"))
    })
}

/// See `ferrule_profiler_export_chrome_trace` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_export_chrome_trace(
    profile: *mut FerruleObject,
    path: *const c_char,
    err: *mut *mut FerruleObject,
) -> i32 {
    const WHAT: &str = "ferrule_profiler_export_chrome_trace";
    ffi_boundary(WHAT, err, || {
        // SAFETY: caller contract for both pointers.
        let (profile, path) = unsafe { (profile_arg(profile, WHAT)?, c_str_arg(path, WHAT, "path")?) };
        write_chrome_trace(profile, path, WHAT)
    })
}

/// See `ferrule_profiler_table` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_table(
    profile: *mut FerruleObject,
    sort_by: *const c_char,
    row_limit: i32,
    out: *mut *mut FerruleObject,
    err: *mut *mut FerruleObject,
) -> i32 {
    const WHAT: &str = "ferrule_profiler_table";
    ffi_boundary(WHAT, err, || {
        let out = out_arg(out, WHAT, "out")?;
        // SAFETY: caller contract for both pointers.
        let (profile, sort_by) = unsafe {
            (
                profile_arg(profile, WHAT)?,
                if sort_by.is_null() { "self_time" } else { c_str_arg(sort_by, WHAT, "sort_by")? },
            )
        };
        let limit = if row_limit == -1 { None } else { Some(i64::from(row_limit)) };
        let text = table(profile, sort_by, limit, WHAT)?;
        // SAFETY: checked writable.
        unsafe { *out = ObjRef::new(Str::new(&text)).into_raw() };
        Ok(())
    })
}

/// See `ferrule_profiler_range_push` in ferrule.h.
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_range_push(
    name: *const c_char,
    token: *mut u64,
    err: *mut *mut FerruleObject,
) -> i32 {
    ffi_boundary("ferrule_profiler_range_push", err, || {
        let token = out_arg(token, "ferrule_profiler_range_push", "token")?;
        // SAFETY: caller contract.
        let name = unsafe { c_str_arg(name, "ferrule_profiler_range_push", "name") }?;
        // SAFETY: checked writable.
        unsafe { *token = profiler::range_push(name) };
        Ok(())
    })
}

/// See `ferrule_profiler_range_pop` in ferrule.h. (`unsafe` only so that the API table holds this
/// very function: it has no contract beyond the ABI's.)
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_range_pop(token: u64) {
    crate::boundary::ffi_boundary_void("ferrule_profiler_range_pop", (), || profiler::range_pop(token));
}

/// See `ferrule_profiler_enabled` in ferrule.h. (`unsafe` only so that the API table holds this
/// very function.)
#[no_mangle]
pub unsafe extern "C" fn ferrule_profiler_enabled() -> i32 {
    i32::from(profiler::enabled())
}
