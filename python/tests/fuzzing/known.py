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


def _crash_abort_alloc(call: Call, o: Outcome) -> bool:
    return o.kind == "crash" and o.exc_type == "SIGABRT" and "memory allocation of" in o.log


KNOWN: tuple[Known, ...] = (
    Known(
        "F5",
        "repeat with a huge count aborts on allocation failure instead of raising MemoryError",
        "result = ferrule.repeat(tensor('arange', (3,), 'float32'), 2**31)",
        "crash",
        "SIGABRT(.|\n)*memory allocation of \\d+ bytes failed",
        _crash_abort_alloc,
    ),
    Known(
        "F5",
        "nonzero of a huge broadcast tensor aborts on allocation failure",
        "result = ferrule.nonzero(ferrule.broadcast_to(tensor('ones', (1,), 'float32'), (2**33, 3)))",
        "crash",
        "SIGABRT(.|\n)*memory allocation of \\d+ bytes failed",
        _crash_abort_alloc,
    ),
    Known(
        "F5",
        "unique_values of a huge broadcast tensor aborts on allocation failure",
        "result = ferrule.unique_values(ferrule.broadcast_to(tensor('ones', (1,), 'float32'), (2**33, 3)))",
        "crash",
        "SIGABRT(.|\n)*memory allocation of \\d+ bytes failed",
        _crash_abort_alloc,
    ),
    Known(
        "F12",
        "a long kernel (a full reduction of 2**40 elements) does not see Ctrl-C",
        "result = ferrule.sum(ferrule.broadcast_to(tensor('ones', (1,), 'float32'), (2**20, 2**20)))",
        "hang",
        "",
        lambda c, o: o.kind == "hang" and "huge" in c.tags,
    ),
    Known(
        "new-alloc-message",
        "MemoryError from tensor storage ('failed to allocate N bytes') names no operation "
        "(issue 15's finding 5 area: allocation failures)",
        "result = -ferrule.broadcast_to(tensor('zeros', (1,), 'complex128'), (2**20, 2**20))",
        "unnamed-error",
        "^failed to allocate \\d+ bytes",
        lambda c, o: o.kind == "unnamed-error" and o.message.startswith("failed to allocate"),
        target="ferrule.Tensor.__neg__",
    ),
    Known(
        "new-numpy-alloc",
        "Tensor.numpy() / tolist() of a tensor too big to copy: numpy's MemoryError names neither",
        "result = ferrule.broadcast_to(tensor('ones', (1,), 'int64'), (2**20, 2**20)).numpy()",
        "unnamed-error",
        "Unable to allocate",
        lambda c, o: o.kind == "unnamed-error" and o.message.startswith("Unable to allocate"),
        target="ferrule.Tensor.numpy",
    ),
)


KNOWN += (
    Known(
        "new-bfloat16-tolist",
        "Tensor.tolist() of a bfloat16 tensor fails in __array__ (numpy has no bfloat16) instead of "
        "converting, and the error names __array__, not tolist",
        "result = tensor('arange', (3,), 'bfloat16').tolist()",
        "unnamed-error",
        "numpy has no bfloat16 dtype",
        lambda c, o: o.kind == "unnamed-error" and c.target.attr in ("tolist", "numpy") and "bfloat16" in o.message,
        target="ferrule.Tensor.tolist",
    ),
)


KNOWN += (
    Known(
        "new-producer-error",
        "from_dlpack of an array its producer cannot export: the producer's BufferError passes through "
        "naming no function (the extension's from_dlpack)",
        "result = ferrule.from_dlpack(np.zeros(3, dtype=object))",
        "unnamed-error",
        "DLPack only supports",
        lambda c, o: o.kind == "unnamed-error" and c.target.attr == "from_dlpack" and "DLPack only" in o.message,
        target="ferrule.from_dlpack",
    ),
)


KNOWN += (
    Known(
        "new-numel-overflow",
        "broadcast_to accepts a shape whose element count overflows int64: size wraps to 0, and "
        "sum(broadcast_to(x, (2**32, 2**32))) returns 0.0 (ferrule-core's Tensor::broadcast_to)",
        "result = ferrule.broadcast_to(tensor('ones', (1,), 'float32'), (2**32, 2**32))",
        "bad-result",
        "array is too big",
        lambda c, o: o.kind == "bad-result" and "array is too big" in o.message,
    ),
    Known(
        "new-too-many-elements",
        "tile with huge repetitions: OverflowError 'a tensor of shape ... has too many elements' names no function",
        "result = ferrule.tile(tensor('ones', (4, 4), 'uint64'), (2**31, 2**31, 2**31, 2**31))",
        "unnamed-error",
        "has too many elements",
        lambda c, o: o.kind == "unnamed-error" and "has too many elements" in o.message,
        target="ferrule.tile",
    ),
)


def explain(call: Call, outcome: Outcome) -> Known | None:
    """The known failure that explains a fuzzed call's failure, if any."""
    for known in KNOWN:
        if known.explains(call, outcome):
            return known
    return None
