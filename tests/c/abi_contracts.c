/* abi_contracts.c — the C ABI held to its header under misuse: DLPack imports that must fail
 * without calling the producer's deleter, sizes no allocation can satisfy (MemoryError, not an
 * abort), callbacks that break the calling convention, malformed values in containers and
 * arguments, the copy-out form of an error's context, quiet panics, and complex scalars (weak in
 * promotion, refused where they do not fit).
 *
 * Build and run (see the Makefile's test-c target):
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude -pthread tests/c/abi_contracts.c \
 *      -Ltarget/release -lferrule -Wl,-rpath,$PWD/target/release -o build/abi_contracts
 *   build/abi_contracts target/release/libferrule_testing.so
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Checks that a call failed with `err` of `kind` whose message contains `part`; releases it. */
static void expect_error(int32_t rc, FerruleObject* err, const char* kind, const char* part,
                         int line) {
  if (rc != -1 || err == NULL) {
    ++failed;
    fprintf(stderr, "%s:%d: expected a failure with an error, got rc %d and error %p\n", __FILE__,
            line, (int)rc, (void*)err);
    return;
  }
  const char* got_kind = ferrule_error_kind(err);
  const char* message = ferrule_error_message(err);
  if (got_kind == NULL || strcmp(got_kind, kind) != 0 || strstr(message, part) == NULL) {
    ++failed;
    fprintf(stderr, "%s:%d: expected %s containing '%s', got %s: %s\n", __FILE__, line, kind, part,
            got_kind ? got_kind : "(not an error)", message ? message : "");
  } else {
    ++passed;
  }
  ferrule_object_release(err);
}
/* The call runs first, then its error is read (an argument list would not order the two). */
#define EXPECT_ERROR(call, err, kind, part)             \
  do {                                                  \
    (err) = NULL;                                       \
    int32_t rc_ = (call);                               \
    expect_error(rc_, (err), (kind), (part), __LINE__); \
  } while (0)

/* ---- DLPack import: the caller keeps ownership on every failure --------------------------- */

static int deleter_calls = 0;
static void counting_deleter(DLManagedTensorVersioned* self) {
  (void)self;
  ++deleter_calls;
}

static float dl_data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static int64_t dl_shape[2];
static int64_t dl_strides[2];

/* A valid float32 DLPack tensor of shape (2, 4) over dl_data, with the counting deleter. */
static DLManagedTensorVersioned valid_managed(void) {
  DLManagedTensorVersioned m;
  memset(&m, 0, sizeof m);
  m.version.major = 1;
  m.version.minor = 0;
  m.deleter = counting_deleter;
  dl_shape[0] = 2;
  dl_shape[1] = 4;
  m.dl_tensor.data = dl_data;
  m.dl_tensor.device.device_type = kDLCPU;
  m.dl_tensor.ndim = 2;
  m.dl_tensor.dtype.code = kDLFloat;
  m.dl_tensor.dtype.bits = 32;
  m.dl_tensor.dtype.lanes = 1;
  m.dl_tensor.shape = dl_shape;
  m.dl_tensor.strides = NULL;
  return m;
}

/* Imports `m`, which must be refused with BufferError mentioning `part`, without the deleter
 * being called; then the caller (still the owner) frees it, and the deleter has run once. */
static void expect_refused(DLManagedTensorVersioned* m, const char* kind, const char* part,
                           int line) {
  deleter_calls = 0;
  FerruleObject* out = NULL;
  FerruleObject* err = NULL;
  int32_t rc = ferrule_tensor_from_dlpack(m, &out, &err);
  expect_error(rc, err, kind, part, line);
  if (out != NULL || deleter_calls != 0) {
    ++failed;
    fprintf(stderr, "%s:%d: a refused import produced %p and called the deleter %d times\n",
            __FILE__, line, (void*)out, deleter_calls);
  } else {
    ++passed;
  }
  m->deleter(m); /* the caller still owns it */
  CHECK(deleter_calls == 1);
}
#define EXPECT_REFUSED(m, part) expect_refused(&(m), "BufferError", (part), __LINE__)

