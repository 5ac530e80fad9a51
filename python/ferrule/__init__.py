"""ferrule: a Rust tensor runtime whose functions are reachable from Python, Go and C.

The registry lives in :mod:`ferrule.ffi`; tensors are :class:`ferrule.Tensor`; errors are
:class:`ferrule.Error` and its subclasses (each also the builtin exception of the same name).
"""

from __future__ import annotations

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

__version__ = "0.1.0"

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
