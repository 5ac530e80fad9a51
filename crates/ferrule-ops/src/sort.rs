//! sort and argsort along an axis: a total order with NaN last (numpy's), stable in both directions, rows in parallel.

use std::cmp::Ordering;

use ferrule_core::{Complex32, Complex64, DType, Element, Result, Tensor, BF16, F16};
use rayon::slice::ParallelSliceMut;

mod radix;

use crate::fallible::{self, FallibleCollect};
use crate::iter::SendPtr;
use crate::manipulate::norm_axis;
use crate::pool::{parallel_for, pool, FirstError};
use radix::{float_key, par_radix_sort_by, radix_sort_by, RADIX_MIN_LEN};

/// Elements below which a sort stays on the calling thread.
const MIN_PARALLEL_ELEMENTS: usize = 1 << 15;

/// A single row at least this long (of a type with a radix key) is sorted by
/// [`par_radix_sort_by`]: bucketed by its top digit, then bucket by bucket in cache, on the pool.
const PAR_RADIX_MIN: usize = 1 << 16;

/// numpy's sort order: the usual order on numbers, `-0.0 == 0.0`, NaN after everything
/// (complex: lexicographic on (real, imag), then `R+nanj`, `nan+Rj`, `nan+nanj`).
pub trait TotalOrder: Element {
    /// Compares in the sort order.
    fn total_cmp(&self, other: &Self) -> Ordering;
    /// True for a NaN (complex: either part), the values `unique_*` never merge.
    fn is_nan_value(&self) -> bool {
        false
    }
    /// Bytes of the radix key ([`TotalOrder::key`]); 0 when the type has none (complex).
    const KEY_BYTES: usize = 0;
    /// An unsigned key with the same order and the same ties as [`TotalOrder::total_cmp`].
    fn key(&self) -> u64 {
        0
    }
}

macro_rules! radix_unsigned {
    ($($t:ty),*) => {$(
        impl TotalOrder for $t {
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { self.cmp(other) }
            const KEY_BYTES: usize = std::mem::size_of::<$t>();
            #[inline]
            fn key(&self) -> u64 { *self as u64 }
        }
    )*};
}
radix_unsigned!(bool, u8, u16, u32, u64);

macro_rules! radix_signed {
    ($($t:ty),*) => {$(
        impl TotalOrder for $t {
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { self.cmp(other) }
            const KEY_BYTES: usize = std::mem::size_of::<$t>();
            #[inline]
            fn key(&self) -> u64 { (*self as i64).wrapping_sub(<$t>::MIN as i64) as u64 }
        }
    )*};
}
radix_signed!(i8, i16, i32, i64);

#[inline]
fn float_cmp(a: f64, b: f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (false, false) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
    }
}

macro_rules! total_order_float {
    ($($t:ty => $to:expr, $bits:expr, $width:expr),*) => {$(
        impl TotalOrder for $t {
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering {
                let f = $to;
                let (a, b) = (f(*self), f(*other));
                match (a.is_nan(), b.is_nan()) {
                    (false, false) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
                    (true, true) => Ordering::Equal,
                    (true, false) => Ordering::Greater,
                    (false, true) => Ordering::Less,
                }
            }
            #[inline]
            fn is_nan_value(&self) -> bool { ($to)(*self).is_nan() }
            const KEY_BYTES: usize = $width / 8;
            #[inline]
            fn key(&self) -> u64 {
                let v = ($to)(*self);
                float_key(($bits)(*self), $width, v.is_nan(), v == 0.0)
            }
        }
    )*};
}
total_order_float!(
    f32 => |v: f32| v, |v: f32| v.to_bits() as u64, 32,
    f64 => |v: f64| v, |v: f64| v.to_bits(), 64,
    F16 => |v: F16| v.to_f32(), |v: F16| v.0 as u64, 16,
    BF16 => |v: BF16| v.to_f32(), |v: BF16| v.0 as u64, 16
);

/// The mask that reverses a `T` key (for descending order), 0 for ascending.
fn key_flip<T: TotalOrder>(descending: bool) -> u64 {
    match (descending, T::KEY_BYTES) {
        (false, _) => 0,
        (true, 8) => u64::MAX,
        (true, b) => (1u64 << (8 * b)) - 1,
    }
}

