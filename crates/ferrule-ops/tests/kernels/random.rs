//! The random generators (`ferrule_ops::random`): reference values, streams, distributions, permutations and choice.

use ferrule_core::{DType, ErrorKind, Tensor};

use ferrule_ops::operand::{Operand, Scalar};
use ferrule_ops::random::*;

#[test]
fn xoshiro_reference_values() {
    // State [1, 2, 3, 4] gives 11520, 0, 1509978240, 1215971899390074240 (the published
    // reference implementation's first outputs).
    let mut rng = Xoshiro256::from_state([1, 2, 3, 4]);
    let got: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    assert_eq!(got, [11520, 0, 1509978240, 1215971899390074240]);
}

#[test]
fn same_seed_same_numbers() {
    let a = uniform(0.0, 1.0, &[100], Some(42), None).unwrap();
    let b = uniform(0.0, 1.0, &[100], Some(42), None).unwrap();
    let c = uniform(0.0, 1.0, &[100], Some(43), None).unwrap();
    assert_eq!(a.to_vec::<f64>().unwrap(), b.to_vec::<f64>().unwrap());
    assert_ne!(a.to_vec::<f64>().unwrap(), c.to_vec::<f64>().unwrap());
    let n1 = normal(1.0, 2.0, &[3, 5], Some(7), Some(DType::Float32)).unwrap();
    let n2 = normal(1.0, 2.0, &[3, 5], Some(7), Some(DType::Float32)).unwrap();
    assert_eq!(n1.shape(), [3, 5]);
    assert_eq!(n1.to_vec::<f32>().unwrap(), n2.to_vec::<f32>().unwrap());
    let u1 = uniform(0.0, 1.0, &[8], None, None).unwrap();
    let u2 = uniform(0.0, 1.0, &[8], None, None).unwrap();
    assert_ne!(u1.to_vec::<f64>().unwrap(), u2.to_vec::<f64>().unwrap());
}

#[test]
fn uniform_range_and_moments() {
    let n = 200_000;
    let t = uniform(-2.0, 3.0, &[n], Some(1), None).unwrap();
    let v = t.to_vec::<f64>().unwrap();
    assert!(v.iter().all(|&x| (-2.0..3.0).contains(&x)));
    let mean = v.iter().sum::<f64>() / n as f64;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
    assert!((mean - 0.5).abs() < 0.02, "{mean}");
    assert!((var - 25.0 / 12.0).abs() < 0.03, "{var}");
    let t = uniform(0.0, 1.0, &[n], Some(2), Some(DType::Float32)).unwrap();
    assert!(t.to_vec::<f32>().unwrap().iter().all(|&x| (0.0..1.0).contains(&x)));
    // A degenerate interval gives `low`.
    let t = uniform(5.0, 5.0, &[3], Some(2), None).unwrap();
    assert_eq!(t.to_vec::<f64>().unwrap(), [5.0; 3]);
}

#[test]
fn normal_moments() {
    let n = 200_000;
    let v = normal(3.0, 2.0, &[n], Some(5), None).unwrap().to_vec::<f64>().unwrap();
    let mean = v.iter().sum::<f64>() / n as f64;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
    assert!((mean - 3.0).abs() < 0.02, "{mean}");
    assert!((var - 4.0).abs() < 0.05, "{var}");
    let odd = normal(0.0, 1.0, &[3], Some(5), None).unwrap();
    assert_eq!(odd.to_vec::<f64>().unwrap()[..2], v[..2].iter().map(|x| (x - 3.0) / 2.0).collect::<Vec<_>>()[..]);
}

#[test]
fn shapes_and_errors() {
    assert_eq!(uniform(0.0, 1.0, &[], Some(1), None).unwrap().shape(), [] as [i64; 0]);
    assert_eq!(uniform(0.0, 1.0, &[2, 0], Some(1), None).unwrap().numel(), 0);
    let err = uniform(0.0, 1.0, &[2], None, Some(DType::Int32)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.contains("random.uniform") && err.message.contains("dtype"));
    let err = normal(0.0, -1.0, &[2], None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("'scale'"));
    assert!(uniform(f64::NEG_INFINITY, 0.0, &[2], None, None).is_err());
    assert!(uniform(-f64::MAX, f64::MAX, &[2], None, None).is_err());
    let err = uniform(0.0, 1.0, &[-1], None, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("random.uniform") && err.message.contains("'shape'"));
}

