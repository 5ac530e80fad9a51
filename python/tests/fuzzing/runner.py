"""Runs fuzzed calls in a worker process and classifies how each one ended.

Workers are forked from a zygote process (:mod:`fuzzing.zygote`) that has ``ferrule`` imported
already, so replacing a crashed worker costs milliseconds, not an interpreter start. Each worker runs with
its address space capped (``memory_limit``), so an allocation that cannot be satisfied fails
fast instead of swapping. A call that takes longer than ``timeout`` gets SIGINT (Ctrl-C): a call
that then ends with KeyboardInterrupt was slow but interruptible; one that does not answer within
``grace`` seconds is a hang.
"""

from __future__ import annotations

import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from .calls import Call

#: Outcomes that are failures of the call (unless a known failure explains them).
FAILURES = frozenset(
    {"unnamed-error", "systemerror", "crash", "hang", "readonly-written", "bad-result", "baseexception"}
)


@dataclass(frozen=True)
class Outcome:
    """How one call ended."""

    kind: str  # "ok", "error", "interrupted", or one of FAILURES
    exc_type: str = ""  # the exception's type, or the signal / exit status of a crash
    message: str = ""  # the exception's message and notes
    log: str = ""  # the end of the worker's stdout/stderr (crashes and hangs)

    def describe(self) -> str:
        """One line: kind, type, message."""
        return f"{self.kind}: {self.exc_type} {self.message}".strip()


#: TypeError messages with which the interpreter itself rejects a call of a slot wrapper
#: (``x.__add__()``): CPython's calling convention, not ferrule's code.
SLOT_ARITY = re.compile(r"^ ?expected (at least |at most )?\d+ arguments?, got \d+$")


def classify(call: Call, kind: str, exc_type: str, message: str) -> Outcome:
    """Turns an ``error`` into ``propagated`` when it is an argument's own error let through (as
    it should be), and into ``unnamed-error`` when its message does not name the function: not
    the target, nor the function object a call invokes (its ``name:`` tags)."""
    if kind != "error":
        return Outcome(kind, exc_type, message)
    if "raised on purpose" in message:
        return Outcome("propagated", exc_type, message)
    target = call.target
    extra = frozenset(tag[5:] for tag in call.tags if tag.startswith("name:"))
    extra |= {name.rsplit(".", 1)[-1] for name in extra}  # "ops.add" errors may say "add"
    if target.names_in(message, extra):
        return Outcome("error", exc_type, message)
    if exc_type.endswith("TypeError") and SLOT_ARITY.match(message) and target.attr.startswith("__"):
        return Outcome("error", exc_type, message)
    if exc_type.endswith("KeyError") and target.attr.endswith("global_func") and "no function named" in message:
        return Outcome("error", exc_type, message)  # a KeyError names the missing key, as Python's own do
    return Outcome("unnamed-error", exc_type, message)


@dataclass
class Stats:
    """What the fuzzer did: calls, outcomes by kind, exception types, targets reached."""

    calls: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    exceptions: Counter[str] = field(default_factory=Counter)
    known: Counter[str] = field(default_factory=Counter)
    targets: set[str] = field(default_factory=set)
    workers: int = 0
    started: float = field(default_factory=time.monotonic)

    def record(self, call: Call, outcome: Outcome) -> None:
        self.calls += 1
        self.outcomes[outcome.kind] += 1
        if outcome.exc_type and outcome.kind in ("error", "unnamed-error", "systemerror", "propagated", "bad-result"):
            self.exceptions[outcome.exc_type.rsplit(".", 1)[-1]] += 1
        self.targets.add(f"{call.target.qualname} ({call.target.access})")

    def summary(self, n_targets: int) -> str:
        seconds = time.monotonic() - self.started
        lines = [
            f"API fuzzer: {self.calls} calls in {seconds:.0f} s over {len(self.targets)} of {n_targets} targets, "
            f"{self.workers} worker processes",
            "  outcomes: " + ", ".join(f"{k} {v}" for k, v in self.outcomes.most_common()),
            "  exceptions: " + ", ".join(f"{k} {v}" for k, v in self.exceptions.most_common(12)),
        ]
        if self.known:
            lines.append("  known failures met: " + ", ".join(f"{k} {v}" for k, v in sorted(self.known.items())))
        return "\n".join(lines)


