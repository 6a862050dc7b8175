//! Exact decimal conversion of a binary floating-point value `m × 2^e`
//! (`long double` for printf's `%Lf %Le %Lg`; C11 7.21.6.1p8): every
//! binary value has a finite decimal expansion, computed here in full with
//! a base-10^9 big integer, then rounded to the requested digits to
//! nearest, ties to even on the exact value, as glibc does in the default
//! rounding mode.

const BASE: u64 = 1_000_000_000;

/// A nonnegative integer in base 10^9, least significant limb first.
struct Big(Vec<u64>);

impl Big {
    fn new(v: u64) -> Big {
        let mut limbs = Vec::new();
        let mut v = v;
        while v > 0 {
            limbs.push(v % BASE);
            v /= BASE;
        }
        Big(limbs)
    }

    /// `self *= f` for `f < 2^32`.
    fn mul_small(&mut self, f: u64) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let x = *l * f + carry;
            *l = x % BASE;
            carry = x / BASE;
        }
        while carry > 0 {
            self.0.push(carry % BASE);
            carry /= BASE;
        }
    }

    /// `self *= base^n`, in factors below 2^32.
    fn mul_pow(&mut self, base: u64, mut n: u32) {
        let (chunk, per) = if base == 2 {
            (1u64 << 31, 31)
        } else {
            (5u64.pow(13), 13)
        };
        while n >= per {
            self.mul_small(chunk);
            n -= per;
        }
        if n > 0 {
            self.mul_small(base.pow(n));
        }
    }

    fn digits(&self) -> Vec<u8> {
        let Some((top, rest)) = self.0.split_last() else {
            return vec![b'0'];
        };
        let mut s = top.to_string().into_bytes();
        for l in rest.iter().rev() {
            s.extend_from_slice(format!("{l:09}").as_bytes());
        }
        s
    }
}

/// The exact decimal form of `m × 2^e`: digits `d` and a count `frac` of
/// them after the decimal point (`value = d / 10^frac`).
pub struct Exact {
    digits: Vec<u8>,
    frac: usize,
}

impl Exact {
    pub fn new(m: u64, e: i32) -> Exact {
        let mut n = Big::new(m);
        if e >= 0 {
            n.mul_pow(2, e as u32);
            Exact {
                digits: n.digits(),
                frac: 0,
            }
        } else {
            // m / 2^k = m × 5^k / 10^k.
            let k = e.unsigned_abs();
            n.mul_pow(5, k);
            Exact {
                digits: n.digits(),
                frac: k as usize,
            }
        }
    }

    fn is_zero(&self) -> bool {
        self.digits.iter().all(|&d| d == b'0')
    }
}

/// Keeps the first `keep` digits of `d`, rounded to nearest, ties to even
/// on the exact value; returns them and whether rounding carried out of
/// the first digit (then a `1` leads).
fn round(d: &[u8], keep: usize) -> (Vec<u8>, bool) {
    if keep >= d.len() {
        let mut v = d.to_vec();
        v.resize(keep, b'0');
        return (v, false);
    }
    let mut v = d[..keep].to_vec();
    let first = d[keep];
    let rest_zero = d[keep + 1..].iter().all(|&c| c == b'0');
    let last_odd = v.last().is_some_and(|&c| (c - b'0') % 2 == 1);
    let up = first > b'5' || (first == b'5' && (!rest_zero || last_odd));
    if !up {
        return (v, false);
    }
    for c in v.iter_mut().rev() {
        if *c == b'9' {
            *c = b'0';
        } else {
            *c += 1;
            return (v, false);
        }
    }
    v.insert(0, b'1');
    (v, true)
}

/// `%.{prec}f` of a nonnegative value.
pub fn fixed(x: &Exact, prec: usize, alt: bool) -> String {
    // Enough leading zeros that an integer digit exists.
    let mut d = vec![b'0'; (x.frac + 1).saturating_sub(x.digits.len())];
    d.extend_from_slice(&x.digits);
    let int_len = d.len() - x.frac;
    let (mut r, carried) = round(&d, int_len + prec);
    let int_len = int_len + carried as usize;
    let frac = r.split_off(int_len);
    let mut int: &[u8] = &r;
    while int.len() > 1 && int[0] == b'0' {
        int = &int[1..];
    }
    let mut s = String::from_utf8_lossy(int).into_owned();
    if prec > 0 || alt {
        s.push('.');
    }
    s.push_str(&String::from_utf8_lossy(&frac));
    s
}

