//go:build ferrule_plugin

package plugin

/*
#cgo CFLAGS: -I${SRCDIR}/..
#include "ferrule.h"

// Package ferrule's api_table.c: the table every forwarder calls through.
void ferrule_go_set_api(const FerruleApi* api);
*/
import "C"

// attach makes api, which checkTable accepted, the table package ferrule calls through.
func attach(api *C.FerruleApi) error {
	C.ferrule_go_set_api(api)
	return nil
}
