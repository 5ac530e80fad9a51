package ferrule

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// pluginPath is where the testing.* fixtures live (env FERRULE_TESTING_PLUGIN, defaulting to the
// cargo build output relative to this directory).
func pluginPath() string {
	if p := os.Getenv("FERRULE_TESTING_PLUGIN"); p != "" {
		return p
	}
	p, _ := filepath.Abs(filepath.Join("..", "target", "release", "libferrule_testing.so"))
	return p
}

// pluginErr is why the testing plugin could not be loaded (nil when it is loaded).
var pluginErr error

func TestMain(m *testing.M) {
	if err := LoadLibrary(pluginPath()); err != nil {
		pluginErr = fmt.Errorf("cannot load the testing plugin %s (build it with `cargo build --release -p ferrule-testing`, or set FERRULE_TESTING_PLUGIN): %w", pluginPath(), err)
	}
	os.Exit(m.Run())
}

// fixture returns a testing.* (or other registered) function, failing the test if missing.
func fixture(tb testing.TB, name string) *Function {
	tb.Helper()
	if pluginErr != nil {
		tb.Fatal(pluginErr)
	}
	f, err := GetGlobalFunc(name)
	if err != nil {
		tb.Fatalf("GetGlobalFunc(%q): %v", name, err)
	}
	tb.Cleanup(f.Close)
	return f
}

// call calls a registered function and fails the test on error.
func call(tb testing.TB, name string, args ...any) any {
	tb.Helper()
	r, err := fixture(tb, name).Call(args...)
	if err != nil {
		tb.Fatalf("%s%v: %v", name, args, err)
	}
	return r
}

// wantError checks that err is a *Error of the given kind whose message contains `contains`.
func wantError(tb testing.TB, err error, kind, contains string) *Error {
	tb.Helper()
	var ferr *Error
	if !errors.As(err, &ferr) {
		tb.Fatalf("want a *ferrule.Error of kind %s, got %T %v", kind, err, err)
	}
	if ferr.Kind != kind {
		tb.Fatalf("want kind %s, got %s (%v)", kind, ferr.Kind, ferr)
	}
	if !containsString(ferr.Message, contains) {
		tb.Fatalf("want a message containing %q, got %q", contains, ferr.Message)
	}
	return ferr
}

func containsString(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// uniqueName returns a registry name no other test uses.
func uniqueName(tb testing.TB, base string) string {
	return fmt.Sprintf("gotest.%s.%s", base, filepath.Base(tb.Name()))
}
