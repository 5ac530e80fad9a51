//! Short names for the op calls the backward helpers make: each goes through the op's packed
//! glue, so it is recorded like any formula's call when `create_graph` is on.

use ferrule_registry::{Any, Array, Map, ObjRef, Result, TensorObj};

use crate::register as r;

/// A list of ints as an `Array`.
pub fn ints(values: impl IntoIterator<Item = i64>) -> Any {
    Any::object(ObjRef::new(Array::new(values.into_iter().map(Any::int).collect())))
}

/// A list of values as an `Array`.
pub fn list(values: Vec<Any>) -> Any {
    Any::object(ObjRef::new(Array::new(values)))
}

/// The tensor inside `value` (a formula's argument); `TypeError` otherwise.
pub fn tensor<'a>(what: &str, value: &'a Any) -> Result<&'a ferrule_core::Tensor> {
    value.downcast::<TensorObj>().map(TensorObj::tensor).ok_or_else(|| {
        ferrule_registry::Error::type_error(format!("{what}: expected a Tensor, got {}", value.type_name()))
    })
}

/// The items of a list (an `Array`).
pub fn items(what: &str, value: &Any) -> Result<Vec<Any>> {
    value.downcast::<Array>().map(|a| a.items().to_vec()).ok_or_else(|| {
        ferrule_registry::Error::type_error(format!("{what}: expected a list, got {}", value.type_name()))
    })
}

/// A slice `start:stop:step` in getitem's index encoding (None for an open end).
pub fn slice(start: Option<i64>, stop: Option<i64>) -> Result<Any> {
    let part = |v: Option<i64>| v.map_or(Any::NONE, Any::int);
    let parts = list(vec![part(start), part(stop), Any::NONE]);
    Ok(Any::object(ObjRef::new(Map::new([(Any::str("slice"), parts)])?)))
}

/// `x[..., start:stop, ...]` along `axis` (normalised, of `ndim` dims).
pub fn narrow(x: &Any, axis: usize, start: Option<i64>, stop: Option<i64>) -> Result<Any> {
    let mut index = vec![slice(None, None)?; axis];
    index.push(slice(start, stop)?);
    r::op_getitem(&[x.clone(), list(index)])
}

/// `zeros(shape, dtype=dtype)`.
pub fn zeros(shape: &[i64], dtype: ferrule_core::DType) -> Result<Any> {
    r::op_zeros(&[ints(shape.iter().copied()), Any::dtype(dtype), Any::NONE])
}

/// `zeros_like(x)`.
pub fn zeros_like(x: &Any) -> Result<Any> {
    r::op_zeros_like(&[x.clone(), Any::NONE, Any::NONE])
}

macro_rules! binary {
    ($($name:ident => $op:ident),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($op), "(a, b)`.")]
        pub fn $name(a: &Any, b: &Any) -> Result<Any> {
            r::$op(&[a.clone(), b.clone(), Any::NONE])
        }
    )*};
}

macro_rules! unary {
    ($($name:ident => $op:ident),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($op), "(x)`.")]
        pub fn $name(x: &Any) -> Result<Any> {
            r::$op(&[x.clone(), Any::NONE])
        }
    )*};
}

binary! {
    add => op_add, sub => op_subtract, mul => op_multiply, div => op_divide, pow => op_pow,
    eq => op_equal, ne => op_not_equal, lt => op_less, gt => op_greater,
    matmul => op_matmul, logical_and => op_logical_and, logical_or => op_logical_or,
}

unary! {
    neg => op_negative, abs => op_abs, sign => op_sign, sqrt => op_sqrt, imag => op_imag,
    sin => op_sin, cos => op_cos,
}

/// `where(condition, a, b)`.
pub fn select(condition: &Any, a: &Any, b: &Any) -> Result<Any> {
    r::op_where(&[condition.clone(), a.clone(), b.clone(), Any::NONE])
}

/// `sum(x, axis=axes, keepdims=keepdims)`.
pub fn sum(x: &Any, axes: &Any, keepdims: bool) -> Result<Any> {
    r::op_sum(&[x.clone(), axes.clone(), Any::NONE, Any::from(keepdims)])
}

/// `reshape(x, shape)`.
pub fn reshape(x: &Any, shape: &[i64]) -> Result<Any> {
    r::op_reshape(&[x.clone(), ints(shape.iter().copied()), Any::NONE])
}

/// `permute_dims(x, axes)`.
pub fn permute(x: &Any, axes: &[i64]) -> Result<Any> {
    r::op_permute_dims(&[x.clone(), ints(axes.iter().copied())])
}

/// `expand_dims(x, axis=axis)`.
pub fn expand_dims(x: &Any, axis: i64) -> Result<Any> {
    r::op_expand_dims(&[x.clone(), Any::int(axis)])
}

/// `squeeze(x, axis=axis)`.
pub fn squeeze(x: &Any, axis: i64) -> Result<Any> {
    r::op_squeeze(&[x.clone(), ints([axis])])
}

/// `flip(x, axis=axis)`.
pub fn flip(x: &Any, axis: i64) -> Result<Any> {
    r::op_flip(&[x.clone(), ints([axis])])
}

/// `concat(arrays, axis=axis)`.
pub fn concat(arrays: Vec<Any>, axis: i64) -> Result<Any> {
    r::op_concat(&[list(arrays), Any::int(axis)])
}

/// `matrix_transpose(x)`.
pub fn mt(x: &Any) -> Result<Any> {
    r::op_matrix_transpose(std::slice::from_ref(x))
}

/// `conj(x)` (the helper: a real tensor unchanged).
pub fn conj(x: &Any) -> Result<Any> {
    super::conj(std::slice::from_ref(x))
}

/// `conj(matrix_transpose(x))`: the conjugate transpose (the transpose of a real matrix).
pub fn mh(x: &Any) -> Result<Any> {
    conj(&mt(x)?)
}

/// `tril(x, k=k)`.
pub fn tril(x: &Any, k: i64) -> Result<Any> {
    r::op_tril(&[x.clone(), Any::int(k)])
}

/// `triu(x, k=k)`.
pub fn triu(x: &Any, k: i64) -> Result<Any> {
    r::op_triu(&[x.clone(), Any::int(k)])
}

/// `astype(x, dtype)`.
pub fn astype(x: &Any, dtype: ferrule_core::DType) -> Result<Any> {
    r::op_astype(&[x.clone(), Any::dtype(dtype), Any::from(true), Any::NONE])
}

/// `linalg.inv(x)`.
pub fn inv(x: &Any) -> Result<Any> {
    r::op_linalg_inv(std::slice::from_ref(x))
}

/// `eye(n, m, k=k, dtype=dtype)`.
pub fn eye(n: i64, m: i64, k: i64, dtype: ferrule_core::DType) -> Result<Any> {
    r::op_eye(&[Any::int(n), Any::int(m), Any::int(k), Any::dtype(dtype), Any::NONE])
}

/// Item `i` of an op's tuple result.
pub fn item(value: &Any, i: usize) -> Result<Any> {
    items("item", value)?
        .get(i)
        .cloned()
        .ok_or_else(|| ferrule_registry::Error::runtime_error(format!("item {i} of a shorter tuple")))
}
