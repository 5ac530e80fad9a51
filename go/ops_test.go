package ferrule

import (
	"errors"
	"math"
	"reflect"
	"strings"
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

// Bad input to the registered operators, through the generated wrappers and through
// Function.Call, comes back as a *Error of the right kind: never a panic, never a result.
func TestOperatorBadInput(t *testing.T) {
	a, _ := FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	b, _ := FromFloat32s([]float32{6, 5, 4, 3, 2, 1}, 2, 3)
	defer a.Close()
	defer b.Close()
	closed, _ := FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 3, 2)
	closed.Close()
	wrongShape, _ := FromFloat32s([]float32{0}, 1)
	defer wrongShape.Close()
	ints, _ := FromInt64s([]int64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer ints.Close()
	indices, _ := FromInt64s([]int64{0, 6})
	defer indices.Close()
	mm := fixture(t, "ops.mm")

	check := func(what string, result any, err error, kind, contains string) {
		t.Helper()
		if x, ok := result.(*Tensor); ok && x != nil {
			t.Errorf("%s: returned a tensor %v along with error %v", what, x, err)
		} else if !ok && result != nil {
			t.Errorf("%s: returned %v along with error %v", what, result, err)
		}
		var ferr *Error
		if !errors.As(err, &ferr) {
			t.Errorf("%s: want a *ferrule.Error of kind %s, got %T %v", what, kind, err, err)
			return
		}
		if ferr.Kind != kind || !strings.Contains(ferr.Error(), contains) {
			t.Errorf("%s: want %s containing %q, got %v", what, kind, contains, ferr)
		}
	}
	var r any
	var err error

	// Nil and closed tensors.
	r, err = MM(nil, b)
	check("MM(nil, b)", r, err, KindTypeError, "argument 'x1' is a nil *Tensor")
	r, err = MM(a, (*Tensor)(nil))
	check("MM(a, nil)", r, err, KindTypeError, "argument 'x2' is a nil *Tensor")
	r, err = MM(closed, b)
	check("MM(closed, b)", r, err, KindValueError, "closed")
	r, err = Add(a, closed)
	check("Add(a, closed)", r, err, KindValueError, "closed")
	r, err = Exp(a, Out(nil))
	check("Exp(a, Out(nil))", r, err, KindTypeError, "argument 'out' is a nil *Tensor")
	r, err = Exp(a, Out(closed))
	check("Exp(a, Out(closed))", r, err, KindValueError, "closed")

	// Wrong arity and wrong types through Function.Call (the path every frontend shares).
	r, err = mm.Call(a)
	check("ops.mm(a)", r, err, KindTypeError, "missing required argument 'x2'")
	r, err = mm.Call(a, b, a)
	check("ops.mm(a, b, a)", r, err, KindTypeError, "takes 2 arguments but 3 were given")
	r, err = mm.Call()
	check("ops.mm()", r, err, KindTypeError, "missing required argument")
	r, err = mm.Call(a, "b")
	check(`ops.mm(a, "b")`, r, err, KindTypeError, "expected Tensor, got str")
	r, err = mm.Call(a, 3)
	check("ops.mm(a, 3)", r, err, KindTypeError, "expected Tensor, got int")
	r, err = mm.Call(a, make(chan int))
	check("ops.mm(a, chan)", r, err, KindTypeError, "chan int")
	r, err = Add(a, "x")
	check(`Add(a, "x")`, r, err, KindTypeError, "got str")
	r, err = Add(a, nil)
	check("Add(a, nil)", r, err, KindTypeError, "got None")
	r, err = Sum(a, Axis("rows"))
	check(`Sum(a, Axis("rows"))`, r, err, KindTypeError, "'axis'")
	r, err = Exp(a, Axis(0))
	check("Exp(a, Axis(0))", r, err, KindTypeError, "unexpected option 'axis'")
	r, err = Exp(a, Out(ints))
	check("Exp(a, Out(int64 tensor))", r, err, KindTypeError, "expected dtype float32, got int64")

	// Shape mismatches.
	r, err = MM(a, b)
	check("MM(2x3, 2x3)", r, err, KindValueError, "(2, 3) and (2, 3)")
	r, err = Matmul(a, b)
	check("Matmul(2x3, 2x3)", r, err, KindValueError, "(2, 3)")
	r, err = Add(a, b, Out(wrongShape))
	check("Add(a, b, Out(1-element))", r, err, KindValueError, "'out'")

	// Axes and indices out of range. An axis out of range is a ValueError (documented in
	// crates/ferrule-ops/src/axes.rs; numpy's AxisError is both a ValueError and an IndexError);
	// an index out of range is an IndexError.
	r, err = Sum(a, Axis(2))
	check("Sum(a, Axis(2))", r, err, KindValueError, "axis 2 is out of bounds for tensor of dimension 2")
	r, err = Sum(a, Axis(-3), Keepdims(true))
	check("Sum(a, Axis(-3))", r, err, KindValueError, "axis -3 is out of bounds")
	r, err = Sum(a, Axis([]int64{0, 0}))
	check("Sum(a, Axis([0 0]))", r, err, KindValueError, "repeated axis")
	r, err = Take(a, indices)
	check("Take(a, [0 6])", r, err, KindIndexError, "")
}

// Isin reaches ops.isin: membership in the promoted dtype, a Go scalar as either operand, and
// the Invert option; numpy.isin gives the same answers for these inputs.
func TestIsin(t *testing.T) {
	x, err := FromFloat64s([]float64{1, 2, math.NaN(), -0.0, 4, 5}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	set, err := FromInt64s([]int64{5, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	for _, c := range []struct {
		name string
		x1   any
		x2   any
		opts []Option
		want []bool
	}{
		{"tensors", x, set, nil, []bool{true, false, false, true, false, true}},
		{"inverted", x, set, []Option{Invert(true)}, []bool{false, true, true, false, true, false}},
		{"scalar set", x, 2.0, nil, []bool{false, true, false, false, false, false}},
		{"scalar element", int64(5), set, nil, []bool{true}},
	} {
		got, err := Isin(c.x1, c.x2, c.opts...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		values, err := got.Bools()
		got.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(values, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, values, c.want)
		}
	}
	if _, err := Isin(1.0, 2.0); err == nil || !strings.Contains(err.Error(), "at least one of x1, x2 must be a tensor") {
		t.Errorf("Isin of two scalars: got %v", err)
	}
}
