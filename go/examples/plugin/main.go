// Command plugin is a ferrule plugin written in Go: a shared library whose goplugin.* functions
// below appear in the registry when a host loads it with ferrule_library_load (C),
// ferrule.ffi.load_library (Python) or ferrule.LoadLibrary (Go). Python and C then call Go
// functions by name, and those Go functions call back into whatever else is registered (Python
// functions, Rust plugins, the ops.* operators).
//
// Package plugin (the counterpart of Rust's export_plugin!) exports ferrule_plugin_init and
// registers what Register was given; the tag ferrule_plugin makes package ferrule link no
// libferrule, so the plugin reaches the host's one libferrule through the API table only:
//
//	cd go && go build -buildmode=c-shared -tags ferrule_plugin -o ../build/libferrule_go_plugin.so ./examples/plugin
//
// Errors are values all the way: every failure below reaches the caller as an error of its kind,
// and a panic in a registered function becomes a RuntimeError.
package main

import (
	"errors"
	"runtime"
	"time"

	ferrule "github.com/ferrule-dev/ferrule/go"
	"github.com/ferrule-dev/ferrule/go/plugin"
)

// goFunction is one function this plugin registers.
type goFunction struct {
	name, doc, signature string
	fn                   any
}

// functions are what init hands to plugin.Register.
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
			time.Sleep(time.Millisecond) // finalizers run on their own goroutine after a collection
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

func init() {
	for _, f := range functions {
		plugin.Register(f.name, f.fn, ferrule.WithDoc(f.doc), ferrule.WithSignature(f.signature))
	}
}

// main is required by -buildmode=c-shared and never runs.
func main() {}
