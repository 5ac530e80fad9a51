//! Walking strided layouts in C order, and the byte-level copies built on it (contiguous, to_vec).

use super::Tensor;
use crate::{DType, Element, Result};

/// Merges neighbouring dims that step through memory as one, and drops size-1 dims, so walks
/// over mostly-contiguous views run long inner loops.
fn coalesce(shape: &[i64], strides: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let mut dims: Vec<i64> = Vec::with_capacity(shape.len());
    let mut steps: Vec<i64> = Vec::with_capacity(shape.len());
    for (&dim, &stride) in shape.iter().zip(strides) {
        if dim == 1 {
            continue;
        }
        if let (Some(last_dim), Some(last_step)) = (dims.last_mut(), steps.last_mut()) {
            if *last_step == stride.wrapping_mul(dim) {
                *last_dim *= dim;
                *last_step = stride;
                continue;
            }
        }
        dims.push(dim);
        steps.push(stride);
    }
    (dims, steps)
}

/// Calls `row(start, len, stride)` for each innermost row of the layout, in C order, with
/// `start` relative to the first element, until it returns false. Nothing is visited when a
/// dim is 0.
fn for_each_row(shape: &[i64], strides: &[i64], mut row: impl FnMut(i64, i64, i64) -> bool) {
    if shape.contains(&0) {
        return;
    }
    let Some((&inner_len, outer_shape)) = shape.split_last() else {
        row(0, 1, 0);
        return;
    };
    let inner_stride = strides[outer_shape.len()];
    let mut index = vec![0i64; outer_shape.len()];
    let mut start = 0i64;
    loop {
        if !row(start, inner_len, inner_stride) {
            return;
        }
        // Advance the odometer over the outer dims, last dim fastest.
        let mut axis = outer_shape.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            start = start.wrapping_add(strides[axis]);
            if index[axis] < outer_shape[axis] {
                break;
            }
            start = start.wrapping_sub(strides[axis].wrapping_mul(outer_shape[axis]));
            index[axis] = 0;
        }
    }
}

/// Calls `f` with the offset (in elements, relative to the first element) of every element of
/// a `(shape, strides)` layout, in C order. Negative and zero strides are fine.
///
/// # Panics
///
/// If `shape` and `strides` differ in length.
pub fn for_each_offset(shape: &[i64], strides: &[i64], mut f: impl FnMut(i64)) {
    assert_eq!(shape.len(), strides.len(), "for_each_offset: shape and strides differ in length");
    for_each_row(shape, strides, |start, len, stride| {
        let mut offset = start;
        for _ in 0..len {
            f(offset);
            offset = offset.wrapping_add(stride);
        }
        true
    });
}

/// Elements copied between two interrupt polls in [`gather_items`].
const POLL_ELEMENTS: i64 = 1 << 16;

/// Copies a strided layout of `N`-byte elements at `src` to consecutive elements at `dst`,
/// polling for interrupts as it goes; returns false when it stopped early (then only a prefix
/// of `dst` was written).
///
/// # Safety
///
/// Every element the layout reaches from `src` must be readable, and `dst` must have room for
/// all of them without overlapping the source.
unsafe fn gather_items<const N: usize>(src: *const u8, shape: &[i64], strides: &[i64], dst: *mut u8) -> bool {
    let mut out = dst;
    let mut since_poll = 0i64;
    let mut finished = true;
    for_each_row(shape, strides, |start, len, stride| {
        since_poll += len;
        if since_poll >= POLL_ELEMENTS {
            since_poll = 0;
            if crate::interrupt::poll() {
                finished = false;
                return false;
            }
        }
        let len = len as usize;
        // SAFETY: every offset formed below comes from the caller's in-bounds layout (whole block).
        unsafe {
            let first = src.offset(start as isize * N as isize);
            if stride == 1 {
                std::ptr::copy_nonoverlapping(first, out, len * N);
                out = out.add(len * N);
            } else {
                let step = stride as isize * N as isize;
                let mut item = first;
                for _ in 0..len {
                    out.cast::<[u8; N]>().write(item.cast::<[u8; N]>().read());
                    out = out.add(N);
                    item = item.wrapping_offset(step);
                }
            }
        }
        true
    });
    finished
}

