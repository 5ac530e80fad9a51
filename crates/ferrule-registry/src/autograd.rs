//! The autograd engine: one tape below the ABI, shared by Python, Go, C and plugins.
//!
//! A tensor object ([`TensorObj`]) carries a [`GradCell`]: whether it requires grad, its
//! accumulated `.grad`, the [`Node`] that produced it and hooks. The generated op glue (in
//! `ferrule-ops`) asks [`should_record`] before running an op; only when grad mode is on for the
//! calling thread and an argument requires grad does it record a node, whose backward function
//! is generated from the op's `backward:` formulas in `schema/ops.yaml`. Backward functions call
//! ops through the same glue, so with `create_graph` they are recorded too (higher order).
//!
//! [`run_backward`] walks the graph in dependency order with an explicit ready stack (never the
//! native stack, so a graph of a million nodes does not overflow it), accumulates into leaves,
//! checks that tensors saved for backward were not written in place since, and frees what the
//! nodes saved unless the graph is retained.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ferrule_core::tensor::format_shape;

use crate::container::Array;
use crate::error::{Error, Result};
use crate::function::Function;
use crate::object::ObjRef;
use crate::tensor::TensorObj;
use crate::Any;

/// Set once any tensor has required grad in this process: until then the op glue's check is a
/// single relaxed load that is always false.
static EVER_REQUIRED: AtomicBool = AtomicBool::new(false);

thread_local! {
    static GRAD_ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Whether ops called on this thread record a graph (on by default; see [`GradMode`]).
#[inline]
pub fn is_grad_enabled() -> bool {
    GRAD_ENABLED.with(Cell::get)
}

/// Turns recording on or off for this thread; returns the previous setting.
pub fn set_grad_enabled(enabled: bool) -> bool {
    GRAD_ENABLED.with(|c| c.replace(enabled))
}

/// Sets this thread's grad mode for its lifetime and restores the previous one on drop.
#[must_use = "the mode is restored when the guard is dropped"]
pub struct GradMode {
    previous: bool,
}

impl GradMode {
    /// Turns recording off (`no_grad`) until the guard is dropped.
    pub fn disabled() -> GradMode {
        GradMode { previous: set_grad_enabled(false) }
    }

    /// Sets recording to `enabled` until the guard is dropped.
    pub fn set(enabled: bool) -> GradMode {
        GradMode { previous: set_grad_enabled(enabled) }
    }
}

impl Drop for GradMode {
    fn drop(&mut self) {
        set_grad_enabled(self.previous);
    }
}

/// A tensor's autograd state, allocated on first use so that tensors outside autograd pay one
/// flag and an empty lock.
#[derive(Default)]
pub struct GradCell {
    requires: AtomicBool,
    state: Mutex<Option<Box<GradState>>>,
}

#[derive(Default)]
struct GradState {
    grad: Option<Any>,
    grad_fn: Option<Arc<Node>>,
    hooks: Vec<ObjRef<Function>>,
}

impl GradCell {
    fn lock(&self) -> MutexGuard<'_, Option<Box<GradState>>> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn with_state<R>(&self, f: impl FnOnce(&mut GradState) -> R) -> R {
        let mut guard = self.lock();
        f(guard.get_or_insert_with(Default::default))
    }

    /// Whether the tensor requires grad (a leaf marked so, or the result of a recorded op).
    #[inline]
    pub fn requires_grad(&self) -> bool {
        self.requires.load(Ordering::Relaxed)
    }

    fn grad_fn(&self) -> Option<Arc<Node>> {
        if !self.requires_grad() {
            return None;
        }
        self.lock().as_ref().and_then(|s| s.grad_fn.clone())
    }
}

/// Computes the gradients of a node's inputs from the gradient of its output: `saved` are the
/// op's packed arguments, `needs[i]` says whether input `i` (in the order of the node's edges)
/// wants a gradient. Returns one entry per edge.
pub type BackwardFn = fn(saved: &[Any], grad: &Any, needs: &[bool]) -> Result<Vec<Option<Any>>>;

/// Where a node sends the gradient of one of its inputs.
#[derive(Clone)]
enum Edge {
    /// The input was produced by a recorded op.
    Node(Arc<Node>),
    /// The input is a leaf that requires grad: gradients accumulate into its `.grad`.
    Leaf(ObjRef<TensorObj>),
}

