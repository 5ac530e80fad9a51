/* abi_table.c — prints the ABI of ferrule.h as the C compiler lays it out: every struct's size and
 * alignment, every field's offset and size, and the value of every constant, as JSON. The Rust
 * (crates/ferrule-sys/tests/abi_layout.rs), Python (python/tests/test_abi_layout.py) and Go
 * (go/abi_layout_test.go) tests compare their own declarations with this table, field by field.
 *
 * It needs only the headers (no libferrule). `make abi-table` writes target/abi/layout.json:
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude tests/c/abi_table.c -o build/abi_table
 *   build/abi_table > target/abi/layout.json
 *
 * A field left out of a struct's list below would leave a hole in it: each list is checked to
 * cover its struct exactly (see `covers`), and the program fails naming the struct otherwise. */
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>

#include "ferrule/ferrule.h"

typedef struct {
  const char* name;
  size_t offset;
  size_t size;
} Field;

typedef struct {
  const char* name;
  size_t size;
  size_t align;
  int is_union_member_list; /* 1 when the fields from `union_from` on overlay one another */
  size_t union_from;
  const Field* fields;
  size_t count;
} Struct;

#define FIELD(type, field) {#field, offsetof(type, field), sizeof(((type*)0)->field)}
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define STRUCT(type, fields) {#type, sizeof(type), alignof(type), 0, 0, fields, COUNT(fields)}

static const Field dl_pack_version_fields[] = {FIELD(DLPackVersion, major),
                                               FIELD(DLPackVersion, minor)};
static const Field dl_device_fields[] = {FIELD(DLDevice, device_type), FIELD(DLDevice, device_id)};
static const Field dl_data_type_fields[] = {FIELD(DLDataType, code), FIELD(DLDataType, bits),
                                            FIELD(DLDataType, lanes)};
static const Field dl_tensor_fields[] = {
    FIELD(DLTensor, data),        FIELD(DLTensor, device), FIELD(DLTensor, ndim),
    FIELD(DLTensor, dtype),       FIELD(DLTensor, shape),  FIELD(DLTensor, strides),
    FIELD(DLTensor, byte_offset),
};
static const Field dl_managed_tensor_versioned_fields[] = {
    FIELD(DLManagedTensorVersioned, version),   FIELD(DLManagedTensorVersioned, manager_ctx),
    FIELD(DLManagedTensorVersioned, deleter),   FIELD(DLManagedTensorVersioned, flags),
    FIELD(DLManagedTensorVersioned, dl_tensor),
};
static const Field ferrule_object_fields[] = {
    FIELD(FerruleObject, strong), FIELD(FerruleObject, weak),    FIELD(FerruleObject, type_index),
    FIELD(FerruleObject, flags),  FIELD(FerruleObject, deleter),
};
/* The payload is an anonymous union: its members all start at the payload's offset. */
static const Field ferrule_any_fields[] = {
    FIELD(FerruleAny, type_index), FIELD(FerruleAny, small_len), FIELD(FerruleAny, v_int64),
    FIELD(FerruleAny, v_float64),  FIELD(FerruleAny, v_ptr),     FIELD(FerruleAny, v_obj),
    FIELD(FerruleAny, v_dtype),    FIELD(FerruleAny, v_device),  FIELD(FerruleAny, v_bytes),
};
static const Field ferrule_tensor_object_fields[] = {
    FIELD(FerruleTensorObject, header),
    FIELD(FerruleTensorObject, tensor),
    FIELD(FerruleTensorObject, frontend),
};
static const Field ferrule_api_fields[] = {
    FIELD(FerruleApi, abi_version),
    FIELD(FerruleApi, struct_size),
    FIELD(FerruleApi, live_object_count),
    FIELD(FerruleApi, library_load),
    FIELD(FerruleApi, object_retain),
    FIELD(FerruleApi, object_release),
    FIELD(FerruleApi, object_use_count),
    FIELD(FerruleApi, any_release),
    FIELD(FerruleApi, any_copy),
    FIELD(FerruleApi, str_create),
    FIELD(FerruleApi, bytes_create),
    FIELD(FerruleApi, any_view_bytes),
    FIELD(FerruleApi, error_create),
    FIELD(FerruleApi, error_kind),
    FIELD(FerruleApi, error_message),
    FIELD(FerruleApi, error_context),
    FIELD(FerruleApi, error_add_context),
    FIELD(FerruleApi, error_set_payload),
    FIELD(FerruleApi, error_payload),
    FIELD(FerruleApi, func_create),
    FIELD(FerruleApi, func_call),
    FIELD(FerruleApi, func_get_global),
    FIELD(FerruleApi, func_set_global),
    FIELD(FerruleApi, func_remove_global),
    FIELD(FerruleApi, func_list_global_names),
    FIELD(FerruleApi, func_get_info),
    FIELD(FerruleApi, array_create),
    FIELD(FerruleApi, array_size),
    FIELD(FerruleApi, array_items),
    FIELD(FerruleApi, map_create),
    FIELD(FerruleApi, map_size),
    FIELD(FerruleApi, map_items),
    FIELD(FerruleApi, map_get),
    FIELD(FerruleApi, tensor_create),
    FIELD(FerruleApi, tensor_dltensor),
    FIELD(FerruleApi, tensor_from_dlpack),
    FIELD(FerruleApi, tensor_to_dlpack),
    FIELD(FerruleApi, set_blocking_hooks),
    FIELD(FerruleApi, blocking_enter),
    FIELD(FerruleApi, blocking_leave),
    FIELD(FerruleApi, set_frontend_release_hook),
    FIELD(FerruleApi, set_signal_hook),
    FIELD(FerruleApi, check_signals),
    FIELD(FerruleApi, error_context_copy),
    FIELD(FerruleApi, complex_create),
    FIELD(FerruleApi, complex_parts),
    FIELD(FerruleApi, tensor_requires_grad),
    FIELD(FerruleApi, tensor_set_requires_grad),
    FIELD(FerruleApi, tensor_grad),
    FIELD(FerruleApi, tensor_set_grad),
    FIELD(FerruleApi, autograd_backward),
    FIELD(FerruleApi, autograd_grad),
    FIELD(FerruleApi, grad_enabled),
    FIELD(FerruleApi, set_grad_enabled),
    FIELD(FerruleApi, func_call_from),
    FIELD(FerruleApi, profiler_start),
    FIELD(FerruleApi, profiler_stop),
    FIELD(FerruleApi, profiler_export_chrome_trace),
    FIELD(FerruleApi, profiler_table),
    FIELD(FerruleApi, profiler_range_push),
    FIELD(FerruleApi, profiler_range_pop),
    FIELD(FerruleApi, profiler_enabled),
};

static const Struct structs[] = {
    STRUCT(DLPackVersion, dl_pack_version_fields),
    STRUCT(DLDevice, dl_device_fields),
    STRUCT(DLDataType, dl_data_type_fields),
    STRUCT(DLTensor, dl_tensor_fields),
    STRUCT(DLManagedTensorVersioned, dl_managed_tensor_versioned_fields),
    STRUCT(FerruleObject, ferrule_object_fields),
    {"FerruleAny", sizeof(FerruleAny), alignof(FerruleAny), 1, 2, ferrule_any_fields,
     COUNT(ferrule_any_fields)},
    STRUCT(FerruleTensorObject, ferrule_tensor_object_fields),
    STRUCT(FerruleApi, ferrule_api_fields),
};

typedef struct {
  const char* name;
  long long value;
} Constant;

#define CONSTANT(name) {#name, (long long)(name)}

static const Constant constants[] = {
    CONSTANT(FERRULE_ABI_VERSION),
    CONSTANT(FERRULE_TYPE_NONE),
    CONSTANT(FERRULE_TYPE_INT),
    CONSTANT(FERRULE_TYPE_BOOL),
    CONSTANT(FERRULE_TYPE_FLOAT),
    CONSTANT(FERRULE_TYPE_OPAQUE_PTR),
    CONSTANT(FERRULE_TYPE_DTYPE),
    CONSTANT(FERRULE_TYPE_DEVICE),
    CONSTANT(FERRULE_TYPE_SMALL_STR),
    CONSTANT(FERRULE_TYPE_SMALL_BYTES),
    CONSTANT(FERRULE_TYPE_STATIC_OBJECT_BEGIN),
    CONSTANT(FERRULE_TYPE_OBJECT),
    CONSTANT(FERRULE_TYPE_STR),
    CONSTANT(FERRULE_TYPE_BYTES),
    CONSTANT(FERRULE_TYPE_ERROR),
    CONSTANT(FERRULE_TYPE_FUNCTION),
    CONSTANT(FERRULE_TYPE_ARRAY),
    CONSTANT(FERRULE_TYPE_MAP),
    CONSTANT(FERRULE_TYPE_TENSOR),
    CONSTANT(FERRULE_TYPE_COMPLEX),
    CONSTANT(FERRULE_DELETER_DROP),
    CONSTANT(FERRULE_DELETER_FREE),
    CONSTANT(FERRULE_OBJECT_FRONTEND_OWNED),
    CONSTANT(FERRULE_REGISTER_OVERRIDE),
    CONSTANT(FERRULE_FUNC_LONG_RUNNING),
    CONSTANT(DLPACK_MAJOR_VERSION),
    CONSTANT(DLPACK_MINOR_VERSION),
    CONSTANT(DLPACK_FLAG_BITMASK_READ_ONLY),
    CONSTANT(DLPACK_FLAG_BITMASK_IS_COPIED),
    CONSTANT(kDLInt),
    CONSTANT(kDLUInt),
    CONSTANT(kDLFloat),
    CONSTANT(kDLOpaqueHandle),
    CONSTANT(kDLBfloat),
    CONSTANT(kDLComplex),
    CONSTANT(kDLBool),
    CONSTANT(kDLCPU),
    CONSTANT(kDLCUDA),
    CONSTANT(kDLCUDAHost),
    CONSTANT(kDLOpenCL),
    CONSTANT(kDLVulkan),
    CONSTANT(kDLMetal),
    CONSTANT(kDLVPI),
    CONSTANT(kDLROCM),
    CONSTANT(kDLROCMHost),
    CONSTANT(kDLExtDev),
    CONSTANT(kDLCUDAManaged),
    CONSTANT(kDLOneAPI),
    CONSTANT(kDLWebGPU),
    CONSTANT(kDLHexagon),
    CONSTANT(kDLMAIA),
};

/* Whether the fields cover the struct exactly: in order, each where the previous one ended. No
 * struct of this ABI has padding (a hole a compiler might fill differently is a portability trap;
 * a struct that needs one names it as a reserved field), so a field left out of a list shows as a
 * hole. Union members all start where the union does, and its largest ends it. */
static int covers(const Struct* s) {
  size_t end = 0;
  for (size_t i = 0; i < s->count; ++i) {
    const Field* f = &s->fields[i];
    if (s->is_union_member_list && i > s->union_from) {
      if (f->offset != s->fields[s->union_from].offset) return 0;
      if (f->offset + f->size > end) end = f->offset + f->size;
      continue;
    }
    if (f->offset != end) return 0;
    end = f->offset + f->size;
  }
  return s->size == end;
}

int main(void) {
  int ok = 1;
  for (size_t i = 0; i < COUNT(structs); ++i) {
    if (!covers(&structs[i])) {
      fprintf(stderr, "abi_table: the field list of %s does not cover the struct\n",
              structs[i].name);
      ok = 0;
    }
  }
  if (!ok) return 1;
  printf("{\n  \"structs\": {\n");
  for (size_t i = 0; i < COUNT(structs); ++i) {
    const Struct* s = &structs[i];
    printf("    \"%s\": {\"size\": %zu, \"align\": %zu, \"fields\": {\n", s->name, s->size,
           s->align);
    for (size_t j = 0; j < s->count; ++j) {
      printf("      \"%s\": {\"offset\": %zu, \"size\": %zu}%s\n", s->fields[j].name,
             s->fields[j].offset, s->fields[j].size, j + 1 < s->count ? "," : "");
    }
    printf("    }}%s\n", i + 1 < COUNT(structs) ? "," : "");
  }
  printf("  },\n  \"constants\": {\n");
  for (size_t i = 0; i < COUNT(constants); ++i) {
    printf("    \"%s\": %lld%s\n", constants[i].name, constants[i].value,
           i + 1 < COUNT(constants) ? "," : "");
  }
  printf("  }\n}\n");
  return 0;
}
