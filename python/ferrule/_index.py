"""numpy's indexing rules for :class:`ferrule.Tensor`: ``x[index]``, ``x[index] = value`` and the
``ferrule.getitem`` / ``ferrule.setitem`` functions.

The object inside ``x[...]`` becomes the packed index ``ops.getitem`` / ``ops.setitem`` read (the
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

__all__ = ["encode_index", "getitem", "setitem", "getitem_method", "setitem_method"]

Tensor = _ferrule.Tensor

# Python's slices clamp their bounds to the index-sized range; ferrule's is int64.
_INDEX_MAX = 2**63 - 1

_VALID = (
    "only integers, slices (`:`), ellipsis (`...`), None (`newaxis`) and integer or boolean arrays are valid indices"
)


def _where(method: str, pos: int | None) -> str:
    return f"{method}: " if pos is None else f"{method}: item {pos} of the index: "


def _invalid(item: Any, pos: int | None, method: str) -> IndexError:
    return IndexError(f"{_where(method, pos)}{_VALID}, got {type(item).__name__!r}")


def encode_index(index: Any, method: str = "__getitem__") -> Any:
    """The packed form of the object inside ``x[...]``: ints, bools, None and tensors as they
    are, slices as ``{"slice": [start, stop, step]}``, ``...`` as ``"..."``, a tuple as a list of
    its items, and lists and arrays as tensors. ``method`` names the caller in errors."""
    tp = type(index)
    if tp is int or tp is Tensor or index is None or tp is bool:
        return index
    if tp is tuple:
        for item in index:
            t = type(item)
            if not (t is int or t is Tensor or item is None or t is bool):
                return [_encode_item(item, pos, method) for pos, item in enumerate(index)]
        return index  # converted to an Array as it is
    if tp is list:
        return _array_index(index, None, method)  # x[L] is x[(L,)], in numpy as here
    return _encode_item(index, None, method)


def _encode_item(item: Any, pos: int | None, method: str) -> Any:
    if isinstance(item, slice):
        return {
            "slice": [
                _slice_bound(item.start, pos, method),
                _slice_bound(item.stop, pos, method),
                _slice_bound(item.step, pos, method),
            ]
        }
    if item is Ellipsis:
        return "..."
    tp = type(item)
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
    if type(value) is not int:
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(
                f"{_where(method, pos)}slice indices must be integers or None or have an __index__ method, "
                f"got {type(value).__name__!r}"
            ) from None
    if -_INDEX_MAX <= value <= _INDEX_MAX:
        return value
    return _INDEX_MAX if value > 0 else -_INDEX_MAX


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
    except (TypeError, ValueError, OverflowError):
        try:
            _getitem_op(x, encode_index(index, method))
        except (IndexError, TypeError, ValueError) as e:
            raise type(e)(str(e).replace("getitem: ", f"{method}: ", 1)) from None
        raise


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
    if isinstance(value, complex) and str(x.dtype) not in ("bool", "complex64", "complex128"):
        # numpy: a Python complex has no int() or float(); a numpy complex is cast (real part)
        raise TypeError(f"{method}: cannot assign a Python complex to a {x.dtype} tensor")
    if isinstance(value, (list, tuple, complex)):
        return asarray(value, dtype=x.dtype)
    return asarray(value)


def getitem(x: Any, index: Any, /) -> Any:
    """``x[index]`` with numpy's rules: ints, slices, None and ``...`` give a view; integer or
    boolean arrays (tensors, numpy arrays, lists) give a copy. Errors name the item of the index."""
    return _getitem_op(x, encode_index(index, "getitem"))


def setitem(x: Any, index: Any, value: Any, /) -> None:
    """``x[index] = value`` with numpy's rules: ``value`` is broadcast to the selection and cast to
    ``x``'s dtype; with repeated indices the last write wins."""
    tp = type(value)
    if not (tp is int or tp is float or tp is bool or tp is Tensor):
        value = _setitem_value(x, index, value, "setitem")
    _setitem_op(x, encode_index(index, "setitem"), value)


_getitem_op: Callable[..., Any] = _ferrule.get_global_func("ops.getitem")
_setitem_op: Callable[..., Any] = _ferrule.get_global_func("ops.setitem")


def getitem_method(f: Callable[..., Any]) -> Callable[..., Any]:
    """``Tensor.__getitem__`` over the registered ``ops.getitem`` ``f``."""

    def __getitem__(self: Any, index: Any) -> Any:
        tp = type(index)
        if tp is int or tp is Tensor or index is None:  # the common cases, without a call
            return f(self, index)
        return f(self, encode_index(index))

    return __getitem__


def setitem_method(f: Callable[..., Any]) -> Callable[..., Any]:
    """``Tensor.__setitem__`` over the registered ``ops.setitem`` ``f``."""

    def __setitem__(self: Any, index: Any, value: Any) -> None:
        tp = type(value)
        if not (tp is int or tp is float or tp is bool or tp is Tensor):
            value = _setitem_value(self, index, value, "__setitem__")
        tp = type(index)
        if tp is int or tp is Tensor or index is None:
            f(self, index, value)
        else:
            f(self, encode_index(index, "__setitem__"), value)

    return __setitem__
