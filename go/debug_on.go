//go:build ferrule_debug

package ferrule

// debugGC forces a garbage collection on every handle access, so that a handle used without a
// runtime.KeepAlive is collected (and its native object released) while C still uses it.
const debugGC = true
