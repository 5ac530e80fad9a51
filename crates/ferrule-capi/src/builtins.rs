//! Functions libferrule registers itself the first time the registry is reached through the
//! C ABI: `runtime.*`, `demo.*`, `profiler.*`, and every operator of `schema/ops.yaml` as `ops.*`.

use std::sync::Once;

use ferrule_registry::{live_object_count, Any, FuncDef, Function, ObjRef};
use ferrule_sys::ErrorKind;

/// Registers the built-in functions once.
pub fn ensure_registered() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if let Err(e) =
            register_all().and_then(|()| crate::profiler::register()).and_then(|()| ferrule_ops::register_all())
        {
            eprintln!("ferrule: registering built-in functions failed: {e}");
        }
    });
}

fn register_all() -> ferrule_registry::Result<()> {
    FuncDef::new("runtime.version")
        .doc("The version of libferrule.")
        .signature("() -> str")
        .register(|| env!("CARGO_PKG_VERSION"))?;
    FuncDef::new("runtime.abi_version")
        .doc("The C ABI version of libferrule (FERRULE_ABI_VERSION).")
        .signature("() -> int")
        .register(|| i64::from(ferrule_sys::FERRULE_ABI_VERSION))?;
    FuncDef::new("runtime.live_object_count")
        .doc("Number of live heap objects allocated by libferrule, for leak checks.")
        .signature("() -> int")
        .register(|| live_object_count() as i64)?;
    FuncDef::new("demo.add")
        .doc("Adds two integers (a typed Rust closure).")
        .signature("(a: int, b: int) -> int")
        .register(|a: i64, b: i64| {
            a.checked_add(b).ok_or_else(|| {
                ferrule_registry::Error::new(ErrorKind::OverflowError, "demo.add: result does not fit in int64")
            })
        })?;
    FuncDef::new("demo.scale")
        .doc("Multiplies x by factor.\n\nExample: demo.scale(3.0) == 6.0")
        .signature("(x: float, factor: float = 2.0) -> float")
        .register(|x: f64, factor: f64| x * factor)?;
    FuncDef::new("examples.geo_distance")
        .doc("A native service's workload: the haversine distance in metres between (lon1, lat1) and\n(lon2, lat2) in degrees, recomputed test_cnt times in a native loop. Marked\nlong-running, so frontends release their interpreter lock (Python threads run it in parallel);\nCtrl-C stops a long run (KeyboardInterrupt).\n\nExample: examples.geo_distance(113.973129, 22.599578, 114.3311032, 22.6986848, 1000)")
        .signature("(lon1: float, lat1: float, lon2: float, lat2: float, test_cnt: int) -> float")
        .long_running()
        .register(|lon1: f64, lat1: f64, lon2: f64, lat2: f64, test_cnt: i64| {
            if test_cnt < 0 {
                return Err(ferrule_registry::Error::new(
                    ErrorKind::ValueError,
                    &format!("examples.geo_distance() argument 5 'test_cnt': expected a count >= 0, got {test_cnt}"),
                ));
            }
            let mut distance = 0.0;
            let mut interrupts = ferrule_registry::signals::Throttle::default();
            for i in 0..test_cnt {
                // black_box: every iteration really recomputes, as a native service's loop would.
                let p = std::hint::black_box((lon1, lat1, lon2, lat2));
                distance = ferrule_ops::elementwise::haversine(p.0, p.1, p.2, p.3);
                if i % 65_536 == 65_535 {
                    interrupts.check()?; // Ctrl-C stops a long loop
                }
            }
            Ok(distance)
        })?;
    FuncDef::new("examples.long_task")
        .doc("A long-running native job in the shape of a native service driven from Python: `steps` steps of\nwork (each 100000 haversine evaluations) run on a native worker thread, which calls\nprogress(done, steps) after every step. Returns the number of steps done; an error raised by\nprogress stops the job and is returned to the caller. Marked long-running: Python releases the\nGIL while it runs and the callback takes it on the worker thread. Ctrl-C (a pending signal)\nstops the job after the current step and raises KeyboardInterrupt.\n\nExample: examples.long_task(4, lambda done, total: print(f\"{done}/{total}\"))")
        .signature("(steps: int, progress: Function | None = None) -> int")
        .long_running()
        .register(long_task)?;
    Ok(())
}

/// `examples.long_task(steps, progress=None)`.
fn long_task(steps: i64, progress: Option<ObjRef<Function>>) -> ferrule_registry::Result<i64> {
    if steps < 0 {
        return Err(ferrule_registry::Error::new(
            ErrorKind::ValueError,
            &format!("examples.long_task() argument 1 'steps': expected a count >= 0, got {steps}"),
        ));
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    let worker = || -> ferrule_registry::Result<i64> {
        let mut checksum = 0.0;
        for done in 1..=steps {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(done - 1);
            }
            for i in 0..100_000 {
                let p = std::hint::black_box((113.97 + f64::from(i) * 1e-6, 22.59, 114.33, 22.69));
                checksum += ferrule_ops::elementwise::haversine(p.0, p.1, p.2, p.3);
            }
            if let Some(f) = &progress {
                f.call(&[Any::from(done), Any::from(steps)])?;
            }
        }
        std::hint::black_box(checksum);
        Ok(steps)
    };
    std::thread::scope(|scope| {
        let job = scope.spawn(worker);
        // The calling thread watches for Ctrl-C while the worker runs: on an interrupt the worker
        // stops after its current step and the interrupt is what the caller gets.
        let mut interrupted = None;
        while !job.is_finished() {
            std::thread::sleep(std::time::Duration::from_millis(2));
            if interrupted.is_none() {
                if let Err(e) = ferrule_registry::signals::check() {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    interrupted = Some(e);
                }
            }
        }
        let result = job.join().unwrap_or_else(|_| {
            Err(ferrule_registry::Error::new(
                ErrorKind::RuntimeError,
                "examples.long_task(): the worker thread panicked",
            ))
        });
        match interrupted {
            Some(e) => Err(e),
            None => result,
        }
    })
}
