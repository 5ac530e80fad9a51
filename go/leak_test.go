package ferrule

import (
	"runtime"
	"testing"
	"time"
)

// waitForLiveCount collects garbage until the live native object count is back at `want`
// (cleanups run asynchronously after a collection), for up to a few seconds.
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
// cleanups of earlier tests' handles run asynchronously) and returns it.
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

// A million tensors created and closed, a million packed calls, a million Go callbacks: the
// native live-object count returns to where it started.
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
	beforeTensors := LiveObjectCount()
	for i := range n {
		x, err := FromFloat32s([]float32{float32(i), 1}, 2)
		if err != nil {
			t.Fatal(err)
		}
		x.Close()
	}
	if got := LiveObjectCount(); got != beforeTensors {
		t.Fatalf("after %d tensors: %d live objects, started with %d", n, got, beforeTensors)
	}
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
