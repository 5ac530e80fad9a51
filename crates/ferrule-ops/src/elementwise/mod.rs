//! Element-wise operators (Array API 2024.12 element-wise functions), `astype` and `geo_distance`.
//!
//! Every op takes its inputs, promotes them (weak Python scalars per NEP 50), broadcasts,
//! checks or allocates the output and runs a slice kernel through [`crate::iter`].

mod arith;
mod binary;
mod bitwise;
mod cast;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod cmath;
mod compare;
pub mod fast;
mod geo;
mod math;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod real;
mod select;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod simd;
mod unary;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod vmath;

pub(crate) use arith::Num;
pub use binary::*;
pub use bitwise::*;
pub use cast::{astype, cast_to};
pub use compare::*;
pub use geo::{geo_distance, haversine, EARTH_RADIUS_M};
pub use math::*;
pub use select::{clip, r#where};
pub use unary::*;

/// The vectorised `exp` of f64 slices (nn's softmax and losses use it).
pub(crate) use simd::exp_f64;

use ferrule_core::{DType, Element, Error, Result, Tensor};
use std::borrow::Cow;

use crate::iter::{
    broadcast_all, map_binary, map_binary_elems, map_unary, map_unary_elems, prepare_out_overwritten, zip1, zip2,
};
use crate::operand::{resolve_pair, Operand};
use crate::promote::result_type;

/// Applies `f` to each element of `x` (broadcast to `out`), writing `out`: strided and
/// broadcast operands are read in place ([`map_unary_elems`]), the right walk for cheap `f`
/// (integer arithmetic, comparisons, copies), where a gather would double the memory traffic.
#[inline]
pub(crate) fn map1<I: Element, O: Element>(x: &Tensor, out: &Tensor, grain: usize, f: impl Fn(I) -> O + Sync) {
    map_unary_elems::<I, O>(x, out, grain, f);
}

/// Applies `f` to each pair of elements of `a`, `b` (broadcast to `out`), writing `out`, read
/// in place as in [`map1`].
#[inline]
pub(crate) fn map2<A: Element, B: Element, O: Element>(
    a: &Tensor,
    b: &Tensor,
    out: &Tensor,
    grain: usize,
    f: impl Fn(A, B) -> O + Sync,
) {
    map_binary_elems::<A, B, O>(a, b, out, grain, f);
}

/// [`map1`] for float arithmetic that the compiler vectorises (square roots, divisions,
/// rounding): strided and broadcast operands are gathered a chunk at a time into contiguous
/// buffers so `f` runs over them as a vector loop, which beats a scalar walk in place.
#[inline]
pub(crate) fn map1_vectorised<I: Element, O: Element>(
    x: &Tensor,
    out: &Tensor,
    grain: usize,
    f: impl Fn(I) -> O + Sync,
) {
    map_unary::<I, O, _>(x, out, grain, |xs, os| zip1(xs, os, &f));
}

/// [`map2`] for float arithmetic that the compiler vectorises, gathered as in
/// [`map1_vectorised`].
#[inline]
pub(crate) fn map2_vectorised<A: Element, B: Element, O: Element>(
    a: &Tensor,
    b: &Tensor,
    out: &Tensor,
    grain: usize,
    f: impl Fn(A, B) -> O + Sync,
) {
    map_binary::<A, B, O, _>(a, b, out, grain, |xs, ys, os| zip2(xs, ys, os, &f));
}

/// `x` in `dtype`: itself when it already has it, otherwise a converted copy.
pub(crate) fn in_dtype(x: &Tensor, dtype: DType) -> Result<Tensor> {
    if x.dtype() == dtype {
        Ok(x.clone())
    } else {
        cast_to(x, dtype)
    }
}

/// `TypeError` naming the op, the dtype and what was expected.
pub(crate) fn dtype_error(op: &str, dtype: DType, what: &str) -> Error {
    Error::type_error(format!("{op}: dtype {dtype} is not accepted (expected {what})"))
}

/// The prepared operands of a binary op: both inputs converted to the computation dtype and
/// the checked or fresh output.
pub(crate) struct Binary<'a> {
    /// x1 in `dtype` (borrowed when it already was).
    pub a: Cow<'a, Tensor>,
    /// x2 in `dtype` (borrowed when it already was).
    pub b: Cow<'a, Tensor>,
    /// The output (fresh or the caller's `out`).
    pub out: Tensor,
    /// The dtype the kernel computes in.
    pub dtype: DType,
}

/// Resolves, promotes, checks, broadcasts and prepares a binary op.
///
/// `compute` maps the promoted dtype to the computation dtype, or `None` when the op does not
/// accept it (a `TypeError` quoting `what`); `out_dtype` maps the computation dtype to the
/// result dtype.
///
/// A fresh output is not initialised: a caller must write every element before returning it
/// (each caller's map kernel does), and drop it on an error.
#[inline]
pub(crate) fn binary_setup<'a>(
    op: &str,
    x1: &'a Operand,
    x2: &'a Operand,
    out: Option<&Tensor>,
    what: &str,
    compute: impl Fn(DType) -> Option<DType>,
    out_dtype: impl Fn(DType) -> DType,
) -> Result<Binary<'a>> {
    let (a, b) = resolve_pair(op, x1, x2)?;
    let promoted = result_type(a.dtype(), b.dtype());
    let dtype = compute(promoted).ok_or_else(|| {
        if a.dtype() == b.dtype() {
            dtype_error(op, promoted, what)
        } else {
            Error::type_error(format!(
                "{op}: dtypes {} and {} are not accepted (they promote to {promoted}; expected {what})",
                a.dtype(),
                b.dtype()
            ))
        }
    })?;
    let shape =
        if a.shape() == b.shape() { ferrule_core::Dims::from(a.shape()) } else { broadcast_all(op, &[&a, &b])?.into() };
    // SAFETY: every caller hands the output to a map kernel over all of its elements (the
    // elementwise ops of this module) and returns it only after that succeeded.
    let out = unsafe { prepare_out_overwritten(op, out, &shape, out_dtype(dtype), &[&a, &b])? };
    // an operand already in `dtype` stays as it is (borrowed: no reference counting)
    let convert = |x: Cow<'a, Tensor>| if x.dtype() == dtype { Ok(x) } else { cast_to(&x, dtype).map(Cow::Owned) };
    Ok(Binary { a: convert(a)?, b: convert(b)?, out, dtype })
}

/// Prepares a unary op: `out` checked or allocated with `x`'s shape and `out_dtype`; a fresh
/// output is not initialised, as in [`binary_setup`].
pub(crate) fn unary_out(op: &str, x: &Tensor, out: Option<&Tensor>, out_dtype: DType) -> Result<Tensor> {
    // SAFETY: as in `binary_setup`: every caller's kernel writes all elements of the output.
    unsafe { prepare_out_overwritten(op, out, x.shape(), out_dtype, &[x]) }
}
