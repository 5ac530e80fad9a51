"""Python values ↔ FerruleAny: round trips through testing.echo and argument errors."""

from __future__ import annotations

import math

import ferrule
import ferrule.ffi as ffi
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
SCALARS = st.none() | st.booleans() | INT64 | st.floats(allow_nan=False) | st.text() | st.binary()
NESTED = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10) | INT64, children, max_size=5)
    ),
    max_leaves=20,
)


def same(a, b):
    """Equality that also checks types (True is not 1) and containers element-wise."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=False))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


@given(INT64)
def test_ints_round_trip(testing, x):
    assert same(testing.echo(x), x)


@given(st.floats(allow_nan=False))
def test_floats_round_trip(testing, x):
    assert same(testing.echo(x), x)


def test_nan_round_trips(testing):
    assert math.isnan(testing.echo(float("nan")))


@given(st.text())
def test_strings_round_trip(testing, s):
    assert same(testing.echo(s), s)


@pytest.mark.parametrize(
    "s", ["", "a", "12345678", "123456789", "héllo", "日本語テキスト", "🦀🐍", "nul\0inside", "x" * 10_000]
)
def test_short_long_and_non_ascii_strings(testing, s):
    assert same(testing.echo(s), s)


@given(st.binary())
def test_bytes_round_trip(testing, b):
    assert same(testing.echo(b), b)


def test_bytes_like_objects_become_bytes(testing):
    assert same(testing.echo(bytearray(b"abc")), b"abc")
    assert same(testing.echo(memoryview(b"0123456789")), b"0123456789")


def test_binary_data_comes_back_as_bytes(testing):
    data = testing.non_utf8_bytes()
    assert isinstance(data, bytes)
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert same(testing.echo(data), data)


# 200 examples under the fixed profile, scaled with the profile's budget under `explore`.
@settings(max_examples=2 * settings.default.max_examples)
@given(NESTED)
def test_nested_values_round_trip(testing, v):
    assert same(testing.echo(v), v)


def test_tuples_become_lists(testing):
    assert same(testing.echo((1, (2, "x"))), [1, [2, "x"]])


def test_scalars_keep_their_types(testing):
    assert testing.echo(True) is True
    assert testing.echo(False) is False
    assert testing.echo(None) is None
    assert same(testing.echo(np.int64(7)), 7)
    assert same(testing.echo(np.float64(0.5)), 0.5)


def test_sum_array_reads_a_list(testing):
    assert testing.sum_array([1, 2.5, 3]) == 6.5


def test_function_and_tensor_values_round_trip(testing):
    add = ffi.get_global_func("demo.add")
    back = testing.echo(add)
    assert isinstance(back, ffi.Function)
    assert back == add and back(1, 2) == 3
    t = ferrule.tensor([1.0, 2.0])
    assert testing.echo(t).tolist() == [1.0, 2.0]


def test_python_callable_value_comes_back_callable(testing):
    f = testing.echo(lambda x: x + 1)
    assert isinstance(f, ffi.Function)
    assert f(1) == 2


def test_exception_values_round_trip_as_the_same_object(testing):
    # an exception passed as a value travels as a native error object carrying it
    e = ValueError("as a value")
    assert testing.echo(e) is e
    assert testing.echo([e])[0] is e
    held = ferrule.KeyError("held")
    assert testing.apply(lambda: held) is held


def test_unsupported_argument_names_function_position_and_type(testing):
    with pytest.raises(TypeError) as info:
        testing.echo({1, 2})
    msg = str(info.value)
    assert "testing.echo()" in msg and "argument 1" in msg and "'x'" in msg and "set" in msg
    assert isinstance(info.value, ferrule.TypeError)


def test_unsupported_argument_in_a_later_position(testing):
    with pytest.raises(TypeError, match=r"testing\.add_int\(\) argument 2 \('b'\).*object"):
        testing.add_int(1, object())


def test_unsupported_element_inside_a_list(testing):
    with pytest.raises(TypeError, match=r"testing\.echo\(\) argument 1 .*set"):
        testing.echo([1, [2, {3}]])


def test_wrong_argument_type_for_typed_native_function():
    with pytest.raises(TypeError, match=r"demo\.add"):
        ffi.get_global_func("demo.add")("one", 2)


def test_int_overflow(testing):
    with pytest.raises(OverflowError, match=r"testing\.echo\(\) argument 1"):
        testing.echo(2**63)
    with pytest.raises(OverflowError):
        testing.echo([1, -(2**64)])


def test_bad_dict_key(testing):
    with pytest.raises(TypeError, match="dict keys must be str or int"):
        testing.echo({1.5: 2})


def test_self_containing_list_is_refused(testing):
    a: list = []
    a.append(a)
    with pytest.raises(ValueError, match="too deep"):
        testing.echo(a)


def test_wrong_arity(testing):
    add = ffi.get_global_func("demo.add")
    with pytest.raises(TypeError, match=r"demo\.add\(\) takes 2 positional arguments but 3 were given"):
        add(1, 2, 3)
    with pytest.raises(TypeError, match=r"demo\.add\(\) missing required argument 'b'"):
        add(1)
    with pytest.raises(TypeError, match=r"testing\.echo\(\) missing required argument 'x'"):
        testing.echo()


def test_keyword_errors():
    scale = ffi.get_global_func("demo.scale")
    with pytest.raises(TypeError, match=r"demo\.scale\(\) got an unexpected keyword argument 'y'"):
        scale(1.0, y=2)
    with pytest.raises(TypeError, match=r"demo\.scale\(\) got multiple values for argument 'x'"):
        scale(1.0, x=2.0)
    with pytest.raises(TypeError, match=r"demo\.scale\(\) missing required argument 'x'"):
        scale(factor=2.0)
    with pytest.raises(TypeError, match=r"demo\.scale\(\) takes 2 positional arguments but 3 were given"):
        scale(1.0, 2.0, 3.0, factor=1.0)


def test_keyword_only_parameters(fresh_name):
    def f(a, *, k: int, j: int = 5):
        return (a, k, j)

    ffi.register_func(fresh_name, f)
    g = ffi.get_global_func(fresh_name)
    assert g(1, k=2) == [1, 2, 5]
    assert g(1, j=0, k=3) == [1, 3, 0]
    with pytest.raises(TypeError, match="missing required keyword argument 'k'"):
        g(1)
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        g(1, 2)


def test_dtype_and_device_of_a_plugin_tensor(testing):
    t = testing.tensor_fill([2], 1.0)
    assert str(t.dtype) in {"float32", "float64"}
    assert t.device == "cpu:0"


def test_slices_become_the_index_encoding_map(testing):
    # a slice is the Map {"slice": [start, stop, step]} of the index encoding
    # (crates/ferrule-ops/src/index.rs), built by the extension without a Python dict
    assert same(testing.echo(slice(1, None, -1)), {"slice": [1, None, -1]})
    assert same(testing.echo((slice(None), 2)), [{"slice": [None, None, None]}, 2])
    bound = ferrule.asarray(3)
    back = testing.echo(slice(bound, "x", 2.5))  # any value converts; getitem checks the parts
    assert list(back) == ["slice"] and back["slice"][0] is bound and back["slice"][1:] == ["x", 2.5]
    with pytest.raises(OverflowError, match=r"testing\.echo\(\) argument 1 \('x'\): .*int64"):
        testing.echo(slice(0, 2**64))


def test_an_array_of_another_library_is_not_a_value():
    # Arrays of other libraries have __index__ (for their 0-d integer ones): the error says what
    # the array is and how to share it, not "only integer scalar arrays can be converted to a
    # scalar index". (numpy's arrays are accepted as arguments: test_numpy_protocols.py.)
    xp = pytest.importorskip("array_api_strict")
    t = ferrule.asarray([1.0, 2.0])
    for call in (
        lambda: ferrule.add(xp.asarray([1.0, 2.0]), t),
        lambda: t * xp.ones(2),
        lambda: ferrule.sum(xp.ones(3)),
    ):
        with pytest.raises(TypeError, match=r"cannot convert a Python object of type 'Array'.*ferrule\.asarray"):
            call()
    assert ferrule.add(np.array([1.0, 2.0]), t).tolist() == [2.0, 4.0]
    assert float(ferrule.add(t, np.array(2))[0]) == 3.0  # a 0-d integer array is an int, as before
