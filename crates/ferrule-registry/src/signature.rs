//! Function signatures: argument names, types, kinds and defaults, parsed from and rendered to
//! the Python-like text form the C ABI uses: `(x: Tensor, factor: float = 2.0, *, inplace: bool = False) -> Tensor`.

use crate::any::Any;
use crate::error::{Error, Result};

/// How a parameter may be passed by frontends that support keywords.
///
/// A packed call passes every parameter by position, in *packed order*: the parameters that are
/// not `*args`, in declaration order (keyword-only ones included), then the `*args` values.
/// For `(*arrays, indexing='xy')` that is `[indexing, arrays...]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Positional only in frontends (before a bare `/`).
    PositionalOnly,
    /// Positional or keyword.
    Positional,
    /// Keyword only in frontends (after a bare `*`); still positional in packed calls.
    KeywordOnly,
    /// `*args`: every remaining positional argument; only keyword-only parameters may follow it.
    VarPositional,
}

impl ParamKind {
    /// The name used in function metadata.
    pub fn name(self) -> &'static str {
        match self {
            ParamKind::PositionalOnly => "positional_only",
            ParamKind::Positional => "positional",
            ParamKind::KeywordOnly => "keyword_only",
            ParamKind::VarPositional => "var_positional",
        }
    }
}

/// One parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Name.
    pub name: String,
    /// Type name ("int", "float", "str", "Tensor", "Any", ...).
    pub ty: String,
    /// How it is passed.
    pub kind: ParamKind,
    /// Default value, if any.
    pub default: Option<Any>,
}

/// A function's parameters and return type.
#[derive(Clone, Debug, Default)]
pub struct Signature {
    /// Parameters in declaration (= packed position) order.
    pub params: Vec<Param>,
    /// Return type name.
    pub returns: String,
}

impl Signature {
    /// Parses the text form. Errors: ValueError naming the column of the problem.
    pub fn parse(text: &str) -> Result<Signature> {
        Parser { text, pos: 0 }.signature()
    }

    /// Number of fixed (non-`*args`) parameters: the packed positions before the `*args` values.
    pub fn fixed_len(&self) -> usize {
        self.params.iter().filter(|p| p.kind != ParamKind::VarPositional).count()
    }

    /// Whether there is an `*args` parameter.
    pub fn has_var_positional(&self) -> bool {
        self.params.iter().any(|p| p.kind == ParamKind::VarPositional)
    }

    /// The fixed parameters in packed order (declaration order without `*args`).
    pub fn fixed_params(&self) -> impl Iterator<Item = &Param> {
        self.params.iter().filter(|p| p.kind != ParamKind::VarPositional)
    }

    /// Renders the text form.
    pub fn render(&self) -> String {
        let mut out = String::from("(");
        let mut star_written = false;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match p.kind {
                ParamKind::VarPositional => {
                    out.push('*');
                    star_written = true;
                }
                ParamKind::KeywordOnly if !star_written => {
                    out.push_str("*, ");
                    star_written = true;
                }
                _ => {}
            }
            out.push_str(&p.name);
            let ends_positional_only = p.kind == ParamKind::PositionalOnly
                && self.params.get(i + 1).is_none_or(|next| next.kind != ParamKind::PositionalOnly);
            if !p.ty.is_empty() {
                out.push_str(": ");
                out.push_str(&p.ty);
            }
            if let Some(d) = &p.default {
                out.push_str(" = ");
                out.push_str(&render_literal(d));
            }
            if ends_positional_only {
                out.push_str(", /");
            }
        }
        out.push(')');
        if !self.returns.is_empty() {
            out.push_str(" -> ");
            out.push_str(&self.returns);
        }
        out
    }
}

