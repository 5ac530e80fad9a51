//! Tensor files: `io.save(path, tensors, format)` and `io.load(path, format, mmap)`, registered
//! functions that Python (`ferrule.save`/`ferrule.load`), Go and C reach through the ABI.
//!
//! Formats: safetensors (the `safetensors` crate: a dict of name -> tensor), `.npy` (one tensor)
//! and `.npz` (an uncompressed zip of `.npy` members: a dict). Loads map the file read-only and
//! hand out tensors viewing the mapping, marked read-only, which keep it alive; a tensor whose
//! bytes are misaligned or need converting (big-endian npy, bool bytes other than 0/1) is
//! copied instead. Saves write a sibling temporary file and rename it over `path`, so a file
//! that loaded tensors still map is never rewritten under them.

mod npy;
mod npz;
mod source;
mod st;

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use ferrule_core::{DType, Error, ErrorKind, Result, Tensor};
use ferrule_registry::{Any, FuncDef, Map, ObjRef, TensorObj};

pub use source::Source;

/// The file formats `io.save` and `io.load` know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.safetensors`: a dict of name -> tensor, little-endian, C order.
    Safetensors,
    /// `.npy`: one tensor (numpy's format, version 1.0 or 2.0).
    Npy,
    /// `.npz`: a zip of `.npy` members, one per name.
    Npz,
}

impl Format {
    /// The format named by `format=` (`"safetensors"`, `"npy"`, `"npz"`).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().trim_start_matches('.') {
            "safetensors" => Some(Format::Safetensors),
            "npy" => Some(Format::Npy),
            "npz" => Some(Format::Npz),
            _ => None,
        }
    }

    /// The format of a path's extension, if it is one of ours.
    pub fn from_extension(path: &Path) -> Option<Format> {
        path.extension().and_then(|e| e.to_str()).and_then(Format::from_name)
    }

    /// The format's name as `format=` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Safetensors => "safetensors",
            Format::Npy => "npy",
            Format::Npz => "npz",
        }
    }
}

/// An error of `kind` that names the function, the path and what went wrong.
pub(crate) fn path_error(kind: ErrorKind, func: &str, path: &Path, what: impl std::fmt::Display) -> Error {
    Error::new(kind, format!("{func}: path '{}': {what}", path.display()))
}

/// An OSError from an I/O failure on `path`, saying what was being done.
pub(crate) fn os_error(func: &str, path: &Path, doing: &str, e: &std::io::Error) -> Error {
    path_error(ErrorKind::OSError, func, path, format_args!("cannot {doing}: {e}"))
}

/// A ValueError for a file whose contents are not a valid file of `format`.
pub(crate) fn corrupt(func: &str, path: &Path, format: Format, what: impl std::fmt::Display) -> Error {
    path_error(ErrorKind::ValueError, func, path, format_args!("not a valid {} file: {what}", format.name()))
}

/// Writes a file the safe way: `fill` writes a sibling temporary file, which then replaces
/// `path` by a rename (so tensors that map the old file keep their bytes). On any error the
/// temporary file is removed and `path` is left as it was.
pub(crate) fn write_replacing(func: &str, path: &Path, fill: impl FnOnce(&mut File) -> Result<()>) -> Result<()> {
    write_replacing_sized(func, path, None, fill)
}

