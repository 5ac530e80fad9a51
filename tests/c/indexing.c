/* indexing.c — ops.getitem / ops.setitem from C through the packed index encoding (the table in
 * crates/ferrule-ops/src/index.rs): a top-level Array is a tuple (numpy's x[0, 2]), and an
 * integer-array index is an Array inside it or a Tensor alone (numpy's x[[0, 2]]), so the two
 * stay distinct. Also a slice Map, "..." and None, the text form of a basic index, a bool mask,
 * a write through an integer-array index, and an out-of-range index's error. Exits non-zero if any
 * result is not numpy's.
 */
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

static FerruleAny none_arg(void) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_NONE;
  return a;
}

/* The str "..." (short enough to be stored inline). */
static FerruleAny ellipsis_arg(void) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_SMALL_STR;
  a.small_len = 3;
  memcpy(a.v_bytes, "...", 3);
  return a;
}

/* An object argument; the FerruleAny borrows the caller's reference. */
static FerruleAny obj_arg(FerruleObject* obj) {
  FerruleAny a = {0};
  a.type_index = obj->type_index;
  a.v_obj = obj;
  return a;
}

/* An Array of `n` items (new reference; the items are copied). Aborts the test on failure. */
static FerruleObject* array_of(const FerruleAny* items, int64_t n) {
  FerruleObject *out = NULL, *err = NULL;
  if (ferrule_array_create(items, n, &out, &err) != 0) {
    fprintf(stderr, "ferrule_array_create: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
    return NULL;
  }
  return out;
}

/* The Map {"slice": [start, stop, step]} (new reference). */
static FerruleObject* slice_of(FerruleAny start, FerruleAny stop, FerruleAny step) {
  const FerruleAny parts[3] = {start, stop, step};
  FerruleObject* list = array_of(parts, 3);
  FerruleObject *key = NULL, *map = NULL, *err = NULL;
  if (list == NULL || ferrule_str_create("slice", 5, &key, &err) != 0) return NULL;
  const FerruleAny k = obj_arg(key), v = obj_arg(list);
  if (ferrule_map_create(&k, &v, 1, &map, &err) != 0) {
    fprintf(stderr, "ferrule_map_create: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
  }
  ferrule_object_release(key);
  ferrule_object_release(list);
  return map;
}

/* A C-contiguous tensor of `n` values (int64, or bool when `is_bool`), shape `shape[ndim]`. */
static FerruleObject* tensor_of(const int64_t* values, int64_t n, const int64_t* shape,
                                int32_t ndim, int is_bool) {
  const DLDataType dtype = is_bool ? (DLDataType){.code = kDLBool, .bits = 8, .lanes = 1}
                                   : (DLDataType){.code = kDLInt, .bits = 64, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleObject *out = NULL, *err = NULL;
  if (ferrule_tensor_create(shape, ndim, dtype, cpu, &out, &err) != 0) {
    fprintf(stderr, "ferrule_tensor_create: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
    return NULL;
  }
  const DLTensor* t = ferrule_tensor_dltensor(out);
  char* data = (char*)t->data + t->byte_offset;
  for (int64_t i = 0; i < n; ++i) {
    if (is_bool) {
      data[i] = (char)(values[i] != 0);
    } else {
      ((int64_t*)data)[i] = values[i];
    }
  }
  return out;
}

/* Whether `result` is an int64 tensor of shape `shape[ndim]` holding `values` (row-major). */
static int is_int64s(const FerruleAny* result, const int64_t* shape, int32_t ndim,
                     const int64_t* values) {
  if (result->type_index != FERRULE_TYPE_TENSOR) return 0;
  const DLTensor* t = ferrule_tensor_dltensor(result->v_obj);
  if (t->ndim != ndim || t->dtype.code != kDLInt || t->dtype.bits != 64) return 0;
  int64_t n = 1;
  for (int32_t d = 0; d < ndim; ++d) {
    if (t->shape[d] != shape[d]) return 0;
    n *= shape[d];
  }
  /* Walk the elements in row-major order through the strides (views may be strided). */
  const int64_t* base = (const int64_t*)((const char*)t->data + t->byte_offset);
  for (int64_t k = 0; k < n; ++k) {
    int64_t rest = k, offset = 0;
    for (int32_t d = ndim - 1; d >= 0; --d) {
      offset += (rest % t->shape[d]) * t->strides[d];
      rest /= t->shape[d];
    }
    if (base[offset] != values[k]) return 0;
  }
  return 1;
}

/* getitem(x, index) and whether it gave `shape` / `values`; the result is released. */
static int getitem_is(const FerruleAny* x, const FerruleAny* index, const int64_t* shape,
                      int32_t ndim, const int64_t* values) {
  FerruleAny result = {0};
  FerruleObject* err = NULL;
  if (ferrule_op_getitem(x, index, &result, &err) != 0) {
    fprintf(stderr, "getitem raised %s: %s\n", ferrule_error_kind(err), ferrule_error_message(err));
    ferrule_object_release(err);
    return 0;
  }
  const int ok = is_int64s(&result, shape, ndim, values);
  ferrule_any_release(&result);
  return ok;
}

int main(void) {
  /* x = numpy's arange(12).reshape(3, 4) */
  int64_t values[12];
  for (int i = 0; i < 12; ++i) values[i] = i;
  const int64_t shape34[2] = {3, 4};
  FerruleObject* x_obj = tensor_of(values, 12, shape34, 2, 0);
  if (x_obj == NULL) return 1;
  const FerruleAny x = obj_arg(x_obj);
  /* (libferrule registers its built-in functions on first use: count objects from after that) */
  FerruleObject* names = NULL;
  FerruleObject* err = NULL;
  if (ferrule_func_list_global_names(&names, &err) != 0) return 1;
  ferrule_object_release(names);
  const uint64_t live = ferrule_live_object_count();

  /* x[0, 2]: a top-level Array of two ints is a tuple -> the element 2 (0-d). */
  const FerruleAny zero_two[2] = {int_arg(0), int_arg(2)};
  FerruleObject* tuple = array_of(zero_two, 2);
  const FerruleAny tuple_arg = obj_arg(tuple);
  CHECK(getitem_is(&x, &tuple_arg, NULL, 0, (const int64_t[]){2}));

  /* x[[0, 2]]: that Array inside a tuple is an integer-array index -> rows 0 and 2. */
  FerruleObject* list_in_tuple = array_of(&tuple_arg, 1);
  const FerruleAny list_arg = obj_arg(list_in_tuple);
  static const int64_t rows02[8] = {0, 1, 2, 3, 8, 9, 10, 11};
  CHECK(getitem_is(&x, &list_arg, (const int64_t[]){2, 4}, 2, rows02));

  /* x[[0, 2]] again, as an int64 Tensor alone. */
  FerruleObject* rows = tensor_of((const int64_t[]){0, 2}, 2, (const int64_t[]){2}, 1, 0);
  const FerruleAny rows_arg = obj_arg(rows);
  CHECK(getitem_is(&x, &rows_arg, (const int64_t[]){2, 4}, 2, rows02));

  /* x[[True, False, True]]: a bool Tensor is a mask. */
  FerruleObject* mask = tensor_of((const int64_t[]){1, 0, 1}, 3, (const int64_t[]){3}, 1, 1);
  const FerruleAny mask_arg = obj_arg(mask);
  CHECK(getitem_is(&x, &mask_arg, (const int64_t[]){2, 4}, 2, rows02));

  /* x[1:3, ::-1] and x[..., None, 1]: slice Maps, "..." and None. */
  FerruleObject* s13 = slice_of(int_arg(1), int_arg(3), none_arg());
  FerruleObject* rev = slice_of(none_arg(), none_arg(), int_arg(-1));
  const FerruleAny slices[2] = {obj_arg(s13), obj_arg(rev)};
  FerruleObject* sliced = array_of(slices, 2);
  const FerruleAny sliced_arg = obj_arg(sliced);
  CHECK(getitem_is(&x, &sliced_arg, (const int64_t[]){2, 4}, 2,
                   (const int64_t[]){7, 6, 5, 4, 11, 10, 9, 8}));
  const FerruleAny ell_items[3] = {ellipsis_arg(), none_arg(), int_arg(1)};
  FerruleObject* ell = array_of(ell_items, 3);
  const FerruleAny ell_arg = obj_arg(ell);
  CHECK(getitem_is(&x, &ell_arg, (const int64_t[]){3, 1}, 2, (const int64_t[]){1, 5, 9}));

  /* The same two as text, as Python writes them: "1:3,::-1" (8 bytes, inline) and
   * "..., None, 1" (a Str object). */
  FerruleAny text13 = {0};
  text13.type_index = FERRULE_TYPE_SMALL_STR;
  text13.small_len = 8;
  memcpy(text13.v_bytes, "1:3,::-1", 8);
  CHECK(getitem_is(&x, &text13, (const int64_t[]){2, 4}, 2,
                   (const int64_t[]){7, 6, 5, 4, 11, 10, 9, 8}));
  FerruleObject* ell_text = NULL;
  FerruleObject* text_err = NULL;
  CHECK(ferrule_str_create("..., None, 1", 12, &ell_text, &text_err) == 0);
  const FerruleAny ell_text_arg = {.type_index = FERRULE_TYPE_STR, .v_obj = ell_text};
  CHECK(getitem_is(&x, &ell_text_arg, (const int64_t[]){3, 1}, 2, (const int64_t[]){1, 5, 9}));
  ferrule_object_release(ell_text);

  /* x[[0, 1], [1, 9]]: out of range, an IndexError naming the item and the axis. */
  const FerruleAny one_nine[2] = {int_arg(1), int_arg(9)};
  FerruleObject* bad_list = array_of(one_nine, 2);
  const FerruleAny bad_items[2] = {obj_arg(rows), obj_arg(bad_list)};
  FerruleObject* bad = array_of(bad_items, 2);
  const FerruleAny bad_arg = obj_arg(bad);
  FerruleAny unused = {0};
  CHECK(ferrule_op_getitem(&x, &bad_arg, &unused, &err) != 0);
  if (err != NULL) {
    CHECK(strcmp(ferrule_error_kind(err), "IndexError") == 0);
    CHECK(strstr(ferrule_error_message(err), "item 1 of the index") != NULL);
    CHECK(strstr(ferrule_error_message(err), "out of bounds for axis 1 with size 4") != NULL);
    ferrule_object_release(err);
  }

  /* x[[0, 2]] = 1 writes rows 0 and 2; x[0, 2] = -1 then writes one element. */
  const FerruleAny one = int_arg(1), minus_one = int_arg(-1);
  err = NULL;
  CHECK(ferrule_op_setitem(&x, &list_arg, &one, &unused, &err) == 0);
  CHECK(ferrule_op_setitem(&x, &tuple_arg, &minus_one, &unused, &err) == 0);
  CHECK(is_int64s(&x, shape34, 2, (const int64_t[]){1, 1, -1, 1, 4, 5, 6, 7, 1, 1, 1, 1}));

  FerruleObject* owned[] = {tuple, list_in_tuple, rows, mask, s13, rev, sliced, ell, bad_list, bad};
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; ++i) ferrule_object_release(owned[i]);
  CHECK(ferrule_live_object_count() == live); /* every result and error was released */
  ferrule_object_release(x_obj);

  printf("indexing: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
