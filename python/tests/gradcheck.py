"""The gradient checks of the autograd tests: analytic gradients (backward with a random
upstream gradient) against central finite differences in float64 or complex128.

Complex tensors follow PyTorch's convention: for a real loss ``L``, the gradient of
``z = x + iy`` is ``dL/dx + i dL/dy``. An op's outputs are weighted by random ``w`` and the
loss is ``sum(real(conj(w) * y))`` (``sum(w * y)`` for real outputs), so the numeric gradient
perturbs the real and the imaginary part of each input element in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ferrule as f
import numpy as np

EPS = 1e-6


def leaf(a: Any, dtype: Any = None, *, transpose: bool = False) -> Any:
    """A leaf requiring grad (float64, or complex128 for complex data unless ``dtype`` says);
    with ``transpose``, a non-contiguous view of new memory."""
    arr = np.asarray(a)
    if dtype is None:
        dtype = f.complex128 if np.iscomplexobj(arr) else f.float64
    arr = arr.astype(np.complex128 if np.iscomplexobj(arr) else np.float64)
    if transpose and arr.ndim >= 2:
        t = f.matrix_transpose(f.asarray(np.ascontiguousarray(np.swapaxes(arr, -1, -2)), dtype=dtype))
    else:
        t = f.asarray(arr, dtype=dtype)
    return t.requires_grad_()


def outputs(y: Any) -> list[Any]:
    """The tensors an op returned: one, or the items of a tuple."""
    return list(y) if isinstance(y, (tuple, list)) else [y]


def differentiable(t: Any) -> bool:
    return bool(t.dtype in (f.float16, f.float32, f.float64, f.complex64, f.complex128))


def loss(ys: Sequence[Any], weights: Sequence[np.ndarray]) -> float:
    """``sum(real(conj(w) * y))`` over the outputs that can have a gradient."""
    total = 0.0
    for y, w in zip(ys, weights, strict=True):
        if differentiable(y):
            total += float(np.sum(np.real(np.conj(w) * np.asarray(y))))
    return total


def numeric_grad(
    fn: Callable[..., Any], arrays: list[np.ndarray], i: int, weight: np.ndarray | Sequence[np.ndarray]
) -> np.ndarray:
    """d/d arrays[i] of the weighted loss of ``fn(arrays)`` by central differences (for a
    complex input, the real-part derivative plus 1j times the imaginary-part one)."""
    weights = list(weight) if isinstance(weight, (list, tuple)) else [weight]
    x = arrays[i]
    out = np.zeros_like(x)
    units = (1.0, 1j) if np.iscomplexobj(x) else (1.0,)
    for k in range(x.size):
        for unit in units:
            vals = []
            for step in (EPS, -EPS):
                moved = [a.copy() for a in arrays]
                moved[i].reshape(-1)[k] += step * unit
                with f.no_grad():
                    ys = outputs(fn(*[f.asarray(m) for m in moved]))
                vals.append(loss(ys, weights))
            out.reshape(-1)[k] += (vals[0] - vals[1]) / (2 * EPS) * unit
    return out


def random_weight(rng: np.random.Generator, y: Any) -> np.ndarray:
    shape = tuple(y.shape)
    w = rng.standard_normal(shape)
    if y.dtype in (f.complex64, f.complex128):
        w = w + 1j * rng.standard_normal(shape)
    return w


def gradcheck(
    fn: Callable[..., Any],
    *arrays: Any,
    transpose: bool = False,
    rtol: float = 1e-5,
    atol: float = 1e-6,
    seed: int = 0,
) -> None:
    """The analytic gradient (backward with a random upstream gradient on every output) equals
    the numeric one, for every input; each gradient has its input's shape and dtype."""
    arrays_np = [np.asarray(a) for a in arrays]
    arrays_np = [a.astype(np.complex128 if np.iscomplexobj(a) else np.float64) for a in arrays_np]
    inputs = [leaf(a, transpose=transpose) for a in arrays_np]
    ys = outputs(fn(*inputs))
    rng = np.random.default_rng(seed)
    weights = [random_weight(rng, y) for y in ys]
    roots = [(y, w) for y, w in zip(ys, weights, strict=True) if differentiable(y) and y.requires_grad]
    assert roots, "no output requires grad"
    f.autograd.backward([y for y, _ in roots], [f.asarray(w, dtype=y.dtype) for y, w in roots])
    for i, t in enumerate(inputs):
        expected = numeric_grad(fn, arrays_np, i, weights)
        got = t.grad
        if got is None:
            assert np.allclose(expected, 0, atol=atol), f"input {i}: no gradient, expected {expected}"
            continue
        assert got.shape == t.shape and got.dtype == t.dtype, (got.shape, got.dtype, t.shape, t.dtype)
        np.testing.assert_allclose(np.asarray(got), expected, rtol=rtol, atol=atol, err_msg=f"input {i}")


def gradgradcheck(fn: Callable[..., Any], *arrays: Any, rtol: float = 1e-4, atol: float = 1e-5, seed: int = 1) -> None:
    """Second derivatives: with ``create_graph``, the gradient of ``sum(v * grad(L))`` (a random
    ``v``) equals the central difference of the first-order gradient."""
    arrays_np = [np.asarray(a, dtype=np.float64) for a in arrays]
    rng = np.random.default_rng(seed)
    with f.no_grad():
        probe = outputs(fn(*[f.asarray(a) for a in arrays_np]))
    weights = [random_weight(rng, y) for y in probe]
    vs = [rng.standard_normal(a.shape) for a in arrays_np]

    def first(*ts: Any) -> Any:
        """sum_i v_i . dL/dx_i, as a 0-d tensor (differentiable when grad mode is on)."""
        leaves = [t if t.requires_grad else t.detach().requires_grad_() for t in ts]
        ys = outputs(fn(*leaves))
        roots = [(y, w) for y, w in zip(ys, weights, strict=True) if differentiable(y) and y.requires_grad]
        gs = f.autograd.grad(
            [y for y, _ in roots], leaves, [f.asarray(w) for _, w in roots], create_graph=True, allow_unused=True
        )
        total = f.asarray(0.0)
        for g, v in zip(gs, vs, strict=True):
            if g is not None:
                total = total + (g * f.asarray(v)).sum()
        return total

    inputs = [leaf(a) for a in arrays_np]
    value = first(*inputs)
    got = f.autograd.grad(value, inputs, allow_unused=True) if value.requires_grad else [None] * len(inputs)

    @f.enable_grad()
    def first_value(*ts: Any) -> Any:
        return first(*[t.detach() for t in ts]).detach()

    for i, g in enumerate(got):
        expected = numeric_grad(first_value, arrays_np, i, np.ones(()))
        if g is None:
            assert np.allclose(expected, 0, atol=atol), f"input {i}: no second derivative, expected {expected}"
            continue
        np.testing.assert_allclose(np.asarray(g), expected, rtol=rtol, atol=atol, err_msg=f"input {i}")
