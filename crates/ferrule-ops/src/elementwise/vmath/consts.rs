//! The constants of the vectorised kernels, one module per precision with the same names, so
//! each algorithm is written once (see the `kernels!` macros of the sibling modules).
//!
//! Polynomial coefficients are Chebyshev fits (near-minimax) made by `tools/fit_poly.py`, which
//! prints each set with its error; split constants (`_HI` + `_LO`) carry a value to twice the
//! precision, and a `_HI` with trailing zero bits makes its product with a small integer exact.

/// float64 constants.
pub(super) mod c64 {
    /// Bits below the exponent field.
    pub const MANT: u32 = 52;
    /// The exponent bias.
    pub const BIAS: i64 = 1023;
    /// 1.5 * 2^52: adding it rounds a float below 2^51 to an integer, readable in the low bits.
    pub const MAGIC: f64 = 6_755_399_441_055_744.0;
    /// 2^54, which lifts a subnormal into the normal range.
    pub const TWO_MANT2: f64 = 18_014_398_509_481_984.0;
    /// Bits of the subnormal lift's exponent.
    pub const MANT2_BITS: f64 = 54.0;

    /// log2(e).
    pub const LOG2E: f64 = std::f64::consts::LOG2_E;
    /// ln 2 in two parts; `LN2_HI` has 32 significant bits (k * LN2_HI is exact for |k| < 2^21).
    pub const LN2_HI: f64 = 0.693_147_180_601_954_5;
    /// The rest of ln 2.
    pub const LN2_LO: f64 = -4.200_915_072_681_084_6e-11;
    /// log2(e) in two parts.
    pub const LOG2E_HI: f64 = std::f64::consts::LOG2_E;
    /// The rest of log2(e).
    pub const LOG2E_LO: f64 = 2.035_527_374_093_103_3e-17;
    /// log10(e) in two parts.
    pub const LOG10E_HI: f64 = std::f64::consts::LOG10_E;
    /// The rest of log10(e).
    pub const LOG10E_LO: f64 = 1.098_319_650_216_765e-17;
    /// log10(2) in two parts; `LOG10_2_HI` has 20 significant bits.
    pub const LOG10_2_HI: f64 = 0.301_030_158_996_582_03;
    /// The rest of log10(2).
    pub const LOG10_2_LO: f64 = -1.633_326_008_360_362_6e-7;
    /// The bits of sqrt(1/2): log's reduction puts the mantissa in [sqrt(1/2), sqrt(2)).
    pub const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;
    /// Beyond this, exp overflows to +inf (inputs are clamped here first).
    pub const EXP_MAX: f64 = 710.0;
    /// Below this, expm1 is -1 to the last bit.
    pub const EXPM1_MIN: f64 = -60.0;
    /// Above this, e^-|x| is below half an ulp of e^|x|: sinh and cosh are e^|x| / 2.
    pub const HYPER_BIG: f64 = 22.0;
    /// Above this, tanh is 1 to the last bit.
    pub const TANH_ONE: f64 = 20.0;
    /// Above this, asinh and acosh are ln(2x) to the last bit.
    pub const ARC_HYPER_BIG: f64 = 268_435_456.0; // 2^28

    /// 2 / pi.
    pub const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
    /// pi / 2 in three parts (with fused multiply-adds the first step of the reduction is exact).
    pub const PIO2_1: f64 = std::f64::consts::FRAC_PI_2;
    /// The second part of pi / 2.
    pub const PIO2_2: f64 = 6.123_233_995_736_766e-17;
    /// The third part of pi / 2.
    pub const PIO2_3: f64 = -1.497_384_904_859_169_8e-33;
    /// Arguments beyond this go to the scalar function (its reduction is exact for any size).
    pub const TRIG_LIMIT: f64 = 268_435_456.0; // 2^28
    /// pi / 4 in two parts.
    pub const PIO4_HI: f64 = std::f64::consts::FRAC_PI_4;
    /// The rest of pi / 4.
    pub const PIO4_LO: f64 = 3.061_616_997_868_383e-17;
    /// tan(pi / 8).
    pub const TAN_PI_8: f64 = 0.414_213_562_373_095_03;
    /// tan(3 pi / 8).
    pub const TAN_3PI_8: f64 = 2.414_213_562_373_095;

