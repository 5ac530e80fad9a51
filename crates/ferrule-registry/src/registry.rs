//! The process-wide registry of functions by dotted name, with documentation and signatures.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use ferrule_sys::{FERRULE_FUNC_LONG_RUNNING, FERRULE_REGISTER_OVERRIDE};

use crate::any::Any;
use crate::error::{Error, Result};
use crate::function::{FuncInfo, Function};
use crate::object::ObjRef;
use crate::signature::{Param, ParamKind, Signature};
use crate::typed::TypedFn;

fn table() -> &'static RwLock<HashMap<String, ObjRef<Function>>> {
    static TABLE: OnceLock<RwLock<HashMap<String, ObjRef<Function>>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// Registers `func` under `name` with its metadata.
///
/// Errors: ValueError for an empty or malformed name; KeyError if the name is taken and
/// `FERRULE_REGISTER_OVERRIDE` is not in `flags`.
pub fn set_global(
    name: &str,
    func: &ObjRef<Function>,
    doc: &str,
    signature: Option<Signature>,
    flags: i32,
) -> Result<()> {
    if name.is_empty()
        || name.starts_with('.')
        || name.ends_with('.')
        || name.contains("..")
        || name.chars().any(char::is_whitespace)
    {
        return Err(Error::value_error(format!(
            "register: invalid function name {name:?} (expected a dotted name like 'mylib.scale')"
        )));
    }
    let info = FuncInfo {
        name: name.to_owned(),
        doc: doc.to_owned(),
        signature,
        flags: flags & !FERRULE_REGISTER_OVERRIDE,
        ..FuncInfo::default()
    };
    let func = Function::with_info(func, info);
    let mut table = table().write().unwrap_or_else(|p| p.into_inner());
    if flags & FERRULE_REGISTER_OVERRIDE == 0 && table.contains_key(name) {
        return Err(Error::key_error(format!(
            "register: a function named '{name}' is already registered (pass override=True to replace it)"
        )));
    }
    let old = table.insert(name.to_owned(), func);
    drop(table);
    drop(old); // the old function's state may run arbitrary code when it dies: not under the lock
    Ok(())
}

/// The function registered under `name`.
pub fn get_global(name: &str) -> Option<ObjRef<Function>> {
    table().read().unwrap_or_else(|p| p.into_inner()).get(name).cloned()
}

/// Removes `name`; returns whether it was registered. Handles already obtained stay valid.
pub fn remove_global(name: &str) -> bool {
    let old = table().write().unwrap_or_else(|p| p.into_inner()).remove(name);
    old.is_some()
}

/// Every registered name, sorted.
pub fn list_global_names() -> Vec<String> {
    let mut names: Vec<String> = table().read().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect();
    names.sort_unstable();
    names
}

/// Registers a typed Rust function or closure under `name`, with argument names `arg0`, `arg1`, ...
///
/// ```
/// ferrule_registry::register("doc.add", |a: i64, b: i64| a + b).unwrap();
/// let f = ferrule_registry::get_global("doc.add").unwrap();
/// let out = f.call(&[1i64.into(), 2i64.into()]).unwrap();
/// assert_eq!(out.as_int(), Some(3));
/// ```
pub fn register<M, F: TypedFn<M>>(name: &str, f: F) -> Result<()> {
    FuncDef::new(name).register(f)
}

/// A registration under construction: name, documentation, signature, flags.
///
/// ```
/// use ferrule_registry::FuncDef;
/// FuncDef::new("doc.scale")
///     .doc("Multiplies x by factor.")
///     .signature("(x: float, factor: float = 2.0) -> float")
///     .register(|x: f64, factor: f64| x * factor)
///     .unwrap();
/// let f = ferrule_registry::get_global("doc.scale").unwrap();
/// assert_eq!(f.call(&[3.0.into()]).unwrap().as_float(), Some(6.0));
/// ```
#[derive(Debug, Clone)]
pub struct FuncDef {
    name: String,
    doc: String,
    signature: Option<String>,
    flags: i32,
}

impl FuncDef {
    /// Starts a registration under `name`.
    pub fn new(name: &str) -> FuncDef {
        FuncDef { name: name.to_owned(), doc: String::new(), signature: None, flags: 0 }
    }

    /// Sets the documentation.
    pub fn doc(mut self, doc: &str) -> FuncDef {
        self.doc = doc.to_owned();
        self
    }

    /// Sets the signature text; for typed functions it must have one parameter per argument.
    pub fn signature(mut self, text: &str) -> FuncDef {
        self.signature = Some(text.to_owned());
        self
    }

    /// Replaces an existing registration of the same name.
    pub fn override_existing(mut self) -> FuncDef {
        self.flags |= FERRULE_REGISTER_OVERRIDE;
        self
    }

    /// Marks the function long-running: frontends release their interpreter lock around calls.
    pub fn long_running(mut self) -> FuncDef {
        self.flags |= FERRULE_FUNC_LONG_RUNNING;
        self
    }

    /// Registers a typed function. Errors: ValueError if the signature does not parse or its
    /// parameter count differs from the function's; those of [`set_global`].
    pub fn register<M, F: TypedFn<M>>(self, f: F) -> Result<()> {
        let signature = match &self.signature {
            Some(text) => {
                let sig = Signature::parse(text)?;
                if sig.params.len() != F::ARITY || sig.has_var_positional() {
                    return Err(Error::value_error(format!(
                        "register '{}': signature {text:?} has {} parameters but the function takes {}",
                        self.name,
                        sig.params.len(),
                        F::ARITY
                    )));
                }
                sig
            }
            None => Signature {
                params: F::param_types()
                    .into_iter()
                    .enumerate()
                    .map(|(i, ty)| Param {
                        name: format!("arg{i}"),
                        ty: ty.to_owned(),
                        kind: ParamKind::Positional,
                        default: None,
                    })
                    .collect(),
                returns: F::return_type().to_owned(),
            },
        };
        let names = signature.params.iter().map(|p| p.name.clone()).collect();
        let packed = f.into_packed(Arc::from(self.name.as_str()), names);
        let func = Function::from_callable(crate::function::Callable::Native(packed));
        set_global(&self.name, &func, &self.doc, Some(signature), self.flags)
    }

    /// Registers a packed function (`&[Any]` in, `Any` out) that checks its own arguments.
    pub fn register_packed(self, f: impl Fn(&[Any]) -> Result<Any> + Send + Sync + 'static) -> Result<()> {
        let signature = self.signature.as_deref().map(Signature::parse).transpose()?;
        set_global(&self.name, &Function::from_native(f), &self.doc, signature, self.flags)
    }
}
