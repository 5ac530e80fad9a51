/* ferrule.h — the C ABI of libferrule: values, objects, functions, the registry, tensors, errors.
 *
 * ABI version 1. Every other language binding (Python, Go, ctypes, plugins) is built on this file.
 *
 * Conventions that hold for every function below unless its comment says otherwise:
 *
 *  - Status: functions returning int32_t return 0 on success and -1 on failure. On failure they
 *    store a new Error object in `*err` (the caller owns it and must release it with
 *    ferrule_object_release); on success `*err` is left untouched. `err` must not be NULL.
 *    Errors travel through this out-parameter, never through thread-local state, so a caller that
 *    hops between OS threads (a goroutine) always reads its own error.
 *  - Ownership: "new reference" means the caller owns one strong reference and must release it.
 *    "Borrowed" means the callee does not keep it beyond the call, or the returned pointer is
 *    valid only while the object it came from is alive. FerruleAny arguments are borrowed;
 *    FerruleAny results are owned by the caller (release with ferrule_any_release).
 *  - Panics and other faults inside libferrule never unwind into the caller: they become a
 *    RuntimeError returned through `err` whose message quotes the panic and its location, and
 *    nothing is printed. To that end libferrule installs, once, a panic hook in its own Rust
 *    runtime that records a panic raised inside one of its exports instead of printing it and
 *    passes every other panic to the hook installed before it; set the environment variable
 *    FERRULE_LOG_CAUGHT_PANICS=1 to print caught panics as well. (Rust plugins built on
 *    ferrule-plugin do the same in theirs.) An export that cannot report an error (a release, a
 *    destructor) prints one line for a panic it contained: a bug, never an expected outcome.
 *  - Allocation failure is an error, never an abort: wherever a size comes from the caller (a
 *    length, a count, a shape, a string), an allocation that cannot be made is a MemoryError
 *    naming the function.
 *  - Strings passed as `const char*` are NUL-terminated, so a name cannot contain a NUL. The
 *    frontends (Python, ctypes, Go, ferrule-plugin) refuse a name, path or error kind with an
 *    embedded NUL with a ValueError instead of cutting it short.
 *  - Thread safety: every function may be called from any thread. Objects are immutable after
 *    creation unless a function says otherwise; reference counts are atomic. A tensor's metadata
 *    (shape, strides, dtype, device) never changes, but its data is ordinary memory: whoever
 *    holds the tensor may read and write it (e.g. fill a tensor fresh from
 *    ferrule_tensor_create), and synchronising concurrent writers is the caller's job.
 *  - Re-entry: only these functions can run code outside libferrule (a callback, a state or
 *    payload deleter, a DLPack deleter, a plugin's init, a blocking hook), and so re-enter the
 *    caller's language: ferrule_object_release, ferrule_any_release, ferrule_func_call,
 *    ferrule_func_set_global (replacing a function), ferrule_func_remove_global,
 *    ferrule_error_set_payload (replacing a payload), ferrule_library_load,
 *    ferrule_blocking_enter/leave, ferrule_tensor_from_dlpack (on failure paths it never calls
 *    the deleter), ferrule_tensor_set_grad, ferrule_autograd_backward and ferrule_autograd_grad.
 *    Every other function returns without calling out (cgo: safe for `nocallback`).
 */
#ifndef FERRULE_FERRULE_H_
#define FERRULE_FERRULE_H_

#include <stddef.h>
#include <stdint.h>

#include "ferrule/dlpack.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ABI version of this header. ferrule_abi_version() returns the library's; they must match. */
/* BEGIN ferrule-codegen abi-version: generated from crates/ferrule-sys/src/vocab.rs */
#define FERRULE_ABI_VERSION 1
/* END ferrule-codegen abi-version */

/* ---------------------------------------------------------------------------------------------
 * Type indices: the tag of a FerruleAny and the type of a heap object.
 * Values below FERRULE_TYPE_STATIC_OBJECT_BEGIN are stored inline in the FerruleAny payload;
 * values at or above it mean the payload is a FerruleObject* whose header has the same index.
 * Indices are only ever appended (within ABI version 1): an index keeps its meaning forever, and
 * a program built against an older header meets a newer index only as a value it does not know
 * (libferrule checks every value a caller hands over against the indices of its own header).
 * ------------------------------------------------------------------------------------------- */
/* BEGIN ferrule-codegen type-indices: generated from crates/ferrule-sys/src/vocab.rs */
typedef enum {
  FERRULE_TYPE_NONE = 0,        /* no payload */
  FERRULE_TYPE_INT = 1,         /* v_int64 */
  FERRULE_TYPE_BOOL = 2,        /* v_int64: 0 or 1 */
  FERRULE_TYPE_FLOAT = 3,       /* v_float64 */
  FERRULE_TYPE_OPAQUE_PTR = 4,  /* v_ptr: an address ferrule never dereferences */
  FERRULE_TYPE_DTYPE = 5,       /* v_dtype */
  FERRULE_TYPE_DEVICE = 6,      /* v_device */
  FERRULE_TYPE_SMALL_STR = 7,   /* v_bytes[0 .. small_len), UTF-8, small_len <= 8, no NUL */
  FERRULE_TYPE_SMALL_BYTES = 8, /* v_bytes[0 .. small_len), small_len <= 8 */
  FERRULE_TYPE_STATIC_OBJECT_BEGIN = 64,
  FERRULE_TYPE_OBJECT = 64,   /* an object of no more specific type */
  FERRULE_TYPE_STR = 65,      /* FerruleObject* of a string (UTF-8) */
  FERRULE_TYPE_BYTES = 66,    /* FerruleObject* of a byte string */
  FERRULE_TYPE_ERROR = 67,    /* FerruleObject* of an error */
  FERRULE_TYPE_FUNCTION = 68, /* FerruleObject* of a packed function */
  FERRULE_TYPE_ARRAY = 69,    /* FerruleObject* of an immutable array of FerruleAny */
  FERRULE_TYPE_MAP = 70,      /* FerruleObject* of an immutable, insertion-ordered map */
  FERRULE_TYPE_TENSOR = 71,   /* FerruleObject* of a tensor (FerruleTensorObject) */
  FERRULE_TYPE_COMPLEX = 72   /* FerruleObject* of a complex number (FerruleComplexObject) */
} FerruleTypeIndex;
/* END ferrule-codegen type-indices */

/* BEGIN ferrule-codegen type-names: generated from crates/ferrule-sys/src/vocab.rs */
/* The name messages use for a value of type index `type_index` ("int", "str", "Tensor", ...):
 * "object" for any other object type, "unknown" below the object range. */
