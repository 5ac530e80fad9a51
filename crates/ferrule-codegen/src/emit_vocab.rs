//! Emits the copies of the shared vocabularies (see [`crate::vocab`]): regions of the C header
//! (`include/ferrule/ferrule.h` and the Go module's copy of it), `python/ferrule/_vocab.py` and
//! regions of the hand-written Python modules that must define or re-export names, and
//! `go/vocab_gen.go`.

use std::fmt::Write;

use crate::header_from;
use crate::vocab::{plain, wrap, Region, Syntax, Vocab, SOURCE};

/// The header files that carry the C regions: the header and the Go module's copy of it.
const C_HEADERS: [&str; 2] = ["include/ferrule/ferrule.h", "go/ferrule.h"];

/// `TypeError` -> `TYPE_ERROR`.
fn upper_snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// A C block comment holding `text`, wrapped to the header's width, at indentation `indent`.
fn c_comment(text: &str, indent: &str) -> String {
    let lines = wrap(text, 94 - indent.len());
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let lead = if i == 0 { "/* " } else { " * " };
        let tail = if i + 1 == lines.len() { " */" } else { "" };
        let _ = writeln!(out, "{indent}{lead}{line}{tail}");
    }
    out
}

/// The C regions, each once per header file.
pub fn c_regions(v: &Vocab) -> Vec<Region> {
    let texts = [
        ("abi-version", format!("#define FERRULE_ABI_VERSION {}\n", v.abi_version)),
        ("type-indices", c_type_indices(v)),
        ("type-names", c_type_names(v)),
        ("error-kinds", c_error_kinds(v)),
    ];
    C_HEADERS
        .iter()
        .flat_map(|path| texts.iter().map(|(name, text)| Region { path, name, syntax: Syntax::C, text: text.clone() }))
        .collect()
}

/// `typedef enum {...} FerruleTypeIndex;` with each index's payload as a trailing comment, aligned
/// as clang-format aligns it (per run of commented lines).
fn c_type_indices(v: &Vocab) -> String {
    let lines: Vec<(String, Option<String>)> = v
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let comma = if i + 1 == v.types.len() { "" } else { "," };
            let code = format!("  FERRULE_TYPE_{} = {}{comma}", t.ident, t.value);
            (code, (!t.name.is_empty()).then(|| format!("/* {} */", plain(t.doc))))
        })
        .collect();
    let mut out = String::from("typedef enum {\n");
    let mut i = 0;
    while i < lines.len() {
        let run_end = (i..lines.len()).find(|&j| lines[j].1.is_none()).map_or(lines.len(), |j| j.max(i + 1));
        let width = lines[i..run_end].iter().map(|(code, _)| code.len()).max().unwrap_or(0);
        for (code, comment) in &lines[i..run_end] {
            match comment {
                Some(comment) => {
                    let _ = writeln!(out, "{code:width$} {comment}");
                }
                None => {
                    let _ = writeln!(out, "{code}");
                }
            }
        }
        i = run_end;
    }
    out.push_str("} FerruleTypeIndex;\n");
    out
}

/// `ferrule_type_name`, `ferrule_dtype_name` and `ferrule_device_type_name`: the names every
/// language's messages use, as static inline functions (nothing to link, plugins included).
fn c_type_names(v: &Vocab) -> String {
    let mut out = c_comment(
        &format!(
            "The name messages use for a value of type index `type_index` (\"int\", \"str\", \"Tensor\", ...): \"{}\" for any other object type, \"{}\" below the object range.",
            ferrule_sys::type_index::name(i32::MAX),
            ferrule_sys::type_index::name(-1)
        ),
        "",
    );
    out.push_str("static inline const char* ferrule_type_name(int32_t type_index) {\n  switch (type_index) {\n");
    let mut names: Vec<&str> = Vec::new();
    for t in &v.types {
        if !t.name.is_empty() && !names.contains(&t.name) {
            names.push(t.name);
        }
    }
    for name in names {
        for t in v.types.iter().filter(|t| t.name == name) {
            let _ = writeln!(out, "    case FERRULE_TYPE_{}:", t.ident);
        }
        let _ = writeln!(out, "      return \"{name}\";");
    }
    let _ = writeln!(
        out,
        "    default:\n      return type_index >= FERRULE_TYPE_STATIC_OBJECT_BEGIN ? \"{}\" : \"{}\";\n  }}\n}}\n",
        ferrule_sys::type_index::name(i32::MAX),
        ferrule_sys::type_index::name(-1)
    );
    out.push_str(&c_comment(
        "The name of a dtype ferrule supports (\"float32\", \"bfloat16\", ...), or NULL for any other DLDataType (lanes other than 1 included).",
        "",
    ));
    out.push_str(
        "static inline const char* ferrule_dtype_name(DLDataType dtype) {\n  if (dtype.lanes != 1) return NULL;\n",
    );
    for d in &v.dtypes {
        let _ = writeln!(
            out,
            "  if (dtype.code == {} && dtype.bits == {}) return \"{}\";",
            dlpack_code_name(d.code),
            d.bits,
            d.name
        );
    }
    out.push_str("  return NULL;\n}\n\n");
    out.push_str(&c_comment(
        "The lowercase name of a DLPack device type (\"cpu\", \"cuda\", ...), or NULL for one ferrule does not name.",
        "",
    ));
    out.push_str(
        "static inline const char* ferrule_device_type_name(int32_t device_type) {\n  switch (device_type) {\n",
    );
    for d in &v.devices {
        let _ = writeln!(out, "    case {}:\n      return \"{}\";", d.value, d.name);
    }
    out.push_str("    default:\n      return NULL;\n  }\n}\n");
    out
}

