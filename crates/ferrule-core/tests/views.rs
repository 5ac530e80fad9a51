//! Property tests: every view agrees with a naive reference computed from `to_vec` indices.

use ferrule_core::tensor::for_each_offset;
use ferrule_core::{contiguous_strides, DType, Device, ErrorKind, Storage, Tensor};
use proptest::prelude::*;
use std::sync::Arc;

/// A tensor of `shape` whose element at flat C-order position `i` is `i`.
fn arange(shape: &[i64]) -> Tensor {
    let n: i64 = shape.iter().product();
    Tensor::from_slice(&(0..n).collect::<Vec<i64>>(), shape).unwrap()
}

/// The flat C-order position of a multi-index.
fn flat(index: &[i64], shape: &[i64]) -> i64 {
    index.iter().zip(contiguous_strides(shape)).map(|(i, s)| i * s).sum()
}

/// Every multi-index of `shape` in C order.
fn indices(shape: &[i64]) -> Vec<Vec<i64>> {
    let mut all = vec![vec![]];
    for &dim in shape {
        all = all.into_iter().flat_map(|prefix| (0..dim).map(move |i| [prefix.clone(), vec![i]].concat())).collect();
    }
    all
}

/// What Python's `range(n)[start:stop:step]` yields, computed by walking instead of formulas.
fn python_slice(n: i64, start: Option<i64>, stop: Option<i64>, step: i64) -> Vec<i64> {
    let norm = |i: i64| if i < 0 { i + n } else { i };
    let mut out = Vec::new();
    if step > 0 {
        let mut i = start.map_or(0, norm).max(0);
        let end = stop.map_or(n, norm).min(n);
        while i < end {
            out.push(i);
            i += step;
        }
    } else {
        let mut i = start.map_or(n - 1, norm).min(n - 1);
        let end = stop.map_or(-1, norm).max(-1);
        while i > end {
            out.push(i);
            i += step;
        }
    }
    out
}

fn shape_strategy() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(0i64..5, 0..5)
}

fn nonempty_shape_strategy() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(1i64..5, 1..5)
}

