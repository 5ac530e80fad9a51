//! Binary arithmetic: add, subtract, multiply, divide, floor_divide, remainder, pow, maximum,
//! minimum, and the float-only atan2, copysign, hypot, logaddexp, nextafter.

use ferrule_core::{DType, Element, Error, Result, Tensor, BF16, F16};
use num_complex::Complex;

use super::arith::Num;
use super::real::{divmod, logaddexp as real_logaddexp, Real};
use super::{binary_setup, map2, map2_vectorised};
use crate::dispatch::{ComplexElem, Elem, FloatElem};
use crate::iter::{map_binary, MIN_PER_TASK_CHEAP as G, MIN_PER_TASK_MATH as GM};
use crate::operand::Operand;
use crate::promote::can_cast;

/// Applies `|x, y| expr` (on f32/f64 compute values) over two real-float tensors.
macro_rules! real_map2 {
    ($dt:expr, $a:expr, $b:expr, $out:expr, $grain:expr, |$x:ident, $y:ident| $e:expr) => {
        $crate::dispatch_float!($dt, T => {
            #[allow(dead_code)]
            type C = <T as FloatElem>::Compute;
            map2_vectorised::<T, T, T>($a, $b, $out, $grain, |p: T, q: T| {
                let ($x, $y): (C, C) = (p.widen(), q.widen());
                T::narrow($e)
            })
        }, _ => unreachable!("real_map2 on a non-float dtype"))
    };
}

/// Applies `|x, y| expr` (on `num_complex::Complex<R>`) over two complex tensors.
macro_rules! complex_map2 {
    ($dt:expr, $a:expr, $b:expr, $out:expr, $grain:expr, |$x:ident, $y:ident| $e:expr) => {
        $crate::dispatch_complex!($dt, T => {
            #[allow(dead_code)]
            type R = <T as ComplexElem>::Real;
            map2::<T, T, T>($a, $b, $out, $grain, |p: T, q: T| {
                let ($x, $y) = (p.to_num(), q.to_num());
                T::from_num($e)
            })
        }, _ => unreachable!("complex_map2 on a non-complex dtype"))
    };
}

/// The result dtype as is (ops accepting every dtype).
fn same(d: DType) -> DType {
    d
}

/// Adds `x1 + x2` element-wise (ints wrap; bool is logical or).
pub fn add(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("add", x1, x2, out, "any dtype", Some, same)?;
    crate::dispatch_all!(op.dtype, T => { map2::<T, T, T>(&op.a, &op.b, &op.out, G, Num::add) });
    Ok(op.out)
}

/// Subtracts `x1 - x2` element-wise (ints wrap). Bool is a `TypeError` (use `logical_xor`).
pub fn subtract(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let accept = |d: DType| (!d.is_bool()).then_some(d);
    let what = "a numeric dtype; use logical_xor for bool";
    let op = binary_setup("subtract", x1, x2, out, what, accept, same)?;
    crate::dispatch_numeric!(op.dtype, T => { map2::<T, T, T>(&op.a, &op.b, &op.out, G, Num::sub) }, _ => unreachable!());
    Ok(op.out)
}

/// Multiplies `x1 * x2` element-wise (ints wrap; bool is logical and).
pub fn multiply(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("multiply", x1, x2, out, "any dtype", Some, same)?;
    crate::dispatch_all!(op.dtype, T => { map2::<T, T, T>(&op.a, &op.b, &op.out, G, Num::mul) });
    Ok(op.out)
}

