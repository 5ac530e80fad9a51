//! Dtype queries (Array API 2024.12): can_cast, result_type, finfo, iinfo, isdtype.

use ferrule_core::{DType, Error, Result, Tensor};
use ferrule_registry::{Any, Array, Map, ObjRef, TensorObj};

use crate::operand::Scalar;

/// The dtype of an `Any` holding a dtype or a tensor; `TypeError` naming `op` and `arg`
/// otherwise.
fn dtype_of(op: &str, arg: &str, value: &Any) -> Result<DType> {
    if let Some(d) = value.as_dtype() {
        return Ok(d);
    }
    if let Some(t) = value.downcast::<TensorObj>() {
        return Ok(t.tensor().dtype());
    }
    if let Some(name) = value.as_str() {
        // A dtype's name, for C callers ("float32").
        return DType::from_name(name)
            .ok_or_else(|| Error::type_error(format!("{op}() argument '{arg}': unknown dtype '{name}'")));
    }
    Err(Error::type_error(format!("{op}() argument '{arg}': expected a dtype or a tensor, got {}", value.type_name())))
}

/// True when `from_` (a dtype or a tensor) casts to `to` under the standard's type-promotion
/// rules ("safe" casting: `can_cast(int8, int16)` yes, `can_cast(float64, float32)` no).
pub fn can_cast(from_: &Any, to: DType) -> Result<bool> {
    Ok(crate::promote::can_cast(dtype_of("can_cast", "from_", from_)?, to))
}

/// The dtype that results from promoting every argument: tensors and dtypes take part with
/// their dtype; Python bool/int/float/complex scalars are weak (they adopt the dtype of the
/// others, an int turning bool into int64, a float turning bool/ints into float64, a complex
/// turning a real float into the complex dtype of its precision and bool/ints into
/// complex128: [`Scalar::weak_dtype`]). With only scalars, their default dtypes (bool, int64,
/// float64, complex128) are promoted. Returns a dtype `Any`.
///
/// Errors: `ValueError` for no arguments, `TypeError` for any other kind of argument.
pub fn result_type(arrays_and_dtypes: &[Any]) -> Result<Any> {
    let op = "result_type";
    if arrays_and_dtypes.is_empty() {
        return Err(Error::value_error(format!("{op}: at least one array or dtype is required")));
    }
    let mut strong: Option<DType> = None;
    let mut scalars = Vec::new();
    for (pos, value) in arrays_and_dtypes.iter().enumerate() {
        if let Some(b) = value.as_bool() {
            scalars.push(Scalar::Bool(b));
        } else if let Some(i) = value.as_int() {
            scalars.push(Scalar::Int(i));
        } else if let (Some(f), true) = (value.as_float(), value.type_name() == "float") {
            scalars.push(Scalar::Float(f));
        } else if let Some((re, im)) = value.as_complex() {
            scalars.push(Scalar::Complex(num_complex::Complex::new(re, im)));
        } else {
            let d = dtype_of(op, &format!("arrays_and_dtypes[{pos}]"), value).map_err(|_| {
                Error::type_error(format!(
                    "{op}() argument {pos}: expected a tensor, a dtype or a Python scalar, got {}",
                    value.type_name()
                ))
            })?;
            strong = Some(strong.map_or(d, |s| crate::promote::result_type(s, d)));
        }
    }
    let mut result = match strong {
        Some(d) => d,
        None => {
            let defaults: Vec<DType> = scalars.iter().map(|s| s.default_dtype()).collect();
            crate::promote::result_type_many(&defaults).unwrap_or(DType::Float64)
        }
    };
    for s in scalars {
        result = crate::promote::result_type(result, s.weak_dtype(result));
    }
    Ok(Any::dtype(result))
}

fn record(op: &str, pairs: Vec<(&str, Any)>) -> Result<Any> {
    let map = Map::new(pairs.into_iter().map(|(k, v)| (Any::str(k), v)))
        .map_err(|e| Error::runtime_error(format!("{op}: {}", e.message())))?;
    Ok(Any::object(ObjRef::new(map)))
}

