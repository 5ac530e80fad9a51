"""Draws the training-loss curves that examples/python/train_digits.py and go/examples/train wrote
(`--curve PATH.json`: {"language", "loss": [per epoch], "accuracy"}) into one PNG.

Run by `make demo`:

    .venv/bin/python tools/plot_training.py target/demo/python_curve.json target/demo/go_curve.json \
        -o docs/training.png
"""

from __future__ import annotations

import argparse
import json
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

LABELS = {"python": "Python (ferrule.optim.Adam)", "go": "Go (ferrule.NewAdam)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curves", nargs="+", help="curve JSON files")
    parser.add_argument("-o", "--output", default="docs/training.png")
    args = parser.parse_args()
    fig, ax = plt.subplots(figsize=(7, 4))
    for path in args.curves:
        curve = json.loads(pathlib.Path(path).read_text())
        loss = curve["loss"]
        language = curve["language"]
        label = f"{LABELS.get(language, language)}: held-out accuracy {curve['accuracy']:.3f}"
        ax.plot(range(1, len(loss) + 1), loss, marker="o", markersize=3, label=label)
    ax.set_yscale("log")
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean training cross-entropy (log scale)")
    ax.set_title("64-64-10 MLP on scikit-learn's digits, same split and initial weights", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    out = pathlib.Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    # No timestamp in the file: the same curves give the same bytes.
    fig.savefig(out, dpi=100, metadata={"Software": None})
    plt.close(fig)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
