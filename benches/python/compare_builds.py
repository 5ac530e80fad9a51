"""Runs Python benchmarks against two builds of ferrule, alternately in fresh processes, and
prints each figure's best per build side by side: whether a change left the call overhead (or
anything else a bench measures) as it was.

Run: .venv/bin/python benches/python/compare_builds.py BEFORE AFTER [--rounds N] [--quick]
         [--bench "bench_call.py"] [--bench "bench_ops.py --filter tiny"]

BEFORE and AFTER are directories each holding a built ``ferrule`` package (the directory
``python/ferrule`` of a checkout after ``make build``: the extension and libferrule inside) and
the testing plugin ``libferrule_testing.so`` (from ``target/release``) beside it. Each round runs
every bench once per build, the builds' order alternating from round to round, so load on a
shared machine falls on both alike; a figure is the best (lowest time, highest rate) over the
rounds. The benches themselves interleave ferrule with its peers within a run, as always, so
each run also gives ferrule's figure relative to the row's peer (numpy, a Python def, ...),
which the build does not change: on a loaded machine that relative figure, the median over the
rounds, is the steadier one, and the last column compares it between the builds.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import statistics
import subprocess
import sys
import tempfile
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent


def run_bench(build: pathlib.Path, bench: str, quick: bool) -> list[dict[str, Any]]:
    """One run of `bench` (a bench file under benches/python and its arguments) with `build`'s
    package first on the path; its JSON records."""
    script, *extra = shlex.split(bench)
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "records.json"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(build), str(HERE)])
        env["FERRULE_TESTING_PLUGIN"] = str(build / "libferrule_testing.so")
        cmd = [sys.executable, str(HERE / script), *extra, "--json", str(out)] + (["--quick"] if quick else [])
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        records: list[dict[str, Any]] = json.loads(out.read_text())
    return records


def imported_from(build: pathlib.Path) -> pathlib.Path:
    """Where `import ferrule` finds the package with `build` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(build))
    code = "import ferrule; print(ferrule.__file__)"
    found = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    return pathlib.Path(found.stdout.strip()).resolve().parent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("before", type=pathlib.Path)
    p.add_argument("after", type=pathlib.Path)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--bench", action="append", help="a bench file and its arguments (default: bench_call.py)")
    p.add_argument("--quick", action="store_true", help="pass --quick to the benches (noisy, checks the pipeline)")
    args = p.parse_args()
    benches = args.bench or ["bench_call.py"]
    builds = {"before": args.before.resolve(), "after": args.after.resolve()}
    for name, build in builds.items():
        if not (build / "ferrule" / "__init__.py").exists() or not (build / "libferrule_testing.so").exists():
            p.error(f"{name}: {build} must hold ferrule/ (a built package) and libferrule_testing.so")
        if imported_from(build) != (build / "ferrule").resolve():
            p.error(f"{name}: `import ferrule` does not find {build / 'ferrule'} first (found {imported_from(build)})")

    # (group, case, contender) -> build name -> best value; and whether lower is better
    best: dict[tuple[str, str, str], dict[str, float]] = {}
    # (group, case) -> build name -> ferrule's value over the peer's in each run (ferrule's time
    # over the peer's, or the peer's rate over ferrule's: lower is better)
    relative: dict[tuple[str, str], dict[str, list[float]]] = {}
    peer_of: dict[tuple[str, str], str] = {}
    lower: dict[tuple[str, str], bool] = {}
    units: dict[tuple[str, str], str] = {}
    for round_ in range(args.rounds):
        order = list(builds.items()) if round_ % 2 == 0 else list(reversed(builds.items()))
        for name, build in order:
            for bench in benches:
                for r in run_bench(build, bench, args.quick):
                    row = (r["group"], r["case"])
                    lower[row], units[row] = r["lower_is_better"], r["unit"]
                    for who, value in r["values"].items():
                        slot = best.setdefault((*row, who), {})
                        keep = min if r["lower_is_better"] else max
                        slot[name] = keep(slot.get(name, value), value)
                    mine, peer = r["values"].get("ferrule"), r["values"].get(r.get("peer", ""))
                    if mine and peer:
                        peer_of[row] = r["peer"]
                        rel = mine / peer if r["lower_is_better"] else peer / mine
                        relative.setdefault(row, {}).setdefault(name, []).append(rel)
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)

    print(
        "| group | case | unit | ferrule before | ferrule after | after / before | peers (best of both) "
        "| vs peer before (median) | vs peer after (median) | after / before, vs peer |"
    )
    print("|---|---|---|---:|---:|---:|---|---:|---:|---:|")
    for row in sorted(lower, key=lambda r: (r[0], r[1])):
        mine = best.get((*row, "ferrule"), {})
        if "before" not in mine or "after" not in mine:
            continue
        peers = []
        for (group, case, who), values in sorted(best.items()):
            if (group, case) == row and who != "ferrule":
                pick = min if lower[row] else max
                peers.append(f"{who} {pick(values.values()):.1f}")
        ratio = mine["after"] / mine["before"] if mine["before"] else float("nan")
        rel = {name: statistics.median(runs) for name, runs in relative.get(row, {}).items()}
        if "before" in rel and "after" in rel:
            vs = f"{rel['before']:.3f} ({peer_of[row]}) | {rel['after']:.3f} | {rel['after'] / rel['before']:.3f}"
        else:
            vs = " |  | "
        print(
            f"| {row[0]} | {row[1]} | {units[row]} | {mine['before']:.1f} | {mine['after']:.1f} | {ratio:.3f} | "
            f"{', '.join(peers)} | {vs} |"
        )


if __name__ == "__main__":
    main()
