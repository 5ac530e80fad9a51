//! Emits the Python side: the table of operators and Tensor methods (`_ops.py`) and typed stubs
//! (`_ops.pyi`).

use std::fmt::Write;

use crate::header;
use crate::schema::{Kind, Op};
use crate::types::{arg_type, return_type};

/// `python/ferrule/_ops.py`.
pub fn ops_py(ops: &[Op]) -> String {
    let mut out = header("#");
    out.push_str("\"\"\"The operators of schema/ops.yaml: where each lives in the Python namespace and which\nTensor methods and operators call it. Each operator is the registered packed function\n``ops.<name>``; ``ferrule`` binds them at import.\"\"\"\n\n");
    out.push_str("#: Python name -> (submodule, or \"\" for the top level; registered function name)\nOPS: dict[str, tuple[str, str]] = {\n");
    for op in ops {
        let _ = writeln!(out, "    {:?}: ({:?}, {:?}),", op.name, op.module(), op.registered_name());
    }
    out.push_str("}\n\n");
    out.push_str("#: Tensor attribute -> (registered function name, how self is passed:\n#: \"self\" first, \"reflected\" second, or \"inplace\" first and as out=)\nTENSOR_METHODS: dict[str, tuple[str, str]] = {\n");
    for op in ops {
        for v in &op.variants {
            let entry = match v.as_str() {
                "function" => continue,
                "method" => (op.short_name().to_owned(), "self"),
                // `__radd__` / `__iadd__` are the reflected / in-place forms of a `__add__` the op
                // also lists (so `__rshift__` and `__invert__` stay plain).
                dunder if has_base_variant(op, dunder, "__r") => (dunder.to_owned(), "reflected"),
                dunder if has_base_variant(op, dunder, "__i") => (dunder.to_owned(), "inplace"),
                dunder => (dunder.to_owned(), "self"),
            };
            let _ = writeln!(out, "    {:?}: ({:?}, {:?}),", entry.0, op.registered_name(), entry.1);
        }
    }
    out.push_str("}\n");
    out
}

/// True when `dunder` is `prefix` + `name__` and the op also lists the plain `__name__`.
fn has_base_variant(op: &Op, dunder: &str, prefix: &str) -> bool {
    dunder.strip_prefix(prefix).is_some_and(|rest| op.variants.iter().any(|v| v.strip_prefix("__") == Some(rest)))
}

fn stub_params(op: &Op) -> String {
    let mut parts = Vec::new();
    let mut star = false;
    for (i, a) in op.args.iter().enumerate() {
        let ty = arg_type(&a.ty).map_or("Any", |t| t.python);
        match a.kind {
            Kind::VarPositional => {
                let elem = if a.ty == "TensorList" { "Tensor" } else { "Any" };
                parts.push(format!("*{}: {elem}", a.name));
                star = true;
                continue;
            }
            Kind::KeywordOnly if !star => {
                parts.push("*".into());
                star = true;
            }
            _ => {}
        }
        let default = if a.default.is_some() { " = ..." } else { "" };
        parts.push(format!("{}: {ty}{default}", a.name));
        let next_not_pos_only = op.args.get(i + 1).is_none_or(|n| n.kind != Kind::PositionalOnly);
        if a.kind == Kind::PositionalOnly && next_not_pos_only {
            parts.push("/".into());
        }
    }
    parts.join(", ")
}

/// `python/ferrule/_ops.pyi`: one typed stub per operator, grouped by submodule in classes named
/// after them so the package stubs can re-export them.
pub fn ops_pyi(ops: &[Op]) -> String {
    let mut out = header("#");
    out.push_str("from collections.abc import Sequence\nfrom typing import Any\n\nfrom ._ferrule import Tensor\n\nDType = Any\nDevice = Any\nOPS: dict[str, tuple[str, str]]\nTENSOR_METHODS: dict[str, tuple[str, str]]\n");
    for op in ops {
        let ret = return_type(&op.returns).map_or("Any", |r| r.python);
        let summary = op.doc.lines().next().unwrap_or("").replace('"', "'");
        let _ = write!(out, "\ndef {}({}) -> {ret}:\n    \"\"\"{summary}\"\"\"\n", op.ident(), stub_params(op));
    }
    out
}
