/* abi_layout.c — pins the layout of ferrule.h (the same numbers ferrule-sys asserts in Rust) and
 * checks at run time that libferrule speaks this header's ABI.
 *
 * Build and run (see the Makefile's test-c target):
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude tests/c/abi_layout.c -Ltarget/release -lferrule \
 *      -Wl,-rpath,$PWD/target/release -o build/abi_layout && build/abi_layout
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ferrule/ferrule.h"
#include "ferrule/ops.h" /* the generated operator wrappers must compile cleanly too */

/* ---- compile time: the layout every language relies on ------------------------------------ */

_Static_assert(sizeof(FerruleAny) == 16, "FerruleAny is 16 bytes");
_Static_assert(offsetof(FerruleAny, type_index) == 0, "FerruleAny.type_index at 0");
_Static_assert(offsetof(FerruleAny, small_len) == 4, "FerruleAny.small_len at 4");
_Static_assert(offsetof(FerruleAny, v_int64) == 8, "FerruleAny payload at 8");
_Static_assert(offsetof(FerruleAny, v_bytes) == 8, "FerruleAny inline bytes at 8");

_Static_assert(sizeof(FerruleObject) == 24, "FerruleObject is 24 bytes");
_Static_assert(offsetof(FerruleObject, strong) == 0, "FerruleObject.strong at 0");
_Static_assert(offsetof(FerruleObject, weak) == 4, "FerruleObject.weak at 4");
_Static_assert(offsetof(FerruleObject, type_index) == 8, "FerruleObject.type_index at 8");
_Static_assert(offsetof(FerruleObject, deleter) == 16, "FerruleObject.deleter at 16");

_Static_assert(sizeof(DLDevice) == 8, "DLDevice is 8 bytes");
_Static_assert(sizeof(DLDataType) == 4, "DLDataType is 4 bytes");
_Static_assert(sizeof(DLTensor) == 48, "DLTensor is 48 bytes");
_Static_assert(offsetof(DLTensor, shape) == 24, "DLTensor.shape at 24");
_Static_assert(offsetof(DLTensor, byte_offset) == 40, "DLTensor.byte_offset at 40");
_Static_assert(sizeof(DLManagedTensorVersioned) == 80, "DLManagedTensorVersioned is 80 bytes");
_Static_assert(offsetof(DLManagedTensorVersioned, dl_tensor) == 32,
               "DLManagedTensorVersioned.dl_tensor at 32");

_Static_assert(sizeof(FerruleTensorObject) == 80, "FerruleTensorObject is 80 bytes");
_Static_assert(offsetof(FerruleTensorObject, frontend) == 72, "FerruleTensorObject.frontend at 72");
_Static_assert(offsetof(FerruleTensorObject, tensor) == 24, "FerruleTensorObject.tensor at 24");

_Static_assert(sizeof(FerruleComplexObject) == 40, "FerruleComplexObject is 40 bytes");
_Static_assert(offsetof(FerruleComplexObject, real) == 24, "FerruleComplexObject.real at 24");
_Static_assert(offsetof(FerruleComplexObject, imag) == 32, "FerruleComplexObject.imag at 32");
_Static_assert(FERRULE_TYPE_COMPLEX == 72, "the complex type index follows the tensor's");

_Static_assert(sizeof(FerruleApi) == 8 + 60 * 8, "FerruleApi: 8-byte prefix and 60 entries");
_Static_assert(offsetof(FerruleApi, live_object_count) == 8, "first FerruleApi entry at 8");
_Static_assert(offsetof(FerruleApi, set_frontend_release_hook) == 8 + 38 * 8,
               "set_frontend_release_hook keeps its offset");
_Static_assert(offsetof(FerruleApi, check_signals) == 8 + 40 * 8, "check_signals keeps its offset");
_Static_assert(offsetof(FerruleApi, error_context_copy) == 8 + 41 * 8,
               "error_context_copy keeps its offset");
_Static_assert(offsetof(FerruleApi, complex_create) == 8 + 42 * 8, "complex_create after it");
_Static_assert(offsetof(FerruleApi, complex_parts) == 8 + 43 * 8, "complex_parts after it");
_Static_assert(offsetof(FerruleApi, tensor_requires_grad) == 8 + 44 * 8,
               "the autograd entries follow complex_parts");
_Static_assert(offsetof(FerruleApi, set_grad_enabled) == 8 + 51 * 8, "set_grad_enabled after them");
_Static_assert(offsetof(FerruleApi, func_call_from) == 8 + 52 * 8, "the profiler's entries follow");
_Static_assert(offsetof(FerruleApi, profiler_enabled) == 8 + 59 * 8, "profiler_enabled is last");

/* ---- run time ------------------------------------------------------------------------------- */

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

/* A frontend's signal hook: reports an interrupt on its second call. */
static int signal_calls = 0;
static int32_t fake_signal_hook(FerruleObject** err) {
  if (++signal_calls < 2) return 0;
  ferrule_error_create("KeyboardInterrupt", "interrupted by the test", err);
  return 1;
}

