"""Every operator of schema/ops.yaml that takes tensors, against numpy's equivalent, in the same run.

Run: .venv/bin/python benches/python/bench_sweep.py [--quick] [--json PATH] [--filter NAME] [--all]

Each op runs at 1K and 4M elements (matrix ops on 32x32 and 2048x2048; cubic-cost ones, matmul and
the factorizations, on 32x32 and 512x512), in float32, float64 and int64 where both libraries
accept the dtype, on C-contiguous operands and on a strided layout (a ``[::2]`` view; a transposed
view for matrices). Times are the best run, ferrule's and numpy's interleaved: at 4M the fastest
single call, at 1K (a few microseconds a call, where one call at a time times the clock as much as
the call) the fastest mean of a loop of calls, as ``timeit`` measures, ferrule's and numpy's
loops alternating one by one. The report keeps,
for each op and size, its slowest dtype and layout against numpy, sorted slowest first (``--all``
prints every combination). Ops numpy lacks are listed with no ratio.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ferrule
import numpy as np
from _benchutil import Record, best_loop_seconds, best_seconds, emit, parser, record

GROUP = "Operator sweep (ferrule vs numpy)"

Op = Callable[[Any, "Operands"], Any]


class Operands:
    """The inputs of one (dtype, size, layout) combination, as one library's arrays."""

    def __init__(self, lib: Any, arrays: dict[str, Any]) -> None:
        self.lib = lib
        for name, value in arrays.items():
            setattr(self, name, value)


def numpy_inputs(dtype: str, n: int, strided: bool, cubic: bool, rng: np.random.Generator) -> dict[str, Any]:
    """numpy arrays for every operand name the cases use; ``strided``: views with a step of 2
    (1-D) or transposed (matrices)."""

    def vec(low: float, high: float) -> np.ndarray[Any, Any]:
        m = 2 * n if strided else n
        if dtype == "int64":
            v = rng.integers(int(low * 100) + 1, int(high * 100) + 1, m, dtype=np.int64)
        else:
            v = rng.uniform(low, high, m).astype(dtype)
        return v[::2] if strided else v

    side = 512 if cubic and n > 1024 else math.isqrt(n)

    def mat() -> np.ndarray[Any, Any]:
        if dtype == "int64":
            m = rng.integers(1, 100, (side, side), dtype=np.int64)
        else:
            m = rng.uniform(0.1, 0.9, (side, side)).astype(dtype)
        return m.T if strided else m

    x, y = vec(0.1, 0.9), vec(0.1, 0.9)
    m = mat()
    spd = (m @ m.T + side * np.eye(side)).astype(m.dtype) if dtype != "int64" else m
    n3 = n // 3 * 3
    return {
        "x": x,
        "y": y,
        "xp1": (x + 1).astype(x.dtype),
        "shift": (y % 7).astype(y.dtype),
        "small": y[:64].copy(),
        "cond": x > np.median(x),
        "idx": rng.integers(0, n, n, dtype=np.int64),
        "idx_col": rng.integers(0, n, n, dtype=np.int64),
        "sorted": np.sort(y),
        "x3": x[:n3].reshape(-1, 3),
        "y3": y[:n3].reshape(-1, 3),
        "m": m,
        "m2": mat(),
        "spd": spd,
        "v": x[:side].copy(),
        "m_full": rng.uniform(0.1, 0.9, (math.isqrt(n), math.isqrt(n))).astype(x.dtype),
        "work": x.copy(),
        "lo": 20 if dtype == "int64" else 0.2,
        "hi": 80 if dtype == "int64" else 0.8,
    }


def ferrule_inputs(arrays: dict[str, Any], strided: bool) -> dict[str, Any]:
    """The same values as ferrule tensors with the same layouts (views of ferrule tensors)."""
    out = {}
    for name, a in arrays.items():
        if not isinstance(a, np.ndarray):
            out[name] = a
        elif strided and a.ndim == 1 and name in ("x", "y", "xp1", "shift"):
            base = np.empty(2 * a.shape[0], a.dtype)
            base[::2] = a
            out[name] = ferrule.asarray(base)[::2]
        elif strided and a.ndim == 2 and name in ("m", "m2"):
            out[name] = ferrule.matrix_transpose(ferrule.asarray(np.ascontiguousarray(a.T)))
        else:
            out[name] = ferrule.asarray(np.ascontiguousarray(a))
    return out


@dataclass
class Case:
    """One op: how each library computes it (``None`` for numpy when numpy lacks it)."""

    name: str
    fer: Op
    np: Op | None
    cubic: bool = False


def same(name: str, np_name: str | None = None, **kw: Any) -> tuple[Op, Op]:
    """``lib.<name>(o.x, **kw)`` for ferrule and ``numpy.<np_name or name>`` for numpy."""
    return (lambda L, o: getattr(L, name)(o.x, **kw)), (lambda L, o: getattr(L, np_name or name)(o.x, **kw))


