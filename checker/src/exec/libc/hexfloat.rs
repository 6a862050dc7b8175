//! printf's `%a`/`%A` (C11 7.21.6.1p8): a floating-point value in
//! hexadecimal, `[-]0xh.hhhp±d`, laid out as glibc lays it out on x86-64.
//! - `double`: the leading digit is the integer bit (1, or 0 for zero and
//!   subnormals, whose exponent is printed as -1022), then the 52-bit
//!   fraction as 13 digits;
//! - `long double` (x87): the leading digit is the top four bits of the
//!   64-bit significand, then its other 60 bits as 15 digits, with the
//!   binary exponent lowered by 3 (1.0L is `0x8p-3`).
//!
//! Without a precision, trailing zero digits are dropped (the value is
//! exact, C11 7.21.6.1p8); with one, the digits are rounded to nearest, ties
//! to even. A carry out of the leading digit makes it 2 for a `double`
//! (`%.0a` of 3.0 is `0x2p+1`) and renormalizes a `long double` (`0x1p+8`).

use runtime_model::x87::{self, Float, F80};

/// The parts of a finite value in the layout above.
struct Hex {
    negative: bool,
    lead: u64,
    /// Fraction digits, most significant first, each 0..=15.
    digits: Vec<u8>,
    exponent: i64,
    long_double: bool,
}

impl Hex {
    fn of_double(x: f64) -> Hex {
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7FF) as i64;
        let fraction = bits & ((1 << 52) - 1);
        let zero = biased == 0 && fraction == 0;
        Hex {
            negative: x.is_sign_negative(),
            lead: (biased != 0) as u64,
            digits: nibbles(fraction, 13),
            exponent: if zero {
                0
            } else if biased == 0 {
                -1022
            } else {
                biased - 1023
            },
            long_double: false,
        }
    }

    fn of_long_double(x: F80) -> Hex {
        let (significand, hi) = x87::to_parts(x);
        let biased = (hi & 0x7FFF) as i64;
        Hex {
            negative: hi & 0x8000 != 0,
            lead: significand >> 60,
            digits: nibbles(significand & ((1 << 60) - 1), 15),
            exponent: if significand == 0 {
                0
            } else {
                biased.max(1) - 16383 - 3
            },
            long_double: true,
        }
    }

    /// Keeps `precision` fraction digits, rounding to nearest, ties to even.
    fn round_to(&mut self, precision: usize) {
        if precision >= self.digits.len() {
            self.digits.resize(precision, 0);
            return;
        }
        let next = self.digits[precision];
        let beyond = (next & 7) != 0 || self.digits[precision + 1..].iter().any(|&d| d != 0);
        let last = if precision == 0 {
            self.lead
        } else {
            self.digits[precision - 1] as u64
        };
        self.digits.truncate(precision);
        if next < 8 || !(beyond || last & 1 == 1) {
            return;
        }
        // Add one in the last kept place, carrying left.
        for d in self.digits.iter_mut().rev() {
            if *d == 15 {
                *d = 0;
            } else {
                *d += 1;
                return;
            }
        }
        self.lead += 1;
        if self.long_double && self.lead == 16 {
            self.lead = 1;
            self.exponent += 4;
        }
    }
}

fn nibbles(v: u64, count: usize) -> Vec<u8> {
    (0..count)
        .rev()
        .map(|i| ((v >> (4 * i)) & 0xF) as u8)
        .collect()
}

