//! The C ABI of libferrule (`include/ferrule/ferrule.h`) as `#[repr(C)]` Rust types, the
//! vocabularies every language shares (error kinds, type indices, dtype and device names:
//! [`vocab`], from which ferrule-codegen writes the C, Python and Go copies), and
//! the one piece of behaviour every Rust side of the ABI must share: how a panic caught at the
//! boundary is kept quiet and reported ([`panics`]).
//!
//! Every crate that crosses the ABI (the implementation in `ferrule-capi`, the plugin-side API,
//! the Python extension) shares these definitions. Their layout is pinned by the assertions at
//! the bottom of this file and, field by field, by `tests/abi_layout.rs`, which compares every
//! struct with the table `tests/c/abi_table.c` prints from the header (`make abi-table`).

#![allow(non_camel_case_types)]

mod dlpack;
pub mod panics;
pub mod vocab;
pub use dlpack::*;
pub use vocab::*;

use std::ffi::{c_char, c_void};

/// The ABI version this crate describes (`FERRULE_ABI_VERSION`).
pub const FERRULE_ABI_VERSION: u32 = 1;

/// The longest string or byte string stored inline in a [`FerruleAny`].
pub const SMALL_CAPACITY: usize = 8;

/// What is wrong with a value a caller handed over, as far as it can be told (see
/// [`FerruleAny::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawValueProblem {
    /// The tag is not a type index of this ABI version.
    UnknownTag(i32),
    /// A small string or byte string claims more than [`SMALL_CAPACITY`] inline bytes.
    SmallLength(i32, u32),
    /// An object tag with a NULL object pointer.
    NullObject(i32),
    /// An object tag on an object whose header says another type.
    Mismatch {
        /// The value's tag.
        tag: i32,
        /// The type index in the object's header.
        header: i32,
    },
}

impl std::fmt::Display for RawValueProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use type_index::name;
        match *self {
            RawValueProblem::UnknownTag(tag) => write!(f, "a value with unknown type index {tag}"),
            RawValueProblem::SmallLength(tag, len) => {
                write!(f, "an inline {} of length {len} (at most {SMALL_CAPACITY})", name(tag))
            }
            RawValueProblem::NullObject(tag) => {
                write!(f, "a {} value (type index {tag}) whose object pointer is NULL", name(tag))
            }
            RawValueProblem::Mismatch { tag, header } => write!(
                f,
                "a value tagged {} (type index {tag}) holding an object of type index {header} ({})",
                name(tag),
                name(header)
            ),
        }
    }
}

/// Deleter flag: the strong count reached zero, destroy the contents.
pub const FERRULE_DELETER_DROP: i32 = 1;
/// Deleter flag: the weak count reached zero, free the memory.
pub const FERRULE_DELETER_FREE: i32 = 2;
/// Object flag: the frontend object in a tensor's `frontend` slot holds one strong reference
/// and is itself kept alive by the tensor (PyObject preservation); when every other reference
/// is gone, libferrule calls the frontend release hook.
pub const FERRULE_OBJECT_FRONTEND_OWNED: u32 = 1;
/// Registration flag: replace an existing function of the same name.
pub const FERRULE_REGISTER_OVERRIDE: i32 = 1;
/// Function flag: frontends release their interpreter lock around calls.
pub const FERRULE_FUNC_LONG_RUNNING: i32 = 2;

/// The header every heap object starts with (`FerruleObject`).
#[repr(C)]
#[derive(Debug)]
pub struct FerruleObject {
    /// Atomic strong count.
    pub strong: u32,
    /// Atomic weak count, plus one while `strong > 0`.
    pub weak: u32,
    /// A type index at or above [`type_index::STATIC_OBJECT_BEGIN`].
    pub type_index: i32,
    /// Atomic flags owned by libferrule ([`FERRULE_OBJECT_FRONTEND_OWNED`]); zero at creation.
    pub flags: u32,
    /// Destroys contents ([`FERRULE_DELETER_DROP`]) and/or frees memory ([`FERRULE_DELETER_FREE`]).
    pub deleter: Option<unsafe extern "C" fn(*mut FerruleObject, i32)>,
}

/// The payload of a [`FerruleAny`].
#[repr(C)]
#[derive(Clone, Copy)]
pub union FerruleAnyPayload {
    /// Int and bool.
    pub v_int64: i64,
    /// Float.
    pub v_float64: f64,
    /// Opaque pointer.
    pub v_ptr: *mut c_void,
    /// Heap object.
    pub v_obj: *mut FerruleObject,
    /// Data type.
    pub v_dtype: DLDataType,
    /// Device.
    pub v_device: DLDevice,
    /// Small string or bytes.
    pub v_bytes: [u8; 8],
}

