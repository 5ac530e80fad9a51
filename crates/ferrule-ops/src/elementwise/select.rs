//! Selection: `where(condition, x1, x2)` and `clip(x, min, max)`.

use ferrule_core::{DType, Result, Tensor};
use std::borrow::Cow;

use super::arith::Num;
use super::{cast::cast_to, in_dtype, map2};
use crate::iter::{broadcast_all, map_ternary, map_unary, prepare_out_overwritten, MIN_PER_TASK_CHEAP as G};
use crate::operand::{resolve_pair, Operand, Scalar};
use crate::promote::result_type;

/// `x1` where `condition` is true, else `x2`, with broadcasting over all three and the
/// promoted dtype of `x1` and `x2` (weak Python scalars; two scalars take their default
/// dtypes). A non-bool condition counts non-zero as true.
pub fn r#where(condition: &Tensor, x1: &Operand, x2: &Operand, out: Option<&Tensor>) -> Result<Tensor> {
    let (a, b) = match (x1, x2) {
        (Operand::Scalar(s), Operand::Scalar(t)) => {
            (Cow::Owned(s.to_tensor("where", s.default_dtype())?), Cow::Owned(t.to_tensor("where", t.default_dtype())?))
        }
        _ => resolve_pair("where", x1, x2)?,
    };
    let dtype = result_type(a.dtype(), b.dtype());
    let shape = broadcast_all("where", &[condition, &a, &b])?;
    // SAFETY: the map kernel below writes every element of a fresh output.
    let out = unsafe { prepare_out_overwritten("where", out, &shape, dtype, &[condition, &a, &b])? };
    let cond = if condition.dtype().is_bool() { condition.clone() } else { cast_to(condition, DType::Bool)? };
    let (a, b) = (in_dtype(&a, dtype)?, in_dtype(&b, dtype)?);
    crate::dispatch_all!(dtype, T => {
        map_ternary::<bool, T, T, T, _>(&cond, &a, &b, &out, G, |c, x, y, o| {
            for i in 0..o.len() {
                o[i] = if c[i] { x[i] } else { y[i] };
            }
        })
    });
    Ok(out)
}

/// A clip bound as a tensor of `dtype`: tensors are converted, an int scalar outside an
/// integer dtype's range saturates to it (it bounds nothing beyond the range anyway).
fn bound(bound: &Operand, dtype: DType) -> Result<Tensor> {
    match bound {
        Operand::Tensor(t) => in_dtype(t, dtype),
        Operand::Scalar(Scalar::Int(v)) if dtype.is_integer() => {
            let (lo, hi) = crate::dispatch_int!(dtype, T => {
                let (lo, hi) = (T::MIN as i128, T::MAX as i128);
                (lo, hi)
            }, _ => unreachable!());
            let clamped = (*v as i128).clamp(lo, hi);
            Ok(crate::dispatch_int!(dtype, T => { Tensor::scalar(clamped as T) }, _ => unreachable!()))
        }
        Operand::Scalar(s) => s.to_tensor("clip", dtype),
    }
}

/// Clamps each element of `x` to `[min, max]` (numpy's `minimum(maximum(x, min), max)`: NaN
/// propagates, and `min > max` gives `max`). The result dtype is `x`'s promoted with tensor
/// bounds and with float scalars (weak scalars otherwise take `x`'s dtype). Complex is a
/// `TypeError`.
pub fn clip(x: &Tensor, min: Option<&Operand>, max: Option<&Operand>, out: Option<&Tensor>) -> Result<Tensor> {
    if x.dtype().is_complex() {
        return Err(super::dtype_error("clip", x.dtype(), "a real dtype"));
    }
    let mut dtype = x.dtype();
    for b in [min, max].into_iter().flatten() {
        dtype = result_type(dtype, b.dtype_against(x.dtype()));
    }
    if dtype.is_complex() {
        return Err(super::dtype_error("clip", dtype, "real bounds"));
    }
    let lo = min.map(|b| bound(b, dtype)).transpose()?;
    let hi = max.map(|b| bound(b, dtype)).transpose()?;
    let mut inputs = vec![x];
    inputs.extend(lo.iter());
    inputs.extend(hi.iter());
    let shape = broadcast_all("clip", &inputs)?;
    // SAFETY: the map kernel below writes every element of a fresh output.
    let out = unsafe { prepare_out_overwritten("clip", out, &shape, dtype, &inputs)? };
    let x = in_dtype(x, dtype)?;
    crate::dispatch_real!(dtype, T => {
        // one value per bound (scalars, 0-d tensors): a contiguous loop with the bounds in
        // registers instead of a broadcast walk over three operands
        let single = |b: &Option<Tensor>| match b {
            Some(t) if t.numel() == 1 => t.to_vec::<T>().ok().map(|v| Some(v[0])),
            Some(_) => None,
            None => Some(None),
        };
        if let (Some(l), Some(h), true) = (single(&lo), single(&hi), lo.is_some() || hi.is_some()) {
            map_unary::<T, T, _>(&x, &out, G, move |xs, os| {
                for (o, &v) in os.iter_mut().zip(xs) {
                    let v = match l { Some(l) => Num::max(v, l), None => v };
                    *o = match h { Some(h) => Num::min(v, h), None => v };
                }
            });
            return Ok(out);
        }
        match (&lo, &hi) {
            (Some(lo), Some(hi)) => map_ternary::<T, T, T, T, _>(&x, lo, hi, &out, G, |v, l, h, o| {
                for i in 0..o.len() {
                    o[i] = Num::min(Num::max(v[i], l[i]), h[i]);
                }
            }),
            (Some(lo), None) => map2::<T, T, T>(&x, lo, &out, G, Num::max),
            (None, Some(hi)) => map2::<T, T, T>(&x, hi, &out, G, Num::min),
            (None, None) => super::cast::cast_into(&x, &out)?,
        }
    }, _ => {
        // bool: max is or, min is and.
        match (&lo, &hi) {
            (Some(lo), Some(hi)) => map_ternary::<bool, bool, bool, bool, _>(&x, lo, hi, &out, G, |v, l, h, o| {
                for i in 0..o.len() {
                    o[i] = (v[i] | l[i]) & h[i];
                }
            }),
            (Some(lo), None) => map2::<bool, bool, bool>(&x, lo, &out, G, |a, b| a | b),
            (None, Some(hi)) => map2::<bool, bool, bool>(&x, hi, &out, G, |a, b| a & b),
            (None, None) => super::cast::cast_into(&x, &out)?,
        }
    });
    Ok(out)
}
