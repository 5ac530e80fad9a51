//! The reducers (sum, prod, max, min, all, any, count) and the element conversions and arithmetic they use.

use std::marker::PhantomData;

use ferrule_core::{Complex32, Complex64, DType, Result, Tensor, BF16, F16};

use super::engine::Reducer;
use crate::dispatch::Elem;

/// Converts one element as numpy's unsafe cast does; the branches fold at compile time.
#[inline(always)]
pub(crate) fn cast<S: Elem, D: Elem>(x: S) -> D {
    if S::DTYPE.is_complex() {
        D::from_c64(x.to_c64())
    } else if S::DTYPE.is_floating() {
        D::from_f64(x.to_f64())
    } else if S::DTYPE.is_unsigned_integer() {
        D::from_u64(x.to_u64())
    } else if S::DTYPE.is_bool() {
        D::from_bool(x.to_bool())
    } else {
        D::from_i64(x.to_i64())
    }
}

/// A C-contiguous copy of `x` converted to `dtype` (numpy's unsafe `astype`); `x` itself when
/// the dtype already matches.
pub(crate) fn cast_tensor(x: &Tensor, dtype: DType) -> Result<Tensor> {
    if x.dtype() == dtype {
        return Ok(x.clone());
    }
    // The element conversion is `cast`'s (the same rules), on the pool and interruptible.
    crate::elementwise::cast_to(x, dtype)
}

/// Accumulator arithmetic: wrapping for integers, IEEE for floats, complex for complex.
pub(crate) trait Arith: Elem {
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;
    /// Whether `add` and `mul` are exactly associative (wrapping integers), so a scan may
    /// combine blocks in any grouping and still give the sequential answer bit for bit.
    const EXACT: bool;
    /// `self + other`.
    fn add(self, other: Self) -> Self;
    /// `self * other`.
    fn mul(self, other: Self) -> Self;
}

macro_rules! arith_int {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const EXACT: bool = true;
            #[inline(always)]
            fn add(self, other: Self) -> Self { self.wrapping_add(other) }
            #[inline(always)]
            fn mul(self, other: Self) -> Self { self.wrapping_mul(other) }
        }
    )*};
}
arith_int!(i64, u64);

macro_rules! arith_float {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const EXACT: bool = false;
            #[inline(always)]
            fn add(self, other: Self) -> Self { self + other }
            #[inline(always)]
            fn mul(self, other: Self) -> Self { self * other }
        }
    )*};
}
arith_float!(f32, f64);

macro_rules! arith_complex {
    ($($t:ident),*) => {$(
        impl Arith for $t {
            const ZERO: Self = $t { re: 0.0, im: 0.0 };
            const ONE: Self = $t { re: 1.0, im: 0.0 };
            const EXACT: bool = false;
            #[inline(always)]
            fn add(self, o: Self) -> Self { $t { re: self.re + o.re, im: self.im + o.im } }
            #[inline(always)]
            fn mul(self, o: Self) -> Self {
                $t { re: self.re * o.re - self.im * o.im, im: self.re * o.im + self.im * o.re }
            }
        }
    )*};
}
arith_complex!(Complex32, Complex64);

/// The accumulator dtype of sums and products whose result dtype is `dtype`: int64 for bool
/// and signed ints, uint64 for unsigned, float32 for float16/bfloat16/float32, else itself.
pub(crate) fn accumulator_dtype(dtype: DType) -> DType {
    match dtype {
        DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => DType::Int64,
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => DType::UInt64,
        DType::Float16 | DType::BFloat16 | DType::Float32 => DType::Float32,
        other => other,
    }
}

