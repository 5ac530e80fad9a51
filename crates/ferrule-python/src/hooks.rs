//! Floor 1: the Python helpers the extension calls, handed over once by `ferrule/__init__.py`
//! through `_ferrule._install_hooks(**hooks)`, and the table of dtype objects made from them.
//!
//! May use: floor 0 (`util`, `names`). The hooks are one `#[repr(C)]` struct of strong references at a
//! fixed address, so reading one (`HOOKS.op_add.load(..)`) is a single load, as cheap as the
//! separate statics it replaces; the struct's field order is [`NAMES`]' order, which is how
//! the installer fills it without a string match per field.

use std::ffi::CStr;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use ferrule_sys::DLDataType;
use pyo3_ffi::*;

use crate::names::dtype_name;
use crate::util::{none, raise, type_name};

/// The helpers, each a strong reference owned by [`HOOKS`] from installation to process exit
/// (NULL before `ferrule/__init__.py` ran).
#[repr(C)]
pub struct Hooks {
    /// `{kind: exception class}` (a dict): the classes native errors become (`ferrule.error`).
    pub error_types: AtomicPtr<PyObject>,
    /// `ferrule.ffi._signature_of(func) -> inspect.Signature`, behind `Function.__signature__`.
    pub signature: AtomicPtr<PyObject>,
    /// `ferrule._tensor._prepare(data, dtype) -> (ndarray, code, bits)`, behind `Tensor(data)`.
    pub tensor_prepare: AtomicPtr<PyObject>,
    /// `ferrule._tensor._repr(tensor) -> str`.
    pub tensor_repr: AtomicPtr<PyObject>,
    /// `{name: dtype object}` (a dict): what `Tensor.dtype` returns (`t.dtype is ferrule.float32`),
    /// what a dtype value converts to, and what a `dtype`-typed argument takes at once (the
    /// table of [`dtype_of_object`] / [`dtype_object`] is made from it).
    pub dtype_objects: AtomicPtr<PyObject>,
    /// `ferrule._namespace.as_dtype(obj) -> dtype object`: reads every other spelling of a dtype
    /// given to a `dtype`-typed argument (`np.float32`, `np.dtype("f4")`, `float`, `"f4"`), or
    /// raises the TypeError saying what a dtype is.
    pub dtype_convert: AtomicPtr<PyObject>,
    /// The registered functions behind the Tensor's native number slots, as `ferrule.Function`
    /// objects: `a + b` goes from CPython's binary-op dispatch straight into the function's
    /// vectorcall, with no attribute lookup or bound method on the way. Both operand orders
    /// arrive in the slot, so the same function serves `__add__` and `__radd__`. `ops.add`.
    pub op_add: AtomicPtr<PyObject>,
    /// See [`Hooks::op_add`]: `ops.subtract`.
    pub op_subtract: AtomicPtr<PyObject>,
    /// See [`Hooks::op_add`]: `ops.multiply`.
    pub op_multiply: AtomicPtr<PyObject>,
    /// See [`Hooks::op_add`]: `ops.divide`.
    pub op_divide: AtomicPtr<PyObject>,
    /// See [`Hooks::op_add`]: `ops.matmul`.
    pub op_matmul: AtomicPtr<PyObject>,
    /// `ops.getitem` (a `ferrule.Function`), which the Tensor's native `x[index]` calls at once
    /// for the indices it takes as they are (ints, slices of ints, None, tensors and tuples of
    /// them).
    pub op_getitem: AtomicPtr<PyObject>,
    /// `ferrule._index`'s `__getitem__(tensor, index)`, which reads every other index as numpy
    /// does (lists, arrays, `...`, `__index__` objects, bounds beyond int64).
    pub getitem_index: AtomicPtr<PyObject>,
    /// `ops.setitem` (a `ferrule.Function`), which the Tensor's native `x[index] = value` calls
    /// at once for a basic index written as text and a value that is an int, float, bool or
    /// Tensor.
    pub op_setitem: AtomicPtr<PyObject>,
    /// `ferrule._index`'s `__setitem__(tensor, index, value)`, for every other index or value.
    pub setitem_index: AtomicPtr<PyObject>,
}

/// How many hooks there are.
const COUNT: usize = 15;

/// The keyword names of `_install_hooks`, in the fields' order.
pub const NAMES: [&CStr; COUNT] = [
    c"error_types",
    c"signature",
    c"tensor_prepare",
    c"tensor_repr",
    c"dtype_objects",
    c"dtype_convert",
    c"op_add",
    c"op_subtract",
    c"op_multiply",
    c"op_divide",
    c"op_matmul",
    c"op_getitem",
    c"getitem_index",
    c"op_setitem",
    c"setitem_index",
];