impl Tensor {
    fn check_host_accessible(&self, action: &str) -> Result<()> {
        if !self.device().is_host_accessible() {
            crate::bail!(
                NotImplementedError,
                "cannot {action} a tensor on {}: ferrule-core only reads host memory",
                self.device()
            );
        }
        Ok(())
    }

    /// Copies the logical elements, in C order, to `dst`; a `KeyboardInterrupt` when an
    /// interrupt stopped it (then `dst` is only partly written).
    ///
    /// # Safety
    ///
    /// The tensor must be host accessible and `dst` must have room for `nbytes()` bytes that
    /// do not overlap the tensor's storage.
    unsafe fn gather_into(&self, dst: *mut u8) -> Result<()> {
        let (shape, strides) = coalesce(&self.shape, &self.strides);
        let src = self.data_ptr().cast_const();
        // SAFETY: the tensor invariant keeps every reachable element inside the storage.
        let finished = unsafe {
            match self.itemsize() {
                1 => gather_items::<1>(src, &shape, &strides, dst),
                2 => gather_items::<2>(src, &shape, &strides, dst),
                4 => gather_items::<4>(src, &shape, &strides, dst),
                8 => gather_items::<8>(src, &shape, &strides, dst),
                _ => gather_items::<16>(src, &shape, &strides, dst),
            }
        };
        if finished {
            Ok(())
        } else {
            Err(crate::interrupt::interrupted())
        }
    }

    /// `self` when it is already C-contiguous, otherwise [`copy`](Self::copy).
    pub fn contiguous(&self) -> Result<Tensor> {
        if self.is_contiguous() {
            Ok(self.clone())
        } else {
            self.copy()
        }
    }

    /// A fresh C-contiguous CPU tensor with the same elements; `NotImplementedError` when the
    /// memory is not host accessible.
    pub fn copy(&self) -> Result<Tensor> {
        self.check_host_accessible("copy")?;
        // SAFETY: `gather_into` writes every element before `out` is returned; on an interrupt
        // it fails and `out` is dropped unseen.
        let out = unsafe { Tensor::uninit(&self.shape, self.dtype)? };
        // SAFETY: host accessible; `out` is a new storage of exactly `nbytes()` bytes.
        unsafe { self.gather_into(out.data_ptr())? };
        Ok(out)
    }

    /// The elements in C order; `TypeError` unless `T` is the tensor's dtype.
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>> {
        if T::DTYPE != self.dtype {
            crate::bail!(TypeError, "cannot read a {} tensor as {}", self.dtype, T::DTYPE);
        }
        self.check_host_accessible("read")?;
        let numel = self.numel() as usize;
        let mut out: Vec<T> = crate::fallible::try_with_capacity(numel)?;
        let dst = out.as_mut_ptr().cast::<u8>();
        // SAFETY: the capacity holds `numel` elements of exactly `itemsize` bytes each; on an
        // interrupt we return before `set_len`, so nothing unwritten is ever exposed.
        unsafe { self.gather_into(dst)? };
        if T::DTYPE == DType::Bool {
            // Foreign buffers may hold bool bytes other than 0/1; normalise before typing them.
            for i in 0..numel {
                // SAFETY: byte `i` was written by `gather_into`.
                unsafe { *dst.add(i) = u8::from(*dst.add(i) != 0) };
            }
        }
        // SAFETY: all `numel` elements are initialised with valid values of `T`.
        unsafe { out.set_len(numel) };
        Ok(out)
    }

