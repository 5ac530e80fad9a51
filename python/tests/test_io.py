"""ferrule.save / ferrule.load: safetensors, .npy and .npz files read and written both ways
against numpy (np.save, np.savez, np.load) and safetensors' own Python package, every dtype the
formats hold, strided and Fortran-order data, big-endian files, memory-mapped loads that stay
valid while any tensor uses them, and errors that name the function, the argument and the path."""

from __future__ import annotations

import gc
import os
import pathlib
import struct
import threading
import zipfile

import ferrule
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

safetensors_numpy = pytest.importorskip("safetensors.numpy")

NPY_DTYPES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]
# safetensors has no complex128; numpy has no bfloat16 (tested on its own below).
SAFETENSORS_DTYPES = [d for d in NPY_DTYPES if d != "complex128"]


def sample(dtype: str, shape: tuple[int, ...] = (3, 4)) -> np.ndarray:
    n = int(np.prod(shape))
    values = np.arange(n, dtype=np.float64) * 1.5 - 4
    if dtype == "bool":
        return (np.arange(n) % 3 == 0).reshape(shape)
    if dtype.startswith("uint"):
        return (np.arange(n) * 7 % 200).astype(dtype).reshape(shape)
    if dtype.startswith("complex"):
        return (values + 1j * values[::-1]).astype(dtype).reshape(shape)
    return values.astype(dtype).reshape(shape)


def same(t: object, expected: np.ndarray) -> None:
    got = np.asarray(t)
    assert got.dtype == expected.dtype
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


# ---- numpy writes, ferrule reads ---------------------------------------------------------------


@pytest.mark.parametrize("dtype", NPY_DTYPES)
def test_npy_written_by_numpy_loads(tmp_path: pathlib.Path, dtype: str) -> None:
    a = sample(dtype)
    np.save(tmp_path / "a.npy", a)
    for mmap in (True, False):
        same(ferrule.load(tmp_path / "a.npy", mmap=mmap), a)


@pytest.mark.parametrize("dtype", NPY_DTYPES)
def test_npy_fortran_order_and_big_endian_load(tmp_path: pathlib.Path, dtype: str) -> None:
    a = sample(dtype, (2, 3, 4))
    np.save(tmp_path / "f.npy", np.asfortranarray(a))
    same(ferrule.load(tmp_path / "f.npy"), a)
    big = a.astype(a.dtype.newbyteorder(">"))
    np.save(tmp_path / "b.npy", big)
    t = ferrule.load(tmp_path / "b.npy")
    same(t, a)  # read into native order: same values, native dtype
    np.save(tmp_path / "bf.npy", np.asfortranarray(big))
    same(ferrule.load(str(tmp_path / "bf.npy")), a)


def test_npz_written_by_numpy_loads_as_a_dict_in_order(tmp_path: pathlib.Path) -> None:
    arrays = {f"x{i}_{d}": sample(d, (2, i + 1)) for i, d in enumerate(NPY_DTYPES)}
    np.savez(tmp_path / "d.npz", **arrays)
    for mmap in (True, False):
        got = ferrule.load(tmp_path / "d.npz", mmap=mmap)
        assert list(got) == list(arrays)
        for name, a in arrays.items():
            same(got[name], a)
    np.savez(tmp_path / "pos.npz", sample("float32"), sample("int64"))
    assert list(ferrule.load(tmp_path / "pos.npz")) == ["arr_0", "arr_1"]


# ---- ferrule writes, numpy reads ----------------------------------------------------------------


@pytest.mark.parametrize("dtype", NPY_DTYPES)
def test_npy_and_npz_written_by_ferrule_load_in_numpy(tmp_path: pathlib.Path, dtype: str) -> None:
    a = sample(dtype, (3, 4))
    t = ferrule.asarray(a)
    ferrule.save(tmp_path / "a.npy", t)
    same(np.load(tmp_path / "a.npy"), a)
    ferrule.save(tmp_path / "d.npz", {"a": t, "row": t[1], "scalar": t[0, 0]})
    with np.load(tmp_path / "d.npz") as z:
        assert list(z.keys()) == ["a", "row", "scalar"]
        same(z["a"], a)
        same(z["row"], a[1])
        same(z["scalar"], a[0, 0])
    with zipfile.ZipFile(tmp_path / "d.npz") as z:
        assert z.testzip() is None  # every member's CRC checks out
        assert {m.compress_type for m in z.infolist()} == {zipfile.ZIP_STORED}


