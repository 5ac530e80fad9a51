"""Indexing with numpy's rules, numpy as the oracle: ``x[index]`` and ``x[index] = value`` for random
shapes (0-d, empty), dtypes, layouts and index tuples mixing ints (Python, numpy, ``__index__``
objects, 0-d tensors), slices (negative steps, bounds of every integer kind), None, Ellipsis,
integer arrays (lists, nested lists, tuples, numpy arrays and tensors of every integer dtype,
broadcasting against each other, negative and out-of-range values) and boolean masks (lists,
arrays, tensors, 0-d, 0-size dims). Whatever numpy does, ferrule does: the same result, a view
exactly when numpy's is one, and an error of the same kind when numpy raises.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
DTYPES += ["float16", "float32", "float64", "complex64", "complex128"]
INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
ERRORS = (IndexError, ValueError, TypeError, OverflowError)


class Idx:
    """An integer-like object: only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Idx({self.value})"


@dataclass
class Rendered:
    """One index item as numpy gets it and as ferrule gets it."""

    np_item: Any
    fr_item: Any
    advanced: bool = False


# ---------------------------------------------------------------- strategies


@st.composite
def arrays(draw: st.DrawFn) -> tuple[np.ndarray, ferrule.Tensor]:
    """A numpy array and a ferrule tensor with its values: contiguous, reversed or transposed."""
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    shape = tuple(draw(st.lists(st.integers(0, 4), max_size=4)))
    n = int(np.prod(shape))
    values = draw(st.lists(st.integers(-20, 20), min_size=n, max_size=n))
    if dtype.kind == "b":
        a = (np.array(values, dtype=np.int64) > 0).reshape(shape)
    elif dtype.kind == "u":
        a = np.abs(np.array(values, dtype=np.int64)).astype(dtype).reshape(shape)
    else:
        a = np.array(values, dtype=np.int64).astype(dtype).reshape(shape)
    layout = draw(st.sampled_from(["plain", "reversed", "transposed"]))
    if a.ndim == 0 or layout == "plain":
        return a, ferrule.asarray(a.copy())
    if layout == "reversed":
        return a, ferrule.asarray(np.ascontiguousarray(a[::-1]))[::-1]
    axes = tuple(reversed(range(a.ndim)))
    return a, ferrule.permute_dims(ferrule.asarray(np.ascontiguousarray(a.transpose(axes))), axes)


def int_forms(value: int) -> st.SearchStrategy[Rendered]:
    """An integer index as a Python int, a numpy integer, an ``__index__`` object or a 0-d tensor."""
    return st.sampled_from(
        [
            Rendered(value, value),
            Rendered(np.int64(value), np.int64(value)),
            Rendered(Idx(value), Idx(value)),
            Rendered(np.array(value), ferrule.asarray(value)),  # numpy: a 0-d array acts as an int
        ]
    )


@st.composite
def slice_items(draw: st.DrawFn, size: int) -> Rendered:
    def bound(allow_zero: bool) -> Any:
        if draw(st.integers(0, 3)) == 0:
            return None, None
        v = draw(st.integers(-size - 2, size + 2)) if allow_zero else draw(st.sampled_from([-3, -2, -1, 1, 2, 3]))
        form = draw(st.sampled_from(["int", "numpy", "index", "tensor"]))
        if form == "int":
            return v, v
        if form == "numpy":
            return np.int32(v), np.int32(v)
        if form == "index":
            return Idx(v), Idx(v)
        return np.array(v), ferrule.asarray(v)

    (n0, f0), (n1, f1), (n2, f2) = bound(True), bound(True), bound(False)
    return Rendered(slice(n0, n1, n2), slice(f0, f1, f2))


def array_forms(values: np.ndarray, in_tuple: bool) -> list[Rendered]:
    """An integer or boolean index array as numpy and ferrule get it, in every form."""
    forms = [Rendered(values, ferrule.asarray(values), True), Rendered(values, values, True)]
    if values.ndim > 0:
        forms.append(Rendered(values.tolist(), values.tolist(), True))
        if in_tuple:  # a tuple inside the index tuple is a sequence, read as a list
            forms.append(Rendered(tuple(values.tolist()), tuple(values.tolist()), True))
    return forms


