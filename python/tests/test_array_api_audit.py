"""An audit of the ``ferrule`` namespace against array-api-strict, the Python Array API
standard's reference implementation (a pinned dev requirement), set to the 2025.12 revision that
ferrule declares: every name the standard defines exists (top level, linalg, fft, constants, the
inspection object, the array object's attributes, methods and operators), and every function
takes the standard's parameters (names, kinds, defaults). The lists below are the whole of where
ferrule differs, each with its reason; each test also asserts that every listed difference still
exists, so a name that lands (or a fix) fails the test until its entry is removed: the audit
cannot drift.
"""

from __future__ import annotations

import inspect
from typing import Any

import array_api_strict as xp
import ferrule
import numpy as np
from array_api_strict._array_object import Array as StrictArray

#: Names of array-api-strict's namespace that are its own, not the standard's.
STRICT_ONLY = {
    "ArrayAPIStrictFlags",
    "Device",
    "get_array_api_strict_flags",
    "set_array_api_strict_flags",
    "reset_array_api_strict_flags",
    "__version__",
}

# The revision ferrule declares, checked against the same revision of the reference namespace.
xp.set_array_api_strict_flags(api_version=ferrule.__array_api_version__)
assert xp.get_array_api_strict_flags()["api_version"] == "2025.12"

#: linalg functions new in 2025.12 that array-api-strict 2.6.1 defines but leaves out of its
#: ``linalg.__all__`` (the standard's function list had the same omission until it was fixed).
LINALG_BEYOND_ALL = ("eig", "eigvals")


def _linalg_names() -> list[str]:
    return sorted(set(xp.linalg.__all__) | set(LINALG_BEYOND_ALL))


#: Standard names ferrule does not have yet (none since the fft extension landed). The test fails
#: while a listed name exists, so the list cannot go stale.
STILL_BEING_ADDED: set[str] = set()

#: Functions whose parameters differ from array-api-strict's, with the reason.
SIGNATURE_DIFFERENCES: dict[str, str] = {
    # 2025.12 makes axis required; ferrule keeps the default 0 that every earlier revision gave
    # it, so code written for them still runs (a call the standard allows behaves the same).
    "expand_dims": "axis keeps its pre-2025.12 default 0",
}


def _standard_names() -> list[str]:
    return sorted(set(xp.__all__) - STRICT_ONLY)


def test_every_standard_name_exists() -> None:
    missing = {name for name in _standard_names() if not hasattr(ferrule, name)}
    assert missing == STILL_BEING_ADDED
    for name in _standard_names():
        if name in STILL_BEING_ADDED:
            continue
        standard = getattr(xp, name)
        ours = getattr(ferrule, name)
        if callable(standard):
            assert callable(ours), name
    assert ferrule.__all__ == list(dict.fromkeys(ferrule.__all__))
    in_all = set(ferrule.__all__)
    assert {n for n in _standard_names() if n not in in_all} == STILL_BEING_ADDED


def test_linalg_and_fft_names() -> None:
    assert sorted(n for n in _linalg_names() if not hasattr(ferrule.linalg, n)) == []
    assert all(callable(getattr(xp.linalg, n)) for n in LINALG_BEYOND_ALL)
    assert sorted(n for n in xp.fft.__all__ if not hasattr(ferrule.fft, n)) == []


def test_constants_match() -> None:
    for name in ("e", "pi", "inf"):
        assert getattr(ferrule, name) == getattr(xp, name)
    assert np.isnan(ferrule.nan) and ferrule.newaxis is None


def _params(f: Any) -> list[inspect.Parameter]:
    return list(inspect.signature(f).parameters.values())


def _default(p: inspect.Parameter) -> Any:
    # array-api-strict marks "not given" with its own sentinel where the standard's default is None
    d = p.default
    return None if type(d).__name__ == "Undef" else d


def _same_default(a: Any, b: Any) -> bool:
    if a is inspect.Parameter.empty or b is inspect.Parameter.empty:
        return a is b
    if isinstance(a, float) and isinstance(b, float) and np.isnan(a) and np.isnan(b):
        return True
    return type(a) is type(b) and a == b


_P = inspect.Parameter
#: The kinds that take every call the standard's kind does: a positional-only parameter may be
#: positional-or-keyword (it accepts more calls), likewise a keyword-only one.
_ACCEPTS = {
    _P.POSITIONAL_ONLY: {_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD},
    _P.POSITIONAL_OR_KEYWORD: {_P.POSITIONAL_OR_KEYWORD},
    _P.KEYWORD_ONLY: {_P.KEYWORD_ONLY, _P.POSITIONAL_OR_KEYWORD},
    _P.VAR_POSITIONAL: {_P.VAR_POSITIONAL},
    _P.VAR_KEYWORD: {_P.VAR_KEYWORD},
}


