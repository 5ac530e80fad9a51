"""ferrule.nn: neural-network ops (``ops.nn.*``: ``relu``, ``sigmoid``, ``softmax``,
``log_softmax``, ``one_hot``, ``cross_entropy``, ``mse_loss``), each with its derivative, also as
:mod:`ferrule.nn.functional`."""

from . import functional

__all__ = ["functional"]
