"""The profiler on a mixed workload: one trace of Python, Go and native threads.

Under ``ferrule.profiler.profile()`` this runs, each step inside a user range:

1. tensor ops from Python (matmul, add, sum), recorded as packed calls with their kernels inside;
2. a large elementwise op, whose parts run on ferrule's thread pool (one track per worker), with
   the GIL released around it;
3. a function of the Go plugin (``go/examples/plugin``) that calls ``ops.multiply`` from Go: a
   call from Python with a call from Go inside it, on the same thread;
4. ``examples.geo_distance`` from two Python threads at once, each releasing the GIL;
5. an autograd backward pass, one event per backward node.

It writes the trace (Chrome trace-event JSON: open it in https://ui.perfetto.dev) to
``target/demo/trace.json``, prints the summary table, and draws the timeline, one row per
thread, to ``target/demo/timeline.png`` (``--png docs/profiler-timeline.png`` refreshes the
picture in the docs). It checks what it shows: every step's events are in the trace.

Run (after ``make build go-plugin``):
  FERRULE_GO_PLUGIN=build/libferrule_go_plugin.so .venv/bin/python examples/python/profile_mixed.py
"""

from __future__ import annotations

import argparse
import os
import pathlib
import threading
from collections import defaultdict

import ferrule
import ferrule.ffi as ffi
import numpy as np
from ferrule import profiler

REPO = pathlib.Path(__file__).resolve().parents[2]
GO_PLUGIN = pathlib.Path(os.environ.get("FERRULE_GO_PLUGIN") or REPO / "build/libferrule_go_plugin.so")

#: Colours of the timeline, by event category.
COLOURS = {
    "range": "#9e9e9e",
    "call": "#4c72b0",
    "op": "#55a868",
    "backward": "#c44e52",
    "pool": "#dd8452",
    "gil": "#8172b2",
}


def workload(x: ferrule.Tensor, w: ferrule.Tensor, big: ferrule.Tensor, go_scale: ffi.Function | None) -> None:
    with profiler.record("python ops"):
        for _ in range(3):
            ferrule.sum(x @ x + 1.0)
    with profiler.record("large op"):
        ferrule.exp(big)
    if go_scale is not None:
        with profiler.record("go plugin"):
            go_scale(x, 2.0)
    geo = ffi.get_global_func("examples.geo_distance")
    with profiler.record("geo threads"):
        threads = [
            threading.Thread(target=geo, args=(113.97, 22.60, 114.33, 22.70, 400_000), name=f"geo-{i}")
            for i in range(2)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    with profiler.record("backward"):
        loss = ferrule.mean((x @ w) * (x @ w))
        loss.backward()


def draw(prof: profiler.Profile, path: pathlib.Path) -> None:
    """The timeline: one row per thread, each event a bar at its nesting depth (outermost on top)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    threads = prof.threads()
    by_thread: defaultdict[int, list[profiler.Event]] = defaultdict(list)
    for e in prof.events():
        by_thread[e.thread_id].append(e)
    level = 0.3  # the height of one nesting level
    placed: dict[int, list[tuple[profiler.Event, int]]] = {}
    for tid, events in by_thread.items():
        ends: list[int] = []
        placed[tid] = []
        for e in events:  # by start time, an enclosing event first
            while ends and ends[-1] <= e.start_ns:
                ends.pop()
            placed[tid].append((e, len(ends)))
            ends.append(e.end_ns)
    top: dict[int, float] = {}
    y = 0.0
    for tid in threads:
        top[tid] = y
        y += level * max(2, 1 + max((d for _, d in placed.get(tid, [])), default=0)) + 0.35
    fig, ax = plt.subplots(figsize=(13, 1.2 + 1.1 * y))
    ms_per_char = prof.wall_ns / 1e6 / 160  # about how much time a label's character covers
    for tid, items in placed.items():
        for e, d in items:
            y0 = top[tid] + d * level  # the y axis points down
            start, width = e.start_ns / 1e6, e.duration_ns / 1e6
            ax.broken_barh([(start, width)], (y0, level * 0.9), facecolors=COLOURS.get(e.category, "#333333"))
            if width > (len(e.name) + 2) * ms_per_char:
                ax.text(start, y0 + level * 0.45, f" {e.name}", va="center", fontsize=7, clip_on=True)
    ax.set_yticks([top[tid] + level for tid in threads], list(threads.values()))
    ax.set_ylim(y, -0.2)
    ax.set_xlabel("time since the profile started (ms)")
    ax.set_title("ferrule.profiler: a mixed Python / Go / native workload, one row per thread")
    ax.legend(
        handles=[Patch(color=c, label=k) for k, c in COLOURS.items()],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.14),
        fontsize=8,
        ncol=6,
        frameon=False,
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(REPO / "target/demo"), help="where trace.json and timeline.png go")
    parser.add_argument("--png", help="the timeline's path (default: OUT/timeline.png)")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    go_scale = None
    if GO_PLUGIN.exists():
        ffi.load_library(GO_PLUGIN)
        go_scale = ffi.get_global_func("goplugin.scale")
    else:
        print(f"(no Go plugin at {GO_PLUGIN}: `make go-plugin` builds it; the Go step is left out)")

    rng = np.random.default_rng(0)
    x = ferrule.asarray(rng.standard_normal((256, 256)).astype(np.float32))
    w = ferrule.asarray(rng.standard_normal((256, 16)).astype(np.float32))
    w.requires_grad = True
    big = ferrule.ones(1 << 23, dtype=ferrule.float32)
    with profiler.profile(record_shapes=True) as prof:
        workload(x, w, big, go_scale)

    trace = out / "trace.json"
    prof.export_chrome_trace(trace)
    print(prof.table(sort_by="total_time", row_limit=15))
    png = pathlib.Path(args.png) if args.png else out / "timeline.png"
    draw(prof, png)
    print(f"\ntrace: {trace} (open it in https://ui.perfetto.dev)\ntimeline: {png}")

    events = prof.events()
    threads = prof.threads()
    print("tracks: " + ", ".join(threads.values()))
    ranges = [e.name for e in events if e.category == "range"]
    expected = ["python ops", "large op"] + (["go plugin"] if go_scale else []) + ["geo threads", "backward"]
    assert ranges == expected, ranges
    frontends = {e.frontend for e in events if e.category == "call"}
    assert frontends >= ({"python", "go"} if go_scale else {"python"}), frontends
    geo = [e for e in events if e.name == "examples.geo_distance"]
    assert len(geo) == 2 and geo[0].thread_id != geo[1].thread_id
    assert sum(e.name == "GIL released" for e in events) >= 3  # the large op and both geo threads
    assert any(e.category == "pool" for e in events) and any(e.category == "backward" for e in events)
    print(f"{len(events)} events on {len(threads)} threads: every step is in the trace")


if __name__ == "__main__":
    main()
