//! ferrule's own single-precision GEMM for x86-64 with AVX2 and FMA: packed panels and a 6x16
//! register-blocked micro-kernel in the layout of BLIS (Van Zee and van de Geijn, "BLIS: A
//! Framework for Rapidly Instantiating BLAS Functionality", 2015).
//!
//! Loop nest (outer to inner): the shared dimension by [`KC`], rows of `c` by [`MC`] (these
//! two as work items handed out to the workers; the block's `MC x KC` part of `a` is packed
//! into [`MR`]-tall panels), columns by [`NR`] (`KC x NR` panels of `b`, packed once and
//! shared by every worker), then the micro-kernel over `MR x NR` tiles of `c`.
//!
//! The packing buffers are thread-local and kept for reuse (up to 32 MiB of packed `b` on a
//! thread that calls [`sgemm`], `MC x KC` floats on each worker). Measured on the
//! 2-core AMD EPYC (Zen 3) CI machine, single-threaded: 92 GFLOP/s at 1024² against OpenBLAS's
//! 94 (the `gemm` crate: 88); see `benches/python/bench_ops.py`.

use std::arch::x86_64::*;

use crate::iter::SendPtr;

/// Rows of a micro-tile (six 16-wide rows: 12 accumulators, 2 `b` vectors, 1 broadcast).
pub(crate) const MR: usize = 6;
/// Columns of a micro-tile (two AVX vectors).
pub(crate) const NR: usize = 16;
/// Depth of a packed slab: a `KC x NR` panel of `b` (24 KiB) stays in a 32 KiB L1 while the
/// `MR x KC` panels of `a` stream through it from L2 (tuned on Zen 3: 192..384 tried).
pub(crate) const KC: usize = 384;
/// Rows of a packed block of `a` (`MC x KC` floats, 108 KiB, sit in L2; 72..240 tried).
pub(crate) const MC: usize = 72;
/// Depth steps before the end of a micro-kernel at which it prefetches its tile of `c`
/// (16..160 tried).
const PREFETCH_C: usize = 96;
/// Most panels of `b` packed together, row by row: reading `GROUP * NR` contiguous floats of
/// each row of a row-major `b` keeps its reads sequential within a page (1 panel at a time
/// reads 64 bytes per 4 KiB row; 4..16 tried). Narrow products use smaller groups, so that
/// each worker has two to pack.
const GROUP: usize = 8;

/// Whether this CPU runs the kernel (AVX2 and FMA).
pub(crate) fn available() -> bool {
    is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
}

/// A 64-byte aligned scratch buffer of `f32`, grown on demand and reused.
#[derive(Default)]
pub(crate) struct Scratch {
    buf: Vec<f32>,
}

/// Bytes in a transparent huge page (x86-64).
const HUGE_PAGE: usize = 2 << 20;

impl Scratch {
    /// A pointer to at least `len` floats aligned to 64 bytes (contents unspecified). A buffer
    /// of a huge page or more starts on a huge-page boundary and asks Linux to back it with
    /// huge pages (the packed `b` slab: one TLB entry per 2 MiB while its panels are packed
    /// and read; numpy advises its large arrays the same way).
    fn get(&mut self, len: usize) -> *mut f32 {
        let align = if len * 4 >= HUGE_PAGE { HUGE_PAGE } else { 64 };
        if self.buf.len() < len + align / 4 {
            // Zeroed, so a large buffer comes as fresh pages, not yet touched when advised.
            self.buf = vec![0.0; len + align / 4];
            if align == HUGE_PAGE {
                let p = self.buf.as_mut_ptr();
                // SAFETY: the aligned start is fewer than `align` bytes in, and `len` floats
                // from it are inside the buffer.
                advise_huge_pages(unsafe { p.add(p.align_offset(align)) }.cast(), len * 4);
            }
        }
        let p = self.buf.as_mut_ptr();
        let off = p.align_offset(align);
        // SAFETY: `off < align / 4` floats, and the buffer has that much slack.
        unsafe { p.add(off) }
    }
}