@st.composite
def int_arrays(draw: st.DrawFn, size: int, broadcast: tuple[int, ...], in_tuple: bool) -> Rendered:
    if draw(st.integers(0, 9)) == 0:  # sometimes a shape that need not broadcast
        shape = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
    else:
        keep = draw(st.integers(0, len(broadcast)))
        shape = tuple(d if draw(st.booleans()) else 1 for d in broadcast[len(broadcast) - keep :])
    n = int(np.prod(shape))
    lo, hi = (-size, size - 1) if draw(st.integers(0, 19)) else (-size - 2, size + 1)
    if hi < lo:
        lo, hi = -2, 1
    values = np.array(draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n)), dtype=np.int64).reshape(shape)
    dtype = np.dtype(draw(st.sampled_from(INDEX_DTYPES)))
    if dtype.kind == "u" and (values < 0).any():
        dtype = np.dtype(np.int64)
    values = values.astype(dtype)
    return draw(st.sampled_from(array_forms(values, in_tuple)))


@st.composite
def masks(draw: st.DrawFn, dims: tuple[int, ...], in_tuple: bool) -> Rendered:
    shape = tuple(0 if draw(st.integers(0, 9)) == 0 else d for d in dims)  # a 0-size dim matches any size
    n = int(np.prod(shape))
    values = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool).reshape(shape)
    forms = array_forms(values, in_tuple)
    if values.ndim and values.size == 0:  # an empty list is an integer index, not a mask
        forms = forms[:2]
    return draw(st.sampled_from(forms))


def bool_scalars() -> st.SearchStrategy[Rendered]:
    return st.sampled_from(
        [
            Rendered(b, f, True)
            for v in (True, False)
            for b, f in ((v, v), (np.bool_(v), np.bool_(v)), (np.array(v), ferrule.asarray(v)))
        ]
    )


@st.composite
def indices(draw: st.DrawFn, shape: tuple[int, ...]) -> tuple[Any, Any]:
    """An index for an array of ``shape`` as numpy and ferrule get it: a run of items consuming
    dims from the front, maybe ``...``, a run consuming dims from the back, with None and bool
    scalars sprinkled in; sometimes more items than dims."""
    ndim = len(shape)
    front = draw(st.integers(0, ndim))
    ellipsis = draw(st.booleans())
    back = 0
    if ellipsis:  # half the time a `...` that stands for no dims (it still separates advanced indices)
        back = ndim - front if draw(st.booleans()) else draw(st.integers(0, ndim - front))
    if draw(st.integers(0, 19)) == 0:
        front += 1  # too many indices (numpy raises)
    broadcast = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
    dims = list(range(front)) + ([None] if ellipsis else []) + list(range(ndim - back, ndim))
    many = len(dims) != 1 or draw(st.booleans())
    items: list[Rendered] = []
    i = 0
    while i < len(dims):
        d = dims[i]
        if draw(st.integers(0, 5)) == 0:
            items.append(draw(st.sampled_from([Rendered(None, None)]) | bool_scalars()))
        if d is None:
            items.append(Rendered(Ellipsis, Ellipsis))
            i += 1
            continue
        size = shape[d] if d < ndim else 2
        kind = draw(st.sampled_from(["int", "int", "slice", "slice", "array", "array", "array", "mask"]))
        if kind == "int":
            v = draw(st.integers(-size, size - 1)) if size and draw(st.integers(0, 19)) else size
            items.append(draw(int_forms(v)))
        elif kind == "slice":
            items.append(draw(slice_items(size)))
        elif kind == "array":
            items.append(draw(int_arrays(size, broadcast, many)))
        else:
            run = 1
            while i + run < len(dims) and dims[i + run] is not None and dims[i + run] < ndim and draw(st.booleans()):
                run += 1
            items.append(draw(masks(tuple(shape[dims[j]] if dims[j] < ndim else 2 for j in range(i, i + run)), many)))
            i += run
            continue
        i += 1
    if draw(st.integers(0, 5)) == 0:
        items.append(draw(st.sampled_from([Rendered(None, None)]) | bool_scalars()))
    if len(items) == 1 and not many and not isinstance(items[0].np_item, tuple):
        return items[0].np_item, items[0].fr_item
    return tuple(r.np_item for r in items), tuple(r.fr_item for r in items)


