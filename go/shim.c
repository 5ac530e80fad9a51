/* shim.c — definitions for shim.h (see there for why this layer exists). */
#include "shim.h"

#include "_cgo_export.h"

ferrule_go_result ferrule_go_call0(uintptr_t func) {
  ferrule_go_result r = {0};
  r.rc = ferrule_func_call_from((FerruleObject*)func, NULL, 0, &r.out, &r.err, FERRULE_FRONTEND_GO);
  return r;
}

ferrule_go_result ferrule_go_call_inline(uintptr_t func, ferrule_go_args args, int32_t n) {
  ferrule_go_result r = {0};
  r.rc = ferrule_func_call_from((FerruleObject*)func, args.items, n, &r.out, &r.err,
                                FERRULE_FRONTEND_GO);
  return r;
}

ferrule_go_result ferrule_go_call_array(uintptr_t func, const FerruleAny* args, int32_t n) {
  ferrule_go_result r = {0};
  r.rc = ferrule_func_call_from((FerruleObject*)func, args, n, &r.out, &r.err, FERRULE_FRONTEND_GO);
  return r;
}

static int32_t go_trampoline(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                             FerruleObject** err) {
  return ferruleGoInvoke((uintptr_t)self, (FerruleAny*)args, num_args, out, err);
}

static void go_handle_deleter(void* self) { ferruleGoDeleteHandle((uintptr_t)self); }

int32_t ferrule_go_func_create(uintptr_t handle, FerruleObject** out, FerruleObject** err) {
  return ferrule_func_create(go_trampoline, (void*)handle, go_handle_deleter, out, err);
}

/* Its address identifies the Go frontend's error payloads. */
static const char go_payload_owner = 0;

void ferrule_go_error_set_cause(FerruleObject* error, uintptr_t handle) {
  ferrule_error_set_payload(error, &go_payload_owner, (void*)handle, go_handle_deleter);
}

uintptr_t ferrule_go_error_cause(const FerruleObject* error) {
  return (uintptr_t)ferrule_error_payload(error, &go_payload_owner);
}
