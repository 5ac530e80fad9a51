"""ferrule's operators against numpy (and torch / paddle when installed), in the same run: matmul
GFLOP/s, the linalg factorizations' and the FFTs' time per call, elementwise GB/s, reductions, and
the per-call cost of tiny ops.

Run: .venv/bin/python benches/python/bench_ops.py [--quick] [--json PATH] [--filter NAME]

Each figure is the best of several timed runs, ferrule's and its peers' interleaved (the machines
are shared and noisy); the ratio is
ferrule's throughput over numpy's, or numpy's time over ferrule's for tiny ops (above 1 means
ferrule is faster). numpy runs single-threaded elementwise loops and multi-threaded BLAS; ferrule
uses its own pool (FERRULE_NUM_THREADS, default: all cores).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ferrule
import numpy as np
from _benchutil import Record, best_per_call, best_seconds, emit, optional_peer, parser, record

MATMUL = "Matrix multiply"
LINALG = "Linear algebra"
ELEMENTWISE = "Elementwise"
REDUCE = "Reductions"
FFT = "FFT"
TINY = "Tiny ops (per-call cost)"

Fn = Callable[[], Any]


class Peers:
    """The optional frameworks: each case asks for their version of its computation."""

    def __init__(self) -> None:
        self.torch = optional_peer("torch")
        self.paddle = optional_peer("paddle")

    def make(self, build: Callable[[Any, Callable[[np.ndarray[Any, Any]], Any]], Fn]) -> dict[str, Fn]:
        """``{"torch": fn, "paddle": fn}`` for the installed ones; ``build(lib, convert)`` makes the
        timed function from the library module and its numpy-to-tensor conversion."""
        found: dict[str, Fn] = {}
        if self.torch is not None:
            torch = self.torch
            try:
                found["torch"] = build(torch, lambda a: torch.from_numpy(a))
            except Exception:
                pass
        if self.paddle is not None:
            paddle = self.paddle
            try:
                found["paddle"] = build(paddle, lambda a: paddle.to_tensor(a))
            except Exception:
                pass
        for name, fn in list(found.items()):
            try:
                fn()
            except Exception:  # the peer lacks this op or dtype: leave it out
                del found[name]
        return found


def throughput(
    group: str, case: str, unit: str, amount: float, fns: dict[str, Fn], budget: float, note: str = ""
) -> Record:
    values = {who: amount / seconds / 1e9 for who, seconds in best_seconds(fns, budget).items()}
    return record(group, case, unit, values, "numpy", lower_is_better=False, note=note)


def timed(group: str, case: str, fns: dict[str, Fn], budget: float, rounds: int, note: str = "") -> Record:
    """Milliseconds per call (the best run), for work long enough to time one call at a time."""
    values = {who: seconds * 1e3 for who, seconds in best_seconds(fns, budget, rounds, min_runs=1).items()}
    return record(group, case, "ms", values, "numpy", lower_is_better=True, note=note)


#: linalg cases: (function, sizes); each runs in float64 and float32, ferrule.linalg.<f> against
#: numpy.linalg.<f> with the defaults both share (svd: full_matrices=True; qr: mode="reduced").
LINALG_CASES = (
    ("solve", (256, 1024)),
    ("inv", (256, 1024)),
    ("svd", (256, 1024)),
    ("qr", (256, 1024)),
    ("eigh", (512,)),
)
LINALG_NOTES = {
    "solve": "n x n right-hand side",
    "svd": "U, S and Vh, full_matrices=True",
    "qr": "Q and R, mode='reduced'",
    "eigh": "eigenvalues and eigenvectors",
}


def linalg_peer(op: str, operands: tuple[np.ndarray[Any, Any], ...]) -> Callable[[Any, Callable[..., Any]], Fn]:
    """The ``build`` of :meth:`Peers.make` for ``lib.linalg.<op>(*operands)``."""

    def build(lib: Any, convert: Callable[..., Any]) -> Fn:
        f = getattr(lib.linalg, op)
        converted = [convert(x) for x in operands]
        return lambda: f(*converted)

    return build


#: fft cases: (function, dtype of the signal); 2**20 points, one line, the default norm.
FFT_CASES = (
    ("fft", np.complex128),
    ("rfft", np.float64),
    ("fft", np.complex64),
    ("rfft", np.float32),
)


def per_call(case: str, fns: dict[str, Fn], number: int, note: str = "") -> Record:
    values = {who: seconds * 1e9 for who, seconds in best_per_call(fns, number).items()}
    return record(TINY, case, "ns/call", values, "numpy", lower_is_better=True, note=note)


class _DispatchFloor:
    """An object whose numpy protocols do nothing, in C (``"".format`` takes any arguments and
    returns at once): what numpy's own dispatch to an override costs, the floor under any
    library's ``np.sin(t)`` / ``np.sum(t)``."""

    __array_ufunc__ = "".format
    __array_function__ = "".format


