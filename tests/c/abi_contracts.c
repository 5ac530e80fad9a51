/* abi_contracts.c — the C ABI held to its header under misuse: panics caught at the boundary are
 * quiet and reported in the error.
 *
 * Build and run (see the Makefile's test-c target):
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude tests/c/abi_contracts.c \
 *      -Ltarget/release -lferrule -Wl,-rpath,$PWD/target/release -o build/abi_contracts
 *   build/abi_contracts target/release/libferrule_testing.so
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ferrule/ferrule.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond) {                                                                \
      ++passed;                                                                \
    } else {                                                                   \
      ++failed;                                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

/* Checks that a call failed with `err` of `kind` whose message contains `part`; releases it. */
static void expect_error(int32_t rc, FerruleObject* err, const char* kind, const char* part,
                         int line) {
  if (rc != -1 || err == NULL) {
    ++failed;
    fprintf(stderr, "%s:%d: expected a failure with an error, got rc %d and error %p\n", __FILE__,
            line, (int)rc, (void*)err);
    return;
  }
  const char* got_kind = ferrule_error_kind(err);
  const char* message = ferrule_error_message(err);
  if (got_kind == NULL || strcmp(got_kind, kind) != 0 || strstr(message, part) == NULL) {
    ++failed;
    fprintf(stderr, "%s:%d: expected %s containing '%s', got %s: %s\n", __FILE__, line, kind, part,
            got_kind ? got_kind : "(not an error)", message ? message : "");
  } else {
    ++passed;
  }
  ferrule_object_release(err);
}
/* The call runs first, then its error is read (an argument list would not order the two). */
#define EXPECT_ERROR(call, err, kind, part)             \
  do {                                                  \
    (err) = NULL;                                       \
    int32_t rc_ = (call);                               \
    expect_error(rc_, (err), (kind), (part), __LINE__); \
  } while (0)

/* ---- panics caught at the boundary are quiet ------------------------------------------------ */

static void test_quiet_panics(void) {
  FerruleObject* panic_fn = NULL;
  FerruleObject* err = NULL;
  CHECK(ferrule_func_get_global("testing.panic", &panic_fn, &err) == 0);
  if (panic_fn == NULL) return;
  /* stderr goes to a temporary file for the call */
  char path[] = "/tmp/ferrule_abi_contracts_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  FerruleAny out;
  memset(&out, 0, sizeof out);
  int32_t rc = 0;
  for (int i = 0; i < 3; ++i) {
    err = NULL;
    rc = ferrule_func_call(panic_fn, NULL, 0, &out, &err);
    if (i < 2) ferrule_object_release(err);
  }
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  off_t printed = lseek(fd, 0, SEEK_END);
  close(fd);
  unlink(path);
  CHECK(printed == 0);
  if (printed != 0)
    fprintf(stderr, "abi_contracts: caught panics printed %lld bytes\n", (long long)printed);
  /* the message and its location are in the error */
  expect_error(rc, err, "RuntimeError", "testing.panic() panicked: testing.panic called (at ",
               __LINE__);
  ferrule_object_release(panic_fn);
}

int main(int argc, char** argv) {
  FerruleObject* apply = NULL;
  FerruleObject* err = NULL;
  if (argc > 1) {
    if (ferrule_library_load(argv[1], &err) != 0) {
      fprintf(stderr, "abi_contracts: cannot load %s: %s\n", argv[1], ferrule_error_message(err));
      return 1;
    }
    CHECK(ferrule_func_get_global("testing.apply", &apply, &err) == 0);
  }
  if (apply != NULL) test_quiet_panics();
  ferrule_object_release(apply);
  printf("abi_contracts: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
