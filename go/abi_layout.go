// abi_layout.go — the cgo types of ferrule.h's structs, listed for abi_layout_test.go (a test file
// cannot use cgo), which compares them and the package's own mirrors with the header's table.

package ferrule

/*
#include "ferrule.h"
*/
import "C"

import "reflect"

// cStructs returns the cgo type of every struct of ferrule.h, by its C name.
func cStructs() map[string]reflect.Type {
	return map[string]reflect.Type{
		"DLPackVersion":            reflect.TypeOf(C.DLPackVersion{}),
		"DLDevice":                 reflect.TypeOf(C.DLDevice{}),
		"DLDataType":               reflect.TypeOf(C.DLDataType{}),
		"DLTensor":                 reflect.TypeOf(C.DLTensor{}),
		"DLManagedTensorVersioned": reflect.TypeOf(C.DLManagedTensorVersioned{}),
		"FerruleObject":            reflect.TypeOf(C.FerruleObject{}),
		"FerruleAny":               reflect.TypeOf(C.FerruleAny{}),
		"FerruleTensorObject":      reflect.TypeOf(C.FerruleTensorObject{}),
		"FerruleApi":               reflect.TypeOf(C.FerruleApi{}),
	}
}
