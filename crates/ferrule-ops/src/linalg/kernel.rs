//! Batched strided matrix products: the `gemm` crate for floats and complex, a direct loop for tiny or integer problems.

use ferrule_core::{Complex32, Complex64, DType, Result, Tensor};

use crate::interrupt;
use crate::iter::SendPtr;
use crate::pool::{parallel_for, pool, POLL_ITEMS};

/// One operand of a batched product: base pointer and element strides (batch dims, then row
/// and column), all after broadcasting to the common batch shape.
#[derive(Clone)]
pub(crate) struct Operand2 {
    pub ptr: SendPtr,
    pub batch_strides: Vec<i64>,
    pub rs: i64,
    pub cs: i64,
}

impl Operand2 {
    /// The layout of `t` viewed as `batch + [rows, cols]` (`t` already broadcast to it).
    pub(crate) fn of(t: &Tensor) -> Operand2 {
        let n = t.ndim();
        Operand2 {
            ptr: SendPtr(t.data_ptr()),
            batch_strides: t.strides()[..n - 2].to_vec(),
            rs: t.strides()[n - 2],
            cs: t.strides()[n - 1],
        }
    }
}

/// Row accumulators of the direct loop up to this width live on the stack.
const DIRECT_STACK: usize = 64;

/// Problems with at most this many multiply-adds use the direct loop (no packing overhead).
const TINY_WORK: usize = 4096;

/// Per-matrix work below which batches are spread over the pool one matrix per task instead
/// of threading inside each product.
const SMALL_MATRIX_WORK: usize = 64 * 64 * 64;

/// Multiply-adds below which a real product through the `gemm` crate (float64; float32 where
/// ferrule's own kernel does not take it) stays on the calling thread even when the pool may
/// help. Measured on a 2-core Intel Xeon with AVX-512, each library alone in its process: a
/// float64 64² product took 20.5 µs on two threads of the pool against 8.6 µs for gemm on one
/// thread (96²: 36.6 against 25.5); at 128² two threads win (gemm alone: 49.6 against 57.6 µs).
const GEMM_PARALLEL_WORK: usize = 112 * 112 * 112;

/// Multiply-add arithmetic of the direct loop.
pub(crate) trait MatElem: Copy + Send + Sync + 'static {
    /// The additive identity.
    const ZERO: Self;
    /// `acc + a * b` (wrapping for ints; `acc | (a & b)` for bool; `conj(a) * b` when `conj`).
    fn mul_add(acc: Self, a: Self, b: Self, conj: bool) -> Self;
}

macro_rules! mat_int {
    ($($t:ty),*) => {$(
        impl MatElem for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn mul_add(acc: Self, a: Self, b: Self, _conj: bool) -> Self {
                acc.wrapping_add(a.wrapping_mul(b))
            }
        }
    )*};
}
mat_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl MatElem for bool {
    const ZERO: Self = false;
    #[inline(always)]
    fn mul_add(acc: Self, a: Self, b: Self, _conj: bool) -> Self {
        acc | (a & b)
    }
}

macro_rules! mat_float {
    ($($t:ty),*) => {$(
        impl MatElem for $t {
            const ZERO: Self = 0.0;
            #[inline(always)]
            fn mul_add(acc: Self, a: Self, b: Self, _conj: bool) -> Self {
                acc + a * b
            }
        }
    )*};
}
mat_float!(f32, f64);

macro_rules! mat_complex {
    ($($t:ident),*) => {$(
        impl MatElem for $t {
            const ZERO: Self = $t { re: 0.0, im: 0.0 };
            #[inline(always)]
            fn mul_add(acc: Self, a: Self, b: Self, conj: bool) -> Self {
                let ai = if conj { -a.im } else { a.im };
                $t { re: acc.re + a.re * b.re - ai * b.im, im: acc.im + a.re * b.im + ai * b.re }
            }
        }
    )*};
}
mat_complex!(Complex32, Complex64);

