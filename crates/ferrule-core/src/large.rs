//! Large host blocks: mapped straight from the OS, aligned to 2 MiB with transparent huge pages
//! requested, and a bounded cache of recently freed blocks.
//!
//! Why: a fresh 64 MiB output taken from `calloc` costs 16384 page faults of 4 KiB, each zeroing
//! a page, and those cost more than the kernel that fills the output (`a + b` on 16M float32 ran
//! at 0.4× numpy's speed for that reason alone). numpy asks for huge pages on large blocks; this
//! module does the same (one fault per 2 MiB) and, on top, keeps up to
//! [`cache_limit`] bytes of freed blocks to hand out again to outputs a kernel overwrites in
//! full, which then cost no fault and no zeroing at all.
//!
//! The cache is bounded: its bytes never exceed the limit ([`DEFAULT_CACHE_BYTES`], settable
//! with the `FERRULE_ALLOC_CACHE_MB` environment variable read at the first large allocation,
//! or [`set_cache_limit`]), and a block that sat in it unused for [`MAX_IDLE`] goes back to the
//! OS at the next large allocation or release ([`trim`] returns them all at once). Zeroed
//! requests never come from the cache: a fresh mapping is zero already, and its pages are first
//! touched by the threads that write them.
//!
//! Only Linux takes this path ([`enabled`]); elsewhere large blocks come from the global
//! allocator as small ones do.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Blocks of at least this many bytes are mapped here (numpy's threshold for huge-page advice).
pub const LARGE_BYTES: usize = 1 << 22;

/// The cache's default limit in bytes (256 MiB): room for the result and operands of a few
/// 16M-element float64 operations in flight.
pub const DEFAULT_CACHE_BYTES: usize = 256 << 20;

/// How long a freed block may sit in the cache unused before it goes back to the OS.
pub const MAX_IDLE: Duration = Duration::from_secs(2);

/// The huge-page size blocks are aligned to and rounded up to.
const HUGE_PAGE: usize = 1 << 21;

/// Sentinel of [`LIMIT`] before the environment was read.
const UNSET: usize = usize::MAX;

static LIMIT: AtomicUsize = AtomicUsize::new(UNSET);

/// A freed block kept for reuse.
struct Cached {
    ptr: NonNull<u8>,
    len: usize,
    since: Instant,
}

// SAFETY: a cached block is plain memory that no one else references.
unsafe impl Send for Cached {}

struct Cache {
    blocks: Vec<Cached>,
    bytes: usize,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { blocks: Vec::new(), bytes: 0 });

fn cache() -> MutexGuard<'static, Cache> {
    // a panic while holding the lock cannot leave the list inconsistent (pushes and removes only)
    CACHE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether large blocks are mapped by this module on this platform.
pub const fn enabled() -> bool {
    cfg!(target_os = "linux")
}

/// The cache limit in bytes now in force.
pub fn cache_limit() -> usize {
    match LIMIT.load(Ordering::Relaxed) {
        UNSET => {
            let from_env = std::env::var("FERRULE_ALLOC_CACHE_MB")
                .ok()
                .and_then(|v| v.trim().parse::<usize>().ok())
                .map_or(DEFAULT_CACHE_BYTES, |mb| mb.saturating_mul(1 << 20).min(UNSET - 1));
            // another thread may have set a limit meanwhile: keep that one
            match LIMIT.compare_exchange(UNSET, from_env, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => from_env,
                Err(set) => set,
            }
        }
        limit => limit,
    }
}

/// Sets the cache limit in bytes (0 turns the cache off) and returns blocks beyond it to the OS.
pub fn set_cache_limit(bytes: usize) {
    LIMIT.store(bytes.min(UNSET - 1), Ordering::Relaxed);
    let mut cache = cache();
    evict(&mut cache, bytes, Instant::now());
}

/// Bytes held by the cache now.
pub fn cached_bytes() -> usize {
    cache().bytes
}

/// Returns every cached block to the OS.
pub fn trim() {
    evict(&mut cache(), 0, Instant::now());
}

/// Drops idle blocks and, oldest first, blocks beyond `limit`.
fn evict(cache: &mut Cache, limit: usize, now: Instant) {
    let mut i = 0;
    while i < cache.blocks.len() {
        if now.duration_since(cache.blocks[i].since) >= MAX_IDLE {
            let block = cache.blocks.swap_remove(i);
            cache.bytes -= block.len;
            unmap(block.ptr, block.len);
        } else {
            i += 1;
        }
    }
    while cache.bytes > limit {
        let oldest = (0..cache.blocks.len()).min_by_key(|&i| cache.blocks[i].since).expect("bytes > 0 means blocks");
        let block = cache.blocks.swap_remove(oldest);
        cache.bytes -= block.len;
        unmap(block.ptr, block.len);
    }
}

