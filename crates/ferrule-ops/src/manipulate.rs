//! Shape manipulation (Array API 2024.12): reshape, permute, expand/squeeze, broadcast, concat, stack, flip, roll, repeat, tile.
//!
//! Views share memory wherever numpy's do (reshape when the strides allow it, permute_dims,
//! matrix_transpose, expand_dims, squeeze, broadcast_to, broadcast_arrays, moveaxis, flip,
//! unstack); the rest return fresh C-contiguous tensors.

mod util;

use ferrule_core::tensor::format_shape;
use ferrule_core::{Error, Result, Tensor};
use ferrule_registry::Any;

use crate::copy::{cast_into, copy_into};
use crate::iter::{SendPtr, MIN_PER_TASK_CHEAP};
use crate::operand::{Operand, Scalar};
use crate::pool::parallel_for;
pub(crate) use util::{cast, common_dtype, int_list_arg, norm_axes, norm_axis, prefixed};

/// `x` with the same elements in `shape` (one dim may be `-1`).
///
/// `copy=None` returns a view when the strides allow one and a copy otherwise; `copy=True`
/// always copies; `copy=False` never does, and is a `ValueError` when a copy would be needed.
pub fn reshape(x: &Tensor, shape: &[i64], copy: Option<bool>) -> Result<Tensor> {
    let out = x.reshape(shape).map_err(prefixed("reshape"))?;
    let is_view = out.shares_memory_with(x);
    match copy {
        Some(true) if is_view => out.copy(),
        Some(false) if !is_view && x.numel() > 0 => Err(Error::value_error(format!(
            "reshape: cannot reshape a tensor of shape {} with strides {} into shape {} without \
             copying (copy=False)",
            format_shape(x.shape()),
            format_shape(x.strides()),
            format_shape(shape)
        ))),
        _ => Ok(out),
    }
}

/// A view with the dims reordered: dim `i` of the result is dim `axes[i]` of `x` (negative
/// axes count from the end).
pub fn permute_dims(x: &Tensor, axes: &[i64]) -> Result<Tensor> {
    if axes.len() != x.ndim() {
        return Err(Error::value_error(format!(
            "permute_dims() argument 'axes': {} axes given for a tensor of dimension {}",
            axes.len(),
            x.ndim()
        )));
    }
    let axes = norm_axes("permute_dims", "axes", axes, x.ndim())?;
    x.permute(&axes).map_err(prefixed("permute_dims"))
}

/// A view swapping the last two dims; `ValueError` for fewer than 2 dims.
pub fn matrix_transpose(x: &Tensor) -> Result<Tensor> {
    let n = x.ndim();
    if n < 2 {
        return Err(Error::value_error(format!(
            "matrix_transpose: expected a tensor of at least 2 dimensions, got {n}"
        )));
    }
    x.transpose(n - 2, n - 1)
}

/// A view with a size-1 dim inserted at each of `axis` (an int, or a tuple as the 2025.12
/// standard allows): with `M = x.ndim + len(axis)`, each axis is a position of the result in
/// `-M..M` (a negative one counts from the end of the result), and the other dims of the result
/// are those of `x` in order. An axis out of that range is an `IndexError`, as the Array API
/// standard asks of `expand_dims` (numpy's `AxisError` is both a `ValueError` and an
/// `IndexError`); naming one position twice is a `ValueError`, as in numpy.
pub fn expand_dims(x: &Tensor, axis: &[i64]) -> Result<Tensor> {
    let m = x.ndim() + axis.len();
    let mut positions = Vec::with_capacity(axis.len());
    for &a in axis {
        let p = norm_axis("expand_dims", "axis", a, m)
            .map_err(|e| Error { kind: ferrule_core::ErrorKind::IndexError, ..e })?;
        if positions.contains(&p) {
            return Err(Error::value_error(format!(
                "expand_dims() argument 'axis': repeated axis {a} (position {p} of the result)"
            )));
        }
        positions.push(p);
    }
    // Inserted in ascending order, each position is already that of the result.
    positions.sort_unstable();
    let mut t = x.clone();
    for p in positions {
        t = t.expand_dims(p)?;
    }
    Ok(t)
}

