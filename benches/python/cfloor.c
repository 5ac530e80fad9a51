/* The floor of a Python call into native code: a hand-written CPython extension module whose
 * functions do nothing but the call itself. bench_call.py builds it with the C compiler
 * (benches/python/cfloor.c -> target/bench/) and times it beside ferrule's calls, so the report
 * shows, in the same run, how much of a ferrule call is the interpreter's own cost (which no
 * binding can remove) and how much is ferrule's.
 *
 * Both functions use METH_FASTCALL | METH_KEYWORDS, the convention of the builtins ferrule's
 * init_api modules hand out, so CPython takes the same specialised call path for them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* nop(*args): returns None. */
static PyObject* cfloor_nop(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                            PyObject* kwnames) {
  (void)self;
  (void)args;
  (void)nargs;
  (void)kwnames;
  Py_RETURN_NONE;
}

/* echo(x): returns x itself (a new reference). */
static PyObject* cfloor_echo(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                             PyObject* kwnames) {
  (void)self;
  if (nargs != 1 || (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0)) {
    PyErr_SetString(PyExc_TypeError, "echo() takes exactly one positional argument");
    return NULL;
  }
  Py_INCREF(args[0]);
  return args[0];
}

static PyMethodDef cfloor_methods[] = {
    {"nop", (PyCFunction)(void (*)(void))cfloor_nop, METH_FASTCALL | METH_KEYWORDS,
     "nop(*args): returns None."},
    {"echo", (PyCFunction)(void (*)(void))cfloor_echo, METH_FASTCALL | METH_KEYWORDS,
     "echo(x): returns x."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cfloor_module = {
    PyModuleDef_HEAD_INIT,
    "cfloor",
    "The floor of a native call from Python (a benchmark peer).",
    -1,
    cfloor_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit_cfloor(void) { return PyModule_Create(&cfloor_module); }