@st.composite
def advanced_combinations(draw: st.DrawFn, shape: tuple[int, ...]) -> tuple[Any, Any]:
    """An index of several advanced indices (integer arrays broadcasting together, and integers)
    among full slices, with None and ``...`` (standing for no dims) inserted, often between two
    advanced indices: the cases numpy's result-shape rule is about (adjacent advanced indices
    keep their place, separated ones go first)."""
    broadcast = tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=2)))
    arrays_at = set(draw(st.lists(st.integers(0, len(shape) - 1), min_size=1, max_size=3)))
    items: list[Rendered] = []
    advanced: list[int] = []  # positions in items
    for d, size in enumerate(shape):
        kind = "array" if d in arrays_at else draw(st.sampled_from(["slice", "slice", "int"]))
        if kind == "slice":
            items.append(Rendered(slice(None), slice(None)))
        elif kind == "int":
            advanced.append(len(items))
            items.append(draw(int_forms(draw(st.integers(-size, size - 1)))))
        else:
            advanced.append(len(items))
            items.append(draw(int_arrays(size, broadcast, True)))
        if draw(st.integers(0, 5)) == 0:
            items.append(Rendered(None, None))
    separator = draw(st.sampled_from(["none", "ellipsis", "newaxis"]))
    if separator != "none":
        lo, hi = (advanced[0] + 1, advanced[-1]) if len(advanced) > 1 and draw(st.booleans()) else (0, len(items))
        thing = Ellipsis if separator == "ellipsis" else None
        items.insert(draw(st.integers(lo, max(lo, hi))), Rendered(thing, thing))
    while items and isinstance(items[-1].np_item, slice) and draw(st.booleans()):
        items.pop()  # trailing dims left to the implicit fill
    return tuple(r.np_item for r in items), tuple(r.fr_item for r in items)


# ---------------------------------------------------------------- the oracle


def outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "ok", fn()
        except ERRORS as e:
            return "error", e


def same_error(want: BaseException, got: Any) -> None:
    kind = next(k for k in ERRORS if isinstance(want, k))
    assert isinstance(got, kind), f"numpy raised {type(want).__name__}: {want}; ferrule gave {got!r}"


def check(got: Any, want: np.ndarray) -> None:
    g = np.asarray(got)
    assert g.shape == want.shape and g.dtype == want.dtype, (g.shape, g.dtype, want.shape, want.dtype)
    np.testing.assert_array_equal(g, want)


@SETTINGS
@given(data=st.data())
def test_getitem_matches_numpy(data: st.DataObject) -> None:
    a, x = data.draw(arrays())
    np_index, fr_index = data.draw(indices(a.shape))
    status, result = outcome(lambda: a[np_index])
    got_status, got = outcome(lambda: x[fr_index])
    if status == "error":
        same_error(result, got)
        return
    assert got_status == "ok", f"numpy gave {np.asarray(result)!r}; ferrule raised {got!r}"
    want = np.asarray(result)
    check(got, want)
    if want.size and not isinstance(result, np.generic):  # (numpy's scalars are never views)
        # a view exactly when numpy's is one
        assert np.shares_memory(np.asarray(got), np.asarray(x)) == np.shares_memory(want, a)