def protocol_costs(fa: Any, a: Any, number: int) -> list[Record]:
    """numpy's functions on a ferrule tensor (``np.sin(t)`` through ``__array_ufunc__``,
    ``np.sum(t)`` through ``__array_function__``, both computed by ferrule) against the ferrule
    function called directly: the protocol's added cost per call (target: at most 300 ns), and
    how much of it is numpy's own dispatch (the same call on an object whose protocol method is
    a do-nothing C function)."""
    out = []
    floor = _DispatchFloor()
    for name, via_numpy, direct, plain, nothing in (
        ("sin", lambda: np.sin(fa), lambda: ferrule.sin(fa), lambda: np.sin(a), lambda: np.sin(floor)),
        ("sum", lambda: np.sum(fa), lambda: ferrule.sum(fa), lambda: np.sum(a), lambda: np.sum(floor)),
    ):
        peer = f"ferrule.{name}(t)"
        anchor = "numpy's dispatch alone"
        fns = {"ferrule": via_numpy, peer: direct, "numpy": plain, anchor: nothing}
        values = {who: s * 1e9 for who, s in best_per_call(fns, number).items()}
        added = values["ferrule"] - values[peer]
        note = (
            f"np.{name}(t) on a ferrule tensor, computed by ferrule: the protocol adds {added:,.0f} ns (target <= 300); "
            f"np.{name} on an object whose protocol method is a do-nothing C function takes {values[anchor]:,.0f} ns "
            "(numpy's own dispatch, timed as every column is)"
        )
        out.append(
            record(
                TINY,
                f"np.{name}(t) through numpy's protocol, 1-element float32",
                "ns/call",
                values,
                peer,
                lower_is_better=True,
                note=note,
            )
        )
    return out


