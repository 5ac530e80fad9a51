#!/usr/bin/env bash
# tests/packaging/run.sh (`make test-packaging`, part of `make test`): ferrule installed as a user
# would, in temporary directories outside the checkout, against what `make native` built:
#
#  1. Python: for each CPython 3.10-3.13 found, a fresh venv; `pip wheel <checkout>` (the real
#     build backend, build isolation included); `auditwheel show` accepts the wheel's manylinux
#     tag; `pip install` the wheel; smoke.py from a directory outside the checkout.
#  2. C: `make install PREFIX=target/packaging/prefix`; the installed files (SONAME, no debug info, pkg-config
#     files); examples/c/tensor_ops.c built by pkg-config only, shared and static, and run.
#  3. Go: a program in its own module (a `replace` to go/) built against the prefix through
#     pkg-config, with and without `go mod vendor`, and statically (tag ferrule_static); run.
#  4. A Go plugin built in its own module with package go/plugin: it links no libferrule; loaded
#     into the installed Python package (smoke.py) and into a C program built against the prefix,
#     each with exactly one libferrule mapped.
#     A plugin built without the tag refuses to load, naming it.
#  5. The missing-library errors: Python without its libferrule, C and Go without ferrule.pc.
#
# (FERRULE_PACKAGING_PYTHONS="3.12" limits step 1 to the versions listed, when iterating.)
# Each CPython's wheel is built in target/wheel-builds/<version> (kept: a rerun recompiles nothing) with
# this tree's libferrule ($FERRULE_LIBFERRULE), so libferrule is built once.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GO=${GO:-go}
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
MAKE=${MAKE:-make}
RELEASE=$REPO/target/release
TESTING_PLUGIN=$RELEASE/libferrule_testing.so
AUDITWHEEL=$REPO/.venv/bin/auditwheel
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ferrule-packaging.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
START=$SECONDS
passed=0

step() { echo; echo "== packaging: $*"; }
ok() { passed=$((passed + 1)); echo "   ok: $*"; }
fail() { echo "packaging test FAILED: $*" >&2; echo "0 passed, 1 failed" >&2; exit 1; }
# (Output is matched with `grep -q ... <<< "$(command)"`, never `command | grep -q`: grep stops at
# the first match, and under pipefail the command's SIGPIPE would fail the pipeline.)
# expect_output FILE TEXT...: every TEXT occurs in FILE (the output of a command that failed).
expect_output() {
  local file=$1
  shift
  for text in "$@"; do
    grep -qF -- "$text" "$file" || { cat "$file" >&2; fail "expected \"$text\" in the error above"; }
  done
}

for f in "$RELEASE/libferrule.so" "$RELEASE/libferrule.a" "$TESTING_PLUGIN" "$AUDITWHEEL"; do
  [ -e "$f" ] || fail "$f is missing: run \`make native venv\` first"
done

