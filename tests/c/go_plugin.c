/* go_plugin.c — a C program calls Go: it loads the Go plugin (go/examples/plugin, a
 * -buildmode=c-shared library built with -tags ferrule_plugin) with ferrule_library_load, calls
 * its goplugin.* functions, has Go call back a C function and the testing.* Rust plugin call Go,
 * and checks that Go errors and panics, and a Rust panic under Go, come back as errors, and that
 * the process has mapped exactly one libferrule (the plugin links none). Only ferrule.h is used;
 * exits non-zero on the first unexpected outcome.
 *
 *   (cd go && go build -buildmode=c-shared -tags ferrule_plugin \
 *       -o ../build/libferrule_go_plugin.so ./examples/plugin)
 *   cc -std=c11 -Wall -Wextra -Werror -Iinclude tests/c/go_plugin.c -Ltarget/release -lferrule \
 *      -Wl,-rpath,$PWD/target/release -o build/go_plugin
 *   build/go_plugin build/libferrule_go_plugin.so target/release/libferrule_testing.so
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferrule/ferrule.h"

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "go_plugin.c:%d: check failed: %s: ", __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                           \
      fputc('\n', stderr);                                                    \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

/* The number of distinct libferrule files mapped into this process (/proc/self/maps), or -1 when
 * the maps cannot be read. */
static int libferrules_mapped(void) {
  FILE* maps = fopen("/proc/self/maps", "r");
  if (maps == NULL) return -1;
  char line[4096], seen[8][4096];
  int n = 0;
  while (fgets(line, sizeof line, maps) != NULL) {
    char* path = strchr(line, '/');
    if (path == NULL || strstr(path, "/libferrule.so") == NULL) continue;
    path[strcspn(path, "\n")] = '\0';
    int known = 0;
    for (int i = 0; i < n; ++i) known |= strcmp(seen[i], path) == 0;
    if (!known && n < 8) strcpy(seen[n++], path);
  }
  fclose(maps);
  return n;
}

static FerruleAny make_int(int64_t v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_INT;
  a.v_int64 = v;
  return a;
}

/* A string value (a Str object; the caller releases it with ferrule_any_release). */
static FerruleAny make_str(const char* s) {
  FerruleAny a = {0};
  FerruleObject *obj = NULL, *err = NULL;
  CHECK(ferrule_str_create(s, strlen(s), &obj, &err) == 0, "str_create");
  a.type_index = FERRULE_TYPE_STR;
  a.v_obj = obj;
  return a;
}

static FerruleAny make_func(FerruleObject* f) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_FUNCTION;
  a.v_obj = f;
  return a;
}

static FerruleObject* get(const char* name) {
  FerruleObject *f = NULL, *err = NULL;
  CHECK(ferrule_func_get_global(name, &f, &err) == 0, "%s: %s", name,
        err ? ferrule_error_message(err) : "?");
  return f;
}

/* Calls `name` and expects an int result. */
static int64_t call_int(const char* name, const FerruleAny* args, int32_t n) {
  FerruleObject* f = get(name);
  FerruleAny out = {0};
  FerruleObject* err = NULL;
  int32_t rc = ferrule_func_call(f, args, n, &out, &err);
  CHECK(rc == 0, "%s failed: %s: %s", name, ferrule_error_kind(err), ferrule_error_message(err));
  CHECK(out.type_index == FERRULE_TYPE_INT, "%s returned type %d", name, out.type_index);
  ferrule_object_release(f);
  return out.v_int64;
}

/* Calls `name`, expects it to fail with `kind` and a message containing `contains`. */
static void call_fails(const char* name, const FerruleAny* args, int32_t n, const char* kind,
                       const char* contains) {
  FerruleObject* f = get(name);
  FerruleAny out = {0};
  FerruleObject* err = NULL;
  int32_t rc = ferrule_func_call(f, args, n, &out, &err);
  CHECK(rc == -1 && err != NULL, "%s succeeded; expected a %s", name, kind);
  CHECK(strcmp(ferrule_error_kind(err), kind) == 0, "%s: kind %s, expected %s (%s)", name,
        ferrule_error_kind(err), kind, ferrule_error_message(err));
  CHECK(strstr(ferrule_error_message(err), contains) != NULL, "%s: message %s lacks %s", name,
        ferrule_error_message(err), contains);
  ferrule_object_release(err);
  ferrule_object_release(f);
}

