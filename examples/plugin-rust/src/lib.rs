//! An example ferrule plugin written in Rust on `ferrule-plugin` alone.
//!
//! When `ferrule_library_load` (Python `ferrule.ffi.load_library`, Go `ferrule.LoadLibrary`)
//! opens `libferrule_example_plugin.so`, its `ferrule_plugin_init` (defined by
//! [`ferrule_plugin::export_plugin!`]) installs the host's API table and registers:
//!
//! - `example_rust.scale(x: Tensor, factor: float = 2.0) -> Tensor`: a new C-contiguous tensor
//!   holding `x * factor`, for a float32 or float64 CPU tensor of any shape and strides;
//! - `example_rust.describe(x: Tensor) -> str`: the tensor's metadata as text, e.g.
//!   `"Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))"`.
//!
//! Arguments of the wrong type fail with a `TypeError` naming the function, the argument and its
//! position (`example_rust.scale() argument 2 'factor': expected float, got str`). A panic
//! inside a function never crosses the C ABI: `ferrule-plugin` turns it into a `RuntimeError`.

use ferrule_plugin::sys::{DLDataType, DLDevice, DLTensor};
use ferrule_plugin::{api, register, Args, Error, Object, Value};

/// DLPack type codes (`DLDataTypeCode` in dlpack.h).
const KDL_INT: u8 = 0;
const KDL_UINT: u8 = 1;
const KDL_FLOAT: u8 = 2;
const KDL_BFLOAT: u8 = 4;
const KDL_COMPLEX: u8 = 5;
const KDL_BOOL: u8 = 6;
/// The DLPack device type of host memory (`kDLCPU`).
const KDL_CPU: i32 = 1;

/// The implementation of one registered function.
type Entry = fn(Args<'_>) -> Result<Value, Error>;

/// Every function this plugin registers: name, doc, signature (ferrule.h's text form), body.
const FUNCTIONS: &[(&str, &str, &str, Entry)] = &[
    (
        "example_rust.scale",
        "A new C-contiguous tensor holding x * factor; x is a float32 or float64 CPU tensor of any \
         shape and strides, and the result has its shape and dtype.",
        "(x: Tensor, factor: float = 2.0) -> Tensor",
        scale,
    ),
    (
        "example_rust.describe",
        "The tensor's shape, dtype and strides (in elements) as text, e.g. \
         'Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))'.",
        "(x: Tensor) -> str",
        describe,
    ),
];

/// Registers every function; `ferrule_plugin_init` runs it once, when the plugin is loaded.
fn init() -> Result<(), Error> {
    for &(name, doc, signature, entry) in FUNCTIONS {
        register(name, doc, signature, 0, entry)
            .map_err(|error| error.with_context(format!("while registering {name}")))?;
    }
    Ok(())
}

ferrule_plugin::export_plugin!(init);

// ---- the functions ------------------------------------------------------------------------------

/// `example_rust.scale(x, factor)`: a new tensor `x * factor` with the shape and dtype of `x`.
fn scale(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 2)?;
    let x = args.tensor(0, "x")?;
    // The registry fills in the signature's default for a left-out factor; a direct Rust caller
    // that passes one argument gets the same default here.
    let factor = if args.len() > 1 { args.float(1, "factor")? } else { 2.0 };
    if x.device.device_type != KDL_CPU {
        return Err(args.value_error(
            0,
            "x",
            format_args!("expected a CPU tensor, got device type {}", x.device.device_type),
        ));
    }
    let layout = Layout::of(x);
    match (x.dtype.code, x.dtype.bits, x.dtype.lanes) {
        (KDL_FLOAT, 32, 1) => {
            // float32 arithmetic, as numpy does for `float32_array * np.float32(factor)`.
            let factor = factor as f32;
            // SAFETY: a live float32 CPU tensor whose layout was just read from it.
            unsafe { map_into_new::<f32>(x, &layout, |v| v * factor) }
        }
        // SAFETY: a live float64 CPU tensor whose layout was just read from it.
        (KDL_FLOAT, 64, 1) => unsafe { map_into_new::<f64>(x, &layout, |v| v * factor) },
        _ => Err(args.type_error(
            0,
            "x",
            format_args!("expected a float32 or float64 tensor, got {}", dtype_name(x.dtype)),
        )),
    }
}

/// `example_rust.describe(x)`: the tensor's metadata as text.
fn describe(args: Args<'_>) -> Result<Value, Error> {
    args.expect_count(1, 1)?;
    let x = args.tensor(0, "x")?;
    let layout = Layout::of(x);
    Value::str(&describe_text(&layout.shape, &layout.strides, x.dtype))
}

