// tensor.go — Tensor: an opaque handle to a native tensor object (FerruleTensorObject), built
// from Go slices and read back by copying accessors or zero-copy views.

package ferrule

/*
#include "ferrule.h"
#cgo noescape ferrule_tensor_create
#cgo nocallback ferrule_tensor_create
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"unsafe"
)

// Tensor is a handle to a native n-dimensional array. Its memory is freed when the Tensor is
// garbage collected, or at once by Close. Tensors returned by ferrule share memory with whatever
// produced them (views); the copying accessors always return fresh Go slices.
//
// A Tensor may be used from several goroutines; Close must not race with other uses.
type Tensor struct {
	h handle
}

// Number lists the Go element types with a matching tensor dtype.
type Number interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64 | complex64 | complex128
}

func dtypeFor[T Number]() DType {
	var zero T
	switch any(zero).(type) {
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case uint8:
		return Uint8
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	case float32:
		return Float32
	case float64:
		return Float64
	case complex64:
		return Complex64
	default:
		return Complex128
	}
}

func newTensor(p *C.FerruleObject) *Tensor {
	t := &Tensor{}
	attach(t, &t.h, p, finalizeTensor)
	return t
}

// NewTensor creates a C-contiguous tensor holding a copy of data. With no shape it is
// one-dimensional; otherwise the shape's element count must equal len(data).
func NewTensor[T Number](data []T, shape ...int64) (*Tensor, error) {
	return fromSlice(data, dtypeFor[T](), shape, "NewTensor")
}

// NewScalar creates a zero-dimensional tensor holding v.
func NewScalar[T Number](v T) (*Tensor, error) {
	return fromSlice([]T{v}, dtypeFor[T](), []int64{}, "NewScalar")
}

// FromFloat32s creates a float32 tensor holding a copy of data (see NewTensor for shape rules).
func FromFloat32s(data []float32, shape ...int64) (*Tensor, error) {
	return fromSlice(data, Float32, shape, "FromFloat32s")
}

// FromFloat64s creates a float64 tensor holding a copy of data (see NewTensor for shape rules).
func FromFloat64s(data []float64, shape ...int64) (*Tensor, error) {
	return fromSlice(data, Float64, shape, "FromFloat64s")
}

// FromInt64s creates an int64 tensor holding a copy of data (see NewTensor for shape rules).
func FromInt64s(data []int64, shape ...int64) (*Tensor, error) {
	return fromSlice(data, Int64, shape, "FromInt64s")
}

// FromInt32s creates an int32 tensor holding a copy of data (see NewTensor for shape rules).
func FromInt32s(data []int32, shape ...int64) (*Tensor, error) {
	return fromSlice(data, Int32, shape, "FromInt32s")
}

// FromBools creates a bool tensor holding a copy of data (see NewTensor for shape rules).
func FromBools(data []bool, shape ...int64) (*Tensor, error) {
	return fromSlice(data, Bool, shape, "FromBools")
}

// NewZeros creates a zero-filled, C-contiguous CPU tensor of the given dtype and shape (no shape:
// a zero-dimensional tensor).
func NewZeros(dtype DType, shape ...int64) (*Tensor, error) {
	var shapePtr *C.int64_t
	if len(shape) > 0 {
		shapePtr = (*C.int64_t)(unsafe.Pointer(&shape[0]))
	}
	if len(shape) > math.MaxInt32 {
		return nil, newError(KindValueError, "NewZeros: too many dimensions")
	}
	cdtype := C.DLDataType{code: C.uint8_t(dtype.Code), bits: C.uint8_t(dtype.Bits), lanes: C.uint16_t(dtype.Lanes)}
	cdevice := C.DLDevice{device_type: C.kDLCPU, device_id: 0}
	var out, cerr *C.FerruleObject
	if C.ferrule_tensor_create(shapePtr, C.int32_t(len(shape)), cdtype, cdevice, &out, &cerr) != 0 {
		return nil, takeError(cerr)
	}
	return newTensor(out), nil
}

func fromSlice[T any](data []T, dtype DType, shape []int64, function string) (*Tensor, error) {
	var flat [1]int64
	if shape == nil {
		flat[0] = int64(len(data))
		shape = flat[:]
	}
	n, err := elementCount(shape)
	if err != nil {
		return nil, withContext(err, "in %s", function)
	}
	if n != int64(len(data)) {
		return nil, newError(KindValueError, "%s: shape %s holds %d elements but data has %d", function, shapeString(shape), n, len(data))
	}
	t, err := NewZeros(dtype, shape...)
	if err != nil {
		return nil, err
	}
	if n > 0 {
		dst := unsafe.Slice((*T)(t.dl().data), n)
		copy(dst, data)
	}
	runtime.KeepAlive(t)
	return t, nil
}

// elementCount multiplies a shape out, rejecting negative dimensions and overflow.
func elementCount(shape []int64) (int64, error) {
	n := int64(1)
	for i, d := range shape {
		if d < 0 {
			return 0, newError(KindValueError, "dimension %d of shape %s is negative", i, shapeString(shape))
		}
		if d != 0 && n > math.MaxInt64/d {
			return 0, newError(KindValueError, "shape %s has too many elements", shapeString(shape))
		}
		n *= d
	}
	return n, nil
}

// shapeString formats a shape like fmt's %v without letting the slice escape to the heap.
func shapeString(shape []int64) string {
	b := []byte{'['}
	for i, d := range shape {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, d, 10)
	}
	return string(append(b, ']'))
}

// dl returns the tensor's DLTensor, or nil once closed. The caller keeps t alive while using it.
func (t *Tensor) dl() *C.DLTensor {
	if t == nil {
		return nil
	}
	p := t.h.get()
	if p == nil {
		return nil
	}
	return &(*C.FerruleTensorObject)(unsafe.Pointer(p)).tensor
}

// Close releases the native tensor now (its memory goes once no view or other owner needs it).
// Idempotent; methods on a closed tensor return errors or zero values.
func (t *Tensor) Close() {
	if t != nil {
		t.h.close(t)
	}
}

// Closed reports whether Close has been called.
func (t *Tensor) Closed() bool { return t == nil || t.h.ptr.Load() == nil }

// Ndim returns the number of dimensions (0 once closed).
func (t *Tensor) Ndim() int {
	dl := t.dl()
	if dl == nil {
		return 0
	}
	n := int(dl.ndim)
	runtime.KeepAlive(t)
	return n
}

// Shape returns a copy of the shape (nil once closed; empty for a zero-dimensional tensor).
func (t *Tensor) Shape() []int64 {
	dl := t.dl()
	if dl == nil {
		return nil
	}
	shape := copyInt64s(unsafe.Pointer(dl.shape), int(dl.ndim))
	runtime.KeepAlive(t)
	return shape
}

// Strides returns a copy of the strides, in elements (nil once closed).
func (t *Tensor) Strides() []int64 {
	dl := t.dl()
	if dl == nil {
		return nil
	}
	strides := copyInt64s(unsafe.Pointer(dl.strides), int(dl.ndim))
	runtime.KeepAlive(t)
	return strides
}

// copyInt64s copies n native int64s at p (shape or strides of a DLTensor) into Go memory.
func copyInt64s(p unsafe.Pointer, n int) []int64 {
	return append([]int64{}, unsafe.Slice((*int64)(p), n)...)
}

// DType returns the element type (the zero DType once closed).
func (t *Tensor) DType() DType {
	dl := t.dl()
	if dl == nil {
		return DType{}
	}
	d := DType{Code: uint8(dl.dtype.code), Bits: uint8(dl.dtype.bits), Lanes: uint16(dl.dtype.lanes)}
	runtime.KeepAlive(t)
	return d
}

// Device returns where the tensor's memory lives (the zero Device once closed).
func (t *Tensor) Device() Device {
	dl := t.dl()
	if dl == nil {
		return Device{}
	}
	d := Device{Type: int32(dl.device.device_type), ID: int32(dl.device.device_id)}
	runtime.KeepAlive(t)
	return d
}

// NumElements returns the number of elements (0 once closed).
func (t *Tensor) NumElements() int64 {
	n, _ := elementCount(t.Shape())
	return n
}

// String describes the tensor, e.g. "Tensor(shape=[2 3], dtype=float32)".
func (t *Tensor) String() string {
	if t.Closed() {
		return "Tensor(closed)"
	}
	return fmt.Sprintf("Tensor(shape=%v, dtype=%s)", t.Shape(), t.DType())
}

// Float32s returns a copy of the elements of a float32 tensor in row-major order.
func (t *Tensor) Float32s() ([]float32, error) { return copyOut[float32](t, Float32, "Float32s") }

// Float64s returns a copy of the elements of a float64 tensor in row-major order.
func (t *Tensor) Float64s() ([]float64, error) { return copyOut[float64](t, Float64, "Float64s") }

// Int64s returns a copy of the elements of an int64 tensor in row-major order.
func (t *Tensor) Int64s() ([]int64, error) { return copyOut[int64](t, Int64, "Int64s") }

// Int32s returns a copy of the elements of an int32 tensor in row-major order.
func (t *Tensor) Int32s() ([]int32, error) { return copyOut[int32](t, Int32, "Int32s") }

// Bools returns a copy of the elements of a bool tensor in row-major order.
func (t *Tensor) Bools() ([]bool, error) {
	raw, err := copyOut[uint8](t, Bool, "Bools")
	if err != nil {
		return nil, err
	}
	out := make([]bool, len(raw))
	for i, b := range raw {
		out[i] = b != 0
	}
	return out, nil
}

// Data returns a copy of the elements of t in row-major order; T must match the tensor's dtype.
func Data[T Number](t *Tensor) ([]T, error) { return copyOut[T](t, dtypeFor[T](), "Data") }

// UnsafeFloat32s returns the elements of a C-contiguous float32 tensor without copying: the
// slice aliases native memory, so it is valid only while t is alive and not closed. Keep t
// reachable (runtime.KeepAlive(t) after the last use of the slice) and do not call Close while
// the slice is in use. Writes through the slice are seen by every holder of the tensor.
func (t *Tensor) UnsafeFloat32s() ([]float32, error) {
	return view[float32](t, Float32, "UnsafeFloat32s")
}

// UnsafeFloat64s is UnsafeFloat32s for float64 tensors (same lifetime rules).
func (t *Tensor) UnsafeFloat64s() ([]float64, error) {
	return view[float64](t, Float64, "UnsafeFloat64s")
}

// UnsafeInt64s is UnsafeFloat32s for int64 tensors (same lifetime rules).
func (t *Tensor) UnsafeInt64s() ([]int64, error) { return view[int64](t, Int64, "UnsafeInt64s") }

// UnsafeInt32s is UnsafeFloat32s for int32 tensors (same lifetime rules).
func (t *Tensor) UnsafeInt32s() ([]int32, error) { return view[int32](t, Int32, "UnsafeInt32s") }

// UnsafeData is UnsafeFloat32s for any element type T matching the tensor's dtype (same
// lifetime rules).
func UnsafeData[T Number](t *Tensor) ([]T, error) { return view[T](t, dtypeFor[T](), "UnsafeData") }

// checked returns the DLTensor of an open CPU tensor of dtype `want`.
func (t *Tensor) checked(want DType, function string) (*C.DLTensor, error) {
	if t == nil {
		return nil, newError(KindTypeError, "%s: the tensor is nil", function)
	}
	dl := t.dl()
	if dl == nil {
		return nil, errClosed("Tensor")
	}
	got := DType{Code: uint8(dl.dtype.code), Bits: uint8(dl.dtype.bits), Lanes: uint16(dl.dtype.lanes)}
	if got != want {
		return nil, newError(KindTypeError, "%s: the tensor has dtype %s, not %s", function, got, want)
	}
	if dl.device.device_type != C.kDLCPU {
		return nil, newError(KindValueError, "%s: the tensor is on %s, not the CPU", function, Device{Type: int32(dl.device.device_type), ID: int32(dl.device.device_id)})
	}
	return dl, nil
}

func copyOut[T any](t *Tensor, want DType, function string) ([]T, error) {
	dl, err := t.checked(want, function)
	if err != nil {
		return nil, err
	}
	ndim := int(dl.ndim)
	shape := unsafe.Slice((*int64)(unsafe.Pointer(dl.shape)), ndim)
	strides := unsafe.Slice((*int64)(unsafe.Pointer(dl.strides)), ndim)
	n, err := elementCount(shape)
	if err != nil {
		return nil, err
	}
	out := make([]T, n)
	if n > 0 {
		base := unsafe.Add(dl.data, dl.byte_offset)
		if contiguous(shape, strides) {
			copy(out, unsafe.Slice((*T)(base), n))
		} else {
			walkStrided(out, base, shape, strides)
		}
	}
	runtime.KeepAlive(t)
	return out, nil
}

// walkStrided copies the elements at base (strides in elements) into out in row-major order.
func walkStrided[T any](out []T, base unsafe.Pointer, shape, strides []int64) {
	var zero T
	size := int64(unsafe.Sizeof(zero))
	ndim := len(shape)
	index := make([]int64, ndim)
	offset := int64(0) // in elements
	for i := range out {
		out[i] = *(*T)(unsafe.Add(base, offset*size))
		for d := ndim - 1; d >= 0; d-- {
			index[d]++
			offset += strides[d]
			if index[d] < shape[d] {
				break
			}
			offset -= strides[d] * shape[d]
			index[d] = 0
		}
	}
}

// contiguous reports whether the strides are those of a C-contiguous layout (dimensions of
// extent 1 may have any stride).
func contiguous(shape, strides []int64) bool {
	expected := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] != 1 && strides[d] != expected {
			return false
		}
		expected *= shape[d]
	}
	return true
}

func view[T any](t *Tensor, want DType, function string) ([]T, error) {
	dl, err := t.checked(want, function)
	if err != nil {
		return nil, err
	}
	ndim := int(dl.ndim)
	shape := unsafe.Slice((*int64)(unsafe.Pointer(dl.shape)), ndim)
	strides := unsafe.Slice((*int64)(unsafe.Pointer(dl.strides)), ndim)
	if !contiguous(shape, strides) {
		return nil, newError(KindValueError, "%s: the tensor is not C-contiguous (strides %v); use the copying accessor", function, strides)
	}
	n, err := elementCount(shape)
	if err != nil {
		return nil, err
	}
	var out []T
	if n > 0 {
		out = unsafe.Slice((*T)(unsafe.Add(dl.data, dl.byte_offset)), n)
	}
	runtime.KeepAlive(t)
	return out, nil
}
