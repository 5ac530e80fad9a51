//! ferrule-codegen: reads `schema/ops.yaml` and writes the operator glue of every language.
//!
//! `cargo run -p ferrule-codegen` regenerates the committed files; `--check` regenerates them in
//! memory and fails, listing the stale ones, when any differs from what is on disk (run by
//! `make test`).

mod emit_c;
mod emit_go;
mod emit_python;
mod emit_rust;
mod schema;
mod types;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use schema::{Kind, Op};

/// The command that regenerates the files, named in their headers.
const COMMAND: &str = "cargo run -p ferrule-codegen";

/// The DO NOT EDIT header, in the comment syntax `prefix`.
pub fn header(prefix: &str) -> String {
    format!("{prefix} DO NOT EDIT — generated from schema/ops.yaml by `{COMMAND}`.\n\n")
}

/// The registered signature text of an op: Python-style, in declaration order.
pub fn signature_text(op: &Op) -> Result<String, String> {
    let mut parts = Vec::new();
    let mut star = false;
    for (i, a) in op.args.iter().enumerate() {
        let ty = types::arg_type(&a.ty).ok_or_else(|| format!("op {}: unknown type {}", op.name, a.ty))?;
        match a.kind {
            Kind::VarPositional => {
                parts.push(format!("*{}: {}", a.name, if a.ty == "TensorList" { "Tensor" } else { "Any" }));
                star = true;
                continue;
            }
            Kind::KeywordOnly if !star => {
                parts.push("*".to_owned());
                star = true;
            }
            _ => {}
        }
        let default = match &a.default {
            Some(d) => format!(
                " = {}",
                types::default_literal(d).map_err(|e| format!("op {}: argument {}: {e}", op.name, a.name))?
            ),
            None => String::new(),
        };
        parts.push(format!("{}: {}{default}", a.name, ty.signature));
        if a.kind == Kind::PositionalOnly && op.args.get(i + 1).is_none_or(|n| n.kind != Kind::PositionalOnly) {
            parts.push("/".to_owned());
        }
    }
    let ret = types::return_type(&op.returns).ok_or_else(|| format!("op {}: unknown return type", op.name))?;
    Ok(format!("({}) -> {}", parts.join(", "), ret.signature))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("workspace root")
}

/// Every generated file: path relative to the workspace root, and its contents.
fn outputs(ops: &[Op]) -> Result<Vec<(&'static str, String)>, String> {
    Ok(vec![
        ("crates/ferrule-ops/src/gen/register.rs", emit_rust::register_rs(ops)?),
        ("python/ferrule/_ops.py", emit_python::ops_py(ops)),
        ("python/ferrule/_ops.pyi", emit_python::ops_pyi(ops)),
        ("include/ferrule/ops.h", emit_c::ops_h(ops)?),
        ("go/ops_gen.go", emit_go::ops_go(ops)?),
    ])
}

fn run(check: bool) -> Result<bool, String> {
    let root = root();
    let schema_path = root.join("schema/ops.yaml");
    let text = std::fs::read_to_string(&schema_path).map_err(|e| format!("{}: {e}", schema_path.display()))?;
    let ops = schema::parse(&text)?;
    let mut fresh = true;
    for (rel, contents) in outputs(&ops)? {
        let path = root.join(rel);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == contents {
            continue;
        }
        if check {
            eprintln!("stale: {rel} (regenerate with `{COMMAND}`)");
            fresh = false;
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&path, contents).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {rel}");
        }
    }
    if check && fresh {
        println!("generated files are up to date ({} ops)", ops.len());
    }
    Ok(fresh)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args.as_slice() {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => {
            eprintln!("usage: {COMMAND} [-- --check]");
            return ExitCode::from(2);
        }
    };
    match run(check) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("ferrule-codegen: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
- name: add
  rust: elementwise::add
  args:
    - {name: x1, type: TensorLike, kind: positional_only}
    - {name: x2, type: TensorLike, kind: positional_only}
    - {name: out, type: Tensor?, default: null, kind: keyword_only}
  returns: Tensor
  variants: [function, method, __add__, __radd__, __iadd__]
  doc: |
    Adds x1 and x2 element-wise.
- name: meshgrid
  rust: creation::meshgrid
  args:
    - {name: arrays, type: TensorList, kind: var_positional}
    - {name: indexing, type: str, default: xy, kind: keyword_only}
  returns: TensorList
  doc: Coordinate matrices.
  gil: never
- name: linalg.vector_norm
  rust: linalg::vector_norm
  args:
    - {name: x, type: Tensor, kind: positional_only}
    - {name: axis, type: axes, default: null, kind: keyword_only}
    - {name: ord, type: float, default: 2.0, kind: keyword_only}
  returns: Tensor
  doc: Vector norm.
  gil: always
"#;

    #[test]
    fn signatures_follow_python_syntax() {
        let ops = schema::parse(SAMPLE).unwrap();
        assert_eq!(
            signature_text(&ops[0]).unwrap(),
            "(x1: Tensor | int | float | bool, x2: Tensor | int | float | bool, /, *, out: Tensor | None = None) -> Tensor"
        );
        assert_eq!(signature_text(&ops[1]).unwrap(), "(*arrays: Tensor, indexing: str = 'xy') -> list[Tensor]");
        assert_eq!(ops[2].module(), "linalg");
    }

    #[test]
    fn every_emitter_runs_and_marks_its_output() {
        let ops = schema::parse(SAMPLE).unwrap();
        for (path, text) in outputs(&ops).unwrap() {
            assert!(text.contains("DO NOT EDIT"), "{path}");
        }
        let rust = emit_rust::register_rs(&ops).unwrap();
        assert!(rust.contains("glue::var_tensors(OP, args, 1, \"arrays\")?"), "{rust}");
        assert!(rust.contains("glue::ret_tensor_or_out(result, &args[2])"), "{rust}");
        assert!(rust.contains(".long_running()"), "{rust}");
        let py = emit_python::ops_py(&ops);
        assert!(py.contains("\"__radd__\": (\"ops.add\", \"reflected\")"), "{py}");
        assert!(py.contains("\"__iadd__\": (\"ops.add\", \"inplace\")"), "{py}");
        let c = emit_c::ops_h(&ops).unwrap();
        assert!(
            c.contains(
                "ferrule_op_linalg_vector_norm(const FerruleAny* x, const FerruleAny* axis, const FerruleAny* ord"
            ),
            "{c}"
        );
    }

    #[test]
    fn schema_errors_name_the_op() {
        let bad = SAMPLE.replace(
            "type: TensorLike, kind: positional_only}\n    - {name: x2",
            "type: Nope, kind: positional_only}\n    - {name: x2",
        );
        let err = schema::parse(&bad).unwrap_err();
        assert!(err.contains("op 'add'") && err.contains("Nope"), "{err}");
    }
}
