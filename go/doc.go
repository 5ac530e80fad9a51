// Package ferrule is the Go binding of ferrule, a tensor runtime whose every function is
// reachable from Python, Go and C through one packed-function C ABI (include/ferrule/ferrule.h).
//
// The package is a thin cgo layer over that ABI and libferrule alone:
//
//   - [Tensor] is an opaque handle to a native tensor; build one from a Go slice
//     ([FromFloat32s], [NewTensor], ...), read it back with copying accessors ([Tensor.Float32s])
//     or a zero-copy view ([Tensor.UnsafeFloat32s]).
//   - [Function] is a packed function: [GetGlobalFunc] looks one up in the process-wide registry,
//     [Function.Call] calls it with Go values, and [RegisterFunc] puts a Go function into the
//     registry so Python, C, Rust and plugins can call it.
//   - Every fallible call returns an error; library errors are [*Error] values carrying the kind
//     (a Python exception name such as "ValueError") and the message. The library never panics
//     on a library error.
//   - Native objects are freed by runtime.AddCleanup when their handle becomes unreachable, and
//     at once by Close (idempotent). Go's garbage collector does not see native memory, so call
//     Close in loops that create many tensors.
//
// Build libferrule first (`cargo build --release -p ferrule-capi` at the repository root): the
// package links target/release/libferrule.a statically, so plugins loaded with [LoadLibrary]
// share this process's one registry. With the build tag ferrule_shared it links libferrule.so
// dynamically instead: that is how a Go plugin (a -buildmode=c-shared library exporting
// ferrule_plugin_init, see examples/plugin) shares the registry of the Python or C process that
// loads it.
//
// Build with the tag ferrule_debug to force a garbage collection on every handle access, which
// turns a missing runtime.KeepAlive into a test failure instead of a rare production crash, and
// with ferrule_stress (tests only) to account for every native release per handle, so that a
// handle released twice fails the stress test instead of corrupting the heap.
package ferrule
