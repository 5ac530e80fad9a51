//! `Num`: add/sub/mul/neg/ordering over every storage type (ints wrap, halves via f32, complex via num-complex).

use ferrule_core::{Complex32, Complex64, BF16, F16};

use super::real::{fmax_nan, fmin_nan};
use crate::dispatch::{ComplexElem, Elem};

/// Arithmetic and comparisons with numpy semantics for one storage type.
pub(crate) trait Num: Elem {
    /// `a + b` (wrapping for ints, logical or for bool).
    fn add(a: Self, b: Self) -> Self;
    /// `a - b` (wrapping for ints; bool is rejected before reaching here).
    fn sub(a: Self, b: Self) -> Self;
    /// `a * b` (wrapping for ints, logical and for bool).
    fn mul(a: Self, b: Self) -> Self;
    /// `-a` (wrapping for ints).
    fn neg(a: Self) -> Self;
    /// `a == b` (IEEE: NaN is unequal to everything).
    fn eq(a: Self, b: Self) -> bool;
    /// `a < b` (complex: not used; ordering of complex is rejected).
    fn lt(a: Self, b: Self) -> bool;
    /// `a <= b`.
    fn le(a: Self, b: Self) -> bool;
    /// numpy `maximum` (NaN-propagating; complex lexicographic).
    fn max(a: Self, b: Self) -> Self;
    /// numpy `minimum`.
    fn min(a: Self, b: Self) -> Self;
}

impl Num for bool {
    fn add(a: Self, b: Self) -> Self {
        a | b
    }
    fn sub(a: Self, b: Self) -> Self {
        a ^ b
    }
    fn mul(a: Self, b: Self) -> Self {
        a & b
    }
    fn neg(a: Self) -> Self {
        a
    }
    fn eq(a: Self, b: Self) -> bool {
        a == b
    }
    fn lt(a: Self, b: Self) -> bool {
        !a & b
    }
    fn le(a: Self, b: Self) -> bool {
        !a | b
    }
    fn max(a: Self, b: Self) -> Self {
        a | b
    }
    fn min(a: Self, b: Self) -> Self {
        a & b
    }
}

macro_rules! impl_num_int {
    ($($t:ty),*) => {$(
        impl Num for $t {
            #[inline(always)]
            fn add(a: Self, b: Self) -> Self { a.wrapping_add(b) }
            #[inline(always)]
            fn sub(a: Self, b: Self) -> Self { a.wrapping_sub(b) }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self { a.wrapping_mul(b) }
            #[inline(always)]
            fn neg(a: Self) -> Self { a.wrapping_neg() }
            #[inline(always)]
            fn eq(a: Self, b: Self) -> bool { a == b }
            #[inline(always)]
            fn lt(a: Self, b: Self) -> bool { a < b }
            #[inline(always)]
            fn le(a: Self, b: Self) -> bool { a <= b }
            #[inline(always)]
            fn max(a: Self, b: Self) -> Self { if a >= b { a } else { b } }
            #[inline(always)]
            fn min(a: Self, b: Self) -> Self { if a <= b { a } else { b } }
        }
    )*};
}
impl_num_int!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! impl_num_float {
    ($($t:ty),*) => {$(
        impl Num for $t {
            #[inline(always)]
            fn add(a: Self, b: Self) -> Self { a + b }
            #[inline(always)]
            fn sub(a: Self, b: Self) -> Self { a - b }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self { a * b }
            #[inline(always)]
            fn neg(a: Self) -> Self { -a }
            #[inline(always)]
            fn eq(a: Self, b: Self) -> bool { a == b }
            #[inline(always)]
            fn lt(a: Self, b: Self) -> bool { a < b }
            #[inline(always)]
            fn le(a: Self, b: Self) -> bool { a <= b }
            #[inline(always)]
            fn max(a: Self, b: Self) -> Self { fmax_nan(a, b) }
            #[inline(always)]
            fn min(a: Self, b: Self) -> Self { fmin_nan(a, b) }
        }
    )*};
}
impl_num_float!(f32, f64);

macro_rules! impl_num_half {
    ($($t:ident),*) => {$(
        impl Num for $t {
            fn add(a: Self, b: Self) -> Self { $t::from_f32(a.to_f32() + b.to_f32()) }
            fn sub(a: Self, b: Self) -> Self { $t::from_f32(a.to_f32() - b.to_f32()) }
            fn mul(a: Self, b: Self) -> Self { $t::from_f32(a.to_f32() * b.to_f32()) }
            fn neg(a: Self) -> Self { $t(a.0 ^ 0x8000) }
            fn eq(a: Self, b: Self) -> bool { a.to_f32() == b.to_f32() }
            fn lt(a: Self, b: Self) -> bool { a.to_f32() < b.to_f32() }
            fn le(a: Self, b: Self) -> bool { a.to_f32() <= b.to_f32() }
            fn max(a: Self, b: Self) -> Self {
                let (x, y) = (a.to_f32(), b.to_f32());
                if x.is_nan() || x >= y { a } else { b }
            }
            fn min(a: Self, b: Self) -> Self {
                let (x, y) = (a.to_f32(), b.to_f32());
                if x.is_nan() || x <= y { a } else { b }
            }
        }
    )*};
}
impl_num_half!(F16, BF16);

macro_rules! impl_num_complex {
    ($($t:ident),*) => {$(
        impl Num for $t {
            #[inline(always)]
            fn add(a: Self, b: Self) -> Self { Self::from_num(a.to_num() + b.to_num()) }
            #[inline(always)]
            fn sub(a: Self, b: Self) -> Self { Self::from_num(a.to_num() - b.to_num()) }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self { Self::from_num(a.to_num() * b.to_num()) }
            #[inline(always)]
            fn neg(a: Self) -> Self { $t { re: -a.re, im: -a.im } }
            #[inline(always)]
            fn eq(a: Self, b: Self) -> bool { a.re == b.re && a.im == b.im }
            fn lt(a: Self, b: Self) -> bool { a.re < b.re || (a.re == b.re && a.im < b.im) }
            fn le(a: Self, b: Self) -> bool { a.re < b.re || (a.re == b.re && a.im <= b.im) }
            fn max(a: Self, b: Self) -> Self {
                if a.re.is_nan() || a.im.is_nan() || Self::le(b, a) { a } else { b }
            }
            fn min(a: Self, b: Self) -> Self {
                if a.re.is_nan() || a.im.is_nan() || Self::le(a, b) { a } else { b }
            }
        }
    )*};
}
impl_num_complex!(Complex32, Complex64);
