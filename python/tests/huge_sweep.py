"""Every operator of schema/ops.yaml called with sizes that cannot be allocated.

Run by ``test_huge_sizes.py`` in a subprocess (so an abort fails a test instead of killing the
test runner), or by hand: ``python python/tests/huge_sweep.py [op ...]`` prints one JSON line per
call. The operators come from the generated ``ferrule._ops`` (hence from the schema) and their
parameter types from the registry, so a new operator is swept without being listed here.

For each operator a small call that succeeds is found first (trying candidate values for each
parameter by its type), then parts of it are replaced by huge ones: every tensor by a broadcast
view of ``2**33`` rows (25G elements of memory never allocated), then by a 1-D view of
``2**59`` elements, every shape by shapes whose
memory cannot exist or whose element count overflows, every int by ``2**31``, ``2**40`` and
``2**62``. Each call must end quickly: with a result, with a clean ferrule error, or, for work
that needs no memory but runs long (a sum over 25G elements), with the KeyboardInterrupt that a
SIGALRM raised ``INTERRUPT_AFTER`` seconds in.

The address space is capped a few GiB above what the interpreter uses, so "cannot be allocated"
holds on any machine (and nothing big is ever touched); under AddressSanitizer (which reserves
terabytes up front) the cap is left off and its allocator is asked to return null instead.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

import ferrule
import numpy as np
from ferrule._ops import OPS

#: Rows of the huge broadcast views: (2**33, 3) is 25G elements.
HUGE_ROWS = 2**33
#: Length of the 1-D huge views: 2**59 elements of 8 bytes still have a byte size in int64.
LONG_ROWS = 2**59
#: Seconds after which a call that is still running gets a KeyboardInterrupt.
INTERRUPT_AFTER = 0.1
#: Ints that stand for sizes, counts and repeats no memory holds.
HUGE_INTS = (2**31, 2**40, 2**62)
#: Shapes whose memory cannot exist, or whose element count overflows int64.
HUGE_SHAPES = ((2**40,), (HUGE_ROWS, 3), (2**31, 2**31), (2**21, 2**21, 2**21), (2**62, 2**62))
#: Extra address space granted above what the process uses when the sweep starts.
HEADROOM = 6 << 30
#: Candidate small calls tried per operator before giving up.
MAX_ATTEMPTS = 20_000

OMIT = object()


def small_tensors() -> list[ferrule.Tensor]:
    """Small inputs of the usual dtypes and ranks; the first one an op accepts is used. The
    integer ones are valid indices along a dim of 3."""
    square = {
        "float64": np.arange(1.0, 10.0).reshape(3, 3),
        "int64": np.arange(9).reshape(3, 3) % 3,
        "bool": np.arange(9).reshape(3, 3) % 2 == 0,
    }
    out = [ferrule.asarray(a) for a in square.values()]
    out += [ferrule.asarray(a[0]) for a in square.values()]
    # last, so other ops keep their first choice: a symmetric positive-definite matrix, which
    # the factorizations and solvers accept (the float64 square above is singular)
    out.append(ferrule.asarray(np.eye(3) * 2.0 + 1.0))
    return out


def huge_of(t: ferrule.Tensor) -> ferrule.Tensor:
    """A broadcast view of ``t``'s first row (or element) with ``HUGE_ROWS`` rows."""
    if t.ndim >= 2:
        return ferrule.broadcast_to(t[0], (HUGE_ROWS, *t.shape[1:]))
    if t.ndim == 1:
        return ferrule.broadcast_to(t[:1], (3 * HUGE_ROWS,))
    return t


def candidates(param: dict[str, Any], tensors: list[ferrule.Tensor]) -> list[Any]:
    """Small values to try for one parameter, by its schema type (OMIT: leave the default)."""
    kind, typ = param["kind"], param["type"]
    optional = "default" in param or kind == "var_positional"
    first = [OMIT] if optional else []
    if kind == "var_positional":
        if typ == "Tensor":
            return [[t, t] for t in tensors]
        return [[ferrule.float64, ferrule.int64]]
    table: dict[str, list[Any]] = {
        "Tensor": tensors,
        "Tensor | int | float | complex | bool": [*tensors, 2, 1.5, 1j],
        "Tensor | int | float | complex | bool | None": [None, *tensors],
        "Tensor | None": [None],
        "list[Tensor]": [[t, t] for t in tensors],
        "int | float | complex | bool": [1, 0.5, 2j],
        "int | float | complex | bool | None": [None, 3],
        # 3 last: a class count the small int64 indices (0..2) fit in (nn.one_hot)
        "int": [1, 0, -1, 2, 3],
        "int | None": [None, 0, 1],
        "int | tuple[int, ...]": [(3, 3), (1, 0), (9,), 3, (0,)],
        "int | tuple[int, ...] | None": [None, 0, (0,)],
        "tuple[int, ...] | None": [None, (0,), (3,)],
        "float": [1.0],
        "bool": [False, True],
        "bool | None": [None],
        "str": ["xy", "left"],
        "dtype": [ferrule.float64, ferrule.int64],
        "dtype | None": [None],
        "device | None": [None],
        "Any": [1, 0, ferrule.float64, ferrule.int64, "fro", "real floating"],
    }
    if typ not in table:
        raise SystemExit(f"huge_sweep: no candidate values for parameter type {typ!r}; add them to the table")
    return first + [v for v in table[typ] if not (optional and v is None)]


