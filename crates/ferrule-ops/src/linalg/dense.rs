//! The bridge between ferrule tensors and faer's dense factorizations: the dtype a
//! factorization computes in, stacks of matrices read in place from any strided layout, fresh
//! outputs written through faer views, fallible workspace, and threading (over the batch for many
//! small matrices, inside faer on ferrule's pool for a large one).

use std::sync::Mutex;

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::traits::ComplexField;
use faer::{MatMut, MatRef, Par};
use ferrule_core::tensor::{for_each_offset, format_shape};
use ferrule_core::{bail, DType, Error, Result, Tensor};
use num_complex::Complex;

use crate::iter::SendPtr;
use crate::pool::{num_threads, parallel_for, pool};
use crate::reduce::cast_tensor;

/// A scalar faer factorizes (`f32`, `f64`, `c32`, `c64`), laid out exactly as the elements of
/// the ferrule dtype it stands for (ferrule's complex types are `repr(C)` pairs, as
/// `num_complex::Complex` is).
pub(crate) trait Field: ComplexField + Copy + Send + Sync + 'static {
    /// The value as a complex f64 (exact).
    fn to_c64(self) -> Complex<f64>;
    /// The value rounded from a complex f64 (the imaginary part dropped for a real type).
    fn from_c64(v: Complex<f64>) -> Self;
    /// A real part of this type's precision as f64 (exact).
    fn real_to_f64(r: &Self::Real) -> f64;
    /// An f64 rounded to this type's real precision.
    fn real_from_f64(v: f64) -> Self::Real;
}

/// The real type of a [`Field`] (`f32` for `c32`).
pub(crate) type Real<T> = <T as ComplexField>::Real;

macro_rules! real_field {
    ($t:ty) => {
        impl Field for $t {
            #[inline]
            fn to_c64(self) -> Complex<f64> {
                Complex::new(self as f64, 0.0)
            }
            #[inline]
            fn from_c64(v: Complex<f64>) -> Self {
                v.re as $t
            }
            #[inline]
            fn real_to_f64(r: &$t) -> f64 {
                *r as f64
            }
            #[inline]
            fn real_from_f64(v: f64) -> $t {
                v as $t
            }
        }
    };
}
real_field!(f32);
real_field!(f64);

macro_rules! complex_field {
    ($t:ty, $re:ty) => {
        impl Field for Complex<$re> {
            #[inline]
            fn to_c64(self) -> Complex<f64> {
                Complex::new(self.re as f64, self.im as f64)
            }
            #[inline]
            fn from_c64(v: Complex<f64>) -> Self {
                Complex::new(v.re as $re, v.im as $re)
            }
            #[inline]
            fn real_to_f64(r: &$re) -> f64 {
                *r as f64
            }
            #[inline]
            fn real_from_f64(v: f64) -> $re {
                v as $re
            }
        }
        const _: () = assert!(
            std::mem::size_of::<$t>() == std::mem::size_of::<Complex<$re>>()
                && std::mem::align_of::<$t>() == std::mem::align_of::<Complex<$re>>()
        );
    };
}
complex_field!(ferrule_core::Complex32, f32);
complex_field!(ferrule_core::Complex64, f64);

/// Runs `$body` with `$t` the [`Field`] type of `$dtype` (one of the four dtypes
/// [`compute_dtype`] returns); any other dtype is an internal error, never a panic.
macro_rules! dispatch_field {
    ($dtype:expr, $t:ident => $body:block) => {
        match $dtype {
            ::ferrule_core::DType::Float32 => {
                type $t = f32;
                $body
            }
            ::ferrule_core::DType::Float64 => {
                type $t = f64;
                $body
            }
            ::ferrule_core::DType::Complex64 => {
                type $t = ::num_complex::Complex<f32>;
                $body
            }
            ::ferrule_core::DType::Complex128 => {
                type $t = ::num_complex::Complex<f64>;
                $body
            }
            other => Err(::ferrule_core::Error::runtime_error(format!(
                "linalg: internal error: no factorization type for dtype {other}"
            ))),
        }
    };
}
pub(crate) use dispatch_field;

