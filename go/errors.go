// errors.go — the one place where ferrule's error taxonomy meets Go's error values.

package ferrule

/*
#include <stdlib.h>
#include "shim.h"
#cgo nocallback ferrule_error_kind
#cgo nocallback ferrule_error_message
#cgo nocallback ferrule_error_context_copy
#cgo noescape ferrule_error_context_copy
#cgo nocallback ferrule_go_error_cause
#cgo nocallback ferrule_error_create
#cgo noescape ferrule_error_create
#cgo nocallback ferrule_error_add_context
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime/cgo"
	"strings"
	"unsafe"
)

// Error kinds: the names of the Python exceptions ferrule errors map to. An unknown kind is kept
// as given.
const (
	KindTypeError           = "TypeError"
	KindValueError          = "ValueError"
	KindIndexError          = "IndexError"
	KindKeyError            = "KeyError"
	KindNotImplementedError = "NotImplementedError"
	KindMemoryError         = "MemoryError"
	KindRuntimeError        = "RuntimeError"
	KindBufferError         = "BufferError"
	KindOverflowError       = "OverflowError"
	KindZeroDivisionError   = "ZeroDivisionError"
	KindAttributeError      = "AttributeError"
	KindOSError             = "OSError"
)

// Error is an error raised by ferrule or by a function called through it: every fallible call
// of this package returns one (wrapped as error; use errors.As with a *Error to read it).
type Error struct {
	// Kind is a Python exception name, e.g. "ValueError".
	Kind string
	// Message says what went wrong.
	Message string
	// Context holds the frames or notes gathered on the way back, oldest first
	// (e.g. "while calling testing.apply").
	Context []string

	// cause is the Go error a registered Go function returned, when the error started in Go.
	cause error
}

// Error returns "Kind: Message", followed by the context lines.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Kind)
	b.WriteString(": ")
	b.WriteString(e.Message)
	for _, line := range e.Context {
		b.WriteString("\n  ")
		b.WriteString(line)
	}
	return b.String()
}

// Unwrap returns the original Go error when this error was returned by a Go function that was
// called through the registry (so errors.Is and errors.As see through native frames).
func (e *Error) Unwrap() error { return e.cause }

// newError builds a Go-side *Error (used for bad input detected before reaching C).
func newError(kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// readError copies an error object into a Go *Error without releasing it.
func readError(obj *C.FerruleObject) *Error {
	kind := C.ferrule_error_kind(obj)
	if kind == nil {
		return newError(KindRuntimeError, "ferrule returned a failure without a valid error object")
	}
	e := &Error{Kind: C.GoString(kind), Message: C.GoString(C.ferrule_error_message(obj))}
	if ctx := errorContext(obj); ctx != "" {
		e.Context = strings.Split(ctx, "\n")
	}
	if h := C.ferrule_go_error_cause(obj); h != 0 {
		if cause, ok := cgo.Handle(h).Value().(error); ok {
			e.cause = cause
		}
	}
	return e
}

// errorContext copies the context of an error object out under its lock
// (ferrule_error_context_copy): unlike the pointer ferrule_error_context returns, the copy cannot
// be invalidated by another thread adding context to the same error meanwhile.
func errorContext(obj *C.FerruleObject) string {
	var stack [256]byte
	buf := stack[:]
	for {
		var needed C.size_t
		rc := C.ferrule_error_context_copy(obj, (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(len(buf)), &needed)
		switch rc {
		case 0:
			return string(buf[:needed])
		case 1:
			buf = make([]byte, int(needed)+1) // it grew meanwhile, or did not fit: again
		default:
			return ""
		}
	}
}

// takeError reads an error object returned through an `err` out-parameter and releases it.
func takeError(obj *C.FerruleObject) error {
	if obj == nil {
		return newError(KindRuntimeError, "ferrule returned a failure without an error object")
	}
	e := readError(obj)
	C.ferrule_object_release(obj)
	return e
}

// newCError creates a native error object (a new reference) from a Go error: a *Error keeps its
// kind, message and context; any other error becomes a RuntimeError with err.Error() as message.
// The Go error rides along as the payload so it comes back unchanged through Unwrap.
func newCError(err error) *C.FerruleObject {
	kind, message, context := KindRuntimeError, err.Error(), []string(nil)
	var ferr *Error
	if errors.As(err, &ferr) {
		kind, message, context = ferr.Kind, ferr.Message, ferr.Context
		if ferr.cause != nil {
			err = ferr.cause
		} else if ferr == err {
			err = nil // a bare *Error carries nothing that kind and message do not
		}
	}
	obj := newCErrorText(kind, message)
	for _, line := range context {
		addContextLine(obj, line)
	}
	if err != nil {
		C.ferrule_go_error_set_cause(obj, C.uintptr_t(cgo.NewHandle(err)))
	}
	return obj
}

// addContextLine appends a line of context to a native error (NULs in it written as \0).
func addContextLine(obj *C.FerruleObject, line string) {
	cline := C.CString(strings.ReplaceAll(line, "\x00", `\0`))
	C.ferrule_error_add_context(obj, cline)
	C.free(unsafe.Pointer(cline))
}

// newCErrorText creates a native error object of the given kind and message (a new reference).
// A kind is a name: one with a NUL byte becomes a ValueError saying so, quoting kind and message.
func newCErrorText(kind, message string) *C.FerruleObject {
	if strings.IndexByte(kind, 0) >= 0 {
		kind, message = KindValueError, fmt.Sprintf("Error: kind %q contains a NUL byte (%s)", kind, message)
	}
	// C strings end at the first NUL; keep what follows in a message visible instead of cutting it off.
	ckind := C.CString(kind)
	cmsg := C.CString(strings.ReplaceAll(message, "\x00", `\0`))
	var obj *C.FerruleObject
	C.ferrule_error_create(ckind, cmsg, &obj)
	C.free(unsafe.Pointer(ckind))
	C.free(unsafe.Pointer(cmsg))
	return obj
}

// cString converts a Go string to a malloc'd C string (the caller frees it); a NUL inside is a
// ValueError naming the function and argument.
func cString(s, function, arg string) (*C.char, error) {
	if strings.IndexByte(s, 0) >= 0 {
		return nil, newError(KindValueError, "%s: argument '%s' contains a NUL byte", function, arg)
	}
	return C.CString(s), nil
}
