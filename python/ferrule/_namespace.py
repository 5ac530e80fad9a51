"""Binds the operators of ``schema/ops.yaml`` (listed in the generated :mod:`ferrule._ops`) into
the ``ferrule`` namespace, its ``fft``, ``linalg`` and ``random`` submodules, and :class:`ferrule.Tensor`.

Each free function is a builtin (:func:`ferrule.ffi.builtin_of`) over the registered packed
function ``ops.<name>``, so a call takes CPython's specialised builtin path straight to the kernel
with no Python frame in between; only the few ops whose native result is not the Array API's type (a list for a tuple, a
dtype name for a dtype, a map for ``finfo``) get a wrapper that converts it, ``eye`` one that
clamps an offset ``k`` beyond int64 (which selects nothing) into the range the ABI carries, and
``getitem`` / ``setitem`` take a Python index (:mod:`ferrule._index`). Tensor methods and
operators are thin adapters that put ``self`` where the op wants it.
"""

from __future__ import annotations

import inspect
import sys
import types
from collections.abc import Callable
from typing import Any, NamedTuple

from . import _ferrule, _vocab
from ._ops import OPS, TENSOR_METHODS
from .ffi import builtin_of

__all__ = [
    "DType",
    "DTYPES",
    "EighResult",
    "QRResult",
    "SVDResult",
    "SlogdetResult",
    "UniqueAllResult",
    "UniqueCountsResult",
    "UniqueInverseResult",
    "bind",
    "finfo_object",
    "iinfo_object",
]


class DType(str):
    """A ferrule dtype. It compares equal to its name (``ferrule.float32 == "float32"``), which is
    also what :attr:`ferrule.Tensor.dtype` returns, and passes to native code as that name."""

    __slots__ = ()

    @property
    def name(self) -> str:
        """The dtype's name, e.g. ``"float32"``."""
        return str(self)

    def __repr__(self) -> str:
        return f"ferrule.{str(self)}"


#: Every dtype ferrule supports, by name (the names of ``_vocab.DTYPES``, which ferrule-codegen
#: writes from ferrule-sys).
DTYPES: dict[str, DType] = {name: DType(name) for name, _, _ in _vocab.DTYPES}


class finfo_object:
    """Machine limits of a floating dtype, as ``ferrule.finfo`` returns them (the Array API's
    ``finfo_object``): ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal``, ``dtype``."""

    __slots__ = ("bits", "eps", "max", "min", "smallest_normal", "dtype")

    def __init__(self, info: dict[str, Any]) -> None:
        self.bits: int = info["bits"]
        self.eps: float = info["eps"]
        self.max: float = info["max"]
        self.min: float = info["min"]
        self.smallest_normal: float = info["smallest_normal"]
        self.dtype: DType = DTYPES[info["dtype"]]

    def __repr__(self) -> str:
        return f"finfo(bits={self.bits}, eps={self.eps}, max={self.max}, min={self.min}, smallest_normal={self.smallest_normal}, dtype={self.dtype})"


class iinfo_object:
    """Limits of an integer dtype, as ``ferrule.iinfo`` returns them: ``bits``, ``max``, ``min``,
    ``dtype``."""

    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, info: dict[str, Any]) -> None:
        self.bits: int = info["bits"]
        top = info["max"]  # uint64's max arrives as a 0-d uint64 tensor (it does not fit int64)
        self.max: int = top if isinstance(top, int) else int(top.tolist())
        self.min: int = info["min"]
        self.dtype: DType = DTYPES[info["dtype"]]

    def __repr__(self) -> str:
        return f"iinfo(bits={self.bits}, max={self.max}, min={self.min}, dtype={self.dtype})"


class UniqueAllResult(NamedTuple):
    """What ``ferrule.unique_all`` returns (the Array API's named tuple)."""

    values: _ferrule.Tensor
    indices: _ferrule.Tensor
    inverse_indices: _ferrule.Tensor
    counts: _ferrule.Tensor


class UniqueCountsResult(NamedTuple):
    """What ``ferrule.unique_counts`` returns (the Array API's named tuple)."""

    values: _ferrule.Tensor
    counts: _ferrule.Tensor


class UniqueInverseResult(NamedTuple):
    """What ``ferrule.unique_inverse`` returns (the Array API's named tuple)."""

    values: _ferrule.Tensor
    inverse_indices: _ferrule.Tensor


class EighResult(NamedTuple):
    """What ``ferrule.linalg.eigh`` returns (the Array API's named tuple)."""

    eigenvalues: _ferrule.Tensor
    eigenvectors: _ferrule.Tensor


class QRResult(NamedTuple):
    """What ``ferrule.linalg.qr`` returns (the Array API's named tuple)."""

    Q: _ferrule.Tensor
    R: _ferrule.Tensor


class SlogdetResult(NamedTuple):
    """What ``ferrule.linalg.slogdet`` returns (the Array API's named tuple)."""

    sign: _ferrule.Tensor
    logabsdet: _ferrule.Tensor


class SVDResult(NamedTuple):
    """What ``ferrule.linalg.svd`` returns (the Array API's named tuple)."""

    U: _ferrule.Tensor
    S: _ferrule.Tensor
    Vh: _ferrule.Tensor


#: Ops whose registered function returns what the other languages want (a list of tensors, a
#: map, a dtype name) and the Python namespace turns into the Array API's type: name -> converter.
_STANDARD_RESULTS: dict[str, Callable[[Any], Any]] = {
    "nonzero": tuple,
    # the standard returns several arrays as a tuple (Go and C get the op's list)
    "unstack": tuple,
    "broadcast_arrays": tuple,
    "meshgrid": tuple,
    "unique_all": UniqueAllResult._make,
    "unique_counts": UniqueCountsResult._make,
    "unique_inverse": UniqueInverseResult._make,
    "linalg.eigh": EighResult._make,
    "linalg.qr": QRResult._make,
    "linalg.slogdet": SlogdetResult._make,
    "linalg.svd": SVDResult._make,
    "result_type": DTYPES.__getitem__,
    "finfo": finfo_object,
    "iinfo": iinfo_object,
}


