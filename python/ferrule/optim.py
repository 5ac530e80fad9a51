"""ferrule.optim: SGD (momentum, weight decay) and Adam, written on ferrule ops.

Each optimizer holds a list of parameters (leaf tensors that require grad) and updates them in
place under :class:`ferrule.no_grad` from their ``.grad``; ``zero_grad()`` clears the gradients
before the next backward pass.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from . import _ops
from ._ferrule import Tensor
from .autograd import no_grad

__all__ = ["SGD", "Adam", "Optimizer"]


class Optimizer:
    """The parameters and ``zero_grad()`` every optimizer shares."""

    def __init__(self, params: Iterable[Tensor]) -> None:
        self.params: list[Tensor] = list(params)
        if not self.params:
            raise ValueError(f"{type(self).__name__}: got an empty parameter list")
        for i, p in enumerate(self.params):
            if not isinstance(p, Tensor):
                raise TypeError(f"{type(self).__name__}: parameter {i} is {type(p).__name__}, not a Tensor")
            if not p.requires_grad or not p.is_leaf:  # type: ignore[attr-defined]
                raise ValueError(f"{type(self).__name__}: parameter {i} must be a leaf tensor that requires grad")

    def zero_grad(self) -> None:
        """Clears every parameter's ``.grad`` (the next backward pass starts from nothing)."""
        for p in self.params:
            p.grad = None  # type: ignore[attr-defined]

    def step(self) -> None:
        """Updates every parameter from its ``.grad`` (parameters without one are left alone)."""
        raise NotImplementedError


class SGD(Optimizer):
    """Stochastic gradient descent: ``p -= lr * (g + weight_decay * p)``, with heavy-ball
    ``momentum`` when it is non-zero (``v = momentum * v + g``; ``p -= lr * v``)."""

    def __init__(self, params: Iterable[Tensor], lr: float, momentum: float = 0.0, weight_decay: float = 0.0) -> None:
        super().__init__(params)
        if lr <= 0 or momentum < 0 or weight_decay < 0:
            raise ValueError(
                f"SGD: need lr > 0, momentum >= 0 and weight_decay >= 0 (got {lr}, {momentum}, {weight_decay})"
            )
        self.lr, self.momentum, self.weight_decay = float(lr), float(momentum), float(weight_decay)
        self._velocity: list[Tensor | None] = [None] * len(self.params)

    @no_grad()
    def step(self) -> None:
        """One update of every parameter that has a gradient."""
        for i, p in enumerate(self.params):
            g = p.grad  # type: ignore[attr-defined]
            if g is None:
                continue
            if self.weight_decay:
                g = g + self.weight_decay * p
            if self.momentum:
                v = self._velocity[i]
                v = g if v is None else _ops.add(_ops.multiply(v, self.momentum), g)
                self._velocity[i] = v
                g = v
            _ops.subtract(p, _ops.multiply(g, self.lr), out=p)


class Adam(Optimizer):
    """Adam (Kingma & Ba): moment estimates with bias correction,
    ``p -= lr * m_hat / (sqrt(v_hat) + eps)``; ``weight_decay`` adds ``weight_decay * p`` to the
    gradient (L2, as the original paper)."""

    def __init__(
        self,
        params: Iterable[Tensor],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
    ) -> None:
        super().__init__(params)
        b1, b2 = betas
        if lr <= 0 or not (0 <= b1 < 1 and 0 <= b2 < 1) or eps <= 0 or weight_decay < 0:
            raise ValueError(f"Adam: invalid lr={lr}, betas={betas}, eps={eps} or weight_decay={weight_decay}")
        self.lr, self.betas, self.eps, self.weight_decay = (
            float(lr),
            (float(b1), float(b2)),
            float(eps),
            float(weight_decay),
        )
        self._m: list[Tensor | None] = [None] * len(self.params)
        self._v: list[Tensor | None] = [None] * len(self.params)
        self._t = 0

    @no_grad()
    def step(self) -> None:
        """One update of every parameter that has a gradient."""
        self._t += 1
        b1, b2 = self.betas
        c1 = 1 - b1**self._t
        c2 = 1 - b2**self._t
        for i, p in enumerate(self.params):
            g = p.grad  # type: ignore[attr-defined]
            if g is None:
                continue
            if self.weight_decay:
                g = g + self.weight_decay * p
            m = self._m[i]
            v = self._v[i]
            m = g * (1 - b1) if m is None else m * b1 + g * (1 - b1)
            v = g * g * (1 - b2) if v is None else v * b2 + g * g * (1 - b2)
            self._m[i], self._v[i] = m, v
            step = (m * (self.lr / c1)) / (_ops.sqrt(v) * (1 / math.sqrt(c2)) + self.eps)
            _ops.subtract(p, step, out=p)