/// `c = a @ b` for one `m x k` by `k x n` problem with arbitrary element strides, by a
/// row-of-accumulators loop (vectorised when `b`'s rows are contiguous); `acc` is scratch of at
/// least `n` elements.
///
/// # Safety
///
/// Every addressed element must be valid; `c` must not overlap `a` or `b`.
#[allow(clippy::too_many_arguments)]
unsafe fn direct<T: MatElem>(
    (m, n, k): (usize, usize, usize),
    a: *const T,
    (a_rs, a_cs): (isize, isize),
    b: *const T,
    (b_rs, b_cs): (isize, isize),
    c: *mut T,
    (c_rs, c_cs): (isize, isize),
    conj: bool,
    acc: &mut [T],
) {
    let acc = &mut acc[..n];
    // A long row (a huge k) polls for interrupts every POLL_ITEMS multiply-adds or so.
    let poll_every = (POLL_ITEMS / n.max(1)).max(1);
    let mut until_poll = poll_every;
    for i in 0..m as isize {
        acc.fill(T::ZERO);
        for p in 0..k as isize {
            until_poll -= 1;
            if until_poll == 0 {
                until_poll = poll_every;
                if interrupt::poll() {
                    return;
                }
            }
            // SAFETY: i < m and p < k, so by the caller's contract this addresses an element of `a`.
            let aip = unsafe { *a.offset(i * a_rs + p * a_cs) };
            // SAFETY: p < k: the start of row p of `b` (the caller's contract).
            let brow = unsafe { b.offset(p * b_rs) };
            if b_cs == 1 {
                // SAFETY: a row of `b` with unit column stride holds `n` contiguous elements.
                let row = unsafe { std::slice::from_raw_parts(brow, n) };
                for (s, &bv) in acc.iter_mut().zip(row) {
                    *s = T::mul_add(*s, aip, bv, conj);
                }
            } else {
                for (j, s) in acc.iter_mut().enumerate() {
                    // SAFETY: j < n (acc has n entries): an element of row p of `b`.
                    *s = T::mul_add(*s, aip, unsafe { *brow.offset(j as isize * b_cs) }, conj);
                }
            }
        }
        for (j, &s) in acc.iter().enumerate() {
            // SAFETY: i < m and j < n: an element of `c`, which the caller lets us write.
            unsafe { *c.offset(i * c_rs + j as isize * c_cs) = s };
        }
    }
}

/// `a @ b` of two small 2-D CPU tensors of one float dtype into a fresh result, by the same
/// direct loop [`batched`] runs for products this small (so the answer is the same); `None`
/// when the problem is not one (other ranks, dtypes or sizes, mismatched inner dims, `k == 0`,
/// misaligned data), leaving it and its errors to the general path.
pub(crate) fn tiny(a: &Tensor, b: &Tensor) -> Option<Tensor> {
    if a.ndim() != 2 || b.ndim() != 2 || a.dtype() != b.dtype() || !a.device().is_cpu() || !b.device().is_cpu() {
        return None;
    }
    let (m, k, k2, n) = (a.shape()[0] as usize, a.shape()[1] as usize, b.shape()[0] as usize, b.shape()[1] as usize);
    if k != k2 || k == 0 || n > DIRECT_STACK || m.saturating_mul(n).saturating_mul(k) > TINY_WORK {
        return None;
    }
    let aligned = (a.data_ptr() as usize | b.data_ptr() as usize).is_multiple_of(a.itemsize());
    macro_rules! run {
        ($t:ty) => {{
            if !aligned {
                return None;
            }
            // SAFETY: `direct` below writes all m * n elements before the tensor is returned.
            let c = unsafe { Tensor::uninit(&[m as i64, n as i64], a.dtype()) }.ok()?;
            let s = |t: &Tensor, i: usize| t.strides()[i] as isize;
            let mut row = [<$t as MatElem>::ZERO; DIRECT_STACK];
            // SAFETY: the strides are the views' own (every addressed element is in bounds),
            // the pointers are aligned for the dtype, and `c` is fresh, so disjoint from both.
            unsafe {
                direct::<$t>(
                    (m, n, k),
                    a.data_ptr().cast::<$t>().cast_const(),
                    (s(a, 0), s(a, 1)),
                    b.data_ptr().cast::<$t>().cast_const(),
                    (s(b, 0), s(b, 1)),
                    c.data_ptr().cast::<$t>(),
                    (n as isize, 1),
                    false,
                    &mut row,
                )
            };
            Some(c)
        }};
    }
    match a.dtype() {
        DType::Float32 => run!(f32),
        DType::Float64 => run!(f64),
        _ => None,
    }
}

