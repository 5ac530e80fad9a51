"""What the Python Array API standard asks beyond the operators' arithmetic: the error kinds and
return types it names (isdtype, expand_dims, unstack and the other functions returning several
arrays, eye's unbounded offset, ``x @= y``, vector_norm's default), and what 2025.12 adds (isin,
broadcast_shapes, expand_dims with a tuple of axes; linalg.eig in test_linalg.py) against numpy
as the oracle. test_array_api_audit.py checks the whole namespace against the
standard's reference implementation.
"""

from __future__ import annotations

import inspect
from typing import Any

import ferrule
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

SETTINGS = settings(
    max_examples=40 * settings.default.max_examples // 100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

STANDARD_DTYPES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
]


# --- the listed bugs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", STANDARD_DTYPES)
def test_isdtype_of_a_dtype_is_equality(name: str) -> None:
    dtype = getattr(ferrule, name)
    assert ferrule.isdtype(dtype, dtype) is True
    others = [getattr(ferrule, n) for n in STANDARD_DTYPES if n != name]
    assert not any(ferrule.isdtype(dtype, other) for other in others)
    assert ferrule.isdtype(dtype, tuple(others)) is False
    assert ferrule.isdtype(dtype, (others[0], dtype)) is True
    assert ferrule.isdtype(dtype, ("real floating", dtype)) is True


