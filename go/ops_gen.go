// DO NOT EDIT — generated from schema/ops.yaml by `cargo run -p ferrule-codegen`.

// The operators of schema/ops.yaml as typed Go functions over the packed API (see ops.go).

package ferrule

var opArange = &opSpec{name: "ops.arange", goName: "Arange", params: []opParam{{name: "start", required: true}, {name: "stop", def: nil}, {name: "step", def: int64(1)}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Arange calls the operator ops.arange.
//
// Evenly spaced values in [start, stop) with spacing step; arange(n) is 0, 1, ..., n-1.
//
// Signature: ops.arange(start: int | float | bool, /, stop: int | float | bool | None = None, step: int | float | bool = 1, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: Stop, Step, WithDType, WithDevice.
func Arange(start any, opts ...Option) (*Tensor, error) {
	return opArange.tensor(opArange.call([]any{start}, nil, opts))
}

var opEmpty = &opSpec{name: "ops.empty", goName: "Empty", params: []opParam{{name: "shape", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Empty calls the operator ops.empty.
//
// A new tensor of the given shape (ferrule zero-fills new memory).
//
// Signature: ops.empty(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func Empty(shape []int64, opts ...Option) (*Tensor, error) {
	return opEmpty.tensor(opEmpty.call([]any{shape}, nil, opts))
}

var opEmptyLike = &opSpec{name: "ops.empty_like", goName: "EmptyLike", params: []opParam{{name: "x", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// EmptyLike calls the operator ops.empty_like.
//
// A new tensor with the shape of x, and its dtype unless dtype is given.
//
// Signature: ops.empty_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func EmptyLike(x *Tensor, opts ...Option) (*Tensor, error) {
	return opEmptyLike.tensor(opEmptyLike.call([]any{x}, nil, opts))
}

var opEye = &opSpec{name: "ops.eye", goName: "Eye", params: []opParam{{name: "n_rows", required: true}, {name: "n_cols", def: nil}, {name: "k", def: int64(0)}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Eye calls the operator ops.eye.
//
// A 2-D tensor with ones on the k-th diagonal (k > 0 above the main one) and zeros elsewhere;
// n_cols defaults to n_rows.
//
// Signature: ops.eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: NCols, K, WithDType, WithDevice.
func Eye(nRows int64, opts ...Option) (*Tensor, error) {
	return opEye.tensor(opEye.call([]any{nRows}, nil, opts))
}

var opFull = &opSpec{name: "ops.full", goName: "Full", params: []opParam{{name: "shape", required: true}, {name: "fill_value", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Full calls the operator ops.full.
//
// A tensor of the given shape filled with fill_value. The dtype defaults to that of the value
// (bool, int64 or float64); an int that does not fit an integer dtype is an OverflowError.
//
// Signature: ops.full(shape: int | tuple[int, ...], fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func Full(shape []int64, fillValue any, opts ...Option) (*Tensor, error) {
	return opFull.tensor(opFull.call([]any{shape, fillValue}, nil, opts))
}

var opFullLike = &opSpec{name: "ops.full_like", goName: "FullLike", params: []opParam{{name: "x", required: true}, {name: "fill_value", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// FullLike calls the operator ops.full_like.
//
// A tensor with the shape of x (and its dtype unless dtype is given) filled with fill_value.
//
// Signature: ops.full_like(x: Tensor, /, fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func FullLike(x *Tensor, fillValue any, opts ...Option) (*Tensor, error) {
	return opFullLike.tensor(opFullLike.call([]any{x, fillValue}, nil, opts))
}

var opLinspace = &opSpec{name: "ops.linspace", goName: "Linspace", params: []opParam{{name: "start", required: true}, {name: "stop", required: true}, {name: "num", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}, {name: "endpoint", def: true}}, variadic: false}

// Linspace calls the operator ops.linspace.
//
// num evenly spaced values from start to stop (stop included unless endpoint is False),
// computed in float64 exactly as numpy does; integer dtypes take the floor.
//
// Signature: ops.linspace(start: int | float | bool, stop: int | float | bool, /, num: int, *, dtype: dtype | None = None, device: device | None = None, endpoint: bool = True) -> Tensor
// Options: WithDType, WithDevice, Endpoint.
func Linspace(start any, stop any, num int64, opts ...Option) (*Tensor, error) {
	return opLinspace.tensor(opLinspace.call([]any{start, stop, num}, nil, opts))
}

var opMeshgrid = &opSpec{name: "ops.meshgrid", goName: "Meshgrid", params: []opParam{{name: "indexing", def: "xy"}}, variadic: true}

// Meshgrid calls the operator ops.meshgrid.
//
// Coordinate grids from 1-D coordinate tensors. indexing='xy' (Cartesian) swaps the first two
// output dims relative to 'ij' (matrix). Each output is a fresh copy.
//
// Signature: ops.meshgrid(*arrays: Tensor, indexing: str = 'xy') -> list[Tensor]
// Options: Indexing.
func Meshgrid(arrays []*Tensor, opts ...Option) ([]*Tensor, error) {
	return opMeshgrid.tensors(opMeshgrid.call(nil, tensorArgs(arrays), opts))
}

var opOnes = &opSpec{name: "ops.ones", goName: "Ones", params: []opParam{{name: "shape", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Ones calls the operator ops.ones.
//
// A tensor of the given shape filled with ones.
//
// Signature: ops.ones(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func Ones(shape []int64, opts ...Option) (*Tensor, error) {
	return opOnes.tensor(opOnes.call([]any{shape}, nil, opts))
}

var opOnesLike = &opSpec{name: "ops.ones_like", goName: "OnesLike", params: []opParam{{name: "x", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// OnesLike calls the operator ops.ones_like.
//
// Ones with the shape of x, and its dtype unless dtype is given.
//
// Signature: ops.ones_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func OnesLike(x *Tensor, opts ...Option) (*Tensor, error) {
	return opOnesLike.tensor(opOnesLike.call([]any{x}, nil, opts))
}

var opTril = &opSpec{name: "ops.tril", goName: "Tril", params: []opParam{{name: "x", required: true}, {name: "k", def: int64(0)}}, variadic: false}

// Tril calls the operator ops.tril.
//
// The lower triangle of the last two dims of x (elements with column - row <= k); the rest is
// zero. Fewer than 2 dims is a ValueError.
//
// Signature: ops.tril(x: Tensor, /, *, k: int = 0) -> Tensor
// Options: K.
func Tril(x *Tensor, opts ...Option) (*Tensor, error) {
	return opTril.tensor(opTril.call([]any{x}, nil, opts))
}

var opTriu = &opSpec{name: "ops.triu", goName: "Triu", params: []opParam{{name: "x", required: true}, {name: "k", def: int64(0)}}, variadic: false}

// Triu calls the operator ops.triu.
//
// The upper triangle of the last two dims of x (elements with column - row >= k); the rest is
// zero. Fewer than 2 dims is a ValueError.
//
// Signature: ops.triu(x: Tensor, /, *, k: int = 0) -> Tensor
// Options: K.
func Triu(x *Tensor, opts ...Option) (*Tensor, error) {
	return opTriu.tensor(opTriu.call([]any{x}, nil, opts))
}

var opZeros = &opSpec{name: "ops.zeros", goName: "Zeros", params: []opParam{{name: "shape", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// Zeros calls the operator ops.zeros.
//
// A tensor of the given shape filled with zeros.
//
// Signature: ops.zeros(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func Zeros(shape []int64, opts ...Option) (*Tensor, error) {
	return opZeros.tensor(opZeros.call([]any{shape}, nil, opts))
}

var opZerosLike = &opSpec{name: "ops.zeros_like", goName: "ZerosLike", params: []opParam{{name: "x", required: true}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// ZerosLike calls the operator ops.zeros_like.
//
// Zeros with the shape of x, and its dtype unless dtype is given.
//
// Signature: ops.zeros_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: WithDType, WithDevice.
func ZerosLike(x *Tensor, opts ...Option) (*Tensor, error) {
	return opZerosLike.tensor(opZerosLike.call([]any{x}, nil, opts))
}

var opRandomUniform = &opSpec{name: "ops.random.uniform", goName: "RandomUniform", params: []opParam{{name: "low", def: float64(0.0)}, {name: "high", def: float64(1.0)}, {name: "shape", def: []any{}}, {name: "seed", def: nil}, {name: "dtype", def: nil}}, variadic: false}

// RandomUniform calls the operator ops.random.uniform.
//
// Samples from the uniform distribution on [low, high) with a xoshiro256** generator. The same
// seed gives the same numbers; seed=None draws from a process-wide generator seeded from the
// clock. dtype is float32 or float64 (default).
//
// Signature: ops.random.uniform(low: float = 0.0, high: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor
// Options: Low, High, Shape, Seed, WithDType.
func RandomUniform(opts ...Option) (*Tensor, error) {
	return opRandomUniform.tensor(opRandomUniform.call(nil, nil, opts))
}

var opRandomNormal = &opSpec{name: "ops.random.normal", goName: "RandomNormal", params: []opParam{{name: "loc", def: float64(0.0)}, {name: "scale", def: float64(1.0)}, {name: "shape", def: []any{}}, {name: "seed", def: nil}, {name: "dtype", def: nil}}, variadic: false}

// RandomNormal calls the operator ops.random.normal.
//
// Samples from the normal distribution with mean loc and standard deviation scale (Box-Muller
// on xoshiro256**). Seeding and dtypes as random.uniform; a negative scale is a ValueError.
//
// Signature: ops.random.normal(loc: float = 0.0, scale: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor
// Options: Loc, Scale, Shape, Seed, WithDType.
func RandomNormal(opts ...Option) (*Tensor, error) {
	return opRandomNormal.tensor(opRandomNormal.call(nil, nil, opts))
}

var opAdd = &opSpec{name: "ops.add", goName: "Add", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Add calls the operator ops.add.
//
// Adds x1 and x2 element-wise (integers wrap around; bool is logical or).
//
// Signature: ops.add(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Add(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opAdd.tensor(opAdd.call([]any{x1, x2}, nil, opts))
}

var opSubtract = &opSpec{name: "ops.subtract", goName: "Subtract", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Subtract calls the operator ops.subtract.
//
// Subtracts x2 from x1 element-wise (integers wrap around). Bool is a TypeError.
//
// Signature: ops.subtract(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Subtract(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opSubtract.tensor(opSubtract.call([]any{x1, x2}, nil, opts))
}

var opMultiply = &opSpec{name: "ops.multiply", goName: "Multiply", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Multiply calls the operator ops.multiply.
//
// Multiplies x1 and x2 element-wise (integers wrap around; bool is logical and).
//
// Signature: ops.multiply(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Multiply(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opMultiply.tensor(opMultiply.call([]any{x1, x2}, nil, opts))
}

var opDivide = &opSpec{name: "ops.divide", goName: "Divide", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Divide calls the operator ops.divide.
//
// Divides x1 by x2 element-wise (true division). Integer and bool inputs divide in float64.
//
// Signature: ops.divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Divide(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opDivide.tensor(opDivide.call([]any{x1, x2}, nil, opts))
}

var opFloorDivide = &opSpec{name: "ops.floor_divide", goName: "FloorDivide", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// FloorDivide calls the operator ops.floor_divide.
//
// Floor division x1 // x2, rounding toward -inf. Integer division by zero gives 0 (numpy
// warns; ferrule does not); complex is a TypeError.
//
// Signature: ops.floor_divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func FloorDivide(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opFloorDivide.tensor(opFloorDivide.call([]any{x1, x2}, nil, opts))
}

var opRemainder = &opSpec{name: "ops.remainder", goName: "Remainder", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Remainder calls the operator ops.remainder.
//
// Remainder of floor division, with the sign of x2 (Python's %). Integer x % 0 gives 0;
// complex is a TypeError.
//
// Signature: ops.remainder(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Remainder(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opRemainder.tensor(opRemainder.call([]any{x1, x2}, nil, opts))
}

var opPow = &opSpec{name: "ops.pow", goName: "Pow", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Pow calls the operator ops.pow.
//
// Raises x1 to the power x2 element-wise. Integer powers wrap around; a negative integer
// exponent is a ValueError; bool computes as int8.
//
// Signature: ops.pow(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Pow(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opPow.tensor(opPow.call([]any{x1, x2}, nil, opts))
}

var opMaximum = &opSpec{name: "ops.maximum", goName: "Maximum", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Maximum calls the operator ops.maximum.
//
// The larger of x1 and x2 element-wise; NaN propagates.
//
// Signature: ops.maximum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Maximum(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opMaximum.tensor(opMaximum.call([]any{x1, x2}, nil, opts))
}

var opMinimum = &opSpec{name: "ops.minimum", goName: "Minimum", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Minimum calls the operator ops.minimum.
//
// The smaller of x1 and x2 element-wise; NaN propagates.
//
// Signature: ops.minimum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Minimum(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opMinimum.tensor(opMinimum.call([]any{x1, x2}, nil, opts))
}

var opAtan2 = &opSpec{name: "ops.atan2", goName: "Atan2", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Atan2 calls the operator ops.atan2.
//
// The quadrant-aware arc tangent of x1 / x2, in radians in [-pi, pi]. Real dtypes only;
// integers compute in the smallest float both cast to safely.
//
// Signature: ops.atan2(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Atan2(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opAtan2.tensor(opAtan2.call([]any{x1, x2}, nil, opts))
}

var opCopysign = &opSpec{name: "ops.copysign", goName: "Copysign", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Copysign calls the operator ops.copysign.
//
// x1 with the sign of x2, element-wise. Real dtypes only.
//
// Signature: ops.copysign(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Copysign(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opCopysign.tensor(opCopysign.call([]any{x1, x2}, nil, opts))
}

var opHypot = &opSpec{name: "ops.hypot", goName: "Hypot", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Hypot calls the operator ops.hypot.
//
// sqrt(x1**2 + x2**2) element-wise, without undue overflow. Real dtypes only.
//
// Signature: ops.hypot(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Hypot(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opHypot.tensor(opHypot.call([]any{x1, x2}, nil, opts))
}

var opLogaddexp = &opSpec{name: "ops.logaddexp", goName: "Logaddexp", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Logaddexp calls the operator ops.logaddexp.
//
// log(exp(x1) + exp(x2)) element-wise, without overflow. Real dtypes only.
//
// Signature: ops.logaddexp(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Logaddexp(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLogaddexp.tensor(opLogaddexp.call([]any{x1, x2}, nil, opts))
}

var opNextafter = &opSpec{name: "ops.nextafter", goName: "Nextafter", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Nextafter calls the operator ops.nextafter.
//
// The next representable value after x1 toward x2, in the result dtype. Real dtypes only.
//
// Signature: ops.nextafter(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Nextafter(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opNextafter.tensor(opNextafter.call([]any{x1, x2}, nil, opts))
}

var opEqual = &opSpec{name: "ops.equal", goName: "Equal", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Equal calls the operator ops.equal.
//
// x1 == x2 element-wise, as bool (NaN is unequal to everything).
//
// Signature: ops.equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Equal(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opEqual.tensor(opEqual.call([]any{x1, x2}, nil, opts))
}

var opNotEqual = &opSpec{name: "ops.not_equal", goName: "NotEqual", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// NotEqual calls the operator ops.not_equal.
//
// x1 != x2 element-wise, as bool.
//
// Signature: ops.not_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func NotEqual(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opNotEqual.tensor(opNotEqual.call([]any{x1, x2}, nil, opts))
}

var opLess = &opSpec{name: "ops.less", goName: "Less", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Less calls the operator ops.less.
//
// x1 < x2 element-wise, as bool. Complex is a TypeError.
//
// Signature: ops.less(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Less(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLess.tensor(opLess.call([]any{x1, x2}, nil, opts))
}

var opLessEqual = &opSpec{name: "ops.less_equal", goName: "LessEqual", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// LessEqual calls the operator ops.less_equal.
//
// x1 <= x2 element-wise, as bool. Complex is a TypeError.
//
// Signature: ops.less_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func LessEqual(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLessEqual.tensor(opLessEqual.call([]any{x1, x2}, nil, opts))
}

var opGreater = &opSpec{name: "ops.greater", goName: "Greater", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Greater calls the operator ops.greater.
//
// x1 > x2 element-wise, as bool. Complex is a TypeError.
//
// Signature: ops.greater(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Greater(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opGreater.tensor(opGreater.call([]any{x1, x2}, nil, opts))
}

var opGreaterEqual = &opSpec{name: "ops.greater_equal", goName: "GreaterEqual", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// GreaterEqual calls the operator ops.greater_equal.
//
// x1 >= x2 element-wise, as bool. Complex is a TypeError.
//
// Signature: ops.greater_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func GreaterEqual(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opGreaterEqual.tensor(opGreaterEqual.call([]any{x1, x2}, nil, opts))
}

var opLogicalAnd = &opSpec{name: "ops.logical_and", goName: "LogicalAnd", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// LogicalAnd calls the operator ops.logical_and.
//
// Logical AND of the truth values of x1 and x2 (non-zero is true), as bool.
//
// Signature: ops.logical_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func LogicalAnd(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLogicalAnd.tensor(opLogicalAnd.call([]any{x1, x2}, nil, opts))
}

var opLogicalOr = &opSpec{name: "ops.logical_or", goName: "LogicalOr", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// LogicalOr calls the operator ops.logical_or.
//
// Logical OR of the truth values of x1 and x2, as bool.
//
// Signature: ops.logical_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func LogicalOr(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLogicalOr.tensor(opLogicalOr.call([]any{x1, x2}, nil, opts))
}

var opLogicalXor = &opSpec{name: "ops.logical_xor", goName: "LogicalXor", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// LogicalXor calls the operator ops.logical_xor.
//
// Logical XOR of the truth values of x1 and x2, as bool.
//
// Signature: ops.logical_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func LogicalXor(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opLogicalXor.tensor(opLogicalXor.call([]any{x1, x2}, nil, opts))
}

var opBitwiseAnd = &opSpec{name: "ops.bitwise_and", goName: "BitwiseAnd", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseAnd calls the operator ops.bitwise_and.
//
// Bitwise AND of integer or bool inputs.
//
// Signature: ops.bitwise_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseAnd(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opBitwiseAnd.tensor(opBitwiseAnd.call([]any{x1, x2}, nil, opts))
}

var opBitwiseOr = &opSpec{name: "ops.bitwise_or", goName: "BitwiseOr", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseOr calls the operator ops.bitwise_or.
//
// Bitwise OR of integer or bool inputs.
//
// Signature: ops.bitwise_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseOr(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opBitwiseOr.tensor(opBitwiseOr.call([]any{x1, x2}, nil, opts))
}

var opBitwiseXor = &opSpec{name: "ops.bitwise_xor", goName: "BitwiseXor", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseXor calls the operator ops.bitwise_xor.
//
// Bitwise XOR of integer or bool inputs.
//
// Signature: ops.bitwise_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseXor(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opBitwiseXor.tensor(opBitwiseXor.call([]any{x1, x2}, nil, opts))
}

var opBitwiseLeftShift = &opSpec{name: "ops.bitwise_left_shift", goName: "BitwiseLeftShift", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseLeftShift calls the operator ops.bitwise_left_shift.
//
// x1 shifted left by x2 bits (integers; bool computes as int8). Shifting by a negative amount
// or by at least the bit width gives 0.
//
// Signature: ops.bitwise_left_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseLeftShift(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opBitwiseLeftShift.tensor(opBitwiseLeftShift.call([]any{x1, x2}, nil, opts))
}

var opBitwiseRightShift = &opSpec{name: "ops.bitwise_right_shift", goName: "BitwiseRightShift", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseRightShift calls the operator ops.bitwise_right_shift.
//
// x1 shifted right by x2 bits, arithmetic for signed integers. Shifting by a negative amount
// or by at least the bit width gives 0 (-1 for negative values).
//
// Signature: ops.bitwise_right_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseRightShift(x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opBitwiseRightShift.tensor(opBitwiseRightShift.call([]any{x1, x2}, nil, opts))
}

var opAbs = &opSpec{name: "ops.abs", goName: "Abs", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Abs calls the operator ops.abs.
//
// The absolute value element-wise; complex inputs give the magnitude in the real dtype.
// Integers wrap (abs of the minimum is the minimum).
//
// Signature: ops.abs(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Abs(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAbs.tensor(opAbs.call([]any{x}, nil, opts))
}

var opNegative = &opSpec{name: "ops.negative", goName: "Negative", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Negative calls the operator ops.negative.
//
// The numerical negative element-wise (integers wrap). Bool is a TypeError: use logical_not.
//
// Signature: ops.negative(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Negative(x *Tensor, opts ...Option) (*Tensor, error) {
	return opNegative.tensor(opNegative.call([]any{x}, nil, opts))
}

var opPositive = &opSpec{name: "ops.positive", goName: "Positive", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Positive calls the operator ops.positive.
//
// The numerical positive element-wise (a copy). Bool is a TypeError.
//
// Signature: ops.positive(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Positive(x *Tensor, opts ...Option) (*Tensor, error) {
	return opPositive.tensor(opPositive.call([]any{x}, nil, opts))
}

var opSign = &opSpec{name: "ops.sign", goName: "Sign", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Sign calls the operator ops.sign.
//
// -1, 0 or 1 by the sign of each element (NaN stays NaN); z / |z| for complex. Bool is a
// TypeError.
//
// Signature: ops.sign(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Sign(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSign.tensor(opSign.call([]any{x}, nil, opts))
}

var opSquare = &opSpec{name: "ops.square", goName: "Square", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Square calls the operator ops.square.
//
// x * x element-wise; bool computes as int8.
//
// Signature: ops.square(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Square(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSquare.tensor(opSquare.call([]any{x}, nil, opts))
}

var opConj = &opSpec{name: "ops.conj", goName: "Conj", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Conj calls the operator ops.conj.
//
// The complex conjugate; real inputs are copied (bool becomes int8).
//
// Signature: ops.conj(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Conj(x *Tensor, opts ...Option) (*Tensor, error) {
	return opConj.tensor(opConj.call([]any{x}, nil, opts))
}

var opReal = &opSpec{name: "ops.real", goName: "Real", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Real calls the operator ops.real.
//
// The real part (float32/float64 for complex inputs; real inputs are copied).
//
// Signature: ops.real(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Real(x *Tensor, opts ...Option) (*Tensor, error) {
	return opReal.tensor(opReal.call([]any{x}, nil, opts))
}

var opImag = &opSpec{name: "ops.imag", goName: "Imag", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Imag calls the operator ops.imag.
//
// The imaginary part (float32/float64 for complex inputs; zeros for real inputs).
//
// Signature: ops.imag(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Imag(x *Tensor, opts ...Option) (*Tensor, error) {
	return opImag.tensor(opImag.call([]any{x}, nil, opts))
}

var opReciprocal = &opSpec{name: "ops.reciprocal", goName: "Reciprocal", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Reciprocal calls the operator ops.reciprocal.
//
// 1 / x element-wise; integers use integer division (1 / 0 gives 0).
//
// Signature: ops.reciprocal(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Reciprocal(x *Tensor, opts ...Option) (*Tensor, error) {
	return opReciprocal.tensor(opReciprocal.call([]any{x}, nil, opts))
}

var opRound = &opSpec{name: "ops.round", goName: "Round", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Round calls the operator ops.round.
//
// Rounds to the nearest integer, halves to even; integers are copied, complex rounds both
// parts.
//
// Signature: ops.round(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Round(x *Tensor, opts ...Option) (*Tensor, error) {
	return opRound.tensor(opRound.call([]any{x}, nil, opts))
}

var opFloor = &opSpec{name: "ops.floor", goName: "Floor", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Floor calls the operator ops.floor.
//
// The largest integer value <= x element-wise; integers are copied; complex is a TypeError.
//
// Signature: ops.floor(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Floor(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFloor.tensor(opFloor.call([]any{x}, nil, opts))
}

var opCeil = &opSpec{name: "ops.ceil", goName: "Ceil", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Ceil calls the operator ops.ceil.
//
// The smallest integer value >= x element-wise; integers are copied; complex is a TypeError.
//
// Signature: ops.ceil(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Ceil(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCeil.tensor(opCeil.call([]any{x}, nil, opts))
}

var opTrunc = &opSpec{name: "ops.trunc", goName: "Trunc", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Trunc calls the operator ops.trunc.
//
// Rounds toward zero element-wise; integers are copied; complex is a TypeError.
//
// Signature: ops.trunc(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Trunc(x *Tensor, opts ...Option) (*Tensor, error) {
	return opTrunc.tensor(opTrunc.call([]any{x}, nil, opts))
}

var opSignbit = &opSpec{name: "ops.signbit", goName: "Signbit", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Signbit calls the operator ops.signbit.
//
// Whether the sign bit is set (-0.0 included), as bool. Complex is a TypeError.
//
// Signature: ops.signbit(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Signbit(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSignbit.tensor(opSignbit.call([]any{x}, nil, opts))
}

var opIsfinite = &opSpec{name: "ops.isfinite", goName: "Isfinite", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Isfinite calls the operator ops.isfinite.
//
// Whether each element is finite (complex: both parts), as bool.
//
// Signature: ops.isfinite(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Isfinite(x *Tensor, opts ...Option) (*Tensor, error) {
	return opIsfinite.tensor(opIsfinite.call([]any{x}, nil, opts))
}

var opIsinf = &opSpec{name: "ops.isinf", goName: "Isinf", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Isinf calls the operator ops.isinf.
//
// Whether each element is infinite (complex: either part), as bool.
//
// Signature: ops.isinf(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Isinf(x *Tensor, opts ...Option) (*Tensor, error) {
	return opIsinf.tensor(opIsinf.call([]any{x}, nil, opts))
}

var opIsnan = &opSpec{name: "ops.isnan", goName: "Isnan", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Isnan calls the operator ops.isnan.
//
// Whether each element is NaN (complex: either part), as bool.
//
// Signature: ops.isnan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Isnan(x *Tensor, opts ...Option) (*Tensor, error) {
	return opIsnan.tensor(opIsnan.call([]any{x}, nil, opts))
}

var opLogicalNot = &opSpec{name: "ops.logical_not", goName: "LogicalNot", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// LogicalNot calls the operator ops.logical_not.
//
// Logical NOT of the truth value of each element (zero is false), as bool.
//
// Signature: ops.logical_not(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func LogicalNot(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLogicalNot.tensor(opLogicalNot.call([]any{x}, nil, opts))
}

var opBitwiseInvert = &opSpec{name: "ops.bitwise_invert", goName: "BitwiseInvert", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// BitwiseInvert calls the operator ops.bitwise_invert.
//
// Bitwise NOT (~x) of integers; logical NOT for bool.
//
// Signature: ops.bitwise_invert(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func BitwiseInvert(x *Tensor, opts ...Option) (*Tensor, error) {
	return opBitwiseInvert.tensor(opBitwiseInvert.call([]any{x}, nil, opts))
}

var opExp = &opSpec{name: "ops.exp", goName: "Exp", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Exp calls the operator ops.exp.
//
// The exponential e**x element-wise (vectorised; about 1 ulp). Integer and bool inputs compute
// in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.exp(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Exp(x *Tensor, opts ...Option) (*Tensor, error) {
	return opExp.tensor(opExp.call([]any{x}, nil, opts))
}

var opExpm1 = &opSpec{name: "ops.expm1", goName: "Expm1", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Expm1 calls the operator ops.expm1.
//
// exp(x) - 1 element-wise, accurate near zero. Integer and bool inputs compute in numpy's
// float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.expm1(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Expm1(x *Tensor, opts ...Option) (*Tensor, error) {
	return opExpm1.tensor(opExpm1.call([]any{x}, nil, opts))
}

var opLog = &opSpec{name: "ops.log", goName: "Log", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Log calls the operator ops.log.
//
// The natural logarithm element-wise (NaN below zero, -inf at zero). Integer and bool inputs
// compute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64
// otherwise).
//
// Signature: ops.log(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Log(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLog.tensor(opLog.call([]any{x}, nil, opts))
}

var opLog1p = &opSpec{name: "ops.log1p", goName: "Log1p", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Log1p calls the operator ops.log1p.
//
// log(1 + x) element-wise, accurate near zero. Integer and bool inputs compute in numpy's
// float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.log1p(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Log1p(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLog1p.tensor(opLog1p.call([]any{x}, nil, opts))
}

var opLog2 = &opSpec{name: "ops.log2", goName: "Log2", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Log2 calls the operator ops.log2.
//
// The base-2 logarithm element-wise. Integer and bool inputs compute in numpy's float for them
// (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.log2(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Log2(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLog2.tensor(opLog2.call([]any{x}, nil, opts))
}

var opLog10 = &opSpec{name: "ops.log10", goName: "Log10", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Log10 calls the operator ops.log10.
//
// The base-10 logarithm element-wise. Integer and bool inputs compute in numpy's float for
// them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.log10(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Log10(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLog10.tensor(opLog10.call([]any{x}, nil, opts))
}

var opSqrt = &opSpec{name: "ops.sqrt", goName: "Sqrt", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Sqrt calls the operator ops.sqrt.
//
// The non-negative square root element-wise (NaN below zero; principal root for complex).
// Integer and bool inputs compute in numpy's float for them (float16 for 8-bit, float32 for
// 16-bit, float64 otherwise).
//
// Signature: ops.sqrt(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Sqrt(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSqrt.tensor(opSqrt.call([]any{x}, nil, opts))
}

var opSin = &opSpec{name: "ops.sin", goName: "Sin", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Sin calls the operator ops.sin.
//
// The sine of angles in radians. Integer and bool inputs compute in numpy's float for them
// (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.sin(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Sin(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSin.tensor(opSin.call([]any{x}, nil, opts))
}

var opCos = &opSpec{name: "ops.cos", goName: "Cos", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Cos calls the operator ops.cos.
//
// The cosine of angles in radians. Integer and bool inputs compute in numpy's float for them
// (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.cos(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Cos(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCos.tensor(opCos.call([]any{x}, nil, opts))
}

var opTan = &opSpec{name: "ops.tan", goName: "Tan", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Tan calls the operator ops.tan.
//
// The tangent of angles in radians. Integer and bool inputs compute in numpy's float for them
// (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.tan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Tan(x *Tensor, opts ...Option) (*Tensor, error) {
	return opTan.tensor(opTan.call([]any{x}, nil, opts))
}

var opAsin = &opSpec{name: "ops.asin", goName: "Asin", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Asin calls the operator ops.asin.
//
// The inverse sine, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's
// float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.asin(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Asin(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAsin.tensor(opAsin.call([]any{x}, nil, opts))
}

var opAcos = &opSpec{name: "ops.acos", goName: "Acos", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Acos calls the operator ops.acos.
//
// The inverse cosine, in radians in [0, pi]. Integer and bool inputs compute in numpy's float
// for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.acos(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Acos(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAcos.tensor(opAcos.call([]any{x}, nil, opts))
}

var opAtan = &opSpec{name: "ops.atan", goName: "Atan", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Atan calls the operator ops.atan.
//
// The inverse tangent, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's
// float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.atan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Atan(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAtan.tensor(opAtan.call([]any{x}, nil, opts))
}

var opSinh = &opSpec{name: "ops.sinh", goName: "Sinh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Sinh calls the operator ops.sinh.
//
// The hyperbolic sine. Integer and bool inputs compute in numpy's float for them (float16 for
// 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.sinh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Sinh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSinh.tensor(opSinh.call([]any{x}, nil, opts))
}

var opCosh = &opSpec{name: "ops.cosh", goName: "Cosh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Cosh calls the operator ops.cosh.
//
// The hyperbolic cosine. Integer and bool inputs compute in numpy's float for them (float16
// for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.cosh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Cosh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCosh.tensor(opCosh.call([]any{x}, nil, opts))
}

var opTanh = &opSpec{name: "ops.tanh", goName: "Tanh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Tanh calls the operator ops.tanh.
//
// The hyperbolic tangent. Integer and bool inputs compute in numpy's float for them (float16
// for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.tanh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Tanh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opTanh.tensor(opTanh.call([]any{x}, nil, opts))
}

var opAsinh = &opSpec{name: "ops.asinh", goName: "Asinh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Asinh calls the operator ops.asinh.
//
// The inverse hyperbolic sine. Integer and bool inputs compute in numpy's float for them
// (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.asinh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Asinh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAsinh.tensor(opAsinh.call([]any{x}, nil, opts))
}

var opAcosh = &opSpec{name: "ops.acosh", goName: "Acosh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Acosh calls the operator ops.acosh.
//
// The inverse hyperbolic cosine (NaN below 1). Integer and bool inputs compute in numpy's
// float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
//
// Signature: ops.acosh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Acosh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAcosh.tensor(opAcosh.call([]any{x}, nil, opts))
}

var opAtanh = &opSpec{name: "ops.atanh", goName: "Atanh", params: []opParam{{name: "x", required: true}, {name: "out", def: nil}}, variadic: false}

// Atanh calls the operator ops.atanh.
//
// The inverse hyperbolic tangent (NaN outside [-1, 1], infinite at +-1). Integer and bool
// inputs compute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64
// otherwise).
//
// Signature: ops.atanh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Atanh(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAtanh.tensor(opAtanh.call([]any{x}, nil, opts))
}

var opClip = &opSpec{name: "ops.clip", goName: "Clip", params: []opParam{{name: "x", required: true}, {name: "min", def: nil}, {name: "max", def: nil}, {name: "out", def: nil}}, variadic: false}

// Clip calls the operator ops.clip.
//
// Clamps each element of x to [min, max] (minimum(maximum(x, min), max): NaN propagates, and
// min > max gives max). Integer scalars outside x's integer range saturate; float bounds with
// an integer x promote to float64. Complex is a TypeError.
//
// Signature: ops.clip(x: Tensor, /, min: Tensor | int | float | bool | None = None, max: Tensor | int | float | bool | None = None, *, out: Tensor | None = None) -> Tensor
// Options: WithMin, WithMax, Out.
func Clip(x *Tensor, opts ...Option) (*Tensor, error) {
	return opClip.tensor(opClip.call([]any{x}, nil, opts))
}

var opWhere = &opSpec{name: "ops.where", goName: "Where", params: []opParam{{name: "condition", required: true}, {name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Where calls the operator ops.where.
//
// x1 where condition is true, else x2, broadcasting all three; the result dtype promotes x1
// and x2 (Python scalars are weak; two scalars take their default dtypes). A non-bool
// condition counts non-zero as true.
//
// Signature: ops.where(condition: Tensor, x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Where(condition *Tensor, x1 any, x2 any, opts ...Option) (*Tensor, error) {
	return opWhere.tensor(opWhere.call([]any{condition, x1, x2}, nil, opts))
}

var opAstype = &opSpec{name: "ops.astype", goName: "Astype", params: []opParam{{name: "x", required: true}, {name: "dtype", required: true}, {name: "copy", def: true}, {name: "device", def: nil}}, variadic: false}

// Astype calls the operator ops.astype.
//
// A copy of x converted to dtype with numpy's casting rules (ints wrap, floats truncate toward
// zero into ints, complex drops the imaginary part into reals, non-zero is True). With
// copy=False and the same dtype, x itself is returned. device must be None or x's device. NaN,
// infinities and out-of-range floats cast to ints give numpy's x86-64 results: 0 for 8- and
// 16-bit ints, the minimum for int32/int64, 2**63 for uint64; uint32 wraps the 64-bit
// truncation (numpy's scalar path).
//
// Signature: ops.astype(x: Tensor, dtype: dtype, /, *, copy: bool = True, device: device | None = None) -> Tensor
// Options: Copy, WithDevice.
func Astype(x *Tensor, dtype DType, opts ...Option) (*Tensor, error) {
	return opAstype.tensor(opAstype.call([]any{x, dtype}, nil, opts))
}

var opGeoDistance = &opSpec{name: "ops.geo_distance", goName: "GeoDistance", params: []opParam{{name: "lon1", required: true}, {name: "lat1", required: true}, {name: "lon2", required: true}, {name: "lat2", required: true}}, variadic: false}

// GeoDistance calls the operator ops.geo_distance.
//
// The great-circle distance in metres between (lon1, lat1) and (lon2, lat2), given in degrees,
// by the haversine formula on a sphere of radius 6378 km (as the Tencent seed computes it). Inputs broadcast
// together and may be tensors of any integer or real float dtype or Python numbers; the result
// is float64 (float32 inputs are computed in float64). Heavy inputs run on the ferrule thread
// pool with the GIL released.
//
// Signature: ops.geo_distance(lon1: Tensor | int | float | bool, lat1: Tensor | int | float | bool, lon2: Tensor | int | float | bool, lat2: Tensor | int | float | bool) -> Tensor
func GeoDistance(lon1 any, lat1 any, lon2 any, lat2 any) (*Tensor, error) {
	return opGeoDistance.tensor(opGeoDistance.call([]any{lon1, lat1, lon2, lat2}, nil, nil))
}

var opSum = &opSpec{name: "ops.sum", goName: "Sum", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "dtype", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Sum calls the operator ops.sum.
//
// The sum over axis. Without dtype, bool and signed ints sum to int64, unsigned ints to uint64,
// floats and complex keep their dtype (float sums are pairwise); dtype casts the input first.
// An empty sum is 0.
//
// Signature: ops.sum(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, WithDType, Keepdims.
func Sum(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSum.tensor(opSum.call([]any{x}, nil, opts))
}

var opProd = &opSpec{name: "ops.prod", goName: "Prod", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "dtype", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Prod calls the operator ops.prod.
//
// The product over axis, with sum's dtype rules; an empty product is 1.
//
// Signature: ops.prod(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, WithDType, Keepdims.
func Prod(x *Tensor, opts ...Option) (*Tensor, error) {
	return opProd.tensor(opProd.call([]any{x}, nil, opts))
}

var opMean = &opSpec{name: "ops.mean", goName: "Mean", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Mean calls the operator ops.mean.
//
// The arithmetic mean over axis: float64 for bool and int inputs, the input dtype for floats
// and complex. The mean of nothing is NaN.
//
// Signature: ops.mean(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Mean(x *Tensor, opts ...Option) (*Tensor, error) {
	return opMean.tensor(opMean.call([]any{x}, nil, opts))
}

var opVar = &opSpec{name: "ops.var", goName: "Var", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "correction", def: float64(0.0)}, {name: "keepdims", def: false}}, variadic: false}

// Var calls the operator ops.var.
//
// The variance over axis, sum(|x - mean|**2) / max(N - correction, 0) (numpy's ddof); float64
// for int inputs and the real dtype for complex ones.
//
// Signature: ops.var(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor
// Options: Axis, Correction, Keepdims.
func Var(x *Tensor, opts ...Option) (*Tensor, error) {
	return opVar.tensor(opVar.call([]any{x}, nil, opts))
}

var opStd = &opSpec{name: "ops.std", goName: "Std", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "correction", def: float64(0.0)}, {name: "keepdims", def: false}}, variadic: false}

// Std calls the operator ops.std.
//
// The standard deviation over axis: the square root of var.
//
// Signature: ops.std(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor
// Options: Axis, Correction, Keepdims.
func Std(x *Tensor, opts ...Option) (*Tensor, error) {
	return opStd.tensor(opStd.call([]any{x}, nil, opts))
}

var opMax = &opSpec{name: "ops.max", goName: "Max", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Max calls the operator ops.max.
//
// The largest element over axis, in the input's dtype; NaN if any element is NaN. An empty
// reduction is a ValueError; complex input is a TypeError.
//
// Signature: ops.max(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Max(x *Tensor, opts ...Option) (*Tensor, error) {
	return opMax.tensor(opMax.call([]any{x}, nil, opts))
}

var opMin = &opSpec{name: "ops.min", goName: "Min", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Min calls the operator ops.min.
//
// The smallest element over axis; rules as for max.
//
// Signature: ops.min(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Min(x *Tensor, opts ...Option) (*Tensor, error) {
	return opMin.tensor(opMin.call([]any{x}, nil, opts))
}

var opCumulativeSum = &opSpec{name: "ops.cumulative_sum", goName: "CumulativeSum", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "dtype", def: nil}, {name: "include_initial", def: false}}, variadic: false}

// CumulativeSum calls the operator ops.cumulative_sum.
//
// The running sum along axis (required unless x is 1-D), with sum's dtype rules. With
// include_initial the result starts with 0 and is one longer along axis.
//
// Signature: ops.cumulative_sum(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor
// Options: Axis, WithDType, IncludeInitial.
func CumulativeSum(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCumulativeSum.tensor(opCumulativeSum.call([]any{x}, nil, opts))
}

var opCumulativeProd = &opSpec{name: "ops.cumulative_prod", goName: "CumulativeProd", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "dtype", def: nil}, {name: "include_initial", def: false}}, variadic: false}

// CumulativeProd calls the operator ops.cumulative_prod.
//
// The running product along axis; rules as for cumulative_sum (the initial value is 1).
//
// Signature: ops.cumulative_prod(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor
// Options: Axis, WithDType, IncludeInitial.
func CumulativeProd(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCumulativeProd.tensor(opCumulativeProd.call([]any{x}, nil, opts))
}

var opAll = &opSpec{name: "ops.all", goName: "All", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// All calls the operator ops.all.
//
// True where every element over axis is non-zero (NaN counts as true); all of nothing is True.
//
// Signature: ops.all(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func All(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAll.tensor(opAll.call([]any{x}, nil, opts))
}

var opAny = &opSpec{name: "ops.any", goName: "Any", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Any calls the operator ops.any.
//
// True where any element over axis is non-zero; any of nothing is False.
//
// Signature: ops.any(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Any(x *Tensor, opts ...Option) (*Tensor, error) {
	return opAny.tensor(opAny.call([]any{x}, nil, opts))
}

var opArgmax = &opSpec{name: "ops.argmax", goName: "Argmax", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Argmax calls the operator ops.argmax.
//
// The index (int64) of the first largest element along axis, or of the flattened tensor for
// None; NaN counts as the largest. An empty axis is a ValueError.
//
// Signature: ops.argmax(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Argmax(x *Tensor, opts ...Option) (*Tensor, error) {
	return opArgmax.tensor(opArgmax.call([]any{x}, nil, opts))
}

var opArgmin = &opSpec{name: "ops.argmin", goName: "Argmin", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// Argmin calls the operator ops.argmin.
//
// The index (int64) of the first smallest element along axis; rules as for argmax.
//
// Signature: ops.argmin(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func Argmin(x *Tensor, opts ...Option) (*Tensor, error) {
	return opArgmin.tensor(opArgmin.call([]any{x}, nil, opts))
}

var opCountNonzero = &opSpec{name: "ops.count_nonzero", goName: "CountNonzero", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}}, variadic: false}

// CountNonzero calls the operator ops.count_nonzero.
//
// The number of non-zero elements over axis, as int64.
//
// Signature: ops.count_nonzero(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
// Options: Axis, Keepdims.
func CountNonzero(x *Tensor, opts ...Option) (*Tensor, error) {
	return opCountNonzero.tensor(opCountNonzero.call([]any{x}, nil, opts))
}

var opDiff = &opSpec{name: "ops.diff", goName: "Diff", params: []opParam{{name: "x", required: true}, {name: "axis", def: int64(-1)}, {name: "n", def: int64(1)}, {name: "prepend", def: nil}, {name: "append", def: nil}}, variadic: false}

// Diff calls the operator ops.diff.
//
// The n-th discrete difference along axis, out[i] = x[i + 1] - x[i] applied n times, after
// joining prepend and append (a scalar or 0-d value is repeated across the other dims). Bool
// uses !=; ints wrap.
//
// Signature: ops.diff(x: Tensor, /, *, axis: int = -1, n: int = 1, prepend: Tensor | int | float | bool | None = None, append: Tensor | int | float | bool | None = None) -> Tensor
// Options: Axis, N, Prepend, Append.
func Diff(x *Tensor, opts ...Option) (*Tensor, error) {
	return opDiff.tensor(opDiff.call([]any{x}, nil, opts))
}

var opMatmul = &opSpec{name: "ops.matmul", goName: "Matmul", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}, variadic: false}

// Matmul calls the operator ops.matmul.
//
// The matrix product. A 1-D x1 is a row and a 1-D x2 a column (the added dim is removed),
// leading dims broadcast, dtypes promote. Mismatched shapes are a ValueError naming both;
// out= receives the result (exact shape and dtype).
//
// Signature: ops.matmul(x1: Tensor, x2: Tensor, /, *, out: Tensor | None = None) -> Tensor
// Options: Out.
func Matmul(x1 *Tensor, x2 *Tensor, opts ...Option) (*Tensor, error) {
	return opMatmul.tensor(opMatmul.call([]any{x1, x2}, nil, opts))
}

var opMM = &opSpec{name: "ops.mm", goName: "MM", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}}, variadic: false}

// MM calls the operator ops.mm.
//
// The product of two 2-D tensors (matmul restricted to matrices, as in torch.mm).
//
// Signature: ops.mm(x1: Tensor, x2: Tensor, /) -> Tensor
func MM(x1 *Tensor, x2 *Tensor) (*Tensor, error) {
	return opMM.tensor(opMM.call([]any{x1, x2}, nil, nil))
}

var opTensordot = &opSpec{name: "ops.tensordot", goName: "Tensordot", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "axes", def: int64(2)}}, variadic: false}

// Tensordot calls the operator ops.tensordot.
//
// The tensor contraction over axes: an int n (the last n dims of x1 with the first n of x2) or
// a pair of axis sequences. The result has x1's free dims followed by x2's.
//
// Signature: ops.tensordot(x1: Tensor, x2: Tensor, /, *, axes: Any = 2) -> Tensor
// Options: Axes.
func Tensordot(x1 *Tensor, x2 *Tensor, opts ...Option) (*Tensor, error) {
	return opTensordot.tensor(opTensordot.call([]any{x1, x2}, nil, opts))
}

var opVecdot = &opSpec{name: "ops.vecdot", goName: "Vecdot", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "axis", def: int64(-1)}}, variadic: false}

// Vecdot calls the operator ops.vecdot.
//
// The dot product of vectors along axis (counted from the end), other dims broadcast:
// sum(conj(x1) * x2, axis).
//
// Signature: ops.vecdot(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor
// Options: Axis.
func Vecdot(x1 *Tensor, x2 *Tensor, opts ...Option) (*Tensor, error) {
	return opVecdot.tensor(opVecdot.call([]any{x1, x2}, nil, opts))
}

var opLinalgCholesky = &opSpec{name: "ops.linalg.cholesky", goName: "LinalgCholesky", params: []opParam{{name: "x", required: true}, {name: "upper", def: false}}, variadic: false}

// LinalgCholesky calls the operator ops.linalg.cholesky.
//
// The Cholesky factor of each Hermitian positive-definite matrix of x (..., n, n): the
// lower-triangular L with x = L @ L^H, or with upper=True the upper-triangular U = L^H. Only
// the triangle the factor lives in is read. A matrix that is not positive definite is a
// ValueError naming the op.
//
// Signature: ops.linalg.cholesky(x: Tensor, /, *, upper: bool = False) -> Tensor
// Options: Upper.
func LinalgCholesky(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgCholesky.tensor(opLinalgCholesky.call([]any{x}, nil, opts))
}

var opLinalgCross = &opSpec{name: "ops.linalg.cross", goName: "LinalgCross", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "axis", def: int64(-1)}}, variadic: false}

// LinalgCross calls the operator ops.linalg.cross.
//
// The cross product of 3-element vectors along axis (counted from the end; a non-negative axis
// only when x1 and x2 have equal ranks), the other dims broadcast; numeric dtypes promote.
//
// Signature: ops.linalg.cross(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor
// Options: Axis.
func LinalgCross(x1 *Tensor, x2 *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgCross.tensor(opLinalgCross.call([]any{x1, x2}, nil, opts))
}

var opLinalgDet = &opSpec{name: "ops.linalg.det", goName: "LinalgDet", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgDet calls the operator ops.linalg.det.
//
// The determinant of each square matrix of x (..., n, n), shape x.shape[:-2], from an LU
// factorization with partial pivoting; 0 for a singular matrix.
//
// Signature: ops.linalg.det(x: Tensor, /) -> Tensor
func LinalgDet(x *Tensor) (*Tensor, error) {
	return opLinalgDet.tensor(opLinalgDet.call([]any{x}, nil, nil))
}

var opLinalgDiagonal = &opSpec{name: "ops.linalg.diagonal", goName: "LinalgDiagonal", params: []opParam{{name: "x", required: true}, {name: "offset", def: int64(0)}}, variadic: false}

// LinalgDiagonal calls the operator ops.linalg.diagonal.
//
// The offset diagonal of each matrix of x (0 the main one, positive above it, negative below),
// shape (..., k), as a new tensor of x's dtype.
//
// Signature: ops.linalg.diagonal(x: Tensor, /, *, offset: int = 0) -> Tensor
// Options: Offset.
func LinalgDiagonal(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgDiagonal.tensor(opLinalgDiagonal.call([]any{x}, nil, opts))
}

var opLinalgEigh = &opSpec{name: "ops.linalg.eigh", goName: "LinalgEigh", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgEigh calls the operator ops.linalg.eigh.
//
// (eigenvalues, eigenvectors) of each Hermitian (real symmetric) matrix of x: the eigenvalues
// ascending, real, shape (..., n), and orthonormal eigenvectors in the columns of (..., n, n),
// so x = V @ diag(w) @ V^H. Only the lower triangle is read. Eigenvectors are unique up to sign
// (a phase for complex). Python returns an EighResult named tuple.
//
// Signature: ops.linalg.eigh(x: Tensor, /) -> tuple[Tensor, ...]
func LinalgEigh(x *Tensor) ([]*Tensor, error) {
	return opLinalgEigh.tensors(opLinalgEigh.call([]any{x}, nil, nil))
}

var opLinalgEigvalsh = &opSpec{name: "ops.linalg.eigvalsh", goName: "LinalgEigvalsh", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgEigvalsh calls the operator ops.linalg.eigvalsh.
//
// The eigenvalues of each Hermitian matrix of x, ascending, real, shape (..., n); only the
// lower triangle is read.
//
// Signature: ops.linalg.eigvalsh(x: Tensor, /) -> Tensor
func LinalgEigvalsh(x *Tensor) (*Tensor, error) {
	return opLinalgEigvalsh.tensor(opLinalgEigvalsh.call([]any{x}, nil, nil))
}

var opLinalgInv = &opSpec{name: "ops.linalg.inv", goName: "LinalgInv", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgInv calls the operator ops.linalg.inv.
//
// The inverse of each square matrix of x (..., n, n), from an LU factorization with partial
// pivoting. A singular matrix (an exactly zero pivot) is a ValueError naming the op.
//
// Signature: ops.linalg.inv(x: Tensor, /) -> Tensor
func LinalgInv(x *Tensor) (*Tensor, error) {
	return opLinalgInv.tensor(opLinalgInv.call([]any{x}, nil, nil))
}

var opLinalgMatrixPower = &opSpec{name: "ops.linalg.matrix_power", goName: "LinalgMatrixPower", params: []opParam{{name: "x", required: true}, {name: "n", required: true}}, variadic: false}

// LinalgMatrixPower calls the operator ops.linalg.matrix_power.
//
// Each square matrix of x raised to the integer power n by repeated squaring: n = 0 gives
// identity matrices, a negative n the power of inv(x). Integer matrices keep their dtype for
// n >= 0 (products wrap).
//
// Signature: ops.linalg.matrix_power(x: Tensor, n: int, /) -> Tensor
func LinalgMatrixPower(x *Tensor, n int64) (*Tensor, error) {
	return opLinalgMatrixPower.tensor(opLinalgMatrixPower.call([]any{x, n}, nil, nil))
}

var opLinalgMatrixRank = &opSpec{name: "ops.linalg.matrix_rank", goName: "LinalgMatrixRank", params: []opParam{{name: "x", required: true}, {name: "rtol", def: nil}}, variadic: false}

// LinalgMatrixRank calls the operator ops.linalg.matrix_rank.
//
// The rank of each matrix of x (int64, shape x.shape[:-2]): the number of singular values
// greater than rtol times the largest. rtol is a number or a tensor broadcast against the
// batch dims; None is max(m, n) * eps of x's precision.
//
// Signature: ops.linalg.matrix_rank(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor
// Options: Rtol.
func LinalgMatrixRank(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgMatrixRank.tensor(opLinalgMatrixRank.call([]any{x}, nil, opts))
}

var opLinalgMatrixNorm = &opSpec{name: "ops.linalg.matrix_norm", goName: "LinalgMatrixNorm", params: []opParam{{name: "x", required: true}, {name: "keepdims", def: false}, {name: "ord", def: "fro"}}, variadic: false}

// LinalgMatrixNorm calls the operator ops.linalg.matrix_norm.
//
// The norm of each matrix in the last two dims: ord 'fro' (default), 'nuc' (the sum of the
// singular values), 1 / -1 (largest / smallest absolute column sum), inf / -inf (rows) or
// 2 / -2 (largest / smallest singular value). The result has x's real dtype (float64 for
// integers); keepdims keeps the two dims as size 1.
//
// Signature: ops.linalg.matrix_norm(x: Tensor, /, *, keepdims: bool = False, ord: Any = 'fro') -> Tensor
// Options: Keepdims, Ord.
func LinalgMatrixNorm(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgMatrixNorm.tensor(opLinalgMatrixNorm.call([]any{x}, nil, opts))
}

var opLinalgOuter = &opSpec{name: "ops.linalg.outer", goName: "LinalgOuter", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}}, variadic: false}

// LinalgOuter calls the operator ops.linalg.outer.
//
// The outer product of two vectors: out[i, j] = x1[i] * x2[j], dtypes promoted.
//
// Signature: ops.linalg.outer(x1: Tensor, x2: Tensor, /) -> Tensor
func LinalgOuter(x1 *Tensor, x2 *Tensor) (*Tensor, error) {
	return opLinalgOuter.tensor(opLinalgOuter.call([]any{x1, x2}, nil, nil))
}

var opLinalgPinv = &opSpec{name: "ops.linalg.pinv", goName: "LinalgPinv", params: []opParam{{name: "x", required: true}, {name: "rtol", def: nil}}, variadic: false}

// LinalgPinv calls the operator ops.linalg.pinv.
//
// The Moore-Penrose pseudo-inverse of each matrix of x ((..., m, n) to (..., n, m)) from its
// SVD: singular values at most rtol times the largest count as zero. rtol is a number or a
// tensor broadcast against the batch dims; None is max(m, n) * eps (the standard's default;
// numpy's pinv defaults to 1e-15).
//
// Signature: ops.linalg.pinv(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor
// Options: Rtol.
func LinalgPinv(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgPinv.tensor(opLinalgPinv.call([]any{x}, nil, opts))
}

var opLinalgQR = &opSpec{name: "ops.linalg.qr", goName: "LinalgQR", params: []opParam{{name: "x", required: true}, {name: "mode", def: "reduced"}}, variadic: false}

// LinalgQR calls the operator ops.linalg.qr.
//
// (Q, R) with x = Q @ R for each matrix of x (..., m, n), k = min(m, n): Q has orthonormal
// columns and R is upper triangular; mode 'reduced' gives (..., m, k) and (..., k, n),
// 'complete' (..., m, m) and (..., m, n). Householder reflections, so the signs of R's diagonal
// may differ from another library's. Python returns a QRResult named tuple.
//
// Signature: ops.linalg.qr(x: Tensor, /, *, mode: str = 'reduced') -> tuple[Tensor, ...]
// Options: Mode.
func LinalgQR(x *Tensor, opts ...Option) ([]*Tensor, error) {
	return opLinalgQR.tensors(opLinalgQR.call([]any{x}, nil, opts))
}

var opLinalgSlogdet = &opSpec{name: "ops.linalg.slogdet", goName: "LinalgSlogdet", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgSlogdet calls the operator ops.linalg.slogdet.
//
// (sign, logabsdet) of each square matrix of x, with det = sign * exp(logabsdet): sign has x's
// dtype (modulus 1 for complex), logabsdet its real dtype; a singular matrix gives (0, -inf).
// Python returns a SlogdetResult named tuple.
//
// Signature: ops.linalg.slogdet(x: Tensor, /) -> tuple[Tensor, ...]
func LinalgSlogdet(x *Tensor) ([]*Tensor, error) {
	return opLinalgSlogdet.tensors(opLinalgSlogdet.call([]any{x}, nil, nil))
}

var opLinalgSolve = &opSpec{name: "ops.linalg.solve", goName: "LinalgSolve", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}}, variadic: false}

// LinalgSolve calls the operator ops.linalg.solve.
//
// The solution X of x1 @ X = x2 for each square matrix of x1 (..., M, M). A 1-D x2 (M,) is one
// right-hand side (the result is (..., M)); otherwise x2 is a stack (..., M, K) whose batch dims
// broadcast with x1's. Dtypes promote. A singular matrix is a ValueError naming the op.
//
// Signature: ops.linalg.solve(x1: Tensor, x2: Tensor, /) -> Tensor
func LinalgSolve(x1 *Tensor, x2 *Tensor) (*Tensor, error) {
	return opLinalgSolve.tensor(opLinalgSolve.call([]any{x1, x2}, nil, nil))
}

var opLinalgSVD = &opSpec{name: "ops.linalg.svd", goName: "LinalgSVD", params: []opParam{{name: "x", required: true}, {name: "full_matrices", def: true}}, variadic: false}

// LinalgSVD calls the operator ops.linalg.svd.
//
// (U, S, Vh) with x = U @ diag(S) @ Vh for each matrix of x (..., m, n), k = min(m, n): the
// singular values S (..., k) descending with x's real dtype, U (..., m, m) and Vh (..., n, n)
// unitary, or (..., m, k) and (..., k, n) with full_matrices=False. Singular vectors are unique
// up to sign (a phase for complex). Python returns an SVDResult named tuple.
//
// Signature: ops.linalg.svd(x: Tensor, /, *, full_matrices: bool = True) -> tuple[Tensor, ...]
// Options: FullMatrices.
func LinalgSVD(x *Tensor, opts ...Option) ([]*Tensor, error) {
	return opLinalgSVD.tensors(opLinalgSVD.call([]any{x}, nil, opts))
}

var opLinalgSvdvals = &opSpec{name: "ops.linalg.svdvals", goName: "LinalgSvdvals", params: []opParam{{name: "x", required: true}}, variadic: false}

// LinalgSvdvals calls the operator ops.linalg.svdvals.
//
// The singular values of each matrix of x, descending, shape (..., min(m, n)), x's real dtype.
//
// Signature: ops.linalg.svdvals(x: Tensor, /) -> Tensor
func LinalgSvdvals(x *Tensor) (*Tensor, error) {
	return opLinalgSvdvals.tensor(opLinalgSvdvals.call([]any{x}, nil, nil))
}

var opLinalgTrace = &opSpec{name: "ops.linalg.trace", goName: "LinalgTrace", params: []opParam{{name: "x", required: true}, {name: "offset", def: int64(0)}, {name: "dtype", def: nil}}, variadic: false}

// LinalgTrace calls the operator ops.linalg.trace.
//
// The sum of the offset diagonal of each matrix of x, shape x.shape[:-2]. Without dtype the
// result has x's dtype, except that bool and signed integers sum in int64 and unsigned ones in
// uint64; with dtype, x is cast to it first.
//
// Signature: ops.linalg.trace(x: Tensor, /, *, offset: int = 0, dtype: dtype | None = None) -> Tensor
// Options: Offset, WithDType.
func LinalgTrace(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgTrace.tensor(opLinalgTrace.call([]any{x}, nil, opts))
}

var opLinalgVectorNorm = &opSpec{name: "ops.linalg.vector_norm", goName: "LinalgVectorNorm", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}, {name: "keepdims", def: false}, {name: "ord", def: float64(2.0)}}, variadic: false}

// LinalgVectorNorm calls the operator ops.linalg.vector_norm.
//
// The vector ord-norm over axis (all dims for None): inf is the largest magnitude, -inf the
// smallest, 0 the number of non-zeros, otherwise sum(|x|**ord)**(1/ord).
//
// Signature: ops.linalg.vector_norm(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False, ord: float = 2.0) -> Tensor
// Options: Axis, Keepdims, Ord.
func LinalgVectorNorm(x *Tensor, opts ...Option) (*Tensor, error) {
	return opLinalgVectorNorm.tensor(opLinalgVectorNorm.call([]any{x}, nil, opts))
}

var opReshape = &opSpec{name: "ops.reshape", goName: "Reshape", params: []opParam{{name: "x", required: true}, {name: "shape", required: true}, {name: "copy", def: nil}}, variadic: false}

// Reshape calls the operator ops.reshape.
//
// Gives x a new shape (one dim may be -1) without changing its elements.
//
// Signature: ops.reshape(x: Tensor, /, shape: int | tuple[int, ...], *, copy: bool | None = None) -> Tensor
// Options: Copy.
func Reshape(x *Tensor, shape []int64, opts ...Option) (*Tensor, error) {
	return opReshape.tensor(opReshape.call([]any{x, shape}, nil, opts))
}

var opPermuteDims = &opSpec{name: "ops.permute_dims", goName: "PermuteDims", params: []opParam{{name: "x", required: true}, {name: "axes", required: true}}, variadic: false}

// PermuteDims calls the operator ops.permute_dims.
//
// Reorders the dims of x (a view): dim i of the result is dim axes[i] of x.
//
// Signature: ops.permute_dims(x: Tensor, /, axes: int | tuple[int, ...]) -> Tensor
func PermuteDims(x *Tensor, axes []int64) (*Tensor, error) {
	return opPermuteDims.tensor(opPermuteDims.call([]any{x, axes}, nil, nil))
}

var opMatrixTranspose = &opSpec{name: "ops.matrix_transpose", goName: "MatrixTranspose", params: []opParam{{name: "x", required: true}}, variadic: false}

// MatrixTranspose calls the operator ops.matrix_transpose.
//
// Swaps the last two dims of x (a view); x needs at least 2 dims.
//
// Signature: ops.matrix_transpose(x: Tensor, /) -> Tensor
func MatrixTranspose(x *Tensor) (*Tensor, error) {
	return opMatrixTranspose.tensor(opMatrixTranspose.call([]any{x}, nil, nil))
}

var opExpandDims = &opSpec{name: "ops.expand_dims", goName: "ExpandDims", params: []opParam{{name: "x", required: true}, {name: "axis", def: int64(0)}}, variadic: false}

// ExpandDims calls the operator ops.expand_dims.
//
// Inserts a dim of size 1 at axis (a view); axis ranges over -x.ndim-1 .. x.ndim.
//
// Signature: ops.expand_dims(x: Tensor, /, axis: int = 0) -> Tensor
// Options: Axis.
func ExpandDims(x *Tensor, opts ...Option) (*Tensor, error) {
	return opExpandDims.tensor(opExpandDims.call([]any{x}, nil, opts))
}

var opSqueeze = &opSpec{name: "ops.squeeze", goName: "Squeeze", params: []opParam{{name: "x", required: true}, {name: "axis", required: true}}, variadic: false}

// Squeeze calls the operator ops.squeeze.
//
// Removes the size-1 dims named by axis (int or tuple; a view). Naming a dim whose size
// is not 1 is a ValueError; None (a numpy extension) removes every size-1 dim.
//
// Signature: ops.squeeze(x: Tensor, /, axis: int | tuple[int, ...] | None) -> Tensor
func Squeeze(x *Tensor, axis any) (*Tensor, error) {
	return opSqueeze.tensor(opSqueeze.call([]any{x, axis}, nil, nil))
}

var opBroadcastTo = &opSpec{name: "ops.broadcast_to", goName: "BroadcastTo", params: []opParam{{name: "x", required: true}, {name: "shape", required: true}}, variadic: false}

// BroadcastTo calls the operator ops.broadcast_to.
//
// A broadcast view of x with the given shape (its repeated elements alias: treat it as
// read-only).
//
// Signature: ops.broadcast_to(x: Tensor, /, shape: int | tuple[int, ...]) -> Tensor
func BroadcastTo(x *Tensor, shape []int64) (*Tensor, error) {
	return opBroadcastTo.tensor(opBroadcastTo.call([]any{x, shape}, nil, nil))
}

var opBroadcastArrays = &opSpec{name: "ops.broadcast_arrays", goName: "BroadcastArrays", params: []opParam{}, variadic: true}

// BroadcastArrays calls the operator ops.broadcast_arrays.
//
// Broadcasts the tensors against each other, returning views of the common shape.
//
// Signature: ops.broadcast_arrays(*arrays: Tensor) -> list[Tensor]
func BroadcastArrays(arrays []*Tensor) ([]*Tensor, error) {
	return opBroadcastArrays.tensors(opBroadcastArrays.call(nil, tensorArgs(arrays), nil))
}

var opConcat = &opSpec{name: "ops.concat", goName: "Concat", params: []opParam{{name: "arrays", required: true}, {name: "axis", def: int64(0)}}, variadic: false}

// Concat calls the operator ops.concat.
//
// Joins tensors along an existing axis (None: flattens them first). The result dtype is
// the promotion of the input dtypes.
//
// Signature: ops.concat(arrays: list[Tensor], /, *, axis: int | None = 0) -> Tensor
// Options: Axis.
func Concat(arrays []*Tensor, opts ...Option) (*Tensor, error) {
	return opConcat.tensor(opConcat.call([]any{arrays}, nil, opts))
}

var opStack = &opSpec{name: "ops.stack", goName: "Stack", params: []opParam{{name: "arrays", required: true}, {name: "axis", def: int64(0)}}, variadic: false}

// Stack calls the operator ops.stack.
//
// Joins tensors of one shape along a new axis; the dtype is their promotion.
//
// Signature: ops.stack(arrays: list[Tensor], /, *, axis: int = 0) -> Tensor
// Options: Axis.
func Stack(arrays []*Tensor, opts ...Option) (*Tensor, error) {
	return opStack.tensor(opStack.call([]any{arrays}, nil, opts))
}

var opUnstack = &opSpec{name: "ops.unstack", goName: "Unstack", params: []opParam{{name: "x", required: true}, {name: "axis", def: int64(0)}}, variadic: false}

// Unstack calls the operator ops.unstack.
//
// Splits x along axis into views, one per index.
//
// Signature: ops.unstack(x: Tensor, /, *, axis: int = 0) -> list[Tensor]
// Options: Axis.
func Unstack(x *Tensor, opts ...Option) ([]*Tensor, error) {
	return opUnstack.tensors(opUnstack.call([]any{x}, nil, opts))
}

var opFlip = &opSpec{name: "ops.flip", goName: "Flip", params: []opParam{{name: "x", required: true}, {name: "axis", def: nil}}, variadic: false}

// Flip calls the operator ops.flip.
//
// Reverses the order of elements along axis (int, tuple, or None for every dim); a view
// with negative strides.
//
// Signature: ops.flip(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> Tensor
// Options: Axis.
func Flip(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFlip.tensor(opFlip.call([]any{x}, nil, opts))
}

var opRoll = &opSpec{name: "ops.roll", goName: "Roll", params: []opParam{{name: "x", required: true}, {name: "shift", required: true}, {name: "axis", def: nil}}, variadic: false}

// Roll calls the operator ops.roll.
//
// Rolls elements along axis by shift (int or tuple of ints, broadcast against axis);
// elements leaving one end come back at the other. axis=None rolls the flattened tensor.
//
// Signature: ops.roll(x: Tensor, /, shift: Any, *, axis: int | tuple[int, ...] | None = None) -> Tensor
// Options: Axis.
func Roll(x *Tensor, shift any, opts ...Option) (*Tensor, error) {
	return opRoll.tensor(opRoll.call([]any{x, shift}, nil, opts))
}

var opMoveaxis = &opSpec{name: "ops.moveaxis", goName: "Moveaxis", params: []opParam{{name: "x", required: true}, {name: "source", required: true}, {name: "destination", required: true}}, variadic: false}

// Moveaxis calls the operator ops.moveaxis.
//
// Moves dims source (int or tuple) to positions destination; the others keep their order
// (a view).
//
// Signature: ops.moveaxis(x: Tensor, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Tensor
func Moveaxis(x *Tensor, source []int64, destination []int64) (*Tensor, error) {
	return opMoveaxis.tensor(opMoveaxis.call([]any{x, source, destination}, nil, nil))
}

var opRepeat = &opSpec{name: "ops.repeat", goName: "Repeat", params: []opParam{{name: "x", required: true}, {name: "repeats", required: true}, {name: "axis", def: nil}}, variadic: false}

// Repeat calls the operator ops.repeat.
//
// Repeats each element along axis (None: of the flattened tensor) repeats times: an int,
// or a 1-D integer tensor with one count per element (or a single count).
//
// Signature: ops.repeat(x: Tensor, repeats: Tensor | int | float | bool, /, *, axis: int | None = None) -> Tensor
// Options: Axis.
func Repeat(x *Tensor, repeats any, opts ...Option) (*Tensor, error) {
	return opRepeat.tensor(opRepeat.call([]any{x, repeats}, nil, opts))
}

var opTile = &opSpec{name: "ops.tile", goName: "Tile", params: []opParam{{name: "x", required: true}, {name: "repetitions", required: true}}, variadic: false}

// Tile calls the operator ops.tile.
//
// Repeats the whole of x repetitions[i] times along each dim (shorter repetitions are
// padded with leading 1s; a shorter x gets leading size-1 dims).
//
// Signature: ops.tile(x: Tensor, repetitions: int | tuple[int, ...], /) -> Tensor
func Tile(x *Tensor, repetitions []int64) (*Tensor, error) {
	return opTile.tensor(opTile.call([]any{x, repetitions}, nil, nil))
}

var opGetitem = &opSpec{name: "ops.getitem", goName: "Getitem", params: []opParam{{name: "x", required: true}, {name: "index", required: true}}, variadic: false}

// Getitem calls the operator ops.getitem.
//
// x[index] with numpy's rules: ints, slices, None and ... give a view; integer or boolean
// tensors (advanced indexing) give a copy. Out-of-range ints are an IndexError naming the
// axis, the index and the size.
//
// Signature: ops.getitem(x: Tensor, index: Any, /) -> Tensor
func Getitem(x *Tensor, index any) (*Tensor, error) {
	return opGetitem.tensor(opGetitem.call([]any{x, index}, nil, nil))
}

var opSetitem = &opSpec{name: "ops.setitem", goName: "Setitem", params: []opParam{{name: "x", required: true}, {name: "index", required: true}, {name: "value", required: true}}, variadic: false}

// Setitem calls the operator ops.setitem.
//
// x[index] = value: writes value, broadcast to the selection and cast to x's dtype as
// numpy does (unsafe casting), into x's memory.
//
// Signature: ops.setitem(x: Tensor, index: Any, value: Tensor | int | float | bool, /) -> None
func Setitem(x *Tensor, index any, value any) error {
	return opSetitem.none(opSetitem.call([]any{x, index, value}, nil, nil))
}

var opTake = &opSpec{name: "ops.take", goName: "Take", params: []opParam{{name: "x", required: true}, {name: "indices", required: true}, {name: "axis", def: nil}}, variadic: false}

// Take calls the operator ops.take.
//
// Elements of x at integer indices along axis (None: of the flattened x); the result
// shape is x.shape[:axis] + indices.shape + x.shape[axis+1:].
//
// Signature: ops.take(x: Tensor, indices: Tensor, /, *, axis: int | None = None) -> Tensor
// Options: Axis.
func Take(x *Tensor, indices *Tensor, opts ...Option) (*Tensor, error) {
	return opTake.tensor(opTake.call([]any{x, indices}, nil, opts))
}

var opTakeAlongAxis = &opSpec{name: "ops.take_along_axis", goName: "TakeAlongAxis", params: []opParam{{name: "x", required: true}, {name: "indices", required: true}, {name: "axis", def: int64(-1)}}, variadic: false}

// TakeAlongAxis calls the operator ops.take_along_axis.
//
// Picks values of x along axis at the matching positions of indices (same number of
// dims as x, broadcast against it elsewhere), e.g. with the output of argsort.
//
// Signature: ops.take_along_axis(x: Tensor, indices: Tensor, /, *, axis: int = -1) -> Tensor
// Options: Axis.
func TakeAlongAxis(x *Tensor, indices *Tensor, opts ...Option) (*Tensor, error) {
	return opTakeAlongAxis.tensor(opTakeAlongAxis.call([]any{x, indices}, nil, opts))
}

var opNonzero = &opSpec{name: "ops.nonzero", goName: "Nonzero", params: []opParam{{name: "x", required: true}}, variadic: false}

// Nonzero calls the operator ops.nonzero.
//
// The indices of the non-zero elements of x, one int64 tensor per dim, in row-major
// order. A 0-d x is a ValueError.
//
// Signature: ops.nonzero(x: Tensor, /) -> tuple[Tensor, ...]
func Nonzero(x *Tensor) ([]*Tensor, error) {
	return opNonzero.tensors(opNonzero.call([]any{x}, nil, nil))
}

var opSearchsorted = &opSpec{name: "ops.searchsorted", goName: "Searchsorted", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "side", def: "left"}, {name: "sorter", def: nil}}, variadic: false}

// Searchsorted calls the operator ops.searchsorted.
//
// For each element of x2, the int64 index where inserting it into the sorted 1-D x1
// keeps the order (side='left': the first such index, 'right': the last). sorter is an
// index permutation that sorts x1. NaN sorts last, as in sort.
//
// Signature: ops.searchsorted(x1: Tensor, x2: Tensor | int | float | bool, /, *, side: str = 'left', sorter: Tensor | None = None) -> Tensor
// Options: Side, Sorter.
func Searchsorted(x1 *Tensor, x2 any, opts ...Option) (*Tensor, error) {
	return opSearchsorted.tensor(opSearchsorted.call([]any{x1, x2}, nil, opts))
}

var opSort = &opSpec{name: "ops.sort", goName: "Sort", params: []opParam{{name: "x", required: true}, {name: "axis", def: int64(-1)}, {name: "descending", def: false}, {name: "stable", def: true}}, variadic: false}

// Sort calls the operator ops.sort.
//
// x sorted along axis. NaN sorts after every number (first when descending); complex
// sorts by real part, then imaginary part. stable=True keeps equal elements in order.
//
// Signature: ops.sort(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor
// Options: Axis, Descending, Stable.
func Sort(x *Tensor, opts ...Option) (*Tensor, error) {
	return opSort.tensor(opSort.call([]any{x}, nil, opts))
}

var opArgsort = &opSpec{name: "ops.argsort", goName: "Argsort", params: []opParam{{name: "x", required: true}, {name: "axis", def: int64(-1)}, {name: "descending", def: false}, {name: "stable", def: true}}, variadic: false}

// Argsort calls the operator ops.argsort.
//
// The int64 indices that sort x along axis (the order of sort). With stable=True equal
// elements keep their original order, in both directions.
//
// Signature: ops.argsort(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor
// Options: Axis, Descending, Stable.
func Argsort(x *Tensor, opts ...Option) (*Tensor, error) {
	return opArgsort.tensor(opArgsort.call([]any{x}, nil, opts))
}

var opUniqueValues = &opSpec{name: "ops.unique_values", goName: "UniqueValues", params: []opParam{{name: "x", required: true}}, variadic: false}

// UniqueValues calls the operator ops.unique_values.
//
// The sorted unique elements of x (flattened); every NaN is its own value.
//
// Signature: ops.unique_values(x: Tensor, /) -> Tensor
func UniqueValues(x *Tensor) (*Tensor, error) {
	return opUniqueValues.tensor(opUniqueValues.call([]any{x}, nil, nil))
}

var opUniqueCounts = &opSpec{name: "ops.unique_counts", goName: "UniqueCounts", params: []opParam{{name: "x", required: true}}, variadic: false}

// UniqueCounts calls the operator ops.unique_counts.
//
// (values, counts): the sorted unique elements of x and how often each occurs (int64).
//
// Signature: ops.unique_counts(x: Tensor, /) -> tuple[Tensor, ...]
func UniqueCounts(x *Tensor) ([]*Tensor, error) {
	return opUniqueCounts.tensors(opUniqueCounts.call([]any{x}, nil, nil))
}

var opUniqueInverse = &opSpec{name: "ops.unique_inverse", goName: "UniqueInverse", params: []opParam{{name: "x", required: true}}, variadic: false}

// UniqueInverse calls the operator ops.unique_inverse.
//
// (values, inverse_indices): the sorted unique elements and, with x's shape, the index
// into values of each element of x, so values[inverse_indices] rebuilds x.
//
// Signature: ops.unique_inverse(x: Tensor, /) -> tuple[Tensor, ...]
func UniqueInverse(x *Tensor) ([]*Tensor, error) {
	return opUniqueInverse.tensors(opUniqueInverse.call([]any{x}, nil, nil))
}

var opUniqueAll = &opSpec{name: "ops.unique_all", goName: "UniqueAll", params: []opParam{{name: "x", required: true}}, variadic: false}

// UniqueAll calls the operator ops.unique_all.
//
// (values, indices, inverse_indices, counts): the sorted unique elements, the flat index
// of each one's first occurrence, the inverse indices (x's shape) and the counts.
//
// Signature: ops.unique_all(x: Tensor, /) -> tuple[Tensor, ...]
func UniqueAll(x *Tensor) ([]*Tensor, error) {
	return opUniqueAll.tensors(opUniqueAll.call([]any{x}, nil, nil))
}

var opCanCast = &opSpec{name: "ops.can_cast", goName: "CanCast", params: []opParam{{name: "from_", required: true}, {name: "to", required: true}}, variadic: false}

// CanCast calls the operator ops.can_cast.
//
// Whether from_ (a dtype or a tensor) casts to the dtype to under the type-promotion
// rules (safe casting).
//
// Signature: ops.can_cast(from_: Any, to: dtype, /) -> bool
func CanCast(from any, to DType) (bool, error) {
	return opCanCast.bool(opCanCast.call([]any{from, to}, nil, nil))
}

var opResultType = &opSpec{name: "ops.result_type", goName: "ResultType", params: []opParam{}, variadic: true}

// ResultType calls the operator ops.result_type.
//
// The dtype resulting from type promotion of tensors, dtypes and Python scalars (which
// are weak: they take the dtype of the others).
//
// Signature: ops.result_type(*arrays_and_dtypes: Any) -> Any
func ResultType(arraysAndDtypes []any) (any, error) {
	return opResultType.any(opResultType.call(nil, arraysAndDtypes, nil))
}

var opFinfo = &opSpec{name: "ops.finfo", goName: "Finfo", params: []opParam{{name: "type", required: true}}, variadic: false}

// Finfo calls the operator ops.finfo.
//
// Machine limits of a floating-point dtype (or tensor) as a record with bits, eps, max,
// min, smallest_normal and dtype; a complex dtype describes its real parts.
//
// Signature: ops.finfo(type: Any, /) -> Any
func Finfo(typeArg any) (any, error) {
	return opFinfo.any(opFinfo.call([]any{typeArg}, nil, nil))
}

var opIinfo = &opSpec{name: "ops.iinfo", goName: "Iinfo", params: []opParam{{name: "type", required: true}}, variadic: false}

// Iinfo calls the operator ops.iinfo.
//
// Machine limits of an integer dtype (or tensor) as a record with bits, max, min and
// dtype. For uint64, max (2**64 - 1) is a 0-d uint64 tensor, since it exceeds the packed int.
//
// Signature: ops.iinfo(type: Any, /) -> Any
func Iinfo(typeArg any) (any, error) {
	return opIinfo.any(opIinfo.call([]any{typeArg}, nil, nil))
}

var opIsdtype = &opSpec{name: "ops.isdtype", goName: "Isdtype", params: []opParam{{name: "dtype", required: true}, {name: "kind", required: true}}, variadic: false}

// Isdtype calls the operator ops.isdtype.
//
// Whether dtype is of kind: a dtype, one of 'bool', 'signed integer', 'unsigned integer',
// 'integral', 'real floating', 'complex floating', 'numeric', or a tuple of those.
//
// Signature: ops.isdtype(dtype: dtype, kind: Any, /) -> bool
func Isdtype(dtype DType, kind any) (bool, error) {
	return opIsdtype.bool(opIsdtype.call([]any{dtype, kind}, nil, nil))
}

var opFFTFFT = &opSpec{name: "ops.fft.fft", goName: "FFTFFT", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTFFT calls the operator ops.fft.fft.
//
// The 1-D discrete Fourier transform along axis: X[k] = sum_j x[j] exp(-2 pi i jk/n), with x
// cut or zero-padded to n points (default: its length along axis). Real input gives the
// complex dtype of its precision; n < 1 and an unknown norm are ValueErrors.
//
// Signature: ops.fft.fft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTFFT(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTFFT.tensor(opFFTFFT.call([]any{x}, nil, opts))
}

var opFFTIFFT = &opSpec{name: "ops.fft.ifft", goName: "FFTIFFT", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTIFFT calls the operator ops.fft.ifft.
//
// The inverse of fft.fft: x[j] = (1/n) sum_k X[k] exp(2 pi i jk/n) under norm='backward';
// n and axis as fft.fft.
//
// Signature: ops.fft.ifft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTIFFT(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIFFT.tensor(opFFTIFFT.call([]any{x}, nil, opts))
}

var opFFTFFTN = &opSpec{name: "ops.fft.fftn", goName: "FFTFFTN", params: []opParam{{name: "x", required: true}, {name: "s", def: nil}, {name: "axes", def: nil}, {name: "norm", def: "backward"}}, variadic: false}

// FFTFFTN calls the operator ops.fft.fftn.
//
// The n-D discrete Fourier transform over axes (default: all), each cut or zero-padded to the
// size in s (s needs axes; -1 keeps an axis's length). A repeated axis is a ValueError.
//
// Signature: ops.fft.fftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
// Options: S, Axes, Norm.
func FFTFFTN(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTFFTN.tensor(opFFTFFTN.call([]any{x}, nil, opts))
}

var opFFTIFFTN = &opSpec{name: "ops.fft.ifftn", goName: "FFTIFFTN", params: []opParam{{name: "x", required: true}, {name: "s", def: nil}, {name: "axes", def: nil}, {name: "norm", def: "backward"}}, variadic: false}

// FFTIFFTN calls the operator ops.fft.ifftn.
//
// The n-D inverse transform (fft.ifft over each of axes); s and axes as fft.fftn.
//
// Signature: ops.fft.ifftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
// Options: S, Axes, Norm.
func FFTIFFTN(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIFFTN.tensor(opFFTIFFTN.call([]any{x}, nil, opts))
}

var opFFTRFFT = &opSpec{name: "ops.fft.rfft", goName: "FFTRFFT", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTRFFT calls the operator ops.fft.rfft.
//
// The transform of a real signal: the n//2 + 1 non-negative-frequency terms of fft.fft (the
// others are their complex conjugates). x must be real (complex input is a TypeError); n and
// axis as fft.fft.
//
// Signature: ops.fft.rfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTRFFT(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTRFFT.tensor(opFFTRFFT.call([]any{x}, nil, opts))
}

var opFFTIRFFT = &opSpec{name: "ops.fft.irfft", goName: "FFTIRFFT", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTIRFFT calls the operator ops.fft.irfft.
//
// The inverse of fft.rfft: n real points (default 2*(m - 1) for m input points) from the
// first n//2 + 1 terms of x (cut or zero-padded); the imaginary parts of the zero-frequency
// term and, for even n, of the Nyquist term are ignored. Pass n to recover an odd length.
//
// Signature: ops.fft.irfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTIRFFT(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIRFFT.tensor(opFFTIRFFT.call([]any{x}, nil, opts))
}

var opFFTRfftn = &opSpec{name: "ops.fft.rfftn", goName: "FFTRfftn", params: []opParam{{name: "x", required: true}, {name: "s", def: nil}, {name: "axes", def: nil}, {name: "norm", def: "backward"}}, variadic: false}

// FFTRfftn calls the operator ops.fft.rfftn.
//
// The n-D transform of a real x: fft.rfft over the last of axes, then fft.fft over the others;
// s and axes as fft.fftn (the last size counts real input points).
//
// Signature: ops.fft.rfftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
// Options: S, Axes, Norm.
func FFTRfftn(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTRfftn.tensor(opFFTRfftn.call([]any{x}, nil, opts))
}

var opFFTIrfftn = &opSpec{name: "ops.fft.irfftn", goName: "FFTIrfftn", params: []opParam{{name: "x", required: true}, {name: "s", def: nil}, {name: "axes", def: nil}, {name: "norm", def: "backward"}}, variadic: false}

// FFTIrfftn calls the operator ops.fft.irfftn.
//
// The inverse of fft.rfftn: fft.ifft over all but the last of axes, then fft.irfft over the
// last, whose size in s (default 2*(m - 1)) is the number of real output points.
//
// Signature: ops.fft.irfftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
// Options: S, Axes, Norm.
func FFTIrfftn(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIrfftn.tensor(opFFTIrfftn.call([]any{x}, nil, opts))
}

var opFFTHfft = &opSpec{name: "ops.fft.hfft", goName: "FFTHfft", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTHfft calls the operator ops.fft.hfft.
//
// The transform of a Hermitian-symmetric signal given by its first half x: n real points
// (default 2*(m - 1)); under norm='backward', hfft(x, n=n) equals irfft(conj(x), n=n) * n.
//
// Signature: ops.fft.hfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTHfft(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTHfft.tensor(opFFTHfft.call([]any{x}, nil, opts))
}

var opFFTIhfft = &opSpec{name: "ops.fft.ihfft", goName: "FFTIhfft", params: []opParam{{name: "x", required: true}, {name: "n", def: nil}, {name: "axis", def: int64(-1)}, {name: "norm", def: "backward"}}, variadic: false}

// FFTIhfft calls the operator ops.fft.ihfft.
//
// The inverse of fft.hfft for a real x: conj(rfft(x)) / n under norm='backward' (n//2 + 1
// complex terms).
//
// Signature: ops.fft.ihfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
// Options: N, Axis, Norm.
func FFTIhfft(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIhfft.tensor(opFFTIhfft.call([]any{x}, nil, opts))
}

var opFFTFftfreq = &opSpec{name: "ops.fft.fftfreq", goName: "FFTFftfreq", params: []opParam{{name: "n", required: true}, {name: "d", def: float64(1.0)}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// FFTFftfreq calls the operator ops.fft.fftfreq.
//
// The sample frequencies of an n-point fft.fft with sample spacing d:
// [0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (n*d), in dtype (a real floating-point
// dtype, default float64). n < 1 is a ValueError, d == 0 a ZeroDivisionError.
//
// Signature: ops.fft.fftfreq(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: D, WithDType, WithDevice.
func FFTFftfreq(n int64, opts ...Option) (*Tensor, error) {
	return opFFTFftfreq.tensor(opFFTFftfreq.call([]any{n}, nil, opts))
}

var opFFTRfftfreq = &opSpec{name: "ops.fft.rfftfreq", goName: "FFTRfftfreq", params: []opParam{{name: "n", required: true}, {name: "d", def: float64(1.0)}, {name: "dtype", def: nil}, {name: "device", def: nil}}, variadic: false}

// FFTRfftfreq calls the operator ops.fft.rfftfreq.
//
// The sample frequencies of an n-point fft.rfft with sample spacing d: [0, 1, ..., n//2] /
// (n*d); dtype and errors as fft.fftfreq.
//
// Signature: ops.fft.rfftfreq(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor
// Options: D, WithDType, WithDevice.
func FFTRfftfreq(n int64, opts ...Option) (*Tensor, error) {
	return opFFTRfftfreq.tensor(opFFTRfftfreq.call([]any{n}, nil, opts))
}

var opFFTFftshift = &opSpec{name: "ops.fft.fftshift", goName: "FFTFftshift", params: []opParam{{name: "x", required: true}, {name: "axes", def: nil}}, variadic: false}

// FFTFftshift calls the operator ops.fft.fftshift.
//
// x with the zero-frequency term moved to the middle of each of axes (default: all): rolled
// by m//2 along an axis of length m. A new tensor of any dtype; a repeated axis is a
// ValueError.
//
// Signature: ops.fft.fftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor
// Options: Axes.
func FFTFftshift(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTFftshift.tensor(opFFTFftshift.call([]any{x}, nil, opts))
}

var opFFTIfftshift = &opSpec{name: "ops.fft.ifftshift", goName: "FFTIfftshift", params: []opParam{{name: "x", required: true}, {name: "axes", def: nil}}, variadic: false}

// FFTIfftshift calls the operator ops.fft.ifftshift.
//
// The inverse of fft.fftshift: rolled by -(m//2) along each of axes (the two differ for odd
// lengths).
//
// Signature: ops.fft.ifftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor
// Options: Axes.
func FFTIfftshift(x *Tensor, opts ...Option) (*Tensor, error) {
	return opFFTIfftshift.tensor(opFFTIfftshift.call([]any{x}, nil, opts))
}

// Keyword options: one per keyword-argument name of the schema.

// Append sets the keyword argument append (of Diff).
func Append(v any) Option { return Option{name: "append", value: v} }

// Axes sets the keyword argument axes (of Tensordot, FFTFFTN, FFTIFFTN, FFTRfftn, FFTIrfftn, FFTFftshift, FFTIfftshift).
func Axes(v any) Option { return Option{name: "axes", value: v} }

// Axis sets the keyword argument axis (of Sum, Prod, Mean, Var, Std, Max, Min, CumulativeSum, CumulativeProd, All, Any, Argmax, Argmin, CountNonzero, Diff, Vecdot, LinalgCross, LinalgVectorNorm, ExpandDims, Concat, Stack, Unstack, Flip, Roll, Repeat, Take, TakeAlongAxis, Sort, Argsort, FFTFFT, FFTIFFT, FFTRFFT, FFTIRFFT, FFTHfft, FFTIhfft).
func Axis(v any) Option { return Option{name: "axis", value: v} }

// Copy sets the keyword argument copy (of Astype, Reshape).
func Copy(v bool) Option { return Option{name: "copy", value: v} }

// Correction sets the keyword argument correction (of Var, Std).
func Correction(v float64) Option { return Option{name: "correction", value: v} }

// D sets the keyword argument d (of FFTFftfreq, FFTRfftfreq).
func D(v float64) Option { return Option{name: "d", value: v} }

// Descending sets the keyword argument descending (of Sort, Argsort).
func Descending(v bool) Option { return Option{name: "descending", value: v} }

// WithDevice sets the keyword argument device (of Arange, Empty, EmptyLike, Eye, Full, FullLike, Linspace, Ones, OnesLike, Zeros, ZerosLike, Astype, FFTFftfreq, FFTRfftfreq).
func WithDevice(v Device) Option { return Option{name: "device", value: v} }

// WithDType sets the keyword argument dtype (of Arange, Empty, EmptyLike, Eye, Full, FullLike, Linspace, Ones, OnesLike, Zeros, ZerosLike, RandomUniform, RandomNormal, Sum, Prod, CumulativeSum, CumulativeProd, LinalgTrace, FFTFftfreq, FFTRfftfreq).
func WithDType(v DType) Option { return Option{name: "dtype", value: v} }

// Endpoint sets the keyword argument endpoint (of Linspace).
func Endpoint(v bool) Option { return Option{name: "endpoint", value: v} }

// FullMatrices sets the keyword argument full_matrices (of LinalgSVD).
func FullMatrices(v bool) Option { return Option{name: "full_matrices", value: v} }

// High sets the keyword argument high (of RandomUniform).
func High(v float64) Option { return Option{name: "high", value: v} }

// IncludeInitial sets the keyword argument include_initial (of CumulativeSum, CumulativeProd).
func IncludeInitial(v bool) Option { return Option{name: "include_initial", value: v} }

// Indexing sets the keyword argument indexing (of Meshgrid).
func Indexing(v string) Option { return Option{name: "indexing", value: v} }

// K sets the keyword argument k (of Eye, Tril, Triu).
func K(v int64) Option { return Option{name: "k", value: v} }

// Keepdims sets the keyword argument keepdims (of Sum, Prod, Mean, Var, Std, Max, Min, All, Any, Argmax, Argmin, CountNonzero, LinalgMatrixNorm, LinalgVectorNorm).
func Keepdims(v bool) Option { return Option{name: "keepdims", value: v} }

// Loc sets the keyword argument loc (of RandomNormal).
func Loc(v float64) Option { return Option{name: "loc", value: v} }

// Low sets the keyword argument low (of RandomUniform).
func Low(v float64) Option { return Option{name: "low", value: v} }

// WithMax sets the keyword argument max (of Clip).
func WithMax(v any) Option { return Option{name: "max", value: v} }

// WithMin sets the keyword argument min (of Clip).
func WithMin(v any) Option { return Option{name: "min", value: v} }

// Mode sets the keyword argument mode (of LinalgQR).
func Mode(v string) Option { return Option{name: "mode", value: v} }

// N sets the keyword argument n (of Diff, FFTFFT, FFTIFFT, FFTRFFT, FFTIRFFT, FFTHfft, FFTIhfft).
func N(v int64) Option { return Option{name: "n", value: v} }

// NCols sets the keyword argument n_cols (of Eye).
func NCols(v int64) Option { return Option{name: "n_cols", value: v} }

// Norm sets the keyword argument norm (of FFTFFT, FFTIFFT, FFTFFTN, FFTIFFTN, FFTRFFT, FFTIRFFT, FFTRfftn, FFTIrfftn, FFTHfft, FFTIhfft).
func Norm(v string) Option { return Option{name: "norm", value: v} }

// Offset sets the keyword argument offset (of LinalgDiagonal, LinalgTrace).
func Offset(v int64) Option { return Option{name: "offset", value: v} }

// Ord sets the keyword argument ord (of LinalgMatrixNorm, LinalgVectorNorm).
func Ord(v any) Option { return Option{name: "ord", value: v} }

// Out sets the keyword argument out (of Add, Subtract, Multiply, Divide, FloorDivide, Remainder, Pow, Maximum, Minimum, Atan2, Copysign, Hypot, Logaddexp, Nextafter, Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, LogicalAnd, LogicalOr, LogicalXor, BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseLeftShift, BitwiseRightShift, Abs, Negative, Positive, Sign, Square, Conj, Real, Imag, Reciprocal, Round, Floor, Ceil, Trunc, Signbit, Isfinite, Isinf, Isnan, LogicalNot, BitwiseInvert, Exp, Expm1, Log, Log1p, Log2, Log10, Sqrt, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh, Asinh, Acosh, Atanh, Clip, Where, Matmul).
func Out(v *Tensor) Option { return Option{name: "out", value: v} }

// Prepend sets the keyword argument prepend (of Diff).
func Prepend(v any) Option { return Option{name: "prepend", value: v} }

// Rtol sets the keyword argument rtol (of LinalgMatrixRank, LinalgPinv).
func Rtol(v any) Option { return Option{name: "rtol", value: v} }

// S sets the keyword argument s (of FFTFFTN, FFTIFFTN, FFTRfftn, FFTIrfftn).
func S(v []int64) Option { return Option{name: "s", value: v} }

// Scale sets the keyword argument scale (of RandomNormal).
func Scale(v float64) Option { return Option{name: "scale", value: v} }

// Seed sets the keyword argument seed (of RandomUniform, RandomNormal).
func Seed(v int64) Option { return Option{name: "seed", value: v} }

// Shape sets the keyword argument shape (of RandomUniform, RandomNormal).
func Shape(v []int64) Option { return Option{name: "shape", value: v} }

// Side sets the keyword argument side (of Searchsorted).
func Side(v string) Option { return Option{name: "side", value: v} }

// Sorter sets the keyword argument sorter (of Searchsorted).
func Sorter(v *Tensor) Option { return Option{name: "sorter", value: v} }

// Stable sets the keyword argument stable (of Sort, Argsort).
func Stable(v bool) Option { return Option{name: "stable", value: v} }

// Step sets the keyword argument step (of Arange).
func Step(v any) Option { return Option{name: "step", value: v} }

// Stop sets the keyword argument stop (of Arange).
func Stop(v any) Option { return Option{name: "stop", value: v} }

// Upper sets the keyword argument upper (of LinalgCholesky).
func Upper(v bool) Option { return Option{name: "upper", value: v} }
