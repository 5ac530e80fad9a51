"""ferrule.Tensor: construction from Python data, metadata, numpy conversion."""

from __future__ import annotations

import ctypes

import ferrule
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

DTYPES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]


def test_from_nested_lists():
    t = ferrule.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert t.shape == (2, 2)
    assert t.dtype is ferrule.float64
    assert t.ndim == 2
    assert t.size == 4
    assert t.strides == (16, 8)
    assert t.device == "cpu:0"
    assert len(t) == 2
    assert t.tolist() == [[1.0, 2.0], [3.0, 4.0]]


_PLAIN = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
)


@given(
    items=st.lists(_PLAIN, min_size=1, max_size=12),
    container=st.sampled_from([list, tuple, None]),
    make=st.sampled_from([ferrule.asarray, ferrule.Tensor]),
)
def test_plain_python_numbers_convert_as_numpy_does(items: list[object], container: object, make: object) -> None:
    # bools, ints and floats (and flat lists or tuples of them) are converted natively, without
    # numpy: the dtype is numpy's (the widest of bool, int64, float64), and so is every bit
    data = items[0] if container is None else container(items)  # type: ignore[operator]
    got = make(data)  # type: ignore[operator]
    want = np.asarray(data)
    assert got.dtype == ferrule.DType(want.dtype)
    assert got.shape == want.shape
    assert np.asarray(got).tobytes() == want.tobytes()


def test_plain_python_numbers_outside_the_native_path_still_follow_numpy() -> None:
    assert ferrule.asarray([]).dtype is ferrule.float64 and ferrule.asarray([]).shape == (0,)
    beyond = [1, 2**64 - 1]  # an int beyond int64: numpy's rule, through numpy
    assert ferrule.asarray(beyond).dtype == ferrule.DType(np.asarray(beyond).dtype)
    assert ferrule.asarray([[1, 2], [3, 4]]).dtype is ferrule.int64
    assert ferrule.asarray([1, 2.5 + 1j]).dtype is ferrule.complex128

    class Sub(ferrule.Tensor):
        pass

    sub = Sub([1.0, 2.0])
    assert type(sub) is Sub and sub.tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match=r"asarray\(\)"):
        ferrule.asarray([1, "a"])


def test_constructor_forms():
    assert ferrule.Tensor([1, 2]).dtype is ferrule.int64
    assert ferrule.Tensor([1, 2], dtype="float32").dtype is ferrule.float32
    assert ferrule.Tensor(data=[1], dtype=np.uint8).dtype is ferrule.uint8


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_round_trips_through_numpy(dtype):
    a = (np.arange(6) % 2 if dtype == "bool" else np.arange(6)).astype(dtype).reshape(2, 3)
    t = ferrule.tensor(a)
    assert str(t.dtype) == dtype
    assert t.shape == (2, 3)
    assert t.strides == a.strides
    b = t.numpy()
    assert b.dtype == a.dtype
    np.testing.assert_array_equal(b, a)


def test_scalar_and_empty_tensors():
    s = ferrule.tensor(3.5)
    assert s.shape == () and s.ndim == 0 and s.size == 1
    assert s.tolist() == 3.5
    with pytest.raises(TypeError):
        len(s)
    e = ferrule.tensor(np.zeros((0, 3), dtype=np.float32))
    assert e.shape == (0, 3) and e.size == 0
    assert e.numpy().shape == (0, 3)


def test_non_contiguous_and_big_endian_inputs_are_copied():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)[:, ::2]
    np.testing.assert_array_equal(ferrule.tensor(a).numpy(), a)
    b = np.arange(4, dtype=">f8")
    t = ferrule.tensor(b)
    assert t.dtype is ferrule.float64
    np.testing.assert_array_equal(t.numpy(), b)


def test_numpy_copy_is_independent():
    t = ferrule.tensor([1, 2, 3])
    a = t.numpy()
    a[0] = 100
    assert t.tolist() == [1, 2, 3]


def test_buffer_view_is_writable_and_shares_memory():
    t = ferrule.tensor([1.0, 2.0])
    view = np.asarray(t)  # the buffer protocol: a view, not a copy
    assert view.flags.writeable and not memoryview(t).readonly
    view[0] = 5.0
    assert t.tolist() == [5.0, 2.0]  # ferrule sees numpy's write
    ferrule.add(t, 1.0, out=t)
    np.testing.assert_array_equal(view, [6.0, 3.0])  # and numpy sees ferrule's
    memoryview(t).cast("B")[0:8] = np.float64(7.0).tobytes()
    assert t.tolist() == [7.0, 3.0]


def test_buffer_view_of_a_read_only_tensor_stays_read_only():
    a = np.arange(3.0)
    a.flags.writeable = False
    t = ferrule.asarray(a)  # shares a's memory, read-only
    view = np.asarray(t)
    assert not view.flags.writeable and memoryview(t).readonly
    np.testing.assert_array_equal(view, [0.0, 1.0, 2.0])
    with pytest.raises(TypeError, match="read-only"):
        memoryview(t).cast("B")[0] = 1
    with pytest.raises(TypeError, match="not writable"):
        ctypes.c_char.from_buffer(t)  # asks for a writable buffer (ctypes rewords our BufferError)
    assert a.tolist() == [0.0, 1.0, 2.0]


def test_repr_looks_like_numpy():
    assert repr(ferrule.tensor([[1.0, 2.0]])) == "ferrule.Tensor([[1., 2.]], dtype=float64)"
    assert repr(ferrule.tensor([1, 2], dtype="int32")) == "ferrule.Tensor([1, 2], dtype=int32)"


def test_unsupported_inputs():
    with pytest.raises(TypeError):
        ferrule.tensor(["a", "b"])
    with pytest.raises(TypeError):
        ferrule.tensor([1], dtype="bfloat17")


def test_native_functions_read_and_make_tensors(testing):
    t = ferrule.tensor([[1.0, 2.0], [3.0, 4.5]])
    assert testing.tensor_sum(t) == 10.5
    assert testing.tensor_sum(ferrule.tensor([1, 2, 3], dtype="int64")) == 6
    f = testing.tensor_fill([2, 3], 1.5)
    assert isinstance(f, ferrule.Tensor)
    assert f.shape == (2, 3)
    np.testing.assert_array_equal(f.numpy(), np.full((2, 3), 1.5, dtype=f.dtype))


def test_tensor_argument_is_borrowed_not_copied(testing):
    t = ferrule.tensor([1.0])
    back = testing.echo(t)
    np.testing.assert_array_equal(np.asarray(back), np.asarray(t))
    assert np.asarray(back).__array_interface__["data"][0] == np.asarray(t).__array_interface__["data"][0]
