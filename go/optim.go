// optim.go — SGD (momentum, weight decay) and Adam over ferrule operators: each Step updates the
// parameters in place, under NoGrad, from their accumulated gradients, exactly as Python's
// ferrule.optim does (same operations in the same order, so the same float32 results).
//
// A step's temporaries and the optimizers' state (velocity, moments) are native references
// without Go handles (nativeRef), released as soon as they are done with: a Go handle's
// finalizer costs more to set and remove than a small element-wise operator, and the garbage
// collector does not see native memory.

package ferrule

/*
#include "ferrule.h"
#cgo noescape ferrule_tensor_grad
#cgo nocallback ferrule_tensor_grad
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
)

// nativeRef is one strong reference to a native tensor, held without a Go handle; whoever holds
// it releases it once.
type nativeRef struct {
	p *C.FerruleObject
}

// release drops the reference (nothing for a zero nativeRef).
func (n nativeRef) release() {
	if n.p != nil {
		C.ferrule_object_release(n.p)
	}
}

// gradRef is t's accumulated gradient as a native reference (zero when there is none).
func gradRef(t *Tensor) (nativeRef, error) {
	p, err := t.native("Tensor.Grad")
	if err != nil {
		return nativeRef{}, err
	}
	var out, cerr *C.FerruleObject
	rc := C.ferrule_tensor_grad(p, &out, &cerr)
	runtime.KeepAlive(t)
	if rc != 0 {
		return nativeRef{}, takeError(cerr)
	}
	return nativeRef{out}, nil
}

// Optimizer updates parameters from their gradients.
type Optimizer interface {
	// Step updates every parameter that has a gradient (parameters without one are left alone).
	Step() error
	// ZeroGrad clears every parameter's gradient, so the next backward pass starts from nothing.
	ZeroGrad() error
}

// state is an optimizer's native per-parameter tensors (velocity, moments), released by Close or
// by a runtime cleanup of the optimizer (so it must not point back to it).
type state struct {
	slots [][]nativeRef
}

func (s *state) release() {
	for _, slot := range s.slots {
		for i := range slot {
			slot[i].release()
			slot[i] = nativeRef{}
		}
	}
}

// params holds what both optimizers share: the parameters, checked once, and the state.
type params struct {
	list   []*Tensor
	state  *state
	closed bool
}

func newParams(kind string, list []*Tensor, slots int) (params, error) {
	if len(list) == 0 {
		return params{}, newError(KindValueError, "%s: got an empty parameter list", kind)
	}
	for i, p := range list {
		if p == nil || p.Closed() {
			return params{}, newError(KindTypeError, "%s: parameter %d is nil or closed", kind, i)
		}
		if !p.RequiresGrad() || !p.IsLeaf() {
			return params{}, newError(KindValueError, "%s: parameter %d must be a leaf tensor that requires grad", kind, i)
		}
	}
	st := &state{slots: make([][]nativeRef, slots)}
	for k := range st.slots {
		st.slots[k] = make([]nativeRef, len(list))
	}
	return params{list: append([]*Tensor(nil), list...), state: st}, nil
}

// ZeroGrad clears every parameter's gradient.
func (ps *params) ZeroGrad() error {
	for i, p := range ps.list {
		if err := p.SetGrad(nil); err != nil {
			return withContext(err, "in ZeroGrad, parameter %d", i)
		}
	}
	return nil
}

// Close releases the optimizer's state now (its velocity or moments), which a runtime cleanup
// does otherwise once the optimizer is unreachable. Step fails afterwards. Idempotent; not
// concurrently with Step.
func (ps *params) Close() {
	ps.closed = true
	ps.state.release()
	runtime.KeepAlive(ps) // the optimizer (ps points into it): its cleanup must not run meanwhile
}

// step calls update for each parameter that has a gradient, under NoGrad; update owns the
// gradient reference it is given.
func (ps *params) step(kind string, update func(i int, p *Tensor, g nativeRef) error) error {
	if ps.closed {
		return newError(KindValueError, "%s.Step: the optimizer has been closed", kind)
	}
	return NoGrad(func() error {
		for i, p := range ps.list {
			g, err := gradRef(p)
			if err != nil {
				return withContext(err, "in %s.Step, parameter %d", kind, i)
			}
			if g.p == nil {
				continue
			}
			if err := update(i, p, g); err != nil {
				return withContext(err, "in %s.Step, parameter %d", kind, i)
			}
		}
		return nil
	})
}

// temps releases the native temporaries of an update when it ends.
type temps []nativeRef

func (ts *temps) keep(t nativeRef, err error) (nativeRef, error) {
	if t.p != nil {
		*ts = append(*ts, t)
	}
	return t, err
}

// release drops every temporary kept (a pointer receiver: `defer tmp.release()` must see what
// is kept after it).
func (ts *temps) release() {
	for _, t := range *ts {
		t.release()
	}
	*ts = nil
}

// subtractInPlace is p -= delta (the update itself).
func subtractInPlace(p *Tensor, delta nativeRef) error {
	r, err := opSubtract.raw([]any{p, delta}, Out(p))
	r.release() // a second reference to p
	return err
}

// scaledAdd is g + scale * x, computed as Python's optimizers compute it (the product first).
func scaledAdd(g, x any, scale float64) (nativeRef, error) {
	scaled, err := opMultiply.raw([]any{x, scale})
	if err != nil {
		return nativeRef{}, err
	}
	defer scaled.release()
	return opAdd.raw([]any{scaled, g})
}

// SGD is stochastic gradient descent: p -= lr * (g + weightDecay * p), with heavy-ball momentum
// when it is non-zero (v = momentum * v + g; p -= lr * v).
type SGD struct {
	params
	lr, momentum, weightDecay float64
}

// SGDOptions are SGD's optional settings (zero: off).
type SGDOptions struct {
	Momentum    float64
	WeightDecay float64
}

// NewSGD makes an SGD optimizer over params (leaf tensors that require grad) with learning rate
// lr > 0. Errors: a ValueError for an empty list, a parameter that is not a leaf requiring grad,
// or a setting out of range.
func NewSGD(list []*Tensor, lr float64, opts SGDOptions) (*SGD, error) {
	if !(lr > 0) || !(opts.Momentum >= 0) || !(opts.WeightDecay >= 0) {
		return nil, newError(KindValueError, "NewSGD: need lr > 0, momentum >= 0 and weight decay >= 0 (got %g, %g, %g)", lr, opts.Momentum, opts.WeightDecay)
	}
	o := &SGD{lr: lr, momentum: opts.Momentum, weightDecay: opts.WeightDecay}
	ps, err := newParams("NewSGD", list, 1)
	if err != nil {
		return nil, err
	}
	o.params = ps
	runtime.AddCleanup(o, (*state).release, ps.state)
	return o, nil
}

// Step updates every parameter that has a gradient.
func (o *SGD) Step() error {
	velocity := o.state.slots[0]
	return o.step("SGD", func(i int, p *Tensor, g nativeRef) error {
		var tmp temps
		defer tmp.release()
		var err error
		if o.weightDecay != 0 {
			tmp.keep(g, nil)
			if g, err = scaledAdd(g, p, o.weightDecay); err != nil {
				return err
			}
		}
		if o.momentum != 0 {
			if v := velocity[i]; v.p != nil {
				tmp.keep(g, nil)
				if g, err = scaledAdd(g, v, o.momentum); err != nil {
					return err
				}
				v.release()
			}
			velocity[i] = g // kept for the next step
		} else {
			tmp.keep(g, nil)
		}
		delta, err := tmp.keep(opMultiply.raw([]any{g, o.lr}))
		if err != nil {
			return err
		}
		return subtractInPlace(p, delta)
	})
}

// Adam is Adam (Kingma & Ba): moment estimates with bias correction,
// p -= lr * mHat / (sqrt(vHat) + eps); a non-zero weight decay adds weightDecay * p to the
// gradient (L2, as in the original paper).
type Adam struct {
	params
	lr, beta1, beta2, eps, weightDecay float64
	t                                  int
}

// AdamOptions are Adam's settings; DefaultAdamOptions gives the usual ones.
type AdamOptions struct {
	Beta1, Beta2 float64 // in [0, 1)
	Eps          float64 // > 0
	WeightDecay  float64 // >= 0
}

// DefaultAdamOptions are betas (0.9, 0.999), eps 1e-8 and no weight decay.
func DefaultAdamOptions() AdamOptions {
	return AdamOptions{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}
}

// NewAdam makes an Adam optimizer over params (leaf tensors that require grad) with learning
// rate lr > 0. Errors: a ValueError for an empty list, a parameter that is not a leaf requiring
// grad, or a setting out of range.
func NewAdam(list []*Tensor, lr float64, opts AdamOptions) (*Adam, error) {
	b1, b2 := opts.Beta1, opts.Beta2
	if !(lr > 0) || !(b1 >= 0 && b1 < 1) || !(b2 >= 0 && b2 < 1) || !(opts.Eps > 0) || !(opts.WeightDecay >= 0) {
		return nil, newError(KindValueError, "NewAdam: invalid lr=%g, betas=(%g, %g), eps=%g or weight decay=%g", lr, b1, b2, opts.Eps, opts.WeightDecay)
	}
	o := &Adam{lr: lr, beta1: b1, beta2: b2, eps: opts.Eps, weightDecay: opts.WeightDecay}
	ps, err := newParams("NewAdam", list, 2)
	if err != nil {
		return nil, err
	}
	o.params = ps
	runtime.AddCleanup(o, (*state).release, ps.state)
	return o, nil
}

// Step updates every parameter that has a gradient.
func (o *Adam) Step() error {
	o.t++
	b1, b2 := o.beta1, o.beta2
	c1 := 1 - math.Pow(b1, float64(o.t))
	c2 := 1 - math.Pow(b2, float64(o.t))
	ms, vs := o.state.slots[0], o.state.slots[1]
	return o.step("Adam", func(i int, p *Tensor, g nativeRef) error {
		var tmp temps
		defer tmp.release()
		tmp.keep(g, nil)
		var err error
		if o.weightDecay != 0 {
			if g, err = tmp.keep(scaledAdd(g, p, o.weightDecay)); err != nil {
				return err
			}
		}
		// m = m * b1 + g * (1 - b1); v = v * b2 + g * g * (1 - b2) (the first step: no m, v yet)
		m, err := moment(ms[i], b1, g, 1-b1, false)
		if err != nil {
			return err
		}
		ms[i].release()
		ms[i] = m
		v, err := moment(vs[i], b2, g, 1-b2, true)
		if err != nil {
			return err
		}
		vs[i].release()
		vs[i] = v
		// step = (m * (lr / c1)) / (sqrt(v) * (1 / sqrt(c2)) + eps)
		num, err := tmp.keep(opMultiply.raw([]any{m, o.lr / c1}))
		if err != nil {
			return err
		}
		den, err := tmp.keep(opSqrt.raw([]any{v}))
		if err != nil {
			return err
		}
		if den, err = tmp.keep(opMultiply.raw([]any{den, 1 / math.Sqrt(c2)})); err != nil {
			return err
		}
		if den, err = tmp.keep(opAdd.raw([]any{den, o.eps})); err != nil {
			return err
		}
		step, err := tmp.keep(opDivide.raw([]any{num, den}))
		if err != nil {
			return err
		}
		return subtractInPlace(p, step)
	})
}

// moment is old * beta + term * scale, where term is g (or g * g when squared) and old may be
// zero (then just term * scale). old is left to the caller.
func moment(old nativeRef, beta float64, g nativeRef, scale float64, squared bool) (nativeRef, error) {
	var tmp temps
	defer tmp.release()
	term := g
	if squared {
		var err error
		if term, err = tmp.keep(opMultiply.raw([]any{g, g})); err != nil {
			return nativeRef{}, err
		}
	}
	if old.p == nil {
		return opMultiply.raw([]any{term, scale})
	}
	fresh, err := tmp.keep(opMultiply.raw([]any{term, scale}))
	if err != nil {
		return nativeRef{}, err
	}
	decayed, err := tmp.keep(opMultiply.raw([]any{old, beta}))
	if err != nil {
		return nativeRef{}, err
	}
	return opAdd.raw([]any{decayed, fresh})
}

// String describes the optimizer's settings.
func (o *SGD) String() string {
	return fmt.Sprintf("SGD(lr=%g, momentum=%g, weight_decay=%g, %d parameters)", o.lr, o.momentum, o.weightDecay, len(o.list))
}

// String describes the optimizer's settings.
func (o *Adam) String() string {
	return fmt.Sprintf("Adam(lr=%g, betas=(%g, %g), eps=%g, weight_decay=%g, %d parameters)", o.lr, o.beta1, o.beta2, o.eps, o.weightDecay, len(o.list))
}
