//! Backward formulas (`backward:` in `schema/ops.yaml`): a small expression language over the
//! schema's ops, compiled to Rust functions that call the ops' packed glue, so that the backward
//! pass is itself made of recorded ops (higher-order derivatives come for free).
//!
//! Grammar (Python-like): `expr := cmp`, `cmp := sum (("=="|"!="|"<"|"<="|">"|">=") sum)?`,
//! `sum := prod (("+"|"-") prod)*`, `prod := unary (("*"|"/") unary)*`,
//! `unary := "-" unary | power`, `power := atom ("**" unary)?`,
//! `atom := number | name | name "(" [arg ("," arg)*] ")" | "(" expr ")"`, `arg := [name "="] expr`.
//! Names: `grad` (the output's gradient), `grads` (for an op returning several tensors: the list
//! of their gradients, zeros where none arrived), the op's argument names (a list argument or
//! `*arrays` is the list of its tensors), `None`/`True`/`False`, schema ops
//! (`nn.softmax(x, axis=axis)`) and the helpers of [`HELPERS`] (which come first: `conj` is the
//! helper that leaves a real tensor alone, not the op that copies it).
//!
//! A formula gives the gradient of one argument; for a list argument, a list with one gradient
//! (or None) per tensor. Each is then summed to its input's shape and cast to its dtype (a
//! complex gradient reaching a real input keeps its real part).

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::schema::{Kind, Op};

/// Helpers of `ferrule_ops::autograd` a formula may call, taking and returning packed values.
pub const HELPERS: &[&str] = &[
    "conj",
    "unreduce",
    "sum_to",
    "shape",
    "size",
    "dtype",
    "ndim",
    "amax_backward",
    "reduced_count",
    "inverse_permutation",
    "matmul_backward",
    "minus_one",
    "as_tensor",
    "mH",
    "negated",
    "strip_initial",
    "cumulative_prod_backward",
    "prod_backward",
    "take_backward",
    "take_along_axis_backward",
    "concat_backward",
    "meshgrid_backward",
    "repeat_backward",
    "tile_backward",
    "diff_backward",
    "tensordot_backward",
    "imag_backward",
    "sign_backward",
    "geo_distance_backward",
    "inv_backward",
    "solve_backward",
    "det_backward",
    "slogdet_backward",
    "cholesky_backward",
    "eigh_backward",
    "eigvalsh_backward",
    "svd_backward",
    "svdvals_backward",
    "qr_backward",
    "pinv_backward",
    "matrix_norm_backward",
    "vector_norm_backward",
    "diagonal_backward",
    "matrix_power_backward",
    "fft_backward",
    "ifft_backward",
    "rfft_backward",
    "irfft_backward",
    "hfft_backward",
    "ihfft_backward",
    "fftn_backward",
    "ifftn_backward",
    "rfftn_backward",
    "irfftn_backward",
];