/// The 16-byte tagged value of every packed call (`FerruleAny`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct FerruleAny {
    /// A type index from [`type_index`].
    pub type_index: i32,
    /// Length of a small string or bytes value, otherwise 0.
    pub small_len: u32,
    /// The value.
    pub payload: FerruleAnyPayload,
}

impl FerruleAny {
    /// The None value.
    pub const NONE: FerruleAny =
        FerruleAny { type_index: type_index::NONE, small_len: 0, payload: FerruleAnyPayload { v_int64: 0 } };

    /// Whether the payload is an object pointer.
    #[inline]
    pub fn is_object(&self) -> bool {
        self.type_index >= type_index::STATIC_OBJECT_BEGIN
    }

    /// Checks what can be checked of a value from a caller: a known tag, an inline length that
    /// fits, a non-NULL object, and an object header of the type the tag says
    /// (`FERRULE_TYPE_OBJECT` accepts any object). It reads the header of a non-NULL object, so a
    /// pointer to something that is not a live object cannot be told apart: passing one is
    /// undefined behaviour (ferrule.h), and this check is only as sound as the values it is given.
    #[inline]
    pub fn check(&self) -> Result<(), RawValueProblem> {
        let tag = self.type_index;
        if !type_index::is_known(tag) {
            return Err(RawValueProblem::UnknownTag(tag));
        }
        if (tag == type_index::SMALL_STR || tag == type_index::SMALL_BYTES) && self.small_len as usize > SMALL_CAPACITY
        {
            return Err(RawValueProblem::SmallLength(tag, self.small_len));
        }
        if !self.is_object() {
            return Ok(());
        }
        // SAFETY: the tag says the payload is an object pointer.
        let obj = unsafe { self.payload.v_obj };
        if obj.is_null() {
            return Err(RawValueProblem::NullObject(tag));
        }
        // SAFETY: a non-NULL object pointer of a value points at a live object: the caller's
        // contract, the part that cannot be checked.
        let header = unsafe { (*obj).type_index };
        if header != tag && !(tag == type_index::OBJECT && header >= type_index::STATIC_OBJECT_BEGIN) {
            return Err(RawValueProblem::Mismatch { tag, header });
        }
        Ok(())
    }
}

impl Default for FerruleAny {
    fn default() -> Self {
        Self::NONE
    }
}

impl std::fmt::Debug for FerruleAny {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: every payload bit pattern is a valid i64.
        let bits = unsafe { self.payload.v_int64 };
        write!(f, "FerruleAny {{ type_index: {}, small_len: {}, bits: {bits:#x} }}", self.type_index, self.small_len)
    }
}

/// A tensor object: the header followed by its DLTensor (`FerruleTensorObject`).
#[repr(C)]
#[derive(Debug)]
pub struct FerruleTensorObject {
    /// Object header.
    pub header: FerruleObject,
    /// Metadata and data pointer; strides are never null.
    pub tensor: DLTensor,
    /// The host-language object wrapping this tensor (the CPython extension's `ferrule.Tensor`),
    /// null when none; read and written only by that frontend, under its own lock.
    pub frontend: *mut c_void,
}

/// A complex number object: the header followed by the parts (`FerruleComplexObject`).
/// Immutable once created.
#[repr(C)]
#[derive(Debug)]
pub struct FerruleComplexObject {
    /// Object header.
    pub header: FerruleObject,
    /// The real part.
    pub real: f64,
    /// The imaginary part.
    pub imag: f64,
}

/// Called by libferrule, on the releasing thread, when a tensor flagged
/// [`FERRULE_OBJECT_FRONTEND_OWNED`] drops to its last strong reference (`FerruleFrontendRelease`).
pub type FerruleFrontendRelease = unsafe extern "C" fn(obj: *mut FerruleObject);

/// The packed calling convention (`FerruleCallback`).
pub type FerruleCallback = unsafe extern "C" fn(
    this: *mut c_void,
    args: *const FerruleAny,
    num_args: i32,
    out: *mut FerruleAny,
    err: *mut *mut FerruleObject,
) -> i32;

