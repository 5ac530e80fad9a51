"""Zero-copy exchange of a large array between numpy and ferrule (DLPack), against a copy, in the
same run: time, and the peak memory the exchange adds.

Run: .venv/bin/python benches/python/bench_exchange.py [--quick] [--json PATH]

Each case runs in a fresh Python process, so its peak resident memory (ru_maxrss) is its own:
the process allocates and touches the array, notes its peak, runs the exchange a few times
(keeping the best time), and reports how much the peak grew. Sharing is checked by writing
through one side and reading the other. Sizes are 1 GiB and 1 MiB: the zero-copy time does not
depend on the size, the copy's does.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from _benchutil import Record, emit, optional_peer, parser, record

GiB = 1 << 30
MiB = 1 << 20


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # KiB on Linux


def run_case(case: str, size: int) -> dict[str, float]:
    """In this (fresh) process: time one exchange ``case`` of a ``size``-byte float64 array."""
    import ferrule
    import numpy as np

    n = size // 8
    make: Callable[[], Any]
    exchange: Callable[[Any], Any]
    if case.startswith("from_ferrule"):
        make = lambda: ferrule.ones((n,), dtype=ferrule.float64)  # noqa: E731
    else:
        make = lambda: np.ones(n)  # noqa: E731  (writes every page: resident)
    if case == "to_ferrule":
        exchange = ferrule.asarray
    elif case == "from_ferrule":
        exchange = np.from_dlpack
    elif case == "numpy_copy":
        exchange = lambda a: a.copy()  # noqa: E731
    elif case == "ferrule_copy":
        exchange = ferrule.tensor
    elif case == "from_ferrule_copy":
        exchange = np.array
    elif case == "torch":
        torch = optional_peer("torch")
        assert torch is not None
        exchange = torch.from_numpy
    else:
        raise SystemExit(f"unknown case {case}")
    source = make()
    before = _peak_mib()
    best = float("inf")
    for _ in range(5 if size <= 64 * MiB else 3):
        start = time.perf_counter()
        other = exchange(source)
        best = min(best, time.perf_counter() - start)
        del other
    other = exchange(source)
    shared = None
    if case in ("to_ferrule", "from_ferrule", "torch"):
        # Write through one side, read on the other.
        view = np.from_dlpack(other) if case == "to_ferrule" else np.asarray(other)
        base = np.from_dlpack(source) if case.startswith("from_ferrule") else source
        view[0] = 42.0
        shared = float(base[0]) == 42.0
        assert shared, f"{case}: the two sides do not share memory"
    return {"seconds": best, "added_peak_mib": _peak_mib() - before, "shared": bool(shared)}


def measure(case: str, size: int) -> dict[str, float]:
    """Runs ``case`` in a child process and returns its figures."""
    out = subprocess.run(
        [sys.executable, __file__, "--case", case, "--size", str(size)],
        check=True,
        capture_output=True,
        text=True,
        env=os.environ | {"OPENBLAS_NUM_THREADS": "1"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--case", help=argparse_hidden())
    p.add_argument("--size", type=int, help=argparse_hidden())
    args = p.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case, args.size)))
        return
    big = 256 * MiB if args.quick else GiB
    big_label = f"{big // MiB} MiB" if big < GiB else f"{big // GiB} GiB"
    has_torch = optional_peer("torch") is not None
    records: list[Record] = []
    for size, label in ((big, big_label), (MiB, "1 MiB")):
        group = "Zero-copy exchange with numpy (float64)"
        to = {
            "ferrule": measure("to_ferrule", size),
            "numpy copy": measure("numpy_copy", size),
            "ferrule copy": measure("ferrule_copy", size),
        }
        if has_torch:
            to["torch"] = measure("torch", size)
        back = {"ferrule": measure("from_ferrule", size), "numpy copy": measure("from_ferrule_copy", size)}
        records.append(
            record(
                group,
                f"numpy -> ferrule.asarray(a), {label}: time",
                "µs",
                {k: v["seconds"] * 1e6 for k, v in to.items()},
                "numpy copy",
                lower_is_better=True,
                note="numpy copy: a.copy(); ferrule copy: ferrule.tensor(a); torch: torch.from_numpy(a)",
            )
        )
        records.append(
            record(
                group,
                f"ferrule -> np.from_dlpack(t), {label}: time",
                "µs",
                {k: v["seconds"] * 1e6 for k, v in back.items()},
                "numpy copy",
                lower_is_better=True,
                note="numpy copy: np.array(t), a copy through the buffer protocol",
            )
        )
        if size == big:
            for direction, figures in (("numpy -> ferrule.asarray(a)", to), ("ferrule -> np.from_dlpack(t)", back)):
                memory = {k: max(v["added_peak_mib"], 0.0) for k, v in figures.items()}
                # Under 1 MiB is page-table and allocator noise: no copy was made, so no quotient.
                records.append(
                    record(
                        group,
                        f"{direction}, {label}: added peak memory",
                        "MiB",
                        memory,
                        "numpy copy",
                        lower_is_better=True,
                        ratio_text="no copy" if memory["ferrule"] < 1.0 else "",
                    )
                )
    emit(records, args.json)


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
