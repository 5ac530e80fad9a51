// Command plugins loads the example Rust and C plugins into a Go program and calls their
// functions on Go-made tensors: a plugin's functions join the one registry of the process, where
// Go finds them by name like any other.
//
//   - examples/plugin-rust (libferrule_example_plugin.so): example_rust.scale, example_rust.describe
//   - examples/plugin-c (libferrule_plugin_c.so): example_c.sum, example_c.fill, example_c.arange
//
// Run from go/ (after `make plugins`; the Makefile exports both variables):
//
//	FERRULE_EXAMPLE_RUST_PLUGIN=../target/release/libferrule_example_plugin.so \
//	FERRULE_EXAMPLE_C_PLUGIN=../target/examples/libferrule_plugin_c.so go run ./examples/plugins
package main

import (
	"errors"
	"fmt"
	"os"
	"slices"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "plugins example failed:", err)
		os.Exit(1)
	}
}

// pluginPath is $env, or fallback (relative to go/) when it is unset.
func pluginPath(env, fallback string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	return fallback
}

// call looks name up in the registry and calls it with args.
func call(name string, args ...any) (any, error) {
	f, err := ferrule.GetGlobalFunc(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Call(args...)
}

func run() error {
	before, err := ferrule.ListGlobalFuncNames()
	if err != nil {
		return err
	}
	for _, path := range []string{
		pluginPath("FERRULE_EXAMPLE_RUST_PLUGIN", "../target/release/libferrule_example_plugin.so"),
		pluginPath("FERRULE_EXAMPLE_C_PLUGIN", "../target/examples/libferrule_plugin_c.so"),
	} {
		if err := ferrule.LoadLibrary(path); err != nil {
			return err
		}
	}
	after, err := ferrule.ListGlobalFuncNames()
	if err != nil {
		return err
	}
	var added []string
	for _, name := range after {
		if !slices.Contains(before, name) {
			added = append(added, name)
		}
	}
	fmt.Printf("loaded 2 plugins, which registered: %v\n", added)
	if !slices.Contains(added, "example_rust.scale") || !slices.Contains(added, "example_c.sum") {
		return fmt.Errorf("the plugins' functions are missing from the registry")
	}

	fmt.Println("the Rust plugin")
	x, err := ferrule.FromFloat64s([]float64{1, 2, 3, 4}, 2, 2)
	if err != nil {
		return err
	}
	defer x.Close()
	out, err := call("example_rust.scale", x, 10.0)
	if err != nil {
		return err
	}
	scaled := out.(*ferrule.Tensor)
	defer scaled.Close()
	values, err := scaled.Float64s()
	if err != nil {
		return err
	}
	fmt.Printf("   example_rust.scale(x, 10.0) = %v %v\n", scaled, values)
	if fmt.Sprint(values) != "[10 20 30 40]" {
		return fmt.Errorf("example_rust.scale gave %v", values)
	}
	text, err := call("example_rust.describe", x)
	if err != nil {
		return err
	}
	fmt.Printf("   example_rust.describe(x) = %q\n", text)
	_, err = call("example_rust.scale", x, "ten")
	var ferr *ferrule.Error
	if !errors.As(err, &ferr) || ferr.Kind != ferrule.KindTypeError {
		return fmt.Errorf("example_rust.scale(x, \"ten\"): want a TypeError, got %v", err)
	}
	fmt.Printf("   a bad argument -> %v\n", err)

	fmt.Println("the C plugin")
	out, err = call("example_c.arange", 5)
	if err != nil {
		return err
	}
	r := out.(*ferrule.Tensor)
	defer r.Close()
	total, err := call("example_c.sum", r)
	if err != nil {
		return err
	}
	rv, err := r.Float32s()
	if err != nil {
		return err
	}
	fmt.Printf("   example_c.arange(5) = %v %v; example_c.sum of it = %v\n", r, rv, total)
	if total != 10.0 {
		return fmt.Errorf("example_c.sum gave %v", total)
	}
	if _, err := call("example_c.fill", x, 2.5); err != nil { // C writes into the tensor Go made
		return err
	}
	filled, err := x.Float64s()
	if err != nil {
		return err
	}
	fmt.Printf("   example_c.fill(x, 2.5) -> x = %v\n", filled)
	if fmt.Sprint(filled) != "[2.5 2.5 2.5 2.5]" {
		return fmt.Errorf("example_c.fill gave %v", filled)
	}

	fmt.Println("plugins compose: the Rust plugin's result fed to the C plugin, from Go")
	half, err := call("example_rust.scale", r, 0.5)
	if err != nil {
		return err
	}
	defer half.(*ferrule.Tensor).Close()
	sum, err := call("example_c.sum", half)
	if err != nil {
		return err
	}
	fmt.Printf("   example_c.sum(example_rust.scale(example_c.arange(5), 0.5)) = %v\n", sum)
	if sum != 5.0 {
		return fmt.Errorf("the composition gave %v", sum)
	}
	return nil
}
