"""libferrule for the ctypes frontend: finding and loading it, and the one place where its errors
and Python exceptions are mapped onto each other.

Native -> Python: an error carrying this frontend's payload (a Python exception a callback raised)
becomes that very object; any other error becomes the :mod:`ferrule.error` class of its kind with
``.kind`` and ``.context``. Python -> native: the kind is the nearest known builtin class in the
exception's MRO, the message ``str(exc)``, and the exception rides along as the payload.
"""

from __future__ import annotations

import builtins
import ctypes
import itertools
import os
import threading
from ctypes import byref, c_size_t, c_void_p
from typing import Any

from ..error import ERROR_TYPES
from . import _abi


class Library:
    """The loaded libferrule: where it came from and the :class:`ctypes.CDLL` over it."""

    def __init__(self, path: str, cdll: ctypes.CDLL, abi_version: int) -> None:
        #: The file libferrule was loaded from.
        self.path = path
        #: The ctypes handle, with every prototype of ferrule.h declared.
        self.cdll = cdll
        #: The library's ABI version (equal to ``ferrule.ffi.ctypes.ABI_VERSION``).
        self.abi_version = abi_version

    def __repr__(self) -> str:
        return f"<ferrule.ffi.ctypes.Library {self.path!r} abi={self.abi_version}>"


_library: Library | None = None
_cdll: Any = None  # the CDLL of _library, read on every call
_load_lock = threading.Lock()


def default_library_path() -> str:
    """The libferrule the ctypes frontend loads: ``$FERRULE_LIBRARY`` if set, else the
    ``libferrule.so`` beside the ``ferrule`` package (where the extension finds it too)."""
    env = os.environ.get("FERRULE_LIBRARY")
    if env:
        return env
    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(package_dir, "libferrule.so")


def load(path: str | os.PathLike[str] | None = None) -> Library:
    """Load libferrule (once per process) and return it; later calls return the same library.

    ``path`` defaults to :func:`default_library_path`. Raises :class:`ImportError` naming the
    path when the file is missing, cannot be loaded, lacks a symbol of ferrule.h or has another
    ABI version, and :class:`ferrule.RuntimeError` when asked for a different file than the one
    already loaded.
    """
    global _library, _cdll
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"load(): path must be a str or path-like, not {type(path).__name__!r}")
    with _load_lock:
        if _library is not None:
            if path is not None and os.path.realpath(os.fspath(path)) != os.path.realpath(_library.path):
                raise ferrule_error(
                    "RuntimeError",
                    f"load(): libferrule is already loaded from {_library.path}, cannot also load {os.fspath(path)}",
                )
            return _library
        where = os.fspath(path) if path is not None else default_library_path()
        if not os.path.exists(where):
            raise ImportError(
                f"ferrule.ffi.ctypes: native library not found at {where}: this ferrule installation is incomplete. "
                "Reinstall the package (`pip install --force-reinstall ferrule`, or `pip install .` in a ferrule "
                "checkout); in a checkout's development build run `make build`; or set FERRULE_LIBRARY to a libferrule.so"
            )
        try:
            # RTLD_GLOBAL like the extension: a process has one libferrule and one registry
            cdll = ctypes.CDLL(where, mode=os.RTLD_NOW | ctypes.RTLD_GLOBAL)
        except OSError as e:
            raise ImportError(f"ferrule.ffi.ctypes: cannot load {where}: {e}") from e
        try:
            _abi.declare(cdll)
        except AttributeError as e:
            raise ImportError(f"ferrule.ffi.ctypes: {where} is not a libferrule of ABI {_abi.ABI_VERSION}: {e}") from e
        version = int(cdll.ferrule_abi_version())
        if version != _abi.ABI_VERSION:
            raise ImportError(
                f"ferrule.ffi.ctypes: {where} has ABI version {version}, but this frontend reads version "
                f"{_abi.ABI_VERSION}"
            )
        _library = Library(where, cdll, version)
        _cdll = cdll
        return _library


def lib() -> Any:
    """The CDLL over libferrule, loading it on first use."""
    cdll = _cdll
    return cdll if cdll is not None else load().cdll


def immortal(obj: Any) -> Any:
    """Keeps ``obj`` alive until the process exits, even through interpreter teardown: native
    objects created by this frontend (registered functions, held errors) may outlive the Python
    modules, and the code pointers and strings they use must stay valid."""
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(obj))
    return obj


# ---- Python objects held by native code ------------------------------------------------------------

#: Tokens name the Python objects native code holds (an exception as an error's payload, a
#: callable as a function's state): the token is the pointer native code keeps, and the deleter
#: it calls when it lets go removes the entry. Dict operations are atomic under the GIL, so the
#: deleters may run on any thread.
tokens = itertools.count(1)
payloads: dict[int, BaseException] = {}

