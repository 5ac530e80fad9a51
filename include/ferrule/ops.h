// DO NOT EDIT — generated from schema/ops.yaml by `cargo run -p ferrule-codegen`.

/* ops.h — the operators of schema/ops.yaml as C functions over the packed ABI.
 *
* Each wrapper looks up `ops.<name>` once (cached; thread-safe), packs its arguments and calls
* it. Arguments are borrowed FerruleAny values (pass NULL for an optional argument to use its
* default); on success `*result` holds an owned value; errors follow ferrule.h's contract.
 */
#ifndef FERRULE_OPS_H_
#define FERRULE_OPS_H_

#include "ferrule/ferrule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls the registered function `name`, caching the lookup in `*cache`. Internal. */
static inline int32_t ferrule_ops__call(const char* name, FerruleObject** cache, const FerruleAny* args,
int32_t n, FerruleAny* result, FerruleObject** err) {
FerruleObject* f = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
if (f == NULL) {
if (ferrule_func_get_global(name, &f, err) != 0) return -1;
FerruleObject* expected = NULL;
if (!__atomic_compare_exchange_n(cache, &expected, f, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
ferrule_object_release(f); /* another thread cached it first */
f = expected;
}
}
return ferrule_func_call(f, args, n, result, err);
}

/* ops.arange(start: int | float | bool, /, stop: int | float | bool | None = None, step: int | float | bool = 1, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * Evenly spaced values in [start, stop) with spacing step; arange(n) is 0, 1, ..., n-1.
 *
 * The length is ceil((stop - start) / step). The dtype is int64 when start, stop and step are
 * all ints and float64 otherwise; a zero step is a ZeroDivisionError.
 *
 * >>> ferrule.arange(1, 10, 3)
 * ferrule.Tensor([1, 4, 7], dtype=int64)
 */
static inline int32_t ferrule_op_arange(const FerruleAny* start, const FerruleAny* stop, const FerruleAny* step, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[5];
  int32_t ferrule__n = 0;
  if (start) { ferrule__args[ferrule__n++] = *start; } else { ferrule_error_create("TypeError", "ferrule_op_arange: argument 'start' is required", err); return -1; }
  if (stop) { ferrule__args[ferrule__n++] = *stop; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (step) { ferrule__args[ferrule__n++] = *step; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(1); }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.arange", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.empty(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A new tensor of the given shape (ferrule zero-fills new memory).
 *
 * >>> ferrule.empty((2, 0)).shape
 * (2, 0)
 */
static inline int32_t ferrule_op_empty(const FerruleAny* shape, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_empty: argument 'shape' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.empty", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.empty_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A new tensor with the shape of x, and its dtype unless dtype is given.
 *
 * >>> ferrule.empty_like(ferrule.ones((2, 3), dtype=ferrule.int8)).dtype
 * ferrule.int8
 */
static inline int32_t ferrule_op_empty_like(const FerruleAny* x, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_empty_like: argument 'x' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.empty_like", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A 2-D tensor with ones on the k-th diagonal (k > 0 above the main one) and zeros elsewhere;
 * n_cols defaults to n_rows.
 *
 * >>> ferrule.eye(2, 3, k=1)
 * ferrule.Tensor([[0., 1., 0.],
 *                 [0., 0., 1.]], dtype=float64)
 */
static inline int32_t ferrule_op_eye(const FerruleAny* n_rows, const FerruleAny* n_cols, const FerruleAny* k, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[5];
  int32_t ferrule__n = 0;
  if (n_rows) { ferrule__args[ferrule__n++] = *n_rows; } else { ferrule_error_create("TypeError", "ferrule_op_eye: argument 'n_rows' is required", err); return -1; }
  if (n_cols) { ferrule__args[ferrule__n++] = *n_cols; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (k) { ferrule__args[ferrule__n++] = *k; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.eye", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.full(shape: int | tuple[int, ...], fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A tensor of the given shape filled with fill_value. The dtype defaults to that of the value
 * (bool, int64 or float64); an int that does not fit an integer dtype is an OverflowError.
 *
 * >>> ferrule.full((2,), 7)
 * ferrule.Tensor([7, 7], dtype=int64)
 */
static inline int32_t ferrule_op_full(const FerruleAny* shape, const FerruleAny* fill_value, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_full: argument 'shape' is required", err); return -1; }
  if (fill_value) { ferrule__args[ferrule__n++] = *fill_value; } else { ferrule_error_create("TypeError", "ferrule_op_full: argument 'fill_value' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.full", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.full_like(x: Tensor, /, fill_value: int | float | bool, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A tensor with the shape of x (and its dtype unless dtype is given) filled with fill_value.
 *
 * >>> ferrule.full_like(ferrule.zeros(2, dtype=ferrule.int32), 5)
 * ferrule.Tensor([5, 5], dtype=int32)
 */
static inline int32_t ferrule_op_full_like(const FerruleAny* x, const FerruleAny* fill_value, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_full_like: argument 'x' is required", err); return -1; }
  if (fill_value) { ferrule__args[ferrule__n++] = *fill_value; } else { ferrule_error_create("TypeError", "ferrule_op_full_like: argument 'fill_value' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.full_like", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linspace(start: int | float | bool, stop: int | float | bool, /, num: int, *, dtype: dtype | None = None, device: device | None = None, endpoint: bool = True) -> Tensor
 *
 * num evenly spaced values from start to stop (stop included unless endpoint is False),
 * computed in float64 exactly as numpy does; integer dtypes take the floor.
 *
 * >>> ferrule.linspace(0, 1, 5)
 * ferrule.Tensor([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
 */
static inline int32_t ferrule_op_linspace(const FerruleAny* start, const FerruleAny* stop, const FerruleAny* num, const FerruleAny* dtype, const FerruleAny* device, const FerruleAny* endpoint, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[6];
  int32_t ferrule__n = 0;
  if (start) { ferrule__args[ferrule__n++] = *start; } else { ferrule_error_create("TypeError", "ferrule_op_linspace: argument 'start' is required", err); return -1; }
  if (stop) { ferrule__args[ferrule__n++] = *stop; } else { ferrule_error_create("TypeError", "ferrule_op_linspace: argument 'stop' is required", err); return -1; }
  if (num) { ferrule__args[ferrule__n++] = *num; } else { ferrule_error_create("TypeError", "ferrule_op_linspace: argument 'num' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (endpoint) { ferrule__args[ferrule__n++] = *endpoint; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 1; }
  return ferrule_ops__call("ops.linspace", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.meshgrid(*arrays: Tensor, indexing: str = 'xy') -> list[Tensor]
 *
 * Coordinate grids from 1-D coordinate tensors. indexing='xy' (Cartesian) swaps the first two
 * output dims relative to 'ij' (matrix). Each output is a fresh copy.
 *
 * >>> [g.shape for g in ferrule.meshgrid(ferrule.arange(3), ferrule.arange(2))]
 * [(2, 3), (2, 3)]
 */
static inline int32_t ferrule_op_meshgrid(const FerruleAny* indexing, const FerruleAny* arrays, int32_t num_arrays, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  if (num_arrays < 0 || num_arrays > 64) { ferrule_error_create("ValueError", "ferrule_op_meshgrid: num_arrays must be in 0..64", err); return -1; }
  FerruleAny ferrule__args[1 + 64];
  int32_t ferrule__n = 0;
  if (indexing) { ferrule__args[ferrule__n++] = *indexing; } else { static const char text[8] = {120, 121}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 2; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  for (int32_t ferrule__i = 0; ferrule__i < num_arrays; ++ferrule__i) ferrule__args[ferrule__n++] = arrays[ferrule__i];
  return ferrule_ops__call("ops.meshgrid", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.ones(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A tensor of the given shape filled with ones.
 *
 * >>> ferrule.ones(3, dtype=ferrule.int8)
 * ferrule.Tensor([1, 1, 1], dtype=int8)
 */
static inline int32_t ferrule_op_ones(const FerruleAny* shape, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_ones: argument 'shape' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.ones", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.ones_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * Ones with the shape of x, and its dtype unless dtype is given.
 *
 * >>> ferrule.ones_like(ferrule.zeros((1, 2)))
 * ferrule.Tensor([[1., 1.]], dtype=float64)
 */
static inline int32_t ferrule_op_ones_like(const FerruleAny* x, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_ones_like: argument 'x' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.ones_like", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.tril(x: Tensor, /, *, k: int = 0) -> Tensor
 *
 * The lower triangle of the last two dims of x (elements with column - row <= k); the rest is
 * zero. Fewer than 2 dims is a ValueError.
 *
 * >>> ferrule.tril(ferrule.ones((2, 2)))
 * ferrule.Tensor([[1., 0.],
 *                 [1., 1.]], dtype=float64)
 */
static inline int32_t ferrule_op_tril(const FerruleAny* x, const FerruleAny* k, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_tril: argument 'x' is required", err); return -1; }
  if (k) { ferrule__args[ferrule__n++] = *k; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.tril", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.triu(x: Tensor, /, *, k: int = 0) -> Tensor
 *
 * The upper triangle of the last two dims of x (elements with column - row >= k); the rest is
 * zero. Fewer than 2 dims is a ValueError.
 *
 * >>> ferrule.triu(ferrule.ones((2, 2)), k=1)
 * ferrule.Tensor([[0., 1.],
 *                 [0., 0.]], dtype=float64)
 */
static inline int32_t ferrule_op_triu(const FerruleAny* x, const FerruleAny* k, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_triu: argument 'x' is required", err); return -1; }
  if (k) { ferrule__args[ferrule__n++] = *k; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.triu", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.zeros(shape: int | tuple[int, ...], *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * A tensor of the given shape filled with zeros.
 *
 * >>> ferrule.zeros((2,))
 * ferrule.Tensor([0., 0.], dtype=float64)
 */
static inline int32_t ferrule_op_zeros(const FerruleAny* shape, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_zeros: argument 'shape' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.zeros", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.zeros_like(x: Tensor, /, *, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * Zeros with the shape of x, and its dtype unless dtype is given.
 *
 * >>> ferrule.zeros_like(ferrule.ones(2, dtype=ferrule.bool))
 * ferrule.Tensor([False, False], dtype=bool)
 */
static inline int32_t ferrule_op_zeros_like(const FerruleAny* x, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_zeros_like: argument 'x' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.zeros_like", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.random.uniform(low: float = 0.0, high: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor
 *
 * Samples from the uniform distribution on [low, high) with a xoshiro256** generator. The same
 * seed gives the same numbers; seed=None draws from a process-wide generator seeded from the
 * clock. dtype is float32 or float64 (default).
 *
 * >>> ferrule.random.uniform(shape=(2,), seed=0).shape
 * (2,)
 */
static inline int32_t ferrule_op_random_uniform(const FerruleAny* low, const FerruleAny* high, const FerruleAny* shape, const FerruleAny* seed, const FerruleAny* dtype, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[5];
  int32_t ferrule__n = 0;
  if (low) { ferrule__args[ferrule__n++] = *low; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 0.0; }
  if (high) { ferrule__args[ferrule__n++] = *high; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 1.0; }
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "this argument has a tuple default, which C wrappers cannot write inline: pass a value", err); return -1; }
  if (seed) { ferrule__args[ferrule__n++] = *seed; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.random.uniform", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.random.normal(loc: float = 0.0, scale: float = 1.0, shape: int | tuple[int, ...] = (), *, seed: int | None = None, dtype: dtype | None = None) -> Tensor
 *
 * Samples from the normal distribution with mean loc and standard deviation scale (Box-Muller
 * on xoshiro256**). Seeding and dtypes as random.uniform; a negative scale is a ValueError.
 *
 * >>> ferrule.random.normal(shape=(3,), seed=1, dtype=ferrule.float32).dtype
 * ferrule.float32
 */
static inline int32_t ferrule_op_random_normal(const FerruleAny* loc, const FerruleAny* scale, const FerruleAny* shape, const FerruleAny* seed, const FerruleAny* dtype, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[5];
  int32_t ferrule__n = 0;
  if (loc) { ferrule__args[ferrule__n++] = *loc; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 0.0; }
  if (scale) { ferrule__args[ferrule__n++] = *scale; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 1.0; }
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "this argument has a tuple default, which C wrappers cannot write inline: pass a value", err); return -1; }
  if (seed) { ferrule__args[ferrule__n++] = *seed; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.random.normal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.add(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Adds x1 and x2 element-wise (integers wrap around; bool is logical or).
 *
 * >>> ferrule.add(ferrule.asarray([1, 2]), 3)
 * ferrule.Tensor([4, 5], dtype=int64)
 */
static inline int32_t ferrule_op_add(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_add: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_add: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.add", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.subtract(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Subtracts x2 from x1 element-wise (integers wrap around). Bool is a TypeError.
 *
 * >>> ferrule.subtract(ferrule.asarray([5, 7]), ferrule.asarray([1, 2]))
 * ferrule.Tensor([4, 5], dtype=int64)
 */
static inline int32_t ferrule_op_subtract(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_subtract: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_subtract: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.subtract", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.multiply(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Multiplies x1 and x2 element-wise (integers wrap around; bool is logical and).
 *
 * >>> ferrule.multiply(ferrule.asarray([1, 2, 3]), 2)
 * ferrule.Tensor([2, 4, 6], dtype=int64)
 */
static inline int32_t ferrule_op_multiply(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_multiply: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_multiply: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.multiply", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Divides x1 by x2 element-wise (true division). Integer and bool inputs divide in float64.
 *
 * >>> ferrule.divide(ferrule.asarray([1, 3]), 2)
 * ferrule.Tensor([0.5, 1.5], dtype=float64)
 */
static inline int32_t ferrule_op_divide(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_divide: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_divide: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.divide", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.floor_divide(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Floor division x1 // x2, rounding toward -inf. Integer division by zero gives 0 (numpy
 * warns; ferrule does not); complex is a TypeError.
 *
 * >>> ferrule.floor_divide(ferrule.asarray([-7, 7]), 2)
 * ferrule.Tensor([-4,  3], dtype=int64)
 */
static inline int32_t ferrule_op_floor_divide(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_floor_divide: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_floor_divide: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.floor_divide", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.remainder(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Remainder of floor division, with the sign of x2 (Python's %). Integer x % 0 gives 0;
 * complex is a TypeError.
 *
 * >>> ferrule.remainder(ferrule.asarray([-7, 7]), 3)
 * ferrule.Tensor([2, 1], dtype=int64)
 */
static inline int32_t ferrule_op_remainder(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_remainder: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_remainder: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.remainder", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.pow(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Raises x1 to the power x2 element-wise. Integer powers wrap around; a negative integer
 * exponent is a ValueError; bool computes as int8.
 *
 * >>> ferrule.pow(ferrule.asarray([2, 3]), 2)
 * ferrule.Tensor([4, 9], dtype=int64)
 */
static inline int32_t ferrule_op_pow(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_pow: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_pow: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.pow", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.maximum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * The larger of x1 and x2 element-wise; NaN propagates.
 *
 * >>> ferrule.maximum(ferrule.asarray([1.0, float('nan')]), 2.0)
 * ferrule.Tensor([ 2., nan], dtype=float64)
 */
static inline int32_t ferrule_op_maximum(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_maximum: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_maximum: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.maximum", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.minimum(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * The smaller of x1 and x2 element-wise; NaN propagates.
 *
 * >>> ferrule.minimum(ferrule.asarray([1, 5]), 3)
 * ferrule.Tensor([1, 3], dtype=int64)
 */
static inline int32_t ferrule_op_minimum(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_minimum: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_minimum: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.minimum", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.atan2(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * The quadrant-aware arc tangent of x1 / x2, in radians in [-pi, pi]. Real dtypes only;
 * integers compute in the smallest float both cast to safely.
 *
 * >>> ferrule.atan2(ferrule.asarray([0.0, 1.0]), 1.0)
 * ferrule.Tensor([0.        , 0.78539816], dtype=float64)
 */
static inline int32_t ferrule_op_atan2(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_atan2: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_atan2: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.atan2", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.copysign(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 with the sign of x2, element-wise. Real dtypes only.
 *
 * >>> ferrule.copysign(ferrule.asarray([1.0, 2.0]), -1.0)
 * ferrule.Tensor([-1., -2.], dtype=float64)
 */
static inline int32_t ferrule_op_copysign(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_copysign: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_copysign: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.copysign", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.hypot(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * sqrt(x1**2 + x2**2) element-wise, without undue overflow. Real dtypes only.
 *
 * >>> ferrule.hypot(ferrule.asarray([3.0]), 4.0)
 * ferrule.Tensor([5.], dtype=float64)
 */
static inline int32_t ferrule_op_hypot(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_hypot: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_hypot: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.hypot", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.logaddexp(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * log(exp(x1) + exp(x2)) element-wise, without overflow. Real dtypes only.
 *
 * >>> ferrule.logaddexp(ferrule.asarray([0.0]), 0.0)
 * ferrule.Tensor([0.69314718], dtype=float64)
 */
static inline int32_t ferrule_op_logaddexp(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_logaddexp: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_logaddexp: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.logaddexp", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.nextafter(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * The next representable value after x1 toward x2, in the result dtype. Real dtypes only.
 *
 * >>> ferrule.nextafter(ferrule.asarray([1.0]), 2.0) > 1.0
 * ferrule.Tensor([ True], dtype=bool)
 */
static inline int32_t ferrule_op_nextafter(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_nextafter: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_nextafter: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.nextafter", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 == x2 element-wise, as bool (NaN is unequal to everything).
 *
 * >>> ferrule.equal(ferrule.asarray([1, 2]), 2)
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_equal(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_equal: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_equal: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.equal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.not_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 != x2 element-wise, as bool.
 *
 * >>> ferrule.not_equal(ferrule.asarray([1, 2]), 2)
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_not_equal(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_not_equal: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_not_equal: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.not_equal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.less(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 < x2 element-wise, as bool. Complex is a TypeError.
 *
 * >>> ferrule.less(ferrule.asarray([1, 2]), 2)
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_less(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_less: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_less: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.less", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.less_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 <= x2 element-wise, as bool. Complex is a TypeError.
 *
 * >>> ferrule.less_equal(ferrule.asarray([1, 3]), 2)
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_less_equal(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_less_equal: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_less_equal: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.less_equal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.greater(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 > x2 element-wise, as bool. Complex is a TypeError.
 *
 * >>> ferrule.greater(ferrule.asarray([1, 3]), 2)
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_greater(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_greater: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_greater: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.greater", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.greater_equal(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 >= x2 element-wise, as bool. Complex is a TypeError.
 *
 * >>> ferrule.greater_equal(ferrule.asarray([1, 2]), 2)
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_greater_equal(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_greater_equal: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_greater_equal: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.greater_equal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.logical_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Logical AND of the truth values of x1 and x2 (non-zero is true), as bool.
 *
 * >>> ferrule.logical_and(ferrule.asarray([True, False]), True)
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_logical_and(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_logical_and: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_logical_and: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.logical_and", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.logical_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Logical OR of the truth values of x1 and x2, as bool.
 *
 * >>> ferrule.logical_or(ferrule.asarray([True, False]), False)
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_logical_or(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_logical_or: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_logical_or: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.logical_or", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.logical_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Logical XOR of the truth values of x1 and x2, as bool.
 *
 * >>> ferrule.logical_xor(ferrule.asarray([True, False]), True)
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_logical_xor(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_logical_xor: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_logical_xor: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.logical_xor", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_and(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Bitwise AND of integer or bool inputs.
 *
 * >>> ferrule.bitwise_and(ferrule.asarray([12, 10]), 6)
 * ferrule.Tensor([4, 2], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_and(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_and: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_and: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_and", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_or(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Bitwise OR of integer or bool inputs.
 *
 * >>> ferrule.bitwise_or(ferrule.asarray([12, 10]), 1)
 * ferrule.Tensor([13, 11], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_or(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_or: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_or: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_or", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_xor(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * Bitwise XOR of integer or bool inputs.
 *
 * >>> ferrule.bitwise_xor(ferrule.asarray([12, 10]), 6)
 * ferrule.Tensor([10, 12], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_xor(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_xor: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_xor: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_xor", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_left_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 shifted left by x2 bits (integers; bool computes as int8). Shifting by a negative amount
 * or by at least the bit width gives 0.
 *
 * >>> ferrule.bitwise_left_shift(ferrule.asarray([1, 3]), 2)
 * ferrule.Tensor([ 4, 12], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_left_shift(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_left_shift: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_left_shift: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_left_shift", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_right_shift(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 shifted right by x2 bits, arithmetic for signed integers. Shifting by a negative amount
 * or by at least the bit width gives 0 (-1 for negative values).
 *
 * >>> ferrule.bitwise_right_shift(ferrule.asarray([-8, 8]), 2)
 * ferrule.Tensor([-2,  2], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_right_shift(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_right_shift: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_right_shift: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_right_shift", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.abs(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The absolute value element-wise; complex inputs give the magnitude in the real dtype.
 * Integers wrap (abs of the minimum is the minimum).
 *
 * >>> ferrule.abs(ferrule.asarray([-1, 2]))
 * ferrule.Tensor([1, 2], dtype=int64)
 */
static inline int32_t ferrule_op_abs(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_abs: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.abs", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.negative(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The numerical negative element-wise (integers wrap). Bool is a TypeError: use logical_not.
 *
 * >>> ferrule.negative(ferrule.asarray([1, -2]))
 * ferrule.Tensor([-1,  2], dtype=int64)
 */
static inline int32_t ferrule_op_negative(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_negative: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.negative", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.positive(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The numerical positive element-wise (a copy). Bool is a TypeError.
 *
 * >>> ferrule.positive(ferrule.asarray([1, -2]))
 * ferrule.Tensor([ 1, -2], dtype=int64)
 */
static inline int32_t ferrule_op_positive(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_positive: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.positive", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sign(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * -1, 0 or 1 by the sign of each element (NaN stays NaN); z / |z| for complex. Bool is a
 * TypeError.
 *
 * >>> ferrule.sign(ferrule.asarray([-5, 0, 3]))
 * ferrule.Tensor([-1,  0,  1], dtype=int64)
 */
static inline int32_t ferrule_op_sign(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sign: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.sign", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.square(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * x * x element-wise; bool computes as int8.
 *
 * >>> ferrule.square(ferrule.asarray([2, -3]))
 * ferrule.Tensor([4, 9], dtype=int64)
 */
static inline int32_t ferrule_op_square(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_square: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.square", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.conj(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The complex conjugate; real inputs are copied (bool becomes int8).
 *
 * >>> ferrule.conj(ferrule.asarray([1, 2]))
 * ferrule.Tensor([1, 2], dtype=int64)
 */
static inline int32_t ferrule_op_conj(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_conj: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.conj", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.real(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The real part (float32/float64 for complex inputs; real inputs are copied).
 *
 * >>> ferrule.real(ferrule.asarray([1.5, 2.0]))
 * ferrule.Tensor([1.5, 2. ], dtype=float64)
 */
static inline int32_t ferrule_op_real(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_real: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.real", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.imag(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The imaginary part (float32/float64 for complex inputs; zeros for real inputs).
 *
 * >>> ferrule.imag(ferrule.asarray([1.5, 2.0]))
 * ferrule.Tensor([0., 0.], dtype=float64)
 */
static inline int32_t ferrule_op_imag(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_imag: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.imag", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.reciprocal(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * 1 / x element-wise; integers use integer division (1 / 0 gives 0).
 *
 * >>> ferrule.reciprocal(ferrule.asarray([2.0, 4.0]))
 * ferrule.Tensor([0.5 , 0.25], dtype=float64)
 */
static inline int32_t ferrule_op_reciprocal(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_reciprocal: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.reciprocal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.round(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Rounds to the nearest integer, halves to even; integers are copied, complex rounds both
 * parts.
 *
 * >>> ferrule.round(ferrule.asarray([0.5, 1.5, 2.5]))
 * ferrule.Tensor([0., 2., 2.], dtype=float64)
 */
static inline int32_t ferrule_op_round(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_round: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.round", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.floor(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The largest integer value <= x element-wise; integers are copied; complex is a TypeError.
 *
 * >>> ferrule.floor(ferrule.asarray([-1.5, 1.5]))
 * ferrule.Tensor([-2.,  1.], dtype=float64)
 */
static inline int32_t ferrule_op_floor(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_floor: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.floor", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.ceil(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The smallest integer value >= x element-wise; integers are copied; complex is a TypeError.
 *
 * >>> ferrule.ceil(ferrule.asarray([-1.5, 1.5]))
 * ferrule.Tensor([-1.,  2.], dtype=float64)
 */
static inline int32_t ferrule_op_ceil(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_ceil: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.ceil", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.trunc(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Rounds toward zero element-wise; integers are copied; complex is a TypeError.
 *
 * >>> ferrule.trunc(ferrule.asarray([-1.5, 1.5]))
 * ferrule.Tensor([-1.,  1.], dtype=float64)
 */
static inline int32_t ferrule_op_trunc(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_trunc: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.trunc", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.signbit(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Whether the sign bit is set (-0.0 included), as bool. Complex is a TypeError.
 *
 * >>> ferrule.signbit(ferrule.asarray([-0.0, 1.0]))
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_signbit(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_signbit: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.signbit", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.isfinite(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Whether each element is finite (complex: both parts), as bool.
 *
 * >>> ferrule.isfinite(ferrule.asarray([1.0, float('inf')]))
 * ferrule.Tensor([ True, False], dtype=bool)
 */
static inline int32_t ferrule_op_isfinite(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_isfinite: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.isfinite", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.isinf(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Whether each element is infinite (complex: either part), as bool.
 *
 * >>> ferrule.isinf(ferrule.asarray([1.0, float('-inf')]))
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_isinf(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_isinf: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.isinf", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.isnan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Whether each element is NaN (complex: either part), as bool.
 *
 * >>> ferrule.isnan(ferrule.asarray([1.0, float('nan')]))
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_isnan(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_isnan: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.isnan", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.logical_not(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Logical NOT of the truth value of each element (zero is false), as bool.
 *
 * >>> ferrule.logical_not(ferrule.asarray([True, False]))
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_logical_not(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_logical_not: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.logical_not", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.bitwise_invert(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * Bitwise NOT (~x) of integers; logical NOT for bool.
 *
 * >>> ferrule.bitwise_invert(ferrule.asarray([0, 5]))
 * ferrule.Tensor([-1, -6], dtype=int64)
 */
static inline int32_t ferrule_op_bitwise_invert(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_bitwise_invert: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.bitwise_invert", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.exp(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The exponential e**x element-wise (vectorised; about 1 ulp). Integer and bool inputs compute
 * in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.exp(ferrule.asarray([0.0, 1.0]))
 * ferrule.Tensor([1.        , 2.71828183], dtype=float64)
 */
static inline int32_t ferrule_op_exp(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_exp: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.exp", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.expm1(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * exp(x) - 1 element-wise, accurate near zero. Integer and bool inputs compute in numpy's
 * float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.expm1(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_expm1(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_expm1: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.expm1", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.log(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The natural logarithm element-wise (NaN below zero, -inf at zero). Integer and bool inputs
 * compute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64
 * otherwise).
 *
 * >>> ferrule.log(ferrule.asarray([1.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_log(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_log: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.log", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.log1p(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * log(1 + x) element-wise, accurate near zero. Integer and bool inputs compute in numpy's
 * float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.log1p(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_log1p(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_log1p: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.log1p", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.log2(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The base-2 logarithm element-wise. Integer and bool inputs compute in numpy's float for them
 * (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.log2(ferrule.asarray([8.0]))
 * ferrule.Tensor([3.], dtype=float64)
 */
static inline int32_t ferrule_op_log2(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_log2: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.log2", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.log10(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The base-10 logarithm element-wise. Integer and bool inputs compute in numpy's float for
 * them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.log10(ferrule.asarray([100.0]))
 * ferrule.Tensor([2.], dtype=float64)
 */
static inline int32_t ferrule_op_log10(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_log10: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.log10", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sqrt(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The non-negative square root element-wise (NaN below zero; principal root for complex).
 * Integer and bool inputs compute in numpy's float for them (float16 for 8-bit, float32 for
 * 16-bit, float64 otherwise).
 *
 * >>> ferrule.sqrt(ferrule.asarray([4.0, 9.0]))
 * ferrule.Tensor([2., 3.], dtype=float64)
 */
static inline int32_t ferrule_op_sqrt(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sqrt: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.sqrt", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sin(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The sine of angles in radians. Integer and bool inputs compute in numpy's float for them
 * (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.sin(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_sin(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sin: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.sin", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.cos(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The cosine of angles in radians. Integer and bool inputs compute in numpy's float for them
 * (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.cos(ferrule.asarray([0.0]))
 * ferrule.Tensor([1.], dtype=float64)
 */
static inline int32_t ferrule_op_cos(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_cos: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.cos", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.tan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The tangent of angles in radians. Integer and bool inputs compute in numpy's float for them
 * (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.tan(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_tan(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_tan: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.tan", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.asin(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse sine, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's
 * float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.asin(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_asin(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_asin: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.asin", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.acos(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse cosine, in radians in [0, pi]. Integer and bool inputs compute in numpy's float
 * for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.acos(ferrule.asarray([1.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_acos(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_acos: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.acos", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.atan(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse tangent, in radians in [-pi/2, pi/2]. Integer and bool inputs compute in numpy's
 * float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.atan(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_atan(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_atan: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.atan", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sinh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The hyperbolic sine. Integer and bool inputs compute in numpy's float for them (float16 for
 * 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.sinh(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_sinh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sinh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.sinh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.cosh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The hyperbolic cosine. Integer and bool inputs compute in numpy's float for them (float16
 * for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.cosh(ferrule.asarray([0.0]))
 * ferrule.Tensor([1.], dtype=float64)
 */
static inline int32_t ferrule_op_cosh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_cosh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.cosh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.tanh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The hyperbolic tangent. Integer and bool inputs compute in numpy's float for them (float16
 * for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.tanh(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_tanh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_tanh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.tanh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.asinh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse hyperbolic sine. Integer and bool inputs compute in numpy's float for them
 * (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.asinh(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_asinh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_asinh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.asinh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.acosh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse hyperbolic cosine (NaN below 1). Integer and bool inputs compute in numpy's
 * float for them (float16 for 8-bit, float32 for 16-bit, float64 otherwise).
 *
 * >>> ferrule.acosh(ferrule.asarray([1.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_acosh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_acosh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.acosh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.atanh(x: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The inverse hyperbolic tangent (NaN outside [-1, 1], infinite at +-1). Integer and bool
 * inputs compute in numpy's float for them (float16 for 8-bit, float32 for 16-bit, float64
 * otherwise).
 *
 * >>> ferrule.atanh(ferrule.asarray([0.0]))
 * ferrule.Tensor([0.], dtype=float64)
 */
static inline int32_t ferrule_op_atanh(const FerruleAny* x, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_atanh: argument 'x' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.atanh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.clip(x: Tensor, /, min: Tensor | int | float | bool | None = None, max: Tensor | int | float | bool | None = None, *, out: Tensor | None = None) -> Tensor
 *
 * Clamps each element of x to [min, max] (minimum(maximum(x, min), max): NaN propagates, and
 * min > max gives max). Integer scalars outside x's integer range saturate; float bounds with
 * an integer x promote to float64. Complex is a TypeError.
 *
 * >>> ferrule.clip(ferrule.asarray([1, 5, 9]), 3, 7)
 * ferrule.Tensor([3, 5, 7], dtype=int64)
 */
static inline int32_t ferrule_op_clip(const FerruleAny* x, const FerruleAny* min, const FerruleAny* max, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_clip: argument 'x' is required", err); return -1; }
  if (min) { ferrule__args[ferrule__n++] = *min; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (max) { ferrule__args[ferrule__n++] = *max; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.clip", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.where(condition: Tensor, x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor
 *
 * x1 where condition is true, else x2, broadcasting all three; the result dtype promotes x1
 * and x2 (Python scalars are weak; two scalars take their default dtypes). A non-bool
 * condition counts non-zero as true.
 *
 * >>> ferrule.where(ferrule.asarray([True, False]), ferrule.asarray([1, 2]), 0)
 * ferrule.Tensor([1, 0], dtype=int64)
 */
static inline int32_t ferrule_op_where(const FerruleAny* condition, const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (condition) { ferrule__args[ferrule__n++] = *condition; } else { ferrule_error_create("TypeError", "ferrule_op_where: argument 'condition' is required", err); return -1; }
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_where: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_where: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.where", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.astype(x: Tensor, dtype: dtype, /, *, copy: bool = True, device: device | None = None) -> Tensor
 *
 * A copy of x converted to dtype with numpy's casting rules (ints wrap, floats truncate toward
 * zero into ints, complex drops the imaginary part into reals, non-zero is True). With
 * copy=False and the same dtype, x itself is returned. device must be None or x's device. NaN,
 * infinities and out-of-range floats cast to ints give numpy's x86-64 results: 0 for 8- and
 * 16-bit ints, the minimum for int32/int64, 2**63 for uint64; uint32 wraps the 64-bit
 * truncation (numpy's scalar path).
 *
 * >>> ferrule.astype(ferrule.asarray([1.7, -1.7]), ferrule.int32)
 * ferrule.Tensor([ 1, -1], dtype=int32)
 */
static inline int32_t ferrule_op_astype(const FerruleAny* x, const FerruleAny* dtype, const FerruleAny* copy, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_astype: argument 'x' is required", err); return -1; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule_error_create("TypeError", "ferrule_op_astype: argument 'dtype' is required", err); return -1; }
  if (copy) { ferrule__args[ferrule__n++] = *copy; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 1; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.astype", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.geo_distance(lon1: Tensor | int | float | bool, lat1: Tensor | int | float | bool, lon2: Tensor | int | float | bool, lat2: Tensor | int | float | bool) -> Tensor
 *
 * The great-circle distance in metres between (lon1, lat1) and (lon2, lat2), given in degrees,
 * by the haversine formula on a sphere of radius 6378 km (as the Tencent seed computes it). Inputs broadcast
 * together and may be tensors of any integer or real float dtype or Python numbers; the result
 * is float64 (float32 inputs are computed in float64). Heavy inputs run on the ferrule thread
 * pool with the GIL released.
 *
 * >>> round(float(ferrule.geo_distance(0.0, 0.0, 180.0, 0.0)))
 * 20037078
 */
static inline int32_t ferrule_op_geo_distance(const FerruleAny* lon1, const FerruleAny* lat1, const FerruleAny* lon2, const FerruleAny* lat2, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (lon1) { ferrule__args[ferrule__n++] = *lon1; } else { ferrule_error_create("TypeError", "ferrule_op_geo_distance: argument 'lon1' is required", err); return -1; }
  if (lat1) { ferrule__args[ferrule__n++] = *lat1; } else { ferrule_error_create("TypeError", "ferrule_op_geo_distance: argument 'lat1' is required", err); return -1; }
  if (lon2) { ferrule__args[ferrule__n++] = *lon2; } else { ferrule_error_create("TypeError", "ferrule_op_geo_distance: argument 'lon2' is required", err); return -1; }
  if (lat2) { ferrule__args[ferrule__n++] = *lat2; } else { ferrule_error_create("TypeError", "ferrule_op_geo_distance: argument 'lat2' is required", err); return -1; }
  return ferrule_ops__call("ops.geo_distance", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sum(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor
 *
 * The sum over axis. Without dtype, bool and signed ints sum to int64, unsigned ints to uint64,
 * floats and complex keep their dtype (float sums are pairwise); dtype casts the input first.
 * An empty sum is 0.
 *
 * >>> ferrule.sum(ferrule.asarray([[1, 2], [3, 4]]), axis=0)
 * ferrule.Tensor([4, 6], dtype=int64)
 */
static inline int32_t ferrule_op_sum(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* dtype, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sum: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.sum", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.prod(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, dtype: dtype | None = None, keepdims: bool = False) -> Tensor
 *
 * The product over axis, with sum's dtype rules; an empty product is 1.
 *
 * >>> ferrule.prod(ferrule.asarray([1, 2, 3, 4]))
 * ferrule.Tensor(24, dtype=int64)
 */
static inline int32_t ferrule_op_prod(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* dtype, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_prod: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.prod", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.mean(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * The arithmetic mean over axis: float64 for bool and int inputs, the input dtype for floats
 * and complex. The mean of nothing is NaN.
 *
 * >>> ferrule.mean(ferrule.asarray([1, 2, 3, 4]))
 * ferrule.Tensor(2.5, dtype=float64)
 */
static inline int32_t ferrule_op_mean(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_mean: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.mean", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.var(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor
 *
 * The variance over axis, sum(|x - mean|**2) / max(N - correction, 0) (numpy's ddof); float64
 * for int inputs and the real dtype for complex ones.
 *
 * >>> ferrule.var(ferrule.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
 * ferrule.Tensor(1.66666667, dtype=float64)
 */
static inline int32_t ferrule_op_var(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* correction, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_var: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (correction) { ferrule__args[ferrule__n++] = *correction; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 0.0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.var", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.std(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, correction: float = 0.0, keepdims: bool = False) -> Tensor
 *
 * The standard deviation over axis: the square root of var.
 *
 * >>> ferrule.std(ferrule.asarray([1.0, 3.0]))
 * ferrule.Tensor(1., dtype=float64)
 */
static inline int32_t ferrule_op_std(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* correction, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_std: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (correction) { ferrule__args[ferrule__n++] = *correction; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 0.0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.std", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.max(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * The largest element over axis, in the input's dtype; NaN if any element is NaN. An empty
 * reduction is a ValueError; complex input is a TypeError.
 *
 * >>> ferrule.max(ferrule.asarray([[1, 5], [7, 2]]), axis=1)
 * ferrule.Tensor([5, 7], dtype=int64)
 */
static inline int32_t ferrule_op_max(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_max: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.max", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.min(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * The smallest element over axis; rules as for max.
 *
 * >>> ferrule.min(ferrule.asarray([3.0, -1.0, 2.0]))
 * ferrule.Tensor(-1., dtype=float64)
 */
static inline int32_t ferrule_op_min(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_min: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.min", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.cumulative_sum(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor
 *
 * The running sum along axis (required unless x is 1-D), with sum's dtype rules. With
 * include_initial the result starts with 0 and is one longer along axis.
 *
 * >>> ferrule.cumulative_sum(ferrule.asarray([1, 2, 3]), include_initial=True)
 * ferrule.Tensor([0, 1, 3, 6], dtype=int64)
 */
static inline int32_t ferrule_op_cumulative_sum(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* dtype, const FerruleAny* include_initial, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_cumulative_sum: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (include_initial) { ferrule__args[ferrule__n++] = *include_initial; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.cumulative_sum", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.cumulative_prod(x: Tensor, /, *, axis: int | None = None, dtype: dtype | None = None, include_initial: bool = False) -> Tensor
 *
 * The running product along axis; rules as for cumulative_sum (the initial value is 1).
 *
 * >>> ferrule.cumulative_prod(ferrule.asarray([1, 2, 3]))
 * ferrule.Tensor([1, 2, 6], dtype=int64)
 */
static inline int32_t ferrule_op_cumulative_prod(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* dtype, const FerruleAny* include_initial, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_cumulative_prod: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (include_initial) { ferrule__args[ferrule__n++] = *include_initial; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.cumulative_prod", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.all(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * True where every element over axis is non-zero (NaN counts as true); all of nothing is True.
 *
 * >>> ferrule.all(ferrule.asarray([[True, False], [True, True]]), axis=1)
 * ferrule.Tensor([False,  True], dtype=bool)
 */
static inline int32_t ferrule_op_all(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_all: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.all", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.any(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * True where any element over axis is non-zero; any of nothing is False.
 *
 * >>> ferrule.any(ferrule.asarray([0, 0, 3]))
 * ferrule.Tensor(True, dtype=bool)
 */
static inline int32_t ferrule_op_any(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_any: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.any", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.argmax(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor
 *
 * The index (int64) of the first largest element along axis, or of the flattened tensor for
 * None; NaN counts as the largest. An empty axis is a ValueError.
 *
 * >>> ferrule.argmax(ferrule.asarray([[1, 9], [8, 2]]), axis=1)
 * ferrule.Tensor([1, 0], dtype=int64)
 */
static inline int32_t ferrule_op_argmax(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_argmax: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.argmax", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.argmin(x: Tensor, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor
 *
 * The index (int64) of the first smallest element along axis; rules as for argmax.
 *
 * >>> ferrule.argmin(ferrule.asarray([4, 1, 1]))
 * ferrule.Tensor(1, dtype=int64)
 */
static inline int32_t ferrule_op_argmin(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_argmin: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.argmin", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.count_nonzero(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Tensor
 *
 * The number of non-zero elements over axis, as int64.
 *
 * >>> ferrule.count_nonzero(ferrule.asarray([[0, 1], [2, 3]]), axis=0)
 * ferrule.Tensor([1, 2], dtype=int64)
 */
static inline int32_t ferrule_op_count_nonzero(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_count_nonzero: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.count_nonzero", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.diff(x: Tensor, /, *, axis: int = -1, n: int = 1, prepend: Tensor | int | float | bool | None = None, append: Tensor | int | float | bool | None = None) -> Tensor
 *
 * The n-th discrete difference along axis, out[i] = x[i + 1] - x[i] applied n times, after
 * joining prepend and append (a scalar or 0-d value is repeated across the other dims). Bool
 * uses !=; ints wrap.
 *
 * >>> ferrule.diff(ferrule.asarray([1, 2, 4, 7]))
 * ferrule.Tensor([1, 2, 3], dtype=int64)
 */
static inline int32_t ferrule_op_diff(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* n, const FerruleAny* prepend, const FerruleAny* append, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[5];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_diff: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(1); }
  if (prepend) { ferrule__args[ferrule__n++] = *prepend; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (append) { ferrule__args[ferrule__n++] = *append; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.diff", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.matmul(x1: Tensor, x2: Tensor, /, *, out: Tensor | None = None) -> Tensor
 *
 * The matrix product. A 1-D x1 is a row and a 1-D x2 a column (the added dim is removed),
 * leading dims broadcast, dtypes promote. Mismatched shapes are a ValueError naming both;
 * out= receives the result (exact shape and dtype).
 *
 * >>> ferrule.matmul(ferrule.asarray([[1, 2], [3, 4]]), ferrule.asarray([1, 1]))
 * ferrule.Tensor([3, 7], dtype=int64)
 */
static inline int32_t ferrule_op_matmul(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* out, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_matmul: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_matmul: argument 'x2' is required", err); return -1; }
  if (out) { ferrule__args[ferrule__n++] = *out; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.matmul", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.mm(x1: Tensor, x2: Tensor, /) -> Tensor
 *
 * The product of two 2-D tensors (matmul restricted to matrices, as in torch.mm).
 *
 * >>> ferrule.mm(ferrule.eye(2), ferrule.ones((2, 1)))
 * ferrule.Tensor([[1.],
 *                 [1.]], dtype=float64)
 */
static inline int32_t ferrule_op_mm(const FerruleAny* x1, const FerruleAny* x2, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_mm: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_mm: argument 'x2' is required", err); return -1; }
  return ferrule_ops__call("ops.mm", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.tensordot(x1: Tensor, x2: Tensor, /, *, axes: Any = 2) -> Tensor
 *
 * The tensor contraction over axes: an int n (the last n dims of x1 with the first n of x2) or
 * a pair of axis sequences. The result has x1's free dims followed by x2's.
 *
 * >>> ferrule.tensordot(ferrule.ones((3, 4, 5)), ferrule.ones((4, 5, 2))).shape
 * (3, 2)
 */
static inline int32_t ferrule_op_tensordot(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* axes, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_tensordot: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_tensordot: argument 'x2' is required", err); return -1; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(2); }
  return ferrule_ops__call("ops.tensordot", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.vecdot(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor
 *
 * The dot product of vectors along axis (counted from the end), other dims broadcast:
 * sum(conj(x1) * x2, axis).
 *
 * >>> ferrule.vecdot(ferrule.asarray([[1., 2.], [3., 4.]]), ferrule.asarray([1., 1.]))
 * ferrule.Tensor([3., 7.], dtype=float64)
 */
static inline int32_t ferrule_op_vecdot(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_vecdot: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_vecdot: argument 'x2' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  return ferrule_ops__call("ops.vecdot", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.cholesky(x: Tensor, /, *, upper: bool = False) -> Tensor
 *
 * The Cholesky factor of each Hermitian positive-definite matrix of x (..., n, n): the
 * lower-triangular L with x = L @ L^H, or with upper=True the upper-triangular U = L^H. Only
 * the triangle the factor lives in is read. A matrix that is not positive definite is a
 * ValueError naming the op.
 *
 * >>> ferrule.linalg.cholesky(ferrule.asarray([[4.0, 2.0], [2.0, 5.0]]))
 * ferrule.Tensor([[2., 0.],
 *                 [1., 2.]], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_cholesky(const FerruleAny* x, const FerruleAny* upper, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_cholesky: argument 'x' is required", err); return -1; }
  if (upper) { ferrule__args[ferrule__n++] = *upper; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.linalg.cholesky", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.cross(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor
 *
 * The cross product of 3-element vectors along axis (counted from the end; a non-negative axis
 * only when x1 and x2 have equal ranks), the other dims broadcast; numeric dtypes promote.
 *
 * >>> ferrule.linalg.cross(ferrule.asarray([1, 0, 0]), ferrule.asarray([0, 1, 0]))
 * ferrule.Tensor([0, 0, 1], dtype=int64)
 */
static inline int32_t ferrule_op_linalg_cross(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_cross: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_cross: argument 'x2' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  return ferrule_ops__call("ops.linalg.cross", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.det(x: Tensor, /) -> Tensor
 *
 * The determinant of each square matrix of x (..., n, n), shape x.shape[:-2], from an LU
 * factorization with partial pivoting; 0 for a singular matrix.
 *
 * >>> ferrule.linalg.det(ferrule.asarray([[1.0, 2.0], [3.0, 4.0]]))
 * ferrule.Tensor(-2., dtype=float64)
 */
static inline int32_t ferrule_op_linalg_det(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_det: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.det", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.diagonal(x: Tensor, /, *, offset: int = 0) -> Tensor
 *
 * The offset diagonal of each matrix of x (0 the main one, positive above it, negative below),
 * shape (..., k), as a new tensor of x's dtype.
 *
 * >>> ferrule.linalg.diagonal(ferrule.asarray([[1, 2, 3], [4, 5, 6]]), offset=1)
 * ferrule.Tensor([2, 6], dtype=int64)
 */
static inline int32_t ferrule_op_linalg_diagonal(const FerruleAny* x, const FerruleAny* offset, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_diagonal: argument 'x' is required", err); return -1; }
  if (offset) { ferrule__args[ferrule__n++] = *offset; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.linalg.diagonal", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.eigh(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * (eigenvalues, eigenvectors) of each Hermitian (real symmetric) matrix of x: the eigenvalues
 * ascending, real, shape (..., n), and orthonormal eigenvectors in the columns of (..., n, n),
 * so x = V @ diag(w) @ V^H. Only the lower triangle is read. Eigenvectors are unique up to sign
 * (a phase for complex). Python returns an EighResult named tuple.
 *
 * >>> ferrule.linalg.eigh(ferrule.asarray([[2.0, 0.0], [0.0, 1.0]])).eigenvalues
 * ferrule.Tensor([1., 2.], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_eigh(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_eigh: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.eigh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.eigvalsh(x: Tensor, /) -> Tensor
 *
 * The eigenvalues of each Hermitian matrix of x, ascending, real, shape (..., n); only the
 * lower triangle is read.
 *
 * >>> ferrule.linalg.eigvalsh(ferrule.asarray([[2.0, 1.0], [1.0, 2.0]]))
 * ferrule.Tensor([1., 3.], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_eigvalsh(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_eigvalsh: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.eigvalsh", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.inv(x: Tensor, /) -> Tensor
 *
 * The inverse of each square matrix of x (..., n, n), from an LU factorization with partial
 * pivoting. A singular matrix (an exactly zero pivot) is a ValueError naming the op.
 *
 * >>> ferrule.linalg.inv(ferrule.asarray([[2.0, 0.0], [0.0, 4.0]]))
 * ferrule.Tensor([[0.5 , 0.  ],
 *                 [0.  , 0.25]], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_inv(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_inv: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.inv", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.matrix_power(x: Tensor, n: int, /) -> Tensor
 *
 * Each square matrix of x raised to the integer power n by repeated squaring: n = 0 gives
 * identity matrices, a negative n the power of inv(x). Integer matrices keep their dtype for
 * n >= 0 (products wrap).
 *
 * >>> ferrule.linalg.matrix_power(ferrule.asarray([[1, 1], [0, 1]]), 3)
 * ferrule.Tensor([[1, 3],
 *                 [0, 1]], dtype=int64)
 */
static inline int32_t ferrule_op_linalg_matrix_power(const FerruleAny* x, const FerruleAny* n, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_matrix_power: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_matrix_power: argument 'n' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.matrix_power", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.matrix_rank(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor
 *
 * The rank of each matrix of x (int64, shape x.shape[:-2]): the number of singular values
 * greater than rtol times the largest. rtol is a number or a tensor broadcast against the
 * batch dims; None is max(m, n) * eps of x's precision.
 *
 * >>> ferrule.linalg.matrix_rank(ferrule.asarray([[1.0, 2.0], [2.0, 4.0]]))
 * ferrule.Tensor(1, dtype=int64)
 */
static inline int32_t ferrule_op_linalg_matrix_rank(const FerruleAny* x, const FerruleAny* rtol, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_matrix_rank: argument 'x' is required", err); return -1; }
  if (rtol) { ferrule__args[ferrule__n++] = *rtol; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.linalg.matrix_rank", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.matrix_norm(x: Tensor, /, *, keepdims: bool = False, ord: Any = 'fro') -> Tensor
 *
 * The norm of each matrix in the last two dims: ord 'fro' (default), 'nuc' (the sum of the
 * singular values), 1 / -1 (largest / smallest absolute column sum), inf / -inf (rows) or
 * 2 / -2 (largest / smallest singular value). The result has x's real dtype (float64 for
 * integers); keepdims keeps the two dims as size 1.
 *
 * >>> ferrule.linalg.matrix_norm(ferrule.asarray([[3.0, 0.0], [0.0, 4.0]]))
 * ferrule.Tensor(5., dtype=float64)
 */
static inline int32_t ferrule_op_linalg_matrix_norm(const FerruleAny* x, const FerruleAny* keepdims, const FerruleAny* ord, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_matrix_norm: argument 'x' is required", err); return -1; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (ord) { ferrule__args[ferrule__n++] = *ord; } else { static const char text[8] = {102, 114, 111}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 3; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.linalg.matrix_norm", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.outer(x1: Tensor, x2: Tensor, /) -> Tensor
 *
 * The outer product of two vectors: out[i, j] = x1[i] * x2[j], dtypes promoted.
 *
 * >>> ferrule.linalg.outer(ferrule.asarray([1, 2]), ferrule.asarray([1, 10, 100]))
 * ferrule.Tensor([[  1,  10, 100],
 *                 [  2,  20, 200]], dtype=int64)
 */
static inline int32_t ferrule_op_linalg_outer(const FerruleAny* x1, const FerruleAny* x2, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_outer: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_outer: argument 'x2' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.outer", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.pinv(x: Tensor, /, *, rtol: Tensor | int | float | bool | None = None) -> Tensor
 *
 * The Moore-Penrose pseudo-inverse of each matrix of x ((..., m, n) to (..., n, m)) from its
 * SVD: singular values at most rtol times the largest count as zero. rtol is a number or a
 * tensor broadcast against the batch dims; None is max(m, n) * eps (the standard's default;
 * numpy's pinv defaults to 1e-15).
 *
 * >>> ferrule.linalg.pinv(ferrule.asarray([[2.0, 0.0], [0.0, 0.0]]))
 * ferrule.Tensor([[0.5, 0. ],
 *                 [0. , 0. ]], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_pinv(const FerruleAny* x, const FerruleAny* rtol, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_pinv: argument 'x' is required", err); return -1; }
  if (rtol) { ferrule__args[ferrule__n++] = *rtol; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.linalg.pinv", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.qr(x: Tensor, /, *, mode: str = 'reduced') -> tuple[Tensor, ...]
 *
 * (Q, R) with x = Q @ R for each matrix of x (..., m, n), k = min(m, n): Q has orthonormal
 * columns and R is upper triangular; mode 'reduced' gives (..., m, k) and (..., k, n),
 * 'complete' (..., m, m) and (..., m, n). Householder reflections, so the signs of R's diagonal
 * may differ from another library's. Python returns a QRResult named tuple.
 *
 * >>> q, r = ferrule.linalg.qr(ferrule.asarray([[3.0, 1.0], [4.0, 2.0]]))
 * >>> q.shape, r.shape
 * ((2, 2), (2, 2))
 */
static inline int32_t ferrule_op_linalg_qr(const FerruleAny* x, const FerruleAny* mode, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_qr: argument 'x' is required", err); return -1; }
  if (mode) { ferrule__args[ferrule__n++] = *mode; } else { static const char text[8] = {114, 101, 100, 117, 99, 101, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 7; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.linalg.qr", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.slogdet(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * (sign, logabsdet) of each square matrix of x, with det = sign * exp(logabsdet): sign has x's
 * dtype (modulus 1 for complex), logabsdet its real dtype; a singular matrix gives (0, -inf).
 * Python returns a SlogdetResult named tuple.
 *
 * >>> ferrule.linalg.slogdet(ferrule.asarray([[0.0, 2.0], [1.0, 0.0]]))
 * SlogdetResult(sign=ferrule.Tensor(-1., dtype=float64), logabsdet=ferrule.Tensor(0.69314718, dtype=float64))
 */
static inline int32_t ferrule_op_linalg_slogdet(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_slogdet: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.slogdet", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.solve(x1: Tensor, x2: Tensor, /) -> Tensor
 *
 * The solution X of x1 @ X = x2 for each square matrix of x1 (..., M, M). A 1-D x2 (M,) is one
 * right-hand side (the result is (..., M)); otherwise x2 is a stack (..., M, K) whose batch dims
 * broadcast with x1's. Dtypes promote. A singular matrix is a ValueError naming the op.
 *
 * >>> ferrule.linalg.solve(ferrule.asarray([[2.0, 0.0], [0.0, 4.0]]), ferrule.asarray([1.0, 1.0]))
 * ferrule.Tensor([0.5 , 0.25], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_solve(const FerruleAny* x1, const FerruleAny* x2, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_solve: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_solve: argument 'x2' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.solve", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.svd(x: Tensor, /, *, full_matrices: bool = True) -> tuple[Tensor, ...]
 *
 * (U, S, Vh) with x = U @ diag(S) @ Vh for each matrix of x (..., m, n), k = min(m, n): the
 * singular values S (..., k) descending with x's real dtype, U (..., m, m) and Vh (..., n, n)
 * unitary, or (..., m, k) and (..., k, n) with full_matrices=False. Singular vectors are unique
 * up to sign (a phase for complex). Python returns an SVDResult named tuple.
 *
 * >>> ferrule.linalg.svd(ferrule.asarray([[3.0, 0.0], [0.0, -4.0]])).S
 * ferrule.Tensor([4., 3.], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_svd(const FerruleAny* x, const FerruleAny* full_matrices, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_svd: argument 'x' is required", err); return -1; }
  if (full_matrices) { ferrule__args[ferrule__n++] = *full_matrices; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 1; }
  return ferrule_ops__call("ops.linalg.svd", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.svdvals(x: Tensor, /) -> Tensor
 *
 * The singular values of each matrix of x, descending, shape (..., min(m, n)), x's real dtype.
 *
 * >>> ferrule.linalg.svdvals(ferrule.asarray([[3.0, 0.0], [0.0, -4.0]]))
 * ferrule.Tensor([4., 3.], dtype=float64)
 */
static inline int32_t ferrule_op_linalg_svdvals(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_svdvals: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.linalg.svdvals", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.trace(x: Tensor, /, *, offset: int = 0, dtype: dtype | None = None) -> Tensor
 *
 * The sum of the offset diagonal of each matrix of x, shape x.shape[:-2]. Without dtype the
 * result has x's dtype, except that bool and signed integers sum in int64 and unsigned ones in
 * uint64; with dtype, x is cast to it first.
 *
 * >>> ferrule.linalg.trace(ferrule.asarray([[1, 2], [3, 4]]))
 * ferrule.Tensor(5, dtype=int64)
 */
static inline int32_t ferrule_op_linalg_trace(const FerruleAny* x, const FerruleAny* offset, const FerruleAny* dtype, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_trace: argument 'x' is required", err); return -1; }
  if (offset) { ferrule__args[ferrule__n++] = *offset; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.linalg.trace", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.linalg.vector_norm(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False, ord: float = 2.0) -> Tensor
 *
 * The vector ord-norm over axis (all dims for None): inf is the largest magnitude, -inf the
 * smallest, 0 the number of non-zeros, otherwise sum(|x|**ord)**(1/ord).
 *
 * >>> ferrule.linalg.vector_norm(ferrule.asarray([3.0, 4.0]))
 * ferrule.Tensor(5., dtype=float64)
 */
static inline int32_t ferrule_op_linalg_vector_norm(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* keepdims, const FerruleAny* ord, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_linalg_vector_norm: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (keepdims) { ferrule__args[ferrule__n++] = *keepdims; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (ord) { ferrule__args[ferrule__n++] = *ord; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 2.0; }
  return ferrule_ops__call("ops.linalg.vector_norm", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.reshape(x: Tensor, /, shape: int | tuple[int, ...], *, copy: bool | None = None) -> Tensor
 *
 * Gives x a new shape (one dim may be -1) without changing its elements.
 *
 * Returns a view when the strides allow one and a copy otherwise; copy=True always
 * copies, copy=False never does (ValueError when a copy would be needed).
 *
 * >>> ferrule.reshape(ferrule.arange(6), (2, 3))
 * ferrule.Tensor([[0, 1, 2],
 *                 [3, 4, 5]], dtype=int64)
 */
static inline int32_t ferrule_op_reshape(const FerruleAny* x, const FerruleAny* shape, const FerruleAny* copy, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_reshape: argument 'x' is required", err); return -1; }
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_reshape: argument 'shape' is required", err); return -1; }
  if (copy) { ferrule__args[ferrule__n++] = *copy; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.reshape", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.permute_dims(x: Tensor, /, axes: int | tuple[int, ...]) -> Tensor
 *
 * Reorders the dims of x (a view): dim i of the result is dim axes[i] of x.
 *
 * >>> ferrule.permute_dims(ferrule.zeros((2, 3, 4)), (2, 0, 1)).shape
 * (4, 2, 3)
 */
static inline int32_t ferrule_op_permute_dims(const FerruleAny* x, const FerruleAny* axes, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_permute_dims: argument 'x' is required", err); return -1; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule_error_create("TypeError", "ferrule_op_permute_dims: argument 'axes' is required", err); return -1; }
  return ferrule_ops__call("ops.permute_dims", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.matrix_transpose(x: Tensor, /) -> Tensor
 *
 * Swaps the last two dims of x (a view); x needs at least 2 dims.
 *
 * >>> ferrule.matrix_transpose(ferrule.asarray([[1, 2, 3]]))
 * ferrule.Tensor([[1],
 *                 [2],
 *                 [3]], dtype=int64)
 */
static inline int32_t ferrule_op_matrix_transpose(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_matrix_transpose: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.matrix_transpose", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.expand_dims(x: Tensor, /, axis: int = 0) -> Tensor
 *
 * Inserts a dim of size 1 at axis (a view); axis ranges over -x.ndim-1 .. x.ndim.
 *
 * >>> ferrule.expand_dims(ferrule.asarray([1, 2]), axis=1).shape
 * (2, 1)
 */
static inline int32_t ferrule_op_expand_dims(const FerruleAny* x, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_expand_dims: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.expand_dims", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.squeeze(x: Tensor, /, axis: int | tuple[int, ...] | None) -> Tensor
 *
 * Removes the size-1 dims named by axis (int or tuple; a view). Naming a dim whose size
 * is not 1 is a ValueError; None (a numpy extension) removes every size-1 dim.
 *
 * >>> ferrule.squeeze(ferrule.zeros((1, 3, 1)), axis=0).shape
 * (3, 1)
 */
static inline int32_t ferrule_op_squeeze(const FerruleAny* x, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_squeeze: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule_error_create("TypeError", "ferrule_op_squeeze: argument 'axis' is required", err); return -1; }
  return ferrule_ops__call("ops.squeeze", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.broadcast_to(x: Tensor, /, shape: int | tuple[int, ...]) -> Tensor
 *
 * A broadcast view of x with the given shape (its repeated elements alias: treat it as
 * read-only).
 *
 * >>> ferrule.broadcast_to(ferrule.asarray([1, 2]), (2, 2))
 * ferrule.Tensor([[1, 2],
 *                 [1, 2]], dtype=int64)
 */
static inline int32_t ferrule_op_broadcast_to(const FerruleAny* x, const FerruleAny* shape, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_broadcast_to: argument 'x' is required", err); return -1; }
  if (shape) { ferrule__args[ferrule__n++] = *shape; } else { ferrule_error_create("TypeError", "ferrule_op_broadcast_to: argument 'shape' is required", err); return -1; }
  return ferrule_ops__call("ops.broadcast_to", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.broadcast_arrays(*arrays: Tensor) -> list[Tensor]
 *
 * Broadcasts the tensors against each other, returning views of the common shape.
 *
 * >>> [t.shape for t in ferrule.broadcast_arrays(ferrule.zeros((2, 1)), ferrule.zeros(3))]
 * [(2, 3), (2, 3)]
 */
static inline int32_t ferrule_op_broadcast_arrays(const FerruleAny* arrays, int32_t num_arrays, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  if (num_arrays < 0 || num_arrays > 64) { ferrule_error_create("ValueError", "ferrule_op_broadcast_arrays: num_arrays must be in 0..64", err); return -1; }
  FerruleAny ferrule__args[0 + 64];
  int32_t ferrule__n = 0;
  for (int32_t ferrule__i = 0; ferrule__i < num_arrays; ++ferrule__i) ferrule__args[ferrule__n++] = arrays[ferrule__i];
  return ferrule_ops__call("ops.broadcast_arrays", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.concat(arrays: list[Tensor], /, *, axis: int | None = 0) -> Tensor
 *
 * Joins tensors along an existing axis (None: flattens them first). The result dtype is
 * the promotion of the input dtypes.
 *
 * >>> ferrule.concat([ferrule.asarray([1, 2]), ferrule.asarray([3.5])])
 * ferrule.Tensor([1. , 2. , 3.5], dtype=float64)
 */
static inline int32_t ferrule_op_concat(const FerruleAny* arrays, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (arrays) { ferrule__args[ferrule__n++] = *arrays; } else { ferrule_error_create("TypeError", "ferrule_op_concat: argument 'arrays' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.concat", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.stack(arrays: list[Tensor], /, *, axis: int = 0) -> Tensor
 *
 * Joins tensors of one shape along a new axis; the dtype is their promotion.
 *
 * >>> ferrule.stack([ferrule.asarray([1, 2]), ferrule.asarray([3, 4])], axis=1)
 * ferrule.Tensor([[1, 3],
 *                 [2, 4]], dtype=int64)
 */
static inline int32_t ferrule_op_stack(const FerruleAny* arrays, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (arrays) { ferrule__args[ferrule__n++] = *arrays; } else { ferrule_error_create("TypeError", "ferrule_op_stack: argument 'arrays' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.stack", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.unstack(x: Tensor, /, *, axis: int = 0) -> list[Tensor]
 *
 * Splits x along axis into views, one per index.
 *
 * >>> ferrule.unstack(ferrule.asarray([[1, 2], [3, 4]]))
 * [ferrule.Tensor([1, 2], dtype=int64), ferrule.Tensor([3, 4], dtype=int64)]
 */
static inline int32_t ferrule_op_unstack(const FerruleAny* x, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_unstack: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(0); }
  return ferrule_ops__call("ops.unstack", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.flip(x: Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> Tensor
 *
 * Reverses the order of elements along axis (int, tuple, or None for every dim); a view
 * with negative strides.
 *
 * >>> ferrule.flip(ferrule.asarray([1, 2, 3]))
 * ferrule.Tensor([3, 2, 1], dtype=int64)
 */
static inline int32_t ferrule_op_flip(const FerruleAny* x, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_flip: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.flip", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.roll(x: Tensor, /, shift: Any, *, axis: int | tuple[int, ...] | None = None) -> Tensor
 *
 * Rolls elements along axis by shift (int or tuple of ints, broadcast against axis);
 * elements leaving one end come back at the other. axis=None rolls the flattened tensor.
 *
 * >>> ferrule.roll(ferrule.asarray([1, 2, 3, 4]), 1)
 * ferrule.Tensor([4, 1, 2, 3], dtype=int64)
 */
static inline int32_t ferrule_op_roll(const FerruleAny* x, const FerruleAny* shift, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_roll: argument 'x' is required", err); return -1; }
  if (shift) { ferrule__args[ferrule__n++] = *shift; } else { ferrule_error_create("TypeError", "ferrule_op_roll: argument 'shift' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.roll", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.moveaxis(x: Tensor, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Tensor
 *
 * Moves dims source (int or tuple) to positions destination; the others keep their order
 * (a view).
 *
 * >>> ferrule.moveaxis(ferrule.zeros((2, 3, 4)), 0, -1).shape
 * (3, 4, 2)
 */
static inline int32_t ferrule_op_moveaxis(const FerruleAny* x, const FerruleAny* source, const FerruleAny* destination, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_moveaxis: argument 'x' is required", err); return -1; }
  if (source) { ferrule__args[ferrule__n++] = *source; } else { ferrule_error_create("TypeError", "ferrule_op_moveaxis: argument 'source' is required", err); return -1; }
  if (destination) { ferrule__args[ferrule__n++] = *destination; } else { ferrule_error_create("TypeError", "ferrule_op_moveaxis: argument 'destination' is required", err); return -1; }
  return ferrule_ops__call("ops.moveaxis", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.repeat(x: Tensor, repeats: Tensor | int | float | bool, /, *, axis: int | None = None) -> Tensor
 *
 * Repeats each element along axis (None: of the flattened tensor) repeats times: an int,
 * or a 1-D integer tensor with one count per element (or a single count).
 *
 * >>> ferrule.repeat(ferrule.asarray([1, 2]), 2)
 * ferrule.Tensor([1, 1, 2, 2], dtype=int64)
 */
static inline int32_t ferrule_op_repeat(const FerruleAny* x, const FerruleAny* repeats, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_repeat: argument 'x' is required", err); return -1; }
  if (repeats) { ferrule__args[ferrule__n++] = *repeats; } else { ferrule_error_create("TypeError", "ferrule_op_repeat: argument 'repeats' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.repeat", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.tile(x: Tensor, repetitions: int | tuple[int, ...], /) -> Tensor
 *
 * Repeats the whole of x repetitions[i] times along each dim (shorter repetitions are
 * padded with leading 1s; a shorter x gets leading size-1 dims).
 *
 * >>> ferrule.tile(ferrule.asarray([1, 2]), (2,))
 * ferrule.Tensor([1, 2, 1, 2], dtype=int64)
 */
static inline int32_t ferrule_op_tile(const FerruleAny* x, const FerruleAny* repetitions, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_tile: argument 'x' is required", err); return -1; }
  if (repetitions) { ferrule__args[ferrule__n++] = *repetitions; } else { ferrule_error_create("TypeError", "ferrule_op_tile: argument 'repetitions' is required", err); return -1; }
  return ferrule_ops__call("ops.tile", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.getitem(x: Tensor, index: Any, /) -> Tensor
 *
 * x[index] with numpy's rules: ints, slices, None and ... give a view; integer or boolean
 * tensors (advanced indexing) give a copy. Out-of-range ints are an IndexError naming the
 * axis, the index and the size.
 *
 * >>> ferrule.arange(6)[1:5:2]
 * ferrule.Tensor([1, 3], dtype=int64)
 */
static inline int32_t ferrule_op_getitem(const FerruleAny* x, const FerruleAny* index, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_getitem: argument 'x' is required", err); return -1; }
  if (index) { ferrule__args[ferrule__n++] = *index; } else { ferrule_error_create("TypeError", "ferrule_op_getitem: argument 'index' is required", err); return -1; }
  return ferrule_ops__call("ops.getitem", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.setitem(x: Tensor, index: Any, value: Tensor | int | float | bool, /) -> None
 *
 * x[index] = value: writes value, broadcast to the selection and cast to x's dtype as
 * numpy does (unsafe casting), into x's memory.
 *
 * >>> x = ferrule.zeros(3, dtype=ferrule.int64); x[1] = 7; x
 * ferrule.Tensor([0, 7, 0], dtype=int64)
 */
static inline int32_t ferrule_op_setitem(const FerruleAny* x, const FerruleAny* index, const FerruleAny* value, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_setitem: argument 'x' is required", err); return -1; }
  if (index) { ferrule__args[ferrule__n++] = *index; } else { ferrule_error_create("TypeError", "ferrule_op_setitem: argument 'index' is required", err); return -1; }
  if (value) { ferrule__args[ferrule__n++] = *value; } else { ferrule_error_create("TypeError", "ferrule_op_setitem: argument 'value' is required", err); return -1; }
  return ferrule_ops__call("ops.setitem", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.take(x: Tensor, indices: Tensor, /, *, axis: int | None = None) -> Tensor
 *
 * Elements of x at integer indices along axis (None: of the flattened x); the result
 * shape is x.shape[:axis] + indices.shape + x.shape[axis+1:].
 *
 * >>> ferrule.take(ferrule.asarray([10, 20, 30]), ferrule.asarray([2, 0]))
 * ferrule.Tensor([30, 10], dtype=int64)
 */
static inline int32_t ferrule_op_take(const FerruleAny* x, const FerruleAny* indices, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_take: argument 'x' is required", err); return -1; }
  if (indices) { ferrule__args[ferrule__n++] = *indices; } else { ferrule_error_create("TypeError", "ferrule_op_take: argument 'indices' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.take", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.take_along_axis(x: Tensor, indices: Tensor, /, *, axis: int = -1) -> Tensor
 *
 * Picks values of x along axis at the matching positions of indices (same number of
 * dims as x, broadcast against it elsewhere), e.g. with the output of argsort.
 *
 * >>> x = ferrule.asarray([[3, 1, 2]])
 * >>> ferrule.take_along_axis(x, ferrule.argsort(x), axis=1)
 * ferrule.Tensor([[1, 2, 3]], dtype=int64)
 */
static inline int32_t ferrule_op_take_along_axis(const FerruleAny* x, const FerruleAny* indices, const FerruleAny* axis, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[3];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_take_along_axis: argument 'x' is required", err); return -1; }
  if (indices) { ferrule__args[ferrule__n++] = *indices; } else { ferrule_error_create("TypeError", "ferrule_op_take_along_axis: argument 'indices' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  return ferrule_ops__call("ops.take_along_axis", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.nonzero(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * The indices of the non-zero elements of x, one int64 tensor per dim, in row-major
 * order. A 0-d x is a ValueError.
 *
 * >>> ferrule.nonzero(ferrule.asarray([0, 3, 0, 4]))
 * (ferrule.Tensor([1, 3], dtype=int64),)
 */
static inline int32_t ferrule_op_nonzero(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_nonzero: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.nonzero", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.searchsorted(x1: Tensor, x2: Tensor | int | float | bool, /, *, side: str = 'left', sorter: Tensor | None = None) -> Tensor
 *
 * For each element of x2, the int64 index where inserting it into the sorted 1-D x1
 * keeps the order (side='left': the first such index, 'right': the last). sorter is an
 * index permutation that sorts x1. NaN sorts last, as in sort.
 *
 * >>> ferrule.searchsorted(ferrule.asarray([1, 2, 2, 3]), ferrule.asarray([2, 5]))
 * ferrule.Tensor([1, 4], dtype=int64)
 */
static inline int32_t ferrule_op_searchsorted(const FerruleAny* x1, const FerruleAny* x2, const FerruleAny* side, const FerruleAny* sorter, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x1) { ferrule__args[ferrule__n++] = *x1; } else { ferrule_error_create("TypeError", "ferrule_op_searchsorted: argument 'x1' is required", err); return -1; }
  if (x2) { ferrule__args[ferrule__n++] = *x2; } else { ferrule_error_create("TypeError", "ferrule_op_searchsorted: argument 'x2' is required", err); return -1; }
  if (side) { ferrule__args[ferrule__n++] = *side; } else { static const char text[8] = {108, 101, 102, 116}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 4; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  if (sorter) { ferrule__args[ferrule__n++] = *sorter; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.searchsorted", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.sort(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor
 *
 * x sorted along axis. NaN sorts after every number (first when descending); complex
 * sorts by real part, then imaginary part. stable=True keeps equal elements in order.
 *
 * >>> ferrule.sort(ferrule.asarray([3.0, float("nan"), 1.0]))
 * ferrule.Tensor([ 1.,  3., nan], dtype=float64)
 */
static inline int32_t ferrule_op_sort(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* descending, const FerruleAny* stable, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_sort: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (descending) { ferrule__args[ferrule__n++] = *descending; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (stable) { ferrule__args[ferrule__n++] = *stable; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 1; }
  return ferrule_ops__call("ops.sort", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.argsort(x: Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor
 *
 * The int64 indices that sort x along axis (the order of sort). With stable=True equal
 * elements keep their original order, in both directions.
 *
 * >>> ferrule.argsort(ferrule.asarray([3, 1, 2]), descending=True)
 * ferrule.Tensor([0, 2, 1], dtype=int64)
 */
static inline int32_t ferrule_op_argsort(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* descending, const FerruleAny* stable, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_argsort: argument 'x' is required", err); return -1; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (descending) { ferrule__args[ferrule__n++] = *descending; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (stable) { ferrule__args[ferrule__n++] = *stable; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_BOOL; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 1; }
  return ferrule_ops__call("ops.argsort", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.unique_values(x: Tensor, /) -> Tensor
 *
 * The sorted unique elements of x (flattened); every NaN is its own value.
 *
 * >>> ferrule.unique_values(ferrule.asarray([3, 1, 3, 2]))
 * ferrule.Tensor([1, 2, 3], dtype=int64)
 */
static inline int32_t ferrule_op_unique_values(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_unique_values: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.unique_values", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.unique_counts(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * (values, counts): the sorted unique elements of x and how often each occurs (int64).
 *
 * >>> ferrule.unique_counts(ferrule.asarray([3, 1, 3]))
 * UniqueCountsResult(values=ferrule.Tensor([1, 3], dtype=int64), counts=ferrule.Tensor([1, 2], dtype=int64))
 */
static inline int32_t ferrule_op_unique_counts(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_unique_counts: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.unique_counts", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.unique_inverse(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * (values, inverse_indices): the sorted unique elements and, with x's shape, the index
 * into values of each element of x, so values[inverse_indices] rebuilds x.
 *
 * >>> ferrule.unique_inverse(ferrule.asarray([3, 1, 3]))
 * UniqueInverseResult(values=ferrule.Tensor([1, 3], dtype=int64), inverse_indices=ferrule.Tensor([1, 0, 1], dtype=int64))
 */
static inline int32_t ferrule_op_unique_inverse(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_unique_inverse: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.unique_inverse", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.unique_all(x: Tensor, /) -> tuple[Tensor, ...]
 *
 * (values, indices, inverse_indices, counts): the sorted unique elements, the flat index
 * of each one's first occurrence, the inverse indices (x's shape) and the counts.
 *
 * >>> u = ferrule.unique_all(ferrule.asarray([3, 1, 3]))
 * >>> u.values, u.indices
 * (ferrule.Tensor([1, 3], dtype=int64), ferrule.Tensor([1, 0], dtype=int64))
 * >>> u.inverse_indices, u.counts
 * (ferrule.Tensor([1, 0, 1], dtype=int64), ferrule.Tensor([1, 2], dtype=int64))
 */
static inline int32_t ferrule_op_unique_all(const FerruleAny* x, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_unique_all: argument 'x' is required", err); return -1; }
  return ferrule_ops__call("ops.unique_all", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.can_cast(from_: Any, to: dtype, /) -> bool
 *
 * Whether from_ (a dtype or a tensor) casts to the dtype to under the type-promotion
 * rules (safe casting).
 *
 * >>> ferrule.can_cast(ferrule.int8, ferrule.int16), ferrule.can_cast(ferrule.float64, ferrule.float32)
 * (True, False)
 */
static inline int32_t ferrule_op_can_cast(const FerruleAny* from_, const FerruleAny* to, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (from_) { ferrule__args[ferrule__n++] = *from_; } else { ferrule_error_create("TypeError", "ferrule_op_can_cast: argument 'from_' is required", err); return -1; }
  if (to) { ferrule__args[ferrule__n++] = *to; } else { ferrule_error_create("TypeError", "ferrule_op_can_cast: argument 'to' is required", err); return -1; }
  return ferrule_ops__call("ops.can_cast", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.result_type(*arrays_and_dtypes: Any) -> Any
 *
 * The dtype resulting from type promotion of tensors, dtypes and Python scalars (which
 * are weak: they take the dtype of the others).
 *
 * >>> ferrule.result_type(ferrule.int8, ferrule.uint8), ferrule.result_type(ferrule.float32, 1.0)
 * (ferrule.int16, ferrule.float32)
 */
static inline int32_t ferrule_op_result_type(const FerruleAny* arrays_and_dtypes, int32_t num_arrays_and_dtypes, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  if (num_arrays_and_dtypes < 0 || num_arrays_and_dtypes > 64) { ferrule_error_create("ValueError", "ferrule_op_result_type: num_arrays_and_dtypes must be in 0..64", err); return -1; }
  FerruleAny ferrule__args[0 + 64];
  int32_t ferrule__n = 0;
  for (int32_t ferrule__i = 0; ferrule__i < num_arrays_and_dtypes; ++ferrule__i) ferrule__args[ferrule__n++] = arrays_and_dtypes[ferrule__i];
  return ferrule_ops__call("ops.result_type", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.finfo(type: Any, /) -> Any
 *
 * Machine limits of a floating-point dtype (or tensor) as a record with bits, eps, max,
 * min, smallest_normal and dtype; a complex dtype describes its real parts.
 *
 * >>> ferrule.finfo(ferrule.float32).eps
 * 1.1920928955078125e-07
 */
static inline int32_t ferrule_op_finfo(const FerruleAny* type, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (type) { ferrule__args[ferrule__n++] = *type; } else { ferrule_error_create("TypeError", "ferrule_op_finfo: argument 'type' is required", err); return -1; }
  return ferrule_ops__call("ops.finfo", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.iinfo(type: Any, /) -> Any
 *
 * Machine limits of an integer dtype (or tensor) as a record with bits, max, min and
 * dtype. For uint64, max (2**64 - 1) is a 0-d uint64 tensor, since it exceeds the packed int.
 *
 * >>> ferrule.iinfo(ferrule.int8).max
 * 127
 */
static inline int32_t ferrule_op_iinfo(const FerruleAny* type, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[1];
  int32_t ferrule__n = 0;
  if (type) { ferrule__args[ferrule__n++] = *type; } else { ferrule_error_create("TypeError", "ferrule_op_iinfo: argument 'type' is required", err); return -1; }
  return ferrule_ops__call("ops.iinfo", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.isdtype(dtype: dtype, kind: Any, /) -> bool
 *
 * Whether dtype is of kind: a dtype, one of 'bool', 'signed integer', 'unsigned integer',
 * 'integral', 'real floating', 'complex floating', 'numeric', or a tuple of those.
 *
 * >>> ferrule.isdtype(ferrule.float32, ("integral", "real floating"))
 * True
 */
static inline int32_t ferrule_op_isdtype(const FerruleAny* dtype, const FerruleAny* kind, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule_error_create("TypeError", "ferrule_op_isdtype: argument 'dtype' is required", err); return -1; }
  if (kind) { ferrule__args[ferrule__n++] = *kind; } else { ferrule_error_create("TypeError", "ferrule_op_isdtype: argument 'kind' is required", err); return -1; }
  return ferrule_ops__call("ops.isdtype", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.fft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The 1-D discrete Fourier transform along axis: X[k] = sum_j x[j] exp(-2 pi i jk/n), with x
 * cut or zero-padded to n points (default: its length along axis). Real input gives the
 * complex dtype of its precision; n < 1 and an unknown norm are ValueErrors.
 *
 * >>> ferrule.fft.fft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))
 * ferrule.Tensor([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex128)
 */
static inline int32_t ferrule_op_fft_fft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_fft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.fft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.ifft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The inverse of fft.fft: x[j] = (1/n) sum_k X[k] exp(2 pi i jk/n) under norm='backward';
 * n and axis as fft.fft.
 *
 * >>> ferrule.fft.ifft(ferrule.asarray([4.0, 0.0, 0.0, 0.0]))
 * ferrule.Tensor([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex128)
 */
static inline int32_t ferrule_op_fft_ifft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_ifft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.ifft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.fftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
 *
 * The n-D discrete Fourier transform over axes (default: all), each cut or zero-padded to the
 * size in s (s needs axes; -1 keeps an axis's length). A repeated axis is a ValueError.
 *
 * >>> ferrule.fft.fftn(ferrule.ones((2, 2)))
 * ferrule.Tensor([[4.+0.j, 0.+0.j],
 *                 [0.+0.j, 0.+0.j]], dtype=complex128)
 */
static inline int32_t ferrule_op_fft_fftn(const FerruleAny* x, const FerruleAny* s, const FerruleAny* axes, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_fftn: argument 'x' is required", err); return -1; }
  if (s) { ferrule__args[ferrule__n++] = *s; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.fftn", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.ifftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
 *
 * The n-D inverse transform (fft.ifft over each of axes); s and axes as fft.fftn.
 *
 * >>> ferrule.real(ferrule.fft.ifftn(ferrule.fft.fftn(ferrule.asarray([[1.0, 2.0], [3.0, 4.0]]))))
 * ferrule.Tensor([[1., 2.],
 *                 [3., 4.]], dtype=float64)
 */
static inline int32_t ferrule_op_fft_ifftn(const FerruleAny* x, const FerruleAny* s, const FerruleAny* axes, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_ifftn: argument 'x' is required", err); return -1; }
  if (s) { ferrule__args[ferrule__n++] = *s; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.ifftn", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.rfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The transform of a real signal: the n//2 + 1 non-negative-frequency terms of fft.fft (the
 * others are their complex conjugates). x must be real (complex input is a TypeError); n and
 * axis as fft.fft.
 *
 * >>> ferrule.fft.rfft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))
 * ferrule.Tensor([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex128)
 */
static inline int32_t ferrule_op_fft_rfft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_rfft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.rfft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.irfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The inverse of fft.rfft: n real points (default 2*(m - 1) for m input points) from the
 * first n//2 + 1 terms of x (cut or zero-padded); the imaginary parts of the zero-frequency
 * term and, for even n, of the Nyquist term are ignored. Pass n to recover an odd length.
 *
 * >>> ferrule.fft.irfft(ferrule.fft.rfft(ferrule.asarray([1.0, 2.0, 3.0])), n=3)
 * ferrule.Tensor([1., 2., 3.], dtype=float64)
 */
static inline int32_t ferrule_op_fft_irfft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_irfft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.irfft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.rfftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
 *
 * The n-D transform of a real x: fft.rfft over the last of axes, then fft.fft over the others;
 * s and axes as fft.fftn (the last size counts real input points).
 *
 * >>> ferrule.fft.rfftn(ferrule.ones((2, 4))).shape
 * (2, 3)
 */
static inline int32_t ferrule_op_fft_rfftn(const FerruleAny* x, const FerruleAny* s, const FerruleAny* axes, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_rfftn: argument 'x' is required", err); return -1; }
  if (s) { ferrule__args[ferrule__n++] = *s; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.rfftn", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.irfftn(x: Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None, norm: str = 'backward') -> Tensor
 *
 * The inverse of fft.rfftn: fft.ifft over all but the last of axes, then fft.irfft over the
 * last, whose size in s (default 2*(m - 1)) is the number of real output points.
 *
 * >>> ferrule.fft.irfftn(ferrule.fft.rfftn(ferrule.ones((2, 3))), s=(2, 3), axes=(0, 1))
 * ferrule.Tensor([[1., 1., 1.],
 *                 [1., 1., 1.]], dtype=float64)
 */
static inline int32_t ferrule_op_fft_irfftn(const FerruleAny* x, const FerruleAny* s, const FerruleAny* axes, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_irfftn: argument 'x' is required", err); return -1; }
  if (s) { ferrule__args[ferrule__n++] = *s; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.irfftn", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.hfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The transform of a Hermitian-symmetric signal given by its first half x: n real points
 * (default 2*(m - 1)); under norm='backward', hfft(x, n=n) equals irfft(conj(x), n=n) * n.
 *
 * >>> ferrule.fft.hfft(ferrule.asarray([1.0, 2.0, 3.0]))
 * ferrule.Tensor([ 8., -2.,  0., -2.], dtype=float64)
 */
static inline int32_t ferrule_op_fft_hfft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_hfft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.hfft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.ihfft(x: Tensor, /, *, n: int | None = None, axis: int = -1, norm: str = 'backward') -> Tensor
 *
 * The inverse of fft.hfft for a real x: conj(rfft(x)) / n under norm='backward' (n//2 + 1
 * complex terms).
 *
 * >>> ferrule.fft.ihfft(ferrule.asarray([1.0, 2.0, 3.0, 4.0]))
 * ferrule.Tensor([ 2.5-0.j , -0.5-0.5j, -0.5-0.j ], dtype=complex128)
 */
static inline int32_t ferrule_op_fft_ihfft(const FerruleAny* x, const FerruleAny* n, const FerruleAny* axis, const FerruleAny* norm, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_ihfft: argument 'x' is required", err); return -1; }
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (axis) { ferrule__args[ferrule__n++] = *axis; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_INT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = INT64_C(-1); }
  if (norm) { ferrule__args[ferrule__n++] = *norm; } else { static const char text[8] = {98, 97, 99, 107, 119, 97, 114, 100}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = 8; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }
  return ferrule_ops__call("ops.fft.ihfft", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.fftfreq(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * The sample frequencies of an n-point fft.fft with sample spacing d:
 * [0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (n*d), in dtype (a real floating-point
 * dtype, default float64). n < 1 is a ValueError, d == 0 a ZeroDivisionError.
 *
 * >>> ferrule.fft.fftfreq(4, d=0.5)
 * ferrule.Tensor([ 0. ,  0.5, -1. , -0.5], dtype=float64)
 */
static inline int32_t ferrule_op_fft_fftfreq(const FerruleAny* n, const FerruleAny* d, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule_error_create("TypeError", "ferrule_op_fft_fftfreq: argument 'n' is required", err); return -1; }
  if (d) { ferrule__args[ferrule__n++] = *d; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 1.0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.fft.fftfreq", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.rfftfreq(n: int, /, *, d: float = 1.0, dtype: dtype | None = None, device: device | None = None) -> Tensor
 *
 * The sample frequencies of an n-point fft.rfft with sample spacing d: [0, 1, ..., n//2] /
 * (n*d); dtype and errors as fft.fftfreq.
 *
 * >>> ferrule.fft.rfftfreq(5, dtype=ferrule.float32)
 * ferrule.Tensor([0. , 0.2, 0.4], dtype=float32)
 */
static inline int32_t ferrule_op_fft_rfftfreq(const FerruleAny* n, const FerruleAny* d, const FerruleAny* dtype, const FerruleAny* device, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[4];
  int32_t ferrule__n = 0;
  if (n) { ferrule__args[ferrule__n++] = *n; } else { ferrule_error_create("TypeError", "ferrule_op_fft_rfftfreq: argument 'n' is required", err); return -1; }
  if (d) { ferrule__args[ferrule__n++] = *d; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_FLOAT; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_float64 = 1.0; }
  if (dtype) { ferrule__args[ferrule__n++] = *dtype; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  if (device) { ferrule__args[ferrule__n++] = *device; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.fft.rfftfreq", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.fftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor
 *
 * x with the zero-frequency term moved to the middle of each of axes (default: all): rolled
 * by m//2 along an axis of length m. A new tensor of any dtype; a repeated axis is a
 * ValueError.
 *
 * >>> ferrule.fft.fftshift(ferrule.fft.fftfreq(5))
 * ferrule.Tensor([-0.4, -0.2,  0. ,  0.2,  0.4], dtype=float64)
 */
static inline int32_t ferrule_op_fft_fftshift(const FerruleAny* x, const FerruleAny* axes, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_fftshift: argument 'x' is required", err); return -1; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.fft.fftshift", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

/* ops.fft.ifftshift(x: Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> Tensor
 *
 * The inverse of fft.fftshift: rolled by -(m//2) along each of axes (the two differ for odd
 * lengths).
 *
 * >>> ferrule.fft.ifftshift(ferrule.asarray([3, 4, 0, 1, 2]))
 * ferrule.Tensor([0, 1, 2, 3, 4], dtype=int64)
 */
static inline int32_t ferrule_op_fft_ifftshift(const FerruleAny* x, const FerruleAny* axes, FerruleAny* result, FerruleObject** err) {
  static FerruleObject* ferrule__cache;
  FerruleAny ferrule__args[2];
  int32_t ferrule__n = 0;
  if (x) { ferrule__args[ferrule__n++] = *x; } else { ferrule_error_create("TypeError", "ferrule_op_fft_ifftshift: argument 'x' is required", err); return -1; }
  if (axes) { ferrule__args[ferrule__n++] = *axes; } else { ferrule__args[ferrule__n].type_index = FERRULE_TYPE_NONE; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].v_int64 = 0; }
  return ferrule_ops__call("ops.fft.ifftshift", &ferrule__cache, ferrule__args, ferrule__n, result, err);
}

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* FERRULE_OPS_H_ */
