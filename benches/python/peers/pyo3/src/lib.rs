//! The PyO3 peer of `benches/python/bench_call.py`: the call shapes ferrule's Python calls are
//! timed against, written the way a PyO3 user writes them (typed arguments, borrowed `&str` and
//! `&[u8]`, a held `Py<PyAny>` returned as is).

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

/// Does nothing.
#[pyfunction]
fn nop() {}

/// Adds two ints; OverflowError when the sum does not fit in int64.
#[pyfunction]
fn add(a: i64, b: i64) -> PyResult<i64> {
    a.checked_add(b).ok_or_else(|| PyOverflowError::new_err("add: the sum does not fit in int64"))
}

/// Multiplies x by factor.
#[pyfunction]
#[pyo3(signature = (x, factor = 2.0))]
fn scale(x: f64, factor: f64) -> f64 {
    x * factor
}

/// Returns its argument, the same object.
#[pyfunction]
fn echo(obj: Py<PyAny>) -> Py<PyAny> {
    obj
}

/// The UTF-8 length of s plus the length of b.
#[pyfunction]
fn text_len(s: &str, b: &[u8]) -> usize {
    s.len() + b.len()
}

/// The module.
#[pymodule]
fn pyo3_peer(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nop, m)?)?;
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(scale, m)?)?;
    m.add_function(wrap_pyfunction!(echo, m)?)?;
    m.add_function(wrap_pyfunction!(text_len, m)?)?;
    Ok(())
}
