"""The parts of the Python Array API standard (2025.12) that the ``ferrule`` namespace implements
in Python: the version, the inspection object of ``__array_namespace_info__()``, the constants,
``asarray`` and ``from_dlpack``, and the ``linalg`` aliases of main-namespace functions.

The operators themselves are the registered packed functions ``ops.*`` (bound by
:mod:`ferrule._namespace`).
"""

from __future__ import annotations

import math
import operator
import reprlib
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from . import _ferrule
from ._namespace import DTYPES, DType, as_dtype
from .error import raise_named

__all__ = [
    "API_VERSION",
    "SUPPORTED_API_VERSIONS",
    "CPU",
    "ArrayNamespaceInfo",
    "array_namespace_info",
    "asarray",
    "broadcast_shapes",
    "from_dlpack",
    "has_native_from_dlpack",
    "normalize_device",
    "complete_namespace",
]

Tensor = _ferrule.Tensor

#: The version of the standard the namespace conforms to (``ferrule.__array_api_version__``).
#: 2025.12 added isin, broadcast_shapes, linalg.eig and linalg.eigvals, a tuple of axes in
#: expand_dims, negative axes in permute_dims, a scalar x2 in searchsorted and a tuple from
#: ``__array_namespace_info__().devices()``; ferrule has all of them
#: (python/tests/test_array_api_audit.py checks the namespace against array-api-strict's).
API_VERSION = "2025.12"
#: Versions ``Tensor.__array_namespace__(api_version=...)`` accepts: the namespace is a superset of
#: each earlier one.
SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
#: The one device ferrule tensors live on, as :attr:`ferrule.Tensor.device` names it.
CPU = "cpu:0"

_astype = _ferrule.get_global_func("ops.astype")

# Zero-copy DLPack import, added by the extension (``_ferrule.from_dlpack``). Looked up once: when
# the extension does not have it, ``from_dlpack`` is the copying fallback below and ``asarray``
# cannot share memory with its input.
_native_from_dlpack: Callable[..., Any] | None = getattr(_ferrule, "from_dlpack", None)


def has_native_from_dlpack() -> bool:
    """Whether the extension provides zero-copy ``from_dlpack`` (otherwise the copying fallback is
    in use and ``asarray(x, copy=False)`` of a non-tensor raises ``ValueError``)."""
    return _native_from_dlpack is not None


def normalize_device(device: Any, what: str) -> str:
    """``"cpu:0"`` for ``None``, ``"cpu"``, ``"cpu:0"`` (or an object whose ``str`` is one of
    those); a ``ValueError`` naming ``what`` for any other device."""
    if device is None:
        return CPU
    try:
        name = str(device)
    except Exception:  # an object that cannot even be shown (its str() fails, deep nesting)
        name = None
    if name in ("cpu", CPU):
        return CPU
    raise ValueError(f"{what}: ferrule tensors live on the CPU ({CPU!r}), got device {reprlib.repr(device)}")


# --- __array_namespace_info__ ---------------------------------------------------------------------

#: The standard's dtypes: ferrule's own, less the two the standard does not define.
_STANDARD_DTYPES = tuple(n for n in DTYPES if n not in ("float16", "bfloat16"))
_KINDS: dict[str, tuple[str, ...]] = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "integral": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
    "numeric": (
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float32",
        "float64",
        "complex64",
        "complex128",
    ),
}


