"""ctypes declarations of include/ferrule/ferrule.h (ABI version 1) and its DLPack structures.

Only layouts and prototypes live here (the constants, type indices included, are generated into
``ferrule._vocab``); ``ferrule.ffi.ctypes`` gives them behaviour. Every structure is compared
field by field with the header by ``python/tests/test_abi_layout.py``. Every prototype is
declared with ``argtypes``/``restype`` so ctypes checks what is passed and never guesses an int
for a pointer. Functions are called through :class:`ctypes.CDLL`, which releases
the GIL around each call, so native code may call back into Python from any thread.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    POINTER,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint8,
    c_uint16,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any

from .._vocab import SMALL_CAPACITY


class DLDataType(ctypes.Structure):
    """DLPack ``DLDataType``: type code, bits per lane, lanes."""

    _fields_ = [("code", c_uint8), ("bits", c_uint8), ("lanes", c_uint16)]


class DLDevice(ctypes.Structure):
    """DLPack ``DLDevice``: device type (``kDLCPU`` = 1, ...) and ordinal."""

    _fields_ = [("device_type", c_int32), ("device_id", c_int32)]


class DLTensor(ctypes.Structure):
    """DLPack ``DLTensor``. ferrule's own tensors always have non-NULL strides, in elements."""

    _fields_ = [
        ("data", c_void_p),
        ("device", DLDevice),
        ("ndim", c_int32),
        ("dtype", DLDataType),
        ("shape", POINTER(c_int64)),
        ("strides", POINTER(c_int64)),
        ("byte_offset", c_uint64),
    ]


class DLPackVersion(ctypes.Structure):
    """DLPack ``DLPackVersion``."""

    _fields_ = [("major", c_uint32), ("minor", c_uint32)]


DLManagedTensorDeleter = ctypes.CFUNCTYPE(None, c_void_p)


class DLManagedTensorVersioned(ctypes.Structure):
    """DLPack ``DLManagedTensorVersioned``: a DLTensor plus the deleter that frees it."""

    _fields_ = [
        ("version", DLPackVersion),
        ("manager_ctx", c_void_p),
        ("deleter", DLManagedTensorDeleter),
        ("flags", c_uint64),
        ("dl_tensor", DLTensor),
    ]


class FerruleObjectHeader(ctypes.Structure):
    """The header every heap object starts with (read-only from Python)."""

    _fields_ = [
        ("strong", c_uint32),
        ("weak", c_uint32),
        ("type_index", c_int32),
        ("flags", c_uint32),
        ("deleter", c_void_p),
    ]


class _AnyPayload(ctypes.Union):
    _fields_ = [
        ("v_int64", c_int64),
        ("v_float64", c_double),
        ("v_ptr", c_void_p),
        ("v_obj", c_void_p),
        ("v_dtype", DLDataType),
        ("v_device", DLDevice),
        ("v_bytes", c_uint8 * SMALL_CAPACITY),
    ]


class FerruleAny(ctypes.Structure):
    """``FerruleAny``: the 16-byte tagged value of every packed call."""

    _anonymous_ = ("payload",)
    _fields_ = [("type_index", c_int32), ("small_len", c_uint32), ("payload", _AnyPayload)]


#: Offset of the payload inside a FerruleAny (where a small string's bytes live).
PAYLOAD_OFFSET = FerruleAny.payload.offset

assert ctypes.sizeof(FerruleAny) == 16 and PAYLOAD_OFFSET == 8, "FerruleAny layout does not match ferrule.h"
assert ctypes.sizeof(FerruleObjectHeader) == 24, "FerruleObject layout does not match ferrule.h"
assert ctypes.sizeof(DLTensor) == 48, "DLTensor layout does not match dlpack.h"

AnyPtr = POINTER(FerruleAny)
ObjPtrOut = POINTER(c_void_p)  # FerruleObject** (an out-parameter)

#: int32_t (*)(void* self, const FerruleAny* args, int32_t n, FerruleAny* out, FerruleObject** err)
FerruleCallback = ctypes.CFUNCTYPE(c_int32, c_void_p, AnyPtr, c_int32, AnyPtr, ObjPtrOut)
#: void (*)(void* self)
FerruleStateDeleter = ctypes.CFUNCTYPE(None, c_void_p)

