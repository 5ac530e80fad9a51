package ferrule

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestNativeErrorReachesGo(t *testing.T) {
	_, err := fixture(t, "testing.raise_error").Call("ValueError", "bad")
	ferr := wantError(t, err, "ValueError", "bad")
	if ferr.Message != "bad" {
		t.Fatalf("message %q", ferr.Message)
	}
	if !strings.HasPrefix(err.Error(), "ValueError: bad") {
		t.Fatalf("Error() = %q", err.Error())
	}
	_, err = fixture(t, "testing.raise_error").Call("SomethingCustom", "kept as given")
	wantError(t, err, "SomethingCustom", "kept as given")
}

func TestRustPanicBecomesError(t *testing.T) {
	_, err := fixture(t, "testing.panic").Call()
	wantError(t, err, "RuntimeError", "testing.panic called")
	_, err = fixture(t, "testing.panic").Call("boom from Go")
	wantError(t, err, "RuntimeError", "boom from Go")
}

func TestUnknownFunction(t *testing.T) {
	_, err := GetGlobalFunc("no.such.function")
	wantError(t, err, "KeyError", "no.such.function")
	_, err = GetGlobalFunc("nul\x00inside")
	wantError(t, err, "ValueError", "NUL")
}

func TestWrongArityAndTypes(t *testing.T) {
	add := fixture(t, "testing.add_int")
	_, err := add.Call(1)
	wantError(t, err, "TypeError", "")
	_, err = add.Call(1, 2, 3)
	wantError(t, err, "TypeError", "")
	_, err = add.Call("one", 2)
	wantError(t, err, "TypeError", "")
	_, err = add.Call(int64(1)<<62, int64(1)<<62)
	wantError(t, err, "OverflowError", "")
	_, err = add.Call(uint64(1)<<63, 0)
	wantError(t, err, "OverflowError", "")
	_, err = add.Call(make(chan int), 0)
	wantError(t, err, "TypeError", "chan int")
}

// A Go error returned by a Go function comes back to Go through native frames with its kind and
// message, and with the original Go error reachable by errors.Is / errors.As.
func TestGoErrorRoundTrip(t *testing.T) {
	sentinel := errors.New("sentinel")
	_, err := fixture(t, "testing.apply").Call(func() error { return fmt.Errorf("wrapped: %w", sentinel) })
	wantError(t, err, "RuntimeError", "wrapped: sentinel")
	if !errors.Is(err, sentinel) {
		t.Fatalf("errors.Is(err, sentinel) = false for %v", err)
	}
	_, err = fixture(t, "testing.apply").Call(func() error { return &Error{Kind: "KeyError", Message: "missing", Context: []string{"note 1"}} })
	ferr := wantError(t, err, "KeyError", "missing")
	if len(ferr.Context) == 0 || ferr.Context[0] != "note 1" {
		t.Fatalf("context %q", ferr.Context)
	}
}

func TestErrorAsValue(t *testing.T) {
	r := call(t, "testing.echo", &Error{Kind: "IndexError", Message: "as a value"})
	e, ok := r.(*Error)
	if !ok || e.Kind != "IndexError" || e.Message != "as a value" {
		t.Fatalf("echo(*Error) = %#v", r)
	}
}

// A context longer than readError's first buffer, read while other goroutines keep adding to the
// same native error: every read is one whole snapshot (ferrule_error_context_copy), never a
// string freed under it.
func TestErrorContextCopiedOut(t *testing.T) {
	long := strings.Repeat("x", 300)
	obj := newCError(&Error{Kind: "ValueError", Message: "m", Context: []string{"first", long}})
	defer takeError(obj) // releases it
	e := readError(obj)
	if len(e.Context) != 2 || e.Context[0] != "first" || e.Context[1] != long {
		t.Fatalf("context %q", e.Context)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 2000 {
			addContextLine(obj, "a line added meanwhile")
		}
	}()
	for range 500 {
		ctx := readError(obj).Context
		if len(ctx) < 2 || ctx[0] != "first" || ctx[1] != long {
			t.Fatalf("torn context: %q", ctx)
		}
		for _, line := range ctx[2:] {
			if line != "a line added meanwhile" {
				t.Fatalf("torn context line %q", line)
			}
		}
	}
	<-done
	if n := len(readError(obj).Context); n != 2002 {
		t.Fatalf("%d context lines, want 2002", n)
	}
}

// An error kind is a name: one with a NUL byte becomes a ValueError saying so, whatever it was.
func TestErrorKindWithNUL(t *testing.T) {
	_, err := fixture(t, "testing.apply").Call(func() error { return &Error{Kind: "Value\x00Error", Message: "the message"} })
	ferr := wantError(t, err, "ValueError", `kind "Value\x00Error" contains a NUL byte (the message)`)
	if ferr.Kind != KindValueError {
		t.Fatalf("kind %q", ferr.Kind)
	}
}

// Every name that crosses into the registry is refused with a ValueError when it holds a NUL.
func TestNamesWithNULAreRefused(t *testing.T) {
	err := RegisterFunc("gotest.nul\x00name", func() {})
	wantError(t, err, "ValueError", "RegisterFunc: argument 'name' contains a NUL byte")
	if _, err := GetGlobalFunc("gotest.nul"); err == nil {
		t.Fatal("a name with a NUL was registered under its prefix")
	}
	err = RemoveGlobalFunc("testing.echo\x00")
	wantError(t, err, "ValueError", "RemoveGlobalFunc: argument 'name' contains a NUL byte")
	err = LoadLibrary(pluginPath() + "\x00.so")
	wantError(t, err, "ValueError", "LoadLibrary: argument 'path' contains a NUL byte")
}