static inline const char* ferrule_type_name(int32_t type_index) {
  switch (type_index) {
    case FERRULE_TYPE_NONE:
      return "None";
    case FERRULE_TYPE_INT:
      return "int";
    case FERRULE_TYPE_BOOL:
      return "bool";
    case FERRULE_TYPE_FLOAT:
      return "float";
    case FERRULE_TYPE_OPAQUE_PTR:
      return "opaque pointer";
    case FERRULE_TYPE_DTYPE:
      return "dtype";
    case FERRULE_TYPE_DEVICE:
      return "device";
    case FERRULE_TYPE_SMALL_STR:
    case FERRULE_TYPE_STR:
      return "str";
    case FERRULE_TYPE_SMALL_BYTES:
    case FERRULE_TYPE_BYTES:
      return "bytes";
    case FERRULE_TYPE_OBJECT:
      return "object";
    case FERRULE_TYPE_ERROR:
      return "Error";
    case FERRULE_TYPE_FUNCTION:
      return "Function";
    case FERRULE_TYPE_ARRAY:
      return "Array";
    case FERRULE_TYPE_MAP:
      return "Map";
    case FERRULE_TYPE_TENSOR:
      return "Tensor";
    case FERRULE_TYPE_COMPLEX:
      return "complex";
    default:
      return type_index >= FERRULE_TYPE_STATIC_OBJECT_BEGIN ? "object" : "unknown";
  }
}

/* The name of a dtype ferrule supports ("float32", "bfloat16", ...), or NULL for any other
 * DLDataType (lanes other than 1 included). */
static inline const char* ferrule_dtype_name(DLDataType dtype) {
  if (dtype.lanes != 1) return NULL;
  if (dtype.code == kDLBool && dtype.bits == 8) return "bool";
  if (dtype.code == kDLInt && dtype.bits == 8) return "int8";
  if (dtype.code == kDLInt && dtype.bits == 16) return "int16";
  if (dtype.code == kDLInt && dtype.bits == 32) return "int32";
  if (dtype.code == kDLInt && dtype.bits == 64) return "int64";
  if (dtype.code == kDLUInt && dtype.bits == 8) return "uint8";
  if (dtype.code == kDLUInt && dtype.bits == 16) return "uint16";
  if (dtype.code == kDLUInt && dtype.bits == 32) return "uint32";
  if (dtype.code == kDLUInt && dtype.bits == 64) return "uint64";
  if (dtype.code == kDLFloat && dtype.bits == 16) return "float16";
  if (dtype.code == kDLBfloat && dtype.bits == 16) return "bfloat16";
  if (dtype.code == kDLFloat && dtype.bits == 32) return "float32";
  if (dtype.code == kDLFloat && dtype.bits == 64) return "float64";
  if (dtype.code == kDLComplex && dtype.bits == 64) return "complex64";
  if (dtype.code == kDLComplex && dtype.bits == 128) return "complex128";
  return NULL;
}

/* The lowercase name of a DLPack device type ("cpu", "cuda", ...), or NULL for one ferrule does
 * not name. */
static inline const char* ferrule_device_type_name(int32_t device_type) {
  switch (device_type) {
    case 1:
      return "cpu";
    case 2:
      return "cuda";
    case 3:
      return "cuda_host";
    case 4:
      return "opencl";
    case 7:
      return "vulkan";
    case 8:
      return "metal";
    case 9:
      return "vpi";
    case 10:
      return "rocm";
    case 11:
      return "rocm_host";
    case 12:
      return "ext_dev";
    case 13:
      return "cuda_managed";
    case 14:
      return "oneapi";
    case 15:
      return "webgpu";
    case 16:
      return "hexagon";
    case 17:
      return "maia";
    default:
      return NULL;
  }
}
/* END ferrule-codegen type-names */

/* ---------------------------------------------------------------------------------------------
 * Objects. Every heap object starts with this header. The layout is public so frontends can read
 * the type index without a call; change reference counts only through the functions below.
 *
 * `strong` counts owners. `weak` counts weak references plus one held by all strong owners
 * together. When `strong` reaches 0 the deleter runs with FERRULE_DELETER_DROP (destroy the
 * contents); when `weak` reaches 0 it runs with FERRULE_DELETER_FREE (free the memory). Both
 * flags may arrive in one call.
 * ------------------------------------------------------------------------------------------- */
#define FERRULE_DELETER_DROP 1
#define FERRULE_DELETER_FREE 2

typedef struct FerruleObject {
  uint32_t strong;    /* atomic strong count */
  uint32_t weak;      /* atomic weak count (+1 while strong > 0) */
  int32_t type_index; /* a FerruleTypeIndex >= FERRULE_TYPE_STATIC_OBJECT_BEGIN */
  uint32_t flags; /* atomic; owned by libferrule (FERRULE_OBJECT_FRONTEND_OWNED); 0 at creation */
  void (*deleter)(struct FerruleObject* self, int32_t flags);
} FerruleObject;

/* ---------------------------------------------------------------------------------------------
 * FerruleAny: a 16-byte tagged value, the unit of every packed call.
 * ------------------------------------------------------------------------------------------- */
typedef struct FerruleAny {
  int32_t type_index; /* a FerruleTypeIndex */
  uint32_t small_len; /* length for SMALL_STR / SMALL_BYTES, otherwise 0 */
  union {
    int64_t v_int64;
    double v_float64;
    void* v_ptr;
    FerruleObject* v_obj;
    DLDataType v_dtype;
    DLDevice v_device;
    char v_bytes[8];
  };
} FerruleAny;

/* A tensor object: the header followed by a DLTensor describing it. Read metadata (data pointer,
 * shape, strides in elements, dtype, device) straight from `tensor`; never write to it. `shape`
 * and `strides` point into the object and are valid while it is alive; `strides` is never NULL. */
typedef struct FerruleTensorObject {
  FerruleObject header;
  DLTensor tensor;
  /* The host-language object wrapping this tensor (the CPython extension's ferrule.Tensor), NULL
   * when none. Read and written only by that one frontend, under its own lock (the GIL). */
  void* frontend;
} FerruleTensorObject;

/* A complex number object: the header followed by the real and imaginary parts (double
 * precision; a complex64 value is widened exactly). Immutable: read the parts straight from the
 * object, or with ferrule_complex_parts; create one with ferrule_complex_create. It is the value
 * of a complex scalar argument (Python's `1j`, Go's complex128): weak in type promotion, like an
 * int or float argument (a float32 tensor plus 1j is complex64). */
