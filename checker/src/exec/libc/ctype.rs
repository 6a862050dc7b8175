//! The `<ctype.h>` character classes and case mappings in the "C" locale
//! (C11 7.4, 7.4.1).

use super::{ret_i32, LibcOutcome};
use crate::exec::memory::MemFault;
use runtime_model::model::LibcFunc;

/// The `<ctype.h>` functions in the "C" locale (C11 7.4, 7.4.1 for the
/// classes of the basic character set). Their argument must be EOF or a
/// value of `unsigned char`; anything else is undefined (glibc's table
/// lookup reads outside the table), so it is reported.
pub(super) fn character_class(func: LibcFunc, c: i64) -> Result<LibcOutcome, MemFault> {
    const EOF: i64 = -1;
    if c != EOF && !(0..=255).contains(&c) {
        return Err(MemFault::Other(format!(
            "{}({c}): the argument must be EOF or an unsigned char value (C11 7.4p1)",
            func.c_name()
        )));
    }
    // EOF and bytes above 127 are in no class and map to themselves.
    let b = u8::try_from(c).ok().filter(u8::is_ascii);
    let test = |f: fn(&u8) -> bool| ret_i32(b.as_ref().is_some_and(f) as i32);
    Ok(match func {
        LibcFunc::Isalnum => test(u8::is_ascii_alphanumeric),
        LibcFunc::Isalpha => test(u8::is_ascii_alphabetic),
        LibcFunc::Isdigit => test(u8::is_ascii_digit),
        LibcFunc::Isxdigit => test(u8::is_ascii_hexdigit),
        // C's isspace includes the vertical tab, Rust's does not.
        LibcFunc::Isspace => test(|c| c.is_ascii_whitespace() || *c == 0x0b),
        LibcFunc::Isupper => test(u8::is_ascii_uppercase),
        LibcFunc::Islower => test(u8::is_ascii_lowercase),
        LibcFunc::Ispunct => test(u8::is_ascii_punctuation),
        LibcFunc::Isprint => test(|c| (0x20..0x7f).contains(c)),
        LibcFunc::Toupper => ret_i32(b.map_or(c, |b| b.to_ascii_uppercase() as i64) as i32),
        _ => ret_i32(b.map_or(c, |b| b.to_ascii_lowercase() as i64) as i32),
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn character_classes_in_the_c_locale() {
        let mut m = mem();
        let mut f = |func, ch: i32| c(&mut m, func, &[i32a(ch)]).unwrap() as u32 as i32;
        assert_eq!(f(LibcFunc::Isdigit, b'7' as i32), 1);
        assert_eq!(f(LibcFunc::Isdigit, b'x' as i32), 0);
        assert_eq!(f(LibcFunc::Isspace, 0x0b), 1);
        assert_eq!(f(LibcFunc::Isspace, -1), 0);
        assert_eq!(f(LibcFunc::Isxdigit, b'F' as i32), 1);
        assert_eq!(f(LibcFunc::Ispunct, b'_' as i32), 1);
        assert_eq!(f(LibcFunc::Isprint, b' ' as i32), 1);
        assert_eq!(f(LibcFunc::Isprint, 0x7f), 0);
        assert_eq!(f(LibcFunc::Isalpha, 0xe9), 0);
        assert_eq!(f(LibcFunc::Toupper, b'q' as i32), b'Q' as i32);
        assert_eq!(f(LibcFunc::Toupper, b'1' as i32), b'1' as i32);
        assert_eq!(f(LibcFunc::Tolower, -1), -1);
        assert_eq!(f(LibcFunc::Tolower, 0xC9), 0xC9);
        // A negative `char` passed straight in is undefined behavior.
        assert!(matches!(
            call(LibcFunc::Isdigit, &[i32a(-23)], &mut m),
            Err(MemFault::Other(_))
        ));
    }
}
