//! numpy indexing for `__getitem__` / `__setitem__` (basic views, integer and boolean advanced indexing), take and nonzero.
//!
//! # Index encoding
//!
//! The `index` argument of [`getitem`] and [`setitem`] is one packed `Any`, as the Python
//! frontend builds it from the object inside `x[...]`:
//!
//! | Python            | `Any`                                                              |
//! |-------------------|--------------------------------------------------------------------|
//! | `3`               | int                                                                |
//! | `True` / `False`  | bool (a 0-d boolean mask, as in numpy)                             |
//! | `None`            | None (`newaxis`: inserts a size-1 dim)                             |
//! | `...`             | the string `"..."`                                                 |
//! | `a:b:c`           | a Map `{"slice": [a, b, c]}`: an Array of exactly 3 items, each an int or None |
//! | a tensor          | a Tensor of an integer dtype (advanced index) or bool (mask)       |
//! | a list `[1, 2]`   | inside a tuple only: an Array of ints or bools, read as a 1-D tensor |
//! | a tuple `(i, j)`  | an Array of the items above (a top-level Array is always a tuple)  |
//!
//! Semantics are numpy's: ints, slices, `None` and `...` give views; a tensor index (or a
//! bool) makes the indexing advanced and the result a copy, with integer scalars then acting
//! as 0-d index arrays; advanced indices broadcast together, and their result dims replace
//! them in place when they are adjacent or go first otherwise. Out-of-range integers are an
//! `IndexError` naming the axis, the index and the size.

mod gather;
mod take;

use ferrule_core::tensor::format_shape;
use ferrule_core::{DType, Error, Result, Tensor};
use ferrule_registry::{Any, Array, Map, TensorObj};

use crate::fallible::{self, FallibleCollect};
use crate::manipulate::{cast, copy::copy_into};
use crate::operand::{Operand, Scalar};
pub(crate) use take::{index_values, take_axis_into};
pub use take::{nonzero, take, take_along_axis};

/// One parsed index item.
#[derive(Clone, Debug)]
enum Item {
    Int(i64),
    Slice(Option<i64>, Option<i64>, i64),
    NewAxis,
    Ellipsis,
    /// An integer or bool tensor.
    Array(Tensor),
}

fn invalid(what: &str) -> Error {
    Error::index_error(format!(
        "only integers, slices (`:`), ellipsis (`...`), None (`newaxis`) and integer or boolean \
         tensors are valid indices, got {what}"
    ))
}

fn parse_slice_bound(v: &Any) -> Result<Option<i64>> {
    if v.is_none() {
        return Ok(None);
    }
    match (v.as_bool(), v.as_int()) {
        (None, Some(i)) => Ok(Some(i)),
        _ => Err(Error::type_error(format!("slice indices must be integers or None, got {}", v.type_name()))),
    }
}

fn parse_item(v: &Any, nested: bool) -> Result<Item> {
    if v.is_none() {
        return Ok(Item::NewAxis);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Item::Array(Tensor::scalar(b)));
    }
    if let Some(i) = v.as_int() {
        return Ok(Item::Int(i));
    }
    if let Some(s) = v.as_str() {
        return if s == "..." { Ok(Item::Ellipsis) } else { Err(invalid("a str")) };
    }
    if let Some(t) = v.downcast::<TensorObj>() {
        let t = t.tensor();
        if !(t.dtype().is_integer() || t.dtype().is_bool()) {
            return Err(invalid(&format!("a tensor of dtype {}", t.dtype())));
        }
        return Ok(Item::Array(t.clone()));
    }
    if let Some(map) = v.downcast::<Map>() {
        let parts = map.get_str("slice").and_then(|s| s.downcast::<Array>());
        let Some(parts) = parts.filter(|p| p.len() == 3) else {
            return Err(invalid("a Map that is not {\"slice\": [start, stop, step]}"));
        };
        let [start, stop, step] = [0, 1, 2].map(|i| parse_slice_bound(&parts.items()[i]));
        let step = step?.unwrap_or(1);
        if step == 0 {
            return Err(Error::value_error("slice step cannot be zero"));
        }
        return Ok(Item::Slice(start?, stop?, step));
    }
    if let (true, Some(list)) = (nested, v.downcast::<Array>()) {
        return list_tensor(list).map(Item::Array);
    }
    Err(invalid(&v.type_name()))
}