/// Frees the state a callback was created with (`FerruleStateDeleter`).
pub type FerruleStateDeleter = unsafe extern "C" fn(this: *mut c_void);
/// Releases a frontend lock; returns a token (`FerruleBlockingEnter`).
pub type FerruleBlockingEnter = unsafe extern "C" fn() -> *mut c_void;
/// Re-acquires a frontend lock from a token (`FerruleBlockingLeave`).
pub type FerruleBlockingLeave = unsafe extern "C" fn(token: *mut c_void);
/// Asks a frontend whether a signal (Ctrl-C) is pending: 0 if not, else non-zero with a new
/// error in `*err` (`FerruleSignalCheck`).
pub type FerruleSignalCheck = unsafe extern "C" fn(err: *mut *mut FerruleObject) -> i32;
/// What a plugin exports as `ferrule_plugin_init`.
pub type FerrulePluginInit = unsafe extern "C" fn(api: *const FerruleApi, err: *mut *mut FerruleObject) -> i32;

/// Out-parameter for errors.
pub type ErrOut = *mut *mut FerruleObject;

/// The API table handed to plugins and run-time frontends (`FerruleApi`). Fields are only appended.
#[repr(C)]
#[allow(missing_docs)]
pub struct FerruleApi {
    pub abi_version: u32,
    pub struct_size: u32,
    pub live_object_count: unsafe extern "C" fn() -> u64,
    pub library_load: unsafe extern "C" fn(*const c_char, ErrOut) -> i32,
    pub object_retain: unsafe extern "C" fn(*mut FerruleObject),
    pub object_release: unsafe extern "C" fn(*mut FerruleObject),
    pub object_use_count: unsafe extern "C" fn(*const FerruleObject) -> u32,
    pub any_release: unsafe extern "C" fn(*mut FerruleAny),
    pub any_copy: unsafe extern "C" fn(*const FerruleAny, *mut FerruleAny),
    pub str_create: unsafe extern "C" fn(*const c_char, usize, *mut *mut FerruleObject, ErrOut) -> i32,
    pub bytes_create: unsafe extern "C" fn(*const c_char, usize, *mut *mut FerruleObject, ErrOut) -> i32,
    pub any_view_bytes: unsafe extern "C" fn(*const FerruleAny, *mut *const c_char, *mut usize) -> i32,
    pub error_create: unsafe extern "C" fn(*const c_char, *const c_char, *mut *mut FerruleObject),
    pub error_kind: unsafe extern "C" fn(*const FerruleObject) -> *const c_char,
    pub error_message: unsafe extern "C" fn(*const FerruleObject) -> *const c_char,
    pub error_context: unsafe extern "C" fn(*const FerruleObject) -> *const c_char,
    pub error_add_context: unsafe extern "C" fn(*mut FerruleObject, *const c_char),
    pub error_set_payload:
        unsafe extern "C" fn(*mut FerruleObject, *const c_void, *mut c_void, Option<FerruleStateDeleter>),
    pub error_payload: unsafe extern "C" fn(*const FerruleObject, *const c_void) -> *mut c_void,
    pub func_create: unsafe extern "C" fn(
        Option<FerruleCallback>,
        *mut c_void,
        Option<FerruleStateDeleter>,
        *mut *mut FerruleObject,
        ErrOut,
    ) -> i32,
    pub func_call: unsafe extern "C" fn(*mut FerruleObject, *const FerruleAny, i32, *mut FerruleAny, ErrOut) -> i32,
    pub func_get_global: unsafe extern "C" fn(*const c_char, *mut *mut FerruleObject, ErrOut) -> i32,
    pub func_set_global:
        unsafe extern "C" fn(*const c_char, *mut FerruleObject, *const c_char, *const c_char, i32, ErrOut) -> i32,
    pub func_remove_global: unsafe extern "C" fn(*const c_char, ErrOut) -> i32,
    pub func_list_global_names: unsafe extern "C" fn(*mut *mut FerruleObject, ErrOut) -> i32,
    pub func_get_info: unsafe extern "C" fn(*mut FerruleObject, *mut *mut FerruleObject, ErrOut) -> i32,
    pub array_create: unsafe extern "C" fn(*const FerruleAny, i64, *mut *mut FerruleObject, ErrOut) -> i32,
    pub array_size: unsafe extern "C" fn(*const FerruleObject) -> i64,
    pub array_items: unsafe extern "C" fn(*const FerruleObject) -> *const FerruleAny,
    pub map_create:
        unsafe extern "C" fn(*const FerruleAny, *const FerruleAny, i64, *mut *mut FerruleObject, ErrOut) -> i32,
    pub map_size: unsafe extern "C" fn(*const FerruleObject) -> i64,
    pub map_items: unsafe extern "C" fn(*const FerruleObject, *mut *const FerruleAny, *mut *const FerruleAny) -> i32,
    pub map_get: unsafe extern "C" fn(*const FerruleObject, *const FerruleAny, *mut FerruleAny, ErrOut) -> i32,
    pub tensor_create:
        unsafe extern "C" fn(*const i64, i32, DLDataType, DLDevice, *mut *mut FerruleObject, ErrOut) -> i32,
    pub tensor_dltensor: unsafe extern "C" fn(*const FerruleObject) -> *const DLTensor,
    pub tensor_from_dlpack: unsafe extern "C" fn(*mut DLManagedTensorVersioned, *mut *mut FerruleObject, ErrOut) -> i32,
    pub tensor_to_dlpack: unsafe extern "C" fn(*mut FerruleObject, *mut *mut DLManagedTensorVersioned, ErrOut) -> i32,
    pub set_blocking_hooks: unsafe extern "C" fn(Option<FerruleBlockingEnter>, Option<FerruleBlockingLeave>),
    pub blocking_enter: unsafe extern "C" fn() -> *mut c_void,
    pub blocking_leave: unsafe extern "C" fn(*mut c_void),
    pub set_frontend_release_hook: unsafe extern "C" fn(Option<FerruleFrontendRelease>),
    /// Appended after the 39 entries above (check `struct_size` before use).
    pub set_signal_hook: unsafe extern "C" fn(Option<FerruleSignalCheck>),
    /// Runs the signal hook (see `ferrule_check_signals`).
    pub check_signals: unsafe extern "C" fn(ErrOut) -> i32,
    /// Appended after `check_signals`: copies an error's context out (see
    /// `ferrule_error_context_copy`; check `struct_size` before use).
    pub error_context_copy: unsafe extern "C" fn(*const FerruleObject, *mut c_char, usize, *mut usize) -> i32,
    /// Appended after `error_context_copy`: creates a complex number object (see
    /// `ferrule_complex_create`).
    pub complex_create: unsafe extern "C" fn(f64, f64, *mut *mut FerruleObject, ErrOut) -> i32,
    /// Reads the parts of a complex number object (see `ferrule_complex_parts`).
    pub complex_parts: unsafe extern "C" fn(*const FerruleObject, *mut f64, *mut f64) -> i32,
    /// Autograd, appended after `complex_parts` (check `struct_size` before use): see
    /// `ferrule_tensor_requires_grad`.
    pub tensor_requires_grad: unsafe extern "C" fn(*const FerruleObject, *mut i32, ErrOut) -> i32,
    /// See `ferrule_tensor_set_requires_grad`.
    pub tensor_set_requires_grad: unsafe extern "C" fn(*mut FerruleObject, i32, ErrOut) -> i32,
    /// See `ferrule_tensor_grad`.
    pub tensor_grad: unsafe extern "C" fn(*const FerruleObject, *mut *mut FerruleObject, ErrOut) -> i32,
    /// See `ferrule_tensor_set_grad`.
    pub tensor_set_grad: unsafe extern "C" fn(*mut FerruleObject, *mut FerruleObject, ErrOut) -> i32,
    /// See `ferrule_autograd_backward`.
    pub autograd_backward:
        unsafe extern "C" fn(*const *mut FerruleObject, *const *mut FerruleObject, i32, i32, ErrOut) -> i32,
    /// See `ferrule_autograd_grad`.
    pub autograd_grad: unsafe extern "C" fn(
        *const *mut FerruleObject,
        *const *mut FerruleObject,
        i32,
        *const *mut FerruleObject,
        i32,
        i32,
        *mut *mut FerruleObject,
        ErrOut,
    ) -> i32,
    /// See `ferrule_grad_enabled`.
    pub grad_enabled: unsafe extern "C" fn() -> i32,
    /// See `ferrule_set_grad_enabled`.
    pub set_grad_enabled: unsafe extern "C" fn(i32) -> i32,
    /// Appended after `set_grad_enabled`, the profiler's entries (check `struct_size` before
    /// use): `ferrule_func_call_from`, a packed call naming its frontend ([`frontend`]).
    pub func_call_from:
        unsafe extern "C" fn(*mut FerruleObject, *const FerruleAny, i32, *mut FerruleAny, ErrOut, i32) -> i32,
    /// `ferrule_profiler_start`.
    pub profiler_start: unsafe extern "C" fn(i32, ErrOut) -> i32,
    /// `ferrule_profiler_stop`.
    pub profiler_stop: unsafe extern "C" fn(*mut *mut FerruleObject, ErrOut) -> i32,
    /// `ferrule_profiler_export_chrome_trace`.
    pub profiler_export_chrome_trace: unsafe extern "C" fn(*mut FerruleObject, *const c_char, ErrOut) -> i32,
    /// `ferrule_profiler_table`.
    pub profiler_table:
        unsafe extern "C" fn(*mut FerruleObject, *const c_char, i32, *mut *mut FerruleObject, ErrOut) -> i32,
    /// `ferrule_profiler_range_push`.
    pub profiler_range_push: unsafe extern "C" fn(*const c_char, *mut u64, ErrOut) -> i32,
    /// `ferrule_profiler_range_pop`.
    pub profiler_range_pop: unsafe extern "C" fn(u64),
    /// `ferrule_profiler_enabled`.
    pub profiler_enabled: unsafe extern "C" fn() -> i32,
}