/// The text of `%a` without sign and padding: `(sign, body)`, and whether
/// the `0` flag may pad it (not for infinities and NaNs).
pub(super) fn format(
    x: Result<f64, F80>,
    precision: Option<usize>,
    alt: bool,
    upper: bool,
) -> (bool, String, bool) {
    let special = match x {
        Ok(d) if !d.is_finite() => Some((d.is_sign_negative(), d.is_nan())),
        Err(l) if !l.is_finite() => Some((x87::to_parts(l).1 & 0x8000 != 0, l.is_nan())),
        _ => None,
    };
    let (negative, body, zero_pads) = if let Some((negative, nan)) = special {
        (negative, if nan { "nan" } else { "inf" }.to_string(), false)
    } else {
        let mut h = match x {
            Ok(d) => Hex::of_double(d),
            Err(l) => Hex::of_long_double(l),
        };
        match precision {
            Some(p) => h.round_to(p),
            None => {
                while h.digits.last() == Some(&0) {
                    h.digits.pop();
                }
            }
        }
        let mut s = format!("0x{:x}", h.lead);
        if !h.digits.is_empty() || alt {
            s.push('.');
        }
        for d in &h.digits {
            s.push(char::from_digit(*d as u32, 16).unwrap_or('0'));
        }
        s.push_str(&format!("p{:+}", h.exponent));
        (h.negative, s, true)
    };
    let body = if upper {
        body.to_ascii_uppercase()
    } else {
        body
    };
    (negative, body, zero_pads)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(x: f64, p: Option<usize>) -> String {
        let (neg, body, _) = format(Ok(x), p, false, false);
        format!("{}{body}", if neg { "-" } else { "" })
    }

    fn la(x: F80, p: Option<usize>) -> String {
        let (neg, body, _) = format(Err(x), p, false, false);
        format!("{}{body}", if neg { "-" } else { "" })
    }

    fn ld(x: f64) -> F80 {
        x87::from_float(runtime_model::model::Ty::F64, x.to_bits()).unwrap()
    }

    // Texts glibc 2.36 printed on x86-64.
    #[test]
    fn doubles_as_glibc_prints_them() {
        assert_eq!(a(1.0, None), "0x1p+0");
        assert_eq!(a(-0.0, None), "-0x0p+0");
        assert_eq!(a(0.1, None), "0x1.999999999999ap-4");
        assert_eq!(a(0.1, Some(3)), "0x1.99ap-4");
        assert_eq!(a(3.0, Some(0)), "0x2p+1");
        assert_eq!(a(1.0625, Some(0)), "0x1p+0");
        assert_eq!(a(1.9999999, Some(1)), "0x2.0p+0");
        assert_eq!(a(f64::from_bits(1), None), "0x0.0000000000001p-1022");
        assert_eq!(a(f64::from_bits(1), Some(3)), "0x0.000p-1022");
        // 0x1.8p-1030 = 0x0.018p-1022: a tie at two digits rounds to even.
        assert_eq!(a(f64::from_bits(0x18 << 40), Some(2)), "0x0.02p-1022");
        assert_eq!(a(255.5, Some(20)), "0x1.ff000000000000000000p+7");
        assert_eq!(a(f64::MAX, Some(1)), "0x2.0p+1023");
    }

    #[test]
    fn long_doubles_as_glibc_prints_them() {
        assert_eq!(la(ld(1.0), None), "0x8p-3");
        assert_eq!(la(ld(-1.0), Some(1)), "-0x8.0p-3");
        assert_eq!(la(ld(3.0), None), "0xcp-2");
        assert_eq!(la(ld(255.5), None), "0xf.f8p+4");
        assert_eq!(la(ld(255.5), Some(0)), "0x1p+8");
        assert_eq!(la(ld(255.5), Some(1)), "0x1.0p+8");
        assert_eq!(la(ld(0.0), None), "0x0p+0");
        let third = x87::binary(runtime_model::model::BinOp::FDiv, ld(1.0), ld(3.0)).unwrap();
        assert_eq!(la(third, None), "0xa.aaaaaaaaaaaaaabp-5");
        assert_eq!(la(third, Some(3)), "0xa.aabp-5");
        let denormal = x87::from_parts(0x0000_0006_6327_8e62, 0);
        assert_eq!(la(denormal, None), "0x0.000000663278e62p-16385");
    }
}
