//! Micro-benchmark of reductions (GB/s) and matmul (GFLOP/s); run with `cargo bench -p ferrule-ops --bench reduce_linalg`.
//!
//! Prints one line per case: the best time of several runs and the throughput. Compare with
//! numpy in the same run (`benches/python/` or a one-liner) since the machines are shared.

use std::hint::black_box;
use std::time::{Duration, Instant};

use ferrule_core::{DType, Tensor};
use ferrule_ops::{linalg, random, reduce};

/// The best wall time of `f` over repeated runs lasting about `budget` in total.
fn best_time(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < budget && runs < 10_000) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn report(name: &str, time: Duration, amount: f64, unit: &str) {
    let secs = time.as_secs_f64();
    if secs < 1e-4 {
        println!("{name:<40} {:>10.1} ns  {:>8.2} {unit}", secs * 1e9, amount / secs / 1e9);
    } else {
        println!("{name:<40} {:>10.3} ms  {:>8.2} {unit}", secs * 1e3, amount / secs / 1e9);
    }
}

fn uniform(shape: &[i64], dtype: DType) -> Tensor {
    random::uniform(-1.0, 1.0, shape, Some(1), Some(dtype)).expect("random tensor")
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let budget = Duration::from_millis(1500);
    println!("threads: {}", ferrule_ops::pool::num_threads());

    for (name, shape, axis) in [
        ("sum f32 16M", vec![1i64 << 24], None),
        ("sum f64 8M", vec![1i64 << 23], None),
        ("sum f32 4096x4096 axis=0", vec![4096, 4096], Some(vec![0i64])),
        ("sum f32 4096x4096 axis=1", vec![4096, 4096], Some(vec![1i64])),
        ("sum f32 1K", vec![1024], None),
    ] {
        if !wanted(name) {
            continue;
        }
        let dtype = if name.contains("f64") { DType::Float64 } else { DType::Float32 };
        let x = uniform(&shape, dtype);
        let t = best_time(budget, || {
            black_box(reduce::sum(&x, axis.as_deref(), None, false).unwrap());
        });
        report(name, t, x.nbytes() as f64, "GB/s");
    }
    if wanted("max f32 16M") {
        let x = uniform(&[1 << 24], DType::Float32);
        let t = best_time(budget, || {
            black_box(reduce::max(&x, None, false).unwrap());
        });
        report("max f32 16M", t, x.nbytes() as f64, "GB/s");
    }

    for (name, n, dtype, transpose) in [
        ("matmul f32 2x2", 2i64, DType::Float32, false),
        ("matmul f32 64", 64, DType::Float32, false),
        ("matmul f32 256", 256, DType::Float32, false),
        ("matmul f32 1024", 1024, DType::Float32, false),
        ("matmul f32 1024 (a.T @ b)", 1024, DType::Float32, true),
        ("matmul f32 2048", 2048, DType::Float32, false),
        ("matmul f64 1024", 1024, DType::Float64, false),
        ("matmul c64 512", 512, DType::Complex64, false),
    ] {
        if !wanted(name) {
            continue;
        }
        let a = uniform(&[n, n], if dtype.is_complex() { DType::Float32 } else { dtype });
        let a = if dtype.is_complex() { reduce_cast(&a, dtype) } else { a };
        let a = if transpose { a.transpose(0, 1).unwrap() } else { a };
        let b = a.clone();
        let t = best_time(budget, || {
            black_box(linalg::matmul(&a, &b, None).unwrap());
        });
        let flops = 2.0 * (n * n * n) as f64 * if dtype.is_complex() { 4.0 } else { 1.0 };
        report(name, t, flops, "GFLOP/s");
    }
}

/// `x` converted to `dtype` through a sum over no axes (the reductions' converting copy).
fn reduce_cast(x: &Tensor, dtype: DType) -> Tensor {
    reduce::sum(x, Some(&[]), Some(dtype), false).unwrap()
}