proptest! {
    #[test]
    fn slicing_matches_python(
        shape in nonempty_shape_strategy(),
        axis_seed in any::<usize>(),
        start in prop::option::of(-8i64..8),
        stop in prop::option::of(-8i64..8),
        step in prop_oneof![-4i64..=-1, 1i64..=4],
    ) {
        let axis = axis_seed % shape.len();
        let t = arange(&shape);
        let s = t.slice(axis, start, stop, step).unwrap();
        let picked = python_slice(shape[axis], start, stop, step);
        prop_assert_eq!(s.shape()[axis], picked.len() as i64);
        prop_assert!(s.shares_memory_with(&t));
        let expected: Vec<i64> = indices(s.shape()).iter().map(|index| {
            let mut source = index.clone();
            source[axis] = picked[index[axis] as usize];
            flat(&source, &shape)
        }).collect();
        prop_assert_eq!(s.to_vec::<i64>().unwrap(), expected);
    }

    #[test]
    fn permute_then_contiguous_is_a_transpose(shape in shape_strategy(), seed in any::<u64>()) {
        let mut axes: Vec<usize> = (0..shape.len()).collect();
        let mut state = seed;
        for i in (1..axes.len()).rev() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            axes.swap(i, (state >> 33) as usize % (i + 1));
        }
        let p = arange(&shape).permute(&axes).unwrap();
        let c = p.contiguous().unwrap();
        prop_assert!(c.is_contiguous());
        let expected: Vec<i64> = indices(p.shape()).iter().map(|index| {
            let mut source = vec![0; shape.len()];
            for (k, &axis) in axes.iter().enumerate() {
                source[axis] = index[k];
            }
            flat(&source, &shape)
        }).collect();
        prop_assert_eq!(c.to_vec::<i64>().unwrap(), expected.clone());
        prop_assert_eq!(p.to_vec::<i64>().unwrap(), expected);
    }

    #[test]
    fn reshape_keeps_c_order(shape in shape_strategy(), split in any::<usize>(), flip in any::<bool>()) {
        let base = arange(&shape);
        // Flipping the first axis makes some reshapes impossible as views.
        let t = if flip && !shape.is_empty() { base.slice(0, None, None, -1).unwrap() } else { base };
        let values = t.to_vec::<i64>().unwrap();
        let n = values.len() as i64;
        let divisors: Vec<i64> = (1..=n.max(1)).filter(|d| n % d == 0).collect();
        let d = divisors[split % divisors.len()];
        for new_shape in [vec![d, -1], vec![-1], vec![1, d, 1, -1]] {
            let r = t.reshape(&new_shape).unwrap();
            prop_assert_eq!(r.numel(), n);
            prop_assert_eq!(r.to_vec::<i64>().unwrap(), values.clone());
        }
    }

    #[test]
    fn broadcast_repeats_elements(shape in shape_strategy(), lead in prop::collection::vec(0i64..4, 0..3), seed in any::<u64>()) {
        // Collapse some dims of the source to 1 so they broadcast.
        let source_shape: Vec<i64> = shape.iter().enumerate()
            .map(|(i, &d)| if seed >> i & 1 == 1 { 1 } else { d }).collect();
        let target: Vec<i64> = lead.iter().chain(&shape).copied().collect();
        let b = arange(&source_shape).broadcast_to(&target).unwrap();
        prop_assert_eq!(b.shape(), &target[..]);
        let offset = lead.len();
        let expected: Vec<i64> = indices(&target).iter().map(|index| {
            let source: Vec<i64> = source_shape.iter().enumerate()
                .map(|(i, &d)| if d == 1 { 0 } else { index[offset + i] }).collect();
            flat(&source, &source_shape)
        }).collect();
        prop_assert_eq!(b.to_vec::<i64>().unwrap(), expected);
    }

    #[test]
    fn for_each_offset_matches_index_arithmetic(shape in shape_strategy(), strides in prop::collection::vec(-6i64..6, 4)) {
        let strides = &strides[..shape.len().min(4)];
        let shape = &shape[..strides.len()];
        let mut seen = Vec::new();
        for_each_offset(shape, strides, |o| seen.push(o));
        let expected: Vec<i64> = indices(shape).iter()
            .map(|index| index.iter().zip(strides).map(|(i, s)| i * s).sum()).collect();
        prop_assert_eq!(seen, expected);
    }

    #[test]
    fn from_storage_accepts_exactly_the_in_bounds_views(
        nbytes in 0usize..64,
        shape in prop::collection::vec(0i64..4, 0..3),
        strides in prop::collection::vec(-5i64..5, 3),
        offset in -2i64..16,
    ) {
        let strides = strides[..shape.len()].to_vec();
        let storage = Arc::new(Storage::zeroed(nbytes, Device::CPU).unwrap());
        let itemsize = 4i64;
        let mut reachable = Vec::new();
        for_each_offset(&shape, &strides, |o| reachable.push(offset + o));
        let in_bounds = offset >= 0
            && reachable.iter().all(|&o| o >= 0 && (o + 1) * itemsize <= nbytes as i64);
        // SAFETY: zeroed memory is valid float32.
        let result = unsafe { Tensor::from_storage(storage, shape.clone(), strides.clone(), offset, DType::Float32) };
        prop_assert_eq!(result.is_ok(), in_bounds, "{:?} {:?} {}", shape, strides, offset);
        match result {
            Ok(t) => prop_assert_eq!(t.to_vec::<f32>().unwrap().len(), reachable.len()),
            Err(e) => prop_assert_eq!(e.kind, ErrorKind::ValueError),
        }
    }

    #[test]
    fn select_and_squeeze_agree_with_slicing(shape in nonempty_shape_strategy(), axis_seed in any::<usize>(), index_seed in any::<i64>()) {
        let axis = axis_seed % shape.len();
        let index = index_seed.rem_euclid(2 * shape[axis]) - shape[axis];
        let t = arange(&shape);
        let selected = t.select(axis, index).unwrap();
        let sliced = t.slice(axis, Some(index), Some(index + 1).filter(|&s| s != 0), 1).unwrap();
        let squeezed = sliced.squeeze(Some(&[axis])).unwrap();
        prop_assert_eq!(selected.shape(), squeezed.shape());
        prop_assert_eq!(selected.to_vec::<i64>().unwrap(), squeezed.to_vec::<i64>().unwrap());
        let restored = selected.expand_dims(axis).unwrap();
        prop_assert_eq!(restored.to_vec::<i64>().unwrap(), sliced.to_vec::<i64>().unwrap());
    }
}
