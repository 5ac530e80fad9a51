"""The eager loop: what an eager framework's Python entry points must give a training loop.

An eager loop builds tensors from numpy and calls ``matmul`` from Python over and over, where the
cost of each call's binding dominates. It also needs tensor properties with a getter and a setter
(``name``), functions with keyword arguments and defaults, and native errors that arrive as Python
exceptions. This example does each of those with ferrule:

1. tensors from numpy, ``ferrule.matmul`` 100 times in a loop (checked against numpy, timed);
2. the ``name`` property: a unique default, then set and read back;
3. operators with keyword arguments and defaults (``sum``, ``std``), as their signatures say;
4. errors raised in native code, caught in Python as ordinary exceptions.

Run: .venv/bin/python examples/python/eager_loop.py
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable

import ferrule
import numpy as np


def per_call_us(job: Callable[[], object], calls: int) -> float:
    """Microseconds per call of ``job()`` (the best of 5 runs of ``calls`` calls)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            job()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def main() -> None:
    rng = np.random.default_rng(0)

    print("1. tensors from numpy, matmul in a loop (the eager loop)")
    x_data = rng.random((4, 4), dtype=np.float32)
    y_data = rng.random((4, 4), dtype=np.float32)
    x = ferrule.Tensor(x_data)  # a copy, as eager frameworks' tensor constructors make
    y = ferrule.asarray(y_data)  # shares y_data's memory instead
    for _ in range(100):
        out = ferrule.matmul(x, y)
    print(f"   out = matmul(x, y): shape {out.shape}, dtype {out.dtype}, out[0, 0] = {out[0, 0].item():.6f}")
    np.testing.assert_allclose(out.numpy(), x_data @ y_data, rtol=1e-5)
    print("   matches numpy's x @ y")
    ours = per_call_us(lambda: ferrule.matmul(x, y), 2000)
    theirs = per_call_us(lambda: np.matmul(x_data, y_data), 2000)
    print(f"   one 4x4 matmul call: ferrule {ours:.2f} us, numpy {theirs:.2f} us (binding cost dominates)")

    print("2. the name property (getter and setter)")
    t = ferrule.Tensor(np.zeros(3))
    default = t.name
    print(f"   a new tensor's default name: {default!r}")
    assert default.startswith("tensor_") and ferrule.Tensor(np.zeros(1)).name != default
    t.name = "wh"
    print(f"   after t.name = 'wh': {t.name!r}")
    assert t.name == "wh"

    print("3. keyword arguments and defaults")
    m = ferrule.asarray(np.arange(6.0).reshape(2, 3))
    print(f"   ferrule.sum{inspect.signature(ferrule.sum)}")
    row_sums = ferrule.sum(m, axis=1, keepdims=True)
    print(f"   sum(m, axis=1, keepdims=True) = {row_sums.tolist()}; sum(m) = {ferrule.sum(m).item()}")
    assert row_sums.tolist() == [[3.0], [12.0]] and ferrule.sum(m).item() == 15.0
    population, sample = ferrule.std(m).item(), ferrule.std(m, correction=1).item()
    print(f"   std(m) = {population:.6f} (correction=0 by default); std(m, correction=1) = {sample:.6f}")
    assert np.isclose(population, np.std(np.arange(6.0))) and np.isclose(sample, np.std(np.arange(6.0), ddof=1))

    print("4. errors raised in native code, caught in Python")
    try:
        ferrule.matmul(x, ferrule.ones((3, 2), dtype=ferrule.float32))
    except ValueError as e:  # ferrule.ValueError is also the builtin ValueError
        print(f"   shape mismatch -> {type(e).__module__}.{type(e).__name__}: {e}")
        assert isinstance(e, ferrule.Error) and e.kind == "ValueError"
    else:
        raise AssertionError("matmul of (4, 4) and (3, 2) must fail")
    try:
        ferrule.sum(m, axis="rows")  # type: ignore[arg-type]
    except TypeError as e:
        print(f"   bad argument   -> {type(e).__name__}: {e}")
        assert "axis" in str(e)
    else:
        raise AssertionError("axis='rows' must fail")


if __name__ == "__main__":
    main()