/// A view without the size-1 dims `axis` (int or tuple); `None` removes every size-1 dim.
///
/// Naming a dim whose size is not 1 is a `ValueError`.
pub fn squeeze(x: &Tensor, axis: Option<&[i64]>) -> Result<Tensor> {
    match axis {
        None => x.squeeze(None),
        Some(axes) => {
            let axes = norm_axes("squeeze", "axis", axes, x.ndim())?;
            for &a in &axes {
                if x.shape()[a] != 1 {
                    return Err(Error::value_error(format!(
                        "squeeze() argument 'axis': cannot squeeze axis {a} of size {} (shape {})",
                        x.shape()[a],
                        format_shape(x.shape())
                    )));
                }
            }
            x.squeeze(Some(&axes))
        }
    }
}

/// A read-only broadcast view of `x` with `shape`.
pub fn broadcast_to(x: &Tensor, shape: &[i64]) -> Result<Tensor> {
    x.broadcast_to(shape).map_err(prefixed("broadcast_to"))
}

/// Broadcasts every tensor to their common shape (views).
pub fn broadcast_arrays(arrays: &[Tensor]) -> Result<Vec<Tensor>> {
    let mut shape: Vec<i64> = Vec::new();
    for t in arrays {
        shape = ferrule_core::tensor::broadcast_shapes(&shape, t.shape()).map_err(|_| {
            let shapes: Vec<String> = arrays.iter().map(|t| format_shape(t.shape())).collect();
            Error::value_error(format!(
                "broadcast_arrays: shape mismatch: tensors of shapes {} cannot be broadcast together",
                shapes.join(" ")
            ))
        })?;
    }
    arrays.iter().map(|t| t.broadcast_to(&shape)).collect()
}

/// Joins tensors along an existing `axis` (default 0); `None` flattens them first. The result
/// dtype is the promotion of all input dtypes.
pub fn concat(arrays: &[Tensor], axis: Option<i64>) -> Result<Tensor> {
    if arrays.is_empty() {
        return Err(Error::value_error("concat() argument 'arrays': need at least one tensor to concatenate"));
    }
    let dtype = common_dtype(arrays);
    let flat;
    let (arrays, axis) = match axis {
        None => {
            flat = arrays.iter().map(|t| t.reshape(&[-1])).collect::<Result<Vec<_>>>()?;
            (&flat[..], 0)
        }
        Some(axis) => (arrays, axis),
    };
    let first = &arrays[0];
    if first.ndim() == 0 {
        return Err(Error::value_error("concat: zero-dimensional tensors cannot be concatenated"));
    }
    let axis = norm_axis("concat", "axis", axis, first.ndim())?;
    let mut shape = first.shape().to_vec();
    shape[axis] = 0;
    for (i, t) in arrays.iter().enumerate() {
        let same_rank = t.ndim() == first.ndim();
        let compatible = same_rank && (0..t.ndim()).all(|d| d == axis || t.shape()[d] == first.shape()[d]);
        if !compatible {
            return Err(Error::value_error(format!(
                "concat: all input dimensions except the concatenation axis ({axis}) must match, \
                 but tensor 0 has shape {} and tensor {i} has shape {}",
                format_shape(first.shape()),
                format_shape(t.shape())
            )));
        }
        shape[axis] = shape[axis]
            .checked_add(t.shape()[axis])
            .ok_or_else(|| Error::overflow_error("concat: the result has too many elements"))?;
    }
    // SAFETY: the pieces cover the output along `axis` (its length is their sum) and each is
    // written whole by `cast_into`; on an error the tensor is dropped unseen.
    let out = unsafe { Tensor::uninit(&shape, dtype)? };
    let mut start = 0;
    for t in arrays {
        let len = t.shape()[axis];
        cast_into(t, &out.slice(axis, Some(start), Some(start + len), 1)?)?;
        start += len;
    }
    Ok(out)
}

