package ferrule_test

import (
	"errors"
	"fmt"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

// Look a function up in the process-wide registry and call it with Go values.
func ExampleGetGlobalFunc() {
	add, err := ferrule.GetGlobalFunc("demo.add")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer add.Close()
	sum, err := add.Call(40, 2)
	fmt.Println(sum, err)

	// Errors are values carrying the kind (a Python exception name) and the message.
	_, err = add.Call("forty", 2)
	var ferr *ferrule.Error
	if errors.As(err, &ferr) {
		fmt.Println(ferr.Kind)
	}
	// Output:
	// 42 <nil>
	// TypeError
}

// Register a typed Go function; Python, C, Rust and plugins can now call it by name, from any
// thread. A panic inside it comes back to the caller as a RuntimeError.
func ExampleRegisterFunc() {
	err := ferrule.RegisterFunc("example.greet", func(name string, times int) (string, error) {
		if times < 0 {
			return "", &ferrule.Error{Kind: ferrule.KindValueError, Message: "times must be >= 0"}
		}
		out := ""
		for range times {
			out += "hello " + name + "! "
		}
		return out, nil
	}, ferrule.WithDoc("Greets someone."), ferrule.WithSignature("(name: str, times: int = 1) -> str"), ferrule.WithOverride())
	if err != nil {
		fmt.Println(err)
		return
	}
	greet, _ := ferrule.GetGlobalFunc("example.greet")
	defer greet.Close()
	fmt.Println(greet.Call("gopher")) // times comes from the signature's default
	_, err = greet.Call("gopher", -1)
	fmt.Println(err)
	// Output:
	// hello gopher!  <nil>
	// ValueError: times must be >= 0
}

// Build a tensor from a Go slice, pass it to native code, and read it back.
func ExampleTensor() {
	x, err := ferrule.FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Close() // optional: the garbage collector releases it too, but later

	fmt.Println(x, x.Shape(), x.DType(), x.NumElements())
	values, _ := x.Float32s() // a copy
	fmt.Println(values)

	// A tensor of the wrong dtype is an error, never a panic.
	_, err = x.Int64s()
	fmt.Println(err)
	// Output:
	// Tensor(shape=[2 3], dtype=float32) [2 3] float32 6
	// [1 2 3 4 5 6]
	// TypeError: Int64s: the tensor has dtype float32, not int64
}
