"""Tensor construction and printing helpers used by the extension (numpy does the parsing)."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _ferrule

Tensor = _ferrule.Tensor

# numpy dtype -> DLPack (code, bits); kDLInt=0, kDLUInt=1, kDLFloat=2, kDLComplex=5, kDLBool=6
_DLPACK_CODES = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}
_NAMES = {
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
}


def _prepare(data: Any, dtype: Any) -> tuple[np.ndarray, int, int]:
    """``data`` as a C-contiguous, native-order numpy array of a supported dtype, plus its
    DLPack (code, bits). Python ints become int64 and floats float64, as numpy does."""
    if isinstance(dtype, str) and dtype not in _NAMES:
        raise TypeError(f"unsupported dtype {dtype!r}; expected one of {sorted(_NAMES)}")
    if isinstance(data, Tensor) and dtype is None:
        dtype = data.dtype
    arr = np.asarray(data, dtype=dtype)
    if arr.dtype.kind not in _DLPACK_CODES or arr.dtype.name not in _NAMES:
        raise TypeError(f"cannot make a ferrule.Tensor of dtype {arr.dtype} (from {type(data).__name__})")
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    if not arr.flags.c_contiguous:
        arr = arr.copy(order="C")  # (np.ascontiguousarray would turn 0-d into 1-d)
    return arr, _DLPACK_CODES[arr.dtype.kind], arr.dtype.itemsize * 8


def _repr(t: Any) -> str:
    """``ferrule.Tensor([[1., 2.]], dtype=float64)``."""
    prefix = "ferrule.Tensor("
    try:
        body = np.array2string(t.numpy(), separator=", ", prefix=prefix)
    except Exception:  # a dtype numpy cannot show (bfloat16)
        return f"<ferrule.Tensor shape={t.shape} dtype={t.dtype}>"
    return f"{prefix}{body}, dtype={t.dtype})"


def tensor(data: Any, dtype: Any = None) -> Any:
    """A new :class:`ferrule.Tensor` holding a copy of ``data`` (nested lists, scalars, numpy
    arrays, other tensors); ``dtype`` is a name like ``"float32"`` or a numpy dtype."""
    return Tensor(data, dtype=dtype)


_ferrule._set_hook("tensor_prepare", _prepare)
_ferrule._set_hook("tensor_repr", _repr)
