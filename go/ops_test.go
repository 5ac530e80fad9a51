package ferrule

import (
	"math"
	"reflect"
	"testing"
)

// The generated wrappers (ops_gen.go) are thin calls into opSpec; these tests pin opSpec's
// packing with Go functions registered under the names a generated spec would call.

// fakeOp registers a Go function returning its packed arguments, under a unique name.
func fakeOp(t *testing.T, signature string) string {
	t.Helper()
	name := uniqueName(t, "ops")
	err := RegisterFunc(name, func(args []any) (any, error) { return args, nil }, WithSignature(signature))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
	return name
}

func TestOpSpecPacking(t *testing.T) {
	name := fakeOp(t, "(x: Any, axis: Any = None, *, ord: float = inf, keepdims: bool = False) -> Any")
	spec := &opSpec{name: name, goName: "Fake", params: []opParam{
		{name: "x", required: true}, {name: "axis", def: nil}, {name: "ord", def: math.Inf(1)}, {name: "keepdims", def: false},
	}}
	keepdims := func(v bool) Option { return Option{name: "keepdims", value: v} }
	axis := func(v any) Option { return Option{name: "axis", value: v} }
	cases := []struct {
		opts []Option
		want []any
	}{
		// Trailing optional arguments left out are omitted (the registry fills them) ...
		{nil, []any{int64(1), nil, math.Inf(1), false}},
		{[]Option{axis(0)}, []any{int64(1), int64(0), math.Inf(1), false}},
		// ... and ones in the middle are passed as their defaults.
		{[]Option{keepdims(true)}, []any{int64(1), nil, math.Inf(1), true}},
		{[]Option{keepdims(true), axis([]int64{0, 1})}, []any{int64(1), []any{int64(0), int64(1)}, math.Inf(1), true}},
	}
	for _, c := range cases {
		got, err := spec.any(spec.call([]any{1}, nil, c.opts))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("options %v: packed %#v, want %#v", c.opts, got, c.want)
		}
	}
	_, err := spec.call([]any{1}, nil, []Option{{name: "bogus", value: 1}})
	wantError(t, err, "TypeError", "unexpected option 'bogus'")
	_, err = spec.call([]any{1}, nil, []Option{{name: "x", value: 1}})
	wantError(t, err, "TypeError", "passed positionally")
	_, err = spec.call([]any{(*Tensor)(nil)}, nil, nil)
	wantError(t, err, "TypeError", "ferrule.Fake: argument 'x' is a nil *Tensor")
	_, err = spec.tensor(spec.call([]any{1}, nil, nil))
	wantError(t, err, "TypeError", "expected Tensor")
}

func TestOpSpecVariadic(t *testing.T) {
	name := fakeOp(t, "(*arrays: Any, indexing: str = 'xy') -> Any")
	spec := &opSpec{name: name, goName: "Fake", params: []opParam{{name: "indexing", def: "xy"}}, variadic: true}
	a, _ := FromFloat32s([]float32{1})
	b, _ := FromFloat32s([]float32{2})
	got, err := spec.call(nil, tensorArgs([]*Tensor{a, b}), nil)
	if err != nil {
		t.Fatal(err)
	}
	packed := got.([]any)
	if len(packed) != 3 || packed[0] != "xy" {
		t.Fatalf("packed %v", packed)
	}
	ts, err := spec.tensors([]any{packed[1], packed[2]}, nil)
	if err != nil || len(ts) != 2 {
		t.Fatalf("tensors: %v %v", ts, err)
	}
	if v, _ := ts[1].Float32s(); v[0] != 2 {
		t.Fatalf("second tensor %v", v)
	}
}

func TestOpSpecUnknownOperator(t *testing.T) {
	spec := &opSpec{name: "ops.not_in_this_build", goName: "Missing"}
	_, err := spec.call(nil, nil, nil)
	ferr := wantError(t, err, "KeyError", "ops.not_in_this_build")
	if len(ferr.Context) == 0 || ferr.Context[len(ferr.Context)-1] != "in ferrule.Missing" {
		t.Fatalf("context %v", ferr.Context)
	}
}
