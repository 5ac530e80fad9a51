"""ferrule.ffi.ctypes on its own: loading, tensor exchange with numpy, leaks, callback errors,
plugin fixtures and interplay with the extension frontend in one process.

The registry, error and callback suites also run against this frontend (their ``FRONTENDS``).
"""

from __future__ import annotations

import ast
import ctypes
import gc
import os
import pathlib
import subprocess
import sys
import threading
import traceback
import weakref

import conftest
import ferrule
import ferrule.ffi as ffi
import ferrule.ffi.ctypes as cffi
import numpy as np
import pytest
from conftest import PLUGIN
from ferrule.ffi import _native, _values

FFI_DIR = pathlib.Path(ffi.__file__).parent


@pytest.fixture(scope="module")
def testing() -> conftest.Testing:
    """The testing.* fixtures, looked up through the ctypes frontend."""
    cffi.load_library(PLUGIN)
    return conftest.Testing(cffi)


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env={**os.environ, **env}
    )


# ---- loading -----------------------------------------------------------------------------------------


def test_library_is_the_extensions_and_loads_once(testing):
    lib = cffi.load()
    assert cffi.load() is lib
    assert lib.path == cffi.default_library_path()
    assert lib.abi_version == cffi.abi_version() == cffi.ABI_VERSION == 1
    assert pathlib.Path(lib.path).resolve() == pathlib.Path(ferrule._ferrule.library_path).resolve()
    with pytest.raises(ferrule.RuntimeError, match="already loaded"):
        cffi.load("/elsewhere/libferrule.so")


def test_environment_variable_overrides_the_library_path(monkeypatch):
    monkeypatch.setenv("FERRULE_LIBRARY", "/opt/custom/libferrule.so")
    assert cffi.default_library_path() == "/opt/custom/libferrule.so"
    monkeypatch.delenv("FERRULE_LIBRARY")
    assert cffi.default_library_path() == str(FFI_DIR.parent / "libferrule.so")


def test_library_is_loaded_lazily_from_the_environment_path(tmp_path):
    link = tmp_path / "libferrule.so"
    link.symlink_to(pathlib.Path(cffi.load().path).resolve())
    code = (
        "import ferrule.ffi.ctypes as c\n"
        "import ferrule.ffi._native as native\n"
        "assert native._library is None  # nothing loaded at import\n"
        "assert c.get_global_func('demo.add')(2, 3) == 5\n"
        "print(c.load().path)\n"
    )
    r = run_python(code, FERRULE_LIBRARY=str(link))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(link)


def test_missing_library_is_a_clear_import_error():
    r = run_python("import ferrule.ffi.ctypes as c; c.load('/nonexistent/libferrule.so')")
    assert r.returncode != 0
    assert "ImportError" in r.stderr and "/nonexistent/libferrule.so" in r.stderr