/// Runs one float32 product on ferrule's own AVX2/FMA kernel ([`super::sgemm`]) when the CPU
/// has it and the shape is large enough to pay for packing; returns false (nothing done)
/// otherwise.
///
/// # Safety
///
/// As for [`direct`].
#[allow(clippy::too_many_arguments)]
unsafe fn with_own_sgemm(
    (m, n, k): (usize, usize, usize),
    a: *const f32,
    (a_rs, a_cs): (isize, isize),
    b: *const f32,
    (b_rs, b_cs): (isize, isize),
    c: *mut f32,
    (c_rs, c_cs): (isize, isize),
    threads: usize,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use super::sgemm::{self, Mat, MR, NR};
        // Thin shapes (matrix-vector) waste the padded panels: `gemm` handles those.
        if m < 2 * MR || n < NR || k < 8 || !sgemm::available() {
            return false;
        }
        let mat = |ptr: *const f32, rs, cs| Mat { ptr: ptr.cast_mut(), rs, cs };
        let par = |items: usize, body: &(dyn Fn(std::ops::Range<usize>) + Sync)| parallel_for(items, 1, body);
        // SAFETY: caller contract (valid elements, `c` disjoint from the inputs and not
        // self-overlapping); `available()` checked above.
        unsafe { sgemm::sgemm((m, n, k), mat(a, a_rs, a_cs), mat(b, b_rs, b_cs), mat(c, c_rs, c_cs), threads, &par) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = ((m, n, k), a, (a_rs, a_cs), b, (b_rs, b_cs), c, (c_rs, c_cs), threads);
        false
    }
}

/// Runs one product with `gemm` (`T` one of f32, f64, complex64, complex128); float32 goes to
/// [`with_own_sgemm`] first.
///
/// # Safety
///
/// As for [`direct`]; `T` must be a type `gemm` supports.
#[allow(clippy::too_many_arguments)]
unsafe fn with_gemm<T: MatElem>(
    (m, n, k): (usize, usize, usize),
    a: *const T,
    (a_rs, a_cs): (isize, isize),
    b: *const T,
    (b_rs, b_cs): (isize, isize),
    c: *mut T,
    (c_rs, c_cs): (isize, isize),
    conj: bool,
    threads: usize,
    accumulate: bool,
) {
    // float32 of a fair size: ferrule's own kernel, where the CPU has it.
    if !accumulate
        && std::any::TypeId::of::<T>() == std::any::TypeId::of::<f32>()
        // SAFETY: caller contract; `T` is f32.
        && unsafe { with_own_sgemm((m, n, k), a.cast(), (a_rs, a_cs), b.cast(), (b_rs, b_cs), c.cast(), (c_rs, c_cs), threads) }
    {
        return;
    }
    // a real product below GEMM_PARALLEL_WORK runs on this thread: waking the parked pool costs
    // more than the second core saves. Complex products keep the pool: a complex multiply-add is
    // four real ones, and complex128 64x64 took 33.9 us on two threads against 41.6 on one.
    let real = std::any::TypeId::of::<T>() == std::any::TypeId::of::<f32>()
        || std::any::TypeId::of::<T>() == std::any::TypeId::of::<f64>();
    let threads = if real && m * n * k < GEMM_PARALLEL_WORK { 1 } else { threads };
    let parallelism = if threads > 1 { gemm::Parallelism::Rayon(threads) } else { gemm::Parallelism::None };
    macro_rules! call {
        ($t:ty, $zero:expr, $one:expr, $conj:expr, $a:ident, $b:ident, $c:ident) => {
            // SAFETY: caller contract; `$t` has `T`'s layout (checked by the dtype match).
            unsafe {
                gemm::gemm::<$t>(
                    m,
                    n,
                    k,
                    $c.cast::<$t>(),
                    c_cs,
                    c_rs,
                    accumulate,
                    $a.cast::<$t>(),
                    a_cs,
                    a_rs,
                    $b.cast::<$t>(),
                    b_cs,
                    b_rs,
                    // gemm computes dst = alpha * dst + beta * lhs * rhs (dst read only
                    // when accumulating, then with alpha = 1).
                    if accumulate { $one } else { $zero },
                    $one,
                    false,
                    $conj,
                    false,
                    parallelism,
                )
            }
        };
    }
    // Raw pointers are not `Send`; carry them across `install` as addresses.
    let (a, b, c) = (SendPtr(a.cast_mut().cast()), SendPtr(b.cast_mut().cast()), SendPtr(c.cast()));
    let run = move || {
        let (a, b, c) = (a.get().cast::<T>().cast_const(), b.get().cast::<T>().cast_const(), c.get().cast::<T>());
        use std::any::TypeId;
        let id = TypeId::of::<T>();
        if id == TypeId::of::<f32>() {
            call!(f32, 0.0, 1.0, false, a, b, c)
        } else if id == TypeId::of::<f64>() {
            call!(f64, 0.0, 1.0, false, a, b, c)
        } else if id == TypeId::of::<Complex32>() {
            call!(gemm::c32, gemm::c32::new(0.0, 0.0), gemm::c32::new(1.0, 0.0), conj, a, b, c)
        } else {
            call!(gemm::c64, gemm::c64::new(0.0, 0.0), gemm::c64::new(1.0, 0.0), conj, a, b, c)
        }
    };
    match pool() {
        Some(p) if threads > 1 => p.install(run),
        _ => run(),
    }
}