#: Ops whose Python form takes the object inside ``x[...]`` (see :mod:`ferrule._index`).
_INDEX_FUNCTIONS = ("getitem", "setitem")


def _standard_result(f: Callable[..., Any], convert: Callable[[Any], Any], name: str) -> Callable[..., Any]:
    """``f`` with its result passed through ``convert``. Arguments go through untouched, so a
    wrong call fails with the registered function's own error; ``inspect.signature`` shows its
    parameters."""

    def op(*args: Any, **kwargs: Any) -> Any:
        return convert(f(*args, **kwargs))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f.__doc__
    op.__signature__ = inspect.signature(f).replace(return_annotation=inspect.Signature.empty)  # type: ignore[attr-defined]
    return op


#: The packed int's range: an int argument outside it cannot cross the ABI.
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def _eye(f: Callable[..., Any], name: str) -> Callable[..., Any]:
    """``eye`` taking any Python int as ``k``, as numpy does: a diagonal offset beyond the int64
    range selects no element of any tensor, so it is clamped into the range (zeros result)."""

    def eye(*args: Any, **kwargs: Any) -> Any:
        k = kwargs.get("k")
        if type(k) is int and not _INT64_MIN <= k <= _INT64_MAX:
            kwargs["k"] = min(max(k, _INT64_MIN), _INT64_MAX)
        return f(*args, **kwargs)

    eye.__name__ = eye.__qualname__ = name
    eye.__doc__ = f.__doc__
    eye.__signature__ = inspect.signature(f).replace(return_annotation=inspect.Signature.empty)  # type: ignore[attr-defined]
    return eye


#: Ops whose Python arguments need adapting before the registered function: name -> adapter.
_ARGUMENT_ADAPTERS: dict[str, Callable[[Callable[..., Any], str], Callable[..., Any]]] = {"eye": _eye}


def _reflected_method(f: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, other: Any) -> Any:
        return f(other, self)

    return method


def _inplace_method(f: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, other: Any) -> Any:
        f(self, other, out=self)
        return self

    return method


_ADAPTERS = {"reflected": _reflected_method, "inplace": _inplace_method}

#: The operators the extension type implements as native number slots, from `a + b` straight
#: into the registered function, for both operand orders: hook name -> registered function.
#: Their `__x__` / `__rx__` methods are the slots' own wrappers; in-place forms stay adapters.
_NATIVE_SLOTS = {
    "op_add": "ops.add",
    "op_subtract": "ops.subtract",
    "op_multiply": "ops.multiply",
    "op_divide": "ops.divide",
    "op_matmul": "ops.matmul",
}


def native_slots() -> dict[str, Any]:
    """The registered functions behind the Tensor's native number slots, by hook name
    (``op_add`` ...), for ``_ferrule._install_hooks``."""
    return {hook: _ferrule.get_global_func(registered) for hook, registered in _NATIVE_SLOTS.items()}


def bind(package: types.ModuleType) -> None:
    """Sets every op on ``package`` (or its ``fft`` / ``linalg`` / ``random`` submodule, created here and
    entered in :data:`sys.modules`) and every method and operator on :class:`ferrule.Tensor`."""
    from . import _index  # (imports ferrule._array_api, which imports this module)

    for name, dtype in DTYPES.items():
        setattr(package, name, dtype)
    for py_name, (submodule, registered) in OPS.items():
        target = package
        if submodule:
            target = getattr(package, submodule, None)  # type: ignore[assignment]
            if target is None:
                target = types.ModuleType(
                    f"{package.__name__}.{submodule}", f"ferrule.{submodule}: operators under ops.{submodule}.*"
                )
                setattr(package, submodule, target)
                sys.modules[target.__name__] = target
        func = _ferrule.get_global_func(registered)
        short = py_name.rsplit(".", 1)[-1]
        f: Callable[..., Any]
        if py_name in _STANDARD_RESULTS:
            f = _standard_result(func, _STANDARD_RESULTS[py_name], short)
        elif py_name in _INDEX_FUNCTIONS:
            # they read a Python index as x[index] does (lists, slices, arrays), not the packed form
            f = getattr(_index, py_name)
        elif py_name in _ARGUMENT_ADAPTERS:
            f = _ARGUMENT_ADAPTERS[py_name](func, short)
        else:
            # a builtin: CPython's cheapest call path straight into the registered function
            f = builtin_of(func, short, target.__name__)
        setattr(target, short, f)
    tensor = _ferrule.Tensor
    native = set(_NATIVE_SLOTS.values())
    for attr, (registered, mode) in TENSOR_METHODS.items():
        if registered in native and mode != "inplace":
            continue  # the extension type's own slot (its __x__ / __rx__ wrappers call it)
        f = _ferrule.get_global_func(registered)  # (already Callable[..., Any] above)
        if attr == "__getitem__":
            method = _index.getitem_method(f)
        elif attr == "__setitem__":
            method = _index.setitem_method(f)
        else:
            if mode == "self":
                # The registered function itself: it binds like a Python function (a method
                # descriptor), so `a + b` and `t.sum()` reach the kernel with no Python frame.
                setattr(tensor, attr, f)
                continue
            method = _ADAPTERS[mode](f)
        method.__name__ = attr
        method.__qualname__ = f"Tensor.{attr}"
        method.__doc__ = f.__doc__
        setattr(tensor, attr, method)