def test_frontend_never_imports_the_extension():
    for name in ["ctypes.py", "_abi.py", "_native.py", "_values.py", "_tensors.py", "_common.py"]:
        tree = ast.parse((FFI_DIR / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported = [node.module or ""] + [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            else:
                continue
            assert not any("_ferrule" in item for item in imported), f"{name} imports the extension"


def test_bad_arguments_name_the_function(testing):
    with pytest.raises(TypeError, match=r"get_global_func\(\): name must be a str, not 'int'"):
        cffi.get_global_func(42)
    with pytest.raises(ValueError, match=r"get_global_func\(\): name must not contain NUL"):
        cffi.get_global_func("demo\0add")
    with pytest.raises(TypeError, match=r"register_func\('x.y'\): expected a callable, not 'int'"):
        cffi.register_func("x.y", 3)
    with pytest.raises(TypeError, match=r"load_library\(\): path must be"):
        cffi.load_library(3)
    with pytest.raises(ferrule.RuntimeError, match="no/such/plugin.so"):
        cffi.load_library("/no/such/plugin.so")
    with pytest.raises(TypeError, match=r"to_numpy\(\): t must be"):
        cffi.to_numpy(np.zeros(2))
    # (the API fuzzer's finding: the message named Tensor.numpy(), which the caller did not call)
    with pytest.raises(TypeError, match=r"to_numpy\(\): copy must be a bool, not 'DType'"):
        cffi.to_numpy(cffi.tensor(np.zeros(2, dtype=np.float32)), copy=ferrule.int16)


# ---- values --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [None, True, False, 0, -(2**63), 2**63 - 1, 0.5, float("inf"), "", "12345678", "123456789", "nul\0in",
     "🦀🐍" * 10, b"", b"\0\xff", b"x" * 100, [], [1, [2.5, "x"]], {"k": [1], 7: None}],
)  # fmt: skip
def test_values_round_trip(testing, value):
    back = testing.echo(value)
    assert back == value and type(back) is type(value)


def test_plugin_fixtures_are_callable(testing):
    assert testing.add_int(40, 2) == 42
    assert testing.sum_array([1, 2.5, (3,)[0]]) == 6.5
    data = testing.non_utf8_bytes()
    assert isinstance(data, bytes) and testing.echo(data) == data
    assert testing.nop(1, "two", [3], {"four": 4}) is None
    with pytest.raises(ferrule.OverflowError):
        testing.add_int(2**62, 2**62)
    assert testing.echo((1, (2, "x"))) == [1, [2, "x"]]
    assert testing.echo(np.int64(7)) == 7 and testing.echo(np.bool_(True)) is True
    # a slice is the index encoding's Map, as the extension converts it
    assert testing.echo(slice(1, None, -1)) == {"slice": [1, None, -1]}


def test_argument_errors_name_function_position_and_parameter(testing):
    with pytest.raises(ferrule.TypeError, match=r"testing\.echo\(\) argument 1 \('x'\): cannot convert .* 'set'"):
        testing.echo({1, 2})
    with pytest.raises(ferrule.OverflowError, match=r"testing\.echo\(\) argument 1 \('x'\): .*int64"):
        testing.echo([1, 2**64])
    with pytest.raises(ferrule.TypeError, match="dict keys must be str or int"):
        testing.echo({1.5: 2})
    with pytest.raises(ferrule.TypeError, match=r"testing\.nop\(\) argument 3 \(\*args\)"):
        testing.nop(1, 2, object())
    nested: list = []
    nested.append(nested)
    with pytest.raises(ferrule.ValueError, match="too deep"):
        testing.echo(nested)
    with pytest.raises(ferrule.TypeError, match=r"demo\.add\(\) takes 2 positional arguments but 3 were given"):
        cffi.get_global_func("demo.add")(1, 2, 3)


def test_dtype_and_device_values_are_names(testing):
    t = testing.tensor_fill([2], 1.0)
    assert (t.dtype, t.device) == ("float64", "cpu:0")


# ---- tensors ---------------------------------------------------------------------------------------------


def test_numpy_array_is_shared_without_a_copy(testing):
    a = np.arange(6.0).reshape(2, 3)
    t = cffi.from_numpy(a, copy=False)
    assert t.shape == (2, 3) and t.strides == (3, 1) and t.dtype == "float64" and t.ndim == 2 and t.size == 6
    assert t.data_ptr == a.ctypes.data
    a[0, 0] = 100.0  # the same memory
    assert testing.tensor_sum(t) == 115.0
    view = t.numpy()
    view[1, 2] = -5.0  # and back: the numpy view writes the shared memory
    assert a[1, 2] == -5.0


def test_numpy_array_stays_alive_while_the_tensor_lives(testing):
    a = np.arange(4.0)
    ref = weakref.ref(a)
    t = cffi.from_numpy(a)
    del a
    gc.collect()
    assert ref() is not None  # the DLPack deleter still holds it
    assert testing.tensor_sum(t) == 6.0
    del t
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize(
    "array",
    [
        np.arange(12.0).reshape(3, 4).T,  # transposed
        np.arange(10, dtype=np.int64)[::3],  # stepped
        np.arange(5.0)[::-1],  # negative strides
        np.float32(2.5) * np.ones((2, 2), np.float32),
        np.array(3.5),  # 0-d
    ],
)
def test_strided_arrays_are_read_in_place_by_native_code(testing, array):
    t = cffi.from_numpy(array, copy=False)
    assert t.shape == array.shape
    assert t.strides == tuple(s // array.itemsize for s in array.strides)
    assert testing.tensor_sum(t) == pytest.approx(float(array.sum()))
    assert testing.tensor_sum(array) == pytest.approx(float(array.sum()))  # a numpy argument directly


@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
              "float64", "complex64", "complex128"],
)  # fmt: skip
def test_every_numpy_dtype_round_trips_through_native_code(testing, dtype):
    a = (np.arange(6) % 3).astype(dtype).reshape(2, 3)
    back = testing.echo(cffi.from_numpy(a))
    assert isinstance(back, cffi.Tensor) and back.dtype == dtype
    out = back.numpy()
    assert out.dtype == a.dtype and out.shape == a.shape and np.array_equal(out, a)


