//! Floor 0: the names of dtypes and devices as users read them (`float32`, `cpu:0`), from the
//! tables of `ferrule-sys` every language shares. Plain Rust, no Python: may use nothing else in
//! the crate.

use ferrule_sys::{device_type, dtype_name as known_dtype_name, DLDataType, DLDevice};

/// The dtype's name ("float32", "int64", "bool", ...).
pub fn dtype_name(d: DLDataType) -> String {
    let base = match known_dtype_name(d.code, d.bits) {
        Some(name) => name.to_owned(),
        None => format!("dtype(code={}, bits={})", d.code, d.bits),
    };
    if d.lanes == 1 {
        base
    } else {
        format!("{base}x{}", d.lanes)
    }
}

/// The device as "type:id" ("cpu:0", "cuda:1", ...).
pub fn device_name(d: DLDevice) -> String {
    format!("{}:{}", device_type::name(d.device_type).unwrap_or("unknown"), d.device_id)
}
