//! Views that share storage: reshape, permute, transpose, slice, select, broadcast, expand and squeeze.

use super::{dims_product, format_shape, Dims, Tensor};
use crate::{Error, Result};
use std::sync::Arc;

/// One item of a basic index ([`Tensor::basic_index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BasicItem {
    /// An integer: selects one position and removes the dim (negative counts from the end).
    Int(i64),
    /// `start:stop:step` with Python's rules (see [`Tensor::slice`]).
    Slice(Option<i64>, Option<i64>, i64),
}

/// Where `start:stop:step` (Python's rules, see [`Tensor::slice`]) starts along a dim of `size`,
/// and how many elements it takes; `step` is not zero.
fn slice_span(size: i64, start: Option<i64>, stop: Option<i64>, step: i64) -> (i64, i64) {
    let (lower, upper) = if step > 0 { (0, size) } else { (-1, size - 1) };
    let clamp = |index: i64| if index < 0 { index.saturating_add(size).max(lower) } else { index.min(upper) };
    let first = start.map_or(if step > 0 { lower } else { upper }, clamp);
    let last = stop.map_or(if step > 0 { upper } else { lower }, clamp);
    // both within [-1, size]: their difference fits in an i64, and the step's magnitude is
    // taken unsigned (i64::MIN has none as an i64)
    let len = match step > 0 {
        true if last > first => ((last - first - 1) as u64 / step.unsigned_abs()) as i64 + 1,
        false if first > last => ((first - last - 1) as u64 / step.unsigned_abs()) as i64 + 1,
        _ => 0,
    };
    (first, len)
}

/// The numpy broadcast of two shapes; `ValueError` when a pair of dims is neither equal nor 1.
pub fn broadcast_shapes(a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
    let ndim = a.len().max(b.len());
    let dim_at = |shape: &[i64], i: usize| {
        let lead = ndim - shape.len();
        if i < lead {
            1
        } else {
            shape[i - lead]
        }
    };
    (0..ndim)
        .map(|i| match (dim_at(a, i), dim_at(b, i)) {
            (x, y) if x == y || y == 1 => Ok(x),
            (1, y) => Ok(y),
            _ => Err(Error::value_error(format!(
                "operands could not be broadcast together with shapes {} {}",
                format_shape(a),
                format_shape(b)
            ))),
        })
        .collect()
}

/// Strides that let `new_shape` view the same elements as a non-empty `(shape, strides)`
/// without copying, or `None` when some merged group of dims is not laid out contiguously.
fn reshape_strides(shape: &[i64], strides: &[i64], new_shape: &[i64]) -> Option<Vec<i64>> {
    // Size-1 dims never constrain the layout; drop them from the old side.
    let (old_dims, old_strides): (Vec<i64>, Vec<i64>) =
        shape.iter().zip(strides).filter(|&(&dim, _)| dim != 1).map(|(&d, &s)| (d, s)).unzip();
    let mut new_strides = vec![1i64; new_shape.len()];
    let (mut old_i, mut new_i) = (0, 0);
    // Walk both shapes in groups of dims whose products match.
    while old_i < old_dims.len() && new_i < new_shape.len() {
        let (mut old_j, mut new_j) = (old_i + 1, new_i + 1);
        let (mut old_product, mut new_product) = (old_dims[old_i], new_shape[new_i]);
        while old_product != new_product {
            if new_product < old_product {
                new_product *= new_shape[new_j];
                new_j += 1;
            } else {
                old_product *= old_dims[old_j];
                old_j += 1;
            }
        }
        for k in old_i..old_j - 1 {
            if old_strides[k] != old_strides[k + 1] * old_dims[k + 1] {
                return None;
            }
        }
        new_strides[new_j - 1] = old_strides[old_j - 1];
        for k in (new_i + 1..new_j).rev() {
            new_strides[k - 1] = new_strides[k] * new_shape[k];
        }
        (old_i, new_i) = (old_j, new_j);
    }
    Some(new_strides)
}

impl Tensor {
    fn check_axis(&self, axis: usize) -> Result<()> {
        if axis >= self.ndim() {
            crate::bail!(ValueError, "axis {axis} is out of bounds for tensor of dimension {}", self.ndim());
        }
        Ok(())
    }