    /// The logical bytes in C order; `NotImplementedError` when not host accessible.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        self.check_host_accessible("read")?;
        let nbytes = self.nbytes();
        let mut out = crate::fallible::try_with_capacity(nbytes)?;
        // SAFETY: the capacity holds `nbytes` bytes, all written before `set_len` (an
        // interrupt returns before it).
        unsafe {
            self.gather_into(out.as_mut_ptr())?;
            out.set_len(nbytes);
        }
        Ok(out)
    }

    fn check_slice_access<T: Element>(&self) -> Result<()> {
        if T::DTYPE != self.dtype {
            crate::bail!(TypeError, "cannot view a {} tensor as {}", self.dtype, T::DTYPE);
        }
        if !self.is_contiguous() {
            crate::bail!(ValueError, "only a contiguous tensor can be viewed as a slice");
        }
        self.check_host_accessible("view")?;
        if self.numel() > 0 && !(self.data_ptr() as usize).is_multiple_of(align_of::<T>()) {
            crate::bail!(BufferError, "tensor data is not aligned to {} bytes", align_of::<T>());
        }
        Ok(())
    }

    /// The elements of a contiguous tensor as a slice, without copying.
    ///
    /// Errors: `TypeError` for the wrong `T`, `ValueError` when not contiguous,
    /// `NotImplementedError` when not host accessible, `BufferError` when misaligned.
    ///
    /// # Safety
    ///
    /// No one may write to these elements (through another view or foreign code) while the
    /// slice lives, and bool elements must hold 0 or 1.
    pub unsafe fn as_slice<T: Element>(&self) -> Result<&[T]> {
        self.check_slice_access::<T>()?;
        if self.numel() == 0 {
            return Ok(&[]);
        }
        // SAFETY: checked contiguous, aligned, host accessible and in bounds; the caller
        // guarantees no concurrent writes and valid values.
        Ok(unsafe { std::slice::from_raw_parts(self.data_ptr().cast::<T>(), self.numel() as usize) })
    }

    /// The elements of a contiguous tensor as a mutable slice, without copying; errors as
    /// for [`as_slice`](Self::as_slice), and a `ValueError` when the tensor is read-only.
    ///
    /// # Safety
    ///
    /// No one else may read or write these elements (through another view, a clone of this
    /// tensor, or foreign code) while the slice lives.
    // Handing out `&mut` from `&self` is the point: views share storage, and the caller
    // promises exclusivity in the safety contract.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn as_mut_slice<T: Element>(&self) -> Result<&mut [T]> {
        self.check_writable("Tensor::as_mut_slice")?;
        self.check_slice_access::<T>()?;
        if self.numel() == 0 {
            return Ok(&mut []);
        }
        // SAFETY: as in `as_slice`; exclusivity is the caller's guarantee.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.data_ptr().cast::<T>(), self.numel() as usize) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Device, ErrorKind, Storage};
    use std::sync::Arc;

    #[test]
    fn offsets_in_c_order() {
        let mut seen = Vec::new();
        for_each_offset(&[2, 3], &[1, 2], |o| seen.push(o));
        assert_eq!(seen, [0, 2, 4, 1, 3, 5]);
        seen.clear();
        for_each_offset(&[], &[], |o| seen.push(o));
        assert_eq!(seen, [0]);
        seen.clear();
        for_each_offset(&[3, 0], &[1, 1], |o| seen.push(o));
        assert!(seen.is_empty());
        seen.clear();
        for_each_offset(&[2, 2, 2], &[-4, 0, 1], |o| seen.push(o));
        assert_eq!(seen, [0, 1, 0, 1, -4, -3, -4, -3]);
    }

    #[test]
    fn coalesce_merges_contiguous_runs() {
        assert_eq!(coalesce(&[2, 3, 4], &[12, 4, 1]), (vec![24], vec![1]));
        assert_eq!(coalesce(&[2, 1, 3], &[1, 7, 2]), (vec![2, 3], vec![1, 2]));
        assert_eq!(coalesce(&[4, 5], &[0, 0]), (vec![20], vec![0]));
        assert_eq!(coalesce(&[1, 1], &[3, 3]), (vec![], vec![]));
    }

    #[test]
    fn copies_of_every_itemsize() {
        for dtype in DType::ALL {
            let n = dtype.itemsize();
            let bytes: Vec<u8> = (0..6 * n).map(|b| b as u8).collect();
            let t = Tensor::from_bytes(&bytes, &[2, 3], dtype).unwrap();
            let tt = t.transpose(0, 1).unwrap().contiguous().unwrap();
            let expected: Vec<u8> =
                [0, 3, 1, 4, 2, 5].iter().flat_map(|&i| bytes[i * n..(i + 1) * n].to_vec()).collect();
            assert_eq!(tt.to_bytes().unwrap(), expected, "{dtype}");
            assert!(tt.is_contiguous());
        }
    }

    #[test]
    fn contiguous_reuses_storage() {
        let t = Tensor::from_slice(&[1.0f32, 2.0], &[2]).unwrap();
        assert!(t.contiguous().unwrap().shares_memory_with(&t));
        let flipped = t.slice(0, None, None, -1).unwrap();
        let c = flipped.contiguous().unwrap();
        assert!(!c.shares_memory_with(&t));
        assert_eq!(c.to_vec::<f32>().unwrap(), [2.0, 1.0]);
    }

    #[test]
    fn to_vec_checks_dtype_and_normalises_bool() {
        let t = Tensor::from_bytes(&[0, 1, 2, 255], &[4], DType::Bool).unwrap();
        assert_eq!(t.to_vec::<bool>().unwrap(), [false, true, true, true]);
        assert_eq!(t.to_vec::<u8>().unwrap_err().kind, ErrorKind::TypeError);
        assert!(Tensor::zeros(&[0], DType::Int8).unwrap().to_vec::<i8>().unwrap().is_empty());
    }

    #[test]
    fn slices_and_their_errors() {
        let t = Tensor::from_slice(&[1i16, 2, 3, 4], &[2, 2]).unwrap();
        // SAFETY: nothing writes to `t` meanwhile.
        unsafe {
            assert_eq!(t.as_slice::<i16>().unwrap(), [1, 2, 3, 4]);
            assert_eq!(t.as_slice::<u16>().unwrap_err().kind, ErrorKind::TypeError);
            assert_eq!(t.transpose(0, 1).unwrap().as_slice::<i16>().unwrap_err().kind, ErrorKind::ValueError);
            t.as_mut_slice::<i16>().unwrap()[0] = 9;
            assert_eq!(t.select(0, 1).unwrap().as_slice::<i16>().unwrap(), [3, 4]);
        }
        assert_eq!(t.to_vec::<i16>().unwrap(), [9, 2, 3, 4]);
        let mut buffer = vec![0u8; 17];
        let ptr = buffer.as_mut_ptr().wrapping_add(1);
        // SAFETY: the Vec's heap block stays put inside the owner and holds 16 bytes after `ptr`.
        let storage = unsafe { Storage::from_foreign(ptr, 16, Device::CPU, Box::new(buffer)) };
        // SAFETY: zeroed bytes are valid int32.
        let odd = unsafe { Tensor::from_storage(Arc::new(storage), vec![4], vec![1], 0, DType::Int32) }.unwrap();
        assert_eq!(odd.to_vec::<i32>().unwrap(), [0; 4]);
        // SAFETY: nothing writes to `odd`.
        assert_eq!(unsafe { odd.as_slice::<i32>() }.unwrap_err().kind, ErrorKind::BufferError);
    }

    #[test]
    fn device_memory_is_not_read() {
        let cuda = Device::new(Device::KDL_CUDA, 0);
        // SAFETY: the tensor below is never dereferenced: reads are refused for cuda memory.
        let storage = unsafe { Storage::from_foreign(std::ptr::dangling_mut(), 16, cuda, Box::new(())) };
        // SAFETY: see above.
        let t = unsafe { Tensor::from_storage(Arc::new(storage), vec![4], vec![1], 0, DType::Float32) }.unwrap();
        assert_eq!(t.device(), cuda);
        assert_eq!(t.to_bytes().unwrap_err().kind, ErrorKind::NotImplementedError);
        assert_eq!(t.to_vec::<f32>().unwrap_err().kind, ErrorKind::NotImplementedError);
        assert_eq!(t.copy().unwrap_err().kind, ErrorKind::NotImplementedError);
        assert!(t.contiguous().unwrap().shares_memory_with(&t));
        let flipped = t.slice(0, None, None, -1).unwrap();
        assert_eq!(flipped.contiguous().unwrap_err().kind, ErrorKind::NotImplementedError);
    }
}
