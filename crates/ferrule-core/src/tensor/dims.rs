//! `Dims`: a tensor's shape or strides, stored inline up to [`INLINE_DIMS`] entries.
//!
//! Creating, cloning and viewing tensors happens on every operator call; keeping the usual
//! handful of dims inside the `Tensor` saves two heap allocations per tensor.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// How many dims live inline before `Dims` moves to the heap.
pub const INLINE_DIMS: usize = 4;

/// A list of `i64` (a shape or strides), inline when short. Dereferences to `[i64]`.
#[derive(Clone)]
pub enum Dims {
    /// `len` entries at the front of `buf`.
    Inline {
        /// Number of entries in use.
        len: u8,
        /// Storage; entries past `len` are zero and unused.
        buf: [i64; INLINE_DIMS],
    },
    /// More than [`INLINE_DIMS`] entries.
    Heap(Box<[i64]>),
}

impl Dims {
    /// `n` zeros.
    pub fn zeroed(n: usize) -> Dims {
        if n <= INLINE_DIMS {
            Dims::Inline { len: n as u8, buf: [0; INLINE_DIMS] }
        } else {
            Dims::Heap(vec![0; n].into_boxed_slice())
        }
    }
}

impl Dims {
    /// Removes and returns entry `i`, shifting the rest left. Panics if `i` is out of range.
    pub fn remove(&mut self, i: usize) -> i64 {
        if let Dims::Inline { len, buf } = self {
            let n = *len as usize;
            assert!(i < n, "Dims::remove: index {i} past length {n}");
            let x = buf[i];
            buf.copy_within(i + 1..n, i);
            buf[n - 1] = 0; // (entries past `len` stay zero)
            *len -= 1;
            return x;
        }
        let mut v = self.to_vec();
        let x = v.remove(i);
        *self = Dims::from(v);
        x
    }

    /// Inserts `x` before entry `i`. Panics if `i > len`.
    pub fn insert(&mut self, i: usize, x: i64) {
        match self {
            Dims::Inline { len, buf } if (*len as usize) < INLINE_DIMS => {
                let n = *len as usize;
                assert!(i <= n, "Dims::insert: index {i} past length {n}");
                buf.copy_within(i..n, i + 1);
                buf[i] = x;
                *len += 1;
            }
            _ => {
                let mut v = self.to_vec();
                v.insert(i, x);
                *self = Dims::from(v);
            }
        }
    }

    /// Appends `x` (the end of [`Dims::insert`]).
    pub fn push(&mut self, x: i64) {
        let n = self.len();
        self.insert(n, x);
    }
}

impl FromIterator<i64> for Dims {
    fn from_iter<I: IntoIterator<Item = i64>>(iter: I) -> Dims {
        let mut buf = [0; INLINE_DIMS];
        let mut iter = iter.into_iter();
        for n in 0..INLINE_DIMS {
            match iter.next() {
                Some(x) => buf[n] = x,
                None => return Dims::Inline { len: n as u8, buf },
            }
        }
        match iter.next() {
            None => Dims::Inline { len: INLINE_DIMS as u8, buf },
            Some(x) => {
                let mut v = buf.to_vec();
                v.push(x);
                v.extend(iter);
                Dims::Heap(v.into_boxed_slice())
            }
        }
    }
}

impl<'a> IntoIterator for &'a Dims {
    type Item = &'a i64;
    type IntoIter = std::slice::Iter<'a, i64>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Deref for Dims {
    type Target = [i64];
    #[inline]
    fn deref(&self) -> &[i64] {
        match self {
            Dims::Inline { len, buf } => &buf[..*len as usize],
            Dims::Heap(v) => v,
        }
    }
}

impl DerefMut for Dims {
    #[inline]
    fn deref_mut(&mut self) -> &mut [i64] {
        match self {
            Dims::Inline { len, buf } => &mut buf[..*len as usize],
            Dims::Heap(v) => v,
        }
    }
}

impl From<&[i64]> for Dims {
    #[inline]
    fn from(s: &[i64]) -> Dims {
        if s.len() <= INLINE_DIMS {
            let mut buf = [0; INLINE_DIMS];
            buf[..s.len()].copy_from_slice(s);
            Dims::Inline { len: s.len() as u8, buf }
        } else {
            Dims::Heap(s.into())
        }
    }
}

impl From<Vec<i64>> for Dims {
    #[inline]
    fn from(v: Vec<i64>) -> Dims {
        if v.len() <= INLINE_DIMS {
            Dims::from(&v[..])
        } else {
            Dims::Heap(v.into_boxed_slice())
        }
    }
}

impl PartialEq for Dims {
    fn eq(&self, other: &Dims) -> bool {
        **self == **other
    }
}

impl Eq for Dims {}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_and_heap_agree() {
        for n in 0..=INLINE_DIMS + 3 {
            let v: Vec<i64> = (0..n as i64).map(|i| i * 7 - 3).collect();
            let a = Dims::from(&v[..]);
            let b = Dims::from(v.clone());
            assert_eq!(&*a, &v[..]);
            assert_eq!(a, b);
            assert_eq!(matches!(a, Dims::Inline { .. }), n <= INLINE_DIMS);
            let mut c = Dims::zeroed(n);
            c.copy_from_slice(&v);
            assert_eq!(c.clone(), a);
            assert_eq!(format!("{a:?}"), format!("{v:?}"));
            assert_eq!(v.iter().copied().collect::<Dims>(), a);
            let mut pushed = Dims::zeroed(0);
            v.iter().for_each(|&x| pushed.push(x));
            assert_eq!(pushed, a);
            for i in 0..=n {
                let (mut d, mut w) = (a.clone(), v.clone());
                d.insert(i, 99);
                w.insert(i, 99);
                assert_eq!(&*d, &w[..]);
                assert_eq!(d.remove(i), 99);
                assert_eq!(d, a);
            }
        }
    }
}