/// DLPack's enumerator for a type code (`kDLFloat`), as `dlpack.h` spells it.
fn dlpack_code_name(code: u8) -> String {
    use ferrule_sys::dtype_code as c;
    match code {
        c::INT => "kDLInt".into(),
        c::UINT => "kDLUInt".into(),
        c::FLOAT => "kDLFloat".into(),
        c::OPAQUE_HANDLE => "kDLOpaqueHandle".into(),
        c::BFLOAT => "kDLBfloat".into(),
        c::COMPLEX => "kDLComplex".into(),
        c::BOOL => "kDLBool".into(),
        other => other.to_string(),
    }
}

/// One `#define FERRULE_KIND_<NAME> "<Name>"` per error kind, its documentation above it.
fn c_error_kinds(v: &Vocab) -> String {
    let mut out = String::new();
    for (i, k) in v.kinds.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&c_comment(&plain(&k.doc), ""));
        let _ = writeln!(out, "#define FERRULE_KIND_{} \"{}\"", upper_snake(&k.name), k.name);
    }
    out
}

/// `python/ferrule/_vocab.py`.
pub fn python_vocab(v: &Vocab) -> String {
    let mut out = header_from("#", SOURCE);
    out.push_str(
        "\"\"\"The vocabularies every language of ferrule shares, as ``ferrule-sys`` defines them: the ABI\n\
         version and constants, type indices and their names, error kinds, dtype and device names.\"\"\"\n\n",
    );
    let _ = writeln!(
        out,
        "#: The ABI version of include/ferrule/ferrule.h (FERRULE_ABI_VERSION).\nABI_VERSION = {}\n",
        v.abi_version
    );
    out.push_str("# ---- type indices (FerruleTypeIndex) ----\n");
    for t in &v.types {
        let _ = writeln!(out, "#: {}\nTYPE_{} = {}", plain(t.doc), t.ident, t.value);
    }
    let _ = writeln!(
        out,
        "\n#: The name messages use for a value of each type index (any other object type: {:?}).\nTYPE_NAMES: dict[int, str] = {{",
        ferrule_sys::type_index::name(i32::MAX)
    );
    for t in v.types.iter().filter(|t| !t.name.is_empty()) {
        let _ = writeln!(out, "    {}: {:?},", t.value, t.name);
    }
    out.push_str("}\n\n# ---- other ABI constants ----\n");
    for c in &v.constants {
        let _ = writeln!(out, "#: {}\n{} = {}", c.doc, c.name, c.value);
    }
    out.push_str("\n# ---- error kinds ----\n#: Every error kind: the name of the Python exception it becomes.\nERROR_KINDS: tuple[str, ...] = (\n");
    for k in &v.kinds {
        let _ = writeln!(out, "    {:?},", k.name);
    }
    out.push_str(")\n#: The kinds that stop a program rather than report a failure: raised as the builtin class.\nINTERRUPT_KINDS: tuple[str, ...] = (\n");
    for k in v.kinds.iter().filter(|k| k.interrupt) {
        let _ = writeln!(out, "    {:?},", k.name);
    }
    let _ =
        write!(out, ")\n#: The kind an empty or unknown kind is treated as.\nFALLBACK_KIND = {:?}\n", v.fallback_kind);
    out.push_str("\n# ---- dtypes and devices ----\n#: Every dtype ferrule supports: (name, DLPack type code, bits).\nDTYPES: tuple[tuple[str, int, int], ...] = (\n");
    for d in &v.dtypes {
        let _ = writeln!(out, "    ({:?}, {}, {}),", d.name, d.code, d.bits);
    }
    out.push_str(")\n#: DLPack device type -> its lowercase name.\nDEVICE_TYPES: dict[int, str] = {\n");
    for d in &v.devices {
        let _ = writeln!(out, "    {}: {:?},", d.value, d.name);
    }
    out.push_str("}\n");
    for d in &v.devices {
        let _ = writeln!(out, "KDL_{} = {}", d.name.to_ascii_uppercase(), d.value);
    }
    out
}

