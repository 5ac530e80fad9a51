package ferrule

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"testing"
)

// The generated operator wrappers give numpy's numbers: testdata/numpy_expected.json holds inputs
// and numpy's results, written by testdata/gen_expected.py (rerun it and commit both files after
// changing a case).

// npArray is a tensor (shape, dtype, row-major data) or, with Scalar set, a Python number.
type npArray struct {
	Shape  []int64   `json:"shape"`
	DType  string    `json:"dtype"`
	Data   []float64 `json:"data"`
	Scalar *float64  `json:"scalar"`
}

// npCase is one operator call and numpy's result for it.
type npCase struct {
	Name     string         `json:"name"`
	Op       string         `json:"op"`
	Inputs   []npArray      `json:"inputs"`
	Options  map[string]any `json:"options"`
	Expected npArray        `json:"expected"`
}

func loadNumpyCases(t *testing.T) []npCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/numpy_expected.json")
	if err != nil {
		t.Fatalf("%v (regenerate with `.venv/bin/python go/testdata/gen_expected.py`)", err)
	}
	var doc struct {
		Cases []npCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("testdata/numpy_expected.json: %v", err)
	}
	if len(doc.Cases) == 0 {
		t.Fatal("testdata/numpy_expected.json has no cases")
	}
	return doc.Cases
}

// argument builds the argument for one input: a tensor of the input's dtype, or a float64.
func (a npArray) argument(t *testing.T) any {
	t.Helper()
	if a.Scalar != nil {
		return *a.Scalar
	}
	var x *Tensor
	var err error
	switch a.DType {
	case "float32":
		data := make([]float32, len(a.Data))
		for i, v := range a.Data {
			data[i] = float32(v)
		}
		x, err = FromFloat32s(data, a.Shape...)
	case "float64":
		x, err = FromFloat64s(a.Data, a.Shape...)
	case "int32":
		data := make([]int32, len(a.Data))
		for i, v := range a.Data {
			data[i] = int32(v)
		}
		x, err = FromInt32s(data, a.Shape...)
	case "int64":
		data := make([]int64, len(a.Data))
		for i, v := range a.Data {
			data[i] = int64(v)
		}
		x, err = FromInt64s(data, a.Shape...)
	default:
		t.Fatalf("input dtype %s is not handled by this test", a.DType)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.Close)
	return x
}

// options turns the case's keyword arguments into the generated option functions.
func (c npCase) options(t *testing.T) []Option {
	t.Helper()
	var opts []Option
	for name, v := range c.Options {
		switch name {
		case "axis":
			switch a := v.(type) {
			case float64:
				opts = append(opts, Axis(int64(a)))
			case []any:
				axes := make([]int64, len(a))
				for i, x := range a {
					axes[i] = int64(x.(float64))
				}
				opts = append(opts, Axis(axes))
			default:
				t.Fatalf("axis %v", v)
			}
		case "keepdims":
			opts = append(opts, Keepdims(v.(bool)))
		default:
			t.Fatalf("option %s is not handled by this test", name)
		}
	}
	return opts
}

// run calls the operator through its generated wrapper.
func (c npCase) run(t *testing.T) (*Tensor, error) {
	t.Helper()
	args := make([]any, len(c.Inputs))
	for i, in := range c.Inputs {
		args[i] = in.argument(t)
	}
	opts := c.options(t)
	tensor := func(i int) *Tensor {
		x, ok := args[i].(*Tensor)
		if !ok {
			t.Fatalf("input %d of %s must be a tensor", i, c.Op)
		}
		return x
	}
	switch c.Op {
	case "mm":
		if len(opts) > 0 {
			t.Fatal("MM takes no options")
		}
		return MM(tensor(0), tensor(1))
	case "matmul":
		return Matmul(tensor(0), tensor(1), opts...)
	case "add":
		return Add(args[0], args[1], opts...)
	case "sum":
		return Sum(tensor(0), opts...)
	case "exp":
		return Exp(tensor(0), opts...)
	}
	t.Fatalf("operator %s is not handled by this test", c.Op)
	return nil, nil
}

// float64s reads any real tensor the cases produce as float64s.
func float64s(x *Tensor) ([]float64, error) {
	widen := func(n int, at func(int) float64) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = at(i)
		}
		return out
	}
	switch x.DType() {
	case Float64:
		return x.Float64s()
	case Float32:
		v, err := x.Float32s()
		return widen(len(v), func(i int) float64 { return float64(v[i]) }), err
	case Int64:
		v, err := x.Int64s()
		return widen(len(v), func(i int) float64 { return float64(v[i]) }), err
	case Int32:
		v, err := x.Int32s()
		return widen(len(v), func(i int) float64 { return float64(v[i]) }), err
	}
	return nil, fmt.Errorf("dtype %s is not handled by this test", x.DType())
}

// tolerance is how far from numpy a result of the dtype may be: |got-want| <= abs + rel*|want|.
// Integers must match exactly; floats may differ by summation order, FMA and vectorised exp.
func tolerance(dtype string) (abs, rel float64) {
	switch dtype {
	case "float32":
		return 1e-6, 1e-5
	case "float64":
		return 1e-12, 1e-12
	}
	return 0, 0
}

func TestOperatorsMatchNumpy(t *testing.T) {
	for _, c := range loadNumpyCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			got, err := c.run(t)
			if err != nil {
				t.Fatalf("%s: %v", c.Op, err)
			}
			defer got.Close()
			if got.DType().String() != c.Expected.DType || !slices.Equal(got.Shape(), c.Expected.Shape) {
				t.Fatalf("got %s of shape %v, numpy gives %s of shape %v", got.DType(), got.Shape(), c.Expected.DType, c.Expected.Shape)
			}
			values, err := float64s(got)
			if err != nil {
				t.Fatal(err)
			}
			abs, rel := tolerance(c.Expected.DType)
			for i, want := range c.Expected.Data {
				if diff := math.Abs(values[i] - want); !(diff <= abs+rel*math.Abs(want)) {
					t.Errorf("element %d: got %.17g, numpy %.17g (difference %.3g)", i, values[i], want, diff)
				}
			}
		})
	}
}
