"""The packed-function FFI: the global function registry shared with Rust, C, Go and plugins.

>>> import ferrule.ffi as ffi
>>> add = ffi.get_global_func("demo.add")
>>> add(1, 2)
3
>>> @ffi.register_func("example.twice", override=True)
... def twice(x: int) -> int:
...     return 2 * x
>>> ffi.get_global_func("example.twice")(21)
42
"""

from __future__ import annotations

import copyreg
import errno
import importlib
import inspect
import os
import pickle
import types
from collections.abc import Callable
from typing import Any, TypeVar, overload

from .. import _ferrule
from ..error import KeyError as _FerruleKeyError
from ..error import RuntimeError as _FerruleRuntimeError
from ..error import raise_named
from ._common import builtin_doc, populate_module, positional_adapter, signature_from_info, signature_text

#: ferrule_func_set_global flags (ferrule.h): replace a taken name; release the GIL around calls.
REGISTER_OVERRIDE: int = _ferrule.REGISTER_OVERRIDE
FUNC_LONG_RUNNING: int = _ferrule.FUNC_LONG_RUNNING

__all__ = [
    "FUNC_LONG_RUNNING",
    "REGISTER_OVERRIDE",
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "remove_global_func",
    "init_api",
    "builtin_of",
    "load_library",
    "live_object_count",
    "signature_text",
]

#: A callable handle on a native function object (see ``ferrule._ferrule.Function``).
Function = _ferrule.Function

F = TypeVar("F", bound=Callable[..., Any])


def get_global_func(name: str) -> Function:
    """Return the function registered under the dotted ``name``.

    Raises :class:`ferrule.KeyError` (a :class:`KeyError`) if nothing is registered under it.
    """
    try:
        return _ferrule.get_global_func(name)
    except UnicodeEncodeError as e:  # a lone surrogate: no registered name can match it
        raise_named("get_global_func()", e)


def list_global_func_names() -> list[str]:
    """Return the names of every registered function (Rust, C, plugins, Python), sorted."""
    return _ferrule.list_global_func_names()


def remove_global_func(name: str) -> None:
    """Remove a registered function; handles already obtained stay valid.

    Raises :class:`ferrule.KeyError` if nothing is registered under ``name``.
    """
    try:
        _ferrule.remove_global_func(name)
    except UnicodeEncodeError as e:  # a lone surrogate: no registered name can match it
        raise_named("remove_global_func()", e)


def load_library(path: str | os.PathLike[str]) -> None:
    """Load a plugin library (a shared object exporting ``ferrule_plugin_init``).

    Its functions join the one registry of the process. Loading the same file twice is a no-op.
    A file that cannot be opened or is not a shared library raises :class:`OSError` (its
    ``filename`` is ``path``); a plugin whose initialisation fails raises ``ferrule.RuntimeError``.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"load_library(): path must be a str or path-like, not {type(path).__name__!r}")
    try:
        _ferrule.load_library(os.fspath(path))
    except (TypeError, ValueError) as e:  # a bad __fspath__, a path that is not valid text
        raise_named("load_library()", e)
    except _FerruleRuntimeError as e:
        # The file could not be opened or is no shared library (dlopen failed): OSError, as
        # Python's own loaders (ctypes.CDLL) raise. A plugin's init failing stays a RuntimeError.
        if str(e).startswith("load_library: cannot load"):
            missing = not os.path.exists(os.fspath(path)) and os.sep in os.fspath(path)
            raise OSError(errno.ENOENT if missing else errno.ENOEXEC, str(e), os.fspath(path)) from e
        raise


def live_object_count() -> int:
    """Number of live heap objects in libferrule (strings, arrays, tensors, functions, ...)."""
    return _ferrule.live_object_count()


# ---- registration ------------------------------------------------------------------------------


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
    Native code, Go, C and other Python code can then call it by name. The signature text comes
    from :func:`inspect.signature` and the documentation from ``doc`` or ``f.__doc__``.

    Raises :class:`ferrule.KeyError` if ``name`` is taken and ``override`` is false.
    ``long_running=True`` asks frontends to release their interpreter lock around calls.
    """
    if not isinstance(name, str) or not name:
        raise TypeError("register_func() needs a non-empty str name")

    def register(func: F) -> F:
        if not callable(func):
            raise TypeError(f"register_func({name!r}): expected a callable, not {type(func).__name__!r}")
        if isinstance(func, Function):
            # re-registering a native function keeps its registered signature
            target: Any = func
            sig = func._info.get("signature") or None
        else:
            target = positional_adapter(func)
            sig = signature_text(func)
        text = doc if doc is not None else inspect.getdoc(func)
        try:
            flags = (_ferrule.REGISTER_OVERRIDE if override else 0) | (
                _ferrule.FUNC_LONG_RUNNING if long_running else 0
            )
        except Exception as e:  # a flag whose truth value is an error (an array, ...)
            raise_named("register_func()", e)
        try:
            _ferrule._register_func(name, target, text, sig, flags)
        except (_FerruleKeyError, UnicodeEncodeError) as e:  # a taken name; a lone surrogate
            raise_named("register_func()", e)
        except ValueError:
            if sig is None:
                raise
            # a signature the registry cannot parse: register without one rather than fail
            _ferrule._register_func(name, target, text, None, flags)
        return func

    if f is None:
        return register
    return register(f)


