/* random.h — a random number generator from C: FerruleGenerator and the ferrule_generator_*
 * functions (numpy's Generator methods random, uniform, normal, integers, permutation, shuffle
 * and choice) over the registered ops.random.* operators.
 *
 * A FerruleGenerator is two numbers, a seed and a counter of the calls made so far. Each call
 * draws from stream `counter` of `seed` (the ops' seed and stream arguments, computed in
 * libferrule) and then advances the counter by one, so the same calls on ferrule_generator_new(42)
 * give the same numbers in C, Python (ferrule.random.default_rng(42)) and Go
 * (ferrule.NewGenerator(42)). A call that fails leaves the counter alone. Copying the struct
 * copies the state; one generator must not be used by two threads at once.
 *
 * Ownership and errors follow ferrule.h: on success the functions return 0 and `*result` holds an
 * owned tensor value to release with ferrule_any_release; on failure they return -1 and `*err`
 * holds an owned error (kind "ValueError", "TypeError", ...) whose message names the op. `shape`
 * is `ndim` sizes (NULL and 0 for a 0-d result); `dtype` is NULL for the method's default. */
#ifndef FERRULE_RANDOM_H_
#define FERRULE_RANDOM_H_

#include <stdint.h>
#include <string.h>

#include "ferrule/ferrule.h"
#include "ferrule/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A generator's state: the seed, and the number of calls made so far. */
typedef struct FerruleGenerator {
  uint64_t seed;
  uint64_t counter;
} FerruleGenerator;

/* A generator for `seed`, at counter 0. */
static inline FerruleGenerator ferrule_generator_new(uint64_t seed) {
  FerruleGenerator g = {seed, 0};
  return g;
}

/* `value` as an int value (the ABI's signed 64 bits, the same bits). Internal. */
static inline FerruleAny ferrule_generator__int(int64_t value) {
  FerruleAny a;
  memset(&a, 0, sizeof a);
  a.type_index = FERRULE_TYPE_INT;
  a.v_int64 = value;
  return a;
}

/* `value` as a float value. Internal. */
static inline FerruleAny ferrule_generator__float(double value) {
  FerruleAny a;
  memset(&a, 0, sizeof a);
  a.type_index = FERRULE_TYPE_FLOAT;
  a.v_float64 = value;
  return a;
}

/* `value` as a bool value. Internal. */
static inline FerruleAny ferrule_generator__bool(int value) {
  FerruleAny a;
  memset(&a, 0, sizeof a);
  a.type_index = FERRULE_TYPE_BOOL;
  a.v_int64 = value != 0;
  return a;
}

/* `shape` as an owned array value in `*out`. Internal. */
static inline int32_t ferrule_generator__shape(const int64_t* shape, int32_t ndim, FerruleAny* out,
                                               FerruleObject** err) {
  FerruleAny items[32];
  if (ndim < 0 || ndim > 32 || (ndim > 0 && shape == NULL)) {
    ferrule_error_create("ValueError", "ferrule_generator: 'shape' must be 0 to 32 sizes", err);
    return -1;
  }
  for (int32_t i = 0; i < ndim; ++i) items[i] = ferrule_generator__int(shape[i]);
  FerruleObject* array = NULL;
  if (ferrule_array_create(items, ndim, &array, err) != 0) return -1;
  memset(out, 0, sizeof *out);
  out->type_index = FERRULE_TYPE_ARRAY;
  out->v_obj = array;
  return 0;
}

/* The dtype value of `dtype` in `*out`, or 0 for NULL (the default). Internal. */
static inline const FerruleAny* ferrule_generator__dtype(const DLDataType* dtype, FerruleAny* out) {
  if (dtype == NULL) return NULL;
  memset(out, 0, sizeof *out);
  out->type_index = FERRULE_TYPE_DTYPE;
  out->v_dtype = *dtype;
  return out;
}

/* Advances the counter after a call that returned `rc`, and returns `rc`. Internal. */
static inline int32_t ferrule_generator__done(FerruleGenerator* g, int32_t rc) {
  if (rc == 0) g->counter += 1;
  return rc;
}

/* Uniform floats in [low, high) (finite bounds); dtype float64 (NULL) or float32. */
static inline int32_t ferrule_generator_uniform(FerruleGenerator* g, double low, double high,
                                                const int64_t* shape, int32_t ndim,
                                                const DLDataType* dtype, FerruleAny* result,
                                                FerruleObject** err) {
  FerruleAny shape_v, dtype_v;
  if (ferrule_generator__shape(shape, ndim, &shape_v, err) != 0) return -1;
  FerruleAny low_v = ferrule_generator__float(low), high_v = ferrule_generator__float(high);
  FerruleAny seed_v = ferrule_generator__int((int64_t)g->seed);
  FerruleAny stream_v = ferrule_generator__int((int64_t)g->counter);
  int32_t rc =
      ferrule_op_random_uniform(&low_v, &high_v, &shape_v, &seed_v,
                                ferrule_generator__dtype(dtype, &dtype_v), &stream_v, result, err);
  ferrule_any_release(&shape_v);
  return ferrule_generator__done(g, rc);
}

/* Uniform floats in [0, 1); dtype float64 (NULL) or float32. */
static inline int32_t ferrule_generator_random(FerruleGenerator* g, const int64_t* shape,
                                               int32_t ndim, const DLDataType* dtype,
                                               FerruleAny* result, FerruleObject** err) {
  return ferrule_generator_uniform(g, 0.0, 1.0, shape, ndim, dtype, result, err);
}

