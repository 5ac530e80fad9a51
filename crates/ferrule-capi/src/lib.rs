//! libferrule: the C ABI of `include/ferrule/ferrule.h` over the ferrule registry and tensors.
//!
//! This is the only crate with `extern "C"` exports. Every export catches unwinding (see
//! `boundary`), so a panic becomes an error object, never an abort. Builds `libferrule.so`
//! and `libferrule.a`.

// The safety contract of every export is its comment in include/ferrule/ferrule.h.
#![allow(clippy::missing_safety_doc)]

mod autograd;
mod boundary;
mod builtins;
mod containers;
mod functions;
mod library;
mod profiler;
mod tensors;
mod values;

pub use autograd::*;
pub use containers::*;
pub use functions::*;
pub use library::*;
pub use profiler::{
    ferrule_profiler_enabled, ferrule_profiler_export_chrome_trace, ferrule_profiler_range_pop,
    ferrule_profiler_range_push, ferrule_profiler_start, ferrule_profiler_stop, ferrule_profiler_table,
};
pub use tensors::*;
pub use values::*;
