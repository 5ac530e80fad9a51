"""The API fuzzer: every public callable of the ``ferrule`` package (found by walking it, see
``fuzzing/catalog.py``) called with odd tensors and wrong values in a child process.

A call fails the test when it crashes or aborts the process, hangs (no answer after its time
limit and a Ctrl-C), raises SystemError, raises an error whose message does not name the function,
writes to a read-only buffer, or returns a tensor whose values cannot be read. Failures known today
are listed in ``fuzzing/known.py`` (each asserted to still fail, so a fix prunes its entry).

Budget: ``FERRULE_FUZZ_CALLS`` calls (default 6000), the same calls on every run under the default
(derandomized) hypothesis profile; ``FERRULE_FUZZ_SECONDS`` instead runs new random calls until
the time is up (``make fuzz``). A failure prints a self-contained reproducer script and saves it
under target/fuzz-api/. The counts (calls, outcomes, exceptions) are printed at the end.
"""

from __future__ import annotations

import os
import pathlib
import time

import pytest
from fuzzing import catalog, known
from fuzzing.calls import Call, calls
from fuzzing.runner import FAILURES, Outcome, Runner, classify
from fuzzing.worker import PRELUDE
from hypothesis import HealthCheck, Phase, given, settings

REPO = pathlib.Path(__file__).resolve().parents[2]
REPRODUCERS = REPO / "target" / "fuzz-api"
TARGETS = catalog.collect()
CALLS = int(os.environ.get("FERRULE_FUZZ_CALLS", "6000"))
SECONDS = float(os.environ.get("FERRULE_FUZZ_SECONDS", "0"))


@pytest.fixture(scope="module")
def runner():
    r = Runner()
    yield r
    r.close()


def _script(calls: list[str]) -> str:
    return (
        PRELUDE + "\n# ---- the call(s) ----\n" + "\n".join(calls) + "\nprint('no failure:', globals().get('result'))\n"
    )


def _report(runner: Runner, call: Call, outcome: Outcome) -> str:
    history = list(runner.history)
    alone = Outcome(*runner.alone(call.src))
    reproduces = alone.kind == outcome.kind or (alone.kind == "error" and outcome.kind == "unnamed-error")
    lines = history if not reproduces else [call.src]
    REPRODUCERS.mkdir(parents=True, exist_ok=True)
    path = REPRODUCERS / f"{outcome.kind}-{call.target.qualname}-{int(time.time())}.py"
    path.write_text(_script(lines))
    return (
        f"{call.target.qualname} ({call.target.access}): {outcome.describe()}\n"
        f"call: {call.src}\n"
        + (f"worker log:\n{outcome.log}\n" if outcome.log else "")
        + (
            "it fails the same way alone"
            if reproduces
            else f"alone it gives {alone.kind!r}: the reproducer replays the worker's {len(history)} calls"
        )
        + f"\nreproducer: {path.relative_to(REPO)} (run it with .venv/bin/python)\n"
        "A known bug? Add it to python/tests/fuzzing/known.py with its finding. A fixed one? Add the call "
        "to the fix's regression test (docs/testing.md)."
    )


def _check(runner: Runner, call: Call) -> None:
    outcome = runner.call(call)
    if outcome.kind not in FAILURES:
        return
    explained = known.explain(call, outcome)
    if explained is not None:
        runner.stats.known[explained.key] += 1
        return
    raise AssertionError(_report(runner, call, outcome))


def test_catalog_walks_the_whole_package():
    """The walk finds the namespace, submodules, Tensor's methods, operators and properties."""
    found = {(t.qualname, t.access) for t in TARGETS}
    for expected in [
        ("ferrule.sum", "call"),
        ("ferrule.asarray", "call"),
        ("ferrule.fft.rfftn", "call"),
        ("ferrule.linalg.matrix_norm", "call"),
        ("ferrule.random.normal", "call"),
        ("ferrule.ffi.register_func", "call"),
        ("ferrule.ffi.ctypes.from_numpy", "call"),
        ("ferrule.Tensor", "call"),
        ("ferrule.Tensor.__add__", "method"),
        ("ferrule.Tensor.__setitem__", "method"),
        ("ferrule.Tensor.__dlpack__", "method"),
        ("ferrule.Tensor.sum", "method"),
        ("ferrule.Tensor.T", "get"),
        ("ferrule.Tensor.name", "set"),
        ("ferrule.Function.__call__", "method"),
    ]:
        assert expected in found
    assert len(TARGETS) > 350


@pytest.mark.parametrize("entry", known.KNOWN, ids=lambda k: f"{k.key}-{k.reproducer[:40]}")
def test_known_failure_still_fails(runner, entry):
    """Each known failure still fails the way it is listed: when one is fixed, prune its entry."""
    kind, exc_type, message, log = runner.alone(entry.reproducer)
    outcome = Outcome(kind, exc_type, message, log)
    if entry.target:  # judged as the fuzzer judges a call of that target
        target = next(t for t in TARGETS if t.qualname == entry.target)
        named = classify(Call(target, entry.reproducer, ()), kind, exc_type, message)
        outcome = Outcome(named.kind, exc_type, message, log)
    assert entry.matches(outcome), (
        f"{entry.key} ({entry.summary}) no longer fails as listed: {entry.reproducer!r} gave "
        f"{outcome.describe()!r}. If it was fixed, delete its entry from python/tests/fuzzing/known.py."
    )


def test_api_fuzz(runner, capsys):
    """Fixed budget: FERRULE_FUZZ_CALLS calls; FERRULE_FUZZ_SECONDS: random calls until time is up."""
    common = {"deadline": None, "suppress_health_check": list(HealthCheck)}
    try:
        if SECONDS:
            end = time.monotonic() + SECONDS
            while time.monotonic() < end:

                @settings(max_examples=500, derandomize=False, **common)
                @given(calls(TARGETS))
                def fuzz_random(call):
                    _check(runner, call)

                fuzz_random()
        else:
            # no shrinking in the fixed run: the first failure is reported at once
            @settings(max_examples=CALLS, phases=[Phase.explicit, Phase.reuse, Phase.generate], **common)
            @given(calls(TARGETS))
            def fuzz(call):
                _check(runner, call)

            fuzz()
    finally:
        with capsys.disabled():
            print("\n" + runner.stats.summary(len(TARGETS)))
