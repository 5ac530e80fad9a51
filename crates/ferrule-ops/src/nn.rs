//! Neural-network ops (`nn.*` in the schema, `ferrule.nn.functional` in Python): activations,
//! softmax in log-sum-exp form and the two losses a training loop needs. float32 and float64;
//! computed in float64 and stored in the input's dtype. The activations run on the element-wise
//! machinery (strided inputs, the pool); softmax and the losses exponentiate whole buffers with
//! the vectorised `exp` of the element-wise kernels.

use ferrule_core::fallible::{try_filled, try_with_capacity, FallibleCollect};
use ferrule_core::{bail, DType, Element, Result, Tensor};

use crate::elementwise::{exp_f64, map1, unary_out};
use crate::iter::MIN_PER_TASK_CHEAP;

/// A float element type the kernels compute through f64.
trait Real: Element + Copy {
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

impl Real for f32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

impl Real for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(v: f64) -> Self {
        v
    }
}

fn float_input(op: &str, arg: &str, x: &Tensor) -> Result<()> {
    if !matches!(x.dtype(), DType::Float32 | DType::Float64) {
        bail!(
            TypeError,
            "nn.{op}() argument '{arg}': dtype {} is not accepted (expected float32 or float64)",
            x.dtype()
        );
    }
    Ok(())
}

/// The elements in C order as f64.
fn values(x: &Tensor) -> Result<Vec<f64>> {
    let x = x.contiguous()?;
    Ok(match x.dtype() {
        DType::Float32 => x.to_vec::<f32>()?.into_iter().map(Real::to_f64).try_collect_vec()?,
        _ => x.to_vec::<f64>()?,
    })
}

/// A new tensor of `shape` and `dtype` (float32 or float64) holding `values` (one per element).
fn build(values: &[f64], shape: &[i64], dtype: DType) -> Result<Tensor> {
    fn fill<T: Real>(values: &[f64], out: &Tensor) -> Result<()> {
        // SAFETY: `out` is fresh from `Tensor::uninit` below: nothing else sees it yet.
        let data = unsafe { out.as_mut_slice::<T>()? };
        for (o, &v) in data.iter_mut().zip(values) {
            *o = T::from_f64(v);
        }
        Ok(())
    }
    // (the shapes here are those of tensors, or one_hot's, checked for overflow)
    let numel: i64 = shape.iter().product();
    if usize::try_from(numel).ok() != Some(values.len()) {
        bail!(RuntimeError, "nn: {} values for a tensor of {numel} elements", values.len());
    }
    // SAFETY: `fill` writes every element (one value each, checked just above) before the tensor
    // is returned; on an error it is dropped unread.
    let out = unsafe { Tensor::uninit(shape, dtype)? };
    match dtype {
        DType::Float32 => fill::<f32>(values, &out)?,
        _ => fill::<f64>(values, &out)?,
    }
    Ok(out)
}

/// `f` applied to every element of the float tensor `x` (in float64, stored in x's dtype).
fn map(op: &str, x: &Tensor, f: impl Fn(f64) -> f64 + Sync) -> Result<Tensor> {
    float_input(op, "x", x)?;
    let out = unary_out(&format!("nn.{op}"), x, None, x.dtype())?;
    match x.dtype() {
        DType::Float32 => map1::<f32, f32>(x, &out, MIN_PER_TASK_CHEAP, |v| f(f64::from(v)) as f32),
        _ => map1::<f64, f64>(x, &out, MIN_PER_TASK_CHEAP, &f),
    }
    Ok(out)
}

/// `max(x, 0)` (exact in either dtype, so computed in it).
pub fn relu(x: &Tensor) -> Result<Tensor> {
    float_input("relu", "x", x)?;
    let out = unary_out("nn.relu", x, None, x.dtype())?;
    match x.dtype() {
        DType::Float32 => map1::<f32, f32>(x, &out, MIN_PER_TASK_CHEAP, |v| if v > 0.0 { v } else { 0.0 }),
        _ => map1::<f64, f64>(x, &out, MIN_PER_TASK_CHEAP, |v| if v > 0.0 { v } else { 0.0 }),
    }
    Ok(out)
}

