//! sort and argsort along an axis: a total order with NaN last (numpy's), stable in both directions, rows in parallel.

use std::cmp::Ordering;

use ferrule_core::{Complex32, Complex64, DType, Element, Result, Tensor, BF16, F16};
use rayon::slice::ParallelSliceMut;

// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod radix;
// Public only for the tests in tests/kernels (hidden from the docs).
#[doc(hidden)]
pub mod simd;

use crate::fallible::{self, FallibleCollect};
use crate::iter::SendPtr;
use crate::manipulate::norm_axis;
use crate::pool::{parallel_for, parallel_map, pool, FirstError};
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
    /// Bits of the exact key ([`TotalOrder::exact_key`]): 32 or 64, 0 when the type has none.
    const EXACT_BITS: u32 = 0;
    /// An order-preserving unsigned key that gives the value back
    /// ([`TotalOrder::from_exact_key`]), for every value the sort order does not tie with a
    /// different one: `None` for a float's zeros (`-0.0 == 0.0`) and NaNs (any payload), which
    /// a key sort places itself (zeros between the negatives and the positives, NaNs last).
    fn exact_key(&self) -> Option<u64> {
        None
    }
    /// [`TotalOrder::exact_key`] without its check, for a branch-free first pass over a row:
    /// the exact key where there is one ([`TotalOrder::has_exact_key`]), any word otherwise.
    #[inline]
    fn exact_key_raw(&self) -> u64 {
        self.exact_key().unwrap_or(0)
    }
    /// Whether [`TotalOrder::exact_key`] is `Some`.
    #[inline]
    fn has_exact_key(&self) -> bool {
        self.exact_key().is_some()
    }
    /// The value of an [`TotalOrder::exact_key`].
    fn from_exact_key(_key: u64) -> Self {
        unreachable!("from_exact_key of a type without exact keys")
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
            const EXACT_BITS: u32 = if std::mem::size_of::<$t>() <= 4 { 32 } else { 64 };
            #[inline]
            fn exact_key(&self) -> Option<u64> { Some(*self as u64) }
            #[inline]
            fn exact_key_raw(&self) -> u64 { *self as u64 }
            #[inline]
            fn has_exact_key(&self) -> bool { true }
            #[inline]
            fn from_exact_key(key: u64) -> Self { key as $t }
        }
    )*};
}
radix_unsigned!(u8, u16, u32, u64);

impl TotalOrder for bool {
    #[inline]
    fn total_cmp(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }
    const KEY_BYTES: usize = 1;
    #[inline]
    fn key(&self) -> u64 {
        *self as u64
    }
}

