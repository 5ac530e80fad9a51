//! Immutable containers of values: `Array` (a list) and `Map` (an insertion-ordered dict).

use std::collections::HashMap;

use ferrule_sys::type_index as ti;

use crate::any::{check_raw, Any};
use crate::error::{Error, Result};
use crate::object::ObjectType;

/// `item` (at `pos` among what a caller handed over) if it is well-formed as far as can be
/// checked; a TypeError naming `what` and the position otherwise.
fn checked_item<'a>(item: &'a Any, what: &str, pos: usize) -> Result<&'a Any> {
    checked_item_of(item, what, "", pos)
}

/// [`checked_item`] for one of a map's lists: the message names `what: 'list'` (`list` is
/// `keys` or `values`), written only when there is an error.
fn checked_item_of<'a>(item: &'a Any, what: &str, list: &str, pos: usize) -> Result<&'a Any> {
    check_raw(item.as_raw()).map_err(|problem| {
        let list = if list.is_empty() { String::new() } else { format!(": '{list}'") };
        Error::type_error(format!("{what}{list}: item {pos} is {problem}"))
    })?;
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

/// A map key borrowed from a value, compared without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyRef<'a> {
    Int(i64),
    Str(&'a str),
}

impl KeyRef<'_> {
    fn owned(self) -> Key {
        match self {
            KeyRef::Int(i) => Key::Int(i),
            KeyRef::Str(s) => Key::Str(s.into()),
        }
    }
}

fn key_of(value: &Any) -> Option<KeyRef<'_>> {
    if let Some(s) = value.as_str() {
        return Some(KeyRef::Str(s));
    }
    if value.type_index() == ti::INT || value.type_index() == ti::BOOL {
        return value.as_int().map(KeyRef::Int);
    }
    None
}

/// Maps of up to this many entries have no hash index: a lookup compares the keys in turn, which
/// for so few costs less than hashing, and making the map allocates no table (the index encoding's
/// `{"slice": [start, stop, step]}` is made for every `x[1:3]`).
const SMALL_MAP: usize = 8;

/// An immutable, insertion-ordered map from str or int keys to values (`FERRULE_TYPE_MAP`).
#[derive(Debug, Default)]
pub struct Map {
    keys: Vec<Any>,
    values: Vec<Any>,
    /// Key -> position, kept only beyond [`SMALL_MAP`] entries.
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
            match map.position(key) {
                Some(i) => map.values[i] = v,
                None => {
                    if map.keys.len() >= SMALL_MAP {
                        if map.index.is_empty() {
                            // the map outgrows the linear scan: index every key so far
                            for (i, old) in map.keys.iter().enumerate() {
                                if let Some(k) = key_of(old) {
                                    map.index.insert(k.owned(), i); // (every stored key is a str or an int)
                                }
                            }
                        }
                        map.index.insert(key.owned(), map.keys.len());
                    }
                    map.keys.push(k);
                    map.values.push(v);
                }
            }
        }
        Ok(())
    }

    /// Where `key` is: a scan of the keys up to [`SMALL_MAP`] entries, the index beyond.
    fn position(&self, key: KeyRef<'_>) -> Option<usize> {
        if self.keys.len() <= SMALL_MAP {
            return self.keys.iter().position(|k| key_of(k) == Some(key));
        }
        self.index.get(&key.owned()).copied()
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
        if n > SMALL_MAP {
            map.index.try_reserve(n).map_err(|_| oom())?;
        }
        for pos in 0..n {
            // (the messages are written only on an error: this runs for every map made, `x[1:3]`'s slice included)
            checked_item_of(&keys[pos], what, "keys", pos)?;
            checked_item_of(&values[pos], what, "values", pos)?;
        }
        map.insert_all(keys[..n].iter().cloned().zip(values[..n].iter().cloned()))?;
        Ok(map)
    }

    /// The value under `key`.
    pub fn get(&self, key: &Any) -> Option<&Any> {
        key_of(key).and_then(|k| self.position(k)).map(|i| &self.values[i])
    }

    /// The value under a string key.
    pub fn get_str(&self, key: &str) -> Option<&Any> {
        self.position(KeyRef::Str(key)).map(|i| &self.values[i])
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

#[cfg(test)]
mod tests {
    use super::*;

    fn map_of(n: i64) -> Map {
        // str keys "k0".., int keys 0.., then "k0" again with a new value (a repeated key keeps its place)
        let mut pairs: Vec<(Any, Any)> = (0..n).map(|i| (Any::from(format!("k{i}").as_str()), Any::from(i))).collect();
        pairs.extend((0..n).map(|i| (Any::from(i), Any::from(100 + i))));
        pairs.push((Any::from("k0"), Any::from(-1i64)));
        Map::new(pairs).unwrap()
    }

    #[test]
    fn small_and_indexed_maps_find_the_same_keys() {
        for n in [1, 3, 4, 5, 20] {
            let map = map_of(n);
            assert_eq!(map.len(), 2 * n as usize, "n = {n}");
            assert_eq!(map.get_str("k0").and_then(Any::as_int), Some(-1));
            for i in 1..n {
                assert_eq!(map.get_str(&format!("k{i}")).and_then(Any::as_int), Some(i));
                assert_eq!(map.get(&Any::from(i)).and_then(Any::as_int), Some(100 + i));
            }
            assert!(map.get_str("missing").is_none());
            assert!(map.get(&Any::from(n)).is_none());
            assert_eq!(map.keys()[0].as_str(), Some("k0")); // insertion order
        }
    }
}
