"""ferrule.profiler: the trace is valid Chrome trace-event JSON, events name what was called and
nest as the calls did, every language records into one profile, the table adds up, nothing is
recorded while off, and misuse gets clear errors."""

from __future__ import annotations

import ctypes
import json
import threading
from collections import Counter, defaultdict

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from ferrule import profiler
from ferrule.ffi import _native
from ferrule.ffi import ctypes as cffi


def small_workload() -> None:
    a = ferrule.asarray(np.arange(6.0).reshape(2, 3))
    b = a + 1.0
    c = a @ b.mT
    ferrule.sum(c)


def x_events(trace: dict) -> list[dict]:
    return [e for e in trace["traceEvents"] if e["ph"] == "X"]


def check_nesting(events: list, start, end) -> None:
    """On each thread, any two events are disjoint or one holds the other."""
    by_thread = defaultdict(list)
    for e in events:
        by_thread[e.thread_id if hasattr(e, "thread_id") else e["tid"]].append(e)
    for items in by_thread.values():
        items.sort(key=lambda e: (start(e), -end(e)))
        open_ends: list = []
        for e in items:
            while open_ends and open_ends[-1] <= start(e):
                open_ends.pop()
            assert not open_ends or end(e) <= open_ends[-1], "events overlap without nesting"
            open_ends.append(end(e))


def test_trace_is_chrome_trace_event_json(tmp_path):
    with profiler.profile(record_shapes=True, record_memory=True) as prof:
        small_workload()
    path = tmp_path / "trace.json"
    prof.export_chrome_trace(path)
    trace = json.loads(path.read_text())
    assert trace["displayTimeUnit"] == "ns" and trace["otherData"]["record_shapes"] is True
    events = trace["traceEvents"]
    assert {e["ph"] for e in events} == {"M", "X"}
    named = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    for e in x_events(trace):
        assert set(e) >= {"name", "cat", "ph", "pid", "tid", "ts", "dur"}
        assert isinstance(e["ts"], float) and isinstance(e["dur"], float) and e["dur"] >= 0
        assert e["tid"] in named, "every thread with events has a named track"
    # timestamps never go back within a thread, and events nest
    per_thread = defaultdict(list)
    for e in x_events(trace):
        per_thread[e["tid"]].append(e["ts"])
    assert all(ts == sorted(ts) for ts in per_thread.values())
    check_nesting(x_events(trace), lambda e: e["ts"], lambda e: e["ts"] + e["dur"])
    assert named[threading.get_native_id()] == "Python: MainThread"
    assert prof.chrome_trace() == path.read_text()


def test_names_match_the_ops_called():
    with profiler.profile() as prof:
        small_workload()
    events = prof.events()
    calls = [e for e in events if e.category == "call"]
    ops = [e for e in events if e.category == "op"]
    # asarray converts in Python; the rest are packed calls (.mT too), each with its op's kernel inside
    assert [e.name for e in calls] == ["ops.add", "ops.matrix_transpose", "ops.matmul", "ops.sum"]
    assert all(e.frontend == "python" for e in calls)
    assert [e.name for e in ops] == ["add", "matrix_transpose", "matmul", "sum"]
    for call, op in zip(calls, ops, strict=True):
        assert call.start_ns <= op.start_ns and op.end_ns <= call.end_ns and op.thread_id == call.thread_id
    assert all(e.thread == "Python: MainThread" for e in calls + ops)


def test_shapes_and_memory_when_asked():
    a = ferrule.ones((3, 4), dtype=ferrule.float32)
    with profiler.profile(record_shapes=True, record_memory=True) as prof:
        a + 2
    op = next(e for e in prof.events() if e.category == "op")
    assert op.shapes == ((3, 4), None, None) and op.dtypes == ("float32", "int", "None")
    assert op.bytes_allocated is not None and op.bytes_allocated >= 3 * 4 * 4
    with profiler.profile() as plain:
        a + 2
    op = next(e for e in plain.events() if e.category == "op")
    assert op.shapes is None and op.dtypes is None and op.bytes_allocated is None


def test_user_ranges_nest():
    @profiler.record("load")
    def load() -> ferrule.Tensor:
        return ferrule.ones(4)

    with profiler.profile() as prof:
        with profiler.record("epoch"):
            for _ in range(2):
                with profiler.record("step"):
                    x = load()
                    x * 2
    events = prof.events()
    ranges = [e.name for e in events if e.category == "range"]
    assert ranges == ["epoch", "step", "load", "step", "load"]
    epoch = events[0]
    steps = [e for e in events if e.name == "step"]
    loads = [e for e in events if e.name == "load"]
    inside = lambda inner, outer: outer.start_ns <= inner.start_ns and inner.end_ns <= outer.end_ns  # noqa: E731
    assert all(inside(s, epoch) for s in steps)
    assert all(inside(load_, step) for load_, step in zip(loads, steps, strict=True))
    ones = [e for e in events if e.name == "ops.ones"]
    assert len(ones) == 2 and all(inside(o, load_) for o, load_ in zip(ones, loads, strict=True))
    check_nesting(events, lambda e: e.start_ns, lambda e: e.end_ns)


