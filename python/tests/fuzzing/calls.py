"""One fuzzed call: a target of :mod:`fuzzing.catalog` with arguments from :mod:`fuzzing.values`,
as one line of Python (what the worker runs and what a reproducer shows)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from hypothesis import strategies as st

from . import values
from .catalog import Target
from .values import Expr

P = inspect.Parameter

#: How the fuzzer makes the ``self`` of a method target (by the catalog's strategy name).
SELVES: dict[str, st.SearchStrategy[Expr]] = {
    "tensor": values.TENSORS,
    "ctypes-tensor": values.CTYPES_TENSORS,
    # "name:" tags: the name an error of the function object itself may give (its registered
    # name, or how an anonymous Python function is shown)
    "function": st.sampled_from(
        [
            Expr("ferrule.get_global_func('ops.add')", frozenset({"name:ops.add"})),
            Expr("ferrule.Function(lambda *a, **k: a)", frozenset({"name:<lambda>", "name:<anonymous>"})),
            Expr("ferrule.Function(lambda: fail('a callback'))", frozenset({"name:<lambda>", "name:<anonymous>"})),
            Expr("ferrule.Function(lambda *a: object())", frozenset({"name:<lambda>", "name:<anonymous>"})),
        ]
    ),
    "ctypes-function": st.sampled_from(
        [
            Expr("ferrule.ffi.ctypes.get_global_func('ops.add')", frozenset({"name:ops.add"})),
            Expr("ferrule.ffi.ctypes.Function(lambda *a, **k: a)", frozenset({"name:<lambda>", "name:<anonymous>"})),
        ]
    ),
    "library": st.just(Expr("ferrule.ffi.ctypes.load()")),
    "info": st.just(Expr("ferrule.__array_namespace_info__()")),
    "dtype": st.sampled_from(values.DTYPES).map(lambda d: Expr(f"ferrule.{d}")),
    "finfo": st.sampled_from(("float16", "float32", "float64")).map(lambda d: Expr(f"ferrule.finfo({d!r})")),
    "iinfo": st.sampled_from(("int8", "uint64")).map(lambda d: Expr(f"ferrule.iinfo({d!r})")),
}


@dataclass(frozen=True)
class Call:
    """A target and the source of one call of it."""

    target: Target
    src: str  # statements; the value of a call is bound to ``result``
    args: tuple[Expr, ...]

    @property
    def tags(self) -> frozenset[str]:
        """Every tag of every argument."""
        return frozenset().union(*(a.tags for a in self.args)) if self.args else frozenset()


@st.composite
def _arguments(draw: st.DrawFn, target: Target) -> tuple[list[Expr], list[tuple[str, Expr]]]:
    """Positional and keyword arguments: mostly a well-formed call with odd values, sometimes one
    with an argument missing, an extra one or an unknown keyword."""
    positional: list[Expr] = []
    keywords: list[tuple[str, Expr]] = []
    by_keyword = False
    for p in target.params:
        value = lambda p=p: draw(values.for_parameter(p.name, p.annotation))  # noqa: E731
        if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD):
            if p.required and draw(st.integers(0, 24)) == 0:
                break  # leave a required argument out
            if not p.required and not draw(st.booleans()):
                by_keyword = True  # skipped: what follows can only go by keyword
                continue
            if p.kind == P.POSITIONAL_OR_KEYWORD and (by_keyword or draw(st.integers(0, 3)) == 0):
                by_keyword = True
                keywords.append((p.name, value()))
            elif p.kind == P.POSITIONAL_ONLY and by_keyword:
                break
            else:
                positional.append(value())
        elif p.kind == P.VAR_POSITIONAL:
            positional.extend(value() for _ in range(draw(st.integers(0, 3))))
        elif p.kind == P.KEYWORD_ONLY:
            if p.required or draw(st.booleans()):
                keywords.append((p.name, value()))
    extra = draw(st.integers(0, 29))
    if extra == 0:
        positional.append(draw(values.ANYTHING))
    elif extra == 1:
        keywords.append(("no_such_parameter", draw(values.ANYTHING)))
    return positional, keywords


@st.composite
def calls(draw: st.DrawFn, targets: list[Target]) -> Call:
    """A call of one of ``targets``."""
    target = draw(st.sampled_from(targets))
    if target.access == "call":
        positional, keywords = draw(_arguments(target))
        text = ", ".join([a.src for a in positional] + [f"{k}={v.src}" for k, v in keywords])
        return Call(target, f"result = {target.owner}.{target.attr}({text})", (*positional, *(v for _, v in keywords)))
    self = draw(SELVES[target.owner])
    if target.access == "get":
        return Call(target, f"result = ({self.src}).{target.attr}", (self,))
    if target.access == "set":
        value = draw(values.for_parameter(target.attr, ""))
        return Call(target, f"({self.src}).{target.attr} = {value.src}", (self, value))
    if target.access == "delete":
        return Call(target, f"del ({self.src}).{target.attr}", (self,))
    positional, keywords = draw(_arguments(target))
    text = ", ".join([a.src for a in positional] + [f"{k}={v.src}" for k, v in keywords])
    return Call(target, f"result = ({self.src}).{target.attr}({text})", (self, *positional, *(v for _, v in keywords)))
