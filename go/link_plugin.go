//go:build ferrule_plugin

// link_plugin.go — build tag ferrule_plugin: a Go plugin (go build -buildmode=c-shared), loaded
// into a process that already has libferrule (Python, a C program, a Go program). It links no
// libferrule: every ferrule.h function is a forwarder through the API table the host hands to
// ferrule_plugin_init (api_table.c), so the process keeps one libferrule and one registry,
// whichever frontend loaded the plugin. Package plugin writes ferrule_plugin_init.

package ferrule

// pluginMode reports whether this is a plugin's build (tag ferrule_plugin).
const pluginMode = true
