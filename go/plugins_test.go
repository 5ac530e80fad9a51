package ferrule

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// The example plugins of examples/plugin-rust (example_rust.*) and examples/plugin-c
// (example_c.*), loaded with LoadLibrary like any plugin. `make plugins` builds them; the
// environment variables override where they are looked for.
var examplePlugins = []struct{ env, defaultPath string }{
	{"FERRULE_EXAMPLE_RUST_PLUGIN", filepath.Join("..", "target", "release", "libferrule_example_plugin.so")},
	{"FERRULE_EXAMPLE_C_PLUGIN", filepath.Join("..", "target", "examples", "libferrule_plugin_c.so")},
}

var (
	examplePluginsOnce sync.Once
	examplePluginsErr  error
)

// loadExamplePlugins loads both example plugins once per process, failing the test if either
// cannot be loaded.
func loadExamplePlugins(tb testing.TB) {
	tb.Helper()
	examplePluginsOnce.Do(func() {
		for _, plugin := range examplePlugins {
			path := os.Getenv(plugin.env)
			if path == "" {
				path, _ = filepath.Abs(plugin.defaultPath)
			}
			if err := LoadLibrary(path); err != nil {
				examplePluginsErr = withContext(err, "cannot load the example plugin %s (build it with `make plugins`, or set %s)", path, plugin.env)
				return
			}
			// Loading the same file again is a no-op.
			if err := LoadLibrary(path); err != nil {
				examplePluginsErr = withContext(err, "loading %s a second time", path)
				return
			}
		}
	})
	if examplePluginsErr != nil {
		tb.Fatal(examplePluginsErr)
	}
}

// callTensor calls a registered function that returns a tensor, failing the test otherwise.
func callTensor(tb testing.TB, name string, args ...any) *Tensor {
	tb.Helper()
	r := call(tb, name, args...)
	t, ok := r.(*Tensor)
	if !ok {
		tb.Fatalf("%s%v returned %T %v, want a *Tensor", name, args, r, r)
	}
	tb.Cleanup(t.Close)
	return t
}