def test_strided_tensors_are_saved_in_c_order(tmp_path: pathlib.Path) -> None:
    a = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    t = ferrule.asarray(a)
    views = {"transposed": (t.mT, a.transpose(0, 2, 1)), "stepped": (t[::2, 1:, ::-2], a[::2, 1:, ::-2])}
    for name, (view, expected) in views.items():
        ferrule.save(tmp_path / f"{name}.npy", view)
        same(np.load(tmp_path / f"{name}.npy"), expected)
    ferrule.save(tmp_path / "s.safetensors", {k: v for k, (v, _) in views.items()})
    got = safetensors_numpy.load_file(str(tmp_path / "s.safetensors"))
    for name, (_, expected) in views.items():
        same(got[name], expected)
    ferrule.save(tmp_path / "s.npz", {k: v for k, (v, _) in views.items()})
    with np.load(tmp_path / "s.npz") as z:
        for name, (_, expected) in views.items():
            same(z[name], expected)


def test_numpy_arrays_are_accepted_as_tensors(tmp_path: pathlib.Path) -> None:
    a = sample("int32")
    ferrule.save(tmp_path / "n.npz", {"a": a, "b": [1.0, 2.0]})
    got = ferrule.load(tmp_path / "n.npz")
    same(got["a"], a)
    same(got["b"], np.array([1.0, 2.0]))


# ---- safetensors' own package, both ways ------------------------------------------------------


@pytest.mark.parametrize("dtype", SAFETENSORS_DTYPES)
def test_safetensors_both_ways(tmp_path: pathlib.Path, dtype: str) -> None:
    arrays = {"w": sample(dtype, (4, 3)), "b": sample(dtype, (5,)), "s": sample(dtype, ())}
    safetensors_numpy.save_file(arrays, str(tmp_path / "theirs.safetensors"))
    for mmap in (True, False):
        got = ferrule.load(tmp_path / "theirs.safetensors", mmap=mmap)
        assert sorted(got) == sorted(arrays)
        for name, a in arrays.items():
            same(got[name], a)
    ferrule.save(tmp_path / "ours.safetensors", {k: ferrule.asarray(v) for k, v in arrays.items()})
    back = safetensors_numpy.load_file(str(tmp_path / "ours.safetensors"))
    assert sorted(back) == sorted(arrays)
    for name, a in arrays.items():
        same(back[name], a)


def test_safetensors_files_are_byte_for_byte_the_packages(tmp_path: pathlib.Path) -> None:
    """ferrule writes the safetensors header itself (into a preallocated file): the same bytes as
    the package for tensors of several dtypes and names (ordered by dtype alignment, then name),
    saved over an existing file of another size, which leaves no temporary file behind."""
    arrays = {
        "zeta": sample("float32", (3, 2)),
        "alpha": sample("float32", (4,)),
        "mask": sample("bool", (5,)),
        "ids": sample("int64", (2, 2)),
        "half": sample("float16", ()),
        "empty": sample("float64", (0, 3)),
    }
    theirs, ours = tmp_path / "theirs.safetensors", tmp_path / "ours.safetensors"
    safetensors_numpy.save_file(arrays, str(theirs))
    ferrule.save(ours, {"big": ferrule.zeros((1000,))})
    ferrule.save(ours, {k: ferrule.asarray(v) for k, v in arrays.items()})
    assert ours.read_bytes() == theirs.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ours.safetensors", "theirs.safetensors"]


def test_saving_over_a_fifo_replaces_it_without_waiting(tmp_path: pathlib.Path) -> None:
    """The file a save replaces is held open until the rename is done only when it is a regular
    file: a FIFO in its place (opening which would wait for a writer) is simply replaced."""
    path = tmp_path / "pipe.safetensors"
    os.mkfifo(path)
    done = threading.Event()

    def save() -> None:
        ferrule.save(path, {"x": ferrule.ones((3,))})
        done.set()

    threading.Thread(target=save, daemon=True).start()
    assert done.wait(30), "ferrule.save blocked on the FIFO it replaces"
    assert path.is_file()
    same(ferrule.load(path)["x"], np.ones(3))


