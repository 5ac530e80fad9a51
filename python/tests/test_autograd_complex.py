"""Complex gradients, PyTorch's convention: for a real loss L of z = x + iy the gradient is
dL/dx + i dL/dy (checked by perturbing real and imaginary parts, ``gradcheck.py``). Covers the
elementwise functions away from their branch cuts, mixed real and complex operands (a real
input gets the real part), reductions, matmul, the linalg functions (Hermitian, unitary,
phase-invariant losses where factors are unique only up to a phase), and the errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ferrule as f
import numpy as np
import pytest
from gradcheck import gradcheck, leaf
from hypothesis import given
from hypothesis import strategies as st

RNG = np.random.default_rng(11)


def crand(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)


def upper_right(a: np.ndarray) -> np.ndarray:
    """Points in the quarter plane re in [0.3, 1.2], im in [0.2, 0.9]: away from every branch cut."""
    return 0.3 + 0.9 * (np.tanh(a.real) + 1) / 2 + 1j * (0.2 + 0.7 * (np.tanh(a.imag) + 1) / 2)


UNARY: dict[str, Callable[[Any], Any]] = {
    name: getattr(f, name)
    for name in [
        "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan",
        "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "square", "reciprocal", "abs", "negative",
        "positive", "sign", "conj", "real", "imag",
    ]
}  # fmt: skip

shapes = st.sampled_from([(), (3,), (2, 3), (2, 0)])


def complex_arrays(shape: tuple[int, ...]) -> st.SearchStrategy[np.ndarray]:
    n = int(np.prod(shape)) if shape else 1
    part = st.floats(-2, 2, allow_nan=False, width=64)
    return st.lists(st.tuples(part, part), min_size=n, max_size=n).map(
        lambda v: np.asarray([complex(a, b) for a, b in v], dtype=np.complex128).reshape(shape)
    )


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary_complex_gradcheck(name: str, data: st.DataObject) -> None:
    a = upper_right(data.draw(complex_arrays(data.draw(shapes))))
    gradcheck(UNARY[name], a, transpose=data.draw(st.booleans()))


BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": f.add,
    "subtract": f.subtract,
    "multiply": f.multiply,
    "divide": f.divide,
    "pow": f.pow,
}


@pytest.mark.parametrize("name", sorted(BINARY))
@pytest.mark.parametrize(
    ("sa", "sb", "real"), [((3,), (3,), None), ((2, 3), (3,), None), ((2, 1), (1, 3), 0), ((3,), (), 1)]
)
def test_binary_complex_gradcheck(name: str, sa: tuple[int, ...], sb: tuple[int, ...], real: Any) -> None:
    a, b = upper_right(crand(*sa)), upper_right(crand(*sb))
    # one operand real: its gradient is the real part of what reaches it
    if real == 0:
        a = a.real
    elif real == 1:
        b = b.real
    gradcheck(BINARY[name], a, b)


def test_reductions_and_matmul_complex_gradcheck() -> None:
    z = crand(2, 3)
    gradcheck(lambda x: f.sum(x, axis=1), z)
    gradcheck(lambda x: f.mean(x, axis=0, keepdims=True), z)
    gradcheck(lambda x: f.var(x, axis=1), z)
    gradcheck(lambda x: f.std(x), z)
    gradcheck(lambda x: f.prod(x, axis=1), z)
    gradcheck(lambda x: f.cumulative_prod(x, axis=1), z)
    gradcheck(lambda x: f.cumulative_sum(x, axis=0), z)
    gradcheck(f.matmul, z, crand(3, 2), transpose=True)
    gradcheck(f.matmul, crand(3), crand(3))
    gradcheck(f.matmul, z.real, crand(3, 2))  # a real operand
    gradcheck(lambda a, b: f.vecdot(a, b), z, crand(3))
    gradcheck(f.linalg.outer, crand(2), crand(3))
    gradcheck(f.linalg.cross, crand(2, 3), crand(3))
    gradcheck(lambda a, b: f.tensordot(a, b, axes=1), z, crand(3, 2))
    gradcheck(lambda x: x[f.asarray([1, 1, 0])], z)
    gradcheck(lambda x: f.concat([x, x * 2], axis=0), z)


def well_conditioned(*shape: int) -> np.ndarray:
    return crand(*shape) * 0.3 + np.eye(shape[-1]) * 1.5


def test_linalg_complex_gradcheck() -> None:
    a = well_conditioned(2, 3, 3)
    gradcheck(f.linalg.inv, a)
    gradcheck(f.linalg.det, a)
    gradcheck(lambda x: f.linalg.slogdet(x), a)
    gradcheck(f.linalg.solve, a, crand(2, 3, 2))
    gradcheck(lambda x: f.linalg.matrix_power(x, 3), a, rtol=1e-4)
    gradcheck(lambda x: f.linalg.trace(x, offset=1), a)
    gradcheck(lambda x: f.linalg.diagonal(x, offset=-1), a)
    gradcheck(f.linalg.pinv, crand(3, 2), rtol=1e-4)
    for ord in ("fro", "nuc", 2, 1):
        gradcheck(lambda x: f.linalg.matrix_norm(x, ord=ord), crand(2, 3))
    for ord in (2.0, 1.0, 3.0, float("inf")):
        gradcheck(lambda x: f.linalg.vector_norm(x, ord=ord), crand(4))


def phase_free(*names: str) -> Callable[[Any], Any]:
    """The named fields of a factorization, with |v|^2 for vector factors (unique up to a phase)."""

    def fn(result: Any) -> Any:
        out = []
        for name in names:
            v = getattr(result, name.strip("|"))
            out.append(f.real(v * f.conj(v)) if name.startswith("|") else v)
        return tuple(out)

    return fn


def hermitian(b: Any) -> Any:
    """``b b^H + 3 I``: a Hermitian positive-definite function of any ``b``. The factorizations
    read one triangle and take the diagonal as real; through this, finite differences move
    Hermitian matrices only, the inputs their gradients are defined for."""
    return f.matmul(b, f.conj(f.matrix_transpose(b))) + f.asarray(np.eye(3) * 3)


def test_factorizations_complex_gradcheck() -> None:
    b = crand(2, 3, 3)
    gradcheck(lambda x: f.linalg.cholesky(hermitian(x)), b)
    gradcheck(lambda x: f.linalg.cholesky(hermitian(x), upper=True), b)
    gradcheck(lambda x: f.linalg.eigvalsh(hermitian(x)), b)
    gradcheck(lambda x: phase_free("eigenvalues", "|eigenvectors")(f.linalg.eigh(hermitian(x))), b)
    for shape in [(4, 3), (3, 3), (2, 4)]:
        z = crand(*shape)
        gradcheck(f.linalg.svdvals, z)
        gradcheck(lambda x: phase_free("|U", "S", "|Vh")(f.linalg.svd(x, full_matrices=False)), z)
        # U diag(S) Vh is the matrix itself: every phase cancels
        gradcheck(lambda x: (lambda r: r.U @ (r.S[..., None] * r.Vh))(f.linalg.svd(x, full_matrices=False)), z)
        # Q and R are unique up to a phase per column of Q (row of R)
        gradcheck(lambda x: phase_free("|Q", "|R")(f.linalg.qr(x)), z)
        gradcheck(
            lambda x: (lambda r: f.matmul(r.Q * f.asarray([1.0, 2.0, -1.0][: r.Q.shape[-1]]), r.R))(f.linalg.qr(x)), z
        )


def test_complex_leaves_and_errors() -> None:
    z = leaf(np.asarray([1 + 1j, 2 - 1j]))
    assert z.requires_grad and z.dtype == f.complex128
    (f.abs(z) ** 2).sum().backward()
    assert np.asarray(z.grad).tolist() == [2 + 2j, 4 - 2j]  # d|z|^2 = 2z
    with pytest.raises(RuntimeError, match="only for a real output"):
        (z * z).sum().backward()
    (z * z).sum().backward(f.asarray(1.0 + 0j))  # an explicit gradient is fine
    with pytest.raises(TypeError, match="only floating-point tensors can require gradients, not int64"):
        f.asarray([1, 2]).requires_grad_()


def test_complex_second_derivative() -> None:
    z = leaf(np.asarray([0.5 + 0.3j, -0.2 + 1.1j]))
    # L = sum |exp(z)|^2 = sum exp(2x): dL/dz = 2 exp(2x); d(sum real(dL/dz))/dz = 4 exp(2x)
    (g,) = f.autograd.grad((f.abs(f.exp(z)) ** 2).sum(), z, create_graph=True)
    np.testing.assert_allclose(np.asarray(g), 2 * np.exp(2 * np.asarray(z.detach()).real) + 0j, rtol=1e-12)
    (gg,) = f.autograd.grad(f.real(g).sum(), z)
    np.testing.assert_allclose(np.asarray(gg), 4 * np.exp(2 * np.asarray(z.detach()).real) + 0j, rtol=1e-12)
