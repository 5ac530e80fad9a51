//! LSD radix sort on order-preserving integer keys: stable, O(n) per byte, for every non-complex dtype.

use ferrule_core::Result;

use crate::iter::SendPtr;
use crate::pool::{parallel_for, parallel_map, FirstError, POLL_ITEMS};
use crate::{fallible, interrupt};

/// Rows at least this long are radix-sorted; shorter ones use a comparison sort.
pub(crate) const RADIX_MIN_LEN: usize = 128;

/// Sorts `data` stably by `key` (an unsigned key of `key_bytes` bytes, at most 8), using
/// `scratch` as the second buffer (grown fallibly: a `MemoryError` when it cannot be). Passes
/// whose byte is the same for every element are skipped. Each pass polls for interrupts as it
/// goes (a `KeyboardInterrupt` leaves `data` in no particular order).
pub fn radix_sort_by<E: Copy>(
    data: &mut [E],
    scratch: &mut Vec<E>,
    key_bytes: usize,
    key: impl Fn(&E) -> u64,
) -> Result<()> {
    let n = data.len();
    if n < 2 {
        return Ok(());
    }
    scratch.clear();
    fallible::try_reserve(scratch, n)?;
    let mut hists = [[0usize; 256]; 8];
    let hist = &mut hists[..key_bytes];
    for part in data.chunks(POLL_ITEMS) {
        interrupt::check()?;
        for v in part {
            let k = key(v);
            for (b, h) in hist.iter_mut().enumerate() {
                h[((k >> (8 * b)) & 0xff) as usize] += 1;
            }
        }
    }
    scratch.extend_from_slice(data);
    let mut in_data = true;
    for (b, h) in hist.iter().enumerate() {
        if h.contains(&n) {
            continue;
        }
        let mut offsets = [0usize; 256];
        let mut sum = 0;
        for (o, &c) in offsets.iter_mut().zip(h.iter()) {
            *o = sum;
            sum += c;
        }
        let (src, dst): (&[E], &mut [E]) =
            if in_data { (&*data, scratch.as_mut_slice()) } else { (scratch.as_slice(), &mut *data) };
        let shift = 8 * b;
        for part in src.chunks(POLL_ITEMS) {
            interrupt::check()?;
            for v in part {
                let d = ((key(v) >> shift) & 0xff) as usize;
                dst[offsets[d]] = *v;
                offsets[d] += 1;
            }
        }
        in_data = !in_data;
    }
    if !in_data {
        data.copy_from_slice(scratch);
    }
    Ok(())
}

/// Bits of the first (most significant) digit of [`par_radix_sort_by`]: 2048 buckets.
const TOP_BITS: u32 = 11;

/// Elements per block of [`par_radix_sort_by`]'s first pass (at least; a longer input gets
/// longer blocks, so that there are at most [`MAX_BLOCKS`] histograms).
const TOP_BLOCK: usize = 1 << 16;

/// The most blocks (and histograms of `2^TOP_BITS` counts) [`par_radix_sort_by`] makes.
const MAX_BLOCKS: usize = 64;

