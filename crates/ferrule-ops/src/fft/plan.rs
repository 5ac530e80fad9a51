//! The plan cache: rustfft / realfft plans (and the split path's twiddles) shared by every thread.
//!
//! Planning is expensive (a 2^20-point plan takes tens of milliseconds: twiddle tables, the
//! algorithm search) and a plan, once built, is immutable and `Sync`, so one copy serves every
//! thread. The cache is a small least-recently-used list behind a mutex: a hit costs one
//! uncontended lock and a scan of at most [`MAX_PLANS`] keys, which is nothing next to even the
//! smallest transform called from Python. A miss plans *outside* the lock with a fresh planner,
//! so a thread planning a large size never stalls the others' lookups. Per-thread planners were
//! the alternative: no lock, but each pool thread would plan (and keep) its own copy of every
//! size, multiplying both the first-call cost and the memory by the thread count.
//!
//! The cache is bounded: at most [`MAX_PLANS`] entries and [`MAX_CACHED_POINTS`] points in all
//! (a plan's tables hold about one complex number per point), the most recent entry always kept.
//! An evicted plan stays alive while a running transform holds it (plans are `Arc`s).
//!
//! rustfft and realfft allocate their tables infallibly (an abort when memory runs out), so a
//! miss first reserves, and frees, as much memory as the plan may take ([`probe`]): a size that
//! cannot fit is a `MemoryError`, not an abort of the host process.

use std::f64::consts::PI;
use std::sync::{Arc, Mutex};

use ferrule_core::{Error, Result};
use num_complex::Complex;
use realfft::{ComplexToReal, ComplexToRealEven, ComplexToRealOdd, RealToComplex, RealToComplexEven, RealToComplexOdd};
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};

/// The most entries the cache keeps (per precision).
pub const MAX_PLANS: usize = 32;

/// The most points (the sum of the cached transforms' lengths) the cache keeps per precision,
/// beyond the most recent entry: 2^24 points are about 256 MiB of double-precision tables.
pub const MAX_CACHED_POINTS: usize = 1 << 24;

/// Complex numbers of memory a plan may hold per point: a length with a large prime factor
/// takes rustfft's Bluestein algorithm, an inner power-of-two transform of up to `4n` points
/// with its twiddles, its kernel and the scratch a call needs (about `16n` in all); the other
/// algorithms hold about `n`, and a real plan wraps an `n/2`-point complex one.
const PLAN_ELEMENTS_PER_POINT: usize = 16;

/// Reserves and frees the memory a plan of `len` points may take, so that a size that cannot be
/// allocated is refused with a `MemoryError` before the planner aborts on it.
pub fn probe<T: FftNum>(len: usize) -> Result<()> {
    let fail = || Error::memory_error(format!("cannot allocate the tables of a {len}-point transform"));
    let count = len.checked_mul(PLAN_ELEMENTS_PER_POINT).ok_or_else(fail)?;
    let mut room: Vec<Complex<T>> = Vec::new();
    room.try_reserve_exact(count).map_err(|_| fail())?;
    Ok(())
}

/// What a cached entry computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlanKind {
    /// Complex-to-complex, forward (`exp(-2πi jk/n)`).
    Forward,
    /// Complex-to-complex, inverse (`exp(+2πi jk/n)`), unscaled.
    Inverse,
    /// Real-to-complex forward: `n` reals to `n/2 + 1` complex values.
    RealForward,
    /// Complex-to-real inverse: `n/2 + 1` complex values to `n` reals, unscaled.
    RealInverse,
    /// The twiddles `exp(∓2πi k/n)`, `k < n/2`, of the forward (`true`) or inverse (`false`)
    /// radix-2 split that runs one long transform on two threads.
    SplitTwiddles(bool),
}

/// A cached plan.
#[derive(Clone)]
pub enum Plan<T: FftNum> {
    /// [`PlanKind::Forward`] and [`PlanKind::Inverse`].
    Complex(Arc<dyn Fft<T>>),
    /// [`PlanKind::RealForward`].
    RealForward(Arc<dyn RealToComplex<T>>),
    /// [`PlanKind::RealInverse`].
    RealInverse(Arc<dyn ComplexToReal<T>>),
    /// [`PlanKind::SplitTwiddles`].
    Twiddles(Arc<[Complex<T>]>),
}

struct Entry<T: FftNum> {
    kind: PlanKind,
    len: usize,
    plan: Plan<T>,
}

/// A bounded, shared cache of plans of one precision (see the module documentation).
pub struct PlanCache<T: FftNum> {
    /// Least recently used first.
    entries: Mutex<Vec<Entry<T>>>,
    max_plans: usize,
    max_points: usize,
}

impl<T: FftNum> Default for PlanCache<T> {
    fn default() -> Self {
        PlanCache::new()
    }
}

impl<T: FftNum> PlanCache<T> {
    /// An empty cache with the default bounds, [`MAX_PLANS`] and [`MAX_CACHED_POINTS`].
    pub const fn new() -> Self {
        PlanCache::with_limits(MAX_PLANS, MAX_CACHED_POINTS)
    }