    /// The same elements in `shape`, which may hold one `-1` to be inferred.
    ///
    /// Returns a view when the strides allow one and a contiguous copy otherwise.
    pub fn reshape(&self, shape: &[i64]) -> Result<Tensor> {
        let numel = self.numel();
        let mismatch =
            || Error::value_error(format!("cannot reshape tensor of size {numel} into shape {}", format_shape(shape)));
        if shape.iter().filter(|&&dim| dim == -1).count() > 1 {
            crate::bail!(ValueError, "can only specify one unknown dimension");
        }
        if shape.iter().any(|&dim| dim < -1) {
            crate::bail!(ValueError, "negative dimensions are not allowed, got shape {}", format_shape(shape));
        }
        let known: Vec<i64> = shape.iter().copied().filter(|&dim| dim != -1).collect();
        let known_product = dims_product(&known).ok_or_else(mismatch)?;
        let mut new_shape = shape.to_vec();
        if let Some(unknown) = shape.iter().position(|&dim| dim == -1) {
            if known_product == 0 || numel % known_product != 0 {
                return Err(mismatch());
            }
            new_shape[unknown] = numel / known_product;
        } else if known_product != numel {
            return Err(mismatch());
        }
        if numel == 0 {
            return Ok(self.view(new_shape.clone(), super::contiguous_strides(&new_shape), self.offset));
        }
        match reshape_strides(&self.shape, &self.strides, &new_shape) {
            Some(strides) => Ok(self.view(new_shape, strides, self.offset)),
            None => {
                let copy = self.copy()?;
                Ok(copy.view(new_shape.clone(), super::contiguous_strides(&new_shape), 0))
            }
        }
    }

    /// Reorders the dims: dim `i` of the result is dim `axes[i]` of `self`.
    pub fn permute(&self, axes: &[usize]) -> Result<Tensor> {
        if axes.len() != self.ndim() {
            crate::bail!(
                ValueError,
                "axes don't match tensor: {} axes for a tensor of dimension {}",
                axes.len(),
                self.ndim()
            );
        }
        let mut seen = vec![false; self.ndim()];
        for &axis in axes {
            self.check_axis(axis)?;
            if std::mem::replace(&mut seen[axis], true) {
                crate::bail!(ValueError, "repeated axis {axis} in permute");
            }
        }
        let shape: Dims = axes.iter().map(|&a| self.shape[a]).collect();
        let strides: Dims = axes.iter().map(|&a| self.strides[a]).collect();
        Ok(self.view(shape, strides, self.offset))
    }

    /// Swaps dims `a` and `b`.
    pub fn transpose(&self, a: usize, b: usize) -> Result<Tensor> {
        self.check_axis(a)?;
        self.check_axis(b)?;
        let mut axes: Vec<usize> = (0..self.ndim()).collect();
        axes.swap(a, b);
        self.permute(&axes)
    }

    /// `self[..., start:stop:step, ...]` along `axis`, with Python's rules: negative indices
    /// count from the end, out-of-range bounds clamp, `None` means "from the start / to the
    /// end" in the direction of `step`, and `step` may be negative but not zero.
    pub fn slice(&self, axis: usize, start: Option<i64>, stop: Option<i64>, step: i64) -> Result<Tensor> {
        self.check_axis(axis)?;
        if step == 0 {
            crate::bail!(ValueError, "slice step cannot be zero");
        }
        let (start, len) = slice_span(self.shape[axis], start, stop, step);
        let mut shape = self.shape.clone();
        let mut strides = self.strides.clone();
        shape[axis] = len;
        if len > 1 {
            strides[axis] = strides[axis].wrapping_mul(step);
        }
        let offset =
            if len > 0 { self.offset.wrapping_add(start.wrapping_mul(self.strides[axis])) } else { self.offset };
        Ok(self.view(shape, strides, offset))
    }