/// `1 / (1 + exp(-x))`, without overflow for large |x|.
pub fn sigmoid(x: &Tensor) -> Result<Tensor> {
    map("sigmoid", x, |v| {
        if v >= 0.0 {
            1.0 / (1.0 + (-v).exp())
        } else {
            let e = v.exp();
            e / (1.0 + e)
        }
    })
}

/// Computes the output values of `x` from its lanes along `axis`: `f(data, n)` gets every lane
/// (of `n` values each) one after another in one f64 buffer and returns the outputs in the same
/// order.
fn along_axis(op: &str, x: &Tensor, axis: i64, f: impl Fn(&[f64], usize) -> Result<Vec<f64>>) -> Result<Tensor> {
    float_input(op, "x", x)?;
    if x.ndim() == 0 {
        bail!(ValueError, "nn.{op}() argument 'x': needs at least one dimension");
    }
    let axis = crate::axes::normalize_axis(&format!("nn.{op}"), "axis", axis, x.ndim())?;
    let last = axis == x.ndim() - 1;
    let moved = if last { x.clone() } else { x.permute(&move_last(x.ndim(), axis))? };
    let data = values(&moved)?;
    let n = x.shape()[axis] as usize;
    let out = if n == 0 { data } else { f(&data, n)? };
    let out = build(&out, moved.shape(), x.dtype())?;
    if last {
        return Ok(out);
    }
    out.permute(&restore(x.ndim(), axis))?.contiguous()
}

/// The log-sum-exp of every lane of `n` values in `data` (an infinite maximum is the result, as
/// the sum would be NaN), with every `exp(v - max)` computed in one vectorised pass.
fn lane_lses(data: &[f64], n: usize) -> Result<Vec<f64>> {
    let mut maxes: Vec<f64> = try_with_capacity(data.len() / n)?;
    let mut shifted: Vec<f64> = try_with_capacity(data.len())?;
    for lane in data.chunks(n) {
        let m = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        maxes.push(m);
        shifted.extend(lane.iter().map(|v| v - m));
    }
    let mut exps = try_filled(0.0, data.len())?;
    exp_f64(&shifted, &mut exps);
    Ok(maxes
        .iter()
        .zip(exps.chunks(n))
        .map(|(&m, e)| if m.is_infinite() { m } else { m + e.iter().sum::<f64>().ln() })
        .collect())
}

fn move_last(ndim: usize, axis: usize) -> Vec<usize> {
    (0..ndim).filter(|&i| i != axis).chain([axis]).collect()
}

fn restore(ndim: usize, axis: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..ndim - 1).collect();
    perm.insert(axis, ndim - 1);
    perm
}

/// `exp(x) / sum(exp(x))` along `axis`, computed as `exp(x - logsumexp(x))`.
pub fn softmax(x: &Tensor, axis: i64) -> Result<Tensor> {
    along_axis("softmax", x, axis, |data, n| {
        let lses = lane_lses(data, n)?;
        let shifted: Vec<f64> =
            data.chunks(n).zip(&lses).flat_map(|(lane, &lse)| lane.iter().map(move |v| v - lse)).try_collect_vec()?;
        let mut out = try_filled(0.0, data.len())?;
        exp_f64(&shifted, &mut out);
        Ok(out)
    })
}

/// `x - logsumexp(x)` along `axis`.
pub fn log_softmax(x: &Tensor, axis: i64) -> Result<Tensor> {
    along_axis("log_softmax", x, axis, |data, n| {
        let lses = lane_lses(data, n)?;
        data.chunks(n).zip(&lses).flat_map(|(lane, &lse)| lane.iter().map(move |v| v - lse)).try_collect_vec()
    })
}

