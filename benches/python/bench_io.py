"""ferrule.save / ferrule.load of a safetensors file against safetensors' own Python package
(safetensors.numpy.save_file / load_file), in the same run, interleaved.

Run: .venv/bin/python benches/python/bench_io.py [--quick] [--size-mib N] [--json PATH]

One float32 tensor of 1 GiB (64 MiB with --quick; --size-mib picks any size) written to and read
from a temporary directory. Cases: save; load (ferrule maps the file and returns a tensor viewing
it: near zero-copy, so its time does not grow with the size; the package reads the bytes into a
new array); and load followed by one pass over every value (`sum`, numpy's for both), which
counts the page faults a mapped load defers. Figures are the best of several runs; the file
stays in the page cache between runs, as a re-read checkpoint would.
"""

from __future__ import annotations

import os
import pathlib
import tempfile

import numpy as np
from _benchutil import Record, best_seconds, emit, parser, record

GROUP = "Tensor files (safetensors)"


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--size-mib", type=int, default=None, help="tensor size in MiB (default 1024; 64 with --quick)")
    args = p.parse_args()
    size_mib = args.size_mib or (64 if args.quick else 1024)
    budget = 1.0 if args.quick else 6.0

    import ferrule
    from safetensors.numpy import load_file, save_file

    a = np.arange(size_mib * (1 << 20) // 4, dtype=np.float32)
    t = ferrule.asarray(a)
    label = f"{size_mib} MiB float32" if size_mib < 1024 else f"{size_mib // 1024} GiB float32"
    records: list[Record] = []
    with tempfile.TemporaryDirectory(prefix="ferrule-bench-io-") as d:
        ours, theirs = os.path.join(d, "ours.safetensors"), os.path.join(d, "theirs.safetensors")
        save = best_seconds(
            {"ferrule": lambda: ferrule.save(ours, {"x": t}), "safetensors": lambda: save_file({"x": a}, theirs)},
            budget,
            rounds=3,
        )
        assert pathlib.Path(ours).stat().st_size == pathlib.Path(theirs).stat().st_size
        load = best_seconds(
            {"ferrule": lambda: ferrule.load(ours)["x"], "safetensors": lambda: load_file(theirs)["x"]},
            budget,
            rounds=3,
        )
        check = ferrule.load(theirs)["x"]
        assert check.shape == t.shape and float(check[-1]) == float(a[-1])
        touch = best_seconds(
            {
                "ferrule": lambda: np.asarray(ferrule.load(ours)["x"]).sum(dtype=np.float64),
                "safetensors": lambda: load_file(theirs)["x"].sum(dtype=np.float64),
            },
            budget,
            rounds=3,
        )
    for case, best, note in [
        (f"save {label}", save, "both write a temporary file and rename it"),
        (f"load {label}", load, "ferrule: a read-only memory map, no copy"),
        (f"load {label} + sum of every value", touch, "the page faults a mapped load defers, counted"),
    ]:
        ms = {who: s * 1e3 for who, s in best.items()}
        records.append(record(GROUP, case, "ms", ms, "safetensors", lower_is_better=True, note=note))
    emit(records, args.json)


if __name__ == "__main__":
    main()
