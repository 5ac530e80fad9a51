"""Every operator of schema/ops.yaml against numpy, the oracle: random shapes (0-d, empty,
size-1 broadcast dims), non-contiguous and negative-stride views, and every dtype an op takes.

Views are made by ferrule itself (``x[::-1]``, ``permute_dims``), so the kernels see real
strided inputs, and numpy gets the same view of the same data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# 30 examples each under the fixed profile, scaled with the profile's budget under `explore`.
SETTINGS = settings(
    max_examples=30 * settings.default.max_examples // 100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
REAL = INTS + FLOATS
NUMERIC = REAL + COMPLEX
ALL = ["bool"] + NUMERIC


def tensor(a: np.ndarray) -> ferrule.Tensor:
    return ferrule.Tensor(a)


def check(got: Any, want: Any, *, exact: bool = False, scale: Any = None) -> None:
    """``got`` (a ferrule result) equals numpy's ``want`` in dtype, shape and values.

    ``scale`` is the magnitude the rounding error grows with where it is not ``|want|``: for a
    sum of products it is the sum of the products' magnitudes (cancellation makes ``|want|``
    tiny while the error stays proportional to the terms).
    """
    want = np.asarray(want)
    g = got.numpy() if isinstance(got, ferrule.Tensor) else np.asarray(got)
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    if exact or want.dtype.kind in "biu":
        np.testing.assert_array_equal(g, want)
        return
    tol = {"float16": 2e-3, "float32": 2e-6, "complex64": 2e-6}.get(want.dtype.name, 1e-13)
    if scale is None:
        np.testing.assert_allclose(g, want, rtol=tol, atol=tol * 1e-3, equal_nan=True)
        return
    err = np.abs(g.astype(np.complex128) - want)
    bound = tol * (np.abs(want) + np.asarray(scale, dtype=np.float64))
    assert np.all(err <= bound), f"error {err} beyond {bound}:\n got {g}\nwant {want}"


def elements(dtype: str, *, lo: float = -50, hi: float = 50) -> st.SearchStrategy[Any]:
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return st.booleans()
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return st.integers(max(int(info.min), int(lo)), min(int(info.max), int(hi)))
    width = 32 if dt.itemsize <= 4 and dt.kind == "f" else 64
    if dt.kind == "c":
        return st.complex_numbers(max_magnitude=hi, allow_nan=False, allow_infinity=False, width=dt.itemsize * 8)
    if dt == np.float16:
        width = 16
    lo, hi = float(dt.type(lo)), float(dt.type(hi))  # bounds representable at this width
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False, width=width)


@st.composite
def views(draw: st.DrawFn, arr: np.ndarray) -> tuple[ferrule.Tensor, np.ndarray]:
    """A ferrule tensor and a numpy array with the shape and values of ``arr``: both contiguous,
    or both the same negative-stride or transposed view of another buffer."""
    kind = draw(st.sampled_from(["plain", "reversed", "transposed"]))
    if arr.ndim == 0 or kind == "plain":
        return tensor(arr), arr
    if kind == "reversed":
        base = np.ascontiguousarray(arr[::-1])
        return tensor(base)[::-1], base[::-1]
    axes = tuple(reversed(range(arr.ndim)))
    base = np.ascontiguousarray(np.transpose(arr, axes))
    return ferrule.permute_dims(tensor(base), axes), np.transpose(base, axes)


@st.composite
def operands(
    draw: st.DrawFn, dtypes: list[str], n: int, **bounds: float
) -> tuple[list[ferrule.Tensor], list[np.ndarray]]:
    """``n`` mutually broadcastable arrays (dtypes drawn from ``dtypes``) and their tensors."""
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=n, min_dims=0, max_dims=3, min_side=0, max_side=4))
    ts, ns = [], []
    for shape in shapes.input_shapes:
        dtype = draw(st.sampled_from(dtypes))
        arr = draw(hnp.arrays(np.dtype(dtype), shape, elements=elements(dtype, **bounds)))
        t, a = draw(views(arr))
        ts.append(t)
        ns.append(a)
    return ts, ns


# (ferrule name, numpy function, accepted dtypes, element bounds, exact comparison)
BINARY: list[tuple[str, Callable[..., Any], list[str], dict[str, float]]] = [
    ("add", np.add, ALL, {}),
    ("subtract", np.subtract, NUMERIC, {}),
    ("multiply", np.multiply, ALL, {}),
    ("divide", np.divide, FLOATS + COMPLEX, {}),
    ("maximum", np.maximum, REAL, {}),
    ("minimum", np.minimum, REAL, {}),
    ("atan2", np.arctan2, FLOATS, {}),
    ("copysign", np.copysign, FLOATS, {}),
    ("hypot", np.hypot, FLOATS, {}),
    ("logaddexp", np.logaddexp, FLOATS, {}),
    ("equal", np.equal, ALL, {}),
    ("not_equal", np.not_equal, ALL, {}),
    ("less", np.less, REAL, {}),
    ("less_equal", np.less_equal, REAL, {}),
    ("greater", np.greater, REAL, {}),
    ("greater_equal", np.greater_equal, REAL, {}),
    ("logical_and", np.logical_and, ["bool"], {}),
    ("logical_or", np.logical_or, ["bool"], {}),
    ("logical_xor", np.logical_xor, ["bool"], {}),
    ("bitwise_and", np.bitwise_and, ["bool"] + INTS, {}),
    ("bitwise_or", np.bitwise_or, ["bool"] + INTS, {}),
    ("bitwise_xor", np.bitwise_xor, ["bool"] + INTS, {}),
]


def _mixed_sign_uint64(nps: list[np.ndarray]) -> bool:
    kinds = {(a.dtype.kind, a.dtype.itemsize) for a in nps}
    return ("u", 8) in kinds and any(k == "i" for k, _ in kinds)


@pytest.mark.parametrize("name,npf,dtypes,bounds", BINARY, ids=[b[0] for b in BINARY])
@SETTINGS
@given(data=st.data())
def test_binary(
    name: str, npf: Callable[..., Any], dtypes: list[str], bounds: dict[str, float], data: st.DataObject
) -> None:
    ts, nps = data.draw(operands(dtypes, 2, **bounds))
    assume(not _mixed_sign_uint64(nps))  # numpy gives float64 there; the standard leaves it out
    with np.errstate(all="ignore"):
        want = npf(*nps)
    check(getattr(ferrule, name)(*ts), want)


OPERATOR_FORMS = [
    ("+", lambda x, y: x + y),
    ("-", lambda x, y: x - y),
    ("*", lambda x, y: x * y),
    ("/", lambda x, y: x / y),
    ("==", lambda x, y: x == y),
    ("<", lambda x, y: x < y),
    (">=", lambda x, y: x >= y),
]


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "bool", "float16", "complex64"])
@pytest.mark.parametrize("form,op", OPERATOR_FORMS, ids=[f[0] for f in OPERATOR_FORMS])
@SETTINGS
@given(data=st.data())
def test_operators_on_small_same_shape_tensors(
    form: str, op: Callable[[Any, Any], Any], dtype: str, data: st.DataObject
) -> None:
    """The operators as written (native number slots, the ops' tiny-input shortcut) against
    numpy, in both operand orders and with a Python scalar on either side."""
    if dtype == "bool" and form in ("-", "<", ">="):
        return  # numpy and ferrule both reject bool subtraction; ordering bools is tested elsewhere
    if dtype == "complex64" and form in ("<", ">="):
        return  # complex numbers are unordered (a TypeError, tested in test_errors)
    shape = data.draw(st.lists(st.integers(0, 4), min_size=0, max_size=3).map(tuple))
    x = data.draw(hnp.arrays(dtype, shape, elements=elements(dtype, lo=-20, hi=20)))
    y = data.draw(hnp.arrays(dtype, shape, elements=elements(dtype, lo=-20, hi=20)))
    if form == "/" and x.dtype.kind in "iub":
        y = np.where(y == 0, 1, y).astype(x.dtype)  # numpy warns on integer division by zero
    with np.errstate(all="ignore"):
        check(op(tensor(x), tensor(y)), op(x, y))
        check(op(tensor(y), tensor(x)), op(y, x))
        scalar = True if dtype == "bool" else 3
        if not (dtype == "bool" and form == "-"):
            check(op(tensor(x), scalar), op(x, np.asarray(scalar, dtype=x.dtype)))
            check(op(scalar, tensor(y)), op(np.asarray(scalar, dtype=y.dtype), y))


OUT_FORMS = [
    ("add", np.add),
    ("subtract", np.subtract),
    ("multiply", np.multiply),
    ("divide", np.divide),
    ("equal", np.equal),
    ("not_equal", np.not_equal),
    ("less", np.less),
    ("greater_equal", np.greater_equal),
]


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "float16"])
@pytest.mark.parametrize("name,npf", OUT_FORMS, ids=[f[0] for f in OUT_FORMS])
@SETTINGS
@given(data=st.data())
def test_out_on_small_same_shape_tensors(name: str, npf: Callable[..., Any], dtype: str, data: st.DataObject) -> None:
    """``op(x, y, out=...)`` on tiny tensors (the ops' out= shortcut where it applies, the kernel
    where it does not) against numpy's ``out=``: a fresh out, an operand as out (``x op= y``); an
    out overlapping an operand one element along or of another dtype is refused, untouched (two
    deliberate differences from numpy, which buffers and casts)."""
    shape = data.draw(st.lists(st.integers(0, 4), min_size=0, max_size=3).map(tuple))
    x = data.draw(hnp.arrays(dtype, shape, elements=elements(dtype, lo=-20, hi=20)))
    y = data.draw(hnp.arrays(dtype, shape, elements=elements(dtype, lo=-20, hi=20)))
    if name == "divide" and x.dtype.kind in "iu":
        return  # integer true division returns float64, which an integer out cannot hold
    f = getattr(ferrule, name)
    with np.errstate(all="ignore"):
        want = npf(x, y)
        out = ferrule.zeros(shape, dtype=getattr(ferrule, str(want.dtype)))
        assert f(tensor(x), tensor(y), out=out) is out
        check(out, want)
        if want.dtype == x.dtype:
            tx = tensor(x.copy())
            assert f(tx, tensor(y), out=tx) is tx
            check(tx, want)
            # out one element after x in the same memory: refused (numpy would buffer), untouched
            n = x.size
            if n > 1:
                flat = np.concatenate([x.ravel(), np.zeros(1, dtype=x.dtype)])
                base = tensor(flat.copy())
                with pytest.raises(ValueError, match="'out': it partially overlaps an input"):
                    f(base[:n], tensor(y.ravel()), out=base[1 : n + 1])
                check(base, flat)
        # out= takes the result's exact dtype (no casting into it, unlike numpy): refused, untouched
        other = ferrule.zeros(shape, dtype=ferrule.int16)
        with pytest.raises(TypeError, match="'out': expected dtype"):
            f(tensor(x), tensor(y), out=other)
        check(other, np.zeros(shape, dtype=np.int16))


def test_out_shortcut_respects_read_only_memory() -> None:
    """A read-only out (here a view of a read-only numpy array) is refused naming ``out``, with
    nothing written, on the tiny-input path as on the kernel's."""
    frozen = np.zeros(3, dtype=np.float32)
    frozen.flags.writeable = False
    out = ferrule.from_dlpack(frozen)
    a = ferrule.ones((3,), dtype=ferrule.float32)
    with pytest.raises(ValueError, match="'out'.*read-only"):
        ferrule.add(a, a, out=out)
    with pytest.raises(ValueError, match="read-only"):
        out += a
    assert not frozen.any()


def test_operator_slots_are_the_ops() -> None:
    """``+ - * / @`` are the type's native number slots: their dunders call the registered ops
    (reflected forms swap the operands) and non-tensor right operands still work."""
    a = ferrule.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=ferrule.float32)
    n = a.numpy()
    check(a.__add__(1.5), n + 1.5)
    check(a.__radd__(1.5), 1.5 + n)
    check(a.__rsub__(10), 10 - n)
    check(a.__rtruediv__(2), 2 / n)
    check(a.__matmul__(a), n @ n)
    check(a.__rmatmul__(a), n @ n)
    check(a @ a.mT, n @ n.T)  # a transposed view: the shortcut takes strides as they are
    b = a.__imul__(2)  # in-place forms stay the ops with out=
    assert b is a
    check(a, n * 2)
    with pytest.raises(TypeError, match="add"):
        a + "text"


