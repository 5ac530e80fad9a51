//go:build !ferrule_debug

package ferrule

// debugGC forces a garbage collection on every handle access (build tag ferrule_debug).
const debugGC = false
