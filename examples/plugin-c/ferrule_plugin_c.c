/* ferrule_plugin_c.c — an example ferrule plugin written in C.
 *
 * A plugin is a shared object exporting ferrule_plugin_init (FerrulePluginInit in ferrule.h).
 * ferrule_library_load dlopen()s it and calls that function once with the host's API table; the
 * plugin registers its functions through the table and never links libferrule, so it reaches the
 * one registry of whatever process loads it (a C program, Python, a Go binary with libferrule
 * linked statically). Registered here:
 *
 *   example_c.sum(x: Tensor) -> float              the sum of a float32/float64 CPU tensor
 *   example_c.fill(x: Tensor, value: float) -> None sets every element of x to value, in place
 *   example_c.arange(n: int) -> Tensor              a new float32 tensor [0, 1, ..., n-1]
 *
 * Tensors of any shape and strides are accepted. Arguments of the wrong type fail with a
 * TypeError naming the function, the argument and its position, like every ferrule function:
 *   TypeError: example_c.sum() argument 1 'x': expected Tensor, got str
 *
 * Build (see the Makefile's `plugins` target; -z defs proves nothing comes from libferrule):
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude -fPIC -shared -Wl,-z,defs \
 *      examples/plugin-c/ferrule_plugin_c.c -o target/examples/libferrule_plugin_c.so
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ferrule/ferrule.h"

/* The host's API table, set once by ferrule_plugin_init (loads are serialised by the host, and
 * every call into this plugin comes after its init). Every ferrule call goes through it. */
static const FerruleApi* api;

/* The most dimensions the strided walks below handle (DLPack producers stay far below). */
#define MAX_NDIM 64

/* ---- errors ------------------------------------------------------------------------------------ */

/* Stores a new error of `kind` in `*err` with a printf-style message; returns -1. */
__attribute__((format(printf, 3, 4))) static int32_t fail(FerruleObject** err, const char* kind,
                                                          const char* format, ...);

static int32_t fail(FerruleObject** err, const char* kind, const char* format, ...) {
  char message[512];
  va_list ap;
  va_start(ap, format);
  vsnprintf(message, sizeof message, format, ap);
  va_end(ap);
  api->error_create(kind, message, err);
  return -1;
}

/* The name of a value's type, as ferrule's messages spell it (ferrule.h's ferrule_type_name). */
static const char* type_name(const FerruleAny* value) {
  return ferrule_type_name(value->type_index);
}

/* A dtype's name as ferrule spells it ("float32", "int64", "bool", ...: ferrule_dtype_name), or a
 * description of one ferrule has no name for, written into `buf`. */
static const char* dtype_name(DLDataType dtype, char* buf, size_t size) {
  const char* name = ferrule_dtype_name(dtype);
  if (name != NULL) return name;
  snprintf(buf, size, "dtype(code=%u, bits=%u, lanes=%u)", (unsigned)dtype.code,
           (unsigned)dtype.bits, (unsigned)dtype.lanes);
  return buf;
}

/* Checks the argument count; on a mismatch stores a TypeError and returns -1. */
static int32_t expect_count(const char* function, int32_t given, int32_t expected,
                            FerruleObject** err) {
  if (given == expected) return 0;
  return fail(err, FERRULE_KIND_TYPE_ERROR, "%s() takes %d argument%s but %d %s given", function,
              expected, expected == 1 ? "" : "s", given, given == 1 ? "was" : "were");
}

/* A TypeError about argument `index` (0-based) named `name`: "f() argument 1 'x': expected ...". */
static int32_t argument_type_error(const char* function, int index, const char* name,
                                   const char* expected, const FerruleAny* got,
                                   FerruleObject** err) {
  return fail(err, FERRULE_KIND_TYPE_ERROR, "%s() argument %d '%s': expected %s, got %s", function,
              index + 1, name, expected, type_name(got));
}

/* ---- arguments ----------------------------------------------------------------------------- */