/// The Python regions: the exception classes of `ferrule/error.py`, and their re-export by the
/// `ferrule` package (runtime and stubs).
pub fn python_regions(v: &Vocab) -> Vec<Region> {
    let mut classes = String::from("__all__ = [\n    \"Error\",\n");
    for k in v.error_kinds() {
        let _ = writeln!(classes, "    {:?},", k.name);
    }
    classes.push_str("    \"ERROR_TYPES\",\n]\n");
    for k in v.error_kinds() {
        let doc = wrap(&plain(&k.doc), 110);
        let _ = write!(classes, "\n\nclass {0}(Error, builtins.{0}):\n    \"\"\"{1}", k.name, doc.join("\n    "));
        classes.push_str(if doc.len() > 1 { "\n    \"\"\"\n" } else { "\"\"\"\n" });
    }
    classes.push_str("\n\n#: kind name -> exception class, as the extension uses it to raise native errors.\nERROR_TYPES: dict[str, type[Error]] = {\n");
    for k in &v.kinds {
        if k.interrupt {
            let _ = writeln!(classes, "    {0:?}: builtins.{0},  # type: ignore[dict-item]", k.name);
        } else {
            let _ = writeln!(classes, "    {0:?}: {0},", k.name);
        }
    }
    classes.push_str("}\n");

    let mut sorted: Vec<&str> = v.error_kinds().map(|k| k.name.as_str()).chain(["Error"]).collect();
    sorted.sort_unstable();
    let mut imports = String::from("from .error import (\n");
    for name in &sorted {
        let _ = writeln!(imports, "    {name},");
    }
    imports.push_str(")\n\n");
    let mut stub_imports = String::new();
    for name in &sorted {
        let _ = writeln!(stub_imports, "from .error import (\n    {name} as {name},\n)");
    }
    stub_imports.push('\n');
    let mut names = String::from("    \"Error\",\n");
    for k in v.error_kinds() {
        let _ = writeln!(names, "    {:?},", k.name);
    }

    let region = |path, name, text: &String| Region { path, name, syntax: Syntax::Hash, text: text.clone() };
    vec![
        region("python/ferrule/error.py", "error-classes", &classes),
        region("python/ferrule/__init__.py", "error-imports", &imports),
        region("python/ferrule/__init__.py", "error-names", &names),
        region("python/ferrule/__init__.pyi", "error-imports", &stub_imports),
        region("python/ferrule/__init__.pyi", "error-names", &names),
    ]
}

/// The Go name of a dtype (`bfloat16` -> `BFloat16`, `uint8` -> `Uint8`).
fn go_dtype_name(name: &str) -> String {
    let mut out = name[..1].to_ascii_uppercase() + &name[1..];
    if let Some(rest) = out.strip_prefix("Bfloat") {
        out = format!("BFloat{rest}");
    }
    out
}

/// The Go names of the generated dtypes and error kinds: generated operators must not take them.
pub fn go_names(v: &Vocab) -> Vec<String> {
    v.kinds.iter().map(|k| format!("Kind{}", k.name)).chain(v.dtypes.iter().map(|d| go_dtype_name(d.name))).collect()
}

/// Lines `key: value,` with the values aligned as gofmt aligns them.
fn go_aligned(entries: &[(String, String)], indent: &str) -> String {
    let width = entries.iter().map(|(k, _)| k.len() + 1).max().unwrap_or(0);
    let mut out = String::new();
    for (k, v) in entries {
        let key = format!("{k}:");
        let _ = writeln!(out, "{indent}{key:width$} {v},");
    }
    out
}

