/* plugins.c — loads the two example plugins (examples/plugin-rust, examples/plugin-c) with
 * ferrule_library_load and calls their functions through the registry: results, tensors passed
 * from one plugin to the other, strided input, argument errors, no leaked objects, and each
 * plugin's init refusing an API table of another ABI version.
 *
 * Build and run (see the Makefile's test-c target):
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude tests/c/plugins.c -Ltarget/release -lferrule \
 *      -Wl,-rpath,$PWD/target/release -o build/plugins_test
 *   build/plugins_test target/release/libferrule_example_plugin.so \
 *      target/examples/libferrule_plugin_c.so
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferrule/ferrule.h"

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

/* ---- values --------------------------------------------------------------------------------- */

static FerruleAny int_value(int64_t v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_INT;
  a.v_int64 = v;
  return a;
}

static FerruleAny float_value(double v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_FLOAT;
  a.v_float64 = v;
  return a;
}

static FerruleAny small_str_value(const char* s) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_SMALL_STR;
  a.small_len = (uint32_t)strlen(s);
  memcpy(a.v_bytes, s, a.small_len); /* callers pass at most 8 bytes */
  return a;
}

/* An owned tensor value (release with ferrule_any_release). */
static FerruleAny tensor_value(FerruleObject* tensor) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_TENSOR;
  a.v_obj = tensor;
  return a;
}

/* A new C-contiguous tensor of `dtype` holding `n` doubles converted to it; aborts on failure. */
static FerruleAny make_tensor(const int64_t* shape, int32_t ndim, DLDataType dtype,
                              const double* values, int64_t n) {
  FerruleObject *tensor = NULL, *err = NULL;
  const DLDevice cpu = {kDLCPU, 0};
  if (ferrule_tensor_create(shape, ndim, dtype, cpu, &tensor, &err) != 0) {
    fprintf(stderr, "ferrule_tensor_create: %s: %s\n", ferrule_error_kind(err),
            ferrule_error_message(err));
    exit(1);
  }
  const DLTensor* t = ferrule_tensor_dltensor(tensor);
  char* data = (char*)t->data + t->byte_offset;
  for (int64_t i = 0; i < n; ++i) {
    if (dtype.code == kDLFloat && dtype.bits == 32) ((float*)data)[i] = (float)values[i];
    if (dtype.code == kDLFloat && dtype.bits == 64) ((double*)data)[i] = values[i];
    if (dtype.code == kDLInt && dtype.bits == 64) ((int64_t*)data)[i] = (int64_t)values[i];
  }
  return tensor_value(tensor);
}

static const DLDataType FLOAT32 = {kDLFloat, 32, 1};
static const DLDataType FLOAT64 = {kDLFloat, 64, 1};
static const DLDataType INT64 = {kDLInt, 64, 1};

/* Element i (in C order) of a C-contiguous float32/float64 tensor, as a double. */
static double element(const FerruleAny* value, int64_t i) {
  const DLTensor* t = ferrule_tensor_dltensor(value->v_obj);
  const char* data = (const char*)t->data + t->byte_offset;
  return t->dtype.bits == 32 ? ((const float*)data)[i] : ((const double*)data)[i];
}

/* ---- calls ---------------------------------------------------------------------------------- */

/* Calls the registered function `name`; returns its status. On success `*out` holds the result;
 * on failure `*err` the error (both owned by the caller). */
static int32_t call(const char* name, const FerruleAny* args, int32_t n, FerruleAny* out,
                    FerruleObject** err) {
  FerruleObject* f = NULL;
  *out = (FerruleAny){0};
  if (ferrule_func_get_global(name, &f, err) != 0) return -1;
  int32_t status = ferrule_func_call(f, args, n, out, err);
  ferrule_object_release(f);
  return status;
}

/* Calls `name` expecting success; a failure is reported and counted, and leaves *out None. */
static FerruleAny call_ok(const char* name, const FerruleAny* args, int32_t n) {
  FerruleAny out;
  FerruleObject* err = NULL;
  if (call(name, args, n, &out, &err) != 0) {
    fprintf(stderr, "%s failed: %s: %s\n", name, ferrule_error_kind(err),
            ferrule_error_message(err));
    ferrule_object_release(err);
    ++failed;
    out = (FerruleAny){0};
  }
  return out;
}