typedef struct FerruleComplexObject {
  FerruleObject header;
  double real;
  double imag;
} FerruleComplexObject;

/* Object preservation (how a frontend keeps its wrapper object alive while native code holds the
 * tensor, as PyTorch does for Python tensors):
 *   - while the frontend's own users hold the wrapper, the wrapper owns one strong reference to
 *     the tensor and `frontend` points back at it (so returning the tensor to the frontend gives
 *     the same wrapper, with its attributes);
 *   - when the frontend's users let go but the tensor has other owners, the frontend keeps the
 *     wrapper alive instead of freeing it and sets FERRULE_OBJECT_FRONTEND_OWNED;
 *   - when a release leaves exactly one strong reference on a flagged object, libferrule calls the
 *     hook installed with ferrule_set_frontend_release_hook, on the releasing thread. The hook takes
 *     the frontend's lock, re-checks that the count is still 1 and the flag still set, clears the
 *     flag and frees the wrapper, which releases the last reference.
 * The hook must not be called into while the frontend's lock is held by a thread waiting on the
 * releasing thread; libferrule's kernels never release tensors from their worker threads.
 * The whole story (states, transitions, who holds what, which lock): docs/pyobject-preservation.md. */
#define FERRULE_OBJECT_FRONTEND_OWNED 1u
typedef void (*FerruleFrontendRelease)(FerruleObject* obj);
void ferrule_set_frontend_release_hook(FerruleFrontendRelease hook);

/* The packed calling convention. `self` is the state given at creation; `args` holds `num_args`
 * borrowed values; on success the callee stores an owned result in `*out` (which arrives as None)
 * and returns 0, leaving `*err` alone; on failure it stores a new Error in `*err` (which arrives
 * as NULL) and returns -1, and `*out` is ignored. A callback must not let a C++ exception, a Rust
 * panic or a longjmp escape.
 *
 * What libferrule checks when it calls a callback (every call, ferrule_func_call included): the
 * return code is 0 or -1; -1 comes with an Error in `*err`; 0 comes with nothing in `*err`; the
 * value in `*out` has a known type index (a FerruleTypeIndex of this header), an inline length
 * of at most 8, and, for an object type, a non-NULL object whose header has that type index
 * (FERRULE_TYPE_OBJECT accepts any object). A callback that breaks one of these gets its caller
 * a RuntimeError naming the function and what it did (e.g. "f() failed (returned -1) without
 * storing an error in *err"); whatever it handed over that can be released safely is released.
 * Undefined behaviour, because it cannot be checked: an object pointer (in `*out`, `*err`, an
 * argument or an array or map item) that is not NULL and not a live object; a payload that does
 * not match its tag (e.g. a SMALL_STR that is not UTF-8 is read as "not a str"); an object
 * reference handed over that the callee does not own. */
typedef int32_t (*FerruleCallback)(void* self, const FerruleAny* args, int32_t num_args,
                                   FerruleAny* out, FerruleObject** err);

/* Frees the state a callback was created with. Called once, from any thread, when the function
 * object dies. */
typedef void (*FerruleStateDeleter)(void* self);

/* Registration flags for ferrule_func_set_global. */
#define FERRULE_REGISTER_OVERRIDE 1 /* replace an existing function of the same name */
#define FERRULE_FUNC_LONG_RUNNING 2 /* frontends release their interpreter lock around calls */

/* ---------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------- */

/* The ABI version the library was built with (FERRULE_ABI_VERSION of its header). */
uint32_t ferrule_abi_version(void);

/* Number of live heap objects allocated by libferrule (all types). For leak tests. */
uint64_t ferrule_live_object_count(void);

/* Loads a plugin: dlopen()s `path` and calls its exported
 *   int32_t ferrule_plugin_init(const FerruleApi* api, FerruleObject** err);
 * which registers its functions through `api`. Loading the same file twice initialises it once.
 * Loads are serialised: a plugin's init must not itself call ferrule_library_load. An init that
 * refuses the table (e.g. an ABI mismatch) returns -1, with an error in `*err` or NULL there.
 * Errors: RuntimeError if the file cannot be opened or has no ferrule_plugin_init, or the error
 * the plugin's init returned. */
