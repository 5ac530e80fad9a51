"""Python ``complex`` scalars wherever a scalar is accepted, weak in type promotion as the Array
API standard says: ``x + 1j``, ``1j * x``, ``x == 1j``, ``full((), 1j)``, ``result_type(x, 1j)``,
``where(c, x, 1j)``, ``x[...] = 1j``, ``linspace(0, 1j, n)``, against numpy (NEP 50) as the oracle.

The rule: a complex scalar keeps a complex tensor's dtype, turns a real floating tensor into the
complex dtype of its precision (float32 -> complex64, float64 -> complex128: the standard's rule;
float16 -> complex64 as numpy), and a bool or integer tensor into complex128 (the standard leaves
that case to the implementation; numpy 2 gives complex128). The value crosses the ABI as a
complex number object (``FERRULE_TYPE_COMPLEX``), in every frontend.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

FRONTENDS = ("extension", "ctypes")

SETTINGS = settings(
    max_examples=60 * settings.default.max_examples // 100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

DTYPES = [
    "bool",
    "int8",
    "uint8",
    "int32",
    "int64",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]

#: The operators a complex scalar meets, with numpy's function of the same meaning.
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "==": operator.eq,
    "!=": operator.ne,
}

#: Complex scalars of moderate size (the kernels' accuracy over the whole plane is
#: test_complex.py's subject); `nonzero` keeps divisions away from 0 / 0.
PARTS = st.floats(min_value=-1e3, max_value=1e3, allow_nan=False, allow_subnormal=False)
SCALARS = st.builds(complex, PARTS, PARTS)


def values(dtype: str) -> st.SearchStrategy[Any]:
    if dtype == "bool":
        return st.booleans()
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        return st.integers(max(int(info.min), -1000), min(int(info.max), 1000))
    return st.floats(-1e3, 1e3, allow_nan=False, allow_subnormal=False, width=16 if dtype == "float16" else 64)


@st.composite
def arrays(draw: st.DrawFn) -> np.ndarray:
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, max_side=4))
    if dtype.startswith("complex"):
        re = draw(hnp.arrays(np.float64, shape, elements=values("float64")))
        im = draw(hnp.arrays(np.float64, shape, elements=values("float64")))
        return (re + 1j * im).astype(dtype)
    return draw(hnp.arrays(np.dtype(dtype), shape, elements=values(dtype)))


def small(a: np.ndarray) -> np.ndarray:
    """``a`` with its values brought into [-3, 3] (each part of a complex value)."""
    if a.dtype.kind == "c":
        return (np.clip(a.real, -3, 3) + 1j * np.clip(a.imag, -3, 3)).astype(a.dtype)
    if a.dtype.kind in "iuf":
        return (a.astype(np.float64) % 7 - 3).astype(a.dtype) if a.dtype.kind != "u" else a % 4
    return a


def check(got: Any, want: Any) -> None:
    """``got`` (a ferrule tensor) equals numpy's ``want`` in dtype, shape and values."""
    want = np.asarray(want)
    g = got.numpy()
    assert (g.dtype, g.shape) == (want.dtype, want.shape)
    tol = {"complex64": 2e-6, "float32": 2e-6}.get(want.dtype.name, 1e-13)
    np.testing.assert_allclose(g, want, rtol=tol, atol=tol, equal_nan=True)


@SETTINGS
@given(a=arrays(), z=SCALARS, op=st.sampled_from(sorted(OPERATORS)), reflected=st.booleans())
def test_binary_operators_take_complex_scalars_as_numpy_does(
    a: np.ndarray, z: complex, op: str, reflected: bool
) -> None:
    f = OPERATORS[op]
    if op == "/":  # no division by zero: special values are test_complex.py's subject
        z = z if z != 0 else 1 + 1j
        a = np.where(a == 0, np.ones_like(a), a) if reflected else a
    x = ferrule.asarray(a)
    got, want = (f(z, x), f(z, a)) if reflected else (f(x, z), f(a, z))
    check(got, want)


