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

import importlib
import inspect
import math
import os
import sys
import types
import typing
from typing import Any, Callable, TypeVar, overload

from . import _ferrule
from .error import KeyError as _FerruleKeyError

__all__ = [
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "remove_global_func",
    "init_api",
    "load_library",
    "live_object_count",
]

#: A callable handle on a native function object (see ``ferrule._ferrule.Function``).
Function = _ferrule.Function

F = TypeVar("F", bound=Callable[..., Any])


def get_global_func(name: str) -> Function:
    """Return the function registered under the dotted ``name``.

    Raises :class:`ferrule.KeyError` (a :class:`KeyError`) if nothing is registered under it.
    """
    return _ferrule.get_global_func(name)


def list_global_func_names() -> list[str]:
    """Return the names of every registered function (Rust, C, plugins, Python), sorted."""
    return _ferrule.list_global_func_names()


def remove_global_func(name: str) -> None:
    """Remove a registered function; handles already obtained stay valid.

    Raises :class:`ferrule.KeyError` if nothing is registered under ``name``.
    """
    _ferrule.remove_global_func(name)


def load_library(path: str | os.PathLike[str]) -> None:
    """Load a plugin library (a shared object exporting ``ferrule_plugin_init``).

    Its functions join the one registry of the process. Loading the same file twice is a no-op.
    """
    _ferrule.load_library(os.fspath(path))


def live_object_count() -> int:
    """Number of live heap objects in libferrule (strings, arrays, tensors, functions, ...)."""
    return _ferrule.live_object_count()


# ---- registration ------------------------------------------------------------------------------

_SIMPLE_TYPES: dict[Any, str] = {
    int: "int",
    float: "float",
    str: "str",
    bool: "bool",
    bytes: "bytes",
    list: "list",
    dict: "dict",
    tuple: "list",
    type(None): "None",
    None: "None",
    typing.Any: "Any",
}


def _type_text(annotation: Any) -> str | None:
    """The registry's type text for a Python annotation, or None when it cannot be written."""
    if annotation is inspect.Parameter.empty:
        return "Any"
    if annotation in _SIMPLE_TYPES:
        return _SIMPLE_TYPES[annotation]
    if isinstance(annotation, str):
        text = annotation.strip()
    elif isinstance(annotation, type):
        text = annotation.__name__
    else:
        text = inspect.formatannotation(annotation).replace("typing.", "")
    # the registry's type grammar ends a type at a top-level ',', '=' or ')'
    depth = 0
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
            if depth < 0:
                return None
        elif ch in ",=" and depth == 0:
            return None
    return text if text and depth == 0 else None


