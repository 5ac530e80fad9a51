"""Failures the API fuzzer knows about today, each tied to the finding of issue 15 that covers it
(or marked "new" with what it is), so the fuzzer can keep running green while they are open.

Each entry is a strict expected failure: ``test_known_failure_still_fails`` runs its reproducer
alone in a fresh worker and asserts it still fails exactly this way. When a fix lands, that test
fails and says so: delete the entry (its reproducer belongs in the fix's own regression test),
and from then on the fuzzer treats any such failure as new. ``explains`` is how the fuzzer
recognises the same bug among random calls; keep it as narrow as the bug.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .calls import Call
from .runner import Outcome


@dataclass(frozen=True)
class Known:
    """One known failure."""

    key: str  # "F4" (issue 15's finding 4), "new-..." for one the fuzzer found
    summary: str
    reproducer: str  # a call (with the prelude's names) that fails this way today
    expect: str  # the outcome kind it has today
    pattern: str  # a regex its exception type, message or log matches today
    explains: Callable[[Call, Outcome], bool]  # whether a fuzzed call's failure is this bug
    target: str = ""  # the catalog target (qualname) whose name the error must give, if that matters

    def matches(self, outcome: Outcome) -> bool:
        """Whether ``outcome`` is this failure as it is today."""
        text = f"{outcome.exc_type}\n{outcome.message}\n{outcome.log}"
        return outcome.kind == self.expect and re.search(self.pattern, text, re.MULTILINE) is not None


#: Empty: every failure the fuzzer has met so far is fixed (each fix has its own regression test).
KNOWN: tuple[Known, ...] = ()


def explain(call: Call, outcome: Outcome) -> Known | None:
    """The known failure that explains a fuzzed call's failure, if any."""
    for known in KNOWN:
        if known.explains(call, outcome):
            return known
    return None
