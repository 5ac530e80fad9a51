package ferrule

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// The Go optimizers take the same steps as Python's: testdata/optim_expected.json holds two
// parameters, the gradients of three steps and the parameters Python's SGD and Adam left after
// each step (written by testdata/gen_optim.py).

type optimArray struct {
	Shape []int64   `json:"shape"`
	Data  []float64 `json:"data"`
}

type optimCase struct {
	Name        string         `json:"name"`
	Optimizer   string         `json:"optimizer"`
	LR          float64        `json:"lr"`
	Momentum    float64        `json:"momentum"`
	WeightDecay float64        `json:"weight_decay"`
	Betas       []float64      `json:"betas"`
	Eps         float64        `json:"eps"`
	After       [][]optimArray `json:"after"`
}

func optimTensor(t *testing.T, a optimArray) *Tensor {
	t.Helper()
	data := make([]float32, len(a.Data))
	for i, v := range a.Data {
		data[i] = float32(v)
	}
	x, err := FromFloat32s(data, a.Shape...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestOptimizersMatchPython(t *testing.T) {
	raw, err := os.ReadFile("testdata/optim_expected.json")
	if err != nil {
		t.Fatalf("%v (regenerate with `.venv/bin/python go/testdata/gen_optim.py`)", err)
	}
	var doc struct {
		Params []optimArray    `json:"params"`
		Grads  [][]*optimArray `json:"grads"`
		Cases  []optimCase     `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			params := make([]*Tensor, len(doc.Params))
			for i, p := range doc.Params {
				params[i] = optimTensor(t, p)
				if err := params[i].SetRequiresGrad(true); err != nil {
					t.Fatal(err)
				}
			}
			var opt Optimizer
			switch c.Optimizer {
			case "sgd":
				opt, err = NewSGD(params, c.LR, SGDOptions{Momentum: c.Momentum, WeightDecay: c.WeightDecay})
			default:
				o := DefaultAdamOptions()
				if c.Betas != nil {
					o.Beta1, o.Beta2 = c.Betas[0], c.Betas[1]
				}
				if c.Eps != 0 {
					o.Eps = c.Eps
				}
				o.WeightDecay = c.WeightDecay
				opt, err = NewAdam(params, c.LR, o)
			}
			if err != nil {
				t.Fatal(err)
			}
			for step, grads := range doc.Grads {
				if err := opt.ZeroGrad(); err != nil {
					t.Fatal(err)
				}
				for i, g := range grads {
					if g != nil {
						if err := params[i].SetGrad(optimTensor(t, *g)); err != nil {
							t.Fatal(err)
						}
					}
				}
				if err := opt.Step(); err != nil {
					t.Fatal(err)
				}
				for i, p := range params {
					got, err := p.Float32s()
					if err != nil {
						t.Fatal(err)
					}
					for k, want := range c.After[step][i].Data {
						// The same float32 operations in the same order: the same bits.
						if float64(got[k]) != want {
							t.Fatalf("step %d, parameter %d, element %d: Go %v, Python %v", step+1, i, k, got[k], want)
						}
					}
				}
			}
			if p, err := params[0].Grad(); err != nil || p == nil {
				t.Fatalf("the step cleared or lost the gradient: %v %v", p, err)
			}
		})
	}
}

func TestOptimizersMinimiseAQuadratic(t *testing.T) {
	if debugGC {
		t.Skip("600 training steps take minutes when every handle access collects garbage (ferrule_debug)")
	}
	for _, name := range []string{"sgd", "adam"} {
		x := leaf(t, []float64{3, -2})
		var opt Optimizer
		var err error
		if name == "sgd" {
			opt, err = NewSGD([]*Tensor{x}, 0.1, SGDOptions{Momentum: 0.5})
		} else {
			opt, err = NewAdam([]*Tensor{x}, 0.1, DefaultAdamOptions())
		}
		if err != nil {
			t.Fatal(err)
		}
		for range 300 {
			if err := opt.ZeroGrad(); err != nil {
				t.Fatal(err)
			}
			xx, err := Multiply(x, x)
			if err != nil {
				t.Fatal(err)
			}
			loss, err := Sum(xx)
			if err != nil {
				t.Fatal(err)
			}
			if err := loss.Backward(); err != nil {
				t.Fatal(err)
			}
			if err := opt.Step(); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := x.Float64s()
		if math.Abs(got[0]) > 0.05 || math.Abs(got[1]) > 0.05 {
			t.Errorf("%s: sum(x^2) not minimised: x = %v", name, got)
		}
		if !x.IsLeaf() || !x.RequiresGrad() {
			t.Errorf("%s: the step made x a non-leaf", name)
		}
	}
}

func TestOptimizerErrors(t *testing.T) {
	x := leaf(t, []float64{1})
	plain, _ := FromFloat64s([]float64{1})
	_, err := NewSGD(nil, 0.1, SGDOptions{})
	wantError(t, err, "ValueError", "empty parameter list")
	_, err = NewSGD([]*Tensor{x}, 0, SGDOptions{})
	wantError(t, err, "ValueError", "lr > 0")
	_, err = NewSGD([]*Tensor{x, plain}, 0.1, SGDOptions{})
	wantError(t, err, "ValueError", "parameter 1 must be a leaf tensor that requires grad")
	_, err = NewAdam([]*Tensor{x}, 0.1, AdamOptions{Beta1: 1, Beta2: 0.9, Eps: 1e-8})
	wantError(t, err, "ValueError", "NewAdam: invalid")
	_, err = NewAdam([]*Tensor{nil}, 0.1, DefaultAdamOptions())
	wantError(t, err, "TypeError", "parameter 0 is nil")
}

// Close releases the optimizer's native state at once; Step fails afterwards.
func TestOptimizerClose(t *testing.T) {
	x := leaf(t, []float64{1, 2})
	train := func() *Adam {
		opt, err := NewAdam([]*Tensor{x}, 0.1, AdamOptions{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, WeightDecay: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			xx, _ := Multiply(x, x)
			loss, _ := Sum(xx)
			if err := loss.Backward(); err != nil {
				t.Fatal(err)
			}
			if err := opt.Step(); err != nil {
				t.Fatal(err)
			}
			xx.Close()
			loss.Close()
		}
		if err := opt.ZeroGrad(); err != nil {
			t.Fatal(err)
		}
		return opt
	}
	train().Close() // the operators it calls are looked up (and their handles cached) once
	start := settledLiveCount()
	opt := train()
	opt.Close()
	opt.Close()
	if got := settledLiveCount(); got != start {
		t.Fatalf("live native objects: %d after Close, %d before the optimizer", got, start)
	}
	wantError(t, opt.Step(), "ValueError", "Adam.Step: the optimizer has been closed")
}
