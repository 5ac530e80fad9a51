"""numpy arrays and scalars wherever a tensor or scalar is taken, and numpy's protocols
(``__array_ufunc__``, ``__array_function__``) on ferrule tensors (issue 21, item 1)."""

from __future__ import annotations

import ferrule
import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st


def t_of(a: np.ndarray) -> ferrule.Tensor:
    return ferrule.asarray(np.array(a))


# --- numpy arrays as arguments, from both sides ---------------------------------------------------


def test_operators_take_numpy_arrays_from_both_sides() -> None:
    t = ferrule.asarray([1.0, 2.0, 3.0])
    for result in (t + np.ones(3), np.ones(3) + t, t * np.full(3, 2.0), np.full(3, 2.0) * t, t - np.ones(3)):
        assert type(result) is ferrule.Tensor
    assert (t + np.ones(3)).tolist() == [2.0, 3.0, 4.0]
    assert (np.ones(3) - t).tolist() == [0.0, -1.0, -2.0]
    assert (np.arange(3.0) @ t).tolist() == 8.0
    assert (t == np.array([1.0, 0.0, 3.0])).tolist() == [True, False, True]
    assert (np.array([1.0, 0.0, 3.0]) < t).tolist() == [False, True, False]
    u = ferrule.asarray([1.0, 2.0, 3.0])
    u += np.ones(3)
    assert u.tolist() == [2.0, 3.0, 4.0]


def test_functions_take_numpy_arrays() -> None:
    a = np.linspace(0.0, 1.0, 5)
    r = ferrule.sin(a)
    assert type(r) is ferrule.Tensor
    np.testing.assert_allclose(np.asarray(r), np.sin(a))
    assert ferrule.concat([np.ones(2), ferrule.zeros(2)]).tolist() == [1.0, 1.0, 0.0, 0.0]
    assert ferrule.where(np.array([True, False]), np.ones(2), 0.0).tolist() == [1.0, 0.0]


def test_numpy_arrays_are_shared_not_copied() -> None:
    out = np.zeros(3)
    ferrule.add(ferrule.asarray([1.0, 2.0, 3.0]), 1.0, out=out)  # out= writes into numpy's memory
    assert out.tolist() == [2.0, 3.0, 4.0]
    strided = np.zeros((3, 4))[:, ::2]  # a strided view: still shared
    ferrule.add(ferrule.ones((3, 2)), 1.0, out=strided)
    assert strided.base is not None and (strided == 2.0).all()
    backwards = np.arange(4.0)[::-1]
    assert ferrule.positive(backwards).tolist() == [3.0, 2.0, 1.0, 0.0]
    read_only = np.zeros(2)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ferrule.add(ferrule.ones(2), 1.0, out=read_only)


def test_arrays_ferrule_cannot_share_are_converted_or_refused() -> None:
    big_endian = np.arange(4, dtype=">i4")
    assert ferrule.positive(big_endian).tolist() == [0, 1, 2, 3]
    assert ferrule.positive(big_endian).dtype == ferrule.int32
    with pytest.raises(TypeError, match=r"sin.*<U1|sin.*dtype"):
        ferrule.sin(np.array(["a"]))
    with pytest.raises(TypeError, match="sin.*MaskedArray"):
        ferrule.sin(np.ma.masked_array([1.0, 2.0], mask=[0, 1]))


def test_zero_dimensional_arrays() -> None:
    r = ferrule.add(np.array(2.0), 1.0)
    assert r.shape == () and r.tolist() == 3.0


# --- numpy scalars: strong where a tensor is declared, Python scalars elsewhere -----------------------


@pytest.mark.parametrize(
    ("tensor_dtype", "scalar"),
    [
        ("float16", np.float32(1)),
        ("float32", np.float64(1)),
        ("float32", np.float16(1)),
        ("int8", np.int64(1)),
        ("int64", np.int8(1)),
        ("uint8", np.int16(1)),
        ("int32", np.float32(1)),
        ("bool", np.bool_(True)),
        ("float64", np.complex64(1)),
    ],
)
def test_numpy_scalars_are_strong_as_in_numpy_2(tensor_dtype: str, scalar: np.generic) -> None:
    """NEP 50: a numpy scalar keeps its dtype in promotion, like a 0-d array."""
    a = np.ones(3, dtype=tensor_dtype)
    t = ferrule.asarray(a)
    expected = (a + scalar).dtype
    assert (t + scalar).dtype == expected
    assert (scalar + t).dtype == expected
    assert ferrule.add(t, scalar).dtype == expected
    assert ferrule.multiply(scalar, t).dtype == (scalar * a).dtype


