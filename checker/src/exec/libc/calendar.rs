//! Broken-down time (C11 7.27.3, POSIX): `gmtime`, `localtime` and their
//! `_r` forms, `mktime` (and `timegm`), `strftime`, `asctime`, `ctime` and
//! their `_r` forms.
//!
//! The model's time zone is UTC, on every rank: `localtime` is `gmtime`
//! (zone "UTC", where `gmtime` says "GMT", as glibc names them), `mktime`
//! is `timegm` and there is no daylight saving time. A real run's zone is
//! the nodes' (`TZ`, `/etc/localtime`); what `time` returns is fixed anyway
//! (see `inputs`). As in glibc, `localtime` and `gmtime` return one static
//! `struct tm` of the process (each call overwrites it: C11 7.27.3), and
//! `asctime` and `ctime` one static string (`ctime(t)` is
//! `asctime(localtime(t))`, so it overwrites the `struct tm` too).
//!
//! `struct tm` is glibc's on x86-64: nine `int`s (`tm_sec`, `tm_min`,
//! `tm_hour`, `tm_mday`, `tm_mon`, `tm_year`, `tm_wday`, `tm_yday`,
//! `tm_isdst`), then `long tm_gmtoff` at offset 40 and `const char
//! *tm_zone` at 48: 56 bytes.

use super::{errno, library, library_string, misrouted, ptr_add, ret, set_errno, static_object};
use super::{Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::LibcFunc;

/// `sizeof(struct tm)`.
const TM_SIZE: u64 = 56;
/// The bytes of the nine `int` fields.
const TM_INTS: u64 = 36;
/// glibc's static buffer of `asctime` (room for any `int` fields).
const ASCTIME_SIZE: u64 = 114;
/// The buffer `asctime_r` and `ctime_r` may fill (POSIX: at least 26).
const ASCTIME_R_SIZE: usize = 26;
const SECONDS_PER_DAY: i64 = 86_400;

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A `struct tm`'s fields (the zone as an address).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tm {
    sec: i32,
    min: i32,
    hour: i32,
    mday: i32,
    mon: i32,
    year: i32,
    wday: i32,
    yday: i32,
    isdst: i32,
    gmtoff: i64,
    zone: u64,
}

impl Tm {
    fn ints(&self) -> [i32; 9] {
        [
            self.sec, self.min, self.hour, self.mday, self.mon, self.year, self.wday, self.yday,
            self.isdst,
        ]
    }

    /// Reads the nine `int` fields at `at` (what every reader of a
    /// `struct tm` needs; the zone fields are read where they are used).
    fn read(mem: &Memory, at: u64) -> Result<Tm, MemFault> {
        let b = mem.read_bytes(at, TM_INTS)?;
        let f = |i: usize| i32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        Ok(Tm {
            sec: f(0),
            min: f(1),
            hour: f(2),
            mday: f(3),
            mon: f(4),
            year: f(5),
            wday: f(6),
            yday: f(7),
            isdst: f(8),
            gmtoff: 0,
            zone: 0,
        })
    }

    /// Writes the whole struct at `at`, checked as one 56-byte write.
    fn write(&self, mem: &mut Memory, at: u64) -> Result<(), MemFault> {
        let mut b = [0u8; TM_SIZE as usize];
        for (i, v) in self.ints().iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
        b[40..48].copy_from_slice(&self.gmtoff.to_le_bytes());
        b[48..56].copy_from_slice(&self.zone.to_le_bytes());
        mem.write_bytes(at, &b)
    }

    /// Seconds since the epoch of these fields, normalized as `mktime`
    /// does (C11 7.27.2.3: fields outside their ranges carry into the next;
    /// `tm_wday` and `tm_yday` are ignored).
    fn to_time(self) -> i64 {
        let months = self.year as i64 * 12 + self.mon as i64;
        let (year, mon) = (months.div_euclid(12) + 1900, months.rem_euclid(12));
        let days = days_from_civil(year, mon + 1, 1) + self.mday as i64 - 1;
        days * SECONDS_PER_DAY + self.hour as i64 * 3600 + self.min as i64 * 60 + self.sec as i64
    }
}

