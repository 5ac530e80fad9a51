//! One 1-D transform applied along one axis of a tensor: every line is gathered (converted,
//! truncated or zero-padded) into a buffer, transformed by a cached plan, scaled and written
//! to a fresh C-contiguous output, on the ferrule pool when there is enough work.
//!
//! Lines along the last axis are contiguous in the output, so the plan writes straight into the
//! output; lines along another axis are handled a few at a time (a block of neighbours), so the
//! strided reads and writes touch each cache line once per block instead of once per element.
//! A single long complex line (fewer lines than threads) is split in two halves that run on two
//! threads (see `split.rs`).

use std::any::TypeId;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use ferrule_core::{Error, Result, Tensor};
use num_complex::Complex;
use realfft::{ComplexToReal, RealToComplex};
use rustfft::{Fft, FftNum};

use super::plan::PlanCache;
use crate::iter::SendPtr;
use crate::pool;

/// Points (input plus output) below which a batch of lines stays on the calling thread.
pub const MIN_POINTS_PER_TASK: usize = 1 << 15;

/// The most points (per buffer) a block of neighbouring lines may hold.
const BLOCK_POINTS: usize = 1 << 14;

/// The most lines in one block.
const MAX_BLOCK_LINES: usize = 64;

/// A floating-point precision ferrule transforms in (f32 or f64).
pub trait Real: FftNum + Default + PartialEq {
    /// Whether this is single precision.
    const SINGLE: bool;
    /// `v` rounded to this precision.
    fn of(v: f64) -> Self;
    /// The process-wide plan cache of this precision.
    fn plans() -> &'static PlanCache<Self>;
}

static PLANS_F32: PlanCache<f32> = PlanCache::new();
static PLANS_F64: PlanCache<f64> = PlanCache::new();

impl Real for f32 {
    const SINGLE: bool = true;
    fn of(v: f64) -> Self {
        v as f32
    }
    fn plans() -> &'static PlanCache<f32> {
        &PLANS_F32
    }
}

impl Real for f64 {
    const SINGLE: bool = false;
    fn of(v: f64) -> Self {
        v
    }
    fn plans() -> &'static PlanCache<f64> {
        &PLANS_F64
    }
}

/// A source element read into the element a transform takes (a real into a complex with a
/// zero imaginary part, or unchanged), conjugated on request.
pub trait Load<I>: Copy + Send + Sync + 'static {
    /// The element, conjugated when `conj` (a no-op for reals).
    fn load(self, conj: bool) -> I;
}

impl<T: Real> Load<T> for T {
    #[inline(always)]
    fn load(self, _conj: bool) -> T {
        self
    }
}

impl<T: Real> Load<Complex<T>> for T {
    #[inline(always)]
    fn load(self, _conj: bool) -> Complex<T> {
        Complex::new(self, T::zero())
    }
}

impl<T: Real> Load<Complex<T>> for Complex<T> {
    #[inline(always)]
    fn load(self, conj: bool) -> Complex<T> {
        if conj {
            self.conj()
        } else {
            self
        }
    }
}

/// An output element: scaled and conjugated on request before it is stored.
pub trait Finish<T>: Copy + Default + Send + Sync + 'static {
    /// `self * scale`, conjugated when `conj` (a no-op for reals).
    fn finish(self, scale: Option<T>, conj: bool) -> Self;
}

impl<T: Real> Finish<T> for T {
    #[inline(always)]
    fn finish(self, scale: Option<T>, _conj: bool) -> T {
        match scale {
            Some(s) => self * s,
            None => self,
        }
    }
}

impl<T: Real> Finish<T> for Complex<T> {
    #[inline(always)]
    fn finish(self, scale: Option<T>, conj: bool) -> Complex<T> {
        let v = match scale {
            Some(s) => Complex::new(self.re * s, self.im * s),
            None => self,
        };
        if conj {
            v.conj()
        } else {
            v
        }
    }
}