@pytest.mark.parametrize("name,npf", [("floor_divide", np.floor_divide), ("remainder", np.remainder)])
@SETTINGS
@given(data=st.data())
def test_floor_divide_remainder(name: str, npf: Callable[..., Any], data: st.DataObject) -> None:
    ts, nps = data.draw(operands(["int8", "int32", "int64", "uint16", "float32", "float64"], 2))
    assume(not _mixed_sign_uint64(nps))
    assume(all(np.all(a != 0) for a in nps[1:]))  # division by zero is tested on its own
    with np.errstate(all="ignore"):
        want = npf(*nps)
    check(getattr(ferrule, name)(*ts), want)


@SETTINGS
@given(data=st.data())
def test_pow(data: st.DataObject) -> None:
    ts, nps = data.draw(operands(["float32", "float64"], 2, lo=0.5, hi=4))
    check(ferrule.pow(*ts), np.power(*nps))
    ts, nps = data.draw(operands(["int32", "int64"], 2, lo=0, hi=5))
    check(ferrule.pow(*ts), np.power(*nps))


@pytest.mark.parametrize("shift", ["bitwise_left_shift", "bitwise_right_shift"])
@SETTINGS
@given(data=st.data())
def test_shifts(shift: str, data: st.DataObject) -> None:
    ts, nps = data.draw(operands(["int16", "int64", "uint8", "uint32"], 2, lo=0, hi=7))
    assume(not _mixed_sign_uint64(nps))
    npf = np.left_shift if shift == "bitwise_left_shift" else np.right_shift
    check(getattr(ferrule, shift)(*ts), npf(*nps))


