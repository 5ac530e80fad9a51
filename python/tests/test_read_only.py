"""Read-only memory stays read-only: a tensor over memory that must not be written (bytes, a
read-only numpy array, a read-only mapping) and every view of it refuse every write path, and
every export says read-only (the buffer protocol, DLPack)."""

from __future__ import annotations

import ctypes
import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np
import pytest

#: Every way to get a view (sharing memory) of a 2-D float64 tensor `t` of shape (3, 4).
VIEWS: dict[str, Callable[[Any], Any]] = {
    "t itself": lambda t: t,
    "t[1]": lambda t: t[1],
    "t[::1]": lambda t: t[::1],
    "t[:, ::-2]": lambda t: t[:, ::-2],
    "t[None]": lambda t: t[None],
    "t[..., 0]": lambda t: t[..., 0],
    "t[1:, 1:3]": lambda t: t[1:, 1:3],
    "reshape": lambda t: ferrule.reshape(t, (4, 3)),
    "reshape(-1)": lambda t: ferrule.reshape(t, (-1,)),
    "permute_dims": lambda t: ferrule.permute_dims(t, (1, 0)),
    ".T": lambda t: t.T,
    ".mT": lambda t: t.mT,
    "matrix_transpose": lambda t: ferrule.matrix_transpose(t),
    "flip": lambda t: ferrule.flip(t),
    "flip(axis=1)": lambda t: ferrule.flip(t, axis=1),
    "moveaxis": lambda t: ferrule.moveaxis(t, 0, 1),
    "expand_dims": lambda t: ferrule.expand_dims(t, axis=0),
    "squeeze": lambda t: ferrule.squeeze(ferrule.expand_dims(t, axis=1), axis=1),
    "unstack[0]": lambda t: ferrule.unstack(t)[0],
    "unstack[-1]": lambda t: ferrule.unstack(t, axis=1)[-1],
    "broadcast_arrays": lambda t: ferrule.broadcast_arrays(t, ferrule.zeros((3, 1)))[0],
    "broadcast_to (same shape)": lambda t: ferrule.broadcast_to(t, (3, 4)),
    "astype(copy=False)": lambda t: t.astype(t.dtype, copy=False),
    "ferrule.astype(copy=False)": lambda t: ferrule.astype(t, t.dtype, copy=False),
    "real (of a real dtype)": lambda t: ferrule.real(t),
    "asarray": lambda t: ferrule.asarray(t),
    "from_dlpack": lambda t: ferrule.from_dlpack(t),
    "view of a view": lambda t: ferrule.flip(ferrule.permute_dims(t[1:], (1, 0)))[::2],
    "numpy round trip": lambda t: ferrule.asarray(np.asarray(t), copy=False),
    "DLPack round trip": lambda t: ferrule.from_dlpack(np.from_dlpack(t)),
}


def _sources() -> dict[str, Callable[[], tuple[Any, Callable[[], bytes]]]]:
    """Read-only sources: each gives a (3, 4) float64 tensor sharing read-only memory and a
    function returning the memory's current bytes."""

    def from_bytes() -> tuple[Any, Callable[[], bytes]]:
        data = np.arange(12.0).tobytes()
        t = ferrule.asarray(np.frombuffer(data).reshape(3, 4), copy=False)
        return t, lambda: data

    def from_frozen_numpy() -> tuple[Any, Callable[[], bytes]]:
        a = np.arange(12.0).reshape(3, 4)
        a.flags.writeable = False
        return ferrule.asarray(a, copy=False), a.tobytes

    def from_raw_bytes() -> tuple[Any, Callable[[], bytes]]:
        data = np.arange(12.0).tobytes()
        raw = ferrule.asarray(data, copy=False)  # uint8, shared
        t = ferrule.reshape(ferrule.from_dlpack(np.from_dlpack(raw).view(np.float64)), (3, 4))
        return t, lambda: data

    return {"bytes": from_bytes, "frozen numpy": from_frozen_numpy, "bytes as uint8": from_raw_bytes}


SOURCES = _sources()


def _shares(view: Any, t: Any) -> bool:
    return bool(np.shares_memory(np.asarray(view), np.asarray(t)))


def _writable_buffer_request(v: Any) -> None:
    """Asks `v` for a writable buffer (`PyObject_GetBuffer(v, &view, PyBUF_WRITABLE)`): Python's
    own consumers turn the exporter's error into a generic TypeError, so the C API is called
    directly (its error propagates as raised)."""
    view = ctypes.create_string_buffer(256)  # room for a Py_buffer
    ctypes.pythonapi.PyObject_GetBuffer(ctypes.py_object(v), view, ctypes.c_int(1))  # 1: PyBUF_WRITABLE
    ctypes.pythonapi.PyBuffer_Release(view)


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("view", VIEWS)
def test_every_view_of_read_only_memory_is_read_only(source: str, view: str) -> None:
    t, current = SOURCES[source]()
    before = current()
    v = VIEWS[view](t)
    assert isinstance(v, ferrule.Tensor)
    assert _shares(v, t), f"{view} no longer shares memory: the test would prove nothing"
    with pytest.raises(ValueError, match="read-only"):
        v[...] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        ferrule.add(v, 1.0, out=v)
    with pytest.raises(ValueError, match="read-only"):
        v += 1.0
    with pytest.raises(BufferError, match="read-only"):
        _writable_buffer_request(v)
    assert memoryview(v).readonly and not np.asarray(v).flags.writeable
    assert not np.from_dlpack(v).flags.writeable
    assert current() == before