/// Multiply-adds of one `gemm` call at most (a few tenths of a second): a longer product runs
/// as pieces (row or column bands, or slices of the inner dim accumulated), with an interrupt
/// poll between them. ferrule's own float32 kernel polls by itself and is never cut up.
const PIECE_WORK: usize = if cfg!(test) { 1 << 12 } else { 1 << 30 };

/// True when [`with_own_sgemm`] takes a float32 problem of this shape.
fn own_sgemm_takes((m, n, k): (usize, usize, usize)) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use super::sgemm::{self, MR, NR};
        m >= 2 * MR && n >= NR && k >= 8 && sgemm::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (m, n, k);
        false
    }
}

/// `c = a @ b` for one problem through `gemm`, in pieces of about [`PIECE_WORK`] multiply-adds
/// when it is long: bands of rows of `a` (or columns of `b`) when there are enough, else slices
/// of the inner dim added up in `c`. Stops between pieces on an interrupt. Bands are at least
/// `MIN_BAND` wide, so the operand `gemm` packs again for each band costs about 1% more.
///
/// # Safety
///
/// As for [`with_gemm`].
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_in_pieces<T: MatElem>(
    (m, n, k): (usize, usize, usize),
    a: *const T,
    (a_rs, a_cs): (isize, isize),
    b: *const T,
    (b_rs, b_cs): (isize, isize),
    c: *mut T,
    (c_rs, c_cs): (isize, isize),
    conj: bool,
    threads: usize,
) {
    // Bands of at least this many rows (or columns) keep gemm's packing cost small. (Unit
    // tests use small pieces, so every product they check above a few thousand multiply-adds
    // is computed in pieces.)
    const MIN_BAND: usize = if cfg!(test) { 8 } else { 2048 };
    // Slices of the inner dim: at least this deep, so re-reading `c` for each costs under 1%,
    // and at most this deep (thin products read far more than they compute).
    const MIN_DEPTH: usize = if cfg!(test) { 16 } else { 1 << 14 };
    const MAX_DEPTH: usize = if cfg!(test) { 64 } else { 1 << 20 };
    let work = m * n * k;
    let (ars, bcs) = ((a_rs, a_cs), (b_rs, b_cs));
    let own_f32 = std::any::TypeId::of::<T>() == std::any::TypeId::of::<f32>() && own_sgemm_takes((m, n, k));
    // SAFETY: every call below gets a sub-problem addressing sub-blocks of the caller's valid operands.
    unsafe {
        if work <= PIECE_WORK || own_f32 {
            with_gemm::<T>((m, n, k), a, ars, b, bcs, c, (c_rs, c_cs), conj, threads, false);
            return;
        }
        let band = |len: usize, other: usize| (PIECE_WORK / (other * k).max(1)).max(MIN_BAND).min(len);
        if m >= 2 * MIN_BAND {
            let rows = band(m, n);
            for r0 in (0..m).step_by(rows) {
                if r0 > 0 && interrupt::poll() {
                    return;
                }
                let r = rows.min(m - r0);
                let (ap, cp) = (a.offset(r0 as isize * a_rs), c.offset(r0 as isize * c_rs));
                with_gemm::<T>((r, n, k), ap, ars, b, bcs, cp, (c_rs, c_cs), conj, threads, false);
            }
        } else if n >= 2 * MIN_BAND {
            let cols = band(n, m);
            for c0 in (0..n).step_by(cols) {
                if c0 > 0 && interrupt::poll() {
                    return;
                }
                let w = cols.min(n - c0);
                let (bp, cp) = (b.offset(c0 as isize * b_cs), c.offset(c0 as isize * c_cs));
                with_gemm::<T>((m, w, k), a, ars, bp, bcs, cp, (c_rs, c_cs), conj, threads, false);
            }
        } else if k >= 2 * MIN_DEPTH {
            let depth = (PIECE_WORK / (m * n)).clamp(MIN_DEPTH, MAX_DEPTH);
            for p0 in (0..k).step_by(depth) {
                if p0 > 0 && interrupt::poll() {
                    return;
                }
                let d = depth.min(k - p0);
                let (ap, bp) = (a.offset(p0 as isize * a_cs), b.offset(p0 as isize * b_rs));
                with_gemm::<T>((m, n, d), ap, ars, bp, bcs, c, (c_rs, c_cs), conj, threads, p0 > 0);
            }
        } else {
            // Under 4096 x 4096 x 32768: one call (the pieces would cost more than they save).
            with_gemm::<T>((m, n, k), a, ars, b, bcs, c, (c_rs, c_cs), conj, threads, false);
        }
    }
}

