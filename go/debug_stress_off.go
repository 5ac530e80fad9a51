//go:build !ferrule_stress

package ferrule

// trackReleases accounts for every native release per handle (build tag ferrule_stress).
const trackReleases = false

// noteRelease records that handle `id` releases its native reference (ferrule_stress builds);
// false means it was released already and the release must be skipped.
func noteRelease(uint64, string) bool { return true }

// stressWindow widens the race window in close (ferrule_stress builds).
func stressWindow() {}

// releaseLedgerReset forgets every recorded release (ferrule_stress builds).
func releaseLedgerReset() {}

// releaseLedgerDoubles returns how many handles were released twice and a description of the
// first (ferrule_stress builds).
func releaseLedgerDoubles() (int64, string) { return 0, "" }