UNARY = (
    "abs negative positive sign square conj real imag reciprocal round floor ceil trunc signbit isfinite isinf "
    "isnan logical_not bitwise_invert exp expm1 log log1p log2 log10 sqrt sin cos tan asin acos atan sinh cosh "
    "tanh asinh atanh"
).split()
BINARY = (
    "add subtract multiply divide floor_divide remainder pow maximum minimum atan2 copysign hypot logaddexp "
    "nextafter equal not_equal less less_equal greater greater_equal logical_and logical_or logical_xor "
    "bitwise_and bitwise_or bitwise_xor"
).split()
REDUCE = "sum prod mean var std max min all any argmax argmin count_nonzero".split()


def attr(path: str) -> Callable[[Any], Any]:
    def get(lib: Any) -> Any:
        for part in path.split("."):
            lib = getattr(lib, part)
        return lib

    return get


def cases() -> list[Case]:
    out: list[Case] = []
    for name in UNARY:
        out.append(Case(name, *same(name)))
    out.append(Case("acosh", lambda L, o: L.acosh(o.xp1), lambda L, o: L.acosh(o.xp1)))
    for name in BINARY:
        out.append(Case(name, (lambda n: lambda L, o: getattr(L, n)(o.x, o.y))(name), None))
        out[-1].np = out[-1].fer
    for name in ("bitwise_left_shift", "bitwise_right_shift"):
        f = (lambda n: lambda L, o: getattr(L, n)(o.x, o.shift))(name)
        out.append(Case(name, f, f))
    scalar = Case("multiply by a scalar (a * 3)", lambda L, o: o.x * 3, lambda L, o: o.x * 3)
    out.append(scalar)
    out.append(Case("clip", lambda L, o: L.clip(o.x, o.lo, o.hi), lambda L, o: L.clip(o.x, o.lo, o.hi)))
    out.append(Case("where", lambda L, o: L.where(o.cond, o.x, o.y), lambda L, o: L.where(o.cond, o.x, o.y)))
    out.append(
        Case(
            "astype",
            lambda L, o: L.astype(o.x, L.float32 if str(o.x.dtype) == "float64" else L.float64),
            lambda L, o: L.astype(o.x, L.float32 if str(o.x.dtype) == "float64" else L.float64),
        )
    )
    for name in REDUCE:
        out.append(Case(name, *same(name)))
    out.append(Case("sum(axis=1)", lambda L, o: L.sum(o.m, axis=1), lambda L, o: L.sum(o.m, axis=1)))
    for name in ("cumulative_sum", "cumulative_prod"):
        out.append(Case(name, *same(name)))
    out.append(Case("diff", *same("diff")))
    # matrices
    out.append(Case("matmul", lambda L, o: L.matmul(o.m, o.m2), lambda L, o: L.matmul(o.m, o.m2), cubic=True))
    out.append(Case("mm", lambda L, o: L.mm(o.m, o.m2), lambda L, o: L.matmul(o.m, o.m2), cubic=True))
    out.append(
        Case(
            "tensordot",
            lambda L, o: L.tensordot(o.m, o.m2, axes=1),
            lambda L, o: L.tensordot(o.m, o.m2, axes=1),
            cubic=True,
        )
    )
    out.append(Case("vecdot", lambda L, o: L.vecdot(o.m, o.m2), lambda L, o: L.vecdot(o.m, o.m2)))
    for name in ("det", "inv", "eigh", "eigvalsh", "pinv", "qr", "slogdet", "svd", "svdvals", "matrix_rank"):
        f = (lambda n: lambda L, o: attr("linalg." + n)(L)(o.spd))(name)
        out.append(Case("linalg." + name, f, f, cubic=True))
    out.append(
        Case(
            "linalg.cholesky", lambda L, o: L.linalg.cholesky(o.spd), lambda L, o: L.linalg.cholesky(o.spd), cubic=True
        )
    )
    out.append(
        Case(
            "linalg.solve", lambda L, o: L.linalg.solve(o.spd, o.m), lambda L, o: L.linalg.solve(o.spd, o.m), cubic=True
        )
    )
    out.append(
        Case(
            "linalg.matrix_power",
            lambda L, o: L.linalg.matrix_power(o.m, 3),
            lambda L, o: L.linalg.matrix_power(o.m, 3),
            cubic=True,
        )
    )
    for name in ("matrix_norm", "diagonal", "trace"):
        f = (lambda n: lambda L, o: attr("linalg." + n)(L)(o.m))(name)
        out.append(Case("linalg." + name, f, f))
    out.append(
        Case("linalg.vector_norm", lambda L, o: L.linalg.vector_norm(o.x), lambda L, o: L.linalg.vector_norm(o.x))
    )
    out.append(Case("linalg.outer", lambda L, o: L.linalg.outer(o.v, o.v), lambda L, o: L.linalg.outer(o.v, o.v)))
    out.append(Case("linalg.cross", lambda L, o: L.linalg.cross(o.x3, o.y3), lambda L, o: L.linalg.cross(o.x3, o.y3)))
    # manipulation and indexing
    out.append(Case("reshape", lambda L, o: L.reshape(o.x, (-1, 2)), lambda L, o: L.reshape(o.x, (-1, 2))))
    out.append(Case("permute_dims", lambda L, o: L.permute_dims(o.m, (1, 0)), lambda L, o: L.permute_dims(o.m, (1, 0))))
    out.append(Case("matrix_transpose", lambda L, o: L.matrix_transpose(o.m), lambda L, o: L.matrix_transpose(o.m)))
    out.append(Case("expand_dims", lambda L, o: L.expand_dims(o.x, axis=0), lambda L, o: L.expand_dims(o.x, axis=0)))
    out.append(
        Case(
            "squeeze",
            lambda L, o: L.squeeze(L.expand_dims(o.x, axis=0), axis=0),
            lambda L, o: L.squeeze(L.expand_dims(o.x, axis=0), axis=0),
        )
    )
    out.append(
        Case(
            "broadcast_to",
            lambda L, o: L.broadcast_to(o.v, (4, o.v.shape[0])),
            lambda L, o: L.broadcast_to(o.v, (4, o.v.shape[0])),
        )
    )
    out.append(
        Case("broadcast_arrays", lambda L, o: L.broadcast_arrays(o.m, o.v), lambda L, o: L.broadcast_arrays(o.m, o.v))
    )
    out.append(Case("concat", lambda L, o: L.concat([o.x, o.y]), lambda L, o: L.concat([o.x, o.y])))
    out.append(Case("stack", lambda L, o: L.stack([o.x, o.y]), lambda L, o: L.stack([o.x, o.y])))
    out.append(Case("unstack", lambda L, o: L.unstack(o.m), lambda L, o: L.unstack(o.m)))
    out.append(Case("flip", lambda L, o: L.flip(o.x), lambda L, o: L.flip(o.x)))
    out.append(Case("roll", lambda L, o: L.roll(o.x, 3), lambda L, o: L.roll(o.x, 3)))
    out.append(Case("moveaxis", lambda L, o: L.moveaxis(o.m, 0, 1), lambda L, o: L.moveaxis(o.m, 0, 1)))
    out.append(Case("repeat", lambda L, o: L.repeat(o.x, 2), lambda L, o: L.repeat(o.x, 2)))
    out.append(Case("tile", lambda L, o: L.tile(o.x, (2,)), lambda L, o: L.tile(o.x, (2,))))
    out.append(
        Case(
            "getitem slice (x[1:-1] copy)",
            lambda L, o: L.asarray(o.x[1:-1], copy=True),
            lambda L, o: L.asarray(o.x[1:-1], copy=True),
        )
    )
    out.append(Case("getitem boolean mask", lambda L, o: o.x[o.cond], lambda L, o: o.x[o.cond]))
    out.append(Case("getitem integer indices", lambda L, o: o.x[o.idx], lambda L, o: o.x[o.idx]))
    out.append(
        Case(
            "setitem boolean mask",
            lambda L, o: o.work.__setitem__(o.cond, 0),
            lambda L, o: o.work.__setitem__(o.cond, 0),
        )
    )
    out.append(Case("take", lambda L, o: L.take(o.x, o.idx), lambda L, o: L.take(o.x, o.idx)))
    out.append(
        Case(
            "take_along_axis",
            lambda L, o: L.take_along_axis(o.x, o.idx, axis=0),
            lambda L, o: L.take_along_axis(o.x, o.idx, axis=0),
        )
    )
    out.append(Case("nonzero", lambda L, o: L.nonzero(o.cond), lambda L, o: L.nonzero(o.cond)))
    out.append(
        Case("searchsorted", lambda L, o: L.searchsorted(o.sorted, o.x), lambda L, o: L.searchsorted(o.sorted, o.x))
    )
    out.append(Case("isin", lambda L, o: L.isin(o.x, o.small), lambda L, o: L.isin(o.x, o.small)))
    for name in ("sort", "argsort", "unique_values", "unique_counts", "unique_inverse", "unique_all"):
        out.append(Case(name, *same(name)))
    # creation from a tensor
    for name in ("empty_like", "zeros_like", "ones_like"):
        out.append(Case(name, *same(name)))
    out.append(Case("full_like", lambda L, o: L.full_like(o.x, 2), lambda L, o: L.full_like(o.x, 2)))
    out.append(Case("tril", lambda L, o: L.tril(o.m), lambda L, o: L.tril(o.m)))
    out.append(Case("triu", lambda L, o: L.triu(o.m), lambda L, o: L.triu(o.m)))
    out.append(Case("meshgrid", lambda L, o: L.meshgrid(o.v, o.v), lambda L, o: L.meshgrid(o.v, o.v)))
    # fft
    for name in ("fft", "ifft", "rfft", "hfft", "ihfft", "fftshift", "ifftshift"):
        f = (lambda n: lambda L, o: attr("fft." + n)(L)(o.x))(name)
        out.append(Case("fft." + name, f, f))
    out.append(Case("fft.irfft", lambda L, o: L.fft.irfft(L.fft.rfft(o.x)), lambda L, o: L.fft.irfft(L.fft.rfft(o.x))))
    for name in ("fftn", "ifftn", "rfftn"):
        f = (lambda n: lambda L, o: attr("fft." + n)(L)(o.m))(name)
        out.append(Case("fft." + name, f, f))
    out.append(
        Case("fft.irfftn", lambda L, o: L.fft.irfftn(L.fft.rfftn(o.m)), lambda L, o: L.fft.irfftn(L.fft.rfftn(o.m)))
    )
    # numpy has no equivalent
    out.append(Case("geo_distance", lambda L, o: L.geo_distance(o.x, o.y, o.y, o.x), None))
    return out


