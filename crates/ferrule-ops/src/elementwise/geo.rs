//! `geo_distance`: vectorised haversine great-circle distance in metres (the GIL-release scenario).

use ferrule_core::{DType, Error, Result, Tensor};

use super::in_dtype;
use crate::iter::{broadcast_all, map_quaternary, prepare_out, MIN_PER_TASK_MATH};
use crate::operand::Operand;

/// The Earth radius in metres this workload uses: 6378 km (the equatorial radius, rounded).
pub const EARTH_RADIUS_M: f64 = 6_378_000.0;

/// One argument as a float64 tensor; bool and complex are a `TypeError` naming it.
fn coordinate(name: &str, x: &Operand) -> Result<Tensor> {
    match x {
        Operand::Tensor(t) => {
            if t.dtype().is_bool() || t.dtype().is_complex() {
                return Err(Error::type_error(format!(
                    "geo_distance() argument '{name}': dtype {} is not accepted (expected an integer or real floating-point dtype)",
                    t.dtype()
                )));
            }
            in_dtype(t, DType::Float64)
        }
        Operand::Scalar(s) => s.to_tensor("geo_distance", DType::Float64),
    }
}

/// The great-circle distance in metres between `(lon1, lat1)` and `(lon2, lat2)`, given in
/// degrees, by the haversine formula on a sphere of radius [`EARTH_RADIUS_M`].
///
/// Inputs broadcast together and may be tensors of any integer or real float dtype or Python
/// numbers; the result is float64 (float32 inputs are computed in float64 and stay float64).
pub fn geo_distance(lon1: &Operand, lat1: &Operand, lon2: &Operand, lat2: &Operand) -> Result<Tensor> {
    let lon1 = coordinate("lon1", lon1)?;
    let lat1 = coordinate("lat1", lat1)?;
    let lon2 = coordinate("lon2", lon2)?;
    let lat2 = coordinate("lat2", lat2)?;
    let shape = broadcast_all("geo_distance", &[&lon1, &lat1, &lon2, &lat2])?;
    let out = prepare_out("geo_distance", None, &shape, DType::Float64, &[])?;
    map_quaternary::<f64, f64, f64, f64, f64, _>(
        &lon1,
        &lat1,
        &lon2,
        &lat2,
        &out,
        MIN_PER_TASK_MATH,
        |a, b, c, d, o| {
            for i in 0..o.len() {
                o[i] = haversine(a[i], b[i], c[i], d[i]);
            }
        },
    );
    Ok(out)
}

/// The haversine distance in metres for one pair of points in degrees.
#[inline]
pub fn haversine(lon1: f64, lat1: f64, lon2: f64, lat2: f64) -> f64 {
    let (phi1, phi2) = (lat1.to_radians(), lat2.to_radians());
    let half_dphi = (phi2 - phi1) * 0.5;
    let half_dlambda = (lon2 - lon1).to_radians() * 0.5;
    let s1 = half_dphi.sin();
    let s2 = half_dlambda.sin();
    let a = s1 * s1 + phi1.cos() * phi2.cos() * s2 * s2;
    // Rounding can push `a` a hair above 1 for antipodal points.
    2.0 * EARTH_RADIUS_M * a.sqrt().min(1.0).asin()
}