/// Sorts a long `data` stably by `key` (an unsigned key of at most 8 bytes), on the pool:
///
/// 1. the range of the keys (`min..=max`), block by block;
/// 2. one stable scatter of every element, by the top [`TOP_BITS`] bits of `key - min` over that
///    range, into a scratch buffer (per-block histograms give each block its own offsets, so the
///    blocks scatter in parallel and elements keep their order inside a bucket);
/// 3. each bucket, now a few thousand elements that fit in cache when the keys are spread,
///    sorted by [`radix_sort_by`] on the bits below the top digit, buckets in parallel, and
///    copied back.
///
/// The result is the same as [`radix_sort_by`]'s (both are stable). Keys bunched into a few
/// buckets still sort correctly, with less of the cache's benefit. A `MemoryError` when a
/// buffer cannot be had; an interrupt stops it (`data` is then in no particular order).
pub fn par_radix_sort_by<E: Copy + Send + Sync>(data: &mut [E], key: impl Fn(&E) -> u64 + Sync) -> Result<()> {
    let n = data.len();
    if n < 2 {
        return Ok(());
    }
    let block_len = TOP_BLOCK.max(n.div_ceil(MAX_BLOCKS));
    let n_blocks = n.div_ceil(block_len);
    let block = |b: usize| b * block_len..((b + 1) * block_len).min(n);
    let src = SendPtr(data.as_mut_ptr().cast());
    // SAFETY: blocks are disjoint ranges of `data`; in the passes below it is only read until
    // the final copy-back, which writes each bucket's range from one task.
    let read = |r: std::ops::Range<usize>| unsafe {
        std::slice::from_raw_parts((src.get() as *const E).add(r.start), r.len())
    };
    let ranges: Vec<(u64, u64)> = parallel_map(n_blocks, 1, |bs| {
        bs.map(|b| {
            read(block(b)).iter().fold((u64::MAX, 0u64), |(lo, hi), e| {
                let k = key(e);
                (lo.min(k), hi.max(k))
            })
        })
        .fold((u64::MAX, 0u64), |(lo, hi), (l, h)| (lo.min(l), hi.max(h)))
    });
    interrupt::check()?;
    let (min, max) = ranges.iter().fold((u64::MAX, 0u64), |(lo, hi), &(l, h)| (lo.min(l), hi.max(h)));
    if min == max {
        return Ok(());
    }
    let span_bits = 64 - (max - min).leading_zeros();
    let shift = span_bits.saturating_sub(TOP_BITS);
    let buckets = 1usize << span_bits.min(TOP_BITS);
    let digit = |e: &E| ((key(e) - min) >> shift) as usize;
    // per-block histograms, one row of `buckets` counts per block
    let mut counts: Vec<usize> = Vec::new();
    fallible::try_reserve(&mut counts, n_blocks * buckets)?;
    counts.resize(n_blocks * buckets, 0);
    let counts_ptr = SendPtr(counts.as_mut_ptr().cast());
    parallel_for(n_blocks, 1, |bs| {
        for b in bs {
            // SAFETY: row `b` of `counts` belongs to this block only.
            let row =
                unsafe { std::slice::from_raw_parts_mut((counts_ptr.get() as *mut usize).add(b * buckets), buckets) };
            for e in read(block(b)) {
                row[digit(e)] += 1;
            }
        }
    });
    interrupt::check()?;
    // offsets: bucket by bucket, and within a bucket block by block (stability)
    let mut starts = Vec::new();
    fallible::try_reserve(&mut starts, buckets + 1)?;
    let mut sum = 0usize;
    for d in 0..buckets {
        starts.push(sum);
        for b in 0..n_blocks {
            let c = counts[b * buckets + d];
            counts[b * buckets + d] = sum;
            sum += c;
        }
    }
    starts.push(n);
    // The scatter writes each element with its key's low bits beside it, so the bucket sorts
    // below compute no key again.
    let low_mask = if shift == 0 { 0 } else { u64::MAX >> (64 - shift) };
    let low_bytes = shift.div_ceil(8) as usize;
    // The buffer is a tensor's storage, so a large one comes from (and returns to) the cache of
    // large blocks instead of costing fresh pages on every sort.
    let bytes = n
        .checked_mul(std::mem::size_of::<(u64, E)>())
        .and_then(|b| i64::try_from(b).ok())
        .ok_or_else(|| ferrule_core::Error::memory_error("sort: the scratch buffer is too large"))?;
    // SAFETY: every slot is written by the scatter below before any is read (an interrupt
    // returns before the reads).
    let scratch = unsafe { ferrule_core::Tensor::uninit(&[bytes], ferrule_core::DType::UInt8)? };
    debug_assert!((scratch.data_ptr() as usize).is_multiple_of(std::mem::align_of::<(u64, E)>()));
    let dst = SendPtr(scratch.data_ptr());
    let offsets_ptr = SendPtr(counts.as_mut_ptr().cast());
    parallel_for(n_blocks, 1, |bs| {
        for b in bs {
            // SAFETY: row `b` of the offsets belongs to this block; the positions it hands out
            // are this block's own slots of its buckets (disjoint from every other block's),
            // all below `n`, inside `scratch`'s capacity.
            unsafe {
                let next = std::slice::from_raw_parts_mut((offsets_ptr.get() as *mut usize).add(b * buckets), buckets);
                for e in read(block(b)) {
                    let k = key(e) - min;
                    let slot = &mut next[(k >> shift) as usize];
                    (dst.get() as *mut (u64, E)).add(*slot).write((k & low_mask, *e));
                    *slot += 1;
                }
            }
        }
    });
    interrupt::check()?;
    // (the scatter wrote each of the `n` slots exactly once: the offsets partition 0..n)
    let first_error = FirstError::new();
    let bucket_data = SendPtr(scratch.data_ptr());
    let starts = &starts;
    parallel_for(buckets, 8, |ds| {
        let mut spare = Vec::new();
        for d in ds {
            if first_error.failed() {
                return;
            }
            let r = starts[d]..starts[d + 1];
            // SAFETY: bucket `d` is its own range of `scratch` and of `data`; one task has it.
            let (part, out) = unsafe {
                (
                    std::slice::from_raw_parts_mut((bucket_data.get() as *mut (u64, E)).add(r.start), r.len()),
                    std::slice::from_raw_parts_mut((src.get() as *mut E).add(r.start), r.len()),
                )
            };
            if low_bytes > 0 && part.len() > 1 {
                if let Err(e) = bucket_sort(part, &mut spare, shift) {
                    first_error.record(Err(e));
                    return;
                }
            }
            for (o, p) in out.iter_mut().zip(part.iter()) {
                *o = p.1;
            }
        }
    });
    first_error.into_result()?;
    interrupt::check()
}