SIZES = ((1024, "1K"), (4 << 20, "4M"))
DTYPES = ("float32", "float64", "int64")


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--filter", default="", help="only ops whose name contains this")
    p.add_argument("--all", action="store_true", help="print every dtype and layout, not only the slowest")
    p.add_argument("--sizes", default="1K,4M", help="comma-separated subset of 1K,4M")
    args = p.parse_args()
    rng = np.random.default_rng(0)
    sizes = [s for s in SIZES if s[1] in args.sizes.split(",")]
    wanted = [c for c in cases() if args.filter in c.name]
    # (op, size) -> (ratio, dtype, layout, ferrule s, numpy s)
    worst: dict[tuple[str, str], tuple[float, str, str, float, float]] = {}
    lacking: dict[str, tuple[str, float]] = {}
    every: list[Record] = []
    for n, label in sizes:
        budget = (0.03 if label == "1K" else 0.2) * (0.3 if args.quick else 1.0)
        for dtype in DTYPES:
            for strided in (False, True):
                layout = "strided" if strided else "contiguous"
                for cubic in (False, True):
                    group = [c for c in wanted if c.cubic == cubic]
                    if not group:
                        continue
                    arrays = numpy_inputs(dtype, n, strided, cubic, rng)
                    nps = Operands(np, arrays)
                    fers = Operands(ferrule, ferrule_inputs(arrays, strided))
                    for c in group:
                        fns: dict[str, Callable[[], Any]] = {"ferrule": (lambda c=c, fers=fers: c.fer(ferrule, fers))}
                        if c.np is not None:
                            fns["numpy"] = lambda c=c, nps=nps: c.np(np, nps)  # type: ignore[misc]
                        try:
                            for f in fns.values():
                                f()
                        except Exception:  # a dtype one of them does not take: not compared
                            continue
                        if label == "1K":
                            best = best_loop_seconds(fns, 2 * budget)
                        else:
                            best = best_seconds(fns, budget, rounds=2, min_runs=2)
                        if c.np is None:
                            lacking.setdefault(f"{c.name} {label}", (dtype, best["ferrule"]))
                            continue
                        q = best["numpy"] / best["ferrule"]
                        key = (c.name, label)
                        if key not in worst or q < worst[key][0]:
                            worst[key] = (q, dtype, layout, best["ferrule"], best["numpy"])
                        if args.all:
                            every.append(
                                record(
                                    GROUP,
                                    f"{c.name} {label} {dtype} {layout}",
                                    "µs",
                                    {"ferrule": best["ferrule"] * 1e6, "numpy": best["numpy"] * 1e6},
                                    "numpy",
                                    lower_is_better=True,
                                )
                            )
    records = [
        record(
            GROUP,
            f"{op} {label} ({dtype}, {layout})",
            "µs",
            {"ferrule": f * 1e6, "numpy": t * 1e6},
            "numpy",
            lower_is_better=True,
        )
        for (op, label), (q, dtype, layout, f, t) in sorted(worst.items(), key=lambda kv: kv[1][0])
    ]
    records += [
        record(
            GROUP,
            f"{name} ({dtype}; numpy has no equivalent)",
            "µs",
            {"ferrule": f * 1e6},
            "numpy",
            lower_is_better=True,
            ratio_text="not counted",
        )
        for name, (dtype, f) in sorted(lacking.items())
    ]
    emit(sorted(every, key=lambda r: r["values"]["numpy"] / r["values"]["ferrule"]) if args.all else records, args.json)


if __name__ == "__main__":
    main()
