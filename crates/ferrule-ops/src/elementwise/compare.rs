//! Comparisons (equal, not_equal, less, less_equal, greater, greater_equal) and logical and/or/xor.

use ferrule_core::{DType, Result, Tensor};

use super::arith::Num;
use super::{binary_setup, map2};
use crate::dispatch::Elem;
use crate::iter::MIN_PER_TASK_CHEAP as G;
use crate::operand::Operand;

fn to_bool(_: DType) -> DType {
    DType::Bool
}

macro_rules! compare_op {
    ($(#[$doc:meta])* $name:ident, $complex_ok:expr, |$x:ident, $y:ident| $e:expr) => {
        $(#[$doc])*
        pub fn $name(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
            let accept = |d: DType| ($complex_ok || !d.is_complex()).then_some(d);
            let what = if $complex_ok { "any dtype" } else { "a real dtype; complex numbers are unordered" };
            let op = binary_setup(stringify!($name), x1, x2, out, what, accept, to_bool)?;
            crate::dispatch_all!(op.dtype, T => {
                map2::<T, T, bool>(&op.a, &op.b, &op.out, G, |$x: T, $y: T| $e)
            });
            Ok(op.out)
        }
    };
}

compare_op!(
    /// `x1 == x2` element-wise, as bool (NaN is unequal to everything).
    equal, true, |a, b| Num::eq(a, b)
);
compare_op!(
    /// `x1 != x2` element-wise, as bool (NaN is unequal to everything, itself included).
    not_equal, true, |a, b| !Num::eq(a, b)
);
compare_op!(
    /// `x1 < x2` element-wise, as bool; complex is a `TypeError`.
    less, false, |a, b| Num::lt(a, b)
);
compare_op!(
    /// `x1 <= x2` element-wise, as bool; complex is a `TypeError`.
    less_equal, false, |a, b| Num::le(a, b)
);
compare_op!(
    /// `x1 > x2` element-wise, as bool; complex is a `TypeError`.
    greater, false, |a, b| Num::lt(b, a)
);
compare_op!(
    /// `x1 >= x2` element-wise, as bool; complex is a `TypeError`.
    greater_equal, false, |a, b| Num::le(b, a)
);

compare_op!(
    /// Logical AND of the truth values (non-zero is true) of any dtype, as bool.
    logical_and, true, |a, b| a.to_bool() & b.to_bool()
);
compare_op!(
    /// Logical OR of the truth values of any dtype, as bool.
    logical_or, true, |a, b| a.to_bool() | b.to_bool()
);
compare_op!(
    /// Logical XOR of the truth values of any dtype, as bool.
    logical_xor, true, |a, b| a.to_bool() ^ b.to_bool()
);
