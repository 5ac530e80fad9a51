//! Test harness for element-wise ops: random dtypes, shapes and layouts checked against naive
//! per-element references computed from `to_vec` values.

mod binary_cases;
mod specials;
mod unary_cases;

use ferrule_core::{Complex32, Complex64, DType, Tensor, BF16, F16};

use ferrule_ops::dispatch::Elem;

/// A value of any dtype, wide enough to compute references exactly (ints) or in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum V {
    B(bool),
    I(i128),
    F(f64),
    C(f64, f64),
}

impl V {
    pub fn f(self) -> f64 {
        match self {
            V::B(b) => b as u8 as f64,
            V::I(i) => i as f64,
            V::F(x) => x,
            V::C(re, _) => re,
        }
    }
    pub fn i(self) -> i128 {
        match self {
            V::B(b) => b as i128,
            V::I(i) => i,
            V::F(x) => x as i128,
            V::C(re, _) => re as i128,
        }
    }
    pub fn c(self) -> num_complex::Complex<f64> {
        match self {
            V::C(re, im) => num_complex::Complex::new(re, im),
            other => num_complex::Complex::new(other.f(), 0.0),
        }
    }
    pub fn truthy(self) -> bool {
        match self {
            V::B(b) => b,
            V::I(i) => i != 0,
            V::F(x) => x != 0.0,
            V::C(re, im) => re != 0.0 || im != 0.0,
        }
    }
}

/// Bits of an integer dtype and whether it is signed.
pub(super) fn int_bits(d: DType) -> (u32, bool) {
    ((d.itemsize() * 8) as u32, d.is_signed_integer())
}

/// Wraps an integer into `d`'s range (two's complement).
pub(super) fn wrap(v: i128, d: DType) -> i128 {
    let (bits, signed) = int_bits(d);
    let m = v.rem_euclid(1i128 << bits);
    if signed && m >= 1i128 << (bits - 1) {
        m - (1i128 << bits)
    } else {
        m
    }
}

/// The reference conversion of a value to dtype `d` (values in range; ints wrap).
pub(super) fn cast_v(v: V, d: DType) -> V {
    match d {
        DType::Bool => V::B(v.truthy()),
        d if d.is_integer() => V::I(wrap(v.i(), d)),
        DType::Float16 => V::F(F16::from_f32(v.f() as f32).to_f32() as f64),
        DType::BFloat16 => V::F(BF16::from_f32(v.f() as f32).to_f32() as f64),
        DType::Float32 => V::F(v.f() as f32 as f64),
        DType::Float64 => V::F(v.f()),
        DType::Complex64 => {
            let z = v.c();
            V::C(z.re as f32 as f64, z.im as f32 as f64)
        }
        _ => {
            let z = v.c();
            V::C(z.re, z.im)
        }
    }
}

/// The logical elements of `t` in C order.
pub(super) fn read(t: &Tensor) -> Vec<V> {
    let d = t.dtype();
    match d {
        DType::Bool => t.to_vec::<bool>().unwrap().into_iter().map(V::B).collect(),
        DType::UInt64 => t.to_vec::<u64>().unwrap().into_iter().map(|v| V::I(v as i128)).collect(),
        DType::Float16 => t.to_vec::<F16>().unwrap().into_iter().map(|v| V::F(v.to_f32() as f64)).collect(),
        DType::BFloat16 => t.to_vec::<BF16>().unwrap().into_iter().map(|v| V::F(v.to_f32() as f64)).collect(),
        DType::Float32 => t.to_vec::<f32>().unwrap().into_iter().map(|v| V::F(v as f64)).collect(),
        DType::Float64 => t.to_vec::<f64>().unwrap().into_iter().map(V::F).collect(),
        DType::Complex64 => {
            t.to_vec::<Complex32>().unwrap().into_iter().map(|z| V::C(z.re as f64, z.im as f64)).collect()
        }
        DType::Complex128 => t.to_vec::<Complex64>().unwrap().into_iter().map(|z| V::C(z.re, z.im)).collect(),
        _ => ferrule_ops::dispatch_int!(d, T => {
            t.to_vec::<T>().unwrap().into_iter().map(|v| V::I(v.to_i64() as i128)).collect()
        }, _ => unreachable!()),
    }
}