/// `go/vocab_gen.go`.
pub fn go_vocab(v: &Vocab) -> String {
    let mut out = header_from("//", SOURCE);
    out.push_str(
        "// The vocabularies every language of ferrule shares, as ferrule-sys defines them.\n\npackage ferrule\n\n",
    );
    out.push_str("// Error kinds: the names of the Python exceptions ferrule errors map to (Error.Kind). An\n// error may carry a kind outside this list: it is kept as given.\nconst (\n");
    // (each under its own comment, so gofmt aligns nothing)
    for k in &v.kinds {
        for line in wrap(&plain(&k.doc), 92) {
            let _ = writeln!(out, "\t// {line}");
        }
        let _ = writeln!(out, "\tKind{} = {:?}", k.name, k.name);
    }
    out.push_str(")\n\n// The element types ferrule supports.\nvar (\n");
    let width = v.dtypes.iter().map(|d| go_dtype_name(d.name).len()).max().unwrap_or(0);
    for d in &v.dtypes {
        let _ =
            writeln!(out, "\t{:width$} = DType{{Code: {}, Bits: {}, Lanes: 1}}", go_dtype_name(d.name), d.code, d.bits);
    }
    out.push_str(")\n\n// dtypeNames maps each supported DType to its name.\nvar dtypeNames = map[DType]string{\n");
    let entries: Vec<_> = v.dtypes.iter().map(|d| (go_dtype_name(d.name), format!("{:?}", d.name))).collect();
    out.push_str(&go_aligned(&entries, "\t"));
    out.push_str("}\n\n// deviceTypeNames maps DLPack device types to their lowercase names.\nvar deviceTypeNames = map[int32]string{\n");
    let entries: Vec<_> = v.devices.iter().map(|d| (d.value.to_string(), format!("{:?}", d.name))).collect();
    out.push_str(&go_aligned(&entries, "\t"));
    out.push_str("}\n\n// typeNames maps type indices to the names messages use for their values.\nvar typeNames = map[int32]string{\n");
    let entries: Vec<_> =
        v.types.iter().filter(|t| !t.name.is_empty()).map(|t| (t.value.to_string(), format!("{:?}", t.name))).collect();
    out.push_str(&go_aligned(&entries, "\t"));
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every copy of every language, as one text per language.
    fn copies(v: &Vocab) -> [String; 3] {
        let regions = |paths: &[&str]| -> String {
            c_regions(v)
                .into_iter()
                .chain(python_regions(v))
                .filter(|r| paths.contains(&r.path))
                .map(|r| r.text)
                .collect()
        };
        let c = regions(&["include/ferrule/ferrule.h"]);
        let python = python_vocab(v) + &regions(&["python/ferrule/error.py", "python/ferrule/__init__.py"]);
        [c, python, go_vocab(v)]
    }

    #[test]
    fn a_renamed_error_kind_changes_c_python_and_go_together() {
        let mut v = Vocab::from_sys();
        let [c, python, go] = copies(&v);
        assert!(c.contains("#define FERRULE_KIND_ZERO_DIVISION_ERROR \"ZeroDivisionError\""), "{c}");
        assert!(python.contains("class ZeroDivisionError(Error, builtins.ZeroDivisionError):"), "{python}");
        assert!(go.contains("\tKindZeroDivisionError = \"ZeroDivisionError\""), "{go}");

        let kind = v.kinds.iter_mut().find(|k| k.name == "ZeroDivisionError").expect("a kind of ferrule-sys");
        kind.name = "ArithmeticError".to_owned();
        for (language, text) in ["C", "Python", "Go"].into_iter().zip(copies(&v)) {
            assert!(!text.contains("ZeroDivision"), "{language} still has the old name:\n{text}");
        }
        let [c, python, go] = copies(&v);
        assert!(c.contains("#define FERRULE_KIND_ARITHMETIC_ERROR \"ArithmeticError\""), "{c}");
        assert!(python.contains("class ArithmeticError(Error, builtins.ArithmeticError):"), "{python}");
        assert!(python.contains("    \"ArithmeticError\",\n"), "ERROR_KINDS and __all__: {python}");
        assert!(python.contains("    ArithmeticError,\n"), "the ferrule package's import: {python}");
        assert!(go.contains("\tKindArithmeticError = \"ArithmeticError\""), "{go}");
    }

    #[test]
    fn the_type_names_are_one_table_in_every_language() {
        let v = Vocab::from_sys();
        let [c, python, go] = copies(&v);
        for t in v.types.iter().filter(|t| !t.name.is_empty()) {
            assert!(c.contains(&format!("    case FERRULE_TYPE_{}:", t.ident)), "{}", t.ident);
            assert!(python.contains(&format!("    {}: {:?},", t.value, t.name)), "{}", t.ident);
            let entry = |l: &&str| l.starts_with(&format!("\t{}:", t.value)) && l.ends_with(&format!(" {:?},", t.name));
            assert!(go.lines().any(|l| entry(&l)), "{}", t.ident);
        }
        for d in &v.dtypes {
            assert!(c.contains(&format!("return \"{}\";", d.name)), "{}", d.name);
            assert!(python.contains(&format!("({:?}, {}, {}),", d.name, d.code, d.bits)), "{}", d.name);
            let go_line = go.lines().find(|l| l.trim_start().starts_with(&format!("{} ", go_dtype_name(d.name))));
            let want = format!("= DType{{Code: {}, Bits: {}, Lanes: 1}}", d.code, d.bits);
            assert!(go_line.is_some_and(|l| l.ends_with(&want)), "{}: {go_line:?}", d.name);
        }
        assert_eq!(go_dtype_name("bfloat16"), "BFloat16");
        assert_eq!(go_dtype_name("uint8"), "Uint8");
        assert_eq!(upper_snake("NotImplementedError"), "NOT_IMPLEMENTED_ERROR");
    }
}
