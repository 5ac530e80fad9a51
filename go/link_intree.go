//go:build ferrule_intree && !ferrule_plugin

// link_intree.go — build tag ferrule_intree: this checkout's target/release/libferrule.a, linked
// statically, for the repository's own tests and examples (`make test-go`, `make demo`), which run
// before anything is installed. Build libferrule first: `make native` at the repository root.

package ferrule

/*
#cgo LDFLAGS: ${SRCDIR}/../target/release/libferrule.a -lm -ldl -lpthread
// cgo compiles this with the package directory on the include path, so the archive is checked
// here, where a missing one can say what to do instead of the linker's bare "cannot find".
#if !__has_include("../target/release/libferrule.a")
#error "ferrule (tag ferrule_intree): target/release/libferrule.a is not built: run `make native` (or `cargo build --release -p ferrule-capi`) at the repository root"
#endif
*/
import "C"

// pluginMode reports whether this is a plugin's build (tag ferrule_plugin).
const pluginMode = false
