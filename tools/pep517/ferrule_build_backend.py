"""The PEP 517 build backend of the ferrule wheel: maturin, with libferrule prepared around it.

maturin builds the CPython extension (``crates/ferrule-python``), but the package also ships
``libferrule.so``, which another crate builds (``ferrule-capi``) and which the extension
``dlopen()``s from its own directory at import. So ``pip install .``, ``pip wheel .`` and
``python -m build --wheel`` run this module (``pyproject.toml`` names it), which:

1. builds libferrule (``cargo build --release --locked -p ferrule-capi``), or takes the file
   ``$FERRULE_LIBFERRULE`` names (``make`` passes its own build, so libferrule is built once);
2. copies it without its debug info to ``python/ferrule/libferrule.so`` (the release profile keeps
   debug info for developers; a wheel does not need 60 MB of it);
3. has maturin tag the wheel ``manylinux_2_N`` for the newest glibc symbol version that
   libferrule needs (maturin checks only the extension, and a PEP 517 build would otherwise get the
   ``linux`` tag, which a package index refuses);
4. checks the finished wheel: the extension, libferrule and the Python sources are in it, and the
   ``testing.*`` fixture plugin is in it only when asked for. A missing file fails the build.

The ``testing.*`` plugin (``libferrule_testing.so``, used by ferrule's own tests) is left out
unless ``FERRULE_WHEEL_TESTING_PLUGIN=1`` is set or the config setting
``ferrule.testing-plugin=1`` is given (``pip wheel . -C ferrule.testing-plugin=1``); it then
sits beside libferrule in the package (``$FERRULE_TESTING_PLUGIN`` names a prebuilt one).

An sdist is refused: it would hold only the extension's crates, not libferrule's, and could not
build. Build wheels from a checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import zipfile
from collections.abc import Mapping
from typing import Any

import maturin

PACKAGE_DIR = os.path.join("python", "ferrule")
LIBFERRULE = "libferrule.so"
TESTING_PLUGIN = "libferrule_testing.so"
# The oldest manylinux tag there is (manylinux2014); a library needing less still gets this one.
OLDEST_GLIBC_MINOR = 17


class BuildError(RuntimeError):
    """A ferrule wheel cannot be built: the message says what is missing and what to do."""


# ---- the PEP 517 hooks ------------------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    """What maturin needs to build a wheel."""
    return list(maturin.get_requires_for_build_wheel(_maturin_settings(config_settings)))


def get_requires_for_build_editable(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    """What maturin needs to build an editable wheel."""
    return list(maturin.get_requires_for_build_editable(_maturin_settings(config_settings)))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Mapping[str, Any] | None = None) -> str:
    """The wheel's metadata, from maturin (no native build needed for it)."""
    return str(maturin.prepare_metadata_for_build_wheel(metadata_directory, _maturin_settings(config_settings)))


