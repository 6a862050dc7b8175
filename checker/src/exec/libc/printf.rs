//! The printf family (C11 7.21.6.1, the v-forms 7.21.6.8-13): the
//! formatter [`format()`] with its conversions, flags, width and precision,
//! and the endings that store the text (`sprintf`), a bounded prefix of it
//! (`snprintf`, C11 7.21.6.5) or a new heap block holding it (`asprintf`,
//! `vasprintf`: GNU, now POSIX). Output to a stream is dropped; only its
//! count is returned.

use super::string::read_c_string_bounded;
use super::varargs::va_list_args;
use super::{float_arg, misrouted, ret_i32, sext, trunc, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::{LibcFunc, Ty};

/// Largest field width or precision a format may ask for. Real programs use a
/// few dozen at most; a larger one would only make the checker allocate
/// gigabytes for output that is thrown away.
const MAX_FIELD: u64 = 1 << 20;
/// Largest formatted output modeled (also keeps the count inside `int`).
const MAX_OUTPUT: usize = 1 << 24;

/// Executes a printf-family function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Printf => {
            let out = format(mem, func, a.get(0)?, a.rest(1))?;
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Fprintf => {
            // Output to a file the program opened goes to the check's file
            // system; to stdout/stderr it is dropped.
            let f = a.get(0)?;
            let out = format(mem, func, a.get(1)?, a.rest(2))?;
            super::streams::emit(mem, f, &out);
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Sprintf => {
            let out = format(mem, func, a.get(1)?, a.rest(2))?;
            store_sprintf(mem, a.get(0)?, out)
        }
        LibcFunc::Snprintf => {
            let out = format(mem, func, a.get(2)?, a.rest(3))?;
            store_snprintf(mem, a.get(0)?, a.get(1)?, out)
        }
        // The v-forms take the variable arguments from a `va_list` that
        // `va_start` set up (C11 7.21.6.8-13).
        LibcFunc::Vprintf | LibcFunc::Vfprintf => {
            let at = if func == LibcFunc::Vfprintf { 1 } else { 0 };
            let va = va_list_args(mem, a.get(at + 1)?)?;
            let out = format(mem, func, a.get(at)?, &va)?;
            if func == LibcFunc::Vfprintf {
                super::streams::emit(mem, a.get(0)?, &out);
            }
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Vsprintf => {
            let va = va_list_args(mem, a.get(2)?)?;
            let out = format(mem, func, a.get(1)?, &va)?;
            store_sprintf(mem, a.get(0)?, out)
        }
        LibcFunc::Vsnprintf => {
            let va = va_list_args(mem, a.get(3)?)?;
            let out = format(mem, func, a.get(2)?, &va)?;
            store_snprintf(mem, a.get(0)?, a.get(1)?, out)
        }
        LibcFunc::Asprintf => {
            let out = format(mem, func, a.get(1)?, a.rest(2))?;
            store_asprintf(mem, a.get(0)?, out)
        }
        LibcFunc::Vasprintf => {
            let va = va_list_args(mem, a.get(2)?)?;
            let out = format(mem, func, a.get(1)?, &va)?;
            store_asprintf(mem, a.get(0)?, out)
        }
        _ => Ok(misrouted(func)),
    }
}

/// sprintf's ending: the text and its NUL at `dst`; the count without it.
fn store_sprintf(mem: &mut Memory, dst: u64, mut out: Vec<u8>) -> Result<LibcOutcome, MemFault> {
    let n = out.len() as i32;
    out.push(0);
    mem.write_bytes(dst, &out)?;
    Ok(ret_i32(n))
}

/// snprintf's ending: at most cap-1 characters and a NUL are written; with
/// cap 0 nothing is, and `dst` may be null (C11 7.21.6.5). The count is
/// that of the whole text.
fn store_snprintf(
    mem: &mut Memory,
    dst: u64,
    cap: u64,
    mut out: Vec<u8>,
) -> Result<LibcOutcome, MemFault> {
    let n = out.len() as i32;
    if cap > 0 {
        let keep = usize::try_from(cap - 1)
            .unwrap_or(usize::MAX)
            .min(out.len());
        out.truncate(keep);
        out.push(0);
        mem.write_bytes(dst, &out)?;
    }
    Ok(ret_i32(n))
}

/// asprintf's ending: the text and its NUL in a new heap block (the
/// program frees it), whose address is stored at `strp`; the count without
/// the NUL.
fn store_asprintf(mem: &mut Memory, strp: u64, mut out: Vec<u8>) -> Result<LibcOutcome, MemFault> {
    let n = out.len() as i32;
    out.push(0);
    // More than the checker holds ends the check inconclusive
    // (`MemFault::TooLarge`), as for malloc.
    let block = mem.allocate(out.len() as u64, AllocKind::Heap)?;
    mem.write_bytes(block, &out)?;
    mem.store(strp, 8, block)?;
    Ok(ret_i32(n))
}

/// One conversion specification of a format.
#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// The arguments a format consumes, in order.
struct VaList<'a> {
    func: LibcFunc,
    args: &'a [(u64, Ty)],
    next: usize,
}

