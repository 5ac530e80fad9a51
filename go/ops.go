// ops.go — the machinery behind the generated operator wrappers of ops_gen.go: keyword options,
// packing arguments in the registered order, and typed results.

package ferrule

import (
	"sync/atomic"
)

// Option is a keyword argument of an operator wrapper, made by the generated option functions
// (e.g. Axis(1), Keepdims(true), Out(t)). Passing an option the operator does not take is a
// TypeError.
type Option struct {
	name  string
	value any
}

// Name returns the keyword argument's name as the schema spells it (e.g. "keepdims").
func (o Option) Name() string { return o.name }

// opParam is one fixed parameter of an operator, in packed order.
type opParam struct {
	name     string
	required bool // a parameter of the Go wrapper; otherwise set by an Option or defaulted
	def      any  // the default of an optional parameter
}

// opSpec describes one operator for its generated wrapper.
type opSpec struct {
	name     string // registered name, e.g. "ops.add"
	goName   string // wrapper name, e.g. "Add"
	params   []opParam
	variadic bool // a *args parameter follows the fixed ones
	fn       atomic.Pointer[Function]
}

// function returns the registered function, looked up once.
func (s *opSpec) function() (*Function, error) {
	if f := s.fn.Load(); f != nil {
		return f, nil
	}
	f, err := GetGlobalFunc(s.name)
	if err != nil {
		return nil, withContext(err, "in ferrule.%s", s.goName)
	}
	if !s.fn.CompareAndSwap(nil, f) {
		f.Close()
		return s.fn.Load(), nil
	}
	return f, nil
}

// call packs the wrapper's required arguments, the options (defaults for the rest) and the
// variadic arguments in the registered order, and calls the operator. Trailing optional
// parameters left unset are omitted so the registry fills their defaults.
func (s *opSpec) call(required []any, variadic []any, opts []Option) (any, error) {
	var buf [inlineArgs]any
	f, args, err := s.pack(&buf, required, variadic, opts)
	if err != nil {
		return nil, err
	}
	return f.Call(args...)
}

// pack looks the operator up and lays out its arguments (in buf when they fit).
func (s *opSpec) pack(buf *[inlineArgs]any, required []any, variadic []any, opts []Option) (*Function, []any, error) {
	f, err := s.function()
	if err != nil {
		return nil, nil, err
	}
	var slots []any
	if len(s.params) <= len(buf) {
		slots = buf[:len(s.params)]
	} else {
		slots = make([]any, len(s.params))
	}
	last := -1
	next := 0
	for i, p := range s.params {
		if p.required {
			if next >= len(required) {
				return nil, nil, newError(KindTypeError, "ferrule.%s: missing argument '%s'", s.goName, p.name)
			}
			slots[i] = required[next]
			next++
			last = i
		} else {
			slots[i] = p.def
		}
	}
	for _, o := range opts {
		i := s.index(o.name)
		if i < 0 {
			return nil, nil, newError(KindTypeError, "ferrule.%s: unexpected option '%s'", s.goName, o.name)
		}
		if s.params[i].required {
			return nil, nil, newError(KindTypeError, "ferrule.%s: argument '%s' is passed positionally, not as an option", s.goName, o.name)
		}
		slots[i] = o.value
		last = max(last, i)
	}
	for i := range slots {
		if t, ok := slots[i].(*Tensor); ok && t == nil {
			return nil, nil, newError(KindTypeError, "ferrule.%s: argument '%s' is a nil *Tensor", s.goName, s.params[i].name)
		}
	}
	args := slots[:last+1]
	if s.variadic {
		args = append(slots[:len(slots):len(slots)], variadic...)
	}
	return f, args, nil
}

// raw calls the operator like call and returns its tensor result as a native reference with no
// Go handle, which the caller releases (see nativeRef).
func (s *opSpec) raw(required []any, opts ...Option) (nativeRef, error) {
	var buf [inlineArgs]any
	f, args, err := s.pack(&buf, required, nil, opts)
	if err != nil {
		return nativeRef{}, err
	}
	out, err := f.callOwned(args)
	if err != nil {
		return nativeRef{}, err
	}
	if out.typeIndex != tiTensor {
		got, _ := fromOwned(&out) // releases it
		return nativeRef{}, resultError(s, "Tensor", got)
	}
	return nativeRef{out.obj()}, nil
}

func (s *opSpec) index(name string) int {
	for i := range s.params {
		if s.params[i].name == name {
			return i
		}
	}
	return -1
}

// tensorArgs turns a []*Tensor into arguments (for *args of tensors).
func tensorArgs(ts []*Tensor) []any {
	out := make([]any, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

func resultError(s *opSpec, want string, got any) error {
	return newError(KindTypeError, "ferrule.%s: %s returned %s, expected %s", s.goName, s.name, typeName(got), want)
}

// The typed results of the generated wrappers.

func (s *opSpec) tensor(r any, err error) (*Tensor, error) {
	if err != nil {
		return nil, err
	}
	t, ok := r.(*Tensor)
	if !ok {
		return nil, resultError(s, "Tensor", r)
	}
	return t, nil
}

func (s *opSpec) tensors(r any, err error) ([]*Tensor, error) {
	if err != nil {
		return nil, err
	}
	items, ok := r.([]any)
	if !ok {
		return nil, resultError(s, "a list of tensors", r)
	}
	out := make([]*Tensor, len(items))
	for i, item := range items {
		if out[i], ok = item.(*Tensor); !ok {
			return nil, resultError(s, "a list of tensors", item)
		}
	}
	return out, nil
}

func (s *opSpec) bool(r any, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	b, ok := r.(bool)
	if !ok {
		return false, resultError(s, "bool", r)
	}
	return b, nil
}

func (s *opSpec) int(r any, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	i, ok := r.(int64)
	if !ok {
		return 0, resultError(s, "int", r)
	}
	return i, nil
}

func (s *opSpec) float(r any, err error) (float64, error) {
	if err != nil {
		return 0, err
	}
	switch x := r.(type) {
	case float64:
		return x, nil
	case int64:
		return float64(x), nil
	}
	return 0, resultError(s, "float", r)
}

func (s *opSpec) string(r any, err error) (string, error) {
	if err != nil {
		return "", err
	}
	str, ok := r.(string)
	if !ok {
		return "", resultError(s, "str", r)
	}
	return str, nil
}

func (s *opSpec) none(_ any, err error) error { return err }

func (s *opSpec) any(r any, err error) (any, error) { return r, err }
