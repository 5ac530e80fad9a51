// DO NOT EDIT — generated from schema/ops.yaml by `cargo run -p ferrule-codegen`.

//! Registers every operator of the schema as the packed function `ops.<name>`.

use ferrule_registry::{Any, FuncDef, Result};

use crate::glue;

/// Registers every operator of `schema/ops.yaml`.
pub fn register_all() -> Result<()> {
    FuncDef::new("ops.arange")
        .doc("Evenly spaced values in [start, stop) with spacing step; arange(n) is 0, 1, ..., n-1.\n\nThe length is ceil((stop - start) / step). The dtype is int64 when start, stop and step are\nall ints and float64 otherwise; a zero step is a ZeroDivisionError.\n\n>>> ferrule.arange(1, 10, 3)\nferrule.Tensor([1, 4, 7], dtype=int64)")
        .signature("(start: int | float | bool, /, stop: int | float | bool | None = None, step: int | float | bool = 1, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_arange)?;
    FuncDef::new("ops.empty")
        .doc("A new tensor of the given shape (ferrule zero-fills new memory).\n\n>>> ferrule.empty((2, 0)).shape\n(2, 0)")
        .signature("(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_empty)?;
    FuncDef::new("ops.empty_like")
        .doc("A new tensor with the shape of x, and its dtype unless dtype is given.\n\n>>> ferrule.empty_like(ferrule.ones((2, 3), dtype=ferrule.int8)).dtype\nferrule.int8")
        .signature("(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_empty_like)?;
    FuncDef::new("ops.eye")
        .doc("A 2-D tensor with ones on the k-th diagonal (k > 0 above the main one) and zeros elsewhere;\nn_cols defaults to n_rows.\n\n>>> ferrule.eye(2, 3, k=1)\nferrule.Tensor([[0., 1., 0.],\n                [0., 0., 1.]], dtype=float64)")
        .signature("(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_eye)?;
    FuncDef::new("ops.full")
        .doc("A tensor of the given shape filled with fill_value. The dtype defaults to that of the value\n(bool, int64 or float64); an int that does not fit an integer dtype is an OverflowError.\n\n>>> ferrule.full((2,), 7)\nferrule.Tensor([7, 7], dtype=int64)")
        .signature("(shape: int | tuple[int, ...], fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_full)?;
    FuncDef::new("ops.full_like")
        .doc("A tensor with the shape of x (and its dtype unless dtype is given) filled with fill_value.\n\n>>> ferrule.full_like(ferrule.zeros(2, dtype=ferrule.int32), 5)\nferrule.Tensor([5, 5], dtype=int32)")
        .signature("(x: Tensor, /, fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_full_like)?;
    FuncDef::new("ops.linspace")
        .doc("num evenly spaced values from start to stop (stop included unless endpoint is False),\ncomputed in float64 exactly as numpy does; integer dtypes take the floor.\n\n>>> ferrule.linspace(0, 1, 5)\nferrule.Tensor([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)")
        .signature("(start: int | float | bool, stop: int | float | bool, /, num: int, *, dtype: dtype | None = None, device: device | None = None, endpoint: bool = True) -> Tensor")
        .register_packed(op_linspace)?;
    FuncDef::new("ops.meshgrid")
        .doc("Coordinate grids from 1-D coordinate tensors. indexing='xy' (Cartesian) swaps the first two\noutput dims relative to 'ij' (matrix). Each output is a fresh copy.\n\n>>> [g.shape for g in ferrule.meshgrid(ferrule.arange(3), ferrule.arange(2))]\n[(2, 3), (2, 3)]")
        .signature("(*arrays: Tensor, indexing: str = 'xy') -> list[Tensor]")
        .register_packed(op_meshgrid)?;
    FuncDef::new("ops.ones")
        .doc("A tensor of the given shape filled with ones.\n\n>>> ferrule.ones(3, dtype=ferrule.int8)\nferrule.Tensor([1, 1, 1], dtype=int8)")
        .signature("(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_ones)?;
    FuncDef::new("ops.ones_like")
        .doc("Ones with the shape of x, and its dtype unless dtype is given.\n\n>>> ferrule.ones_like(ferrule.zeros((1, 2)))\nferrule.Tensor([[1., 1.]], dtype=float64)")
        .signature("(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_ones_like)?;
    FuncDef::new("ops.tril")
        .doc("The lower triangle of the last two dims of x (elements with column - row <= k); the rest is\nzero. Fewer than 2 dims is a ValueError.\n\n>>> ferrule.tril(ferrule.ones((2, 2)))\nferrule.Tensor([[1., 0.],\n                [1., 1.]], dtype=float64)")
        .signature("(x: Tensor, /, *, k: int = 0) -> Tensor")
        .register_packed(op_tril)?;
    FuncDef::new("ops.triu")
        .doc("The upper triangle of the last two dims of x (elements with column - row >= k); the rest is\nzero. Fewer than 2 dims is a ValueError.\n\n>>> ferrule.triu(ferrule.ones((2, 2)), k=1)\nferrule.Tensor([[0., 1.],\n                [0., 0.]], dtype=float64)")
        .signature("(x: Tensor, /, *, k: int = 0) -> Tensor")
        .register_packed(op_triu)?;
    FuncDef::new("ops.zeros")
        .doc("A tensor of the given shape filled with zeros.\n\n>>> ferrule.zeros((2,))\nferrule.Tensor([0., 0.], dtype=float64)")
        .signature("(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_zeros)?;
    FuncDef::new("ops.zeros_like")
        .doc("Zeros with the shape of x, and its dtype unless dtype is given.\n\n>>> ferrule.zeros_like(ferrule.ones(2, dtype=ferrule.bool))\nferrule.Tensor([False, False], dtype=bool)")
        .signature("(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_zeros_like)?;
    FuncDef::new("ops.random.uniform")
        .doc("Samples from the uniform distribution on [low, high) with a xoshiro256** generator. The same\nseed gives the same numbers; seed=None draws from a process-wide generator seeded from the\nclock. dtype is float32 or float64 (default).\n\n>>> ferrule.random.uniform(shape=(2,), seed=0).shape\n(2,)")
        .signature("(low: float = 0.0, high: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor")
        .register_packed(op_random_uniform)?;
    FuncDef::new("ops.random.normal")
        .doc("Samples from the normal distribution with mean loc and standard deviation scale (Box-Muller\non xoshiro256**). Seeding and dtypes as random.uniform; a negative scale is a ValueError.\n\n>>> ferrule.random.normal(shape=(3,), seed=1, dtype=ferrule.float32).dtype\nferrule.float32")
        .signature("(loc: float = 0.0, scale: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor")
        .register_packed(op_random_normal)?;
    FuncDef::new("ops.add")
        .doc("Adds x1 and x2 element-wise (integers wrap around; bool is logical or).\n\n>>> ferrule.add(ferrule.asarray([1, 2]), 3)\nferrule.Tensor([4, 5], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_add)?;
    FuncDef::new("ops.subtract")
        .doc("Subtracts x2 from x1 element-wise (integers wrap around). Bool is a TypeError.\n\n>>> ferrule.subtract(ferrule.asarray([5, 7]), ferrule.asarray([1, 2]))\nferrule.Tensor([4, 5], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_subtract)?;
    FuncDef::new("ops.multiply")
        .doc("Multiplies x1 and x2 element-wise (integers wrap around; bool is logical and).\n\n>>> ferrule.multiply(ferrule.asarray([1, 2, 3]), 2)\nferrule.Tensor([2, 4, 6], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_multiply)?;
    FuncDef::new("ops.divide")
        .doc("Divides x1 by x2 element-wise (true division). Integer and bool inputs divide in float64.\n\n>>> ferrule.divide(ferrule.asarray([1, 3]), 2)\nferrule.Tensor([0.5, 1.5], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_divide)?;
    FuncDef::new("ops.floor_divide")
        .doc("Floor division x1 // x2, rounding toward -inf. Integer division by zero gives 0 (numpy\nwarns; ferrule does not); complex is a TypeError.\n\n>>> ferrule.floor_divide(ferrule.asarray([-7, 7]), 2)\nferrule.Tensor([-4,  3], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_floor_divide)?;
    FuncDef::new("ops.remainder")
        .doc("Remainder of floor division, with the sign of x2 (Python's %). Integer x % 0 gives 0;\ncomplex is a TypeError.\n\n>>> ferrule.remainder(ferrule.asarray([-7, 7]), 3)\nferrule.Tensor([2, 1], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_remainder)?;
    FuncDef::new("ops.pow")
        .doc("Raises x1 to the power x2 element-wise. Integer powers wrap around; a negative integer\nexponent is a ValueError; bool computes as int8.\n\n>>> ferrule.pow(ferrule.asarray([2, 3]), 2)\nferrule.Tensor([4, 9], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_pow)?;
    FuncDef::new("ops.maximum")
        .doc("The larger of x1 and x2 element-wise; NaN propagates.\n\n>>> ferrule.maximum(ferrule.asarray([1.0, float('nan')]), 2.0)\nferrule.Tensor([ 2., nan], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_maximum)?;
    FuncDef::new("ops.minimum")
        .doc("The smaller of x1 and x2 element-wise; NaN propagates.\n\n>>> ferrule.minimum(ferrule.asarray([1, 5]), 3)\nferrule.Tensor([1, 3], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_minimum)?;
    FuncDef::new("ops.atan2")
        .doc("The quadrant-aware arc tangent of x1 / x2, in radians in [-pi, pi]. Real dtypes only;\nintegers compute in the smallest float both cast to safely.\n\n>>> ferrule.atan2(ferrule.asarray([0.0, 1.0]), 1.0)\nferrule.Tensor([0.        , 0.78539816], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_atan2)?;
    FuncDef::new("ops.copysign")
        .doc("x1 with the sign of x2, element-wise. Real dtypes only.\n\n>>> ferrule.copysign(ferrule.asarray([1.0, 2.0]), -1.0)\nferrule.Tensor([-1., -2.], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_copysign)?;
    FuncDef::new("ops.hypot")
        .doc("sqrt(x1**2 + x2**2) element-wise, without undue overflow. Real dtypes only.\n\n>>> ferrule.hypot(ferrule.asarray([3.0]), 4.0)\nferrule.Tensor([5.], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_hypot)?;
    FuncDef::new("ops.logaddexp")
        .doc("log(exp(x1) + exp(x2)) element-wise, without overflow. Real dtypes only.\n\n>>> ferrule.logaddexp(ferrule.asarray([0.0]), 0.0)\nferrule.Tensor([0.69314718], dtype=float64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_logaddexp)?;
    FuncDef::new("ops.nextafter")
        .doc("The next representable value after x1 toward x2, in the result dtype. Real dtypes only.\n\n>>> ferrule.nextafter(ferrule.asarray([1.0]), 2.0) > 1.0\nferrule.Tensor([ True], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_nextafter)?;
    FuncDef::new("ops.equal")
        .doc("x1 == x2 element-wise, as bool (NaN is unequal to everything).\n\n>>> ferrule.equal(ferrule.asarray([1, 2]), 2)\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_equal)?;
    FuncDef::new("ops.not_equal")
        .doc("x1 != x2 element-wise, as bool.\n\n>>> ferrule.not_equal(ferrule.asarray([1, 2]), 2)\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_not_equal)?;
    FuncDef::new("ops.less")
        .doc("x1 < x2 element-wise, as bool. Complex is a TypeError.\n\n>>> ferrule.less(ferrule.asarray([1, 2]), 2)\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_less)?;
    FuncDef::new("ops.less_equal")
        .doc("x1 <= x2 element-wise, as bool. Complex is a TypeError.\n\n>>> ferrule.less_equal(ferrule.asarray([1, 3]), 2)\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_less_equal)?;
    FuncDef::new("ops.greater")
        .doc("x1 > x2 element-wise, as bool. Complex is a TypeError.\n\n>>> ferrule.greater(ferrule.asarray([1, 3]), 2)\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_greater)?;
    FuncDef::new("ops.greater_equal")
        .doc("x1 >= x2 element-wise, as bool. Complex is a TypeError.\n\n>>> ferrule.greater_equal(ferrule.asarray([1, 2]), 2)\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_greater_equal)?;
    FuncDef::new("ops.logical_and")
        .doc("Logical AND of the truth values of x1 and x2 (non-zero is true), as bool.\n\n>>> ferrule.logical_and(ferrule.asarray([True, False]), True)\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_logical_and)?;
    FuncDef::new("ops.logical_or")
        .doc("Logical OR of the truth values of x1 and x2, as bool.\n\n>>> ferrule.logical_or(ferrule.asarray([True, False]), False)\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_logical_or)?;
    FuncDef::new("ops.logical_xor")
        .doc("Logical XOR of the truth values of x1 and x2, as bool.\n\n>>> ferrule.logical_xor(ferrule.asarray([True, False]), True)\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_logical_xor)?;
    FuncDef::new("ops.bitwise_and")
        .doc("Bitwise AND of integer or bool inputs.\n\n>>> ferrule.bitwise_and(ferrule.asarray([12, 10]), 6)\nferrule.Tensor([4, 2], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_and)?;
    FuncDef::new("ops.bitwise_or")
        .doc("Bitwise OR of integer or bool inputs.\n\n>>> ferrule.bitwise_or(ferrule.asarray([12, 10]), 1)\nferrule.Tensor([13, 11], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_or)?;
    FuncDef::new("ops.bitwise_xor")
        .doc("Bitwise XOR of integer or bool inputs.\n\n>>> ferrule.bitwise_xor(ferrule.asarray([12, 10]), 6)\nferrule.Tensor([10, 12], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_xor)?;
    FuncDef::new("ops.bitwise_left_shift")
        .doc("x1 shifted left by x2 bits (integers; bool computes as int8). Shifting by a negative amount\nor by at least the bit width gives 0.\n\n>>> ferrule.bitwise_left_shift(ferrule.asarray([1, 3]), 2)\nferrule.Tensor([ 4, 12], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_left_shift)?;
    FuncDef::new("ops.bitwise_right_shift")
        .doc("x1 shifted right by x2 bits, arithmetic for signed integers. Shifting by a negative amount\nor by at least the bit width gives 0 (-1 for negative values).\n\n>>> ferrule.bitwise_right_shift(ferrule.asarray([-8, 8]), 2)\nferrule.Tensor([-2,  2], dtype=int64)")
        .signature("(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_right_shift)?;
    FuncDef::new("ops.abs")
        .doc("The absolute value element-wise; complex inputs give the magnitude in the real dtype.\nIntegers wrap (abs of the minimum is the minimum).\n\n>>> ferrule.abs(ferrule.asarray([-1, 2]))\nferrule.Tensor([1, 2], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_abs)?;
    FuncDef::new("ops.negative")
        .doc("The numerical negative element-wise (integers wrap). Bool is a TypeError: use logical_not.\n\n>>> ferrule.negative(ferrule.asarray([1, -2]))\nferrule.Tensor([-1,  2], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_negative)?;
    FuncDef::new("ops.positive")
        .doc("The numerical positive element-wise (a copy). Bool is a TypeError.\n\n>>> ferrule.positive(ferrule.asarray([1, -2]))\nferrule.Tensor([ 1, -2], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_positive)?;
    FuncDef::new("ops.sign")
        .doc("-1, 0 or 1 by the sign of each element (NaN stays NaN); z / |z| for complex. Bool is a\nTypeError.\n\n>>> ferrule.sign(ferrule.asarray([-5, 0, 3]))\nferrule.Tensor([-1,  0,  1], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_sign)?;
    FuncDef::new("ops.square")
        .doc("x * x element-wise; bool computes as int8.\n\n>>> ferrule.square(ferrule.asarray([2, -3]))\nferrule.Tensor([4, 9], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_square)?;
    FuncDef::new("ops.conj")
        .doc("The complex conjugate; real inputs are copied (bool becomes int8).\n\n>>> ferrule.conj(ferrule.asarray([1, 2]))\nferrule.Tensor([1, 2], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_conj)?;
    FuncDef::new("ops.real")
        .doc("The real part (float32/float64 for complex inputs; real inputs are copied).\n\n>>> ferrule.real(ferrule.asarray([1.5, 2.0]))\nferrule.Tensor([1.5, 2. ], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_real)?;
    FuncDef::new("ops.imag")
        .doc("The imaginary part (float32/float64 for complex inputs; zeros for real inputs).\n\n>>> ferrule.imag(ferrule.asarray([1.5, 2.0]))\nferrule.Tensor([0., 0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_imag)?;
    FuncDef::new("ops.reciprocal")
        .doc("1 / x element-wise; integers use integer division (1 / 0 gives 0).\n\n>>> ferrule.reciprocal(ferrule.asarray([2.0, 4.0]))\nferrule.Tensor([0.5 , 0.25], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_reciprocal)?;
    FuncDef::new("ops.round")
        .doc("Rounds to the nearest integer, halves to even; integers are copied, complex rounds both\nparts.\n\n>>> ferrule.round(ferrule.asarray([0.5, 1.5, 2.5]))\nferrule.Tensor([0., 2., 2.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_round)?;
    FuncDef::new("ops.floor")
        .doc("The largest integer value <= x element-wise; integers are copied; complex is a TypeError.\n\n>>> ferrule.floor(ferrule.asarray([-1.5, 1.5]))\nferrule.Tensor([-2.,  1.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_floor)?;
    FuncDef::new("ops.ceil")
        .doc("The smallest integer value >= x element-wise; integers are copied; complex is a TypeError.\n\n>>> ferrule.ceil(ferrule.asarray([-1.5, 1.5]))\nferrule.Tensor([-1.,  2.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_ceil)?;
    FuncDef::new("ops.trunc")
        .doc("Rounds toward zero element-wise; integers are copied; complex is a TypeError.\n\n>>> ferrule.trunc(ferrule.asarray([-1.5, 1.5]))\nferrule.Tensor([-1.,  1.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_trunc)?;
    FuncDef::new("ops.signbit")
        .doc("Whether the sign bit is set (-0.0 included), as bool. Complex is a TypeError.\n\n>>> ferrule.signbit(ferrule.asarray([-0.0, 1.0]))\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_signbit)?;
    FuncDef::new("ops.isfinite")
        .doc("Whether each element is finite (complex: both parts), as bool.\n\n>>> ferrule.isfinite(ferrule.asarray([1.0, float('inf')]))\nferrule.Tensor([ True, False], dtype=bool)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_isfinite)?;
    FuncDef::new("ops.isinf")
        .doc("Whether each element is infinite (complex: either part), as bool.\n\n>>> ferrule.isinf(ferrule.asarray([1.0, float('-inf')]))\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_isinf)?;
    FuncDef::new("ops.isnan")
        .doc("Whether each element is NaN (complex: either part), as bool.\n\n>>> ferrule.isnan(ferrule.asarray([1.0, float('nan')]))\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_isnan)?;
    FuncDef::new("ops.logical_not")
        .doc("Logical NOT of the truth value of each element (zero is false), as bool.\n\n>>> ferrule.logical_not(ferrule.asarray([True, False]))\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_logical_not)?;
    FuncDef::new("ops.bitwise_invert")
        .doc("Bitwise NOT (~x) of integers; logical NOT for bool.\n\n>>> ferrule.bitwise_invert(ferrule.asarray([0, 5]))\nferrule.Tensor([-1, -6], dtype=int64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_bitwise_invert)?;
    FuncDef::new("ops.exp")
        .doc("The exponential e**x element-wise (vectorised; about 1 ulp). Integer and bool inputs compute\nin numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.exp(ferrule.asarray([0.0, 1.0]))\nferrule.Tensor([1.        , 2.71828183], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_exp)?;
    FuncDef::new("ops.expm1")
        .doc("exp(x) - 1 element-wise, accurate near zero. Integer and bool inputs compute in numpy's\nfloat for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.expm1(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_expm1)?;
    FuncDef::new("ops.log")
        .doc("The natural logarithm element-wise (NaN below zero, -inf at zero). Integer and bool inputs\ncompute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64\notherwise).\n\n>>> ferrule.log(ferrule.asarray([1.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_log)?;
    FuncDef::new("ops.log1p")
        .doc("log(1 + x) element-wise, accurate near zero. Integer and bool inputs compute in numpy's\nfloat for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.log1p(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_log1p)?;
    FuncDef::new("ops.log2")
        .doc("The base-2 logarithm element-wise. Integer and bool inputs compute in numpy's float for them\n(float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.log2(ferrule.asarray([8.0]))\nferrule.Tensor([3.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_log2)?;
    FuncDef::new("ops.log10")
        .doc("The base-10 logarithm element-wise. Integer and bool inputs compute in numpy's float for\nthem (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.log10(ferrule.asarray([100.0]))\nferrule.Tensor([2.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_log10)?;
    FuncDef::new("ops.sqrt")
        .doc("The non-negative square root element-wise (NaN below zero; principal root for complex).\nInteger and bool inputs compute in numpy's float for them (float16 for 8-bit, float32 for\n16-bit, float64 otherwise).\n\n>>> ferrule.sqrt(ferrule.asarray([4.0, 9.0]))\nferrule.Tensor([2., 3.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_sqrt)?;
    FuncDef::new("ops.sin")
        .doc("The sine of angles in radians. Integer and bool inputs compute in numpy's float for them\n(float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.sin(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_sin)?;
    FuncDef::new("ops.cos")
        .doc("The cosine of angles in radians. Integer and bool inputs compute in numpy's float for them\n(float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.cos(ferrule.asarray([0.0]))\nferrule.Tensor([1.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_cos)?;
    FuncDef::new("ops.tan")
        .doc("The tangent of angles in radians. Integer and bool inputs compute in numpy's float for them\n(float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.tan(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_tan)?;
    FuncDef::new("ops.asin")
        .doc("The inverse sine, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's\nfloat for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.asin(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_asin)?;
    FuncDef::new("ops.acos")
        .doc("The inverse cosine, in radians in [0, pi]. Integer and bool inputs compute in numpy's float\nfor them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.acos(ferrule.asarray([1.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_acos)?;
    FuncDef::new("ops.atan")
        .doc("The inverse tangent, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's\nfloat for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.atan(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_atan)?;
    FuncDef::new("ops.sinh")
        .doc("The hyperbolic sine. Integer and bool inputs compute in numpy's float for them (float16 for\n8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.sinh(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_sinh)?;
    FuncDef::new("ops.cosh")
        .doc("The hyperbolic cosine. Integer and bool inputs compute in numpy's float for them (float16\nfor 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.cosh(ferrule.asarray([0.0]))\nferrule.Tensor([1.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_cosh)?;
    FuncDef::new("ops.tanh")
        .doc("The hyperbolic tangent. Integer and bool inputs compute in numpy's float for them (float16\nfor 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.tanh(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_tanh)?;
    FuncDef::new("ops.asinh")
        .doc("The inverse hyperbolic sine. Integer and bool inputs compute in numpy's float for them\n(float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.asinh(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_asinh)?;
    FuncDef::new("ops.acosh")
        .doc("The inverse hyperbolic cosine (NaN below 1). Integer and bool inputs compute in numpy's\nfloat for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).\n\n>>> ferrule.acosh(ferrule.asarray([1.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_acosh)?;
    FuncDef::new("ops.atanh")
        .doc("The inverse hyperbolic tangent (NaN outside [-1, 1], infinite at +-1). Integer and bool\ninputs compute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64\notherwise).\n\n>>> ferrule.atanh(ferrule.asarray([0.0]))\nferrule.Tensor([0.], dtype=float64)")
        .signature("(x: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_atanh)?;
    FuncDef::new("ops.clip")
        .doc("Clamps each element of x to [min, max] (minimum(maximum(x, min), max): NaN propagates, and\nmin > max gives max). Integer scalars outside x's integer range saturate; float bounds with\nan integer x promote to float64. Complex is a TypeError.\n\n>>> ferrule.clip(ferrule.asarray([1, 5, 9]), 3, 7)\nferrule.Tensor([3, 5, 7], dtype=int64)")
        .signature("(x: Tensor, /, min: Tensor | int | float | bool | None = None, max: Tensor | int | float | bool | None = None, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_clip)?;
    FuncDef::new("ops.where")
        .doc("x1 where condition is true, else x2, broadcasting all three; the result dtype promotes x1\nand x2 (Python scalars are weak; two scalars take their default dtypes). A non-bool\ncondition counts non-zero as true.\n\n>>> ferrule.where(ferrule.asarray([True, False]), ferrule.asarray([1, 2]), 0)\nferrule.Tensor([1, 0], dtype=int64)")
        .signature("(condition: Tensor, x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_where)?;
    FuncDef::new("ops.astype")
        .doc("A copy of x converted to dtype with numpy's casting rules (ints wrap, floats truncate toward\nzero into ints, complex drops the imaginary part into reals, non-zero is True). With\ncopy=False and the same dtype, x itself is returned. device must be None or x's device. NaN,\ninfinities and out-of-range floats cast to ints give numpy's x86-64 results: 0 for 8- and\n16-bit ints, the minimum for int32/int64, 2**63 for uint64; uint32 wraps the 64-bit\ntruncation (numpy's scalar path).\n\n>>> ferrule.astype(ferrule.asarray([1.7, -1.7]), ferrule.int32)\nferrule.Tensor([ 1, -1], dtype=int32)")
        .signature("(x: Tensor, dtype: dtype, /, *, copy: bool = True, device: device | None = None) -> Tensor")
        .register_packed(op_astype)?;
    FuncDef::new("ops.geo_distance")
        .doc("The great-circle distance in metres between (lon1, lat1) and (lon2, lat2), given in degrees,\nby the haversine formula on a sphere of radius 6378 km (as the Tencent seed computes it). Inputs broadcast\ntogether and may be tensors of any integer or real float dtype or Python numbers; the result\nis float64 (float32 inputs are computed in float64). Heavy inputs run on the ferrule thread\npool with the GIL released.\n\n>>> round(float(ferrule.geo_distance(0.0, 0.0, 180.0, 0.0)))\n20037078")
        .signature("(lon1: Tensor | int | float | bool, lat1: Tensor | int | float | bool, lon2: Tensor | int | float | bool, lat2: Tensor | int | float | bool) -> Tensor")
        .register_packed(op_geo_distance)?;
    FuncDef::new("ops.sum")
        .doc("The sum over axis. Without dtype, bool and signed ints sum to int64, unsigned ints to uint64,\nfloats and complex keep their dtype (float sums are pairwise); dtype casts the input first.\nAn empty sum is 0.\n\n>>> ferrule.sum(ferrule.asarray([[1, 2], [3, 4]]), axis=0)\nferrule.Tensor([4, 6], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_sum)?;
    FuncDef::new("ops.prod")
        .doc("The product over axis, with sum's dtype rules; an empty product is 1.\n\n>>> ferrule.prod(ferrule.asarray([1, 2, 3, 4]))\nferrule.Tensor(24, dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_prod)?;
    FuncDef::new("ops.mean")
        .doc("The arithmetic mean over axis: float64 for bool and int inputs, the input dtype for floats\nand complex. The mean of nothing is NaN.\n\n>>> ferrule.mean(ferrule.asarray([1, 2, 3, 4]))\nferrule.Tensor(2.5, dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_mean)?;
    FuncDef::new("ops.var")
        .doc("The variance over axis, sum(|x - mean|**2) / max(N - correction, 0) (numpy's ddof); float64\nfor int inputs and the real dtype for complex ones.\n\n>>> ferrule.var(ferrule.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)\nferrule.Tensor(1.66666667, dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor")
        .register_packed(op_var)?;
    FuncDef::new("ops.std")
        .doc("The standard deviation over axis: the square root of var.\n\n>>> ferrule.std(ferrule.asarray([1.0, 3.0]))\nferrule.Tensor(1., dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor")
        .register_packed(op_std)?;
    FuncDef::new("ops.max")
        .doc("The largest element over axis, in the input's dtype; NaN if any element is NaN. An empty\nreduction is a ValueError; complex input is a TypeError.\n\n>>> ferrule.max(ferrule.asarray([[1, 5], [7, 2]]), axis=1)\nferrule.Tensor([5, 7], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_max)?;
    FuncDef::new("ops.min")
        .doc("The smallest element over axis; rules as for max.\n\n>>> ferrule.min(ferrule.asarray([3.0, -1.0, 2.0]))\nferrule.Tensor(-1., dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_min)?;
    FuncDef::new("ops.cumulative_sum")
        .doc("The running sum along axis (required unless x is 1-D), with sum's dtype rules. With\ninclude_initial the result starts with 0 and is one longer along axis.\n\n>>> ferrule.cumulative_sum(ferrule.asarray([1, 2, 3]), include_initial=True)\nferrule.Tensor([0, 1, 3, 6], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor")
        .register_packed(op_cumulative_sum)?;
    FuncDef::new("ops.cumulative_prod")
        .doc("The running product along axis; rules as for cumulative_sum (the initial value is 1).\n\n>>> ferrule.cumulative_prod(ferrule.asarray([1, 2, 3]))\nferrule.Tensor([1, 2, 6], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor")
        .register_packed(op_cumulative_prod)?;
    FuncDef::new("ops.all")
        .doc("True where every element over axis is non-zero (NaN counts as true); all of nothing is True.\n\n>>> ferrule.all(ferrule.asarray([[True, False], [True, True]]), axis=1)\nferrule.Tensor([False,  True], dtype=bool)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_all)?;
    FuncDef::new("ops.any")
        .doc("True where any element over axis is non-zero; any of nothing is False.\n\n>>> ferrule.any(ferrule.asarray([0, 0, 3]))\nferrule.Tensor(True, dtype=bool)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_any)?;
    FuncDef::new("ops.argmax")
        .doc("The index (int64) of the first largest element along axis, or of the flattened tensor for\nNone; NaN counts as the largest. An empty axis is a ValueError.\n\n>>> ferrule.argmax(ferrule.asarray([[1, 9], [8, 2]]), axis=1)\nferrule.Tensor([1, 0], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_argmax)?;
    FuncDef::new("ops.argmin")
        .doc("The index (int64) of the first smallest element along axis; rules as for argmax.\n\n>>> ferrule.argmin(ferrule.asarray([4, 1, 1]))\nferrule.Tensor(1, dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_argmin)?;
    FuncDef::new("ops.count_nonzero")
        .doc("The number of non-zero elements over axis, as int64.\n\n>>> ferrule.count_nonzero(ferrule.asarray([[0, 1], [2, 3]]), axis=0)\nferrule.Tensor([1, 2], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor")
        .register_packed(op_count_nonzero)?;
    FuncDef::new("ops.diff")
        .doc("The n-th discrete difference along axis, out[i] = x[i + 1] - x[i] applied n times, after\njoining prepend and append (a scalar or 0-d value is repeated across the other dims). Bool\nuses !=; ints wrap.\n\n>>> ferrule.diff(ferrule.asarray([1, 2, 4, 7]))\nferrule.Tensor([1, 2, 3], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int = -1, n: int = 1, prepend: Tensor | int | float | bool | None = None, append: Tensor | int | float | bool | None = None) -> Tensor")
        .register_packed(op_diff)?;
    FuncDef::new("ops.matmul")
        .doc("The matrix product. A 1-D x1 is a row and a 1-D x2 a column (the added dim is removed),\nleading dims broadcast, dtypes promote. Mismatched shapes are a ValueError naming both;\nout= receives the result (exact shape and dtype).\n\n>>> ferrule.matmul(ferrule.asarray([[1, 2], [3, 4]]), ferrule.asarray([1, 1]))\nferrule.Tensor([3, 7], dtype=int64)")
        .signature("(x1: Tensor, x2: Tensor, /, *, out: Tensor | None = None) -> Tensor")
        .register_packed(op_matmul)?;
    FuncDef::new("ops.mm")
        .doc("The product of two 2-D tensors (matmul restricted to matrices, as in torch.mm).\n\n>>> ferrule.mm(ferrule.eye(2), ferrule.ones((2, 1)))\nferrule.Tensor([[1.],\n                [1.]], dtype=float64)")
        .signature("(x1: Tensor, x2: Tensor, /) -> Tensor")
        .register_packed(op_mm)?;
    FuncDef::new("ops.tensordot")
        .doc("The tensor contraction over axes: an int n (the last n dims of x1 with the first n of x2) or\na pair of axis sequences. The result has x1's free dims followed by x2's.\n\n>>> ferrule.tensordot(ferrule.ones((3, 4, 5)), ferrule.ones((4, 5, 2))).shape\n(3, 2)")
        .signature("(x1: Tensor, x2: Tensor, /, *, axes: Any = 2) -> Tensor")
        .register_packed(op_tensordot)?;
    FuncDef::new("ops.vecdot")
        .doc("The dot product of vectors along axis (counted from the end), other dims broadcast:\nsum(conj(x1) * x2, axis).\n\n>>> ferrule.vecdot(ferrule.asarray([[1., 2.], [3., 4.]]), ferrule.asarray([1., 1.]))\nferrule.Tensor([3., 7.], dtype=float64)")
        .signature("(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor")
        .register_packed(op_vecdot)?;
    FuncDef::new("ops.linalg.cholesky")
        .doc("The Cholesky factor of each Hermitian positive-definite matrix of x (..., n, n): the\nlower-triangular L with x = L @ L^H, or with upper=True the upper-triangular U = L^H. Only\nthe triangle the factor lives in is read. A matrix that is not positive definite is a\nValueError naming the op.\n\n>>> ferrule.linalg.cholesky(ferrule.asarray([[4.0, 2.0], [2.0, 5.0]]))\nferrule.Tensor([[2., 0.],\n                [1., 2.]], dtype=float64)")
        .signature("(x: Tensor, /, *, upper: bool = False) -> Tensor")
        .long_running()
        .register_packed(op_linalg_cholesky)?;
    FuncDef::new("ops.linalg.cross")
        .doc("The cross product of 3-element vectors along axis (counted from the end; a non-negative axis\nonly when x1 and x2 have equal ranks), the other dims broadcast; numeric dtypes promote.\n\n>>> ferrule.linalg.cross(ferrule.asarray([1, 0, 0]), ferrule.asarray([0, 1, 0]))\nferrule.Tensor([0, 0, 1], dtype=int64)")
        .signature("(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor")
        .register_packed(op_linalg_cross)?;
    FuncDef::new("ops.linalg.det")
        .doc("The determinant of each square matrix of x (..., n, n), shape x.shape[:-2], from an LU\nfactorization with partial pivoting; 0 for a singular matrix.\n\n>>> ferrule.linalg.det(ferrule.asarray([[1.0, 2.0], [3.0, 4.0]]))\nferrule.Tensor(-2., dtype=float64)")
        .signature("(x: Tensor, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_det)?;
    FuncDef::new("ops.linalg.diagonal")
        .doc("The offset diagonal of each matrix of x (0 the main one, positive above it, negative below),\nshape (..., k), as a new tensor of x's dtype.\n\n>>> ferrule.linalg.diagonal(ferrule.asarray([[1, 2, 3], [4, 5, 6]]), offset=1)\nferrule.Tensor([2, 6], dtype=int64)")
        .signature("(x: Tensor, /, *, offset: int = 0) -> Tensor")
        .register_packed(op_linalg_diagonal)?;
    FuncDef::new("ops.linalg.eigh")
        .doc("(eigenvalues, eigenvectors) of each Hermitian (real symmetric) matrix of x: the eigenvalues\nascending, real, shape (..., n), and orthonormal eigenvectors in the columns of (..., n, n),\nso x = V @ diag(w) @ V^H. Only the lower triangle is read. Eigenvectors are unique up to sign\n(a phase for complex). Python returns an EighResult named tuple.\n\n>>> ferrule.linalg.eigh(ferrule.asarray([[2.0, 0.0], [0.0, 1.0]])).eigenvalues\nferrule.Tensor([1., 2.], dtype=float64)")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .long_running()
        .register_packed(op_linalg_eigh)?;
    FuncDef::new("ops.linalg.eigvalsh")
        .doc("The eigenvalues of each Hermitian matrix of x, ascending, real, shape (..., n); only the\nlower triangle is read.\n\n>>> ferrule.linalg.eigvalsh(ferrule.asarray([[2.0, 1.0], [1.0, 2.0]]))\nferrule.Tensor([1., 3.], dtype=float64)")
        .signature("(x: Tensor, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_eigvalsh)?;
    FuncDef::new("ops.linalg.inv")
        .doc("The inverse of each square matrix of x (..., n, n), from an LU factorization with partial\npivoting. A singular matrix (an exactly zero pivot) is a ValueError naming the op.\n\n>>> ferrule.linalg.inv(ferrule.asarray([[2.0, 0.0], [0.0, 4.0]]))\nferrule.Tensor([[0.5 , 0.  ],\n                [0.  , 0.25]], dtype=float64)")
        .signature("(x: Tensor, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_inv)?;
    FuncDef::new("ops.linalg.matrix_power")
        .doc("Each square matrix of x raised to the integer power n by repeated squaring: n = 0 gives\nidentity matrices, a negative n the power of inv(x). Integer matrices keep their dtype for\nn >= 0 (products wrap).\n\n>>> ferrule.linalg.matrix_power(ferrule.asarray([[1, 1], [0, 1]]), 3)\nferrule.Tensor([[1, 3],\n                [0, 1]], dtype=int64)")
        .signature("(x: Tensor, n: int, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_matrix_power)?;
    FuncDef::new("ops.linalg.matrix_rank")
        .doc("The rank of each matrix of x (int64, shape x.shape[:-2]): the number of singular values\ngreater than rtol times the largest. rtol is a number or a tensor broadcast against the\nbatch dims; None is max(m, n) * eps of x's precision.\n\n>>> ferrule.linalg.matrix_rank(ferrule.asarray([[1.0, 2.0], [2.0, 4.0]]))\nferrule.Tensor(1, dtype=int64)")
        .signature("(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor")
        .long_running()
        .register_packed(op_linalg_matrix_rank)?;
    FuncDef::new("ops.linalg.matrix_norm")
        .doc("The norm of each matrix in the last two dims: ord 'fro' (default), 'nuc' (the sum of the\nsingular values), 1 / -1 (largest / smallest absolute column sum), inf / -inf (rows) or\n2 / -2 (largest / smallest singular value). The result has x's real dtype (float64 for\nintegers); keepdims keeps the two dims as size 1.\n\n>>> ferrule.linalg.matrix_norm(ferrule.asarray([[3.0, 0.0], [0.0, 4.0]]))\nferrule.Tensor(5., dtype=float64)")
        .signature("(x: Tensor, /, *, keepdims: bool = False, ord: Any = 'fro') -> Tensor")
        .register_packed(op_linalg_matrix_norm)?;
    FuncDef::new("ops.linalg.outer")
        .doc("The outer product of two vectors: out[i, j] = x1[i] * x2[j], dtypes promoted.\n\n>>> ferrule.linalg.outer(ferrule.asarray([1, 2]), ferrule.asarray([1, 10, 100]))\nferrule.Tensor([[  1,  10, 100],\n                [  2,  20, 200]], dtype=int64)")
        .signature("(x1: Tensor, x2: Tensor, /) -> Tensor")
        .register_packed(op_linalg_outer)?;
    FuncDef::new("ops.linalg.pinv")
        .doc("The Moore-Penrose pseudo-inverse of each matrix of x ((..., m, n) to (..., n, m)) from its\nSVD: singular values at most rtol times the largest count as zero. rtol is a number or a\ntensor broadcast against the batch dims; None is max(m, n) * eps (the standard's default;\nnumpy's pinv defaults to 1e-15).\n\n>>> ferrule.linalg.pinv(ferrule.asarray([[2.0, 0.0], [0.0, 0.0]]))\nferrule.Tensor([[0.5, 0. ],\n                [0. , 0. ]], dtype=float64)")
        .signature("(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor")
        .long_running()
        .register_packed(op_linalg_pinv)?;
    FuncDef::new("ops.linalg.qr")
        .doc("(Q, R) with x = Q @ R for each matrix of x (..., m, n), k = min(m, n): Q has orthonormal\ncolumns and R is upper triangular; mode 'reduced' gives (..., m, k) and (..., k, n),\n'complete' (..., m, m) and (..., m, n). Householder reflections, so the signs of R's diagonal\nmay differ from another library's. Python returns a QRResult named tuple.\n\n>>> q, r = ferrule.linalg.qr(ferrule.asarray([[3.0, 1.0], [4.0, 2.0]]))\n>>> q.shape, r.shape\n((2, 2), (2, 2))")
        .signature("(x: Tensor, /, *, mode: str = 'reduced') -> tuple[Tensor, ...]")
        .long_running()
        .register_packed(op_linalg_qr)?;
    FuncDef::new("ops.linalg.slogdet")
        .doc("(sign, logabsdet) of each square matrix of x, with det = sign * exp(logabsdet): sign has x's\ndtype (modulus 1 for complex), logabsdet its real dtype; a singular matrix gives (0, -inf).\nPython returns a SlogdetResult named tuple.\n\n>>> ferrule.linalg.slogdet(ferrule.asarray([[0.0, 2.0], [1.0, 0.0]]))\nSlogdetResult(sign=ferrule.Tensor(-1., dtype=float64), logabsdet=ferrule.Tensor(0.69314718, dtype=float64))")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .long_running()
        .register_packed(op_linalg_slogdet)?;
    FuncDef::new("ops.linalg.solve")
        .doc("The solution X of x1 @ X = x2 for each square matrix of x1 (..., M, M). A 1-D x2 (M,) is one\nright-hand side (the result is (..., M)); otherwise x2 is a stack (..., M, K) whose batch dims\nbroadcast with x1's. Dtypes promote. A singular matrix is a ValueError naming the op.\n\n>>> ferrule.linalg.solve(ferrule.asarray([[2.0, 0.0], [0.0, 4.0]]), ferrule.asarray([1.0, 1.0]))\nferrule.Tensor([0.5 , 0.25], dtype=float64)")
        .signature("(x1: Tensor, x2: Tensor, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_solve)?;
    FuncDef::new("ops.linalg.svd")
        .doc("(U, S, Vh) with x = U @ diag(S) @ Vh for each matrix of x (..., m, n), k = min(m, n): the\nsingular values S (..., k) descending with x's real dtype, U (..., m, m) and Vh (..., n, n)\nunitary, or (..., m, k) and (..., k, n) with full_matrices=False. Singular vectors are unique\nup to sign (a phase for complex). Python returns an SVDResult named tuple.\n\n>>> ferrule.linalg.svd(ferrule.asarray([[3.0, 0.0], [0.0, -4.0]])).S\nferrule.Tensor([4., 3.], dtype=float64)")
        .signature("(x: Tensor, /, *, full_matrices: bool = True) -> tuple[Tensor, ...]")
        .long_running()
        .register_packed(op_linalg_svd)?;
    FuncDef::new("ops.linalg.svdvals")
        .doc("The singular values of each matrix of x, descending, shape (..., min(m, n)), x's real dtype.\n\n>>> ferrule.linalg.svdvals(ferrule.asarray([[3.0, 0.0], [0.0, -4.0]]))\nferrule.Tensor([4., 3.], dtype=float64)")
        .signature("(x: Tensor, /) -> Tensor")
        .long_running()
        .register_packed(op_linalg_svdvals)?;
    FuncDef::new("ops.linalg.trace")
        .doc("The sum of the offset diagonal of each matrix of x, shape x.shape[:-2]. Without dtype the\nresult has x's dtype, except that bool and signed integers sum in int64 and unsigned ones in\nuint64; with dtype, x is cast to it first.\n\n>>> ferrule.linalg.trace(ferrule.asarray([[1, 2], [3, 4]]))\nferrule.Tensor(5, dtype=int64)")
        .signature("(x: Tensor, /, *, offset: int = 0, dtype: dtype | None = None) -> Tensor")
        .register_packed(op_linalg_trace)?;
    FuncDef::new("ops.linalg.vector_norm")
        .doc("The vector ord-norm over axis (all dims for None): inf is the largest magnitude, -inf the\nsmallest, 0 the number of non-zeros, otherwise sum(|x|**ord)**(1/ord).\n\n>>> ferrule.linalg.vector_norm(ferrule.asarray([3.0, 4.0]))\nferrule.Tensor(5., dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False, ord: float = 2.0) -> Tensor")
        .register_packed(op_linalg_vector_norm)?;
    FuncDef::new("ops.reshape")
        .doc("Gives x a new shape (one dim may be -1) without changing its elements.\n\nReturns a view when the strides allow one and a copy otherwise; copy=True always\ncopies, copy=False never does (ValueError when a copy would be needed).\n\n>>> ferrule.reshape(ferrule.arange(6), (2, 3))\nferrule.Tensor([[0, 1, 2],\n                [3, 4, 5]], dtype=int64)")
        .signature("(x: Tensor, /, shape: int | tuple[int, ...], *, copy: bool | None = None) -> Tensor")
        .register_packed(op_reshape)?;
    FuncDef::new("ops.permute_dims")
        .doc("Reorders the dims of x (a view): dim i of the result is dim axes[i] of x.\n\n>>> ferrule.permute_dims(ferrule.zeros((2, 3, 4)), (2, 0, 1)).shape\n(4, 2, 3)")
        .signature("(x: Tensor, /, axes: int | tuple[int, ...]) -> Tensor")
        .register_packed(op_permute_dims)?;
    FuncDef::new("ops.matrix_transpose")
        .doc("Swaps the last two dims of x (a view); x needs at least 2 dims.\n\n>>> ferrule.matrix_transpose(ferrule.asarray([[1, 2, 3]]))\nferrule.Tensor([[1],\n                [2],\n                [3]], dtype=int64)")
        .signature("(x: Tensor, /) -> Tensor")
        .register_packed(op_matrix_transpose)?;
    FuncDef::new("ops.expand_dims")
        .doc("Inserts a dim of size 1 at axis (a view); axis ranges over -x.ndim-1 .. x.ndim.\n\n>>> ferrule.expand_dims(ferrule.asarray([1, 2]), axis=1).shape\n(2, 1)")
        .signature("(x: Tensor, /, axis: int = 0) -> Tensor")
        .register_packed(op_expand_dims)?;
    FuncDef::new("ops.squeeze")
        .doc("Removes the size-1 dims named by axis (int or tuple; a view). Naming a dim whose size\nis not 1 is a ValueError; None (a numpy extension) removes every size-1 dim.\n\n>>> ferrule.squeeze(ferrule.zeros((1, 3, 1)), axis=0).shape\n(3, 1)")
        .signature("(x: Tensor, /, axis: int | tuple[int, ...] | None) -> Tensor")
        .register_packed(op_squeeze)?;
    FuncDef::new("ops.broadcast_to")
        .doc("A broadcast view of x with the given shape (its repeated elements alias: treat it as\nread-only).\n\n>>> ferrule.broadcast_to(ferrule.asarray([1, 2]), (2, 2))\nferrule.Tensor([[1, 2],\n                [1, 2]], dtype=int64)")
        .signature("(x: Tensor, /, shape: int | tuple[int, ...]) -> Tensor")
        .register_packed(op_broadcast_to)?;
    FuncDef::new("ops.broadcast_arrays")
        .doc("Broadcasts the tensors against each other, returning views of the common shape.\n\n>>> [t.shape for t in ferrule.broadcast_arrays(ferrule.zeros((2, 1)), ferrule.zeros(3))]\n[(2, 3), (2, 3)]")
        .signature("(*arrays: Tensor) -> list[Tensor]")
        .register_packed(op_broadcast_arrays)?;
    FuncDef::new("ops.concat")
        .doc("Joins tensors along an existing axis (None: flattens them first). The result dtype is\nthe promotion of the input dtypes.\n\n>>> ferrule.concat([ferrule.asarray([1, 2]), ferrule.asarray([3.5])])\nferrule.Tensor([1. , 2. , 3.5], dtype=float64)")
        .signature("(arrays: list[Tensor], /, *, axis: int | None = 0) -> Tensor")
        .register_packed(op_concat)?;
    FuncDef::new("ops.stack")
        .doc("Joins tensors of one shape along a new axis; the dtype is their promotion.\n\n>>> ferrule.stack([ferrule.asarray([1, 2]), ferrule.asarray([3, 4])], axis=1)\nferrule.Tensor([[1, 3],\n                [2, 4]], dtype=int64)")
        .signature("(arrays: list[Tensor], /, *, axis: int = 0) -> Tensor")
        .register_packed(op_stack)?;
    FuncDef::new("ops.unstack")
        .doc("Splits x along axis into views, one per index.\n\n>>> ferrule.unstack(ferrule.asarray([[1, 2], [3, 4]]))\n[ferrule.Tensor([1, 2], dtype=int64), ferrule.Tensor([3, 4], dtype=int64)]")
        .signature("(x: Tensor, /, *, axis: int = 0) -> list[Tensor]")
        .register_packed(op_unstack)?;
    FuncDef::new("ops.flip")
        .doc("Reverses the order of elements along axis (int, tuple, or None for every dim); a view\nwith negative strides.\n\n>>> ferrule.flip(ferrule.asarray([1, 2, 3]))\nferrule.Tensor([3, 2, 1], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> Tensor")
        .register_packed(op_flip)?;
    FuncDef::new("ops.roll")
        .doc("Rolls elements along axis by shift (int or tuple of ints, broadcast against axis);\nelements leaving one end come back at the other. axis=None rolls the flattened tensor.\n\n>>> ferrule.roll(ferrule.asarray([1, 2, 3, 4]), 1)\nferrule.Tensor([4, 1, 2, 3], dtype=int64)")
        .signature("(x: Tensor, /, shift: Any, *, axis: int | tuple[int, ...] | None = None) -> Tensor")
        .register_packed(op_roll)?;
    FuncDef::new("ops.moveaxis")
        .doc("Moves dims source (int or tuple) to positions destination; the others keep their order\n(a view).\n\n>>> ferrule.moveaxis(ferrule.zeros((2, 3, 4)), 0, -1).shape\n(3, 4, 2)")
        .signature("(x: Tensor, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Tensor")
        .register_packed(op_moveaxis)?;
    FuncDef::new("ops.repeat")
        .doc("Repeats each element along axis (None: of the flattened tensor) repeats times: an int,\nor a 1-D integer tensor with one count per element (or a single count).\n\n>>> ferrule.repeat(ferrule.asarray([1, 2]), 2)\nferrule.Tensor([1, 1, 2, 2], dtype=int64)")
        .signature("(x: Tensor, repeats: Tensor | int | float | bool, /, *, axis: int | None = None) -> Tensor")
        .register_packed(op_repeat)?;
    FuncDef::new("ops.tile")
        .doc("Repeats the whole of x repetitions[i] times along each dim (shorter repetitions are\npadded with leading 1s; a shorter x gets leading size-1 dims).\n\n>>> ferrule.tile(ferrule.asarray([1, 2]), (2,))\nferrule.Tensor([1, 2, 1, 2], dtype=int64)")
        .signature("(x: Tensor, repetitions: int | tuple[int, ...], /) -> Tensor")
        .register_packed(op_tile)?;
    FuncDef::new("ops.getitem")
        .doc("x[index] with numpy's rules: ints, slices, None and ... give a view; integer or boolean\ntensors (advanced indexing) give a copy. Out-of-range ints are an IndexError naming the\naxis, the index and the size.\n\n>>> ferrule.arange(6)[1:5:2]\nferrule.Tensor([1, 3], dtype=int64)")
        .signature("(x: Tensor, index: Any, /) -> Tensor")
        .register_packed(op_getitem)?;
    FuncDef::new("ops.setitem")
        .doc("x[index] = value: writes value, broadcast to the selection and cast to x's dtype as\nnumpy does (unsafe casting), into x's memory.\n\n>>> x = ferrule.zeros(3, dtype=ferrule.int64); x[1] = 7; x\nferrule.Tensor([0, 7, 0], dtype=int64)")
        .signature("(x: Tensor, index: Any, value: Tensor | int | float | bool, /) -> None")
        .register_packed(op_setitem)?;
    FuncDef::new("ops.take")
        .doc("Elements of x at integer indices along axis (None: of the flattened x); the result\nshape is x.shape[:axis] + indices.shape + x.shape[axis+1:].\n\n>>> ferrule.take(ferrule.asarray([10, 20, 30]), ferrule.asarray([2, 0]))\nferrule.Tensor([30, 10], dtype=int64)")
        .signature("(x: Tensor, indices: Tensor, /, *, axis: int | None = None) -> Tensor")
        .register_packed(op_take)?;
    FuncDef::new("ops.take_along_axis")
        .doc("Picks values of x along axis at the matching positions of indices (same number of\ndims as x, broadcast against it elsewhere), e.g. with the output of argsort.\n\n>>> x = ferrule.asarray([[3, 1, 2]])\n>>> ferrule.take_along_axis(x, ferrule.argsort(x), axis=1)\nferrule.Tensor([[1, 2, 3]], dtype=int64)")
        .signature("(x: Tensor, indices: Tensor, /, *, axis: int = -1) -> Tensor")
        .register_packed(op_take_along_axis)?;
    FuncDef::new("ops.nonzero")
        .doc("The indices of the non-zero elements of x, one int64 tensor per dim, in row-major\norder. A 0-d x is a ValueError.\n\n>>> ferrule.nonzero(ferrule.asarray([0, 3, 0, 4]))\n(ferrule.Tensor([1, 3], dtype=int64),)")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .register_packed(op_nonzero)?;
    FuncDef::new("ops.searchsorted")
        .doc("For each element of x2, the int64 index where inserting it into the sorted 1-D x1\nkeeps the order (side='left': the first such index, 'right': the last). sorter is an\nindex permutation that sorts x1. NaN sorts last, as in sort.\n\n>>> ferrule.searchsorted(ferrule.asarray([1, 2, 2, 3]), ferrule.asarray([2, 5]))\nferrule.Tensor([1, 4], dtype=int64)")
        .signature("(x1: Tensor, x2: Tensor | int | float | bool, /, *, side: str = 'left', sorter: Tensor | None = None) -> Tensor")
        .register_packed(op_searchsorted)?;
    FuncDef::new("ops.sort")
        .doc("x sorted along axis. NaN sorts after every number (first when descending); complex\nsorts by real part, then imaginary part. stable=True keeps equal elements in order.\n\n>>> ferrule.sort(ferrule.asarray([3.0, float(\"nan\"), 1.0]))\nferrule.Tensor([ 1.,  3., nan], dtype=float64)")
        .signature("(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor")
        .register_packed(op_sort)?;
    FuncDef::new("ops.argsort")
        .doc("The int64 indices that sort x along axis (the order of sort). With stable=True equal\nelements keep their original order, in both directions.\n\n>>> ferrule.argsort(ferrule.asarray([3, 1, 2]), descending=True)\nferrule.Tensor([0, 2, 1], dtype=int64)")
        .signature("(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor")
        .register_packed(op_argsort)?;
    FuncDef::new("ops.unique_values")
        .doc("The sorted unique elements of x (flattened); every NaN is its own value.\n\n>>> ferrule.unique_values(ferrule.asarray([3, 1, 3, 2]))\nferrule.Tensor([1, 2, 3], dtype=int64)")
        .signature("(x: Tensor, /) -> Tensor")
        .register_packed(op_unique_values)?;
    FuncDef::new("ops.unique_counts")
        .doc("(values, counts): the sorted unique elements of x and how often each occurs (int64).\n\n>>> ferrule.unique_counts(ferrule.asarray([3, 1, 3]))\nUniqueCountsResult(values=ferrule.Tensor([1, 3], dtype=int64), counts=ferrule.Tensor([1, 2], dtype=int64))")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .register_packed(op_unique_counts)?;
    FuncDef::new("ops.unique_inverse")
        .doc("(values, inverse_indices): the sorted unique elements and, with x's shape, the index\ninto values of each element of x, so values[inverse_indices] rebuilds x.\n\n>>> ferrule.unique_inverse(ferrule.asarray([3, 1, 3]))\nUniqueInverseResult(values=ferrule.Tensor([1, 3], dtype=int64), inverse_indices=ferrule.Tensor([1, 0, 1], dtype=int64))")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .register_packed(op_unique_inverse)?;
    FuncDef::new("ops.unique_all")
        .doc("(values, indices, inverse_indices, counts): the sorted unique elements, the flat index\nof each one's first occurrence, the inverse indices (x's shape) and the counts.\n\n>>> u = ferrule.unique_all(ferrule.asarray([3, 1, 3]))\n>>> u.values, u.indices\n(ferrule.Tensor([1, 3], dtype=int64), ferrule.Tensor([1, 0], dtype=int64))\n>>> u.inverse_indices, u.counts\n(ferrule.Tensor([1, 0, 1], dtype=int64), ferrule.Tensor([1, 2], dtype=int64))")
        .signature("(x: Tensor, /) -> tuple[Tensor, ...]")
        .register_packed(op_unique_all)?;
    FuncDef::new("ops.can_cast")
        .doc("Whether from_ (a dtype or a tensor) casts to the dtype to under the type-promotion\nrules (safe casting).\n\n>>> ferrule.can_cast(ferrule.int8, ferrule.int16), ferrule.can_cast(ferrule.float64, ferrule.float32)\n(True, False)")
        .signature("(from_: Any, to: dtype, /) -> bool")
        .register_packed(op_can_cast)?;
    FuncDef::new("ops.result_type")
        .doc("The dtype resulting from type promotion of tensors, dtypes and Python scalars (which\nare weak: they take the dtype of the others).\n\n>>> ferrule.result_type(ferrule.int8, ferrule.uint8), ferrule.result_type(ferrule.float32, 1.0)\n(ferrule.int16, ferrule.float32)")
        .signature("(*arrays_and_dtypes: Any) -> Any")
        .register_packed(op_result_type)?;
    FuncDef::new("ops.finfo")
        .doc("Machine limits of a floating-point dtype (or tensor) as a record with bits, eps, max,\nmin, smallest_normal and dtype; a complex dtype describes its real parts.\n\n>>> ferrule.finfo(ferrule.float32).eps\n1.1920928955078125e-07")
        .signature("(type: Any, /) -> Any")
        .register_packed(op_finfo)?;
    FuncDef::new("ops.iinfo")
        .doc("Machine limits of an integer dtype (or tensor) as a record with bits, max, min and\ndtype. For uint64, max (2**64 - 1) is a 0-d uint64 tensor, since it exceeds the packed int.\n\n>>> ferrule.iinfo(ferrule.int8).max\n127")
        .signature("(type: Any, /) -> Any")
        .register_packed(op_iinfo)?;
    FuncDef::new("ops.isdtype")
        .doc("Whether dtype is of kind: a dtype, one of 'bool', 'signed integer', 'unsigned integer',\n'integral', 'real floating', 'complex floating', 'numeric', or a tuple of those.\n\n>>> ferrule.isdtype(ferrule.float32, (\"integral\", \"real floating\"))\nTrue")
        .signature("(dtype: dtype, kind: Any, /) -> bool")
        .register_packed(op_isdtype)?;
    FuncDef::new("ops.fft.fft")
        .doc("The 1-D discrete Fourier transform along axis: X[k] = sum_j x[j] exp(-2 pi i jk/n), with x\ncut or zero-padded to n points (default: its length along axis). Real input gives the\ncomplex dtype of its precision; n < 1 and an unknown norm are ValueErrors.\n\n>>> ferrule.fft.fft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))\nferrule.Tensor([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex128)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_fft)?;
    FuncDef::new("ops.fft.ifft")
        .doc("The inverse of fft.fft: x[j] = (1/n) sum_k X[k] exp(2 pi i jk/n) under norm='backward';\nn and axis as fft.fft.\n\n>>> ferrule.fft.ifft(ferrule.asarray([4.0, 0.0, 0.0, 0.0]))\nferrule.Tensor([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex128)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_ifft)?;
    FuncDef::new("ops.fft.fftn")
        .doc("The n-D discrete Fourier transform over axes (default: all), each cut or zero-padded to the\nsize in s (s needs axes; -1 keeps an axis's length). A repeated axis is a ValueError.\n\n>>> ferrule.fft.fftn(ferrule.ones((2, 2)))\nferrule.Tensor([[4.+0.j, 0.+0.j],\n                [0.+0.j, 0.+0.j]], dtype=complex128)")
        .signature("(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_fftn)?;
    FuncDef::new("ops.fft.ifftn")
        .doc("The n-D inverse transform (fft.ifft over each of axes); s and axes as fft.fftn.\n\n>>> ferrule.real(ferrule.fft.ifftn(ferrule.fft.fftn(ferrule.asarray([[1.0, 2.0], [3.0, 4.0]]))))\nferrule.Tensor([[1., 2.],\n                [3., 4.]], dtype=float64)")
        .signature("(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_ifftn)?;
    FuncDef::new("ops.fft.rfft")
        .doc("The transform of a real signal: the n//2 + 1 non-negative-frequency terms of fft.fft (the\nothers are their complex conjugates). x must be real (complex input is a TypeError); n and\naxis as fft.fft.\n\n>>> ferrule.fft.rfft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))\nferrule.Tensor([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex128)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_rfft)?;
    FuncDef::new("ops.fft.irfft")
        .doc("The inverse of fft.rfft: n real points (default 2*(m - 1) for m input points) from the\nfirst n//2 + 1 terms of x (cut or zero-padded); the imaginary parts of the zero-frequency\nterm and, for even n, of the Nyquist term are ignored. Pass n to recover an odd length.\n\n>>> ferrule.fft.irfft(ferrule.fft.rfft(ferrule.asarray([1.0, 2.0, 3.0])), n=3)\nferrule.Tensor([1., 2., 3.], dtype=float64)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_irfft)?;
    FuncDef::new("ops.fft.rfftn")
        .doc("The n-D transform of a real x: fft.rfft over the last of axes, then fft.fft over the others;\ns and axes as fft.fftn (the last size counts real input points).\n\n>>> ferrule.fft.rfftn(ferrule.ones((2, 4))).shape\n(2, 3)")
        .signature("(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_rfftn)?;
    FuncDef::new("ops.fft.irfftn")
        .doc("The inverse of fft.rfftn: fft.ifft over all but the last of axes, then fft.irfft over the\nlast, whose size in s (default 2*(m - 1)) is the number of real output points.\n\n>>> ferrule.fft.irfftn(ferrule.fft.rfftn(ferrule.ones((2, 3))), s=(2, 3), axes=(0, 1))\nferrule.Tensor([[1., 1., 1.],\n                [1., 1., 1.]], dtype=float64)")
        .signature("(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_irfftn)?;
    FuncDef::new("ops.fft.hfft")
        .doc("The transform of a Hermitian-symmetric signal given by its first half x: n real points\n(default 2*(m - 1)); under norm='backward', hfft(x, n=n) equals irfft(conj(x), n=n) * n.\n\n>>> ferrule.fft.hfft(ferrule.asarray([1.0, 2.0, 3.0]))\nferrule.Tensor([ 8., -2.,  0., -2.], dtype=float64)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_hfft)?;
    FuncDef::new("ops.fft.ihfft")
        .doc("The inverse of fft.hfft for a real x: conj(rfft(x)) / n under norm='backward' (n//2 + 1\ncomplex terms).\n\n>>> ferrule.fft.ihfft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))\nferrule.Tensor([ 2.5-0.j , -0.5-0.5j, -0.5-0.j ], dtype=complex128)")
        .signature("(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor")
        .register_packed(op_fft_ihfft)?;
    FuncDef::new("ops.fft.fftfreq")
        .doc("The sample frequencies of an n-point fft.fft with sample spacing d:\n[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (n*d), in dtype (a real floating-point\ndtype, default float64). n < 1 is a ValueError, d == 0 a ZeroDivisionError.\n\n>>> ferrule.fft.fftfreq(4, d=0.5)\nferrule.Tensor([ 0. ,  0.5, -1. , -0.5], dtype=float64)")
        .signature("(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_fft_fftfreq)?;
    FuncDef::new("ops.fft.rfftfreq")
        .doc("The sample frequencies of an n-point fft.rfft with sample spacing d: [0, 1, ..., n//2] /\n(n*d); dtype and errors as fft.fftfreq.\n\n>>> ferrule.fft.rfftfreq(5, dtype=ferrule.float32)\nferrule.Tensor([0. , 0.2, 0.4], dtype=float32)")
        .signature("(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor")
        .register_packed(op_fft_rfftfreq)?;
    FuncDef::new("ops.fft.fftshift")
        .doc("x with the zero-frequency term moved to the middle of each of axes (default: all): rolled\nby m//2 along an axis of length m. A new tensor of any dtype; a repeated axis is a\nValueError.\n\n>>> ferrule.fft.fftshift(ferrule.fft.fftfreq(5))\nferrule.Tensor([-0.4, -0.2,  0. ,  0.2,  0.4], dtype=float64)")
        .signature("(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor")
        .register_packed(op_fft_fftshift)?;
    FuncDef::new("ops.fft.ifftshift")
        .doc("The inverse of fft.fftshift: rolled by -(m//2) along each of axes (the two differ for odd\nlengths).\n\n>>> ferrule.fft.ifftshift(ferrule.asarray([3, 4, 0, 1, 2]))\nferrule.Tensor([0, 1, 2, 3, 4], dtype=int64)")
        .signature("(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor")
        .register_packed(op_fft_ifftshift)?;
    Ok(())
}

fn op_arange(args: &[Any]) -> Result<Any> {
    const OP: &str = "arange";
    glue::check_arity(OP, args, 5, false)?;
    let a_start = glue::scalar(OP, args, 0, "start")?;
    let a_stop = glue::opt_scalar(OP, args, 1, "stop")?;
    let a_step = glue::scalar(OP, args, 2, "step")?;
    let a_dtype = glue::opt_dtype(OP, args, 3, "dtype")?;
    let a_device = glue::opt_device(OP, args, 4, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::arange(a_start, a_stop, a_step, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_empty(args: &[Any]) -> Result<Any> {
    const OP: &str = "empty";
    glue::check_arity(OP, args, 3, false)?;
    let a_shape = glue::shape(OP, args, 0, "shape")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::empty(&a_shape, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_empty_like(args: &[Any]) -> Result<Any> {
    const OP: &str = "empty_like";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::empty_like(a_x, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_eye(args: &[Any]) -> Result<Any> {
    const OP: &str = "eye";
    glue::check_arity(OP, args, 5, false)?;
    let a_n_rows = glue::int(OP, args, 0, "n_rows")?;
    let a_n_cols = glue::opt_int(OP, args, 1, "n_cols")?;
    let a_k = glue::int(OP, args, 2, "k")?;
    let a_dtype = glue::opt_dtype(OP, args, 3, "dtype")?;
    let a_device = glue::opt_device(OP, args, 4, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::eye(a_n_rows, a_n_cols, a_k, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_full(args: &[Any]) -> Result<Any> {
    const OP: &str = "full";
    glue::check_arity(OP, args, 4, false)?;
    let a_shape = glue::shape(OP, args, 0, "shape")?;
    let a_fill_value = glue::scalar(OP, args, 1, "fill_value")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_device = glue::opt_device(OP, args, 3, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::full(&a_shape, a_fill_value, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_full_like(args: &[Any]) -> Result<Any> {
    const OP: &str = "full_like";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_fill_value = glue::scalar(OP, args, 1, "fill_value")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_device = glue::opt_device(OP, args, 3, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::full_like(a_x, a_fill_value, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_linspace(args: &[Any]) -> Result<Any> {
    const OP: &str = "linspace";
    glue::check_arity(OP, args, 6, false)?;
    let a_start = glue::scalar(OP, args, 0, "start")?;
    let a_stop = glue::scalar(OP, args, 1, "stop")?;
    let a_num = glue::int(OP, args, 2, "num")?;
    let a_dtype = glue::opt_dtype(OP, args, 3, "dtype")?;
    let a_device = glue::opt_device(OP, args, 4, "device")?;
    let a_endpoint = glue::bool(OP, args, 5, "endpoint")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::linspace(a_start, a_stop, a_num, a_dtype, a_device, a_endpoint))?;
    glue::ret_tensor(result)
}

fn op_meshgrid(args: &[Any]) -> Result<Any> {
    const OP: &str = "meshgrid";
    glue::check_arity(OP, args, 1, true)?;
    let a_arrays = glue::var_tensors(OP, args, 1, "arrays")?;
    let a_indexing = glue::str(OP, args, 0, "indexing")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::meshgrid(&a_arrays, a_indexing))?;
    glue::ret_tensors(result)
}

fn op_ones(args: &[Any]) -> Result<Any> {
    const OP: &str = "ones";
    glue::check_arity(OP, args, 3, false)?;
    let a_shape = glue::shape(OP, args, 0, "shape")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::ones(&a_shape, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_ones_like(args: &[Any]) -> Result<Any> {
    const OP: &str = "ones_like";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::ones_like(a_x, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_tril(args: &[Any]) -> Result<Any> {
    const OP: &str = "tril";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_k = glue::int(OP, args, 1, "k")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::tril(a_x, a_k))?;
    glue::ret_tensor(result)
}

fn op_triu(args: &[Any]) -> Result<Any> {
    const OP: &str = "triu";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_k = glue::int(OP, args, 1, "k")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::triu(a_x, a_k))?;
    glue::ret_tensor(result)
}

fn op_zeros(args: &[Any]) -> Result<Any> {
    const OP: &str = "zeros";
    glue::check_arity(OP, args, 3, false)?;
    let a_shape = glue::shape(OP, args, 0, "shape")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::zeros(&a_shape, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_zeros_like(args: &[Any]) -> Result<Any> {
    const OP: &str = "zeros_like";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_dtype = glue::opt_dtype(OP, args, 1, "dtype")?;
    let a_device = glue::opt_device(OP, args, 2, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::creation::zeros_like(a_x, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_random_uniform(args: &[Any]) -> Result<Any> {
    const OP: &str = "random.uniform";
    glue::check_arity(OP, args, 5, false)?;
    let a_low = glue::float(OP, args, 0, "low")?;
    let a_high = glue::float(OP, args, 1, "high")?;
    let a_shape = glue::shape(OP, args, 2, "shape")?;
    let a_seed = glue::opt_int(OP, args, 3, "seed")?;
    let a_dtype = glue::opt_dtype(OP, args, 4, "dtype")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::random::uniform(a_low, a_high, &a_shape, a_seed, a_dtype))?;
    glue::ret_tensor(result)
}

fn op_random_normal(args: &[Any]) -> Result<Any> {
    const OP: &str = "random.normal";
    glue::check_arity(OP, args, 5, false)?;
    let a_loc = glue::float(OP, args, 0, "loc")?;
    let a_scale = glue::float(OP, args, 1, "scale")?;
    let a_shape = glue::shape(OP, args, 2, "shape")?;
    let a_seed = glue::opt_int(OP, args, 3, "seed")?;
    let a_dtype = glue::opt_dtype(OP, args, 4, "dtype")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::random::normal(a_loc, a_scale, &a_shape, a_seed, a_dtype))?;
    glue::ret_tensor(result)
}

fn op_add(args: &[Any]) -> Result<Any> {
    const OP: &str = "add";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::add) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::add(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_subtract(args: &[Any]) -> Result<Any> {
    const OP: &str = "subtract";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::subtract) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::subtract(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_multiply(args: &[Any]) -> Result<Any> {
    const OP: &str = "multiply";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::multiply) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::multiply(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_divide(args: &[Any]) -> Result<Any> {
    const OP: &str = "divide";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::divide) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::divide(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_floor_divide(args: &[Any]) -> Result<Any> {
    const OP: &str = "floor_divide";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::floor_divide(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_remainder(args: &[Any]) -> Result<Any> {
    const OP: &str = "remainder";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::remainder(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_pow(args: &[Any]) -> Result<Any> {
    const OP: &str = "pow";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::pow(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_maximum(args: &[Any]) -> Result<Any> {
    const OP: &str = "maximum";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::maximum(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_minimum(args: &[Any]) -> Result<Any> {
    const OP: &str = "minimum";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::minimum(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_atan2(args: &[Any]) -> Result<Any> {
    const OP: &str = "atan2";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::atan2(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_copysign(args: &[Any]) -> Result<Any> {
    const OP: &str = "copysign";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::copysign(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_hypot(args: &[Any]) -> Result<Any> {
    const OP: &str = "hypot";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::hypot(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_logaddexp(args: &[Any]) -> Result<Any> {
    const OP: &str = "logaddexp";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::logaddexp(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_nextafter(args: &[Any]) -> Result<Any> {
    const OP: &str = "nextafter";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::nextafter(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_equal(args: &[Any]) -> Result<Any> {
    const OP: &str = "equal";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::equal) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::equal(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_not_equal(args: &[Any]) -> Result<Any> {
    const OP: &str = "not_equal";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::not_equal) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::not_equal(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_less(args: &[Any]) -> Result<Any> {
    const OP: &str = "less";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::less) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::less(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_less_equal(args: &[Any]) -> Result<Any> {
    const OP: &str = "less_equal";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::less_equal) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::less_equal(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_greater(args: &[Any]) -> Result<Any> {
    const OP: &str = "greater";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::greater) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::greater(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_greater_equal(args: &[Any]) -> Result<Any> {
    const OP: &str = "greater_equal";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::elementwise::fast::greater_equal) {
        return Ok(result);
    }
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::greater_equal(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_logical_and(args: &[Any]) -> Result<Any> {
    const OP: &str = "logical_and";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::logical_and(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_logical_or(args: &[Any]) -> Result<Any> {
    const OP: &str = "logical_or";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::logical_or(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_logical_xor(args: &[Any]) -> Result<Any> {
    const OP: &str = "logical_xor";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::logical_xor(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_bitwise_and(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_and";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_and(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_bitwise_or(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_or";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_or(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_bitwise_xor(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_xor";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_xor(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_bitwise_left_shift(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_left_shift";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_left_shift(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_bitwise_right_shift(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_right_shift";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::operand(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_right_shift(&a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_abs(args: &[Any]) -> Result<Any> {
    const OP: &str = "abs";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::abs(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_negative(args: &[Any]) -> Result<Any> {
    const OP: &str = "negative";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::negative(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_positive(args: &[Any]) -> Result<Any> {
    const OP: &str = "positive";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::positive(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_sign(args: &[Any]) -> Result<Any> {
    const OP: &str = "sign";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::sign(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_square(args: &[Any]) -> Result<Any> {
    const OP: &str = "square";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::square(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_conj(args: &[Any]) -> Result<Any> {
    const OP: &str = "conj";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::conj(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_real(args: &[Any]) -> Result<Any> {
    const OP: &str = "real";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::real(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_imag(args: &[Any]) -> Result<Any> {
    const OP: &str = "imag";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::imag(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_reciprocal(args: &[Any]) -> Result<Any> {
    const OP: &str = "reciprocal";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::reciprocal(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_round(args: &[Any]) -> Result<Any> {
    const OP: &str = "round";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::round(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_floor(args: &[Any]) -> Result<Any> {
    const OP: &str = "floor";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::floor(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_ceil(args: &[Any]) -> Result<Any> {
    const OP: &str = "ceil";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::ceil(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_trunc(args: &[Any]) -> Result<Any> {
    const OP: &str = "trunc";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::trunc(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_signbit(args: &[Any]) -> Result<Any> {
    const OP: &str = "signbit";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::signbit(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_isfinite(args: &[Any]) -> Result<Any> {
    const OP: &str = "isfinite";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::isfinite(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_isinf(args: &[Any]) -> Result<Any> {
    const OP: &str = "isinf";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::isinf(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_isnan(args: &[Any]) -> Result<Any> {
    const OP: &str = "isnan";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::isnan(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_logical_not(args: &[Any]) -> Result<Any> {
    const OP: &str = "logical_not";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::logical_not(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_bitwise_invert(args: &[Any]) -> Result<Any> {
    const OP: &str = "bitwise_invert";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::bitwise_invert(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_exp(args: &[Any]) -> Result<Any> {
    const OP: &str = "exp";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::exp(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_expm1(args: &[Any]) -> Result<Any> {
    const OP: &str = "expm1";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::expm1(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_log(args: &[Any]) -> Result<Any> {
    const OP: &str = "log";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::log(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_log1p(args: &[Any]) -> Result<Any> {
    const OP: &str = "log1p";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::log1p(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_log2(args: &[Any]) -> Result<Any> {
    const OP: &str = "log2";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::log2(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_log10(args: &[Any]) -> Result<Any> {
    const OP: &str = "log10";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::log10(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_sqrt(args: &[Any]) -> Result<Any> {
    const OP: &str = "sqrt";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::sqrt(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_sin(args: &[Any]) -> Result<Any> {
    const OP: &str = "sin";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::sin(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_cos(args: &[Any]) -> Result<Any> {
    const OP: &str = "cos";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::cos(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_tan(args: &[Any]) -> Result<Any> {
    const OP: &str = "tan";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::tan(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_asin(args: &[Any]) -> Result<Any> {
    const OP: &str = "asin";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::asin(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_acos(args: &[Any]) -> Result<Any> {
    const OP: &str = "acos";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::acos(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_atan(args: &[Any]) -> Result<Any> {
    const OP: &str = "atan";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::atan(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_sinh(args: &[Any]) -> Result<Any> {
    const OP: &str = "sinh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::sinh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_cosh(args: &[Any]) -> Result<Any> {
    const OP: &str = "cosh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::cosh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_tanh(args: &[Any]) -> Result<Any> {
    const OP: &str = "tanh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::tanh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_asinh(args: &[Any]) -> Result<Any> {
    const OP: &str = "asinh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::asinh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_acosh(args: &[Any]) -> Result<Any> {
    const OP: &str = "acosh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::acosh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_atanh(args: &[Any]) -> Result<Any> {
    const OP: &str = "atanh";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_out = glue::opt_writable_tensor(OP, args, 1, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::atanh(a_x, a_out))?;
    glue::ret_tensor_or_out(result, &args[1])
}

fn op_clip(args: &[Any]) -> Result<Any> {
    const OP: &str = "clip";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_min = glue::opt_operand(OP, args, 1, "min")?;
    let a_max = glue::opt_operand(OP, args, 2, "max")?;
    let a_out = glue::opt_writable_tensor(OP, args, 3, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::clip(a_x, a_min.as_ref(), a_max.as_ref(), a_out))?;
    glue::ret_tensor_or_out(result, &args[3])
}

fn op_where(args: &[Any]) -> Result<Any> {
    const OP: &str = "where";
    glue::check_arity(OP, args, 4, false)?;
    let a_condition = glue::tensor(OP, args, 0, "condition")?;
    let a_x1 = glue::operand(OP, args, 1, "x1")?;
    let a_x2 = glue::operand(OP, args, 2, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 3, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::r#where(a_condition, &a_x1, &a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[3])
}

fn op_astype(args: &[Any]) -> Result<Any> {
    const OP: &str = "astype";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_dtype = glue::dtype(OP, args, 1, "dtype")?;
    let a_copy = glue::bool(OP, args, 2, "copy")?;
    let a_device = glue::opt_device(OP, args, 3, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::astype(a_x, a_dtype, a_copy, a_device))?;
    glue::ret_tensor(result)
}

fn op_geo_distance(args: &[Any]) -> Result<Any> {
    const OP: &str = "geo_distance";
    glue::check_arity(OP, args, 4, false)?;
    let a_lon1 = glue::operand(OP, args, 0, "lon1")?;
    let a_lat1 = glue::operand(OP, args, 1, "lat1")?;
    let a_lon2 = glue::operand(OP, args, 2, "lon2")?;
    let a_lat2 = glue::operand(OP, args, 3, "lat2")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::elementwise::geo_distance(&a_lon1, &a_lat1, &a_lon2, &a_lat2))?;
    glue::ret_tensor(result)
}

fn op_sum(args: &[Any]) -> Result<Any> {
    const OP: &str = "sum";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_keepdims = glue::bool(OP, args, 3, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::sum(a_x, a_axis.as_deref(), a_dtype, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_prod(args: &[Any]) -> Result<Any> {
    const OP: &str = "prod";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_keepdims = glue::bool(OP, args, 3, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::prod(a_x, a_axis.as_deref(), a_dtype, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_mean(args: &[Any]) -> Result<Any> {
    const OP: &str = "mean";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::mean(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_var(args: &[Any]) -> Result<Any> {
    const OP: &str = "var";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_correction = glue::float(OP, args, 2, "correction")?;
    let a_keepdims = glue::bool(OP, args, 3, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::var(a_x, a_axis.as_deref(), a_correction, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_std(args: &[Any]) -> Result<Any> {
    const OP: &str = "std";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_correction = glue::float(OP, args, 2, "correction")?;
    let a_keepdims = glue::bool(OP, args, 3, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::std(a_x, a_axis.as_deref(), a_correction, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_max(args: &[Any]) -> Result<Any> {
    const OP: &str = "max";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::max(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_min(args: &[Any]) -> Result<Any> {
    const OP: &str = "min";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::min(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_cumulative_sum(args: &[Any]) -> Result<Any> {
    const OP: &str = "cumulative_sum";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int(OP, args, 1, "axis")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_include_initial = glue::bool(OP, args, 3, "include_initial")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::cumulative_sum(a_x, a_axis, a_dtype, a_include_initial))?;
    glue::ret_tensor(result)
}

fn op_cumulative_prod(args: &[Any]) -> Result<Any> {
    const OP: &str = "cumulative_prod";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int(OP, args, 1, "axis")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_include_initial = glue::bool(OP, args, 3, "include_initial")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::cumulative_prod(a_x, a_axis, a_dtype, a_include_initial))?;
    glue::ret_tensor(result)
}

fn op_all(args: &[Any]) -> Result<Any> {
    const OP: &str = "all";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::all(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_any(args: &[Any]) -> Result<Any> {
    const OP: &str = "any";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::any(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_argmax(args: &[Any]) -> Result<Any> {
    const OP: &str = "argmax";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::argmax(a_x, a_axis, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_argmin(args: &[Any]) -> Result<Any> {
    const OP: &str = "argmin";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::argmin(a_x, a_axis, a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_count_nonzero(args: &[Any]) -> Result<Any> {
    const OP: &str = "count_nonzero";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::count_nonzero(a_x, a_axis.as_deref(), a_keepdims))?;
    glue::ret_tensor(result)
}

fn op_diff(args: &[Any]) -> Result<Any> {
    const OP: &str = "diff";
    glue::check_arity(OP, args, 5, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let a_n = glue::int(OP, args, 2, "n")?;
    let a_prepend = glue::opt_operand(OP, args, 3, "prepend")?;
    let a_append = glue::opt_operand(OP, args, 4, "append")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::reduce::diff(a_x, a_axis, a_n, a_prepend.as_ref(), a_append.as_ref()))?;
    glue::ret_tensor(result)
}

fn op_matmul(args: &[Any]) -> Result<Any> {
    const OP: &str = "matmul";
    glue::check_arity(OP, args, 3, false)?;
    if let Some(result) = glue::fast2(args, crate::linalg::matmul_tiny) {
        return Ok(result);
    }
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let a_out = glue::opt_writable_tensor(OP, args, 2, "out")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::matmul(a_x1, a_x2, a_out))?;
    glue::ret_tensor_or_out(result, &args[2])
}

fn op_mm(args: &[Any]) -> Result<Any> {
    const OP: &str = "mm";
    glue::check_arity(OP, args, 2, false)?;
    if let Some(result) = glue::fast2(args, crate::linalg::matmul_tiny) {
        return Ok(result);
    }
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::mm(a_x1, a_x2))?;
    glue::ret_tensor(result)
}

fn op_tensordot(args: &[Any]) -> Result<Any> {
    const OP: &str = "tensordot";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let a_axes = glue::any(OP, args, 2, "axes")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::tensordot(a_x1, a_x2, a_axes))?;
    glue::ret_tensor(result)
}

fn op_vecdot(args: &[Any]) -> Result<Any> {
    const OP: &str = "vecdot";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::vecdot(a_x1, a_x2, a_axis))?;
    glue::ret_tensor(result)
}

fn op_linalg_cholesky(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.cholesky";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_upper = glue::bool(OP, args, 1, "upper")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::cholesky(a_x, a_upper))?;
    glue::ret_tensor(result)
}

fn op_linalg_cross(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.cross";
    glue::check_arity(OP, args, 3, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::cross(a_x1, a_x2, a_axis))?;
    glue::ret_tensor(result)
}

fn op_linalg_det(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.det";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::det(a_x))?;
    glue::ret_tensor(result)
}

fn op_linalg_diagonal(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.diagonal";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_offset = glue::int(OP, args, 1, "offset")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::diagonal(a_x, a_offset))?;
    glue::ret_tensor(result)
}

fn op_linalg_eigh(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.eigh";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::eigh(a_x))?;
    glue::ret_tensors(result)
}

fn op_linalg_eigvalsh(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.eigvalsh";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::eigvalsh(a_x))?;
    glue::ret_tensor(result)
}

fn op_linalg_inv(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.inv";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::inv(a_x))?;
    glue::ret_tensor(result)
}

fn op_linalg_matrix_power(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.matrix_power";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::int(OP, args, 1, "n")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::matrix_power(a_x, a_n))?;
    glue::ret_tensor(result)
}

fn op_linalg_matrix_rank(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.matrix_rank";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_rtol = glue::opt_operand(OP, args, 1, "rtol")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::matrix_rank(a_x, a_rtol.as_ref()))?;
    glue::ret_tensor(result)
}

fn op_linalg_matrix_norm(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.matrix_norm";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_keepdims = glue::bool(OP, args, 1, "keepdims")?;
    let a_ord = glue::any(OP, args, 2, "ord")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::matrix_norm(a_x, a_keepdims, a_ord))?;
    glue::ret_tensor(result)
}

fn op_linalg_outer(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.outer";
    glue::check_arity(OP, args, 2, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::outer(a_x1, a_x2))?;
    glue::ret_tensor(result)
}

fn op_linalg_pinv(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.pinv";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_rtol = glue::opt_operand(OP, args, 1, "rtol")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::pinv(a_x, a_rtol.as_ref()))?;
    glue::ret_tensor(result)
}

fn op_linalg_qr(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.qr";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_mode = glue::str(OP, args, 1, "mode")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::qr(a_x, a_mode))?;
    glue::ret_tensors(result)
}

fn op_linalg_slogdet(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.slogdet";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::slogdet(a_x))?;
    glue::ret_tensors(result)
}

fn op_linalg_solve(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.solve";
    glue::check_arity(OP, args, 2, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::tensor(OP, args, 1, "x2")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::solve(a_x1, a_x2))?;
    glue::ret_tensor(result)
}

fn op_linalg_svd(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.svd";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_full_matrices = glue::bool(OP, args, 1, "full_matrices")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::svd(a_x, a_full_matrices))?;
    glue::ret_tensors(result)
}

fn op_linalg_svdvals(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.svdvals";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::linalg::svdvals(a_x))?;
    glue::ret_tensor(result)
}

fn op_linalg_trace(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.trace";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_offset = glue::int(OP, args, 1, "offset")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::trace(a_x, a_offset, a_dtype))?;
    glue::ret_tensor(result)
}

fn op_linalg_vector_norm(args: &[Any]) -> Result<Any> {
    const OP: &str = "linalg.vector_norm";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let a_keepdims = glue::bool(OP, args, 2, "keepdims")?;
    let a_ord = glue::float(OP, args, 3, "ord")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::linalg::vector_norm(a_x, a_axis.as_deref(), a_keepdims, a_ord))?;
    glue::ret_tensor(result)
}

fn op_reshape(args: &[Any]) -> Result<Any> {
    const OP: &str = "reshape";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_shape = glue::shape(OP, args, 1, "shape")?;
    let a_copy = glue::opt_bool(OP, args, 2, "copy")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::reshape(a_x, &a_shape, a_copy))?;
    glue::ret_tensor(result)
}

fn op_permute_dims(args: &[Any]) -> Result<Any> {
    const OP: &str = "permute_dims";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axes = glue::shape(OP, args, 1, "axes")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::permute_dims(a_x, &a_axes))?;
    glue::ret_tensor(result)
}

fn op_matrix_transpose(args: &[Any]) -> Result<Any> {
    const OP: &str = "matrix_transpose";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::matrix_transpose(a_x))?;
    glue::ret_tensor(result)
}

fn op_expand_dims(args: &[Any]) -> Result<Any> {
    const OP: &str = "expand_dims";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::expand_dims(a_x, a_axis))?;
    glue::ret_tensor(result)
}

fn op_squeeze(args: &[Any]) -> Result<Any> {
    const OP: &str = "squeeze";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::squeeze(a_x, a_axis.as_deref()))?;
    glue::ret_tensor(result)
}

fn op_broadcast_to(args: &[Any]) -> Result<Any> {
    const OP: &str = "broadcast_to";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_shape = glue::shape(OP, args, 1, "shape")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::broadcast_to(a_x, &a_shape))?;
    glue::ret_tensor(result)
}

fn op_broadcast_arrays(args: &[Any]) -> Result<Any> {
    const OP: &str = "broadcast_arrays";
    glue::check_arity(OP, args, 0, true)?;
    let a_arrays = glue::var_tensors(OP, args, 0, "arrays")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::broadcast_arrays(&a_arrays))?;
    glue::ret_tensors(result)
}

fn op_concat(args: &[Any]) -> Result<Any> {
    const OP: &str = "concat";
    glue::check_arity(OP, args, 2, false)?;
    let a_arrays = glue::tensor_list(OP, args, 0, "arrays")?;
    let a_axis = glue::opt_int(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::manipulate::concat(&a_arrays, a_axis))?;
    glue::ret_tensor(result)
}

fn op_stack(args: &[Any]) -> Result<Any> {
    const OP: &str = "stack";
    glue::check_arity(OP, args, 2, false)?;
    let a_arrays = glue::tensor_list(OP, args, 0, "arrays")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::manipulate::stack(&a_arrays, a_axis))?;
    glue::ret_tensor(result)
}

fn op_unstack(args: &[Any]) -> Result<Any> {
    const OP: &str = "unstack";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::unstack(a_x, a_axis))?;
    glue::ret_tensors(result)
}

fn op_flip(args: &[Any]) -> Result<Any> {
    const OP: &str = "flip";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::opt_int_list(OP, args, 1, "axis")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::flip(a_x, a_axis.as_deref()))?;
    glue::ret_tensor(result)
}

fn op_roll(args: &[Any]) -> Result<Any> {
    const OP: &str = "roll";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_shift = glue::any(OP, args, 1, "shift")?;
    let a_axis = glue::opt_int_list(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::manipulate::roll(a_x, a_shift, a_axis.as_deref()))?;
    glue::ret_tensor(result)
}

fn op_moveaxis(args: &[Any]) -> Result<Any> {
    const OP: &str = "moveaxis";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_source = glue::shape(OP, args, 1, "source")?;
    let a_destination = glue::shape(OP, args, 2, "destination")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::manipulate::moveaxis(a_x, &a_source, &a_destination))?;
    glue::ret_tensor(result)
}

fn op_repeat(args: &[Any]) -> Result<Any> {
    const OP: &str = "repeat";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_repeats = glue::operand(OP, args, 1, "repeats")?;
    let a_axis = glue::opt_int(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::manipulate::repeat(a_x, &a_repeats, a_axis))?;
    glue::ret_tensor(result)
}

fn op_tile(args: &[Any]) -> Result<Any> {
    const OP: &str = "tile";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_repetitions = glue::shape(OP, args, 1, "repetitions")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::manipulate::tile(a_x, &a_repetitions))?;
    glue::ret_tensor(result)
}

fn op_getitem(args: &[Any]) -> Result<Any> {
    const OP: &str = "getitem";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_index = glue::any(OP, args, 1, "index")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::index::getitem(a_x, a_index))?;
    glue::ret_tensor(result)
}

fn op_setitem(args: &[Any]) -> Result<Any> {
    const OP: &str = "setitem";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::writable_tensor(OP, args, 0, "x")?;
    let a_index = glue::any(OP, args, 1, "index")?;
    let a_value = glue::operand(OP, args, 2, "value")?;
    glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::index::setitem(a_x, a_index, &a_value))?;
    glue::ret_value(())
}

fn op_take(args: &[Any]) -> Result<Any> {
    const OP: &str = "take";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_indices = glue::tensor(OP, args, 1, "indices")?;
    let a_axis = glue::opt_int(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::index::take(a_x, a_indices, a_axis))?;
    glue::ret_tensor(result)
}

fn op_take_along_axis(args: &[Any]) -> Result<Any> {
    const OP: &str = "take_along_axis";
    glue::check_arity(OP, args, 3, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_indices = glue::tensor(OP, args, 1, "indices")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::index::take_along_axis(a_x, a_indices, a_axis))?;
    glue::ret_tensor(result)
}

fn op_nonzero(args: &[Any]) -> Result<Any> {
    const OP: &str = "nonzero";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::index::nonzero(a_x))?;
    glue::ret_tensors(result)
}

fn op_searchsorted(args: &[Any]) -> Result<Any> {
    const OP: &str = "searchsorted";
    glue::check_arity(OP, args, 4, false)?;
    let a_x1 = glue::tensor(OP, args, 0, "x1")?;
    let a_x2 = glue::operand(OP, args, 1, "x2")?;
    let a_side = glue::str(OP, args, 2, "side")?;
    let a_sorter = glue::opt_tensor(OP, args, 3, "sorter")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::search::searchsorted(a_x1, &a_x2, a_side, a_sorter))?;
    glue::ret_tensor(result)
}

fn op_sort(args: &[Any]) -> Result<Any> {
    const OP: &str = "sort";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let a_descending = glue::bool(OP, args, 2, "descending")?;
    let a_stable = glue::bool(OP, args, 3, "stable")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::sort::sort(a_x, a_axis, a_descending, a_stable))?;
    glue::ret_tensor(result)
}

fn op_argsort(args: &[Any]) -> Result<Any> {
    const OP: &str = "argsort";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axis = glue::int(OP, args, 1, "axis")?;
    let a_descending = glue::bool(OP, args, 2, "descending")?;
    let a_stable = glue::bool(OP, args, 3, "stable")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::sort::argsort(a_x, a_axis, a_descending, a_stable))?;
    glue::ret_tensor(result)
}

fn op_unique_values(args: &[Any]) -> Result<Any> {
    const OP: &str = "unique_values";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::set::unique_values(a_x))?;
    glue::ret_tensor(result)
}

fn op_unique_counts(args: &[Any]) -> Result<Any> {
    const OP: &str = "unique_counts";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::set::unique_counts(a_x))?;
    glue::ret_tensors(result)
}

fn op_unique_inverse(args: &[Any]) -> Result<Any> {
    const OP: &str = "unique_inverse";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::set::unique_inverse(a_x))?;
    glue::ret_tensors(result)
}

fn op_unique_all(args: &[Any]) -> Result<Any> {
    const OP: &str = "unique_all";
    glue::check_arity(OP, args, 1, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::set::unique_all(a_x))?;
    glue::ret_tensors(result)
}

fn op_can_cast(args: &[Any]) -> Result<Any> {
    const OP: &str = "can_cast";
    glue::check_arity(OP, args, 2, false)?;
    let a_from_ = glue::any(OP, args, 0, "from_")?;
    let a_to = glue::dtype(OP, args, 1, "to")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::dtypes::can_cast(a_from_, a_to))?;
    glue::ret_value(result)
}

fn op_result_type(args: &[Any]) -> Result<Any> {
    const OP: &str = "result_type";
    glue::check_arity(OP, args, 0, true)?;
    let a_arrays_and_dtypes = &args[0..];
    let result = glue::run(glue::Gil::Keep, args, || crate::dtypes::result_type(a_arrays_and_dtypes))?;
    glue::ret_value(result)
}

fn op_finfo(args: &[Any]) -> Result<Any> {
    const OP: &str = "finfo";
    glue::check_arity(OP, args, 1, false)?;
    let a_type = glue::any(OP, args, 0, "type")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::dtypes::finfo(a_type))?;
    glue::ret_value(result)
}

fn op_iinfo(args: &[Any]) -> Result<Any> {
    const OP: &str = "iinfo";
    glue::check_arity(OP, args, 1, false)?;
    let a_type = glue::any(OP, args, 0, "type")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::dtypes::iinfo(a_type))?;
    glue::ret_value(result)
}

fn op_isdtype(args: &[Any]) -> Result<Any> {
    const OP: &str = "isdtype";
    glue::check_arity(OP, args, 2, false)?;
    let a_dtype = glue::dtype(OP, args, 0, "dtype")?;
    let a_kind = glue::any(OP, args, 1, "kind")?;
    let result = glue::run(glue::Gil::Keep, args, || crate::dtypes::isdtype(a_dtype, a_kind))?;
    glue::ret_value(result)
}

fn op_fft_fft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.fft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::fft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_ifft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.ifft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::ifft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_fftn(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.fftn";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_s = glue::opt_int_list(OP, args, 1, "s")?;
    let a_axes = glue::opt_int_list(OP, args, 2, "axes")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::fftn(a_x, a_s.as_deref(), a_axes.as_deref(), a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_ifftn(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.ifftn";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_s = glue::opt_int_list(OP, args, 1, "s")?;
    let a_axes = glue::opt_int_list(OP, args, 2, "axes")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::ifftn(a_x, a_s.as_deref(), a_axes.as_deref(), a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_rfft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.rfft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::rfft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_irfft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.irfft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::irfft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_rfftn(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.rfftn";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_s = glue::opt_int_list(OP, args, 1, "s")?;
    let a_axes = glue::opt_int_list(OP, args, 2, "axes")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::rfftn(a_x, a_s.as_deref(), a_axes.as_deref(), a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_irfftn(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.irfftn";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_s = glue::opt_int_list(OP, args, 1, "s")?;
    let a_axes = glue::opt_int_list(OP, args, 2, "axes")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::irfftn(a_x, a_s.as_deref(), a_axes.as_deref(), a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_hfft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.hfft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::hfft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_ihfft(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.ihfft";
    glue::check_arity(OP, args, 4, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_n = glue::opt_int(OP, args, 1, "n")?;
    let a_axis = glue::int(OP, args, 2, "axis")?;
    let a_norm = glue::str(OP, args, 3, "norm")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::ihfft(a_x, a_n, a_axis, a_norm))?;
    glue::ret_tensor(result)
}

fn op_fft_fftfreq(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.fftfreq";
    glue::check_arity(OP, args, 4, false)?;
    let a_n = glue::int(OP, args, 0, "n")?;
    let a_d = glue::float(OP, args, 1, "d")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_device = glue::opt_device(OP, args, 3, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::fftfreq(a_n, a_d, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_fft_rfftfreq(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.rfftfreq";
    glue::check_arity(OP, args, 4, false)?;
    let a_n = glue::int(OP, args, 0, "n")?;
    let a_d = glue::float(OP, args, 1, "d")?;
    let a_dtype = glue::opt_dtype(OP, args, 2, "dtype")?;
    let a_device = glue::opt_device(OP, args, 3, "device")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::rfftfreq(a_n, a_d, a_dtype, a_device))?;
    glue::ret_tensor(result)
}

fn op_fft_fftshift(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.fftshift";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axes = glue::opt_int_list(OP, args, 1, "axes")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::fftshift(a_x, a_axes.as_deref()))?;
    glue::ret_tensor(result)
}

fn op_fft_ifftshift(args: &[Any]) -> Result<Any> {
    const OP: &str = "fft.ifftshift";
    glue::check_arity(OP, args, 2, false)?;
    let a_x = glue::tensor(OP, args, 0, "x")?;
    let a_axes = glue::opt_int_list(OP, args, 1, "axes")?;
    let result = glue::run(glue::Gil::ReleaseWhenLarge, args, || crate::fft::ifftshift(a_x, a_axes.as_deref()))?;
    glue::ret_tensor(result)
}