def test_native_tensor_reads_back_into_numpy(testing):
    t = testing.tensor_fill([2, 3], 1.5)
    assert isinstance(t, cffi.Tensor)
    assert (t.shape, t.strides, t.dtype, t.device, len(t)) == ((2, 3), (3, 1), "float64", "cpu:0", 2)
    view = cffi.to_numpy(t)
    assert view.base is t and np.array_equal(view, np.full((2, 3), 1.5))
    copy = cffi.to_numpy(t, copy=True)
    view[0, 0] = 7.0  # native memory is writable; the copy is not affected
    assert testing.tensor_sum(t) == 7.0 + 5 * 1.5
    assert copy[0, 0] == 1.5
    del t
    gc.collect()
    assert view.sum() == 7.0 + 5 * 1.5  # the view keeps the tensor alive
    assert testing.tensor_fill([1, 2], 2.0).tolist() == [[2.0, 2.0]]


def test_autograd_through_the_c_abi_alone():
    """The C ABI's autograd entry points, declared by the ctypes mirror: d sum(x * x)/dx = 2x."""
    cffi.load()  # declares the prototypes
    c = _native.lib()
    x = cffi.tensor(np.array([1.0, 2.0, 3.0]))
    err = ctypes.c_void_p()
    assert c.ferrule_tensor_set_requires_grad(x._handle, 1, ctypes.byref(err)) == 0
    flag = ctypes.c_int32(-1)
    assert c.ferrule_tensor_requires_grad(x._handle, ctypes.byref(flag), ctypes.byref(err)) == 0 and flag.value == 1
    multiply, total = cffi.get_global_func("ops.multiply"), cffi.get_global_func("ops.sum")
    loss = total(multiply(x, x))
    roots = (ctypes.c_void_p * 1)(loss._handle)
    assert c.ferrule_autograd_backward(roots, None, 1, 0, ctypes.byref(err)) == 0
    grad = ctypes.c_void_p()
    assert c.ferrule_tensor_grad(x._handle, ctypes.byref(grad), ctypes.byref(err)) == 0 and grad.value
    assert cffi.to_numpy(cffi.Tensor._wrap(grad.value), copy=True).tolist() == [2.0, 4.0, 6.0]
    # grad mode: per thread, restored by the caller
    assert c.ferrule_grad_enabled() == 1
    assert c.ferrule_set_grad_enabled(0) == 1
    assert c.ferrule_set_grad_enabled(1) == 0
    # an error names the C function
    assert c.ferrule_autograd_backward(roots, None, 1, 0, ctypes.byref(err)) != 0
    with pytest.raises(RuntimeError, match="ferrule_autograd_backward: the values saved by 'sum' were already freed"):
        _native.raise_error(err.value)


