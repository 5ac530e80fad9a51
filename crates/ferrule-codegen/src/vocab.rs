//! The shared vocabularies (error kinds, type indices, dtype and device names, ABI constants) as
//! `ferrule-sys` defines them, and how their generated copies are put in place.
//!
//! Most copies are whole generated files (`python/ferrule/_vocab.py`, `go/vocab_gen.go`). Where
//! a copy must live inside a hand-written file (the type-index enum in `ferrule.h`, the exception
//! classes in `ferrule/error.py`, ...), it is a *region* between two marker lines, which the
//! generator rewrites and leaves the rest of the file alone:
//!
//! ```text
//! /* BEGIN ferrule-codegen type-indices: generated from crates/ferrule-sys/src/vocab.rs */
//! ...
//! /* END ferrule-codegen type-indices */
//! ```

use ferrule_sys::{DTypeName, DeviceTypeName, ErrorKind, TypeIndexInfo};

/// Where the vocabularies are defined, as the generated copies name it.
pub const SOURCE: &str = "crates/ferrule-sys/src/vocab.rs";

/// One error kind.
#[derive(Clone, Debug)]
pub struct Kind {
    /// The name ("TypeError").
    pub name: String,
    /// Its documentation, one sentence or more.
    pub doc: String,
    /// Whether it stops a program rather than reports a failure ([`ErrorKind::is_interrupt`]).
    pub interrupt: bool,
}

/// An ABI constant the generated Python copy carries besides the type indices.
#[derive(Clone, Debug)]
pub struct Constant {
    /// Its Python name.
    pub name: &'static str,
    /// Its value.
    pub value: u64,
    /// What it is, for the comment above it.
    pub doc: &'static str,
}

/// Everything the vocabulary emitters write, read from `ferrule-sys` (a test may change it to
/// see every language's copy follow).
#[derive(Clone, Debug)]
pub struct Vocab {
    /// `FERRULE_ABI_VERSION`.
    pub abi_version: u32,
    /// Every error kind, in order.
    pub kinds: Vec<Kind>,
    /// The kind an empty or unknown kind is treated as ([`ErrorKind::FALLBACK`]).
    pub fallback_kind: String,
    /// Every type index, in order.
    pub types: Vec<TypeIndexInfo>,
    /// Every dtype, in order.
    pub dtypes: Vec<DTypeName>,
    /// Every named device type, in order.
    pub devices: Vec<DeviceTypeName>,
    /// The other ABI constants Python's ctypes frontend uses.
    pub constants: Vec<Constant>,
}

impl Vocab {
    /// The vocabularies as `ferrule-sys` defines them.
    pub fn from_sys() -> Vocab {
        let kinds = ErrorKind::ALL
            .iter()
            .map(|k| Kind { name: k.name().to_owned(), doc: k.doc().to_owned(), interrupt: k.is_interrupt() })
            .collect();
        let constants = vec![
            Constant {
                name: "SMALL_CAPACITY",
                value: ferrule_sys::SMALL_CAPACITY as u64,
                doc: "Bytes a SMALL_STR / SMALL_BYTES value holds inline.",
            },
            Constant {
                name: "REGISTER_OVERRIDE",
                value: ferrule_sys::FERRULE_REGISTER_OVERRIDE as u64,
                doc: "ferrule_func_set_global flag: replace an existing function of the same name.",
            },
            Constant {
                name: "FUNC_LONG_RUNNING",
                value: ferrule_sys::FERRULE_FUNC_LONG_RUNNING as u64,
                doc: "ferrule_func_set_global flag: frontends release their interpreter lock around calls.",
            },
            Constant {
                name: "DLPACK_FLAG_BITMASK_READ_ONLY",
                value: ferrule_sys::DLPACK_FLAG_BITMASK_READ_ONLY,
                doc: "DLManagedTensorVersioned.flags: the consumer must not write to the data.",
            },
        ];
        Vocab {
            abi_version: ferrule_sys::FERRULE_ABI_VERSION,
            kinds,
            fallback_kind: ErrorKind::FALLBACK.name().to_owned(),
            types: ferrule_sys::type_index::ALL.to_vec(),
            dtypes: ferrule_sys::DTYPES.to_vec(),
            devices: ferrule_sys::device_type::ALL.to_vec(),
            constants,
        }
    }