/// Runs `$body` with `$t` bound to the element type of `$dtype` and `$a` to the
/// [`Arith`] accumulator type of [`accumulator_dtype`].
macro_rules! dispatch_with_acc {
    ($dtype:expr, $t:ident, $a:ident => $body:block) => {{
        use ::ferrule_core::{Complex32 as C32, Complex64 as C64, BF16, F16};
        match $dtype {
            DType::Bool => {
                type $t = bool;
                type $a = i64;
                $body
            }
            DType::Int8 => {
                type $t = i8;
                type $a = i64;
                $body
            }
            DType::Int16 => {
                type $t = i16;
                type $a = i64;
                $body
            }
            DType::Int32 => {
                type $t = i32;
                type $a = i64;
                $body
            }
            DType::Int64 => {
                type $t = i64;
                type $a = i64;
                $body
            }
            DType::UInt8 => {
                type $t = u8;
                type $a = u64;
                $body
            }
            DType::UInt16 => {
                type $t = u16;
                type $a = u64;
                $body
            }
            DType::UInt32 => {
                type $t = u32;
                type $a = u64;
                $body
            }
            DType::UInt64 => {
                type $t = u64;
                type $a = u64;
                $body
            }
            DType::Float16 => {
                type $t = F16;
                type $a = f32;
                $body
            }
            DType::BFloat16 => {
                type $t = BF16;
                type $a = f32;
                $body
            }
            DType::Float32 => {
                type $t = f32;
                type $a = f32;
                $body
            }
            DType::Float64 => {
                type $t = f64;
                type $a = f64;
                $body
            }
            DType::Complex64 => {
                type $t = C32;
                type $a = C32;
                $body
            }
            DType::Complex128 => {
                type $t = C64;
                type $a = C64;
                $body
            }
        }
    }};
}
pub(crate) use dispatch_with_acc;

/// Sum of elements of `T` in the accumulator `A`.
pub struct Sum<T, A>(PhantomData<(T, A)>);

impl<T: Elem, A: Arith> Reducer for Sum<T, A> {
    type In = T;
    type Acc = A;
    #[inline(always)]
    fn init() -> A {
        A::ZERO
    }
    #[inline(always)]
    fn step(acc: A, x: T) -> A {
        acc.add(cast::<T, A>(x))
    }
    #[inline(always)]
    fn combine(a: A, b: A) -> A {
        a.add(b)
    }
}

/// `a + b` as the rounded sum and its exact rounding error (Knuth's TwoSum).
#[inline(always)]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// A compensated float64 sum: the accumulator is `(hi, lo)` (as a complex128's real and
/// imaginary parts) with `hi + lo` the sum carried to about twice the precision; the exact sum
/// whenever the rounding errors themselves add up exactly (constant input, for one).
pub(crate) struct CompensatedSum;

impl Reducer for CompensatedSum {
    type In = f64;
    type Acc = Complex64;
    #[inline(always)]
    fn init() -> Complex64 {
        Complex64 { re: 0.0, im: 0.0 }
    }
    #[inline(always)]
    fn step(acc: Complex64, x: f64) -> Complex64 {
        let (hi, err) = two_sum(acc.re, x);
        Complex64 { re: hi, im: acc.im + err }
    }
    #[inline(always)]
    fn combine(a: Complex64, b: Complex64) -> Complex64 {
        let (hi, err) = two_sum(a.re, b.re);
        Complex64 { re: hi, im: (a.im + b.im) + err }
    }
}

/// Product of elements of `T` in the accumulator `A`.
pub(crate) struct Prod<T, A>(PhantomData<(T, A)>);

impl<T: Elem, A: Arith> Reducer for Prod<T, A> {
    type In = T;
    type Acc = A;
    #[inline(always)]
    fn init() -> A {
        A::ONE
    }
    #[inline(always)]
    fn step(acc: A, x: T) -> A {
        acc.mul(cast::<T, A>(x))
    }
    #[inline(always)]
    fn combine(a: A, b: A) -> A {
        a.mul(b)
    }
}

/// A real element type with an order for `max`/`min` (NaN propagates, as in numpy).
pub(crate) trait Extremum: Elem {
    /// The type compared in (f32 for the half types, else itself).
    type Acc: Elem;
    /// The identity of `max` (lowest value).
    const LOWEST: Self::Acc;
    /// The identity of `min` (highest value).
    const HIGHEST: Self::Acc;
    /// Exact conversion to the comparison type.
    fn widen(self) -> Self::Acc;
    /// The larger of the two; NaN if either is NaN.
    fn max2(a: Self::Acc, b: Self::Acc) -> Self::Acc;
    /// The smaller of the two; NaN if either is NaN.
    fn min2(a: Self::Acc, b: Self::Acc) -> Self::Acc;
}

