//! Unary element-wise ops against per-element references, over every dtype and random layouts.

use ferrule_core::{DType, ErrorKind, Result, Tensor};
use num_complex::Complex;
use proptest::prelude::*;

use super::{assert_matches, cast_v, random_shape, random_tensor, read, Rng, Values, ALL, V};
use ferrule_ops::elementwise as ew;

type UnaryFn = fn(&Tensor, Option<&Tensor>) -> Result<Tensor>;

struct Case {
    name: &'static str,
    f: UnaryFn,
    accepts: fn(DType) -> bool,
    /// The dtype the reference computes in.
    compute: fn(DType) -> DType,
    /// The result dtype, from the compute dtype.
    out: fn(DType) -> DType,
    reference: fn(V) -> Option<V>,
    ulps: f64,
    values: Values,
}

fn any_dtype(_: DType) -> bool {
    true
}
fn not_bool(d: DType) -> bool {
    !d.is_bool()
}
fn not_complex(d: DType) -> bool {
    !d.is_complex()
}
fn int_or_bool(d: DType) -> bool {
    d.is_integer() || d.is_bool()
}
fn same(d: DType) -> DType {
    d
}
fn bool_out(_: DType) -> DType {
    DType::Bool
}
fn bool_as_int8(d: DType) -> DType {
    if d.is_bool() {
        DType::Int8
    } else {
        d
    }
}
fn real_of(d: DType) -> DType {
    match d {
        DType::Complex64 => DType::Float32,
        DType::Complex128 => DType::Float64,
        d => d,
    }
}
/// numpy's float for unary math of each dtype.
fn math_dtype(d: DType) -> DType {
    match d {
        DType::Bool | DType::Int8 | DType::UInt8 => DType::Float16,
        DType::Int16 | DType::UInt16 => DType::Float32,
        d if d.is_integer() => DType::Float64,
        d => d,
    }
}

fn real_or_complex(v: V, r: fn(f64) -> f64, c: fn(Complex<f64>) -> Complex<f64>) -> Option<V> {
    Some(match v {
        V::C(re, im) => {
            let z = c(Complex::new(re, im));
            V::C(z.re, z.im)
        }
        v => V::F(r(v.f())),
    })
}

fn numpy_sign(v: V) -> Option<V> {
    Some(match v {
        V::I(i) => V::I(i.signum()),
        V::F(x) => V::F(if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else if x == 0.0 {
            0.0
        } else {
            x
        }),
        V::C(re, im) => {
            let unit = |v: f64| if v > 0.0 { 1.0 } else { -1.0 };
            if re.is_infinite() && im.is_infinite()
                || (re.is_nan() && !im.is_infinite())
                || (im.is_nan() && !re.is_infinite())
            {
                V::C(f64::NAN, f64::NAN)
            } else if re.is_infinite() {
                V::C(unit(re), 0.0)
            } else if im.is_infinite() {
                V::C(0.0, unit(im))
            } else if re == 0.0 && im == 0.0 {
                V::C(0.0, 0.0)
            } else {
                let m = (re * re + im * im).sqrt();
                V::C(re / m, im / m)
            }
        }
        V::B(_) => return None,
    })
}

