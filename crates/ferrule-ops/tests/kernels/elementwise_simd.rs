//! The vectorised `exp` kernels (`elementwise::simd`): accuracy against the standard library and special values.

use ferrule_ops::elementwise::simd::*;

fn ulps32(a: f32, b: f32) -> u32 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

#[test]
fn f32_accuracy_and_specials() {
    let mut xs = vec![
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        88.72,
        88.73,
        -87.3,
        -100.0,
        -103.9,
        -104.0,
        -200.0,
        1e-30,
    ];
    let mut x = -104.0f32;
    while x < 89.0 {
        xs.push(x);
        x += 0.001_37;
    }
    let mut out = vec![0.0; xs.len()];
    exp_f32(&xs, &mut out);
    let mut worst = 0;
    for (&x, &got) in xs.iter().zip(&out) {
        let want = (x as f64).exp() as f32;
        let u = ulps32(got, want);
        worst = worst.max(u);
        assert!(u <= 1, "exp({x}) = {got}, want {want}");
    }
    assert!(out[0].is_nan());
    assert_eq!(out[1], f32::INFINITY);
    assert_eq!(out[2], 0.0);
    assert_eq!(out[3], 1.0);
    assert!(worst <= 1);
}

#[test]
fn f64_accuracy_and_specials() {
    let mut xs = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, 709.78, 709.79, -745.1, -745.2, -746.0, 1e-300];
    let mut x = -745.0f64;
    while x < 709.7 {
        xs.push(x);
        x += 0.0137;
    }
    let mut out = vec![0.0; xs.len()];
    exp_f64(&xs, &mut out);
    for (&x, &got) in xs.iter().zip(&out) {
        let want = x.exp();
        let diff = (got.to_bits() as i64 - want.to_bits() as i64).unsigned_abs();
        assert!(diff <= 1 || (got.is_nan() && want.is_nan()), "exp({x}) = {got}, want {want}");
    }
}