# Payloads this frontend attaches to errors are identified by the address of this byte.
_OWNER = immortal(ctypes.c_char(b"c"))
OWNER_ADDRESS = ctypes.addressof(_OWNER)


def _forget_payload(token: int) -> None:
    """Payload deleter: the native error died (or its payload was replaced)."""
    try:
        payloads.pop(token, None)
    except BaseException:
        pass


_PAYLOAD_DELETER = immortal(_abi.FerruleStateDeleter(_forget_payload))

# ---- the mapping -------------------------------------------------------------------------------------

_BUILTIN_KINDS = tuple(
    (getattr(builtins, kind), kind)
    for kind in (
        "TypeError", "ValueError", "IndexError", "KeyError", "NotImplementedError", "MemoryError", "RuntimeError",
        "BufferError", "OverflowError", "ZeroDivisionError", "AttributeError", "OSError",
        "KeyboardInterrupt",
    )
)  # fmt: skip


def kind_of(exc: BaseException) -> str:
    """The error kind of a Python exception: the nearest known builtin class in its MRO."""
    for cls in type(exc).__mro__:
        for builtin, kind in _BUILTIN_KINDS:
            if cls is builtin:
                return kind
    return "RuntimeError"


def ferrule_error(kind: str, message: str) -> BaseException:
    """A new ``ferrule.<kind>`` exception (not raised); unknown kinds give ferrule.RuntimeError."""
    return ERROR_TYPES.get(kind, ERROR_TYPES["RuntimeError"])(message)


def c_text(text: str) -> bytes:
    """``text`` as bytes for a C string: UTF-8, with NULs escaped so nothing is cut off."""
    return text.encode("utf-8", "backslashreplace").replace(b"\0", b"\\0")


def error_from_exception(exc: BaseException) -> int:
    """A new native error (new reference) describing ``exc`` and carrying it as the payload, so
    converting the error back gives the very same object."""
    cdll = lib()
    try:
        message = str(exc)
    except Exception:
        message = f"<{type(exc).__name__} with an unprintable message>"
    err = c_void_p()
    cdll.ferrule_error_create(kind_of(exc).encode(), c_text(message), byref(err))
    token = next(tokens)
    payloads[token] = exc
    cdll.ferrule_error_set_payload(err, OWNER_ADDRESS, token, _PAYLOAD_DELETER)
    return int(err.value or 0)


def exception_from_error(err: int) -> BaseException:
    """The Python exception for a native error (borrowed): the original object when the error
    carries this frontend's payload, else the :mod:`ferrule.error` class of its kind with
    ``.kind`` and ``.context`` set. Not raised."""
    cdll = lib()
    token = cdll.ferrule_error_payload(err, OWNER_ADDRESS)
    if token:
        exc = payloads.get(token)
        if exc is not None:
            return exc
    kind = (cdll.ferrule_error_kind(err) or b"").decode("utf-8", "replace") or "RuntimeError"
    message = (cdll.ferrule_error_message(err) or b"").decode("utf-8", "replace")
    context = error_context(err)
    exc = KeyboardInterrupt(message) if kind == "KeyboardInterrupt" else ferrule_error(kind, message)
    try:
        exc.kind = kind  # type: ignore[attr-defined]
        exc.context = [line for line in context.splitlines() if line]  # type: ignore[attr-defined]
    except AttributeError:
        pass
    return exc


def error_context(err: int) -> str:
    """The context of a native error (borrowed), copied out under the error's lock by
    ``ferrule_error_context_copy``: unlike the pointer ``ferrule_error_context`` returns, the copy
    cannot be left dangling by another thread adding context to the same error meanwhile."""
    cdll = lib()
    needed = c_size_t()
    size = 256
    while True:
        buf = ctypes.create_string_buffer(size)
        rc = cdll.ferrule_error_context_copy(err, buf, size, byref(needed))
        if rc == 0:
            return buf.raw[: needed.value].decode("utf-8", "replace")
        if rc != 1:
            return ""
        size = needed.value + 1  # it did not fit, or grew meanwhile: again


def raise_error(err: int | None, what: str = "native call") -> None:
    """Raises the exception for a failed call's error, which the caller owned: it is released."""
    if not err:
        raise ferrule_error("RuntimeError", f"ferrule: {what} failed without an error object")
    try:
        exc = exception_from_error(err)
    finally:
        lib().ferrule_object_release(err)
    raise exc


def check(rc: int, err: c_void_p, what: str = "native call") -> None:
    """Raises (and releases the error) for a non-zero status."""
    if rc != 0:
        raise_error(err.value, what)