    /// The kinds that are errors of the program (every kind but the interrupts).
    pub fn error_kinds(&self) -> impl Iterator<Item = &Kind> {
        self.kinds.iter().filter(|k| !k.interrupt)
    }
}

/// `doc` as plain text for a comment in another language: lines trimmed and joined by spaces,
/// Markdown code marks dropped.
pub fn plain(doc: &str) -> String {
    doc.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ").replace('`', "")
}

/// `text` broken into lines of at most `width` characters (words are never split).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The comment syntax of a file that holds regions.
#[derive(Clone, Copy, Debug)]
pub enum Syntax {
    /// `/* ... */` (C).
    C,
    /// `# ...` (Python).
    Hash,
}

/// A generated region of a hand-written file.
#[derive(Clone, Debug)]
pub struct Region {
    /// The file, relative to the workspace root.
    pub path: &'static str,
    /// The region's name, unique in its file.
    pub name: &'static str,
    /// How the file writes comments.
    pub syntax: Syntax,
    /// What goes between the markers (whole lines).
    pub text: String,
}

impl Region {
    fn begin(&self) -> String {
        let words = format!("BEGIN ferrule-codegen {}: generated from {SOURCE}", self.name);
        match self.syntax {
            Syntax::C => format!("/* {words} */"),
            Syntax::Hash => format!("# {words}"),
        }
    }

    fn end(&self) -> String {
        let words = format!("END ferrule-codegen {}", self.name);
        match self.syntax {
            Syntax::C => format!("/* {words} */"),
            Syntax::Hash => format!("# {words}"),
        }
    }
}

/// `file` with the lines between the region's markers replaced by its text. Each marker must be
/// alone on its line (indentation aside), once, begin before end.
pub fn replace_region(file: &str, region: &Region) -> Result<String, String> {
    // (where the marker's line starts, where the line ends)
    let find = |marker: &str| -> Result<(usize, usize), String> {
        let mut found = file.match_indices(marker).filter_map(|(at, _)| {
            let line_start = file[..at].rfind('\n').map_or(0, |nl| nl + 1);
            let line_end = file[at..].find('\n').map_or(file.len(), |nl| at + nl);
            let alone = file[line_start..at].trim().is_empty() && line_end == at + marker.len();
            alone.then_some((line_start, line_end))
        });
        match (found.next(), found.next()) {
            (Some(line), None) => Ok(line),
            (None, _) => Err(format!("{}: no line `{marker}` (the region {} goes there)", region.path, region.name)),
            (Some(_), Some(_)) => Err(format!("{}: the line `{marker}` appears more than once", region.path)),
        }
    };
    let (_, begin_end) = find(&region.begin())?;
    let (end_start, _) = find(&region.end())?;
    if end_start <= begin_end {
        return Err(format!("{}: the END marker of region {} comes before its BEGIN", region.path, region.name));
    }
    Ok(format!("{}\n{}{}", &file[..begin_end], region.text, &file[end_start..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_replaced_between_their_markers_only() {
        let region = Region { path: "x.h", name: "kinds", syntax: Syntax::C, text: "new 1\nnew 2\n".into() };
        let file = format!("head\n{}\nold\n{}\ntail\n", region.begin(), region.end());
        let out = replace_region(&file, &region).unwrap();
        assert_eq!(out, format!("head\n{}\nnew 1\nnew 2\n{}\ntail\n", region.begin(), region.end()));
        assert_eq!(replace_region(&out, &region).unwrap(), out, "idempotent");
        assert!(replace_region("head\n", &region).unwrap_err().contains("no line"));
        let twice = format!("{file}{}\n", region.begin());
        assert!(replace_region(&twice, &region).unwrap_err().contains("more than once"));
    }

    #[test]
    fn the_vocabulary_comes_from_ferrule_sys() {
        let v = Vocab::from_sys();
        assert!(v.kinds.iter().any(|k| k.name == "ValueError" && !k.interrupt));
        assert!(v.kinds.iter().any(|k| k.name == "KeyboardInterrupt" && k.interrupt));
        assert_eq!(v.error_kinds().count() + 1, v.kinds.len());
        assert!(v.types.iter().any(|t| t.ident == "TENSOR" && t.name == "Tensor"));
        assert!(v.dtypes.iter().any(|d| d.name == "bfloat16"));
        assert_eq!(plain("A `TypeError`\n  (see\n  there)."), "A TypeError (see there).");
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
    }
}
