/* isin.c — ops.isin (the 2025.12 standard's set-membership test) from C through the generated
 * ferrule_op_isin: integer and mixed-dtype operands (compared in the promoted dtype, NaN equal to
 * nothing, -0.0 equal to 0.0), invert=true, a Python-style scalar on either side, the shape of x1
 * kept, and the error for two scalars. Exits non-zero if any result is not numpy's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ferrule/ferrule.h"
#include "ferrule/ops.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond) {                                                                \
      ++passed;                                                                \
    } else {                                                                   \
      ++failed;                                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

static FerruleAny int_arg(int64_t v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_INT;
  a.v_int64 = v;
  return a;
}

static FerruleAny bool_arg(int v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_BOOL;
  a.v_int64 = v != 0;
  return a;
}

/* An object argument; the FerruleAny borrows the caller's reference. */
static FerruleAny obj_arg(FerruleObject* obj) {
  FerruleAny a = {0};
  a.type_index = obj->type_index;
  a.v_obj = obj;
  return a;
}

/* A new C-contiguous tensor of `dtype` and shape `shape[ndim]` filled from `bytes` (NULL on
 * failure, with the error printed). */
static FerruleObject* tensor_of(const void* bytes, size_t size, DLDataType dtype,
                                const int64_t* shape, int32_t ndim) {
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleObject *out = NULL, *err = NULL;
  if (ferrule_tensor_create(shape, ndim, dtype, cpu, &out, &err) != 0) {
    fprintf(stderr, "ferrule_tensor_create: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
    return NULL;
  }
  const DLTensor* t = ferrule_tensor_dltensor(out);
  memcpy((char*)t->data + t->byte_offset, bytes, size);
  return out;
}

static const DLDataType INT64 = {.code = kDLInt, .bits = 64, .lanes = 1};
static const DLDataType FLOAT64 = {.code = kDLFloat, .bits = 64, .lanes = 1};

/* Whether `result` is a C-contiguous bool tensor of shape `shape[ndim]` holding `expected`. */
static int is_bools(const FerruleAny* result, const int64_t* shape, int32_t ndim,
                    const int* expected) {
  if (result->type_index != FERRULE_TYPE_TENSOR) return 0;
  const DLTensor* t = ferrule_tensor_dltensor(result->v_obj);
  if (t->ndim != ndim || t->dtype.code != kDLBool || t->dtype.bits != 8) return 0;
  int64_t n = 1;
  for (int32_t d = 0; d < ndim; ++d) {
    if (t->shape[d] != shape[d]) return 0;
    n *= shape[d];
  }
  const unsigned char* data = (const unsigned char*)t->data + t->byte_offset;
  for (int64_t i = 0; i < n; ++i) {
    if ((data[i] != 0) != (expected[i] != 0)) return 0;
  }
  return 1;
}

/* isin(x1, x2, invert) and whether it gave `shape` / `expected`; the result is released. */
static int isin_is(const FerruleAny* x1, const FerruleAny* x2, int invert, const int64_t* shape,
                   int32_t ndim, const int* expected) {
  const FerruleAny inv = bool_arg(invert);
  FerruleAny result = {0};
  FerruleObject* err = NULL;
  if (ferrule_op_isin(x1, x2, &inv, &result, &err) != 0) {
    fprintf(stderr, "isin raised %s: %s\n", ferrule_error_kind(err), ferrule_error_message(err));
    ferrule_object_release(err);
    return 0;
  }
  const int ok = is_bools(&result, shape, ndim, expected);
  ferrule_any_release(&result);
  return ok;
}

int main(void) {
  /* (libferrule registers its built-in functions on first use: count objects from after that) */
  FerruleObject *names = NULL, *err = NULL;
  if (ferrule_func_list_global_names(&names, &err) != 0) return 1;
  ferrule_object_release(names);
  const uint64_t live = ferrule_live_object_count();

  /* x1 = [[1, 2, 3], [4, 5, 1]] (int64), x2 = [3, 1] (int64) */
  const int64_t x1_values[6] = {1, 2, 3, 4, 5, 1}, x2_values[2] = {3, 1};
  const int64_t shape23[2] = {2, 3}, shape2[1] = {2};
  FerruleObject* x1_obj = tensor_of(x1_values, sizeof x1_values, INT64, shape23, 2);
  FerruleObject* x2_obj = tensor_of(x2_values, sizeof x2_values, INT64, shape2, 1);
  if (x1_obj == NULL || x2_obj == NULL) return 1;
  const FerruleAny x1 = obj_arg(x1_obj), x2 = obj_arg(x2_obj);
  CHECK(isin_is(&x1, &x2, 0, shape23, 2, (const int[]){1, 0, 1, 0, 0, 1}));
  CHECK(isin_is(&x1, &x2, 1, shape23, 2, (const int[]){0, 1, 0, 1, 1, 0}));

  /* A float64 x1 against the int64 x2 plus 0: compared as float64; NaN is in nothing, -0.0 == 0. */
  const double f_values[5] = {0.5, 1.0, NAN, -0.0, 3.0};
  const int64_t with_zero[3] = {3, 1, 0};
  const int64_t shape5[1] = {5}, shape3[1] = {3};
  FerruleObject* f_obj = tensor_of(f_values, sizeof f_values, FLOAT64, shape5, 1);
  FerruleObject* z_obj = tensor_of(with_zero, sizeof with_zero, INT64, shape3, 1);
  const FerruleAny f = obj_arg(f_obj), z = obj_arg(z_obj);
  CHECK(isin_is(&f, &z, 0, shape5, 1, (const int[]){0, 1, 0, 1, 1}));
  FerruleObject* nan_obj =
      tensor_of(f_values + 2, sizeof(double), FLOAT64, (const int64_t[]){1}, 1);
  const FerruleAny nan_only = obj_arg(nan_obj);
  CHECK(isin_is(&f, &nan_only, 0, shape5, 1, (const int[]){0, 0, 0, 0, 0}));

  /* A scalar on either side (weak, as a Python scalar): x2 = 5, and x1 = 3 (a 0-d result). */
  const FerruleAny five = int_arg(5), three = int_arg(3);
  CHECK(isin_is(&x1, &five, 0, shape23, 2, (const int[]){0, 0, 0, 0, 1, 0}));
  CHECK(isin_is(&three, &x2, 0, NULL, 0, (const int[]){1}));
  CHECK(isin_is(&three, &x2, 1, NULL, 0, (const int[]){0}));

  /* Two scalars: an error naming the op (at least one operand must be a tensor). */
  const FerruleAny inv = bool_arg(0);
  FerruleAny unused = {0};
  CHECK(ferrule_op_isin(&three, &five, &inv, &unused, &err) != 0);
  if (err != NULL) {
    CHECK(strcmp(ferrule_error_kind(err), "TypeError") == 0);
    CHECK(strstr(ferrule_error_message(err), "isin") != NULL);
    ferrule_object_release(err);
    err = NULL;
  }

  FerruleObject* owned[] = {x1_obj, x2_obj, f_obj, z_obj, nan_obj};
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; ++i) ferrule_object_release(owned[i]);
  CHECK(ferrule_live_object_count() == live); /* every result and error was released */

  printf("isin: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
