/* autograd.c — autograd from C (ferrule.h's autograd section): gradients that match values
 * computed by hand, accumulation and clearing, grad() with and without a graph of its own
 * (second derivatives), an explicit output gradient, the grad mode, a hook, the errors of bad
 * input (each naming the function), an in-place write after a save, backward on two threads over
 * independent graphs at once, and every graph freed at the end. Exits non-zero on a failure.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "ferrule/ferrule.h"
#include "ferrule/ops.h"

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

/* An object argument; the FerruleAny borrows the caller's reference. */
static FerruleAny obj_arg(FerruleObject* obj) {
  FerruleAny a = {0};
  a.type_index = obj->type_index;
  a.v_obj = obj;
  return a;
}

static FerruleAny float_arg(double v) {
  FerruleAny a = {0};
  a.type_index = FERRULE_TYPE_FLOAT;
  a.v_float64 = v;
  return a;
}

/* A 1-D float64 (or int64 when `ints`) tensor holding `n` values; new reference, NULL on failure. */
static FerruleObject* vector(const double* values, int64_t n, int ints) {
  const DLDataType dtype = ints ? (DLDataType){.code = kDLInt, .bits = 64, .lanes = 1}
                                : (DLDataType){.code = kDLFloat, .bits = 64, .lanes = 1};
  const DLDevice cpu = {.device_type = kDLCPU, .device_id = 0};
  FerruleObject *out = NULL, *err = NULL;
  if (ferrule_tensor_create(&n, 1, dtype, cpu, &out, &err) != 0) {
    fprintf(stderr, "ferrule_tensor_create: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
    return NULL;
  }
  const DLTensor* t = ferrule_tensor_dltensor(out);
  for (int64_t i = 0; i < n; ++i) {
    if (ints) {
      ((int64_t*)t->data)[i] = (int64_t)values[i];
    } else {
      ((double*)t->data)[i] = values[i];
    }
  }
  return out;
}

/* A leaf vector that requires grad. */
static FerruleObject* leaf(const double* values, int64_t n) {
  FerruleObject* t = vector(values, n, 0);
  FerruleObject* err = NULL;
  if (t != NULL && ferrule_tensor_set_requires_grad(t, 1, &err) != 0) {
    fprintf(stderr, "ferrule_tensor_set_requires_grad: %s\n", ferrule_error_message(err));
    ferrule_object_release(err);
  }
  return t;
}

/* Whether `t` is a float64 vector holding `values` (read through its strides: a gradient may
 * be a broadcast view). */
static int holds(const FerruleObject* t, const double* values, int64_t n) {
  if (t == NULL) return 0;
  const DLTensor* d = ferrule_tensor_dltensor(t);
  if (d == NULL || d->ndim != 1 || d->shape[0] != n || d->dtype.code != kDLFloat ||
      d->dtype.bits != 64) {
    return 0;
  }
  const double* base = (const double*)((const char*)d->data + d->byte_offset);
  for (int64_t i = 0; i < n; ++i) {
    if (base[i * d->strides[0]] != values[i]) return 0;
  }
  return 1;
}

/* Whether the accumulated gradient of `t` holds `values`. */
static int grad_is(FerruleObject* t, const double* values, int64_t n) {
  FerruleObject *g = NULL, *err = NULL;
  if (ferrule_tensor_grad(t, &g, &err) != 0) {
    ferrule_object_release(err);
    return 0;
  }
  const int ok = holds(g, values, n);
  ferrule_object_release(g);
  return ok;
}

/* Prints and releases a failed call's error. */
static void report(const char* what, FerruleObject* err) {
  fprintf(stderr, "%s raised %s: %s\n", what, ferrule_error_kind(err), ferrule_error_message(err));
  ferrule_object_release(err);
}

/* Result of a binary op as an object (new reference), or NULL after printing its error. */
typedef int32_t (*BinaryOp)(const FerruleAny*, const FerruleAny*, const FerruleAny*, FerruleAny*,
                            FerruleObject**);
static FerruleObject* binary(BinaryOp op, FerruleAny a, FerruleAny b) {
  FerruleAny r = {0};
  FerruleObject* err = NULL;
  if (op(&a, &b, NULL, &r, &err) != 0) {
    report("a binary op", err);
    return NULL;
  }
  return r.v_obj;
}

/* sum(x) as an object (new reference), or NULL. */
static FerruleObject* total(FerruleObject* x) {
  const FerruleAny a = obj_arg(x);
  FerruleAny r = {0};
  FerruleObject* err = NULL;
  if (ferrule_op_sum(&a, NULL, NULL, NULL, &r, &err) != 0) {
    report("sum", err);
    return NULL;
  }
  return r.v_obj;
}

/* Whether a call failed (status `rc`) with an error in `*err` of `kind` whose message starts with
 * `function` and contains `needle`; releases the error. (`*err` is read here, after the call:
 * the order in which a call's arguments are evaluated is unspecified.) */
static int failed_with(int32_t rc, FerruleObject** err, const char* kind, const char* function,
                       const char* needle) {
  if (rc == 0 || *err == NULL) return 0;
  const char* message = ferrule_error_message(*err);
  const int ok = strcmp(ferrule_error_kind(*err), kind) == 0 &&
                 strncmp(message, function, strlen(function)) == 0 && strstr(message, needle);
  if (!ok) fprintf(stderr, "unexpected error %s: %s\n", ferrule_error_kind(*err), message);
  ferrule_object_release(*err);
  *err = NULL;
  return ok;
}

/* A hook (a C callback registered through autograd.register_hook): counts its calls in `*self`
 * and keeps the gradient (returns None). */
static int hook_calls = 0;
static int32_t count_calls(void* self, const FerruleAny* args, int32_t n, FerruleAny* out,
                           FerruleObject** err) {
  (void)args;
  (void)err;
  if (n == 1 && args[0].type_index == FERRULE_TYPE_TENSOR) ++*(int*)self;
  out->type_index = FERRULE_TYPE_NONE;
  return 0;
}

/* One thread's work: 200 backward passes of sum(x * x * k) over its own graph; the gradient of
 * the last is 2 * k * x. */
typedef struct {
  double k;
  int ok;
} ThreadWork;

static void* backward_loop(void* arg) {
  ThreadWork* w = (ThreadWork*)arg;
  const double values[4] = {1.0, 2.0, 3.0, 4.0};
  FerruleObject* x = leaf(values, 4);
  w->ok = x != NULL;
  for (int i = 0; i < 200 && w->ok; ++i) {
    FerruleObject* err = NULL;
    w->ok = ferrule_tensor_set_grad(x, NULL, &err) == 0;
    FerruleObject* xx = binary(ferrule_op_multiply, obj_arg(x), obj_arg(x));
    FerruleObject* xxk = xx ? binary(ferrule_op_multiply, obj_arg(xx), float_arg(w->k)) : NULL;
    FerruleObject* loss = xxk ? total(xxk) : NULL;
    w->ok = w->ok && loss != NULL && ferrule_autograd_backward(&loss, NULL, 1, 0, &err) == 0;
    ferrule_object_release(xx);
    ferrule_object_release(xxk);
    ferrule_object_release(loss);
  }
  const double expected[4] = {2 * w->k, 4 * w->k, 6 * w->k, 8 * w->k};
  w->ok = w->ok && grad_is(x, expected, 4);
  ferrule_object_release(x);
  return NULL;
}

int main(void) {
  /* Count objects from after a first backward pass: libferrule registers its built-in functions
   * on first use, and the ops.h wrappers and the engine keep the functions they look up. */
  FerruleObject* err = NULL;
  {
    const double wv[2] = {1.0, 2.0};
    FerruleObject* w = leaf(wv, 2);
    FerruleObject* ww = binary(ferrule_op_multiply, obj_arg(w), float_arg(2.0));
    FerruleObject* sum = ww ? binary(ferrule_op_add, obj_arg(ww), obj_arg(w)) : NULL;
    FerruleObject* loss = sum ? total(sum) : NULL;
    if (loss == NULL || ferrule_autograd_backward(&loss, NULL, 1, 0, &err) != 0) return 1;
    ferrule_object_release(w);
    ferrule_object_release(ww);
    ferrule_object_release(sum);
    ferrule_object_release(loss);
  }
  const uint64_t live = ferrule_live_object_count();

  const double xv[3] = {1.0, 2.0, 3.0}, yv[3] = {4.0, 5.0, 6.0};
  FerruleObject* x = leaf(xv, 3);
  FerruleObject* y = leaf(yv, 3);
  if (x == NULL || y == NULL) return 1;
  int32_t flag = -1;
  CHECK(ferrule_tensor_requires_grad(x, &flag, &err) == 0 && flag == 1);

  /* z = sum(x * y + x): dz/dx = y + 1, dz/dy = x. */
  for (int pass = 1; pass <= 2; ++pass) {
    FerruleObject* xy = binary(ferrule_op_multiply, obj_arg(x), obj_arg(y));
    FerruleObject* s = xy ? binary(ferrule_op_add, obj_arg(xy), obj_arg(x)) : NULL;
    FerruleObject* z = s ? total(s) : NULL;
    CHECK(z != NULL && ferrule_tensor_requires_grad(z, &flag, &err) == 0 && flag == 1);
    CHECK(ferrule_autograd_backward(&z, NULL, 1, 0, &err) == 0);
    /* the second pass accumulates into the first's gradients */
    const double dx[3] = {5.0 * pass, 6.0 * pass, 7.0 * pass};
    const double dy[3] = {1.0 * pass, 2.0 * pass, 3.0 * pass};
    CHECK(grad_is(x, dx, 3));
    CHECK(grad_is(y, dy, 3));
    /* the graph was freed: walking it again is an error */
    CHECK(failed_with(ferrule_autograd_backward(&z, NULL, 1, 0, &err), &err, "RuntimeError",
                      "ferrule_autograd_backward", "already freed"));
    ferrule_object_release(xy);
    ferrule_object_release(s);
    ferrule_object_release(z);
  }
  /* clearing, then setting a gradient */
  FerruleObject* none = (FerruleObject*)1;
  CHECK(ferrule_tensor_set_grad(x, NULL, &err) == 0);
  CHECK(ferrule_tensor_grad(x, &none, &err) == 0 && none == NULL);
  FerruleObject* seven = vector((const double[]){7.0, 7.0, 7.0}, 3, 0);
  CHECK(ferrule_tensor_set_grad(x, seven, &err) == 0);
  CHECK(grad_is(x, (const double[]){7.0, 7.0, 7.0}, 3));
  CHECK(ferrule_tensor_set_grad(x, NULL, &err) == 0);
  CHECK(ferrule_tensor_set_grad(y, NULL, &err) == 0);

  /* A non-scalar output with its gradient: d(2x)/dx . [1, 10, 100] = [2, 20, 200]. */
  {
    FerruleObject* twice = binary(ferrule_op_multiply, obj_arg(x), float_arg(2.0));
    FerruleObject* g = vector((const double[]){1.0, 10.0, 100.0}, 3, 0);
    CHECK(failed_with(ferrule_autograd_backward(&twice, NULL, 1, 0, &err), &err, "RuntimeError",
                      "ferrule_autograd_backward", "one-element"));
    CHECK(ferrule_autograd_backward(&twice, &g, 1, 0, &err) == 0);
    CHECK(grad_is(x, (const double[]){2.0, 20.0, 200.0}, 3));
    CHECK(ferrule_tensor_set_grad(x, NULL, &err) == 0);
    ferrule_object_release(twice);
    ferrule_object_release(g);
  }

  /* grad(): d sum(x^3)/dx = 3x^2 with a graph of its own, then d sum(3x^2)/dx = 6x. .grad stays
   * untouched. */
  {
    FerruleObject* xx = binary(ferrule_op_multiply, obj_arg(x), obj_arg(x));
    FerruleObject* xxx = binary(ferrule_op_multiply, obj_arg(xx), obj_arg(x));
    FerruleObject* cube = total(xxx);
    FerruleObject* first = NULL;
    CHECK(ferrule_autograd_grad(&cube, NULL, 1, &x, 1, FERRULE_AUTOGRAD_CREATE_GRAPH, &first,
                                &err) == 0);
    CHECK(holds(first, (const double[]){3.0, 12.0, 27.0}, 3));
    FerruleObject* first_sum = total(first);
    FerruleObject* second = NULL;
    CHECK(ferrule_autograd_grad(&first_sum, NULL, 1, &x, 1, 0, &second, &err) == 0);
    CHECK(holds(second, (const double[]){6.0, 12.0, 18.0}, 3));
    CHECK(ferrule_tensor_grad(x, &none, &err) == 0 && none == NULL);
    /* an input the output does not depend on */
    FerruleObject* pair[2] = {x, y};
    FerruleObject* grads[2] = {NULL, NULL};
    FerruleObject* xsum = total(x);
    CHECK(failed_with(
        ferrule_autograd_grad(&xsum, NULL, 1, pair, 2, FERRULE_AUTOGRAD_RETAIN_GRAPH, grads, &err),
        &err, "RuntimeError", "ferrule_autograd_grad", "inputs[1] is not reached"));
    CHECK(grads[0] == NULL && grads[1] == NULL);
    CHECK(ferrule_autograd_grad(&xsum, NULL, 1, pair, 2, FERRULE_AUTOGRAD_ALLOW_UNUSED, grads,
                                &err) == 0);
    CHECK(holds(grads[0], (const double[]){1.0, 1.0, 1.0}, 3) && grads[1] == NULL);
    ferrule_object_release(grads[0]);
    ferrule_object_release(xsum);
    ferrule_object_release(xx);
    ferrule_object_release(xxx);
    ferrule_object_release(cube);
    ferrule_object_release(first);
    ferrule_object_release(first_sum);
    ferrule_object_release(second);
  }

  /* Grad mode: on by default; off, ops record nothing. */
  CHECK(ferrule_grad_enabled() == 1);
  CHECK(ferrule_set_grad_enabled(0) == 1);
  CHECK(ferrule_grad_enabled() == 0);
  {
    FerruleObject* plain = binary(ferrule_op_multiply, obj_arg(x), obj_arg(y));
    CHECK(plain != NULL && ferrule_tensor_requires_grad(plain, &flag, &err) == 0 && flag == 0);
    ferrule_object_release(plain);
  }
  CHECK(ferrule_set_grad_enabled(1) == 0);

  /* A hook on x, through the registered autograd.register_hook and a C callback. */
  {
    FerruleObject *hook = NULL, *register_hook = NULL;
    CHECK(ferrule_func_create(count_calls, &hook_calls, NULL, &hook, &err) == 0);
    CHECK(ferrule_func_get_global("autograd.register_hook", &register_hook, &err) == 0);
    const FerruleAny args[2] = {obj_arg(x), obj_arg(hook)};
    FerruleAny r = {0};
    CHECK(ferrule_func_call(register_hook, args, 2, &r, &err) == 0);
    FerruleObject* s = total(x);
    CHECK(ferrule_autograd_backward(&s, NULL, 1, 0, &err) == 0);
    CHECK(hook_calls == 1);
    CHECK(grad_is(x, (const double[]){1.0, 1.0, 1.0}, 3));
    CHECK(ferrule_tensor_set_grad(x, NULL, &err) == 0);
    ferrule_object_release(s);
    ferrule_object_release(hook);
    ferrule_object_release(register_hook);
  }

  /* Writing in place into a tensor saved for backward makes the backward an error. */
  {
    FerruleObject* c = vector((const double[]){1.0, 1.0, 1.0}, 3, 0);
    FerruleObject* xc = binary(ferrule_op_multiply, obj_arg(x), obj_arg(c));
    FerruleObject* s = total(xc);
    const FerruleAny ca = obj_arg(c), one = float_arg(1.0);
    FerruleAny r = {0};
    CHECK(ferrule_op_add(&ca, &one, &ca, &r, &err) == 0); /* c += 1 */
    ferrule_any_release(&r);
    CHECK(failed_with(ferrule_autograd_backward(&s, NULL, 1, 0, &err), &err, "RuntimeError",
                      "ferrule_autograd_backward", "modified in place"));
    CHECK(ferrule_tensor_grad(x, &none, &err) == 0 && none == NULL);
    ferrule_object_release(c);
    ferrule_object_release(xc);
    ferrule_object_release(s);
  }

  /* Bad input: clear errors naming the function. */
  {
    FerruleObject* ints = vector((const double[]){1.0, 2.0}, 2, 1);
    CHECK(failed_with(ferrule_tensor_set_requires_grad(ints, 1, &err), &err, "TypeError",
                      "ferrule_tensor_set_requires_grad", "floating-point"));
    CHECK(failed_with(ferrule_tensor_set_requires_grad(NULL, 1, &err), &err, "TypeError",
                      "ferrule_tensor_set_requires_grad", "'tensor' must be a Tensor"));
    CHECK(failed_with(ferrule_tensor_set_grad(x, ints, &err), &err, "ValueError",
                      "ferrule_tensor_set_grad", "shape"));
    FerruleObject* wrong_dtype = vector((const double[]){1.0, 2.0, 3.0}, 3, 1);
    CHECK(failed_with(ferrule_tensor_set_grad(x, wrong_dtype, &err), &err, "TypeError",
                      "ferrule_tensor_set_grad", "dtype"));
    CHECK(failed_with(ferrule_tensor_requires_grad(x, NULL, &err), &err, "ValueError",
                      "ferrule_tensor_requires_grad", "'out'"));
    CHECK(failed_with(ferrule_autograd_backward(&ints, NULL, 1, 0, &err), &err, "RuntimeError",
                      "ferrule_autograd_backward", "does not require grad"));
    CHECK(failed_with(ferrule_autograd_backward(&x, NULL, 0, 0, &err), &err, "ValueError",
                      "ferrule_autograd_backward", "'n' must be at least 1"));
    CHECK(failed_with(ferrule_autograd_backward(&x, NULL, 1, 8, &err), &err, "ValueError",
                      "ferrule_autograd_backward", "flags"));
    CHECK(failed_with(ferrule_autograd_backward(NULL, NULL, 1, 0, &err), &err, "ValueError",
                      "ferrule_autograd_backward", "'tensors' is NULL"));
    FerruleObject* s = total(x);
    CHECK(failed_with(ferrule_autograd_backward(&s, &wrong_dtype, 1, 0, &err), &err, "ValueError",
                      "ferrule_autograd_backward", "shape"));
    FerruleObject* slot = NULL;
    CHECK(failed_with(ferrule_autograd_grad(&s, NULL, 1, &ints, 1, 0, &slot, &err), &err,
                      "RuntimeError", "ferrule_autograd_grad", "does not require grad"));
    CHECK(failed_with(ferrule_autograd_grad(&s, NULL, 1, &x, 1, 0, NULL, &err), &err, "ValueError",
                      "ferrule_autograd_grad", "'grads'"));
    ferrule_object_release(s);
    ferrule_object_release(ints);
    ferrule_object_release(wrong_dtype);
  }

  /* Two threads, each running backward over its own graph, at the same time. */
  {
    ThreadWork work[2] = {{2.0, 0}, {3.0, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; ++i)
      CHECK(pthread_create(&threads[i], NULL, backward_loop, &work[i]) == 0);
    for (int i = 0; i < 2; ++i) pthread_join(threads[i], NULL);
    CHECK(work[0].ok && work[1].ok);
  }

  ferrule_object_release(seven);
  ferrule_object_release(x);
  ferrule_object_release(y);
  /* Every graph, gradient and saved tensor is gone. */
  CHECK(ferrule_live_object_count() == live);

  printf("autograd.c: %d checks passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
