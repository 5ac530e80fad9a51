"""What the profiler costs: an empty packed call and ``a + b`` on 1-element tensors with the profiler
compiled in but off, against a build from before it existed, and with it recording.

Run: .venv/bin/python benches/python/bench_profiler.py [--quick] [--json PATH] [--baseline DIR]

Off: the two builds run in alternating subprocesses (one library per process), each timing its
calls as bench_call.py does (the best of its repeats). A process's figure moves by a nanosecond or
two with where its code and objects land in memory, so each build's figure is the median over its
processes, and the noise is how far apart the baseline's own processes land (its interquartile
range). Where valgrind is installed, both builds also count the instructions one call executes
inside libferrule (callgrind, two loop lengths subtracted): a figure with no noise to speak of. The
baseline is a ferrule checkout with a built Python package and testing plugin
(``DIR/python/ferrule``, ``DIR/target/release/libferrule_testing.so``), from ``--baseline`` or
``$FERRULE_BENCH_BASELINE``; without one, this part is left out with a note.

On: in one process, the same calls with the profiler recording and not, interleaved; what
recording adds per call, divided by the events each call records (a packed call records one, an
op's call two: the call and the op's kernel), is the cost of one event.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import timeit

from _benchutil import Record, emit, parser, record

REPO = pathlib.Path(__file__).resolve().parents[2]
GROUP = "Profiler overhead (Python)"
CASES = {
    "nop": ("an empty packed call, f() from an init_api module", "mod_nop()"),
    "add": ("a + b, 1-element float32", "a + b"),
}


def setup(plugin: str) -> dict[str, object]:
    import types

    import ferrule
    import ferrule.ffi as ffi

    ffi.load_library(plugin)
    testing = ffi.init_api("testing", types.ModuleType("bench_testing"))
    a = ferrule.ones((1,), dtype=ferrule.float32)
    return {"mod_nop": testing.nop, "a": a, "b": ferrule.ones((1,), dtype=ferrule.float32)}


def best_ns(stmt: str, env: dict[str, object], number: int, repeat: int) -> float:
    """The best ns per call over ``repeat`` runs of ``number`` calls, the empty loop removed."""
    timer, empty = timeit.Timer(stmt, globals=env), timeit.Timer("pass", globals=env)
    best = min(timer.timeit(number) for _ in range(repeat))
    loop = min(empty.timeit(number) for _ in range(repeat))
    return max(best - loop, 0.0) / number * 1e9


def worker(case: str, plugin: str, number: int, repeat: int) -> None:
    """Times one case in this process (whichever ferrule is on sys.path) and prints ns/call."""
    env = setup(plugin)
    stmt = CASES[case][1]
    print(json.dumps({"ns": best_ns(stmt, env, number, repeat)}))


def worker_env(build: pathlib.Path | None) -> tuple[dict[str, str], str]:
    """The environment and testing plugin of a worker using the checkout ``build`` (or this one)."""
    root = build or REPO
    env = os.environ | {"PYTHONPATH": str(root / "python"), "PYTHONHASHSEED": "0", "FERRULE_SPIN_US": "0"}
    env.pop("FERRULE_LIBRARY", None)
    return env, str(root / "target/release/libferrule_testing.so")


def run_worker(case: str, build: pathlib.Path | None, number: int, repeat: int) -> float:
    """ns/call of ``case`` in a fresh process, with the baseline checkout ``build`` (or this one)."""
    env, plugin = worker_env(build)
    cmd = [sys.executable, __file__, "--worker", case, plugin, str(number), str(repeat)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, cwd=REPO)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["ns"])


def count(case: str, plugin: str, number: int) -> None:
    """Runs ``case`` ``number`` times in a plain loop (the process callgrind counts)."""
    import gc

    env = setup(plugin)
    code = compile(f"for _ in range({number}):\n    {CASES[case][1]}\n", "<count>", "exec")
    gc.disable()
    exec(code, env)


def instructions(case: str, build: pathlib.Path | None) -> float:
    """Instructions libferrule executes for one call of ``case`` with ``build`` (or this one):
    callgrind counting only inside libferrule's C entry points (``ferrule_*``), where every
    recording point of the profiler is, so the interpreter's start-up (which varies by millions of
    instructions from run to run) is left out."""
    env, plugin = worker_env(build)
    totals = []
    for number in (20_000, 220_000):
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=ferrule_*"]
            + ["--callgrind-out-file=/dev/null", sys.executable, __file__]
            + ["--count", case, plugin, str(number)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
        )
        line = next(x for x in out.stderr.splitlines() if "Collected" in x)
        totals.append(int(line.split()[-1]))
    return (totals[1] - totals[0]) / 200_000


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """The lower quartile, median and upper quartile of ``values``."""
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def off_records(baseline: pathlib.Path, quick: bool) -> list[Record]:
    number, repeat, rounds = (100_000, 3, 3) if quick else (1_000_000, 5, 12)
    counted = not quick and shutil.which("valgrind") is not None
    records = []
    for case, (label, _stmt) in CASES.items():
        runs: dict[str, list[float]] = {"ferrule": [], "baseline": []}
        for _ in range(rounds):
            runs["ferrule"].append(run_worker(case, None, number, repeat))
            runs["baseline"].append(run_worker(case, baseline, number, repeat))
        median = {who: statistics.median(r) for who, r in runs.items()}
        low, _, high = quartiles(runs["baseline"])
        diff = median["ferrule"] - median["baseline"]
        note = (
            f"difference {diff:+.2f} ns/call (medians of {rounds} alternating processes each; best "
            f"{min(runs['ferrule']):.2f} against {min(runs['baseline']):.2f}); the baseline's own processes "
            f"spread {high - low:.2f} ns (interquartile range)"
        )
        if counted:
            ours, theirs = instructions(case, None), instructions(case, baseline)
            note += (
                f"; libferrule's instructions per call {ours:.1f} against {theirs:.1f} ({ours - theirs:+.1f}, "
                "callgrind)"
            )
        elif not quick:
            note += "; valgrind not installed: no instruction count"
        records.append(
            record(
                GROUP,
                f"{label}: profiler compiled in, off",
                "ns/call",
                median,
                "baseline",
                lower_is_better=True,
                note=note + f"; baseline: {baseline} (a build without the profiler); target: within the noise, "
                "at most 1 ns",
            )
        )
    return records


def on_records(quick: bool) -> list[Record]:
    import ferrule.ffi as ffi

    number, repeat = (50_000, 3) if quick else (200_000, 7)
    env = setup(os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target/release/libferrule_testing.so"))
    start, stop = ffi.get_global_func("profiler.start"), ffi.get_global_func("profiler.stop")
    records = []
    for label, stmt in CASES.values():
        timer = timeit.Timer(stmt, globals=env)
        stop_events = 0
        best = {"off": float("inf"), "on": float("inf")}
        for _ in range(repeat):
            best["off"] = min(best["off"], timer.timeit(number))
            start()
            try:
                best["on"] = min(best["on"], timer.timeit(number))
            finally:
                profile = stop()
            stop_events = len(profile("events"))
            del profile  # (frees this run's events before the next)
        off, on = (best[k] / number * 1e9 for k in ("off", "on"))
        per_call = stop_events / number
        per_event = (on - off) / per_call if per_call else float("nan")
        records.append(
            record(
                GROUP,
                f"{label}: profiler recording ({per_call:g} events/call)",
                "ns/call",
                {"ferrule": on, "off": off},
                "off",
                lower_is_better=True,
                note=f"{per_event:.1f} ns added per recorded event; target: at most 100 ns",
            )
        )
    return records


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        case, plugin, number, repeat = sys.argv[2:6]
        worker(case, plugin, int(number), int(repeat))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--count":
        case, plugin, number = sys.argv[2:5]
        count(case, plugin, int(number))
        return
    p = parser(__doc__)
    p.add_argument("--baseline", metavar="DIR", help="a ferrule checkout built without the profiler")
    args = p.parse_args()
    records = on_records(args.quick)
    baseline = args.baseline or os.environ.get("FERRULE_BENCH_BASELINE")
    if baseline:
        records = off_records(pathlib.Path(baseline).resolve(), args.quick) + records
    else:
        print(
            "note: no baseline build (--baseline DIR or $FERRULE_BENCH_BASELINE): the off-versus-before "
            "comparison is left out"
        )
    emit(records, args.json)


if __name__ == "__main__":
    main()