/// A C-contiguous tensor of `d` holding `vals` (converted by [`cast_v`]).
pub(super) fn write(vals: &[V], d: DType, shape: &[i64]) -> Tensor {
    ferrule_ops::dispatch_all!(d, T => {
        let data: Vec<T> = vals
            .iter()
            .map(|&v| match cast_v(v, d) {
                V::B(b) => T::from_bool(b),
                V::I(i) if d == DType::UInt64 => T::from_u64(i as u64),
                V::I(i) => T::from_i64(i as i64),
                V::F(x) => T::from_f64(x),
                V::C(re, im) => T::from_c64(num_complex::Complex::new(re, im)),
            })
            .collect();
        Tensor::from_slice(&data, shape).unwrap()
    })
}

/// A small deterministic generator (xorshift64*), seeded by proptest.
pub(super) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// How generated float values look.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Values {
    /// Quarter-integers in [-8, 8] with occasional NaN/inf/-0 and arbitrary reals.
    Any,
    /// Quarter-integers in [-8, 8] only (exact floor division), with a few zeros.
    Grid,
    /// Values in (-1, 1) (inverse trig / atanh domains), with specials.
    Unit,
    /// Non-negative small values (pow exponents, shift amounts).
    Small,
}

/// A random value of dtype `d`.
pub(super) fn random_value(rng: &mut Rng, d: DType, kind: Values) -> V {
    let special = kind == Values::Any || kind == Values::Unit;
    let real = |rng: &mut Rng| -> f64 {
        if special && rng.below(10) == 0 {
            return rng.pick(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0]);
        }
        match kind {
            Values::Unit => (rng.below(2001) as f64 - 1000.0) / 1001.0,
            Values::Small => rng.below(9) as f64 * 0.5,
            Values::Any if rng.below(3) == 0 => (rng.next() as f64 / u64::MAX as f64 - 0.5) * 20.0,
            _ => (rng.below(65) as f64 - 32.0) * 0.25,
        }
    };
    match d {
        DType::Bool => V::B(rng.below(2) == 1),
        d if d.is_integer() => {
            let (bits, signed) = int_bits(d);
            if kind == Values::Small {
                return V::I(rng.below(bits as u64 + 3) as i128);
            }
            if kind == Values::Any && rng.below(12) == 0 {
                let max = if signed { (1i128 << (bits - 1)) - 1 } else { (1i128 << bits) - 1 };
                let min = if signed { -(1i128 << (bits - 1)) } else { 0 };
                return V::I(rng.pick(&[max, min, max - 1]));
            }
            let v = rng.below(19) as i128 - 9;
            V::I(if signed { v } else { v + 9 })
        }
        d if d.is_complex() => V::C(real(rng), real(rng)),
        _ => V::F(real(rng)),
    }
}

