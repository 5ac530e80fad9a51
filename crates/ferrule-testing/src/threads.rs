//! `testing.call_from_threads`: calls a function from many native threads at once, the way a
//! worker pool calls user hooks (e.g. Python callbacks from non-Python threads).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use ferrule_plugin::{blocking, Args, Error, Function, Value};

/// Upper bound on `n_threads`, so a typo cannot exhaust the process.
const MAX_THREADS: i64 = 1024;

/// `testing.call_from_threads(f, n_threads, n_calls)`.
pub(crate) fn call_from_threads(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(3, 3)?;
    let f = args.function(0, "f")?;
    let n_threads = args.int(1, "n_threads")?;
    let n_calls = args.int(2, "n_calls")?;
    if !(0..=MAX_THREADS).contains(&n_threads) {
        return Err(args.value_error(1, "n_threads", format_args!("must be in 0..={MAX_THREADS}, got {n_threads}")));
    }
    if n_calls < 0 {
        return Err(args.value_error(2, "n_calls", format_args!("must be >= 0, got {n_calls}")));
    }
    let run = Run {
        f,
        n_calls,
        succeeded: AtomicI64::new(0),
        stop: AtomicBool::new(false),
        first_error: Mutex::new(None),
        running: Mutex::new(0),
        finished: Condvar::new(),
    };
    // Joining may take long and the callbacks may need the frontend's lock: release it.
    blocking(|| run.spawn_and_join(n_threads));
    let first_error = run.first_error.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    match first_error {
        Some(error) => Err(error.with_context(format!("while calling {} from threads", args.function_name()))),
        None => Ok(Value::int(run.succeeded.into_inner())),
    }
}

/// State shared by the threads of one `call_from_threads`.
struct Run {
    f: Function,
    n_calls: i64,
    succeeded: AtomicI64,
    /// Set once any call failed; the other threads stop at their next call.
    stop: AtomicBool,
    first_error: Mutex<Option<Error>>,
    /// Threads still calling, and the signal each gives when it is done.
    running: Mutex<usize>,
    finished: Condvar,
}

/// How often the caller asks the frontend about interrupts while the threads work.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// Counts one calling thread out when it is done (also on unwinding).
struct Done<'a>(&'a Run);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        *self.0.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner) -= 1;
        self.0.finished.notify_all();
    }
}

impl Run {
    fn spawn_and_join(&self, n_threads: i64) {
        std::thread::scope(|scope| {
            for thread_index in 0..n_threads {
                *self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner) += 1;
                let spawned = std::thread::Builder::new().name(format!("testing-{thread_index}")).spawn_scoped(
                    scope,
                    move || {
                        let _done = Done(self);
                        self.calls(thread_index)
                    },
                );
                if let Err(error) = spawned {
                    *self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner) -= 1;
                    self.fail(Error::runtime_error(format!("could not start thread {thread_index}: {error}")));
                    break;
                }
            }
            self.wait_watching_for_interrupts();
            // The scope joins every thread before returning, even after a failure.
        });
    }

    /// Waits for the calling threads to finish, asking the frontend every [`INTERRUPT_POLL`]
    /// whether the user interrupted (Ctrl-C): then the threads stop at their next call and the
    /// interrupt is the error returned. Only this thread, the one running the call, asks: the
    /// frontend's check may take its interpreter lock.
    fn wait_watching_for_interrupts(&self) {
        let mut running = self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        while *running > 0 {
            running = self
                .finished
                .wait_timeout(running, INTERRUPT_POLL)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
            if *running == 0 || self.stop.load(Ordering::Relaxed) {
                continue;
            }
            drop(running);
            if let Err(interrupt) = ferrule_plugin::check_signals() {
                self.fail(interrupt);
            }
            running = self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    fn calls(&self, thread_index: i64) {
        for call_index in 0..self.n_calls {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            match self.f.call(&[Value::int(thread_index), Value::int(call_index)]) {
                Ok(_) => {
                    self.succeeded.fetch_add(1, Ordering::Relaxed);
                }
                Err(error) => {
                    self.fail(error);
                    return;
                }
            }
        }
    }

    fn fail(&self, error: Error) {
        self.stop.store(true, Ordering::Relaxed);
        let mut first = self.first_error.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.is_none() {
            *first = Some(error);
        }
        // A later error is dropped after the lock goes, since releasing it may run foreign code.
        else {
            drop(first);
            drop(error);
        }
    }
}

/// `testing.busy_wait(seconds)`.
pub(crate) fn busy_wait(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let seconds = args.float(0, "seconds")?;
    if !(0.0..=3600.0).contains(&seconds) {
        return Err(args.value_error(0, "seconds", format_args!("must be in 0..=3600, got {seconds}")));
    }
    let start = std::time::Instant::now();
    let limit = std::time::Duration::from_secs_f64(seconds);
    blocking(|| {
        let mut next_check = start;
        while start.elapsed() < limit {
            std::hint::spin_loop();
            if next_check.elapsed() >= std::time::Duration::from_millis(1) {
                ferrule_plugin::check_signals()?;
                next_check = std::time::Instant::now();
            }
        }
        Ok(Value::float(start.elapsed().as_secs_f64()))
    })
}
