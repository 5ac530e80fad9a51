//! sort, argsort, searchsorted and unique_* against reference implementations on every dtype.

mod support;

use std::cmp::Ordering;

use ferrule_core::{DType, Element, ErrorKind, Tensor};
use ferrule_ops::dispatch::Elem;
use ferrule_ops::search::searchsorted;
use ferrule_ops::set::*;
use ferrule_ops::sort::{argsort, sort};
use ferrule_ops::{Operand, Scalar};
use proptest::prelude::*;
use support::*;

/// A sort key written independently of the kernels: exact for ints, (NaN class, re, im) for floats.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Key {
    Int(i128),
    Float(u8, f64, f64),
}

impl Key {
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::Int(a), Key::Int(b)) => a.cmp(b),
            (Key::Float(ca, ra, ia), Key::Float(cb, rb, ib)) => {
                ca.cmp(cb).then(ra.partial_cmp(rb).unwrap()).then(ia.partial_cmp(ib).unwrap())
            }
            _ => unreachable!(),
        }
    }
    fn is_nan(&self) -> bool {
        matches!(self, Key::Float(c, ..) if *c > 0)
    }
}

fn keys(t: &Tensor) -> Vec<Key> {
    ferrule_ops::dispatch_all!(t.dtype(), T => {
        t.to_vec::<T>().unwrap().into_iter().map(|v| {
            let d = T::DTYPE;
            if d.is_bool() || d.is_signed_integer() {
                Key::Int(v.to_i64() as i128)
            } else if d.is_unsigned_integer() {
                Key::Int(v.to_u64() as i128)
            } else {
                let c = v.to_c64();
                let (rn, inn) = (c.re.is_nan(), c.im.is_nan());
                let z = |x: f64, nan: bool| if nan || x == 0.0 { 0.0 } else { x };
                Key::Float(rn as u8 * 2 + inn as u8, z(c.re, rn), z(c.im, inn))
            }
        }).collect()
    })
}

