//! numpy indexing for `__getitem__` / `__setitem__` (basic views, integer and boolean advanced
//! indexing), `add_at` (the scatter-add that is getitem's adjoint), take and nonzero.
//!
//! # Index encoding
//!
//! The `index` argument of [`getitem`] and [`setitem`] is one packed `Any`. This table is the
//! one place the encoding is defined; Go and C build it by hand, the Python frontend from the
//! object inside `x[...]`:
//!
//! | Python                   | `Any`                                                                      |
//! |--------------------------|----------------------------------------------------------------------------|
//! | `3`                      | int (Python applies `__index__` first, so numpy integers and other int-like objects work) |
//! | `True` / `False`         | bool: a 0-d boolean mask, as in numpy (adds a dim of size 1 or 0)          |
//! | `None`                   | None (`newaxis`: inserts a size-1 dim)                                     |
//! | `...`                    | the str `"..."` (any other str is an `IndexError`)                        |
//! | `a:b:c`                  | a Map `{"slice": [a, b, c]}`: its only key, an Array of exactly 3 items, each an int, None or a 0-d integer tensor (both Python frontends convert a `slice` object to this Map; Python applies `__index__` to each part and clamps ints beyond int64, as Python's own slices do) |
//! | a tensor or numpy array  | a Tensor: an integer dtype is an integer array index (a 0-d one acts as an int, but the result is a copy, as numpy's is); bool is a mask |
//! | a tuple `(i, j)`         | an Array of the items above: **a top-level Array is always a tuple**       |
//! | a list `[0, 2]`          | a tensor, or, inside the tuple, an Array of ints and bools (Arrays nested in it for more dims), read as numpy reads a list: all bools make a mask, otherwise an integer index (bools among ints count as 0 and 1; an empty list is an integer index) |
//! | a basic index, whole     | also its text, as Python writes it: the str `"1:3, ::2"` for `x[1:3, ::2]`, `"1,"` for `x[1,]`, `"..., None"`: ints, slices with int parts or none, `None` and `...`, separated by commas (spaces allowed). The Python frontend sends `x[...]` with such an index this way: up to 8 bytes travel inside the value (no object), where an Array of Maps is an object per slice and one for the tuple |
//!
//! A list is therefore never a top-level Array: numpy reads `x[L]` as `x[(L,)]`, and so does
//! ferrule. Python converts every list (and tuples nested in the index tuple, and numpy
//! arrays) into a tensor with numpy's rules before the call and sends a top-level list as
//! that tensor alone. From Go and C:
//!
//! | numpy                | Go `index` argument (`go/index.go`)               | C (`FerruleAny`)                                      |
//! |----------------------|---------------------------------------------------|-------------------------------------------------------|
//! | `x[0, 2]`            | `[]any{0, 2}`                                     | an Array of two ints                                  |
//! | `x[[0, 2]]`          | `[]any{[]int64{0, 2}}`, or an int64 `*Tensor`     | an Array holding an Array of two ints, or a Tensor    |
//! | `x[[[0, 1], [2, 2]]]`| `[]any{[][]int64{{0, 1}, {2, 2}}}`                | an Array holding an Array of two Arrays of two ints   |
//! | `x[1:3, ::-1]`       | `[]any{Slice(1, 3, nil), Slice(nil, nil, -1)}`    | an Array of two Maps `{"slice": [...]}`               |
//! | `x[1:3, ::-1]`       | `"1:3, ::-1"` (the text form)                     | the str `"1:3, ::-1"`                                 |
//! | `x[..., None]`       | `[]any{Ellipsis, nil}`                            | an Array of the str `"..."` and None                  |
//! | `x[[True, False]]`   | a bool `*Tensor`, or `[]any{[]bool{true, false}}` | a bool Tensor, or an Array holding an Array of bools  |
//!
//! (tests/c/indexing.c and go/index_test.go pin these.)
//!
//! Semantics are numpy's: ints, slices, `None` and `...` give views; a tensor index (or a
//! bool) makes the indexing advanced and the result a copy, with integers then acting as 0-d
//! index arrays. Advanced indices broadcast together; their result dims replace them in place
//! when they are adjacent in the index, and go first when a slice, `None` or `...` separates
//! them. A boolean mask stands for the integer arrays of its `nonzero()`; a mask dim of size 0
//! matches a dim of any size (it selects nothing), as in numpy. Out-of-range integers are an
//! `IndexError` naming the item's position in the index, the axis, the index and the size.

mod gather;
mod mask;
mod parse;
mod take;

