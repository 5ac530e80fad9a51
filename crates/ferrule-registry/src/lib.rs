//! ferrule's object model and registry: the owned `Any` value, reference-counted objects with
//! the ABI header (strings, bytes, errors, functions, arrays, maps, tensors, complex numbers), packed functions
//! with signatures, typed registration and the process-wide registry. Pure Rust: the C ABI is
//! exported by `ferrule-capi`, the only crate with `extern "C"` entry points.

pub mod any;
pub mod autograd;
pub mod blocking;
pub mod complex;
pub mod container;
pub mod error;
pub mod function;
pub mod object;
pub mod registry;
pub mod signals;
pub mod signature;
pub mod string;
pub mod tensor;
pub mod typed;

pub use any::{Any, AnyView};
pub use complex::Complex;
pub use container::{Array, Map};
pub use error::{Error, ErrorObj, Result};
pub use ferrule_sys::ErrorKind;
pub use function::{Callable, FuncInfo, Function};
pub use object::{live_object_count, ObjRef, ObjectType, WeakRef};
pub use registry::{get_global, list_global_names, register, remove_global, set_global, FuncDef};
pub use signature::{Param, ParamKind, Signature};
pub use string::{Bytes, Str};
pub use tensor::TensorObj;
