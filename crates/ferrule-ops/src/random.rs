//! Seeded random tensors on a xoshiro256** generator: `random.uniform`, `random.normal`,
//! `random.integers`, `random.permutation` and `random.choice`.
//!
//! Every op takes `seed` and `stream`: the numbers of a call are a pure function of the pair and
//! the arguments, so a frontend's `Generator` is two integers (a seed and a count of calls made,
//! passed as `stream`) and gives the same numbers in Python, Go and C. Stream 0 is exactly
//! [`Xoshiro256::from_seed`], so `seed=` results from before streams existed do not change.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use ferrule_core::{bail, DType, Error, ErrorKind, Result, Tensor};

use crate::axes::normalize_axis;
use crate::operand::{Operand, Scalar};
use crate::pool::{chunked, POLL_ITEMS};

/// One step of splitmix64 (Steele, Lea and Flood, 2014): advances `state` and returns 64 mixed bits.
#[inline]
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xoshiro256** (Blackman and Vigna, 2018): 256 bits of state, period 2^256 − 1, fast and
/// statistically strong for simulation. Seeded through splitmix64 so any `u64` seed works.
#[derive(Clone, Debug)]
pub struct Xoshiro256 {
    state: [u64; 4],
}

impl Xoshiro256 {
    /// A generator at exactly `state` (the reference implementation's test vectors start from
    /// `[1, 2, 3, 4]`); an all-zero state stays at zero, so seed through [`Self::from_seed`].
    #[doc(hidden)]
    pub fn from_state(state: [u64; 4]) -> Self {
        Self { state }
    }

    /// A generator whose state is four splitmix64 outputs from `seed`.
    pub fn from_seed(seed: u64) -> Xoshiro256 {
        let mut sm = seed;
        let mut next = || splitmix64(&mut sm);
        Xoshiro256 { state: [next(), next(), next(), next()] }
    }