impl VaList<'_> {
    fn next(&mut self) -> Result<(u64, Ty), MemFault> {
        let a = self.args.get(self.next).copied().ok_or_else(|| {
            // Reading a missing variadic argument reads whatever the stack
            // holds: undefined behavior the user should hear about.
            MemFault::Other(format!(
                "{}: the format needs more than the {} arguments passed",
                self.func.c_name(),
                self.args.len()
            ))
        })?;
        self.next += 1;
        Ok(a)
    }
}

/// Formats like C's printf family (C11 7.21.6.1): conversions `d i u o x X c
/// s p n f F e E g G %` with flags, width, precision (`*` too) and length
/// modifiers. Unknown conversions are copied literally, as glibc does.
fn format(
    mem: &mut Memory,
    func: LibcFunc,
    fmt_addr: u64,
    va: &[(u64, Ty)],
) -> Result<Vec<u8>, MemFault> {
    let fmt = mem.read_c_string(fmt_addr)?;
    let mut va = VaList {
        func,
        args: va,
        next: 0,
    };
    let field = |n: u64| -> Result<usize, MemFault> {
        if n > MAX_FIELD {
            return Err(MemFault::Other(format!(
                "{}: field width or precision {n} is too large to model",
                func.c_name()
            )));
        }
        Ok(n as usize)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while let Some(f) = fmt.get(i) {
            match f {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            // A negative `*` width is a `-` flag and a positive width.
            let w = sext(va.next()?.0, 32);
            spec.minus |= w < 0;
            spec.width = field(w.unsigned_abs())?;
        } else {
            let (w, j) = parse_digits(&fmt, i);
            spec.width = field(w)?;
            i = j;
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                // A negative `*` precision is as if it were omitted.
                let p = sext(va.next()?.0, 32);
                spec.prec = if p < 0 { None } else { Some(field(p as u64)?) };
            } else {
                let (p, j) = parse_digits(&fmt, i);
                spec.prec = Some(field(p)?);
                i = j;
            }
        }
        // Width of the integer argument the length modifier names; `int`
        // without one (char and short are promoted to int when passed).
        let mut bits = 32;
        let long_double = fmt.get(i) == Some(&b'L');
        match fmt.get(i) {
            Some(b'h') if fmt.get(i + 1) == Some(&b'h') => (bits, i) = (8, i + 2),
            Some(b'h') => (bits, i) = (16, i + 1),
            Some(b'l') if fmt.get(i + 1) == Some(&b'l') => (bits, i) = (64, i + 2),
            Some(b'l' | b'j' | b'z' | b't' | b'q' | b'L') => (bits, i) = (64, i + 1),
            _ => {}
        }
        let Some(&conv) = fmt.get(i) else {
            // A format ending inside a conversion: print it as written.
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'd' | b'i' => {
                let v = sext(va.next()?.0, bits);
                let sign = if v < 0 { "-" } else { positive_sign(&spec) };
                push_int(
                    &mut out,
                    &spec,
                    sign,
                    "",
                    v.unsigned_abs().to_string(),
                    false,
                );
            }
            b'u' => {
                let v = trunc(va.next()?.0, bits);
                push_int(&mut out, &spec, "", "", v.to_string(), false);
            }
            b'o' => {
                let v = trunc(va.next()?.0, bits);
                push_int(&mut out, &spec, "", "", format!("{v:o}"), spec.alt);
            }
            b'x' | b'X' => {
                let v = trunc(va.next()?.0, bits);
                let (digits, prefix) = if conv == b'x' {
                    (format!("{v:x}"), "0x")
                } else {
                    (format!("{v:X}"), "0X")
                };
                let prefix = if spec.alt && v != 0 { prefix } else { "" };
                push_int(&mut out, &spec, "", prefix, digits, false);
            }
            b'c' => {
                let c = va.next()?.0 as u8;
                pad(&mut out, &spec, "", &[c], false);
            }
            b's' => {
                let p = va.next()?.0;
                // With a precision the argument is an array of at most that
                // many bytes; without one it must be a NUL-terminated string.
                // A null pointer is undefined (glibc prints "(null)", other
                // C libraries crash), so it is reported.
                let s = match spec.prec {
                    Some(n) => read_c_string_bounded(mem, p, n as u64)?,
                    None => mem.read_c_string(p)?,
                };
                pad(&mut out, &spec, "", &s, false);
            }
            b'p' => {
                let p = va.next()?.0;
                let s = if p == 0 {
                    "(nil)".to_string()
                } else {
                    format!("0x{p:x}")
                };
                pad(&mut out, &spec, "", s.as_bytes(), false);
            }
            b'n' => {
                let p = va.next()?.0;
                let size = match bits {
                    8 => 1,
                    16 => 2,
                    32 => 4,
                    _ => 8,
                };
                mem.store(p, size, out.len() as u64)?;
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' if long_double => {
                let x = long_double_arg(&mut va)?;
                push_long_double(&mut out, &spec, conv, x);
            }
            b'a' | b'A' => {
                let x = if long_double {
                    Err(long_double_arg(&mut va)?)
                } else {
                    let (v, ty) = va.next()?;
                    Ok(float_arg(v, ty))
                };
                let (negative, body, zero_pads) =
                    super::hexfloat::format(x, spec.prec, spec.alt, conv == b'A');
                let sign = if negative { "-" } else { positive_sign(&spec) };
                // The `0` flag pads between "0x" and the digits.
                let (prefix, digits) = if zero_pads && spec.zero {
                    body.split_at(2)
                } else {
                    ("", body.as_str())
                };
                pad(
                    &mut out,
                    &spec,
                    &format!("{sign}{prefix}"),
                    digits.as_bytes(),
                    zero_pads && spec.zero,
                );
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => {
                let (v, ty) = va.next()?;
                push_float(&mut out, &spec, conv, float_arg(v, ty));
            }
            b'%' => out.push(b'%'),
            _ => out.extend_from_slice(&fmt[start..i]),
        }
        if out.len() > MAX_OUTPUT {
            return Err(MemFault::Other(format!(
                "{}: output too large to model",
                func.c_name()
            )));
        }
    }
    Ok(out)
}

/// Parses a decimal field at `i` (saturating; the caller bounds it).
pub(super) fn parse_digits(s: &[u8], mut i: usize) -> (u64, usize) {
    let mut n: u64 = 0;
    while let Some(d) = s.get(i).filter(|c| c.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add((d - b'0') as u64);
        i += 1;
    }
    (n, i)
}

fn positive_sign(spec: &Spec) -> &'static str {
    if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// An integer conversion: `digits` is the magnitude in its base.
fn push_int(
    out: &mut Vec<u8>,
    spec: &Spec,
    sign: &str,
    prefix: &str,
    mut digits: String,
    octal_alt: bool,
) {
    if let Some(p) = spec.prec {
        // Precision is the minimum digit count; 0 with value 0 prints none.
        if p == 0 && digits == "0" {
            digits.clear();
        }
        if digits.len() < p {
            digits.insert_str(0, &"0".repeat(p - digits.len()));
        }
    }
    // `#o` makes the first digit a zero (raising the precision if needed).
    if octal_alt && !digits.starts_with('0') {
        digits.insert(0, '0');
    }
    // The `0` flag is ignored with `-` or with a precision (C11 7.21.6.1p6).
    let zero = spec.zero && spec.prec.is_none();
    pad(
        out,
        spec,
        &format!("{sign}{prefix}"),
        digits.as_bytes(),
        zero,
    );
}

/// Emits `head` (sign and prefix) and `body` padded to the field width:
/// left-justified with `-`, with zeros between head and body when `zero`,
/// else right-justified with spaces.
fn pad(out: &mut Vec<u8>, spec: &Spec, head: &str, body: &[u8], zero: bool) {
    let fill = spec.width.saturating_sub(head.len() + body.len());
    if spec.minus {
        out.extend_from_slice(head.as_bytes());
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if zero {
        out.extend_from_slice(head.as_bytes());
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(head.as_bytes());
        out.extend_from_slice(body);
    }
}

/// The `long double` argument of a `%L` conversion: its two halves, as the
/// extractor passes them (an `I64`, then an `I16`).
fn long_double_arg(va: &mut VaList<'_>) -> Result<runtime_model::x87::F80, MemFault> {
    let func = va.func;
    let mismatch = || {
        // C11 7.21.6.1p9: undefined when the argument is not a long double.
        MemFault::Other(format!(
            "{}: a %L conversion is given an argument that is not a long double",
            func.c_name()
        ))
    };
    let (lo, t1) = va.next()?;
    if t1 != Ty::I64 {
        return Err(mismatch());
    }
    let (hi, t2) = va.next()?;
    if t2 != Ty::I16 {
        return Err(mismatch());
    }
    Ok(runtime_model::x87::from_parts(lo, hi))
}

/// `%Lf %Le %Lg` and their uppercase forms, from the exact decimal value.
fn push_long_double(out: &mut Vec<u8>, spec: &Spec, conv: u8, x: runtime_model::x87::F80) {
    use runtime_model::x87::Float;
    let (negative, m, e) = runtime_model::x87::decompose(x);
    let sign = if negative { "-" } else { positive_sign(spec) };
    let body = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        "inf".to_string()
    } else {
        let v = super::decimal::Exact::new(m, e);
        let prec = spec.prec.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => super::decimal::fixed(&v, prec, spec.alt),
            b'e' => super::decimal::scientific(&v, prec, spec.alt),
            _ => super::decimal::general(&v, prec, spec.alt),
        }
    };
    let body = if conv.is_ascii_uppercase() {
        body.to_ascii_uppercase()
    } else {
        body
    };
    let zero = spec.zero && !x.is_nan() && !x.is_infinite();
    pad(out, spec, sign, body.as_bytes(), zero);
}