/// A nested list of ints or bools as a 1-D tensor (int64 or bool; an empty list is int64).
fn list_tensor(list: &Array) -> Result<Tensor> {
    let items = list.items();
    if !items.is_empty() && items.iter().all(|v| v.as_bool().is_some()) {
        let bools: Vec<bool> = items.iter().map(|v| v.as_bool().unwrap_or(false)).collect();
        return Tensor::from_slice(&bools, &[bools.len() as i64]);
    }
    let ints = items
        .iter()
        .map(|v| match (v.as_bool(), v.as_int()) {
            (None, Some(i)) => Ok(i),
            _ => Err(invalid(&format!("a list holding {}", v.type_name()))),
        })
        .collect::<Result<Vec<i64>>>()?;
    Tensor::from_slice(&ints, &[ints.len() as i64])
}

fn parse_index(index: &Any) -> Result<Vec<Item>> {
    match index.downcast::<Array>() {
        Some(tuple) => tuple.items().iter().map(|v| parse_item(v, true)).collect(),
        None => Ok(vec![parse_item(index, false)?]),
    }
}

/// An advanced index after parsing: which dim of the basic view it indexes, which axis of `x`
/// that was (for messages), and its values.
struct Advanced {
    dim: usize,
    axis: Option<usize>,
    shape: Vec<i64>,
    values: Vec<i64>,
    /// Whether the values may be out of range (false for masks).
    check: bool,
}

/// What an index selects: a view, or elements at `outer[o] + inner[i]` of `base` laid out with
/// `shape`.
enum Selection {
    View(Tensor),
    Gather { base: Tensor, outer: Vec<i64>, inner: Vec<i64>, shape: Vec<i64> },
}

fn out_of_bounds(op: &str, index: i64, axis: usize, size: i64) -> Error {
    Error::index_error(format!("{op}: index {index} is out of bounds for axis {axis} with size {size}"))
}

fn select(op: &str, x: &Tensor, index: &Any) -> Result<Selection> {
    let mut items = parse_index(index)?;
    let ellipses = items.iter().filter(|i| matches!(i, Item::Ellipsis)).count();
    if ellipses > 1 {
        return Err(Error::index_error(format!("{op}: an index can only have a single ellipsis ('...')")));
    }
    let consumed: usize = items
        .iter()
        .map(|i| match i {
            Item::Int(_) | Item::Slice(..) => 1,
            Item::Array(t) if t.dtype().is_bool() => t.ndim(),
            Item::Array(_) => 1,
            Item::NewAxis | Item::Ellipsis => 0,
        })
        .sum();
    if consumed > x.ndim() {
        return Err(Error::index_error(format!(
            "{op}: too many indices for tensor: tensor is {}-dimensional, but {consumed} were indexed",
            x.ndim()
        )));
    }
    let fill = vec![Item::Slice(None, None, 1); x.ndim() - consumed];
    match items.iter().position(|i| matches!(i, Item::Ellipsis)) {
        Some(at) => {
            items.splice(at..=at, fill);
        }
        None => items.extend(fill),
    }
    let advanced_mode = items.iter().any(|i| matches!(i, Item::Array(_)));

    let mut t = x.clone();
    let (mut pos, mut axis) = (0usize, 0usize);
    let mut adv: Vec<Advanced> = Vec::new();
    for item in items {
        match item {
            Item::Int(i) if !advanced_mode => {
                let size = t.shape()[pos];
                if i < -size || i >= size {
                    return Err(out_of_bounds(op, i, axis, size));
                }
                t = t.select(pos, i)?;
                axis += 1;
            }
            Item::Int(i) => {
                adv.push(Advanced { dim: pos, axis: Some(axis), shape: vec![], values: vec![i], check: true });
                (pos, axis) = (pos + 1, axis + 1);
            }
            Item::Slice(start, stop, step) => {
                t = t.slice(pos, start, stop, step)?;
                (pos, axis) = (pos + 1, axis + 1);
            }
            Item::NewAxis => {
                t = t.expand_dims(pos)?;
                pos += 1;
            }
            Item::Ellipsis => unreachable!("ellipsis expanded above"),
            Item::Array(m) if m.dtype().is_bool() => {
                if m.ndim() == 0 {
                    t = t.expand_dims(pos)?;
                    let hit = m.to_vec::<bool>()?[0];
                    let values = if hit { vec![0] } else { vec![] };
                    let shape = vec![values.len() as i64];
                    adv.push(Advanced { dim: pos, axis: None, shape, values, check: false });
                    pos += 1;
                    continue;
                }
                let dims = &t.shape()[pos..pos + m.ndim()];
                for (k, (&want, &got)) in dims.iter().zip(m.shape()).enumerate() {
                    if want != got {
                        return Err(Error::index_error(format!(
                            "{op}: boolean index did not match indexed tensor along axis {}; size \
                             of axis is {want} but size of corresponding boolean axis is {got}",
                            axis + k
                        )));
                    }
                }
                let coords = nonzero(&m)?;
                for (k, c) in coords.iter().enumerate() {
                    let values = c.to_vec::<i64>()?;
                    let shape = vec![values.len() as i64];
                    adv.push(Advanced { dim: pos + k, axis: Some(axis + k), shape, values, check: false });
                }
                pos += m.ndim();
                axis += m.ndim();
            }
            Item::Array(m) => {
                let values = index_values(op, "index", &m)?;
                adv.push(Advanced { dim: pos, axis: Some(axis), shape: m.shape().to_vec(), values, check: true });
                (pos, axis) = (pos + 1, axis + 1);
            }
        }
    }
    if adv.is_empty() {
        return Ok(Selection::View(t));
    }
    advanced_selection(op, t, adv)
}