macro_rules! math_case {
    ($name:ident, $r:expr, $c:expr, $values:expr) => {
        Case {
            name: stringify!($name),
            f: ew::$name,
            accepts: any_dtype,
            compute: math_dtype,
            out: same,
            reference: |v| real_or_complex(v, $r, $c),
            ulps: 4.0,
            values: $values,
        }
    };
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "abs",
            f: ew::abs,
            accepts: any_dtype,
            compute: same,
            out: real_of,
            ulps: 1.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::I(i) => V::I(i.abs()),
                    V::F(x) => V::F(x.abs()),
                    V::C(re, im) => V::F(re.hypot(im)),
                    b => b,
                })
            },
        },
        Case {
            name: "negative",
            f: ew::negative,
            accepts: not_bool,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::I(i) => V::I(-i),
                    V::F(x) => V::F(-x),
                    V::C(re, im) => V::C(-re, -im),
                    b => b,
                })
            },
        },
        Case {
            name: "positive",
            f: ew::positive,
            accepts: not_bool,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: Some,
        },
        Case {
            name: "sign",
            f: ew::sign,
            accepts: not_bool,
            compute: same,
            out: same,
            ulps: 2.0,
            values: Values::Any,
            reference: numpy_sign,
        },
        Case {
            name: "square",
            f: ew::square,
            accepts: any_dtype,
            compute: bool_as_int8,
            out: same,
            ulps: 2.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::I(i) => V::I(i.wrapping_mul(i)),
                    V::F(x) => V::F(x * x),
                    V::C(..) => {
                        let z = v.c() * v.c();
                        V::C(z.re, z.im)
                    }
                    b => b,
                })
            },
        },
        Case {
            name: "conj",
            f: ew::conj,
            accepts: any_dtype,
            compute: bool_as_int8,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::C(re, im) => V::C(re, -im),
                    other => other,
                })
            },
        },
        Case {
            name: "real",
            f: ew::real,
            accepts: any_dtype,
            compute: same,
            out: real_of,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::C(re, _) => V::F(re),
                    other => other,
                })
            },
        },
        Case {
            name: "imag",
            f: ew::imag,
            accepts: any_dtype,
            compute: same,
            out: real_of,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::C(_, im) => V::F(im),
                    V::B(_) => V::B(false),
                    V::I(_) => V::I(0),
                    V::F(_) => V::F(0.0),
                })
            },
        },
        Case {
            name: "reciprocal",
            f: ew::reciprocal,
            accepts: any_dtype,
            compute: bool_as_int8,
            out: same,
            ulps: 2.0,
            values: Values::Any,
            reference: |v| match v {
                V::I(0) => Some(V::I(0)),
                V::I(i) => Some(V::I(1 / i)),
                V::F(x) => Some(V::F(1.0 / x)),
                V::C(re, im) if re.is_finite() && im.is_finite() && (re != 0.0 || im != 0.0) => {
                    let z = 1.0 / v.c();
                    Some(V::C(z.re, z.im))
                }
                _ => None,
            },
        },
        Case {
            name: "round",
            f: ew::round,
            accepts: any_dtype,
            compute: |d| if d.is_bool() { DType::Float16 } else { d },
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::F(x) => V::F(x.round_ties_even()),
                    V::C(re, im) => V::C(re.round_ties_even(), im.round_ties_even()),
                    other => other,
                })
            },
        },
        Case {
            name: "floor",
            f: ew::floor,
            accepts: not_complex,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::F(x) => V::F(x.floor()),
                    other => other,
                })
            },
        },
        Case {
            name: "ceil",
            f: ew::ceil,
            accepts: not_complex,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::F(x) => V::F(x.ceil()),
                    other => other,
                })
            },
        },
        Case {
            name: "trunc",
            f: ew::trunc,
            accepts: not_complex,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::F(x) => V::F(x.trunc()),
                    other => other,
                })
            },
        },
        Case {
            name: "signbit",
            f: ew::signbit,
            accepts: not_complex,
            compute: same,
            out: bool_out,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(V::B(match v {
                    V::F(x) => x.is_sign_negative(),
                    V::I(i) => i < 0,
                    _ => false,
                }))
            },
        },
        Case {
            name: "isfinite",
            f: ew::isfinite,
            accepts: any_dtype,
            compute: same,
            out: bool_out,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(V::B(match v {
                    V::F(x) => x.is_finite(),
                    V::C(re, im) => re.is_finite() && im.is_finite(),
                    _ => true,
                }))
            },
        },
        Case {
            name: "isinf",
            f: ew::isinf,
            accepts: any_dtype,
            compute: same,
            out: bool_out,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(V::B(match v {
                    V::F(x) => x.is_infinite(),
                    V::C(re, im) => re.is_infinite() || im.is_infinite(),
                    _ => false,
                }))
            },
        },
        Case {
            name: "isnan",
            f: ew::isnan,
            accepts: any_dtype,
            compute: same,
            out: bool_out,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(V::B(match v {
                    V::F(x) => x.is_nan(),
                    V::C(re, im) => re.is_nan() || im.is_nan(),
                    _ => false,
                }))
            },
        },
        Case {
            name: "logical_not",
            f: ew::logical_not,
            accepts: any_dtype,
            compute: same,
            out: bool_out,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| Some(V::B(!v.truthy())),
        },
        Case {
            name: "bitwise_invert",
            f: ew::bitwise_invert,
            accepts: int_or_bool,
            compute: same,
            out: same,
            ulps: 0.0,
            values: Values::Any,
            reference: |v| {
                Some(match v {
                    V::B(b) => V::B(!b),
                    V::I(i) => V::I(!i),
                    other => other,
                })
            },
        },
        math_case!(exp, f64::exp, |z| z.exp(), Values::Any),
        math_case!(
            expm1,
            f64::exp_m1,
            |z| {
                let a = (z.im / 2.0).sin();
                Complex::new(z.re.exp_m1() * z.im.cos() - 2.0 * a * a, z.re.exp() * z.im.sin())
            },
            Values::Any
        ),
        math_case!(log, f64::ln, |z| z.ln(), Values::Any),
        math_case!(log1p, f64::ln_1p, |z| (z + 1.0).ln(), Values::Any),
        math_case!(log2, f64::log2, |z| z.ln() / std::f64::consts::LN_2, Values::Any),
        math_case!(log10, f64::log10, |z| z.ln() / std::f64::consts::LN_10, Values::Any),
        math_case!(sqrt, f64::sqrt, |z| z.sqrt(), Values::Any),
        math_case!(sin, f64::sin, |z| z.sin(), Values::Any),
        math_case!(cos, f64::cos, |z| z.cos(), Values::Any),
        math_case!(tan, f64::tan, |z| z.tan(), Values::Unit),
        math_case!(asin, f64::asin, |z| z.asin(), Values::Unit),
        math_case!(acos, f64::acos, |z| z.acos(), Values::Unit),
        math_case!(atan, f64::atan, |z| z.atan(), Values::Any),
        math_case!(sinh, f64::sinh, |z| z.sinh(), Values::Any),
        math_case!(cosh, f64::cosh, |z| z.cosh(), Values::Any),
        math_case!(tanh, f64::tanh, |z| z.tanh(), Values::Any),
        math_case!(asinh, f64::asinh, |z| z.asinh(), Values::Any),
        math_case!(acosh, f64::acosh, |z| z.acosh(), Values::Any),
        math_case!(atanh, f64::atanh, |z| z.atanh(), Values::Unit),
    ]
}

