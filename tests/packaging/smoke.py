"""Smoke test of an installed ferrule wheel, run by tests/packaging/run.sh in a fresh venv of each
CPython, from a directory outside the checkout: the package must come from the venv's
site-packages, with its own libferrule, and work there.

Usage: python smoke.py TESTING_PLUGIN [GO_PLUGIN]. The testing.* plugin is not in the wheel (a user
opts in to it), so its file is passed in; with GO_PLUGIN, a Go plugin built outside the checkout is
loaded too, and the process must still have exactly one libferrule mapped.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import sysconfig

import ferrule
import numpy as np
from ferrule import ffi


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"smoke test failed ({sys.version.split()[0]}): {what}")


def libferrules_mapped() -> set[str]:
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if "libferrule.so" in line.split()[-1]}


testing_plugin = sys.argv[1]
go_plugin = sys.argv[2] if len(sys.argv) > 2 else None

# import: from site-packages, libferrule beside the extension
package_dir = os.path.dirname(ferrule.__file__)
site = sysconfig.get_paths()["purelib"]
check(package_dir == os.path.join(site, "ferrule"), f"ferrule imported from {package_dir}, not {site}")
check(os.path.isfile(os.path.join(package_dir, "libferrule.so")), "libferrule.so not beside the package")
check(not os.path.exists(os.path.join(package_dir, "libferrule_testing.so")), "the testing plugin is in the wheel")

# operators, numpy semantics
x = ferrule.asarray(np.arange(6.0).reshape(2, 3))
u = (x @ x.mT + 1.0).sum(axis=0)
check(np.from_dlpack(u).tolist() == [21.0, 66.0], f"ops: {u}")

# DLPack with numpy, both ways, no copy
a = np.arange(4.0)
t = ferrule.asarray(a)
a[0] = 42.0
check(float(t[0]) == 42.0, "asarray did not share numpy's memory")
back = np.from_dlpack(t)
back[1] = 7.0
check(float(t[1]) == 7.0, "np.from_dlpack did not share the tensor's memory")

# identity and preservation through native code (the testing.* plugin)
ffi.load_library(testing_plugin)
echo = ffi.get_global_func("testing.echo")
t = ferrule.ones(3)
check(echo(t) is t, "testing.echo did not return the same object")
t.tag = "kept"
ffi.get_global_func("testing.hold")(t)
del t
gc.collect()
(held,) = ffi.get_global_func("testing.held")()
check(held.tag == "kept", "a tensor held only by native code lost its Python attributes")
ffi.get_global_func("testing.release")()

# pickle
p = ferrule.asarray([[1.0, 2.0], [3.0, 4.0]])
q = pickle.loads(pickle.dumps(p))
check(q.tolist() == p.tolist() and q.dtype == p.dtype, "pickle round trip")

# callbacks from native threads, and an exception coming back as the same object
calls: list[tuple[int, int]] = []
run = ffi.get_global_func("testing.call_from_threads")
check(run(lambda i, j: calls.append((i, j)), 4, 10) == 40 and len(calls) == 40, "callbacks from native threads")


class Stop(Exception):
    pass


stop = Stop("cancelled")


def cancel(i: int, j: int) -> None:
    raise stop


try:
    run(cancel, 2, 1)
    check(False, "the callback's exception did not come back")
except Stop as e:
    check(e is stop, "the callback's exception came back as another object")

# a Go plugin built outside the checkout: it links no libferrule, so the process keeps one
if go_plugin:
    ffi.load_library(go_plugin)
    check(ffi.get_global_func("goplugin.add")(40, 2) == 42, "goplugin.add")
    check(ffi.get_global_func("goplugin.call")("testing.echo", "x") == "x", "Go calling back into the registry")

mapped = libferrules_mapped()
check(mapped == {os.path.realpath(os.path.join(package_dir, "libferrule.so"))}, f"libferrules mapped: {sorted(mapped)}")
print(f"smoke ok: CPython {sys.version.split()[0]}, {len(calls)} callbacks, go plugin: {bool(go_plugin)}")
