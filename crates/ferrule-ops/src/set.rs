//! unique_values, unique_counts, unique_inverse, unique_all: sorted unique elements, every NaN distinct (Array API).
//!
//! The Array API says each NaN is a distinct value (as `NaN != NaN`); numpy 2's `np.unique`
//! merges NaNs by default (`equal_nan=True`). ferrule follows the Array API: every NaN shows
//! up as its own entry, after all numbers, with a count of 1. `-0.0` and `0.0` are one value.

use std::cmp::Ordering;

use ferrule_core::{DType, Result, Tensor};
use rayon::slice::ParallelSliceMut;

use crate::fallible::{self, FallibleCollect};
use crate::interrupt;
use crate::pool::POLL_ITEMS;
use crate::sort::{on_pool, sort_pairs, sort_values, TotalOrder};

/// Elements above which a comparison sort (complex dtypes) runs on the pool.
const MIN_PARALLEL_ELEMENTS: usize = 1 << 16;

fn same<T: TotalOrder>(a: &T, b: &T) -> bool {
    a.total_cmp(b) == Ordering::Equal && !a.is_nan_value()
}

/// Sorts `data` ascending (radix for non-complex types, a parallel comparison sort otherwise).
fn sort_all<T: TotalOrder>(data: &mut [T]) -> Result<()> {
    if T::KEY_BYTES == 0 && data.len() >= MIN_PARALLEL_ELEMENTS {
        on_pool(|| data.par_sort_unstable_by(T::total_cmp));
    } else {
        sort_values(data)?;
    }
    interrupt::check()
}

/// A fresh sorted 1-D copy of the elements of `x` (not bool): a tensor, so a large one comes
/// from the cache of freed blocks rather than fresh pages.
fn sorted_copy<T: TotalOrder>(x: &Tensor) -> Result<Tensor> {
    let copy = crate::elementwise::cast_to(x, x.dtype())?.reshape(&[-1])?;
    crate::interrupt::check()?;
    // SAFETY: `copy` is fresh and seen by no one else; its elements are valid `T` (no bool).
    sort_all(unsafe { copy.as_mut_slice::<T>()? })?;
    Ok(copy)
}

fn values_typed<T: TotalOrder>(x: &Tensor) -> Result<Tensor> {
    if T::DTYPE == ferrule_core::DType::Bool {
        let mut data = x.to_vec::<T>()?;
        sort_all(&mut data)?;
        data.dedup_by(|a, b| same(a, b));
        return Tensor::from_slice(&data, &[data.len() as i64]);
    }
    let sorted = sorted_copy::<T>(x)?;
    // SAFETY: fresh from `sorted_copy`, not shared.
    let data = unsafe { sorted.as_mut_slice::<T>()? };
    // compacted in place: the first `k` slots hold the distinct values so far
    let mut k = 0;
    for i in 0..data.len() {
        if i == 0 || !same(&data[k - 1], &data[i]) {
            data[k] = data[i];
            k += 1;
        }
    }
    Tensor::from_slice(&data[..k], &[k as i64])
}

/// `unique_counts` without the indices `unique_all` needs: the values alone are sorted, the
/// groups counted, then each group's value and size written straight into outputs of that
/// length (no growing buffers: those would be fresh pages, zeroed by the OS, on every call).
fn counts_typed<T: TotalOrder>(x: &Tensor) -> Result<Vec<Tensor>> {
    let sorted = sorted_copy::<T>(x)?;
    // SAFETY: fresh from `sorted_copy`, not shared.
    let data = unsafe { sorted.as_slice::<T>()? };
    let mut groups = usize::from(!data.is_empty());
    for (c, part) in data.chunks(POLL_ITEMS).enumerate() {
        interrupt::check()?;
        let base = c * POLL_ITEMS;
        groups += (base.max(1)..base + part.len()).filter(|&i| !same(&data[i - 1], &data[i])).count();
    }
    let n = groups as i64;
    // SAFETY: the loop below writes all `groups` elements of both (one per group).
    let (values, counts) = unsafe { (Tensor::uninit(&[n], T::DTYPE)?, Tensor::uninit(&[n], DType::Int64)?) };
    // SAFETY: fresh, not shared.
    let (vs, cs) = unsafe { (values.as_mut_slice::<T>()?, counts.as_mut_slice::<i64>()?) };
    let mut g = 0usize;
    let mut start = 0usize;
    for i in 1..=data.len() {
        if i == data.len() || !same(&data[i - 1], &data[i]) {
            vs[g] = data[start];
            cs[g] = (i - start) as i64;
            g += 1;
            start = i;
        }
    }
    debug_assert_eq!(g, groups);
    Ok(vec![values, counts])
}