    /// `self[items]` for a basic index of integers and slices, one item per leading dim (the
    /// dims after the last item are kept whole), as one view: what [`Tensor::select`] and
    /// [`Tensor::slice`] applied in turn give, without a tensor per item. More items than dims,
    /// an integer out of range and a zero step are errors, as there.
    pub fn basic_index(&self, items: &[BasicItem]) -> Result<Tensor> {
        if items.len() > self.ndim() {
            crate::bail!(
                IndexError,
                "too many indices for tensor: tensor is {}-dimensional, but {} were indexed",
                self.ndim(),
                items.len()
            );
        }
        let (mut shape, mut strides) = (Dims::zeroed(0), Dims::zeroed(0));
        // The offset moves item by item until a step's view is empty, then stays (as the
        // item-by-item views' does): a dim of zero left after `axis` makes every step empty.
        let last_zero = self.shape.iter().rposition(|&d| d == 0);
        let (mut offset, mut empty) = (self.offset, false);
        for (axis, item) in items.iter().enumerate() {
            let (size, stride) = (self.shape[axis], self.strides[axis]);
            let moved = match *item {
                BasicItem::Int(index) => {
                    let position = if index < 0 { index.wrapping_add(size) } else { index };
                    if !(0..size).contains(&position) {
                        crate::bail!(IndexError, "index {index} is out of bounds for axis {axis} with size {size}");
                    }
                    position.wrapping_mul(stride)
                }
                BasicItem::Slice(start, stop, step) => {
                    if step == 0 {
                        crate::bail!(ValueError, "slice step cannot be zero");
                    }
                    let (first, len) = slice_span(size, start, stop, step);
                    shape.push(len);
                    strides.push(if len > 1 { stride.wrapping_mul(step) } else { stride });
                    empty |= len == 0;
                    first.wrapping_mul(stride)
                }
            };
            if empty || last_zero.is_some_and(|z| z > axis) {
                empty = true;
            } else {
                offset = offset.wrapping_add(moved);
            }
        }
        for axis in items.len()..self.ndim() {
            shape.push(self.shape[axis]);
            strides.push(self.strides[axis]);
        }
        Ok(Tensor { storage: Arc::clone(&self.storage), shape, strides, offset, dtype: self.dtype })
    }

    /// `self[..., index, ...]` along `axis`, removing that dim; a negative index counts from
    /// the end, and one out of range is an `IndexError`.
    pub fn select(&self, axis: usize, index: i64) -> Result<Tensor> {
        self.check_axis(axis)?;
        let size = self.shape[axis];
        let position = if index < 0 { index + size } else { index };
        if !(0..size).contains(&position) {
            crate::bail!(IndexError, "index {index} is out of bounds for axis {axis} with size {size}");
        }
        let mut shape = self.shape.clone();
        let mut strides = self.strides.clone();
        shape.remove(axis);
        let stride = strides.remove(axis);
        Ok(self.view(shape, strides, self.offset.wrapping_add(position.wrapping_mul(stride))))
    }

    /// A view with `shape` that repeats size-1 and missing leading dims through zero strides
    /// (numpy's `broadcast_to`); the repeated elements alias, so treat the view as read-only.
    pub fn broadcast_to(&self, shape: &[i64]) -> Result<Tensor> {
        let incompatible = || {
            Error::value_error(format!(
                "could not broadcast tensor from shape {} into shape {}",
                format_shape(&self.shape),
                format_shape(shape)
            ))
        };
        if shape.len() < self.ndim() || shape.iter().any(|&dim| dim < 0) {
            return Err(incompatible());
        }
        // As in numpy, a view's byte size must be representable even though the view
        // allocates nothing (element counts and sizes elsewhere rely on it).
        let fits = super::dims_product(shape).and_then(|n| n.checked_mul(self.itemsize() as i64)).is_some();
        if !fits {
            return Err(Error::overflow_error(format!(
                "cannot broadcast to shape {}: a {} tensor of that shape is too large",
                format_shape(shape),
                self.dtype
            )));
        }
        let lead = shape.len() - self.ndim();
        let mut strides = vec![0; shape.len()];
        for (i, (&dim, &stride)) in self.shape.iter().zip(&self.strides).enumerate() {
            match (dim, shape[lead + i]) {
                (d, t) if d == t => strides[lead + i] = stride,
                (1, _) => {}
                _ => return Err(incompatible()),
            }
        }
        Ok(self.view(shape.to_vec(), strides, self.offset))
    }

    /// Inserts a dim of size 1 at `axis` (`0..=ndim`).
    pub fn expand_dims(&self, axis: usize) -> Result<Tensor> {
        if axis > self.ndim() {
            crate::bail!(ValueError, "axis {axis} is out of bounds for tensor of dimension {}", self.ndim() + 1);
        }
        // Any stride works for a size-1 dim; pick the one a contiguous tensor would have.
        let stride = match axis {
            a if a == self.ndim() => 1,
            a => self.strides[a].wrapping_mul(self.shape[a].max(1)),
        };
        let mut shape = self.shape.clone();
        let mut strides = self.strides.clone();
        shape.insert(axis, 1);
        strides.insert(axis, stride);
        Ok(self.view(shape, strides, self.offset))
    }