    /// sin(r) = r + r^3 SIN(r^2) on |r| <= pi/4 (+5%).
    pub const SIN: [f64; 7] = [
        -0.16666666666666666,
        0.008333333333333331,
        -0.00019841269841263748,
        2.7557319218339465e-06,
        -2.5052105893789674e-08,
        1.6058479260100847e-10,
        -7.583685939330484e-13,
    ];
    /// cos(r) = 1 - r^2/2 + r^4 COS(r^2) on |r| <= pi/4 (+5%).
    pub const COS: [f64; 7] = [
        0.041666666666666664,
        -0.0013888888888888887,
        2.4801587301583913e-05,
        -2.7557319220847007e-07,
        2.087675560279086e-09,
        -1.147043177658096e-11,
        4.744197709478945e-14,
    ];
    /// asin(y) = y + y^3 ASIN(y^2) on |y| <= 1/2.
    pub const ASIN: [f64; 13] = [
        0.16666666666666669,
        0.07499999999998433,
        0.04464285714635543,
        0.030381944138531247,
        0.02237217294214989,
        0.017352392720869973,
        0.013971212973552933,
        0.011479177415184906,
        0.01032281435018578,
        0.005457506718640358,
        0.01740087944269402,
        -0.014851887071247204,
        0.028757851367421566,
    ];
    /// atan(u) = u + u^3 ATAN(u^2) on |u| <= tan(pi/8) (+1.5%).
    pub const ATAN: [f64; 12] = [
        -0.3333333333333333,
        0.19999999999999737,
        -0.1428571428564294,
        0.11111111103534477,
        -0.09090908674070132,
        0.07692294113308235,
        -0.06666384876933479,
        0.05878475892229318,
        -0.05227167018753635,
        0.04536821435351754,
        -0.034196285828969754,
        0.01587708298164789,
    ];
    /// log(1+f) = 2s + s z LOG(z), s = f/(2+f), z = s^2, on |s| <= 3 - 2 sqrt(2).
    pub const LOG: [f64; 7] = [
        0.666666666666667,
        0.39999999999899505,
        0.28571428625975487,
        0.2222221113479508,
        0.18182889125261723,
        0.15331721600556042,
        0.14616449685043406,
    ];
    /// pow's double-double log(1+f) = 2s + (2/3) s^3 + s^5 POW_LOG(z), s = f/(2+f), z = s^2.
    pub const POW_LOG: [f64; 8] = [
        0.4,
        0.28571428571429364,
        0.22222222221656232,
        0.18181818335314404,
        0.15384594970895457,
        0.13334804238225345,
        0.11706248540922386,
        0.11723051028097753,
    ];
    /// 2/3 in two parts.
    pub const TWO3_HI: f64 = 0.666_666_666_666_666_6;
    /// The rest of 2/3.
    pub const TWO3_LO: f64 = 3.700_743_415_417_188e-17;
    /// expm1(r) = r + r^2 EXPM1(r) on |r| <= ln(2)/2: Taylor's 1/k! from k = 2 to 13 (its
    /// truncation error is below 1e-17 of the result there).
    pub const EXPM1: [f64; 12] = [
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5040.0,
        1.0 / 40_320.0,
        1.0 / 362_880.0,
        1.0 / 3_628_800.0,
        1.0 / 39_916_800.0,
        1.0 / 479_001_600.0,
        1.0 / 6_227_020_800.0,
    ];
}

/// float32 constants (the same names as [`c64`]).
pub(super) mod c32 {
    /// Bits below the exponent field.
    pub const MANT: u32 = 23;
    /// The exponent bias.
    pub const BIAS: i32 = 127;
    /// 1.5 * 2^23: adding it rounds a float below 2^22 to an integer, readable in the low bits.
    pub const MAGIC: f32 = 12_582_912.0;
    /// 2^25, which lifts a subnormal into the normal range.
    pub const TWO_MANT2: f32 = 33_554_432.0;
    /// Bits of the subnormal lift's exponent.
    pub const MANT2_BITS: f32 = 25.0;

