//! The profiler's clock: the CPU's time-stamp counter where it is invariant (it ticks at one rate
//! on every core, whatever the power state), read in a few nanoseconds; elsewhere the OS's
//! monotonic clock. Reading the OS clock costs tens of nanoseconds in a virtual machine (measured
//! here: 60-90 ns), and an event reads the clock twice.
//!
//! Ticks become nanoseconds at collection, against the OS clock: the ratio of the time that passed
//! since the clock's origin (the first profile of the process) to the ticks that passed, so the
//! longer the process profiles, the finer the conversion.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

/// Which counter [`ticks`] reads: 0 not decided yet, 1 the time-stamp counter, 2 the OS clock.
static SOURCE: AtomicU8 = AtomicU8::new(0);

/// The clock's origin: the ticks and the OS time of its first use.
fn origin() -> &'static (u64, Instant) {
    static ORIGIN: OnceLock<(u64, Instant)> = OnceLock::new();
    ORIGIN.get_or_init(|| (raw_ticks(), Instant::now()))
}

/// Whether the CPU has an invariant time-stamp counter (CPUID leaf 0x80000007, EDX bit 8).
fn invariant_tsc() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        // SAFETY: CPUID exists on every x86_64 CPU; the extended leaf is read only when the CPU
        // reports it. (`__cpuid` is a safe function in newer Rust, unsafe in the oldest we support.)
        #[allow(unused_unsafe)]
        unsafe {
            __cpuid(0x8000_0000).eax >= 0x8000_0007 && __cpuid(0x8000_0007).edx & (1 << 8) != 0
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

fn source() -> u8 {
    match SOURCE.load(Ordering::Relaxed) {
        0 => {
            let chosen = if invariant_tsc() { 1 } else { 2 };
            SOURCE.store(chosen, Ordering::Relaxed);
            chosen
        }
        chosen => chosen,
    }
}

#[inline]
fn raw_ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    if source() == 1 {
        // SAFETY: RDTSC exists on every x86_64 CPU and has no preconditions.
        return unsafe { std::arch::x86_64::_rdtsc() };
    }
    os_nanos()
}

/// Nanoseconds of the OS's monotonic clock since a fixed point of this process.
fn os_nanos() -> u64 {
    static BASE: OnceLock<Instant> = OnceLock::new();
    BASE.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// The clock now, in ticks.
#[inline]
pub(super) fn ticks() -> u64 {
    raw_ticks()
}

/// Starts the clock (at the first profile): fixes its origin.
pub(super) fn start() {
    origin();
}

/// Nanoseconds per tick, measured from the clock's origin to now.
pub(super) fn nanos_per_tick() -> f64 {
    if source() != 1 {
        return 1.0;
    }
    let (t0, i0) = *origin();
    let (t1, i1) = (raw_ticks(), Instant::now());
    if t1 <= t0 {
        return 1.0;
    }
    i1.duration_since(i0).as_nanos() as f64 / (t1 - t0) as f64
}
