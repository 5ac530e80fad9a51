//! `testing.*`: fixtures that the tests of every language (Rust, C, Python, Go) call through the
//! registry, so cross-language behaviour is pinned by the same functions everywhere.
//!
//! Built as a plugin (`libferrule_testing.so`) on `ferrule-plugin` alone and loaded on demand
//! with `ferrule_library_load`; nothing here links libferrule.

mod basic;
mod hold;
mod tensor;
mod threads;

use ferrule_plugin::sys::FERRULE_FUNC_LONG_RUNNING;
use ferrule_plugin::{register, Args, Error, Value};

/// A fixture's Rust implementation.
type Fixture = fn(Args<'_>) -> Result<Value, Error>;

/// Every fixture: name, doc, signature (the header's text form), flags, implementation.
const FIXTURES: &[(&str, &str, &str, i32, Fixture)] = &[
    ("testing.echo", "Returns its argument (a new reference to the same object).", "(x: Any) -> Any", 0, basic::echo),
    ("testing.nop", "Takes any arguments and does nothing.", "(*args: Any) -> None", 0, basic::nop),
    ("testing.conj", "The complex conjugate of a complex number.", "(z: complex) -> complex", 0, basic::conj),
    (
        "testing.add_int",
        "Adds two ints; OverflowError when the sum does not fit in int64.",
        "(a: int, b: int) -> int",
        0,
        basic::add_int,
    ),
    (
        "testing.text_len",
        "The UTF-8 length of s plus the length of b.",
        "(s: str, b: bytes) -> int",
        0,
        basic::text_len,
    ),
    (
        "testing.raise_error",
        "Fails with an error of exactly this kind and message.",
        "(kind: str, message: str) -> None",
        0,
        basic::raise_error,
    ),
    (
        "testing.panic",
        "Panics in Rust; the registry must turn it into a RuntimeError.",
        "(message: str = 'testing.panic called') -> None",
        0,
        basic::panic,
    ),
    (
        "testing.apply",
        "Calls f(*args) and returns its result; f's error comes back as the same error object.",
        "(f: Function, *args: Any) -> Any",
        0,
        basic::apply,
    ),
    (
        "testing.call_from_threads",
        "Calls f(thread_index, call_index) n_calls times from each of n_threads native threads; \
         returns the number of successful calls, or the first error once all threads have stopped.",
        "(f: Function, n_threads: int, n_calls: int) -> int",
        FERRULE_FUNC_LONG_RUNNING,
        threads::call_from_threads,
    ),
    (
        "testing.busy_wait",
        "Spins for `seconds` in a blocking region, checking for Ctrl-C every millisecond (as a\nlong-running plugin function should). Returns the seconds spent; an interrupt raises it.",
        "(seconds: float) -> float",
        FERRULE_FUNC_LONG_RUNNING,
        threads::busy_wait,
    ),
    ("testing.hold", "Keeps a reference to obj natively until testing.release().", "(obj: Any) -> None", 0, hold::hold),
    ("testing.held", "The values held by testing.hold, oldest first.", "() -> Array", 0, hold::held),
    ("testing.release", "Drops every held value; returns how many there were.", "() -> int", 0, hold::release),
    (
        "testing.use_count",
        "The strong reference count of obj's object (0 for values that are not objects).",
        "(obj: Any) -> int",
        0,
        hold::use_count,
    ),
    (
        "testing.non_utf8_bytes",
        "Returns b'\\xff\\xfe\\x00abc\\x80', bytes that are not UTF-8.",
        "() -> bytes",
        0,
        basic::non_utf8_bytes,
    ),
    ("testing.sum_array", "Sums an Array of ints and floats.", "(xs: Array) -> float", 0, basic::sum_array),
    (
        "testing.tensor_sum",
        "Sums a float64, float32 or int64 CPU tensor of any layout, read through its DLTensor.",
        "(t: Tensor) -> float",
        0,
        tensor::tensor_sum,
    ),
    (
        "testing.tensor_fill",
        "A new float64 tensor of the given shape with every element set to value.",
        "(shape: Array, value: float) -> Tensor",
        0,
        tensor::tensor_fill,
    ),
];

/// Registers every fixture; run once by `ferrule_plugin_init`.
fn init() -> Result<(), Error> {
    for &(name, doc, signature, flags, fixture) in FIXTURES {
        register(name, doc, signature, flags, fixture)
            .map_err(|error| error.with_context(format!("while registering {name}")))?;
    }
    Ok(())
}

ferrule_plugin::export_plugin!(init);
