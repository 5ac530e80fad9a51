//! The root-free tridiagonal QL iteration (`linalg::sterf`) against bisection on Sturm counts.

use ferrule_ops::linalg::sterf::tridiagonal_eigenvalues;

/// The eigenvalues by bisection on Sturm counts, each to the last bit (a reference that
/// shares nothing with the QL iteration). The entries must be small enough to square.
fn bisection(d: &[f64], e: &[f64]) -> Vec<f64> {
    let n = d.len();
    let below = |x: f64| {
        let mut count = 0;
        let mut q = 1.0;
        for i in 0..n {
            let coupling = if i == 0 { 0.0 } else { e[i - 1] * e[i - 1] / if q == 0.0 { 1e-300 } else { q } };
            q = d[i] - x - coupling;
            count += usize::from(q < 0.0);
        }
        count
    };
    let radius = |i: usize| (if i > 0 { e[i - 1].abs() } else { 0.0 }) + if i + 1 < n { e[i].abs() } else { 0.0 };
    let lo = (0..n).map(|i| d[i] - radius(i)).fold(f64::INFINITY, f64::min);
    let hi = (0..n).map(|i| d[i] + radius(i)).fold(f64::NEG_INFINITY, f64::max);
    (0..n)
        .map(|k| {
            let (mut a, mut b) = (lo, hi);
            loop {
                let mid = 0.5 * (a + b);
                if mid <= a || mid >= b {
                    return mid;
                }
                if below(mid) > k {
                    b = mid;
                } else {
                    a = mid;
                }
            }
        })
        .collect()
}

/// The largest difference from `reference`, relative to the largest entry.
fn error(d: &[f64], e: &[f64], reference: &[f64]) -> f64 {
    let (mut got, mut off) = (d.to_vec(), e.to_vec());
    assert!(tridiagonal_eigenvalues(&mut got, &mut off), "no convergence: d {d:?} e {e:?}");
    assert!(got.windows(2).all(|w| w[0] <= w[1]), "not ascending: {got:?}");
    let norm = d.iter().chain(e).fold(0.0f64, |m, v| m.max(v.abs()));
    got.iter().zip(reference).fold(0.0f64, |m, (a, b)| m.max((a - b).abs())) / norm.max(f64::MIN_POSITIVE)
}

#[test]
fn known_spectra() {
    // tridiag(-1, 2, -1): 2 - 2 cos(k pi / (n + 1))
    for n in [1usize, 2, 3, 7, 64] {
        let (mut d, mut e) = (vec![2.0; n], vec![-1.0; n - 1]);
        assert!(tridiagonal_eigenvalues(&mut d, &mut e));
        for (k, v) in d.iter().enumerate() {
            let exact = 2.0 - 2.0 * ((k + 1) as f64 * std::f64::consts::PI / (n + 1) as f64).cos();
            assert!((v - exact).abs() < 1e-14, "n {n}: eigenvalue {k} is {v}, not {exact}");
        }
    }
    // Wilkinson's W21+: pairs of eigenvalues equal to many digits
    let d: Vec<f64> = (0..21).map(|i: i32| (10 - i).abs() as f64).collect();
    let e = vec![1.0; 20];
    assert!(error(&d, &e, &bisection(&d, &e)) < 1e-14);
    // all zero, and a zero block beside a non-zero one
    let (mut d, mut e) = (vec![0.0; 5], vec![0.0; 4]);
    assert!(tridiagonal_eigenvalues(&mut d, &mut e) && d == [0.0; 5]);
    let (d, e) = ([0.0, 0.0, 3.0, 1.0], [0.0, 0.0, 2.0]);
    assert!(error(&d, &e, &bisection(&d, &e)) < 1e-15);
}

#[test]
fn random_matrices_against_bisection() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    for trial in 0..700 {
        let n = 1 + trial % 40;
        let mut d: Vec<f64> = (0..n).map(|_| next()).collect();
        let mut e: Vec<f64> = (1..n).map(|_| next()).collect();
        match trial % 6 {
            // graded over 14 orders of magnitude
            1 => d.iter_mut().chain(e.iter_mut()).enumerate().for_each(|(i, v)| *v *= 10f64.powi(-((i % 15) as i32))),
            // split into blocks
            2 => e.iter_mut().for_each(|v| *v = if next() > 0.4 { 0.0 } else { *v }),
            // a zero diagonal (the Golub-Kahan form of a bidiagonal matrix)
            3 => d.iter_mut().for_each(|v| *v = 0.0),
            // small integers: repeated eigenvalues
            4 => d.iter_mut().chain(e.iter_mut()).for_each(|v| *v = (*v * 2.0).round()),
            _ => {}
        }
        let reference = bisection(&d, &e);
        let err = error(&d, &e, &reference);
        assert!(err < 1e-14 * n as f64, "trial {trial} (n {n}): error {err:e}");
        // scaled to the ends of the exponent range: the same eigenvalues, scaled
        for scale in [1e-300, 1e300] {
            let (ds, es): (Vec<f64>, Vec<f64>) =
                (d.iter().map(|v| v * scale).collect(), e.iter().map(|v| v * scale).collect());
            let scaled: Vec<f64> = reference.iter().map(|v| v * scale).collect();
            let err = error(&ds, &es, &scaled);
            assert!(err < 1e-14 * n as f64, "trial {trial} (n {n}) scaled by {scale:e}: error {err:e}");
        }
    }
}