UNARY: list[tuple[str, Callable[..., Any], list[str], dict[str, float]]] = [
    ("abs", np.abs, NUMERIC, {}),
    ("negative", np.negative, NUMERIC, {}),
    ("positive", np.positive, NUMERIC, {}),
    ("sign", np.sign, REAL, {}),
    ("square", np.square, NUMERIC, {}),
    ("conj", np.conj, COMPLEX, {}),
    ("real", np.real, COMPLEX, {}),
    ("imag", np.imag, COMPLEX, {}),
    ("round", np.round, FLOATS, {}),
    ("floor", np.floor, FLOATS, {}),
    ("ceil", np.ceil, FLOATS, {}),
    ("trunc", np.trunc, FLOATS, {}),
    ("signbit", np.signbit, FLOATS, {}),
    ("isfinite", np.isfinite, NUMERIC, {}),
    ("isinf", np.isinf, NUMERIC, {}),
    ("isnan", np.isnan, NUMERIC, {}),
    ("logical_not", np.logical_not, ["bool"], {}),
    ("bitwise_invert", np.invert, ["bool"] + INTS, {}),
    ("exp", np.exp, FLOATS + COMPLEX, {"lo": -20, "hi": 20}),
    ("expm1", np.expm1, FLOATS, {"lo": -20, "hi": 20}),
    ("log", np.log, FLOATS, {"lo": 1e-3, "hi": 1e3}),
    ("log1p", np.log1p, FLOATS, {"lo": 0, "hi": 1e3}),
    ("log2", np.log2, FLOATS, {"lo": 1e-3, "hi": 1e3}),
    ("log10", np.log10, FLOATS, {"lo": 1e-3, "hi": 1e3}),
    ("sqrt", np.sqrt, FLOATS + COMPLEX, {"lo": 0, "hi": 1e3}),
    ("sin", np.sin, FLOATS, {}),
    ("cos", np.cos, FLOATS, {}),
    ("tan", np.tan, ["float32", "float64"], {"lo": -1.5, "hi": 1.5}),
    ("asin", np.arcsin, FLOATS, {"lo": -1, "hi": 1}),
    ("acos", np.arccos, FLOATS, {"lo": -1, "hi": 1}),
    ("atan", np.arctan, FLOATS, {}),
    ("sinh", np.sinh, FLOATS, {"lo": -10, "hi": 10}),
    ("cosh", np.cosh, FLOATS, {"lo": -10, "hi": 10}),
    ("tanh", np.tanh, FLOATS, {}),
    ("asinh", np.arcsinh, FLOATS, {}),
    ("acosh", np.arccosh, FLOATS, {"lo": 1, "hi": 50}),
    ("atanh", np.arctanh, FLOATS, {"lo": -0.99, "hi": 0.99}),
]


