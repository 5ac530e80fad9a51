/* io.h — tensor files from C: ferrule_save and ferrule_load over the registered io.save and
 * io.load functions (safetensors, numpy .npy and .npz), the same files Python and Go read and
 * write.
 *
 * Ownership and errors follow ferrule.h: on success the functions return 0 and `*result` (for
 * ferrule_load) holds an owned value to release with ferrule_any_release; on failure they return
 * -1 and `*err` holds an owned error whose kind is a Python exception name ("OSError" for a file
 * that cannot be opened or written, "ValueError" for a damaged file, "TypeError" for a dtype the
 * format cannot hold) and whose message names io.save or io.load and the path. */
#ifndef FERRULE_IO_H_
#define FERRULE_IO_H_

#include <string.h>

#include "ferrule/ferrule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls the registered function `name`, caching the lookup in `*cache`. Internal. */
static inline int32_t ferrule_io__call(const char* name, FerruleObject** cache,
                                       const FerruleAny* args, int32_t n, FerruleAny* result,
                                       FerruleObject** err) {
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

/* `text` (NUL-terminated UTF-8, or NULL for None) as an owned value in `*out`. Internal. */
static inline int32_t ferrule_io__str(const char* text, FerruleAny* out, FerruleObject** err) {
  memset(out, 0, sizeof *out);
  if (text == NULL) return 0; /* FERRULE_TYPE_NONE */
  FerruleObject* s = NULL;
  if (ferrule_str_create(text, strlen(text), &s, err) != 0) return -1;
  out->type_index = FERRULE_TYPE_STR;
  out->v_obj = s;
  return 0;
}

/* Saves `tensors` to `path`: a Map value (name -> tensor, made with ferrule_map_create) for
 * .safetensors and .npz files, or one tensor value for .npy. `format` is "safetensors", "npy",
 * "npz", or NULL to go by the extension. Strided tensors are written in C order; the file is
 * written beside `path` and renamed over it. */
static inline int32_t ferrule_save(const char* path, const FerruleAny* tensors, const char* format,
                                   FerruleObject** err) {
  static FerruleObject* cache;
  FerruleAny args[3];
  if (ferrule_io__str(path, &args[0], err) != 0) return -1;
  args[1] = *tensors;
  if (ferrule_io__str(format, &args[2], err) != 0) {
    ferrule_any_release(&args[0]);
    return -1;
  }
  FerruleAny result;
  int32_t rc = ferrule_io__call("io.save", &cache, args, 3, &result, err);
  ferrule_any_release(&args[0]);
  ferrule_any_release(&args[2]);
  if (rc == 0) ferrule_any_release(&result);
  return rc;
}

/* Loads `path`: `*result` is a Map of name -> tensor for .safetensors and .npz files, one tensor
 * for .npy. The format comes from `format` ("safetensors", "npy", "npz"), else the extension,
 * else the file's first bytes. With `mmap` non-zero the tensors view a read-only memory map of the
 * file (their DLTensor data points into it; never write through it), which stays mapped while
 * any of them is alive; with 0 they are copied into memory of their own. */
static inline int32_t ferrule_load(const char* path, int mmap, const char* format,
                                   FerruleAny* result, FerruleObject** err) {
  static FerruleObject* cache;
  FerruleAny args[3];
  if (ferrule_io__str(path, &args[0], err) != 0) return -1;
  memset(&args[1], 0, sizeof args[1]);
  args[1].type_index = FERRULE_TYPE_BOOL;
  args[1].v_int64 = mmap != 0;
  if (ferrule_io__str(format, &args[2], err) != 0) {
    ferrule_any_release(&args[0]);
    return -1;
  }
  int32_t rc = ferrule_io__call("io.load", &cache, args, 3, result, err);
  ferrule_any_release(&args[0]);
  ferrule_any_release(&args[2]);
  return rc;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERRULE_IO_H_ */
