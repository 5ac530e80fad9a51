package ferrule

import (
	"runtime"
	"testing"
	"time"
)

// waitForLiveCount collects garbage until the live native object count is back at `want`
// (finalizers run asynchronously after a collection), for up to a few seconds.
func waitForLiveCount(want uint64) bool {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		if LiveObjectCount() == want {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return LiveObjectCount() == want
}

// settledLiveCount collects garbage until the live native object count stops changing (the
// finalizers of earlier tests' handles run asynchronously) and returns it.
func settledLiveCount() uint64 {
	last := LiveObjectCount()
	for stable := 0; stable < 3; {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
		if now := LiveObjectCount(); now == last {
			stable++
		} else {
			last, stable = now, 0
		}
	}
	return last
}

func skipLongLoops(t *testing.T) {
	if testing.Short() || debugGC {
		t.Skip("a million iterations: skipped with -short and in the ferrule_debug build")
	}
}

// registeredLiveCount reads the live native object count through the registered function
// runtime.live_object_count (the count every frontend sees), which itself allocates no object.
func registeredLiveCount(tb testing.TB, count *Function) uint64 {
	tb.Helper()
	r, err := count.Call()
	if err != nil {
		tb.Fatalf("runtime.live_object_count(): %v", err)
	}
	n, ok := r.(int64)
	if !ok || n < 0 {
		tb.Fatalf("runtime.live_object_count() = %#v", r)
	}
	return uint64(n)
}

// A million 1-element tensors (the cheapest create and release), every other one closed
// explicitly and the rest left to the finalizers, then a hundred thousand ferrule.Add
// results: the live-object count reported by runtime.live_object_count returns to its start.
func TestNoLeaksMillionTensors(t *testing.T) {
	skipLongLoops(t)
	count := fixture(t, "runtime.live_object_count")
	start := settledLiveCount()
	if got := registeredLiveCount(t, count); got != start {
		t.Fatalf("runtime.live_object_count() = %d but ferrule_live_object_count() = %d", got, start)
	}

	const n = 1_000_000
	data := []float32{1}
	for i := range n {
		data[0] = float32(i)
		x, err := FromFloat32s(data)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			x.Close()
		}
		// Odd ones are dropped: their finalizers release them after a collection.
	}
	x, _ := FromFloat32s([]float32{1})
	y, _ := FromFloat32s([]float32{2})
	for i := range n / 10 {
		z, err := Add(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			z.Close()
		}
	}
	x.Close()
	y.Close()

	deadline := time.Now().Add(5 * time.Second)
	got := registeredLiveCount(t, count)
	for got != start && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		got = registeredLiveCount(t, count)
	}
	if got != start {
		t.Fatalf("after %d tensors and %d Adds: runtime.live_object_count() = %d, started at %d", n, n/10, got, start)
	}
}

// A million packed calls, a million calls returning fresh objects, a hundred thousand Go
// callbacks: the native live-object count returns to where it started.
func TestNoLeaks(t *testing.T) {
	skipLongLoops(t)
	nop := fixture(t, "testing.nop")
	echo := fixture(t, "testing.echo")
	apply := fixture(t, "testing.apply")
	start := settledLiveCount()
	goFn, err := NewFunction(func(x int64) int64 { return x + 1 })
	if err != nil {
		t.Fatal(err)
	}

	const n = 1_000_000
	for range n {
		if _, err := nop.Call(); err != nil {
			t.Fatal(err)
		}
	}
	x, _ := FromFloat32s([]float32{1, 2, 3})
	for i := range n {
		r, err := echo.Call([]any{x, "a string longer than eight bytes", i, 2.5})
		if err != nil {
			t.Fatal(err)
		}
		r.([]any)[0].(*Tensor).Close()
	}
	x.Close()
	for i := range n / 10 {
		if _, err := apply.Call(goFn, i); err != nil {
			t.Fatal(err)
		}
	}
	goFn.Close()
	if !waitForLiveCount(start) {
		t.Fatalf("after the loops: %d live objects, started with %d", LiveObjectCount(), start)
	}
}

// Error objects, error payloads (Go errors crossing native frames) and Go function objects are
// all released.
func TestNoLeaksOnErrorPaths(t *testing.T) {
	raise := fixture(t, "testing.raise_error")
	apply := fixture(t, "testing.apply")
	start := settledLiveCount()
	iterations := 100_000
	if testing.Short() || debugGC {
		iterations = 100
	}
	for range iterations {
		if _, err := raise.Call("ValueError", "a message"); err == nil {
			t.Fatal("no error")
		}
		if _, err := apply.Call(func() error { return errClosed("thing") }); err == nil {
			t.Fatal("no error")
		}
		if _, err := apply.Call(func() { panic("p") }); err == nil {
			t.Fatal("no error")
		}
	}
	if !waitForLiveCount(start) {
		t.Fatalf("after the error loops: %d live objects, started with %d", LiveObjectCount(), start)
	}
}