fn advanced_selection(op: &str, base: Tensor, adv: Vec<Advanced>) -> Result<Selection> {
    let mut bshape: Vec<i64> = Vec::new();
    for a in &adv {
        bshape = ferrule_core::tensor::broadcast_shapes(&bshape, &a.shape).map_err(|_| {
            let shapes: Vec<String> = adv.iter().map(|a| format_shape(&a.shape)).collect();
            Error::index_error(format!(
                "{op}: shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                shapes.join(" ")
            ))
        })?;
    }
    let count = bshape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d)).ok_or_else(|| {
        Error::overflow_error(format!(
            "{op}: the indexing tensors broadcast to shape {}, which has too many elements",
            format_shape(&bshape)
        ))
    })?;
    let mut adv_offsets = fallible::try_filled(0i64, fallible::len_of(count)?)?;
    for a in &adv {
        let size = base.shape()[a.dim];
        let stride = base.strides()[a.dim];
        let broadcast;
        let values: &[i64] = if a.shape == bshape {
            &a.values
        } else {
            broadcast = Tensor::from_slice(&a.values, &a.shape)?.broadcast_to(&bshape)?.to_vec::<i64>()?;
            &broadcast
        };
        for (acc, &v) in adv_offsets.iter_mut().zip(values) {
            let v = if a.check {
                if v < -size || v >= size {
                    return Err(out_of_bounds(op, v, a.axis.unwrap_or(a.dim), size));
                }
                if v < 0 {
                    v + size
                } else {
                    v
                }
            } else {
                v
            };
            *acc += v * stride;
        }
    }
    let dims: Vec<usize> = adv.iter().map(|a| a.dim).collect();
    let (first, last) = (dims[0], dims[dims.len() - 1]);
    let adjacent = last - first + 1 == dims.len();
    let rest = |range: std::ops::Range<usize>| -> (Vec<i64>, Vec<i64>) {
        range.filter(|d| !dims.contains(d)).map(|d| (base.shape()[d], base.strides()[d])).unzip()
    };
    let (outer, inner, shape) = if adjacent {
        let (before_shape, before_strides) = rest(0..first);
        let (after_shape, after_strides) = rest(last + 1..base.ndim());
        let before = gather::layout_offsets(&before_shape, &before_strides)?;
        let outer = if before == [0] { adv_offsets } else { gather::combine(&before, &adv_offsets)? };
        let inner = gather::layout_offsets(&after_shape, &after_strides)?;
        (outer, inner, [before_shape, bshape, after_shape].concat())
    } else {
        let (rest_shape, rest_strides) = rest(0..base.ndim());
        let inner = gather::layout_offsets(&rest_shape, &rest_strides)?;
        (adv_offsets, inner, [bshape, rest_shape].concat())
    };
    Ok(Selection::Gather { base, outer, inner, shape })
}

