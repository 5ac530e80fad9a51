"""Dtypes as objects, not strings, and every spelling of a dtype users write.

``ferrule.float32`` is a :class:`ferrule.DType`: one object per dtype, equal only to itself
(``ferrule.float32 == "float32"`` is False), hashable, picklable by reference, readable by numpy
(``np.dtype(ferrule.float32)``). Every ``dtype=`` argument takes a ferrule dtype, a numpy dtype
or scalar type, Python's ``bool``/``int``/``float``/``complex`` or a name (``"float32"``,
``"f4"``), and refuses anything else with a TypeError naming the function and the argument; the
functions are found by walking the registered signatures, not listed here.
"""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable
from typing import Any

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from ferrule import _ops

NAMES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]

#: Spellings of each dtype the tests pass to every dtype= argument, besides the dtype itself.
SPELLINGS: dict[str, list[Any]] = {
    "float32": ["float32", "f4", "<f4", "=f4", "single", np.float32, np.dtype("float32"), np.dtype("f4")],
    "float64": ["float64", "f8", "double", "float", float, np.float64, np.dtype(float), np.double],
    "int64": [int, "int64", "i8", "int", np.int64, np.dtype("int64")],
    "int8": ["int8", "i1", "b", np.int8, np.dtype("i1")],
    "uint16": ["uint16", "u2", "H", np.uint16],
    "bool": [bool, "bool", "?", np.bool_, np.dtype(bool)],
    "complex64": ["complex64", "c8", "F", np.complex64],
    "complex128": [complex, "complex128", "c16", "complex", np.complex128],
    "float16": ["float16", "f2", "e", np.float16],
    "bfloat16": ["bfloat16"],
}

#: What no dtype= argument takes: the text the error must contain for each.
REFUSED: list[tuple[Any, str]] = [
    (object, "ferrule has no dtype '|O'"),
    ("U3", "ferrule has no dtype '<U3'"),
    ("no such dtype", "got 'no such dtype'"),
    (5, "got 5 (of type int)"),
    (2.5, "got 2.5 (of type float)"),
    (np.dtype(">f4"), "non-native byte order"),
    (np.dtype("f4,i4"), "ferrule has no dtype"),
    ("M8[s]", "ferrule has no dtype '<M8[s]'"),
    (ferrule.ones(2), "got a Tensor value (pass its .dtype)"),
    (np.float32(1.0), "got a float32 value (pass its .dtype)"),
    ([ferrule.float32], "got [ferrule.float32] (of type list)"),
]


def dt(name: str) -> ferrule.DType:
    return getattr(ferrule, name)


# ---- the dtype objects ----------------------------------------------------------------------------


def test_dtypes_are_objects_not_strings() -> None:
    for name in NAMES:
        d = dt(name)
        assert type(d) is ferrule.DType and not isinstance(d, str)
        assert (str(d), d.name, repr(d)) == (name, name, f"ferrule.{name}")
        assert d == d and d is ferrule.DType(d)
        assert d != name and name != d  # a dtype equals only itself (documented on DType)
        assert d.itemsize == (2 if name == "bfloat16" else np.dtype(name).itemsize)
    assert ferrule.float32 != ferrule.float64
    assert len({dt(n) for n in NAMES}) == len(NAMES)
    assert {ferrule.int8: "a"}[ferrule.DType("int8")] == "a"


def test_dtypes_are_immutable() -> None:
    with pytest.raises(AttributeError, match="immutable"):
        ferrule.float32.name = "float64"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        ferrule.float32._name = "float64"  # type: ignore[misc]
    assert str(ferrule.float32) == "float32"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickling_and_copying_keep_identity(protocol: int) -> None:
    for name in NAMES:
        d = dt(name)
        assert pickle.loads(pickle.dumps(d, protocol=protocol)) is d
        assert copy.copy(d) is d and copy.deepcopy(d) is d
    assert pickle.loads(pickle.dumps(ferrule.DType, protocol=protocol)) is ferrule.DType
    t = ferrule.asarray([1, 2], dtype=ferrule.int16)
    assert pickle.loads(pickle.dumps(t, protocol=protocol)).dtype is ferrule.int16


def test_numpy_reads_ferrule_dtypes() -> None:
    for name in NAMES:
        if name == "bfloat16":
            continue
        assert np.dtype(dt(name)) == np.dtype(name)
        assert np.zeros(2, dtype=dt(name)).dtype == np.dtype(name)
        assert dt(name).__numpy_dtype__ is dt(name).dtype
        assert np.dtype(name) == dt(name)  # numpy's own, loose, equality
    t = ferrule.asarray([1.5, 2.5])
    assert np.asarray(t, dtype=ferrule.float32).dtype == np.float32
    with pytest.raises(TypeError, match="numpy has no bfloat16 dtype"):
        ferrule.bfloat16.__numpy_dtype__