/// A 1-D transform of lines of `n_in` input elements into `n_out` output elements.
pub trait LineKernel<T: Real, I, O>: Sync {
    /// The complex scratch [`run`](Self::run) needs.
    fn scratch_len(&self) -> usize;
    /// Transforms the `input.len() / n_in` lines of `input` (which it may overwrite) into
    /// `output`.
    fn run(&self, input: &mut [I], output: &mut [O], scratch: &mut [Complex<T>]) -> Result<()>;
    /// The complex-to-complex plan, for the paths that only exist for it (reading the source
    /// in place, the two-thread split).
    fn complex_plan(&self) -> Option<&Arc<dyn Fft<T>>> {
        None
    }
}

/// Complex-to-complex (`fft`, `ifft`): `n` points in, `n` out.
pub struct ComplexKernel<T: Real>(pub Arc<dyn Fft<T>>);

impl<T: Real> LineKernel<T, Complex<T>, Complex<T>> for ComplexKernel<T> {
    fn scratch_len(&self) -> usize {
        self.0.get_outofplace_scratch_len()
    }
    fn run(&self, input: &mut [Complex<T>], output: &mut [Complex<T>], scratch: &mut [Complex<T>]) -> Result<()> {
        self.0.process_outofplace_with_scratch(input, output, scratch);
        Ok(())
    }
    fn complex_plan(&self) -> Option<&Arc<dyn Fft<T>>> {
        Some(&self.0)
    }
}

/// Real-to-complex (`rfft`): `n` reals in, `n/2 + 1` complex values out.
pub struct RealForwardKernel<T: Real>(pub Arc<dyn RealToComplex<T>>);

impl<T: Real> LineKernel<T, T, Complex<T>> for RealForwardKernel<T> {
    fn scratch_len(&self) -> usize {
        self.0.get_scratch_len()
    }
    fn run(&self, input: &mut [T], output: &mut [Complex<T>], scratch: &mut [Complex<T>]) -> Result<()> {
        let (n, m) = (self.0.len(), self.0.complex_len());
        for (line, out) in input.chunks_exact_mut(n).zip(output.chunks_exact_mut(m)) {
            self.0.process_with_scratch(line, out, scratch).map_err(|e| internal("rfft", e))?;
        }
        Ok(())
    }
}

/// Complex-to-real (`irfft`): `n/2 + 1` complex values in, `n` reals out. The imaginary parts
/// of the zero-frequency term (and of the Nyquist term when `n` is even) are ignored, as numpy
/// does: a real signal's spectrum has none there.
pub struct RealInverseKernel<T: Real>(pub Arc<dyn ComplexToReal<T>>);

impl<T: Real> LineKernel<T, Complex<T>, T> for RealInverseKernel<T> {
    fn scratch_len(&self) -> usize {
        self.0.get_scratch_len()
    }
    fn run(&self, input: &mut [Complex<T>], output: &mut [T], scratch: &mut [Complex<T>]) -> Result<()> {
        let (n, m) = (self.0.len(), self.0.complex_len());
        for (line, out) in input.chunks_exact_mut(m).zip(output.chunks_exact_mut(n)) {
            line[0].im = T::zero();
            if n % 2 == 0 {
                line[m - 1].im = T::zero();
            }
            self.0.process_with_scratch(line, out, scratch).map_err(|e| internal("irfft", e))?;
        }
        Ok(())
    }
}

fn internal(what: &str, e: realfft::FftError) -> Error {
    Error::runtime_error(format!("fft: the {what} plan refused its buffers ({e}); this is a bug in ferrule"))
}

/// One pass: the transform along `axis`, reading `n_in` points per line (the source line cut
/// or zero-padded to that length) and writing `n_out`.
#[derive(Clone, Copy, Debug)]
pub struct AxisPass {
    /// The transformed axis (non-negative).
    pub axis: usize,
    /// Points per line handed to the plan.
    pub n_in: usize,
    /// Points per line it produces (the output's length along `axis`).
    pub n_out: usize,
    /// The normalisation factor, `None` for 1.
    pub scale: Option<f64>,
    /// Conjugate the input (`hfft`).
    pub conj_in: bool,
    /// Conjugate the output (`ihfft`).
    pub conj_out: bool,
}

