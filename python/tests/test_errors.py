"""Error mapping: native error kinds to ferrule exception classes, panics, tracebacks.

Every test taking ``frontend`` (or ``testing``) runs against both the extension and ctypes.
"""

from __future__ import annotations

import builtins
import traceback

import ferrule
import pytest

FRONTENDS = ("extension", "ctypes")

KINDS = [
    "TypeError",
    "ValueError",
    "IndexError",
    "KeyError",
    "NotImplementedError",
    "MemoryError",
    "RuntimeError",
    "BufferError",
    "OverflowError",
    "ZeroDivisionError",
    "AttributeError",
    "OSError",
]


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_maps_to_a_class_that_is_both_ferrule_and_builtin(testing, kind):
    with pytest.raises(getattr(builtins, kind)) as info:
        testing.raise_error(kind, f"boom {kind}")
    exc = info.value
    assert type(exc) is getattr(ferrule, kind)
    assert isinstance(exc, ferrule.Error)
    assert exc.kind == kind
    assert str(exc) == f"boom {kind}"
    assert isinstance(exc.context, list)


def test_except_builtin_catches_ferrule_error(testing):
    try:
        testing.raise_error("ValueError", "caught")
    except ValueError as e:
        assert e.kind == "ValueError"
    else:
        pytest.fail("not raised")


def test_unknown_kind_becomes_runtime_error_keeping_the_kind(testing):
    with pytest.raises(ferrule.RuntimeError, match="strange") as info:
        testing.raise_error("WeirdError", "strange")
    assert info.value.kind == "WeirdError"


def test_key_error_message_is_not_quoted(testing):
    with pytest.raises(KeyError) as info:
        testing.raise_error("KeyError", "missing thing")
    assert str(info.value) == "missing thing"


def test_panic_raises_and_the_process_lives_on(testing):
    with pytest.raises(ferrule.RuntimeError, match="testing.panic called"):
        testing.panic()
    with pytest.raises(RuntimeError, match="custom panic"):
        testing.panic("custom panic")
    assert testing.add_int(1, 1) == 2


def test_context_lines_are_kept(frontend, testing):
    # errors travelling through native layers may collect context; it is a list of str
    with pytest.raises(ferrule.Error) as info:
        testing.apply(frontend.get_global_func("testing.raise_error"), "IndexError", "deep")
    assert info.value.kind == "IndexError"
    assert all(isinstance(line, str) for line in info.value.context)


def test_python_exception_reaches_caller_as_the_same_object(testing):
    raised = []

    def f(x):
        e = LookupError(f"bad {x}")
        raised.append(e)
        raise e

    with pytest.raises(LookupError) as info:
        testing.apply(f, 7)
    assert info.value is raised[0]
    frames = [fs.name for fs in traceback.extract_tb(info.value.__traceback__)]
    assert "f" in frames  # the callback's own frame
    assert "test_python_exception_reaches_caller_as_the_same_object" in frames


def test_exception_through_two_native_layers(testing):
    class Custom(Exception):
        pass

    def inner():
        raise Custom("inner")

    def outer():
        return testing.apply(inner)

    with pytest.raises(Custom) as info:
        testing.apply(outer)
    frames = [fs.name for fs in traceback.extract_tb(info.value.__traceback__)]
    assert frames.count("inner") == 1 and "outer" in frames


def test_exception_subclass_comes_back_unchanged(frontend, testing, fresh_name):
    class MyValueError(ValueError):
        pass

    def f():
        raise MyValueError("mine")

    frontend.register_func(fresh_name, f)
    with pytest.raises(MyValueError, match="mine"):
        frontend.get_global_func(fresh_name)()
    with pytest.raises(MyValueError):
        testing.apply(frontend.get_global_func(fresh_name))


def test_exception_in_registered_callback_called_by_name(frontend, fresh_name):
    def boom():
        raise ZeroDivisionError("from python")

    frontend.register_func(fresh_name, boom)
    with pytest.raises(ZeroDivisionError, match="from python"):
        frontend.get_global_func(fresh_name)()


def test_callback_returning_unsupported_value(testing):
    with pytest.raises(TypeError, match="its return value of type 'set' could not be converted to a ferrule value"):
        testing.apply(lambda: {1})


def test_native_callers_see_the_nearest_builtin_kind(frontend, fresh_name):
    """A C caller (here ctypes over libferrule) sees a Python exception as an error whose kind is
    the nearest known builtin class in its MRO, with str(exc) as the message."""
    import ctypes

    lib = ctypes.CDLL(ferrule._ferrule.library_path)
    lib.ferrule_error_kind.restype = ctypes.c_char_p
    lib.ferrule_error_message.restype = ctypes.c_char_p

    class MyLookup(IndexError):
        pass

    def f():
        raise MyLookup("custom index problem")

    frontend.register_func(fresh_name, f)
    func = ctypes.c_void_p()
    err = ctypes.c_void_p()
    assert lib.ferrule_func_get_global(fresh_name.encode(), ctypes.byref(func), ctypes.byref(err)) == 0
    out = (ctypes.c_byte * 16)()
    assert lib.ferrule_func_call(func, None, 0, ctypes.byref(out), ctypes.byref(err)) == -1
    try:
        assert lib.ferrule_error_kind(err) == b"IndexError"
        assert lib.ferrule_error_message(err) == b"custom index problem"
    finally:
        lib.ferrule_object_release(err)
        lib.ferrule_object_release(func)


def test_text_without_a_utf8_form_is_a_clear_error(frontend, fresh_name):
    """A str with lone surrogates has no UTF-8 form: every name or keyword that must cross to
    native code is a ValueError/TypeError naming the function, never a crash or a SystemError."""
    bad = "bad\udcffname"
    with pytest.raises(ValueError, match=r"get_global_func\(\): name is not valid text"):
        frontend.get_global_func(bad)
    with pytest.raises(ValueError, match=r"register_func\(\): name is not valid text"):
        frontend.register_func(bad, lambda: None)
    echo = frontend.get_global_func("testing.echo")
    with pytest.raises(TypeError, match=r"testing\.echo\(\) got an unexpected keyword argument 'bad\\udcffname'"):
        echo(1, **{bad: 2})
