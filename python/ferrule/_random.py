"""``ferrule.random.default_rng`` and :class:`Generator`: numpy's Generator API over the
``ops.random.*`` operators.

A Generator is two integers, a seed and a counter. Each call draws from stream ``counter`` of
``seed`` (the ops' ``seed=`` and ``stream=`` arguments), computed in libferrule, and then the
counter advances by one; so the numbers are a pure function of the seed, the number of calls
made before and the call's arguments, and Go's ``ferrule.NewGenerator`` and C's
``ferrule/random.h`` give the same ones for the same calls.
"""

from __future__ import annotations

import numbers
import operator
import secrets
import types
from typing import Any, NoReturn

import numpy as np

from . import _ferrule
from ._ferrule import Tensor
from .error import Error

__all__ = ["Generator", "default_rng"]

_UNSIGNED = 1 << 64

_uniform = _ferrule.get_global_func("ops.random.uniform")
_normal = _ferrule.get_global_func("ops.random.normal")
_integers = _ferrule.get_global_func("ops.random.integers")
_permutation = _ferrule.get_global_func("ops.random.permutation")
_choice = _ferrule.get_global_func("ops.random.choice")


def _signed(value: int) -> int:
    """An unsigned 64-bit number as the signed int64 with the same bits (what the ABI carries)."""
    return value - _UNSIGNED if value >= 1 << 63 else value


def _unsigned(where: str, name: str, value: object) -> int:
    """``value`` as an int in [0, 2**64), or a TypeError / ValueError naming ``where`` and ``name``."""
    if isinstance(value, bool):
        raise TypeError(f"{where} argument {name!r}: expected an int, got bool")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{where} argument {name!r}: expected an int, got {type(value).__name__}") from None
    if not 0 <= number < _UNSIGNED:
        raise ValueError(f"{where} argument {name!r}: expected an int in [0, 2**64), got {number}")
    return number


def _shape(size: Any) -> Any:
    """numpy's ``size``: None is one value (a 0-d tensor here), an int or a tuple a shape."""
    return () if size is None else size


def _renamed(where: str, registered: str, e: Exception) -> NoReturn:
    """Raises ``e`` again with the op's name (``random.permutation()``) replaced by the method's
    (``Generator.shuffle()``) and the op's ``shape`` by the method's ``size``, or with the method's
    name in front when the op's is not there."""
    text = str(e)
    if registered in text:
        text = text.replace(f"{registered}()", f"{where}()").replace(registered, where)
        text = text.replace("argument 'shape'", "argument 'size'")  # numpy's name for it
    elif where not in text:
        text = f"{where}(): {text}"
    else:
        raise e
    if isinstance(e, Error):
        new = type(e)(text)
        new.context = list(e.context)
        raise new from e
    for base in type(e).__mro__:
        if base.__module__ == "builtins" and issubclass(base, Exception):
            raise base(text) from e
    raise e


def _tensor(where: str, name: str, value: Any) -> Any:
    """A tensor for ``value`` unless it is one already or an int (a population size)."""
    if isinstance(value, (Tensor, int)) and not isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return operator.index(value)  # numpy's integer scalars
    from ._array_api import asarray

    try:
        return asarray(value)
    except Exception as e:
        _renamed(where, "asarray", e)


