"""Binds the operators of ``schema/ops.yaml`` (listed in the generated :mod:`ferrule._ops`) into
the ``ferrule`` namespace, its ``fft``, ``linalg`` and ``random`` submodules, and :class:`ferrule.Tensor`.

Each free function is a builtin (:func:`ferrule.ffi.builtin_of`) over the registered packed
function ``ops.<name>``, so a call takes CPython's specialised builtin path straight to the kernel
with no Python frame in between; only the few ops whose native result is not the Array API's type (a list for a tuple,
a map for ``finfo``) get a wrapper that converts it, ``eye`` one that
clamps an offset ``k`` beyond int64 (which selects nothing) into the range the ABI carries, and
``getitem`` / ``setitem`` / ``add_at`` take a Python index (:mod:`ferrule._index`). Tensor methods and
operators are thin adapters that put ``self`` where the op wants it.

The dtypes are :class:`DType` objects, one per dtype; :func:`as_dtype` reads every other spelling
of one (numpy dtypes and scalar types, Python types, names), for the extension's conversion of
``dtype``-typed arguments and for the functions written in Python.
"""

from __future__ import annotations

import inspect
import sys
import types
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from . import _ferrule, _vocab
from ._ops import OPS, TENSOR_METHODS
from .ffi import builtin_of

