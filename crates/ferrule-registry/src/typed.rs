//! Typed registration: plain Rust functions and closures become packed functions whose argument
//! unpacking checks arity and types and names the function, the argument and its position.

use std::sync::Arc;

use crate::any::Any;
use crate::container::{Array, Map};
use crate::error::{Error, Result};
use crate::function::{Function, NativeFn};
use crate::object::{ObjRef, ObjectType};
use crate::tensor::TensorObj;

/// A Rust type a packed argument converts to.
pub trait FromArg: Sized {
    /// The type's name in signatures ("int", "float", "str", "Tensor", ...).
    const TYPE_NAME: &'static str;
    /// Converts, or `None` when the value has another type.
    fn from_arg(value: &Any) -> Option<Self>;
}

macro_rules! from_arg_int {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            const TYPE_NAME: &'static str = "int";
            fn from_arg(value: &Any) -> Option<Self> {
                value.as_int().and_then(|v| <$t>::try_from(v).ok())
            }
        }
    )*};
}
from_arg_int!(i64, i32, i16, i8, u64, u32, u16, u8, usize, isize);

impl FromArg for f64 {
    const TYPE_NAME: &'static str = "float";
    fn from_arg(value: &Any) -> Option<Self> {
        value.as_float()
    }
}

impl FromArg for f32 {
    const TYPE_NAME: &'static str = "float";
    fn from_arg(value: &Any) -> Option<Self> {
        value.as_float().map(|v| v as f32)
    }
}

impl FromArg for bool {
    const TYPE_NAME: &'static str = "bool";
    fn from_arg(value: &Any) -> Option<Self> {
        value.as_bool()
    }
}

impl FromArg for String {
    const TYPE_NAME: &'static str = "str";
    fn from_arg(value: &Any) -> Option<Self> {
        value.as_str().map(str::to_owned)
    }
}

impl FromArg for Vec<u8> {
    const TYPE_NAME: &'static str = "bytes";
    fn from_arg(value: &Any) -> Option<Self> {
        value.as_bytes().map(<[u8]>::to_vec)
    }
}

impl FromArg for Any {
    const TYPE_NAME: &'static str = "Any";
    fn from_arg(value: &Any) -> Option<Self> {
        Some(value.clone())
    }
}

/// Object handles convert from a value holding an object of their type.
pub trait NamedObject: ObjectType {
    /// The type's name in signatures.
    const NAME: &'static str;
}
impl NamedObject for Function {
    const NAME: &'static str = "Function";
}
impl NamedObject for Array {
    const NAME: &'static str = "Array";
}
impl NamedObject for Map {
    const NAME: &'static str = "Map";
}
impl NamedObject for TensorObj {
    const NAME: &'static str = "Tensor";
}

impl<T: NamedObject> FromArg for ObjRef<T> {
    const TYPE_NAME: &'static str = T::NAME;
    fn from_arg(value: &Any) -> Option<Self> {
        value.to_object::<T>()
    }
}

impl<T: FromArg> FromArg for Option<T> {
    const TYPE_NAME: &'static str = T::TYPE_NAME;
    fn from_arg(value: &Any) -> Option<Self> {
        if value.is_none() {
            Some(None)
        } else {
            T::from_arg(value).map(Some)
        }
    }
}

/// A Rust value a packed function can return.
pub trait IntoRet {
    /// The type's name in signatures.
    const TYPE_NAME: &'static str;
    /// Converts into the packed result.
    fn into_ret(self) -> Result<Any>;
}

macro_rules! into_ret_via_any {
    ($($t:ty => $name:expr),*) => {$(
        impl IntoRet for $t {
            const TYPE_NAME: &'static str = $name;
            fn into_ret(self) -> Result<Any> {
                Ok(Any::from(self))
            }
        }
    )*};
}
into_ret_via_any!(i64 => "int", f64 => "float", bool => "bool", String => "str", &str => "str", () => "None");

impl IntoRet for Any {
    const TYPE_NAME: &'static str = "Any";
    fn into_ret(self) -> Result<Any> {
        Ok(self)
    }
}

impl<T: NamedObject> IntoRet for ObjRef<T> {
    const TYPE_NAME: &'static str = T::NAME;
    fn into_ret(self) -> Result<Any> {
        Ok(Any::object(self))
    }
}

impl<T: IntoRet, E: Into<Error>> IntoRet for std::result::Result<T, E> {
    const TYPE_NAME: &'static str = T::TYPE_NAME;
    fn into_ret(self) -> Result<Any> {
        self.map_err(Into::into).and_then(IntoRet::into_ret)
    }
}

/// Builds the TypeError for a wrong argument; `pos` is 0-based.
pub fn arg_type_error(func: &str, pos: usize, name: &str, expected: &str, got: &Any) -> Error {
    Error::type_error(format!("{func}() argument {} '{name}': expected {expected}, got {}", pos + 1, got.type_name()))
}

/// Builds the TypeError for a wrong number of arguments.
pub fn arity_error(func: &str, expected: usize, given: usize) -> Error {
    let s = if expected == 1 { "" } else { "s" };
    Error::type_error(format!("{func}() takes {expected} argument{s} but {given} were given"))
}

/// Converts argument `pos` or reports which argument was wrong.
#[inline]
pub fn unpack<T: FromArg>(func: &str, names: &[String], args: &[Any], pos: usize) -> Result<T> {
    T::from_arg(&args[pos]).ok_or_else(|| arg_type_error(func, pos, &names[pos], T::TYPE_NAME, &args[pos]))
}

/// A Rust function or closure that can be registered with typed arguments.
pub trait TypedFn<Marker>: Send + Sync + 'static {
    /// Number of arguments.
    const ARITY: usize;
    /// The argument type names, in order.
    fn param_types() -> Vec<&'static str>;
    /// The return type name.
    fn return_type() -> &'static str;
    /// The packed form; `names` are the argument names used in error messages.
    fn into_packed(self, func: Arc<str>, names: Vec<String>) -> Box<NativeFn>;
}

macro_rules! impl_typed_fn {
    ($n:expr; $($arg:ident $idx:tt),*) => {
        impl<F, R, $($arg),*> TypedFn<fn($($arg),*) -> R> for F
        where
            F: Fn($($arg),*) -> R + Send + Sync + 'static,
            R: IntoRet,
            $($arg: FromArg,)*
        {
            const ARITY: usize = $n;
            fn param_types() -> Vec<&'static str> {
                vec![$($arg::TYPE_NAME),*]
            }
            fn return_type() -> &'static str {
                R::TYPE_NAME
            }
            #[allow(unused_variables)]
            fn into_packed(self, func: Arc<str>, names: Vec<String>) -> Box<NativeFn> {
                Box::new(move |args: &[Any]| {
                    if args.len() != $n {
                        return Err(arity_error(&func, $n, args.len()));
                    }
                    (self)($(unpack::<$arg>(&func, &names, args, $idx)?),*).into_ret()
                })
            }
        }
    };
}

impl_typed_fn!(0;);
impl_typed_fn!(1; A0 0);
impl_typed_fn!(2; A0 0, A1 1);
impl_typed_fn!(3; A0 0, A1 1, A2 2);
impl_typed_fn!(4; A0 0, A1 1, A2 2, A3 3);
impl_typed_fn!(5; A0 0, A1 1, A2 2, A3 3, A4 4);
impl_typed_fn!(6; A0 0, A1 1, A2 2, A3 3, A4 4, A5 5);
impl_typed_fn!(7; A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6);
impl_typed_fn!(8; A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7);
