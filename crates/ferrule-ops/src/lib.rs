//! ferrule-ops: the CPU kernels behind every operator of `schema/ops.yaml`.
//!
//! Each operator is a plain function `fn(params) -> ferrule_core::Result<T>` following
//! `schema/KERNELS.md`; the generated registration glue (`src/gen/`) unpacks packed arguments
//! into these parameter types. Shared infrastructure: [`operand`] (weak scalars),
//! [`promote`] (type promotion), [`dispatch`] (dtype monomorphisation), [`iter`] (strided
//! broadcast iteration), [`pool`] (the thread pool) and [`axes`] (axis arguments).

pub mod autograd;
pub mod axes;
pub(crate) mod copy;
pub mod creation;
pub mod dispatch;
pub mod dtypes;
pub mod elementwise;
pub mod fft;
pub mod index;
pub mod io;
pub mod iter;
pub mod linalg;
pub mod manipulate;
pub mod nn;
pub mod operand;
pub mod pool;
pub mod promote;
pub mod random;
pub mod reduce;
pub mod search;
pub mod set;
pub mod sort;

pub use operand::{Operand, Scalar};

// Every kernel allocates input-sized buffers fallibly and polls for interrupts in long loops.
pub(crate) use ferrule_core::{fallible, interrupt};

pub mod glue;

/// The registration glue generated from `schema/ops.yaml` (DO NOT EDIT; regenerate with
/// `cargo run -p ferrule-codegen`).
#[rustfmt::skip]
// Generated: the backward formulas' constants are written as decimals in the schema (ln 2,
// ln 10), and every generated op call passes a slice literal, also of one argument.
#[allow(clippy::approx_constant, clippy::cloned_ref_to_slice_refs)]
#[path = "gen/register.rs"]
pub mod register;

/// Registers every operator of `schema/ops.yaml`, the `autograd.*` functions and `io.save`/`io.load`.
pub fn register_all() -> ferrule_registry::Result<()> {
    register::register_all()?;
    autograd::register_functions()?;
    io::register_functions()
}
