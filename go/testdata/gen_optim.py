"""Writes go/testdata/optim_expected.json: what Python's optimizers (ferrule.optim.SGD and Adam)
do to two float32 parameters over three steps with given gradients, so that go/optim_test.go can
check that the Go optimizers take the same steps.

Run from the repository root after changing a case (or the Python optimizers), and commit both
files:

    .venv/bin/python go/testdata/gen_optim.py

The gradients are fixed arrays set as each parameter's ``.grad`` before each step (the second
parameter has none at the second step: an optimizer leaves it alone). float32 values are written
as the float64 decimal that round-trips to the same float32.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import ferrule
import numpy as np

OUT = pathlib.Path(__file__).resolve().with_name("optim_expected.json")
RNG = np.random.default_rng(20260519)
SHAPES = [(3, 4), (4,)]
STEPS = 3

CASES: list[dict[str, Any]] = [
    {"name": "sgd", "optimizer": "sgd", "lr": 0.1},
    {"name": "sgd momentum weight decay", "optimizer": "sgd", "lr": 0.1, "momentum": 0.9, "weight_decay": 0.01},
    {"name": "adam", "optimizer": "adam", "lr": 0.01},
    {
        "name": "adam betas eps weight decay",
        "optimizer": "adam",
        "lr": 0.02,
        "betas": [0.8, 0.99],
        "eps": 1e-6,
        "weight_decay": 0.1,
    },
]


def encode(a: np.ndarray[Any, Any]) -> dict[str, Any]:
    return {"shape": list(a.shape), "data": [float(v) for v in a.reshape(-1)]}


def run(case: dict[str, Any], params0: list[np.ndarray[Any, Any]], grads: list[list[Any]]) -> list[list[Any]]:
    """The parameters after each step, as Python's optimizer leaves them."""
    params = [ferrule.asarray(p.copy()).requires_grad_() for p in params0]
    if case["optimizer"] == "sgd":
        opt: ferrule.optim.Optimizer = ferrule.optim.SGD(
            params, lr=case["lr"], momentum=case.get("momentum", 0.0), weight_decay=case.get("weight_decay", 0.0)
        )
    else:
        opt = ferrule.optim.Adam(
            params,
            lr=case["lr"],
            betas=tuple(case.get("betas", (0.9, 0.999))),
            eps=case.get("eps", 1e-8),
            weight_decay=case.get("weight_decay", 0.0),
        )
    after = []
    for step in grads:
        opt.zero_grad()
        for p, g in zip(params, step, strict=True):
            if g is not None:
                p.grad = ferrule.asarray(g)  # type: ignore[attr-defined]
        opt.step()
        after.append([encode(np.asarray(p)) for p in params])
    return after


def main() -> None:
    params0 = [RNG.standard_normal(s).astype(np.float32) for s in SHAPES]
    grads: list[list[Any]] = [
        [
            RNG.standard_normal(s).astype(np.float32) if not (step == 1 and i == 1) else None
            for i, s in enumerate(SHAPES)
        ]
        for step in range(STEPS)
    ]
    doc = {
        "params": [encode(p) for p in params0],
        "grads": [[None if g is None else encode(g) for g in step] for step in grads],
        "cases": [{**case, "after": run(case, params0, grads)} for case in CASES],
    }
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT} ({len(CASES)} cases, {STEPS} steps)")


if __name__ == "__main__":
    main()