def test_bfloat16_round_trips_through_safetensors(tmp_path: pathlib.Path) -> None:
    x = ferrule.asarray([1.0, -2.5, 1024.0, 0.0078125], dtype=ferrule.bfloat16)
    ferrule.save(tmp_path / "bf.safetensors", {"x": x})
    raw = (tmp_path / "bf.safetensors").read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    assert b'"BF16"' in raw[8 : 8 + n]
    # bfloat16 is the top half of float32: the file's bytes are those of the float32 values.
    f32 = np.array([1.0, -2.5, 1024.0, 0.0078125], dtype=np.float32)
    assert raw[8 + n :] == (f32.view(np.uint32) >> 16).astype("<u2").tobytes()
    back = ferrule.load(tmp_path / "bf.safetensors")["x"]
    assert back.dtype == ferrule.bfloat16
    assert back.astype(ferrule.float32).tolist() == f32.tolist()


# ---- memory maps ----------------------------------------------------------------------------------


def test_loaded_tensors_view_a_read_only_map_that_outlives_the_dict_and_the_file(tmp_path: pathlib.Path) -> None:
    a = sample("float64", (64, 64))
    path = tmp_path / "m.safetensors"
    ferrule.save(path, {"a": ferrule.asarray(a), "b": ferrule.asarray(a[0])})
    t = ferrule.load(path)["a"]
    gc.collect()
    path.unlink()  # the mapping keeps the bytes
    same(t, a)
    with pytest.raises(ValueError, match="read-only"):
        t[0, 0] = 1.0
    assert not np.asarray(t).flags.writeable
    c = t.copy()
    c[0, 0] = 1.0
    assert float(c[0, 0]) == 1.0 and float(t[0, 0]) == a[0, 0]
    w = ferrule.load(_saved(tmp_path, a), mmap=False)["a"]
    w[0, 0] = 7.0  # mmap=False gives memory of its own
    assert float(w[0, 0]) == 7.0


def _saved(tmp_path: pathlib.Path, a: np.ndarray) -> pathlib.Path:
    path = tmp_path / "w.npz"
    ferrule.save(path, {"a": a})
    return path