/* The DLTensor of a float32 or float64 CPU tensor argument, or NULL with an error in `*err`. */
static const DLTensor* float_tensor_arg(const char* function, const FerruleAny* args, int index,
                                        const char* name, FerruleObject** err) {
  const FerruleAny* value = &args[index];
  const DLTensor* t =
      value->type_index == FERRULE_TYPE_TENSOR ? api->tensor_dltensor(value->v_obj) : NULL;
  if (t == NULL) {
    argument_type_error(function, index, name, "Tensor", value, err);
    return NULL;
  }
  if (t->device.device_type != kDLCPU) {
    fail(err, FERRULE_KIND_VALUE_ERROR,
         "%s() argument %d '%s': expected a CPU tensor, got device type %d", function, index + 1,
         name, (int)t->device.device_type);
    return NULL;
  }
  int is_float = t->dtype.code == kDLFloat && t->dtype.lanes == 1 &&
                 (t->dtype.bits == 32 || t->dtype.bits == 64);
  if (!is_float) {
    char buf[48];
    fail(err, FERRULE_KIND_TYPE_ERROR,
         "%s() argument %d '%s': expected a float32 or float64 tensor, got %s", function, index + 1,
         name, dtype_name(t->dtype, buf, sizeof buf));
    return NULL;
  }
  if (t->ndim < 0 || t->ndim > MAX_NDIM) {
    fail(err, FERRULE_KIND_VALUE_ERROR,
         "%s() argument %d '%s': %d dimensions (at most %d are supported)", function, index + 1,
         name, (int)t->ndim, MAX_NDIM);
    return NULL;
  }
  return t;
}

/* A float argument (an int is accepted and converted, a bool is not), or -1 with an error. */
static int32_t float_arg(const char* function, const FerruleAny* args, int index, const char* name,
                         double* out, FerruleObject** err) {
  const FerruleAny* value = &args[index];
  if (value->type_index == FERRULE_TYPE_FLOAT) {
    *out = value->v_float64;
  } else if (value->type_index == FERRULE_TYPE_INT) {
    *out = (double)value->v_int64;
  } else {
    return argument_type_error(function, index, name, "float", value, err);
  }
  return 0;
}

/* ---- strided element walk ------------------------------------------------------------------ */

/* Calls visit(element, ctx) with the address of every element of `t`, in C order. Works for any
 * strides (DLPack's NULL strides mean C-contiguous); a 0-d tensor has one element. */
static void for_each_element(const DLTensor* t, void (*visit)(void* element, void* ctx),
                             void* ctx) {
  const int ndim = (int)t->ndim;
  int64_t strides[MAX_NDIM];
  int64_t index[MAX_NDIM] = {0};
  for (int axis = 0; axis < ndim; ++axis) {
    if (t->shape[axis] <= 0) return; /* no elements */
  }
  for (int axis = ndim - 1; axis >= 0; --axis) {
    if (t->strides != NULL) {
      strides[axis] = t->strides[axis];
    } else {
      strides[axis] = axis == ndim - 1 ? 1 : strides[axis + 1] * t->shape[axis + 1];
    }
  }
  const size_t item = (size_t)(t->dtype.bits / 8) * t->dtype.lanes;
  char* base = (char*)t->data + t->byte_offset;
  int64_t offset = 0; /* in elements: the sum of index[axis] * strides[axis] */
  for (;;) {
    visit(base + offset * (int64_t)item, ctx);
    int axis = ndim - 1;
    for (; axis >= 0; --axis) { /* odometer step: bump the last axis, carry into earlier ones */
      ++index[axis];
      offset += strides[axis];
      if (index[axis] < t->shape[axis]) break;
      offset -= strides[axis] * index[axis];
      index[axis] = 0;
    }
    if (axis < 0) return;
  }
}

static void add_float32(void* element, void* ctx) { *(double*)ctx += *(const float*)element; }
static void add_float64(void* element, void* ctx) { *(double*)ctx += *(const double*)element; }
static void set_float32(void* element, void* ctx) { *(float*)element = (float)*(const double*)ctx; }
static void set_float64(void* element, void* ctx) { *(double*)element = *(const double*)ctx; }

/* ---- the functions ------------------------------------------------------------------------- */

/* example_c.sum(x: Tensor) -> float */
static int32_t example_sum(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                           FerruleObject** err) {
  (void)self;
  static const char* const name = "example_c.sum";
  if (expect_count(name, num_args, 1, err) != 0) return -1;
  const DLTensor* x = float_tensor_arg(name, args, 0, "x", err);
  if (x == NULL) return -1;
  double total = 0.0;
  for_each_element(x, x->dtype.bits == 32 ? add_float32 : add_float64, &total);
  out->type_index = FERRULE_TYPE_FLOAT;
  out->small_len = 0;
  out->v_float64 = total;
  return 0;
}

/* example_c.fill(x: Tensor, value: float) -> None: writes into x's data, which the header allows
 * whoever holds a tensor to do (synchronising concurrent writers is the caller's job). */
