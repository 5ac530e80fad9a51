//go:build ferrule_stress

package ferrule

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// trackReleases accounts for every native release per handle, so that a handle released twice
// (by Close and by its finalizer) is reported, and its second release skipped, instead of
// corrupting the native heap. Tests only: `go test -tags ferrule_stress` (see stress_test.go).
const trackReleases = true

var (
	releaseLedger  sync.Map // handle id -> who released it ("Close" or "the finalizer")
	releaseDoubles atomic.Int64
	releaseFirst   atomic.Pointer[string]
)

// noteRelease records that handle `id` releases its native reference; false means it was
// released already and the release must be skipped.
func noteRelease(id uint64, by string) bool {
	first, loaded := releaseLedger.LoadOrStore(id, by)
	if !loaded {
		return true
	}
	if releaseDoubles.Add(1) == 1 {
		msg := fmt.Sprintf("handle %d released by %s, then again by %s", id, first, by)
		releaseFirst.Store(&msg)
	}
	return false
}

// stressWindow runs in close between taking the reference and removing the finalizer: the point
// where the wrapper is unreachable unless close keeps it alive. Every 128th close collects
// right there (a collection that scans this goroutine's stack now finds the wrapper garbage and
// queues its finalizer); the others yield, so that collections started elsewhere may do the same
// while this goroutine waits to run again.
func stressWindow() {
	if stressCloses.Add(1)%128 == 0 {
		runtime.GC()
	} else {
		runtime.Gosched()
	}
}

var stressCloses atomic.Uint64

// releaseLedgerReset forgets every recorded release.
func releaseLedgerReset() {
	releaseLedger.Clear()
	releaseDoubles.Store(0)
	releaseFirst.Store(nil)
}

// releaseLedgerDoubles returns how many handles were released twice and a description of the
// first.
func releaseLedgerDoubles() (int64, string) {
	first := ""
	if p := releaseFirst.Load(); p != nil {
		first = *p
	}
	return releaseDoubles.Load(), first
}
