package ferrule

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// Autograd from Go: gradients against values computed by hand, accumulation, Grad (second
// derivatives), the grad mode, hooks, Go functions with a backward, the errors, two goroutines.

func leaf(t *testing.T, data []float64, shape ...int64) *Tensor {
	t.Helper()
	x, err := FromFloat64s(data, shape...)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.SetRequiresGrad(true); err != nil {
		t.Fatal(err)
	}
	return x
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// wantGrad checks x's accumulated gradient (nil want: no gradient).
func wantGrad(t *testing.T, x *Tensor, want []float64) {
	t.Helper()
	g, err := x.Grad()
	if err != nil {
		t.Fatal(err)
	}
	if want == nil {
		if g != nil {
			t.Fatalf("want no gradient, got %v", g)
		}
		return
	}
	if g == nil {
		t.Fatalf("want gradient %v, got none", want)
	}
	wantValues(t, g, want)
}

func wantValues(t *testing.T, x *Tensor, want []float64) {
	t.Helper()
	got, err := x.Float64s()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestGradientsMatchHandComputation(t *testing.T) {
	T := must[*Tensor](t)
	x := leaf(t, []float64{1, 2, 3})
	y := leaf(t, []float64{4, 5, 6})
	if !x.RequiresGrad() || !x.IsLeaf() || x.GradFnName() != "" {
		t.Fatal("x should be a leaf that requires grad")
	}
	// z = sum(x * y + x): dz/dx = y + 1, dz/dy = x; a second pass accumulates.
	for pass := 1.0; pass <= 2; pass++ {
		z := T(Sum(T(Add(T(Multiply(x, y)), x))))
		if !z.RequiresGrad() || z.IsLeaf() || z.GradFnName() != "sum" {
			t.Fatalf("z: requires grad %v, leaf %v, grad_fn %q", z.RequiresGrad(), z.IsLeaf(), z.GradFnName())
		}
		if err := z.Backward(); err != nil {
			t.Fatal(err)
		}
		wantGrad(t, x, []float64{5 * pass, 6 * pass, 7 * pass})
		wantGrad(t, y, []float64{1 * pass, 2 * pass, 3 * pass})
		// The graph was freed by the pass.
		wantError(t, z.Backward(), "RuntimeError", "already freed")
	}
	if err := x.SetGrad(nil); err != nil {
		t.Fatal(err)
	}
	wantGrad(t, x, nil)

	// relu(x @ w) summed, with x = [[1, 2]], w = [[1, 1], [2, -1]]: x @ w = [[5, -1]], so the
	// gradient at the product is [[1, 0]]; dL/dw = x^T [[1, 0]], dL/dx = [[1, 0]] w^T.
	a := leaf(t, []float64{1, 2}, 1, 2)
	w := leaf(t, []float64{1, 1, 2, -1}, 2, 2)
	loss := T(Sum(T(NnRelu(T(Matmul(a, w))))))
	if err := loss.Backward(); err != nil {
		t.Fatal(err)
	}
	wantGrad(t, w, []float64{1, 0, 2, 0})
	wantGrad(t, a, []float64{1, 2})

	// Cross-entropy of logits [0, ln 3] and class 1: softmax = [1/4, 3/4], so the gradient is
	// softmax - one_hot = [1/4, -1/4].
	logits, err := FromFloat64s([]float64{0, 1.0986122886681098}, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := logits.SetRequiresGrad(true); err != nil {
		t.Fatal(err)
	}
	target := T(FromInt64s([]int64{1}))
	if err := T(NnCrossEntropy(logits, target)).Backward(); err != nil {
		t.Fatal(err)
	}
	g := T(logits.Grad())
	got := must[[]float64](t)(g.Float64s())
	if d0, d1 := got[0]-0.25, got[1]+0.25; d0*d0+d1*d1 > 1e-24 {
		t.Fatalf("cross-entropy gradient %v, want [0.25 -0.25]", got)
	}
}

func TestGradAndHigherOrder(t *testing.T) {
	T := must[*Tensor](t)
	x := leaf(t, []float64{1, 2, 3})
	// d sum(x^3)/dx = 3x^2, with a graph of its own; then d sum(3x^2)/dx = 6x.
	cube := T(Sum(T(Multiply(T(Multiply(x, x)), x))))
	first, err := Grad([]*Tensor{cube}, []*Tensor{x}, CreateGraph())
	if err != nil {
		t.Fatal(err)
	}
	wantValues(t, first[0], []float64{3, 12, 27})
	second, err := Grad([]*Tensor{T(Sum(first[0]))}, []*Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	wantValues(t, second[0], []float64{6, 12, 18})
	wantGrad(t, x, nil) // Grad leaves .grad alone

	// An input the output does not depend on.
	y := leaf(t, []float64{1})
	s := T(Sum(x))
	_, err = Grad([]*Tensor{s}, []*Tensor{x, y}, RetainGraph())
	wantError(t, err, "RuntimeError", "Grad: inputs[1] is not reached from the outputs (pass AllowUnused() to get nil")
	both, err := Grad([]*Tensor{s}, []*Tensor{x, y}, AllowUnused())
	if err != nil {
		t.Fatal(err)
	}
	wantValues(t, both[0], []float64{1, 1, 1})
	if both[1] != nil {
		t.Fatalf("unused input: want nil, got %v", both[1])
	}

	// A non-scalar output with its gradient: d(2x)/dx . [1, 10, 100].
	twice := T(Multiply(x, 2.0))
	wantError(t, twice.Backward(), "RuntimeError", "one-element")
	if err := twice.Backward(WithGradients(T(FromFloat64s([]float64{1, 10, 100})))); err != nil {
		t.Fatal(err)
	}
	wantGrad(t, x, []float64{2, 20, 200})
}

func TestNoGrad(t *testing.T) {
	T := must[*Tensor](t)
	x := leaf(t, []float64{1, 2})
	if !IsGradEnabled() {
		t.Fatal("grad mode is on by default")
	}
	err := NoGrad(func() error {
		if IsGradEnabled() {
			t.Error("IsGradEnabled inside NoGrad")
		}
		y := T(Multiply(x, x))
		if y.RequiresGrad() {
			t.Error("a result computed under NoGrad requires grad")
		}
		return EnableGrad(func() error {
			if z := T(Multiply(x, x)); !z.RequiresGrad() {
				t.Error("EnableGrad inside NoGrad does not record")
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !IsGradEnabled() {
		t.Fatal("NoGrad did not restore the mode")
	}
	// fn's error comes back; a panic restores the mode too.
	sentinel := errors.New("stop")
	if err := NoGrad(func() error { return sentinel }); err != sentinel {
		t.Fatalf("NoGrad returned %v, want fn's error", err)
	}
	func() {
		defer func() { _ = recover() }()
		_ = NoGrad(func() error { panic("inside NoGrad") })
	}()
	if !IsGradEnabled() || !T(Multiply(x, x)).RequiresGrad() {
		t.Fatal("a panic inside NoGrad left recording off")
	}
}

func TestHooks(t *testing.T) {
	T := must[*Tensor](t)
	x := leaf(t, []float64{1, 2})
	seen := 0
	err := x.RegisterHook(func(g *Tensor) (*Tensor, error) {
		seen++
		return Multiply(g, 10.0) // replaces the gradient
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := T(Sum(x)).Backward(); err != nil {
		t.Fatal(err)
	}
	if seen != 1 {
		t.Fatalf("hook called %d times", seen)
	}
	wantGrad(t, x, []float64{10, 10})

	// A hook's error stops the pass and comes back as the Go error it was.
	y := leaf(t, []float64{1})
	sentinel := errors.New("hook refused")
	if err := y.RegisterHook(func(*Tensor) (*Tensor, error) { return nil, sentinel }); err != nil {
		t.Fatal(err)
	}
	if err := T(Sum(y)).Backward(); !errors.Is(err, sentinel) {
		t.Fatalf("Backward returned %v, want the hook's error", err)
	}
	wantGrad(t, y, nil)
	wantError(t, T(FromFloat64s([]float64{1})).RegisterHook(func(g *Tensor) (*Tensor, error) { return nil, nil }),
		"RuntimeError", "does not require grad")
}

func TestAutogradErrors(t *testing.T) {
	T := must[*Tensor](t)
	ints := T(FromInt64s([]int64{1, 2}))
	wantError(t, ints.SetRequiresGrad(true), "TypeError", "Tensor.SetRequiresGrad: only floating-point tensors")
	x := leaf(t, []float64{1, 2})
	y := T(Multiply(x, 2.0))
	wantError(t, y.SetRequiresGrad(false), "RuntimeError", "leaf")
	wantError(t, x.SetGrad(T(FromFloat64s([]float64{1}))), "ValueError", "Tensor.SetGrad: the assigned gradient has shape")
	wantError(t, x.SetGrad(T(FromFloat32s([]float32{1, 2}))), "TypeError", "dtype")
	wantError(t, ints.Backward(), "RuntimeError", "Backward: tensor 0 does not require grad")
	wantError(t, Backward(nil), "ValueError", "Backward: no tensors given")
	wantError(t, Backward([]*Tensor{nil}), "TypeError", "tensors[0] is a nil *Tensor")
	wantError(t, T(Sum(x)).Backward(WithGradients(nil, nil)), "ValueError", "2 gradients given")
	var nilTensor *Tensor
	wantError(t, nilTensor.SetRequiresGrad(true), "TypeError", "the tensor is nil")
	closed := T(FromFloat64s([]float64{1}))
	closed.Close()
	wantError(t, closed.SetRequiresGrad(true), "ValueError", "closed")
	if closed.RequiresGrad() || closed.IsLeaf() {
		t.Fatal("a closed tensor reports requires-grad or leaf")
	}
	_, err := Grad([]*Tensor{T(Sum(x))}, []*Tensor{ints})
	wantError(t, err, "RuntimeError", "does not require grad")

	// A tensor saved for backward, then written in place: the pass is an error, not a wrong
	// gradient.
	c := T(FromFloat64s([]float64{1, 1}))
	s := T(Sum(T(Multiply(x, c))))
	T(Add(c, 1.0, Out(c)))
	wantError(t, s.Backward(), "RuntimeError", "modified in place")
	// Writing into a tensor that requires grad while recording is refused.
	_, err = Add(x, 1.0, Out(x))
	wantError(t, err, "RuntimeError", "out=")
}

// A Go function with a backward takes part in graphs like an operator.
func TestGoFunctionWithBackward(t *testing.T) {
	T := must[*Tensor](t)
	name := uniqueName(t, "cube")
	cube := func(x *Tensor) (*Tensor, error) {
		xx, err := Multiply(x, x)
		if err != nil {
			return nil, err
		}
		return Multiply(xx, x)
	}
	calls := 0
	cubeBackward := func(g, x *Tensor) (*Tensor, error) {
		calls++
		xx, err := Multiply(x, x)
		if err != nil {
			return nil, err
		}
		three, err := Multiply(xx, 3.0)
		if err != nil {
			return nil, err
		}
		return Multiply(three, g)
	}
	if err := RegisterFunc(name, cube, WithBackward(cubeBackward), WithSignature("(x: Tensor) -> Tensor")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
	f := fixture(t, name)
	x := leaf(t, []float64{1, 2, 3})
	y := must[any](t)(f.Call(x)).(*Tensor)
	if !y.RequiresGrad() || y.GradFnName() != name {
		t.Fatalf("the result: requires grad %v, grad_fn %q", y.RequiresGrad(), y.GradFnName())
	}
	wantValues(t, y, []float64{1, 8, 27})
	if err := T(Sum(y)).Backward(); err != nil {
		t.Fatal(err)
	}
	wantGrad(t, x, []float64{3, 12, 27})
	if calls != 1 {
		t.Fatalf("backward called %d times", calls)
	}
	// The backward is made of ferrule ops, so a second derivative goes through it too.
	first := must[[]*Tensor](t)(Grad([]*Tensor{T(Sum(must[any](t)(f.Call(x)).(*Tensor)))}, []*Tensor{x}, CreateGraph()))
	second := must[[]*Tensor](t)(Grad([]*Tensor{T(Sum(first[0]))}, []*Tensor{x}))
	wantValues(t, second[0], []float64{6, 12, 18})
	// Under NoGrad it records nothing.
	_ = NoGrad(func() error {
		if z := must[any](t)(f.Call(x)).(*Tensor); z.RequiresGrad() {
			t.Error("a Go function called under NoGrad recorded a node")
		}
		return nil
	})

	// Two tensor arguments and a number: the backward returns one gradient per tensor argument,
	// nil for none. f(a, b, k) = a * k (b is only read).
	scaled := uniqueName(t, "scaled")
	err := RegisterFunc(scaled, func(a, b *Tensor, k float64) (*Tensor, error) { return Multiply(a, k) },
		WithBackward(func(g, a, b *Tensor, k float64) ([]*Tensor, error) {
			ga, err := Multiply(g, k)
			return []*Tensor{ga, nil}, err
		}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RemoveGlobalFunc(scaled) })
	a, b := leaf(t, []float64{1, 2}), leaf(t, []float64{5, 6})
	r := must[any](t)(fixture(t, scaled).Call(a, b, 4.0)).(*Tensor)
	if err := T(Sum(r)).Backward(); err != nil {
		t.Fatal(err)
	}
	wantGrad(t, a, []float64{4, 4})
	wantGrad(t, b, nil)
}

func TestGoFunctionBackwardErrors(t *testing.T) {
	T := must[*Tensor](t)
	x := leaf(t, []float64{1, 2})
	register := func(base string, fn any, opts ...RegisterOption) *Function {
		name := uniqueName(t, base)
		if err := RegisterFunc(name, fn, opts...); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = RemoveGlobalFunc(name) })
		return fixture(t, name)
	}
	double := func(x *Tensor) (*Tensor, error) { return Multiply(x, 2.0) }

	// Without a backward: the gradient cannot silently skip the function.
	plain := register("plain", double)
	y := must[any](t)(plain.Call(x)).(*Tensor)
	err := T(Sum(y)).Backward()
	e := wantError(t, err, "RuntimeError", "no backward")
	if !containsString(e.Message, uniqueName(t, "plain")) {
		t.Fatalf("the error does not name the function: %v", e)
	}
	// ... but on a detached tensor it is an ordinary function.
	d := T(x.Detach())
	if z := must[any](t)(plain.Call(d)).(*Tensor); z.RequiresGrad() {
		t.Fatal("a Go function on a detached tensor recorded a node")
	}

	wrongShape := register("wrongshape", double, WithBackward(func(g, x *Tensor) (*Tensor, error) { return FromFloat64s([]float64{1}) }))
	wantError(t, T(Sum(must[any](t)(wrongShape.Call(x)).(*Tensor))).Backward(), "ValueError", "shape (1,) for argument 0")
	wrongCount := register("wrongcount", double, WithBackward(func(g, x *Tensor) ([]*Tensor, error) { return []*Tensor{g, g}, nil }))
	wantError(t, T(Sum(must[any](t)(wrongCount.Call(x)).(*Tensor))).Backward(), "ValueError", "2 gradients for 1 tensor arguments")
	sentinel := errors.New("backward refused")
	failing := register("failing", double, WithBackward(func(g, x *Tensor) (*Tensor, error) { return nil, sentinel }))
	if err := T(Sum(must[any](t)(failing.Call(x)).(*Tensor))).Backward(); !errors.Is(err, sentinel) {
		t.Fatalf("Backward returned %v, want the backward's error", err)
	}
	wantGrad(t, x, nil)
	err = RegisterFunc(uniqueName(t, "badbackward"), double, WithBackward(42))
	wantError(t, err, "TypeError", "expected a Go function")
}

// Two goroutines, each running backward passes over its own graph, at the same time.
func TestBackwardOnTwoGoroutines(t *testing.T) {
	passes := 200
	if debugGC { // a collection on every handle access: a few passes say as much
		passes = 5
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for _, k := range []float64{2, 3} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x, err := FromFloat64s([]float64{1, 2, 3, 4})
			if err == nil {
				err = x.SetRequiresGrad(true)
			}
			for i := 0; i < passes && err == nil; i++ {
				err = x.SetGrad(nil)
				var xx, loss *Tensor
				if xx, err = Multiply(x, x); err == nil {
					if xx, err = Multiply(xx, k); err == nil {
						if loss, err = Sum(xx); err == nil {
							err = loss.Backward()
						}
					}
				}
			}
			if err != nil {
				errs <- err
				return
			}
			g, err := x.Grad()
			if err != nil {
				errs <- err
				return
			}
			got, _ := g.Float64s()
			if want := []float64{2 * k, 4 * k, 6 * k, 8 * k}; !slices.Equal(got, want) {
				errs <- fmt.Errorf("k=%g: gradient %v, want %v", k, got, want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