def _signature_mismatch(ours: Any, standard: Any, *, method: bool = False) -> str | None:
    """Why ``ours`` does not take the standard's parameters, or None when it does: the standard's
    parameters come first, in order, each of a kind that accepts the same calls, with the same
    name (unless positional-only, where names are not part of the API) and default; any extra one
    is keyword-only with a default (the standard allows additional arguments). ``method``: both
    are methods, so the first parameter (self) is not compared."""
    mine, theirs = _params(ours), _params(standard)
    if method:
        mine, theirs = mine[1:], theirs[1:]
    if len(mine) < len(theirs):
        return f"fewer parameters: {[p.name for p in mine]} vs {[p.name for p in theirs]}"
    for a, b in zip(mine, theirs, strict=False):
        if a.kind not in _ACCEPTS[b.kind] or (b.kind is not _P.POSITIONAL_ONLY and a.name != b.name):
            return f"parameter {a.name} ({a.kind.description}) vs {b.name} ({b.kind.description})"
        if not _same_default(_default(a), _default(b)):
            return f"parameter {a.name}: default {_default(a)!r} vs {_default(b)!r}"
    for p in mine[len(theirs) :]:
        if p.kind is not _P.VAR_KEYWORD and (p.kind is not _P.KEYWORD_ONLY or p.default is _P.empty):
            return f"extra parameter {p.name} is not keyword-only with a default"
    return None


def _namespaces() -> list[tuple[str, Any, Any]]:
    pairs = [(n, getattr(ferrule, n), getattr(xp, n)) for n in _standard_names() if n not in STILL_BEING_ADDED]
    pairs += [(f"linalg.{n}", getattr(ferrule.linalg, n), getattr(xp.linalg, n)) for n in _linalg_names()]
    if "fft" not in STILL_BEING_ADDED:
        pairs += [(f"fft.{n}", getattr(ferrule.fft, n), getattr(xp.fft, n)) for n in xp.fft.__all__]
    return [(n, f, g) for n, f, g in pairs if inspect.isfunction(g)]


def test_function_signatures_match_the_standard() -> None:
    found = {}
    for name, ours, standard in _namespaces():
        why = _signature_mismatch(ours, standard)
        if why is not None:
            found[name] = why
    assert sorted(found) == sorted(SIGNATURE_DIFFERENCES), found


def _standard_array_members() -> list[str]:
    """The array object's attributes, methods and operators the standard defines: those of
    array-api-strict's Array less Python's object protocol and its own conversion hooks."""
    own = {"__array__", "__buffer__", "__getstate__", "__slots__", "__annotations__", "__weakref__", "__module__"}
    own |= {"__init__", "__new__", "__repr__", "__str__", "__doc__", "__hash__", "__iter__", "__sizeof__"}
    own |= {"__reduce__", "__reduce_ex__", "__setattr__", "__delattr__", "__dir__", "__format__"}
    own |= {"__getattribute__", "__init_subclass__", "__subclasshook__", "__class__"}
    return sorted(n for n in dir(StrictArray) if n not in own and (not n.startswith("_") or n.startswith("__")))


#: Tensor members of the standard that ferrule does not have yet, with the reason (none since
#: ``__imatmul__`` landed).
MISSING_TENSOR_MEMBERS: set[str] = set()


def test_tensor_has_every_standard_member() -> None:
    members = _standard_array_members()
    assert {"T", "mT", "device", "dtype", "ndim", "shape", "size", "to_device", "__dlpack__"} <= set(members)
    assert {n for n in members if not hasattr(ferrule.Tensor, n)} == MISSING_TENSOR_MEMBERS


#: Tensor methods whose parameters deliberately differ from the standard's, with the reason.
TENSOR_METHOD_DIFFERENCES: dict[str, str] = {
    # the standard's stub makes stream keyword-only (`to_device(self, device, /, *, stream=None)`),
    # as ferrule does; array-api-strict also takes it positionally
    "to_device": "stream is keyword-only, as the standard's stub has it",
}


def test_tensor_method_signatures_match_the_standard() -> None:
    found = {}
    for name in _standard_array_members():
        standard = getattr(StrictArray, name)
        if not inspect.isfunction(standard) or name in MISSING_TENSOR_MEMBERS:
            continue
        why = _signature_mismatch(getattr(ferrule.Tensor, name), standard, method=True)
        if why is not None:
            found[name] = why
    assert sorted(found) == sorted(TENSOR_METHOD_DIFFERENCES), found


def test_namespace_info_matches_the_standard() -> None:
    ours, theirs = ferrule.__array_namespace_info__(), xp.__array_namespace_info__()
    for name in ("capabilities", "default_device", "default_dtypes", "devices", "dtypes"):
        assert _signature_mismatch(getattr(ours, name), getattr(theirs, name)) is None, name
    assert set(ours.capabilities()) == set(theirs.capabilities())
    assert set(ours.default_dtypes()) == set(theirs.default_dtypes())
    assert {k: str(v) for k, v in ours.default_dtypes().items()} == {
        "real floating": "float64",
        "complex floating": "complex128",
        "integral": "int64",
        "indexing": "int64",
    }
    # (the standard names the dict's keys, not their order)
    assert set(ours.dtypes()) == set(theirs.dtypes())
    assert all(str(v) == k for k, v in ours.dtypes().items())
    kinds = ["bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric"]
    for kind in [*kinds, ("bool", "real floating")]:
        assert set(ours.dtypes(kind=kind)) == set(theirs.dtypes(kind=kind)), kind
    for dtype in ours.dtypes().values():
        assert ferrule.isdtype(dtype, dtype)
    # a tuple in 2025.12 (array-api-strict: a list for earlier versions)
    assert type(ours.devices()) is type(theirs.devices()) is tuple
    assert ours.default_device() in ours.devices()
