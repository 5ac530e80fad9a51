/* random.c — FerruleGenerator (include/ferrule/random.h) from C: the calls of
 * tools/gen_rng_fixture.py on ferrule_generator_new(42), in the same order, give exactly the
 * numbers Python wrote to tests/data/rng-seed42.json (argv[1]); the counter counts successful
 * calls only; a generator restored from (seed, counter) continues with the same numbers; and bad
 * arguments are errors naming the op. Exits non-zero if any check fails.
 */
#include "ferrule/random.h"

#include <stdio.h>
#include <stdlib.h>
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

static const DLDataType F32 = {kDLFloat, 32, 1};
static const DLDataType F64 = {kDLFloat, 64, 1};
static const DLDataType I32 = {kDLInt, 32, 1};
static const DLDevice CPU = {kDLCPU, 0};

static char* fixture = NULL;

static void report(const char* what, FerruleObject* err) {
  fprintf(stderr, "%s failed: %s: %s\n", what, ferrule_error_kind(err), ferrule_error_message(err));
  ferrule_object_release(err);
  ++failed;
}

static char* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)n + 1);
  if (text != NULL && fread(text, 1, (size_t)n, f) != (size_t)n) {
    free(text);
    text = NULL;
  }
  if (text != NULL) text[n] = '\0';
  fclose(f);
  return text;
}

/* The text after `"key": [` in the fixture entry `id` (each entry is one line), or NULL. */
static const char* field(const char* id, const char* key) {
  char pattern[96];
  snprintf(pattern, sizeof pattern, "\"id\": \"%s\"", id);
  const char* entry = strstr(fixture, pattern);
  if (entry == NULL) return NULL;
  const char* end = strchr(entry, '\n');
  snprintf(pattern, sizeof pattern, "\"%s\": [", key);
  const char* at = strstr(entry, pattern);
  if (at == NULL || (end != NULL && at > end)) return NULL;
  return at + strlen(pattern);
}

/* Whether the tensor value `v` has the fixture entry `id`'s dtype bits, shape and exact values
 * (floats read with strtod, which rounds correctly, ints with strtoll). */
static int matches(const char* id, const FerruleAny* v, DLDataType dtype) {
  if (v->type_index != FERRULE_TYPE_TENSOR) return 0;
  const DLTensor* t = ferrule_tensor_dltensor(v->v_obj);
  if (t->dtype.code != dtype.code || t->dtype.bits != dtype.bits) {
    fprintf(stderr, "%s: dtype code %d bits %d\n", id, t->dtype.code, t->dtype.bits);
    return 0;
  }
  const char* s = field(id, "shape");
  if (s == NULL) return 0;
  int64_t numel = 1;
  for (int32_t d = 0; d < t->ndim; ++d) {
    char* next = NULL;
    long long size = strtoll(s, &next, 10);
    if (next == s || size != t->shape[d]) return 0;
    numel *= size;
    s = next + (*next == ',' ? 1 : 0);
  }
  if (*s != ']') return 0;
  s = field(id, "values");
  if (s == NULL) return 0;
  const char* base = (const char*)t->data + t->byte_offset;
  for (int64_t i = 0; i < numel; ++i) {
    char* next = NULL;
    int ok;
    if (dtype.code == kDLFloat) {
      double want = strtod(s, &next);
      double got = dtype.bits == 32 ? (double)((const float*)base)[i] : ((const double*)base)[i];
      ok = got == want;
    } else {
      long long want = strtoll(s, &next, 10);
      long long got = dtype.bits == 32 ? ((const int32_t*)base)[i] : ((const int64_t*)base)[i];
      ok = got == want;
    }
    if (next == s || !ok) {
      fprintf(stderr, "%s: value %lld differs from the fixture\n", id, (long long)i);
      return 0;
    }
    s = next + (*next == ',' ? 1 : 0);
  }
  return *s == ']';
}

