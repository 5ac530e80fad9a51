//! Packed functions: one calling convention for Rust closures and C callbacks, plus metadata.

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use ferrule_core::profiler::{self, Category, Frontend, Interned, Name, Span};
use ferrule_sys::{type_index as ti, FerruleAny, FerruleCallback, FerruleObject, FerruleStateDeleter};

use crate::any::{check_raw, type_name_of, Any, AnyView, RawValueProblem};
use crate::error::{Error, ErrorObj, Result};
use crate::object::{ObjRef, ObjectType};
use crate::signature::Signature;

/// A packed Rust function: borrowed arguments in, an owned value or an error out.
pub type NativeFn = dyn Fn(&[Any]) -> Result<Any> + Send + Sync;

/// What a function object calls.
pub enum Callable {
    /// A Rust closure.
    Native(Box<NativeFn>),
    /// A C callback with its state and the state's deleter.
    C {
        /// The callback.
        callback: FerruleCallback,
        /// State passed as `self`.
        state: *mut c_void,
        /// Frees `state` when the function dies.
        deleter: Option<FerruleStateDeleter>,
    },
}

// SAFETY: the C ABI requires callbacks and their state to be callable and freeable from any thread.
unsafe impl Send for Callable {}
// SAFETY: as above.
unsafe impl Sync for Callable {}

impl Drop for Callable {
    fn drop(&mut self) {
        if let Callable::C { state, deleter: Some(deleter), .. } = *self {
            // SAFETY: the creator handed us this deleter for this state; it runs once.
            unsafe { deleter(state) }
        }
    }
}

/// Registration metadata of a function.
#[derive(Debug, Default)]
pub struct FuncInfo {
    /// How many leading fixed parameters a call must pass (one past the last without a
    /// default), computed once: fewer arguments are a TypeError, more get defaults filled.
    pub(crate) required_len_cache: usize,
    /// The default of every fixed parameter (None where there is none), in order: a call that
    /// leaves trailing arguments out borrows them from here (views: nothing counted or dropped).
    pub(crate) defaults_cache: Box<[Any]>,
    /// Registered name ("" if never registered).
    pub name: String,
    /// Documentation.
    pub doc: String,
    /// Parameters and return type, when known.
    pub signature: Option<Signature>,
    /// `FERRULE_FUNC_*` flags.
    pub flags: i32,
    /// The name the profiler records calls under, interned the first time one is recorded;
    /// None for the profiler's own `profiler.*` functions, which are not recorded.
    pub(crate) profile_name: OnceLock<Option<Interned>>,
}

/// A function object (`FERRULE_TYPE_FUNCTION`).
pub struct Function {
    callable: Arc<Callable>,
    info: OnceLock<Arc<FuncInfo>>,
    /// A C callable's callback and state, copied out of `callable`, and the number of fixed
    /// parameters of `info`'s signature (0 until registered; fewer arguments get defaults
    /// filled): every call reads these two fields instead of following `callable` and `info`.
    direct: Option<Direct>,
    fixed_len: AtomicUsize,
}

/// A C callback and its state, as [`Function::invoke`] calls them.
#[derive(Clone, Copy)]
struct Direct {
    callback: FerruleCallback,
    state: *mut c_void,
}

// SAFETY: a copy of a `Callable::C`'s fields, which the C ABI requires callable from any thread.
unsafe impl Send for Direct {}
// SAFETY: as above.
unsafe impl Sync for Direct {}

impl ObjectType for Function {
    const TYPE_INDEX: i32 = ti::FUNCTION;
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Function({:?})", self.info().map_or("", |i| i.name.as_str()))
    }
}

impl Function {
    /// A function object around a Rust closure.
    pub fn from_native(f: impl Fn(&[Any]) -> Result<Any> + Send + Sync + 'static) -> ObjRef<Function> {
        Self::from_callable(Callable::Native(Box::new(f)))
    }

    /// A function object around a callable.
    pub fn from_callable(callable: Callable) -> ObjRef<Function> {
        ObjRef::new(Function::sharing(Arc::new(callable)))
    }