static int32_t example_fill(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                            FerruleObject** err) {
  (void)self;
  (void)out; /* arrives as None: the function returns nothing */
  static const char* const name = "example_c.fill";
  if (expect_count(name, num_args, 2, err) != 0) return -1;
  const DLTensor* x = float_tensor_arg(name, args, 0, "x", err);
  if (x == NULL) return -1;
  double value;
  if (float_arg(name, args, 1, "value", &value, err) != 0) return -1;
  for_each_element(x, x->dtype.bits == 32 ? set_float32 : set_float64, &value);
  return 0;
}

/* example_c.arange(n: int) -> Tensor: a new float32 tensor made through the API table. */
static int32_t example_arange(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                              FerruleObject** err) {
  (void)self;
  static const char* const name = "example_c.arange";
  if (expect_count(name, num_args, 1, err) != 0) return -1;
  if (args[0].type_index != FERRULE_TYPE_INT) {
    return argument_type_error(name, 0, "n", "int", &args[0], err);
  }
  const int64_t n = args[0].v_int64;
  if (n < 0) {
    return fail(err, FERRULE_KIND_VALUE_ERROR, "%s() argument 1 'n': must be >= 0, got %lld", name,
                (long long)n);
  }
  const DLDataType float32 = {.code = kDLFloat, .bits = 32, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleObject* tensor = NULL;
  if (api->tensor_create(&n, 1, float32, cpu, &tensor, err) != 0) return -1; /* its error */
  const DLTensor* t = api->tensor_dltensor(tensor);
  float* data = (float*)((char*)t->data + t->byte_offset); /* fresh: C-contiguous, ours alone */
  for (int64_t i = 0; i < n; ++i) data[i] = (float)i;
  out->type_index = FERRULE_TYPE_TENSOR;
  out->small_len = 0;
  out->v_obj = tensor; /* the caller now owns our reference */
  return 0;
}

/* ---- registration -------------------------------------------------------------------------- */

typedef struct {
  const char* name;
  const char* doc;
  const char* signature;
  FerruleCallback callback;
} Entry;

static const Entry entries[] = {
    {"example_c.sum", "The sum of a float32 or float64 CPU tensor (any shape and strides).",
     "(x: Tensor) -> float", example_sum},
    {"example_c.fill", "Sets every element of a float32 or float64 CPU tensor to value, in place.",
     "(x: Tensor, value: float) -> None", example_fill},
    {"example_c.arange", "A new float32 tensor [0, 1, ..., n-1].", "(n: int) -> Tensor",
     example_arange},
};

/* The entry point ferrule_library_load calls (its type is FerrulePluginInit). Checks the table,
 * then registers every function; on failure returns -1 with an error in `*err`. */
__attribute__((visibility("default"))) int32_t ferrule_plugin_init(const FerruleApi* table,
                                                                   FerruleObject** err);

_Static_assert(_Generic(&ferrule_plugin_init, FerrulePluginInit: 1, default: 0),
               "ferrule_plugin_init must have the type FerrulePluginInit");

int32_t ferrule_plugin_init(const FerruleApi* table, FerruleObject** err) {
  if (table == NULL) return -1;
  if (table->abi_version != FERRULE_ABI_VERSION || table->struct_size < sizeof(FerruleApi)) {
    /* Every field up to error_create keeps its offset in every ABI version, so the error can
     * still be reported when the table is at least that long. */
    if (table->struct_size >= offsetof(FerruleApi, error_create) + sizeof table->error_create) {
      char message[160];
      snprintf(message, sizeof message,
               "example_c plugin: host ABI version %u with a %u-byte API table; the plugin was "
               "built for ABI version %d (a %zu-byte table)",
               (unsigned)table->abi_version, (unsigned)table->struct_size, FERRULE_ABI_VERSION,
               sizeof(FerruleApi));
      table->error_create(FERRULE_KIND_RUNTIME_ERROR, message, err);
    }
    return -1;
  }
  api = table;
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; ++i) {
    FerruleObject* function = NULL;
    if (api->func_create(entries[i].callback, NULL, NULL, &function, err) != 0) return -1;
    int32_t status = api->func_set_global(entries[i].name, function, entries[i].doc,
                                          entries[i].signature, 0, err);
    api->object_release(function); /* the registry keeps its own reference */
    if (status != 0) {
      char line[128];
      snprintf(line, sizeof line, "while registering %s", entries[i].name);
      api->error_add_context(*err, line);
      return -1;
    }
  }
  return 0;
}
