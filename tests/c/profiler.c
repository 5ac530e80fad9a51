/* profiler.c — the profiler from C: a profile records C calls (frontend "c") and ranges, exports
 * a trace and a table, and every misuse is an error naming the function. */
#include <stdio.h>
#include <string.h>

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

/* Checks that `err` is an error of `kind` whose message contains `text`, and releases it. */
static void check_error(FerruleObject* err, const char* kind, const char* text) {
  CHECK(err != NULL);
  if (err == NULL) return;
  CHECK(strcmp(ferrule_error_kind(err), kind) == 0);
  CHECK(strstr(ferrule_error_message(err), text) != NULL);
  if (strstr(ferrule_error_message(err), text) == NULL)
    fprintf(stderr, "  message: %s\n", ferrule_error_message(err));
  ferrule_object_release(err);
}

/* The text of a Str value, borrowed. */
static const char* text_of(FerruleAny* value, size_t* len) {
  const char* data = NULL;
  *len = 0;
  ferrule_any_view_bytes(value, &data, len);
  return data;
}

/* Calls `profile` with one method name and no other argument. */
static int32_t call_method(FerruleObject* profile, const char* method, FerruleAny* out,
                           FerruleObject** err) {
  FerruleObject* name = NULL;
  if (ferrule_str_create(method, strlen(method), &name, err) != 0) return -1;
  FerruleAny arg = {.type_index = FERRULE_TYPE_STR, .v_obj = name};
  int32_t rc = ferrule_func_call(profile, &arg, 1, out, err);
  ferrule_object_release(name);
  return rc;
}

