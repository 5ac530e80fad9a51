"""Packed functions, the ferrule way: a tour of the function registry from Python.

TVM registers functions under dotted names in one global registry, lists them
(``ListGlobalNames``), calls C++ functions from Python and Python functions from C++, fills
Python modules with ``_init_api(prefix)``, and has a ctypes frontend over its ``extern "C"`` API.
This example does each of those, first through the compiled extension (``ferrule.ffi``), then
again through the pure-ctypes frontend (``ferrule.ffi.ctypes``), which uses nothing but the C ABI
of ``include/ferrule/ferrule.h``. Both frontends see the same registry.

Run: FERRULE_TESTING_PLUGIN=target/release/libferrule_testing.so .venv/bin/python examples/python/registry_tour.py
"""

from __future__ import annotations

import inspect
import os
import pathlib
import types

import ferrule
import ferrule.ffi as ffi
import ferrule.ffi.ctypes as cffi

REPO = pathlib.Path(__file__).resolve().parents[2]


def main() -> None:
    # Plugins add their functions to the one registry of the process.
    ffi.load_library(os.environ.get("FERRULE_TESTING_PLUGIN") or REPO / "target/release/libferrule_testing.so")

    print("1. list the registry (TVM's ListGlobalNames)")
    names = ffi.list_global_func_names()
    prefixes = sorted({name.split(".")[0] for name in names})
    print(f"   {len(names)} registered functions under {', '.join(prefixes)}")
    assert {"demo.scale", "testing.apply", "ops.matmul"} <= set(names)

    print("2. call a Rust function by name")
    scale = ffi.get_global_func("demo.scale")  # a typed Rust closure inside libferrule
    print(f"   demo.scale{inspect.signature(scale)}: {(scale.__doc__ or '').splitlines()[0]}")
    print(f"   demo.scale(3.0) = {scale(3.0)}; demo.scale(3.0, factor=0.5) = {scale(3.0, factor=0.5)}")
    assert scale(3.0) == 6.0 and scale(3.0, factor=0.5) == 1.5

    print("3. register a Python function; native code calls it")

    @ffi.register_func("tour.greet", override=True)
    def greet(name: str, punctuation: str = "!") -> str:
        """Greets someone."""
        return f"hello, {name}{punctuation}"

    apply = ffi.get_global_func("testing.apply")  # Rust: calls f(*args) through the C ABI
    greeting = apply(ffi.get_global_func("tour.greet"), "ferrule")
    print(f"   testing.apply(tour.greet, 'ferrule') = {greeting!r}")
    assert greeting == "hello, ferrule!"

    def fails() -> None:
        raise ValueError("raised inside a callback")

    try:
        apply(fails)
    except ValueError as e:  # the callback's exception comes back through Rust unchanged
        print(f"   the callback's exception came back: {type(e).__name__}: {e}")
    else:
        raise AssertionError("the callback's exception must reach the caller")

    print("4. populate a module from a prefix (TVM's _init_api)")
    demo = ffi.init_api("demo", types.ModuleType("demo"))
    print(f"   demo.add{inspect.signature(demo.add)}; demo.add(2, 3) = {demo.add(2, 3)}")
    assert demo.add(2, 3) == 5 and demo.scale(1.0) == 2.0
    t = ferrule.tensor([1.0, 2.0, 3.5])
    testing = ffi.init_api("testing", types.ModuleType("testing"))
    print(f"   testing.tensor_sum({t.tolist()}) = {testing.tensor_sum(t)}  (a tensor crossing the ABI)")
    assert testing.tensor_sum(t) == 6.5

    print("5. the same through the pure-ctypes frontend (ferrule.ffi.ctypes: the C ABI alone)")
    c_names = cffi.list_global_func_names()
    assert c_names == ffi.list_global_func_names() and "tour.greet" in c_names
    print(f"   list_global_func_names(): the extension's {len(c_names)} names (tour.greet included)")
    c_scale = cffi.get_global_func("demo.scale")
    print(f"   demo.scale(3.0, factor=0.5) = {c_scale(3.0, factor=0.5)}")
    assert c_scale(3.0, factor=0.5) == 1.5
    c_apply = cffi.get_global_func("testing.apply")
    print(
        f"   testing.apply(tour.greet, 'ctypes', '?') = {c_apply(cffi.get_global_func('tour.greet'), 'ctypes', '?')!r}"
    )
    assert c_apply(cffi.get_global_func("tour.greet"), "ctypes", "?") == "hello, ctypes?"

    @cffi.register_func("tour.shout", override=True)
    def shout(text: str) -> str:
        return text.upper()

    # registered through ctypes, called through the extension via native code:
    assert apply(ffi.get_global_func("tour.shout"), "both frontends") == "BOTH FRONTENDS"
    c_demo = cffi.init_api("demo", types.ModuleType("c_demo"))
    print(
        f"   tour.shout registered via ctypes, called via the extension: {apply(ffi.get_global_func('tour.shout'), 'ok')!r}"
    )
    print(f"   init_api: c_demo.add(2, 3) = {c_demo.add(2, 3)}")
    assert c_demo.add(2, 3) == 5
    c_t = cffi.tensor([1.0, 2.0, 3.5])
    assert cffi.get_global_func("testing.tensor_sum")(c_t) == 6.5

    ffi.remove_global_func("tour.greet")
    ffi.remove_global_func("tour.shout")


if __name__ == "__main__":
    main()
