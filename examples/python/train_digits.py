"""Trains a 64-64-10 MLP on scikit-learn's digits (1,797 8x8 images, shipped inside the package)
with ferrule's autograd, cross-entropy and Adam, and reports held-out accuracy per epoch.

Run: python examples/python/train_digits.py [--epochs N] [--curve PATH.json] [--export PATH.json]

--export also writes the split and the initial weights to a JSON file, from which the Go example
(go/examples/train) trains the same model on the same data: `make demo` runs both and draws their
loss curves into docs/training.png.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time

import ferrule as f
import numpy as np
from ferrule.nn import functional as F
from sklearn.datasets import load_digits  # type: ignore[import-untyped]
from sklearn.model_selection import train_test_split  # type: ignore[import-untyped]


def init_layer(rng: np.random.Generator, n_in: int, n_out: int) -> tuple[f.Tensor, f.Tensor]:
    """He-initialised weights (for ReLU) and zero biases, as leaves that require grad."""
    w = f.asarray(rng.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in), dtype=f.float32).requires_grad_()
    b = f.zeros((n_out,), dtype=f.float32).requires_grad_()
    return w, b


def forward(params: list[f.Tensor], x: f.Tensor) -> f.Tensor:
    w1, b1, w2, b2 = params
    logits: f.Tensor = F.relu(x @ w1 + b1) @ w2 + b2
    return logits


def accuracy(params: list[f.Tensor], x: f.Tensor, y: np.ndarray) -> float:
    with f.no_grad():
        logits = np.asarray(forward(params, x))
    return float(np.mean(np.argmax(logits, axis=1) == y))


def export(
    path: str,
    x_train: np.ndarray,
    y_train: np.ndarray,
    x_test: np.ndarray,
    y_test: np.ndarray,
    params: list[f.Tensor],
    lr: float,
) -> None:
    """The split and the initial weights as JSON (float32 values as the decimals that round-trip)."""

    def array(a: np.ndarray) -> dict[str, object]:
        return {"shape": list(a.shape), "data": [float(v) for v in a.reshape(-1)]}

    doc = {
        "x_train": array(x_train),
        "y_train": [int(v) for v in y_train],
        "x_test": array(x_test),
        "y_test": [int(v) for v in y_test],
        "init": {name: array(np.asarray(p)) for name, p in zip(("w1", "b1", "w2", "b2"), params, strict=True)},
        "lr": lr,
    }
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    pathlib.Path(path).write_text(json.dumps(doc))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--curve", help="write the per-epoch losses to this JSON file")
    parser.add_argument("--export", help="write the split and the initial weights to this JSON file (for Go)")
    args = parser.parse_args()

    digits = load_digits()
    features = (digits.data / 16.0).astype(np.float32)
    x_train, x_test, y_train, y_test = train_test_split(
        features, digits.target, test_size=0.2, random_state=0, stratify=digits.target
    )
    rng = np.random.default_rng(0)
    params = [*init_layer(rng, 64, 64), *init_layer(rng, 64, 10)]
    lr = 1e-2
    if args.export:
        export(args.export, x_train, y_train, x_test, y_test, params, lr)
    opt = f.optim.Adam(params, lr=lr)
    test_x = f.asarray(x_test)
    losses = []
    for epoch in range(1, args.epochs + 1):
        start = time.perf_counter()
        order = rng.permutation(len(x_train))
        total, batches = 0.0, 0
        for i in range(0, len(order), args.batch):
            idx = order[i : i + args.batch]
            xb, yb = f.asarray(x_train[idx]), f.asarray(y_train[idx])
            opt.zero_grad()
            loss = F.cross_entropy(forward(params, xb), yb)
            loss.backward()
            opt.step()
            total += float(loss)
            batches += 1
        losses.append(total / batches)
        acc = accuracy(params, test_x, y_test)
        print(
            f"epoch {epoch:2d}  loss {losses[-1]:.4f}  held-out accuracy {acc:.3f}  {time.perf_counter() - start:.2f} s"
        )
    final = accuracy(params, test_x, y_test)
    print(f"final held-out accuracy: {final:.3f} on {len(y_test)} images")
    if args.curve:
        with open(args.curve, "w") as out:
            json.dump({"language": "python", "loss": losses, "accuracy": final}, out)
    if final < 0.95:
        raise SystemExit(f"accuracy {final:.3f} is below 0.95")


if __name__ == "__main__":
    main()