    /// A function object over `callable`, with no metadata.
    fn sharing(callable: Arc<Callable>) -> Function {
        let direct = match *callable {
            Callable::C { callback, state, .. } => Some(Direct { callback, state }),
            Callable::Native(_) => None,
        };
        Function { callable, info: OnceLock::new(), direct, fixed_len: AtomicUsize::new(0) }
    }

    /// This function with metadata attached: the same object if it had none yet, otherwise a
    /// new object sharing the callable (so a function registered twice keeps both signatures).
    pub fn with_info(this: &ObjRef<Function>, mut info: FuncInfo) -> ObjRef<Function> {
        info.required_len_cache = info.signature.as_ref().map_or(0, |sig| {
            sig.fixed_params().enumerate().filter(|(_, p)| p.default.is_none()).map(|(i, _)| i + 1).max().unwrap_or(0)
        });
        info.defaults_cache = info.signature.as_ref().map_or_else(Box::default, |sig| {
            sig.fixed_params().map(|p| p.default.clone().unwrap_or_default()).collect()
        });
        let fixed_len = info.signature.as_ref().map_or(0, Signature::fixed_len);
        let info = Arc::new(info);
        if this.info.set(info.clone()).is_ok() {
            // (A call racing with this store may still see 0 and skip filling defaults, like a
            // call made just before registration.)
            this.fixed_len.store(fixed_len, Ordering::Relaxed);
            return this.clone();
        }
        let copy = Function::sharing(this.callable.clone());
        copy.fixed_len.store(fixed_len, Ordering::Relaxed);
        let _ = copy.info.set(info);
        ObjRef::new(copy)
    }

    /// Registration metadata, if the function was registered.
    #[inline]
    pub fn info(&self) -> Option<&Arc<FuncInfo>> {
        self.info.get()
    }

    /// The registered name, or "<anonymous function>".
    pub fn name(&self) -> &str {
        self.info().map_or("<anonymous function>", |i| i.name.as_str())
    }

    /// The profiler's event for a packed call of this function from `frontend` (recorded when
    /// the returned span is dropped); `Span::OFF` when no profile records.
    #[inline(always)]
    pub fn profile_call(&self, frontend: Frontend) -> Span {
        if !profiler::enabled() {
            return Span::OFF;
        }
        self.open_call_span(frontend)
    }

    #[cold]
    #[inline(never)]
    fn open_call_span(&self, frontend: Frontend) -> Span {
        let name = match self.info() {
            Some(info) => {
                let interned = info
                    .profile_name
                    .get_or_init(|| (!info.name.starts_with("profiler.")).then(|| profiler::intern(&info.name)));
                match interned {
                    Some(id) => Name::Interned(*id),
                    None => return Span::OFF,
                }
            }
            None => Name::Static("<anonymous function>"),
        };
        Span::open(name, Category::Call, Some(frontend))
    }

    /// Calls with borrowed arguments; trailing arguments left out take their defaults. Recorded
    /// by the profiler as a call from Rust.
    pub fn call(&self, args: &[Any]) -> Result<Any> {
        let _profiled = self.profile_call(Frontend::Rust);
        self.call_views(Any::views(args))
    }

