//! numpy's `.npz`: a zip archive with one `NAME.npy` member per tensor. Written uncompressed
//! ("stored"), with zip64 records when a member or the archive passes 4 GiB, as `np.savez` does;
//! read from the central directory, so stored members (np.savez) load as views of the mapped
//! file. Compressed members (np.savez_compressed) are refused with a clear error.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use ferrule_core::{ErrorKind, Result, Tensor};

use super::source::Source;
use super::{contiguous, contiguous_bytes, corrupt, npy, os_error, path_error, write_all, write_replacing, Format};

const LOCAL: u32 = 0x0403_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const END: u32 = 0x0605_4b50;
const END64: u32 = 0x0606_4b50;
const END64_LOCATOR: u32 = 0x0706_4b50;
const ZIP64_EXTRA: u16 = 0x0001;
/// An extra field of zeros that readers skip (an ID no zip tool assigns), used to pad each local
/// header so that the member's array data starts on a 64-byte boundary of the file, as the data
/// of a plain `.npy` does: the loaded tensors can then view the mapped file without a copy.
const PADDING_EXTRA: u16 = 0xFE00;
const DATA_ALIGNMENT: u64 = 64;
/// 1980-01-01, the zip format's earliest date (numpy writes the current time; any is valid).
const DOS_DATE: u16 = (1 << 5) | 1;
const U32_MAX: u64 = u32::MAX as u64;

struct Entry {
    name: Vec<u8>,
    crc: u32,
    size: u64,
    offset: u64,
}

impl Entry {
    fn zip64(&self) -> bool {
        self.size >= U32_MAX || self.offset >= U32_MAX
    }
}

fn le16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}
fn le32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}
fn le64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// The fixed fields shared by local and central headers, from "version needed" to the name
/// and extra lengths.
fn common(out: &mut Vec<u8>, e: &Entry, extra_len: u16) {
    let zip64 = e.zip64();
    le16(out, if zip64 { 45 } else { 20 });
    le16(out, if e.name.is_ascii() { 0 } else { 1 << 11 }); // bit 11: the name is UTF-8
    le16(out, 0); // stored
    le16(out, 0); // time
    le16(out, DOS_DATE);
    le32(out, e.crc);
    let size = if zip64 { u32::MAX } else { e.size as u32 };
    le32(out, size);
    le32(out, size);
    le16(out, e.name.len() as u16);
    le16(out, extra_len);
}

/// The local header of `e`, padded so that the array data (`npy_header` bytes after the
/// header) starts on a [`DATA_ALIGNMENT`] boundary.
fn local_header(e: &Entry, npy_header: usize) -> Vec<u8> {
    let zip64_len: u64 = if e.zip64() { 20 } else { 0 };
    let unpadded = e.offset + 30 + e.name.len() as u64 + zip64_len + 4 + npy_header as u64;
    let pad = (DATA_ALIGNMENT - unpadded % DATA_ALIGNMENT) % DATA_ALIGNMENT;
    let mut out = Vec::with_capacity(128 + e.name.len());
    le32(&mut out, LOCAL);
    common(&mut out, e, (zip64_len + 4 + pad) as u16);
    out.extend_from_slice(&e.name);
    if e.zip64() {
        le16(&mut out, ZIP64_EXTRA);
        le16(&mut out, 16);
        le64(&mut out, e.size);
        le64(&mut out, e.size);
    }
    le16(&mut out, PADDING_EXTRA);
    le16(&mut out, pad as u16);
    out.resize(out.len() + pad as usize, 0);
    out
}

fn central_header(out: &mut Vec<u8>, e: &Entry) {
    le32(out, CENTRAL);
    le16(out, 45 | (3 << 8)); // made by: zip 4.5 on Unix
    common(out, e, if e.zip64() { 28 } else { 0 });
    le16(out, 0); // comment length
    le16(out, 0); // disk
    le16(out, 0); // internal attributes
    le32(out, 0o100644 << 16); // a regular file, rw-r--r--
    le32(out, if e.zip64() { u32::MAX } else { e.offset as u32 });
    out.extend_from_slice(&e.name);
    if e.zip64() {
        le16(out, ZIP64_EXTRA);
        le16(out, 24);
        le64(out, e.size);
        le64(out, e.size);
        le64(out, e.offset);
    }
}

