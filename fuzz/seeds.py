"""Writes the seed corpus of the C ABI fuzzers (fuzz/corpus/<target>/<name>): the adversarial
cases of issue 15's probe, encoded as the programs fuzz_targets/*.rs read. Re-run after changing
an encoding: `python3 fuzz/seeds.py` (the files are committed; libFuzzer adds its own finds to a
separate, uncommitted directory, see docs/testing.md).
"""

from __future__ import annotations

import pathlib
import struct

HERE = pathlib.Path(__file__).resolve().parent


def cs(text: bytes) -> bytes:
    """A length-prefixed string (Input::bytes / Input::c_string)."""
    return bytes([len(text)]) + text


# ---- capi: one opcode byte, then its operands (see fuzz_targets/capi.rs) ----------------------------
INTS = {0: 0, 1: 1, -1: 2, 2: 3, 3: 4, 7: 5, 255: 6, 65536: 7, 2**31 - 1: 8, 2**31: 9, 2**32: 10, 2**62: 12}
DIMS = {0: 0, 1: 1, 2: 2, 3: 3, 5: 4, -1: 5, 2**31: 6, 2**62: 7, 2**63 - 1: 8}
CODES = {"int": 0, "uint": 1, "float": 2, "bfloat": 3, "complex": 4, "bool": 5, "opaque": 6, "junk": 8}
BITS = {8: 0, 16: 1, 32: 2, 64: 3, 128: 4, 1: 5, 0: 6, 7: 7}


def int_(slot: int, v: int) -> bytes:
    return bytes([0, slot, 0, INTS[v]]) if v in INTS else bytes([0, slot, 1]) + struct.pack("<q", v)


def float_(slot: int, idx: int) -> bytes:
    return bytes([1, slot, idx])


def small_str(slot: int, text: bytes) -> bytes:
    return bytes([2, slot, 5]) + text.ljust(8, b"\0") + bytes([len(text)])


def str_(slot: int, data: bytes, mode: int = 0) -> bytes:
    return bytes([3, slot]) + cs(data) + bytes([mode])


def array(slot: int, first: int, n: int) -> bytes:
    return bytes([5, slot, first, n])


def map_(slot: int, keys: int, values: int, n: int) -> bytes:
    return bytes([6, slot, keys, values, n])


def map_get(m: int, key: int, out: int) -> bytes:
    return bytes([7, m, key, out])


def introspect(slot: int) -> bytes:
    return bytes([8, slot])


def error(slot: int, kind: bytes, message: bytes, lines: list[bytes], payload: bool) -> bytes:
    return (
        bytes([10, slot])
        + cs(kind)
        + cs(message)
        + bytes([len(lines)])
        + b"".join(map(cs, lines))
        + bytes([0 if payload else 1])
    )


def get(slot: int, name: bytes) -> bytes:
    return bytes([11, slot, 0]) + cs(name)


def call(name: bytes, first: int, n: int, out: int) -> bytes:
    return bytes([12, 1, 0]) + cs(name) + bytes([first, n, out])


def call_slot(func: int, first: int, n: int, out: int) -> bytes:
    return bytes([12, 0, 0, 0, func, first, n, out])


def info(func: int, out: int) -> bytes:
    return bytes([15, func, out])


def register(name: bytes, signature: bytes, func: int, flags: int = 0, doc: bytes = b"doc") -> bytes:
    return bytes([16, 1]) + cs(name) + cs(doc) + cs(signature) + bytes([func, flags, 1])


def remove() -> bytes:
    return bytes([16, 0])


def function(slot: int, behaviour: int) -> bytes:
    return bytes([17, slot, behaviour])


def tensor(slot: int, shape: list[int], code: str = "float", bits: int = 32, device: int = 0) -> bytes:
    dims = [DIMS[d] for d in shape] + [0] * (4 - len(shape))
    return bytes([18, slot, 0, len(shape) + 1, *dims, CODES[code], BITS[bits], 0, device, 0])


def tensor_raw(slot: int, ndim_byte: int, dims: list[int], code: str, bits: int, device: int) -> bytes:
    return bytes([18, slot, 0, ndim_byte, *dims, CODES[code], BITS[bits], 0, device, 0])


def roundtrip(slot: int, src: int) -> bytes:
    return bytes([18, slot, 1, src])


def names(slot: int) -> bytes:
    return bytes([19, slot])


