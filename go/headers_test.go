package ferrule

import (
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var updateHeaders = flag.Bool("update-headers", false, "rewrite ferrule.h and dlpack.h from ../include/ferrule")

// vendoredHeaders maps each header the module carries to its source in the repository and what
// the copy changes: the module's headers sit beside the cgo files, so `go mod vendor` (which
// copies package directories only) keeps them, and ferrule.h includes its neighbour directly.
var vendoredHeaders = map[string]struct {
	source  string
	rewrite func(string) string
}{
	"ferrule.h": {"../include/ferrule/ferrule.h", func(s string) string {
		return strings.Replace(s, `#include "ferrule/dlpack.h"`, `#include "dlpack.h"`, 1)
	}},
	"dlpack.h": {"../include/ferrule/dlpack.h", func(s string) string { return s }},
}

// TestHeadersMatchInclude is the drift check of the headers the module carries: each must be its
// include/ferrule source as rewritten above. `make go-headers` (this test with -update-headers)
// rewrites them. Outside a checkout there is nothing to compare with.
func TestHeadersMatchInclude(t *testing.T) {
	for name, h := range vendoredHeaders {
		src, err := os.ReadFile(h.source)
		if err != nil {
			t.Skipf("%s not found (not in a ferrule checkout): %v", h.source, err)
		}
		want := h.rewrite(string(src))
		if *updateHeaders {
			if err := os.WriteFile(name, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("go/%s: %v (run `make go-headers`)", name, err)
		}
		if string(got) != want {
			t.Errorf("go/%s differs from %s: run `make go-headers`", name, h.source[3:])
		}
	}
}

// TestPluginForwardsEveryFunction: api_table.c (tag ferrule_plugin) defines every function
// ferrule.h declares, so that no ferrule.h call of a plugin is left for the dynamic loader to bind
// to some libferrule of the host's (the plugin must reach the host through its API table only).
func TestPluginForwardsEveryFunction(t *testing.T) {
	header, err := os.ReadFile("ferrule.h")
	if err != nil {
		t.Fatal(err)
	}
	forwarders, err := os.ReadFile("api_table.c")
	if err != nil {
		t.Fatal(err)
	}
	// (static inline helpers, e.g. ferrule_type_name, are compiled into the plugin: nothing to forward)
	declared := regexp.MustCompile(`(?m)^[A-Za-z][\w \*]*?\b(ferrule_\w+)\(`).FindAllStringSubmatch(string(header), -1)
	declared = slices.DeleteFunc(declared, func(d []string) bool { return strings.HasPrefix(d[0], "static ") })
	if len(declared) < 40 {
		t.Fatalf("found only %d declarations in ferrule.h: the pattern no longer matches it", len(declared))
	}
	for _, d := range declared {
		if !regexp.MustCompile(`(?m)^FORWARD [^(]*\b` + d[1] + `\(`).Match(forwarders) {
			t.Errorf("api_table.c has no forwarder for %s (declared in ferrule.h)", d[1])
		}
	}
}
