"""Python values <-> FerruleAny for the ctypes frontend, and Python callables as native functions.

Python -> native conversions used for call arguments borrow where they can (a Function or Tensor
argument is passed as its object pointer) and record every object they had to create (long
strings, containers, wrapped callables, imported arrays) in :class:`Temps`, released after the
call. Native -> Python conversions either borrow a value (the callee keeps it) or consume an owned
one (a call's result), following ferrule.h's ownership rules.
"""

from __future__ import annotations

import ctypes
import operator
import sys
from collections.abc import Callable
from ctypes import byref, c_size_t, c_void_p
from typing import Any

import numpy as np

from .. import _vocab
from . import _abi
from ._abi import FerruleAny
from ._native import (
    check,
    error_from_exception,
    exception_from_error,
    ferrule_error,
    immortal,
    kind_of,
    lib,
    raise_error,
    tokens,
)

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
#: Nested containers deeper than this are refused (which also stops self-containing lists).
MAX_DEPTH = 256


class NativeObject:
    """Base of the Python handles on native objects (Function, Tensor): how they pass as arguments.

    Subclasses set ``TYPE_INDEX`` and store one strong reference; ``_argument_handle`` returns the
    borrowed pointer for a call, registering in ``temps`` whatever must be undone afterwards.
    """

    __slots__ = ()
    TYPE_INDEX = _vocab.TYPE_OBJECT

    def _argument_handle(self, temps: Temps) -> int:
        """The object pointer to pass (borrowed for the duration of the call)."""
        raise NotImplementedError


#: type index -> constructor taking over one strong reference (filled in by Function and Tensor).
WRAPPERS: dict[int, Callable[[int], Any]] = {}


class Unsupported(Exception):
    """A value of a type with no ferrule equivalent (carries the value)."""

    def __init__(self, value: Any) -> None:
        super().__init__(value)
        self.value = value


class Temps:
    """What converting arguments created or borrowed: objects to release, and callbacks (a busy
    Function going idle) to run, both after the call."""

    __slots__ = ("objects", "after")

    def __init__(self) -> None:
        self.objects: list[int] = []
        self.after: list[Callable[[], None]] = []

    def release(self) -> None:
        """Drops every reference taken for the call."""
        if self.objects:
            release = lib().ferrule_object_release
            for obj in self.objects:
                release(obj)
            self.objects.clear()
        for done in self.after:
            done()
        self.after.clear()


# ---- Python callables as native functions ------------------------------------------------------------

#: The callables behind native function objects, by the token passed as the function's state.
callables: dict[int, Callable[..., Any]] = {}
#: The name each registered callable was registered under, by token (for messages).
registered_names: dict[int, str] = {}


def callback_label(func: Callable[..., Any], registered: str | None) -> str:
    """How messages name a callback: ``'mylib.f' (the Python callable 'f')`` when registered,
    ``the Python callable 'f'`` otherwise (the innermost of any ``__wrapped__`` chain, so an
    adapter shows the user's function)."""
    target: Any = func
    for _ in range(8):
        inner = getattr(target, "__wrapped__", None)
        if inner is None:
            break
        target = inner
    name = getattr(target, "__qualname__", None)
    if not isinstance(name, str):
        name = f"<{type(target).__name__} object>"
    return f"{registered!r} (the Python callable {name!r})" if registered else f"the Python callable {name!r}"


def _make_trampoline() -> tuple[Callable[..., int], list[Any]]:
    """The packed callback behind every Python callable, and the list that receives libferrule's
    ``ferrule_error_create`` once it is loaded.

    The callback converts the borrowed arguments, calls the callable kept under the ``state``
    token and stores an owned result in ``*out``. It never lets an exception escape (ctypes would
    print and swallow it): a Python exception becomes an error whose payload is the exception
    itself. What it needs while the interpreter shuts down (when module globals may already be
    cleared) is held by the closure.
    """
    finalizing, void_p, by_ref = sys.is_finalizing, c_void_p, byref
    error_create: list[Any] = []

    def fail(err: Any, message: bytes) -> int:
        e = void_p()
        error_create[0](b"RuntimeError", message, by_ref(e))
        err[0] = e.value
        return -1

    def trampoline(state: int, args: Any, num_args: int, out: Any, err: Any) -> int:
        if finalizing():
            return fail(err, b"Python is finalizing; the callback was not called")
        try:
            func = callables[state]
            values = [from_any(args[i], False) for i in range(num_args)]
            store_owned(func(*values), out[0], lambda: callback_label(func, registered_names.get(state)))
            return 0
        except BaseException as exc:
            try:
                err[0] = error_from_exception(exc)
            except BaseException:
                return fail(err, b"ferrule.ffi.ctypes: a callback failed and its error could not be reported")
            return -1

    return trampoline, error_create


