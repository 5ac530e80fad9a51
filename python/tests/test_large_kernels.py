"""The kernels that take another path on large or strided inputs, against numpy at sizes that reach
that path: the parallel radix sort (one row of 64K elements or more), nonzero's blocked bit-mask
passes, diff / repeat / roll / cumulative_sum writing fresh outputs over the pool, conversions of
strided and broadcast views gathered a block at a time, row-wise vecdot, strided reductions folded
with SIMD lanes, strided take, take_along_axis walked without offset lists, element-wise maps over
strided and broadcast operands walked in place, and the recycled memory of ``empty``."""

from __future__ import annotations

from typing import Any

import ferrule
import numpy as np
import pytest

RNG_SEED = 20261127
N = 200_003  # above every parallel threshold, not a multiple of any block size


def rng() -> np.random.Generator:
    return np.random.default_rng(RNG_SEED)


def values(dtype: str, n: int = N) -> np.ndarray[Any, Any]:
    """Values with many ties, and for floats -0.0, infinities and NaN among them."""
    r = rng()
    if dtype == "bool":
        return r.integers(0, 2, n).astype(bool)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        wide = r.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        wide[::5] = r.integers(0, 7, wide[::5].shape[0]).astype(dtype)  # ties
        return wide
    v = r.standard_normal(n).astype(dtype) * 1e3
    v[::7] = r.integers(-3, 4, v[::7].shape[0]).astype(dtype)  # ties
    v[::11] = -0.0
    v[::13] = np.nan
    v[1::17] = np.inf
    v[2::19] = -np.inf
    return v


def same_bits(got: Any, want: np.ndarray[Any, Any], signs: bool = True) -> None:
    g = np.asarray(got)
    assert g.dtype == want.dtype and g.shape == want.shape
    if want.dtype.kind in "fc":
        assert np.array_equal(g, want, equal_nan=True)
    if want.dtype.kind == "f" and signs:
        assert np.array_equal(np.signbit(g), np.signbit(want)), "-0.0 and 0.0 in another order"
    if want.dtype.kind not in "fc":
        assert np.array_equal(g, want)


DTYPES = ["float64", "float32", "int64", "int32", "uint64", "int8", "bool"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_sort_of_a_long_row_is_numpys_stable_sort(dtype: str) -> None:
    x = values(dtype)
    t = ferrule.asarray(x)
    same_bits(ferrule.sort(t), np.sort(x, kind="stable"))
    same_bits(ferrule.sort(t[::-3]), np.sort(x[::-3], kind="stable"))
    if dtype != "bool":
        # descending and still stable: equal keys keep their order (-0.0 before 0.0 as given)
        want = np.flip(np.sort(np.flip(x), kind="stable"))
        same_bits(ferrule.sort(t, descending=True), want)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "uint64", "bool"])
def test_argsort_of_a_long_row_is_numpys_stable_argsort(dtype: str) -> None:
    x = values(dtype)
    t = ferrule.asarray(x)
    assert np.array_equal(np.asarray(ferrule.argsort(t)), np.argsort(x, kind="stable"))
    if dtype != "bool":
        flipped = len(x) - 1 - np.flip(np.argsort(np.flip(x), kind="stable"))
        assert np.array_equal(np.asarray(ferrule.argsort(t, descending=True)), flipped)


@pytest.mark.parametrize("n", [33, 1000, 1500, 5000, 20_000])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int16", "uint32", "uint8"])
def test_sort_and_argsort_of_mid_rows(dtype: str, n: int) -> None:
    """Rows below the parallel sort: keys sorted by comparison or by radix (each side of the
    switch), values without an exact key (-0.0, NaN) put back in their original order, both
    directions, several rows at once."""
    x = values(dtype, 3 * n).reshape(3, n)
    t = ferrule.asarray(x)
    same_bits(ferrule.sort(t), np.sort(x, kind="stable"))
    same_bits(ferrule.sort(t, descending=True), np.flip(np.sort(np.flip(x, -1), kind="stable"), -1))
    same_bits(ferrule.sort(t[:, ::-2]), np.sort(x[:, ::-2], kind="stable"))
    assert np.array_equal(np.asarray(ferrule.argsort(t)), np.argsort(x, kind="stable"))
    flipped = n - 1 - np.flip(np.argsort(np.flip(x, -1), kind="stable"), -1)
    assert np.array_equal(np.asarray(ferrule.argsort(t, descending=True)), flipped)