/// Values drawn from a small set with ties, signed zeros, infinities and NaN (complex too).
fn tie_tensor(shape: &[i64], dtype: DType, seed: u64) -> Tensor {
    let n: i64 = shape.iter().product();
    let pool = [-2.0, -1.0, -0.0, 0.0, 1.0, 2.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    let mut s = seed | 1;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    ferrule_ops::dispatch_all!(dtype, T => {
        let v: Vec<T> = (0..n).map(|_| {
            let r = next();
            if dtype.is_complex() {
                let re = pool[(r % 9) as usize];
                let im = pool[((r >> 8) % 9) as usize];
                T::from_c64(num_complex::Complex::new(re, im))
            } else if dtype.is_floating() {
                T::from_f64(pool[(r % 9) as usize])
            } else {
                T::from_i64((r % 7) as i64 - 3)
            }
        }).collect();
        Tensor::from_slice(&v, shape).unwrap()
    })
}

/// A stable reference argsort of `k` along the last axis of contiguous rows of length `len`.
fn ref_argsort_rows(k: &[Key], len: usize, descending: bool) -> Vec<i64> {
    let mut out = Vec::new();
    if len == 0 {
        return out;
    }
    for row in k.chunks(len) {
        let mut idx: Vec<usize> = (0..len).collect();
        idx.sort_by(|&a, &b| if descending { row[b].cmp(&row[a]) } else { row[a].cmp(&row[b]) });
        out.extend(idx.into_iter().map(|i| i as i64));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 1 << 20, ..ProptestConfig::default() })]

    #[test]
    fn sort_and_argsort_match_reference(shape in any_shape(3), dtype in any_dtype(), seed: u64, axis in 0usize..3,
                                        descending: bool, stable: bool, layout in any_layout()) {
        prop_assume!(!shape.is_empty());
        let axis = axis % shape.len();
        let base = tie_tensor(&shape, dtype, seed);
        let x = match layout {
            Layout::Reversed => ferrule_ops::manipulate::flip(&ferrule_ops::manipulate::flip(&base, None).unwrap().copy().unwrap(), None).unwrap(),
            Layout::Transposed => {
                let order: Vec<usize> = (0..shape.len()).rev().collect();
                base.permute(&order).unwrap().copy().unwrap().permute(&order).unwrap()
            }
            _ => base,
        };
        // Reference: move the axis last, sort rows, move back.
        let last = shape.len() - 1;
        let moved = x.transpose(axis, last).unwrap().copy().unwrap();
        let len = shape[axis] as usize;
        let kk = keys(&moved);
        let order = ref_argsort_rows(&kk, len, descending);
        let mrows = Ref::of(&moved);
        let sorted_items: Vec<Vec<u8>> = order.iter().enumerate().map(|(p, &i)| {
            let row = p / len.max(1);
            mrows.items[row * len + i as usize].clone()
        }).collect();
        let want_sorted = Tensor::from_bytes(&sorted_items.concat(), moved.shape(), dtype).unwrap().transpose(axis, last).unwrap();
        let got = sort(&x, axis as i64, descending, stable).unwrap();
        prop_assert!(got.is_contiguous());
        let want_keys = keys(&want_sorted.copy().unwrap());
        let got_keys = keys(&got);
        prop_assert_eq!(got_keys.len(), want_keys.len());
        for (g, w) in got_keys.iter().zip(&want_keys) {
            prop_assert!(g.cmp(w) == Ordering::Equal, "{:?} vs {:?}", g, w);
        }
        if stable {
            assert_matches(&got, &Ref::of(&want_sorted));
        }
        let idx = argsort(&x, axis as i64, descending, stable).unwrap();
        prop_assert_eq!(idx.dtype(), DType::Int64);
        if stable {
            let want_idx = Tensor::from_slice(&order, moved.shape()).unwrap().transpose(axis, last).unwrap();
            prop_assert_eq!(i64s(&idx), i64s(&want_idx));
        } else {
            // Any valid permutation that sorts.
            let taken = ferrule_ops::index::take_along_axis(&x, &idx, axis as i64).unwrap();
            let tk = keys(&taken);
            for (g, w) in tk.iter().zip(&want_keys) {
                prop_assert!(g.cmp(w) == Ordering::Equal);
            }
        }
    }

    #[test]
    fn unique_matches_reference(shape in any_shape(3), dtype in any_dtype(), seed: u64) {
        let x = tie_tensor(&shape, dtype, seed);
        let k = keys(&x);
        // Reference groups: stable sort, merge equal non-NaN keys.
        let mut order: Vec<usize> = (0..k.len()).collect();
        order.sort_by(|&a, &b| k[a].cmp(&k[b]));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in &order {
            match groups.last_mut() {
                Some(g) if !k[i].is_nan() && k[g[0]].cmp(&k[i]) == Ordering::Equal => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let all = unique_all(&x).unwrap();
        prop_assert_eq!(all.len(), 4);
        let values = keys(&all[0]);
        prop_assert_eq!(values.len(), groups.len());
        for (v, g) in values.iter().zip(&groups) {
            prop_assert!(v.cmp(&k[g[0]]) == Ordering::Equal);
        }
        prop_assert_eq!(i64s(&all[1]), groups.iter().map(|g| g[0] as i64).collect::<Vec<_>>());
        let mut inverse = vec![0i64; k.len()];
        for (gi, g) in groups.iter().enumerate() {
            for &i in g { inverse[i] = gi as i64; }
        }
        prop_assert_eq!(all[2].shape(), x.shape());
        prop_assert_eq!(i64s(&all[2]), inverse.clone());
        prop_assert_eq!(i64s(&all[3]), groups.iter().map(|g| g.len() as i64).collect::<Vec<_>>());
        let uv = unique_values(&x).unwrap();
        prop_assert_eq!(keys(&uv).len(), values.len());
        let uc = unique_counts(&x).unwrap();
        prop_assert_eq!(i64s(&uc[1]), i64s(&all[3]));
        let ui = unique_inverse(&x).unwrap();
        prop_assert_eq!(i64s(&ui[1]), inverse);
        prop_assert_eq!(uv.dtype(), dtype);
    }

    #[test]
    fn searchsorted_matches_reference(n in 0i64..12, m in 0i64..6, dtype in any_dtype(), seed: u64, right: bool) {
        let hay = sort(&tie_tensor(&[n], dtype, seed), -1, false, true).unwrap();
        let needles = tie_tensor(&[m], dtype, seed ^ 99);
        let side = if right { "right" } else { "left" };
        let got = searchsorted(&hay, &Operand::Tensor(needles.clone()), side, None).unwrap();
        let (hk, nk) = (keys(&hay), keys(&needles));
        let want: Vec<i64> = nk.iter().map(|v| hk.iter().filter(|h| match h.cmp(v) {
            Ordering::Less => true,
            Ordering::Equal => right,
            Ordering::Greater => false,
        }).count() as i64).collect();
        prop_assert_eq!(i64s(&got), want.clone());
        // With a sorter over the unsorted input.
        let raw = tie_tensor(&[n], dtype, seed);
        let sorter = argsort(&raw, -1, false, true).unwrap();
        let got = searchsorted(&raw, &Operand::Tensor(needles), side, Some(&sorter)).unwrap();
        prop_assert_eq!(i64s(&got), want);
    }
}

#[test]
fn sort_examples() {
    let x = f64t(&[3.0, f64::NAN, 1.0, -0.0, 0.0, f64::NEG_INFINITY], &[6]);
    let s = sort(&x, -1, false, true).unwrap().to_vec::<f64>().unwrap();
    assert_eq!(format!("{s:?}"), "[-inf, -0.0, 0.0, 1.0, 3.0, NaN]");
    let d = sort(&x, 0, true, true).unwrap().to_vec::<f64>().unwrap();
    assert_eq!(format!("{d:?}"), "[NaN, 3.0, 1.0, -0.0, 0.0, -inf]");
    let ties = t64(&[1, 3, 1, 3, 2], &[5]);
    assert_eq!(i64s(&argsort(&ties, -1, true, true).unwrap()), [1, 3, 4, 0, 2]);
    assert_eq!(i64s(&argsort(&ties, -1, false, true).unwrap()), [0, 2, 4, 1, 3]);
    let m = t64(&[3, 1, 2, 0, 5, 4], &[2, 3]);
    assert_eq!(i64s(&sort(&m, 0, false, true).unwrap()), [0, 1, 2, 3, 5, 4]);
    assert_eq!(i64s(&argsort(&m, 1, false, false).unwrap()), [1, 2, 0, 0, 2, 1]);
    assert_eq!(i64s(&sort(&Tensor::scalar(4i64), -1, false, true).unwrap()), [4]);
    assert_err(sort(&m, 2, false, true), ErrorKind::ValueError, &["sort() argument 'axis'"]);
    assert_err(argsort(&m, -3, false, true), ErrorKind::ValueError, &["argsort() argument 'axis'"]);
}

#[test]
fn large_sorts_use_the_parallel_paths() {
    let n = 200_000i64;
    let v: Vec<f32> = (0..n).map(|i| ((i * 7919) % 1000) as f32 - if i % 97 == 0 { f32::NAN } else { 0.0 }).collect();
    let x = Tensor::from_slice(&v, &[n]).unwrap();
    for descending in [false, true] {
        let s = sort(&x, -1, descending, true).unwrap().to_vec::<f32>().unwrap();
        let mut want = v.clone();
        want.sort_by(|a, b| {
            let o = match (a.is_nan(), b.is_nan()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => a.partial_cmp(b).unwrap(),
            };
            if descending {
                o.reverse()
            } else {
                o
            }
        });
        assert_eq!(format!("{s:?}"), format!("{want:?}"));
        let idx = i64s(&argsort(&x, -1, descending, true).unwrap());
        let mut w: Vec<usize> = (0..n as usize).collect();
        w.sort_by(|&a, &b| {
            let (a, b) = (v[a], v[b]);
            let o = match (a.is_nan(), b.is_nan()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => a.partial_cmp(&b).unwrap(),
            };
            if descending {
                o.reverse()
            } else {
                o
            }
        });
        assert!(idx.iter().zip(&w).all(|(&a, &b)| a as usize == b));
    }
    let rows = Tensor::from_slice(&v, &[400, 500]).unwrap();
    let s = sort(&rows, 1, false, false).unwrap().to_vec::<f32>().unwrap();
    for row in s.chunks(500) {
        assert!(row.windows(2).all(|w| w[0] <= w[1] || w[1].is_nan()));
    }
    let u = unique_counts(&x).unwrap();
    let total: i64 = i64s(&u[1]).iter().sum();
    assert_eq!(total, n);
}

#[test]
fn unique_nan_and_zero_semantics() {
    let x = f64t(&[f64::NAN, 1.0, -0.0, f64::NAN, 0.0, 1.0], &[2, 3]);
    let all = unique_all(&x).unwrap();
    assert_eq!(format!("{:?}", all[0].to_vec::<f64>().unwrap()), "[-0.0, 1.0, NaN, NaN]");
    assert_eq!(i64s(&all[1]), [2, 1, 0, 3]);
    assert_eq!(all[2].shape(), [2, 3]);
    assert_eq!(i64s(&all[2]), [2, 1, 0, 3, 0, 1]);
    assert_eq!(i64s(&all[3]), [2, 2, 1, 1]);
    let empty = unique_all(&Tensor::zeros(&[0, 2], DType::Int8).unwrap()).unwrap();
    assert_eq!(empty[0].shape(), [0]);
    assert_eq!(empty[2].shape(), [0, 2]);
    assert_eq!(i64s(&unique_values(&Tensor::scalar(5i64)).unwrap()), [5]);
}

#[test]
fn searchsorted_promotes_and_checks() {
    let hay = Tensor::from_slice(&[1i32, 2, 2, 3], &[4]).unwrap();
    let got = searchsorted(&hay, &Operand::Scalar(Scalar::Float(2.5)), "left", None).unwrap();
    assert_eq!(got.shape(), [] as [i64; 0]);
    assert_eq!(i64s(&got), [3]);
    let got = searchsorted(&hay, &Operand::Tensor(t64(&[2, 9, 0], &[3, 1])), "right", None).unwrap();
    assert_eq!(got.shape(), [3, 1]);
    assert_eq!(i64s(&got), [3, 4, 0]);
    assert_err(
        searchsorted(&t64(&[1, 2], &[1, 2]), &Operand::Scalar(Scalar::Int(1)), "left", None),
        ErrorKind::ValueError,
        &["searchsorted() argument 'x1'", "1-D"],
    );
    assert_err(
        searchsorted(&hay, &Operand::Scalar(Scalar::Int(1)), "middle", None),
        ErrorKind::ValueError,
        &["'side'", "middle"],
    );
    assert_err(
        searchsorted(&hay, &Operand::Scalar(Scalar::Int(1)), "left", Some(&t64(&[0], &[1]))),
        ErrorKind::ValueError,
        &["'sorter'"],
    );
    assert_err(
        searchsorted(&hay, &Operand::Scalar(Scalar::Int(1)), "left", Some(&t64(&[0, 1, 2, 9], &[4]))),
        ErrorKind::IndexError,
        &["'sorter'", "index 9"],
    );
}