fn run(case: &Case, seed: u64) {
    let mut rng = Rng::new(seed);
    let dtype = rng.pick(&ALL);
    let shape = random_shape(&mut rng);
    // Complex transcendental references in f64 and kernels in f32 agree only away from the
    // special values, whose complex handling is tested separately.
    let math = case.ulps == 4.0;
    let values = if math && dtype.is_complex() { Values::Grid } else { case.values };
    let (x, vals) = random_tensor(&mut rng, dtype, &shape, values);
    if !(case.accepts)(dtype) {
        let err = (case.f)(&x, None).unwrap_err();
        assert_eq!(err.kind, ErrorKind::TypeError, "{}: {dtype}", case.name);
        assert!(err.message.starts_with(case.name), "{}", err.message);
        return;
    }
    let compute = (case.compute)(dtype);
    let out_dtype = (case.out)(compute);
    // Every branch cut of the complex functions lies on an axis, where the kernels follow the
    // standard's signed-zero rules and num_complex's references do not (asin(6+0j) has a
    // positive imaginary part in the standard, a negative one in num_complex): points on an axis
    // are checked against the standard's tables and mpmath in python/tests/test_complex.py.
    let on_axis = |v: V| math && compute.is_complex() && matches!(v, V::C(re, im) if re == 0.0 || im == 0.0);
    let want: Vec<Option<V>> = vals
        .iter()
        .map(|&v| if on_axis(v) { None } else { (case.reference)(cast_v(v, compute)).map(|r| cast_v(r, out_dtype)) })
        .collect();
    let what = format!("{}({dtype} {shape:?})", case.name);
    let got = (case.f)(&x, None).unwrap();
    assert_eq!((got.dtype(), got.shape()), (out_dtype, shape.as_slice()), "{what}");
    if case.name == "real" && !dtype.is_complex() {
        // numpy's answer: the input itself, not a copy
        assert!(got.shares_memory_with(&x) && got.strides() == x.strides(), "{what}");
    } else {
        assert!(got.is_contiguous(), "{what}");
    }
    let ulps = if math && compute.is_complex() { 64.0 } else { case.ulps.max(0.5) };
    assert_matches(&read(&got), &want, out_dtype, ulps, &what);
    // The same through `out=`, into a reversed (negative-stride) view.
    let base = Tensor::zeros(&shape, out_dtype).unwrap();
    let out = if shape.is_empty() { base } else { base.slice(0, None, None, -1).unwrap() };
    let got = (case.f)(&x, Some(&out)).unwrap();
    assert!(got.shares_memory_with(&out) && got.data_ptr() == out.data_ptr());
    assert_matches(&read(&out), &want, out_dtype, ulps, &format!("{what} out="));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn unary_ops_match_references(seed in any::<u64>()) {
        for case in &cases() {
            run(case, seed);
        }
    }
}

#[test]
fn unary_every_dtype() {
    // Deterministic sweep: every case on every dtype at least once.
    for case in &cases() {
        for seed in 0..400u64 {
            run(case, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234);
        }
    }
}