/* Normal samples of mean `loc` and standard deviation `scale` (>= 0); dtype float64 (NULL) or
 * float32. */
static inline int32_t ferrule_generator_normal(FerruleGenerator* g, double loc, double scale,
                                               const int64_t* shape, int32_t ndim,
                                               const DLDataType* dtype, FerruleAny* result,
                                               FerruleObject** err) {
  FerruleAny shape_v, dtype_v;
  if (ferrule_generator__shape(shape, ndim, &shape_v, err) != 0) return -1;
  FerruleAny loc_v = ferrule_generator__float(loc), scale_v = ferrule_generator__float(scale);
  FerruleAny seed_v = ferrule_generator__int((int64_t)g->seed);
  FerruleAny stream_v = ferrule_generator__int((int64_t)g->counter);
  int32_t rc =
      ferrule_op_random_normal(&loc_v, &scale_v, &shape_v, &seed_v,
                               ferrule_generator__dtype(dtype, &dtype_v), &stream_v, result, err);
  ferrule_any_release(&shape_v);
  return ferrule_generator__done(g, rc);
}

/* Uniform integers in [low, high), or [low, high] when `endpoint` is non-zero; dtype int64
 * (NULL), another integer dtype or bool. An empty range or a bound outside the dtype is a
 * ValueError. */
static inline int32_t ferrule_generator_integers(FerruleGenerator* g, int64_t low, int64_t high,
                                                 int endpoint, const int64_t* shape, int32_t ndim,
                                                 const DLDataType* dtype, FerruleAny* result,
                                                 FerruleObject** err) {
  FerruleAny shape_v, dtype_v;
  if (ferrule_generator__shape(shape, ndim, &shape_v, err) != 0) return -1;
  FerruleAny low_v = ferrule_generator__int(low), high_v = ferrule_generator__int(high);
  FerruleAny endpoint_v = ferrule_generator__bool(endpoint);
  FerruleAny seed_v = ferrule_generator__int((int64_t)g->seed);
  FerruleAny stream_v = ferrule_generator__int((int64_t)g->counter);
  int32_t rc =
      ferrule_op_random_integers(&low_v, &high_v, &shape_v, &endpoint_v, &seed_v, &stream_v,
                                 ferrule_generator__dtype(dtype, &dtype_v), result, err);
  ferrule_any_release(&shape_v);
  return ferrule_generator__done(g, rc);
}

/* A permutation of 0, 1, ..., n-1 (int64) when `x` is an int value n, else a permuted copy of
 * the tensor value `x` along `axis`. */
static inline int32_t ferrule_generator_permutation(FerruleGenerator* g, const FerruleAny* x,
                                                    int64_t axis, FerruleAny* result,
                                                    FerruleObject** err) {
  FerruleAny axis_v = ferrule_generator__int(axis);
  FerruleAny seed_v = ferrule_generator__int((int64_t)g->seed);
  FerruleAny stream_v = ferrule_generator__int((int64_t)g->counter);
  int32_t rc = ferrule_op_random_permutation(x, &axis_v, &seed_v, &stream_v, result, err);
  return ferrule_generator__done(g, rc);
}

/* Shuffles the writable tensor value `x` in place along `axis`: writes
 * ferrule_generator_permutation's copy back into it. */
static inline int32_t ferrule_generator_shuffle(FerruleGenerator* g, const FerruleAny* x,
                                                int64_t axis, FerruleObject** err) {
  FerruleGenerator before = *g;
  FerruleAny shuffled;
  if (ferrule_generator_permutation(g, x, axis, &shuffled, err) != 0) return -1;
  FerruleObject* dots = NULL;
  if (ferrule_str_create("...", 3, &dots, err) != 0) {
    ferrule_any_release(&shuffled);
    *g = before;
    return -1;
  }
  FerruleAny index;
  memset(&index, 0, sizeof index);
  index.type_index = FERRULE_TYPE_STR;
  index.v_obj = dots;
  FerruleAny none;
  int32_t rc = ferrule_op_setitem(x, &index, &shuffled, &none, err);
  ferrule_any_release(&index);
  ferrule_any_release(&shuffled);
  if (rc != 0) {
    *g = before;
    return -1;
  }
  ferrule_any_release(&none);
  return 0;
}

/* Items drawn from the tensor value `a` along `axis` (from 0, 1, ..., a-1 when `a` is an int
 * value): `shape` draws. With `replace` zero no item is drawn twice; `p` (NULL, or a 1-d tensor
 * value of probabilities, non-negative and summing to 1) weights the items, and an item of
 * probability 0 is never drawn. */
static inline int32_t ferrule_generator_choice(FerruleGenerator* g, const FerruleAny* a,
                                               const int64_t* shape, int32_t ndim, int replace,
                                               const FerruleAny* p, int64_t axis,
                                               FerruleAny* result, FerruleObject** err) {
  FerruleAny shape_v;
  if (ferrule_generator__shape(shape, ndim, &shape_v, err) != 0) return -1;
  FerruleAny replace_v = ferrule_generator__bool(replace), axis_v = ferrule_generator__int(axis);
  FerruleAny seed_v = ferrule_generator__int((int64_t)g->seed);
  FerruleAny stream_v = ferrule_generator__int((int64_t)g->counter);
  int32_t rc = ferrule_op_random_choice(a, &shape_v, &replace_v, p, &axis_v, &seed_v, &stream_v,
                                        result, err);
  ferrule_any_release(&shape_v);
  return ferrule_generator__done(g, rc);
}

#ifdef __cplusplus
}
#endif

#endif /* FERRULE_RANDOM_H_ */
