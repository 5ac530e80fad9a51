"""``var`` and ``std`` are numerically careful: exactly 0 for equal values (std of eight copies of
2.00001 in float32 was 2.38e-07), and within a few rounding errors of numpy's two-pass formula
evaluated in float64 on data whose mean dwarfs its spread."""

from __future__ import annotations

import math

import ferrule
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FLOATS = ["float16", "float32", "float64", "complex64", "complex128"]


def test_std_of_equal_float32_values_is_zero() -> None:
    x = ferrule.asarray(np.full(8, 2.00001, dtype=np.float32))
    assert float(ferrule.std(x)) == 0.0
    assert float(ferrule.var(x)) == 0.0


@st.composite
def constant_case(draw: st.DrawFn) -> tuple[np.ndarray, object, int]:
    dtype = draw(st.sampled_from(FLOATS + ["int32", "int64", "uint8", "bool"]))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, max_side=40))
    kind = np.dtype(dtype).kind
    if kind == "b":
        value: complex = draw(st.booleans())
    elif kind in "iu":
        info = np.iinfo(dtype)
        value = draw(st.integers(max(info.min, -(2**40)), min(info.max, 2**40)))
    else:
        width = 16 if dtype == "float16" else 32 if dtype in ("float32", "complex64") else 64
        limit = 2.0**15 if width == 16 else 2.0**100
        part = st.floats(allow_nan=False, allow_infinity=False, width=width, min_value=-limit, max_value=limit)
        value = complex(draw(part), draw(part)) if kind == "c" else draw(part)
    a = np.full(shape, value, dtype=dtype)
    axis = draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1)))
    return a, axis, draw(st.sampled_from([0, 1]))


@SETTINGS
@given(constant_case())
def test_var_and_std_of_constant_input_are_exactly_zero(case: tuple[np.ndarray, object, int]) -> None:
    a, axis, correction = case
    t = ferrule.asarray(a)
    if a.ndim > 1:
        t = t[::-1]  # a strided view as well
        a = a[::-1]
    n = a.size if axis is None else a.shape[axis]
    for op in (ferrule.var, ferrule.std):
        got = op(t, axis=axis, correction=correction).numpy()
        if n > correction:
            assert np.all(got == 0), (op.__name__, a.dtype, a.shape, axis, got)
        else:
            assert np.all(np.isnan(got))


@st.composite
def spread_case(draw: st.DrawFn) -> tuple[np.ndarray, object, int]:
    """Data whose mean may be far larger than its spread (where rounding hurts most)."""
    dtype = draw(st.sampled_from(["float32", "float64", "complex64", "complex128"]))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=30))
    real = "float32" if dtype in ("float32", "complex64") else "float64"
    spread = hnp.arrays(real, shape, elements=st.floats(-1.0, 1.0, width=32 if real == "float32" else 64))
    offset = draw(st.sampled_from([0.0, 10.0, 1e3, -1e4]))
    scale = draw(st.sampled_from([1.0, 1e-3, 1e3]))
    a = (draw(spread) * scale + offset).astype(real)
    if dtype.startswith("complex"):
        a = (a + 1j * (draw(spread) * scale - offset)).astype(dtype)
    axis = draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1)))
    return a, axis, draw(st.sampled_from([0, 1]))


@SETTINGS
@given(spread_case())
def test_var_and_std_match_numpy(case: tuple[np.ndarray, object, int]) -> None:
    a, axis, correction = case
    n = a.size if axis is None else a.shape[axis]
    if n <= correction:
        return
    eps = float(np.finfo(a.dtype).eps)
    wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    want_var = np.var(wide, axis=axis, ddof=correction)  # numpy's two-pass formula, in float64
    # Rounding in the data's own precision: each deviation and square is off by a few eps of
    # itself, and the mean by about eps of the largest magnitude.
    bound = 8 * eps * (math.log2(n) + 2) * want_var + 4 * (eps * np.max(np.abs(wide))) ** 2 * n / (n - correction)
    got_var = ferrule.var(ferrule.asarray(a), axis=axis, correction=correction).numpy()
    assert got_var.dtype == np.var(a, axis=axis, ddof=correction).dtype
    assert np.all(np.abs(got_var - want_var) <= bound), (got_var, want_var, bound)
    got_std = ferrule.std(ferrule.asarray(a), axis=axis, correction=correction).numpy()
    assert np.all(
        np.abs(got_std.astype(np.float64) - np.sqrt(want_var)) <= np.sqrt(bound) + 4 * eps * np.sqrt(want_var)
    )


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_var_of_a_large_matrix_matches_numpy(dtype: str) -> None:
    # Large enough for the reduction engine's parallel, blocked paths.
    rng = np.random.default_rng(5)
    a = (rng.standard_normal((1000, 1001)) * 3 + 7).astype(dtype)
    got = ferrule.var(ferrule.asarray(a), axis=1).numpy()
    want = np.var(a.astype(np.float64), axis=1)
    np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == "float32" else 1e-12)