int32_t ferrule_library_load(const char* path, FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * Objects and values
 * ------------------------------------------------------------------------------------------- */

/* Adds a strong reference. NULL is ignored. */
void ferrule_object_retain(FerruleObject* obj);

/* Drops a strong reference; destroys the object when it was the last. NULL is ignored. */
void ferrule_object_release(FerruleObject* obj);

/* Current strong count (a snapshot; for tests and diagnostics). 0 for NULL. */
uint32_t ferrule_object_use_count(const FerruleObject* obj);

/* Releases the object `value` holds, if any, and sets it to None. NULL is ignored. */
void ferrule_any_release(FerruleAny* value);

/* Copies `src` into `dst`, adding a strong reference if it holds an object. */
void ferrule_any_copy(const FerruleAny* src, FerruleAny* dst);

/* ---------------------------------------------------------------------------------------------
 * Strings and bytes
 * ------------------------------------------------------------------------------------------- */

/* Creates a string from `len` bytes of UTF-8 at `data` (NULL when len is 0). New reference in
 * `*out`. Errors: ValueError (names the byte offset) if the bytes are not valid UTF-8;
 * MemoryError if the copy cannot be allocated (e.g. len = SIZE_MAX), before `data` is read. */
int32_t ferrule_str_create(const char* data, size_t len, FerruleObject** out, FerruleObject** err);

/* Creates a byte string holding a copy of `len` bytes at `data` (NULL when len is 0). New
 * reference in `*out`. Errors: MemoryError if the copy cannot be allocated (e.g. len =
 * SIZE_MAX), before `data` is read. */
int32_t ferrule_bytes_create(const char* data, size_t len, FerruleObject** out,
                             FerruleObject** err);

/* Views the characters of a string value (SMALL_STR or STR) or the bytes of a byte-string value
 * (SMALL_BYTES or BYTES). Borrowed: valid while `value` is alive and not moved (a small value's
 * characters live inside the FerruleAny itself). Returns 0, or -1 without touching the outputs
 * if `value` is neither. */
int32_t ferrule_any_view_bytes(const FerruleAny* value, const char** data, size_t* len);

/* ---------------------------------------------------------------------------------------------
 * Complex numbers (appended after ferrule_error_context_copy; also FerruleApi.complex_create and
 * FerruleApi.complex_parts)
 * ------------------------------------------------------------------------------------------- */

/* Creates a complex number object holding `real` + `imag` i (any doubles, NaN and infinities
 * included). New reference in `*out`. Errors: ValueError if `out` is NULL; MemoryError if the
 * object cannot be allocated. */
int32_t ferrule_complex_create(double real, double imag, FerruleObject** out, FerruleObject** err);

/* Reads the parts of a complex number object into `*real` and `*imag`. Returns 0, or -1
 * without touching the outputs when `obj` is not a complex number (NULL included) or an output
 * is NULL. */
int32_t ferrule_complex_parts(const FerruleObject* obj, double* real, double* imag);

/* ---------------------------------------------------------------------------------------------
 * Errors. Kinds are Python exception names, one macro each below (FERRULE_KIND_VALUE_ERROR is
 * "ValueError"; the same list as Go's Kind* constants and Python's ferrule.error classes). An
 * unknown kind is kept as given.
 * ------------------------------------------------------------------------------------------- */

/* BEGIN ferrule-codegen error-kinds: generated from crates/ferrule-sys/src/vocab.rs */
/* A value of the wrong type (a bad argument names the function, the argument and its position). */
#define FERRULE_KIND_TYPE_ERROR "TypeError"

/* A value of the right type but a wrong content (a bad shape or axis, a released function). */
#define FERRULE_KIND_VALUE_ERROR "ValueError"

/* An index out of range. */
#define FERRULE_KIND_INDEX_ERROR "IndexError"

/* A missing or already taken name (an unregistered function, registering a taken name). */
#define FERRULE_KIND_KEY_ERROR "KeyError"

/* An operation that exists but is not implemented for these inputs or this device. */
#define FERRULE_KIND_NOT_IMPLEMENTED_ERROR "NotImplementedError"

/* Memory could not be allocated. */
#define FERRULE_KIND_MEMORY_ERROR "MemoryError"

/* Any other failure at run time, including a panic inside native code and an unknown kind. */
#define FERRULE_KIND_RUNTIME_ERROR "RuntimeError"

/* A buffer or DLPack exchange that cannot be done (device, dtype, layout, read-only memory). */
#define FERRULE_KIND_BUFFER_ERROR "BufferError"

/* A number that does not fit (a size or index computation, a Python int beyond int64). */
#define FERRULE_KIND_OVERFLOW_ERROR "OverflowError"

/* Division by zero. */
#define FERRULE_KIND_ZERO_DIVISION_ERROR "ZeroDivisionError"

/* A missing attribute. */
#define FERRULE_KIND_ATTRIBUTE_ERROR "AttributeError"

/* A file that cannot be opened, read or written (missing, unwritable, not a regular file). */
#define FERRULE_KIND_O_S_ERROR "OSError"

/* The call was interrupted (Ctrl-C, or another signal the frontend acts on). Not an error of the
 * program: Python raises its builtin KeyboardInterrupt, which a handler for every Exception does
 * not catch. */
#define FERRULE_KIND_KEYBOARD_INTERRUPT "KeyboardInterrupt"
/* END ferrule-codegen error-kinds */

/* Creates an error. New reference in `*out`. Never fails (NULL strings read as ""; an empty kind
 * reads as "RuntimeError"; invalid UTF-8 is replaced by U+FFFD): when the copies of the strings
 * cannot be allocated, `*out` receives a MemoryError saying so instead. */
void ferrule_error_create(const char* kind, const char* message, FerruleObject** out);

/* The kind, message and context (one frame or note per line, oldest first; "" when empty).
 * Borrowed NUL-terminated UTF-8, valid while `error` is alive. NULL if `error` is not an Error.
 * The limit of ferrule_error_context: its string is replaced, and the pointer left dangling, by
 * the next ferrule_error_add_context on the same error, which another thread may call at any
 * time on an error it shares (errors travel between threads, e.g. out of a callback). Use it
 * only on an error no other thread can reach; ferrule_error_context_copy is safe everywhere. */
const char* ferrule_error_kind(const FerruleObject* error);
const char* ferrule_error_message(const FerruleObject* error);
const char* ferrule_error_context(const FerruleObject* error);

/* Copies the context of `error` (as ferrule_error_context describes it) into `buf`: one
 * consistent snapshot taken under the error's lock, so it is safe while other threads call
 * ferrule_error_add_context. At most `cap` bytes are written, NUL included: the first
 * min(len, cap - 1) bytes of the context and a NUL (nothing when cap is 0; `buf` may then be
 * NULL, to ask for the length). `*needed` (unless `needed` is NULL) receives the context's full
 * length in bytes, without the NUL. Returns 0 when all of it fit (len < cap), 1 when it was cut
 * short (call again with needed + 1 bytes; the context may have grown meanwhile, so loop until
 * it returns 0), -1 when `error` is not an Error or `buf` is NULL with cap > 0 (nothing written).
 * Appended to the API table after check_signals (FerruleApi.error_context_copy). */
int32_t ferrule_error_context_copy(const FerruleObject* error, char* buf, size_t cap,
                                   size_t* needed);

/* Appends one line of context (e.g. "while calling testing.apply"). Thread-safe. A line that
 * cannot be stored for lack of memory is replaced by a short note saying so. */
void ferrule_error_add_context(FerruleObject* error, const char* line);

/* Attaches a frontend payload (e.g. the original Python exception) to an error, replacing any
 * previous one. `owner` identifies the frontend that can interpret it; `deleter` (may be NULL)
 * is called once with `payload` when the error dies or the payload is replaced. */
void ferrule_error_set_payload(FerruleObject* error, const void* owner, void* payload,
                               FerruleStateDeleter deleter);

/* The payload attached by `owner`, or NULL if none or attached by another owner. Borrowed. */
void* ferrule_error_payload(const FerruleObject* error, const void* owner);

/* ---------------------------------------------------------------------------------------------
 * Functions and the global registry
 * ------------------------------------------------------------------------------------------- */

/* Wraps a C callback as a function object. `self` is passed to every call; `deleter` (may be
 * NULL) frees it when the object dies. New reference in `*out`. On failure the caller still owns
 * `self` and `deleter` is not called. */
int32_t ferrule_func_create(FerruleCallback callback, void* self, FerruleStateDeleter deleter,
                            FerruleObject** out, FerruleObject** err);

/* Calls a function with `num_args` borrowed arguments. On success `*out` holds the owned result
 * (None when the function returns nothing); on failure `*out` is None. Trailing arguments that
 * are left out take the defaults of the function's registered signature.
 * Errors: TypeError if `func` is not a function; whatever the function raises; RuntimeError
 * naming the function when a C callback breaks the calling convention (see FerruleCallback). */
int32_t ferrule_func_call(FerruleObject* func, const FerruleAny* args, int32_t num_args,
                          FerruleAny* out, FerruleObject** err);

/* Looks up a registered function. New reference in `*out`.
 * Errors: KeyError naming `name` if nothing is registered under it. */
int32_t ferrule_func_get_global(const char* name, FerruleObject** out, FerruleObject** err);

/* Registers `func` under the dotted `name` (e.g. "mylib.scale"), with documentation `doc` (may be
 * NULL) and a signature `signature` (may be NULL) written like a Python signature:
 *   "(x: Tensor, /, factor: float = 2.0, *, inplace: bool = False) -> Tensor"
 * A bare '/' ends the positional-only parameters and a bare '*' starts the keyword-only ones;
 * these only guide frontends with keyword arguments: a packed call passes every parameter by
 * position, in order ('*args', if present, must come last). Defaults may be int, float, str ('...' or "..."), True, False, None. The registry keeps a strong
 * reference to `func`. `flags` is a bitwise OR of FERRULE_REGISTER_OVERRIDE and
 * FERRULE_FUNC_LONG_RUNNING.
 * Errors: KeyError if the name is taken and FERRULE_REGISTER_OVERRIDE is not set; ValueError for
 * an empty name or a signature that does not parse (with the column). */
int32_t ferrule_func_set_global(const char* name, FerruleObject* func, const char* doc,
                                const char* signature, int32_t flags, FerruleObject** err);

/* Removes a registered function. Handles already obtained stay valid.
 * Errors: KeyError if nothing is registered under `name`. */
int32_t ferrule_func_remove_global(const char* name, FerruleObject** err);

/* The names of every registered function, sorted, as an Array of Str. New reference in `*out`. */
int32_t ferrule_func_list_global_names(FerruleObject** out, FerruleObject** err);

/* Metadata of a function as a Map with keys:
 *   "name" (Str, "" if never registered), "doc" (Str), "signature" (Str, the text form),
 *   "flags" (Int), "returns" (Str), "params" (Array of Map{"name": Str, "type": Str,
 *   "kind": Str one of "positional_only", "positional", "keyword_only", "var_positional", and
 *   "default" (the value) and "default_text" (its literal) when the parameter has one}),
 *   "has_signature" (Bool).
 * New reference in `*out`. Errors: TypeError if `func` is not a function. */
int32_t ferrule_func_get_info(FerruleObject* func, FerruleObject** out, FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * Arrays and maps (immutable containers of FerruleAny)
 * ------------------------------------------------------------------------------------------- */

/* Creates an array holding copies (new references) of `n` values. New reference in `*out`.
 * Errors: TypeError naming the position of an item that is malformed as far as can be checked
 * (an unknown type index, a NULL object, an object whose header disagrees with the tag: see
 * FerruleCallback for what cannot be checked); MemoryError for a count no array can hold. */
int32_t ferrule_array_create(const FerruleAny* items, int64_t n, FerruleObject** out,
                             FerruleObject** err);

/* Number of items; -1 if `array` is not an Array. */
int64_t ferrule_array_size(const FerruleObject* array);

/* Borrowed pointer to the items (valid while `array` is alive); NULL if not an Array. */
const FerruleAny* ferrule_array_items(const FerruleObject* array);

/* Creates a map from `n` key/value pairs; keys must be strings or ints; a repeated key keeps the
 * last value. New reference in `*out`. Errors: TypeError naming the position of a bad key or of
 * a malformed key or value (as for ferrule_array_create); MemoryError for a count no map can
 * hold. */
int32_t ferrule_map_create(const FerruleAny* keys, const FerruleAny* values, int64_t n,
                           FerruleObject** out, FerruleObject** err);

/* Number of entries; -1 if `map` is not a Map. */
int64_t ferrule_map_size(const FerruleObject* map);

/* Borrowed pointers to the keys and values in insertion order (valid while `map` is alive).
 * Returns -1 if `map` is not a Map. */
int32_t ferrule_map_items(const FerruleObject* map, const FerruleAny** keys,
                          const FerruleAny** values);

/* Looks up `key`; a copy (new reference) of the value goes to `*out`.
 * Errors: KeyError if absent; TypeError if `map` is not a Map. */
int32_t ferrule_map_get(const FerruleObject* map, const FerruleAny* key, FerruleAny* out,
                        FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * Tensors. Metadata is read from ((FerruleTensorObject*)t)->tensor, or ferrule_tensor_dltensor.
 * ------------------------------------------------------------------------------------------- */

/* Creates a zero-filled, C-contiguous tensor. New reference in `*out`.
 * Errors: ValueError for a negative dimension or ndim < 0; TypeError for an unsupported dtype;
 * NotImplementedError for a device other than CPU; MemoryError if allocation fails. */
int32_t ferrule_tensor_create(const int64_t* shape, int32_t ndim, DLDataType dtype, DLDevice device,
                              FerruleObject** out, FerruleObject** err);

/* Borrowed pointer to the tensor's DLTensor; NULL if `tensor` is not a Tensor. */
const DLTensor* ferrule_tensor_dltensor(const FerruleObject* tensor);

/* Wraps a DLPack tensor without copying. On success ferrule owns `managed` and calls its deleter
 * once, when the last reference to the new tensor (and every view of it) is gone. On failure
 * the caller still owns it and its deleter has not been called (whatever failed, a panic
 * included): the caller frees it as it would have had it never been passed.
 * Everything is checked before ownership is taken: the version (major 1), device (CPU) and dtype;
 * `shape` not NULL when ndim > 0 (`strides` may be NULL: C-contiguous); no negative dimension;
 * the element count, the extent the strides reach and its size in bytes fit in int64; `data`
 * not NULL when there are elements; `data + byte_offset` and the extent stay below PTRDIFF_MAX
 * without wrapping around. The producer still promises that `shape` and `strides` hold ndim
 * entries and that the memory is there: that cannot be checked.
 * Errors: ValueError if `managed` is NULL; BufferError (naming what was wrong) for any of the
 * above; MemoryError if ndim entries cannot be copied. */
int32_t ferrule_tensor_from_dlpack(DLManagedTensorVersioned* managed, FerruleObject** out,
                                   FerruleObject** err);

/* Exports a tensor as DLPack without copying. The result keeps the tensor alive until its
 * deleter is called; the consumer must call it exactly once. Its flags have
 * DLPACK_FLAG_BITMASK_READ_ONLY set when the tensor's memory is read-only: imported with that flag
 * (from ferrule_tensor_from_dlpack), or a view an operator made of such a tensor. Read-only is a
 * property of the memory, kept by every view; the operators refuse to write into it (an error
 * naming the argument), and C code must not write through the DLTensor of such a tensor. */
int32_t ferrule_tensor_to_dlpack(FerruleObject* tensor, DLManagedTensorVersioned** out,
                                 FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * Autograd: the one engine every language shares (docs/autograd.md). A tensor object carries
 * whether it requires grad, its accumulated gradient and the recorded op that produced it. While
 * grad mode is on (per OS thread, on by default) an operator called with an argument that
 * requires grad records what its backward needs; backward then accumulates gradients into the
 * leaves. Every function here is also reachable as a registered `autograd.*` function.
 *
 * Re-entry: ferrule_autograd_backward and ferrule_autograd_grad run gradient hooks and custom
 * backward functions (callbacks in any language) and release what the graph held (deleters);
 * ferrule_tensor_set_grad releases the gradient it replaces. The other four never call out.
 * ------------------------------------------------------------------------------------------- */

/* Stores in `*out` 1 when `tensor` requires grad (a leaf marked so, or the result of a recorded
 * op), else 0. Errors: TypeError if `tensor` is not a Tensor; ValueError if `out` is NULL. */
int32_t ferrule_tensor_requires_grad(const FerruleObject* tensor, int32_t* out,
                                     FerruleObject** err);

/* Marks a leaf tensor as requiring grad (`requires_grad` non-zero) or not (0): operators then
 * record what they do with it, and backward accumulates its gradient.
 * Errors: TypeError if `tensor` is not a Tensor or (when turning it on) is not floating point;
 * RuntimeError if the tensor is not a leaf (it was computed by a recorded op). */
int32_t ferrule_tensor_set_requires_grad(FerruleObject* tensor, int32_t requires_grad,
                                         FerruleObject** err);

/* The gradient accumulated into `tensor` by backward passes: a new reference in `*out`, or NULL
 * when there is none. The gradient is a tensor of its own (writing into it changes the stored
 * gradient). Errors: TypeError if `tensor` is not a Tensor; ValueError if `out` is NULL. */
int32_t ferrule_tensor_grad(const FerruleObject* tensor, FerruleObject** out, FerruleObject** err);

/* Replaces the accumulated gradient of `tensor` with `grad` (borrowed: the tensor takes its own
 * reference), or clears it when `grad` is NULL, as optimizers' zero_grad do. The previous gradient
 * is released. Errors: TypeError if `tensor` or `grad` is not a Tensor, or their dtypes differ;
 * ValueError if their shapes differ. */
int32_t ferrule_tensor_set_grad(FerruleObject* tensor, FerruleObject* grad, FerruleObject** err);

/* Flags of ferrule_autograd_backward and ferrule_autograd_grad (bitwise OR):
 *  - RETAIN_GRAPH keeps what the graph saved, so that it can be walked again later;
 *  - CREATE_GRAPH records the backward pass too (higher-order gradients; implies RETAIN_GRAPH);
 *  - ALLOW_UNUSED (ferrule_autograd_grad): NULL for an input the outputs do not depend on,
 *    instead of an error. */
#define FERRULE_AUTOGRAD_RETAIN_GRAPH 1
#define FERRULE_AUTOGRAD_CREATE_GRAPH 2
#define FERRULE_AUTOGRAD_ALLOW_UNUSED 4

/* Backward pass: accumulates the gradients of the `n` tensors `tensors` (borrowed) into the
 * gradient of every leaf that requires grad they depend on (ferrule_tensor_grad reads it).
 * `grad_tensors` (may be NULL: all NULL) holds the gradient of each tensor with its shape and
 * dtype; a NULL entry means ones, allowed for a one-element tensor only. What the graph saved is
 * freed afterwards unless `flags` has FERRULE_AUTOGRAD_RETAIN_GRAPH. Runs on the calling thread
 * with no native recursion; grad mode is off during the pass unless CREATE_GRAPH is set.
 * Errors: ValueError for n < 1, or a NULL `tensors`; TypeError naming the position of an entry
 * that is not a Tensor, or of a gradient with the wrong dtype; RuntimeError if a tensor does not
 * require grad, for a missing gradient of a tensor with more than one element, for a graph
 * already freed by an earlier pass, or when a tensor saved for backward was modified in place
 * since (naming the op and its argument); ValueError for a gradient of the wrong shape; whatever a
 * hook or a custom backward function raised. Leaves' gradients are written last: a failure in
 * any recorded op's backward leaves every accumulated gradient as it was. */
int32_t ferrule_autograd_backward(FerruleObject* const* tensors, FerruleObject* const* grad_tensors,
                                  int32_t n, int32_t flags, FerruleObject** err);

/* The gradients of the `n_outputs` tensors `outputs` with respect to the `n_inputs` tensors
 * `inputs` (all borrowed), without touching any accumulated gradient. `grad_outputs` is as
 * `grad_tensors` of ferrule_autograd_backward. On success `grads[i]` (an array of n_inputs
 * slots, filled by the call) holds a new reference to the gradient of inputs[i], or NULL for an
 * input the outputs do not depend on when `flags` has FERRULE_AUTOGRAD_ALLOW_UNUSED; on failure
 * every slot is NULL. The graph is freed afterwards unless RETAIN_GRAPH or CREATE_GRAPH is set.
 * Errors: as ferrule_autograd_backward, and RuntimeError for an input that does not require grad
 * or (without ALLOW_UNUSED) is not reached from the outputs; ValueError for n_inputs < 1 or a
 * NULL `inputs` or `grads`. */
int32_t ferrule_autograd_grad(FerruleObject* const* outputs, FerruleObject* const* grad_outputs,
                              int32_t n_outputs, FerruleObject* const* inputs, int32_t n_inputs,
                              int32_t flags, FerruleObject** grads, FerruleObject** err);

/* Grad mode of the calling OS thread: 1 when operators record (the default on every thread), 0
 * inside a no-grad region. Never fails. */
int32_t ferrule_grad_enabled(void);

/* Sets the calling OS thread's grad mode (non-zero: record) and returns the previous one, which
 * the caller restores when its region ends:
 *   int32_t previous = ferrule_set_grad_enabled(0);  ...  ferrule_set_grad_enabled(previous);
 * Per OS thread: a frontend whose tasks move between threads (a goroutine) pins the task to its
 * thread for the region (Go's ferrule.NoGrad does). Never fails. */
int32_t ferrule_set_grad_enabled(int32_t enabled);

/* ---------------------------------------------------------------------------------------------
 * Blocking regions: how native code lets a frontend's interpreter lock go (Python's GIL).
 * A frontend installs hooks; native code wraps long work in enter/leave.
 * ------------------------------------------------------------------------------------------- */

/* `enter` releases the frontend's lock if the calling thread holds it and returns a token
 * (NULL when it did nothing); `leave` takes the token and re-acquires. Either may be NULL to
 * uninstall. */
typedef void* (*FerruleBlockingEnter)(void);
typedef void (*FerruleBlockingLeave)(void* token);
void ferrule_set_blocking_hooks(FerruleBlockingEnter enter, FerruleBlockingLeave leave);

/* Calls the installed enter hook (NULL if none) / the leave hook with its token; leaving with a
 * NULL token does nothing. */
void* ferrule_blocking_enter(void);
void ferrule_blocking_leave(void* token);

/* ---------------------------------------------------------------------------------------------
 * Interrupts: how a long-running native function notices Ctrl-C. The frontend installs a hook
 * that asks its interpreter whether a signal is pending (Python: runs the signal handlers);
 * native code calls ferrule_check_signals now and then (every few milliseconds of work) and, on
 * a non-zero return, stops and returns the error it was given.
 * ------------------------------------------------------------------------------------------- */

/* Returns 0 when nothing is pending; otherwise non-zero with `*err` set to a new error (kind
 * "KeyboardInterrupt" for Ctrl-C, or whatever the handler raised). Callable from any thread; a
 * frontend whose handlers only run on one thread returns 0 elsewhere. The hook may take the
 * frontend's interpreter lock (Python's takes the GIL): call ferrule_check_signals from the thread
 * running the long call (whose lock the frontend released, see the blocking hooks), or from a
 * thread the lock's holder is not waiting for, never from a worker the lock's holder joins. */
typedef int32_t (*FerruleSignalCheck)(FerruleObject** err);
/* Installs (NULL: removes) the hook. */
void ferrule_set_signal_hook(FerruleSignalCheck hook);
/* Runs the hook: 0 when there is none or nothing is pending, else non-zero with `*err` set to a
 * new error the caller owns (and should return from its function). */
int32_t ferrule_check_signals(FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * The API table handed to plugins (and to frontends that load libferrule at run time), so that
 * they need not link against libferrule and always reach the one registry of the process.
 * Fields are only ever appended; check `struct_size` before using a field added later.
 * ------------------------------------------------------------------------------------------- */
typedef struct FerruleApi {
  uint32_t abi_version;
  uint32_t struct_size;
  uint64_t (*live_object_count)(void);
  int32_t (*library_load)(const char*, FerruleObject**);
  void (*object_retain)(FerruleObject*);
  void (*object_release)(FerruleObject*);
  uint32_t (*object_use_count)(const FerruleObject*);
  void (*any_release)(FerruleAny*);
  void (*any_copy)(const FerruleAny*, FerruleAny*);
  int32_t (*str_create)(const char*, size_t, FerruleObject**, FerruleObject**);
  int32_t (*bytes_create)(const char*, size_t, FerruleObject**, FerruleObject**);
  int32_t (*any_view_bytes)(const FerruleAny*, const char**, size_t*);
  void (*error_create)(const char*, const char*, FerruleObject**);
  const char* (*error_kind)(const FerruleObject*);
  const char* (*error_message)(const FerruleObject*);
  const char* (*error_context)(const FerruleObject*);
  void (*error_add_context)(FerruleObject*, const char*);
  void (*error_set_payload)(FerruleObject*, const void*, void*, FerruleStateDeleter);
  void* (*error_payload)(const FerruleObject*, const void*);
  int32_t (*func_create)(FerruleCallback, void*, FerruleStateDeleter, FerruleObject**,
                         FerruleObject**);
  int32_t (*func_call)(FerruleObject*, const FerruleAny*, int32_t, FerruleAny*, FerruleObject**);
  int32_t (*func_get_global)(const char*, FerruleObject**, FerruleObject**);
  int32_t (*func_set_global)(const char*, FerruleObject*, const char*, const char*, int32_t,
                             FerruleObject**);
  int32_t (*func_remove_global)(const char*, FerruleObject**);
  int32_t (*func_list_global_names)(FerruleObject**, FerruleObject**);
  int32_t (*func_get_info)(FerruleObject*, FerruleObject**, FerruleObject**);
  int32_t (*array_create)(const FerruleAny*, int64_t, FerruleObject**, FerruleObject**);
  int64_t (*array_size)(const FerruleObject*);
  const FerruleAny* (*array_items)(const FerruleObject*);
  int32_t (*map_create)(const FerruleAny*, const FerruleAny*, int64_t, FerruleObject**,
                        FerruleObject**);
  int64_t (*map_size)(const FerruleObject*);
  int32_t (*map_items)(const FerruleObject*, const FerruleAny**, const FerruleAny**);
  int32_t (*map_get)(const FerruleObject*, const FerruleAny*, FerruleAny*, FerruleObject**);
  int32_t (*tensor_create)(const int64_t*, int32_t, DLDataType, DLDevice, FerruleObject**,
                           FerruleObject**);
  const DLTensor* (*tensor_dltensor)(const FerruleObject*);
  int32_t (*tensor_from_dlpack)(DLManagedTensorVersioned*, FerruleObject**, FerruleObject**);
  int32_t (*tensor_to_dlpack)(FerruleObject*, DLManagedTensorVersioned**, FerruleObject**);
  void (*set_blocking_hooks)(FerruleBlockingEnter, FerruleBlockingLeave);
  void* (*blocking_enter)(void);
  void (*blocking_leave)(void*);
  void (*set_frontend_release_hook)(FerruleFrontendRelease);
  /* appended after the 39 entries above (check struct_size before use) */
  void (*set_signal_hook)(FerruleSignalCheck);
  int32_t (*check_signals)(FerruleObject**);
  /* appended after check_signals: present when struct_size >=
   * offsetof(FerruleApi, error_context_copy) + sizeof(void*) */
  int32_t (*error_context_copy)(const FerruleObject*, char*, size_t, size_t*);
  /* appended after error_context_copy: present when struct_size >=
   * offsetof(FerruleApi, complex_parts) + sizeof(void*) */
  int32_t (*complex_create)(double, double, FerruleObject**, FerruleObject**);
  int32_t (*complex_parts)(const FerruleObject*, double*, double*);
  /* autograd, appended after complex_parts: present when struct_size >=
   * offsetof(FerruleApi, set_grad_enabled) + sizeof(void*) */
  int32_t (*tensor_requires_grad)(const FerruleObject*, int32_t*, FerruleObject**);
  int32_t (*tensor_set_requires_grad)(FerruleObject*, int32_t, FerruleObject**);
  int32_t (*tensor_grad)(const FerruleObject*, FerruleObject**, FerruleObject**);
  int32_t (*tensor_set_grad)(FerruleObject*, FerruleObject*, FerruleObject**);
  int32_t (*autograd_backward)(FerruleObject* const*, FerruleObject* const*, int32_t, int32_t,
                               FerruleObject**);
  int32_t (*autograd_grad)(FerruleObject* const*, FerruleObject* const*, int32_t,
                           FerruleObject* const*, int32_t, int32_t, FerruleObject**,
                           FerruleObject**);
  int32_t (*grad_enabled)(void);
  int32_t (*set_grad_enabled)(int32_t);
  /* appended after set_grad_enabled, for the profiler (see "Profiling" below): present when struct_size >=
   * offsetof(FerruleApi, profiler_enabled) + sizeof(void*) */
  int32_t (*func_call_from)(FerruleObject*, const FerruleAny*, int32_t, FerruleAny*,
                            FerruleObject**, int32_t);
  int32_t (*profiler_start)(int32_t, FerruleObject**);
  int32_t (*profiler_stop)(FerruleObject**, FerruleObject**);
  int32_t (*profiler_export_chrome_trace)(FerruleObject*, const char*, FerruleObject**);
  int32_t (*profiler_table)(FerruleObject*, const char*, int32_t, FerruleObject**, FerruleObject**);
  int32_t (*profiler_range_push)(const char*, uint64_t*, FerruleObject**);
  void (*profiler_range_pop)(uint64_t);
  int32_t (*profiler_enabled)(void);
} FerruleApi;

/* The process-wide API table (static storage; never NULL). `abi_version`, `struct_size` and every
 * field up to `error_create` keep their offsets in every ABI version, so a plugin can always check
 * the table and report a mismatch. */
const FerruleApi* ferrule_api(void);

/* What a plugin exports. Declared here so plugin authors get the exact signature. */
typedef int32_t (*FerrulePluginInit)(const FerruleApi* api, FerruleObject** err);

/* ---------------------------------------------------------------------------------------------
 * Profiling: what ran, on which thread, for how long, called from which language.
 * While a profile records, libferrule records every packed call (with the frontend that made
 * it), every operator kernel, autograd backward node, thread-pool work item, release of the
 * frontend's lock (the GIL) around long work and the wait to take it back, and user ranges, each
 * on the thread that ran it. While none records, each of those points costs one relaxed atomic
 * load. One profile records at a time per process, whichever language started it. The same
 * functions are registered as profiler.start, profiler.stop, profiler.range_push,
 * profiler.range_pop, profiler.name_thread and profiler.is_enabled.
 * ------------------------------------------------------------------------------------------- */

/* Who makes a packed call, for the profiler's call events. */
typedef enum FerruleFrontend {
  FERRULE_FRONTEND_C = 0,      /* C, C plugins, ctypes: every call through ferrule_func_call */
  FERRULE_FRONTEND_PYTHON = 1, /* the CPython extension */
  FERRULE_FRONTEND_GO = 2,     /* the Go package */
  FERRULE_FRONTEND_RUST = 3    /* Rust code calling function objects directly */
} FerruleFrontend;

/* ferrule_func_call, telling the profiler which frontend calls (`frontend`, a FerruleFrontend;
 * ferrule_func_call itself is recorded as FERRULE_FRONTEND_C). Same ownership and errors, and a
 * ValueError for an unknown `frontend`. */
int32_t ferrule_func_call_from(FerruleObject* func, const FerruleAny* args, int32_t num_args,
                               FerruleAny* out, FerruleObject** err, int32_t frontend);

/* ferrule_profiler_start options: op events carry their arguments' shapes and dtypes; op and
 * call events carry the bytes of tensor memory allocated on their thread while they ran. */
#define FERRULE_PROFILE_SHAPES 1
#define FERRULE_PROFILE_MEMORY 2

/* Starts recording (`options`: 0 or FERRULE_PROFILE_* or'ed together).
 * Errors: RuntimeError when a profile already records (profiles do not nest); ValueError for an
 * unknown option. */
int32_t ferrule_profiler_start(int32_t options, FerruleObject** err);

/* Stops recording and collects every thread's events. `*out` gets a new reference to the
 * profile: a function object called with a method name first ("chrome_trace", "table",
 * "events", "rows", "tracks", "wall_ns", "write_chrome_trace"), released with
 * ferrule_object_release like any object.
 * Errors: RuntimeError when no profile records; ValueError if `out` is NULL. */
int32_t ferrule_profiler_stop(FerruleObject** out, FerruleObject** err);

/* Writes `profile` (borrowed, from ferrule_profiler_stop) to the file `path` as Chrome
 * trace-event JSON (for Perfetto, https://ui.perfetto.dev, or chrome://tracing): one track per
 * thread, named by its language or as a pool worker; each event a complete ("X") event.
 * Errors: TypeError if `profile` is not a profile; ValueError for a NULL or non-UTF-8 `path`;
 * RuntimeError naming the path and the system's reason when the file cannot be written. */
int32_t ferrule_profiler_export_chrome_trace(FerruleObject* profile, const char* path,
                                             FerruleObject** err);

/* The summary table of `profile` (borrowed): one row per name and category with calls, total,
 * self and average time and the total's share of the wall time, sorted by `sort_by`
 * ("self_time" when NULL, "total_time", "calls", "average", "name"), the first `row_limit`
 * rows (-1: all). `*out` gets a new reference to a Str object.
 * Errors: TypeError if `profile` is not a profile; ValueError for an unknown `sort_by` or a
 * `row_limit` below -1. */
int32_t ferrule_profiler_table(FerruleObject* profile, const char* sort_by, int32_t row_limit,
                               FerruleObject** out, FerruleObject** err);

/* Opens a user range named `name` (copied) on the calling thread. `*token` gets what closes it
 * (ferrule_profiler_range_pop, on the same thread), or 0 when no profile records (nothing was
 * opened). Ranges nest; events opened inside one are recorded inside it.
 * Errors: ValueError for a NULL or non-UTF-8 `name`, or a NULL `token`. */
int32_t ferrule_profiler_range_push(const char* name, uint64_t* token, FerruleObject** err);

/* Closes the range of `token` and any range opened inside it and left open; does nothing for 0
 * or a token not open on the calling thread. */
void ferrule_profiler_range_pop(uint64_t token);

/* 1 while a profile records, else 0. */
int32_t ferrule_profiler_enabled(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERRULE_FERRULE_H_ */
