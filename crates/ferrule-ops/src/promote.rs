//! Type promotion (Array API 2024.12 table, numpy 2 for mixed kinds), safe casting and dtype categories.

use ferrule_core::{DType, Error, Result};

/// The dtype two tensors of dtypes `a` and `b` promote to.
///
/// Within a kind this is the Array API 2024.12 table; across kinds it follows numpy 2:
/// `bool` promotes to anything, `uint64` with a signed int gives `float64`, an int with a
/// float gives the smallest float that holds the int exactly enough (`int8 + float16 ->
/// float16`, `int16 + float16 -> float32`, `int64 + float32 -> float64`), and anything with a
/// complex gives a complex of enough precision. `bfloat16` (not in numpy) promotes with
/// `float16` to `float32`, with `int8`/`uint8` to `bfloat16`, as in ml_dtypes.
pub fn result_type(a: DType, b: DType) -> DType {
    use DType::*;
    if a == b {
        return a;
    }
    match (a, b) {
        (Bool, other) | (other, Bool) => other,
        _ if a.is_integer() && b.is_integer() => promote_ints(a, b),
        _ if a.is_complex() || b.is_complex() => {
            let width = float_width(a).max(float_width(b));
            if width > 32 {
                Complex128
            } else {
                Complex64
            }
        }
        _ if a.is_integer() || b.is_integer() => {
            let (int, float) = if a.is_integer() { (a, b) } else { (b, a) };
            if float == BFloat16 && matches!(int, Int8 | UInt8) {
                return BFloat16;
            }
            promote_floats(int_to_float(int), float)
        }
        _ => promote_floats(a, b),
    }
}

/// The promotion of several dtypes, folded left to right; `None` for an empty list.
pub fn result_type_many(dtypes: &[DType]) -> Option<DType> {
    let (&first, rest) = dtypes.split_first()?;
    Some(rest.iter().fold(first, |acc, &d| result_type(acc, d)))
}

/// True when `from` casts to `to` without loss under numpy's "safe" rule.
pub fn can_cast(from: DType, to: DType) -> bool {
    result_type(from, to) == to
}

fn promote_ints(a: DType, b: DType) -> DType {
    use DType::*;
    let bits = |d: DType| d.itemsize() * 8;
    match (a.is_signed_integer(), b.is_signed_integer()) {
        (true, true) | (false, false) => {
            if bits(a) >= bits(b) {
                a
            } else {
                b
            }
        }
        _ => {
            let (signed, unsigned) = if a.is_signed_integer() { (a, b) } else { (b, a) };
            // The signed type must hold every value of the unsigned one.
            let need = (bits(unsigned) * 2).max(bits(signed));
            match need {
                8 => Int8,
                16 => Int16,
                32 => Int32,
                64 => Int64,
                _ => Float64,
            }
        }
    }
}

/// The smallest float numpy uses for an int mixed with floats.
fn int_to_float(int: DType) -> DType {
    match int.itemsize() {
        1 => DType::Float16,
        2 => DType::Float32,
        _ => DType::Float64,
    }
}

fn promote_floats(a: DType, b: DType) -> DType {
    use DType::*;
    match (a, b) {
        _ if a == b => a,
        (Float16, BFloat16) | (BFloat16, Float16) => Float32,
        _ if a.itemsize() >= b.itemsize() => a,
        _ => b,
    }
}

/// The bits of precision class used to pick a complex result: 64 for anything needing
/// float64, 32 otherwise.
fn float_width(d: DType) -> usize {
    match d {
        DType::Complex128 | DType::Float64 => 64,
        DType::Complex64 | DType::Float32 | DType::Float16 | DType::BFloat16 | DType::Bool => 32,
        _ => int_to_float(d).itemsize() * 8,
    }
}

/// True for every dtype except bool (ints, floats, complex).
pub fn is_numeric(d: DType) -> bool {
    !d.is_bool()
}

/// True for the real floating dtypes (bfloat16 included).
pub fn is_real_floating(d: DType) -> bool {
    d.is_floating()
}

/// True for the complex dtypes.
pub fn is_complex_floating(d: DType) -> bool {
    d.is_complex()
}

/// True for real and complex floating dtypes.
pub fn is_floating(d: DType) -> bool {
    d.is_floating() || d.is_complex()
}

/// True for signed and unsigned integers (not bool).
pub fn is_integral(d: DType) -> bool {
    d.is_integer()
}

/// True for integers and bool (the dtypes bitwise ops accept).
pub fn is_integral_or_bool(d: DType) -> bool {
    d.is_integer() || d.is_bool()
}

/// True for bool, integers and real floats (the dtypes ordering comparisons accept).
pub fn is_real(d: DType) -> bool {
    !d.is_complex()
}

/// The float dtype an integer or bool is computed in for functions that always return floats
/// (`sqrt`, `divide`, `exp` of ints): float64 for ints, as numpy's default; floats stay.
///
/// numpy uses float16 for int8/bool and float32 for int16 inputs of unary math (e.g.
/// `np.sqrt(np.int8(4))` is float16); this follows numpy exactly.
pub fn float_for_unary(d: DType) -> DType {
    match d {
        DType::Bool | DType::Int8 | DType::UInt8 => DType::Float16,
        DType::Int16 | DType::UInt16 => DType::Float32,
        DType::Int32 | DType::UInt32 | DType::Int64 | DType::UInt64 => DType::Float64,
        other => other,
    }
}

/// The real dtype of the parts of a complex dtype (`complex64 -> float32`); other dtypes map
/// to themselves.
pub fn real_dtype(d: DType) -> DType {
    match d {
        DType::Complex64 => DType::Float32,
        DType::Complex128 => DType::Float64,
        other => other,
    }
}

/// `TypeError` unless `accept(dtype)`: `"{op}: dtype {dtype} is not accepted (expected {what})"`.
pub fn check_dtype(op: &str, dtype: DType, accept: fn(DType) -> bool, what: &str) -> Result<()> {
    if accept(dtype) {
        Ok(())
    } else {
        Err(Error::type_error(format!("{op}: dtype {dtype} is not accepted (expected {what})")))
    }
}
