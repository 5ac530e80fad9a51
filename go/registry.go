// registry.go — the process-wide function registry: registering Go functions, listing and
// removing names.

package ferrule

/*
#include <stdlib.h>
#include "ferrule.h"
#cgo nocallback ferrule_func_list_global_names
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// RegisterOption configures RegisterFunc.
type RegisterOption func(*registerConfig)

type registerConfig struct {
	doc, signature string
	flags          C.int32_t
	backward       any
}

// WithDoc sets the documentation shown by help() in Python and by Function.Info.
func WithDoc(doc string) RegisterOption { return func(c *registerConfig) { c.doc = doc } }

// WithSignature sets a Python-style signature, e.g. "(a: int, b: int = 1) -> int". The registry
// then checks arity and fills defaults for trailing arguments a caller leaves out, and frontends
// with keyword arguments accept them.
func WithSignature(signature string) RegisterOption {
	return func(c *registerConfig) { c.signature = signature }
}

// WithOverride replaces a function already registered under the same name instead of failing
// with a KeyError.
func WithOverride() RegisterOption {
	return func(c *registerConfig) { c.flags |= C.FERRULE_REGISTER_OVERRIDE }
}

// WithLongRunning marks the function as long-running: frontends with an interpreter lock (Python)
// release it around calls.
func WithLongRunning() RegisterOption {
	return func(c *registerConfig) { c.flags |= C.FERRULE_FUNC_LONG_RUNNING }
}

// WithBackward gives the function a backward, so that it takes part in autograd graphs like an
// operator: called while a graph is recorded (an argument requires grad, grad mode on), it adds a
// node, and backward passes call backward(grad, args...) with the gradient of the function's
// result and the arguments of that call. backward returns the gradient of each tensor argument:
// a *Tensor when the function has exactly one tensor argument, else a []*Tensor (or []any) with
// one entry per tensor argument in order, nil where there is none. Each gradient has its
// argument's shape and dtype. backward takes the same function types as fn.
//
// The forward runs with recording off: the operators it calls are not recorded themselves. A
// function registered without WithBackward is recorded too, so that a backward pass through it
// fails with an error naming it, instead of silently leaving its inputs without their share of
// the gradient; call it on Detach-ed tensors or inside NoGrad when no gradient should flow.
func WithBackward(backward any) RegisterOption {
	return func(c *registerConfig) { c.backward = backward }
}

// RegisterFunc registers a Go function under a dotted name, so that Go, Python, C, Rust and
// plugins can call it through the registry (from any thread).
//
// fn is either func(args []any) (any, error), receiving the arguments as Call returns values, or
// any Go func whose parameters can be converted from ferrule values (int64 and the other integer
// types, float64, float32, bool, string, []byte, *Tensor, *Function, DType, Device, slices, maps
// with string keys, any) with results (), (T), (error) or (T, error), e.g. func(a, b int64) int64.
//
// An error returned by fn travels to the caller (a *Error keeps its kind; any other error becomes
// a RuntimeError whose original Go error is kept and returned by Unwrap when the error comes back
// to Go). A panic in fn is recovered and becomes a RuntimeError naming the panic value.
func RegisterFunc(name string, fn any, opts ...RegisterOption) error {
	var cfg registerConfig
	for _, o := range opts {
		o(&cfg)
	}
	cname, err := cString(name, "RegisterFunc", "name")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cname))
	cdoc, err := cString(cfg.doc, "RegisterFunc", "doc")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cdoc))
	csig, err := cString(cfg.signature, "RegisterFunc", "signature")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(csig))

	forward, err := newGoFunctionObject(fn, name)
	if err != nil {
		return err
	}
	wrapped, err := inGraph(name, newFunction(forward), cfg.backward)
	if err != nil {
		return err
	}
	defer wrapped.Close() // the registry holds its own reference
	obj := wrapped.h.get()
	var cerr *C.FerruleObject
	rc := C.ferrule_func_set_global(cname, obj, cdoc, csig, cfg.flags, &cerr)
	runtime.KeepAlive(wrapped)
	if rc != 0 {
		return takeError(cerr)
	}
	return nil
}

// inGraph wraps forward (taking ownership of it) as autograd.custom_function does: the function
// registered under name, which records a node whose backward calls backward (nil: an error
// naming the function). See WithBackward.
func inGraph(name string, forward *Function, backward any) (*Function, error) {
	defer forward.Close()
	var bwd any // None
	if backward != nil {
		call, err := adapt(backward, name+" (backward)")
		if err != nil {
			return nil, withContext(err, "in RegisterFunc(%q), WithBackward", name)
		}
		// A []*Tensor with nil entries ("no gradient") travels as a list with None in them.
		f, err := NewFunction(func(args []any) (any, error) {
			r, err := call(args)
			if ts, ok := r.([]*Tensor); ok && err == nil {
				items := make([]any, len(ts))
				for i, t := range ts {
					if t != nil {
						items[i] = t
					}
				}
				return items, nil
			}
			return r, err
		})
		if err != nil {
			return nil, err
		}
		defer f.Close()
		bwd = f
	}
	r, err := fnCustom.call([]any{name, forward, bwd}, nil, nil)
	if err != nil {
		return nil, withContext(err, "in RegisterFunc(%q)", name)
	}
	wrapped, ok := r.(*Function)
	if !ok {
		return nil, resultError(fnCustom, "Function", r)
	}
	return wrapped, nil
}

// RemoveGlobalFunc removes a registered function (handles already obtained stay valid).
// A missing name is a KeyError.
func RemoveGlobalFunc(name string) error {
	cname, err := cString(name, "RemoveGlobalFunc", "name")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cname))
	var cerr *C.FerruleObject
	if C.ferrule_func_remove_global(cname, &cerr) != 0 {
		return takeError(cerr)
	}
	return nil
}

// ListGlobalFuncNames returns the names of every registered function, sorted.
func ListGlobalFuncNames() ([]string, error) {
	var out, cerr *C.FerruleObject
	if C.ferrule_func_list_global_names(&out, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	v := anyValue{}
	v.setObj(tiArray, out)
	items, err := fromOwned(&v)
	if err != nil {
		return nil, err
	}
	list, _ := items.([]any)
	names := make([]string, 0, len(list))
	for _, item := range list {
		if s, ok := item.(string); ok {
			names = append(names, s)
		}
	}
	return names, nil
}