/// Machine limits of a floating-point dtype (or a tensor of one) as a Map with the standard's
/// fields: `bits` (int), `eps`, `max`, `min`, `smallest_normal` (floats) and `dtype`. A
/// complex dtype describes its real parts (`finfo(complex64)` is float32's). Any other dtype
/// is a `ValueError`, as in numpy.
pub fn finfo(type_: &Any) -> Result<Any> {
    let dtype = crate::promote::real_dtype(dtype_of("finfo", "type", type_)?);
    let (bits, eps, max, smallest_normal) = match dtype {
        DType::Float16 => (16, 2f64.powi(-10), 65504.0, 2f64.powi(-14)),
        DType::BFloat16 => (16, 2f64.powi(-7), (2.0 - 2f64.powi(-7)) * 2f64.powi(127), 2f64.powi(-126)),
        DType::Float32 => (32, f32::EPSILON as f64, f32::MAX as f64, f32::MIN_POSITIVE as f64),
        DType::Float64 => (64, f64::EPSILON, f64::MAX, f64::MIN_POSITIVE),
        other => {
            return Err(Error::value_error(format!(
                "finfo() argument 'type': dtype {other} is not a floating-point dtype"
            )))
        }
    };
    record(
        "finfo",
        vec![
            ("bits", Any::int(bits)),
            ("eps", Any::float(eps)),
            ("max", Any::float(max)),
            ("min", Any::float(-max)),
            ("smallest_normal", Any::float(smallest_normal)),
            ("dtype", Any::dtype(dtype)),
        ],
    )
}

/// Machine limits of an integer dtype (or a tensor of one) as a Map: `bits`, `max`, `min`
/// (ints) and `dtype`. uint64's `max` (2**64 - 1) does not fit a packed int, so for uint64 it
/// is a 0-d uint64 tensor holding the exact value. Any other dtype is a `ValueError`.
pub fn iinfo(type_: &Any) -> Result<Any> {
    let dtype = dtype_of("iinfo", "type", type_)?;
    let (min, max): (i64, Any) = match dtype {
        DType::Int8 => (i8::MIN as i64, Any::int(i8::MAX as i64)),
        DType::Int16 => (i16::MIN as i64, Any::int(i16::MAX as i64)),
        DType::Int32 => (i32::MIN as i64, Any::int(i32::MAX as i64)),
        DType::Int64 => (i64::MIN, Any::int(i64::MAX)),
        DType::UInt8 => (0, Any::int(u8::MAX as i64)),
        DType::UInt16 => (0, Any::int(u16::MAX as i64)),
        DType::UInt32 => (0, Any::int(u32::MAX as i64)),
        DType::UInt64 => (0, Any::object(TensorObj::new(Tensor::scalar(u64::MAX)))),
        other => {
            return Err(Error::value_error(format!("iinfo() argument 'type': dtype {other} is not an integer dtype")))
        }
    };
    record(
        "iinfo",
        vec![
            ("bits", Any::int(dtype.itemsize() as i64 * 8)),
            ("max", max),
            ("min", Any::int(min)),
            ("dtype", Any::dtype(dtype)),
        ],
    )
}

fn kind_matches(dtype: DType, kind: &Any) -> Result<bool> {
    if let Some(d) = kind.as_dtype() {
        return Ok(d == dtype);
    }
    // A string is a kind name, never a dtype's name: every frontend passes dtypes as dtype
    // values ("bool" is the one name of both, and means the same either way).
    let Some(name) = kind.as_str() else {
        return Err(Error::type_error(format!(
            "isdtype() argument 'kind': expected a dtype, a str or a tuple of them, got {}",
            kind.type_name()
        )));
    };
    Ok(match name {
        "bool" => dtype.is_bool(),
        "signed integer" => dtype.is_signed_integer(),
        "unsigned integer" => dtype.is_unsigned_integer(),
        "integral" => dtype.is_integer(),
        "real floating" => dtype.is_floating(),
        "complex floating" => dtype.is_complex(),
        "numeric" => !dtype.is_bool(),
        other => {
            return Err(Error::value_error(format!(
                "isdtype() argument 'kind': unknown kind '{other}' (expected 'bool', 'signed \
                 integer', 'unsigned integer', 'integral', 'real floating', 'complex floating' \
                 or 'numeric')"
            )))
        }
    })
}

/// True when `dtype` is of `kind`: a dtype (equality), one of the standard's kind names
/// (`'bool'`, `'signed integer'`, `'unsigned integer'`, `'integral'`, `'real floating'`,
/// `'complex floating'`, `'numeric'`), or a tuple (Array) of those, any of which may match.
pub fn isdtype(dtype: DType, kind: &Any) -> Result<bool> {
    match kind.downcast::<Array>() {
        Some(kinds) => {
            let mut hit = false;
            for k in kinds.items() {
                hit |= kind_matches(dtype, k)?;
            }
            Ok(hit)
        }
        None => kind_matches(dtype, kind),
    }
}
