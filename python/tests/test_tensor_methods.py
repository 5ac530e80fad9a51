"""The Tensor methods numpy users reach for, with numpy's keywords, against numpy (issue 21,
item 4: reshape, flatten, copy, ravel, clip, sum/mean/prod/max/min/std/var/any/all/argmax/argmin/
cumsum)."""

from __future__ import annotations

import ferrule
import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st


def test_reshape_flatten_ravel_copy() -> None:
    a = np.arange(6.0)
    t = ferrule.asarray(a)
    assert t.reshape(2, 3).shape == (2, 3) and t.reshape((3, 2)).shape == (3, 2) and t.reshape(-1, 2).shape == (3, 2)
    view = t.reshape(2, 3)
    view[0, 0] = 9.0  # a view: reshape shares memory where the layout allows
    assert a[0] == 9.0
    flat = t.reshape(2, 3).flatten()
    flat[0] = -1.0  # flatten copies
    assert flat.shape == (6,) and a[0] == 9.0
    r = t.reshape(2, 3).ravel()
    r[1] = 5.0  # ravel views a contiguous tensor
    assert a[1] == 5.0
    assert t.reshape(2, 3).T.ravel().tolist() == a.reshape(2, 3).T.ravel().tolist()
    c = t.copy()
    c[0] = 100.0
    assert a[0] == 9.0 and c.dtype == t.dtype
    with pytest.raises(ValueError, match=r"reshape\(\).*order='F'"):
        t.reshape(2, 3, order="F")
    with pytest.raises(ValueError, match="reshape"):
        t.reshape(4, 4)


def test_clip() -> None:
    t = ferrule.asarray([-2.0, 0.5, 3.0])
    assert t.clip(0.0, 1.0).tolist() == [0.0, 0.5, 1.0]
    assert t.clip(max=0.0).tolist() == [-2.0, 0.0, 0.0]
    assert t.clip(min=0.0).tolist() == [0.0, 0.5, 3.0]
    out = ferrule.zeros(3)
    assert t.clip(0.0, 1.0, out=out) is out and out.tolist() == [0.0, 0.5, 1.0]


def test_reductions_take_axis_positionally_and_numpy_keywords() -> None:
    a = np.arange(12.0).reshape(3, 4)
    t = ferrule.asarray(a)
    assert t.sum(0).tolist() == a.sum(0).tolist()
    assert t.sum(axis=(0, 1), keepdims=True).shape == (1, 1)
    assert t.sum(dtype=np.float32).dtype == ferrule.float32
    assert t.sum(dtype="float32").dtype == ferrule.float32
    assert t.mean(1).tolist() == a.mean(1).tolist()
    assert float(t.std(ddof=1)) == pytest.approx(a.std(ddof=1))
    assert t.var(axis=0, correction=1).tolist() == pytest.approx(a.var(axis=0, ddof=1).tolist())
    assert t.max(1).tolist() == a.max(1).tolist() and t.min(0).tolist() == a.min(0).tolist()
    assert t.argmax().tolist() == 11 and t.argmin(1).tolist() == [0, 0, 0]
    assert t.prod(0).tolist() == a.prod(0).tolist()
    assert t.cumsum().tolist() == a.cumsum().tolist()
    assert t.cumsum(1).tolist() == a.cumsum(1).tolist()
    b = ferrule.asarray([[True, False], [True, True]])
    assert b.any(0).tolist() == [True, True] and b.all(1).tolist() == [False, True]
    with pytest.raises(TypeError, match=r"Tensor.sum\(\).*'where'"):
        t.sum(where=np.ones((3, 4), dtype=bool))
    with pytest.raises(ValueError, match="ddof and correction"):
        t.std(ddof=1, correction=1)


def test_out_takes_tensors_and_numpy_arrays() -> None:
    t = ferrule.asarray([[1.0, 2.0], [3.0, 4.0]])
    out = ferrule.zeros(2)
    assert t.sum(axis=0, out=out) is out and out.tolist() == [4.0, 6.0]
    arr = np.zeros(2, dtype=np.float32)
    assert t.max(axis=1, out=arr) is arr and arr.tolist() == [2.0, 4.0]
    with pytest.raises(ValueError, match=r"Tensor.mean\(\): argument 'out' has shape \(3,\)"):
        t.mean(axis=0, out=ferrule.zeros(3))
    with pytest.raises(TypeError, match=r"Tensor.sum\(\): argument 'out' must be"):
        t.sum(out=[0.0])


def test_astype_takes_numpy_dtypes_and_keywords() -> None:
    t = ferrule.asarray([1.5, 2.5])
    assert t.astype(np.float32).dtype == ferrule.float32
    assert t.astype(np.dtype("int32")).tolist() == [1, 2]
    assert t.astype("f4").dtype == ferrule.float32 and t.astype("<i8").dtype == ferrule.int64
    assert t.astype("float64", copy=False) is t
    with pytest.raises(TypeError, match="cannot cast from float64 to int32"):
        t.astype(np.int32, casting="safe")
    assert t.astype(np.float32, casting="same_kind").dtype == ferrule.float32


@given(
    hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=4), elements=st.floats(-100, 100)),
    st.sampled_from(["sum", "mean", "prod", "max", "min", "std", "var", "argmax", "argmin", "cumsum"]),
    st.data(),
)
def test_reductions_match_numpy(a: np.ndarray, name: str, data: st.DataObject) -> None:
    axis = data.draw(st.sampled_from([None, *range(a.ndim)]))
    kwargs = {"keepdims": data.draw(st.booleans())} if name not in ("cumsum", "argmax", "argmin") else {}
    if name in ("max", "min", "argmax", "argmin") and a.size == 0:
        return
    r = getattr(ferrule.asarray(a), name)(axis, **kwargs)
    expected = getattr(a, name)(axis, **kwargs)
    assert r.shape == np.shape(expected)
    np.testing.assert_allclose(np.asarray(r), expected, rtol=1e-9, atol=1e-9)


def test_tolist_beyond_numpys_64_dimensions() -> None:
    """numpy (and memoryview) stop at 64 dimensions; ferrule's tensors do not, nor does tolist()."""
    t = ferrule.arange(6.0).reshape((2, *(1,) * 64, 3))
    nested = t.tolist()
    for _ in range(64):
        nested = [row[0] for row in nested]
    assert nested == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert ferrule.empty((1,) * 65).tolist() is not None
