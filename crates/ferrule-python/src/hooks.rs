//! Floor 1: the Python helpers the extension calls, handed over once by `ferrule/__init__.py`
//! through `_ferrule._install_hooks(**hooks)`.
//!
//! May use: floor 0 (`util`). The hooks are one `#[repr(C)]` struct of strong references at a
//! fixed address, so reading one (`HOOKS.op_add.load(..)`) is a single load, as cheap as the
//! separate statics it replaces; the struct's field order is [`NAMES`]' order, which is how
//! the installer fills it without a string match per field.

use std::ffi::CStr;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use pyo3_ffi::*;

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
    /// `{name: dtype object}` (a dict): what `Tensor.dtype` returns (`t.dtype is ferrule.float32`).
    pub dtype_objects: AtomicPtr<PyObject>,
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
}

/// How many hooks there are.
const COUNT: usize = 10;

/// The keyword names of `_install_hooks`, in the fields' order.
pub const NAMES: [&CStr; COUNT] = [
    c"error_types",
    c"signature",
    c"tensor_prepare",
    c"tensor_repr",
    c"dtype_objects",
    c"op_add",
    c"op_subtract",
    c"op_multiply",
    c"op_divide",
    c"op_matmul",
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
    op_add: AtomicPtr::new(null_mut()),
    op_subtract: AtomicPtr::new(null_mut()),
    op_multiply: AtomicPtr::new(null_mut()),
    op_divide: AtomicPtr::new(null_mut()),
    op_matmul: AtomicPtr::new(null_mut()),
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

/// `_install_hooks(*, error_types, signature, tensor_prepare, tensor_repr, dtype_objects, op_add,
/// op_subtract, op_multiply, op_divide, op_matmul)`: hands every helper over at once. A second
/// call is refused: the extension reads the hooks without a lock, trusting they never change.
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
        for (slot, v) in HOOKS.slots().iter().zip(values) {
            Py_INCREF(v);
            slot.store(v, Ordering::Release);
        }
        INSTALLED.store(true, Ordering::Release);
        none()
    }
}

fn names_list() -> String {
    NAMES.iter().map(|n| n.to_str().unwrap_or("?")).collect::<Vec<_>>().join(", ")
}
