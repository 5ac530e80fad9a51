"""ferrule.autograd: reverse-mode automatic differentiation.

The engine lives in libferrule, below the ABI, so Python, Go and C share one tape: this module
and the ``Tensor`` properties it installs (``requires_grad``, ``grad``, ``grad_fn``, ``is_leaf``,
``backward``, ``detach``, ``register_hook``) call the registered ``autograd.*`` functions.
Backward runs with the GIL released; hooks written in Python take it back on whichever thread
runs the pass.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import _ferrule
from ._ferrule import Tensor
from .error import raise_named

__all__ = ["GradFn", "backward", "enable_grad", "grad", "is_grad_enabled", "no_grad", "set_grad_enabled"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _named(where: str) -> Callable[[_F], _F]:
    """Errors raised inside the decorated API function name it (``where``, as the user called it)."""

    def decorate(func: _F) -> _F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except Exception as e:
                raise_named(where, e)

        return wrapper  # type: ignore[return-value]

    return decorate


def _flag(where: str, name: str, value: object) -> bool:
    """``value`` as a bool, or a TypeError naming ``where`` and the argument."""
    if isinstance(value, bool):
        return value
    raise TypeError(f"{where}: {name} must be a bool, not {type(value).__name__}")


def _fn(name: str) -> Callable[..., Any]:
    return _ferrule.get_global_func(f"autograd.{name}")  # type: ignore[no-any-return]


_requires_grad = _fn("requires_grad")
_set_requires_grad = _fn("set_requires_grad")
_is_leaf = _fn("is_leaf")
_get_grad = _fn("get_grad")
_set_grad = _fn("set_grad")
_grad_fn_name = _fn("grad_fn_name")
_saved_tensors = _fn("saved_tensors")
_detach = _fn("detach")
_register_hook = _fn("register_hook")
_is_grad_enabled = _fn("is_grad_enabled")
_set_grad_enabled = _fn("set_grad_enabled")
_backward = _fn("backward")
_grad = _fn("grad")


def is_grad_enabled() -> bool:
    """Whether ops called on this thread record a graph (True unless inside ``no_grad``)."""
    return bool(_is_grad_enabled())


class _GradMode(contextlib.ContextDecorator):
    """Sets this thread's grad mode inside a ``with`` block or a decorated function."""

    _enabled = True

    def __init__(self) -> None:
        self._previous: list[bool] = []

    def __enter__(self) -> None:
        self._previous.append(bool(_set_grad_enabled(self._enabled)))

    def __exit__(self, *exc: object) -> None:
        _set_grad_enabled(self._previous.pop())

    def __call__(self, func: _F) -> _F:  # type: ignore[override]
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with type(self)():
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class no_grad(_GradMode):
    """Ops inside record no graph (their results do not require grad): for inference and for
    parameter updates. A context manager and a decorator."""

    _enabled = False


class enable_grad(_GradMode):
    """Turns recording back on inside a ``no_grad`` region. A context manager and a decorator."""

    _enabled = True


class set_grad_enabled(_GradMode):
    """Sets recording to ``mode``: as a call, at once; as a context manager, until the block ends."""

    def __init__(self, mode: bool) -> None:
        super().__init__()
        self._enabled = _flag("set_grad_enabled", "mode", mode)
        self._previous.append(bool(_set_grad_enabled(self._enabled)))

    def __enter__(self) -> None:
        pass


class GradFn:
    """The recorded op that produced a tensor (``tensor.grad_fn``): its ``name``, and the
    tensors it saved for backward (``saved_tensors``, the very objects)."""

    __slots__ = ("_tensor", "name")

    def __init__(self, tensor: Tensor, name: str) -> None:
        self._tensor = tensor
        self.name = name

    @property
    def saved_tensors(self) -> tuple[Tensor, ...]:
        """The tensors saved for backward; a RuntimeError once a backward pass freed them."""
        return tuple(_saved_tensors(self._tensor))

    def __repr__(self) -> str:
        return f"<GradFn {self.name}>"


def _as_list(value: Tensor | Sequence[Tensor] | None) -> list[Any] | None:
    if value is None:
        return None
    if isinstance(value, Tensor):
        return [value]
    return list(value)


