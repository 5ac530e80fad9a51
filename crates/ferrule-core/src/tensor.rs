//! `Tensor`: shape, strides (in elements) and offset over shared `Storage`; constructors and metadata.

mod dims;
mod strided;
mod view;

use std::fmt;
use std::sync::Arc;

pub use dims::{Dims, INLINE_DIMS};
pub use strided::for_each_offset;
pub use view::{broadcast_shapes, BasicItem};

use crate::{DType, Device, Element, Error, Result, Storage};

/// An n-dimensional strided view of typed elements in a shared [`Storage`].
///
/// Invariants: `shape` and `strides` have the same length, every dim is `>= 0`, `offset >= 0`,
/// and unless the tensor has no elements every reachable element lies inside the storage.
/// Views (`reshape`, `slice`, `permute`, ...) share the storage; cloning is cheap.
#[derive(Clone)]
pub struct Tensor {
    storage: Arc<Storage>,
    shape: Dims,
    strides: Dims,
    offset: i64,
    dtype: DType,
}

/// C-order (row-major) strides, in elements, for `shape`.
///
/// Dims of size 0 count as 1, as in numpy and PyTorch, so the strides stay meaningful.
pub fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    contiguous_dims(shape).to_vec()
}

/// [`contiguous_strides`] without a heap allocation for the usual few dims.
#[inline]
fn contiguous_dims(shape: &[i64]) -> Dims {
    let mut strides = Dims::zeroed(shape.len());
    let mut step: i64 = 1;
    for (stride, &dim) in strides.iter_mut().zip(shape).rev() {
        *stride = step;
        step = step.saturating_mul(dim.max(1));
    }
    strides
}

