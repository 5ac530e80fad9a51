"""A pure-Python frontend over libferrule's C ABI, built on the standard :mod:`ctypes` module.

It proves the C ABI of ``include/ferrule/ferrule.h`` is enough on its own: this frontend never
calls the compiled extension (importing the ``ferrule`` package still loads it). It shares the
process's one registry with the extension, plugins, Go and C, and raises the same
:mod:`ferrule.error` classes; an exception raised by a Python callback comes back to the Python
caller as the very same object.

>>> import ferrule.ffi.ctypes as cffi
>>> cffi.get_global_func("demo.add")(1, 2)
3
>>> @cffi.register_func("example.ctypes_twice", override=True)
... def twice(x: int) -> int:
...     return 2 * x
>>> cffi.get_global_func("example.ctypes_twice")(21)
42

libferrule is loaded on first use (or by :func:`load`) from ``libferrule.so`` beside the
``ferrule`` package, or from ``$FERRULE_LIBRARY``. Calls go through :class:`ctypes.CDLL`, which
releases the GIL around every native call; Python callbacks take it back through a ctypes
trampoline, from whichever thread native code calls them.
"""

from __future__ import annotations

import builtins
import inspect
import os
import re
import sys
import types
from collections.abc import Callable
from ctypes import byref, c_void_p
from typing import Any, TypeVar, overload

from .. import _vocab
from ..error import raise_named
from ._abi import FerruleAny
from ._common import populate_module, positional_adapter, signature_from_info, signature_text
from ._native import Library, c_text, check, default_library_path, ferrule_error, kind_of, lib, load, raise_error
from ._tensors import Tensor, from_dlpack, from_numpy, tensor, to_numpy
from ._values import (
    WRAPPERS,
    NativeObject,
    Temps,
    Unsupported,
    from_any,
    function_from_callable,
    owned_object,
    to_any,
)

__all__ = [
    "ABI_VERSION",
    "FUNC_LONG_RUNNING",
    "REGISTER_OVERRIDE",
    "Function",
    "Library",
    "Tensor",
    "abi_version",
    "default_library_path",
    "from_dlpack",
    "from_numpy",
    "get_global_func",
    "init_api",
    "list_global_func_names",
    "live_object_count",
    "load",
    "load_library",
    "register_func",
    "remove_global_func",
    "signature_text",
    "tensor",
    "to_numpy",
]

#: The ABI version this frontend was written for (``FERRULE_ABI_VERSION`` of ferrule.h).
ABI_VERSION = _vocab.ABI_VERSION
#: ``register_func`` flag: replace an existing function of the same name.
REGISTER_OVERRIDE = _vocab.REGISTER_OVERRIDE
#: Registration flag: the function runs long (ctypes releases the GIL around every call anyway).
FUNC_LONG_RUNNING = _vocab.FUNC_LONG_RUNNING

F = TypeVar("F", bound=Callable[..., Any])

# ---- function metadata and argument binding ---------------------------------------------------------

_EMPTY = object()


class _Param:
    """One fixed parameter of a registered signature."""

    __slots__ = ("name", "kind", "default")

    def __init__(self, name: str, kind: str, default: Any) -> None:
        self.name = name
        self.kind = kind
        self.default = default


