//! `sscanf` (C11 7.21.6.2): matches a format against a string and stores
//! the conversions through the pointer arguments. `%Lf` stores a `long
//! double` rounded correctly from a decimal field (as glibc's strtold);
//! a hexadecimal, infinite or NaN field for it, and `L` with another
//! conversion, are not modeled: a call that uses them is inconclusive.

use super::printf::parse_digits;
use super::strconv::{parse_double, parse_long, parse_unsigned_long};
use super::{ret_i32, trunc, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::Ty;

/// `sscanf(input, format, ...)`: the number of assignments, or the
/// feature the call uses that is not modeled.
pub(super) fn sscanf(a: &Args<'_>, mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    let input = mem.read_c_string(a.get(0)?)?;
    let fmt = mem.read_c_string(a.get(1)?)?;
    Ok(match scan(mem, &input, &fmt, a.rest(2), a.func.c_name())? {
        Ok((n, _)) => ret_i32(n),
        Err(what) => LibcOutcome::Unsupported(what),
    })
}

/// `scanf(format, ...)` and `fscanf(stream, format, ...)`: `sscanf` over
/// what is left of the stream, which then advances past what the
/// conversions consumed.
pub(super) fn fscanf(
    a: &Args<'_>,
    mem: &mut Memory,
    stream: u64,
    first: usize,
) -> Result<LibcOutcome, MemFault> {
    let fmt = mem.read_c_string(a.get(first)?)?;
    let Some(input) = mem.statics.streams.remaining(stream) else {
        return super::streams::unreadable(mem, a.func, stream);
    };
    Ok(
        match scan(mem, &input, &fmt, a.rest(first + 1), a.func.c_name())? {
            Ok((n, used)) => {
                mem.statics.streams.advance(stream, used, n == -1);
                ret_i32(n)
            }
            Err(what) => LibcOutcome::Unsupported(what),
        },
    )
}

/// The `long double` nearest to the decimal number `text` (`[+-]digits
/// [.digits][e[+-]digits]`), rounded once (C11 7.22.1.3p9, correctly
/// rounded as glibc does); `None` for any other form.
fn long_double_field(text: &[u8]) -> Option<runtime_model::x87::F80> {
    use runtime_model::x87::{Float, F80};
    let s = std::str::from_utf8(text).ok()?;
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(k) => (&body[..k], Some(&body[k + 1..])),
        None => (body, None),
    };
    let digits_ok = mantissa.bytes().filter(|b| *b == b'.').count() <= 1
        && mantissa.bytes().any(|b| b.is_ascii_digit())
        && mantissa.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit())
    });
    if !digits_ok || !exp_ok {
        return None;
    }
    // apfloat wants a digit before the exponent: "5." is "5.0".
    let s = s.replace(".e", ".0e").replace(".E", ".0E");
    let s = if s.ends_with('.') { format!("{s}0") } else { s };
    F80::from_str_r(&s, runtime_model::x87::Round::NearestTiesToEven)
        .ok()
        .map(|r| r.value)
}

