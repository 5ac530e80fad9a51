//! Vectorised quicksort of unsigned key words (`u32`, `u64`) with AVX-512: in-place
//! partitions that split a 512-bit vector at a time into the elements below and at or above the
//! pivot (compressed in a register, then written with a masked store: compressing straight to
//! memory is slow on AMD's Zen 4 and 5), and bitonic sorting networks held in up to eight
//! registers for the pieces of at most eight vectors (the approach of numpy's x86-simd-sort; see
//! Bramas, "A Novel Hybrid Quicksort Algorithm Vectorized using AVX-512 on Intel Skylake",
//! 2017). Unstable, which is no loss for plain integer words: equal words are equal bits.
//!
//! A partition that leaves nothing below the pivot (the pivot is the least word) splits off the
//! words equal to it instead, so runs of equal words cost one pass; past twice the depth of a
//! balanced recursion a piece falls back to the standard library's sort, so the worst case
//! stays `O(n log n)`.

use std::arch::x86_64::*;
use std::sync::OnceLock;

use ferrule_core::{Element, Result, Tensor};

use crate::interrupt;

/// The longest run of words worth sorting here: it beats radix sort at every length measured
/// (up to 4M `u32` words), but longer runs go to the radix sorts, which poll for interrupts.
pub(super) const MAX_LEN: usize = 1 << 20;

/// Whether this CPU runs the vectorised sort (AVX-512 Foundation), checked once.
pub fn available() -> bool {
    static AVX512: OnceLock<bool> = OnceLock::new();
    *AVX512.get_or_init(|| {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("popcnt") && is_x86_feature_detected!("bmi2")
    })
}

/// Sorts `v` ascending with the vectorised quicksort. Returns false, leaving `v` untouched,
/// when the CPU lacks AVX-512 (the caller sorts another way).
pub fn sort_u32(v: &mut [u32]) -> bool {
    sort(v)
}

/// Sorts `v` ascending with the vectorised quicksort. Returns false, leaving `v` untouched,
/// when the CPU lacks AVX-512 (the caller sorts another way).
pub fn sort_u64(v: &mut [u64]) -> bool {
    sort(v)
}

fn sort<L: Lanes>(v: &mut [L]) -> bool {
    if !available() {
        return false;
    }
    let mut spare: Vec<L> = Vec::new();
    if v.len() > MAX_REGS * L::N && spare.try_reserve_exact(v.len()).is_err() {
        return false;
    }
    // SAFETY: the CPU has AVX-512F, POPCNT and BMI2 (checked above); the pointer and length are
    // `v`'s own, and `quicksort` reads and writes only within them and the first `v.len()`
    // words of `spare`'s reserved room (written before read).
    unsafe { quicksort(v.as_mut_ptr(), v.len(), spare.as_mut_ptr(), depth(v.len())) };
    true
}

/// Twice the depth of a balanced recursion over `len` words.
fn depth(len: usize) -> u32 {
    2 * (usize::BITS - len.leading_zeros())
}

/// Pieces longer than this are partitioned by the thread that holds them and their two sides
/// sorted in parallel (shorter ones by one thread: a fork costs more than it saves).
const PAR_PIECE: usize = 1 << 15;

/// [`sort_u32`] on ferrule's pool: each piece longer than [`PAR_PIECE`] is partitioned once,
/// then its sides sorted in parallel (the first partition is one thread's pass over `v`);
/// polls for interrupts at each piece. `Ok(false)`, leaving `v` untouched, when the
/// CPU lacks AVX-512; a `MemoryError` when the spare room of `v.len()` words cannot be had.
pub fn par_sort_u32(v: &mut [u32]) -> Result<bool> {
    par_sort(v)
}

/// [`sort_u64`] on ferrule's pool (see [`par_sort_u32`]).
pub fn par_sort_u64(v: &mut [u64]) -> Result<bool> {
    par_sort(v)
}