/* ctest.mul(a: int, b: int) -> int, a C callback that Go calls back through the registry. */
static int32_t c_mul(void* self, const FerruleAny* args, int32_t num_args, FerruleAny* out,
                     FerruleObject** err) {
  (void)self;
  if (num_args != 2 || args[0].type_index != FERRULE_TYPE_INT ||
      args[1].type_index != FERRULE_TYPE_INT) {
    ferrule_error_create("TypeError", "ctest.mul(a: int, b: int)", err);
    return -1;
  }
  *out = make_int(args[0].v_int64 * args[1].v_int64);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s GO_PLUGIN.so [TESTING_PLUGIN.so]\n", argv[0]);
    return 2;
  }
  FerruleObject* err = NULL;
  CHECK(ferrule_library_load(argv[1], &err) == 0, "loading %s: %s", argv[1],
        err ? ferrule_error_message(err) : "?");
  CHECK(ferrule_library_load(argv[1], &err) == 0, "loading twice is a no-op");
  if (argc > 2) {
    CHECK(ferrule_library_load(argv[2], &err) == 0, "loading %s: %s", argv[2],
          err ? ferrule_error_message(err) : "?");
  }
  uint64_t start = ferrule_live_object_count();

  /* C calls a Go function. */
  FerruleAny two[2] = {make_int(40), make_int(2)};
  CHECK(call_int("goplugin.add", two, 2) == 42, "goplugin.add(40, 2)");

  /* Go calls a C function, looked up by name. */
  FerruleObject* mul = NULL;
  CHECK(ferrule_func_create(c_mul, NULL, NULL, &mul, &err) == 0, "func_create");
  CHECK(ferrule_func_set_global("ctest.mul", mul, "Multiplies, in C.", "(a: int, b: int) -> int",
                                FERRULE_REGISTER_OVERRIDE, &err) == 0,
        "set_global");
  FerruleAny by_name[3] = {make_str("ctest.mul"), make_int(6), make_int(7)};
  CHECK(call_int("goplugin.call", by_name, 3) == 42, "goplugin.call('ctest.mul', 6, 7)");
  FerruleAny by_value[3] = {make_func(mul), make_int(5), make_int(5)};
  CHECK(call_int("goplugin.apply", by_value, 3) == 25, "goplugin.apply(mul, 5, 5)");
  ferrule_any_release(&by_name[0]);

  /* Go errors and panics become errors of their kind. */
  FerruleAny fail_args[2] = {make_str("IndexError"), make_str("from Go, to C")};
  call_fails("goplugin.fail", fail_args, 2, "IndexError", "from Go, to C");
  FerruleAny panic_args[1] = {make_str("boom in Go")};
  call_fails("goplugin.panic", panic_args, 1, "RuntimeError",
             "panic in goplugin.panic: boom in Go");
  call_fails("goplugin.panic", NULL, 0, "RuntimeError", "goplugin.panic called");
  FerruleAny bad_args[2] = {make_str("forty two"), make_int(2)};
  call_fails("goplugin.add", bad_args, 2, "TypeError", "");
  FerruleAny c_error[3] = {make_str("ctest.mul"), make_int(1), make_str("not an int")};
  call_fails("goplugin.call", c_error, 3, "TypeError", "ctest.mul(a: int, b: int)");
  for (int i = 0; i < 2; ++i) {
    ferrule_any_release(&fail_args[i]);
    ferrule_any_release(&bad_args[i]);
  }
  ferrule_any_release(&panic_args[0]);
  ferrule_any_release(&c_error[0]);
  ferrule_any_release(&c_error[2]);

  /* With the testing plugin: Rust calls Go, and a Rust panic under Go is an error. */
  if (argc > 2) {
    FerruleObject* add = get("goplugin.add");
    FerruleAny apply_args[3] = {make_func(add), make_int(1), make_int(2)};
    CHECK(call_int("testing.apply", apply_args, 3) == 3, "testing.apply(goplugin.add, 1, 2)");
    FerruleAny threads_args[3] = {make_func(add), make_int(4), make_int(100)};
    CHECK(call_int("testing.call_from_threads", threads_args, 3) == 400,
          "testing.call_from_threads(goplugin.add, 4, 100)");
    ferrule_object_release(add);
    FerruleAny rust_panic[2] = {make_str("testing.panic"), make_str("rust under go")};
    call_fails("goplugin.call", rust_panic, 2, "RuntimeError", "rust under go");
    FerruleAny native_error[3] = {make_str("testing.raise_error"), make_str("ValueError"),
                                  make_str("native, through Go")};
    call_fails("goplugin.call", native_error, 3, "ValueError", "native, through Go");
    for (int i = 0; i < 3; ++i) ferrule_any_release(&native_error[i]);
    for (int i = 0; i < 2; ++i) ferrule_any_release(&rust_panic[i]);
  }

  /* Nothing leaks once Go has collected the handles it dropped. */
  CHECK(ferrule_func_remove_global("ctest.mul", &err) == 0, "remove_global");
  ferrule_object_release(mul);
  uint64_t now = 0;
  FerruleObject* go_gc = get("goplugin.gc");
  for (int i = 0; i < 200 && (now = ferrule_live_object_count()) != start + 1; ++i) {
    FerruleAny out = {0};
    CHECK(ferrule_func_call(go_gc, NULL, 0, &out, &err) == 0, "goplugin.gc");
  }
  ferrule_object_release(go_gc);
  /* start + 1 above: go_gc itself was alive while counting. */
  CHECK(ferrule_live_object_count() == start, "live objects %llu, started with %llu",
        (unsigned long long)ferrule_live_object_count(), (unsigned long long)start);
  int mapped = libferrules_mapped();
  CHECK(mapped == 1 || mapped == -1, "%d libferrule files mapped into the process, expected 1",
        mapped);
  printf("go_plugin: ok\n");
  return 0;
}
