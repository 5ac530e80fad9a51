//! The small-tensor fast path of the elementwise ops (`elementwise::fast`) against the general path.

use ferrule_core::{DType, Tensor};

use ferrule_ops::elementwise::fast::*;
use ferrule_ops::operand::Operand;

type Fast = fn(&Tensor, &Tensor) -> Option<Tensor>;
type Into = fn(&Tensor, &Tensor, &Tensor) -> bool;
type General = fn(&Operand, &Operand, Option<&Tensor>) -> ferrule_core::Result<Tensor>;

/// The general paths of the ops with a shortcut, in the order the tests list the shortcuts.
/// The shortcuts, in the order of [`GENERAL`].
const FAST: [Fast; 12] =
    [add, subtract, multiply, divide, maximum, minimum, equal, not_equal, less, less_equal, greater, greater_equal];

/// The `out=` shortcuts, in the order of [`GENERAL`].
const INTO: [Into; 12] = [
    add_into,
    subtract_into,
    multiply_into,
    divide_into,
    maximum_into,
    minimum_into,
    equal_into,
    not_equal_into,
    less_into,
    less_equal_into,
    greater_into,
    greater_equal_into,
];

const GENERAL: [General; 12] = [
    ferrule_ops::elementwise::add,
    ferrule_ops::elementwise::subtract,
    ferrule_ops::elementwise::multiply,
    ferrule_ops::elementwise::divide,
    ferrule_ops::elementwise::maximum,
    ferrule_ops::elementwise::minimum,
    ferrule_ops::elementwise::equal,
    ferrule_ops::elementwise::not_equal,
    ferrule_ops::elementwise::less,
    ferrule_ops::elementwise::less_equal,
    ferrule_ops::elementwise::greater,
    ferrule_ops::elementwise::greater_equal,
];

fn same(x: &Tensor, y: &Tensor) -> bool {
    x.dtype() == y.dtype() && x.shape() == y.shape() && x.to_bytes().unwrap() == y.to_bytes().unwrap()
}

/// Each shortcut gives bit-for-bit what the general path gives, and declines what it must.
#[test]
fn matches_the_general_path() {
    let a = Tensor::from_slice(&[1.5f32, -0.0, f32::NAN, 3.0, f32::INFINITY, 7.25], &[2, 3]).unwrap();
    let b = Tensor::from_slice(&[0.5f32, 0.0, 1.0, f32::NAN, f32::INFINITY, -2.0], &[2, 3]).unwrap();
    let (oa, ob) = (Operand::from(&a), Operand::from(&b));
    let pairs = FAST.into_iter().zip(GENERAL);
    for (i, (fast, general)) in pairs.enumerate() {
        let got = fast(&a, &b).expect("eligible");
        assert!(same(&got, &general(&oa, &ob, None).unwrap()), "op {i}");
    }
    let ints = Tensor::from_slice(&[i64::MAX, -3, 0], &[3]).unwrap();
    let got = add(&ints, &ints).unwrap();
    assert!(same(&got, &ferrule_ops::elementwise::add(&Operand::from(&ints), &Operand::from(&ints), None).unwrap()));
}

/// Each `out=` shortcut writes bit-for-bit what the general path writes, into a fresh tensor
/// and into an operand itself, and declines (writing nothing) what it must leave to it.
#[test]
fn into_matches_the_general_path() {
    let values = [1.5f32, -0.0, f32::NAN, 3.0, f32::INFINITY, 7.25];
    let a = Tensor::from_slice(&values, &[2, 3]).unwrap();
    let b = Tensor::from_slice(&[0.5f32, 0.0, 1.0, f32::NAN, f32::INFINITY, -2.0], &[2, 3]).unwrap();
    let pairs = INTO.into_iter().zip(GENERAL);
    for (i, (into, general)) in pairs.enumerate() {
        let want = general(&Operand::from(&a), &Operand::from(&b), None).unwrap();
        let out = Tensor::zeros(&[2, 3], want.dtype()).unwrap();
        assert!(into(&a, &b, &out), "op {i}");
        assert!(same(&out, &want), "op {i}");
        if want.dtype() == a.dtype() {
            // out= the first operand, as `a op= b` does
            let inplace = Tensor::from_slice(&values, &[2, 3]).unwrap();
            assert!(into(&inplace, &b, &inplace), "op {i} in place");
            assert!(same(&inplace, &want), "op {i} in place");
        }
    }
}

