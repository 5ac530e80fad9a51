//! Emits the Rust registration glue: one packed function per op, unpacking arguments with the
//! `ferrule_ops::glue` helpers and calling the kernel.

use std::fmt::Write;

use crate::schema::{Kind, Op};
use crate::types::{arg_type, return_type};
use crate::{header, signature_text};

/// `crates/ferrule-ops/src/gen/register.rs`.
pub fn register_rs(ops: &[Op]) -> Result<String, String> {
    let mut out = header("//");
    // Rust tools (rustfmt, rust-analyzer, code review bots) skip files marked `@generated`.
    out.truncate(out.len() - 1);
    out.push_str("// @generated\n\n");
    out.push_str("//! Registers every operator of the schema as the packed function `ops.<name>`.\n\n");
    out.push_str("use ferrule_registry::{autograd, Any, FuncDef, Result};\n\nuse crate::glue;\n\n");
    out.push_str("/// Registers every operator of `schema/ops.yaml`.\npub fn register_all() -> Result<()> {\n");
    for op in ops {
        let _ = write!(
            out,
            "    FuncDef::new({:?})\n        .doc({:?})\n        .signature({:?})\n",
            op.registered_name(),
            op.doc.trim_end(),
            signature_text(op)?
        );
        if op.gil == "always" {
            out.push_str("        .long_running()\n");
        }
        let _ = writeln!(out, "        .register_packed(op_{})?;", op.ident());
    }
    out.push_str("    Ok(())\n}\n");
    for op in ops {
        out.push('\n');
        out.push_str(&op_fn(op)?);
        if let Some(record) = crate::backward::emit(ops, op, &packed_positions(op))? {
            out.push_str(&record);
        }
    }
    Ok(out)
}

/// Packed positions: fixed arguments in declaration order, then the `*args` one.
pub fn packed_positions(op: &Op) -> Vec<usize> {
    let mut pos = vec![0; op.args.len()];
    let mut next = 0;
    for (i, a) in op.args.iter().enumerate() {
        if a.kind != Kind::VarPositional {
            pos[i] = next;
            next += 1;
        }
    }
    for (i, a) in op.args.iter().enumerate() {
        if a.kind == Kind::VarPositional {
            pos[i] = next;
        }
    }
    pos
}