macro_rules! extremum_int {
    ($($t:ty),*) => {$(
        impl Extremum for $t {
            type Acc = $t;
            const LOWEST: $t = <$t>::MIN;
            const HIGHEST: $t = <$t>::MAX;
            #[inline(always)]
            fn widen(self) -> $t { self }
            #[inline(always)]
            fn max2(a: $t, b: $t) -> $t { if b > a { b } else { a } }
            #[inline(always)]
            fn min2(a: $t, b: $t) -> $t { if b < a { b } else { a } }
        }
    )*};
}
extremum_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Extremum for bool {
    type Acc = bool;
    const LOWEST: bool = false;
    const HIGHEST: bool = true;
    #[inline(always)]
    fn widen(self) -> bool {
        self
    }
    #[inline(always)]
    fn max2(a: bool, b: bool) -> bool {
        a | b
    }
    #[inline(always)]
    fn min2(a: bool, b: bool) -> bool {
        a & b
    }
}

macro_rules! extremum_float {
    ($($t:ty: $acc:ty, $widen:expr),*) => {$(
        impl Extremum for $t {
            type Acc = $acc;
            const LOWEST: $acc = <$acc>::NEG_INFINITY;
            const HIGHEST: $acc = <$acc>::INFINITY;
            #[inline(always)]
            fn widen(self) -> $acc { $widen(self) }
            // `a` stays when it is NaN; `b` wins when larger or NaN.
            #[inline(always)]
            fn max2(a: $acc, b: $acc) -> $acc { if b > a || b != b { b } else { a } }
            #[inline(always)]
            fn min2(a: $acc, b: $acc) -> $acc { if b < a || b != b { b } else { a } }
        }
    )*};
}
extremum_float!(
    f32: f32, |x| x,
    f64: f64, |x| x,
    F16: f32, |x: F16| x.to_f32(),
    BF16: f32, |x: BF16| x.to_f32()
);

/// `max` of elements of `T`.
pub(crate) struct Max<T>(PhantomData<T>);

impl<T: Extremum> Reducer for Max<T> {
    type In = T;
    type Acc = T::Acc;
    #[inline(always)]
    fn init() -> T::Acc {
        T::LOWEST
    }
    #[inline(always)]
    fn step(acc: T::Acc, x: T) -> T::Acc {
        T::max2(acc, x.widen())
    }
    #[inline(always)]
    fn combine(a: T::Acc, b: T::Acc) -> T::Acc {
        T::max2(a, b)
    }
}

/// `min` of elements of `T`.
pub(crate) struct Min<T>(PhantomData<T>);

impl<T: Extremum> Reducer for Min<T> {
    type In = T;
    type Acc = T::Acc;
    #[inline(always)]
    fn init() -> T::Acc {
        T::HIGHEST
    }
    #[inline(always)]
    fn step(acc: T::Acc, x: T) -> T::Acc {
        T::min2(acc, x.widen())
    }
    #[inline(always)]
    fn combine(a: T::Acc, b: T::Acc) -> T::Acc {
        T::min2(a, b)
    }
}

/// True when every element is non-zero (NaN counts as non-zero).
pub(crate) struct All<T>(PhantomData<T>);

impl<T: Elem> Reducer for All<T> {
    type In = T;
    type Acc = bool;
    #[inline(always)]
    fn init() -> bool {
        true
    }
    #[inline(always)]
    fn step(acc: bool, x: T) -> bool {
        acc & x.to_bool()
    }
    #[inline(always)]
    fn combine(a: bool, b: bool) -> bool {
        a & b
    }
}

/// True when any element is non-zero.
pub(crate) struct Any<T>(PhantomData<T>);

impl<T: Elem> Reducer for Any<T> {
    type In = T;
    type Acc = bool;
    #[inline(always)]
    fn init() -> bool {
        false
    }
    #[inline(always)]
    fn step(acc: bool, x: T) -> bool {
        acc | x.to_bool()
    }
    #[inline(always)]
    fn combine(a: bool, b: bool) -> bool {
        a | b
    }
}

/// The number of non-zero elements, as int64.
pub(crate) struct CountNonzero<T>(PhantomData<T>);

impl<T: Elem> Reducer for CountNonzero<T> {
    type In = T;
    type Acc = i64;
    #[inline(always)]
    fn init() -> i64 {
        0
    }
    #[inline(always)]
    fn step(acc: i64, x: T) -> i64 {
        acc + i64::from(x.to_bool())
    }
    #[inline(always)]
    fn combine(a: i64, b: i64) -> i64 {
        a + b
    }
}