/// `%f %e %g` and their uppercase forms.
fn push_float(out: &mut Vec<u8>, spec: &Spec, conv: u8, x: f64) {
    let upper = conv.is_ascii_uppercase();
    // glibc prints the sign of a negative NaN too ("-nan").
    let sign = if x.is_sign_negative() {
        "-"
    } else {
        positive_sign(spec)
    };
    let body = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        "inf".to_string()
    } else {
        let a = x.abs();
        let prec = spec.prec.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => fixed(a, prec, spec.alt),
            b'e' => scientific(a, prec, spec.alt),
            _ => general(a, prec, spec.alt),
        }
    };
    let body = if upper {
        body.to_ascii_uppercase()
    } else {
        body
    };
    // Zero padding never applies to inf and nan.
    let zero = spec.zero && x.is_finite();
    pad(out, spec, sign, body.as_bytes(), zero);
}

/// `%.Nf` of a nonnegative finite value. Rust's formatting is exact and
/// rounds ties to even on the exact binary value, as glibc does.
fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut s = format!("{a:.prec$}");
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `%.Ne`: Rust writes `1.5e2`; C wants `1.5e+02` (at least two exponent
/// digits, always signed).
fn scientific(a: f64, prec: usize, alt: bool) -> String {
    let (mut mantissa, exp) = split_exponent(&format!("{a:.prec$e}"));
    if alt && prec == 0 {
        mantissa.push('.');
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.unsigned_abs())
}

fn split_exponent(s: &str) -> (String, i32) {
    match s.split_once('e') {
        Some((m, e)) => (m.to_string(), e.parse().unwrap_or(0)),
        None => (s.to_string(), 0),
    }
}

/// `%.Ng` (C11 7.21.6.1p8): `%e` or `%f` style by the decimal exponent, then
/// trailing zeros removed unless `#`.
fn general(a: f64, prec: usize, alt: bool) -> String {
    let p = prec.max(1);
    // The exponent `%e` would print after rounding to `p` digits.
    let x = if a == 0.0 {
        0
    } else {
        split_exponent(&format!("{a:.*e}", p - 1)).1
    };
    let s = if x >= -4 && (x as i64) < p as i64 {
        fixed(a, (p as i64 - 1 - x as i64) as usize, alt)
    } else {
        scientific(a, p - 1, alt)
    };
    if alt {
        return s;
    }
    without_trailing_zeros(&s)
}

/// `%g` without `#` (C11 7.21.6.1p8): "trailing zeros are removed from the
/// fractional portion of the result and the decimal-point character is
/// removed if there is no fractional portion remaining" (of the mantissa,
/// the exponent kept).
pub(super) fn without_trailing_zeros(s: &str) -> String {
    let (mantissa, exp) = match s.find('e') {
        Some(k) => s.split_at(k),
        None => (s, ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{exp}")
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    /// sprintf into a fresh buffer; returns the text and the count.
    fn sprintf(fmt: &str, args: &[(u64, Ty)]) -> (String, i32) {
        let mut m = mem();
        let buf = m.allocate(512, AllocKind::Heap).unwrap();
        let f = string(&mut m, fmt);
        let mut all = vec![p(buf), p(f)];
        all.extend_from_slice(args);
        let n = c(&mut m, LibcFunc::Sprintf, &all).unwrap() as u32 as i32;
        (read_str(&m, buf), n)
    }

    #[test]
    fn sprintf_integers() {
        assert_eq!(
            sprintf(
                "%d|%i|%5d|%-5d|%05d",
                &[i32a(-42), i32a(7), i32a(42), i32a(42), i32a(-42)]
            )
            .0,
            "-42|7|   42|42   |-0042"
        );
        assert_eq!(
            sprintf("%+d % d %.3d %.0d|", &[i32a(5), i32a(5), i32a(5), i32a(0)]).0,
            "+5  5 005 |"
        );
        assert_eq!(
            sprintf(
                "%u %x %X %#x %#o %o",
                &[i32a(-1), i32a(255), i32a(255), i32a(255), i32a(8), i32a(8)]
            )
            .0,
            "4294967295 ff FF 0xff 010 10"
        );
        assert_eq!(
            sprintf(
                "%ld %lld %lu %lx",
                &[i64a(-1), i64a(i64::MIN), i64a(-1), i64a(-1)]
            )
            .0,
            "-1 -9223372036854775808 18446744073709551615 ffffffffffffffff"
        );
        assert_eq!(
            sprintf("%hhd %hd %#x", &[i32a(255), i32a(65535), i32a(0)]).0,
            "-1 -1 0"
        );
        assert_eq!(
            sprintf(
                "%*d|%-*d|%.*d",
                &[i32a(4), i32a(1), i32a(-3), i32a(2), i32a(3), i32a(7)]
            )
            .0,
            "   1|2  |007"
        );
        assert_eq!(
            sprintf("%08.3d|%-08d", &[i32a(5), i32a(5)]).0,
            "     005|5       "
        );
        let (s, n) = sprintf("%c%c%% %y", &[i32a(b'o' as i32), i32a(b'k' as i32)]);
        assert_eq!((s.as_str(), n), ("ok% %y", 6));
    }

    #[test]
    fn sprintf_floats() {
        let fa = f64a;
        assert_eq!(
            sprintf(
                "%f %.2f %8.3f %-8.1f|",
                &[fa(1.5), fa(-2.345), fa(1.23456), fa(2.0)]
            )
            .0,
            "1.500000 -2.35    1.235 2.0     |"
        );
        assert_eq!(
            sprintf("%e %.2E %e", &[fa(12345.678), fa(-0.00012), fa(0.0)]).0,
            "1.234568e+04 -1.20E-04 0.000000e+00"
        );
        assert_eq!(
            sprintf(
                "%g %g %g %g %g",
                &[
                    fa(100000.0),
                    fa(1000000.0),
                    fa(0.0001),
                    fa(0.00001),
                    fa(1.5)
                ]
            )
            .0,
            "100000 1e+06 0.0001 1e-05 1.5"
        );
        assert_eq!(
            sprintf(
                "%.3g %#g %G %g",
                &[fa(1.23456), fa(1.0), fa(1e-10), fa(0.0)]
            )
            .0,
            "1.23 1.00000 1E-10 0"
        );
        assert_eq!(
            sprintf(
                "%f %F %5.1f %+f %010.2f",
                &[
                    fa(f64::INFINITY),
                    fa(f64::NAN),
                    fa(f64::NEG_INFINITY),
                    fa(1.0),
                    fa(-3.5)
                ]
            )
            .0,
            "inf NAN  -inf +1.000000 -000003.50"
        );
        assert_eq!(
            sprintf("%.0f %.0f %#.0f", &[fa(0.5), fa(1.5), fa(2.0)]).0,
            "0 2 2."
        );
        assert_eq!(sprintf("%e", &[fa(1e300)]).0, "1.000000e+300");
        assert_eq!(
            sprintf("%f", &[(1.25f32.to_bits() as u64, Ty::F32)]).0,
            "1.250000"
        );
    }

    #[test]
    fn sprintf_strings_pointers_and_n() {
        let mut m = mem();
        let buf = m.allocate(64, AllocKind::Heap).unwrap();
        let hi = string(&mut m, "hi");
        let raw = m.allocate(3, AllocKind::Heap).unwrap();
        m.write_bytes(raw, b"xyz").unwrap();
        let cnt = m.allocate(4, AllocKind::Heap).unwrap();
        let f = string(&mut m, "[%s|%4s|%-4s|%.1s|%.3s]%n %p %p");
        let n = c(
            &mut m,
            LibcFunc::Sprintf,
            &[
                p(buf),
                p(f),
                p(hi),
                p(hi),
                p(hi),
                p(hi),
                p(raw),
                p(cnt),
                p(0),
                p(hi),
            ],
        )
        .unwrap();
        let expect = format!("[hi|  hi|hi  |h|xyz] (nil) 0x{hi:x}");
        assert_eq!(read_str(&m, buf), expect);
        assert_eq!(n, expect.len() as u64);
        assert_eq!(m.load(cnt, 4).unwrap(), 20);
        // Without a precision the unterminated array is read past its end.
        let f = string(&mut m, "%s");
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f), p(raw)], &mut m),
            Err(MemFault::OutOfBounds { offset: 3, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f), p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f)], &mut m),
            Err(MemFault::Other(_))
        ));
        let huge = string(&mut m, "%999999999d");
        assert!(matches!(
            call(LibcFunc::Printf, &[p(huge), i32a(1)], &mut m),
            Err(MemFault::Other(_))
        ));
    }

    #[test]
    fn sprintf_and_snprintf_bounds() {
        let mut m = mem();
        let small = m.allocate(4, AllocKind::Heap).unwrap();
        let f = string(&mut m, "%d");
        assert_eq!(
            c(&mut m, LibcFunc::Sprintf, &[p(small), p(f), i32a(123)]).unwrap(),
            3
        );
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(small), p(f), i32a(1234)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Snprintf,
                &[p(small), i64a(4), p(f), i32a(123456)]
            )
            .unwrap(),
            6
        );
        assert_eq!(read_str(&m, small), "123");
        assert_eq!(
            c(&mut m, LibcFunc::Snprintf, &[p(0), i64a(0), p(f), i32a(-5)]).unwrap(),
            2
        );
        assert!(matches!(
            call(
                LibcFunc::Snprintf,
                &[p(small), i64a(8), p(f), i32a(123456)],
                &mut m
            ),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn asprintf_stores_a_new_heap_block() {
        let mut m = mem();
        let f = string(&mut m, "x=%d %s");
        let s = string(&mut m, "yy");
        let slot = m.allocate(8, AllocKind::Stack).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Asprintf, &[p(slot), p(f), i32a(5), p(s)]).unwrap(),
            6
        );
        let text = m.load(slot, 8).unwrap();
        assert_eq!(read_str(&m, text), "x=5 yy");
        assert_eq!(m.block_of(text), Some((7, 0, AllocKind::Heap)));
        m.free(text).unwrap();
        assert!(matches!(
            call(LibcFunc::Asprintf, &[p(0), p(f), i32a(5), p(s)], &mut m),
            Err(MemFault::Null { write: true })
        ));
    }
}
