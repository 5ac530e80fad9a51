"""ferrule.random.default_rng and Generator: the same numbers as Go and C for the same seed (the
committed tests/data/rng-seed42.json, which go/random_test.go and tests/c/random.c also read),
the state (seed, counter) and its pickling, numpy's shapes, dtypes and error kinds, and
statistical sanity of every method."""

from __future__ import annotations

import copy
import importlib.util
import json
import pathlib
import pickle
import struct

import ferrule
import numpy as np
import pytest
from ferrule.random import Generator, default_rng
from hypothesis import given
from hypothesis import strategies as st

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests/data/rng-seed42.json"


def _tool():
    spec = importlib.util.spec_from_file_location("gen_rng_fixture", REPO / "tools/gen_rng_fixture.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bits(v: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", v))[0]


# ---- the same numbers in every language ----


def test_fixture_is_current():
    """tools/gen_rng_fixture.py would write exactly the committed file: a change to the numbers a
    seed gives must be deliberate (rerun the tool, and Go's and C's tests check the new file)."""
    assert _tool().render() == FIXTURE.read_text(), "stale: run .venv/bin/python tools/gen_rng_fixture.py"


def test_fixture_values_bit_for_bit():
    fixture = json.loads(FIXTURE.read_text())
    rng = default_rng(fixture["seed"])
    calls = _tool().calls(ferrule)
    assert [c[0] for c in calls] == [e["id"] for e in fixture["calls"]]
    for (ident, _, call), entry in zip(calls, fixture["calls"], strict=True):
        t = call(rng)
        assert str(t.dtype) == entry["dtype"] and list(t.shape) == entry["shape"], ident
        got = np.asarray(t).reshape(-1)
        if entry["dtype"].startswith("float"):
            assert [_bits(float(v)) for v in got] == [_bits(v) for v in entry["values"]], ident
        else:
            assert got.tolist() == entry["values"], ident
    assert rng.counter == fixture["final_counter"] == len(calls)


def test_counter_zero_is_the_seeded_ops_stream():
    """A fresh Generator's first call gives what ``seed=`` gave before generators existed."""
    a = default_rng(42).uniform(size=8)
    b = ferrule.random.uniform(shape=(8,), seed=42)
    assert np.array_equal(np.asarray(a), np.asarray(b))
    n = default_rng(3).normal(2.0, 3.0, size=5, dtype=ferrule.float32)
    m = ferrule.random.normal(2.0, 3.0, 5, seed=3, dtype=ferrule.float32)
    assert np.array_equal(np.asarray(n), np.asarray(m))
    # the k-th call is stream k of the seed
    rng = default_rng(9)
    rng.random(3)
    rng.random(3)
    third = rng.integers(0, 100, size=6)
    assert np.array_equal(np.asarray(third), np.asarray(ferrule.random.integers(0, 100, 6, seed=9, stream=2)))


# ---- state ----


def test_state_repr_pickle_copy():
    rng = default_rng(42)
    assert repr(rng) == "Generator(seed=42, counter=0)" and (rng.seed, rng.counter) == (42, 0)
    rng.random(2)
    assert repr(rng) == "Generator(seed=42, counter=1)"
    for clone in (pickle.loads(pickle.dumps(rng)), copy.copy(rng), copy.deepcopy(rng), Generator(42, 1)):
        assert (clone.seed, clone.counter) == (42, 1)
        assert np.array_equal(np.asarray(clone.normal(size=4)), np.asarray(copy.copy(rng).normal(size=4)))
    assert type(pickle.loads(pickle.dumps(rng))) is Generator
    assert Generator.__module__ == "ferrule.random"


def test_failed_calls_leave_the_counter():
    rng = default_rng(1)
    bad_calls = [
        lambda: rng.integers(5, 5),
        lambda: rng.normal(scale=-1.0),
        lambda: rng.uniform(0.0, float("inf")),
        lambda: rng.random(dtype=ferrule.int32),
        lambda: rng.choice(3, size=4, replace=False),
        lambda: rng.permutation(-1),
        lambda: rng.shuffle(np.arange(3.0)),
    ]
    for call in bad_calls:
        with pytest.raises((ValueError, TypeError)):
            call()
    assert rng.counter == 0


def test_full_64_bit_seeds_and_counters():
    top = 2**64 - 1
    rng = Generator(top, top)
    a = rng.random(4)
    assert rng.counter == 0  # wraps around, as an unsigned 64-bit counter
    b = ferrule.random.uniform(shape=4, seed=-1, stream=-1)
    assert np.array_equal(np.asarray(a), np.asarray(b))
    assert default_rng(2**63).integers(10, size=3).shape == (3,)