    /// An empty cache keeping at most `max_plans` entries and `max_points` points (the most
    /// recent entry is kept whatever its size).
    pub const fn with_limits(max_plans: usize, max_points: usize) -> Self {
        PlanCache { entries: Mutex::new(Vec::new()), max_plans, max_points }
    }

    /// The plan of `kind` for length `len` (`len >= 1`), from the cache or planned now; a
    /// `MemoryError` when a new plan's tables cannot be allocated.
    pub fn get(&self, kind: PlanKind, len: usize) -> Result<Plan<T>> {
        if let Some(plan) = self.lookup(kind, len) {
            return Ok(plan);
        }
        probe::<T>(len)?;
        let plan = build(kind, len);
        self.insert(kind, len, plan.clone());
        Ok(plan)
    }

    /// The complex-to-complex plan of `len` points in the forward or inverse direction.
    pub fn complex(&self, forward: bool, len: usize) -> Result<Arc<dyn Fft<T>>> {
        match self.get(if forward { PlanKind::Forward } else { PlanKind::Inverse }, len)? {
            Plan::Complex(fft) => Ok(fft),
            _ => unreachable!("complex kinds hold complex plans"),
        }
    }

    /// The real-to-complex plan of `len` real points.
    pub fn real_forward(&self, len: usize) -> Result<Arc<dyn RealToComplex<T>>> {
        match self.get(PlanKind::RealForward, len)? {
            Plan::RealForward(fft) => Ok(fft),
            _ => unreachable!("RealForward holds a real-to-complex plan"),
        }
    }

    /// The complex-to-real plan producing `len` real points.
    pub fn real_inverse(&self, len: usize) -> Result<Arc<dyn ComplexToReal<T>>> {
        match self.get(PlanKind::RealInverse, len)? {
            Plan::RealInverse(fft) => Ok(fft),
            _ => unreachable!("RealInverse holds a complex-to-real plan"),
        }
    }

    /// The `len / 2` twiddles of the radix-2 split of a `len`-point transform.
    pub fn split_twiddles(&self, forward: bool, len: usize) -> Result<Arc<[Complex<T>]>> {
        match self.get(PlanKind::SplitTwiddles(forward), len)? {
            Plan::Twiddles(t) => Ok(t),
            _ => unreachable!("SplitTwiddles holds twiddles"),
        }
    }

    /// The number of cached entries (for tests).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether the cache holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether an entry of `kind` and `len` is cached, without touching its recency (for tests).
    pub fn contains(&self, kind: PlanKind, len: usize) -> bool {
        self.lock().iter().any(|e| e.kind == kind && e.len == len)
    }

    /// Drops every entry.
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry<T>>> {
        // A panic while holding the lock cannot leave the list inconsistent (every mutation is
        // a single push/remove), so a poisoned lock is still usable.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lookup(&self, kind: PlanKind, len: usize) -> Option<Plan<T>> {
        let mut entries = self.lock();
        let i = entries.iter().rposition(|e| e.kind == kind && e.len == len)?;
        let entry = entries.remove(i);
        let plan = entry.plan.clone();
        entries.push(entry);
        Some(plan)
    }

    fn insert(&self, kind: PlanKind, len: usize, plan: Plan<T>) {
        let mut entries = self.lock();
        // Another thread may have planned the same size meanwhile: keep one copy.
        entries.retain(|e| !(e.kind == kind && e.len == len));
        entries.push(Entry { kind, len, plan });
        let mut points: usize = entries.iter().map(|e| e.len).sum();
        while entries.len() > 1 && (entries.len() > self.max_plans || points > self.max_points) {
            points -= entries.remove(0).len;
        }
    }
}

/// Plans `kind` for `len` points with a fresh planner (no lock held).
fn build<T: FftNum>(kind: PlanKind, len: usize) -> Plan<T> {
    match kind {
        PlanKind::Forward => Plan::Complex(FftPlanner::new().plan_fft(len, FftDirection::Forward)),
        PlanKind::Inverse => Plan::Complex(FftPlanner::new().plan_fft(len, FftDirection::Inverse)),
        PlanKind::RealForward => {
            let mut planner = FftPlanner::new();
            Plan::RealForward(if len.is_multiple_of(2) {
                Arc::new(RealToComplexEven::new(len, &mut planner))
            } else {
                Arc::new(RealToComplexOdd::new(len, &mut planner))
            })
        }
        PlanKind::RealInverse => {
            let mut planner = FftPlanner::new();
            Plan::RealInverse(if len.is_multiple_of(2) {
                Arc::new(ComplexToRealEven::new(len, &mut planner))
            } else {
                Arc::new(ComplexToRealOdd::new(len, &mut planner))
            })
        }
        PlanKind::SplitTwiddles(forward) => {
            let sign = if forward { -1.0 } else { 1.0 };
            // Computed in double precision whatever T is, from the exact angle of each k, so
            // every twiddle is correctly rounded (no error accumulates along the table).
            let twiddles: Vec<Complex<T>> = (0..len / 2)
                .map(|k| {
                    let angle = sign * 2.0 * PI * (k as f64) / (len as f64);
                    let (s, c) = angle.sin_cos();
                    Complex::new(T::from_f64(c).expect("f64 fits"), T::from_f64(s).expect("f64 fits"))
                })
                .collect();
            Plan::Twiddles(twiddles.into())
        }
    }
}