/// [`write_replacing`] for a file of known size `len`: the temporary file's blocks are reserved
/// first (`fallocate`), so a full disk is an OSError before anything is written and the writes
/// then fill blocks already allocated. On ext4 this is what makes a 1 GiB save about twice as fast
/// as writing into a file sized by `ftruncate` (which the `safetensors` package does): delayed
/// allocation makes every page reserve its block, and renaming such a file over another starts
/// writing it back inside `rename` (the filesystem's replace-by-rename safeguard). A file system
/// without `fallocate` is written as [`write_replacing`] does.
pub(crate) fn write_replacing_sized(
    func: &str,
    path: &Path,
    len: Option<u64>,
    fill: impl FnOnce(&mut File) -> Result<()>,
) -> Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| path_error(ErrorKind::ValueError, func, path, "the path names a directory, not a file"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.{}.tmp", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    let temp: PathBuf = path.with_file_name(temp_name);
    let mut file = File::create(&temp).map_err(|e| os_error(func, path, "create the file", &e))?;
    let result = len
        .map_or(Ok(()), |len| reserve(&file, len).map_err(|e| os_error(func, path, "reserve space for the file", &e)))
        .and_then(|()| fill(&mut file))
        .and_then(|()| file.flush().map_err(|e| os_error(func, path, "write", &e)))
        .and_then(|()| {
            drop(file);
            // The file being replaced, held open across the rename: its blocks and cached pages
            // are then freed when this handle closes, on a thread of its own, not inside
            // `rename` on the caller's (a 1 GiB file takes a few hundred milliseconds).
            let replaced = open_replaced(path);
            std::fs::rename(&temp, path).map_err(|e| os_error(func, path, "replace the file", &e))?;
            if let Some(old) = replaced {
                release_elsewhere(old);
            }
            Ok(())
        });
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Allocates `len` bytes of blocks to the empty `file` (its size becomes `len`); nothing where
/// the file system cannot (`EOPNOTSUPP`), which the writes then extend as usual.
fn reserve(file: &File, len: u64) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let Ok(len) = libc::off_t::try_from(len) else { return Err(std::io::Error::from_raw_os_error(libc::EFBIG)) };
        if len == 0 {
            return Ok(());
        }
        // SAFETY: `file` is an open descriptor for the duration of the call; fallocate reads no
        // memory of ours.
        if unsafe { libc::fallocate(file.as_raw_fd(), 0, 0, len) } != 0 {
            let e = std::io::Error::last_os_error();
            return match e.raw_os_error() {
                Some(libc::EOPNOTSUPP | libc::ENOSYS) => Ok(()),
                _ => Err(e),
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (file, len);
    Ok(())
}

/// The regular file at `path` that a rename is about to replace, opened to be closed later; `None`
/// for anything else (no file, a symlink, whose own entry is what is replaced, a directory, a
/// FIFO: opened without `O_NONBLOCK` one would wait for a writer) or one that cannot be read.
fn open_replaced(path: &Path) -> Option<File> {
    if !std::fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // (the entry could change between the check and the open)
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options.open(path).ok()
}

/// Closes `file` on a short-lived thread (where no thread can be started, the refused closure is
/// dropped here, closing it inline).
fn release_elsewhere(file: File) {
    let _ = std::thread::Builder::new().name("ferrule-io-release".into()).spawn(move || drop(file));
}

/// Writes all of `bytes`, or an OSError naming the path.
pub(crate) fn write_all(func: &str, path: &Path, out: &mut impl Write, bytes: &[u8]) -> Result<()> {
    out.write_all(bytes).map_err(|e| os_error(func, path, "write", &e))
}

/// The bytes of a C-contiguous tensor (the caller made it contiguous).
pub(crate) fn contiguous_bytes(t: &Tensor) -> &[u8] {
    debug_assert!(t.is_contiguous());
    if t.nbytes() == 0 {
        return &[];
    }
    // SAFETY: a C-contiguous CPU tensor's `nbytes()` bytes start at `data_ptr()` and stay valid
    // while `t` (which holds the storage) is borrowed.
    unsafe { std::slice::from_raw_parts(t.data_ptr(), t.nbytes()) }
}

/// `t` as a C-contiguous CPU tensor (a copy when it is a strided view).
pub(crate) fn contiguous(func: &str, name: &str, t: &Tensor) -> Result<Tensor> {
    if t.device().device_type != ferrule_core::Device::KDL_CPU {
        return Err(Error::new(
            ErrorKind::ValueError,
            format!("{func}: tensor '{name}' is on {:?}, only CPU tensors can be saved", t.device()),
        ));
    }
    t.contiguous()
}

/// Saves `tensors` (name -> tensor; one tensor for `.npy`) to `path` in `format`.
pub fn save(path: &Path, tensors: &[(String, Tensor)], format: Format) -> Result<()> {
    match format {
        Format::Safetensors => st::save(path, tensors),
        Format::Npz => npz::save(path, tensors),
        Format::Npy => match tensors {
            [(_, t)] => npy::save(path, t),
            _ => Err(Error::new(
                ErrorKind::ValueError,
                format!("io.save: a .npy file holds one tensor, got {}; use .npz or .safetensors", tensors.len()),
            )),
        },
    }
}

/// What a load returns: a dict of tensors, or one tensor for `.npy`.
#[derive(Debug)]
pub enum Loaded {
    /// safetensors and npz: names in file order.
    Dict(Vec<(String, Tensor)>),
    /// npy.
    One(Tensor),
}

/// Loads `path` as `format` (from the extension, else from the file's first bytes when None);
/// `mmap` false copies every tensor into memory of its own and closes the file.
pub fn load(path: &Path, format: Option<Format>, mmap: bool) -> Result<Loaded> {
    let source = Source::open("io.load", path, mmap)?;
    let format = format.or_else(|| Format::from_extension(path)).unwrap_or_else(|| source.sniff());
    match format {
        Format::Safetensors => st::load(&source).map(Loaded::Dict),
        Format::Npz => npz::load(&source).map(Loaded::Dict),
        Format::Npy => npy::load(&source, 0, source.len(), "").map(Loaded::One),
    }
}

fn format_arg(func: &str, args: &[Any], path: &Path) -> ferrule_registry::Result<Option<Format>> {
    let Some(value) = args.get(2).filter(|a| !a.is_none()) else { return Ok(None) };
    let name = value.as_str().ok_or_else(|| {
        ferrule_registry::Error::type_error(format!(
            "{func}: argument 'format' must be a str or None, got {}",
            value.type_name()
        ))
    })?;
    Format::from_name(name).map(Some).ok_or_else(|| {
        ferrule_registry::Error::from(path_error(
            ErrorKind::ValueError,
            func,
            path,
            format_args!("unknown format {name:?} (expected 'safetensors', 'npy' or 'npz')"),
        ))
    })
}

fn path_arg<'a>(func: &str, args: &'a [Any]) -> ferrule_registry::Result<&'a Path> {
    let value = args.first().ok_or_else(|| {
        ferrule_registry::Error::type_error(format!("{func}: missing required argument 'path' (pos 0)"))
    })?;
    let text = value.as_str().ok_or_else(|| {
        ferrule_registry::Error::type_error(format!("{func}: argument 'path' must be a str, got {}", value.type_name()))
    })?;
    if text.is_empty() {
        return Err(ferrule_registry::Error::value_error(format!("{func}: argument 'path' is empty")));
    }
    Ok(Path::new(text))
}