/// The dtype a factorization of `dtype` computes in and returns, as numpy does: the four
/// float and complex dtypes are kept, bool and integers become float64, and the half-precision
/// floats are a `TypeError` (numpy: "array type float16 is unsupported in linalg").
pub(crate) fn compute_dtype(op: &str, arg: &str, dtype: DType) -> Result<DType> {
    match dtype {
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => Ok(dtype),
        DType::Float16 | DType::BFloat16 => bail!(
            TypeError,
            "{op}() argument '{arg}': dtype {dtype} is not supported (linear algebra computes in float32, float64, complex64 or complex128: cast it first)"
        ),
        _ => Ok(DType::Float64),
    }
}

/// The rows and columns of the matrices of `x`, a stack `(..., rows, cols)`; `ValueError` when
/// `x` has fewer than two dims, or (with `square`) when its matrices are not square.
pub(crate) fn matrix_dims(op: &str, arg: &str, x: &Tensor, square: bool) -> Result<(usize, usize)> {
    let n = x.ndim();
    if n < 2 {
        bail!(
            ValueError,
            "{op}() argument '{arg}': expected a matrix or a stack of matrices (at least 2 dims), got shape {}",
            format_shape(x.shape())
        );
    }
    let (rows, cols) = (x.shape()[n - 2], x.shape()[n - 1]);
    if square && rows != cols {
        bail!(
            ValueError,
            "{op}() argument '{arg}': expected square matrices (the last two dims equal), got shape {}",
            format_shape(x.shape())
        );
    }
    Ok((rows as usize, cols as usize))
}

/// The batch dims of `x` (all but the last two).
pub(crate) fn batch_of(x: &Tensor) -> &[i64] {
    &x.shape()[..x.ndim() - 2]
}

/// `batch + [rows, cols]`.
pub(crate) fn with_matrix(batch: &[i64], rows: usize, cols: usize) -> Vec<i64> {
    let mut shape = batch.to_vec();
    shape.extend([rows as i64, cols as i64]);
    shape
}

/// " (matrix i of the stack)" when the batch holds more than one matrix, for error messages.
pub(crate) fn which(i: usize, count: usize) -> String {
    if count > 1 {
        format!(" (matrix {i} of the stack)")
    } else {
        String::new()
    }
}

/// A stack of matrices read in place: a tensor of the compute dtype viewed as
/// `batch + [rows, cols]` (its batch dims broadcast), any strides.
pub(crate) struct Stack {
    base: SendPtr,
    offsets: Vec<i64>,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
    /// Keeps the viewed storage alive.
    _tensor: Tensor,
}

impl Stack {
    /// The matrices of `t` (whose dtype is the compute dtype) broadcast to `batch`.
    pub(crate) fn new(t: &Tensor, batch: &[i64]) -> Result<Stack> {
        let n = t.ndim();
        let (rows, cols) = (t.shape()[n - 2], t.shape()[n - 1]);
        let view = t.broadcast_to(&with_matrix(batch, rows as usize, cols as usize))?;
        let count = batch.iter().product::<i64>() as usize;
        let mut offsets = Vec::new();
        offsets.try_reserve_exact(count).map_err(|_| Error::memory_error("linalg: out of memory for a batch index"))?;
        for_each_offset(batch, &view.strides()[..batch.len()], |o| offsets.push(o));
        let nb = view.ndim();
        Ok(Stack {
            base: SendPtr(view.data_ptr()),
            offsets,
            rows: rows as usize,
            cols: cols as usize,
            rs: view.strides()[nb - 2] as isize,
            cs: view.strides()[nb - 1] as isize,
            _tensor: view,
        })
    }

    /// The number of matrices.
    pub(crate) fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Matrix `i` of the stack.
    ///
    /// # Safety
    ///
    /// `T` is the element type of the tensor's dtype, and the matrix holds at least one element
    /// (faer views need a non-null pointer).
    pub(crate) unsafe fn get<T: Field>(&self, i: usize) -> MatRef<'_, T> {
        // SAFETY: offsets and strides come from a valid view of a live tensor of `T` elements
        // (kept alive by `self`), so every element the view reaches is in bounds.
        unsafe {
            let ptr = self.base.get().cast::<T>().offset(self.offsets[i] as isize);
            MatRef::from_raw_parts(ptr, self.rows, self.cols, self.rs, self.cs)
        }
    }
}

/// A fresh C-contiguous output `batch + [rows, cols]` written matrix by matrix from pool tasks.
#[derive(Clone, Copy)]
pub(crate) struct Out {
    base: SendPtr,
    rows: usize,
    cols: usize,
}