static void test_dlpack_failures(void) {
  const uint64_t live = ferrule_live_object_count();
  DLManagedTensorVersioned m;

  m = valid_managed();
  m.version.major = 2;
  EXPECT_REFUSED(m, "unsupported DLPack version 2.0");

  m = valid_managed();
  m.dl_tensor.device.device_type = kDLCUDA;
  EXPECT_REFUSED(m, "only cpu tensors");

  m = valid_managed();
  m.dl_tensor.dtype.bits = 7;
  EXPECT_REFUSED(m, "from_dlpack");

  m = valid_managed();
  m.dl_tensor.shape = NULL;
  EXPECT_REFUSED(m, "'shape' is NULL but ndim is 2");

  m = valid_managed();
  dl_shape[1] = -4;
  EXPECT_REFUSED(m, "negative dimension");

  m = valid_managed();
  dl_shape[0] = INT64_C(1) << 62;
  EXPECT_REFUSED(m, "too many elements");

  m = valid_managed(); /* a zero dimension does not excuse an overflowing product */
  dl_shape[0] = 0;
  dl_shape[1] = INT64_MAX;
  m.dl_tensor.ndim = 2;
  {
    int64_t shape3[3] = {0, INT64_C(1) << 40, INT64_C(1) << 40};
    m.dl_tensor.shape = shape3;
    m.dl_tensor.ndim = 3;
    EXPECT_REFUSED(m, "too many elements");
  }

  m = valid_managed();
  dl_strides[0] = INT64_C(1) << 62;
  dl_strides[1] = 1;
  m.dl_tensor.strides = dl_strides;
  EXPECT_REFUSED(m, "overflows");

  m = valid_managed();
  m.dl_tensor.data = NULL;
  EXPECT_REFUSED(m, "'data' is NULL but the tensor has 8 elements");

  m = valid_managed();
  m.dl_tensor.byte_offset = UINT64_C(1) << 63;
  EXPECT_REFUSED(m, "past the end of the address space");

  m = valid_managed();
  m.dl_tensor.byte_offset = UINT64_MAX - 8; /* wraps around */
  EXPECT_REFUSED(m, "past the end of the address space");

  m = valid_managed();
  m.dl_tensor.ndim = -1;
  EXPECT_REFUSED(m, "negative ndim");

  /* NULL is a ValueError (there is nothing to own). */
  FerruleObject* out = NULL;
  FerruleObject* err = NULL;
  EXPECT_ERROR(ferrule_tensor_from_dlpack(NULL, &out, &err), err, "ValueError", "NULL");

  /* A valid import owns the tensor: the deleter runs once, when the last reference goes. */
  deleter_calls = 0;
  m = valid_managed();
  err = NULL;
  CHECK(ferrule_tensor_from_dlpack(&m, &out, &err) == 0 && out != NULL && err == NULL);
  CHECK(deleter_calls == 0);
  if (out != NULL) {
    const DLTensor* dl = ferrule_tensor_dltensor(out);
    CHECK(dl != NULL && dl->ndim == 2 && dl->shape[0] == 2 && dl->shape[1] == 4);
    CHECK(dl != NULL && ((const float*)dl->data)[5] == 6.0f);
    ferrule_object_release(out);
  }
  CHECK(deleter_calls == 1);

  /* An empty tensor may have NULL data; it is still owned and freed once. */
  deleter_calls = 0;
  m = valid_managed();
  dl_shape[0] = 0;
  m.dl_tensor.data = NULL;
  out = NULL;
  CHECK(ferrule_tensor_from_dlpack(&m, &out, &err) == 0 && out != NULL);
  ferrule_object_release(out);
  CHECK(deleter_calls == 1);

  /* Negative strides reach backwards from the first element. */
  deleter_calls = 0;
  m = valid_managed();
  dl_shape[0] = 8;
  dl_strides[0] = -1;
  m.dl_tensor.ndim = 1;
  m.dl_tensor.strides = dl_strides;
  m.dl_tensor.data = &dl_data[7];
  out = NULL;
  CHECK(ferrule_tensor_from_dlpack(&m, &out, &err) == 0 && out != NULL);
  if (out != NULL) {
    const DLTensor* dl = ferrule_tensor_dltensor(out);
    const float* first = (const float*)((const char*)dl->data + dl->byte_offset);
    CHECK(first[0] == 8.0f && first[dl->strides[0] * 7] == 1.0f);
    ferrule_object_release(out);
  }
  CHECK(deleter_calls == 1);
  CHECK(ferrule_live_object_count() == live);
}