    /// The generator of stream `stream` of `seed`: stream 0 is [`Xoshiro256::from_seed`]; any
    /// other XORs into that state four splitmix64 outputs of a sequence started from `stream`
    /// (scrambled by an odd multiplier, so streams 1, 2, ... start far apart), which keys the
    /// 256-bit state by all 128 bits of the pair.
    pub fn from_seed_stream(seed: u64, stream: u64) -> Xoshiro256 {
        let mut rng = Xoshiro256::from_seed(seed);
        if stream != 0 {
            let mut sm = stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
            for word in &mut rng.state {
                *word ^= splitmix64(&mut sm);
            }
            if rng.state == [0; 4] {
                // the one state xoshiro cannot leave (2^-256 likely): any fixed non-zero state
                rng.state[0] = 1;
            }
        }
        rng
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform `f64` in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform `f64` in `(0, 1]`, safe to take the logarithm of.
    #[inline]
    fn next_f64_open_low(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform integer in `[0, last]`, without modulo bias (Lemire's multiply-and-reject,
    /// 2019): `last = u64::MAX` takes the 64 bits as they are.
    #[inline]
    pub fn up_to(&mut self, last: u64) -> u64 {
        if last == u64::MAX {
            return self.next_u64();
        }
        let range = last + 1;
        let mut m = u128::from(self.next_u64()) * u128::from(range);
        if (m as u64) < range {
            let threshold = range.wrapping_neg() % range;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(range);
            }
        }
        (m >> 64) as u64
    }
}

/// The process-wide generator used when no seed is given, seeded once from the clock.
static GLOBAL: Mutex<Option<Xoshiro256>> = Mutex::new(None);

/// A generator for one call of `op`: stream `stream` of `seed`, or split off the global one
/// (where a non-zero `stream` is a `ValueError`: there is no sequence to number).
fn generator(op: &str, seed: Option<i64>, stream: i64) -> Result<Xoshiro256> {
    if let Some(seed) = seed {
        // The ABI carries 64-bit signed ints: a frontend's unsigned seed or counter arrives as
        // the same 64 bits.
        return Ok(Xoshiro256::from_seed_stream(seed as u64, stream as u64));
    }
    if stream != 0 {
        bail!(
            ValueError,
            "{op}() argument 'stream': stream {stream} needs a 'seed' (stream numbers count calls on one seed)"
        );
    }
    let mut global = GLOBAL.lock().unwrap_or_else(|poison| poison.into_inner());
    let rng = global.get_or_insert_with(|| {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Xoshiro256::from_seed(nanos ^ u64::from(std::process::id()).rotate_left(32))
    });
    // Each call takes a fresh seed from the global stream, so calls never share numbers.
    Ok(Xoshiro256::from_seed(rng.next_u64()))
}

/// The result dtype: float64 by default, float32 or float64 when given.
fn float_dtype(op: &str, dtype: Option<DType>) -> Result<DType> {
    match dtype.unwrap_or(DType::Float64) {
        d @ (DType::Float32 | DType::Float64) => Ok(d),
        d => bail!(TypeError, "{op}() argument 'dtype': dtype {d} is not accepted (expected float32 or float64)"),
    }
}

/// Fills a fresh tensor of `shape` and `dtype` (float32/float64) from `draw`, in C order.
fn fill(op: &str, shape: &[i64], dtype: DType, mut draw: impl FnMut() -> f64) -> Result<Tensor> {
    let out = crate::creation::alloc(op, shape, dtype)?;
    match dtype {
        DType::Float32 => {
            // SAFETY: `out` is fresh, contiguous and not shared.
            let data = unsafe { out.as_mut_slice::<f32>()? };
            chunked(data.len(), POLL_ITEMS, |r| data[r].iter_mut().for_each(|v| *v = draw() as f32));
        }
        _ => {
            // SAFETY: as above.
            let data = unsafe { out.as_mut_slice::<f64>()? };
            chunked(data.len(), POLL_ITEMS, |r| data[r].iter_mut().for_each(|v| *v = draw()));
        }
    }
    Ok(out)
}

/// Samples from the uniform distribution on `[low, high)`.
///
/// The same `seed` gives the same numbers; `seed=None` draws from a process-wide generator
/// seeded from the clock. `dtype` is float32 or float64 (default). Non-finite bounds are a
/// `ValueError`, as is `high - low` overflowing to infinity.
pub fn uniform(low: f64, high: f64, shape: &[i64], seed: Option<i64>, dtype: Option<DType>) -> Result<Tensor> {
    uniform_stream(low, high, shape, seed, dtype, 0)
}

/// [`uniform`] drawing from stream `stream` of `seed` (the op `random.uniform`; stream 0 is
/// [`uniform`]'s sequence, and a non-zero stream needs a seed).
pub fn uniform_stream(
    low: f64,
    high: f64,
    shape: &[i64],
    seed: Option<i64>,
    dtype: Option<DType>,
    stream: i64,
) -> Result<Tensor> {
    let dtype = float_dtype("random.uniform", dtype)?;
    let width = high - low;
    if !low.is_finite() || !high.is_finite() || !width.is_finite() {
        bail!(
            ValueError,
            "random.uniform() arguments 'low' and 'high': expected finite bounds whose difference is finite, got {low} and {high}"
        );
    }
    let mut rng = generator("random.uniform", seed, stream)?;
    // Rounding `low + width * u` (and the cast to float32) may reach `high`: keep the interval
    // half-open by stepping back to the nearest value below `high`.
    let below_high = |v: f64, h: f64| if width > 0.0 && v >= h { next_down(h) } else { v };
    match dtype {
        DType::Float32 => {
            let high32 = high as f32;
            fill("random.uniform", shape, dtype, || {
                let v = (low + width * rng.next_f64()) as f32;
                if width > 0.0 && v >= high32 && (high32 as f64) >= high {
                    f64::from(next_down_f32(high32))
                } else {
                    f64::from(v)
                }
            })
        }
        _ => fill("random.uniform", shape, dtype, || below_high(low + width * rng.next_f64(), high)),
    }
}

/// Samples from the normal distribution with mean `loc` and standard deviation `scale`.
///
/// Uses the Box–Muller transform (both outputs of each pair). Same seeding and dtypes as
/// [`uniform`]; a negative or non-finite `scale`, or a non-finite `loc`, is a `ValueError`.
pub fn normal(loc: f64, scale: f64, shape: &[i64], seed: Option<i64>, dtype: Option<DType>) -> Result<Tensor> {
    normal_stream(loc, scale, shape, seed, dtype, 0)
}

/// [`normal`] drawing from stream `stream` of `seed` (the op `random.normal`; as
/// [`uniform_stream`]).
pub fn normal_stream(
    loc: f64,
    scale: f64,
    shape: &[i64],
    seed: Option<i64>,
    dtype: Option<DType>,
    stream: i64,
) -> Result<Tensor> {
    let dtype = float_dtype("random.normal", dtype)?;
    if !loc.is_finite() {
        bail!(ValueError, "random.normal() argument 'loc': expected a finite number, got {loc}");
    }
    if scale.is_nan() || scale < 0.0 || !scale.is_finite() {
        bail!(ValueError, "random.normal() argument 'scale': expected a finite number >= 0, got {scale}");
    }
    let mut rng = generator("random.normal", seed, stream)?;
    let mut spare: Option<f64> = None;
    fill("random.normal", shape, dtype, || {
        let z = spare.take().unwrap_or_else(|| {
            let radius = (-2.0 * rng.next_f64_open_low().ln()).sqrt();
            let angle = std::f64::consts::TAU * rng.next_f64();
            let (sin, cos) = angle.sin_cos();
            spare = Some(radius * sin);
            radius * cos
        });
        loc + scale * z
    })
}

/// The smallest and largest value of an integer (or bool) dtype, or `None` for another dtype.
fn int_bounds(dtype: DType) -> Option<(i128, i128)> {
    Some(match dtype {
        DType::Bool => (0, 1),
        DType::Int8 => (i8::MIN.into(), i8::MAX.into()),
        DType::Int16 => (i16::MIN.into(), i16::MAX.into()),
        DType::Int32 => (i32::MIN.into(), i32::MAX.into()),
        DType::Int64 => (i64::MIN.into(), i64::MAX.into()),
        DType::UInt8 => (0, u8::MAX.into()),
        DType::UInt16 => (0, u16::MAX.into()),
        DType::UInt32 => (0, u32::MAX.into()),
        DType::UInt64 => (0, u64::MAX.into()),
        _ => return None,
    })
}

/// Fills a fresh integer tensor of `shape` and `dtype` (bool or an integer dtype) from `draw`,
/// whose values the caller keeps within the dtype's range.
fn fill_ints(op: &str, shape: &[i64], dtype: DType, mut draw: impl FnMut() -> i128) -> Result<Tensor> {
    let out = crate::creation::alloc(op, shape, dtype)?;
    macro_rules! fill_as {
        ($t:ty, $conv:expr) => {{
            // SAFETY: `out` is fresh, contiguous and not shared.
            let data = unsafe { out.as_mut_slice::<$t>()? };
            let conv = $conv;
            chunked(data.len(), POLL_ITEMS, |r| data[r].iter_mut().for_each(|v| *v = conv(draw())));
        }};
    }
    match dtype {
        DType::Bool => fill_as!(bool, |v: i128| v != 0),
        DType::Int8 => fill_as!(i8, |v: i128| v as i8),
        DType::Int16 => fill_as!(i16, |v: i128| v as i16),
        DType::Int32 => fill_as!(i32, |v: i128| v as i32),
        DType::Int64 => fill_as!(i64, |v: i128| v as i64),
        DType::UInt8 => fill_as!(u8, |v: i128| v as u8),
        DType::UInt16 => fill_as!(u16, |v: i128| v as u16),
        DType::UInt32 => fill_as!(u32, |v: i128| v as u32),
        DType::UInt64 => fill_as!(u64, |v: i128| v as u64),
        d => bail!(TypeError, "{op}() argument 'dtype': dtype {d} is not accepted (expected an integer dtype)"),
    }
    Ok(out)
}

/// Uniform random integers in `[low, high)` (`[low, high]` with `endpoint`), without modulo
/// bias; `high=None` draws from `[0, low)`.
///
/// `dtype` is bool or an integer dtype (default int64). A `TypeError` for another dtype; a
/// `ValueError` for an empty range or bounds outside the dtype. Seeding as [`uniform_stream`].
#[allow(clippy::too_many_arguments)]
pub fn integers(
    low: i64,
    high: Option<i64>,
    shape: &[i64],
    endpoint: bool,
    seed: Option<i64>,
    stream: i64,
    dtype: Option<DType>,
) -> Result<Tensor> {
    const OP: &str = "random.integers";
    let dtype = dtype.unwrap_or(DType::Int64);
    let Some((min, max)) = int_bounds(dtype) else {
        bail!(TypeError, "{OP}() argument 'dtype': dtype {dtype} is not accepted (expected an integer dtype)");
    };
    let (lo, hi) = match high {
        Some(h) => (i128::from(low), i128::from(h)),
        None => (0, i128::from(low)),
    };
    let last = if endpoint { hi } else { hi - 1 };
    if last < lo {
        let relation = if endpoint { "low > high" } else { "low >= high" };
        bail!(
            ValueError,
            "{OP}() arguments 'low' and 'high': {relation} (got low={lo}, high={hi}): the range is empty"
        );
    }
    if lo < min {
        bail!(ValueError, "{OP}() argument 'low': {lo} is out of bounds for {dtype} (whose range is {min} to {max})");
    }
    if last > max {
        let high_name = if high.is_some() { "high" } else { "low" };
        bail!(
            ValueError,
            "{OP}() argument '{high_name}': {hi} is out of bounds for {dtype} (the largest value drawn would be {last}, above {max})"
        );
    }
    let span = (last - lo) as u64;
    let mut rng = generator(OP, seed, stream)?;
    fill_ints(OP, shape, dtype, || lo + i128::from(rng.up_to(span)))
}

/// The population of `permutation` / `choice`: `n` for an int, else the tensor and the length
/// of its `axis`.
fn population<'a>(op: &str, name: &str, x: &'a Operand, axis: i64) -> Result<(u64, Option<(&'a Tensor, usize)>)> {
    match x {
        Operand::Scalar(Scalar::Int(n)) => {
            if *n < 0 {
                bail!(ValueError, "{op}() argument '{name}': expected a non-negative int or a tensor, got {n}");
            }
            Ok((*n as u64, None))
        }
        Operand::Scalar(s) => {
            bail!(TypeError, "{op}() argument '{name}': expected an int or a tensor, got {}", s.kind())
        }
        Operand::Tensor(t) => {
            if t.ndim() == 0 {
                bail!(
                    ValueError,
                    "{op}() argument '{name}': expected an int or a tensor of at least 1 dimension, got a 0-d tensor"
                );
            }
            let axis = normalize_axis(op, "axis", axis, t.ndim())?;
            Ok((t.shape()[axis] as u64, Some((t, axis))))
        }
    }
}

/// `x` with `indices` (int64) taken along `axis`, or `indices` itself when there is no tensor;
/// errors are `op`'s.
fn gather(op: &str, indices: Tensor, source: Option<(&Tensor, usize)>) -> Result<Tensor> {
    match source {
        None => Ok(indices),
        Some((t, axis)) => crate::index::take(t, &indices, Some(axis as i64)).map_err(|e| {
            let message = e.message.strip_prefix("take").map_or(e.message.clone(), |rest| format!("{op}{rest}"));
            Error::new(e.kind, message)
        }),
    }
}

/// A random permutation: of `0..n` (int64) when `x` is an int `n`, else a permuted copy of the
/// tensor `x` along `axis` (Fisher-Yates with unbiased draws). Seeding as [`uniform_stream`].
pub fn permutation(x: &Operand, axis: i64, seed: Option<i64>, stream: i64) -> Result<Tensor> {
    const OP: &str = "random.permutation";
    let (n, source) = population(OP, "x", x, axis)?;
    let Ok(len) = i64::try_from(n) else { bail!(OverflowError, "{OP}() argument 'x': {n} items is too many") };
    let mut rng = generator(OP, seed, stream)?;
    let indices = crate::creation::alloc(OP, &[len], DType::Int64)?;
    // SAFETY: `indices` is fresh, contiguous and not shared.
    let order = unsafe { indices.as_mut_slice::<i64>()? };
    for (i, v) in order.iter_mut().enumerate() {
        *v = i as i64;
    }
    let n = order.len();
    // Swap each position from the last down to 1 with a uniform one at or below it.
    chunked(n.saturating_sub(1), POLL_ITEMS, |r| {
        for k in r {
            let i = n - 1 - k;
            let j = rng.up_to(i as u64) as usize;
            order.swap(i, j);
        }
    });
    gather(OP, indices, source)
}

/// The probabilities `p` of `choice` as float64 values, checked: 1-d of length `n`, real,
/// finite, non-negative and summing to 1 within sqrt of the dtype's epsilon.
fn probabilities(op: &str, p: &Tensor, n: u64) -> Result<Vec<f64>> {
    if p.ndim() != 1 || p.shape()[0] as u64 != n {
        bail!(
            ValueError,
            "{op}() argument 'p': expected a 1-d tensor of {n} probabilities (one per item), got shape {}",
            ferrule_core::tensor::format_shape(p.shape())
        );
    }
    let dtype = p.dtype();
    if !(dtype.is_floating() || dtype.is_integer() || dtype == DType::Bool) {
        bail!(TypeError, "{op}() argument 'p': dtype {dtype} is not accepted (expected real probabilities)");
    }
    let values = crate::elementwise::astype(p, DType::Float64, true, None)
        .and_then(|t| t.to_vec::<f64>())
        .map_err(|e| Error::new(e.kind, format!("{op}() argument 'p': {}", e.message)))?;
    if let Some((i, v)) = values.iter().enumerate().find(|(_, v)| !v.is_finite() || **v < 0.0) {
        bail!(ValueError, "{op}() argument 'p': probabilities must be finite and non-negative, got {v} at index {i}");
    }
    let total: f64 = values.iter().sum();
    let tolerance = if dtype == DType::Float64 { f64::EPSILON.sqrt() } else { f64::from(f32::EPSILON).sqrt() };
    if (total - 1.0).abs() > tolerance {
        bail!(ValueError, "{op}() argument 'p': probabilities must sum to 1, they sum to {total}");
    }
    Ok(values)
}

/// Random items of a population: `shape` draws from `0..a` (int64) when `a` is an int, else
/// from the tensor `a` along `axis` (the result's shape is `a.shape[:axis] + shape +
/// a.shape[axis+1:]`).
///
/// With `replace=false` no item is drawn twice (a `ValueError` when `shape` asks for more
/// items than there are, or than have a non-zero probability). `p` gives each item's
/// probability (1-d, non-negative, summing to 1); a zero-probability item is never drawn.
/// Seeding as [`uniform_stream`].
#[allow(clippy::too_many_arguments)]
pub fn choice(
    a: &Operand,
    shape: &[i64],
    replace: bool,
    p: Option<&Tensor>,
    axis: i64,
    seed: Option<i64>,
    stream: i64,
) -> Result<Tensor> {
    const OP: &str = "random.choice";
    let (n, source) = population(OP, "a", a, axis)?;
    let indices = crate::creation::alloc(OP, shape, DType::Int64)?;
    let k = indices.numel() as u64;
    let weights = p.map(|p| probabilities(OP, p, n)).transpose()?;
    if k > 0 && n == 0 {
        bail!(ValueError, "{OP}() argument 'a': cannot draw {k} items from an empty population");
    }
    if !replace {
        let available = weights.as_ref().map_or(n, |w| w.iter().filter(|&&v| v > 0.0).count() as u64);
        if k > available {
            let what = if weights.is_some() { "items with a non-zero probability" } else { "items" };
            bail!(
                ValueError,
                "{OP}() argument 'shape': cannot draw {k} distinct items (replace=False) from {available} {what}"
            );
        }
    }
    let mut rng = generator(OP, seed, stream)?;
    // SAFETY: `indices` is fresh, contiguous and not shared.
    let out = unsafe { indices.as_mut_slice::<i64>()? };
    match (replace, weights) {
        (true, None) => {
            chunked(out.len(), POLL_ITEMS, |r| out[r].iter_mut().for_each(|v| *v = rng.up_to(n - 1) as i64));
        }
        (true, Some(w)) => {
            // Inverse transform over the running sums: a zero-probability item covers an empty
            // interval, so it is never picked (the clamp only guards a product rounded to the total).
            let mut cumulative = Vec::new();
            cumulative
                .try_reserve_exact(w.len())
                .map_err(|_| Error::new(ErrorKind::MemoryError, format!("{OP}: out of memory")))?;
            let mut sum = 0.0;
            for v in &w {
                sum += v;
                cumulative.push(sum);
            }
            let last_nonzero = w.iter().rposition(|&v| v > 0.0).unwrap_or(0);
            chunked(out.len(), POLL_ITEMS, |r| {
                for v in &mut out[r] {
                    let target = rng.next_f64() * sum;
                    let i = cumulative.partition_point(|&c| c <= target);
                    *v = i.min(last_nonzero) as i64;
                }
            });
        }
        (false, None) => {
            // A partial Fisher-Yates shuffle of 0..n, with the moved positions in a map so that
            // memory grows with the draws, not the population.
            let mut moved: HashMap<u64, u64> = HashMap::new();
            moved
                .try_reserve(out.len())
                .map_err(|_| Error::new(ErrorKind::MemoryError, format!("{OP}: out of memory")))?;
            chunked(out.len(), POLL_ITEMS, |r| {
                for i in r {
                    let iu = i as u64;
                    let j = iu + rng.up_to(n - 1 - iu);
                    let at_j = moved.get(&j).copied().unwrap_or(j);
                    let at_i = moved.get(&iu).copied().unwrap_or(iu);
                    moved.insert(j, at_i);
                    out[i] = at_j as i64;
                }
            });
        }
        (false, Some(w)) => {
            // Efraimidis and Spirakis (2006): the items with the largest ln(u) / p, u uniform
            // in (0, 1], are a weighted sample without replacement, in the order drawn.
            let mut keyed: Vec<(f64, usize)> = Vec::new();
            keyed
                .try_reserve_exact(w.len())
                .map_err(|_| Error::new(ErrorKind::MemoryError, format!("{OP}: out of memory")))?;
            for (i, &v) in w.iter().enumerate() {
                if v > 0.0 {
                    keyed.push((rng.next_f64_open_low().ln() / v, i));
                }
            }
            keyed.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for (v, (_, i)) in out.iter_mut().zip(&keyed) {
                *v = *i as i64;
            }
        }
    }
    gather(OP, indices, source)
}

/// The largest `f64` below `x` (for finite, non-minimal `x`).
fn next_down(x: f64) -> f64 {
    if x == 0.0 {
        return -f64::from_bits(1);
    }
    let bits = x.to_bits();
    f64::from_bits(if x > 0.0 { bits - 1 } else { bits + 1 })
}

/// The largest `f32` below `x` (for finite, non-minimal `x`).
fn next_down_f32(x: f32) -> f32 {
    if x == 0.0 {
        return -f32::from_bits(1);
    }
    let bits = x.to_bits();
    f32::from_bits(if x > 0.0 { bits - 1 } else { bits + 1 })
}