class _CallInfo:
    """Everything a call needs to know about a function, from ``ferrule_func_get_info``.

    In a packed call every parameter is positional, in packed order: the fixed parameters
    (positional-only, positional, keyword-only) in declaration order, then the ``*args`` values.
    Python callers get Python's rules on top.
    """

    def __init__(self, info: dict[str, Any]) -> None:
        self.info = info
        self.name: str = info.get("name") or ""
        doc = info.get("doc")
        self.doc: str | None = doc if isinstance(doc, str) and doc else None
        has_signature = info.get("has_signature")
        self.has_signature = bool(info.get("signature")) if has_signature is None else bool(has_signature)
        self.long_running = bool(int(info.get("flags") or 0) & FUNC_LONG_RUNNING)
        self.params: list[_Param] = []
        self.var_positional: str | None = None
        for p in info.get("params") or []:
            if not isinstance(p, dict) or not isinstance(p.get("name"), str):
                continue
            kind = p.get("kind") or "positional"
            if kind == "var_positional":
                self.var_positional = p["name"]
                continue
            self.params.append(_Param(p["name"], kind, p["default"] if "default" in p else _EMPTY))
        positional = [p for p in self.params if p.kind in ("positional", "positional_only")]
        self.n_positional = len(positional)
        self.min_args = sum(1 for p in positional if p.default is _EMPTY)
        if any(p.kind == "keyword_only" and p.default is _EMPTY for p in self.params):
            self.min_args = sys.maxsize  # a keyword-free call always misses it
        self.max_args = sys.maxsize if self.var_positional is not None else self.n_positional
        # keyword-only parameters precede the *args values in packed order, so even a keyword-free
        # call must be bound to fill their defaults
        self.always_bind = self.var_positional is not None and len(self.params) > self.n_positional

    def param_label(self, index: int) -> str:
        """``" ('name')"`` for packed argument ``index`` when the signature names it, else ``""``."""
        if not self.has_signature:
            return ""
        if index < len(self.params):  # a fixed parameter (calls with keyword-only ones are bound)
            return f" ({self.params[index].name!r})"
        return f" (*{self.var_positional})" if self.var_positional is not None else ""

    def check_arity(self, name: str, nargs: int) -> None:
        """Raises TypeError naming the function when a keyword-free call has the wrong count."""
        if not self.min_args <= nargs <= self.max_args:
            self._raise_arity(name, nargs, None)

    def _raise_arity(self, name: str, nargs: int, filled: list[bool] | None) -> None:
        if nargs > self.max_args:
            n = self.n_positional
            plural = "" if n == 1 else "s"
            given = "was" if nargs == 1 else "were"
            raise ferrule_error(
                "TypeError", f"{name}() takes {n} positional argument{plural} but {nargs} {given} given"
            )
        for i, p in enumerate(self.params):
            is_filled = (i < nargs and p.kind != "keyword_only") if filled is None else filled[i]
            if not is_filled and p.default is _EMPTY:
                if p.kind == "keyword_only":
                    raise ferrule_error("TypeError", f"{name}() missing required keyword argument {p.name!r}")
                raise ferrule_error("TypeError", f"{name}() missing required argument {p.name!r} (position {i + 1})")
        raise ferrule_error("TypeError", f"{name}(): wrong number of arguments ({nargs})")

    def bind(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        """Binds positional and keyword arguments into packed order, filling in defaults."""
        if not self.has_signature:
            raise ferrule_error(
                "TypeError", f"{name}() takes no keyword arguments (it was registered without a signature)"
            )
        nargs = len(args)
        if nargs > self.max_args:
            self._raise_arity(name, nargs, None)
        slots: list[Any] = list(args[: self.n_positional])
        slots.extend(_EMPTY for _ in range(len(slots), len(self.params)))
        for key, value in kwargs.items():
            index = next((i for i, p in enumerate(self.params) if p.name == key), None)
            if index is None:
                raise ferrule_error("TypeError", f"{name}() got an unexpected keyword argument {key!r}")
            param = self.params[index]
            if param.kind == "positional_only":
                raise ferrule_error(
                    "TypeError",
                    f"{name}() got some positional-only arguments passed as keyword arguments: {param.name!r}",
                )
            if slots[index] is not _EMPTY:
                raise ferrule_error("TypeError", f"{name}() got multiple values for argument {param.name!r}")
            slots[index] = value
        if any(s is _EMPTY and p.default is _EMPTY for s, p in zip(slots, self.params, strict=False)):
            self._raise_arity(name, nargs, [s is not _EMPTY for s in slots])
        for i, p in enumerate(self.params):
            if slots[i] is _EMPTY:
                slots[i] = p.default
        slots.extend(args[self.n_positional :])
        return tuple(slots)


def _load_info(handle: int) -> _CallInfo:
    cdll = lib()
    out, err = c_void_p(), c_void_p()
    check(cdll.ferrule_func_get_info(handle, byref(out), byref(err)), err)
    info = owned_object(_vocab.TYPE_MAP, int(out.value or 0))
    if not isinstance(info, dict):
        raise ferrule_error("RuntimeError", "ferrule: func_get_info did not return a map")
    return _CallInfo(info)


# ---- Function --------------------------------------------------------------------------------------


class _Overridable:
    """A Function attribute read from the registry unless set on the instance (``__doc__``,
    ``__signature__``), like a Python function's. (``__name__`` and ``__qualname__`` cannot be
    class attributes; ``Function.__getattr__`` supplies them.)"""

    def __init__(self, getter: Callable[[Function], Any], class_value: Any = None) -> None:
        self.getter = getter
        self.class_value = class_value
        self.attr = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = name

    def __get__(self, obj: Function | None, owner: type | None = None) -> Any:
        if obj is None:
            return self.class_value
        overrides = obj._overrides
        if overrides is not None and self.attr in overrides:
            return overrides[self.attr]
        return self.getter(obj)

    def __set__(self, obj: Function, value: Any) -> None:
        if obj._overrides is None:
            obj._overrides = {}
        obj._overrides[self.attr] = value

    def __delete__(self, obj: Function) -> None:
        if obj._overrides is not None:
            obj._overrides.pop(self.attr, None)


def _doc_of(f: Function) -> str | None:
    if not f._box and f._meta is None:
        return None
    return f._call_info().doc


def _signature_of(f: Function) -> inspect.Signature:
    try:
        info = f._call_info().info
    except Exception:  # released: nothing to describe
        info = {}
    return signature_from_info(info, {"Tensor": Tensor, "Function": Function})


_FUNCTION_DOC = """A callable handle on a native function object, over the C ABI.

``Function(callable)`` wraps a Python callable as a new native function (a Function is returned as
is). Calls convert arguments to FerruleAny values, bind keywords against the registered signature
and convert the result back; a native error raises its :mod:`ferrule.error` class. The handle owns
one strong reference, dropped by :meth:`release` or when the object is garbage collected.
"""


def _name_sequences(e: BaseException, meta: Any, args: tuple[Any, ...]) -> None:
    """A TypeError saying an argument was an ``Array`` (the registry's word for any sequence)
    says ``list`` or ``tuple`` instead, as the caller wrote it (as the extension does): the
    argument the message names by position or name, else the only list or tuple."""
    text = str(e)
    at = text.find("got Array")
    if at < 0 or not e.args:
        return
    index = None
    match = re.search(r"argument (?:(\d+)|'([^']*)')[^:]*:[^:]*$", text[:at])
    if match and match.group(1):
        index = int(match.group(1)) - 1
    elif match and match.group(2):
        names = [getattr(p, "name", None) for p in getattr(meta, "params", ())]
        index = names.index(match.group(2)) if match.group(2) in names else None
    if index is None:
        sequences = [i for i, a in enumerate(args) if isinstance(a, (list, tuple))]
        index = sequences[0] if len(sequences) == 1 else None
    if index is None or not 0 <= index < len(args) or not isinstance(args[index], (list, tuple)):
        return
    word = "list" if isinstance(args[index], list) else "tuple"
    e.args = (text[:at] + f"got {word}" + text[at + len("got Array") :], *e.args[1:])


class Function(NativeObject):
    __slots__ = ("_box", "_calls", "_deferred", "_name", "_meta", "_overrides", "__dict__", "__weakref__")

    # The handle sits in a one-item list: popping it is atomic under the GIL, so two threads can
    # never release it twice, and a call that marked itself busy (`_calls`) before reading it
    # makes release() defer the drop until every call using it has returned.
    _box: list[int]
    _calls: list[None]
    _deferred: list[int]
    _name: str | None
    _meta: _CallInfo | None
    _overrides: dict[str, Any] | None
    TYPE_INDEX = _vocab.TYPE_FUNCTION

    __doc__ = _Overridable(_doc_of, _FUNCTION_DOC)
    __signature__ = _Overridable(_signature_of)

    def __getattr__(self, attr: str) -> Any:
        # only reached when the instance has not set them: the registry name by default
        if attr == "__name__":
            return self.name
        if attr == "__qualname__":
            return self.__name__
        raise AttributeError(f"'Function' object has no attribute {attr!r}")

    def __setattr__(self, attr: str, value: Any) -> None:
        if attr in ("__name__", "__qualname__") and not isinstance(value, str):
            raise TypeError(f"{attr} must be set to a str, not {type(value).__name__!r}")
        object.__setattr__(self, attr, value)

    def __new__(cls, func: Callable[..., Any]) -> Function:
        if isinstance(func, Function):
            return func
        if not callable(func):
            raise TypeError(f"Function() expects a callable, not {type(func).__name__!r}")
        return cls._wrap(function_from_callable(func))

    @classmethod
    def _wrap(cls, handle: int, name: str | None = None) -> Function:
        """Takes over one strong reference to a native function; ``name`` is what it was looked
        up by."""
        self = object.__new__(cls)
        self._box = [handle]
        self._calls = []
        self._deferred = []
        self._name = name
        self._meta = None
        self._overrides = None
        return self

    # -- handle life cycle --

    def _enter(self) -> int:
        """Marks a call in progress and returns the handle (raises if released)."""
        self._calls.append(None)
        try:
            return self._box[0]
        except IndexError:
            self._leave()
            raise self._released_error() from None

    def _argument_handle(self, temps: Temps) -> int:
        """The function's pointer, borrowed for a call: until ``temps`` is released the Function
        counts as busy, so a callback that releases it cannot free it under the callee."""
        handle = self._enter()
        temps.after.append(self._leave)
        return handle

    def _leave(self) -> None:
        self._calls.pop()
        if self._deferred and not self._calls:
            self._drain()

    def _drain(self) -> None:
        while True:
            try:
                handle = self._deferred.pop()
            except IndexError:
                return
            lib().ferrule_object_release(handle)

    def release(self) -> None:
        """Drops this handle's reference to the native function; later calls raise
        :class:`ferrule.ValueError`. Idempotent. A call in progress keeps the function alive
        until it returns."""
        if self._meta is None and self._name is None and self._box:
            try:  # keep the name for the "has been released" message
                self._call_info()
            except Exception:
                pass
        try:
            handle = self._box.pop()
        except IndexError:
            return
        if self._calls:
            self._deferred.append(handle)
            if not self._calls:  # the last call returned in between
                self._drain()
        else:
            lib().ferrule_object_release(handle)

    def __del__(self, _finalizing: Callable[[], bool] = sys.is_finalizing) -> None:
        # (bound as a default: module globals may be cleared when the interpreter shuts down)
        if _finalizing():
            return  # the process is ending; native callbacks into Python are no longer safe
        try:
            handles = list(self._box) + list(self._deferred)
            self._box.clear()
            self._deferred.clear()
            for handle in handles:
                lib().ferrule_object_release(handle)
        except Exception:
            pass

    def _released_error(self) -> BaseException:
        return ferrule_error("ValueError", f"Function '{self._display_name()}' has been released")

    def _use_count(self) -> int:
        """The native object's strong reference count (0 once released; for tests)."""
        if not self._box:
            return 0
        handle = self._enter()
        try:
            return int(lib().ferrule_object_use_count(handle))
        finally:
            self._leave()

    # -- metadata --

    def _call_info(self) -> _CallInfo:
        meta = self._meta
        if meta is None:
            handle = self._enter()
            try:
                meta = self._meta = _load_info(handle)
            finally:
                self._leave()
        return meta

    def _display_name(self) -> str:
        if self._meta is not None and self._meta.name:
            return self._meta.name
        return self._name or "<anonymous>"

    @property
    def name(self) -> str:
        """The name the function is registered under (or was looked up by)."""
        if self._meta is None and self._name is not None:
            return self._name
        if self._meta is None and self._box:
            self._call_info()
        return self._display_name()

    @property
    def _info(self) -> dict[str, Any]:
        """The registry metadata (a dict, a copy), as ``ferrule_func_get_info`` returns it."""
        return dict(self._call_info().info)

    # -- calling --

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        handle = self._enter()
        try:
            meta = self._meta if self._meta is not None else self._call_info()
            if kwargs or meta.always_bind:
                args = meta.bind(self._display_name(), args, kwargs)
            elif meta.has_signature:
                meta.check_arity(self._display_name(), len(args))
            return self._call_packed(handle, meta, args)
        finally:
            self._leave()

    def _call_packed(self, handle: int, meta: _CallInfo, args: tuple[Any, ...]) -> Any:
        cdll = lib()
        n = len(args)
        values = (FerruleAny * n)() if n else None
        out, err = FerruleAny(), c_void_p()
        temps = Temps()
        try:
            for i, arg in enumerate(args):
                try:
                    to_any(arg, values[i], temps)  # type: ignore[index]
                except Unsupported as e:
                    raise ferrule_error(
                        "TypeError",
                        f"{self._argument_label(meta, i)}: cannot convert a Python object of type "
                        f"{type(e.value).__name__!r} (expected None, bool, int, float, complex, str, bytes, list, "
                        "tuple, dict, Tensor, numpy array or a callable)",
                    ) from None
                except Exception as e:
                    raise ferrule_error(kind_of(e), f"{self._argument_label(meta, i)}: {e}") from e
            rc = cdll.ferrule_func_call(handle, values, n, byref(out), byref(err))
        finally:
            temps.release()
        if rc != 0:
            try:
                raise_error(err.value, f"calling {self._display_name()}")
            except TypeError as e:
                _name_sequences(e, meta, args)
                raise
        return from_any(out, True)

    def _argument_label(self, meta: _CallInfo, index: int) -> str:
        return f"{self._display_name()}() argument {index + 1}{meta.param_label(index)}"

    # -- Python object protocol --

    def __get__(self, instance: object, owner: type | None = None) -> Function:
        # stays unbound on a class, like a builtin function; makes inspect/pydoc see a routine
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Function):
            return NotImplemented
        return bool(self._box) and self._box[:1] == other._box[:1]

    def __hash__(self) -> int:
        return (self._box[0] >> 4) if self._box else id(self) >> 4

    def __repr__(self) -> str:
        state = "" if self._box else " (released)"
        return f"<ferrule.Function {self._display_name()}{state}>"


