package ferrule

import (
	"bytes"
	"math"
	"reflect"
	"testing"
	"unsafe"
)

func TestAnyLayout(t *testing.T) {
	if unsafe.Sizeof(anyValue{}) != 16 {
		t.Fatalf("anyValue is %d bytes, FerruleAny is 16", unsafe.Sizeof(anyValue{}))
	}
}

func TestValuesRoundTrip(t *testing.T) {
	cases := []struct {
		in, want any
	}{
		{nil, nil},
		{true, true},
		{false, false},
		{7, int64(7)},
		{int32(-3), int64(-3)},
		{int8(-128), int64(-128)},
		{uint16(65535), int64(65535)},
		{int64(math.MaxInt64), int64(math.MaxInt64)},
		{int64(math.MinInt64), int64(math.MinInt64)},
		{1.5, 1.5},
		{float32(0.25), 0.25},
		{complex(1.5, -2), complex(1.5, -2)},
		{complex64(complex(0.5, 0.25)), complex(0.5, 0.25)},
		{complex(math.Inf(1), math.Copysign(0, -1)), complex(math.Inf(1), math.Copysign(0, -1))},
		{[]any{1i, 2}, []any{1i, int64(2)}},
		{math.Inf(-1), math.Inf(-1)},
		{"", ""},
		{"short", "short"},
		{"exactly8", "exactly8"},
		{"longer than eight bytes", "longer than eight bytes"},
		{"héllo wörld ✓", "héllo wörld ✓"},
		{"nul\x00inside", "nul\x00inside"},
		{[]byte{}, []byte{}},
		{[]byte{0, 1, 2}, []byte{0, 1, 2}},
		{bytes.Repeat([]byte{0xff}, 100), bytes.Repeat([]byte{0xff}, 100)},
		{[]any{}, []any{}},
		{[]any{1, "two", []any{3.0, nil}}, []any{int64(1), "two", []any{3.0, nil}}},
		{[]int64{1, 2}, []any{int64(1), int64(2)}},
		{[]string{"a", "b"}, []any{"a", "b"}},
		{map[string]any{"a": 1, "long key for a map": []any{true}}, map[string]any{"a": int64(1), "long key for a map": []any{true}}},
		{map[int]string{1: "x"}, map[any]any{int64(1): "x"}},
		{Float32, Float32},
		{Complex128, Complex128},
		{CPU, CPU},
		{Device{Type: DeviceTypeCUDA, ID: 3}, Device{Type: DeviceTypeCUDA, ID: 3}},
		{OpaquePtr(0xdeadbeef), OpaquePtr(0xdeadbeef)},
	}
	echo := fixture(t, "testing.echo")
	for _, c := range cases {
		got, err := echo.Call(c.in)
		if err != nil {
			t.Errorf("echo(%#v): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("echo(%#v) = %#v, want %#v", c.in, got, c.want)
		}
	}
}

// A complex number crosses as a complex object: a plugin reads and makes one (testing.conj is
// built on ferrule-plugin's Value), named types of complex kind convert too, and an operator takes
// it as a weak scalar: float32 + 1i is complex64, as the Array API standard says.
func TestComplexScalars(t *testing.T) {
	start := settledLiveCount()
	if got := call(t, "testing.conj", 3+4i); got != 3-4i {
		t.Fatalf("conj(3+4i) = %#v", got)
	}
	type phasor complex128
	if got := call(t, "testing.conj", phasor(1i)); got != -1i {
		t.Fatalf("conj(phasor(1i)) = %#v", got)
	}
	_, err := fixture(t, "testing.conj").Call(1.5)
	wantError(t, err, "TypeError", "testing.conj() argument 1 'z': expected complex, got float")

	x, err := FromFloat32s([]float32{1, -2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	sum, err := Add(x, 0.5+1i)
	if err != nil {
		t.Fatal(err)
	}
	defer sum.Close()
	values, err := Data[complex64](sum)
	if sum.DType() != Complex64 || err != nil || values[0] != 1.5+1i || values[1] != -1.5+1i {
		t.Fatalf("x + (0.5+1i) = %v %v (%v)", sum, values, err)
	}
	filled, err := Full([]int64{2}, complex64(2i))
	if err != nil {
		t.Fatal(err)
	}
	defer filled.Close()
	if wide, err := Data[complex128](filled); filled.DType() != Complex128 || err != nil || wide[1] != 2i {
		t.Fatalf("Full([2], 2i) = %v %v (%v)", filled, wide, err)
	}
	_, err = Less(x, 1i)
	wantError(t, err, "TypeError", "less")
	_, err = Full([]int64{2}, 1i, WithDType(Float64))
	wantError(t, err, "TypeError", "cannot convert a complex scalar to float64")
	sum.Close()
	filled.Close()
	x.Close()
	if !waitForLiveCount(start) {
		t.Fatalf("live objects: %d before, %d after", start, LiveObjectCount())
	}
}

func TestNonUTF8Bytes(t *testing.T) {
	got := call(t, "testing.non_utf8_bytes")
	want := []byte("\xff\xfe\x00abc\x80")
	if b, ok := got.([]byte); !ok || !bytes.Equal(b, want) {
		t.Fatalf("non_utf8_bytes() = %#v", got)
	}
}

func TestInvalidUTF8StringIsAnError(t *testing.T) {
	_, err := fixture(t, "testing.echo").Call("\xff\xfe invalid but long")
	wantError(t, err, "ValueError", "")
	_, err = fixture(t, "testing.echo").Call("\xff")
	wantError(t, err, "ValueError", "")
}

func TestManyArguments(t *testing.T) {
	args := make([]any, 20)
	for i := range args {
		args[i] = i
	}
	if _, err := fixture(t, "testing.nop").Call(args...); err != nil {
		t.Fatal(err)
	}
	got := call(t, "testing.apply", func(args ...int64) int64 {
		s := int64(0)
		for _, a := range args {
			s += a
		}
		return s
	}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	if got != int64(55) {
		t.Fatalf("sum of 10 through apply = %v", got)
	}
}

func TestSumArray(t *testing.T) {
	got := call(t, "testing.sum_array", []any{1, 2.5, int64(3)})
	if got != 6.5 {
		t.Fatalf("sum_array = %v", got)
	}
}

func TestHeldValuesSurviveGoDropping(t *testing.T) {
	call(t, "testing.release")
	x, err := FromFloat64s([]float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	call(t, "testing.hold", x)
	call(t, "testing.hold", "a string long enough to be an object")
	x.Close()
	held := call(t, "testing.held").([]any)
	if len(held) != 2 {
		t.Fatalf("held %v", held)
	}
	h := held[0].(*Tensor)
	vals, err := h.Float64s()
	if err != nil || !reflect.DeepEqual(vals, []float64{1, 2, 3}) {
		t.Fatalf("held tensor = %v, %v", vals, err)
	}
	h.Close()
	if n := call(t, "testing.release"); n != int64(2) {
		t.Fatalf("release() = %v", n)
	}
}
