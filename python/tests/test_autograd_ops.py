"""Gradients of the ops beyond elementwise math, each checked against central finite
differences (``gradcheck.py``): products and running sums/products (zeros included), indexing
and ``add_at``, joining and splitting (list arguments, several outputs), repeats and shifts,
contractions, the ``linalg`` and ``fft`` functions, clip's tensor bounds, and second
derivatives through them (``create_graph``). The last test checks that every op whose schema
entry has a ``backward:`` formula is checked here or in ``test_autograd.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ferrule as f
import numpy as np
import pytest
from ferrule.nn import functional as F
from gradcheck import gradcheck, gradgradcheck, leaf
from hypothesis import given
from hypothesis import strategies as st

RNG = np.random.default_rng(7)


def rand(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape)


# ---- products and running reductions ----

# values with zeros in them (one, two, all): the products must stay finite and right
with_zeros = st.lists(st.sampled_from([0.0, 0.5, -1.25, 2.0, 1.5, -0.75]), min_size=6, max_size=6)


@given(values=with_zeros, shape=st.sampled_from([(6,), (2, 3), (3, 2), (1, 2, 3)]), data=st.data())
def test_prod_gradcheck_with_zeros(values: list[float], shape: tuple[int, ...], data: st.DataObject) -> None:
    a = np.asarray(values).reshape(shape)
    axis = data.draw(st.sampled_from([None, 0, -1] + ([(0, -1)] if len(shape) > 1 else [])))
    keepdims = data.draw(st.booleans())
    gradcheck(lambda x: f.prod(x, axis=axis, keepdims=keepdims), a)


def test_prod_edge_shapes_and_second_derivative() -> None:
    gradcheck(f.prod, np.asarray(1.5))  # 0-d
    gradcheck(lambda x: f.prod(x, axis=1), np.zeros((2, 0)))  # empty reductions give 1
    gradcheck(lambda x: f.prod(x, axis=0), rand(3, 2), transpose=True)
    x = leaf([0.0, 2.0, 3.0])
    f.prod(x).backward()
    assert np.asarray(x.grad).tolist() == [6.0, 0.0, 0.0]  # not NaN
    gradgradcheck(lambda x: f.prod(x, axis=-1), np.asarray([[0.5, 0.0, 2.0], [1.5, -1.0, 0.5]]))


@given(values=with_zeros, data=st.data())
def test_cumulative_gradcheck(values: list[float], data: st.DataObject) -> None:
    shape = data.draw(st.sampled_from([(6,), (2, 3), (3, 2)]))
    a = np.asarray(values).reshape(shape)
    axis = None if len(shape) == 1 and data.draw(st.booleans()) else data.draw(st.sampled_from([0, -1]))
    include_initial = data.draw(st.booleans())
    for op in (f.cumulative_sum, f.cumulative_prod):
        gradcheck(lambda x: op(x, axis=axis, include_initial=include_initial), a)


def test_cumulative_prod_second_derivative() -> None:
    gradgradcheck(lambda x: f.cumulative_prod(x, axis=0), np.asarray([1.5, 0.0, 2.0, -0.5, 0.0, 1.25]))
    gradgradcheck(lambda x: f.cumulative_sum(x * x, axis=0), np.asarray([1.5, -0.5, 2.0]))


# ---- indexing ----

GETITEM: list[Any] = [
    1,
    -1,
    slice(None, None, -1),
    (slice(1, None), 0),
    (Ellipsis, None, 1),
    np.asarray([0, 2, 2, 0, 1]),  # repeated: the gradients add up
    (np.asarray([[0, 1], [1, 1]]), slice(None, 2)),
    (slice(None), np.asarray([3, 0, 3])),
    (
        np.asarray([0, 2]),
        slice(None),
    ),
    np.asarray([True, False, True]),
    (np.asarray([0, 2, 0]), np.asarray([1, 1, 3])),
    (np.asarray([0, 2]), Ellipsis, np.asarray([3, 1])),  # separated: advanced dims go first
]


@pytest.mark.parametrize("index", GETITEM, ids=[repr(i).replace("\n", "") for i in GETITEM])
def test_getitem_gradcheck(index: Any) -> None:
    ix = tuple(f.asarray(i) if isinstance(i, np.ndarray) else i for i in index) if isinstance(index, tuple) else index
    if isinstance(ix, np.ndarray):
        ix = f.asarray(ix)
    gradcheck(lambda x: x[ix], rand(3, 4), transpose=True)


def test_getitem_mask_of_the_whole_shape_and_second_derivative() -> None:
    mask = rand(3, 4) > 0
    gradcheck(lambda x: x[f.asarray(mask)], rand(3, 4))
    ix = f.asarray([1, 1, 0])
    gradgradcheck(lambda x: (x * x)[ix], rand(3, 2))


def test_add_at_matches_numpy_and_is_differentiable() -> None:
    base = rand(4, 3)
    idx = np.asarray([0, 3, 0, 0])
    vals = rand(4, 3)
    expected = base.copy()
    np.add.at(expected, idx, vals)
    got = f.add_at(f.asarray(base), f.asarray(idx), f.asarray(vals))
    np.testing.assert_allclose(np.asarray(got), expected)
    assert np.asarray(f.asarray(base)).tolist() == base.tolist()  # out of place
    gradcheck(lambda x, v: f.add_at(x, f.asarray(idx), v), base, vals)
    gradcheck(lambda x, v: f.add_at(x, (slice(None), 1), v), base, rand(4))
    gradcheck(lambda x, v: f.add_at(x, (slice(None), f.asarray([2, 2])), v), base, rand(1, 2))  # broadcast
    # dtypes promote as in x + values; bad indices and shapes are errors naming the op
    assert f.add_at(f.zeros(3, dtype=f.int64), f.asarray([1, 1]), 2.5).dtype == f.float64
    with pytest.raises(IndexError, match="add_at"):
        f.add_at(f.zeros(3), f.asarray([3]), 1.0)
    with pytest.raises(ValueError, match="add_at.*broadcast"):
        f.add_at(f.zeros(3), f.asarray([0, 1]), f.asarray([1.0, 2.0, 3.0]))


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_take_gradcheck(axis: Any) -> None:
    a = rand(3, 4)
    idx = f.asarray([[0, 2], [2, 2]])  # repeated indices accumulate
    gradcheck(lambda x: f.take(x, idx, axis=axis), a, transpose=True)
    gradcheck(lambda x: f.take(x, f.asarray(1), axis=axis), a)


def test_take_along_axis_gradcheck() -> None:
    a = rand(3, 4)
    idx = np.argsort(a, axis=1)
    gradcheck(lambda x: f.take_along_axis(x, f.asarray(idx), axis=1), a)
    rep = f.asarray(np.asarray([[0, 0, 3], [1, 1, 1], [2, 3, 2]]))
    gradcheck(lambda x: f.take_along_axis(x, rep, axis=-1), a, transpose=True)
    # x broadcasts against the indices outside the axis
    gradcheck(lambda x: f.take_along_axis(x, f.asarray([[0, 1], [1, 1], [2, 0]]), axis=1), rand(1, 3))
    gradcheck(lambda x: f.take_along_axis(x, f.asarray([[0], [2]]), axis=0), rand(3, 2))


def test_sort_gradcheck() -> None:
    a = np.asarray([[0.3, -1.2, 2.5, 0.1], [1.0, 0.5, -0.5, 2.0]])
    for descending in (False, True):
        gradcheck(lambda x: f.sort(x, axis=-1, descending=descending), a)
        gradcheck(lambda x: f.sort(x, axis=0, descending=descending), a)


# ---- joining, splitting, several outputs ----


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concat_gradcheck(axis: Any) -> None:
    shapes = [(2, 3), (2, 1), (2, 2)] if axis in (1, -1) else [(2, 3), (1, 3), (3, 3)]
    gradcheck(lambda a, b, c: f.concat([a, b, c], axis=axis), *[rand(*s) for s in shapes])


def test_list_arguments_mixing_dtypes_and_leaves() -> None:
    a = leaf([1.0, 2.0], dtype=f.float32)
    b = f.asarray([3.0])  # does not require grad
    c = leaf([4.0, 5.0, 6.0])
    y = f.concat([a, b, c])
    assert y.grad_fn.name == "concat"
    (y * f.arange(6.0)).sum().backward()
    assert a.grad.dtype == f.float32 and np.asarray(a.grad).tolist() == [0.0, 1.0]
    assert np.asarray(c.grad).tolist() == [3.0, 4.0, 5.0]
    assert b.grad is None


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_stack_unstack_gradcheck(axis: int) -> None:
    gradcheck(lambda a, b: f.stack([a, b], axis=axis), rand(2, 3), rand(2, 3))
    gradcheck(lambda x: f.unstack(x, axis=axis), rand(2, 3, 2), transpose=True)


def test_several_outputs_use_only_some() -> None:
    x = leaf(rand(3, 2))
    parts = f.unstack(x, axis=0)
    assert all(p.grad_fn.name == "unstack" for p in parts)
    (parts[1] * 2).sum().backward()  # the unused outputs count as zeros
    assert np.asarray(x.grad).tolist() == [[0.0, 0.0], [2.0, 2.0], [0.0, 0.0]]
    # grad() of one output of a node with several
    x = leaf(rand(2, 2))
    first, second = f.unstack(x)
    (g,) = f.autograd.grad((first * second).sum(), [second])
    np.testing.assert_allclose(np.asarray(g), np.asarray(first))
    # hooks on one output see that output's gradient only
    x = leaf(rand(2, 2))
    first, second = f.unstack(x)
    seen: list[Any] = []
    second.register_hook(lambda g: seen.append(np.asarray(g).tolist()))
    (first.sum() + (second * 3).sum()).backward()
    assert seen == [[3.0, 3.0]]
    assert np.asarray(x.grad).tolist() == [[1.0, 1.0], [3.0, 3.0]]


def test_broadcast_arrays_and_meshgrid_gradcheck() -> None:
    gradcheck(lambda a, b: f.broadcast_arrays(a, b), rand(3, 1), rand(4))
    for indexing in ("xy", "ij"):
        gradcheck(lambda a, b, c: f.meshgrid(a, b, c, indexing=indexing), rand(2), rand(3), rand(4))


# ---- repeats, shifts, differences, triangles ----


@pytest.mark.parametrize(("shift", "axis"), [(1, None), (-2, 0), ((1, 2), (0, 1)), (3, -1), ((1, -1), (1, 1))])
def test_roll_gradcheck(shift: Any, axis: Any) -> None:
    gradcheck(lambda x: f.roll(x, shift, axis=axis), rand(3, 4), transpose=True)


def test_repeat_and_tile_gradcheck() -> None:
    a = rand(2, 3)
    gradcheck(lambda x: f.repeat(x, 2, axis=1), a)
    gradcheck(lambda x: f.repeat(x, f.asarray([1, 0, 3]), axis=1), a, transpose=True)
    gradcheck(lambda x: f.repeat(x, 3), a)
    gradcheck(lambda x: f.repeat(x, f.asarray([2, 1]), axis=0), a)
    for reps in [(2,), (2, 1), (3, 2, 2), (1,)]:
        gradcheck(lambda x: f.tile(x, reps), a)


def test_diff_gradcheck() -> None:
    a = rand(3, 5)
    gradcheck(lambda x: f.diff(x, axis=1), a)
    gradcheck(lambda x: f.diff(x, axis=0, n=2), a, transpose=True)
    gradcheck(lambda x, p, q: f.diff(x, axis=1, prepend=p, append=q), a, rand(3, 2), rand(3, 1))
    gradcheck(lambda x, p: f.diff(x, axis=-1, n=3, prepend=p), a, np.asarray(0.7))


@pytest.mark.parametrize("k", [-1, 0, 2])
def test_triangles_gradcheck(k: int) -> None:
    gradcheck(lambda x: f.tril(x, k=k), rand(2, 3, 4))
    gradcheck(lambda x: f.triu(x, k=k), rand(3, 4), transpose=True)


# ---- contractions ----


@pytest.mark.parametrize(
    ("sa", "sb", "axes"),
    [
        ((2, 3, 4), (3, 4, 2), 2),
        ((2, 3), (3, 4), 1),
        ((2, 3), (4,), 0),
        ((2, 3, 4), (4, 2, 3), ([2, 1], [0, 2])),
        ((3, 2, 4), (2, 5, 3), ([0, 1], [2, 0])),
    ],
)
def test_tensordot_gradcheck(sa: tuple[int, ...], sb: tuple[int, ...], axes: Any) -> None:
    gradcheck(lambda a, b: f.tensordot(a, b, axes=axes), rand(*sa), rand(*sb))


def test_vecdot_outer_cross_gradcheck() -> None:
    gradcheck(lambda a, b: f.vecdot(a, b), rand(2, 3), rand(3))
    gradcheck(lambda a, b: f.vecdot(a, b, axis=-2), rand(2, 3, 4), rand(3, 4))
    gradcheck(lambda a, b: f.vecdot(a, b, axis=0), rand(3, 2), rand(3, 2))
    gradcheck(f.linalg.outer, rand(3), rand(4))
    gradcheck(f.linalg.cross, rand(2, 3), rand(3))
    gradcheck(lambda a, b: f.linalg.cross(a, b, axis=0), rand(3, 2), rand(3, 2))


# ---- linalg ----


def well_conditioned(*shape: int) -> np.ndarray:
    n = shape[-1]
    return RNG.standard_normal(shape) * 0.3 + np.eye(n) * 1.5


def spd(*shape: int) -> np.ndarray:
    b = RNG.standard_normal(shape)
    return b @ np.swapaxes(b, -1, -2) + np.eye(shape[-1]) * shape[-1]


def test_inv_det_slogdet_solve_gradcheck() -> None:
    a = well_conditioned(2, 3, 3)
    gradcheck(f.linalg.inv, a, transpose=True)
    gradcheck(f.linalg.det, a)
    neg = a.copy()
    neg[0] = -neg[0]  # a negative determinant too
    gradcheck(lambda x: f.linalg.slogdet(x), neg)
    gradcheck(f.linalg.solve, a, rand(2, 3, 2))
    gradcheck(f.linalg.solve, a[0], rand(3))  # one right-hand side
    gradcheck(f.linalg.solve, a, rand(3, 1))  # the right-hand side broadcasts over the batch


def test_cholesky_and_eigh_gradcheck() -> None:
    a = spd(2, 3, 3)
    # the factorizations read one triangle: the other gets no gradient, as finite differences say
    gradcheck(f.linalg.cholesky, a)
    gradcheck(lambda x: f.linalg.cholesky(x, upper=True), a)
    gradcheck(f.linalg.eigvalsh, a)
    # eigenvectors are unique up to sign: a loss of their squares is well defined
    gradcheck(lambda x: (lambda r: (r.eigenvalues, r.eigenvectors * r.eigenvectors))(f.linalg.eigh(x)), a)


def test_qr_gradcheck() -> None:
    for shape in [(4, 3), (3, 3), (2, 3, 2), (2, 4)]:
        gradcheck(lambda x: f.linalg.qr(x), rand(*shape))
    gradcheck(lambda x: f.linalg.qr(x, mode="complete"), rand(3, 3))
    q_only = lambda x: f.linalg.qr(x, mode="complete").R  # noqa: E731 - Q's extra columns unused
    gradcheck(q_only, rand(4, 2))
    x = leaf(rand(4, 2))
    with pytest.raises(ValueError, match="mode='reduced'"):
        f.linalg.qr(x, mode="complete").Q.sum().backward()


def test_svd_gradcheck() -> None:
    def vectors_squared(full: bool) -> Any:
        def fn(x: Any) -> Any:
            u, s, vh = f.linalg.svd(x, full_matrices=full)
            return u * u, s, vh * vh

        return fn

    for shape in [(4, 3), (3, 3), (2, 5), (2, 3, 2)]:
        gradcheck(vectors_squared(False), rand(*shape))
        gradcheck(f.linalg.svdvals, rand(*shape))
    gradcheck(vectors_squared(True), rand(3, 3))
    gradcheck(lambda x: f.linalg.svd(x).S, rand(4, 2))  # full_matrices: only S used
    x = leaf(rand(4, 2))
    with pytest.raises(ValueError, match="full_matrices=False"):
        f.linalg.svd(x).U.sum().backward()


def test_pinv_gradcheck() -> None:
    for shape in [(3, 3), (4, 2), (2, 4), (2, 3, 2)]:
        gradcheck(f.linalg.pinv, rand(*shape), rtol=1e-4)


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")])
def test_matrix_norm_gradcheck(ord: Any) -> None:
    for keepdims in (False, True):
        gradcheck(lambda x: f.linalg.matrix_norm(x, ord=ord, keepdims=keepdims), rand(2, 3, 4))


@pytest.mark.parametrize("ord", [2.0, 1.0, 3.0, 0.5, float("inf"), float("-inf"), 0.0])
def test_vector_norm_gradcheck(ord: float) -> None:
    a = rand(3, 4) + np.sign(rand(3, 4)) * 0.2  # away from 0 where |x|^(p-1) is singular
    for axis, keepdims in [(None, False), (1, True), ((0, 1), False), (0, False)]:
        gradcheck(lambda x: f.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord), a)
    x = leaf(np.zeros(3))
    f.linalg.vector_norm(x).backward()  # a zero vector: the subgradient 0, not NaN
    assert np.asarray(x.grad).tolist() == [0.0, 0.0, 0.0]


def test_trace_diagonal_matrix_power_gradcheck() -> None:
    for offset in (-1, 0, 2):
        gradcheck(lambda x: f.linalg.trace(x, offset=offset), rand(2, 3, 4))
        gradcheck(lambda x: f.linalg.diagonal(x, offset=offset), rand(2, 3, 4), transpose=True)
        gradcheck(lambda x: f.linalg.diagonal(x, offset=offset), rand(4, 3))
    a = well_conditioned(2, 3, 3)
    for n in (0, 1, 3, -2):
        gradcheck(lambda x: f.linalg.matrix_power(x, n), a, rtol=1e-4)


def test_linalg_second_derivatives() -> None:
    a = well_conditioned(3, 3)
    gradgradcheck(f.linalg.inv, a)
    gradgradcheck(f.linalg.det, a)
    gradgradcheck(lambda x, b: f.linalg.solve(x, b), a, rand(3, 2))
    gradgradcheck(f.linalg.eigvalsh, spd(3, 3))


# ---- fft ----

NORMS = ["backward", "ortho", "forward"]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("n", [None, 3, 8])
def test_fft_1d_gradcheck(norm: str, n: Any) -> None:
    real = rand(2, 5)
    cplx = rand(2, 5) + 1j * rand(2, 5)
    for fn in (f.fft.fft, f.fft.ifft):
        gradcheck(lambda x: fn(x, n=n, axis=-1, norm=norm), real)
        gradcheck(lambda x: fn(x, n=n, axis=0, norm=norm), cplx)
    gradcheck(lambda x: f.fft.rfft(x, n=n, norm=norm), real)
    gradcheck(lambda x: f.fft.ihfft(x, n=n, axis=0, norm=norm), real)
    gradcheck(lambda x: f.fft.irfft(x, n=n, norm=norm), cplx)
    gradcheck(lambda x: f.fft.hfft(x, n=n, axis=0, norm=norm), cplx)
    gradcheck(lambda x: f.fft.irfft(x, n=n, norm=norm), real)  # a real input to a complex transform


@pytest.mark.parametrize("norm", NORMS)
def test_fft_nd_gradcheck(norm: str) -> None:
    real = rand(3, 4)
    cplx = rand(3, 4) + 1j * rand(3, 4)
    for s, axes in [(None, None), ((2, 5), (0, 1)), (None, (1,)), ((5,), (0,))]:
        for fn in (f.fft.fftn, f.fft.ifftn):
            gradcheck(lambda x: fn(x, s=s, axes=axes, norm=norm), cplx)
        gradcheck(lambda x: f.fft.rfftn(x, s=s, axes=axes, norm=norm), real)
        gradcheck(lambda x: f.fft.irfftn(x, s=s, axes=axes, norm=norm), cplx)
    gradcheck(lambda x: f.fft.fftshift(x), real)
    gradcheck(lambda x: f.fft.ifftshift(x, axes=(1,)), real)


def test_spectral_loss_trains_a_real_signal() -> None:
    # |rfft(x)|^2 through a complex intermediate back to a real leaf
    x = leaf(rand(8))
    (f.abs(f.fft.rfft(x)) ** 2).sum().backward()
    # d/dx_j sum_k |X_k|^2 = 2 re(sum_k X_k e^(2 pi i jk/8)) over the kept k = 0..4 (irfft counts 1..3 twice)
    expected = 2 * 8 * np.fft.irfft(np.fft.rfft(np.asarray(x.detach())) * np.asarray([1, 0.5, 0.5, 0.5, 1]), n=8)
    np.testing.assert_allclose(np.asarray(x.grad), expected, rtol=1e-10, atol=1e-10)


# ---- elementwise extras ----


def test_clip_with_tensor_bounds_gradcheck() -> None:
    x = np.linspace(-2, 2, 9) + 0.05
    lo = np.linspace(-1, 0.5, 9) + 0.02
    hi = np.linspace(1.5, -0.5, 9) + 0.01  # crosses lo: min > max gives max
    gradcheck(lambda a, b, c: f.clip(a, b, c), x, lo, hi)
    gradcheck(lambda a, b: f.clip(a, b, None), x, lo)
    gradcheck(lambda a, c: f.clip(a, None, c), x, hi)
    gradcheck(lambda a, b: f.clip(a, b, 0.3), x.reshape(3, 3), lo[:3])  # broadcast bound


def test_copysign_remainder_floor_divide_gradcheck() -> None:
    a = np.asarray([1.3, -0.7, 2.2, -1.9])
    b = np.asarray([-0.4, 0.9, 0.8, -1.1])
    gradcheck(f.copysign, a, b)
    gradcheck(f.remainder, a, b)
    gradcheck(f.floor_divide, a, b)
    gradcheck(lambda x: f.remainder(x, 0.6), a)


def test_geo_distance_gradcheck() -> None:
    lon1, lat1 = np.asarray([113.97, 0.0, -70.5]), np.asarray([22.6, 10.0, -33.4])
    lon2, lat2 = np.asarray([114.33, 45.0, 151.2]), np.asarray([22.7, 60.0, -33.9])
    gradcheck(f.geo_distance, lon1, lat1, lon2, lat2, rtol=1e-4, atol=1e-3)
    gradcheck(lambda a, b: f.geo_distance(a, b, 2.0, 48.8), lon1, lat1, rtol=1e-4, atol=1e-3)


def test_astype_between_real_and_complex() -> None:
    gradcheck(lambda x: f.astype(x, f.complex128) * f.asarray(1 + 2j), rand(3))
    gradcheck(lambda z: f.astype(z, f.float64), rand(3) + 1j * rand(3))  # the imaginary part is dropped
    z = leaf(np.asarray([1 + 2j, 3 - 1j]), dtype=f.complex64)
    f.real(f.astype(z, f.complex128) * z).sum().backward()
    assert z.grad.dtype == f.complex64


def test_nn_losses_second_derivative() -> None:
    target = f.asarray([0, 2, 1])
    gradgradcheck(lambda x: F.cross_entropy(x, target), rand(3, 4))
    gradgradcheck(F.mse_loss, rand(2, 3), rand(2, 3))
    gradgradcheck(lambda x: F.log_softmax(x, axis=0) * F.softmax(x, axis=-1), rand(3, 2))


# ---- coverage ----

# ops whose derivative is checked in test_autograd.py
CHECKED_ELSEWHERE = {
    "add", "subtract", "multiply", "divide", "pow", "maximum", "minimum", "atan2", "hypot", "logaddexp",
    "abs", "negative", "positive", "square", "reciprocal", "round", "floor", "ceil", "trunc", "sign",
    "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "where", "astype", "sum", "mean", "var", "std",
    "max", "min", "matmul", "mm", "reshape", "permute_dims", "matrix_transpose", "expand_dims", "squeeze",
    "broadcast_to", "flip", "moveaxis", "clip", "nn.relu", "nn.sigmoid", "nn.softmax", "nn.log_softmax",
    "nn.cross_entropy", "nn.mse_loss",
}  # fmt: skip
# ops checked in this file or test_autograd_complex.py
CHECKED_HERE = {
    "prod", "cumulative_sum", "cumulative_prod", "getitem", "add_at", "take", "take_along_axis", "sort",
    "concat", "stack", "unstack", "broadcast_arrays", "meshgrid", "roll", "repeat", "tile", "diff", "tril",
    "triu", "tensordot", "vecdot", "linalg.outer", "linalg.cross", "linalg.inv", "linalg.det",
    "linalg.slogdet", "linalg.solve", "linalg.cholesky", "linalg.eigh", "linalg.eigvalsh", "linalg.qr",
    "linalg.svd", "linalg.svdvals", "linalg.pinv", "linalg.matrix_norm", "linalg.vector_norm",
    "linalg.trace", "linalg.diagonal", "linalg.matrix_power", "fft.fft", "fft.ifft", "fft.rfft", "fft.irfft",
    "fft.hfft", "fft.ihfft", "fft.fftn", "fft.ifftn", "fft.rfftn", "fft.irfftn", "fft.fftshift",
    "fft.ifftshift", "copysign", "remainder", "floor_divide", "geo_distance", "conj", "real", "imag",
}  # fmt: skip


def schema_ops_with_formulas() -> set[str]:
    text = (Path(__file__).resolve().parents[2] / "schema" / "ops.yaml").read_text()
    found = set()
    for block in re.split(r"(?m)^(?=- name: )", text):
        name = re.match(r"- name: (\S+)", block)
        if name and re.search(r"(?m)^  backward: ?(\{|$)", block):
            found.add(name.group(1))
    return found


def test_every_op_with_a_derivative_is_gradchecked() -> None:
    declared = schema_ops_with_formulas()
    checked = CHECKED_ELSEWHERE | CHECKED_HERE
    assert declared - checked == set(), "ops with a backward: formula but no gradcheck"
    assert checked - declared == set(), "gradchecked ops without a backward: formula"
