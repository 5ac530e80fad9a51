//go:build !ferrule_plugin

package plugin

/*
#cgo CFLAGS: -I${SRCDIR}/..
#include "ferrule.h"
*/
import "C"

import "errors"

// attach refuses: without the tag ferrule_plugin, package ferrule links a libferrule of its own,
// which would be a second libferrule (a second registry) in the host's process.
func attach(*C.FerruleApi) error {
	return errors.New("go plugin: built without the tag ferrule_plugin, so it carries its own libferrule " +
		"(a second registry in this process): rebuild it with go build -buildmode=c-shared -tags ferrule_plugin")
}