def _literal_text(value: Any) -> str | None:
    """A default as the registry's literal syntax, or None when it is not representable."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -(2**63) <= value < 2**63 else None
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else None
    if isinstance(value, str):
        if any(not ch.isprintable() and ch not in "\n\t" for ch in value):
            return None
        escaped = value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\t", "\\t")
        return f"'{escaped}'"
    return None


def signature_text(func: Callable[..., Any]) -> str | None:
    """The registry signature text of a Python callable, e.g. ``(a: int, b: int = 1) -> int``.

    Returns None when the signature cannot be written faithfully (a default that is not an int,
    float, str, bool or None; no signature).
    ``**kwargs`` is left out: packed calls never fill it.
    """
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return None
    parts: list[str] = []
    star = False
    params = [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD]
    for i, p in enumerate(params):
        ty = _type_text(p.annotation)
        if ty is None:
            return None
        if p.kind is p.VAR_POSITIONAL:
            parts.append(f"*{p.name}: {ty}")
            star = True
            continue
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        text = f"{p.name}: {ty}"
        if p.default is not p.empty:
            lit = _literal_text(p.default)
            if lit is None:
                return None
            text += f" = {lit}"
        parts.append(text)
        if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY):
            parts.append("/")
    out = "(" + ", ".join(parts) + ")"
    if sig.return_annotation is not sig.empty:
        ret = _type_text(sig.return_annotation)
        if ret is None:
            return None
        out += f" -> {ret}"
    return out


def _positional_adapter(func: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap ``func`` so that packed positional arguments reach its keyword-only parameters.

    A packed call passes the fixed parameters (positional, then keyword-only) in declaration
    order, then the ``*args`` values; a Python function with keyword-only parameters needs them
    back as keywords.
    """
    try:
        params = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return func
    kwonly = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
    if not kwonly:
        return func
    n_pos = sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
    n_fixed = n_pos + len(kwonly)

    def adapter(*args: Any) -> Any:
        keywords = dict(zip(kwonly, args[n_pos:n_fixed]))
        return func(*args[:n_pos], *args[n_fixed:], **keywords)

    adapter.__wrapped__ = func  # type: ignore[attr-defined]
    return adapter


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
            target = _positional_adapter(func)
            sig = signature_text(func)
        text = doc if doc is not None else inspect.getdoc(func)
        flags = (_ferrule.REGISTER_OVERRIDE if override else 0) | (_ferrule.FUNC_LONG_RUNNING if long_running else 0)
        try:
            _ferrule._register_func(name, target, text, sig, flags)
        except _FerruleKeyError:
            raise
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
    created as needed). Each function gets ``__name__``, ``__qualname__``, ``__module__``,
    ``__doc__`` and ``__signature__`` from the registry, so ``help()`` and ``inspect.signature``
    show them. Returns the module.
    """
    if isinstance(module, str):
        mod_name = module
        if mod_name in sys.modules:
            module = sys.modules[mod_name]
        else:
            try:
                module = importlib.import_module(mod_name)
            except ImportError:
                module = types.ModuleType(mod_name)
                sys.modules[mod_name] = module
    start = prefix + "." if prefix else ""
    for full in list_global_func_names():
        if not full.startswith(start):
            continue
        parts = full[len(start) :].split(".")
        target = module
        for part in parts[:-1]:
            sub = getattr(target, part, None)
            if not isinstance(sub, types.ModuleType):
                sub = types.ModuleType(f"{target.__name__}.{part}")
                setattr(target, part, sub)
            target = sub
        func = get_global_func(full)
        func.__name__ = parts[-1]
        func.__qualname__ = parts[-1]
        func.__module__ = target.__name__
        setattr(target, parts[-1], func)
    return module


# ---- signatures for introspection ----------------------------------------------------------------


class _Annotation:
    """A registry type name shown verbatim by inspect (``list[int]``, ``Tensor``)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Annotation) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


def _annotation(text: str) -> Any:
    if not text:
        return inspect.Parameter.empty
    simple = {"int": int, "float": float, "str": str, "bool": bool, "bytes": bytes, "list": list, "dict": dict,
              "None": None, "Any": typing.Any}
    if text in simple:
        return simple[text]
    if text == "Tensor":
        return _ferrule.Tensor
    if text == "Function":
        return _ferrule.Function
    return _Annotation(text)


_KIND = {
    "positional_only": inspect.Parameter.POSITIONAL_ONLY,
    "positional": inspect.Parameter.POSITIONAL_OR_KEYWORD,
    "keyword_only": inspect.Parameter.KEYWORD_ONLY,
    "var_positional": inspect.Parameter.VAR_POSITIONAL,
}


def _signature_of(func: Function) -> inspect.Signature:
    """The ``__signature__`` of a Function, built from its registry metadata."""
    try:
        info = func._info
    except Exception:  # released: nothing to describe
        info = {}
    if not info.get("signature"):
        return inspect.Signature([inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)])
    params = []
    for p in info.get("params", []):
        kind = _KIND.get(p.get("kind", ""), inspect.Parameter.POSITIONAL_OR_KEYWORD)
        default = p["default"] if "default" in p else inspect.Parameter.empty
        params.append(inspect.Parameter(p["name"], kind, default=default, annotation=_annotation(p.get("type", ""))))
    returns = _annotation(info.get("returns", ""))
    return inspect.Signature(params, return_annotation=returns)


_ferrule._set_hook("signature", _signature_of)