@pytest.mark.parametrize("n", [32, 64, 65, 129, 1000, 1024, 4099])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
def test_sort_of_rows_where_every_value_has_its_key(dtype: str, n: int) -> None:
    """Rows with no -0.0 or NaN (the common case): one pass writes every key word and finds their
    range, the words are sorted and decoded back (ties, infinities and both signs among them)."""
    r = rng()
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        x = r.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    else:
        x = (r.standard_normal(n) * 1e3).astype(dtype)
        x[x == 0] = 1.0
        x[::9] = np.inf
        x[1::10] = -np.inf
    x[::6] = x[3]  # ties
    t = ferrule.asarray(x)
    same_bits(ferrule.sort(t), np.sort(x))
    same_bits(ferrule.sort(t, descending=True), np.sort(x)[::-1])
    same_bits(ferrule.sort(t[::-2]), np.sort(x[::-2]))


@pytest.mark.parametrize("n", [500, 3000])
def test_argsort_of_keys_tying_in_their_top_bits(n: int) -> None:
    """float64 keys that differ only in their low bits next to ones that differ widely: the
    packed argsort's runs of equal top bits are ordered on the full key, ties by index."""
    r = rng()
    x = 1.0 + r.integers(0, 5, n) * 2.0**-40
    x[::9] = r.standard_normal(x[::9].shape[0]) * 1e6
    x[::13] = 1.0
    t = ferrule.asarray(x)
    assert np.array_equal(np.asarray(ferrule.argsort(t)), np.argsort(x, kind="stable"))
    flipped = n - 1 - np.flip(np.argsort(np.flip(x), kind="stable"))
    assert np.array_equal(np.asarray(ferrule.argsort(t, descending=True)), flipped)


@pytest.mark.parametrize("n", [40, 1000, 70_000, N])
@pytest.mark.parametrize("dtype", ["int64", "int8", "uint16"])
def test_sort_of_few_distinct_ints_counts_them(dtype: str, n: int) -> None:
    """Ints spanning fewer values than the row has (the counting sorts), both directions."""
    x = (rng().integers(0, 37, n) - 5).astype(dtype)
    t = ferrule.asarray(x)
    same_bits(ferrule.sort(t), np.sort(x, kind="stable"))
    same_bits(ferrule.sort(t, descending=True), np.flip(np.sort(x)))
    assert np.array_equal(np.asarray(ferrule.argsort(t)), np.argsort(x, kind="stable"))
    flipped = n - 1 - np.flip(np.argsort(np.flip(x), kind="stable"))
    assert np.array_equal(np.asarray(ferrule.argsort(t, descending=True)), flipped)
    vals, counts = ferrule.unique_counts(t)
    want_vals, want_counts = np.unique_counts(x)
    same_bits(vals, want_vals)
    assert np.array_equal(np.asarray(counts), want_counts)


