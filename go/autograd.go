// autograd.go — reverse-mode differentiation from Go: requires-grad and gradients on tensors,
// Backward and Grad, the grad mode (NoGrad), gradient hooks. The engine is libferrule's, shared
// with Python and C (docs/autograd.md); Go functions join graphs through RegisterFunc's
// WithBackward (registry.go).

package ferrule

/*
#include "ferrule.h"
#cgo noescape ferrule_tensor_requires_grad
#cgo nocallback ferrule_tensor_requires_grad
#cgo noescape ferrule_tensor_set_requires_grad
#cgo nocallback ferrule_tensor_set_requires_grad
#cgo noescape ferrule_tensor_grad
#cgo nocallback ferrule_tensor_grad
#cgo nocallback ferrule_grad_enabled
#cgo nocallback ferrule_set_grad_enabled
*/
import "C"

import (
	"runtime"
	"strings"
)

// RequiresGrad reports whether operators record what they do with t: a leaf marked by
// SetRequiresGrad, or the result of a recorded operator. False once closed.
func (t *Tensor) RequiresGrad() bool {
	if t == nil {
		return false
	}
	p := t.h.get()
	if p == nil {
		return false
	}
	var flag C.int32_t
	var cerr *C.FerruleObject
	rc := C.ferrule_tensor_requires_grad(p, &flag, &cerr)
	runtime.KeepAlive(t)
	if rc != 0 {
		C.ferrule_object_release(cerr)
		return false
	}
	return flag != 0
}

// SetRequiresGrad marks a floating-point leaf tensor as requiring grad (or not): operators
// called with it then record a graph, and Backward accumulates its gradient (read by Grad).
// Errors: a TypeError for an integer, bool or complex tensor; a RuntimeError for a tensor
// computed by a recorded operator (use Detach for a leaf sharing its memory).
func (t *Tensor) SetRequiresGrad(requires bool) error {
	p, err := t.native("Tensor.SetRequiresGrad")
	if err != nil {
		return err
	}
	flag := C.int32_t(0)
	if requires {
		flag = 1
	}
	var cerr *C.FerruleObject
	rc := C.ferrule_tensor_set_requires_grad(p, flag, &cerr)
	runtime.KeepAlive(t)
	if rc != 0 {
		return named(takeError(cerr), "ferrule_tensor_set_requires_grad", "Tensor.SetRequiresGrad")
	}
	return nil
}

// Grad returns the gradient accumulated into t by backward passes, or nil (and no error) when
// there is none. The result shares memory with the stored gradient.
func (t *Tensor) Grad() (*Tensor, error) {
	p, err := t.native("Tensor.Grad")
	if err != nil {
		return nil, err
	}
	var out, cerr *C.FerruleObject
	rc := C.ferrule_tensor_grad(p, &out, &cerr)
	runtime.KeepAlive(t)
	if rc != 0 {
		return nil, named(takeError(cerr), "ferrule_tensor_grad", "Tensor.Grad")
	}
	if out == nil {
		return nil, nil
	}
	return newTensor(out), nil
}

// SetGrad replaces t's accumulated gradient with g (same shape and dtype as t), or clears it
// when g is nil, as an optimizer's ZeroGrad does.
func (t *Tensor) SetGrad(g *Tensor) error {
	p, err := t.native("Tensor.SetGrad")
	if err != nil {
		return err
	}
	var gp *C.FerruleObject
	if g != nil {
		if gp, err = g.native("Tensor.SetGrad"); err != nil {
			return err
		}
	}
	var cerr *C.FerruleObject
	rc := C.ferrule_tensor_set_grad(p, gp, &cerr)
	runtime.KeepAlive(t)
	runtime.KeepAlive(g)
	if rc != 0 {
		return named(takeError(cerr), "ferrule_tensor_set_grad", "Tensor.SetGrad")
	}
	return nil
}

// native returns the object of an open tensor, or an error naming function. The caller keeps t
// alive while it uses the pointer.
func (t *Tensor) native(function string) (*C.FerruleObject, error) {
	if t == nil {
		return nil, newError(KindTypeError, "%s: the tensor is nil", function)
	}
	p := t.h.get()
	if p == nil {
		return nil, withContext(errClosed("Tensor"), "in %s", function)
	}
	return p, nil
}

// GradOption configures Backward and Grad.
type GradOption func(*gradConfig)

type gradConfig struct {
	flags C.int32_t
	grads []*Tensor
}

// RetainGraph keeps what the graph saved for backward, so that it can be walked again (by
// default a backward pass frees it).
func RetainGraph() GradOption {
	return func(c *gradConfig) { c.flags |= C.FERRULE_AUTOGRAD_RETAIN_GRAPH }
}

// CreateGraph records the backward pass itself, so that the gradients it computes can be
// differentiated again (higher-order derivatives). It implies RetainGraph.
func CreateGraph() GradOption {
	return func(c *gradConfig) { c.flags |= C.FERRULE_AUTOGRAD_CREATE_GRAPH }
}

