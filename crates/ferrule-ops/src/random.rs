//! Seeded random tensors (`random.uniform`, `random.normal`) on a xoshiro256** generator.

use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use ferrule_core::{bail, DType, Result, Tensor};

use crate::pool::{chunked, POLL_ITEMS};

/// xoshiro256** (Blackman and Vigna, 2018): 256 bits of state, period 2^256 − 1, fast and
/// statistically strong for simulation. Seeded through splitmix64 so any `u64` seed works.
#[derive(Clone, Debug)]
pub struct Xoshiro256 {
    state: [u64; 4],
}

impl Xoshiro256 {
    /// A generator whose state is four splitmix64 outputs from `seed`.
    pub fn from_seed(seed: u64) -> Xoshiro256 {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Xoshiro256 { state: [next(), next(), next(), next()] }
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
}

/// The process-wide generator used when no seed is given, seeded once from the clock.
static GLOBAL: Mutex<Option<Xoshiro256>> = Mutex::new(None);

/// A generator for one call: seeded from `seed`, or split off the global one.
fn generator(seed: Option<i64>) -> Xoshiro256 {
    if let Some(seed) = seed {
        return Xoshiro256::from_seed(seed as u64);
    }
    let mut global = GLOBAL.lock().unwrap_or_else(|poison| poison.into_inner());
    let rng = global.get_or_insert_with(|| {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Xoshiro256::from_seed(nanos ^ u64::from(std::process::id()).rotate_left(32))
    });
    // Each call takes a fresh seed from the global stream, so calls never share numbers.
    Xoshiro256::from_seed(rng.next_u64())
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
    let dtype = float_dtype("random.uniform", dtype)?;
    let width = high - low;
    if !low.is_finite() || !high.is_finite() || !width.is_finite() {
        bail!(
            ValueError,
            "random.uniform() arguments 'low' and 'high': expected finite bounds whose difference is finite, got {low} and {high}"
        );
    }
    let mut rng = generator(seed);
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
    let dtype = float_dtype("random.normal", dtype)?;
    if !loc.is_finite() {
        bail!(ValueError, "random.normal() argument 'loc': expected a finite number, got {loc}");
    }
    if scale.is_nan() || scale < 0.0 || !scale.is_finite() {
        bail!(ValueError, "random.normal() argument 'scale': expected a finite number >= 0, got {scale}");
    }
    let mut rng = generator(seed);
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

#[cfg(test)]
mod tests {
    use super::*;
    use ferrule_core::ErrorKind;

    #[test]
    fn xoshiro_reference_values() {
        // State [1, 2, 3, 4] gives 11520, 0, 1509978240, 1215971899390074240 (the published
        // reference implementation's first outputs).
        let mut rng = Xoshiro256 { state: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(got, [11520, 0, 1509978240, 1215971899390074240]);
    }

    #[test]
    fn same_seed_same_numbers() {
        let a = uniform(0.0, 1.0, &[100], Some(42), None).unwrap();
        let b = uniform(0.0, 1.0, &[100], Some(42), None).unwrap();
        let c = uniform(0.0, 1.0, &[100], Some(43), None).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), b.to_vec::<f64>().unwrap());
        assert_ne!(a.to_vec::<f64>().unwrap(), c.to_vec::<f64>().unwrap());
        let n1 = normal(1.0, 2.0, &[3, 5], Some(7), Some(DType::Float32)).unwrap();
        let n2 = normal(1.0, 2.0, &[3, 5], Some(7), Some(DType::Float32)).unwrap();
        assert_eq!(n1.shape(), [3, 5]);
        assert_eq!(n1.to_vec::<f32>().unwrap(), n2.to_vec::<f32>().unwrap());
        let u1 = uniform(0.0, 1.0, &[8], None, None).unwrap();
        let u2 = uniform(0.0, 1.0, &[8], None, None).unwrap();
        assert_ne!(u1.to_vec::<f64>().unwrap(), u2.to_vec::<f64>().unwrap());
    }

    #[test]
    fn uniform_range_and_moments() {
        let n = 200_000;
        let t = uniform(-2.0, 3.0, &[n], Some(1), None).unwrap();
        let v = t.to_vec::<f64>().unwrap();
        assert!(v.iter().all(|&x| (-2.0..3.0).contains(&x)));
        let mean = v.iter().sum::<f64>() / n as f64;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!((mean - 0.5).abs() < 0.02, "{mean}");
        assert!((var - 25.0 / 12.0).abs() < 0.03, "{var}");
        let t = uniform(0.0, 1.0, &[n], Some(2), Some(DType::Float32)).unwrap();
        assert!(t.to_vec::<f32>().unwrap().iter().all(|&x| (0.0..1.0).contains(&x)));
        // A degenerate interval gives `low`.
        let t = uniform(5.0, 5.0, &[3], Some(2), None).unwrap();
        assert_eq!(t.to_vec::<f64>().unwrap(), [5.0; 3]);
    }

    #[test]
    fn normal_moments() {
        let n = 200_000;
        let v = normal(3.0, 2.0, &[n], Some(5), None).unwrap().to_vec::<f64>().unwrap();
        let mean = v.iter().sum::<f64>() / n as f64;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!((mean - 3.0).abs() < 0.02, "{mean}");
        assert!((var - 4.0).abs() < 0.05, "{var}");
        let odd = normal(0.0, 1.0, &[3], Some(5), None).unwrap();
        assert_eq!(odd.to_vec::<f64>().unwrap()[..2], v[..2].iter().map(|x| (x - 3.0) / 2.0).collect::<Vec<_>>()[..]);
    }

    #[test]
    fn shapes_and_errors() {
        assert_eq!(uniform(0.0, 1.0, &[], Some(1), None).unwrap().shape(), [] as [i64; 0]);
        assert_eq!(uniform(0.0, 1.0, &[2, 0], Some(1), None).unwrap().numel(), 0);
        let err = uniform(0.0, 1.0, &[2], None, Some(DType::Int32)).unwrap_err();
        assert_eq!(err.kind, ErrorKind::TypeError);
        assert!(err.message.contains("random.uniform") && err.message.contains("dtype"));
        let err = normal(0.0, -1.0, &[2], None, None).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ValueError);
        assert!(err.message.contains("'scale'"));
        assert!(uniform(f64::NEG_INFINITY, 0.0, &[2], None, None).is_err());
        assert!(uniform(-f64::MAX, f64::MAX, &[2], None, None).is_err());
        let err = uniform(0.0, 1.0, &[-1], None, None).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ValueError);
        assert!(err.message.contains("random.uniform") && err.message.contains("'shape'"));
    }
}
