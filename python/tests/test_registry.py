"""The global registry from Python: listing, lookup, registration, init_api, introspection.

Every test taking ``frontend`` (or ``testing``) runs against both the extension and ctypes.
"""

from __future__ import annotations

import inspect
import pydoc
import sys
import types

import ferrule
import ferrule.ffi as ffi
import pytest

FRONTENDS = ("extension", "ctypes")


def test_rust_plugin_and_python_functions_are_all_listed(frontend, fresh_name):
    frontend.register_func(fresh_name, lambda: 1)
    names = frontend.list_global_func_names()
    assert names == sorted(names)
    for name in ["runtime.version", "demo.add", "demo.scale", "testing.echo", "testing.apply", fresh_name]:
        assert name in names


def test_rust_functions_are_callable(frontend):
    assert frontend.get_global_func("demo.add")(1, 2) == 3
    assert isinstance(frontend.get_global_func("runtime.version")(), str)
    assert frontend.get_global_func("runtime.live_object_count")() >= 0


def test_plugin_functions_are_callable(testing):
    assert testing.add_int(40, 2) == 42
    assert testing.nop() is None
    assert testing.nop(1, "two", [3]) is None
    # a str read as UTF-8 in place and a bytes: 6 + 2 bytes
    assert testing.text_len("h\u00e9llo", b"ab") == 8
    with pytest.raises(TypeError, match="text_len"):
        testing.text_len(b"ab", "h\u00e9llo")


