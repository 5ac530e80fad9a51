"""Tensors for the ctypes frontend: a handle whose metadata is read from the tensor's DLTensor,
and exchange with numpy (and any DLPack producer) through the C ABI alone.

Import: ``from_numpy``/``from_dlpack`` hand the producer's ``DLManagedTensorVersioned`` to
``ferrule_tensor_from_dlpack`` (no copy; ferrule calls the producer's deleter when done), or
copy into a tensor from ``ferrule_tensor_create``. Export: ``Tensor.numpy()`` is a numpy view
built from the DLTensor (``__array_interface__``) that keeps the tensor alive.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from ctypes import byref, c_void_p
from typing import Any

import numpy as np

from .. import _vocab
from ..error import Error, raise_named
from . import _abi
from ._native import check, ferrule_error, lib
from ._values import WRAPPERS, NativeObject, Temps, device_name, dtype_name, tensor_from_dlpack

_DLPACK_CODE = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}  # numpy kind -> DLDataTypeCode
_TYPESTR_KIND = {0: "i", 1: "u", 2: "f", 5: "c", 6: "b"}  # DLDataTypeCode -> numpy typestr kind
_BYTE_ORDER = "<" if sys.byteorder == "little" else ">"


def _prepare(data: Any, dtype: Any) -> np.ndarray[Any, Any]:
    """``data`` as a C-contiguous, native-order numpy array of a dtype ferrule supports."""
    try:
        arr = np.asarray(data, dtype=dtype)
    except Exception as e:  # numpy's message alone does not say what was being made
        raise_named("Tensor()", e)
    if arr.dtype.kind not in _DLPACK_CODE or arr.dtype.name == "float128" or arr.dtype.name == "complex256":
        raise TypeError(f"Tensor(): cannot make a ferrule tensor of dtype {arr.dtype} (from {type(data).__name__})")
    try:
        if not arr.dtype.isnative:
            arr = arr.astype(arr.dtype.newbyteorder("="))
        if not arr.flags.c_contiguous:  # a broadcast view can be far larger than memory
            arr = arr.copy(order="C")
    except Exception as e:
        raise_named("Tensor()", e)
    return arr


def _tensor_copy(data: Any, dtype: Any = None) -> int:
    """A new reference to a new ferrule tensor (``ferrule_tensor_create``) holding a copy."""
    arr = _prepare(data, dtype)
    cdll = lib()
    shape = (ctypes.c_int64 * max(arr.ndim, 1))(*arr.shape)
    dl_dtype = _abi.DLDataType(_DLPACK_CODE[arr.dtype.kind], arr.dtype.itemsize * 8, 1)
    out, err = c_void_p(), c_void_p()
    check(
        cdll.ferrule_tensor_create(shape, arr.ndim, dl_dtype, _abi.DLDevice(_vocab.KDL_CPU, 0), byref(out), byref(err)),
        err,
    )
    handle = int(out.value or 0)
    if arr.size:
        dl = cdll.ferrule_tensor_dltensor(handle).contents
        ctypes.memmove((dl.data or 0) + dl.byte_offset, arr.ctypes.data, arr.nbytes)  # fresh: C-contiguous
    return handle


class Tensor(NativeObject):
    """A ferrule tensor seen through the C ABI: metadata read from its DLTensor.

    ``Tensor(data, dtype=None)`` copies array-like ``data`` into a new tensor. Tensors returned by
    native functions are wrapped without a copy. ``numpy()`` (or ``numpy.asarray(t)``) views the
    data in place; the view keeps the tensor alive.
    """

    __slots__ = ("_handle", "__weakref__")
    _handle: int
    TYPE_INDEX = _vocab.TYPE_TENSOR

    def __init__(self, data: Any, dtype: Any = None) -> None:
        self._handle = _tensor_copy(data, dtype)

    @classmethod
    def _wrap(cls, handle: int) -> Tensor:
        """Takes over one strong reference to a native tensor."""
        self = object.__new__(cls)
        self._handle = handle
        return self

    def __del__(self, _finalizing: Callable[[], bool] = sys.is_finalizing) -> None:
        # (bound as a default: module globals may be cleared when the interpreter shuts down)
        handle = getattr(self, "_handle", 0)
        if handle and not _finalizing():  # at exit, native callbacks into Python are unsafe
            self._handle = 0
            try:
                lib().ferrule_object_release(handle)
            except Exception:
                pass

    def _argument_handle(self, temps: Temps) -> int:
        """The tensor's pointer, borrowed for a call (the argument tuple keeps ``self`` alive)."""
        return self._handle

    def _dl(self) -> _abi.DLTensor:
        ptr = lib().ferrule_tensor_dltensor(self._handle)
        if not ptr:
            raise ferrule_error("TypeError", "ferrule: the object is not a tensor")
        dl: _abi.DLTensor = ptr.contents
        return dl

    @property
    def shape(self) -> tuple[int, ...]:
        """The size of every dimension."""
        dl = self._dl()
        return tuple(dl.shape[i] for i in range(dl.ndim))

    @property
    def strides(self) -> tuple[int, ...]:
        """The step of every dimension, in elements (never NULL for ferrule tensors)."""
        dl = self._dl()
        return tuple(dl.strides[i] for i in range(dl.ndim))

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return int(self._dl().ndim)

    @property
    def size(self) -> int:
        """The number of elements."""
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def dtype(self) -> str:
        """The element type's name (``"float64"``, ``"int32"``, ``"bool"``, ...)."""
        d = self._dl().dtype
        return dtype_name(d.code, d.bits, d.lanes)

    @property
    def device(self) -> str:
        """Where the data lives, as ``"type:id"`` (``"cpu:0"``)."""
        d = self._dl().device
        return device_name(d.device_type, d.device_id)

    @property
    def data_ptr(self) -> int:
        """The address of the first element (``data + byte_offset``)."""
        dl = self._dl()
        return int(dl.data or 0) + int(dl.byte_offset)

    def _readonly(self) -> bool:
        """Whether the tensor's memory must not be written (learned from a DLPack export)."""
        managed, err = ctypes.POINTER(_abi.DLManagedTensorVersioned)(), c_void_p()
        check(lib().ferrule_tensor_to_dlpack(self._handle, byref(managed), byref(err)), err)
        m = managed.contents
        try:
            return bool(m.flags & _vocab.DLPACK_FLAG_BITMASK_READ_ONLY)
        finally:
            m.deleter(ctypes.addressof(m))

    @property
    def __array_interface__(self) -> dict[str, Any]:
        """The numpy array interface over the tensor's memory (CPU tensors only)."""
        dl = self._dl()
        if dl.device.device_type != _vocab.KDL_CPU:
            raise BufferError(f"numpy(): the tensor is on {self.device}, not the CPU")
        code, bits, lanes = dl.dtype.code, dl.dtype.bits, dl.dtype.lanes
        kind = _TYPESTR_KIND.get(code)
        if kind is None or lanes != 1 or bits % 8 or (code == 6 and bits != 8):
            raise BufferError(f"numpy(): numpy has no dtype for ferrule's {dtype_name(code, bits, lanes)}")
        itemsize = bits // 8
        shape = tuple(dl.shape[i] for i in range(dl.ndim))
        strides = tuple(dl.strides[i] * itemsize for i in range(dl.ndim))
        address = int(dl.data or 0) + int(dl.byte_offset)
        typestr = ("|" if itemsize == 1 else _BYTE_ORDER) + kind + str(itemsize)
        return {
            "version": 3,
            "shape": shape,
            "typestr": typestr,
            "data": (address, self._readonly()),
            "strides": strides,
        }

    def numpy(self, copy: bool = False) -> np.ndarray[Any, Any]:
        """The data as a numpy array: a view that keeps this tensor alive, or a copy."""
        if not isinstance(copy, bool):
            raise TypeError(f"Tensor.numpy(): copy must be a bool, not {type(copy).__name__!r}")
        return np.array(self, copy=True) if copy else np.asarray(self)

    def tolist(self) -> Any:
        """The data as nested Python lists."""
        return self.numpy().tolist()

    def __len__(self) -> int:
        shape = self.shape
        if not shape:
            raise TypeError("len() of a 0-d tensor")
        return shape[0]

    def _use_count(self) -> int:
        """The native object's strong reference count (for tests)."""
        return int(lib().ferrule_object_use_count(self._handle))

    def __repr__(self) -> str:
        return f"<ferrule.ffi.ctypes.Tensor shape={self.shape} dtype={self.dtype} device={self.device}>"


