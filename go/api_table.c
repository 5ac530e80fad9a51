//go:build ferrule_plugin

/* api_table.c — build tag ferrule_plugin: every ferrule.h function, defined as a call through the
 * API table the host handed to the plugin's ferrule_plugin_init (plugin/plugin.go).
 *
 * A Go plugin must not link libferrule: the process that loads it (Python, a C program, a Go
 * program) already has one, and a second copy would be a second registry. So with this tag the
 * package links no libferrule, and the functions its cgo code calls are these forwarders. They are
 * hidden: the plugin neither exports them (where they would stand in for the host's own
 * libferrule) nor binds to another library's symbols of the same names.
 *
 * The table is set once, before any function is registered, and never changes; ferrule_plugin_init
 * has checked its ABI version and size. A call before that is a bug in the plugin (ferrule code run
 * from a Go init function): it is reported on stderr and the process aborts, since there is no
 * table through which to create an error. */
#include <stdio.h>
#include <stdlib.h>

#include "ferrule.h"
#include "shim.h"

#define FORWARD __attribute__((visibility("hidden")))

static const FerruleApi* host_api;

FORWARD void ferrule_go_set_api(const FerruleApi* api) { host_api = api; }

static const FerruleApi* api(void) {
  if (host_api == NULL) {
    fputs(
        "ferrule: a Go plugin called ferrule before its host called ferrule_plugin_init "
        "(from a Go init function?): register functions with plugin.Register instead\n",
        stderr);
    abort();
  }
  return host_api;
}

FORWARD const FerruleApi* ferrule_api(void) { return api(); }

FORWARD uint32_t ferrule_abi_version(void) { return api()->abi_version; }

FORWARD void ferrule_set_frontend_release_hook(FerruleFrontendRelease hook) {
  api()->set_frontend_release_hook(hook);
}

FORWARD uint64_t ferrule_live_object_count(void) { return api()->live_object_count(); }

FORWARD int32_t ferrule_library_load(const char* path, FerruleObject** err) {
  return api()->library_load(path, err);
}

FORWARD void ferrule_object_retain(FerruleObject* obj) { api()->object_retain(obj); }

FORWARD void ferrule_object_release(FerruleObject* obj) { api()->object_release(obj); }

FORWARD uint32_t ferrule_object_use_count(const FerruleObject* obj) {
  return api()->object_use_count(obj);
}

FORWARD void ferrule_any_release(FerruleAny* value) { api()->any_release(value); }

FORWARD void ferrule_any_copy(const FerruleAny* src, FerruleAny* dst) { api()->any_copy(src, dst); }

FORWARD int32_t ferrule_str_create(const char* data, size_t len, FerruleObject** out,
                                   FerruleObject** err) {
  return api()->str_create(data, len, out, err);
}

FORWARD int32_t ferrule_bytes_create(const char* data, size_t len, FerruleObject** out,
                                     FerruleObject** err) {
  return api()->bytes_create(data, len, out, err);
}

FORWARD int32_t ferrule_any_view_bytes(const FerruleAny* value, const char** data, size_t* len) {
  return api()->any_view_bytes(value, data, len);
}

FORWARD int32_t ferrule_complex_create(double real, double imag, FerruleObject** out,
                                       FerruleObject** err) {
  return api()->complex_create(real, imag, out, err);
}

FORWARD int32_t ferrule_complex_parts(const FerruleObject* obj, double* real, double* imag) {
  return api()->complex_parts(obj, real, imag);
}

FORWARD void ferrule_error_create(const char* kind, const char* message, FerruleObject** out) {
  api()->error_create(kind, message, out);
}

FORWARD const char* ferrule_error_kind(const FerruleObject* error) {
  return api()->error_kind(error);
}

FORWARD const char* ferrule_error_message(const FerruleObject* error) {
  return api()->error_message(error);
}

FORWARD const char* ferrule_error_context(const FerruleObject* error) {
  return api()->error_context(error);
}

