"""numpy's indexing rules for :class:`ferrule.Tensor`: ``x[index]``, ``x[index] = value`` and the
``ferrule.getitem`` / ``ferrule.setitem`` / ``ferrule.add_at`` functions.

The object inside ``x[...]`` becomes the packed index ``ops.getitem`` / ``ops.setitem`` /
``ops.add_at`` read (the
table in ``crates/ferrule-ops/src/index.rs``, shared with Go and C). The one thing Python decides
here is what numpy decides before indexing: every list (and every tuple or numpy array inside the
index tuple) becomes an integer or boolean tensor with numpy's own conversion, so a tuple
``x[0, 2]`` and a list ``x[[0, 2]]`` stay distinct across the ABI. ``__index__`` is applied to
integers, slice bounds and the items of lists (where numpy refuses such objects, ferrule takes
their integer).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from . import _ferrule
from ._array_api import asarray
from .error import raise_named

__all__ = ["add_at", "encode_index", "getitem", "setitem", "getitem_method", "setitem_method"]

Tensor = _ferrule.Tensor

# Python's slices clamp their bounds to the index-sized range; ferrule's is int64.
_INDEX_MAX = 2**63 - 1
_INDEX_MIN = -_INDEX_MAX

_VALID = (
    "only integers, slices (`:`), ellipsis (`...`), None (`newaxis`) and integer or boolean arrays are valid indices"
)


def _where(method: str, pos: int | None) -> str:
    return f"{method}: " if pos is None else f"{method}: item {pos} of the index: "


def _invalid(item: Any, pos: int | None, method: str) -> IndexError:
    return IndexError(f"{_where(method, pos)}{_VALID}, got {type(item).__name__!r}")


def encode_index(index: Any, method: str = "__getitem__") -> Any:
    """The packed form of the object inside ``x[...]``: ints, bools, None and tensors as they
    are, slices with int or None bounds as they are (the extension converts a slice to the Map
    ``{"slice": [start, stop, step]}``), other slices as that dict with ``__index__`` applied to
    the bounds, ``...`` as ``"..."``, a tuple as a tuple or list of its items, and lists and arrays
    as tensors. ``method`` names the caller in errors."""
    # Basic indexing is a hot path: the common item types are tested inline, without a call.
    tp = type(index)
    if tp is int or tp is Tensor or index is None or tp is bool:
        return index
    if tp is slice:
        return _encode_slice(index, None, method)
    if tp is tuple:
        for item in index:
            t = type(item)
            if t is int or t is Tensor or item is None or t is bool:
                continue
            if t is slice:
                start, stop, step = item.start, item.stop, item.step
                if (
                    (start is None or type(start) is int)
                    and (stop is None or type(stop) is int)
                    and (step is None or type(step) is int)
                ):
                    continue
            break
        else:
            return index  # converted to an Array as it is (the extension encodes the slices)
        return _encode_tuple(index, method)
    if tp is list:
        return _array_index(index, None, method)  # x[L] is x[(L,)], in numpy as here
    return _encode_item(index, None, method)


def _encode_tuple(index: tuple[Any, ...], method: str) -> list[Any]:
    # (a loop, not a comprehension: one reading `method` would make it a cell of encode_index,
    # which slows every call of it)
    out = []
    pos = 0
    for item in index:
        t = type(item)
        if t is int or item is None:
            out.append(item)
        elif t is slice:
            out.append(_encode_slice(item, pos, method))
        elif item is Ellipsis:
            out.append("...")
        else:
            out.append(_encode_item(item, pos, method))
        pos += 1
    return out


def _encode_slice(item: slice, pos: int | None, method: str) -> slice | dict[str, list[Any]]:
    start, stop, step = item.start, item.stop, item.step
    if (
        (start is None or type(start) is int)
        and (stop is None or type(stop) is int)
        and (step is None or type(step) is int)
    ):
        # the slice itself, which the extension converts to the Map {"slice": [start, stop, step]}
        # without a Python dict or list; its ints as they are, even beyond int64 (no range check
        # on the hot path): the call refuses those with an OverflowError, and the caller retries
        # with _clamp_slices
        return item
    return {
        "slice": [_slice_bound(start, pos, method), _slice_bound(stop, pos, method), _slice_bound(step, pos, method)]
    }


def _has_huge_bound(index: Any, method: str) -> bool:
    """After an OverflowError from the packed call: whether a slice of ``index`` has an int bound
    beyond int64, which :func:`_encode_slice` passes on as it is and the call refuses (the caller
    then retries with :func:`_clamp_slices`). An int item beyond int64 is an IndexError, as numpy
    raises for it."""
    tuple_index = type(index) is tuple
    huge = False
    for pos, item in enumerate(index if tuple_index else (index,)):
        if type(item) is int and not _INDEX_MIN <= item <= _INDEX_MAX:
            raise IndexError(
                f"{_where(method, pos if tuple_index else None)}index {item} is out of bounds (beyond int64)"
            )
        if type(item) is slice:
            for v in (item.start, item.stop, item.step):
                if type(v) is int and not _INDEX_MIN <= v <= _INDEX_MAX:
                    huge = True
    return huge


def _clamp_slices(index: Any) -> Any:
    """``index`` with its slices' int bounds clamped to int64, as Python's own slices clamp them
    to the index-sized range (the result is the same for any tensor ferrule can hold)."""

    def clamp(v: Any) -> Any:
        return min(max(v, _INDEX_MIN), _INDEX_MAX) if type(v) is int else v

    def item(s: Any) -> Any:
        return slice(clamp(s.start), clamp(s.stop), clamp(s.step)) if type(s) is slice else s

    return tuple(item(s) for s in index) if type(index) is tuple else item(index)


def _encode_item(item: Any, pos: int | None, method: str) -> Any:
    tp = type(item)
    if tp is slice:
        return _encode_slice(item, pos, method)
    if item is Ellipsis:
        return "..."
    if tp is int or tp is bool or item is None or isinstance(item, Tensor):
        return item  # the kernel checks a tensor's dtype
    if isinstance(item, (list, tuple, np.ndarray)):  # a list, or a tuple inside the index tuple
        return _array_index(item, pos, method)
    if hasattr(tp, "__index__"):  # numpy integers and other int-like objects
        try:
            return operator.index(item)
        except TypeError:
            raise _invalid(item, pos, method) from None
    if hasattr(item, "__array__") or hasattr(item, "__dlpack__"):  # numpy bools, array-likes
        return _array_index(item, pos, method)
    raise _invalid(item, pos, method)


def _slice_bound(value: Any, pos: int | None, method: str) -> int | None:
    if value is None:
        return None
    try:
        bound = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{_where(method, pos)}slice indices must be integers or None or have an __index__ method, "
            f"got {type(value).__name__!r}"
        ) from None
    return min(max(bound, _INDEX_MIN), _INDEX_MAX)


def _array_index(obj: Any, pos: int | None, method: str) -> Any:
    """A list, tuple or array-like used as an index, as an integer or bool tensor: numpy's
    conversion (nested lists, numpy scalars and arrays and tensors inside lists, an empty list
    as an integer index), with ``__index__`` applied to list items numpy would leave as objects."""
    if isinstance(obj, Tensor):
        return obj
    try:
        arr = np.asarray(obj)
        if arr.dtype.kind == "O" and isinstance(obj, (list, tuple)):
            arr = np.asarray(_index_items(obj))
    except (ValueError, TypeError) as e:
        raise type(e)(f"{_where(method, pos)}cannot read the index as an array: {e}") from None
    kind = arr.dtype.kind
    if kind not in "biu":
        if arr.size == 0 and isinstance(obj, (list, tuple)):
            arr = arr.astype(np.int64)  # numpy: an empty list is an integer index
        elif kind == "O" or isinstance(obj, (list, tuple)):
            raise _invalid(obj, pos, method)
        else:
            raise IndexError(
                f"{_where(method, pos)}arrays used as indices must be of integer (or boolean) type, got {arr.dtype}"
            )
    return asarray(arr)


def _index_items(obj: Any) -> Any:
    """Nested lists with ``operator.index`` applied to every item that is not array-like."""
    if isinstance(obj, (list, tuple)):
        return [_index_items(v) for v in obj]
    if isinstance(obj, bool) or hasattr(obj, "__array__"):
        return obj
    return operator.index(obj)


def _setitem_value(x: Any, index: Any, value: Any, method: str) -> Any:
    """``value`` as ``ops.setitem`` takes it, converted as numpy converts an assigned value:
    Python and numpy scalars stay scalars (an integer out of the tensor's range is an
    OverflowError), sequences become tensors of ``x``'s dtype, arrays keep their own dtype
    (cast by the kernel as numpy casts). When the value cannot be converted, a bad index is
    reported first, as numpy does."""
    try:
        return _assigned(x, value, method)
    except (TypeError, ValueError, OverflowError) as e:
        try:
            _getitem_op(x, encode_index(_clamp_slices(index), method))
        except (IndexError, TypeError, ValueError) as bad_index:
            raise type(bad_index)(str(bad_index).replace("getitem: ", f"{method}: ", 1)) from None
        if method in str(e):
            raise
        raise_named(f"{method}: the value", e)  # (asarray's own message names only asarray)


def _assigned(x: Any, value: Any, method: str) -> Any:
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        v = int(value)
        return v if -(2**63) <= v <= _INDEX_MAX else asarray(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    if isinstance(value, complex):
        # a complex scalar: into a real tensor the kernel refuses it (numpy: a Python complex
        # has no int() or float()), while a numpy complex64 below is cast (real part)
        return complex(value)
    if isinstance(value, (list, tuple)):
        return asarray(value, dtype=x.dtype)
    return asarray(value)


def _check_tensor(x: Any, function: str) -> None:
    if not isinstance(x, Tensor):
        raise TypeError(f"{function}() argument 1 'x': expected Tensor, got {type(x).__name__}")


def getitem(x: Any, index: Any, /) -> Any:
    """``x[index]`` with numpy's rules: ints, slices, None and ``...`` give a view; integer or
    boolean arrays (tensors, numpy arrays, lists) give a copy. Errors name the item of the index."""
    _check_tensor(x, "getitem")
    try:
        return _getitem_op(x, encode_index(index, "getitem"))
    except OverflowError:
        if not _has_huge_bound(index, "getitem"):
            raise
    return _getitem_op(x, encode_index(_clamp_slices(index), "getitem"))


def setitem(x: Any, index: Any, value: Any, /) -> None:
    """``x[index] = value`` with numpy's rules: ``value`` is broadcast to the selection and cast to
    ``x``'s dtype; with repeated indices the last write wins."""
    _check_tensor(x, "setitem")
    tp = type(value)
    if not (tp is int or tp is float or tp is bool or tp is Tensor):
        value = _setitem_value(x, index, value, "setitem")
    try:
        # (an OverflowError is raised before anything is written: the retry writes once)
        _setitem_op(x, encode_index(index, "setitem"), value)
        return
    except OverflowError:
        if not _has_huge_bound(index, "setitem"):
            raise
    _setitem_op(x, encode_index(_clamp_slices(index), "setitem"), value)


