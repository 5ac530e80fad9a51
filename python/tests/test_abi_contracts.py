"""The C ABI's contracts as Python sees them (the C side: tests/c/abi_contracts.c).

DLPack capsules that libferrule refuses stay owned by their capsule (whose destructor frees them
once); C callbacks that break the calling convention become errors naming the function, through
``testing.apply`` too; names with a NUL are refused; caught panics are quiet; tensors of one
frontend passed to the other say what happened.
"""

from __future__ import annotations

import ctypes
import gc
from ctypes import POINTER, c_int64, c_void_p, py_object

import ferrule
import ferrule.ffi as ffi
import ferrule.ffi.ctypes as cffi
import numpy as np
import pytest
from conftest import PLUGIN
from ferrule import _vocab
from ferrule.ffi import _abi, _native

FRONTENDS = ("extension", "ctypes")

# ---- names with a NUL ----------------------------------------------------------------------------


def test_names_with_a_nul_are_refused(frontend, fresh_name):
    with pytest.raises(ValueError, match=r"register_func\(\): name must not contain NUL"):
        frontend.register_func(fresh_name + "\x00tail", lambda: 1)
    with pytest.raises(ferrule.KeyError):
        frontend.get_global_func(fresh_name)  # nothing was registered under the prefix
    with pytest.raises(ValueError, match=r"get_global_func\(\): name must not contain NUL"):
        frontend.get_global_func("testing.echo\x00")
    with pytest.raises(ValueError, match=r"remove_global_func\(\): name must not contain NUL"):
        frontend.remove_global_func("testing.echo\x00")
    with pytest.raises(ValueError, match=r"load_library\(\): path must not contain NUL"):
        frontend.load_library(PLUGIN + "\x00.so")
    assert frontend.get_global_func("testing.echo")(5) == 5  # still registered


def test_docs_and_signatures_with_a_nul_are_refused(fresh_name):
    with pytest.raises(ValueError, match=r"register_func\(\): signature must not contain NUL"):
        ffi._ferrule._register_func(fresh_name, lambda: 1, None, "() -> int\x00", 0)
    with pytest.raises(ValueError, match=r"register_func\(\): doc must not contain NUL"):
        ffi._ferrule._register_func(fresh_name, lambda: 1, "doc\x00", None, 0)


def test_an_error_kind_with_a_nul_is_a_value_error(testing):
    with pytest.raises(ValueError, match=r"kind \"Value\\0Error\" contains a NUL character \(the message\)"):
        testing.raise_error("Value\x00Error", "the message")


# ---- caught panics -------------------------------------------------------------------------------


def test_caught_panics_are_quiet_and_carry_their_location(testing, capfd):
    for _ in range(3):
        with pytest.raises(ferrule.RuntimeError, match=r"testing\.panic called \(at .*basic\.rs:\d+:\d+\)"):
            testing.panic()
    assert capfd.readouterr().err == ""


# ---- C callbacks that break the calling convention -----------------------------------------------

_keep: list[object] = []


def _register_c_callback(name: str, body) -> None:
    """Registers a ctypes C callback (FerruleCallback) under ``name`` through the C ABI alone."""
    cdll = _native.lib()
    callback = _abi.FerruleCallback(body)
    _keep.append(callback)
    func, err = c_void_p(), c_void_p()
    _native.check(
        cdll.ferrule_func_create(callback, None, _abi.FerruleStateDeleter(), ctypes.byref(func), ctypes.byref(err)), err
    )
    rc = cdll.ferrule_func_set_global(name.encode(), func, None, None, _vocab.REGISTER_OVERRIDE, ctypes.byref(err))
    cdll.ferrule_object_release(func)
    _native.check(rc, err)


def _unknown_type_index(self, args, n, out, err):
    out[0].type_index = 999
    out[0].v_int64 = 0x1234  # not a pointer: must never be followed
    return 0


def _minus_one_without_error(self, args, n, out, err):
    return -1


def _five(self, args, n, out, err):
    return 5