/// `c[batch] = a[batch] @ b[batch]` over every index of `batch` (the broadcast batch shape),
/// for `m x k` by `k x n` matrices; `conj` conjugates `a` (complex only).
///
/// `c` must not overlap `a` or `b`. `dtype` is the element type of all three. Every element of
/// `c` is written (matmul allocates its result uninitialised on this promise).
pub(crate) fn batched(
    dtype: DType,
    batch: &[i64],
    (m, n, k): (usize, usize, usize),
    a: &Operand2,
    b: &Operand2,
    c: &Operand2,
    conj: bool,
) -> Result<()> {
    let count: usize = batch.iter().map(|&d| d as usize).product();
    if count == 0 || m == 0 || n == 0 {
        return Ok(());
    }
    let offsets = |strides: &[i64]| -> Result<Vec<isize>> {
        if batch.is_empty() {
            return Ok(Vec::new()); // one matrix at offset 0 (read as `at` below): no allocation
        }
        let mut v = crate::fallible::try_with_capacity(count)?;
        // The capacity is exact: no push reallocates.
        ferrule_core::tensor::for_each_offset(batch, strides, |o| v.push(o as isize));
        Ok(v)
    };
    let (ao, bo, co) = (offsets(&a.batch_strides)?, offsets(&b.batch_strides)?, offsets(&c.batch_strides)?);
    let work = m * n * k.max(1);
    macro_rules! run {
        ($t:ty, $use_gemm:expr) => {{
            let one = |i: usize, threads: usize, acc: &mut Vec<$t>| {
                // SAFETY: offsets and strides come from in-bounds (broadcast) views; `c` is
                // disjoint from the inputs (caller contract) and each batch index owns its
                // output matrix.
                unsafe {
                    let at = |v: &Vec<isize>| v.get(i).copied().unwrap_or(0);
                    let ap = a.ptr.get().cast::<$t>().cast_const().offset(at(&ao));
                    let bp = b.ptr.get().cast::<$t>().cast_const().offset(at(&bo));
                    let cp = c.ptr.get().cast::<$t>().offset(at(&co));
                    let (ars, acs) = (a.rs as isize, a.cs as isize);
                    let (brs, bcs) = (b.rs as isize, b.cs as isize);
                    let (crs, ccs) = (c.rs as isize, c.cs as isize);
                    if k == 0 {
                        for r in 0..m as isize {
                            for col in 0..n as isize {
                                *cp.offset(r * crs + col * ccs) = <$t as MatElem>::ZERO;
                            }
                        }
                    } else if $use_gemm && work > TINY_WORK {
                        gemm_in_pieces::<$t>((m, n, k), ap, (ars, acs), bp, (brs, bcs), cp, (crs, ccs), conj, threads);
                    } else if n <= DIRECT_STACK {
                        // a row accumulator on the stack: tiny products allocate nothing here
                        let mut row = [<$t as MatElem>::ZERO; DIRECT_STACK];
                        direct::<$t>((m, n, k), ap, (ars, acs), bp, (brs, bcs), cp, (crs, ccs), conj, &mut row);
                    } else {
                        acc.resize(n, <$t as MatElem>::ZERO);
                        direct::<$t>((m, n, k), ap, (ars, acs), bp, (brs, bcs), cp, (crs, ccs), conj, acc);
                    }
                }
            };
            if work >= SMALL_MATRIX_WORK || count == 1 {
                let threads = if work >= SMALL_MATRIX_WORK { crate::pool::num_threads() } else { 1 };
                let mut acc = Vec::new();
                for i in 0..count {
                    if i > 0 && interrupt::poll() {
                        break;
                    }
                    one(i, threads, &mut acc);
                }
            } else {
                let min_batches = (SMALL_MATRIX_WORK / work).max(1);
                parallel_for(count, min_batches, |range| {
                    let mut acc = Vec::new();
                    for i in range {
                        one(i, 1, &mut acc);
                    }
                });
            }
        }};
    }
    match dtype {
        DType::Float32 => run!(f32, true),
        DType::Float64 => run!(f64, true),
        DType::Complex64 => run!(Complex32, true),
        DType::Complex128 => run!(Complex64, true),
        DType::Bool => run!(bool, false),
        _ => crate::dispatch_int!(dtype, T => { run!(T, false) }, _ => {
            return Err(ferrule_core::Error::runtime_error(format!(
                "internal: no matmul kernel for {dtype}"
            )))
        }),
    }
    Ok(())
}