/// Formats a shape as a Python tuple: `()`, `(4,)`, `(2, 3)`.
pub fn format_shape(shape: &[i64]) -> String {
    match shape {
        [single] => format!("({single},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// The product of `dims` (0 when any dim is 0), `None` when the product of the non-zero dims
/// overflows: as in numpy, a shape like `(2**40, 2**40, 0, 2**40)` is too big even though it
/// holds no elements.
fn dims_product(dims: &[i64]) -> Option<i64> {
    let nonzero = dims.iter().filter(|&&d| d != 0).try_fold(1i64, |acc, &dim| acc.checked_mul(dim))?;
    Some(if dims.contains(&0) { 0 } else { nonzero })
}

/// The element count of a requested shape: `ValueError` for a negative dim, `OverflowError`
/// when the count does not fit in an `i64`.
fn checked_numel(shape: &[i64]) -> Result<i64> {
    if shape.iter().any(|&dim| dim < 0) {
        crate::bail!(ValueError, "negative dimensions are not allowed, got shape {}", format_shape(shape));
    }
    dims_product(shape).ok_or_else(|| {
        Error::overflow_error(format!("a tensor of shape {} has too many elements", format_shape(shape)))
    })
}

/// The lowest and highest element offsets a non-empty view reaches, `None` on overflow.
fn element_extent(shape: &[i64], strides: &[i64], offset: i64) -> Option<(i64, i64)> {
    let (mut low, mut high) = (offset, offset);
    for (&dim, &stride) in shape.iter().zip(strides) {
        let span = (dim - 1).checked_mul(stride)?;
        if span < 0 {
            low = low.checked_add(span)?;
        } else {
            high = high.checked_add(span)?;
        }
    }
    Some((low, high))
}

/// What a new tensor's storage holds (see [`Tensor::fresh_with`]).
enum Fill {
    /// Zeros.
    Zeroed,
    /// Nothing yet: every element is written before it is read.
    Uninit,
    /// Unspecified but initialised values ([`Storage::shared_recycled`]).
    Recycled,
}

impl Tensor {
    /// A zero-filled, C-contiguous tensor on the CPU.
    ///
    /// A negative dim is a `ValueError`; a size that overflows is an `OverflowError`, and one the
    /// allocator refuses is a `MemoryError`.
    pub fn zeros(shape: &[i64], dtype: DType) -> Result<Tensor> {
        Tensor::allocate(shape, dtype, true)
    }

    /// A C-contiguous CPU tensor whose elements are not initialised, for a kernel that
    /// overwrites all of them before anything else sees the tensor. Errors as [`Tensor::zeros`].
    ///
    /// # Safety
    ///
    /// Every element must be written through [`data_ptr`](Self::data_ptr) before the tensor is
    /// read, shared or returned.
    #[inline]
    pub unsafe fn uninit(shape: &[i64], dtype: DType) -> Result<Tensor> {
        Tensor::allocate(shape, dtype, false)
    }

    #[inline]
    fn allocate(shape: &[i64], dtype: DType, zeroed: bool) -> Result<Tensor> {
        let numel = checked_numel(shape)?;
        Tensor::fresh(Dims::from(shape), numel, dtype, zeroed)
    }

    /// A C-contiguous CPU tensor of `dtype` with `like`'s shape, elements not initialised:
    /// [`Tensor::uninit`] without validating a shape again that a tensor already has (what the
    /// tiny-op fast paths use). Errors as [`Tensor::zeros`].
    ///
    /// # Safety
    ///
    /// As [`Tensor::uninit`].
    #[inline]
    pub unsafe fn uninit_like(like: &Tensor, dtype: DType) -> Result<Tensor> {
        Tensor::fresh(like.shape.clone(), like.numel(), dtype, false)
    }

    /// A new C-contiguous CPU tensor of a valid `shape` holding `numel` elements, its memory
    /// zeroed or not (then every element must be written before it is read).
    #[inline]
    fn fresh(shape: Dims, numel: i64, dtype: DType, zeroed: bool) -> Result<Tensor> {
        let fill = if zeroed { Fill::Zeroed } else { Fill::Uninit };
        Tensor::fresh_with(shape, numel, dtype, fill)
    }

    /// [`Tensor::fresh`] with the storage's contents chosen by `fill`.
    #[inline]
    fn fresh_with(shape: Dims, numel: i64, dtype: DType, fill: Fill) -> Result<Tensor> {
        let nbytes =
            numel.checked_mul(dtype.itemsize() as i64).and_then(|n| usize::try_from(n).ok()).ok_or_else(|| {
                Error::overflow_error(format!("a {dtype} tensor of shape {} is too large", format_shape(&shape)))
            })?;
        let storage = match fill {
            Fill::Zeroed => Storage::shared_zeroed(nbytes, Device::CPU)?,
            // SAFETY: forwarded to our callers (`uninit`'s and `uninit_like`'s contracts).
            Fill::Uninit => unsafe { Storage::shared_uninit(nbytes, Device::CPU)? },
            Fill::Recycled => Storage::shared_recycled(nbytes)?,
        };
        Ok(Tensor { storage, strides: contiguous_dims(&shape), shape, offset: 0, dtype })
    }

    /// A C-contiguous CPU tensor whose elements hold unspecified values (numpy's `empty`): a
    /// large one reuses a recently freed block as it is ([`Storage::shared_recycled`]), so it
    /// costs neither a zeroing pass nor page faults; a small one, and any bool tensor (whose
    /// bytes must be 0 or 1), is zeroed. Errors as [`Tensor::zeros`].
    pub fn recycled(shape: &[i64], dtype: DType) -> Result<Tensor> {
        if dtype == DType::Bool {
            return Tensor::zeros(shape, dtype);
        }
        let numel = checked_numel(shape)?;
        Tensor::fresh_with(Dims::from(shape), numel, dtype, Fill::Recycled)
    }

    /// A new C-contiguous CPU tensor; ferrule always zero-fills, so this equals [`Tensor::zeros`].
    pub fn empty(shape: &[i64], dtype: DType) -> Result<Tensor> {
        Tensor::zeros(shape, dtype)
    }

    /// A C-contiguous tensor holding a copy of `data`; `ValueError` unless `shape` has
    /// exactly `data.len()` elements.
    pub fn from_slice<T: Element>(data: &[T], shape: &[i64]) -> Result<Tensor> {
        let numel = checked_numel(shape)?;
        if usize::try_from(numel).ok() != Some(data.len()) {
            crate::bail!(
                ValueError,
                "cannot create a tensor of shape {} from {} elements",
                format_shape(shape),
                data.len()
            );
        }
        // SAFETY: `Element` types are plain data without padding, so their bytes are initialised.
        let bytes = unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), size_of_val(data)) };
        Tensor::from_bytes(bytes, shape, T::DTYPE)
    }

    /// A C-contiguous tensor whose elements are the native-endian `bytes`; `ValueError` unless
    /// the length is exactly the shape's element count times the itemsize.
    pub fn from_bytes(bytes: &[u8], shape: &[i64], dtype: DType) -> Result<Tensor> {
        // Not zeroed (the copy overwrites every byte): a large zeroed request is fresh pages
        // that the kernel clears first, where an uninitialised one may reuse a cached block.
        // SAFETY: the copy below writes all `nbytes` bytes before the tensor is returned; on a
        // size mismatch it is dropped unread.
        let tensor = unsafe { Tensor::uninit(shape, dtype)? };
        if tensor.nbytes() != bytes.len() {
            crate::bail!(
                ValueError,
                "a buffer of {} bytes does not match shape {} of {dtype} ({} bytes)",
                bytes.len(),
                format_shape(shape),
                tensor.nbytes()
            );
        }
        // SAFETY: the fresh storage holds exactly `bytes.len()` bytes and is not shared yet.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), tensor.data_ptr(), bytes.len()) };
        Ok(tensor)
    }

    /// A 0-dimensional tensor holding `value`.
    ///
    /// # Panics
    ///
    /// If the allocator cannot provide 16 bytes, like `Box::new`.
    pub fn scalar<T: Element>(value: T) -> Tensor {
        Tensor::from_slice(&[value], &[]).expect("allocating a scalar tensor")
    }

    /// A tensor viewing `storage`, after checking the view: equal lengths of `shape` and
    /// `strides`, no negative dim, `offset >= 0`, and (unless it has no elements) every
    /// reachable element inside the storage. Each violation is a `ValueError`.
    ///
    /// # Safety
    ///
    /// The bytes the view reaches must be valid `dtype` elements (0 or 1 for bool) that ferrule
    /// may read, and write when the caller writes through the tensor, for its whole lifetime.
    pub unsafe fn from_storage(
        storage: Arc<Storage>,
        shape: Vec<i64>,
        strides: Vec<i64>,
        offset: i64,
        dtype: DType,
    ) -> Result<Tensor> {
        if shape.len() != strides.len() {
            crate::bail!(
                ValueError,
                "shape {} and strides {} differ in length",
                format_shape(&shape),
                format_shape(&strides)
            );
        }
        if offset < 0 {
            crate::bail!(ValueError, "negative storage offset {offset}");
        }
        if checked_numel(&shape)? > 0 {
            let out_of_bounds = || {
                Error::value_error(format!(
                    "a {dtype} view of shape {}, strides {} and offset {offset} does not fit in a storage of {} bytes",
                    format_shape(&shape),
                    format_shape(&strides),
                    storage.nbytes()
                ))
            };
            let (low, high) = element_extent(&shape, &strides, offset).ok_or_else(out_of_bounds)?;
            let end = high.checked_add(1).and_then(|n| n.checked_mul(dtype.itemsize() as i64));
            let fits = end.and_then(|end| usize::try_from(end).ok()).is_some_and(|end| end <= storage.nbytes());
            if low < 0 || !fits {
                return Err(out_of_bounds());
            }
        }
        Ok(Tensor { storage, shape: shape.into(), strides: strides.into(), offset, dtype })
    }

    /// A view of the same storage; an empty result keeps `self`'s offset so it stays in bounds.
    fn view(&self, shape: impl Into<Dims>, strides: impl Into<Dims>, offset: i64) -> Tensor {
        let (shape, strides) = (shape.into(), strides.into());
        let offset = if shape.contains(&0) { self.offset } else { offset };
        Tensor { storage: Arc::clone(&self.storage), shape, strides, offset, dtype: self.dtype }
    }

    /// The size of each dim.
    #[inline]
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }

    /// The step between neighbours along each dim, in elements (may be negative or zero).
    #[inline]
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// Index of the first element in the storage, in elements.
    #[inline]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The element type.
    #[inline]
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The device of the storage.
    #[inline]
    pub fn device(&self) -> Device {
        self.storage.device()
    }

    /// The number of dims.
    #[inline]
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements.
    #[inline]
    pub fn numel(&self) -> i64 {
        // Bounded by the storage size (or 0), so the product cannot overflow.
        dims_product(&self.shape).unwrap_or(0)
    }

    /// The logical size in bytes, `numel() * itemsize()`.
    #[inline]
    pub fn nbytes(&self) -> usize {
        self.numel() as usize * self.itemsize()
    }

    /// Size of one element in bytes.
    #[inline]
    pub fn itemsize(&self) -> usize {
        self.dtype.itemsize()
    }

    /// True when the elements are laid out in C order without gaps; dims of size 1 are
    /// ignored and a tensor with no elements is contiguous, as in numpy.
    #[inline]
    pub fn is_contiguous(&self) -> bool {
        if self.shape.contains(&0) {
            return true;
        }
        let mut expected = 1i64;
        for (&dim, &stride) in self.shape.iter().zip(&self.strides).rev() {
            if dim == 1 {
                continue;
            }
            if stride != expected {
                return false;
            }
            expected *= dim;
        }
        true
    }

    /// The shared storage.
    #[inline]
    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }

    /// Whether the tensor's memory must never be written: a property of the storage
    /// ([`Storage::into_read_only`]), so every view of a read-only tensor is read-only too.
    #[inline]
    pub fn is_read_only(&self) -> bool {
        self.storage.is_read_only()
    }

    /// `Ok` when the tensor may be written; a `ValueError` naming `what` (the function and
    /// argument about to write, e.g. `"ops.add() argument 3 'out'"`) when it is read-only. Every
    /// path that writes into an existing tensor checks this first.
    pub fn check_writable(&self, what: &str) -> Result<()> {
        if self.is_read_only() {
            crate::bail!(
                ValueError,
                "{what}: the tensor is read-only (it views memory that must not be written, such as bytes or a \
                 read-only numpy array); write into a copy instead"
            );
        }
        Ok(())
    }

    /// Pointer to the element at [`offset`](Self::offset).
    #[inline]
    pub fn data_ptr(&self) -> *mut u8 {
        self.storage.as_ptr().wrapping_add(self.offset as usize * self.itemsize())
    }

    /// True when both tensors view the same storage (a conservative check: the views may
    /// still be disjoint).
    pub fn shares_memory_with(&self, other: &Tensor) -> bool {
        Arc::ptr_eq(&self.storage, &other.storage)
    }
}

