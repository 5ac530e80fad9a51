"""Shared setup: loads the testing.* fixture plugin into the process-wide registry."""

from __future__ import annotations

import os
import pathlib

import pytest

import ferrule
import ferrule.ffi as ffi

REPO = pathlib.Path(__file__).resolve().parents[2]
PLUGIN = os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target" / "release" / "libferrule_testing.so")

if not os.path.exists(PLUGIN):
    raise pytest.UsageError(
        f"testing plugin not found at {PLUGIN}: run `cargo build --release -p ferrule-testing` "
        "or set FERRULE_TESTING_PLUGIN"
    )
ffi.load_library(PLUGIN)


class Testing:
    """Attribute access to the testing.* fixtures (``testing.echo(x)``)."""

    def __getattr__(self, name: str) -> ffi.Function:
        try:
            return ffi.get_global_func(f"testing.{name}")
        except ferrule.KeyError as e:
            raise AttributeError(name) from e


@pytest.fixture(scope="session")
def testing() -> Testing:
    """The testing.* plugin functions."""
    return Testing()


@pytest.fixture
def fresh_name(request: pytest.FixtureRequest):
    """A registry name unique to the test, removed afterwards if it was registered."""
    name = f"pytest.{request.node.name.replace('[', '_').replace(']', '_').replace('-', '_')}"
    yield name
    try:
        ffi.remove_global_func(name)
    except ferrule.KeyError:
        pass