    /// Removes the given size-1 dims, or every size-1 dim for `None`; naming a dim whose size
    /// is not 1, an out-of-range dim or the same dim twice is a `ValueError`.
    pub fn squeeze(&self, axes: Option<&[usize]>) -> Result<Tensor> {
        let mut remove = vec![false; self.ndim()];
        match axes {
            None => remove.iter_mut().zip(&self.shape).for_each(|(r, &dim)| *r = dim == 1),
            Some(axes) => {
                for &axis in axes {
                    self.check_axis(axis)?;
                    if self.shape[axis] != 1 {
                        crate::bail!(ValueError, "cannot squeeze axis {axis}: its size is {}, not 1", self.shape[axis]);
                    }
                    if std::mem::replace(&mut remove[axis], true) {
                        crate::bail!(ValueError, "repeated axis {axis} in squeeze");
                    }
                }
            }
        }
        let keep = |i: &usize| !remove[*i];
        let shape: Dims = (0..self.ndim()).filter(keep).map(|i| self.shape[i]).collect();
        let strides: Dims = (0..self.ndim()).filter(keep).map(|i| self.strides[i]).collect();
        Ok(self.view(shape, strides, self.offset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DType, ErrorKind};

    fn arange(shape: &[i64]) -> Tensor {
        let n = dims_product(shape).unwrap();
        Tensor::from_slice(&(0..n).collect::<Vec<i64>>(), shape).unwrap()
    }

    fn values(t: &Tensor) -> Vec<i64> {
        t.to_vec::<i64>().unwrap()
    }

    #[test]
    fn reshape_views_and_copies() {
        let t = arange(&[2, 3, 4]);
        let r = t.reshape(&[6, -1]).unwrap();
        assert_eq!((r.shape(), r.strides()), (&[6, 4][..], &[4, 1][..]));
        assert!(r.shares_memory_with(&t));
        let p = t.permute(&[2, 0, 1]).unwrap();
        let merged = p.reshape(&[4, 6]).unwrap();
        assert!(merged.shares_memory_with(&t), "trailing dims of a permutation stay contiguous");
        assert_eq!(merged.strides(), [1, 4]);
        let flat = p.reshape(&[-1]).unwrap();
        assert!(!flat.shares_memory_with(&t));
        assert_eq!(values(&flat), values(&p.contiguous().unwrap()));
        assert_eq!(arange(&[6]).reshape(&[1, 2, 1, 3, 1]).unwrap().strides(), [6, 3, 3, 1, 1]);
        assert_eq!(Tensor::scalar(5i64).reshape(&[1, 1]).unwrap().shape(), [1, 1]);
    }

    #[test]
    fn reshape_errors() {
        let t = arange(&[6]);
        let err = t.reshape(&[4]).unwrap_err();
        assert_eq!(err.to_string(), "ValueError: cannot reshape tensor of size 6 into shape (4,)");
        assert!(t.reshape(&[-1, -1]).unwrap_err().message.contains("one unknown"));
        assert!(t.reshape(&[-1, 4]).is_err());
        assert!(t.reshape(&[-2, -3]).is_err());
        let empty = arange(&[0, 3]);
        assert!(empty.reshape(&[0, -1]).is_err());
        assert_eq!(empty.reshape(&[3, -1, 5]).unwrap().shape(), [3, 0, 5]);
    }

    #[test]
    fn permute_and_transpose() {
        let t = arange(&[2, 3]);
        let tt = t.transpose(0, 1).unwrap();
        assert_eq!((tt.shape(), tt.strides()), (&[3, 2][..], &[1, 3][..]));
        assert_eq!(values(&tt), [0, 3, 1, 4, 2, 5]);
        assert_eq!(t.permute(&[0]).unwrap_err().kind, ErrorKind::ValueError);
        assert!(t.permute(&[0, 0]).unwrap_err().message.contains("repeated"));
        assert!(t.permute(&[0, 2]).unwrap_err().message.contains("out of bounds"));
        assert!(t.transpose(0, 2).is_err());
    }

    #[test]
    fn slices_follow_python() {
        let t = arange(&[5]);
        let take = |start, stop, step| values(&t.slice(0, start, stop, step).unwrap());
        assert_eq!(take(Some(1), Some(4), 1), [1, 2, 3]);
        assert_eq!(take(None, None, -1), [4, 3, 2, 1, 0]);
        assert_eq!(take(Some(-2), None, 1), [3, 4]);
        assert_eq!(take(Some(10), Some(-10), -2), [4, 2, 0]);
        assert_eq!(take(Some(3), Some(1), 1), Vec::<i64>::new());
        assert_eq!(take(None, None, i64::MAX), [0]);
        assert_eq!(take(None, None, i64::MIN), [4]);
        assert_eq!(take(Some(i64::MIN), Some(i64::MAX), 2), [0, 2, 4]);
        assert_eq!(t.slice(0, None, None, 0).unwrap_err().kind, ErrorKind::ValueError);
        assert!(t.slice(1, None, None, 1).is_err());
        let m = arange(&[3, 4]);
        let col = m.slice(1, Some(-1), None, -2).unwrap();
        assert_eq!((col.shape(), col.offset()), (&[3, 2][..], 3));
        assert_eq!(values(&col), [3, 1, 7, 5, 11, 9]);
    }

    #[test]
    fn select_removes_axis() {
        let m = arange(&[3, 4]);
        assert_eq!(values(&m.select(0, 1).unwrap()), [4, 5, 6, 7]);
        assert_eq!(values(&m.select(1, -1).unwrap()), [3, 7, 11]);
        let err = m.select(0, 5).unwrap_err();
        assert_eq!(err.to_string(), "IndexError: index 5 is out of bounds for axis 0 with size 3");
        assert_eq!(m.select(0, -4).unwrap_err().kind, ErrorKind::IndexError);
        assert_eq!(m.select(2, 0).unwrap_err().kind, ErrorKind::ValueError);
        assert_eq!(m.select(0, 2).unwrap().select(0, 3).unwrap().to_vec::<i64>().unwrap(), [11]);
    }

    #[test]
    fn broadcasting() {
        let row = arange(&[3]);
        let b = row.broadcast_to(&[2, 3]).unwrap();
        assert_eq!(b.strides(), [0, 1]);
        assert_eq!(values(&b), [0, 1, 2, 0, 1, 2]);
        let col = arange(&[2, 1]).broadcast_to(&[2, 3]).unwrap();
        assert_eq!(values(&col), [0, 0, 0, 1, 1, 1]);
        assert_eq!(arange(&[1]).broadcast_to(&[0]).unwrap().numel(), 0);
        let err = row.broadcast_to(&[4]).unwrap_err();
        assert_eq!(err.to_string(), "ValueError: could not broadcast tensor from shape (3,) into shape (4,)");
        assert!(row.broadcast_to(&[]).is_err());
        // Huge views are fine as long as their size is representable, as in numpy.
        assert_eq!(row.broadcast_to(&[1 << 33, 3]).unwrap().numel(), 3 << 33);
        let err = row.broadcast_to(&[1 << 62, 4, 3]).unwrap_err();
        assert_eq!(err.kind, ErrorKind::OverflowError, "{err}");
        assert!(err.message.contains("(4611686018427387904, 4, 3)"), "{err}");
        assert_eq!(broadcast_shapes(&[2, 1, 3], &[4, 1]).unwrap(), [2, 4, 3]);
        assert_eq!(broadcast_shapes(&[], &[0, 2]).unwrap(), [0, 2]);
        assert!(broadcast_shapes(&[2, 3], &[4]).is_err());
    }

    #[test]
    fn expand_and_squeeze() {
        let t = arange(&[2, 3]);
        let e = t.expand_dims(1).unwrap();
        assert_eq!((e.shape(), e.strides()), (&[2, 1, 3][..], &[3, 3, 1][..]));
        assert_eq!(t.expand_dims(2).unwrap().shape(), [2, 3, 1]);
        assert!(t.expand_dims(3).is_err());
        let s = e.expand_dims(0).unwrap();
        assert_eq!(s.squeeze(None).unwrap().shape(), [2, 3]);
        assert_eq!(s.squeeze(Some(&[2])).unwrap().shape(), [1, 2, 3]);
        assert!(s.squeeze(Some(&[1])).is_err());
        assert!(s.squeeze(Some(&[0, 0])).is_err());
        assert!(s.squeeze(Some(&[9])).is_err());
        assert_eq!(Tensor::zeros(&[1, 1], DType::Bool).unwrap().squeeze(None).unwrap().ndim(), 0);
    }
}
