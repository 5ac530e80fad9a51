"""numpy's protocols and method keywords on :class:`ferrule.Tensor`.

- ``__array_ufunc__``: ``np.sin(t)``, ``np.add(t, 1)``, ``np.ones(3) + t`` (numpy defers to it) are
  computed by ferrule and return tensors; ``np.add.reduce`` / ``.accumulate`` map to ferrule's
  reductions.
- ``__array_function__``: ``np.sum(t)``, ``np.mean(t, axis=0)``, ``np.concatenate([t, t])`` call the
  ferrule function of the same meaning (the table :data:`FUNCTIONS`).
- The methods numpy users reach for, with numpy's keywords: ``sum``/``mean``/``prod``/``std``/
  ``var``/``max``/``min``/``any``/``all``/``argmax``/``argmin``/``cumsum`` (``axis``, ``dtype``,
  ``out``, ``keepdims``, ``ddof``), ``astype`` (``casting``, ``copy``), ``reshape``, ``flatten``,
  ``ravel``, ``copy``, ``clip``.

A numpy function ferrule has no counterpart for raises ``TypeError`` naming it: nothing is
silently copied into numpy (``np.asarray(t)`` shares the tensor's memory when the user asks).
"""

from __future__ import annotations

import builtins
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from . import _ferrule
from ._namespace import DType, as_dtype
from .error import raise_named

__all__ = ["ALONE", "FUNCTIONS", "UFUNCS", "install"]

Tensor = _ferrule.Tensor
_get = _ferrule.get_global_func
_sum = _get("ops.sum")
_prod = _get("ops.prod")
_mean = _get("ops.mean")
_var = _get("ops.var")
_std = _get("ops.std")
_max = _get("ops.max")
_min = _get("ops.min")
_any = _get("ops.any")
_all = _get("ops.all")
_argmax = _get("ops.argmax")
_argmin = _get("ops.argmin")
_cumulative_sum = _get("ops.cumulative_sum")
_cumulative_prod = _get("ops.cumulative_prod")
_astype = _get("ops.astype")
_reshape = _get("ops.reshape")
_clip = _get("ops.clip")
_concat = _get("ops.concat")
_stack = _get("ops.stack")
_permute_dims = _get("ops.permute_dims")
_squeeze = _get("ops.squeeze")
_sort = _get("ops.sort")
_argsort = _get("ops.argsort")
_round = _get("ops.round")
_take = _get("ops.take")
_flip = _get("ops.flip")
_nonzero = _get("ops.nonzero")

#: numpy's "no value given" marker for keywords such as ``initial=`` and ``where=``.
_NO = object()
#: Integer and bool dtypes, which numpy's mean/var/std compute in float64.
_EXACT = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}


def _dtype(dtype: Any, where: str) -> Any:
    """``dtype`` as ferrule's functions take it: None, or the ferrule dtype any spelling names
    (``np.float32``, ``np.dtype('f4')``, ``'f8'``, ``float``; see ``ferrule.DType``)."""
    if dtype is None:
        return None
    return as_dtype(dtype, f"{where} argument 'dtype'")


def _tensor(x: Any) -> Any:
    """``x`` as a tensor (numpy arrays and scalars shared or converted by ``ferrule.asarray``)."""
    if type(x) is Tensor:
        return x
    from ._array_api import asarray

    return asarray(x)


def _unsupported(where: str, name: str, value: Any) -> None:
    if value is not _NO and value is not None:
        raise TypeError(f"{where}: numpy's argument '{name}' is not supported by ferrule (got {value!r})")


def _into(out: Any, result: Any, where: str) -> Any:
    """``result`` written into ``out`` (a tensor or a numpy array, returned), as numpy's ``out=``:
    the shapes must match; the values are cast to ``out``'s dtype."""
    if out is None:
        return result
    if type(out) is tuple:  # numpy's ufuncs pass out= as a tuple of one array
        if len(out) != 1:
            raise TypeError(f"{where}: argument 'out' must hold one array, got {len(out)}")
        out = out[0]
    if isinstance(out, Tensor):
        target = out
    elif isinstance(out, np.ndarray):
        from ._array_api import asarray

        if not out.flags.writeable:
            raise ValueError(f"{where}: argument 'out' is a read-only numpy array")
        target = asarray(out, copy=False)
    else:
        raise TypeError(f"{where}: argument 'out' must be a ferrule.Tensor or a numpy array, got {type(out).__name__}")
    if tuple(target.shape) != tuple(result.shape):
        raise ValueError(
            f"{where}: argument 'out' has shape {tuple(target.shape)}, the result has shape {result.shape}"
        )
    target[...] = result
    return out


def _floating(x: Any, dtype: Any, where: str) -> Any:
    """``x`` cast to ``dtype``, or integers and bools to float64 (numpy's mean/var/std)."""
    if dtype is not None:
        return _astype(x, _dtype(dtype, where), copy=False)
    if str(x.dtype) in _EXACT:
        return _astype(x, "float64")
    return x


# --- the methods --------------------------------------------------------------------------------
# Each takes numpy's method signature; the function forms (np.sum(t, ...)) call them through
# __array_function__ with the array first.


