"""Call overhead of ferrule functions from Python, as a ratio to ``operator.add`` (same run).

Run: FERRULE_TESTING_PLUGIN=target/release/libferrule_testing.so .venv/bin/python benches/python/bench_call.py
Each figure is the minimum over several runs of many calls (the machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import operator
import os
import pathlib
import timeit

# numpy's BLAS worker threads would compete for the (shared, 2-core) CPU; no BLAS runs here
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import ferrule.ffi as ffi  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[2]


def ns_per_call(stmt: str, env: dict, number: int, repeat: int) -> float:
    """Minimum ns per call of ``stmt`` over ``repeat`` runs of ``number`` calls (loop cost removed)."""
    timer = timeit.Timer(stmt, globals=env)
    empty = timeit.Timer("pass", globals=env)
    best = min(timer.repeat(repeat=repeat, number=number))
    loop = min(empty.repeat(repeat=repeat, number=number))
    return max(best - loop, 0.0) / number * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--number", type=int, default=1_000_000, help="calls per run")
    parser.add_argument("--repeat", type=int, default=7, help="runs; the minimum is reported")
    args = parser.parse_args()

    plugin = os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target/release/libferrule_testing.so")
    ffi.load_library(plugin)

    def py_nop() -> None:
        pass

    @ffi.register_func("bench.py_add", override=True)
    def py_add(a: int, b: int) -> int:
        return a + b

    env = {
        "add": operator.add,
        "py_nop": py_nop,
        "nop": ffi.get_global_func("testing.nop"),
        "demo_add": ffi.get_global_func("demo.add"),
        "scale": ffi.get_global_func("demo.scale"),
        "py_add": ffi.get_global_func("bench.py_add"),
    }
    cases = [
        ("operator.add(1, 2)", "add(1, 2)"),
        ("Python def, no body: f()", "py_nop()"),
        ("testing.nop()", "nop()"),
        ("demo.add(1, 2)", "demo_add(1, 2)"),
        ("demo.scale(3.0, factor=3.0)", "scale(3.0, factor=3.0)"),
        ("Python-registered bench.py_add(1, 2)", "py_add(1, 2)"),
    ]
    results = [(label, ns_per_call(stmt, env, args.number, args.repeat)) for label, stmt in cases]
    base = results[0][1]
    width = max(len(label) for label, _ in results)
    print(f"{'call':<{width}}  {'ns/call':>8}  {'x operator.add':>14}")
    for label, ns in results:
        print(f"{label:<{width}}  {ns:8.1f}  {ns / base:14.2f}")
    ffi.remove_global_func("bench.py_add")


if __name__ == "__main__":
    main()