    /// Calls with borrowed arguments, unrecorded (the C ABI's calls record themselves);
    /// trailing arguments left out take their defaults. Every call of a function, from Rust or
    /// through the C ABI, comes here.
    #[inline]
    pub fn call_views(&self, args: &[AnyView<'_>]) -> Result<Any> {
        match self.fill_defaults(args.len())? {
            None => self.invoke(args),
            Some(info) => self.call_filled(args, info),
        }
    }

    /// Calls with `args` completed by the registered defaults (`info` is what
    /// [`Function::fill_defaults`] returned for `args.len()`). The defaults are borrowed from
    /// `info` for the call: views, copied into an array on the stack when the signature is short
    /// (ops called without their trailing keywords, `add(a, b)` leaving `out`, come here on every
    /// call).
    fn call_filled(&self, args: &[AnyView<'_>], info: &FuncInfo) -> Result<Any> {
        const INLINE: usize = 8;
        let defaults = Any::views(&info.defaults_cache);
        // (fill_defaults returns `info` only for fewer arguments than there are defaults)
        let missing = defaults.get(args.len()..).unwrap_or_default();
        if defaults.len() <= INLINE {
            let mut full = [AnyView::NONE; INLINE];
            full[..args.len()].copy_from_slice(args);
            full[args.len()..defaults.len()].copy_from_slice(missing);
            return self.invoke(&full[..defaults.len()]);
        }
        let full: Vec<AnyView<'_>> = args.iter().chain(missing).copied().collect();
        self.invoke(&full)
    }

    /// If `n` arguments are too few and defaults can fill them, the metadata to fill from.
    /// Errors: TypeError naming the first missing argument without a default.
    #[inline]
    fn fill_defaults(&self, n: usize) -> Result<Option<&FuncInfo>> {
        // (`fixed_len` is stored after `info`: a call it sends on has metadata to fill from)
        if n >= self.fixed_len.load(Ordering::Relaxed) {
            return Ok(None);
        }
        match self.info() {
            Some(info) if n >= info.required_len_cache => Ok(Some(info)),
            _ => self.fill_defaults_slow(n),
        }
    }

    fn fill_defaults_slow(&self, n: usize) -> Result<Option<&FuncInfo>> {
        let Some(info) = self.info() else { return Ok(None) };
        let Some(sig) = info.signature.as_ref() else { return Ok(None) };
        if let Some((pos, p)) = sig.fixed_params().enumerate().skip(n).find(|(_, p)| p.default.is_none()) {
            return Err(Error::type_error(format!(
                "{}() missing required argument '{}' (position {})",
                self.name(),
                p.name,
                pos + 1
            )));
        }
        Ok(Some(info))
    }

    /// Calls what the function wraps with exactly these arguments: the one place a Rust closure
    /// or a C callback is called from (a C callback through [`call_c_checked`]).
    #[inline]
    fn invoke(&self, args: &[AnyView<'_>]) -> Result<Any> {
        // A C callable's callback and state are read from `direct` (a copy kept in this object,
        // see `Function::sharing`), so a call follows no pointer to reach them.
        let (callback, state) = match (self.direct, &*self.callable) {
            (Some(Direct { callback, state }), _) | (None, &Callable::C { callback, state, .. }) => (callback, state),
            (None, Callable::Native(f)) => return f(AnyView::as_anys(args)),
        };
        let n = i32::try_from(args.len()).map_err(|_| {
            Error::value_error(format!("{}(): {} arguments, more than a C callback can take", self.name(), args.len()))
        })?;
        // SAFETY: `AnyView` is repr(transparent) over FerruleAny: `n` borrowed values, alive for
        // the call; the callback and state are one `Callable::C`'s.
        unsafe { call_c_checked(callback, state, args.as_ptr().cast(), n, self) }
    }

    /// The callback and state of a function over a C callable (None for a Rust closure): how a
    /// library recognises the function objects it made itself.
    pub fn c_callback(&self) -> Option<(FerruleCallback, *mut c_void)> {
        match *self.callable {
            Callable::C { callback, state, .. } => Some((callback, state)),
            Callable::Native(_) => None,
        }
    }

    /// Whether a packed call with `n` arguments goes straight to a C callback: no defaults to
    /// fill, no Rust closure (which may panic). Such a call runs no code of ferrule's that can
    /// panic, so the C ABI's `ferrule_func_call` makes it without a panic guard
    /// ([`Function::call_c_directly`]).
    #[inline]
    pub fn calls_c_directly(&self, n: usize) -> bool {
        self.direct.is_some() && n >= self.fixed_len.load(Ordering::Relaxed)
    }

    /// The C ABI's fast path: when [`Function::calls_c_directly`] holds for `n` raw arguments,
    /// calls the C callback with the caller's arguments in place, through [`call_c_checked`] as
    /// [`Function::invoke`] does (the one place a C callback is called from), and returns its
    /// result; otherwise None, and nothing was called. It skips `invoke`'s dispatch on the
    /// callable and its length conversion: the callback is the `direct` copy and `n` is already
    /// the C `int` the callback takes (`benches/python/bench_call.py`: the empty call and
    /// `echo(t)` measured 23 instructions more by way of `invoke`).
    ///
    /// # Safety
    /// `args` points at `n` valid values (or `n == 0`).
    #[inline]
    pub unsafe fn call_c_directly(&self, args: *const FerruleAny, n: i32) -> Option<Result<Any>> {
        let Direct { callback, state } = self.direct?;
        if n < 0 || (n as usize) < self.fixed_len.load(Ordering::Relaxed) {
            return None;
        }
        // SAFETY: caller contract: `n` values, alive for the call; `callback` and `state` are the
        // copy of this function's `Callable::C` (`Function::sharing`).
        Some(unsafe { call_c_checked(callback, state, args, n, self) })
    }

    /// Calls with raw arguments and a raw output: the C ABI's `ferrule_func_call`, by way of
    /// [`Function::call_views`] (the arguments are viewed in place, nothing converted).
    ///
    /// # Safety
    /// `args` points at `n` valid values (or n == 0); `out` is writable.
    #[inline]
    pub unsafe fn call_raw(&self, args: *const FerruleAny, n: i32, out: *mut FerruleAny) -> Result<()> {
        let n_args = usize::try_from(n)
            .map_err(|_| Error::value_error(format!("{}(): negative argument count {n}", self.name())))?;
        // SAFETY: caller contract: `n_args` values, alive for the call.
        let result = self.call_views(unsafe { AnyView::slice_from_raw(args, n_args) })?;
        // SAFETY: `out` is writable.
        unsafe { *out = result.into_raw() };
        Ok(())
    }
}

/// Calls a C callback and holds it to the calling convention (ferrule.h, "C callbacks that
/// break the contract"): it must return 0 with a well-formed owned value in `*out` and nothing in
/// `*err`, or -1 with a new Error in `*err`. Anything else becomes a RuntimeError naming the
/// function and what it did, after releasing whatever it handed over that can be released
/// safely. The callee gets its own `out` (None) and `err` (NULL) slots, so what it stores is
/// always seen, whatever the caller's slots held.
///
/// # Safety
/// `args` points at `n` valid values (or `n == 0`); `callback` and `state` come from one
/// `Callable::C`.
#[inline]
unsafe fn call_c_checked(
    callback: FerruleCallback,
    state: *mut c_void,
    args: *const FerruleAny,
    n: i32,
    func: &Function,
) -> Result<Any> {
    let mut out = FerruleAny::NONE;
    let mut err: *mut FerruleObject = std::ptr::null_mut();
    // SAFETY: caller contract; `out` arrives as None and `err` as NULL, as the ABI says.
    let rc = unsafe { callback(state, args, n, &mut out, &mut err) };
    if rc == 0 && err.is_null() && check_raw(&out).is_ok() {
        // SAFETY: on success the callee handed over ownership of `out`, checked well-formed.
        return Ok(unsafe { Any::from_raw(out) });
    }
    // SAFETY: what the callee stored, read as far as it can be checked.
    Err(unsafe { contract_error(rc, out, err, func.name()) })
}

/// The error for a callback that returned `rc` with `out` and `err` but did not return a result
/// (or returned a malformed one); takes ownership of what can be released.
#[cold]
unsafe fn contract_error(rc: i32, out: FerruleAny, err: *mut FerruleObject, name: &str) -> Error {
    // What the callee stored in *err, taken over: its own error when it is one.
    // SAFETY: a non-NULL *err is an object the callee created (the contract; not checkable).
    let stored = (!err.is_null()).then(|| match unsafe { ObjRef::<ErrorObj>::downcast(err) } {
        // SAFETY: type checked; ownership passes to us.
        Some(_) => Ok(Error::from_object(unsafe { ObjRef::from_raw(err) })),
        None => {
            // SAFETY: as above.
            let index = unsafe { (*err).type_index };
            // SAFETY: an object the callee handed over; release its reference.
            unsafe { crate::object::release(err) };
            Err(index)
        }
    });
    match (rc, stored) {
        // On failure *out is not the caller's (the callee may still own what it put there): left alone.
        (-1, Some(Ok(error))) => error,
        (-1, None) => Error::runtime_error(format!("{name}() failed (returned -1) without storing an error in *err")),
        (-1, Some(Err(index))) => Error::runtime_error(format!(
            "{name}() failed (returned -1) and stored an object of type index {index} ({}) in *err instead of an \
                 Error",
            type_name_of(index)
        )),
        (0, Some(stored)) => {
            if check_raw(&out).is_ok() {
                // SAFETY: a well-formed result the callee handed over with its success.
                drop(unsafe { Any::from_raw(out) });
            }
            let what = match stored {
                Ok(error) => format!("{}: {}", error.kind(), error.message()),
                Err(index) => format!("an object of type index {index} ({})", type_name_of(index)),
            };
            Error::runtime_error(format!("{name}() returned 0 (success) but also stored an error in *err ({what})"))
        }
        (0, None) => {
            let problem = check_raw(&out);
            if let Err(RawValueProblem::Mismatch { .. }) = problem {
                // SAFETY: a live object (its header was read) the callee handed over as its result.
                unsafe { crate::object::release(out.payload.v_obj) };
            }
            let problem = problem.err().map_or_else(String::new, |p| p.to_string());
            Error::runtime_error(format!("{name}() returned a malformed result: {problem}"))
        }
        (rc, stored) => {
            let what = match stored {
                Some(Ok(error)) => format!("; the error it stored: {}: {}", error.kind(), error.message()),
                Some(Err(index)) => format!("; it stored an object of type index {index} in *err"),
                None => String::new(),
            };
            Error::runtime_error(format!(
                "{name}() returned {rc}: a packed function returns 0 (success) or -1 (failure, with an error in \
                 *err){what}"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrule_sys::type_index as ti;

    /// A C callback returning how many arguments it received.
    unsafe extern "C" fn count_args(
        _state: *mut c_void,
        _args: *const FerruleAny,
        num_args: i32,
        out: *mut FerruleAny,
        _err: *mut *mut FerruleObject,
    ) -> i32 {
        // SAFETY: `out` is a valid out-parameter (the packed calling convention).
        unsafe { *out = Any::from(i64::from(num_args)).into_raw() };
        0
    }

    fn info(signature: &str) -> FuncInfo {
        FuncInfo { signature: Some(Signature::parse(signature).unwrap()), ..FuncInfo::default() }
    }

    #[test]
    fn direct_calls_follow_each_objects_signature() {
        let f =
            Function::from_callable(Callable::C { callback: count_args, state: std::ptr::null_mut(), deleter: None });
        // unregistered: every arity is called directly
        assert!(f.calls_c_directly(0));
        let two = Function::with_info(&f, info("(a: int, b: int = 5) -> int"));
        // a second registration gets its own object over the same callable
        let three = Function::with_info(&f, info("(a: int, b: int = 5, c: int = 6) -> int"));
        assert!(std::ptr::eq(&*two, &*f) && !std::ptr::eq(&*three, &*f));
        assert!(!two.calls_c_directly(1) && two.calls_c_directly(2));
        assert!(!three.calls_c_directly(2) && three.calls_c_directly(3));
        // calls with fewer arguments get the defaults of their own signature
        let one = [Any::from(1i64)];
        assert_eq!(two.call(&one).unwrap().as_int(), Some(2));
        assert_eq!(three.call(&one).unwrap().as_int(), Some(3));
        // the C ABI's fast path calls only where no default is to be filled, and no closure
        let raw = [Any::int(1), Any::int(2), Any::int(3)].map(Any::into_raw);
        // SAFETY: `raw` holds three plain values.
        let direct = |f: &Function, n| unsafe { f.call_c_directly(raw.as_ptr(), n) }.map(|r| r.unwrap().as_int());
        assert_eq!((direct(&two, 1), direct(&two, 2), direct(&three, 3)), (None, Some(Some(2)), Some(Some(3))));
        assert_eq!(direct(&three, -1), None);
        let native = Function::from_native(|args: &[Any]| Ok(Any::int(args.len() as i64)));
        assert!(!native.calls_c_directly(0) && direct(&native, 0).is_none());
    }

    #[test]
    fn defaults_are_borrowed_for_the_call_objects_included() {
        // returns its second argument: the default when the call leaves it out
        let f = Function::from_native(|args: &[Any]| Ok(args[1].clone()));
        let text = "a default long enough to be a Str object";
        let f = Function::with_info(&f, info(&format!("(a: int, s: str = '{text}', n: int = 7) -> str")));
        let default = f.info().unwrap().defaults_cache[1].as_object_ptr().unwrap();
        // SAFETY: the registered signature keeps the default alive for the whole test.
        let count = || unsafe { crate::object::use_count(default) };
        let before = count();
        for _ in 0..3 {
            assert_eq!(f.call(&[Any::int(1)]).unwrap().as_str(), Some(text));
        }
        assert_eq!(count(), before, "no reference is left behind, none is dropped twice");
        assert_eq!(f.call(&[Any::int(1), Any::str("given")]).unwrap().as_str(), Some("given"));
        // past the inline array: a long signature is completed on the heap, alike
        let params: Vec<String> = (0..12).map(|i| format!("p{i}: int = {i}")).collect();
        let g = Function::with_info(
            &Function::from_native(|args: &[Any]| Ok(Any::int(args.iter().filter_map(Any::as_int).sum()))),
            info(&format!("({}) -> int", params.join(", "))),
        );
        assert_eq!(g.call(&[Any::int(100)]).unwrap().as_int(), Some(100 + (1..12).sum::<i64>()));
        let view = Any::int(5);
        assert_eq!(g.call_views(&[view.view(), AnyView::NONE]).unwrap().as_int(), Some(5 + (2..12).sum::<i64>()));
    }

    /// A C callback that breaks the convention in the way its first argument (an int) says; the
    /// second (a Str) and third (an Error) are what it hands over, retained.
    unsafe extern "C" fn misbehave(
        _state: *mut c_void,
        args: *const FerruleAny,
        _num_args: i32,
        out: *mut FerruleAny,
        err: *mut *mut FerruleObject,
    ) -> i32 {
        // SAFETY: the three arguments the test passes; `out` and `err` are the callee's slots.
        unsafe {
            let args = std::slice::from_raw_parts(args, 3);
            let handed_over = |i: usize| Any::from_borrowed(&args[i]).into_raw();
            match args[0].payload.v_int64 {
                0 => -1, // no error stored
                1 => 7,  // not a status
                2 => {
                    *out = FerruleAny { type_index: 999, small_len: 0, payload: args[0].payload };
                    0
                }
                3 => {
                    *out = handed_over(1);
                    *err = handed_over(2).payload.v_obj;
                    0
                }
                _ => {
                    let mut value = handed_over(1);
                    value.type_index = ti::TENSOR; // a Str object under the Tensor tag
                    *out = value;
                    0
                }
            }
        }
    }

    #[test]
    fn c_callbacks_are_held_to_the_calling_convention() {
        let f =
            Function::from_callable(Callable::C { callback: misbehave, state: std::ptr::null_mut(), deleter: None });
        let s = Any::str("a string long enough to be an object");
        let e = Any::object(Error::value_error("and a success").into_object());
        let cases = [
            (0, "<anonymous function>() failed (returned -1) without storing an error in *err"),
            (1, "<anonymous function>() returned 7: a packed function returns 0 (success) or -1"),
            (2, "<anonymous function>() returned a malformed result: a value with unknown type index 999"),
            (3, "<anonymous function>() returned 0 (success) but also stored an error in *err (ValueError: and a success)"),
            (4, "returned a malformed result: a value tagged Tensor (type index 71) holding an object of type index 65"),
        ];
        for (how, message) in cases {
            let error = f.call(&[Any::int(how), s.clone(), e.clone()]).unwrap_err();
            assert_eq!(error.kind(), "RuntimeError");
            assert!(error.message().contains(message), "{how}: {}", error.message());
            // what the callee handed over was released
            // SAFETY: `s` and `e` hold live objects for the whole test.
            let count = |v: &Any| unsafe { crate::object::use_count(v.as_object_ptr().unwrap()) };
            assert_eq!((count(&s), count(&e)), (1, 1), "{how}");
        }
    }
}
