// Package plugin turns a Go main package into a ferrule plugin: a shared library that Python
// (ferrule.ffi.load_library), C (ferrule_library_load) or Go (ferrule.LoadLibrary) loads at run
// time, whose Go functions then sit in the process's one registry beside everyone else's. It is
// the counterpart of Rust's export_plugin!:
//
//	package main
//
//	import (
//		ferrule "github.com/ferrule-dev/ferrule/go"
//		"github.com/ferrule-dev/ferrule/go/plugin"
//	)
//
//	func init() {
//		plugin.Register("mygo.add", func(a, b int64) int64 { return a + b }, ferrule.WithDoc("Adds two ints."))
//	}
//
//	func main() {} // required by -buildmode=c-shared; never runs
//
// built with
//
//	go build -buildmode=c-shared -tags ferrule_plugin -o libmygo.so .
//
// The tag makes the ferrule package link no libferrule: the plugin reaches the host's libferrule
// only through the API table handed to its ferrule_plugin_init (which this package exports), so
// one process has one registry whichever frontend loaded it, and the plugin needs no libferrule
// of its own to load (check: `nm -D --undefined-only libmygo.so | grep ferrule_` prints nothing).
//
// Registered functions have typed Go signatures, converted as ferrule.RegisterFunc converts them;
// a returned error reaches the caller as an error of its kind (a *ferrule.Error keeps its Kind, any
// other error is a RuntimeError), and a panic becomes a RuntimeError naming the panic value. A
// failure while loading (an ABI mismatch, a duplicate name, a panic) is the error
// ferrule_plugin_init returns, and the host's load call fails with it.
package plugin

/*
#cgo CFLAGS: -I${SRCDIR}/..
#include <stdlib.h>
#include "ferrule.h"

// error_create through the host's table itself: package ferrule's forwarders need the table set,
// which a refused table never is.
static inline void ferrule_plugin_go_error_create(const FerruleApi* api, const char* kind,
                                                  const char* message, FerruleObject** out) {
  api->error_create(kind, message, out);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

// registration is one Register call, replayed by ferrule_plugin_init.
type registration struct {
	name string
	fn   any
	opts []ferrule.RegisterOption
}

var (
	mu       sync.Mutex
	pending  []registration
	loaded   bool
	loadErrs []error
)

// Register registers fn under name when the host loads the plugin (ferrule_plugin_init). Call it
// from an init function or a package-level variable's initialiser: the host's API table does not
// exist before the plugin is loaded, so nothing else of package ferrule may run that early.
// Options are RegisterFunc's (ferrule.WithDoc, ferrule.WithSignature, ...).
func Register(name string, fn any, opts ...ferrule.RegisterOption) {
	mu.Lock()
	defer mu.Unlock()
	if loaded {
		// After loading, the table is there: register at once, as RegisterFunc would.
		if err := ferrule.RegisterFunc(name, fn, opts...); err != nil {
			loadErrs = append(loadErrs, err)
		}
		return
	}
	pending = append(pending, registration{name, fn, opts})
}

// checkTable accepts the host's table when it has this package's ABI version and at least the
// fields this package's ferrule.h declares.
func checkTable(api *C.FerruleApi) error {
	if v := uint32(api.abi_version); v != ferrule.ABIVersion {
		return fmt.Errorf("go plugin: the host has ABI version %d, this plugin was built for %d: rebuild the plugin against the host's ferrule", v, ferrule.ABIVersion)
	}
	if size, need := uintptr(api.struct_size), unsafe.Sizeof(C.FerruleApi{}); size < need {
		return fmt.Errorf("go plugin: the host's API table has %d bytes, this plugin needs %d: rebuild the plugin against the host's ferrule", size, need)
	}
	return nil
}

// registerAll registers the pending functions, all of them even after a failure, so that the
// error names every name that failed.
func registerAll() error {
	mu.Lock()
	defer mu.Unlock()
	loaded = true
	var errs []error
	for _, r := range pending {
		if err := ferrule.RegisterFunc(r.name, r.fn, r.opts...); err != nil {
			errs = append(errs, fmt.Errorf("registering %s: %w", r.name, err))
		}
	}
	pending = nil
	return errors.Join(errs...)
}

// nativeError is err as a new native error created through api (the kind of a *ferrule.Error
// kept, RuntimeError otherwise), or nil when api is too short to hold error_create.
func nativeError(api *C.FerruleApi, err error) *C.FerruleObject {
	if api == nil || uintptr(api.struct_size) < unsafe.Offsetof(api.error_create)+unsafe.Sizeof(api.error_create) {
		return nil
	}
	kind, message := ferrule.KindRuntimeError, err.Error()
	var ferr *ferrule.Error
	if errors.As(err, &ferr) && ferr == err {
		kind, message = ferr.Kind, ferr.Message
	} else if errors.As(err, &ferr) {
		kind = ferr.Kind
	}
	ckind, cmessage := C.CString(kind), C.CString(message)
	defer C.free(unsafe.Pointer(ckind))
	defer C.free(unsafe.Pointer(cmessage))
	var obj *C.FerruleObject
	C.ferrule_plugin_go_error_create(api, ckind, cmessage, &obj)
	return obj
}

// ferrule_plugin_init is the plugin's entry point (FerrulePluginInit in ferrule.h): the host calls
// it once, from its library load, with its API table. It returns 0, or -1 with a new error in
// *errOut. A panic is recovered and reported the same way.
//
//export ferrule_plugin_init
func ferrule_plugin_init(api *C.FerruleApi, errOut **C.FerruleObject) (rc C.int32_t) {
	fail := func(err error) C.int32_t {
		if errOut != nil {
			*errOut = nativeError(api, err)
		}
		return -1
	}
	defer func() {
		if r := recover(); r != nil {
			rc = fail(fmt.Errorf("go plugin: panic in ferrule_plugin_init: %v", r))
		}
	}()
	if api == nil {
		return -1 // no table: nothing to report through
	}
	if err := checkTable(api); err != nil {
		return fail(err)
	}
	if err := attach(api); err != nil {
		return fail(err)
	}
	if err := registerAll(); err != nil {
		return fail(fmt.Errorf("go plugin: %w", err))
	}
	return 0
}
