//! The interpreter's version as `cfg`s (`Py_3_12`, `Py_3_13`, ...), the ones pyo3-ffi declares
//! its items under: where CPython's C API changed between 3.10 and 3.13, the extension picks the
//! form of the interpreter it is built for (`src/util.rs`).

fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
