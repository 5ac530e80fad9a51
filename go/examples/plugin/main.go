// Command plugin is a ferrule plugin written in Go: a shared library exporting
// ferrule_plugin_init, which registers the goplugin.* functions below when a host loads it with
// ferrule_library_load (C), ferrule.ffi.load_library (Python) or ferrule.LoadLibrary (Go).
// Python and C then call Go functions by name, and those Go functions call back into whatever
// else is registered (Python functions, Rust plugins, the ops.* operators).
//
// Build it with the ferrule_shared tag, so that it links libferrule.so dynamically and uses the
// host's libferrule (a process has exactly one registry) instead of carrying its own copy:
//
//	cd go && go build -buildmode=c-shared -tags ferrule_shared -o ../build/libferrule_go_plugin.so ./examples/plugin
//
// ferrule_plugin_init refuses to register anything when the API table it is handed is not the
// one of the libferrule its calls reach (e.g. built without the tag), or on an ABI mismatch.
// Errors are values all the way: every failure below reaches the caller as an error of its kind,
// and a panic in a registered function becomes a RuntimeError.
package main

/*
#cgo CFLAGS: -I${SRCDIR}/../../../include
#include <stdlib.h>
#include "ferrule/ferrule.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

// goFunction is one function this plugin registers.
type goFunction struct {
	name, doc, signature string
	fn                   any
}

// functions are what ferrule_plugin_init registers.
var functions = []goFunction{
	{"goplugin.add", "Adds two ints, in Go.", "(a: int, b: int) -> int",
		func(a, b int64) int64 { return a + b }},
	{"goplugin.call", "Looks up the registered function `name` (a Python, C, Rust or Go one) and calls it with args, from Go.",
		"(name: str, *args: Any) -> Any", callByName},
	{"goplugin.apply", "Calls f(*args) from Go; f may be any callable the caller can pass (a Python function, say).",
		"(f: Function, *args: Any) -> Any", func(f *ferrule.Function, args ...any) (any, error) {
			if f == nil {
				return nil, &ferrule.Error{Kind: ferrule.KindTypeError, Message: "goplugin.apply: f is None"}
			}
			defer f.Close() // Go's own reference to the argument; the caller keeps theirs
			return f.Call(args...)
		}},
	{"goplugin.scale", "x * factor computed by the host's ops.multiply, called from Go through the generated wrapper.",
		"(x: Tensor, factor: float) -> Tensor", func(x *ferrule.Tensor, factor float64) (*ferrule.Tensor, error) {
			defer x.Close()
			return ferrule.Multiply(x, factor)
		}},
	{"goplugin.sum_float64", "The sum of a float64 tensor's elements, read in Go through a copying accessor.",
		"(x: Tensor) -> float", func(x *ferrule.Tensor) (float64, error) {
			defer x.Close()
			values, err := x.Float64s()
			if err != nil {
				return 0, err
			}
			total := 0.0
			for _, v := range values {
				total += v
			}
			return total, nil
		}},
	{"goplugin.fail", "Returns a Go error of the given kind and message (a *ferrule.Error).", "(kind: str, message: str) -> None",
		func(kind, message string) error { return &ferrule.Error{Kind: kind, Message: message} }},
	{"goplugin.fail_plain", "Returns a plain Go error (errors.New): the caller sees a RuntimeError.", "(message: str) -> None",
		func(message string) error { return errors.New(message) }},
	{"goplugin.panic", "Panics in Go; the caller gets a RuntimeError naming the panic value.", "(message: str = 'goplugin.panic called') -> None",
		func(message string) { panic(message) }},
	{"goplugin.gc", "Runs Go's garbage collector and waits a moment, so that handles Go dropped without Close release their native objects (for leak tests).",
		"() -> None", func() {
			runtime.GC()
			time.Sleep(time.Millisecond) // cleanups run on their own goroutine after a collection
		}},
}

// callByName is goplugin.call: a registered function looked up and called from Go.
func callByName(name string, args ...any) (any, error) {
	f, err := ferrule.GetGlobalFunc(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Call(args...)
}

// checkHost verifies that api, the table the host handed over, is the one of the libferrule this
// plugin's calls resolve to, and that both speak this package's ABI version.
func checkHost(api *C.FerruleApi) error {
	if api == nil {
		return &ferrule.Error{Kind: ferrule.KindValueError, Message: "go plugin: ferrule_plugin_init called with a NULL API table"}
	}
	if v := uint32(api.abi_version); v != ferrule.ABIVersion {
		return &ferrule.Error{Kind: ferrule.KindRuntimeError, Message: fmt.Sprintf("go plugin: the host has ABI version %d, this plugin was built for %d", v, ferrule.ABIVersion)}
	}
	if v := ferrule.LibraryABIVersion(); v != ferrule.ABIVersion {
		return &ferrule.Error{Kind: ferrule.KindRuntimeError, Message: fmt.Sprintf("go plugin: the linked libferrule has ABI version %d, this plugin was built for %d", v, ferrule.ABIVersion)}
	}
	if api != C.ferrule_api() {
		return &ferrule.Error{Kind: ferrule.KindRuntimeError, Message: "go plugin: the plugin reaches a different libferrule than its host (two registries in one process); build it with -tags ferrule_shared"}
	}
	return nil
}

// register registers every function, stopping at the first failure.
func register() error {
	for _, f := range functions {
		if err := ferrule.RegisterFunc(f.name, f.fn, ferrule.WithDoc(f.doc), ferrule.WithSignature(f.signature)); err != nil {
			return fmt.Errorf("go plugin: registering %s: %w", f.name, err)
		}
	}
	return nil
}

// nativeError turns a Go error into a new native error object (kind kept for a *ferrule.Error,
// RuntimeError otherwise).
func nativeError(err error) *C.FerruleObject {
	kind, message := ferrule.KindRuntimeError, err.Error()
	var ferr *ferrule.Error
	if errors.As(err, &ferr) {
		kind = ferr.Kind
		if ferr != err {
			message = err.Error() // keep the wrapping text, e.g. which registration failed
		} else {
			message = ferr.Message
		}
	}
	ckind, cmessage := C.CString(kind), C.CString(message)
	defer C.free(unsafe.Pointer(ckind))
	defer C.free(unsafe.Pointer(cmessage))
	var obj *C.FerruleObject
	C.ferrule_error_create(ckind, cmessage, &obj)
	return obj
}

// ferrule_plugin_init is the plugin's entry point (FerrulePluginInit in ferrule.h): the host
// calls it once, from ferrule_library_load. It returns 0, or -1 with a new error in *errOut.
// A panic during registration is recovered and reported the same way.
//
//export ferrule_plugin_init
func ferrule_plugin_init(api *C.FerruleApi, errOut **C.FerruleObject) (rc C.int32_t) {
	fail := func(err error) C.int32_t {
		if errOut != nil {
			*errOut = nativeError(err)
		}
		return -1
	}
	defer func() {
		if r := recover(); r != nil {
			rc = fail(fmt.Errorf("go plugin: panic in ferrule_plugin_init: %v", r))
		}
	}()
	if err := checkHost(api); err != nil {
		return fail(err)
	}
	if err := register(); err != nil {
		return fail(err)
	}
	return 0
}

// main is required by -buildmode=c-shared and never runs.
func main() {}