/// numpy's complex division (Smith's method; division by zero gives infinities/NaN as numpy).
pub(crate) fn complex_div<R: Real>(a: Complex<R>, b: Complex<R>) -> Complex<R> {
    let (br, bi) = (b.re.abs(), b.im.abs());
    if br >= bi {
        if br == R::ZERO && bi == R::ZERO {
            return Complex::new(a.re / br, a.im / br);
        }
        let rat = b.im / b.re;
        let scl = R::ONE / (b.re + b.im * rat);
        Complex::new((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl)
    } else {
        let rat = b.re / b.im;
        let scl = R::ONE / (b.im + b.re * rat);
        Complex::new((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl)
    }
}

/// True division `x1 / x2`; ints and bool divide in float64 (as numpy).
pub fn divide(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let compute = |d: DType| Some(if d.is_bool() || d.is_integer() { DType::Float64 } else { d });
    let op = binary_setup("divide", x1, x2, out, "any dtype", compute, same)?;
    if op.dtype.is_complex() {
        complex_map2!(op.dtype, &op.a, &op.b, &op.out, G, |x, y| complex_div(x, y));
    } else {
        real_map2!(op.dtype, &op.a, &op.b, &op.out, G, |x, y| x / y);
    }
    Ok(op.out)
}

/// bool computes as int8 for the ops numpy has no bool loop for; complex is rejected.
fn real_int8_for_bool(d: DType) -> Option<DType> {
    match d {
        DType::Bool => Some(DType::Int8),
        d if d.is_complex() => None,
        d => Some(d),
    }
}

/// Python's integer floor division: rounds toward -inf; `x // 0` is 0 (numpy warns and gives
/// 0), `MIN // -1` wraps to MIN.
fn int_floor_div(a: i64, b: i64, signed: bool) -> i64 {
    if b == 0 {
        return 0;
    }
    if !signed {
        return ((a as u64) / (b as u64)) as i64;
    }
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Python's integer modulo: the result takes the sign of the divisor; `x % 0` is 0.
fn int_mod(a: i64, b: i64, signed: bool) -> i64 {
    if b == 0 {
        return 0;
    }
    if !signed {
        return ((a as u64) % (b as u64)) as i64;
    }
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

macro_rules! int_map2_via_i64 {
    ($dt:expr, $a:expr, $b:expr, $out:expr, |$x:ident, $y:ident, $signed:ident| $e:expr) => {
        $crate::dispatch_int!($dt, T => {
            let $signed = T::DTYPE.is_signed_integer();
            map2::<T, T, T>($a, $b, $out, G, |p: T, q: T| {
                // u64 values travel through i64 bit patterns; the unsigned branches reinterpret.
                let ($x, $y) = (p.to_u64() as i64, q.to_u64() as i64);
                let ($x, $y) = if $signed { (p.to_i64(), q.to_i64()) } else { ($x, $y) };
                T::from_i64($e)
            })
        }, _ => unreachable!())
    };
}

/// Floor division `x1 // x2` (rounds toward -inf). Integer division by zero gives 0; floats
/// follow Python (`x // 0` is ±inf or NaN) except where one operand is infinite and the other
/// finite: there the Array API standard's `floor(x1 / x2)` holds (`inf // 1` is `inf`,
/// `1 // -inf` is `-0.0`), where numpy and Python give `nan` and `-1.0`. `remainder` keeps
/// numpy's values, which are also the standard's. bool computes as int8; complex is a
/// `TypeError`.
pub fn floor_divide(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("floor_divide", x1, x2, out, "a real dtype", real_int8_for_bool, same)?;
    if op.dtype.is_floating() {
        real_map2!(op.dtype, &op.a, &op.b, &op.out, G, |x, y| floor_div_float(x, y));
    } else {
        int_map2_via_i64!(op.dtype, &op.a, &op.b, &op.out, |x, y, signed| int_floor_div(x, y, signed));
    }
    Ok(op.out)
}

/// The standard's float floor division: `x1 / x2` itself when exactly one operand is infinite
/// and the other finite and nonzero (an infinity or a signed zero, already integral), Python's
/// `divmod` quotient otherwise.
#[inline(always)]
fn floor_div_float<T: Real>(x: T, y: T) -> T {
    if x.is_infinite() != y.is_infinite() && x.is_finite() != y.is_finite() && y != T::ZERO {
        return x / y;
    }
    divmod(x, y).0
}

/// Remainder of floor division, with the sign of `x2` (Python's `%`). Integer `x % 0` gives 0.
/// bool computes as int8; complex is a `TypeError`.
pub fn remainder(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("remainder", x1, x2, out, "a real dtype", real_int8_for_bool, same)?;
    if op.dtype.is_floating() {
        real_map2!(op.dtype, &op.a, &op.b, &op.out, G, |x, y| divmod(x, y).1);
    } else {
        int_map2_via_i64!(op.dtype, &op.a, &op.b, &op.out, |x, y, signed| int_mod(x, y, signed));
    }
    Ok(op.out)
}

/// Wrapping integer power by squaring (`e >= 0`).
fn int_pow(mut base: u64, mut e: u64) -> u64 {
    let mut acc: u64 = 1;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        e >>= 1;
    }
    acc
}

/// numpy's complex power: `z^0 = 1`, `0^w` is 0 for `Re w > 0` (NaN otherwise), small
/// integer exponents by repeated multiplication, otherwise `exp(w log z)`.
fn complex_pow(a: Complex<f64>, b: Complex<f64>) -> Complex<f64> {
    if b.re == 0.0 && b.im == 0.0 {
        return Complex::new(1.0, 0.0);
    }
    if a.re == 0.0 && a.im == 0.0 {
        // exp(w log 0) = exp(-inf * Re w + ...) vanishes whenever Re w > 0, whatever Im w.
        return if b.re > 0.0 { Complex::new(0.0, 0.0) } else { Complex::new(f64::NAN, f64::NAN) };
    }
    if b.im == 0.0 && b.re == b.re.trunc() && b.re.abs() < 100.0 {
        let n = b.re as i64;
        let mut acc = Complex::new(1.0, 0.0);
        let mut base = a;
        let mut e = n.unsigned_abs();
        while e > 0 {
            if e & 1 == 1 {
                acc *= base;
            }
            base = base * base;
            e >>= 1;
        }
        return if n < 0 { complex_div(Complex::new(1.0, 0.0), acc) } else { acc };
    }
    super::cmath::exp(b * super::cmath::log(a))
}

/// `x1 ** x2`. Integer powers wrap; a negative integer exponent is a `ValueError`; bool
/// computes as int8.
pub fn pow(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let compute = |d: DType| Some(if d.is_bool() { DType::Int8 } else { d });
    let op = binary_setup("pow", x1, x2, out, "any dtype", compute, same)?;
    let dt = op.dtype;
    if dt == DType::Float32 {
        map_binary::<f32, f32, f32, _>(&op.a, &op.b, &op.out, GM, super::vmath::pow_f32);
    } else if dt == DType::Float64 {
        map_binary::<f64, f64, f64, _>(&op.a, &op.b, &op.out, GM, super::vmath::pow_f64);
    } else if dt.is_floating() {
        real_map2!(dt, &op.a, &op.b, &op.out, GM, |x, y| x.powf(y));
    } else if dt.is_complex() {
        crate::dispatch_complex!(dt, T => {
            map2::<T, T, T>(&op.a, &op.b, &op.out, GM, |p, q| T::from_c64(complex_pow(p.to_c64(), q.to_c64())))
        }, _ => unreachable!());
    } else {
        if dt.is_signed_integer() {
            let negative = crate::dispatch_int!(dt, T => {
                let mut found = false;
                ferrule_core::tensor::for_each_offset(op.b.shape(), op.b.strides(), |off| {
                    // SAFETY: offsets of a valid view of `T` elements.
                    let v = unsafe { *op.b.data_ptr().cast::<T>().offset(off as isize) };
                    found |= v.to_i64() < 0;
                });
                found
            }, _ => false);
            if negative {
                return Err(Error::value_error("pow: integers to negative integer powers are not allowed"));
            }
        }
        crate::dispatch_int!(dt, T => {
            map2::<T, T, T>(&op.a, &op.b, &op.out, G, |p, q| T::from_u64(int_pow(p.to_u64(), q.to_u64())))
        }, _ => unreachable!());
    }
    Ok(op.out)
}

/// Element-wise maximum; NaN propagates (numpy `maximum`); complex compares lexicographically.
pub fn maximum(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("maximum", x1, x2, out, "any dtype", Some, same)?;
    // gathered when strided: the select vectorises over the chunk
    crate::dispatch_all!(op.dtype, T => { map2_vectorised::<T, T, T>(&op.a, &op.b, &op.out, G, Num::max) });
    Ok(op.out)
}

/// Element-wise minimum; NaN propagates (numpy `minimum`); complex compares lexicographically.
pub fn minimum(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let op = binary_setup("minimum", x1, x2, out, "any dtype", Some, same)?;
    // gathered when strided: the select vectorises over the chunk
    crate::dispatch_all!(op.dtype, T => { map2_vectorised::<T, T, T>(&op.a, &op.b, &op.out, G, Num::min) });
    Ok(op.out)
}

/// The float dtype numpy computes a float-only binary function of ints in: the smallest of
/// float16/32/64 both int inputs cast to safely (so int8 with uint8 gives float16).
fn float_compute(promoted: DType, a: DType, b: DType) -> Option<DType> {
    if promoted.is_complex() {
        return None;
    }
    if promoted.is_floating() {
        return Some(promoted);
    }
    [DType::Float16, DType::Float32, DType::Float64].into_iter().find(|&f| can_cast(a, f) && can_cast(b, f))
}

macro_rules! float_binary_op {
    ($(#[$doc:meta])* $name:ident, $grain:expr, $(vectorised $k32:path, $k64:path,)? |$x:ident, $y:ident| $e:expr) => {
        $(#[$doc])*
        ///
        /// Real dtypes only (complex is a `TypeError`); ints and bool compute in the smallest
        /// float both inputs cast to safely, as numpy.
        pub fn $name(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
            let name = stringify!($name);
            let (a, b) = crate::operand::resolve_pair(name, x1, x2)?;
            let promoted = crate::promote::result_type(a.dtype(), b.dtype());
            let compute = float_compute(promoted, a.dtype(), b.dtype());
            let compute = move |_: DType| compute;
            let (a, b) = (Operand::Tensor(a.into_owned()), Operand::Tensor(b.into_owned()));
            let op = binary_setup(name, &a, &b, out, "a real dtype", compute, same)?;
            $(
                if op.dtype == DType::Float32 {
                    map_binary::<f32, f32, f32, _>(&op.a, &op.b, &op.out, $grain, $k32);
                    return Ok(op.out);
                }
                if op.dtype == DType::Float64 {
                    map_binary::<f64, f64, f64, _>(&op.a, &op.b, &op.out, $grain, $k64);
                    return Ok(op.out);
                }
            )?
            real_map2!(op.dtype, &op.a, &op.b, &op.out, $grain, |$x, $y| $e);
            Ok(op.out)
        }
    };
}

float_binary_op!(
    /// The angle of the point `(x2, x1)` in radians, in `[-pi, pi]` (quadrant-aware `atan(x1/x2)`).
    atan2, GM, vectorised super::vmath::atan2_f32, super::vmath::atan2_f64, |y, x| y.atan2(x)
);
float_binary_op!(
    /// `x1` with the sign bit of `x2`.
    copysign, G, |x, s| x.copysign(s)
);
float_binary_op!(
    /// `sqrt(x1^2 + x2^2)` without undue overflow.
    hypot, GM, vectorised super::vmath::hypot_f32, super::vmath::hypot_f64, |x, y| x.hypot(y)
);
float_binary_op!(
    /// `log(exp(x1) + exp(x2))` without overflow.
    logaddexp, GM, vectorised super::vmath::logaddexp_f32, super::vmath::logaddexp_f64, |x, y| real_logaddexp(x, y)
);
/// `next_after` on the bits of a 16-bit float (float16 and bfloat16 are both sign-magnitude,
/// so neighbouring values have neighbouring bit patterns); `nan` is the format's quiet NaN.
fn half_next_after(bits: u16, x: f32, y: f32, y_bits: u16, nan: u16) -> u16 {
    if x.is_nan() || y.is_nan() {
        nan
    } else if x == y {
        y_bits
    } else if x == 0.0 {
        1 | (u16::from(y < 0.0) << 15)
    } else if (y > x) == (x > 0.0) {
        bits + 1
    } else {
        bits - 1
    }
}

/// The next representable value after `x1` toward `x2`, in the result dtype (float16 and
/// bfloat16 step by their own ulps).
///
/// Real dtypes only (complex is a `TypeError`); ints and bool compute in the smallest float
/// both inputs cast to safely, as numpy.
pub fn nextafter(x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let (a, b) = crate::operand::resolve_pair("nextafter", x1, x2)?;
    let promoted = crate::promote::result_type(a.dtype(), b.dtype());
    let compute = float_compute(promoted, a.dtype(), b.dtype());
    let (a, b) = (Operand::Tensor(a.into_owned()), Operand::Tensor(b.into_owned()));
    let op = binary_setup("nextafter", &a, &b, out, "a real dtype", move |_| compute, same)?;
    match op.dtype {
        DType::Float16 => map2(&op.a, &op.b, &op.out, G, |p: F16, q: F16| {
            F16(half_next_after(p.0, p.to_f32(), q.to_f32(), q.0, 0x7e00))
        }),
        DType::BFloat16 => map2(&op.a, &op.b, &op.out, G, |p: BF16, q: BF16| {
            BF16(half_next_after(p.0, p.to_f32(), q.to_f32(), q.0, 0x7fc0))
        }),
        dt => real_map2!(dt, &op.a, &op.b, &op.out, G, |x, y| Real::next_after(x, y)),
    }
    Ok(op.out)
}
