"""Bad arguments to the Python-level API raise errors that name the function, found by the API
fuzzer (test_api_fuzz.py): numpy's or a conversion's own message used to come through alone."""

from __future__ import annotations

import ferrule
import ferrule.ffi as ffi
import ferrule.ffi.ctypes as cffi
import numpy as np
import pytest


def deep_list(depth):
    value = [1]
    for _ in range(depth):
        value = [value]
    return value


class ObjectArray:
    """An array-like whose values numpy makes an object array of."""

    def __array__(self, *args, **kwargs):
        return np.zeros(2, dtype=object)


def t():
    return ferrule.asarray(np.arange(6.0).reshape(2, 3))


CASES = [
    ("Tensor()", ValueError, lambda: ferrule.Tensor("ab", ferrule.uint16)),
    ("Tensor()", TypeError, lambda: ferrule.Tensor([1.0], True)),
    ("asarray()", ValueError, lambda: ferrule.asarray([1, [2]])),
    ("asarray()", TypeError, lambda: ferrule.asarray([1], dtype=2**31)),
    ("Tensor.__array__()", TypeError, lambda: t().__array__("not a dtype")),
    ("Tensor.__array__()", TypeError, lambda: t().__array__(copy=t())),
    ("Tensor.__array__()", TypeError, lambda: ferrule.asarray([1.0]).astype("bfloat16").__array__()),
    ("Tensor.__array_namespace__()", ValueError, lambda: t().__array_namespace__(api_version="1999.01")),
    ("Tensor.__array_namespace__()", ValueError, lambda: t().__array_namespace__(api_version=np.zeros(3))),
    ("Tensor.__deepcopy__()", TypeError, lambda: t().__deepcopy__(5)),
    # no memory for the copy of a broadcast view of 2**40 elements (the error came from astype)
    (
        "Tensor.__copy__()",
        MemoryError,
        lambda: ferrule.broadcast_to(ferrule.ones(1, dtype=ferrule.complex64), (2**20, 2**20)).__copy__(),
    ),
    (
        "Tensor.__deepcopy__()",
        MemoryError,
        lambda: ferrule.broadcast_to(ferrule.ones(1, dtype=ferrule.complex64), (2**20, 2**20)).__deepcopy__({}),
    ),
    ("Tensor.__reduce_ex__()", TypeError, lambda: t().__reduce_ex__("5")),
    ("Tensor.__setstate__()", TypeError, lambda: t().__setstate__("x")),
    ("Tensor.__format__()", TypeError, lambda: t().__format__(np.zeros(3))),
    ("item()", ValueError, lambda: t().item()),
    ("Tensor.mT", ValueError, lambda: ferrule.asarray([1.0]).mT),
    ("'itemsize'", AttributeError, lambda: setattr(t(), "itemsize", 1)),
    ("'T'", AttributeError, lambda: delattr(t(), "T")),
    # numpy: IndexError ("only integers, slices, ... are valid indices") for an object array
    ("__getitem__", IndexError, lambda: t()[ObjectArray()]),
    ("to_device()", ValueError, lambda: t().to_device(deep_list(5000))),
    ("load_library()", TypeError, lambda: ferrule.load_library(5)),
    ("load_library()", ValueError, lambda: ferrule.load_library("\udcff")),
    ("init_api()", TypeError, lambda: ferrule.init_api(5, "m")),
    ("init_api()", TypeError, lambda: ferrule.init_api("", 5)),
    ("init_api()", ValueError, lambda: ferrule.init_api("", "")),
    ("builtin_of()", TypeError, lambda: ffi.builtin_of(5, "a", "b")),
    ("builtin_of()", TypeError, lambda: ffi.builtin_of(ferrule.get_global_func("ops.abs"), int, "m")),
    ("get_global_func()", ValueError, lambda: ferrule.get_global_func("\udcff")),
    ("remove_global_func()", ValueError, lambda: ffi.remove_global_func("\udcff")),
    ("register_func()", ValueError, lambda: ffi.register_func("\udcff", lambda: 1)),
    ("register_func()", KeyError, lambda: ffi.register_func("ops.add", lambda: 1)),
    ("register_func()", ValueError, lambda: ffi.register_func("test_error_names.f", lambda: 1, override=np.zeros(3))),
    ("signature_text()", TypeError, lambda: ffi.signature_text(deep_list(5000))),
    ("Tensor()", TypeError, lambda: cffi.tensor(0.0, dtype="not a dtype")),
    ("from_numpy()", TypeError, lambda: cffi.from_numpy(lambda: 1)),
    ("from_dlpack()", BufferError, lambda: cffi.from_dlpack(np.array(["a"]))),
    ("remove_global_func()", ValueError, lambda: cffi.remove_global_func("\udcff")),
    ("load_library()", ValueError, lambda: cffi.load_library("\ud800")),
    ("load_library()", ValueError, lambda: cffi.load_library("\udcff")),
    ("load()", TypeError, lambda: cffi.load(5)),
    ("Tensor.numpy()", TypeError, lambda: cffi.tensor([1.0]).numpy(copy=[1])),
    # the extension's: a producer's refusal, numpy running out of memory, a dtype numpy lacks
    ("from_dlpack()", BufferError, lambda: ferrule.from_dlpack(np.zeros(3, dtype=object))),
    ("Tensor.numpy()", MemoryError, lambda: ferrule.broadcast_to(ferrule.ones((1,)), (2**20, 2**20)).numpy()),
    ("Tensor.tolist()", MemoryError, lambda: ferrule.broadcast_to(ferrule.ones((1,)), (2**20, 2**20)).tolist()),
    ("Tensor.__copy__()", MemoryError, lambda: ferrule.broadcast_to(ferrule.ones((1,)), (2**20, 2**20)).__copy__()),
    (
        "Tensor.__deepcopy__()",
        MemoryError,
        lambda: ferrule.broadcast_to(ferrule.ones((1,)), (2**20, 2**20)).__deepcopy__({}),
    ),
    ("Tensor.numpy()", TypeError, lambda: ferrule.ones((2,), dtype=ferrule.bfloat16).numpy()),
    # pickling by name and numpy's protocols
    ("Tensor.__array_ufunc__()", TypeError, lambda: t().__array_ufunc__([1], "reduce", t())),
    ("Function.__reduce__()", TypeError, lambda: ferrule.Function(lambda: 1).__reduce__(no_such_parameter=4)),
    ("DType.__numpy_dtype__", TypeError, lambda: ferrule.bfloat16.__numpy_dtype__),
]


@pytest.mark.parametrize(("where", "kind", "call"), CASES, ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_error_names_the_function(where, kind, call):
    with pytest.raises(kind) as info:
        call()
    assert where.rstrip("()") in str(info.value)


def test_tolist_of_bfloat16_gives_floats():
    # numpy has no bfloat16: the values go through float32, which holds each exactly
    x = ferrule.asarray([1.5, -2.0, 3.0e38]).astype(ferrule.bfloat16)
    assert x.tolist() == [1.5, -2.0, float(np.float32(x.astype(ferrule.float32)[2]))]
    assert ferrule.full((), 0.25, dtype=ferrule.bfloat16).tolist() == 0.25


def test_a_class_is_not_an_index():
    # bool has an (unbound) __index__: it used to be called without an instance (TypeError)
    with pytest.raises(IndexError, match="indices"):
        t()[bool] = 1.0