/* ---- sizes no allocation can satisfy: MemoryError, never an abort ------------------------- */

static void test_allocation_failures(void) {
  const uint64_t live = ferrule_live_object_count();
  const size_t huge[] = {SIZE_MAX, SIZE_MAX >> 1, (size_t)1 << 50};
  for (size_t i = 0; i < sizeof huge / sizeof huge[0]; ++i) {
    FerruleObject* out = NULL;
    FerruleObject* err = NULL;
    EXPECT_ERROR(ferrule_bytes_create("ab", huge[i], &out, &err), err, "MemoryError",
                 "ferrule_bytes_create: cannot allocate");
    CHECK(out == NULL);
    err = NULL;
    EXPECT_ERROR(ferrule_str_create("ab", huge[i], &out, &err), err, "MemoryError",
                 "ferrule_str_create: cannot allocate");
    CHECK(out == NULL);
  }
  FerruleAny items[2];
  memset(items, 0, sizeof items);
  const int64_t counts[] = {INT64_MAX, INT64_C(1) << 44}; /* 2**48 bytes: past any address space */
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
    FerruleObject* out = NULL;
    FerruleObject* err = NULL;
    EXPECT_ERROR(ferrule_array_create(items, counts[i], &out, &err), err, "MemoryError",
                 "ferrule_array_create");
    err = NULL;
    EXPECT_ERROR(ferrule_map_create(items, items, counts[i], &out, &err), err, "MemoryError",
                 "ferrule_map_create");
    CHECK(out == NULL);
  }
  /* Invalid UTF-8 is still a ValueError naming the offset. */
  FerruleObject* out = NULL;
  FerruleObject* err = NULL;
  EXPECT_ERROR(ferrule_str_create("ab\xff", 3, &out, &err), err, "ValueError", "byte offset 2");
  CHECK(ferrule_live_object_count() == live);
}

/* ---- callbacks that break the calling convention ------------------------------------------- */

enum misbehaviour {
  RETURN_MINUS_ONE_WITHOUT_ERROR,
  RETURN_FIVE,
  RETURN_FIVE_WITH_ERROR,
  RETURN_ZERO_WITH_ERROR,
  RETURN_UNKNOWN_TYPE_INDEX,
  RETURN_NULL_TENSOR,
  RETURN_STR_TAGGED_TENSOR,
  RETURN_MINUS_ONE_WITH_A_STR,
  RETURN_ZERO_AND_42,
};

