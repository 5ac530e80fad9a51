/* io.c — ferrule_save / ferrule_load (include/ferrule/io.h) from C: the files Python wrote with
 * numpy and safetensors' own package (go/testdata/io, the directory given as argv[1]) read back
 * with their values, a strided tensor saved in C order and round-tripped through safetensors,
 * .npz and .npy (memory-mapped and copied), and the errors of a missing file and of a dtype the
 * format cannot hold. Exits non-zero if any check fails.
 */
#include "ferrule/io.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

static const float WEIGHT[6] = {0.0f, 1.5f, 3.0f, 4.5f, 6.0f, 7.5f};

static void report(const char* what, FerruleObject* err) {
  fprintf(stderr, "%s failed: %s: %s\n", what, ferrule_error_kind(err), ferrule_error_message(err));
  ferrule_object_release(err);
  ++failed;
}

/* Element (i, j) of a 2-d float32 tensor, through its strides (in elements). */
static float at2(const DLTensor* t, int64_t i, int64_t j) {
  const float* base = (const float*)((const char*)t->data + t->byte_offset);
  return base[i * t->strides[0] + j * t->strides[1]];
}

/* Whether `value` is a 2x3 float32 tensor holding WEIGHT in row-major order. */
static int is_weight(const FerruleAny* value) {
  if (value->type_index != FERRULE_TYPE_TENSOR) return 0;
  const DLTensor* t = ferrule_tensor_dltensor(value->v_obj);
  if (t->ndim != 2 || t->shape[0] != 2 || t->shape[1] != 3) return 0;
  if (t->dtype.code != kDLFloat || t->dtype.bits != 32) return 0;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      if (at2(t, i, j) != WEIGHT[i * 3 + j]) return 0;
  return 1;
}

/* The map entry `name` of `map` (a new reference in `*out`, released by the caller), or 0. */
static int get(const FerruleAny* map, const char* name, FerruleAny* out) {
  FerruleAny key;
  FerruleObject* err = NULL;
  if (ferrule_io__str(name, &key, &err) != 0) {
    report("str", err);
    return 0;
  }
  int found =
      map->type_index == FERRULE_TYPE_MAP && ferrule_map_get(map->v_obj, &key, out, &err) == 0;
  ferrule_any_release(&key);
  if (!found && err != NULL) report(name, err);
  return found;
}

static void check_python_files(const char* dir) {
  char path[4096];
  FerruleObject* err = NULL;
  const char* dicts[] = {"python.safetensors", "python.npz"};
  for (int k = 0; k < 2; ++k) {
    snprintf(path, sizeof path, "%s/%s", dir, dicts[k]);
    FerruleAny loaded;
    if (ferrule_load(path, 1, NULL, &loaded, &err) != 0) {
      report(path, err);
      continue;
    }
    CHECK(loaded.type_index == FERRULE_TYPE_MAP && ferrule_map_size(loaded.v_obj) == 2);
    FerruleAny w, ids;
    CHECK(get(&loaded, "weight", &w) && is_weight(&w));
    if (get(&loaded, "ids", &ids)) {
      const DLTensor* t = ferrule_tensor_dltensor(ids.v_obj);
      const int64_t* v = (const int64_t*)t->data;
      CHECK(t->ndim == 1 && t->shape[0] == 3 && t->dtype.code == kDLInt && t->dtype.bits == 64);
      CHECK(v[0] == 7 && v[1] == -8 && v[2] == 9);
      ferrule_any_release(&ids);
    } else {
      CHECK(!"ids missing");
    }
    ferrule_any_release(&w);
    ferrule_any_release(&loaded);
  }
  snprintf(path, sizeof path, "%s/python_fortran_big_endian.npy", dir);
  FerruleAny one;
  if (ferrule_load(path, 1, NULL, &one, &err) != 0) {
    report(path, err);
    return;
  }
  CHECK(is_weight(&one));
  ferrule_any_release(&one);
}

