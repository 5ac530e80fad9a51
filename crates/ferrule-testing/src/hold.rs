//! Fixtures that keep values alive natively and report reference counts, for ownership tests.

use std::sync::{Mutex, MutexGuard};

use ferrule_plugin::{Args, Error, Value};

/// Values kept alive by `testing.hold`, oldest first.
static HELD: Mutex<Vec<Value>> = Mutex::new(Vec::new());

/// The held values; a panic while holding the lock cannot leave the Vec inconsistent.
fn held_values() -> MutexGuard<'static, Vec<Value>> {
    HELD.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `testing.hold(obj)`.
pub(crate) fn hold(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let value = args.value(0, "obj")?.clone();
    held_values().push(value);
    Ok(Value::none())
}

/// `testing.held()`: an Array of the held values.
pub(crate) fn held(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(0, 0)?;
    // Copy out first: creating the array must not run under the lock.
    let values: Vec<Value> = held_values().clone();
    Value::array(values)
}

/// `testing.release()`: drops every held value and returns how many there were.
pub(crate) fn release(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(0, 0)?;
    // Take them out before dropping: a release can run a frontend's deleter, which may call
    // back into testing.* and would deadlock on the lock.
    let values = std::mem::take(&mut *held_values());
    let count = values.len();
    drop(values);
    Ok(Value::int(count as i64))
}

/// `testing.use_count(obj)`: the object's strong count, 0 for inline values.
pub(crate) fn use_count(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let count = args.value(0, "obj")?.to_object().map_or(0, |object| {
        // `to_object` added one reference of our own; report the count without it.
        i64::from(object.use_count()) - 1
    });
    Ok(Value::int(count))
}