static int32_t misbehave(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                         FerruleObject** err) {
  (void)args;
  (void)num_args;
  const char* text = "a string longer than eight bytes";
  FerruleObject* str = NULL;
  FerruleObject* ignored = NULL;
  switch ((enum misbehaviour)(intptr_t)self) {
    case RETURN_MINUS_ONE_WITHOUT_ERROR:
      return -1;
    case RETURN_FIVE:
      return 5;
    case RETURN_FIVE_WITH_ERROR:
      ferrule_error_create("ValueError", "stored before returning 5", err);
      return 5;
    case RETURN_ZERO_WITH_ERROR:
      ferrule_str_create(text, strlen(text), &str, &ignored);
      out->type_index = FERRULE_TYPE_STR;
      out->v_obj = str;
      ferrule_error_create("ValueError", "stored with a success", err);
      return 0;
    case RETURN_UNKNOWN_TYPE_INDEX:
      out->type_index = 999;
      out->v_int64 = 0x1234; /* not a pointer: must never be followed */
      return 0;
    case RETURN_NULL_TENSOR:
      out->type_index = FERRULE_TYPE_TENSOR;
      out->v_obj = NULL;
      return 0;
    case RETURN_STR_TAGGED_TENSOR:
      ferrule_str_create(text, strlen(text), &str, &ignored);
      out->type_index = FERRULE_TYPE_TENSOR;
      out->v_obj = str;
      return 0;
    case RETURN_MINUS_ONE_WITH_A_STR:
      ferrule_str_create(text, strlen(text), err, &ignored);
      return -1;
    case RETURN_ZERO_AND_42:
      out->type_index = FERRULE_TYPE_INT;
      out->v_int64 = 42;
      return 0;
  }
  return -1;
}

/* Calls a function made of `misbehave(how)`, directly and through testing.apply (a plugin
 * function that calls it through the API table), expecting a RuntimeError containing `part`. */
static void expect_violation(enum misbehaviour how, const char* part, FerruleObject* apply,
                             int line) {
  const uint64_t live = ferrule_live_object_count();
  FerruleObject* func = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_func_create(misbehave, (void*)(intptr_t)how, NULL, &func, &err) == 0);
  char name[64];
  snprintf(name, sizeof name, "abi_contracts.misbehave%d", (int)how);
  CHECK(ferrule_func_set_global(name, func, NULL, NULL, FERRULE_REGISTER_OVERRIDE, &err) == 0);
  FerruleObject* registered = NULL;
  CHECK(ferrule_func_get_global(name, &registered, &err) == 0);

  FerruleAny out;
  memset(&out, 0, sizeof out);
  err = NULL;
  int32_t rc = ferrule_func_call(registered, NULL, 0, &out, &err);
  CHECK(out.type_index == FERRULE_TYPE_NONE);
  if (err != NULL && strstr(ferrule_error_message(err), name) == NULL) {
    ++failed;
    fprintf(stderr, "%s:%d: the error does not name %s: %s\n", __FILE__, line, name,
            ferrule_error_message(err));
  }
  expect_error(rc, err, "RuntimeError", part, line);

  if (apply != NULL) {
    FerruleAny args[1];
    memset(args, 0, sizeof args);
    args[0].type_index = FERRULE_TYPE_FUNCTION;
    args[0].v_obj = registered;
    err = NULL;
    rc = ferrule_func_call(apply, args, 1, &out, &err);
    expect_error(rc, err, "RuntimeError", part, line);
  }
  ferrule_object_release(registered);
  CHECK(ferrule_func_remove_global(name, &err) == 0);
  ferrule_object_release(func);
  if (ferrule_live_object_count() != live) {
    ++failed;
    fprintf(stderr, "%s:%d: %lld objects leaked\n", __FILE__, line,
            (long long)(ferrule_live_object_count() - live));
  }
}
#define EXPECT_VIOLATION(how, part, apply) expect_violation((how), (part), (apply), __LINE__)

