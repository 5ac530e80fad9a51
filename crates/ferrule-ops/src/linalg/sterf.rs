//! The eigenvalues of a real symmetric tridiagonal matrix without its eigenvectors: the
//! root-free QL/QR iteration of Pal, Walker and Kahan (the algorithm of LAPACK's `dsterf`, which
//! numpy's `eigvalsh` reaches through `dsyevd`), in float64 for every dtype.
//!
//! Each implicit shifted QL step works on the squares of the off-diagonal, so a rotation costs
//! two divisions and no square root. faer's values-only tridiagonal QR builds a Givens rotation
//! with a scaled hypot for every step; on a 32 x 32 `eigvalsh` that was half the time.

/// Eigenvalues of the symmetric tridiagonal matrix with diagonal `d` and off-diagonal `e`
/// (`e[i]` couples rows `i` and `i + 1`; only its first `d.len() - 1` entries are read), into
/// `d` in ascending order. `e` is overwritten. False when the iteration did not converge within
/// 30 steps per row (LAPACK's limit); `d` is then unspecified.
///
/// The entries must be finite (the callers check their input first).
pub(crate) fn tridiagonal_eigenvalues(d: &mut [f64], e: &mut [f64]) -> bool {
    let n = d.len();
    assert!(n <= 1 || e.len() + 1 >= n, "tridiagonal_eigenvalues: e needs {} entries, has {}", n - 1, e.len());
    let mut budget = 30 * n;
    let mut start = 0;
    while start < n {
        // the unreduced block starting at `start`: up to the first negligible off-diagonal entry
        let mut end = start;
        while end + 1 < n {
            let t = e[end].abs();
            if t == 0.0 {
                break;
            }
            if t <= d[end].abs().sqrt() * d[end + 1].abs().sqrt() * EPS {
                e[end] = 0.0;
                break;
            }
            end += 1;
        }
        let block = start..end + 1;
        start = end + 1;
        if block.len() > 1 && !block_eigenvalues(&mut d[block.clone()], &mut e[block.start..block.end - 1], &mut budget)
        {
            return false;
        }
    }
    d.sort_unstable_by(f64::total_cmp);
    true
}

/// The unit roundoff (LAPACK's `dlamch('E')`).
const EPS: f64 = f64::EPSILON / 2.0;

/// The eigenvalues of one unreduced block (`d`, off-diagonal `e`, `e.len() == d.len() - 1`),
/// in place and in no order; `budget` is the iterations left for the whole matrix.
fn block_eigenvalues(d: &mut [f64], e: &mut [f64], budget: &mut usize) -> bool {
    // Scaled into the range where the squares of the entries neither overflow nor underflow.
    let safe_min = f64::MIN_POSITIVE;
    let (scaled_max, scaled_min) = ((1.0 / safe_min).sqrt() / 3.0, safe_min.sqrt() / (EPS * EPS));
    let norm = d.iter().chain(e.iter()).fold(0.0f64, |m, v| m.max(v.abs()));
    if norm == 0.0 {
        return true;
    }
    let scale = if norm > scaled_max {
        scaled_max / norm
    } else if norm < scaled_min {
        scaled_min / norm
    } else {
        1.0
    };
    if scale != 1.0 {
        d.iter_mut().chain(e.iter_mut()).for_each(|v| *v *= scale);
    }
    e.iter_mut().for_each(|v| *v *= *v);
    // QL deflates at the top: start from the end whose diagonal entry is smaller in magnitude
    // (LAPACK switches to QR instead; reversing the block is the same iteration)
    if d[d.len() - 1].abs() < d[0].abs() {
        d.reverse();
        e.reverse();
    }
    let converged = ql(d, e, budget);
    if scale != 1.0 {
        d.iter_mut().for_each(|v| *v /= scale);
    }
    converged
}

/// Root-free implicit QL on `d` and the squared off-diagonal `e2` until every eigenvalue has
/// deflated at the top.
fn ql(d: &mut [f64], e2: &mut [f64], budget: &mut usize) -> bool {
    let last = d.len() - 1;
    let mut l = 0;
    while l <= last {
        // the first negligible (squared) off-diagonal entry from `l` down
        let mut m = l;
        while m < last && e2[m].abs() > EPS * EPS * (d[m] * d[m + 1]).abs() {
            m += 1;
        }
        if m < last {
            e2[m] = 0.0;
        }
        if m == l {
            l += 1;
            continue;
        }
        if m == l + 1 {
            let (rt1, rt2) = eigenvalues_2x2(d[l], e2[l].sqrt(), d[l + 1]);
            (d[l], d[l + 1], e2[l]) = (rt1, rt2, 0.0);
            l += 2;
            continue;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        // Wilkinson's shift from the top 2 x 2 (`e2[l] > 0` here: it was not negligible)
        let p = d[l];
        let rte = e2[l].sqrt();
        let sigma = (d[l + 1] - p) / (2.0 * rte);
        let r = sigma.hypot(1.0);
        let sigma = p - rte / (sigma + if sigma >= 0.0 { r } else { -r });
        let (mut c, mut s) = (1.0f64, 0.0f64);
        let mut gamma = d[m] - sigma;
        let mut p = gamma * gamma;
        for i in (l..m).rev() {
            // `r > 0`: `bb` is a non-negligible square, so positive
            let bb = e2[i];
            let r = p + bb;
            if i != m - 1 {
                e2[i + 1] = s * r;
            }
            let old_c = c;
            c = p / r;
            s = bb / r;
            let old_gamma = gamma;
            let alpha = d[i];
            gamma = c * (alpha - sigma) - s * old_gamma;
            d[i + 1] = old_gamma + (alpha - gamma);
            p = if c != 0.0 { gamma * gamma / c } else { old_c * bb };
        }
        e2[l] = s * p;
        d[l] = sigma + gamma;
    }
    true
}

/// The eigenvalues of `[[a, b], [b, c]]`, the larger in magnitude first, computed without
/// overflow or cancellation in the larger (LAPACK's `dlae2`).
fn eigenvalues_2x2(a: f64, b: f64, c: f64) -> (f64, f64) {
    let sum = a + c;
    let diff = (a - c).abs();
    let twice_b = (b + b).abs();
    let (big, small) = if a.abs() > c.abs() { (a, c) } else { (c, a) };
    let root = if diff > twice_b {
        diff * (1.0 + (twice_b / diff).powi(2)).sqrt()
    } else if diff < twice_b {
        twice_b * (1.0 + (diff / twice_b).powi(2)).sqrt()
    } else {
        twice_b * std::f64::consts::SQRT_2
    };
    if sum == 0.0 {
        return (0.5 * root, -0.5 * root);
    }
    let rt1 = if sum < 0.0 { 0.5 * (sum - root) } else { 0.5 * (sum + root) };
    // the smaller from the determinant, `ac - b^2 = rt1 * rt2`, ordered to avoid overflow
    (rt1, (big / rt1) * small - (b / rt1) * b)
}

#[cfg(test)]
mod tests {
    use super::tridiagonal_eigenvalues;

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
                1 => {
                    d.iter_mut().chain(e.iter_mut()).enumerate().for_each(|(i, v)| *v *= 10f64.powi(-((i % 15) as i32)))
                }
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
}
