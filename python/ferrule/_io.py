"""ferrule.save and ferrule.load: safetensors, .npy and .npz files, through the registered
``io.save``/``io.load`` functions (so Go and C read and write the same files the same way)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from . import _ferrule
from ._ferrule import Tensor
from .error import raise_named

__all__ = ["load", "save"]

_save = _ferrule.get_global_func("io.save")
_load = _ferrule.get_global_func("io.load")


def _path(where: str, path: object) -> str:
    if isinstance(path, (str, os.PathLike)):
        text = os.fspath(path)
        return text if isinstance(text, str) else os.fsdecode(text)
    raise TypeError(f"{where}: argument 'path' must be a str or path-like, not {type(path).__name__}")


def _tensor(where: str, name: str, value: object) -> Tensor:
    if isinstance(value, Tensor):
        return value
    from ._array_api import asarray

    try:
        return asarray(value)
    except Exception as e:
        raise_named(f"{where}: argument 'tensors': the value of {name!r}", e)


def save(path: str | os.PathLike[str], tensors: Mapping[str, Any] | Any, *, format: str | None = None) -> None:
    """Save tensors to ``path``.

    ``tensors`` is a dict of name -> tensor for ``.safetensors`` and ``.npz`` files, or one tensor
    for ``.npy`` (numpy arrays and anything :func:`ferrule.asarray` takes are accepted too). The
    format comes from the extension unless ``format`` names it (``"safetensors"``, ``"npy"``,
    ``"npz"``). Strided tensors are written in C order; ``.npz`` members are stored uncompressed.
    The file is written beside ``path`` and renamed over it, so tensors still viewing an older
    file of that name keep their values.

    Errors: ``OSError`` when the file cannot be written, ``TypeError`` for a dtype the format
    cannot hold (bfloat16 in ``.npy``/``.npz``, complex128 in safetensors), ``ValueError`` for
    an unknown format.
    """
    where = "save()"
    text = _path(where, path)
    if isinstance(tensors, Mapping):
        for name in tensors:
            if not isinstance(name, str):
                raise TypeError(f"{where}: argument 'tensors': names must be str, not {type(name).__name__}")
        value: Any = {name: _tensor(where, name, t) for name, t in tensors.items()}
    else:
        value = _tensor(where, "tensors", tensors)
    try:
        _save(text, value, format)
    except Exception as e:
        raise_named(where, e)


def load(path: str | os.PathLike[str], *, format: str | None = None, mmap: bool = True) -> Any:
    """Load the tensors of ``path``: a dict of name -> tensor for ``.safetensors`` and ``.npz``
    files, one tensor for ``.npy``.

    The format comes from ``format``, else the extension, else the file's first bytes. With
    ``mmap=True`` (the default) the tensors view a read-only memory map of the file without
    copying it; the mapping stays open while any of them is alive, and they are read-only
    (``t.copy()`` gives a writable one). ``mmap=False`` reads every tensor into memory of its
    own. numpy's big-endian and Fortran-order ``.npy`` files are read correctly (the former
    copied into native order); compressed ``.npz`` members (``np.savez_compressed``) are refused.

    Errors: ``OSError`` for a missing or unreadable file, ``ValueError`` for a damaged one (or
    an ``.npy`` of a numpy dtype ferrule does not have, such as strings), ``TypeError`` for a
    safetensors dtype ferrule does not have (the float8 types).
    """
    where = "load()"
    text = _path(where, path)
    if not isinstance(mmap, bool):
        raise TypeError(f"{where}: argument 'mmap' must be a bool, not {type(mmap).__name__}")
    try:
        return _load(text, mmap, format)
    except Exception as e:
        raise_named(where, e)