@pytest.mark.parametrize("name,npf,dtypes,bounds", UNARY, ids=[u[0] for u in UNARY])
@SETTINGS
@given(data=st.data())
def test_unary(
    name: str, npf: Callable[..., Any], dtypes: list[str], bounds: dict[str, float], data: st.DataObject
) -> None:
    (t,), (a,) = data.draw(operands(dtypes, 1, **bounds))
    with np.errstate(all="ignore"):
        want = npf(a)
    check(getattr(ferrule, name)(t), want)


@SETTINGS
@given(data=st.data())
def test_reciprocal(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["float32", "float64"], 1, lo=0.5, hi=50))
    check(ferrule.reciprocal(t), np.reciprocal(a))


def test_exp_special_values() -> None:
    for dtype in ("float32", "float64"):
        a = np.array(
            [0.0, -0.0, 1.0, -1.0, 88.0, 89.0, -103.0, -110.0, 700.0, -750.0, np.inf, -np.inf, np.nan], dtype=dtype
        )
        with np.errstate(all="ignore"):
            check(ferrule.exp(tensor(a)), np.exp(a))


@SETTINGS
@given(data=st.data())
def test_python_scalars_are_weak(data: st.DataObject) -> None:
    """NEP 50 / the standard: a Python scalar takes the tensor's dtype."""
    (t,), (a,) = data.draw(operands(["int8", "uint8", "float32"], 1, lo=0, hi=20))
    check(ferrule.add(t, 3), a + a.dtype.type(3))
    check(t * 2, a * a.dtype.type(2))
    check(2 - t, a.dtype.type(2) - a)
    check(
        ferrule.multiply(t, 1.5), np.multiply(a, 1.5) if a.dtype.kind == "f" else np.multiply(a.astype("float64"), 1.5)
    )


@SETTINGS
@given(data=st.data())
def test_clip_where(data: st.DataObject) -> None:
    dtype = data.draw(st.sampled_from(["float32", "float64", "int32"]))
    ts, nps = data.draw(operands([dtype], 3))
    lo, hi = np.minimum(nps[1], nps[2]), np.maximum(nps[1], nps[2])
    check(ferrule.clip(ts[0], ferrule.minimum(ts[1], ts[2]), ferrule.maximum(ts[1], ts[2])), np.clip(nps[0], lo, hi))
    cond = nps[1] > nps[2]
    check(ferrule.where(ts[1] > ts[2], ts[0], ts[2]), np.where(cond, nps[0], nps[2]))


def test_out_argument() -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    b = np.ones(4, dtype=np.float32)
    out = ferrule.zeros((3, 4), dtype=ferrule.float32)
    r = ferrule.add(tensor(a), tensor(b), out=out)
    assert r is out
    check(out, a + b)
    check(ferrule.exp(tensor(a / 10), out=out), np.exp(a / 10))
    with pytest.raises(ValueError, match="out"):
        ferrule.add(tensor(a), tensor(b), out=ferrule.zeros((4, 3), dtype=ferrule.float32))
    with pytest.raises(TypeError, match="out"):
        ferrule.add(tensor(a), tensor(b), out=ferrule.zeros((3, 4), dtype=ferrule.int32))
    # In place through an operator: the same object, the same memory.
    t = tensor(a.copy())
    before = t
    t += 1
    assert t is before
    check(t, a + 1)


def test_type_promotion_table() -> None:
    """ferrule.result_type agrees with numpy for every pair in the standard's table."""
    kinds = [["bool"], ["int8", "int16", "int32", "int64"], ["uint8", "uint16", "uint32", "uint64"], FLOATS, COMPLEX]
    names = ["bool"] + INTS + FLOATS + COMPLEX
    for a in names:
        for b in names:
            same_kind = any(a in k and b in k for k in kinds)
            ints = a in INTS and b in INTS
            if not (same_kind or ints or {a, b} <= set(FLOATS + COMPLEX)):
                continue
            if ints and {a, b} & {"uint64"} and (a.startswith("int") or b.startswith("int")):
                continue  # int64 + uint64 is not in the table
            assert str(ferrule.result_type(a, b)) == np.result_type(a, b).name, (a, b)
            t = ferrule.add(ferrule.ones((1,), dtype=a), ferrule.ones((1,), dtype=b)) if "bool" not in (a, b) else None
            if t is not None:
                assert str(t.dtype) == np.result_type(a, b).name, (a, b)


def test_dtype_queries() -> None:
    assert ferrule.result_type("int8", "uint8") is ferrule.int16  # the namespace's dtype object
    assert ferrule.result_type(ferrule.float32, 1.0) is ferrule.float32
    assert ferrule.can_cast("int8", "int16") is True
    assert ferrule.can_cast("float64", "float32") is False
    for d in FLOATS:
        f, n = ferrule.finfo(d), np.finfo(d)
        assert (f.bits, f.eps, f.max, f.min, f.smallest_normal) == (
            n.bits,
            float(n.eps),
            float(n.max),
            float(n.min),
            float(n.smallest_normal),
        )
    for d in INTS:
        f, n = ferrule.iinfo(d), np.iinfo(d)
        assert (f.bits, f.max, f.min) == (n.bits, n.max, n.min)
    assert ferrule.isdtype("float32", "real floating")
    assert not ferrule.isdtype("int8", ("real floating", "complex floating"))
    assert ferrule.isdtype("uint8", "integral")