/* A float64 tensor value of `shape` holding `values` (row-major). */
static FerruleAny float64s(const double* values, const int64_t* shape, int32_t ndim) {
  FerruleAny a;
  memset(&a, 0, sizeof a);
  FerruleObject* t = NULL;
  FerruleObject* err = NULL;
  if (ferrule_tensor_create(shape, ndim, F64, CPU, &t, &err) != 0) {
    report("ferrule_tensor_create", err);
    return a;
  }
  const DLTensor* dl = ferrule_tensor_dltensor(t);
  int64_t n = 1;
  for (int32_t d = 0; d < ndim; ++d) n *= shape[d];
  memcpy((char*)dl->data + dl->byte_offset, values, (size_t)n * sizeof(double));
  a.type_index = FERRULE_TYPE_TENSOR;
  a.v_obj = t;
  return a;
}

/* Checks the result of one generator call against the fixture, and releases it. */
static void expect(const char* id, int32_t rc, FerruleAny* result, FerruleObject* err,
                   DLDataType dtype) {
  if (rc != 0) {
    report(id, err);
    return;
  }
  if (!matches(id, result, dtype)) {
    fprintf(stderr, "%s: differs from tests/data/rng-seed42.json\n", id);
    ++failed;
  } else {
    ++passed;
  }
  ferrule_any_release(result);
}

/* The calls of tools/gen_rng_fixture.py, in order, on one generator. */
static void same_numbers_as_python(void) {
  FerruleGenerator g = ferrule_generator_new(42);
  FerruleAny r;
  FerruleObject* err = NULL;
  const int64_t five[1] = {5}, two_two[2] = {2, 2}, two_three[2] = {2, 3}, four[1] = {4};
  const int64_t three[1] = {3}, eight[1] = {8}, six[1] = {6};
  const DLDataType I64 = {kDLInt, 64, 1};

  expect("random_f64", ferrule_generator_random(&g, five, 1, NULL, &r, &err), &r, err, F64);
  expect("random_f32", ferrule_generator_random(&g, two_two, 2, &F32, &r, &err), &r, err, F32);
  expect("uniform_f64", ferrule_generator_uniform(&g, -2.0, 3.0, two_three, 2, NULL, &r, &err), &r,
         err, F64);
  expect("uniform_f32", ferrule_generator_uniform(&g, 0.5, 1.5, four, 1, &F32, &r, &err), &r, err,
         F32);
  expect("normal_f64", ferrule_generator_normal(&g, 1.0, 2.0, five, 1, NULL, &r, &err), &r, err,
         F64);
  expect("normal_f32", ferrule_generator_normal(&g, 0.0, 1.0, three, 1, &F32, &r, &err), &r, err,
         F32);
  expect("integers_i64", ferrule_generator_integers(&g, 0, 10, 0, eight, 1, NULL, &r, &err), &r,
         err, I64);
  expect("integers_i32", ferrule_generator_integers(&g, -5, 5, 1, two_two, 2, &I32, &r, &err), &r,
         err, I32);
  FerruleAny ten = ferrule_generator__int(10);
  expect("permutation_n", ferrule_generator_permutation(&g, &ten, 0, &r, &err), &r, err, I64);
  double twelve[12], values6[6], values10[10];
  for (int i = 0; i < 12; ++i) twelve[i] = i;
  for (int i = 0; i < 6; ++i) values6[i] = i;
  for (int i = 0; i < 10; ++i) values10[i] = i;
  const int64_t three_four[2] = {3, 4}, ten_shape[1] = {10};
  FerruleAny x = float64s(twelve, three_four, 2);
  expect("permutation_x", ferrule_generator_permutation(&g, &x, 1, &r, &err), &r, err, F64);
  ferrule_any_release(&x);
  FerruleAny y = float64s(values6, six, 1);
  int32_t rc = ferrule_generator_shuffle(&g, &y, 0, &err);
  if (rc == 0) {
    CHECK(matches("shuffle", &y, F64));
  } else {
    report("shuffle", err);
  }
  ferrule_any_release(&y);
  FerruleAny n5 = ferrule_generator__int(5);
  expect("choice_n", ferrule_generator_choice(&g, &n5, six, 1, 1, NULL, 0, &r, &err), &r, err, I64);
  FerruleAny z = float64s(values10, ten_shape, 1);
  expect("choice_x", ferrule_generator_choice(&g, &z, four, 1, 0, NULL, 0, &r, &err), &r, err, F64);
  ferrule_any_release(&z);
  const double p4[4] = {0.1, 0.0, 0.6, 0.3}, p5[5] = {0.1, 0.2, 0.3, 0.4, 0.0};
  FerruleAny p = float64s(p4, four, 1);
  FerruleAny n4 = ferrule_generator__int(4);
  expect("choice_p", ferrule_generator_choice(&g, &n4, eight, 1, 1, &p, 0, &r, &err), &r, err, I64);
  ferrule_any_release(&p);
  p = float64s(p5, five, 1);
  expect("choice_p_distinct", ferrule_generator_choice(&g, &n5, three, 1, 0, &p, 0, &r, &err), &r,
         err, I64);
  ferrule_any_release(&p);
  const char* final = strstr(fixture, "\"final_counter\": ");
  CHECK(final != NULL && g.counter == (uint64_t)strtoull(final + 17, NULL, 10));
}