def _sum_or_prod(
    name: str, op: Any, self: Any, axis: Any, dtype: Any, out: Any, keepdims: bool, initial: Any, where: Any
) -> Any:
    """``Tensor.sum`` and ``Tensor.prod`` with numpy's keywords (``name`` is the method's)."""
    where_ = f"Tensor.{name}()"
    try:
        if axis is None and dtype is None and out is None and keepdims is False and initial is _NO and where is _NO:
            return op(self)  # (the common call, without keywords to bind)
        _unsupported(where_, "initial", initial)
        _check_where(where_, where)
        r = op(self, axis=axis, dtype=_dtype(dtype, where_), keepdims=keepdims)
        return r if out is None else _into(out, r, where_)
    except Exception as e:
        raise_named(where_, e)


def sum(
    self: Any,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NO,
    where: Any = _NO,
) -> Any:
    """The sum over ``axis`` (numpy's ``ndarray.sum``: ``dtype``, ``out``, ``keepdims``)."""
    return _sum_or_prod("sum", _sum, self, axis, dtype, out, keepdims, initial, where)


def prod(
    self: Any,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    keepdims: bool = False,
    initial: Any = _NO,
    where: Any = _NO,
) -> Any:
    """The product over ``axis`` (numpy's ``ndarray.prod``: ``dtype``, ``out``, ``keepdims``)."""
    return _sum_or_prod("prod", _prod, self, axis, dtype, out, keepdims, initial, where)