# ---------------------------------------------------------------- reductions


@st.composite
def reduce_case(draw: st.DrawFn, dtypes: list[str], **bounds: float) -> tuple[ferrule.Tensor, np.ndarray, Any, bool]:
    (t,), (a,) = draw(operands(dtypes, 1, **bounds))
    if a.ndim == 0:
        axis = None
    else:
        axis = draw(
            st.one_of(
                st.none(),
                st.integers(-a.ndim, a.ndim - 1),
                st.lists(st.integers(0, a.ndim - 1), unique=True).map(tuple),
            )
        )
    keepdims = draw(st.booleans())
    return t, a, axis, keepdims


REDUCTIONS: list[tuple[str, Callable[..., Any], list[str]]] = [
    ("sum", np.sum, ["bool", "int8", "int32", "uint16", "int64", "float32", "float64", "complex64"]),
    ("prod", np.prod, ["int8", "int64", "uint32", "float64"]),
    ("all", np.all, ["bool", "int32", "float64"]),
    ("any", np.any, ["bool", "int32", "float64"]),
    ("count_nonzero", np.count_nonzero, ["bool", "int16", "float32"]),
]


def _np_sum_like(npf: Callable[..., Any], a: np.ndarray, axis: Any, keepdims: bool) -> Any:
    if npf is np.count_nonzero:
        return np.asarray(np.count_nonzero(a, axis=axis, keepdims=keepdims), dtype=np.int64)
    if npf in (np.sum, np.prod) and a.dtype.kind in "biu":
        # The standard: the default integer accumulator (int64, or uint64 for unsigned).
        return npf(a, axis=axis, keepdims=keepdims, dtype=np.uint64 if a.dtype.kind == "u" else np.int64)
    return npf(a, axis=axis, keepdims=keepdims)


def _sum_scale(name: str, a: np.ndarray, axis: Any, keepdims: bool) -> Any:
    """The rounding-error scale of a sum or mean: terms * the mean magnitude of the terms
    (a different summation order than numpy's differs by that much under cancellation)."""
    if name not in ("sum", "mean") or a.dtype.kind not in "fc":
        return None
    mags = np.abs(a).astype(np.float64)
    return a.size * np.mean(mags, axis=axis, keepdims=keepdims) if a.size else None


