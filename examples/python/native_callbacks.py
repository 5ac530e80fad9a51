"""A native service's interop checklist, beyond the GIL (see geo_threads.py for that).

A native decoder driven from Python reports progress to a Python callback, returns binary data
that must not be decoded as text, and exchanges numpy buffers without copies. This example shows
ferrule doing:

1. native code calling a Python callback from a native worker thread, while the Python caller
   waits with the GIL released; an exception raised in the callback comes back to the caller;
2. bytes that are not UTF-8 returned from native code intact (never a UnicodeDecodeError);
3. zero-copy with numpy, both ways: a write through one side is read on the other.

The native job is ``examples.long_task(steps, progress)``, registered by libferrule: long-running
(Python releases the GIL), its work runs on a native worker thread that calls
``progress(done, steps)`` after each step.

Run: FERRULE_TESTING_PLUGIN=target/release/libferrule_testing.so .venv/bin/python examples/python/native_callbacks.py
"""

from __future__ import annotations

import os
import pathlib
import threading

import ferrule
import ferrule.ffi as ffi
import numpy as np

REPO = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    ffi.load_library(os.environ.get("FERRULE_TESTING_PLUGIN") or REPO / "target/release/libferrule_testing.so")

    print("1. a Python callback called from a native worker thread")
    long_task = ffi.get_global_func("examples.long_task")
    reports: list[tuple[str, int]] = []

    def progress(done: int, total: int) -> None:
        reports.append((threading.current_thread().name, done))
        print(f"   progress: {done}/{total} (reported from thread {threading.current_thread().name!r})")

    steps = long_task(4, progress)  # the work and the callbacks run on a native worker thread
    main_thread = threading.current_thread().name
    print(f"   {steps} steps done, no progress report on the caller's thread {main_thread!r}")
    assert steps == 4 and [done for _, done in reports] == [1, 2, 3, 4]
    assert all(name != main_thread for name, _ in reports)

    class Cancelled(Exception):
        pass

    def cancel_at_step_2(done: int, total: int) -> None:
        if done == 2:
            raise Cancelled(f"user cancelled at step {done} of {total}")

    try:
        long_task(4, cancel_at_step_2)
    except Cancelled as e:  # the callback's own exception object, through native code
        print(f"   the callback's exception stopped the job and came back: {type(e).__name__}: {e}")
    else:
        raise AssertionError("the callback's exception must reach the caller")

    print("2. bytes that are not UTF-8, returned intact")
    data = ffi.get_global_func("testing.non_utf8_bytes")()
    print(f"   testing.non_utf8_bytes() = {data!r} ({type(data).__name__})")
    assert data == b"\xff\xfe\x00abc\x80"
    echo = ffi.get_global_func("testing.echo")
    blob = bytes(range(256))
    assert echo(blob) == blob and echo("héllo, 世界") == "héllo, 世界"
    print("   256 arbitrary bytes and a non-ASCII str both cross the ABI and come back unchanged")

    print("3. zero-copy with numpy, both ways")
    array = np.zeros(4)
    t = ferrule.asarray(array)  # a ferrule tensor over numpy's memory
    array[0] = 42.0  # written by numpy ...
    print(f"   numpy writes array[0] = 42 -> ferrule reads t[0] = {t[0].item()}")  # ... read by ferrule
    assert t[0].item() == 42.0
    ferrule.add(t, 1.0, out=t)  # written by a ferrule kernel ...
    print(f"   ferrule.add(t, 1, out=t)   -> numpy reads array = {array.tolist()}")  # ... read by numpy
    assert array.tolist() == [43.0, 1.0, 1.0, 1.0]
    u = ferrule.ones((2, 2))
    view = np.from_dlpack(u)  # numpy's writable view of ferrule's memory, through DLPack
    view[1, 1] = 7.0
    print(f"   np.from_dlpack(u)[1, 1] = 7 -> u = {u.tolist()}")
    assert u[1, 1].item() == 7.0
    buffered = np.asarray(u)  # the buffer protocol shares the memory too, writable
    buffered[0, 0] = 5.0
    assert np.shares_memory(view, buffered) and u[0, 0].item() == 5.0
    print(f"   np.asarray(u)[0, 0] = 5     -> u = {u.tolist()} (the buffer protocol, the same memory)")
    frozen = np.arange(3.0)
    frozen.flags.writeable = False
    r = ferrule.asarray(frozen)  # read-only memory stays read-only through ferrule
    assert np.shares_memory(np.asarray(r), frozen) and not np.asarray(r).flags.writeable
    print("   a read-only numpy array stays read-only: np.asarray(ferrule.asarray(frozen)) is not writable")


if __name__ == "__main__":
    main()
