//! Fixtures for values, argument checking, errors, panics and callbacks.

use ferrule_plugin::{Args, Error, Value};

/// `testing.echo(x)`: a new reference to the same value.
pub(crate) fn echo(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    Ok(args.value(0, "x")?.clone())
}

/// `testing.conj(z)`: the complex conjugate of the complex number `z`, read and made through
/// the plugin API (a complex value crosses every language as a complex object).
pub(crate) fn conj(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let z = args.value(0, "z")?;
    let (re, im) = z
        .as_complex()
        .ok_or_else(|| args.type_error(0, "z", format_args!("expected complex, got {}", z.type_name())))?;
    Value::complex(re, -im)
}

/// `testing.nop(*args)`.
pub(crate) fn nop(_args: Args<'_>) -> Result<Value, Error> {
    Ok(Value::none())
}

/// `testing.add_int(a, b)`.
pub(crate) fn add_int(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(2, 2)?;
    let a = args.int(0, "a")?;
    let b = args.int(1, "b")?;
    a.checked_add(b)
        .map(Value::int)
        .ok_or_else(|| Error::overflow_error(format!("{}(): {a} + {b} does not fit in int64", args.function_name())))
}

/// `testing.text_len(s, b)`: the UTF-8 length of `s` plus the length of `b`, both read in place
/// (the call shape with a str and a bytes argument that `benches/python/bench_call.py` times).
pub(crate) fn text_len(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(2, 2)?;
    let s = args.str(0, "s")?;
    let b = args.bytes(1, "b")?;
    Ok(Value::int((s.len() + b.len()) as i64))
}

/// `testing.raise_error(kind, message)`: fails with exactly that kind and message.
pub(crate) fn raise_error(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(2, 2)?;
    Err(Error::new(args.str(0, "kind")?, args.str(1, "message")?))
}

/// `testing.panic(message='testing.panic called')`: panics with `message`.
pub(crate) fn panic(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(0, 1)?;
    let message = args.str_or(0, "message", "testing.panic called")?;
    panic!("{message}");
}

/// `testing.apply(f, *args)`: `f(*args)`, passing f's error object on unchanged.
pub(crate) fn apply(args: Args<'_>) -> Result<Value, Error> {
    args.expect_at_least(1)?;
    let f = args.function(0, "f")?;
    f.call(args.rest(1)).map_err(|error| error.with_context(format!("while calling {}", args.function_name())))
}

/// `testing.non_utf8_bytes()`.
pub(crate) fn non_utf8_bytes(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(0, 0)?;
    Value::bytes(b"\xff\xfe\x00abc\x80")
}

/// `testing.sum_array(xs)`: the sum of an Array of ints and floats.
pub(crate) fn sum_array(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let items = args.array(0, "xs")?;
    let mut total = 0.0;
    for (position, item) in items.iter().enumerate() {
        total += item.as_float().ok_or_else(|| {
            args.type_error(0, "xs", format_args!("item {position}: expected int or float, got {}", item.type_name()))
        })?;
    }
    Ok(Value::float(total))
}
