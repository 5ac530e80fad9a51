"""Shared setup: loads the testing.* fixture plugin into the process-wide registry.

Tests that take the ``frontend`` fixture (directly or through ``testing``) run once per frontend
named by their module's ``FRONTENDS`` tuple: ``"extension"`` is :mod:`ferrule.ffi` (the compiled
extension), ``"ctypes"`` is :mod:`ferrule.ffi.ctypes` (the C ABI through the stdlib ctypes). A
module without ``FRONTENDS`` uses the extension only.
"""

from __future__ import annotations

import os
import pathlib
import signal
import types
from typing import Any

import ferrule
import ferrule.ffi as ffi
import pytest
from hypothesis import settings

# scikit-learn's array-API mode (test_sklearn.py) needs scipy's array-API support, which scipy
# reads from the environment once, when it is first imported: switched on before any test can.
os.environ.setdefault("SCIPY_ARRAY_API", "1")

REPO = pathlib.Path(__file__).resolve().parents[2]
PLUGIN = os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target" / "release" / "libferrule_testing.so")

if not os.path.exists(PLUGIN):
    raise pytest.UsageError(
        f"testing plugin not found at {PLUGIN}: run `cargo build --release -p ferrule-testing` "
        "or set FERRULE_TESTING_PLUGIN"
    )
ffi.load_library(PLUGIN)

# Property tests are reproducible by default: `make test` (a newcomer's first run and CI alike)
# draws the same examples on every run, with no example database and no timing deadline, so a red
# run is never a coin toss and never depends on an earlier run or on machine load.
# `make test-explore` loads "explore": new random examples, ten times the budget (tests that pin
# `max_examples` scale it by `settings.default.max_examples / 100`), failures kept in .hypothesis/
# and replayed until fixed. A failure it finds becomes a fixed `@example(...)` (docs/testing.md).
# "ci" is the old name of "fixed".
FIXED = {"derandomize": True, "database": None, "deadline": None, "print_blob": True}
settings.register_profile("fixed", **FIXED)
settings.register_profile("ci", **FIXED)
settings.register_profile("explore", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))


# The Ctrl-C tests (test_callbacks.py, test_interrupts.py) need Python's own SIGINT handler. A
# process started in the background by a non-interactive shell (`make test &`, nohup, some CI
# runners) inherits SIGINT ignored, and CPython then installs no handler: os.kill(SIGINT) and
# _thread.interrupt_main() do nothing, and a call that only an interrupt ends runs for hours.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


# Under `make test-sanitize` (AddressSanitizer preloaded) the processes the tests start (Python
# snippets, cc, go) run without leak checking: their exit-time leaks are the interpreter's and the
# toolchains' own; this process's check at its exit covers ferrule. (Memory errors are still caught.)
UNDER_ASAN = "asan" in os.environ.get("LD_PRELOAD", "")
if UNDER_ASAN:
    os.environ["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "") + ":detect_leaks=0"


def pytest_unconfigure(config: pytest.Config) -> None:
    """Under `make test-sanitize`, runs LeakSanitizer's check now, once every test has finished.

    LeakSanitizer's own check at exit stops every thread with ptrace while the interpreter's
    threads (thread pools of concurrent.futures, dask's) are still ending at interpreter teardown:
    a thread caught between releasing its Python state and its last native destructor crashes the
    checker ("Tracer caught signal 11 ... LeakSanitizer has encountered a fatal error", a red run
    with every test passed). Here those threads are idle, blocked in the kernel.
    ``__lsan_do_leak_check`` is the same check as the one at exit (a leak report ends the process
    with ASan's exit code) and turns the one at exit off.
    """
    if not UNDER_ASAN:
        return
    import ctypes
    import sys

    # the check ends the process with _exit when it finds a leak: pytest's summary goes out first
    sys.stdout.flush()
    sys.stderr.flush()
    ctypes.CDLL(None).__lsan_do_leak_check()


FRONTEND_NAMES = ("extension", "ctypes")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Runs a test that uses ``frontend`` once per frontend its module lists in ``FRONTENDS``."""
    names = getattr(metafunc.module, "FRONTENDS", None)
    if names and "frontend" in metafunc.fixturenames:
        metafunc.parametrize("frontend", names, indirect=True, scope="session")


@pytest.fixture(scope="session")
def frontend(request: pytest.FixtureRequest) -> types.ModuleType:
    """The registry frontend under test: ``ferrule.ffi`` or ``ferrule.ffi.ctypes``."""
    name = getattr(request, "param", "extension")
    if name == "extension":
        return ffi
    if name == "ctypes":
        import ferrule.ffi.ctypes as ctypes_frontend

        ctypes_frontend.load_library(PLUGIN)  # through ferrule_library_load; already loaded: a no-op
        return ctypes_frontend
    raise ValueError(f"unknown frontend {name!r}; expected one of {FRONTEND_NAMES}")


class Testing:
    """Attribute access to the testing.* fixtures (``testing.echo(x)``) through one frontend."""

    def __init__(self, frontend: types.ModuleType = ffi) -> None:
        self.frontend = frontend

    def __getattr__(self, name: str) -> Any:
        try:
            return self.frontend.get_global_func(f"testing.{name}")
        except ferrule.KeyError as e:
            raise AttributeError(name) from e


@pytest.fixture(scope="session")
def testing(frontend: types.ModuleType) -> Testing:
    """The testing.* plugin functions, looked up through the frontend under test."""
    return Testing(frontend)


def make_tensor(frontend: types.ModuleType, data: object) -> object:
    """A tensor of the frontend's own kind holding a copy of ``data``."""
    return ferrule.tensor(data) if frontend is ffi else frontend.tensor(data)


@pytest.fixture
def fresh_name(request: pytest.FixtureRequest):
    """A registry name unique to the test, removed afterwards if it was registered."""
    name = f"pytest.{request.node.name.replace('[', '_').replace(']', '_').replace('-', '_')}"
    yield name
    try:
        ffi.remove_global_func(name)
    except ferrule.KeyError:
        pass