/// sscanf (C11 7.21.6.2) over `input`: white space in the format matches
/// any amount of white space, other characters match themselves, and the
/// conversions `d i u o x X f F e E g G a s c [ n p %` (with `*`, a width
/// and the length modifiers `hh h l ll j z t`) store through the pointers in
/// `va`. Returns the number of assignments, or EOF when the input ends
/// before the first conversion. What is not modeled (`%La` of a
/// hexadecimal field, `%Ld`) is the inner `Err`, for the function `name`.
fn scan(
    mem: &mut Memory,
    input: &[u8],
    fmt: &[u8],
    va: &[(u64, Ty)],
    name: &str,
) -> Result<Result<(i32, usize), String>, MemFault> {
    const EOF: i32 = -1;
    let unsupported = |what: &str| Ok(Err(format!("{name}: {what} is not modeled")));
    let mut args = va.iter().map(|a| a.0);
    let mut next_arg = || {
        args.next().ok_or_else(|| {
            MemFault::Other(format!(
                "{name}: the format needs more arguments than were passed"
            ))
        })
    };
    let is_space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let (mut i, mut f, mut assigned) = (0usize, 0usize, 0i32);
    // Whether a conversion was attempted: EOF is returned only when the
    // input runs out before the first one.
    let mut converted = false;
    while f < fmt.len() {
        let c = fmt[f];
        if is_space(c) {
            while f < fmt.len() && is_space(fmt[f]) {
                f += 1;
            }
            while i < input.len() && is_space(input[i]) {
                i += 1;
            }
            continue;
        }
        if c != b'%' || fmt.get(f + 1) == Some(&b'%') {
            let lit = c;
            if c == b'%' {
                f += 1;
                while i < input.len() && is_space(input[i]) {
                    i += 1;
                }
            }
            f += 1;
            if i >= input.len() {
                return Ok(Ok((if converted { assigned } else { EOF }, i)));
            }
            if input[i] != lit {
                return Ok(Ok((assigned, i)));
            }
            i += 1;
            continue;
        }
        f += 1;
        let suppress = fmt.get(f) == Some(&b'*');
        if suppress {
            f += 1;
        }
        let (width, j) = parse_digits(fmt, f);
        f = j;
        let width = (width > 0).then_some(width as usize);
        let mut size = 4u64;
        let mut long = false;
        let long_double = fmt.get(f) == Some(&b'L');
        match fmt.get(f) {
            Some(b'h') if fmt.get(f + 1) == Some(&b'h') => (size, f) = (1, f + 2),
            Some(b'h') => (size, f) = (2, f + 1),
            Some(b'l') if fmt.get(f + 1) == Some(&b'l') => (size, long, f) = (8, true, f + 2),
            Some(b'l' | b'j' | b'z' | b't') => (size, long, f) = (8, true, f + 1),
            Some(b'L')
                if matches!(
                    fmt.get(f + 1),
                    Some(b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A')
                ) =>
            {
                f += 1
            }
            Some(b'L') => return unsupported("the L length modifier with an integer conversion"),
            _ => {}
        }
        let Some(&conv) = fmt.get(f) else {
            return Ok(Ok((assigned, i)));
        };
        f += 1;
        // `%[set]` / `%[^set]`: the set runs to the next `]`, which may
        // itself be the set's first member (C11 7.21.6.2p12).
        let mut scanset = None;
        if conv == b'[' {
            let (set, next) = parse_scanset(fmt, f);
            f = next;
            scanset = Some(set);
        }
        if conv == b'n' {
            if !suppress {
                mem.store(next_arg()?, size, i as u64)?;
            }
            continue;
        }
        if !matches!(conv, b'c' | b'[') {
            while i < input.len() && is_space(input[i]) {
                i += 1;
            }
        }
        if i >= input.len() {
            return Ok(Ok((if converted { assigned } else { EOF }, i)));
        }
        converted = true;
        let end = width.map_or(input.len(), |w| (i + w).min(input.len()));
        let field = &input[i..end];
        match conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' => {
                let base = match conv {
                    b'd' | b'u' => 10,
                    b'i' => 0,
                    b'o' => 8,
                    _ => 16,
                };
                // %d and %i take a signed number, the others an unsigned
                // one; both store the converted bits in the given width.
                let (v, used) = if matches!(conv, b'd' | b'i') {
                    let (v, used) = parse_long(field, base);
                    (v as u64, used)
                } else {
                    parse_unsigned_long(field, base)
                };
                if used == 0 {
                    return Ok(Ok((assigned, i)));
                }
                i += used;
                if !suppress {
                    let size = if conv == b'p' { 8 } else { size };
                    mem.store(next_arg()?, size, trunc(v, size as u32 * 8))?;
                    assigned += 1;
                }
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let (v, used) = parse_double(field);
                if used == 0 {
                    return Ok(Ok((assigned, i)));
                }
                // The field as text: a long double is rounded from it, not
                // from the double (which would round twice).
                let x80 =
                    if long_double {
                        match long_double_field(&field[..used]) {
                            Some(x) => Some(x),
                            None => return unsupported(
                                "a %Lf field that is not a decimal number (hexadecimal, inf, nan)",
                            ),
                        }
                    } else {
                        None
                    };
                i += used;
                if !suppress {
                    let p = next_arg()?;
                    if let Some(x) = x80 {
                        // The 10 significant bytes; the padding is left.
                        mem.write_bytes(p, &runtime_model::x87::to_bytes(x))?;
                    } else if long {
                        mem.store(p, 8, v.to_bits())?;
                    } else {
                        // Rounded once from the text, as strtof does.
                        let text = String::from_utf8_lossy(&field[..used]);
                        let f = super::strconv::to_float(&text, v);
                        mem.store(p, 4, f.to_bits() as u64)?;
                    }
                    assigned += 1;
                }
            }
            b's' | b'[' => {
                // `%s` takes the non-space run, `%[` the run of its set;
                // both store it with a terminating NUL.
                let n = match &scanset {
                    Some(set) => field.iter().take_while(|c| set.contains(**c)).count(),
                    None => field.iter().take_while(|c| !is_space(**c)).count(),
                };
                if n == 0 {
                    return Ok(Ok((assigned, i)));
                }
                if !suppress {
                    let mut s = field[..n].to_vec();
                    s.push(0);
                    mem.write_bytes(next_arg()?, &s)?;
                    assigned += 1;
                }
                i += n;
            }
            b'c' => {
                let n = width.unwrap_or(1);
                if field.len() < n {
                    return Ok(Ok((assigned, i)));
                }
                if !suppress {
                    mem.write_bytes(next_arg()?, &field[..n])?;
                    assigned += 1;
                }
                i += n;
            }
            _ => return unsupported(&format!("the conversion %{}", conv as char)),
        }
    }
    Ok(Ok((assigned, i)))
}

/// The characters a `%[` conversion accepts.
struct Scanset {
    negated: bool,
    members: [bool; 256],
}

impl Scanset {
    fn contains(&self, c: u8) -> bool {
        self.members[c as usize] != self.negated
    }
}

