//! Emits `include/ferrule/ops.h`: one inline C wrapper per operator over the packed ABI.

use std::fmt::Write;

use crate::schema::{Kind, Op};
use crate::{header, signature_text};

/// `include/ferrule/ops.h`.
pub fn ops_h(ops: &[Op]) -> Result<String, String> {
    let mut out = header("//");
    out.push_str(
        "/* ops.h — the operators of schema/ops.yaml as C functions over the packed ABI.\n *\n\
 * Each wrapper looks up `ops.<name>` once (cached; thread-safe), packs its arguments and calls\n\
 * it. Arguments are borrowed FerruleAny values (pass NULL for an optional argument to use its\n\
 * default); on success `*result` holds an owned value; errors follow ferrule.h's contract.\n */\n\
#ifndef FERRULE_OPS_H_\n#define FERRULE_OPS_H_\n\n#include \"ferrule/ferrule.h\"\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n",
    );
    out.push_str(
        "/* Calls the registered function `name`, caching the lookup in `*cache`. Internal. */\n\
static inline int32_t ferrule_ops__call(const char* name, FerruleObject** cache, const FerruleAny* args,\n\
                                        int32_t n, FerruleAny* result, FerruleObject** err) {\n\
  FerruleObject* f = __atomic_load_n(cache, __ATOMIC_ACQUIRE);\n\
  if (f == NULL) {\n\
    if (ferrule_func_get_global(name, &f, err) != 0) return -1;\n\
    FerruleObject* expected = NULL;\n\
    if (!__atomic_compare_exchange_n(cache, &expected, f, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {\n\
      ferrule_object_release(f); /* another thread cached it first */\n\
      f = expected;\n\
    }\n\
  }\n\
  return ferrule_func_call(f, args, n, result, err);\n\
}\n\n",
    );
    for op in ops {
        let ident = op.ident();
        let fixed: Vec<_> = op.args.iter().filter(|a| a.kind != Kind::VarPositional).collect();
        let var = op.args.iter().find(|a| a.kind == Kind::VarPositional);
        let doc: String = op.doc.trim_end().lines().map(|l| format!(" * {l}").trim_end().to_owned() + "\n").collect();
        let _ = write!(out, "/* {}{}\n *\n{doc} */\n", op.registered_name(), signature_text(op)?);
        let mut params: Vec<String> = fixed.iter().map(|a| format!("const FerruleAny* {}", a.name)).collect();
        if let Some(v) = var {
            params.push(format!("const FerruleAny* {0}, int32_t num_{0}", v.name));
        }
        params.push("FerruleAny* result".into());
        params.push("FerruleObject** err".into());
        let _ = writeln!(out, "static inline int32_t ferrule_op_{ident}({}) {{", params.join(", "));
        if let Some(a) =
            op.args.iter().find(|a| matches!(a.name.as_str(), "result" | "err") || a.name.starts_with("ferrule_"))
        {
            return Err(format!("op {}: argument name '{}' collides with the C wrapper's own names", op.name, a.name));
        }
        let _ = writeln!(out, "  static FerruleObject* ferrule__cache;");
        let n_fixed = fixed.len();
        match var {
            None => {
                let _ = writeln!(out, "  FerruleAny ferrule__args[{}];", n_fixed.max(1));
                let _ = writeln!(out, "  int32_t ferrule__n = 0;");
            }
            Some(v) => {
                let _ = writeln!(out, "  if (num_{0} < 0 || num_{0} > 64) {{ ferrule_error_create(\"ValueError\", \"ferrule_op_{ident}: num_{0} must be in 0..64\", err); return -1; }}", v.name);
                let _ = writeln!(out, "  FerruleAny ferrule__args[{} + 64];", n_fixed);
                let _ = writeln!(out, "  int32_t ferrule__n = 0;");
            }
        }
        // A NULL argument takes its default (written inline); a NULL required argument is an error.
        for a in &fixed {
            let fallback = match &a.default {
                Some(d) => c_default(d).map_err(|e| format!("op {}: argument {}: {e}", op.name, a.name))?,
                None => format!("{{ ferrule_error_create(\"TypeError\", \"ferrule_op_{ident}: argument '{}' is required\", err); return -1; }}", a.name),
            };
            let _ = writeln!(out, "  if ({0}) {{ ferrule__args[ferrule__n++] = *{0}; }} else {fallback}", a.name);
        }
        if let Some(v) = var {
            let _ = writeln!(out, "  for (int32_t ferrule__i = 0; ferrule__i < num_{0}; ++ferrule__i) ferrule__args[ferrule__n++] = {0}[ferrule__i];", v.name);
        }
        let _ = writeln!(
            out,
            "  return ferrule_ops__call({:?}, &ferrule__cache, ferrule__args, ferrule__n, result, err);\n}}\n",
            op.registered_name()
        );
    }
    out.push_str("#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif\n\n#endif /* FERRULE_OPS_H_ */\n");
    Ok(out)
}

/// C statements storing a default value into `ferrule__args[ferrule__n++]`.
fn c_default(v: &serde_yaml_ng::Value) -> Result<String, String> {
    use serde_yaml_ng::Value;
    let set = |ti: &str, field: &str, val: String| {
        format!("{{ ferrule__args[ferrule__n].type_index = {ti}; ferrule__args[ferrule__n].small_len = 0; ferrule__args[ferrule__n++].{field} = {val}; }}")
    };
    Ok(match v {
        Value::Null => set("FERRULE_TYPE_NONE", "v_int64", "0".into()),
        Value::Bool(b) => set("FERRULE_TYPE_BOOL", "v_int64", (*b as i32).to_string()),
        Value::Number(num) => match num.as_i64() {
            Some(i) => set("FERRULE_TYPE_INT", "v_int64", format!("INT64_C({i})")),
            None => {
                let f = num.as_f64().ok_or("unsupported number")?;
                let lit = if f.is_infinite() { if f > 0.0 { "(1.0/0.0)".to_owned() } else { "(-1.0/0.0)".to_owned() } } else { format!("{f:?}") };
                set("FERRULE_TYPE_FLOAT", "v_float64", lit)
            }
        },
        Value::String(s) if s.len() <= 8 && s.is_ascii() => {
            let bytes: Vec<String> = s.bytes().map(|b| b.to_string()).collect();
            format!(
                "{{ static const char text[8] = {{{}}}; ferrule__args[ferrule__n].type_index = FERRULE_TYPE_SMALL_STR; ferrule__args[ferrule__n].small_len = {}; for (int k = 0; k < 8; ++k) ferrule__args[ferrule__n].v_bytes[k] = text[k]; ferrule__n++; }}",
                if bytes.is_empty() { "0".to_owned() } else { bytes.join(", ") },
                s.len()
            )
        }
        Value::Sequence(_) => "{ ferrule_error_create(\"TypeError\", \"this argument has a tuple default, which C wrappers cannot write inline: pass a value\", err); return -1; }".to_owned(),
        other => return Err(format!("default {other:?} cannot be written inline in C")),
    })
}