def build_wheel(
    wheel_directory: str,
    config_settings: Mapping[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """Builds the wheel (steps 1-4 of the module's description); returns its file name."""
    testing = _wants_testing_plugin(config_settings)
    libraries = _prepare_native(testing)
    settings = _maturin_settings(config_settings, manylinux=_manylinux_policy(libraries))
    name = str(maturin.build_wheel(wheel_directory, settings, metadata_directory))
    check_wheel(os.path.join(wheel_directory, name), testing_plugin=testing)
    return name


def build_editable(
    wheel_directory: str,
    config_settings: Mapping[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """An editable install (``pip install -e .``): libferrule prepared, then maturin's editable wheel."""
    _prepare_native(_wants_testing_plugin(config_settings))
    return str(maturin.build_editable(wheel_directory, _maturin_settings(config_settings), metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Mapping[str, Any] | None = None) -> str:
    """Refused, loudly (see the module's description)."""
    raise BuildError(
        "ferrule: no sdist: libferrule is built from the whole Cargo workspace, which maturin's sdist "
        "does not carry. Build a wheel from a checkout instead: `pip wheel .` or `pip install .`"
    )


# ---- steps ------------------------------------------------------------------------------------------


def _wants_testing_plugin(config_settings: Mapping[str, Any] | None) -> bool:
    value = (config_settings or {}).get("ferrule.testing-plugin") or os.environ.get("FERRULE_WHEEL_TESTING_PLUGIN")
    return str(value).strip().lower() in {"1", "true", "yes", "on"}


def _maturin_settings(config_settings: Mapping[str, Any] | None, manylinux: str | None = None) -> dict[str, Any]:
    """maturin's config settings: the caller's build arguments (or ``$MATURIN_PEP517_ARGS``), plus
    ``--compatibility <manylinux>`` unless the caller chose a compatibility."""
    settings = {k: v for k, v in (config_settings or {}).items() if not str(k).startswith("ferrule.")}
    args = list(maturin.get_maturin_pep517_args(settings))
    chosen = any(
        a in ("--compatibility", "--manylinux") or a.startswith(("--compatibility=", "--manylinux=")) for a in args
    )
    if manylinux is not None and not chosen:
        args += ["--compatibility", manylinux]
    settings.pop("maturin.build-args", None)
    settings["build-args"] = args
    return settings


def _cargo_build(packages: list[str]) -> dict[str, str]:
    """Builds the cdylibs of ``packages`` in release mode; returns {library file name: path}."""
    cargo = os.environ.get("CARGO", "cargo")
    if shutil.which(cargo) is None:
        raise BuildError(
            f"ferrule: building libferrule needs Rust's cargo (`{cargo}` is not on PATH): install Rust >= 1.89 "
            "with rustup, or set FERRULE_LIBFERRULE to a prebuilt libferrule.so"
        )
    command = [cargo, "build", "--release", "--locked", "--message-format=json-render-diagnostics"]
    for package in packages:
        command += ["-p", package]
    print("ferrule: building libferrule: " + " ".join(command), file=sys.stderr, flush=True)
    result = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=False)
    if result.returncode != 0:
        raise BuildError(f"ferrule: `{' '.join(command)}` failed (exit {result.returncode}); its errors are above")
    found: dict[str, str] = {}
    for line in result.stdout.splitlines():
        message = json.loads(line) if line.startswith("{") else {}
        if message.get("reason") == "compiler-artifact" and "cdylib" in message["target"]["kind"]:
            for filename in message["filenames"]:
                found[os.path.basename(filename)] = filename
    return found


def _prepare_native(testing: bool) -> list[str]:
    """Steps 1 and 2: the libraries the package ships, copied into ``python/ferrule`` without debug
    info; returns their paths there. A stale testing plugin is removed when it is not wanted."""
    wanted = {LIBFERRULE: os.environ.get("FERRULE_LIBFERRULE") or None}
    if testing:
        wanted[TESTING_PLUGIN] = os.environ.get("FERRULE_TESTING_PLUGIN") or None
    else:
        stale = os.path.join(PACKAGE_DIR, TESTING_PLUGIN)
        if os.path.exists(stale):
            os.remove(stale)
    to_build = [{LIBFERRULE: "ferrule-capi", TESTING_PLUGIN: "ferrule-testing"}[n] for n, p in wanted.items() if not p]
    built = _cargo_build(to_build) if to_build else {}
    copied = []
    for name, source in wanted.items():
        source = source or built.get(name)
        if source is None or not os.path.isfile(source):
            where = f"at {source}" if source else "among cargo's outputs"
            raise BuildError(
                f"ferrule: {name} not found {where}: build it with `cargo build --release -p "
                f"{'ferrule-capi' if name == LIBFERRULE else 'ferrule-testing'}` (or unset the variable naming it)"
            )
        target = os.path.join(PACKAGE_DIR, name)
        _copy_without_debug_info(source, target)
        copied.append(target)
    return copied


def _copy_without_debug_info(source: str, target: str) -> None:
    tmp = target + ".tmp"
    strip = shutil.which(os.environ.get("STRIP", "strip"))
    if strip is not None:
        subprocess.run([strip, "--strip-debug", "-o", tmp, source], check=True)
    else:
        print(
            f"ferrule: warning: no `strip` on PATH, {source} goes into the wheel with its debug info", file=sys.stderr
        )
        shutil.copyfile(source, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, target)


def _manylinux_policy(libraries: list[str]) -> str | None:
    """Step 3: ``manylinux_2_N`` for the newest ``GLIBC_2.N`` symbol version the libraries need, or
    None when they need none (not a glibc Linux: maturin decides)."""
    if not sys.platform.startswith("linux"):
        return None
    minors = [minor for path in libraries for minor in glibc_minors(path)]
    if not minors:
        return None
    return f"manylinux_2_{max(max(minors), OLDEST_GLIBC_MINOR)}"


def glibc_minors(path: str) -> list[int]:
    """The N of every ``GLIBC_2.N`` version the ELF file at ``path`` needs (its .gnu.version_r)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return []  # only 64-bit little-endian ELF is built here
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    minors = []
    for _name, kind, _flags, _addr, offset, _size, link, info, _align, _entsize in sections:
        if kind != 0x6FFFFFFE:  # SHT_GNU_verneed
            continue
        strtab = sections[link][4]
        entry = offset
        for _ in range(info):
            _version, count, _file, aux, next_entry = struct.unpack_from("<HHIII", data, entry)
            at = entry + aux
            for _ in range(count):
                _hash, _flags2, _other, name, next_aux = struct.unpack_from("<IHHII", data, at)
                end = data.index(b"\0", strtab + name)
                version = data[strtab + name : end].decode()
                if version.startswith("GLIBC_2."):
                    minors.append(int(version.split(".")[1]))
                at += next_aux
            entry += next_entry
    return minors


def check_wheel(path: str, testing_plugin: bool) -> None:
    """Step 4: fails when the wheel lacks a file it must hold (or holds the testing plugin unasked)."""
    with zipfile.ZipFile(path) as wheel:
        names = set(wheel.namelist())
    missing = [n for n in ("ferrule/__init__.py", f"ferrule/{LIBFERRULE}") if n not in names]
    if not any(n.startswith("ferrule/_ferrule.") and n.endswith(".so") for n in names):
        missing.append("ferrule/_ferrule.*.so (the extension)")
    plugin = f"ferrule/{TESTING_PLUGIN}"
    if testing_plugin and plugin not in names:
        missing.append(plugin)
    if missing:
        os.remove(path)
        raise BuildError(f"ferrule: the wheel {os.path.basename(path)} lacks {', '.join(missing)}; removed it")
    if not testing_plugin and plugin in names:
        os.remove(path)
        raise BuildError(f"ferrule: the wheel {os.path.basename(path)} holds {plugin}, which was not asked for")