# ---- 1. the wheel, on every CPython 3.10-3.13 present -------------------------------------------
pythons=()
for v in ${FERRULE_PACKAGING_PYTHONS:-3.10 3.11 3.12 3.13}; do
  py=""
  if command -v pyenv >/dev/null; then
    py=$(ls -d "$(pyenv root)"/versions/"$v".*/bin/python"$v" 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  [ -n "$py" ] || py=$(command -v "python$v" || true)
  if [ -n "$py" ]; then pythons+=("$py"); else echo "   (no CPython $v on this machine: skipped)"; fi
done
[ ${#pythons[@]} -gt 0 ] || fail "no CPython 3.10-3.13 found"

mkdir -p "$TMP/run"
cp "$REPO/tests/packaging/smoke.py" "$TMP/run/"
MATRIX_START=$SECONDS
for py in "${pythons[@]}"; do
  v=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  step "CPython $v: pip wheel, auditwheel show, pip install, smoke test"
  venv=$TMP/venv-$v
  "$py" -m venv "$venv"
  # the same variables make passes: this tree's libferrule; a target directory per CPython
  FERRULE_LIBFERRULE=$RELEASE/libferrule.so CARGO_TARGET_DIR=$REPO/target/wheel-builds/$v \
    "$venv/bin/pip" wheel --quiet --no-deps --disable-pip-version-check -w "$TMP/wheels-$v" "$REPO" \
    > "$TMP/wheel-$v.log" 2>&1 || { cat "$TMP/wheel-$v.log" >&2; fail "pip wheel on CPython $v"; }
  wheel=$(ls "$TMP/wheels-$v"/ferrule-*.whl)
  name=$(basename "$wheel")
  tag=${name##*-}
  tag=${tag%.whl}
  case "$tag" in manylinux_*) ;; *) fail "$name: not a manylinux tag ($tag)";; esac
  "$AUDITWHEEL" show "$wheel" > "$TMP/audit-$v.txt" 2>&1 || { cat "$TMP/audit-$v.txt" >&2; fail "auditwheel show $name"; }
  audit=$(tr -s ' \n' ' ' < "$TMP/audit-$v.txt")
  case "$audit" in
    *"consistent with the following platform tag: \"$tag\""*) ;;
    *) echo "$audit" >&2; fail "auditwheel does not accept $name's tag $tag";;
  esac
  size=$(du -k "$wheel" | cut -f1)
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$wheel" > "$TMP/install-$v.log" 2>&1 ||
    { cat "$TMP/install-$v.log" >&2; fail "pip install $name"; }
  (cd "$TMP/run" && "$venv/bin/python" smoke.py "$TESTING_PLUGIN") || fail "smoke test on CPython $v"
  ok "$name (${size} KiB), auditwheel: $tag"
  last_venv=$venv
done
echo "   the CPython matrix took $((SECONDS - MATRIX_START)) s"

