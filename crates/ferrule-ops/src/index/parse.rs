//! Reading the packed `index` argument (the encoding table in [`super`]) into index items.

use ferrule_core::tensor::BasicItem;
use ferrule_core::{DType, Error, Result, Tensor};
use ferrule_registry::{Any, Array, Map, TensorObj};

/// One index item, as numpy reads it.
#[derive(Clone, Debug)]
pub(super) enum Item {
    /// An integer: removes a dim (basic), or a 0-d index array once the index is advanced.
    Int(i64),
    /// `start:stop:step` with Python's rules; `step` is never zero.
    Slice(Option<i64>, Option<i64>, i64),
    /// `None`: inserts a size-1 dim.
    NewAxis,
    /// `...`: as many full slices as the other items leave.
    Ellipsis,
    /// An integer (advanced index) or bool (mask) tensor; a bool scalar is a 0-d mask.
    Array(Tensor),
}

/// The items of an index, each with its position in the index tuple (`None` when the index was
/// not a tuple), and whether the result must be a copy even when it is a view (numpy copies
/// when a 0-d integer array stands in for an integer).
pub(super) struct Parsed {
    pub items: Vec<(Item, Option<usize>)>,
    pub copy: bool,
}

/// `"{op}: item {pos} of the index: "` (or `"{op}: "` for an index that is not a tuple): the
/// prefix of every error about one item.
pub(super) fn at(op: &str, pos: Option<usize>) -> String {
    match pos {
        Some(p) => format!("{op}: item {p} of the index: "),
        None => format!("{op}: "),
    }
}

fn invalid(op: &str, pos: Option<usize>, what: &str) -> Error {
    Error::index_error(format!(
        "{}only integers, slices (`:`), ellipsis (`...`), None (`newaxis`) and integer or boolean \
         tensors are valid indices, got {what}",
        at(op, pos)
    ))
}

/// Reads `index`: a top-level Array is a tuple of items; a top-level str other than `"..."` is
/// a basic index written as text ([`parse_text`]); anything else is one item.
pub(super) fn parse(op: &str, index: &Any) -> Result<Parsed> {
    if let Some(text) = index.as_str().filter(|&s| s != "...") {
        return parse_text(op, text);
    }
    let mut copy = false;
    let items = match index.downcast::<Array>() {
        Some(tuple) => tuple
            .items()
            .iter()
            .enumerate()
            .map(|(p, v)| Ok((parse_item(op, v, Some(p), true, &mut copy)?, Some(p))))
            .collect::<Result<Vec<_>>>()?,
        None => vec![(parse_item(op, index, None, false, &mut copy)?, None)],
    };
    Ok(Parsed { items, copy })
}

/// Most items [`basic_text`] reads.
pub(super) const BASIC_TEXT_ITEMS: usize = 8;

/// The items of a basic index written as text when they are only integers and slices, with no
/// spaces (as the Python frontend writes `x[1:-1]` or `x[2, ::2]`), read byte by byte into `out`
/// with nothing allocated: the shortcut `getitem` tries before [`parse_text`]. `None` for
/// anything else, including text `parse_text` rejects, which then reads it and words the error.
pub(super) fn basic_text(text: &[u8], out: &mut [BasicItem; BASIC_TEXT_ITEMS]) -> Option<usize> {
    // (a trailing comma ends a tuple without adding an item)
    let body = match text.strip_suffix(b",") {
        Some(body) if !body.is_empty() => body,
        _ => text,
    };
    let mut n = 0;
    for part in body.split(|&b| b == b',') {
        let slot = out.get_mut(n)?;
        let mut bounds = part.splitn(4, |&b| b == b':');
        let first = int(bounds.next()?)?;
        *slot = match bounds.next() {
            None => BasicItem::Int(first?),
            Some(stop) => {
                let stop = int(stop)?;
                let step = match bounds.next() {
                    Some(step) => int(step)?.unwrap_or(1),
                    None => 1,
                };
                if bounds.next().is_some() {
                    return None;
                }
                BasicItem::Slice(first, stop, step)
            }
        };
        n += 1;
    }
    Some(n)
}

