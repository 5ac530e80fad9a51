//! Custom functions in the graph: `autograd.custom_function(name, forward, backward)` wraps a
//! function written in any language (Go's `ferrule.RegisterFunc(..., ferrule.WithBackward(...))`
//! uses it) so that calling it while recording adds a node to the graph like an operator's.
//!
//! The forward runs with recording off; the node saves the arguments (the same objects, checked
//! for in-place writes like an operator's) and, at backward time, calls
//! `backward(grad, *args)`, which returns the gradient of each tensor argument: a Tensor when the
//! function has exactly one, else a list with one entry per tensor argument, in order (None where
//! it has none). Each gradient must have its argument's shape and dtype. Without a backward the
//! node still marks the result as part of the graph, and backward through it is an error naming
//! the function: a gradient that silently skipped the function would be wrong.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use ferrule_core::tensor::format_shape;
use ferrule_registry::autograd::{self, GradMode, Slot};
use ferrule_registry::{Any, Array, Error, Function, ObjRef, Result, TensorObj};

/// `name` as a `&'static str` (what a node's name and argument names are): each distinct text
/// is allocated once for the life of the process, so creating functions in a loop costs nothing
/// after the first.
fn intern(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|p| p.into_inner());
    if let Some(&known) = names.get(name) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(leaked);
    leaked
}

/// The name an argument goes by in errors: its position.
fn arg_name(pos: usize) -> &'static str {
    const NAMES: [&str; 8] = ["0", "1", "2", "3", "4", "5", "6", "7"];
    NAMES.get(pos).copied().unwrap_or_else(|| intern(&pos.to_string()))
}

fn tensor_positions(args: &[Any]) -> impl Iterator<Item = usize> + '_ {
    args.iter().enumerate().filter(|(_, a)| a.downcast::<TensorObj>().is_some()).map(|(i, _)| i)
}

/// Calls `forward` on `args`; while recording, the result joins the graph through a node whose
/// backward calls `backward` (see the module doc).
fn call(name: &'static str, forward: &Function, backward: &Any, args: &[Any]) -> Result<Any> {
    if !autograd::should_record(args) {
        return forward.call(args);
    }
    let result = {
        let _off = GradMode::disabled();
        forward.call(args)?
    };
    let inputs: Vec<(Slot, &'static str)> = tensor_positions(args).map(|i| (Slot::One(i), arg_name(i))).collect();
    // The node saves the arguments, then the backward function (the last entry).
    let mut saved = Vec::with_capacity(args.len() + 1);
    saved.extend_from_slice(args);
    saved.push(backward.clone());
    autograd::record(name, &saved, &inputs, &inputs, &[], backward_of_custom, result)
}

/// The backward of every custom node: calls the saved backward function with the gradient and
/// the saved arguments and checks what it returns.
fn backward_of_custom(
    saved: &[Any],
    grads: &[Any],
    needs: &[bool],
    _inputs: &[autograd::InputMeta<'_>],
) -> Result<Vec<Option<Any>>> {
    let grad = &grads[0]; // (one output)
    let (backward, args) = saved.split_last().expect("a custom node saves its backward last");
    let Some(backward) = backward.downcast::<Function>() else {
        return Err(Error::runtime_error(
            "the function has no backward, so no gradient can flow through it: register it with a backward \
             (Go: ferrule.WithBackward), or call it on detached tensors or with grad mode off",
        ));
    };
    let mut call_args = Vec::with_capacity(args.len() + 1);
    call_args.push(grad.clone());
    call_args.extend_from_slice(args);
    let returned = backward.call(&call_args)?;
    let positions: Vec<usize> = tensor_positions(args).collect();
    let grads: Vec<Any> = if returned.downcast::<TensorObj>().is_some() && positions.len() == 1 {
        vec![returned]
    } else if let Some(list) = returned.downcast::<Array>() {
        list.items().to_vec()
    } else {
        return Err(Error::type_error(format!(
            "its backward returned {}; expected {}",
            returned.type_name(),
            if positions.len() == 1 { "a Tensor" } else { "a list of Tensor or None, one per tensor argument" }
        )));
    };
    if grads.len() != positions.len() {
        return Err(Error::value_error(format!(
            "its backward returned {} gradients for {} tensor arguments",
            grads.len(),
            positions.len()
        )));
    }
    grads
        .into_iter()
        .zip(positions)
        .zip(needs)
        .map(|((g, pos), &needed)| {
            if !needed || g.is_none() {
                return Ok(None);
            }
            let input = args[pos].downcast::<TensorObj>().expect("a tensor position").tensor();
            let gt = g
                .downcast::<TensorObj>()
                .ok_or_else(|| {
                    Error::type_error(format!(
                        "its backward returned {} as the gradient of argument {pos}; expected a Tensor or None",
                        g.type_name()
                    ))
                })?
                .tensor();
            if gt.shape() != input.shape() {
                return Err(Error::value_error(format!(
                    "its backward returned a gradient of shape {} for argument {pos}, of shape {}",
                    format_shape(gt.shape()),
                    format_shape(input.shape())
                )));
            }
            if gt.dtype() != input.dtype() {
                return Err(Error::type_error(format!(
                    "its backward returned a gradient of dtype {} for argument {pos}, of dtype {}",
                    gt.dtype(),
                    input.dtype()
                )));
            }
            Ok(Some(g))
        })
        .collect()
}

/// `autograd.custom_function(name, forward, backward=None)`: the wrapping function object.
pub(super) fn custom_function(args: &[Any]) -> Result<Any> {
    const WHAT: &str = "autograd.custom_function";
    let name = args[0]
        .as_str()
        .ok_or_else(|| Error::type_error(format!("{WHAT}: name must be a str, not {}", args[0].type_name())))?;
    if name.is_empty() {
        return Err(Error::value_error(format!("{WHAT}: name must not be empty")));
    }
    let forward: ObjRef<Function> = args[1]
        .to_object::<Function>()
        .ok_or_else(|| Error::type_error(format!("{WHAT}: forward must be a function, not {}", args[1].type_name())))?;
    let backward = args.get(2).cloned().unwrap_or(Any::NONE);
    if !backward.is_none() && backward.downcast::<Function>().is_none() {
        return Err(Error::type_error(format!(
            "{WHAT}: backward must be a function or None, not {}",
            backward.type_name()
        )));
    }
    let name = intern(name);
    Ok(Any::object(Function::from_native(move |a| call(name, &forward, &backward, a))))
}