/// Writes `tensors` as an uncompressed `.npz` to `path`.
pub(crate) fn save(path: &Path, tensors: &[(String, Tensor)]) -> Result<()> {
    const FUNC: &str = "io.save";
    let mut members = Vec::with_capacity(tensors.len());
    for (name, t) in tensors {
        let t = contiguous(FUNC, name, t)?;
        let head = npy::header(FUNC, path, name, &t)?;
        members.push((format!("{name}.npy"), head, t));
    }
    write_replacing(FUNC, path, |file: &mut File| {
        let mut out = BufWriter::with_capacity(1 << 16, file);
        let mut entries = Vec::with_capacity(members.len());
        let mut offset = 0u64;
        for (name, head, t) in &members {
            let data = contiguous_bytes(t);
            let mut crc = crc32fast::Hasher::new();
            crc.update(head);
            crc.update(data);
            let e = Entry {
                name: name.as_bytes().to_vec(),
                crc: crc.finalize(),
                size: (head.len() + data.len()) as u64,
                offset,
            };
            let local = local_header(&e, head.len());
            write_all(FUNC, path, &mut out, &local)?;
            write_all(FUNC, path, &mut out, head)?;
            write_all(FUNC, path, &mut out, data)?;
            offset += local.len() as u64 + e.size;
            entries.push(e);
            ferrule_core::interrupt::check()?;
        }
        let mut tail = Vec::new();
        for e in &entries {
            central_header(&mut tail, e);
        }
        let (cd_offset, cd_size, count) = (offset, tail.len() as u64, entries.len() as u64);
        if count >= 0xFFFF || cd_offset >= U32_MAX || cd_size >= U32_MAX {
            let end64 = cd_offset + cd_size;
            le32(&mut tail, END64);
            le64(&mut tail, 44);
            le16(&mut tail, 45 | (3 << 8));
            le16(&mut tail, 45);
            le32(&mut tail, 0);
            le32(&mut tail, 0);
            le64(&mut tail, count);
            le64(&mut tail, count);
            le64(&mut tail, cd_size);
            le64(&mut tail, cd_offset);
            le32(&mut tail, END64_LOCATOR);
            le32(&mut tail, 0);
            le64(&mut tail, end64);
            le32(&mut tail, 1);
        }
        le32(&mut tail, END);
        le16(&mut tail, 0);
        le16(&mut tail, 0);
        le16(&mut tail, count.min(0xFFFF) as u16);
        le16(&mut tail, count.min(0xFFFF) as u16);
        le32(&mut tail, cd_size.min(U32_MAX) as u32);
        le32(&mut tail, cd_offset.min(U32_MAX) as u32);
        le16(&mut tail, 0);
        write_all(FUNC, path, &mut out, &tail)?;
        out.flush().map_err(|e| os_error(FUNC, path, "write", &e))
    })
}

