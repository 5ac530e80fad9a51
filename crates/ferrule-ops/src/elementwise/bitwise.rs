//! Bitwise ops on integers and bool: and, or, xor, invert, left and right shifts (numpy semantics).

use ferrule_core::{DType, Element, Result, Tensor};

use super::{binary_setup, dtype_error, map1, map2, unary_out};
use crate::dispatch::Elem;
use crate::iter::MIN_PER_TASK_CHEAP as G;
use crate::operand::Operand;

fn same(d: DType) -> DType {
    d
}

fn int_or_bool(d: DType) -> Option<DType> {
    (d.is_integer() || d.is_bool()).then_some(d)
}

const WHAT: &str = "an integer or bool dtype";

macro_rules! bitwise_op {
    ($(#[$doc:meta])* $name:ident, $op:tt) => {
        $(#[$doc])*
        pub fn $name(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
            let op = binary_setup(stringify!($name), x1, x2, out, WHAT, int_or_bool, same)?;
            if op.dtype.is_bool() {
                map2::<bool, bool, bool>(&op.a, &op.b, &op.out, G, |a, b| a $op b);
            } else {
                crate::dispatch_int!(op.dtype, T => {
                    map2::<T, T, T>(&op.a, &op.b, &op.out, G, |a, b| a $op b)
                }, _ => unreachable!());
            }
            Ok(op.out)
        }
    };
}

bitwise_op!(
    /// Bitwise AND of integers or bool.
    bitwise_and, &
);
bitwise_op!(
    /// Bitwise OR of integers or bool.
    bitwise_or, |
);
bitwise_op!(
    /// Bitwise XOR of integers or bool.
    bitwise_xor, ^
);

/// Bitwise NOT (`~x`) of integers; logical NOT for bool.
pub fn bitwise_invert(x: &Tensor, out: Option<&Tensor>) -> Result<Tensor> {
    let dt = x.dtype();
    if int_or_bool(dt).is_none() {
        return Err(dtype_error("bitwise_invert", dt, WHAT));
    }
    let out = unary_out("bitwise_invert", x, out, dt)?;
    if dt.is_bool() {
        map1::<bool, bool>(x, &out, G, |v| !v);
    } else {
        crate::dispatch_int!(dt, T => { map1::<T, T>(x, &out, G, |v| !v) }, _ => unreachable!());
    }
    Ok(out)
}

/// Shifts of integers only (bool computes as int8, as numpy).
fn shift_compute(d: DType) -> Option<DType> {
    match d {
        DType::Bool => Some(DType::Int8),
        d if d.is_integer() => Some(d),
        _ => None,
    }
}

/// `x1 << x2`. A shift by a negative amount or by at least the bit width gives 0 (numpy).
pub fn bitwise_left_shift(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("bitwise_left_shift", x1, x2, out, "an integer dtype", shift_compute, same)?;
    crate::dispatch_int!(op.dtype, T => {
        let bits = (std::mem::size_of::<T>() * 8) as u64;
        map2::<T, T, T>(&op.a, &op.b, &op.out, G, |a, b| {
            // A negative amount reads as a huge unsigned one.
            let s = b.to_u64();
            if s < bits { T::from_u64(a.to_u64() << s) } else { T::default() }
        })
    }, _ => unreachable!());
    Ok(op.out)
}

/// `x1 >> x2` (arithmetic for signed ints). A shift by a negative amount or by at least the
/// bit width gives 0, or -1 for negative signed values (numpy).
pub fn bitwise_right_shift(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("bitwise_right_shift", x1, x2, out, "an integer dtype", shift_compute, same)?;
    crate::dispatch_int!(op.dtype, T => {
        let bits = (std::mem::size_of::<T>() * 8) as u64;
        let signed = T::DTYPE.is_signed_integer();
        map2::<T, T, T>(&op.a, &op.b, &op.out, G, |a, b| {
            let s = b.to_u64();
            if signed {
                let v = a.to_i64();
                T::from_i64(if s < bits { v >> s } else if v < 0 { -1 } else { 0 })
            } else if s < bits {
                T::from_u64(a.to_u64() >> s)
            } else {
                T::default()
            }
        })
    }, _ => unreachable!());
    Ok(op.out)
}