/// `ferrule_autograd_backward` / `ferrule_autograd_grad` flag: keep what the graph saved.
pub const FERRULE_AUTOGRAD_RETAIN_GRAPH: i32 = 1;
/// Flag: record the backward pass too (higher-order gradients; implies retaining the graph).
pub const FERRULE_AUTOGRAD_CREATE_GRAPH: i32 = 2;
/// `ferrule_autograd_grad` flag: NULL for an input the outputs do not depend on.
pub const FERRULE_AUTOGRAD_ALLOW_UNUSED: i32 = 4;

/// The calling frontends `ferrule_func_call_from` names (`FerruleFrontend`).
pub mod frontend {
    /// C and anything calling `ferrule_func_call`.
    pub const C: i32 = 0;
    /// Python (the CPython extension).
    pub const PYTHON: i32 = 1;
    /// Go.
    pub const GO: i32 = 2;
    /// Rust code calling function objects directly.
    pub const RUST: i32 = 3;
}

/// `ferrule_profiler_start` option: op events carry their arguments' shapes and dtypes.
pub const FERRULE_PROFILE_SHAPES: i32 = 1;
/// `ferrule_profiler_start` option: op and call events carry the bytes of tensor memory allocated.
pub const FERRULE_PROFILE_MEMORY: i32 = 2;

