//! Emits `go/ops_gen.go`: one typed Go wrapper per operator over the packed API of the `ferrule`
//! Go package (its `opSpec` machinery lives in the hand-written `go/ops.go`), and one option
//! function per distinct keyword-argument name.
//!
//! Required arguments (no default) become parameters of the wrapper; every argument with a
//! default becomes an option (`ferrule.Axis(1)`, `ferrule.Keepdims(true)`, `ferrule.Out(t)`);
//! `*args` becomes a slice parameter.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::schema::{Kind, Op};
use crate::{header, signature_text};

/// Exported identifiers written by hand in the Go package (those of `go/vocab_gen.go` come from
/// [`crate::emit_vocab::go_names`]). A generated option whose natural name is one of these (or an
/// operator's name) gets a `With` prefix (`dtype=` -> `WithDType`); an operator whose name is one
/// of these is an error. Keep in sync with `go/*.go` (go/codegen_test.go checks).
pub const HAND_WRITTEN: &[&str] = &[
    "ABIVersion",
    "Adam",
    "AdamOptions",
    "AllowUnused",
    "Backward",
    "CPU",
    "CreateGraph",
    "DType",
    "Data",
    "DefaultAdamOptions",
    "Device",
    "DeviceTypeCPU",
    "DeviceTypeCUDA",
    "Ellipsis",
    "EnableGrad",
    "Error",
    "FromBools",
    "FromFloat32s",
    "FromFloat64s",
    "FromInt32s",
    "FromInt64s",
    "Function",
    "Generator",
    "GetGlobalFunc",
    "Grad",
    "GradOption",
    "IsGradEnabled",
    "LibraryABIVersion",
    "ListGlobalFuncNames",
    "LiveObjectCount",
    "Load",
    "LoadLibrary",
    "NewAdam",
    "LoadTensor",
    "NewFunction",
    "NewGenerator",
    "NewGeneratorAt",
    "NewGeneratorFromEntropy",
    "NewSGD",
    "NewScalar",
    "NewTensor",
    "NewZeros",
    "NoGrad",
    "Number",
    "Object",
    "OpaquePtr",
    "Optimizer",
    "Option",
    "Profile",
    "ProfileEvent",
    "ProfileOption",
    "Record",
    "RecordMemory",
    "RecordShapes",
    "Recording",
    "RegisterFunc",
    "RegisterOption",
    "RemoveGlobalFunc",
    "RetainGraph",
    "SGD",
    "SGDOptions",
    "Save",
    "SaveTensor",
    "Slice",
    "Tensor",
    "UnsafeData",
    "WithBackward",
    "WithDoc",
    "WithGradients",
    "WithLongRunning",
    "WithOverride",
    "WithSignature",
];

/// Words written in capitals in Go names (`mm` -> `MM`, `from_dlpack` -> `FromDLPack`).
const INITIALISMS: &[(&str, &str)] = &[
    ("abi", "ABI"),
    ("api", "API"),
    ("bmm", "BMM"),
    ("cpu", "CPU"),
    ("cuda", "CUDA"),
    ("dlpack", "DLPack"),
    ("dtype", "DType"),
    ("fft", "FFT"),
    ("fftn", "FFTN"),
    ("id", "ID"),
    ("ifft", "IFFT"),
    ("ifftn", "IFFTN"),
    ("irfft", "IRFFT"),
    ("json", "JSON"),
    ("lu", "LU"),
    ("mm", "MM"),
    ("nan", "NaN"),
    ("qr", "QR"),
    ("rfft", "RFFT"),
    ("svd", "SVD"),
    ("utf8", "UTF8"),
];