CAPI = {
    "values": int_(0, 7)
    + int_(1, -(2**63))
    + float_(2, 3)
    + str_(3, "héllo".encode())
    + str_(4, b"\xff\x00bytes", mode=1)
    + str_(5, b"\xff\xfe not utf-8")
    + small_str(6, b"float32")
    + array(7, 0, 7)
    + map_(8, 3, 0, 2)
    + map_(9, 2, 0, 2)
    + map_get(8, 3, 10)
    + map_get(7, 3, 11)
    + b"".join(introspect(i) for i in range(12))
    + bytes([9, 7, 12]),
    "registry": function(0, 0)
    + register(b"sig", b"(x: Tensor, /, factor: float = 2.0, *, inplace: bool = False) -> Tensor", 0)
    + register(b"unterminated", b"(x: int = ", 0)
    + register(b"star", b"(*args, x)", 0)
    + register(b"dup", b"(a, a)", 0)
    + register(b"defaults", b"(a='s', b=1.5, c=None, d=True, e=-3)", 0)
    + register(b"", b"()", 0)
    + register(b"sig", b"()", 0, flags=1)
    + register(b"notfunc", b"()", 5)
    + info(0, 1)
    + introspect(1)
    + get(2, b"fuzz.sig")
    + info(2, 3)
    + get(4, b"no.such.function")
    + remove()
    + remove()
    + names(5)
    + introspect(5),
    "callbacks": function(0, 0)
    + int_(1, 3)
    + call(b"testing.apply", 0, 2, 2)
    + function(3, 1)
    + int_(4, 1)
    + call(b"testing.apply", 3, 2, 5)
    + function(6, 2)
    + call_slot(6, 1, 1, 7)
    + function(8, 3)
    + call_slot(8, 0, 6, 9)
    + call(b"testing.apply", 8, 3, 10),
    # finding 8: callbacks that break the contract (behaviours 4-6 once the gate goes)
    "callbacks-contract": function(0, 4)
    + call(b"testing.apply", 0, 1, 1)
    + function(2, 5)
    + call(b"testing.apply", 2, 1, 3)
    + function(4, 6)
    + call(b"testing.apply", 4, 1, 5)
    + call_slot(4, 0, 0, 6),
    "errors": error(0, b"ValueError", b"bad value", [b"while testing", b"second"], True)
    + error(1, b"", b"", [], False)
    + error(2, b"NoSuchKind", b"\xff\xfe", [b"\xff"], True)
    + introspect(0)
    + introspect(1)
    + introspect(2)
    + str_(3, b"KeyError")
    + str_(4, b"message")
    + call(b"testing.raise_error", 3, 2, 5)
    + call(b"testing.echo", 0, 1, 6)
    + call(b"testing.use_count", 0, 1, 7),
    "ops": tensor(0, [2, 3])
    + int_(1, 1)
    + call(b"ops.add", 0, 2, 2)
    + call(b"ops.sum", 0, 1, 3)
    + small_str(4, b"float64")
    + call(b"ops.astype", 0, 1, 5)
    + int_(5, 3)
    + int_(6, 2)
    + array(7, 5, 2)
    + call(b"ops.reshape", 0, 1, 8)
    + call(b"testing.tensor_sum", 0, 1, 9)
    + roundtrip(10, 0)
    + introspect(10)
    + call(b"ops.matmul", 0, 2, 11)
    + call(b"testing.hold", 0, 1, 12)
    + call(b"testing.held", 0, 0, 13)
    + introspect(13),
    "tensor-create": tensor_raw(0, 0, [0, 0, 0, 0], "float", 32, 0)  # ndim -1
    + tensor(1, [-1, 2])
    + tensor(2, [2**62, 2**62])
    + tensor(3, [2**31, 2**31, 2**31])
    + tensor(4, [2, 3], code="junk", bits=7)
    + tensor(5, [2], device=3)
    + tensor(6, [0, 3], code="bool", bits=8)
    + tensor(7, [], code="complex", bits=128)
    + roundtrip(8, 7)
    + introspect(8),
    # finding 5: an impossible length (refused before the data is read, once the gate goes)
    "bytes-impossible": str_(0, b"ab", mode=7) + introspect(0),
}

# ---- dlpack: one struct per input (see fuzz_targets/dlpack.rs) -------------------------------------
NDIM = {0: 0, 1: 1, 2: 3, 3: 5, 4: 6, 6: 7, -1: 8, 33: 9}
SHAPE = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 7: 5, 16: 6, -1: 7, 2**31: 8, 2**62: 9, 2**63 - 1: 10, -(2**63): 11}
STRIDE = {0: 0, 1: 1, 2: 2, 3: 3, -1: 4, -2: 5, 5: 6, 64: 7, 2**40: 8, 2**63 - 1: 9, -(2**63): 10}
OFFSET = {0: 0, 1: 1, 8: 2, 64: 3, 2**40: 4, 2**63: 5, 2**64 - 1: 6}


def dl(
    shape: list[int],
    strides: list[int] | None = None,
    offset: int = 0,
    code: str = "float",
    bits: int = 32,
    device: int = 0,
    major: int = 0,
    null_shape: bool = False,
    null_data: bool = False,
    flags: int = 0,
) -> bytes:
    out = bytes([NDIM[len(shape)] if len(shape) in NDIM else 0])
    out += bytes(SHAPE[d] for d in shape)
    out += bytes(STRIDE[s] for s in (strides or [1] * len(shape)))
    out += bytes([0 if strides is not None else 1, 0 if null_shape else 1, OFFSET[offset], 0 if null_data else 1])
    out += bytes([CODES[code], BITS[bits], 0, device, 0, major, 0, flags])
    return out + bytes([3, 0])


DLPACK = {
    "contiguous": dl([2, 3]),
    "strided": dl([3, 2], strides=[-2, 1], offset=64),
    "broadcast": dl([4, 3], strides=[0, 1]),
    "zero-size": dl([0, 3], null_data=True),
    "bool": dl([7], code="bool", bits=8),
    "complex": dl([2, 2], code="complex", bits=128),
    # finding 3: NULL shape with ndim > 0, a byte offset past the address space, NULL data
    "null-shape": dl([2, 3], null_shape=True),
    "huge-offset": dl([2], offset=2**63),
    "null-data": dl([2, 3], null_data=True),
    "numel-overflow": dl([2**62, 4]),
    "extent-overflow": dl([2, 2], strides=[2**63 - 1, 1]),
    "negative-dim": dl([-1, 3]),
    "version-2": dl([2], major=4),
    "junk-dtype": dl([2], code="junk", bits=7),
    "cuda": dl([2], device=3),
    "read-only-flag": dl([3], flags=2),
    "negative-ndim": bytes([8, 1, 1, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 3, 0]),
    "ndim-33": bytes([9]) + bytes([1] * 33) + bytes([1] * 33) + bytes([1, 1, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 3, 0]),
}


def main() -> None:
    for target, seeds in (("capi", CAPI), ("dlpack", DLPACK)):
        folder = HERE / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in seeds.items():
            (folder / name).write_bytes(data)
        print(f"{folder}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()
