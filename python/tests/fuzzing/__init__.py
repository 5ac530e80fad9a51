"""The API fuzzer: every public callable of the ``ferrule`` package, called with odd and wrong
arguments in a child process (see docs/testing.md and python/tests/test_api_fuzz.py).

- :mod:`fuzzing.catalog` finds the targets by walking the package;
- :mod:`fuzzing.values` and :mod:`fuzzing.calls` draw the calls (hypothesis strategies);
- :mod:`fuzzing.prelude` is what every call (and every printed reproducer) starts from;
- :mod:`fuzzing.worker` runs calls in the child, :mod:`fuzzing.runner` watches it;
- :mod:`fuzzing.known` lists the failures known today, each tied to its issue finding.
"""
