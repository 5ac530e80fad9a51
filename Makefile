# ferrule — build, test and demo entry points (GNU make).
#
#   make test    build everything, then run the Rust, C and Python tests
#   make demo    build everything, then run every example (Python, Go and C), one per scenario
#   make bench   run the Python, Go and Rust benchmarks; write docs/benchmarks.md (+ .png)
#
# Installing (docs/quickstart-*.md):
#   pip install .                 the Python package (a wheel: the extension and libferrule)
#   make install PREFIX=/opt/x    headers, libferrule.so/.a and pkg-config files for C and Go
#   make wheel                    the wheel into dist/, for this venv's CPython
#
# Keeping it from regressing (docs/testing.md):
#   make test-explore   property tests with new random examples and a bigger budget
#   make fuzz           the Python API fuzzer, random calls for FUZZ_SECONDS (default 600)
#   make fuzz-c         the C ABI fuzzers (cargo fuzz, nightly), FUZZ_SECONDS each (default 60)
#   make test-sanitize  libferrule and the plugins under AddressSanitizer/LeakSanitizer: C tests,
#                       Python suite
#
# Needs only the toolchains: Rust >= 1.89 (cargo), Python 3.11, a C compiler, make. The Python
# tools (maturin, pytest, numpy, ...) are installed into $(VENV) from requirements-dev.txt.

CARGO ?= cargo
PYTHON ?= python3
CC ?= cc
GO ?= go
GOFMT ?= gofmt

VENV := .venv
VENV_PY := $(VENV)/bin/python
BUILD := build
RELEASE := target/release
LIBFERRULE := $(RELEASE)/libferrule.so
TESTING_PLUGIN := $(abspath $(RELEASE)/libferrule_testing.so)