/// Go keywords, predeclared identifiers, and the locals of a wrapper's body: a parameter named
/// like one of these gets an `Arg` suffix.
const RESERVED_LOCALS: &[&str] = &[
    "break",
    "case",
    "chan",
    "const",
    "continue",
    "default",
    "defer",
    "else",
    "fallthrough",
    "for",
    "func",
    "go",
    "goto",
    "if",
    "import",
    "interface",
    "map",
    "package",
    "range",
    "return",
    "select",
    "struct",
    "switch",
    "type",
    "var",
    "any",
    "append",
    "bool",
    "byte",
    "cap",
    "clear",
    "close",
    "complex",
    "complex128",
    "complex64",
    "copy",
    "delete",
    "error",
    "false",
    "float32",
    "float64",
    "imag",
    "int",
    "int16",
    "int32",
    "int64",
    "int8",
    "iota",
    "len",
    "make",
    "max",
    "min",
    "new",
    "nil",
    "panic",
    "print",
    "println",
    "real",
    "recover",
    "rune",
    "string",
    "true",
    "uint",
    "uint16",
    "uint32",
    "uint64",
    "uint8",
    "uintptr",
    "opts",
    "tensorArgs",
];

/// The Go type of a schema argument type, as a wrapper parameter or option value.
fn go_type(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "Tensor" | "Tensor?" => "*Tensor",
        "TensorList" => "[]*Tensor",
        "int" | "int?" | "axis" => "int64",
        "float" | "float?" => "float64",
        "bool" | "bool?" => "bool",
        "str" | "str?" => "string",
        "dtype" | "dtype?" => "DType",
        "device?" => "Device",
        "shape" | "int_list?" => "[]int64",
        "TensorLike" | "TensorLike?" | "Scalar" | "Scalar?" | "axes" | "Any" => "any",
        _ => return None,
    })
}

/// The Go result type of a schema return type ("" for none) and the `opSpec` method converting
/// the packed result to it.
fn go_return(ty: &str) -> Option<(&'static str, &'static str)> {
    Some(match ty {
        "Tensor" => ("*Tensor", "tensor"),
        "TensorTuple" | "TensorList" => ("[]*Tensor", "tensors"),
        "bool" => ("bool", "bool"),
        "int" => ("int64", "int"),
        "float" => ("float64", "float"),
        "str" => ("string", "string"),
        "None" => ("", "none"),
        "Any" => ("any", "any"),
        _ => return None,
    })
}

fn capitalize(word: &str) -> String {
    if let Some(&(_, special)) = INITIALISMS.iter().find(|(w, _)| *w == word) {
        return special.to_owned();
    }
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `linalg.vector_norm` -> `LinalgVectorNorm`, `mm` -> `MM`.
pub fn go_name(name: &str) -> String {
    name.split(['.', '_']).filter(|w| !w.is_empty()).map(capitalize).collect()
}

/// `fill_value` -> `fillValue`; a Go keyword or predeclared name gets an `Arg` suffix.
fn go_param(name: &str) -> String {
    let mut words = name.split('_').filter(|w| !w.is_empty());
    let mut out = words.next().unwrap_or("arg").to_owned();
    out.extend(words.map(capitalize));
    if RESERVED_LOCALS.contains(&out.as_str()) {
        out.push_str("Arg");
    }
    out
}

/// A YAML default as a Go expression of the value passed to the packed call.
fn go_default(v: &serde_yaml_ng::Value) -> Result<String, String> {
    use serde_yaml_ng::Value;
    Ok(match v {
        Value::Null => "nil".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => format!("int64({i})"),
            None => {
                let f = n.as_f64().ok_or("unsupported number")?;
                if f.is_nan() {
                    "math.NaN()".into()
                } else if f.is_infinite() {
                    format!("math.Inf({})", if f > 0.0 { 1 } else { -1 })
                } else {
                    format!("float64({f:?})")
                }
            }
        },
        Value::String(s) => go_quote(s),
        Value::Sequence(items) => {
            let items = items.iter().map(go_default).collect::<Result<Vec<_>, _>>()?;
            format!("[]any{{{}}}", items.join(", "))
        }
        other => {
            return Err(format!(
                "unsupported default {other:?} (use an int, float, string, bool, null or a list of them)"
            ))
        }
    })
}

/// A Go interpreted string literal.
fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The first paragraph of a doc string, as `//` comment lines.
fn doc_lines(doc: &str) -> String {
    doc.trim()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| format!("// {}", l.trim_end()).trim_end().to_owned() + "\n")
        .collect()
}

/// One distinct keyword-argument name: the Go function making its `Option`, and its value type.
struct OptionFn {
    func: String,
    ty: &'static str,
    used_by: Vec<String>,
}