def test_python_scalars_stay_weak() -> None:
    t = ferrule.ones(2, dtype="float16")
    assert (t + 1.0).dtype == ferrule.float16 and (t + 1).dtype == ferrule.float16


def test_numpy_scalars_where_ints_and_scalars_are_taken() -> None:
    t = ferrule.asarray([[1.0, 2.0], [3.0, 4.0]])
    assert ferrule.sum(t, axis=np.int64(0)).tolist() == [4.0, 6.0]
    assert ferrule.zeros(np.int32(3)).shape == (3,)
    assert ferrule.full((2,), np.float32(1.5)).tolist() == [1.5, 1.5]
    assert t[np.int64(1)].tolist() == [3.0, 4.0]
    assert ferrule.reshape(t, (np.int64(4),)).shape == (4,)


# --- indexing -----------------------------------------------------------------------------------


def test_numpy_arrays_as_indices() -> None:
    n = np.arange(10)
    a = ferrule.asarray(n * 10)
    assert a[np.array([0, 2])].tolist() == [0, 20]
    assert a[n > 5].tolist() == [60, 70, 80, 90]
    assert a[np.int64(3)].tolist() == 30
    a[n < 2] = np.array([-1, -2])
    assert a[:3].tolist() == [-1, -2, 20]


# --- __array_ufunc__ ----------------------------------------------------------------------------


def test_ufuncs_return_tensors_computed_by_ferrule() -> None:
    t = ferrule.asarray([0.0, 0.5, 1.0])
    for f in (np.sin, np.exp, np.sqrt, np.negative, np.arcsin, np.asin, np.rint, np.isnan):
        r = f(t)
        assert type(r) is ferrule.Tensor, f
        np.testing.assert_allclose(np.asarray(r), f(np.asarray(t)))
    assert type(np.add(t, 1)) is ferrule.Tensor
    assert np.add(t, 1).tolist() == [1.0, 1.5, 2.0]
    assert np.power(t, 2).tolist() == [0.0, 0.25, 1.0]
    assert np.maximum(np.array([0.25, 0.25, 2.0]), t).tolist() == [0.25, 0.5, 2.0]


def test_ufunc_keywords() -> None:
    t = ferrule.asarray([1.0, 2.0])
    out = ferrule.zeros(2)
    assert np.add(t, 1, out=out) is out and out.tolist() == [2.0, 3.0]
    arr = np.zeros(2)
    assert np.multiply(t, 2, out=arr) is arr and arr.tolist() == [2.0, 4.0]
    assert np.add(t, 1, dtype=np.float32).dtype == ferrule.float32
    ints = ferrule.asarray([1, 2])
    with pytest.raises(TypeError, match="cannot cast from float64 to int64"):
        np.add(ints, 0.5, out=ints)
    with pytest.raises(TypeError, match="numpy.add.*'where'"):
        np.add(t, 1, where=np.array([True, False]))


def test_ufunc_methods() -> None:
    t = ferrule.asarray([[1, 2], [3, 4]])
    assert np.add.reduce(t, axis=0).tolist() == [4, 6]
    assert np.multiply.reduce(t, axis=1).tolist() == [2, 12]
    assert np.maximum.reduce(t, axis=None).tolist() == 4
    assert np.add.accumulate(t, axis=1).tolist() == [[1, 3], [3, 7]]
    with pytest.raises(TypeError, match=r"numpy.add.outer is not implemented by ferrule"):
        np.add.outer(t, t)


def test_a_ufunc_ferrule_lacks_is_a_clear_type_error() -> None:
    t = ferrule.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match=r"numpy.fmod is not implemented by ferrule.*numpy.asarray"):
        np.fmod(t, 2.0)


@given(
    hnp.arrays(np.float64, hnp.array_shapes(max_dims=3, max_side=4), elements=st.floats(-10, 10)),
    st.sampled_from(["sin", "cos", "exp", "tanh", "abs", "square", "negative", "floor", "sign"]),
)
def test_unary_ufuncs_match_numpy(a: np.ndarray, name: str) -> None:
    f = getattr(np, name)
    r = f(ferrule.asarray(a))
    assert type(r) is ferrule.Tensor and r.shape == a.shape
    np.testing.assert_allclose(np.asarray(r), f(a), rtol=1e-12, atol=1e-12)


