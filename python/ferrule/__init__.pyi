"""ferrule: a Rust tensor runtime whose functions are reachable from Python, Go and C.

Type stubs of the package namespace: the registry (:mod:`ferrule.ffi`), :class:`Tensor`, the
errors, and the Python Array API 2025.12 namespace (the operators of ``schema/ops.yaml``, whose
signatures are generated into ``ferrule/_ops.pyi``, the dtypes, constants and inspection API).
"""

import builtins
from typing import Any

from . import autograd as autograd
from . import error as error
from . import ffi as ffi
from . import fft as fft
from . import linalg as linalg
from . import nn as nn
from . import optim as optim
from . import profiler as profiler
from . import random as random
from ._array_api import ArrayNamespaceInfo
from ._ferrule import Tensor as Tensor
from ._io import load as load
from ._io import save as save
from ._namespace import (
    DType as DType,
)
from ._namespace import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
    finfo_object,
    iinfo_object,
)
from ._ops import (
    abs as abs,
)
from ._ops import (
    acos as acos,
)
from ._ops import (
    acosh as acosh,
)
from ._ops import (
    add as add,
)
from ._ops import (
    add_at as add_at,
)
from ._ops import (
    all as all,
)
from ._ops import (
    any as any,
)
from ._ops import (
    arange as arange,
)
from ._ops import (
    argmax as argmax,
)
from ._ops import (
    argmin as argmin,
)
from ._ops import (
    argsort as argsort,
)
from ._ops import (
    asin as asin,
)
from ._ops import (
    asinh as asinh,
)
from ._ops import (
    astype as astype,
)
from ._ops import (
    atan as atan,
)
from ._ops import (
    atan2 as atan2,
)
from ._ops import (
    atanh as atanh,
)
from ._ops import (
    bitwise_and as bitwise_and,
)
from ._ops import (
    bitwise_invert as bitwise_invert,
)
from ._ops import (
    bitwise_left_shift as bitwise_left_shift,
)
from ._ops import (
    bitwise_or as bitwise_or,
)
from ._ops import (
    bitwise_right_shift as bitwise_right_shift,
)
from ._ops import (
    bitwise_xor as bitwise_xor,
)
from ._ops import (
    broadcast_arrays as broadcast_arrays,
)
from ._ops import (
    broadcast_to as broadcast_to,
)
from ._ops import (
    can_cast as can_cast,
)
from ._ops import (
    ceil as ceil,
)
from ._ops import (
    clip as clip,
)
from ._ops import (
    concat as concat,
)
from ._ops import (
    conj as conj,
)
from ._ops import (
    copysign as copysign,
)
from ._ops import (
    cos as cos,
)
from ._ops import (
    cosh as cosh,
)
from ._ops import (
    count_nonzero as count_nonzero,
)
from ._ops import (
    cumulative_prod as cumulative_prod,
)
from ._ops import (
    cumulative_sum as cumulative_sum,
)
from ._ops import (
    diff as diff,
)
from ._ops import (
    divide as divide,
)
from ._ops import (
    empty as empty,
)
from ._ops import (
    empty_like as empty_like,
)
from ._ops import (
    equal as equal,
)
from ._ops import (
    exp as exp,
)
from ._ops import (
    expand_dims as expand_dims,
)
from ._ops import (
    expm1 as expm1,
)
from ._ops import (
    eye as eye,
)
from ._ops import (
    flip as flip,
)
from ._ops import (
    floor as floor,
)
from ._ops import (
    floor_divide as floor_divide,
)
from ._ops import (
    full as full,
)
from ._ops import (
    full_like as full_like,
)
from ._ops import (
    geo_distance as geo_distance,
)
from ._ops import (
    getitem as getitem,
)
from ._ops import (
    greater as greater,
)
from ._ops import (
    greater_equal as greater_equal,
)
from ._ops import (
    hypot as hypot,
)
from ._ops import (
    imag as imag,
)
from ._ops import (
    isdtype as isdtype,
)
from ._ops import (
    isfinite as isfinite,
)
from ._ops import (
    isin as isin,
)
from ._ops import (
    isinf as isinf,
)
from ._ops import (
    isnan as isnan,
)
from ._ops import (
    less as less,
)
from ._ops import (
    less_equal as less_equal,
)
from ._ops import (
    linspace as linspace,
)
from ._ops import (
    log as log,
)
from ._ops import (
    log1p as log1p,
)
from ._ops import (
    log2 as log2,
)
from ._ops import (
    log10 as log10,
)
from ._ops import (
    logaddexp as logaddexp,
)
from ._ops import (
    logical_and as logical_and,
)
from ._ops import (
    logical_not as logical_not,
)
from ._ops import (
    logical_or as logical_or,
)
from ._ops import (
    logical_xor as logical_xor,
)
from ._ops import (
    matmul as matmul,
)
from ._ops import (
    matrix_transpose as matrix_transpose,
)
from ._ops import (
    max as max,
)
from ._ops import (
    maximum as maximum,
)
from ._ops import (
    mean as mean,
)
from ._ops import (
    meshgrid as meshgrid,
)
from ._ops import (
    min as min,
)
from ._ops import (
    minimum as minimum,
)
from ._ops import (
    mm as mm,
)
from ._ops import (
    moveaxis as moveaxis,
)
from ._ops import (
    multiply as multiply,
)
from ._ops import (
    negative as negative,
)
from ._ops import (
    nextafter as nextafter,
)
from ._ops import (
    nonzero as nonzero,
)
from ._ops import (
    not_equal as not_equal,
)
from ._ops import (
    ones as ones,
)
from ._ops import (
    ones_like as ones_like,
)
from ._ops import (
    permute_dims as permute_dims,
)
from ._ops import (
    positive as positive,
)
from ._ops import (
    pow as pow,
)
from ._ops import (
    prod as prod,
)
from ._ops import (
    real as real,
)
from ._ops import (
    reciprocal as reciprocal,
)
from ._ops import (
    remainder as remainder,
)
from ._ops import (
    repeat as repeat,
)
from ._ops import (
    reshape as reshape,
)
from ._ops import (
    roll as roll,
)
from ._ops import (
    round as round,
)
from ._ops import (
    searchsorted as searchsorted,
)
from ._ops import (
    setitem as setitem,
)
from ._ops import (
    sign as sign,
)
from ._ops import (
    signbit as signbit,
)
from ._ops import (
    sin as sin,
)
from ._ops import (
    sinh as sinh,
)
from ._ops import (
    sort as sort,
)
from ._ops import (
    sqrt as sqrt,
)
from ._ops import (
    square as square,
)
from ._ops import (
    squeeze as squeeze,
)
from ._ops import (
    stack as stack,
)
from ._ops import (
    std as std,
)
from ._ops import (
    subtract as subtract,
)
from ._ops import (
    sum as sum,
)
from ._ops import (
    take as take,
)
from ._ops import (
    take_along_axis as take_along_axis,
)
from ._ops import (
    tan as tan,
)
from ._ops import (
    tanh as tanh,
)
from ._ops import (
    tensordot as tensordot,
)
from ._ops import (
    tile as tile,
)
from ._ops import (
    tril as tril,
)
from ._ops import (
    triu as triu,
)
from ._ops import (
    trunc as trunc,
)
from ._ops import (
    unique_values as unique_values,
)
from ._ops import (
    unstack as unstack,
)
from ._ops import (
    var as var,
)
from ._ops import (
    vecdot as vecdot,
)
from ._ops import (
    where as where,
)
from ._ops import (
    zeros as zeros,
)
from ._ops import (
    zeros_like as zeros_like,
)
from ._tensor import tensor as tensor
from .autograd import enable_grad as enable_grad
from .autograd import no_grad as no_grad
from .autograd import set_grad_enabled as set_grad_enabled