static void check_round_trips(void) {
  FerruleObject* err = NULL;
  /* weight^T is a strided 3x2 view; saved, it must come back as the C-order 3x2 tensor. */
  const int64_t shape[2] = {2, 3};
  const DLDataType f32 = {.code = kDLFloat, .bits = 32, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleAny w = {0}, wt = {0};
  if (ferrule_tensor_create(shape, 2, f32, cpu, &w.v_obj, &err) != 0) {
    report("tensor_create", err);
    return;
  }
  w.type_index = FERRULE_TYPE_TENSOR;
  memcpy(ferrule_tensor_dltensor(w.v_obj)->data, WEIGHT, sizeof WEIGHT);
  if (ferrule_op_matrix_transpose(&w, &wt, &err) != 0) {
    report("matrix_transpose", err);
    ferrule_any_release(&w);
    return;
  }
  FerruleAny keys[2] = {{0}, {0}}, values[2] = {w, wt}, map = {0};
  ferrule_io__str("weight", &keys[0], &err);
  ferrule_io__str("t", &keys[1], &err);
  if (ferrule_map_create(keys, values, 2, &map.v_obj, &err) != 0) {
    report("map_create", err);
  } else {
    map.type_index = FERRULE_TYPE_MAP;
    char path[64];
    const char* exts[] = {"safetensors", "npz"};
    for (int k = 0; k < 2; ++k) {
      snprintf(path, sizeof path, "/tmp/ferrule-io-c-%d.%s", (int)getpid(), exts[k]);
      if (ferrule_save(path, &map, NULL, &err) != 0) {
        report("ferrule_save", err);
        continue;
      }
      for (int mmap = 0; mmap <= 1; ++mmap) {
        FerruleAny loaded, a, b;
        if (ferrule_load(path, mmap, NULL, &loaded, &err) != 0) {
          report("ferrule_load", err);
          continue;
        }
        CHECK(get(&loaded, "weight", &a) && is_weight(&a));
        if (get(&loaded, "t", &b)) {
          const DLTensor* t = ferrule_tensor_dltensor(b.v_obj);
          CHECK(t->ndim == 2 && t->shape[0] == 3 && t->shape[1] == 2);
          CHECK(t->strides[0] == 2 && t->strides[1] == 1); /* written and read in C order */
          CHECK(at2(t, 2, 1) == WEIGHT[1 * 3 + 2] && at2(t, 0, 1) == WEIGHT[3]);
          ferrule_any_release(&b);
        } else {
          CHECK(!"t missing");
        }
        ferrule_any_release(&a);
        ferrule_any_release(&loaded);
      }
      unlink(path);
    }
    /* One tensor as .npy, the format given by name rather than by the extension. */
    snprintf(path, sizeof path, "/tmp/ferrule-io-c-%d.bin", (int)getpid());
    FerruleAny back;
    if (ferrule_save(path, &w, "npy", &err) != 0) {
      report("ferrule_save npy", err);
    } else if (ferrule_load(path, 0, "npy", &back, &err) != 0) {
      report("ferrule_load npy", err);
    } else {
      CHECK(is_weight(&back));
      ferrule_any_release(&back);
    }
    unlink(path);
    ferrule_any_release(&map);
  }
  ferrule_any_release(&keys[0]);
  ferrule_any_release(&keys[1]);
  ferrule_any_release(&wt);
  ferrule_any_release(&w);
}

static void check_errors(void) {
  FerruleObject* err = NULL;
  FerruleAny out;
  CHECK(ferrule_load("/nonexistent/dir/x.safetensors", 1, NULL, &out, &err) != 0);
  if (err != NULL) {
    CHECK(strcmp(ferrule_error_kind(err), "OSError") == 0);
    CHECK(strstr(ferrule_error_message(err), "io.load") != NULL);
    CHECK(strstr(ferrule_error_message(err), "/nonexistent/dir/x.safetensors") != NULL);
    ferrule_object_release(err);
    err = NULL;
  }
  const int64_t shape[1] = {2};
  const DLDataType bf16 = {.code = kDLBfloat, .bits = 16, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleAny t = {0};
  if (ferrule_tensor_create(shape, 1, bf16, cpu, &t.v_obj, &err) != 0) {
    report("tensor_create bf16", err);
    return;
  }
  t.type_index = FERRULE_TYPE_TENSOR;
  CHECK(ferrule_save("/tmp/ferrule-io-c-bf16.npy", &t, NULL, &err) != 0);
  if (err != NULL) {
    CHECK(strcmp(ferrule_error_kind(err), "TypeError") == 0);
    CHECK(strstr(ferrule_error_message(err), "bfloat16") != NULL);
    ferrule_object_release(err);
  }
  ferrule_any_release(&t);
}

int main(int argc, char** argv) {
  const char* dir = argc > 1 ? argv[1] : "go/testdata/io";
  check_python_files(dir);
  check_round_trips();
  check_errors();
  printf("io: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
