//! Long kernels stop on an interrupt: inside an interruptible call (`ferrule_core::interrupt::run`,
//! which the op glue wraps every kernel in) whose hook reports one, each returns the hook's
//! error well within a second, instead of running for seconds or minutes; short calls never ask
//! the hook, and kernels called outside such a call never stop.
//!
//! One test function: the hook is process-wide.

use std::time::{Duration, Instant};

use ferrule_core::{interrupt, Complex64, DType, Error, ErrorKind, Result, Tensor};
use ferrule_ops::{creation, elementwise, index, linalg, random, reduce, set, sort, Scalar};

fn always_interrupted() -> Result<()> {
    Err(Error::new(ErrorKind::KeyboardInterrupt, "stopped by the test"))
}

/// Runs `kernel` as an interruptible call and checks that it stopped with the hook's error
/// within [`BOUND`].
fn stops<T>(what: &str, kernel: impl FnOnce() -> Result<T>) {
    let start = Instant::now();
    let Err(err) = interrupt::run(kernel) else {
        panic!("{what}: ran to the end in {:?} (the first check comes after 20 ms)", start.elapsed());
    };
    assert_eq!((err.kind, err.message.as_str()), (ErrorKind::KeyboardInterrupt, "stopped by the test"), "{what}");
    assert!(start.elapsed() < BOUND, "{what}: stopped after {:?}", start.elapsed());
}

/// How soon a kernel must stop. Unloaded, each stops within about 30 ms (the first poll comes
/// after 20 ms); the bound is wide because `make test` may share two cores with other builds
/// (1 s failed at a load average of 15-20), and a kernel that did not poll would either finish
/// (caught above) or run for far longer.
const BOUND: Duration = Duration::from_secs(5);

fn floats(n: usize) -> Tensor {
    random::uniform(-1.0, 1.0, &[n as i64], Some(7), None).unwrap()
}

#[test]
fn long_kernels_stop_on_an_interrupt() {
    interrupt::set_hook(Some(always_interrupted));
    let row = Tensor::from_slice(&[1.0f64, 2.0, 3.0], &[3]).unwrap();
    // 25G elements of a (2**33, 3) broadcast: minutes of work, no memory.
    let huge = row.broadcast_to(&[1 << 33, 3]).unwrap();

    // Short calls never ask the hook, and nothing outside an interruptible call ever stops.
    let small = interrupt::run(|| reduce::sum(&row, None, None, false)).unwrap();
    assert_eq!(small.to_vec::<f64>().unwrap(), [6.0]);
    let rows = huge.slice(0, Some(0), Some(1 << 20), 1).unwrap();
    assert_eq!(reduce::sum(&rows, None, None, false).unwrap().to_vec::<f64>().unwrap(), [6.0 * (1 << 20) as f64]);

    // Reductions (full, along the long axis, along the short one), arg-reductions.
    stops("sum", || reduce::sum(&huge, None, None, false));
    stops("sum over axis 0", || reduce::sum(&huge, Some(&[0]), None, false));
    stops("max over axis 1", || reduce::max(&huge.transpose(0, 1).unwrap(), Some(&[1]), false));
    stops("count_nonzero", || reduce::count_nonzero(&huge, None, false));
    stops("argmax over axis 0", || reduce::argmax(&huge, Some(0), false));
    // 2**59 elements: one value slot per block of the pool would be 4 TiB (an abort).
    let long = row.slice(0, Some(0), Some(1), 1).unwrap().broadcast_to(&[1 << 59]).unwrap();
    stops("sum of 2**59 elements", || reduce::sum(&long, None, None, false));
    let column = row.slice(0, Some(0), Some(1), 1).unwrap().broadcast_to(&[1 << 59, 1]).unwrap();
    stops("sum of 2**59 short rows", || reduce::sum(&column, None, None, false));

    // Element-wise ops and copies (results of 64 MiB to 256 MiB).
    let complex = Tensor::from_slice(&[Complex64 { re: 0.5, im: 0.25 }, Complex64 { re: -3.0, im: 1.0 }], &[2])
        .unwrap()
        .broadcast_to(&[1 << 21, 2])
        .unwrap();
    stops("asinh (complex128)", || elementwise::asinh(&complex, None));
    let tall = huge.slice(0, Some(0), Some(1 << 23), 1).unwrap();
    stops("copy of a broadcast", || tall.copy());
    stops("astype", || elementwise::astype(&tall, DType::Float32, true, None));

    // Creation and random fills.
    stops("ones", || creation::ones(&[1 << 26], None, None));
    stops("arange", || creation::arange(Scalar::Int(1 << 25), None, Scalar::Int(1), None, None));
    stops("random.uniform", || random::uniform(0.0, 1.0, &[1 << 25], Some(1), None));

    // Sorting, unique values, scans, gathers.
    let values = floats(1 << 24);
    stops("sort", || sort::sort(&values, -1, false, true));
    stops("argsort", || sort::argsort(&values, -1, false, true));
    stops("unique_values", || set::unique_values(&values));
    stops("unique_all", || set::unique_all(&values));
    // (2**24 values scan in ~8 ms, under the first poll: 2**28 of one broadcast value, read in
    // place, so only the 2 GiB result is allocated, and lazily)
    let ones = row.slice(0, Some(0), Some(1), 1).unwrap().broadcast_to(&[1 << 28]).unwrap();
    stops("cumulative_sum", || reduce::cumulative_sum(&ones, None, None, false));
    let everywhere = creation::ones(&[1 << 25], Some(DType::Bool), None).unwrap();
    stops("nonzero", || index::nonzero(&everywhere));
    // (the one-pass gather takes 2**24 indices in ~10 ms, under the first poll: 2**27 of them,
    // one index broadcast, so only the 1 GiB result is allocated, and lazily)
    let indices = Tensor::from_slice(&[5i64], &[1]).unwrap().broadcast_to(&[1 << 27]).unwrap();
    stops("take", || index::take(&values, &indices, Some(0)));

    // Matrix products: ferrule's own float32 kernel, and gemm with a 2**33-long inner dim.
    let a = random::uniform(-1.0, 1.0, &[3072, 3072], Some(3), Some(DType::Float32)).unwrap();
    stops("matmul (float32, 3072^2)", || linalg::matmul(&a, &a, None));
    let x1 = huge.transpose(0, 1).unwrap();
    stops("matmul (inner dim 2**33)", || linalg::matmul(&x1, &huge, None));
    let one = Tensor::from_slice(&[1i64], &[1, 1]).unwrap();
    let (ints, cols) = (one.broadcast_to(&[1, 1 << 33]).unwrap(), one.broadcast_to(&[1 << 33, 4]).unwrap());
    stops("matmul (int64, inner dim 2**33)", || linalg::matmul(&ints, &cols, None));

    interrupt::set_hook(None);
}