fn par_sort<L: Lanes + Send>(v: &mut [L]) -> Result<bool> {
    if !available() {
        return Ok(false);
    }
    // a tensor's block: a long one comes with huge pages, or from the cache of freed blocks,
    // instead of a page fault per 4 KiB
    // SAFETY: `partition` writes every word of the room before reading it back.
    let room = unsafe { Tensor::uninit(&[v.len() as i64], L::DTYPE)? };
    // SAFETY: a fresh tensor nobody else sees; plain words, any bits valid.
    let spare = unsafe { room.as_mut_slice::<L>()? };
    let mut result = Ok(());
    super::on_pool(|| result = par_quicksort(v, spare, depth(v.len())));
    result.map(|()| true)
}

/// Sorts `v` (`spare`: as many words of room), forking pieces longer than [`PAR_PIECE`].
fn par_quicksort<L: Lanes + Send>(v: &mut [L], spare: &mut [L], depth: u32) -> Result<()> {
    let len = v.len();
    // every piece polls (a piece is at most tens of microseconds of work once forked)
    interrupt::check()?;
    if len <= PAR_PIECE || depth == 0 {
        // SAFETY: AVX-512F, POPCNT and BMI2 were checked by `par_sort`; `v` and `spare` are
        // this call's own, `spare` as long as `v`.
        unsafe { quicksort(v.as_mut_ptr(), len, spare.as_mut_ptr(), depth) };
        return Ok(());
    }
    // SAFETY: as above; `pivot` reads within `v`, `partition` within `v` and `spare`.
    let (pivot, below) = unsafe {
        let pivot = pivot(v.as_ptr(), len);
        (pivot, partition(v.as_mut_ptr(), len, pivot, spare.as_mut_ptr()))
    };
    let (v, spare, split) = if below > 0 {
        (v, spare, below)
    } else if pivot == L::MAX {
        return Ok(());
    } else {
        // the pivot is the least word: split off the words equal to it (already in order)
        // SAFETY: as above.
        let equal = unsafe { partition(v.as_mut_ptr(), len, pivot.next(), spare.as_mut_ptr()) };
        let (_, rest) = v.split_at_mut(equal);
        let (_, spare) = spare.split_at_mut(equal);
        return par_quicksort(rest, spare, depth - 1);
    };
    let (left, right) = v.split_at_mut(split);
    let (spare_left, spare_right) = spare.split_at_mut(split);
    let call = interrupt::Context::current();
    // SAFETY: `join` returns only after both sides have, so the call (this thread's, or the
    // one it works for) outlives the work done for it on another thread.
    let (a, b) = rayon::join(
        || unsafe { call.enter(|| par_quicksort(left, spare_left, depth - 1)) },
        || unsafe { call.enter(|| par_quicksort(right, spare_right, depth - 1)) },
    );
    a.and(b)
}