/// One recorded op application.
pub struct Node {
    name: &'static str,
    edges: Vec<Option<Edge>>,
    /// The packed arguments, freed after backward unless the graph is retained.
    saved: Mutex<Option<Vec<Any>>>,
    /// (packed position, argument name, storage version when saved) of each tensor a formula reads.
    versions: Vec<(usize, &'static str, u64)>,
    backward: BackwardFn,
    /// Hooks registered on the (non-leaf) output tensor.
    hooks: Mutex<Vec<ObjRef<Function>>>,
}

impl Node {
    /// The op's name (what `grad_fn` shows).
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        // A long chain would otherwise drop recursively, one native frame per node: take the
        // children whose last owner we are and drop them from an explicit stack.
        let mut stack: Vec<Arc<Node>> = Vec::new();
        let take = |edges: &mut Vec<Option<Edge>>, stack: &mut Vec<Arc<Node>>| {
            for edge in edges.drain(..).flatten() {
                if let Edge::Node(node) = edge {
                    if Arc::strong_count(&node) == 1 {
                        stack.push(node);
                    }
                }
            }
        };
        take(&mut self.edges, &mut stack);
        while let Some(node) = stack.pop() {
            if let Ok(mut node) = Arc::try_unwrap(node) {
                take(&mut node.edges, &mut stack);
            }
        }
    }
}

fn tensor_obj(value: &Any) -> Option<&TensorObj> {
    value.downcast::<TensorObj>()
}

/// Whether the op about to run on `args` must be recorded: grad mode is on for this thread and
/// a tensor argument (or a tensor in a list argument) requires grad. One relaxed load on the
/// hot path of a process that never asked for gradients.
#[inline(always)]
pub fn should_record(args: &[Any]) -> bool {
    EVER_REQUIRED.load(Ordering::Relaxed) && should_record_slow(args)
}

#[cold]
#[inline(never)]
fn should_record_slow(args: &[Any]) -> bool {
    is_grad_enabled() && args.iter().any(arg_requires_grad)
}

fn arg_requires_grad(value: &Any) -> bool {
    if let Some(t) = tensor_obj(value) {
        return t.autograd().requires_grad();
    }
    value
        .downcast::<Array>()
        .is_some_and(|a| a.items().iter().any(|v| tensor_obj(v).is_some_and(|t| t.autograd().requires_grad())))
}

fn edge_of(value: &Any) -> Option<Edge> {
    let obj = tensor_obj(value)?;
    let cell = obj.autograd();
    if !cell.requires_grad() {
        return None;
    }
    match cell.grad_fn() {
        Some(node) => Some(Edge::Node(node)),
        None => value.to_object::<TensorObj>().map(Edge::Leaf),
    }
}

/// The error for `out=` (an in-place write) while recording.
pub fn out_while_recording(op: &str) -> Error {
    Error::runtime_error(format!(
        "ops.{op}(): out= (or an in-place operator) cannot be used while a tensor involved requires grad: the \
         write would make recorded gradients wrong; run it under no_grad(), or without out="
    ))
}

