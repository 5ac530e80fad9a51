"""Tensor identity and PyObject preservation (issue 4): the native tensor points back at its
Python object, so it comes back as the same object, and Python objects that native code still
holds survive ``del`` and ``gc.collect()`` with their ``__dict__`` and class."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import ferrule
import pytest


class Sub(ferrule.Tensor):
    """A Python subclass: its class must survive a round trip through native ownership."""


@pytest.fixture()
def native(testing: Any) -> Any:
    testing.release()
    yield testing
    testing.release()


def test_echo_returns_the_same_object(native: Any) -> None:
    t = ferrule.Tensor([1.0, 2.0])
    assert native.echo(t) is t
    assert native.echo([t, t])[1] is t


def test_out_returns_the_same_object() -> None:
    a = ferrule.Tensor([1.0, 2.0])
    out = ferrule.zeros((2,))
    assert ferrule.add(a, a, out=out) is out
    assert out.tolist() == [2.0, 4.0]


def test_preserved_dict_and_weakref(native: Any) -> None:
    gc.collect()  # earlier tests' garbage must not be freed (and counted) in between
    base = ferrule.ffi.live_object_count()
    t = ferrule.Tensor([1.0, 2.0])
    t.note = "kept"
    original_id = id(t)
    fired: list[int] = []
    ref = weakref.ref(t, lambda _: fired.append(1))
    native.hold(t)
    del t
    gc.collect()
    assert not fired and ref() is not None, "the object must stay alive while native code holds it"
    back = native.held()[0]
    assert id(back) == original_id and back.note == "kept"
    del back
    gc.collect()
    assert not fired
    native.release()
    gc.collect()
    assert fired == [1] and ref() is None
    assert ferrule.ffi.live_object_count() == base


def test_subclass_and_cycle_through_dict_survive(native: Any) -> None:
    gc.collect()  # earlier tests' garbage must not be freed (and counted) in between
    base = ferrule.ffi.live_object_count()
    s = Sub([1, 2, 3])
    s.me = s  # a reference cycle through __dict__
    native.hold(s)
    del s
    gc.collect()
    back = native.held()[0]
    assert type(back) is Sub and back.me is back
    fired: list[int] = []
    ref = weakref.ref(back, lambda _: fired.append(1))
    del back
    gc.collect()
    assert not fired
    native.release()
    gc.collect()  # the cycle is garbage now that native code let go
    assert fired == [1] and ref() is None
    assert ferrule.ffi.live_object_count() == base


def test_no_leak_across_many_round_trips(native: Any) -> None:
    gc.collect()  # earlier tests' garbage must not be freed (and counted) in between
    base = ferrule.ffi.live_object_count()
    for _ in range(20_000):
        x = ferrule.Tensor([1.0])
        native.hold(x)
        del x
        native.release()
    gc.collect()
    assert ferrule.ffi.live_object_count() == base


def test_release_from_another_thread(native: Any) -> None:
    """The hook that frees a preserved object takes the GIL on the releasing thread."""
    import threading

    t = ferrule.Tensor([3.0])
    fired: list[int] = []
    ref = weakref.ref(t, lambda _: fired.append(1))
    native.hold(t)
    del t
    worker = threading.Thread(target=native.release)
    worker.start()
    worker.join()
    gc.collect()
    assert fired == [1] and ref() is None