/// Days from 1970-01-01 to the proleptic Gregorian date `y-m-d` (`m` in
/// 1..=12): Howard Hinnant's `days_from_civil`.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01: (year, month 1..=12, day 1..=31).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + (m <= 2) as i64, m, d)
}

/// `t` broken down in UTC with zone `zone`, or `None` when the year does
/// not fit `tm_year` (glibc's EOVERFLOW).
fn breakdown(t: i64, zone: u64) -> Option<Tm> {
    let days = t.div_euclid(SECONDS_PER_DAY);
    let secs = t.rem_euclid(SECONDS_PER_DAY);
    let (y, m, d) = civil_from_days(days);
    Some(Tm {
        sec: (secs % 60) as i32,
        min: (secs / 60 % 60) as i32,
        hour: (secs / 3600) as i32,
        mday: d as i32,
        mon: (m - 1) as i32,
        year: i32::try_from(y - 1900).ok()?,
        // 1970-01-01 was a Thursday.
        wday: (days + 4).rem_euclid(7) as i32,
        yday: (days - days_from_civil(y, 1, 1)) as i32,
        isdst: 0,
        gmtoff: 0,
        zone,
    })
}

/// Executes a calendar function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        // gmtime(const time_t *), localtime(...) and the `_r` forms with
        // the caller's `struct tm *` (POSIX): NULL (EOVERFLOW) when the
        // year does not fit an `int`.
        LibcFunc::Gmtime | LibcFunc::Localtime | LibcFunc::GmtimeR | LibcFunc::LocaltimeR => {
            let t = mem.load(a.get(0)?, 8)? as i64;
            let zone = if matches!(func, LibcFunc::Gmtime | LibcFunc::GmtimeR) {
                library::GMT
            } else {
                library::UTC
            };
            let Some(tm) = breakdown(t, library_string(mem, zone)?) else {
                set_errno(mem, errno::EOVERFLOW);
                return Ok(ret(0));
            };
            let at = match func {
                LibcFunc::Gmtime | LibcFunc::Localtime => static_tm(mem)?,
                _ => a.get(1)?,
            };
            tm.write(mem, at)?;
            Ok(ret(at))
        }
        // mktime(struct tm *): the fields normalized and completed in
        // place, the time returned; -1 (EOVERFLOW) when the result's year
        // does not fit, leaving the struct as it was.
        LibcFunc::Mktime => {
            let at = a.get(0)?;
            let t = Tm::read(mem, at)?.to_time();
            let Some(tm) = breakdown(t, library_string(mem, library::UTC)?) else {
                set_errno(mem, errno::EOVERFLOW);
                return Ok(ret(u64::MAX));
            };
            tm.write(mem, at)?;
            Ok(ret(t as u64))
        }
        LibcFunc::Asctime | LibcFunc::AsctimeR => {
            let tm = Tm::read(mem, a.get(0)?)?;
            let dst = if func == LibcFunc::Asctime {
                None
            } else {
                Some(a.get(1)?)
            };
            asctime(mem, &tm, dst)
        }
        // ctime(t) is asctime(localtime(t)) (C11 7.27.3.2), ctime_r(t, buf)
        // asctime_r(localtime_r(t, &tm), buf).
        LibcFunc::Ctime | LibcFunc::CtimeR => {
            let t = mem.load(a.get(0)?, 8)? as i64;
            let Some(tm) = breakdown(t, library_string(mem, library::UTC)?) else {
                set_errno(mem, errno::EOVERFLOW);
                return Ok(ret(0));
            };
            if func == LibcFunc::Ctime {
                let at = static_tm(mem)?;
                tm.write(mem, at)?;
                asctime(mem, &tm, None)
            } else {
                asctime(mem, &tm, Some(a.get(1)?))
            }
        }
        LibcFunc::Strftime => {
            let (s, max, fmt, at) = (a.get(0)?, a.get(1)?, a.get(2)?, a.get(3)?);
            let fmt = mem.read_c_string(fmt)?;
            let tm = Tm::read(mem, at)?;
            let pieces = match strftime(mem, &fmt, &tm, at)? {
                Ok(p) => p,
                Err(conv) => {
                    return Ok(LibcOutcome::Unsupported(format!(
                        "strftime conversion `%{conv}`"
                    )))
                }
            };
            // glibc adds piece by piece (a literal byte, a conversion's
            // text) while it leaves room for the NUL; a piece that does not
            // fit ends the call: 0 is returned and what was written stays,
            // unterminated (C11 7.27.3.5: the contents are indeterminate).
            let mut out = Vec::new();
            for piece in pieces {
                if piece.len() as u64 >= max.saturating_sub(out.len() as u64) {
                    mem.write_bytes(s, &out)?;
                    return Ok(ret(0));
                }
                out.extend_from_slice(&piece);
            }
            let n = out.len() as u64;
            if max != 0 {
                out.push(0);
                mem.write_bytes(s, &out)?;
            }
            Ok(ret(n))
        }
        _ => Ok(misrouted(func)),
    }
}