@pytest.mark.parametrize("name,npf,dtypes", REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
@SETTINGS
@given(data=st.data())
def test_reductions(name: str, npf: Callable[..., Any], dtypes: list[str], data: st.DataObject) -> None:
    t, a, axis, keepdims = data.draw(reduce_case(dtypes, lo=-3, hi=3))
    want = _np_sum_like(npf, a, axis, keepdims)
    check(getattr(ferrule, name)(t, axis=axis, keepdims=keepdims), want, scale=_sum_scale(name, a, axis, keepdims))


@pytest.mark.parametrize(
    "name,npf", [("max", np.max), ("min", np.min), ("mean", np.mean), ("var", np.var), ("std", np.std)]
)
@SETTINGS
@given(data=st.data())
def test_statistics(name: str, npf: Callable[..., Any], data: st.DataObject) -> None:
    dtypes = ["float32", "float64"] if name in ("mean", "var", "std") else ["int8", "uint32", "float32", "float64"]
    t, a, axis, keepdims = data.draw(reduce_case(dtypes))
    axes = range(a.ndim) if axis is None else ([axis] if isinstance(axis, int) else axis)
    empty = any(a.shape[ax] == 0 for ax in axes)
    if name in ("max", "min") and empty:
        with pytest.raises(ValueError, match=name):
            getattr(ferrule, name)(t, axis=axis, keepdims=keepdims)
        return
    with np.errstate(all="ignore"):
        want = npf(a, axis=axis, keepdims=keepdims)
    check(getattr(ferrule, name)(t, axis=axis, keepdims=keepdims), want, scale=_sum_scale(name, a, axis, keepdims))


@pytest.mark.parametrize("name,npf", [("argmax", np.argmax), ("argmin", np.argmin)])
@SETTINGS
@given(data=st.data())
def test_argmax_argmin(name: str, npf: Callable[..., Any], data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int16", "float32", "float64"], 1))
    assume(a.size > 0)
    axis = data.draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1))) if a.ndim else None
    assume(axis is None or a.shape[axis] > 0)
    keepdims = data.draw(st.booleans())
    check(getattr(ferrule, name)(t, axis=axis, keepdims=keepdims), npf(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("name,npf", [("cumulative_sum", np.cumulative_sum), ("cumulative_prod", np.cumulative_prod)])
@SETTINGS
@given(data=st.data())
def test_cumulative(name: str, npf: Callable[..., Any], data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int32", "float64"], 1, lo=-3, hi=3))
    assume(a.ndim >= 1)
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1)) if a.ndim > 1 else None
    include_initial = data.draw(st.booleans())
    kw = {"dtype": np.int64} if a.dtype.kind == "i" else {}
    check(
        getattr(ferrule, name)(t, axis=axis, include_initial=include_initial),
        npf(a, axis=axis, include_initial=include_initial, **kw),
    )


@SETTINGS
@given(data=st.data())
def test_diff(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int32", "float64"], 1))
    assume(a.ndim >= 1)
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.integers(0, 3))
    check(ferrule.diff(t, axis=axis, n=n), np.diff(a, axis=axis, n=n))


# ---------------------------------------------------------------- linear algebra


@SETTINGS
@given(data=st.data())
def test_matmul_batched(data: st.DataObject) -> None:
    m, k, n = (data.draw(st.integers(1, 9)) for _ in range(3))
    batch = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2, max_side=3))
    dtype = data.draw(st.sampled_from(["float32", "float64", "int32", "complex64"]))
    a = data.draw(hnp.arrays(dtype, batch.input_shapes[0] + (m, k), elements=elements(dtype, lo=-4, hi=4)))
    b = data.draw(hnp.arrays(dtype, batch.input_shapes[1] + (k, n), elements=elements(dtype, lo=-4, hi=4)))
    ta, tb = tensor(a), tensor(b)
    if data.draw(st.booleans()) and a.ndim == 2:
        # A transposed view, passed as strides.
        ta, a = ferrule.matrix_transpose(tensor(np.ascontiguousarray(a.T))), a
    # The error of a dot product is bounded by k * eps * sum(|a_i| |b_i|).
    scale = k * np.matmul(np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    check(ferrule.matmul(ta, tb), np.matmul(a, b), scale=scale)
    check(ta @ tb, a @ b, scale=scale)


def test_matmul_vectors_and_mm() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((5, 7)), rng.standard_normal(7)
    check(ferrule.matmul(tensor(a), tensor(b)), a @ b)
    check(ferrule.matmul(tensor(b), tensor(a.T.copy())), b @ a.T)
    check(ferrule.matmul(tensor(b), tensor(b)), b @ b)
    c = rng.standard_normal((7, 3)).astype(np.float32)
    check(ferrule.mm(tensor(a.astype(np.float32)), tensor(c)), a.astype(np.float32) @ c)
    with pytest.raises(ValueError, match="matmul"):
        ferrule.matmul(tensor(a), tensor(a))
    out = ferrule.zeros((5, 3), dtype="float32")
    ferrule.matmul(tensor(a.astype(np.float32)), tensor(c), out=out)
    check(out, a.astype(np.float32) @ c)


def test_tensordot_vecdot_norms() -> None:
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((3, 4, 5)), rng.standard_normal((4, 5, 2))
    check(ferrule.tensordot(tensor(a), tensor(b), axes=2), np.tensordot(a, b, axes=2))
    check(ferrule.tensordot(tensor(a), tensor(b), axes=([1], [0])), np.tensordot(a, b, axes=([1], [0])))
    u, v = rng.standard_normal((3, 4)), rng.standard_normal((4,))
    check(ferrule.vecdot(tensor(u), tensor(v)), np.vecdot(u, v))
    m = rng.standard_normal((2, 3, 4))
    for ord_ in ["fro", 1, -1, np.inf, -np.inf]:
        check(ferrule.linalg.matrix_norm(tensor(m), ord=ord_), np.linalg.matrix_norm(m, ord=ord_))
    for ord_ in [2, 1, np.inf, -np.inf, 0, 3]:
        check(ferrule.linalg.vector_norm(tensor(m), ord=ord_, axis=-1), np.linalg.vector_norm(m, ord=ord_, axis=-1))


# ---------------------------------------------------------------- manipulation


@SETTINGS
@given(data=st.data())
def test_manipulation(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int16", "float64", "bool"], 1))
    check(ferrule.reshape(t, (-1,)), a.reshape(-1))
    check(ferrule.flip(t), np.flip(a))
    if a.ndim:
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        check(ferrule.flip(t, axis=axis), np.flip(a, axis=axis))
        shift = data.draw(st.integers(-5, 5))
        check(ferrule.roll(t, shift, axis=axis), np.roll(a, shift, axis=axis))
        check(ferrule.moveaxis(t, axis, 0), np.moveaxis(a, axis, 0))
        check(ferrule.repeat(t, 2, axis=axis), np.repeat(a, 2, axis=axis))
        check(ferrule.concat([t, t], axis=axis), np.concatenate([a, a], axis=axis))
        for got, want in zip(
            ferrule.unstack(t, axis=axis), [np.take(a, i, axis=axis) for i in range(a.shape[axis])], strict=False
        ):
            check(got, want)
    check(ferrule.roll(t, 1), np.roll(a, 1))
    check(ferrule.expand_dims(t, axis=0), np.expand_dims(a, 0))
    check(ferrule.stack([t, t], axis=-1), np.stack([a, a], axis=-1))
    check(ferrule.tile(t, (2, 1)), np.tile(a, (2, 1)))
    check(ferrule.squeeze(ferrule.expand_dims(t, axis=0), axis=0), a)
    check(ferrule.broadcast_to(t, (2,) + a.shape), np.broadcast_to(a, (2,) + a.shape))
    check(ferrule.matrix_transpose(t) if a.ndim >= 2 else t, np.swapaxes(a, -1, -2) if a.ndim >= 2 else a)


def test_broadcast_arrays_and_reshape_errors() -> None:
    a, b = np.arange(3), np.arange(4).reshape(4, 1)
    for got, want in zip(ferrule.broadcast_arrays(tensor(a), tensor(b)), np.broadcast_arrays(a, b), strict=False):
        check(got, want)
    with pytest.raises(ValueError, match="reshape"):
        ferrule.reshape(tensor(a), (2, 2))
    with pytest.raises((ValueError, OverflowError), match="reshape|shape"):
        ferrule.reshape(ferrule.zeros((0,)), (2**40, 2**40, 0, 2**40, 2**40))


# ---------------------------------------------------------------- creation


def test_creation() -> None:
    check(ferrule.arange(1, 10, 3), np.arange(1, 10, 3))
    check(ferrule.arange(0.5, 3.0, 0.5), np.arange(0.5, 3.0, 0.5))
    check(ferrule.arange(5, dtype="float32"), np.arange(5, dtype=np.float32))
    check(ferrule.linspace(0, 1, 7), np.linspace(0, 1, 7))
    check(ferrule.linspace(0, 1, 7, endpoint=False), np.linspace(0, 1, 7, endpoint=False))
    check(ferrule.eye(3, 4, k=1, dtype="int32"), np.eye(3, 4, k=1, dtype=np.int32))
    check(ferrule.full((2, 3), 7), np.full((2, 3), 7))
    check(ferrule.full((2,), 1.5, dtype="float32"), np.full((2,), 1.5, dtype=np.float32))
    check(ferrule.zeros((2, 0)), np.zeros((2, 0)))
    check(ferrule.ones(3, dtype="int8"), np.ones(3, dtype=np.int8))
    check(ferrule.empty((2, 2)).shape and ferrule.zeros_like(ferrule.ones((2, 2))), np.zeros((2, 2)))
    check(ferrule.full_like(ferrule.zeros(2, dtype="int32"), 5), np.full(2, 5, dtype=np.int32))
    m = np.arange(20.0).reshape(4, 5)
    for k in (-2, 0, 1):
        check(ferrule.tril(tensor(m), k=k), np.tril(m, k))
        check(ferrule.triu(tensor(m), k=k), np.triu(m, k))
    x, y = np.arange(3), np.arange(2)
    for indexing in ("xy", "ij"):
        for got, want in zip(
            ferrule.meshgrid(tensor(x), tensor(y), indexing=indexing),
            np.meshgrid(x, y, indexing=indexing),
            strict=False,
        ):
            check(got, want)
    u = ferrule.random.uniform(0.0, 1.0, (1000,), seed=3)
    assert u.dtype is ferrule.float64 and 0.0 <= float(ferrule.min(u).numpy()) and float(ferrule.max(u).numpy()) < 1.0
    check(u, ferrule.random.uniform(0.0, 1.0, (1000,), seed=3).numpy(), exact=True)
    n = ferrule.random.normal(2.0, 0.5, (20000,), seed=4).numpy()
    assert abs(n.mean() - 2.0) < 0.02 and abs(n.std() - 0.5) < 0.02


# ---------------------------------------------------------------- indexing and searching


@SETTINGS
@given(data=st.data())
def test_basic_slicing(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int32", "float32"], 1))
    assume(a.ndim >= 1)
    index = tuple(
        slice(
            data.draw(st.none() | st.integers(-6, 6)),
            data.draw(st.none() | st.integers(-6, 6)),
            data.draw(st.none() | st.sampled_from([-3, -2, -1, 1, 2, 3])),
        )
        for _ in range(data.draw(st.integers(1, a.ndim)))
    )
    check(t[index], a[index])
    if a.shape[0]:
        i = data.draw(st.integers(-a.shape[0], a.shape[0] - 1))
        check(t[i], a[i])
        check(t[i, ...], a[i, ...])
    check(t[None, ...], a[None, ...])


@SETTINGS
@given(data=st.data())
def test_advanced_indexing(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int64", "float64"], 1))
    assume(a.ndim >= 1 and a.shape[0] > 0)
    idx = data.draw(
        hnp.arrays(np.int64, data.draw(st.integers(0, 5)), elements=st.integers(-a.shape[0], a.shape[0] - 1))
    )
    check(t[tensor(idx)], a[idx])
    mask = a > 0
    check(t[tensor(mask)], a[mask])
    check(ferrule.take(t, tensor(idx), axis=0), np.take(a, idx, axis=0))
    nz = ferrule.nonzero(t)
    for got, want in zip(nz, np.nonzero(a) if a.ndim else (), strict=False):
        check(got, want)


def test_setitem_take_along_axis_searchsorted() -> None:
    a = np.arange(12.0).reshape(3, 4)
    t = tensor(a.copy())
    t[1, ::2] = 0.5
    a[1, ::2] = 0.5
    check(t, a)
    t[tensor(a > 5)] = -1.0
    a[a > 5] = -1.0
    check(t, a)
    i = np.argsort(a, axis=1)
    check(ferrule.take_along_axis(tensor(a), tensor(i), axis=1), np.take_along_axis(a, i, axis=1))
    s = np.array([1.0, 2.0, 2.0, 5.0])
    v = np.array([0.0, 2.0, 3.0, 9.0])
    for side in ("left", "right"):
        check(ferrule.searchsorted(tensor(s), tensor(v), side=side), np.searchsorted(s, v, side=side))
    with pytest.raises(IndexError, match="out of bounds|index"):
        t[3]
    with pytest.raises(IndexError):
        ferrule.take(tensor(s), tensor(np.array([4])))


@SETTINGS
@given(data=st.data())
def test_sort_unique(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(["int8", "uint16", "float32", "float64"], 1, lo=-5, hi=5))
    assume(a.ndim >= 1)
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    descending = data.draw(st.booleans())
    want = np.sort(a, axis=axis)
    if descending:
        want = np.flip(want, axis=axis)
    check(ferrule.sort(t, axis=axis, descending=descending), want)
    order = ferrule.argsort(t, axis=axis, stable=True).numpy()
    check(np.take_along_axis(a, order, axis=axis), np.sort(a, axis=axis, kind="stable"))
    np.testing.assert_array_equal(order, np.argsort(a, axis=axis, kind="stable"))
    flat = a.reshape(-1)
    check(ferrule.unique_values(t), np.sort(np.unique_values(flat)))  # numpy leaves the order open
    values, counts = ferrule.unique_counts(t)
    wv, wc = np.unique_counts(flat)
    check(values, wv)
    check(counts, wc)
    uv, inverse = ferrule.unique_inverse(t)
    check(uv, np.unique_inverse(a).values)
    check(inverse, np.unique_inverse(a).inverse_indices)
    ua = ferrule.unique_all(t)
    wa = np.unique_all(a)
    for got, want in zip(ua, (wa.values, wa.indices, wa.inverse_indices, wa.counts), strict=False):
        check(got, want)


@SETTINGS
@given(data=st.data())
def test_nonzero_and_unique_return_the_standard_tuples(data: st.DataObject) -> None:
    """nonzero returns a tuple and the unique_* functions named tuples with the standard's (and
    numpy's) field names, each field equal to what np.nonzero and np.unique return."""
    (t,), (a,) = data.draw(operands(["bool", "int8", "uint16", "float32", "float64"], 1, lo=-3, hi=3))
    assume(a.ndim >= 1)
    nz = ferrule.nonzero(t)
    assert type(nz) is tuple and len(nz) == a.ndim
    for got, want in zip(nz, np.nonzero(a), strict=True):
        check(got, want)

    values, index, inverse, counts = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(a.shape)  # the standard's inverse_indices has x's shape
    u = ferrule.unique_all(t)
    results = [
        (ferrule.unique_counts(t), np.unique_counts(a), (values, counts)),
        (ferrule.unique_inverse(t), np.unique_inverse(a), (values, inverse)),
        (u, np.unique_all(a), (values, index, inverse, counts)),
    ]
    for got, numpy_result, wants in results:
        assert isinstance(got, tuple) and got._fields == numpy_result._fields
        for name, want in zip(got._fields, wants, strict=True):
            check(getattr(got, name), want)
    check(u.values[u.inverse_indices], a)  # values[inverse_indices] rebuilds x


# ---------------------------------------------------------------- geo_distance and astype


def test_geo_distance_matches_haversine() -> None:
    rng = np.random.default_rng(5)
    lon1, lat1 = rng.uniform(-180, 180, 50), rng.uniform(-90, 90, 50)
    lon2, lat2 = rng.uniform(-180, 180, (3, 1)), rng.uniform(-90, 90, (3, 1))
    p = np.pi / 180
    a = np.sin((lat2 - lat1) * p / 2) ** 2 + np.cos(lat1 * p) * np.cos(lat2 * p) * np.sin((lon2 - lon1) * p / 2) ** 2
    want = 2 * 6378000.0 * np.arcsin(np.sqrt(a))  # the equatorial radius, rounded: 6378 km
    got = ferrule.geo_distance(tensor(lon1), tensor(lat1), tensor(lon2), tensor(lat2)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-9)


@SETTINGS
@given(data=st.data())
def test_astype(data: st.DataObject) -> None:
    (t,), (a,) = data.draw(operands(ALL, 1, lo=-100, hi=100))
    target = data.draw(st.sampled_from(ALL))
    assume(not (a.dtype.kind == "c" and target not in COMPLEX))
    with np.errstate(all="ignore"):
        want = a.astype(target)
    if a.dtype.kind == "f" and np.dtype(target).kind in "iu":
        a = np.trunc(a)
        assume(bool(np.all((a >= np.iinfo(target).min) & (a <= np.iinfo(target).max))))
        want = a.astype(target)
        t = ferrule.trunc(t)
    check(ferrule.astype(t, target), want)


# ---------------------------------------------------------------- errors name the op and argument


def test_errors_name_op_and_argument() -> None:
    a, b = tensor(np.zeros((2, 3))), tensor(np.zeros((4,)))
    with pytest.raises(ValueError, match=r"add.*broadcast"):
        ferrule.add(a, b)
    with pytest.raises((ValueError, IndexError), match=r"sum.*axis"):
        ferrule.sum(a, axis=5)
    with pytest.raises(TypeError, match=r"bitwise_and.*float64"):
        ferrule.bitwise_and(a, a)
    with pytest.raises(TypeError, match=r"add.*'x1'"):
        ferrule.add("nope", a)
    with pytest.raises(TypeError, match=r"bitwise_invert.*float64"):
        ferrule.bitwise_invert(a)
    with pytest.raises(ValueError, match=r"concat"):
        ferrule.concat([a, b])
    with pytest.raises(TypeError, match="dtype"):
        ferrule.zeros((2,), dtype="float128")
    with pytest.raises((ValueError, OverflowError), match="zeros|shape"):
        ferrule.zeros((2**62, 2**62))
    with pytest.raises(ValueError, match="zeros|negative"):
        ferrule.zeros((-1,))
    with pytest.raises(ZeroDivisionError):
        ferrule.arange(0, 10, 0)
    with pytest.raises(ValueError, match="max"):
        ferrule.max(ferrule.zeros((0,)))


def test_integer_division_by_zero_is_numpy() -> None:
    a, z = np.array([7, -7, 0], dtype=np.int32), np.zeros(3, dtype=np.int32)
    with np.errstate(all="ignore"):
        check(ferrule.floor_divide(tensor(a), tensor(z)), np.floor_divide(a, z))
        check(ferrule.remainder(tensor(a), tensor(z)), np.remainder(a, z))
