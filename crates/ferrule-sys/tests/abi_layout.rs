//! ferrule-sys against the header, field by field: every struct's size and alignment and every
//! field's offset and size, and every constant, compared with the table `tests/c/abi_table.c`
//! prints from `include/ferrule/ferrule.h` as the C compiler lays it out (`make abi-table` writes
//! it to `target/abi/layout.json`; `FERRULE_ABI_TABLE` names another file). Each struct and
//! constant of the table must be checked here, and each one here must be in the table.

use std::collections::BTreeMap;
use std::mem::{align_of, offset_of, size_of};
use std::path::{Path, PathBuf};

use ferrule_sys::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Table {
    structs: BTreeMap<String, StructLayout>,
    constants: BTreeMap<String, i64>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct StructLayout {
    size: usize,
    align: usize,
    fields: BTreeMap<String, FieldLayout>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct FieldLayout {
    offset: usize,
    size: usize,
}

fn table() -> Table {
    let path = std::env::var_os("FERRULE_ABI_TABLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/abi/layout.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{}: {e}: `make abi-table` writes the header's layout table (make test does)", path.display())
    });
    // JSON is YAML: the workspace's YAML reader (pinned for the codegen) reads it.
    serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The size of the type a field projection points at (the closure is never called).
fn pointee_size<T, F>(_: fn(&T) -> *const F) -> usize {
    size_of::<F>()
}

/// `Type { field, ... }`: the layout of `Type` as Rust declares it, each field by its own name.
macro_rules! layout {
    ($ty:ty { $($field:ident),+ $(,)? }) => {
        StructLayout {
            size: size_of::<$ty>(),
            align: align_of::<$ty>(),
            fields: [$((
                stringify!($field).to_owned(),
                FieldLayout { offset: offset_of!($ty, $field), size: pointee_size(|s: &$ty| &raw const s.$field) },
            )),+]
            .into_iter()
            .collect(),
        }
    };
}

/// `FerruleAny`: C's anonymous union members are Rust's `payload.<member>`.
fn ferrule_any() -> StructLayout {
    let mut any = layout!(FerruleAny { type_index, small_len });
    let payload = offset_of!(FerruleAny, payload);
    macro_rules! member {
        ($($member:ident),+) => {
            $(any.fields.insert(stringify!($member).to_owned(), FieldLayout {
                offset: payload + offset_of!(FerruleAnyPayload, $member),
                size: pointee_size(|p: &FerruleAnyPayload| &raw const p.$member),
            });)+
        };
    }
    member!(v_int64, v_float64, v_ptr, v_obj, v_dtype, v_device, v_bytes);
    any
}

fn rust_layouts() -> BTreeMap<&'static str, StructLayout> {
    BTreeMap::from([
        ("DLPackVersion", layout!(DLPackVersion { major, minor })),
        ("DLDevice", layout!(DLDevice { device_type, device_id })),
        ("DLDataType", layout!(DLDataType { code, bits, lanes })),
        ("DLTensor", layout!(DLTensor { data, device, ndim, dtype, shape, strides, byte_offset })),
        (
            "DLManagedTensorVersioned",
            layout!(DLManagedTensorVersioned { version, manager_ctx, deleter, flags, dl_tensor }),
        ),
        ("FerruleObject", layout!(FerruleObject { strong, weak, type_index, flags, deleter })),
        ("FerruleAny", ferrule_any()),
        ("FerruleTensorObject", layout!(FerruleTensorObject { header, tensor, frontend })),
        (
            "FerruleApi",
            layout!(FerruleApi {
                abi_version,
                struct_size,
                live_object_count,
                library_load,
                object_retain,
                object_release,
                object_use_count,
                any_release,
                any_copy,
                str_create,
                bytes_create,
                any_view_bytes,
                error_create,
                error_kind,
                error_message,
                error_context,
                error_add_context,
                error_set_payload,
                error_payload,
                func_create,
                func_call,
                func_get_global,
                func_set_global,
                func_remove_global,
                func_list_global_names,
                func_get_info,
                array_create,
                array_size,
                array_items,
                map_create,
                map_size,
                map_items,
                map_get,
                tensor_create,
                tensor_dltensor,
                tensor_from_dlpack,
                tensor_to_dlpack,
                set_blocking_hooks,
                blocking_enter,
                blocking_leave,
                set_frontend_release_hook,
                set_signal_hook,
                check_signals,
                error_context_copy,
                complex_create,
                complex_parts,
                tensor_requires_grad,
                tensor_set_requires_grad,
                tensor_grad,
                tensor_set_grad,
                autograd_backward,
                autograd_grad,
                grad_enabled,
                set_grad_enabled,
                func_call_from,
                profiler_start,
                profiler_stop,
                profiler_export_chrome_trace,
                profiler_table,
                profiler_range_push,
                profiler_range_pop,
                profiler_enabled,
            }),
        ),
    ])
}

