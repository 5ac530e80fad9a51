"""Python callables called by native code: from the calling thread and from native threads.

Every test taking ``frontend`` (or ``testing``) runs against both the extension and ctypes.
"""

from __future__ import annotations

import _thread
import os
import signal
import threading
import time

import ferrule
import pytest
from conftest import make_tensor

FRONTENDS = ("extension", "ctypes")


def test_apply_passes_arguments_and_returns_result(testing):
    assert testing.apply(lambda *a: list(a), 1, "two", [3.0]) == [1, "two", [3.0]]
    assert testing.apply(lambda: None) is None


def test_unconvertible_callback_result_names_the_callback_and_the_type(frontend, testing, fresh_name):
    def produce_object():
        return object()

    frontend.register_func(fresh_name, produce_object)
    with pytest.raises(ferrule.TypeError) as registered:
        frontend.get_global_func(fresh_name)()
    message = str(registered.value)
    assert message.startswith(f"'{fresh_name}' (the Python callable ")
    assert "produce_object" in message
    assert "its return value of type 'object' could not be converted to a ferrule value" in message
    # passed as an argument, not registered
    with pytest.raises(ferrule.TypeError, match=r"the Python callable '.*produce_object'.*type 'object'"):
        testing.apply(produce_object)
    with pytest.raises(ferrule.TypeError, match=r"type 'list' \(holding an item of type 'object'\)"):
        testing.apply(lambda: [1, object()])
    # a conversion's own error keeps its kind, is the cause, and the message still says where
    with pytest.raises(OverflowError, match=r"the Python callable '.*<lambda>': its return value of type 'int'") as e:
        testing.apply(lambda: 2**80)
    assert e.value.__cause__ is not None
    with pytest.raises(ValueError, match=r"its return value of type 'str' could not be converted"):
        testing.apply(lambda: "\udcff")  # no UTF-8 form


def test_callbacks_from_native_threads_all_run(testing):
    counts: dict[int, int] = {}
    lock = threading.Lock()

    def f(thread_index, call_index):
        with lock:
            counts[thread_index] = counts.get(thread_index, 0) + 1
        return call_index

    total = testing.call_from_threads(f, 4, 1000)
    assert total == 4000
    assert sorted(counts) == [0, 1, 2, 3]
    assert all(n == 1000 for n in counts.values())


def test_native_threads_run_while_python_threads_also_work(testing):
    seen = []
    stop = threading.Event()

    def spinner():
        while not stop.is_set():
            seen.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=spinner)
    t.start()
    try:
        assert testing.call_from_threads(lambda i, j: None, 2, 200) == 400
    finally:
        stop.set()
        t.join()
    assert seen


def test_exception_in_native_thread_callback_reaches_caller(testing):
    def f(thread_index, call_index):
        if thread_index == 1 and call_index == 5:
            raise ValueError("thread failure")

    with pytest.raises(ValueError, match="thread failure"):
        testing.call_from_threads(f, 3, 10)


def test_callback_from_many_python_threads(testing):
    results = []

    def worker(n):
        results.append(testing.apply(lambda x: x * 2, n))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [2 * i for i in range(8)]


def test_held_callable_survives_until_released(testing):
    import gc
    import weakref

    class Callable:
        def __call__(self, x):
            return x + 100

    c = Callable()
    ref = weakref.ref(c)
    testing.hold(c)
    del c
    gc.collect()
    assert ref() is not None  # native code holds it
    (held,) = testing.held()
    assert held(1) == 101
    del held
    assert testing.release() == 1
    gc.collect()
    assert ref() is None


def test_callback_keeps_native_reference_counts_right(frontend, testing):
    f = frontend.Function(lambda: 1)
    before = f._use_count()
    testing.hold(f)
    assert f._use_count() == before + 1
    testing.release()
    assert f._use_count() == before