@SETTINGS
@given(data=st.data())
def test_advanced_combinations_match_numpy(data: st.DataObject) -> None:
    shape = tuple(data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
    a = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    x = ferrule.asarray(a.copy())
    np_index, fr_index = data.draw(advanced_combinations(shape))
    status, result = outcome(lambda: a[np_index])
    got_status, got = outcome(lambda: x[fr_index])
    if status == "error":
        same_error(result, got)
        return
    assert got_status == "ok", f"numpy gave {np.asarray(result)!r}; ferrule raised {got!r}"
    check(got, np.asarray(result))
    # Writing: each selected element gets its position in the selection (repeats: the last wins).
    values = np.arange(np.asarray(result).size, dtype=np.int32).reshape(np.shape(result)) + 1000
    a[np_index] = values
    x[fr_index] = ferrule.asarray(values)
    check(x, a)


@st.composite
def values_for(draw: st.DrawFn, shape: tuple[int, ...], target: np.dtype) -> tuple[Any, Any]:
    """A value to assign to a selection of ``shape``: a Python scalar, or an array broadcastable
    to ``shape`` (a tensor, a numpy array or a list) of any dtype; small values, so every cast
    between dtypes is exact or wraps the same way in numpy and ferrule."""
    kind = draw(st.sampled_from(["scalar", "tensor", "numpy", "list"]))
    # A single element (one integer per dim) takes a scalar or 0-d value: numpy refuses a 1-element
    # array there for most dtypes but not for bool (it takes the array's truth); ferrule always
    # refuses (test_setitem_values_follow_numpy pins it).
    element = shape == ()
    if kind == "scalar":
        if target.kind == "b":
            v: Any = draw(st.booleans())
        elif target.kind == "u":
            v = draw(st.integers(0, 9) | st.booleans())
        else:
            v = draw(st.integers(-9, 9) | st.sampled_from([1.5, -2.25, 0.0]) | st.booleans())
        return v, v
    keep = draw(st.integers(0, len(shape)))
    vshape = tuple(d if draw(st.booleans()) else 1 for d in shape[len(shape) - keep :])
    if draw(st.integers(0, 9)) == 0 and not element:
        vshape = (1, *vshape)  # numpy drops leading size-1 dims of the value
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    n = int(np.prod(vshape))
    lo = -3 if dtype.kind == "i" and target.kind != "b" else 0
    v = np.array(draw(st.lists(st.integers(lo, 5), min_size=n, max_size=n))).astype(dtype).reshape(vshape)
    if kind == "tensor":
        return v, ferrule.asarray(v)
    if kind == "numpy":
        return v, v
    if vshape and vshape[0] == 1 and len(vshape) > len(shape):
        return v, v  # numpy refuses such a list (more dims than the selection); keep the array
    return v.tolist(), v.tolist()


@SETTINGS
@given(data=st.data())
def test_setitem_matches_numpy(data: st.DataObject) -> None:
    a, x = data.draw(arrays())
    np_index, fr_index = data.draw(indices(a.shape))
    status, selected = outcome(lambda: a[np_index])
    shape = np.shape(selected) if status == "ok" else ()
    np_value, fr_value = data.draw(values_for(shape, a.dtype))
    want = a.copy()

    def assign_numpy() -> None:
        want[np_index] = np_value

    def assign_ferrule() -> None:
        x[fr_index] = fr_value

    status, err = outcome(assign_numpy)
    got_status, got_err = outcome(assign_ferrule)
    if status == "error" and "boolean array indexing assignment requires a 0 or 1-dimensional" in str(err):
        # A deliberate difference: numpy's fast path for a lone mask refuses a value with leading
        # size-1 dims that every other index drops; ferrule drops them here too.
        squeezed = np.asarray(np_value)
        while squeezed.ndim > 1 and squeezed.shape[0] == 1:
            squeezed = squeezed[0]
        want[np_index] = squeezed
        assert got_status == "ok", got_err
        check(x, want)
        return
    if status == "error":
        # With a bad index and a bad value, numpy reports the value first for some indices and
        # the index first for others; ferrule always reports the index first.
        read_status, read_err = outcome(lambda: a[np_index])
        same_error(read_err if read_status == "error" else err, got_err)
        return
    assert got_status == "ok", f"numpy assigned; ferrule raised {got_err!r}"
    check(x, want)


@SETTINGS
@given(data=st.data())
def test_repeated_indices_last_write_wins(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 5))
    idx = data.draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=8))
    vals = np.arange(1, len(idx) + 1, dtype=np.int64)
    a = np.zeros(n, dtype=np.int64)
    a[idx] = vals
    x = ferrule.zeros(n, dtype=ferrule.int64)
    x[idx] = ferrule.asarray(vals)
    check(x, a)
    m = np.zeros((n, 3), dtype=np.int64)
    m[idx, 1:] = vals[:, None]
    y = ferrule.zeros((n, 3), dtype=ferrule.int64)
    y[idx, 1:] = vals[:, None]
    check(y, m)