_trampoline, _trampoline_error_create = _make_trampoline()


def _forget_callable(state: int) -> None:
    """State deleter: the native function object died, so its Python callable may go too."""
    try:
        callables.pop(state, None)
        registered_names.pop(state, None)
    except BaseException:
        pass


# One trampoline and one deleter serve every callable (the state token tells them apart); they
# live as long as the process, since registered functions outlive any Python module.
_TRAMPOLINE = immortal(_abi.FerruleCallback(_trampoline))
_STATE_DELETER = immortal(_abi.FerruleStateDeleter(_forget_callable))


def function_from_callable(func: Callable[..., Any], registered: str | None = None) -> int:
    """A new native function object (new reference) that calls ``func``. ``func`` lives exactly
    as long as that object: the object's state deleter drops it. ``registered`` is the name it
    is about to be registered under, if any (for messages)."""
    cdll = lib()
    if not _trampoline_error_create:
        _trampoline_error_create.append(cdll.ferrule_error_create)
    token = next(tokens)
    callables[token] = func
    if registered:
        registered_names[token] = registered
    out, err = c_void_p(), c_void_p()
    rc = cdll.ferrule_func_create(_TRAMPOLINE, token, _STATE_DELETER, byref(out), byref(err))
    if rc != 0:
        # on failure we still own the state and the deleter is not called
        callables.pop(token, None)
        registered_names.pop(token, None)
        raise_error(err.value, "ferrule_func_create")
    return int(out.value or 0)


# ---- DLPack producers -> tensors -----------------------------------------------------------------------


class _PyCapsule:
    """The CPython capsule functions DLPack import needs, as private prototypes (so they do not
    disturb anyone else's ``ctypes.pythonapi`` declarations)."""

    _sig = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_char_p)
    is_valid = _sig(("PyCapsule_IsValid", ctypes.pythonapi))
    set_name = _sig(("PyCapsule_SetName", ctypes.pythonapi))
    get_pointer = ctypes.PYFUNCTYPE(c_void_p, ctypes.py_object, ctypes.c_char_p)(
        ("PyCapsule_GetPointer", ctypes.pythonapi)
    )
    # PyCapsule_SetName keeps the pointer: the name must outlive every capsule renamed with it
    used_name = immortal(ctypes.create_string_buffer(b"used_dltensor_versioned"))


def tensor_from_dlpack(obj: Any) -> int:
    """A new reference to a ferrule tensor sharing the memory of a DLPack producer (a numpy
    array, a torch tensor, ...) through ``ferrule_tensor_from_dlpack``, without a copy.

    Raises BufferError when the producer cannot export a versioned (1.x) tensor, or ferrule's
    BufferError when it cannot take the device, dtype or layout.
    """
    try:
        capsule = obj.__dlpack__(max_version=(1, 1))
    except TypeError:
        raise BufferError(
            f"from_dlpack(): {type(obj).__name__} does not support versioned DLPack (max_version); "
            "ferrule imports DLPack 1.x only"
        ) from None
    if not _PyCapsule.is_valid(capsule, b"dltensor_versioned"):
        raise BufferError(
            f"from_dlpack(): {type(obj).__name__}.__dlpack__ did not return a 'dltensor_versioned' capsule"
        )
    managed = _PyCapsule.get_pointer(capsule, b"dltensor_versioned")
    out, err = c_void_p(), c_void_p()
    # on failure the capsule still owns the managed tensor, and frees it when it dies
    check(lib().ferrule_tensor_from_dlpack(managed, byref(out), byref(err)), err, "ferrule_tensor_from_dlpack")
    # ferrule owns it now (and calls its deleter): a renamed capsule's destructor leaves it alone
    _PyCapsule.set_name(capsule, _PyCapsule.used_name)
    return int(out.value or 0)


