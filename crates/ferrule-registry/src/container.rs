//! Immutable containers of values: `Array` (a list) and `Map` (an insertion-ordered dict).

use std::collections::HashMap;

use ferrule_sys::type_index as ti;

use crate::any::{check_raw, Any};
use crate::error::{Error, Result};
use crate::object::ObjectType;

/// `item` (at `pos` among what a caller handed over) if it is well-formed as far as can be
/// checked; a TypeError naming `what` and the position otherwise.
fn checked_item<'a>(item: &'a Any, what: &str, pos: usize) -> Result<&'a Any> {
    check_raw(item.as_raw()).map_err(|problem| Error::type_error(format!("{what}: item {pos} is {problem}")))?;
    Ok(item)
}

/// An immutable array of values (`FERRULE_TYPE_ARRAY`).
#[derive(Debug, Clone, Default)]
pub struct Array(Vec<Any>);

impl Array {
    /// Wraps the values.
    pub fn new(items: Vec<Any>) -> Array {
        Array(items)
    }

    /// An array of new references to `items` handed over by a caller (`what` names the
    /// function and argument): the memory is allocated fallibly, before any item is read, and
    /// every item is checked as far as it can be ([`check_raw`]). Errors: MemoryError when the
    /// allocation fails; TypeError naming the position of a malformed item.
    pub fn try_from_slice(items: &[Any], what: &str) -> Result<Array> {
        let mut copy = Vec::new();
        copy.try_reserve_exact(items.len()).map_err(|_| Error::out_of_memory(what, std::mem::size_of_val(items)))?;
        for (pos, item) in items.iter().enumerate() {
            copy.push(checked_item(item, what, pos)?.clone());
        }
        Ok(Array(copy))
    }

    /// The values.
    pub fn items(&self) -> &[Any] {
        &self.0
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl ObjectType for Array {
    const TYPE_INDEX: i32 = ti::ARRAY;
}

/// A map key: maps are keyed by strings or ints.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Int(i64),
    Str(Box<str>),
}

fn key_of(value: &Any) -> Option<Key> {
    if let Some(s) = value.as_str() {
        return Some(Key::Str(s.into()));
    }
    if value.type_index() == ti::INT || value.type_index() == ti::BOOL {
        return value.as_int().map(Key::Int);
    }
    None
}

/// An immutable, insertion-ordered map from str or int keys to values (`FERRULE_TYPE_MAP`).
#[derive(Debug, Default)]
pub struct Map {
    keys: Vec<Any>,
    values: Vec<Any>,
    index: HashMap<Key, usize>,
}

impl Map {
    /// Builds a map; a repeated key keeps its first position and its last value.
    ///
    /// Errors: TypeError naming the position of a key that is neither a str nor an int.
    pub fn new(pairs: impl IntoIterator<Item = (Any, Any)>) -> Result<Map> {
        let mut map = Map::default();
        map.insert_all(pairs)?;
        Ok(map)
    }

    fn insert_all(&mut self, pairs: impl IntoIterator<Item = (Any, Any)>) -> Result<()> {
        let map = self;
        for (pos, (k, v)) in pairs.into_iter().enumerate() {
            let key = key_of(&k).ok_or_else(|| {
                Error::type_error(format!("Map key at position {pos} must be str or int, got {}", k.type_name()))
            })?;
            match map.index.get(&key) {
                Some(&i) => map.values[i] = v,
                None => {
                    map.index.insert(key, map.keys.len());
                    map.keys.push(k);
                    map.values.push(v);
                }
            }
        }
        Ok(())
    }

    /// [`Map::new`] over `keys[i] -> values[i]`, with its tables allocated fallibly (the count
    /// comes from a caller). Errors: MemoryError naming `what` when an allocation fails; as
    /// [`Map::new`] otherwise.
    pub fn try_from_slices(keys: &[Any], values: &[Any], what: &str) -> Result<Map> {
        let n = keys.len().min(values.len());
        let oom = || Error::out_of_memory(what, n.saturating_mul(2 * std::mem::size_of::<Any>()));
        let mut map = Map::default();
        map.keys.try_reserve_exact(n).map_err(|_| oom())?;
        map.values.try_reserve_exact(n).map_err(|_| oom())?;
        map.index.try_reserve(n).map_err(|_| oom())?;
        for pos in 0..n {
            checked_item(&keys[pos], &format!("{what}: 'keys'"), pos)?;
            checked_item(&values[pos], &format!("{what}: 'values'"), pos)?;
        }
        map.insert_all(keys[..n].iter().cloned().zip(values[..n].iter().cloned()))?;
        Ok(map)
    }

    /// The value under `key`.
    pub fn get(&self, key: &Any) -> Option<&Any> {
        key_of(key).and_then(|k| self.index.get(&k)).map(|&i| &self.values[i])
    }

    /// The value under a string key.
    pub fn get_str(&self, key: &str) -> Option<&Any> {
        self.index.get(&Key::Str(key.into())).map(|&i| &self.values[i])
    }

    /// The keys in insertion order.
    pub fn keys(&self) -> &[Any] {
        &self.keys
    }

    /// The values in insertion order.
    pub fn values(&self) -> &[Any] {
        &self.values
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl ObjectType for Map {
    const TYPE_INDEX: i32 = ti::MAP;
}
