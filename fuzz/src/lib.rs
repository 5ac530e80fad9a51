//! What the libFuzzer targets over libferrule's C ABI share: the input reader, a session of
//! values that is torn down (and checked for leaked objects) after every input, the C callbacks
//! a fuzzed function can be, and the list of findings still open (`known`).
//!
//! The targets call the exported `extern "C"` functions of `ferrule-capi` directly (its rlib is
//! libferrule) and initialise the `testing.*` plugin through its `ferrule_plugin_init`, exactly as
//! `ferrule_library_load` does after `dlopen`.

// The helpers take the raw pointers libferrule handed the harness (objects it owns), as the C
// ABI does; marking each one unsafe would only move the same contract into every target.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::ffi::{c_void, CStr, CString};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ferrule_sys::{type_index, DLDataType, DLDevice, FerruleAny, FerruleAnyPayload, FerruleObject};

/// Findings of issue 15 that are still open. While one is open the targets steer clear of the
/// inputs that trigger it (each use says how), so that the fuzzers keep finding new bugs instead
/// of that one. When its fix lands, set it to `false`: the fuzzers then reach those inputs too,
/// and any regression is a crash.
pub mod known {
    /// Finding 3: `ferrule_tensor_from_dlpack` calls the producer's deleter on failure, and does not
    /// check `shape == NULL` with `ndim > 0` nor a `byte_offset` past the address space. While
    /// open: a deleter call on failure is tolerated, and neither input is made.
    pub const F3_DLPACK_IMPORT: bool = false;
    /// Finding 5: allocation failure aborts (`repeat`, `unique_*`, `nonzero` of huge inputs,
    /// `ferrule_bytes_create` of an impossible length). Finding 12: long kernels do not stop.
    /// While either is open: those functions are not called, ints passed to registered
    /// functions are clamped to +-2**16, and no function is called with a tensor of more than
    /// 2**24 elements. (Closed: long work is cut short by the harness's signal hook, see
    /// [`start_input`](super::start_input).)
    pub const F5_F12_HUGE_WORK: bool = false;
    /// Finding 8: callbacks that break the contract (-1 without an error, a status other than
    /// 0/-1, a result with a bogus type index) and inline values that break theirs (a small
    /// string longer than 8 bytes or not UTF-8, an unknown inline type index) are not checked.
    /// While open: the targets only make well-behaved callbacks and inline values.
    pub const F8_CONTRACT_CHECKS: bool = false;
    /// Finding 10: a caught panic leaks its payload and prints. While open: `testing.panic` is not
    /// called. (Any other panic aborts the fuzzer: libfuzzer-sys's panic hook makes every panic a
    /// crash, contained or not, and a panic on bad input is a bug.)
    pub const F10_PANIC_PAYLOAD: bool = false;
}

/// Reads the fuzzer's bytes front to back; past the end everything reads as zero.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Self { data }
    }

    /// Whether bytes are left.
    pub fn more(&self) -> bool {
        !self.data.is_empty()
    }

    /// The next byte.
    pub fn u8(&mut self) -> u8 {
        let (first, rest) = self.data.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.data = rest;
        first
    }

    /// The next `N` bytes (zero-padded).
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for b in &mut out {
            *b = self.u8();
        }
        out
    }

    /// The next 8 bytes as an i64.
    pub fn i64(&mut self) -> i64 {
        i64::from_le_bytes(self.array())
    }

    /// One of `table`, chosen by the next byte.
    pub fn pick<T: Copy>(&mut self, table: &[T]) -> T {
        table[usize::from(self.u8()) % table.len()]
    }

    /// A length-prefixed byte string (at most 255 bytes).
    pub fn bytes(&mut self) -> &'a [u8] {
        let n = usize::from(self.u8()).min(self.data.len());
        let (head, rest) = self.data.split_at(n);
        self.data = rest;
        head
    }

    /// A length-prefixed byte string as a C string (cut at its first NUL, as C would see it).
    pub fn c_string(&mut self) -> CString {
        let bytes = self.bytes();
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        CString::new(&bytes[..end]).expect("no NUL before end")
    }
}

/// Ints that matter: edges of every integer width, and what overflows them.
pub const INTS: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    7,
    255,
    65_536,
    i32::MAX as i64,
    1 << 31,
    1 << 32,
    1 << 53,
    1 << 62,
    i64::MAX,
    i64::MIN,
    -(1 << 31),
];