macro_rules! total_order_complex {
    ($($t:ty),*) => {$(
        impl TotalOrder for $t {
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering {
                let class = |v: &$t| (v.re.is_nan() as u8) * 2 + v.im.is_nan() as u8;
                let (ca, cb) = (class(self), class(other));
                if ca != cb {
                    return ca.cmp(&cb);
                }
                let (re, im) = (
                    float_cmp(self.re as f64, other.re as f64),
                    float_cmp(self.im as f64, other.im as f64),
                );
                re.then(im)
            }
            #[inline]
            fn is_nan_value(&self) -> bool { self.re.is_nan() || self.im.is_nan() }
        }
    )*};
}
total_order_complex!(Complex32, Complex64);

/// Sorts `(value, index)` pairs (distinct indices) by value, equal values by index, so an
/// unstable sort gives the stable order: the standard library's stable sorts allocate a
/// buffer that cannot fail gracefully, these allocate nothing.
fn by_value_then_index<T: TotalOrder>(descending: bool) -> impl Fn(&(T, i64), &(T, i64)) -> Ordering + Sync + Copy {
    move |a, b| {
        let by_value = if descending { b.0.total_cmp(&a.0) } else { a.0.total_cmp(&b.0) };
        by_value.then(a.1.cmp(&b.1))
    }
}

/// Sorts one row in place: radix sort on the key for long rows of non-complex types (stable
/// in both directions), a comparison sort otherwise. `scratch` and `pairs` are buffers reused
/// across rows (grown fallibly).
fn sort_row<T: TotalOrder>(
    row: &mut [T],
    scratch: &mut Vec<T>,
    pairs: &mut Vec<(T, i64)>,
    descending: bool,
    stable: bool,
) -> Result<()> {
    if T::KEY_BYTES > 0 && row.len() >= RADIX_MIN_LEN {
        let flip = key_flip::<T>(descending);
        return radix_sort_by(row, scratch, T::KEY_BYTES, |v| v.key() ^ flip);
    }
    match (descending, stable) {
        (false, false) => row.sort_unstable_by(T::total_cmp),
        (true, false) => row.sort_unstable_by(|a, b| b.total_cmp(a)),
        // Short rows: the stable sort's buffer lives on the stack.
        (false, true) if row.len() < RADIX_MIN_LEN => row.sort_by(T::total_cmp),
        (true, true) if row.len() < RADIX_MIN_LEN => row.sort_by(|a, b| b.total_cmp(a)),
        (_, true) => {
            pairs.clear();
            fallible::try_reserve(pairs, row.len())?;
            pairs.extend(row.iter().copied().zip(0..));
            pairs.sort_unstable_by(by_value_then_index::<T>(descending));
            row.iter_mut().zip(pairs.iter()).for_each(|(v, p)| *v = p.0);
        }
    }
    Ok(())
}

/// Sorts one long row on the pool.
fn par_sort_row<T: TotalOrder>(row: &mut [T], descending: bool, stable: bool) -> Result<()> {
    if stable {
        let mut pairs = row.iter().copied().zip(0..).try_collect_vec()?;
        on_pool(|| pairs.par_sort_unstable_by(by_value_then_index::<T>(descending)));
        row.iter_mut().zip(&pairs).for_each(|(v, p)| *v = p.0);
        return Ok(());
    }
    on_pool(|| match descending {
        false => row.par_sort_unstable_by(T::total_cmp),
        true => row.par_sort_unstable_by(|a, b| b.total_cmp(a)),
    });
    Ok(())
}

/// Runs `f` on the ferrule pool when there is one and we are not on it already.
pub(crate) fn on_pool(f: impl FnOnce() + Send) {
    match pool() {
        Some(p) if p.current_thread_index().is_none() => p.install(f),
        _ => f(),
    }
}