// AllowUnused makes Grad return nil for an input the outputs do not depend on, instead of an
// error.
func AllowUnused() GradOption {
	return func(c *gradConfig) { c.flags |= C.FERRULE_AUTOGRAD_ALLOW_UNUSED }
}

// WithGradients gives the gradients of the tensors being differentiated, one per tensor, each of
// its tensor's shape and dtype; a nil entry (or leaving the option out) means ones, which only a
// one-element tensor may have.
func WithGradients(grads ...*Tensor) GradOption {
	return func(c *gradConfig) { c.grads = grads }
}

// Backward accumulates the gradient of t (a one-element tensor, such as a loss, unless
// WithGradients gives its gradient) into every leaf that requires grad it depends on; Grad
// then reads them. The graph is freed afterwards unless RetainGraph or CreateGraph is given.
func (t *Tensor) Backward(opts ...GradOption) error {
	return Backward([]*Tensor{t}, opts...)
}

// Backward is Tensor.Backward for several tensors at once (the sum of their gradients reaches
// each leaf). It runs on the calling goroutine; gradient hooks and the backward functions of Go
// functions are called from it.
func Backward(tensors []*Tensor, opts ...GradOption) error {
	var cfg gradConfig
	for _, o := range opts {
		o(&cfg)
	}
	const function = "Backward"
	roots, err := objectList(tensors, false, function, "tensors")
	if err != nil {
		return err
	}
	grads, err := gradientList(cfg.grads, len(tensors), function)
	if err != nil {
		return err
	}
	var cerr *C.FerruleObject
	rc := C.ferrule_autograd_backward(first(roots), first(grads), C.int32_t(len(roots)), cfg.flags, &cerr)
	runtime.KeepAlive(tensors)
	runtime.KeepAlive(cfg.grads)
	if rc != 0 {
		return named(takeError(cerr), "ferrule_autograd_backward", function)
	}
	return nil
}

// Grad returns the gradients of outputs with respect to inputs, one per input, without touching
// any accumulated gradient. Outputs need WithGradients unless each has one element; with
// AllowUnused an input the outputs do not depend on gets nil. With CreateGraph the gradients
// carry a graph of their own (differentiate them again).
func Grad(outputs, inputs []*Tensor, opts ...GradOption) ([]*Tensor, error) {
	var cfg gradConfig
	for _, o := range opts {
		o(&cfg)
	}
	const function = "Grad"
	outs, err := objectList(outputs, false, function, "outputs")
	if err != nil {
		return nil, err
	}
	ins, err := objectList(inputs, false, function, "inputs")
	if err != nil {
		return nil, err
	}
	grads, err := gradientList(cfg.grads, len(outputs), function)
	if err != nil {
		return nil, err
	}
	results := make([]*C.FerruleObject, len(ins))
	var cerr *C.FerruleObject
	rc := C.ferrule_autograd_grad(first(outs), first(grads), C.int32_t(len(outs)), first(ins), C.int32_t(len(ins)), cfg.flags, first(results), &cerr)
	runtime.KeepAlive(outputs)
	runtime.KeepAlive(inputs)
	runtime.KeepAlive(cfg.grads)
	if rc != 0 {
		return nil, named(takeError(cerr), "ferrule_autograd_grad", function)
	}
	out := make([]*Tensor, len(results))
	for i, p := range results {
		if p != nil {
			out[i] = newTensor(p)
		}
	}
	return out, nil
}

// named rewrites the C entry point's name at the start of an error message as the Go API's (and
// the C flag a hint names as the Go option).
func named(err error, cName, goName string) error {
	if e, ok := err.(*Error); ok {
		if rest, found := strings.CutPrefix(e.Message, cName); found {
			e.Message = goName + rest
		}
		e.Message = strings.ReplaceAll(e.Message, "pass FERRULE_AUTOGRAD_ALLOW_UNUSED to get NULL", "pass AllowUnused() to get nil")
		for _, arg := range []string{"'grad_tensors'", "'grad_outputs'"} {
			e.Message = strings.ReplaceAll(e.Message, "pass its gradient in "+arg, "pass its gradient with WithGradients")
		}
	}
	return err
}

// objectList collects the objects of open tensors (nil entries allowed when optional). The
// caller keeps the tensors alive while it uses them.
func objectList(ts []*Tensor, optional bool, function, arg string) ([]*C.FerruleObject, error) {
	if len(ts) == 0 && !optional {
		return nil, newError(KindValueError, "%s: no %s given", function, arg)
	}
	if len(ts) > 1<<30 {
		return nil, newError(KindValueError, "%s: too many %s (%d)", function, arg, len(ts))
	}
	out := make([]*C.FerruleObject, len(ts))
	for i, t := range ts {
		if t == nil {
			if optional {
				continue
			}
			return nil, newError(KindTypeError, "%s: %s[%d] is a nil *Tensor", function, arg, i)
		}
		p := t.h.get()
		if p == nil {
			return nil, withContext(errClosed("Tensor"), "in %s, %s[%d]", function, arg, i)
		}
		out[i] = p
	}
	return out, nil
}