/// How long one input's calls may work before the harness's signal hook interrupts them (as
/// Ctrl-C would): well under libFuzzer's `-timeout`, so that a kernel that never stops, and not
/// one that merely has a huge input, is what times out.
pub const WORK_LIMIT: Duration = Duration::from_secs(2);

/// Milliseconds after [`EPOCH`] at which the current input started.
static INPUT_START_MS: AtomicU64 = AtomicU64::new(0);
static EPOCH: OnceLock<Instant> = OnceLock::new();

fn now_ms() -> u64 {
    EPOCH.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// Marks the start of an input: its calls may work for [`WORK_LIMIT`] from now on.
pub fn start_input() {
    let _ = host();
    INPUT_START_MS.store(now_ms(), Ordering::Relaxed);
}

/// The harness's signal hook: reports a KeyboardInterrupt once the input has run past
/// [`WORK_LIMIT`] (huge inputs make sums over 2**62 elements; this is the user's Ctrl-C).
extern "C" fn past_deadline(err: *mut *mut FerruleObject) -> i32 {
    if now_ms().saturating_sub(INPUT_START_MS.load(Ordering::Relaxed)) < WORK_LIMIT.as_millis() as u64 {
        return 0;
    }
    // SAFETY: NUL-terminated texts and the out-parameter the caller handed the hook.
    unsafe {
        ferrule::ferrule_error_create(c"KeyboardInterrupt".as_ptr(), c"the fuzz input ran out of time".as_ptr(), err)
    };
    1
}

/// The process-wide setup, done once: the `testing.*` plugin initialised, the deadline hook
/// installed (see [`start_input`]), and the registered names at that point (which a call picks
/// from).
pub struct Host {
    /// Every registered name, sorted.
    pub names: Vec<CString>,
}

/// The host, initialised on first use.
pub fn host() -> &'static Host {
    static HOST: OnceLock<Host> = OnceLock::new();
    HOST.get_or_init(|| {
        let table = ferrule::ferrule_api();
        let mut err = null_mut();
        // SAFETY: libferrule's own table and a writable out-parameter, as ferrule_library_load passes them.
        let rc = unsafe { ferrule_testing::ferrule_plugin_init(table, &mut err) };
        assert_eq!(rc, 0, "initialising the testing plugin failed");
        ferrule::ferrule_set_signal_hook(Some(past_deadline));
        let mut list = null_mut();
        // SAFETY: writable out-parameters.
        assert_eq!(unsafe { ferrule::ferrule_func_list_global_names(&mut list, &mut err) }, 0);
        let mut names = Vec::new();
        // SAFETY: `list` is an Array of Str we own; its items live while it does.
        unsafe {
            let n = ferrule::ferrule_array_size(list);
            let items = ferrule::ferrule_array_items(list);
            for i in 0..usize::try_from(n).unwrap_or(0) {
                let (mut data, mut len) = (null(), 0usize);
                if ferrule::ferrule_any_view_bytes(items.add(i), &mut data, &mut len) == 0 {
                    let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
                    names.push(CString::new(bytes).expect("registered names have no NUL"));
                }
            }
            ferrule::ferrule_object_release(list);
        }
        Host { names }
    })
}

/// Whether a registered function may be called by the fuzzers (some sleep, spawn threads or
/// panic on purpose: see `known` for the last).
pub fn callable(name: &CStr) -> bool {
    let name = name.to_bytes();
    let never: &[&[u8]] = &[b"testing.busy_wait", b"testing.call_from_threads"];
    let aborting: &[&[u8]] = &[
        b"ops.repeat",
        b"ops.nonzero",
        b"ops.unique_values",
        b"ops.unique_counts",
        b"ops.unique_inverse",
        b"ops.unique_all",
    ];
    !(never.contains(&name)
        || (known::F10_PANIC_PAYLOAD && name == b"testing.panic")
        || (known::F5_F12_HUGE_WORK && aborting.contains(&name)))
}

/// Number of slots a session holds.
pub const SLOTS: usize = 16;

/// The values one input works with (owned), torn down by `finish`.
pub struct Session {
    /// Owned values; None when empty.
    pub slots: [FerruleAny; SLOTS],
    /// Names this input registered (removed by `finish`).
    pub registered: Vec<CString>,
    live_before: u64,
}

impl Session {
    /// A session with every slot None.
    pub fn new() -> Self {
        start_input();
        let live_before = ferrule::ferrule_live_object_count();
        Self { slots: [FerruleAny::NONE; SLOTS], registered: Vec::new(), live_before }
    }

