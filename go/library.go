// library.go — linking libferrule, the ABI version check, plugins and the live-object count.

package ferrule

/*
#cgo noescape ferrule_library_load
#cgo nocallback ferrule_abi_version
#cgo nocallback ferrule_live_object_count
#include <stdlib.h>
#include "ferrule.h"
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// ABIVersion is the ABI version this package was compiled against (FERRULE_ABI_VERSION).
const ABIVersion = uint32(C.FERRULE_ABI_VERSION)

// LibraryABIVersion returns the ABI version libferrule was built with; it must equal ABIVersion.
func LibraryABIVersion() uint32 { return uint32(C.ferrule_abi_version()) }

// LiveObjectCount returns the number of live native objects (all types) in the process. Leak
// tests compare it before and after a workload.
func LiveObjectCount() uint64 { return uint64(C.ferrule_live_object_count()) }

// LoadLibrary loads a plugin library (a shared object exporting ferrule_plugin_init), whose
// functions then appear in the registry. Loading the same file twice initialises it once.
func LoadLibrary(path string) error {
	cpath, err := cString(path, "LoadLibrary", "path")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(cpath))
	var cerr *C.FerruleObject
	if C.ferrule_library_load(cpath, &cerr) != 0 {
		return takeError(cerr)
	}
	return nil
}

// The ABI check. A program linking libferrule cannot run with a mismatch, so it panics at
// start-up; a plugin (build tag ferrule_plugin) has no library of its own: its ferrule_plugin_init
// checks the host's table instead, and refuses to load on a mismatch (plugin/plugin.go).
func init() {
	if pluginMode {
		return
	}
	if got := LibraryABIVersion(); got != ABIVersion {
		panic(fmt.Sprintf("ferrule: libferrule has ABI version %d but this package was built for %d", got, ABIVersion))
	}
}