# ---------------------------------------------------------------- regressions (the probe's examples)


def grid() -> tuple[np.ndarray, ferrule.Tensor]:
    a = np.arange(12).reshape(3, 4)
    return a, ferrule.asarray(a)


def test_a_list_is_an_array_index_not_a_tuple() -> None:
    a, t = grid()
    check(t[[0, 2]], a[[0, 2]])  # was t[0, 2] == 2
    check(t[[True, False, True]], a[[True, False, True]])  # was an empty (0, 3, 4) result
    check(t[[1, 1]], a[[1, 1]])  # was t[1, 1] == 5
    check(t[0, 2], a[0, 2])  # a tuple is still a tuple
    check(t[(0, 2)], a[(0, 2)])
    check(ferrule.arange(5)[[0, 2]], np.arange(5)[[0, 2]])  # was "too many indices"
    check(t[[[0, 1], [2, 2]]], a[[[0, 1], [2, 2]]])
    check(t[[]], a[[]])
    check(t[[[0, 1]], 0], a[[[0, 1]], 0])
    check(t[((0, 1), 2)], a[((0, 1), 2)])  # a tuple inside the tuple is a list


def test_setitem_with_a_list_index() -> None:
    b = np.arange(12).reshape(3, 4)
    t = ferrule.asarray(b.copy())
    t[[0, 2]] = 1  # was t[0, 2] = 1
    b[[0, 2]] = 1
    check(t, b)
    t[[True, False, True], 1:] = [7, 8, 9]
    b[[True, False, True], 1:] = [7, 8, 9]
    check(t, b)


def test_slice_bounds_take_index_objects_and_0d_tensors() -> None:
    check(ferrule.arange(5)[0 : ferrule.asarray(2)], np.arange(5)[0:2])  # was a TypeError
    check(ferrule.arange(5)[Idx(1) : np.int8(4) : ferrule.asarray(np.uint8(2))], np.arange(5)[1:4:2])
    check(ferrule.arange(5)[True:], np.arange(5)[True:])  # a Python bool is an int here
    check(ferrule.arange(5)[: 2**70], np.arange(5)[: 2**70])  # Python's slices clamp
    check(ferrule.arange(5)[-(2**70) :: -(2**80)], np.arange(5)[-(2**70) :: -(2**80)])
    # ... writing too, through the method and the function, and on a tuple index
    t = ferrule.zeros(5, dtype=ferrule.int64)
    t[: 2**70] = 7
    ferrule.setitem(t, (slice(-(2**80), None, 2**90),), 9)
    check(t, np.array([9, 7, 7, 7, 7]))
    check(ferrule.getitem(ferrule.arange(5), slice(-(2**70), 2)), np.arange(5)[-(2**70) : 2])
    # an int item beyond int64 is an IndexError (numpy: not a valid index), naming the item
    with pytest.raises(IndexError, match=r"__getitem__: index 1180591620717411303424 is out of bounds"):
        ferrule.arange(5)[2**70]
    with pytest.raises(IndexError, match=r"__setitem__: item 1 of the index: index -1180591620717411303424"):
        ferrule.zeros((2, 2))[0, -(2**70)] = 1
    with pytest.raises(OverflowError, match="value"):  # the value's overflow is still the value's
        t[: 2**70] = 2**70
    for bad in (1.5, "a", ferrule.asarray(1.0), ferrule.asarray(True), ferrule.asarray([1])):
        with pytest.raises(TypeError, match=r"__getitem__: slice indices must be integers"):
            ferrule.arange(5)[:bad]


