/* registry_demo.c — using ferrule's registry from C: load a plugin, call its functions, read
 * errors, register a C callback and call it back through the registry. Only ferrule.h is used.
 *
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude examples/c/registry_demo.c -Ltarget/release \
 *      -lferrule -Wl,-rpath,$PWD/target/release -o build/registry_demo
 *   build/registry_demo target/release/libferrule_testing.so
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferrule/ferrule.h"

static int failures = 0;

/* Reports an unexpected outcome and remembers to exit non-zero. */
static void fail(const char* what) {
  fprintf(stderr, "registry_demo: unexpected: %s\n", what);
  ++failures;
}

/* Prints an error's kind and message, then releases it (the caller owned it). */
static void print_and_release_error(const char* label, FerruleObject* err) {
  printf("%s: %s: %s\n", label, ferrule_error_kind(err), ferrule_error_message(err));
  ferrule_object_release(err);
}

static FerruleAny make_int(int64_t v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_INT;
  a.v_int64 = v;
  return a;
}

static FerruleAny make_float(double v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_FLOAT;
  a.v_float64 = v;
  return a;
}

/* A short string fits inline in the FerruleAny: no allocation, nothing to release. */
static FerruleAny make_small_str(const char* s) {
  FerruleAny a = {0};
  size_t n = strlen(s);
  if (n > sizeof a.v_bytes) abort();
  a.type_index = FERRULE_TYPE_SMALL_STR;
  a.small_len = (uint32_t)n;
  memcpy(a.v_bytes, s, n);
  return a;
}

/* A string of any length, as a Str object: the caller releases the value. */
static FerruleAny make_str(const char* s, FerruleObject** err) {
  FerruleAny a = {0};
  FerruleObject* obj = NULL;
  if (ferrule_str_create(s, strlen(s), &obj, err) == 0) {
    a.type_index = FERRULE_TYPE_STR;
    a.v_obj = obj;
  }
  return a;
}

/* ---- a C callback with state: example.c_scale(x: float) -> float ------------------------- */

typedef struct {
  double factor;
} ScaleState;

static int32_t c_scale(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                       FerruleObject** err) {
  const ScaleState* state = (const ScaleState*)self;
  if (num_args != 1) {
    ferrule_error_create("TypeError", "example.c_scale() takes 1 argument", err);
    return -1;
  }
  double x;
  if (args[0].type_index == FERRULE_TYPE_FLOAT) {
    x = args[0].v_float64;
  } else if (args[0].type_index == FERRULE_TYPE_INT) {
    x = (double)args[0].v_int64;
  } else {
    ferrule_error_create("TypeError", "example.c_scale() argument 1 'x': expected float", err);
    return -1;
  }
  *out = make_float(x * state->factor);
  return 0;
}

static int scale_state_freed = 0;

