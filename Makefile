# ferrule — build, test and demo entry points (GNU make).
#
#   make test    build everything, then run the Rust, C and Python tests
#   make demo    build everything, then run every example (C and Python)
#
# Needs only the toolchains: Rust >= 1.85 (cargo), Python 3.11, a C compiler, make. The Python
# tools (maturin, pytest, numpy, ...) are installed into $(VENV) from requirements-dev.txt.

CARGO ?= cargo
PYTHON ?= python3
CC ?= cc
GO ?= go

VENV := .venv
VENV_PY := $(VENV)/bin/python
BUILD := build
RELEASE := target/release
LIBFERRULE := $(RELEASE)/libferrule.so
TESTING_PLUGIN := $(abspath $(RELEASE)/libferrule_testing.so)

C_FLAGS := -std=c11 -Wall -Wextra -Werror -Iinclude
C_LIBS := -L$(RELEASE) -lferrule -Wl,-rpath,$(abspath $(RELEASE))
HEADERS := $(wildcard include/ferrule/*.h)

SHELL := bash
.SHELLFLAGS := -euo pipefail -c

.PHONY: all venv build native python-ext test test-rust test-codegen test-c test-python test-go demo bench bench-go clean distclean

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

# libferrule (cdylib + staticlib) and the testing.* plugin; the Python package ships its own
# copy of libferrule beside the extension module.
native:
	$(CARGO) build --release -p ferrule-capi -p ferrule-testing
	cp $(LIBFERRULE) python/ferrule/libferrule.so

# The CPython extension ferrule._ferrule, installed into the venv in development mode.
python-ext: native venv
	VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin develop --release

# ($(BUILD) is also the name of a phony target, so the directory is made in the recipes.)
$(BUILD)/abi_layout: tests/c/abi_layout.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

$(BUILD)/registry_demo: examples/c/registry_demo.c $(HEADERS) $(LIBFERRULE)
	@mkdir -p $(BUILD)
	$(CC) $(C_FLAGS) $< $(C_LIBS) -o $@

# ---- tests -------------------------------------------------------------------------------------

# Prerequisites run left to right: everything is built before the first test runs.
test: build test-codegen test-rust test-c test-python test-go

# Release, so the libferrule and plugin builds above are reused; every crate runs even after a
# failure, so one run shows them all.
RUST_SKIP := --exclude ferrule-python
test-rust:
	$(CARGO) test --workspace $(RUST_SKIP) --release --no-fail-fast
	$(CARGO) clippy --workspace $(RUST_SKIP) --all-targets -- -D warnings

# Generated files (schema/ops.yaml -> Rust, Python, C, Go) must match the schema.
test-codegen:
	$(CARGO) run --release -q -p ferrule-codegen -- --check

# -count=1: go's test cache does not notice libferrule.a changing.
test-go: native
	cd go && $(GO) vet ./...
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -count=1 ./...
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -count=1 -tags ferrule_debug ./...

test-c: native
	$(MAKE) --no-print-directory $(BUILD)/abi_layout $(BUILD)/registry_demo
	$(BUILD)/abi_layout
	$(BUILD)/registry_demo $(TESTING_PLUGIN)

test-python: python-ext
	FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(VENV_PY) -m pytest python/tests -q

# ---- examples and benchmarks -------------------------------------------------------------------

demo: build
	$(MAKE) --no-print-directory $(BUILD)/registry_demo
	$(BUILD)/registry_demo $(TESTING_PLUGIN)
	for example in examples/python/*.py; do \
	  [ -e "$$example" ] || continue; \
	  echo "== $$example"; \
	  FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(VENV_PY) "$$example"; \
	done

bench-go: native
	cd go && FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(GO) test -run '^$$' -bench . -benchmem ./...

bench: build bench-go
	for bench in benches/python/*.py; do \
	  [ -e "$$bench" ] || continue; \
	  echo "== $$bench"; \
	  FERRULE_TESTING_PLUGIN=$(TESTING_PLUGIN) $(VENV_PY) "$$bench"; \
	done

# ---- cleaning ----------------------------------------------------------------------------------

clean:
	$(CARGO) clean
	rm -rf $(BUILD) python/ferrule/*.so

# Also drops the Python environment.
distclean: clean
	rm -rf $(VENV)
