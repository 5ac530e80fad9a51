"""scikit-learn in array-API mode (``sklearn.config_context(array_api_dispatch=True)``) on ferrule
tensors: PCA (``svd_solver='full'`` and ``'randomized'``), LinearDiscriminantAnalysis and Ridge fit
on ferrule tensors, keep their fitted attributes and their results as ferrule tensors, and match
what the same estimators compute from numpy arrays (the oracle). scikit-learn's own array-API
estimator check runs on the ferrule namespace too.

scipy reads its array-API switch (``SCIPY_ARRAY_API=1``, which scikit-learn's dispatch requires)
once, at import: ``conftest.py`` sets it before any test can import scipy.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ferrule
import numpy as np
import pytest
import sklearn
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import Ridge
from sklearn.utils.estimator_checks import check_array_api_input

DTYPES = ["float64", "float32"]


def tolerance(dtype: str) -> float:
    return 1e-4 if dtype == "float32" else 1e-10


@contextmanager
def array_api_mode() -> Iterator[None]:
    """scikit-learn's array-API dispatch, without the warnings it gives for choices it makes for
    any non-numpy namespace (the QR instead of the LU normalizer of the randomized SVD, Ridge's
    'svd' solver for solver='auto'): those choices are scikit-learn's, the same for every library."""
    with sklearn.config_context(array_api_dispatch=True), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Array API does not support LU factorization")
        warnings.filterwarnings("ignore", message="Using Array API dispatch to namespace")
        yield


def data(dtype: str, *, targets: int = 0, classes: int = 0, n: int = 120, features: int = 8) -> tuple[Any, ...]:
    """``X`` (with some correlated columns, so the components differ in size) and a target: ``y``
    real with ``targets`` columns (1-D for 1), or integer class labels for ``classes > 0``."""
    rng = np.random.default_rng(12345)
    base = rng.standard_normal((n, features))
    X = base @ rng.standard_normal((features, features)) + rng.standard_normal(features)
    if classes:
        labels = rng.integers(0, classes, n)
        X[:, :classes] += 2.0 * np.eye(classes)[labels]  # separable enough to have structure
        return X.astype(dtype), labels
    coef = rng.standard_normal((features, max(targets, 1)))
    y = X @ coef + 0.1 * rng.standard_normal((n, max(targets, 1)))
    return X.astype(dtype), (y[:, 0] if targets == 1 else y).astype(dtype)


def assert_tensor_like(got: Any, want: np.ndarray[Any, Any], dtype: str, *, scale: float = 1.0) -> None:
    """``got`` is a ferrule tensor of ``want``'s shape and dtype, equal to it within the dtype's
    tolerance relative to ``want``'s largest magnitude (times ``scale``)."""
    assert isinstance(got, ferrule.Tensor), type(got)
    g = np.asarray(got)
    assert g.shape == want.shape and g.dtype == want.dtype, (g.shape, g.dtype, want.shape, want.dtype)
    bound = tolerance(dtype) * scale * max(1.0, float(np.max(np.abs(want), initial=0.0)))
    np.testing.assert_allclose(g, want, rtol=0, atol=bound)


def fitted_arrays(estimator: Any) -> dict[str, np.ndarray[Any, Any]]:
    """The fitted attributes of ``estimator`` (fitted on numpy arrays) that are arrays."""
    return {k: v for k, v in vars(estimator).items() if k.endswith("_") and isinstance(v, np.ndarray)}