class ArrayNamespaceInfo:
    """What ``ferrule.__array_namespace_info__()`` returns: the namespace's capabilities, devices
    and data types, as the Array API standard's inspection API describes them.

    ``dtypes()`` lists the standard's data types only; ferrule also has ``float16`` and
    ``bfloat16`` (``ferrule.float16``, ``ferrule.bfloat16``), which the standard does not define.
    """

    __slots__ = ()

    def capabilities(self) -> dict[str, Any]:
        """``{"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}``:
        boolean masks index and assign, ``nonzero``/``unique_*`` have data-dependent output
        shapes, and the kernels set no limit on the number of dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self) -> str:
        """The default device, ``"cpu:0"`` (the only one; equal to ``Tensor.device``)."""
        return CPU

    def devices(self) -> tuple[str, ...]:
        """Every device ferrule can place tensors on: ``("cpu:0",)`` (a tuple since the 2025.12
        standard; a list before)."""
        return (CPU,)

    def default_dtypes(self, *, device: Any = None) -> dict[str, DType]:
        """The dtypes ferrule picks when none is given: float64 for real floating, complex128
        for complex floating, int64 for integral values and for indices."""
        normalize_device(device, "default_dtypes() argument 'device'")
        return {
            "real floating": DTYPES["float64"],
            "complex floating": DTYPES["complex128"],
            "integral": DTYPES["int64"],
            "indexing": DTYPES["int64"],
        }

    def dtypes(self, *, device: Any = None, kind: str | tuple[str, ...] | None = None) -> dict[str, DType]:
        """The standard's data types ferrule supports, by name, optionally only those of ``kind``
        (a kind name as ``isdtype`` takes it, e.g. ``"real floating"``, or a tuple of them)."""
        normalize_device(device, "dtypes() argument 'device'")
        if kind is None:
            names: tuple[str, ...] = _STANDARD_DTYPES
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            wanted: set[str] = set()
            for k in kinds:
                if not isinstance(k, str) or k not in _KINDS:
                    raise ValueError(f"dtypes() argument 'kind': unknown kind {k!r}; expected one of {sorted(_KINDS)}")
                wanted.update(_KINDS[k])
            names = tuple(n for n in _STANDARD_DTYPES if n in wanted)
        return {n: DTYPES[n] for n in names}

    def __repr__(self) -> str:
        return "ferrule.__array_namespace_info__()"


_INFO = ArrayNamespaceInfo()


def array_namespace_info() -> ArrayNamespaceInfo:
    """The Array API inspection object of the ``ferrule`` namespace (``capabilities()``,
    ``default_device()``, ``default_dtypes()``, ``dtypes()``, ``devices()``)."""
    return _INFO


array_namespace_info.__name__ = array_namespace_info.__qualname__ = "__array_namespace_info__"


# --- from_dlpack and asarray ----------------------------------------------------------------------


def _from_dlpack_fallback(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Any:
    """FALLBACK ``from_dlpack``, in use only while the extension has no native
    ``_ferrule.from_dlpack``: it always COPIES (numpy's ``np.from_dlpack`` views ``x``, then
    ``ferrule.Tensor`` copies the view), so ``copy=False`` raises ``BufferError``.

    ``x`` is any DLPack producer (``__dlpack__`` and ``__dlpack_device__``) on the CPU, or a
    ferrule tensor (returned as is unless ``copy=True``)."""
    normalize_device(device, "from_dlpack() argument 'device'")
    if isinstance(x, Tensor):
        return _astype(x, x.dtype) if copy else x  # (astype copies by default)
    if copy is False:
        raise BufferError(
            "from_dlpack(copy=False): this ferrule build has no zero-copy DLPack import "
            "(the extension lacks _ferrule.from_dlpack), so the data would be copied"
        )
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack() needs a DLPack producer (an object with __dlpack__), got {type(x).__name__}")
    return Tensor(np.from_dlpack(x))


#: ``from_dlpack(x, /, *, device=None, copy=None)``: the extension's zero-copy import when it has
#: one, else :func:`_from_dlpack_fallback` (which copies).
from_dlpack: Callable[..., Any] = _native_from_dlpack if _native_from_dlpack is not None else _from_dlpack_fallback


def _shareable_source(obj: Any) -> Any:
    """``obj`` itself when it is a DLPack producer, a numpy view of it when it only has the buffer
    protocol (bytes, bytearray, array.array, memoryview, ...), otherwise ``None``."""
    if hasattr(obj, "__dlpack__"):
        return obj
    if isinstance(obj, str):
        return None
    try:
        view = memoryview(obj)
    except TypeError:
        return None
    return np.asarray(view)


#: Whether ``asarray(x)`` (``copy=None``) shares the memory of a read-only ``x`` (bytes, a
#: read-only numpy array). Read-only memory stays read-only in every view of it, and every write
#: path (``x[i] = v``, ``out=``, in-place operators) raises ``ValueError``, so sharing is safe.
SHARE_READ_ONLY = True


def _read_only(source: Any) -> bool:
    """Whether ``source`` (from :func:`_shareable_source`) is a numpy array that is not writable."""
    return isinstance(source, np.ndarray) and not source.flags.writeable


#: Inputs that are never shared, only copied (nested sequences, Python scalars): asarray takes
#: them straight to the copy.
_ALWAYS_COPIED = frozenset({list, tuple, int, float, bool, complex})


def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None) -> Any:
    """``obj`` as a :class:`ferrule.Tensor`.

    A tensor is returned itself when it already has ``dtype`` (``copy=True`` forces a copy).
    Numpy arrays, other DLPack producers and buffer-protocol objects (bytes, bytearray,
    array.array, memoryview: their bytes as uint8 unless they carry a format) are shared without
    a copy when the extension has zero-copy ``from_dlpack`` and ``copy`` is not ``True`` (a
    read-only one only with ``copy=False``, see :data:`SHARE_READ_ONLY`); nested sequences and
    Python scalars are copied. ``copy=False`` raises ``ValueError`` whenever a copy
    would be needed (a dtype conversion, a non-shareable input)."""
    try:
        if dtype is None and copy is None and device is None and type(obj) in _ALWAYS_COPIED:
            return Tensor(obj)  # (the commonest call, with nothing to check)
        if type(obj) is Tensor and dtype is None and device is None:  # (the next commonest)
            return _astype(obj, obj.dtype) if copy else obj  # (astype copies by default)
        return _asarray(obj, dtype, device, copy)
    except Exception as e:  # numpy's or a conversion's message alone does not say it was asarray
        raise_named("asarray()", e)


#: numpy has no bfloat16: ``asarray`` converts to it natively.
_BFLOAT16 = DTYPES["bfloat16"]


def _asarray(obj: Any, dtype: Any, device: Any, copy: bool | None) -> Any:
    normalize_device(device, "asarray() argument 'device'")
    if dtype is not None:
        dtype = as_dtype(dtype, "asarray() argument 'dtype'")
    if type(obj) in _ALWAYS_COPIED and copy is not False and dtype is not _BFLOAT16:
        return Tensor(obj, dtype=dtype)
    if isinstance(obj, Tensor):
        if dtype is None or dtype is obj.dtype:
            return _astype(obj, obj.dtype) if copy else obj  # (astype copies by default)
        if copy is False:
            raise ValueError(f"asarray() argument 'copy': converting {obj.dtype} to {dtype} needs a copy")
        return _astype(obj, dtype)
    if copy is not True and _native_from_dlpack is not None:
        source = _shareable_source(obj)
        if source is not None and copy is None and not SHARE_READ_ONLY and _read_only(source):
            source = None  # copied below
        if source is not None:
            try:
                shared = _native_from_dlpack(source, copy=False)
            except (BufferError, TypeError) as e:  # not shareable (device, dtype, layout): copy below
                if copy is False:
                    raise ValueError(
                        f"asarray() argument 'copy': {type(obj).__name__} cannot be shared without a copy ({e})"
                    ) from e
            else:
                if dtype is None or dtype is shared.dtype:
                    return shared
                if copy is False:
                    raise ValueError(f"asarray() argument 'copy': converting {shared.dtype} to {dtype} needs a copy")
                return _astype(shared, dtype)
    if copy is False:
        reason = (
            "this ferrule build has no zero-copy import (the extension lacks _ferrule.from_dlpack)"
            if _native_from_dlpack is None
            else f"a {type(obj).__name__} is not an array ferrule can share"
        )
        raise ValueError(f"asarray() argument 'copy': copy=False needs a copy here: {reason}")
    if not hasattr(obj, "__dlpack__") and not hasattr(obj, "__array__"):
        view = _shareable_source(obj)  # buffer-protocol objects: numpy reads bytes as 'S', not uint8
        if view is not None:
            obj = view
    if dtype is _BFLOAT16:  # numpy has no bfloat16: convert natively
        return _astype(Tensor(obj), _BFLOAT16)
    return Tensor(obj, dtype=dtype)


# --- broadcast_shapes -----------------------------------------------------------------------------


def _shape_arg(shape: Any, position: int) -> tuple[int, ...]:
    """``shape`` (the ``position``-th argument of ``broadcast_shapes``), a tuple or list of ints
    (objects with ``__index__``), as a tuple of ints."""
    what = f"broadcast_shapes() argument {position}"
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"{what}: expected a tuple of ints, got {type(shape).__name__}")
    dims: list[int] = []
    for d in shape:
        if isinstance(d, bool) or not hasattr(type(d), "__index__"):
            raise TypeError(f"{what}: expected a tuple of ints, got an item of type {type(d).__name__}")
        try:
            n = operator.index(d)
        except Exception as e:  # an __index__ that fails says nothing of broadcast_shapes
            raise TypeError(f"{what}: an item of type {type(d).__name__} is not an int ({e})") from e
        if n < 0:
            raise ValueError(f"{what}: negative dimension {n} at index {len(dims)}")
        dims.append(n)
    return tuple(dims)


def broadcast_shapes(*shapes: Any) -> tuple[int, ...]:
    """The shape that tensors of ``shapes`` broadcast to (the Array API 2025.12 function;
    ``()`` when no shape is given). Shapes are aligned at their last dims; each dim must be
    equal or 1 (a 1 stretches), else a ``ValueError`` names both shapes."""
    result: list[int] = []
    seen: tuple[int, ...] = ()
    for position, shape in enumerate(shapes):
        dims = _shape_arg(shape, position)
        if len(dims) > len(result):
            result[:0] = [1] * (len(dims) - len(result))
        for i in range(1, len(dims) + 1):
            have, new = result[-i], dims[-i]
            if have == 1:
                result[-i] = new
            elif new not in (1, have):
                raise ValueError(
                    f"broadcast_shapes() argument {position}: shape {dims} cannot be broadcast against "
                    f"{seen}, the shape of the arguments before it (dimension -{i}: {new} against {have})"
                )
        seen = tuple(result)
    return tuple(result)


# --- the namespace --------------------------------------------------------------------------------

#: Array API constants.
CONSTANTS: dict[str, Any] = {"e": math.e, "pi": math.pi, "inf": math.inf, "nan": math.nan, "newaxis": None}

#: Functions of the standard's main namespace that its ``linalg`` extension also lists.
LINALG_ALIASES = ("matmul", "matrix_transpose", "tensordot", "vecdot")


def complete_namespace(package: types.ModuleType) -> list[str]:
    """Adds what :func:`ferrule._namespace.bind` does not: the constants, the version,
    ``__array_namespace_info__``, ``asarray``, ``from_dlpack``, the ``linalg`` aliases and the
    submodules' ``__all__``. Also sets each operator on :mod:`ferrule._ops` under the name its
    generated stub ``_ops.pyi`` declares (``add``, ``linalg_matrix_norm``, ...), so that stub
    describes real objects. Returns the public names it bound on ``package`` (for ``__all__``)."""
    from . import _ops

    names: list[str] = []
    for name, value in CONSTANTS.items():
        setattr(package, name, value)
        names.append(name)
    for name, value in (
        ("__array_api_version__", API_VERSION),
        ("__array_namespace_info__", array_namespace_info),
        ("asarray", asarray),
        ("from_dlpack", from_dlpack),
        ("broadcast_shapes", broadcast_shapes),
    ):
        setattr(package, name, value)
        names.append(name)
    for py_name, (submodule, _registered) in _ops.OPS.items():
        if submodule:
            value = getattr(getattr(package, submodule), py_name.rpartition(".")[2])
        else:
            value = getattr(package, py_name)
            names.append(py_name)
        setattr(_ops, py_name.replace(".", "_"), value)
    linalg = package.linalg
    for name in LINALG_ALIASES:
        setattr(linalg, name, getattr(package, name))
    for submodule in ("fft", "linalg", "random"):
        module = getattr(package, submodule)
        module.__all__ = sorted(n for n in vars(module) if not n.startswith("_"))
        names.append(submodule)
    names.extend(DTYPES)
    return names