/// Where each line of a `(shape, strides)` layout starts, with `axis` the line's direction.
struct LineLayout {
    before: Vec<(i64, i64)>,
    after: Vec<(i64, i64)>,
    inner: usize,
}

impl LineLayout {
    fn new(shape: &[i64], strides: &[i64], axis: usize) -> Self {
        let dims: Vec<(i64, i64)> = shape.iter().copied().zip(strides.iter().copied()).collect();
        let inner = shape[axis + 1..].iter().product::<i64>() as usize;
        LineLayout { before: dims[..axis].to_vec(), after: dims[axis + 1..].to_vec(), inner }
    }

    /// The element offset of line `l` (lines in C order of the other dims).
    #[inline]
    fn offset(&self, l: usize) -> isize {
        let (mut outer, mut inner) = (l / self.inner, l % self.inner);
        let mut off = 0i64;
        for &(dim, stride) in self.after.iter().rev() {
            let d = dim as usize;
            off += (inner % d) as i64 * stride;
            inner /= d;
        }
        for &(dim, stride) in self.before.iter().rev() {
            let d = dim as usize;
            off += (outer % d) as i64 * stride;
            outer /= d;
        }
        off as isize
    }
}

/// A vector of `len` copies of `value`, allocated fallibly: the lines of a transform too large
/// for memory are a `MemoryError`, not an abort.
pub(crate) fn buffer<V: Clone>(len: usize, value: V) -> Result<Vec<V>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::memory_error(format!("cannot allocate a work buffer of {len} elements")))?;
    v.resize(len, value);
    Ok(v)
}

/// Runs `pass` from `src` (elements `S`) into `dst`, a fresh C-contiguous tensor (elements `O`)
/// of `src`'s shape with `n_out` along the axis, with `kernel` transforming the lines.
pub fn run_pass<T, S, I, O, K>(src: &Tensor, dst: &Tensor, pass: AxisPass, kernel: &K) -> Result<()>
where
    T: Real,
    S: Load<I>,
    I: Copy + Default + Send + Sync + 'static,
    O: Finish<T>,
    K: LineKernel<T, I, O>,
{
    let Some(job) = Job::new(src, dst, pass) else {
        return Ok(());
    };
    let min_lines = (MIN_POINTS_PER_TASK / (pass.n_in + pass.n_out).max(1)).max(1);
    pool::parallel_for(job.lines, min_lines, |range| {
        // SAFETY: `job` describes `src` and `dst`, which outlive the call; tasks get disjoint lines.
        if let Err(e) = unsafe { job.run_lines::<S, I, O, K>(range, kernel) } {
            job.fail(e);
        }
    });
    job.finish()
}

/// [`run_pass`] for a complex-to-complex plan, with one more strategy: when there are fewer
/// lines than threads and each is long, every line is split in two halves transformed on two
/// threads (`split.rs`), so a single large transform uses the whole machine.
pub fn run_complex_pass<T, S>(src: &Tensor, dst: &Tensor, pass: AxisPass, plan: Arc<dyn Fft<T>>) -> Result<()>
where
    T: Real,
    S: Load<Complex<T>>,
{
    let n = pass.n_in;
    let Some(job) = Job::<T>::new(src, dst, pass) else {
        return Ok(());
    };
    let threads = pool::num_threads();
    if threads >= 2 && job.lines < threads && job.layout.inner == 1 && super::split::applies(n) {
        for l in 0..job.lines {
            // SAFETY: `job` describes `src` and `dst`, which outlive the call; line `l` exists.
            unsafe { super::split::run_line::<T, S>(&job, l, plan.fft_direction())? };
        }
        return Ok(());
    }
    drop(job);
    run_pass::<T, S, Complex<T>, Complex<T>, _>(src, dst, pass, &ComplexKernel(plan))
}

/// A pass in progress: raw views of the source and the output that pool tasks share.
pub(crate) struct Job<T> {
    /// The number of lines.
    pub(crate) lines: usize,
    pub(crate) src: SendPtr,
    pub(crate) src_stride: isize,
    pub(crate) dst: SendPtr,
    /// Source points read per line: `min(m, n_in)`.
    pub(crate) take: usize,
    /// The source's length along the axis.
    pub(crate) m: usize,
    layout: LineLayout,
    pub(crate) pass: AxisPass,
    pub(crate) scale: Option<T>,
    failure: Mutex<Option<Error>>,
}