@given(
    hnp.arrays(np.float32, (3, 4), elements=st.floats(-10, 10, width=32)),
    hnp.arrays(np.float32, (4,), elements=st.floats(0.5, 10, width=32)),
    st.sampled_from(["add", "subtract", "multiply", "divide", "maximum", "minimum", "hypot"]),
)
def test_binary_ufuncs_match_numpy(a: np.ndarray, b: np.ndarray, name: str) -> None:
    f = getattr(np, name)
    for r in (f(ferrule.asarray(a), b), f(a, ferrule.asarray(b))):
        assert type(r) is ferrule.Tensor and r.dtype == ferrule.float32
        np.testing.assert_allclose(np.asarray(r), f(a, b), rtol=1e-6)


# --- __array_function__ ---------------------------------------------------------------------------


def test_numpy_functions_return_tensors_computed_by_ferrule() -> None:
    a = np.arange(6.0).reshape(2, 3)
    t = ferrule.asarray(a)
    cases = [
        (np.sum, (), {}),
        (np.sum, (), {"axis": 0}),
        (np.sum, (1,), {"keepdims": True}),
        (np.mean, (), {"axis": 0}),
        (np.mean, (0,), {}),
        (np.std, (), {"axis": 1, "ddof": 1}),
        (np.var, (), {}),
        (np.max, (), {"axis": 1}),
        (np.min, (), {}),
        (np.prod, (), {"axis": 0}),
        (np.argmax, (), {"axis": 1}),
        (np.cumsum, (), {}),
        (np.cumsum, (), {"axis": 1}),
        (np.reshape, ((3, 2),), {}),
        (np.transpose, (), {}),
        (np.clip, (1.0, 4.0), {}),
        (np.flip, (), {"axis": 0}),
        (np.sort, (), {"axis": 0}),
        (np.ravel, (), {}),
        (np.where, (t > 2, 0.0), {}),
    ]
    for f, args, kwargs in cases:
        r = f(t, *args, **kwargs)
        assert type(r) is ferrule.Tensor, f
        np_args = tuple(np.asarray(x) if isinstance(x, ferrule.Tensor) else x for x in args)
        np.testing.assert_allclose(np.asarray(r), f(a, *np_args, **kwargs), err_msg=f.__name__)
    cat = np.concatenate([t, t])
    assert type(cat) is ferrule.Tensor and cat.shape == (4, 3)
    assert np.concatenate([t, a], axis=1).shape == (2, 6)
    assert np.stack([t, t]).shape == (2, 2, 3)
    assert np.shape(t) == (2, 3) and np.ndim(t) == 2 and np.size(t) == 6
    assert type(np.zeros_like(t)) is ferrule.Tensor and np.ones_like(t, dtype=np.float32).dtype == ferrule.float32
    assert np.full_like(t, 7.0, shape=(4,)).tolist() == [7.0] * 4


def test_reductions_with_numpy_keywords() -> None:
    t = ferrule.asarray([[1, 2], [3, 4]])
    assert np.sum(t, dtype=np.float32).dtype == ferrule.float32
    out = ferrule.zeros(2)
    assert np.sum(t, axis=0, out=out) is out and out.tolist() == [4.0, 6.0]
    assert np.mean(t).dtype == ferrule.float64  # integers average in float64, as numpy
    assert np.mean(t, axis=0, keepdims=True).shape == (1, 2)


def test_a_numpy_function_ferrule_lacks_is_a_clear_type_error() -> None:
    t = ferrule.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match=r"numpy.median\(\) is not implemented by ferrule.*numpy.asarray"):
        np.median(t)


def test_asarray_is_the_explicit_way_into_numpy() -> None:
    t = ferrule.asarray([1.0, 2.0])
    a = np.asarray(t)
    assert type(a) is np.ndarray and np.shares_memory(a, np.asarray(t))
    assert np.median(a) == 1.5


def test_in_place_operators_cast_numpy_scalars_as_numpy_does() -> None:
    """Strong in promotion, but in place a numpy scalar is cast to the tensor's dtype (numpy's
    same_kind rule): `t *= np.sqrt(2.0)` keeps a float32 tensor float32."""
    t = ferrule.ones(2, dtype="float32")
    t *= np.sqrt(4.0)
    assert t.dtype == ferrule.float32 and t.tolist() == [2.0, 2.0]
    i = ferrule.asarray([1, 2], dtype="int8")
    i += np.int64(3)
    assert i.dtype == ferrule.int8 and i.tolist() == [4, 5]
    with pytest.raises(TypeError, match=r"x \+= y \(add\)"):
        i += np.float64(0.5)  # float into int: not same_kind, as in numpy