/// Which hooks are tables (a dict) rather than callables.
const DICTS: [&CStr; 2] = [c"error_types", c"dtype_objects"];

// The installer views the struct as an array of its fields: same size, no padding.
const _: () = assert!(std::mem::size_of::<Hooks>() == COUNT * std::mem::size_of::<AtomicPtr<PyObject>>());

/// The hooks of this process.
pub static HOOKS: Hooks = Hooks {
    error_types: AtomicPtr::new(null_mut()),
    signature: AtomicPtr::new(null_mut()),
    tensor_prepare: AtomicPtr::new(null_mut()),
    tensor_repr: AtomicPtr::new(null_mut()),
    dtype_objects: AtomicPtr::new(null_mut()),
    dtype_convert: AtomicPtr::new(null_mut()),
    op_add: AtomicPtr::new(null_mut()),
    op_subtract: AtomicPtr::new(null_mut()),
    op_multiply: AtomicPtr::new(null_mut()),
    op_divide: AtomicPtr::new(null_mut()),
    op_matmul: AtomicPtr::new(null_mut()),
    op_getitem: AtomicPtr::new(null_mut()),
    getitem_index: AtomicPtr::new(null_mut()),
    op_setitem: AtomicPtr::new(null_mut()),
    setitem_index: AtomicPtr::new(null_mut()),
};

/// Set by the one successful installation.
static INSTALLED: AtomicBool = AtomicBool::new(false);

impl Hooks {
    /// The fields in [`NAMES`]' order.
    fn slots(&self) -> &[AtomicPtr<PyObject>; COUNT] {
        // SAFETY: `Hooks` is `#[repr(C)]` with COUNT fields of one type and no padding (the const
        // assertion above), which is the layout of `[AtomicPtr<PyObject>; COUNT]`.
        unsafe { &*(self as *const Hooks as *const [AtomicPtr<PyObject>; COUNT]) }
    }
}

