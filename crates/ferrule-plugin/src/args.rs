//! `Args`: typed access to the arguments of a packed call, with errors that name the function,
//! the argument and its position.

use ferrule_sys::{type_index, DLTensor};

use crate::error::Error;
use crate::function::Function;
use crate::value::Value;

/// The borrowed arguments of one call to a function registered from Rust, with its name.
///
/// Accessors take the 0-based index and the parameter's name; their errors read like Python's:
/// `TypeError: testing.add_int() argument 2 'b': expected int, got str`.
#[derive(Clone, Copy)]
pub struct Args<'a> {
    function: &'a str,
    values: &'a [Value],
}

impl<'a> Args<'a> {
    /// Arguments `values` of a call to the function named `function`.
    #[inline]
    pub fn new(function: &'a str, values: &'a [Value]) -> Args<'a> {
        Args { function, values }
    }

    /// The name of the function being called.
    #[inline]
    pub fn function_name(&self) -> &'a str {
        self.function
    }

    /// Number of arguments given.
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no arguments were given.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// All arguments.
    #[inline]
    pub fn as_slice(&self) -> &'a [Value] {
        self.values
    }

    /// The arguments from `start` on (empty if there are fewer), e.g. a `*args` tail.
    pub fn rest(&self, start: usize) -> &'a [Value] {
        self.values.get(start..).unwrap_or(&[])
    }

    /// The argument at `index`, if given.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&'a Value> {
        self.values.get(index)
    }

    /// Checks that between `min` and `max` arguments (inclusive) were given.
    ///
    /// Errors: `TypeError: f() takes 2 arguments but 3 were given` (or "from 1 to 2 arguments").
    #[inline]
    pub fn expect_count(&self, min: usize, max: usize) -> Result<(), Error> {
        let given = self.values.len();
        if (min..=max).contains(&given) {
            return Ok(());
        }
        Err(self.count_error(min, max))
    }

    #[cold]
    #[inline(never)]
    fn count_error(&self, min: usize, max: usize) -> Error {
        let takes =
            if min == max { plural(min, "argument") } else { format!("from {min} to {}", plural(max, "argument")) };
        Error::type_error(format!("{}() takes {takes} but {} given", self.function, were(self.values.len())))
    }

    /// Checks that at least `min` arguments were given (for functions with `*args`).
    ///
    /// Errors: `TypeError: f() takes at least 1 argument but 0 were given`.
    pub fn expect_at_least(&self, min: usize) -> Result<(), Error> {
        let given = self.values.len();
        if given >= min {
            return Ok(());
        }
        Err(Error::type_error(format!(
            "{}() takes at least {} but {} given",
            self.function,
            plural(min, "argument"),
            were(given)
        )))
    }

    /// A `TypeError` about argument `index` named `name`: `f() argument 2 'b': <message>`.
    pub fn type_error(&self, index: usize, name: &str, message: impl std::fmt::Display) -> Error {
        Error::type_error(format!("{}() argument {} '{name}': {message}", self.function, index + 1))
    }

    /// A `ValueError` about argument `index` named `name`: `f() argument 2 'b': <message>`.
    pub fn value_error(&self, index: usize, name: &str, message: impl std::fmt::Display) -> Error {
        Error::value_error(format!("{}() argument {} '{name}': {message}", self.function, index + 1))
    }

    /// The argument at `index`. Errors: `TypeError` if it was not given.
    #[inline]
    pub fn value(&self, index: usize, name: &str) -> Result<&'a Value, Error> {
        match self.values.get(index) {
            Some(value) => Ok(value),
            None => Err(self.missing(index, name)),
        }
    }

    #[cold]
    #[inline(never)]
    fn missing(&self, index: usize, name: &str) -> Error {
        Error::type_error(format!("{}() missing required argument {} '{name}'", self.function, index + 1))
    }

    #[inline]
    fn typed<T>(
        &self,
        index: usize,
        name: &str,
        expected: &str,
        read: impl FnOnce(&'a Value) -> Option<T>,
    ) -> Result<T, Error> {
        let value = self.value(index, name)?;
        read(value)
            .ok_or_else(|| self.type_error(index, name, format_args!("expected {expected}, got {}", value.type_name())))
    }

    /// An int argument (bools are refused).
    #[inline]
    pub fn int(&self, index: usize, name: &str) -> Result<i64, Error> {
        self.typed(index, name, "int", Value::as_int)
    }

    /// A float argument; ints are accepted and converted.
    #[inline]
    pub fn float(&self, index: usize, name: &str) -> Result<f64, Error> {
        self.typed(index, name, "float", Value::as_float)
    }

    /// A bool argument.
    #[inline]
    pub fn bool(&self, index: usize, name: &str) -> Result<bool, Error> {
        self.typed(index, name, "bool", Value::as_bool)
    }

    /// A string argument, borrowed for the call.
    #[inline]
    pub fn str(&self, index: usize, name: &str) -> Result<&'a str, Error> {
        self.typed(index, name, "str", Value::as_str)
    }

    /// A byte-string argument, borrowed for the call.
    #[inline]
    pub fn bytes(&self, index: usize, name: &str) -> Result<&'a [u8], Error> {
        self.typed(index, name, "bytes", Value::as_bytes)
    }

    /// A function argument (a new reference, usable after the call).
    pub fn function(&self, index: usize, name: &str) -> Result<Function, Error> {
        self.typed(index, name, "Function", Value::to_function)
    }

    /// An Array argument's items, borrowed for the call.
    pub fn array(&self, index: usize, name: &str) -> Result<&'a [Value], Error> {
        self.typed(index, name, "Array", Value::as_array)
    }

    /// A Map argument's keys and values in order, borrowed for the call.
    pub fn map(&self, index: usize, name: &str) -> Result<(&'a [Value], &'a [Value]), Error> {
        self.typed(index, name, "Map", Value::as_map)
    }

    /// A Tensor argument's DLTensor, borrowed for the call.
    #[inline]
    pub fn tensor(&self, index: usize, name: &str) -> Result<&'a DLTensor, Error> {
        self.typed(index, name, "Tensor", Value::as_tensor)
    }

    /// A string argument that may be left out or None, with a default.
    pub fn str_or(&self, index: usize, name: &str, default: &'a str) -> Result<&'a str, Error> {
        match self.values.get(index) {
            None => Ok(default),
            Some(value) if value.type_index() == type_index::NONE => Ok(default),
            Some(_) => self.str(index, name),
        }
    }
}

