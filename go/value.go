// value.go — Go values <-> FerruleAny, the 16-byte tagged value of every packed call.
//
//	Go                                      FerruleAny
//	nil                                     None
//	bool                                    Bool
//	int, int8..int64, uint..uint64          Int (results: int64)
//	float32, float64                        Float (results: float64)
//	complex64, complex128                   Complex (results: complex128)
//	string                                  SmallStr (<= 8 bytes) or Str
//	[]byte                                  SmallBytes (<= 8 bytes) or Bytes
//	[]any and other slices                  Array (results: []any)
//	map[string]any and other maps           Map (results: map[string]any; map[any]any if a key is an int)
//	*Tensor, *Function, *Object             the object (borrowed by the callee)
//	func values                             a Function wrapping the Go function (see NewFunction)
//	*Error                                  an Error object
//	DType, Device, OpaquePtr                DType, Device, OpaquePtr

package ferrule

/*
#include "ferrule.h"
#cgo noescape ferrule_str_create
#cgo nocallback ferrule_str_create
#cgo noescape ferrule_bytes_create
#cgo nocallback ferrule_bytes_create
#cgo noescape ferrule_any_view_bytes
#cgo nocallback ferrule_any_view_bytes
#cgo noescape ferrule_array_create
#cgo nocallback ferrule_array_create
#cgo nocallback ferrule_array_size
#cgo nocallback ferrule_array_items
#cgo noescape ferrule_map_create
#cgo nocallback ferrule_map_create
#cgo nocallback ferrule_map_size
#cgo noescape ferrule_map_items
#cgo nocallback ferrule_map_items
#cgo noescape ferrule_complex_create
#cgo nocallback ferrule_complex_create
#cgo noescape ferrule_complex_parts
#cgo nocallback ferrule_complex_parts
*/
import "C"

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"unicode/utf8"
	"unsafe"
)

// Type indices (FerruleTypeIndex).
const (
	tiNone        = int32(C.FERRULE_TYPE_NONE)
	tiInt         = int32(C.FERRULE_TYPE_INT)
	tiBool        = int32(C.FERRULE_TYPE_BOOL)
	tiFloat       = int32(C.FERRULE_TYPE_FLOAT)
	tiOpaquePtr   = int32(C.FERRULE_TYPE_OPAQUE_PTR)
	tiDType       = int32(C.FERRULE_TYPE_DTYPE)
	tiDevice      = int32(C.FERRULE_TYPE_DEVICE)
	tiSmallStr    = int32(C.FERRULE_TYPE_SMALL_STR)
	tiSmallBytes  = int32(C.FERRULE_TYPE_SMALL_BYTES)
	tiObjectBegin = int32(C.FERRULE_TYPE_STATIC_OBJECT_BEGIN)
	tiStr         = int32(C.FERRULE_TYPE_STR)
	tiBytes       = int32(C.FERRULE_TYPE_BYTES)
	tiError       = int32(C.FERRULE_TYPE_ERROR)
	tiFunction    = int32(C.FERRULE_TYPE_FUNCTION)
	tiArray       = int32(C.FERRULE_TYPE_ARRAY)
	tiMap         = int32(C.FERRULE_TYPE_MAP)
	tiTensor      = int32(C.FERRULE_TYPE_TENSOR)
	tiComplex     = int32(C.FERRULE_TYPE_COMPLEX)
)

// OpaquePtr is an address that ferrule carries but never dereferences.
type OpaquePtr uintptr

// anyValue has the layout of FerruleAny. Its payload is an integer to the garbage collector, so
// the C pointers stored in it are never scanned, and arrays of it may be handed to C.
type anyValue struct {
	typeIndex int32
	smallLen  uint32
	payload   uint64
}

func (v *anyValue) c() *C.FerruleAny { return (*C.FerruleAny)(unsafe.Pointer(v)) }

func (v *anyValue) obj() *C.FerruleObject { return *(**C.FerruleObject)(unsafe.Pointer(&v.payload)) }

