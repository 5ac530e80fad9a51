//! LSD radix sort on order-preserving integer keys: stable, O(n) per byte, for every non-complex dtype.

use ferrule_core::Result;

use crate::pool::POLL_ITEMS;
use crate::{fallible, interrupt};

/// Rows at least this long are radix-sorted; shorter ones use a comparison sort.
pub(crate) const RADIX_MIN_LEN: usize = 128;

/// Sorts `data` stably by `key` (an unsigned key of `key_bytes` bytes, at most 8), using
/// `scratch` as the second buffer (grown fallibly: a `MemoryError` when it cannot be). Passes
/// whose byte is the same for every element are skipped. Each pass polls for interrupts as it
/// goes (a `KeyboardInterrupt` leaves `data` in no particular order).
pub(crate) fn radix_sort_by<E: Copy>(
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

/// The order-preserving key of an IEEE float's bits (`bits` wide): NaN (any payload) maps to
/// the maximum, `-0.0` to the key of `0.0`, negatives below positives.
#[inline]
pub(crate) fn float_key(bits: u64, width: u32, is_nan: bool, is_zero: bool) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_by_key() {
        let mut v: Vec<(u64, usize)> = (0..1000).map(|i| ((i * 7919 % 97) as u64, i)).collect();
        let mut want = v.clone();
        want.sort_by_key(|p| p.0);
        radix_sort_by(&mut v, &mut Vec::new(), 2, |p| p.0).unwrap();
        assert_eq!(v, want);
    }

    #[test]
    fn float_keys_order() {
        let vals = [f64::NEG_INFINITY, -2.0, -0.0, 0.0, 1e-300, 3.0, f64::INFINITY, f64::NAN];
        let keys: Vec<u64> = vals.iter().map(|v| float_key(v.to_bits(), 64, v.is_nan(), *v == 0.0)).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(keys[2], keys[3]);
        assert!(keys[6] < keys[7]);
    }
}