FORWARD int32_t ferrule_error_context_copy(const FerruleObject* error, char* buf, size_t cap,
                                           size_t* needed) {
  return api()->error_context_copy(error, buf, cap, needed);
}

FORWARD void ferrule_error_add_context(FerruleObject* error, const char* line) {
  api()->error_add_context(error, line);
}

FORWARD void ferrule_error_set_payload(FerruleObject* error, const void* owner, void* payload,
                                       FerruleStateDeleter deleter) {
  api()->error_set_payload(error, owner, payload, deleter);
}

FORWARD void* ferrule_error_payload(const FerruleObject* error, const void* owner) {
  return api()->error_payload(error, owner);
}

FORWARD int32_t ferrule_func_create(FerruleCallback callback, void* self,
                                    FerruleStateDeleter deleter, FerruleObject** out,
                                    FerruleObject** err) {
  return api()->func_create(callback, self, deleter, out, err);
}

FORWARD int32_t ferrule_func_call(FerruleObject* func, const FerruleAny* args, int32_t num_args,
                                  FerruleAny* out, FerruleObject** err) {
  return api()->func_call(func, args, num_args, out, err);
}

FORWARD int32_t ferrule_func_get_global(const char* name, FerruleObject** out,
                                        FerruleObject** err) {
  return api()->func_get_global(name, out, err);
}

FORWARD int32_t ferrule_func_set_global(const char* name, FerruleObject* func, const char* doc,
                                        const char* signature, int32_t flags, FerruleObject** err) {
  return api()->func_set_global(name, func, doc, signature, flags, err);
}

FORWARD int32_t ferrule_func_remove_global(const char* name, FerruleObject** err) {
  return api()->func_remove_global(name, err);
}

FORWARD int32_t ferrule_func_list_global_names(FerruleObject** out, FerruleObject** err) {
  return api()->func_list_global_names(out, err);
}

FORWARD int32_t ferrule_func_get_info(FerruleObject* func, FerruleObject** out,
                                      FerruleObject** err) {
  return api()->func_get_info(func, out, err);
}

FORWARD int32_t ferrule_array_create(const FerruleAny* items, int64_t n, FerruleObject** out,
                                     FerruleObject** err) {
  return api()->array_create(items, n, out, err);
}

FORWARD int64_t ferrule_array_size(const FerruleObject* array) { return api()->array_size(array); }

FORWARD const FerruleAny* ferrule_array_items(const FerruleObject* array) {
  return api()->array_items(array);
}

FORWARD int32_t ferrule_map_create(const FerruleAny* keys, const FerruleAny* values, int64_t n,
                                   FerruleObject** out, FerruleObject** err) {
  return api()->map_create(keys, values, n, out, err);
}

FORWARD int64_t ferrule_map_size(const FerruleObject* map) { return api()->map_size(map); }

FORWARD int32_t ferrule_map_items(const FerruleObject* map, const FerruleAny** keys,
                                  const FerruleAny** values) {
  return api()->map_items(map, keys, values);
}

FORWARD int32_t ferrule_map_get(const FerruleObject* map, const FerruleAny* key, FerruleAny* out,
                                FerruleObject** err) {
  return api()->map_get(map, key, out, err);
}

FORWARD int32_t ferrule_tensor_create(const int64_t* shape, int32_t ndim, DLDataType dtype,
                                      DLDevice device, FerruleObject** out, FerruleObject** err) {
  return api()->tensor_create(shape, ndim, dtype, device, out, err);
}

FORWARD const DLTensor* ferrule_tensor_dltensor(const FerruleObject* tensor) {
  return api()->tensor_dltensor(tensor);
}

FORWARD int32_t ferrule_tensor_from_dlpack(DLManagedTensorVersioned* managed, FerruleObject** out,
                                           FerruleObject** err) {
  return api()->tensor_from_dlpack(managed, out, err);
}

FORWARD int32_t ferrule_tensor_to_dlpack(FerruleObject* tensor, DLManagedTensorVersioned** out,
                                         FerruleObject** err) {
  return api()->tensor_to_dlpack(tensor, out, err);
}