def call(func: Any, params: list[dict[str, Any]], values: tuple[Any, ...]) -> Any:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    skipped = False  # after a left-out positional parameter the rest go by name
    for param, value in zip(params, values, strict=True):
        if value is OMIT:
            skipped = True
            continue
        if param["kind"] == "var_positional":
            args.extend(value)
        elif param["kind"] == "keyword_only" or (skipped and param["kind"] == "positional"):
            kwargs[param["name"]] = value
        else:
            args.append(value)
    return func(*args, **kwargs)


def calibrate(func: Any, params: list[dict[str, Any]], tensors: list[ferrule.Tensor]) -> tuple[Any, ...] | None:
    """The first combination of small values the op accepts, or None."""
    pools = [candidates(p, tensors) for p in params]
    for values in itertools.islice(itertools.product(*pools), MAX_ATTEMPTS):
        try:
            call(func, params, values)
        except Exception:
            continue
        return values
    return None


def stacked_of(t: ferrule.Tensor) -> ferrule.Tensor:
    """``t`` repeated ``HUGE_ROWS`` times along a new leading dim (it still broadcasts against
    the op's other, small arguments)."""
    return ferrule.broadcast_to(t, (HUGE_ROWS, *t.shape))


def long_of(t: ferrule.Tensor) -> ferrule.Tensor:
    """A 1-D broadcast view of ``t``'s first element with ``LONG_ROWS`` elements (``t`` itself
    when empty)."""
    if t.size == 0:
        return t
    return ferrule.broadcast_to(ferrule.reshape(t, (-1,))[:1], (LONG_ROWS,))


def hugify(value: Any, huge: Any = huge_of) -> Any:
    if isinstance(value, ferrule.Tensor):
        return huge(value)
    if isinstance(value, list):
        return [hugify(v, huge) for v in value]
    return value


def huge_cases(params: list[dict[str, Any]], small: tuple[Any, ...]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(label, values): every tensor huge at once, and each tensor argument huge on its own
    (stacked, so it still broadcasts) when there are several; then each shape or int made huge
    on its own."""
    tensor_args = [i for i, v in enumerate(small) if isinstance(v, (ferrule.Tensor, list)) and hugify(v) is not v]
    if tensor_args:
        yield "tensors=(2**33, 3)", tuple(hugify(v) for v in small)
        yield "tensors=(2**59,)", tuple(hugify(v, long_of) for v in small)
    if len(tensor_args) > 1:
        for i in tensor_args:
            yield f"{params[i]['name']}=(2**33, *shape)", (*small[:i], hugify(small[i], stacked_of), *small[i + 1 :])
    for i, (param, value) in enumerate(zip(params, small, strict=True)):
        replacements: tuple[Any, ...] = ()
        if param["type"].startswith("int | tuple[int, ...]") and value is not OMIT and value is not None:
            replacements = HUGE_SHAPES
        elif isinstance(value, int) and not isinstance(value, bool) and param["type"] != "Any":
            replacements = HUGE_INTS
        elif value is OMIT and param["type"] in ("int", "int | tuple[int, ...]"):
            replacements = HUGE_INTS if param["type"] == "int" else HUGE_SHAPES
        for r in replacements:
            yield f"{param['name']}={r}", (*small[:i], r, *small[i + 1 :])


def outcome(func: Any, params: list[dict[str, Any]], values: tuple[Any, ...]) -> tuple[str, str, float]:
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, INTERRUPT_AFTER)
    try:
        try:
            call(func, params, values)
            result = ("ok", "")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        result = ("KeyboardInterrupt", "")
    except ferrule.Error as e:
        result = (type(e).__name__, str(e))
    except Exception as e:  # reported to the test, which fails on it
        result = (f"unexpected {type(e).__module__}.{type(e).__name__}", str(e))
    return (*result, time.monotonic() - start)


def cap_address_space() -> None:
    import resource

    if "asan" in os.environ.get("LD_PRELOAD", "") or os.environ.get("FERRULE_SANITIZE"):
        return
    with open("/proc/self/status") as f:
        vm = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = vm + HEADROOM
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def resolve(name: str) -> Any:
    obj: Any = ferrule
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def main(selected: list[str]) -> None:
    signal.signal(signal.SIGALRM, signal.default_int_handler)
    ferrule.sum(ferrule.ones((1 << 20,)))  # starts the thread pool before the cap
    cap_address_space()
    tensors = small_tensors()
    for name, (_, registered) in OPS.items():
        if selected and name not in selected:
            continue
        func = resolve(name)
        params = ferrule.ffi.get_global_func(registered)._info["params"]
        small = calibrate(func, params, tensors)
        if small is None:
            print(json.dumps({"op": name, "case": "calibration", "outcome": "no small call succeeded"}), flush=True)
            continue
        cases = list(huge_cases(params, small))
        if not cases:
            # Nothing sized by its arguments (dtype queries such as can_cast, finfo).
            print(json.dumps({"op": name, "case": "-", "outcome": "no size arguments"}), flush=True)
        for label, values in cases:
            print(json.dumps({"op": name, "case": label, "outcome": "started"}), flush=True)
            kind, message, elapsed = outcome(func, params, values)
            record = {"op": name, "case": label, "outcome": kind, "message": message[:300], "seconds": elapsed}
            print(json.dumps(record), flush=True)
    print(json.dumps({"done": True}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