fn rd16(b: &[u8], at: usize) -> Option<u64> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?) as u64)
}
fn rd32(b: &[u8], at: usize) -> Option<u64> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?) as u64)
}
fn rd64(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// Loads every `NAME.npy` member of the `.npz` in `source`, in archive order.
pub(crate) fn load(source: &Source) -> Result<Vec<(String, Tensor)>> {
    let b = source.bytes();
    let bad = |what: &str| corrupt("io.load", source.path(), Format::Npz, what);
    let cut = || bad("the zip directory is cut short");
    // The end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
    let lowest = b.len().saturating_sub(22 + 0xFFFF);
    let end = (lowest..=b.len().saturating_sub(22))
        .rev()
        .find(|&i| rd32(b, i) == Some(u64::from(END)))
        .ok_or_else(|| bad("no zip end-of-directory record (not a zip archive?)"))?;
    let mut count = rd16(b, end + 10).ok_or_else(cut)?;
    let mut cd_offset = rd32(b, end + 16).ok_or_else(cut)?;
    if count == 0xFFFF || cd_offset == U32_MAX {
        let locator = end.checked_sub(20).filter(|&i| rd32(b, i) == Some(u64::from(END64_LOCATOR)));
        let locator = locator.ok_or_else(|| bad("a zip64 archive without its zip64 locator"))?;
        let end64 = rd64(b, locator + 8).ok_or_else(cut)? as usize;
        if rd32(b, end64) != Some(u64::from(END64)) {
            return Err(bad("the zip64 end record is missing"));
        }
        count = rd64(b, end64 + 32).ok_or_else(cut)?;
        cd_offset = rd64(b, end64 + 48).ok_or_else(cut)?;
    }
    let mut at = usize::try_from(cd_offset).map_err(|_| cut())?;
    let mut out = Vec::new();
    for _ in 0..count {
        if rd32(b, at) != Some(u64::from(CENTRAL)) {
            return Err(bad("a zip directory entry is damaged"));
        }
        let flags = rd16(b, at + 8).ok_or_else(cut)?;
        let method = rd16(b, at + 10).ok_or_else(cut)?;
        let mut csize = rd32(b, at + 20).ok_or_else(cut)?;
        let mut usize_ = rd32(b, at + 24).ok_or_else(cut)?;
        let nlen = rd16(b, at + 28).ok_or_else(cut)? as usize;
        let xlen = rd16(b, at + 30).ok_or_else(cut)? as usize;
        let clen = rd16(b, at + 32).ok_or_else(cut)? as usize;
        let mut local = rd32(b, at + 42).ok_or_else(cut)?;
        let name = b.get(at + 46..at + 46 + nlen).ok_or_else(cut)?;
        let name = String::from_utf8_lossy(name).into_owned();
        let extra = b.get(at + 46 + nlen..at + 46 + nlen + xlen).ok_or_else(cut)?;
        // zip64 extra field: the 8-byte values of the fields that read 0xFFFFFFFF, in order.
        let mut x = 0;
        while x + 4 <= extra.len() {
            let (id, len) = (rd16(extra, x).unwrap_or(0), rd16(extra, x + 2).unwrap_or(0) as usize);
            if id == u64::from(ZIP64_EXTRA) {
                let mut field = x + 4;
                for value in [&mut usize_, &mut csize, &mut local] {
                    if *value == U32_MAX {
                        *value = rd64(extra, field).ok_or_else(cut)?;
                        field += 8;
                    }
                }
            }
            x += 4 + len;
        }
        at += 46 + nlen + xlen + clen;
        if name.ends_with('/') {
            continue; // a directory entry
        }
        if flags & 1 != 0 {
            return Err(path_error(
                ErrorKind::ValueError,
                "io.load",
                source.path(),
                format_args!("member '{name}' is encrypted, which ferrule does not read"),
            ));
        }
        if method != 0 {
            return Err(path_error(
                ErrorKind::ValueError,
                "io.load",
                source.path(),
                format_args!(
                    "member '{name}' is compressed (zip method {method}, as np.savez_compressed writes), which \
                     ferrule does not read; save it with np.savez, or load it with np.load and pass the arrays \
                     to ferrule.asarray"
                ),
            ));
        }
        if csize != usize_ {
            return Err(bad(&format!("stored member '{name}' has different packed and unpacked sizes")));
        }
        let local = usize::try_from(local).map_err(|_| cut())?;
        if rd32(b, local) != Some(u64::from(LOCAL)) {
            return Err(bad(&format!("the local header of member '{name}' is damaged")));
        }
        let lnlen = rd16(b, local + 26).ok_or_else(cut)? as usize;
        let lxlen = rd16(b, local + 28).ok_or_else(cut)? as usize;
        let start = local + 30 + lnlen + lxlen;
        let size = usize::try_from(csize).map_err(|_| cut())?;
        if start.checked_add(size).is_none_or(|e| e > b.len()) {
            return Err(bad(&format!("member '{name}' runs past the end of the file (truncated?)")));
        }
        let key = name.strip_suffix(".npy").unwrap_or(&name).to_owned();
        out.push((key, npy::load(source, start, size, &name)?));
    }
    Ok(out)
}
