package ferrule

import (
	"reflect"
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

func TestTensorFromSlices(t *testing.T) {
	x, err := FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if !slices.Equal(x.Shape(), []int64{2, 3}) || !slices.Equal(x.Strides(), []int64{3, 1}) {
		t.Fatalf("shape %v strides %v", x.Shape(), x.Strides())
	}
	if x.DType() != Float32 || x.DType().String() != "float32" || x.Device() != CPU || x.NumElements() != 6 || x.Ndim() != 2 {
		t.Fatalf("dtype %v device %v n %d", x.DType(), x.Device(), x.NumElements())
	}
	if got, err := x.Float32s(); err != nil || !slices.Equal(got, []float32{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("Float32s() = %v, %v", got, err)
	}
	if x.String() != "Tensor(shape=[2 3], dtype=float32)" {
		t.Fatalf("String() = %q", x.String())
	}

	checks := []struct {
		make  func() (*Tensor, error)
		dtype DType
		read  func(*Tensor) (any, error)
		want  any
	}{
		{func() (*Tensor, error) { return FromFloat64s([]float64{1.5, -2}) }, Float64, func(t *Tensor) (any, error) { return t.Float64s() }, []float64{1.5, -2}},
		{func() (*Tensor, error) { return FromInt64s([]int64{1 << 40, -1}) }, Int64, func(t *Tensor) (any, error) { return t.Int64s() }, []int64{1 << 40, -1}},
		{func() (*Tensor, error) { return FromInt32s([]int32{7, 8, 9}, 3, 1) }, Int32, func(t *Tensor) (any, error) { return t.Int32s() }, []int32{7, 8, 9}},
		{func() (*Tensor, error) { return FromBools([]bool{true, false, true}) }, Bool, func(t *Tensor) (any, error) { return t.Bools() }, []bool{true, false, true}},
		{func() (*Tensor, error) { return NewTensor([]uint8{1, 255}) }, Uint8, func(t *Tensor) (any, error) { return Data[uint8](t) }, []uint8{1, 255}},
		{func() (*Tensor, error) { return NewTensor([]complex64{1 + 2i}) }, Complex64, func(t *Tensor) (any, error) { return Data[complex64](t) }, []complex64{1 + 2i}},
		{func() (*Tensor, error) { return NewScalar(2.5) }, Float64, func(t *Tensor) (any, error) { return t.Float64s() }, []float64{2.5}},
	}
	for i, c := range checks {
		x, err := c.make()
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got, err := c.read(x)
		if err != nil || x.DType() != c.dtype || !reflect.DeepEqual(got, c.want) {
			t.Fatalf("case %d: dtype %v, got %v, %v", i, x.DType(), got, err)
		}
		x.Close()
	}
	s, _ := NewScalar(int64(3))
	if len(s.Shape()) != 0 || s.Shape() == nil || s.NumElements() != 1 {
		t.Fatalf("scalar shape %v", s.Shape())
	}
	empty, err := FromFloat32s(nil, 0, 4)
	if err != nil || empty.NumElements() != 0 {
		t.Fatalf("empty: %v %v", empty, err)
	}
	if v, err := empty.Float32s(); err != nil || len(v) != 0 {
		t.Fatalf("empty.Float32s() = %v, %v", v, err)
	}
}

func TestTensorBadInput(t *testing.T) {
	_, err := FromFloat32s([]float32{1, 2, 3}, 2, 2)
	wantError(t, err, "ValueError", "holds 4 elements but data has 3")
	_, err = FromFloat32s([]float32{}, -1)
	wantError(t, err, "ValueError", "negative")
	_, err = NewZeros(DType{Code: 9, Bits: 7, Lanes: 1}, 2)
	wantError(t, err, "TypeError", "")

	x, _ := FromInt64s([]int64{1, 2})
	_, err = x.Float32s()
	wantError(t, err, "TypeError", "has dtype int64, not float32")
	_, err = x.UnsafeFloat64s()
	wantError(t, err, "TypeError", "")
	_, err = Data[int32](x)
	wantError(t, err, "TypeError", "")

	// Closed tensors: accessors return zero values or errors, calls return errors.
	x.Close()
	x.Close()
	if !x.Closed() || x.Shape() != nil || x.Ndim() != 0 || x.DType() != (DType{}) || x.String() != "Tensor(closed)" {
		t.Fatalf("closed tensor: %v %v", x.Shape(), x.DType())
	}
	_, err = x.Int64s()
	wantError(t, err, "ValueError", "closed")
	_, err = fixture(t, "testing.tensor_sum").Call(x)
	wantError(t, err, "ValueError", "closed")

	// Nil tensors.
	var nilT *Tensor
	_, err = fixture(t, "testing.tensor_sum").Call(nilT)
	wantError(t, err, "TypeError", "nil *Tensor")
	_, err = nilT.Float32s()
	wantError(t, err, "TypeError", "nil")
	if nilT.Shape() != nil || !nilT.Closed() {
		t.Fatal("nil tensor accessors")
	}
	nilT.Close()

	// A tensor where a tensor is expected, and the reverse.
	_, err = fixture(t, "testing.tensor_sum").Call(3.0)
	wantError(t, err, "TypeError", "")
}

func TestTensorsThroughNativeCode(t *testing.T) {
	x, _ := FromFloat32s([]float32{1, 2, 3, 4}, 2, 2)
	defer x.Close()
	if got := call(t, "testing.tensor_sum", x); got != 10.0 {
		t.Fatalf("tensor_sum = %v", got)
	}
	y := call(t, "testing.tensor_fill", []int64{2, 3}, 1.5).(*Tensor)
	defer y.Close()
	if got, err := y.Float64s(); err != nil || !slices.Equal(got, []float64{1.5, 1.5, 1.5, 1.5, 1.5, 1.5}) || !slices.Equal(y.Shape(), []int64{2, 3}) {
		t.Fatalf("tensor_fill = %v %v", got, err)
	}
	// Echo returns the same native tensor: writes through one view are seen through the other.
	z := call(t, "testing.echo", x).(*Tensor)
	defer z.Close()
	if use := call(t, "testing.use_count", x); use != int64(2) {
		t.Fatalf("use_count after echo = %v", use)
	}
	view, err := z.UnsafeFloat32s()
	if err != nil {
		t.Fatal(err)
	}
	view[0] = 100
	runtime.KeepAlive(z)
	if got, _ := x.Float32s(); got[0] != 100 {
		t.Fatalf("x after write through z's view: %v", got)
	}
}

func TestTensorArgumentOfGoCallback(t *testing.T) {
	x, _ := FromInt64s([]int64{5, 6, 7})
	defer x.Close()
	got := call(t, "testing.apply", func(t *Tensor) (int64, error) {
		defer t.Close()
		v, err := t.Int64s()
		if err != nil {
			return 0, err
		}
		return v[0] + v[1] + v[2], nil
	}, x)
	if got != int64(18) {
		t.Fatalf("apply(sum, x) = %v", got)
	}
	// A Go callback can return a new tensor; native code and then Go receive it.
	got = call(t, "testing.apply", func() (*Tensor, error) { return FromFloat64s([]float64{4, 5}) })
	y := got.(*Tensor)
	defer y.Close()
	if v, _ := y.Float64s(); !slices.Equal(v, []float64{4, 5}) {
		t.Fatalf("tensor from callback: %v", v)
	}
	_, err := fixture(t, "testing.apply").Call(func(t *Tensor) {}, "not a tensor")
	wantError(t, err, "TypeError", "expected *ferrule.Tensor, got str")
}

func TestStridedCopyOut(t *testing.T) {
	// A 2x3 row-major buffer read as its transpose (3x2, strides 1, 3), and a reversed,
	// step-2 view: exercises the stride walk without needing a view-producing operator.
	buf := []float64{0, 1, 2, 3, 4, 5}
	out := make([]float64, 6)
	walkStrided(out, unsafe.Pointer(&buf[0]), []int64{3, 2}, []int64{1, 3})
	if !slices.Equal(out, []float64{0, 3, 1, 4, 2, 5}) {
		t.Fatalf("transpose walk = %v", out)
	}
	out = make([]float64, 3)
	walkStrided(out, unsafe.Pointer(&buf[5]), []int64{3}, []int64{-2})
	if !slices.Equal(out, []float64{5, 3, 1}) {
		t.Fatalf("negative stride walk = %v", out)
	}
	out = make([]float64, 4)
	walkStrided(out, unsafe.Pointer(&buf[1]), []int64{2, 2}, []int64{0, 1})
	if !slices.Equal(out, []float64{1, 2, 1, 2}) {
		t.Fatalf("broadcast walk = %v", out)
	}
	if !contiguous([]int64{2, 1, 3}, []int64{3, 99, 1}) || contiguous([]int64{3, 2}, []int64{1, 3}) {
		t.Fatal("contiguous")
	}
	runtime.KeepAlive(buf)
}

// Tensors dropped without Close are released by their finalizer.
func TestFinalizerReleasesTensors(t *testing.T) {
	if debugGC {
		t.Skip("GC on every access makes this slow")
	}
	start := settledLiveCount()
	for range 1000 {
		if _, err := NewZeros(Float32, 16); err != nil {
			t.Fatal(err)
		}
	}
	if !waitForLiveCount(start) {
		t.Fatalf("live objects %d after GC, started with %d", LiveObjectCount(), start)
	}
}

// Creating a tensor from a Go slice allocates one Go object (the handle; its finalizer costs no
// allocation), as does an operator's result.
func TestCreationAllocatesOnce(t *testing.T) {
	if debugGC || trackReleases {
		t.Skip("the debug builds keep books on every handle")
	}
	data := []float32{1, 2, 3}
	if n := testing.AllocsPerRun(1000, func() {
		x, err := FromFloat32s(data)
		if err != nil {
			t.Fatal(err)
		}
		x.Close()
	}); n != 1 {
		t.Fatalf("FromFloat32s then Close: %v Go allocations, want 1", n)
	}
	x, _ := FromFloat32s(data)
	defer x.Close()
	if n := testing.AllocsPerRun(1000, func() {
		y, err := Add(x, x)
		if err != nil {
			t.Fatal(err)
		}
		y.Close()
	}); n != 1 {
		t.Fatalf("Add then Close: %v Go allocations, want 1", n)
	}
}