/// The process's static `struct tm` (shared by `localtime`, `gmtime` and
/// `ctime`).
fn static_tm(mem: &mut Memory) -> Result<u64, MemFault> {
    static_object(mem, |s| &mut s.tm, TM_SIZE)
}

/// glibc's `asctime`: `"%.3s %.3s%3d %.2d:%.2d:%.2d %d\n"` of the day and
/// month names ("???" out of range) and the fields, into the static string
/// (`dst` `None`) or into `dst` (`asctime_r`: NULL with EOVERFLOW if the
/// text and its NUL need more than 26 bytes).
fn asctime(mem: &mut Memory, tm: &Tm, dst: Option<u64>) -> Result<LibcOutcome, MemFault> {
    let name = |names: &[&'static str], i: i32| -> &'static str {
        usize::try_from(i)
            .ok()
            .and_then(|i| names.get(i))
            .map_or("???", |n| &n[..3])
    };
    let two = |v: i32| {
        if v < 0 {
            format!("-{:02}", v.unsigned_abs())
        } else {
            format!("{v:02}")
        }
    };
    let Some(year) = tm.year.checked_add(1900) else {
        set_errno(mem, errno::EOVERFLOW);
        return Ok(ret(0));
    };
    let text = format!(
        "{} {}{:3} {}:{}:{} {}\n",
        name(&DAYS[..], tm.wday),
        name(&MONTHS[..], tm.mon),
        tm.mday,
        two(tm.hour),
        two(tm.min),
        two(tm.sec),
        year
    );
    let mut bytes = text.into_bytes();
    bytes.push(0);
    let at = match dst {
        Some(buf) => {
            if bytes.len() > ASCTIME_R_SIZE {
                set_errno(mem, errno::EOVERFLOW);
                return Ok(ret(0));
            }
            buf
        }
        None => static_object(mem, |s| &mut s.time_text, ASCTIME_SIZE)?,
    };
    mem.write_bytes(at, &bytes)?;
    Ok(ret(at))
}

/// How a conversion pads its number: glibc's flags `-` (not at all), `_`
/// (spaces), `0` (zeros), else its own default.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pad {
    Default,
    None,
    Space,
    Zero,
}

/// The pieces `strftime` adds for format `fmt` (each literal byte, each
/// conversion's text), in the "C" locale; `Err(conversion)` for one the
/// model does not have. `at` is the struct's address, whose zone fields
/// `%z` and `%Z` read. glibc's flags (`-`, `_`, `0`, `^`, `#`), field
/// widths and the `E` and `O` modifiers (no alternative forms in the "C"
/// locale) are honored.
#[allow(clippy::type_complexity)]
fn strftime(
    mem: &Memory,
    fmt: &[u8],
    tm: &Tm,
    at: u64,
) -> Result<Result<Vec<Vec<u8>>, String>, MemFault> {
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            pieces.push(vec![fmt[i]]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let (mut pad, mut upper) = (Pad::Default, false);
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => pad = Pad::None,
                b'_' => pad = Pad::Space,
                b'0' => pad = Pad::Zero,
                b'^' | b'#' => upper = true,
                _ => break,
            }
            i += 1;
        }
        let (width, j) = super::printf::parse_digits(fmt, i);
        let width = (j > i).then_some(width.min(1 << 12) as usize);
        i = j;
        if matches!(fmt.get(i), Some(b'E' | b'O')) {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            // A format ending inside a conversion: copied as written.
            pieces.push(fmt[start..].to_vec());
            break;
        };
        i += 1;
        let text = match conversion(mem, conv, tm, at, pad)? {
            Some(t) => t,
            None => return Ok(Err(String::from_utf8_lossy(&fmt[start + 1..i]).into_owned())),
        };
        let mut text = if upper {
            text.to_ascii_uppercase()
        } else {
            text
        };
        if let Some(w) = width.filter(|w| *w > text.len()) {
            // A width pads on the left: with zeros for numbers unless a
            // flag says otherwise, with spaces for names.
            let numeric = text
                .first()
                .is_some_and(|c| c.is_ascii_digit() || *c == b'-');
            let fill = match pad {
                Pad::Zero => b'0',
                Pad::Default if numeric => b'0',
                Pad::None => 0,
                _ => b' ',
            };
            if fill != 0 {
                let mut padded = vec![fill; w - text.len()];
                if fill == b'0' && text.first() == Some(&b'-') {
                    padded.insert(0, b'-');
                    text.remove(0);
                }
                padded.extend_from_slice(&text);
                text = padded;
            }
        }
        pieces.push(text);
    }
    Ok(Ok(pieces))
}