# ---- Python -> FerruleAny --------------------------------------------------------------------------


def set_object(slot: FerruleAny, type_index: int, obj: int) -> None:
    """Makes ``slot`` hold the object pointer ``obj`` (no reference is taken)."""
    slot.type_index = type_index
    slot.small_len = 0
    slot.v_obj = obj


def _set_bytes(slot: FerruleAny, data: bytes, is_str: bool, temps: Temps) -> None:
    """A string or byte value: inline when it fits in 8 bytes, else a new object in ``temps``."""
    n = len(data)
    if n <= _vocab.SMALL_CAPACITY and not (is_str and b"\0" in data):
        slot.type_index = _vocab.TYPE_SMALL_STR if is_str else _vocab.TYPE_SMALL_BYTES
        slot.small_len = n
        slot.v_int64 = 0
        ctypes.memmove(ctypes.addressof(slot) + _abi.PAYLOAD_OFFSET, data, n)
        return
    cdll = lib()
    out, err = c_void_p(), c_void_p()
    create = cdll.ferrule_str_create if is_str else cdll.ferrule_bytes_create
    check(create(data, n, byref(out), byref(err)), err)
    temps.objects.append(int(out.value or 0))
    set_object(slot, _vocab.TYPE_STR if is_str else _vocab.TYPE_BYTES, int(out.value or 0))


def _set_int(slot: FerruleAny, value: int) -> None:
    if not INT64_MIN <= value <= INT64_MAX:
        raise ferrule_error("OverflowError", "Python int too large to convert to a ferrule int (int64)")
    slot.type_index = _vocab.TYPE_INT
    slot.small_len = 0
    slot.v_int64 = value


def to_any(value: Any, slot: FerruleAny, temps: Temps, depth: int = 0) -> None:
    """Writes ``value`` into ``slot``, valid while ``value`` and ``temps`` live. Raises
    :class:`Unsupported` for a type with no ferrule equivalent, or the conversion's error
    (OverflowError for an int beyond int64, ValueError for nesting too deep, ...)."""
    tp = type(value)
    if value is None:
        slot.type_index = _vocab.TYPE_NONE
        slot.small_len = 0
        slot.v_int64 = 0
    elif tp is bool or isinstance(value, np.bool_):
        slot.type_index = _vocab.TYPE_BOOL
        slot.small_len = 0
        slot.v_int64 = 1 if value else 0
    elif isinstance(value, int):
        _set_int(slot, value)
    elif isinstance(value, float):
        slot.type_index = _vocab.TYPE_FLOAT
        slot.small_len = 0
        slot.v_float64 = value
    elif isinstance(value, complex):
        handle = _complex_object(value)
        temps.objects.append(handle)
        set_object(slot, _vocab.TYPE_COMPLEX, handle)
    elif isinstance(value, str):
        _set_bytes(slot, value.encode("utf-8"), True, temps)
    elif tp.__name__ == "DType" and tp.__module__ == "ferrule":
        # a dtype of the ferrule package (ferrule.float32): its DLPack code and bits
        slot.type_index = _vocab.TYPE_DTYPE
        slot.small_len = 0
        slot.v_int64 = 0
        slot.v_dtype = _abi.DLDataType(value._code, value._bits, 1)
    elif isinstance(value, NativeObject):
        set_object(slot, value.TYPE_INDEX, value._argument_handle(temps))
    elif isinstance(value, (bytes, bytearray)):
        _set_bytes(slot, bytes(value), False, temps)
    elif isinstance(value, memoryview):
        _set_bytes(slot, value.tobytes(), False, temps)
    elif isinstance(value, (list, tuple)):
        _set_array(value, slot, temps, depth)
    elif isinstance(value, dict):
        _set_map(value, slot, temps, depth)
    elif tp is slice:
        # the index encoding's Map (crates/ferrule-ops/src/index.rs), as the extension makes it
        _set_map({"slice": [value.start, value.stop, value.step]}, slot, temps, depth)
    elif isinstance(value, np.ndarray) or hasattr(tp, "__dlpack__"):
        handle = tensor_from_dlpack(value)  # zero-copy
        temps.objects.append(handle)
        set_object(slot, _vocab.TYPE_TENSOR, handle)
    elif isinstance(value, BaseException):
        # an exception as a value: a native error that carries the very object
        err = error_from_exception(value)
        temps.objects.append(err)
        set_object(slot, _vocab.TYPE_ERROR, err)
    elif hasattr(tp, "__index__"):
        _set_int(slot, operator.index(value))  # numpy integers and other int-like objects
    elif callable(value):
        handle = function_from_callable(value)
        temps.objects.append(handle)
        set_object(slot, _vocab.TYPE_FUNCTION, handle)
    else:
        raise Unsupported(value)


