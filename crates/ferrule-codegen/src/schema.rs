//! The operator schema (`schema/ops.yaml`): parsing and validation.

use serde::{Deserialize, Deserializer};

/// How an argument may be passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Before `/`.
    PositionalOnly,
    /// Positional or keyword.
    #[default]
    Positional,
    /// `*args`.
    VarPositional,
    /// After `*` or `*args`.
    KeywordOnly,
}

/// One argument of an operator.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arg {
    /// Name.
    pub name: String,
    /// Schema type (see `types.rs`).
    #[serde(rename = "type")]
    pub ty: String,
    /// Default value; `Some(Null)` is a None default, `None` means required.
    #[serde(default, deserialize_with = "present")]
    pub default: Option<serde_yaml_ng::Value>,
    /// How it is passed.
    #[serde(default)]
    pub kind: Kind,
    /// The op writes into this tensor, so it must not be read-only (`out` arguments always are).
    #[serde(default)]
    pub writes: bool,
}

impl Arg {
    /// Whether the op writes into this argument: marked `writes`, or the `out=` tensor.
    pub fn is_written(&self) -> bool {
        self.writes || self.name == "out"
    }
}

fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<serde_yaml_ng::Value>, D::Error> {
    serde_yaml_ng::Value::deserialize(d).map(Some)
}

/// One operator.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Op {
    /// Name under `ops.`; dots make submodules (`linalg.vector_norm`).
    pub name: String,
    /// Kernel path under `ferrule_ops::`.
    pub rust: String,
    /// Arguments in packed order.
    #[serde(default)]
    pub args: Vec<Arg>,
    /// Return type.
    pub returns: String,
    /// `function`, `method`, or Python operator dunders.
    #[serde(default)]
    pub variants: Vec<String>,
    /// Documentation with a short example.
    pub doc: String,
    /// GIL policy: `large`, `always` or `never`.
    #[serde(default = "default_gil")]
    pub gil: String,
    /// Whether an in-place variant exists.
    #[serde(default)]
    pub inplace: bool,
    /// The derivative: a mapping from argument names to formulas (`crate::backward`), or null
    /// for an op without one. `None` when the entry has no `backward:` key at all, which
    /// [`parse`] accepts only for ops that take or give no tensors.
    #[serde(default, deserialize_with = "present")]
    pub backward: Option<serde_yaml_ng::Value>,
    /// A tiny-input shortcut under `ferrule_ops::`, `fn(&Tensor, &Tensor) -> Option<Tensor>`,
    /// tried first when the first two arguments are tensors and every other is None.
    #[serde(default)]
    pub fast: Option<String>,
    /// The same shortcut writing into a given `out` (the third argument), under `ferrule_ops::`,
    /// `fn(&Tensor, &Tensor, &Tensor) -> bool`: tried when the first two arguments and `out` are
    /// tensors and every other is None; it writes exactly what the kernel would and returns true,
    /// or writes nothing and returns false.
    #[serde(default)]
    pub fast_out: Option<String>,
    /// A shortcut under `ferrule_ops::` reading the packed arguments as they are,
    /// `fn(&[Any]) -> Option<Any>`, tried before anything else (after the arity and recording
    /// checks) and outside the kernel's GIL and interrupt handling: for answers that take no
    /// time, such as a view. `None` lets the kernel run, and it reports every error.
    #[serde(default)]
    pub fast_args: Option<String>,
}

fn default_gil() -> String {
    "large".into()
}

impl Op {
    /// The registered name: `ops.<name>`.
    pub fn registered_name(&self) -> String {
        format!("ops.{}", self.name)
    }

    /// The last dotted component (the Python function name).
    pub fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }

    /// The submodule path, e.g. `linalg` for `linalg.vector_norm` ("" for top level).
    pub fn module(&self) -> &str {
        self.name.rsplit_once('.').map_or("", |(m, _)| m)
    }

    /// An identifier for the op in generated code: dots become underscores.
    pub fn ident(&self) -> String {
        self.name.replace('.', "_")
    }
}