/// Joins tensors of one shape along a new `axis` (in `-ndim-1..=ndim`).
pub fn stack(arrays: &[Tensor], axis: i64) -> Result<Tensor> {
    let Some(first) = arrays.first() else {
        return Err(Error::value_error("stack() argument 'arrays': need at least one tensor to stack"));
    };
    for (i, t) in arrays.iter().enumerate() {
        if t.shape() != first.shape() {
            return Err(Error::value_error(format!(
                "stack: all input tensors must have the same shape, but tensor 0 has shape {} and \
                 tensor {i} has shape {}",
                format_shape(first.shape()),
                format_shape(t.shape())
            )));
        }
    }
    let axis = norm_axis("stack", "axis", axis, first.ndim() + 1)?;
    let mut shape = first.shape().to_vec();
    shape.insert(axis, arrays.len() as i64);
    // SAFETY: one input per index of the new axis, each written whole by `cast_into`; on an
    // error the tensor is dropped unseen.
    let out = unsafe { Tensor::uninit(&shape, common_dtype(arrays))? };
    for (i, t) in arrays.iter().enumerate() {
        cast_into(t, &out.select(axis, i as i64)?)?;
    }
    Ok(out)
}

/// Splits `x` along `axis` into views, one per index (`ValueError` for a 0-d tensor).
pub fn unstack(x: &Tensor, axis: i64) -> Result<Vec<Tensor>> {
    let axis = norm_axis("unstack", "axis", axis, x.ndim())?;
    crate::fallible::try_collect_results((0..x.shape()[axis]).map(|i| x.select(axis, i)))
}

/// A view with the order of elements reversed along `axis` (int or tuple; `None`: every dim).
pub fn flip(x: &Tensor, axis: Option<&[i64]>) -> Result<Tensor> {
    let axes = match axis {
        None => (0..x.ndim()).collect(),
        Some(axes) => norm_axes("flip", "axis", axes, x.ndim())?,
    };
    axes.iter().try_fold(x.clone(), |t, &a| t.slice(a, None, None, -1))
}

/// Rolls elements along `axis` by `shift` (both int or tuple, broadcast against each other;
/// repeated axes add up); `axis=None` rolls the flattened tensor and restores the shape.
///
/// `shift` is an `Any` holding an int or an Array of ints.
pub fn roll(x: &Tensor, shift: &Any, axis: Option<&[i64]>) -> Result<Tensor> {
    let shifts = int_list_arg("roll", "shift", shift)?;
    let Some(axes) = axis else {
        if shifts.len() != 1 {
            return Err(Error::value_error("roll() argument 'shift': must be an int when axis is None"));
        }
        let flat = roll(&x.reshape(&[-1])?, shift, Some(&[0]))?;
        return flat.reshape(x.shape());
    };
    let axes = norm_axes_allow_repeats("roll", axes, x.ndim())?;
    let pairs: Vec<(usize, i64)> = match (shifts.len(), axes.len()) {
        (s, a) if s == a => axes.into_iter().zip(shifts).collect(),
        (1, _) => axes.into_iter().map(|a| (a, shifts[0])).collect(),
        (_, 1) => shifts.into_iter().map(|s| (axes[0], s)).collect(),
        (s, a) => {
            return Err(Error::value_error(format!(
                "roll: 'shift' ({s} values) and 'axis' ({a} values) must have the same length"
            )))
        }
    };
    let mut total = vec![0i64; x.ndim()];
    for (a, s) in pairs {
        let n = x.shape()[a].max(1);
        total[a] = (total[a] + s.rem_euclid(n)) % n;
    }
    let mut out = x.clone();
    for (a, &s) in total.iter().enumerate() {
        if s != 0 {
            let src = out;
            // SAFETY: the two copies below write every element of `out` (the two slices along
            // `a` cover it); on an error it is dropped unseen.
            out = unsafe { Tensor::uninit(x.shape(), x.dtype())? };
            let n = x.shape()[a];
            copy_into(&src.slice(a, Some(0), Some(n - s), 1)?, &out.slice(a, Some(s), None, 1)?)?;
            copy_into(&src.slice(a, Some(n - s), None, 1)?, &out.slice(a, Some(0), Some(s), 1)?)?;
        }
    }
    if out.shares_memory_with(x) {
        out = x.copy()?;
    }
    Ok(out)
}