step "Python: a missing libferrule says what to install"
site=$("$last_venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
mv "$site/ferrule/libferrule.so" "$TMP/libferrule.so.aside"
if (cd "$TMP/run" && "$last_venv/bin/python" -c 'import ferrule') > "$TMP/missing-py.txt" 2>&1; then
  fail "import ferrule succeeded without libferrule.so"
fi
expect_output "$TMP/missing-py.txt" "ImportError" "libferrule.so" "pip install --force-reinstall"
mv "$TMP/libferrule.so.aside" "$site/ferrule/libferrule.so"
ok "ImportError names the file and the reinstall"

# ---- 2. C: make install, then pkg-config only ---------------------------------------------------
step "C: make install PREFIX=target/packaging/prefix"
# The prefix has a fixed path, rewritten on every run, and the Go builds against it have a build
# cache of their own: go's build cache keeps the flags pkg-config gave when it first built the
# package (pkg-config's answer is not part of its cache key), so a prefix at a new path, or a shared
# cache that once saw another prefix, would link against a library that is not there.
PREFIX=$REPO/target/packaging/prefix
export GOCACHE=$REPO/target/packaging/gocache
rm -rf "$PREFIX"
"$MAKE" -C "$REPO" --no-print-directory install PREFIX="$PREFIX" > "$TMP/install.log" 2>&1 ||
  { cat "$TMP/install.log" >&2; fail "make install"; }
LIB=$PREFIX/lib
for f in include/ferrule/ferrule.h include/ferrule/ops.h include/ferrule/dlpack.h lib/libferrule.so lib/libferrule.so.1 \
  lib/libferrule.a lib/pkgconfig/ferrule.pc lib/pkgconfig/ferrule-static.pc; do
  [ -e "$PREFIX/$f" ] || fail "make install did not install $f"
done
soname=$(readelf -d "$LIB/libferrule.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = libferrule.so.1 ] || fail "installed libferrule.so has SONAME '$soname', expected libferrule.so.1"
[ "$(readlink "$LIB/libferrule.so.1")" != "" ] || fail "libferrule.so.1 is not a link to the versioned file"
for f in "$LIB/libferrule.so" "$LIB/libferrule.a"; do
  if grep -q '\.debug_info' <<< "$(readelf -S --wide "$f" 2>/dev/null)"; then fail "$f still has debug info"; fi
done
ls "$LIB"/.debug/libferrule.so.*.debug > /dev/null || fail "no separate debug info in lib/.debug"
ok "SONAME $soname, stripped (.so $(du -k "$(readlink -f "$LIB/libferrule.so")" | cut -f1) KiB, .a $(du -k "$LIB/libferrule.a" | cut -f1) KiB), debug info in lib/.debug"

export PKG_CONFIG_PATH=$LIB/pkgconfig
mkdir -p "$TMP/c"
cp "$REPO/examples/c/tensor_ops.c" "$TMP/c/"
cd "$TMP/c"
"$CC" -std=c11 -Wall -Wextra -Werror tensor_ops.c $("$PKG_CONFIG" --cflags --libs ferrule) -o tensor_ops ||
  fail "building examples/c/tensor_ops.c against the prefix (ferrule.pc)"
"$CC" -std=c11 -Wall -Wextra -Werror tensor_ops.c $("$PKG_CONFIG" --cflags --libs ferrule-static) -o tensor_ops_static ||
  fail "building examples/c/tensor_ops.c against the prefix (ferrule-static.pc)"
cd "$REPO"
grep -q "libferrule.so.1 => $LIB/libferrule.so.1" <<< "$(ldd "$TMP/c/tensor_ops")" || { ldd "$TMP/c/tensor_ops" >&2; fail "tensor_ops does not load the prefix's libferrule"; }
if grep -q libferrule <<< "$(readelf -d "$TMP/c/tensor_ops_static")"; then fail "tensor_ops_static needs a libferrule.so"; fi
(cd "$TMP/c" && ./tensor_ops > out.txt && ./tensor_ops_static > out_static.txt) || fail "running the C example"
cmp -s "$TMP/c/out.txt" "$TMP/c/out_static.txt" || fail "the shared and static C examples print different things"
ok "examples/c/tensor_ops.c, shared and static ($(du -k "$TMP/c/tensor_ops_static" | cut -f1) KiB)"

step "C: no ferrule.pc says where it should be"
if PKG_CONFIG_PATH=$TMP/nowhere "$PKG_CONFIG" --print-errors --cflags --libs ferrule > "$TMP/missing-c.txt" 2>&1; then
  fail "pkg-config found a ferrule without the prefix"
fi
expect_output "$TMP/missing-c.txt" "ferrule.pc" "PKG_CONFIG_PATH"
ok "pkg-config names ferrule.pc and PKG_CONFIG_PATH"

# ---- 3. Go: a program in its own module, against the prefix ------------------------------------
go_module() { # go_module DIR: a module requiring the ferrule module through a replace to go/
  mkdir -p "$1"
  printf '%s\n' "module example.com/$(basename "$1")" "" "go 1.24" "" \
    "require github.com/ferrule-dev/ferrule/go v0.0.0" "" \
    "replace github.com/ferrule-dev/ferrule/go => $REPO/go" > "$1/go.mod"
}
export GOFLAGS=-mod=mod
step "Go: a program against the prefix (pkg-config), vendored and not, and static"
go_module "$TMP/goprog"
cat > "$TMP/goprog/main.go" <<'GO'
package main

import (
	"fmt"

	ferrule "github.com/ferrule-dev/ferrule/go"
)

func main() {
	a, _ := ferrule.FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	b, _ := ferrule.FromFloat32s([]float32{7, 8, 9, 10, 11, 12}, 3, 2)
	c, err := ferrule.MM(a, b)
	if err != nil {
		panic(err)
	}
	values, _ := c.Float32s()
	fmt.Println(values)
	if _, err := ferrule.MM(a, a); err == nil {
		panic("MM of mismatched shapes succeeded")
	}
}
GO
want="[58 64 139 154]"
# go_run NAME ARGS...: `go ARGS...` in the program's module (output in $TMP/go.log), then the binary
# NAME must print $want.
go_run() {
  local name=$1
  shift
  (cd "$TMP/goprog" && "$GO" "$@") >> "$TMP/go.log" 2>&1 || { cat "$TMP/go.log" >&2; fail "go $* (Go program against the prefix)"; }
  local got
  got=$("$TMP/goprog/$name") || fail "running the Go program $name"
  [ "$got" = "$want" ] || fail "the Go program $name printed '$got', expected '$want'"
}
go_run prog build -o prog .
grep -q "libferrule.so.1 => $LIB/libferrule.so.1" <<< "$(ldd "$TMP/goprog/prog")" || { ldd "$TMP/goprog/prog" >&2; fail "the Go program does not load the prefix's libferrule"; }
(cd "$TMP/goprog" && "$GO" mod vendor) >> "$TMP/go.log" 2>&1 || { cat "$TMP/go.log" >&2; fail "go mod vendor"; }
[ -f "$TMP/goprog/vendor/github.com/ferrule-dev/ferrule/go/ferrule.h" ] || fail "go mod vendor did not keep go/ferrule.h"
GOFLAGS=-mod=vendor go_run prog_vendored build -o prog_vendored .
rm -rf "$TMP/goprog/vendor"
go_run prog_static build -tags ferrule_static -o prog_static .
if grep -q libferrule <<< "$(readelf -d "$TMP/goprog/prog_static")"; then fail "the ferrule_static Go program needs a libferrule.so"; fi
ok "go build (shared $(du -k "$TMP/goprog/prog" | cut -f1) KiB), with go mod vendor, -tags ferrule_static ($(du -k "$TMP/goprog/prog_static" | cut -f1) KiB)"

step "Go: no ferrule.pc says where it should be"
# A fresh build cache, as on a machine that never built the module: go's cache does not notice
# that pkg-config's answer changed, so a cached build would not ask it again.
if (cd "$TMP/goprog" && GOCACHE=$TMP/gocache-missing PKG_CONFIG_PATH=$TMP/nowhere "$GO" build -o prog_missing .) \
  > "$TMP/missing-go.txt" 2>&1; then
  fail "go build found a ferrule without the prefix"
fi
expect_output "$TMP/missing-go.txt" "ferrule.pc" "PKG_CONFIG_PATH"
ok "go build names ferrule.pc and PKG_CONFIG_PATH"

# ---- 4. a Go plugin built outside the checkout ---------------------------------------------------
step "Go plugin: built in its own module, loaded from the installed Python package and from C"
go_module "$TMP/goplugin"
cp "$REPO/go/examples/plugin/main.go" "$TMP/goplugin/"
PLUGIN=$TMP/goplugin/libgoplugin.so
(cd "$TMP/goplugin" && "$GO" build -buildmode=c-shared -tags ferrule_plugin -o "$PLUGIN" .) > "$TMP/goplugin.log" 2>&1 ||
  { cat "$TMP/goplugin.log" >&2; fail "building the Go plugin"; }
if grep -q libferrule <<< "$(readelf -d "$PLUGIN")"; then fail "the Go plugin links libferrule"; fi
undefined=$(nm -D --undefined-only "$PLUGIN" | awk '{print $NF}' | grep '^ferrule_' || true)
[ -z "$undefined" ] || fail "the Go plugin expects libferrule symbols from its host: $undefined"
(cd "$TMP/run" && "$last_venv/bin/python" smoke.py "$TESTING_PLUGIN" "$PLUGIN") || fail "the Go plugin in the installed Python package"
"$CC" -std=c11 -Wall -Wextra -Werror "$REPO/tests/c/go_plugin.c" $("$PKG_CONFIG" --cflags --libs ferrule) -o "$TMP/c/go_plugin" ||
  fail "building tests/c/go_plugin.c against the prefix"
(cd "$TMP/c" && ./go_plugin "$PLUGIN" "$TESTING_PLUGIN") || fail "the Go plugin in a C program"
ok "links no libferrule; loaded by Python and by C, one libferrule mapped in each"

step "Go plugin: built without the tag ferrule_plugin, it refuses to load and says why"
(cd "$TMP/goplugin" && "$GO" build -buildmode=c-shared -o libgoplugin_notag.so .) > "$TMP/goplugin.log" 2>&1 ||
  { cat "$TMP/goplugin.log" >&2; fail "building the Go plugin without the tag"; }
if (cd "$TMP/run" && "$last_venv/bin/python" -c 'import sys; from ferrule import ffi; ffi.load_library(sys.argv[1])' \
  "$TMP/goplugin/libgoplugin_notag.so") > "$TMP/notag.txt" 2>&1; then
  fail "a Go plugin built without the tag ferrule_plugin loaded"
fi
expect_output "$TMP/notag.txt" "built without the tag ferrule_plugin" "-tags ferrule_plugin"
ok "the load fails naming the tag"

echo
echo "   all of it took $((SECONDS - START)) s"
echo "packaging: $passed passed, 0 failed"
