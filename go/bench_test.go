package ferrule

import (
	"testing"
)

// The figures to compare, from one run: an empty cgo call, an empty packed call through the
// registry, a packed call into a Go function (native -> Go callback), and ferrule.Add on
// 1-element tensors (the per-operator overhead).
//
//	go test -bench . -run '^$' -benchmem

// BenchmarkEmptyCgoCall: ferrule_abi_version, a trivial exported C function.
func BenchmarkEmptyCgoCall(b *testing.B) {
	for b.Loop() {
		LibraryABIVersion()
	}
}

// BenchmarkEmptyPackedCall: testing.nop() through Function.Call (target: <= 1.5x the cgo call).
func BenchmarkEmptyPackedCall(b *testing.B) {
	nop := fixture(b, "testing.nop")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := nop.Call(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPackedCallTwoInts: demo.add(1, 2), two inline arguments and an int result.
func BenchmarkPackedCallTwoInts(b *testing.B) {
	add := fixture(b, "demo.add")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := add.Call(1, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPackedCallTensor: testing.tensor_sum(x) on a 1-element tensor (borrowed argument).
func BenchmarkPackedCallTensor(b *testing.B) {
	sum := fixture(b, "testing.tensor_sum")
	x, _ := FromFloat64s([]float64{1})
	defer x.Close()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sum.Call(x); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCallGoFromNative: testing.apply(goFn) — Go -> native -> Go.
func BenchmarkCallGoFromNative(b *testing.B) {
	apply := fixture(b, "testing.apply")
	goFn, _ := NewFunction(func(args []any) (any, error) { return nil, nil })
	defer goFn.Close()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := apply.Call(goFn); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewTensorClose: a 1-element tensor from a Go slice, then Close.
func BenchmarkNewTensorClose(b *testing.B) {
	data := []float32{1}
	b.ReportAllocs()
	for b.Loop() {
		x, err := FromFloat32s(data)
		if err != nil {
			b.Fatal(err)
		}
		x.Close()
	}
}

// BenchmarkAdd: ferrule.Add(x, y) on two 1-element float32 tensors through the generated
// wrapper (opSpec packing, the packed call, ops.add, a new result tensor), then Close.
func BenchmarkAdd(b *testing.B) {
	x, _ := FromFloat32s([]float32{1})
	y, _ := FromFloat32s([]float32{2})
	defer x.Close()
	defer y.Close()
	b.ReportAllocs()
	for b.Loop() {
		z, err := Add(x, y)
		if err != nil {
			b.Fatal(err)
		}
		z.Close()
	}
}

// BenchmarkAddOut: ferrule.Add(x, y, ferrule.Out(z)) on 1-element float32 tensors: no result
// tensor is allocated (the call returns a new handle to z, closed at once).
func BenchmarkAddOut(b *testing.B) {
	x, _ := FromFloat32s([]float32{1})
	y, _ := FromFloat32s([]float32{2})
	z, _ := FromFloat32s([]float32{0})
	defer x.Close()
	defer y.Close()
	defer z.Close()
	b.ReportAllocs()
	for b.Loop() {
		r, err := Add(x, y, Out(z))
		if err != nil {
			b.Fatal(err)
		}
		r.Close()
	}
}