@_named("backward()")
def backward(
    tensors: Tensor | Sequence[Tensor],
    grad_tensors: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool = False,
    create_graph: bool = False,
) -> None:
    """Accumulates the gradients of ``tensors`` into the ``.grad`` of the leaves they depend on.

    A one-element tensor needs no gradient; others need one of their own shape and dtype in
    ``grad_tensors``. The graph is freed afterwards unless ``retain_graph`` (or ``create_graph``,
    which records the backward pass itself for higher-order derivatives)."""
    where = "backward()"
    _backward(
        _as_list(tensors),
        _as_list(grad_tensors),  # type: ignore[arg-type]
        _flag(where, "retain_graph", retain_graph),
        _flag(where, "create_graph", create_graph),
    )


@_named("grad()")
def grad(
    outputs: Tensor | Sequence[Tensor],
    inputs: Tensor | Sequence[Tensor],
    grad_outputs: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    allow_unused: bool = False,
) -> tuple[Tensor | None, ...]:
    """The gradients of ``outputs`` with respect to ``inputs``, returned without touching any
    ``.grad``. With ``create_graph=True`` they carry a graph of their own (differentiate again)."""
    result = _grad(
        _as_list(outputs),
        _as_list(inputs),
        _as_list(grad_outputs),  # type: ignore[arg-type]
        None if retain_graph is None else _flag("grad()", "retain_graph", retain_graph),
        _flag("grad()", "create_graph", create_graph),
        _flag("grad()", "allow_unused", allow_unused),
    )
    return tuple(result)


def _requires_grad_get(self: Tensor) -> bool:
    return bool(_requires_grad(self))


@_named("Tensor.requires_grad")
def _requires_grad_set(self: Tensor, value: bool) -> None:
    _set_requires_grad(self, _flag("Tensor.requires_grad", "the value", value))


@_named("Tensor.requires_grad_()")
def requires_grad_(self: Tensor, requires_grad: bool = True) -> Tensor:
    """Sets ``requires_grad`` on this leaf and returns it."""
    _set_requires_grad(self, _flag("Tensor.requires_grad_()", "requires_grad", requires_grad))
    return self


def _grad_get(self: Tensor) -> Tensor | None:
    return _get_grad(self)  # type: ignore[no-any-return]


@_named("Tensor.grad")
def _grad_set(self: Tensor, value: Tensor | None) -> None:
    _set_grad(self, value)


def _grad_del(self: Tensor) -> None:
    _set_grad(self, None)


def _grad_fn_get(self: Tensor) -> GradFn | None:
    name = _grad_fn_name(self)
    return None if name is None else GradFn(self, name)


def _is_leaf_get(self: Tensor) -> bool:
    return bool(_is_leaf(self))


@_named("Tensor.backward()")
def _tensor_backward(
    self: Tensor, gradient: Tensor | None = None, retain_graph: bool = False, create_graph: bool = False
) -> None:
    """Accumulates this tensor's gradient into the leaves' ``.grad`` (see ferrule.autograd.backward)."""
    where = "Tensor.backward()"
    _backward(
        [self],
        None if gradient is None else [gradient],
        _flag(where, "retain_graph", retain_graph),
        _flag(where, "create_graph", create_graph),
    )


@_named("Tensor.detach()")
def detach(self: Tensor) -> Tensor:
    """A new tensor sharing this one's memory, outside the graph (it does not require grad)."""
    return _detach(self)  # type: ignore[no-any-return]


@_named("Tensor.register_hook()")
def register_hook(self: Tensor, hook: Callable[[Tensor], Tensor | None]) -> None:
    """Calls ``hook(grad)`` when this tensor's gradient is computed; a returned tensor replaces
    the gradient. The hook may run on any thread (it holds the GIL while it runs)."""
    if not callable(hook):
        raise TypeError(f"Tensor.register_hook(): hook must be callable, not {type(hook).__name__}")
    _register_hook(self, hook)


def _install() -> None:
    props = {
        "requires_grad": property(
            _requires_grad_get,
            _requires_grad_set,
            doc="Whether gradients are computed for this tensor; settable on floating-point leaves.",
        ),
        "grad": property(
            _grad_get, _grad_set, _grad_del, doc="The accumulated gradient (None until a backward pass reaches it)."
        ),
        "grad_fn": property(_grad_fn_get, doc="The recorded op that produced this tensor (None for a leaf)."),
        "is_leaf": property(_is_leaf_get, doc="Whether the tensor was not produced by a recorded op."),
    }
    for attr, prop in props.items():
        setattr(Tensor, attr, prop)
        prop.__set_name__(Tensor, attr)  # type: ignore[attr-defined]
    _tensor_backward.__name__ = "backward"
    for f in (requires_grad_, _tensor_backward, detach, register_hook):
        f.__qualname__ = f"Tensor.{f.__name__}"
        setattr(Tensor, f.__name__, f)


_install()