def add_at(x: Any, index: Any, values: Any, /) -> Any:
    """A copy of ``x`` with ``values`` added at ``x[index]`` (numpy's ``np.add.at`` out of place):
    an element the index names several times gets every addition. The index is read as
    ``x[index]`` reads it; ``values`` (a tensor, a number, or a sequence made a tensor) broadcasts
    to the selection, and the result has the promoted dtype of ``x`` and ``values``."""
    _check_tensor(x, "add_at")
    if isinstance(values, (list, tuple)) or (not isinstance(values, Tensor) and hasattr(values, "__array__")):
        try:
            values = asarray(values)
        except Exception as e:
            raise_named("add_at: the values", e)
    try:
        return _add_at_op(x, encode_index(index, "add_at"), values)
    except OverflowError:
        if not _has_huge_bound(index, "add_at"):
            raise
    return _add_at_op(x, encode_index(_clamp_slices(index), "add_at"), values)


_add_at_op: Callable[..., Any] = _ferrule.get_global_func("ops.add_at")
_getitem_op: Callable[..., Any] = _ferrule.get_global_func("ops.getitem")
_setitem_op: Callable[..., Any] = _ferrule.get_global_func("ops.setitem")


def getitem_method(f: Callable[..., Any]) -> Callable[..., Any]:
    """``Tensor.__getitem__`` over the registered ``ops.getitem`` ``f``."""

    def __getitem__(self: Any, index: Any) -> Any:
        tp = type(index)
        try:
            if tp is int or tp is Tensor or index is None:  # the common cases, without a call
                return f(self, index)
            if tp is slice:
                return f(self, _encode_slice(index, None, "__getitem__"))
            return f(self, encode_index(index))
        except OverflowError:
            if not _has_huge_bound(index, "__getitem__"):
                raise
        return f(self, encode_index(_clamp_slices(index)))

    return __getitem__


def setitem_method(f: Callable[..., Any]) -> Callable[..., Any]:
    """``Tensor.__setitem__`` over the registered ``ops.setitem`` ``f``."""

    def __setitem__(self: Any, index: Any, value: Any) -> None:
        tp = type(value)
        if not (tp is int or tp is float or tp is bool or tp is Tensor):
            value = _setitem_value(self, index, value, "__setitem__")
        tp = type(index)
        try:
            # (an OverflowError is raised before anything is written: the retry writes once)
            if tp is int or tp is Tensor or index is None:
                f(self, index, value)
            else:
                f(self, encode_index(index, "__setitem__"), value)
            return
        except OverflowError:
            if not _has_huge_bound(index, "__setitem__"):
                raise
        f(self, encode_index(_clamp_slices(index), "__setitem__"), value)

    return __setitem__
