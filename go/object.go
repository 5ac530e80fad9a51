// object.go — native object handles: ownership of one strong reference, released by Close or by
// a finalizer once the Go handle is unreachable.

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
	"unsafe"
)

// handle owns one strong reference to a native object. It is the first field of the Go wrapper
// types (Tensor, Function, Object), whose finalizer releases the reference once the wrapper is
// unreachable, unless Close released it first.
//
// Close and the finalizer both take the reference with one atomic swap, so exactly one of them
// releases it, whatever their timing: a finalizer queued while Close runs finds nothing left.
// A finalizer (rather than runtime.AddCleanup) because it receives the wrapper itself, and
// because it costs no allocation: AddCleanup allocates a closure and its argument per handle,
// two allocations more than the wrapper (BenchmarkNewTensorClose: 3 allocations, now 1). The
// wrappers hold no Go pointers, so they can never be part of a cycle that keeps a finalizer from
// running.
//
// Every method that passes the pointer to C must keep the wrapper alive until C returns
// (runtime.KeepAlive); the ferrule_debug build tag makes a missing KeepAlive fail in tests.
type handle struct {
	ptr atomic.Pointer[C.FerruleObject]
	id  uint64 // ferrule_debug and ferrule_stress builds: identifies the handle
}

// finalize is the work of every wrapper's finalizer: it runs on the runtime's finalizer
// goroutine once the wrapper is unreachable, and releases the reference unless Close did.
func (h *handle) finalize() {
	if debugGC {
		debugCollected.Store(h.id, true)
	}
	p := h.ptr.Swap(nil)
	if p == nil || !noteRelease(h.id, "the finalizer") {
		return
	}
	C.ferrule_object_release(p)
}

// attach takes ownership of `p` (a new reference) for the wrapper `owner`, whose handle is its
// first field; `finalizer` is the wrapper type's (a plain function: registering it allocates
// nothing).
func attach[T any](owner *T, h *handle, p *C.FerruleObject, finalizer func(*T)) {
	if unsafe.Pointer(h) != unsafe.Pointer(owner) {
		panic("ferrule: a handle must be the first field of its wrapper")
	}
	if debugGC || trackReleases {
		h.id = debugNextID.Add(1)
	}
	h.ptr.Store(p)
	runtime.SetFinalizer(owner, finalizer)
}

// The wrapper types' finalizers.
func finalizeTensor(t *Tensor)     { t.h.finalize() }
func finalizeFunction(f *Function) { f.h.finalize() }
func finalizeObject(o *Object)     { o.h.finalize() }

var (
	// debugCollected holds the ids of handles whose finalizer ran (ferrule_debug builds only).
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
		// collect it, let its finalizer run, and fail loudly instead of using a freed object.
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

// close releases the reference once; later calls do nothing, and a finalizer running meanwhile
// or later finds nothing to release (the swap decides). `owner` is the wrapper: its finalizer is
// removed, so that the collector frees it in one cycle instead of running a finalizer first.
func (h *handle) close(owner any) {
	p := h.ptr.Swap(nil)
	if p == nil {
		return
	}
	if trackReleases {
		stressWindow()
	}
	runtime.SetFinalizer(owner, nil)
	if noteRelease(h.id, "Close") {
		C.ferrule_object_release(p)
	}
}

// Object is a native object of a type this package has no dedicated wrapper for (results of
// type Object). It holds one strong reference until Close or until it is garbage collected.
type Object struct {
	h handle
}

func newObject(p *C.FerruleObject) *Object {
	o := &Object{}
	attach(o, &o.h, p, finalizeObject)
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
		o.h.close(o)
	}
}

// useCount returns the native strong count (for tests).
func useCount(p *C.FerruleObject) uint32 { return uint32(C.ferrule_object_use_count(p)) }