@pytest.mark.parametrize("length", range(12))
def test_short_str_and_bytes_round_trip_at_every_length(testing, length):
    """Up to 8 bytes travel inside the value (packed from the str's UTF-8 or the bytes in place);
    longer ones, and a str holding a NUL, as objects: each length reads back exactly."""
    ascii_text = "abcdefghijkl"[:length]
    texts = [ascii_text, "\u00e9" * (length // 2) + "x" * (length % 2), "\x00" * length, ascii_text[:-1] + "\x00"]
    for text in texts:
        assert testing.echo(text) == text
        assert testing.text_len(text, b"") == len(text.encode())
    data = bytes(range(250, 250 - length, -1)) + b"\x00"
    for blob in (data[:length], b"\x00" * length, data[1 : length + 1]):
        assert testing.echo(blob) == blob
        assert testing.text_len("", blob) == len(blob)


def test_python_function_called_through_registry(frontend, fresh_name):
    @frontend.register_func(fresh_name)
    def mul(a: int, b: int = 3) -> int:
        """Multiplies."""
        return a * b

    f = frontend.get_global_func(fresh_name)
    assert f(2, 5) == 10
    assert f(2) == 6
    assert f(a=4) == 12
    assert mul(1, 1) == 1  # the decorator returns the function itself


def test_register_plain_call_form(frontend, fresh_name):
    def f(x):
        return x + 1

    assert frontend.register_func(fresh_name, f) is f
    assert frontend.get_global_func(fresh_name)(1) == 2


def test_native_code_calls_python_function(testing):
    calls = []

    def f(a, b):
        calls.append((a, b))
        return a + b

    assert testing.apply(f, 1, 2) == 3
    assert calls == [(1, 2)]


def test_registered_python_function_called_by_native_code(frontend, testing, fresh_name):
    frontend.register_func(fresh_name, lambda s: s.upper())
    assert testing.apply(frontend.get_global_func(fresh_name), "abc") == "ABC"


def test_unknown_name_raises_key_error(frontend):
    with pytest.raises(KeyError, match="no.such.function") as info:
        frontend.get_global_func("no.such.function")
    assert isinstance(info.value, ferrule.KeyError)
    assert info.value.kind == "KeyError"


def test_taken_name_needs_override(frontend, fresh_name):
    frontend.register_func(fresh_name, lambda: 1)
    with pytest.raises(ferrule.KeyError, match=fresh_name):
        frontend.register_func(fresh_name, lambda: 2)
    assert frontend.get_global_func(fresh_name)() == 1
    frontend.register_func(fresh_name, lambda: 2, override=True)
    assert frontend.get_global_func(fresh_name)() == 2


def test_handles_stay_valid_after_remove(frontend, fresh_name):
    frontend.register_func(fresh_name, lambda: "still here")
    f = frontend.get_global_func(fresh_name)
    frontend.remove_global_func(fresh_name)
    assert f() == "still here"
    with pytest.raises(KeyError):
        frontend.get_global_func(fresh_name)
    with pytest.raises(KeyError):
        frontend.remove_global_func(fresh_name)


def test_reregistering_a_native_function_keeps_its_signature(frontend, fresh_name):
    frontend.register_func(fresh_name, frontend.get_global_func("demo.scale"))
    g = frontend.get_global_func(fresh_name)
    assert g(3.0) == 6.0
    assert str(inspect.signature(g)) == "(x: float, factor: float = 2.0) -> float"


def test_defaults_fill_in(frontend):
    scale = frontend.get_global_func("demo.scale")
    assert scale(3.0) == 6.0
    assert scale(3.0, factor=3.0) == 9.0
    assert scale(x=2.0) == 4.0
    assert scale(factor=0.5, x=4.0) == 2.0


def test_signature_and_help_show_the_registered_signature(frontend):
    scale = frontend.get_global_func("demo.scale")
    sig = inspect.signature(scale)
    assert str(sig) == "(x: float, factor: float = 2.0) -> float"
    assert sig.parameters["factor"].default == 2.0
    text = pydoc.render_doc(scale, renderer=pydoc.plaintext)
    assert "(x: float, factor: float = 2.0) -> float" in text
    assert scale.__doc__ and scale.__doc__.splitlines()[0] in text


def test_signature_of_python_function_round_trips(frontend, fresh_name):
    def f(a: int, b: float = 1.5, *, name: str = "it's", flag: bool = True, none=None) -> str:
        return f"{a} {b} {name} {flag} {none}"

    frontend.register_func(fresh_name, f)
    g = frontend.get_global_func(fresh_name)
    expected = '(a: int, b: float = 1.5, *, name: str = "it\'s", flag: bool = True, none: Any = None) -> str'
    assert str(inspect.signature(g)) == expected
    assert g(1) == "1 1.5 it's True None"
    assert g(1, name="x", flag=False) == "1 1.5 x False None"


def test_signature_text_rules(frontend):
    def varargs(a: int, *rest: int) -> int:
        return a

    def bad_default(a=[1]):
        return a

    def kw_after_var(*args, k=1):
        return k

    assert frontend.signature_text(varargs) == "(a: int, *rest: int) -> int"
    assert frontend.signature_text(bad_default) is None
    assert frontend.signature_text(kw_after_var) == "(*args: Any, k: Any = 1)"
    assert frontend.signature_text(lambda x, y=2: 0) == "(x: Any, y: Any = 2)"


def test_keyword_only_parameters_after_varargs(frontend, fresh_name, testing):
    def grid(*arrays: int, indexing: str = "xy") -> str:
        return f"{indexing}:{list(arrays)}"

    frontend.register_func(fresh_name, grid)
    g = frontend.get_global_func(fresh_name)
    assert g(1, 2) == "xy:[1, 2]"
    assert g(1, 2, indexing="ij") == "ij:[1, 2]"
    assert g() == "xy:[]"
    # Native callers pass the keyword-only values first, then the *args values.
    assert testing.apply(g, "ij", 3, 4) == "ij:[3, 4]"


def test_positional_only_parameters_refuse_keywords(frontend, fresh_name):
    def f(x: int, /, y: int = 2) -> int:
        return x * 10 + y

    frontend.register_func(fresh_name, f)
    g = frontend.get_global_func(fresh_name)
    assert str(inspect.signature(g)) == "(x: int, /, y: int = 2) -> int"
    assert g(1, y=3) == 13
    with pytest.raises(TypeError, match="positional-only arguments passed as keyword arguments: 'x'"):
        g(x=1)


def test_function_without_signature_refuses_keywords(frontend, fresh_name):
    def f(a=[1]):
        return a

    frontend.register_func(fresh_name, f)
    g = frontend.get_global_func(fresh_name)
    assert g([2]) == [2]
    with pytest.raises(TypeError, match=fresh_name):
        g(a=3)
    assert str(inspect.signature(g)) == "(*args)"


def test_doc_comes_from_docstring_or_argument(frontend, fresh_name):
    def f():
        """The docstring."""

    frontend.register_func(fresh_name, f)
    assert frontend.get_global_func(fresh_name).__doc__ == "The docstring."
    frontend.register_func(fresh_name, f, override=True, doc="Given doc.")
    assert frontend.get_global_func(fresh_name).__doc__ == "Given doc."


def test_init_api_populates_module_and_submodules(frontend, fresh_name):
    frontend.register_func(fresh_name + ".inner.twice", lambda x: 2 * x)
    try:
        mod = types.ModuleType("populated")
        frontend.init_api("demo", mod)
        assert mod.add(2, 3) == 5
        assert mod.add.__name__ == "add"
        assert mod.add.__module__ == "populated"
        if frontend is ffi:
            # builtins (CPython's specialised call path), over a Function of the same native
            # function; the text signature has no annotations (CPython's syntax has none)
            assert type(mod.add) is types.BuiltinFunctionType
            assert isinstance(mod.add.__self__, ffi.Function) and mod.add.__self__ == ffi.get_global_func("demo.add")
            assert str(inspect.signature(mod.scale)) == "(x, factor=2.0)"
            assert mod.scale(3.0, factor=3.0) == 9.0 and mod.scale(3.0) == 6.0
            assert mod.scale.__doc__ == frontend.get_global_func("demo.scale").__doc__
            with pytest.raises(TypeError, match="demo.scale"):
                mod.scale(1.0, nonsense=2)
        else:
            assert mod.add.__qualname__ == "add"
            assert str(inspect.signature(mod.scale)) == "(x: float, factor: float = 2.0) -> float"
            assert mod.scale.__doc__ == frontend.get_global_func("demo.scale").__doc__

        frontend.init_api(fresh_name, "ferrule_test_generated")
        gen = sys.modules["ferrule_test_generated"]
        assert gen.inner.twice(21) == 42
        assert gen.inner.twice.__module__ == "ferrule_test_generated.inner"
    finally:
        frontend.remove_global_func(fresh_name + ".inner.twice")
        sys.modules.pop("ferrule_test_generated", None)


def test_function_attributes_and_repr(frontend):
    add = frontend.get_global_func("demo.add")
    assert add.name == "demo.add"
    assert add.__name__ == "demo.add"
    assert repr(add) == "<ferrule.Function demo.add>"
    assert add == frontend.get_global_func("demo.add")
    assert hash(add) == hash(frontend.get_global_func("demo.add"))
    assert add != frontend.get_global_func("demo.scale")


def test_released_function_raises_value_error(frontend):
    add = frontend.get_global_func("demo.add")
    add.release()
    with pytest.raises(ferrule.ValueError, match="Function 'demo.add' has been released"):
        add(1, 2)
    assert "released" in repr(add)
    add.release()  # idempotent


def test_function_wraps_a_python_callable(frontend, testing):
    f = frontend.Function(lambda x: x * 3)
    assert f(2) == 6
    assert testing.apply(f, "ab") == "ababab"
    assert frontend.Function(f) is f
    with pytest.raises(TypeError):
        frontend.Function(42)


def test_function_on_a_class(frontend):
    class Holder:
        add = frontend.get_global_func("demo.add")

    assert Holder.add(1, 2) == 3
    if frontend is ffi:
        # The extension's Function binds like a Python function (that is how Tensor methods are
        # the registered ops themselves); the ctypes frontend's stays a plain callable.
        assert Holder.__dict__["add"].__get__(None, Holder) is Holder.add
        scale = frontend.get_global_func("demo.scale")

        class Number(float):
            times = scale

        assert Number(3.0).times(2.0) == 6.0


def test_long_running_flag_is_honoured(frontend, fresh_name, testing):
    import threading

    seen = []

    def slow():
        # another Python thread can run while this native call is in progress
        t = threading.Thread(target=lambda: seen.append(1))
        t.start()
        t.join()
        return len(seen)

    frontend.register_func(fresh_name, slow, long_running=True)
    g = frontend.get_global_func(fresh_name)
    assert g._info["flags"] & frontend.FUNC_LONG_RUNNING
    assert g() == 1


def run_python(code: str, **env: str):
    import os
    import subprocess

    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env={**os.environ, **env}
    )


def test_missing_library_is_a_clear_import_error():
    r = run_python("import ferrule", FERRULE_LIBRARY="/nonexistent/libferrule.so")
    assert r.returncode != 0
    assert "ImportError" in r.stderr and "/nonexistent/libferrule.so" in r.stderr


def test_library_path_is_beside_the_extension():
    import os

    assert os.path.dirname(ferrule._ferrule.library_path) == os.path.dirname(ferrule._ferrule.__file__)
    assert ferrule._ferrule.abi_version() == ferrule._ferrule.ABI_VERSION == 1


def test_interpreter_exits_cleanly_with_python_callables_held_natively():
    from conftest import PLUGIN

    code = (
        "import ferrule.ffi as ffi\n"
        f"ffi.load_library({PLUGIN!r})\n"
        "ffi.register_func('exit.cb', lambda: 1)\n"
        "ffi.get_global_func('testing.hold')(lambda: 2)\n"
        "ffi.get_global_func('testing.hold')(ValueError('held error'))\n"
        "print('ok')\n"
    )
    r = run_python(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"