fn norm_axes_allow_repeats(op: &str, axes: &[i64], ndim: usize) -> Result<Vec<usize>> {
    axes.iter().map(|&a| norm_axis(op, "axis", a, ndim)).collect()
}

/// A view with dims `source` moved to positions `destination` (both int or tuple), the other
/// dims keeping their order.
pub fn moveaxis(x: &Tensor, source: &[i64], destination: &[i64]) -> Result<Tensor> {
    if source.len() != destination.len() {
        return Err(Error::value_error(format!(
            "moveaxis: 'source' ({} axes) and 'destination' ({} axes) must have the same number of elements",
            source.len(),
            destination.len()
        )));
    }
    let source = norm_axes("moveaxis", "source", source, x.ndim())?;
    let destination = norm_axes("moveaxis", "destination", destination, x.ndim())?;
    let mut order: Vec<usize> = (0..x.ndim()).filter(|a| !source.contains(a)).collect();
    let mut pairs: Vec<(usize, usize)> = destination.into_iter().zip(source).collect();
    pairs.sort_unstable();
    for (dst, src) in pairs {
        order.insert(dst, src);
    }
    x.permute(&order)
}

/// Repeats each element of `x` along `axis` (`None`: the flattened tensor) `repeats` times:
/// an int, or a 1-D integer tensor with one count per element along the axis (or one count).
pub fn repeat(x: &Tensor, repeats: &Operand, axis: Option<i64>) -> Result<Tensor> {
    let counts: Vec<i64> = match repeats {
        Operand::Scalar(Scalar::Int(n)) => vec![*n],
        Operand::Scalar(other) => {
            return Err(Error::type_error(format!(
                "repeat() argument 'repeats': expected an int or an integer tensor, got {}",
                other.kind()
            )))
        }
        Operand::Tensor(t) => {
            if t.ndim() > 1 {
                return Err(Error::value_error(format!(
                    "repeat() argument 'repeats': expected a 0-d or 1-D tensor, got shape {}",
                    format_shape(t.shape())
                )));
            }
            crate::index::index_values("repeat", "repeats", t)?
        }
    };
    if let Some(&bad) = counts.iter().find(|&&c| c < 0) {
        return Err(Error::value_error(format!("repeat() argument 'repeats': counts must be non-negative, got {bad}")));
    }
    let (x, axis) = match axis {
        None => (x.reshape(&[-1])?, 0),
        Some(a) => (x.clone(), norm_axis("repeat", "axis", a, x.ndim())?),
    };
    let n = x.shape()[axis];
    // One count for every position (a single count is shared, never spelled out n times).
    let count_of = match counts.len() {
        1 => |_: usize, counts: &[i64]| counts[0],
        len if len as i64 == n => |i: usize, counts: &[i64]| counts[i],
        len => {
            return Err(Error::value_error(format!(
                "repeat() argument 'repeats': {len} counts given for an axis of size {n}"
            )))
        }
    };
    // A single count multiplies (a sum over every position of a huge view would run for ages);
    // a list of counts is as long as the axis, so summing it is cheap.
    let total = match counts[..] {
        [count] => n.checked_mul(count),
        _ => counts.iter().try_fold(0i64, |acc, &c| acc.checked_add(c)),
    };
    let total = total.ok_or_else(|| Error::overflow_error("repeat: the result has too many elements"))?;
    // The result first: an impossible size fails here, before the index list is built.
    let mut shape = x.shape().to_vec();
    shape[axis] = total;
    crate::creation::check_result_shape("repeat", &shape, x.dtype())?;
    if let [count] = counts[..] {
        return repeat_each(&x, axis, count as usize, &shape);
    }
    let out = Tensor::empty(&shape, x.dtype())?;
    if total == 0 {
        // (n may still be huge: a zero count over a huge view)
        return Ok(out);
    }
    let mut index = crate::fallible::try_with_capacity(crate::fallible::len_of(total)?)?;
    for i in 0..n as usize {
        if i > 0 && i % crate::pool::POLL_ITEMS == 0 {
            crate::interrupt::check()?;
        }
        index.extend(std::iter::repeat_n(i as i64, count_of(i, &counts) as usize));
    }
    crate::index::take_axis_into(&x, axis, &index, &out)?;
    Ok(out)
}