def test_basic_index_tuples_reach_the_kernel_as_they_are() -> None:
    # ints, None and slices with int or None bounds need no Python-side encoding: the extension
    # converts a slice to the index encoding's Map itself (no dict or list made per slice)
    from ferrule import _index

    for index in ((slice(1, 3), slice(None, None, 2)), (0, slice(-1, None), None), (slice(2**70),)):
        assert _index.encode_index(index) is index
    assert _index.encode_index(slice(1, 3)) == slice(1, 3)
    a = np.arange(60).reshape(3, 4, 5)
    t = ferrule.asarray(a)
    for index in ((slice(1, 3), slice(None, None, 2)), (0, slice(-1, None), None), (slice(None), 1, slice(4, 0, -2))):
        check(t[index], a[index])
        check(ferrule.getitem(t, index), a[index])
        u, b = ferrule.asarray(a.copy()), a.copy()
        u[index] = -1
        b[index] = -1
        check(u, b)


def test_basic_indices_travel_as_text() -> None:
    # x[...] with slices, ints, None and ... (and tuples of them) reaches ops.getitem as the text
    # of the index ("1:3,::2"), which the registered function reads as C and Go may write it
    a = np.arange(60).reshape(3, 4, 5)
    t = ferrule.asarray(a)
    indices = [
        (slice(1, 3), slice(None, None, 2)),
        (1,),
        (slice(1, None),),
        (Ellipsis, 0),
        Ellipsis,
        (slice(None), None, slice(4, 0, -2)),
        (0, slice(1, 1_000_000_000_000, 7), slice(-(2**63), 2**63 - 1)),  # longer than 8 bytes: a Str
        (slice(-1, -4, -1), -1, -5),
        (slice(5, 1), Ellipsis, None),
    ]
    for index in indices:
        check(t[index], a[index])
        assert np.shares_memory(np.asarray(t[index]), np.asarray(t)) == np.shares_memory(a[index], a)
    raw = ffi.get_global_func("ops.getitem")
    # a bare int: as text from x[i], as an Int through the Function; a view either way
    for i in (0, 2, -1, -3):
        for got in (t[i], raw(t, i)):
            check(got, a[i])
            assert np.shares_memory(np.asarray(got), np.asarray(t))
    check(t[1][2][3], a[1][2][3])
    for i in (3, -4):
        for get in (lambda: t[i], lambda: raw(t, i)):
            with pytest.raises(IndexError, match="out of bounds"):
                get()
    with pytest.raises(IndexError, match="too many indices"):
        ferrule.asarray(5.0)[0]
    check(t[True], a[True])  # a bool is not an int here: it adds a dim
    check(raw(t, False), a[False])
    check(raw(t, "1:3, ::2"), a[1:3, ::2])
    check(raw(t, " -1 , None,..."), a[-1, None, ...])
    check(raw(t, "0,"), a[0,])
    for text, kind, says in [
        ("1, two", IndexError, 'item 1 of the index: cannot read "two"'),
        ("1:2:3:4", IndexError, "at most three parts"),
        ("::0", ValueError, "slice step cannot be zero"),
        ("1e3", IndexError, "expected an integer"),
        ("9" * 20, IndexError, "does not fit in int64"),
    ]:
        with pytest.raises(kind, match=says):
            raw(t, text)
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        t[::0]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0, 0]
    # x[index] = value takes the same text path for a scalar or tensor value (a bare int index
    # too); the rest goes through the package's __setitem__ (a list value), as numpy reads it
    u, b = ferrule.asarray(a.copy()), a.copy()
    for index, value in [
        ((slice(1, 3), slice(None, None, 2)), -1),
        ((Ellipsis, 0), 2.5),
        ((slice(None), None, slice(4, 0, -2)), True),
        ((0, slice(1, 1_000_000_000_000, 7)), ferrule.asarray(np.arange(5) * 10)),
        ((slice(0, 2),), [[7], [8], [9], [10]]),
        (1, 3),
        (-1, ferrule.asarray(np.full((4, 5), 6))),
        (2, [[1, 2, 3, 4, 5]] * 4),
    ]:
        u[index] = value
        b[index] = np.asarray(value) if isinstance(value, ferrule.Tensor) else value
        check(u, b)
    with pytest.raises(ValueError, match=r"__delitem__: cannot delete tensor elements"):
        del u[0]