class Generator:
    """A random number generator with numpy's ``Generator`` methods, reproducible in every language.

    ``Generator(seed, counter=0)``; usually made by :func:`ferrule.random.default_rng`. Its state is
    two ints in [0, 2**64): ``seed`` and ``counter``, the number of successful calls made so far.
    Each method draws from stream ``counter`` of ``seed`` (the ``seed=`` and ``stream=`` arguments
    of the ``ferrule.random`` ops), so the same calls on ``Generator(42)`` give the same numbers
    in Python, in Go (``ferrule.NewGenerator(42)``) and in C (``ferrule_generator_new(42)``). A
    call that raises leaves the counter alone.

    Where numpy returns a Python scalar (``size=None``), a Generator returns a 0-d tensor.
    Bounds and parameters are Python numbers (numpy also takes arrays of them). Pickling and
    ``copy.copy`` keep the state, so a copy continues with the same numbers.

    >>> rng = ferrule.random.default_rng(42)
    >>> rng.integers(0, 10, size=3).shape
    (3,)
    >>> rng
    Generator(seed=42, counter=1)
    """

    __slots__ = ("_seed", "_counter")

    _seed: int
    _counter: int

    def __init__(self, seed: int, counter: int = 0) -> None:
        self._seed = _unsigned("Generator()", "seed", seed)
        self._counter = _unsigned("Generator()", "counter", counter)

    @property
    def seed(self) -> int:
        """The seed, an int in [0, 2**64)."""
        return self._seed

    @property
    def counter(self) -> int:
        """The number of calls made so far: the next call draws from this stream of the seed."""
        return self._counter

    def __repr__(self) -> str:
        return f"Generator(seed={self._seed}, counter={self._counter})"

    def __reduce__(self) -> tuple[type[Generator], tuple[int, int]]:
        return (Generator, (self._seed, self._counter))

    def _keys(self) -> dict[str, int]:
        return {"seed": _signed(self._seed), "stream": _signed(self._counter)}

    def _advance(self) -> None:
        self._counter = (self._counter + 1) % _UNSIGNED

    def random(self, size: int | tuple[int, ...] | None = None, dtype: Any = None) -> Tensor:
        """Uniform floats in [0, 1): ``size`` of them (None: a 0-d tensor); dtype float64 (default)
        or float32."""
        try:
            result = _uniform(0.0, 1.0, _shape(size), dtype=dtype, **self._keys())
        except Exception as e:
            _renamed("Generator.random", "random.uniform", e)
        self._advance()
        return result

    def uniform(
        self, low: float = 0.0, high: float = 1.0, size: int | tuple[int, ...] | None = None, dtype: Any = None
    ) -> Tensor:
        """Uniform floats in [low, high) (finite bounds): ``size`` of them (None: a 0-d tensor);
        dtype float64 (default) or float32."""
        try:
            result = _uniform(low, high, _shape(size), dtype=dtype, **self._keys())
        except Exception as e:
            _renamed("Generator.uniform", "random.uniform", e)
        self._advance()
        return result

    def normal(
        self, loc: float = 0.0, scale: float = 1.0, size: int | tuple[int, ...] | None = None, dtype: Any = None
    ) -> Tensor:
        """Normal samples of mean ``loc`` and standard deviation ``scale`` (>= 0): ``size`` of them
        (None: a 0-d tensor); dtype float64 (default) or float32."""
        try:
            result = _normal(loc, scale, _shape(size), dtype=dtype, **self._keys())
        except Exception as e:
            _renamed("Generator.normal", "random.normal", e)
        self._advance()
        return result

    def integers(
        self,
        low: int,
        high: int | None = None,
        size: int | tuple[int, ...] | None = None,
        dtype: Any = None,
        endpoint: bool = False,
    ) -> Tensor:
        """Uniform integers in [low, high), or [low, high] with ``endpoint=True``; ``high=None``
        draws from [0, low). ``dtype`` is int64 (default), another integer dtype or bool; bounds
        outside it, or an empty range, are a ValueError. Bounds are Python ints within int64."""
        try:
            result = _integers(low, high, _shape(size), endpoint=endpoint, dtype=dtype, **self._keys())
        except Exception as e:
            _renamed("Generator.integers", "random.integers", e)
        self._advance()
        return result

    def permutation(self, x: Any, axis: int = 0) -> Tensor:
        """A permutation of 0, 1, ..., x-1 (int64) when ``x`` is an int, else a permuted copy of
        the tensor (or array-like) ``x`` along ``axis``."""
        where = "Generator.permutation"
        x = _tensor(where, "x", x)
        try:
            result = _permutation(x, axis=axis, **self._keys())
        except Exception as e:
            _renamed(where, "random.permutation", e)
        self._advance()
        return result

    def shuffle(self, x: Tensor, axis: int = 0) -> None:
        """Shuffles the tensor ``x`` in place along ``axis`` (it must be writable): writes
        :meth:`permutation`'s copy back into ``x``."""
        where = "Generator.shuffle"
        if not isinstance(x, Tensor):
            raise TypeError(f"{where}() argument 'x': expected a Tensor to shuffle in place, got {type(x).__name__}")
        try:
            shuffled = _permutation(x, axis=axis, **self._keys())
            x[...] = shuffled
        except Exception as e:
            _renamed(where, "random.permutation", e)
        self._advance()

    def choice(
        self,
        a: Any,
        size: int | tuple[int, ...] | None = None,
        replace: bool = True,
        p: Any = None,
        axis: int = 0,
    ) -> Tensor:
        """Random items of ``a`` along ``axis`` (of 0, 1, ..., a-1 when ``a`` is an int): ``size``
        draws (None: one, without the axis). ``replace=False`` draws each item at most once; ``p``
        gives each item's probability (1-d, non-negative, summing to 1), and an item of
        probability 0 is never drawn."""
        where = "Generator.choice"
        a = _tensor(where, "a", a)
        if p is not None:
            p = _tensor(where, "p", p)
        try:
            result = _choice(a, _shape(size), replace=replace, p=p, axis=axis, **self._keys())
        except Exception as e:
            _renamed(where, "random.choice", e)
        self._advance()
        return result


def default_rng(seed: int | Generator | None = None) -> Generator:
    """A :class:`Generator` for ``seed`` (an int in [0, 2**64)); ``None`` takes 64 bits from the
    operating system's entropy once, and a Generator is returned as it is.

    The same seed gives the same numbers for the same calls, in Python, Go and C.

    >>> a = ferrule.random.default_rng(7).normal(size=4)
    >>> b = ferrule.random.default_rng(7).normal(size=4)
    >>> bool((a == b).all())
    True
    """
    if isinstance(seed, Generator):
        return seed
    if seed is None:
        return Generator(secrets.randbits(64))
    return Generator(_unsigned("default_rng()", "seed", seed))


def install(module: types.ModuleType) -> None:
    """Sets :class:`Generator` and :func:`default_rng` on the ``ferrule.random`` module."""
    for name in __all__:
        obj = globals()[name]
        obj.__module__ = module.__name__
        setattr(module, name, obj)
