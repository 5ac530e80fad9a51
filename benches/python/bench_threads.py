"""Thread scaling of the great-circle distance workload: ``examples.geo_distance(..., test_cnt)`` from
1 and 2 Python threads, against a pure-Python loop and a numpy version, in the same run.

Run: .venv/bin/python benches/python/bench_threads.py [--quick] [--json PATH]

Every thread computes the same distance ``test_cnt`` times. examples.geo_distance is registered
long-running, so the Python extension lets the GIL go around the call and the threads run on
separate cores; the pure-Python loop holds the GIL and cannot scale. numpy's version evaluates
the formula on numpy scalars (the closest numpy gets to a scalar loop) and holds the GIL
between scalar operations. Speedup = (threads x one thread's time) / wall time with N threads.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import ferrule.ffi as ffi
import numpy as np
from _benchutil import Record, emit, parser, record

GROUP = "geo_distance thread scaling (Python threads)"
POINTS = (113.973129, 22.599578, 114.3311032, 22.6986848)


def rad(d: float) -> float:
    return d * 3.1415926535897932384626433832795 / 180.0


def geo_distance_py(lon1: float, lat1: float, lon2: float, lat2: float, test_cnt: int) -> float:
    """The pure-Python loop: the same distance computed ``test_cnt`` times."""
    distance = 0.0
    for _ in range(test_cnt):
        rad_lat1 = rad(lat1)
        rad_lat2 = rad(lat2)
        a = rad_lat1 - rad_lat2
        b = rad(lon1) - rad(lon2)
        s = math.sin(a / 2) ** 2 + math.cos(rad_lat1) * math.cos(rad_lat2) * math.sin(b / 2) ** 2
        distance = 2 * math.asin(math.sqrt(s)) * 6378 * 1000
    return distance


def geo_distance_numpy(lon1: float, lat1: float, lon2: float, lat2: float, test_cnt: int) -> float:
    """The same loop on numpy float64 scalars."""
    lon1_, lat1_, lon2_, lat2_ = (np.float64(v) for v in (lon1, lat1, lon2, lat2))
    distance = np.float64(0.0)
    for _ in range(test_cnt):
        r1, r2 = np.radians(lat1_), np.radians(lat2_)
        a = r1 - r2
        b = np.radians(lon1_) - np.radians(lon2_)
        s = np.sin(a / 2) ** 2 + np.cos(r1) * np.cos(r2) * np.sin(b / 2) ** 2
        distance = 2 * np.arcsin(np.sqrt(s)) * 6378 * 1000
    return float(distance)


def wall_time(f: Callable[..., Any], test_cnt: int, threads: int, repeat: int) -> float:
    """Best wall time of ``threads`` threads each running ``f(*POINTS, test_cnt)`` once."""
    best = float("inf")
    for _ in range(repeat):
        workers = [threading.Thread(target=f, args=(*POINTS, test_cnt)) for _ in range(threads)]
        start = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    args = parser(__doc__).parse_args()
    repeat = 3 if args.quick else 5
    native = ffi.get_global_func("examples.geo_distance")
    expected = geo_distance_py(*POINTS, 1)
    assert math.isclose(native(*POINTS, 1), expected, rel_tol=1e-12), "ferrule and the Python formula disagree"

    # Counts chosen so that one thread runs for roughly the same time with each implementation.
    counts = {"ferrule": 2_000_000, "Python (seed)": 200_000, "numpy scalars": 20_000}
    if args.quick:
        counts = {k: v // 10 for k, v in counts.items()}
    impls: dict[str, Callable[..., Any]] = {
        "ferrule": native,
        "Python (seed)": geo_distance_py,
        "numpy scalars": geo_distance_numpy,
    }

    per_iteration: dict[str, float] = {}
    speedup: dict[str, float] = {}
    for who, f in impls.items():
        one = wall_time(f, counts[who], 1, repeat)
        two = wall_time(f, counts[who], 2, repeat)
        per_iteration[who] = one / counts[who] * 1e9
        speedup[who] = 2 * one / two
    cores = os.cpu_count() or 1
    records: list[Record] = [
        record(
            GROUP,
            "one distance, 1 thread",
            "ns",
            per_iteration,
            "Python (seed)",
            lower_is_better=True,
            note="time per iteration of the loop",
        ),
        record(
            GROUP,
            f"speedup with 2 threads (ideal {min(2, cores)}.0)",
            "x",
            speedup,
            "Python (seed)",
            lower_is_better=False,
            note=f"2 x one thread's time / wall time of 2 threads, on {cores} cores",
        ),
    ]
    emit(records, args.json)


if __name__ == "__main__":
    main()
