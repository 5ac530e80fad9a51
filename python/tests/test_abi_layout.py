"""The ctypes mirror of ferrule.h (``ferrule.ffi._abi``) and the generated constants
(``ferrule._vocab``) against the header, field by field: the table ``tests/c/abi_table.c`` prints
from ``include/ferrule/ferrule.h`` as the C compiler lays it out (``make abi-table`` writes
``target/abi/layout.json``; ``FERRULE_ABI_TABLE`` names another file)."""

from __future__ import annotations

import ctypes
import json
import os
import pathlib
from typing import Any

import pytest
from ferrule import _vocab
from ferrule.ffi import _abi

REPO = pathlib.Path(__file__).resolve().parents[2]

#: The ctypes mirror of each struct of the header it declares (ferrule.ffi calls the exported
#: functions directly, so it has no FerruleApi table, and reads tensors through DLTensor).
MIRRORS: dict[str, type[ctypes.Structure]] = {
    "DLPackVersion": _abi.DLPackVersion,
    "DLDevice": _abi.DLDevice,
    "DLDataType": _abi.DLDataType,
    "DLTensor": _abi.DLTensor,
    "DLManagedTensorVersioned": _abi.DLManagedTensorVersioned,
    "FerruleObject": _abi.FerruleObjectHeader,
    "FerruleAny": _abi.FerruleAny,
}


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    path = pathlib.Path(os.environ.get("FERRULE_ABI_TABLE") or REPO / "target" / "abi" / "layout.json")
    if not path.exists():
        pytest.fail(f"{path} is missing: `make abi-table` writes the header's layout table (make test does)")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def fields_of(cls: type[ctypes.Structure | ctypes.Union], base: int = 0) -> dict[str, dict[str, int]]:
    """Every field of a ctypes structure with its offset and size, an anonymous member's fields
    in its place (as C's anonymous union members are)."""
    anonymous = getattr(cls, "_anonymous_", ())
    out: dict[str, dict[str, int]] = {}
    for name, ftype, *_ in cls._fields_:
        field = getattr(cls, name)
        if name in anonymous:
            out.update(fields_of(ftype, base + field.offset))
        else:
            out[name] = {"offset": base + field.offset, "size": field.size}
    return out


@pytest.mark.parametrize("name", sorted(MIRRORS))
def test_each_mirrored_struct_matches_the_header_field_by_field(table: dict[str, Any], name: str) -> None:
    c = table["structs"][name]
    mirror = MIRRORS[name]
    assert (ctypes.sizeof(mirror), ctypes.alignment(mirror)) == (c["size"], c["align"]), name
    assert fields_of(mirror) == c["fields"], name


def test_every_constant_matches_the_header(table: dict[str, Any]) -> None:
    c = table["constants"]
    assert _vocab.ABI_VERSION == c["FERRULE_ABI_VERSION"]
    ours = {name: value for name, value in vars(_vocab).items() if name.startswith("TYPE_") and isinstance(value, int)}
    theirs = {name.removeprefix("FERRULE_"): value for name, value in c.items() if name.startswith("FERRULE_TYPE_")}
    assert ours == theirs
    for name in ("REGISTER_OVERRIDE", "FUNC_LONG_RUNNING"):
        assert getattr(_vocab, name) == c[f"FERRULE_{name}"], name
    assert _vocab.DLPACK_FLAG_BITMASK_READ_ONLY == c["DLPACK_FLAG_BITMASK_READ_ONLY"]
    assert _vocab.SMALL_CAPACITY == table["structs"]["FerruleAny"]["fields"]["v_bytes"]["size"]
    assert _vocab.KDL_CPU == c["kDLCPU"]
    dlpack_devices = {value for name, value in c.items() if name.startswith("kDL") and name[3].isupper()}
    assert set(_vocab.DEVICE_TYPES) <= dlpack_devices
    dlpack_codes = {c[name] for name in ("kDLInt", "kDLUInt", "kDLFloat", "kDLBfloat", "kDLComplex", "kDLBool")}
    assert {code for _, code, _ in _vocab.DTYPES} <= dlpack_codes
