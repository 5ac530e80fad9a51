"""Call overhead of ferrule functions from Python, and identity return, against a Python function
doing the same work, the same functions written with nanobind and with PyO3 (built here at bench
time: benches/python/peers/), and numpy's and apache-tvm-ffi's calls where they apply, in the
same run. Where nanobind or PyO3 could be built, a row's ratio is against the faster of the two.

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
import shutil
import subprocess
import sys
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
NANOBIND = "nanobind"
PYO3 = "PyO3"
PEERS = pathlib.Path(__file__).resolve().parent / "peers"
#: The name each binding's module has in the timed statements.
BINDING_MODULES = {NANOBIND: "nb_peer", PYO3: "pyo3_peer"}


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


def load_extension(name: str, built: pathlib.Path) -> types.ModuleType:
    """Imports the extension module `name` from the file `built`."""
    spec = importlib.util.spec_from_file_location(name, built)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {built}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nanobind_peer() -> types.ModuleType | None:
    """benches/python/peers/nanobind, configured with nanobind's own CMake support and built into
    target/bench/nanobind (a no-op when it is current), then imported. None, with a note, when
    nanobind (requirements-bench.txt), CMake or a C++ compiler is missing or the build fails."""
    try:
        import nanobind
    except ImportError:
        print("note: the nanobind peer is left out: nanobind is not installed (make bench installs it)")
        return None
    build = REPO / "target" / "bench" / "nanobind"
    configure = [
        "cmake",
        "-S",
        str(PEERS / "nanobind"),
        "-B",
        str(build),
        "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython_EXECUTABLE={sys.executable}",
        f"-Dnanobind_DIR={nanobind.cmake_dir()}",
    ]
    try:
        if not (build / "CMakeCache.txt").exists():
            subprocess.run(configure, check=True, capture_output=True, text=True)
        subprocess.run(["cmake", "--build", str(build)], check=True, capture_output=True, text=True)
        return load_extension("nanobind_peer", build / f"nanobind_peer{sysconfig.get_config_var('EXT_SUFFIX')}")
    except (OSError, ImportError, subprocess.CalledProcessError) as e:
        detail = (e.stdout + e.stderr) if isinstance(e, subprocess.CalledProcessError) else e
        print(f"note: the nanobind peer is left out: it could not be built:\n{detail}")
        return None


def pyo3_peer() -> types.ModuleType | None:
    """benches/python/peers/pyo3, built with cargo (PyO3 from crates.io, pinned by its Cargo.lock)
    into target/bench/pyo3 for this interpreter, then imported. None, with a note, when cargo is
    missing or the build fails."""
    target = REPO / "target" / "bench" / "pyo3"
    cmd = [
        os.environ.get("CARGO", "cargo"),
        "build",
        "--release",
        "--locked",
        "--manifest-path",
        str(PEERS / "pyo3" / "Cargo.toml"),
        "--target-dir",
        str(target),
    ]
    try:
        subprocess.run(
            cmd, check=True, capture_output=True, text=True, env=os.environ | {"PYO3_PYTHON": sys.executable}
        )
        # the module's file name must carry the interpreter's extension suffix to be imported
        built = target / f"pyo3_peer{sysconfig.get_config_var('EXT_SUFFIX')}"
        shutil.copyfile(target / "release" / "libpyo3_peer.so", built)
        return load_extension("pyo3_peer", built)
    except (OSError, ImportError, subprocess.CalledProcessError) as e:
        detail = (e.stdout + e.stderr) if isinstance(e, subprocess.CalledProcessError) else e
        print(f"note: the PyO3 peer is left out: it could not be built:\n{detail}")
        return None


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
    demo = ffi.init_api("demo", types.ModuleType("bench_demo"))
    env.update({"mod_add": demo.add, "mod_scale": demo.scale, "mod_text_len": testing.text_len, "b": b"ab"})
    bindings = {NANOBIND: nanobind_peer(), PYO3: pyo3_peer()}
    for label, module in bindings.items():
        if module is not None:
            assert module.echo(t) is t and module.add(1, 2) == 3 and module.text_len("hello", b"ab") == 7
            env[BINDING_MODULES[label]] = module
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

    def row(
        group: str, case: str, stmts: dict[str, str | None], note: str = "", peer: str = PY, binding: str | None = None
    ) -> Record:
        """One case; `binding` is the call written against the nanobind and PyO3 modules (`{m}`
        stands for the module), and the ratio is then against the faster of the two."""
        stmts = dict(stmts)
        for label, module in BINDING_MODULES.items():
            if binding is not None and module in env:
                stmts[label] = binding.format(m=module)
        values = ns_per_call({who: stmt for who, stmt in stmts.items() if stmt is not None}, env, number, repeat)
        peers = [label for label in BINDING_MODULES if label in values]
        if peers:
            peer = min(peers, key=values.__getitem__)
            note += ("; " if note else "") + "target: at most the faster of nanobind and PyO3 (ratio >= 1.0x)"
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
            "nothing (benches/python/cfloor.c), the interpreter's own cost",
            peer="operator.add",
            binding="{m}.nop()",
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
                "ferrule": "mod_add(1, 2)",
                PY: "py_add(1, 2)",
                "operator.add": "op_add(1, 2)",
                "numpy": "np.add(1, 2)",
            },
            "ferrule: demo.add (a typed Rust closure) from an init_api module",
            binding="{m}.add(1, 2)",
        ),
        row(
            CALLS,
            "f(3.0, factor=3.0) — a keyword argument",
            {
                "ferrule": "mod_scale(3.0, factor=3.0)",
                PY: "py_scale(3.0, factor=3.0)",
            },
            "ferrule: demo.scale from an init_api module; the keyword is matched against the registered signature",
            binding="{m}.scale(3.0, factor=3.0)",
        ),
        row(
            CALLS,
            "f(s, b) — a str and a bytes",
            {
                "ferrule": "mod_text_len('hello', b)",
            },
            "ferrule: testing.text_len (a Rust plugin function reading both in place) from an init_api module",
            binding="{m}.text_len('hello', b)",
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
            "(benches/python/cfloor.c), the floor any binding can reach"
            + ("; tvm-ffi's echo returns a new Python object for the same tensor" if tvm.get("tensor") else ""),
            peer="operator.add",
            binding="{m}.echo(t)",
        ),
        row(
            IDENTITY,
            "echo(1) — an int round trip",
            {
                "ferrule": "mod_echo(1)",
                PY: "py_identity(1)",
                "tvm-ffi": "tvm_echo(1)" if tvm.get("testing.echo") else None,
            },
            binding="{m}.echo(1)",
        ),
    ]
    ffi.remove_global_func("bench.py_add")
    emit(records, args.json)


if __name__ == "__main__":
    main()
