"""Type stubs of the native extension ``ferrule._ferrule``.

``Tensor`` is the extension's type with everything the package sets onto it at import: the
operators and op methods (:mod:`ferrule._namespace`, from ``schema/ops.yaml``) and the rest of
the Python API (:mod:`ferrule._tensor`).
"""

import builtins
import inspect
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any, SupportsIndex, final

import numpy as np
from typing_extensions import CapsuleType, Self, disjoint_base

from ._namespace import DType

#: The ABI version this extension was built for.
ABI_VERSION: int
#: ``FERRULE_REGISTER_OVERRIDE``: replace an existing registration.
REGISTER_OVERRIDE: int
#: ``FERRULE_FUNC_LONG_RUNNING``: release the GIL around calls.
FUNC_LONG_RUNNING: int
#: The file libferrule was loaded from.
library_path: str

@final
class Function:
    """A callable handle on a native function object (Rust, C, plugin or Python)."""

    __name__: str
    __qualname__: str
    __module__: str
    __doc__: str | None
    __signature__: inspect.Signature | None
    def __new__(cls, func: Callable[..., Any], /) -> Function: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
    def __get__(self, instance: object, owner: type | None = None, /) -> Function: ...
    @property
    def name(self) -> str:
        """The name the function is registered under."""
    @property
    def _info(self) -> dict[str, Any]: ...
    def release(self) -> None:
        """Drop this handle's reference; later calls raise ``ferrule.ValueError``."""
    def _use_count(self) -> int:
        """The native object's strong reference count (for tests)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles a registered function by its registered name (``ferrule.ffi``)."""

# What the operators take where the Array API takes "array | scalar".
_Operand = Tensor | int | float | complex | builtins.bool  # noqa: F821  (a stub: defined below)
_Axes = int | tuple[int, ...] | None