static void test_callback_contract(FerruleObject* apply) {
  EXPECT_VIOLATION(RETURN_MINUS_ONE_WITHOUT_ERROR, "without storing an error in *err", apply);
  EXPECT_VIOLATION(RETURN_FIVE, "returned 5", apply);
  EXPECT_VIOLATION(RETURN_FIVE_WITH_ERROR, "ValueError: stored before returning 5", apply);
  EXPECT_VIOLATION(RETURN_ZERO_WITH_ERROR,
                   "returned 0 (success) but also stored an error in *err (ValueError", apply);
  EXPECT_VIOLATION(RETURN_UNKNOWN_TYPE_INDEX, "unknown type index 999", apply);
  EXPECT_VIOLATION(RETURN_NULL_TENSOR,
                   "a Tensor value (type index 71) whose object pointer is NULL", apply);
  EXPECT_VIOLATION(RETURN_STR_TAGGED_TENSOR,
                   "a value tagged Tensor (type index 71) holding an object of type index 65 (str)",
                   apply);
  EXPECT_VIOLATION(RETURN_MINUS_ONE_WITH_A_STR,
                   "stored an object of type index 65 (str) in *err instead of an Error", apply);

  /* A well-behaved callback: the result comes back, and the caller's *err slot is not touched. */
  FerruleObject* func = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_func_create(misbehave, (void*)(intptr_t)RETURN_ZERO_AND_42, NULL, &func, &err) ==
        0);
  FerruleAny out;
  memset(&out, 0, sizeof out);
  FerruleObject* sentinel = (FerruleObject*)(uintptr_t)0xdead;
  err = sentinel;
  CHECK(ferrule_func_call(func, NULL, 0, &out, &err) == 0);
  CHECK(out.type_index == FERRULE_TYPE_INT && out.v_int64 == 42);
  CHECK(err == sentinel);
  ferrule_object_release(func);
}

/* ---- malformed values in containers and arguments ----------------------------------------- */

static void test_malformed_values(FerruleObject* echo) {
  const uint64_t live = ferrule_live_object_count();
  const char* text = "a string longer than eight bytes";
  FerruleObject* str = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_str_create(text, strlen(text), &str, &err) == 0);

  FerruleAny items[3];
  memset(items, 0, sizeof items);
  items[0].type_index = FERRULE_TYPE_INT;
  items[0].v_int64 = 1;
  items[1].type_index = FERRULE_TYPE_STR;
  items[1].v_obj = str;

  FerruleObject* out = NULL;
  items[2].type_index = FERRULE_TYPE_TENSOR;
  items[2].v_obj = NULL;
  EXPECT_ERROR(ferrule_array_create(items, 3, &out, &err), err, "TypeError",
               "'items': item 2 is a Tensor value (type index 71) whose object pointer is NULL");
  items[2].type_index = 999;
  items[2].v_int64 = 0x1234;
  EXPECT_ERROR(ferrule_array_create(items, 3, &out, &err), err, "TypeError",
               "item 2 is a value with unknown type index 999");
  items[2].type_index = FERRULE_TYPE_TENSOR;
  items[2].v_obj = str;
  EXPECT_ERROR(ferrule_array_create(items, 3, &out, &err), err, "TypeError",
               "holding an object of type index 65 (str)");
  items[2].type_index = FERRULE_TYPE_SMALL_STR;
  items[2].small_len = 9;
  EXPECT_ERROR(ferrule_array_create(items, 3, &out, &err), err, "TypeError",
               "an inline str of length 9");
  CHECK(ferrule_object_use_count(str) == 1); /* nothing kept a reference */

  FerruleAny keys[2];
  memset(keys, 0, sizeof keys);
  keys[0].type_index = FERRULE_TYPE_INT;
  keys[1].type_index = FERRULE_TYPE_INT;
  keys[1].v_int64 = 2;
  items[1].type_index = FERRULE_TYPE_ARRAY; /* a Str tagged as an Array */
  EXPECT_ERROR(ferrule_map_create(keys, items, 2, &out, &err), err, "TypeError",
               "'values': item 1 is a value tagged Array");

  /* Arguments: a NULL or wrongly tagged tensor is described as such, never "got Tensor". */
  FerruleObject* abs_op = NULL;
  CHECK(ferrule_func_get_global("ops.abs", &abs_op, &err) == 0);
  FerruleAny arg;
  memset(&arg, 0, sizeof arg);
  arg.type_index = FERRULE_TYPE_TENSOR;
  arg.v_obj = NULL;
  FerruleAny result;
  memset(&result, 0, sizeof result);
  int32_t rc = ferrule_func_call(abs_op, &arg, 1, &result, &err);
  if (err != NULL) CHECK(strstr(ferrule_error_message(err), "got Tensor") == NULL);
  expect_error(rc, err, "TypeError",
               "got a Tensor value (type index 71) whose object pointer is NULL", __LINE__);
  arg.v_obj = str;
  err = NULL;
  rc = ferrule_func_call(abs_op, &arg, 1, &result, &err);
  expect_error(rc, err, "TypeError",
               "got a value tagged Tensor (type index 71) holding an object of type index 65 (str)",
               __LINE__);
  ferrule_object_release(abs_op);

  /* The same through a plugin function's argument checks (testing.tensor_sum takes a Tensor). */
  if (echo != NULL) {
    FerruleObject* tensor_sum = NULL;
    CHECK(ferrule_func_get_global("testing.tensor_sum", &tensor_sum, &err) == 0);
    arg.v_obj = NULL;
    err = NULL;
    rc = ferrule_func_call(tensor_sum, &arg, 1, &result, &err);
    if (err != NULL) CHECK(strstr(ferrule_error_message(err), "got Tensor") == NULL);
    expect_error(rc, err, "TypeError", "whose object pointer is NULL", __LINE__);
    ferrule_object_release(tensor_sum);
  }
  ferrule_object_release(str);
  CHECK(ferrule_live_object_count() == live);
}