class Runner:
    """A worker process, replaced whenever one dies or hangs."""

    def __init__(self, timeout: float = 10.0, grace: float = 3.0, memory_limit: int = 2 << 30) -> None:
        # 2 GiB of address space (a worker starts at ~0.3): no single allocation can take long to
        # fill, so a call that does not answer in 10 s is stuck, not busy (on a loaded machine too)
        self.timeout = timeout
        self.grace = grace
        # AddressSanitizer reserves terabytes of address space for its shadow memory: under it the
        # cap would fail every allocation (its allocator reports an impossible one instead).
        self.memory_limit = 0 if "asan" in os.environ.get("LD_PRELOAD", "") else memory_limit
        self.log = tempfile.NamedTemporaryFile(prefix="ferrule-fuzz-", suffix=".log", delete=False)
        self.log.close()
        ours, theirs = socket.socketpair()
        here = str(pathlib.Path(__file__).resolve().parents[1])
        self.zygote = subprocess.Popen(
            [
                sys.executable,
                "-c",
                f"import sys; sys.path.insert(0, {here!r}); from fuzzing.zygote import main; main({theirs.fileno()})",
            ],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            env={**os.environ, "RUST_BACKTRACE": "0"},  # an abort's message, not pages of frames
        )
        theirs.close()
        self.control = ours
        self.pid = 0  # the current worker, 0 when none
        self.conn: Connection | None = None
        self.history: list[str] = []  # the calls the current worker has run
        self.stats = Stats()

    def _start(self) -> None:
        self.control.send(f"fork {self.memory_limit} {self.log.name}".encode())
        message, fds, _, _ = socket.recv_fds(self.control, 64, 1)
        if not fds:
            raise RuntimeError(f"the fuzzing zygote did not fork a worker (exit status {self.zygote.poll()})")
        self.pid = int(message)
        self.conn = Connection(fds[0])
        self.history = []
        self.stats.workers += 1

    def _log_tail(self) -> str:
        try:
            with open(self.log.name, errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def _stop(self) -> str:
        """Kills the worker; returns how it had ended (a signal name or an exit status)."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.control.send(f"wait {self.pid}".encode())
        status = int(self.control.recv(64))
        self.pid = 0
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if os.WIFSIGNALED(status):
            return signal.Signals(os.WTERMSIG(status)).name
        return f"exit status {os.WEXITSTATUS(status)}"

    def _receive(self, seconds: float) -> Any:
        """The worker's reply; None when it gave none in time; "died" when it is gone."""
        assert self.conn is not None
        try:
            if not self.conn.poll(seconds):
                return None
            return self.conn.recv()
        except (EOFError, OSError):
            return "died"

    def run(self, src: str, timeout: float | None = None) -> tuple[str, str, str, str]:
        """Runs one call's source: (kind, exception type or signal, message, log tail)."""
        timeout = self.timeout if timeout is None else timeout
        if not self.pid:
            self._start()
        assert self.conn is not None
        self.history.append(src)
        try:
            self.conn.send(src)
        except OSError:
            pass  # it died after its last answer; what _receive sees tells
        reply = self._receive(timeout)
        if reply is None:  # too slow: Ctrl-C must stop it
            os.kill(self.pid, signal.SIGINT)
            reply = self._receive(self.grace)
            if reply is None:
                log = self._log_tail()
                self._stop()
                return ("hang", f"no answer {timeout + self.grace:.0f} s after the call, Ctrl-C included", "", log)
        if reply == "died":
            time.sleep(0.05)  # let the log's last lines land
            status = self._stop()
            return ("crash", status, "", self._log_tail())
        kind, exc_type, message = reply
        return (kind, exc_type, message, "")

    def call(self, call: Call) -> Outcome:
        """Runs a fuzzed call and classifies its outcome."""
        # a huge input may make long work; interruptible is all it must be, and a short limit
        # keeps the budget for other calls
        kind, exc_type, message, log = self.run(call.src, 2.0 if "huge" in call.tags else None)
        outcome = classify(call, kind, exc_type, message)
        if log:
            outcome = Outcome(outcome.kind, outcome.exc_type, outcome.message, log)
        self.stats.record(call, outcome)
        return outcome

    def alone(self, src: str) -> tuple[str, str, str, str]:
        """Runs ``src`` in a fresh worker (no earlier calls): does a failure reproduce alone?"""
        if self.pid:
            self._stop()
        result = self.run(src)
        if self.pid:
            self._stop()
        return result

    def close(self) -> None:
        """Stops the worker and the zygote."""
        if self.pid:
            self._stop()
        self.control.close()
        self.zygote.wait(10)
        try:
            os.unlink(self.log.name)
        except OSError:
            pass
