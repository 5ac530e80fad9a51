//! The bytes of a file being loaded: a read-only memory map (tensors view it without copies)
//! or, when mapping is refused or not wanted, the file read into memory.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ferrule_core::{DType, Device, Error, ErrorKind, Result, Storage, Tensor};

use super::{os_error, Format};

enum Bytes {
    /// A read-only mapping; the tensors that view it hold an `Arc` of it.
    Map(Arc<memmap2::Mmap>),
    /// The file's bytes (an unmappable file, or `mmap=False`): every tensor is copied out.
    Heap(Vec<u8>),
}

/// A file opened for loading.
pub struct Source {
    path: PathBuf,
    bytes: Bytes,
}

/// How the bytes of one tensor are laid out in the file.
pub(crate) struct Layout<'a> {
    /// The shape as the file states it.
    pub shape: &'a [i64],
    /// The element type.
    pub dtype: DType,
    /// Whether the elements are in Fortran (column-major) order.
    pub fortran: bool,
    /// Whether each element's bytes (each half's, for complex) must be reversed.
    pub byteswap: bool,
}

impl Source {
    /// Opens `path` for `func`: mapped read-only when `mmap` and the file allows it, read into
    /// memory otherwise. Errors: OSError naming the path (missing, unreadable, a directory).
    pub fn open(func: &str, path: &Path, mmap: bool) -> Result<Source> {
        let mut file = File::open(path).map_err(|e| os_error(func, path, "open the file", &e))?;
        let meta = file.metadata().map_err(|e| os_error(func, path, "read the file's metadata", &e))?;
        if meta.is_dir() {
            return Err(super::path_error(ErrorKind::OSError, func, path, "is a directory, not a file"));
        }
        if mmap && meta.is_file() && meta.len() > 0 {
            // SAFETY: the mapping is read-only (PROT_READ, MAP_SHARED). Its bytes change only if
            // another process writes the file in place; ferrule's own saves replace files by a
            // rename and never write into one. Tensors copy or reinterpret the bytes as plain
            // numbers, for which any bit pattern is valid (bool bytes are checked before use).
            if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
                return Ok(Source { path: path.to_owned(), bytes: Bytes::Map(Arc::new(map)) });
            }
        }
        let mut data = Vec::new();
        let hint = usize::try_from(meta.len()).unwrap_or(0);
        data.try_reserve_exact(hint).map_err(|_| Error::memory_error(format!("{func}: reading {hint} bytes")))?;
        file.read_to_end(&mut data).map_err(|e| os_error(func, path, "read the file", &e))?;
        Ok(Source { path: path.to_owned(), bytes: Bytes::Heap(data) })
    }

    /// The path, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// All the bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Map(map) => map,
            Bytes::Heap(data) => data,
        }
    }

    /// The file's length in bytes.
    pub fn len(&self) -> usize {
        self.bytes().len()
    }

    /// Whether the file is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The format the first bytes show: npy's magic, a zip's local header, else safetensors.
    pub fn sniff(&self) -> Format {
        let head = self.bytes();
        if head.starts_with(b"\x93NUMPY") {
            Format::Npy
        } else if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            Format::Npz
        } else {
            Format::Safetensors
        }
    }

    /// The tensor stored in `bytes()[start..start + nbytes]` with `layout`: a read-only view
    /// of the mapping when the bytes are aligned and need no conversion, else a copy.
    pub(crate) fn tensor(&self, start: usize, nbytes: usize, layout: &Layout<'_>) -> Result<Tensor> {
        let dtype = layout.dtype;
        let c_shape: Vec<i64> =
            if layout.fortran { layout.shape.iter().rev().copied().collect() } else { layout.shape.to_vec() };
        let data = &self.bytes()[start..start + nbytes];
        let bool_ok = dtype != DType::Bool || data.iter().all(|&b| b <= 1);
        let tensor = match &self.bytes {
            Bytes::Map(map)
                if !layout.byteswap && bool_ok && (data.as_ptr() as usize).is_multiple_of(dtype.itemsize()) =>
            {
                let owner: Box<dyn std::any::Any + Send + Sync> = Box::new(Arc::clone(map));
                // SAFETY: `data` lies inside the mapping that `owner` keeps alive, so its `nbytes`
                // bytes stay valid until the storage drops `owner`. The storage is marked
                // read-only at once, so ferrule never writes the PROT_READ pages.
                let storage = unsafe { Storage::from_foreign(data.as_ptr().cast_mut(), nbytes, Device::CPU, owner) };
                let strides = ferrule_core::contiguous_strides(&c_shape);
                // SAFETY: the caller checked that `nbytes` is the shape's element count times the
                // itemsize; the elements are plain numbers (bool bytes checked to be 0 or 1 above)
                // and the tensor is read-only, so it is only ever read.
                unsafe { Tensor::from_storage(Arc::new(storage.into_read_only()), c_shape, strides, 0, dtype)? }
            }
            _ => {
                let t = Tensor::from_bytes(data, &c_shape, dtype)?;
                if nbytes > 0 {
                    // SAFETY: `t` is a fresh C-contiguous tensor of exactly `nbytes` bytes that
                    // nothing else references yet.
                    let owned = unsafe { std::slice::from_raw_parts_mut(t.data_ptr(), nbytes) };
                    if layout.byteswap {
                        let unit = if dtype.is_complex() { dtype.itemsize() / 2 } else { dtype.itemsize() };
                        owned.chunks_exact_mut(unit).for_each(<[u8]>::reverse);
                    }
                    if !bool_ok {
                        owned.iter_mut().for_each(|b| *b = u8::from(*b != 0));
                    }
                }
                t
            }
        };
        if layout.fortran && tensor.ndim() > 1 {
            let axes: Vec<usize> = (0..tensor.ndim()).rev().collect();
            tensor.permute(&axes)
        } else {
            Ok(tensor)
        }
    }
}