WRAPPERS[_vocab.TYPE_FUNCTION] = Function._wrap


# ---- the registry --------------------------------------------------------------------------------------


def _name_arg(function: str, name: Any) -> bytes:
    if not isinstance(name, str):
        raise TypeError(f"{function}(): name must be a str, not {type(name).__name__!r}")
    try:
        data = name.encode("utf-8")
    except UnicodeEncodeError as e:  # lone surrogates have no UTF-8 form
        raise ValueError(f"{function}(): name is not valid text: {e}") from e
    if b"\0" in data:
        raise ValueError(f"{function}(): name must not contain NUL characters")
    return data


def _optional_text(function: str, what: str, text: str | None) -> bytes | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise TypeError(f"{function}(): {what} must be a str or None, not {type(text).__name__!r}")
    return c_text(text)


def get_global_func(name: str) -> Function:
    """Return the function registered under the dotted ``name``.

    Raises :class:`ferrule.KeyError` (a :class:`KeyError`) if nothing is registered under it.
    """
    raw = _name_arg("get_global_func", name)
    cdll = lib()
    out, err = c_void_p(), c_void_p()
    check(cdll.ferrule_func_get_global(raw, byref(out), byref(err)), err)
    return Function._wrap(int(out.value or 0), name)


def list_global_func_names() -> list[str]:
    """Return the names of every registered function (Rust, C, plugins, Python), sorted."""
    cdll = lib()
    out, err = c_void_p(), c_void_p()
    check(cdll.ferrule_func_list_global_names(byref(out), byref(err)), err)
    names: list[str] = owned_object(_vocab.TYPE_ARRAY, int(out.value or 0))
    return names