/// Asks the kernel to back `len` bytes at `addr` (aligned to [`HUGE_PAGE`]) with transparent
/// huge pages. Advice only: where the kernel declines (THP off), nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: *mut u8, len: usize) {
    // SAFETY: madvise reads no memory; the range is mapped (inside a live allocation). Its
    // result is ignored on purpose: the advice changes speed, never contents.
    unsafe { libc::madvise(addr.cast(), len, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: *mut u8, _len: usize) {}

/// Packs rows `0..mr` (`mr <= MR`) by columns `0..kc` of `a` into `dst` as `kc` groups of `MR`
/// floats, zero-padding rows `mr..MR`.
///
/// # Safety
/// `a` with strides `(rsa, csa)` addresses `mr x kc` valid floats; `dst` holds `MR * kc`.
#[inline(always)]
unsafe fn pack_a_panel(mr: usize, kc: usize, a: *const f32, rsa: isize, csa: isize, dst: *mut f32) {
    unsafe {
        if mr == MR && csa == 1 {
            for p in 0..kc {
                for r in 0..MR {
                    *dst.add(p * MR + r) = *a.offset(r as isize * rsa + p as isize);
                }
            }
        } else if mr == MR && rsa == 1 {
            for p in 0..kc {
                let src = a.offset(p as isize * csa);
                std::ptr::copy_nonoverlapping(src, dst.add(p * MR), MR);
            }
        } else {
            for p in 0..kc {
                for r in 0..MR {
                    *dst.add(p * MR + r) = if r < mr { *a.offset(r as isize * rsa + p as isize * csa) } else { 0.0 };
                }
            }
        }
    }
}

/// Packs columns `0..nr` (`nr <= NR`) by rows `0..kc` of `b` into `dst` as `kc` groups of `NR`
/// floats, zero-padding columns `nr..NR`.
///
/// # Safety
/// `b` with strides `(rsb, csb)` addresses `kc x nr` valid floats; `dst` holds `NR * kc`.
#[inline(always)]
unsafe fn pack_b_panel(nr: usize, kc: usize, b: *const f32, rsb: isize, csb: isize, dst: *mut f32) {
    unsafe {
        if nr == NR && csb == 1 {
            for p in 0..kc {
                std::ptr::copy_nonoverlapping(b.offset(p as isize * rsb), dst.add(p * NR), NR);
            }
        } else {
            for p in 0..kc {
                for j in 0..NR {
                    *dst.add(p * NR + j) = if j < nr { *b.offset(p as isize * rsb + j as isize * csb) } else { 0.0 };
                }
            }
        }
    }
}

/// Packs the `ncols` columns (`ncols <= count * NR`) by rows `0..kc` of `b` into `count`
/// consecutive panels of `dst` (panel `q` at `q * NR * kc`, as [`pack_b_panel`] writes it). A
/// row-major `b` with whole panels goes row by row, reading `count * NR` contiguous floats of
/// each row.
///
/// # Safety
/// `b` with strides `(rsb, csb)` addresses `kc x ncols` valid floats; `dst` holds
/// `count * NR * kc`.
unsafe fn pack_b_panels(count: usize, ncols: usize, kc: usize, b: *const f32, rsb: isize, csb: isize, dst: *mut f32) {
    unsafe {
        if csb == 1 && ncols == count * NR {
            for p in 0..kc {
                let row = b.offset(p as isize * rsb);
                for q in 0..count {
                    std::ptr::copy_nonoverlapping(row.add(q * NR), dst.add(q * NR * kc + p * NR), NR);
                }
            }
        } else {
            for q in 0..count {
                let nr = NR.min(ncols - q * NR);
                pack_b_panel(nr, kc, b.offset((q * NR) as isize * csb), rsb, csb, dst.add(q * NR * kc));
            }
        }
    }
}

/// `c[0..mr, 0..nr] (+)= a_panel @ b_panel` for packed panels of depth `kc`; accumulates into
/// `c` when `acc`, overwrites it otherwise.
///
/// # Safety
/// AVX2 and FMA present; panels as [`pack_a_panel`] / [`pack_b_panel`] wrote them (aligned to
/// 32 bytes); `c` with strides `(rsc, csc)` addresses `mr x nr` valid floats.
#[target_feature(enable = "avx2,fma")]
#[allow(clippy::too_many_arguments)]
unsafe fn kernel(
    kc: usize,
    a: *const f32,
    b: *const f32,
    c: *mut f32,
    rsc: isize,
    csc: isize,
    mr: usize,
    nr: usize,
    acc: bool,
) {
    unsafe {
        let z = _mm256_setzero_ps();
        let (mut c00, mut c01, mut c10, mut c11, mut c20, mut c21) = (z, z, z, z, z, z);
        let (mut c30, mut c31, mut c40, mut c41, mut c50, mut c51) = (z, z, z, z, z, z);
        let (mut a, mut b) = (a, b);
        macro_rules! step {
            () => {{
                let b0 = _mm256_load_ps(b);
                let b1 = _mm256_load_ps(b.add(8));
                let x = _mm256_broadcast_ss(&*a);
                c00 = _mm256_fmadd_ps(x, b0, c00);
                c01 = _mm256_fmadd_ps(x, b1, c01);
                let x = _mm256_broadcast_ss(&*a.add(1));
                c10 = _mm256_fmadd_ps(x, b0, c10);
                c11 = _mm256_fmadd_ps(x, b1, c11);
                let x = _mm256_broadcast_ss(&*a.add(2));
                c20 = _mm256_fmadd_ps(x, b0, c20);
                c21 = _mm256_fmadd_ps(x, b1, c21);
                let x = _mm256_broadcast_ss(&*a.add(3));
                c30 = _mm256_fmadd_ps(x, b0, c30);
                c31 = _mm256_fmadd_ps(x, b1, c31);
                let x = _mm256_broadcast_ss(&*a.add(4));
                c40 = _mm256_fmadd_ps(x, b0, c40);
                c41 = _mm256_fmadd_ps(x, b1, c41);
                let x = _mm256_broadcast_ss(&*a.add(5));
                c50 = _mm256_fmadd_ps(x, b0, c50);
                c51 = _mm256_fmadd_ps(x, b1, c51);
                a = a.add(MR);
                b = b.add(NR);
            }};
        }
        macro_rules! four_steps {
            () => {{
                _mm_prefetch::<_MM_HINT_T0>(a.wrapping_add(MR * 16).cast());
                step!();
                step!();
                _mm_prefetch::<_MM_HINT_T0>(a.wrapping_add(MR * 16).cast());
                step!();
                step!();
            }};
        }
        // The tile of `c` is fetched PREFETCH_C steps before the end: issued at the start, it
        // would be evicted again by the panels streaming through L1 (measured: 1% slower).
        let mut p = kc;
        while p >= kc.min(PREFETCH_C) + 4 {
            four_steps!();
            p -= 4;
        }
        for r in 0..mr {
            let row = c.offset(r as isize * rsc);
            _mm_prefetch::<_MM_HINT_T0>(row.cast());
            _mm_prefetch::<_MM_HINT_T0>(row.wrapping_offset(15 * csc).cast());
        }
        while p >= 4 {
            four_steps!();
            p -= 4;
        }
        while p > 0 {
            step!();
            p -= 1;
        }
        let rows = [[c00, c01], [c10, c11], [c20, c21], [c30, c31], [c40, c41], [c50, c51]];
        if mr == MR && nr == NR && csc == 1 {
            for (r, [v0, v1]) in rows.into_iter().enumerate() {
                let dst = c.offset(r as isize * rsc);
                let (mut v0, mut v1) = (v0, v1);
                if acc {
                    v0 = _mm256_add_ps(v0, _mm256_loadu_ps(dst));
                    v1 = _mm256_add_ps(v1, _mm256_loadu_ps(dst.add(8)));
                }
                _mm256_storeu_ps(dst, v0);
                _mm256_storeu_ps(dst.add(8), v1);
            }
        } else {
            let mut tile = [0.0f32; MR * NR];
            for (r, [v0, v1]) in rows.into_iter().enumerate() {
                _mm256_storeu_ps(tile.as_mut_ptr().add(r * NR), v0);
                _mm256_storeu_ps(tile.as_mut_ptr().add(r * NR + 8), v1);
            }
            for r in 0..mr {
                for j in 0..nr {
                    let dst = c.offset(r as isize * rsc + j as isize * csc);
                    let v = tile[r * NR + j];
                    *dst = if acc { *dst + v } else { v };
                }
            }
        }
    }
}

/// A matrix operand: base pointer and element strides (row, column).
#[derive(Clone, Copy)]
pub(crate) struct Mat {
    /// Address of element (0, 0).
    pub(crate) ptr: *mut f32,
    /// Row stride in elements.
    pub(crate) rs: isize,
    /// Column stride in elements.
    pub(crate) cs: isize,
}

impl Mat {
    /// The address of element `(r, c)` (computed with wrapping arithmetic; valid to
    /// dereference when `(r, c)` is inside the matrix).
    #[inline(always)]
    fn at(self, r: usize, c: usize) -> *mut f32 {
        self.ptr.wrapping_offset(r as isize * self.rs + c as isize * self.cs)
    }
}

// SAFETY: a `Mat` is an address plus strides; the callers of `sgemm` promise the rows a
// thread writes are its own.
unsafe impl Send for Mat {}
unsafe impl Sync for Mat {}

/// Runs `body(range)` over `0..n` split into ranges, possibly in parallel; `body` must be
/// callable from several threads at once.
pub(crate) type ParallelFor<'a> = &'a dyn Fn(usize, &(dyn Fn(std::ops::Range<usize>) + Sync));

/// Most floats of packed `b` kept at once (32 MiB): the whole of `b` when it fits, so one
/// parallel region covers the product; larger products go by column slabs.
const B_PACK_LIMIT: usize = 8 << 20;

/// A group of panels of packed `b` not yet packed, being packed by one thread, or ready.
const PANEL_EMPTY: u8 = 0;
const PANEL_BUSY: u8 = 1;
const PANEL_READY: u8 = 2;

/// `c = a @ b` for an `m x k` by `k x n` product (`k >= 1`), on `threads` workers started
/// through `par`.
///
/// Workers take (depth slab, `MC`-row block) items from a shared counter, so a worker slowed
/// by another process just takes fewer. For each, a worker packs the block's `MC x KC` part of
/// `a` and the `KC x NR` panels of `b` it needs on first use (up to [`GROUP`] panels at a
/// time, packed once, by whichever worker claims the group first; the others wait for it).
/// Every wait is on work already handed to a running worker, never on a task still queued: no
/// barriers, so the pool's other work cannot deadlock it. One parallel region per column slab of up to [`B_PACK_LIMIT`]
/// packed floats.
///
/// # Safety
/// [`available`] is true; every addressed element of `a`, `b`, `c` is valid; `c` does not
/// overlap `a` or `b`, and no two of its `(row, col)` indices address the same element.
pub(crate) unsafe fn sgemm(
    (m, n, k): (usize, usize, usize),
    a: Mat,
    b: Mat,
    c: Mat,
    threads: usize,
    par: ParallelFor<'_>,
) {
    use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
    thread_local! {
        static B_PACK: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
        static A_PACK: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
    }
    let depth = k.div_ceil(KC);
    // Columns per slab: all of n when its packed copy fits the limit.
    let nc = (B_PACK_LIMIT / k / NR).max(1) * NR;
    let nc = nc.min(n.div_ceil(NR) * NR);
    B_PACK.with_borrow_mut(|bscratch| {
        let bp = SendPtr(bscratch.get(k * nc).cast());
        for jc in (0..n).step_by(nc) {
            let ncols = nc.min(n - jc);
            let panels = ncols.div_ceil(NR);
            // Panel (pc, jp) of the slab starts at float pc * KC * (panels * NR) + jp * NR * kc.
            let slab_row = panels * NR;
            let blocks = m.div_ceil(MC);
            let workers = threads.clamp(1, blocks);
            let group_len = GROUP.min(panels.div_ceil(2 * workers));
            let groups = panels.div_ceil(group_len);
            let state: Vec<AtomicU8> = (0..depth * groups).map(|_| AtomicU8::new(PANEL_EMPTY)).collect();
            let next = AtomicUsize::new(0);
            let panel = |pc: usize, jp: usize| -> *const f32 {
                let kc = KC.min(k - pc * KC);
                let slab = bp.get().cast::<f32>().wrapping_add(pc * KC * slab_row);
                let group = jp / group_len;
                let s = &state[pc * groups + group];
                if s.load(Ordering::Acquire) != PANEL_READY {
                    if s.compare_exchange(PANEL_EMPTY, PANEL_BUSY, Ordering::Acquire, Ordering::Acquire).is_ok() {
                        let (first, count) = (group * group_len, group_len.min(panels - group * group_len));
                        let j0 = jc + first * NR;
                        // SAFETY: rows pc*KC.., columns j0.. of b (the group's panels, the
                        // last one possibly partial); the group's slots in the slab buffer,
                        // written by this thread alone (it won the claim).
                        unsafe {
                            pack_b_panels(
                                count,
                                (count * NR).min(n - j0),
                                kc,
                                b.at(pc * KC, j0),
                                b.rs,
                                b.cs,
                                slab.add(first * NR * kc),
                            )
                        };
                        s.store(PANEL_READY, Ordering::Release);
                    } else {
                        while s.load(Ordering::Acquire) != PANEL_READY {
                            std::hint::spin_loop();
                        }
                    }
                }
                slab.wrapping_add(jp * NR * kc)
            };
            // Work items in depth-major order (all row blocks at depth 0, then at depth 1, ...),
            // so the workers share one KC-deep slab of b at a time (it stays in L3). A block's
            // item at depth pc adds onto its result at pc - 1: it waits until that item is done,
            // which was handed out earlier to a running worker.
            let done: Vec<AtomicUsize> = (0..blocks).map(|_| AtomicUsize::new(0)).collect();
            let worker = |first_panel: usize| {
                A_PACK.with_borrow_mut(|ascratch| {
                    let ap = ascratch.get(MC * KC);
                    loop {
                        // An interrupt stops the claiming of new items; a claimed item is
                        // always finished, since another worker may wait for it.
                        if crate::interrupt::poll() {
                            break;
                        }
                        let item = next.fetch_add(1, Ordering::Relaxed);
                        if item >= blocks * depth {
                            break;
                        }
                        let (pc, block) = (item / blocks, item % blocks);
                        while done[block].load(Ordering::Acquire) != pc {
                            std::hint::spin_loop();
                        }
                        let (ic, kc) = (block * MC, KC.min(k - pc * KC));
                        let mc = MC.min(m - ic);
                        for ip in 0..mc.div_ceil(MR) {
                            let i0 = ic + ip * MR;
                            // SAFETY: rows i0..i0+mr, columns pc*KC..+kc of a; panel ip of the
                            // block buffer.
                            unsafe {
                                pack_a_panel(MR.min(m - i0), kc, a.at(i0, pc * KC), a.rs, a.cs, ap.add(ip * MR * kc))
                            }
                        }
                        for step in 0..panels {
                            // Workers start at different groups of panels, so they pack
                            // different ones at first instead of waiting on each other.
                            let jp = (first_panel + step) % panels;
                            let bpanel = panel(pc, jp);
                            let j0 = jc + jp * NR;
                            for ip in 0..mc.div_ceil(MR) {
                                let i0 = ic + ip * MR;
                                // SAFETY: packed panels as above; the c tile at (i0, j0) is
                                // inside c, in the block of rows this item owns.
                                unsafe {
                                    kernel(
                                        kc,
                                        ap.add(ip * MR * kc),
                                        bpanel,
                                        c.at(i0, j0),
                                        c.rs,
                                        c.cs,
                                        MR.min(m - i0),
                                        NR.min(n - j0),
                                        pc > 0,
                                    )
                                }
                            }
                        }
                        done[block].store(pc + 1, Ordering::Release);
                    }
                })
            };
            if workers == 1 {
                worker(0);
            } else {
                par(workers, &|range| {
                    for w in range {
                        worker(w * groups / workers * group_len);
                    }
                });
            }
        }
    })
}
