//! Parsing numbers from strings: `atoi`, `atol`, `strtol`, `strtoul`
//! (C11 7.22.1.4), `atof`, `strtod` and `strtof` (C11 7.22.1.1,
//! 7.22.1.3), and the
//! parsers [`parse_long`], [`parse_unsigned_long`] and [`parse_double`]
//! that `sscanf` shares.

use super::{misrouted, ptr_add, ret, ret_i32, sext, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::LibcFunc;

/// Executes a number parsing function `func` (routed here by
/// [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Atoi | LibcFunc::Atol => {
            let s = mem.read_c_string(a.get(0)?)?;
            let (v, _) = parse_long(&s, 10);
            // glibc defines atoi as (int)strtol(s, NULL, 10): truncation.
            Ok(if func == LibcFunc::Atoi {
                ret_i32(v as i32)
            } else {
                ret(v as u64)
            })
        }
        LibcFunc::Strtol => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let base = sext(a.get(2)?, 32);
            let s = mem.read_c_string(s_addr)?;
            if base != 0 && !(2..=36).contains(&base) {
                // EINVAL: glibc returns 0 without converting or touching
                // `*endptr`.
                super::set_errno(mem, super::errno::EINVAL);
                return Ok(ret(0));
            }
            let (v, end) = parse_long(&s, base as u32);
            // Out of range: LONG_MIN or LONG_MAX, and ERANGE (C11 7.22.1.4).
            let exact = parse_integer(&s, base as u32);
            let limit = if exact.negative {
                i64::MIN.unsigned_abs()
            } else {
                i64::MAX as u64
            };
            if exact.overflow || exact.magnitude > limit {
                super::set_errno(mem, super::errno::ERANGE);
            }
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v as u64))
        }
        LibcFunc::Atof => {
            // atof(s) is strtod(s, NULL) (C11 7.22.1.1).
            let s = mem.read_c_string(a.get(0)?)?;
            Ok(ret(parse_double(&s).0.to_bits()))
        }
        LibcFunc::Strtod => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let s = mem.read_c_string(s_addr)?;
            let (v, end) = parse_double(&s);
            // Overflow gives HUGE_VAL and ERANGE (C11 7.22.1.3); the text
            // "inf" is no range error.
            let text = String::from_utf8_lossy(&s[..end.min(s.len())]).to_ascii_lowercase();
            if v.is_infinite() && !text.contains("inf") {
                super::set_errno(mem, super::errno::ERANGE);
            }
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v.to_bits()))
        }
        // strtof: strtod's syntax, the value rounded once to `float` (C11
        // 7.22.1.3); overflow gives HUGE_VALF and ERANGE.
        LibcFunc::Strtof => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let s = mem.read_c_string(s_addr)?;
            let (v, end) = parse_double(&s);
            let text = String::from_utf8_lossy(&s[..end.min(s.len())]).to_ascii_lowercase();
            let f = to_float(text.trim_start(), v);
            if f.is_infinite() && !text.contains("inf") {
                super::set_errno(mem, super::errno::ERANGE);
            }
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(f.to_bits() as u64))
        }
        LibcFunc::Strtoul => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let base = sext(a.get(2)?, 32);
            let s = mem.read_c_string(s_addr)?;
            if base != 0 && !(2..=36).contains(&base) {
                super::set_errno(mem, super::errno::EINVAL);
                return Ok(ret(0));
            }
            let (v, end) = parse_unsigned_long(&s, base as u32);
            if parse_integer(&s, base as u32).overflow {
                super::set_errno(mem, super::errno::ERANGE);
            }
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v))
        }
        _ => Ok(misrouted(func)),
    }
}

/// The `float` nearest the number `text` spells (what strtof parsed as the
/// double `v`): Rust's own parse rounds the decimal text once, where
/// rounding `v` again could be off by one in the last place (double
/// rounding); hexadecimal text, which Rust does not parse, is rounded from
/// `v` (exact for the hexadecimal floats programs write).
pub(super) fn to_float(text: &str, v: f64) -> f32 {
    let plain = text.strip_prefix(['+', '-']).unwrap_or(text);
    if plain.starts_with("0x") || text.is_empty() {
        return v as f32;
    }
    text.parse::<f32>().unwrap_or(v as f32)
}

