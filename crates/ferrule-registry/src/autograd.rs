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
//!
//! A node may have several outputs (`linalg.eigh`, `unstack`): each result tensor knows its
//! node and its place among the outputs, the pass buffers one gradient per output and fills
//! the outputs no gradient reached with zeros before the node's backward runs. An argument may
//! be a list of tensors (`concat`, `stack`, `*arrays`): each tensor in it is an input edge of
//! its own. Complex tensors take part with PyTorch's convention: the gradient of a real loss
//! `L` with respect to `z = x + iy` is `dL/dx + i dL/dy` (the conjugate Wirtinger derivative,
//! doubled), so gradient descent works unchanged and a real input's gradient is the real part
//! of what reaches it.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ferrule_core::profiler::{Category, Name, Span};
use ferrule_core::tensor::format_shape;
use smallvec::{smallvec, SmallVec};

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
    /// This thread's `GRAD_ENABLED`, looked up once: a thread-local costs a call into the
    /// dynamic loader (`__tls_get_addr`) per lookup in a shared library, and every recorded op
    /// sets and restores the mode. The raw pointer also keeps the guard on its thread (!Send).
    cell: *const Cell<bool>,
}

impl GradMode {
    /// Turns recording off (`no_grad`) until the guard is dropped.
    #[inline]
    pub fn disabled() -> GradMode {
        GradMode::set(false)
    }

    /// Sets recording to `enabled` until the guard is dropped.
    #[inline]
    pub fn set(enabled: bool) -> GradMode {
        GRAD_ENABLED.with(|c| GradMode { previous: c.replace(enabled), cell: c })
    }
}

impl Drop for GradMode {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: `cell` is this thread's GRAD_ENABLED (the guard is !Send, so it is dropped on
        // the thread that made it); a const-initialised thread-local without a destructor stays
        // valid for the whole life of its thread, so it outlives every value the thread holds.
        unsafe { (*self.cell).set(self.previous) };
    }
}

/// A tensor's autograd state, allocated on first use so that tensors outside autograd pay one
/// flag and an empty lock.
#[derive(Default)]
pub struct GradCell {
    requires: AtomicBool,
    /// The node that produced the tensor and the tensor's place among its outputs: set once,
    /// when a recorded op returns the tensor, and read without a lock.
    grad_fn: OnceLock<(Arc<Node>, usize)>,
    state: Mutex<Option<Box<GradState>>>,
}

#[derive(Default)]
struct GradState {
    grad: Option<Any>,
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

    fn grad_fn(&self) -> Option<(Arc<Node>, usize)> {
        if !self.requires_grad() {
            return None;
        }
        self.grad_fn.get().cloned()
    }
}

/// Computes the gradients of a node's inputs from the gradients of its outputs: `saved` are
/// the op's packed arguments, `grads` has one entry per output (zeros for a differentiable
/// output no gradient reached, None for an output that cannot have one, such as an integer
/// result), `needs[i]` says whether input `i` (in the order of the node's edges: the tensors
/// of each differentiable argument, a list argument's one by one) wants a gradient. Returns
/// one entry per edge.
///
/// `inputs` has the shape and dtype of each edge's input (None where the edge is), read from the
/// edges at backward time: a formula that needs an input only to undo broadcasting takes them
/// from here, so the node need not save (and reference-count) the input itself.
pub type BackwardFn =
    fn(saved: &[Any], grads: &[Any], needs: &[bool], inputs: &[InputMeta<'_>]) -> Result<Vec<Option<Any>>>;

/// The shape and dtype of a differentiable input, as its gradient must have them (see
/// [`BackwardFn`]).
pub type InputMeta<'a> = Option<(&'a [i64], ferrule_core::DType)>;

/// Where a differentiable argument sits among an op's packed arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// One tensor (or a Python number, or None) at this position.
    One(usize),
    /// A list (an `Array`) of tensors at this position.
    List(usize),
    /// Every argument from this position on (`*arrays`).
    Rest(usize),
}

impl Slot {
    /// The values the slot holds in `args` (an empty list for a list that is not an `Array`).
    pub fn values(self, args: &[Any]) -> Vec<&Any> {
        self.items(args).iter().collect()
    }

    /// The values the slot holds in `args`, borrowed in place (what [`values`](Slot::values)
    /// collects): recording walks them without allocating.
    #[inline]
    fn items(self, args: &[Any]) -> &[Any] {
        match self {
            Slot::One(pos) => args.get(pos..=pos).unwrap_or_default(),
            Slot::List(pos) => args.get(pos).and_then(|v| v.downcast::<Array>()).map_or(&[], |a| a.items()),
            Slot::Rest(pos) => args.get(pos..).unwrap_or_default(),
        }
    }
}

