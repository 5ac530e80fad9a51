# DO NOT EDIT — generated from schema/ops.yaml by `cargo run -p ferrule-codegen`.

from collections.abc import Sequence
from typing import Any

from ._ferrule import Tensor

DType = Any
Device = Any
OPS: dict[str, tuple[str, str]]
TENSOR_METHODS: dict[str, tuple[str, str]]

def arange(start: int | float | bool, /, stop: int | float | bool | None = ..., step: int | float | bool = ..., *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """Evenly spaced values in [start, stop) with spacing step; arange(n) is 0, 1, ..., n-1."""

def empty(shape: int | tuple[int, ...], *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A new tensor of the given shape (ferrule zero-fills new memory)."""

def empty_like(x: Tensor, /, *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A new tensor with the shape of x, and its dtype unless dtype is given."""

def eye(n_rows: int, n_cols: int | None = ..., /, *, k: int = ..., dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A 2-D tensor with ones on the k-th diagonal (k > 0 above the main one) and zeros elsewhere;"""

def full(shape: int | tuple[int, ...], fill_value: int | float | bool, *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A tensor of the given shape filled with fill_value. The dtype defaults to that of the value"""

def full_like(x: Tensor, /, fill_value: int | float | bool, *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A tensor with the shape of x (and its dtype unless dtype is given) filled with fill_value."""

def linspace(start: int | float | bool, stop: int | float | bool, /, num: int, *, dtype: DType | None = ..., device: Device | None = ..., endpoint: bool = ...) -> Tensor:
    """num evenly spaced values from start to stop (stop included unless endpoint is False),"""

def meshgrid(*arrays: Tensor, indexing: str = ...) -> list[Tensor]:
    """Coordinate grids from 1-D coordinate tensors. indexing='xy' (Cartesian) swaps the first two"""

def ones(shape: int | tuple[int, ...], *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A tensor of the given shape filled with ones."""

def ones_like(x: Tensor, /, *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """Ones with the shape of x, and its dtype unless dtype is given."""

def tril(x: Tensor, /, *, k: int = ...) -> Tensor:
    """The lower triangle of the last two dims of x (elements with column - row <= k); the rest is"""

def triu(x: Tensor, /, *, k: int = ...) -> Tensor:
    """The upper triangle of the last two dims of x (elements with column - row >= k); the rest is"""

def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """A tensor of the given shape filled with zeros."""

def zeros_like(x: Tensor, /, *, dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """Zeros with the shape of x, and its dtype unless dtype is given."""

def random_uniform(low: float = ..., high: float = ..., shape: int | tuple[int, ...] = ..., *, seed: int | None = ..., dtype: DType | None = ...) -> Tensor:
    """Samples from the uniform distribution on [low, high) with a xoshiro256** generator. The same"""

def random_normal(loc: float = ..., scale: float = ..., shape: int | tuple[int, ...] = ..., *, seed: int | None = ..., dtype: DType | None = ...) -> Tensor:
    """Samples from the normal distribution with mean loc and standard deviation scale (Box-Muller"""

def add(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Adds x1 and x2 element-wise (integers wrap around; bool is logical or)."""

def subtract(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Subtracts x2 from x1 element-wise (integers wrap around). Bool is a TypeError."""

def multiply(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Multiplies x1 and x2 element-wise (integers wrap around; bool is logical and)."""

def divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Divides x1 by x2 element-wise (true division). Integer and bool inputs divide in float64."""

def floor_divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Floor division x1 // x2, rounding toward -inf. Integer division by zero gives 0 (numpy"""

def remainder(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Remainder of floor division, with the sign of x2 (Python's %). Integer x % 0 gives 0;"""

def pow(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Raises x1 to the power x2 element-wise. Integer powers wrap around; a negative integer"""

def maximum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """The larger of x1 and x2 element-wise; NaN propagates."""

def minimum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """The smaller of x1 and x2 element-wise; NaN propagates."""

def atan2(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """The quadrant-aware arc tangent of x1 / x2, in radians in [-pi, pi]. Real dtypes only;"""

def copysign(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 with the sign of x2, element-wise. Real dtypes only."""

def hypot(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """sqrt(x1**2 + x2**2) element-wise, without undue overflow. Real dtypes only."""

def logaddexp(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """log(exp(x1) + exp(x2)) element-wise, without overflow. Real dtypes only."""

def nextafter(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """The next representable value after x1 toward x2, in the result dtype. Real dtypes only."""

def equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 == x2 element-wise, as bool (NaN is unequal to everything)."""

def not_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 != x2 element-wise, as bool."""

def less(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 < x2 element-wise, as bool. Complex is a TypeError."""

def less_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 <= x2 element-wise, as bool. Complex is a TypeError."""

def greater(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 > x2 element-wise, as bool. Complex is a TypeError."""

def greater_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 >= x2 element-wise, as bool. Complex is a TypeError."""

def logical_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Logical AND of the truth values of x1 and x2 (non-zero is true), as bool."""

def logical_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Logical OR of the truth values of x1 and x2, as bool."""

def logical_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Logical XOR of the truth values of x1 and x2, as bool."""

def bitwise_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Bitwise AND of integer or bool inputs."""

def bitwise_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Bitwise OR of integer or bool inputs."""

def bitwise_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """Bitwise XOR of integer or bool inputs."""

def bitwise_left_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 shifted left by x2 bits (integers; bool computes as int8). Shifting by a negative amount"""

def bitwise_right_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 shifted right by x2 bits, arithmetic for signed integers. Shifting by a negative amount"""

def abs(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The absolute value element-wise; complex inputs give the magnitude in the real dtype."""

def negative(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The numerical negative element-wise (integers wrap). Bool is a TypeError: use logical_not."""

def positive(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The numerical positive element-wise (a copy). Bool is a TypeError."""

def sign(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """-1, 0 or 1 by the sign of each element (NaN stays NaN); z / |z| for complex. Bool is a"""

def square(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """x * x element-wise; bool computes as int8."""

def conj(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The complex conjugate; real inputs are copied (bool becomes int8)."""

def real(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The real part (float32/float64 for complex inputs; real inputs are copied)."""

def imag(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The imaginary part (float32/float64 for complex inputs; zeros for real inputs)."""

def reciprocal(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """1 / x element-wise; integers use integer division (1 / 0 gives 0)."""

def round(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Rounds to the nearest integer, halves to even; integers are copied, complex rounds both"""

def floor(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The largest integer value <= x element-wise; integers are copied; complex is a TypeError."""

def ceil(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The smallest integer value >= x element-wise; integers are copied; complex is a TypeError."""

def trunc(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Rounds toward zero element-wise; integers are copied; complex is a TypeError."""

def signbit(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Whether the sign bit is set (-0.0 included), as bool. Complex is a TypeError."""

def isfinite(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Whether each element is finite (complex: both parts), as bool."""

def isinf(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Whether each element is infinite (complex: either part), as bool."""

def isnan(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Whether each element is NaN (complex: either part), as bool."""

def logical_not(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Logical NOT of the truth value of each element (zero is false), as bool."""

def bitwise_invert(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """Bitwise NOT (~x) of integers; logical NOT for bool."""

def exp(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The exponential e**x element-wise (vectorised; about 1 ulp). Integer and bool inputs compute"""

def expm1(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """exp(x) - 1 element-wise, accurate near zero. Integer and bool inputs compute in numpy's"""

def log(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The natural logarithm element-wise (NaN below zero, -inf at zero). Integer and bool inputs"""

def log1p(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """log(1 + x) element-wise, accurate near zero. Integer and bool inputs compute in numpy's"""

def log2(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The base-2 logarithm element-wise. Integer and bool inputs compute in numpy's float for them"""

def log10(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The base-10 logarithm element-wise. Integer and bool inputs compute in numpy's float for"""

def sqrt(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The non-negative square root element-wise (NaN below zero; principal root for complex)."""

def sin(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The sine of angles in radians. Integer and bool inputs compute in numpy's float for them"""

def cos(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The cosine of angles in radians. Integer and bool inputs compute in numpy's float for them"""

def tan(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The tangent of angles in radians. Integer and bool inputs compute in numpy's float for them"""

def asin(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse sine, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's"""

def acos(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse cosine, in radians in [0, pi]. Integer and bool inputs compute in numpy's float"""

def atan(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse tangent, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's"""

def sinh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The hyperbolic sine. Integer and bool inputs compute in numpy's float for them (float16 for"""

def cosh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The hyperbolic cosine. Integer and bool inputs compute in numpy's float for them (float16"""

def tanh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The hyperbolic tangent. Integer and bool inputs compute in numpy's float for them (float16"""

def asinh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse hyperbolic sine. Integer and bool inputs compute in numpy's float for them"""

def acosh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse hyperbolic cosine (NaN below 1). Integer and bool inputs compute in numpy's"""

def atanh(x: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The inverse hyperbolic tangent (NaN outside [-1, 1], infinite at +-1). Integer and bool"""

def clip(x: Tensor, /, min: Tensor | int | float | bool | None = ..., max: Tensor | int | float | bool | None = ..., *, out: Tensor | None = ...) -> Tensor:
    """Clamps each element of x to [min, max] (minimum(maximum(x, min), max): NaN propagates, and"""

def where(condition: Tensor, x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = ...) -> Tensor:
    """x1 where condition is true, else x2, broadcasting all three; the result dtype promotes x1"""

def astype(x: Tensor, dtype: DType, /, *, copy: bool = ..., device: Device | None = ...) -> Tensor:
    """A copy of x converted to dtype with numpy's casting rules (ints wrap, floats truncate toward"""

def geo_distance(lon1: Tensor | int | float | bool, lat1: Tensor | int | float | bool, lon2: Tensor | int | float | bool, lat2: Tensor | int | float | bool) -> Tensor:
    """The great-circle distance in metres between (lon1, lat1) and (lon2, lat2), given in degrees,"""

def sum(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., dtype: DType | None = ..., keepdims: bool = ...) -> Tensor:
    """The sum over axis. Without dtype, bool and signed ints sum to int64, unsigned ints to uint64,"""

def prod(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., dtype: DType | None = ..., keepdims: bool = ...) -> Tensor:
    """The product over axis, with sum's dtype rules; an empty product is 1."""

def mean(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """The arithmetic mean over axis: float64 for bool and int inputs, the input dtype for floats"""

def var(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., correction: float = ..., keepdims: bool = ...) -> Tensor:
    """The variance over axis, sum(|x - mean|**2) / max(N - correction, 0) (numpy's ddof); float64"""

def std(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., correction: float = ..., keepdims: bool = ...) -> Tensor:
    """The standard deviation over axis: the square root of var."""

def max(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """The largest element over axis, in the input's dtype; NaN if any element is NaN. An empty"""

def min(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """The smallest element over axis; rules as for max."""

def cumulative_sum(x: Tensor, /, *, axis: int | None = ..., dtype: DType | None = ..., include_initial: bool = ...) -> Tensor:
    """The running sum along axis (required unless x is 1-D), with sum's dtype rules. With"""

def cumulative_prod(x: Tensor, /, *, axis: int | None = ..., dtype: DType | None = ..., include_initial: bool = ...) -> Tensor:
    """The running product along axis; rules as for cumulative_sum (the initial value is 1)."""

def all(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """True where every element over axis is non-zero (NaN counts as true); all of nothing is True."""

def any(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """True where any element over axis is non-zero; any of nothing is False."""

def argmax(x: Tensor, /, *, axis: int | None = ..., keepdims: bool = ...) -> Tensor:
    """The index (int64) of the first largest element along axis, or of the flattened tensor for"""

def argmin(x: Tensor, /, *, axis: int | None = ..., keepdims: bool = ...) -> Tensor:
    """The index (int64) of the first smallest element along axis; rules as for argmax."""

def count_nonzero(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ...) -> Tensor:
    """The number of non-zero elements over axis, as int64."""

def diff(x: Tensor, /, *, axis: int = ..., n: int = ..., prepend: Tensor | int | float | bool | None = ..., append: Tensor | int | float | bool | None = ...) -> Tensor:
    """The n-th discrete difference along axis, out[i] = x[i + 1] - x[i] applied n times, after"""

def matmul(x1: Tensor, x2: Tensor, /, *, out: Tensor | None = ...) -> Tensor:
    """The matrix product. A 1-D x1 is a row and a 1-D x2 a column (the added dim is removed),"""

def mm(x1: Tensor, x2: Tensor, /) -> Tensor:
    """The product of two 2-D tensors (matmul restricted to matrices, as in torch.mm)."""

def tensordot(x1: Tensor, x2: Tensor, /, *, axes: Any = ...) -> Tensor:
    """The tensor contraction over axes: an int n (the last n dims of x1 with the first n of x2) or"""

def vecdot(x1: Tensor, x2: Tensor, /, *, axis: int = ...) -> Tensor:
    """The dot product of vectors along axis (counted from the end), other dims broadcast:"""

def linalg_cholesky(x: Tensor, /, *, upper: bool = ...) -> Tensor:
    """The Cholesky factor of each Hermitian positive-definite matrix of x (..., n, n): the"""

def linalg_cross(x1: Tensor, x2: Tensor, /, *, axis: int = ...) -> Tensor:
    """The cross product of 3-element vectors along axis (counted from the end; a non-negative axis"""

def linalg_det(x: Tensor, /) -> Tensor:
    """The determinant of each square matrix of x (..., n, n), shape x.shape[:-2], from an LU"""

def linalg_diagonal(x: Tensor, /, *, offset: int = ...) -> Tensor:
    """The offset diagonal of each matrix of x (0 the main one, positive above it, negative below),"""

def linalg_eigh(x: Tensor, /) -> tuple[Tensor, ...]:
    """(eigenvalues, eigenvectors) of each Hermitian (real symmetric) matrix of x: the eigenvalues"""

def linalg_eigvalsh(x: Tensor, /) -> Tensor:
    """The eigenvalues of each Hermitian matrix of x, ascending, real, shape (..., n); only the"""

def linalg_inv(x: Tensor, /) -> Tensor:
    """The inverse of each square matrix of x (..., n, n), from an LU factorization with partial"""

def linalg_matrix_power(x: Tensor, n: int, /) -> Tensor:
    """Each square matrix of x raised to the integer power n by repeated squaring: n = 0 gives"""

def linalg_matrix_rank(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = ...) -> Tensor:
    """The rank of each matrix of x (int64, shape x.shape[:-2]): the number of singular values"""

def linalg_matrix_norm(x: Tensor, /, *, keepdims: bool = ..., ord: Any = ...) -> Tensor:
    """The norm of each matrix in the last two dims: ord 'fro' (default), 'nuc' (the sum of the"""

def linalg_outer(x1: Tensor, x2: Tensor, /) -> Tensor:
    """The outer product of two vectors: out[i, j] = x1[i] * x2[j], dtypes promoted."""

def linalg_pinv(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = ...) -> Tensor:
    """The Moore-Penrose pseudo-inverse of each matrix of x ((..., m, n) to (..., n, m)) from its"""

def linalg_qr(x: Tensor, /, *, mode: str = ...) -> tuple[Tensor, ...]:
    """(Q, R) with x = Q @ R for each matrix of x (..., m, n), k = min(m, n): Q has orthonormal"""

def linalg_slogdet(x: Tensor, /) -> tuple[Tensor, ...]:
    """(sign, logabsdet) of each square matrix of x, with det = sign * exp(logabsdet): sign has x's"""

def linalg_solve(x1: Tensor, x2: Tensor, /) -> Tensor:
    """The solution X of x1 @ X = x2 for each square matrix of x1 (..., M, M). A 1-D x2 (M,) is one"""

def linalg_svd(x: Tensor, /, *, full_matrices: bool = ...) -> tuple[Tensor, ...]:
    """(U, S, Vh) with x = U @ diag(S) @ Vh for each matrix of x (..., m, n), k = min(m, n): the"""

def linalg_svdvals(x: Tensor, /) -> Tensor:
    """The singular values of each matrix of x, descending, shape (..., min(m, n)), x's real dtype."""

def linalg_trace(x: Tensor, /, *, offset: int = ..., dtype: DType | None = ...) -> Tensor:
    """The sum of the offset diagonal of each matrix of x, shape x.shape[:-2]. Without dtype the"""

def linalg_vector_norm(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ..., keepdims: bool = ..., ord: float = ...) -> Tensor:
    """The vector ord-norm over axis (all dims for None): inf is the largest magnitude, -inf the"""

def reshape(x: Tensor, /, shape: int | tuple[int, ...], *, copy: bool | None = ...) -> Tensor:
    """Gives x a new shape (one dim may be -1) without changing its elements."""

def permute_dims(x: Tensor, /, axes: int | tuple[int, ...]) -> Tensor:
    """Reorders the dims of x (a view): dim i of the result is dim axes[i] of x."""

def matrix_transpose(x: Tensor, /) -> Tensor:
    """Swaps the last two dims of x (a view); x needs at least 2 dims."""

def expand_dims(x: Tensor, /, axis: int = ...) -> Tensor:
    """Inserts a dim of size 1 at axis (a view); axis ranges over -x.ndim-1 .. x.ndim."""

def squeeze(x: Tensor, /, axis: int | tuple[int, ...] | None) -> Tensor:
    """Removes the size-1 dims named by axis (int or tuple; a view). Naming a dim whose size"""

def broadcast_to(x: Tensor, /, shape: int | tuple[int, ...]) -> Tensor:
    """A broadcast view of x with the given shape (its repeated elements alias: treat it as"""

def broadcast_arrays(*arrays: Tensor) -> list[Tensor]:
    """Broadcasts the tensors against each other, returning views of the common shape."""

def concat(arrays: Sequence[Tensor], /, *, axis: int | None = ...) -> Tensor:
    """Joins tensors along an existing axis (None: flattens them first). The result dtype is"""

def stack(arrays: Sequence[Tensor], /, *, axis: int = ...) -> Tensor:
    """Joins tensors of one shape along a new axis; the dtype is their promotion."""

def unstack(x: Tensor, /, *, axis: int = ...) -> list[Tensor]:
    """Splits x along axis into views, one per index."""

def flip(x: Tensor, /, *, axis: int | tuple[int, ...] | None = ...) -> Tensor:
    """Reverses the order of elements along axis (int, tuple, or None for every dim); a view"""

def roll(x: Tensor, /, shift: Any, *, axis: int | tuple[int, ...] | None = ...) -> Tensor:
    """Rolls elements along axis by shift (int or tuple of ints, broadcast against axis);"""

def moveaxis(x: Tensor, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Tensor:
    """Moves dims source (int or tuple) to positions destination; the others keep their order"""

def repeat(x: Tensor, repeats: Tensor | int | float | bool, /, *, axis: int | None = ...) -> Tensor:
    """Repeats each element along axis (None: of the flattened tensor) repeats times: an int,"""

def tile(x: Tensor, repetitions: int | tuple[int, ...], /) -> Tensor:
    """Repeats the whole of x repetitions[i] times along each dim (shorter repetitions are"""

def getitem(x: Tensor, index: Any, /) -> Tensor:
    """x[index] with numpy's rules: ints, slices, None and ... give a view; integer or boolean"""

def setitem(x: Tensor, index: Any, value: Tensor | int | float | bool, /) -> None:
    """x[index] = value: writes value, broadcast to the selection and cast to x's dtype as"""

def take(x: Tensor, indices: Tensor, /, *, axis: int | None = ...) -> Tensor:
    """Elements of x at integer indices along axis (None: of the flattened x); the result"""

def take_along_axis(x: Tensor, indices: Tensor, /, *, axis: int = ...) -> Tensor:
    """Picks values of x along axis at the matching positions of indices (same number of"""

def nonzero(x: Tensor, /) -> tuple[Tensor, ...]:
    """The indices of the non-zero elements of x, one int64 tensor per dim, in row-major"""

def searchsorted(x1: Tensor, x2: Tensor | int | float | bool, /, *, side: str = ..., sorter: Tensor | None = ...) -> Tensor:
    """For each element of x2, the int64 index where inserting it into the sorted 1-D x1"""

def sort(x: Tensor, /, *, axis: int = ..., descending: bool = ..., stable: bool = ...) -> Tensor:
    """x sorted along axis. NaN sorts after every number (first when descending); complex"""

def argsort(x: Tensor, /, *, axis: int = ..., descending: bool = ..., stable: bool = ...) -> Tensor:
    """The int64 indices that sort x along axis (the order of sort). With stable=True equal"""

def unique_values(x: Tensor, /) -> Tensor:
    """The sorted unique elements of x (flattened); every NaN is its own value."""

def unique_counts(x: Tensor, /) -> tuple[Tensor, ...]:
    """(values, counts): the sorted unique elements of x and how often each occurs (int64)."""

def unique_inverse(x: Tensor, /) -> tuple[Tensor, ...]:
    """(values, inverse_indices): the sorted unique elements and, with x's shape, the index"""

def unique_all(x: Tensor, /) -> tuple[Tensor, ...]:
    """(values, indices, inverse_indices, counts): the sorted unique elements, the flat index"""

def can_cast(from_: Any, to: DType, /) -> bool:
    """Whether from_ (a dtype or a tensor) casts to the dtype to under the type-promotion"""

def result_type(*arrays_and_dtypes: Any) -> Any:
    """The dtype resulting from type promotion of tensors, dtypes and Python scalars (which"""

def finfo(type: Any, /) -> Any:
    """Machine limits of a floating-point dtype (or tensor) as a record with bits, eps, max,"""

def iinfo(type: Any, /) -> Any:
    """Machine limits of an integer dtype (or tensor) as a record with bits, max, min and"""

def isdtype(dtype: DType, kind: Any, /) -> bool:
    """Whether dtype is of kind: a dtype, one of 'bool', 'signed integer', 'unsigned integer',"""

def fft_fft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The 1-D discrete Fourier transform along axis: X[k] = sum_j x[j] exp(-2 pi i jk/n), with x"""

def fft_ifft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The inverse of fft.fft: x[j] = (1/n) sum_k X[k] exp(2 pi i jk/n) under norm='backward';"""

def fft_fftn(x: Tensor, /, *, s: Sequence[int] | None = ..., axes: Sequence[int] | None = ..., norm: str = ...) -> Tensor:
    """The n-D discrete Fourier transform over axes (default: all), each cut or zero-padded to the"""

def fft_ifftn(x: Tensor, /, *, s: Sequence[int] | None = ..., axes: Sequence[int] | None = ..., norm: str = ...) -> Tensor:
    """The n-D inverse transform (fft.ifft over each of axes); s and axes as fft.fftn."""

def fft_rfft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The transform of a real signal: the n//2 + 1 non-negative-frequency terms of fft.fft (the"""

def fft_irfft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The inverse of fft.rfft: n real points (default 2*(m - 1) for m input points) from the"""

def fft_rfftn(x: Tensor, /, *, s: Sequence[int] | None = ..., axes: Sequence[int] | None = ..., norm: str = ...) -> Tensor:
    """The n-D transform of a real x: fft.rfft over the last of axes, then fft.fft over the others;"""

def fft_irfftn(x: Tensor, /, *, s: Sequence[int] | None = ..., axes: Sequence[int] | None = ..., norm: str = ...) -> Tensor:
    """The inverse of fft.rfftn: fft.ifft over all but the last of axes, then fft.irfft over the"""

def fft_hfft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The transform of a Hermitian-symmetric signal given by its first half x: n real points"""

def fft_ihfft(x: Tensor, /, *, n: int | None = ..., axis: int = ..., norm: str = ...) -> Tensor:
    """The inverse of fft.hfft for a real x: conj(rfft(x)) / n under norm='backward' (n//2 + 1"""

def fft_fftfreq(n: int, /, *, d: float = ..., dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """The sample frequencies of an n-point fft.fft with sample spacing d:"""

def fft_rfftfreq(n: int, /, *, d: float = ..., dtype: DType | None = ..., device: Device | None = ...) -> Tensor:
    """The sample frequencies of an n-point fft.rfft with sample spacing d: [0, 1, ..., n//2] /"""

def fft_fftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = ...) -> Tensor:
    """x with the zero-frequency term moved to the middle of each of axes (default: all): rolled"""

def fft_ifftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = ...) -> Tensor:
    """The inverse of fft.fftshift: rolled by -(m//2) along each of axes (the two differ for odd"""
