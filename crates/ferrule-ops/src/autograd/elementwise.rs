//! Backward helpers of elementwise ops whose formulas need more than one line: `sign` and
//! `imag` on complex tensors, and `geo_distance`.

use ferrule_core::{Complex32, Complex64, DType, Tensor};
use ferrule_registry::{Any, Result, TensorObj};

use super::calls::{self as c, tensor};

/// The imaginary unit as a 0-d tensor of the complex dtype matching `dtype`'s precision (a
/// constant, outside any graph).
pub(crate) fn imaginary_unit(dtype: DType) -> Any {
    let t = if matches!(dtype, DType::Float64 | DType::Complex128) {
        Tensor::scalar(Complex64 { re: 0.0, im: 1.0 })
    } else {
        Tensor::scalar(Complex32 { re: 0.0, im: 1.0 })
    };
    Any::object(TensorObj::new(t))
}

/// `imag_backward(grad)`: `grad * 1j`, the gradient of `imag(z)` (a real input keeps the real
/// part, zero).
pub fn imag_backward(args: &[Any]) -> Result<Any> {
    let dt = tensor("imag_backward", &args[0])?.dtype();
    c::mul(&args[0], &imaginary_unit(dt))
}

/// `sign_backward(grad, x)`: zero for real `x`; for complex `x`, the gradient of `z / |z|`,
/// `1j * imag(grad * conj(s)) * s / |z|` with `s = sign(z)` (zero at `z = 0`).
pub fn sign_backward(args: &[Any]) -> Result<Any> {
    let (g, x) = (&args[0], &args[1]);
    let dt = tensor("sign_backward", x)?.dtype();
    if !dt.is_complex() {
        return c::zeros_like(g);
    }
    let s = c::sign(x)?;
    let along = c::imag(&c::mul(g, &c::conj(&s)?)?)?;
    let magnitude = c::abs(x)?;
    let safe = c::select(&c::eq(&magnitude, &Any::int(0))?, &Any::int(1), &magnitude)?;
    let grad = c::div(&c::mul(&c::mul(&along, &s)?, &imaginary_unit(dt))?, &safe)?;
    c::select(&c::eq(&magnitude, &Any::int(0))?, &Any::int(0), &grad)
}

/// A coordinate as a float64 tensor in radians.
fn radians(v: &Any) -> Result<Any> {
    let t = match v.downcast::<TensorObj>() {
        Some(t) if t.tensor().dtype() == DType::Float64 => v.clone(),
        Some(_) => c::astype(v, DType::Float64)?,
        None => crate::register::op_full(&[c::ints([]), v.clone(), Any::dtype(DType::Float64), Any::NONE])?,
    };
    c::mul(&t, &Any::from(std::f64::consts::PI / 180.0))
}

/// `geo_distance_backward(grad, lon1, lat1, lon2, lat2, which)`: the gradient of the haversine
/// distance for argument `which` (0 to 3, in degrees). With `a` the haversine of the central
/// angle, `d = 2 R asin(sqrt(a))` and `dd/da = R / sqrt(a (1 - a))`; where the points coincide
/// or are antipodal (`a` is 0 or 1) the distance is not differentiable and the gradient is 0.
pub fn geo_distance_backward(args: &[Any]) -> Result<Any> {
    let g = &args[0];
    let which = args[5].as_int().unwrap_or(0);
    let (lon1, lat1, lon2, lat2) = (radians(&args[1])?, radians(&args[2])?, radians(&args[3])?, radians(&args[4])?);
    let half = |v: Any| c::mul(&v, &Any::from(0.5));
    let dphi = c::sub(&lat2, &lat1)?;
    let dlambda = c::sub(&lon2, &lon1)?;
    let s1 = c::sin(&half(dphi.clone())?)?;
    let s2 = c::sin(&half(dlambda.clone())?)?;
    let (cos1, cos2) = (c::cos(&lat1)?, c::cos(&lat2)?);
    let coscos = c::mul(&cos1, &cos2)?;
    let a = c::add(&c::mul(&s1, &s1)?, &c::mul(&coscos, &c::mul(&s2, &s2)?)?)?;
    let da = match which {
        // d a / d lon1 and lon2: -/+ cos(lat1) cos(lat2) sin(dlambda) / 2
        0 | 2 => {
            let v = half(c::mul(&coscos, &c::sin(&dlambda)?)?)?;
            if which == 0 {
                c::neg(&v)?
            } else {
                v
            }
        }
        // d a / d lat1: -sin(dphi)/2 - sin(lat1) cos(lat2) sin^2(dlambda/2)
        1 => c::sub(&c::neg(&half(c::sin(&dphi)?)?)?, &c::mul(&c::mul(&c::sin(&lat1)?, &cos2)?, &c::mul(&s2, &s2)?)?)?,
        // d a / d lat2: sin(dphi)/2 - cos(lat1) sin(lat2) sin^2(dlambda/2)
        _ => c::sub(&half(c::sin(&dphi)?)?, &c::mul(&c::mul(&cos1, &c::sin(&lat2)?)?, &c::mul(&s2, &s2)?)?)?,
    };
    let inside = c::logical_and(&c::gt(&a, &Any::int(0))?, &c::lt(&a, &Any::int(1))?)?;
    let safe = c::select(&inside, &a, &Any::from(0.5))?;
    let dd_da = c::div(
        &Any::from(crate::elementwise::EARTH_RADIUS_M),
        &c::sqrt(&c::mul(&safe, &c::sub(&Any::int(1), &safe)?)?)?,
    )?;
    // The chain through the degrees-to-radians factor of the argument.
    let scale = c::mul(&c::mul(&dd_da, &da)?, &Any::from(std::f64::consts::PI / 180.0))?;
    c::mul(g, &c::select(&inside, &scale, &Any::int(0))?)
}
