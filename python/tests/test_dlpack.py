"""Zero-copy exchange with numpy through DLPack, both ways (issue 4)."""

from __future__ import annotations

import gc

import ferrule
import numpy as np
import pytest


def test_numpy_to_ferrule_shares_memory() -> None:
    a = np.arange(6.0).reshape(2, 3)
    t = ferrule.from_dlpack(a)
    assert t.shape == (2, 3) and t.dtype == "float64"
    a[0, 0] = 42.0
    assert t.tolist()[0][0] == 42.0
    view = ferrule.from_dlpack(a.T)  # strides survive: no copy of a transposed view
    assert view.tolist() == a.T.tolist() and view.strides == a.T.strides


def test_ferrule_to_numpy_shares_memory_and_is_writable() -> None:
    t = ferrule.Tensor(np.zeros((2, 2), dtype=np.float32))
    b = np.from_dlpack(t)
    assert b.flags.writeable
    b[1, 1] = 7.0
    assert t.tolist() == [[0.0, 0.0], [0.0, 7.0]]
    assert t.__dlpack_device__() == (1, 0)


def test_read_only_stays_read_only() -> None:
    ro = np.arange(3.0)
    ro.flags.writeable = False
    back = np.from_dlpack(ferrule.from_dlpack(ro))
    assert not back.flags.writeable
    with pytest.raises(ValueError):
        back[0] = 1.0


def test_producer_kept_alive_exactly_as_long_as_needed() -> None:
    import weakref

    class Holder(np.ndarray):
        pass

    a = np.arange(4.0).view(Holder)
    ref = weakref.ref(a)
    t = ferrule.from_dlpack(a)
    del a
    gc.collect()
    assert ref() is not None and t.tolist() == [0.0, 1.0, 2.0, 3.0]
    del t
    gc.collect()
    assert ref() is None


def test_legacy_and_versioned_capsules() -> None:
    t = ferrule.Tensor([1, 2, 3])
    assert "dltensor_versioned" in repr(t.__dlpack__(max_version=(1, 0)))
    assert '"dltensor"' in repr(t.__dlpack__())
    # An unconsumed capsule frees its export without leaking.
    gc.collect()
    base = ferrule.ffi.live_object_count()
    for _ in range(1000):
        t.__dlpack__(max_version=(1, 1))
        t.__dlpack__()
    gc.collect()
    assert ferrule.ffi.live_object_count() == base


def test_bad_requests() -> None:
    t = ferrule.Tensor([1.0])
    with pytest.raises(BufferError, match="device"):
        t.__dlpack__(dl_device=(2, 0))
    with pytest.raises(BufferError, match="stream"):
        t.__dlpack__(stream=1)
    with pytest.raises(TypeError, match="from_dlpack"):
        ferrule.from_dlpack(3)
    with pytest.raises(ValueError, match="device"):
        ferrule.from_dlpack(np.zeros(2), device="cuda:0")


def test_no_leak_across_many_exchanges() -> None:
    a = np.ones(8)
    gc.collect()
    base = ferrule.ffi.live_object_count()
    for _ in range(50_000):
        np.from_dlpack(ferrule.from_dlpack(a))
    gc.collect()
    assert ferrule.ffi.live_object_count() == base


def test_writes_into_read_only_memory_are_refused() -> None:
    ro = np.arange(3.0)
    ro.flags.writeable = False
    t = ferrule.from_dlpack(ro)
    with pytest.raises(ValueError, match="read-only"):
        t[0] = 9.0
    with pytest.raises(ValueError, match="read-only"):
        ferrule.add(t, 1.0, out=t)
    with pytest.raises(ValueError, match="read-only"):
        t += 1.0
    assert ro.tolist() == [0.0, 1.0, 2.0]
    b = ferrule.asarray(b"\x01\x02")
    with pytest.raises(ValueError, match="read-only"):
        b[0] = 9