def test_dtype_results_are_dtype_objects(testing: Any) -> None:
    x = ferrule.ones(2, dtype=ferrule.float32)
    assert x.dtype is ferrule.float32
    assert ferrule.result_type(x, ferrule.int8) is ferrule.float32
    assert ferrule.finfo(ferrule.float32).dtype is ferrule.float32
    assert ferrule.finfo(ferrule.complex64).dtype is ferrule.float32
    assert ferrule.iinfo(ferrule.uint64).dtype is ferrule.uint64
    assert ferrule.__array_namespace_info__().default_dtypes()["real floating"] is ferrule.float64
    # a dtype value crossing the ABI comes back as the object
    assert testing.echo(ferrule.complex64) is ferrule.complex64
    assert testing.echo([ferrule.int8, ferrule.bool]) == [ferrule.int8, ferrule.bool]


def test_isdtype_takes_dtypes_and_kinds() -> None:
    assert ferrule.isdtype(ferrule.uint8, ferrule.uint8)
    assert not ferrule.isdtype(ferrule.uint8, ferrule.int8)
    assert ferrule.isdtype(dtype=ferrule.float32, kind="real floating")
    assert ferrule.isdtype(ferrule.int8, (ferrule.float32, "signed integer"))
    assert ferrule.isdtype(ferrule.bool, "bool")
    # a string is a kind: a dtype's name is not one (the standard's kinds only)
    with pytest.raises(ValueError, match="unknown kind 'uint8'"):
        ferrule.isdtype(ferrule.uint8, "uint8")
    for name in NAMES:
        assert ferrule.isdtype(dt(name), dt(name))
        assert sum(ferrule.isdtype(dt(name), dt(other)) for other in NAMES) == 1


# ---- every spelling, in every dtype= argument -------------------------------------------------------

#: A required argument of each schema type, for calling a function with only its dtype varied;
#: a tensor argument is a float matrix, or, for a function that takes no float tensor (one_hot),
#: an int vector.
SAMPLE_TENSORS = (lambda: ferrule.asarray([[1.0, 2.0], [3.0, 4.0]]), lambda: ferrule.asarray([0, 2, 1]))
SAMPLE_ARGUMENTS: dict[str, Callable[[], Any]] = {
    "int | tuple[int, ...]": lambda: (2, 3),
    "int | float | complex | bool": lambda: 1,
    "int": lambda: 3,
    "Any": lambda: ferrule.float32,
}
TENSOR_TYPES = ("Tensor", "Tensor | int | float | complex | bool")


def _dtype_functions() -> list[tuple[str, Callable[..., Any], list[dict[str, Any]]]]:
    """Every operator with a dtype-typed parameter: (registered name, Python callable, params)."""
    found = []
    for py_name, (submodule, registered) in _ops.OPS.items():
        params = ffi.get_global_func(registered)._info["params"]
        if any(p["type"] in ("dtype", "dtype | None") for p in params):
            home = getattr(ferrule, submodule) if submodule else ferrule
            found.append((registered, getattr(home, py_name.rpartition(".")[2]), params))
    return found


DTYPE_FUNCTIONS = _dtype_functions()


def _call(f: Callable[..., Any], params: list[dict[str, Any]], dtype: Any, sample: int = 0) -> Any:
    """``f`` with sample arguments (tensors: ``SAMPLE_TENSORS[sample]``) and ``dtype`` for every
    dtype-typed parameter."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in params:
        if p["type"] in ("dtype", "dtype | None"):
            value = dtype
        elif "default" in p:
            continue
        elif p["type"] in TENSOR_TYPES:
            value = SAMPLE_TENSORS[sample]()
        else:
            value = SAMPLE_ARGUMENTS[p["type"]]()
        if p["kind"] == "keyword_only":
            kwargs[p["name"]] = value
        elif p["kind"] == "positional_only" or not kwargs:
            args.append(value)
        else:
            kwargs[p["name"]] = value
    return f(*args, **kwargs)


def _outcome(f: Callable[..., Any], params: list[dict[str, Any]], dtype: Any, sample: int) -> Any:
    """What the call gives: for a tensor its dtype and shape (random draws differ), another
    result itself, or the error's type and message."""
    try:
        result = _call(f, params, dtype, sample)
    except Exception as e:
        return type(e), str(e)
    if isinstance(result, ferrule.Tensor):
        return result.dtype, result.shape
    return result


