//! Neural-network ops (`nn.*` in the schema, `ferrule.nn.functional` in Python): activations,
//! softmax in log-sum-exp form and the two losses a training loop needs. float32 and float64;
//! computed in float64 and stored in the input's dtype.

use ferrule_core::fallible::{try_filled, FallibleCollect};
use ferrule_core::{bail, DType, Element, Result, Tensor};

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

fn build(values: &[f64], shape: &[i64], dtype: DType) -> Result<Tensor> {
    fn typed<T: Real>(values: &[f64], shape: &[i64]) -> Result<Tensor> {
        let data: Vec<T> = values.iter().map(|&v| T::from_f64(v)).try_collect_vec()?;
        Tensor::from_slice(&data, shape)
    }
    match dtype {
        DType::Float32 => typed::<f32>(values, shape),
        _ => typed::<f64>(values, shape),
    }
}

fn map(op: &str, x: &Tensor, f: impl Fn(f64) -> f64) -> Result<Tensor> {
    float_input(op, "x", x)?;
    let out: Vec<f64> = values(x)?.into_iter().map(f).try_collect_vec()?;
    build(&out, x.shape(), x.dtype())
}

/// `max(x, 0)`.
pub fn relu(x: &Tensor) -> Result<Tensor> {
    map("relu", x, |v| if v > 0.0 { v } else { 0.0 })
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

/// Applies `f` to every lane along `axis` (the lane as a contiguous f64 slice).
fn along_axis(op: &str, x: &Tensor, axis: i64, f: impl Fn(&mut [f64])) -> Result<Tensor> {
    float_input(op, "x", x)?;
    if x.ndim() == 0 {
        bail!(ValueError, "nn.{op}() argument 'x': needs at least one dimension");
    }
    let axis = crate::axes::normalize_axis(&format!("nn.{op}"), "axis", axis, x.ndim())?;
    let moved = x.permute(&move_last(x.ndim(), axis))?;
    let mut data = values(&moved)?;
    let n = x.shape()[axis] as usize;
    if n > 0 {
        data.chunks_mut(n).for_each(&f);
    }
    let out = build(&data, moved.shape(), x.dtype())?;
    out.permute(&restore(x.ndim(), axis))?.contiguous()
}

fn move_last(ndim: usize, axis: usize) -> Vec<usize> {
    (0..ndim).filter(|&i| i != axis).chain([axis]).collect()
}

fn restore(ndim: usize, axis: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..ndim - 1).collect();
    perm.insert(axis, ndim - 1);
    perm
}

fn log_sum_exp(lane: &[f64]) -> f64 {
    let m = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if m.is_infinite() {
        return m;
    }
    m + lane.iter().map(|v| (v - m).exp()).sum::<f64>().ln()
}

/// `exp(x) / sum(exp(x))` along `axis`, computed as `exp(x - logsumexp(x))`.
pub fn softmax(x: &Tensor, axis: i64) -> Result<Tensor> {
    along_axis("softmax", x, axis, |lane| {
        let lse = log_sum_exp(lane);
        lane.iter_mut().for_each(|v| *v = (*v - lse).exp());
    })
}

/// `x - logsumexp(x)` along `axis`.
pub fn log_softmax(x: &Tensor, axis: i64) -> Result<Tensor> {
    along_axis("log_softmax", x, axis, |lane| {
        let lse = log_sum_exp(lane);
        lane.iter_mut().for_each(|v| *v -= lse);
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
    let total: f64 =
        logits.chunks(c.max(1) as usize).zip(&idx).map(|(lane, &t)| log_sum_exp(lane) - lane[t as usize]).sum();
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
