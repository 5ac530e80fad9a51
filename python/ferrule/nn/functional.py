"""ferrule.nn.functional: the ``ops.nn.*`` operators as functions, differentiable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _ferrule
from ..ffi import builtin_of


def _op(name: str) -> Callable[..., Any]:
    return builtin_of(_ferrule.get_global_func(f"ops.nn.{name}"), name, __name__)


relu = _op("relu")
sigmoid = _op("sigmoid")
softmax = _op("softmax")
log_softmax = _op("log_softmax")
one_hot = _op("one_hot")
cross_entropy = _op("cross_entropy")
mse_loss = _op("mse_loss")

__all__ = ["cross_entropy", "log_softmax", "mse_loss", "one_hot", "relu", "sigmoid", "softmax"]