def test_sort_of_bunched_keys() -> None:
    """Keys crowded into a few of the top-digit buckets, and keys all equal but one."""
    r = rng()
    x = np.concatenate([r.standard_normal(N) * 1e-9, [1e300, -1e300]])
    same_bits(ferrule.sort(ferrule.asarray(x)), np.sort(x))
    y = np.zeros(N, np.int64)
    y[N // 2] = -1
    same_bits(ferrule.sort(ferrule.asarray(y)), np.sort(y))
    same_bits(ferrule.sort(ferrule.asarray(np.full(N, 3.5))), np.full(N, 3.5))


@pytest.mark.parametrize("dtype", ["int64", "float64", "float32"])
def test_unique_of_a_long_input(dtype: str) -> None:
    x = values(dtype)
    x = x[~np.isnan(x)] if x.dtype.kind == "f" else x % 997
    t = ferrule.asarray(x)
    vals, counts = ferrule.unique_counts(t)
    want_vals, want_counts = np.unique_counts(x)
    # which of -0.0 and 0.0 stands for their group is unspecified (numpy's sort is unstable)
    same_bits(vals, want_vals, signs=False)
    assert np.array_equal(np.asarray(counts), want_counts)
    same_bits(ferrule.unique_values(t), np.unique(x), signs=False)  # (numpy 2.3+ leaves unique_values unsorted)


@pytest.mark.parametrize("dtype", ["bool", "float64", "int8", "complex64"])
@pytest.mark.parametrize("shape", [(N,), (401, 503), (7, 60, 487)])
def test_nonzero_matches_numpy(dtype: str, shape: tuple[int, ...]) -> None:
    size = int(np.prod(shape))
    x = values("float64", size).reshape(shape)
    x[np.abs(x) > 500] = 0
    x = x.astype(dtype) if dtype in ("complex64", "float64") else np.nan_to_num(x, posinf=0, neginf=0).astype(dtype)
    got = ferrule.nonzero(ferrule.asarray(x))
    want = np.nonzero(x)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert np.array_equal(np.asarray(g), w)
    # a strided view is copied first, then the same passes
    view = x[..., ::3]
    for g, w in zip(ferrule.nonzero(ferrule.asarray(x)[..., ::3]), np.nonzero(view), strict=True):
        assert np.array_equal(np.asarray(g), w)


def test_nonzero_of_a_foreign_bool_buffer_with_other_byte_values() -> None:
    raw = np.zeros(N, np.uint8)
    raw[::3] = 2
    raw[1::5] = 255
    t = ferrule.asarray(raw.view(bool), copy=False)
    assert np.array_equal(np.asarray(ferrule.nonzero(t)[0]), np.nonzero(raw)[0])


@pytest.mark.parametrize("dtype", ["float32", "int64", "uint8", "bool"])
def test_diff_matches_numpy(dtype: str) -> None:
    x = values(dtype)
    if x.dtype.kind == "f":
        x = np.nan_to_num(x, posinf=1e30, neginf=-1e30).astype(dtype)
    t = ferrule.asarray(x)
    for n in (1, 2, 5):
        same_bits(ferrule.diff(t, n=n), np.diff(x, n=n))
    m = x[: 401 * 497].reshape(401, 497)
    tm = ferrule.asarray(m)
    for axis in (0, 1, -1):
        same_bits(ferrule.diff(tm, axis=axis), np.diff(m, axis=axis))
        same_bits(ferrule.diff(tm.mT, axis=axis), np.diff(m.T, axis=axis))
    # strided views: one difference reads them in place, more go through a contiguous copy
    for n in (1, 2):
        same_bits(ferrule.diff(t[::-3], n=n), np.diff(x[::-3], n=n))
        same_bits(ferrule.diff(tm[::2, 1::3], axis=0, n=n), np.diff(m[::2, 1::3], axis=0, n=n))
    same_bits(ferrule.diff(t[::2][:1]), np.diff(x[::2][:1]))
    if dtype != "bool":
        same_bits(ferrule.diff(t, prepend=x[:3], append=x[-2:]), np.diff(x, prepend=x[:3], append=x[-2:]))


@pytest.mark.parametrize(
    ("src", "dst"),
    [("float64", "float32"), ("int64", "float64"), ("float32", "int16"), ("uint8", "complex128"), ("bool", "float64")],
)
def test_conversions_of_strided_and_broadcast_views(src: str, dst: str) -> None:
    x = values(src)
    x = np.where(np.isfinite(x), x, 0).astype(src) if x.dtype.kind == "f" else x
    t = ferrule.asarray(x)
    same_bits(t[::3].astype(dst), x[::3].astype(dst))
    same_bits(t[::-2].astype(dst), x[::-2].astype(dst))
    m = x[: 400 * 500].reshape(400, 500)
    same_bits(ferrule.asarray(m).mT.astype(dst), m.T.astype(dst))
    row = x[:500]
    same_bits(
        ferrule.broadcast_to(ferrule.asarray(row), (300, 500)).astype(dst), np.broadcast_to(row, (300, 500)).astype(dst)
    )
    # the int -> float conversion under a math op on a strided int view
    if src == "int64":
        got = np.asarray(ferrule.sqrt(ferrule.abs(t[::2])))
        np.testing.assert_allclose(got, np.sqrt(np.abs(x[::2]).astype(np.float64)), rtol=1e-15)


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex64"])
def test_repeat_roll_and_tile_match_numpy(dtype: str) -> None:
    x = values("float64")
    x = x.astype(dtype) if dtype in ("complex64", "float64") else np.nan_to_num(x, posinf=0, neginf=0).astype(dtype)
    t = ferrule.asarray(x)
    for count in (0, 1, 2, 5):
        same_bits(ferrule.repeat(t, count), np.repeat(x, count))
        same_bits(ferrule.repeat(t[::-3], count), np.repeat(x[::-3], count))
    m = x[: 300 * 600].reshape(300, 600)
    tm = ferrule.asarray(m)
    for axis in (0, 1):
        same_bits(ferrule.repeat(tm, 3, axis=axis), np.repeat(m, 3, axis=axis))
        same_bits(ferrule.repeat(tm.mT, 2, axis=axis), np.repeat(m.T, 2, axis=axis))
    same_bits(ferrule.repeat(tm, ferrule.asarray(np.arange(300) % 4), axis=0), np.repeat(m, np.arange(300) % 4, axis=0))
    for shift in (3, -7, N + 1):
        same_bits(ferrule.roll(t, shift), np.roll(x, shift))
    same_bits(ferrule.roll(tm, (2, -5), axis=(0, 1)), np.roll(m, (2, -5), axis=(0, 1)))


@pytest.mark.parametrize("dtype", ["int64", "int8", "float64"])
def test_cumulative_sum_and_prod_of_a_long_row(dtype: str) -> None:
    x = (values("int64") % 5 - 2).astype(dtype)
    t = ferrule.asarray(x)
    acc = np.int64 if dtype == "int8" else None  # sum's rule: small ints accumulate in int64
    # the partial sums of small integers are exact in float64 too
    assert np.array_equal(np.asarray(ferrule.cumulative_sum(t)), np.cumulative_sum(x, dtype=acc))
    assert np.array_equal(
        np.asarray(ferrule.cumulative_sum(t[::2], include_initial=True)),
        np.cumulative_sum(x[::2], dtype=acc, include_initial=True),
    )
    if dtype == "int64":  # the full range wraps, as numpy's does, whatever the blocks
        wide = values("int64")
        assert np.array_equal(np.asarray(ferrule.cumulative_sum(ferrule.asarray(wide))), np.cumulative_sum(wide))
        odd = wide | 1
        assert np.array_equal(np.asarray(ferrule.cumulative_prod(ferrule.asarray(odd))), np.cumulative_prod(odd))
        # strided views are read in place at their step, in blocks when long
        tw = ferrule.asarray(wide)
        assert np.array_equal(np.asarray(ferrule.cumulative_sum(tw[::-1])), np.cumulative_sum(wide[::-1]))
        assert np.array_equal(np.asarray(ferrule.cumulative_sum(tw[1::3])), np.cumulative_sum(wide[1::3]))
        to = ferrule.asarray(odd)
        assert np.array_equal(np.asarray(ferrule.cumulative_prod(to[::-1])), np.cumulative_prod(odd[::-1]))
    signs = np.where(x % 2 == 0, 1, -1).astype(dtype)  # products of +-1: exact, no overflow
    assert np.array_equal(
        np.asarray(ferrule.cumulative_prod(ferrule.asarray(signs))), np.cumulative_prod(signs, dtype=acc)
    )


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_vecdot_rowwise_matches_numpy(dtype: str) -> None:
    r = rng()
    a = (r.standard_normal((300, 700)) * 10).astype(dtype)
    b = (r.standard_normal((300, 700)) * 10).astype(dtype)
    ta, tb = ferrule.asarray(a), ferrule.asarray(b)
    cases = [
        (ferrule.vecdot(ta, tb), np.vecdot(a, b)),
        (ferrule.vecdot(ta.mT, tb.mT), np.vecdot(a.T, b.T)),
        (ferrule.vecdot(ta, tb[0]), np.vecdot(a, b[0])),
        (ferrule.vecdot(ta, tb, axis=0), np.vecdot(a, b, axis=0)),
        (ferrule.vecdot(ta[:, ::3], tb[:, ::3]), np.vecdot(a[:, ::3], b[:, ::3])),
    ]
    for got, want in cases:
        g = np.asarray(got)
        assert g.dtype == want.dtype and g.shape == want.shape
        if dtype == "int64":
            assert np.array_equal(g, want)
        else:
            tol = 1e-4 if dtype == "float32" else 1e-12
            np.testing.assert_allclose(g, want, rtol=tol, atol=tol * 1e3)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_reductions_of_strided_views(dtype: str) -> None:
    x = values(dtype)
    x = np.where(np.isfinite(x), x, 1).astype(dtype) if x.dtype.kind == "f" else x % 1000
    t = ferrule.asarray(x)
    for view, v in ((t[::2], x[::2]), (t[::-3], x[::-3]), (t[5::7], x[5::7])):
        same_bits(ferrule.max(view), np.max(v))
        same_bits(ferrule.min(view), np.min(v))
        s = np.asarray(ferrule.sum(view))
        if dtype == "int64":
            assert s == np.sum(v)
        else:
            np.testing.assert_allclose(s, np.sum(v, dtype=np.float64), rtol=1e-5 if dtype == "float32" else 1e-12)
    m = x[: 400 * 500].reshape(400, 500).astype(np.float64)
    np.testing.assert_allclose(
        np.asarray(ferrule.linalg.matrix_norm(ferrule.asarray(m).mT)), np.linalg.matrix_norm(m.T), rtol=1e-12
    )


def test_take_from_a_strided_vector() -> None:
    x = values("float64")
    t = ferrule.asarray(x)
    idx = rng().integers(-(N // 3), N // 3, 50_000)
    same_bits(ferrule.take(t[::3], ferrule.asarray(idx)), np.take(x[::3], idx))
    same_bits(ferrule.take(t[::-2], ferrule.asarray(idx)), np.take(x[::-2], idx))
    same_bits(t[::-2][ferrule.asarray(idx)], x[::-2][idx])
    with pytest.raises(IndexError, match="out of bounds"):
        ferrule.take(t[::3], ferrule.asarray(np.array([N])))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "float16", "int8", "bool"])
def test_take_along_axis_matches_numpy(dtype: str) -> None:
    r = rng()
    x = np.nan_to_num(values("float64", 300 * 400), posinf=7.0, neginf=-7.0).reshape(300, 400) % 100
    x = (x + 1j * x[::-1]).astype(dtype) if dtype == "complex128" else x.astype(dtype)
    t = ferrule.asarray(x)
    flat = r.integers(-x.size, x.size, N)
    cases = [
        ((t.reshape(-1), ferrule.asarray(flat), 0), (x.reshape(-1), flat, 0)),
        ((t, ferrule.asarray(np.argsort(x, axis=1)), 1), (x, np.argsort(x, axis=1), 1)),
        ((t, ferrule.asarray(np.argsort(x, axis=0)), 0), (x, np.argsort(x, axis=0), 0)),
        ((t.mT, ferrule.asarray(np.argsort(x.T, axis=1)), -1), (x.T, np.argsort(x.T, axis=1), -1)),
        ((t[::2, ::-3], ferrule.asarray(r.integers(-400 // 3, 400 // 3, (1, 77))), 1), (x[::2, ::-3], None, 1)),
        ((t[:, :1], ferrule.asarray(r.integers(0, 1, (300, 9))), 1), (x[:, :1], None, 1)),
    ]
    for (tx, ti, axis), (nx, ni, _) in cases:
        ni = np.asarray(ti) if ni is None else ni
        same_bits(ferrule.take_along_axis(tx, ti, axis=axis), np.take_along_axis(nx, ni, axis=axis))
    with pytest.raises(IndexError, match=r"take_along_axis: index 400 is out of bounds for axis 1 with size 400"):
        ferrule.take_along_axis(t, ferrule.asarray(np.full((300, 2), 400)), axis=1)
    with pytest.raises(IndexError, match=r"index -301 is out of bounds for axis 0 with size 300"):
        ferrule.take_along_axis(t, ferrule.asarray(np.full((1, 400), -301)), axis=0)


def test_elementwise_maps_over_strided_and_broadcast_operands() -> None:
    f = values("float64")
    f = np.where(np.isfinite(f), f, 2.5)
    f[::9] = np.nan
    i = values("int64")
    views = [
        (lambda v: v[: 2 * 90_000 : 2], lambda v: v[1 : 2 * 90_000 : 2]),
        (lambda v: v[3 * 60_000 : 2 : -3], lambda v: v[5 : 5 + 3 * 60_000 : 3]),
        (lambda v: v[: 300 * 600].reshape(300, 600).T, lambda v: v[1 : 300 * 600 + 1].reshape(600, 300)),
        (lambda v: v[:600].reshape(600, 1), lambda v: v[1:1201:2]),
    ]
    for x in (f, i):
        tx = ferrule.asarray(x)
        for va, vb in views:
            a, b, ta, tb = va(x), vb(x), va(tx), vb(tx)
            same_bits(ferrule.add(ta, tb), np.add(a, b))
            # (which of -0.0 and 0.0 numpy returns on a tie depends on its SIMD path)
            same_bits(ferrule.maximum(ta, tb), np.maximum(a, b), signs=False)
            same_bits(ferrule.less(ta, tb), np.less(a, b))
            same_bits(ferrule.multiply(ta, 3), np.multiply(a, 3))
            same_bits(ferrule.negative(ta), np.negative(a))
            same_bits(ferrule.abs(tb), np.abs(b))
            if x.dtype.kind == "f":
                same_bits(ferrule.isnan(ta), np.isnan(a))
                with np.errstate(all="ignore"):
                    want = np.divide(a, b)
                same_bits(ferrule.divide(ta, tb), want)
            else:
                same_bits(ferrule.bitwise_xor(ta, tb), np.bitwise_xor(a, b))
    # into a strided out=, and in place through an overlapping view
    out = np.zeros(2 * 1000)
    tout = ferrule.asarray(out.copy())
    ferrule.add(ferrule.asarray(f)[:1000], ferrule.asarray(f)[1000:3000:2], out=tout[::2])
    out[::2] = f[:1000] + f[1000:3000:2]
    same_bits(tout, out)
    tf = ferrule.asarray(f.copy())
    ferrule.multiply(tf[::2], tf[::2], out=tf[::2])
    want = f.copy()
    want[::2] = f[::2] * f[::2]
    same_bits(tf, want)


def test_meshgrid_and_fills_match_numpy() -> None:
    a, b = np.arange(700.0), np.arange(300, dtype=np.int32)
    for indexing in ("xy", "ij"):
        for got, want in zip(
            ferrule.meshgrid(ferrule.asarray(a), ferrule.asarray(b), indexing=indexing),
            np.meshgrid(a, b, indexing=indexing),
            strict=True,
        ):
            same_bits(got, want)
    same_bits(ferrule.ones((N,), dtype=ferrule.int16), np.ones(N, np.int16))
    same_bits(ferrule.full((3, N), -2.5, dtype=ferrule.float32), np.full((3, N), -2.5, np.float32))
    same_bits(ferrule.full_like(ferrule.zeros((N,)), 7), np.full(N, 7.0))


def test_real_of_a_real_tensor_is_a_view_and_empty_is_recycled_memory() -> None:
    x = ferrule.asarray(np.arange(10.0))
    r = ferrule.real(x)
    r[0] = 42.0
    assert float(x[0]) == 42.0, "numpy's real of a real array is the array's own memory"
    out = ferrule.zeros((10,))
    assert ferrule.real(x, out=out) is not None and float(out[0]) == 42.0
    out[1] = -1.0
    assert float(x[1]) == 1.0, "real(..., out=) copies"
    z = ferrule.asarray(np.array([1 + 2j, 3 - 4j]))
    assert np.array_equal(np.asarray(ferrule.real(z)), [1.0, 3.0])
    # empty: the shape and dtype asked for; bool is always zeros (its bytes must be 0 or 1)
    for _ in range(3):
        big = ferrule.empty((1 << 20,), dtype=ferrule.float64)
        big[...] = 1.0
        del big
    again = ferrule.empty((1 << 20,), dtype=ferrule.float64)
    assert again.shape == (1 << 20,) and again.dtype == ferrule.float64
    again[...] = 2.0
    assert float(ferrule.sum(again)) == 2.0 * (1 << 20)
    flags = ferrule.empty((1 << 23,), dtype=ferrule.bool)
    assert not bool(ferrule.any(flags))
    assert ferrule.empty_like(ferrule.ones((3, 5), dtype=ferrule.int8)).shape == (3, 5)
