"""ferrule.linalg: the Array API ``linalg`` extension's functions that ferrule has (the
``ops.linalg.*`` operators, and the main namespace's matmul, matrix_transpose, tensordot and
vecdot, which the standard lists in both places)."""

from ._ops import linalg_matrix_norm as matrix_norm
from ._ops import linalg_vector_norm as vector_norm
from ._ops import matmul as matmul
from ._ops import matrix_transpose as matrix_transpose
from ._ops import tensordot as tensordot
from ._ops import vecdot as vecdot

__all__ = ["matrix_norm", "vector_norm", "matmul", "matrix_transpose", "tensordot", "vecdot"]
