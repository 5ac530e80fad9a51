package ferrule

import (
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"
)

// Close racing with the finalizer of the same handle: 100 goroutines create tensors, run
// Sum, Abs and MM on them and Close everything, while the collector runs all the time (GOGC=1
// and a runtime.GC() every 100 iterations). A Close whose wrapper becomes unreachable while it
// stops the cleanup lets a concurrent collection run that cleanup too: the native object is
// released twice (heap corruption). With the ferrule_stress build tag every release is also
// accounted per handle (debug_stress_on.go), so a second release fails the test at once instead
// of corrupting the heap; `make test-go` runs it that way, also under -race.
func TestStressCloseRacesCleanup(t *testing.T) {
	if debugGC {
		t.Skip("the ferrule_debug build collects on every handle access: far too slow for 30,000 iterations")
	}
	goroutines, iterations := 100, 300
	if testing.Short() {
		iterations = 100
	}
	start := settledLiveCount()
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	releaseLedgerReset()

	var wg sync.WaitGroup
	failures := make(chan error, goroutines)
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			data := []float32{1, -2, 3, -4}
			for i := range iterations {
				if err := stressStep(data); err != nil {
					failures <- err
					return
				}
				if i%100 == 99 {
					runtime.GC()
				}
			}
		}()
	}
	wg.Wait()
	close(failures)
	for err := range failures {
		t.Fatal(err)
	}
	if n, first := releaseLedgerDoubles(); n > 0 {
		t.Fatalf("%d native objects were released twice (Close and the finalizer of one handle); first: %s", n, first)
	}
	// Every tensor was closed: nothing is left for the finalizers (which Close removed) to free.
	deadline := time.Now().Add(5 * time.Second)
	for LiveObjectCount() != start && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := LiveObjectCount(); got != start {
		t.Fatalf("live native objects: %d before, %d after", start, got)
	}
}

// stressStep is one iteration: a tensor, three ops on it, and Close on all four.
func stressStep(data []float32) error {
	x, err := FromFloat32s(data, 2, 2)
	if err != nil {
		return err
	}
	s, err := Sum(x)
	if err != nil {
		return err
	}
	a, err := Abs(x)
	if err != nil {
		return err
	}
	m, err := MM(x, a)
	if err != nil {
		return err
	}
	x.Close()
	s.Close()
	a.Close()
	m.Close()
	return nil
}