/// One lane type of a 512-bit vector: its width and the AVX-512F operations the sort uses.
/// Every method needs AVX-512F: callers have checked [`available`].
trait Lanes: Element + Ord {
    /// Lanes in a vector.
    const N: usize;
    /// The largest word (pads a partial vector, sorting after every real word).
    const MAX: Self;
    /// The word after `self` (never called on `MAX`).
    fn next(self) -> Self;
    /// A vector of `x` in every lane.
    unsafe fn splat(x: Self) -> __m512i;
    /// Lane-wise unsigned minimum.
    unsafe fn vmin(a: __m512i, b: __m512i) -> __m512i;
    /// Lane-wise unsigned maximum.
    unsafe fn vmax(a: __m512i, b: __m512i) -> __m512i;
    /// The first `n` (at most `N`) words at `p`, the other lanes `MAX`; reads only those `n`.
    unsafe fn load(p: *const Self, n: usize) -> __m512i;
    /// Writes the first `n` (at most `N`) lanes of `v` to `p`, touching nothing else.
    unsafe fn store(p: *mut Self, n: usize, v: __m512i);
    /// The lanes of `a` below `b`'s, as a bit mask.
    unsafe fn below(a: __m512i, b: __m512i) -> u32;
    /// The lanes of `v` selected by `mask`, moved to the bottom lanes in order.
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i;
    /// Lane `i` of the result is lane `i ^ m` of `v`.
    unsafe fn swap(v: __m512i, m: usize) -> __m512i;
    /// `min(a, b)` in the lanes selected by `mask`, `src`'s lanes in the others.
    unsafe fn min_into(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i;
    /// Writes the vector's lanes to `out` (`N` words).
    unsafe fn spill(v: __m512i, out: &mut [Self; 16]);
}

/// The lanes `i` of an `n`-lane vector with `i & bit != 0`, as a bit mask.
const fn lanes_with(bit: usize, n: usize) -> u32 {
    let mut mask = 0u32;
    let mut i = 0;
    while i < n {
        if i & bit != 0 {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// The first `n` lanes, as a bit mask.
#[inline(always)]
fn first(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

impl Lanes for u32 {
    const N: usize = 16;
    const MAX: Self = u32::MAX;
    #[inline(always)]
    fn next(self) -> Self {
        self + 1
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn splat(x: Self) -> __m512i {
        _mm512_set1_epi32(x as i32)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn vmin(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu32(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn vmax(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu32(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn load(p: *const Self, n: usize) -> __m512i {
        // SAFETY: the caller guarantees `p..p + n` is readable; masked-off lanes are not read (AVX-512
        // suppresses their faults).
        unsafe { _mm512_mask_loadu_epi32(Self::splat(Self::MAX), first(n) as __mmask16, p.cast()) }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn store(p: *mut Self, n: usize, v: __m512i) {
        // SAFETY: the caller guarantees `p..p + n` is writable; masked-off lanes are not written.
        unsafe { _mm512_mask_storeu_epi32(p.cast(), first(n) as __mmask16, v) }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn below(a: __m512i, b: __m512i) -> u32 {
        _mm512_cmplt_epu32_mask(a, b) as u32
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i {
        _mm512_maskz_compress_epi32(mask as __mmask16, v)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn swap(v: __m512i, m: usize) -> __m512i {
        match m {
            // within 128-bit lanes: one-cycle shuffles
            1 => _mm512_shuffle_epi32::<0b10_11_00_01>(v),
            2 => _mm512_shuffle_epi32::<0b01_00_11_10>(v),
            3 => _mm512_shuffle_epi32::<0b00_01_10_11>(v),
            // whole 128-bit lanes
            4 => _mm512_shuffle_i32x4::<0b10_11_00_01>(v, v),
            8 => _mm512_shuffle_i32x4::<0b01_00_11_10>(v, v),
            _ => {
                let idx = _mm512_xor_si512(
                    _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                    _mm512_set1_epi32(m as i32),
                );
                _mm512_permutexvar_epi32(idx, v)
            }
        }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn min_into(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i {
        _mm512_mask_min_epu32(src, mask as __mmask16, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn spill(v: __m512i, out: &mut [Self; 16]) {
        // SAFETY: `out` holds 16 words, 64 bytes.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) }
    }
}

impl Lanes for u64 {
    const N: usize = 8;
    const MAX: Self = u64::MAX;
    #[inline(always)]
    fn next(self) -> Self {
        self + 1
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn splat(x: Self) -> __m512i {
        _mm512_set1_epi64(x as i64)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn vmin(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn vmax(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn load(p: *const Self, n: usize) -> __m512i {
        // SAFETY: the caller guarantees `p..p + n` is readable; masked-off lanes are not read.
        unsafe { _mm512_mask_loadu_epi64(Self::splat(Self::MAX), first(n) as __mmask8, p.cast()) }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn store(p: *mut Self, n: usize, v: __m512i) {
        // SAFETY: the caller guarantees `p..p + n` is writable; masked-off lanes are not written.
        unsafe { _mm512_mask_storeu_epi64(p.cast(), first(n) as __mmask8, v) }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn below(a: __m512i, b: __m512i) -> u32 {
        _mm512_cmplt_epu64_mask(a, b) as u32
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i {
        _mm512_maskz_compress_epi64(mask as __mmask8, v)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn swap(v: __m512i, m: usize) -> __m512i {
        match m {
            // 64-bit lane pairs within 128-bit lanes
            1 => _mm512_shuffle_epi32::<0b01_00_11_10>(v),
            // whole 128-bit lanes
            2 => _mm512_shuffle_i64x2::<0b10_11_00_01>(v, v),
            4 => _mm512_shuffle_i64x2::<0b01_00_11_10>(v, v),
            _ => {
                let idx = _mm512_xor_si512(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(m as i64));
                _mm512_permutexvar_epi64(idx, v)
            }
        }
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn min_into(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i {
        _mm512_mask_min_epu64(src, mask as __mmask8, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    unsafe fn spill(v: __m512i, out: &mut [Self; 16]) {
        // SAFETY: `out` holds 16 words; the vector fills the first 8 (64 bytes).
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) }
    }
}

/// The most vectors a sorting network holds: pieces of up to `8 * N` words are sorted in
/// registers.
const MAX_REGS: usize = 8;

/// Compare-exchange of every lane `i` with lane `i ^ m` of the same vector: the lanes with
/// `bit` set (the upper of each pair) take the larger word.
#[inline]
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn exchange_within<L: Lanes>(v: __m512i, m: usize, bit: usize) -> __m512i {
    // SAFETY: AVX-512F is enabled here; these are register operations.
    unsafe {
        let p = L::swap(v, m);
        L::min_into(L::vmax(v, p), !lanes_with(bit, L::N) & first(L::N), v, p)
    }
}

/// The mirror step of a bitonic network over the `R * N` words in `v` (vector `r` holds words
/// `r * N..`): word `i` against word `i ^ (k - 1)` of its block of `k`, the smaller to the lower
/// index. Always inlined into [`network`], where `k` is a constant: the loops unroll and the
/// vectors stay in registers.
#[inline(always)]
unsafe fn mirror<L: Lanes, const R: usize>(v: &mut [__m512i; R], k: usize) {
    let n = L::N;
    // SAFETY: inlined into `network`, which has AVX-512F; register operations only.
    unsafe {
        if k <= n {
            for x in v.iter_mut() {
                *x = exchange_within::<L>(*x, k - 1, k / 2);
            }
        } else {
            let kr = k / n;
            for a in 0..R {
                if a % kr < kr / 2 {
                    let c = a - a % kr + kr - 1 - a % kr;
                    let rev = L::swap(v[c], n - 1);
                    let (lo, hi) = (L::vmin(v[a], rev), L::vmax(v[a], rev));
                    v[a] = lo;
                    v[c] = L::swap(hi, n - 1);
                }
            }
        }
    }
}

/// A half-cleaner step of a bitonic network: word `i` against word `i ^ j`, the smaller to the
/// lower index (see [`mirror`]).
#[inline(always)]
unsafe fn clean<L: Lanes, const R: usize>(v: &mut [__m512i; R], j: usize) {
    let n = L::N;
    // SAFETY: inlined into `network`, which has AVX-512F; register operations only.
    unsafe {
        if j >= n {
            let jr = j / n;
            for a in 0..R {
                if a & jr == 0 {
                    let (x, y) = (v[a], v[a | jr]);
                    v[a] = L::vmin(x, y);
                    v[a | jr] = L::vmax(x, y);
                }
            }
        } else {
            for x in v.iter_mut() {
                *x = exchange_within::<L>(*x, j, j);
            }
        }
    }
}

/// One merge of a bitonic network: sorted blocks of `k / 2` words become sorted blocks of `k`
/// (the mirror step, then half-cleaners from `k / 4` down to 1), written out step by step so
/// that every distance is a constant.
#[inline(always)]
unsafe fn merge<L: Lanes, const R: usize>(v: &mut [__m512i; R], k: usize) {
    if k > R * L::N {
        return;
    }
    // SAFETY: inlined into `network`, which has AVX-512F.
    unsafe {
        mirror::<L, R>(v, k);
        // written out, not a loop over the distances: each call's `j` must be a constant
        macro_rules! clean_below_half {
            ($($j:literal)*) => {$(
                if $j < k / 2 {
                    clean::<L, R>(v, $j);
                }
            )*};
        }
        clean_below_half!(64 32 16 8 4 2 1);
    }
}

/// Sorts the `R * N` words held in `v` (vector `r` holds words `r * N..`; `R * N <= 128`)
/// with a bitonic network, in the form whose every comparison puts the smaller word at the
/// lower index: for block sizes `k = 2, 4, ...`, a [`mirror`] step, then [`clean`] steps.
#[inline]
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn network<L: Lanes, const R: usize>(v: &mut [__m512i; R]) {
    // SAFETY: AVX-512F is enabled here; register operations.
    unsafe {
        merge::<L, R>(v, 2);
        merge::<L, R>(v, 4);
        merge::<L, R>(v, 8);
        merge::<L, R>(v, 16);
        merge::<L, R>(v, 32);
        merge::<L, R>(v, 64);
        merge::<L, R>(v, 128);
    }
}

/// Sorts the `len <= R * N` words at `p` in registers. Every vector is read and written with a
/// mask of its words (none past `len`, so no branch and the loops unroll).
#[inline]
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn sort_small_in<L: Lanes, const R: usize>(p: *mut L, len: usize) {
    let count = |r: usize| len.saturating_sub(r * L::N).min(L::N);
    // SAFETY: (the whole body) the caller's `p..p + len` is readable and writable; vector `r`
    // reads and writes only its `count(r)` words, `p[r * N..]` within that range (the address
    // is formed with `wrapping_add`, as it may lie past the end when the count is 0).
    unsafe {
        let mut v = [L::splat(L::MAX); R];
        for (r, x) in v.iter_mut().enumerate() {
            *x = L::load(p.wrapping_add(r * L::N), count(r));
        }
        network::<L, R>(&mut v);
        for (r, x) in v.iter().enumerate() {
            L::store(p.wrapping_add(r * L::N), count(r), *x);
        }
    }
}

/// Sorts the `len <= MAX_REGS * N` words at `p` with the smallest network that holds them.
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn sort_small<L: Lanes>(p: *mut L, len: usize) {
    // SAFETY: the caller's range, passed on.
    unsafe {
        match len.div_ceil(L::N) {
            0 | 1 => sort_small_in::<L, 1>(p, len),
            2 => sort_small_in::<L, 2>(p, len),
            3 | 4 => sort_small_in::<L, 4>(p, len),
            _ => sort_small_in::<L, MAX_REGS>(p, len),
        }
    }
}

/// The median of `N` words spread evenly over the `len` words at `p`.
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn pivot<L: Lanes>(p: *const L, len: usize) -> L {
    let mut sample = [L::MAX; 16];
    for (i, s) in sample.iter_mut().take(L::N).enumerate() {
        // SAFETY: `i * len / N + len / (2 N) < len`, within the caller's range.
        *s = unsafe { *p.add(i * len / L::N + len / (2 * L::N)) };
    }
    // SAFETY: `sample` holds at least `N` words; AVX-512F is enabled here.
    unsafe {
        let mut v = [L::load(sample.as_ptr(), L::N)];
        network::<L, 1>(&mut v);
        L::spill(v[0], &mut sample);
    }
    sample[L::N / 2]
}

/// Reorders the `len >= N` words at `p` so that those below `bound` come first; returns how
/// many there are. Each vector read splits in two compressed vectors: the words below `bound`
/// are written back in place (the write cursor never passes the words already read, so a whole
/// vector store lands on them), the others to `spare` (room for `len` words: its cursor never
/// passes the words read either), copied back after the loop. The loads walk forward whatever the data, so
/// the loop pipelines: nothing but the store cursors depends on the comparisons.
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn partition<L: Lanes>(p: *mut L, len: usize, bound: L, spare: *mut L) -> usize {
    let n = L::N;
    // SAFETY: (the whole body) reads are of `p[at..at + n]` (or the masked rest), within the
    // caller's range; stores in place are of `p[low..low + n]` with `low <= at`, words already
    // read and inside the range (`at + n <= len`), the last one masked to its words; stores to
    // `spare` likewise end at or before the end of the words read (`high <= at`), within the
    // caller's `len` words of spare room.
    unsafe {
        let b = L::splat(bound);
        let (mut low, mut high, mut at) = (0usize, 0usize, 0usize);
        // two vectors a step: both comparisons issue before either store
        while at + 2 * n <= len {
            let x = _mm512_loadu_si512(p.add(at).cast());
            let y = _mm512_loadu_si512(p.add(at + n).cast());
            let (bx, by) = (L::below(x, b), L::below(y, b));
            let (cx, cy) = (bx.count_ones() as usize, by.count_ones() as usize);
            let (lx, hx) = (L::compress(bx, x), L::compress(!bx & first(n), x));
            let (ly, hy) = (L::compress(by, y), L::compress(!by & first(n), y));
            _mm512_storeu_si512(p.add(low).cast(), lx);
            _mm512_storeu_si512(spare.add(high).cast(), hx);
            _mm512_storeu_si512(p.add(low + cx).cast(), ly);
            _mm512_storeu_si512(spare.add(high + n - cx).cast(), hy);
            low += cx + cy;
            high += 2 * n - cx - cy;
            at += 2 * n;
        }
        while at + n <= len {
            let x = _mm512_loadu_si512(p.add(at).cast());
            let below = L::below(x, b);
            let count = below.count_ones() as usize;
            _mm512_storeu_si512(p.add(low).cast(), L::compress(below, x));
            _mm512_storeu_si512(spare.add(high).cast(), L::compress(!below & first(n), x));
            low += count;
            high += n - count;
            at += n;
        }
        let rest = len - at;
        if rest > 0 {
            let x = L::load(p.add(at), rest);
            let below = L::below(x, b) & first(rest);
            let count = below.count_ones() as usize;
            L::store(p.add(low), count, L::compress(below, x));
            L::store(spare.add(high), rest - count, L::compress(!below & first(rest), x));
            low += count;
            high += rest - count;
        }
        std::ptr::copy_nonoverlapping(spare, p.add(low), high);
        low
    }
}

/// Sorts the `len` words at `p` (`spare`: room for `len` words); `depth` partitions more fall
/// back to the standard library.
#[target_feature(enable = "avx512f,popcnt,bmi2")]
unsafe fn quicksort<L: Lanes>(p: *mut L, len: usize, spare: *mut L, depth: u32) {
    // SAFETY: (the whole body) the caller's `p..p + len` is readable and writable, and `spare`
    // has room for `len` words; each call below gets a disjoint part of the range and the
    // same spare room (the calls run one after another).
    unsafe {
        if len <= MAX_REGS * L::N {
            return sort_small(p, len);
        }
        if depth == 0 {
            return std::slice::from_raw_parts_mut(p, len).sort_unstable();
        }
        let pivot = pivot(p, len);
        let below = partition(p, len, pivot, spare);
        if below > 0 {
            quicksort(p, below, spare, depth - 1);
            quicksort(p.add(below), len - below, spare, depth - 1);
        } else if pivot != L::MAX {
            // the pivot is the least word: split off the words equal to it (already in order)
            let equal = partition(p, len, pivot.next(), spare);
            quicksort(p.add(equal), len - equal, spare, depth - 1);
        }
    }
}