/// Calls `f(row, scratch, pairs)` on each `len`-element row of the contiguous `data`, in
/// parallel when large; `scratch` and `pairs` are buffers reused across the rows of one task.
/// Stops at the first error (returned).
fn for_each_row_mut<T: Send>(
    data: &mut [T],
    len: usize,
    f: impl Fn(&mut [T], &mut Vec<T>, &mut Vec<(T, i64)>) -> Result<()> + Sync,
) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    let rows = data.len() / len;
    let ptr = SendPtr(data.as_mut_ptr().cast());
    let first_error = FirstError::new();
    parallel_for(rows, MIN_PARALLEL_ELEMENTS.div_ceil(len), |range| {
        let (mut scratch, mut pairs) = (Vec::new(), Vec::new());
        for r in range {
            if first_error.failed() {
                return;
            }
            // SAFETY: row `r` lies inside `data`; tasks get disjoint rows.
            let row = unsafe { std::slice::from_raw_parts_mut(ptr.get().cast::<T>().add(r * len), len) };
            first_error.record(f(row, &mut scratch, &mut pairs));
        }
    });
    first_error.into_result()
}

/// Sorts `(value, index)` pairs by value: radix (stable) for long rows of non-complex types,
/// else a comparison sort (stable unless `stable` is false and the order is ascending). The
/// indices must be distinct (the stable comparison sort breaks ties on them).
pub(crate) fn sort_pairs<T: TotalOrder>(
    pairs: &mut [(T, i64)],
    scratch: &mut Vec<(T, i64)>,
    descending: bool,
    stable: bool,
) -> Result<()> {
    if T::KEY_BYTES > 0 && pairs.len() >= PAR_RADIX_MIN {
        let flip = key_flip::<T>(descending);
        return par_radix_sort_by(pairs, |p: &(T, i64)| p.0.key() ^ flip);
    }
    if T::KEY_BYTES > 0 && pairs.len() >= RADIX_MIN_LEN {
        let flip = key_flip::<T>(descending);
        return radix_sort_by(pairs, scratch, T::KEY_BYTES, |p| p.0.key() ^ flip);
    }
    match (descending, stable) {
        (false, false) => pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0)),
        _ => pairs.sort_unstable_by(by_value_then_index::<T>(descending)),
    }
    Ok(())
}

/// Sorts a whole buffer of values ascending (radix for non-complex types).
pub(crate) fn sort_values<T: TotalOrder>(data: &mut [T]) -> Result<()> {
    if T::KEY_BYTES > 0 && data.len() >= PAR_RADIX_MIN {
        return par_radix_sort_by(data, |v| v.key());
    }
    sort_row(data, &mut Vec::new(), &mut Vec::new(), false, false)
}

/// `x` with `axis` moved last, as a fresh C-contiguous tensor, and the length of that axis.
fn rows_of(x: &Tensor, axis: usize) -> Result<(Tensor, usize)> {
    let last = x.ndim() - 1;
    let moved = if axis == last { x.clone() } else { x.transpose(axis, last)? };
    Ok((moved.copy()?, x.shape()[axis] as usize))
}

/// Undoes [`rows_of`]: moves the last axis back to `axis`, as a C-contiguous tensor.
fn unrows(t: Tensor, axis: usize) -> Result<Tensor> {
    let last = t.ndim() - 1;
    if axis == last {
        Ok(t)
    } else {
        t.transpose(axis, last)?.copy()
    }
}

fn sort_typed<T: TotalOrder>(rows: &Tensor, len: usize, descending: bool, stable: bool) -> Result<()> {
    // SAFETY: `rows` is a fresh copy nobody else sees.
    let data = unsafe { rows.as_mut_slice::<T>()? };
    if T::KEY_BYTES > 0 && data.len() == len && len >= PAR_RADIX_MIN {
        let flip = key_flip::<T>(descending);
        return par_radix_sort_by(data, |v| v.key() ^ flip);
    }
    if T::KEY_BYTES == 0 && data.len() == len && len >= 2 * MIN_PARALLEL_ELEMENTS {
        par_sort_row(data, descending, stable)
    } else {
        for_each_row_mut(data, len, |row, scratch, pairs| sort_row(row, scratch, pairs, descending, stable))
    }
}

