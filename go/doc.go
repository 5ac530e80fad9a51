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
//   - Native objects are freed by a finalizer when their handle becomes unreachable, and
//     at once by Close (idempotent). Go's garbage collector does not see native memory, so call
//     Close in loops that create many tensors.
//
// libferrule is found through pkg-config (ferrule.pc, which `make install PREFIX=...` writes in a
// ferrule checkout), so plugins loaded with [LoadLibrary] share this process's one registry.
// Build tags choose another link: ferrule_static links the installed libferrule.a,
// ferrule_intree this checkout's target/release/libferrule.a (the repository's own tests), and
// ferrule_plugin none at all: a Go plugin (a -buildmode=c-shared library, see package
// github.com/ferrule-dev/ferrule/go/plugin) calls the libferrule of the process that loads it
// through the API table it is handed.
//
// Build with the tag ferrule_debug to force a garbage collection on every handle access, which
// turns a missing runtime.KeepAlive into a test failure instead of a rare production crash, and
// with ferrule_stress (tests only) to account for every native release per handle, so that a
// handle released twice fails the stress test instead of corrupting the heap.
package ferrule
