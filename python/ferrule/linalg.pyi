"""ferrule.linalg: the Array API ``linalg`` extension (2025.12), complete: the ``ops.linalg.*``
operators, and the main namespace's matmul, matrix_transpose, tensordot and vecdot, which the
standard lists in both places. Its names are exactly the standard's."""

from ._ferrule import Tensor
from ._namespace import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from ._ops import linalg_cholesky as cholesky
from ._ops import linalg_cross as cross
from ._ops import linalg_det as det
from ._ops import linalg_diagonal as diagonal
from ._ops import linalg_eigvals as eigvals
from ._ops import linalg_eigvalsh as eigvalsh
from ._ops import linalg_inv as inv
from ._ops import linalg_matrix_norm as matrix_norm
from ._ops import linalg_matrix_power as matrix_power
from ._ops import linalg_matrix_rank as matrix_rank
from ._ops import linalg_outer as outer
from ._ops import linalg_pinv as pinv
from ._ops import linalg_solve as solve
from ._ops import linalg_svdvals as svdvals
from ._ops import linalg_trace as trace
from ._ops import linalg_vector_norm as vector_norm
from ._ops import matmul as matmul
from ._ops import matrix_transpose as matrix_transpose
from ._ops import tensordot as tensordot
from ._ops import vecdot as vecdot

__all__ = [
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
]

# The ops whose result ferrule._namespace.bind turns into the standard's named tuple, which the
# generated _ops.pyi types as tuple[Tensor, ...].
def eig(x: Tensor, /) -> EigResult:
    """(eigenvalues, eigenvectors) of each square matrix of ``x`` (not necessarily Hermitian):
    both complex, eigenvalues in no particular order, unit-norm eigenvectors in the columns."""

def eigh(x: Tensor, /) -> EighResult:
    """(eigenvalues, eigenvectors) of each Hermitian matrix of ``x``: eigenvalues ascending,
    eigenvectors in the columns, ``x = V @ diag(w) @ V^H``; only the lower triangle is read."""

def qr(x: Tensor, /, *, mode: str = ...) -> QRResult:
    """(Q, R) with ``x = Q @ R``: ``mode`` ``'reduced'`` (default) or ``'complete'``."""

def slogdet(x: Tensor, /) -> SlogdetResult:
    """(sign, logabsdet) of each square matrix of ``x``: ``det = sign * exp(logabsdet)``."""

def svd(x: Tensor, /, *, full_matrices: bool = ...) -> SVDResult:
    """(U, S, Vh) with ``x = U @ diag(S) @ Vh``, singular values descending."""
