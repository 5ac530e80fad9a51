"""Real transcendental functions at the edges of the float range: near overflow and underflow
(subnormal results included), at the domain boundaries, and at huge arguments where a naive
formula overflows in an intermediate (``asinh(1e308)`` is 709.889, not inf). numpy is the oracle
here: its float64 and float32 functions are right to within an ulp or two at these points."""

from __future__ import annotations

import warnings

import ferrule
import numpy as np
import pytest

FUNCS = [
    "exp",
    "expm1",
    "log",
    "log1p",
    "log2",
    "log10",
    "sqrt",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
]


def edge_points(dtype: str) -> np.ndarray:
    ft = np.dtype(dtype).type
    info = np.finfo(ft)
    big = float(info.max)
    # The thresholds where exp/sinh/cosh overflow and exp underflows into subnormals and to 0.
    ln_max = float(np.log(info.max))
    ln_tiny = float(np.log(info.smallest_normal))
    ln_sub = float(np.log(info.smallest_subnormal))
    base = [
        0.0,
        float(info.smallest_subnormal),
        float(info.smallest_normal),
        float(info.eps),
        0.5,
        1.0,
        1.0 - float(info.epsneg),
        1.0 + float(info.eps),
        2.0,
        ln_max,
        ln_max + 0.5,
        float(np.nextafter(ft(ln_max), ft(0))),
        float(np.nextafter(ft(ln_max), ft(np.inf))),
        -ln_tiny,
        -ln_sub,
        -ln_sub + 0.7,
        1e4,
        float(np.sqrt(ft(big))),
        big / 4,
        big,
        np.inf,
    ]
    pts = base + [-v for v in base] + [np.nan]
    return np.array(pts, dtype=dtype)


def ulp_error(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    got64, want64 = got.astype(np.float64), want.astype(np.float64)
    same = (got64 == want64) | (np.isnan(got64) & np.isnan(want64))
    spacing = np.spacing(np.abs(want).astype(want.dtype)).astype(np.float64)
    with np.errstate(invalid="ignore"):
        err = np.abs(got64 - want64) / spacing
    return np.where(same, 0.0, np.where(np.isfinite(err), err, np.inf))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", FUNCS)
def test_real_edge_values_match_numpy(name: str, dtype: str) -> None:
    x = edge_points(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = getattr(np, name)(x)
    got = getattr(ferrule, name)(ferrule.asarray(x)).numpy()
    assert got.dtype == want.dtype
    err = ulp_error(got, want)
    bad = err > 2
    assert not bad.any(), "\n".join(
        f"{name}({v!r}) = {g!r}, numpy {w!r}" for v, g, w in zip(x[bad], got[bad], want[bad], strict=True)
    )
    # Signed zeros are part of the answer (asinh(-0.0) is -0.0).
    zero = want == 0
    assert (np.signbit(got[zero]) == np.signbit(want[zero])).all()


def test_inverse_hyperbolics_do_not_overflow() -> None:
    x = ferrule.asarray([1e308, -1e308, 1.7976931348623157e308])
    np.testing.assert_allclose(ferrule.asinh(x).numpy(), np.arcsinh(x.numpy()), rtol=1e-15)
    y = ferrule.asarray([1e308, 1.7976931348623157e308])
    np.testing.assert_allclose(ferrule.acosh(y).numpy(), [709.889355822726, 710.4758600739439], rtol=1e-15)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floor_divide_with_infinities_follows_the_standard(dtype: str) -> None:
    """Deliberately not numpy: with one operand infinite and the other finite and nonzero, the
    Array API standard's floor(x1 / x2) (numpy gives nan for inf // 1 and -1 for 1 // -inf)."""
    inf = np.inf
    x1 = np.array([inf, 1.0, -inf, -inf, 1.0, -1.0, -1.0, 0.0, inf, inf, 3.0], dtype=dtype)
    x2 = np.array([1.0, -inf, 2.0, -0.5, inf, inf, -inf, -inf, inf, 0.0, -2.0], dtype=dtype)
    want = np.array([inf, -0.0, -inf, inf, 0.0, -0.0, 0.0, -0.0, np.nan, inf, -2.0], dtype=dtype)
    got = ferrule.floor_divide(ferrule.asarray(x1), ferrule.asarray(x2)).numpy()
    np.testing.assert_array_equal(got, want)
    assert (np.signbit(got) == np.signbit(want))[~np.isnan(want)].all()
    assert (ferrule.asarray(x1) // ferrule.asarray(x2)).numpy().tobytes() == got.tobytes()
    with np.errstate(all="ignore"):
        numpy_says = np.floor_divide(x1[:2], x2[:2])
    np.testing.assert_array_equal(numpy_says, [np.nan, -1.0])  # where the two differ
    # remainder keeps numpy's (and the standard's) values: x1 for a finite x1 of x2's sign, x2
    # for the opposite sign, nan for an infinite x1.
    with np.errstate(all="ignore"):
        want_rem = np.remainder(x1, x2)
    np.testing.assert_array_equal(ferrule.remainder(ferrule.asarray(x1), ferrule.asarray(x2)).numpy(), want_rem)


def test_complex_zero_to_a_power_with_positive_real_part_is_zero() -> None:
    w = np.array([3 - 4j, 3 + 0j, 1e-3 + 5j, -3 + 0j, 4j], dtype="complex128")
    z = np.zeros(5, dtype="complex128")
    got = ferrule.pow(ferrule.asarray(z), ferrule.asarray(w)).numpy()
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(got, np.power(z, w))  # 0, 0, 0, nan, nan
    assert got[0] == 0