def _failed(outcome: Any) -> bool:
    return isinstance(outcome, tuple) and isinstance(outcome[0], type) and issubclass(outcome[0], Exception)


def test_the_walk_finds_the_dtype_functions() -> None:
    names = {registered for registered, _, _ in DTYPE_FUNCTIONS}
    assert {"ops.zeros", "ops.astype", "ops.sum", "ops.cumulative_sum", "ops.random.uniform", "ops.isdtype"} <= names
    assert len(names) >= 20


@pytest.mark.parametrize("registered,f,params", DTYPE_FUNCTIONS, ids=[r for r, _, _ in DTYPE_FUNCTIONS])
def test_every_spelling_in_every_dtype_argument(registered: str, f: Callable[..., Any], params: Any) -> None:
    # the first sample tensor the function takes with some dtype
    sample = next(
        (i for i in range(len(SAMPLE_TENSORS)) if any(not _failed(_outcome(f, params, dt(n), i)) for n in SPELLINGS)), 0
    )
    accepted = 0
    for name, spellings in SPELLINGS.items():
        want = _outcome(f, params, dt(name), sample)
        accepted += not _failed(want)
        for spelling in spellings:
            assert _outcome(f, params, spelling, sample) == want, (registered, name, spelling)
    assert accepted > 0, f"{registered} took no dtype"


@pytest.mark.parametrize("registered,f,params", DTYPE_FUNCTIONS, ids=[r for r, _, _ in DTYPE_FUNCTIONS])
def test_anything_else_is_a_type_error_naming_the_argument(registered: str, f: Callable[..., Any], params: Any) -> None:
    position = next(i for i, p in enumerate(params) if p["type"] in ("dtype", "dtype | None"))
    label = re.escape(f"{registered}() argument {position + 1} ('{params[position]['name']}')")
    for bad, text in REFUSED:
        with pytest.raises(TypeError, match=label) as caught:
            _call(f, params, bad)
        assert text in str(caught.value), (bad, str(caught.value))


def test_methods_and_python_level_functions_take_every_spelling() -> None:
    x = ferrule.asarray([1.5, -2.5])
    for name, spellings in SPELLINGS.items():
        for spelling in spellings:
            assert x.astype(spelling).dtype is dt(name), spelling
            assert ferrule.asarray([1, 0], dtype=spelling).dtype is dt(name), spelling
            assert ferrule.asarray(x, dtype=spelling).dtype is dt(name), spelling
            assert ferrule.asarray(np.array([1.0, 2.0]), dtype=spelling).dtype is dt(name), spelling
            if name != "bfloat16":  # (numpy makes the data: asarray converts to bfloat16 natively)
                assert ferrule.Tensor([1, 0], dtype=spelling).dtype is dt(name), spelling
                assert ferrule.tensor([[1]], dtype=spelling).dtype is dt(name), spelling
    assert x.sum(dtype=float).dtype is ferrule.float64
    assert x.sum(dtype="f4").dtype is ferrule.float32
    assert ferrule.DType(np.dtype("<f8")) is ferrule.float64


def test_python_level_functions_refuse_the_rest() -> None:
    for bad, text in REFUSED:
        for make, label in [
            (lambda b: ferrule.asarray([1.0], dtype=b), "asarray() argument 'dtype'"),
            (lambda b: ferrule.Tensor([1.0], dtype=b), "Tensor() argument 'dtype'"),
            (lambda b: ferrule.DType(b), "DType()"),
        ]:
            with pytest.raises(TypeError, match=re.escape(label)) as caught:
                make(bad)
            assert text in str(caught.value), (bad, str(caught.value))
    with pytest.raises(TypeError, match=re.escape("Tensor.astype() argument 'dtype'")):
        ferrule.ones(2).astype(object)
    with pytest.raises(TypeError, match=r"ops\.astype\(\) argument 2 \('dtype'\)"):
        ferrule.astype(ferrule.ones(2), object)


def test_the_ctypes_frontend_passes_ferrule_dtypes() -> None:
    """The pure-ctypes frontend takes the package's dtype objects too (as dtype values), beside
    the names it has always taken; its own results name dtypes as strings."""
    import ferrule.ffi.ctypes as cffi

    zeros = cffi.get_global_func("ops.zeros")
    for spelling in (ferrule.int8, "int8"):
        t = zeros((2,), dtype=spelling)
        assert t.dtype == "int8" and t.numpy().tolist() == [0, 0]
    assert cffi.get_global_func("testing.echo")(ferrule.complex64) == "complex64"
