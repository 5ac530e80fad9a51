//! Floor 0: the names of dtypes and devices as users read them (`float32`, `cpu:0`). Plain
//! Rust, no Python: may use nothing else in the crate.

use ferrule_sys::{DLDataType, DLDevice};

/// The dtype's name ("float32", "int64", "bool", ...).
pub fn dtype_name(d: DLDataType) -> String {
    let base = match (d.code, d.bits) {
        (0, b) => format!("int{b}"),
        (1, b) => format!("uint{b}"),
        (2, b) => format!("float{b}"),
        (4, 16) => "bfloat16".to_owned(),
        (5, b) => format!("complex{b}"),
        (6, 8) => "bool".to_owned(),
        (c, b) => format!("dtype(code={c}, bits={b})"),
    };
    if d.lanes == 1 {
        base
    } else {
        format!("{base}x{}", d.lanes)
    }
}

/// The device as "type:id" ("cpu:0", "cuda:1", ...).
pub fn device_name(d: DLDevice) -> String {
    let kind = match d.device_type {
        1 => "cpu",
        2 => "cuda",
        3 => "cuda_host",
        4 => "opencl",
        7 => "vulkan",
        8 => "metal",
        9 => "vpi",
        10 => "rocm",
        11 => "rocm_host",
        12 => "ext_dev",
        13 => "cuda_managed",
        14 => "oneapi",
        15 => "webgpu",
        16 => "hexagon",
        17 => "maia",
        _ => "unknown",
    };
    format!("{kind}:{}", d.device_id)
}