macro_rules! radix_signed {
    ($($t:ty),*) => {$(
        impl TotalOrder for $t {
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { self.cmp(other) }
            const KEY_BYTES: usize = std::mem::size_of::<$t>();
            #[inline]
            fn key(&self) -> u64 { (*self as i64).wrapping_sub(<$t>::MIN as i64) as u64 }
            const EXACT_BITS: u32 = if std::mem::size_of::<$t>() <= 4 { 32 } else { 64 };
            #[inline]
            fn exact_key(&self) -> Option<u64> { Some(self.key()) }
            #[inline]
            fn exact_key_raw(&self) -> u64 { self.key() }
            #[inline]
            fn has_exact_key(&self) -> bool { true }
            #[inline]
            fn from_exact_key(key: u64) -> Self { (key as i64).wrapping_add(<$t>::MIN as i64) as $t }
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
    ($($t:ty => $to:expr, $bits:expr, $width:expr, $exact_bits:expr),*) => {$(
        impl TotalOrder for $t {
            const EXACT_BITS: u32 = $exact_bits;
            #[inline]
            fn exact_key(&self) -> Option<u64> { <$t as ExactFloat>::exact(*self) }
            #[inline]
            fn exact_key_raw(&self) -> u64 { <$t as ExactFloat>::raw(*self) }
            #[inline]
            fn has_exact_key(&self) -> bool { let v = ($to)(*self); !(v.is_nan() | (v == 0.0)) }
            #[inline]
            fn from_exact_key(key: u64) -> Self { <$t as ExactFloat>::from_exact(key) }
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
    f32 => |v: f32| v, |v: f32| v.to_bits() as u64, 32, 32,
    f64 => |v: f64| v, |v: f64| v.to_bits(), 64, 64,
    F16 => |v: F16| v.to_f32(), |v: F16| v.0 as u64, 16, 0,
    BF16 => |v: BF16| v.to_f32(), |v: BF16| v.0 as u64, 16, 0
);

/// `TotalOrder` of `f32` and `f64`: the key sort's exact keys (the float's bits, negatives
/// reversed below the positives) besides [`total_order_float`]'s.
macro_rules! exact_float {
    ($($t:ty => $u:ty),*) => {$(
        impl ExactFloat for $t {
            #[inline]
            fn exact(v: $t) -> Option<u64> {
                if v.is_nan() || v == 0.0 {
                    return None;
                }
                let bits = v.to_bits();
                let top: $u = 1 << (<$u>::BITS - 1);
                Some(if bits & top != 0 { !bits } else { bits | top } as u64)
            }
            #[inline]
            fn raw(v: $t) -> u64 {
                let bits = v.to_bits();
                let top: $u = 1 << (<$u>::BITS - 1);
                (if bits & top != 0 { !bits } else { bits | top }) as u64
            }
            #[inline]
            fn from_exact(key: u64) -> $t {
                let k = key as $u;
                let top: $u = 1 << (<$u>::BITS - 1);
                <$t>::from_bits(if k & top != 0 { k & !top } else { !k })
            }
        }
    )*};
}

/// The exact keys of a float type (see [`TotalOrder::exact_key`]).
trait ExactFloat: Sized {
    /// The exact key of `v`, `None` for zeros and NaNs.
    fn exact(v: Self) -> Option<u64>;
    /// [`ExactFloat::exact`] without its check (any word for zeros and NaNs).
    fn raw(v: Self) -> u64;
    /// The value of an exact key.
    fn from_exact(key: u64) -> Self;
}
exact_float!(f32 => u32, f64 => u64);

/// The half-precision floats have no exact keys (`EXACT_BITS` is 0): they sort by radix.
macro_rules! no_exact_float {
    ($($t:ty),*) => {$(
        impl ExactFloat for $t {
            fn exact(_: $t) -> Option<u64> {
                None
            }
            fn raw(_: $t) -> u64 {
                0
            }
            fn from_exact(_: u64) -> $t {
                unreachable!("half-precision floats have no exact keys")
            }
        }
    )*};
}
no_exact_float!(F16, BF16);

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

/// Rows at least this long of a type with exact keys sort by [`key_sort`].
const KEY_SORT_MIN: usize = 32;

/// An unsigned key word of [`key_sort`]: `u32` or `u64`.
trait KeyWord: Element + Ord {
    /// Bytes of the word.
    const BYTES: usize;
    /// The longest run of keys sorted by comparison; longer ones by radix (a `u64` needs twice
    /// the passes of a `u32`, so it switches later).
    const PDQ_MAX: usize;
    /// The word of a key that fits it.
    fn from_key(k: u64) -> Self;
    /// The key.
    fn key(self) -> u64;
    /// Sorts `keys` with [`simd`]'s vectorised quicksort; false (untouched) without AVX-512.
    fn simd_sort(keys: &mut [Self]) -> bool;
    /// [`KeyWord::simd_sort`] on the pool; `Ok(false)` (untouched) without AVX-512.
    fn par_simd_sort(keys: &mut [Self]) -> Result<bool>;
}

impl KeyWord for u32 {
    const BYTES: usize = 4;
    const PDQ_MAX: usize = 1 << 10;
    #[inline]
    fn from_key(k: u64) -> Self {
        k as u32
    }
    #[inline]
    fn key(self) -> u64 {
        self as u64
    }
    fn simd_sort(keys: &mut [Self]) -> bool {
        simd::sort_u32(keys)
    }
    fn par_simd_sort(keys: &mut [Self]) -> Result<bool> {
        simd::par_sort_u32(keys)
    }
}

impl KeyWord for u64 {
    const BYTES: usize = 8;
    const PDQ_MAX: usize = 1 << 12;
    #[inline]
    fn from_key(k: u64) -> Self {
        k
    }
    #[inline]
    fn key(self) -> u64 {
        self
    }
    fn simd_sort(keys: &mut [Self]) -> bool {
        simd::sort_u64(keys)
    }
    fn par_simd_sort(keys: &mut [Self]) -> Result<bool> {
        simd::par_sort_u64(keys)
    }
}

/// Sorts a row of a type with exact keys ([`TotalOrder::exact_key`]) by sorting the keys as
/// plain integers (the standard library's pattern-defeating quicksort, which beats eight radix
/// passes on rows of a few thousand) and decoding them; keys that span fewer values than the
/// row has are counted instead. The values without an exact key (a float's zeros and NaNs)
/// are set aside in their original order and put back in their place (zeros between the
/// negatives and the positives, NaNs last; both moved, not reordered, when `descending`), so
/// the result is the stable sort's: equal keys are equal bits.
fn key_sort<T: TotalOrder, K: KeyWord>(row: &mut [T], specials: &mut Vec<T>, descending: bool) -> Result<()> {
    let mut keys: Vec<K> = Vec::new();
    fallible::try_reserve(&mut keys, row.len())?;
    specials.clear();
    // the common case, in branch-free passes that vectorise: every value has its key
    let (all_exact, lo, hi) = encode_keys(row, &mut keys.spare_capacity_mut()[..row.len()]);
    if all_exact {
        // SAFETY: `encode_keys` wrote the first `row.len()` words (within the reserved room).
        unsafe { keys.set_len(row.len()) };
        let (lo, hi) = (lo.key(), hi.key());
        if hi - lo < row.len() as u64 {
            return count_keys(row, &keys, lo, (hi - lo) as usize + 1, descending);
        }
        sort_keys(&mut keys)?;
        decode_keys(row, &keys, descending);
        return Ok(());
    }
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    for v in row.iter() {
        match v.exact_key() {
            Some(k) => {
                lo = lo.min(k);
                hi = hi.max(k);
                keys.push(K::from_key(k));
            }
            None => {
                fallible::try_reserve(specials, 1)?;
                specials.push(*v);
            }
        }
    }
    if specials.is_empty() && hi - lo < row.len() as u64 {
        return count_keys(row, &keys, lo, (hi - lo) as usize + 1, descending);
    }
    sort_keys(&mut keys)?;
    // the exact keys of negative floats are below the top bit; ints have no specials
    let top = 1u64 << (T::EXACT_BITS - 1);
    let split = keys.partition_point(|k| k.key() < top);
    let (below, above) = keys.split_at(split);
    let mut i = 0usize;
    let mut put = |v: T| {
        row[i] = v;
        i += 1;
    };
    if descending {
        specials.iter().filter(|v| v.is_nan_value()).for_each(|v| put(*v));
        above.iter().rev().for_each(|k| put(T::from_exact_key(k.key())));
        specials.iter().filter(|v| !v.is_nan_value()).for_each(|v| put(*v));
        below.iter().rev().for_each(|k| put(T::from_exact_key(k.key())));
    } else {
        below.iter().for_each(|k| put(T::from_exact_key(k.key())));
        specials.iter().filter(|v| !v.is_nan_value()).for_each(|v| put(*v));
        above.iter().for_each(|k| put(T::from_exact_key(k.key())));
        specials.iter().filter(|v| v.is_nan_value()).for_each(|v| put(*v));
    }
    Ok(())
}

/// [`key_sort`]'s first pass, one pass over the row: writes each value's key word (any word for
/// a value without an exact key) to `keys` (as long as `row`) and returns whether every value
/// has its exact key, with the least and the greatest word. Compiled for AVX-512 and AVX2 as
/// well as the baseline and chosen at run time: the unsigned 64-bit minimum and maximum have
/// no baseline (SSE2) instruction, so there the pass runs one element at a time.
#[multiversion::multiversion(targets("x86_64+avx512f+avx512vl", "x86_64+avx2"))]
fn encode_keys<T: TotalOrder, K: KeyWord>(row: &[T], keys: &mut [std::mem::MaybeUninit<K>]) -> (bool, K, K) {
    let (mut exact, mut lo, mut hi) = (true, K::from_key(u64::MAX), K::from_key(0));
    for (k, v) in keys.iter_mut().zip(row) {
        let w = K::from_key(v.exact_key_raw());
        k.write(w);
        exact &= v.has_exact_key();
        lo = lo.min(w);
        hi = hi.max(w);
    }
    (exact, lo, hi)
}

/// [`key_sort`]'s last pass: the values of the sorted key words, in `row` (reversed when
/// `descending`), compiled as [`encode_keys`] is.
#[multiversion::multiversion(targets("x86_64+avx512f+avx512vl", "x86_64+avx2"))]
fn decode_keys<T: TotalOrder, K: KeyWord>(row: &mut [T], keys: &[K], descending: bool) {
    let decode = |(r, k): (&mut T, &K)| *r = T::from_exact_key(k.key());
    match descending {
        false => row.iter_mut().zip(keys.iter()).for_each(decode),
        true => row.iter_mut().zip(keys.iter().rev()).for_each(decode),
    }
}

/// The longest row [`par_key_sort`] takes.
const PAR_KEY_SORT_MAX: usize = 1 << 22;

/// Sorts one long row of a type with exact keys on the pool, when the CPU has AVX-512 and
/// every value has its key (no float zero or NaN: those rows go to the radix sort): the keys
/// are written out in parallel, sorted by [`simd`]'s parallel quicksort and decoded in
/// parallel. `Ok(false)`, leaving `row` untouched, when it does not apply.
fn par_key_sort<T: TotalOrder>(row: &mut [T], descending: bool) -> Result<bool> {
    // longer rows go to the radix sort, which polls for interrupts as it goes (this one
    // finishes a row of 4M in about 10 ms on two cores)
    if row.len() > PAR_KEY_SORT_MAX {
        return Ok(false);
    }
    match T::EXACT_BITS {
        32 => par_key_sort_as::<T, u32>(row, descending),
        64 => par_key_sort_as::<T, u64>(row, descending),
        _ => Ok(false),
    }
}

fn par_key_sort_as<T: TotalOrder, K: KeyWord>(row: &mut [T], descending: bool) -> Result<bool> {
    use rayon::prelude::*;
    const CHUNK: usize = 1 << 14;
    if !simd::available() {
        return Ok(false);
    }
    // a tensor's block: huge pages or a cached block when long, not a fault per 4 KiB
    // SAFETY: every word is written below before it is read (or the tensor is dropped unread).
    let block = unsafe { Tensor::uninit(&[row.len() as i64], K::DTYPE)? };
    // SAFETY: a fresh tensor nobody else sees; plain words, any bits valid.
    let keys = unsafe { block.as_mut_slice::<K>()? };
    let mut exact = true;
    on_pool(|| {
        exact = keys.par_chunks_mut(CHUNK).zip(row.par_chunks(CHUNK)).all(|(out, values)| {
            for (o, v) in out.iter_mut().zip(values) {
                *o = K::from_key(v.exact_key_raw());
            }
            values.iter().fold(true, |all, v| all & v.has_exact_key())
        });
    });
    if !exact {
        return Ok(false);
    }
    if !K::par_simd_sort(keys)? {
        return Ok(false);
    }
    on_pool(|| {
        let decode = |(out, k): (&mut T, &K)| *out = T::from_exact_key(k.key());
        if descending {
            // row[i] takes keys[len - 1 - i]: chunks of the row against reversed chunks of keys
            let len = row.len();
            row.par_chunks_mut(CHUNK).enumerate().for_each(|(c, out)| {
                let (end, n) = (len - c * CHUNK, out.len());
                out.iter_mut().zip(keys[end - n..end].iter().rev()).for_each(decode);
            });
        } else {
            row.par_chunks_mut(CHUNK).zip(keys.par_chunks(CHUNK)).for_each(|(out, ks)| {
                out.iter_mut().zip(ks).for_each(decode);
            });
        }
    });
    Ok(true)
}

/// Sorts the key words of [`key_sort`]: by [`simd`]'s vectorised quicksort where the CPU has
/// AVX-512, else by comparison when short and by radix when long.
fn sort_keys<K: KeyWord>(keys: &mut [K]) -> Result<()> {
    if keys.len() <= simd::MAX_LEN && K::simd_sort(keys) {
        // sorted with AVX-512
    } else if keys.len() <= K::PDQ_MAX {
        keys.sort_unstable();
    } else {
        // plain keys: each radix pass reads a byte, no float classification per pass
        let mut spare = Vec::new();
        radix_sort_by(keys, &mut spare, K::BYTES, |k| k.key())?;
    }
    Ok(())
}

/// Writes the values of `keys` (exact keys of `row`'s values, all in `lo..lo + span`) into
/// `row` in order, by counting them.
fn count_keys<T: TotalOrder, K: KeyWord>(
    row: &mut [T],
    keys: &[K],
    lo: u64,
    span: usize,
    descending: bool,
) -> Result<()> {
    let mut counts: Vec<usize> = Vec::new();
    fallible::try_reserve(&mut counts, span)?;
    counts.resize(span, 0);
    for k in keys {
        counts[(k.key() - lo) as usize] += 1;
    }
    let mut at = 0usize;
    let mut fill = |d: usize| {
        let c = counts[d];
        row[at..at + c].fill(T::from_exact_key(lo + d as u64));
        at += c;
    };
    if descending {
        (0..span).rev().for_each(&mut fill);
    } else {
        (0..span).for_each(&mut fill);
    }
    Ok(())
}

/// Whether a row of `len` elements of `T` sorts by [`key_sort`].
fn takes_key_sort<T: TotalOrder>(len: usize) -> bool {
    T::EXACT_BITS > 0 && len >= KEY_SORT_MIN
}

/// The longest row whose packed argsort words ([`packed_argsort`]) are sorted by comparison;
/// longer ones by radix on their key half.
const PACKED_PDQ_MAX: usize = 1 << 10;

/// The longest row whose packed argsort words are sorted by [`simd`]'s quicksort where the CPU
/// has AVX-512 (longer ones: radix on the key half, fewer passes over the words).
const PACKED_SIMD_MAX: usize = 1 << 16;

/// Writes the stable sorting permutation of `row` into `out`: keys spanning fewer values than
/// the row has by a counting sort of the indices; others by sorting one `u64` word per element,
/// the top 32 bits of `key - min` above the index (by comparison when short, else by radix on
/// the key half), which reads no value again; when the keys span more than 32 bits, runs of
/// words whose top bits tie (rare for spread values) are then ordered by the full key. Ties
/// stay in index order throughout. Returns false (writing nothing) for complex rows and rows
/// of 2^32 or more.
fn packed_argsort<T: TotalOrder>(row: &[T], out: &mut [i64], descending: bool) -> Result<bool> {
    const INDEX: u64 = 0xffff_ffff;
    if T::KEY_BYTES == 0 || u32::try_from(row.len()).is_err() {
        return Ok(false);
    }
    let flip = key_flip::<T>(descending);
    let (lo, hi) = row.iter().fold((u64::MAX, 0u64), |(lo, hi), v| {
        let k = v.key() ^ flip;
        (lo.min(k), hi.max(k))
    });
    let span = hi.wrapping_sub(lo);
    if span < row.len() as u64 {
        let mut next: Vec<u32> = Vec::new();
        fallible::try_reserve(&mut next, span as usize + 1)?;
        next.resize(span as usize + 1, 0);
        for v in row {
            next[((v.key() ^ flip) - lo) as usize] += 1;
        }
        let mut sum = 0u32;
        for c in next.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for (i, v) in row.iter().enumerate() {
            let slot = &mut next[((v.key() ^ flip) - lo) as usize];
            out[*slot as usize] = i as i64;
            *slot += 1;
        }
        return Ok(true);
    }
    let shift = (64 - span.leading_zeros()).saturating_sub(32);
    let mut packed: Vec<u64> = Vec::new();
    fallible::try_reserve(&mut packed, row.len())?;
    packed.extend(row.iter().enumerate().map(|(i, v)| ((((v.key() ^ flip) - lo) >> shift) << 32) | i as u64));
    if row.len() <= PACKED_SIMD_MAX && simd::sort_u64(&mut packed) {
        // sorted with AVX-512 (the words are distinct: their low halves are the indices)
    } else if row.len() <= PACKED_PDQ_MAX {
        packed.sort_unstable();
    } else {
        // LSD radix on the key half only: stable, and the words start in index order
        let key_bytes = (64 - (span >> shift).leading_zeros()).div_ceil(8).max(1) as usize;
        radix_sort_by(&mut packed, &mut Vec::new(), key_bytes, |p| p >> 32)?;
    }
    if shift > 0 {
        // runs tying on the top bits, in index order so far: by the full key, then the index
        let full = |p: &u64| (row[(p & INDEX) as usize].key() ^ flip, p & INDEX);
        let mut start = 0;
        while start < packed.len() {
            let top = packed[start] >> 32;
            let len = packed[start..].iter().position(|p| p >> 32 != top).unwrap_or(packed.len() - start);
            if len > 1 {
                packed[start..start + len].sort_unstable_by_key(full);
            }
            start += len;
        }
    }
    out.iter_mut().zip(&packed).for_each(|(o, p)| *o = (p & INDEX) as i64);
    Ok(true)
}

/// Sorts one row in place: short and mid-length rows of a type with exact keys by
/// [`key_sort`], long rows of non-complex types by radix sort on the key (stable in both
/// directions), a comparison sort otherwise. `scratch` and `pairs` are buffers reused across
/// rows (grown fallibly).
fn sort_row<T: TotalOrder>(
    row: &mut [T],
    scratch: &mut Vec<T>,
    pairs: &mut Vec<(T, i64)>,
    descending: bool,
    stable: bool,
) -> Result<()> {
    if takes_key_sort::<T>(row.len()) {
        return match T::EXACT_BITS {
            32 => key_sort::<T, u32>(row, scratch, descending),
            _ => key_sort::<T, u64>(row, scratch, descending),
        };
    }
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

/// The widest range of values (`max - min`) that [`counting_sort`] takes.
const COUNTING_MAX_SPAN: u64 = 1 << 12;

/// Elements per task of [`counting_sort`]'s passes.
const COUNTING_GRAIN: usize = 1 << 16;

/// Sorts a long row of integers whose values all lie within [`COUNTING_MAX_SPAN`] of each
/// other (labels, categories, small counts) by counting them: one pass for the range, one for
/// the counts, one that writes each value's run, each on the pool; a radix sort would move
/// every element at least once more. Returns false (leaving `data` as it was) for other types
/// or a wider range.
fn counting_sort<T: TotalOrder>(data: &mut [T], descending: bool) -> Result<bool> {
    // ints only: their radix key gives the value back (floats tie -0.0 with 0.0, and NaNs)
    if T::EXACT_BITS == 0 || T::DTYPE.is_floating() || data.len() < 2 {
        return Ok(false);
    }
    let n = data.len();
    let (min, max) = {
        let ro: &[T] = data;
        parallel_map(n, COUNTING_GRAIN, |r| {
            ro[r].iter().fold((u64::MAX, 0u64), |(lo, hi), v| (lo.min(v.key()), hi.max(v.key())))
        })
        .into_iter()
        .fold((u64::MAX, 0u64), |(lo, hi), (l, h)| (lo.min(l), hi.max(h)))
    };
    if max - min >= COUNTING_MAX_SPAN {
        return Ok(false);
    }
    crate::interrupt::check()?;
    let span = (max - min + 1) as usize;
    let counts = {
        let ro: &[T] = data;
        let parts = parallel_map(n, COUNTING_GRAIN, |r| -> Result<Vec<usize>> {
            let mut c = Vec::new();
            fallible::try_reserve(&mut c, span)?;
            c.resize(span, 0);
            for v in &ro[r] {
                c[(v.key() - min) as usize] += 1;
            }
            Ok(c)
        });
        let mut total = vec![0usize; 0];
        for part in parts {
            let part = part?;
            if total.is_empty() {
                total = part;
            } else {
                total.iter_mut().zip(&part).for_each(|(t, c)| *t += c);
            }
        }
        total
    };
    crate::interrupt::check()?;
    // (value, end of its run) in output order
    let mut runs: Vec<(T, usize)> = Vec::new();
    fallible::try_reserve(&mut runs, span)?;
    let mut end = 0usize;
    let mut push = |d: usize| {
        if counts[d] > 0 {
            end += counts[d];
            runs.push((T::from_exact_key(min + d as u64), end));
        }
    };
    if descending {
        (0..span).rev().for_each(&mut push);
    } else {
        (0..span).for_each(&mut push);
    }
    let ptr = SendPtr(data.as_mut_ptr().cast());
    let runs = &runs;
    parallel_for(n, COUNTING_GRAIN, |r| {
        // SAFETY: tasks get disjoint ranges of `data`, which nothing else reads now.
        let out = unsafe { std::slice::from_raw_parts_mut(ptr.get().cast::<T>().add(r.start), r.len()) };
        let mut i = runs.partition_point(|run| run.1 <= r.start);
        let mut pos = r.start;
        while pos < r.end {
            let stop = runs[i].1.min(r.end);
            out[pos - r.start..stop - r.start].fill(runs[i].0);
            pos = stop;
            i += 1;
        }
    });
    Ok(true)
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
        if counting_sort(data, false)? || par_key_sort(data, false)? {
            return Ok(());
        }
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
        if counting_sort(data, descending)? || par_key_sort(data, descending)? {
            return Ok(());
        }
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
            match packed_argsort(row, out_row, descending) {
                Ok(true) => continue,
                Ok(false) => {}
                Err(e) => {
                    first_error.record(Err(e));
                    return;
                }
            }
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
