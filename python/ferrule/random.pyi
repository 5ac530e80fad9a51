"""ferrule.random: random number generation (the ``ops.random.*`` operators) and numpy's
``Generator`` API over them (:func:`default_rng`)."""

from typing import Any

from ._ferrule import Tensor
from ._ops import random_choice as choice
from ._ops import random_integers as integers
from ._ops import random_normal as normal
from ._ops import random_permutation as permutation
from ._ops import random_uniform as uniform

__all__ = ["Generator", "choice", "default_rng", "integers", "normal", "permutation", "uniform"]

class Generator:
    def __init__(self, seed: int, counter: int = 0) -> None: ...
    @property
    def seed(self) -> int: ...
    @property
    def counter(self) -> int: ...
    def __reduce__(self) -> tuple[type[Generator], tuple[int, int]]: ...
    def random(self, size: int | tuple[int, ...] | None = None, dtype: Any = None) -> Tensor: ...
    def uniform(
        self, low: float = 0.0, high: float = 1.0, size: int | tuple[int, ...] | None = None, dtype: Any = None
    ) -> Tensor: ...
    def normal(
        self, loc: float = 0.0, scale: float = 1.0, size: int | tuple[int, ...] | None = None, dtype: Any = None
    ) -> Tensor: ...
    def integers(
        self,
        low: int,
        high: int | None = None,
        size: int | tuple[int, ...] | None = None,
        dtype: Any = None,
        endpoint: bool = False,
    ) -> Tensor: ...
    def permutation(self, x: Any, axis: int = 0) -> Tensor: ...
    def shuffle(self, x: Tensor, axis: int = 0) -> None: ...
    def choice(
        self,
        a: Any,
        size: int | tuple[int, ...] | None = None,
        replace: bool = True,
        p: Any = None,
        axis: int = 0,
    ) -> Tensor: ...

def default_rng(seed: int | Generator | None = None) -> Generator: ...
