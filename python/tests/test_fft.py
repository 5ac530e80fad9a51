"""ferrule.fft against numpy.fft (the oracle): every function of the Array API fft extension over
shapes (1-D to 4-D, batches, prime, odd and even lengths), layouts (contiguous, reversed,
transposed, strided), dtypes, padding and truncation (n, s), every norm and every choice of
axes; round trips; the errors; the namespace.

Tolerances. An FFT's rounding error grows like eps * log2(n) times the size of the transform's
output: the root-mean-square error of each output element is about eps * log2(n) * ||x||_2
(unnormalised), and max |X| >= ||x||_2, so a bound of C * eps * log2(n + 1) * max |X| (eps of the
result's precision, n the number of points transformed in all, C = 8 to cover ferrule's and
numpy's errors together plus the scaling and the passes of an n-D transform) holds for any input
while still catching a wrong sign, twiddle, scale or index (those give errors of order max |X|).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

REAL_FLOATS = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
INTS = ["int8", "int32", "int64", "uint8", "uint64"]
FLOATING = REAL_FLOATS + COMPLEX
ANY_INPUT = ["bool", *INTS, "float16", *FLOATING]
NORMS = ["backward", "ortho", "forward"]

STANDARD_NAMES = {
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
}

#: The largest side of a drawn shape, by number of dims (keeps every example small).
MAX_SIDE = {1: 40, 2: 12, 3: 6, 4: 4}


def check(got: ferrule.Tensor, want: np.ndarray, points: int, source: np.dtype[Any] | None = None) -> None:
    """``got`` equals numpy's ``want`` in dtype and shape, and in value within the bound of the
    module docstring for a transform of ``points`` points in all. For a float16 ``source``, eps is
    float16's: numpy computes the norm's factor in the input's precision (1/sqrt(2) as float16
    is 0.70703125), ferrule in the transform's."""
    g = got.numpy()
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    if want.size == 0:
        return
    eps = float(np.finfo(want.dtype).eps)
    if source is not None and source == np.float16:
        eps = max(eps, float(np.finfo(np.float16).eps))
    scale = float(np.max(np.abs(want.astype(np.complex128))))
    bound = 8 * eps * math.log2(points + 1) * scale
    err = float(np.max(np.abs(g.astype(np.complex128) - want.astype(np.complex128))))
    assert err <= bound, f"max error {err:.3g} beyond {bound:.3g}\n got {g}\nwant {want}"


def elements(dtype: str) -> st.SearchStrategy[Any]:
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return st.booleans()
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return st.integers(max(int(info.min), -100), min(int(info.max), 100))
    if dt.kind == "c":
        return st.complex_numbers(max_magnitude=50, allow_nan=False, allow_infinity=False, width=dt.itemsize * 8)
    return st.floats(-50, 50, allow_nan=False, allow_infinity=False, width=dt.itemsize * 8)


@st.composite
def signals(
    draw: st.DrawFn, dtypes: list[str], min_dims: int = 1, max_dims: int = 4
) -> tuple[ferrule.Tensor, np.ndarray]:
    """A ferrule tensor and the numpy array it equals, of a drawn shape and dtype: contiguous, or
    the same reversed, transposed or strided (every other element) view of a buffer in both."""
    ndim = draw(st.integers(min_dims, max_dims))
    shape = tuple(draw(st.lists(st.integers(1, MAX_SIDE.get(ndim, 4)), min_size=ndim, max_size=ndim)))
    dtype = draw(st.sampled_from(dtypes))
    arr = draw(hnp.arrays(np.dtype(dtype), shape, elements=elements(dtype)))
    kind = draw(st.sampled_from(["plain", "reversed", "transposed", "strided"]))
    if ndim == 0 or kind == "plain":
        return ferrule.Tensor(arr), arr
    if kind == "reversed":
        base = np.ascontiguousarray(arr[::-1])
        return ferrule.Tensor(base)[::-1], base[::-1]
    if kind == "transposed":
        axes = tuple(reversed(range(ndim)))
        base = np.ascontiguousarray(np.transpose(arr, axes))
        return ferrule.permute_dims(ferrule.Tensor(base), axes), np.transpose(base, axes)
    wide = np.zeros((*shape[:-1], 2 * shape[-1]), dtype=arr.dtype)
    wide[..., ::2] = arr
    index = (Ellipsis, slice(None, None, 2))
    return ferrule.Tensor(wide)[index], wide[index]