// ---- helpers ------------------------------------------------------------------------------------

/// A tensor's shape and strides in elements, copied out of its DLTensor.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layout {
    /// The size of every dimension.
    shape: Vec<i64>,
    /// The step of every dimension in elements (C-contiguous when the DLTensor's are null).
    strides: Vec<i64>,
}

impl Layout {
    /// Reads the layout of a live tensor.
    fn of(tensor: &DLTensor) -> Layout {
        let ndim = usize::try_from(tensor.ndim).unwrap_or(0);
        if ndim == 0 || tensor.shape.is_null() {
            return Layout { shape: Vec::new(), strides: Vec::new() };
        }
        // SAFETY: a live DLTensor has `ndim` sizes at `shape`, valid while it is alive.
        let shape = unsafe { std::slice::from_raw_parts(tensor.shape, ndim) }.to_vec();
        let strides = if tensor.strides.is_null() {
            // DLPack allows null strides for C-contiguous data (ferrule itself never uses them).
            contiguous_strides(&shape)
        } else {
            // SAFETY: as for `shape`.
            unsafe { std::slice::from_raw_parts(tensor.strides, ndim) }.to_vec()
        };
        Layout { shape, strides }
    }

    /// The number of elements.
    fn len(&self) -> usize {
        self.shape.iter().map(|&size| usize::try_from(size).unwrap_or(0)).product()
    }
}

/// The strides (in elements) of a C-contiguous tensor of `shape`.
fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1_i64; shape.len()];
    for axis in (0..shape.len().saturating_sub(1)).rev() {
        strides[axis] = strides[axis + 1] * shape[axis + 1].max(1);
    }
    strides
}

/// Calls `visit` with the offset (in elements) of every element of a tensor of `shape` and
/// `strides`, in C order (last axis fastest). Nothing is visited when a dimension is 0; a 0-d
/// tensor has one element, at offset 0.
fn for_each_offset(shape: &[i64], strides: &[i64], mut visit: impl FnMut(isize)) {
    if shape.iter().any(|&size| size <= 0) {
        return;
    }
    let ndim = shape.len();
    let mut index = vec![0_i64; ndim];
    let mut offset = 0_i64; // always sum(index[axis] * strides[axis])
    loop {
        visit(offset as isize);
        // Odometer step: bump the last axis, carrying into earlier ones.
        let mut axis = ndim;
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            offset += strides[axis];
            if index[axis] < shape[axis] {
                break;
            }
            offset -= strides[axis] * index[axis];
            index[axis] = 0;
        }
    }
}

/// A new C-contiguous CPU tensor of `shape` and `dtype`, zero-filled, made through the host's
/// API table.
fn new_tensor(shape: &[i64], dtype: DLDataType) -> Result<Value, Error> {
    let ndim =
        i32::try_from(shape.len()).map_err(|_| Error::value_error(format!("too many dimensions: {}", shape.len())))?;
    let device = DLDevice { device_type: KDL_CPU, device_id: 0 };
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: `ndim` sizes at `shape` and valid out-parameters.
    if unsafe { (api().tensor_create)(shape.as_ptr(), ndim, dtype, device, &mut out, &mut err) } != 0 {
        // SAFETY: on failure the host stored a new error that we now own.
        return Err(unsafe { Error::from_raw_object(err) });
    }
    // SAFETY: on success `out` is a new reference that we now own.
    let object = unsafe { Object::from_raw(out) }
        .ok_or_else(|| Error::runtime_error("tensor_create succeeded without returning a tensor"))?;
    Ok(Value::object(object))
}

/// A new tensor with the shape and dtype of `x` whose elements are `f` of those of `x`.
///
/// # Safety
/// `x` must be a live CPU tensor whose elements are of type `T`, and `layout` its layout.
unsafe fn map_into_new<T: Copy>(x: &DLTensor, layout: &Layout, f: impl Fn(T) -> T) -> Result<Value, Error> {
    let result = new_tensor(&layout.shape, x.dtype)?;
    let count = layout.len();
    if count == 0 {
        return Ok(result);
    }
    let out = result.as_tensor().ok_or_else(|| Error::runtime_error("tensor_create returned a non-tensor"))?;
    // SAFETY: byte_offset stays inside each tensor's allocation (DLPack); both are CPU memory.
    let (source, target) = unsafe {
        (
            x.data.cast::<u8>().add(x.byte_offset as usize).cast::<T>(),
            out.data.cast::<u8>().add(out.byte_offset as usize).cast::<T>(),
        )
    };
    let mut written = 0_usize;
    for_each_offset(&layout.shape, &layout.strides, |offset| {
        // SAFETY: `offset` addresses an element of `x`; `written` < `count`, the element count of
        // the fresh C-contiguous result, which only this function references so far.
        unsafe { target.add(written).write_unaligned(f(source.offset(offset).read_unaligned())) };
        written += 1;
    });
    Ok(result)
}

