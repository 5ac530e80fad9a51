"""Real transcendental functions in float32 and float64 (vectorised kernels) against mpmath.

The kernels' own tests (crates/ferrule-ops, elementwise/vmath) compare hundreds of thousands of
points with the C library's functions; these compare fewer points with a reference that is
exact to the last bit (mpmath at 60 digits, rounded once to the dtype): the error bounds below
are those the kernels document, and numpy's own bound for its vectorised functions is 4 ulp.
They also pin what numpy users compare with ``==``: special values and exact results.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import ferrule
import mpmath
import numpy as np
import pytest

mpmath.mp.dps = 60

# name: (mpmath function, argument sampler, float64 bound, float32 bound) in ulp
Sampler = Callable[[np.random.Generator, int], np.ndarray]


def spread(lo: float, hi: float, signed: bool = True) -> Sampler:
    """Magnitudes 10**e for e uniform in [lo, hi), both signs when `signed`."""

    def draw(rng: np.random.Generator, n: int) -> np.ndarray:
        v = 10.0 ** rng.uniform(lo, hi, n)
        return v * rng.choice([-1.0, 1.0], n) if signed else v

    return draw


def uniform(lo: float, hi: float) -> Sampler:
    return lambda rng, n: rng.uniform(lo, hi, n)


UNARY: dict[str, tuple[Callable[[mpmath.mpf], mpmath.mpf], Sampler, int, int]] = {
    "expm1": (mpmath.expm1, uniform(-60, 80), 2, 1),
    "log": (mpmath.log, spread(-300, 300, signed=False), 1, 1),
    "log1p": (mpmath.log1p, uniform(-0.999, 3), 2, 1),
    "log2": (lambda x: mpmath.log(x, 2), spread(-300, 300, signed=False), 1, 1),
    "log10": (mpmath.log10, spread(-300, 300, signed=False), 1, 1),
    "sin": (mpmath.sin, uniform(-1000, 1000), 1, 1),
    "cos": (mpmath.cos, uniform(-1000, 1000), 1, 1),
    "tan": (mpmath.tan, uniform(-20, 20), 2, 2),
    "asin": (mpmath.asin, uniform(-1, 1), 1, 1),
    "acos": (mpmath.acos, uniform(-1, 1), 1, 1),
    "atan": (mpmath.atan, spread(-10, 10), 1, 1),
    "sinh": (mpmath.sinh, uniform(-80, 80), 2, 1),
    "cosh": (mpmath.cosh, uniform(-80, 80), 2, 1),
    "tanh": (mpmath.tanh, uniform(-12, 12), 2, 2),
    "asinh": (mpmath.asinh, spread(-10, 30), 2, 1),
    "acosh": (mpmath.acosh, lambda rng, n: 1 + 10.0 ** rng.uniform(-12, 20, n), 2, 2),
    "atanh": (mpmath.atanh, uniform(-1, 1), 2, 1),
}


def ulp_error(got: np.ndarray, want: list[mpmath.mpf], dtype: type) -> float:
    """The largest error of `got` in units of the last place of the correctly rounded answer."""
    worst = 0.0
    for g, w in zip(got.tolist(), want, strict=True):
        # the reference rounded to the dtype gives the unit (rounding through float64 first can
        # only move it across a binade edge, where the unit doubles: the test is not stricter)
        r = dtype(float(w))
        if math.isinf(float(r)):
            assert g == float(r)
            continue
        spacing = float(np.spacing(np.abs(r)))
        worst = max(worst, abs(float(mpmath.mpf(g) - w)) / spacing)
    return worst


@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_accuracy_against_mpmath(name: str, dtype: type) -> None:
    ref, draw, bound64, bound32 = UNARY[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    x = draw(rng, 400).astype(dtype)
    got = np.asarray(getattr(ferrule, name)(ferrule.asarray(x)))
    assert got.dtype == dtype
    want = [ref(mpmath.mpf(float(v))) for v in x]
    bound = bound64 if dtype is np.float64 else bound32
    # half an ulp is the rounding itself; the bound is on top of the correct rounding
    assert ulp_error(got, want, dtype) <= bound + 0.5, name


BINARY: dict[str, tuple[Callable[[mpmath.mpf, mpmath.mpf], mpmath.mpf], int, int]] = {
    "atan2": (mpmath.atan2, 1, 1),
    "pow": (mpmath.power, 1, 1),
    "hypot": (mpmath.hypot, 1, 1),
    "logaddexp": (lambda x, y: mpmath.log(mpmath.exp(x) + mpmath.exp(y)), 3, 1),
}


@pytest.mark.parametrize("name", sorted(BINARY))
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_binary_accuracy_against_mpmath(name: str, dtype: type) -> None:
    ref, bound64, bound32 = BINARY[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    if name == "pow":
        x = 10.0 ** rng.uniform(-3, 3, 400)
        y = rng.uniform(-30, 30, 400)
    else:
        x = rng.uniform(-50, 50, 400)
        y = 10.0 ** rng.uniform(-5, 2, 400) * rng.choice([-1.0, 1.0], 400)
    x, y = x.astype(dtype), y.astype(dtype)
    got = np.asarray(getattr(ferrule, name)(ferrule.asarray(x), ferrule.asarray(y)))
    want = [ref(mpmath.mpf(float(a)), mpmath.mpf(float(b))) for a, b in zip(x, y, strict=True)]
    bound = bound64 if dtype is np.float64 else bound32
    assert ulp_error(got, want, dtype) <= bound + 0.5, name


SPECIAL = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 0.5, -2.0, 1e-310, 1e300, -1e300, 5e-324]


@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_special_values_as_numpy(name: str, dtype: type) -> None:
    # zeros keep their sign, infinities, NaN and domain edges give numpy's values
    x = np.array(SPECIAL, dtype=dtype)
    np_name = {"asin": "arcsin", "acos": "arccos", "atan": "arctan"}.get(name, name)
    np_name = {"asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh"}.get(np_name, np_name)
    with np.errstate(all="ignore"):
        want = getattr(np, np_name)(x)
    got = np.asarray(getattr(ferrule, name)(ferrule.asarray(x)))
    for v, g, w in zip(x.tolist(), got.tolist(), want.tolist(), strict=True):
        if math.isnan(w) or math.isinf(w) or w == 0.0:
            assert (math.isnan(g) and math.isnan(w)) or (g == w and math.copysign(1, g) == math.copysign(1, w)), (
                f"{name}({v}) = {g}, numpy gives {w}"
            )


def test_exact_results() -> None:
    powers = np.array([10.0**k for k in range(-15, 16)])
    assert np.asarray(ferrule.log10(ferrule.asarray(powers))).tolist() == list(range(-15, 16))
    twos = np.array([2.0**k for k in range(-1074, 1024, 7)])
    assert np.asarray(ferrule.log2(ferrule.asarray(twos))).tolist() == list(range(-1074, 1024, 7))
    assert np.asarray(ferrule.pow(ferrule.asarray([2.0, 3.0, -2.0]), ferrule.asarray([10.0, 2.0, 3.0]))).tolist() == [
        1024.0,
        9.0,
        -8.0,
    ]
    assert float(ferrule.cos(ferrule.asarray(0.0))) == 1.0
    assert float(ferrule.atan2(ferrule.asarray(1.0), ferrule.asarray(1.0))) == math.pi / 4
