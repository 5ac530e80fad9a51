"""Tensor identity and PyObject preservation.

PyTorch keeps a back-pointer from the C++ tensor to its Python object, so a tensor returned from
native code is the same Python object (``is``) without a global hash map; and it keeps that
object, with its ``__dict__`` and class, alive while only C++ holds the tensor. ferrule does the
same. This example shows:

1. identity: ``testing.echo(t) is t``, also inside containers and for ``out=``;
2. preservation: a tensor subclass with an attribute, handed to native code
   (``testing.hold``), dropped by Python, and returned (``testing.held``) with its id, class
   and attribute intact;
3. no leak: once native code lets go (``testing.release``), the object is freed and libferrule's
   live-object count is back where it started.

Run: FERRULE_TESTING_PLUGIN=target/release/libferrule_testing.so .venv/bin/python examples/python/tensor_identity.py
"""

from __future__ import annotations

import gc
import os
import pathlib
import types
import weakref

import ferrule
import ferrule.ffi as ffi

REPO = pathlib.Path(__file__).resolve().parents[2]


class Parameter(ferrule.Tensor):
    """A Python subclass of Tensor, like torch.nn.Parameter."""

    requires_grad: bool  # set per object: lives in the instance's __dict__


def main() -> None:
    ffi.load_library(os.environ.get("FERRULE_TESTING_PLUGIN") or REPO / "target/release/libferrule_testing.so")
    testing = ffi.init_api("testing", types.ModuleType("testing"))

    print("1. identity: the same native tensor comes back as the same Python object")
    t = ferrule.Tensor([1.0, 2.0])
    print(
        f"   testing.echo(t) is t: {testing.echo(t) is t}; testing.echo([t, t])[1] is t: {testing.echo([t, t])[1] is t}"
    )
    assert testing.echo(t) is t and testing.echo([t, t])[1] is t
    out = ferrule.zeros((2,))
    assert ferrule.add(t, t, out=out) is out
    print("   ferrule.add(t, t, out=out) is out: True")

    print("2. preservation: attributes survive while only native code holds the tensor")
    gc.collect()
    baseline = ffi.live_object_count()
    p = Parameter([0.5, 1.5])
    p.requires_grad = True  # a Python attribute, stored in the object's __dict__
    original_id = id(p)
    freed: list[bool] = []
    ref = weakref.ref(p, lambda _: freed.append(True))
    testing.hold(p)  # native code keeps a reference
    del p
    gc.collect()  # Python holds nothing now
    print(f"   after `del p` and gc.collect(): the Python object is alive: {ref() is not None}")
    assert ref() is not None and not freed
    back = testing.held()[0]  # the tensor returns from native-only ownership
    print(
        f"   back from native code: id unchanged {id(back) == original_id}, class {type(back).__name__}, requires_grad = {back.requires_grad}"
    )
    assert id(back) == original_id and type(back) is Parameter and back.requires_grad is True
    del back

    print("3. no leak once both sides let go")
    released = testing.release()
    gc.collect()
    print(
        f"   testing.release() dropped {released} value(s); Python object freed: {freed == [True]}; "
        f"live native objects back to baseline: {ffi.live_object_count() == baseline}"
    )
    assert released == 1 and freed == [True] and ref() is None and ffi.live_object_count() == baseline


if __name__ == "__main__":
    main()
