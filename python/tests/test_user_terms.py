"""Errors in the user's terms (issue 21, item 7): lists and tuples called so, in-place operators
blaming the operand rather than an ``out`` the user never passed, OSError for a library file that
cannot be opened."""

from __future__ import annotations

import errno
import os

import ferrule
import ferrule.ffi as ffi
import pytest


def test_lists_and_tuples_are_named_as_such() -> None:
    with pytest.raises(TypeError) as info:
        ferrule.sin([1.0, 2.0])
    assert "got list" in str(info.value) and "Array" not in str(info.value)
    assert "sin()" in str(info.value)
    with pytest.raises(TypeError, match="got tuple"):
        ferrule.exp((1.0, 2.0))
    with pytest.raises(TypeError, match="argument 2 'x2': expected .*, got list"):
        ferrule.matmul(ferrule.ones((2, 2)), [[1.0, 0.0], [0.0, 1.0]])


def test_in_place_operators_name_the_operand_not_out() -> None:
    i = ferrule.asarray([1, 2], dtype="int64")
    with pytest.raises(TypeError) as info:
        i += 1.5
    text = str(info.value)
    assert "out" not in text.replace("without", "")
    assert "x += y (add)" in text and "float64" in text and "int64" in text and "float 1.5" in text
    assert i.tolist() == [1, 2]
    small = ferrule.ones(3)
    with pytest.raises(ValueError, match=r"x \*= y \(multiply\): the result has shape \(2, 3\)"):
        small *= ferrule.ones((2, 3))


def test_a_library_file_that_cannot_be_opened_is_an_os_error(tmp_path: os.PathLike[str]) -> None:
    missing = os.path.join(os.fspath(tmp_path), "no-such-plugin.so")
    with pytest.raises(OSError) as info:
        ffi.load_library(missing)
    assert info.value.errno == errno.ENOENT and info.value.filename == missing
    assert "no-such-plugin.so" in str(info.value)
    not_a_library = os.path.join(os.fspath(tmp_path), "text.so")
    with open(not_a_library, "w") as f:
        f.write("not an ELF file")
    with pytest.raises(OSError, match="text.so"):
        ferrule.load_library(not_a_library)


def test_the_ctypes_frontend_names_lists_and_tuples_too() -> None:
    from ferrule.ffi import ctypes as cffi

    sin = cffi.get_global_func("ops.sin")
    with pytest.raises(TypeError, match=r"sin\(\) argument 1 'x': expected .*, got list"):
        sin([1.0, 2.0])
    with pytest.raises(TypeError, match="got tuple"):
        sin((1.0,))