def test_use_count_fixture_sees_borrowed_argument(frontend, testing):
    t = make_tensor(frontend, [1, 2, 3])
    # a Tensor argument is borrowed: the fixture sees only the Python object's reference
    assert testing.use_count(t) == t._use_count()


def test_function_released_during_its_own_call(frontend, testing):
    holder = {}

    def cb():
        holder["f"].release()
        return "done"

    f = frontend.Function(cb)
    holder["f"] = f
    assert testing.apply(f) == "done"  # released inside the call it is part of
    with pytest.raises(ferrule.ValueError, match="has been released"):
        f()
    g = frontend.Function(lambda: holder["g"].release())
    holder["g"] = g
    assert g() is None  # the handle being called outlives the call


def test_long_task_reports_progress_from_its_worker_thread(frontend):
    long_task = frontend.get_global_func("examples.long_task")
    caller = threading.get_ident()
    seen: list[tuple[int, int, bool]] = []

    def progress(done, total):
        seen.append((done, total, threading.get_ident() != caller))

    assert long_task(5, progress) == 5
    assert seen == [(i, 5, True) for i in range(1, 6)]
    assert long_task(2) == 2  # no callback


def test_long_task_stops_on_callback_error_and_checks_steps(frontend):
    long_task = frontend.get_global_func("examples.long_task")
    calls: list[int] = []

    def progress(done, total):
        calls.append(done)
        if done == 2:
            raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        long_task(10, progress)
    assert calls == [1, 2]
    with pytest.raises(ValueError, match=r"examples.long_task\(\) argument 1 'steps'"):
        long_task(-1)


# --- Ctrl-C: long-running native functions check for signals ------------------------------------


def _interrupt_soon(delay: float, how: str) -> threading.Timer:
    """Interrupts the main thread after ``delay`` seconds, from a timer thread: a real SIGINT
    (as Ctrl-C sends) or ``_thread.interrupt_main`` (the same flag, set without a signal)."""

    def fire() -> None:
        if how == "sigint":
            os.kill(os.getpid(), signal.SIGINT)
        else:
            _thread.interrupt_main()

    timer = threading.Timer(delay, fire)
    timer.start()
    return timer


@pytest.mark.parametrize("how", ["sigint", "interrupt_main"])
@pytest.mark.parametrize("through", ["extension", "ctypes"])
def test_ctrl_c_stops_a_long_running_loop(how, through):
    # 10**12 haversines would take hours: only the interrupt can end this call. The hook is
    # process-wide (installed by the extension, which `import ferrule` loads), so a call made
    # through the pure-ctypes frontend is interruptible too.
    if through == "ctypes":
        import ferrule.ffi.ctypes as frontend
    else:
        frontend = ferrule.ffi
    geo = frontend.get_global_func("examples.geo_distance")
    timer = _interrupt_soon(0.2, how)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            geo(113.973129, 22.599578, 114.3311032, 22.6986848, 10**12)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 10
    # the function still works afterwards, and the interrupt is not left pending
    assert geo(113.973129, 22.599578, 114.3311032, 22.6986848, 10) == pytest.approx(38_394.66, rel=1e-6)


def test_ctrl_c_stops_a_job_running_on_a_native_worker_thread():
    long_task = ferrule.ffi.get_global_func("examples.long_task")
    steps: list[int] = []
    timer = _interrupt_soon(0.2, "sigint")
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            long_task(10**7, lambda done, total: steps.append(done))
    finally:
        timer.cancel()
    assert time.monotonic() - start < 10
    assert 0 < len(steps) < 10**7  # it ran, and stopped after the step in progress
    assert long_task(2) == 2


def test_ctrl_c_stops_a_plugin_function_through_the_plugin_sdk():
    # testing.busy_wait (a Rust plugin) polls ferrule_plugin::check_signals in a blocking region
    busy_wait = ferrule.ffi.get_global_func("testing.busy_wait")
    assert 0.01 <= busy_wait(0.01) < 5
    timer = _interrupt_soon(0.2, "sigint")
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            busy_wait(60.0)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 10
