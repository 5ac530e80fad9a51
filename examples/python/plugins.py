"""Plugins from Python: a Rust plugin and a C plugin loaded at run time, their functions called.

A plugin is a shared library exporting ``ferrule_plugin_init``; loading it adds its functions to
the one registry of the process, where Python, Go, C and other plugins all find them. Neither
example plugin links libferrule: each calls only the API table the host hands it.

- ``examples/plugin-rust`` (``libferrule_example_plugin.so``): ``example_rust.scale``,
  ``example_rust.describe``;
- ``examples/plugin-c`` (``libferrule_plugin_c.so``): ``example_c.sum``, ``example_c.fill``,
  ``example_c.arange``.

Run (after ``make plugins``; the Makefile exports both variables):
  FERRULE_EXAMPLE_RUST_PLUGIN=target/release/libferrule_example_plugin.so \\
  FERRULE_EXAMPLE_C_PLUGIN=target/examples/libferrule_plugin_c.so .venv/bin/python examples/python/plugins.py
"""

from __future__ import annotations

import inspect
import os
import pathlib

import ferrule
import ferrule.ffi as ffi
import numpy as np

REPO = pathlib.Path(__file__).resolve().parents[2]
RUST_PLUGIN = os.environ.get("FERRULE_EXAMPLE_RUST_PLUGIN") or REPO / "target/release/libferrule_example_plugin.so"
C_PLUGIN = os.environ.get("FERRULE_EXAMPLE_C_PLUGIN") or REPO / "target/examples/libferrule_plugin_c.so"


def main() -> None:
    before = set(ffi.list_global_func_names())
    ffi.load_library(RUST_PLUGIN)
    ffi.load_library(C_PLUGIN)
    added = sorted(set(ffi.list_global_func_names()) - before)
    print(f"loaded 2 plugins, which registered: {', '.join(added)}")
    assert {"example_rust.scale", "example_c.sum"} <= set(added)

    print("the Rust plugin")
    scale = ffi.get_global_func("example_rust.scale")
    describe = ffi.get_global_func("example_rust.describe")
    x = ferrule.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    print(f"   example_rust.scale{inspect.signature(scale)}")
    y = scale(x.T, 10.0)  # a strided view in, a new contiguous tensor out
    print(f"   example_rust.scale(x.T, 10.0) = {y.tolist()}")
    assert y.tolist() == (np.arange(6, dtype=np.float32).reshape(2, 3).T * 10).tolist()
    print(f"   example_rust.describe(x.T) = {describe(x.T)!r}")
    assert describe(x.T) == "Tensor(shape=(3, 2), dtype=float32, strides=(1, 3))"
    try:
        scale(x, "ten")
    except TypeError as e:
        print(f"   a bad argument -> TypeError: {e}")
    else:
        raise AssertionError("example_rust.scale(x, 'ten') must fail")

    print("the C plugin")
    arange = ffi.get_global_func("example_c.arange")
    total = ffi.get_global_func("example_c.sum")
    fill = ffi.get_global_func("example_c.fill")
    r = arange(5)
    print(f"   example_c.arange(5) = {r.tolist()} ({r.dtype}); example_c.sum of it = {total(r)}")
    assert r.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0] and total(r) == 10.0
    array = np.zeros(3)
    fill(ferrule.asarray(array), 2.5)  # C writes into numpy's memory, shared without a copy
    print(f"   example_c.fill(asarray(array), 2.5) -> array = {array.tolist()}")
    assert array.tolist() == [2.5, 2.5, 2.5]

    print("plugins compose: the Rust plugin's result fed to the C plugin")
    composed = total(scale(arange(4), 0.5))
    print(f"   example_c.sum(example_rust.scale(example_c.arange(4), 0.5)) = {composed}")
    assert composed == 3.0


if __name__ == "__main__":
    main()
