/* tensor_ops.c — tensors and operators from C: create float32 tensors through the ABI, multiply
 * them with the generated ops.h wrapper for ops.matmul, add two of them with ops.add, read an
 * error (a shape mismatch: its kind and message, then release it), and register a C callback as
 * a packed function that is then called through the registry. Exits non-zero if any result is
 * not what it should be.
 *
 * Build with the pkg-config file that `make build` (or `make pkgconfig`) writes, then run:
 *   export PKG_CONFIG_PATH=$PWD/target/pkgconfig
 *   cc -std=c11 -Wall -Wextra -Werror examples/c/tensor_ops.c \
 *      $(pkg-config --cflags --libs ferrule) -o build/tensor_ops
 *   build/tensor_ops
 */
#include <stdio.h>
#include <string.h>

#include "ferrule/ferrule.h"
#include "ferrule/ops.h"

static int failures = 0;

/* Reports an unexpected outcome and remembers to exit non-zero. */
static void fail(const char* what) {
  fprintf(stderr, "tensor_ops: unexpected: %s\n", what);
  ++failures;
}

/* Prints an error's kind and message, then releases it (the caller owned it). */
static void print_and_release_error(const char* label, FerruleObject* err) {
  printf("%s: %s: %s\n", label, ferrule_error_kind(err), ferrule_error_message(err));
  ferrule_object_release(err);
}

/* A borrowed FerruleAny argument for a tensor object (the caller keeps its reference). */
static FerruleAny tensor_arg(FerruleObject* tensor) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_TENSOR;
  a.v_obj = tensor;
  return a;
}

/* Creates a rows x cols float32 tensor holding `values` (row-major). New reference in `*out`. */
static int32_t make_matrix(int64_t rows, int64_t cols, const float* values, FerruleObject** out,
                           FerruleObject** err) {
  const int64_t shape[2] = {rows, cols};
  const DLDataType float32 = {.code = kDLFloat, .bits = 32, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  if (ferrule_tensor_create(shape, 2, float32, cpu, out, err) != 0) return -1;
  /* A fresh tensor is zero-filled and C-contiguous, and ours alone: fill its data in place. */
  const DLTensor* t = ferrule_tensor_dltensor(*out);
  memcpy((char*)t->data + t->byte_offset, values, (size_t)(rows * cols) * sizeof(float));
  return 0;
}

/* Element (i, j) of a 2-D float32 tensor, read through its strides (in elements). */
static float at(const DLTensor* t, int64_t i, int64_t j) {
  const float* data = (const float*)((const char*)t->data + t->byte_offset);
  return data[i * t->strides[0] + j * t->strides[1]];
}

/* Prints a 2-D float32 tensor as "label (RxC float32) = [[a, b], [c, d]]". */
static void print_matrix(const char* label, const DLTensor* t) {
  printf("%s (%lldx%lld float32) = [", label, (long long)t->shape[0], (long long)t->shape[1]);
  for (int64_t i = 0; i < t->shape[0]; ++i) {
    printf("%s[", i ? ", " : "");
    for (int64_t j = 0; j < t->shape[1]; ++j) printf("%s%g", j ? ", " : "", at(t, i, j));
    printf("]");
  }
  printf("]\n");
}

/* Checks that `result` is a rows x cols float32 tensor equal to `expected`; prints it. */
static void check_matrix(const char* label, const FerruleAny* result, int64_t rows, int64_t cols,
                         const float* expected) {
  const DLTensor* t =
      result->type_index == FERRULE_TYPE_TENSOR ? ferrule_tensor_dltensor(result->v_obj) : NULL;
  if (t == NULL) {
    fail("the result is not a tensor");
    return;
  }
  if (t->ndim != 2 || t->shape[0] != rows || t->shape[1] != cols) {
    fail("the result has the wrong shape");
    return;
  }
  if (t->dtype.code != kDLFloat || t->dtype.bits != 32 || t->dtype.lanes != 1) {
    fail("the result is not float32");
    return;
  }
  print_matrix(label, t);
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      if (at(t, i, j) != expected[i * cols + j]) fail("the result has a wrong element");
    }
  }
}

