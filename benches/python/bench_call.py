"""Call overhead of ferrule functions from Python, and identity return, against a Python function
doing the same work (and numpy's and apache-tvm-ffi's calls where they apply), in the same run.

Run: .venv/bin/python benches/python/bench_call.py [--quick] [--json PATH]
Each figure is the minimum ns per call over several runs of many calls, the contenders' runs
interleaved and the empty loop's cost removed (the machines are shared and noisy). The ratio is the Python function's time over
ferrule's: above 1 means the ferrule call is cheaper.
"""

from __future__ import annotations

import importlib.util
import operator
import os
import pathlib
import shlex
import subprocess
import sysconfig
import types

# numpy's BLAS worker threads would compete for the CPU; no BLAS runs here
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import ferrule
import ferrule.ffi as ffi
import numpy as np
from _benchutil import Record, emit, ns_per_call, optional_peer, parser, record

REPO = pathlib.Path(__file__).resolve().parents[2]
CALLS = "Call overhead (Python)"
IDENTITY = "Identity return (Python)"
PY = "Python def"
C_BUILTIN = "C builtin"


def c_floor() -> types.ModuleType | None:
    """benches/python/cfloor.c, built with the C compiler ($CC, else cc) into target/bench/ and
    imported: functions that do nothing but the call (the floor any binding can reach). None,
    with a note, when it cannot be built."""
    source = pathlib.Path(__file__).with_name("cfloor.c")
    built = REPO / "target" / "bench" / f"cfloor{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not built.exists() or built.stat().st_mtime < source.stat().st_mtime:
        built.parent.mkdir(parents=True, exist_ok=True)
        cmd = [
            *shlex.split(os.environ.get("CC", "cc")),
            "-O2",
            "-Wall",
            "-fPIC",
            "-shared",
            f"-I{sysconfig.get_paths()['include']}",
            str(source),
            "-o",
            str(built),
        ]
        try:
            subprocess.run(cmd, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as e:
            detail = e.stderr if isinstance(e, subprocess.CalledProcessError) else e
            print(f"note: the C builtin peer is left out: building {source.name} failed: {detail}")
            return None
    spec = importlib.util.spec_from_file_location("cfloor", built)
    if spec is None or spec.loader is None:
        print(f"note: the C builtin peer is left out: cannot load {built}")
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tvm_ffi_funcs() -> dict[str, object]:
    """apache-tvm-ffi's own testing functions, when it is installed (the closest peer: a packed
    ABI of the same design)."""
    tvm_ffi = optional_peer("tvm_ffi")
    if tvm_ffi is None:
        return {}
    found: dict[str, object] = {}
    for name in ("testing.nop", "testing.echo", "testing.apply"):
        try:
            f = tvm_ffi.get_global_func(name)
        except Exception:
            f = None
        if f is not None:
            found[name] = f
    if "testing.echo" in found:
        try:
            found["tensor"] = tvm_ffi.from_dlpack(np.ones(1, dtype=np.float32))
        except Exception:
            pass
    return found


def main() -> None:
    args = parser(__doc__).parse_args()
    number, repeat = (100_000, 3) if args.quick else (1_000_000, 7)

    plugin = os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target/release/libferrule_testing.so")
    ffi.load_library(plugin)

    def py_nop() -> None:
        pass

    def py_add(a: int, b: int) -> int:
        return a + b

    def py_scale(x: float, factor: float = 2.0) -> float:
        return x * factor

    def py_identity(x: object) -> object:
        return x

    ffi.register_func("bench.py_add", py_add, override=True)
    t = ferrule.ones((1,), dtype=ferrule.float32)
    echo = ffi.get_global_func("testing.echo")
    assert echo(t) is t, "identity: testing.echo(t) must return the very same Python object"
    # init_api modules (and the ferrule namespace) hold builtins over the registered functions
    testing = ffi.init_api("testing", types.ModuleType("bench_testing"))
    assert testing.echo(t) is t
    env: dict[str, object] = {
        "np": np,
        "op_add": operator.add,
        "py_nop": py_nop,
        "py_add": py_add,
        "py_scale": py_scale,
        "py_identity": py_identity,
        "nop": ffi.get_global_func("testing.nop"),
        "mod_nop": testing.nop,
        "mod_echo": testing.echo,
        "demo_add": ffi.get_global_func("demo.add"),
        "scale": ffi.get_global_func("demo.scale"),
        "registered_py_add": ffi.get_global_func("bench.py_add"),
        "apply": ffi.get_global_func("testing.apply"),
        "echo": echo,
        "t": t,
        "a": np.ones(1, dtype=np.float32),
    }
    floor = c_floor()
    if floor is not None:
        assert floor.echo(t) is t
        env.update({"c_nop": floor.nop, "c_echo": floor.echo})
    tvm = tvm_ffi_funcs()
    env.update(
        {
            "tvm_nop": tvm.get("testing.nop"),
            "tvm_echo": tvm.get("testing.echo"),
            "tvm_t": tvm.get("tensor"),
            "tvm_apply": tvm.get("testing.apply"),
        }
    )
    if "tensor" in tvm and tvm["testing.echo"](tvm["tensor"]) is not tvm["tensor"]:
        print("note: apache-tvm-ffi's testing.echo(t) returns a new Python object, not t itself")

    def row(group: str, case: str, stmts: dict[str, str | None], note: str = "", peer: str = PY) -> Record:
        values = ns_per_call({who: stmt for who, stmt in stmts.items() if stmt is not None}, env, number, repeat)
        return record(group, case, "ns/call", values, peer, lower_is_better=True, note=note)

    records = [
        row(
            CALLS,
            "f() — no arguments, from an init_api module",
            {
                "ferrule": "mod_nop()",
                "operator.add": "op_add(1, 2)",
                PY: "py_nop()",
                C_BUILTIN: "c_nop()" if floor is not None else None,
                "tvm-ffi": "tvm_nop()" if tvm.get("testing.nop") else None,
            },
            "ferrule: testing.nop (a Rust plugin function) as init_api puts it on a module: a builtin, "
            "CPython's specialised call path; C builtin: a hand-written C extension function doing "
            "nothing (benches/python/cfloor.c), the interpreter's own cost; "
            "target: at most 1.3x operator.add's time (ratio >= 0.77x)",
            peer="operator.add",
        ),
        row(
            CALLS,
            "f() — no arguments, through a Function handle",
            {
                "ferrule": "nop()",
                "operator.add": "op_add(1, 2)",
                PY: "py_nop()",
            },
            "ferrule: ffi.get_global_func('testing.nop'), a ferrule.Function (generic vectorcall dispatch)",
            peer="operator.add",
        ),
        row(
            CALLS,
            "f(1, 2) — two ints",
            {
                "ferrule": "demo_add(1, 2)",
                PY: "py_add(1, 2)",
                "operator.add": "op_add(1, 2)",
                "numpy": "np.add(1, 2)",
            },
            "ferrule: demo.add (Rust)",
        ),
        row(
            CALLS,
            "f(3.0, factor=3.0) — a keyword argument",
            {
                "ferrule": "scale(3.0, factor=3.0)",
                PY: "py_scale(3.0, factor=3.0)",
            },
            "ferrule: demo.scale; the keyword is matched against the registered signature",
        ),
        row(
            CALLS,
            "a Python function called through the registry",
            {
                "ferrule": "registered_py_add(1, 2)",
                PY: "py_add(1, 2)",
            },
            "ferrule: Python -> packed call -> Python (bench.py_add registered with ffi.register_func)",
        ),
        row(
            CALLS,
            "native code calling back into Python",
            {
                "ferrule": "apply(py_add, 1, 2)",
                PY: "py_add(1, 2)",
                "tvm-ffi": "tvm_apply(py_add, 1, 2)" if tvm.get("testing.apply") else None,
            },
            "ferrule: testing.apply(f, 1, 2), a Rust function that calls the Python f (tvm-ffi: its own testing.apply)",
        ),
        row(
            IDENTITY,
            "echo(t) returns the same object (t is a 1-element tensor)",
            {
                "ferrule": "mod_echo(t)",
                "operator.add": "op_add(1, 2)",
                PY: "py_identity(t)",
                C_BUILTIN: "c_echo(t)" if floor is not None else None,
                "tvm-ffi": "tvm_echo(tvm_t)" if tvm.get("tensor") else None,
            },
            "ferrule: testing.echo(t) is t (from an init_api module), found through the tensor's back-pointer, "
            "no lookup table; C builtin: a hand-written C extension function returning its argument "
            "(benches/python/cfloor.c), the floor any binding can reach; "
            "target: at most 1.5x operator.add's time (ratio >= 0.67x)"
            + ("; tvm-ffi's echo returns a new Python object for the same tensor" if tvm.get("tensor") else ""),
            peer="operator.add",
        ),
        row(
            IDENTITY,
            "echo(1) — an int round trip",
            {
                "ferrule": "echo(1)",
                PY: "py_identity(1)",
                "tvm-ffi": "tvm_echo(1)" if tvm.get("testing.echo") else None,
            },
        ),
    ]
    ffi.remove_global_func("bench.py_add")
    emit(records, args.json)


if __name__ == "__main__":
    main()
