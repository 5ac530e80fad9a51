// dtype.go — element types and devices, with the same bits as DLPack's DLDataType and DLDevice.

package ferrule

import "fmt"

// DType is a tensor element type: a DLPack type code, a bit width and a lane count. The element
// types ferrule supports (Bool, Int8, ..., Complex128) and their names are generated, with the
// other vocabularies every language shares, in vocab_gen.go.
type DType struct {
	Code  uint8
	Bits  uint8
	Lanes uint16
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

// String returns "cpu", "cuda:1" (a device type's lowercase name and the ordinal) or
// "device(type=T, id=I)" for a device type ferrule has no name for.
func (d Device) String() string {
	if d.Type == DeviceTypeCPU {
		return "cpu"
	}
	if name, ok := deviceTypeNames[d.Type]; ok {
		return fmt.Sprintf("%s:%d", name, d.ID)
	}
	return fmt.Sprintf("device(type=%d, id=%d)", d.Type, d.ID)
}