/// Whether an op takes a tensor argument and returns tensors: such an op must say whether it
/// has a derivative.
fn takes_and_gives_tensors(op: &Op) -> bool {
    let takes = op.args.iter().any(|a| a.ty.starts_with("Tensor"));
    let gives = matches!(op.returns.as_str(), "Tensor" | "TensorTuple" | "TensorList");
    takes && gives
}

/// Parses and validates the schema text.
pub fn parse(text: &str) -> Result<Vec<Op>, String> {
    let ops: Vec<Op> = serde_yaml_ng::from_str(text).map_err(|e| format!("schema/ops.yaml: {e}"))?;
    let mut seen = std::collections::HashSet::new();
    for op in &ops {
        let at = |msg: String| format!("schema/ops.yaml: op '{}': {msg}", op.name);
        if !seen.insert(op.name.clone()) {
            return Err(at("defined twice".into()));
        }
        if !matches!(op.gil.as_str(), "large" | "always" | "never") {
            return Err(at(format!("gil must be large, always or never, not '{}'", op.gil)));
        }
        crate::types::return_type(&op.returns).ok_or_else(|| at(format!("unknown return type '{}'", op.returns)))?;
        let mut last_kind = Kind::PositionalOnly;
        let mut seen_default = false;
        for (i, arg) in op.args.iter().enumerate() {
            crate::types::arg_type(&arg.ty)
                .ok_or_else(|| at(format!("argument '{}': unknown type '{}'", arg.name, arg.ty)))?;
            if (arg.kind as u8) < (last_kind as u8) {
                return Err(at(format!(
                    "argument '{}': kinds must go positional_only, positional, var_positional, keyword_only",
                    arg.name
                )));
            }
            if arg.kind == Kind::VarPositional && op.args[i + 1..].iter().any(|a| a.kind != Kind::KeywordOnly) {
                return Err(at(format!(
                    "argument '{}': only keyword-only arguments may follow *{}",
                    arg.name, arg.name
                )));
            }
            if arg.kind != Kind::KeywordOnly && arg.kind != Kind::VarPositional {
                if arg.default.is_some() {
                    seen_default = true;
                } else if seen_default {
                    return Err(at(format!("argument '{}' has no default but follows one that has", arg.name)));
                }
            }
            last_kind = arg.kind;
        }
        if op.fast.is_some() {
            let tensors =
                op.args.len() >= 2 && op.args[..2].iter().all(|a| matches!(a.ty.as_str(), "Tensor" | "TensorLike"));
            let rest_none = op
                .args
                .iter()
                .skip(2)
                .all(|a| a.kind != Kind::VarPositional && a.default == Some(serde_yaml_ng::Value::Null));
            if !tensors || !rest_none {
                return Err(at(
                    "fast needs two leading Tensor or TensorLike arguments, every other one defaulting to null".into(),
                ));
            }
        }
        if op.fast_out.is_some()
            && (op.fast.is_none() || op.args.get(2).is_none_or(|a| a.name != "out" || a.ty != "Tensor?"))
        {
            return Err(at("fast_out needs fast and a third argument `out: Tensor?`".into()));
        }
        for v in &op.variants {
            if v != "function" && v != "method" && !(v.starts_with("__") && v.ends_with("__")) {
                return Err(at(format!("unknown variant '{v}'")));
            }
        }
        if op.backward.is_none() && takes_and_gives_tensors(op) {
            return Err(at("backward: missing: an op that takes and returns tensors declares its derivative, a \
                 mapping from argument names to formulas, or `backward: null` when it has none (an integer or \
                 boolean result, a piecewise-constant function; say why in a comment)"
                .into()));
        }
        crate::backward::formulas(op)?;
    }
    Ok(ops)
}