# name -> (restype, argtypes)
_PROTOTYPES: dict[str, tuple[Any, list[Any]]] = {
    "ferrule_abi_version": (c_uint32, []),
    "ferrule_live_object_count": (c_uint64, []),
    "ferrule_library_load": (c_int32, [c_char_p, ObjPtrOut]),
    "ferrule_object_retain": (None, [c_void_p]),
    "ferrule_object_release": (None, [c_void_p]),
    "ferrule_object_use_count": (c_uint32, [c_void_p]),
    "ferrule_any_release": (None, [AnyPtr]),
    "ferrule_any_copy": (None, [AnyPtr, AnyPtr]),
    "ferrule_str_create": (c_int32, [c_char_p, c_size_t, ObjPtrOut, ObjPtrOut]),
    "ferrule_bytes_create": (c_int32, [c_char_p, c_size_t, ObjPtrOut, ObjPtrOut]),
    "ferrule_any_view_bytes": (c_int32, [AnyPtr, POINTER(c_void_p), POINTER(c_size_t)]),
    "ferrule_error_create": (None, [c_char_p, c_char_p, ObjPtrOut]),
    "ferrule_error_kind": (c_char_p, [c_void_p]),
    "ferrule_error_message": (c_char_p, [c_void_p]),
    "ferrule_error_context": (c_char_p, [c_void_p]),
    "ferrule_error_context_copy": (c_int32, [c_void_p, POINTER(ctypes.c_char), c_size_t, POINTER(c_size_t)]),
    "ferrule_error_add_context": (None, [c_void_p, c_char_p]),
    "ferrule_error_set_payload": (None, [c_void_p, c_void_p, c_void_p, FerruleStateDeleter]),
    "ferrule_error_payload": (c_void_p, [c_void_p, c_void_p]),
    "ferrule_func_create": (c_int32, [FerruleCallback, c_void_p, FerruleStateDeleter, ObjPtrOut, ObjPtrOut]),
    "ferrule_func_call": (c_int32, [c_void_p, AnyPtr, c_int32, AnyPtr, ObjPtrOut]),
    "ferrule_func_get_global": (c_int32, [c_char_p, ObjPtrOut, ObjPtrOut]),
    "ferrule_func_set_global": (c_int32, [c_char_p, c_void_p, c_char_p, c_char_p, c_int32, ObjPtrOut]),
    "ferrule_func_remove_global": (c_int32, [c_char_p, ObjPtrOut]),
    "ferrule_func_list_global_names": (c_int32, [ObjPtrOut, ObjPtrOut]),
    "ferrule_func_get_info": (c_int32, [c_void_p, ObjPtrOut, ObjPtrOut]),
    "ferrule_array_create": (c_int32, [AnyPtr, c_int64, ObjPtrOut, ObjPtrOut]),
    "ferrule_array_size": (c_int64, [c_void_p]),
    "ferrule_array_items": (AnyPtr, [c_void_p]),
    "ferrule_map_create": (c_int32, [AnyPtr, AnyPtr, c_int64, ObjPtrOut, ObjPtrOut]),
    "ferrule_map_size": (c_int64, [c_void_p]),
    "ferrule_map_items": (c_int32, [c_void_p, POINTER(AnyPtr), POINTER(AnyPtr)]),
    "ferrule_map_get": (c_int32, [c_void_p, AnyPtr, AnyPtr, ObjPtrOut]),
    "ferrule_tensor_create": (c_int32, [POINTER(c_int64), c_int32, DLDataType, DLDevice, ObjPtrOut, ObjPtrOut]),
    "ferrule_tensor_dltensor": (POINTER(DLTensor), [c_void_p]),
    "ferrule_tensor_from_dlpack": (c_int32, [c_void_p, ObjPtrOut, ObjPtrOut]),
    "ferrule_tensor_to_dlpack": (c_int32, [c_void_p, POINTER(POINTER(DLManagedTensorVersioned)), ObjPtrOut]),
    "ferrule_complex_create": (c_int32, [ctypes.c_double, ctypes.c_double, ObjPtrOut, ObjPtrOut]),
    "ferrule_complex_parts": (c_int32, [c_void_p, POINTER(ctypes.c_double), POINTER(ctypes.c_double)]),
    "ferrule_tensor_requires_grad": (c_int32, [c_void_p, POINTER(c_int32), ObjPtrOut]),
    "ferrule_tensor_set_requires_grad": (c_int32, [c_void_p, c_int32, ObjPtrOut]),
    "ferrule_tensor_grad": (c_int32, [c_void_p, ObjPtrOut, ObjPtrOut]),
    "ferrule_tensor_set_grad": (c_int32, [c_void_p, c_void_p, ObjPtrOut]),
    "ferrule_autograd_backward": (c_int32, [POINTER(c_void_p), POINTER(c_void_p), c_int32, c_int32, ObjPtrOut]),
    "ferrule_autograd_grad": (
        c_int32,
        [POINTER(c_void_p), POINTER(c_void_p), c_int32, POINTER(c_void_p), c_int32, c_int32, ObjPtrOut, ObjPtrOut],
    ),
    "ferrule_grad_enabled": (c_int32, []),
    "ferrule_set_grad_enabled": (c_int32, [c_int32]),
    "ferrule_profiler_start": (c_int32, [c_int32, ObjPtrOut]),
    "ferrule_profiler_stop": (c_int32, [ObjPtrOut, ObjPtrOut]),
    "ferrule_profiler_export_chrome_trace": (c_int32, [c_void_p, c_char_p, ObjPtrOut]),
    "ferrule_profiler_range_push": (c_int32, [c_char_p, POINTER(c_uint64), ObjPtrOut]),
    "ferrule_profiler_range_pop": (None, [c_uint64]),
    "ferrule_profiler_enabled": (c_int32, []),
}

#: Flags of ferrule_autograd_backward / ferrule_autograd_grad (ferrule.h).
AUTOGRAD_RETAIN_GRAPH = 1
AUTOGRAD_CREATE_GRAPH = 2
AUTOGRAD_ALLOW_UNUSED = 4


def declare(lib: ctypes.CDLL) -> None:
    """Sets ``restype`` and ``argtypes`` of every function of ferrule.h used by the frontend.

    Raises AttributeError naming the first symbol the library lacks.
    """
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
