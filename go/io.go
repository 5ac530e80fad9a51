// io.go — tensor files: Save/Load (safetensors, .npz) and SaveTensor/LoadTensor (.npy) over the
// registered io.save and io.load functions, so Go reads and writes the files Python and C do.

package ferrule

import "sync/atomic"

var ioSave, ioLoad atomic.Pointer[Function]

// ioFunc looks up a registered io.* function once.
func ioFunc(slot *atomic.Pointer[Function], name, goName string) (*Function, error) {
	if f := slot.Load(); f != nil {
		return f, nil
	}
	f, err := GetGlobalFunc(name)
	if err != nil {
		return nil, withContext(err, "in ferrule.%s", goName)
	}
	if !slot.CompareAndSwap(nil, f) {
		f.Close()
		return slot.Load(), nil
	}
	return f, nil
}

// Save writes tensors (name -> tensor) to path as safetensors (.safetensors) or as an
// uncompressed numpy archive (.npz), chosen by the extension. Strided tensors are written in C
// order. The file is written beside path and renamed over it. Errors: an *Error of kind OSError
// when the file cannot be written, TypeError for a dtype the format cannot hold (bfloat16 in
// .npz, complex128 in safetensors), ValueError for an unknown extension.
func Save(path string, tensors map[string]*Tensor) error {
	f, err := ioFunc(&ioSave, "io.save", "Save")
	if err != nil {
		return err
	}
	for name, t := range tensors {
		if t == nil {
			return newError(KindTypeError, "Save: tensor %q is nil", name)
		}
	}
	_, err = f.Call(path, tensors)
	return err
}

// SaveTensor writes one tensor to path as a numpy .npy file (little-endian, C order); numpy
// reads it with np.load. Errors as for Save (a bfloat16 tensor is a TypeError: numpy has none).
func SaveTensor(path string, t *Tensor) error {
	if t == nil {
		return newError(KindTypeError, "SaveTensor: t is nil")
	}
	f, err := ioFunc(&ioSave, "io.save", "SaveTensor")
	if err != nil {
		return err
	}
	_, err = f.Call(path, t)
	return err
}

// Load reads a .safetensors or .npz file (the format from the extension, else from the file's
// first bytes) as name -> tensor. The tensors view a read-only memory map of the file (no copy),
// which stays mapped while any of them is alive; Close them, or let the collector do it. A
// .npy file holds one tensor: read it with LoadTensor. Errors: OSError for a missing or
// unreadable file, ValueError for a damaged one, TypeError for a dtype ferrule does not have.
func Load(path string) (map[string]*Tensor, error) {
	v, err := load(path, "Load")
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		if t, isTensor := v.(*Tensor); isTensor {
			t.Close()
			return nil, newError(KindValueError, "Load: path '%s' holds one tensor (.npy); read it with LoadTensor", path)
		}
		return nil, newError(KindRuntimeError, "Load: io.load returned %s", typeName(v))
	}
	out := make(map[string]*Tensor, len(m))
	for name, x := range m {
		t, isTensor := x.(*Tensor)
		if !isTensor {
			return nil, newError(KindRuntimeError, "Load: io.load returned %s for %q", typeName(x), name)
		}
		out[name] = t
	}
	return out, nil
}

// LoadTensor reads the one tensor of a numpy .npy file (big-endian and Fortran-order files
// included), viewing a read-only memory map of it where the bytes allow.
func LoadTensor(path string) (*Tensor, error) {
	v, err := load(path, "LoadTensor")
	if err != nil {
		return nil, err
	}
	if t, ok := v.(*Tensor); ok {
		return t, nil
	}
	if m, ok := v.(map[string]any); ok {
		for _, x := range m {
			if t, isTensor := x.(*Tensor); isTensor {
				t.Close()
			}
		}
		return nil, newError(KindValueError, "LoadTensor: path '%s' holds a dict of %d tensors; read it with Load", path, len(m))
	}
	return nil, newError(KindRuntimeError, "LoadTensor: io.load returned %s", typeName(v))
}

func load(path, goName string) (any, error) {
	f, err := ioFunc(&ioLoad, "io.load", goName)
	if err != nil {
		return nil, err
	}
	v, err := f.Call(path)
	if err != nil {
		return nil, withContext(err, "in ferrule.%s", goName)
	}
	return v, nil
}