def test_zero_size_mask_dims_match_any_size() -> None:
    got = ferrule.asarray([False])[ferrule.zeros((0,), dtype=ferrule.bool)]  # was an IndexError
    check(got, np.array([False])[np.zeros((0,), dtype=bool)])
    a = np.zeros((2, 3))
    check(ferrule.asarray(a)[np.zeros((2, 0), dtype=bool)], a[np.zeros((2, 0), dtype=bool)])
    with pytest.raises(IndexError, match="boolean index did not match"):
        ferrule.zeros((2, 0))[np.zeros((2, 1), dtype=bool)]


def test_strings_and_dicts_are_not_indices() -> None:
    # "..." and {"slice": ...} are how the ABI spells `...` and slices: from Python they were
    # read as such (t["..."] returned t); now they are refused as numpy refuses them.
    _, t = grid()
    for bad in ("...", "a", {"slice": [0, 1, None]}, 1.0, b"x", object()):
        with pytest.raises(IndexError, match=r"__getitem__: only integers, slices"):
            t[bad]
        with pytest.raises(IndexError, match=r"__setitem__: item 1 of the index: only integers"):
            t[0, bad] = 1
    with pytest.raises(IndexError, match="item 0 of the index: only integers"):
        t[[1.5], 0]
    with pytest.raises(IndexError, match="arrays used as indices must be of integer"):
        t[np.array([1.0])]


def test_advanced_indices_separated_by_ellipsis_go_first() -> None:
    a = np.arange(60).reshape(5, 3, 4)
    t = ferrule.asarray(a)
    for index in [
        (slice(None), [0, 1], Ellipsis, [1, 2]),  # `...` standing for no dims still separates
        (slice(None), [0, 1], [1, 2], Ellipsis),
        (slice(None), [0, 1], None, [1, 2]),
        ([0, 1], slice(None), 2),
        (slice(None), 1, [0, 3]),
        (slice(None), True, [0, 2]),
        (slice(None), [0, 1], True, [1]),
        (np.eye(5, 3, dtype=bool), [0, 3, 1]),
    ]:
        check(t[index], a[index])


def test_integers_and_0d_index_arrays() -> None:
    a, t = grid()
    row = t[1]
    assert np.shares_memory(np.asarray(row), np.asarray(t))  # an int gives a view
    copy = t[ferrule.asarray(1)]  # a 0-d integer array gives a copy, as in numpy
    check(copy, a[np.array(1)])
    assert not np.shares_memory(np.asarray(copy), np.asarray(t))
    check(t[Idx(-1), np.uint8(3)], a[-1, 3])
    with pytest.raises(IndexError, match=r"item 1 of the index: index 4 is out of bounds for axis 1 with size 4"):
        t[0, 4]
    with pytest.raises(IndexError, match=r"getitem: index -4 is out of bounds for axis 0 with size 3"):
        t[-4]
    with pytest.raises(IndexError, match=r"item 1 of the index: index 9 is out of bounds for axis 1 with size 4"):
        t[[0, 1], [1, 9]]
    with pytest.raises(IndexError, match=r"index 5 is out of bounds for axis 0"):
        t[5, []]  # integers are checked even when the broadcast selects nothing, as numpy does
    with pytest.raises(IndexError, match="too many indices for tensor: tensor is 2-dimensional, but 3"):
        t[0, 0, 0]
    with pytest.raises(IndexError, match="shape mismatch"):
        t[[0, 1], [0, 1, 2]]