/// The parts of an integer strtol/strtoul read from `s` in `base` (0 = from
/// the prefix, else 2..=36) (C11 7.22.1.4): whether a `-` sign was given, the
/// magnitude (saturated at `u64::MAX`, with `overflow` set) and the number of
/// bytes consumed (0 when there is no number, so `*endptr == s`).
struct ParsedInt {
    negative: bool,
    magnitude: u64,
    overflow: bool,
    end: usize,
}

fn parse_integer(s: &[u8], base: u32) -> ParsedInt {
    let none = ParsedInt {
        negative: false,
        magnitude: 0,
        overflow: false,
        end: 0,
    };
    let mut i = skip_space(s);
    let negative = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let mut base = base;
    // "0x" is a prefix only when a hex digit follows; otherwise the "0" is
    // the number and parsing stops at the "x".
    let hex_prefix = s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
    if (base == 0 || base == 16) && hex_prefix {
        i += 2;
        base = 16;
    } else if base == 0 {
        base = if s.get(i) == Some(&b'0') { 8 } else { 10 };
    }
    let start = i;
    let mut mag: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(base)) {
        match mag
            .checked_mul(base as u64)
            .and_then(|m| m.checked_add(d as u64))
        {
            Some(m) => mag = m,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return none;
    }
    ParsedInt {
        negative,
        magnitude: if overflow { u64::MAX } else { mag },
        overflow,
        end: i,
    }
}

/// Index of the first byte of `s` that is not white space (C's isspace).
fn skip_space(s: &[u8]) -> usize {
    s.iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .unwrap_or(s.len())
}

/// strtol's parse of `s` in `base`: the value, saturated to `long` on
/// overflow, and the number of bytes consumed.
pub(super) fn parse_long(s: &[u8], base: u32) -> (i64, usize) {
    let p = parse_integer(s, base);
    // Out of range values give LONG_MIN / LONG_MAX (errno is not modeled).
    let v = if p.negative {
        if p.overflow || p.magnitude > i64::MIN.unsigned_abs() {
            i64::MIN
        } else {
            (p.magnitude as i64).wrapping_neg()
        }
    } else if p.overflow || p.magnitude > i64::MAX as u64 {
        i64::MAX
    } else {
        p.magnitude as i64
    };
    (v, p.end)
}

/// strtoul's parse of `s` in `base` (C11 7.22.1.4): a `-` sign negates the
/// value in `unsigned long` arithmetic ("-1" is ULONG_MAX); an out of range
/// magnitude gives ULONG_MAX whatever the sign.
pub(super) fn parse_unsigned_long(s: &[u8], base: u32) -> (u64, usize) {
    let p = parse_integer(s, base);
    let v = if p.overflow {
        u64::MAX
    } else if p.negative {
        p.magnitude.wrapping_neg()
    } else {
        p.magnitude
    };
    (v, p.end)
}

/// strtod's parse of `s` (C11 7.22.1.3): white space, an optional sign, then
/// a decimal number with optional fraction and exponent, a hexadecimal one
/// (`0x1.8p3`), `inf`/`infinity` or `nan`/`nan(chars)`, case-insensitive.
/// Returns the value and the bytes consumed (0 when there is no number).
/// Out of range values give ±HUGE_VAL or 0 as correctly rounded parsing does.
pub(super) fn parse_double(s: &[u8]) -> (f64, usize) {
    let start = skip_space(s);
    let mut i = start;
    let negative = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let sign = if negative { -1.0 } else { 1.0 };
    let lower: Vec<u8> = s[i..].iter().map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"inf") {
        let n = if lower.starts_with(b"infinity") { 8 } else { 3 };
        return (sign * f64::INFINITY, i + n);
    }
    if lower.starts_with(b"nan") {
        let mut n = 3;
        // `nan(n-char-sequence)` consumes the parenthesized part only when
        // it is complete.
        if lower.get(3) == Some(&b'(') {
            if let Some(close) = lower[4..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            {
                if lower[4 + close] == b')' {
                    n = 4 + close + 1;
                }
            }
        }
        return (f64::NAN.copysign(sign), i + n);
    }
    if lower.starts_with(b"0x") && {
        let after = &lower[2..];
        let digits = after.first().is_some_and(u8::is_ascii_hexdigit)
            || (after.first() == Some(&b'.') && after.get(1).is_some_and(u8::is_ascii_hexdigit));
        digits
    } {
        let (v, n) = parse_hex_float(&lower[2..]);
        return (sign * v, i + 2 + n);
    }
    // Decimal: digits, optional fraction, then an exponent only if it has
    // digits; at least one digit in the mantissa.
    let digits = |from: usize| s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_digits = digits(i);
    let mut j = i + int_digits;
    let mut frac_digits = 0;
    if s.get(j) == Some(&b'.') {
        frac_digits = digits(j + 1);
        if int_digits + frac_digits > 0 {
            j += 1 + frac_digits;
        }
    }
    if int_digits + frac_digits == 0 {
        return (0.0, 0);
    }
    if matches!(s.get(j), Some(b'e' | b'E')) {
        let mut k = j + 1;
        if matches!(s.get(k), Some(b'-' | b'+')) {
            k += 1;
        }
        let exp_digits = digits(k);
        if exp_digits > 0 {
            j = k + exp_digits;
        }
    }
    // Rust parses this grammar (`1.`, `.5`, `1e5`) with correct rounding,
    // like glibc; the text is ASCII by construction.
    let text = String::from_utf8_lossy(&s[i..j]);
    let v: f64 = text.parse().unwrap_or(0.0);
    (sign * v, j)
}