#[test]
fn streams_are_distinct_and_stream_zero_is_the_seed() {
    let base = uniform(0.0, 1.0, &[16], Some(42), None).unwrap().to_vec::<f64>().unwrap();
    let zero = uniform_stream(0.0, 1.0, &[16], Some(42), None, 0).unwrap().to_vec::<f64>().unwrap();
    assert_eq!(base, zero);
    let one = uniform_stream(0.0, 1.0, &[16], Some(42), None, 1).unwrap().to_vec::<f64>().unwrap();
    let two = uniform_stream(0.0, 1.0, &[16], Some(42), None, 2).unwrap().to_vec::<f64>().unwrap();
    let other = uniform_stream(0.0, 1.0, &[16], Some(43), None, 1).unwrap().to_vec::<f64>().unwrap();
    assert_ne!(one, base);
    assert_ne!(one, two);
    assert_ne!(one, other);
    assert_eq!(one, uniform_stream(0.0, 1.0, &[16], Some(42), None, 1).unwrap().to_vec::<f64>().unwrap());
    let err = uniform_stream(0.0, 1.0, &[2], None, None, 3).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("random.uniform") && err.message.contains("'stream'"), "{}", err.message);
    // Negative ints reach the same 64 bits as the unsigned numbers a frontend holds.
    let a = Xoshiro256::from_seed_stream(u64::MAX, 1 << 63).next_u64();
    let b = uniform_stream(0.0, 1.0, &[1], Some(-1), None, i64::MIN).unwrap().to_vec::<f64>().unwrap()[0];
    assert_eq!((a >> 11) as f64 * (1.0 / (1u64 << 53) as f64), b);
}

#[test]
fn up_to_is_unbiased_and_in_range() {
    let mut rng = Xoshiro256::from_seed(9);
    let mut counts = [0u32; 3];
    for _ in 0..30_000 {
        counts[rng.up_to(2) as usize] += 1;
    }
    assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
    assert!((0..1000).all(|_| rng.up_to(0) == 0));
    // A range just above half of 2^64 rejects about half the draws; all stay below it.
    let last = (1u64 << 63) + 5;
    assert!((0..1000).all(|_| rng.up_to(last) <= last));
}

#[test]
fn integers_ranges_dtypes_and_errors() {
    let v = integers(-3, Some(4), &[10_000], false, Some(1), 0, None).unwrap().to_vec::<i64>().unwrap();
    assert!(v.iter().all(|x| (-3..4).contains(x)));
    for want in -3..4 {
        assert!(v.contains(&want), "{want}");
    }
    let v = integers(5, None, &[1000], true, Some(2), 0, Some(DType::UInt8)).unwrap().to_vec::<u8>().unwrap();
    assert!(v.iter().all(|&x| x <= 5) && v.contains(&5) && v.contains(&0));
    let full = integers(i64::MIN, Some(i64::MAX), &[4], true, Some(3), 0, None).unwrap();
    assert_eq!(full.shape(), [4]);
    let b = integers(0, Some(2), &[100], false, Some(3), 0, Some(DType::Bool)).unwrap().to_vec::<bool>().unwrap();
    assert!(b.contains(&true) && b.contains(&false));
    let err = integers(3, Some(3), &[2], false, Some(1), 0, None).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("random.integers") && err.message.contains("low >= high"), "{}", err.message);
    assert!(integers(3, Some(3), &[2], true, Some(1), 0, None).is_ok());
    let err = integers(0, Some(300), &[2], false, Some(1), 0, Some(DType::UInt8)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("'high'") && err.message.contains("uint8"), "{}", err.message);
    assert!(integers(0, Some(256), &[2], false, Some(1), 0, Some(DType::UInt8)).is_ok());
    let err = integers(-1, Some(3), &[2], false, Some(1), 0, Some(DType::UInt8)).unwrap_err();
    assert!(err.message.contains("'low'"), "{}", err.message);
    let err = integers(0, Some(3), &[2], false, Some(1), 0, Some(DType::Float64)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.contains("'dtype'"), "{}", err.message);
}

