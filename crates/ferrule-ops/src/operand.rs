//! `Scalar` and `Operand` (a tensor or a weak Python scalar: bool, int, float or complex) and the
//! weak-scalar resolution rules.

use ferrule_core::{DType, Error, Result, Tensor};
use num_complex::Complex;
use std::borrow::Cow;

use crate::dispatch::Elem;

/// A Python scalar: bool, int, float or complex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A Python bool.
    Bool(bool),
    /// A Python int (one that fits in i64).
    Int(i64),
    /// A Python float.
    Float(f64),
    /// A Python complex (Go's `complex128`, C's `FerruleComplexObject`).
    Complex(Complex<f64>),
}

/// A `TensorLike` argument: a tensor, or a Python scalar that is "weak" in type promotion.
#[derive(Clone, Debug)]
pub enum Operand {
    /// A tensor.
    Tensor(Tensor),
    /// A Python scalar.
    Scalar(Scalar),
}

impl From<Tensor> for Operand {
    fn from(t: Tensor) -> Self {
        Operand::Tensor(t)
    }
}

impl From<&Tensor> for Operand {
    fn from(t: &Tensor) -> Self {
        Operand::Tensor(t.clone())
    }
}

impl From<Scalar> for Operand {
    fn from(s: Scalar) -> Self {
        Operand::Scalar(s)
    }
}

impl From<bool> for Scalar {
    fn from(v: bool) -> Self {
        Scalar::Bool(v)
    }
}

impl From<i64> for Scalar {
    fn from(v: i64) -> Self {
        Scalar::Int(v)
    }
}

impl From<f64> for Scalar {
    fn from(v: f64) -> Self {
        Scalar::Float(v)
    }
}

impl From<Complex<f64>> for Scalar {
    fn from(v: Complex<f64>) -> Self {
        Scalar::Complex(v)
    }
}

impl Scalar {
    /// The dtype the scalar has on its own: bool, int64, float64 or complex128.
    pub fn default_dtype(self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::Int(_) => DType::Int64,
            Scalar::Float(_) => DType::Float64,
            Scalar::Complex(_) => DType::Complex128,
        }
    }

    /// The dtype the weak scalar takes next to a tensor of dtype `tensor` (Array API / NEP 50):
    /// bool keeps the tensor's dtype; an int keeps it unless the tensor is bool (→ int64); a
    /// float keeps float/complex dtypes and turns bool/int into float64; a complex keeps complex
    /// dtypes and turns a real float dtype into the complex dtype of its precision (float32 →
    /// complex64, float64 → complex128, as the standard requires; float16 and bfloat16 →
    /// complex64, as numpy does) and bool/int into complex128 (the standard leaves that case
    /// to the implementation; numpy 2 gives complex128).
    pub fn weak_dtype(self, tensor: DType) -> DType {
        match self {
            Scalar::Bool(_) => tensor,
            Scalar::Int(_) if tensor.is_bool() => DType::Int64,
            Scalar::Int(_) => tensor,
            Scalar::Float(_) if tensor.is_bool() || tensor.is_integer() => DType::Float64,
            Scalar::Float(_) => tensor,
            Scalar::Complex(_) => match tensor {
                DType::Complex64 | DType::Complex128 => tensor,
                DType::Float64 => DType::Complex128,
                DType::Float32 | DType::Float16 | DType::BFloat16 => DType::Complex64,
                _ => DType::Complex128,
            },
        }
    }

    /// The value as an element of type `T` (C-style conversion, no range check; a complex
    /// value keeps its real part in a real type, see [`Scalar::to_tensor`] for the check).
    pub fn to_elem<T: Elem>(self) -> T {
        match self {
            Scalar::Bool(v) => T::from_bool(v),
            Scalar::Int(v) => T::from_i64(v),
            Scalar::Float(v) => T::from_f64(v),
            Scalar::Complex(v) => T::from_c64(v),
        }
    }

    /// The value as f64 (a complex value's real part).
    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Bool(v) => v as u8 as f64,
            Scalar::Int(v) => v as f64,
            Scalar::Float(v) => v,
            Scalar::Complex(v) => v.re,
        }
    }

    /// The value as complex f64.
    pub fn as_c64(self) -> Complex<f64> {
        match self {
            Scalar::Complex(v) => v,
            other => Complex::new(other.as_f64(), 0.0),
        }
    }

    /// The Python type's name ("bool", "int", "float", "complex"), for messages.
    pub fn kind(self) -> &'static str {
        match self {
            Scalar::Bool(_) => "bool",
            Scalar::Int(_) => "int",
            Scalar::Float(_) => "float",
            Scalar::Complex(_) => "complex",
        }
    }

    /// Whether this is a complex scalar.
    pub fn is_complex(self) -> bool {
        matches!(self, Scalar::Complex(_))
    }

    /// A 0-d tensor of `dtype` holding the value; `OverflowError` naming `op` when an int does
    /// not fit an integer dtype (numpy 2: "Python integer 300 out of bounds for uint8");
    /// `TypeError` for a complex value and a dtype that is neither complex nor bool (a Python
    /// complex has no int() or float(): numpy refuses it too, rather than drop its imaginary
    /// part).
    pub fn to_tensor(self, op: &str, dtype: DType) -> Result<Tensor> {
        self.check_fits(op, dtype)?;
        Ok(crate::dispatch_all!(dtype, T => { Tensor::scalar(self.to_elem::<T>()) }))
    }

    /// The checks of [`Scalar::to_tensor`] without making the tensor.
    pub fn check_fits(self, op: &str, dtype: DType) -> Result<()> {
        match self {
            Scalar::Int(v) if dtype.is_integer() && !int_fits(v, dtype) => {
                Err(Error::overflow_error(format!("{op}: Python integer {v} out of bounds for {dtype}")))
            }
            Scalar::Complex(_) if !dtype.is_complex() && !dtype.is_bool() => Err(Error::type_error(format!(
                "{op}: cannot convert a complex scalar to {dtype} (it would drop the imaginary part)"
            ))),
            _ => Ok(()),
        }
    }
}