int main(void) {
  CHECK(ferrule_abi_version() == FERRULE_ABI_VERSION);

  const FerruleApi* api = ferrule_api();
  CHECK(api != NULL);
  if (api == NULL) {
    fprintf(stderr, "%d passed, %d failed\n", passed, failed);
    return 1;
  }
  CHECK(api->abi_version == FERRULE_ABI_VERSION);
  CHECK(api->struct_size == sizeof(FerruleApi));
  /* The table's entries are the exported functions themselves. */
  CHECK(api->object_release == ferrule_object_release);
  CHECK(api->blocking_leave == ferrule_blocking_leave);
  CHECK(api->set_frontend_release_hook == ferrule_set_frontend_release_hook);
  CHECK(api->check_signals == ferrule_check_signals);
  CHECK(api->error_context_copy == ferrule_error_context_copy);
  CHECK(api->complex_create == ferrule_complex_create);
  CHECK(api->complex_parts == ferrule_complex_parts);
  CHECK(api->tensor_requires_grad == ferrule_tensor_requires_grad);
  CHECK(api->tensor_set_requires_grad == ferrule_tensor_set_requires_grad);
  CHECK(api->tensor_grad == ferrule_tensor_grad);
  CHECK(api->tensor_set_grad == ferrule_tensor_set_grad);
  CHECK(api->autograd_backward == ferrule_autograd_backward);
  CHECK(api->autograd_grad == ferrule_autograd_grad);
  CHECK(api->grad_enabled() == ferrule_grad_enabled());
  CHECK(api->set_grad_enabled(1) == 1);
  CHECK(api->func_call_from == ferrule_func_call_from);
  CHECK(api->profiler_enabled == ferrule_profiler_enabled);

  /* Retain / release / live count on a string too long to be inline. */
  const uint64_t live_before = ferrule_live_object_count();
  const char* text = "a string longer than eight bytes";
  FerruleObject* str = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_str_create(text, strlen(text), &str, &err) == 0);
  CHECK(err == NULL);
  CHECK(str != NULL);
  if (str != NULL) {
    CHECK(str->type_index == FERRULE_TYPE_STR);
    CHECK(ferrule_live_object_count() == live_before + 1);
    CHECK(ferrule_object_use_count(str) == 1);
    ferrule_object_retain(str);
    CHECK(ferrule_object_use_count(str) == 2);

    FerruleAny value = {0};
    value.type_index = FERRULE_TYPE_STR;
    value.v_obj = str;
    const char* data = NULL;
    size_t len = 0;
    CHECK(ferrule_any_view_bytes(&value, &data, &len) == 0);
    CHECK(len == strlen(text) && data != NULL && memcmp(data, text, len) == 0);

    ferrule_any_release(&value); /* drops the retained reference, sets None */
    CHECK(value.type_index == FERRULE_TYPE_NONE);
    CHECK(ferrule_object_use_count(str) == 1);
    ferrule_object_release(str);
  }
  CHECK(ferrule_live_object_count() == live_before);

  /* Errors travel through the out-parameter with kind and message. */
  FerruleObject* error = NULL;
  ferrule_error_create("ValueError", "bad value", &error);
  CHECK(error != NULL && error->type_index == FERRULE_TYPE_ERROR);
  CHECK(strcmp(ferrule_error_kind(error), "ValueError") == 0);
  CHECK(strcmp(ferrule_error_message(error), "bad value") == 0);
  ferrule_object_release(error);
  CHECK(ferrule_live_object_count() == live_before);

  /* Complex numbers: an object whose parts read back, through the call and from the layout. */
  FerruleObject* z = NULL;
  CHECK(ferrule_complex_create(1.5, -2.0, &z, &err) == 0 && z != NULL);
  if (z != NULL) {
    CHECK(z->type_index == FERRULE_TYPE_COMPLEX);
    double re = 0.0, im = 0.0;
    CHECK(ferrule_complex_parts(z, &re, &im) == 0 && re == 1.5 && im == -2.0);
    const FerruleComplexObject* parts = (const FerruleComplexObject*)z;
    CHECK(parts->real == 1.5 && parts->imag == -2.0);
    CHECK(ferrule_live_object_count() == live_before + 1);
    ferrule_object_release(z);
  }
  CHECK(ferrule_live_object_count() == live_before);

  /* Interrupts: no hook, nothing pending; a hook's error comes back to the caller. */
  FerruleObject* interrupt = NULL;
  CHECK(ferrule_check_signals(&interrupt) == 0 && interrupt == NULL);
  ferrule_set_signal_hook(fake_signal_hook);
  CHECK(ferrule_check_signals(&interrupt) == 0 && interrupt == NULL);
  CHECK(ferrule_check_signals(&interrupt) != 0 && interrupt != NULL);
  if (interrupt != NULL) {
    CHECK(strcmp(ferrule_error_kind(interrupt), "KeyboardInterrupt") == 0);
    CHECK(strcmp(ferrule_error_message(interrupt), "interrupted by the test") == 0);
    ferrule_object_release(interrupt);
  }
  CHECK(ferrule_check_signals(NULL) != 0); /* a NULL slot discards the error */
  ferrule_set_signal_hook(NULL);
  CHECK(ferrule_check_signals(&interrupt) == 0);
  CHECK(ferrule_live_object_count() == live_before);

  printf("abi_layout: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