/// A decimal integer with an optional sign (`Some(None)` for no text, `None` for anything else
/// or a value beyond int64).
fn int(text: &[u8]) -> Option<Option<i64>> {
    let (negative, digits) = match text.split_first() {
        None => return Some(None),
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        Some(_) => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        // accumulated negatively, so that i64::MIN itself fits
        v = v.checked_mul(10)?.checked_sub(i64::from(d))?;
    }
    Some(Some(if negative { v } else { v.checked_neg()? }))
}

/// A basic index written as Python writes it inside `x[...]`: items separated by commas, each
/// an int, a slice `start:stop:step` (any part may be left out), `...` or `None`, with spaces
/// allowed around them (`"1:-1"`, `"1:3, ::2"`, `"..., 0"`, `":, None"`). Text with a comma is a
/// tuple (`"1,"` is `x[1,]`), so error messages number its items as they do a tuple's. The
/// Python frontend sends `x[1:3, ::2]` this way: eight bytes or fewer travel inside the value
/// itself, where the same index as an Array of Maps is five objects to build and free.
fn parse_text(op: &str, text: &str) -> Result<Parsed> {
    let tuple = text.contains(',');
    // (a trailing comma ends a tuple, `"1,"`, without adding an item)
    let body = match text.trim_end().strip_suffix(',') {
        Some(body) if !body.trim().is_empty() => body,
        _ => text,
    };
    let mut items = Vec::with_capacity(body.bytes().filter(|&b| b == b',').count() + 1);
    for (p, part) in body.split(',').enumerate() {
        let pos = tuple.then_some(p);
        let bad = |why: &str| {
            Error::index_error(format!("{}cannot read {:?} as an index item: {why}", at(op, pos), part.trim()))
        };
        let int = |t: &str| -> Result<Option<i64>> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(None);
            }
            let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected an integer, a slice (`start:stop:step`), `...` or `None`"));
            }
            t.parse::<i64>().map(Some).map_err(|_| bad("the integer does not fit in int64"))
        };
        let item = match part.trim() {
            "..." => Item::Ellipsis,
            "None" => Item::NewAxis,
            t if t.contains(':') => {
                let mut bounds = t.split(':');
                let (start, stop, step) = (bounds.next().unwrap_or(""), bounds.next().unwrap_or(""), bounds.next());
                if bounds.next().is_some() {
                    return Err(bad("a slice has at most three parts"));
                }
                let step = match step {
                    Some(b) => int(b)?.unwrap_or(1),
                    None => 1,
                };
                if step == 0 {
                    return Err(Error::value_error(format!("{}slice step cannot be zero", at(op, pos))));
                }
                Item::Slice(int(start)?, int(stop)?, step)
            }
            t => match int(t)? {
                Some(i) => Item::Int(i),
                None => return Err(bad("an empty item")),
            },
        };
        items.push((item, pos));
    }
    Ok(Parsed { items, copy: false })
}

fn parse_item(op: &str, v: &Any, pos: Option<usize>, in_tuple: bool, copy: &mut bool) -> Result<Item> {
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
        return if s == "..." {
            Ok(Item::Ellipsis)
        } else {
            Err(invalid(op, pos, "a str other than \"...\" inside a tuple (only a whole index may be written as text)"))
        };
    }
    if let Some(t) = v.downcast::<TensorObj>() {
        let t = t.tensor();
        if t.dtype().is_integer() && t.ndim() == 0 {
            *copy = true;
            return Ok(Item::Int(scalar_int(t)?));
        }
        if !(t.dtype().is_integer() || t.dtype().is_bool()) {
            return Err(Error::index_error(format!(
                "{}arrays used as indices must be of integer (or boolean) type, got a tensor of dtype {}",
                at(op, pos),
                t.dtype()
            )));
        }
        return Ok(Item::Array(t.clone()));
    }
    if let Some(map) = v.downcast::<Map>() {
        return parse_slice(op, map, pos);
    }
    if let (true, Some(list)) = (in_tuple, v.downcast::<Array>()) {
        return list_tensor(op, list, pos).map(Item::Array);
    }
    Err(invalid(op, pos, &format!("a value of type {}", v.type_name())))
}