/// Integer class indices as i64, checked against `classes`.
fn class_indices(op: &str, target: &Tensor, classes: i64) -> Result<Vec<i64>> {
    if !target.dtype().is_integer() {
        bail!(TypeError, "nn.{op}() argument 'target': expected integer class indices, got dtype {}", target.dtype());
    }
    let target = crate::elementwise::astype(target, DType::Int64, true, None)?;
    let idx = target.contiguous()?.to_vec::<i64>()?;
    if let Some(bad) = idx.iter().find(|&&t| t < 0 || t >= classes) {
        bail!(IndexError, "nn.{op}() argument 'target': class index {bad} is out of range for {classes} classes");
    }
    Ok(idx)
}

/// A float tensor with `shape(x) + (num_classes,)`: 1 at each index of `x`, 0 elsewhere.
pub fn one_hot(x: &Tensor, num_classes: i64, dtype: Option<DType>) -> Result<Tensor> {
    let dtype = dtype.unwrap_or(DType::Float64);
    if !matches!(dtype, DType::Float32 | DType::Float64) {
        bail!(TypeError, "nn.one_hot() argument 'dtype': expected float32 or float64, got {dtype}");
    }
    if num_classes < 0 {
        bail!(ValueError, "nn.one_hot() argument 'num_classes': must be >= 0, got {num_classes}");
    }
    let idx = class_indices("one_hot", x, num_classes)?;
    let Some(len) = (idx.len() as u64).checked_mul(num_classes as u64).and_then(|n| usize::try_from(n).ok()) else {
        bail!(
            OverflowError,
            "nn.one_hot(): {} indices times {num_classes} classes overflows the element count",
            idx.len()
        );
    };
    let mut out = try_filled(0.0, len)?;
    for (row, &t) in idx.iter().enumerate() {
        out[row * num_classes as usize + t as usize] = 1.0;
    }
    let mut shape = x.shape().to_vec();
    shape.push(num_classes);
    build(&out, &shape, dtype)
}

/// The mean over the batch of `-log_softmax(input)[i, target[i]]`: `input` is (N, C) logits,
/// `target` (N,) integer classes.
pub fn cross_entropy(input: &Tensor, target: &Tensor) -> Result<Tensor> {
    float_input("cross_entropy", "input", input)?;
    if input.ndim() != 2 {
        bail!(
            ValueError,
            "nn.cross_entropy() argument 'input': expected (batch, classes) logits, got {} dims",
            input.ndim()
        );
    }
    let (n, c) = (input.shape()[0], input.shape()[1]);
    if target.shape() != [n] {
        bail!(
            ValueError,
            "nn.cross_entropy() argument 'target': expected shape ({n},) for {n} rows of logits, got {}",
            ferrule_core::tensor::format_shape(target.shape())
        );
    }
    if n == 0 {
        bail!(ValueError, "nn.cross_entropy() argument 'input': the batch is empty (the mean is undefined)");
    }
    let idx = class_indices("cross_entropy", target, c)?;
    let logits = values(input)?;
    let c = c.max(1) as usize;
    let lses = lane_lses(&logits, c)?;
    let total: f64 = logits.chunks(c).zip(&idx).zip(&lses).map(|((lane, &t), &lse)| lse - lane[t as usize]).sum();
    build(&[total / n as f64], &[], input.dtype())
}

/// `mean((input - target) ** 2)`; the two tensors must have one shape.
pub fn mse_loss(input: &Tensor, target: &Tensor) -> Result<Tensor> {
    float_input("mse_loss", "input", input)?;
    float_input("mse_loss", "target", target)?;
    if input.shape() != target.shape() {
        bail!(
            ValueError,
            "nn.mse_loss(): input has shape {} but target has shape {}",
            ferrule_core::tensor::format_shape(input.shape()),
            ferrule_core::tensor::format_shape(target.shape())
        );
    }
    let (a, b) = (values(input)?, values(target)?);
    let n = a.len();
    let total: f64 = a.iter().zip(&b).map(|(x, y)| (x - y) * (x - y)).sum();
    let dtype = if input.dtype() == DType::Float64 || target.dtype() == DType::Float64 {
        DType::Float64
    } else {
        DType::Float32
    };
    build(&[if n == 0 { f64::NAN } else { total / n as f64 }], &[], dtype)
}
