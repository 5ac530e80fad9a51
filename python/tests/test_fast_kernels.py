"""The one-pass kernels for everyday operations, against numpy: argmax/argmin of contiguous
lines, ``x[mask]`` and ``x[mask] = v``, ``take`` / ``x[indices]`` of 1-D data, ``clip`` with
scalar bounds, ``concat`` / ``stack``. Sizes reach past the parallel thresholds (several pieces,
several threads), and the values include what the fast paths must get right: NaN (first one
wins), ties (first one wins), -0.0, negative and out-of-range indices.
"""

from __future__ import annotations

import ferrule
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

DTYPES = ["float32", "float64", "int64", "int32", "uint8", "bool", "float16"]
# past 2 x 2^16 elements: the pieces of the parallel loops
SIZES = st.sampled_from([1, 2, 15, 16, 17, 1000, 1024, 1025, 70_000, 300_001])


def values(rng: np.random.Generator, dtype: str, n: int, specials: bool) -> np.ndarray:
    if dtype == "bool":
        return rng.random(n) < 0.5
    if dtype.startswith("float"):
        v = rng.choice([-1.5, -0.0, 0.0, 2.25, 7.0], n).astype(dtype) if specials else rng.standard_normal(n)
        v = v.astype(dtype)
        if specials and n > 3:
            v[rng.integers(0, n, 2)] = np.nan
        return v
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -50), min(info.max, 50), n, endpoint=True).astype(dtype)


@given(n=SIZES, dtype=st.sampled_from(DTYPES), seed=st.integers(0, 2**32 - 1), specials=st.booleans())
def test_argmax_argmin_contiguous(n: int, dtype: str, seed: int, specials: bool) -> None:
    x = values(np.random.default_rng(seed), dtype, n, specials)
    t = ferrule.asarray(x)
    assert int(ferrule.argmax(t)) == int(np.argmax(x))
    assert int(ferrule.argmin(t)) == int(np.argmin(x))
    if n % 5 == 0:
        rows = x.reshape(5, -1)
        got = np.asarray(ferrule.argmax(ferrule.asarray(rows), axis=1))
        np.testing.assert_array_equal(got, np.argmax(rows, axis=1))


