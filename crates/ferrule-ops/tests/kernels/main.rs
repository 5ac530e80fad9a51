//! The kernels' tests: one test binary for the whole of ferrule-ops (its library has
//! `test = false`). Each module tests one module of the crate, through its public items and the
//! internals the crate exposes `#[doc(hidden)]` for this binary. They live here rather than in
//! `#[cfg(test)]` modules so that `cargo test` links the library `make native` already built instead
//! of compiling the whole crate a second time as a unit-test harness (about ten minutes of a 2-core
//! machine's CI run). Shared helpers: `reduce` (random tensors, values as complex, tolerances) and
//! `elementwise` (case tables).

mod axes;
mod creation;
mod dispatch;
mod elementwise;
mod elementwise_cmath;
mod elementwise_fast;
mod elementwise_simd;
mod elementwise_vmath;
mod fft;
mod io;
mod iter;
mod linalg;
mod linalg_factor;
mod linalg_sterf;
mod operand;
mod pool;
mod promote;
mod random;
mod reduce;
mod reduce_engine;
mod sort_radix;
mod sort_simd;

/// The library has `test = false`, so a `#[cfg(test)]` module in it would never be compiled or
/// run: every test of ferrule-ops belongs in this binary (or another file of `tests/`).
#[test]
fn the_library_has_no_unit_test_modules() {
    fn visit(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                visit(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    if line.contains("cfg(test)") || line.contains("cfg(any(test") {
                        found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    visit(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
    assert!(
        found.is_empty(),
        "tests in the library never run (test = false); move them to tests/kernels:\n{}",
        found.join("\n")
    );
}
