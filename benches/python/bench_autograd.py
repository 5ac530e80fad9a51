"""Autograd's costs, against torch's when torch is installed (on one thread), in the same run:
what recording a node adds to a tiny op, a tiny backward pass, and one SGD training step of a
64-32-10 MLP with cross-entropy at batch 32 and 1024.

Run: .venv/bin/python benches/python/bench_autograd.py [--quick] [--json PATH]

torch is an optional peer (pip install it into .venv); without it the rows compare ferrule with
itself only where that means something (recording against not recording). The Go training step
(go/bench_test.go, BenchmarkTrainStep) is compared with this file's batch-32 step by
benches/report.py. Targets (issue 19): recording at most 2x the op without it; the backward at
most 0.2x torch's time; the step at most 0.5x torch's at batch 32 and 1.0x at batch 1024.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np
from _benchutil import Record, best_per_call, emit, ns_per_call, optional_peer, parser, record
from ferrule.nn import functional as F

GROUP = "Autograd"
#: The case benches/report.py compares the Go training step with.
STEP_CASE = "one SGD step, 64-32-10 MLP, cross-entropy, batch {batch}"


def mlp_data(batch: int) -> tuple[list[np.ndarray[Any, Any]], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Weights (He-initialised), inputs and integer class targets, the same for every library."""
    rng = np.random.default_rng(0)
    weights = [
        (rng.standard_normal((64, 32)) * np.sqrt(2 / 64)).astype(np.float32),
        np.zeros(32, np.float32),
        (rng.standard_normal((32, 10)) * np.sqrt(2 / 32)).astype(np.float32),
        np.zeros(10, np.float32),
    ]
    x = rng.standard_normal((batch, 64)).astype(np.float32)
    y = rng.integers(0, 10, batch)
    return weights, x, y


def ferrule_step(batch: int) -> Callable[[], None]:
    """zero_grad, forward, cross-entropy, backward, SGD step: a training step in ferrule."""
    weights, xn, yn = mlp_data(batch)
    w1, b1, w2, b2 = (ferrule.asarray(w).requires_grad_() for w in weights)
    opt = ferrule.optim.SGD([w1, b1, w2, b2], lr=0.01)
    x, y = ferrule.asarray(xn), ferrule.asarray(yn)

    def step() -> None:
        opt.zero_grad()
        loss = F.cross_entropy(F.relu(x @ w1 + b1) @ w2 + b2, y)
        loss.backward()
        opt.step()

    return step


def torch_step(torch: Any, batch: int) -> Callable[[], None]:
    """The same step in torch."""
    weights, xn, yn = mlp_data(batch)
    w1, b1, w2, b2 = (torch.from_numpy(w.copy()).requires_grad_() for w in weights)
    opt = torch.optim.SGD([w1, b1, w2, b2], lr=0.01)
    x, y = torch.from_numpy(xn), torch.from_numpy(yn)
    functional = torch.nn.functional

    def step() -> None:
        opt.zero_grad()
        loss = functional.cross_entropy(functional.relu(x @ w1 + b1) @ w2 + b2, y)
        loss.backward()
        opt.step()

    return step


def main() -> None:
    p = parser(__doc__)
    args = p.parse_args()
    torch = optional_peer("torch")
    if torch is not None:
        torch.set_num_threads(1)
    peer_note = "" if torch is not None else "torch is not installed: no ratio"
    records: list[Record] = []
    number = 20_000 if args.quick else 200_000
    repeat = 3 if args.quick else 7

    one = np.ones(1, np.float32)
    env: dict[str, Any] = {
        "a": ferrule.asarray(one),
        "b": ferrule.asarray(one),
        "ag": ferrule.asarray(one).requires_grad_(),
        "bg": ferrule.asarray(one).requires_grad_(),
    }
    stmts = {"ferrule": "ag + bg", "ferrule, no grad": "a + b"}
    if torch is not None:
        env |= {
            "ta": torch.ones(1),
            "tb": torch.ones(1),
            "tag": torch.ones(1, requires_grad=True),
            "tbg": torch.ones(1, requires_grad=True),
        }
        stmts |= {"torch": "tag + tbg", "torch, no grad": "ta + tb"}
    records.append(
        record(
            GROUP,
            "a + b, 1-element float32, both requiring grad (recording a node)",
            "ns/call",
            ns_per_call(stmts, env, number, repeat),
            "ferrule, no grad",
            lower_is_better=True,
            note="the ratio is ferrule's time without requires_grad over its time with it: recording costs at most "
            "2x (target) when it is at least 0.50",
        )
    )

    backward = "(ag * bg + ag).sum().backward()"
    stmts = {"ferrule": backward}
    if torch is not None:
        stmts["torch"] = "(tag * tbg + tag).sum().backward()"
    records.append(
        record(
            GROUP,
            "(a * b + a).sum().backward(), 1-element float32",
            "ns/call",
            ns_per_call(stmts, env, number // 10, repeat),
            "torch",
            lower_is_better=True,
            note=peer_note or "target: at most 0.2x torch's time (a ratio of at least 5)",
        )
    )

    for batch, calls, target in ((32, 300, "0.5x torch's time (a ratio of at least 2)"), (1024, 40, "torch's time")):
        fns = {"ferrule": ferrule_step(batch)}
        if torch is not None:
            fns["torch"] = torch_step(torch, batch)
        values = {who: s * 1e6 for who, s in best_per_call(fns, calls // 10 if args.quick else calls, repeat).items()}
        records.append(
            record(
                GROUP,
                STEP_CASE.format(batch=batch),
                "µs",
                values,
                "torch",
                lower_is_better=True,
                note=peer_note or f"zero_grad, forward, loss, backward, optimizer step; target: at most {target}",
            )
        )
    emit(records, args.json)


if __name__ == "__main__":
    main()