C_FLAGS := -std=c11 -Wall -Wextra -Werror -Iinclude
C_LIBS := -L$(RELEASE) -lferrule -Wl,-rpath,$(abspath $(RELEASE))
HEADERS := $(wildcard include/ferrule/*.h)

# The example plugins (examples/plugin-rust, examples/plugin-c) and the pkg-config file for C
# programs; the tests of every language find the plugins through the two exported variables.
PKG_CONFIG ?= pkg-config
EXAMPLES_OUT := target/examples
PKGCONFIG_DIR := target/pkgconfig
EXAMPLE_C_PLUGIN_SO := $(EXAMPLES_OUT)/libferrule_plugin_c.so
export FERRULE_EXAMPLE_RUST_PLUGIN := $(abspath $(RELEASE)/libferrule_example_plugin.so)
export FERRULE_EXAMPLE_C_PLUGIN := $(abspath $(EXAMPLE_C_PLUGIN_SO))
FERRULE_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
# libferrule.so's SONAME is libferrule.so.$(FERRULE_ABI) (crates/ferrule-capi/build.rs).
FERRULE_ABI := $(shell sed -n 's/^\#define FERRULE_ABI_VERSION \([0-9]*\)/\1/p' include/ferrule/ferrule.h)

SHELL := bash
.SHELLFLAGS := -euo pipefail -c

.PHONY: all venv build native python-ext test test-rust test-codegen test-c test-python test-go demo bench bench-baseline bench-go clean distclean
.PHONY: fmt lint test-explore fuzz fuzz-c fuzz-c-check test-sanitize
.PHONY: plugins plugin-rust pkgconfig install wheel go-headers test-packaging abi-table

all: build

# ---- environment -------------------------------------------------------------------------------

venv: $(VENV)/.requirements.stamp

# Re-created only when requirements-dev.txt changes.
$(VENV)/.requirements.stamp: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# ---- build -------------------------------------------------------------------------------------

build: native python-ext
build: plugins pkgconfig

# libferrule (cdylib + staticlib) and the testing.* plugin; the Python package ships its own
# copy of libferrule beside the extension module. Programs linked with -lferrule record the SONAME
# (libferrule.so.$(FERRULE_ABI)), which the symlink beside the library provides in the tree.
native:
	$(CARGO) build --release -p ferrule-capi -p ferrule-testing
	ln -sf libferrule.so $(RELEASE)/libferrule.so.$(FERRULE_ABI)
	cp $(LIBFERRULE) python/ferrule/libferrule.so

# The CPython extension ferrule._ferrule, installed into the venv in development mode.
python-ext: native venv
	VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin develop --release

# The wheel (dist/ferrule-*-cp3XX-*-manylinux_2_N_x86_64.whl) for the venv's CPython, through the
# build backend pip uses (tools/pep517), with this tree's libferrule: what `pip wheel .` builds.
wheel: native venv
	FERRULE_LIBFERRULE=$(abspath $(LIBFERRULE)) $(VENV_PY) -m pip wheel --no-deps --no-build-isolation \
	  --disable-pip-version-check -w dist .

# ---- install (C and Go) ---------------------------------------------------------------------------

# make install PREFIX=... [DESTDIR=...]: include/ferrule/*.h; libferrule.so.$(FERRULE_VERSION) with
# its SONAME link (libferrule.so.$(FERRULE_ABI)) and development link (libferrule.so);
# libferrule.a; pkg-config files ferrule.pc (shared; the link records PREFIX/lib as run path) and
# ferrule-static.pc (libferrule.a). The installed libraries carry no debug info: it goes to
# lib/.debug/*.debug (gdb finds it there through the library's .gnu_debuglink).
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
OBJCOPY ?= objcopy
SHARED_NAME := libferrule.so.$(FERRULE_VERSION)
install: native
	@case "$(PREFIX)" in /*) ;; *) echo "make install: PREFIX must be an absolute path (got '$(PREFIX)')" >&2; exit 1;; esac
	install -d $(DESTDIR)$(INCLUDEDIR)/ferrule $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/.debug
	install -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)/ferrule/
	$(OBJCOPY) --only-keep-debug $(LIBFERRULE) $(DESTDIR)$(LIBDIR)/.debug/$(SHARED_NAME).debug
	cd $(DESTDIR)$(LIBDIR) && $(OBJCOPY) --strip-debug --add-gnu-debuglink=.debug/$(SHARED_NAME).debug \
	  $(abspath $(LIBFERRULE)) $(SHARED_NAME).tmp && chmod 755 $(SHARED_NAME).tmp && mv -f $(SHARED_NAME).tmp $(SHARED_NAME)
	ln -sf $(SHARED_NAME) $(DESTDIR)$(LIBDIR)/libferrule.so.$(FERRULE_ABI)
	ln -sf libferrule.so.$(FERRULE_ABI) $(DESTDIR)$(LIBDIR)/libferrule.so
	$(OBJCOPY) --strip-debug $(RELEASE)/libferrule.a $(DESTDIR)$(LIBDIR)/libferrule.a
	$(call write_pc,$(DESTDIR)$(LIBDIR)/pkgconfig/ferrule.pc,$(PREFIX),$(INCLUDEDIR),$(LIBDIR),-L$${libdir} -Wl$(comma)-rpath$(comma)$${libdir} -lferrule,)
	$(call write_pc,$(DESTDIR)$(LIBDIR)/pkgconfig/ferrule-static.pc,$(PREFIX),$(INCLUDEDIR),$(LIBDIR),$${libdir}/libferrule.a -lm -ldl -lpthread, (static: libferrule.a))
	@echo "installed ferrule $(FERRULE_VERSION) into $(DESTDIR)$(PREFIX); for pkg-config: PKG_CONFIG_PATH=$(LIBDIR)/pkgconfig"

comma := ,
# $(call write_pc,FILE,PREFIX,INCLUDEDIR,LIBDIR,LIBS,NAME-SUFFIX)
define write_pc
printf '%s\n' \
  'prefix=$(2)' \
  'includedir=$(3)' \
  'libdir=$(4)' \
  '' \
  'Name: ferrule$(6)' \
  'Description: ferrule tensor runtime: the packed-function C ABI (ferrule/ferrule.h, ferrule/ops.h)' \
  'Version: $(FERRULE_VERSION)' \
  'Cflags: -I$${includedir}' \
  'Libs: $(5)' > $(1)
endef

# The example plugins: target/release/libferrule_example_plugin.so (Rust, on ferrule-plugin) and
# target/examples/libferrule_plugin_c.so (C). Neither links libferrule: `-z defs` fails the C
# link if the plugin calls anything but its API table and libc.
plugins: plugin-rust $(EXAMPLE_C_PLUGIN_SO)

plugin-rust:
	$(CARGO) build --release -p ferrule-example-plugin

$(EXAMPLE_C_PLUGIN_SO): examples/plugin-c/ferrule_plugin_c.c $(HEADERS)
	@mkdir -p $(EXAMPLES_OUT)
	$(CC) $(C_FLAGS) -fPIC -shared -Wl,-z,defs $< -o $@

# target/pkgconfig/ferrule.pc: compile a C program against this checkout with
#   PKG_CONFIG_PATH=$PWD/target/pkgconfig cc my.c $(pkg-config --cflags --libs ferrule)
# (Libs carries an rpath to target/release, so the program runs without LD_LIBRARY_PATH.)
pkgconfig: $(PKGCONFIG_DIR)/ferrule.pc

$(PKGCONFIG_DIR)/ferrule.pc: Makefile Cargo.toml
	@mkdir -p $(PKGCONFIG_DIR)
	printf '%s\n' \
	  'prefix=$(CURDIR)' \
	  'includedir=$${prefix}/include' \
	  'libdir=$${prefix}/$(RELEASE)' \
	  '' \
	  'Name: ferrule' \
	  'Description: ferrule tensor runtime: the packed-function C ABI (ferrule/ferrule.h, ferrule/ops.h)' \
	  'Version: $(FERRULE_VERSION)' \
	  'Cflags: -I$${includedir}' \
	  'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lferrule' > $@

# go/ferrule.h and go/dlpack.h: the headers the Go module carries (so that `go mod vendor` keeps
# them), rewritten from include/ferrule; go test's TestHeadersMatchInclude fails when they drift.
go-headers:
	cd go && $(GO) test -tags $(GO_TAGS) -count=1 -run '^TestHeadersMatchInclude$$' . -args -update-headers

# The ABI of ferrule.h as the C compiler lays it out (tests/c/abi_table.c): every struct's size and
# every field's offset, and every constant, as JSON. The Rust, Python and Go tests compare their
# declarations with it field by field (crates/ferrule-sys/tests/abi_layout.rs,
# python/tests/test_abi_layout.py, go/abi_layout_test.go); the program fails when its list of a
# struct's fields does not cover the struct. Needs only the headers.
ABI_TABLE := target/abi/layout.json
abi-table: $(ABI_TABLE)

$(ABI_TABLE): tests/c/abi_table.c $(HEADERS)
	@mkdir -p $(BUILD) $(dir $@)
	$(CC) $(C_FLAGS) $< -o $(BUILD)/abi_table
	$(BUILD)/abi_table > $@.tmp && mv $@.tmp $@

# ($(BUILD) is also the name of a phony target, so the directory is made in the recipes.)
$(BUILD)/abi_layout: tests/c/abi_layout.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# Misuse of the ABI (DLPack failures, impossible sizes, callbacks breaking the convention, ...).
$(BUILD)/abi_contracts: tests/c/abi_contracts.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) -pthread $< $(C_LIBS) -o $@

$(BUILD)/registry_demo: examples/c/registry_demo.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# Compiled exactly as README's C section says, through the pkg-config file: this tests both.
$(BUILD)/tensor_ops: examples/c/tensor_ops.c $(HEADERS) $(LIBFERRULE) $(PKGCONFIG_DIR)/ferrule.pc
	@mkdir -p $(BUILD)
	flags=$$(PKG_CONFIG_PATH=$(abspath $(PKGCONFIG_DIR)) $(PKG_CONFIG) --cflags --libs ferrule); \
	$(CC) -std=c11 -Wall -Wextra -Werror $< $$flags -o $@

# ops.getitem / ops.setitem through the index encoding: a tuple and an integer-array index differ.
$(BUILD)/indexing: tests/c/indexing.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# ops.isin (2025.12) through the generated C wrapper.
$(BUILD)/isin: tests/c/isin.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -lm -o $@

# Autograd from C: hand-computed gradients, grad(), the grad mode, errors, two threads at once.
$(BUILD)/autograd: tests/c/autograd.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) -pthread $< $(C_LIBS) -o $@

# The profiler from C: start/stop/export/table/ranges, what a C call records, and misuse.
$(BUILD)/profiler_test: tests/c/profiler.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# ferrule_save / ferrule_load (include/ferrule/io.h): files Python wrote, round trips, errors.
$(BUILD)/io: tests/c/io.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# FerruleGenerator (include/ferrule/random.h): the same numbers as Python's default_rng(42).
$(BUILD)/random: tests/c/random.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

$(BUILD)/plugins_test: tests/c/plugins.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# ---- tests -------------------------------------------------------------------------------------

# Prerequisites run left to right: everything is built before the first test runs.
test: build lint test-codegen test-rust fuzz-c-check test-c test-python test-go test-packaging

# Installing as a user would, in temporary directories outside the checkout (tests/packaging/run.sh):
# `pip wheel .` into a fresh venv of each CPython 3.10-3.13 present, with a smoke test there;
# `make install` into a prefix (target/packaging/prefix), then the C example and a Go program
# (vendored and not) against it, by pkg-config only;
# the Go plugin loaded from the installed Python package and from C; the missing-library errors.
# The wheels reuse this tree's libferrule (one build); each CPython has its own cargo target
# directory under target/wheel-builds, so a rerun recompiles nothing.
test-packaging: native plugins venv
	GO=$(GO) CC=$(CC) PKG_CONFIG=$(PKG_CONFIG) MAKE=$(MAKE) bash tests/packaging/run.sh

# ---- formatting --------------------------------------------------------------------------------

# The formatters' own files: rustfmt.toml, .clang-format, [tool.ruff] in pyproject.toml. Generated
# files (ferrule-codegen's output), the vendored include/ferrule/dlpack.h and the Go module's
# copies of the headers (go/*.h, `make go-headers`) are left alone.
C_FORMATTED := $(filter-out include/ferrule/ops.h include/ferrule/dlpack.h go/ferrule.h go/dlpack.h,$(shell git ls-files '*.c' '*.h' '*.cpp' 2>/dev/null))
PY_FORMATTED := python benches tools examples go/testdata fuzz tests/packaging

# Formats the whole tree in place.
fmt: venv
	$(CARGO) fmt --all
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml
	$(VENV)/bin/ruff check --fix $(PY_FORMATTED)
	$(VENV)/bin/ruff format $(PY_FORMATTED)
	$(VENV)/bin/clang-format -i $(C_FORMATTED)
	$(GOFMT) -w go

# Fails on anything `make fmt` would change, on ruff's lints, and on an import cycle or upward
# import among Rust modules (tools/check_imports.py: ferrule-python's floors, ferrule-ops).
lint: venv
	$(VENV_PY) tools/check_imports.py
	$(CARGO) fmt --all --check
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml --check
	$(CARGO) fmt --manifest-path benches/python/peers/pyo3/Cargo.toml --check
	$(VENV)/bin/ruff format --check $(PY_FORMATTED)
	$(VENV)/bin/ruff check $(PY_FORMATTED)
	$(VENV)/bin/clang-format --dry-run -Werror $(C_FORMATTED)
	@unformatted=$$($(GOFMT) -l go); if [ -n "$$unformatted" ]; then echo "gofmt: not formatted: $$unformatted" >&2; exit 1; fi

# Release, so the libferrule and plugin builds above are reused; every crate runs even after a
# failure, so one run shows them all.
# ferrule-python is a cdylib that links against the interpreter loading it: it has no Rust tests
# to link, but clippy checks it with the rest.
RUST_SKIP := --exclude ferrule-python
test-rust: abi-table
	$(CARGO) test --workspace $(RUST_SKIP) --release --no-fail-fast
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Generated files (schema/ops.yaml -> Rust, Python, C, Go) must match the schema.
test-codegen:
	$(CARGO) run --release -q -p ferrule-codegen -- --check

# The Go module links libferrule through pkg-config by default (an installed prefix); this
# repository's own Go tests and examples use the tag ferrule_intree (target/release/libferrule.a).
GO_TAGS := ferrule_intree

# The Go plugin (go/examples/plugin, on package go/plugin): Go functions that Python
# (python/tests/test_go_plugin.py, which also builds it when missing) and C (tests/c/go_plugin.c)
# load and call. The tag ferrule_plugin links no libferrule: the plugin calls the host's through the
# API table it is handed, so a process has one libferrule whichever frontend loaded the plugin.
GO_PLUGIN := $(BUILD)/libferrule_go_plugin.so
.PHONY: go-plugin
go-plugin:
	@mkdir -p $(BUILD)
	cd go && $(GO) build -buildmode=c-shared -tags ferrule_plugin -o ../$(GO_PLUGIN) ./examples/plugin

# -count=1: go's test cache does not notice libferrule.a changing. The last go test is the
# Close/cleanup stress test under the race detector, with every native release accounted per
# handle (build tag ferrule_stress; see go/stress_test.go).
test-go: native go-plugin abi-table
	cd go && $(GO) vet -tags $(GO_TAGS) ./...
	cd go && $(GO) vet -tags ferrule_plugin ./...
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -count=1 -tags $(GO_TAGS) ./...
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -count=1 -tags $(GO_TAGS),ferrule_debug ./...
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -count=1 -race -tags $(GO_TAGS),ferrule_stress -run '^TestStress' .
	$(CC) $(C_FLAGS) tests/c/go_plugin.c $(C_LIBS) -o $(BUILD)/go_plugin
	$(BUILD)/go_plugin $(GO_PLUGIN) $(TESTING_PLUGIN)

test-c: native abi-table
	$(MAKE) --no-print-directory $(BUILD)/abi_layout $(BUILD)/abi_contracts $(BUILD)/registry_demo
	$(BUILD)/abi_layout
	$(BUILD)/abi_contracts $(TESTING_PLUGIN)
	$(BUILD)/registry_demo $(TESTING_PLUGIN)
	$(MAKE) --no-print-directory $(BUILD)/tensor_ops $(BUILD)/plugins_test $(BUILD)/indexing $(BUILD)/isin $(BUILD)/autograd $(BUILD)/profiler_test $(BUILD)/io $(BUILD)/random
	$(BUILD)/tensor_ops
	$(BUILD)/indexing
	$(BUILD)/isin
	$(BUILD)/autograd
	$(BUILD)/profiler_test $(BUILD)/profiler-test.json
	$(BUILD)/io go/testdata/io
	$(BUILD)/random tests/data/rng-seed42.json
	$(BUILD)/plugins_test $(FERRULE_EXAMPLE_RUST_PLUGIN) $(FERRULE_EXAMPLE_C_PLUGIN)

# Every language's tests load the example plugins too.
test-c test-python test-go: plugins

# The suite runs in PYTEST_WORKERS processes (pytest-xdist), each test file whole in one of them, in
# its order: most tests run on one core, and two processes take a 2-core machine's run from 172 s
# to 112 s. PYTEST_WORKERS=0 runs it in this process.
PYTEST_WORKERS ?= 2
test-python: python-ext abi-table
	FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(VENV_PY) -m pytest python/tests -q -n $(PYTEST_WORKERS) --dist loadfile
	$(VENV_PY) -m mypy.stubtest ferrule --allowlist python/stubtest-allowlist.txt
	$(VENV_PY) -m mypy --strict examples/python

# ---- property tests, fuzzers, sanitizers (docs/testing.md) ------------------------------------------

# `make test` draws the same property-test examples on every run (python/tests/conftest.py,
# .cargo/config.toml). This draws new ones, with a bigger budget: proptest with a random seed
# (printed: PROPTEST_RNG_SEED=<it> reruns the same cases) and PROPTEST_CASES cases per test,
# hypothesis's "explore" profile (random, 10x the examples, failures kept in .hypothesis/).
# A failure it finds becomes a fixed example: docs/testing.md says how.
EXPLORE_CASES ?= 512
test-explore: build abi-table
	@seed=$${PROPTEST_RNG_SEED:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	  echo "proptest: PROPTEST_RNG_SEED=$$seed PROPTEST_CASES=$(EXPLORE_CASES)"; \
	  PROPTEST_RNG_SEED=$$seed PROPTEST_CASES=$(EXPLORE_CASES) \
	  $(CARGO) test --workspace $(RUST_SKIP) --release --no-fail-fast
	HYPOTHESIS_PROFILE=explore FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(VENV_PY) -m pytest python/tests -q

# The Python API fuzzer (python/tests/test_api_fuzz.py) with new random calls until FUZZ_SECONDS
# have passed (`make test` runs a fixed, derandomized 6000 calls).
FUZZ_SECONDS ?=
fuzz: python-ext plugins
	HYPOTHESIS_PROFILE=explore FERRULE_FUZZ_SECONDS=$(or $(FUZZ_SECONDS),600) FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) \
	  $(VENV_PY) -m pytest python/tests/test_api_fuzz.py::test_api_fuzz -q

# The C ABI fuzzers (fuzz/: libFuzzer through cargo-fuzz, nightly Rust, AddressSanitizer), each for
# FUZZ_SECONDS (default 60), from the committed seeds (fuzz/corpus/<target>) plus what earlier runs
# found (target/fuzz-corpus/<target>, where new inputs go). A crash leaves its input in
# fuzz/artifacts/<target>/; `cargo +nightly fuzz run --fuzz-dir fuzz <target> <file>` replays it.
# cargo-fuzz is installed, pinned, under target/tools on first use.
CARGO_FUZZ_VERSION := 0.13.2
CARGO_FUZZ := target/tools/bin/cargo-fuzz
FUZZ_TARGETS := capi dlpack
# libFuzzer: a 10 s limit per input; allocations past 2 GiB fail (as on a small machine) instead
# of counting as the fuzzer running out of memory.
FUZZ_FLAGS := -timeout=10 -rss_limit_mb=4096 -malloc_limit_mb=4096
fuzz-c: $(CARGO_FUZZ)
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p target/fuzz-corpus/$$t; \
	  ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=2048 PATH=$(abspath target/tools/bin):$$PATH \
	  $(CARGO) +nightly fuzz run --fuzz-dir fuzz --target-dir target/fuzz -O $$t target/fuzz-corpus/$$t fuzz/corpus/$$t \
	    -- -max_total_time=$(or $(FUZZ_SECONDS),60) $(FUZZ_FLAGS) || exit 1; \
	done

$(CARGO_FUZZ):
	$(CARGO) +nightly install cargo-fuzz --version =$(CARGO_FUZZ_VERSION) --locked --root target/tools

# What `make test` checks of the fuzzers: the targets still compile against the current API and
# pass clippy (on the stable toolchain, right after the workspace's own clippy, whose checked
# dependencies it reuses: no sanitizer, no libFuzzer C++ build or link).
fuzz-c-check:
	$(CARGO) clippy --manifest-path fuzz/Cargo.toml --target-dir target --no-default-features --bins -- -D warnings

# AddressSanitizer + LeakSanitizer (nightly Rust's -Zsanitizer=address, into target/asan): libferrule,
# the testing and example plugins and the Python extension; the C tests and the Python suite run
# against them. C programs link gcc's ASan runtime; Python gets it through LD_PRELOAD, with the
# interpreter's own leaks suppressed (tools/lsan-python.supp says why for each). PYTHONMALLOC=malloc:
# Python's objects are ASan-checked memory too (and LeakSanitizer can follow pointers through them).
SAN_TARGET := target/asan
SAN_RELEASE := $(SAN_TARGET)/x86_64-unknown-linux-gnu/asan
SAN_PY := $(SAN_TARGET)/python
ASAN_RUNTIME = $(shell $(CC) -print-file-name=libasan.so)
SAN_C_FLAGS := -std=c11 -Wall -Wextra -Werror -Iinclude -fsanitize=address -fno-omit-frame-pointer -g
SAN_C_LIBS := -L$(SAN_RELEASE) -lferrule -Wl,-rpath,$(abspath $(SAN_RELEASE))
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:max_allocation_size_mb=8192:detect_stack_use_after_return=0$(SAN_EXTRA_OPTIONS) \
  LSAN_OPTIONS=suppressions=$(abspath tools/lsan-python.supp):print_suppressions=0 \
  FERRULE_TESTING_PLUGIN=$(abspath $(SAN_RELEASE)/libferrule_testing.so) \
  FERRULE_EXAMPLE_RUST_PLUGIN=$(abspath $(SAN_RELEASE)/libferrule_example_plugin.so) \
  FERRULE_EXAMPLE_C_PLUGIN=$(abspath $(SAN_TARGET)/libferrule_plugin_c.so)
# The Python tests left out under the sanitizer: test_go_plugin builds a Go plugin that links the
# regular libferrule (two libferrules in one process); the API fuzzer caps its workers' address
# space, which ASan's shadow memory cannot live under (it runs without the cap, see runner.py, but
# its 6000 calls cost minutes there: SAN_PYTEST_ARGS= runs it too).
# test_million_calls_do_not_leak and test_training_steps_keep_rss_flat measure the process's
# memory, which ASan's quarantine of freed blocks makes grow (LeakSanitizer checks leaks instead).
# test_jax: jaxlib's prebuilt libraries fail an ASan runtime check when their C++ exceptions pass
# the preloaded runtime's __cxa_throw interceptor (CHECK failed in CheckUnwind, at `import jax`'s
# plugin discovery), an abort inside jaxlib that no ferrule code is on the stack of.
SAN_PYTEST_ARGS ?= --ignore=python/tests/test_go_plugin.py --ignore=python/tests/test_jax.py --deselect python/tests/test_api_fuzz.py::test_api_fuzz \
  --deselect python/tests/test_leaks.py::test_million_calls_do_not_leak \
  --deselect python/tests/test_leaks.py::test_training_steps_keep_rss_flat
test-sanitize: venv abi-table
	RUSTFLAGS="-Zsanitizer=address -Cforce-frame-pointers=yes" PYO3_PYTHON=$(abspath $(VENV_PY)) PYO3_BUILD_EXTENSION_MODULE=1 \
	  $(CARGO) +nightly build --profile asan \
	  --target x86_64-unknown-linux-gnu --target-dir $(SAN_TARGET) \
	  -p ferrule-capi -p ferrule-testing -p ferrule-example-plugin -p ferrule-python
	ln -sf libferrule.so $(SAN_RELEASE)/libferrule.so.$(FERRULE_ABI)
	$(CC) $(C_FLAGS) -fsanitize=address -fPIC -shared examples/plugin-c/ferrule_plugin_c.c -o $(SAN_TARGET)/libferrule_plugin_c.so
	@mkdir -p $(SAN_TARGET)/bin
	for t in abi_layout plugins indexing isin autograd profiler io random; do \
	  $(CC) $(SAN_C_FLAGS) -pthread tests/c/$$t.c $(SAN_C_LIBS) -lm -o $(SAN_TARGET)/bin/$$t; done
	$(CC) $(SAN_C_FLAGS) examples/c/registry_demo.c $(SAN_C_LIBS) -o $(SAN_TARGET)/bin/registry_demo
	$(CC) $(SAN_C_FLAGS) examples/c/tensor_ops.c $(SAN_C_LIBS) -o $(SAN_TARGET)/bin/tensor_ops
	$(SAN_ENV) $(SAN_TARGET)/bin/abi_layout
	$(SAN_ENV) $(SAN_TARGET)/bin/registry_demo $(abspath $(SAN_RELEASE)/libferrule_testing.so)
	$(SAN_ENV) $(SAN_TARGET)/bin/tensor_ops
	$(SAN_ENV) $(SAN_TARGET)/bin/indexing
	$(SAN_ENV) $(SAN_TARGET)/bin/isin
	$(SAN_ENV) $(SAN_TARGET)/bin/autograd
	$(SAN_ENV) $(SAN_TARGET)/bin/profiler $(SAN_TARGET)/profiler-test.json
	$(SAN_ENV) $(SAN_TARGET)/bin/io go/testdata/io
	$(SAN_ENV) $(SAN_TARGET)/bin/random tests/data/rng-seed42.json
	$(SAN_ENV) $(SAN_TARGET)/bin/plugins $(abspath $(SAN_RELEASE)/libferrule_example_plugin.so) $(abspath $(SAN_TARGET)/libferrule_plugin_c.so)
	rm -rf $(SAN_PY) && mkdir -p $(SAN_PY) && cp -r python/ferrule $(SAN_PY)/ && rm -f $(SAN_PY)/ferrule/*.so
	cp $(SAN_RELEASE)/libferrule.so $(SAN_PY)/ferrule/libferrule.so
	cp $(SAN_RELEASE)/lib_ferrule.so $(SAN_PY)/ferrule/_ferrule$$($(VENV_PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
	$(SAN_ENV) LD_PRELOAD=$(ASAN_RUNTIME) PYTHONMALLOC=malloc PYTHONPATH=$(abspath $(SAN_PY)) \
	  $(VENV_PY) -m pytest python/tests -q -p no:cacheprovider $(SAN_PYTEST_ARGS)

# ---- examples and benchmarks -------------------------------------------------------------------

# One example per scenario ferrule is built for, in its own language, under a banner each. Every example checks what it prints, so a regression fails `make demo`; every
# examples/python/*.py must be in DEMO_PYTHON (the first step fails otherwise). The echoed
# command lines are how to run an example alone (from go/ for `go run`).
DEMO_PYTHON := eager_loop geo_threads native_callbacks registry_tour tensor_identity go_plugin plugins train_digits dask_cluster profile_mixed
# What the training examples write: the digits split for Go, both loss curves (docs/training.png).
DEMO_OUT := target/demo
demo: export FERRULE_TESTING_PLUGIN := $(TESTING_PLUGIN)
demo: export FERRULE_GO_PLUGIN := $(abspath $(GO_PLUGIN))
demo: build go-plugin
	@missing=$$(for f in examples/python/*.py; do n=$$(basename "$$f" .py); \
	  case " $(DEMO_PYTHON) " in *" $$n "*) ;; *) echo "$$f";; esac; done); \
	  if [ -n "$$missing" ]; then echo "make demo: not in DEMO_PYTHON: $$missing" >&2; exit 1; fi
	@$(MAKE) --no-print-directory $(BUILD)/registry_demo $(BUILD)/tensor_ops
	@echo; echo "== the eager loop: tensors from numpy, matmul, name, keyword arguments, native errors"
	$(VENV_PY) examples/python/eager_loop.py
	@echo; echo "== GIL release: geo_distance from 1 and 2 Python threads run in parallel"
	$(VENV_PY) examples/python/geo_threads.py
	@echo; echo "== native services: callbacks from native threads, non-UTF-8 bytes, zero-copy with numpy"
	$(VENV_PY) examples/python/native_callbacks.py
	@echo; echo "== the function registry: list, call by name, Python callbacks, init_api, the ctypes frontend"
	$(VENV_PY) examples/python/registry_tour.py
	@echo; echo "== autograd: a 64-64-10 MLP trained on the digits dataset (held-out accuracy per epoch)"
	$(VENV_PY) examples/python/train_digits.py --curve $(DEMO_OUT)/python_curve.json --export $(DEMO_OUT)/digits.json
	@echo; echo "== autograd from Go: the same model, split and initial weights, trained by a Go program"
	cd go && $(GO) run -tags $(GO_TAGS) ./examples/train -data ../$(DEMO_OUT)/digits.json -curve ../$(DEMO_OUT)/go_curve.json
	$(VENV_PY) tools/plot_training.py $(DEMO_OUT)/python_curve.json $(DEMO_OUT)/go_curve.json -o docs/training.png
	@echo; echo "== Dask: a 4 GiB array of ferrule tensor blocks reduced and normalised on a 2-worker local cluster"
	$(VENV_PY) examples/python/dask_cluster.py
	@echo; echo "== tensor identity and PyObject preservation"
	$(VENV_PY) examples/python/tensor_identity.py
	@echo; echo "== Go over the C ABI: a Go program: ferrule.MM, errors as values, the registry"
	cd go && $(GO) run -tags $(GO_TAGS) ./examples/matmul
	@echo; echo "== Go and Python in one registry: Go code calling Python-registered functions (Python hosts the Go plugin)"
	$(VENV_PY) examples/python/go_plugin.py
	@echo; echo "== C: the registry from C (a plugin, errors, a C callback)"
	$(BUILD)/registry_demo $(TESTING_PLUGIN)
	@echo; echo "== C: operators from C (ferrule/ops.h), errors, a registered C function"
	$(BUILD)/tensor_ops
	@echo; echo "== plugins: the Rust and C example plugins loaded from Python"
	$(VENV_PY) examples/python/plugins.py
	@echo; echo "== plugins: the Rust and C example plugins loaded from Go"
	cd go && $(GO) run -tags $(GO_TAGS) ./examples/plugins
	@echo; echo "== the profiler: Python ops, a Go plugin function and geo_distance threads in one trace (target/demo/)"
	$(VENV_PY) examples/python/profile_mixed.py
	@echo; echo "== make demo: every example passed"

bench-go: native
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -tags $(GO_TAGS) -run '^$$' -bench . -benchmem ./...

# Runs the Python, Go and Rust benchmarks and writes docs/benchmarks.md, docs/benchmarks.png and the
# headline table in README.md (benches/report.py). `make bench BENCH_FLAGS=--quick`: a fast,
# noisy run that checks the pipeline. The profiler's cost when compiled in and off
# (benches/python/bench_profiler.py) is measured against $(BENCH_BASELINE): this tree built with
# ferrule-core's profiler-compiled-out feature in a target directory of its own (the first build
# takes as long as `make build`), laid out as a checkout (python/ferrule, target/release); set
# FERRULE_BENCH_BASELINE=<a built ferrule checkout> to compare with another build instead.
# matplotlib (for the chart) comes from requirements-bench.txt, installed here only: `make test`
# does not need it.
BENCH_FLAGS ?=
BENCH_BASELINE := target/bench-baseline
bench: build bench-baseline $(VENV)/.bench-requirements.stamp
	FERRULE_BENCH_BASELINE=$${FERRULE_BENCH_BASELINE:-$(abspath $(BENCH_BASELINE))} \
	  FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) GO=$(GO) GO_TAGS=$(GO_TAGS) CARGO=$(CARGO) $(VENV_PY) benches/report.py $(BENCH_FLAGS)

bench-baseline: build
	$(CARGO) build --release -p ferrule-capi -p ferrule-testing --features ferrule-core/profiler-compiled-out \
	  --target-dir $(BENCH_BASELINE)/cargo
	rm -rf $(BENCH_BASELINE)/python $(BENCH_BASELINE)/target
	mkdir -p $(BENCH_BASELINE)/python $(BENCH_BASELINE)/target/release
	cp -r python/ferrule $(BENCH_BASELINE)/python/
	cp $(BENCH_BASELINE)/cargo/release/libferrule.so $(BENCH_BASELINE)/python/ferrule/libferrule.so
	cp $(BENCH_BASELINE)/cargo/release/libferrule_testing.so $(BENCH_BASELINE)/target/release/

$(VENV)/.bench-requirements.stamp: requirements-bench.txt $(VENV)/.requirements.stamp
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

# ---- cleaning ----------------------------------------------------------------------------------

clean:
	$(CARGO) clean
	rm -rf $(BUILD) dist python/ferrule/*.so

# Also drops the Python environment.
distclean: clean
	rm -rf $(VENV)