/// [`repeat`] with one count for every position: `x` seen as `(outer, n, inner)` around `axis`
/// (copied to C order first when it is not), each `inner`-long item written `count` times in a
/// row, over the pool. `shape` is the result's (checked).
fn repeat_each(x: &Tensor, axis: usize, count: usize, shape: &[i64]) -> Result<Tensor> {
    // SAFETY: the loop below writes every element; an interrupt makes the check after it
    // drop the tensor unseen.
    let out = unsafe { Tensor::uninit(shape, x.dtype())? };
    if out.numel() == 0 {
        return Ok(out);
    }
    let x = x.contiguous()?;
    let inner: i64 = x.shape()[axis + 1..].iter().product();
    let items = (x.numel() / inner.max(1)) as usize;
    let inner = inner as usize;
    let (src, dst) = (SendPtr(x.data_ptr()), SendPtr(out.data_ptr()));
    let per_task = (MIN_PER_TASK_CHEAP / (inner * count).max(1)).max(1);
    crate::dispatch_all!(x.dtype(), T => {
        parallel_for(items, per_task, |r| {
            // SAFETY: `x` is contiguous with `items * inner` elements of `T` and `out` has
            // `items * count * inner`; this task reads items `r` and writes their `count`
            // copies, a range no other task touches.
            let (xs, os) = unsafe {
                (
                    std::slice::from_raw_parts((src.get() as *const T).add(r.start * inner), r.len() * inner),
                    std::slice::from_raw_parts_mut((dst.get() as *mut T).add(r.start * inner * count), r.len() * inner * count),
                )
            };
            if inner == 1 {
                for (o, &v) in os.chunks_exact_mut(count).zip(xs) {
                    o.fill(v);
                }
            } else {
                for (o, item) in os.chunks_exact_mut(inner * count).zip(xs.chunks_exact(inner)) {
                    for copy in o.chunks_exact_mut(inner) {
                        copy.copy_from_slice(item);
                    }
                }
            }
        })
    });
    crate::interrupt::check()?;
    Ok(out)
}

/// `x` repeated `repetitions[i]` times along each dim; shorter `repetitions` are padded with
/// leading 1s, and a shorter `x` gets leading size-1 dims, as in numpy.
pub fn tile(x: &Tensor, repetitions: &[i64]) -> Result<Tensor> {
    if let Some(&bad) = repetitions.iter().find(|&&r| r < 0) {
        return Err(Error::value_error(format!(
            "tile() argument 'repetitions': repetitions must be non-negative, got {bad}"
        )));
    }
    let ndim = x.ndim().max(repetitions.len());
    let mut dims = vec![1i64; ndim - x.ndim()];
    dims.extend_from_slice(x.shape());
    let mut reps = vec![1i64; ndim - repetitions.len()];
    reps.extend_from_slice(repetitions);
    // View x as (1, d0, 1, d1, ...) broadcast to (r0, d0, r1, d1, ...), then copy.
    let mut inter = Vec::with_capacity(2 * ndim);
    let mut spread = Vec::with_capacity(2 * ndim);
    let mut shape = Vec::with_capacity(ndim);
    for (&d, &r) in dims.iter().zip(&reps) {
        inter.extend([1, d]);
        spread.extend([r, d]);
        shape.push(d.checked_mul(r).ok_or_else(|| Error::overflow_error("tile: the result has too many elements"))?);
    }
    // SAFETY: the copy below writes every element (an interrupt drops the tensor unseen: the
    // interruptible call returns the interrupt).
    let out = unsafe { Tensor::uninit(&spread, x.dtype())? };
    if out.numel() > 0 {
        copy_into(&x.reshape(&inter)?.broadcast_to(&spread)?, &out)?;
    }
    out.reshape(&shape)
}