impl<T: Real> Job<T> {
    /// The pass over `src` into `dst`; `None` when there are no lines.
    fn new(src: &Tensor, dst: &Tensor, pass: AxisPass) -> Option<Self> {
        let shape = src.shape();
        let axis = pass.axis;
        let lines = shape.iter().enumerate().filter(|&(d, _)| d != axis).map(|(_, &s)| s as usize).product();
        if lines == 0 {
            return None;
        }
        let m = shape[axis] as usize;
        Some(Job {
            lines,
            src: SendPtr(src.data_ptr()),
            src_stride: src.strides()[axis] as isize,
            dst: SendPtr(dst.data_ptr()),
            take: m.min(pass.n_in),
            m,
            layout: LineLayout::new(shape, src.strides(), axis),
            pass,
            scale: pass.scale.map(T::of),
            failure: Mutex::new(None),
        })
    }

    fn fail(&self, e: Error) {
        let mut slot = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(e);
    }

    fn finish(self) -> Result<()> {
        match self.failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The source offset (in elements) of line `l`.
    pub(crate) fn src_line(&self, l: usize) -> isize {
        self.layout.offset(l)
    }

    /// Transforms lines `range`.
    ///
    /// # Safety
    ///
    /// `self` must describe live tensors: `src` of elements `S` whose lines (per `layout`,
    /// `src_stride`, `m`) are readable, and `dst`, a C-contiguous tensor of elements `O` with
    /// `n_out` along the axis, that no one else reads or writes in these lines meanwhile.
    unsafe fn run_lines<S, I, O, K>(&self, range: Range<usize>, kernel: &K) -> Result<()>
    where
        S: Load<I>,
        I: Copy + Default + Send + Sync + 'static,
        O: Finish<T>,
        K: LineKernel<T, I, O>,
    {
        let AxisPass { n_in, n_out, conj_in, conj_out, .. } = self.pass;
        let inner = self.layout.inner;
        let src = self.src.get().cast::<S>().cast_const();
        let dst = self.dst.get().cast::<O>();
        // The source can be read in place when it already is what the plan takes, whole lines
        // of it, contiguous: no gather pass at all.
        let in_place = kernel.complex_plan().is_some()
            && TypeId::of::<S>() == TypeId::of::<I>()
            && TypeId::of::<I>() == TypeId::of::<O>()
            && !conj_in
            && self.src_stride == 1
            && self.m == n_in
            && n_out == n_in
            && inner == 1;
        if in_place {
            let fft = kernel.complex_plan().expect("checked");
            let mut scratch = buffer(fft.get_immutable_scratch_len(), Complex::<T>::default())?;
            for l in range {
                // SAFETY: S, I and O are all Complex<T> (checked above); line `l` of the source
                // holds n_in contiguous elements and line `l` of the output n_out (the caller's
                // contract), and the two do not overlap (the output is a fresh tensor).
                unsafe {
                    let input = std::slice::from_raw_parts(src.offset(self.src_line(l)).cast::<Complex<T>>(), n_in);
                    let output = std::slice::from_raw_parts_mut(dst.add(l * n_out).cast::<Complex<T>>(), n_out);
                    fft.process_immutable_with_scratch(input, output, &mut scratch);
                    finish_slice(output, self.scale, conj_out);
                }
            }
            return Ok(());
        }
        let work = n_in.max(n_out).max(1);
        let block = (BLOCK_POINTS / work).clamp(1, MAX_BLOCK_LINES).min(range.len());
        let mut input = buffer(block * n_in, I::default())?;
        let mut staged = if inner == 1 { Vec::new() } else { buffer(block * n_out, O::default())? };
        let mut scratch = buffer(kernel.scratch_len(), Complex::<T>::default())?;
        let mut bases = vec![0isize; block];
        let mut out_bases = if inner == 1 { Vec::new() } else { vec![0usize; block] };
        let mut start = range.start;
        while start < range.end {
            let b = block.min(range.end - start);
            for (i, base) in bases[..b].iter_mut().enumerate() {
                *base = self.src_line(start + i);
            }
            // SAFETY: the bases are line starts of the source; `take <= m` points each.
            unsafe { self.gather::<S, I>(src, &bases[..b], &mut input[..b * n_in], inner > 1) };
            if inner == 1 {
                // Neighbouring lines along the last axis are consecutive in the output.
                // SAFETY: lines start..start+b of the output, which this task owns.
                let out = unsafe { std::slice::from_raw_parts_mut(dst.add(start * n_out), b * n_out) };
                kernel.run(&mut input[..b * n_in], out, &mut scratch)?;
                finish_slice(out, self.scale, conj_out);
            } else {
                kernel.run(&mut input[..b * n_in], &mut staged[..b * n_out], &mut scratch)?;
                // SAFETY: the output lines of start..start+b, which this task owns.
                unsafe { self.scatter(dst, start, &staged[..b * n_out], &mut out_bases[..b]) };
            }
            start += b;
        }
        Ok(())
    }

    /// Reads the lines starting at `bases` into `input` (`n_in` per line, zero-padded past
    /// `take`); `row_major` walks the block point by point across its lines (neighbouring lines
    /// are neighbours in memory when the axis is not the last).
    ///
    /// # Safety
    ///
    /// Each base plus `take` points of `src_stride` must be readable `S` elements.
    unsafe fn gather<S: Load<I>, I: Copy + Default>(
        &self,
        src: *const S,
        bases: &[isize],
        input: &mut [I],
        row_major: bool,
    ) {
        let (n_in, take, stride, conj) = (self.pass.n_in, self.take, self.src_stride, self.pass.conj_in);
        // SAFETY (whole block): offsets stay within the lines the caller vouches for.
        unsafe {
            if row_major && bases.len() > 1 {
                for r in 0..take {
                    let step = r as isize * stride;
                    for (i, &base) in bases.iter().enumerate() {
                        *input.get_unchecked_mut(i * n_in + r) = (*src.offset(base + step)).load(conj);
                    }
                }
            } else {
                for (i, &base) in bases.iter().enumerate() {
                    let line = &mut input[i * n_in..i * n_in + take];
                    let first = src.offset(base);
                    if stride == 1 {
                        for (r, v) in line.iter_mut().enumerate() {
                            *v = (*first.add(r)).load(conj);
                        }
                    } else {
                        for (r, v) in line.iter_mut().enumerate() {
                            *v = (*first.offset(r as isize * stride)).load(conj);
                        }
                    }
                }
            }
        }
        if take < n_in {
            for line in input.chunks_exact_mut(n_in) {
                line[take..].fill(I::default());
            }
        }
    }

    /// Writes the transformed lines `staged` (`n_out` each) to output lines
    /// `start..start + bases.len()`, which step by `inner` along the axis (`bases` is room for
    /// their offsets).
    ///
    /// # Safety
    ///
    /// `dst` must be the output tensor's first element, and those lines this task's alone.
    unsafe fn scatter<O: Finish<T>>(&self, dst: *mut O, start: usize, staged: &[O], bases: &mut [usize]) {
        let (n_out, inner) = (self.pass.n_out, self.layout.inner);
        let (scale, conj) = (self.scale, self.pass.conj_out);
        for (i, base) in bases.iter_mut().enumerate() {
            let l = start + i;
            *base = (l / inner) * n_out * inner + l % inner;
        }
        // Point by point across the block: neighbouring lines are neighbours in the output.
        for r in 0..n_out {
            for (i, &base) in bases.iter().enumerate() {
                // SAFETY: element r of output line start + i, inside the tensor.
                unsafe { *dst.add(base + r * inner) = staged[i * n_out + r].finish(scale, conj) };
            }
        }
    }
}

/// Applies the scale and conjugation to a finished line in place.
pub(crate) fn finish_slice<T: Copy, O: Finish<T>>(out: &mut [O], scale: Option<T>, conj: bool) {
    if scale.is_some() || conj {
        for v in out.iter_mut() {
            *v = v.finish(scale, conj);
        }
    }
}