def _null_tensor(self, args, n, out, err):
    out[0].type_index = _vocab.TYPE_TENSOR
    out[0].v_obj = None
    return 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (_unknown_type_index, "returned a malformed result: a value with unknown type index 999"),
        (_minus_one_without_error, r"failed \(returned -1\) without storing an error in \*err"),
        (_five, r"returned 5: a packed function returns 0 \(success\) or -1"),
        (_null_tensor, r"returned a malformed result: a Tensor value \(type index 71\) whose object pointer is NULL"),
    ],
    ids=["unknown_type_index", "minus_one_without_error", "returns_5", "null_tensor"],
)
def test_a_callback_breaking_the_convention_is_an_error(frontend, testing, fresh_name, body, message):
    _register_c_callback(fresh_name, body)
    gc.collect()  # objects of earlier tests that only a collection frees would skew the count
    before = ffi.live_object_count()
    f = frontend.get_global_func(fresh_name)
    with pytest.raises(ferrule.RuntimeError, match=f"{fresh_name}\\(\\) {message}"):
        f()
    with pytest.raises(ferrule.RuntimeError, match=message) as info:
        testing.apply(f)
    assert info.value.context[-1] == "while calling testing.apply"
    del f, info
    gc.collect()
    assert ffi.live_object_count() == before


# ---- DLPack capsules that libferrule refuses -----------------------------------------------------

_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = py_object
_PyCapsule_New.argtypes = [c_void_p, ctypes.c_char_p, c_void_p]
_PyCapsule_IsValid = ctypes.pythonapi.PyCapsule_IsValid
_PyCapsule_IsValid.restype = ctypes.c_int
_PyCapsule_IsValid.argtypes = [py_object, ctypes.c_char_p]

# The destructor runs while the capsule is being freed: it sees a bare address (a py_object would
# take a reference to a dying object).
_CapsuleDestructor = ctypes.CFUNCTYPE(None, c_void_p)
_PyCapsule_IsValidAddress = ctypes.PYFUNCTYPE(ctypes.c_int, c_void_p, ctypes.c_char_p)(
    ("PyCapsule_IsValid", ctypes.pythonapi)
)


class _DLManagedTensor(ctypes.Structure):
    """The pre-1.0 ``DLManagedTensor`` (a legacy ``"dltensor"`` capsule)."""


_LegacyDeleter = ctypes.CFUNCTYPE(None, POINTER(_DLManagedTensor))
_DLManagedTensor._fields_ = [("dl_tensor", _abi.DLTensor), ("manager_ctx", c_void_p), ("deleter", _LegacyDeleter)]


class _Producer:
    """A DLPack producer whose capsule describes ``data`` with a layout the test chooses, counts
    the calls of its deleter, and (as producers do) frees it from the capsule's destructor
    unless a consumer renamed the capsule."""

    def __init__(self, legacy: bool, ndim: int, shape, strides=None, byte_offset: int = 0, data=True):
        self.legacy = legacy
        self.deleter_calls = 0
        self.data = (ctypes.c_float * 8)(*range(8))
        self.shape = (c_int64 * max(ndim, 1))(*shape) if shape is not None else None
        self.strides = (c_int64 * max(ndim, 1))(*strides) if strides is not None else None
        dl = _abi.DLTensor()
        dl.data = ctypes.addressof(self.data) if data else None
        dl.device = _abi.DLDevice(_vocab.KDL_CPU, 0)
        dl.ndim = ndim
        dl.dtype = _abi.DLDataType(2, 32, 1)  # float32
        dl.shape = ctypes.cast(self.shape, POINTER(c_int64)) if self.shape is not None else None
        dl.strides = ctypes.cast(self.strides, POINTER(c_int64)) if self.strides is not None else None
        dl.byte_offset = byte_offset
        if legacy:
            self.deleter = _LegacyDeleter(self._count)
            self.managed = _DLManagedTensor(dl, None, self.deleter)
            self.name = b"dltensor"
        else:
            self.deleter = _abi.DLManagedTensorDeleter(self._count)
            self.managed = _abi.DLManagedTensorVersioned(_abi.DLPackVersion(1, 0), None, self.deleter, 0, dl)
            self.name = b"dltensor_versioned"
        self.destructor = _CapsuleDestructor(self._destroy)

    def _count(self, _managed) -> None:
        self.deleter_calls += 1

    def _destroy(self, capsule: int) -> None:
        if _PyCapsule_IsValidAddress(capsule, self.name):  # not consumed: the producer frees it
            self._count(None)

    def __dlpack__(self, **kwargs):
        ptr = ctypes.addressof(self.managed)
        return _PyCapsule_New(ptr, self.name, ctypes.cast(self.destructor, c_void_p))


