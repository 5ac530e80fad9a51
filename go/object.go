// object.go — native object handles: ownership of one strong reference, released by Close or by
// a runtime cleanup once the Go handle is unreachable.

package ferrule

/*
#include "ferrule.h"
#cgo nocallback ferrule_object_retain
#cgo nocallback ferrule_object_use_count
*/
import "C"

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// handle owns one strong reference to a native object. It is embedded in the Go wrapper types
// (Tensor, Function, Object); the runtime cleanup is attached to the wrapper, never to the handle
// alone, so the reference lives exactly as long as the wrapper is reachable or until Close.
//
// Every method that passes the pointer to C must keep the wrapper alive until C returns
// (runtime.KeepAlive); the ferrule_debug build tag makes a missing KeepAlive fail in tests.
type handle struct {
	ptr     atomic.Pointer[C.FerruleObject]
	cleanup runtime.Cleanup
	id      uint64 // ferrule_debug and ferrule_stress builds: identifies the handle
}

// owned is what a handle's cleanup needs: the reference to drop (and the handle's debug id).
type owned struct {
	ptr *C.FerruleObject
	id  uint64
}

// releaseObject is the cleanup of every handle. It runs on the runtime's cleanup goroutine, only
// when the wrapper became unreachable without Close (close stops it while the wrapper is alive).
func releaseObject(o owned) {
	if debugGC {
		debugCollected.Store(o.id, true)
	}
	if !noteRelease(o.id, "the runtime cleanup") {
		return
	}
	C.ferrule_object_release(o.ptr)
}

// attach takes ownership of `p` (a new reference) for the wrapper `owner`, whose handle is `h`.
func attach[T any](owner *T, h *handle, p *C.FerruleObject) {
	if debugGC || trackReleases {
		h.id = debugNextID.Add(1)
	}
	h.ptr.Store(p)
	h.cleanup = runtime.AddCleanup(owner, releaseObject, owned{ptr: p, id: h.id})
}

var (
	// debugCollected holds the ids of handles whose cleanup ran (ferrule_debug builds only).
	debugCollected sync.Map
	debugNextID    atomic.Uint64
)

// get returns the native pointer, or nil once closed. The caller must keep the wrapper alive
// while it uses the pointer.
func (h *handle) get() *C.FerruleObject {
	p := h.ptr.Load()
	if debugGC && p != nil {
		id := h.id
		// When the caller forgot a runtime.KeepAlive the wrapper is already unreachable here:
		// collect it, let its cleanup run, and fail loudly instead of using a freed object.
		for range 3 {
			runtime.GC()
			runtime.Gosched()
		}
		if _, collected := debugCollected.Load(id); collected {
			panic("ferrule (ferrule_debug): a handle was garbage collected while its native object was in use; a runtime.KeepAlive is missing")
		}
	}
	return p
}

// close releases the reference once; later calls do nothing, and the runtime cleanup never runs
// after it (so the reference is released exactly once per handle, by close or by the cleanup).
//
// The wrapper must stay reachable until Stop has returned: Stop has no effect on a cleanup the
// collector already queued, and the collector queues it as soon as the wrapper is unreachable,
// which it is during Stop unless something keeps it alive (h points into it). Without the
// KeepAlive at the end, a collection finishing while this goroutine is inside Stop releases the
// object a second time (heap corruption; TestStressCloseRacesCleanup catches it).
func (h *handle) close() {
	p := h.ptr.Swap(nil)
	if p == nil {
		return
	}
	id, cleanup := h.id, h.cleanup
	if trackReleases {
		stressWindow()
	}
	cleanup.Stop()
	if noteRelease(id, "Close") {
		C.ferrule_object_release(p)
	}
	runtime.KeepAlive(h)
}

// Object is a native object of a type this package has no dedicated wrapper for (results of
// type Object). It holds one strong reference until Close or until it is garbage collected.
type Object struct {
	h handle
}

func newObject(p *C.FerruleObject) *Object {
	o := &Object{}
	attach(o, &o.h, p)
	return o
}

// TypeIndex returns the native type index of the object (see FerruleTypeIndex), or -1 once
// closed.
func (o *Object) TypeIndex() int32 {
	if o == nil {
		return -1
	}
	p := o.h.get()
	if p == nil {
		return -1
	}
	ti := int32(p.type_index)
	runtime.KeepAlive(o)
	return ti
}

// Close releases the native reference now. It is idempotent; using the object afterwards
// returns errors.
func (o *Object) Close() {
	if o != nil {
		o.h.close()
	}
}

// useCount returns the native strong count (for tests).
func useCount(p *C.FerruleObject) uint32 { return uint32(C.ferrule_object_use_count(p)) }
