"""Go code calling Python-registered functions (Go over the C ABI, the other way round).

A Go program cannot host a Python interpreter, so this direction runs in a Python process: it
registers Python functions, then loads the Go plugin (``go/examples/plugin``, Go built with
``-buildmode=c-shared -tags ferrule_plugin``), whose Go functions look the Python ones up in the
shared registry and call them. Errors cross both ways as values of their kind.

Run (after ``make go-plugin``):
  FERRULE_GO_PLUGIN=build/libferrule_go_plugin.so .venv/bin/python examples/python/go_plugin.py
"""

from __future__ import annotations

import os
import pathlib

import ferrule
import ferrule.ffi as ffi
import numpy as np

REPO = pathlib.Path(__file__).resolve().parents[2]
GO_PLUGIN = os.environ.get("FERRULE_GO_PLUGIN") or REPO / "build/libferrule_go_plugin.so"


@ffi.register_func("pyhost.normalize", override=True)
def normalize(x: ferrule.Tensor) -> ferrule.Tensor:
    """x divided by its sum (a Python function that Go will call)."""
    return x / ferrule.sum(x)


@ffi.register_func("pyhost.check_positive", override=True)
def check_positive(value: float) -> float:
    """Returns value, or raises ValueError when it is not positive."""
    if value <= 0:
        raise ValueError(f"expected a positive value, got {value}")
    return value


def main() -> None:
    ffi.load_library(GO_PLUGIN)
    call = ffi.get_global_func("goplugin.call")  # Go: GetGlobalFunc(name), then f.Call(args...)

    print("Python calls Go")
    print(f"   goplugin.add(40, 2) = {ffi.get_global_func('goplugin.add')(40, 2)}")
    x = ferrule.asarray(np.array([1.0, 3.0]))
    scaled = ffi.get_global_func("goplugin.scale")(x, 3.0)  # Go calls ferrule.Multiply
    print(f"   goplugin.scale([1, 3], 3.0) = {scaled.tolist()}  (Go's generated ferrule.Multiply wrapper)")
    assert scaled.tolist() == [3.0, 9.0]

    print("Go calls Python-registered functions by name")
    n = call("pyhost.normalize", x)
    print(f"   goplugin.call('pyhost.normalize', [1, 3]) = {n.tolist()}")
    assert n.tolist() == [0.25, 0.75]
    print(f"   goplugin.call('pyhost.check_positive', 2.5) = {call('pyhost.check_positive', 2.5)}")
    try:
        call("pyhost.check_positive", -1.0)
    except ValueError as e:  # raised in Python, passed through Go, caught in Python
        print(f"   a Python exception through Go -> {type(e).__name__}: {e}")
        assert "expected a positive value" in str(e)
    else:
        raise AssertionError("the ValueError must come back through Go")

    print("Go errors reach Python as exceptions of their kind")
    try:
        ffi.get_global_func("goplugin.fail")("KeyError", "no such key, from Go")
    except KeyError as e:
        print(f"   goplugin.fail('KeyError', ...) -> {type(e).__name__}: {e}")
    else:
        raise AssertionError("goplugin.fail must raise")
    try:
        ffi.get_global_func("goplugin.panic")("boom")
    except RuntimeError as e:
        print(f"   a Go panic -> {type(e).__name__}: {e}")
    else:
        raise AssertionError("goplugin.panic must raise")


if __name__ == "__main__":
    main()
