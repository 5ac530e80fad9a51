package ferrule

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

func TestCallRustFunctions(t *testing.T) {
	if got := call(t, "testing.add_int", 40, 2); got != int64(42) {
		t.Fatalf("add_int(40, 2) = %v", got)
	}
	if got := call(t, "demo.add", 1, 2); got != int64(3) {
		t.Fatalf("demo.add(1, 2) = %v", got)
	}
	// Trailing defaults come from the registered signature.
	if got := call(t, "demo.scale", 3.0); got != 6.0 {
		t.Fatalf("demo.scale(3) = %v", got)
	}
	if got := call(t, "runtime.version"); got == "" || got == nil {
		t.Fatalf("runtime.version() = %v", got)
	}
}

func TestRegisterTypedGoFunction(t *testing.T) {
	name := uniqueName(t, "add")
	err := RegisterFunc(name, func(a, b int64) int64 { return a + b },
		WithDoc("Adds two ints in Go."), WithSignature("(a: int, b: int = 10) -> int"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
	if got := call(t, name, 1, 2); got != int64(3) {
		t.Fatalf("%s(1, 2) = %v", name, got)
	}
	if got := call(t, name, 5); got != int64(15) {
		t.Fatalf("%s(5) with default = %v", name, got)
	}
	_, err = fixture(t, name).Call("x", 1)
	wantError(t, err, "TypeError", "")
	_, err = fixture(t, name).Call(1, 2, 3)
	wantError(t, err, "TypeError", "")

	info, err := fixture(t, name).Info()
	if err != nil {
		t.Fatal(err)
	}
	if info["name"] != name || info["doc"] != "Adds two ints in Go." || info["has_signature"] != true {
		t.Fatalf("info = %v", info)
	}
	names, err := ListGlobalFuncNames()
	if err != nil || !slices.Contains(names, name) || !slices.IsSorted(names) {
		t.Fatalf("ListGlobalFuncNames() = %v, %v", names, err)
	}

	// Registering the same name again fails unless overriding.
	err = RegisterFunc(name, func() int64 { return 0 })
	wantError(t, err, "KeyError", "")
	if err := RegisterFunc(name, func() string { return "replaced" }, WithOverride()); err != nil {
		t.Fatal(err)
	}
	if got := call(t, name); got != "replaced" {
		t.Fatalf("after override: %v", got)
	}
	if err := RemoveGlobalFunc(name); err != nil {
		t.Fatal(err)
	}
	_, err = GetGlobalFunc(name)
	wantError(t, err, "KeyError", "")
	wantError(t, RemoveGlobalFunc(name), "KeyError", "")
}

func TestRegisterPackedGoFunction(t *testing.T) {
	name := uniqueName(t, "packed")
	err := RegisterFunc(name, func(args []any) (any, error) {
		return []any{len(args), args}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
	got := call(t, name, "a", 2, nil).([]any)
	if got[0] != int64(3) || !slices.Equal(got[1].([]any), []any{"a", int64(2), nil}) {
		t.Fatalf("packed = %v", got)
	}
}

func TestRegisterRejectsBadFunctions(t *testing.T) {
	wantError(t, RegisterFunc("gotest.bad1", 42), "TypeError", "")
	wantError(t, RegisterFunc("gotest.bad2", nil), "TypeError", "")
	wantError(t, RegisterFunc("gotest.bad3", func() (int, int) { return 1, 2 }), "TypeError", "")
	wantError(t, RegisterFunc("", func() {}), "ValueError", "")
	wantError(t, RegisterFunc("gotest.bad4", func() {}, WithSignature("(a: int")), "ValueError", "")
}

// Native code (testing.apply) calls a Go function passed as an argument.
func TestApplyCallsGo(t *testing.T) {
	got := call(t, "testing.apply", func(s string, n int) string {
		out := ""
		for range n {
			out += s
		}
		return out
	}, "ab", 3)
	if got != "ababab" {
		t.Fatalf("apply = %v", got)
	}
	f, err := NewFunction(func(x float64) float64 { return x * 2 })
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := call(t, "testing.apply", f, 21); got != 42.0 {
		t.Fatalf("apply(f, 21) = %v", got)
	}
	// A function handed back to Go is callable from Go too.
	back := call(t, "testing.echo", f).(*Function)
	defer back.Close()
	if got, err := back.Call(1.5); err != nil || got != 3.0 {
		t.Fatalf("echoed function(1.5) = %v, %v", got, err)
	}
}

// Native threads (not created by Go) call a Go function concurrently.
func TestCallFromNativeThreads(t *testing.T) {
	var calls atomic.Int64
	var perThread [4]atomic.Int64
	got := call(t, "testing.call_from_threads", func(thread, i int64) {
		calls.Add(1)
		perThread[thread].Add(1)
	}, 4, 1000)
	if got != int64(4000) || calls.Load() != 4000 {
		t.Fatalf("call_from_threads returned %v, Go counted %d", got, calls.Load())
	}
	for i := range perThread {
		if perThread[i].Load() != 1000 {
			t.Fatalf("thread %d made %d calls", i, perThread[i].Load())
		}
	}
}

func TestPanicInGoCallbackBecomesError(t *testing.T) {
	_, err := fixture(t, "testing.apply").Call(func() { panic("go callback exploded") })
	wantError(t, err, "RuntimeError", "go callback exploded")

	var calls atomic.Int64
	_, err = fixture(t, "testing.call_from_threads").Call(func(thread, i int64) {
		if calls.Add(1) == 10 {
			panic(errors.New("panic on a native thread"))
		}
	}, 4, 100)
	wantError(t, err, "RuntimeError", "panic on a native thread")

	name := uniqueName(t, "panics")
	if err := RegisterFunc(name, func() { var m map[string]int; m["x"] = 1 }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
	_, err = fixture(t, name).Call()
	wantError(t, err, "RuntimeError", "nil map")
}

func TestGoFunctionArgumentConversion(t *testing.T) {
	apply := fixture(t, "testing.apply")
	got, err := apply.Call(func(xs []float64, m map[string]int32, b []byte, d DType) any {
		return []any{xs, m, string(b), d.String()}
	}, []any{1, 2.5}, map[string]any{"k": 7}, []byte("bytes"), Int16)
	if err != nil {
		t.Fatal(err)
	}
	parts := got.([]any)
	if !slices.Equal(parts[0].([]any), []any{1.0, 2.5}) || parts[1].(map[string]any)["k"] != int64(7) || parts[2] != "bytes" || parts[3] != "int16" {
		t.Fatalf("conversions: %#v", parts)
	}
	_, err = apply.Call(func(x int8) {}, 300)
	wantError(t, err, "OverflowError", "")
	_, err = apply.Call(func(x uint) {}, -1)
	wantError(t, err, "OverflowError", "")
	_, err = apply.Call(func(x string) {}, 1)
	wantError(t, err, "TypeError", "expected string, got int")
	_, err = apply.Call(func(x int) {})
	wantError(t, err, "TypeError", "takes 1 arguments but 0 were given")
	_, err = apply.Call(func() any { return make(chan int) })
	wantError(t, err, "TypeError", "chan int")
}

func TestNilAndClosedFunction(t *testing.T) {
	var nilFn *Function
	_, err := nilFn.Call()
	wantError(t, err, "TypeError", "")
	f, err := GetGlobalFunc("demo.add")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	f.Close()
	_, err = f.Call(1, 2)
	wantError(t, err, "ValueError", "closed")
	_, err = fixture(t, "testing.apply").Call(f)
	wantError(t, err, "ValueError", "closed")
	_, err = fixture(t, "testing.apply").Call((*Function)(nil))
	wantError(t, err, "TypeError", "nil")
}

func TestErrorsNameGoSlices(t *testing.T) {
	sin, err := GetGlobalFunc("ops.sin")
	if err != nil {
		t.Fatal(err)
	}
	defer sin.Close()
	_, err = sin.Call([]any{1.0, 2.0})
	var ferr *Error
	if !errors.As(err, &ferr) || ferr.Kind != KindTypeError {
		t.Fatalf("sin([]any{...}) = %v, want a TypeError", err)
	}
	if want := "got a slice ([]interface {})"; !strings.Contains(ferr.Message, want) || strings.Contains(ferr.Message, "Array") {
		t.Fatalf("sin([]any{...}): message %q does not contain %q", ferr.Message, want)
	}
}