def _complex_object(value: complex) -> int:
    """A new complex-number object holding ``value`` (a new reference)."""
    out, err = c_void_p(), c_void_p()
    check(lib().ferrule_complex_create(value.real, value.imag, byref(out), byref(err)), err)
    return int(out.value or 0)


def _check_depth(depth: int) -> None:
    if depth >= MAX_DEPTH:
        raise ferrule_error("ValueError", "nested containers are too deep (or contain themselves)")


def _set_array(seq: list[Any] | tuple[Any, ...], slot: FerruleAny, temps: Temps, depth: int) -> None:
    _check_depth(depth)
    items = tuple(seq)  # a snapshot: converting an item may run code that changes a list
    buf = (FerruleAny * len(items))()
    inner = Temps()
    out, err = c_void_p(), c_void_p()
    try:
        for i, item in enumerate(items):
            to_any(item, buf[i], inner, depth + 1)
        # the array takes references of its own to every item
        check(lib().ferrule_array_create(buf, len(items), byref(out), byref(err)), err)
    finally:
        inner.release()
    temps.objects.append(int(out.value or 0))
    set_object(slot, _vocab.TYPE_ARRAY, int(out.value or 0))


def _set_map(mapping: dict[Any, Any], slot: FerruleAny, temps: Temps, depth: int) -> None:
    _check_depth(depth)
    entries = list(mapping.items())
    keys = (FerruleAny * len(entries))()
    values = (FerruleAny * len(entries))()
    inner = Temps()
    out, err = c_void_p(), c_void_p()
    try:
        for i, (k, v) in enumerate(entries):
            if not isinstance(k, (str, int)):
                raise ferrule_error("TypeError", f"dict keys must be str or int, not {type(k).__name__!r}")
            to_any(k, keys[i], inner, depth + 1)
            to_any(v, values[i], inner, depth + 1)
        check(lib().ferrule_map_create(keys, values, len(entries), byref(out), byref(err)), err)
    finally:
        inner.release()
    temps.objects.append(int(out.value or 0))
    set_object(slot, _vocab.TYPE_MAP, int(out.value or 0))


def store_owned(value: Any, out: FerruleAny, label: Callable[[], str]) -> None:
    """Converts a callback's result into ``out`` as an owned value (the caller releases it). A
    value that cannot be converted is an error naming the callback (``label()``) and the value's
    type; a conversion's own error (an int too large) keeps its kind and becomes the cause."""
    temps = Temps()
    try:
        try:
            to_any(value, out, temps)
        except Unsupported as e:
            holding = "" if e.value is value else f" (holding an item of type {type(e.value).__name__!r})"
            raise ferrule_error(
                "TypeError",
                f"{label()}: its return value of type {type(value).__name__!r}{holding} could not be converted "
                "to a ferrule value (expected None, bool, int, float, complex, str, bytes, list, tuple, dict, Tensor "
                "or a callable)",
            ) from None
        except Exception as e:
            raise ferrule_error(
                kind_of(e), f"{label()}: its return value of type {type(value).__name__!r} could not be converted: {e}"
            ) from e
        if out.type_index >= _vocab.TYPE_STATIC_OBJECT_BEGIN:
            # a reference of the caller's own; whatever temps created or borrowed is let go below
            lib().ferrule_object_retain(out.v_obj)
    except BaseException:
        out.type_index = _vocab.TYPE_NONE
        out.small_len = 0
        out.v_int64 = 0
        raise
    finally:
        temps.release()


# ---- FerruleAny -> Python --------------------------------------------------------------------------

_DTYPE_NAMES = {(code, bits): name for name, code, bits in _vocab.DTYPES}