#[test]
fn every_struct_matches_the_header_field_by_field() {
    let table = table();
    let rust = rust_layouts();
    let c_names: Vec<&str> = table.structs.keys().map(String::as_str).collect();
    let rust_names: Vec<&str> = rust.keys().copied().collect();
    assert_eq!(c_names, rust_names, "the structs of the header's table and of ferrule-sys differ");
    for (name, c) in &table.structs {
        let r = &rust[name.as_str()];
        assert_eq!((r.size, r.align), (c.size, c.align), "{name}: (size, align) in Rust vs C");
        for (field, c_field) in &c.fields {
            let r_field = r.fields.get(field).unwrap_or_else(|| panic!("{name}.{field} is missing in Rust"));
            assert_eq!(r_field, c_field, "{name}.{field}: Rust vs C");
        }
        for field in r.fields.keys() {
            assert!(c.fields.contains_key(field), "{name}.{field} is not in the header");
        }
    }
}

#[test]
fn every_constant_matches_the_header() {
    let table = table();
    let mut rust: BTreeMap<String, i64> = BTreeMap::new();
    let mut add = |name: &str, value: i64| assert!(rust.insert(name.to_owned(), value).is_none(), "{name} twice");
    add("FERRULE_ABI_VERSION", FERRULE_ABI_VERSION.into());
    for t in type_index::ALL {
        add(&format!("FERRULE_TYPE_{}", t.ident), t.value.into());
    }
    add("FERRULE_DELETER_DROP", FERRULE_DELETER_DROP.into());
    add("FERRULE_DELETER_FREE", FERRULE_DELETER_FREE.into());
    add("FERRULE_OBJECT_FRONTEND_OWNED", FERRULE_OBJECT_FRONTEND_OWNED.into());
    add("FERRULE_REGISTER_OVERRIDE", FERRULE_REGISTER_OVERRIDE.into());
    add("FERRULE_FUNC_LONG_RUNNING", FERRULE_FUNC_LONG_RUNNING.into());
    add("DLPACK_MAJOR_VERSION", DLPACK_MAJOR_VERSION.into());
    add("DLPACK_MINOR_VERSION", DLPACK_MINOR_VERSION.into());
    add("DLPACK_FLAG_BITMASK_READ_ONLY", DLPACK_FLAG_BITMASK_READ_ONLY as i64);
    add("DLPACK_FLAG_BITMASK_IS_COPIED", DLPACK_FLAG_BITMASK_IS_COPIED as i64);
    for (name, code) in [
        ("kDLInt", dtype_code::INT),
        ("kDLUInt", dtype_code::UINT),
        ("kDLFloat", dtype_code::FLOAT),
        ("kDLOpaqueHandle", dtype_code::OPAQUE_HANDLE),
        ("kDLBfloat", dtype_code::BFLOAT),
        ("kDLComplex", dtype_code::COMPLEX),
        ("kDLBool", dtype_code::BOOL),
    ] {
        add(name, code.into());
    }
    // Every device type ferrule names is DLPack's (named as dlpack.h spells the enumerator).
    let devices = [
        ("kDLCPU", device_type::CPU),
        ("kDLCUDA", device_type::CUDA),
        ("kDLCUDAHost", device_type::CUDA_HOST),
        ("kDLOpenCL", device_type::OPENCL),
        ("kDLVulkan", device_type::VULKAN),
        ("kDLMetal", device_type::METAL),
        ("kDLVPI", device_type::VPI),
        ("kDLROCM", device_type::ROCM),
        ("kDLROCMHost", device_type::ROCM_HOST),
        ("kDLExtDev", device_type::EXT_DEV),
        ("kDLCUDAManaged", device_type::CUDA_MANAGED),
        ("kDLOneAPI", device_type::ONEAPI),
        ("kDLWebGPU", device_type::WEBGPU),
        ("kDLHexagon", device_type::HEXAGON),
        ("kDLMAIA", device_type::MAIA),
    ];
    assert_eq!(devices.len(), device_type::ALL.len(), "a device type of ferrule-sys is not checked here");
    for (name, value) in devices {
        add(name, value.into());
    }
    for (name, value) in &table.constants {
        let ours = rust.get(name).unwrap_or_else(|| panic!("{name} (= {value} in C) is not checked against Rust"));
        assert_eq!(ours, value, "{name}: Rust vs C");
    }
    for name in rust.keys() {
        assert!(table.constants.contains_key(name), "{name} is not in the header's table");
    }
}
