// Command matmul shows Go over the C ABI with ferrule: a Go program that
// multiplies matrices with the generated ferrule.MM wrapper, gets errors as values (never a
// panic), lets finalizers or Close free native memory, and calls functions registered by other
// languages through the one registry.
//
// A hand-written Go binding of a C++ tensor library writes a C wrapper per operator that turns C++ exceptions into strings, a Go wrapper
// per operator with a finalizer, and panics on error (MustNil). ferrule generates the Go wrappers
// from schema/ops.yaml over one C ABI, and returns a *ferrule.Error instead of panicking.
//
// Run from go/ (after `make native`; the testing plugin provides testing.apply):
//
//	FERRULE_TESTING_PLUGIN=../target/release/libferrule_testing.so go run ./examples/matmul
package main

import (
	"errors"
	"fmt"
	"math"
	"os"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "matmul example failed:", err)
		os.Exit(1)
	}
}

func run() error {
	fmt.Println("1. ferrule.MM on matrices built from Go slices")
	a, err := ferrule.FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		return err
	}
	defer a.Close() // frees the native tensor now; without it, a finalizer frees it later
	b, err := ferrule.FromFloat32s([]float32{7, 8, 9, 10, 11, 12}, 3, 2)
	if err != nil {
		return err
	}
	defer b.Close()
	c, err := ferrule.MM(a, b)
	if err != nil {
		return err
	}
	defer c.Close()
	values, err := c.Float32s()
	if err != nil {
		return err
	}
	fmt.Printf("   MM(%v, %v) = %v %v\n", a, b, c, values)
	if want := []float32{58, 64, 139, 154}; fmt.Sprint(values) != fmt.Sprint(want) {
		return fmt.Errorf("MM gave %v, want %v", values, want)
	}

	fmt.Println("2. errors are values: a shape mismatch is a *ferrule.Error, not a panic")
	_, err = ferrule.MM(a, a) // (2, 3) x (2, 3)
	var ferr *ferrule.Error
	if !errors.As(err, &ferr) || ferr.Kind != ferrule.KindValueError {
		return fmt.Errorf("MM(a, a): want a ValueError, got %v", err)
	}
	fmt.Printf("   MM(a, a) -> Kind %q, Message %q\n", ferr.Kind, ferr.Message)
	closed, err := ferrule.FromFloat32s([]float32{1}, 1, 1)
	if err != nil {
		return err
	}
	closed.Close()
	if _, err = ferrule.MM(closed, closed); !errors.As(err, &ferr) {
		return fmt.Errorf("MM of a closed tensor: want a *ferrule.Error, got %v", err)
	}
	fmt.Printf("   MM of a closed tensor -> Kind %q, Message %q, Context %q\n", ferr.Kind, ferr.Message, ferr.Context)

	fmt.Println("3. a bigger product, checked against a Go loop")
	const n = 64
	x := make([]float64, n*n)
	for i := range x {
		x[i] = math.Sin(float64(i))
	}
	xt, err := ferrule.FromFloat64s(x, n, n)
	if err != nil {
		return err
	}
	defer xt.Close()
	sq, err := ferrule.MM(xt, xt)
	if err != nil {
		return err
	}
	defer sq.Close()
	got, err := sq.Float64s()
	if err != nil {
		return err
	}
	maxDiff := 0.0
	for i := range n {
		for j := range n {
			want := 0.0
			for k := range n {
				want += x[i*n+k] * x[k*n+j]
			}
			maxDiff = math.Max(maxDiff, math.Abs(got[i*n+j]-want))
		}
	}
	fmt.Printf("   MM of a %dx%d float64 matrix with itself: max |difference| from the Go loop = %.3g\n", n, n, maxDiff)
	if maxDiff > 1e-9 {
		return fmt.Errorf("MM differs from the Go loop by %g", maxDiff)
	}

	fmt.Println("4. the registry: a Go function called from native code, a native function called from Go")
	plugin := os.Getenv("FERRULE_TESTING_PLUGIN")
	if plugin == "" {
		plugin = "../target/release/libferrule_testing.so"
	}
	if err := ferrule.LoadLibrary(plugin); err != nil {
		return err
	}
	err = ferrule.RegisterFunc("matmul.frobenius", func(t *ferrule.Tensor) (float64, error) {
		defer t.Close() // this handle is the callee's own reference
		sq, err := ferrule.Multiply(t, t)
		if err != nil {
			return 0, err
		}
		defer sq.Close()
		total, err := ferrule.Sum(sq)
		if err != nil {
			return 0, err
		}
		defer total.Close()
		v, err := total.Float32s()
		if err != nil {
			return 0, err
		}
		return math.Sqrt(float64(v[0])), nil
	}, ferrule.WithDoc("The Frobenius norm of a float32 matrix, in Go."), ferrule.WithSignature("(t: Tensor) -> float"))
	if err != nil {
		return err
	}
	frobenius, err := ferrule.GetGlobalFunc("matmul.frobenius")
	if err != nil {
		return err
	}
	defer frobenius.Close()
	apply, err := ferrule.GetGlobalFunc("testing.apply") // Rust, from the testing plugin
	if err != nil {
		return err
	}
	defer apply.Close()
	norm, err := apply.Call(frobenius, c) // Rust calls the Go function with the tensor
	if err != nil {
		return err
	}
	fmt.Printf("   testing.apply(matmul.frobenius, c) = %.4f (Rust calling Go)\n", norm)
	if want := math.Sqrt(58*58 + 64*64 + 139*139 + 154*154); math.Abs(norm.(float64)-want) > 1e-3 {
		return fmt.Errorf("frobenius norm %v, want %v", norm, want)
	}
	_, err = apply.Call(frobenius, "not a tensor")
	if !errors.As(err, &ferr) || ferr.Kind != ferrule.KindTypeError {
		return fmt.Errorf("want a TypeError for a str argument, got %v", err)
	}
	fmt.Printf("   a bad argument, through Rust back to Go -> Kind %q\n", ferr.Kind)
	fmt.Println("   (Python-registered functions called from Go: a Go program cannot host Python, so")
	fmt.Println("    examples/python/go_plugin.py shows that from a Python process hosting Go code)")
	if err := ferrule.RemoveGlobalFunc("matmul.frobenius"); err != nil {
		return err
	}

	fmt.Println("5. memory: Close frees a native tensor at once (a finalizer would, later)")
	before := ferrule.LiveObjectCount()
	for range 10_000 {
		p, err := ferrule.MM(a, b)
		if err != nil {
			return err
		}
		p.Close()
	}
	if after := ferrule.LiveObjectCount(); after != before {
		return fmt.Errorf("after 10,000 MM calls %d native objects are alive, %d before", after, before)
	}
	fmt.Printf("   10,000 MM calls, each result closed: %d live native objects before and after\n", before)
	return nil
}