@SETTINGS
@given(a=arrays(), z=SCALARS, name=st.sampled_from(["add", "subtract", "multiply", "equal", "not_equal", "pow"]))
def test_functions_take_complex_scalars_as_numpy_does(a: np.ndarray, z: complex, name: str) -> None:
    if name == "pow":
        # small exponents and bases keep pow away from overflow, where special values are
        # test_complex.py's subject
        z = complex(z.real % 3, z.imag % 3)
        a = small(a)
    x = ferrule.asarray(a)
    f = getattr(np, "power" if name == "pow" else name)
    with np.errstate(all="ignore"):  # (0 ** 1j is nan+nanj in both)
        want, reflected = f(a, z), f(z, a)
    check(getattr(ferrule, name)(x, z), want)
    check(getattr(ferrule, name)(z, x), reflected)


@pytest.mark.parametrize("dtype", [*DTYPES, "int16", "uint32"])
def test_the_weak_rule_picks_the_result_dtype(dtype: str) -> None:
    want = {"float16": "complex64", "float32": "complex64", "complex64": "complex64"}.get(dtype, "complex128")
    x = ferrule.zeros(2, dtype=dtype)
    for result in (x + 1j, 1j + x, x * 2j, x - 1j, 1j / (x + 1)):
        assert str(result.dtype) == want
    assert str(ferrule.result_type(x, 1j)) == want
    assert str(ferrule.result_type(getattr(ferrule, dtype), 1j)) == want
    assert (x == 1j).dtype is ferrule.bool
    assert np.result_type(np.zeros(2, dtype), 1j).name == want  # the standard's rule is numpy's here


def test_bfloat16_takes_complex64() -> None:
    x = ferrule.zeros(2, dtype=ferrule.bfloat16)
    assert (x + 1j).dtype is ferrule.complex64
    assert ferrule.result_type(ferrule.bfloat16, 2j) is ferrule.complex64


def test_result_type_with_only_scalars() -> None:
    assert ferrule.result_type(1j) is ferrule.complex128
    assert ferrule.result_type(1j, 1, 2.0, True) is ferrule.complex128
    assert ferrule.result_type(ferrule.complex64, 1j, 1.0) is ferrule.complex64


def test_full_and_full_like() -> None:
    t = ferrule.full((), 1j)
    assert (t.shape, t.dtype, complex(t)) == ((), ferrule.complex128, 1j)
    check(ferrule.full((2, 3), 1.5 - 2j, dtype=ferrule.complex64), np.full((2, 3), 1.5 - 2j, np.complex64))
    check(ferrule.full_like(ferrule.zeros(3, dtype=ferrule.complex64), -1j), np.full(3, -1j, np.complex64))
    check(ferrule.full(2, -0.0 - 0.0j), np.full(2, -0.0 - 0.0j))
    assert np.signbit(ferrule.full(1, complex(-0.0, -0.0)).numpy().imag).all()
    assert ferrule.full(2, 1j, dtype=ferrule.bool).tolist() == [True, True]  # non-zero, as numpy
    for make in (lambda: ferrule.full(2, 1j, dtype=ferrule.float64), lambda: ferrule.full_like(ferrule.zeros(2), 1j)):
        with pytest.raises(
            TypeError, match=r"full(_like)?\(\) argument 'fill_value': cannot convert a complex scalar to float64"
        ):
            make()


def test_where_and_clip() -> None:
    c = ferrule.asarray([True, False, True])
    x = ferrule.asarray([1.0, 2.0, 3.0], dtype=ferrule.float32)
    check(ferrule.where(c, x, 1j), np.where([True, False, True], np.float32([1, 2, 3]), np.complex64(1j)))
    check(ferrule.where(c, 1j, 2), np.array([1j, 2, 1j]))
    check(ferrule.where(c, 2j, x), np.where([True, False, True], np.complex64(2j), np.float32([1, 2, 3])))
    with pytest.raises(TypeError, match="clip"):
        ferrule.clip(x, 1j)
    with pytest.raises(TypeError, match="clip"):
        ferrule.clip(x, max=1j)