/* ---- complex scalars ---------------------------------------------------------------------- */

/* Calls the registered `name` with `n` borrowed arguments; the result (or NULL on failure, with
 * the error in `*err`). */
static FerruleObject* call_tensor_op(const char* name, const FerruleAny* args, int32_t n,
                                     FerruleObject** err) {
  FerruleObject* op = NULL;
  if (ferrule_func_get_global(name, &op, err) != 0) return NULL;
  FerruleAny out;
  memset(&out, 0, sizeof out);
  int32_t rc = ferrule_func_call(op, args, n, &out, err);
  ferrule_object_release(op);
  if (rc != 0) return NULL;
  if (out.type_index != FERRULE_TYPE_TENSOR) {
    ferrule_any_release(&out);
    return NULL;
  }
  return out.v_obj;
}

static FerruleAny object_value(int32_t type_index, FerruleObject* obj) {
  FerruleAny v;
  memset(&v, 0, sizeof v);
  v.type_index = type_index;
  v.v_obj = obj;
  return v;
}

static void test_complex_scalars(void) {
  const uint64_t live = ferrule_live_object_count();
  FerruleObject* err = NULL;
  FerruleObject* z = NULL;
  CHECK(ferrule_complex_create(0.5, 2.0, &z, &err) == 0 && z != NULL);
  EXPECT_ERROR(ferrule_complex_create(1.0, 1.0, NULL, &err), err, "ValueError", "'out'");
  double re = 7.0, im = 7.0;
  CHECK(ferrule_complex_parts(NULL, &re, &im) == -1 && re == 7.0 && im == 7.0);
  CHECK(ferrule_complex_parts(z, NULL, &im) == -1 && im == 7.0);

  /* float32 tensor + 0.5+2j: the scalar is weak, the result complex64 (the standard's rule) */
  int64_t shape[1] = {2};
  DLDataType f32 = {kDLFloat, 32, 1};
  DLDevice cpu = {kDLCPU, 0};
  FerruleObject* x = NULL;
  CHECK(ferrule_tensor_create(shape, 1, f32, cpu, &x, &err) == 0);
  float* xs = (float*)ferrule_tensor_dltensor(x)->data;
  xs[0] = 1.0f;
  xs[1] = -3.0f;
  FerruleAny args[2] = {object_value(FERRULE_TYPE_TENSOR, x),
                        object_value(FERRULE_TYPE_COMPLEX, z)};
  FerruleObject* sum = call_tensor_op("ops.add", args, 2, &err);
  CHECK(sum != NULL);
  if (sum != NULL) {
    const DLTensor* t = ferrule_tensor_dltensor(sum);
    CHECK(t->dtype.code == kDLComplex && t->dtype.bits == 64);
    const float* v = (const float*)t->data; /* (real, imaginary) pairs */
    CHECK(v[0] == 1.5f && v[1] == 2.0f && v[2] == -2.5f && v[3] == 2.0f);
    ferrule_object_release(sum);
  }
  /* an int tensor + a complex scalar: complex128 (as numpy 2; the standard leaves it open) */
  DLDataType i64 = {kDLInt, 64, 1};
  FerruleObject* n = NULL;
  CHECK(ferrule_tensor_create(shape, 1, i64, cpu, &n, &err) == 0);
  args[0] = object_value(FERRULE_TYPE_TENSOR, n);
  FerruleObject* mixed = call_tensor_op("ops.multiply", args, 2, &err);
  CHECK(mixed != NULL && ferrule_tensor_dltensor(mixed)->dtype.bits == 128);
  ferrule_object_release(mixed);
  /* full((), z): a complex128 0-d tensor */
  FerruleAny full_args[2];
  memset(full_args, 0, sizeof full_args);
  FerruleObject* empty_shape = NULL;
  CHECK(ferrule_array_create(NULL, 0, &empty_shape, &err) == 0);
  full_args[0] = object_value(FERRULE_TYPE_ARRAY, empty_shape);
  full_args[1] = object_value(FERRULE_TYPE_COMPLEX, z);
  FerruleObject* filled = call_tensor_op("ops.full", full_args, 2, &err);
  CHECK(filled != NULL);
  if (filled != NULL) {
    const DLTensor* t = ferrule_tensor_dltensor(filled);
    const double* v = (const double*)t->data;
    CHECK(t->ndim == 0 && t->dtype.code == kDLComplex && t->dtype.bits == 128);
    CHECK(v[0] == 0.5 && v[1] == 2.0);
    ferrule_object_release(filled);
  }
  ferrule_object_release(empty_shape);
  /* ordering is not defined for complex numbers; a complex scalar where only reals go */
  args[0] = object_value(FERRULE_TYPE_TENSOR, x);
  CHECK(call_tensor_op("ops.less", args, 2, &err) == NULL);
  expect_error(-1, err, "TypeError", "less", __LINE__);
  /* a complex tag on an object of another type is described, never read */
  FerruleObject* str = NULL;
  CHECK(ferrule_str_create("not a complex number", 20, &str, &err) == 0);
  args[1] = object_value(FERRULE_TYPE_COMPLEX, str);
  CHECK(call_tensor_op("ops.add", args, 2, &err) == NULL);
  expect_error(-1, err, "TypeError", "a value tagged complex (type index 72) holding an object of",
               __LINE__);
  CHECK(ferrule_complex_parts(str, &re, &im) == -1);
  ferrule_object_release(str);
  ferrule_object_release(x);
  ferrule_object_release(n);
  ferrule_object_release(z);
  CHECK(ferrule_live_object_count() == live);
}