/// The significant digits of `x` rounded to `n` and the decimal exponent
/// of the first (`x ≈ d.ddd × 10^exp`); zero has exponent 0.
fn significant(x: &Exact, n: usize) -> (Vec<u8>, i64) {
    if x.is_zero() {
        return (vec![b'0'; n], 0);
    }
    let lead = x.digits.iter().take_while(|&&c| c == b'0').count();
    let sig = &x.digits[lead..];
    let mut exp = sig.len() as i64 - 1 - x.frac as i64;
    let (mut r, carried) = round(sig, n);
    if carried {
        exp += 1;
        r.truncate(n);
    }
    (r, exp)
}

/// `%.{prec}e` of a nonnegative value.
pub fn scientific(x: &Exact, prec: usize, alt: bool) -> String {
    let (d, exp) = significant(x, prec + 1);
    let mut s = String::new();
    s.push(d[0] as char);
    if prec > 0 || alt {
        s.push('.');
    }
    s.push_str(&String::from_utf8_lossy(&d[1..]));
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{s}e{sign}{:02}", exp.unsigned_abs())
}

/// `%.{prec}g` of a nonnegative value (C11 7.21.6.1p8).
pub fn general(x: &Exact, prec: usize, alt: bool) -> String {
    let p = prec.max(1);
    let (_, exp) = significant(x, p);
    let s = if exp >= -4 && exp < p as i64 {
        fixed(x, (p as i64 - 1 - exp) as usize, alt)
    } else {
        scientific(x, p - 1, alt)
    };
    if alt {
        return s;
    }
    super::printf::without_trailing_zeros(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `m × 2^e` of a finite nonnegative double.
    fn exact(x: f64) -> Exact {
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7FF) as i32;
        let frac = bits & ((1 << 52) - 1);
        if biased == 0 {
            Exact::new(frac, -1074)
        } else {
            Exact::new(frac | (1 << 52), biased - 1075)
        }
    }

    #[test]
    fn agrees_with_exact_double_formatting() {
        // Rust's formatting of f64 is exact with ties to even, as glibc's
        // printf; the decimal conversion must give the same text.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut values = vec![
            0.0,
            0.5,
            1.5,
            2.5,
            0.125,
            9.5,
            99.5,
            1e-300,
            5e-324,
            1e300,
            123456.789,
            0.1,
            1.0 / 3.0,
            2.0f64.powi(70),
            999999.5,
            0.000095,
        ];
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let x = f64::from_bits(seed >> 1);
            if x.is_finite() {
                values.push(x);
            }
            values.push((seed % 100_000) as f64 / 64.0);
        }
        for &x in &values {
            let e = exact(x);
            for prec in [0usize, 1, 3, 6, 17, 30] {
                assert_eq!(
                    fixed(&e, prec, false),
                    format!("{x:.prec$}"),
                    "{x} %.{prec}f"
                );
                let r = format!("{x:.prec$e}");
                let (m, ex) = r.split_once('e').unwrap();
                let ex: i32 = ex.parse().unwrap();
                let want = format!("{m}e{}{:02}", if ex < 0 { '-' } else { '+' }, ex.abs());
                assert_eq!(scientific(&e, prec, false), want, "{x} %.{prec}e");
            }
        }
        assert_eq!(general(&exact(0.0001), 6, false), "0.0001");
        assert_eq!(general(&exact(0.00001), 6, false), "1e-05");
        assert_eq!(general(&exact(123456789.0), 6, false), "1.23457e+08");
        assert_eq!(general(&exact(100.0), 6, true), "100.000");
        assert_eq!(fixed(&exact(2.5), 0, true), "2.");
    }

    #[test]
    fn long_double_values() {
        // 1/3 in long double: 0xAAAAAAAAAAAAAAAB × 2^-65.
        let third = Exact::new(0xAAAA_AAAA_AAAA_AAAB, -65);
        assert_eq!(fixed(&third, 20, false), "0.33333333333333333334");
        // 2^64 - 1, exact in the 64-bit significand.
        let big = Exact::new(u64::MAX, 0);
        assert_eq!(fixed(&big, 0, false), "18446744073709551615");
        assert_eq!(scientific(&big, 3, false), "1.845e+19");
        // The largest long double (LDBL_MAX) has 4933 digits.
        let max = Exact::new(u64::MAX, 16384 - 64);
        let s = fixed(&max, 0, false);
        assert_eq!(s.len(), 4933);
        assert!(s.starts_with("11897314953572317650"));
        assert_eq!(general(&max, 6, false), "1.18973e+4932");
        // The smallest denormal, 2^-16445.
        let min = Exact::new(1, -16445);
        assert_eq!(scientific(&min, 5, false), "3.64520e-4951");
    }
}
