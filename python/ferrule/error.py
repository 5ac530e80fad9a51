"""ferrule's exceptions: one class per error kind, each also the builtin of the same name.

``ferrule.ValueError`` is both a :class:`ferrule.Error` and a :class:`builtins.ValueError`, so
``except ValueError`` and ``except ferrule.Error`` both catch it. Every instance carries
``.kind`` (the kind name the native error had) and ``.context`` (notes added on the way up, oldest
first), which also show in the traceback.
"""

from __future__ import annotations

import builtins
from typing import Any, NoReturn

from . import _vocab


class Error(Exception):
    """Base class of every error raised by ferrule."""

    kind: str
    context: list[str]

    def __init__(self, message: str = "", *args: Any) -> None:
        super().__init__(message, *args)
        self.kind = _kind_of(type(self))
        self.context = []

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name == "context" and value:
            # shown under the traceback, like notes added with add_note()
            self.__notes__ = [str(line) for line in value]

    def __str__(self) -> str:
        # KeyError would otherwise quote its message
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


def _kind_of(cls: type) -> str:
    for base in cls.__mro__:
        if base.__module__ == "builtins" and base.__name__ in _KINDS:
            return base.__name__
    return _vocab.FALLBACK_KIND


#: The kinds that are errors (one class each below); the interrupts are raised as the builtins.
_KINDS = tuple(kind for kind in _vocab.ERROR_KINDS if kind not in _vocab.INTERRUPT_KINDS)


# BEGIN ferrule-codegen error-classes: generated from crates/ferrule-sys/src/vocab.rs
__all__ = [
    "Error",
    "TypeError",
    "ValueError",
    "IndexError",
    "KeyError",
    "NotImplementedError",
    "MemoryError",
    "RuntimeError",
    "BufferError",
    "OverflowError",
    "ZeroDivisionError",
    "AttributeError",
    "OSError",
    "ERROR_TYPES",
]


class TypeError(Error, builtins.TypeError):
    """A value of the wrong type (a bad argument names the function, the argument and its position)."""


class ValueError(Error, builtins.ValueError):
    """A value of the right type but a wrong content (a bad shape or axis, a released function)."""


class IndexError(Error, builtins.IndexError):
    """An index out of range."""


class KeyError(Error, builtins.KeyError):
    """A missing or already taken name (an unregistered function, registering a taken name)."""


class NotImplementedError(Error, builtins.NotImplementedError):
    """An operation that exists but is not implemented for these inputs or this device."""


class MemoryError(Error, builtins.MemoryError):
    """Memory could not be allocated."""


class RuntimeError(Error, builtins.RuntimeError):
    """Any other failure at run time, including a panic inside native code and an unknown kind."""


class BufferError(Error, builtins.BufferError):
    """A buffer or DLPack exchange that cannot be done (device, dtype, layout, read-only memory)."""


class OverflowError(Error, builtins.OverflowError):
    """A number that does not fit (a size or index computation, a Python int beyond int64)."""


class ZeroDivisionError(Error, builtins.ZeroDivisionError):
    """Division by zero."""


class AttributeError(Error, builtins.AttributeError):
    """A missing attribute."""


class OSError(Error, builtins.OSError):
    """A file that cannot be opened, read or written (missing, unwritable, not a regular file)."""


#: kind name -> exception class, as the extension uses it to raise native errors.
ERROR_TYPES: dict[str, type[Error]] = {
    "TypeError": TypeError,
    "ValueError": ValueError,
    "IndexError": IndexError,
    "KeyError": KeyError,
    "NotImplementedError": NotImplementedError,
    "MemoryError": MemoryError,
    "RuntimeError": RuntimeError,
    "BufferError": BufferError,
    "OverflowError": OverflowError,
    "ZeroDivisionError": ZeroDivisionError,
    "AttributeError": AttributeError,
    "OSError": OSError,
    "KeyboardInterrupt": builtins.KeyboardInterrupt,  # type: ignore[dict-item]
}
# END ferrule-codegen error-classes


def raise_named(where: str, e: Exception) -> NoReturn:
    """Raises ``e`` again, or, when its message does not name ``where`` (e.g. ``"asarray()"``), an
    error of the same kind whose message starts with it, chained to ``e``: what a Python-level
    API function raises when something it calls (numpy, a conversion) fails on a bad argument.
    Call it in an ``except`` block."""
    text = str(e)
    if where.rstrip("()") in text:
        raise e
    if isinstance(e, Error):
        new = type(e)(f"{where}: {text}")
        new.context = list(e.context)
        raise new from e
    for base in type(e).__mro__:  # numpy's exception types: the builtin they derive from
        if base.__module__ == "builtins" and base.__name__ in _KINDS:
            raise base(f"{where}: {text}") from e
    raise e