/// The scanset starting at `fmt[f]` (just after `[`) and the position after
/// its closing `]`. `a-z` between two members is a range, as glibc reads it
/// (C leaves `-` implementation-defined); a `-` first or last is itself.
fn parse_scanset(fmt: &[u8], mut f: usize) -> (Scanset, usize) {
    let mut set = Scanset {
        negated: false,
        members: [false; 256],
    };
    if fmt.get(f) == Some(&b'^') {
        set.negated = true;
        f += 1;
    }
    let start = f;
    while let Some(&c) = fmt.get(f) {
        if c == b']' && f > start {
            return (set, f + 1);
        }
        match (fmt.get(f + 1), fmt.get(f + 2)) {
            (Some(b'-'), Some(&hi)) if hi != b']' && hi >= c => {
                for m in c..=hi {
                    set.members[m as usize] = true;
                }
                f += 3;
            }
            _ => {
                set.members[c as usize] = true;
                f += 1;
            }
        }
    }
    // No closing bracket: the rest of the format is the set.
    (set, f)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn sscanf_converts_like_c() {
        let mut m = mem();
        let out = m.allocate(64, AllocKind::Heap).unwrap();
        let scan_of = |m: &mut Memory, text: &str, fmt: &str, ptrs: &[u64]| {
            let t = string(m, text);
            let f = string(m, fmt);
            let mut args = vec![p(t), p(f)];
            args.extend(ptrs.iter().map(|&a| p(a)));
            c(m, LibcFunc::Sscanf, &args).unwrap() as u32 as i32
        };
        let (n, x, s) = (out, out + 8, out + 16);
        assert_eq!(
            scan_of(&mut m, " 42 2.5e1 name!", "%d %lf %s", &[n, x, s]),
            3
        );
        assert_eq!(m.load(n, 4).unwrap(), 42);
        assert_eq!(f64::from_bits(m.load(x, 8).unwrap()), 25.0);
        assert_eq!(read_str(&m, s), "name!");
        // A literal that does not match stops the scan; `%f` stores a float.
        assert_eq!(scan_of(&mut m, "7,1.5", "%d;%f", &[n, x]), 1);
        assert_eq!(scan_of(&mut m, "n=-3 1.5", "n=%d %f", &[n, x]), 2);
        assert_eq!(m.load(n, 4).unwrap(), (-3i32) as u32 as u64);
        assert_eq!(f32::from_bits(m.load(x, 4).unwrap() as u32), 1.5);
        // `%f` rounds the text once (strtof), not through a double: this
        // text is just below a halfway point that the double lands on.
        let tricky = "1.00000017881393432617187499";
        assert_eq!(scan_of(&mut m, tricky, "%f", &[x]), 1);
        assert_eq!(
            f32::from_bits(m.load(x, 4).unwrap() as u32),
            1.0 + f32::EPSILON
        );
        // Width limits a field; `*` skips an assignment; `%n` counts.
        assert_eq!(scan_of(&mut m, "12345 9", "%3d%*d %d%n", &[n, x, s]), 2);
        assert_eq!(m.load(n, 4).unwrap(), 123);
        assert_eq!(m.load(x, 4).unwrap(), 9);
        assert_eq!(m.load(s, 4).unwrap(), 7);
        assert_eq!(scan_of(&mut m, "0x1f 017", "%x %i", &[n, x]), 2);
        assert_eq!((m.load(n, 4).unwrap(), m.load(x, 4).unwrap()), (31, 15));
        // Input ending before the first conversion is EOF; a failed
        // conversion is not.
        assert_eq!(scan_of(&mut m, "   ", "%d", &[n]), -1);
        assert_eq!(scan_of(&mut m, "abc", "%d", &[n]), 0);
        assert_eq!(scan_of(&mut m, "ab", "%c", &[s]), 1);
        assert_eq!(m.load(s, 1).unwrap(), b'a' as u64);
        // %s writes past a small buffer: a memory error, as in C.
        let small = m.allocate(4, AllocKind::Heap).unwrap();
        let t = string(&mut m, "toolong");
        let f = string(&mut m, "%s");
        assert!(matches!(
            call(LibcFunc::Sscanf, &[p(t), p(f), p(small)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        // Scansets: ranges, negation, `]` as first member, no skipping of
        // leading white space, and a matching failure when nothing matches.
        assert_eq!(scan_of(&mut m, "abc12 x", "%[a-z]%d", &[s, n]), 2);
        assert_eq!(
            (read_str(&m, s).as_str(), m.load(n, 4).unwrap()),
            ("abc", 12)
        );
        assert_eq!(scan_of(&mut m, "# note\n7", "%*[^\n]%d", &[n]), 1);
        assert_eq!(m.load(n, 4).unwrap(), 7);
        assert_eq!(scan_of(&mut m, "]]-x", "%[]-]", &[s]), 1);
        assert_eq!(read_str(&m, s), "]]-");
        assert_eq!(scan_of(&mut m, " ab", "%[a-z]", &[s]), 0);
        assert_eq!(scan_of(&mut m, "abcdef", "%3[a-z]", &[s]), 1);
        assert_eq!(read_str(&m, s), "abc");
        let set = string(&mut m, "%[a-z]");
        assert!(matches!(
            call(LibcFunc::Sscanf, &[p(t), p(set), p(small)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }
}
