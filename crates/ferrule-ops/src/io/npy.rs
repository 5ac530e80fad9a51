//! numpy's `.npy` format: a magic string, a version, a Python-literal header
//! (`{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`) padded to 64 bytes, then the
//! elements. Read: versions 1-3, either byte order, C or Fortran order. Written: version 1.0
//! (2.0 when the header needs it), little-endian, C order.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use ferrule_core::{DType, ErrorKind, Result, Tensor};

use super::source::{Layout, Source};
use super::{contiguous, contiguous_bytes, corrupt, dtype_of_kind, path_error, write_all, write_replacing, Format};

const MAGIC: &[u8] = b"\x93NUMPY";

/// numpy's `descr` for `dtype` (little-endian), or None when numpy has no such type.
pub(crate) fn descr(dtype: DType) -> Option<&'static str> {
    Some(match dtype {
        DType::Bool => "|b1",
        DType::Int8 => "|i1",
        DType::Int16 => "<i2",
        DType::Int32 => "<i4",
        DType::Int64 => "<i8",
        DType::UInt8 => "|u1",
        DType::UInt16 => "<u2",
        DType::UInt32 => "<u4",
        DType::UInt64 => "<u8",
        DType::Float16 => "<f2",
        DType::Float32 => "<f4",
        DType::Float64 => "<f8",
        DType::Complex64 => "<c8",
        DType::Complex128 => "<c16",
        DType::BFloat16 => return None,
    })
}

