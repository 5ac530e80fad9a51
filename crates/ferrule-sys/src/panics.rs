//! Panics caught at the C ABI boundary: quiet, reported once in the error, payload freed.
//!
//! Every Rust side of the ABI (libferrule, Rust plugins, the Python extension) catches panics
//! where its code is entered from C and turns them into an error value. By default Rust's panic
//! hook would also print each of them to stderr ("thread '...' panicked at ..."), although the
//! caller gets the same message in the error: a library must not write to its host's stderr for
//! a condition it reports. [`catch`] therefore installs, once per Rust runtime (each cdylib has
//! its own), a hook that wraps whichever hook was installed before it:
//!
//! - a panic raised while the current thread is inside [`catch`] is recorded, with its
//!   location, for the error message, and not printed (unless the environment variable
//!   `FERRULE_LOG_CAUGHT_PANICS` is set to anything but `0` or empty);
//! - every other panic (one that will not be caught at the boundary, e.g. on a thread of the
//!   host's own) goes to the previous hook unchanged.
//!
//! A Rust host that links ferrule's crates as Rust libraries shares the hook with them; one it
//! installs later replaces this one, which only brings the printing back.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

thread_local! {
    /// How many [`catch`] frames the current thread is inside.
    static CATCHING: Cell<u32> = const { Cell::new(0) };
    /// The message and location of the last panic caught on this thread, set by the hook.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`; a panic inside it is caught and returned as `Err` with its message and location
/// ("message (at file:line:column)"), without printing anything (see the module documentation)
/// and with its payload dropped (a payload whose own destructor panics is leaked instead).
#[inline]
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    // (the hot path of every packed call: one check of the installed hook, inline, and one
    // thread-local address for both counter updates)
    if !INSTALL.is_completed() {
        install_hook();
    }
    let depth: *const Cell<u32> = CATCHING.with(|depth| depth as *const Cell<u32>);
    // SAFETY: this thread's counter, which has no destructor and lives as long as the thread.
    let depth = unsafe { &*depth };
    depth.set(depth.get() + 1);
    let outcome = panic::catch_unwind(AssertUnwindSafe(f));
    depth.set(depth.get() - 1);
    outcome.map_err(|payload| {
        let recorded = CAUGHT.with(|caught| caught.borrow_mut().take());
        let message = recorded.unwrap_or_else(|| message_of(payload.as_ref()));
        drop_payload(payload);
        message
    })
}

/// Drops a panic payload; one whose destructor panics in turn is leaked rather than let that
/// second panic escape.
pub fn drop_payload(payload: Box<dyn Any + Send>) {
    if let Err(nested) = panic::catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        std::mem::forget(nested);
    }
}

/// The message of a panic payload (`&str` or `String`; anything else is described).
pub fn message_of(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic with a non-string payload".to_owned()
    }
}

/// Set once the hook is installed (in this Rust runtime: each cdylib has its own).
static INSTALL: Once = Once::new();

#[cold]
#[inline(never)]
fn install_hook() {
    INSTALL.call_once(|| {
        let log_caught = std::env::var_os("FERRULE_LOG_CAUGHT_PANICS").is_some_and(|v| !v.is_empty() && v != "0");
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
            if CATCHING.with(Cell::get) == 0 {
                return previous(info);
            }
            let message = match info.location() {
                Some(at) => format!("{} (at {}:{}:{})", message_of(info.payload()), at.file(), at.line(), at.column()),
                None => message_of(info.payload()),
            };
            CAUGHT.with(|caught| *caught.borrow_mut() = Some(message));
            if log_caught {
                previous(info);
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caught_panics_carry_message_and_location() {
        let err = catch(|| panic!("boom {}", 1)).unwrap_err();
        assert!(err.starts_with("boom 1 (at "), "{err}");
        assert!(err.contains("panics.rs:"), "{err}");
        assert_eq!(catch(|| 5).unwrap(), 5);
        let err = catch(|| std::panic::panic_any(7_u8)).unwrap_err();
        assert!(err.starts_with("a panic with a non-string payload"), "{err}");
    }

    /// A payload whose destructor counts its drops: dropped exactly once, never leaked.
    #[test]
    fn payloads_are_dropped_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static DROPS: AtomicUsize = AtomicUsize::new(0);
        struct Counted;
        impl Drop for Counted {
            fn drop(&mut self) {
                DROPS.fetch_add(1, Ordering::SeqCst);
            }
        }
        for _ in 0..3 {
            assert!(catch(|| std::panic::panic_any(Counted)).is_err());
        }
        assert_eq!(DROPS.load(Ordering::SeqCst), 3);
    }

    /// A payload whose destructor panics: leaked, and the second panic does not escape.
    #[test]
    fn a_panicking_payload_destructor_is_contained() {
        struct Bomb;
        impl Drop for Bomb {
            fn drop(&mut self) {
                panic!("payload destructor");
            }
        }
        assert!(catch(|| std::panic::panic_any(Bomb)).is_err());
    }
}