def fit_both(make: Callable[[], Any], *args: np.ndarray[Any, Any], **kwargs: Any) -> tuple[Any, Any]:
    """The estimator fitted on the numpy arrays, and a twin fitted in array-API mode on ferrule
    tensors holding the same values."""
    on_numpy = make().fit(*args, **kwargs)
    with array_api_mode():
        tensors = [ferrule.asarray(a) for a in args]
        on_ferrule = make().fit(*tensors, **{k: ferrule.asarray(v) for k, v in kwargs.items()})
    return on_numpy, on_ferrule


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("solver", ["full", "randomized"])
def test_pca_matches_numpy(solver: str, dtype: str) -> None:
    X, _ = data(dtype)
    make = lambda: PCA(n_components=4, svd_solver=solver, random_state=0)  # noqa: E731
    ref, est = fit_both(make, X)
    for name, want in fitted_arrays(ref).items():
        assert_tensor_like(getattr(est, name), want, dtype, scale=10.0)
    Xf = ferrule.asarray(X)
    with array_api_mode():
        projected = est.transform(Xf)
        assert_tensor_like(projected, ref.transform(X), dtype, scale=10.0)
        assert_tensor_like(est.inverse_transform(projected), ref.inverse_transform(ref.transform(X)), dtype, scale=10.0)
        assert_tensor_like(est.score_samples(Xf), ref.score_samples(X), dtype, scale=10.0)
        assert_tensor_like(est.get_precision(), ref.get_precision(), dtype, scale=10.0)
        assert est.score(Xf) == pytest.approx(ref.score(X), rel=10 * tolerance(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_pca_whitened_matches_numpy(dtype: str) -> None:
    X, _ = data(dtype)
    ref, est = fit_both(lambda: PCA(n_components=3, whiten=True, svd_solver="full"), X)
    with array_api_mode():
        assert_tensor_like(est.transform(ferrule.asarray(X)), ref.transform(X), dtype, scale=10.0)


def column_signs_normalized(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``a`` with each column multiplied by the sign of its largest-magnitude entry."""
    rows = np.argmax(np.abs(a), axis=0)
    return a * np.sign(a[rows, np.arange(a.shape[1])])


@pytest.mark.parametrize("dtype", DTYPES)
def test_linear_discriminant_analysis_matches_numpy(dtype: str) -> None:
    X, y = data(dtype, classes=3)
    ref, est = fit_both(LinearDiscriminantAnalysis, X, y)
    # The discriminant directions (scalings_) come from an SVD, whose singular vectors are unique
    # only up to sign: LAPACK (numpy's path) and faer may pick either, and LDA does not fix them
    # (PCA does, with svd_flip). Everything else is sign-free and must match as computed.
    for name, want in fitted_arrays(ref).items():
        got = getattr(est, name)
        if name == "scalings_":
            assert isinstance(got, ferrule.Tensor) and got.shape == want.shape and str(got.dtype) == str(want.dtype)
            np.testing.assert_allclose(
                column_signs_normalized(np.asarray(got)), column_signs_normalized(want), atol=10 * tolerance(dtype)
            )
        elif name == "classes_":
            np.testing.assert_array_equal(np.asarray(got), want)
        else:
            assert_tensor_like(got, want, dtype, scale=10.0)
    Xf = ferrule.asarray(X)
    with array_api_mode():
        predicted = est.predict(Xf)
        assert isinstance(predicted, ferrule.Tensor)
        np.testing.assert_array_equal(np.asarray(predicted), ref.predict(X))
        assert_tensor_like(est.predict_proba(Xf), ref.predict_proba(X), dtype, scale=10.0)
        assert_tensor_like(est.decision_function(Xf), ref.decision_function(X), dtype, scale=10.0)
        projected = np.asarray(est.transform(Xf))
        bound = 10 * tolerance(dtype) * float(np.max(np.abs(ref.transform(X))))
        np.testing.assert_allclose(
            column_signs_normalized(projected), column_signs_normalized(ref.transform(X)), atol=bound
        )
        assert est.score(Xf, ferrule.asarray(y)) == ref.score(X, y)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    ("targets", "options", "weighted"),
    [
        (1, {"alpha": 1.0}, False),
        (1, {"alpha": 0.5, "fit_intercept": False}, False),
        (3, {"alpha": np.array([0.1, 1.0, 10.0])}, False),
        (1, {"alpha": 2.0}, True),
    ],
)
def test_ridge_matches_numpy(dtype: str, targets: int, options: dict[str, Any], weighted: bool) -> None:
    X, y = data(dtype, targets=targets)
    extra = {"sample_weight": np.linspace(0.5, 2.0, len(X)).astype(dtype)} if weighted else {}
    ref, est = fit_both(lambda: Ridge(**options), X, y, **extra)
    for name, want in fitted_arrays(ref).items():
        assert_tensor_like(getattr(est, name), want, dtype, scale=10.0)
    with array_api_mode():
        Xf = ferrule.asarray(X)
        assert_tensor_like(est.predict(Xf), ref.predict(X), dtype, scale=10.0)
        assert est.score(Xf, ferrule.asarray(y)) == pytest.approx(ref.score(X, y), rel=10 * tolerance(dtype))


# scikit-learn's own check of an estimator in array-API mode, on the ferrule namespace: fitted
# attributes and every method's result in the input's namespace and on its device, and (with
# check_values) equal to the numpy fit's. LDA's values are compared above, up to the sign of the
# SVD's vectors, so its check here covers namespaces, devices, shapes and dtypes.
SKLEARN_CHECKS = [
    (PCA(n_components=2, svd_solver="full"), True),
    (PCA(n_components=2, svd_solver="randomized", random_state=0), True),
    (LinearDiscriminantAnalysis(), False),
    (Ridge(), True),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("estimator", "check_values"), SKLEARN_CHECKS, ids=lambda v: repr(v))
def test_scikit_learn_array_api_check(estimator: Any, check_values: bool, dtype: str) -> None:
    assert os.environ.get("SCIPY_ARRAY_API") == "1"  # else scikit-learn skips the check
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Array API does not support LU factorization")
        warnings.filterwarnings("ignore", message="Using Array API dispatch to namespace")
        check_array_api_input(
            type(estimator).__name__, estimator, "ferrule", dtype_name=dtype, check_values=check_values
        )