def test_comparisons_define_equality_only() -> None:
    x = ferrule.asarray([1j, 2.0, 1j])
    assert (x == 1j).tolist() == [True, False, True]
    assert (1j != x).tolist() == [False, True, False]
    for compare in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            compare(x, 1j)
    with pytest.raises(TypeError):
        ferrule.asarray([1.0]) < 1j  # noqa: B015


def test_assignment() -> None:
    t = ferrule.zeros(3, dtype=ferrule.complex64)
    t[...] = 1j
    t[1] = 2 - 1j
    check(t, np.array([1j, 2 - 1j, 1j], np.complex64))
    b = ferrule.zeros(2, dtype=ferrule.bool)
    b[0] = 1j
    assert b.tolist() == [True, False]
    f = ferrule.zeros(2)
    with pytest.raises(TypeError, match=r"setitem(__)?: cannot assign a Python complex to a float64 tensor"):
        f[0] = 1j
    with pytest.raises(TypeError, match="cannot assign a Python complex"):
        ferrule.setitem(f, 0, 1j)
    assert f.tolist() == [0.0, 0.0]


def test_in_place_operators_keep_the_tensor_dtype() -> None:
    z = ferrule.zeros(2, dtype=ferrule.complex64)
    z += 1j
    z *= 2j
    check(z, np.array([-2, -2], np.complex64))
    f = ferrule.zeros(2, dtype=ferrule.float32)
    with pytest.raises(TypeError):
        f += 1j  # complex64 does not fit a float32 tensor
    assert f.tolist() == [0.0, 0.0]


def test_linspace_spaces_both_parts() -> None:
    check(ferrule.linspace(0, 1j, 5), np.linspace(0, 1j, 5))
    check(ferrule.linspace(1 + 1j, 2 - 3j, 4, endpoint=False), np.linspace(1 + 1j, 2 - 3j, 4, endpoint=False))
    check(ferrule.linspace(-1j, 1j, 3, dtype=ferrule.complex64), np.linspace(-1j, 1j, 3, dtype=np.complex64))
    check(ferrule.linspace(0, 1, 3, dtype=ferrule.complex128), np.linspace(0, 1, 3, dtype=np.complex128))
    with pytest.raises(TypeError, match=r"linspace\(\) argument 'stop': a complex endpoint needs a complex dtype"):
        ferrule.linspace(0, 1j, 3, dtype=ferrule.float64)


def test_arange_takes_real_numbers_only() -> None:
    with pytest.raises(TypeError, match=r"arange\(\) argument 'stop': expected a real number"):
        ferrule.arange(0, 1j)
    with pytest.raises(TypeError, match=r"arange\(\) argument 'start'"):
        ferrule.arange(1j)


def test_complex_values_cross_the_abi(frontend: Any, testing: Any) -> None:
    """Through the frontend under test: a complex argument and result round trip through the
    plugin fixtures (built on ferrule-plugin's Value), and an op takes a complex scalar."""
    assert testing.echo(1.5 - 2j) == 1.5 - 2j and type(testing.echo(1j)) is complex
    assert testing.conj(3 + 4j) == 3 - 4j
    assert testing.echo([1j, {"z": -1j}]) == [1j, {"z": -1j}]
    with pytest.raises(TypeError, match=r"testing\.conj\(\) argument 1 'z': expected complex, got float"):
        testing.conj(1.5)
    full = frontend.get_global_func("ops.full")
    t = full((2,), 0.5 + 1j)
    assert (t if frontend is ffi else t.numpy()).tolist() == [0.5 + 1j, 0.5 + 1j]
    before = frontend.live_object_count()
    for _ in range(100):
        testing.echo(2j)
    assert frontend.live_object_count() == before


def test_python_callbacks_receive_and_return_complex(testing: Any) -> None:
    seen = []

    def twice(z: complex) -> complex:
        seen.append(z)
        return 2 * z

    assert testing.apply(twice, 1 - 1j) == 2 - 2j
    assert seen == [1 - 1j] and type(seen[0]) is complex


def test_signatures_name_complex() -> None:
    info = ffi.get_global_func("ops.add")._info
    assert info["params"][0]["type"] == "Tensor | int | float | complex | bool"
    assert "complex" in info["signature"]
