"""No leaks: a million calls and round trips leave the native object count and RSS flat."""

from __future__ import annotations

import gc
import os

import ferrule
import ferrule.ffi as ffi

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def run_round_trips(testing, n: int) -> None:
    echo, nop, apply, add = testing.echo, testing.nop, testing.apply, ffi.get_global_func("demo.add")
    long_str = "a string that is longer than eight bytes"
    items = [1, 2.5, "short", long_str, b"bytes that are long", [1, [2]], {"k": "v"}]
    t = ferrule.tensor([[1.0, 2.0], [3.0, 4.0]])

    def cb(x):
        return x

    for i in range(n):
        echo(long_str)
        echo(items)
        echo(t)
        apply(cb, i)
        nop()
        add(i, 1)
        if i % 1000 == 0:
            # a few rarer paths: errors, keyword binding, new Function objects, tensors
            try:
                echo({1})
            except TypeError:
                pass
            try:
                testing.raise_error("ValueError", "x")
            except ValueError:
                pass
            ffi.get_global_func("demo.scale")(1.0, factor=2.0)
            ferrule.tensor([i, i])


def test_million_calls_do_not_leak(testing):
    run_round_trips(testing, 5_000)  # warm up caches and allocator pools
    gc.collect()
    objects_before = ffi.live_object_count()
    rss_before = rss_bytes()
    # 6 calls per iteration: ~1M native calls with str, list/dict, tensor and callback round trips
    run_round_trips(testing, 170_000)
    gc.collect()
    assert ffi.live_object_count() == objects_before
    grown = rss_bytes() - rss_before
    assert grown < 8 * 1024 * 1024, f"RSS grew by {grown / 1e6:.1f} MB"


def test_released_and_dropped_handles_free_native_objects(testing):
    gc.collect()
    before = ffi.live_object_count()
    fs = [ffi.Function(lambda: i) for i in range(100)]
    ts = [ferrule.tensor([i]) for i in range(100)]
    assert ffi.live_object_count() >= before + 200
    for f in fs:
        f.release()
    del fs, ts
    gc.collect()
    assert ffi.live_object_count() == before


def test_held_objects_are_freed_on_release(testing):
    gc.collect()
    before = ffi.live_object_count()
    testing.hold([1, "a long string value", ferrule.tensor([1.0])])
    testing.hold(lambda: None)
    assert ffi.live_object_count() > before
    assert testing.release() == 2
    gc.collect()
    assert ffi.live_object_count() == before


#: Training steps of test_training_steps_keep_rss_flat (FERRULE_TRAINING_STEPS overrides).
TRAINING_STEPS = int(os.environ.get("FERRULE_TRAINING_STEPS", "100000"))


def test_training_steps_keep_rss_flat():
    """Every graph is freed after its backward pass: 100,000 SGD steps of a small MLP (forward,
    cross-entropy, backward, update) leave the live native object count where it was and RSS
    flat."""
    import numpy as np
    from ferrule.nn import functional as F

    rng = np.random.default_rng(0)
    w1 = ferrule.asarray(rng.standard_normal((8, 8)).astype(np.float32)).requires_grad_()
    b1 = ferrule.zeros((8,), dtype=ferrule.float32).requires_grad_()
    w2 = ferrule.asarray(rng.standard_normal((8, 3)).astype(np.float32)).requires_grad_()
    opt = ferrule.optim.SGD([w1, b1, w2], lr=0.01, momentum=0.9)
    x = ferrule.asarray(rng.standard_normal((4, 8)).astype(np.float32))
    y = ferrule.asarray(np.array([0, 1, 2, 1]))

    def steps(n: int) -> None:
        for _ in range(n):
            opt.zero_grad()
            F.cross_entropy(F.relu(x @ w1 + b1) @ w2, y).backward()
            opt.step()

    steps(2_000)  # warm up caches and allocator pools
    gc.collect()
    objects_before = ffi.live_object_count()
    rss_before = rss_bytes()
    steps(TRAINING_STEPS)
    gc.collect()
    assert ffi.live_object_count() == objects_before
    grown = rss_bytes() - rss_before
    assert grown < 8 * 1024 * 1024, f"RSS grew by {grown / 1e6:.1f} MB over {TRAINING_STEPS} steps"


# Run in a fresh interpreter: the block cache and the resident set are process-wide. Six 32 MiB
# results of ordinary ops (fresh outputs, every page written), then freed: the resident set
# returns to within the cache limit at once, and to the baseline once the cached blocks sat
# unused past the idle time (2 s) and the next large allocation returned them.
LARGE_TENSORS_SCRIPT = r"""
import os, sys, time
import ferrule
MIB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE
x = ferrule.ones((8 * MIB,), dtype=ferrule.float32)  # 32 MiB, kept: the operand
base = rss()
results = [x * float(i) for i in range(6)]  # 6 x 32 MiB fresh outputs
peak = rss()
del results
after = rss()
time.sleep(2.2)
(x + 1.0).shape  # a large allocation and release: blocks idle past the limit go back
settled = rss()
print(base, peak, after, settled)
"""


def test_rss_returns_within_the_cache_limit_after_freeing_large_tensors() -> None:
    import subprocess
    import sys

    limit_mib = 64
    env = dict(os.environ, FERRULE_ALLOC_CACHE_MB=str(limit_mib))
    out = subprocess.run([sys.executable, "-c", LARGE_TENSORS_SCRIPT], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    base, peak, after, settled = (int(v) for v in out.stdout.split())
    mib = 1 << 20
    slack = 16 * mib
    assert peak >= base + 150 * mib, f"the results were not resident: {base} -> {peak}"
    assert after <= base + limit_mib * mib + slack, f"RSS {after / mib:.0f} MiB after freeing, base {base / mib:.0f}"
    assert settled <= base + 32 * mib + slack, f"RSS {settled / mib:.0f} MiB after the idle time, base {base / mib:.0f}"
