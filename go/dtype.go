// dtype.go — element types and devices, with the same bits as DLPack's DLDataType and DLDevice.

package ferrule

import "fmt"

// DType is a tensor element type: a DLPack type code, a bit width and a lane count.
type DType struct {
	Code  uint8
	Bits  uint8
	Lanes uint16
}

// DLPack type codes.
const (
	codeInt     = 0
	codeUInt    = 1
	codeFloat   = 2
	codeBFloat  = 4
	codeComplex = 5
	codeBool    = 6
)

// The element types ferrule supports.
var (
	Bool       = DType{codeBool, 8, 1}
	Int8       = DType{codeInt, 8, 1}
	Int16      = DType{codeInt, 16, 1}
	Int32      = DType{codeInt, 32, 1}
	Int64      = DType{codeInt, 64, 1}
	Uint8      = DType{codeUInt, 8, 1}
	Uint16     = DType{codeUInt, 16, 1}
	Uint32     = DType{codeUInt, 32, 1}
	Uint64     = DType{codeUInt, 64, 1}
	Float16    = DType{codeFloat, 16, 1}
	BFloat16   = DType{codeBFloat, 16, 1}
	Float32    = DType{codeFloat, 32, 1}
	Float64    = DType{codeFloat, 64, 1}
	Complex64  = DType{codeComplex, 64, 1}
	Complex128 = DType{codeComplex, 128, 1}
)

var dtypeNames = map[DType]string{
	Bool: "bool", Int8: "int8", Int16: "int16", Int32: "int32", Int64: "int64",
	Uint8: "uint8", Uint16: "uint16", Uint32: "uint32", Uint64: "uint64",
	Float16: "float16", BFloat16: "bfloat16", Float32: "float32", Float64: "float64",
	Complex64: "complex64", Complex128: "complex128",
}

// String returns the numpy name ("float32"), or a description of an unknown type.
func (d DType) String() string {
	if name, ok := dtypeNames[d]; ok {
		return name
	}
	return fmt.Sprintf("dtype(code=%d, bits=%d, lanes=%d)", d.Code, d.Bits, d.Lanes)
}

// ItemSize returns the size of one element in bytes (0 for sub-byte types).
func (d DType) ItemSize() int { return int(d.Bits) / 8 * int(d.Lanes) }

// Device is where a tensor's memory lives: a DLPack device type and an ordinal.
type Device struct {
	Type int32
	ID   int32
}

// DLPack device types.
const (
	DeviceTypeCPU  = 1
	DeviceTypeCUDA = 2
)

// CPU is the host device, the only one ferrule computes on today.
var CPU = Device{Type: DeviceTypeCPU, ID: 0}

// String returns "cpu", "cuda:1" or "device(type=T, id=I)".
func (d Device) String() string {
	switch d.Type {
	case DeviceTypeCPU:
		return "cpu"
	case DeviceTypeCUDA:
		return fmt.Sprintf("cuda:%d", d.ID)
	}
	return fmt.Sprintf("device(type=%d, id=%d)", d.Type, d.ID)
}