/// Renders a default value as a literal of the text form.
pub fn render_literal(v: &Any) -> String {
    if v.is_none() {
        return "None".into();
    }
    if let Some(array) = v.downcast::<crate::container::Array>() {
        let items: Vec<String> = array.items().iter().map(render_literal).collect();
        return match items.len() {
            1 => format!("({},)", items[0]),
            _ => format!("({})", items.join(", ")),
        };
    }
    if let Some(b) = v.as_bool() {
        return if b { "True" } else { "False" }.into();
    }
    if let Some(s) = v.as_str() {
        return format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"));
    }
    if v.type_index() == ferrule_sys::type_index::FLOAT {
        let f = v.as_float().unwrap_or(0.0);
        return if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e16 { format!("{f:.1}") } else { format!("{f:?}") };
    }
    match v.as_int() {
        Some(i) => i.to_string(),
        None => format!("{v:?}"),
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn fail(&self, what: &str) -> Error {
        Error::value_error(format!("invalid signature {:?}: {what} at column {}", self.text, self.pos + 1))
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> Result<()> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.fail(&format!("expected '{s}'")))
        }
    }

    fn ident(&mut self) -> Result<String> {
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
        if start == self.pos || self.text[start..].starts_with(|c: char| c.is_ascii_digit()) {
            return Err(self.fail("expected a name"));
        }
        Ok(self.text[start..self.pos].to_owned())
    }

    /// A type annotation: everything up to a top-level ',', '=', ')' (brackets may nest).
    fn type_text(&mut self) -> Result<String> {
        self.skip_ws();
        let start = self.pos;
        let mut depth = 0i32;
        while let Some(c) = self.peek() {
            match c {
                '[' | '(' => depth += 1,
                ']' | ')' if depth > 0 => depth -= 1,
                ',' | '=' | ')' if depth == 0 => break,
                _ => {}
            }
            self.pos += c.len_utf8();
        }
        let ty = self.text[start..self.pos].trim();
        if ty.is_empty() {
            return Err(self.fail("expected a type"));
        }
        Ok(ty.to_owned())
    }

    fn literal(&mut self) -> Result<Any> {
        self.skip_ws();
        if let Some(open @ ('(' | '[')) = self.peek() {
            let close = if open == '(' { ")" } else { "]" };
            self.pos += 1;
            let mut items = Vec::new();
            if !self.eat(close) {
                loop {
                    items.push(self.literal()?);
                    if self.eat(close) {
                        break;
                    }
                    self.expect(",")?;
                    if self.eat(close) {
                        break;
                    }
                }
            }
            return Ok(Any::object(crate::object::ObjRef::new(crate::container::Array::new(items))));
        }
        for (word, value) in [("None", Any::NONE), ("True", Any::bool(true)), ("False", Any::bool(false))] {
            if self.text[self.pos..].starts_with(word) {
                self.pos += word.len();
                return Ok(value);
            }
        }
        match self.peek() {
            Some(q @ ('\'' | '"')) => {
                self.pos += 1;
                let mut s = String::new();
                loop {
                    match self.peek() {
                        None => return Err(self.fail("unterminated string")),
                        Some('\\') => {
                            self.pos += 1;
                            let c = self.peek().ok_or_else(|| self.fail("unterminated string"))?;
                            s.push(match c {
                                'n' => '\n',
                                't' => '\t',
                                other => other,
                            });
                            self.pos += c.len_utf8();
                        }
                        Some(c) if c == q => {
                            self.pos += 1;
                            return Ok(Any::str(&s));
                        }
                        Some(c) => {
                            s.push(c);
                            self.pos += c.len_utf8();
                        }
                    }
                }
            }
            _ => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || "+-._".contains(c)) {
                    self.pos += 1;
                }
                let word = self.text[start..self.pos].replace('_', "");
                if let Ok(i) = word.parse::<i64>() {
                    return Ok(Any::int(i));
                }
                match word.as_str() {
                    "inf" => return Ok(Any::float(f64::INFINITY)),
                    "-inf" => return Ok(Any::float(f64::NEG_INFINITY)),
                    "nan" => return Ok(Any::float(f64::NAN)),
                    _ => {}
                }
                word.parse::<f64>().map(Any::float).map_err(|_| {
                    self.pos = start;
                    self.fail("expected a default value (int, float, 'str', True, False, None or a tuple of them)")
                })
            }
        }
    }

    fn signature(&mut self) -> Result<Signature> {
        self.expect("(")?;
        let mut sig = Signature::default();
        let mut keyword_only = false;
        let mut seen_default = false;
        if !self.eat(")") {
            loop {
                let mut kind = if keyword_only { ParamKind::KeywordOnly } else { ParamKind::Positional };
                if self.eat("/") {
                    if keyword_only
                        || sig.params.is_empty()
                        || sig.params.iter().any(|p| p.kind == ParamKind::PositionalOnly)
                    {
                        return Err(self.fail("misplaced '/'"));
                    }
                    for p in &mut sig.params {
                        p.kind = ParamKind::PositionalOnly;
                    }
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                    continue;
                }
                if self.eat("*") {
                    if self.eat(",") {
                        if keyword_only {
                            return Err(self.fail("a second '*'"));
                        }
                        keyword_only = true;
                        continue;
                    }
                    if keyword_only {
                        return Err(self.fail("'*args' after '*' or a second '*args'"));
                    }
                    kind = ParamKind::VarPositional;
                    keyword_only = true;
                }
                let name = self.ident()?;
                if sig.params.iter().any(|p| p.name == name) {
                    return Err(self.fail(&format!("duplicate parameter '{name}'")));
                }
                let ty = if self.eat(":") { self.type_text()? } else { "Any".to_owned() };
                let default =
                    if kind != ParamKind::VarPositional && self.eat("=") { Some(self.literal()?) } else { None };
                if default.is_some() {
                    seen_default = true;
                } else if seen_default && matches!(kind, ParamKind::Positional | ParamKind::PositionalOnly) {
                    return Err(self.fail(&format!("parameter '{name}' without a default follows one with a default")));
                }
                sig.params.push(Param { name, ty, kind, default });
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        if self.eat("->") {
            self.skip_ws();
            sig.returns = self.text[self.pos..].trim().to_owned();
            self.pos = self.text.len();
            if sig.returns.is_empty() {
                return Err(self.fail("expected a return type"));
            }
        }
        self.skip_ws();
        if self.pos != self.text.len() {
            return Err(self.fail("unexpected text"));
        }
        Ok(sig)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for text in [
            "()",
            "(a: int, b: int) -> int",
            "(x: Tensor, factor: float = 2.0, *, inplace: bool = False) -> Tensor",
            "(f: Function, *args: Any) -> Any",
            "(kind: str, message: str = 'it\\'s') -> None",
            "(shape: list[int], dtype: dtype = None) -> Tensor",
            "(x1: Tensor, x2: Tensor, /, *, out: Tensor = None) -> Tensor",
            "(x: Tensor, /, axis: int = 0) -> Tensor",
            "(x: Tensor, /) -> Tensor",
            "(shape: tuple[int, ...] = (), axes: tuple[int, ...] = (1,), pair: Any = (1, 'a')) -> None",
            "(*arrays: Tensor, indexing: str = 'xy') -> list[Tensor]",
        ] {
            let sig = Signature::parse(text).unwrap();
            assert_eq!(sig.render(), text);
        }
    }

    #[test]
    fn defaults_are_typed() {
        let sig = Signature::parse("(a = 1, b = -2.5, c = 'x', d = True, e = None)").unwrap();
        let d: Vec<_> = sig.params.iter().map(|p| p.default.clone().unwrap()).collect();
        assert_eq!(d[0].as_int(), Some(1));
        assert_eq!(d[1].as_float(), Some(-2.5));
        assert_eq!(d[2].as_str(), Some("x"));
        assert_eq!(d[3].as_bool(), Some(true));
        assert!(d[4].is_none());
        assert_eq!(sig.params[0].ty, "Any");
    }

    #[test]
    fn errors_name_the_column() {
        for bad in [
            "(/, a)",
            "(a, /, /)",
            "(*, a, /)",
            "(a, a)",
            "a: int",
            "(a = 1, b)",
            "(*a, *b)",
            "(*, *b)",
            "(a = [1)",
            "(a: int) junk",
            "(1a)",
        ] {
            let err = Signature::parse(bad).unwrap_err();
            assert_eq!(err.kind(), "ValueError", "{bad}");
            assert!(err.message().contains("column"), "{bad}: {}", err.message());
        }
    }
}