impl Out {
    /// The matrices of `t`, a fresh C-contiguous tensor whose last two dims are `rows, cols`
    /// (a trailing vector dim is one matrix row: pass `rows = 1`).
    pub(crate) fn new(t: &Tensor, rows: usize, cols: usize) -> Out {
        Out { base: SendPtr(t.data_ptr()), rows, cols }
    }

    /// Matrix `i`, row-major (its natural layout).
    ///
    /// # Safety
    ///
    /// `T` is the tensor's element type; matrix `i` exists, holds at least one element, and no
    /// other live view writes it (each batch index goes to one task).
    pub(crate) unsafe fn rows_major<'a, T: Field>(self, i: usize) -> MatMut<'a, T> {
        // SAFETY: forwarded to the caller; the tensor is C-contiguous with these dims.
        unsafe {
            let ptr = self.base.get().cast::<T>().add(i * self.rows * self.cols);
            MatMut::from_raw_parts_mut(ptr, self.rows, self.cols, self.cols as isize, 1)
        }
    }

    /// The elements of matrix `i`, in C order, as `R`s.
    ///
    /// # Safety
    ///
    /// As [`Out::rows_major`], with `R` the tensor's element type.
    pub(crate) unsafe fn elements<'a, R>(self, i: usize) -> &'a mut [R] {
        let len = self.rows * self.cols;
        // SAFETY: forwarded to the caller; the tensor is C-contiguous with these dims.
        unsafe { std::slice::from_raw_parts_mut(self.base.get().cast::<R>().add(i * len), len) }
    }

    /// The memory of matrix `i` seen as the column-major `cols x rows` matrix it also is (the
    /// transpose of the row-major matrix): factorizations write there without a transposing copy.
    ///
    /// # Safety
    ///
    /// As [`Out::rows_major`].
    pub(crate) unsafe fn transposed<'a, T: Field>(self, i: usize) -> MatMut<'a, T> {
        // SAFETY: as `rows_major`.
        unsafe {
            let ptr = self.base.get().cast::<T>().add(i * self.rows * self.cols);
            MatMut::from_raw_parts_mut(ptr, self.cols, self.rows, 1, self.cols as isize)
        }
    }
}

/// `x` cast to the compute dtype `dtype`.
pub(crate) fn to_compute(x: &Tensor, dtype: DType) -> Result<Tensor> {
    cast_tensor(x, dtype)
}

/// Column starts of working matrices are aligned to this many bytes (a cache line, and the
/// widest SIMD vector), as faer's own temporaries are.
const ALIGN: usize = 64;

fn col_stride<T>(rows: usize) -> usize {
    rows.next_multiple_of((ALIGN / size_of::<T>()).max(1))
}

/// The workspace a [`temp_mat`] of `rows x cols` takes.
pub(crate) fn mat_req<T: Field>(rows: usize, cols: usize) -> StackReq {
    StackReq::new_aligned::<T>(col_stride::<T>(rows) * cols, ALIGN)
}

/// A zero-filled column-major `rows x cols` working matrix carved from `stack` (which must hold
/// a [`mat_req`] for it), and the rest of the stack.
pub(crate) fn temp_mat<T: Field>(rows: usize, cols: usize, stack: &mut MemStack) -> (MatMut<'_, T>, &mut MemStack) {
    let stride = col_stride::<T>(rows);
    let (memory, stack) = stack.make_aligned_uninit::<T>(stride * cols, ALIGN);
    for slot in memory.iter_mut() {
        slot.write(T::zero_impl());
    }
    let ptr = memory.as_mut_ptr().cast::<T>();
    // SAFETY: the slice holds `stride * cols` initialised elements, exclusively borrowed for the
    // returned lifetime; column `j` starts at `j * stride` and `rows <= stride`.
    let mat = unsafe { MatMut::from_raw_parts_mut(ptr, rows, cols, 1, stride as isize) };
    (mat, stack)
}

/// `n` indices (`0..n`) carved from `stack`, and the rest of the stack.
pub(crate) fn temp_indices(n: usize, stack: &mut MemStack) -> (&mut [usize], &mut MemStack) {
    let (memory, stack) = stack.make_aligned_uninit::<usize>(n, align_of::<usize>());
    for (i, slot) in memory.iter_mut().enumerate() {
        slot.write(i);
    }
    // SAFETY: every element was initialised just above; `MaybeUninit<usize>` and `usize` have
    // the same layout.
    let indices = unsafe { &mut *(std::ptr::from_mut::<[std::mem::MaybeUninit<usize>]>(memory) as *mut [usize]) };
    (indices, stack)
}