impl fmt::Debug for Tensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tensor")
            .field("shape", &format_args!("{}", format_shape(&self.shape)))
            .field("dtype", &format_args!("{}", self.dtype))
            .field("strides", &format_args!("{}", format_shape(&self.strides)))
            .field("offset", &self.offset)
            .field("device", &format_args!("{}", self.device()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn strides_and_shape_format() {
        assert_eq!(contiguous_strides(&[2, 3, 4]), [12, 4, 1]);
        assert_eq!(contiguous_strides(&[3, 0]), [1, 1]);
        assert_eq!(contiguous_strides(&[]), Vec::<i64>::new());
        assert_eq!(format_shape(&[]), "()");
        assert_eq!(format_shape(&[4]), "(4,)");
        assert_eq!(format_shape(&[2, 3]), "(2, 3)");
    }

    #[test]
    fn zeros_metadata() {
        let t = Tensor::zeros(&[2, 3], DType::Float32).unwrap();
        assert_eq!((t.shape(), t.strides(), t.offset()), (&[2, 3][..], &[3, 1][..], 0));
        assert_eq!((t.ndim(), t.numel(), t.nbytes(), t.itemsize()), (2, 6, 24, 4));
        assert_eq!(t.device(), Device::CPU);
        assert!(t.is_contiguous());
        assert_eq!(t.to_vec::<f32>().unwrap(), [0.0; 6]);
        assert_eq!(
            format!("{t:?}"),
            "Tensor { shape: (2, 3), dtype: float32, strides: (3, 1), offset: 0, device: cpu:0 }"
        );
    }

    #[test]
    fn zeros_errors() {
        assert_eq!(Tensor::zeros(&[2, -1], DType::Int8).unwrap_err().kind, ErrorKind::ValueError);
        assert_eq!(Tensor::zeros(&[1 << 40, 1 << 40], DType::Int8).unwrap_err().kind, ErrorKind::OverflowError);
        assert_eq!(Tensor::zeros(&[1 << 62], DType::Float64).unwrap_err().kind, ErrorKind::OverflowError);
        let err = Tensor::zeros(&[1 << 61], DType::Int8).unwrap_err();
        assert_eq!(err.kind, ErrorKind::MemoryError);
        let empty = Tensor::zeros(&[1 << 30, 1 << 30, 0], DType::Int8).unwrap();
        assert_eq!((empty.numel(), empty.nbytes()), (0, 0));
        // As in numpy, the non-zero dims must not overflow even when the size is 0.
        assert_eq!(Tensor::zeros(&[1 << 40, 1 << 40, 0], DType::Int8).unwrap_err().kind, ErrorKind::OverflowError);
    }

    #[test]
    fn from_slice_and_bytes() {
        let t = Tensor::from_slice(&[1i32, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
        assert_eq!(t.dtype(), DType::Int32);
        assert_eq!(t.to_vec::<i32>().unwrap(), [1, 2, 3, 4, 5, 6]);
        let err = Tensor::from_slice(&[1i32, 2, 3], &[2, 2]).unwrap_err();
        assert_eq!(err.to_string(), "ValueError: cannot create a tensor of shape (2, 2) from 3 elements");
        let bytes = 7u16.to_ne_bytes();
        let t = Tensor::from_bytes(&bytes, &[1], DType::UInt16).unwrap();
        assert_eq!(t.to_vec::<u16>().unwrap(), [7]);
        assert!(Tensor::from_bytes(&bytes, &[2], DType::UInt16).is_err());
        let s = Tensor::scalar(2.5f64);
        assert_eq!((s.ndim(), s.numel()), (0, 1));
        assert_eq!(s.to_vec::<f64>().unwrap(), [2.5]);
    }

    #[test]
    fn from_storage_checks_bounds() {
        let storage = Arc::new(Storage::zeroed(24, Device::CPU).unwrap());
        let make = |shape: &[i64], strides: &[i64], offset| {
            // SAFETY: zeroed storage holds valid float32 values.
            unsafe { Tensor::from_storage(storage.clone(), shape.to_vec(), strides.to_vec(), offset, DType::Float32) }
        };
        assert!(make(&[2, 3], &[3, 1], 0).is_ok());
        assert!(make(&[3], &[-2], 4).is_ok());
        assert!(make(&[6], &[0], 5).is_ok());
        assert!(make(&[0, 100], &[1000, 1], 0).is_ok());
        for (shape, strides, offset) in [
            (&[2, 3][..], &[3, 1][..], 1),
            (&[3], &[-2], 3),
            (&[7], &[1], 0),
            (&[2], &[1], -1),
            (&[2], &[1, 1], 0),
            (&[-1], &[1], 0),
            (&[2, 2], &[i64::MAX, 1], 0),
        ] {
            let err = make(shape, strides, offset).unwrap_err();
            assert_eq!(err.kind, ErrorKind::ValueError, "{shape:?} {strides:?} {offset}");
        }
    }

    #[test]
    fn contiguity_rules() {
        let storage = Arc::new(Storage::zeroed(64, Device::CPU).unwrap());
        let view = |shape: &[i64], strides: &[i64]| {
            // SAFETY: zeroed storage holds valid int8 values.
            unsafe { Tensor::from_storage(storage.clone(), shape.to_vec(), strides.to_vec(), 0, DType::Int8) }.unwrap()
        };
        assert!(view(&[2, 1, 3], &[3, 99, 1]).is_contiguous());
        assert!(view(&[2, 0], &[5, 7]).is_contiguous());
        assert!(!view(&[2, 3], &[1, 2]).is_contiguous());
        assert!(!view(&[4], &[0]).is_contiguous());
        assert!(view(&[1], &[0]).is_contiguous());
    }

    #[test]
    fn read_only_memory_stays_read_only_through_every_view() {
        let mut data = vec![0u8; 24 * 4];
        let ptr = data.as_mut_ptr();
        // SAFETY: the Vec's heap block stays put when the Vec moves into the owner.
        let storage = unsafe { Storage::from_foreign(ptr, data.len(), Device::CPU, Box::new(data)) }.into_read_only();
        // SAFETY: zeroed bytes are valid float32 values.
        let t = unsafe { Tensor::from_storage(Arc::new(storage), vec![2, 3, 4], vec![12, 4, 1], 0, DType::Float32) }
            .unwrap();
        assert!(t.is_read_only());
        let views = [
            ("clone", t.clone()),
            ("reshape", t.reshape(&[6, 4]).unwrap()),
            ("reshape -1", t.reshape(&[-1]).unwrap()),
            ("permute", t.permute(&[2, 0, 1]).unwrap()),
            ("transpose", t.transpose(1, 2).unwrap()),
            ("slice", t.slice(2, Some(1), None, 2).unwrap()),
            ("reversed", t.slice(0, None, None, -1).unwrap()),
            ("empty slice", t.slice(1, Some(2), Some(2), 1).unwrap()),
            ("select", t.select(1, 2).unwrap()),
            ("broadcast_to", t.broadcast_to(&[5, 2, 3, 4]).unwrap()),
            ("expand_dims", t.expand_dims(0).unwrap()),
            ("squeeze", t.expand_dims(3).unwrap().squeeze(None).unwrap()),
            ("contiguous", t.contiguous().unwrap()),
            ("view of a view", t.select(0, 1).unwrap().transpose(0, 1).unwrap().slice(0, None, None, 3).unwrap()),
        ];
        for (name, view) in &views {
            assert!(view.shares_memory_with(&t), "{name}");
            assert!(view.is_read_only(), "{name} lost the read-only mark");
            let err = view.check_writable("ops.setitem() argument 1 'x'").unwrap_err();
            assert_eq!(err.kind, ErrorKind::ValueError, "{name}");
            assert!(err.message.starts_with("ops.setitem() argument 1 'x': the tensor is read-only"), "{err}");
        }
        // SAFETY: nothing else touches the elements; the call must fail before handing out a slice.
        let err = unsafe { t.as_mut_slice::<f32>() }.unwrap_err();
        assert_eq!(err.kind, ErrorKind::ValueError);
        // SAFETY: as above (reading only).
        assert_eq!(unsafe { t.as_slice::<f32>() }.unwrap().len(), 24);
        // A copy is new memory, writable as numpy's copies of read-only arrays are.
        let copy = t.copy().unwrap();
        assert!(!copy.is_read_only() && !copy.shares_memory_with(&t));
        assert!(copy.check_writable("copy").is_ok());
        assert!(!t.permute(&[2, 1, 0]).unwrap().contiguous().unwrap().is_read_only());
        assert!(!Tensor::zeros(&[2], DType::Int8).unwrap().is_read_only());
    }

    #[test]
    fn data_ptr_and_sharing() {
        let t = Tensor::from_slice(&[1u8, 2, 3, 4], &[4]).unwrap();
        let s = t.slice(0, Some(1), None, 1).unwrap();
        assert_eq!(s.data_ptr(), t.data_ptr().wrapping_add(1));
        assert!(s.shares_memory_with(&t));
        assert!(!t.copy().unwrap().shares_memory_with(&t));
    }
}
