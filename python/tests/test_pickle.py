"""Pickling registered functions by name, and tensors with out-of-band buffers (issue 21, item 5)."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest


def test_namespace_functions_unpickle_to_themselves() -> None:
    for f in (ferrule.add, ferrule.sin, ferrule.linalg.det, ferrule.fft.fft):
        for protocol in (2, pickle.HIGHEST_PROTOCOL):
            assert pickle.loads(pickle.dumps(f, protocol=protocol)) is f


def test_registered_functions_pickle_by_name() -> None:
    f = ffi.get_global_func("demo.add")
    g = pickle.loads(pickle.dumps(f))
    assert isinstance(g, ffi.Function) and g == f
    assert g(1, 2) == 3


def test_other_builtins_pickle_as_before() -> None:
    assert pickle.loads(pickle.dumps(len)) is len
    assert pickle.loads(pickle.dumps([].append)).__name__ == "append"


def test_unregistered_functions_are_refused_by_name() -> None:
    ffi.register_func("test_pickle.temporary", lambda x: x, override=True)
    f = ffi.get_global_func("test_pickle.temporary")
    ffi.remove_global_func("test_pickle.temporary")
    with pytest.raises(pickle.PicklingError, match="'test_pickle.temporary' is no longer registered"):
        pickle.dumps(f)


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=False
    )


def test_unpickling_in_another_process() -> None:
    @ffi.register_func("test_pickle.triple", override=True)
    def triple(x: int) -> int:
        return 3 * x

    payload = pickle.dumps((ferrule.add, ffi.get_global_func("test_pickle.triple")))
    # a process that has ferrule's functions but not test_pickle.triple: a clear error naming it
    missing = _run(
        f"""
        import pickle, ferrule
        try:
            pickle.loads({payload!r})
        except KeyError as e:
            print("KeyError:", e)
        """
    )
    assert (
        "KeyError: unpickling the ferrule function 'test_pickle.triple': no function is registered" in missing.stdout
    ), missing.stderr
    # one that registers it first: the same function by name
    present = _run(
        f"""
        import pickle, ferrule, ferrule.ffi as ffi
        ffi.register_func("test_pickle.triple", lambda x: 3 * x)
        add, triple = pickle.loads({payload!r})
        print(add is ferrule.add, int(add(ferrule.asarray(1), 2)), triple(5))
        """
    )
    assert present.stdout.split() == ["True", "3", "15"], present.stderr


def test_tensors_pickle_with_one_out_of_band_buffer() -> None:
    """Protocol 5 hands the tensor's own memory out of band: one PickleBuffer, no copy."""
    t = ferrule.asarray(np.arange(1000, dtype=np.float32).reshape(10, 100))
    buffers: list[pickle.PickleBuffer] = []
    data = pickle.dumps(t, protocol=5, buffer_callback=buffers.append)
    assert len(buffers) == 1 and len(data) < 1000  # the 4000 bytes are not in the pickle
    raw = buffers[0].raw()
    assert raw.nbytes == 4000
    assert np.frombuffer(raw, dtype=np.float32).ctypes.data == np.asarray(t).ctypes.data
    back = pickle.loads(data, buffers=buffers)
    assert back.tolist() == t.tolist() and back.dtype == ferrule.float32
    # the receiving side shares the buffer it was handed (a writable one) rather than copying it
    received = bytearray(raw)
    shared = pickle.loads(data, buffers=[received])
    shared[0, 0] = 42.0
    assert np.frombuffer(received, dtype=np.float32)[0] == 42.0
