"""The extension's internal contracts: its Python hooks are installed once, and its Rust modules
import each other only downward (tools/check_imports.py, also run by `make lint`)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import ferrule
import pytest
from ferrule import _ferrule

ROOT = Path(__file__).resolve().parents[2]


def _load_checker():
    spec = importlib.util.spec_from_file_location("check_imports", ROOT / "tools" / "check_imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_imports"] = module
    spec.loader.exec_module(module)
    return module


def test_hooks_are_installed_once_by_the_package():
    # the package installed them at import: dtype objects, number slots and error classes work
    t = ferrule.tensor([1.0, 2.0])
    assert t.dtype is ferrule.float32 or t.dtype is ferrule.float64
    assert (t + t).tolist() == [2.0, 4.0]
    with pytest.raises(ferrule.ValueError):
        ferrule.reshape(t, (3,))
    with pytest.raises(RuntimeError, match="installed once"):
        _ferrule._install_hooks(error_types={}, signature=len)


def test_the_extension_tree_has_no_cycle_or_upward_import():
    checker = _load_checker()
    errors: list[str] = []
    checker.check_floors(ROOT / "crates/ferrule-python/src", errors)
    checker.check_acyclic("crates/ferrule-ops", errors)
    assert errors == []


def test_the_checker_finds_cycles_and_upward_imports(tmp_path):
    checker = _load_checker()
    assert checker.find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert checker.find_cycle({"a": {"b"}, "b": set()}) is None
    src = tmp_path / "src"
    src.mkdir()
    (src / "low.rs").write_text("//! Floor 0\nuse crate::{high::thing, other};\n")
    (src / "high.rs").write_text("//! Floor 1\nuse crate::low::x;\n")
    graph = checker.modules(src)
    assert graph == {"low": {"high"}, "high": {"low"}}
    assert checker.find_cycle(graph) == ["high", "low", "high"]
    errors: list[str] = []
    checker.check_floors(src, errors)
    assert any("low.rs (floor 0) uses high (floor 1)" in e for e in errors)
    assert any("import cycle" in e for e in errors)
    (src / "bare.rs").write_text("//! No floor here\n")
    errors = []
    checker.check_floors(src, errors)
    assert any("bare.rs: the module doc must start with '//! Floor N'" in e for e in errors)