def test_copies_and_special_arrays(testing):
    a = np.arange(3.0)
    c = cffi.from_numpy(a, copy=True)
    a[0] = 50.0
    assert c.tolist() == [0.0, 1.0, 2.0]
    swapped = np.arange(3.0).astype(">f8")
    with pytest.raises(BufferError, match="copy=False"):
        cffi.from_numpy(swapped, copy=False)
    assert cffi.from_numpy(swapped).tolist() == [0.0, 1.0, 2.0]  # copy=None falls back to a copy
    assert cffi.tensor([[1, 2], [3, 4]], dtype="int32").dtype == "int32"
    assert cffi.Tensor([]).shape == (0,)
    assert testing.echo(cffi.from_numpy(np.zeros((0, 3)))).shape == (0, 3)
    with pytest.raises(TypeError, match="cannot make a ferrule tensor of dtype"):
        cffi.tensor(["a", "b"])


def test_read_only_arrays_stay_read_only(testing):
    a = np.arange(3.0)
    a.flags.writeable = False
    back = testing.echo(a)
    assert back.tolist() == [0.0, 1.0, 2.0]
    assert not back.numpy().flags.writeable


def test_tensor_argument_is_borrowed(testing):
    t = cffi.tensor([1.0, 2.0])
    assert testing.use_count(t) == t._use_count() == 1
    testing.hold(t)
    assert t._use_count() == 2
    assert testing.release() == 1
    assert t._use_count() == 1


# ---- callbacks ---------------------------------------------------------------------------------------


def test_callback_exception_comes_back_as_the_same_object(testing):
    raised = []

    def f(x):
        e = LookupError(f"bad {x}")
        raised.append(e)
        raise e

    with pytest.raises(LookupError) as info:
        testing.apply(f, 7)
    assert info.value is raised[0]
    frames = [fs.name for fs in traceback.extract_tb(info.value.__traceback__)]
    assert "f" in frames and "test_callback_exception_comes_back_as_the_same_object" in frames


def test_base_exceptions_and_errors_from_native_threads_come_back(testing):
    class Stop(BaseException):
        pass

    def stop():
        raise Stop("halt")

    payloads = len(_native.payloads)
    with pytest.raises(Stop, match="halt"):
        testing.apply(stop)

    def f(thread_index, call_index):
        if (thread_index, call_index) == (2, 3):
            raise ZeroDivisionError("from a native thread")
        return thread_index

    with pytest.raises(ZeroDivisionError, match="from a native thread"):
        testing.call_from_threads(f, 4, 50)
    assert len(_native.payloads) == payloads  # every error that carried an exception is gone


def test_native_callers_see_kind_and_message_of_a_ctypes_callback(fresh_name):
    """The extension (another frontend, another payload owner) sees a ctypes callback's
    exception as a native error: the nearest builtin kind and str(exc)."""

    class Mine(KeyError):
        def __str__(self) -> str:
            return "my key"

    def f():
        raise Mine()

    cffi.register_func(fresh_name, f)
    with pytest.raises(ferrule.KeyError, match="my key") as info:
        ffi.get_global_func(fresh_name)()
    assert info.value.kind == "KeyError"
    with pytest.raises(Mine):  # while through ctypes it is the object itself
        cffi.get_global_func(fresh_name)()


def test_frontends_call_each_other(testing, fresh_name):
    cffi.register_func(fresh_name, lambda x: x * 2)
    assert ffi.get_global_func(fresh_name)(21) == 42
    ffi.register_func(fresh_name, lambda x: x * 3, override=True)
    assert cffi.get_global_func(fresh_name)(5) == 15
    assert testing.apply(ffi.get_global_func("demo.add"), 1, 2) == 3  # an extension Function is a callable