use ferrule_core::tensor::{format_shape, BasicItem};
use ferrule_core::{DType, Error, Result, Tensor};
use ferrule_registry::{Any, TensorObj};

use crate::copy::copy_into;
use crate::elementwise::cast_to as cast;
use crate::fallible::{self, FallibleCollect};
use crate::operand::{Operand, Scalar};
pub(crate) use gather::layout_offsets;
use parse::{at, parse, Item};
pub(crate) use take::{index_values, take_axis_into};
pub use take::{nonzero, take, take_along_axis};

/// An advanced index after parsing: which dim of the basic view it indexes, which axis of `x`
/// that was and where it stood in the index (for messages), its place among the index's items
/// (to tell adjacent advanced indices from separated ones), and its values.
struct Advanced {
    dim: usize,
    axis: usize,
    pos: Option<usize>,
    seq: usize,
    shape: Vec<i64>,
    values: Vec<i64>,
    /// Whether the values may be out of range (false for masks and for integers, checked
    /// when parsed).
    check: bool,
}

/// What an index selects: a view, or elements at `outer[o] + inner[i]` of `base` laid out with
/// `shape`.
enum Selection {
    View(Tensor),
    Gather { base: Tensor, outer: Vec<i64>, inner: Vec<i64>, shape: Vec<i64> },
}

fn out_of_bounds(op: &str, pos: Option<usize>, index: i64, axis: usize, size: i64) -> Error {
    Error::index_error(format!("{}index {index} is out of bounds for axis {axis} with size {size}", at(op, pos)))
}

/// What numpy decides about an index besides its selection.
#[derive(Clone, Copy)]
struct Traits {
    /// The result is a copy even when the selection is a view (a 0-d integer array stood for an
    /// integer).
    copy: bool,
    /// One integer per dim: the index names a single element, which numpy assigns as a scalar.
    element: bool,
}

