"""What every fuzzed call can use: odd tensors and hostile objects, built fresh for each call.

The API fuzzer runs this file's source in its worker before the calls, and every reproducer it
prints starts with the same source, so a reproducer is one self-contained script. Keep it short,
deterministic and free of anything a call could not recreate on its own.
"""

import ctypes
import math
import warnings

import ferrule
import ferrule.ffi.ctypes
import numpy as np

warnings.simplefilter("ignore")  # numpy's casts of inf/nan to ints warn; the values are the point
np.seterr(all="ignore")
nan, inf = math.nan, math.inf

#: (buffer, snapshot) of every read-only tensor made for the current call: a call that changes a
#: buffer it was only lent read-only is a failure of its own kind ("readonly-written").
READONLY = []


def data(kind, shape, dtype):
    """A C-contiguous numpy array: ``arange`` (0, 1, 2, ...), ``special`` (nan, inf, -0.0, the
    dtype's extremes, ...), ``zeros`` or ``ones``; bfloat16 (which numpy lacks) comes as float32."""
    np_dtype = "float32" if dtype == "bfloat16" else dtype
    n = math.prod(shape)
    if kind == "zeros":
        return np.zeros(shape, np_dtype)
    if kind == "ones":
        return np.ones(shape, np_dtype)
    if kind == "arange":
        return np.arange(n).astype(np_dtype).reshape(shape)
    kind_char = np.dtype(np_dtype).kind
    if kind_char in "iu":
        info = np.iinfo(np_dtype)
        pool = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    elif kind_char == "b":
        pool = [True, False]
    else:
        pool = [nan, inf, -inf, -0.0, 1e308, 5e-324, -1e-300, 65504.0, 1.0, 0.5]
        if kind_char == "c":
            pool = [complex(a, b) for a, b in zip(pool, reversed(pool), strict=True)]
    return np.array([pool[i % len(pool)] for i in range(n)]).astype(np_dtype).reshape(shape)


def tensor(kind, shape, dtype):
    """A ferrule tensor over ``data(kind, shape, dtype)`` (zero-copy from numpy)."""
    t = ferrule.asarray(data(kind, shape, dtype))
    return t.astype("bfloat16") if dtype == "bfloat16" else t


def readonly(shape, dtype):
    """A tensor over a fresh immutable ``bytes`` object (``asarray(..., copy=False)``)."""
    n = math.prod(shape) * np.dtype(dtype).itemsize
    mask = 1 if dtype == "bool" else 255  # a bool byte other than 0 or 1 is no bool at all
    buf = bytes(i % 251 & mask for i in range(n))
    READONLY.append((buf, bytearray(buf)))
    return ferrule.asarray(np.frombuffer(buf, dtype=dtype).reshape(shape), copy=False)


def readonly_written():
    """Whether any read-only buffer of this call was changed."""
    return any(bytes(snapshot) != buf for buf, snapshot in READONLY)


def fail(what):
    """Raises the error a hostile argument raises on purpose: a call must let it through as it is."""
    raise RuntimeError(f"{what} raised on purpose")


def deep_list(depth):
    """``[[[...[1]...]]]`` nested ``depth`` times."""
    value = [1]
    for _ in range(depth):
        value = [value]
    return value


class Hostile:
    """An object whose conversions fail: every protocol a converter may try raises."""

    def __index__(self):
        fail("Hostile.__index__")

    def __int__(self):
        fail("Hostile.__int__")

    def __float__(self):
        fail("Hostile.__float__")

    def __len__(self):
        fail("Hostile.__len__")

    def __iter__(self):
        fail("Hostile.__iter__")

    def __getitem__(self, i):
        fail("Hostile.__getitem__")

    def __array__(self, *args, **kwargs):
        fail("Hostile.__array__")

    def __dlpack__(self, *args, **kwargs):
        fail("Hostile.__dlpack__")

    def __dlpack_device__(self):
        fail("Hostile.__dlpack_device__")

    def __str__(self):
        fail("Hostile.__str__")

    def __eq__(self, other):
        fail("Hostile.__eq__")

    def __hash__(self):
        fail("Hostile.__hash__")

    def __fspath__(self):
        fail("Hostile.__fspath__")


class Liar:
    """An object whose conversions return the wrong type or an absurd value."""

    def __index__(self):
        return "not an int"

    def __float__(self):
        return "not a float"

    def __len__(self):
        return -1

    def __array__(self, *args, **kwargs):
        return [1, 2, 3]

    def __dlpack__(self, *args, **kwargs):
        return 42

    def __dlpack_device__(self):
        return ("cpu", "zero")

    def __fspath__(self):
        return 7


def capsule(name):
    """A PyCapsule holding a bogus pointer, named ``name`` (e.g. ``b"dltensor_versioned"``)."""
    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new(ctypes.c_void_p(8), name, None)


class CapsuleProducer:
    """A DLPack producer whose ``__dlpack__`` returns a capsule of the wrong name (another
    protocol's, an already consumed one's) over a bogus pointer, which a consumer must refuse
    without reading; its ``__dlpack_device__`` claims the CPU. (A correctly named capsule over a
    bogus pointer is a lie no consumer can detect: not fuzzed.)"""

    def __init__(self, name):
        self.name = name

    def __dlpack__(self, *args, **kwargs):
        return capsule(self.name)

    def __dlpack_device__(self):
        return (1, 0)