impl std::fmt::Debug for Args<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Args").field("function", &self.function).field("values", &self.values).finish()
    }
}

fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

fn were(count: usize) -> String {
    if count == 1 {
        "1 was".to_owned()
    } else {
        format!("{count} were")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_args<R>(values: Vec<Value>, check: impl FnOnce(Args<'_>) -> R) -> R {
        check(Args::new("testing.add_int", &values))
    }

    #[test]
    fn typed_access() {
        with_args(vec![Value::int(1), Value::float(2.5), Value::bool(true), Value::str("hi").unwrap()], |args| {
            assert_eq!(args.int(0, "a").unwrap(), 1);
            assert_eq!(args.float(0, "a").unwrap(), 1.0);
            assert_eq!(args.float(1, "b").unwrap(), 2.5);
            assert!(args.bool(2, "c").unwrap());
            assert_eq!(args.str(3, "d").unwrap(), "hi");
            assert_eq!(args.rest(2).len(), 2);
            assert!(args.rest(9).is_empty());
        });
    }

    #[test]
    fn wrong_type_names_function_argument_and_position() {
        with_args(vec![Value::int(1), Value::str("x").unwrap()], |args| {
            let error = args.int(1, "b").unwrap_err();
            assert_eq!(error.kind(), "TypeError");
            assert_eq!(error.message(), "testing.add_int() argument 2 'b': expected int, got str");
            let error = args.int(0, "a").and_then(|_| args.bool(0, "a")).unwrap_err();
            assert_eq!(error.message(), "testing.add_int() argument 1 'a': expected bool, got int");
        });
    }

    #[test]
    fn bool_is_not_an_int() {
        with_args(vec![Value::bool(true)], |args| {
            assert_eq!(
                args.int(0, "a").unwrap_err().message(),
                "testing.add_int() argument 1 'a': expected int, got bool"
            );
        });
    }

    #[test]
    fn missing_argument() {
        with_args(vec![Value::int(1)], |args| {
            assert_eq!(
                args.int(1, "b").unwrap_err().to_string(),
                "TypeError: testing.add_int() missing required argument 2 'b'"
            );
        });
    }

    #[test]
    fn counts() {
        with_args(vec![Value::int(1), Value::int(2), Value::int(3)], |args| {
            assert_eq!(
                args.expect_count(2, 2).unwrap_err().to_string(),
                "TypeError: testing.add_int() takes 2 arguments but 3 were given"
            );
            assert_eq!(
                args.expect_count(1, 2).unwrap_err().message(),
                "testing.add_int() takes from 1 to 2 arguments but 3 were given"
            );
            assert!(args.expect_count(0, 3).is_ok());
            assert!(args.expect_at_least(3).is_ok());
            assert_eq!(
                args.expect_at_least(4).unwrap_err().message(),
                "testing.add_int() takes at least 4 arguments but 3 were given"
            );
        });
        with_args(vec![], |args| {
            assert_eq!(
                args.expect_count(1, 1).unwrap_err().message(),
                "testing.add_int() takes 1 argument but 0 were given"
            );
        });
        with_args(vec![Value::int(1)], |args| {
            assert_eq!(
                args.expect_count(0, 0).unwrap_err().message(),
                "testing.add_int() takes 0 arguments but 1 was given"
            );
        });
    }

    #[test]
    fn defaults() {
        with_args(vec![Value::none()], |args| {
            assert_eq!(args.str_or(0, "m", "dflt").unwrap(), "dflt");
            assert_eq!(args.str_or(1, "n", "other").unwrap(), "other");
        });
    }
}
