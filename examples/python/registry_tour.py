"""A tour of the ferrule function registry from Python.

Lists the registry, calls a Rust function by name, registers a Python function and has native
code call it, and populates a Python module from a registry prefix.

Run: FERRULE_TESTING_PLUGIN=target/release/libferrule_testing.so .venv/bin/python examples/python/registry_tour.py
"""

from __future__ import annotations

import inspect
import os
import pathlib
import types

import ferrule
import ferrule.ffi as ffi

REPO = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    # Plugins add their functions to the one registry of the process.
    ffi.load_library(os.environ.get("FERRULE_TESTING_PLUGIN") or REPO / "target/release/libferrule_testing.so")

    names = ffi.list_global_func_names()
    print(f"{len(names)} registered functions, e.g. {', '.join(names[:4])}, ...")

    # A Rust function (a typed closure inside libferrule), looked up by name.
    scale = ffi.get_global_func("demo.scale")
    print(f"demo.scale{inspect.signature(scale)}")
    print(f"  demo.scale(3.0) = {scale(3.0)}; demo.scale(3.0, factor=0.5) = {scale(3.0, factor=0.5)}")

    # A Python function registered under a name; native code (testing.apply) calls it back.
    @ffi.register_func("tour.greet", override=True)
    def greet(name: str, punctuation: str = "!") -> str:
        """Greets someone."""
        return f"hello, {name}{punctuation}"

    apply = ffi.get_global_func("testing.apply")
    print(f"  testing.apply(tour.greet, 'ferrule') = {apply(ffi.get_global_func('tour.greet'), 'ferrule')!r}")

    # Exceptions raised in Python callbacks come back through native code unchanged.
    def fails() -> None:
        raise ValueError("raised inside a callback")

    try:
        apply(fails)
    except ValueError as e:
        print(f"  the callback's exception came back: {type(e).__name__}: {e}")

    # Every `demo.*` function becomes an attribute of a module, with its signature and doc.
    demo = ffi.init_api("demo", types.ModuleType("demo"))
    print(f"  demo.add(2, 3) = {demo.add(2, 3)}; help line: {demo.add.__name__}{inspect.signature(demo.add)}")

    # Tensors cross the ABI too.
    t = ferrule.tensor([1.0, 2.0, 3.5])
    print(f"  t = {t!r}")
    print(f"  testing.tensor_sum(t) = {ffi.get_global_func('testing.tensor_sum')(t)}; t.shape = {t.shape}")

    ffi.remove_global_func("tour.greet")


if __name__ == "__main__":
    main()