int main(int argc, char** argv) {
  const char* trace_path = argc > 1 ? argv[1] : "build/profiler-test.json";
  FerruleObject* err = NULL;
  FerruleObject* add = NULL;
  CHECK(ferrule_func_get_global("demo.add", &add, &err) == 0);
  FerruleAny args[2] = {{.type_index = FERRULE_TYPE_INT, .v_int64 = 40},
                        {.type_index = FERRULE_TYPE_INT, .v_int64 = 2}};
  FerruleAny sum = {0};

  /* off: nothing happens, a range is not even opened */
  CHECK(ferrule_profiler_enabled() == 0);
  uint64_t token = 99;
  CHECK(ferrule_profiler_range_push("idle", &token, &err) == 0 && token == 0);
  ferrule_profiler_range_pop(token);
  CHECK(ferrule_func_call(add, args, 2, &sum, &err) == 0 && sum.v_int64 == 42);
  FerruleObject* profile = NULL;
  CHECK(ferrule_profiler_stop(&profile, &err) == -1);
  check_error(err, "RuntimeError", "ferrule_profiler_stop: no profile is recording");

  /* on: one range around two calls, one of them naming its frontend */
  CHECK(ferrule_profiler_start(FERRULE_PROFILE_SHAPES | FERRULE_PROFILE_MEMORY, &err) == 0);
  CHECK(ferrule_profiler_enabled() == 1);
  CHECK(ferrule_profiler_start(0, &err) == -1);
  check_error(err, "RuntimeError", "ferrule_profiler_start: a profile is already recording");
  CHECK(ferrule_profiler_range_push("two calls", &token, &err) == 0 && token != 0);
  CHECK(ferrule_func_call(add, args, 2, &sum, &err) == 0);
  CHECK(ferrule_func_call_from(add, args, 2, &sum, &err, FERRULE_FRONTEND_GO) == 0);
  ferrule_profiler_range_pop(token);
  CHECK(ferrule_func_call_from(add, args, 2, &sum, &err, 7) == -1);
  check_error(err, "ValueError", "ferrule_func_call_from: unknown frontend 7");
  CHECK(ferrule_profiler_stop(&profile, &err) == 0 && profile != NULL);
  CHECK(ferrule_profiler_enabled() == 0);

  /* what it recorded: the range first (it encloses the calls), then the C call and the Go one */
  FerruleAny events = {0};
  CHECK(call_method(profile, "events", &events, &err) == 0);
  CHECK(events.type_index == FERRULE_TYPE_ARRAY && ferrule_array_size(events.v_obj) == 3);
  const char* expected[3][2] = {{"two calls", "range"}, {"demo.add", "call"}, {"demo.add", "call"}};
  const char* frontends[3] = {NULL, "c", "go"};
  for (int64_t i = 0; i < 3 && i < ferrule_array_size(events.v_obj); i++) {
    const FerruleAny* event = &ferrule_array_items(events.v_obj)[i];
    const char* keys[3] = {"name", "category", "frontend"};
    for (int k = 0; k < 3; k++) {
      FerruleAny key = {.type_index = FERRULE_TYPE_SMALL_STR,
                        .small_len = (uint32_t)strlen(keys[k])};
      memcpy(key.v_bytes, keys[k], strlen(keys[k]));
      FerruleAny value = {0};
      CHECK(ferrule_map_get(event->v_obj, &key, &value, &err) == 0);
      const char* want = k < 2 ? expected[i][k] : frontends[i];
      size_t len = 0;
      const char* got = value.type_index == FERRULE_TYPE_NONE ? NULL : text_of(&value, &len);
      CHECK(want == NULL ? got == NULL
                         : (got != NULL && len == strlen(want) && memcmp(got, want, len) == 0));
      ferrule_any_release(&value);
    }
  }
  ferrule_any_release(&events);

  /* the trace and the table */
  CHECK(ferrule_profiler_export_chrome_trace(profile, trace_path, &err) == 0);
  FILE* f = fopen(trace_path, "r");
  CHECK(f != NULL);
  if (f != NULL) {
    char head[32] = {0};
    CHECK(fread(head, 1, 16, f) == 16 && strncmp(head, "{\"traceEvents\":[", 16) == 0);
    fclose(f);
  }
  FerruleObject* table = NULL;
  CHECK(ferrule_profiler_table(profile, NULL, -1, &table, &err) == 0);
  FerruleAny table_value = {.type_index = FERRULE_TYPE_STR, .v_obj = table};
  size_t len = 0;
  const char* text = text_of(&table_value, &len);
  CHECK(text != NULL && strncmp(text, "Name", 4) == 0 && strstr(text, "demo.add") != NULL);
  ferrule_object_release(table);

  /* misuse */
  CHECK(ferrule_profiler_export_chrome_trace(profile, "/nonexistent-dir/t.json", &err) == -1);
  check_error(err, "RuntimeError",
              "ferrule_profiler_export_chrome_trace: cannot write the trace to "
              "\"/nonexistent-dir/t.json\"");
  CHECK(ferrule_profiler_export_chrome_trace(profile, NULL, &err) == -1);
  check_error(err, "ValueError", "argument 'path' is NULL");
  CHECK(ferrule_profiler_export_chrome_trace(add, trace_path, &err) == -1);
  check_error(err, "TypeError", "argument 'profile' is not a profile");
  CHECK(ferrule_profiler_export_chrome_trace(NULL, trace_path, &err) == -1);
  check_error(err, "ValueError", "argument 'profile' is NULL");
  CHECK(ferrule_profiler_table(profile, "fastest", 5, &table, &err) == -1);
  check_error(err, "ValueError", "ferrule_profiler_table: sort_by must be one of self_time");
  CHECK(ferrule_profiler_table(profile, "calls", -2, &table, &err) == -1);
  check_error(err, "ValueError", "row_limit must be a count >= 0");
  CHECK(ferrule_profiler_range_push(NULL, &token, &err) == -1);
  check_error(err, "ValueError", "ferrule_profiler_range_push: argument 'name' is NULL");
  CHECK(ferrule_profiler_start(1 << 9, &err) == -1);
  check_error(err, "ValueError", "ferrule_profiler_start: unknown profiler options");
  ferrule_profiler_range_pop(12345); /* a token not open here: nothing */

  ferrule_object_release(profile);
  ferrule_object_release(add);
  fprintf(stderr, "profiler: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