def remove_global_func(name: str) -> None:
    """Remove a registered function; handles already obtained stay valid.

    Raises :class:`ferrule.KeyError` if nothing is registered under ``name``.
    """
    raw = _name_arg("remove_global_func", name)
    err = c_void_p()
    check(lib().ferrule_func_remove_global(raw, byref(err)), err)


def _set_global(name: bytes, handle: int, doc: bytes | None, signature: str | None, flags: int) -> None:
    err = c_void_p()
    sig = c_text(signature) if signature is not None else None
    check(lib().ferrule_func_set_global(name, handle, doc, sig, flags, byref(err)), err)


@overload
def register_func(
    name: str, f: None = None, *, override: bool = False, doc: str | None = None, long_running: bool = False
) -> Callable[[F], F]: ...
@overload
def register_func(
    name: str, f: F, *, override: bool = False, doc: str | None = None, long_running: bool = False
) -> F: ...


def register_func(
    name: str,
    f: Callable[..., Any] | None = None,
    *,
    override: bool = False,
    doc: str | None = None,
    long_running: bool = False,
) -> Any:
    """Register a Python callable in the global registry under the dotted ``name``.

    Usable as ``@register_func("mylib.f")`` or ``register_func("mylib.f", f)``; returns ``f``.
    Native code, Go, C and other Python code can then call it by name; the callable lives as
    long as the registry (or any other holder) keeps the native function. The signature text
    comes from :func:`inspect.signature` and the documentation from ``doc`` or ``f.__doc__``.
    Registering a :class:`Function` keeps its registered signature.

    Raises :class:`ferrule.KeyError` if ``name`` is taken and ``override`` is false.
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"register_func(): name must be a non-empty str, not {name!r}")
    raw_name = _name_arg("register_func", name)
    doc_arg = _optional_text("register_func", "doc", doc)

    def register(func: F) -> F:
        if not callable(func):
            raise TypeError(f"register_func({name!r}): expected a callable, not {type(func).__name__!r}")
        if isinstance(func, Function):
            handle = func._enter()  # busy, so no other thread can release it under the retain
            try:
                lib().ferrule_object_retain(handle)
            finally:
                func._leave()
            sig = func._info.get("signature") or None
        else:
            handle = function_from_callable(positional_adapter(func), name)
            sig = signature_text(func)
        text = doc_arg if doc_arg is not None else _optional_text("register_func", "doc", inspect.getdoc(func))
        flags = (REGISTER_OVERRIDE if override else 0) | (FUNC_LONG_RUNNING if long_running else 0)
        try:
            try:
                _set_global(raw_name, handle, text, sig, flags)
            except builtins.KeyError:
                raise
            except builtins.ValueError:
                if sig is None:
                    raise
                # a signature the registry cannot parse: register without one rather than fail
                _set_global(raw_name, handle, text, None, flags)
        finally:
            lib().ferrule_object_release(handle)  # the registry holds its own reference
        return func

    if f is None:
        return register
    return register(f)


def init_api(prefix: str, module: types.ModuleType | str) -> types.ModuleType:
    """Put every registered ``prefix.*`` function on ``module`` (a module or a module name).

    ``prefix.a`` becomes ``module.a`` and ``prefix.sub.b`` becomes ``module.sub.b``; each function
    gets ``__name__``, ``__qualname__`` and ``__module__``. Returns the module.
    """
    if not isinstance(prefix, str):
        raise TypeError(f"init_api(): prefix must be a str, not {type(prefix).__name__!r}")
    return populate_module(prefix, module, list_global_func_names(), get_global_func)


def load_library(path: str | os.PathLike[str]) -> None:
    """Load a plugin library (``ferrule_library_load``): its functions join the one registry of
    the process. Loading the same file twice is a no-op."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"load_library(): path must be a str or path-like, not {type(path).__name__!r}")
    try:
        raw = os.fsencode(path)
    except Exception as e:  # a bad __fspath__, or text the file system encoding cannot take
        raise_named("load_library()", e)
    if b"\0" in raw:
        raise ValueError("load_library(): path must not contain NUL characters")
    err = c_void_p()
    try:
        check(lib().ferrule_library_load(raw, byref(err)), err, f"loading {os.fsdecode(raw)}")
    except Exception as e:  # (the native message names ferrule_library_load, not this function)
        raise_named("load_library()", e)


def live_object_count() -> int:
    """Number of live heap objects in libferrule (strings, arrays, tensors, functions, ...)."""
    return int(lib().ferrule_live_object_count())


def abi_version() -> int:
    """The ABI version of the loaded libferrule."""
    return int(lib().ferrule_abi_version())