#[test]
fn permutations_hold_every_value() {
    let p = permutation(&Operand::Scalar(Scalar::Int(1000)), 0, Some(4), 0).unwrap().to_vec::<i64>().unwrap();
    let mut sorted = p.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..1000).collect::<Vec<_>>());
    assert_ne!(p, sorted);
    let x = Tensor::from_slice(&(0..12).map(f64::from).collect::<Vec<_>>(), &[3, 4]).unwrap();
    let y = permutation(&Operand::Tensor(x), -1, Some(4), 0).unwrap();
    assert_eq!(y.shape(), [3, 4]);
    let y = y.to_vec::<f64>().unwrap();
    for row in 0..3i32 {
        let at = row as usize * 4;
        let mut r: Vec<f64> = y[at..at + 4].to_vec();
        // the same column order in every row
        assert_eq!(
            r.iter().map(|v| v - y[at]).collect::<Vec<_>>(),
            y[..4].iter().map(|v| v - y[0]).collect::<Vec<_>>()
        );
        r.sort_by(f64::total_cmp);
        assert_eq!(r, (0..4).map(|c| f64::from(row * 4 + c)).collect::<Vec<_>>());
    }
    assert_eq!(permutation(&Operand::Scalar(Scalar::Int(0)), 0, Some(1), 0).unwrap().numel(), 0);
    let err = permutation(&Operand::Scalar(Scalar::Int(-2)), 0, Some(1), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    let err = permutation(&Operand::Scalar(Scalar::Float(2.0)), 0, Some(1), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.contains("random.permutation") && err.message.contains("'x'"), "{}", err.message);
    let err = permutation(&Operand::Tensor(Tensor::scalar(1.0f64)), 0, Some(1), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
}

#[test]
fn choice_with_and_without_replacement_and_weights() {
    let int = |n| Operand::Scalar(Scalar::Int(n));
    let v = choice(&int(5), &[2000], true, None, 0, Some(1), 0).unwrap().to_vec::<i64>().unwrap();
    assert!((0..5).all(|i| v.contains(&i)) && v.iter().all(|x| (0..5).contains(x)));
    let v = choice(&int(10), &[10], false, None, 0, Some(1), 0).unwrap().to_vec::<i64>().unwrap();
    let mut s = v.clone();
    s.sort_unstable();
    assert_eq!(s, (0..10).collect::<Vec<_>>());
    // a huge population without replacement needs memory for the draws only
    let v = choice(&int(i64::MAX), &[3], false, None, 0, Some(1), 0).unwrap().to_vec::<i64>().unwrap();
    assert!(v[0] != v[1] && v[1] != v[2] && v[0] != v[2]);
    let p = Tensor::from_slice(&[0.0, 0.25, 0.0, 0.75, 0.0], &[5]).unwrap();
    let v = choice(&int(5), &[4000], true, Some(&p), 0, Some(2), 0).unwrap().to_vec::<i64>().unwrap();
    assert!(v.iter().all(|&i| i == 1 || i == 3));
    let threes = v.iter().filter(|&&i| i == 3).count();
    assert!((2850..3150).contains(&threes), "{threes}");
    let v = choice(&int(5), &[2], false, Some(&p), 0, Some(2), 0).unwrap().to_vec::<i64>().unwrap();
    let mut s = v.clone();
    s.sort_unstable();
    assert_eq!(s, [1, 3]);
    let err = choice(&int(5), &[3], false, Some(&p), 0, Some(2), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("non-zero probability"), "{}", err.message);
    let err = choice(&int(3), &[4], false, None, 0, Some(2), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    let bad = Tensor::from_slice(&[0.5, 0.6], &[2]).unwrap();
    let err = choice(&int(2), &[1], true, Some(&bad), 0, Some(2), 0).unwrap_err();
    assert!(err.message.contains("'p'") && err.message.contains("sum to 1"), "{}", err.message);
    let neg = Tensor::from_slice(&[1.5, -0.5], &[2]).unwrap();
    assert!(choice(&int(2), &[1], true, Some(&neg), 0, Some(2), 0).unwrap_err().message.contains("non-negative"));
    let err = choice(&int(3), &[1], true, Some(&bad), 0, Some(2), 0).unwrap_err();
    assert!(err.message.contains("1-d tensor of 3"), "{}", err.message);
    let err = choice(&int(0), &[1], true, None, 0, Some(2), 0).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert_eq!(choice(&int(0), &[0], true, None, 0, Some(2), 0).unwrap().numel(), 0);
    let x = Tensor::from_slice(&(0..12).map(f64::from).collect::<Vec<_>>(), &[3, 4]).unwrap();
    let y = choice(&Operand::Tensor(x), &[2, 5], true, None, 1, Some(3), 0).unwrap();
    assert_eq!(y.shape(), [3, 2, 5]);
}