/// The value of a 0-d integer tensor (uint64 above `i64::MAX` saturates: it stays out of bounds).
fn scalar_int(t: &Tensor) -> Result<i64> {
    Ok(super::index_values("getitem", "index", t)?[0])
}

fn parse_slice(op: &str, map: &Map, pos: Option<usize>) -> Result<Item> {
    let parts = match (map.len(), map.keys().first().and_then(Any::as_str)) {
        (1, Some("slice")) => map.values()[0].downcast::<Array>().filter(|p| p.len() == 3),
        _ => None,
    };
    let Some(parts) = parts else {
        return Err(invalid(op, pos, "a Map that is not {\"slice\": [start, stop, step]}"));
    };
    let bound = |v: &Any| -> Result<Option<i64>> {
        if v.is_none() {
            return Ok(None);
        }
        if let (None, Some(i)) = (v.as_bool(), v.as_int()) {
            return Ok(Some(i));
        }
        if let Some(t) = v.downcast::<TensorObj>().map(TensorObj::tensor) {
            if t.dtype().is_integer() && t.ndim() == 0 {
                return scalar_int(t).map(Some);
            }
        }
        Err(Error::type_error(format!(
            "{}slice indices must be integers, 0-d integer tensors or None, got {}",
            at(op, pos),
            describe(v)
        )))
    };
    let [start, stop, step] = [0, 1, 2].map(|i| bound(&parts.items()[i]));
    let step = step?.unwrap_or(1);
    if step == 0 {
        return Err(Error::value_error(format!("{}slice step cannot be zero", at(op, pos))));
    }
    Ok(Item::Slice(start?, stop?, step))
}

fn describe(v: &Any) -> String {
    match v.downcast::<TensorObj>() {
        Some(t) => format!("a {}-d tensor of dtype {}", t.tensor().ndim(), t.tensor().dtype()),
        None => v.type_name().to_string(),
    }
}

/// A list index (an Array nested in the index tuple, with Arrays nested in it for more dims) as
/// a tensor, as numpy converts a list: all-bool leaves make a bool mask, otherwise the leaves
/// are integers (bools among them count as 0 and 1) and the index is int64, as is an empty list.
fn list_tensor(op: &str, list: &Array, pos: Option<usize>) -> Result<Tensor> {
    // The shape, from the first item at each depth; every other item must agree.
    let mut shape = vec![list.len() as i64];
    let mut first = list.items().first();
    while let Some(inner) = first.and_then(|v| v.downcast::<Array>()) {
        shape.push(inner.len() as i64);
        first = inner.items().first();
    }
    let mut leaves = Vec::new();
    collect_leaves(op, pos, list, &shape, 0, &mut leaves)?;
    let mut all_bool = !leaves.is_empty();
    let mut ints = Vec::with_capacity(leaves.len());
    for v in &leaves {
        match (v.as_bool(), v.as_int()) {
            (Some(b), _) => ints.push(b as i64),
            (None, Some(i)) => {
                all_bool = false;
                ints.push(i);
            }
            _ => return Err(invalid(op, pos, &format!("a list holding {}", describe(v)))),
        }
    }
    if all_bool {
        let bools: Vec<bool> = ints.iter().map(|&i| i != 0).collect();
        return Tensor::from_slice(&bools, &shape);
    }
    let t = Tensor::from_slice(&ints, &shape)?;
    debug_assert_eq!(t.dtype(), DType::Int64);
    Ok(t)
}

fn collect_leaves<'a>(
    op: &str,
    pos: Option<usize>,
    list: &'a Array,
    shape: &[i64],
    depth: usize,
    out: &mut Vec<&'a Any>,
) -> Result<()> {
    let ragged = |dims: usize| {
        Error::value_error(format!(
            "{}a list index must be rectangular, but its shape is inhomogeneous after {dims} dimensions",
            at(op, pos)
        ))
    };
    if list.len() as i64 != shape[depth] {
        return Err(ragged(depth));
    }
    for v in list.items() {
        match v.downcast::<Array>() {
            Some(inner) if depth + 1 < shape.len() => collect_leaves(op, pos, inner, shape, depth + 1, out)?,
            None if depth + 1 == shape.len() => out.push(v),
            _ => return Err(ragged(depth + 1)),
        }
    }
    Ok(())
}
