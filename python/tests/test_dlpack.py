"""Zero-copy exchange with numpy through DLPack, both ways (issue 4)."""

from __future__ import annotations

import gc

import ferrule
import numpy as np
import pytest


def test_numpy_to_ferrule_shares_memory() -> None:
    a = np.arange(6.0).reshape(2, 3)
    t = ferrule.from_dlpack(a)
    assert t.shape == (2, 3) and t.dtype is ferrule.float64
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


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"max_version": 3}, TypeError, r"__dlpack__\(\) argument 'max_version' must be None or a tuple of two ints"),
        ({"max_version": [1, 0]}, TypeError, r"argument 'max_version' .* not 'list'"),
        ({"max_version": (1,)}, TypeError, r"argument 'max_version' .* not a tuple of length 1"),
        ({"max_version": ("1", "0")}, TypeError, r"argument 'max_version' .* item 0 is a 'str'"),
        ({"max_version": (2**80, 0)}, OverflowError, r"argument 'max_version' item 0"),
        ({"dl_device": 1}, TypeError, r"__dlpack__\(\) argument 'dl_device' must be None or a tuple of two ints"),
        ({"dl_device": "cpu"}, TypeError, r"argument 'dl_device' .* not 'str'"),
        ({"dl_device": (1, 0, 0)}, TypeError, r"argument 'dl_device' .* not a tuple of length 3"),
        ({"dl_device": (1.0, 0)}, TypeError, r"argument 'dl_device' .* item 0 is a 'float'"),
        ({"dl_device": (2, 0)}, BufferError, r"__dlpack__\(\) argument 'dl_device': cannot export to device \(2, 0\)"),
        ({"copy": "yes"}, TypeError, r"__dlpack__\(\) argument 'copy' must be True, False or None, not 'str'"),
        ({"copy": 1}, TypeError, r"argument 'copy' must be True, False or None, not 'int'"),
        ({"stream": 1}, BufferError, r"__dlpack__\(\) argument 'stream' must be None"),
    ],
)
def test_bad_dlpack_arguments_are_clear_errors(kwargs: dict[str, object], error: type, match: str) -> None:
    """Never a SystemError: every bad argument is a TypeError/ValueError/BufferError naming
    ``__dlpack__`` and the argument (numpy raises TypeError for the same non-tuples)."""
    with pytest.raises(error, match=match):
        ferrule.Tensor([1.0]).__dlpack__(**kwargs)


def test_good_dlpack_arguments_still_work() -> None:
    t = ferrule.Tensor([1.0, 2.0])
    for kwargs in ({}, {"max_version": (1, 0)}, {"max_version": (0, 8)}, {"dl_device": (1, 0)}, {"copy": False}):
        assert np.from_dlpack(_Producer(t, kwargs)).tolist() == [1.0, 2.0], kwargs


class _Producer:
    """Hands numpy a ferrule capsule made with fixed extra arguments."""

    def __init__(self, t: object, kwargs: dict[str, object]) -> None:
        self.t, self.kwargs = t, kwargs

    def __dlpack__(self, **_: object) -> object:
        return self.t.__dlpack__(**self.kwargs)  # type: ignore[attr-defined]

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


@pytest.mark.parametrize("device", ["\udcff", "cpu\udcff", "cuda:0", 3, object()])
def test_from_dlpack_bad_device_is_a_value_error(device: object) -> None:
    """A device whose str() has no UTF-8 form (lone surrogates) once crashed the process."""
    with pytest.raises(ValueError, match=r"from_dlpack\(\) argument 'device': ferrule tensors live on the CPU"):
        ferrule.from_dlpack(np.zeros(2), device=device)
    assert ferrule.from_dlpack(np.zeros(2), device="cpu").tolist() == [0.0, 0.0]


def test_from_dlpack_device_whose_str_fails_names_the_argument() -> None:
    class Broken:
        def __str__(self) -> str:
            raise RuntimeError("no text")

    with pytest.raises(RuntimeError, match=r"from_dlpack\(\) argument 'device': no text"):
        ferrule.from_dlpack(np.zeros(2), device=Broken())


def test_from_dlpack_bad_copy_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"from_dlpack\(\) argument 'copy' must be True, False or None"):
        ferrule.from_dlpack(np.zeros(2), copy="no")


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