/* ---- a C callback: example.trace(x: Tensor) -> float ---------------------------------------- */

/* The sum of the diagonal of a 2-D float32 tensor, read through its DLTensor. */
static int32_t c_trace(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                       FerruleObject** err) {
  (void)self;
  if (num_args != 1) {
    ferrule_error_create("TypeError", "example.trace() takes 1 argument", err);
    return -1;
  }
  const DLTensor* t =
      args[0].type_index == FERRULE_TYPE_TENSOR ? ferrule_tensor_dltensor(args[0].v_obj) : NULL;
  if (t == NULL) {
    ferrule_error_create("TypeError", "example.trace() argument 1 'x': expected Tensor", err);
    return -1;
  }
  if (t->ndim != 2 || t->dtype.code != kDLFloat || t->dtype.bits != 32 || t->dtype.lanes != 1) {
    ferrule_error_create("TypeError",
                         "example.trace() argument 1 'x': expected a 2-D float32 tensor", err);
    return -1;
  }
  double sum = 0.0;
  for (int64_t i = 0; i < t->shape[0] && i < t->shape[1]; ++i) sum += at(t, i, i);
  out->type_index = FERRULE_TYPE_FLOAT;
  out->v_float64 = sum;
  return 0;
}

int main(void) {
  FerruleObject* err = NULL;

  /* 0. The registry: libferrule registers its built-in functions (every ops.* operator among
   *    them) on first use; they live for good, so objects are counted from after that. */
  FerruleObject* names = NULL;
  if (ferrule_func_list_global_names(&names, &err) != 0) {
    print_and_release_error("ferrule_func_list_global_names failed", err);
    return 1;
  }
  printf("the registry holds %lld functions\n", (long long)ferrule_array_size(names));
  ferrule_object_release(names);
  const uint64_t live_at_start = ferrule_live_object_count();

  /* 1. Two float32 matrices made through the ABI: a is 2x3, b is 3x2. */
  static const float a_values[] = {1, 2, 3, 4, 5, 6};
  static const float b_values[] = {7, 8, 9, 10, 11, 12};
  FerruleObject *a = NULL, *b = NULL;
  if (make_matrix(2, 3, a_values, &a, &err) != 0 || make_matrix(3, 2, b_values, &b, &err) != 0) {
    print_and_release_error("ferrule_tensor_create failed", err);
    return 1;
  }
  print_matrix("a", ferrule_tensor_dltensor(a));
  print_matrix("b", ferrule_tensor_dltensor(b));
  const FerruleAny a_arg = tensor_arg(a), b_arg = tensor_arg(b);

  /* 2. a @ b with the generated wrapper of ops.matmul (NULL: `out` takes its default, None). */
  FerruleAny product = {0};
  if (ferrule_op_matmul(&a_arg, &b_arg, NULL, &product, &err) == 0) {
    static const float expected[] = {58, 64, 139, 154};
    check_matrix("matmul(a, b)", &product, 2, 2, expected);
  } else {
    print_and_release_error("matmul(a, b) failed", err);
    fail("matmul(a, b) raised");
  }

  /* 3. a + c, element-wise with ops.add. */
  static const float c_values[] = {10, 20, 30, 40, 50, 60};
  FerruleObject* c = NULL;
  if (make_matrix(2, 3, c_values, &c, &err) != 0) {
    print_and_release_error("ferrule_tensor_create failed", err);
    return 1;
  }
  const FerruleAny c_arg = tensor_arg(c);
  FerruleAny sum = {0};
  if (ferrule_op_add(&a_arg, &c_arg, NULL, &sum, &err) == 0) {
    static const float expected[] = {11, 22, 33, 44, 55, 66};
    check_matrix("add(a, c)", &sum, 2, 3, expected);
  } else {
    print_and_release_error("add(a, c) failed", err);
    fail("add(a, c) raised");
  }
  ferrule_any_release(&sum);

  /* 4. Errors: a (2x3) @ c (2x3) has mismatched inner dimensions, and a (2x3) + b (3x2) shapes
   *    that do not broadcast. Each call returns -1 with a new error: read it, then release it. */
  FerruleAny unused = {0};
  err = NULL;
  if (ferrule_op_matmul(&a_arg, &c_arg, NULL, &unused, &err) == 0) {
    ferrule_any_release(&unused);
    fail("matmul(a, c) of 2x3 by 2x3 succeeded");
  } else {
    if (strcmp(ferrule_error_kind(err), "ValueError") != 0) fail("matmul(a, c): not a ValueError");
    print_and_release_error("matmul(a, c) raised", err);
  }
  err = NULL;
  if (ferrule_op_add(&a_arg, &b_arg, NULL, &unused, &err) == 0) {
    ferrule_any_release(&unused);
    fail("add(a, b) of 2x3 and 3x2 succeeded");
  } else {
    if (strcmp(ferrule_error_kind(err), "ValueError") != 0) fail("add(a, b): not a ValueError");
    print_and_release_error("add(a, b) raised", err);
  }

  /* 5. A C callback registered as the packed function example.trace, called through the
   *    registry by name on the product of step 2. */
  FerruleObject* trace = NULL;
  err = NULL;
  if (ferrule_func_create(c_trace, NULL, NULL, &trace, &err) != 0 ||
      ferrule_func_set_global("example.trace", trace, "The sum of a 2-D float32 tensor's diagonal.",
                              "(x: Tensor) -> float", FERRULE_REGISTER_OVERRIDE, &err) != 0) {
    print_and_release_error("registering example.trace failed", err);
    return 1;
  }
  ferrule_object_release(trace); /* the registry keeps its own reference */
  FerruleObject* looked_up = NULL;
  if (ferrule_func_get_global("example.trace", &looked_up, &err) != 0) {
    print_and_release_error("lookup failed", err);
    return 1;
  }
  FerruleAny trace_out = {0};
  if (product.type_index == FERRULE_TYPE_TENSOR &&
      ferrule_func_call(looked_up, &product, 1, &trace_out, &err) == 0) {
    if (trace_out.type_index == FERRULE_TYPE_FLOAT && trace_out.v_float64 == 58.0 + 154.0) {
      printf("example.trace(matmul(a, b)) = %g\n", trace_out.v_float64);
    } else {
      fail("example.trace(matmul(a, b)) did not return 212.0");
    }
  } else {
    if (err != NULL) print_and_release_error("example.trace(matmul(a, b)) failed", err);
    fail("example.trace(matmul(a, b)) raised");
  }
  /* The callback's own argument check, seen by the caller as an ordinary ferrule error. */
  err = NULL;
  FerruleAny not_a_tensor = {0};
  not_a_tensor.type_index = FERRULE_TYPE_INT;
  not_a_tensor.v_int64 = 3;
  if (ferrule_func_call(looked_up, &not_a_tensor, 1, &unused, &err) == 0) {
    ferrule_any_release(&unused);
    fail("example.trace(3) succeeded");
  } else {
    if (strcmp(ferrule_error_kind(err), "TypeError") != 0)
      fail("example.trace(3): not a TypeError");
    print_and_release_error("example.trace(3) raised", err);
  }
  ferrule_object_release(looked_up);
  if (ferrule_func_remove_global("example.trace", &err) != 0) {
    print_and_release_error("ferrule_func_remove_global failed", err);
    return 1;
  }

  /* 6. Release everything: no object made here outlives it. */
  ferrule_any_release(&product);
  ferrule_object_release(a);
  ferrule_object_release(b);
  ferrule_object_release(c);
  const uint64_t live_at_end = ferrule_live_object_count();
  if (live_at_end != live_at_start) {
    fprintf(stderr, "live objects: %llu at start, %llu at end\n", (unsigned long long)live_at_start,
            (unsigned long long)live_at_end);
    fail("objects leaked");
  } else {
    printf("live objects back to %llu\n", (unsigned long long)live_at_end);
  }
  return failures == 0 ? 0 : 1;
}
