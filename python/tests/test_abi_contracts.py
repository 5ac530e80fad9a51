"""The C ABI's contracts as Python sees them (the C side: tests/c/abi_contracts.c): caught panics
are quiet and carry their location.
"""

from __future__ import annotations

import ferrule
import pytest

FRONTENDS = ("extension", "ctypes")

# ---- caught panics -------------------------------------------------------------------------------


def test_caught_panics_are_quiet_and_carry_their_location(testing, capfd):
    for _ in range(3):
        with pytest.raises(ferrule.RuntimeError, match=r"testing\.panic called \(at .*basic\.rs:\d+:\d+\)"):
            testing.panic()
    assert capfd.readouterr().err == ""