static void free_scale_state(void* self) {
  free(self);
  scale_state_freed = 1;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s path/to/libferrule_testing.so\n", argv[0]);
    return 2;
  }
  FerruleObject* err = NULL;

  /* 1. Load the plugin: it registers testing.* into this process's registry. */
  if (ferrule_library_load(argv[1], &err) != 0) {
    print_and_release_error("ferrule_library_load failed", err);
    return 1;
  }
  /* The plugin's functions stay registered for good; count live objects from here. */
  const uint64_t live_at_start = ferrule_live_object_count();

  /* 2. Look up testing.add_int and call it with two ints. */
  FerruleObject* add_int = NULL;
  if (ferrule_func_get_global("testing.add_int", &add_int, &err) != 0) {
    print_and_release_error("lookup failed", err);
    return 1;
  }
  FerruleAny args[2] = {make_int(40), make_int(2)};
  FerruleAny out = {0};
  if (ferrule_func_call(add_int, args, 2, &out, &err) == 0) {
    if (out.type_index == FERRULE_TYPE_INT && out.v_int64 == 42) {
      printf("testing.add_int(40, 2) = %lld\n", (long long)out.v_int64);
    } else {
      fail("testing.add_int(40, 2) did not return the int 42");
    }
    ferrule_any_release(&out);
  } else {
    print_and_release_error("testing.add_int(40, 2) failed", err);
    fail("testing.add_int(40, 2) raised");
  }

  /* 3. A string where an int belongs: a TypeError naming the function, argument and position. */
  err = NULL;
  args[1] = make_small_str("two");
  if (ferrule_func_call(add_int, args, 2, &out, &err) == 0) {
    ferrule_any_release(&out);
    fail("testing.add_int(40, 'two') succeeded");
  } else {
    if (strcmp(ferrule_error_kind(err), "TypeError") != 0) fail("expected a TypeError");
    if (strstr(ferrule_error_message(err), "'b'") == NULL) fail("the message does not name 'b'");
    print_and_release_error("testing.add_int(40, 'two') raised", err);
  }
  ferrule_object_release(add_int);

  /* 4. An error raised by the callee arrives with exactly its kind and message. */
  FerruleObject* raise_error = NULL;
  err = NULL;
  if (ferrule_func_get_global("testing.raise_error", &raise_error, &err) != 0) {
    print_and_release_error("lookup failed", err);
    return 1;
  }
  /* Both strings are longer than 8 bytes, so they are Str objects (released below). */
  FerruleAny error_args[2] = {make_str("ValueError", &err), {0}};
  if (error_args[0].type_index == FERRULE_TYPE_STR) error_args[1] = make_str("bad value", &err);
  if (error_args[1].type_index != FERRULE_TYPE_STR) {
    print_and_release_error("ferrule_str_create failed", err);
    return 1;
  }
  err = NULL;
  if (ferrule_func_call(raise_error, error_args, 2, &out, &err) == 0) {
    ferrule_any_release(&out);
    fail("testing.raise_error succeeded");
  } else {
    if (strcmp(ferrule_error_kind(err), "ValueError") != 0) fail("kind is not ValueError");
    if (strcmp(ferrule_error_message(err), "bad value") != 0) fail("message is not 'bad value'");
    print_and_release_error("testing.raise_error('ValueError', 'bad value') raised", err);
  }
  ferrule_any_release(&error_args[0]);
  ferrule_any_release(&error_args[1]);
  ferrule_object_release(raise_error);

  /* 5. Register a C callback with state and call it through the registry. */
  ScaleState* state = malloc(sizeof *state);
  if (state == NULL) return 1;
  state->factor = 2.5;
  FerruleObject* scale = NULL;
  err = NULL;
  if (ferrule_func_create(c_scale, state, free_scale_state, &scale, &err) != 0) {
    free(state); /* not handed over on failure */
    print_and_release_error("ferrule_func_create failed", err);
    return 1;
  }
  if (ferrule_func_set_global("example.c_scale", scale, "Multiplies x by 2.5 (a C callback).",
                              "(x: float) -> float", FERRULE_REGISTER_OVERRIDE, &err) != 0) {
    print_and_release_error("ferrule_func_set_global failed", err);
    return 1;
  }
  ferrule_object_release(scale); /* the registry keeps its own reference */

  FerruleObject* looked_up = NULL;
  if (ferrule_func_get_global("example.c_scale", &looked_up, &err) != 0) {
    print_and_release_error("lookup failed", err);
    return 1;
  }
  FerruleAny x = make_float(4.0);
  if (ferrule_func_call(looked_up, &x, 1, &out, &err) == 0) {
    if (out.type_index == FERRULE_TYPE_FLOAT && out.v_float64 == 10.0) {
      printf("example.c_scale(4.0) = %g\n", out.v_float64);
    } else {
      fail("example.c_scale(4.0) did not return 10.0");
    }
    ferrule_any_release(&out);
  } else {
    print_and_release_error("example.c_scale(4.0) failed", err);
    fail("example.c_scale(4.0) raised");
  }
  ferrule_object_release(looked_up);

  /* 6. Remove it: the last reference goes, the state deleter runs, nothing is left alive. */
  if (ferrule_func_remove_global("example.c_scale", &err) != 0) {
    print_and_release_error("ferrule_func_remove_global failed", err);
    return 1;
  }
  if (!scale_state_freed) fail("the callback's state was not freed");

  const uint64_t live_at_end = ferrule_live_object_count();
  if (live_at_end != live_at_start) {
    fprintf(stderr, "live objects: %llu at start, %llu at end\n", (unsigned long long)live_at_start,
            (unsigned long long)live_at_end);
    fail("objects leaked");
  } else {
    printf("live objects back to %llu\n", (unsigned long long)live_at_end);
  }
  return failures == 0 ? 0 : 1;
}