__all__ = [
    "DType",
    "DTYPES",
    "as_dtype",
    "EigResult",
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


#: Every dtype ferrule supports: name -> (DLPack type code, bits), from ``_vocab.DTYPES`` (which
#: ferrule-codegen writes from ferrule-sys, the one source of the dtype names).
_DTYPE_CODES: dict[str, tuple[int, int]] = {name: (code, bits) for name, code, bits in _vocab.DTYPES}


class DType:
    """A ferrule data type: ``ferrule.float32``, ``ferrule.int64``, ... (one object per dtype).

    A dtype is not a string. It equals only itself (``ferrule.float32 == "float32"`` is False;
    compare with ``ferrule.float32``, with ``ferrule.isdtype``, or with ``str(dtype)``, which is
    its name) and hashes by identity, so it is a safe dict key. numpy reads it as the matching
    numpy dtype (``np.dtype(ferrule.float32)``, through ``__numpy_dtype__`` and ``dtype``), and
    numpy's own dtypes compare equal to it, as they do to anything ``np.dtype()`` accepts.
    Pickling and copying keep the identity (``pickle.loads(pickle.dumps(ferrule.int8)) is
    ferrule.int8``).

    ``ferrule.DType(spelling)`` returns the dtype for any spelling a ``dtype=`` argument accepts:
    a ferrule dtype, a numpy dtype or scalar type (``np.float32``, ``np.dtype("f4")``), Python's
    ``bool``, ``int`` (int64), ``float`` (float64) and ``complex`` (complex128), or a name
    (``"float32"``, ``"f4"``); anything else is a ``TypeError``.
    """

    __slots__ = ("_name", "_code", "_bits", "_numpy")

    _name: str
    _code: int
    _bits: int
    _numpy: Any

    def __new__(cls, spelling: Any) -> DType:
        return as_dtype(spelling, "DType()")

    @classmethod
    def _make(cls, name: str) -> DType:
        """The one object of dtype ``name`` (used once per dtype, for :data:`DTYPES`)."""
        self = object.__new__(cls)
        code, bits = _DTYPE_CODES[name]
        for slot, value in (("_name", name), ("_code", code), ("_bits", bits), ("_numpy", None)):
            object.__setattr__(self, slot, value)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot set DType.{name}: ferrule.{self._name} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete DType.{name}: ferrule.{self._name} is immutable")

    @property
    def name(self) -> str:
        """The dtype's name, e.g. ``"float32"`` (also ``str(dtype)``)."""
        return self._name

    @property
    def itemsize(self) -> int:
        """Bytes per element."""
        return self._bits // 8

    @property
    def __numpy_dtype__(self) -> np.dtype[Any]:
        """The numpy dtype (numpy 2.4's protocol behind ``np.dtype(ferrule.float32)``); a
        ``TypeError`` for bfloat16, which numpy does not have."""
        found: np.dtype[Any] | None = self._numpy
        if found is None:
            if self._name == "bfloat16":
                raise TypeError(
                    "DType.__numpy_dtype__: numpy has no bfloat16 dtype (convert the tensor: x.astype(ferrule.float32))"
                )
            found = np.dtype(self._name)
            object.__setattr__(self, "_numpy", found)
        return found

    @property
    def dtype(self) -> np.dtype[Any]:
        """The numpy dtype, as ``__numpy_dtype__`` (what numpy before 2.4, pandas and JAX read
        from a dtype-like object)."""
        return self.__numpy_dtype__

    def __repr__(self) -> str:
        return f"ferrule.{self._name}"

    def __str__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        # pickled by reference, as the module global ferrule.<name>: unpickling (and copy)
        # gives back the very object
        return self._name


# What pickle and the docs call it: the class is public as ferrule.DType.
DType.__module__ = "ferrule"

#: Every dtype ferrule supports, by name (the names of ``_vocab.DTYPES``, which ferrule-codegen
#: writes from ferrule-sys).
DTYPES: dict[str, DType] = {name: DType._make(name) for name, _, _ in _vocab.DTYPES}

#: Spellings already read, and the dtype each means: the names, Python's scalar types (as numpy
#: reads them; ``int`` is int64 on every platform, as in numpy 2), and every str, type and numpy
#: dtype read since (a few dozen at most; each is read by numpy once). Only those three kinds of
#: key: their hashing and equality are plain (an array's ``==`` is not).
_KNOWN: dict[Any, DType] = {
    **DTYPES,
    bool: DTYPES["bool"],
    int: DTYPES["int64"],
    float: DTYPES["float64"],
    complex: DTYPES["complex128"],
}
_KNOWN_LIMIT = 512

_EXPECTED = (
    "expected a dtype: a ferrule dtype (ferrule.float32), a numpy dtype or scalar type (np.dtype('f4'), "
    "np.float32), bool, int, float, complex, or a name ('float32', 'f4')"
)


def _describe(obj: Any) -> str:
    """``obj`` for a message: its repr (cut short), and its type unless that is plain to see."""
    try:
        text = repr(obj)
    except Exception:  # an object that cannot even be shown
        text = f"<{type(obj).__name__} object>"
    if len(text) > 60:
        text = text[:57] + "..."
    return text if isinstance(obj, (type, str, np.dtype)) else f"{text} (of type {type(obj).__name__})"


def as_dtype(obj: Any, what: str | None = None) -> DType:
    """The ferrule dtype that ``obj`` spells (see :class:`DType`); a ``TypeError`` naming
    ``what`` (e.g. ``"asarray() argument 'dtype'"``) for anything that is not a dtype, or a dtype
    ferrule does not have. ``what=None`` leaves the naming to the caller (the extension puts the
    function and argument in front of the message)."""
    if type(obj) is DType:
        return obj
    plain = type(obj) is str or isinstance(obj, (type, np.dtype))
    if plain:
        found = _KNOWN.get(obj)
        if found is not None:
            return found
    elif isinstance(obj, DType):  # (a subclass' object, which cannot be made through the API)
        return DTYPES[obj.name]
    found = _read(obj, f"{what}: " if what else "")
    if plain and len(_KNOWN) < _KNOWN_LIMIT:
        _KNOWN[obj] = found
    return found


def _read(obj: Any, prefix: str) -> DType:
    """The dtype ``obj`` spells, read by numpy, or the TypeError (``prefix`` in front)."""
    if not isinstance(obj, type) and (hasattr(obj, "__array__") or hasattr(obj, "__dlpack__")):
        # an array (or a numpy scalar) has a .dtype numpy would read, but is a value, not a dtype
        raise TypeError(f"{prefix}{_EXPECTED}, got a {type(obj).__name__} value (pass its .dtype)")
    if not isinstance(obj, (str, np.dtype, type)) and not hasattr(obj, "__numpy_dtype__") and not hasattr(obj, "dtype"):
        raise TypeError(f"{prefix}{_EXPECTED}, got {_describe(obj)}")
    try:
        np_dtype = np.dtype(obj)
    except Exception as e:  # numpy's TypeError ("data type 'x' not understood") and the like
        raise TypeError(f"{prefix}{_EXPECTED}, got {_describe(obj)}") from e
    found = DTYPES.get(np_dtype.name)
    if found is None or np_dtype.fields is not None or np_dtype.shape != () or not np_dtype.isnative:
        order = "" if np_dtype.isnative else ", in non-native byte order"
        raise TypeError(
            f"{prefix}ferrule has no dtype {np_dtype.str!r}{order} (numpy's {np_dtype}, from {_describe(obj)})"
        )
    return found


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
        self.dtype: DType = as_dtype(info["dtype"])

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
        self.dtype: DType = as_dtype(info["dtype"])

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


class EigResult(NamedTuple):
    """What ``ferrule.linalg.eig`` returns (the Array API's named tuple, 2025.12)."""

    eigenvalues: _ferrule.Tensor
    eigenvectors: _ferrule.Tensor


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
#: map) and the Python namespace turns into the Array API's type: name -> converter.
_STANDARD_RESULTS: dict[str, Callable[[Any], Any]] = {
    "nonzero": tuple,
    # the standard returns several arrays as a tuple (Go and C get the op's list)
    "unstack": tuple,
    "broadcast_arrays": tuple,
    "meshgrid": tuple,
    "unique_all": UniqueAllResult._make,
    "unique_counts": UniqueCountsResult._make,
    "unique_inverse": UniqueInverseResult._make,
    "linalg.eig": EigResult._make,
    "linalg.eigh": EighResult._make,
    "linalg.qr": QRResult._make,
    "linalg.slogdet": SlogdetResult._make,
    "linalg.svd": SVDResult._make,
    "finfo": finfo_object,
    "iinfo": iinfo_object,
}


#: Ops whose Python form takes the object inside ``x[...]`` (see :mod:`ferrule._index`).
_INDEX_FUNCTIONS = ("getitem", "setitem", "add_at")


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


#: In-place operator method -> its symbol, for messages.
_INPLACE_SYMBOLS = {
    "__iadd__": "+=",
    "__isub__": "-=",
    "__imul__": "*=",
    "__itruediv__": "/=",
    "__ifloordiv__": "//=",
    "__imod__": "%=",
    "__ipow__": "**=",
    "__iand__": "&=",
    "__ior__": "|=",
    "__ixor__": "^=",
    "__ilshift__": "<<=",
    "__irshift__": ">>=",
}


def _inplace_method(f: Callable[..., Any], attr: str = "") -> Callable[..., Any]:
    symbol = _INPLACE_SYMBOLS.get(attr, attr)
    op = str(getattr(f, "name", "")).removeprefix("ops.")

    def method(self: Any, other: Any) -> Any:
        try:
            f(self, other, out=self)
        except (TypeError, ValueError) as e:
            if "argument 'out'" not in str(e):
                raise
            item = getattr(other, "item", None) if _is_numpy_scalar(other) else None
            if item is None:
                raise _inplace_error(e, symbol, op, self, other) from e
            # A numpy scalar is strong (np.float64 makes float32 + it float64), but in place it
            # is cast as numpy casts it (same_kind): `t *= np.sqrt(2.0)` keeps t's dtype.
            try:
                f(self, item(), out=self)
            except (TypeError, ValueError) as again:
                if "argument 'out'" not in str(again):
                    raise
                raise _inplace_error(e, symbol, op, self, other) from e
        return self

    return method


def _is_numpy_scalar(value: Any) -> bool:
    """Whether ``value`` is a numpy scalar (numpy is imported by then if it is one)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.generic)


def _inplace_error(e: Exception, symbol: str, op: str, x: Any, other: Any) -> Exception:
    """The error of ``x <symbol> other`` whose result ``x`` cannot hold, in the operator's terms
    (the op was called with ``out=x``, which the user never wrote)."""
    import re

    text = str(e)
    other_text = (
        f"a {other.dtype} tensor of shape {other.shape}"
        if isinstance(other, _ferrule.Tensor)
        else f"{type(other).__name__} {other!r}"
    )
    dtype = re.search(r"expected dtype (\w+)", text)
    if dtype is not None:
        message = (
            f"x {symbol} y ({op}): the result has dtype {dtype.group(1)}, which x (a {x.dtype} tensor, updated in place) "
            f"cannot hold; y is {other_text}. Write x = x {symbol[:-1]} y for a new tensor, or convert y to "
            f"{x.dtype} first"
        )
    else:
        shape = re.search(r"expected shape \(([-0-9, ]*)\)", text)
        dims = tuple(int(d) for d in shape.group(1).split(",") if d.strip()) if shape is not None else None
        result = f"has shape {dims}" if dims is not None else "does not fit"
        message = (
            f"x {symbol} y ({op}): the result {result}, which x (shape {x.shape}, updated in place) cannot hold; "
            f"y is {other_text}. Write x = x {symbol[:-1]} y for a new tensor"
        )
    return type(e)(message)


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
    from . import _index  # (imports ferrule._array_api, which imports this module)

    slots: dict[str, Any] = {hook: _ferrule.get_global_func(registered) for hook, registered in _NATIVE_SLOTS.items()}
    # x[index]: the native slot calls ops.getitem at once for the indices it takes as they are, and
    # this __getitem__ for every other
    slots["op_getitem"] = _ferrule.get_global_func("ops.getitem")
    slots["getitem_index"] = _index.getitem_method(slots["op_getitem"])
    # x[index] = value: the same, for a basic index and a scalar or tensor value
    slots["op_setitem"] = _ferrule.get_global_func("ops.setitem")
    slots["setitem_index"] = _index.setitem_method(slots["op_setitem"])
    return slots


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
    from . import _random  # numpy's Generator API over the random ops

    _random.install(package.random)
    tensor = _ferrule.Tensor
    native = set(_NATIVE_SLOTS.values())
    for attr, (registered, mode) in TENSOR_METHODS.items():
        if registered in native and mode != "inplace":
            continue  # the extension type's own slot (its __x__ / __rx__ wrappers call it)
        if attr in ("__getitem__", "__setitem__"):
            # the extension type's own slots (mp_subscript, mp_ass_subscript), over the hooks
            # op_getitem and getitem_index, op_setitem and setitem_index
            continue
        f = _ferrule.get_global_func(registered)  # (already Callable[..., Any] above)
        if mode == "self":
            # The registered function itself: it binds like a Python function (a method
            # descriptor), so `a + b` and `t.sum()` reach the kernel with no Python frame.
            setattr(tensor, attr, f)
            continue
        method = _inplace_method(f, attr) if mode == "inplace" else _ADAPTERS[mode](f)
        method.__name__ = attr
        method.__qualname__ = f"Tensor.{attr}"
        method.__doc__ = f.__doc__
        setattr(tensor, attr, method)