/// The header bytes (magic, version, length, dict, padding, newline) for a C-order tensor.
pub(crate) fn header(func: &str, path: &Path, name: &str, t: &Tensor) -> Result<Vec<u8>> {
    let descr = descr(t.dtype()).ok_or_else(|| {
        let which = if name.is_empty() { String::new() } else { format!("tensor '{name}': ") };
        path_error(
            ErrorKind::TypeError,
            func,
            path,
            format_args!("{which}numpy's .npy format has no {} dtype; save it as .safetensors", t.dtype()),
        )
    })?;
    let shape = match t.shape() {
        [] => "()".to_owned(),
        [n] => format!("({n},)"),
        dims => format!("({})", dims.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")),
    };
    let mut dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}").into_bytes();
    // magic (6) + version (2) + length (2 or 4), then the dict padded with spaces and ended by a
    // newline so that the data starts on a 64-byte boundary.
    let (version, len_bytes) = if dict.len() + 1 + 10 <= 65535 { (1u8, 2) } else { (2u8, 4) };
    let prefix = MAGIC.len() + 2 + len_bytes;
    let total = (prefix + dict.len() + 1).div_ceil(64) * 64;
    dict.resize(total - prefix - 1, b' ');
    dict.push(b'\n');
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version, 0]);
    if version == 1 {
        out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(dict.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(&dict);
    Ok(out)
}

/// Writes one tensor as `.npy` to `path`.
pub(crate) fn save(path: &Path, t: &Tensor) -> Result<()> {
    let t = contiguous("io.save", "", t)?;
    let head = header("io.save", path, "", &t)?;
    write_replacing("io.save", path, |file: &mut File| {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
        write_all("io.save", path, &mut out, &head)?;
        write_all("io.save", path, &mut out, contiguous_bytes(&t))?;
        out.flush().map_err(|e| super::os_error("io.save", path, "write", &e))
    })
}

/// The parsed header of one `.npy` (a file, or a member of an `.npz`).
struct Header {
    dtype: DType,
    byteswap: bool,
    fortran: bool,
    shape: Vec<i64>,
    data_start: usize,
}

/// Loads the `.npy` held in `source.bytes()[start..start + len]` (`member` names an `.npz`
/// member in messages, empty for a plain file).
pub(crate) fn load(source: &Source, start: usize, len: usize, member: &str) -> Result<Tensor> {
    let bytes = &source.bytes()[start..start + len];
    let bad = |what: String| {
        let what = if member.is_empty() { what } else { format!("member '{member}': {what}") };
        let format = if member.is_empty() { Format::Npy } else { Format::Npz };
        corrupt("io.load", source.path(), format, what)
    };
    let h = parse(bytes).map_err(bad)?;
    let numel = h.shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
    let nbytes = numel
        .and_then(|n| usize::try_from(n).ok())
        .and_then(|n| n.checked_mul(h.dtype.itemsize()))
        .ok_or_else(|| bad(format!("shape {:?} is too large", h.shape)))?;
    if bytes.len() - h.data_start < nbytes {
        return Err(bad(format!(
            "the header promises {nbytes} bytes of data but {} follow it (truncated?)",
            bytes.len() - h.data_start
        )));
    }
    let layout = Layout { shape: &h.shape, dtype: h.dtype, fortran: h.fortran, byteswap: h.byteswap };
    source.tensor(start + h.data_start, nbytes, &layout)
}

fn parse(bytes: &[u8]) -> std::result::Result<Header, String> {
    if !bytes.starts_with(MAGIC) {
        return Err("it does not start with numpy's magic string".into());
    }
    let (major, rest) = match bytes.get(6..) {
        Some([major, _minor, rest @ ..]) => (*major, rest),
        _ => return Err("the header is cut short".into()),
    };
    let (hlen, skip) = match (major, rest) {
        (1, [a, b, ..]) => (u16::from_le_bytes([*a, *b]) as usize, 10),
        (2 | 3, [a, b, c, d, ..]) => (u32::from_le_bytes([*a, *b, *c, *d]) as usize, 12),
        (1..=3, _) => return Err("the header is cut short".into()),
        _ => return Err(format!("unsupported .npy version {major}")),
    };
    let text = bytes.get(skip..skip + hlen).ok_or("the header is cut short")?;
    let text = std::str::from_utf8(text).map_err(|_| "the header is not text".to_owned())?;
    let dict = Dict::parse(text)?;
    let descr = dict.descr.ok_or("the header has no 'descr'")?;
    let (order, kind, size) = match descr.as_bytes() {
        [o @ (b'<' | b'>' | b'|' | b'='), k, size @ ..] => (*o, *k, size),
        [k, size @ ..] => (b'|', *k, size),
        [] => return Err("empty 'descr'".into()),
    };
    let size: usize = std::str::from_utf8(size).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let dtype = dtype_of_kind(kind, size)
        .ok_or_else(|| format!("numpy dtype '{descr}' has no ferrule equivalent (ferrule reads bool, ints, uints, float16/32/64 and complex64/128)"))?;
    let big = order == b'>' || (order == b'=' && cfg!(target_endian = "big"));
    Ok(Header {
        dtype,
        byteswap: big != cfg!(target_endian = "big") && dtype.itemsize() > 1,
        fortran: dict.fortran_order.ok_or("the header has no 'fortran_order'")?,
        shape: dict.shape.ok_or("the header has no 'shape'")?,
        data_start: skip + hlen,
    })
}

/// The three keys of an `.npy` header dict.
#[derive(Default)]
struct Dict {
    descr: Option<String>,
    fortran_order: Option<bool>,
    shape: Option<Vec<i64>>,
}

impl Dict {
    /// Parses numpy's header: a Python dict literal of str keys and str, bool or int-tuple values.
    fn parse(text: &str) -> std::result::Result<Dict, String> {
        let mut p = Parser { s: text.as_bytes(), i: 0 };
        let mut dict = Dict::default();
        p.expect(b'{')?;
        loop {
            p.ws();
            if p.eat(b'}') {
                break;
            }
            let key = p.string()?;
            p.ws();
            p.expect(b':')?;
            p.ws();
            match key.as_str() {
                "descr" => {
                    if p.peek() == Some(b'[') {
                        return Err("structured dtypes (a list 'descr') are not supported".into());
                    }
                    dict.descr = Some(p.string()?);
                }
                "fortran_order" => dict.fortran_order = Some(p.boolean()?),
                "shape" => dict.shape = Some(p.int_tuple()?),
                other => return Err(format!("unexpected header key '{other}'")),
            }
            p.ws();
            if !p.eat(b',') {
                p.ws();
                p.expect(b'}')?;
                break;
            }
        }
        Ok(dict)
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.i += usize::from(hit);
        hit
    }
    fn expect(&mut self, c: u8) -> std::result::Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("malformed header: expected '{}' at byte {}", c as char, self.i))
        }
    }
    fn string(&mut self) -> std::result::Result<String, String> {
        let quote = self.peek().filter(|&c| c == b'\'' || c == b'"').ok_or("malformed header: expected a string")?;
        self.i += 1;
        let start = self.i;
        while self.peek().is_some_and(|c| c != quote) {
            self.i += 1;
        }
        let s = std::str::from_utf8(&self.s[start..self.i]).map_err(|_| "malformed header".to_owned())?.to_owned();
        self.expect(quote)?;
        Ok(s)
    }
    fn boolean(&mut self) -> std::result::Result<bool, String> {
        for (word, value) in [("True", true), ("False", false)] {
            if self.s[self.i..].starts_with(word.as_bytes()) {
                self.i += word.len();
                return Ok(value);
            }
        }
        Err("malformed header: 'fortran_order' is not True or False".into())
    }
    fn int_tuple(&mut self) -> std::result::Result<Vec<i64>, String> {
        self.expect(b'(')?;
        let mut dims = Vec::new();
        loop {
            self.ws();
            if self.eat(b')') {
                return Ok(dims);
            }
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            // numpy 1.x on some platforms wrote longs as `3L`.
            let digits = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
            let dim: i64 = digits.parse().map_err(|_| format!("malformed header: bad shape entry at byte {start}"))?;
            self.eat(b'L');
            dims.push(dim);
            self.ws();
            if !self.eat(b',') {
                self.ws();
                self.expect(b')')?;
                return Ok(dims);
            }
        }
    }
}
