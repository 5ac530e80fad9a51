//! The radix sorts (`sort::radix`) against the standard sort, serial and parallel.

use ferrule_ops::sort::radix::*;

#[test]
fn sorts_stably_by_key() {
    let mut v: Vec<(u64, usize)> = (0..1000).map(|i| ((i * 7919 % 97) as u64, i)).collect();
    let mut want = v.clone();
    want.sort_by_key(|p| p.0);
    radix_sort_by(&mut v, &mut Vec::new(), 2, |p| p.0).unwrap();
    assert_eq!(v, want);
}

#[test]
fn parallel_sort_matches_the_sequential_one() {
    for (n, modulus) in [(1usize << 18, 1u64 << 40), (300_000, 5), (200_000, 1 << 12), (150_000, u64::MAX)] {
        let mut v: Vec<(u64, usize)> =
            (0..n).map(|i| ((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) % modulus, i)).collect();
        let mut want = v.clone();
        want.sort_by_key(|p| p.0);
        par_radix_sort_by(&mut v, |p| p.0).unwrap();
        assert_eq!(v, want, "n {n}, keys below {modulus}");
    }
}

#[test]
fn float_keys_order() {
    let vals = [f64::NEG_INFINITY, -2.0, -0.0, 0.0, 1e-300, 3.0, f64::INFINITY, f64::NAN];
    let keys: Vec<u64> = vals.iter().map(|v| float_key(v.to_bits(), 64, v.is_nan(), *v == 0.0)).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(keys[2], keys[3]);
    assert!(keys[6] < keys[7]);
}