def test_default_rng_arguments():
    rng = default_rng(5)
    assert default_rng(rng) is rng
    assert default_rng(np.uint64(5)).seed == 5
    fresh = [default_rng() for _ in range(3)]
    assert len({g.seed for g in fresh}) == 3 and all(g.counter == 0 for g in fresh)
    with pytest.raises(ValueError, match=r"default_rng\(\) argument 'seed'"):
        default_rng(-1)
    with pytest.raises(ValueError, match=r"default_rng\(\) argument 'seed'"):
        default_rng(2**64)
    with pytest.raises(TypeError, match=r"default_rng\(\) argument 'seed'"):
        default_rng(1.5)
    with pytest.raises(TypeError, match=r"default_rng\(\) argument 'seed'"):
        default_rng(True)
    with pytest.raises(ValueError, match=r"Generator\(\) argument 'counter'"):
        Generator(1, -1)


# ---- numpy's shapes, dtypes and error kinds ----

NP = np.random.default_rng(0)


@pytest.mark.parametrize(
    "method, args, kwargs",
    [
        ("random", (), {}),
        ("random", (3,), {}),
        ("random", ((2, 3),), {"dtype": np.float32}),
        ("uniform", (1.0, 2.0), {"size": (4, 1)}),
        ("uniform", (), {"size": 0}),
        ("normal", (0.0, 1.0, (2, 0, 3)), {}),
        ("normal", (), {"size": 5}),
        ("integers", (10,), {}),
        ("integers", (-3, 3, (2, 2)), {"dtype": np.int8}),
        ("integers", (0, 255), {"size": 7, "dtype": np.uint8, "endpoint": True}),
        ("integers", (0, 2), {"size": 3, "dtype": np.int16}),
        ("permutation", (7,), {}),
        ("permutation", (np.arange(12.0).reshape(3, 4),), {"axis": 1}),
        ("permutation", (np.arange(6, dtype=np.int32).reshape(2, 3),), {"axis": -1}),
        ("choice", (5,), {}),
        ("choice", (5, 3), {}),
        ("choice", (5, (2, 2)), {"replace": False}),
        ("choice", (np.arange(12.0).reshape(3, 4), 2), {"axis": 1}),
        ("choice", (np.arange(12.0).reshape(3, 4),), {"axis": 0}),
        ("choice", (np.arange(8, dtype=np.int16), (2, 3)), {"p": np.full(8, 0.125)}),
        ("choice", (4, 2), {"replace": False, "p": [0.25, 0.25, 0.5, 0.0]}),
    ],
)
def test_shapes_and_dtypes_match_numpy(method, args, kwargs):
    expected = np.asarray(getattr(NP, method)(*args, **kwargs))
    ours_args = tuple(ferrule.asarray(a) if isinstance(a, np.ndarray) else a for a in args)
    got = getattr(default_rng(0), method)(*ours_args, **kwargs)
    assert isinstance(got, ferrule.Tensor)
    assert got.shape == expected.shape
    assert np.dtype(got.dtype) == expected.dtype


@pytest.mark.parametrize(
    "method, args, kwargs",
    [
        ("integers", (5, 5), {}),
        ("integers", (5, 4), {"endpoint": True}),
        ("integers", (0, 300), {"dtype": np.uint8}),
        ("integers", (-1, 3), {"dtype": np.uint8}),
        ("integers", (0, 3), {"dtype": np.float64}),
        ("normal", (0.0, -1.0), {}),
        ("choice", (3, 4), {"replace": False}),
        ("choice", (3, 2), {"p": [0.5, 0.6, -0.1]}),
        ("choice", (3, 2), {"p": [0.5, 0.6, 0.1]}),
        ("choice", (3, 2), {"p": [0.5, 0.5]}),
        ("choice", (3, 2), {"replace": False, "p": [1.0, 0.0, 0.0]}),
        ("choice", (0, 1), {}),
    ],
)
def test_error_kinds_match_numpy(method, args, kwargs):
    with pytest.raises(Exception) as theirs:
        getattr(NP, method)(*args, **kwargs)
    rng = default_rng(0)
    with pytest.raises(type(theirs.value)) as ours:
        getattr(rng, method)(*args, **kwargs)
    assert f"Generator.{method}()" in str(ours.value)
    assert rng.counter == 0


def test_errors_name_the_method_and_argument():
    rng = default_rng(0)
    with pytest.raises(ValueError, match=r"Generator\.normal\(\) argument 'scale'"):
        rng.normal(0.0, -2.0)
    with pytest.raises(TypeError, match=r"Generator\.random\(\) argument 'dtype'"):
        rng.random(dtype=ferrule.int64)
    with pytest.raises(ValueError, match=r"Generator\.choice\(\) argument 'p'.*sum to 1"):
        rng.choice(2, p=[0.2, 0.2])
    with pytest.raises(ValueError, match=r"Generator\.choice\(\) argument 'p'.*non-negative"):
        rng.choice(2, p=[1.5, -0.5])
    with pytest.raises(ValueError, match=r"Generator\.permutation\(\) argument 'x'"):
        rng.permutation(ferrule.asarray(3.0))
    with pytest.raises(TypeError, match=r"Generator\.shuffle\(\) argument 'x'"):
        rng.shuffle([1, 2, 3])
    with pytest.raises(ValueError, match=r"Generator\.shuffle\(\) argument 'axis'"):
        rng.shuffle(ferrule.zeros(3), axis=2)
    with pytest.raises(ValueError, match=r"Generator\.integers\(\).*low >= high"):
        rng.integers(3, 1)
    with pytest.raises(ValueError, match=r"Generator\.random\(\) argument 'size'"):
        rng.random(size=(2, -1))
    with pytest.raises(ValueError, match=r"Generator\.choice\(\) argument 'size'.*distinct"):
        rng.choice(3, size=4, replace=False)
    assert rng.counter == 0