/// The mapped length of a block of `nbytes`: whole huge pages. `None` on overflow.
pub fn mapped_len(nbytes: usize) -> Option<usize> {
    nbytes.checked_add(HUGE_PAGE - 1).map(|n| n & !(HUGE_PAGE - 1))
}

/// A block of at least `nbytes` (≥ [`LARGE_BYTES`]), 2 MiB aligned, and its mapped length;
/// `None` when the OS refuses. `zeroed`: the bytes must read as zero (then the block is a fresh
/// mapping); otherwise a cached block may be handed out with its old contents.
pub fn allocate(nbytes: usize, zeroed: bool) -> Option<(NonNull<u8>, usize)> {
    let len = mapped_len(nbytes)?;
    let now = Instant::now();
    {
        let mut cache = cache();
        evict(&mut cache, cache_limit(), now);
        if !zeroed {
            // the smallest cached block that fits without wasting more than a quarter
            let best = (0..cache.blocks.len())
                .filter(|&i| cache.blocks[i].len >= len && cache.blocks[i].len - len <= len / 4)
                .min_by_key(|&i| cache.blocks[i].len);
            if let Some(i) = best {
                let block = cache.blocks.swap_remove(i);
                cache.bytes -= block.len;
                return Some((block.ptr, block.len));
            }
        }
    }
    map(len)
        .or_else(|| {
            // the OS refused: give the cache back and try once more
            trim();
            map(len)
        })
        .map(|ptr| (ptr, len))
}

/// Releases a block [`allocate`] returned (with the length it returned): into the cache when it
/// fits under the limit, otherwise back to the OS.
///
/// # Safety
///
/// `ptr` and `len` come from one [`allocate`] call, and the block is not used afterwards.
pub unsafe fn release(ptr: NonNull<u8>, len: usize) {
    let limit = cache_limit();
    if len > limit {
        unmap(ptr, len);
        return;
    }
    let now = Instant::now();
    let mut cache = cache();
    evict(&mut cache, limit - len, now);
    if cache.blocks.try_reserve(1).is_err() {
        drop(cache);
        unmap(ptr, len);
        return;
    }
    cache.bytes += len;
    cache.blocks.push(Cached { ptr, len, since: now });
}

#[cfg(target_os = "linux")]
fn map(len: usize) -> Option<NonNull<u8>> {
    // over-map by one huge page so that a 2 MiB-aligned start exists, then cut the slack off
    let span = len.checked_add(HUGE_PAGE)?;
    // SAFETY: an anonymous private mapping with no address hint touches no existing memory.
    let raw = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            span,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if raw == libc::MAP_FAILED {
        return None;
    }
    let start = raw as usize;
    let aligned = (start + HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
    let head = aligned - start;
    let tail = span - head - len;
    // SAFETY: head and tail are page-aligned parts of the mapping just made, outside the block
    // kept; unmapping them cannot fail for a valid range (an error would only leave them mapped).
    unsafe {
        if head > 0 {
            libc::munmap(raw, head);
        }
        if tail > 0 {
            libc::munmap((aligned + len) as *mut libc::c_void, tail);
        }
        // advice only: an older kernel or THP switched off leaves 4 KiB pages, which still work
        libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
    NonNull::new(aligned as *mut u8)
}

#[cfg(target_os = "linux")]
fn unmap(ptr: NonNull<u8>, len: usize) {
    // SAFETY: the block was mapped by `map` with this length and nothing references it.
    unsafe { libc::munmap(ptr.as_ptr().cast(), len) };
}

#[cfg(not(target_os = "linux"))]
fn map(_len: usize) -> Option<NonNull<u8>> {
    None
}

#[cfg(not(target_os = "linux"))]
fn unmap(_ptr: NonNull<u8>, _len: usize) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_huge_page_aligned_and_whole() {
        let (ptr, len) = allocate(LARGE_BYTES + 1, true).unwrap();
        assert_eq!(ptr.as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(len, LARGE_BYTES + HUGE_PAGE);
        // SAFETY: `len` bytes, freshly mapped: zero and writable.
        unsafe {
            assert_eq!(*ptr.as_ptr().add(len - 1), 0);
            ptr.as_ptr().add(len - 1).write(1);
            release(ptr, len);
        }
    }

    #[test]
    fn mapped_len_rounds_to_huge_pages() {
        assert_eq!(mapped_len(HUGE_PAGE), Some(HUGE_PAGE));
        assert_eq!(mapped_len(HUGE_PAGE + 1), Some(2 * HUGE_PAGE));
        assert_eq!(mapped_len(usize::MAX), None);
    }

    #[test]
    fn absurd_sizes_are_refused() {
        assert!(allocate(1 << 62, false).is_none());
        assert!(allocate(usize::MAX - 1, true).is_none());
    }
}
