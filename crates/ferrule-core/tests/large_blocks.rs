//! Large blocks (`ferrule_core::large`): freed ones are reused, the cache stays under its limit,
//! and the process's resident memory after freeing large tensors returns to within that limit.
//!
//! One test function on purpose: the cache and the resident set are process-wide, so the steps
//! must not interleave with other tests (each file under tests/ is its own process).
#![cfg(target_os = "linux")]

use std::time::Duration;

use ferrule_core::{large, DType, Tensor};

const MIB: usize = 1 << 20;

/// The resident set of this process in bytes (`VmRSS` of /proc/self/status).
fn rss() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    let kb: usize = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// A float32 tensor of `mib` MiB whose every byte was written (so its pages are resident).
fn touched(mib: usize) -> Tensor {
    let elements = (mib * MIB / 4) as i64;
    // SAFETY: every byte is written right below, before anything reads the tensor.
    let t = unsafe { Tensor::uninit(&[elements], DType::Float32) }.unwrap();
    // SAFETY: the tensor is fresh, contiguous and `nbytes()` long.
    unsafe { t.data_ptr().write_bytes(1, t.nbytes()) };
    t
}

#[test]
fn freed_large_blocks_are_reused_bounded_and_returned() {
    let limit = 64 * MIB;
    large::set_cache_limit(limit);
    assert_eq!(large::cache_limit(), limit);

    // a fresh zeroed block reads as zero; a freed one is handed out again to an uninit request
    let zeroed = Tensor::zeros(&[(8 * MIB / 4) as i64], DType::Float32).unwrap();
    assert!(zeroed.to_vec::<f32>().unwrap().iter().all(|&v| v == 0.0));
    let ptr = zeroed.data_ptr();
    drop(zeroed);
    assert_eq!(large::cached_bytes(), 8 * MIB);
    // SAFETY: only the pointer is compared; the tensor is dropped unread.
    let again = unsafe { Tensor::uninit(&[(8 * MIB / 4) as i64], DType::Float32) }.unwrap();
    assert_eq!(again.data_ptr(), ptr, "the cached block was not reused");
    assert_eq!(large::cached_bytes(), 0);
    // a zeroed request never takes a cached (dirty) block
    // SAFETY: every byte is written before the tensor is dropped.
    unsafe { again.data_ptr().write_bytes(0xff, again.nbytes()) };
    drop(again);
    let clean = Tensor::zeros(&[(8 * MIB / 4) as i64], DType::Float32).unwrap();
    assert!(clean.to_vec::<f32>().unwrap().iter().all(|&v| v == 0.0));
    drop(clean);
    large::trim();
    assert_eq!(large::cached_bytes(), 0);

    // resident memory: six 32 MiB tensors in, all freed: at most the limit stays
    let base = rss();
    let tensors: Vec<Tensor> = (0..6).map(|_| touched(32)).collect();
    let peak = rss();
    assert!(peak >= base + 150 * MIB, "the touched tensors are not resident: {base} -> {peak}");
    drop(tensors);
    let after = rss();
    assert!(large::cached_bytes() <= limit);
    let slack = 8 * MIB;
    assert!(after <= base + limit + slack, "RSS {after} is above {base} + the {limit}-byte cache limit");
    large::trim();
    let trimmed = rss();
    assert!(trimmed <= base + slack, "RSS {trimmed} did not return to {base} after trim");

    // a block that sits unused for MAX_IDLE goes back to the OS at the next large allocation
    drop(touched(8));
    assert_eq!(large::cached_bytes(), 8 * MIB);
    std::thread::sleep(large::MAX_IDLE + Duration::from_millis(100));
    let other = Tensor::zeros(&[(4 * MIB) as i64], DType::Int8).unwrap();
    assert_eq!(large::cached_bytes(), 0, "the idle block was kept");
    drop(other);

    // a limit of zero turns the cache off
    large::set_cache_limit(0);
    assert_eq!(large::cached_bytes(), 0);
    drop(touched(8));
    assert_eq!(large::cached_bytes(), 0);
}