// float32Tensor makes a float32 tensor closed when the test ends.
func float32Tensor(tb testing.TB, data []float32, shape ...int64) *Tensor {
	tb.Helper()
	t, err := FromFloat32s(data, shape...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(t.Close)
	return t
}

func TestExampleRustPluginScale(t *testing.T) {
	loadExamplePlugins(t)
	x := float32Tensor(t, []float32{1, 2, 3, 4, 5, 6}, 2, 3)

	y := callTensor(t, "example_rust.scale", x, 2.5)
	if !slices.Equal(y.Shape(), []int64{2, 3}) || y.DType() != Float32 {
		t.Fatalf("scale: shape %v dtype %v", y.Shape(), y.DType())
	}
	if got, err := y.Float32s(); err != nil || !slices.Equal(got, []float32{2.5, 5, 7.5, 10, 12.5, 15}) {
		t.Fatalf("scale(x, 2.5) = %v, %v", got, err)
	}
	if got, _ := x.Float32s(); !slices.Equal(got, []float32{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("the input changed: %v", got)
	}
	// The factor defaults to 2.0 (the registered signature); an int factor is converted.
	if got, _ := callTensor(t, "example_rust.scale", x).Float32s(); !slices.Equal(got, []float32{2, 4, 6, 8, 10, 12}) {
		t.Fatalf("scale(x) = %v", got)
	}
	if got, _ := callTensor(t, "example_rust.scale", x, -1).Float32s(); !slices.Equal(got, []float32{-1, -2, -3, -4, -5, -6}) {
		t.Fatalf("scale(x, -1) = %v", got)
	}

	z, err := FromFloat64s([]float64{0.5, -1, 4})
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	w := callTensor(t, "example_rust.scale", z, 4.0)
	if got, err := w.Float64s(); err != nil || w.DType() != Float64 || !slices.Equal(got, []float64{2, -4, 16}) {
		t.Fatalf("scale(float64, 4.0) = %v (%v), %v", got, w.DType(), err)
	}
}

func TestExampleRustPluginDescribe(t *testing.T) {
	loadExamplePlugins(t)
	x := float32Tensor(t, []float32{1, 2, 3, 4, 5, 6}, 2, 3)
	if got := call(t, "example_rust.describe", x); got != "Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))" {
		t.Fatalf("describe(x) = %#v", got)
	}
	// A transposed view: the plugins walk its strides.
	xt, err := PermuteDims(x, []int64{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	defer xt.Close()
	if got := call(t, "example_rust.describe", xt); got != "Tensor(shape=(3, 2), dtype=float32, strides=(1, 3))" {
		t.Fatalf("describe(x.T) = %#v", got)
	}
	if got, _ := callTensor(t, "example_rust.scale", xt, 10.0).Float32s(); !slices.Equal(got, []float32{10, 40, 20, 50, 30, 60}) {
		t.Fatalf("scale(x.T, 10) = %v", got)
	}
	if got := call(t, "example_c.sum", xt); got != 21.0 {
		t.Fatalf("sum(x.T) = %#v", got)
	}
}

func TestExampleCPlugin(t *testing.T) {
	loadExamplePlugins(t)
	x := float32Tensor(t, []float32{1, 2, 3, 4, 5, 6}, 2, 3)
	if got := call(t, "example_c.sum", x); got != 21.0 {
		t.Fatalf("sum(x) = %#v", got)
	}
	// fill writes into the tensor's memory and returns nothing.
	if got := call(t, "example_c.fill", x, 7.5); got != nil {
		t.Fatalf("fill returned %#v", got)
	}
	if got, _ := x.Float32s(); !slices.Equal(got, []float32{7.5, 7.5, 7.5, 7.5, 7.5, 7.5}) {
		t.Fatalf("after fill(x, 7.5): %v", got)
	}
	r := callTensor(t, "example_c.arange", 4)
	if got, err := r.Float32s(); err != nil || !slices.Equal(got, []float32{0, 1, 2, 3}) {
		t.Fatalf("arange(4) = %v, %v", got, err)
	}
	if got := callTensor(t, "example_c.arange", 0).Shape(); !slices.Equal(got, []int64{0}) {
		t.Fatalf("arange(0) has shape %v", got)
	}
	// C makes it, Rust scales it, C sums it.
	if got := call(t, "example_c.sum", callTensor(t, "example_rust.scale", r, 0.5)); got != 3.0 {
		t.Fatalf("sum(scale(arange(4), 0.5)) = %#v", got)
	}
}

func TestExamplePluginErrors(t *testing.T) {
	loadExamplePlugins(t)
	x := float32Tensor(t, []float32{1, 2}, 2)
	ints, err := FromInt64s([]int64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	defer ints.Close()
	cases := []struct {
		name    string
		args    []any
		kind    string
		message string
	}{
		{"example_rust.scale", []any{"x", 1.0}, KindTypeError, "example_rust.scale() argument 1 'x': expected Tensor, got str"},
		{"example_rust.scale", []any{x, "two"}, KindTypeError, "example_rust.scale() argument 2 'factor': expected float, got str"},
		{"example_rust.scale", []any{x, true}, KindTypeError, "example_rust.scale() argument 2 'factor': expected float, got bool"},
		{"example_rust.scale", []any{ints, 2.0}, KindTypeError, "example_rust.scale() argument 1 'x': expected a float32 or float64 tensor, got int64"},
		{"example_rust.describe", []any{3}, KindTypeError, "example_rust.describe() argument 1 'x': expected Tensor, got int"},
		{"example_c.sum", []any{"x"}, KindTypeError, "example_c.sum() argument 1 'x': expected Tensor, got str"},
		{"example_c.sum", []any{ints}, KindTypeError, "example_c.sum() argument 1 'x': expected a float32 or float64 tensor, got int64"},
		{"example_c.fill", []any{x, "v"}, KindTypeError, "example_c.fill() argument 2 'value': expected float, got str"},
		{"example_c.arange", []any{1.5}, KindTypeError, "example_c.arange() argument 1 'n': expected int, got float"},
		{"example_c.arange", []any{-1}, KindValueError, "example_c.arange() argument 1 'n': must be >= 0, got -1"},
		{"example_c.sum", []any{x, 1, 2}, KindTypeError, "example_c.sum"},
	}
	for _, c := range cases {
		_, err := fixture(t, c.name).Call(c.args...)
		ferr := wantError(t, err, c.kind, c.message)
		if c.message != "example_c.sum" && ferr.Message != c.message {
			t.Errorf("%s%v: message %q, want %q", c.name, c.args, ferr.Message, c.message)
		}
	}
}

func TestExamplePluginsLeakNothing(t *testing.T) {
	loadExamplePlugins(t)
	scale, sum := fixture(t, "example_rust.scale"), fixture(t, "example_c.sum")
	before := settledLiveCount()
	for range 100 {
		x, err := FromFloat32s([]float32{1, 2, 3}, 3)
		if err != nil {
			t.Fatal(err)
		}
		y, err := scale.Call(x, 3.0)
		if err != nil {
			t.Fatal(err)
		}
		if s, err := sum.Call(y); err != nil || s != 18.0 {
			t.Fatalf("sum(scale(x, 3)) = %v, %v", s, err)
		}
		if _, err := sum.Call("not a tensor"); err == nil {
			t.Fatal("sum of a string succeeded")
		}
		y.(*Tensor).Close()
		x.Close()
	}
	if !waitForLiveCount(before) {
		t.Fatalf("live objects: %d before, %d after", before, LiveObjectCount())
	}
}