def test_isdtype_takes_keywords_as_the_standard_does() -> None:
    assert ferrule.isdtype(dtype=ferrule.float32, kind="real floating") is True
    params = inspect.signature(ferrule.isdtype).parameters
    assert [(p.name, p.kind) for p in params.values()] == [
        ("dtype", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("kind", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    ]
    with pytest.raises(ValueError, match="isdtype.*unknown kind 'floating'"):
        ferrule.isdtype(ferrule.float32, "floating")


@pytest.mark.parametrize("ndim", [0, 1, 3])
def test_expand_dims_out_of_range_axis_is_an_index_error(ndim: int) -> None:
    x = ferrule.zeros((2,) * ndim)
    for axis in (ndim + 1, -ndim - 2, 2**40):
        with pytest.raises(IndexError, match=r"expand_dims\(\) argument 'axis'"):
            ferrule.expand_dims(x, axis=axis)
    for axis in range(-ndim - 1, ndim + 1):
        assert ferrule.expand_dims(x, axis=axis).shape == np.expand_dims(np.zeros((2,) * ndim), axis).shape


@st.composite
def expand_dims_case(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A shape and a tuple of distinct positions of the expanded result, each drawn as itself or
    as its negative form (2025.12: positions count in the result, of ``ndim + len(axis)`` dims)."""
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=3))
    count = draw(st.integers(0, 3))
    m = len(shape) + count
    positions = draw(st.lists(st.integers(0, max(m - 1, 0)), min_size=count, max_size=count, unique=True))
    return shape, tuple(draw(st.sampled_from([p, p - m])) for p in positions)


@SETTINGS
@given(case=expand_dims_case())
@example(case=((2, 3), (0, -1)))
@example(case=((2,), (-3, 1)))
def test_expand_dims_with_a_tuple_of_axes_matches_numpy(case: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    shape, axis = case
    a = np.arange(int(np.prod(shape))).reshape(shape)
    t = ferrule.asarray(a)
    got = ferrule.expand_dims(t, axis=axis)
    want = np.expand_dims(a, axis)
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)
    t[...] = -1  # a view, as with one axis
    assert int(ferrule.max(got)) == -1


def test_expand_dims_with_a_tuple_of_axes_errors() -> None:
    x = ferrule.zeros((2, 3))
    # positions live in the result (4 dims for two axes): 4 and -5 are out of range
    for axis in ((0, 4), (-5, 1)):
        with pytest.raises(IndexError, match=r"expand_dims\(\) argument 'axis'"):
            ferrule.expand_dims(x, axis=axis)
    with pytest.raises(ValueError, match=r"expand_dims\(\) argument 'axis': repeated axis -4 \(position 0"):
        ferrule.expand_dims(x, axis=(0, -4))
    with pytest.raises(TypeError, match=r"expand_dims\(\) argument 2 'axis'"):
        ferrule.expand_dims(x, axis=(0, 1.5))
    assert ferrule.expand_dims(x, axis=()).shape == (2, 3)
    assert ferrule.expand_dims(x).shape == (1, 2, 3)  # the pre-2025.12 default axis=0 is kept


def test_imatmul_is_matmul_in_place() -> None:
    rng = np.random.default_rng(7)
    for dtype, shape in (("float64", (3, 3)), ("float32", (2, 4, 4)), ("int64", (3, 3)), ("complex128", (2, 2))):
        a = rng.standard_normal(shape).astype(dtype)
        b = rng.standard_normal(shape[-2:]).astype(dtype)
        if np.dtype(dtype).kind == "c":
            a, b = a + 1j, b - 2j
        x = ferrule.asarray(a.copy())
        before = x
        x @= ferrule.asarray(b)
        assert x is before and str(x.dtype) == dtype and x.shape == shape
        np.testing.assert_allclose(np.asarray(x), a @ b, rtol=1e-5)
    # it reads the rows it overwrites: the product goes through a temporary
    x = ferrule.asarray([[1.0, 2.0], [3.0, 4.0]])
    x @= x
    np.testing.assert_array_equal(np.asarray(x), [[7.0, 10.0], [15.0, 22.0]])
    # x keeps its shape and dtype, so the product must have them: other shapes and dtypes fail
    x = ferrule.zeros((2, 3))
    with pytest.raises(ValueError, match="matmul"):
        x @= ferrule.zeros((3, 4))
    with pytest.raises((TypeError, ValueError), match="matmul"):
        y = ferrule.zeros((2, 2), dtype=ferrule.float32)
        y @= ferrule.zeros((2, 2), dtype=ferrule.float64)


def test_vector_norm_ord_defaults_to_the_int_2() -> None:
    default = inspect.signature(ferrule.linalg.vector_norm).parameters["ord"].default
    assert type(default) is int and default == 2
    x = ferrule.asarray([3.0, -4.0])
    assert float(ferrule.linalg.vector_norm(x)) == 5.0
    for ord_ in (1, 1.0, 3, 0.5, ferrule.inf, -ferrule.inf, 0):
        want = np.linalg.norm(np.array([3.0, -4.0]), ord=ord_)
        assert float(ferrule.linalg.vector_norm(x, ord=ord_)) == pytest.approx(want)


def test_functions_returning_several_arrays_return_tuples() -> None:
    a = np.arange(6).reshape(2, 3)
    parts = ferrule.unstack(ferrule.asarray(a), axis=1)
    assert type(parts) is tuple and len(parts) == 3
    for got, want in zip(parts, [a[:, i] for i in range(3)], strict=True):
        np.testing.assert_array_equal(np.asarray(got), want)
    assert ferrule.unstack(ferrule.zeros((0, 2))) == ()
    grids = ferrule.meshgrid(ferrule.arange(3), ferrule.arange(2))
    assert type(grids) is tuple and [g.shape for g in grids] == [(2, 3), (2, 3)]
    assert ferrule.meshgrid() == ()
    views = ferrule.broadcast_arrays(ferrule.zeros((2, 1)), ferrule.zeros(3))
    assert type(views) is tuple and [v.shape for v in views] == [(2, 3), (2, 3)]
    assert type(ferrule.nonzero(ferrule.asarray([0, 1]))) is tuple


@pytest.mark.parametrize("k", [2**63, -(2**63) - 1, 2**100, -(2**100), 2**63 - 1, -(2**63)])
@pytest.mark.parametrize("shape", [(2, None), (3, 5), (0, 4)])
def test_eye_offset_beyond_int64_gives_zeros_as_numpy(k: int, shape: tuple[int, int | None]) -> None:
    got = ferrule.eye(*shape, k=k, dtype=ferrule.int8)
    want = np.eye(*shape, k=k, dtype=np.int8)
    assert got.shape == want.shape and got.dtype == ferrule.int8
    np.testing.assert_array_equal(np.asarray(got), want)


def test_eye_offset_within_range_unchanged() -> None:
    for k in (-3, -1, 0, 1, 2, 7):
        np.testing.assert_array_equal(np.asarray(ferrule.eye(3, 4, k=k)), np.eye(3, 4, k=k))
    with pytest.raises(TypeError, match="eye"):
        ferrule.eye(2, k=1.5)


# --- isin --------------------------------------------------------------------------------------------

ISIN_DTYPES = ["bool", "int8", "int32", "int64", "uint8", "uint64", "float32", "float64", "complex128"]


def _isin_arrays(draw: Any) -> tuple[np.ndarray, np.ndarray]:
    d1 = draw(st.sampled_from(ISIN_DTYPES))
    d2 = draw(st.sampled_from(ISIN_DTYPES))
    small = st.integers(-4, 4)

    def elements(dtype: str) -> st.SearchStrategy[Any]:
        if dtype == "bool":
            return st.booleans()
        if dtype.startswith("uint"):
            return st.integers(0, 4)
        if dtype.startswith("int"):
            return small
        base = st.one_of(small.map(float), st.sampled_from([0.5, -0.0, float("nan"), float("inf")]))
        if dtype.startswith("complex"):
            return st.builds(complex, base, st.sampled_from([0.0, 1.0]))
        return base

    shape1 = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    shape2 = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=6))
    a = draw(hnp.arrays(d1, shape1, elements=elements(d1)))
    b = draw(hnp.arrays(d2, shape2, elements=elements(d2)))
    return a, b


@SETTINGS
@given(data=st.data(), invert=st.booleans())
def test_isin_matches_numpy(data: st.DataObject, invert: bool) -> None:
    a, b = _isin_arrays(data.draw)
    got = ferrule.isin(ferrule.asarray(a), ferrule.asarray(b), invert=invert)
    # numpy compares in the promoted dtype too (ferrule's promotion has no mixed int/uint
    # surprises for these small values, so numpy's answer is the standard's)
    want = np.isin(a, b, invert=invert)
    assert got.dtype == ferrule.bool and got.shape == a.shape
    np.testing.assert_array_equal(np.asarray(got), want)


def test_isin_special_values_and_scalars() -> None:
    x = ferrule.asarray([0.0, -0.0, float("nan"), 1.0, float("inf")])
    np.testing.assert_array_equal(
        np.asarray(ferrule.isin(x, ferrule.asarray([-0.0, float("nan"), float("inf")]))),
        [True, True, False, False, True],
    )
    np.testing.assert_array_equal(np.asarray(ferrule.isin(x, 1.0)), [False, False, False, True, False])
    assert bool(ferrule.isin(2, ferrule.asarray([1, 2, 3]))) is True
    assert ferrule.isin(2, ferrule.asarray([1, 2, 3])).shape == ()
    # a strided, reversed x1 and a 2-D x2 (any shape: its elements form the set)
    a = np.arange(12).reshape(3, 4)
    got = ferrule.isin(ferrule.asarray(a)[::-1, ::2], ferrule.asarray([[3, 8], [10, 100]]))
    np.testing.assert_array_equal(np.asarray(got), np.isin(a[::-1, ::2], [3, 8, 10, 100]))
    with pytest.raises(TypeError, match="isin.*at least one of x1, x2 must be a tensor"):
        ferrule.isin(1, 2)


# --- broadcast_shapes --------------------------------------------------------------------------------


@SETTINGS
@given(shapes=st.lists(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=3), max_size=4))
@example(shapes=[])
@example(shapes=[(0, 1), (1, 5)])
def test_broadcast_shapes_matches_numpy(shapes: list[tuple[int, ...]]) -> None:
    try:
        want: tuple[int, ...] | None = np.broadcast_shapes(*shapes)
    except ValueError:
        want = None
    if want is None:
        with pytest.raises(ValueError, match=r"broadcast_shapes\(\) argument \d+: shape .* cannot be broadcast"):
            ferrule.broadcast_shapes(*shapes)
    else:
        got = ferrule.broadcast_shapes(*shapes)
        assert type(got) is tuple and got == want
        assert all(type(d) is int for d in got)


def test_broadcast_shapes_bad_arguments() -> None:
    assert ferrule.broadcast_shapes((2, np.int64(3)), [3]) == (2, 3)
    for bad in (3, "ab", ferrule.asarray(2), range(3)):
        with pytest.raises(TypeError, match=r"broadcast_shapes\(\) argument 1: expected a tuple of ints"):
            ferrule.broadcast_shapes((2,), bad)
    with pytest.raises(TypeError, match=r"broadcast_shapes\(\) argument 0: .*float"):
        ferrule.broadcast_shapes((2.0,))
    with pytest.raises(ValueError, match=r"broadcast_shapes\(\) argument 0: negative dimension -1 at index 1"):
        ferrule.broadcast_shapes((2, -1))