def test_every_write_path_names_the_function_and_argument() -> None:
    t, current = SOURCES["bytes"]()
    before = current()
    v = ferrule.flip(t)[1:]
    with pytest.raises(ValueError, match=r"ops\.setitem\(\) argument 1 'x': the tensor is read-only"):
        v[0, 0] = 1.0
    with pytest.raises(ValueError, match=r"ops\.add\(\) argument 3 'out': the tensor is read-only"):
        ferrule.add(v, 1.0, out=v)
    with pytest.raises(ValueError, match=r"ops\.negative\(\) argument 2 'out': the tensor is read-only"):
        ferrule.negative(ferrule.zeros(v.shape, dtype=v.dtype), out=v)
    with pytest.raises(ValueError, match=r"ops\.matmul\(\) argument 3 'out'"):
        ferrule.matmul(ferrule.ones((2, 4)), ferrule.ones((4, 4)), out=v)
    for op in ("__iadd__", "__isub__", "__imul__", "__itruediv__", "__ipow__", "__imod__", "__ifloordiv__"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(v, op)(1.0)
    ints = ferrule.asarray(np.frombuffer(bytes(32), dtype=np.int64), copy=False)[::2]
    for op in ("__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(ints, op)(1)
    # out= a view of read-only memory, the inputs writable
    w = ferrule.ones((2, 4))
    with pytest.raises(ValueError, match="read-only"):
        ferrule.multiply(w, 2.0, out=v)
    with pytest.raises(ValueError, match="read-only"):
        ferrule.where(ferrule.ones((2, 4), dtype="bool"), w, w, out=v)
    with pytest.raises(ValueError, match="read-only"):
        ferrule.clip(w, 0.0, 1.0, out=v)
    # the buffer protocol: a writable request fails, a read-only one is read-only
    with pytest.raises(BufferError, match="cannot export a writable buffer: the tensor is read-only"):
        _writable_buffer_request(v)
    # DLPack: versioned exports carry the flag; a legacy capsule cannot, so it is refused
    assert not np.from_dlpack(v).flags.writeable
    with pytest.raises(BufferError, match=r"__dlpack__\(\): the tensor is read-only.*max_version"):
        v.__dlpack__()
    assert "dltensor_versioned" in repr(v.__dlpack__(max_version=(1, 0)))
    assert '"dltensor"' in repr(v.__dlpack__(copy=True))  # a copy is new, writable memory
    assert current() == before


def test_copies_of_read_only_memory_are_writable() -> None:
    t, current = SOURCES["bytes"]()
    before = current()
    for copy in (
        ferrule.asarray(t, copy=True),
        t.astype("float64", copy=True),
        t.astype("float32"),
        ferrule.reshape(t.T, (12,)),  # no view possible: a copy
        t + 0,
        ferrule.real(t.astype("complex128")),
    ):
        assert not _shares(copy, t)
        copy[...] = 5.0
        ferrule.add(copy, 1.0, out=copy)
        _writable_buffer_request(copy)
        assert np.asarray(copy).flags.writeable and not memoryview(copy).readonly
        assert np.from_dlpack(copy).flags.writeable
    assert current() == before


def test_a_read_only_mapping_raises_instead_of_crashing(tmp_path: Any) -> None:
    """Over mmap(PROT_READ) a write would fault: every path must raise first. In a subprocess,
    so that a regression shows as a failed test, not a crashed run."""
    path = tmp_path / "data.bin"
    path.write_bytes(np.arange(16.0).tobytes())
    code = textwrap.dedent(
        f"""
        import mmap, numpy as np, ferrule
        with open({str(path)!r}, "rb") as f:
            m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)
        t = ferrule.asarray(np.frombuffer(m), copy=False)
        views = [t, t[::1], t[3:], ferrule.reshape(t, (4, 4)), ferrule.reshape(t, (4, 4)).T,
                 ferrule.flip(t), ferrule.expand_dims(t, axis=0), ferrule.unstack(ferrule.reshape(t, (4, 4)))[2],
                 ferrule.broadcast_arrays(t, ferrule.zeros((2, 1)))[0], t.astype("float64", copy=False)]
        refused = 0
        for v in views:
            for write in (lambda: v.__setitem__(..., 1.0), lambda: ferrule.add(v, 1.0, out=v),
                          lambda: v.__iadd__(1.0)):
                try:
                    write()
                except ValueError as e:
                    assert "read-only" in str(e), e
                    refused += 1
        assert np.frombuffer(m).tolist() == [float(i) for i in range(16)]
        print("refused", refused)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert done.stdout.split() == ["refused", "30"]