/// The option functions of every argument that has a default, keyed by argument name.
fn option_fns(
    ops: &[Op],
    op_names: &BTreeSet<String>,
    reserved: &BTreeSet<&str>,
) -> Result<BTreeMap<String, OptionFn>, String> {
    let mut types: BTreeMap<&str, (BTreeSet<&'static str>, Vec<String>)> = BTreeMap::new();
    for op in ops {
        for a in op.args.iter().filter(|a| a.kind != Kind::VarPositional && a.default.is_some()) {
            let ty = go_type(&a.ty)
                .ok_or_else(|| format!("op {}: argument {}: no Go type for {}", op.name, a.name, a.ty))?;
            let entry = types.entry(a.name.as_str()).or_default();
            entry.0.insert(ty);
            entry.1.push(go_name(&op.name));
        }
    }
    let mut out = BTreeMap::new();
    for (name, (tys, used_by)) in types {
        let natural = go_name(name);
        let taken = |n: &str| reserved.contains(n) || op_names.contains(n);
        let func = if taken(&natural) { format!("With{natural}") } else { natural };
        if taken(&func) {
            return Err(format!("the option for keyword argument '{name}' would be named {func}, which is taken"));
        }
        let ty = if tys.len() == 1 { tys.into_iter().next().unwrap_or("any") } else { "any" };
        out.insert(name.to_owned(), OptionFn { func, ty, used_by });
    }
    Ok(out)
}

/// `go/ops_gen.go`. `vocab_names` are the exported names of `go/vocab_gen.go`, which no
/// operator or option may take either.
pub fn ops_go(ops: &[Op], vocab_names: &[String]) -> Result<String, String> {
    let reserved: BTreeSet<&str> = HAND_WRITTEN.iter().copied().chain(vocab_names.iter().map(String::as_str)).collect();
    let mut op_names = BTreeSet::new();
    for op in ops {
        let name = go_name(&op.name);
        if reserved.contains(name.as_str()) {
            return Err(format!("op {}: its Go name {name} is taken by the hand-written Go API", op.name));
        }
        if !op_names.insert(name.clone()) {
            return Err(format!("op {}: its Go name {name} is used by another op", op.name));
        }
    }
    let options = option_fns(ops, &op_names, &reserved)?;

    let mut body = String::new();
    for op in ops {
        body.push('\n');
        body.push_str(&wrapper(op, &options)?);
    }
    if !options.is_empty() {
        body.push_str("\n// Keyword options: one per keyword-argument name of the schema.\n");
    }
    for (name, o) in &options {
        let mut users = o.used_by.clone();
        users.dedup();
        let _ = write!(
            body,
            "\n// {} sets the keyword argument {name} (of {}).\nfunc {}(v {}) Option {{ return Option{{name: {}, value: v}} }}\n",
            o.func,
            users.join(", "),
            o.func,
            o.ty,
            go_quote(name)
        );
    }

    let mut out = header("//");
    out.push_str("// The operators of schema/ops.yaml as typed Go functions over the packed API (see ops.go).\n\npackage ferrule\n");
    if body.contains("math.") {
        out.push_str("\nimport \"math\"\n");
    }
    out.push_str(&body);
    Ok(out)
}

fn wrapper(op: &Op, options: &BTreeMap<String, OptionFn>) -> Result<String, String> {
    let name = go_name(&op.name);
    let spec = format!("op{name}");
    let (ret_ty, convert) =
        go_return(&op.returns).ok_or_else(|| format!("op {}: no Go type for return type {}", op.name, op.returns))?;

    let mut params = Vec::new(); // Go parameters of the wrapper
    let mut required = Vec::new(); // values passed as the required arguments
    let mut specs = Vec::new(); // opParam literals
    let mut option_names = Vec::new();
    let mut variadic = None;
    for a in &op.args {
        let ty =
            go_type(&a.ty).ok_or_else(|| format!("op {}: argument {}: no Go type for {}", op.name, a.name, a.ty))?;
        let param = go_param(&a.name);
        if a.kind == Kind::VarPositional {
            let (slice_ty, pass) = match a.ty.as_str() {
                "TensorList" => ("[]*Tensor", format!("tensorArgs({param})")),
                "Any" => ("[]any", param.clone()),
                other => return Err(format!("op {}: *{} must be TensorList or Any, not {other}", op.name, a.name)),
            };
            params.push(format!("{param} {slice_ty}"));
            variadic = Some(pass);
            continue;
        }
        match &a.default {
            None => {
                params.push(format!("{param} {ty}"));
                required.push(param);
                specs.push(format!("{{name: {}, required: true}}", go_quote(&a.name)));
            }
            Some(d) => {
                let def = go_default(d).map_err(|e| format!("op {}: argument {}: {e}", op.name, a.name))?;
                specs.push(format!("{{name: {}, def: {def}}}", go_quote(&a.name)));
                option_names.push(options.get(&a.name).map_or_else(|| a.name.clone(), |o| o.func.clone()));
            }
        }
    }
    if !option_names.is_empty() {
        params.push("opts ...Option".into());
    }

    let mut f = String::new();
    let _ = writeln!(
        f,
        "var {spec} = &opSpec{{name: {}, goName: {}, params: []opParam{{{}}}, variadic: {}}}\n",
        go_quote(&op.registered_name()),
        go_quote(&name),
        specs.join(", "),
        variadic.is_some()
    );
    let _ = writeln!(f, "// {name} calls the operator {}.\n//", op.registered_name());
    f.push_str(&doc_lines(&op.doc));
    let _ = writeln!(f, "//\n// Signature: {}{}", op.registered_name(), signature_text(op)?);
    if !option_names.is_empty() {
        let _ = writeln!(f, "// Options: {}.", option_names.join(", "));
    }
    let results = if ret_ty.is_empty() { "error".to_owned() } else { format!("({ret_ty}, error)") };
    let _ = writeln!(f, "func {name}({}) {results} {{", params.join(", "));
    let req = if required.is_empty() { "nil".to_owned() } else { format!("[]any{{{}}}", required.join(", ")) };
    let var = variadic.unwrap_or_else(|| "nil".into());
    let opts = if option_names.is_empty() { "nil" } else { "opts" };
    let _ = writeln!(f, "\treturn {spec}.{convert}({spec}.call({req}, {var}, {opts}))\n}}");
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHEMA: &str = r#"
- name: add
  rust: elementwise::add
  args:
    - {name: x1, type: TensorLike, kind: positional_only}
    - {name: x2, type: TensorLike, kind: positional_only}
    - {name: out, type: Tensor?, default: null, kind: keyword_only}
  returns: Tensor
  backward: null
  doc: |
    Adds x1 and x2 elementwise, broadcasting.
    Scalars are weak.

    >>> ferrule.add(1, 2)
- name: mm
  rust: linalg::mm
  args:
    - {name: x1, type: Tensor}
    - {name: x2, type: Tensor}
  returns: Tensor
  backward: null
  doc: Matrix product of two 2-D tensors.
- name: sum
  rust: reduce::sum
  args:
    - {name: x, type: Tensor}
    - {name: axis, type: axes, default: null}
    - {name: dtype, type: dtype?, default: null, kind: keyword_only}
    - {name: keepdims, type: bool, default: false, kind: keyword_only}
  returns: Tensor
  backward: null
  doc: Sum of elements.
- name: linalg.vector_norm
  rust: linalg::vector_norm
  args:
    - {name: x, type: Tensor}
    - {name: axis, type: axis, default: null, kind: keyword_only}
    - {name: ord, type: float, default: .inf, kind: keyword_only}
    - {name: keepdims, type: bool, default: false, kind: keyword_only}
  returns: Tensor
  backward: null
  doc: Vector norm.
- name: meshgrid
  rust: creation::meshgrid
  args:
    - {name: arrays, type: TensorList, kind: var_positional}
    - {name: indexing, type: str, default: "xy", kind: keyword_only}
  returns: TensorList
  backward: null
  doc: Coordinate matrices.
- name: can_cast
  rust: dtypes::can_cast
  args:
    - {name: from_, type: dtype}
    - {name: type, type: dtype}
  returns: bool
  backward: null
  doc: Whether a cast is allowed.
"#;

    fn generate() -> String {
        let ops = crate::schema::parse(SCHEMA).expect("schema parses");
        ops_go(&ops, &[]).expect("emits")
    }

    #[test]
    fn names() {
        assert_eq!(go_name("mm"), "MM");
        assert_eq!(go_name("matmul"), "Matmul");
        assert_eq!(go_name("linalg.vector_norm"), "LinalgVectorNorm");
        assert_eq!(go_name("from_dlpack"), "FromDLPack");
        assert_eq!(go_param("fill_value"), "fillValue");
        assert_eq!(go_param("type"), "typeArg");
        assert_eq!(go_param("from_"), "from");
    }

    #[test]
    fn wrappers_and_options() {
        let go = generate();
        assert!(go.starts_with("// Code generated by ferrule-codegen from schema/ops.yaml. DO NOT EDIT.\n"), "{go}");
        assert!(go.contains("func Add(x1 any, x2 any, opts ...Option) (*Tensor, error) {\n\treturn opAdd.tensor(opAdd.call([]any{x1, x2}, nil, opts))\n}"), "{go}");
        assert!(go.contains("func MM(x1 *Tensor, x2 *Tensor) (*Tensor, error) {\n\treturn opMM.tensor(opMM.call([]any{x1, x2}, nil, nil))\n}"), "{go}");
        assert!(go.contains("func LinalgVectorNorm(x *Tensor, opts ...Option) (*Tensor, error)"), "{go}");
        assert!(go.contains("func Meshgrid(arrays []*Tensor, opts ...Option) ([]*Tensor, error) {\n\treturn opMeshgrid.tensors(opMeshgrid.call(nil, tensorArgs(arrays), opts))"), "{go}");
        assert!(go.contains("func CanCast(from DType, typeArg DType) (bool, error)"), "{go}");
        // Doc: the first paragraph only.
        assert!(
            go.contains(
                "// Adds x1 and x2 elementwise, broadcasting.\n// Scalars are weak.\n//\n// Signature: ops.add("
            ),
            "{go}"
        );
        assert!(!go.contains(">>> ferrule.add"), "{go}");
        // Specs: defaults in packed order, infinity through math.
        assert!(go.contains("{name: \"ord\", def: math.Inf(1)}"), "{go}");
        assert!(go.contains("import \"math\""), "{go}");
        assert!(!go.contains("{name: \"arrays\""), "{go}");
        // Options: one per name; mixed types fall back to any; taken names get With.
        assert!(go.contains("func Axis(v any) Option { return Option{name: \"axis\", value: v} }"), "{go}");
        assert!(go.contains("func Keepdims(v bool) Option"), "{go}");
        assert!(go.contains("func Out(v *Tensor) Option"), "{go}");
        assert!(go.contains("func WithDType(v DType) Option"), "{go}");
        assert!(go.contains("func Indexing(v string) Option"), "{go}");
        assert_eq!(go.matches("func Keepdims(").count(), 1);
    }

    #[test]
    fn collisions_are_errors() {
        let ops = crate::schema::parse("- {name: tensor, rust: x::y, returns: Tensor, doc: d}\n").expect("parses");
        assert!(ops_go(&ops, &[]).unwrap_err().contains("taken"));
        let ops = crate::schema::parse(
            "- {name: a_b, rust: x::y, returns: Tensor, doc: d}\n- {name: a.b, rust: x::y, returns: Tensor, doc: d}\n",
        )
        .expect("parses");
        assert!(ops_go(&ops, &[]).unwrap_err().contains("another op"));
    }

    /// The output is what gofmt would write (checked when gofmt is installed).
    #[test]
    fn gofmt_clean() {
        use std::io::Write as _;
        use std::process::{Command, Stdio};
        let go = generate();
        let Ok(mut child) =
            Command::new("gofmt").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()
        else {
            eprintln!("gofmt not found; skipping");
            return;
        };
        child.stdin.take().expect("stdin").write_all(go.as_bytes()).expect("write");
        let out = child.wait_with_output().expect("gofmt runs");
        assert!(out.status.success(), "gofmt failed: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), go);
    }
}