// Layout pins; the same numbers are asserted by tests/c/abi_layout.c against the header.
const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<FerruleAny>() == 16);
    assert!(offset_of!(FerruleAny, small_len) == 4);
    assert!(offset_of!(FerruleAny, payload) == 8);
    assert!(size_of::<FerruleObject>() == 24);
    assert!(offset_of!(FerruleObject, type_index) == 8);
    assert!(offset_of!(FerruleObject, deleter) == 16);
    assert!(size_of::<DLTensor>() == 48);
    assert!(size_of::<DLManagedTensorVersioned>() == 80);
    assert!(offset_of!(DLManagedTensorVersioned, dl_tensor) == 32);
    assert!(size_of::<FerruleTensorObject>() == 80);
    assert!(offset_of!(FerruleTensorObject, frontend) == 72);
    assert!(offset_of!(FerruleTensorObject, tensor) == 24);
    assert!(size_of::<FerruleComplexObject>() == 40);
    assert!(offset_of!(FerruleComplexObject, real) == 24);
    assert!(offset_of!(FerruleComplexObject, imag) == 32);
    assert!(size_of::<FerruleApi>() == 8 + 60 * 8);
    assert!(offset_of!(FerruleApi, tensor_requires_grad) == 8 + 44 * 8);
    assert!(offset_of!(FerruleApi, set_grad_enabled) == 8 + 51 * 8);
    assert!(offset_of!(FerruleApi, check_signals) == 8 + 40 * 8);
    assert!(offset_of!(FerruleApi, error_context_copy) == 8 + 41 * 8);
    assert!(offset_of!(FerruleApi, complex_create) == 8 + 42 * 8);
    assert!(offset_of!(FerruleApi, complex_parts) == 8 + 43 * 8);
    assert!(offset_of!(FerruleApi, func_call_from) == 8 + 52 * 8);
    assert!(offset_of!(FerruleApi, profiler_enabled) == 8 + 59 * 8);
    assert!(offset_of!(FerruleApi, blocking_leave) == 8 + 37 * 8);
};