fn tensor_of<'a>(func: &str, name: &str, value: &'a Any) -> ferrule_registry::Result<&'a Tensor> {
    value.downcast::<TensorObj>().map(TensorObj::tensor).ok_or_else(|| {
        ferrule_registry::Error::type_error(format!(
            "{func}: argument 'tensors': the value of '{name}' must be a Tensor, got {}",
            value.type_name()
        ))
    })
}

/// `io.save(path, tensors, format=None)`.
fn save_packed(args: &[Any]) -> ferrule_registry::Result<Any> {
    const FUNC: &str = "io.save";
    let path = path_arg(FUNC, args)?;
    let format = match format_arg(FUNC, args, path)? {
        Some(f) => f,
        None => Format::from_extension(path).ok_or_else(|| {
            path_error(
                ErrorKind::ValueError,
                FUNC,
                path,
                "cannot tell the format from the extension; use .safetensors, .npy or .npz, or pass format=",
            )
        })?,
    };
    let none = Any::NONE;
    let value = args.get(1).unwrap_or(&none);
    let tensors: Vec<(String, Tensor)> = if let Some(map) = value.downcast::<Map>() {
        let mut out = Vec::with_capacity(map.len());
        for (key, v) in map.keys().iter().zip(map.values()) {
            let name = key.as_str().ok_or_else(|| {
                ferrule_registry::Error::type_error(format!(
                    "{FUNC}: argument 'tensors': names must be str, got {}",
                    key.type_name()
                ))
            })?;
            out.push((name.to_owned(), tensor_of(FUNC, name, v)?.clone()));
        }
        if format == Format::Npy && out.len() != 1 {
            return Err(path_error(
                ErrorKind::ValueError,
                FUNC,
                path,
                format_args!("a .npy file holds one tensor, got a dict of {}; use .npz or .safetensors", out.len()),
            )
            .into());
        }
        out
    } else if let Some(t) = value.downcast::<TensorObj>() {
        if format != Format::Npy {
            return Err(ferrule_registry::Error::type_error(format!(
                "{FUNC}: argument 'tensors' must be a dict of name -> Tensor for the {} format, got Tensor",
                format.name()
            )));
        }
        vec![(String::new(), t.tensor().clone())]
    } else {
        return Err(ferrule_registry::Error::type_error(format!(
            "{FUNC}: argument 'tensors' must be a dict of name -> Tensor (or one Tensor for .npy), got {}",
            value.type_name()
        )));
    };
    ferrule_core::interrupt::run(|| save(path, &tensors, format))?;
    Ok(Any::NONE)
}

