"""JAX reads ferrule tensors and dtypes, and ferrule reads JAX arrays.

``jnp.asarray(t)`` goes through ``Tensor.__array__``; ``jnp.from_dlpack(t)`` and
``ferrule.asarray(jax_array)`` through DLPack; ``jnp.zeros(3, dtype=ferrule.float32)`` through the
dtype object's ``dtype`` attribute (what JAX reads from a dtype-like object). JAX runs on its CPU
backend with 64-bit types enabled, so every dtype keeps its width.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("JAX_PLATFORMS", "cpu")
jax = pytest.importorskip("jax", reason="JAX is not installed")
jax.config.update("jax_enable_x64", True)
jnp = jax.numpy

import ferrule  # noqa: E402

NUMERIC = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]


def _sample(name: str) -> np.ndarray:
    values = np.arange(-3, 9).reshape(3, 4)
    if name == "bool":
        return values % 3 == 0
    if name.startswith("uint"):
        return np.abs(values).astype(name)
    if name.startswith("complex"):
        return (values + 0.5j * values[::-1]).astype(name)
    return (values / (4 if name.startswith("float") else 1)).astype(name)


@pytest.mark.parametrize("name", NUMERIC)
def test_jnp_asarray_of_a_tensor(name: str) -> None:
    expected = _sample(name)
    t = ferrule.asarray(expected)
    got = jnp.asarray(t)
    assert got.dtype == np.dtype(name)
    np.testing.assert_array_equal(np.asarray(got), expected)


@pytest.mark.parametrize("name", NUMERIC)
def test_jnp_from_dlpack_of_a_tensor(name: str) -> None:
    expected = _sample(name)
    got = jnp.from_dlpack(ferrule.asarray(expected))
    assert got.dtype == np.dtype(name)
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_strided_tensor_to_jax() -> None:
    base = np.arange(24.0).reshape(4, 6)
    t = ferrule.asarray(base)[1:, ::2]
    np.testing.assert_array_equal(np.asarray(jnp.asarray(t)), base[1:, ::2])


def test_bfloat16_through_dlpack_both_ways() -> None:
    # numpy has no bfloat16, so __array__ refuses it (naming the conversion to use); DLPack carries it.
    t = ferrule.asarray([1.5, -2.0, 3.25], dtype=ferrule.bfloat16)
    j = jnp.from_dlpack(t)
    assert j.dtype == jnp.bfloat16
    np.testing.assert_array_equal(np.asarray(j.astype(jnp.float32)), [1.5, -2.0, 3.25])
    back = ferrule.asarray(j)
    assert back.dtype == ferrule.bfloat16
    assert back.astype(ferrule.float32).tolist() == [1.5, -2.0, 3.25]
    with pytest.raises(TypeError, match="bfloat16"):
        jnp.asarray(t)


@pytest.mark.parametrize("name", [*NUMERIC])
def test_ferrule_dtype_as_a_jax_dtype(name: str) -> None:
    dtype = getattr(ferrule, name)
    assert jnp.zeros(3, dtype=dtype).dtype == np.dtype(name)
    assert jnp.dtype(dtype) == np.dtype(name)


@pytest.mark.parametrize("name", ["int32", "int64", "float32", "float64", "complex128", "bool"])
def test_ferrule_reads_jax_arrays(name: str) -> None:
    expected = _sample(name)
    j = jnp.asarray(expected)
    t = ferrule.asarray(j)
    assert t.dtype == getattr(ferrule, name)
    np.testing.assert_array_equal(np.asarray(t), expected)
    np.testing.assert_array_equal(np.asarray(ferrule.from_dlpack(j)), expected)
    # ...and computes on them.
    if name.startswith("float"):
        np.testing.assert_allclose(np.asarray(ferrule.sin(t)), np.sin(expected), rtol=1e-6)


def test_round_trip_keeps_values() -> None:
    t = ferrule.linspace(0.0, 1.0, 7, dtype=ferrule.float64)
    again = ferrule.asarray(jnp.asarray(t) * 2)
    np.testing.assert_allclose(np.asarray(again), np.linspace(0.0, 2.0, 7))
