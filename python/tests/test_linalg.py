"""The Array API ``linalg`` extension against ``numpy.linalg``, the oracle: hypothesis draws batch
shapes (empty batches, 0x0 and 1x1 matrices included), dtypes, layouts (transposed, strided and
negative-stride views) and seeds for well-conditioned random matrices.

Where the answer is unique (inv, solve, det, slogdet, cholesky, eigenvalues, singular values,
pinv, matrix_rank, norms) it is compared with numpy's; eigenvectors, singular vectors and QR
factors are unique only up to sign (a phase for complex), so those are checked by their invariants:
reconstruction, orthonormality, triangularity, ordering, and |R| equal to numpy's.
"""

from __future__ import annotations

import inspect
from typing import Any

import ferrule
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FLOATS = ["float32", "float64", "complex64", "complex128"]
LINALG = ferrule.linalg

#: The names the standard's linalg extension (2025.12) defines.
STANDARD_NAMES = {
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
}


def tol(dtype: Any) -> float:
    return 2e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def close(got: Any, want: Any, dtype: Any, *, scale: float = 1.0) -> None:
    """``got`` (a tensor or array) matches ``want`` within the dtype's tolerance, relative to the
    largest magnitude of ``want`` (times ``scale``)."""
    g = got.numpy() if isinstance(got, ferrule.Tensor) else np.asarray(got)
    w = np.asarray(want)
    assert g.shape == w.shape, (g.shape, w.shape)
    bound = tol(dtype) * scale * max(1.0, float(np.max(np.abs(w), initial=0.0)))
    err = float(np.max(np.abs(g.astype(np.complex128) - w), initial=0.0))
    assert err <= bound, f"error {err} beyond {bound}:\n got {g}\nwant {w}"


def random_matrices(seed: int, shape: tuple[int, ...], dtype: str, shift: float = 0.0) -> np.ndarray:
    """Entries uniform in [-1, 1) (complex for complex dtypes) plus ``shift`` on the diagonal:
    with ``shift = n`` the matrices are diagonally dominant, so well conditioned."""
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.uniform(-1, 1, shape)
    if shift and len(shape) >= 2:
        a = a + shift * np.eye(shape[-2], shape[-1])
    return a.astype(dtype)


@st.composite
def laid_out(draw: st.DrawFn, arr: np.ndarray) -> ferrule.Tensor:
    """A ferrule tensor with the values of ``arr``: contiguous, or a transposed, strided
    (every other element of a wider tensor) or negative-stride view made by ferrule."""
    kind = draw(st.sampled_from(["plain", "transposed", "strided", "reversed"]))
    if kind == "transposed" and arr.ndim >= 2:
        return ferrule.matrix_transpose(ferrule.asarray(np.ascontiguousarray(np.swapaxes(arr, -1, -2))))
    if kind == "strided" and arr.ndim >= 1:
        return ferrule.asarray(np.repeat(arr, 2, axis=-1))[..., ::2]
    if kind == "reversed" and arr.ndim >= 1:
        return ferrule.asarray(np.ascontiguousarray(arr[::-1]))[::-1]
    return ferrule.asarray(arr.copy())


batches = st.lists(st.integers(0, 3), max_size=2).map(tuple)
sides = st.integers(0, 6)
seeds = st.integers(0, 2**32 - 1)
dtypes = st.sampled_from(FLOATS)


def adjoint(a: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(a, -1, -2))


# ---- the namespace ------------------------------------------------------------------------------


def test_namespace_is_exactly_the_standard() -> None:
    assert set(LINALG.__all__) == STANDARD_NAMES
    public = {n for n in vars(LINALG) if not n.startswith("_")}
    assert public == STANDARD_NAMES
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(LINALG, name) is getattr(ferrule, name)


