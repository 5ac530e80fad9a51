"""Shared helpers of the Python benchmarks: timing loops, optional peers, and the JSON records that
``benches/report.py`` turns into ``docs/benchmarks.md``.

A record is one row of a report table::

    {"group": "...", "case": "...", "unit": "ns/call", "lower_is_better": true,
     "values": {"ferrule": 61.0, "numpy": 90.2, ...}, "peer": "numpy", "note": "..."}

``values`` holds ferrule's figure and every peer's, all measured in the same run; ``peer`` names
the one the ratio (and the chart) compares against.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

Record = dict[str, Any]


def parser(doc: str | None) -> argparse.ArgumentParser:
    """The options every bench takes: --quick and --json PATH."""
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="short runs to check the pipeline (noisy figures)")
    p.add_argument("--json", metavar="PATH", help="also write the results as JSON records to PATH")
    return p


def optional_peer(module: str) -> Any | None:
    """The module if it is importable (torch, paddle, tvm_ffi: optional peers), else None."""
    try:
        return importlib.import_module(module)
    except Exception:  # not installed, or broken: the peer is left out
        return None


# Every timing below interleaves the contenders (ferrule, numpy, ...) and keeps each one's best:
# on a shared machine, other work then slows all of them alike instead of whichever happened to
# run at the wrong moment.


def ns_per_call(stmts: dict[str, str], env: dict[str, Any], number: int, repeat: int) -> dict[str, float]:
    """Minimum ns per call of each statement over ``repeat`` interleaved runs of ``number`` calls,
    the cost of an empty loop removed."""
    timers = {who: timeit.Timer(stmt, globals=env) for who, stmt in stmts.items()}
    timers[""] = timeit.Timer("pass", globals=env)
    best = dict.fromkeys(timers, float("inf"))
    for _ in range(repeat):
        for who, timer in timers.items():
            best[who] = min(best[who], timer.timeit(number))
    loop = best.pop("")
    return {who: max(b - loop, 0.0) / number * 1e9 for who, b in best.items()}


def best_seconds(
    fns: dict[str, Callable[[], Any]], budget: float, rounds: int = 4, min_runs: int = 2
) -> dict[str, float]:
    """The fastest single run of each function, about ``budget`` seconds of runs per function in
    all, interleaved in blocks: ``rounds`` times, each function in turn runs for
    ``budget / rounds`` seconds. Each block starts with a short pause and an untimed run, so the
    worker threads the previous function left spinning (OpenBLAS's, ferrule's pool) do not steal
    its cores."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(rounds):
        for who, f in fns.items():
            time.sleep(0.05)
            f()
            start = time.perf_counter()
            runs = 0
            while runs < min_runs or (time.perf_counter() - start < budget / rounds and runs < 100_000):
                t = time.perf_counter()
                f()
                best[who] = min(best[who], time.perf_counter() - t)
                runs += 1
    return best


def best_loop_seconds(fns: dict[str, Callable[[], Any]], budget: float) -> dict[str, float]:
    """Seconds per call of each function, for calls of a few microseconds, where timing one call
    at a time measures the clock as much as the call: the fastest mean of a loop of calls (as
    ``timeit`` does). The loop length is set once per function so that a loop takes about 0.5 ms,
    and the functions' loops alternate one by one for about ``budget`` seconds per function, so
    that a shared machine's slow and fast moments fall on all of them alike (blocks of many loops,
    as best_seconds interleaves, let one contender have a quiet block and the other a busy one)."""
    number: dict[str, int] = {}
    for who, f in fns.items():
        f()
        t = time.perf_counter()
        f()
        f()
        f()
        once = max((time.perf_counter() - t) / 3, 1e-9)
        number[who] = max(1, min(10_000, int(5e-4 / once)))
    best = dict.fromkeys(fns, float("inf"))
    spent = dict.fromkeys(fns, 0.0)
    loops = 0
    while loops < 3 or min(spent.values()) < budget:
        for who, f in fns.items():
            n = number[who]
            t = time.perf_counter()
            for _ in range(n):
                f()
            took = time.perf_counter() - t
            best[who] = min(best[who], took / n)
            spent[who] += took
        loops += 1
    return best


def best_per_call(fns: dict[str, Callable[[], Any]], number: int, repeat: int = 7) -> dict[str, float]:
    """The fastest mean seconds per call of each function, over ``repeat`` interleaved loops of
    ``number`` calls."""
    for f in fns.values():
        f()
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for who, f in fns.items():
            t = time.perf_counter()
            for _ in range(number):
                f()
            best[who] = min(best[who], (time.perf_counter() - t) / number)
    return best


def record(
    group: str,
    case: str,
    unit: str,
    values: dict[str, float],
    peer: str,
    *,
    lower_is_better: bool,
    note: str = "",
    ratio_text: str = "",
) -> Record:
    """One report row; see the module docstring. ``ratio_text`` replaces the ratio where a
    quotient would mean nothing (e.g. memory added by a zero-copy exchange: none)."""
    return {
        "group": group,
        "case": case,
        "unit": unit,
        "lower_is_better": lower_is_better,
        "values": values,
        "peer": peer,
        "note": note,
        "ratio_text": ratio_text,
    }


def ratio(rec: Record) -> float | None:
    """How many times faster (or leaner) ferrule is than the record's peer: above 1 is better.
    None when there is no meaningful ratio (a figure is missing or zero, or ``ratio_text`` says
    why)."""
    fer, ref = rec["values"].get("ferrule"), rec["values"].get(rec["peer"])
    if not fer or not ref or rec.get("ratio_text"):
        return None
    return ref / fer if rec["lower_is_better"] else fer / ref


def emit(records: list[Record], json_path: str | None) -> None:
    """Prints the records as a table and writes them to ``json_path`` when given."""
    groups: dict[str, list[Record]] = {}
    for r in records:
        groups.setdefault(r["group"], []).append(r)
    for group, rows in groups.items():
        peers = [k for k in rows[0]["values"] if k != "ferrule"]
        for r in rows[1:]:
            peers += [k for k in r["values"] if k != "ferrule" and k not in peers]
        width = max(len(r["case"]) for r in rows)
        print(f"\n## {group}")
        print(f"{'case':<{width}}  {'unit':>8}  {'ferrule':>10}  " + "  ".join(f"{p:>14}" for p in peers) + "  ratio")
        for r in rows:
            cells = "  ".join(f"{r['values'][p]:>14.4g}" if p in r["values"] else f"{'':>14}" for p in peers)
            q = ratio(r)
            shown = f"{q:.2f}x vs {r['peer']}" if q is not None else r.get("ratio_text", "")
            print(
                f"{r['case']:<{width}}  {r['unit']:>8}  {r['values'].get('ferrule', float('nan')):>10.4g}  {cells}  {shown}"
            )
    sys.stdout.flush()
    if json_path:
        path = pathlib.Path(json_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(records, indent=1) + "\n")
