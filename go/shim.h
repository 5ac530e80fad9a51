/* shim.h — the small C layer between the Go package and ferrule.h.
 *
 * Why it exists: (1) a packed call returns its result and error *by value*, so no Go pointer is
 * handed to C and nothing escapes to the Go heap, while C may still call back into Go (a by-value
 * result is safe across a stack move; a pointer into the Go stack would not be); (2) Go function
 * state travels as a cgo.Handle (an integer) and the integer <-> void* casts happen here, in C. */
#ifndef FERRULE_GO_SHIM_H_
#define FERRULE_GO_SHIM_H_

#include <stdint.h>
#include <stdlib.h>

#include "ferrule.h"

/* How many arguments travel by value; longer calls pass a Go-heap array. */
#define FERRULE_GO_INLINE_ARGS 8

/* The outcome of one packed call: rc 0 with an owned `out`, or rc -1 with an owned `err`. */
typedef struct {
  int32_t rc;
  FerruleAny out;
  FerruleObject* err;
} ferrule_go_result;

/* Up to FERRULE_GO_INLINE_ARGS borrowed arguments, passed by value. */
typedef struct {
  FerruleAny items[FERRULE_GO_INLINE_ARGS];
} ferrule_go_args;

/* ferrule_func_call_from (as FERRULE_FRONTEND_GO, which the profiler records) with no arguments /
 * with `n` <= FERRULE_GO_INLINE_ARGS inline arguments / with `n` arguments at `args`. The function
 * object's address travels as an integer: it is never a Go pointer, and an integer spares cgo's
 * run-time pointer check on every call. */
ferrule_go_result ferrule_go_call0(uintptr_t func);
ferrule_go_result ferrule_go_call_inline(uintptr_t func, ferrule_go_args args, int32_t n);
ferrule_go_result ferrule_go_call_array(uintptr_t func, const FerruleAny* args, int32_t n);

/* A function object whose state is the cgo.Handle `handle` of a Go function; the handle is
 * deleted when the object dies. New reference in `*out`. */
int32_t ferrule_go_func_create(uintptr_t handle, FerruleObject** out, FerruleObject** err);

/* Attaches the cgo.Handle of the original Go error to `error` (deleted with the error) / reads it
 * back (0 when the error did not come from Go). */
void ferrule_go_error_set_cause(FerruleObject* error, uintptr_t handle);
uintptr_t ferrule_go_error_cause(const FerruleObject* error);

/* Build tag ferrule_plugin only (api_table.c): the host's API table, through which every ferrule.h
 * function of the plugin then calls. Set by ferrule_plugin_init before anything else runs. */
void ferrule_go_set_api(const FerruleApi* api);

#endif /* FERRULE_GO_SHIM_H_ */