def test_named_tuples() -> None:
    a = ferrule.asarray([[2.0, 1.0], [1.0, 3.0]])
    results = {
        "EigResult": (LINALG.eig(a), ("eigenvalues", "eigenvectors")),
        "EighResult": (LINALG.eigh(a), ("eigenvalues", "eigenvectors")),
        "QRResult": (LINALG.qr(a), ("Q", "R")),
        "SlogdetResult": (LINALG.slogdet(a), ("sign", "logabsdet")),
        "SVDResult": (LINALG.svd(a), ("U", "S", "Vh")),
    }
    for name, (result, fields) in results.items():
        assert type(result).__name__ == name
        assert isinstance(result, tuple) and result._fields == fields
        assert all(isinstance(t, ferrule.Tensor) for t in result)
    # The functions keep the registered functions' signatures and docs.
    assert "full_matrices" in str(inspect.signature(LINALG.svd))
    assert LINALG.qr.__doc__ and "Q @ R" in LINALG.qr.__doc__


# ---- the LU family ------------------------------------------------------------------------------


@SETTINGS
@given(batch=batches, n=sides, dtype=dtypes, seed=seeds, data=st.data())
def test_inv_det_slogdet_match_numpy(batch: tuple[int, ...], n: int, dtype: str, seed: int, data: Any) -> None:
    a = random_matrices(seed, (*batch, n, n), dtype, shift=n)
    t = data.draw(laid_out(a))
    got = LINALG.inv(t)
    assert str(got.dtype) == dtype
    close(got, np.linalg.inv(a), dtype)
    d = LINALG.det(t)
    assert (str(d.dtype), d.shape) == (dtype, batch)
    close(d, np.linalg.det(a), dtype, scale=max(1.0, float(np.max(np.abs(np.linalg.det(a)), initial=1.0))))
    sign, logabsdet = LINALG.slogdet(t)
    want = np.linalg.slogdet(a)
    assert (sign.dtype, logabsdet.dtype) == (want.sign.dtype, want.logabsdet.dtype)
    close(sign, want.sign, dtype)
    close(logabsdet, want.logabsdet, dtype)


@SETTINGS
@given(batch=batches, n=sides, k=st.integers(0, 3), dtype=dtypes, seed=seeds, vector=st.booleans(), data=st.data())
def test_solve_matches_numpy(
    batch: tuple[int, ...], n: int, k: int, dtype: str, seed: int, vector: bool, data: Any
) -> None:
    a = random_matrices(seed, (*batch, n, n), dtype, shift=n)
    # x2's batch dims broadcast with x1's: a suffix of them, some set to 1.
    suffix = batch[data.draw(st.integers(0, len(batch))) :]
    b_batch = tuple(data.draw(st.sampled_from([d, 1])) for d in suffix)
    b = random_matrices(seed + 1, (n,) if vector else (*b_batch, n, k), dtype)
    got = LINALG.solve(data.draw(laid_out(a)), data.draw(laid_out(b)))
    want = np.linalg.solve(a, b)
    assert got.dtype == want.dtype
    close(got, want, dtype)


def test_solve_shapes_promotion_and_broadcasting() -> None:
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 3, 3)) + 3 * np.eye(3)
    for b in (rng.standard_normal(3), rng.standard_normal((3, 4)), rng.standard_normal((5, 1, 3, 2))):
        got = LINALG.solve(ferrule.asarray(a), ferrule.asarray(b))
        close(got, np.linalg.solve(a, b), "float64")
    f32 = a.astype(np.float32)
    c64 = rng.standard_normal(3).astype(np.complex64)
    got = LINALG.solve(ferrule.asarray(f32), ferrule.asarray(c64))
    want = np.linalg.solve(f32, c64)
    assert got.dtype == want.dtype == np.complex64
    close(got, want, "complex64")
    ints = LINALG.solve(ferrule.asarray(np.array([[2, 0], [0, 4]])), ferrule.asarray(np.array([1, 1])))
    assert ints.dtype == ferrule.float64 and ints.tolist() == [0.5, 0.25]