def test_a_large_op_runs_on_the_pool_with_the_gil_released():
    n = 1 << 22
    a = ferrule.ones(n, dtype=ferrule.float32)
    with profiler.profile() as prof:
        a + a
    events = prof.events()
    op = next(e for e in events if e.category == "op" and e.name == "add")
    parts = [e for e in events if e.category == "pool"]
    assert parts and {e.name for e in parts} == {"add"}
    # every part ran inside the op's time, each covering its own items, together all of them
    assert all(op.start_ns <= p.start_ns and p.end_ns <= op.end_ns for p in parts)
    covered = sorted(p.block or p.items for p in parts)
    if parts[0].block is not None:
        assert [b[0] for b in covered] == list(range(covered[0][1]))
    else:
        assert covered[0][0] == 0 and covered[-1][1] == n
    if len({p.thread_id for p in parts}) > 1:
        workers = {p.thread for p in parts if p.thread_id != op.thread_id}
        assert all(w.startswith("ferrule pool worker ") for w in workers), workers
    released = [e for e in events if e.name == "GIL released"]
    wait = [e for e in events if e.name == "GIL reacquire"]
    assert len(released) == 1 and len(wait) == 1 and released[0].category == wait[0].category == "gil"
    assert op.start_ns <= released[0].start_ns and released[0].end_ns == wait[0].start_ns <= op.end_ns


def test_long_running_calls_release_the_gil_where_the_profile_sees_it():
    geo = ffi.get_global_func("examples.geo_distance")
    with profiler.profile() as prof:
        geo(113.97, 22.6, 114.33, 22.7, 20000)
    names = [e.name for e in prof.events()]
    assert names == ["GIL released", "examples.geo_distance", "GIL reacquire"]


def test_python_and_c_calls_in_one_profile():
    add_c = cffi.get_global_func("demo.add")  # the ctypes frontend calls ferrule_func_call
    add_py = ffi.get_global_func("demo.add")
    with profiler.profile() as prof:
        assert add_py(1, 2) == 3
        assert add_c(3, 4) == 7
    calls = [(e.name, e.frontend) for e in prof.events() if e.category == "call"]
    assert calls == [("demo.add", "python"), ("demo.add", "c")]


