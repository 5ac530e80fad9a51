//! One long complex transform on two threads: a radix-2 split (decimation in time).
//!
//! rustfft runs one transform on one thread. For a single long line (the common 1-D case) the
//! second core would idle, so the line is split: the even and the odd samples are gathered
//! into two halves and transformed on two threads (each a cached `n/2`-point plan), then one
//! parallel pass combines them, for `k < n/2`,
//!
//! ```text
//! X[k]       = E[k] + w^k O[k]
//! X[k + n/2] = E[k] - w^k O[k]        w = exp(∓2πi/n)
//! ```
//!
//! The gather replaces the copy the plain path makes anyway, so the split adds one pass over
//! the output (the combine, shared by the threads) and halves the transform's time.

use ferrule_core::Result;
use num_complex::Complex;
use rustfft::FftDirection;

use super::engine::{buffer, finish_slice, Job, Load, Real};
use crate::iter::SendPtr;
use crate::pool;

/// The shortest transform worth splitting: below it the extra pass and the pool hop cost more
/// than the second thread saves.
pub const MIN_SPLIT_POINTS: usize = 1 << 15;

/// Outputs per combine task.
const MIN_COMBINE_PER_TASK: usize = 1 << 14;

/// Whether an `n`-point complex transform is split.
pub fn applies(n: usize) -> bool {
    n.is_multiple_of(2) && n >= MIN_SPLIT_POINTS
}

/// Transforms line `l` of `job` (a complex-to-complex pass with `n_out == n_in`, even and at
/// least [`MIN_SPLIT_POINTS`], whose output lines are contiguous) in `direction`.
///
/// # Safety
///
/// `job` must describe live tensors (as `Job::run_lines` requires): a source of `S` elements
/// whose line `l` is readable and a C-contiguous `Complex<T>` output whose line `l` no one else
/// touches meanwhile.
pub(crate) unsafe fn run_line<T: Real, S: Load<Complex<T>>>(
    job: &Job<T>,
    l: usize,
    direction: FftDirection,
) -> Result<()> {
    let n = job.pass.n_in;
    let h = n / 2;
    let forward = direction == FftDirection::Forward;
    let plans = T::plans();
    let half = plans.complex(forward, h)?;
    let twiddles = plans.split_twiddles(forward, n)?;
    // SAFETY: line l of the C-contiguous output starts l * n elements in.
    let out = SendPtr(unsafe { job.dst.get().cast::<Complex<T>>().add(l * n) }.cast());
    // Everything the halves need is allocated here, fallibly, before the tasks start.
    let mut buf = buffer(n, Complex::<T>::default())?;
    let halves = SendPtr(buf.as_mut_ptr().cast());
    let scratch_len = half.get_outofplace_scratch_len();
    let mut scratch = buffer(2 * scratch_len, Complex::<T>::default())?;
    let scratches = SendPtr(scratch.as_mut_ptr().cast());
    let src = SendPtr(job.src.get());
    let base = job.src_line(l);
    let (stride, take, conj) = (job.src_stride, job.take, job.pass.conj_in);
    pool::parallel_for(2, 1, |parts| {
        for t in parts {
            // SAFETY: half t of `buf`, of the scratch and of the output line are this task's
            // alone (t is 0 or 1, each handed to one task); the source points read are inside
            // line l.
            unsafe {
                let scratch = std::slice::from_raw_parts_mut(
                    scratches.get().cast::<Complex<T>>().add(t * scratch_len),
                    scratch_len,
                );
                let input = std::slice::from_raw_parts_mut(halves.get().cast::<Complex<T>>().add(t * h), h);
                let first = src.get().cast::<S>().cast_const().offset(base + t as isize * stride);
                let step = 2 * stride;
                let read = if take > t { (take - t).div_ceil(2) } else { 0 }.min(h);
                for (j, v) in input[..read].iter_mut().enumerate() {
                    *v = (*first.offset(j as isize * step)).load(conj);
                }
                input[read..].fill(Complex::default());
                let output = std::slice::from_raw_parts_mut(out.get().cast::<Complex<T>>().add(t * h), h);
                half.process_outofplace_with_scratch(input, output, scratch);
            }
        }
    });
    drop(buf);
    drop(scratch);
    let (scale, conj_out) = (job.scale, job.pass.conj_out);
    pool::parallel_for(h, MIN_COMBINE_PER_TASK, |range| {
        let len = range.len();
        // SAFETY: outputs k and k + h for k in `range`: disjoint between tasks, inside the line.
        let (evens, odds) = unsafe {
            let p = out.get().cast::<Complex<T>>();
            (
                std::slice::from_raw_parts_mut(p.add(range.start), len),
                std::slice::from_raw_parts_mut(p.add(h + range.start), len),
            )
        };
        for ((e, o), &w) in evens.iter_mut().zip(odds.iter_mut()).zip(&twiddles[range]) {
            let t = *o * w;
            let (sum, diff) = (*e + t, *e - t);
            *e = sum;
            *o = diff;
        }
        finish_slice(evens, scale, conj_out);
        finish_slice(odds, scale, conj_out);
    });
    Ok(())
}