def test_matrix_power_matches_numpy() -> None:
    rng = np.random.default_rng(4)
    ints = rng.integers(-3, 4, (2, 3, 3))
    for n in range(0, 6):
        got = LINALG.matrix_power(ferrule.asarray(ints), n)
        want = np.linalg.matrix_power(ints, n)
        assert got.dtype == want.dtype == np.int64
        np.testing.assert_array_equal(got.numpy(), want)
    for dtype in FLOATS:
        a = random_matrices(5, (2, 4, 4), dtype, shift=4)
        for n in (-3, -1, 1, 2, 7):
            close(LINALG.matrix_power(ferrule.asarray(a), n), np.linalg.matrix_power(a, n), dtype, scale=10.0)
    neg = LINALG.matrix_power(ferrule.asarray(np.array([[2, 0], [0, 4]])), -1)
    assert neg.dtype == ferrule.float64 and neg.tolist() == [[0.5, 0.0], [0.0, 0.25]]


# ---- Cholesky, QR, eigh -------------------------------------------------------------------------


@SETTINGS
@given(batch=batches, n=sides, dtype=dtypes, seed=seeds, upper=st.booleans(), data=st.data())
def test_cholesky_matches_numpy(batch: tuple[int, ...], n: int, dtype: str, seed: int, upper: bool, data: Any) -> None:
    b = random_matrices(seed, (*batch, n, n), dtype)
    a = (b @ adjoint(b) + n * np.eye(n)).astype(dtype)
    # The triangle that is not read holds garbage; numpy ignores it too.
    mask = np.triu(np.ones((n, n), bool), 1) if not upper else np.tril(np.ones((n, n), bool), -1)
    spoiled = np.where(mask, np.asarray(7, dtype), a)
    got = LINALG.cholesky(data.draw(laid_out(spoiled)), upper=upper)
    close(got, np.linalg.cholesky(spoiled, upper=upper), dtype)


@SETTINGS
@given(batch=batches, m=sides, n=sides, dtype=dtypes, seed=seeds, mode=st.sampled_from(["reduced", "complete"]))
def test_qr_invariants(batch: tuple[int, ...], m: int, n: int, dtype: str, seed: int, mode: str) -> None:
    a = random_matrices(seed, (*batch, m, n), dtype)
    q, r = LINALG.qr(ferrule.asarray(a), mode=mode)
    wq, wr = np.linalg.qr(a, mode=mode)
    assert (q.shape, r.shape, q.dtype, r.dtype) == (wq.shape, wr.shape, wq.dtype, wr.dtype)
    qn, rn = q.numpy(), r.numpy()
    close(qn @ rn, a, dtype)
    close(adjoint(qn) @ qn, np.broadcast_to(np.eye(qn.shape[-1]), qn.shape[:-2] + (qn.shape[-1],) * 2), dtype)
    assert np.all(np.tril(rn, -1) == 0)
    # R is unique up to a unit factor per row (a sign, or a phase for complex).
    k = min(m, n)
    close(np.abs(rn[..., :k, :]), np.abs(wr[..., :k, :]), dtype, scale=10.0)