def mean(
    self: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = _NO
) -> Any:
    """The arithmetic mean over ``axis`` (numpy's ``ndarray.mean``: integers average in float64;
    ``dtype``, ``out``, ``keepdims``)."""
    try:
        _check_where("Tensor.mean()", where)
        r = _mean(_floating(self, dtype, "Tensor.mean()"), axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.mean()")
    except Exception as e:
        raise_named("Tensor.mean()", e)


def var(
    self: Any,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: float = 0,
    keepdims: bool = False,
    *,
    where: Any = _NO,
    mean: Any = _NO,
    correction: Any = _NO,
) -> Any:
    """The variance over ``axis`` (numpy's ``ndarray.var``: ``ddof`` or ``correction``, ``dtype``,
    ``out``, ``keepdims``)."""
    try:
        return _spread(_var, "Tensor.var()", self, axis, dtype, out, ddof, keepdims, where, mean, correction)
    except Exception as e:
        raise_named("Tensor.var()", e)


def std(
    self: Any,
    axis: Any = None,
    dtype: Any = None,
    out: Any = None,
    ddof: float = 0,
    keepdims: bool = False,
    *,
    where: Any = _NO,
    mean: Any = _NO,
    correction: Any = _NO,
) -> Any:
    """The standard deviation over ``axis`` (numpy's ``ndarray.std``: ``ddof`` or ``correction``,
    ``dtype``, ``out``, ``keepdims``)."""
    try:
        return _spread(_std, "Tensor.std()", self, axis, dtype, out, ddof, keepdims, where, mean, correction)
    except Exception as e:
        raise_named("Tensor.std()", e)


def _spread(
    f: Any,
    where_: str,
    x: Any,
    axis: Any,
    dtype: Any,
    out: Any,
    ddof: Any,
    keepdims: bool,
    where: Any,
    mean: Any,
    correction: Any,
) -> Any:
    _check_where(where_, where)
    _unsupported(where_, "mean", mean)
    if correction is not _NO:
        if ddof != 0:
            raise ValueError(f"{where_}: ddof and correction can't be provided simultaneously")
        ddof = correction
    r = f(_floating(x, dtype, where_), axis=axis, correction=float(ddof), keepdims=keepdims)
    return r if out is None else _into(out, r, where_)


def max(
    self: Any, axis: Any = None, out: Any = None, keepdims: bool = False, initial: Any = _NO, where: Any = _NO
) -> Any:
    """The maximum over ``axis`` (numpy's ``ndarray.max``: ``out``, ``keepdims``)."""
    try:
        if axis is None and out is None and keepdims is False and initial is _NO and where is _NO:
            return _max(self)  # (the common call, without keywords to bind)
        _unsupported("Tensor.max()", "initial", initial)
        _check_where("Tensor.max()", where)
        r = _max(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.max()")
    except Exception as e:
        raise_named("Tensor.max()", e)


def min(
    self: Any, axis: Any = None, out: Any = None, keepdims: bool = False, initial: Any = _NO, where: Any = _NO
) -> Any:
    """The minimum over ``axis`` (numpy's ``ndarray.min``: ``out``, ``keepdims``)."""
    try:
        if axis is None and out is None and keepdims is False and initial is _NO and where is _NO:
            return _min(self)  # (the common call, without keywords to bind)
        _unsupported("Tensor.min()", "initial", initial)
        _check_where("Tensor.min()", where)
        r = _min(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.min()")
    except Exception as e:
        raise_named("Tensor.min()", e)


def any(self: Any, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = _NO) -> Any:
    """Whether any element over ``axis`` is true (numpy's ``ndarray.any``: ``out``, ``keepdims``)."""
    try:
        _check_where("Tensor.any()", where)
        r = _any(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.any()")
    except Exception as e:
        raise_named("Tensor.any()", e)


def all(self: Any, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = _NO) -> Any:
    """Whether every element over ``axis`` is true (numpy's ``ndarray.all``: ``out``,
    ``keepdims``)."""
    try:
        _check_where("Tensor.all()", where)
        r = _all(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.all()")
    except Exception as e:
        raise_named("Tensor.all()", e)


def argmax(self: Any, axis: Any = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """The index of the maximum over ``axis`` (of the flattened tensor when ``None``; numpy's
    ``ndarray.argmax``: ``out``, ``keepdims``)."""
    try:
        r = _argmax(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.argmax()")
    except Exception as e:
        raise_named("Tensor.argmax()", e)


def argmin(self: Any, axis: Any = None, out: Any = None, *, keepdims: bool = False) -> Any:
    """The index of the minimum over ``axis`` (of the flattened tensor when ``None``; numpy's
    ``ndarray.argmin``: ``out``, ``keepdims``)."""
    try:
        r = _argmin(self, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, "Tensor.argmin()")
    except Exception as e:
        raise_named("Tensor.argmin()", e)


def cumsum(self: Any, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """The cumulative sum along ``axis`` (of the flattened tensor when ``None``; numpy's
    ``ndarray.cumsum``: ``dtype``, ``out``)."""
    try:
        x = self
        if axis is None:
            x, axis = _reshape(self, (-1,)), 0
        r = _cumulative_sum(x, axis=axis, dtype=_dtype(dtype, "Tensor.cumsum()"))
        return r if out is None else _into(out, r, "Tensor.cumsum()")
    except Exception as e:
        raise_named("Tensor.cumsum()", e)


def cumprod(self: Any, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
    """The cumulative product along ``axis`` (of the flattened tensor when ``None``; numpy's
    ``ndarray.cumprod``: ``dtype``, ``out``)."""
    try:
        x = self
        if axis is None:
            x, axis = _reshape(self, (-1,)), 0
        r = _cumulative_prod(x, axis=axis, dtype=_dtype(dtype, "Tensor.cumprod()"))
        return r if out is None else _into(out, r, "Tensor.cumprod()")
    except Exception as e:
        raise_named("Tensor.cumprod()", e)


def clip(self: Any, min: Any = None, max: Any = None, out: Any = None) -> Any:
    """Each element clamped to ``[min, max]`` (numpy's ``ndarray.clip``: either bound may be
    ``None``; ``out``)."""
    try:
        r = _clip(self, min, max)
        return r if out is None else _into(out, r, "Tensor.clip()")
    except Exception as e:
        raise_named("Tensor.clip()", e)


def astype(
    self: Any,
    dtype: Any,
    order: str = "K",
    casting: str = "unsafe",
    subok: bool = True,
    copy: bool = True,
    *,
    device: Any = None,
) -> Any:
    """The tensor converted to ``dtype`` (numpy's ``ndarray.astype``: ``copy=False`` returns the
    tensor itself when it already has the dtype; ``casting`` other than ``"unsafe"`` checks the
    conversion with ``ferrule.can_cast``; ``order`` ``"K"``, ``"A"`` or ``"C"``)."""
    try:
        name = dtype if type(dtype) is DType else _dtype(dtype, "Tensor.astype()")
        if order not in ("K", "A", "C"):
            raise ValueError(f"Tensor.astype(): order={order!r} is not supported (ferrule tensors are C-ordered)")
        if casting != "unsafe":
            _check_casting(self.dtype, name, casting, "Tensor.astype()")
        if copy is False and name == self.dtype and device is None:
            return self  # (numpy's rule: no copy asked for, none needed)
        if copy is True and device is None:
            return _astype(self, name)  # (astype's defaults; keywords cost a dict per call)
        return _astype(self, name, copy=copy, device=device)
    except Exception as e:
        raise_named("Tensor.astype()", e)


def _check_casting(src: str, dst: Any, casting: str, where: str) -> None:
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError(
            f"{where}: casting must be one of 'no', 'equiv', 'safe', 'same_kind' or 'unsafe', got {casting!r}"
        )
    rule: Any = casting
    ok = (
        (src == dst)
        if casting in ("no", "equiv")
        else np.can_cast(np.dtype(_np_name(src)), np.dtype(_np_name(dst)), rule)
    )
    if not ok:
        raise TypeError(f"{where}: cannot cast from {src} to {dst} according to the rule {casting!r}")


def _np_name(dtype: Any) -> str:
    name = str(dtype)
    return "float32" if name == "bfloat16" else name  # (numpy has no bfloat16: the same kind)


def reshape(self: Any, *shape: Any, order: str = "C", copy: Any = None) -> Any:
    """The tensor with a new shape, given as one tuple or as separate ints (numpy's
    ``ndarray.reshape``; a view when the layout allows, ``copy=True`` forces a copy)."""
    try:
        if order != "C":
            raise ValueError(f"Tensor.reshape(): order={order!r} is not supported (ferrule tensors are C-ordered)")
        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        return _reshape(self, shape, copy=copy)
    except Exception as e:
        raise_named("Tensor.reshape()", e)


def flatten(self: Any, order: str = "C") -> Any:
    """A 1-D copy of the tensor (numpy's ``ndarray.flatten``)."""
    try:
        if order != "C":
            raise ValueError(f"Tensor.flatten(): order={order!r} is not supported (ferrule tensors are C-ordered)")
        return _reshape(self, (-1,), copy=True)
    except Exception as e:
        raise_named("Tensor.flatten()", e)


def ravel(self: Any, order: str = "C") -> Any:
    """The tensor as 1-D: a view when its layout allows, else a copy (numpy's ``ndarray.ravel``)."""
    try:
        if order != "C":
            raise ValueError(f"Tensor.ravel(): order={order!r} is not supported (ferrule tensors are C-ordered)")
        return _reshape(self, (-1,))
    except Exception as e:
        raise_named("Tensor.ravel()", e)


def copy(self: Any, order: str = "C") -> Any:
    """A new tensor holding a copy of the data (numpy's ``ndarray.copy``)."""
    try:
        if order not in ("C", "K", "A"):
            raise ValueError(f"Tensor.copy(): order={order!r} is not supported (ferrule tensors are C-ordered)")
        return _astype(self, self.dtype)  # (astype copies by default)
    except Exception as e:
        raise_named("Tensor.copy()", e)


def squeeze(self: Any, axis: Any = None) -> Any:
    """The tensor without axes of length one: all of them, or those of ``axis`` (numpy's
    ``ndarray.squeeze``; a view)."""
    try:
        if axis is None:
            axis = tuple(i for i, n in enumerate(self.shape) if n == 1)
        return _squeeze(self, axis=axis)
    except Exception as e:
        raise_named("Tensor.squeeze()", e)


def transpose(self: Any, *axes: Any) -> Any:
    """The tensor with its axes reversed, or in the order ``axes`` (one tuple or separate ints;
    numpy's ``ndarray.transpose``; a view)."""
    try:
        if not axes or (len(axes) == 1 and axes[0] is None):
            return _permute_dims(self, tuple(range(self.ndim - 1, -1, -1)))
        if len(axes) == 1 and not isinstance(axes[0], int):
            axes = tuple(axes[0])
        return _permute_dims(self, axes)
    except Exception as e:
        raise_named("Tensor.transpose()", e)


def _check_where(where_: str, where: Any) -> None:
    if where is not _NO and where is not True:
        raise TypeError(f"{where_}: numpy's argument 'where' is not supported by ferrule")


METHODS: tuple[Callable[..., Any], ...] = (
    sum,
    prod,
    mean,
    var,
    std,
    max,
    min,
    any,
    all,
    argmax,
    argmin,
    cumsum,
    cumprod,
    clip,
    astype,
    reshape,
    flatten,
    ravel,
    copy,
    squeeze,
    transpose,
)


# --- __array_ufunc__ ----------------------------------------------------------------------------

#: numpy ufunc -> the ferrule function computing it: every ufunc whose numpy name (numpy 2 has
#: the Array API spellings too: np.asin is np.arcsin) is a ferrule function, plus ``rint``.
UFUNCS: dict[np.ufunc, Callable[..., Any]] = {}
#: (numpy ufunc, method) -> the ferrule function for ``np.add.reduce(t, axis)`` & co.
_UFUNC_METHODS: dict[tuple[np.ufunc, str], Callable[..., Any]] = {}


def _ufunc_name(ufunc: Any) -> str:
    return f"numpy.{getattr(ufunc, '__name__', ufunc)}"


def _reduction(f: Callable[..., Any], numpy_name: str) -> Callable[..., Any]:
    """``np.<ufunc>.reduce(x, axis=0, dtype=None, out=None, keepdims=False)`` through ``f``."""

    def reduce(x: Any, axis: Any = 0, dtype: Any = None, out: Any = None, keepdims: bool = False, **kwargs: Any) -> Any:
        where = f"{numpy_name}.reduce()"
        for k, v in kwargs.items():
            _unsupported(where, k, v)
        x = _tensor(x)
        if dtype is not None:
            x = _astype(x, _dtype(dtype, where), copy=False)
        r = f(x, axis=axis, keepdims=keepdims)
        return r if out is None else _into(out, r, where)

    return reduce


def _accumulation(f: Callable[..., Any], numpy_name: str) -> Callable[..., Any]:
    """``np.<ufunc>.accumulate(x, axis=0, dtype=None, out=None)`` through ``f``."""

    def accumulate(x: Any, axis: Any = 0, dtype: Any = None, out: Any = None) -> Any:
        where = f"{numpy_name}.accumulate()"
        r = f(_tensor(x), axis=axis, dtype=_dtype(dtype, where))
        return r if out is None else _into(out, r, where)

    return accumulate


def _foreign(values: Any) -> bool:
    """Whether an input is of another library that overrides numpy's functions itself (a Dask
    array, say), which then gets its turn (``NotImplemented``)."""
    for v in values:
        tp = type(v)
        if tp is Tensor or isinstance(v, (Tensor, np.ndarray, np.generic, int, float, complex, list, tuple)):
            continue
        if getattr(tp, "__array_ufunc__", None) is not None or getattr(tp, "__array_function__", None) is not None:
            return True
    return False


def __array_ufunc__(self: Any, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
    """numpy's ufunc protocol: ``np.sin(t)``, ``np.add(t, 1)``, ``np.ones(3) + t``,
    ``np.add.reduce(t, axis=0)`` are computed by ferrule and return tensors (``out=`` may be a
    tensor or a numpy array). A ufunc ferrule does not have raises ``TypeError`` naming it; an
    input of a library with its own protocol (Dask) is left to that library."""
    # the common case first, with nothing else looked at: np.sin(t), np.add(t, x)
    try:
        f = UFUNCS.get(ufunc) if type(method) is str and method == "__call__" else None
    except TypeError:  # an unhashable object: not a ufunc
        raise TypeError(f"Tensor.__array_ufunc__(): expected a numpy ufunc, got {type(ufunc).__name__}") from None
    if f is not None:
        if not kwargs:
            try:
                return f(*inputs)
            except TypeError:
                if _foreign(inputs):
                    return NotImplemented
                raise
        return _ufunc_call(ufunc, f, inputs, kwargs)
    return _ufunc_other(ufunc, method, inputs, kwargs)


def _ufunc_other(ufunc: Any, method: Any, inputs: Any, kwargs: dict[str, Any]) -> Any:
    """``__array_ufunc__`` for a ufunc method (``reduce``, ``accumulate``) or a ufunc ferrule
    does not have."""
    if not isinstance(method, str):
        raise TypeError(f"Tensor.__array_ufunc__(): method must be a str, not {type(method).__name__}")
    if method != "__call__":
        try:
            g = _UFUNC_METHODS.get((ufunc, method))
        except TypeError:  # an unhashable object: not a ufunc
            raise TypeError(f"Tensor.__array_ufunc__(): expected a numpy ufunc, got {type(ufunc).__name__}") from None
        if g is not None:
            if _foreign(inputs):
                return NotImplemented
            return g(*inputs, **kwargs)
    if _foreign(inputs) or _foreign(kwargs.get("out") or ()):
        return NotImplemented
    name = _ufunc_name(ufunc) + ("" if method == "__call__" else f".{method}")
    raise TypeError(
        f"{name} is not implemented by ferrule for ferrule tensors (Tensor.__array_ufunc__); compute it with "
        "numpy on a view of the data (numpy.asarray(t)), or use the ferrule function of that name if there is one"
    )


def _ufunc_call(ufunc: Any, f: Callable[..., Any], inputs: Any, kwargs: dict[str, Any]) -> Any:
    """A ufunc call with keywords: ``out`` (a tensor or a numpy array), ``dtype`` (the inputs
    are cast to it first), ``casting`` and ``where=True``, ``order``/``subok`` at their defaults."""
    where = f"{_ufunc_name(ufunc)}()"
    out = kwargs.pop("out", None)
    dtype = kwargs.pop("dtype", None)
    casting = kwargs.pop("casting", "same_kind")
    for k, v in kwargs.items():
        if (k == "where" and v is True) or (k == "order" and v in ("K", "A", "C")) or (k == "subok" and v is True):
            continue
        if k == "signature" and v is None:
            continue
        raise TypeError(f"{where}: numpy's argument '{k}' is not supported by ferrule (got {v!r})")
    if out is not None and _foreign(out if type(out) is tuple else (out,)):
        return NotImplemented
    if dtype is not None:
        name = _dtype(dtype, where)
        inputs = tuple(_astype(_tensor(x), name, copy=False) for x in inputs)
    try:
        r = f(*inputs)
    except TypeError:
        if _foreign(inputs):
            return NotImplemented
        raise
    if out is None:
        return r
    target = out[0] if type(out) is tuple and len(out) == 1 else out
    if casting != "unsafe" and hasattr(target, "dtype"):
        _check_casting(r.dtype, _dtype(target.dtype, where), casting, where)
    return _into(out, r, where)


# --- __array_function__ -------------------------------------------------------------------------

#: numpy function -> its ferrule implementation, taking numpy's arguments.
FUNCTIONS: dict[Any, Callable[..., Any]] = {}
#: numpy function -> the ferrule op computing ``np.<name>(t)`` for a tensor alone (numpy's
#: defaults are the op's): the extension's fast path.
ALONE: dict[Any, Callable[..., Any]] = {}


def _method_form(method: Callable[..., Any], op: Callable[..., Any] | None = None) -> Callable[..., Any]:
    """``np.<name>(a, ...)`` as ``Tensor.<name>`` with ``a`` made a tensor first; ``np.<name>(t)``
    with nothing else straight to ``op`` when given (an op whose defaults are numpy's)."""
    if op is not None:

        def function(a: Any, *args: Any, **kwargs: Any) -> Any:
            if type(a) is Tensor and not args and not kwargs:
                return op(a)
            return method(a if type(a) is Tensor else _tensor(a), *args, **kwargs)

    else:

        def function(a: Any, *args: Any, **kwargs: Any) -> Any:
            return method(a if type(a) is Tensor else _tensor(a), *args, **kwargs)

    function.__name__ = method.__name__
    return function


def _concatenate(arrays: Any, axis: Any = 0, out: Any = None, *, dtype: Any = None, casting: str = "same_kind") -> Any:
    where = "numpy.concatenate()"
    tensors = [_tensor(a) for a in arrays]
    if dtype is not None:
        name = _dtype(dtype, where)
        tensors = [_astype(t, name, copy=False) for t in tensors]
    if axis is None:
        tensors, axis = [_reshape(t, (-1,)) for t in tensors], 0
    r = _concat(tensors, axis=axis)
    return r if out is None else _into(out, r, where)


def _stack_np(arrays: Any, axis: int = 0, out: Any = None, *, dtype: Any = None, casting: str = "same_kind") -> Any:
    where = "numpy.stack()"
    tensors = [_tensor(a) for a in arrays]
    if dtype is not None:
        name = _dtype(dtype, where)
        tensors = [_astype(t, name, copy=False) for t in tensors]
    r = _stack(tensors, axis=axis)
    return r if out is None else _into(out, r, where)


def _transpose(a: Any, axes: Any = None) -> Any:
    t = _tensor(a)
    if axes is None:
        axes = tuple(range(t.ndim - 1, -1, -1))
    return _permute_dims(t, tuple(axes))


def _squeeze_np(a: Any, axis: Any = None) -> Any:
    t = _tensor(a)
    if axis is None:
        axis = tuple(i for i, n in enumerate(t.shape) if n == 1)
    return _squeeze(t, axis=axis)


def _sort_np(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> Any:
    _unsupported("numpy.sort()", "order", order)
    t = _tensor(a)
    if axis is None:
        t, axis = _reshape(t, (-1,)), -1
    return _sort(t, axis=axis, stable=True if stable is None else bool(stable))


def _argsort_np(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *, stable: Any = None) -> Any:
    _unsupported("numpy.argsort()", "order", order)
    t = _tensor(a)
    if axis is None:
        t, axis = _reshape(t, (-1,)), -1
    return _argsort(t, axis=axis, stable=True if stable is None else bool(stable))


def _round_np(a: Any, decimals: int = 0, out: Any = None) -> Any:
    if decimals != 0:
        raise TypeError(f"numpy.round(): decimals={decimals!r} is not supported by ferrule (only 0)")
    r = _round(_tensor(a))
    return r if out is None else _into(out, r, "numpy.round()")


def _take_np(a: Any, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Any:
    if mode != "raise":
        raise TypeError(f"numpy.take(): mode={mode!r} is not supported by ferrule")
    t = _tensor(a)
    if axis is None:
        t, axis = _reshape(t, (-1,)), 0
    r = _take(t, _tensor(indices), axis=axis)
    return r if out is None else _into(out, r, "numpy.take()")


def _flip_np(m: Any, axis: Any = None) -> Any:
    return _flip(_tensor(m), axis=axis)


def _where_np(condition: Any, x: Any = _NO, y: Any = _NO) -> Any:
    if x is _NO and y is _NO:
        return tuple(_nonzero(_tensor(condition)))
    if x is _NO or y is _NO:
        raise ValueError("numpy.where(): either both or neither of x and y should be given")
    return _PACKAGE[0].where(condition, x, y)


def _like(kind: str) -> Callable[..., Any]:
    """``np.zeros_like`` & co. (numpy's ``dtype``, ``shape``) through ferrule's creation functions."""
    numpy_name = f"numpy.{kind}_like()"

    def like(prototype: Any, *args: Any, **kwargs: Any) -> Any:
        fill: tuple[Any, ...] = ()
        if kind == "full":
            if not args and "fill_value" not in kwargs:
                raise TypeError(f"{numpy_name}: missing required argument 'fill_value'")
            fill = (args[0],) if args else (kwargs.pop("fill_value"),)
            args = args[1:]
        names = ("dtype", "order", "subok", "shape")
        if len(args) > len(names):
            raise TypeError(f"{numpy_name}: too many positional arguments")
        options = dict(zip(names, args, strict=False))
        for k, v in kwargs.items():
            if k not in names + ("device",) or k in options:
                raise TypeError(f"{numpy_name}: unexpected or repeated argument '{k}'")
            options[k] = v
        t = _tensor(prototype)
        dtype = _dtype(options.get("dtype"), numpy_name) or t.dtype
        shape = options.get("shape")
        shape = tuple(t.shape) if shape is None else (shape,) if isinstance(shape, int) else tuple(shape)
        from . import _array_api

        _array_api.normalize_device(options.get("device"), f"{numpy_name} argument 'device'")
        return getattr(_PACKAGE[0], kind)(shape, *fill, dtype=dtype)

    return like


def _shape(a: Any) -> tuple[int, ...]:
    return tuple(_tensor(a).shape)


def _ndim(a: Any) -> int:
    return int(_tensor(a).ndim)


def _size(a: Any, axis: Any = None) -> int:
    t = _tensor(a)
    return int(t.size) if axis is None else int(t.shape[axis])


def _shares_memory(a: Any, b: Any, max_work: Any = None) -> bool:
    return bool(np.shares_memory(np.asarray(a), np.asarray(b), max_work=max_work))


def _may_share_memory(a: Any, b: Any, max_work: Any = None) -> bool:
    return bool(np.may_share_memory(np.asarray(a), np.asarray(b), max_work=max_work))


def __array_function__(self: Any, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
    """numpy's function protocol: ``np.sum(t)``, ``np.mean(t, axis=0)``,
    ``np.concatenate([t, t])`` call ferrule's function of the same meaning and return tensors. A
    numpy function ferrule does not have raises ``TypeError`` naming it; another library's
    arrays among the arguments (Dask) leave the call to that library."""
    try:
        f = FUNCTIONS.get(func)
    except TypeError:  # an unhashable object: not a numpy function
        raise TypeError(f"Tensor.__array_function__(): expected a numpy function, got {type(func).__name__}") from None
    if f is not None and types == _TENSOR_ONLY:  # the common case, with nothing else looked at
        return f(*args, **kwargs)
    return _array_function_other(func, f, types, args, kwargs)


_TENSOR_ONLY = (Tensor,)


def _array_function_other(func: Any, f: Any, types: Any, args: Any, kwargs: Any) -> Any:
    """``__array_function__`` with other array types among the arguments, or for a numpy
    function ferrule does not have."""
    try:
        types = tuple(types)
    except TypeError:
        raise TypeError("Tensor.__array_function__(): 'types' must be a collection of types") from None
    if not builtins.all(isinstance(tp, type) for tp in types):
        raise TypeError("Tensor.__array_function__(): 'types' must hold types")
    for tp in types:
        if not issubclass(tp, (Tensor, np.ndarray)):
            return NotImplemented  # another library's arrays: its own implementation
    if f is not None:
        return f(*args, **kwargs)
    name = getattr(func, "__module__", "numpy") + "." + getattr(func, "__name__", repr(func))
    raise TypeError(
        f"{name.replace('numpy._core.', 'numpy.')}() is not implemented by ferrule for ferrule tensors "
        "(Tensor.__array_function__); compute it with numpy on a view of the data (numpy.asarray(t)), or use "
        "the ferrule function of that name if there is one"
    )


#: numpy functions whose ferrule counterpart has another name or needs numpy's arguments.
def _explicit() -> dict[str, Callable[..., Any]]:
    table: dict[str, Callable[..., Any]] = {
        name: _method_form(m, op)
        for name, m, op in (
            ("sum", sum, _sum),
            ("prod", prod, _prod),
            ("mean", mean, None),
            ("var", var, None),
            ("std", std, None),
            ("max", max, _max),
            ("amax", max, _max),
            ("min", min, _min),
            ("amin", min, _min),
            ("any", any, _any),
            ("all", all, _all),
            ("argmax", argmax, _argmax),
            ("argmin", argmin, _argmin),
            ("cumsum", cumsum, None),
            ("cumprod", cumprod, None),
            ("clip", clip, None),
            ("ravel", ravel, None),
            ("copy", copy, None),
        )
    }

    def np_reshape(a: Any, shape: Any = None, order: str = "C", *, newshape: Any = None, copy: Any = None) -> Any:
        return reshape(_tensor(a), newshape if shape is None else shape, order=order, copy=copy)

    def np_astype(x: Any, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Any:
        return astype(_tensor(x), dtype, copy=copy, device=device)

    table.update(
        reshape=np_reshape,
        astype=np_astype,
        concatenate=_concatenate,
        concat=_concatenate,
        stack=_stack_np,
        transpose=_transpose,
        squeeze=_squeeze_np,
        sort=_sort_np,
        argsort=_argsort_np,
        round=_round_np,
        around=_round_np,
        take=_take_np,
        flip=_flip_np,
        where=_where_np,
        shape=_shape,
        ndim=_ndim,
        size=_size,
        shares_memory=_shares_memory,
        may_share_memory=_may_share_memory,
    )
    return table


#: The ``ferrule`` module, set by :func:`install`.
_PACKAGE: list[Any] = []


def _build(package: Any) -> None:
    """Fills :data:`UFUNCS`, :data:`FUNCTIONS` and the ufunc-method table from ``package``'s
    namespace (``ferrule``) and numpy's."""
    from ._ops import OPS

    _PACKAGE[:] = [package]
    for name in dir(np):
        obj = getattr(np, name, None)
        if isinstance(obj, np.ufunc) and obj not in UFUNCS and callable(getattr(package, name, None)):
            UFUNCS[obj] = getattr(package, name)
    UFUNCS.setdefault(np.rint, package.round)
    for ufunc, method, f in (
        (np.add, "reduce", _sum),
        (np.multiply, "reduce", _prod),
        (np.maximum, "reduce", _max),
        (np.minimum, "reduce", _min),
        (np.logical_and, "reduce", _all),
        (np.logical_or, "reduce", _any),
    ):
        _UFUNC_METHODS[(ufunc, method)] = _reduction(f, _ufunc_name(ufunc))
    _UFUNC_METHODS[(np.add, "accumulate")] = _accumulation(_cumulative_sum, "numpy.add")
    _UFUNC_METHODS[(np.multiply, "accumulate")] = _accumulation(_cumulative_prod, "numpy.multiply")

    # The functions of ferrule's namespace that numpy has under the same name, then the explicit
    # adapters (numpy's argument order) over them.
    for py_name, (submodule, _registered) in OPS.items():
        module = np if not submodule else getattr(np, submodule, None)
        short = py_name.rpartition(".")[2]
        if module is None:
            continue
        np_func = getattr(module, short, None)
        if np_func is None or isinstance(np_func, np.ufunc) or not callable(np_func):
            continue
        target = package if not submodule else getattr(package, submodule)
        FUNCTIONS[np_func] = getattr(target, short)
    for name, fn in _explicit().items():
        np_func = getattr(np, name, None)
        if np_func is not None:
            FUNCTIONS[np_func] = fn
    for kind in ("zeros", "ones", "empty", "full"):
        FUNCTIONS[getattr(np, f"{kind}_like")] = _like(kind)
    for name, op in (
        ("sum", _sum),
        ("prod", _prod),
        ("max", _max),
        ("amax", _max),
        ("min", _min),
        ("amin", _min),
        ("any", _any),
        ("all", _all),
        ("argmax", _argmax),
        ("argmin", _argmin),
    ):
        ALONE[getattr(np, name)] = op
    for name in ("sin", "cos", "exp", "sqrt"):  # (checks the derived table has its obvious entries)
        assert getattr(np, name) in UFUNCS, name


def install(package: Any) -> None:
    """Sets the protocols and methods onto :class:`ferrule.Tensor` and fills the tables from
    ``package`` (the ``ferrule`` module, its operators already bound)."""
    _build(package)
    for f in METHODS:
        f.__qualname__ = f"Tensor.{f.__name__}"
        setattr(Tensor, f.__name__, f)
    for f in (__array_ufunc__, __array_function__):
        f.__qualname__ = f"Tensor.{f.__name__}"
    set_native = getattr(_ferrule, "_set_array_protocols", None)
    if set_native is not None and "__array_ufunc__" in vars(Tensor):
        # the extension's own methods take the common calls and hand the rest to these
        set_native(UFUNCS, __array_ufunc__, ALONE, FUNCTIONS, __array_function__)
    else:
        Tensor.__array_ufunc__ = __array_ufunc__  # type: ignore[method-assign]
        Tensor.__array_function__ = __array_function__  # type: ignore[method-assign]
    # Dask picks the type of a mixed collection of chunks by this number: tensors over ndarrays.
    Tensor.__array_priority__ = 20.0
    # Libraries that take ``t.dtype`` for a numpy dtype (Dask reads ``.type``, ``.kind``,
    # ``.itemsize``) find numpy's attributes on ferrule's dtypes, unless the class has its own.
    if "__getattr__" not in vars(DType):
        DType.__getattr__ = _dtype_attribute  # type: ignore[attr-defined]
    _hook_dask()


# --- Dask ----------------------------------------------------------------------------------------
# Dask wraps only the chunk types it knows; for any other array type with __array_ufunc__ its
# operators defer (NotImplemented), so `dask_array - tensor` would not build a graph. ferrule
# registers its Tensor when Dask's chunk-type table is imported (now, or whenever that happens).


def _register_with_dask(chunk_types: Any) -> None:
    if not chunk_types.is_valid_chunk_type(Tensor):
        chunk_types.register_chunk_type(Tensor)


class _DaskChunkTypes(importlib.abc.MetaPathFinder):
    """Registers :class:`ferrule.Tensor` with ``dask.array.chunk_types`` right after Dask imports
    that module (then leaves ``sys.meta_path``); imports nothing itself."""

    NAME = "dask.array.chunk_types"

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: Any = None) -> Any:
        if fullname != self.NAME:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        loader = getattr(spec, "loader", None)
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module = loader.exec_module

        def exec_and_register(module: Any) -> None:
            exec_module(module)
            _register_with_dask(module)

        loader.exec_module = exec_and_register
        return spec


def _hook_dask() -> None:
    chunk_types = sys.modules.get(_DaskChunkTypes.NAME)
    if chunk_types is not None:
        _register_with_dask(chunk_types)
    elif not builtins.any(isinstance(f, _DaskChunkTypes) for f in sys.meta_path):
        sys.meta_path.insert(0, _DaskChunkTypes())


#: The public attributes of a numpy dtype (``type``, ``kind``, ``itemsize``, ``char``, ...).
_NUMPY_DTYPE_ATTRIBUTES = frozenset(n for n in dir(np.dtype) if not n.startswith("_"))


def _dtype_attribute(self: Any, name: str) -> Any:
    """``DType.__getattr__``: numpy's dtype attribute ``name`` of the same dtype (``ferrule.float32.kind``
    is ``"f"``); ``AttributeError`` for any other name, and for bfloat16, which numpy lacks."""
    if name in _NUMPY_DTYPE_ATTRIBUTES:
        try:
            dtype = np.dtype(str(self))
        except TypeError:
            raise AttributeError(f"ferrule.{self} has no numpy dtype, so no attribute {name!r}") from None
        return getattr(dtype, name)
    raise AttributeError(f"'DType' object has no attribute {name!r}")