/* ---- the copy-out form of an error's context ----------------------------------------------- */

struct annotator {
  FerruleObject* error;
  int lines;
};

static void* annotate(void* arg) {
  struct annotator* a = arg;
  for (int i = 0; i < a->lines; ++i) ferrule_error_add_context(a->error, "a line of context");
  return NULL;
}

static void test_error_context_copy(void) {
  FerruleObject* error = NULL;
  ferrule_error_create("ValueError", "bad", &error);
  size_t needed = 99;
  char buf[64];
  CHECK(ferrule_error_context_copy(error, NULL, 0, &needed) == 1 &&
        needed == 0); /* not even the NUL fits */
  ferrule_error_add_context(error, "first");
  ferrule_error_add_context(error, "second");
  CHECK(ferrule_error_context_copy(error, NULL, 0, &needed) == 1 && needed == 12);
  memset(buf, 'x', sizeof buf);
  CHECK(ferrule_error_context_copy(error, buf, 4, &needed) == 1 && needed == 12);
  CHECK(strcmp(buf, "fir") == 0 && buf[4] == 'x');
  CHECK(ferrule_error_context_copy(error, buf, 12, NULL) == 1 && strcmp(buf, "first\nsecon") == 0);
  CHECK(ferrule_error_context_copy(error, buf, 13, &needed) == 0 && needed == 12);
  CHECK(strcmp(buf, "first\nsecond") == 0);
  CHECK(strcmp(ferrule_error_context(error), "first\nsecond") == 0);
  CHECK(ferrule_error_context_copy(error, NULL, 5, &needed) == -1);

  FerruleObject* str = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_str_create("abc", 3, &str, &err) == 0);
  CHECK(ferrule_error_context_copy(str, buf, sizeof buf, &needed) == -1);
  CHECK(ferrule_error_context_copy(NULL, buf, sizeof buf, &needed) == -1);
  ferrule_object_release(str);

  /* Another thread annotating meanwhile: every copy is one whole snapshot (whole lines). */
  struct annotator a = {error, 2000};
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, annotate, &a) == 0);
  int torn = 0;
  for (int i = 0; i < 2000; ++i) {
    char* copy = NULL;
    size_t cap = 0;
    for (;;) {
      int32_t rc = ferrule_error_context_copy(error, copy, cap, &needed);
      if (rc == 0) break;
      cap = needed + 1;
      copy = realloc(copy, cap);
    }
    const char* tail = copy == NULL ? "" : copy;
    if (strncmp(tail, "first\nsecond", 12) != 0) ++torn;
    for (const char* line = strchr(tail, '\n'); line != NULL; line = strchr(line + 1, '\n')) {
      const char* rest = line + 1;
      if (strncmp(rest, "second", 6) != 0 && strncmp(rest, "a line of context", 17) != 0) ++torn;
    }
    if (strlen(tail) != needed) ++torn;
    free(copy);
  }
  pthread_join(thread, NULL);
  CHECK(torn == 0);
  CHECK(ferrule_error_context_copy(error, NULL, 0, &needed) == 1 &&
        needed == 12 + 2000 * strlen("\na line of context"));
  ferrule_object_release(error);
}