/* A failed call leaves the counter alone; a generator rebuilt from (seed, counter) continues
 * with the same numbers; errors name the op and the argument. */
static void state_and_errors(void) {
  FerruleGenerator g = ferrule_generator_new(UINT64_MAX); /* seeds use all 64 bits */
  FerruleAny a, b;
  FerruleObject* err = NULL;
  const int64_t four[1] = {4};
  CHECK(ferrule_generator_random(&g, four, 1, NULL, &a, &err) == 0);
  ferrule_any_release(&a);
  CHECK(g.counter == 1);
  CHECK(ferrule_generator_integers(&g, 3, 3, 0, four, 1, NULL, &a, &err) == -1);
  CHECK(err != NULL && strcmp(ferrule_error_kind(err), "ValueError") == 0);
  CHECK(err != NULL && strstr(ferrule_error_message(err), "random.integers") != NULL);
  ferrule_object_release(err);
  err = NULL;
  CHECK(ferrule_generator_normal(&g, 0.0, -1.0, four, 1, NULL, &a, &err) == -1);
  CHECK(err != NULL && strstr(ferrule_error_message(err), "'scale'") != NULL);
  ferrule_object_release(err);
  err = NULL;
  CHECK(ferrule_generator_uniform(&g, 0.0, 1.0, four, 1, &I32, &a, &err) == -1);
  CHECK(err != NULL && strcmp(ferrule_error_kind(err), "TypeError") == 0);
  ferrule_object_release(err);
  err = NULL;
  CHECK(g.counter == 1);
  FerruleGenerator copy = {g.seed, g.counter};
  CHECK(ferrule_generator_normal(&g, 0.0, 1.0, four, 1, NULL, &a, &err) == 0);
  CHECK(ferrule_generator_normal(&copy, 0.0, 1.0, four, 1, NULL, &b, &err) == 0);
  const DLTensor* ta = ferrule_tensor_dltensor(a.v_obj);
  const DLTensor* tb = ferrule_tensor_dltensor(b.v_obj);
  CHECK(memcmp(ta->data, tb->data, 4 * sizeof(double)) == 0);
  ferrule_any_release(&a);
  ferrule_any_release(&b);
  /* a read-only or non-tensor x: the shuffle fails and the counter stays */
  FerruleAny n = ferrule_generator__int(4);
  uint64_t before = g.counter;
  CHECK(ferrule_generator_shuffle(&g, &n, 0, &err) == -1);
  ferrule_object_release(err);
  err = NULL;
  CHECK(g.counter == before);
  int64_t too_many[40] = {0};
  CHECK(ferrule_generator_random(&g, too_many, 40, NULL, &a, &err) == -1);
  CHECK(err != NULL && strcmp(ferrule_error_kind(err), "ValueError") == 0);
  ferrule_object_release(err);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s tests/data/rng-seed42.json\n", argv[0]);
    return 2;
  }
  fixture = read_file(argv[1]);
  if (fixture == NULL) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  same_numbers_as_python();
  state_and_errors();
  free(fixture);
  printf("random: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
