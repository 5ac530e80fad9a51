//! The error taxonomy of ferrule: one `Error` type whose kinds are Python exception names.

use std::fmt;

/// The kind of an [`Error`]: the Python exception it maps to. Defined, with every other
/// vocabulary the languages share, in `ferrule-sys` (whose tables ferrule-codegen writes into C,
/// Python and Go).
pub use ferrule_sys::ErrorKind;

/// A ferrule error: a kind, a message, and context lines added as it travels outward.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// Which Python exception this error becomes.
    pub kind: ErrorKind,
    /// The human-readable message, without the kind prefix.
    pub message: String,
    /// Context lines, innermost first (e.g. "while calling ops.add").
    pub context: Vec<String>,
}

/// The result type used throughout ferrule.
pub type Result<T, E = Error> = std::result::Result<T, E>;

macro_rules! kind_constructors {
    ($($fn_name:ident => $kind:ident),* $(,)?) => {
        $(
            #[doc = concat!("An error of kind [`ErrorKind::", stringify!($kind), "`].")]
            pub fn $fn_name(message: impl Into<String>) -> Error {
                Error::new(ErrorKind::$kind, message)
            }
        )*
    };
}

impl Error {
    /// An error of `kind` with `message` and no context.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into(), context: Vec::new() }
    }

    kind_constructors! {
        type_error => TypeError,
        value_error => ValueError,
        index_error => IndexError,
        key_error => KeyError,
        not_implemented => NotImplementedError,
        memory_error => MemoryError,
        runtime_error => RuntimeError,
        buffer_error => BufferError,
        overflow_error => OverflowError,
        zero_division_error => ZeroDivisionError,
        attribute_error => AttributeError,
        os_error => OSError,
    }

    /// Appends a context line (outermost last) and returns the error.
    pub fn with_context(mut self, line: impl Into<String>) -> Self {
        self.context.push(line.into());
        self
    }
}

/// Formats as `Kind: message`, followed by one indented line per context entry.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)?;
        for line in &self.context {
            write!(f, "\n  {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Returns early with an [`Error`] of the given [`ErrorKind`] variant and a `format!` message.
///
/// ```
/// use ferrule_core::{bail, Result};
/// fn check(n: i64) -> Result<i64> {
///     if n < 0 {
///         bail!(ValueError, "expected a non-negative number, got {}", n);
///     }
///     Ok(n)
/// }
/// assert_eq!(check(-1).unwrap_err().to_string(), "ValueError: expected a non-negative number, got -1");
/// ```
#[macro_export]
macro_rules! bail {
    ($kind:ident, $($fmt:tt)+) => {
        return ::core::result::Result::Err($crate::Error::new(
            $crate::ErrorKind::$kind,
            ::std::format!($($fmt)+),
        ))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &kind in ErrorKind::ALL {
            assert_eq!(ErrorKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(ErrorKind::from_name("valueerror"), None);
        assert_eq!(ErrorKind::NotImplementedError.name(), "NotImplementedError");
    }

    #[test]
    fn display_includes_kind_and_context() {
        let err = Error::value_error("bad shape");
        assert_eq!(err.to_string(), "ValueError: bad shape");
        let err = err.with_context("in reshape").with_context("in ops.view");
        assert_eq!(err.to_string(), "ValueError: bad shape\n  in reshape\n  in ops.view");
        assert_eq!(err.context, ["in reshape", "in ops.view"]);
    }

    #[test]
    fn constructors_set_kind() {
        assert_eq!(Error::type_error("x").kind, ErrorKind::TypeError);
        assert_eq!(Error::not_implemented("x").kind, ErrorKind::NotImplementedError);
        assert_eq!(Error::buffer_error("x").kind, ErrorKind::BufferError);
        assert_eq!(Error::overflow_error("x").kind, ErrorKind::OverflowError);
    }

    #[test]
    fn bail_formats() {
        fn fails(x: i32) -> Result<()> {
            bail!(IndexError, "index {} is out of range", x);
        }
        fn fails_plain() -> Result<()> {
            bail!(KeyError, "missing");
        }
        let err = fails(7).unwrap_err();
        assert_eq!(err.kind, ErrorKind::IndexError);
        assert_eq!(err.message, "index 7 is out of range");
        assert_eq!(fails_plain().unwrap_err().message, "missing");
    }
}