/// An item with its key (the key's bits a bucket still has to sort by).
type Keyed<E> = (u64, E);

/// Buckets shorter than this are insertion-sorted.
const INSERTION_MAX: usize = 48;

/// Sorts one bucket of `(key, item)` pairs (stable) whose keys are below `2^bits`: a short one
/// by insertion, a longer one by [`keyed_radix_sort`]. (A second most-significant digit, which
/// would leave sub-buckets of a few pairs, measured slower: its histogram and extra scatter
/// cost more than the in-cache LSD passes it saves.)
fn bucket_sort<E: Copy>(part: &mut [(u64, E)], spare: &mut Vec<(u64, E)>, bits: u32) -> Result<()> {
    if part.len() < INSERTION_MAX {
        insertion_sort_by_key(part, |p| p.0);
        return Ok(());
    }
    keyed_radix_sort(part, spare, bits.div_ceil(8) as usize)
}

/// LSD radix sort of `(key, item)` pairs by a key of `key_bytes` bytes (stable), for the
/// cache-sized buckets of [`par_radix_sort_by`]: one counting pass for every byte, then one
/// scatter per byte that is not the same for every pair, through `spare`.
fn keyed_radix_sort<E: Copy>(part: &mut [(u64, E)], spare: &mut Vec<(u64, E)>, key_bytes: usize) -> Result<()> {
    let n = part.len();
    if u32::try_from(n).is_err() {
        // counts would not fit the u32 histograms
        return radix_sort_by(part, spare, key_bytes, |p| p.0);
    }
    let mut counts = [[0u32; 256]; 8];
    let counts = &mut counts[..key_bytes];
    for p in part.iter() {
        for (b, c) in counts.iter_mut().enumerate() {
            c[((p.0 >> (8 * b)) & 0xff) as usize] += 1;
        }
    }
    spare.clear();
    fallible::try_reserve(spare, n)?;
    spare.extend_from_slice(part);
    let mut in_part = true;
    for (b, c) in counts.iter().enumerate() {
        if c.contains(&(n as u32)) {
            continue;
        }
        let mut offsets = [0u32; 256];
        let mut sum = 0u32;
        for (o, &k) in offsets.iter_mut().zip(c.iter()) {
            *o = sum;
            sum += k;
        }
        let (from, to): (&[Keyed<E>], &mut [Keyed<E>]) =
            if in_part { (&*part, spare.as_mut_slice()) } else { (spare.as_slice(), &mut *part) };
        let shift = 8 * b;
        for p in from {
            let d = ((p.0 >> shift) & 0xff) as usize;
            to[offsets[d] as usize] = *p;
            offsets[d] += 1;
        }
        in_part = !in_part;
    }
    if !in_part {
        part.copy_from_slice(spare);
    }
    Ok(())
}

/// A stable insertion sort by `key`, for a short slice.
fn insertion_sort_by_key<E: Copy>(part: &mut [E], key: impl Fn(&E) -> u64) {
    for i in 1..part.len() {
        let item = part[i];
        let k = key(&item);
        let mut j = i;
        while j > 0 && key(&part[j - 1]) > k {
            part[j] = part[j - 1];
            j -= 1;
        }
        part[j] = item;
    }
}

/// The order-preserving key of an IEEE float's bits (`bits` wide): NaN (any payload) maps to
/// the maximum, `-0.0` to the key of `0.0`, negatives below positives.
#[inline]
pub fn float_key(bits: u64, width: u32, is_nan: bool, is_zero: bool) -> u64 {
    let top = 1u64 << (width - 1);
    let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
    if is_nan {
        mask
    } else if is_zero {
        top
    } else if bits & top != 0 {
        !bits & mask
    } else {
        bits | top
    }
}
