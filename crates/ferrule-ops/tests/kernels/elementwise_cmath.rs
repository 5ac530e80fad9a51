//! Complex elementary functions (`elementwise::cmath`) on probe examples.

use std::f64::consts::FRAC_PI_2;

use ferrule_ops::elementwise::cmath::*;

#[test]
fn probe_examples() {
    let z = asinh(c(-1e10, 1.0));
    assert!((z.re + 23.718_998_110_500_4).abs() < 1e-13 && (z.im - 1e-10).abs() < 1e-24, "{z}");
    let z = tanh(c(400.0, 1.0));
    assert_eq!((z.re, z.im), (1.0, 0.0));
    let z = acos(c(1.0, f64::INFINITY));
    assert_eq!((z.re, z.im), (FRAC_PI_2, f64::NEG_INFINITY));
    let z = cosh(c(f64::INFINITY, 0.0));
    assert_eq!((z.re, z.im), (f64::INFINITY, 0.0));
    let z = sqrt(c(f64::INFINITY, 1.0));
    assert_eq!((z.re, z.im), (f64::INFINITY, 0.0));
}
