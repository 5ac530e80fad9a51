// function.go — Function: packed functions, calling them from Go, and Go functions wrapped so
// that native code (Rust, C, Python, plugins) can call them.

package ferrule

/*
#include <stdlib.h>
#include "shim.h"
#cgo noescape ferrule_func_get_global
#cgo nocallback ferrule_func_get_global
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/cgo"
	"strings"
	"unsafe"
)

const inlineArgs = int(C.FERRULE_GO_INLINE_ARGS)

// Function is a handle to a native packed function: one registered in the global registry, one
// returned by a call, or a Go function wrapped by NewFunction. It is released when garbage
// collected, or at once by Close.
type Function struct {
	h handle
}

func newFunction(p *C.FerruleObject) *Function {
	f := &Function{}
	attach(f, &f.h, p, finalizeFunction)
	return f
}

// GetGlobalFunc looks up a function in the process-wide registry by its dotted name.
// A missing name is a KeyError.
func GetGlobalFunc(name string) (*Function, error) {
	cname, err := cString(name, "GetGlobalFunc", "name")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cname))
	var out, cerr *C.FerruleObject
	if C.ferrule_func_get_global(cname, &out, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	return newFunction(out), nil
}

// Call calls the function with Go values as arguments (see value.go for the mapping) and returns
// its result as a Go value: nil, bool, int64, float64, string, []byte, []any, map[string]any,
// *Tensor, *Function, *Error (an error object returned as a value), DType, Device or *Object.
// A failure of the function (or bad arguments) is returned as a *Error.
//
// Tensors and functions passed in are borrowed for the duration of the call.
func (f *Function) Call(args ...any) (any, error) {
	out, err := f.callOwned(args)
	if err != nil {
		return nil, err
	}
	return fromOwned(&out)
}

// callOwned is Call returning the result as the owned native value, not converted to a Go value
// (the optimizers keep their temporaries native: no Go handle, no finalizer to set).
func (f *Function) callOwned(args []any) (anyValue, error) {
	if f == nil {
		return anyValue{}, newError(KindTypeError, "Call on a nil *Function")
	}
	p := f.h.get()
	if p == nil {
		return anyValue{}, errClosed("Function")
	}
	addr := C.uintptr_t(uintptr(unsafe.Pointer(p)))
	var r C.ferrule_go_result
	switch n := len(args); {
	case n == 0:
		r = C.ferrule_go_call0(addr)
	case n <= inlineArgs:
		// Arguments travel by value: no Go pointer reaches C, nothing escapes to the heap, and a
		// callback into Go that moves this goroutine's stack cannot invalidate them.
		var packed C.ferrule_go_args
		values := (*[inlineArgs]anyValue)(unsafe.Pointer(&packed.items))
		var temps [inlineArgs]*C.FerruleObject
		for i, a := range args {
			temp, err := toAny(a, &values[i])
			if err != nil {
				releaseTemps(temps[:i])
				return anyValue{}, argError(i, err)
			}
			temps[i] = temp
		}
		r = C.ferrule_go_call_inline(addr, packed, C.int32_t(n))
		releaseTemps(temps[:n])
	default:
		if n > 1<<30 {
			return anyValue{}, newError(KindValueError, "Call: too many arguments (%d)", n)
		}
		// A heap slice does not move, so C may read it across callbacks.
		values := make([]anyValue, n)
		temps := make([]*C.FerruleObject, n)
		for i, a := range args {
			temp, err := toAny(a, &values[i])
			if err != nil {
				releaseTemps(temps[:i])
				return anyValue{}, argError(i, err)
			}
			temps[i] = temp
		}
		r = C.ferrule_go_call_array(addr, values[0].c(), C.int32_t(n))
		releaseTemps(temps)
	}
	runtime.KeepAlive(f)
	for i := range args {
		runtime.KeepAlive(args[i])
	}
	if r.rc != 0 {
		return anyValue{}, nameSlices(takeError(r.err), args)
	}
	return *(*anyValue)(unsafe.Pointer(&r.out)), nil
}

// nameSlices rewrites a TypeError that says an argument was an "Array" (the registry's word for
// any sequence) to name the Go slice the caller passed: "got a slice ([]interface {})". The
// argument is the one the message names by position ("argument 2 ..."), else the only slice.
func nameSlices(err error, args []any) error {
	e, ok := err.(*Error)
	if !ok || e.Kind != KindTypeError {
		return err
	}
	at := strings.Index(e.Message, "got Array")
	if at < 0 {
		return err
	}
	isSlice := func(a any) bool {
		if _, bytes := a.([]byte); bytes || a == nil {
			return false
		}
		return reflect.TypeOf(a).Kind() == reflect.Slice
	}
	index := -1
	if p := strings.LastIndex(e.Message[:at], "argument "); p >= 0 {
		var n int
		if _, scanErr := fmt.Sscanf(e.Message[p+len("argument "):], "%d", &n); scanErr == nil && n >= 1 && n <= len(args) {
			index = n - 1
		}
	}
	if index < 0 {
		for i, a := range args {
			if isSlice(a) {
				if index >= 0 {
					return err // several slices and no position: leave the message as it is
				}
				index = i
			}
		}
	}
	if index < 0 || !isSlice(args[index]) {
		return err
	}
	e.Message = fmt.Sprintf("%sgot a slice (%T)%s", e.Message[:at], args[index], e.Message[at+len("got Array"):])
	return e
}

// argError names the argument position in a conversion error.
func argError(i int, err error) error {
	return withContext(err, "in argument %d", i)
}

// Close releases the function handle now. Idempotent. A registered function stays registered.
func (f *Function) Close() {
	if f != nil {
		f.h.close(f)
	}
}

// Info returns the function's metadata: "name", "doc", "signature", "returns", "flags",
// "has_signature" and "params" (see ferrule_func_get_info in ferrule.h).
func (f *Function) Info() (map[string]any, error) {
	if f == nil {
		return nil, newError(KindTypeError, "Info on a nil *Function")
	}
	p := f.h.get()
	if p == nil {
		return nil, errClosed("Function")
	}
	var out, cerr *C.FerruleObject
	rc := C.ferrule_func_get_info(p, &out, &cerr)
	runtime.KeepAlive(f)
	if rc != 0 {
		return nil, takeError(cerr)
	}
	v := anyValue{}
	v.setObj(tiMap, out)
	info, err := fromOwned(&v)
	if err != nil {
		return nil, err
	}
	m, _ := info.(map[string]any)
	return m, nil
}

// NewFunction wraps a Go function as a native function object, without registering it; pass it
// to Call (e.g. to testing.apply) or register it with RegisterFunc. See RegisterFunc for the
// accepted function types. Passing a Go func value straight to Call does the same implicitly.
func NewFunction(fn any) (*Function, error) {
	p, err := newGoFunctionObject(fn, "")
	if err != nil {
		return nil, err
	}
	return newFunction(p), nil
}

// goFunc is the state behind a Go function object, reached from C through a cgo.Handle.
type goFunc struct {
	name string
	call func(args []any) (any, error)
}

// newGoFunctionObject creates a function object (new reference) calling fn.
func newGoFunctionObject(fn any, name string) (*C.FerruleObject, error) {
	call, err := adapt(fn, name)
	if err != nil {
		return nil, err
	}
	h := cgo.NewHandle(&goFunc{name: name, call: call})
	var out, cerr *C.FerruleObject
	if C.ferrule_go_func_create(C.uintptr_t(h), &out, &cerr) != 0 {
		h.Delete()
		return nil, takeError(cerr)
	}
	return out, nil
}

// ferruleGoInvoke is the C trampoline's way into Go: it runs a Go function object on whatever
// thread native code calls it from. A panic becomes a RuntimeError; nothing unwinds into C.
//
//export ferruleGoInvoke
func ferruleGoInvoke(state C.uintptr_t, args *C.FerruleAny, numArgs C.int32_t, out *C.FerruleAny, errOut **C.FerruleObject) (rc C.int32_t) {
	var gf *goFunc
	defer func() {
		if r := recover(); r != nil {
			name := "a Go function"
			if gf != nil && gf.name != "" {
				name = gf.name
			}
			*errOut = newCErrorText(KindRuntimeError, fmt.Sprintf("panic in %s: %v", name, r))
			rc = -1
		}
	}()
	gf = cgo.Handle(state).Value().(*goFunc)
	goArgs := make([]any, int(numArgs))
	if numArgs > 0 {
		values := unsafe.Slice((*anyValue)(unsafe.Pointer(args)), int(numArgs))
		for i := range values {
			v, err := fromBorrowed(&values[i])
			if err != nil {
				*errOut = newCError(argError(i, err))
				return -1
			}
			goArgs[i] = v
		}
	}
	result, err := gf.call(goArgs)
	if err != nil {
		*errOut = newCError(err)
		return -1
	}
	if err := toOwnedAny(result, (*anyValue)(unsafe.Pointer(out))); err != nil {
		*errOut = newCError(withContext(err, "in the result of %s", gf.displayName()))
		return -1
	}
	return 0
}

func (gf *goFunc) displayName() string {
	if gf.name == "" {
		return "a Go function"
	}
	return gf.name
}

// ferruleGoDeleteHandle frees the Go state of a function object or an error payload; native code
// calls it, from any thread, when the object dies.
//
//export ferruleGoDeleteHandle
func ferruleGoDeleteHandle(state C.uintptr_t) {
	cgo.Handle(state).Delete()
}

var errorType = reflect.TypeFor[error]()

// adapt turns a Go function into the packed form. Accepted: func([]any) (any, error) as is, and
// any other func whose parameters and results are convertible from and to ferrule values (by
// reflection): results may be (), (T), (error) or (T, error); a variadic last parameter takes the
// remaining arguments.
func adapt(fn any, name string) (func([]any) (any, error), error) {
	if fn == nil {
		return nil, newError(KindTypeError, "expected a Go function, got nil")
	}
	if f, ok := fn.(func([]any) (any, error)); ok {
		return f, nil
	}
	rv := reflect.ValueOf(fn)
	ft := rv.Type()
	if ft.Kind() != reflect.Func || rv.IsNil() {
		return nil, newError(KindTypeError, "expected a Go function, got %T", fn)
	}
	nout := ft.NumOut()
	returnsError := nout > 0 && ft.Out(nout-1) == errorType
	nvalues := nout
	if returnsError {
		nvalues--
	}
	if nvalues > 1 {
		return nil, newError(KindTypeError, "a Go function called through ferrule returns at most one value and an error, not %s", ft)
	}
	display := name
	if display == "" {
		display = "Go function " + ft.String()
	}
	nin := ft.NumIn()
	variadic := ft.IsVariadic()
	return func(args []any) (any, error) {
		if (!variadic && len(args) != nin) || (variadic && len(args) < nin-1) {
			want := fmt.Sprint(nin)
			if variadic {
				want = fmt.Sprintf("at least %d", nin-1)
			}
			return nil, newError(KindTypeError, "%s takes %s arguments but %d were given", display, want, len(args))
		}
		in := make([]reflect.Value, len(args))
		for i, a := range args {
			var t reflect.Type
			if variadic && i >= nin-1 {
				t = ft.In(nin - 1).Elem()
			} else {
				t = ft.In(i)
			}
			v, err := convertTo(a, t)
			if err != nil {
				return nil, withContext(err, "in argument %d of %s", i, display)
			}
			in[i] = v
		}
		out := rv.Call(in)
		if returnsError {
			if e := out[nout-1].Interface(); e != nil {
				return nil, e.(error)
			}
		}
		if nvalues == 0 {
			return nil, nil
		}
		return out[0].Interface(), nil
	}, nil
}

// convertTo converts a ferrule value (as fromOwned produces it) to the Go type t.
func convertTo(v any, t reflect.Type) (reflect.Value, error) {
	if v == nil {
		switch t.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Slice, reflect.Map, reflect.Func:
			return reflect.Zero(t), nil
		}
		return reflect.Value{}, newError(KindTypeError, "expected %s, got None", t)
	}
	rv := reflect.ValueOf(v)
	if rv.Type().AssignableTo(t) {
		if t.Kind() == reflect.Interface {
			out := reflect.New(t).Elem()
			out.Set(rv)
			return out, nil
		}
		return rv, nil
	}
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if i, ok := v.(int64); ok {
			if out.OverflowInt(i) {
				return reflect.Value{}, newError(KindOverflowError, "%d does not fit in %s", i, t)
			}
			out.SetInt(i)
			return out, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if i, ok := v.(int64); ok {
			if i < 0 || out.OverflowUint(uint64(i)) {
				return reflect.Value{}, newError(KindOverflowError, "%d does not fit in %s", i, t)
			}
			out.SetUint(uint64(i))
			return out, nil
		}
	case reflect.Float32, reflect.Float64:
		switch x := v.(type) {
		case float64:
			out.SetFloat(x)
			return out, nil
		case int64:
			out.SetFloat(float64(x))
			return out, nil
		}
	case reflect.Bool:
		if b, ok := v.(bool); ok {
			out.SetBool(b)
			return out, nil
		}
	case reflect.String:
		if s, ok := v.(string); ok {
			out.SetString(s)
			return out, nil
		}
	case reflect.Slice:
		if items, ok := v.([]any); ok {
			s := reflect.MakeSlice(t, len(items), len(items))
			for i, item := range items {
				x, err := convertTo(item, t.Elem())
				if err != nil {
					return reflect.Value{}, withContext(err, "in item %d", i)
				}
				s.Index(i).Set(x)
			}
			return s, nil
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok && t.Key().Kind() == reflect.String {
			out := reflect.MakeMapWithSize(t, len(m))
			for k, item := range m {
				x, err := convertTo(item, t.Elem())
				if err != nil {
					return reflect.Value{}, withContext(err, "in the value of key %q", k)
				}
				out.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), x)
			}
			return out, nil
		}
	}
	return reflect.Value{}, newError(KindTypeError, "expected %s, got %s", t, typeName(v))
}

// typeName names a ferrule value's type the way error messages elsewhere do (typeNames).
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return typeNames[tiNone]
	case int64:
		return typeNames[tiInt]
	case float64:
		return typeNames[tiFloat]
	case bool:
		return typeNames[tiBool]
	case string:
		return typeNames[tiStr]
	case []byte:
		return typeNames[tiBytes]
	case []any:
		return typeNames[tiArray]
	case map[string]any, map[any]any:
		return typeNames[tiMap]
	case *Tensor:
		return typeNames[tiTensor]
	case *Function:
		return typeNames[tiFunction]
	}
	return fmt.Sprintf("%T", v)
}