/// `x[index]` with numpy semantics; `index` is encoded as described in the [module
/// docs](self). Basic indexing returns a view, advanced indexing a new tensor.
pub fn getitem(x: &Tensor, index: &Any) -> Result<Tensor> {
    if let Some(mask) = index.downcast::<TensorObj>().map(TensorObj::tensor) {
        if mask.dtype().is_bool() && mask.ndim() > 0 && mask.shape() == x.shape() {
            return mask_select(x, mask);
        }
    }
    match select("getitem", x, index)? {
        Selection::View(t) => Ok(t),
        Selection::Gather { base, outer, inner, shape } => gather::gather(&base, &outer, &inner, &shape),
    }
}

/// `x[mask]` for a mask of `x`'s own shape: the selected elements in C order, 1-D.
fn mask_select(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    let flags = mask.to_vec::<bool>()?;
    let offsets: Vec<i64> = if x.is_contiguous() {
        flags.iter().enumerate().filter(|(_, &f)| f).map(|(i, _)| i as i64).try_collect_vec()?
    } else {
        let mut all = gather::layout_offsets(x.shape(), x.strides())?;
        let mut kept = 0;
        for (i, &f) in flags.iter().enumerate() {
            all[kept] = all[i];
            kept += usize::from(f);
        }
        all.truncate(kept);
        all
    };
    let n = offsets.len() as i64;
    gather::gather(x, &offsets, &[0], &[n])
}

/// `x[index] = value`: writes `value`, broadcast to the selection and cast to `x`'s dtype
/// (numpy's unsafe casting: floats truncate into ints, complex drops the imaginary part), into
/// `x`'s memory. With repeated advanced indices the last write wins.
///
/// Errors: `IndexError` for a bad index; `ValueError` when `value` does not broadcast to the
/// selection, when `x` is read-only ([`Tensor::is_read_only`]), or when `x` is a broadcast
/// view whose elements alias (read-only in numpy);
/// `OverflowError` for a Python int outside `x`'s integer dtype; `ValueError` for a NaN and
/// `OverflowError` for an infinite Python float into an integer tensor.
pub fn setitem(x: &Tensor, index: &Any, value: &Operand) -> Result<()> {
    let op = "setitem";
    x.check_writable("setitem() argument 'x'")?;
    if x.shape().iter().zip(x.strides()).any(|(&d, &s)| d > 1 && s == 0) && x.numel() > 1 {
        return Err(Error::value_error(format!(
            "{op}: assignment destination is read-only (a broadcast view whose elements alias)"
        )));
    }
    let value = match value {
        Operand::Tensor(t) => t.clone(),
        Operand::Scalar(s) => scalar_value(op, *s, x.dtype())?,
    };
    let selection = select(op, x, index)?;
    let shape = match &selection {
        Selection::View(t) => t.shape().to_vec(),
        Selection::Gather { shape, .. } => shape.clone(),
    };
    let value = fit_value(op, &value, &shape)?;
    match selection {
        Selection::View(t) => {
            if value.dtype() == x.dtype() {
                copy_into(&value, &t)
            } else {
                copy_into(&cast(&value, x.dtype())?, &t)
            }
        }
        Selection::Gather { base, outer, inner, .. } => {
            let values = if value.dtype() != x.dtype() {
                cast(&value, x.dtype())?
            } else if value.shares_memory_with(x) || !value.is_contiguous() {
                value.copy()?
            } else {
                value
            };
            gather::scatter(&base, &outer, &inner, &values);
            Ok(())
        }
    }
}

fn scalar_value(op: &str, s: Scalar, dtype: DType) -> Result<Tensor> {
    if let (Scalar::Float(v), true) = (s, dtype.is_integer()) {
        if v.is_nan() {
            return Err(Error::value_error(format!("{op}: cannot convert float NaN to integer")));
        }
        if v.is_infinite() {
            return Err(Error::overflow_error(format!("{op}: cannot convert float infinity to integer")));
        }
    }
    s.to_tensor(op, dtype)
}

/// `value` broadcast to `shape`, after dropping leading size-1 dims it has beyond `shape`'s rank.
fn fit_value(op: &str, value: &Tensor, shape: &[i64]) -> Result<Tensor> {
    let mut v = value.clone();
    while v.ndim() > shape.len() && v.shape()[0] == 1 {
        v = v.select(0, 0)?;
    }
    v.broadcast_to(shape).map_err(|_| {
        Error::value_error(format!(
            "{op}: could not broadcast input tensor from shape {} into shape {}",
            format_shape(value.shape()),
            format_shape(shape)
        ))
    })
}
