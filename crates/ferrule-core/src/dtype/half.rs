//! 16-bit float storage types (`F16`, `BF16`) and their exact-rounding conversions to and from `f32`.

/// An IEEE 754 binary16 value, stored as its bit pattern.
///
/// Equality and hashing compare bits, so `NaN == NaN` and `-0.0 != 0.0`.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct F16(pub u16);

/// A bfloat16 value (the upper 16 bits of an `f32`), stored as its bit pattern.
///
/// Equality and hashing compare bits, so `NaN == NaN` and `-0.0 != 0.0`.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BF16(pub u16);

/// Rounds `value >> shift` to nearest, ties to even (`shift` in 1..=31).
const fn shift_round_even(value: u32, shift: u32) -> u32 {
    let kept = value >> shift;
    let rest = value & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

impl F16 {
    /// Converts exactly (every binary16 value is representable in `f32`).
    pub const fn to_f32(self) -> f32 {
        let h = self.0 as u32;
        let sign = (h & 0x8000) << 16;
        let exp = (h >> 10) & 0x1f;
        let man = h & 0x3ff;
        let bits = if exp == 0x1f {
            // Infinity or NaN; the payload moves to the top of the f32 mantissa.
            sign | 0x7f80_0000 | (man << 13)
        } else if exp == 0 {
            if man == 0 {
                sign
            } else {
                // Subnormal: man * 2^-24, exact in f32.
                let magnitude = man as f32 * (1.0 / 16_777_216.0);
                sign | magnitude.to_bits()
            }
        } else {
            sign | ((exp + 112) << 23) | (man << 13)
        };
        f32::from_bits(bits)
    }

    /// Rounds to nearest, ties to even; overflow becomes infinity and NaN stays a quiet NaN.
    pub const fn from_f32(value: f32) -> F16 {
        let x = value.to_bits();
        let sign = ((x >> 16) & 0x8000) as u16;
        let exp = ((x >> 23) & 0xff) as i32;
        let man = x & 0x7f_ffff;
        if exp == 0xff {
            let payload = if man == 0 { 0 } else { 0x200 | (man >> 13) as u16 };
            return F16(sign | 0x7c00 | payload);
        }
        let half_exp = exp - 127 + 15;
        if half_exp >= 0x1f {
            return F16(sign | 0x7c00);
        }
        if half_exp <= 0 {
            // Below 2^-25 (half the smallest subnormal) everything rounds to zero.
            if half_exp < -10 {
                return F16(sign);
            }
            let full = man | 0x80_0000;
            let rounded = shift_round_even(full, (14 - half_exp) as u32);
            // A carry into bit 10 correctly yields the smallest normal.
            return F16(sign | rounded as u16);
        }
        let unrounded = ((half_exp as u32) << 10) | (man >> 13);
        let rest = man & 0x1fff;
        let rounded = if rest > 0x1000 || (rest == 0x1000 && unrounded & 1 == 1) {
            // A carry may ripple into the exponent, up to infinity: that is the right answer.
            unrounded + 1
        } else {
            unrounded
        };
        F16(sign | rounded as u16)
    }
}

impl BF16 {
    /// Converts exactly.
    pub const fn to_f32(self) -> f32 {
        f32::from_bits((self.0 as u32) << 16)
    }

    /// Rounds to nearest, ties to even; NaN stays a quiet NaN.
    pub const fn from_f32(value: f32) -> BF16 {
        let x = value.to_bits();
        if value.is_nan() {
            return BF16(((x >> 16) as u16) | 0x0040);
        }
        if x & 0xffff == 0 {
            return BF16((x >> 16) as u16);
        }
        BF16(shift_round_even(x, 16) as u16)
    }
}

impl From<F16> for f32 {
    fn from(value: F16) -> f32 {
        value.to_f32()
    }
}

impl From<BF16> for f32 {
    fn from(value: BF16) -> f32 {
        value.to_f32()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_known_values() {
        let cases: [(f32, u16); 10] = [
            (0.0, 0x0000),
            (-0.0, 0x8000),
            (1.0, 0x3c00),
            (-2.0, 0xc000),
            (65504.0, 0x7bff),
            (f32::INFINITY, 0x7c00),
            (f32::NEG_INFINITY, 0xfc00),
            (6.103_515_6e-5, 0x0400),
            (5.960_464_5e-8, 0x0001),
            (0.333_251_95, 0x3555),
        ];
        for (value, bits) in cases {
            assert_eq!(F16::from_f32(value), F16(bits), "{value}");
            assert_eq!(F16(bits).to_f32(), value, "{bits:#x}");
        }
    }

    #[test]
    fn f16_rounding() {
        // 1 + 2^-11 is halfway between 1 and the next f16: ties to even gives 1.
        assert_eq!(F16::from_f32(1.0 + f32::powi(2.0, -11)), F16(0x3c00));
        // 1 + 3 * 2^-11 is halfway between odd and even: rounds up to even.
        assert_eq!(F16::from_f32(1.0 + 3.0 * f32::powi(2.0, -11)), F16(0x3c02));
        assert_eq!(F16::from_f32(65520.0), F16(0x7c00));
        assert_eq!(F16::from_f32(65519.0), F16(0x7bff));
        assert_eq!(F16::from_f32(f32::powi(2.0, -25)), F16(0x0000));
        assert_eq!(F16::from_f32(f32::powi(2.0, -25) * 1.5), F16(0x0001));
        assert_eq!(F16::from_f32(f32::powi(2.0, -24) * 1.5), F16(0x0002));
        assert_eq!(F16::from_f32(1e-30), F16(0));
        assert_eq!(F16::from_f32(f32::from_bits(1)), F16(0));
    }

    #[test]
    fn f16_nan() {
        assert!(F16::from_f32(f32::NAN).to_f32().is_nan());
        let nan = F16::from_f32(f32::from_bits(0x7f80_0001));
        assert_eq!(nan.0 & 0x7c00, 0x7c00);
        assert_ne!(nan.0 & 0x3ff, 0);
    }

    #[test]
    fn f16_every_value_round_trips() {
        for bits in 0..=u16::MAX {
            let value = F16(bits).to_f32();
            if value.is_nan() {
                assert!(F16::from_f32(value).to_f32().is_nan());
            } else {
                assert_eq!(F16::from_f32(value), F16(bits));
            }
        }
    }

    #[test]
    fn bf16_values_and_rounding() {
        assert_eq!(BF16::from_f32(1.0), BF16(0x3f80));
        assert_eq!(BF16(0x3f80).to_f32(), 1.0);
        assert_eq!(BF16::from_f32(-0.0), BF16(0x8000));
        // Halfway cases: ties to even.
        assert_eq!(BF16::from_f32(f32::from_bits(0x3f80_8000)), BF16(0x3f80));
        assert_eq!(BF16::from_f32(f32::from_bits(0x3f81_8000)), BF16(0x3f82));
        assert_eq!(BF16::from_f32(f32::from_bits(0x3f80_8001)), BF16(0x3f81));
        assert_eq!(BF16::from_f32(f32::MAX), BF16(0x7f80));
        assert_eq!(BF16::from_f32(f32::INFINITY), BF16(0x7f80));
        assert!(BF16::from_f32(f32::NAN).to_f32().is_nan());
        assert!(BF16::from_f32(f32::from_bits(0x7f80_0001)).to_f32().is_nan());
        for bits in 0..=u16::MAX {
            let value = BF16(bits).to_f32();
            if !value.is_nan() {
                assert_eq!(BF16::from_f32(value), BF16(bits));
            }
        }
    }
}