/// Whether tensors of this dtype can carry gradients: the real and complex floating types.
#[inline]
pub fn is_differentiable(dtype: ferrule_core::DType) -> bool {
    dtype.is_floating() || dtype.is_complex()
}

/// Where a node sends the gradient of one of its inputs.
#[derive(Clone)]
enum Edge {
    /// The input was produced by a recorded op: that node and the input's place among its outputs.
    Node(Arc<Node>, usize),
    /// The input is a leaf that requires grad: gradients accumulate into its `.grad`.
    Leaf(ObjRef<TensorObj>),
}

impl Edge {
    /// The shape and dtype of the input this edge leads from: the leaf's own, or what the
    /// producing node recorded of that output.
    fn input_meta(&self) -> InputMeta<'_> {
        match self {
            Edge::Leaf(t) => Some((t.tensor().shape(), t.tensor().dtype())),
            Edge::Node(node, index) => node.outputs.get(*index)?.as_ref().map(|(shape, dtype)| (&shape[..], *dtype)),
        }
    }
}

/// A tensor a formula reads, with the storage version it had when the node was recorded.
struct SavedVersion {
    /// Its place among the packed arguments.
    pos: u32,
    /// Its place in a list argument (`Slot::List`), or [`SavedVersion::NOT_IN_LIST`]. (Two
    /// `u32`s rather than `usize` and `Option<usize>`: a node keeps two of these inline.)
    item: u32,
    arg: &'static str,
    version: u64,
}

impl SavedVersion {
    /// `item` of a tensor that is an argument of its own.
    const NOT_IN_LIST: u32 = u32::MAX;

    fn value<'a>(&self, saved: &'a [Any]) -> Option<&'a Any> {
        let v = saved.get(self.pos as usize)?;
        match self.item {
            SavedVersion::NOT_IN_LIST => Some(v),
            i => v.downcast::<Array>()?.items().get(i as usize),
        }
    }
}

/// A node's input edges, inline for the one- and two-input ops nearly every node records.
type Edges = SmallVec<[Option<Edge>; 2]>;

/// The packed arguments a node saves, inline for up to four (`add(x1, x2, out)` and most ops).
type Saved = SmallVec<[Any; 4]>;

/// The shape and dtype of an output that can have a gradient; the shape inline up to rank 4.
type OutputMeta = (SmallVec<[i64; 4]>, ferrule_core::DType);