#[test]
fn into_declines_what_the_general_path_must_do() {
    let a = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[4]).unwrap();
    let untouched =
        |out: &Tensor| out.to_bytes().unwrap() == Tensor::zeros(out.shape(), out.dtype()).unwrap().to_bytes().unwrap();
    let f64s = Tensor::zeros(&[4], DType::Float64).unwrap();
    assert!(!add_into(&a, &a, &f64s) && untouched(&f64s), "a cast into out");
    let wide = Tensor::zeros(&[2, 4], DType::Float32).unwrap();
    assert!(!add_into(&a, &a, &wide) && untouched(&wide), "a broadcast into out");
    let strided = Tensor::zeros(&[8], DType::Float32).unwrap().slice(0, None, None, 2).unwrap();
    assert!(!add_into(&a, &a, &strided), "a strided out");
    // out overlapping an operand one element along: element 1 of out is element 2 of the input
    let base = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0], &[5]).unwrap();
    let (x, shifted) = (base.slice(0, Some(1), None, 1).unwrap(), base.slice(0, None, Some(4), 1).unwrap());
    assert!(!add_into(&x, &x, &shifted), "a partial overlap");
    assert_eq!(
        base.to_bytes().unwrap(),
        Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0], &[5]).unwrap().to_bytes().unwrap()
    );
    // a bool out over a float operand's own memory is a partial overlap too
    let floats = Tensor::zeros(&[4], DType::Float32).unwrap();
    let bools_over_floats = Tensor::from_slice(&[false; 16], &[16]).unwrap();
    assert!(equal_into(&floats, &floats, &Tensor::zeros(&[4], DType::Bool).unwrap()), "a bool out of its own");
    assert!(!equal_into(&bools_over_floats, &bools_over_floats, &floats), "a float out for a bool result");
}