/// A number of at least `digits` digits, padded as `pad` says (`fill` by
/// default: b'0' or b' ').
fn number(v: i64, digits: usize, fill: u8, pad: Pad) -> Vec<u8> {
    let fill = match pad {
        Pad::Default => fill,
        Pad::None => return v.to_string().into_bytes(),
        Pad::Space => b' ',
        Pad::Zero => b'0',
    };
    let mag = v.unsigned_abs().to_string();
    let sign = if v < 0 { "-" } else { "" };
    let len = mag.len() + sign.len();
    let mut out = Vec::new();
    if fill == b'0' {
        out.extend_from_slice(sign.as_bytes());
        out.resize(out.len() + digits.saturating_sub(len), b'0');
    } else {
        out.resize(digits.saturating_sub(len), b' ');
        out.extend_from_slice(sign.as_bytes());
    }
    out.extend_from_slice(mag.as_bytes());
    out
}

/// The ISO 8601 week-based year and week (`%G`, `%V`): weeks start on
/// Monday, and week 1 is the one with the year's first Thursday.
fn iso_week(tm: &Tm) -> (i64, i64) {
    let year = tm.year as i64 + 1900;
    let (yday, wday) = (tm.yday as i64, tm.wday as i64);
    // Days from the Monday starting week 1 of a year whose day `yday` is
    // weekday `wday` (glibc's iso_week_days).
    let iso_days = |yday: i64, wday: i64| {
        let big_enough_multiple_of_7 = (366 / 7 + 2) * 7;
        yday - (yday - wday + 4 + big_enough_multiple_of_7) % 7 + 3
    };
    let leap = |y: i64| y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let mut days = iso_days(yday, wday);
    let mut y = year;
    if days < 0 {
        // The week belongs to the previous year.
        y -= 1;
        days = iso_days(yday + if leap(y) { 366 } else { 365 }, wday);
    } else {
        let next = iso_days(yday - if leap(year) { 366 } else { 365 }, wday);
        if next >= 0 {
            y += 1;
            days = next;
        }
    }
    (y, days / 7 + 1)
}