fn argsort_typed<T: TotalOrder>(rows: &Tensor, len: usize, descending: bool, stable: bool) -> Result<Tensor> {
    // SAFETY: every row's permutation is written below (each row sorted by one task); an
    // interrupt drops the tensor unseen.
    let out = unsafe { Tensor::uninit(rows.shape(), DType::Int64)? };
    // SAFETY: both are fresh tensors nobody else sees.
    let (values, index) = unsafe { (rows.as_slice::<T>()?, out.as_mut_slice::<i64>()?) };
    if len == 0 {
        return Ok(out);
    }
    let vptr = SendPtr(values.as_ptr().cast_mut().cast());
    let rows = values.len() / len;
    if T::KEY_BYTES > 0 && rows == 1 && len >= PAR_RADIX_MIN {
        let flip = key_flip::<T>(descending);
        let mut pairs = values.iter().copied().zip(0..).try_collect_vec()?;
        par_radix_sort_by(&mut pairs, |p: &(T, i64)| p.0.key() ^ flip)?;
        index.iter_mut().zip(&pairs).for_each(|(o, p)| *o = p.1);
        return Ok(out);
    }
    if T::KEY_BYTES == 0 && rows == 1 && len >= 2 * MIN_PARALLEL_ELEMENTS {
        // Stable in both directions (ties in index order), whatever `stable` says.
        let mut pairs = values.iter().copied().zip(0..).try_collect_vec()?;
        on_pool(|| pairs.par_sort_unstable_by(by_value_then_index::<T>(descending)));
        index.iter_mut().zip(&pairs).for_each(|(o, p)| *o = p.1);
        return Ok(out);
    }
    let iptr = SendPtr(index.as_mut_ptr().cast());
    let first_error = FirstError::new();
    parallel_for(rows, MIN_PARALLEL_ELEMENTS.div_ceil(len), |range| {
        let mut pairs: Vec<(T, i64)> = Vec::new();
        let mut scratch = Vec::new();
        for r in range {
            if first_error.failed() {
                return;
            }
            // SAFETY: row `r` lies inside both buffers; tasks get disjoint rows.
            let (row, out_row) = unsafe {
                (
                    std::slice::from_raw_parts(vptr.get().cast::<T>().add(r * len), len),
                    std::slice::from_raw_parts_mut(iptr.get().cast::<i64>().add(r * len), len),
                )
            };
            pairs.clear();
            let sorted = fallible::try_reserve(&mut pairs, len).and_then(|()| {
                pairs.extend(row.iter().copied().zip(0..));
                sort_pairs(&mut pairs, &mut scratch, descending, stable)
            });
            if sorted.is_ok() {
                out_row.iter_mut().zip(&pairs).for_each(|(o, p)| *o = p.1);
            }
            first_error.record(sorted);
        }
    });
    first_error.into_result()?;
    Ok(out)
}

/// `x` sorted along `axis` (default -1), ascending or `descending`; NaN sorts after every
/// number (so first when descending), as numpy. `stable` keeps equal elements in their
/// original order (in both directions); `stable=False` may reorder them. 0-d `x` is returned
/// as a copy (numpy's `axis=-1` on a 0-d array is an error; the standard allows it).
pub fn sort(x: &Tensor, axis: i64, descending: bool, stable: bool) -> Result<Tensor> {
    if x.ndim() == 0 {
        return x.copy();
    }
    let axis = norm_axis("sort", "axis", axis, x.ndim())?;
    let (rows, len) = rows_of(x, axis)?;
    sort_rows(&rows, len, descending, stable)?;
    unrows(rows, axis)
}

/// The int64 indices that sort `x` along `axis` (see [`sort`] for the order). With
/// `stable=True` (the default) equal elements keep their original order, also when
/// `descending` (unlike `flip(argsort(x))`).
pub fn argsort(x: &Tensor, axis: i64, descending: bool, stable: bool) -> Result<Tensor> {
    if x.ndim() == 0 {
        return Tensor::zeros(&[], DType::Int64);
    }
    let axis = norm_axis("argsort", "axis", axis, x.ndim())?;
    let (rows, len) = rows_of(x, axis)?;
    unrows(argsort_rows(&rows, len, descending, stable)?, axis)
}

/// Sorts each `len`-element row of the fresh contiguous `rows` in place.
pub(crate) fn sort_rows(rows: &Tensor, len: usize, descending: bool, stable: bool) -> Result<()> {
    crate::dispatch_all!(rows.dtype(), T => { sort_typed::<T>(rows, len, descending, stable) })
}

/// The int64 sorting permutation of each `len`-element row of the contiguous `rows`.
pub(crate) fn argsort_rows(rows: &Tensor, len: usize, descending: bool, stable: bool) -> Result<Tensor> {
    crate::dispatch_all!(rows.dtype(), T => { argsort_typed::<T>(rows, len, descending, stable) })
}