func (v *anyValue) setObj(ti int32, p *C.FerruleObject) {
	*v = anyValue{typeIndex: ti, payload: uint64(uintptr(unsafe.Pointer(p)))}
}

func (v *anyValue) setInt(ti int32, x int64) { *v = anyValue{typeIndex: ti, payload: uint64(x)} }

func (v *anyValue) isObject() bool { return v.typeIndex >= tiObjectBegin }

// toAny converts a Go value into `dst` for passing as a borrowed argument. Objects the
// conversion had to create (strings, arrays, ...) are returned as `temp`: the caller releases
// it after the call. Tensors and functions are borrowed: the caller keeps them alive.
func toAny(v any, dst *anyValue) (temp *C.FerruleObject, err error) {
	switch x := v.(type) {
	case nil:
		*dst = anyValue{}
	case bool:
		b := int64(0)
		if x {
			b = 1
		}
		dst.setInt(tiBool, b)
	case int:
		dst.setInt(tiInt, int64(x))
	case int64:
		dst.setInt(tiInt, x)
	case int32:
		dst.setInt(tiInt, int64(x))
	case int16:
		dst.setInt(tiInt, int64(x))
	case int8:
		dst.setInt(tiInt, int64(x))
	case uint8:
		dst.setInt(tiInt, int64(x))
	case uint16:
		dst.setInt(tiInt, int64(x))
	case uint32:
		dst.setInt(tiInt, int64(x))
	case uint:
		return nil, uintToAny(uint64(x), dst)
	case uint64:
		return nil, uintToAny(x, dst)
	case float64:
		dst.setInt(tiFloat, int64(math.Float64bits(x)))
	case float32:
		dst.setInt(tiFloat, int64(math.Float64bits(float64(x))))
	case complex128:
		return complexToAny(x, dst)
	case complex64:
		return complexToAny(complex128(x), dst)
	case string:
		return stringToAny(x, dst)
	case []byte:
		return bytesToAny(x, dst)
	case *Tensor:
		if x == nil {
			return nil, newError(KindTypeError, "expected a tensor, got a nil *Tensor")
		}
		p := x.h.get()
		if p == nil {
			return nil, errClosed("Tensor")
		}
		dst.setObj(tiTensor, p)
	case nativeRef:
		if x.p == nil {
			return nil, newError(KindTypeError, "expected a tensor, got a released native reference")
		}
		dst.setObj(tiTensor, x.p)
	case *Function:
		if x == nil {
			return nil, newError(KindTypeError, "expected a function, got a nil *Function")
		}
		p := x.h.get()
		if p == nil {
			return nil, errClosed("Function")
		}
		dst.setObj(tiFunction, p)
	case *Object:
		if x == nil {
			return nil, newError(KindTypeError, "expected an object, got a nil *Object")
		}
		p := x.h.get()
		if p == nil {
			return nil, errClosed("Object")
		}
		dst.setObj(int32(p.type_index), p)
	case *Error:
		if x == nil {
			return nil, newError(KindTypeError, "expected an error, got a nil *Error")
		}
		p := newCError(x)
		dst.setObj(tiError, p)
		return p, nil
	case DType:
		*dst = anyValue{typeIndex: tiDType}
		*(*C.DLDataType)(unsafe.Pointer(&dst.payload)) = C.DLDataType{code: C.uint8_t(x.Code), bits: C.uint8_t(x.Bits), lanes: C.uint16_t(x.Lanes)}
	case Device:
		*dst = anyValue{typeIndex: tiDevice}
		*(*C.DLDevice)(unsafe.Pointer(&dst.payload)) = C.DLDevice{device_type: C.DLDeviceType(x.Type), device_id: C.int32_t(x.ID)}
	case OpaquePtr:
		dst.setInt(tiOpaquePtr, int64(x))
	case []any:
		return sliceToArray(len(x), func(i int) any { return x[i] }, dst)
	case []int64:
		return sliceToArray(len(x), func(i int) any { return x[i] }, dst)
	case []*Tensor:
		return sliceToArray(len(x), func(i int) any { return x[i] }, dst)
	case map[string]any:
		keys := make([]any, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		return mapToAny(keys, func(k any) any { return x[k.(string)] }, dst)
	default:
		return reflectToAny(v, dst)
	}
	return nil, nil
}

// toOwnedAny converts a Go value into `dst` holding its own reference (for results handed to C).
func toOwnedAny(v any, dst *anyValue) error {
	temp, err := toAny(v, dst)
	if err != nil {
		return err
	}
	if temp == nil && dst.isObject() {
		C.ferrule_object_retain(dst.obj())
	}
	runtime.KeepAlive(v)
	return nil
}

func uintToAny(x uint64, dst *anyValue) error {
	if x > math.MaxInt64 {
		return newError(KindOverflowError, "%d does not fit in a ferrule int (int64)", x)
	}
	dst.setInt(tiInt, int64(x))
	return nil
}

// complexToAny stores a complex number object (a new one, returned as the temporary to release).
func complexToAny(x complex128, dst *anyValue) (*C.FerruleObject, error) {
	var obj, cerr *C.FerruleObject
	if C.ferrule_complex_create(C.double(real(x)), C.double(imag(x)), &obj, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	dst.setObj(tiComplex, obj)
	return obj, nil
}

func stringToAny(s string, dst *anyValue) (*C.FerruleObject, error) {
	if len(s) <= 8 && utf8.ValidString(s) && !containsNUL(s) {
		*dst = anyValue{typeIndex: tiSmallStr, smallLen: uint32(len(s))}
		copy((*[8]byte)(unsafe.Pointer(&dst.payload))[:], s)
		return nil, nil
	}
	var obj, cerr *C.FerruleObject
	if C.ferrule_str_create((*C.char)(unsafe.Pointer(unsafe.StringData(s))), C.size_t(len(s)), &obj, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	dst.setObj(tiStr, obj)
	return obj, nil
}

func bytesToAny(b []byte, dst *anyValue) (*C.FerruleObject, error) {
	if len(b) <= 8 {
		*dst = anyValue{typeIndex: tiSmallBytes, smallLen: uint32(len(b))}
		copy((*[8]byte)(unsafe.Pointer(&dst.payload))[:], b)
		return nil, nil
	}
	var obj, cerr *C.FerruleObject
	if C.ferrule_bytes_create((*C.char)(unsafe.Pointer(unsafe.SliceData(b))), C.size_t(len(b)), &obj, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	dst.setObj(tiBytes, obj)
	return obj, nil
}

func containsNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}

// sliceToArray builds an Array from n Go values.
func sliceToArray(n int, item func(int) any, dst *anyValue) (*C.FerruleObject, error) {
	items := make([]anyValue, n+1) // +1: never a zero-length slice, so &items[0] is valid
	temps := make([]*C.FerruleObject, 0, n)
	defer func() { releaseTemps(temps) }()
	keep := make([]any, n)
	for i := 0; i < n; i++ {
		keep[i] = item(i)
		temp, err := toAny(keep[i], &items[i])
		if err != nil {
			return nil, withContext(err, "in item %d of a list", i)
		}
		if temp != nil {
			temps = append(temps, temp)
		}
	}
	var obj, cerr *C.FerruleObject
	rc := C.ferrule_array_create(items[0].c(), C.int64_t(n), &obj, &cerr)
	runtime.KeepAlive(keep)
	if rc != 0 {
		return nil, takeError(cerr)
	}
	dst.setObj(tiArray, obj)
	return obj, nil
}

// mapToAny builds a Map from Go keys (strings or ints) and a value lookup.
func mapToAny(keys []any, value func(any) any, dst *anyValue) (*C.FerruleObject, error) {
	n := len(keys)
	ks := make([]anyValue, n+1)
	vs := make([]anyValue, n+1)
	temps := make([]*C.FerruleObject, 0, 2*n)
	defer func() { releaseTemps(temps) }()
	keep := make([]any, n)
	for i, k := range keys {
		switch k.(type) {
		case string, int, int64, int32:
		default:
			return nil, newError(KindTypeError, "map keys must be strings or ints, got %T", k)
		}
		temp, err := toAny(k, &ks[i])
		if err != nil {
			return nil, err
		}
		if temp != nil {
			temps = append(temps, temp)
		}
		keep[i] = value(k)
		temp, err = toAny(keep[i], &vs[i])
		if err != nil {
			return nil, withContext(err, "in the value of key %v of a map", k)
		}
		if temp != nil {
			temps = append(temps, temp)
		}
	}
	var obj, cerr *C.FerruleObject
	rc := C.ferrule_map_create(ks[0].c(), vs[0].c(), C.int64_t(n), &obj, &cerr)
	runtime.KeepAlive(keep)
	if rc != 0 {
		return nil, takeError(cerr)
	}
	dst.setObj(tiMap, obj)
	return obj, nil
}

// reflectToAny handles the kinds without a fast case: other slices and arrays, other maps, named
// scalar types and Go functions.
func reflectToAny(v any, dst *anyValue) (*C.FerruleObject, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Uint8 {
			return bytesToAny(rv.Bytes(), dst)
		}
		return sliceToArray(rv.Len(), func(i int) any { return rv.Index(i).Interface() }, dst)
	case reflect.Map:
		keys := make([]any, 0, rv.Len())
		for _, k := range rv.MapKeys() {
			keys = append(keys, k.Interface())
		}
		return mapToAny(keys, func(k any) any { return rv.MapIndex(reflect.ValueOf(k)).Interface() }, dst)
	case reflect.Func:
		if rv.IsNil() {
			return nil, newError(KindTypeError, "expected a function, got a nil %T", v)
		}
		obj, err := newGoFunctionObject(v, "")
		if err != nil {
			return nil, err
		}
		dst.setObj(tiFunction, obj)
		return obj, nil
	case reflect.Bool:
		return toAny(rv.Bool(), dst)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return toAny(rv.Int(), dst)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return nil, uintToAny(rv.Uint(), dst)
	case reflect.Float32, reflect.Float64:
		return toAny(rv.Float(), dst)
	case reflect.Complex64, reflect.Complex128:
		return complexToAny(rv.Complex(), dst)
	case reflect.String:
		return stringToAny(rv.String(), dst)
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			*dst = anyValue{}
			return nil, nil
		}
	}
	return nil, newError(KindTypeError, "cannot pass a Go value of type %T to ferrule", v)
}

func releaseTemps(temps []*C.FerruleObject) {
	for _, t := range temps {
		if t != nil {
			C.ferrule_object_release(t)
		}
	}
}

// fromOwned converts a value holding its own reference into a Go value, consuming the reference.
func fromOwned(v *anyValue) (any, error) {
	switch v.typeIndex {
	case tiNone:
		return nil, nil
	case tiInt:
		return int64(v.payload), nil
	case tiBool:
		return v.payload != 0, nil
	case tiFloat:
		return math.Float64frombits(v.payload), nil
	case tiOpaquePtr:
		return OpaquePtr(v.payload), nil
	case tiDType:
		d := *(*C.DLDataType)(unsafe.Pointer(&v.payload))
		return DType{Code: uint8(d.code), Bits: uint8(d.bits), Lanes: uint16(d.lanes)}, nil
	case tiDevice:
		d := *(*C.DLDevice)(unsafe.Pointer(&v.payload))
		return Device{Type: int32(d.device_type), ID: int32(d.device_id)}, nil
	case tiSmallStr, tiSmallBytes:
		n := min(int(v.smallLen), 8)
		b := (*[8]byte)(unsafe.Pointer(&v.payload))[:n:n]
		if v.typeIndex == tiSmallStr {
			return string(b), nil
		}
		return append([]byte{}, b...), nil
	}
	if !v.isObject() {
		return nil, newError(KindTypeError, "ferrule returned a value of unknown type index %d", v.typeIndex)
	}
	return objectFromOwned(v)
}

// objectFromOwned is fromOwned for object values (kept apart so the scalar path stays small).
func objectFromOwned(v *anyValue) (any, error) {
	p := v.obj()
	switch v.typeIndex {
	case tiTensor:
		return newTensor(p), nil
	case tiFunction:
		return newFunction(p), nil
	}
	defer C.ferrule_object_release(p)
	switch v.typeIndex {
	case tiStr, tiBytes:
		var data *C.char
		var n C.size_t
		if C.ferrule_any_view_bytes(v.c(), &data, &n) != 0 {
			return nil, newError(KindTypeError, "ferrule returned a string object it cannot view")
		}
		b := unsafe.Slice((*byte)(unsafe.Pointer(data)), int(n))
		if v.typeIndex == tiStr {
			return string(b), nil
		}
		return append([]byte{}, b...), nil
	case tiError:
		return readError(p), nil
	case tiComplex:
		var re, im C.double
		if C.ferrule_complex_parts(p, &re, &im) != 0 {
			return nil, newError(KindTypeError, "ferrule returned a complex object it cannot read")
		}
		return complex(float64(re), float64(im)), nil
	case tiArray:
		n := int(C.ferrule_array_size(p))
		out := make([]any, n)
		if n > 0 {
			items := unsafe.Slice((*anyValue)(unsafe.Pointer(C.ferrule_array_items(p))), n)
			for i := range items {
				x, err := fromBorrowed(&items[i])
				if err != nil {
					return nil, err
				}
				out[i] = x
			}
		}
		return out, nil
	case tiMap:
		return mapFromC(p)
	}
	C.ferrule_object_retain(p) // the deferred release drops this one; the Object keeps v's
	return newObject(p), nil
}

// fromBorrowed converts a borrowed value (e.g. an argument or an array item) into a Go value;
// objects get a new reference owned by the Go wrapper.
func fromBorrowed(v *anyValue) (any, error) {
	local := *v
	if local.isObject() {
		C.ferrule_object_retain(local.obj())
	}
	return fromOwned(&local)
}

func mapFromC(p *C.FerruleObject) (any, error) {
	n := int(C.ferrule_map_size(p))
	var ckeys, cvalues *C.FerruleAny
	if n <= 0 || C.ferrule_map_items(p, &ckeys, &cvalues) != 0 {
		return map[string]any{}, nil
	}
	keys := unsafe.Slice((*anyValue)(unsafe.Pointer(ckeys)), n)
	values := unsafe.Slice((*anyValue)(unsafe.Pointer(cvalues)), n)
	goKeys := make([]any, n)
	allStrings := true
	for i := range keys {
		k, err := fromBorrowed(&keys[i])
		if err != nil {
			return nil, err
		}
		_, isString := k.(string)
		allStrings = allStrings && isString
		goKeys[i] = k
	}
	var strMap map[string]any
	var anyMap map[any]any
	if allStrings {
		strMap = make(map[string]any, n)
	} else {
		anyMap = make(map[any]any, n)
	}
	for i := range values {
		x, err := fromBorrowed(&values[i])
		if err != nil {
			return nil, err
		}
		if allStrings {
			strMap[goKeys[i].(string)] = x
		} else {
			anyMap[goKeys[i]] = x
		}
	}
	if allStrings {
		return strMap, nil
	}
	return anyMap, nil
}

// errClosed is the error for using a handle after Close.
func errClosed(what string) error {
	return newError(KindValueError, "the %s has been closed", what)
}

// withContext adds a context line to a *Error (other errors are returned unchanged).
func withContext(err error, format string, args ...any) error {
	if e, ok := err.(*Error); ok {
		e.Context = append(e.Context, fmt.Sprintf(format, args...))
	}
	return err
}
