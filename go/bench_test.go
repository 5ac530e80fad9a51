package ferrule

import (
	"math"
	"math/rand/v2"
	"runtime"
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

// BenchmarkNewResultFloor: what the Go runtime charges a call that returns a new tensor which is
// then closed, with no native work: two empty cgo calls (the packed call and Close's release), one
// wrapper allocated, and its finalizer (the garbage collector's safety net for a tensor never
// closed) set and removed. BenchmarkAdd cannot be faster than this.
func BenchmarkNewResultFloor(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		LibraryABIVersion()
		t := &Tensor{}
		runtime.SetFinalizer(t, finalizeTensor)
		runtime.SetFinalizer(t, nil)
		LibraryABIVersion()
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

// BenchmarkTrainStep: one SGD training step of a 64-32-10 MLP with cross-entropy at batch 32
// (ZeroGrad, the forward pass, the loss, Backward, Step), the step benches/python/bench_autograd.py
// times from Python; benches/report.py compares the two (target: Go within 1.3x of Python).
func BenchmarkTrainStep(b *testing.B) {
	const batch = 32
	rng := rand.New(rand.NewPCG(1, 2))
	normal := func(n int, scale float64) []float32 {
		out := make([]float32, n)
		for i := range out {
			out[i] = float32(rng.NormFloat64() * scale)
		}
		return out
	}
	must := func(t *Tensor, err error) *Tensor {
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	params := []*Tensor{
		must(FromFloat32s(normal(64*32, math.Sqrt(2.0/64)), 64, 32)),
		must(NewZeros(Float32, 32)),
		must(FromFloat32s(normal(32*10, math.Sqrt(2.0/32)), 32, 10)),
		must(NewZeros(Float32, 10)),
	}
	for _, p := range params {
		if err := p.SetRequiresGrad(true); err != nil {
			b.Fatal(err)
		}
	}
	opt, err := NewSGD(params, 0.01, SGDOptions{})
	if err != nil {
		b.Fatal(err)
	}
	x := must(FromFloat32s(normal(batch*64, 1), batch, 64))
	labels := make([]int64, batch)
	for i := range labels {
		labels[i] = rng.Int64N(10)
	}
	y := must(FromInt64s(labels))
	var step []*Tensor
	keep := func(t *Tensor, err error) *Tensor {
		step = append(step, must(t, err))
		return t
	}
	b.ResetTimer()
	for b.Loop() {
		if err := opt.ZeroGrad(); err != nil {
			b.Fatal(err)
		}
		h := keep(Matmul(x, params[0]))
		h = keep(Add(h, params[1]))
		h = keep(NnRelu(h))
		h = keep(Matmul(h, params[2]))
		h = keep(Add(h, params[3]))
		loss := keep(NnCrossEntropy(h, y))
		if err := loss.Backward(); err != nil {
			b.Fatal(err)
		}
		if err := opt.Step(); err != nil {
			b.Fatal(err)
		}
		for _, t := range step {
			t.Close()
		}
		step = step[:0]
	}
}
