"""ferrule: a Rust tensor runtime whose functions are reachable from Python, Go and C.

The registry lives in :mod:`ferrule.ffi`; tensors are :class:`ferrule.Tensor`; errors are
:class:`ferrule.Error` and its subclasses (each also the builtin exception of the same name).
"""

from __future__ import annotations

import sys
from typing import Any as _Any

from . import _ferrule
from . import error, ffi
from ._tensor import Tensor, tensor
from .error import (
    AttributeError,
    BufferError,
    Error,
    IndexError,
    KeyError,
    MemoryError,
    NotImplementedError,
    OverflowError,
    RuntimeError,
    TypeError,
    ValueError,
    ZeroDivisionError,
)
from .ffi import Function, get_global_func, init_api, list_global_func_names, load_library, register_func
from . import _namespace

__version__ = "0.1.0"

# Operators (schema/ops.yaml) as functions here and in ferrule.linalg / ferrule.random, methods
# and operators on Tensor, and the dtypes (ferrule.float32, ...).
_namespace.bind(sys.modules[__name__])


def asarray(obj: _Any, /, *, dtype: _Any = None, device: _Any = None, copy: bool | None = None) -> Tensor:
    """``obj`` as a :class:`Tensor`: a tensor itself when it already has the dtype (``copy=True``
    forces a copy), otherwise a new tensor holding the data of ``obj`` (nested sequences,
    scalars, numpy arrays and other buffer or DLPack producers) converted to ``dtype``."""
    if device is not None and str(device) not in ("cpu", "cpu:0"):
        raise ValueError(f"asarray() argument 'device': ferrule tensors live on the CPU, got {device!r}")
    if isinstance(obj, Tensor):
        if dtype is None or dtype == obj.dtype:
            return astype(obj, obj.dtype, copy=True) if copy else obj  # type: ignore[name-defined]  # noqa: F821
        if copy is False:
            raise ValueError(f"asarray() argument 'copy': converting {obj.dtype} to {dtype} needs a copy")
        return astype(obj, dtype)  # type: ignore[name-defined]  # noqa: F821
    if copy is False:
        raise ValueError("asarray() argument 'copy': copy=False is not supported for non-tensor inputs yet")
    return Tensor(obj, dtype=dtype)

__all__ = [
    "__version__",
    "error",
    "ffi",
    "Tensor",
    "tensor",
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "init_api",
    "load_library",
    "Error",
    "TypeError",
    "ValueError",
    "IndexError",
    "KeyError",
    "NotImplementedError",
    "MemoryError",
    "RuntimeError",
    "BufferError",
    "OverflowError",
    "ZeroDivisionError",
    "AttributeError",
]