/// The selection of `index` in `x`, and its [`Traits`].
fn select(op: &str, x: &Tensor, index: &Any) -> Result<(Selection, Traits)> {
    let parsed = parse(op, index)?;
    let items = parsed.items;
    let element = items.len() == x.ndim() && items.iter().all(|(i, _)| matches!(i, Item::Int(_)));
    let traits = Traits { copy: parsed.copy, element };
    let ellipses = items.iter().filter(|(i, _)| matches!(i, Item::Ellipsis)).count();
    if ellipses > 1 {
        return Err(Error::index_error(format!("{op}: an index can only have a single ellipsis ('...')")));
    }
    let consumed: usize = items
        .iter()
        .map(|(i, _)| match i {
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
    // The dims `...` stands for; without one, the dims after the last item are left whole.
    let fill = x.ndim() - consumed;
    let advanced_mode = items.iter().any(|(i, _)| matches!(i, Item::Array(_)));

    let mut t = x.clone();
    // `dim` walks the dims of the view `t`, `axis` those of `x`, `seq` the index's items.
    let (mut dim, mut axis, mut seq) = (0usize, 0usize, 0usize);
    let mut adv: Vec<Advanced> = Vec::new();
    for (item, pos) in items {
        match item {
            Item::Int(i) => {
                let size = t.shape()[dim];
                if i < -size || i >= size {
                    return Err(out_of_bounds(op, pos, i, axis, size));
                }
                let i = if i < 0 { i + size } else { i };
                if advanced_mode {
                    adv.push(Advanced { dim, axis, pos, seq, shape: vec![], values: vec![i], check: false });
                    dim += 1;
                } else {
                    t = t.select(dim, i)?;
                }
                axis += 1;
            }
            Item::Slice(start, stop, step) => {
                t = t.slice(dim, start, stop, step)?;
                (dim, axis) = (dim + 1, axis + 1);
            }
            Item::NewAxis => {
                t = t.expand_dims(dim)?;
                dim += 1;
            }
            Item::Ellipsis => (dim, axis) = (dim + fill, axis + fill),
            Item::Array(m) if m.dtype().is_bool() && m.ndim() == 0 => {
                // A new dim of size 1 (True) or 0 (False), indexed by [0] or [].
                t = t.expand_dims(dim)?;
                let values = if m.to_vec::<bool>()?[0] { vec![0] } else { vec![] };
                let shape = vec![values.len() as i64];
                adv.push(Advanced { dim, axis, pos, seq, shape, values, check: false });
                dim += 1;
            }
            Item::Array(m) if m.dtype().is_bool() => {
                let k = m.ndim();
                for (j, (&want, &got)) in t.shape()[dim..dim + k].iter().zip(m.shape()).enumerate() {
                    if want != got && got != 0 {
                        return Err(Error::index_error(format!(
                            "{}boolean index did not match indexed tensor along axis {}; size of axis is \
                             {want} but size of corresponding boolean axis is {got}",
                            at(op, pos),
                            axis + j
                        )));
                    }
                }
                for (j, c) in nonzero(&m)?.iter().enumerate() {
                    let values = c.to_vec::<i64>()?;
                    let shape = vec![values.len() as i64];
                    let (dim, axis, seq) = (dim + j, axis + j, seq + j);
                    adv.push(Advanced { dim, axis, pos, seq, shape, values, check: false });
                }
                (dim, axis, seq) = (dim + k, axis + k, seq + k - 1);
            }
            Item::Array(m) => {
                let values = index_values(op, "index", &m)?;
                let shape = m.shape().to_vec();
                adv.push(Advanced { dim, axis, pos, seq, shape, values, check: true });
                (dim, axis) = (dim + 1, axis + 1);
            }
        }
        seq += 1;
    }
    if adv.is_empty() {
        return Ok((Selection::View(t), traits));
    }
    Ok((advanced_selection(op, t, adv)?, traits))
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
                    return Err(out_of_bounds(op, a.pos, v, a.axis, size));
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
    // numpy's rule: advanced indices next to each other in the index keep their place; a
    // slice, None or `...` between two of them (even a `...` that stands for no dims) sends
    // the broadcast dims to the front.
    let adjacent = adv.windows(2).all(|w| w[1].seq == w[0].seq + 1);
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
    if let Some(view) = text_view(x, index) {
        return Ok(view);
    }
    if let Some(t) = index.downcast::<TensorObj>().map(TensorObj::tensor) {
        if t.dtype().is_bool() && t.ndim() > 0 && t.shape() == x.shape() {
            return mask_select(x, t);
        }
        // `x1d[indices]`: a flat gather, no offset lists
        if x.ndim() == 1 && t.ndim() > 0 && take::flat_applies(x, t) {
            return take::take_flat("getitem", x, t);
        }
    }
    match select("getitem", x, index)? {
        (Selection::View(t), Traits { copy: false, .. }) => Ok(t),
        (Selection::View(t), Traits { copy: true, .. }) => t.copy(),
        (Selection::Gather { base, outer, inner, shape }, _) => gather::gather(&base, &outer, &inner, &shape),
    }
}

/// Integers and slices written as text (`x[1:-1]`, `x[2, ::2]` from Python), and a bare int
/// (`ops.getitem(x, 1)` from a Function, Go or C), as one view, with nothing parsed into lists;
/// `None` for any other index (a bool among them: it adds a dim), and for every error, which the
/// general path reads and words.
#[inline]
fn text_view(x: &Tensor, index: &Any) -> Option<Tensor> {
    if let (Some(i), None) = (index.as_int(), index.as_bool()) {
        return x.basic_index(&[BasicItem::Int(i)]).ok();
    }
    let text = index.as_str()?;
    let mut items = [BasicItem::Int(0); parse::BASIC_TEXT_ITEMS];
    let n = parse::basic_text(text.as_bytes(), &mut items)?;
    x.basic_index(&items[..n]).ok()
}

/// `getitem`'s shortcut (schema field `fast_args`): the packed arguments `(x, index)` when the
/// index is text or an int [`text_view`] reads, answered with the view before the glue unpacks anything
/// or sets up the kernel's run; `None` for everything else.
pub fn getitem_view(args: &[Any]) -> Option<Any> {
    let [x, index] = args else { return None };
    let view = text_view(x.downcast::<TensorObj>()?.tensor(), index)?;
    Some(Any::object(TensorObj::new(view)))
}

/// `x[mask]` for a mask of `x`'s own shape: the selected elements in C order, 1-D.
fn mask_select(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    if mask::applies(x, mask) {
        return mask::select(x, mask);
    }
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

/// A copy of `x` with `values` added at `x[index]`: numpy's `np.add.at(x, index, values)`,
/// out of place. Unlike `x[index] += values`, an element that the index names several times
/// gets every addition (the adjoint of [`getitem`], which autograd uses for the gradient of
/// indexing, `take` and `take_along_axis`). `index` is encoded as for [`getitem`]; `values`
/// broadcasts to the selection's shape. The result has the promoted dtype of `x` and `values`,
/// as `x + values` would (a Python number is weak); bool adds as logical or, ints wrap.
///
/// Errors as [`getitem`] for the index (`IndexError`), and `ValueError` when `values` does not
/// broadcast to the selection.
pub fn add_at(x: &Tensor, index: &Any, values: &Operand) -> Result<Tensor> {
    let op = "add_at";
    let dtype = crate::promote::result_type(x.dtype(), values.dtype_against(x.dtype()));
    // A fresh C-contiguous tensor either way.
    let out = if x.dtype() == dtype { x.copy()? } else { cast(x, dtype)? };
    // The index first: numpy reports a bad index before a bad value.
    let (selection, _) = select(op, &out, index)?;
    let value = match values {
        Operand::Tensor(t) => t.clone(),
        Operand::Scalar(s) => s.to_tensor(op, dtype)?,
    };
    let shape = match &selection {
        Selection::View(t) => t.shape().to_vec(),
        Selection::Gather { shape, .. } => shape.clone(),
    };
    let value = fit_value(op, &value, &shape)?;
    let value = if value.dtype() != dtype {
        cast(&value, dtype)?
    } else if value.is_contiguous() {
        value
    } else {
        value.copy()?
    };
    match selection {
        Selection::View(t) => {
            // Offsets of the view relative to `out`'s first element.
            let start = (t.data_ptr() as isize - out.data_ptr() as isize) / out.itemsize() as isize;
            let offsets = gather::layout_offsets(t.shape(), t.strides())?;
            gather::scatter_add(&out, &[start as i64], &offsets, &value);
        }
        Selection::Gather { base, outer, inner, .. } => {
            let start = (base.data_ptr() as isize - out.data_ptr() as isize) / out.itemsize() as isize;
            let outer: Vec<i64> = outer.iter().map(|&o| o + start as i64).try_collect_vec()?;
            gather::scatter_add(&out, &outer, &inner, &value);
        }
    }
    crate::interrupt::check()?;
    Ok(out)
}

/// `x[index] = value`: writes `value`, broadcast to the selection and cast to `x`'s dtype
/// (numpy's unsafe casting: floats truncate into ints, complex drops the imaginary part), into
/// `x`'s memory. With repeated advanced indices the last write wins.
///
/// Errors: `IndexError` for a bad index; `ValueError` when `value` does not broadcast to the
/// selection, when the index names a single element (one integer per dim) and `value` is not
/// 0-d (numpy assigns an element from a scalar), when `x` is read-only
/// ([`Tensor::is_read_only`]), or when `x` is a broadcast view whose elements alias (read-only
/// in numpy);
/// `OverflowError` for a Python int outside `x`'s integer dtype; `ValueError` for a NaN and
/// `OverflowError` for an infinite Python float into an integer tensor; `TypeError` for a Python
/// complex into a tensor that is neither complex nor bool.
pub fn setitem(x: &Tensor, index: &Any, value: &Operand) -> Result<()> {
    let op = "setitem";
    x.check_writable("setitem() argument 'x'")?;
    if x.shape().iter().zip(x.strides()).any(|(&d, &s)| d > 1 && s == 0) && x.numel() > 1 {
        return Err(Error::value_error(format!(
            "{op}: assignment destination is read-only (a broadcast view whose elements alias)"
        )));
    }
    // `x[mask] = scalar` with a mask of x's shape: one select pass (the mask is read in full
    // before any write only when it cannot alias `x`)
    if let Some(mask) = index.downcast::<TensorObj>().map(TensorObj::tensor) {
        let single = |v: &Tensor| v.numel() == 1 && v.ndim() <= 1;
        if mask.ndim() > 0 && mask::applies(x, mask) && !crate::iter::may_overlap(mask, x) {
            let value = match value {
                Operand::Tensor(t) => t.clone(),
                Operand::Scalar(s) => scalar_value(op, *s, x.dtype())?,
            };
            if single(&value) && !crate::iter::may_overlap(&value, x) {
                let value = if value.dtype() == x.dtype() { value } else { cast(&value, x.dtype())? };
                return mask::fill(x, mask, &value);
            }
        }
    }
    // The index first: numpy reports a bad index before a bad value.
    let (selection, traits) = select(op, x, index)?;
    let value = match value {
        Operand::Tensor(t) => t.clone(),
        Operand::Scalar(s) => scalar_value(op, *s, x.dtype())?,
    };
    if traits.element && value.ndim() > 0 {
        return Err(Error::value_error(format!(
            "{op}: setting an element with a sequence: the index names one element, which takes a \
             scalar or 0-d value, got shape {}",
            format_shape(value.shape())
        )));
    }
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
    if s.is_complex() && !dtype.is_complex() && !dtype.is_bool() {
        // numpy: a Python complex has no int() or float() (a complex tensor value is cast)
        return Err(Error::type_error(format!("{op}: cannot assign a Python complex to a {dtype} tensor")));
    }
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