/// `io.load(path, format=None, mmap=True)`; `format` is argument 2 as in `io.save`.
fn load_packed(args: &[Any]) -> ferrule_registry::Result<Any> {
    const FUNC: &str = "io.load";
    let path = path_arg(FUNC, args)?;
    // io.load's signature is (path, mmap, format): shift so format_arg reads position 2.
    let mmap = match args.get(1).filter(|a| !a.is_none()) {
        None => true,
        Some(v) => v.as_bool().ok_or_else(|| {
            ferrule_registry::Error::type_error(format!(
                "{FUNC}: argument 'mmap' must be a bool, got {}",
                v.type_name()
            ))
        })?,
    };
    let format = format_arg(FUNC, args, path)?;
    match ferrule_core::interrupt::run(|| load(path, format, mmap))? {
        Loaded::One(t) => Ok(Any::object(TensorObj::new(t))),
        Loaded::Dict(items) => {
            let pairs = items.into_iter().map(|(k, t)| (Any::str(&k), Any::object(TensorObj::new(t))));
            Ok(Any::object(ObjRef::new(Map::new(pairs)?)))
        }
    }
}

/// Registers `io.save` and `io.load`.
pub fn register_functions() -> ferrule_registry::Result<()> {
    FuncDef::new("io.save")
        .doc(
            "Saves tensors to path: a dict of name -> Tensor for .safetensors and .npz, one Tensor for .npy. \
             The format comes from the extension unless format= names it ('safetensors', 'npy', 'npz'). \
             Strided tensors are written in C order; the file is replaced atomically.",
        )
        .signature("(path: str, tensors: Any, format: str | None = None) -> None")
        .long_running()
        .register_packed(save_packed)?;
    FuncDef::new("io.load")
        .doc(
            "Loads a .safetensors or .npz file as a dict of name -> Tensor, or a .npy file as one Tensor. \
             With mmap=True (the default) tensors view a read-only memory map of the file, which stays \
             mapped while any of them is alive; mmap=False copies them into memory of their own.",
        )
        .signature("(path: str, mmap: bool = True, format: str | None = None) -> Any")
        .long_running()
        .register_packed(load_packed)?;
    Ok(())
}

/// The dtype of numpy's `descr` kind and size (`'f'`, 4), if ferrule has it.
pub(crate) fn dtype_of_kind(kind: u8, size: usize) -> Option<DType> {
    Some(match (kind, size) {
        (b'b', 1) => DType::Bool,
        (b'i', 1) => DType::Int8,
        (b'i', 2) => DType::Int16,
        (b'i', 4) => DType::Int32,
        (b'i', 8) => DType::Int64,
        (b'u', 1) => DType::UInt8,
        (b'u', 2) => DType::UInt16,
        (b'u', 4) => DType::UInt32,
        (b'u', 8) => DType::UInt64,
        (b'f', 2) => DType::Float16,
        (b'f', 4) => DType::Float32,
        (b'f', 8) => DType::Float64,
        (b'c', 8) => DType::Complex64,
        (b'c', 16) => DType::Complex128,
        _ => return None,
    })
}
