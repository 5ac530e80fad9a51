"""Sizes that cannot be allocated never abort: every operator of schema/ops.yaml, called with
huge shapes, counts and broadcast inputs, either answers quickly or raises a clean error that
names it (``huge_sweep.py`` does the calls, in a subprocess, so an abort is a failure here)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import ferrule
from ferrule._ops import OPS

SWEEP = pathlib.Path(__file__).with_name("huge_sweep.py")
sys.path.insert(0, str(SWEEP.parent))
import huge_sweep  # noqa: E402

#: Clean errors a huge argument may give (bad axes and broadcast mismatches among them).
ALLOWED_ERRORS = {"MemoryError", "OverflowError", "ValueError", "IndexError", "TypeError"}
#: Most an interrupt may take to arrive once the signal is pending.
INTERRUPT_LATENCY = 1.0


def run_sweep() -> list[dict]:
    env = dict(os.environ)
    # Under AddressSanitizer a refused allocation must come back as null, as from malloc.
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"), "allocator_may_return_null=1"]))
    try:
        proc = subprocess.run(
            [sys.executable, str(SWEEP)], capture_output=True, text=True, timeout=300, env=env, check=False
        )
    except subprocess.TimeoutExpired as e:
        started = [line for line in (e.stdout or b"").decode().splitlines() if '"started"' in line]
        raise AssertionError(f"the sweep hung; last call started: {started[-1:] or 'none'}") from None
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not records or records[-1] != {"done": True}:
        started = [r for r in records if r.get("outcome") == "started"]
        raise AssertionError(
            f"the sweep died (exit status {proc.returncode}) during {started[-1:] or 'start-up'}:\n"
            + proc.stderr[-3000:]
        )
    return [r for r in records[:-1] if r["outcome"] != "started"]


def test_every_operator_survives_sizes_that_cannot_be_allocated() -> None:
    records = run_sweep()
    problems = []
    for r in records:
        op, case, outcome, message = r["op"], r["case"], r["outcome"], r.get("message", "")
        where = f"ferrule.{op} with {case}"
        short = op.rsplit(".", 1)[-1]
        if case == "calibration":
            problems.append(f"ferrule.{op}: {outcome} (teach huge_sweep.py a small call for its parameter types)")
        elif outcome == "no size arguments":
            continue
        elif outcome == "ok":
            # It returned before the interrupt was due (a view, or a cheap check).
            assert r["seconds"] < huge_sweep.INTERRUPT_AFTER + INTERRUPT_LATENCY, where
        elif outcome == "KeyboardInterrupt":
            # Work that needs no memory but runs long (a sum over 25G elements) stops on Ctrl-C.
            late = r["seconds"] - huge_sweep.INTERRUPT_AFTER
            if late > INTERRUPT_LATENCY:
                problems.append(f"{where}: the interrupt took {late:.2f} s to arrive")
        elif outcome not in ALLOWED_ERRORS:
            problems.append(f"{where}: {outcome}: {message}")
        elif outcome in ("MemoryError", "OverflowError") and short not in message:
            problems.append(f"{where}: {outcome} without the op's name: {message!r}")
    assert not problems, "\n".join(problems)
    # Every operator of the schema was swept, and the sweep did reach the allocator.
    assert {r["op"] for r in records} == set(OPS)
    # Among them the calls that used to abort the process (repeat(t, 2**31), unique_* and
    # nonzero of a (2**33, 3) broadcast) and those that already raised MemoryError.
    memory_errors = {r["op"] for r in records if r["outcome"] == "MemoryError"}
    for op in ("repeat", "unique_values", "unique_counts", "unique_inverse", "unique_all", "nonzero", "unstack"):
        assert op in memory_errors, op
    for op in ("zeros", "tile", "sort", "concat", "matmul", "linspace"):
        assert op in memory_errors, op


def test_a_view_too_large_to_describe_is_an_overflow_error() -> None:
    t = ferrule.asarray([1.0, 2.0, 3.0])
    try:
        ferrule.broadcast_to(t, (2**62, 4, 3))
    except OverflowError as e:
        assert "broadcast_to" in str(e) and "(4611686018427387904, 4, 3)" in str(e)
    else:
        raise AssertionError("a (2**62, 4, 3) view was accepted (its size wraps around)")


def run_alone(code: str, timeout: float = 60) -> str:
    """Runs ``code`` in a fresh interpreter (a hang fails the test instead of the test run)."""
    try:
        proc = subprocess.run(
            [sys.executable, "-c", "import ferrule\n" + code],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running after {timeout} s: {code}") from None
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_repeat_of_a_huge_view_answers_at_once() -> None:
    # A single count used to be added up once per position: 2**60 additions before the size
    # check (a hang), and a zero count walked every position too.
    out = run_alone(
        "x = ferrule.broadcast_to(ferrule.ones((1,), dtype=ferrule.float32), (2**60,))\n"
        "try:\n"
        "    ferrule.repeat(x, 4)\n"
        "except OverflowError as e:\n"
        "    print('OverflowError', e)\n"
        "print(ferrule.repeat(x, 0, axis=0).shape)\n"
    )
    first, second = out.splitlines()
    assert first.startswith("OverflowError repeat:"), first
    assert second == "(0,)"


def test_element_counts_that_overflow_are_errors() -> None:
    # (2**32, 2**32) has 2**64 elements: the count wrapped to 0, the view looked empty and its sum
    # was 0.0. Every shape built from input is checked, views and results alike.
    one = ferrule.ones((1,), dtype=ferrule.float32)
    tall = ferrule.broadcast_to(ferrule.ones((1, 1)), (2**32, 1))
    wide = ferrule.broadcast_to(ferrule.ones((1, 1)), (1, 2**32))
    # A view too: `tall > 0` would compute 2**32 booleans (4 GiB, seconds) before where() is called.
    cond = ferrule.broadcast_to(ferrule.ones((1, 1), dtype=ferrule.bool), (2**32, 1))
    calls = {
        "broadcast_to": lambda: ferrule.broadcast_to(one, (2**32, 2**32)),
        "broadcast_arrays": lambda: ferrule.broadcast_arrays(tall, wide),
        "add": lambda: tall + wide,
        "where": lambda: ferrule.where(cond, tall, wide),
        "zeros": lambda: ferrule.zeros((2**32, 2**32)),
        "tile": lambda: ferrule.tile(one, (2**32, 2**32)),
        "meshgrid": lambda: ferrule.meshgrid(tall[:, 0], wide[0]),
        "matmul": lambda: tall @ wide,
        "stack": lambda: ferrule.stack([ferrule.broadcast_to(one, (2**60,))] * 4),
        "concat": lambda: ferrule.concat([ferrule.broadcast_to(one, (2**60,))] * 4),
    }
    for name, call in calls.items():
        try:
            result = call()
        except OverflowError as e:
            assert name in str(e), (name, str(e))
        else:
            raise AssertionError(f"{name} gave a result of shape {getattr(result, 'shape', '?')}")


def test_errors_from_huge_sizes_name_the_operation() -> None:
    # Both used to come without the op's name: 'failed to allocate N bytes' from the storage, and
    # 'a tensor of shape ... has too many elements' from the shape check.
    huge = ferrule.broadcast_to(ferrule.zeros((1,), dtype=ferrule.complex128), (2**20, 2**20))
    try:
        -huge
    except MemoryError as e:
        assert str(e).startswith("negative: "), str(e)
    else:
        raise AssertionError("-huge allocated 16 TiB")
    try:
        ferrule.tile(ferrule.ones((4, 4), dtype=ferrule.uint64), (2**31,) * 4)
    except OverflowError as e:
        assert str(e).startswith("tile: "), str(e)
    else:
        raise AssertionError("tile did not fail")