@disjoint_base
class Tensor:
    """An n-dimensional array held by libferrule.

    ``Tensor(data, dtype=None)`` copies ``data`` (nested lists, scalars, numpy arrays, anything
    ``numpy.asarray`` takes); ``ferrule.asarray`` shares memory where it can.

    A tensor that shares memory which must not be written (``bytes``, a read-only numpy array, a
    read-only mapping) is read-only, and so is every view of it (indexing, ``reshape``, ``.T``,
    ``flip``, ...): ``x[i] = v``, ``out=x`` and ``x += 1`` raise ``ValueError``, and its buffer
    and DLPack exports are read-only. Copies are writable.
    """

    def __new__(cls, data: Any, dtype: Any = None) -> Self: ...

    # --- autograd (ferrule.autograd) ---
    @property
    def requires_grad(self) -> bool: ...
    @requires_grad.setter
    def requires_grad(self, value: bool) -> None: ...
    def requires_grad_(self, requires_grad: bool = True) -> Tensor: ...
    @property
    def grad(self) -> Tensor | None: ...
    @grad.setter
    def grad(self, value: Tensor | None) -> None: ...
    @grad.deleter
    def grad(self) -> None: ...
    @property
    def grad_fn(self) -> Any: ...
    @property
    def is_leaf(self) -> bool: ...
    def backward(
        self, gradient: Tensor | None = None, retain_graph: bool = False, create_graph: bool = False
    ) -> None: ...
    def detach(self) -> Tensor: ...
    def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> None: ...

    # --- metadata (native) ---
    @property
    def shape(self) -> tuple[int, ...]:
        """The size of each dimension."""
    @property
    def dtype(self) -> DType:
        """The element type, e.g. ``ferrule.float32`` (a dtype object, not a string)."""
    @property
    def ndim(self) -> int:
        """Number of dimensions."""
    @property
    def size(self) -> int:
        """Number of elements."""
    @property
    def strides(self) -> tuple[int, ...]:
        """Step of each dimension in bytes (like numpy)."""
    @property
    def device(self) -> str:
        """The device, e.g. ``"cpu:0"``."""

    # --- metadata (ferrule._tensor) ---
    @property
    def itemsize(self) -> int:
        """Bytes per element."""
    @property
    def nbytes(self) -> int:
        """Bytes of all elements (``size * itemsize``)."""
    @property
    def T(self) -> Tensor:
        """The transpose of a 2-D tensor (a view); ``ValueError`` for other ranks."""
    @property
    def mT(self) -> Tensor:
        """The transpose of the last two axes (a view); needs at least 2 dimensions."""
    @property
    def name(self) -> str:
        """The tensor's name: a unique default (``"tensor_0"``, ...) given on first use, or the
        str assigned to it."""
    @name.setter
    def name(self, value: str) -> None: ...

    # --- conversion ---
    def numpy(self) -> np.ndarray[Any, Any]:
        """A numpy array holding a copy of the data (TypeError for bfloat16, which numpy lacks)."""
    def tolist(self) -> Any:
        """The data as nested Python lists (a Python scalar for a 0-d tensor; bfloat16 values as floats)."""
    def item(self) -> Any:
        """The one element of a size-1 tensor as a Python bool, int, float or complex."""
    def to_device(self, device: Any, /, *, stream: Any = None) -> Tensor:
        """The tensor on ``device`` (``"cpu"`` only: returns the tensor itself)."""
    def __array__(self, dtype: Any = None, copy: builtins.bool | None = None) -> np.ndarray[Any, Any]:
        """The tensor as a numpy array: a view unless ``dtype`` or ``copy=True`` needs a copy."""
    def __dlpack__(
        self,
        /,
        *,
        stream: int | Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: builtins.bool | None = None,
    ) -> CapsuleType:
        """A DLPack capsule sharing the tensor's memory (versioned when ``max_version >= (1, 0)``)."""
    def __dlpack_device__(self, /) -> tuple[int, int]:
        """``(device_type, device_id)``: ``(1, 0)`` for the CPU."""
    def __array_namespace__(self, /, *, api_version: str | None = None) -> types.ModuleType:
        """The ``ferrule`` module (the Array API namespace)."""
    def __len__(self) -> int:
        """The size of the first axis; ``TypeError`` for a 0-d tensor."""
    def __iter__(self) -> Iterator[Tensor]:
        """Iterates over the first axis."""
    def __bool__(self) -> builtins.bool:
        """The truth value of a one-element tensor."""
    def __int__(self) -> int:
        """``int()`` of a 0-d tensor."""
    def __float__(self) -> float:
        """``float()`` of a 0-d tensor."""
    def __complex__(self) -> complex:
        """``complex()`` of a 0-d tensor."""
    def __index__(self) -> int:
        """A 0-d integer tensor as an index."""
    def __format__(self, format_spec: str) -> str:
        """``format(x, spec)``: the element formatted for a 0-d tensor."""

    # --- copying and pickling ---
    def __copy__(self) -> Self:
        """A new tensor with a copy of the data."""
    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A new tensor with a copy of the data and deep copies of the attributes."""
    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickles the raw data (out of band with protocol 5), shape, dtype and attributes."""
    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restores the name and attributes saved by ``__reduce_ex__``."""

    # --- indexing ---
    def __getitem__(self, index: Any, /) -> Tensor:
        """``x[index]`` with numpy semantics (basic indexing gives views)."""
    def __setitem__(self, index: Any, value: _Operand, /) -> None:
        """``x[index] = value`` with numpy semantics."""

    # --- operators (the ops of schema/ops.yaml) ---
    # (The in-place forms take no out=, which mypy wants them to, hence their ignore[misc].
    # +, -, *, / and @ are the type's native number slots, which take no out= either.)
    def __add__(self, other: _Operand, /) -> Tensor: ...
    def __radd__(self, other: _Operand, /) -> Tensor: ...
    def __iadd__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __sub__(self, other: _Operand, /) -> Tensor: ...
    def __rsub__(self, other: _Operand, /) -> Tensor: ...
    def __isub__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __mul__(self, other: _Operand, /) -> Tensor: ...
    def __rmul__(self, other: _Operand, /) -> Tensor: ...
    def __imul__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __truediv__(self, other: _Operand, /) -> Tensor: ...
    def __rtruediv__(self, other: _Operand, /) -> Tensor: ...
    def __itruediv__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __floordiv__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rfloordiv__(self, other: _Operand, /) -> Tensor: ...
    def __ifloordiv__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __mod__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rmod__(self, other: _Operand, /) -> Tensor: ...
    def __imod__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __pow__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rpow__(self, other: _Operand, /) -> Tensor: ...
    def __ipow__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __matmul__(self, other: Tensor, /) -> Tensor: ...
    def __rmatmul__(self, other: Tensor, /) -> Tensor: ...
    def __imatmul__(self, other: Tensor, /) -> Self: ...
    def __and__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rand__(self, other: _Operand, /) -> Tensor: ...
    def __iand__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __or__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __ror__(self, other: _Operand, /) -> Tensor: ...
    def __ior__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __xor__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rxor__(self, other: _Operand, /) -> Tensor: ...
    def __ixor__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __lshift__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rlshift__(self, other: _Operand, /) -> Tensor: ...
    def __ilshift__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    def __rshift__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __rrshift__(self, other: _Operand, /) -> Tensor: ...
    def __irshift__(self, other: _Operand, /) -> Self: ...  # type: ignore[misc]
    # Element-wise comparisons return tensors (as numpy), hence the overrides of object's.
    def __eq__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...  # type: ignore[override]
    def __ne__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...  # type: ignore[override]
    def __lt__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __le__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __gt__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __ge__(self, other: _Operand, /, *, out: Tensor | None = None) -> Tensor: ...
    def __abs__(self, /, *, out: Tensor | None = None) -> Tensor: ...
    def __neg__(self, /, *, out: Tensor | None = None) -> Tensor: ...
    def __pos__(self, /, *, out: Tensor | None = None) -> Tensor: ...
    def __invert__(self, /, *, out: Tensor | None = None) -> Tensor: ...

    # --- methods (the ops of schema/ops.yaml with the tensor first) ---
    # numpy's method signatures (ferrule._interop): axis may be positional; dtype takes numpy's
    # spellings; out may be a tensor or a numpy array (returned); numpy's initial=/where= refused.
    def astype(
        self,
        dtype: Any,
        order: str = "K",
        casting: str = "unsafe",
        subok: builtins.bool = True,
        copy: builtins.bool = True,
        *,
        device: Any = None,
    ) -> Tensor:
        """The tensor converted to ``dtype`` (numpy's ``ndarray.astype``)."""
    def sum(
        self,
        axis: _Axes = None,
        dtype: Any = None,
        out: Any = None,
        keepdims: builtins.bool = False,
        initial: Any = ...,
        where: Any = ...,
    ) -> Any:
        """Sum over ``axis`` (numpy's ``ndarray.sum``)."""
    def prod(
        self,
        axis: _Axes = None,
        dtype: Any = None,
        out: Any = None,
        keepdims: builtins.bool = False,
        initial: Any = ...,
        where: Any = ...,
    ) -> Any:
        """Product over ``axis`` (numpy's ``ndarray.prod``)."""
    def mean(
        self,
        axis: _Axes = None,
        dtype: Any = None,
        out: Any = None,
        keepdims: builtins.bool = False,
        *,
        where: Any = ...,
    ) -> Any:
        """Arithmetic mean over ``axis`` (numpy's ``ndarray.mean``)."""
    def var(
        self,
        axis: _Axes = None,
        dtype: Any = None,
        out: Any = None,
        ddof: float = 0,
        keepdims: builtins.bool = False,
        *,
        where: Any = ...,
        mean: Any = ...,
        correction: Any = ...,
    ) -> Any:
        """Variance over ``axis`` (numpy's ``ndarray.var``)."""
    def std(
        self,
        axis: _Axes = None,
        dtype: Any = None,
        out: Any = None,
        ddof: float = 0,
        keepdims: builtins.bool = False,
        *,
        where: Any = ...,
        mean: Any = ...,
        correction: Any = ...,
    ) -> Any:
        """Standard deviation over ``axis`` (numpy's ``ndarray.std``)."""
    def max(
        self, axis: _Axes = None, out: Any = None, keepdims: builtins.bool = False, initial: Any = ..., where: Any = ...
    ) -> Any:
        """Maximum over ``axis`` (numpy's ``ndarray.max``)."""
    def min(
        self, axis: _Axes = None, out: Any = None, keepdims: builtins.bool = False, initial: Any = ..., where: Any = ...
    ) -> Any:
        """Minimum over ``axis`` (numpy's ``ndarray.min``)."""
    def all(self, axis: _Axes = None, out: Any = None, keepdims: builtins.bool = False, *, where: Any = ...) -> Any:
        """Whether every element over ``axis`` is true (numpy's ``ndarray.all``)."""
    def any(self, axis: _Axes = None, out: Any = None, keepdims: builtins.bool = False, *, where: Any = ...) -> Any:
        """Whether any element over ``axis`` is true (numpy's ``ndarray.any``)."""
    def argmax(self, axis: int | None = None, out: Any = None, *, keepdims: builtins.bool = False) -> Any:
        """Index of the maximum over ``axis`` (numpy's ``ndarray.argmax``)."""
    def argmin(self, axis: int | None = None, out: Any = None, *, keepdims: builtins.bool = False) -> Any:
        """Index of the minimum over ``axis`` (numpy's ``ndarray.argmin``)."""
    def cumsum(self, axis: int | None = None, dtype: Any = None, out: Any = None) -> Any:
        """Cumulative sum along ``axis``, of the flattened tensor when ``None`` (numpy's ``ndarray.cumsum``)."""
    def cumprod(self, axis: int | None = None, dtype: Any = None, out: Any = None) -> Any:
        """Cumulative product along ``axis`` (numpy's ``ndarray.cumprod``)."""
    def clip(self, min: _Operand | None = None, max: _Operand | None = None, out: Any = None) -> Any:
        """Each element clamped to ``[min, max]`` (numpy's ``ndarray.clip``)."""
    def reshape(self, *shape: Any, order: str = "C", copy: builtins.bool | None = None) -> Tensor:
        """The tensor with a new shape, one tuple or separate ints (a view where the layout allows)."""
    def flatten(self, order: str = "C") -> Tensor:
        """A 1-D copy of the tensor."""
    def ravel(self, order: str = "C") -> Tensor:
        """The tensor as 1-D: a view where the layout allows, else a copy."""
    def copy(self, order: str = "C") -> Tensor:
        """A new tensor holding a copy of the data."""
    def squeeze(self, axis: int | tuple[int, ...] | None = None) -> Tensor:
        """The tensor without its axes of length one (all, or those of ``axis``; a view)."""
    def transpose(self, *axes: Any) -> Tensor:
        """The axes reversed, or in the order ``axes`` (one tuple or separate ints; a view)."""

    # --- numpy's protocols (ferrule._interop) ---
    __array_priority__: float
    def __array_ufunc__(self, ufunc: Any, method: str, /, *inputs: Any, **kwargs: Any) -> Any:
        """``np.sin(t)``, ``np.add(t, 1)``, ``np.ones(3) + t``: computed by ferrule."""
    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any, /) -> Any:
        """``np.sum(t)``, ``np.concatenate([t, t])``: computed by ferrule."""
    def mm(x1, x2: Tensor, /) -> Tensor:  # (x1 is the tensor itself)
        """2-D matrix product (``ferrule.mm``)."""
    def _use_count(self) -> int:
        """The native object's strong reference count (for tests)."""