/// The text of conversion `conv`, `None` if the model does not have it.
fn conversion(
    mem: &Memory,
    conv: u8,
    tm: &Tm,
    at: u64,
    pad: Pad,
) -> Result<Option<Vec<u8>>, MemFault> {
    let name = |names: &[&str], i: i32, short: bool| -> Vec<u8> {
        match usize::try_from(i).ok().and_then(|i| names.get(i)) {
            Some(n) if short => n.as_bytes()[..3].to_vec(),
            Some(n) => n.as_bytes().to_vec(),
            None => b"?".to_vec(),
        }
    };
    let year = tm.year as i64 + 1900;
    let hour12 = match tm.hour % 12 {
        0 => 12,
        h => h,
    } as i64;
    let num = |v: i64, digits: usize| number(v, digits, b'0', pad);
    let spaced = |v: i64, digits: usize| number(v, digits, b' ', pad);
    let sub = |f: &str| -> Result<Vec<u8>, MemFault> {
        Ok(strftime(mem, f.as_bytes(), tm, at)?
            .unwrap_or_default()
            .concat())
    };
    Ok(Some(match conv {
        b'a' => name(&DAYS[..], tm.wday, true),
        b'A' => name(&DAYS[..], tm.wday, false),
        b'b' | b'h' => name(&MONTHS[..], tm.mon, true),
        b'B' => name(&MONTHS[..], tm.mon, false),
        b'c' => sub("%a %b %e %H:%M:%S %Y")?,
        b'C' => num(year.div_euclid(100), 2),
        b'd' => num(tm.mday as i64, 2),
        b'D' | b'x' => sub("%m/%d/%y")?,
        b'e' => spaced(tm.mday as i64, 2),
        b'F' => sub("%Y-%m-%d")?,
        b'G' => num(iso_week(tm).0, 4),
        b'g' => num(iso_week(tm).0.rem_euclid(100), 2),
        b'H' => num(tm.hour as i64, 2),
        b'I' => num(hour12, 2),
        b'j' => num(tm.yday as i64 + 1, 3),
        b'k' => spaced(tm.hour as i64, 2),
        b'l' => spaced(hour12, 2),
        b'm' => num(tm.mon as i64 + 1, 2),
        b'M' => num(tm.min as i64, 2),
        b'n' => b"\n".to_vec(),
        b'p' => (if tm.hour >= 12 { b"PM" } else { b"AM" }).to_vec(),
        b'P' => (if tm.hour >= 12 { b"pm" } else { b"am" }).to_vec(),
        b'r' => sub("%I:%M:%S %p")?,
        b'R' => sub("%H:%M")?,
        // Seconds since the epoch: mktime of the fields, in UTC.
        b's' => tm.to_time().to_string().into_bytes(),
        b'S' => num(tm.sec as i64, 2),
        b't' => b"\t".to_vec(),
        b'T' | b'X' => sub("%H:%M:%S")?,
        b'u' => num((tm.wday as i64 - 1).rem_euclid(7) + 1, 1),
        b'U' => num((tm.yday as i64 - tm.wday as i64 + 7) / 7, 2),
        b'V' => num(iso_week(tm).1, 2),
        b'w' => num(tm.wday as i64, 1),
        b'W' => num((tm.yday as i64 - (tm.wday as i64 - 1 + 7) % 7 + 7) / 7, 2),
        b'y' => num(year.rem_euclid(100), 2),
        b'Y' => num(year, 4),
        // The offset from UTC, `+hhmm`; nothing when DST is unknown.
        b'z' => {
            if tm.isdst < 0 {
                Vec::new()
            } else {
                let off = mem.load(ptr_add(at, 40)?, 8)? as i64;
                let mins = off.unsigned_abs() / 60;
                let mut t = vec![if off < 0 { b'-' } else { b'+' }];
                t.extend(number((mins / 60 * 100 + mins % 60) as i64, 4, b'0', pad));
                t
            }
        }
        // The zone's name: `tm_zone`, or the zone's own name when it is
        // NULL or empty (glibc's `tzname`: "UTC" here).
        b'Z' => {
            let zone = mem.load(ptr_add(at, 48)?, 8)?;
            let name = if zone == 0 {
                Vec::new()
            } else {
                mem.read_c_string(zone)?
            };
            if name.is_empty() && tm.isdst >= 0 {
                b"UTC".to_vec()
            } else {
                name
            }
        }
        b'%' => b"%".to_vec(),
        _ => return Ok(None),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::{breakdown, civil_from_days, days_from_civil};

    /// A `time_t` holding `t`.
    fn time_at(m: &mut Memory, t: i64) -> u64 {
        let a = m.allocate(8, AllocKind::Stack).unwrap();
        m.store(a, 8, t as u64).unwrap();
        a
    }

    fn ints(m: &Memory, tm: u64) -> Vec<i32> {
        (0..9)
            .map(|i| m.load(tm + 4 * i, 4).unwrap() as u32 as i32)
            .collect()
    }

    #[test]
    fn civil_dates_round_trip() {
        for days in [
            -800_000, -719_468, -1, 0, 59, 10_956, 11_016, 47_481, 2_932_896,
        ] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(breakdown(i64::MAX, 0), None);
    }

    #[test]
    fn gmtime_and_localtime_break_down_as_glibc() {
        // Values printed by a C program linked against glibc 2.36.
        let mut m = mem();
        let t = time_at(&mut m, 1_700_000_000);
        let tm = c(&mut m, LibcFunc::Gmtime, &[p(t)]).unwrap();
        assert_eq!(ints(&m, tm), [20, 13, 22, 14, 10, 123, 2, 317, 0]);
        assert_eq!(read_str(&m, m.load(tm + 48, 8).unwrap()), "GMT");
        // localtime shares the static struct; its zone is UTC.
        let t2 = time_at(&mut m, -1);
        assert_eq!(c(&mut m, LibcFunc::Localtime, &[p(t2)]).unwrap(), tm);
        assert_eq!(ints(&m, tm), [59, 59, 23, 31, 11, 69, 3, 364, 0]);
        assert_eq!(read_str(&m, m.load(tm + 48, 8).unwrap()), "UTC");
        // The zone strings are the library's: read-only.
        let zone = m.load(tm + 48, 8).unwrap();
        assert!(matches!(
            m.store(zone, 1, b'X' as u64),
            Err(MemFault::WriteToConstant)
        ));
        // The `_r` forms fill the caller's struct, which must hold 56 bytes.
        let mine = m.allocate(56, AllocKind::Stack).unwrap();
        let t3 = time_at(&mut m, 951_782_400);
        assert_eq!(
            c(&mut m, LibcFunc::GmtimeR, &[p(t3), p(mine)]).unwrap(),
            mine
        );
        assert_eq!(ints(&m, mine), [0, 0, 0, 29, 1, 100, 2, 59, 0]);
        let small = m.allocate(36, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::LocaltimeR, &[p(t3), p(small)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Gmtime, &[p(0)], &mut m),
            Err(MemFault::Null { write: false })
        ));
    }

    #[test]
    fn mktime_normalizes_its_fields() {
        // glibc: {124, 13, 35, 25, -5, 70} is 2025-03-08 00:56:10, a
        // Saturday, day 66 of the year: 1741395370.
        let mut m = mem();
        let tm = m.allocate(56, AllocKind::Stack).unwrap();
        for (i, v) in [70, -5, 25, 35, 13, 124, 0, 0, -1].iter().enumerate() {
            m.store(tm + 4 * i as u64, 4, *v as u32 as u64).unwrap();
        }
        assert_eq!(
            c(&mut m, LibcFunc::Mktime, &[p(tm)]).unwrap(),
            1_741_395_370
        );
        assert_eq!(ints(&m, tm), [10, 56, 0, 8, 2, 125, 6, 66, 0]);
        assert_eq!(read_str(&m, m.load(tm + 48, 8).unwrap()), "UTC");
    }

    #[test]
    fn strftime_formats_as_glibc_in_the_c_locale() {
        let mut m = mem();
        let fmt = "%Y|%m|%d|%H|%M|%S|%y|%b|%B|%a|%A|%j|%Z|%z|%e|%F|%T|%D|%c|%x|%X|%p|%%|%s|%u|%w|%I|%h|%n|%t|%R|%r|%C|%G|%g|%V|%U|%W|%k|%l|%P";
        let expect = [
            (0, "1970|01|01|00|00|00|70|Jan|January|Thu|Thursday|001|GMT|+0000| 1|1970-01-01|00:00:00|01/01/70|Thu Jan  1 00:00:00 1970|01/01/70|00:00:00|AM|%|0|4|4|12|Jan|\n|\t|00:00|12:00:00 AM|19|1970|70|01|00|00| 0|12|am"),
            (1_700_000_000, "2023|11|14|22|13|20|23|Nov|November|Tue|Tuesday|318|GMT|+0000|14|2023-11-14|22:13:20|11/14/23|Tue Nov 14 22:13:20 2023|11/14/23|22:13:20|PM|%|1700000000|2|2|10|Nov|\n|\t|22:13|10:13:20 PM|20|2023|23|46|46|46|22|10|pm"),
            (-1, "1969|12|31|23|59|59|69|Dec|December|Wed|Wednesday|365|GMT|+0000|31|1969-12-31|23:59:59|12/31/69|Wed Dec 31 23:59:59 1969|12/31/69|23:59:59|PM|%|-1|3|3|11|Dec|\n|\t|23:59|11:59:59 PM|19|1970|70|01|52|52|23|11|pm"),
            (4_102_444_799, "2099|12|31|23|59|59|99|Dec|December|Thu|Thursday|365|GMT|+0000|31|2099-12-31|23:59:59|12/31/99|Thu Dec 31 23:59:59 2099|12/31/99|23:59:59|PM|%|4102444799|4|4|11|Dec|\n|\t|23:59|11:59:59 PM|20|2099|99|53|52|52|23|11|pm"),
            (5_097_600, "1970|03|01|00|00|00|70|Mar|March|Sun|Sunday|060|GMT|+0000| 1|1970-03-01|00:00:00|03/01/70|Sun Mar  1 00:00:00 1970|03/01/70|00:00:00|AM|%|5097600|7|0|12|Mar|\n|\t|00:00|12:00:00 AM|19|1970|70|09|09|08| 0|12|am"),
        ];
        let f = string(&mut m, fmt);
        let buf = m.allocate(256, AllocKind::Stack).unwrap();
        for (t, want) in expect {
            let tp = time_at(&mut m, t);
            let tm = c(&mut m, LibcFunc::Gmtime, &[p(tp)]).unwrap();
            let n = c(
                &mut m,
                LibcFunc::Strftime,
                &[p(buf), i64a(256), p(f), p(tm)],
            )
            .unwrap();
            assert_eq!(read_str(&m, buf), want, "t = {t}");
            assert_eq!(n, want.len() as u64);
        }
        // Flags and widths (glibc extensions).
        let f2 = string(&mut m, "%-d|%_m|%5Y|%^a|%3e|%-j");
        let tp = time_at(&mut m, 5_097_600);
        let tm = c(&mut m, LibcFunc::Gmtime, &[p(tp)]).unwrap();
        c(
            &mut m,
            LibcFunc::Strftime,
            &[p(buf), i64a(256), p(f2), p(tm)],
        )
        .unwrap();
        assert_eq!(read_str(&m, buf), "1| 3|01970|SUN|  1|60");
    }

    #[test]
    fn strftime_that_does_not_fit_returns_0_and_writes_what_fit() {
        let mut m = mem();
        let tp = time_at(&mut m, 1_700_000_000);
        let tm = c(&mut m, LibcFunc::Gmtime, &[p(tp)]).unwrap();
        let f = string(&mut m, "%Y-%m-%d %H");
        let buf = m.allocate(10, AllocKind::Stack).unwrap();
        m.write_bytes(buf, &[b'#'; 10]).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Strftime, &[p(buf), i64a(10), p(f), p(tm)]).unwrap(),
            0
        );
        // "2023", "-", "11", "-" fit with room for a NUL; "14" does not.
        assert_eq!(m.read_bytes(buf, 10).unwrap(), b"2023-11-##");
        // A size larger than the buffer: the write past it is the error.
        assert!(matches!(
            call(LibcFunc::Strftime, &[p(buf), i64a(32), p(f), p(tm)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        let bad = string(&mut m, "%Q");
        assert_eq!(
            call(
                LibcFunc::Strftime,
                &[p(buf), i64a(10), p(bad), p(tm)],
                &mut m
            ),
            Ok(LibcOutcome::Unsupported("strftime conversion `%Q`".into()))
        );
    }

    #[test]
    fn asctime_and_ctime_share_a_static_string() {
        let mut m = mem();
        let tp = time_at(&mut m, 0);
        let s = c(&mut m, LibcFunc::Ctime, &[p(tp)]).unwrap();
        assert_eq!(read_str(&m, s), "Thu Jan  1 00:00:00 1970\n");
        let tp2 = time_at(&mut m, 1_700_000_000);
        let tm = c(&mut m, LibcFunc::Gmtime, &[p(tp2)]).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Asctime, &[p(tm)]).unwrap(), s);
        assert_eq!(read_str(&m, s), "Tue Nov 14 22:13:20 2023\n");
        let buf = m.allocate(26, AllocKind::Stack).unwrap();
        assert_eq!(c(&mut m, LibcFunc::CtimeR, &[p(tp), p(buf)]).unwrap(), buf);
        assert_eq!(read_str(&m, buf), "Thu Jan  1 00:00:00 1970\n");
        let short = m.allocate(20, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::AsctimeR, &[p(tm), p(short)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }
}
