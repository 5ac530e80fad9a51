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
pub fn tridiagonal_eigenvalues(d: &mut [f64], e: &mut [f64]) -> bool {
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
