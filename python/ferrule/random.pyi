"""ferrule.random: random number generation (the ``ops.random.*`` operators)."""

from ._ops import random_normal as normal
from ._ops import random_uniform as uniform

__all__ = ["normal", "uniform"]
