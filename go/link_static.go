//go:build ferrule_static && !ferrule_intree && !ferrule_plugin

// link_static.go — build tag ferrule_static: the installed libferrule.a linked into the binary
// (ferrule-static.pc from `make install PREFIX=...`), so the program needs no libferrule.so at run
// time. One registry per process, owned by this binary.

package ferrule

/*
#cgo pkg-config: ferrule-static
*/
import "C"

// pluginMode reports whether this is a plugin's build (tag ferrule_plugin).
const pluginMode = false
