// profiler.go — the profiler from Go: Profile records what a function does in the whole process
// (every language's calls, ops, pool work), Record marks a range inside it.

package ferrule

/*
#include <stdlib.h>
#include "shim.h"
#cgo noescape ferrule_profiler_start
#cgo nocallback ferrule_profiler_start
#cgo noescape ferrule_profiler_stop
#cgo nocallback ferrule_profiler_stop
#cgo noescape ferrule_profiler_range_push
#cgo nocallback ferrule_profiler_range_push
#cgo nocallback ferrule_profiler_range_pop
*/
import "C"

import (
	"io"
	"runtime"
	"time"
	"unsafe"
)

// ProfileOption adds detail to what Profile records.
type ProfileOption int32

const (
	// RecordShapes adds each op's argument shapes and dtypes to its events.
	RecordShapes ProfileOption = C.FERRULE_PROFILE_SHAPES
	// RecordMemory adds the bytes of tensor memory allocated inside each op and call.
	RecordMemory ProfileOption = C.FERRULE_PROFILE_MEMORY
)

// Recording is what Profile recorded: every packed call (with the language that made it), op
// kernel, autograd backward node, thread-pool work item and range, on the OS thread that ran it.
// It holds native memory: Close releases it now, a finalizer later.
type Recording struct {
	profile *Function // the profile object ferrule_profiler_stop returns
}

// ProfileEvent is one recorded event; times are from the start of the profile.
type ProfileEvent struct {
	Name     string        // the function ("ops.add"), op ("add"), node or range name
	Category string        // "call", "op", "backward", "pool", "gil" or "range"
	ThreadID int64         // the OS thread it ran on
	Thread   string        // that thread's track name ("Go thread 1234", "ferrule pool worker 0")
	Start    time.Duration // when it started
	Duration time.Duration // how long it took
	Frontend string        // for a call, the language that made it: "go", "python", "c" or "rust"
}

// Profile runs fn with the profiler recording and returns what was recorded in the whole process
// meanwhile (Go, Python and C calls alike), with fn's own error. The recording is returned even
// when fn fails; a panic in fn stops the profiler and goes on up. Only one profile records at a
// time per process: Profile inside another (or while Python or C records) is a RuntimeError.
func Profile(fn func() error, options ...ProfileOption) (*Recording, error) {
	if fn == nil {
		return nil, newError(KindTypeError, "Profile: fn is nil")
	}
	var flags C.int32_t
	for _, o := range options {
		flags |= C.int32_t(o)
	}
	var cerr *C.FerruleObject
	if C.ferrule_profiler_start(flags, &cerr) != 0 {
		return nil, withContext(takeError(cerr), "in Profile")
	}
	stopped := false
	defer func() {
		if !stopped { // fn panicked: stop recording, drop what was recorded
			var out, e *C.FerruleObject
			if C.ferrule_profiler_stop(&out, &e) == 0 {
				C.ferrule_object_release(out)
			} else {
				C.ferrule_object_release(e)
			}
		}
	}()
	fnErr := fn()
	stopped = true
	var out *C.FerruleObject
	if C.ferrule_profiler_stop(&out, &cerr) != 0 {
		return nil, withContext(takeError(cerr), "in Profile")
	}
	return &Recording{profile: newFunction(out)}, fnErr
}

// Record runs fn inside a range named name: what fn does on this goroutine's thread is recorded
// inside it (the goroutine stays on its OS thread meanwhile). While no profile records it costs
// one native call. A name with a NUL byte is a ValueError (fn does not run).
func Record(name string, fn func() error) error {
	if fn == nil {
		return newError(KindTypeError, "Record: fn is nil")
	}
	cname, err := cString(name, "Record", "name")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cname))
	runtime.LockOSThread() // a range opens and closes on one thread
	defer runtime.UnlockOSThread()
	var token C.uint64_t
	var cerr *C.FerruleObject
	if C.ferrule_profiler_range_push(cname, &token, &cerr) != 0 {
		return takeError(cerr)
	}
	defer C.ferrule_profiler_range_pop(token)
	return fn()
}

func (r *Recording) call(method string, args ...any) (any, error) {
	if r == nil || r.profile == nil {
		return nil, newError(KindTypeError, "Recording.%s on a nil *Recording", method)
	}
	if r.profile.h.get() == nil {
		return nil, errClosed("Recording")
	}
	return r.profile.Call(append([]any{method}, args...)...)
}

// WriteChromeTrace writes the recording as Chrome trace-event JSON (for Perfetto,
// https://ui.perfetto.dev, or chrome://tracing): one track per thread, named by its language or
// as a pool worker.
func (r *Recording) WriteChromeTrace(w io.Writer) error {
	v, err := r.call("chrome_trace")
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, v.(string))
	return err
}

// Table is the summary of the recording: one row per event name and category with calls, total,
// self and average time and the total's share of the wall time, most self time first, 20 rows.
// (An error, on a closed Recording, comes back as the text.)
func (r *Recording) Table() string {
	t, err := r.TableBy("self_time", 20)
	if err != nil {
		return err.Error()
	}
	return t
}

// TableBy is Table sorted by sortBy ("self_time", "total_time", "calls", "average" or "name"),
// the first rowLimit rows (-1: every row).
func (r *Recording) TableBy(sortBy string, rowLimit int) (string, error) {
	var limit any = int64(rowLimit)
	if rowLimit == -1 {
		limit = nil
	}
	v, err := r.call("table", sortBy, limit)
	if err != nil {
		return "", err
	}
	return v.(string), nil
}

// Events are the recorded events, by start time (an enclosing event before those inside it).
func (r *Recording) Events() ([]ProfileEvent, error) {
	v, err := r.call("events")
	if err != nil {
		return nil, err
	}
	items, _ := v.([]any)
	events := make([]ProfileEvent, 0, len(items))
	for _, item := range items {
		m, _ := item.(map[string]any)
		e := ProfileEvent{}
		e.Name, _ = m["name"].(string)
		e.Category, _ = m["category"].(string)
		e.ThreadID, _ = m["thread_id"].(int64)
		e.Thread, _ = m["thread"].(string)
		start, _ := m["start_ns"].(int64)
		duration, _ := m["duration_ns"].(int64)
		e.Start, e.Duration = time.Duration(start), time.Duration(duration)
		e.Frontend, _ = m["frontend"].(string)
		events = append(events, e)
	}
	return events, nil
}

// WallTime is how long the profile recorded.
func (r *Recording) WallTime() (time.Duration, error) {
	v, err := r.call("wall_ns")
	if err != nil {
		return 0, err
	}
	ns, _ := v.(int64)
	return time.Duration(ns), nil
}

// Close releases the recording now. Idempotent.
func (r *Recording) Close() {
	if r != nil && r.profile != nil {
		r.profile.Close()
	}
}