def test_python_threads_get_their_own_tracks():
    barrier = threading.Barrier(2)

    def work() -> None:
        barrier.wait()
        ferrule.ones(3) + 1

    with profiler.profile() as prof:
        threads = [threading.Thread(target=work, name=f"worker-{i}") for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    tracks = prof.threads()
    by_thread = Counter(e.thread for e in prof.events() if e.category == "call")
    # the threads ended before the profile did: named by their language and thread id
    assert sorted(by_thread.values()) == [2, 2] and all(name.startswith("Python thread ") for name in by_thread)
    assert len(tracks) == 2


def test_backward_nodes_are_recorded():
    x = ferrule.asarray(np.array([1.0, 2.0, 3.0]))
    x.requires_grad = True
    with profiler.profile() as prof:
        y = (x * x).sum()
        y.backward()
    backward = [e.name for e in prof.events() if e.category == "backward"]
    assert backward == ["sum", "multiply"]


def test_the_table_adds_up_to_the_events():
    with profiler.profile() as prof:
        for _ in range(5):
            small_workload()
    events = prof.events()
    rows = {(r.name, r.category): r for r in prof.key_averages()}
    totals: dict = defaultdict(int)
    counts: Counter = Counter()
    for e in events:
        totals[(e.name, e.category)] += e.duration_ns
        counts[(e.name, e.category)] += 1
    assert {k: r.total_ns for k, r in rows.items()} == totals
    assert {k: r.calls for k, r in rows.items()} == counts
    assert all(0 <= r.self_ns <= r.total_ns and r.average_ns == r.total_ns // r.calls for r in rows.values())
    # a call's self time is its time less its op's
    call, op = rows[("ops.add", "call")], rows[("add", "op")]
    assert call.self_ns == call.total_ns - op.total_ns
    assert rows[("ops.add", "call")].calls == 5
    assert rows[("ops.add", "call")].percent_of_wall == pytest.approx(100 * call.total_ns / prof.wall_ns)

    table = prof.table(sort_by="calls", row_limit=3)
    lines = table.splitlines()
    assert lines[0].split() == ["Name", "Category", "Calls", "Total", "Self", "Average", "%", "of", "wall"]
    body = lines[2:-2]
    assert len(body) == 3 and all(line.split()[2] == "5" for line in body)
    assert lines[-1].startswith("wall time ") and f"3 of {len(rows)} rows by calls" in lines[-1]
    by_self = [line.split()[0] for line in prof.table(row_limit=None).splitlines()[2:-2]]
    expected = sorted(rows.values(), key=lambda r: -r.self_ns)
    assert len(by_self) == len(rows) and by_self[0] == expected[0].name


def test_nothing_is_recorded_while_off():
    assert not ffi.get_global_func("profiler.is_enabled")()
    small_workload()
    with profiler.profile() as prof:
        pass
    small_workload()
    assert prof.events() == [] and prof.key_averages() == [] and prof.threads() == {}
    trace = json.loads(prof.chrome_trace())
    assert x_events(trace) == []
    assert not ffi.get_global_func("profiler.is_enabled")()


def test_profiles_do_not_nest_or_overlap():
    with profiler.profile() as outer:
        with pytest.raises(RuntimeError, match=r"profile\(\): .*inside another profile\(\) block.* do not nest"):
            with profiler.profile():
                pass
        failure: list[BaseException] = []

        def other_thread() -> None:
            try:
                with profiler.profile():
                    pass
            except RuntimeError as e:
                failure.append(e)

        t = threading.Thread(target=other_thread)
        t.start()
        t.join()
        assert len(failure) == 1 and "already recording (elsewhere)" in str(failure[0])
        with pytest.raises(RuntimeError, match="still recording"):
            outer.events()
        ferrule.ones(2)
    assert [e.name for e in outer.events() if e.category == "call"] == ["ops.ones"]
    with pytest.raises(RuntimeError, match="already used"):
        with outer:
            pass
    with pytest.raises(RuntimeError, match="has not recorded yet"):
        profiler.profile().table()


def test_a_profile_started_from_c_refuses_python():
    lib = _native.lib()
    err = ctypes.c_void_p()
    assert lib.ferrule_profiler_start(0, ctypes.byref(err)) == 0
    try:
        with pytest.raises(RuntimeError, match=r"profile\(\): .*already recording .*Go or C"):
            with profiler.profile():
                pass
        assert lib.ferrule_profiler_start(0, ctypes.byref(err)) == -1
        e = _native.exception_from_error(err.value)
        lib.ferrule_object_release(err)  # the error is owned by the caller; read, then released
        assert "ferrule_profiler_start: a profile is already recording" in str(e)
    finally:
        out = ctypes.c_void_p()
        assert lib.ferrule_profiler_stop(ctypes.byref(out), ctypes.byref(err)) == 0
        lib.ferrule_object_release(out)
    assert lib.ferrule_profiler_stop(ctypes.byref(out), ctypes.byref(err)) == -1
    e = _native.exception_from_error(err.value)
    lib.ferrule_object_release(err)
    assert "ferrule_profiler_stop: no profile is recording" in str(e)


def test_bad_arguments_and_paths(tmp_path):
    with profiler.profile() as prof:
        pass
    with pytest.raises(FileNotFoundError, match=r"export_chrome_trace\(\): cannot write the trace to .*missing"):
        prof.export_chrome_trace(tmp_path / "missing" / "trace.json")
    with pytest.raises(IsADirectoryError, match=r"export_chrome_trace\(\)"):
        prof.export_chrome_trace(tmp_path)
    with pytest.raises(TypeError, match=r"export_chrome_trace\(\): path must be"):
        prof.export_chrome_trace(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Profile.table\(\): sort_by must be one of self_time, total_time"):
        prof.table(sort_by="cpu")
    with pytest.raises(ValueError, match=r"row_limit must be a count >= 0"):
        prof.table(row_limit=-1)
    with pytest.raises(TypeError, match=r"Profile.table\(\): row_limit must be an int or None"):
        prof.table(row_limit=2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"profile\(\): record_shapes must be a bool"):
        profiler.profile(record_shapes=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"record\(\): name must be a str"):
        profiler.record(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"record\(\): name must not contain NUL"):
        profiler.record("a\0b")
    native = ffi.get_global_func("profiler.stop")
    with pytest.raises(RuntimeError, match=r"profiler.stop\(\): no profile is recording"):
        native()


def test_the_profile_object_names_its_methods():
    with profiler.profile() as prof:
        pass
    native = prof._native
    with pytest.raises(ValueError, match=r"profile\(\): unknown method 'nope' \(the methods: chrome_trace\(\)"):
        native("nope")
    with pytest.raises(TypeError, match=r"profile\(\): missing the method name"):
        native()
    with pytest.raises(TypeError, match=r"profile.wall_ns\(\) takes 0 arguments but 1 were given"):
        native("wall_ns", 1)
    assert native("wall_ns") == prof.wall_ns >= 0