def sizes(draw: st.DrawFn, m: int) -> int | None:
    """A number of points for an axis of length ``m``: None (its length), a cut or a padding."""
    return draw(st.one_of(st.none(), st.integers(1, 2 * m + 3)))


# ---- 1-D transforms ----------------------------------------------------------------------------------

# (name, the dtypes it takes, whether n's default is 2 * (m - 1))
ONE_D = [
    ("fft", ANY_INPUT, False),
    ("ifft", ANY_INPUT, False),
    ("rfft", ["bool", *INTS, "float16", *REAL_FLOATS], False),
    ("irfft", ANY_INPUT, True),
    ("hfft", ANY_INPUT, True),
    ("ihfft", ["bool", *INTS, "float16", *REAL_FLOATS], False),
]


@pytest.mark.parametrize("name,dtypes,halved", ONE_D, ids=[c[0] for c in ONE_D])
@SETTINGS
@given(data=st.data())
def test_one_dimensional(name: str, dtypes: list[str], halved: bool, data: st.DataObject) -> None:
    t, a = data.draw(signals(dtypes))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    m = a.shape[axis]
    n = sizes(data.draw, m)
    if halved and n is None and m == 1:
        n = data.draw(st.integers(1, 6))  # the default 2 * (m - 1) would be 0
    norm = data.draw(st.sampled_from(NORMS))
    want = getattr(np.fft, name)(a, n=n, axis=axis, norm=norm)
    got = getattr(ferrule.fft, name)(t, n=n, axis=axis, norm=norm)
    points = n if n is not None else (2 * (m - 1) if halved else m)
    check(got, want, points, a.dtype)


@pytest.mark.parametrize("name", ["fft", "ifft"])
@pytest.mark.parametrize("n", [2**15, 2**15 + 2, 3 * 2**14, 2**17, 2**15 - 1, 65537])
def test_long_single_transforms(name: str, n: int) -> None:
    # One long line: even lengths from 2**15 on take the two-thread split; odd and prime ones
    # the plain plan (Bluestein for 65537).
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    check(getattr(ferrule.fft, name)(ferrule.Tensor(a)), getattr(np.fft, name)(a), n)
    a32 = a.astype(np.complex64)
    check(getattr(ferrule.fft, name)(ferrule.Tensor(a32), norm="ortho"), getattr(np.fft, name)(a32, norm="ortho"), n)
    # a strided real source, padded past its length, through the same path
    base = rng.standard_normal(2 * n)
    strided = ferrule.Tensor(base)[::2]
    check(getattr(ferrule.fft, name)(strided, n=n + 6), getattr(np.fft, name)(base[::2], n=n + 6), n + 6)


@pytest.mark.parametrize("n", [2**16, 2**16 + 1, 3 * 5 * 7 * 11 * 13])
def test_long_real_transforms(n: int) -> None:
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n)
    spectrum = np.fft.rfft(x)
    check(ferrule.fft.rfft(ferrule.Tensor(x)), spectrum, n)
    check(ferrule.fft.irfft(ferrule.Tensor(spectrum), n=n), np.fft.irfft(spectrum, n=n), n)
    x32 = x.astype(np.float32)
    check(ferrule.fft.rfft(ferrule.Tensor(x32)), np.fft.rfft(x32), n)


