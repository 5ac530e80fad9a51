"""Ctrl-C reaches operator kernels: a long reduction, element-wise op, arg-reduction or matrix
product over a huge broadcast input stops within a second of the signal (instead of running to
the end, tens of seconds later), and so does ``testing.call_from_threads``."""

from __future__ import annotations

import _thread
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ferrule
import numpy as np
import pytest

#: When the interrupt is sent, after the call starts.
DELAY = 0.2
#: Most the interrupt may take to arrive.
LATENCY = 1.0


@contextmanager
def interrupt_after(delay: float, how: str) -> Iterator[None]:
    """Sends Ctrl-C (SIGINT, or ``_thread.interrupt_main``) to this process after ``delay`` s."""

    def fire() -> None:
        if how == "sigint":
            os.kill(os.getpid(), signal.SIGINT)
        else:
            _thread.interrupt_main()

    timer = threading.Timer(delay, fire)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def huge(values: list[Any], dtype: str, rows: int = 2**33) -> ferrule.Tensor:
    """A broadcast view of one row of ``values`` repeated ``rows`` times (no memory)."""
    return ferrule.broadcast_to(ferrule.asarray(np.array(values, dtype=dtype)), (rows, len(values)))


def complex_input() -> ferrule.Tensor:
    # 2**25 elements, about 150 ns each: seconds of work, and a 512 MiB result
    return huge([0.5 + 0.25j, 1.5 - 2j, -3 + 1j, 0.1 + 0.1j], "complex128", rows=2**23)


def inner_dim_product() -> ferrule.Tensor:
    # (3, 2**33) @ (2**33, 3): a 3 x 3 result from 25G multiply-adds, no memory
    x1 = ferrule.matrix_transpose(huge([1.0, 2.0, 3.0], "float64"))
    x2 = huge([1.0, -1.0, 0.5], "float64")
    return ferrule.matmul(x1, x2)


LONG_CALLS: dict[str, Callable[[], Any]] = {
    # reductions over 25G elements that need no memory (the 13 s case)
    "sum": lambda: ferrule.sum(huge([1.0, 2.0, 3.0], "float64")),
    "max": lambda: ferrule.max(huge([1, 2, 3], "int32"), axis=0),
    "argmax": lambda: ferrule.argmax(huge([1.0, 2.0, 3.0], "float32"), axis=0),
    "count_nonzero": lambda: ferrule.count_nonzero(huge([True, False, True], "bool")),
    # an element-wise op whose result fits in memory but takes seconds to compute
    "asinh": lambda: ferrule.asinh(complex_input()),
    "matmul": inner_dim_product,
}


@pytest.mark.parametrize("how", ["sigint", "interrupt_main"])
@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_ctrl_c_stops_a_long_kernel(name: str, how: str) -> None:
    call = LONG_CALLS[name]
    start = time.monotonic()
    with interrupt_after(DELAY, how), pytest.raises(KeyboardInterrupt):
        call()
    elapsed = time.monotonic() - start
    assert elapsed < DELAY + LATENCY, f"{name}: the interrupt arrived {elapsed - DELAY:.2f} s late"
    # Nothing is left pending, and the op works again.
    assert float(ferrule.sum(ferrule.ones((1000,)))) == 1000.0


def test_a_signal_handlers_own_exception_comes_out_of_the_kernel() -> None:
    class Deadline(Exception):
        pass

    def handler(signum: int, frame: Any) -> None:
        raise Deadline("time is up")

    previous = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, DELAY)
    start = time.monotonic()
    try:
        with pytest.raises(Deadline, match="time is up"):
            ferrule.sum(huge([1.0, 2.0, 3.0], "float64"))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - start < DELAY + LATENCY


def test_small_ops_give_the_same_answers_after_an_interrupt() -> None:
    with interrupt_after(DELAY, "sigint"), pytest.raises(KeyboardInterrupt):
        ferrule.sum(huge([1.0, 2.0, 3.0], "float64"))
    x = ferrule.asarray(np.arange(12.0).reshape(3, 4))
    np.testing.assert_array_equal(ferrule.sum(x, axis=0).numpy(), np.arange(12.0).reshape(3, 4).sum(axis=0))
    assert float(ferrule.sum(huge([1.0, 2.0, 3.0], "float64", rows=1000))) == 6000.0


@pytest.mark.parametrize("how", ["sigint", "interrupt_main"])
def test_ctrl_c_stops_call_from_threads_with_python_callbacks(testing: Any, how: str) -> None:
    calls = []

    def callback(thread_index: int, call_index: int) -> None:
        calls.append(call_index)
        time.sleep(0.001)

    start = time.monotonic()
    with interrupt_after(DELAY, how), pytest.raises(KeyboardInterrupt):
        # 4 threads x 60000 calls of 1 ms: a minute without the interrupt
        testing.call_from_threads(callback, 4, 60_000)
    assert time.monotonic() - start < DELAY + LATENCY
    assert 0 < len(calls) < 4 * 60_000
    # the threads are gone and the function works again
    assert testing.call_from_threads(lambda i, j: None, 2, 3) == 6