# BEGIN ferrule-codegen error-imports: generated from crates/ferrule-sys/src/vocab.rs
from .error import (
    AttributeError as AttributeError,
)
from .error import (
    BufferError as BufferError,
)
from .error import (
    Error as Error,
)
from .error import (
    IndexError as IndexError,
)
from .error import (
    KeyError as KeyError,
)
from .error import (
    MemoryError as MemoryError,
)
from .error import (
    NotImplementedError as NotImplementedError,
)
from .error import (
    OSError as OSError,
)
from .error import (
    OverflowError as OverflowError,
)
from .error import (
    RuntimeError as RuntimeError,
)
from .error import (
    TypeError as TypeError,
)
from .error import (
    ValueError as ValueError,
)
from .error import (
    ZeroDivisionError as ZeroDivisionError,
)

# END ferrule-codegen error-imports
from .ffi import (
    Function as Function,
)
from .ffi import (
    get_global_func as get_global_func,
)
from .ffi import (
    init_api as init_api,
)
from .ffi import (
    list_global_func_names as list_global_func_names,
)
from .ffi import (
    load_library as load_library,
)
from .ffi import (
    register_func as register_func,
)

# (the same list as ferrule.__all__ at runtime; stubtest checks they agree)
__all__ = [
    "__version__",
    "error",
    "ffi",
    "Tensor",
    "tensor",
    "DType",
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "init_api",
    "load_library",
    "autograd",
    "nn",
    "optim",
    "profiler",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "save",
    "load",
    # BEGIN ferrule-codegen error-names: generated from crates/ferrule-sys/src/vocab.rs
    "Error",
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
    # END ferrule-codegen error-names
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "__array_api_version__",
    "__array_namespace_info__",
    "asarray",
    "from_dlpack",
    "broadcast_shapes",
    "arange",
    "empty",
    "empty_like",
    "eye",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
    "add",
    "subtract",
    "multiply",
    "divide",
    "floor_divide",
    "remainder",
    "pow",
    "maximum",
    "minimum",
    "atan2",
    "copysign",
    "hypot",
    "logaddexp",
    "nextafter",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_xor",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "abs",
    "negative",
    "positive",
    "sign",
    "square",
    "conj",
    "real",
    "imag",
    "reciprocal",
    "round",
    "floor",
    "ceil",
    "trunc",
    "signbit",
    "isfinite",
    "isinf",
    "isnan",
    "logical_not",
    "bitwise_invert",
    "exp",
    "expm1",
    "log",
    "log1p",
    "log2",
    "log10",
    "sqrt",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "clip",
    "where",
    "astype",
    "geo_distance",
    "sum",
    "prod",
    "mean",
    "var",
    "std",
    "max",
    "min",
    "cumulative_sum",
    "cumulative_prod",
    "all",
    "any",
    "argmax",
    "argmin",
    "count_nonzero",
    "diff",
    "matmul",
    "mm",
    "tensordot",
    "vecdot",
    "reshape",
    "permute_dims",
    "matrix_transpose",
    "expand_dims",
    "squeeze",
    "broadcast_to",
    "broadcast_arrays",
    "concat",
    "stack",
    "unstack",
    "flip",
    "roll",
    "moveaxis",
    "repeat",
    "tile",
    "getitem",
    "setitem",
    "take",
    "take_along_axis",
    "add_at",
    "nonzero",
    "searchsorted",
    "isin",
    "sort",
    "argsort",
    "unique_values",
    "unique_counts",
    "unique_inverse",
    "unique_all",
    "can_cast",
    "result_type",
    "finfo",
    "iinfo",
    "isdtype",
    "fft",
    "linalg",
    "random",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]

