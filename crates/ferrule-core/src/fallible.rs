//! Fallible allocation of buffers whose length comes from input: a `MemoryError` instead of the
//! process abort that `Vec::with_capacity`, `vec![x; n]`, `collect` and `push` give when the
//! allocator says no.
//!
//! The rule in ferrule: any buffer whose length derives from user input (a shape, a repeat
//! count, an index array, the elements of a tensor) is allocated through one of these, so a
//! request that cannot be met becomes an error the caller sees (Python's `MemoryError`) and the
//! process lives on. Sizes whose byte count does not even fit in `isize` are `MemoryError`s
//! too (the allocator's own limit), as [`crate::Storage::zeroed`] reports them; element counts
//! that overflow in shape arithmetic are `OverflowError`s where the shape is computed.
//!
//! ```
//! use ferrule_core::fallible::{try_filled, FallibleCollect};
//! let counts = try_filled(3i64, 4)?;
//! let doubled = counts.iter().map(|c| c * 2).try_collect_vec()?;
//! assert_eq!(doubled, [6, 6, 6, 6]);
//! assert!(try_filled(0u64, usize::MAX / 2).is_err());
//! # Ok::<(), ferrule_core::Error>(())
//! ```

use std::collections::TryReserveError;

use crate::{Error, Result};

/// The `MemoryError` for a buffer of `count` elements of `T` that could not be allocated.
pub fn alloc_error<T>(count: usize) -> Error {
    match count.checked_mul(size_of::<T>()) {
        Some(bytes) => Error::memory_error(format!("failed to allocate {bytes} bytes")),
        None => Error::memory_error(format!("cannot allocate {count} elements of {} bytes", size_of::<T>())),
    }
}

fn reserve_error<T>(count: usize, _: TryReserveError) -> Error {
    alloc_error::<T>(count)
}

/// An empty `Vec` with room for exactly `capacity` elements.
#[inline]
pub fn try_with_capacity<T>(capacity: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(capacity).map_err(|e| reserve_error::<T>(capacity, e))?;
    Ok(v)
}

/// `vec![value; len]`.
#[inline]
pub fn try_filled<T: Clone>(value: T, len: usize) -> Result<Vec<T>> {
    let mut v = try_with_capacity(len)?;
    v.resize(len, value);
    Ok(v)
}

/// Makes room in `v` for `additional` more elements (exactly, no doubling).
#[inline]
pub fn try_reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<()> {
    v.try_reserve_exact(additional).map_err(|e| reserve_error::<T>(v.len().saturating_add(additional), e))
}

/// `v.push(x)`, growing the buffer fallibly (amortised doubling, as `push` does).
#[inline]
pub fn try_push<T>(v: &mut Vec<T>, x: T) -> Result<()> {
    if v.len() == v.capacity() {
        let grow = v.capacity().max(4);
        v.try_reserve(grow).map_err(|e| reserve_error::<T>(v.len().saturating_add(grow), e))?;
    }
    v.push(x);
    Ok(())
}

/// `v.extend_from_slice(xs)`.
#[inline]
pub fn try_extend_from_slice<T: Clone>(v: &mut Vec<T>, xs: &[T]) -> Result<()> {
    try_reserve(v, xs.len())?;
    v.extend_from_slice(xs);
    Ok(())
}

/// A count from shape arithmetic as a `usize` length; a negative count (which a checked shape
/// never has) is a `MemoryError` naming it rather than a wrap-around to a huge length.
#[inline]
pub fn len_of(count: i64) -> Result<usize> {
    usize::try_from(count).map_err(|_| Error::memory_error(format!("cannot allocate {count} elements")))
}

/// `collect` into a `Vec` with fallible allocation.
pub trait FallibleCollect: Iterator + Sized {
    /// Collects the items: room for the iterator's lower size bound is reserved up front (all
    /// of it for exact-size iterators), the rest grows fallibly.
    fn try_collect_vec(self) -> Result<Vec<Self::Item>> {
        let mut v = try_with_capacity(self.size_hint().0)?;
        for x in self {
            try_push(&mut v, x)?;
        }
        Ok(v)
    }
}

impl<I: Iterator> FallibleCollect for I {}

/// Collects an iterator of results into a `Vec`, stopping at the first error; the buffer grows
/// fallibly (`collect::<Result<Vec<_>>>()` without the abort).
pub fn try_collect_results<T, I: IntoIterator<Item = Result<T>>>(items: I) -> Result<Vec<T>> {
    let items = items.into_iter();
    let mut v = try_with_capacity(items.size_hint().0)?;
    for x in items {
        try_push(&mut v, x?)?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn impossible_sizes_are_memory_errors() {
        let huge = usize::MAX / 4;
        assert_eq!(try_with_capacity::<u64>(huge).unwrap_err().kind, ErrorKind::MemoryError);
        assert_eq!(try_filled(0u8, isize::MAX as usize).unwrap_err().kind, ErrorKind::MemoryError);
        let mut v = vec![1u32];
        assert_eq!(try_reserve(&mut v, huge).unwrap_err().kind, ErrorKind::MemoryError);
        assert_eq!(v, [1]);
        let err = (0..huge).map(|i| i as u64).try_collect_vec().unwrap_err();
        assert_eq!(err.kind, ErrorKind::MemoryError);
        assert!(err.message.contains("bytes"), "{}", err.message);
        assert_eq!(len_of(-1).unwrap_err().kind, ErrorKind::MemoryError);
        assert_eq!(alloc_error::<u64>(usize::MAX).kind, ErrorKind::MemoryError);
    }

    #[test]
    fn ordinary_sizes_work() {
        assert_eq!(try_filled(7i16, 3).unwrap(), [7, 7, 7]);
        let mut v = try_with_capacity::<i64>(2).unwrap();
        for i in 0..100 {
            try_push(&mut v, i).unwrap();
        }
        try_extend_from_slice(&mut v, &[5, 6]).unwrap();
        assert_eq!(v.len(), 102);
        assert_eq!(v[..3], [0, 1, 2]);
        let evens = (0..10).filter(|i| i % 2 == 0).try_collect_vec().unwrap();
        assert_eq!(evens, [0, 2, 4, 6, 8]);
        let ok: Result<Vec<i32>> = try_collect_results([Ok(1), Ok(2)]);
        assert_eq!(ok.unwrap(), [1, 2]);
        let bad = try_collect_results([Ok(1), Err(Error::value_error("no")), Ok(3)]);
        assert_eq!(bad.unwrap_err().kind, ErrorKind::ValueError);
        assert_eq!(len_of(5).unwrap(), 5);
    }
}