@given(n=SIZES, dtype=st.sampled_from(DTYPES + ["complex64"]), seed=st.integers(0, 2**32 - 1))
def test_mask_select_and_fill(n: int, dtype: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = values(rng, dtype if dtype != "complex64" else "float32", n, False).astype(dtype)
    density = rng.choice([0.0, 0.01, 0.5, 1.0])
    mask = rng.random(n) < density
    t, m = ferrule.asarray(x.copy()), ferrule.asarray(mask)
    np.testing.assert_array_equal(np.asarray(t[m]), x[mask])
    fill = 1 if dtype != "bool" else True
    t[m] = fill
    want = x.copy()
    want[mask] = fill
    np.testing.assert_array_equal(np.asarray(t), want)


def test_mask_fill_takes_numpy_casting_and_checks() -> None:
    t = ferrule.asarray(np.arange(6, dtype=np.int32))
    m = ferrule.asarray(np.array([True, False, True, False, False, True]))
    t[m] = 2.7  # truncated into the int dtype, as numpy
    assert np.asarray(t).tolist() == [2, 1, 2, 3, 4, 2]
    t[m] = ferrule.asarray(np.array([9], dtype=np.int64))
    assert np.asarray(t).tolist() == [9, 1, 9, 3, 4, 9]
    with pytest.raises(ValueError, match="setitem"):
        t[m] = float("nan")
    with pytest.raises(OverflowError, match="setitem"):
        t[m] = 2**40
    ro = ferrule.asarray(np.frombuffer(bytes(6), dtype=np.uint8))
    with pytest.raises(ValueError, match="setitem"):
        ro[ferrule.asarray(np.ones(6, dtype=bool))] = 1
    # a mask that is a view of the tensor itself: evaluated before any write, as numpy
    b = np.array([True, False, True, True, False])
    tb = ferrule.asarray(b.copy())
    tb[tb] = False
    assert not np.asarray(tb).any()


@given(n=SIZES, m=SIZES, dtype=st.sampled_from(DTYPES + ["complex128"]), seed=st.integers(0, 2**32 - 1))
def test_take_and_integer_getitem(n: int, m: int, dtype: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = values(rng, dtype if dtype != "complex128" else "float64", n, False).astype(dtype)
    idx = rng.integers(-n, n, m)
    t, i = ferrule.asarray(x), ferrule.asarray(idx)
    np.testing.assert_array_equal(np.asarray(ferrule.take(t, i)), np.take(x, idx))
    np.testing.assert_array_equal(np.asarray(t[i]), x[idx])
    shaped = idx[: (m // 2) * 2].reshape(2, -1)
    np.testing.assert_array_equal(np.asarray(ferrule.take(t, ferrule.asarray(shaped))), np.take(x, shaped))


def test_take_out_of_range_names_the_first_bad_index() -> None:
    t = ferrule.asarray(np.arange(10.0))
    bad = np.zeros(200_000, dtype=np.int64)
    bad[123_456] = -11
    bad[150_000] = 10
    with pytest.raises(IndexError, match=r"^take: index -11 is out of bounds for axis 0 with size 10$"):
        ferrule.take(t, ferrule.asarray(bad))
    with pytest.raises(IndexError, match="getitem: index -11 is out of bounds"):
        t[ferrule.asarray(bad)]
    with pytest.raises(IndexError, match="out of bounds"):
        ferrule.take(ferrule.asarray(np.zeros(0)), ferrule.asarray(np.array([0])))
    assert np.asarray(ferrule.take(ferrule.asarray(np.zeros(0)), ferrule.asarray(np.zeros(0, np.int64)))).size == 0


@given(
    n=SIZES,
    dtype=st.sampled_from(["float32", "float64", "int64", "int8", "uint16", "float16"]),
    seed=st.integers(0, 2**32 - 1),
    which=st.sampled_from(["both", "lo", "hi"]),
)
def test_clip_with_scalar_bounds(n: int, dtype: str, seed: int, which: str) -> None:
    x = values(np.random.default_rng(seed), dtype, n, True)
    lo = -1 if which != "hi" else None
    hi = 5 if which != "lo" else None
    got = np.asarray(ferrule.clip(ferrule.asarray(x), lo, hi))
    with np.errstate(all="ignore"):
        want = np.clip(x, lo, hi)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


@given(n=SIZES, dtype=st.sampled_from(DTYPES), seed=st.integers(0, 2**32 - 1))
def test_concat_and_stack(n: int, dtype: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a, b = values(rng, dtype, n, False), values(rng, dtype, n, False)
    fa, fb = ferrule.asarray(a), ferrule.asarray(b)
    np.testing.assert_array_equal(np.asarray(ferrule.concat([fa, fb])), np.concatenate([a, b]))
    np.testing.assert_array_equal(np.asarray(ferrule.stack([fa, fb])), np.stack([a, b]))
    np.testing.assert_array_equal(np.asarray(ferrule.stack([fa, fb], axis=1)), np.stack([a, b], axis=1))
    mixed = ferrule.concat([fa, ferrule.asarray(b.astype(np.float64))])
    np.testing.assert_array_equal(np.asarray(mixed), np.concatenate([a, b.astype(np.float64)]))


SHORTCUT_OPS = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "equal", "less", "greater_equal"]


@given(
    dtype=st.sampled_from(["float32", "float64", "int64", "int32"]),
    layout=st.sampled_from(["contiguous", "step", "reversed", "transposed"]),
    op=st.sampled_from(SHORTCUT_OPS),
    scalar=st.sampled_from([3, -2, 0, 0.1, -0.0, 2.5, float("nan"), 1e40]),
    side=st.sampled_from(["left", "right", "tensor"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_tiny_op_shortcut_with_strided_views_and_python_scalars(
    dtype: str, layout: str, op: str, scalar: float, side: str, seed: int
) -> None:
    """The tiny-input shortcut takes strided views of one shape and a Python int or float of the
    tensor's dtype; every answer (value, dtype, errors) is numpy's under its NEP 50 rules."""
    rng = np.random.default_rng(seed)
    base = (rng.standard_normal((6, 8)) * 10).astype(dtype)
    base.flat[rng.integers(0, base.size, 2)] = 0
    if dtype.startswith("float"):
        base.flat[rng.integers(0, base.size)] = np.nan
    view = {
        "contiguous": lambda a: a,
        "step": lambda a: a.reshape(-1)[::3],
        "reversed": lambda a: a[::-1, ::2],
        "transposed": lambda a: a.T,
    }[layout]
    x = view(base)
    fx = view(ferrule.asarray(base.copy()))
    if side == "tensor":
        other = (rng.standard_normal(base.shape) * 10).astype(dtype)
        nargs, fargs = (x, view(other)), (fx, view(ferrule.asarray(other)))
    elif side == "left":
        nargs, fargs = (scalar, x), (scalar, fx)
    else:
        nargs, fargs = (x, scalar), (fx, scalar)
    try:
        with np.errstate(all="ignore"):
            want = getattr(np, op)(*nargs)
    except OverflowError:
        with pytest.raises(OverflowError):
            getattr(ferrule, op)(*fargs)
        return
    got = getattr(ferrule, op)(*fargs)
    assert str(got.dtype) == str(want.dtype)
    np.testing.assert_array_equal(np.asarray(got), want)


def test_tiny_op_shortcut_scalar_rules() -> None:
    """What the shortcut must leave to the general path: an int out of the dtype's range
    (numpy's OverflowError), a float beside integers (float64), bool and complex scalars; and
    `a *= 3.0` writes into `a` itself."""
    i32 = ferrule.asarray(np.arange(4, dtype=np.int32))
    with pytest.raises(OverflowError, match="out of bounds for int32"):
        i32 + 2**40
    assert str((ferrule.asarray(np.arange(4)) * 1.5).dtype) == "float64"
    assert (ferrule.asarray(np.arange(4)) * 1.5).tolist() == [0.0, 1.5, 3.0, 4.5]
    assert str((ferrule.asarray(np.ones(3, np.float32)) + True).dtype) == "float32"
    assert str((ferrule.asarray(np.ones(3, np.float32)) * 1j).dtype) == "complex64"
    a = ferrule.asarray(np.arange(4, dtype=np.float32))
    before = a
    a *= 3.0
    assert a is before and a.tolist() == [0.0, 3.0, 6.0, 9.0]
    s = ferrule.asarray(np.arange(8, dtype=np.float64))[::2]
    assert ferrule.multiply(s, 2.0, out=ferrule.empty(4, dtype="float64")).tolist() == [
        0.0,
        4.0,
        8.0,
        12.0,
    ]
