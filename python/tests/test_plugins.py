"""The example plugins, loaded from Python: ``examples/plugin-rust`` (``example_rust.*``, Rust on
ferrule-plugin) and ``examples/plugin-c`` (``example_c.*``, C against ferrule.h), through both
frontends (the extension and ctypes).

The plugins are built by ``make plugins``; ``FERRULE_EXAMPLE_RUST_PLUGIN`` and
``FERRULE_EXAMPLE_C_PLUGIN`` override where they are looked for.
"""

from __future__ import annotations

import gc
import inspect
import os
import re
import types
from collections.abc import Callable
from typing import Any

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from conftest import REPO

FRONTENDS = ("extension", "ctypes")

RUST_PLUGIN = os.environ.get("FERRULE_EXAMPLE_RUST_PLUGIN") or str(
    REPO / "target" / "release" / "libferrule_example_plugin.so"
)
C_PLUGIN = os.environ.get("FERRULE_EXAMPLE_C_PLUGIN") or str(REPO / "target" / "examples" / "libferrule_plugin_c.so")

NAMES = ("example_rust.scale", "example_rust.describe", "example_c.sum", "example_c.fill", "example_c.arange")


@pytest.fixture(scope="session")
def plugins(frontend: types.ModuleType) -> types.SimpleNamespace:
    """Loads both example plugins through ``frontend`` and returns their functions by short name
    (``plugins.scale`` is ``example_rust.scale``)."""
    for path, variable in ((RUST_PLUGIN, "FERRULE_EXAMPLE_RUST_PLUGIN"), (C_PLUGIN, "FERRULE_EXAMPLE_C_PLUGIN")):
        if not os.path.exists(path):
            pytest.fail(f"example plugin not found at {path}: run `make plugins` or set {variable}")
        frontend.load_library(path)
        frontend.load_library(path)  # a second load of the same file is a no-op
    return types.SimpleNamespace(**{name.split(".")[1]: frontend.get_global_func(name) for name in NAMES})


def make(frontend: types.ModuleType, array: np.ndarray) -> Any:
    """A tensor of the frontend's own kind holding a copy of ``array``."""
    return ferrule.Tensor(array) if frontend is ffi else frontend.Tensor(array)


def transposed(frontend: types.ModuleType, array: np.ndarray) -> Any:
    """A strided (non-contiguous) view of ``array.T`` as the frontend passes one to native code:
    a permuted ferrule tensor (extension), or the numpy view itself, shared by DLPack (ctypes)."""
    if frontend is ffi:
        return ferrule.permute_dims(ferrule.Tensor(array), (1, 0))
    return array.T


MATRIX = np.arange(1, 7, dtype=np.float32).reshape(2, 3)


# ---- registration ------------------------------------------------------------------------------------


def test_functions_are_registered_with_docs_and_signatures(frontend, plugins):
    assert set(NAMES) <= set(frontend.list_global_func_names())
    scale = inspect.signature(plugins.scale)
    assert list(scale.parameters) == ["x", "factor"]
    assert scale.parameters["factor"].default == 2.0
    assert "x * factor" in (plugins.scale.__doc__ or "")
    assert list(inspect.signature(plugins.fill).parameters) == ["x", "value"]
    assert "in place" in (plugins.fill.__doc__ or "")


# ---- example_rust ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rust_scale_returns_a_new_tensor(frontend, plugins, dtype):
    array = MATRIX.astype(dtype)
    x = make(frontend, array)
    y = plugins.scale(x, 2.5)
    assert type(y) is type(x)
    assert y.shape == (2, 3)
    np.testing.assert_array_equal(y.numpy(), array * dtype(2.5))
    assert y.numpy().dtype == dtype
    np.testing.assert_array_equal(x.numpy(), array)  # the input is untouched
    np.testing.assert_array_equal(plugins.scale(x).numpy(), array * 2)  # factor defaults to 2.0
    np.testing.assert_array_equal(plugins.scale(x, -1).numpy(), -array)  # an int factor converts


def test_rust_scale_of_empty_and_zero_dimensional_tensors(frontend, plugins):
    empty = plugins.scale(make(frontend, np.zeros((0, 4), dtype=np.float32)), 3.0)
    assert empty.shape == (0, 4)
    scalar = plugins.scale(make(frontend, np.array(1.5)), 2.0)
    assert scalar.shape == ()
    assert float(scalar.numpy()) == 3.0


def test_rust_scale_reads_strided_tensors(frontend, plugins):
    array = np.arange(6, dtype=np.float64).reshape(2, 3)
    view = transposed(frontend, array)
    assert plugins.describe(view) == "Tensor(shape=(3, 2), dtype=float64, strides=(1, 3))"
    scaled = plugins.scale(view, 10.0)
    np.testing.assert_array_equal(scaled.numpy(), array.T * 10.0)
    assert plugins.describe(scaled) == "Tensor(shape=(3, 2), dtype=float64, strides=(2, 1))"


def test_rust_describe(frontend, plugins):
    assert plugins.describe(make(frontend, MATRIX)) == "Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))"
    assert plugins.describe(make(frontend, np.array([1, 2], dtype=np.int64))) == (
        "Tensor(shape=(2,), dtype=int64, strides=(1,))"
    )