/* Calls `name` expecting an error of `kind` whose message contains `contains`. */
static void call_fails(const char* name, const FerruleAny* args, int32_t n, const char* kind,
                       const char* contains) {
  FerruleAny out;
  FerruleObject* err = NULL;
  if (call(name, args, n, &out, &err) == 0) {
    fprintf(stderr, "%s succeeded; expected %s containing \"%s\"\n", name, kind, contains);
    ferrule_any_release(&out);
    ++failed;
    return;
  }
  const char* got_kind = ferrule_error_kind(err);
  const char* message = ferrule_error_message(err);
  if (strcmp(got_kind, kind) == 0 && strstr(message, contains) != NULL) {
    ++passed;
  } else {
    fprintf(stderr, "%s raised %s: %s; expected %s containing \"%s\"\n", name, got_kind, message,
            kind, contains);
    ++failed;
  }
  ferrule_object_release(err);
}

/* Whether `value` is a tensor of `dtype` and `shape` whose elements equal `expected`. */
static int is_tensor(const FerruleAny* value, DLDataType dtype, const int64_t* shape, int32_t ndim,
                     const double* expected) {
  if (value->type_index != FERRULE_TYPE_TENSOR) return 0;
  const DLTensor* t = ferrule_tensor_dltensor(value->v_obj);
  if (t->ndim != ndim || t->dtype.code != dtype.code || t->dtype.bits != dtype.bits) return 0;
  int64_t n = 1;
  for (int32_t axis = 0; axis < ndim; ++axis) {
    if (t->shape[axis] != shape[axis]) return 0;
    n *= shape[axis];
  }
  for (int64_t i = 0; i < n; ++i) {
    if (element(value, i) != expected[i]) return 0;
  }
  return 1;
}

/* Whether `value` is the string `text`. */
static int is_str(const FerruleAny* value, const char* text) {
  const char* data = NULL;
  size_t len = 0;
  return ferrule_any_view_bytes(value, &data, &len) == 0 && len == strlen(text) &&
         memcmp(data, text, len) == 0;
}

/* A DLPack tensor over static memory: a 3x2 float64 matrix seen transposed as 2x3 (strides
 * {1, 2}), to check that both plugins walk strides rather than assume contiguity. */
static double transposed_data[6] = {1, 4, 2, 5, 3, 6}; /* the 2x3 view is [[1, 2, 3], [4, 5, 6]] */
static int64_t transposed_shape[2] = {2, 3};
static int64_t transposed_strides[2] = {1, 2};
static int transposed_deleted = 0;

static void delete_transposed(DLManagedTensorVersioned* self) {
  (void)self;
  transposed_deleted = 1;
}

static DLManagedTensorVersioned transposed = {
    .version = {DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION},
    .manager_ctx = NULL,
    .deleter = delete_transposed,
    .flags = 0,
    .dl_tensor = {.data = transposed_data,
                  .device = {kDLCPU, 0},
                  .ndim = 2,
                  .dtype = {kDLFloat, 64, 1},
                  .shape = transposed_shape,
                  .strides = transposed_strides,
                  .byte_offset = 0},
};

/* Calls the already loaded plugin's ferrule_plugin_init directly with a copy of the host's table
 * that claims ABI version 99, then with one too short to hold error_create: both are refused,
 * the first with a RuntimeError naming the versions. */