/* ---- panics caught at the boundary are quiet ------------------------------------------------ */

static void test_quiet_panics(void) {
  FerruleObject* panic_fn = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_func_get_global("testing.panic", &panic_fn, &err) == 0);
  if (panic_fn == NULL) return;
  /* stderr goes to a temporary file for the call */
  char path[] = "/tmp/ferrule_abi_contracts_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  FerruleAny out;
  memset(&out, 0, sizeof out);
  int32_t rc = 0;
  for (int i = 0; i < 3; ++i) {
    err = NULL;
    rc = ferrule_func_call(panic_fn, NULL, 0, &out, &err);
    if (i < 2) ferrule_object_release(err);
  }
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  off_t printed = lseek(fd, 0, SEEK_END);
  close(fd);
  unlink(path);
  CHECK(printed == 0);
  if (printed != 0)
    fprintf(stderr, "abi_contracts: caught panics printed %lld bytes\n", (long long)printed);
  /* the message and its location are in the error */
  expect_error(rc, err, "RuntimeError", "testing.panic() panicked: testing.panic called (at ",
               __LINE__);
  ferrule_object_release(panic_fn);
}

int main(int argc, char** argv) {
  FerruleObject* apply = NULL;
  FerruleObject* err = NULL;
  if (argc > 1) {
    if (ferrule_library_load(argv[1], &err) != 0) {
      fprintf(stderr, "abi_contracts: cannot load %s: %s\n", argv[1], ferrule_error_message(err));
      return 1;
    }
    CHECK(ferrule_func_get_global("testing.apply", &apply, &err) == 0);
  }
  test_dlpack_failures();
  test_allocation_failures();
  test_callback_contract(apply);
  test_malformed_values(apply);
  test_error_context_copy();
  test_complex_scalars();
  if (apply != NULL) test_quiet_panics();
  ferrule_object_release(apply);
  printf("abi_contracts: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
