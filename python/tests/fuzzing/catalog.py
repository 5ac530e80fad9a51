"""Every public callable of the ``ferrule`` package, found by walking it (not a hand list).

A *target* is one way to call into the package: a module function, a class's constructor, a method
or operator (dunder) on an instance, or a property read, set or deleted. The walk covers the public
names (``__all__``, or the names without a leading underscore) of ``ferrule``, ``ferrule.fft``,
``ferrule.linalg``, ``ferrule.random``, ``ferrule.ffi``, ``ferrule.ffi.ctypes``, ``ferrule.error`` and
``ferrule.profiler``;
for each class among them, and for the classes of the objects in ``INSTANCES``, every attribute
the class defines itself (inherited ``object``/``str`` members are the interpreter's, not
ferrule's). Parameters come from ``inspect.signature`` (for a builtin over a registered function,
the registered signature with its annotations), so a new function or parameter is fuzzed with no
change here.
"""

from __future__ import annotations

import inspect
import re
import types
from dataclasses import dataclass
from typing import Any

#: Members a class may define that are not API to call: bookkeeping attributes and hooks the
#: interpreter calls with arguments of its own (calling them by hand is not using ferrule).
SKIPPED_MEMBERS = frozenset(
    {
        "__dict__",
        "__doc__",
        "__module__",
        "__slots__",
        "__annotations__",
        "__weakref__",
        "__vectorcalloffset__",
        "__init_subclass__",
        "__subclasshook__",
        "__class_getitem__",
        "__new__",  # the constructor target covers it
        "__init__",  # re-running a constructor on a live object is not API use (ditto)
        "__del__",  # the finalizer: the interpreter calls it (its one parameter is a private default)
        # attribute hooks: the interpreter calls them with a str name; "get"/"set"/"delete" targets
        # exercise them as Python code does
        "__getattr__",
        "__getattribute__",
        "__setattr__",
        "__delattr__",
        "__signature__",
        "__name__",
        "__qualname__",
        "__text_signature__",
        "__orig_bases__",
        "__parameters__",
        "__abstractmethods__",
        "__firstlineno__",
        "__static_attributes__",
    }
)

#: Instances whose classes are not public names but whose methods are public API (what
#: ``__array_namespace_info__()`` and ``finfo`` return, dtype objects): source -> self strategy
#: name used by :mod:`fuzzing.calls`.
INSTANCES = {
    "ferrule.__array_namespace_info__()": "info",
    "ferrule.float32": "dtype",
    "ferrule.finfo('float32')": "finfo",
    "ferrule.iinfo('int8')": "iinfo",
}


#: Words an error message may use instead of the target's name: how Python itself phrases the
#: protocol (``bool(x)`` fails with "the truth value of ... is ambiguous", ``x[i]`` with "...
#: indices", ``iter(x)`` with "iteration over ..."), or the object a thin wrapper builds
#: (``ferrule.tensor(d)`` is ``ferrule.Tensor(d)``, whose errors name ``Tensor``).
PROTOCOL_WORDS = {
    "__bool__": {"truth value"},
    "__iter__": {"iteration"},
    "__getitem__": {"index", "indices"},
    "__setitem__": {"index", "indices"},
    "getitem": {"index", "indices"},  # ferrule.getitem / setitem: the functions behind x[i]
    "setitem": {"index", "indices"},
    "__len__": {"len"},
    "__int__": {"int"},
    "__float__": {"float"},
    "__complex__": {"complex"},
    "__index__": {"index"},
}
ALIASES = {
    "ferrule.tensor": {"Tensor"},
    "ferrule.ffi.ctypes.tensor": {"Tensor"},
}


@dataclass(frozen=True)
class Param:
    """A parameter of a target, from its signature."""

    name: str
    kind: inspect._ParameterKind
    required: bool
    annotation: str


@dataclass(frozen=True)
class Target:
    """One way to call into the package."""

    qualname: str  # "ferrule.repeat", "ferrule.Tensor.sum", "ferrule.Tensor.T"
    access: str  # "call" (a function or constructor), "method", "get", "set", "delete"
    owner: str  # source of the module or class (for "call"), or the self strategy name
    attr: str
    params: tuple[Param, ...]
    names: frozenset[str]  # words an error message may use to name it

    def names_in(self, text: str, extra: frozenset[str] = frozenset()) -> bool:
        """Whether ``text`` names this target (or one of ``extra``: the name of the function object
        a ``Function.__call__`` calls, say)."""
        return any(
            re.search(rf"(?<![A-Za-z0-9_]){re.escape(n)}(?![A-Za-z0-9_])", text, re.IGNORECASE if " " in n else 0)
            for n in self.names | extra
        )


def _annotation(a: Any) -> str:
    if a is inspect.Parameter.empty:
        return ""
    return a if isinstance(a, str) else getattr(a, "__name__", None) or str(a)


def _signature(obj: Any) -> inspect.Signature | None:
    self_func = getattr(obj, "__self__", None)
    if type(obj).__name__ == "builtin_function_or_method" and type(self_func).__name__ == "Function":
        obj = self_func  # the registered signature, with annotations
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        return None


def _params(obj: Any, drop_self: bool) -> tuple[Param, ...]:
    sig = _signature(obj)
    if sig is None:
        return (Param("args", inspect.Parameter.VAR_POSITIONAL, False, ""),)
    # a parameter with a leading underscore is an implementation detail (a default bound early)
    params = [p for p in sig.parameters.values() if not p.name.startswith("_")]
    if drop_self and params and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD):
        params = params[1:]
    return tuple(
        Param(
            p.name,
            p.kind,
            p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD),
            _annotation(p.annotation),
        )
        for p in params
    )