@SETTINGS
@given(data=st.data())
def test_batches_of_many_lines(data: st.DataObject) -> None:
    # Enough lines to cross the pool's task threshold and the blocks of neighbouring lines.
    rows = data.draw(st.integers(1, 300))
    cols = data.draw(st.sampled_from([1, 2, 7, 16, 31, 64, 97]))
    axis = data.draw(st.sampled_from([0, 1]))
    dtype = data.draw(st.sampled_from(FLOATING))
    rng = np.random.default_rng(rows * 1000 + cols)
    a = rng.standard_normal((rows, cols)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal((rows, cols)).astype(dtype)
    m = a.shape[axis]
    check(ferrule.fft.fft(ferrule.Tensor(a), axis=axis), np.fft.fft(a, axis=axis), m)
    if np.dtype(dtype).kind == "f":
        check(ferrule.fft.rfft(ferrule.Tensor(a), axis=axis), np.fft.rfft(a, axis=axis), m)
        check(ferrule.fft.ihfft(ferrule.Tensor(a), axis=axis), np.fft.ihfft(a, axis=axis), m)
    else:
        n = 2 * m + 1
        check(ferrule.fft.irfft(ferrule.Tensor(a), n=n, axis=axis), np.fft.irfft(a, n=n, axis=axis), n)


# ---- n-D transforms ----------------------------------------------------------------------------------

ND: list[tuple[str, list[str], bool]] = [
    ("fftn", ANY_INPUT, False),
    ("ifftn", ANY_INPUT, False),
    ("rfftn", ["bool", *INTS, *REAL_FLOATS], False),
    ("irfftn", ANY_INPUT, True),
]


@pytest.mark.parametrize("name,dtypes,halved", ND, ids=[c[0] for c in ND])
@SETTINGS
@given(data=st.data())
def test_n_dimensional(name: str, dtypes: list[str], halved: bool, data: st.DataObject) -> None:
    t, a = data.draw(signals(dtypes))
    use_axes = data.draw(st.booleans())
    if use_axes:
        # any non-empty selection of distinct axes, in any order, negative or not
        chosen = data.draw(st.permutations(range(a.ndim)))[: data.draw(st.integers(1, a.ndim))]
        axes: list[int] | None = [ax - a.ndim if data.draw(st.booleans()) else ax for ax in chosen]
        s = data.draw(
            st.one_of(
                st.none(),
                st.just([-1] * len(chosen)),
                st.tuples(*[st.integers(1, 2 * a.shape[ax] + 2) for ax in chosen]),
            )
        )
        s = None if s is None else list(s)
    else:
        axes, s = None, None
    ax_list = [ax % a.ndim for ax in axes] if axes is not None else list(range(a.ndim))
    if halved and s is None and a.shape[ax_list[-1]] == 1:
        # the default last size 2 * (m - 1) would be 0: ask for one
        s = [a.shape[ax] for ax in ax_list[:-1]] + [data.draw(st.integers(1, 5))]
        axes = ax_list
    norm = data.draw(st.sampled_from(NORMS))
    want = getattr(np.fft, name)(a, s=s, axes=axes, norm=norm)
    got = getattr(ferrule.fft, name)(t, s=s, axes=axes, norm=norm)
    check(got, want, max(int(np.prod(want.shape)), 1), a.dtype)


def test_n_dimensional_without_axes_keeps_the_dtype_rule() -> None:
    # numpy returns x itself for fftn(x, axes=()) (float stays float); the standard asks for a
    # complex result of x's precision, which ferrule returns (a copy of the values).
    x = np.arange(6.0).reshape(2, 3)
    got = ferrule.fft.fftn(ferrule.Tensor(x), axes=())
    assert got.dtype == ferrule.complex128
    np.testing.assert_array_equal(got.numpy(), x.astype(np.complex128))
    got = ferrule.fft.ifftn(ferrule.Tensor(np.float32(2.5)))  # 0-d: no axes at all
    assert got.dtype == ferrule.complex64 and got.shape == ()


# ---- round trips -------------------------------------------------------------------------------------


@SETTINGS
@given(data=st.data())
def test_round_trips(data: st.DataObject) -> None:
    t, a = data.draw(signals(FLOATING, max_dims=3))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    norm = data.draw(st.sampled_from(NORMS))
    m = a.shape[axis]
    f = ferrule.fft
    points = max(a.size, 1)
    # ifft(fft(x)) == x
    check(
        f.ifft(f.fft(t, axis=axis, norm=norm), axis=axis, norm=norm), a.astype(np.result_type(a, np.complex64)), points
    )
    check(f.ifftn(f.fftn(t, norm=norm), norm=norm), a.astype(np.result_type(a, np.complex64)), points)
    if a.dtype.kind == "f":
        # irfft(rfft(x), n) == x for odd and even n
        back = f.irfft(f.rfft(t, axis=axis, norm=norm), n=m, axis=axis, norm=norm)
        check(back, a, points)
        back = f.irfftn(f.rfftn(t, norm=norm), s=list(a.shape), axes=list(range(a.ndim)), norm=norm)
        check(back, a, points)
        # hfft(ihfft(x), n) == x
        check(f.hfft(f.ihfft(t, axis=axis, norm=norm), n=m, axis=axis, norm=norm), a, points)


# ---- dtypes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ANY_INPUT)
def test_result_dtypes_follow_numpy(dtype: str) -> None:
    a = np.ones((2, 4), dtype=dtype)
    t = ferrule.Tensor(a)
    for name in ["fft", "ifft", "irfft", "hfft", "fftn", "ifftn", "irfftn"] + (
        ["rfft", "ihfft", "rfftn"] if np.dtype(dtype).kind != "c" else []
    ):
        got = getattr(ferrule.fft, name)(t)
        assert got.numpy().dtype == getattr(np.fft, name)(a).dtype, name
    if np.dtype(dtype).kind in "fc":
        # single precision stays single: float32 -> complex64 -> float32
        precision = np.finfo(dtype).precision
        assert (ferrule.fft.fft(t).dtype == ferrule.complex64) == (precision <= 6)


@pytest.mark.parametrize("name", ["rfft", "ihfft", "rfftn"])
@pytest.mark.parametrize("dtype", COMPLEX)
def test_real_transforms_refuse_complex_input(name: str, dtype: str) -> None:
    with pytest.raises(TypeError, match=rf"fft\.{name}\(\) argument 'x': dtype {dtype} is not accepted"):
        getattr(ferrule.fft, name)(ferrule.ones((4,), dtype=getattr(ferrule, dtype)))


# ---- frequencies and shifts ----------------------------------------------------------------------------


@SETTINGS
@given(n=st.integers(1, 300), d=st.sampled_from([1.0, 0.1, 2.5, -3.0, 1e-3, 7.0]))
def test_frequencies_match_numpy_exactly(n: int, d: float) -> None:
    np.testing.assert_array_equal(ferrule.fft.fftfreq(n, d=d).numpy(), np.fft.fftfreq(n, d=d))
    np.testing.assert_array_equal(ferrule.fft.rfftfreq(n, d=d).numpy(), np.fft.rfftfreq(n, d=d))
    got = ferrule.fft.fftfreq(n, d=d, dtype=ferrule.float32)
    assert got.dtype == ferrule.float32
    np.testing.assert_array_equal(got.numpy(), np.fft.fftfreq(n, d=d).astype(np.float32))
    assert ferrule.fft.rfftfreq(n, device=ferrule.ones(1).device).shape == (n // 2 + 1,)


@SETTINGS
@given(data=st.data())
def test_shifts_match_numpy(data: st.DataObject) -> None:
    t, a = data.draw(signals(["bool", "int16", "float32", "complex128"], min_dims=0 + 1))
    axes: Any = data.draw(
        st.one_of(
            st.none(),
            st.integers(-a.ndim, a.ndim - 1),
            st.permutations(range(a.ndim)).map(lambda p: tuple(p[: max(1, len(p) // 2)])),
        )
    )
    for name in ["fftshift", "ifftshift"]:
        got = getattr(ferrule.fft, name)(t, axes=axes).numpy()
        want = getattr(np.fft, name)(a, axes=axes)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)
    back = ferrule.fft.ifftshift(ferrule.fft.fftshift(t, axes=axes), axes=axes).numpy()
    np.testing.assert_array_equal(back, a)


# ---- errors ------------------------------------------------------------------------------------------

ERRORS: list[tuple[Callable[[], Any], type[Exception], str]] = [
    (
        lambda: ferrule.fft.fft(ferrule.ones(4), n=0),
        ValueError,
        r"fft\.fft\(\) argument 'n': the number of points must be at least 1, got 0",
    ),
    (lambda: ferrule.fft.irfft(ferrule.ones(4), n=-3), ValueError, r"fft\.irfft\(\) argument 'n'"),
    (
        lambda: ferrule.fft.ifft(ferrule.ones(4), norm="none"),
        ValueError,
        r"fft\.ifft\(\) argument 'norm': expected 'backward', 'ortho' or 'forward'",
    ),
    (
        lambda: ferrule.fft.fft(ferrule.ones(4), axis=1),
        ValueError,
        r"fft\.fft\(\) argument 'axis': axis 1 is out of bounds",
    ),
    (lambda: ferrule.fft.fft(ferrule.asarray(1.0)), ValueError, r"fft\.fft\(\) argument 'axis'"),
    (
        lambda: ferrule.fft.fft(ferrule.ones((2, 0))),
        ValueError,
        r"fft\.fft\(\) argument 'x': the transformed axis has length 0",
    ),
    (
        lambda: ferrule.fft.irfft(ferrule.ones(1)),
        ValueError,
        r"fft\.irfft\(\) argument 'x': the transformed axis has length 1, which gives 0 output points; pass n",
    ),
    (
        lambda: ferrule.fft.fftn(ferrule.ones((2, 2)), axes=(0, -2)),
        ValueError,
        r"fft\.fftn\(\) argument 'axes': repeated axis -2",
    ),
    (
        lambda: ferrule.fft.fftn(ferrule.ones((2, 2)), s=(2, 2)),
        ValueError,
        r"fft\.fftn\(\) argument 's': pass axes too",
    ),
    (
        lambda: ferrule.fft.rfftn(ferrule.ones((2, 2)), s=(2,), axes=(0, 1)),
        ValueError,
        r"s has 1 sizes but axes has 2 axes",
    ),
    (
        lambda: ferrule.fft.irfftn(ferrule.ones((2, 2)), s=(0, 2), axes=(0, 1)),
        ValueError,
        r"fft\.irfftn\(\) argument 's': the number of points must be at least 1",
    ),
    (
        lambda: ferrule.fft.rfftn(ferrule.ones((2, 2)), axes=()),
        ValueError,
        r"fft\.rfftn\(\) argument 'axes': a real transform needs at least one axis",
    ),
    (
        lambda: ferrule.fft.fftfreq(0),
        ValueError,
        r"fft\.fftfreq\(\) argument 'n': the window length must be at least 1",
    ),
    (lambda: ferrule.fft.rfftfreq(4, d=0.0), ZeroDivisionError, r"fft\.rfftfreq\(\) argument 'd'"),
    (
        lambda: ferrule.fft.fftfreq(4, dtype=ferrule.complex64),
        TypeError,
        r"fft\.fftfreq\(\) argument 'dtype': expected a real floating-point dtype",
    ),
    (
        lambda: ferrule.fft.fftshift(ferrule.ones((2, 2)), axes=(1, 1)),
        ValueError,
        r"fft\.fftshift\(\) argument 'axes': repeated axis 1",
    ),
    (lambda: ferrule.fft.fft(ferrule.ones(4), 4), TypeError, r"fft"),  # n is keyword-only
    (lambda: ferrule.fft.fftfreq(4, 0.5), TypeError, r"fftfreq"),  # so is d, as in the standard
]


@pytest.mark.parametrize("call,kind,message", ERRORS)
def test_errors_name_the_function_and_the_argument(
    call: Callable[[], Any], kind: type[Exception], message: str
) -> None:
    with pytest.raises(kind, match=message):
        call()


# ---- the namespace -----------------------------------------------------------------------------------


def test_the_namespace_holds_exactly_the_standard_names() -> None:
    import ferrule.fft as module

    assert set(module.__all__) == STANDARD_NAMES
    public = {name for name in vars(module) if not name.startswith("_")}
    assert public == STANDARD_NAMES
    assert ferrule.fft is module
    for name in STANDARD_NAMES:
        assert getattr(module, name).__doc__, name
