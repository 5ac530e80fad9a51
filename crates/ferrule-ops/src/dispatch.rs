//! Monomorphising over dtypes: `dispatch_*!` macros and the `Elem` conversion trait behind casts.

use ferrule_core::{Complex32, Complex64, Element, BF16, F16};
use num_complex::Complex;

/// Runs `$body` with the type alias `$t` bound to the Rust element type of `$dtype`
/// (`bool`, `i8`..`u64`, `F16`, `BF16`, `f32`, `f64`, `Complex32`, `Complex64`); exhaustive.
///
/// ```ignore
/// let n = dispatch_all!(t.dtype(), T => { std::mem::size_of::<T>() });
/// ```
#[macro_export]
macro_rules! dispatch_all {
    ($dtype:expr, $t:ident => $body:block) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => unreachable!(),
            Bool: bool, Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64,
            Float16: ::ferrule_core::F16, BFloat16: ::ferrule_core::BF16,
            Float32: f32, Float64: f64,
            Complex64: ::ferrule_core::Complex32, Complex128: ::ferrule_core::Complex64)
    };
}

/// Like [`dispatch_all!`] for every dtype except bool; other dtypes evaluate `$fallback`.
#[macro_export]
macro_rules! dispatch_numeric {
    ($dtype:expr, $t:ident => $body:block, _ => $fallback:expr) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => $fallback,
            Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64,
            Float16: ::ferrule_core::F16, BFloat16: ::ferrule_core::BF16,
            Float32: f32, Float64: f64,
            Complex64: ::ferrule_core::Complex32, Complex128: ::ferrule_core::Complex64)
    };
}

/// Integers and real floats (no bool, no complex); other dtypes evaluate `$fallback`.
#[macro_export]
macro_rules! dispatch_real {
    ($dtype:expr, $t:ident => $body:block, _ => $fallback:expr) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => $fallback,
            Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64,
            Float16: ::ferrule_core::F16, BFloat16: ::ferrule_core::BF16,
            Float32: f32, Float64: f64)
    };
}

/// Real floats (`F16`, `BF16`, `f32`, `f64`); other dtypes evaluate `$fallback`.
#[macro_export]
macro_rules! dispatch_float {
    ($dtype:expr, $t:ident => $body:block, _ => $fallback:expr) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => $fallback,
            Float16: ::ferrule_core::F16, BFloat16: ::ferrule_core::BF16,
            Float32: f32, Float64: f64)
    };
}

/// Signed and unsigned integers; other dtypes evaluate `$fallback`.
#[macro_export]
macro_rules! dispatch_int {
    ($dtype:expr, $t:ident => $body:block, _ => $fallback:expr) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => $fallback,
            Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64)
    };
}