class _Holder:
    """Hands out one capsule (as a producer whose __dlpack__ was already called)."""

    def __init__(self, capsule: object) -> None:
        self.capsule = capsule

    def __dlpack__(self, **kwargs: object) -> object:
        return self.capsule


@pytest.mark.parametrize("legacy", [False, True], ids=["versioned", "legacy"])
@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ({"ndim": 2, "shape": None}, "'shape' is NULL but ndim is 2"),
        ({"ndim": 2, "shape": (2, -4)}, "negative dimension"),
        ({"ndim": 2, "shape": (2**62, 4)}, "too many elements"),
        ({"ndim": 2, "shape": (2, 4), "strides": (2**62, 1)}, "overflows"),
        ({"ndim": 2, "shape": (2, 4), "data": False}, "'data' is NULL but the tensor has 8 elements"),
        ({"ndim": 1, "shape": (8,), "byte_offset": 2**63}, "past the end of the address space"),
    ],
    ids=["null-shape", "negative-dim", "numel-overflow", "extent-overflow", "null-data", "huge-byte-offset"],
)
def test_a_refused_capsule_is_freed_once_by_its_destructor(legacy, layout, message):
    producer = _Producer(legacy, **layout)
    holder = _Holder(producer.__dlpack__())
    with pytest.raises(BufferError, match=message):
        ferrule.from_dlpack(holder)
    assert producer.deleter_calls == 0  # the capsule still owns it
    assert _PyCapsule_IsValid(holder.capsule, producer.name)  # not consumed
    del holder
    assert producer.deleter_calls == 1  # freed once, by the capsule's destructor


@pytest.mark.parametrize("legacy", [False, True], ids=["versioned", "legacy"])
def test_an_accepted_capsule_is_freed_once_by_ferrule(legacy):
    producer = _Producer(legacy, ndim=2, shape=(2, 4))
    t = ferrule.from_dlpack(producer)
    assert t.shape == (2, 4) and t.tolist()[1] == [4.0, 5.0, 6.0, 7.0]
    assert producer.deleter_calls == 0
    del t
    assert producer.deleter_calls == 1


# ---- tensors of one frontend given to the other --------------------------------------------------


def test_a_ctypes_tensor_given_to_the_extension_says_what_to_do():
    t = cffi.tensor(np.arange(-2.0, 2.0))
    with pytest.raises(TypeError, match=r"argument 1 \('x'\): .*a tensor of the ctypes frontend") as info:
        ferrule.abs(t)
    assert "ferrule.from_dlpack(numpy.asarray(t))" in str(info.value)
    # what the message suggests works, sharing the memory
    shared = ferrule.from_dlpack(np.asarray(t))
    assert np.from_dlpack(shared).ctypes.data == t.data_ptr
    np.testing.assert_array_equal(np.from_dlpack(ferrule.abs(shared)), [2.0, 1.0, 0.0, 1.0])
    np.testing.assert_array_equal(np.from_dlpack(ferrule.asarray(t)), [-2.0, -1.0, 0.0, 1.0])


def test_a_ctypes_tensor_returned_to_the_extension_says_what_to_do(fresh_name):
    ffi.register_func(fresh_name, lambda: cffi.tensor([1.0]))
    with pytest.raises(
        TypeError, match=r"'Tensor' could not be converted to a ferrule value .*: it is a tensor of the ctypes"
    ):
        ffi.get_global_func(fresh_name)()


def test_an_extension_tensor_given_to_ctypes_is_shared_without_a_copy():
    t = ferrule.asarray(np.arange(4.0))
    echoed = cffi.get_global_func("testing.echo")(t)
    assert isinstance(echoed, cffi.Tensor)
    assert echoed.data_ptr == np.from_dlpack(t).ctypes.data
