package ferrule

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var ioWeight = []float32{0, 1.5, 3, 4.5, 6, 7.5}

// The files in testdata/io were written by numpy and by safetensors' own Python package
// (testdata/io/write_files.py): Go reads what Python users write.
func TestLoadFilesPythonWrote(t *testing.T) {
	for _, name := range []string{"python.safetensors", "python.npz"} {
		m, err := Load(filepath.Join("testdata", "io", name))
		if err != nil {
			t.Fatalf("Load(%s): %v", name, err)
		}
		w, ids := m["weight"], m["ids"]
		if len(m) != 2 || w == nil || ids == nil {
			t.Fatalf("Load(%s): got %v", name, m)
		}
		if got, _ := w.Float32s(); !reflect.DeepEqual(got, ioWeight) || !reflect.DeepEqual(w.Shape(), []int64{2, 3}) {
			t.Errorf("%s weight = %v %v", name, w.Shape(), got)
		}
		if got, _ := ids.Int64s(); !reflect.DeepEqual(got, []int64{7, -8, 9}) {
			t.Errorf("%s ids = %v", name, got)
		}
	}
	w, err := LoadTensor(filepath.Join("testdata", "io", "python_fortran_big_endian.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := w.Float32s(); !reflect.DeepEqual(got, ioWeight) || w.DType() != Float32 {
		t.Errorf("big-endian Fortran-order npy = %v %v", w.DType(), got)
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w, err := NewTensor(ioWeight, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := MatrixTranspose(w) // a strided view: saved in C order
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go.safetensors", "go.npz"} {
		path := filepath.Join(dir, name)
		if err := Save(path, map[string]*Tensor{"weight": w, "t": wt}); err != nil {
			t.Fatalf("Save(%s): %v", name, err)
		}
		m, err := Load(path)
		if err != nil {
			t.Fatalf("Load(%s): %v", name, err)
		}
		if got, _ := m["weight"].Float32s(); !reflect.DeepEqual(got, ioWeight) {
			t.Errorf("%s weight = %v", name, got)
		}
		want := []float32{0, 4.5, 1.5, 6, 3, 7.5}
		if got, _ := m["t"].Float32s(); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(m["t"].Strides(), []int64{2, 1}) {
			t.Errorf("%s t = %v strides %v", name, got, m["t"].Strides())
		}
		for _, x := range m {
			x.Close()
		}
	}
	npy := filepath.Join(dir, "one.npy")
	if err := SaveTensor(npy, wt); err != nil {
		t.Fatal(err)
	}
	back, err := LoadTensor(npy)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Shape(), []int64{3, 2}) {
		t.Errorf("npy shape = %v", back.Shape())
	}
	if _, err := Load(npy); err == nil || !strings.Contains(err.Error(), "LoadTensor") {
		t.Errorf("Load of a .npy: %v", err)
	}
}

func TestSaveLoadErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.safetensors")
	_, err := Load(missing)
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindOSError || !strings.Contains(fe.Message, "io.load") ||
		!strings.Contains(fe.Message, missing) {
		t.Errorf("Load(missing) = %v", err)
	}
	bf, err := NewZeros(BFloat16, 2)
	if err != nil {
		t.Fatal(err)
	}
	err = Save(filepath.Join(dir, "x.npz"), map[string]*Tensor{"w": bf})
	if !errors.As(err, &fe) || fe.Kind != KindTypeError || !strings.Contains(fe.Message, "bfloat16") {
		t.Errorf("Save(bfloat16 npz) = %v", err)
	}
	err = Save(filepath.Join(dir, "no-such-dir", "x.safetensors"), map[string]*Tensor{"w": bf})
	if !errors.As(err, &fe) || fe.Kind != KindOSError {
		t.Errorf("Save(unwritable) = %v", err)
	}
	if err := Save(filepath.Join(dir, "x.npz"), map[string]*Tensor{"w": nil}); err == nil {
		t.Error("Save(nil tensor) succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "x.npz")); !os.IsNotExist(err) {
		t.Errorf("a failed Save left a file: %v", err)
	}
}