def dtype_name(code: int, bits: int, lanes: int) -> str:
    """``"float64"``, ``"int32"``, ``"bool"``, ... (the names every frontend uses: ``_vocab.DTYPES``)."""
    base = _DTYPE_NAMES.get((code, bits), f"dtype(code={code}, bits={bits})")
    return base if lanes == 1 else f"{base}x{lanes}"


def device_name(device_type: int, device_id: int) -> str:
    """``"cpu:0"``, ``"cuda:1"``, ..."""
    return f"{_vocab.DEVICE_TYPES.get(device_type, 'unknown')}:{device_id}"


def from_any(value: FerruleAny, owned: bool) -> Any:
    """A Python object for ``value``. With ``owned`` the value's reference is consumed (a
    Function or Tensor takes it over; anything else is released after conversion)."""
    t = value.type_index
    if t == _vocab.TYPE_NONE:
        return None
    if t == _vocab.TYPE_INT:
        return value.v_int64
    if t == _vocab.TYPE_FLOAT:
        return value.v_float64
    if t == _vocab.TYPE_BOOL:
        return value.v_int64 != 0
    if t == _vocab.TYPE_SMALL_STR or t == _vocab.TYPE_SMALL_BYTES:
        size = min(value.small_len, _vocab.SMALL_CAPACITY)
        data = ctypes.string_at(ctypes.addressof(value) + _abi.PAYLOAD_OFFSET, size)
        return data.decode("utf-8") if t == _vocab.TYPE_SMALL_STR else data
    if t == _vocab.TYPE_OPAQUE_PTR:
        return value.v_ptr or 0
    if t == _vocab.TYPE_DTYPE:
        return dtype_name(value.v_dtype.code, value.v_dtype.bits, value.v_dtype.lanes)
    if t == _vocab.TYPE_DEVICE:
        return device_name(value.v_device.device_type, value.v_device.device_id)
    wrap = WRAPPERS.get(t)
    if wrap is not None:
        handle = int(value.v_obj)
        if not owned:
            lib().ferrule_object_retain(handle)
        return wrap(handle)
    try:
        return _object_to_python(value)
    finally:
        if owned and t >= _vocab.TYPE_STATIC_OBJECT_BEGIN:
            lib().ferrule_object_release(value.v_obj)


def _object_to_python(value: FerruleAny) -> Any:
    """Strings, bytes, arrays, maps, errors and complex numbers held by a value (borrowed) as new
    Python objects."""
    cdll = lib()
    t = value.type_index
    obj = value.v_obj
    if t == _vocab.TYPE_STR or t == _vocab.TYPE_BYTES:
        data, size = c_void_p(), c_size_t()
        if cdll.ferrule_any_view_bytes(byref(value), byref(data), byref(size)) != 0:
            raise ferrule_error("RuntimeError", "ferrule: could not read a string value")
        raw = ctypes.string_at(data.value or 0, size.value) if size.value else b""
        return raw.decode("utf-8") if t == _vocab.TYPE_STR else raw
    if t == _vocab.TYPE_ARRAY:
        items = cdll.ferrule_array_items(obj)
        return [from_any(items[i], False) for i in range(max(cdll.ferrule_array_size(obj), 0))]
    if t == _vocab.TYPE_MAP:
        n = max(cdll.ferrule_map_size(obj), 0)
        keys, values = _abi.AnyPtr(), _abi.AnyPtr()
        if n and cdll.ferrule_map_items(obj, byref(keys), byref(values)) != 0:
            raise ferrule_error("RuntimeError", "ferrule: could not read a map value")
        return {from_any(keys[i], False): from_any(values[i], False) for i in range(n)}
    if t == _vocab.TYPE_ERROR:
        return exception_from_error(obj)
    if t == _vocab.TYPE_COMPLEX:
        real, imag = ctypes.c_double(), ctypes.c_double()
        if cdll.ferrule_complex_parts(obj, byref(real), byref(imag)) != 0:
            raise ferrule_error("RuntimeError", "ferrule: could not read a complex value")
        return complex(real.value, imag.value)
    raise ferrule_error("TypeError", f"ferrule: no Python conversion for a value of type index {t}")


def owned_object(type_index: int, handle: int) -> Any:
    """Converts a new reference to an object of a known type, consuming the reference."""
    value = FerruleAny()
    set_object(value, type_index, handle)
    return from_any(value, True)