/// `_install_hooks(*, error_types, signature, tensor_prepare, tensor_repr, dtype_objects,
/// dtype_convert, op_add, op_subtract, op_multiply, op_divide, op_matmul, op_getitem,
/// getitem_index, op_setitem, setitem_index)`: hands every helper
/// over at once. A second call is refused: the extension reads the hooks without a lock,
/// trusting they never change.
pub unsafe extern "C" fn install_hooks(_m: *mut PyObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject {
    // SAFETY: called by CPython with the GIL held; `args` is a tuple and `kwargs` a dict or NULL.
    unsafe {
        if INSTALLED.load(Ordering::Acquire) {
            raise(PyExc_RuntimeError, "_install_hooks(): the hooks are installed once, by the ferrule package");
            return null_mut();
        }
        if PyTuple_GET_SIZE(args) != 0 || kwargs.is_null() || PyDict_Size(kwargs) != COUNT as Py_ssize_t {
            raise(
                PyExc_TypeError,
                &format!("_install_hooks() takes exactly these keyword arguments: {}", names_list()),
            );
            return null_mut();
        }
        let mut values = [null_mut(); COUNT];
        for (value, name) in values.iter_mut().zip(NAMES) {
            let v = PyDict_GetItemString(kwargs, name.as_ptr()); // borrowed
            let text = name.to_str().unwrap_or("?");
            if v.is_null() {
                raise(PyExc_TypeError, &format!("_install_hooks(): missing keyword argument '{text}'"));
                return null_mut();
            }
            let ok = if DICTS.contains(&name) { PyDict_Check(v) != 0 } else { PyCallable_Check(v) != 0 };
            if !ok {
                let expected = if DICTS.contains(&name) { "a dict" } else { "a callable" };
                raise(
                    PyExc_TypeError,
                    &format!("_install_hooks(): '{text}' must be {expected}, not '{}'", type_name(v)),
                );
                return null_mut();
            }
            *value = v;
        }
        // (the dtype table first: a table that does not fit changes nothing)
        if !install_dtype_table(values[4]) {
            return null_mut();
        }
        for (slot, v) in HOOKS.slots().iter().zip(values) {
            Py_INCREF(v);
            slot.store(v, Ordering::Release);
        }
        INSTALLED.store(true, Ordering::Release);
        none()
    }
}

// ------------------------------------------------------------------------------------------------
// The dtype objects
// ------------------------------------------------------------------------------------------------

/// Every dtype ferrule has, in the order of [`DTYPE_TABLE`]'s objects.
const DTYPES: [DLDataType; 15] = {
    const fn d(code: u8, bits: u8) -> DLDataType {
        DLDataType { code, bits, lanes: 1 }
    }
    [
        d(6, 8),
        d(0, 8),
        d(0, 16),
        d(0, 32),
        d(0, 64),
        d(1, 8),
        d(1, 16),
        d(1, 32),
        d(1, 64),
        d(2, 16),
        d(4, 16),
        d(2, 32),
        d(2, 64),
        d(5, 64),
        d(5, 128),
    ]
};

/// The names of [`DTYPES`], in order (checked against [`dtype_name`] at installation).
const DTYPE_NAMES: [&CStr; DTYPES.len()] = [
    c"bool",
    c"int8",
    c"int16",
    c"int32",
    c"int64",
    c"uint8",
    c"uint16",
    c"uint32",
    c"uint64",
    c"float16",
    c"bfloat16",
    c"float32",
    c"float64",
    c"complex64",
    c"complex128",
];

/// The dtype named `name` ("float32"), the commonest spelling after the dtype object itself.
#[inline]
pub fn dtype_of_name(name: &[u8]) -> Option<DLDataType> {
    DTYPE_NAMES.iter().position(|n| n.to_bytes() == name).map(|i| DTYPES[i])
}

/// The package's dtype objects (`ferrule.float32`, ...) by position in [`DTYPES`], and their
/// type: strong references set once by `_install_hooks` and kept until exit (NULL before).
struct DTypeTable {
    ty: AtomicPtr<PyTypeObject>,
    objects: [AtomicPtr<PyObject>; DTYPES.len()],
}

static DTYPE_TABLE: DTypeTable =
    DTypeTable { ty: AtomicPtr::new(null_mut()), objects: [const { AtomicPtr::new(null_mut()) }; DTYPES.len()] };

/// The dtype `obj` is, when it is one of the package's dtype objects (one type compare, then
/// the object among 15); `None` for anything else. GIL held.
#[inline(always)]
pub unsafe fn dtype_of_object(obj: *mut PyObject) -> Option<DLDataType> {
    // SAFETY: the caller holds the GIL and `obj` is live, so its type can be read.
    let tp = unsafe { Py_TYPE(obj) };
    if tp != DTYPE_TABLE.ty.load(Ordering::Relaxed) {
        return None;
    }
    DTYPE_TABLE.objects.iter().position(|o| o.load(Ordering::Relaxed) == obj).map(|i| DTYPES[i])
}

/// The package's object for dtype `dl` (borrowed: the table keeps it alive), or NULL before
/// installation and for a dtype ferrule does not have.
#[inline]
pub fn dtype_object(dl: DLDataType) -> *mut PyObject {
    match DTYPES.iter().position(|d| (d.code, d.bits, d.lanes) == (dl.code, dl.bits, dl.lanes)) {
        Some(i) => DTYPE_TABLE.objects[i].load(Ordering::Acquire),
        None => null_mut(),
    }
}

/// Fills [`DTYPE_TABLE`] from the `dtype_objects` dict (`{name: object}`, every dtype, all of
/// one type). False with a TypeError set when it does not fit, before anything is stored.
unsafe fn install_dtype_table(dict: *mut PyObject) -> bool {
    // SAFETY: the caller holds the GIL and `dict` is a live dict; its items are borrowed until the
    // table takes references of its own.
    unsafe {
        let mut objects = [null_mut(); DTYPES.len()];
        let mut ty: *mut PyTypeObject = null_mut();
        for ((slot, dl), known) in objects.iter_mut().zip(DTYPES).zip(DTYPE_NAMES) {
            let name = dtype_name(dl);
            if name.as_bytes() != known.to_bytes() {
                raise(PyExc_RuntimeError, &format!("_install_hooks(): dtype {name} is listed as {known:?}"));
                return false;
            }
            let obj = PyDict_GetItemString(dict, known.as_ptr()); // borrowed
            if obj.is_null() {
                raise(PyExc_TypeError, &format!("_install_hooks(): 'dtype_objects' has no '{name}'"));
                return false;
            }
            if ty.is_null() {
                ty = Py_TYPE(obj);
            } else if Py_TYPE(obj) != ty {
                raise(PyExc_TypeError, "_install_hooks(): the 'dtype_objects' must all be of one type");
                return false;
            }
            *slot = obj;
        }
        for (slot, obj) in DTYPE_TABLE.objects.iter().zip(objects) {
            Py_INCREF(obj);
            slot.store(obj, Ordering::Release);
        }
        Py_INCREF(ty.cast());
        DTYPE_TABLE.ty.store(ty, Ordering::Release);
        true
    }
}

fn names_list() -> String {
    NAMES.iter().map(|n| n.to_str().unwrap_or("?")).collect::<Vec<_>>().join(", ")
}