def test_callable_lives_exactly_as_long_as_the_native_function(testing):
    class Callable:
        def __call__(self, x):
            return x + 100

    c = Callable()
    ref = weakref.ref(c)
    gc.collect()
    held_before = len(_values.callables)
    testing.hold(c)
    del c
    gc.collect()
    assert ref() is not None and len(_values.callables) == held_before + 1
    (held,) = testing.held()
    assert isinstance(held, cffi.Function) and held(1) == 101
    del held
    assert testing.release() == 1
    gc.collect()
    assert ref() is None and len(_values.callables) == held_before


def test_function_released_while_native_code_uses_it(testing):
    holder = {}

    def cb():
        holder["f"].release()
        return "done"

    f = cffi.Function(cb)
    holder["f"] = f
    assert testing.apply(f) == "done"
    assert f._use_count() == 0 and "released" in repr(f)
    with pytest.raises(ferrule.ValueError, match="has been released"):
        f()


def test_callbacks_from_python_and_native_threads_at_once(testing):
    results = []

    def worker(n):
        results.append(testing.call_from_threads(lambda i, j: i + j, 2, 100))
        results.append(testing.apply(lambda x: x * 2, n))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == sorted([200] * 4 + [0, 2, 4, 6])


def test_interpreter_exits_cleanly_with_ctypes_callables_held_natively():
    code = (
        "import ferrule.ffi.ctypes as c\n"
        f"c.load_library({PLUGIN!r})\n"
        "c.register_func('exit.ctypes_cb', lambda: 1)\n"
        "hold = c.get_global_func('testing.hold')\n"
        "hold(lambda: 2)\n"
        "hold(ValueError('held error'))\n"
        "f = c.Function(lambda: 3)\n"
        "print('ok', f())\n"
    )
    r = run_python(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok 3"
    assert "Exception ignored" not in r.stderr


# ---- leaks -----------------------------------------------------------------------------------------------


def run_round_trips(testing, n: int) -> None:
    """Six native calls per iteration (strings, containers, tensors, callbacks, errors)."""
    echo, nop, apply, add = testing.echo, testing.nop, testing.apply, cffi.get_global_func("demo.add")
    long_str = "a string that is longer than eight bytes"
    items = [1, 2.5, "short", long_str, b"bytes that are long", [1, [2]], {"k": "v"}]
    t = cffi.tensor([[1.0, 2.0], [3.0, 4.0]])
    array = np.arange(4.0)

    def cb(x):
        return [x, long_str]

    for i in range(n):
        echo(long_str)
        echo(items)
        echo(t if i % 2 else array)
        apply(cb, i)
        nop(i, "x", None)
        add(i, 1)
        if i % 500 == 0:
            # rarer paths: argument, native and callback errors, keywords, new Function objects
            try:
                echo({1})
            except TypeError:
                pass
            try:
                testing.raise_error("ValueError", "x")
            except ValueError:
                pass
            try:
                apply(lambda: 1 / 0)
            except ZeroDivisionError:
                pass
            cffi.get_global_func("demo.scale")(1.0, factor=2.0)
            cffi.Function(lambda: i)()
            echo(ValueError("as a value"))


def test_100k_calls_do_not_leak(testing):
    run_round_trips(testing, 500)  # warm up
    gc.collect()
    objects = cffi.live_object_count()
    callables, payloads = len(_values.callables), len(_native.payloads)
    run_round_trips(testing, 17_000)  # ~100k native calls
    gc.collect()
    assert cffi.live_object_count() == objects
    assert len(_values.callables) == callables
    assert len(_native.payloads) == payloads


def test_dropped_handles_free_native_objects(testing):
    gc.collect()
    before = cffi.live_object_count()
    fs = [cffi.Function(lambda: i) for i in range(100)]
    ts = [cffi.tensor([i]) for i in range(100)]
    names = cffi.list_global_func_names()
    assert names and cffi.live_object_count() >= before + 200
    for f in fs[:50]:
        f.release()
    del fs, ts
    gc.collect()
    assert cffi.live_object_count() == before