/// The hexadecimal significand and binary exponent after "0x": the value and
/// the bytes consumed.
fn parse_hex_float(s: &[u8]) -> (f64, usize) {
    let mut i = 0;
    let mut mant = 0.0f64;
    let mut scale = 0i64;
    while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(16)) {
        mant = mant * 16.0 + d as f64;
        i += 1;
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(16)) {
            mant = mant * 16.0 + d as f64;
            scale -= 4;
            i += 1;
        }
    }
    if s.get(i) == Some(&b'p') {
        let mut k = i + 1;
        let neg = s.get(k) == Some(&b'-');
        if matches!(s.get(k), Some(b'-' | b'+')) {
            k += 1;
        }
        let mut e: i64 = 0;
        let first = k;
        while let Some(d) = s.get(k).filter(|c| c.is_ascii_digit()) {
            e = e.saturating_mul(10).saturating_add((d - b'0') as i64);
            k += 1;
        }
        if k > first {
            scale = scale.saturating_add(if neg { -e } else { e });
            i = k;
        }
    }
    let v = mant * 2f64.powi(scale.clamp(-2200, 2200) as i32);
    (v, i)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn number_parsing() {
        let mut m = mem();
        let s = string(&mut m, "  -42abc");
        assert_eq!(
            c(&mut m, LibcFunc::Atoi, &[p(s)]).unwrap(),
            (-42i32) as u32 as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Atol, &[p(s)]).unwrap(), (-42i64) as u64);
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(s), p(end), i32a(10)]).unwrap(),
            (-42i64) as u64
        );
        assert_eq!(m.load(end, 8).unwrap(), s + 5);
        // Out of range: LONG_MAX and ERANGE in errno.
        let errno = m.allocate(4, AllocKind::Heap).unwrap();
        m.statics.errno = Some(errno);
        let big = string(&mut m, "99999999999999999999");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(big), p(end), i32a(10)]).unwrap(),
            i64::MAX as u64
        );
        assert_eq!(
            m.load(errno, 4).unwrap(),
            super::super::errno::ERANGE as u64
        );
        let hex = string(&mut m, "0x1fz");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(hex), p(end), i32a(0)]).unwrap(),
            31
        );
        assert_eq!(m.load(end, 8).unwrap(), hex + 4);
        let zx = string(&mut m, "0xg");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(zx), p(end), i32a(16)]).unwrap(),
            0
        );
        assert_eq!(m.load(end, 8).unwrap(), zx + 1);
        let oct = string(&mut m, "017");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(oct), p(0), i32a(0)]).unwrap(),
            15
        );
        let none = string(&mut m, "  +x");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(none), p(end), i32a(10)]).unwrap(),
            0
        );
        assert_eq!(m.load(end, 8).unwrap(), none);
        let big = string(&mut m, "-99999999999999999999999");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(big), p(0), i32a(10)]).unwrap(),
            i64::MIN as u64
        );
        let max = string(&mut m, "9223372036854775807");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(max), p(0), i32a(10)]).unwrap(),
            i64::MAX as u64
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(max), p(end), i32a(1)]).unwrap(),
            0
        );
        // An invalid base leaves `*endptr` alone.
        assert_eq!(m.load(end, 8).unwrap(), none);
        let z = string(&mut m, "zz");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(z), p(0), i32a(36)]).unwrap(),
            35 * 36 + 35
        );
        // The end pointer must be writable.
        assert!(matches!(
            call(LibcFunc::Strtol, &[p(z), p(z + 1), i32a(36)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn strtod_and_atof_parse_like_c() {
        let mut m = mem();
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        let parse = |m: &mut Memory, text: &str| {
            let s = string(m, text);
            let v = f64::from_bits(c(m, LibcFunc::Strtod, &[p(s), p(end)]).unwrap());
            (v, m.load(end, 8).unwrap() - s)
        };
        assert_eq!(parse(&mut m, "  1.5e3xyz"), (1500.0, 7));
        // An exponent without digits is not part of the number.
        assert_eq!(parse(&mut m, "2e+"), (2.0, 1));
        assert_eq!(parse(&mut m, "-.5,"), (-0.5, 3));
        assert_eq!(parse(&mut m, "7."), (7.0, 2));
        // No digits at all: no conversion, `*endptr` is the string.
        assert_eq!(parse(&mut m, " .e1"), (0.0, 0));
        assert_eq!(parse(&mut m, "+-1"), (0.0, 0));
        assert_eq!(parse(&mut m, "-Infinity!"), (f64::NEG_INFINITY, 9));
        assert_eq!(parse(&mut m, "inFx"), (f64::INFINITY, 3));
        assert_eq!(parse(&mut m, "0x1.8p1;"), (3.0, 7));
        assert_eq!(parse(&mut m, "0x10"), (16.0, 4));
        // "0x" without a hex digit is the number 0 followed by "x".
        assert_eq!(parse(&mut m, "0xg"), (0.0, 1));
        assert_eq!(parse(&mut m, "1e999"), (f64::INFINITY, 5));
        let (nan, used) = parse(&mut m, "nan(0x1)z");
        assert!(nan.is_nan());
        assert_eq!(used, 8);
        let (_, used) = parse(&mut m, "nan(");
        assert_eq!(used, 3);
        let s = string(&mut m, "3.25 apples");
        assert_eq!(
            f64::from_bits(c(&mut m, LibcFunc::Atof, &[p(s)]).unwrap()),
            3.25
        );
        assert_eq!(
            f64::from_bits(c(&mut m, LibcFunc::Strtod, &[p(s), p(0)]).unwrap()),
            3.25
        );
    }

    #[test]
    fn strtoul_wraps_negative_values() {
        let mut m = mem();
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        let minus = string(&mut m, " -1");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(minus), p(end), i32a(10)]).unwrap(),
            u64::MAX
        );
        assert_eq!(m.load(end, 8).unwrap(), minus + 3);
        let hex = string(&mut m, "0x20 steps");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(hex), p(end), i32a(0)]).unwrap(),
            32
        );
        assert_eq!(m.load(end, 8).unwrap(), hex + 4);
        let big = string(&mut m, "18446744073709551616");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(big), p(0), i32a(10)]).unwrap(),
            u64::MAX
        );
        let max = string(&mut m, "18446744073709551615");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(max), p(0), i32a(10)]).unwrap(),
            u64::MAX
        );
    }

    #[test]
    fn strtof_rounds_once_to_float() {
        let mut m = mem();
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        let f = |m: &mut Memory, s: u64| {
            f32::from_bits(c(m, LibcFunc::Strtof, &[p(s), p(end)]).unwrap() as u32)
        };
        let s = string(&mut m, " 0.1x");
        assert_eq!(f(&mut m, s), 0.1f32);
        assert_eq!(m.load(end, 8).unwrap(), s + 4);
        // Just above FLT_MAX: infinity, and ERANGE.
        let big = string(&mut m, "3.4028236e38");
        assert_eq!(f(&mut m, big), f32::INFINITY);
        // A decimal halfway between two floats only after rounding to
        // double: rounded once, it goes down.
        let tricky = string(&mut m, "1.00000017881393432617187499");
        assert_eq!(f(&mut m, tricky), 1.0f32 + f32::EPSILON);
        let hex = string(&mut m, "-0x1.8p1");
        assert_eq!(f(&mut m, hex), -3.0f32);
    }
}