/// Strided operands of one shape (steps, negative steps, transposes, broadcast views of the
/// full shape, empty ones) are walked in place, bit-for-bit as the general path computes them,
/// into a fresh C-contiguous tensor and into a disjoint `out`; an `out` overlapping a strided
/// operand is declined.
#[test]
fn strided_operands_match_the_general_path() {
    let values: Vec<f64> = (0..120).map(|i| (i as f64 * 0.37).sin() * 10.0).collect();
    let base = Tensor::from_slice(&values, &[120]).unwrap();
    let cube = base.reshape(&[4, 5, 6]).unwrap();
    let ints = Tensor::from_slice(&(0..120).map(|i| i * 7 - 300).collect::<Vec<i64>>(), &[120]).unwrap();
    let pairs: Vec<(Tensor, Tensor)> = vec![
        (base.slice(0, None, None, 2).unwrap(), base.slice(0, Some(1), None, 2).unwrap()),
        (base.slice(0, None, None, -3).unwrap(), base.slice(0, Some(0), Some(40), 1).unwrap()),
        (cube.permute(&[2, 0, 1]).unwrap(), cube.permute(&[2, 1, 0]).unwrap().permute(&[0, 2, 1]).unwrap()),
        (cube.select(1, 2).unwrap(), cube.select(1, 4).unwrap().slice(1, None, None, -1).unwrap()),
        (base.slice(0, Some(0), Some(6), 1).unwrap().broadcast_to(&[5, 6]).unwrap(), cube.select(0, 1).unwrap()),
        (ints.slice(0, None, None, 2).unwrap(), ints.slice(0, None, Some(60), 1).unwrap()),
        (base.slice(0, Some(3), Some(3), 1).unwrap(), base.slice(0, Some(9), Some(9), -1).unwrap()),
    ];
    for (k, (x, y)) in pairs.iter().enumerate() {
        for (i, ((fast, into), general)) in FAST.into_iter().zip(INTO).zip(GENERAL).enumerate() {
            let want = general(&Operand::from(x), &Operand::from(y), None).unwrap();
            if x.dtype() == DType::Int64 && i == 3 {
                assert!(fast(x, y).is_none(), "pair {k}: integer division is the general path's");
                continue;
            }
            let got = fast(x, y).unwrap_or_else(|| panic!("pair {k}, op {i}: eligible"));
            assert!(same(&got, &want), "pair {k}, op {i}");
            assert!(got.is_contiguous(), "pair {k}, op {i}: a C-contiguous result");
            let out = Tensor::zeros(want.shape(), want.dtype()).unwrap();
            assert!(into(x, y, &out), "pair {k}, op {i}: into");
            assert!(same(&out, &want), "pair {k}, op {i}: into");
        }
    }
    // out= one of the strided operands' memory: declined, nothing written
    let own = Tensor::from_slice(&values[..40], &[40]).unwrap();
    let (even, first) = (own.slice(0, None, None, 2).unwrap(), own.slice(0, None, Some(20), 1).unwrap());
    assert!(!add_into(&even, &even, &first), "out overlapping a strided operand");
    assert_eq!(own.to_vec::<f64>().unwrap(), values[..40].to_vec());
}

/// A 0-d operand on either side (what the glue makes of a Python scalar) with a contiguous
/// or strided one (a step of -3, and of 2), of every shortcut dtype: bit-for-bit the general path's broadcast, fresh
/// and into `out` (the array operand itself included, `a *= 3.0`).
#[test]
fn zero_d_operands_match_the_general_path() {
    let floats: Vec<f64> = vec![1.5, -0.0, f64::NAN, 3.0, f64::INFINITY, -7.25, 1e300, 0.1, 2.5, -2.5];
    let ints: Vec<i64> = vec![i64::MAX, i64::MIN, -3, 0, 7, 1 << 40, -1, 5, 9, 2];
    let arrays = [
        Tensor::from_slice(&floats, &[2, 5]).unwrap(),
        Tensor::from_slice(&floats.iter().map(|&v| v as f32).collect::<Vec<_>>(), &[10]).unwrap(),
        Tensor::from_slice(&ints, &[10]).unwrap(),
        Tensor::from_slice(&ints.iter().map(|&v| v as i32).collect::<Vec<_>>(), &[5, 2]).unwrap(),
    ];
    for array in &arrays {
        let flat = array.reshape(&[-1]).unwrap();
        let views = [
            array.clone(),
            flat.slice(0, None, None, -3).unwrap(),
            flat.slice(0, Some(1), None, 2).unwrap(), // (every other element: its own loop)
        ];
        for view in &views {
            for &v in &[2.0f64, -0.0, f64::NAN, 1e40, 0.1] {
                let scalar = ferrule_ops::Scalar::Float(v).to_tensor("test", view.dtype()).unwrap();
                for (x, y) in [(view, &scalar), (&scalar, view)] {
                    for (i, ((fast, into), general)) in FAST.into_iter().zip(INTO).zip(GENERAL).enumerate() {
                        let want = general(&Operand::from(x), &Operand::from(y), None).unwrap();
                        let Some(got) = fast(x, y) else {
                            assert!(view.dtype().is_integer() && i == 3, "op {i} {}: eligible", view.dtype());
                            continue;
                        };
                        assert!(same(&got, &want), "op {i}, {} {:?} with {v}", view.dtype(), view.strides());
                        let out = Tensor::zeros(want.shape(), want.dtype()).unwrap();
                        assert!(into(x, y, &out) && same(&out, &want), "op {i} into, {}", view.dtype());
                        if want.dtype() == view.dtype() && view.is_contiguous() {
                            let own =
                                Tensor::from_bytes(&view.to_bytes().unwrap(), view.shape(), view.dtype()).unwrap();
                            let (p, q) = if x.ndim() == 0 { (&scalar, &own) } else { (&own, &scalar) };
                            assert!(into(p, q, &own) && same(&own, &want), "op {i} in place, {}", view.dtype());
                        }
                    }
                }
            }
        }
    }
}

