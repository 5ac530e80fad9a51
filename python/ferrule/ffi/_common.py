"""Pure-Python helpers shared by both registry frontends (the extension and ctypes).

Nothing here touches native code: signature text for registration, the adapter that feeds packed
positional arguments to keyword-only parameters, ``inspect.Signature`` objects built from registry
metadata, and module population by prefix.
"""

from __future__ import annotations

import importlib
import inspect
import math
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

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


def builtin_doc(name: str, sig: inspect.Signature | None, doc: str | None) -> str | None:
    """``doc`` headed by ``name(params)\\n--\\n\\n``, CPython's ``__text_signature__`` convention, so
    :func:`inspect.signature` and ``help()`` show a builtin's parameters (annotations are not part
    of that syntax and are left out). ``doc`` alone when a default has no literal form."""
    if sig is None:
        return doc
    params = []
    for p in sig.parameters.values():
        default = p.default
        if isinstance(default, list):
            # a list default (a shape such as `[]`) reads as the tuple Python callers pass
            default = tuple(default)
        values = default if isinstance(default, tuple) else (default,)
        if default is not p.empty and any(_literal_text(v) is None for v in values):
            return doc
        params.append(p.replace(annotation=p.empty, default=default))
    text = str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))
    return f"{name}{text}\n--\n\n{doc or ''}"


def signature_text(func: Callable[..., Any]) -> str | None:
    """The registry signature text of a Python callable, e.g. ``(a: int, b: int = 1) -> int``.

    Returns None when the signature cannot be written faithfully (a default that is not an int,
    float, str, bool or None; no signature).
    ``**kwargs`` is left out: packed calls never fill it.
    """
    if not callable(func):
        raise TypeError(f"signature_text(): func must be callable, not {type(func).__name__!r}")
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


def positional_adapter(func: Callable[..., Any]) -> Callable[..., Any]:
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
        keywords = dict(zip(kwonly, args[n_pos:n_fixed], strict=False))
        return func(*args[:n_pos], *args[n_fixed:], **keywords)

    adapter.__wrapped__ = func  # type: ignore[attr-defined]
    return adapter


# ---- module population ---------------------------------------------------------------------------


def populate_module(
    prefix: str,
    module: types.ModuleType | str,
    names: list[str],
    get: Callable[[str], Any],
    make: Callable[[Any, str, str], Any] | None = None,
) -> types.ModuleType:
    """The body of ``init_api``: put every ``prefix.*`` name of ``names`` on ``module``.

    ``get(name)`` returns the function object for a registered name; the frontend supplies it.
    ``make(func, name, module_name)``, when given, turns it into what the module holds (the
    native frontend's builtins); otherwise the function object itself is renamed and set.
    """
    if not isinstance(module, (str, types.ModuleType)):
        raise TypeError(f"init_api(): module must be a module or a module name, not {type(module).__name__!r}")
    if isinstance(module, str):
        if not module:
            raise ValueError("init_api(): the module name is empty")
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
    for full in names:
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
        func = get(full)
        if make is not None:
            setattr(target, parts[-1], make(func, parts[-1], target.__name__))
            continue
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


_SIMPLE_ANNOTATIONS: dict[str, Any] = {
    "int": int,
    "float": float,
    "str": str,
    "bool": bool,
    "bytes": bytes,
    "list": list,
    "dict": dict,
    "None": None,
    "Any": typing.Any,
}


def _annotation(text: str, classes: Mapping[str, Any]) -> Any:
    if not text:
        return inspect.Parameter.empty
    if text in _SIMPLE_ANNOTATIONS:
        return _SIMPLE_ANNOTATIONS[text]
    if text in classes:
        return classes[text]
    return _Annotation(text)


_KIND = {
    "positional_only": inspect.Parameter.POSITIONAL_ONLY,
    "positional": inspect.Parameter.POSITIONAL_OR_KEYWORD,
    "keyword_only": inspect.Parameter.KEYWORD_ONLY,
    "var_positional": inspect.Parameter.VAR_POSITIONAL,
}


def signature_from_info(info: Mapping[str, Any], classes: Mapping[str, Any]) -> inspect.Signature:
    """An ``inspect.Signature`` from a function's registry metadata (``func_get_info``'s map).

    ``classes`` maps registry type names such as ``"Tensor"`` and ``"Function"`` to the
    frontend's classes. A function registered without a signature shows as ``(*args)``.
    """
    if not info.get("signature"):
        return inspect.Signature([inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)])
    params = []
    for p in info.get("params", []):
        kind = _KIND.get(p.get("kind", ""), inspect.Parameter.POSITIONAL_OR_KEYWORD)
        default = p["default"] if "default" in p else inspect.Parameter.empty
        params.append(
            inspect.Parameter(p["name"], kind, default=default, annotation=_annotation(p.get("type", ""), classes))
        )
    returns = _annotation(info.get("returns", ""), classes)
    return inspect.Signature(params, return_annotation=returns)