#[derive(Debug, Clone)]
enum Expr {
    Num(String),
    Name(String),
    Call(String, Vec<(Option<String>, Expr)>),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(String),
    Name(String),
    Sym(&'static str),
}

fn tokenize(text: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == 'e') {
                i += 1;
            }
            out.push(Tok::Num(chars[start..i].iter().collect()));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.') {
                i += 1;
            }
            out.push(Tok::Name(chars[start..i].iter().collect()));
        } else {
            let rest: String = chars[i..].iter().take(2).collect();
            let sym = SYMBOLS.iter().find(|s| rest.starts_with(**s)).ok_or_else(|| format!("unexpected '{c}'"))?;
            out.push(Tok::Sym(sym));
            i += sym.len();
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn eat(&mut self, sym: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Sym(s)) if *s == sym) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, sym: &str) -> Result<(), String> {
        if self.eat(sym) {
            Ok(())
        } else {
            Err(format!("expected '{sym}' at token {}", self.pos + 1))
        }
    }

    fn expr(&mut self) -> Result<Expr, String> {
        let left = self.sum()?;
        for (sym, op) in [
            ("==", "equal"),
            ("!=", "not_equal"),
            ("<=", "less_equal"),
            (">=", "greater_equal"),
            ("<", "less"),
            (">", "greater"),
        ] {
            if self.eat(sym) {
                let right = self.sum()?;
                return Ok(call(op, vec![left, right]));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Expr, String> {
        let mut left = self.prod()?;
        loop {
            if self.eat("+") {
                left = call("add", vec![left, self.prod()?]);
            } else if self.eat("-") {
                left = call("subtract", vec![left, self.prod()?]);
            } else {
                return Ok(left);
            }
        }
    }

    fn prod(&mut self) -> Result<Expr, String> {
        let mut left = self.unary()?;
        loop {
            if self.eat("*") {
                left = call("multiply", vec![left, self.unary()?]);
            } else if self.eat("/") {
                left = call("divide", vec![left, self.unary()?]);
            } else {
                return Ok(left);
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat("-") {
            if let Some(Tok::Num(n)) = self.peek().cloned() {
                self.pos += 1;
                return Ok(Expr::Num(format!("-{n}")));
            }
            return Ok(call("negative", vec![self.unary()?]));
        }
        let base = self.atom()?;
        if self.eat("**") {
            return Ok(call("pow", vec![base, self.unary()?]));
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<Expr, String> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Num(n))
            }
            Some(Tok::Name(name)) => {
                self.pos += 1;
                if !self.eat("(") {
                    return Ok(Expr::Name(name));
                }
                let mut args = Vec::new();
                if !self.eat(")") {
                    loop {
                        let keyword = match (self.toks.get(self.pos), self.toks.get(self.pos + 1)) {
                            (Some(Tok::Name(k)), Some(Tok::Sym("="))) => {
                                let k = k.clone();
                                self.pos += 2;
                                Some(k)
                            }
                            _ => None,
                        };
                        args.push((keyword, self.expr()?));
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                Ok(Expr::Call(name, args))
            }
            Some(Tok::Sym("(")) => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            other => Err(format!("unexpected {other:?}")),
        }
    }
}

const SYMBOLS: [&str; 15] = ["**", "==", "!=", "<=", ">=", "+", "-", "*", "/", "(", ")", ",", "=", "<", ">"];

fn call(op: &str, args: Vec<Expr>) -> Expr {
    Expr::Call(op.into(), args.into_iter().map(|a| (None, a)).collect())
}

fn parse(text: &str) -> Result<Expr, String> {
    let mut p = Parser { toks: tokenize(text)?, pos: 0 };
    let e = p.expr()?;
    if p.pos != p.toks.len() {
        return Err(format!("unexpected {:?} after the expression", p.toks[p.pos]));
    }
    Ok(e)
}

/// Whether an op returns several tensors (its formulas read `grads`, not `grad`).
pub fn multi_output(op: &Op) -> bool {
    matches!(op.returns.as_str(), "TensorTuple" | "TensorList")
}

/// Whether an argument holds a list of tensors (a `TensorList`, or `*arrays`).
fn is_list(arg: &crate::schema::Arg) -> bool {
    arg.ty == "TensorList" || arg.kind == Kind::VarPositional
}

/// The formulas of one op: (argument index, formula text); None when the op has no backward.
pub fn formulas(op: &Op) -> Result<Option<Vec<(usize, String)>>, String> {
    use serde_yaml_ng::Value;
    let at = |msg: String| format!("schema/ops.yaml: op '{}': backward: {msg}", op.name);
    let map = match &op.backward {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Mapping(m)) => m,
        Some(other) => return Err(at(format!("expected a mapping from argument names to formulas, got {other:?}"))),
    };
    if !matches!(op.returns.as_str(), "Tensor" | "TensorTuple" | "TensorList") {
        return Err(at("only ops returning tensors can have a backward".into()));
    }
    let mut out = Vec::new();
    for (key, value) in map {
        let name = key.as_str().ok_or_else(|| at(format!("key {key:?} is not an argument name")))?;
        let index = op.args.iter().position(|a| a.name == name).ok_or_else(|| at(format!("no argument '{name}'")))?;
        let arg = &op.args[index];
        if !matches!(arg.ty.as_str(), "Tensor" | "TensorLike" | "Tensor?" | "TensorLike?" | "TensorList") {
            return Err(at(format!("argument '{name}' of type {} cannot have a gradient", arg.ty)));
        }
        match value {
            // Declared without a derivative (an index, a condition, integer targets).
            Value::Null => {}
            Value::String(text) => out.push((index, text.clone())),
            other => return Err(at(format!("argument '{name}': expected a formula string or null, got {other:?}"))),
        }
    }
    Ok(Some(out))
}

struct Ctx<'a> {
    ops: &'a [Op],
    op: &'a Op,
    positions: &'a [usize],
    used: BTreeSet<usize>,
}

fn any_literal(v: &serde_yaml_ng::Value) -> Result<String, String> {
    use serde_yaml_ng::Value;
    Ok(match v {
        Value::Null => "Any::NONE".into(),
        Value::Bool(b) => format!("Any::from({b})"),
        Value::Number(n) if n.as_i64().is_some() => format!("Any::from({}i64)", n.as_i64().unwrap_or_default()),
        Value::Number(n) => {
            let f = n.as_f64().ok_or("unsupported number")?;
            if f.is_infinite() {
                format!("Any::from(f64::{})", if f > 0.0 { "INFINITY" } else { "NEG_INFINITY" })
            } else {
                format!("Any::from({f:?}f64)")
            }
        }
        Value::String(s) => format!("Any::str({s:?})"),
        other => return Err(format!("default {other:?} cannot be passed by a backward formula")),
    })
}

impl Ctx<'_> {
    fn emit(&mut self, e: &Expr) -> Result<String, String> {
        match e {
            Expr::Num(n) => {
                if n.contains('.') || n.contains('e') {
                    Ok(format!("Any::from({n}f64)"))
                } else {
                    Ok(format!("Any::from({n}i64)"))
                }
            }
            Expr::Name(name) => match name.as_str() {
                "grad" if multi_output(self.op) => {
                    Err(format!("'{}' returns several tensors: use grads, the list of their gradients", self.op.name))
                }
                "grad" => Ok("grads[0].clone()".into()),
                "grads" if !multi_output(self.op) => {
                    Err(format!("'{}' returns one tensor: use grad, its gradient", self.op.name))
                }
                "grads" => Ok("crate::autograd::list_of(grads)".into()),
                "None" => Ok("Any::NONE".into()),
                "True" => Ok("Any::from(true)".into()),
                "False" => Ok("Any::from(false)".into()),
                _ => {
                    let i = self
                        .op
                        .args
                        .iter()
                        .position(|a| &a.name == name)
                        .ok_or_else(|| format!("unknown name '{name}'"))?;
                    self.used.insert(i);
                    if self.op.args[i].kind == Kind::VarPositional {
                        Ok(format!("crate::autograd::list_of(&saved[{}..])", self.positions[i]))
                    } else {
                        Ok(format!("saved[{}].clone()", self.positions[i]))
                    }
                }
            },
            Expr::Call(name, args) => {
                if HELPERS.contains(&name.as_str()) {
                    if args.iter().any(|(k, _)| k.is_some()) {
                        return Err(format!("helper {name}() takes positional arguments only"));
                    }
                    let parts = args.iter().map(|(_, a)| self.emit(a)).collect::<Result<Vec<_>, _>>()?;
                    return Ok(format!("crate::autograd::{name}(&[{}])?", parts.join(", ")));
                }
                let target = self
                    .ops
                    .iter()
                    .find(|o| &o.name == name)
                    .ok_or_else(|| format!("'{name}' is neither a schema op nor a helper"))?;
                if target.args.iter().any(|a| a.kind == Kind::VarPositional) {
                    return Err(format!("'{name}' takes *args, which formulas cannot call"));
                }
                let mut slots: Vec<Option<String>> = vec![None; target.args.len()];
                let mut next = 0;
                for (keyword, value) in args {
                    let i = match keyword {
                        Some(k) => target
                            .args
                            .iter()
                            .position(|a| &a.name == k)
                            .ok_or_else(|| format!("{name}() has no argument '{k}'"))?,
                        None => {
                            while next < target.args.len() && target.args[next].kind == Kind::KeywordOnly {
                                next += 1;
                            }
                            let i = next;
                            next += 1;
                            if i >= target.args.len() || target.args[i].kind == Kind::KeywordOnly {
                                return Err(format!("too many positional arguments for {name}()"));
                            }
                            i
                        }
                    };
                    if slots[i].is_some() {
                        return Err(format!("{name}() argument '{}' given twice", target.args[i].name));
                    }
                    slots[i] = Some(self.emit(value)?);
                }
                let mut parts = Vec::new();
                for (slot, arg) in slots.into_iter().zip(&target.args) {
                    parts.push(match (slot, &arg.default) {
                        (Some(code), _) => code,
                        (None, Some(default)) => any_literal(default)?,
                        (None, None) => return Err(format!("{name}() argument '{}' is required", arg.name)),
                    });
                }
                Ok(format!("op_{}(&[{}])?", target.ident(), parts.join(", ")))
            }
        }
    }
}

/// The `Slot` expression (see `ferrule_registry::autograd::Slot`) of argument `i`.
fn slot(op: &Op, positions: &[usize], i: usize) -> String {
    let arg = &op.args[i];
    let kind = if arg.kind == Kind::VarPositional {
        "Rest"
    } else if arg.ty == "TensorList" {
        "List"
    } else {
        "One"
    };
    format!("autograd::Slot::{kind}({})", positions[i])
}

/// The record and backward functions of `op` (empty when it has no formulas), and the check
/// the op's packed function makes first.
pub fn emit(ops: &[Op], op: &Op, positions: &[usize]) -> Result<Option<String>, String> {
    let Some(formulas) = formulas(op)? else { return Ok(None) };
    let at = |msg: String| format!("schema/ops.yaml: op '{}': backward: {msg}", op.name);
    let ident = op.ident();
    let mut ctx = Ctx { ops, op, positions, used: BTreeSet::new() };
    let mut body = String::new();
    let mut inputs: Vec<String> = Vec::new();
    // Every formula first, so that `ctx.used` knows all the arguments they read.
    let mut codes = Vec::with_capacity(formulas.len());
    for (index, text) in &formulas {
        let arg = &op.args[*index];
        let expr = parse(text).map_err(|e| at(format!("argument '{}': {e} in {text:?}", arg.name)))?;
        codes.push(ctx.emit(&expr).map_err(|e| at(format!("argument '{}': {e} in {text:?}", arg.name)))?);
    }
    // Arguments no formula reads are needed only for their shape and dtype, to undo
    // broadcasting: the node does not save them, and backward takes both from its edges.
    let mut shape_only: Vec<String> = Vec::new();
    for ((index, _), code) in formulas.iter().zip(codes) {
        let arg = &op.args[*index];
        let slot = slot(op, positions, *index);
        inputs.push(format!("({slot}, {:?})", arg.name));
        if is_list(arg) {
            let _ = writeln!(
                body,
                "    let inputs = {slot}.values(saved);\n    let here = needs.get(grads_out.len()..grads_out.len() + \
                 inputs.len()).unwrap_or_default();\n    if here.iter().any(|&n| n) {{\n        let g = {code};\n        \
                 grads_out.extend(crate::autograd::sum_to_each(&g, &inputs, here)?);\n    }} else {{\n        \
                 grads_out.extend(std::iter::repeat_n(None, inputs.len()));\n    }}"
            );
        } else if !ctx.used.contains(index) {
            shape_only.push(positions[*index].to_string());
            let _ = writeln!(
                body,
                "    if needs.get(grads_out.len()).copied().unwrap_or(false) {{\n        let g = {code};\n        \
                 grads_out.push(Some(crate::autograd::sum_to_input(g, metas.get(grads_out.len()))?));\n    }} else {{\n        \
                 grads_out.push(None);\n    }}"
            );
        } else {
            let _ = writeln!(
                body,
                "    if needs.get(grads_out.len()).copied().unwrap_or(false) {{\n        let g = {code};\n        \
                 grads_out.push(Some(crate::autograd::sum_to(&[g, saved[{}].clone()])?));\n    }} else {{\n        \
                 grads_out.push(None);\n    }}",
                positions[*index]
            );
        }
    }
    let checked: Vec<String> = ctx
        .used
        .iter()
        .filter(|&&i| {
            matches!(op.args[i].ty.as_str(), "Tensor" | "TensorLike" | "Tensor?" | "TensorLike?" | "TensorList")
        })
        .map(|&i| format!("({}, {:?})", slot(op, positions, i), op.args[i].name))
        .collect();
    let mut f = String::new();
    let _ =
        writeln!(f, "\n/// Runs `{}` without recording, then records its node.\n#[cold]\n#[inline(never)]", op.name);
    let _ = writeln!(f, "fn record_{ident}(args: &[Any]) -> Result<Any> {{");
    if let Some(i) = op.args.iter().position(|a| a.name == "out" && a.ty == "Tensor?") {
        let _ = writeln!(
            f,
            "    if !args[{}].is_none() {{\n        return Err(autograd::out_while_recording({:?}));\n    }}",
            positions[i], op.name
        );
    }
    let _ = writeln!(
        f,
        "    let result = {{\n        let _off = autograd::GradMode::disabled();\n        run_{ident}(args)?\n    }};"
    );
    let _ = writeln!(
        f,
        "    autograd::record({:?}, args, &[{}], &[{}], &[{}], backward_{ident}, result)\n}}",
        op.name,
        inputs.join(", "),
        checked.join(", "),
        shape_only.join(", ")
    );
    let _ = writeln!(f, "\n/// The gradients of `{}`'s inputs (schema formulas).", op.name);
    let _ = writeln!(
        f,
        "fn backward_{ident}({}: &[Any], grads: &[Any], needs: &[bool], {}: &[autograd::InputMeta<'_>]) -> \
             Result<Vec<Option<Any>>> {{",
        if body.contains("saved") { "saved" } else { "_saved" },
        if shape_only.is_empty() { "_metas" } else { "metas" }
    );
    let _ = writeln!(f, "    let mut grads_out: Vec<Option<Any>> = Vec::with_capacity(needs.len());");
    f.push_str(&body);
    f.push_str("    Ok(grads_out)\n}\n");
    Ok(Some(f))
}