fn op_fn(op: &Op) -> Result<String, String> {
    let mut f = String::new();
    let ident = op.ident();
    let fixed = op.args.iter().filter(|a| a.kind != Kind::VarPositional).count();
    let has_var = fixed != op.args.len();
    let positions = packed_positions(op);
    let _ = writeln!(f, "pub(crate) fn op_{ident}(args: &[Any]) -> Result<Any> {{");
    let _ = writeln!(f, "    const OP: &str = {:?};", op.name);
    let _ = writeln!(f, "    glue::check_arity(OP, args, {fixed}, {has_var})?;");
    let written: Vec<String> = op
        .args
        .iter()
        .zip(&positions)
        .filter(|(a, _)| a.is_written() && a.kind != Kind::VarPositional)
        .map(|(_, p)| p.to_string())
        .collect();
    if crate::backward::formulas(op)?.is_some() {
        // A differentiable op's body is a function of its own, which its recording glue calls
        // too (after this function's arity check, without a second recording check).
        let _ = writeln!(f, "    if autograd::should_record(args) {{\n        return record_{ident}(args);\n    }}");
        let _ = writeln!(f, "    run_{ident}(args)\n}}");
        let _ = writeln!(
            f,
            "\n/// `{}` itself, unrecorded: [`op_{ident}`] after its arity and recording checks.\n#[inline(always)]",
            op.name
        );
        let _ = writeln!(f, "fn run_{ident}(args: &[Any]) -> Result<Any> {{");
        let _ = writeln!(f, "    const OP: &str = {:?};", op.name);
    } else if !written.is_empty() {
        let _ = writeln!(
            f,
            "    if autograd::should_record(args) {{\n        glue::check_inplace(OP, args, &[{}])?;\n    }}",
            written.join(", ")
        );
    }
    // The profiler's check is one branch: the event is opened on a cold path that calls the
    // op's body as a function, so with the profiler off nothing of the event (a span on the
    // stack, its drop check) is left on the op's path.
    let _ = writeln!(
        f,
        "    if glue::profiling() {{\n        return glue::profiled(OP, args, body_{ident});\n    }}\n    body_{ident}(args)\n}}"
    );
    let _ = writeln!(
        f,
        "\n/// `{}`'s arguments unpacked and its kernel run (inlined while no profile records; called inside the op's event by `glue::profiled` while one does).\n#[inline(always)]",
        op.name
    );
    let _ = writeln!(f, "fn body_{ident}(args: &[Any]) -> Result<Any> {{");
    let _ = writeln!(f, "    const OP: &str = {:?};", op.name);
    if let Some(fast_args) = &op.fast_args {
        let _ =
            writeln!(f, "    if let Some(result) = crate::{fast_args}(args) {{\n        return Ok(result);\n    }}");
    }
    if let Some(fast) = &op.fast {
        let _ = writeln!(
            f,
            "    if let Some(result) = glue::fast2(args, crate::{fast}) {{\n        return Ok(result);\n    }}"
        );
    }
    if let Some(fast_out) = &op.fast_out {
        let _ = writeln!(
            f,
            "    if let Some(result) = glue::fast2_out(args, crate::{fast_out}) {{\n        return Ok(result);\n    }}"
        );
    }
    let mut pass = Vec::new();
    for (arg, &pos) in op.args.iter().zip(&positions) {
        let ty = arg_type(&arg.ty).ok_or_else(|| format!("op {}: unknown type {}", op.name, arg.ty))?;
        let local = format!("a_{}", arg.name);
        let unpack = match (arg.kind, arg.ty.as_str()) {
            (Kind::VarPositional, "Any") => format!("&args[{pos}..]"),
            (Kind::VarPositional, "TensorList") => format!("glue::var_tensors(OP, args, {pos}, {:?})?", arg.name),
            (Kind::VarPositional, other) => {
                return Err(format!("op {}: *{} must be TensorList or Any, not {other}", op.name, arg.name))
            }
            // Tensors the op writes into must not be read-only.
            _ if arg.is_written() && ty.unpack == "opt_tensor" => {
                format!("glue::opt_writable_tensor(OP, args, {pos}, {:?})?", arg.name)
            }
            _ if arg.is_written() && ty.unpack == "tensor" => {
                format!("glue::writable_tensor(OP, args, {pos}, {:?})?", arg.name)
            }
            _ => format!("glue::{}(OP, args, {pos}, {:?})?", ty.unpack, arg.name),
        };
        let _ = writeln!(f, "    let {local} = {unpack};");
        pass.push(if arg.kind == Kind::VarPositional && arg.ty == "Any" {
            local
        } else {
            ty.pass.replace("{}", &local)
        });
    }
    let call = format!("crate::{}({})", op.rust, pass.join(", "));
    let gil = match op.gil.as_str() {
        "large" => "glue::Gil::ReleaseWhenLarge",
        _ => "glue::Gil::Keep",
    };
    let ret = return_type(&op.returns).ok_or_else(|| format!("op {}: unknown return type", op.name))?;
    let bump = if written.is_empty() {
        String::new()
    } else {
        format!("    glue::bump_versions(args, &[{}]);\n", written.join(", "))
    };
    if op.returns == "None" {
        let _ = writeln!(f, "    glue::run(OP, {gil}, args, || {call})?;");
        f.push_str(&bump);
        let _ = writeln!(f, "    glue::ret_value(())");
        f.push_str("}\n");
        return Ok(f);
    }
    let _ = writeln!(f, "    let result = glue::run(OP, {gil}, args, || {call})?;");
    f.push_str(&bump);
    match op.args.iter().position(|a| a.name == "out" && a.ty == "Tensor?") {
        Some(i) if op.returns == "Tensor" => {
            let _ = writeln!(f, "    glue::ret_tensor_or_out(result, &args[{}])", positions[i]);
        }
        _ => {
            let _ = writeln!(f, "    glue::{}(result)", ret.wrap);
        }
    }
    f.push_str("}\n");
    Ok(f)
}