/// Complex dtypes (`Complex32` for complex64, `Complex64` for complex128); others evaluate
/// `$fallback`.
#[macro_export]
macro_rules! dispatch_complex {
    ($dtype:expr, $t:ident => $body:block, _ => $fallback:expr) => {
        $crate::__dispatch_arms!($dtype, $t, $body, _ => $fallback,
            Complex64: ::ferrule_core::Complex32, Complex128: ::ferrule_core::Complex64)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_arms {
    ($dtype:expr, $t:ident, $body:block, _ => $fallback:expr, $($variant:ident: $ty:ty),+) => {
        match $dtype {
            $(::ferrule_core::DType::$variant => {
                #[allow(dead_code)]
                type $t = $ty;
                $body
            })+
            #[allow(unreachable_patterns)]
            _ => $fallback,
        }
    };
}

/// An element type with lossless-as-possible conversions used by casts and scalar handling.
///
/// Conversions follow C / numpy casting: int→narrower int wraps, float→int truncates toward
/// zero (out-of-range values follow [`Elem::from_f64`]), complex→real drops the imaginary part.
pub trait Elem: Element + Default + PartialEq + std::fmt::Debug {
    /// The value as a bool (`!= 0`, NaN is true, complex: either part non-zero).
    fn to_bool(self) -> bool;
    /// The value as i64 (wrapping for u64, truncating floats).
    fn to_i64(self) -> i64;
    /// The value as u64 (wrapping for negative ints, truncating floats).
    fn to_u64(self) -> u64;
    /// The value as f64 (rounded to nearest for large ints; real part for complex).
    fn to_f64(self) -> f64;
    /// The value as complex f64.
    fn to_c64(self) -> Complex<f64> {
        Complex::new(self.to_f64(), 0.0)
    }
    /// From a bool (0 or 1).
    fn from_bool(v: bool) -> Self;
    /// From an i64 (wrapping into narrower ints).
    fn from_i64(v: i64) -> Self;
    /// From a u64 (wrapping into narrower ints).
    fn from_u64(v: u64) -> Self;
    /// From an f64 (ints: truncation toward zero, like C; NaN and out-of-range are what
    /// x86-64 numpy produces, see `astype`).
    fn from_f64(v: f64) -> Self;
    /// From a complex f64 (real types keep the real part).
    fn from_c64(v: Complex<f64>) -> Self {
        Self::from_f64(v.re)
    }
}

impl Elem for bool {
    fn to_bool(self) -> bool {
        self
    }
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn to_u64(self) -> u64 {
        self as u64
    }
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    fn from_bool(v: bool) -> Self {
        v
    }
    fn from_i64(v: i64) -> Self {
        v != 0
    }
    fn from_u64(v: u64) -> Self {
        v != 0
    }
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
    fn from_c64(v: Complex<f64>) -> Self {
        v.re != 0.0 || v.im != 0.0
    }
}

/// `cvttsd2si` to 32 bits: truncation, with NaN and out-of-range giving `i32::MIN`.
fn trunc_i32(v: f64) -> i64 {
    if v > -2147483649.0 && v < 2147483648.0 {
        v as i64
    } else {
        i32::MIN as i64
    }
}

/// `cvttsd2si` to 64 bits: truncation, with NaN and out-of-range giving `i64::MIN`.
fn trunc_i64(v: f64) -> i64 {
    if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&v) {
        v as i64
    } else {
        i64::MIN
    }
}

/// Float → int bits as numpy on x86-64 produces them: in-range values truncate toward zero;
/// NaN and out-of-range values give what the C casts numpy compiles to give (types narrower
/// than 32 bits and int32 go through a 32-bit conversion and keep its low bits, uint32 and
/// int64 through a 64-bit one, uint64 converts `v - 2^63` above 2^63). numpy's own vectorised
/// uint32 loop differs from its scalar one out of range; this follows the scalar one.
fn f64_to_int_bits(v: f64, signed: bool, bits: u32) -> i64 {
    match (bits, signed) {
        (8 | 16, _) | (32, true) => trunc_i32(v),
        (32, false) | (64, true) => trunc_i64(v),
        _ if v >= 9223372036854775808.0 => trunc_i64(v - 9223372036854775808.0) ^ i64::MIN,
        _ => trunc_i64(v),
    }
}

macro_rules! impl_elem_int {
    ($($ty:ty: $signed:expr),*) => {$(
        impl Elem for $ty {
            fn to_bool(self) -> bool { self != 0 }
            fn to_i64(self) -> i64 { self as i64 }
            fn to_u64(self) -> u64 { self as u64 }
            fn to_f64(self) -> f64 { self as f64 }
            fn from_bool(v: bool) -> Self { v as $ty }
            fn from_i64(v: i64) -> Self { v as $ty }
            fn from_u64(v: u64) -> Self { v as $ty }
            fn from_f64(v: f64) -> Self {
                f64_to_int_bits(v, $signed, <$ty>::BITS) as $ty
            }
        }
    )*};
}
impl_elem_int!(i8: true, i16: true, i32: true, i64: true, u8: false, u16: false, u32: false, u64: false);

macro_rules! impl_elem_float {
    ($($ty:ty),*) => {$(
        impl Elem for $ty {
            fn to_bool(self) -> bool { self != 0.0 }
            fn to_i64(self) -> i64 { i64::from_f64(self as f64) }
            fn to_u64(self) -> u64 { u64::from_f64(self as f64) }
            fn to_f64(self) -> f64 { self as f64 }
            fn from_bool(v: bool) -> Self { v as u8 as $ty }
            fn from_i64(v: i64) -> Self { v as $ty }
            fn from_u64(v: u64) -> Self { v as $ty }
            fn from_f64(v: f64) -> Self { v as $ty }
        }
    )*};
}
impl_elem_float!(f32, f64);

macro_rules! impl_elem_half {
    ($($ty:ident),*) => {$(
        impl Elem for $ty {
            fn to_bool(self) -> bool { self.to_f32() != 0.0 }
            fn to_i64(self) -> i64 { i64::from_f64(self.to_f32() as f64) }
            fn to_u64(self) -> u64 { u64::from_f64(self.to_f32() as f64) }
            fn to_f64(self) -> f64 { self.to_f32() as f64 }
            fn from_bool(v: bool) -> Self { $ty::from_f32(v as u8 as f32) }
            // Through f64 then f32 could double-round; f32 has room for every half value, and
            // the only double rounding (f64 -> f32 -> half) differs from numpy's direct f64 ->
            // half by at most one half-ulp tie case, which `from_f64` avoids below.
            fn from_i64(v: i64) -> Self { Self::from_f64(v as f64) }
            fn from_u64(v: u64) -> Self { Self::from_f64(v as f64) }
            fn from_f64(v: f64) -> Self { $ty::from_f32(f64_to_f32_round_odd(v)) }
        }
    )*};
}
impl_elem_half!(F16, BF16);

/// f64 → f32 with round-to-odd, so that a later rounding to a narrower format (half) equals a
/// single correct rounding of the f64.
fn f64_to_f32_round_odd(v: f64) -> f32 {
    let r = v as f32;
    if !r.is_finite() || (r as f64) == v {
        return r;
    }
    // Truncate toward zero, then set the last bit if inexact.
    let t = if (r as f64).abs() > v.abs() { f32::from_bits(r.to_bits() - 1) } else { r };
    f32::from_bits(t.to_bits() | 1)
}

macro_rules! impl_elem_complex {
    ($($ty:ident: $real:ty),*) => {$(
        impl Elem for $ty {
            fn to_bool(self) -> bool { self.re != 0.0 || self.im != 0.0 }
            fn to_i64(self) -> i64 { i64::from_f64(self.re as f64) }
            fn to_u64(self) -> u64 { u64::from_f64(self.re as f64) }
            fn to_f64(self) -> f64 { self.re as f64 }
            fn to_c64(self) -> Complex<f64> { Complex::new(self.re as f64, self.im as f64) }
            fn from_bool(v: bool) -> Self { $ty { re: v as u8 as $real, im: 0.0 } }
            fn from_i64(v: i64) -> Self { $ty { re: v as $real, im: 0.0 } }
            fn from_u64(v: u64) -> Self { $ty { re: v as $real, im: 0.0 } }
            fn from_f64(v: f64) -> Self { $ty { re: v as $real, im: 0.0 } }
            fn from_c64(v: Complex<f64>) -> Self { $ty { re: v.re as $real, im: v.im as $real } }
        }
    )*};
}
impl_elem_complex!(Complex32: f32, Complex64: f64);

/// Conversion between ferrule's complex storage types and `num_complex::Complex`
/// (identical `repr(C)` layout: real then imaginary).
pub trait ComplexElem: Elem {
    /// The real part type.
    type Real: Copy;
    /// As a `num_complex` value.
    fn to_num(self) -> Complex<Self::Real>;
    /// From a `num_complex` value.
    fn from_num(v: Complex<Self::Real>) -> Self;
}

impl ComplexElem for Complex32 {
    type Real = f32;
    fn to_num(self) -> Complex<f32> {
        Complex::new(self.re, self.im)
    }
    fn from_num(v: Complex<f32>) -> Self {
        Complex32 { re: v.re, im: v.im }
    }
}

impl ComplexElem for Complex64 {
    type Real = f64;
    fn to_num(self) -> Complex<f64> {
        Complex::new(self.re, self.im)
    }
    fn from_num(v: Complex<f64>) -> Self {
        Complex64 { re: v.re, im: v.im }
    }
}

/// A real float storage type and the type its arithmetic is done in (`f32` for the halves).
pub trait FloatElem: Elem {
    /// `f32` for `f32`/`F16`/`BF16`, `f64` for `f64`.
    type Compute: Copy;
    /// Widen to the compute type (exact).
    fn widen(self) -> Self::Compute;
    /// Round back from the compute type (to nearest, ties to even).
    fn narrow(v: Self::Compute) -> Self;
}

impl FloatElem for f32 {
    type Compute = f32;
    fn widen(self) -> f32 {
        self
    }
    fn narrow(v: f32) -> Self {
        v
    }
}

impl FloatElem for f64 {
    type Compute = f64;
    fn widen(self) -> f64 {
        self
    }
    fn narrow(v: f64) -> Self {
        v
    }
}

impl FloatElem for F16 {
    type Compute = f32;
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn narrow(v: f32) -> Self {
        F16::from_f32(v)
    }
}

impl FloatElem for BF16 {
    type Compute = f32;
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn narrow(v: f32) -> Self {
        BF16::from_f32(v)
    }
}