def test_index_objects_inside_lists() -> None:
    # numpy refuses objects that only have __index__ inside a list; ferrule takes their integer.
    a, t = grid()
    check(t[[Idx(2), Idx(0)]], a[[2, 0]])
    check(t[[np.int16(1), ferrule.asarray(2)]], a[[1, 2]])
    with pytest.raises(ValueError, match=r"__getitem__: cannot read the index as an array"):
        t[[[0, 1], [1]]]


def test_setitem_values_follow_numpy() -> None:
    a = np.zeros(5, dtype=np.int8)
    t = ferrule.zeros(5, dtype=ferrule.int8)
    for index, value in [
        (slice(1, 3), [5, 6]),
        ([0, 4], np.array([2.7, -3.5])),
        (0, np.int64(9)),
        (1, np.float32(2.5)),
        (2, np.True_),
        (slice(None), np.array([300, 1, 2, 3, 4])),  # arrays cast unsafely (wrap)
        (slice(3, 5), (1, 2)),  # a tuple value is a sequence
    ]:
        a[index] = value
        t[index] = value
        check(t, a)
    with pytest.raises(OverflowError):
        t[0] = 300  # a Python int out of range
    with pytest.raises(OverflowError):
        t[[0]] = [300]
    with pytest.raises(TypeError, match=r"setitem(__)?: cannot assign a Python complex to a int8 tensor"):
        t[0] = 1j
    with pytest.raises(IndexError, match=r"setitem(__)?: index 7 is out of bounds"):
        t[7] = 1j  # the index is reported first, as numpy does
    with pytest.raises(IndexError, match=r"setitem(__)?: index 7 is out of bounds"):
        t[7] = [1, 2]
    with pytest.raises(ValueError, match="setitem: setting an element with a sequence"):
        t[1] = [1]  # numpy assigns a single element from a scalar only
    with pytest.raises(ValueError, match=r"could not broadcast"):
        t[1:3] = [1, 2, 3]
    c = ferrule.zeros(2, dtype=ferrule.complex64)
    c[1] = 1 + 2j
    check(c, np.array([0, 1 + 2j], dtype=np.complex64))


def test_getitem_and_setitem_functions_take_python_indices() -> None:
    a, t = grid()
    check(ferrule.getitem(t, [0, 2]), a[[0, 2]])
    check(ferrule.getitem(t, (slice(None), [3, 0])), a[:, [3, 0]])
    u = ferrule.asarray(a.copy())
    ferrule.setitem(u, [0, 2], 0)
    b = a.copy()
    b[[0, 2]] = 0
    check(u, b)
    with pytest.raises(IndexError, match=r"^getitem: only integers"):
        ferrule.getitem(t, "x")
    with pytest.raises(IndexError, match=r"^setitem: item 0 of the index: only integers"):
        ferrule.setitem(t, ("x",), 0)


def test_the_packed_op_keeps_the_abi_encoding() -> None:
    # The registered function reads the packed form Go and C send: a top-level list is a tuple.
    _, t = grid()
    op = ferrule.ffi.get_global_func("ops.getitem")
    check(op(t, [0, 2]), np.asarray(2))
    check(op(t, [[0, 2]]), np.arange(12).reshape(3, 4)[[0, 2]])
    check(op(t, [{"slice": [None, None, -1]}, "..."]), np.arange(12).reshape(3, 4)[::-1])


def test_a_lone_mask_takes_values_with_leading_size_1_dims() -> None:
    # A deliberate difference: numpy's fast path for an index that is one boolean mask refuses a
    # value with more than one dim (TypeError), where every other index drops leading size-1
    # dims of the value. ferrule applies the one broadcasting rule to every index.
    a = np.arange(6).reshape(2, 3)
    mask = a % 2 == 0
    with pytest.raises(TypeError):
        a.copy()[mask] = np.array([[7, 8, 9]])
    t = ferrule.asarray(a.copy())
    t[mask] = np.array([[7, 8, 9]])
    want = a.copy()
    want[mask] = [7, 8, 9]
    check(t, want)