# ---- the methods ----


def test_size_none_is_a_0d_tensor():
    rng = default_rng(0)
    for t in (rng.random(), rng.uniform(), rng.normal(), rng.integers(4), rng.choice(3)):
        assert isinstance(t, ferrule.Tensor) and t.shape == ()


def test_shuffle_in_place():
    x = ferrule.asarray(np.arange(20.0).reshape(5, 4))
    rng = default_rng(3)
    assert rng.shuffle(x) is None and rng.counter == 1
    values = np.asarray(x)
    assert sorted(values[:, 0].tolist()) == [0.0, 4.0, 8.0, 12.0, 16.0]
    assert np.array_equal(values - values[:, :1], np.tile(np.arange(4.0), (5, 1)))  # rows move whole
    # the same as permutation on the same stream
    y = ferrule.asarray(np.arange(20.0).reshape(5, 4))
    assert np.array_equal(values, np.asarray(default_rng(3).permutation(y)))
    ro = ferrule.asarray(np.frombuffer(bytes(24), dtype=np.float64))
    rng = default_rng(3)
    with pytest.raises(ValueError, match=r"Generator\.shuffle"):
        rng.shuffle(ro)
    assert rng.counter == 0


def test_permutation_copies():
    x = ferrule.asarray(np.arange(10))
    p = default_rng(0).permutation(x)
    assert np.array_equal(np.asarray(x), np.arange(10))
    assert sorted(np.asarray(p).tolist()) == list(range(10))
    assert default_rng(0).permutation([5, 6, 7]).shape == (3,)


def test_moments_and_ranges():
    rng = default_rng(2024)
    u = np.asarray(rng.uniform(-1.0, 3.0, size=200_000))
    assert u.min() >= -1.0 and u.max() < 3.0
    assert abs(u.mean() - 1.0) < 0.02 and abs(u.var() - 16 / 12) < 0.02
    r = np.asarray(rng.random(100_000, dtype=ferrule.float32))
    assert r.dtype == np.float32 and r.min() >= 0.0 and r.max() < 1.0
    n = np.asarray(rng.normal(5.0, 0.5, size=200_000))
    assert abs(n.mean() - 5.0) < 0.01 and abs(n.std() - 0.5) < 0.01
    i = np.asarray(rng.integers(-3, 3, size=60_000, dtype=ferrule.int16))
    assert i.dtype == np.int16 and set(np.unique(i).tolist()) == set(range(-3, 3))
    counts = np.bincount(i + 3)
    assert counts.min() > 9_500 and counts.max() < 10_500  # 10 000 each, no modulo bias


def test_permutation_holds_every_value():
    p = np.asarray(default_rng(1).permutation(10_000))
    assert np.array_equal(np.sort(p), np.arange(10_000))
    assert not np.array_equal(p, np.arange(10_000))


def test_choice_distributions():
    rng = default_rng(11)
    p = [0.0, 0.2, 0.0, 0.5, 0.3, 0.0]
    draws = np.asarray(rng.choice(6, size=50_000, p=p))
    counts = np.bincount(draws, minlength=6)
    assert counts[0] == counts[2] == counts[5] == 0
    assert np.allclose(counts / 50_000, p, atol=0.01)
    for _ in range(50):
        distinct = np.asarray(rng.choice(6, size=3, replace=False, p=p))
        assert len(set(distinct.tolist())) == 3 and set(distinct.tolist()) == {1, 3, 4}
    distinct = np.asarray(rng.choice(2**62, size=1000, replace=False))
    assert len(np.unique(distinct)) == 1000
    items = ferrule.asarray(np.array([10, 20, 30], dtype=np.int32))
    picked = np.asarray(rng.choice(items, size=100))
    assert picked.dtype == np.int32 and set(picked.tolist()) <= {10, 20, 30}


@given(
    low=st.integers(-(2**40), 2**40),
    width=st.integers(1, 2**20),
    endpoint=st.booleans(),
    seed=st.integers(0, 2**64 - 1),
)
def test_integers_stay_in_range(low, width, endpoint, seed):
    high = low + width
    v = np.asarray(default_rng(seed).integers(low, high, size=64, endpoint=endpoint))
    top = high if endpoint else high - 1
    assert v.min() >= low and v.max() <= top


@given(dtype=st.sampled_from(["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]))
def test_integers_full_dtype_range(dtype):
    info = np.iinfo(dtype)
    low, high = int(info.min), min(int(info.max), 2**63 - 1)
    v = np.asarray(default_rng(0).integers(low, high, size=256, dtype=dtype, endpoint=True))
    assert v.dtype == np.dtype(dtype) and v.min() >= low and v.max() <= high
