"""Runs every benchmark (Python, Go, Rust) and writes docs/benchmarks.md and docs/benchmarks.png.

Run through `make bench` (which builds first and installs requirements-bench.txt), or:
    .venv/bin/python benches/report.py [--quick] [--no-run]

Each Python bench (benches/python/bench_*.py) writes JSON records (see _benchutil.py) into
build/bench/; the output of `go test -bench` (go/bench_test.go) and of `cargo bench -p ferrule-ops`
(crates/ferrule-ops/benches: the kernels without any FFI) is parsed into the same records. Every ratio compares two
figures measured in the same run. The headline table is also written into README.md, between
its `bench:headline` markers. --quick runs short, noisy versions (to check the pipeline) and
marks the report as such; --no-run renders from the results already in build/bench/.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import pathlib
import platform
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benches/python"))

from _benchutil import Record, ratio, record  # noqa: E402

RESULTS = REPO / "build/bench"
GO_GROUP = "Call overhead (Go)"
README_START = "<!-- bench:headline:start -->"
README_END = "<!-- bench:headline:end -->"

#: Go benchmarks (go/bench_test.go) -> what they measure; each is compared with an empty cgo call.
GO_CASES = {
    "PackedCallTwoInts": "demo.add(1, 2) through Function.Call",
    "EmptyPackedCall": "testing.nop() through Function.Call",
    "PackedCallTensor": "testing.tensor_sum(x), a 1-element tensor argument",
    "CallGoFromNative": "testing.apply(goFn): Go -> native -> Go",
    "NewTensorClose": "FromFloat32s (1 element), then Close",
    "Add": "ferrule.Add(x, y), 1-element float32 tensors",
    "AddOut": "ferrule.Add(x, y, ferrule.Out(z)), 1-element float32",
    "NewResultFloor": "the Go runtime alone: two empty cgo calls and a wrapper's finalizer set and removed",
}

#: The Python case (bench_ops.py) BenchmarkAdd is compared with.
PYTHON_ADD_CASE = ("Tiny ops (per-call cost)", "a + b, 1-element float32")

BINDING_GROUP = "The Python binding's cost: one kernel from Python and from Rust"
AUTOGRAD_GROUP = "Autograd"
#: The Python case (bench_autograd.py) the Go training step (BenchmarkTrainStep) is compared with.
PYTHON_STEP_CASE = "one SGD step, 64-32-10 MLP, cross-entropy, batch 32"

#: Rust bench case (crates/ferrule-ops/benches) -> the Python bench case timing the same kernel.
RUST_VS_PYTHON = {
    "add f32 out= n=1": ("Tiny ops (per-call cost)", "add(a, b, out=c), 1-element float32"),
    "matmul f32 2x2": ("Tiny ops (per-call cost)", "a @ b, 2x2 float32"),
    "exp f32 n=1048576": ("Elementwise", "exp float32 1M"),
    "add f32 out= n=16777216": ("Elementwise", "add(a, b, out=c) float32 16M"),
    "sum f32 16M": ("Reductions", "sum float32 16M"),
    "matmul f32 1024": ("Matrix multiply", "matmul float32 1024x1024"),
    "matmul f32 2048": ("Matrix multiply", "matmul float32 2048x2048"),
    "matmul f64 1024": ("Matrix multiply", "matmul float64 1024x1024"),
}

#: The operator sweep's group (bench_sweep.py): one row per op, size, dtype and layout.
SWEEP_GROUP = "Operator sweep (ferrule vs numpy)"

#: A paragraph under a section's heading.
GROUP_NOTES = {
    "Call overhead (Python)": "The cost of calling a registered function from Python, against a Python function doing the "
    "same work, a hand-written C extension function doing nothing (`C builtin`, benches/python/cfloor.c: the "
    "interpreter's own cost, which no binding can remove), the same functions written with nanobind and with PyO3 "
    "(benches/python/peers/, built at bench time; where they are, a row's ratio is against the faster of the two) "
    "and, when installed, apache-tvm-ffi's packed calls.",
    "Identity return (Python)": "A value that goes into native code and comes back: for a tensor, ferrule returns the very "
    "Python object that went in (`echo(t) is t`). `C builtin` is a hand-written C extension function returning its "
    "argument: the floor for this round trip.",
    "Tiny ops (per-call cost)": "1-element and 2x2 operands: the whole cost is the call's overhead (argument parsing, "
    "dispatch, result allocation).",
    "geo_distance thread scaling (Python threads)": "The great-circle distance workload: `examples.geo_distance(..., test_cnt)`, "
    "registered long-running so the GIL is released; each of N Python threads runs one call.",
    "Zero-copy exchange with numpy (float64)": "Each case runs in a fresh process, which measures its own peak memory "
    "(ru_maxrss) before and after.",
    "FFT": "The fft extension (ferrule.fft on rustfft/realfft with cached plans; numpy.fft on pocketfft), time per "
    "call of one 2^20-point transform of random values. ferrule splits one long complex line over two threads; "
    "numpy runs it on one.",
    "Tensor files (safetensors)": "bench_io.py: `ferrule.save`/`ferrule.load` of one float32 tensor against "
    "safetensors' own Python package (`safetensors.numpy.save_file`/`load_file`), best of several interleaved runs "
    "with the file in the page cache. ferrule's load maps the file and returns a read-only tensor viewing it; the "
    "package copies the bytes into a new array. `--size-mib N` picks the size.",
    GO_GROUP: "`go test -bench` (go/bench_test.go), best of 5 runs, against an empty cgo call (`ferrule_abi_version`) "
    "in the same run; ferrule.Add also against `a + b` from Python (bench_ops.py) in the same `make bench`.",
    "Operator sweep (ferrule vs numpy)": "bench_sweep.py: every operator that takes tensors, at 1K and 4M elements "
    "(matrices 32x32 and 2048x2048; matmul and factorizations 32x32 and 512x512), in float32, float64 and int64 "
    "where both libraries take the dtype, C-contiguous and strided (`[::2]`, or transposed for matrices). One row "
    "per op and size: its slowest dtype and layout against numpy, slowest first (the headline's sweep row is the "
    "slowest op). At 4M the fastest single call; at 1K the fastest mean of a loop of calls (as timeit measures), "
    "ferrule's and numpy's loops alternating. `bench_sweep.py --all` prints every combination; `--filter NAME` "
    "runs a subset. Ops numpy lacks are listed at the end, not counted.",
    "Linear algebra": "The linalg extension's factorizations (ferrule.linalg on faer, numpy.linalg on OpenBLAS's "
    "LAPACK), time per call on random matrices (symmetric for eigh); both use every core.",
    AUTOGRAD_GROUP: "bench_autograd.py: what recording a graph adds to a tiny op, a tiny backward pass and a "
    "training step, against torch on one thread (`torch.set_num_threads(1)`) when it is installed in .venv; ferrule "
    "uses its own pool (FERRULE_NUM_THREADS). The last row is the Go training step (go/bench_test.go, "
    "BenchmarkTrainStep: the same model and batch) against the Python one, both from this run.",
    "Profiler overhead (Python)": "bench_profiler.py: what the profiler costs. *Compiled in, off*: this build against "
    "the same tree built with the profiler compiled out (`make bench-baseline`, or $FERRULE_BENCH_BASELINE), the two "
    "alternating in fresh processes (medians); the note gives the difference, the noise and, under valgrind, "
    "libferrule's instructions per call in each build. *Recording*: the same calls with a profile recording against "
    "not, in one process; the note divides what recording adds by the events each call records.",
    BINDING_GROUP: "The same kernel timed through the Python binding (bench_ops.py) and called directly from Rust "
    "(`cargo bench -p ferrule-ops`, no FFI). The two run in separate processes one after the other, so other work on "
    "a shared machine skews this table more than the others.",
}

#: The order of the report's sections.
GROUP_ORDER = [
    "Call overhead (Python)",
    "Identity return (Python)",
    "Tiny ops (per-call cost)",
    AUTOGRAD_GROUP,
    "Matrix multiply",
    "Linear algebra",
    "Elementwise",
    "Reductions",
    "FFT",
    "Operator sweep (ferrule vs numpy)",
    "geo_distance thread scaling (Python threads)",
    "Zero-copy exchange with numpy (float64)",
    "Profiler overhead (Python)",
    "Tensor files (safetensors)",
    GO_GROUP,
    BINDING_GROUP,
]

#: (group, regex matching the start of the case) of the rows of the headline table, in order.
HEADLINE = [
    ("Call overhead (Python)", r"f\(\) — no arguments"),
    ("Call overhead (Python)", r"f\(1, 2\)"),
    ("Tiny ops (per-call cost)", r"a \+ b, 1-element"),
    ("Tiny ops (per-call cost)", r"a @ b, 2x2"),
    ("Matrix multiply", r"matmul float32 1024x1024"),
    ("Linear algebra", r"linalg\.solve float64 1024x1024"),
    ("Elementwise", r"add\(a, b, out=c\)"),
    ("Reductions", r"sum float32"),
    ("Operator sweep (ferrule vs numpy)", r"."),
    ("geo_distance thread scaling (Python threads)", r"speedup with 2 threads"),
    ("Identity return (Python)", r"echo\(t\)"),
    ("Zero-copy exchange with numpy (float64)", r"numpy -> ferrule\.asarray\(a\), .*: time"),
    ("Zero-copy exchange with numpy (float64)", r"numpy -> ferrule\.asarray\(a\), .*: added peak memory"),
    ("Call overhead (Go)", r"demo\.add\(1, 2\)"),
]


# ---- running --------------------------------------------------------------------------------------


def run_python_benches(quick: bool) -> None:
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    env.setdefault("FERRULE_TESTING_PLUGIN", str(REPO / "target/release/libferrule_testing.so"))
    for bench in sorted((REPO / "benches/python").glob("bench_*.py")):
        print(f"== {bench.relative_to(REPO)}", flush=True)
        cmd = [sys.executable, str(bench), "--json", str(RESULTS / f"{bench.stem}.json")]
        subprocess.run(cmd + (["--quick"] if quick else []), check=True, cwd=REPO, env=env)


def run_go_benches(quick: bool) -> None:
    print("== go test -bench . (go/)", flush=True)
    env = os.environ | {
        "FERRULE_TESTING_PLUGIN": os.environ.get(
            "FERRULE_TESTING_PLUGIN", str(REPO / "target/release/libferrule_testing.so")
        )
    }
    # the module links an installed libferrule through pkg-config by default; the benches use this
    # checkout's build (GO_TAGS, as `make test-go` does)
    tags = os.environ.get("GO_TAGS", "ferrule_intree")
    cmd = [os.environ.get("GO", "go"), "test", "-tags", tags, "-run", "^$", "-bench", ".", "-benchmem"]
    cmd += ["-benchtime", "100ms", "-count", "1"] if quick else ["-count", "5"]
    out = subprocess.run(cmd + ["."], cwd=REPO / "go", env=env, capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stdout, out.stderr, sep="\n", file=sys.stderr, flush=True)
        raise SystemExit(f"go test -bench failed (exit {out.returncode}): {' '.join(cmd)}")
    print(out.stdout, flush=True)
    (RESULTS / "go_bench.txt").write_text(out.stdout)


def run_rust_benches() -> None:
    print("== cargo bench -p ferrule-ops (the kernels called from Rust, no FFI)", flush=True)
    cmd = [
        os.environ.get("CARGO", "cargo"),
        "bench",
        "-q",
        "-p",
        "ferrule-ops",
        "--bench",
        "elementwise",
        "--bench",
        "reduce_linalg",
    ]
    out = subprocess.run(cmd, check=True, cwd=REPO, capture_output=True, text=True)
    print(out.stdout, flush=True)
    (RESULTS / "rust_bench.txt").write_text(out.stdout)


def rust_records(python: list[Record]) -> list[Record]:
    """The same kernel timed from Rust (cargo bench) and from Python (bench_ops.py), in one run:
    what the Python binding costs on top of the kernel."""
    path = RESULTS / "rust_bench.txt"
    if not path.exists():
        return []
    rust: dict[str, tuple[float, float, str]] = {}  # name -> (seconds, throughput, unit)
    for line in path.read_text().splitlines():
        m = re.match(r"(.+?)\s+([\d.]+) (ns|ms)\s+([\d.]+) (GB/s|GFLOP/s)$", line.strip())
        if m:
            seconds = float(m.group(2)) * (1e-9 if m.group(3) == "ns" else 1e-3)
            rust[m.group(1)] = (seconds, float(m.group(4)), m.group(5))
    out = []
    for rust_name, (group, case) in RUST_VS_PYTHON.items():
        py = next((r for r in python if r["group"] == group and r["case"] == case), None)
        if py is None or rust_name not in rust or "ferrule" not in py["values"]:
            continue
        seconds, throughput, _unit = rust[rust_name]
        figure = seconds * 1e9 if py["lower_is_better"] else throughput
        out.append(
            record(
                BINDING_GROUP,
                case,
                py["unit"],
                {"ferrule": py["values"]["ferrule"], "Rust kernel": figure},
                "Rust kernel",
                lower_is_better=py["lower_is_better"],
                note=f"Rust: `{rust_name}`",
            )
        )
    return out


def go_records() -> list[Record]:
    """The Go benchmark output as records: the best of the runs of each benchmark, each compared
    with the empty cgo call of the same run."""
    path = RESULTS / "go_bench.txt"
    if not path.exists():
        return []
    best: dict[str, tuple[float, int]] = {}
    for line in path.read_text().splitlines():
        m = re.match(r"Benchmark(\w+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+\d+ B/op\s+(\d+) allocs/op)?", line)
        if m:
            name, ns, allocs = m.group(1), float(m.group(2)), int(m.group(3) or 0)
            if name not in best or ns < best[name][0]:
                best[name] = (ns, allocs)
    if "EmptyCgoCall" not in best:
        return []
    cgo = best["EmptyCgoCall"][0]
    return [
        record(
            GO_GROUP,
            case,
            "ns/call",
            {"ferrule": best[name][0], "empty cgo call": cgo},
            "empty cgo call",
            lower_is_better=True,
            note=f"{best[name][1]} allocs/op",
        )
        for name, case in GO_CASES.items()
        if name in best
    ]


def go_add_record(python: list[Record]) -> list[Record]:
    """ferrule.Add from Go (BenchmarkAdd, best of its runs) against `a + b` from Python
    (bench_ops.py), the same 1-element float32 operands, both measured in this run."""
    path = RESULTS / "go_bench.txt"
    group, case = PYTHON_ADD_CASE
    py = next((r for r in python if r["group"] == group and r["case"] == case), None)
    if not path.exists() or py is None or "ferrule" not in py["values"]:
        return []
    best: dict[str, float] = {}
    for line in path.read_text().splitlines():
        m = re.match(r"Benchmark(Add|NewResultFloor)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op", line)
        if m:
            best[m.group(1)] = min(best.get(m.group(1), math.inf), float(m.group(2)))
    if "Add" not in best:
        return []
    floor = ""
    if "NewResultFloor" in best:
        floor = f"; the Go runtime's own part of such a call (NewResultFloor) took {best['NewResultFloor']:.0f} ns"
    return [
        record(
            GO_GROUP,
            "ferrule.Add(x, y) from Go against a + b from Python, 1-element float32",
            "ns/call",
            {"ferrule": best["Add"], "ferrule from Python": py["values"]["ferrule"]},
            "ferrule from Python",
            lower_is_better=True,
            note="ferrule's column is the Go call, with Close; target: at most the Python time" + floor,
        )
    ]


def go_training_step_record(python: list[Record]) -> list[Record]:
    """The Go training step (BenchmarkTrainStep, best of its runs) against the Python one of the same
    model and batch (bench_autograd.py), both measured in this run."""
    path = RESULTS / "go_bench.txt"
    py = next((r for r in python if r["group"] == AUTOGRAD_GROUP and r["case"] == PYTHON_STEP_CASE), None)
    if not path.exists() or py is None or "ferrule" not in py["values"]:
        return []
    runs = [
        float(m.group(1)) / 1e3
        for line in path.read_text().splitlines()
        if (m := re.match(r"BenchmarkTrainStep(?:-\d+)?\s+\d+\s+([\d.]+) ns/op", line))
    ]
    if not runs:
        return []
    return [
        record(
            AUTOGRAD_GROUP,
            PYTHON_STEP_CASE + ", from Go",
            "µs",
            {"ferrule": min(runs), "ferrule from Python": py["values"]["ferrule"]},
            "ferrule from Python",
            lower_is_better=True,
            note="ferrule's column is the Go step; target: within 1.3x of the Python step (a ratio of at least 0.77)",
        )
    ]


# ---- the machine ------------------------------------------------------------------------------------


def command_version(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip().splitlines()[0]
    except Exception:
        return "not found"


def load_averages() -> str:
    """At the start and at the end of the run: other work on a shared machine skews the figures."""
    end = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    start_file = RESULTS / "load_at_start.txt"
    start = start_file.read_text().strip() if start_file.exists() else "?"
    return f"{start} at the start, {end} at the end (the machine is shared)"


def machine() -> list[tuple[str, str]]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import numpy

    rows = [
        ("CPU", f"{cpu} ({platform.machine()})"),
        (
            "cores",
            f"{os.cpu_count()} (FERRULE_NUM_THREADS={os.environ.get('FERRULE_NUM_THREADS', 'unset: all cores')})",
        ),
        ("OS", platform.platform()),
        ("load average (1 / 5 / 15 min)", load_averages()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("numpy", numpy.__version__),
        ("Go", command_version([os.environ.get("GO", "go"), "version"])),
        ("Rust", command_version(["rustc", "--version"])),
    ]
    for module, label in (("torch", "torch"), ("paddle", "paddle"), ("tvm_ffi", "apache-tvm-ffi")):
        try:
            mod = __import__(module)
            rows.append((label, getattr(mod, "__version__", "installed")))
        except Exception:
            rows.append((label, "not installed (left out)"))
    return rows


# ---- rendering --------------------------------------------------------------------------------------


def fmt(v: float | None) -> str:
    if v is None:
        return "—"
    if v == 0:
        return "0"
    if abs(v) >= 100:
        return f"{v:,.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    if abs(v) >= 0.1:
        return f"{v:.2f}"
    return f"{v:.2g}"


def fmt_ratio(rec: Record) -> str:
    q = ratio(rec)
    if q is None:
        return rec.get("ratio_text") or "—"
    text = f"{q:,.0f}×" if q >= 100 else f"{q:.2f}×"
    return f"**{text}**" if q >= 1 else text


def group_table(rows: list[Record]) -> list[str]:
    peers: list[str] = []
    for r in rows:
        peers += [k for k in r["values"] if k != "ferrule" and k not in peers]
    label = "ferrule from Python" if rows[0]["group"] == BINDING_GROUP else "ferrule"
    out = [
        f"| case | unit | {label} | " + " | ".join(peers) + " | ratio (vs) |",
        "|---|---|---:|" + "---:|" * len(peers) + "---|",
    ]
    for r in rows:
        cells = " | ".join(fmt(r["values"].get(p)) for p in peers)
        out.append(
            f"| {r['case']} | {r['unit']} | {fmt(r['values'].get('ferrule'))} | {cells} | {fmt_ratio(r)} ({r['peer']}) |"
        )
    notes = [f"- *{r['case']}*: {r['note']}" for r in rows if r.get("note")]
    return out + ([""] + notes if notes else [])


def headline_table(records: list[Record]) -> list[str]:
    out = ["| benchmark | ferrule | peers, same unit | ratio |", "|---|---:|---|---:|"]
    for group, prefix in HEADLINE:
        rec = next((r for r in records if r["group"] == group and re.match(prefix, r["case"])), None)
        if rec is None:
            continue
        peers = "; ".join(f"{who}: {fmt(v)}" for who, v in rec["values"].items() if who != "ferrule")
        out.append(
            f"| {group}: {rec['case']} | {fmt(rec['values'].get('ferrule'))} {rec['unit']} | "
            f"{peers} | {fmt_ratio(rec)} (vs {rec['peer']}) |"
        )
    return out


def render(records: list[Record], quick: bool, chart_name: str) -> tuple[str, list[str]]:
    groups: dict[str, list[Record]] = {}
    for r in records:
        groups.setdefault(r["group"], []).append(r)
    head = headline_table(records)
    lines = [
        "<!-- DO NOT EDIT — generated by `make bench` (benches/report.py). -->",
        "",
        "# Benchmarks",
        "",
    ]
    if quick:
        lines += ["> **Quick run** (`--quick`): short, noisy measurements that only check the pipeline.", ""]
    lines += [
        f"Generated by `make bench` on {datetime.date.today().isoformat()}. Every ratio compares two figures",
        "measured in the same run on the same machine (the machines are shared and noisy, so absolute",
        "numbers move between runs; ratios move much less). **ratio** is how many times faster (or",
        "leaner) ferrule is than the peer named beside it: above 1 ferrule wins. Each figure is the best",
        "of several runs. Optional peers (torch, paddle, apache-tvm-ffi) appear when they are installed.",
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in machine()],
        "",
        "## Headline",
        "",
        *head,
        "",
        f"![ferrule against its peers: ratios from this run]({chart_name})",
        "",
    ]
    for group, rows in groups.items():
        lines += [f"## {group}", ""]
        if group in GROUP_NOTES:
            lines += [GROUP_NOTES[group], ""]
        lines += [*group_table(rows), ""]
    lines += [
        "## How to reproduce",
        "",
        "```sh no-test",
        "make bench                      # everything, about 10 minutes; rewrites this file and the chart",
        ".venv/bin/python benches/report.py --quick   # a fast, noisy check of the pipeline",
        ".venv/bin/python benches/python/bench_ops.py --filter matmul   # one bench, printed",
        "```",
        "",
        "The scripts are `benches/python/bench_*.py` (each also runs alone and prints its table),",
        "`go/bench_test.go`, `crates/ferrule-ops/benches/*.rs` (`cargo bench -p ferrule-ops`), and",
        "`benches/report.py`, which runs them all and writes this page (`--no-rust` skips cargo bench,",
        "whose first build takes minutes).",
        "",
    ]
    return "\n".join(lines), head


def chart(records: list[Record], path: pathlib.Path, quick: bool) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [(r, ratio(r)) for r in records]
    rows = [(r, q) for r, q in rows if q is not None]
    # the sweep's hundreds of rows are docs/benchmarks.md's table: the chart shows its slowest
    sweep = [(r, q) for r, q in rows if r["group"] == SWEEP_GROUP]
    rows = [(r, q) for r, q in rows if r["group"] != SWEEP_GROUP] + sorted(sweep, key=lambda rq: rq[1])[:1]
    groups = list(dict.fromkeys(r["group"] for r, _ in rows))
    colors = {g: plt.get_cmap("tab10")(i % 10) for i, g in enumerate(groups)}
    fig, ax = plt.subplots(figsize=(11, 0.32 * len(rows) + 1.6))
    y = list(range(len(rows)))[::-1]
    ax.barh(y, [q for _, q in rows], color=[colors[r["group"]] for r, _ in rows])
    ax.set_yticks(y, [f"{r['case'][:60]}  (vs {r['peer']})" for r, _ in rows], fontsize=7)
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    for yi, (_, q) in zip(y, rows, strict=False):
        ax.text(q, yi, f" {q:,.0f}×" if q >= 100 else f" {q:.2f}×", va="center", fontsize=7)
    ax.set_xlabel("ratio: how many times faster or leaner ferrule is than the peer (log scale; right of 1 is better)")
    title = "ferrule vs peers, measured in one run" + (" (quick run: noisy)" if quick else "")
    ax.set_title(title, fontsize=10)
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[g]) for g in groups]
    ax.legend(handles, groups, fontsize=7, loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def update_readme(head: list[str]) -> None:
    readme = REPO / "README.md"
    text = readme.read_text()
    if README_START not in text or README_END not in text:
        print("README.md has no bench:headline markers; not updated", file=sys.stderr)
        return
    before, rest = text.split(README_START, 1)
    _, after = rest.split(README_END, 1)
    readme.write_text(before + README_START + "\n" + "\n".join(head) + "\n" + README_END + after)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="short, noisy runs (checks the pipeline)")
    p.add_argument("--no-run", action="store_true", help="render from the results already in build/bench/")
    p.add_argument("--out", default=str(REPO / "docs/benchmarks.md"))
    p.add_argument("--chart", default=str(REPO / "docs/benchmarks.png"))
    p.add_argument("--no-readme", action="store_true", help="leave README.md's headline table alone")
    p.add_argument("--no-rust", action="store_true", help="skip cargo bench (its first build takes minutes)")
    args = p.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    if not args.no_run:
        for stale in RESULTS.glob("*"):
            stale.unlink()
        (RESULTS / "load_at_start.txt").write_text(" / ".join(f"{x:.2f}" for x in os.getloadavg()))
        run_python_benches(args.quick)
        run_go_benches(args.quick)
        if not args.no_rust:
            run_rust_benches()
        (RESULTS / "meta.json").write_text(json.dumps({"quick": args.quick}))
    quick = json.loads((RESULTS / "meta.json").read_text())["quick"] if (RESULTS / "meta.json").exists() else args.quick
    records: list[Record] = []
    for path in sorted(RESULTS.glob("bench_*.json")):
        records += json.loads(path.read_text())
    records += go_records() + go_add_record(records) + go_training_step_record(records) + rust_records(records)
    order = {g: i for i, g in enumerate(GROUP_ORDER)}
    records.sort(key=lambda r: order.get(r["group"], len(order)))  # stable: cases keep their order
    out, chart_path = pathlib.Path(args.out), pathlib.Path(args.chart)
    text, head = render(records, quick, os.path.relpath(chart_path, out.parent))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    chart(records, chart_path, quick)
    if not args.no_readme:
        update_readme(head)
    print(f"wrote {out.relative_to(REPO) if out.is_relative_to(REPO) else out} and {chart_path.name}")


if __name__ == "__main__":
    main()
