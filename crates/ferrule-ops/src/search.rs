//! searchsorted: binary search in a sorted 1-D tensor under the sort order of `sort` (NaN last);
//! isin: membership of each element in a set, by the same search.

use std::cmp::Ordering;

use ferrule_core::tensor::format_shape;
use ferrule_core::{DType, Error, Result, Tensor};

use crate::fallible::FallibleCollect;
use crate::iter::SendPtr;
use crate::manipulate::cast;
use crate::operand::{resolve_pair, Operand};
use crate::pool::parallel_for;
use crate::sort::TotalOrder;

/// Searches below which the work stays on the calling thread.
const MIN_PARALLEL_SEARCHES: usize = 1 << 12;

fn search_typed<T: TotalOrder>(sorted: &Tensor, needles: &Tensor, right: bool) -> Result<Tensor> {
    // SAFETY: the loop below writes one position per needle; an interrupt drops the tensor
    // unseen.
    let out = unsafe { Tensor::uninit(needles.shape(), DType::Int64)? };
    // SAFETY: `sorted` and `needles` are contiguous (made so by the caller) and only read;
    // `out` is fresh.
    let (hay, vals, idx) = unsafe { (sorted.as_slice::<T>()?, needles.as_slice::<T>()?, out.as_mut_slice::<i64>()?) };
    let optr = SendPtr(idx.as_mut_ptr().cast());
    // Integer keys (same order and ties as `total_cmp`) make each probe one compare.
    let keys: Vec<u64> = if T::KEY_BYTES > 0 { hay.iter().map(T::key).try_collect_vec()? } else { Vec::new() };
    parallel_for(vals.len(), MIN_PARALLEL_SEARCHES, |range| {
        for i in range {
            let v = &vals[i];
            let pos = match (T::KEY_BYTES > 0, right) {
                (true, false) => {
                    let k = v.key();
                    keys.partition_point(|&a| a < k)
                }
                (true, true) => {
                    let k = v.key();
                    keys.partition_point(|&a| a <= k)
                }
                (false, true) => hay.partition_point(|a| a.total_cmp(v) != Ordering::Greater),
                (false, false) => hay.partition_point(|a| a.total_cmp(v) == Ordering::Less),
            };
            // SAFETY: `i` is in this task's disjoint range of `out`.
            unsafe { *optr.get().cast::<i64>().add(i) = pos as i64 };
        }
    });
    Ok(out)
}

fn search(sorted: &Tensor, needles: &Tensor, right: bool) -> Result<Tensor> {
    crate::dispatch_all!(sorted.dtype(), T => { search_typed::<T>(sorted, needles, right) })
}

/// For each element of `x2`, the int64 index at which inserting it into the sorted 1-D `x1`
/// keeps the order: the first such index for `side="left"`, the last for `"right"`. `sorter`
/// (int, `x1`'s length) gives the permutation that sorts `x1` (e.g. from `argsort`). Both
/// inputs are compared in their promoted dtype (a Python scalar `x2` is weak), with NaN
/// sorting last as in [`crate::sort::sort`]. The result has `x2`'s shape.
pub fn searchsorted(x1: &Tensor, x2: &Operand, side: &str, sorter: Option<&Tensor>) -> Result<Tensor> {
    let op = "searchsorted";
    if x1.ndim() != 1 {
        return Err(Error::value_error(format!(
            "{op}() argument 'x1': expected a 1-D tensor, got shape {}",
            format_shape(x1.shape())
        )));
    }
    let right = match side {
        "left" => false,
        "right" => true,
        other => {
            return Err(Error::value_error(format!(
                "{op}() argument 'side': expected 'left' or 'right', got '{other}'"
            )))
        }
    };
    let x1 = match sorter {
        None => x1.clone(),
        Some(s) => {
            if s.shape() != x1.shape() {
                return Err(Error::value_error(format!(
                    "{op}() argument 'sorter': expected shape {}, got {}",
                    format_shape(x1.shape()),
                    format_shape(s.shape())
                )));
            }
            crate::index::take(x1, s, Some(0)).map_err(|e| Error {
                message: e.message.replacen("take", "searchsorted() argument 'sorter'", 1),
                ..e
            })?
        }
    };
    let x2 = match x2 {
        Operand::Tensor(t) => t.clone(),
        Operand::Scalar(s) => s.to_tensor(op, s.weak_dtype(x1.dtype()))?,
    };
    let dtype = crate::promote::result_type(x1.dtype(), x2.dtype());
    let prepare = |t: &Tensor| if t.dtype() == dtype { t.contiguous() } else { cast(t, dtype) };
    search(&prepare(&x1)?, &prepare(&x2)?, right)
}

fn isin_typed<T: TotalOrder>(hay: &Tensor, needles: &Tensor, invert: bool) -> Result<Tensor> {
    let out = Tensor::empty(needles.shape(), DType::Bool)?;
    // SAFETY: `hay` and `needles` are contiguous (made so by the caller) and only read; `out`
    // is fresh, so nothing else sees it while it is written.
    let (hay, vals, found) = unsafe { (hay.as_slice::<T>()?, needles.as_slice::<T>()?, out.as_mut_slice::<bool>()?) };
    let optr = SendPtr(found.as_mut_ptr().cast());
    parallel_for(vals.len(), MIN_PARALLEL_SEARCHES, |range| {
        for i in range {
            let v = &vals[i];
            // NaN equals nothing (the sort order puts NaNs together, so exclude them first);
            // -0.0 and 0.0 tie in the sort order and are equal here too.
            let hit = !v.is_nan_value() && {
                let pos = hay.partition_point(|a| a.total_cmp(v) == Ordering::Less);
                pos < hay.len() && hay[pos].total_cmp(v) == Ordering::Equal
            };
            // SAFETY: `i` is in this task's disjoint range of `out`.
            unsafe { *optr.get().cast::<bool>().add(i) = hit != invert };
        }
    });
    Ok(out)
}

/// For each element of `x1`, whether it equals some element of `x2` (`invert=True`: whether it
/// equals none). Both are compared in their promoted dtype (a Python scalar is weak; at least
/// one of them must be a tensor); NaN equals nothing and `-0.0` equals `0.0`, as with `==`.
/// The result is a bool tensor of `x1`'s shape.
pub fn isin(x1: &Operand, x2: &Operand, invert: bool) -> Result<Tensor> {
    let (a, b) = resolve_pair("isin", x1, x2)?;
    let dtype = crate::promote::result_type(a.dtype(), b.dtype());
    let prepare = |t: &Tensor| if t.dtype() == dtype { t.contiguous() } else { cast(t, dtype) };
    let set = prepare(&b)?.reshape(&[-1])?;
    let hay = crate::sort::sort(&set, 0, false, false)?.contiguous()?;
    let needles = prepare(&a)?;
    crate::dispatch_all!(dtype, T => { isin_typed::<T>(&hay, &needles, invert) })
}