static void check_init_refuses_other_abi(const char* path) {
  void* handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  CHECK(handle != NULL);
  if (handle == NULL) return;
  FerrulePluginInit init = NULL;
  void* symbol = dlsym(handle, "ferrule_plugin_init");
  memcpy(&init, &symbol, sizeof init); /* (ISO C has no cast from void* to a function pointer) */
  CHECK(init != NULL);
  if (init != NULL) {
    FerruleApi table = *ferrule_api();
    table.abi_version = 99;
    FerruleObject* err = NULL;
    CHECK(init(&table, &err) == -1);
    CHECK(err != NULL && strcmp(ferrule_error_kind(err), "RuntimeError") == 0 &&
          strstr(ferrule_error_message(err), "99") != NULL);
    if (err != NULL) {
      printf("init with ABI version 99: %s: %s\n", ferrule_error_kind(err),
             ferrule_error_message(err));
    }
    ferrule_object_release(err);
    table.abi_version = FERRULE_ABI_VERSION;
    table.struct_size = 16;
    err = NULL;
    CHECK(init(&table, &err) == -1);
    /* The C plugin cannot report through so short a table; the Rust one reports through the
     * table its first init installed. Either way the error, if any, is the caller's. */
    ferrule_object_release(err);
  }
  dlclose(handle);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s libferrule_example_plugin.so libferrule_plugin_c.so\n", argv[0]);
    return 2;
  }
  FerruleObject* err = NULL;
  for (int i = 1; i <= 2; ++i) {
    if (ferrule_library_load(argv[i], &err) != 0) {
      fprintf(stderr, "ferrule_library_load(%s): %s: %s\n", argv[i], ferrule_error_kind(err),
              ferrule_error_message(err));
      return 1;
    }
    CHECK(ferrule_library_load(argv[i], &err) == 0); /* a second load is a no-op */
  }
  check_init_refuses_other_abi(argv[1]);
  check_init_refuses_other_abi(argv[2]);
  /* The registered functions stay for good; count live objects from here. */
  const uint64_t live_at_start = ferrule_live_object_count();

  /* example_rust.scale: a new tensor, the input untouched; the factor defaults to 2.0. */
  const int64_t shape23[2] = {2, 3};
  const double x_values[6] = {1, 2, 3, 4, 5, 6};
  FerruleAny x = make_tensor(shape23, 2, FLOAT32, x_values, 6);
  FerruleAny scale_args[2] = {x, float_value(2.5)};
  FerruleAny scaled = call_ok("example_rust.scale", scale_args, 2);
  const double x_times_2_5[6] = {2.5, 5, 7.5, 10, 12.5, 15};
  CHECK(is_tensor(&scaled, FLOAT32, shape23, 2, x_times_2_5));
  CHECK(scaled.type_index == FERRULE_TYPE_TENSOR && scaled.v_obj != x.v_obj);
  CHECK(is_tensor(&x, FLOAT32, shape23, 2, x_values));
  FerruleAny doubled = call_ok("example_rust.scale", &x, 1);
  const double x_times_2[6] = {2, 4, 6, 8, 10, 12};
  CHECK(is_tensor(&doubled, FLOAT32, shape23, 2, x_times_2));
  FerruleAny int_factor_args[2] = {x, int_value(-1)}; /* an int factor is converted */
  FerruleAny negated = call_ok("example_rust.scale", int_factor_args, 2);
  const double x_negated[6] = {-1, -2, -3, -4, -5, -6};
  CHECK(is_tensor(&negated, FLOAT32, shape23, 2, x_negated));

  /* example_c.sum of the Rust plugin's result: tensors pass between plugins. */
  FerruleAny total = call_ok("example_c.sum", &scaled, 1);
  CHECK(total.type_index == FERRULE_TYPE_FLOAT && total.v_float64 == 52.5);

  /* example_c.fill writes in place and returns None; describe reads the metadata. */
  FerruleAny fill_args[2] = {x, float_value(3.0)};
  FerruleAny filled = call_ok("example_c.fill", fill_args, 2);
  CHECK(filled.type_index == FERRULE_TYPE_NONE);
  const double threes[6] = {3, 3, 3, 3, 3, 3};
  CHECK(is_tensor(&x, FLOAT32, shape23, 2, threes));
  FerruleAny description = call_ok("example_rust.describe", &x, 1);
  CHECK(is_str(&description, "Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))"));
  ferrule_any_release(&description);

  /* example_c.arange makes a tensor that example_rust.scale takes; float64 works too. */
  FerruleAny five = int_value(5);
  FerruleAny ramp = call_ok("example_c.arange", &five, 1);
  const int64_t shape5[1] = {5};
  const double ramp_values[5] = {0, 1, 2, 3, 4};
  CHECK(is_tensor(&ramp, FLOAT32, shape5, 1, ramp_values));
  FerruleAny zero = int_value(0);
  FerruleAny empty = call_ok("example_c.arange", &zero, 1);
  FerruleAny empty_sum = call_ok("example_c.sum", &empty, 1);
  CHECK(empty_sum.type_index == FERRULE_TYPE_FLOAT && empty_sum.v_float64 == 0.0);
  FerruleAny y = make_tensor(shape5, 1, FLOAT64, ramp_values, 5);
  FerruleAny half_args[2] = {y, float_value(0.5)};
  FerruleAny halves = call_ok("example_rust.scale", half_args, 2);
  const double half_values[5] = {0, 0.5, 1, 1.5, 2};
  CHECK(is_tensor(&halves, FLOAT64, shape5, 1, half_values));
  FerruleAny halves_sum = call_ok("example_c.sum", &halves, 1);
  CHECK(halves_sum.type_index == FERRULE_TYPE_FLOAT && halves_sum.v_float64 == 5.0);

  /* A strided (transposed) tensor: both plugins visit its elements in logical C order. */
  FerruleObject* view = NULL;
  CHECK(ferrule_tensor_from_dlpack(&transposed, &view, &err) == 0);
  FerruleAny t = tensor_value(view);
  FerruleAny t_description = call_ok("example_rust.describe", &t, 1);
  CHECK(is_str(&t_description, "Tensor(shape=(2, 3), dtype=float64, strides=(1, 2))"));
  ferrule_any_release(&t_description);
  FerruleAny t_scale_args[2] = {t, float_value(10.0)};
  FerruleAny t_scaled = call_ok("example_rust.scale", t_scale_args, 2);
  const double t_times_10[6] = {10, 20, 30, 40, 50, 60};
  CHECK(is_tensor(&t_scaled, FLOAT64, shape23, 2, t_times_10)); /* contiguous, logical order */
  FerruleAny t_sum = call_ok("example_c.sum", &t, 1);
  CHECK(t_sum.type_index == FERRULE_TYPE_FLOAT && t_sum.v_float64 == 21.0);
  FerruleAny t_fill_args[2] = {t, int_value(7)};
  FerruleAny t_filled = call_ok("example_c.fill", t_fill_args, 2);
  CHECK(t_filled.type_index == FERRULE_TYPE_NONE);
  for (int i = 0; i < 6; ++i) CHECK(transposed_data[i] == 7.0);
  ferrule_any_release(&t);
  CHECK(transposed_deleted); /* the last reference went: ferrule called the DLPack deleter */

  /* Argument errors: a TypeError naming the function, the argument and its position. */
  FerruleAny word = small_str_value("two");
  FerruleAny bad_x[2] = {word, float_value(1.0)};
  call_fails("example_rust.scale", bad_x, 2, "TypeError",
             "example_rust.scale() argument 1 'x': expected Tensor, got str");
  FerruleAny bad_factor[2] = {x, word};
  call_fails("example_rust.scale", bad_factor, 2, "TypeError",
             "example_rust.scale() argument 2 'factor': expected float, got str");
  call_fails("example_rust.describe", &five, 1, "TypeError",
             "example_rust.describe() argument 1 'x': expected Tensor, got int");
  call_fails("example_c.sum", &word, 1, "TypeError",
             "example_c.sum() argument 1 'x': expected Tensor, got str");
  FerruleAny bad_value[2] = {x, word};
  call_fails("example_c.fill", bad_value, 2, "TypeError",
             "example_c.fill() argument 2 'value': expected float, got str");
  FerruleAny pi = float_value(3.14);
  call_fails("example_c.arange", &pi, 1, "TypeError",
             "example_c.arange() argument 1 'n': expected int, got float");
  FerruleAny minus_one = int_value(-1);
  call_fails("example_c.arange", &minus_one, 1, "ValueError",
             "example_c.arange() argument 1 'n': must be >= 0, got -1");
  /* Tensors of a dtype the functions do not handle. */
  FerruleAny ints = make_tensor(shape5, 1, INT64, ramp_values, 5);
  call_fails("example_c.sum", &ints, 1, "TypeError",
             "example_c.sum() argument 1 'x': expected a float32 or float64 tensor, got int64");
  FerruleAny int_scale_args[2] = {ints, float_value(2.0)};
  call_fails(
      "example_rust.scale", int_scale_args, 2, "TypeError",
      "example_rust.scale() argument 1 'x': expected a float32 or float64 tensor, got int64");
  /* Too many arguments. */
  FerruleAny three[3] = {x, float_value(1.0), float_value(2.0)};
  call_fails("example_rust.scale", three, 3, "TypeError", "example_rust.scale()");
  call_fails("example_c.sum", three, 3, "TypeError", "example_c.sum()");

  /* Everything made here is released: the live-object count is back where it started. */
  FerruleAny* owned[] = {&x,     &scaled, &doubled, &negated,  &ramp,
                         &empty, &y,      &halves,  &t_scaled, &ints};
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; ++i) ferrule_any_release(owned[i]);
  CHECK(ferrule_live_object_count() == live_at_start);

  printf("plugins: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