/// The pieces `unique_all` can return; each is filled only when asked for.
struct Groups {
    values: Tensor,
    first: Vec<i64>,
    inverse: Vec<i64>,
    counts: Vec<i64>,
}

fn groups_typed<T: TotalOrder>(x: &Tensor, want_inverse: bool) -> Result<Groups> {
    let mut pairs: Vec<(T, i64)> = x.to_vec::<T>()?.into_iter().zip(0..).try_collect_vec()?;
    if T::KEY_BYTES == 0 && pairs.len() >= MIN_PARALLEL_ELEMENTS {
        // Ties broken by index: the stable order, without the stable sort's buffer.
        on_pool(|| pairs.par_sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))));
    } else {
        sort_pairs(&mut pairs, &mut Vec::new(), false, true)?;
    }
    let (mut values, mut first, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    let mut inverse = if want_inverse { fallible::try_filled(0i64, pairs.len())? } else { Vec::new() };
    for (i, &(v, at)) in pairs.iter().enumerate() {
        if i % POLL_ITEMS == POLL_ITEMS - 1 {
            interrupt::check()?;
        }
        if i == 0 || !same(&pairs[i - 1].0, &v) {
            fallible::try_push(&mut values, v)?;
            fallible::try_push(&mut first, at)?;
            fallible::try_push(&mut counts, 0)?;
        }
        *counts.last_mut().expect("a group was opened") += 1;
        if want_inverse {
            inverse[at as usize] = values.len() as i64 - 1;
        }
    }
    let values = Tensor::from_slice(&values, &[values.len() as i64])?;
    Ok(Groups { values, first, inverse, counts })
}

fn groups(x: &Tensor, want_inverse: bool) -> Result<Groups> {
    crate::dispatch_all!(x.dtype(), T => { groups_typed::<T>(x, want_inverse) })
}

fn int64(v: &[i64], shape: &[i64]) -> Result<Tensor> {
    Tensor::from_slice(v, shape)
}

/// The unique elements of `x` (flattened), sorted ascending, as a 1-D tensor of `x`'s dtype.
pub fn unique_values(x: &Tensor) -> Result<Tensor> {
    crate::dispatch_all!(x.dtype(), T => { values_typed::<T>(x) })
}

/// `(values, counts)`: the sorted unique elements and how often each occurs (int64).
pub fn unique_counts(x: &Tensor) -> Result<Vec<Tensor>> {
    if x.dtype() != ferrule_core::DType::Bool {
        return crate::dispatch_all!(x.dtype(), T => { counts_typed::<T>(x) });
    }
    let g = groups(x, false)?;
    let n = g.counts.len() as i64;
    Ok(vec![g.values, int64(&g.counts, &[n])?])
}

/// `(values, inverse_indices)`: the sorted unique elements and, with `x`'s shape, the
/// position in `values` of each element of `x` (int64).
pub fn unique_inverse(x: &Tensor) -> Result<Vec<Tensor>> {
    let g = groups(x, true)?;
    Ok(vec![g.values, int64(&g.inverse, x.shape())?])
}

/// `(values, indices, inverse_indices, counts)`: the sorted unique elements, the flat index
/// of each one's first occurrence in `x`, the inverse indices (with `x`'s shape) and the
/// counts; all index tensors are int64.
pub fn unique_all(x: &Tensor) -> Result<Vec<Tensor>> {
    let g = groups(x, true)?;
    let n = g.counts.len() as i64;
    Ok(vec![g.values, int64(&g.first, &[n])?, int64(&g.inverse, x.shape())?, int64(&g.counts, &[n])?])
}