/// A workspace of `req` bytes; an allocation failure is a `MemoryError` naming `op`.
pub(crate) fn workspace(op: &str, req: StackReq) -> Result<MemBuffer> {
    MemBuffer::try_new(req).map_err(|_| Error::memory_error(format!("{op}: out of memory for the workspace")))
}

/// Floating-point operations per matrix above which one matrix is factorized on all of the
/// pool's threads (faer's own parallel kernels); below it, matrices of a batch run one per task.
/// About a 370 x 370 LU, a 290 x 290 QR or a 220 x 220 eigh with vectors (a 256 x 256 SVD is
/// past it). Measured on the shared 2-core machine (`benches/python/bench_ops.py`, best of 8,
/// load 7 to 12): a 256 x 256 LU or QR (35 to 70 Mflop, about a millisecond) gained nothing on two
/// threads in the best case and ran 3 to 10 times slower whenever the other core was busy (faer
/// synchronises once per panel), while a 256 x 256 SVD still ran about 1.4 times faster on two.
const PARALLEL_MATRIX_FLOPS: f64 = 1.0e8;

/// Floating-point work per pool task when a batch of small matrices is split over the pool.
const BATCH_TASK_FLOPS: f64 = 5.0e5;

/// Runs `body(i, par, stack)` for each of the `count` matrices of a batch, each about `flops`
/// floating-point operations, with a workspace of `req` per task.
///
/// Large matrices run one after the other, each with faer's parallel kernels on ferrule's pool
/// (`par` is `Par::Rayon`); small ones are spread over the pool, each on one thread
/// (`Par::Seq`). The first error (by batch index) is returned.
pub(crate) fn for_each_matrix<F>(op: &str, count: usize, flops: f64, req: StackReq, body: F) -> Result<()>
where
    F: Fn(usize, Par, &mut MemStack) -> Result<()> + Sync,
{
    if count == 0 {
        return Ok(());
    }
    let threads = num_threads();
    if threads > 1 && flops >= PARALLEL_MATRIX_FLOPS {
        if let Some(pool) = pool() {
            let mut buffer = workspace(op, req)?;
            let stack = MemStack::new(&mut buffer);
            return pool.install(|| {
                for i in 0..count {
                    body(i, Par::rayon(threads), stack)?;
                }
                Ok(())
            });
        }
    }
    let per_task = ((BATCH_TASK_FLOPS / flops.max(1.0)).ceil() as usize).max(1);
    let first_error: Mutex<Option<(usize, Error)>> = Mutex::new(None);
    let record = |i: usize, e: Error| {
        let mut slot = first_error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.as_ref().is_none_or(|(j, _)| i < *j) {
            *slot = Some((i, e));
        }
    };
    parallel_for(count, per_task, |range| {
        let mut buffer = match workspace(op, req) {
            Ok(b) => b,
            Err(e) => return record(range.start, e),
        };
        let stack = MemStack::new(&mut buffer);
        for i in range {
            if let Err(e) = body(i, Par::Seq, stack) {
                return record(i, e);
            }
        }
    });
    match first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Whether every element of `m` is finite (neither inf nor nan).
pub(crate) fn all_finite<T: Field>(m: MatRef<'_, T>) -> bool {
    (0..m.ncols()).all(|j| (0..m.nrows()).all(|i| faer::traits::math_utils::is_finite(&m[(i, j)])))
}

/// Whether every element of the lower triangle of `m` (diagonal included) is finite.
pub(crate) fn lower_finite<T: Field>(m: MatRef<'_, T>) -> bool {
    (0..m.ncols()).all(|j| (j..m.nrows()).all(|i| faer::traits::math_utils::is_finite(&m[(i, j)])))
}

/// A fresh tensor whose elements are all written by the caller before anyone reads it.
///
/// # Safety
///
/// The caller writes every element before the tensor is read or returned.
pub(crate) unsafe fn output(op: &str, shape: &[i64], dtype: DType) -> Result<Tensor> {
    crate::creation::check_shape(op, shape, dtype)?;
    // SAFETY: forwarded to the caller.
    unsafe { Tensor::uninit(shape, dtype) }
}