/// A dtype's name as numpy spells it (`float32`, `int64`, `bool`, ...).
fn dtype_name(dtype: DLDataType) -> String {
    let base = match dtype.code {
        KDL_INT => "int",
        KDL_UINT => "uint",
        KDL_FLOAT => "float",
        KDL_BFLOAT => "bfloat",
        KDL_COMPLEX => "complex",
        KDL_BOOL if dtype.bits == 8 && dtype.lanes == 1 => return "bool".to_owned(),
        _ => return format!("dtype(code={}, bits={}, lanes={})", dtype.code, dtype.bits, dtype.lanes),
    };
    if dtype.lanes == 1 {
        format!("{base}{}", dtype.bits)
    } else {
        format!("{base}{}x{}", dtype.bits, dtype.lanes)
    }
}

/// `(2, 3)`, `(3,)` or `()`, as Python writes a tuple of ints.
fn tuple_text(values: &[i64]) -> String {
    match values {
        [] => "()".to_owned(),
        [only] => format!("({only},)"),
        _ => format!("({})", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// The text `example_rust.describe` returns.
fn describe_text(shape: &[i64], strides: &[i64], dtype: DLDataType) -> String {
    format!("Tensor(shape={}, dtype={}, strides={})", tuple_text(shape), dtype_name(dtype), tuple_text(strides))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets(shape: &[i64], strides: &[i64]) -> Vec<isize> {
        let mut seen = Vec::new();
        for_each_offset(shape, strides, |offset| seen.push(offset));
        seen
    }

    #[test]
    fn offsets_follow_c_order_for_any_strides() {
        assert_eq!(offsets(&[2, 3], &[3, 1]), [0, 1, 2, 3, 4, 5]);
        // A transposed 3x2 buffer seen as 2x3.
        assert_eq!(offsets(&[2, 3], &[1, 2]), [0, 2, 4, 1, 3, 5]);
        // Reversed, and a broadcast (stride 0) axis.
        assert_eq!(offsets(&[3], &[-1]), [0, -1, -2]);
        assert_eq!(offsets(&[2, 2], &[0, 1]), [0, 1, 0, 1]);
    }

    #[test]
    fn empty_and_zero_dimensional_tensors() {
        assert_eq!(offsets(&[], &[]), [0]);
        assert!(offsets(&[2, 0, 3], &[0, 3, 1]).is_empty());
    }

    #[test]
    fn contiguous_strides_are_c_order() {
        assert_eq!(contiguous_strides(&[2, 3, 4]), [12, 4, 1]);
        assert_eq!(contiguous_strides(&[]), Vec::<i64>::new());
    }

    #[test]
    fn dtype_names_match_numpy() {
        let dtype = |code, bits, lanes| DLDataType { code, bits, lanes };
        assert_eq!(dtype_name(dtype(KDL_FLOAT, 32, 1)), "float32");
        assert_eq!(dtype_name(dtype(KDL_INT, 64, 1)), "int64");
        assert_eq!(dtype_name(dtype(KDL_UINT, 8, 1)), "uint8");
        assert_eq!(dtype_name(dtype(KDL_BOOL, 8, 1)), "bool");
        assert_eq!(dtype_name(dtype(KDL_FLOAT, 32, 4)), "float32x4");
        assert_eq!(dtype_name(dtype(9, 7, 1)), "dtype(code=9, bits=7, lanes=1)");
    }

    #[test]
    fn describe_text_reads_like_python() {
        let float32 = DLDataType { code: KDL_FLOAT, bits: 32, lanes: 1 };
        assert_eq!(describe_text(&[2, 3], &[3, 1], float32), "Tensor(shape=(2, 3), dtype=float32, strides=(3, 1))");
        assert_eq!(describe_text(&[4], &[1], float32), "Tensor(shape=(4,), dtype=float32, strides=(1,))");
        assert_eq!(describe_text(&[], &[], float32), "Tensor(shape=(), dtype=float32, strides=())");
    }
}