def haversine_numpy(lon1: Any, lat1: Any, lon2: Any, lat2: Any) -> Any:
    """The haversine formula, vectorised with numpy: metres on a 6378 km sphere."""
    r1, r2 = np.radians(lat1), np.radians(lat2)
    a = r1 - r2
    b = np.radians(lon1) - np.radians(lon2)
    s = np.sin(a / 2) ** 2 + np.cos(r1) * np.cos(r2) * np.sin(b / 2) ** 2
    return 2 * np.arcsin(np.sqrt(s)) * 6378 * 1000


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--filter", default="", help="only cases whose name contains this")
    args = p.parse_args()
    budget = 0.3 if args.quick else 2.0
    number = 5_000 if args.quick else 100_000
    rng = np.random.default_rng(0)
    peers = Peers()
    records: list[Record] = []

    def wanted(name: str) -> bool:
        return args.filter in name

    sizes = [(n, np.float32) for n in (64, 128, 256, 512, 1024, 2048)] + [(1024, np.float64)]
    for n, dt in sizes:
        name = f"matmul {np.dtype(dt).name} {n}x{n}"
        if not wanted(name) or (args.quick and n > 1024):
            continue
        a = rng.standard_normal((n, n)).astype(dt)
        b = rng.standard_normal((n, n)).astype(dt)
        fa, fb = ferrule.asarray(a), ferrule.asarray(b)
        fns: dict[str, Fn] = {"ferrule": lambda fa=fa, fb=fb: fa @ fb, "numpy": lambda a=a, b=b: a @ b}
        fns |= peers.make(lambda lib, conv, a=a, b=b: lambda x=conv(a), y=conv(b): lib.matmul(x, y))
        records.append(throughput(MATMUL, name, "GFLOP/s", 2.0 * n**3, fns, budget * 2))

    for dt in (np.float64, np.float32):
        for op, sizes in LINALG_CASES:
            for n in sizes:
                name = f"linalg.{op} {np.dtype(dt).name} {n}x{n}"
                if not wanted(name) or (args.quick and n > 512):
                    continue
                a = rng.standard_normal((n, n)).astype(dt)
                if op == "eigh":
                    a = a + a.T
                operands = (a, rng.standard_normal((n, n)).astype(dt)) if op == "solve" else (a,)
                fo = tuple(ferrule.asarray(x) for x in operands)
                ff, nf = getattr(ferrule.linalg, op), getattr(np.linalg, op)
                fns = {"ferrule": lambda ff=ff, fo=fo: ff(*fo), "numpy": lambda nf=nf, o=operands: nf(*o)}
                fns |= peers.make(linalg_peer(op, operands))
                big = n >= 1024
                records.append(
                    timed(LINALG, name, fns, budget * (3 if big else 1), 2 if big else 4, LINALG_NOTES.get(op, ""))
                )

    n = 1 << 22 if args.quick else 1 << 24
    label = f"{n >> 20}M"
    if wanted("add"):
        a = rng.standard_normal(n, dtype=np.float32)
        b = rng.standard_normal(n, dtype=np.float32)
        c = np.empty_like(a)
        fa, fb, fc = ferrule.asarray(a), ferrule.asarray(b), ferrule.asarray(c)
        fns = {"ferrule": lambda: ferrule.add(fa, fb, out=fc), "numpy": lambda: np.add(a, b, out=c)}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a), y=conv(b), z=conv(c): lib.add(x, y, out=z))
        records.append(
            throughput(
                ELEMENTWISE,
                f"add(a, b, out=c) float32 {label}",
                "GB/s",
                12.0 * n,
                fns,
                budget,
                "bytes read and written once: 12 per element",
            )
        )
    # Fresh results, the everyday `c = a + b`: the cost of new memory counts (numpy with its
    # default huge-page advice).
    fresh = "a new result each call; bytes read and written once"
    for dt in (np.float32, np.float64):
        a = rng.standard_normal(n).astype(dt)
        b = rng.standard_normal(n).astype(dt)
        fa, fb = ferrule.asarray(a), ferrule.asarray(b)
        size = np.dtype(dt).itemsize
        name = np.dtype(dt).name
        other = np.float64 if dt == np.float32 else np.float32
        cases = (
            (f"a + b {name} {label} (new result)", 3 * size, lambda fa=fa, fb=fb: fa + fb, lambda a=a, b=b: a + b),
            (f"a * 3.0 {name} {label} (new result)", 2 * size, lambda fa=fa: fa * 3.0, lambda a=a: a * 3.0),
            (f"exp {name} {label} (new result)", 2 * size, lambda fa=fa: ferrule.exp(fa), lambda a=a: np.exp(a)),
            (
                f"astype({np.dtype(other).name}) {name} {label}",
                size + np.dtype(other).itemsize,
                lambda fa=fa, o=other: fa.astype(ferrule.float64 if o == np.float64 else ferrule.float32),
                lambda a=a, o=other: a.astype(o),
            ),
        )
        for case, per_element, fer, nump in cases:
            if wanted(case.split(" ")[0]) or wanted(case):
                fns = {"ferrule": fer, "numpy": nump}
                records.append(throughput(ELEMENTWISE, case, "GB/s", float(per_element * n), fns, budget, fresh))
    # Mid-size work, where waking the pool costs as much as the loop
    for m in (1 << 16, 1 << 18, 1 << 20):
        a = rng.standard_normal(m, dtype=np.float32)
        b = rng.standard_normal(m, dtype=np.float32)
        fa, fb = ferrule.asarray(a), ferrule.asarray(b)
        for case, per_element, fer, nump in (
            (f"a + b float32 {m >> 10}K (new result)", 12, lambda fa=fa, fb=fb: fa + fb, lambda a=a, b=b: a + b),
            (f"sin float32 {m >> 10}K (new result)", 8, lambda fa=fa: ferrule.sin(fa), lambda a=a: np.sin(a)),
        ):
            if wanted(case):
                fns = {"ferrule": fer, "numpy": nump}
                records.append(throughput(ELEMENTWISE, case, "GB/s", float(per_element * m), fns, budget / 2))
    if wanted("exp"):
        m = 1 << 20
        a = rng.standard_normal(m, dtype=np.float32)
        fa = ferrule.asarray(a)
        fns = {"ferrule": lambda: ferrule.exp(fa), "numpy": lambda: np.exp(a)}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a): lib.exp(x))
        records.append(throughput(ELEMENTWISE, "exp float32 1M", "GB/s", 8.0 * m, fns, budget))
    if wanted("geo_distance"):
        m = 1 << 20
        lon = rng.uniform(113.0, 115.0, m)
        lat = rng.uniform(22.0, 23.0, m)
        flon, flat = ferrule.asarray(lon), ferrule.asarray(lat)
        fns = {
            "ferrule": lambda: ferrule.geo_distance(flon, flat, 114.3311032, 22.6986848),
            "numpy": lambda: haversine_numpy(lon, lat, 114.3311032, 22.6986848),
        }
        records.append(
            throughput(
                ELEMENTWISE,
                "geo_distance float64 1M points",
                "GB/s",
                24.0 * m,
                fns,
                budget,
                "haversine; numpy evaluates the formula as whole-array expressions",
            )
        )

    if wanted("sum"):
        a = rng.standard_normal(n, dtype=np.float32)
        fa = ferrule.asarray(a)
        fns = {"ferrule": lambda: ferrule.sum(fa), "numpy": lambda: np.sum(a)}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a): lib.sum(x))
        records.append(throughput(REDUCE, f"sum float32 {label}", "GB/s", 4.0 * n, fns, budget))
    if wanted("max"):
        a = rng.standard_normal(n, dtype=np.float64)
        fa = ferrule.asarray(a)
        fns = {"ferrule": lambda: ferrule.max(fa), "numpy": lambda: np.max(a)}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a): lib.max(x))
        records.append(throughput(REDUCE, f"max float64 {label}", "GB/s", 8.0 * n, fns, budget))
    if wanted("mean"):
        side = 1024 if args.quick else 4096
        a = rng.standard_normal((side, side), dtype=np.float32)
        fa = ferrule.asarray(a)
        fns = {"ferrule": lambda: ferrule.mean(fa, axis=0), "numpy": lambda: np.mean(a, axis=0)}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a): lib.mean(x, 0))
        records.append(
            throughput(REDUCE, f"mean(axis=0) float32 {side}x{side}", "GB/s", 4.0 * side * side, fns, budget)
        )

    for op, dt in FFT_CASES:
        points = 1 << 20
        name = f"fft.{op} {np.dtype(dt).name} 2^20"
        if not wanted(name):
            continue
        x = rng.standard_normal(points)
        if np.dtype(dt).kind == "c":
            x = x + 1j * rng.standard_normal(points)
        x = x.astype(dt)
        fx = ferrule.asarray(x)
        ff, nf = getattr(ferrule.fft, op), getattr(np.fft, op)
        fns = {"ferrule": lambda ff=ff, fx=fx: ff(fx), "numpy": lambda nf=nf, x=x: nf(x)}
        fns |= peers.make(lambda lib, conv, op=op, x=x: lambda t=conv(x): getattr(lib.fft, op)(t))
        note = "one 1-D transform, a new result; numpy's pocketfft runs it on one thread"
        records.append(timed(FFT, name, fns, budget, 4, note))

    if wanted("tiny"):
        a = np.ones(1, dtype=np.float32)
        fa = ferrule.asarray(a)
        fns = {"ferrule": lambda: fa + fa, "numpy": lambda: a + a}
        fns |= peers.make(lambda lib, conv: lambda x=conv(a): x + x)
        records.append(per_call("a + b, 1-element float32", fns, number))
        fns = {"ferrule": lambda: ferrule.add(fa, fa), "numpy": lambda: np.add(a, a)}
        records.append(per_call("add(a, b), 1-element float32 (function form)", fns, number))
        c1 = np.empty_like(a)
        fc1 = ferrule.asarray(c1)
        fns = {"ferrule": lambda: ferrule.add(fa, fa, out=fc1), "numpy": lambda: np.add(a, a, out=c1)}
        records.append(per_call("add(a, b, out=c), 1-element float32", fns, number))
        m2 = np.ones((2, 2), dtype=np.float32)
        fm = ferrule.asarray(m2)
        fns = {"ferrule": lambda: fm @ fm, "numpy": lambda: m2 @ m2}
        fns |= peers.make(lambda lib, conv: lambda x=conv(m2): x @ x)
        records.append(per_call("a @ b, 2x2 float32", fns, number))
        fns = {"ferrule": lambda: ferrule.sum(fa), "numpy": lambda: np.sum(a)}
        records.append(per_call("sum(a), 1-element float32", fns, number))
        m = np.zeros((10, 100), dtype=np.float32)
        fm10 = ferrule.asarray(m)
        fns = {"ferrule": lambda: fm10[1:3, ::2], "numpy": lambda: m[1:3, ::2]}
        fns |= peers.make(lambda lib, conv: lambda x=conv(m): x[1:3, ::2])
        records.append(per_call("x[1:3, ::2], 10x100 float32 (a view)", fns, number))
        fns = {"ferrule": lambda: ferrule.asarray([1.0, 2.0, 3.0]), "numpy": lambda: np.asarray([1.0, 2.0, 3.0])}
        records.append(per_call("asarray([1.0, 2.0, 3.0]) from a list", fns, number))
        records.extend(protocol_costs(fa, a, number))

    emit(records, args.json)


if __name__ == "__main__":
    main()
