"""ferrule's operators against numpy, in the same run: matmul GFLOP/s, elementwise GB/s,
reductions, and the per-call cost of tiny ops.

Run: .venv/bin/python benches/python/bench_ops.py [--quick] [--filter NAME]

Each figure is the best of several timed runs (the machines are shared and noisy); the ratio
column is ferrule's throughput over numpy's (above 1.0 means ferrule is faster). ``target`` is
the figure issue 3 / issue 4 asks for. numpy runs single-threaded elementwise loops and
multi-threaded BLAS; ferrule uses its own pool (``FERRULE_NUM_THREADS``, default: all cores).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any, Callable

import numpy as np

import ferrule


def best_seconds(f: Callable[[], Any], budget: float, min_runs: int = 3) -> float:
    """The fastest of repeated runs of ``f`` lasting about ``budget`` seconds in total."""
    f()
    best = float("inf")
    start = time.perf_counter()
    runs = 0
    while runs < min_runs or (time.perf_counter() - start < budget and runs < 100_000):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
        runs += 1
    return best


def best_per_call(f: Callable[[], Any], number: int, repeat: int = 7) -> float:
    """The fastest mean seconds per call over ``repeat`` loops of ``number`` calls."""
    f()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            f()
        best = min(best, (time.perf_counter() - t) / number)
    return best


Row = tuple[str, str, float, float, str, str]


def throughput_case(name: str, unit: str, amount: float, fer: Callable[[], Any], ref: Callable[[], Any], budget: float, target: str) -> Row:
    tf = best_seconds(fer, budget)
    tn = best_seconds(ref, budget)
    return (name, unit, amount / tf / 1e9, amount / tn / 1e9, f"{tn / tf:.2f}x", target)


def latency_case(name: str, fer: Callable[[], Any], ref: Callable[[], Any], number: int, target: str) -> Row:
    tf = best_per_call(fer, number)
    tn = best_per_call(ref, number)
    return (name, "ns", tf * 1e9, tn * 1e9, f"{tf / tn:.2f}x time", target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (noisier)")
    parser.add_argument("--filter", default="", help="only cases whose name contains this")
    args = parser.parse_args()
    budget = 0.5 if args.quick else 2.0
    number = 20_000 if args.quick else 100_000
    rng = np.random.default_rng(0)
    rows: list[Row] = []

    def wanted(name: str) -> bool:
        return args.filter in name

    for n in (1024, 2048):
        name = f"matmul float32 {n}x{n}"
        if wanted(name):
            a = rng.standard_normal((n, n), dtype=np.float32)
            b = rng.standard_normal((n, n), dtype=np.float32)
            fa, fb = ferrule.Tensor(a), ferrule.Tensor(b)
            rows.append(throughput_case(name, "GFLOP/s", 2.0 * n**3, lambda: fa @ fb, lambda: a @ b, budget * 2, ">= 1.0x"))

    n = 1 << 24
    if wanted("add"):
        a = rng.standard_normal(n, dtype=np.float32)
        b = rng.standard_normal(n, dtype=np.float32)
        c = np.empty_like(a)
        fa, fb, fc = ferrule.Tensor(a), ferrule.Tensor(b), ferrule.zeros((n,), dtype=ferrule.float32)
        rows.append(
            throughput_case(
                "add(a, b, out=c) float32 16M", "GB/s", 12.0 * n,
                lambda: ferrule.add(fa, fb, out=fc), lambda: np.add(a, b, out=c), budget, ">= 1.2x",
            )
        )
    if wanted("sum"):
        a = rng.standard_normal(n, dtype=np.float32)
        fa = ferrule.Tensor(a)
        rows.append(throughput_case("sum float32 16M", "GB/s", 4.0 * n, lambda: ferrule.sum(fa), lambda: np.sum(a), budget, ">= 1.0x"))
    if wanted("exp"):
        m = 1 << 20
        a = rng.standard_normal(m, dtype=np.float32)
        fa = ferrule.Tensor(a)
        rows.append(throughput_case("exp float32 1M", "GB/s", 8.0 * m, lambda: ferrule.exp(fa), lambda: np.exp(a), budget, ">= 1.0x"))
    if wanted("tiny"):
        a = np.ones(1, dtype=np.float32)
        fa = ferrule.Tensor(a)
        rows.append(latency_case("a + b, 1-element float32 (tiny)", lambda: fa + fa, lambda: a + a, number, "<= 0.5x time"))
        m2 = np.ones((2, 2), dtype=np.float32)
        fm = ferrule.Tensor(m2)
        rows.append(latency_case("a @ b, 2x2 float32 (tiny)", lambda: fm @ fm, lambda: m2 @ m2, number, "<= 0.3x time"))
        rows.append(latency_case("ferrule.add(a, b), 1-element (tiny)", lambda: ferrule.add(fa, fa), lambda: np.add(a, a), number, ""))

    print(f"# ferrule operators vs numpy {np.__version__} — {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, FERRULE_NUM_THREADS={os.environ.get('FERRULE_NUM_THREADS', 'unset (all cores)')}")
    header = f"{'case':<40} {'unit':>8} {'ferrule':>10} {'numpy':>10} {'ratio':>12}  target"
    print(header)
    print("-" * len(header))
    for name, unit, fer, ref, ratio, target in rows:
        print(f"{name:<40} {unit:>8} {fer:>10.2f} {ref:>10.2f} {ratio:>12}  {target}")


if __name__ == "__main__":
    main()
