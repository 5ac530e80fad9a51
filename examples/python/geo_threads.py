"""GIL release: great-circle distances from 1 and 2 Python threads.

A native service computes the haversine distance between two cities one million times with the
GIL released, so Python threads calling it run in parallel. This demo runs, from 1 thread
and then from 2 threads each doing the same job, and prints the speedup in throughput
(2 x the one-thread time / the two-thread time; 2.0 is perfect scaling, 1.0 none):

1. the loop in pure Python, as the baseline that the GIL serialises;
2. ``ferrule.geo_distance``, the vectorised operator, over arrays of coordinates;
3. ``examples.geo_distance(lon1, lat1, lon2, lat2, test_cnt)``, the registered native function
   with the same loop semantics (the same distance recomputed ``test_cnt`` times, GIL
   released), looked up by name in the registry. When it is not registered the demo says so and
   skips it.

The results are checked (against numpy and the Python loop), and so is what makes the speedup
possible: this thread keeps running Python while another is inside the native call. The
speedup itself is printed, not asserted: it depends on how many cores are free.

Run: .venv/bin/python examples/python/geo_threads.py [--count N] [--points N] [--repeat N]
"""

from __future__ import annotations

import argparse
import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np

#: Two points in Shenzhen, in degrees.
LON1, LAT1, LON2, LAT2 = 113.973129, 22.599578, 114.3311032, 22.6986848
EARTH_RADIUS_M = 6378 * 1000  # the equatorial radius, rounded


def rad(d: float) -> float:
    """Degrees to radians."""
    return d * 3.1415926535897932384626433832795 / 180.0


def geo_distance_py(lon1: float, lat1: float, lon2: float, lat2: float, test_cnt: int) -> float:
    """The Python loop: the same haversine distance computed ``test_cnt`` times."""
    distance = 0.0
    for _ in range(test_cnt):
        rad_lat1 = rad(lat1)
        rad_lat2 = rad(lat2)
        a = rad_lat1 - rad_lat2
        b = rad(lon1) - rad(lon2)
        s = math.sin(a / 2) ** 2 + math.cos(rad_lat1) * math.cos(rad_lat2) * math.sin(b / 2) ** 2
        distance = 2 * math.asin(math.sqrt(s)) * EARTH_RADIUS_M
    return distance


def wall_time(job: Callable[[], Any], threads: int, repeat: int) -> float:
    """The best of ``repeat`` wall times of ``threads`` threads each running ``job`` once."""
    best = math.inf
    for _ in range(repeat):
        workers = [threading.Thread(target=job) for _ in range(threads)]
        start = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        best = min(best, time.perf_counter() - start)
    return best


def report(label: str, job: Callable[[], Any], repeat: int) -> float:
    """Times ``job`` from 1 and 2 threads, prints both and the speedup, returns the speedup."""
    job()  # warm up (first calls, page faults)
    one = wall_time(job, 1, repeat)
    two = wall_time(job, 2, repeat)
    speedup = 2 * one / two
    print(f"  {label:<44} 1 thread {one * 1e3:9.1f} ms   2 threads {two * 1e3:9.1f} ms   speedup {speedup:4.2f}x")
    return speedup


def longest_pause(job: Callable[[], Any]) -> tuple[float, float]:
    """Runs ``job`` in a second thread while this thread spins in a Python loop; returns the job's
    duration and the loop's longest pause (about the whole duration if ``job`` holds the GIL)."""
    done = threading.Event()
    duration = 0.0

    def worker() -> None:
        nonlocal duration
        start = time.perf_counter()
        job()
        duration = time.perf_counter() - start
        done.set()

    thread = threading.Thread(target=worker)
    thread.start()
    last, longest = time.perf_counter(), 0.0
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    thread.join()
    return duration, longest


def lookup(name: str) -> ferrule.Function | None:
    """The function registered under ``name``, or ``None`` when nothing is."""
    try:
        return ferrule.get_global_func(name)
    except ferrule.KeyError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=1_000_000, help="test_cnt of examples.geo_distance")
    parser.add_argument("--py-count", type=int, default=200_000, help="test_cnt of the pure-Python loop")
    parser.add_argument("--points", type=int, default=1_000_000, help="coordinate pairs for ferrule.geo_distance")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per configuration (best is shown)")
    args = parser.parse_args()
    print(f"geo_distance from 1 and 2 Python threads ({os.cpu_count()} CPUs; speedup = 2 x t1 / t2)")

    # 1. The Python loop: the GIL lets one thread run at a time.
    expected = geo_distance_py(LON1, LAT1, LON2, LAT2, 1)
    report(
        f"pure Python loop, test_cnt={args.py_count:,}",
        lambda: geo_distance_py(LON1, LAT1, LON2, LAT2, args.py_count),
        args.repeat,
    )

    # 2. The vectorised operator on tensors of random coordinates (checked against numpy).
    rng = np.random.default_rng(0)
    lon1, lon2 = (rng.uniform(-180.0, 180.0, args.points) for _ in range(2))
    lat1, lat2 = (rng.uniform(-90.0, 90.0, args.points) for _ in range(2))
    tensors = [ferrule.asarray(a) for a in (lon1, lat1, lon2, lat2)]
    got = np.asarray(ferrule.geo_distance(*tensors))
    r1, r2 = np.radians(lat1), np.radians(lat2)
    s = np.sin((r1 - r2) / 2) ** 2 + np.cos(r1) * np.cos(r2) * np.sin(np.radians(lon1 - lon2) / 2) ** 2
    want = 2 * np.arcsin(np.sqrt(s)) * EARTH_RADIUS_M
    error = float(np.max(np.abs(got - want)))
    print(f"  ferrule.geo_distance matches numpy: max |difference| = {error:.3g} m")
    assert error < 1e-3, f"ferrule.geo_distance differs from numpy by {error} m"
    report(f"ferrule.geo_distance, {args.points:,} points", lambda: ferrule.geo_distance(*tensors), args.repeat)

    # 3. The registered function with the same loop, GIL released.
    func = lookup("examples.geo_distance")
    if func is None:
        print("  examples.geo_distance is not registered in this build: skipping the native loop")
        return
    value = func(LON1, LAT1, LON2, LAT2, args.count)
    print(f"  examples.geo_distance(...) = {value:.6f} m (the Python loop gives {expected:.6f} m)")
    assert math.isclose(value, expected, rel_tol=1e-12), "the native loop and the Python loop disagree"
    speedup = report(
        f"examples.geo_distance, test_cnt={args.count:,}", lambda: func(LON1, LAT1, LON2, LAT2, args.count), args.repeat
    )
    if speedup < 1.8:
        print(f"  (below 1.8x: is the machine busy? {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f})")

    # The speedup depends on free cores; what makes it possible does not: while one thread is
    # inside the native call (sized to take about 0.3 s), the GIL is free and this thread runs on.
    start = time.perf_counter()
    func(LON1, LAT1, LON2, LAT2, args.count)
    count = max(1, round(args.count * 0.3 / max(time.perf_counter() - start, 1e-6)))
    duration, pause = longest_pause(lambda: func(LON1, LAT1, LON2, LAT2, count))
    print(
        f"  while another thread spent {duration * 1e3:.0f} ms in examples.geo_distance, this one never paused longer than {pause * 1e3:.1f} ms"
    )
    assert pause < duration / 2, "the GIL was held during examples.geo_distance"


if __name__ == "__main__":
    main()
