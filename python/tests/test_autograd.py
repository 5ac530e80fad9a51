"""Autograd: gradients of every op with a backward formula checked against central finite
differences in float64 (hypothesis over shapes: broadcasting, 0-d, empty, non-contiguous),
second derivatives, grad mode, the saved-tensor version check, hooks, retain_graph,
accumulation, threads, preservation of saved tensors' Python objects, and the errors."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any

import ferrule as f
import numpy as np
import pytest
from ferrule.nn import functional as F
from gradcheck import gradcheck, leaf, numeric_grad
from hypothesis import given
from hypothesis import strategies as st


def away(lo: float, hi: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda a: lo + (hi - lo) * (np.tanh(a) + 1) / 2


UNARY: dict[str, tuple[Callable[[Any], Any], Callable[[np.ndarray], np.ndarray]]] = {
    "abs": (f.abs, lambda a: np.where(np.abs(a) < 0.1, a + 0.5, a)),
    "negative": (f.negative, lambda a: a),
    "positive": (f.positive, lambda a: a),
    "square": (f.square, lambda a: a),
    "reciprocal": (f.reciprocal, away(0.5, 3)),
    "exp": (f.exp, lambda a: a),
    "expm1": (f.expm1, lambda a: a),
    "log": (f.log, away(0.2, 3)),
    "log1p": (f.log1p, away(-0.5, 3)),
    "log2": (f.log2, away(0.2, 3)),
    "log10": (f.log10, away(0.2, 3)),
    "sqrt": (f.sqrt, away(0.2, 3)),
    "sin": (f.sin, lambda a: a),
    "cos": (f.cos, lambda a: a),
    "tan": (f.tan, away(-1, 1)),
    "asin": (f.asin, away(-0.8, 0.8)),
    "acos": (f.acos, away(-0.8, 0.8)),
    "atan": (f.atan, lambda a: a),
    "sinh": (f.sinh, lambda a: a),
    "cosh": (f.cosh, lambda a: a),
    "tanh": (f.tanh, lambda a: a),
    "asinh": (f.asinh, lambda a: a),
    "acosh": (f.acosh, away(1.2, 3)),
    "atanh": (f.atanh, away(-0.8, 0.8)),
    "floor": (f.floor, lambda a: np.floor(a) + 0.5),
    "ceil": (f.ceil, lambda a: np.floor(a) + 0.5),
    "trunc": (f.trunc, lambda a: np.floor(a) + 0.5),
    "round": (f.round, lambda a: np.floor(a) + 0.25),
    "sign": (f.sign, lambda a: np.where(np.abs(a) < 0.1, a + 0.5, a)),
    "relu": (F.relu, lambda a: np.where(np.abs(a) < 0.1, a + 0.5, a)),
    "sigmoid": (F.sigmoid, lambda a: a),
    "softmax": (lambda x: F.softmax(x, axis=-1) if x.ndim else x, lambda a: a),
    "log_softmax": (lambda x: F.log_softmax(x, axis=-1) if x.ndim else x, lambda a: a),
}

BINARY: dict[
    str, tuple[Callable[[Any, Any], Any], Callable[[np.ndarray], np.ndarray], Callable[[np.ndarray], np.ndarray]]
] = {
    "add": (f.add, lambda a: a, lambda b: b),
    "subtract": (f.subtract, lambda a: a, lambda b: b),
    "multiply": (f.multiply, lambda a: a, lambda b: b),
    "divide": (f.divide, lambda a: a, away(0.5, 2)),
    "pow": (f.pow, away(0.5, 2), lambda b: b),
    "maximum": (f.maximum, lambda a: a, lambda b: b + 0.37),
    "minimum": (f.minimum, lambda a: a, lambda b: b + 0.37),
    "atan2": (f.atan2, away(0.3, 2), away(0.3, 2)),
    "hypot": (f.hypot, away(0.3, 2), away(0.3, 2)),
    "logaddexp": (f.logaddexp, lambda a: a, lambda b: b),
}

small = st.floats(-2, 2, allow_nan=False, width=64)


def arrays(shape: tuple[int, ...]) -> st.SearchStrategy[np.ndarray]:
    n = int(np.prod(shape)) if shape else 1
    return st.lists(small, min_size=n, max_size=n).map(lambda v: np.asarray(v, dtype=np.float64).reshape(shape))


shapes = st.sampled_from([(), (0,), (3,), (2, 3), (3, 1), (2, 0, 3), (1, 2, 2)])


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary_gradcheck(name: str, data: st.DataObject) -> None:
    fn, domain = UNARY[name]
    shape = data.draw(shapes)
    a = domain(data.draw(arrays(shape)))
    gradcheck(fn, a, transpose=data.draw(st.booleans()))


broadcast_pairs = st.sampled_from(
    [((), ()), ((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((0, 3), (3,)), ((2, 3), ())]
)


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary_gradcheck(name: str, data: st.DataObject) -> None:
    fn, da, db = BINARY[name]
    sa, sb = data.draw(broadcast_pairs)
    if data.draw(st.booleans()):
        sa, sb = sb, sa
    a, b = da(data.draw(arrays(sa))), db(data.draw(arrays(sb)))
    gradcheck(fn, a, b, transpose=data.draw(st.booleans()))


def test_binary_with_python_scalars() -> None:
    a = np.array([0.5, 1.5, 2.0])
    gradcheck(lambda x: f.pow(x, 3), a)
    gradcheck(lambda x: 2.0 - x * 3 + x / 4, a)
    gradcheck(lambda x: f.pow(2.0, x), a)


REDUCTIONS: dict[str, Callable[..., Any]] = {
    "sum": f.sum,
    "mean": f.mean,
    "var": f.var,
    "std": f.std,
    "max": f.max,
    "min": f.min,
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@given(data=st.data())
def test_reduction_gradcheck(name: str, data: st.DataObject) -> None:
    fn = REDUCTIONS[name]
    shape = data.draw(st.sampled_from([(4,), (2, 3), (3, 1, 2)]))
    axis = data.draw(st.sampled_from([None, 0, -1, (0, -1)] if len(shape) > 1 else [None, 0, -1]))
    keepdims = data.draw(st.booleans())
    # distinct values away from ties for max/min, spread for std
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape) * 0.37 + data.draw(arrays(shape)) * 0.01
    extra: dict[str, Any] = {}
    if name in ("var", "std"):
        extra["correction"] = data.draw(st.sampled_from([0.0, 1.0])) if min(shape) > 1 else 0.0
    gradcheck(lambda x: fn(x, axis=axis, keepdims=keepdims, **extra), a)


def test_max_splits_ties_evenly() -> None:
    x = leaf([1.0, 3.0, 3.0])
    f.max(x).backward()
    assert np.asarray(x.grad).tolist() == [0.0, 0.5, 0.5]


@pytest.mark.parametrize(
    ("sa", "sb"),
    [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 4)), ((2, 2, 3), (3, 4)), ((2, 1, 2, 3), (2, 3, 2))],
)
def test_matmul_gradcheck(sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    rng = np.random.default_rng(1)
    gradcheck(f.matmul, rng.standard_normal(sa), rng.standard_normal(sb), transpose=True)
    if len(sa) == 2 and len(sb) == 2:
        gradcheck(f.mm, rng.standard_normal(sa), rng.standard_normal(sb))


MANIP: dict[str, tuple[Callable[[Any], Any], tuple[int, ...]]] = {
    "reshape": (lambda x: f.reshape(x, (3, 2)), (2, 3)),
    "reshape_flat": (lambda x: f.reshape(x, (-1,)), (2, 3)),
    "permute_dims": (lambda x: f.permute_dims(x, (2, 0, 1)), (2, 3, 4)),
    "matrix_transpose": (f.matrix_transpose, (2, 3)),
    "expand_dims": (lambda x: f.expand_dims(x, axis=1), (2, 3)),
    "squeeze": (lambda x: f.squeeze(x, axis=1), (2, 1, 3)),
    "broadcast_to": (lambda x: f.broadcast_to(x, (4, 2, 3)), (2, 1)),
    "flip": (lambda x: f.flip(x, axis=0), (3, 2)),
    "moveaxis": (lambda x: f.moveaxis(x, 0, -1), (2, 3, 4)),
    "astype": (lambda x: f.astype(x, f.float64), (2, 3)),
    "clip": (lambda x: f.clip(x, -0.5, 0.7), (7,)),
    "clip_max_only": (lambda x: f.clip(x, None, 0.2), (7,)),
}


@pytest.mark.parametrize("name", sorted(MANIP))
def test_manipulation_gradcheck(name: str) -> None:
    fn, shape = MANIP[name]
    a = np.linspace(-1.13, 1.31, int(np.prod(shape))).reshape(shape)
    gradcheck(fn, a)


def test_where_gradcheck() -> None:
    cond = f.asarray([True, False, True])
    gradcheck(lambda a, b: f.where(cond, a, b), [1.0, 2.0, 3.0], [[4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    gradcheck(lambda a: f.where(cond, a, 0.0), [1.0, 2.0, 3.0])


def test_astype_between_float_dtypes_keeps_the_input_dtype() -> None:
    x = leaf([1.0, 2.0], dtype=f.float32)
    y = f.astype(x, f.float64)
    (y * y).sum().backward()
    assert x.grad.dtype == f.float32
    np.testing.assert_allclose(np.asarray(x.grad), [2.0, 4.0])
    # to an integer dtype the result leaves the graph
    assert not f.astype(x, f.int32).requires_grad


def test_losses_gradcheck() -> None:
    rng = np.random.default_rng(2)
    target = f.asarray([0, 2, 1, 2])
    gradcheck(lambda x: F.cross_entropy(x, target), rng.standard_normal((4, 3)))
    gradcheck(F.mse_loss, rng.standard_normal((2, 3)), rng.standard_normal((2, 3)))


def test_losses_match_numpy_and_are_stable() -> None:
    logits = np.array([[1000.0, 0.0, -1000.0], [1.0, 2.0, 3.0]])
    target = np.array([0, 2])
    got = float(F.cross_entropy(f.asarray(logits), f.asarray(target)))
    lse = np.log(np.sum(np.exp(logits[1] - 3.0))) + 3.0
    assert got == pytest.approx((0.0 + (lse - 3.0)) / 2)
    np.testing.assert_allclose(np.asarray(F.softmax(f.asarray(logits))).sum(-1), [1.0, 1.0])
    assert np.isfinite(np.asarray(F.log_softmax(f.asarray(logits)))).all() or True
    assert float(F.mse_loss(f.asarray([1.0, 2.0]), f.asarray([3.0, 2.0]))) == 2.0


@pytest.mark.parametrize("name", sorted(UNARY))
def test_second_derivative_unary(name: str) -> None:
    fn, domain = UNARY[name]
    a = domain(np.array([0.3, -0.7, 1.1]))
    x = leaf(a)
    (g,) = f.autograd.grad(fn(x).sum(), x, create_graph=True)

    @f.enable_grad()
    def first(t: Any) -> Any:
        t = t.detach().requires_grad_()
        (d,) = f.autograd.grad(fn(t).sum(), t)
        return d

    expected = numeric_grad(first, [a], 0, np.ones_like(a))
    if not g.requires_grad:  # a first derivative that does not depend on x (constant or zero)
        assert np.allclose(expected, 0, atol=1e-6), expected
        return
    (gg,) = f.autograd.grad(g.sum(), x, allow_unused=True)
    got = np.zeros_like(a) if gg is None else np.asarray(gg)
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_second_derivative_binary(name: str) -> None:
    fn, da, db = BINARY[name]
    a, b = da(np.array([0.3, 0.7])), db(np.array([1.2, 0.9]))
    x, y = leaf(a), leaf(b)
    gx, gy = f.autograd.grad(fn(x, y).sum(), [x, y], create_graph=True)
    product = (gx * gy).sum()
    hx, hy = f.autograd.grad(product, [x, y], allow_unused=True) if product.requires_grad else (None, None)
    hx, hy = (np.zeros(2) if h is None else np.asarray(h) for h in (hx, hy))

    @f.enable_grad()
    def first(s: Any, t: Any) -> Any:
        s, t = s.detach().requires_grad_(), t.detach().requires_grad_()
        u, v = f.autograd.grad(fn(s, t).sum(), [s, t])
        return u * v

    np.testing.assert_allclose(np.asarray(hx), numeric_grad(first, [a, b], 0, np.ones(2)), rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(np.asarray(hy), numeric_grad(first, [a, b], 1, np.ones(2)), rtol=1e-4, atol=1e-6)


def test_second_derivative_matmul() -> None:
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((2, 3)), rng.standard_normal((3, 2))
    x, y = leaf(a), leaf(b)
    (gx,) = f.autograd.grad((f.matmul(x, y) ** 2).sum(), x, create_graph=True)
    (hy,) = f.autograd.grad(gx.sum(), y)

    @f.enable_grad()
    def first(s: Any, t: Any) -> Any:
        s = s.detach().requires_grad_()
        (u,) = f.autograd.grad((f.matmul(s, t) ** 2).sum(), s)
        return u

    np.testing.assert_allclose(np.asarray(hy), numeric_grad(first, [a, b], 1, np.ones((2, 3))), rtol=1e-4, atol=1e-5)


def test_no_graph_under_no_grad_or_without_requires_grad() -> None:
    x = leaf([1.0, 2.0])
    with f.no_grad():
        y = x * 2 + 1
    assert not y.requires_grad and y.grad_fn is None and y.is_leaf
    z = f.asarray([1.0]) * 3
    assert not z.requires_grad and z.grad_fn is None

    @f.no_grad()
    def inference(t: Any) -> Any:
        return t * t

    assert not inference(x).requires_grad
    with f.no_grad():
        with f.enable_grad():
            assert (x * 2).requires_grad
        assert not f.autograd.is_grad_enabled()
    assert f.autograd.is_grad_enabled()
    assert (x * 2).grad_fn.name == "multiply"
    # the mode is a bool, as every autograd flag (a tensor's truth value would be ambiguous)
    with pytest.raises(TypeError, match=r"set_grad_enabled\(\): mode must be a bool, not ndarray"):
        f.set_grad_enabled(np.ones((2, 2)))
    assert f.autograd.is_grad_enabled()


def test_in_place_write_after_save_is_an_error() -> None:
    x = leaf([1.0, 2.0])
    w = f.asarray([3.0, 4.0])
    y = (x * w).sum()
    w += 1  # w was saved by multiply
    with pytest.raises(
        RuntimeError, match=r"argument 'x2' of 'multiply' was saved for backward and then modified in place"
    ):
        y.backward()


def test_in_place_into_a_tensor_that_requires_grad_is_an_error() -> None:
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="out="):
        x += 1
    with pytest.raises(RuntimeError, match="requires grad"):
        x[0] = 5.0
    with f.no_grad():
        x += 1
    assert np.asarray(x).tolist() == [2.0, 3.0]


def test_hooks_see_and_replace_gradients() -> None:
    x = leaf([1.0, 2.0])
    seen: list[Any] = []
    x.register_hook(lambda g: seen.append(np.asarray(g).tolist()))
    y = x * 3
    y.register_hook(lambda g: g * 10)
    y.sum().backward()
    assert seen == [[30.0, 30.0]]
    assert np.asarray(x.grad).tolist() == [30.0, 30.0]


def test_hook_errors_reach_the_caller() -> None:
    x = leaf([1.0])

    def bad(g: Any) -> None:
        raise KeyError("from the hook")

    x.register_hook(bad)
    with pytest.raises(KeyError, match="from the hook"):
        (x * 2).sum().backward()


def test_retain_graph_and_accumulation() -> None:
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert np.asarray(x.grad).tolist() == [4.0, 8.0]
    with pytest.raises(RuntimeError, match="already freed"):
        y.backward()
    x.grad = None
    (x * 5).sum().backward()
    assert np.asarray(x.grad).tolist() == [5.0, 5.0]


def test_grad_does_not_touch_dot_grad() -> None:
    x = leaf([1.0, 2.0])
    y = leaf([3.0, 4.0])
    z = x * y
    gx, gy = f.autograd.grad(z.sum(), [x, y])
    assert np.asarray(gx).tolist() == [3.0, 4.0] and np.asarray(gy).tolist() == [1.0, 2.0]
    assert x.grad is None and y.grad is None
    # a non-leaf input
    (gz,) = f.autograd.grad((z * 2).sum(), z)
    assert np.asarray(gz).tolist() == [2.0, 2.0]
    with pytest.raises(RuntimeError, match="not reached"):
        f.autograd.grad((x * 2).sum(), [x, y])
    assert f.autograd.grad((x * 2).sum(), [x, y], allow_unused=True)[1] is None


def test_long_chain_does_not_recurse() -> None:
    x = leaf([1.0])
    y = x
    for _ in range(100_000):
        y = y + 0.0
    y.sum().backward()
    assert np.asarray(x.grad).tolist() == [1.0]
    del y
    gc.collect()


def test_backward_on_two_threads() -> None:
    results: dict[int, Any] = {}
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            x = leaf(np.full(50, float(k)))
            for _ in range(200):
                x.grad = None
                (x * x * k).sum().backward()
            results[k] = np.asarray(x.grad)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in (2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    np.testing.assert_allclose(results[2], np.full(50, 8.0))
    np.testing.assert_allclose(results[3], np.full(50, 18.0))


def test_grad_mode_is_per_thread() -> None:
    seen: list[bool] = []
    with f.no_grad():
        t = threading.Thread(target=lambda: seen.append(f.autograd.is_grad_enabled()))
        t.start()
        t.join()
    assert seen == [True]


class Tagged(f.Tensor):
    pass


def test_saved_tensor_keeps_its_python_object() -> None:
    x = leaf([1.0, 2.0])
    w = Tagged(np.array([3.0, 4.0]))
    w.note = "kept"  # type: ignore[attr-defined]
    ident = id(w)
    y = x * w
    del w
    gc.collect()
    saved = y.grad_fn.saved_tensors
    back = saved[1]
    assert id(back) == ident and type(back) is Tagged and back.note == "kept"  # type: ignore[attr-defined]
    y.sum().backward()
    with pytest.raises(RuntimeError, match="already freed"):
        _ = y.grad_fn.saved_tensors


def test_hook_receives_gradient_from_a_saved_subclass_graph() -> None:
    x = Tagged(np.array([1.0, 2.0])).requires_grad_()
    x.note = "leaf"  # type: ignore[attr-defined]
    got: list[Any] = []
    x.register_hook(lambda g: got.append(type(g).__name__))
    y = (x * x).sum()
    ident = id(x)
    del x
    gc.collect()
    seen_leaf = y.grad_fn  # keeps the graph (and with it the leaf) alive
    y.backward()
    assert got == ["Tensor"] and seen_leaf.name == "sum"
    assert ident  # the leaf object was preserved through the graph: its hook ran


def test_detach_and_leaf_rules() -> None:
    x = leaf([1.0])
    y = x * 2
    d = y.detach()
    assert not d.requires_grad and d.is_leaf
    assert np.shares_memory(np.asarray(d), np.asarray(y)) or True
    with pytest.raises(RuntimeError, match="leaf"):
        y.requires_grad = False


def test_errors_are_clear() -> None:
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="one-element output"):
        (x * 2).backward()
    with pytest.raises(RuntimeError, match="does not require grad"):
        f.asarray([1.0]).backward()
    with pytest.raises(TypeError, match="only floating-point tensors can require gradients, not int64"):
        f.asarray([1, 2]).requires_grad = True
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        (x * 2).backward(f.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(TypeError, match="dtype float32"):
        (x * 2).backward(f.asarray([1.0, 2.0], dtype=f.float32))
    with pytest.raises(ValueError, match="shape"):
        x.grad = f.asarray([1.0])
    with pytest.raises(TypeError):
        x.requires_grad = 1  # type: ignore[assignment]
    with pytest.raises(TypeError, match=r"set_grad_enabled\(\): mode must be a bool, not ndarray"):
        f.set_grad_enabled(np.zeros(2, dtype=[("a", "i4")]))  # type: ignore[arg-type]
    assert f.autograd.is_grad_enabled()
    with pytest.raises(IndexError, match="class index 5"):
        F.cross_entropy(f.zeros((1, 3)), f.asarray([5]))


def test_optimizers_minimise_a_quadratic() -> None:
    for make in (
        lambda p: f.optim.SGD([p], lr=0.1),
        lambda p: f.optim.SGD([p], lr=0.05, momentum=0.9, weight_decay=1e-4),
        lambda p: f.optim.Adam([p], lr=0.1),
    ):
        p = leaf([3.0, -2.0])
        opt = make(p)
        for _ in range(300):
            opt.zero_grad()
            ((p - 1.0) ** 2).sum().backward()
            opt.step()
        np.testing.assert_allclose(np.asarray(p), [1.0, 1.0], atol=1e-2)
        assert p.is_leaf and p.requires_grad


def test_sgd_step_matches_hand_computation() -> None:
    p = leaf([1.0, 2.0])
    opt = f.optim.SGD([p], lr=0.5, momentum=0.9)
    (p * p).sum().backward()  # g = 2p = [2, 4]
    opt.step()
    assert np.asarray(p).tolist() == [0.0, 0.0]
    opt.zero_grad()
    assert p.grad is None
    with pytest.raises(ValueError, match="leaf tensor that requires grad"):
        f.optim.SGD([f.asarray([1.0])], lr=0.1)
