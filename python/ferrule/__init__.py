"""ferrule: a Rust tensor runtime whose functions are reachable from Python, Go and C.

The registry lives in :mod:`ferrule.ffi`; tensors are :class:`ferrule.Tensor`; errors are
:class:`ferrule.Error` and its subclasses (each also the builtin exception of the same name).
"""

from __future__ import annotations

import sys

from . import _array_api, _ferrule, _interop, _namespace, _tensor, error, ffi, nn
from ._namespace import DType
from ._tensor import Tensor, tensor

# BEGIN ferrule-codegen error-imports: generated from crates/ferrule-sys/src/vocab.rs
from .error import (
    AttributeError,
    BufferError,
    Error,
    IndexError,
    KeyError,
    MemoryError,
    NotImplementedError,
    OSError,
    OverflowError,
    RuntimeError,
    TypeError,
    ValueError,
    ZeroDivisionError,
)

# END ferrule-codegen error-imports
from .ffi import Function, get_global_func, init_api, list_global_func_names, load_library, register_func

__version__ = "0.1.0"

# Everything the extension calls back into Python for, handed over once (it refuses a second
# call): the exception classes of native errors, Function.__signature__, Tensor(data) and repr,
# the dtype objects (what Tensor.dtype and dtype results are: `t.dtype is ferrule.float32`; what
# dtype-typed arguments accept at once), the reading of every other spelling of a dtype
# (`dtype=np.float32`, `dtype="f4"`, `dtype=float`), and the functions behind the Tensor's number
# slots (`a + b`).
_ferrule._install_hooks(
    error_types=error.ERROR_TYPES,
    signature=ffi._signature_of,
    tensor_prepare=_tensor._prepare,
    tensor_repr=_tensor._repr,
    dtype_objects=dict(_namespace.DTYPES),
    dtype_convert=_namespace.as_dtype,
    **_namespace.native_slots(),
)

# Operators (schema/ops.yaml) as functions here and in ferrule.fft / .linalg / .random, methods
# and operators on Tensor, and the dtypes (ferrule.float32, ...).
_namespace.bind(sys.modules[__name__])
# The rest of the Array API namespace: __array_api_version__, __array_namespace_info__, the
# constants (e, pi, inf, nan, newaxis), asarray, from_dlpack (zero-copy when the extension has
# _ferrule.from_dlpack, else a copying fallback) and the linalg aliases of matmul & co.
_namespace_names = _array_api.complete_namespace(sys.modules[__name__])
from ._array_api import asarray, from_dlpack  # noqa: E402  (also set by complete_namespace)

# numpy's protocols (np.sin(t), np.sum(t) computed by ferrule) and the methods with numpy's
# keywords (t.sum(axis=0, out=...), t.reshape(2, 3), t.flatten(), ...).
_interop.install(sys.modules[__name__])

__array_api_version__: str = _array_api.API_VERSION

from . import autograd, optim, profiler  # noqa: E402  (after the ops are bound)
from ._io import load, save  # noqa: E402  (tensor files: safetensors, .npy, .npz)
from .autograd import enable_grad, no_grad, set_grad_enabled  # noqa: E402

__all__ = [
    "__version__",
    "error",
    "ffi",
    "Tensor",
    "tensor",
    "DType",
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "init_api",
    "load_library",
    "autograd",
    "nn",
    "optim",
    "profiler",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "save",
    "load",
    # BEGIN ferrule-codegen error-names: generated from crates/ferrule-sys/src/vocab.rs
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
    "OSError",
    # END ferrule-codegen error-names
]
# ... and the Array API namespace: operators, dtypes, constants, asarray, from_dlpack, fft, linalg,
# random, __array_api_version__, __array_namespace_info__.
__all__ += [name for name in _namespace_names if name not in __all__]
del _namespace_names