/// One recorded op application. Its edges, saved arguments, checked versions and outputs sit
/// inline for the common shapes of op (few arguments, one output), so recording allocates the
/// node and nothing else.
pub struct Node {
    name: &'static str,
    edges: Edges,
    /// The packed arguments, freed after backward unless the graph is retained.
    saved: Mutex<Option<Saved>>,
    /// Each tensor a formula reads, checked for in-place writes before backward uses it.
    versions: SmallVec<[SavedVersion; 2]>,
    backward: BackwardFn,
    /// Per output: its shape and dtype when it can have a gradient (to fill a missing one
    /// with zeros), None otherwise.
    outputs: SmallVec<[Option<OutputMeta>; 1]>,
    /// Hooks registered on the (non-leaf) output tensors, with the output's place.
    hooks: Mutex<Vec<(usize, ObjRef<Function>)>>,
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
        let take = |edges: &mut Edges, stack: &mut Vec<Arc<Node>>| {
            for edge in edges.drain(..).flatten() {
                if let Edge::Node(node, _) = edge {
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
        Some((node, index)) => Some(Edge::Node(node, index)),
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

/// Records a node for the op `name` that ran on `args` and gave `result` (a tensor, or an
/// `Array` of tensors for an op with several outputs). `inputs` are the differentiable
/// arguments (where they sit, and their names), in the order the backward function returns
/// their gradients; `checked` are the tensor arguments the formulas read, whose in-place
/// modification before backward is an error. Returns the result, whose tensors that can have
/// a gradient get this node as their `grad_fn`, when any input requires grad.
pub fn record(
    name: &'static str,
    args: &[Any],
    inputs: &[(Slot, &'static str)],
    checked: &[(Slot, &'static str)],
    shape_only: &[usize],
    backward: BackwardFn,
    result: Any,
) -> Result<Any> {
    // Plain pushes rather than collect() here and below: SmallVec's generic extend cost more
    // than the rest of the node's construction (callgrind).
    let mut edges = Edges::new();
    for &(slot, _) in inputs {
        for v in slot.items(args) {
            edges.push(match tensor_obj(v) {
                Some(t) if is_differentiable(t.tensor().dtype()) => edge_of(v),
                _ => None,
            });
        }
    }
    if edges.iter().all(Option::is_none) {
        return Ok(result);
    }
    // The outputs: the result itself, or the items of an Array of tensors (then `array` keeps
    // the Array, handed back as it is unless an item is replaced below).
    let (mut items, array): (SmallVec<[Any; 1]>, Option<Any>) = match result.downcast::<Array>() {
        Some(a) => (a.items().iter().cloned().collect(), Some(result)),
        None => (smallvec![result], None),
    };
    // Per output its metadata, and whether it gets this node as its grad_fn.
    let mut outputs: SmallVec<[Option<OutputMeta>; 1]> = SmallVec::new();
    let mut wanted: SmallVec<[bool; 1]> = SmallVec::new();
    for v in &items {
        let meta = tensor_obj(v)
            .map(|t| t.tensor())
            .filter(|t| is_differentiable(t.dtype()))
            .map(|t| (SmallVec::from_slice(t.shape()), t.dtype()));
        wanted.push(meta.is_some());
        outputs.push(meta);
    }
    // The last output that gets the node takes the node's first reference (one count fewer to
    // add and drop: the common single output adds none).
    let Some(last) = wanted.iter().rposition(|&w| w) else {
        return Ok(array.unwrap_or_else(|| items.swap_remove(0)));
    };
    // An op may hand back one of its inputs (astype to the same dtype without a copy): the
    // result must be a distinct object, or the input would become its own grad_fn's output.
    // So must a tensor that appears twice among the outputs.
    let mut replaced = false;
    for i in 0..items.len() {
        let Some(ptr) = items[i].as_object_ptr() else { continue };
        let aliased = args.iter().any(|a| a.as_object_ptr() == Some(ptr))
            || inputs.iter().any(|&(slot, _)| {
                matches!(slot, Slot::List(_)) && slot.items(args).iter().any(|a| a.as_object_ptr() == Some(ptr))
            })
            || items[..i].iter().any(|a| a.as_object_ptr() == Some(ptr));
        if aliased {
            if let Some(t) = tensor_obj(&items[i]) {
                items[i] = Any::object(TensorObj::new(t.tensor().clone()));
                replaced = true;
            }
        }
    }
    let mut versions = SmallVec::new();
    for &(slot, arg) in checked {
        for (i, v) in slot.items(args).iter().enumerate() {
            let Some(t) = tensor_obj(v) else { continue };
            let (pos, item) = match slot {
                Slot::One(pos) => (pos, None),
                Slot::List(pos) => (pos, Some(i)),
                Slot::Rest(pos) => (pos + i, None),
            };
            // A call's arguments and a list's items number far fewer than u32::MAX.
            let pos = u32::try_from(pos).map_err(|_| too_many(name))?;
            let item = match item {
                None => SavedVersion::NOT_IN_LIST,
                Some(i) => {
                    u32::try_from(i).ok().filter(|&i| i != SavedVersion::NOT_IN_LIST).ok_or_else(|| too_many(name))?
                }
            };
            versions.push(SavedVersion { pos, item, arg, version: t.tensor().storage().version() });
        }
    }
    // The node is written field by field into its allocation (Node is some 350 bytes: built on
    // the stack and moved into the Arc, it cost a memcpy per recorded op), the saved arguments
    // pushed in place.
    let mut cell = Arc::<Node>::new_uninit();
    let slot = Arc::get_mut(&mut cell).expect("a new Arc has no other owner").as_mut_ptr();
    // SAFETY: `slot` points at the new allocation, which nothing else can see; every field is
    // written once below before `assume_init`, with nothing in between that can fail or panic
    // (pushing onto the inline SmallVec of saved arguments aborts only on allocation failure, like
    // the Arc itself), so the node is never observed, used or dropped half-initialised.
    let node = unsafe {
        std::ptr::addr_of_mut!((*slot).name).write(name);
        std::ptr::addr_of_mut!((*slot).edges).write(edges);
        std::ptr::addr_of_mut!((*slot).saved).write(Mutex::new(Some(Saved::new())));
        let saved = (*slot).saved.get_mut().unwrap_or_else(|p| p.into_inner());
        let saved = saved.as_mut().expect("written just above");
        for (i, a) in args.iter().enumerate() {
            // An argument backward needs only the shape and dtype of is not kept (its reference
            // count is two atomic operations per recorded op): `inputs` of the BackwardFn has them.
            saved.push(if shape_only.contains(&i) { Any::NONE } else { a.clone() });
        }
        std::ptr::addr_of_mut!((*slot).versions).write(versions);
        std::ptr::addr_of_mut!((*slot).backward).write(backward);
        std::ptr::addr_of_mut!((*slot).outputs).write(outputs);
        std::ptr::addr_of_mut!((*slot).hooks).write(Mutex::new(Vec::new()));
        cell.assume_init()
    };
    let mut node = Some(node);
    for (index, item) in items.iter().enumerate().take(last + 1) {
        if !wanted[index] {
            continue;
        }
        let owner = match index == last {
            true => node.take(),
            false => node.clone(),
        }
        .expect("the node is held until the last output takes it");
        let out = tensor_obj(item).expect("an output with a gradient is a tensor");
        // A fresh result (or the distinct object made above): nobody set its node before.
        if out.autograd().grad_fn.set((owner, index)).is_err() {
            return Err(Error::runtime_error(format!(
                "autograd: the result of '{name}' already belongs to a graph (an op returned a tensor another op produced)"
            )));
        }
        out.autograd().requires.store(true, Ordering::Relaxed);
    }
    Ok(match array {
        None => items.swap_remove(0),
        Some(_) if replaced => Any::object(ObjRef::new(Array::new(items.into_vec()))),
        Some(array) => array,
    })
}

#[cold]
fn too_many(name: &str) -> Error {
    Error::value_error(format!("ops.{name}(): too many arguments or list items to record for autograd"))
}

fn tensor_arg<'a>(what: &str, value: &'a Any) -> Result<&'a TensorObj> {
    tensor_obj(value).ok_or_else(|| Error::type_error(format!("{what}: expected a Tensor, got {}", value.type_name())))
}

/// Marks a leaf tensor as requiring grad (or not). Only floating-point leaves (real or
/// complex) may.
pub fn set_requires_grad(value: &Any, flag: bool) -> Result<()> {
    let t = tensor_arg("requires_grad", value)?;
    if flag && !is_differentiable(t.tensor().dtype()) {
        return Err(Error::type_error(format!(
            "requires_grad: only floating-point tensors can require gradients, not {} (the real float dtypes \
             and complex64/complex128 can)",
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
    Ok(tensor_arg("grad_fn", value)?.autograd().grad_fn().map_or(Any::NONE, |(n, _)| Any::str(n.name)))
}

/// The tensors the tensor's grad_fn saved for backward (the same objects), or an error once
/// they were freed by a backward pass.
pub fn saved_tensors(value: &Any) -> Result<Vec<Any>> {
    let (node, _) = tensor_arg("saved_tensors", value)?
        .autograd()
        .grad_fn()
        .ok_or_else(|| Error::value_error("saved_tensors: the tensor is a leaf; it has no grad_fn"))?;
    let saved = node.saved.lock().unwrap_or_else(|p| p.into_inner());
    let saved = saved.as_ref().ok_or_else(|| freed_error("saved_tensors", node.name))?;
    Ok(node.versions.iter().filter_map(|v| v.value(saved).cloned()).collect())
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
        Some((node, index)) => node.hooks.lock().unwrap_or_else(|p| p.into_inner()).push((index, hook)),
        None => t.autograd().with_state(|s| s.hooks.push(hook)),
    }
    Ok(())
}

fn freed_error(what: &str, name: &str) -> Error {
    Error::runtime_error(format!(
        "{what}: the values saved by '{name}' were already freed by an earlier backward pass; retain the graph in \
         the first pass to go through it twice (Python: retain_graph=True, C: FERRULE_AUTOGRAD_RETAIN_GRAPH, Go: \
         ferrule.RetainGraph())"
    ))
}

/// Hashes the pointer-sized keys of the backward pass's maps (node addresses, leaf objects) with
/// one multiplication: the keys are distinct addresses, not input an adversary chooses.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64 ^ self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by address.
type AddressMap<V> = HashMap<usize, V, BuildHasherDefault<AddressHasher>>;

/// An error raised by a node's backward, naming the pass and the node: an error of libferrule's
/// own gets the names in its message; one that carries a frontend's payload (a Go error, a Python
/// exception raised by a hook or a custom backward) stays the same object, so its frontend gets
/// its own error back, and the names go into its context.
fn in_backward_of(e: Error, what: &str, name: &str) -> Error {
    if e.object().has_payload() {
        return e.with_context(&format!("{what}: in the backward of '{name}'"));
    }
    let renamed = Error::with_kind_name(e.kind(), &format!("{what}: in the backward of '{name}': {}", e.message()));
    for line in e.object().context() {
        renamed.object().add_context(&line);
    }
    renamed
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

/// The gradient of an output that no gradient reached: zeros of its shape and dtype.
fn zeros(shape: &[i64], dtype: ferrule_core::DType) -> Result<Any> {
    static ZEROS: OnceLock<ObjRef<Function>> = OnceLock::new();
    let shape = Any::object(ObjRef::new(Array::new(shape.iter().map(|&d| Any::int(d)).collect())));
    op("ops.zeros", &ZEROS)?.call(&[shape, Any::dtype(dtype), Any::NONE])
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

/// What `grad()` asks for: a node's output (node key, output index), or a leaf (its object
/// address, `usize::MAX`).
type TargetKey = (usize, usize);

fn leaf_key(leaf: &ObjRef<TensorObj>) -> TargetKey {
    (leaf.as_raw() as usize, usize::MAX)
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
            if t.tensor().dtype().is_complex() {
                return Err(Error::runtime_error(format!(
                    "{what}: a gradient can be created implicitly only for a real output, but tensor {i} is {} \
                     (differentiate a real function of it, such as abs(z)**2, or pass gradient=)",
                    t.tensor().dtype()
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
    // Targets of grad(): leaves by object, non-leaves by the node output that produced them.
    let mut targets: HashMap<TargetKey, usize> = HashMap::new();
    let mut target_nodes: AddressMap<()> = AddressMap::default();
    let mut results: Vec<Option<Any>> = Vec::new();
    if let Some(inputs) = req.inputs {
        for (i, input) in inputs.iter().enumerate() {
            tensor_arg(what, input)?;
            let key = match edge_of(input) {
                Some(Edge::Node(n, index)) => {
                    target_nodes.insert(node_key(&n), ());
                    (node_key(&n), index)
                }
                Some(Edge::Leaf(l)) => leaf_key(&l),
                None => {
                    return Err(Error::runtime_error(format!("{what}: input {i} does not require grad")));
                }
            };
            targets.insert(key, i);
        }
        results = vec![None; inputs.len()];
    }
    // Count, for every reachable node, the edges that lead into it (explicit stack, no recursion).
    let mut deps: AddressMap<usize> = AddressMap::default();
    let mut stack: Vec<Arc<Node>> = Vec::new();
    for (edge, _) in &seeds {
        if let Edge::Node(n, _) = edge {
            if let std::collections::hash_map::Entry::Vacant(e) = deps.entry(node_key(n)) {
                e.insert(0);
                stack.push(n.clone());
            }
        }
    }
    while let Some(node) = stack.pop() {
        for edge in node.edges.iter().flatten() {
            if let Edge::Node(child, _) = edge {
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
    let mut needed: AddressMap<bool> = AddressMap::default();
    if req.inputs.is_some() {
        let mut left = deps.clone();
        let mut order: Vec<Arc<Node>> = Vec::new();
        let mut queue: Vec<Arc<Node>> = Vec::new();
        for (edge, _) in &seeds {
            if let Edge::Node(n, _) = edge {
                if left[&node_key(n)] == 0 && !queue.iter().any(|q| Arc::ptr_eq(q, n)) {
                    queue.push(n.clone());
                }
            }
        }
        while let Some(node) = queue.pop() {
            for edge in node.edges.iter().flatten() {
                if let Edge::Node(child, _) = edge {
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
                Edge::Leaf(l) => targets.contains_key(&leaf_key(l)),
                Edge::Node(c, _) => {
                    target_nodes.contains_key(&node_key(c)) || needed.get(&node_key(c)).copied().unwrap_or(false)
                }
            });
            needed.insert(node_key(node), reaches);
        }
    }
    // One gradient buffer per output of each node that something reached.
    let mut buffers: AddressMap<Vec<Option<Any>>> = AddressMap::default();
    let buffer = |buffers: &mut AddressMap<Vec<Option<Any>>>, node: &Arc<Node>, index: usize, grad: Any| {
        let slots = buffers.entry(node_key(node)).or_insert_with(|| vec![None; node.outputs.len()]);
        accumulate(&mut slots[index], grad)
    };
    let mut leaf_grads: Vec<(ObjRef<TensorObj>, Any)> = Vec::new();
    let mut ready: Vec<Arc<Node>> = Vec::new();
    let mut deliver_leaf = |leaf: ObjRef<TensorObj>, grad: Any, results: &mut Vec<Option<Any>>| -> Result<()> {
        if req.inputs.is_some() {
            if let Some(&i) = targets.get(&leaf_key(&leaf)) {
                accumulate(&mut results[i], grad)?;
            }
        } else {
            leaf_grads.push((leaf, grad));
        }
        Ok(())
    };
    for (edge, grad) in seeds {
        match edge {
            Edge::Node(n, index) => {
                buffer(&mut buffers, &n, index, grad)?;
                if deps[&node_key(&n)] == 0 && !ready.iter().any(|r| Arc::ptr_eq(r, &n)) {
                    ready.push(n);
                }
            }
            Edge::Leaf(l) => deliver_leaf(l, grad, &mut results)?,
        }
    }
    while let Some(node) = ready.pop() {
        let key = node_key(&node);
        let slots = buffers.remove(&key).unwrap_or_default();
        let outgoing: Vec<Option<Any>> = if slots.iter().all(Option::is_none) {
            vec![None; node.edges.len()]
        } else {
            // Hooks of each output, then what grad() asked for.
            let hooks = node.hooks.lock().unwrap_or_else(|p| p.into_inner()).clone();
            let mut grads: Vec<Any> = Vec::with_capacity(slots.len());
            for (index, slot) in slots.into_iter().enumerate() {
                let grad = match slot {
                    Some(grad) => {
                        let mine: Vec<ObjRef<Function>> =
                            hooks.iter().filter(|(i, _)| *i == index).map(|(_, h)| h.clone()).collect();
                        let grad = run_hooks(&mine, grad)?;
                        if let Some(&i) = targets.get(&(key, index)) {
                            accumulate(&mut results[i], grad.clone())?;
                        }
                        grad
                    }
                    None => Any::NONE,
                };
                grads.push(grad);
            }
            if req.inputs.is_some() && !needed.get(&key).copied().unwrap_or(false) {
                for edge in node.edges.iter().flatten() {
                    if let Edge::Node(child, _) = edge {
                        let left = deps.get_mut(&node_key(child)).expect("counted above");
                        *left -= 1;
                        if *left == 0 {
                            ready.push(child.clone());
                        }
                    }
                }
                continue;
            }
            // An output no gradient reached contributes zeros.
            for (grad, meta) in grads.iter_mut().zip(&node.outputs) {
                if let (true, Some((shape, dtype))) = (grad.is_none(), meta) {
                    *grad = zeros(shape, *dtype)?;
                }
            }
            let saved = {
                let mut slot = node.saved.lock().unwrap_or_else(|p| p.into_inner());
                let saved = if req.retain_graph { slot.clone() } else { slot.take() };
                saved.ok_or_else(|| freed_error(what, node.name))?
            };
            for v in &node.versions {
                let now = v.value(&saved).and_then(tensor_obj).map_or(v.version, |t| t.tensor().storage().version());
                if now != v.version {
                    return Err(Error::runtime_error(format!(
                        "{what}: argument '{}' of '{}' was saved for backward and then modified in place (its \
                         version went from {} to {now}); its gradient would be wrong. Write into a copy instead",
                        v.arg, node.name, v.version
                    )));
                }
            }
            let needs: Vec<bool> = node.edges.iter().map(Option::is_some).collect();
            let _profiled = Span::open(Name::Static(node.name), Category::Backward, None);
            let inputs: SmallVec<[InputMeta<'_>; 2]> =
                node.edges.iter().map(|e| e.as_ref().and_then(Edge::input_meta)).collect();
            let grads =
                (node.backward)(&saved, &grads, &needs, &inputs).map_err(|e| in_backward_of(e, what, node.name))?;
            if grads.len() != node.edges.len() {
                return Err(Error::runtime_error(format!(
                    "{what}: the backward of '{}' gave {} gradients for {} inputs",
                    node.name,
                    grads.len(),
                    node.edges.len()
                )));
            }
            grads
        };
        for (edge, grad) in node.edges.iter().zip(outgoing) {
            match edge {
                Some(Edge::Node(child, index)) => {
                    let ckey = node_key(child);
                    if let Some(g) = grad {
                        buffer(&mut buffers, child, *index, g)?;
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
