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

.PHONY: all venv build native python-ext test test-rust test-c test-python demo bench clean distclean

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
test: build test-rust test-c test-python

# Release, so the libferrule and plugin builds above are reused.
test-rust:
	$(CARGO) test --workspace --exclude ferrule-python --release
	$(CARGO) clippy --workspace --exclude ferrule-python --all-targets -- -D warnings

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

bench: build
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
