//! ferrule-core: tensors, dtypes, devices, storage and the error taxonomy, in pure Rust.
//!
//! Everything else in ferrule builds on these types. A [`Tensor`] is a strided view
//! (shape, strides in elements, offset) over an `Arc<`[`Storage`]`>`, so views share memory;
//! every fallible call returns [`Result`] with an [`Error`] whose [`ErrorKind`] is named after
//! the Python exception it becomes.
//!
//! ```
//! use ferrule_core::{DType, Tensor};
//! let t = Tensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
//! let column = t.transpose(0, 1)?.select(0, 2)?;
//! assert_eq!(column.to_vec::<f32>()?, [3.0, 6.0]);
//! assert_eq!(t.reshape(&[-1])?.dtype(), DType::Float32);
//! # Ok::<(), ferrule_core::Error>(())
//! ```

pub mod device;
pub mod dtype;
pub mod error;
pub mod fallible;
pub mod interrupt;
pub mod large;
pub mod profiler;
pub mod storage;
pub mod tensor;

pub use device::Device;
pub use dtype::{Complex32, Complex64, DType, Element, BF16, F16};
pub use error::{Error, ErrorKind, Result};
pub use storage::Storage;
pub use tensor::{contiguous_strides, Dims, Tensor, INLINE_DIMS};
