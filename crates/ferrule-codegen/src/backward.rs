//! Backward formulas (`backward:` in `schema/ops.yaml`): a small expression language over the
//! schema's ops, compiled to Rust functions that call the ops' packed glue, so that the backward
//! pass is itself made of recorded ops (higher-order derivatives come for free).
//!
//! Grammar (Python-like): `expr := cmp`, `cmp := sum (("=="|"!="|"<"|"<="|">"|">=") sum)?`,
//! `sum := prod (("+"|"-") prod)*`, `prod := unary (("*"|"/") unary)*`,
//! `unary := "-" unary | power`, `power := atom ("**" unary)?`,
//! `atom := number | name | name "(" [arg ("," arg)*] ")" | "(" expr ")"`, `arg := [name "="] expr`.
//! Names: `grad` (the output's gradient), the op's argument names, `None`/`True`/`False`, schema
//! ops (`nn.softmax(x, axis=axis)`) and the helpers of [`HELPERS`].

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::schema::{Kind, Op};

/// Helpers of `ferrule_ops::autograd` a formula may call, taking and returning packed values.
pub const HELPERS: &[&str] = &[
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

/// The formulas of one op: (argument index, formula text); None when the op has no backward.
pub fn formulas(op: &Op) -> Result<Option<Vec<(usize, String)>>, String> {
    use serde_yaml_ng::Value;
    let at = |msg: String| format!("schema/ops.yaml: op '{}': backward: {msg}", op.name);
    let map = match &op.backward {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Mapping(m)) => m,
        Some(other) => return Err(at(format!("expected a mapping from argument names to formulas, got {other:?}"))),
    };
    if !matches!(op.returns.as_str(), "Tensor") {
        return Err(at("only ops returning one Tensor can have a backward".into()));
    }
    let mut out = Vec::new();
    for (key, value) in map {
        let name = key.as_str().ok_or_else(|| at(format!("key {key:?} is not an argument name")))?;
        let index = op.args.iter().position(|a| a.name == name).ok_or_else(|| at(format!("no argument '{name}'")))?;
        let arg = &op.args[index];
        if !matches!(arg.ty.as_str(), "Tensor" | "TensorLike" | "Tensor?" | "TensorLike?")
            || arg.kind == Kind::VarPositional
        {
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
                "grad" => Ok("grad.clone()".into()),
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
                    Ok(format!("saved[{}].clone()", self.positions[i]))
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

/// The record and backward functions of `op` (empty when it has no formulas), and the check
/// the op's packed function makes first.
pub fn emit(ops: &[Op], op: &Op, positions: &[usize]) -> Result<Option<String>, String> {
    let Some(formulas) = formulas(op)? else { return Ok(None) };
    let at = |msg: String| format!("schema/ops.yaml: op '{}': backward: {msg}", op.name);
    let ident = op.ident();
    let mut ctx = Ctx { ops, op, positions, used: BTreeSet::new() };
    let mut body = String::new();
    for (k, (index, text)) in formulas.iter().enumerate() {
        let arg = &op.args[*index];
        let expr = parse(text).map_err(|e| at(format!("argument '{}': {e} in {text:?}", arg.name)))?;
        let code = ctx.emit(&expr).map_err(|e| at(format!("argument '{}': {e} in {text:?}", arg.name)))?;
        let _ = writeln!(
            body,
            "    if needs[{k}] {{\n        let g = {code};\n        grads[{k}] = Some(crate::autograd::sum_to(&[g, saved[{}].clone()])?);\n    }}",
            positions[*index]
        );
    }
    let inputs: Vec<String> =
        formulas.iter().map(|(i, _)| format!("({}, {:?})", positions[*i], op.args[*i].name)).collect();
    let checked: Vec<String> = ctx
        .used
        .iter()
        .filter(|&&i| matches!(op.args[i].ty.as_str(), "Tensor" | "TensorLike" | "Tensor?" | "TensorLike?"))
        .map(|&i| format!("({}, {:?})", positions[i], op.args[i].name))
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
        "    let result = {{\n        let _off = autograd::GradMode::disabled();\n        op_{ident}(args)?\n    }};"
    );
    let _ = writeln!(
        f,
        "    autograd::record({:?}, args, &[{}], &[{}], backward_{ident}, result)\n}}",
        op.name,
        inputs.join(", "),
        checked.join(", ")
    );
    let _ = writeln!(f, "\n/// The gradients of `{}`'s inputs (schema formulas).", op.name);
    let _ =
        writeln!(f, "fn backward_{ident}(saved: &[Any], grad: &Any, needs: &[bool]) -> Result<Vec<Option<Any>>> {{");
    let _ = writeln!(f, "    let mut grads: Vec<Option<Any>> = vec![None; {}];", formulas.len());
    f.push_str(&body);
    f.push_str("    Ok(grads)\n}\n");
    Ok(Some(f))
}
