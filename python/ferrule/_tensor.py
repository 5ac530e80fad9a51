"""The Python-level API of :class:`ferrule.Tensor`, set onto the extension's type at import, and
the construction and printing hooks the extension calls (numpy does the parsing).

The extension type provides ``shape``, ``dtype``, ``ndim``, ``size``, ``strides``, ``device``,
``numpy()``, ``tolist()``, ``__len__`` and a read-only buffer export; :mod:`ferrule._namespace`
adds the operators and op methods. This module adds the rest of the Array API ``array`` object
and numpy's conveniences: ``T``, ``mT``, ``itemsize``, ``nbytes``, ``name``, ``item()``,
``to_device()``, ``__iter__``, ``__bool__``/``__int__``/``__float__``/``__complex__``/``__index__``,
``__str__``/``__format__``, ``__array__``, ``__array_namespace__``, copying and pickling.
"""

from __future__ import annotations

import copy as _copy
import itertools
import pickle
import reprlib
import sys
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from . import _array_api, _ferrule, _vocab
from ._namespace import DTYPES, as_dtype
from .error import raise_named

Tensor = _ferrule.Tensor

# numpy dtype -> DLPack (code, bits); kDLInt=0, kDLUInt=1, kDLFloat=2, kDLComplex=5, kDLBool=6
_DLPACK_CODES = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}
#: The dtypes ferrule has (``_vocab.DTYPES``) that numpy has too: all but bfloat16.
_NAMES = {name for name, _, _ in _vocab.DTYPES if name != "bfloat16"}
#: Bytes per element of each dtype ferrule has.
_ITEMSIZE = {name: bits // 8 for name, _, bits in _vocab.DTYPES}
_INTEGER = {DTYPES[n] for n in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")}
_BFLOAT16, _FLOAT32 = DTYPES["bfloat16"], DTYPES["float32"]
#: Native-order numpy dtype -> DLPack (code, bits), for the dtypes ferrule takes from numpy (a
#: dict lookup: ``dtype.name`` is computed in Python by numpy, and slow).
_FROM_NUMPY = {np.dtype(n): (_DLPACK_CODES[np.dtype(n).kind], np.dtype(n).itemsize * 8) for n in _NAMES}

_astype = _ferrule.get_global_func("ops.astype")
_getitem = _ferrule.get_global_func("ops.getitem")
_permute_dims = _ferrule.get_global_func("ops.permute_dims")
_matrix_transpose = _ferrule.get_global_func("ops.matrix_transpose")


def _prepare(data: Any, dtype: Any) -> tuple[np.ndarray[Any, Any], int, int]:
    """``data`` as a C-contiguous, native-order numpy array of a supported dtype, plus its
    DLPack (code, bits). Python ints become int64 and floats float64, as numpy does. ``dtype``
    is any spelling of a dtype (:class:`ferrule.DType`)."""
    if dtype is not None:
        dtype = as_dtype(dtype, "Tensor() argument 'dtype'")
    elif isinstance(data, Tensor):
        dtype = data.dtype
    if dtype is _BFLOAT16:
        raise TypeError(
            "Tensor() argument 'dtype': numpy cannot make bfloat16 data; use ferrule.asarray(data, "
            "dtype=ferrule.bfloat16), which converts natively"
        )
    try:
        arr = np.asarray(data, dtype=None if dtype is None else dtype.__numpy_dtype__)
    except Exception as e:  # numpy's message alone does not say what was being made
        raise_named("Tensor()", e)
    dlpack = _FROM_NUMPY.get(arr.dtype)
    if dlpack is not None and arr.flags.c_contiguous:  # the usual case, with no more checks
        return arr, dlpack[0], dlpack[1]
    if arr.dtype.kind not in _DLPACK_CODES or arr.dtype.name not in _NAMES:
        raise TypeError(f"cannot make a ferrule.Tensor of dtype {arr.dtype} (from {type(data).__name__})")
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    if not arr.flags.c_contiguous:
        arr = arr.copy(order="C")  # (np.ascontiguousarray would turn 0-d into 1-d)
    return arr, _DLPACK_CODES[arr.dtype.kind], arr.dtype.itemsize * 8


def _printable(t: Any) -> np.ndarray[Any, Any]:
    """A numpy array with ``t``'s values for printing: a view, or a float32 copy of bfloat16."""
    if t.dtype is _BFLOAT16:
        t = _astype(t, _FLOAT32)
    return np.asarray(memoryview(t))


def _repr(t: Any) -> str:
    """``ferrule.Tensor([[1., 2.]], dtype=float64)``, laid out like numpy's ``repr``."""
    prefix = "ferrule.Tensor("
    try:
        body = np.array2string(_printable(t), separator=", ", prefix=prefix)
    except Exception:  # a dtype numpy cannot show, or no buffer (another device)
        return f"<ferrule.Tensor shape={t.shape} dtype={t.dtype}>"
    shape = f", shape={t.shape}" if t.size == 0 and t.shape != (0,) else ""
    return f"{prefix}{body}{shape}, dtype={t.dtype})"


def tensor(data: Any, dtype: Any = None) -> Any:
    """A new :class:`ferrule.Tensor` holding a copy of ``data`` (nested lists, scalars, numpy
    arrays, other tensors); ``dtype`` is any spelling of a dtype (``ferrule.float32``,
    ``"float32"``, ``np.float32``, ``float``, ...)."""
    return Tensor(data, dtype=dtype)


# --- per-object storage (name, attributes) --------------------------------------------------------

#: Where a tensor's Python-side state (its ``name`` and attributes) lives: ``"dict"`` when the type
#: has a ``__dict__``, ``"weakref"`` when it only supports weak references (a side table keyed by
#: id() and cleaned by weakref callbacks), ``None`` when it has neither (``name`` then raises).
STORAGE: str | None = "dict" if Tensor.__dictoffset__ != 0 else "weakref" if Tensor.__weakrefoffset__ != 0 else None
_NAME_KEY = "_ferrule_name"
_name_counter = itertools.count()


class _SideTable:
    """Per-object dicts for objects with weak references but no ``__dict__``.

    Keyed by ``id()`` with a weak reference to check the entry still belongs to the object; the
    weakref callback drops the entry when the object dies. Unlike a ``WeakKeyDictionary`` it never
    hashes or compares the objects (``Tensor.__eq__`` is element-wise)."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[Any], dict[str, Any]]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, obj: Any, create: bool) -> dict[str, Any] | None:
        """The dict of ``obj`` (made when ``create``), or ``None``."""
        key = id(obj)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is obj:
            return entry[1]
        if not create:
            return None
        entries = self._entries

        def drop(ref: weakref.ref[Any], key: int = key) -> None:
            current = entries.get(key)
            if current is not None and current[0] is ref:
                del entries[key]

        state: dict[str, Any] = {}
        entries[key] = (weakref.ref(obj, drop), state)
        return state


_side_table = _SideTable()


def _store(t: Any, create: bool) -> dict[str, Any] | None:
    """The dict holding ``t``'s Python-side state, or ``None`` (none yet, or no storage)."""
    if STORAGE == "dict":
        d: dict[str, Any] = t.__dict__
        return d
    if STORAGE == "weakref":
        return _side_table.get(t, create)
    if create:
        raise NotImplementedError(
            "ferrule.Tensor has neither a __dict__ nor weak reference support in this build, so it "
            "cannot keep a name or attributes (the extension type needs Py_TPFLAGS_MANAGED_DICT or "
            "a weak reference slot)"
        )
    return None


def _get_state(t: Any) -> dict[str, Any] | None:
    """``{"name": ..., "attrs": {...}}`` for pickling, or ``None`` when ``t`` has no state."""
    store = _store(t, False)
    if not store:
        return None
    attrs = {k: v for k, v in store.items() if k != _NAME_KEY}
    return {"name": store.get(_NAME_KEY), "attrs": attrs}


def _copy_attrs(src: Any, dst: Any, transform: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Copies ``src``'s attributes (not its name) onto ``dst`` through ``transform``."""
    store = _store(src, False)
    if not store:
        return
    attrs = {k: v for k, v in store.items() if k != _NAME_KEY}
    if attrs:
        target = _store(dst, True)
        assert target is not None
        target.update(transform(attrs))


def _as_class(t: Any, cls: type) -> Any:
    """``t`` as an instance of the Tensor subclass ``cls`` (the object's class is switched)."""
    if type(t) is not cls:
        t.__class__ = cls
    return t


# --- the methods and properties -------------------------------------------------------------------


def _name_get(self: Any) -> str:
    store = _store(self, True)
    assert store is not None
    name = store.get(_NAME_KEY)
    if name is None:
        name = store[_NAME_KEY] = f"tensor_{next(_name_counter)}"
    return str(name)


def _name_set(self: Any, value: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"Tensor.name must be a str, not {type(value).__name__}")
    store = _store(self, True)
    assert store is not None
    store[_NAME_KEY] = value


def _itemsize(self: Any) -> int:
    try:
        return _ITEMSIZE[str(self.dtype)]
    except KeyError:
        raise TypeError(f"Tensor.itemsize: unknown dtype {self.dtype}") from None


def _nbytes(self: Any) -> int:
    return int(self.size) * _itemsize(self)


def _T(self: Any) -> Any:
    if self.ndim != 2:
        raise ValueError(
            f"Tensor.T needs a 2-D tensor, got {self.ndim}-D (shape {self.shape}); use x.mT to "
            "transpose the last two axes, or ferrule.permute_dims for any order"
        )
    return _permute_dims(self, (1, 0))


def _mT(self: Any) -> Any:
    if self.ndim < 2:
        raise ValueError(f"Tensor.mT needs at least 2 dimensions, got {self.ndim}-D (shape {self.shape})")
    return _matrix_transpose(self)


def _scalar(t: Any) -> Any:
    """The one element of a size-1 tensor as a Python bool, int, float or complex."""
    return _printable(t).item()


def _require_0d(t: Any, what: str) -> None:
    if t.ndim != 0:
        raise TypeError(
            f"only 0-dimensional tensors can be converted to Python scalars ({what}() of a tensor of "
            f"shape {t.shape}); use x.item() for any tensor with one element"
        )


def item(self: Any) -> Any:
    """The one element of a tensor of size 1 (any number of dimensions) as a Python bool, int,
    float or complex; ``ValueError`` for any other size (as numpy's ``item()``)."""
    if self.size != 1:
        raise ValueError(
            f"item() can only convert a tensor of size 1 to a Python scalar (got size {self.size}, shape {self.shape})"
        )
    return _scalar(self)


def to_device(self: Any, device: Any, /, *, stream: Any = None) -> Any:
    """The tensor on ``device``: ferrule tensors live on the CPU, so ``"cpu"`` / ``"cpu:0"``
    return the tensor itself and any other device raises ``ValueError``."""
    _array_api.normalize_device(device, "to_device() argument 'device'")
    if stream is not None:
        raise ValueError(f"to_device() argument 'stream' must be None for CPU tensors, got {stream!r}")
    return self


def __iter__(self: Any) -> Iterator[Any]:
    """Iterates over the first axis (``x[0]``, ``x[1]``, ...); ``TypeError`` for a 0-d tensor."""
    if self.ndim == 0:
        raise TypeError("iteration over a 0-d tensor")
    return (_getitem(self, i) for i in range(self.shape[0]))


def __bool__(self: Any) -> bool:
    """The truth value of a tensor with one element; ``ValueError`` for any other size."""
    if self.size == 1:
        return bool(_scalar(self))
    if self.size == 0:
        raise ValueError(
            "The truth value of an empty tensor is ambiguous. Use `x.size > 0` to check that a tensor is not empty."
        )
    raise ValueError(
        "The truth value of a tensor with more than one element is ambiguous. Use ferrule.any(x) or ferrule.all(x)."
    )


def __int__(self: Any) -> int:
    """``int()`` of a 0-d tensor (floats truncate); ``TypeError`` for other shapes and complex."""
    _require_0d(self, "int")
    return int(_scalar(self))


def __float__(self: Any) -> float:
    """``float()`` of a 0-d tensor; ``TypeError`` for other shapes and complex."""
    _require_0d(self, "float")
    return float(_scalar(self))


def __complex__(self: Any) -> complex:
    """``complex()`` of a 0-d tensor; ``TypeError`` for other shapes."""
    _require_0d(self, "complex")
    return complex(_scalar(self))


def __index__(self: Any) -> int:
    """A 0-d integer tensor as an index (``range(x)``, ``[...][x]``); ``TypeError`` otherwise."""
    if self.ndim != 0 or self.dtype not in _INTEGER:
        raise TypeError(
            f"only integer scalar tensors can be converted to a scalar index (got dtype {self.dtype}, shape {self.shape})"
        )
    return int(_scalar(self))


def __str__(self: Any) -> str:
    """The values as numpy's ``str`` shows them, e.g. ``[[1. 2.]]``."""
    try:
        return str(_printable(self))
    except Exception:
        return _repr(self)


def __format__(self: Any, format_spec: str) -> str:
    """``format(x, spec)``: ``str(x)`` for an empty spec, the element formatted for a 0-d
    tensor, ``TypeError`` for a spec on any other tensor (as numpy)."""
    if not isinstance(format_spec, str):
        raise TypeError(f"Tensor.__format__(): format_spec must be a str, not {type(format_spec).__name__!r}")
    if not format_spec:
        return str(self)
    if self.ndim == 0:
        return format(_scalar(self), format_spec)
    raise TypeError("unsupported format string passed to ferrule.Tensor.__format__")


def __array__(self: Any, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
    """The tensor as a numpy array (numpy 2's protocol): a view of the same memory through the
    buffer protocol unless ``dtype`` needs a conversion or ``copy=True``; with ``copy=False`` a
    needed copy raises ``ValueError``. numpy has no bfloat16: such tensors need a ``dtype``."""
    if copy is not None and not isinstance(copy, bool):
        raise TypeError(f"Tensor.__array__(): copy must be None, True or False, not {type(copy).__name__!r}")
    if self.dtype is _BFLOAT16:
        if dtype is None:
            raise TypeError(
                "Tensor.__array__(): numpy has no bfloat16 dtype: convert first (x.astype(ferrule.float32)) "
                "or pass a dtype"
            )
        if copy is False:
            raise ValueError("converting a bfloat16 tensor to a numpy array needs a copy (copy=False was given)")
        return np.asarray(memoryview(_astype(self, _FLOAT32))).astype(dtype)
    view = np.asarray(memoryview(self))
    try:
        wanted = None if dtype is None else np.dtype(dtype)
    except Exception as e:  # not a dtype numpy knows
        raise_named("Tensor.__array__()", e)
    if wanted is not None and wanted != view.dtype:
        if copy is False:
            raise ValueError(
                f"Unable to avoid copy while creating an array as requested: converting {self.dtype} to {wanted}"
            )
        try:
            return view.astype(wanted)
        except Exception as e:  # a dtype numpy cannot convert to (structured, ...)
            raise_named("Tensor.__array__()", e)
    return view.copy() if copy else view


def __array_namespace__(self: Any, /, *, api_version: str | None = None) -> Any:
    """The ``ferrule`` module, the Array API namespace of its tensors. ``api_version`` may be
    ``None`` or one of ``"2021.12"`` ... ``"2025.12"``; any other raises ``ValueError``."""
    if api_version is not None and (
        not isinstance(api_version, str) or api_version not in _array_api.SUPPORTED_API_VERSIONS
    ):
        raise ValueError(
            f"Tensor.__array_namespace__(): ferrule does not implement Array API version {reprlib.repr(api_version)}; supported: {', '.join(_array_api.SUPPORTED_API_VERSIONS)}"
        )
    return sys.modules[__name__.rpartition(".")[0]]


def __copy__(self: Any) -> Any:
    """``copy.copy(x)``: a new tensor with a copy of the data (as numpy), a new name, and the
    same attribute values."""
    try:
        data = _astype(self, self.dtype, copy=True)
    except Exception as e:  # too large to copy (MemoryError): name the method, not astype
        raise_named("Tensor.__copy__()", e)
    new = _as_class(data, type(self))
    _copy_attrs(self, new, dict)
    return new


def __deepcopy__(self: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(x)``: a new tensor with a copy of the data, a new name, and deep copies of
    the attributes."""
    if not isinstance(memo, dict):
        raise TypeError(f"Tensor.__deepcopy__(): memo must be a dict, not {type(memo).__name__!r}")
    try:
        data = _astype(self, self.dtype, copy=True)
    except Exception as e:  # too large to copy (MemoryError): name the method, not astype
        raise_named("Tensor.__deepcopy__()", e)
    new = _as_class(data, type(self))
    memo[id(self)] = new
    _copy_attrs(self, new, lambda attrs: _copy.deepcopy(attrs, memo))
    return new


def __reduce_ex__(self: Any, protocol: int) -> tuple[Any, ...]:
    """Pickling: the raw data with the shape and dtype (plus the name and attributes).

    With protocol 5 the data is a :class:`pickle.PickleBuffer` over the tensor's own memory, so
    ``pickle.dumps(x, protocol=5, buffer_callback=...)`` hands it out of band without a copy
    (a non-C-contiguous view is made contiguous first). Older protocols store bytes. bfloat16
    travels as float32, which holds every bfloat16 value exactly. Dtypes travel by name."""
    if not isinstance(protocol, int):
        raise TypeError(f"Tensor.__reduce_ex__(): protocol must be an int, not {type(protocol).__name__!r}")
    dtype = str(self.dtype)
    src = self
    data_dtype = dtype
    if dtype == "bfloat16":
        src, data_dtype = _astype(self, _FLOAT32), "float32"
    with memoryview(src) as view:
        contiguous = view.c_contiguous
    if not contiguous:
        src = _astype(src, data_dtype, copy=True)
    data: Any = pickle.PickleBuffer(src) if protocol >= 5 else memoryview(src).tobytes()
    args: tuple[Any, ...] = (type(self), data, tuple(self.shape), dtype)
    if data_dtype != dtype:
        args += (data_dtype,)
    state = _get_state(self)
    return (_rebuild_tensor, args, state) if state is not None else (_rebuild_tensor, args)


def __setstate__(self: Any, state: dict[str, Any]) -> None:
    """Restores the name and attributes saved by ``__reduce_ex__``."""
    if not isinstance(state, dict):
        raise TypeError(f"Tensor.__setstate__(): state must be a dict, not {type(state).__name__!r}")
    attrs = state.get("attrs") or {}
    if STORAGE is None:
        if attrs:
            _store(self, True)  # raises: no storage for the attributes
        return
    store = _store(self, True)
    assert store is not None
    store.update(attrs)
    if state.get("name") is not None:
        store[_NAME_KEY] = state["name"]


def _rebuild_tensor(cls: type, data: Any, shape: tuple[int, ...], dtype: str, data_dtype: str | None = None) -> Any:
    """Unpickles a tensor from its raw C-ordered ``data`` (bytes, bytearray, or an out-of-band
    buffer), ``shape`` and ``dtype`` (a name). Shares ``data`` when the extension has zero-copy
    import and ``data`` is writable; copies otherwise."""
    if not (isinstance(cls, type) and issubclass(cls, Tensor)):
        raise TypeError(f"cannot unpickle a ferrule tensor as {cls!r}")
    dtype, data_dtype = str(dtype), None if data_dtype is None else str(data_dtype)
    arr = np.frombuffer(data, dtype=data_dtype or dtype).reshape(shape)
    if arr.flags.writeable and _array_api.has_native_from_dlpack():
        t = _array_api.from_dlpack(arr)
    else:
        t = Tensor(arr)
    if data_dtype is not None and data_dtype != dtype:
        t = _astype(t, dtype)
    return _as_class(t, cls)


def _install() -> None:
    """Sets the Python-level API onto the extension type ``_ferrule.Tensor``."""
    props: dict[str, property] = {
        "T": property(_T, doc="The transpose of a 2-D tensor (a view); ValueError for other ranks."),
        "mT": property(_mT, doc="The transpose of the last two axes (a view); needs at least 2 dims."),
        "itemsize": property(_itemsize, doc="Bytes per element."),
        "nbytes": property(_nbytes, doc="Bytes of all elements (size * itemsize)."),
        "name": property(
            _name_get,
            _name_set,
            doc='The tensor\'s name: a unique default ("tensor_0", "tensor_1", ...) given on first '
            "use, or the str assigned to it. Copies get a new name; pickling keeps it.",
        ),
    }
    for attr, prop in props.items():
        setattr(Tensor, attr, prop)
        prop.__set_name__(Tensor, attr)  # type: ignore[attr-defined]  # (typeshed lacks it) names it in errors
    methods: list[Callable[..., Any]] = [
        item,
        to_device,
        __iter__,
        __bool__,
        __int__,
        __float__,
        __complex__,
        __index__,
        __str__,
        __format__,
        __array__,
        __array_namespace__,
        __copy__,
        __deepcopy__,
        __reduce_ex__,
        __setstate__,
    ]
    for f in methods:
        f.__qualname__ = f"Tensor.{f.__name__}"
        setattr(Tensor, f.__name__, f)


_install()