/// Records a node for the op `name` that ran on `args` and gave `result`. `inputs` are the
/// packed positions (and names) of the differentiable arguments, in the order the backward
/// function returns their gradients; `checked` are the tensor arguments the formulas read,
/// whose in-place modification before backward is an error. Returns the result object, with
/// its `grad_fn` set when any input requires grad.
pub fn record(
    name: &'static str,
    args: &[Any],
    inputs: &[(usize, &'static str)],
    checked: &[(usize, &'static str)],
    backward: BackwardFn,
    result: Any,
) -> Result<Any> {
    let edges: Vec<Option<Edge>> = inputs
        .iter()
        .map(|&(pos, _)| {
            args.get(pos).and_then(|v| {
                let dtype_ok = tensor_obj(v).is_some_and(|t| t.tensor().dtype().is_floating());
                if dtype_ok {
                    edge_of(v)
                } else {
                    None
                }
            })
        })
        .collect();
    if edges.iter().all(Option::is_none) {
        return Ok(result);
    }
    let Some(out) = tensor_obj(&result) else { return Ok(result) };
    if !out.tensor().dtype().is_floating() {
        return Ok(result);
    }
    // An op may hand back one of its inputs (astype to the same dtype without a copy): the
    // result must be a distinct object, or the input would become its own grad_fn's output.
    let aliased = args.iter().any(|a| a.as_object_ptr().is_some() && a.as_object_ptr() == result.as_object_ptr());
    let result = if aliased { Any::object(TensorObj::new(out.tensor().clone())) } else { result };
    let versions = checked
        .iter()
        .filter_map(|&(pos, arg)| tensor_obj(args.get(pos)?).map(|t| (pos, arg, t.tensor().storage().version())))
        .collect();
    let node = Arc::new(Node {
        name,
        edges,
        saved: Mutex::new(Some(args.to_vec())),
        versions,
        backward,
        hooks: Mutex::new(Vec::new()),
    });
    let out = tensor_obj(&result).expect("checked above");
    out.autograd().with_state(|s| s.grad_fn = Some(node));
    out.autograd().requires.store(true, Ordering::Relaxed);
    Ok(result)
}

fn tensor_arg<'a>(what: &str, value: &'a Any) -> Result<&'a TensorObj> {
    tensor_obj(value).ok_or_else(|| Error::type_error(format!("{what}: expected a Tensor, got {}", value.type_name())))
}

/// Marks a leaf tensor as requiring grad (or not). Only floating-point leaves may.
pub fn set_requires_grad(value: &Any, flag: bool) -> Result<()> {
    let t = tensor_arg("requires_grad", value)?;
    if flag && !t.tensor().dtype().is_floating() {
        return Err(Error::type_error(format!(
            "requires_grad: only floating-point tensors can require gradients, not {}",
            t.tensor().dtype()
        )));
    }
    if t.autograd().grad_fn().is_some() {
        return Err(Error::runtime_error(
            "requires_grad can only be changed on leaf tensors (this one was computed by a recorded op); use detach()",
        ));
    }
    if flag {
        EVER_REQUIRED.store(true, Ordering::Relaxed);
    }
    t.autograd().requires.store(flag, Ordering::Relaxed);
    Ok(())
}

/// Whether the tensor requires grad.
pub fn requires_grad(value: &Any) -> Result<bool> {
    Ok(tensor_arg("requires_grad", value)?.autograd().requires_grad())
}

/// Whether the tensor is a leaf (not produced by a recorded op).
pub fn is_leaf(value: &Any) -> Result<bool> {
    Ok(tensor_arg("is_leaf", value)?.autograd().grad_fn().is_none())
}

/// The accumulated gradient, or None.
pub fn grad(value: &Any) -> Result<Any> {
    let t = tensor_arg("grad", value)?;
    Ok(t.autograd().lock().as_ref().and_then(|s| s.grad.clone()).unwrap_or(Any::NONE))
}

/// Sets (or, with None, clears) the accumulated gradient; it must match the tensor's shape and dtype.
pub fn set_grad(value: &Any, grad: &Any) -> Result<()> {
    let t = tensor_arg("grad", value)?;
    if grad.is_none() {
        t.autograd().with_state(|s| s.grad = None);
        return Ok(());
    }
    let g = tensor_arg("grad", grad)?;
    check_like("grad", "the assigned gradient", g, t)?;
    t.autograd().with_state(|s| s.grad = Some(grad.clone()));
    Ok(())
}

fn check_like(what: &str, name: &str, g: &TensorObj, t: &TensorObj) -> Result<()> {
    if g.tensor().shape() != t.tensor().shape() {
        return Err(Error::value_error(format!(
            "{what}: {name} has shape {}, but the tensor has shape {}",
            format_shape(g.tensor().shape()),
            format_shape(t.tensor().shape())
        )));
    }
    if g.tensor().dtype() != t.tensor().dtype() {
        return Err(Error::type_error(format!(
            "{what}: {name} has dtype {}, but the tensor has dtype {}",
            g.tensor().dtype(),
            t.tensor().dtype()
        )));
    }
    Ok(())
}

/// The name of the op that produced the tensor, or None for a leaf.
pub fn grad_fn_name(value: &Any) -> Result<Any> {
    Ok(tensor_arg("grad_fn", value)?.autograd().grad_fn().map_or(Any::NONE, |n| Any::str(n.name)))
}

/// The tensors the tensor's grad_fn saved for backward (the same objects), or an error once
/// they were freed by a backward pass.
pub fn saved_tensors(value: &Any) -> Result<Vec<Any>> {
    let node = tensor_arg("saved_tensors", value)?
        .autograd()
        .grad_fn()
        .ok_or_else(|| Error::value_error("saved_tensors: the tensor is a leaf; it has no grad_fn"))?;
    let saved = node.saved.lock().unwrap_or_else(|p| p.into_inner());
    let saved = saved.as_ref().ok_or_else(|| freed_error(node.name))?;
    Ok(node.versions.iter().map(|&(pos, _, _)| saved[pos].clone()).collect())
}

/// A new tensor object sharing the memory, outside the graph.
pub fn detach(value: &Any) -> Result<Any> {
    let t = tensor_arg("detach", value)?;
    Ok(Any::object(TensorObj::new(t.tensor().clone())))
}

/// Registers `hook`, called with the tensor's gradient during backward; a hook that returns a
/// tensor replaces the gradient.
pub fn register_hook(value: &Any, hook: ObjRef<Function>) -> Result<()> {
    let t = tensor_arg("register_hook", value)?;
    if !t.autograd().requires_grad() {
        return Err(Error::runtime_error(
            "register_hook: the tensor does not require grad, so no gradient will ever reach the hook",
        ));
    }
    match t.autograd().grad_fn() {
        Some(node) => node.hooks.lock().unwrap_or_else(|p| p.into_inner()).push(hook),
        None => t.autograd().with_state(|s| s.hooks.push(hook)),
    }
    Ok(())
}

fn freed_error(name: &str) -> Error {
    Error::runtime_error(format!(
        "backward: the values saved by '{name}' were already freed by an earlier backward pass; pass \
         retain_graph=True to the first backward if you need to go through the graph twice"
    ))
}

fn op(name: &'static str, cache: &'static OnceLock<ObjRef<Function>>) -> Result<&'static ObjRef<Function>> {
    if let Some(f) = cache.get() {
        return Ok(f);
    }
    let f = crate::get_global(name)
        .ok_or_else(|| Error::runtime_error(format!("autograd needs '{name}', which is not registered")))?;
    Ok(cache.get_or_init(|| f))
}

fn add(a: &Any, b: &Any) -> Result<Any> {
    static ADD: OnceLock<ObjRef<Function>> = OnceLock::new();
    op("ops.add", &ADD)?.call(&[a.clone(), b.clone()])
}

fn ones_like(a: &Any) -> Result<Any> {
    static ONES: OnceLock<ObjRef<Function>> = OnceLock::new();
    op("ops.ones_like", &ONES)?.call(std::slice::from_ref(a))
}

fn run_hooks(hooks: &[ObjRef<Function>], mut grad: Any) -> Result<Any> {
    for hook in hooks {
        let replaced = hook.call(&[grad.clone()])?;
        if !replaced.is_none() {
            if tensor_obj(&replaced).is_none() {
                return Err(Error::type_error(format!(
                    "a gradient hook must return a Tensor or None, not {}",
                    replaced.type_name()
                )));
            }
            grad = replaced;
        }
    }
    Ok(grad)
}

fn accumulate(slot: &mut Option<Any>, grad: Any) -> Result<()> {
    *slot = Some(match slot.take() {
        None => grad,
        Some(old) => add(&old, &grad)?,
    });
    Ok(())
}

fn node_key(node: &Arc<Node>) -> usize {
    Arc::as_ptr(node) as usize
}

/// What a backward pass computes: leaf gradients accumulated into `.grad`, or (for
/// [`grad`](run_backward)'s `inputs`) the gradients of the given tensors, returned.
pub struct BackwardRequest<'a> {
    /// The tensors to differentiate.
    pub roots: &'a [Any],
    /// Their gradients (None entries: ones for a one-element root).
    pub root_grads: &'a [Any],
    /// When given, return the gradients of these tensors instead of accumulating into leaves.
    pub inputs: Option<&'a [Any]>,
    /// Keep what the nodes saved so the graph can be walked again.
    pub retain_graph: bool,
    /// Record the backward computation itself, for higher-order derivatives.
    pub create_graph: bool,
    /// The caller's name, for errors.
    pub what: &'a str,
}