// gradientList is the objects of the WithGradients tensors (nil when none were given).
func gradientList(grads []*Tensor, n int, function string) ([]*C.FerruleObject, error) {
	if grads == nil {
		return nil, nil
	}
	if len(grads) != n {
		return nil, newError(KindValueError, "%s: %d gradients given (WithGradients) for %d tensors", function, len(grads), n)
	}
	return objectList(grads, true, function, "gradients")
}

// first is the address of the first element, or nil for an empty list (C reads it as NULL).
func first(list []*C.FerruleObject) **C.FerruleObject {
	if len(list) == 0 {
		return nil
	}
	return &list[0]
}

// NoGrad runs fn with recording off: operators called inside it record no graph, and their
// results do not require grad (for evaluation and for parameter updates, as the optimizers do).
// fn's error is returned; the previous mode is restored however fn ends, a panic included.
//
// The grad mode belongs to an OS thread, so NoGrad pins the calling goroutine to its thread
// until fn returns (runtime.LockOSThread; regions nest). Goroutines started inside fn run with
// recording on: call NoGrad in them too.
func NoGrad(fn func() error) error { return withGradMode(false, fn) }

// EnableGrad runs fn with recording on, e.g. inside a NoGrad region (see NoGrad for the rules).
func EnableGrad(fn func() error) error { return withGradMode(true, fn) }

func withGradMode(enabled bool, fn func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	flag := C.int32_t(0)
	if enabled {
		flag = 1
	}
	previous := C.ferrule_set_grad_enabled(flag)
	defer C.ferrule_set_grad_enabled(previous)
	return fn()
}

// IsGradEnabled reports whether operators called by this goroutine record a graph: false inside
// NoGrad, true elsewhere.
func IsGradEnabled() bool { return C.ferrule_grad_enabled() != 0 }

// The registered autograd.* functions behind the methods that need no C entry point of their own.
var (
	fnIsLeaf       = &opSpec{name: "autograd.is_leaf", goName: "Tensor.IsLeaf", params: []opParam{{name: "x", required: true}}}
	fnDetach       = &opSpec{name: "autograd.detach", goName: "Tensor.Detach", params: []opParam{{name: "x", required: true}}}
	fnGradFnName   = &opSpec{name: "autograd.grad_fn_name", goName: "Tensor.GradFnName", params: []opParam{{name: "x", required: true}}}
	fnRegisterHook = &opSpec{name: "autograd.register_hook", goName: "Tensor.RegisterHook", params: []opParam{{name: "x", required: true}, {name: "hook", required: true}}}
	fnCustom       = &opSpec{name: "autograd.custom_function", goName: "RegisterFunc", params: []opParam{{name: "name", required: true}, {name: "forward", required: true}, {name: "backward", required: true}}}
)

// IsLeaf reports whether t is a leaf of the graph: not computed by a recorded operator (every
// tensor that does not require grad is one). False once closed.
func (t *Tensor) IsLeaf() bool {
	if t == nil || t.Closed() {
		return false
	}
	leaf, err := fnIsLeaf.bool(fnIsLeaf.call([]any{t}, nil, nil))
	return err == nil && leaf
}

// GradFnName names the recorded operator that computed t ("" for a leaf or a closed tensor).
func (t *Tensor) GradFnName() string {
	if t == nil || t.Closed() {
		return ""
	}
	name, err := fnGradFnName.any(fnGradFnName.call([]any{t}, nil, nil))
	if s, ok := name.(string); ok && err == nil {
		return s
	}
	return ""
}

// Detach returns a new tensor sharing t's memory, outside the graph: a leaf that does not
// require grad.
func (t *Tensor) Detach() (*Tensor, error) {
	if _, err := t.native("Tensor.Detach"); err != nil {
		return nil, err
	}
	return fnDetach.tensor(fnDetach.call([]any{t}, nil, nil))
}

// RegisterHook calls hook with t's gradient whenever a backward pass computes it (before it is
// accumulated, for a leaf); a non-nil tensor returned replaces the gradient, and an error stops
// the pass and is returned by Backward. t must require grad. The hook runs on the goroutine that
// called Backward or Grad (or on the native thread of another language's backward).
func (t *Tensor) RegisterHook(hook func(grad *Tensor) (*Tensor, error)) error {
	if hook == nil {
		return newError(KindTypeError, "Tensor.RegisterHook: the hook is nil")
	}
	if _, err := t.native("Tensor.RegisterHook"); err != nil {
		return err
	}
	// A nil *Tensor result means "keep the gradient": None for the engine.
	fn := func(args []any) (any, error) {
		var g *Tensor
		if len(args) == 1 {
			g, _ = args[0].(*Tensor)
		}
		if g == nil {
			return nil, newError(KindTypeError, "a gradient hook takes one tensor, got %d arguments", len(args))
		}
		replaced, err := hook(g)
		if err != nil || replaced == nil {
			return nil, err
		}
		return replaced, nil
	}
	f, err := NewFunction(fn)
	if err != nil {
		return err
	}
	defer f.Close()
	return fnRegisterHook.none(fnRegisterHook.call([]any{t, f}, nil, nil))
}