#: The package version.
__version__: str
#: The version of the Python Array API standard the namespace conforms to: ``"2025.12"``.
__array_api_version__: str

# The dtypes: DType objects, one per dtype, each equal only to itself (not to its name).
bool: DType
int8: DType
int16: DType
int32: DType
int64: DType
uint8: DType
uint16: DType
uint32: DType
uint64: DType
float16: DType
bfloat16: DType
float32: DType
float64: DType
complex64: DType
complex128: DType

# The Array API constants.
e: float
pi: float
inf: float
nan: float
newaxis: None

def __array_namespace_info__() -> ArrayNamespaceInfo:
    """The Array API inspection object: ``capabilities()``, ``default_device()``,
    ``default_dtypes()``, ``dtypes()``, ``devices()``."""

def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None, copy: builtins.bool | None = None) -> Tensor:
    """``obj`` as a :class:`Tensor`, sharing memory where it can (``copy=False`` insists on it,
    ``copy=True`` always copies)."""

def from_dlpack(x: Any, /, *, device: Any = None, copy: builtins.bool | None = None) -> Tensor:
    """A tensor holding the data of the DLPack producer ``x``."""

def broadcast_shapes(*shapes: Any) -> tuple[int, ...]:
    """The shape that tensors of ``shapes`` broadcast to (``()`` for no shapes)."""

# Ops whose result _namespace.bind converts to the standard's type, which the generated _ops.pyi
# cannot name: it types them by their schema return type (tuple[Tensor, ...], Any). nonzero's
# tuple[Tensor, ...] is already right there.
def unique_all(x: Tensor, /) -> UniqueAllResult:
    """(values, indices, inverse_indices, counts): the sorted unique elements of ``x``, the flat
    index of each one's first occurrence, the inverse indices (``x``'s shape) and the counts."""

def unique_counts(x: Tensor, /) -> UniqueCountsResult:
    """(values, counts): the sorted unique elements of ``x`` and how often each occurs."""

def unique_inverse(x: Tensor, /) -> UniqueInverseResult:
    """(values, inverse_indices): the sorted unique elements of ``x`` and, with ``x``'s shape, the
    index into values of each element of ``x``."""

def result_type(*arrays_and_dtypes: Any) -> DType:
    """The dtype type promotion gives the tensors, dtypes and Python scalars (which are weak)."""

def finfo(type: Any, /) -> finfo_object:
    """Machine limits of a floating dtype (or of a tensor's dtype)."""

def iinfo(type: Any, /) -> iinfo_object:
    """Limits of an integer dtype (or of a tensor's dtype)."""