/// `pow`'s shortcut runs the general path's slice kernels: bit-for-bit its answers for
/// contiguous pairs of lengths around the kernels' steps and the spread buffer's chunks, a
/// 0-d operand on either side, both float dtypes; strided and integer operands are declined.
#[test]
fn pow_matches_the_general_path() {
    let xs: Vec<f64> = (0..600)
        .map(|i| match i % 9 {
            0 => 0.0,
            1 => -2.0,
            2 => f64::NAN,
            3 => f64::INFINITY,
            _ => 0.05 + i as f64 * 0.013,
        })
        .collect();
    let ys: Vec<f64> = (0..600)
        .map(|i| match i % 7 {
            0 => 0.5,
            1 => -3.0,
            2 => 2.0,
            _ => (i as f64 * 0.37).sin() * 8.0,
        })
        .collect();
    let make = |v: &[f64], dtype: DType| {
        match dtype {
            DType::Float32 => Tensor::from_slice(&v.iter().map(|&x| x as f32).collect::<Vec<_>>(), &[v.len() as i64]),
            _ => Tensor::from_slice(v, &[v.len() as i64]),
        }
        .unwrap()
    };
    let general =
        |x: &Tensor, y: &Tensor| ferrule_ops::elementwise::pow(&Operand::from(x), &Operand::from(y), None).unwrap();
    for dtype in [DType::Float32, DType::Float64] {
        for n in [0, 1, 7, 8, 9, 17, 255, 256, 257, 600] {
            let (x, y) = (make(&xs[..n], dtype), make(&ys[..n], dtype));
            assert!(same(&pow(&x, &y).expect("eligible"), &general(&x, &y)), "{dtype} n={n}");
            for v in [2.0, 0.5, -1.5, 0.0, f64::NAN] {
                let s = ferrule_ops::Scalar::Float(v).to_tensor("test", dtype).unwrap();
                assert!(same(&pow(&x, &s).expect("eligible"), &general(&x, &s)), "{dtype} n={n} x ** {v}");
                assert!(same(&pow(&s, &y).expect("eligible"), &general(&s, &y)), "{dtype} n={n} {v} ** y");
            }
        }
        let x = make(&xs, dtype);
        assert!(pow(&x.slice(0, None, None, 2).unwrap(), &x.slice(0, Some(1), None, 2).unwrap()).is_none(), "strided");
    }
    let ints = Tensor::from_slice(&[2i64, 3], &[2]).unwrap();
    assert!(pow(&ints, &ints).is_none(), "integers are the general path's");
}

#[test]
fn declines_what_the_general_path_must_do() {
    let a = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let row = Tensor::from_slice(&[1.0f32, 2.0], &[2]).unwrap();
    let f64s = Tensor::from_slice(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let ints = Tensor::from_slice(&[1i32, 2, 3, 4], &[2, 2]).unwrap();
    assert!(add(&a, &row).is_none(), "broadcasting");
    assert!(add(&a, &f64s).is_none(), "promotion");
    assert!(divide(&ints, &ints).is_none(), "integer division is float64");
    let big = Tensor::zeros(&[MAX_ELEMENTS + 1], DType::Float32).unwrap();
    assert!(add(&big, &big).is_none(), "large inputs");
    assert!(add(&a, &a).is_some());
}
