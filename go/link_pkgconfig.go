//go:build !ferrule_intree && !ferrule_static && !ferrule_plugin

// link_pkgconfig.go — the default: libferrule.so from an installed prefix, found through
// pkg-config (ferrule.pc, which `make install PREFIX=...` writes; for a prefix pkg-config does not
// search by default, set PKG_CONFIG_PATH=PREFIX/lib/pkgconfig). The link records the prefix's lib
// directory as the binary's run path, so the program runs without LD_LIBRARY_PATH. When pkg-config
// cannot find ferrule.pc, the build stops with its message: install libferrule from a ferrule
// checkout with `make install PREFIX=...`, or point PKG_CONFIG_PATH at an installed prefix.
//
// Other ways to link: the tag ferrule_static links the prefix's libferrule.a (ferrule-static.pc)
// into the binary; ferrule_intree links this checkout's target/release/libferrule.a (the
// repository's own tests); ferrule_plugin links none (a Go plugin, see package plugin).

package ferrule

/*
#cgo pkg-config: ferrule
*/
import "C"

// pluginMode reports whether this is a plugin's build (tag ferrule_plugin): no libferrule linked,
// every call through the host's API table.
const pluginMode = false
