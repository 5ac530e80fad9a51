//go:build ferrule_shared

// link_shared.go — build tag ferrule_shared: libferrule.so linked dynamically, for Go code that
// runs inside a process which already has a libferrule, chiefly a Go plugin built with
// `go build -buildmode=c-shared` and loaded by ferrule_library_load from Python or C.
//
// The package then carries no libferrule of its own: libferrule.so has no SONAME, so the
// dynamic loader records the DT_NEEDED entry "libferrule.so" and, when the plugin is loaded,
// reuses the library already in the process if it was loaded under that name (a C program linked
// with -lferrule) or if the RUNPATH below finds that very file (python/ferrule/libferrule.so,
// the copy the Python extension loads, is searched first; then target/release). Symbols bind to
// the first libferrule in the global scope in any case, so the plugin always reaches the host's
// registry; a plugin's ferrule_plugin_init can check it by comparing the API table it receives
// with ferrule_api().

package ferrule

/*
#cgo LDFLAGS: -L${SRCDIR}/../python/ferrule -L${SRCDIR}/../target/release -lferrule
#cgo LDFLAGS: -Wl,-rpath,${SRCDIR}/../python/ferrule -Wl,-rpath,${SRCDIR}/../target/release
*/
import "C"

// sharedLink reports whether the package links libferrule.so dynamically (tag ferrule_shared).
const sharedLink = true