def test_saving_over_a_mapped_file_leaves_its_tensors_unchanged(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "same.npy"
    ferrule.save(path, ferrule.asarray(np.arange(1000.0)))
    old = ferrule.load(path)
    ferrule.save(path, ferrule.asarray(-np.arange(1000.0)))
    same(old, np.arange(1000.0))
    same(ferrule.load(path), -np.arange(1000.0))
    assert [p.name for p in tmp_path.iterdir()] == ["same.npy"]  # no temporary file left


def test_empty_zero_dim_and_format_keyword(tmp_path: pathlib.Path) -> None:
    tensors = {"empty": ferrule.zeros((0, 3)), "scalar": ferrule.asarray(2.5), "ones": ferrule.ones(5)}
    for fmt in ("safetensors", "npz"):
        path = tmp_path / f"data.{fmt}.bin"
        ferrule.save(path, tensors, format=fmt)
        got = ferrule.load(path)  # no known extension: the first bytes tell the format
        for name, t in tensors.items():
            same(got[name], np.asarray(t))
        assert ferrule.load(path, format=fmt.upper()).keys() == got.keys()
    ferrule.save(tmp_path / "one", tensors["scalar"], format="npy")
    same(ferrule.load(tmp_path / "one"), np.asarray(2.5))


@given(
    shape=st.lists(st.integers(0, 4), min_size=0, max_size=4),
    dtype=st.sampled_from(SAFETENSORS_DTYPES),
    fmt=st.sampled_from(["npy", "npz", "safetensors"]),
    transpose=st.booleans(),
)
def test_round_trip_property(shape: list[int], dtype: str, fmt: str, transpose: bool) -> None:
    import tempfile

    a = sample(dtype, tuple(shape))
    t = ferrule.asarray(a)
    if transpose and a.ndim > 1:
        t, a = t.mT, np.swapaxes(a, -1, -2)
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / f"x.{fmt}"
        ferrule.save(path, t if fmt == "npy" else {"x": t})
        got = ferrule.load(path)
        same(got if fmt == "npy" else got["x"], a)
        if fmt == "npy":
            same(np.load(path), a)
        elif fmt == "npz":
            with np.load(path) as z:
                same(z["x"], a)
        else:
            same(safetensors_numpy.load_file(str(path))["x"], a)


# ---- errors -------------------------------------------------------------------------------------------


def test_missing_and_unwritable_paths_are_os_errors_naming_the_path(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "nope.safetensors"
    with pytest.raises(OSError, match=r"io\.load: path '.*nope\.safetensors': cannot open the file"):
        ferrule.load(missing)
    with pytest.raises(ferrule.OSError):
        ferrule.load(tmp_path / "nope.npy")
    with pytest.raises(OSError, match="is a directory"):
        ferrule.load(tmp_path, format="npz")
    for name in ("x.npy", "x.npz", "x.safetensors"):
        where = tmp_path / "no-such-dir" / name
        value = ferrule.ones(2) if name.endswith(".npy") else {"x": ferrule.ones(2)}
        with pytest.raises(OSError, match=rf"io\.save: path '.*{name}'"):
            ferrule.save(where, value)


def test_damaged_files_are_value_errors_naming_the_path(tmp_path: pathlib.Path) -> None:
    cases = {
        "cut.npy": b"\x93NUMPY\x01\x00\x40\x00{'descr': '<f4'",
        "key.npy": b"\x93NUMPY\x01\x00\x10\x00{'other': 1}    \n",
        "short.npy": None,
        "junk.safetensors": b"\xff" * 32,
        "junk.npz": b"PK\x03\x04" + b"\x00" * 40,
    }
    full = tmp_path / "full.npy"
    np.save(full, np.arange(100.0))
    cases["short.npy"] = full.read_bytes()[:-8]
    for name, data in cases.items():
        assert data is not None
        (tmp_path / name).write_bytes(data)
        with pytest.raises(ValueError, match=rf"io\.load: path '.*{name}': not a valid"):
            ferrule.load(tmp_path / name)


def test_unsupported_dtypes_and_compressed_members_are_clear_errors(tmp_path: pathlib.Path) -> None:
    with pytest.raises(TypeError, match=r"io\.save: path '.*b\.npy': numpy's \.npy format has no bfloat16"):
        ferrule.save(tmp_path / "b.npy", ferrule.ones(2, dtype=ferrule.bfloat16))
    with pytest.raises(TypeError, match="tensor 'z': the safetensors format has no complex128"):
        ferrule.save(tmp_path / "c.safetensors", {"z": ferrule.ones(2, dtype=ferrule.complex128)})
    np.save(tmp_path / "s.npy", np.array(["a", "b"]))
    with pytest.raises(ValueError, match="not a valid npy file: numpy dtype '<U1' has no ferrule equivalent"):
        ferrule.load(tmp_path / "s.npy")
    np.savez_compressed(tmp_path / "c.npz", a=np.ones(3))
    with pytest.raises(ValueError, match="member 'a.npy' is compressed"):
        ferrule.load(tmp_path / "c.npz")


def test_bad_arguments_name_the_argument() -> None:
    with pytest.raises(TypeError, match="save.*'path' must be a str or path-like"):
        ferrule.save(3, {"a": ferrule.ones(2)})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot tell the format from the extension"):
        ferrule.save("x.bin", {"a": ferrule.ones(2)})
    with pytest.raises(ValueError, match='unknown format "pickle"'):
        ferrule.save("x.bin", {"a": ferrule.ones(2)}, format="pickle")
    with pytest.raises(ValueError, match="a .npy file holds one tensor, got a dict of 2"):
        ferrule.save("x.npy", {"a": ferrule.ones(2), "b": ferrule.ones(2)})
    with pytest.raises(TypeError, match="'tensors' must be a dict of name -> Tensor for the npz format"):
        ferrule.save("x.npz", ferrule.ones(2))
    with pytest.raises(TypeError, match="names must be str"):
        ferrule.save("x.npz", {1: ferrule.ones(2)})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="'mmap' must be a bool"):
        ferrule.load("x.npz", mmap=1)  # type: ignore[arg-type]