/// A tensor of `shape` and dtype `d` with random values in a random layout (contiguous,
/// permuted, reversed or gapped), returned with its logical values.
pub(super) fn random_tensor(rng: &mut Rng, d: DType, shape: &[i64], kind: Values) -> (Tensor, Vec<V>) {
    let n: i64 = shape.iter().product();
    let vals: Vec<V> = (0..n).map(|_| cast_v(random_value(rng, d, kind), d)).collect();
    let logical = write(&vals, d, shape);
    let nd = shape.len();
    let t = match rng.below(4) {
        1 if nd >= 2 => {
            let mut p: Vec<usize> = (0..nd).collect();
            p.swap(0, nd - 1);
            logical.permute(&p).unwrap().copy().unwrap().permute(&p).unwrap()
        }
        2 if nd >= 1 => logical.slice(0, None, None, -1).unwrap().copy().unwrap().slice(0, None, None, -1).unwrap(),
        3 if nd >= 1 => {
            // Every other element of a buffer twice as long in the last dim.
            let mut wide_shape = shape.to_vec();
            wide_shape[nd - 1] *= 2;
            let mut wide = Vec::with_capacity(vals.len() * 2);
            for &v in &vals {
                wide.push(v);
                wide.push(random_value(rng, d, kind));
            }
            write(&wide, d, &wide_shape).slice(nd - 1, None, None, 2).unwrap()
        }
        _ => logical,
    };
    let same = |a: &V, b: &V| match (a, b) {
        (V::F(x), V::F(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
        (V::C(a, b), V::C(c, d)) => (a == c || a.is_nan() && c.is_nan()) && (b == d || b.is_nan() && d.is_nan()),
        _ => a == b,
    };
    assert!(read(&t).iter().zip(&vals).all(|(a, b)| same(a, b)), "layout construction");
    (t, vals)
}

/// A random shape with 0–3 dims of size 0–4 (sizes 1 and 0 included).
pub(super) fn random_shape(rng: &mut Rng) -> Vec<i64> {
    let nd = rng.below(4) as usize;
    (0..nd).map(|_| rng.pick(&[0, 1, 1, 2, 3, 4, 5])).collect()
}

/// A shape that broadcasts to `shape`: some leading dims dropped, some dims set to 1.
pub(super) fn broadcastable_from(rng: &mut Rng, shape: &[i64]) -> Vec<i64> {
    let drop = rng.below(shape.len() as u64 + 1) as usize;
    shape[drop..].iter().map(|&d| if rng.below(3) == 0 { 1 } else { d }).collect()
}

/// The values of a C-order `shape` tensor broadcast to `target`.
pub(super) fn broadcast_vals(vals: &[V], shape: &[i64], target: &[i64]) -> Vec<V> {
    let lead = target.len() - shape.len();
    let n: i64 = target.iter().product();
    (0..n)
        .map(|mut flat| {
            let mut src = 0i64;
            let mut stride = 1i64;
            for axis in (0..target.len()).rev() {
                let idx = flat % target[axis];
                flat /= target[axis];
                if axis >= lead {
                    let dim = shape[axis - lead];
                    if dim != 1 {
                        src += idx * stride;
                    }
                    stride *= dim;
                }
            }
            vals[src as usize]
        })
        .collect()
}

/// Relative precision of a float dtype.
fn eps(d: DType) -> f64 {
    match d {
        DType::Float16 => 9.8e-4,
        DType::BFloat16 => 7.9e-3,
        DType::Float32 | DType::Complex64 => 1.2e-7,
        _ => 2.3e-16,
    }
}

fn close(got: f64, want: f64, d: DType, ulps: f64) -> bool {
    if got == want || (got.is_nan() && want.is_nan()) {
        return true;
    }
    let tiny = match d {
        DType::Float16 => 6.2e-5,
        DType::BFloat16 | DType::Float32 | DType::Complex64 => 1.2e-38,
        _ => 2.3e-308,
    };
    (got - want).abs() <= ulps * eps(d) * want.abs().max(tiny)
}

/// Asserts `got` matches `want` (exact for bool/int; within `ulps` for floats), with context.
pub(super) fn assert_matches(got: &[V], want: &[Option<V>], d: DType, ulps: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let Some(w) = w else { continue };
        let ok = match (g, w) {
            (V::F(a), V::F(b)) => close(a, b, d, ulps),
            (V::C(ar, ai), V::C(br, bi)) => {
                // A component of a complex product (ac - bd) is not correctly rounded: its
                // error is within 2 eps (|a||c| + |b||d|) <= 2 eps |result|, so inexact ops get
                // at least 2 ulps of the modulus.
                let scale = br.hypot(bi);
                let cu = if ulps > 0.0 { ulps.max(2.0) } else { 0.0 };
                let near = |a: f64, b: f64| close(a, b, d, ulps) || (a - b).abs() <= cu * eps(d) * scale;
                near(ar, br) && near(ai, bi)
            }
            (a, b) => a == b,
        };
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?} (dtype {d})");
    }
}

/// The dtypes the tests sweep.
pub(super) const ALL: [DType; 15] = DType::ALL;