/// True when `v` is representable in the integer dtype `dtype`.
pub fn int_fits(v: i64, dtype: DType) -> bool {
    let (lo, hi): (i128, i128) = match dtype {
        DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
        DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
        DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
        DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
        DType::UInt8 => (0, u8::MAX as i128),
        DType::UInt16 => (0, u16::MAX as i128),
        DType::UInt32 => (0, u32::MAX as i128),
        DType::UInt64 => (0, u64::MAX as i128),
        _ => return true,
    };
    (lo..=hi).contains(&(v as i128))
}

impl Operand {
    /// The operand as a tensor: a tensor is returned as is (a cheap clone); a scalar becomes a
    /// 0-d tensor of `dtype_hint`, or of its default dtype (bool/int64/float64/complex128) for
    /// `None`.
    pub fn to_tensor(&self, dtype_hint: Option<DType>) -> Result<Tensor> {
        match self {
            Operand::Tensor(t) => Ok(t.clone()),
            Operand::Scalar(s) => s.to_tensor("asarray", dtype_hint.unwrap_or(s.default_dtype())),
        }
    }

    /// The tensor, if this operand is one.
    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            Operand::Tensor(t) => Some(t),
            Operand::Scalar(_) => None,
        }
    }

    /// The dtype this operand contributes to promotion against `other_tensor_dtype` (weak for
    /// scalars), e.g. for computing a result dtype without making tensors.
    pub fn dtype_against(&self, other_tensor_dtype: DType) -> DType {
        match self {
            Operand::Tensor(t) => t.dtype(),
            Operand::Scalar(s) => s.weak_dtype(other_tensor_dtype),
        }
    }
}

/// The two operands of a binary op as tensors, applying the weak-scalar rule: a scalar becomes
/// a 0-d tensor of [`Scalar::weak_dtype`] of the other operand's dtype.
///
/// Errors: `TypeError` when both are scalars (`"add: at least one of x1, x2 must be a
/// tensor"`); `OverflowError` when an int scalar does not fit the tensor's integer dtype.
pub fn resolve_pair<'a>(op: &str, x1: &'a Operand, x2: &'a Operand) -> Result<(Cow<'a, Tensor>, Cow<'a, Tensor>)> {
    match (x1, x2) {
        (Operand::Tensor(a), Operand::Tensor(b)) => Ok((Cow::Borrowed(a), Cow::Borrowed(b))),
        (Operand::Tensor(a), Operand::Scalar(s)) => {
            Ok((Cow::Borrowed(a), Cow::Owned(s.to_tensor(op, s.weak_dtype(a.dtype()))?)))
        }
        (Operand::Scalar(s), Operand::Tensor(b)) => {
            Ok((Cow::Owned(s.to_tensor(op, s.weak_dtype(b.dtype()))?), Cow::Borrowed(b)))
        }
        (Operand::Scalar(_), Operand::Scalar(_)) => {
            Err(Error::type_error(format!("{op}: at least one of x1, x2 must be a tensor")))
        }
    }
}

/// Several operands as tensors (e.g. `where`, `clip`, `geo_distance`): scalars take the weak
/// dtype against the promoted dtype of the tensor operands. `TypeError` when none is a tensor
/// (naming `op` and the argument names `names`).
pub fn resolve_many(op: &str, names: &[&str], operands: &[&Operand]) -> Result<Vec<Tensor>> {
    let tensor_dtypes: Vec<DType> = operands.iter().filter_map(|o| o.as_tensor().map(Tensor::dtype)).collect();
    let Some(common) = crate::promote::result_type_many(&tensor_dtypes) else {
        return Err(Error::type_error(format!("{op}: at least one of {} must be a tensor", names.join(", "))));
    };
    operands
        .iter()
        .map(|o| match o {
            Operand::Tensor(t) => Ok(t.clone()),
            Operand::Scalar(s) => s.to_tensor(op, s.weak_dtype(common)),
        })
        .collect()
}