FORWARD void ferrule_set_blocking_hooks(FerruleBlockingEnter enter, FerruleBlockingLeave leave) {
  api()->set_blocking_hooks(enter, leave);
}

FORWARD void* ferrule_blocking_enter(void) { return api()->blocking_enter(); }

FORWARD void ferrule_blocking_leave(void* token) { api()->blocking_leave(token); }

FORWARD void ferrule_set_signal_hook(FerruleSignalCheck hook) { api()->set_signal_hook(hook); }

FORWARD int32_t ferrule_check_signals(FerruleObject** err) { return api()->check_signals(err); }

FORWARD int32_t ferrule_tensor_requires_grad(const FerruleObject* tensor, int32_t* out,
                                             FerruleObject** err) {
  return api()->tensor_requires_grad(tensor, out, err);
}

FORWARD int32_t ferrule_tensor_set_requires_grad(FerruleObject* tensor, int32_t requires_grad,
                                                 FerruleObject** err) {
  return api()->tensor_set_requires_grad(tensor, requires_grad, err);
}

FORWARD int32_t ferrule_tensor_grad(const FerruleObject* tensor, FerruleObject** out,
                                    FerruleObject** err) {
  return api()->tensor_grad(tensor, out, err);
}

FORWARD int32_t ferrule_tensor_set_grad(FerruleObject* tensor, FerruleObject* grad,
                                        FerruleObject** err) {
  return api()->tensor_set_grad(tensor, grad, err);
}

FORWARD int32_t ferrule_autograd_backward(FerruleObject* const* tensors,
                                          FerruleObject* const* grad_tensors, int32_t n,
                                          int32_t flags, FerruleObject** err) {
  return api()->autograd_backward(tensors, grad_tensors, n, flags, err);
}

FORWARD int32_t ferrule_autograd_grad(FerruleObject* const* outputs,
                                      FerruleObject* const* grad_outputs, int32_t n_outputs,
                                      FerruleObject* const* inputs, int32_t n_inputs, int32_t flags,
                                      FerruleObject** grads, FerruleObject** err) {
  return api()->autograd_grad(outputs, grad_outputs, n_outputs, inputs, n_inputs, flags, grads,
                              err);
}

FORWARD int32_t ferrule_grad_enabled(void) { return api()->grad_enabled(); }

FORWARD int32_t ferrule_set_grad_enabled(int32_t enabled) {
  return api()->set_grad_enabled(enabled);
}

FORWARD int32_t ferrule_func_call_from(FerruleObject* func, const FerruleAny* args,
                                       int32_t num_args, FerruleAny* out, FerruleObject** err,
                                       int32_t frontend) {
  return api()->func_call_from(func, args, num_args, out, err, frontend);
}

FORWARD int32_t ferrule_profiler_start(int32_t options, FerruleObject** err) {
  return api()->profiler_start(options, err);
}

FORWARD int32_t ferrule_profiler_stop(FerruleObject** out, FerruleObject** err) {
  return api()->profiler_stop(out, err);
}

FORWARD int32_t ferrule_profiler_export_chrome_trace(FerruleObject* profile, const char* path,
                                                     FerruleObject** err) {
  return api()->profiler_export_chrome_trace(profile, path, err);
}

FORWARD int32_t ferrule_profiler_table(FerruleObject* profile, const char* sort_by,
                                       int32_t row_limit, FerruleObject** out,
                                       FerruleObject** err) {
  return api()->profiler_table(profile, sort_by, row_limit, out, err);
}

FORWARD int32_t ferrule_profiler_range_push(const char* name, uint64_t* token,
                                            FerruleObject** err) {
  return api()->profiler_range_push(name, token, err);
}

FORWARD void ferrule_profiler_range_pop(uint64_t token) { api()->profiler_range_pop(token); }

FORWARD int32_t ferrule_profiler_enabled(void) { return api()->profiler_enabled(); }
