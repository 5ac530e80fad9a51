//! The vectorised sorting networks (`sort::simd`) against the standard sort.

use ferrule_ops::sort::simd::*;

/// A deterministic stream of words (xorshift), masked to `bits` bits for duplicates.
fn words(len: usize, seed: u64, bits: u32) -> Vec<u64> {
    let mut s = seed | 1;
    (0..len)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if bits >= 64 {
                s
            } else {
                s & ((1u64 << bits) - 1)
            }
        })
        .collect()
}

#[test]
fn sorts_like_the_standard_library() {
    if !available() {
        return;
    }
    let lens =
        [0usize, 1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 100, 127, 128, 129, 255, 256, 257, 1000, 4099, 70000];
    for (i, &len) in lens.iter().enumerate() {
        for bits in [1u32, 3, 12, 32, 64] {
            let w = words(len, i as u64 * 31 + bits as u64, bits);
            let mut a: Vec<u64> = w.clone();
            let mut want = a.clone();
            want.sort_unstable();
            assert!(sort_u64(&mut a));
            assert_eq!(a, want, "u64 len {len} bits {bits}");
            let mut b: Vec<u32> =
                w.iter().map(|&x| (x ^ (x >> 32)) as u32 & (u32::MAX >> 32u32.saturating_sub(bits))).collect();
            let mut want = b.clone();
            want.sort_unstable();
            assert!(sort_u32(&mut b));
            assert_eq!(b, want, "u32 len {len} bits {bits}");
        }
    }
}

#[test]
fn sorts_adversarial_layouts() {
    if !available() {
        return;
    }
    for len in [300usize, 5000] {
        let layouts: Vec<Vec<u32>> = vec![
            (0..len as u32).collect(),
            (0..len as u32).rev().collect(),
            vec![7; len],
            vec![u32::MAX; len],
            (0..len as u32).map(|i| if i % 2 == 0 { u32::MAX } else { 0 }).collect(),
            (0..len as u32).map(|i| i % 17).collect(),
            // organ pipe
            (0..len as u32).map(|i| i.min(len as u32 - i)).collect(),
        ];
        for mut a in layouts {
            let mut want = a.clone();
            want.sort_unstable();
            assert!(sort_u32(&mut a));
            assert_eq!(a, want);
            let mut b: Vec<u64> = want.iter().rev().map(|&x| (x as u64) << 32 | 5).collect();
            let mut want = b.clone();
            want.sort_unstable();
            assert!(sort_u64(&mut b));
            assert_eq!(b, want);
        }
    }
}
