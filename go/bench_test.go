package ferrule

import (
	"testing"
)

// The three figures to compare, from one run: an empty cgo call, an empty packed call through
// the registry, and a packed call into a Go function (native -> Go callback).
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

// BenchmarkAdd: the generated-wrapper path (opSpec) for ops.add on two 1-element tensors, as
// ferrule.Add(x, y) runs it. Skipped until libferrule registers the operators.
func BenchmarkAdd(b *testing.B) {
	spec := &opSpec{name: "ops.add", goName: "Add", params: []opParam{{name: "x1", required: true}, {name: "x2", required: true}, {name: "out", def: nil}}}
	if _, err := spec.function(); err != nil {
		b.Skipf("ops.add is not registered in this build: %v", err)
	}
	x, _ := FromFloat32s([]float32{1})
	y, _ := FromFloat32s([]float32{2})
	b.ReportAllocs()
	for b.Loop() {
		z, err := spec.tensor(spec.call([]any{x, y}, nil, nil))
		if err != nil {
			b.Fatal(err)
		}
		z.Close()
	}
}
