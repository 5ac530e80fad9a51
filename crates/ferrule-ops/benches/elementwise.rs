//! Micro-benchmark of element-wise kernels: prints ns per call and GB/s (plain main, no harness).
//!
//! Run: `cargo bench -p ferrule-ops --bench elementwise` (set `FERRULE_NUM_THREADS` to vary
//! the pool). GB/s counts the bytes read and written once (numpy's convention for `add` with
//! `out=`: 12 bytes per float32 element).

use std::hint::black_box;
use std::time::{Duration, Instant};

use ferrule_core::{DType, Tensor};
use ferrule_ops::elementwise as ew;
use ferrule_ops::operand::Operand;

/// Best-of-`rounds` time of one call of `f`, each round long enough to average over.
fn time(mut f: impl FnMut()) -> Duration {
    f();
    let mut best = Duration::MAX;
    for _ in 0..7 {
        let start = Instant::now();
        let mut calls = 0u32;
        while start.elapsed() < Duration::from_millis(60) || calls < 3 {
            f();
            calls += 1;
        }
        best = best.min(start.elapsed() / calls);
    }
    best
}

fn report(name: &str, d: Duration, bytes: usize) {
    let ns = d.as_nanos() as f64;
    let gbs = bytes as f64 / ns;
    println!("{name:<44} {ns:>14.1} ns {gbs:>9.2} GB/s");
}

fn floats(n: usize) -> Tensor {
    let data: Vec<f32> = (0..n).map(|i| ((i % 1000) as f32) * 0.01 - 5.0).collect();
    Tensor::from_slice(&data, &[n as i64]).unwrap()
}

fn main() {
    println!("threads: {}", ferrule_ops::pool::num_threads());
    for &n in &[1usize, 1 << 10, 1 << 20, 1 << 24] {
        let a = Operand::Tensor(floats(n));
        let b = Operand::Tensor(floats(n));
        let c = Tensor::zeros(&[n as i64], DType::Float32).unwrap();
        let d = time(|| {
            black_box(ew::add(&a, &b, Some(&c)).unwrap());
        });
        report(&format!("add f32 out= n={n}"), d, 12 * n);
    }
    for &n in &[1usize, 1 << 10, 1 << 20, 1 << 24] {
        let x = floats(n);
        let d = time(|| {
            black_box(ew::exp(&x, None).unwrap());
        });
        report(&format!("exp f32 n={n}"), d, 8 * n);
        let out = Tensor::zeros(&[n as i64], DType::Float32).unwrap();
        let d = time(|| {
            black_box(ew::exp(&x, Some(&out)).unwrap());
        });
        report(&format!("exp f32 out= n={n}"), d, 8 * n);
    }
    let n = 1 << 20;
    let x64 = ew::astype(&floats(n), DType::Float64, true, None).unwrap();
    let d = time(|| {
        black_box(ew::exp(&x64, None).unwrap());
    });
    report(&format!("exp f64 n={n}"), d, 16 * n);
    let d = time(|| {
        black_box(ew::sin(&floats(n), None).unwrap());
    });
    report(&format!("sin f32 (incl. input alloc) n={n}"), d, 8 * n);
    let lon = Operand::Tensor(x64.clone());
    let s = |v: f64| Operand::Scalar(ferrule_ops::Scalar::Float(v));
    let d = time(|| {
        black_box(ew::geo_distance(&lon, &s(22.6), &s(114.3), &s(22.7)).unwrap());
    });
    report(&format!("geo_distance f64 n={n}"), d, 16 * n);
    let t = floats(n).reshape(&[1024, 1024]).unwrap().transpose(0, 1).unwrap();
    let d = time(|| {
        black_box(ew::add(&Operand::Tensor(t.clone()), &Operand::Tensor(t.clone()), None).unwrap());
    });
    report("add f32 transposed 1024x1024", d, 12 * n);
}
