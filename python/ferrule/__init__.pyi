"""ferrule: a Rust tensor runtime whose functions are reachable from Python, Go and C.

Type stubs of the package namespace: the registry (:mod:`ferrule.ffi`), :class:`Tensor`, the
errors, and the Python Array API 2024.12 namespace (the operators of ``schema/ops.yaml``, whose
signatures are generated into ``ferrule/_ops.pyi``, the dtypes, constants and inspection API).
"""

import builtins
from typing import Any

from . import error as error
from . import ffi as ffi
from . import linalg as linalg
from . import random as random
from ._array_api import ArrayNamespaceInfo
from ._ferrule import Tensor as Tensor
from ._namespace import (
    DType,
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
    finfo_object,
    iinfo_object,
)
from ._ops import (
    arange as arange,
    empty as empty,
    empty_like as empty_like,
    eye as eye,
    full as full,
    full_like as full_like,
    linspace as linspace,
    meshgrid as meshgrid,
    ones as ones,
    ones_like as ones_like,
    tril as tril,
    triu as triu,
    zeros as zeros,
    zeros_like as zeros_like,
    add as add,
    subtract as subtract,
    multiply as multiply,
    divide as divide,
    floor_divide as floor_divide,
    remainder as remainder,
    pow as pow,
    maximum as maximum,
    minimum as minimum,
    atan2 as atan2,
    copysign as copysign,
    hypot as hypot,
    logaddexp as logaddexp,
    nextafter as nextafter,
    equal as equal,
    not_equal as not_equal,
    less as less,
    less_equal as less_equal,
    greater as greater,
    greater_equal as greater_equal,
    logical_and as logical_and,
    logical_or as logical_or,
    logical_xor as logical_xor,
    bitwise_and as bitwise_and,
    bitwise_or as bitwise_or,
    bitwise_xor as bitwise_xor,
    bitwise_left_shift as bitwise_left_shift,
    bitwise_right_shift as bitwise_right_shift,
    abs as abs,
    negative as negative,
    positive as positive,
    sign as sign,
    square as square,
    conj as conj,
    real as real,
    imag as imag,
    reciprocal as reciprocal,
    round as round,
    floor as floor,
    ceil as ceil,
    trunc as trunc,
    signbit as signbit,
    isfinite as isfinite,
    isinf as isinf,
    isnan as isnan,
    logical_not as logical_not,
    bitwise_invert as bitwise_invert,
    exp as exp,
    expm1 as expm1,
    log as log,
    log1p as log1p,
    log2 as log2,
    log10 as log10,
    sqrt as sqrt,
    sin as sin,
    cos as cos,
    tan as tan,
    asin as asin,
    acos as acos,
    atan as atan,
    sinh as sinh,
    cosh as cosh,
    tanh as tanh,
    asinh as asinh,
    acosh as acosh,
    atanh as atanh,
    clip as clip,
    where as where,
    astype as astype,
    geo_distance as geo_distance,
    sum as sum,
    prod as prod,
    mean as mean,
    var as var,
    std as std,
    max as max,
    min as min,
    cumulative_sum as cumulative_sum,
    cumulative_prod as cumulative_prod,
    all as all,
    any as any,
    argmax as argmax,
    argmin as argmin,
    count_nonzero as count_nonzero,
    diff as diff,
    matmul as matmul,
    mm as mm,
    tensordot as tensordot,
    vecdot as vecdot,
    reshape as reshape,
    permute_dims as permute_dims,
    matrix_transpose as matrix_transpose,
    expand_dims as expand_dims,
    squeeze as squeeze,
    broadcast_to as broadcast_to,
    broadcast_arrays as broadcast_arrays,
    concat as concat,
    stack as stack,
    unstack as unstack,
    flip as flip,
    roll as roll,
    moveaxis as moveaxis,
    repeat as repeat,
    tile as tile,
    getitem as getitem,
    setitem as setitem,
    take as take,
    take_along_axis as take_along_axis,
    nonzero as nonzero,
    searchsorted as searchsorted,
    sort as sort,
    argsort as argsort,
    unique_values as unique_values,
    can_cast as can_cast,
    isdtype as isdtype,
)
from ._tensor import tensor as tensor
from .error import (
    AttributeError as AttributeError,
    BufferError as BufferError,
    Error as Error,
    IndexError as IndexError,
    KeyError as KeyError,
    MemoryError as MemoryError,
    NotImplementedError as NotImplementedError,
    OverflowError as OverflowError,
    RuntimeError as RuntimeError,
    TypeError as TypeError,
    ValueError as ValueError,
    ZeroDivisionError as ZeroDivisionError,
)
from .ffi import (
    Function as Function,
    get_global_func as get_global_func,
    init_api as init_api,
    list_global_func_names as list_global_func_names,
    load_library as load_library,
    register_func as register_func,
)

# (the same list as ferrule.__all__ at runtime; stubtest checks they agree)
__all__ = [
    "__version__",
    "error",
    "ffi",
    "Tensor",
    "tensor",
    "Function",
    "get_global_func",
    "list_global_func_names",
    "register_func",
    "init_api",
    "load_library",
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
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "__array_api_version__",
    "__array_namespace_info__",
    "asarray",
    "from_dlpack",
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
    "nonzero",
    "searchsorted",
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
#: The version of the Python Array API standard the namespace conforms to: ``"2024.12"``.
__array_api_version__: str

# The dtypes (each compares equal to its name, e.g. ``ferrule.float32 == "float32"``).
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

def asarray(
    obj: Any, /, *, dtype: Any = None, device: Any = None, copy: builtins.bool | None = None
) -> Tensor:
    """``obj`` as a :class:`Tensor`, sharing memory where it can (``copy=False`` insists on it,
    ``copy=True`` always copies)."""

def from_dlpack(x: Any, /, *, device: Any = None, copy: builtins.bool | None = None) -> Tensor:
    """A tensor holding the data of the DLPack producer ``x``."""

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
