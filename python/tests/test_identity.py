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


class Slotted(ferrule.Tensor):
    """A subclass with ``__slots__`` (beside the inherited ``__dict__``), a weak reference slot
    from the base, and a ``__del__`` that records each call."""

    __slots__ = ("first", "second")
    finalized: list[tuple[Any, bool, Any]] = []

    def __del__(self) -> None:
        Slotted.finalized.append((self.first, self.second is self, self.__dict__.get("note")))


def _slotted(values: list[float]) -> Slotted:
    s = Slotted(values)
    s.first = ["one"]
    s.second = s  # a cycle through a slot
    s.note = "in the dict"
    return s


def test_slots_dict_and_del_survive_preservation(native: Any) -> None:
    """While native code holds the tensor, Python letting go neither runs ``__del__`` nor clears
    ``__slots__``; ``__del__`` runs exactly once, when both sides have let go."""
    gc.collect()
    base = ferrule.ffi.live_object_count()
    Slotted.finalized.clear()
    s = _slotted([1.0, 2.0])
    original_id = id(s)
    fired: list[int] = []
    ref = weakref.ref(s, lambda _: fired.append(1))
    native.hold(s)
    del s
    for _ in range(3):
        gc.collect()
    assert Slotted.finalized == [] and not fired and ref() is not None
    back = native.held()[0]
    assert id(back) == original_id and type(back) is Slotted
    assert back.first == ["one"] and back.second is back and back.note == "in the dict"
    del back  # preserved a second time
    gc.collect()
    assert Slotted.finalized == [] and not fired
    native.release()
    gc.collect()
    assert Slotted.finalized == [(["one"], True, "in the dict")]  # __del__ saw every slot and the dict
    assert fired == [1] and ref() is None
    gc.collect()
    assert len(Slotted.finalized) == 1, "__del__ must run exactly once"
    assert ferrule.ffi.live_object_count() == base


def test_gc_keeps_state_of_held_tensors_in_cycles(native: Any) -> None:
    """A tensor held natively is not garbage, however its Python references look: the GC must
    neither finalize it nor clear its ``__dict__`` or ``__slots__`` (PyTorch once cleared
    ``__dict__`` here)."""
    gc.collect()
    base = ferrule.ffi.live_object_count()
    Slotted.finalized.clear()
    # 1. Python still references it, but only through cycles (a slot and a list point at it).
    s = _slotted([3.0])
    native.hold(s)
    cycle: list[Any] = [s]
    cycle.append(cycle)
    del s, cycle
    for _ in range(3):
        gc.collect()
    assert Slotted.finalized == []
    (back,) = native.held()
    assert type(back) is Slotted and back.second is back and back.first == ["one"]
    # 2. The same after a round trip through preservation, with a cycle through the dict too.
    back.me = back
    del back
    for _ in range(3):
        gc.collect()
    (back,) = native.held()
    assert back.me is back and back.note == "in the dict" and back.first == ["one"]
    del back
    native.release()
    gc.collect()  # now the cycles are garbage
    assert Slotted.finalized == [(["one"], True, "in the dict")]
    assert ferrule.ffi.live_object_count() == base


def test_del_may_resurrect_and_still_runs_once(native: Any) -> None:
    keep: list[Any] = []
    calls: list[str] = []

    class Phoenix(ferrule.Tensor):
        __slots__ = ("label",)

        def __del__(self) -> None:
            calls.append(self.label)
            keep.append(self)

    p = Phoenix([1.0])
    p.label = "phoenix"
    native.hold(p)
    del p
    gc.collect()
    assert calls == []
    native.release()
    gc.collect()
    assert calls == ["phoenix"] and keep[0].label == "phoenix"  # resurrected by its __del__, intact
    keep.clear()
    gc.collect()
    assert calls == ["phoenix"]  # its second death runs no finalizer (CPython finalizes once)


def test_init_subclass_cooperates_and_covers_every_subclass(native: Any) -> None:
    class Tagged(ferrule.Tensor):
        def __init_subclass__(cls, tag: str = "", **kwargs: Any) -> None:
            super().__init_subclass__(**kwargs)
            cls.tag = tag

    class Leaf(Tagged, tag="leaf"):
        __slots__ = ("value",)

    assert Leaf.tag == "leaf"
    with pytest.raises(TypeError):

        class Bad(ferrule.Tensor, unexpected=1):  # type: ignore[call-arg]
            pass

    class Rude(ferrule.Tensor):
        """Its __init_subclass__ does not reach Tensor's: instances are set up when made."""

        def __init_subclass__(cls, **kwargs: Any) -> None:
            pass

    class RudeLeaf(Rude):
        __slots__ = ("value",)

    for cls in (Leaf, RudeLeaf):
        x = cls([1.0])
        x.value = "slot"
        native.hold(x)
        del x
        gc.collect()
        (back,) = native.held()
        assert type(back) is cls and back.value == "slot"
        del back
        native.release()


@pytest.mark.parametrize("make_cycle", ["setattr", "vars", "dict_assign", "preserved"])
def test_plain_results_stay_off_the_collector_until_they_get_a_dict(native: Any, make_cycle: str) -> None:
    """A plain Tensor made by an op refers to no Python object, so it is not tracked by the cycle
    collector (as a numpy array is not); the first ``__dict__`` puts it back, and a cycle through
    that dict is then collected."""
    gc.collect()
    base = ferrule.ffi.live_object_count()
    views = ferrule.unstack(ferrule.zeros((3000, 2)))
    assert not any(gc.is_tracked(v) for v in views)
    del views
    t = ferrule.ones(4) + 1
    assert not gc.is_tracked(t)
    if make_cycle == "setattr":
        t.me = t
    elif make_cycle == "vars":
        vars(t)["me"] = t
    elif make_cycle == "dict_assign":
        t.__dict__ = {"me": t}
    else:  # held natively, released, then the cycle is made on the object that came back
        native.hold(t)
        del t
        t = native.held()[0]
        t.me = t
        native.release()
    assert gc.is_tracked(t) and t.me is t
    fired: list[int] = []
    ref = weakref.ref(t, lambda _: fired.append(1))
    del t
    gc.collect()
    assert fired == [1] and ref() is None
    assert ferrule.ffi.live_object_count() == base
    assert gc.is_tracked(Sub([1.0]))  # a subclass may hold references in slots from the start