def from_dlpack(x: Any, /, *, device: Any = None, copy: builtins.bool | None = None) -> Tensor:
    """A Tensor sharing the memory of ``x`` (any DLPack producer); ``copy=True`` asks for a copy."""

def _builtin(func: Function, name: str, doc: str | None, module: str | None, /) -> Callable[..., Any]:
    """A builtin function calling func (what the namespace and init_api modules hold)."""

def get_global_func(name: str, /) -> Function:
    """The function registered under ``name`` (``ferrule.KeyError`` if none is)."""

def list_global_func_names() -> list[str]:
    """The names of every registered function, sorted."""

def _register_func(
    name: str, func: Callable[..., Any], doc: str | None, signature: str | None, flags: int, /
) -> None: ...
def remove_global_func(name: str, /) -> None:
    """Removes the registration of ``name``."""

def load_library(path: str, /) -> None:
    """Loads a plugin shared library into the process-wide registry."""

def live_object_count() -> int:
    """The number of live native objects (for leak checks)."""

def abi_version() -> int:
    """The ABI version of the loaded libferrule."""

def _install_hooks(
    *,
    error_types: Mapping[str, type[BaseException]],
    signature: Callable[..., Any],
    tensor_prepare: Callable[..., Any],
    tensor_repr: Callable[..., Any],
    dtype_objects: dict[str, Any],
    dtype_convert: Callable[..., Any],
    op_add: Callable[..., Any],
    op_subtract: Callable[..., Any],
    op_multiply: Callable[..., Any],
    op_divide: Callable[..., Any],
    op_matmul: Callable[..., Any],
) -> None: ...
def _set_array_protocols(
    ufuncs: dict[Any, Any],
    ufunc_fallback: Callable[..., Any],
    alone: dict[Any, Any],
    functions: dict[Any, Any],
    function_fallback: Callable[..., Any],
    /,
) -> None: ...
def _tensor_from_data(data: Any, dtype: Any = None, /) -> Tensor: ...