def _registered_names(obj: Any) -> set[str]:
    """``ops.sum`` and ``sum`` for anything backed by the registered function ``ops.sum``."""
    func = obj if type(obj).__name__ == "Function" else getattr(obj, "__self__", None)
    name = getattr(func, "name", None) if type(func).__name__ == "Function" else None
    if not isinstance(name, str) or not name:
        return set()
    short = name.removeprefix("ops.")
    return {name, short, short.rsplit(".", 1)[-1]}


def _names(owner: str, attr: str, obj: Any, extra: set[str] = frozenset()) -> frozenset[str]:
    names = {attr, f"{owner.rsplit('.', 1)[-1]}.{attr}", *extra, *_registered_names(obj)}
    names |= PROTOCOL_WORDS.get(attr, set()) | ALIASES.get(f"{owner}.{attr}", set())
    if attr.startswith("__") and attr.endswith("__"):
        names.add(attr.strip("_"))
    if isinstance(obj, type):  # a constructor's errors may come from a base class's __init__
        names |= {c.__name__ for c in obj.__mro__ if c.__module__.startswith("ferrule")}
    return frozenset(n for n in names if n)


def _public(module: types.ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return sorted(set(names))


def _class_targets(qual: str, owner: str, cls: type, tensor_methods: dict[str, Any]) -> list[Target]:
    targets = []
    for attr, member in sorted(cls.__dict__.items()):
        if attr in SKIPPED_MEMBERS or (attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))):
            continue
        extra = set()
        if attr in ("__getattr__", "__setattr__", "__delattr__"):
            extra = {cls.__name__}  # Python's own "'C' object has no attribute 'x'"
        if attr in tensor_methods:  # operators: the registered op's name counts too
            registered = tensor_methods[attr][0]
            extra = {registered, registered.removeprefix("ops.")}
        if isinstance(member, (property, types.GetSetDescriptorType, types.MemberDescriptorType)):
            for access in ("get", "set", "delete"):
                targets.append(Target(f"{qual}.{attr}", access, owner, attr, (), _names(qual, attr, member, extra)))
        elif isinstance(member, (staticmethod, classmethod)):
            targets.append(
                Target(
                    f"{qual}.{attr}",
                    "call",
                    qual,
                    attr,
                    _params(getattr(cls, attr), False),
                    _names(qual, attr, member, extra),
                )
            )
        elif callable(member):
            targets.append(
                Target(
                    f"{qual}.{attr}", "method", owner, attr, _params(member, True), _names(qual, attr, member, extra)
                )
            )
    return targets


def collect() -> list[Target]:
    """Every target of the installed package, sorted by name (a stable order for hypothesis)."""
    import ferrule
    import ferrule.ffi.ctypes
    from ferrule._ops import TENSOR_METHODS

    modules = {
        "ferrule": ferrule,
        "ferrule.fft": ferrule.fft,
        "ferrule.linalg": ferrule.linalg,
        "ferrule.random": ferrule.random,
        "ferrule.ffi": ferrule.ffi,
        "ferrule.ffi.ctypes": ferrule.ffi.ctypes,
        "ferrule.error": ferrule.error,
        "ferrule.profiler": ferrule.profiler,
    }
    self_strategies = {
        ferrule.Tensor: "tensor",
        ferrule.ffi.ctypes.Tensor: "ctypes-tensor",
        ferrule.Function: "function",
        ferrule.ffi.ctypes.Function: "ctypes-function",
        ferrule.ffi.ctypes.Library: "library",
    }
    targets: dict[tuple[str, str], Target] = {}
    classes: dict[type, str] = {}
    for mod_name, module in modules.items():
        for name in _public(module):
            obj = getattr(module, name, None)
            if isinstance(obj, types.ModuleType) or not callable(obj):
                continue
            qual = f"{mod_name}.{name}"
            if isinstance(obj, type):
                if obj.__module__ in ("typing", "builtins", "collections.abc"):
                    continue  # re-exported helpers (Any, TypeVar, ...) are not ferrule's
                extra = {name}
                targets[(qual, "call")] = Target(
                    qual, "call", mod_name, name, _params(obj, False), _names(mod_name, name, obj, extra)
                )
                classes.setdefault(obj, qual)
            elif getattr(obj, "__module__", "") in ("typing",):
                continue
            else:
                targets[(qual, "call")] = Target(
                    qual, "call", mod_name, name, _params(obj, False), _names(mod_name, name, obj)
                )
    for src, strategy in INSTANCES.items():
        cls = type(eval(src, {"ferrule": ferrule}))
        classes.setdefault(cls, f"{cls.__module__}.{cls.__qualname__}")
        self_strategies.setdefault(cls, strategy)
    for cls, qual in classes.items():
        strategy = self_strategies.get(cls)
        if strategy is None:
            continue  # a class we cannot make an instance of (exceptions): its constructor only
        short_qual = qual if not qual.startswith("ferrule._ferrule.") else "ferrule." + qual.rsplit(".", 1)[-1]
        for t in _class_targets(short_qual, strategy, cls, TENSOR_METHODS if cls is ferrule.Tensor else {}):
            targets.setdefault((t.qualname, t.access), t)
    return sorted(targets.values(), key=lambda t: (t.qualname, t.access))