    /// Stores an owned value in slot `i`, releasing what was there.
    pub fn put(&mut self, i: usize, value: FerruleAny) {
        let slot = &mut self.slots[i % SLOTS];
        // SAFETY: the slot holds an owned value (or None).
        unsafe { ferrule::ferrule_any_release(slot) };
        *slot = value;
    }

    /// Stores a new object reference in slot `i` (typed by its header).
    pub fn put_object(&mut self, i: usize, obj: *mut FerruleObject) {
        if obj.is_null() {
            return;
        }
        // SAFETY: a live object we own one reference to.
        let type_index = unsafe { (*obj).type_index };
        self.put(i, FerruleAny { type_index, small_len: 0, payload: FerruleAnyPayload { v_obj: obj } });
    }

    /// Releases everything, removes what this input registered, empties `testing.hold`, and
    /// checks that no object outlived the input (a leak in libferrule).
    pub fn finish(mut self) {
        for i in 0..SLOTS {
            self.put(i, FerruleAny::NONE);
        }
        let mut err = null_mut();
        for name in std::mem::take(&mut self.registered) {
            // SAFETY: a NUL-terminated name and a writable out-parameter.
            if unsafe { ferrule::ferrule_func_remove_global(name.as_ptr(), &mut err) } != 0 {
                release(err);
            }
        }
        call_named(c"testing.release", &[]);
        let live = ferrule::ferrule_live_object_count();
        assert!(live <= self.live_before, "objects leaked: {} live before the input, {live} after", self.live_before);
    }
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// Releases an object (NULL is ignored).
pub fn release(obj: *mut FerruleObject) {
    // SAFETY: NULL or an object we own a reference to.
    unsafe { ferrule::ferrule_object_release(obj) };
}

/// Checks an error out-parameter after a call: -1 must come with an error (whose kind and
/// message must read as C strings), 0 without a new one. Releases the error.
pub fn check_status(what: &str, rc: i32, err: *mut FerruleObject) {
    match rc {
        0 => assert!(err.is_null(), "{what} returned 0 and set an error"),
        -1 => {
            assert!(!err.is_null(), "{what} returned -1 without an error");
            // SAFETY: the error object we were handed.
            unsafe {
                for text in [ferrule::ferrule_error_kind(err), ferrule::ferrule_error_message(err)] {
                    assert!(!text.is_null(), "{what}: an error without a kind or message");
                    let _ = CStr::from_ptr(text).to_bytes().len();
                }
            }
            release(err);
        }
        other => panic!("{what} returned {other}, neither 0 nor -1"),
    }
}

/// Calls a registered function by name with borrowed `args`; the result is released.
pub fn call_named(name: &CStr, args: &[FerruleAny]) {
    let (mut func, mut err) = (null_mut(), null_mut());
    // SAFETY: a NUL-terminated name and writable out-parameters.
    if unsafe { ferrule::ferrule_func_get_global(name.as_ptr(), &mut func, &mut err) } != 0 {
        release(err);
        return;
    }
    let mut out = FerruleAny::NONE;
    let n = i32::try_from(args.len()).expect("few arguments");
    // SAFETY: a live function, `n` readable arguments, writable out-parameters.
    let rc = unsafe { ferrule::ferrule_func_call(func, args.as_ptr(), n, &mut out, &mut err) };
    check_status("ferrule_func_call", rc, err);
    // SAFETY: the owned result.
    unsafe { ferrule::ferrule_any_release(&mut out) };
    release(func);
}

/// A DLPack data type from two bytes: code and bits chosen among the ones that exist and junk.
pub fn dtype(input: &mut Input<'_>) -> DLDataType {
    let code = input.pick(&[0u8, 1, 2, 4, 5, 6, 3, 7, 200]);
    let bits = input.pick(&[8u8, 16, 32, 64, 128, 1, 0, 7, 255]);
    let lanes = input.pick(&[1u16, 1, 1, 2, 0, u16::MAX]);
    DLDataType { code, bits, lanes }
}

/// A DLPack device: mostly the CPU, sometimes another or junk.
pub fn device(input: &mut Input<'_>) -> DLDevice {
    DLDevice { device_type: input.pick(&[1, 1, 1, 2, 3, 0, -1, 1000]), device_id: input.pick(&[0, 0, 1, -1, i32::MAX]) }
}

// ---- callbacks -------------------------------------------------------------------------------------

/// How many times the state deleter of a fuzzed function ran (every created function must be
/// deleted exactly once by the end of its input).
pub static DELETED_STATES: AtomicUsize = AtomicUsize::new(0);

/// What a fuzzed C callback does, chosen when it is created (its `self`).
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
pub enum Behaviour {
    /// Returns a copy of its first argument (None when it has none).
    Echo = 0,
    /// Fails with a ValueError.
    Fail = 1,
    /// Calls `testing.echo` with its arguments (re-entering the registry) and returns that.
    Reenter = 2,
    /// Returns the number of its arguments.
    Count = 3,
    /// Contract breaker: returns -1 without an error (finding 8).
    FailWithoutError = 4,
    /// Contract breaker: returns 5 (finding 8).
    BadStatus = 5,
    /// Contract breaker: stores a result with type index 999 (finding 8).
    BadResult = 6,
}

impl Behaviour {
    /// A behaviour from a byte; the contract breakers only when finding 8 is fixed.
    pub fn from_byte(b: u8) -> Self {
        let n = if known::F8_CONTRACT_CHECKS { 4 } else { 7 };
        match b % n {
            0 => Self::Echo,
            1 => Self::Fail,
            2 => Self::Reenter,
            3 => Self::Count,
            4 => Self::FailWithoutError,
            5 => Self::BadStatus,
            _ => Self::BadResult,
        }
    }
}

/// The packed callback of every fuzzed function (`self` boxes a `Behaviour`).
///
/// # Safety
/// Called by libferrule with the state given to `ferrule_func_create` and valid arguments.
pub unsafe extern "C" fn callback(
    state: *mut c_void,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32 {
    // SAFETY: the state is the Box<Behaviour> made in `make_function`, alive until its deleter.
    let behaviour = unsafe { *state.cast::<Behaviour>() };
    let n = usize::try_from(num_args).unwrap_or(0);
    // SAFETY: libferrule passes `num_args` readable arguments and writable out-parameters.
    unsafe {
        match behaviour {
            Behaviour::Echo => {
                if n > 0 {
                    ferrule::ferrule_any_copy(args, out);
                }
                0
            }
            Behaviour::Fail => {
                ferrule::ferrule_error_create(c"ValueError".as_ptr(), c"a fuzzed callback fails".as_ptr(), err);
                -1
            }
            Behaviour::Reenter => {
                let mut func = null_mut();
                if ferrule::ferrule_func_get_global(c"testing.echo".as_ptr(), &mut func, err) != 0 {
                    return -1;
                }
                let rc = ferrule::ferrule_func_call(func, args, num_args.min(1), out, err);
                ferrule::ferrule_object_release(func);
                rc
            }
            Behaviour::Count => {
                *out = FerruleAny {
                    type_index: type_index::INT,
                    small_len: 0,
                    payload: FerruleAnyPayload { v_int64: n as i64 },
                };
                0
            }
            Behaviour::FailWithoutError => -1,
            Behaviour::BadStatus => 5,
            Behaviour::BadResult => {
                *out = FerruleAny { type_index: 999, small_len: 0, payload: FerruleAnyPayload { v_int64: 0x10 } };
                0
            }
        }
    }
}

/// Frees a fuzzed function's state.
///
/// # Safety
/// Called once with the state given to `ferrule_func_create`.
pub unsafe extern "C" fn delete_state(state: *mut c_void) {
    // SAFETY: the Box<Behaviour> made in `make_function`, freed once.
    drop(unsafe { Box::from_raw(state.cast::<Behaviour>()) });
    DELETED_STATES.fetch_add(1, Ordering::Relaxed);
}

/// A new function object over `callback` with `behaviour` (NULL if creation failed).
pub fn make_function(behaviour: Behaviour) -> *mut FerruleObject {
    let state = Box::into_raw(Box::new(behaviour)).cast::<c_void>();
    let (mut out, mut err) = (null_mut(), null_mut());
    // SAFETY: a valid callback and deleter, writable out-parameters.
    let rc = unsafe { ferrule::ferrule_func_create(Some(callback), state, Some(delete_state), &mut out, &mut err) };
    if rc != 0 {
        // SAFETY: on failure we still own the state (the header says so).
        unsafe { delete_state(state) };
        check_status("ferrule_func_create", rc, err);
        return null_mut();
    }
    out
}