/// Runs a backward pass (see [`BackwardRequest`]); returns the inputs' gradients (None where
/// no gradient reached an input) when `inputs` was given, an empty list otherwise.
pub fn run_backward(req: &BackwardRequest<'_>) -> Result<Vec<Any>> {
    let what = req.what;
    if req.roots.is_empty() {
        return Err(Error::value_error(format!("{what}: no tensors to differentiate")));
    }
    if req.root_grads.len() != req.roots.len() {
        return Err(Error::value_error(format!(
            "{what}: {} gradients given for {} tensors",
            req.root_grads.len(),
            req.roots.len()
        )));
    }
    let _mode = GradMode::set(req.create_graph);
    // Seeds: the root edges and their gradients.
    let mut seeds: Vec<(Edge, Any)> = Vec::with_capacity(req.roots.len());
    for (i, (root, given)) in req.roots.iter().zip(req.root_grads).enumerate() {
        let t = tensor_arg(what, root)?;
        let edge = edge_of(root).ok_or_else(|| {
            Error::runtime_error(format!(
                "{what}: tensor {i} does not require grad and has no grad_fn (set requires_grad on a leaf it \
                 depends on, outside no_grad())"
            ))
        })?;
        let grad = if given.is_none() {
            if t.tensor().numel() != 1 {
                return Err(Error::runtime_error(format!(
                    "{what}: a gradient can be created implicitly only for a one-element output, but tensor {i} has \
                     shape {}; pass gradient=",
                    format_shape(t.tensor().shape())
                )));
            }
            ones_like(root)?
        } else {
            let g = tensor_arg(what, given)?;
            check_like(what, &format!("the gradient of tensor {i}"), g, t)?;
            given.clone()
        };
        seeds.push((edge, grad));
    }
    // Targets of grad(): leaves by object, non-leaves by the node that produced them.
    let mut targets: HashMap<usize, usize> = HashMap::new();
    let mut results: Vec<Option<Any>> = Vec::new();
    if let Some(inputs) = req.inputs {
        for (i, input) in inputs.iter().enumerate() {
            tensor_arg(what, input)?;
            let key = match edge_of(input) {
                Some(Edge::Node(n)) => node_key(&n),
                Some(Edge::Leaf(l)) => l.as_raw() as usize,
                None => {
                    return Err(Error::runtime_error(format!("{what}: input {i} does not require grad")));
                }
            };
            targets.insert(key, i);
        }
        results = vec![None; inputs.len()];
    }
    // Count, for every reachable node, the edges that lead into it (explicit stack, no recursion).
    let mut deps: HashMap<usize, usize> = HashMap::new();
    let mut stack: Vec<Arc<Node>> = Vec::new();
    for (edge, _) in &seeds {
        if let Edge::Node(n) = edge {
            if let std::collections::hash_map::Entry::Vacant(e) = deps.entry(node_key(n)) {
                e.insert(0);
                stack.push(n.clone());
            }
        }
    }
    while let Some(node) = stack.pop() {
        for edge in node.edges.iter().flatten() {
            if let Edge::Node(child) = edge {
                let key = node_key(child);
                let seen = deps.contains_key(&key);
                *deps.entry(key).or_insert(0) += 1;
                if !seen {
                    stack.push(child.clone());
                }
            }
        }
    }
    // For grad(): only nodes from which a requested input can be reached run their backward
    // (so that parts of the graph outside the request keep what they saved). Children come
    // before parents in reverse topological order, found with a copy of the counts.
    let mut needed: HashMap<usize, bool> = HashMap::new();
    if req.inputs.is_some() {
        let mut left = deps.clone();
        let mut order: Vec<Arc<Node>> = Vec::new();
        let mut queue: Vec<Arc<Node>> = Vec::new();
        for (edge, _) in &seeds {
            if let Edge::Node(n) = edge {
                if left[&node_key(n)] == 0 && !queue.iter().any(|q| Arc::ptr_eq(q, n)) {
                    queue.push(n.clone());
                }
            }
        }
        while let Some(node) = queue.pop() {
            for edge in node.edges.iter().flatten() {
                if let Edge::Node(child) = edge {
                    let count = left.get_mut(&node_key(child)).expect("counted above");
                    *count -= 1;
                    if *count == 0 {
                        queue.push(child.clone());
                    }
                }
            }
            order.push(node);
        }
        for node in order.iter().rev() {
            let reaches = node.edges.iter().flatten().any(|edge| match edge {
                Edge::Leaf(l) => targets.contains_key(&(l.as_raw() as usize)),
                Edge::Node(c) => {
                    targets.contains_key(&node_key(c)) || needed.get(&node_key(c)).copied().unwrap_or(false)
                }
            });
            needed.insert(node_key(node), reaches);
        }
    }
    let mut buffers: HashMap<usize, Option<Any>> = HashMap::new();
    let mut leaf_grads: Vec<(ObjRef<TensorObj>, Any)> = Vec::new();
    let mut ready: Vec<Arc<Node>> = Vec::new();
    let mut deliver_leaf = |leaf: ObjRef<TensorObj>, grad: Any, results: &mut Vec<Option<Any>>| -> Result<()> {
        if req.inputs.is_some() {
            if let Some(&i) = targets.get(&(leaf.as_raw() as usize)) {
                accumulate(&mut results[i], grad)?;
            }
        } else {
            leaf_grads.push((leaf, grad));
        }
        Ok(())
    };
    for (edge, grad) in seeds {
        match edge {
            Edge::Node(n) => {
                accumulate(buffers.entry(node_key(&n)).or_default(), grad)?;
                if deps[&node_key(&n)] == 0 && !ready.iter().any(|r| Arc::ptr_eq(r, &n)) {
                    ready.push(n);
                }
            }
            Edge::Leaf(l) => deliver_leaf(l, grad, &mut results)?,
        }
    }
    while let Some(node) = ready.pop() {
        let key = node_key(&node);
        let grad = buffers.remove(&key).flatten();
        let outgoing: Vec<Option<Any>> = match grad {
            None => vec![None; node.edges.len()],
            Some(grad) => {
                let hooks = node.hooks.lock().unwrap_or_else(|p| p.into_inner()).clone();
                let grad = run_hooks(&hooks, grad)?;
                if let Some(&i) = targets.get(&key) {
                    accumulate(&mut results[i], grad.clone())?;
                }
                if req.inputs.is_some() && !needed.get(&key).copied().unwrap_or(false) {
                    for edge in node.edges.iter().flatten() {
                        if let Edge::Node(child) = edge {
                            let left = deps.get_mut(&node_key(child)).expect("counted above");
                            *left -= 1;
                            if *left == 0 {
                                ready.push(child.clone());
                            }
                        }
                    }
                    continue;
                }
                let saved = {
                    let mut slot = node.saved.lock().unwrap_or_else(|p| p.into_inner());
                    let saved = slot.as_ref().ok_or_else(|| freed_error(node.name))?.clone();
                    if !req.retain_graph {
                        *slot = None;
                    }
                    saved
                };
                for &(pos, arg, version) in &node.versions {
                    let now = tensor_obj(&saved[pos]).map_or(version, |t| t.tensor().storage().version());
                    if now != version {
                        return Err(Error::runtime_error(format!(
                            "{what}: argument '{arg}' of '{}' was saved for backward and then modified in place \
                             (its version went from {version} to {now}); its gradient would be wrong. Write into \
                             a copy instead",
                            node.name
                        )));
                    }
                }
                let needs: Vec<bool> = node.edges.iter().map(Option::is_some).collect();
                let grads = (node.backward)(&saved, &grad, &needs).map_err(|e| {
                    Error::with_kind_name(
                        e.kind(),
                        &format!("{what}: in the backward of '{}': {}", node.name, e.message()),
                    )
                })?;
                grads
            }
        };
        for (edge, grad) in node.edges.iter().zip(outgoing) {
            match edge {
                Some(Edge::Node(child)) => {
                    let ckey = node_key(child);
                    if let Some(g) = grad {
                        accumulate(buffers.entry(ckey).or_default(), g)?;
                    }
                    let left = deps.get_mut(&ckey).expect("counted above");
                    *left -= 1;
                    if *left == 0 {
                        ready.push(child.clone());
                    }
                }
                Some(Edge::Leaf(leaf)) => {
                    if let Some(g) = grad {
                        deliver_leaf(leaf.clone(), g, &mut results)?;
                    }
                }
                None => {}
            }
        }
    }
    // Leaves: hooks, then accumulation (the sum of every path, then into `.grad`).
    let mut per_leaf: Vec<(ObjRef<TensorObj>, Option<Any>)> = Vec::new();
    for (leaf, grad) in leaf_grads {
        match per_leaf.iter_mut().find(|(l, _)| ObjRef::ptr_eq(l, &leaf)) {
            Some((_, slot)) => accumulate(slot, grad)?,
            None => per_leaf.push((leaf, Some(grad))),
        }
    }
    for (leaf, grad) in per_leaf {
        let Some(grad) = grad else { continue };
        let hooks = leaf.autograd().lock().as_ref().map(|s| s.hooks.clone()).unwrap_or_default();
        let grad = run_hooks(&hooks, grad)?;
        let g = tensor_arg(what, &grad)?;
        check_like(what, "a computed gradient", g, &leaf)?;
        let old = leaf.autograd().lock().as_ref().and_then(|s| s.grad.clone());
        let new = match old {
            None => grad,
            Some(old) => add(&old, &grad)?,
        };
        leaf.autograd().with_state(|s| s.grad = Some(new));
    }
    Ok(results.into_iter().map(|r| r.unwrap_or(Any::NONE)).collect())
}