    /// log2(e).
    pub const LOG2E: f32 = std::f32::consts::LOG2_E;
    /// ln 2 in two parts; `LN2_HI` has 9 significant bits.
    pub const LN2_HI: f32 = 0.693_359_4;
    /// The rest of ln 2.
    pub const LN2_LO: f32 = -2.121_944_4e-4;
    /// log2(e) in two parts.
    pub const LOG2E_HI: f32 = std::f32::consts::LOG2_E;
    /// The rest of log2(e).
    pub const LOG2E_LO: f32 = 1.925_963e-8;
    /// log10(e) in two parts.
    pub const LOG10E_HI: f32 = std::f32::consts::LOG10_E;
    /// The rest of log10(e).
    pub const LOG10E_LO: f32 = -1.010_305e-8;
    /// log10(2) in two parts; `LOG10_2_HI` has 10 significant bits.
    pub const LOG10_2_HI: f32 = 0.301_269_53;
    /// The rest of log10(2).
    pub const LOG10_2_LO: f32 = -2.395_355_8e-4;
    /// The bits of sqrt(1/2).
    pub const SQRT_HALF_BITS: u32 = 0x3f35_04f3;
    /// Beyond this, exp overflows to +inf.
    pub const EXP_MAX: f32 = 89.0;
    /// Below this, expm1 is -1 to the last bit.
    pub const EXPM1_MIN: f32 = -18.0;
    /// Above this, sinh and cosh are e^|x| / 2 to the last bit.
    pub const HYPER_BIG: f32 = 9.0;
    /// Above this, tanh is 1 to the last bit (float32's tanh kernel clamps inside its exp).
    #[allow(dead_code)]
    pub const TANH_ONE: f32 = 9.5;
    /// Above this, asinh and acosh are ln(2x) to the last bit.
    pub const ARC_HYPER_BIG: f32 = 4096.0;

    /// 2 / pi.
    pub const TWO_OVER_PI: f32 = std::f32::consts::FRAC_2_PI;
    /// pi / 2 in three parts.
    pub const PIO2_1: f32 = std::f32::consts::FRAC_PI_2;
    /// The second part of pi / 2.
    pub const PIO2_2: f32 = -4.371_139e-8;
    /// The third part of pi / 2.
    pub const PIO2_3: f32 = -1.715_124_5e-15;
    /// Arguments beyond this go to the scalar function.
    pub const TRIG_LIMIT: f32 = 65_536.0;
    /// pi / 4 in two parts.
    pub const PIO4_HI: f32 = std::f32::consts::FRAC_PI_4;
    /// The rest of pi / 4.
    pub const PIO4_LO: f32 = -2.185_569_4e-8;
    /// tan(pi / 8).
    pub const TAN_PI_8: f32 = 0.414_213_57;
    /// tan(3 pi / 8).
    pub const TAN_3PI_8: f32 = 2.414_213_7;

    /// sin(r) = r + r^3 SIN(r^2) on |r| <= pi/4 (+5%).
    pub const SIN: [f32; 4] = [-0.16666667, 0.008333332, -0.00019839966, 2.7234644e-06];
    /// cos(r) = 1 - r^2/2 + r^4 COS(r^2) on |r| <= pi/4 (+5%).
    pub const COS: [f32; 4] = [0.041666668, -0.0013888888, 2.48005e-05, -2.7288203e-07];
    /// tan(r) = r + r^3 TAN(r^2) on |r| <= pi/4 (+5%): float32 only (float64's is sin / cos).
    pub const TAN: [f32; 7] =
        [0.33333334, 0.13333188, 0.05400355, 0.021551372, 0.010200708, 0.0008135972, 0.0040583163];
    /// asin(y) = y + y^3 ASIN(y^2) on |y| <= 1/2.
    pub const ASIN: [f32; 6] = [0.16666666, 0.07500094, 0.044599403, 0.031100662, 0.017149238, 0.033690847];
    /// atan(u) = u + u^3 ATAN(u^2) on |u| <= tan(pi/8) (+1.5%).
    pub const ATAN: [f32; 5] = [-0.3333333, 0.19999488, -0.1426216, 0.107246205, -0.06389527];
    /// log(1+f) = 2s + s z LOG(z), s = f/(2+f), z = s^2.
    pub const LOG: [f32; 3] = [0.66666687, 0.3998878, 0.2957995];
    /// expm1(r) = r + r^2 EXPM1(r) on |r| <= ln(2)/2: Taylor's 1/k! from k = 2 to 8.
    pub const EXPM1: [f32; 7] =
        [1.0 / 2.0, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40_320.0];
}
