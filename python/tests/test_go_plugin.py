"""A plugin written in Go (go/examples/plugin, built with ``-buildmode=c-shared -tags
ferrule_plugin``), loaded into this Python process: Go functions called from Python and from the
testing.* Rust plugin, Python functions called from Go, and errors and panics crossing both ways.

The plugin links no libferrule: it calls this process's one libferrule through the API table its
init function is handed, and so shares the one registry. The test builds it with ``go`` (incremental: fast once built) into
``build/libferrule_go_plugin.so``, or uses ``$FERRULE_GO_PLUGIN``; it is skipped only when
neither is available.
"""

from __future__ import annotations

import gc
import inspect
import os
import pathlib
import shutil
import subprocess
import time

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_PLUGIN = REPO / "build" / "libferrule_go_plugin.so"


def build_or_find_plugin() -> pathlib.Path:
    """$FERRULE_GO_PLUGIN if set; otherwise build/libferrule_go_plugin.so, (re)built by ``go``
    when it is on PATH, used as is when it is not; a skip when there is neither."""
    if env := os.environ.get("FERRULE_GO_PLUGIN"):
        path = pathlib.Path(env)
        if not path.exists():
            pytest.fail(f"FERRULE_GO_PLUGIN={env} does not exist")
        return path
    go = shutil.which(os.environ.get("GO", "go"))
    if go is None:
        if DEFAULT_PLUGIN.exists():
            return DEFAULT_PLUGIN
        pytest.skip(
            "the Go toolchain (`go`) is not on PATH and no prebuilt Go plugin exists at "
            f"{DEFAULT_PLUGIN} (or $FERRULE_GO_PLUGIN): cannot test the Go plugin"
        )
    DEFAULT_PLUGIN.parent.mkdir(exist_ok=True)
    command = [go, "build", "-buildmode=c-shared", "-tags", "ferrule_plugin"]
    command += ["-o", str(DEFAULT_PLUGIN), "./examples/plugin"]
    result = subprocess.run(command, cwd=REPO / "go", capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        output = result.stdout + result.stderr
        pytest.fail(f"building the Go plugin failed: {' '.join(command)} (in go/)\n{output}")
    return DEFAULT_PLUGIN


@pytest.fixture(scope="module")
def go():
    """Loads the Go plugin; returns a getter for registered functions by name."""
    ffi.load_library(build_or_find_plugin())
    return ffi.get_global_func


def test_one_libferrule_in_the_process(go):
    assert "goplugin.add" in ffi.list_global_func_names()
    maps = pathlib.Path("/proc/self/maps")
    if maps.exists():
        lines = maps.read_text().splitlines()
        loaded = {line.split()[-1] for line in lines if line.endswith("/libferrule.so")}
        assert len(loaded) == 1, f"more than one libferrule in the process: {sorted(loaded)}"


def test_go_function_called_from_python(go):
    add = go("goplugin.add")
    assert add(40, 2) == 42
    assert add(a=1, b=2) == 3
    assert str(inspect.signature(add)) == "(a: int, b: int) -> int"
    assert "Adds two ints, in Go." in (add.__doc__ or "")


def test_python_function_called_from_go(go, fresh_name):
    calls = []

    @ffi.register_func(fresh_name)
    def greet(name: str, punct: str = "!") -> str:
        calls.append(name)
        return f"hello {name}{punct}"

    assert go("goplugin.call")(fresh_name, "gopher") == "hello gopher!"
    assert go("goplugin.call")(fresh_name, "gopher", "?") == "hello gopher?"
    assert calls == ["gopher", "gopher"]
    # A Python callable passed as an argument, called by Go.
    assert go("goplugin.apply")(lambda a, b: [a, b, a * b], 6, 7) == [6, 7, 42]


def test_rust_plugin_calls_go(go):
    add = go("goplugin.add")
    assert ffi.get_global_func("testing.apply")(add, 1, 2) == 3
    # From native threads that neither Go nor Python created.
    assert ffi.get_global_func("testing.call_from_threads")(add, 4, 250) == 1000


def test_go_calls_operators_and_reads_tensors(go):
    x = ferrule.tensor(np.array([1.0, 2.0, 3.0]))
    scaled = go("goplugin.scale")(x, 2.5)
    np.testing.assert_array_equal(scaled.numpy(), np.array([2.5, 5.0, 7.5]))
    assert go("goplugin.sum_float64")(x) == 6.0
    with pytest.raises(TypeError, match="not float64"):
        go("goplugin.sum_float64")(ferrule.tensor(np.array([1, 2], dtype=np.int32)))


@pytest.mark.parametrize("kind", ["ValueError", "IndexError", "KeyError", "TypeError"])
def test_go_error_reaches_python_with_its_kind(go, kind):
    with pytest.raises(getattr(ferrule, kind)) as info:
        go("goplugin.fail")(kind, f"go says {kind}")
    assert info.value.kind == kind
    assert f"go says {kind}" in str(info.value)


def test_plain_go_error_is_a_runtime_error(go):
    with pytest.raises(ferrule.RuntimeError, match="a plain Go error"):
        go("goplugin.fail_plain")("a plain Go error")


def test_go_panic_becomes_runtime_error(go):
    with pytest.raises(ferrule.RuntimeError, match="panic in goplugin.panic: boom"):
        go("goplugin.panic")("boom")
    with pytest.raises(ferrule.RuntimeError, match="goplugin.panic called"):
        go("goplugin.panic")()  # the default from the registered signature
    # A Go panic under a Rust plugin frame: still an error, and the process goes on.
    with pytest.raises(ferrule.RuntimeError, match="panic in goplugin.panic: under rust"):
        ffi.get_global_func("testing.apply")(go("goplugin.panic"), "under rust")
    assert go("goplugin.add")(1, 1) == 2


def test_errors_through_go_keep_their_kind(go):
    # Native error -> Go -> Python.
    with pytest.raises(ferrule.ValueError, match="deep"):
        go("goplugin.call")("testing.raise_error", "ValueError", "deep")
    # Rust panic -> Go -> Python.
    with pytest.raises(ferrule.RuntimeError, match="rust boom"):
        go("goplugin.call")("testing.panic", "rust boom")

    # Python exception -> Go -> Python (Go keeps the kind and message).
    def raises():
        raise LookupError("not here") from None

    def raises_key():
        raise KeyError("k")

    with pytest.raises(KeyError, match="k"):
        go("goplugin.apply")(raises_key)
    with pytest.raises(Exception, match="not here"):
        go("goplugin.apply")(raises)
    # A missing name looked up from Go.
    with pytest.raises(ferrule.KeyError, match="no.such.function"):
        go("goplugin.call")("no.such.function")


def test_bad_arguments_to_go_functions_are_errors(go):
    with pytest.raises(TypeError):
        go("goplugin.add")("forty", 2)
    with pytest.raises(TypeError):
        go("goplugin.add")(1)
    with pytest.raises(TypeError):
        go("goplugin.apply")(None)
    with pytest.raises(OverflowError):
        go("goplugin.add")(2**63, 0)


def test_go_plugin_calls_do_not_leak(go, fresh_name):
    ffi.register_func(fresh_name, lambda x: x)
    call, apply, scale = go("goplugin.call"), go("goplugin.apply"), go("goplugin.scale")
    go_gc = go("goplugin.gc")
    x = ferrule.tensor(np.array([1.0, 2.0]))

    def settled_count() -> int:
        """The live count once Python and Go have both collected their garbage."""
        last = -1
        for _ in range(200):
            gc.collect()
            go_gc()
            # Let go of the GIL: Go's cleanup goroutine frees preserved Python tensors through
            # libferrule's frontend release hook, which takes the GIL.
            time.sleep(0.01)
            now = ffi.live_object_count()
            if now == last:
                return now
            last = now
        return last

    start = settled_count()
    for i in range(2000):
        call(fresh_name, [i, "a string longer than eight bytes", x])
        apply(lambda t: t, x)
        scale(x, 2.0)
        with pytest.raises(ferrule.ValueError):
            call("testing.raise_error", "ValueError", "x")
    # Handles Go dropped without Close go with Go's collector, on its own schedule.
    assert settled_count() == start