@SETTINGS
@given(batch=batches, n=sides, dtype=dtypes, seed=seeds, data=st.data())
def test_eigh_matches_numpy(batch: tuple[int, ...], n: int, dtype: str, seed: int, data: Any) -> None:
    b = random_matrices(seed, (*batch, n, n), dtype)
    a = (b + adjoint(b)).astype(dtype)
    spoiled = np.where(np.triu(np.ones((n, n), bool), 1), np.asarray(100, dtype), a)  # only the lower triangle counts
    t = data.draw(laid_out(spoiled))
    w, v = LINALG.eigh(t)
    want = np.linalg.eigvalsh(spoiled)
    assert (w.dtype, v.dtype) == (want.dtype, np.dtype(dtype))
    close(w, want, dtype, scale=4.0)
    close(LINALG.eigvalsh(t), want, dtype, scale=4.0)
    wn, vn = w.numpy(), v.numpy()
    assert np.all(np.diff(wn, axis=-1) >= 0)
    close(a @ vn, vn * wn[..., None, :], dtype, scale=10.0)
    close(adjoint(vn) @ vn, np.broadcast_to(np.eye(n), vn.shape), dtype, scale=4.0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eigvalsh_of_hard_spectra_matches_numpy(dtype: str) -> None:
    """Values-only eigvalsh (its own tridiagonal iteration) on spectra that test the iteration:
    repeated and clustered eigenvalues, a graded matrix, zero blocks, sizes past the small ones
    the property test draws, and entries near the ends of the exponent range."""
    rng = np.random.default_rng(20261129)
    q, _ = np.linalg.qr(rng.standard_normal((40, 40)))

    def with_spectrum(values: np.ndarray) -> np.ndarray:
        return (q * values) @ q.T

    cases = {
        "identity": np.eye(30),
        "repeated": with_spectrum(np.repeat([-2.0, 0.0, 1.0, 5.0], 10)),
        "clustered": with_spectrum(1.0 + 1e-9 * np.arange(40)),
        "rank one": np.outer(np.arange(1.0, 41.0), np.arange(1.0, 41.0)),
        "graded": np.diag(10.0 ** -np.arange(0, 40, 3.0)) + np.diag(10.0 ** -np.arange(1, 39, 3.0), -1),
        "blocks": np.kron(np.eye(5), np.array([[0.0, 1.0], [1.0, 0.0]])),
        "zeros": np.zeros((7, 7)),
        "random 100": (lambda b: b + b.T)(rng.standard_normal((100, 100))),
    }
    for scale in (1.0, 1e-150, 1e150):
        for name, a in cases.items():
            a = a + np.tril(a, -1).T - np.triu(a, 1).T  # the lower triangle, mirrored: exactly symmetric
            a = a * scale
            if scale != 1.0 and float(np.finfo(dtype).max) < 1e300:
                continue  # float32 and complex64 cannot hold these scales
            x = a.astype(dtype)
            want = np.linalg.eigvalsh(x)
            got = LINALG.eigvalsh(ferrule.asarray(x)).numpy()
            assert got.dtype == want.dtype
            assert np.all(np.diff(got) >= 0), name
            bound = tol(dtype) * 4 * max(float(np.max(np.abs(want))), np.finfo(want.dtype).tiny)
            err = float(np.max(np.abs(got - want)))
            assert err <= bound, f"{name} x {scale} ({dtype}): error {err} beyond {bound}"


def matched(got: np.ndarray, want: np.ndarray, bound: float) -> bool:
    """Whether the eigenvalues ``got`` and ``want`` (1-D) are the same multiset within ``bound``:
    each of ``got`` is paired with the nearest unpaired one of ``want`` (no ordering is defined)."""
    left = list(want)
    for g in got:
        j = int(np.argmin([abs(g - w) for w in left]))
        if abs(g - left[j]) > bound:
            return False
        left.pop(j)
    return not left


@SETTINGS
@given(batch=batches, n=sides, dtype=dtypes, seed=seeds, data=st.data())
def test_eig_matches_numpy(batch: tuple[int, ...], n: int, dtype: str, seed: int, data: Any) -> None:
    a = random_matrices(seed, (*batch, n, n), dtype)
    t = data.draw(laid_out(a))
    w, v = LINALG.eig(t)
    complex_dtype = "complex64" if dtype in ("float32", "complex64") else "complex128"
    # always complex, as the standard asks (numpy's eig is real when every eigenvalue is)
    assert (str(w.dtype), str(v.dtype)) == (complex_dtype, complex_dtype)
    assert (w.shape, v.shape) == ((*batch, n), (*batch, n, n))
    wn, vn = w.numpy(), v.numpy()
    # A v = w v, each eigenvector of unit norm (backward stable: within a few ulp of |A|)
    close(a @ vn, vn * wn[..., None, :], dtype, scale=20.0)
    close(np.linalg.norm(vn, axis=-2), np.ones((*batch, n)), dtype, scale=4.0)
    # the same eigenvalues as numpy, in some order (within the square root of the precision:
    # eigenvalues of a nearly defective matrix are that sensitive, whichever algorithm computes them)
    want = np.linalg.eigvals(a).reshape(int(np.prod(batch)), n)
    bound = (3e-3 if complex_dtype == "complex64" else 1e-6) * max(1.0, float(np.max(np.abs(a), initial=0.0)))
    for got_row, want_row in zip(wn.reshape(want.shape), want, strict=True):
        assert matched(got_row, want_row, bound), (got_row, want_row)
    values = LINALG.eigvals(t)
    assert str(values.dtype) == complex_dtype and values.shape == (*batch, n)
    for got_row, want_row in zip(values.numpy().reshape(want.shape), want, strict=True):
        assert matched(got_row, want_row, bound), (got_row, want_row)


def test_eig_of_known_matrices() -> None:
    # a rotation: a complex-conjugate pair from a real matrix, with complex eigenvectors
    w, v = LINALG.eig(ferrule.asarray([[0.0, -1.0], [1.0, 0.0]]))
    assert sorted(w.numpy().tolist(), key=lambda z: z.imag) == [-1j, 1j]
    vn = v.numpy()
    np.testing.assert_allclose(np.array([[0.0, -1.0], [1.0, 0.0]]) @ vn, vn * w.numpy(), atol=1e-15)
    # triangular: the diagonal; integers compute in float64
    values = LINALG.eigvals(ferrule.asarray([[2, 1], [0, 3]]))
    assert values.dtype == ferrule.complex128
    assert sorted(values.numpy().tolist(), key=lambda z: z.real) == [2, 3]
    # a Jordan block (defective): one eigenvalue, twice
    np.testing.assert_allclose(LINALG.eigvals(ferrule.asarray([[1.0, 1.0], [0.0, 1.0]])).numpy(), [1, 1])
    # empty stacks and 0 x 0 matrices
    w, v = LINALG.eig(ferrule.zeros((3, 0, 0), dtype=ferrule.float32))
    assert (w.shape, v.shape, w.dtype) == ((3, 0), (3, 0, 0), ferrule.complex64)
    assert LINALG.eigvals(ferrule.zeros((0, 2, 2))).shape == (0, 2)


def test_eig_errors_name_the_op() -> None:
    with pytest.raises(ValueError, match=r"linalg\.eig\(\) argument 'x': expected square matrices"):
        LINALG.eig(ferrule.zeros((2, 3)))
    with pytest.raises(ValueError, match=r"linalg\.eigvals\(\) argument 'x': expected a matrix"):
        LINALG.eigvals(ferrule.zeros(3))
    with pytest.raises(ValueError, match=r"linalg\.eig: the matrix \(matrix 1 of the stack\) has an infinite or nan"):
        LINALG.eig(ferrule.asarray([np.eye(2), [[1.0, np.nan], [0.0, 1.0]]]))
    with pytest.raises(TypeError, match=r"linalg\.eigvals\(\) argument 'x': dtype float16 is not supported"):
        LINALG.eigvals(ferrule.zeros((2, 2), dtype=ferrule.float16))


# ---- SVD and what is built on it ----------------------------------------------------------------


@SETTINGS
@given(batch=batches, m=sides, n=sides, dtype=dtypes, seed=seeds, full=st.booleans(), data=st.data())
def test_svd_matches_numpy(
    batch: tuple[int, ...], m: int, n: int, dtype: str, seed: int, full: bool, data: Any
) -> None:
    a = random_matrices(seed, (*batch, m, n), dtype)
    t = data.draw(laid_out(a))
    u, s, vh = LINALG.svd(t, full_matrices=full)
    wu, ws, wvh = np.linalg.svd(a, full_matrices=full)
    assert (u.shape, s.shape, vh.shape) == (wu.shape, ws.shape, wvh.shape)
    assert (u.dtype, s.dtype, vh.dtype) == (wu.dtype, ws.dtype, wvh.dtype)
    close(s, ws, dtype, scale=4.0)
    close(LINALG.svdvals(t), ws, dtype, scale=4.0)
    un, sn, vhn = u.numpy(), s.numpy(), vh.numpy()
    k = min(m, n)
    close((un[..., :, :k] * sn[..., None, :]) @ vhn[..., :k, :], a, dtype, scale=4.0)
    for f in (un, adjoint(vhn)):
        close(adjoint(f) @ f, np.broadcast_to(np.eye(f.shape[-1]), f.shape[:-2] + (f.shape[-1],) * 2), dtype, scale=4.0)


@SETTINGS
@given(batch=batches, m=sides, n=sides, rank=st.integers(0, 6), dtype=dtypes, seed=seeds, data=st.data())
def test_pinv_matches_numpy(
    batch: tuple[int, ...], m: int, n: int, rank: int, dtype: str, seed: int, data: Any
) -> None:
    # Well conditioned, with rows past `rank` zero: the zero singular values are exact, so the
    # cut-off (the standard's default) separates them cleanly.
    a = random_matrices(seed, (*batch, m, n), dtype)
    a = a + max(m, n) * np.eye(m, n, dtype=dtype)
    a[..., min(rank, m) :, :] = 0
    t = data.draw(laid_out(a))
    want = np.linalg.pinv(a, rtol=None)
    got = LINALG.pinv(t)
    assert got.dtype == want.dtype
    close(got, want, dtype, scale=10.0)
    # rtol as a number and as a tensor broadcast against the batch dims.
    close(LINALG.pinv(t, rtol=0.5), np.linalg.pinv(a, rtol=0.5), dtype, scale=10.0)
    # (numpy's pinv cannot grow the batch dims by rtol's, so one numpy call per value.)
    rtols = np.array([1e-3, 0.5, 2.0])
    got = LINALG.pinv(t, rtol=ferrule.asarray(rtols[(slice(None),) + (None,) * len(batch)]))
    assert got.shape == (3, *batch, n, m)
    for i, rtol in enumerate(rtols):
        close(got[i], np.linalg.pinv(a, rtol=rtol), dtype, scale=10.0)


@SETTINGS
@given(batch=batches, m=sides, n=sides, rank=st.integers(0, 6), dtype=dtypes, seed=seeds)
def test_matrix_rank_matches_numpy(batch: tuple[int, ...], m: int, n: int, rank: int, dtype: str, seed: int) -> None:
    r = min(rank, m, n)
    # A product of m x r and r x n factors has rank r. Its zero singular values are rounding
    # noise, so the tolerance is set well above it (the default sits right at it).
    a = (random_matrices(seed, (*batch, m, r), dtype) @ random_matrices(seed + 1, (r, n), dtype)).astype(dtype)
    rtol = 1e-3 if tol(dtype) > 1e-6 else 1e-8
    t = ferrule.asarray(a)
    got = LINALG.matrix_rank(t, rtol=rtol)
    assert got.dtype == ferrule.int64
    np.testing.assert_array_equal(got.numpy(), np.linalg.matrix_rank(a, rtol=rtol))
    rtols = np.array([rtol, 0.5, 2.0])[(slice(None),) + (None,) * len(batch)]
    got = LINALG.matrix_rank(t, rtol=ferrule.asarray(rtols))
    np.testing.assert_array_equal(got.numpy(), np.linalg.matrix_rank(a, rtol=rtols))


def test_matrix_rank_default_tolerance() -> None:
    # Exactly representable rank-deficient matrices: the default max(m, n) * eps applies.
    a = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    for dtype in FLOATS:
        assert int(LINALG.matrix_rank(ferrule.asarray(a.astype(dtype)))) == np.linalg.matrix_rank(a.astype(dtype)) == 2
    assert LINALG.matrix_rank(ferrule.asarray(np.zeros((2, 4, 3)))).tolist() == [0, 0]
    assert int(LINALG.matrix_rank(ferrule.eye(4, dtype=ferrule.float32))) == 4


def test_matrix_norm_every_ord_matches_numpy() -> None:
    rng = np.random.default_rng(6)
    for dtype in FLOATS + ["int64"]:
        a = (
            (rng.standard_normal((2, 3, 4)) * 5).astype(dtype)
            if dtype == "int64"
            else random_matrices(7, (2, 3, 4), dtype)
        )
        t = ferrule.asarray(a)
        for ord_ in ["fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]:
            for keepdims in (False, True):
                got = LINALG.matrix_norm(t, ord=ord_, keepdims=keepdims)
                want = np.linalg.matrix_norm(a, ord=ord_, keepdims=keepdims)
                assert got.dtype == want.dtype, (dtype, ord_)
                close(got, want, dtype, scale=4.0)
    assert float(LINALG.matrix_norm(ferrule.zeros((0, 0)), ord="nuc")) == 0.0
    with pytest.raises(ValueError, match="matrix_norm"):
        LINALG.matrix_norm(ferrule.zeros((0, 0)), ord=2)
    with pytest.raises(ValueError, match="ord"):
        LINALG.matrix_norm(ferrule.eye(2), ord=3)


# ---- structure: cross, outer, diagonal, trace ---------------------------------------------------


@SETTINGS
@given(
    batch=batches,
    dtype=st.sampled_from(["int8", "int64", "uint16", "float32", "float64", "complex128"]),
    seed=seeds,
    axis=st.sampled_from([-1, -2]),
    data=st.data(),
)
def test_cross_matches_numpy(batch: tuple[int, ...], dtype: str, seed: int, axis: int, data: Any) -> None:
    rng = np.random.default_rng(seed)
    shape = (*batch, 3, 2) if axis == -2 else (*batch, 2, 3)
    a = rng.integers(0, 10, shape).astype(dtype)
    b = rng.integers(0, 10, shape[-2:]).astype(dtype)  # broadcast against a's batch dims
    got = LINALG.cross(data.draw(laid_out(a)), ferrule.asarray(b), axis=axis)
    want = np.linalg.cross(a, b, axis=axis)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got.numpy(), want)


def test_cross_errors() -> None:
    with pytest.raises(ValueError, match="linalg.cross: the vectors along axis -1 must have 3 elements"):
        LINALG.cross(ferrule.ones(2), ferrule.ones(2))
    with pytest.raises(TypeError, match="bool"):
        LINALG.cross(ferrule.ones(3, dtype=ferrule.bool), ferrule.ones(3))
    with pytest.raises(ValueError, match="out of bounds"):
        LINALG.cross(ferrule.ones((2, 3)), ferrule.ones(3), axis=0)


def test_outer_diagonal_trace_match_numpy() -> None:
    rng = np.random.default_rng(8)
    x, y = rng.integers(-5, 5, 4).astype(np.int16), rng.standard_normal(3).astype(np.float32)
    got, want = LINALG.outer(ferrule.asarray(x), ferrule.asarray(y)), np.linalg.outer(x, y)
    assert got.dtype == want.dtype
    close(got, want, "float32")
    with pytest.raises(ValueError, match="1-D"):
        LINALG.outer(ferrule.ones((2, 2)), ferrule.ones(2))
    m = rng.integers(-9, 9, (2, 3, 4, 5))
    for dtype in ("int8", "uint8", "bool", "float32", "complex64"):
        a = m.astype(dtype)
        t = ferrule.asarray(a)
        for view, arr in ((t, a), (ferrule.matrix_transpose(t), np.swapaxes(a, -1, -2))):
            for offset in range(-6, 7):
                d = LINALG.diagonal(view, offset=offset)
                np.testing.assert_array_equal(d.numpy(), np.linalg.diagonal(arr, offset=offset))
                tr, want = LINALG.trace(view, offset=offset), np.linalg.trace(arr, offset=offset)
                assert tr.dtype == want.dtype, (dtype, tr.dtype, want.dtype)
                np.testing.assert_allclose(tr.numpy(), want, rtol=1e-6)
        wide = "complex128" if dtype == "complex64" else "float64"
        got = LINALG.trace(t, dtype=getattr(ferrule, wide))
        assert str(got.dtype) == wide
        np.testing.assert_allclose(got.numpy(), np.linalg.trace(a, dtype=wide))


# ---- dtypes, empty input, errors ----------------------------------------------------------------


def test_integer_input_computes_in_float64_and_half_precision_is_refused() -> None:
    ints = np.array([[2, 1], [1, 3]], dtype=np.int32)
    t = ferrule.asarray(ints)
    for name in ("inv", "det", "cholesky", "eigvalsh", "svdvals", "pinv"):
        got, want = getattr(LINALG, name)(t), getattr(np.linalg, name)(ints)
        assert got.dtype == want.dtype == np.float64, name
        close(got, want, "float64")
    for name in ("inv", "det", "cholesky", "eigh", "svd", "qr", "solve", "pinv", "matrix_rank"):
        args = (ferrule.eye(2, dtype=ferrule.float16),) * (2 if name == "solve" else 1)
        with pytest.raises(TypeError, match=f"linalg.{name}.*float16 is not supported"):
            getattr(LINALG, name)(*args)


def test_empty_batches_and_zero_size_matrices_match_numpy() -> None:
    for shape in ((0, 3, 3), (2, 0, 0), (0, 0)):
        a = np.zeros(shape)
        t = ferrule.asarray(a)
        for name in ("inv", "det", "cholesky", "eigvalsh", "svdvals", "pinv", "matrix_rank"):
            got, want = getattr(LINALG, name)(t), getattr(np.linalg, name)(a)
            assert got.shape == want.shape, (name, shape)
            np.testing.assert_array_equal(got.numpy(), want)
        for name in ("eigh", "slogdet"):
            for g, w in zip(getattr(LINALG, name)(t), getattr(np.linalg, name)(a), strict=True):
                assert g.shape == w.shape, (name, shape)
                np.testing.assert_array_equal(g.numpy(), w)
        for full in (True, False):
            for g, w in zip(LINALG.svd(t, full_matrices=full), np.linalg.svd(a, full_matrices=full), strict=True):
                assert g.shape == w.shape, ("svd", shape)
                np.testing.assert_array_equal(g.numpy(), w)
    for shape in ((3, 0), (0, 3), (2, 0, 4)):
        a = np.zeros(shape)
        for mode in ("reduced", "complete"):
            for g, w in zip(LINALG.qr(ferrule.asarray(a), mode=mode), np.linalg.qr(a, mode=mode), strict=True):
                assert g.shape == w.shape, ("qr", shape, mode)
                np.testing.assert_array_equal(g.numpy(), w)
        for full in (True, False):
            for g, w in zip(
                LINALG.svd(ferrule.asarray(a), full_matrices=full), np.linalg.svd(a, full_matrices=full), strict=True
            ):
                assert g.shape == w.shape, ("svd", shape, full)
                np.testing.assert_array_equal(g.numpy(), w)
        assert LINALG.pinv(ferrule.asarray(a)).shape == np.linalg.pinv(a).shape


def test_errors_name_the_op() -> None:
    singular = ferrule.asarray([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match=r"^linalg\.inv: the matrix is singular") as info:
        LINALG.inv(singular)
    assert isinstance(info.value, ferrule.Error)
    stack = ferrule.asarray(np.stack([np.eye(2), np.ones((2, 2))]))
    with pytest.raises(ValueError, match=r"^linalg\.solve: the matrix is singular \(matrix 1 of the stack\)"):
        LINALG.solve(stack, ferrule.ones(2))
    assert float(LINALG.det(singular)) == 0.0
    with pytest.raises(ValueError, match=r"^linalg\.cholesky: the matrix is not positive definite"):
        LINALG.cholesky(ferrule.asarray([[1.0, 2.0], [2.0, 1.0]]))
    for name in ("inv", "det", "slogdet", "cholesky", "eigh", "eigvalsh"):
        with pytest.raises(ValueError, match=rf"linalg\.{name}\(\) argument 'x': expected square matrices.*\(2, 3\)"):
            getattr(LINALG, name)(ferrule.ones((2, 3)))
    for name in ("inv", "svd", "qr", "svdvals", "pinv", "matrix_rank", "diagonal", "trace", "matrix_norm"):
        with pytest.raises(ValueError, match=rf"linalg\.{name}.*at least 2 dims"):
            getattr(LINALG, name)(ferrule.ones(3))
    with pytest.raises(ValueError, match=r"linalg\.solve: shapes \(3, 3\) and \(2,\) do not match"):
        LINALG.solve(ferrule.eye(3), ferrule.ones(2))
    with pytest.raises(ValueError, match="mode"):
        LINALG.qr(ferrule.eye(2), mode="r")
    for name in ("svd", "eigh", "svdvals", "pinv", "matrix_rank"):
        with pytest.raises(ValueError, match="infinite or nan"):
            getattr(LINALG, name)(ferrule.asarray([[np.nan, 0.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="rtol"):
        LINALG.matrix_rank(ferrule.ones((2, 3, 3)), rtol=ferrule.ones(4))
    with pytest.raises(TypeError):
        LINALG.matrix_power(ferrule.eye(2), 1.5)
