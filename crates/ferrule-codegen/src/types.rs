//! The schema's type vocabulary and how each type appears in every language: one table, so a
//! new type or a new language is one place to change.

/// How one schema argument type is handled by each emitter.
pub struct ArgType {
    /// Type text in registered signatures (Python-style, shown by `help()`).
    pub signature: &'static str,
    /// Annotation in the `.pyi` stubs.
    pub python: &'static str,
    /// The unpack helper in `ferrule_ops::glue` (called as `glue::<unpack>(op, args, pos, name)`).
    pub unpack: &'static str,
    /// How the unpacked local (`{}`) is passed to the kernel.
    pub pass: &'static str,
}

/// Looks up an argument type.
pub fn arg_type(ty: &str) -> Option<ArgType> {
    let t = |signature, python, unpack, pass| Some(ArgType { signature, python, unpack, pass });
    match ty {
        "Tensor" => t("Tensor", "Tensor", "tensor", "{}"),
        "Tensor?" => t("Tensor | None", "Tensor | None", "opt_tensor", "{}"),
        "TensorLike" => {
            t("Tensor | int | float | complex | bool", "Tensor | int | float | complex | bool", "operand", "&{}")
        }
        "TensorLike?" => t(
            "Tensor | int | float | complex | bool | None",
            "Tensor | int | float | complex | bool | None",
            "opt_operand",
            "{}.as_ref()",
        ),
        "TensorList" => t("list[Tensor]", "Sequence[Tensor]", "tensor_list", "&{}"),
        "int" => t("int", "int", "int", "{}"),
        "int?" => t("int | None", "int | None", "opt_int", "{}"),
        "float" => t("float", "float", "float", "{}"),
        "float?" => t("float | None", "float | None", "opt_float", "{}"),
        "bool" => t("bool", "bool", "bool", "{}"),
        "bool?" => t("bool | None", "bool | None", "opt_bool", "{}"),
        "str" => t("str", "str", "str", "{}"),
        "str?" => t("str | None", "str | None", "opt_str", "{}"),
        "Scalar" => t("int | float | complex | bool", "int | float | complex | bool", "scalar", "{}"),
        "Scalar?" => {
            t("int | float | complex | bool | None", "int | float | complex | bool | None", "opt_scalar", "{}")
        }
        "dtype" => t("dtype", "DType", "dtype", "{}"),
        "dtype?" => t("dtype | None", "DType | None", "opt_dtype", "{}"),
        "device?" => t("device | None", "Device | None", "opt_device", "{}"),
        "shape" => t("int | tuple[int, ...]", "int | tuple[int, ...]", "shape", "&{}"),
        "int_list?" => t("tuple[int, ...] | None", "Sequence[int] | None", "opt_int_list", "{}.as_deref()"),
        "axis" => t("int | None", "int | None", "opt_int", "{}"),
        "axes" => t("int | tuple[int, ...] | None", "int | tuple[int, ...] | None", "opt_int_list", "{}.as_deref()"),
        "Any" => t("Any", "Any", "any", "{}"),
        _ => None,
    }
}

/// How one schema return type is handled.
pub struct ReturnType {
    /// Type text in registered signatures.
    pub signature: &'static str,
    /// Annotation in the `.pyi` stubs.
    pub python: &'static str,
    /// The wrap helper in `ferrule_ops::glue` turning the kernel's result into an `Any`.
    pub wrap: &'static str,
}

/// Looks up a return type.
pub fn return_type(ty: &str) -> Option<ReturnType> {
    let t = |signature, python, wrap| Some(ReturnType { signature, python, wrap });
    match ty {
        "Tensor" => t("Tensor", "Tensor", "ret_tensor"),
        "TensorTuple" => t("tuple[Tensor, ...]", "tuple[Tensor, ...]", "ret_tensors"),
        "TensorList" => t("list[Tensor]", "list[Tensor]", "ret_tensors"),
        "bool" => t("bool", "bool", "ret_value"),
        "int" => t("int", "int", "ret_value"),
        "float" => t("float", "float", "ret_value"),
        "str" => t("str", "str", "ret_value"),
        "None" => t("None", "None", "ret_value"),
        "Any" => t("Any", "Any", "ret_value"),
        _ => None,
    }
}

/// Renders a YAML default as a literal of the signature text (Python syntax).
pub fn default_literal(v: &serde_yaml_ng::Value) -> Result<String, String> {
    use serde_yaml_ng::Value;
    Ok(match v {
        Value::Null => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.to_string()
            } else {
                let f = n.as_f64().ok_or("unsupported number")?;
                if f.is_infinite() {
                    if f > 0.0 { "inf" } else { "-inf" }.into()
                } else if f.fract() == 0.0 && f.abs() < 1e16 {
                    format!("{f:.1}")
                } else {
                    format!("{f:?}")
                }
            }
        }
        Value::String(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Sequence(items) => {
            let items = items.iter().map(default_literal).collect::<Result<Vec<_>, _>>()?;
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        }
        other => return Err(format!("unsupported default {other:?} (use an int, float, string, bool or null)")),
    })
}
