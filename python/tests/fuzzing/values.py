"""Hypothesis strategies for the API fuzzer's arguments, as Python source (``Expr``).

An argument is source text evaluated in the worker (with :mod:`fuzzing.prelude`'s names), so a
failing call prints as the exact line that reproduces it. ``tags`` say what kind of value it is,
for the known-failure matchers and the counts (``huge``, ``readonly``, ``surrogate``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

DTYPES = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
SHAPES = ((), (0,), (1,), (3,), (2, 3), (3, 1), (2, 0, 3), (1, 3, 1), (2, 2, 2), (4, 4), (2, 3, 4))


@dataclass(frozen=True)
class Expr:
    """One argument: its source and what kind of value it is."""

    src: str
    tags: frozenset[str] = frozenset()


def _e(src: str, *tags: str) -> Expr:
    return Expr(src, frozenset(tags))


def _lit(*items: tuple[str, str]) -> st.SearchStrategy[Expr]:
    return st.sampled_from([_e(src, tag) for src, tag in items])


# ---- scalars ---------------------------------------------------------------------------------------

INTS = st.one_of(
    st.integers(-4, 4).map(lambda i: _e(repr(i), "int")),
    _lit(
        ("2**31 - 1", "int"),
        ("2**31", "bigint"),
        ("2**32", "bigint"),
        ("2**53 + 1", "bigint"),
        ("2**62", "bigint"),
        ("2**63 - 1", "bigint"),
        ("2**63", "hugeint"),
        ("2**64", "hugeint"),
        ("-(2**63)", "bigint"),
        ("-(2**63) - 1", "hugeint"),
        ("10**100", "hugeint"),
        ("-(10**100)", "hugeint"),
    ),
)
FLOATS = _lit(
    ("0.0", "float"),
    ("-0.0", "float"),
    ("0.5", "float"),
    ("-2.5", "float"),
    ("1e308", "float"),
    ("5e-324", "float"),
    ("nan", "nan"),
    ("inf", "inf"),
    ("-inf", "inf"),
    ("3.0", "float"),
)
COMPLEX = _lit(("1 + 2j", "complex"), ("complex(nan, inf)", "nan"), ("-0j", "complex"))
BOOLS = _lit(("True", "bool"), ("False", "bool"))
NUMBERS = st.one_of(INTS, FLOATS, COMPLEX, BOOLS)
TEXT = st.one_of(
    _lit(
        ("''", "str"),
        ("'x'", "str"),
        ("'float32'", "str"),
        ("'int64'", "str"),
        ("'bool'", "str"),
        ("'cpu'", "str"),
        ("'cpu:0'", "str"),
        ("'cuda:0'", "str"),
        ("'fro'", "str"),
        ("'...'", "str"),
        ("'ops.add'", "str"),
        ("'ops'", "str"),
        ("'\\x00'", "nul"),
        ("'a\\x00b'", "nul"),
        ("'\\udcff'", "surrogate"),
        ("'\\ud800x'", "surrogate"),
        ("'é🦀'", "str"),
        ("'x' * 100_000", "longstr"),
        ("'2024.12'", "str"),
    ),
    st.text(max_size=8).map(lambda s: _e(repr(s), "surrogate" if any(0xD800 <= ord(c) < 0xE000 for c in s) else "str")),
)
BYTES = _lit(
    ("b''", "bytes"), ("b'\\xff\\x00abc'", "bytes"), ("bytearray(b'ab')", "bytes"), ("memoryview(b'ab')", "bytes")
)

# ---- tensors ---------------------------------------------------------------------------------------


@st.composite
def _tensor(draw: st.DrawFn) -> Expr:
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(st.sampled_from(SHAPES))
    kind = draw(st.sampled_from(("arange", "special", "zeros", "ones")))
    base = f"tensor({kind!r}, {shape!r}, {dtype!r})"
    tags = {"tensor", f"dtype:{dtype}"}
    if math_prod(shape) == 0:
        tags.add("empty")
    if shape == ():
        tags.add("0-d")
    layout = draw(
        st.sampled_from(
            # (a huge tensor makes a full reduction long work: rarer than the others)
            ("plain", "plain", "plain", "copy", "copy", "reversed", "reversed", "permuted", "permuted")
            + ("broadcast", "broadcast", "readonly", "readonly", "readonly-view", "readonly-view", "huge")
        )
    )
    if layout == "copy":
        return Expr(f"ferrule.Tensor(data({kind!r}, {shape!r}, {dtype!r}))", frozenset(tags))
    if layout == "reversed" and shape:
        tags.add("negative-strides")
        return Expr(f"{base}[::-1]", frozenset(tags))
    if layout == "permuted" and len(shape) >= 2:
        tags.add("permuted")
        return Expr(f"ferrule.permute_dims({base}, {tuple(reversed(range(len(shape))))!r})", frozenset(tags))
    if layout == "broadcast":
        tags.add("broadcast")
        return Expr(f"ferrule.broadcast_to({base}, {(2, *shape)!r})", frozenset(tags))
    if layout in ("readonly", "readonly-view") and dtype != "bfloat16":
        tags.add("readonly")
        src = f"readonly({shape!r}, {dtype!r})"
        if layout == "readonly-view" and shape:
            tags.add("readonly-view")
            src += "[::-1]"
        return Expr(src, frozenset(tags))
    if layout == "huge":
        # 2**40 elements through a stride-0 view: anything that allocates one output element per
        # input element must fail with MemoryError; a full reduction is long work (interruptible)
        tags |= {"huge", "broadcast"}
        tags.discard("empty")
        tags.discard("0-d")
        return Expr(f"ferrule.broadcast_to(tensor({kind!r}, (1,), {dtype!r}), (2**20, 2**20))", frozenset(tags))
    return Expr(base, frozenset(tags))


def math_prod(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


TENSORS = _tensor()
CTYPES_TENSORS = st.sampled_from(SHAPES[:6]).map(
    lambda shape: _e(f"ferrule.ffi.ctypes.tensor(data('arange', {shape!r}, 'float32'))", "ctypes-tensor")
)
NUMPY = _lit(
    ("data('arange', (2, 3), 'float64')", "numpy"),
    ("np.float64(1.5)", "numpy-scalar"),
    ("np.int64(-3)", "numpy-scalar"),
    ("np.uint64(2**64 - 1)", "numpy-scalar"),
    ("np.bool_(True)", "numpy-scalar"),
    ("np.zeros(3, dtype='>f4')", "numpy"),
    ("np.zeros((3, 4))[:, ::2]", "numpy"),
    ("np.zeros(3, dtype=object)", "numpy"),
    ("np.array(['a', 'bc'])", "numpy"),
    ("np.zeros(2, dtype=[('a', 'i4')])", "numpy"),
    ("np.array(['2020-01-01'], dtype='datetime64[D]')", "numpy"),
    ("np.zeros(3, dtype=np.longdouble)", "numpy"),
    ("np.zeros((0, 3))", "numpy"),
    ("np.array(5.0)", "numpy"),
    ("np.ones((2, 2), dtype='float32').T", "numpy"),
)

# ---- structured arguments ----------------------------------------------------------------------------

DIMS = _lit(
    ("0", "int"),
    ("1", "int"),
    ("2", "int"),
    ("3", "int"),
    ("-1", "int"),
    ("2**31", "bigint"),
    ("2**62", "bigint"),
    ("2**63 - 1", "bigint"),
    ("2**63", "hugeint"),
)
SHAPE_ARGS = st.one_of(
    st.lists(DIMS, max_size=4).map(lambda ds: _e("(" + "".join(d.src + ", " for d in ds) + ")", "shape")),
    st.lists(DIMS, max_size=3).map(lambda ds: _e("[" + ", ".join(d.src for d in ds) + "]", "shape")),
    DIMS,
    _lit(("(2**20,) * 64", "shape"), ("(1,) * 65", "shape"), ("(2**32, 2**32)", "shape"), ("(-5, 2)", "shape")),
)
AXES = st.one_of(
    st.integers(-4, 4).map(lambda i: _e(repr(i), "int")),
    st.lists(st.integers(-4, 4), max_size=4).map(lambda a: _e(repr(tuple(a)), "axes")),
    _lit(("None", "none"), ("2**63", "hugeint"), ("-(2**62)", "bigint"), ("(0, 0)", "axes"), ("[1]", "axes")),
)
DTYPE_ARGS = st.one_of(
    st.sampled_from(DTYPES).map(lambda d: _e(f"ferrule.{d}", "dtype")),
    st.sampled_from(DTYPES).map(lambda d: _e(repr(d), "dtype")),
    _lit(
        ("np.float32", "dtype"),
        ("np.dtype('int16')", "dtype"),
        ("np.dtype('>f8')", "dtype"),
        ("np.dtype('O')", "dtype"),
        ("np.dtype('M8[s]')", "dtype"),
        ("np.longdouble", "dtype"),
        ("float", "dtype"),
        ("int", "dtype"),
        ("bool", "dtype"),
        ("complex", "dtype"),
        ("'foo'", "str"),
        ("'float32\\x00'", "nul"),
        ("None", "none"),
    ),
)
DEVICES = _lit(
    ("None", "none"),
    ("'cpu'", "str"),
    ("'cpu:0'", "str"),
    ("'cuda'", "str"),
    ("'cpu:1'", "str"),
    ("'\\udcff'", "surrogate"),
    ("'c\\x00pu'", "nul"),
    ("(1, 0)", "tuple"),
    ("(2, 0)", "tuple"),
    ("('cpu', 0)", "tuple"),
    ("5", "int"),
    ("Hostile()", "hostile"),
)
CALLABLES = _lit(
    ("lambda *a, **k: None", "callable"),
    ("lambda x: x", "callable"),
    ("lambda *a: fail('a callback')", "callable"),
    ("lambda *a: object()", "callable"),
    ("abs", "callable"),
    ("ferrule.abs", "callable"),
    ("ferrule.get_global_func('ops.negative')", "function"),
    ("ferrule.Function(lambda *a: 7)", "function"),
    ("print", "callable"),
)
HOSTILE = _lit(
    ("Hostile()", "hostile"),
    ("Liar()", "hostile"),
    ("CapsuleProducer(b'used_dltensor')", "hostile"),
    ("CapsuleProducer(b'used_dltensor_versioned')", "hostile"),
    ("CapsuleProducer(None)", "hostile"),
    ("capsule(b'dltensor_versioned_not')", "hostile"),
    ("object()", "object"),
    ("deep_list(5000)", "deep"),
    ("deep_list(100)", "deep"),
    ("iter([1, 2, 3])", "iterator"),
    ("(i for i in range(3))", "iterator"),
    ("{'slice': [1, 2]}", "dict"),
    ("{}", "dict"),
    ("{1: 2, 'a': [3]}", "dict"),
    ("slice(None, None, 0)", "slice"),
    ("slice(2**70, None, -(2**70))", "slice"),
    ("slice(1, 'a')", "slice"),
    ("...", "ellipsis"),
    ("None", "none"),
    ("{1, 2}", "set"),
    ("range(5)", "range"),
    ("int", "type"),
    ("ferrule.Tensor", "type"),
)


def _lists(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.one_of(
        st.lists(children, max_size=4).map(lambda xs: _e("[" + ", ".join(x.src for x in xs) + "]", "list")),
        st.lists(children, max_size=3).map(lambda xs: _e("(" + "".join(x.src + ", " for x in xs) + ")", "tuple")),
    )


NESTED = st.recursive(st.one_of(NUMBERS, TEXT, TENSORS), _lists, max_leaves=8)

#: Any value at all: what a parameter gets when the fuzzer ignores its name and annotation.
ANYTHING = st.one_of(
    TENSORS, TENSORS, NUMBERS, TEXT, BYTES, NUMPY, HOSTILE, NESTED, CTYPES_TENSORS, CALLABLES, DTYPE_ARGS
)
#: A tensor, a Python scalar or an array-like: what an ``x`` or operand parameter usually gets.
OPERANDS = st.one_of(TENSORS, TENSORS, TENSORS, TENSORS, NUMBERS, NUMPY)


def for_parameter(name: str, annotation: str) -> st.SearchStrategy[Expr]:
    """The values worth trying for a parameter: some that fit its name and annotation, and
    anything at all (wrong types are the point) a quarter of the time."""
    return st.one_of(_fitting(name, annotation), _fitting(name, annotation), _fitting(name, annotation), ANYTHING)


def _fitting(name: str, annotation: str) -> st.SearchStrategy[Expr]:
    ann = annotation.lower()
    if name in ("shape", "newshape", "size") or "tuple[int" in ann and name != "axis":
        return SHAPE_ARGS
    if name in ("axis", "axes", "source", "destination", "dim", "start_dim", "end_dim"):
        return AXES
    if name in ("dtype", "type", "dtype_or_array") or "dtype" in ann:
        return DTYPE_ARGS
    if name in ("device", "dl_device"):
        return DEVICES
    if name in ("f", "func", "fn", "callback") or "callable" in ann or "function" in ann:
        return CALLABLES
    if "tensor" in ann or name in ("x", "x1", "x2", "a", "b", "x_", "data", "obj", "other", "value", "t"):
        return OPERANDS
    if name in ("arrays", "tensors", "xs") or "list" in ann or "sequence" in ann:
        return _lists(OPERANDS)
    if ann in ("int", "int | none") or name in ("k", "n", "repeats", "reps", "n_rows", "n_cols", "num"):
        return INTS
    if "float" in ann:
        return st.one_of(FLOATS, INTS)
    if ann == "bool" or ann == "bool | none":
        return st.one_of(BOOLS, _lit(("None", "none"), ("1", "int")))
    if "str" in ann or name in ("name", "prefix", "path", "kind", "ord", "api_version", "doc", "format_spec"):
        return TEXT
    return ANYTHING
