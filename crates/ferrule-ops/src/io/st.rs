//! The safetensors format through the `safetensors` crate (its header type and reader; the
//! writer is ours, for its preallocated file): an 8-byte header length, a JSON
//! header (name -> dtype, shape, data offsets), then the little-endian C-order bytes.

use std::path::Path;

use ferrule_core::{DType, Error, ErrorKind, Result, Tensor};
use safetensors::tensor::{Dtype, Metadata, SafeTensorError, SafeTensors, TensorInfo};

use super::source::{Layout, Source};
use super::{contiguous, contiguous_bytes, corrupt, os_error, path_error, write_all, write_replacing_sized, Format};

fn to_st(dtype: DType) -> Option<Dtype> {
    Some(match dtype {
        DType::Bool => Dtype::BOOL,
        DType::Int8 => Dtype::I8,
        DType::Int16 => Dtype::I16,
        DType::Int32 => Dtype::I32,
        DType::Int64 => Dtype::I64,
        DType::UInt8 => Dtype::U8,
        DType::UInt16 => Dtype::U16,
        DType::UInt32 => Dtype::U32,
        DType::UInt64 => Dtype::U64,
        DType::Float16 => Dtype::F16,
        DType::BFloat16 => Dtype::BF16,
        DType::Float32 => Dtype::F32,
        DType::Float64 => Dtype::F64,
        DType::Complex64 => Dtype::C64,
        DType::Complex128 => return None,
    })
}

fn from_st(dtype: Dtype) -> Option<DType> {
    [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
    ]
    .into_iter()
    .find(|&d| to_st(d) == Some(dtype))
}

/// A C-contiguous tensor as the crate's `View` (its bytes borrowed, never copied).
struct Contiguous {
    tensor: Tensor,
    dtype: Dtype,
    shape: Vec<usize>,
}

/// The crate's error as ferrule's: I/O failures are OSErrors naming the path.
fn convert(func: &str, path: &Path, e: SafeTensorError) -> Error {
    match e {
        SafeTensorError::IoError(io) => os_error(func, path, if func == "io.save" { "write" } else { "read" }, &io),
        other if func == "io.save" => path_error(ErrorKind::ValueError, func, path, other),
        other => corrupt(func, path, Format::Safetensors, other),
    }
}

/// Writes `tensors` as safetensors to `path` (the crate writes a temporary file and renames it).
pub(crate) fn save(path: &Path, tensors: &[(String, Tensor)]) -> Result<()> {
    const FUNC: &str = "io.save";
    let mut views = Vec::with_capacity(tensors.len());
    for (name, t) in tensors {
        let dtype = to_st(t.dtype()).ok_or_else(|| {
            path_error(
                ErrorKind::TypeError,
                FUNC,
                path,
                format_args!("tensor '{name}': the safetensors format has no {} dtype", t.dtype()),
            )
        })?;
        let tensor = contiguous(FUNC, name, t)?;
        let shape = tensor.shape().iter().map(|&d| d as usize).collect();
        views.push((name.as_str(), Contiguous { tensor, dtype, shape }));
    }
    if path.parent().is_some_and(|p| !p.as_os_str().is_empty() && !p.is_dir()) {
        let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
        return Err(os_error(FUNC, path, "create the file (its directory does not exist)", &missing));
    }
    // The header as the crate writes it (its `prepare`): tensors by descending dtype alignment,
    // then by name, each with its data offsets; the JSON padded with spaces to 8 bytes.
    views.sort_by(|(ln, l), (rn, r)| r.dtype.cmp(&l.dtype).then(ln.cmp(rn)));
    let mut infos = Vec::with_capacity(views.len());
    let mut offset = 0usize;
    for (name, v) in &views {
        let n = v.tensor.nbytes();
        infos.push((
            (*name).to_owned(),
            TensorInfo { dtype: v.dtype, shape: v.shape.clone(), data_offsets: (offset, offset + n) },
        ));
        offset += n;
    }
    let metadata = Metadata::new(None, infos).map_err(|e| convert(FUNC, path, e))?;
    let mut header = serde_json::to_string(&metadata)
        .map_err(|e| Error::new(ErrorKind::ValueError, format!("{FUNC}: '{}': the header: {e}", path.display())))?
        .into_bytes();
    header.resize(header.len().next_multiple_of(8), b' ');
    if header.len() > MAX_HEADER_SIZE {
        return Err(convert(FUNC, path, SafeTensorError::HeaderTooLarge));
    }
    let len = 8 + header.len() + offset;
    write_replacing_sized(FUNC, path, Some(len as u64), |file| {
        write_all(FUNC, path, file, &(header.len() as u64).to_le_bytes())?;
        write_all(FUNC, path, file, &header)?;
        for (_, v) in &views {
            write_all(FUNC, path, file, contiguous_bytes(&v.tensor))?;
        }
        Ok(())
    })
}

/// The largest header the crate's reader accepts (its `MAX_HEADER_SIZE`).
const MAX_HEADER_SIZE: usize = 100_000_000;

/// Loads every tensor of the safetensors file in `source`, in the order of their data.
pub(crate) fn load(source: &Source) -> Result<Vec<(String, Tensor)>> {
    const FUNC: &str = "io.load";
    let bytes = source.bytes();
    let (header_len, metadata) = SafeTensors::read_metadata(bytes).map_err(|e| convert(FUNC, source.path(), e))?;
    let data_start = 8 + header_len;
    let mut out = Vec::with_capacity(metadata.tensors().len());
    for name in metadata.offset_keys() {
        let info = metadata.info(&name).ok_or_else(|| corrupt(FUNC, source.path(), Format::Safetensors, &name))?;
        let dtype = from_st(info.dtype).ok_or_else(|| {
            path_error(
                ErrorKind::TypeError,
                FUNC,
                source.path(),
                format_args!("tensor '{name}' has dtype {:?}, which ferrule does not have", info.dtype),
            )
        })?;
        let shape: Vec<i64> = info.shape.iter().map(|&d| d as i64).collect();
        let (begin, end) = info.data_offsets;
        let layout = Layout { shape: &shape, dtype, fortran: false, byteswap: cfg!(target_endian = "big") };
        out.push((name, source.tensor(data_start + begin, end - begin, &layout)?));
    }
    Ok(out)
}