# ---- module population ---------------------------------------------------------------------------


def init_api(prefix: str, module: types.ModuleType | str) -> types.ModuleType:
    """Put every registered ``prefix.*`` function on ``module``.

    ``module`` is a module object or the name of one (imported, or created if it does not exist).
    ``prefix.a`` becomes ``module.a``; ``prefix.sub.b`` becomes ``module.sub.b`` (submodules are
    created as needed). Each becomes a builtin function (see :func:`builtin_of`) whose
    ``__name__``, ``__module__``, ``__doc__`` and signature come from the registry, so ``help()``
    and ``inspect.signature`` show them. Returns the module.
    """
    if not isinstance(prefix, str):
        raise TypeError(f"init_api(): prefix must be a str, not {type(prefix).__name__!r}")
    return populate_module(prefix, module, list_global_func_names(), get_global_func, builtin_of)


def builtin_of(func: Function, name: str, module: str) -> Callable[..., Any]:
    """A ``builtin_function_or_method`` named ``name`` in ``module`` that calls ``func``.

    CPython calls exact builtins through a specialised path (no generic vectorcall dispatch), so
    this is the cheapest way to call a registered function from Python: ``init_api`` modules and
    the ``ferrule`` namespace hold these. Its ``__self__`` is a Function over the same native
    function; its signature is ``func``'s, as ``__text_signature__``.
    """
    if not isinstance(func, Function):
        raise TypeError(f"builtin_of(): func must be a ferrule.Function, not {type(func).__name__!r}")
    if not isinstance(name, str) or not isinstance(module, str):
        bad = "name" if not isinstance(name, str) else "module"
        raise TypeError(f"builtin_of(): {bad} must be a str, not {type(locals()[bad]).__name__!r}")
    try:
        sig = func.__signature__
    except Exception:  # no metadata (released): a builtin without a signature
        sig = None
    return _ferrule._builtin(func, name, builtin_doc(name, sig, func.__doc__), module)


# ---- signatures for introspection ----------------------------------------------------------------


def _signature_of(func: Function) -> inspect.Signature:
    """The ``__signature__`` of a Function, built from its registry metadata."""
    try:
        info = func._info
    except Exception:  # released: nothing to describe
        info = {}
    return signature_from_info(info, _ANNOTATION_CLASSES)


_ANNOTATION_CLASSES = {"Tensor": _ferrule.Tensor, "Function": _ferrule.Function}


# ---- pickling ------------------------------------------------------------------------------------
# A registered function pickles as its registered name and unpickles, in any process where that
# name is registered, to the function registered there (the same object for the ferrule
# namespace's and init_api modules' builtins). dask.distributed ships functions this way.


def _registered_name(func: Function) -> str:
    """The name ``func`` is registered under; pickle.PicklingError when it has none (or the name
    now belongs to another function)."""
    try:
        name = func._info.get("name") or ""
    except Exception as e:  # a released handle
        raise pickle.PicklingError(f"Function.__reduce__: cannot pickle {func!r}: {e}") from e
    if not name:
        raise pickle.PicklingError(
            f"Function.__reduce__: cannot pickle {func!r}: it is not registered under a name (register it with "
            "ferrule.ffi.register_func, so that the receiving process can find it by name)"
        )
    try:
        current = _ferrule.get_global_func(name)
    except Exception:
        current = None
    if current != func:
        raise pickle.PicklingError(
            f"Function.__reduce__: cannot pickle {func!r}: the name {name!r} is no longer registered to it "
            "(it was removed or overridden)"
        )
    return str(name)


def _unpickle_function(name: str, module: str | None = None, attr: str | None = None) -> Any:
    """The function registered under ``name`` in this process: ``module.attr`` when that is a
    builtin over it (``ferrule.add``), else the registry's Function. A name that is not
    registered here raises ``ferrule.KeyError`` naming it."""
    if module is not None and attr is not None:
        try:
            found = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            found = None
        owner = getattr(found, "__self__", None)
        if isinstance(owner, Function) and owner._info.get("name") == name:
            return found
    try:
        return _ferrule.get_global_func(name)
    except _FerruleKeyError:
        raise _FerruleKeyError(
            f"unpickling the ferrule function {name!r}: no function is registered under that name in this "
            "process (register it, or load the plugin that does, before unpickling)"
        ) from None


def _reduce_function(func: Function) -> tuple[Any, ...]:
    """``Function.__reduce__``: the function as its registered name."""
    return (_unpickle_function, (_registered_name(func),))


# (named as the method, so that Python's own argument errors name it: "Function.__reduce__() got
# an unexpected keyword argument ...")
_reduce_function.__name__ = "__reduce__"
_reduce_function.__qualname__ = "Function.__reduce__"


def _reduce_builtin(func: types.BuiltinFunctionType) -> Any:
    """``copyreg``'s reducer of builtin functions: a builtin over a registered ferrule function
    (``ferrule.add``) as its registered name, module and attribute; any other builtin as
    CPython pickles it."""
    owner = getattr(func, "__self__", None)
    if isinstance(owner, Function):
        return (_unpickle_function, (_registered_name(owner), func.__module__, func.__name__))
    return func.__reduce__()


Function.__reduce__ = _reduce_function  # type: ignore[method-assign,assignment]
copyreg.pickle(types.BuiltinFunctionType, _reduce_builtin)