def tensor(data: Any, dtype: Any = None) -> Tensor:
    """A new :class:`Tensor` holding a copy of ``data`` (nested lists, scalars, numpy arrays);
    ``dtype`` is a name like ``"float32"`` or a numpy dtype."""
    return Tensor(data, dtype)


def from_dlpack(obj: Any) -> Tensor:
    """A :class:`Tensor` sharing memory with a DLPack producer (``obj.__dlpack__``), no copy.

    Raises :class:`BufferError` if ``obj`` cannot export a versioned CPU tensor ferrule supports.
    """
    if not hasattr(type(obj), "__dlpack__"):
        raise TypeError(f"from_dlpack(): expected an object with __dlpack__, not {type(obj).__name__!r}")
    try:
        return Tensor._wrap(tensor_from_dlpack(obj))
    except Exception as e:  # the producer's own refusal (numpy's BufferError) says nothing of where
        raise_named("from_dlpack()", e)


def from_numpy(array: Any, *, copy: bool | None = None) -> Tensor:
    """A :class:`Tensor` from a numpy array (or array-like).

    ``copy=None`` shares memory through DLPack when numpy can export the array and copies
    otherwise; ``copy=False`` always shares (BufferError if it cannot); ``copy=True`` always copies.
    """
    try:
        arr = array if isinstance(array, np.ndarray) else np.asarray(array)
        if copy is not True:
            try:
                return from_dlpack(arr)
            except (BufferError, Error) as e:
                if copy is False:
                    raise BufferError(f"from_numpy(copy=False): cannot share the array's memory: {e}") from e
        return Tensor(arr)
    except Exception as e:  # numpy's or the copy's message alone does not say it was from_numpy
        raise_named("from_numpy()", e)


def to_numpy(t: Tensor, *, copy: bool = False) -> np.ndarray[Any, Any]:
    """The data of a :class:`Tensor` as a numpy array: a view that keeps it alive, or a copy."""
    if not isinstance(t, Tensor):
        raise TypeError(f"to_numpy(): t must be a ferrule.ffi.ctypes.Tensor, not {type(t).__name__!r}")
    if not isinstance(copy, bool):
        raise TypeError(f"to_numpy(): copy must be a bool, not {type(copy).__name__!r}")
    return t.numpy(copy=copy)


WRAPPERS[_vocab.TYPE_TENSOR] = Tensor._wrap