# ---- example_c ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_c_sum(frontend, plugins, dtype):
    array = np.linspace(-1.0, 2.0, 12).reshape(3, 4).astype(dtype)
    assert plugins.sum(make(frontend, array)) == pytest.approx(float(array.astype(np.float64).sum()))
    assert plugins.sum(make(frontend, np.zeros((0,), dtype=dtype))) == 0.0


def test_c_sum_reads_strided_tensors(frontend, plugins):
    array = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert plugins.sum(transposed(frontend, array)) == 15.0


def test_c_fill_writes_in_place(frontend, plugins):
    x = make(frontend, MATRIX)
    assert plugins.fill(x, 7.5) is None
    np.testing.assert_array_equal(x.numpy(), np.full((2, 3), 7.5, dtype=np.float32))
    assert MATRIX[0, 0] == 1.0  # the tensor holds a copy of the numpy data, untouched
    plugins.fill(x, 2)  # an int value converts
    assert plugins.sum(x) == 12.0


def test_c_arange(frontend, plugins):
    r = plugins.arange(5)
    np.testing.assert_array_equal(r.numpy(), np.arange(5, dtype=np.float32))
    assert r.numpy().dtype == np.float32
    assert plugins.arange(0).shape == (0,)


def test_tensors_pass_between_the_plugins(frontend, plugins):
    # C makes it, Rust scales it, C sums it, Rust describes it.
    scaled = plugins.scale(plugins.arange(4), 0.5)
    assert plugins.sum(scaled) == 3.0
    assert plugins.describe(scaled) == "Tensor(shape=(4,), dtype=float32, strides=(1,))"


# ---- errors ------------------------------------------------------------------------------------------

INT64 = np.array([1, 2], dtype=np.int64)

ERRORS: list[tuple[str, Callable[[types.ModuleType], tuple[Any, ...]], type, str]] = [
    (
        "scale",
        lambda fe: ("x", 1.0),
        ferrule.TypeError,
        "example_rust.scale() argument 1 'x': expected Tensor, got str",
    ),
    (
        "scale",
        lambda fe: (make(fe, MATRIX), "two"),
        ferrule.TypeError,
        "example_rust.scale() argument 2 'factor': expected float, got str",
    ),
    (
        "scale",
        lambda fe: (make(fe, MATRIX), None),
        ferrule.TypeError,
        "example_rust.scale() argument 2 'factor': expected float, got None",
    ),
    (
        "scale",
        lambda fe: (make(fe, MATRIX), True),
        ferrule.TypeError,
        "example_rust.scale() argument 2 'factor': expected float, got bool",
    ),
    (
        "scale",
        lambda fe: (make(fe, INT64), 2.0),
        ferrule.TypeError,
        "example_rust.scale() argument 1 'x': expected a float32 or float64 tensor, got int64",
    ),
    (
        "describe",
        lambda fe: (3,),
        ferrule.TypeError,
        "example_rust.describe() argument 1 'x': expected Tensor, got int",
    ),
    ("sum", lambda fe: ("x",), ferrule.TypeError, "example_c.sum() argument 1 'x': expected Tensor, got str"),
    (
        "sum",
        lambda fe: (make(fe, INT64),),
        ferrule.TypeError,
        "example_c.sum() argument 1 'x': expected a float32 or float64 tensor, got int64",
    ),
    (
        "fill",
        lambda fe: (make(fe, MATRIX), "v"),
        ferrule.TypeError,
        "example_c.fill() argument 2 'value': expected float, got str",
    ),
    ("arange", lambda fe: (1.5,), ferrule.TypeError, "example_c.arange() argument 1 'n': expected int, got float"),
    ("arange", lambda fe: (-1,), ferrule.ValueError, "example_c.arange() argument 1 'n': must be >= 0, got -1"),
]


@pytest.mark.parametrize(("name", "args", "kind", "message"), ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_bad_arguments_raise_errors_naming_function_and_argument(frontend, plugins, name, args, kind, message):
    with pytest.raises(kind, match=f"^{re.escape(message)}$") as info:
        getattr(plugins, name)(*args(frontend))
    # ferrule's error classes are also the builtin exceptions of the same name.
    assert isinstance(info.value, TypeError if kind is ferrule.TypeError else ValueError)


def test_too_many_arguments(frontend, plugins):
    with pytest.raises(TypeError, match=r"example_c\.sum"):
        plugins.sum(make(frontend, MATRIX), 1, 2)


# ---- no leaks ----------------------------------------------------------------------------------------


def test_calls_leave_no_native_objects_behind(frontend, plugins):
    def work() -> None:
        x = make(frontend, MATRIX)
        plugins.sum(plugins.scale(x, 3.0))
        plugins.fill(x, 1.0)
        plugins.describe(plugins.arange(3))
        for name, args, kind, _ in ERRORS:
            with pytest.raises(kind):
                getattr(plugins, name)(*args(frontend))

    work()  # warm up: first calls may cache lookups
    gc.collect()
    before = frontend.live_object_count()
    for _ in range(20):
        work()
    gc.collect()
    assert frontend.live_object_count() == before
