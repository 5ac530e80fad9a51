//go:build !ferrule_shared

// link_static.go — the default: libferrule.a linked into the Go binary (one registry per process,
// owned by this binary).

package ferrule

/*
#cgo LDFLAGS: ${SRCDIR}/../target/release/libferrule.a -lm -ldl -lpthread
*/
import "C"

// sharedLink reports whether the package links libferrule.so dynamically (tag ferrule_shared).
const sharedLink = false
