//! The input sources a program reads: `rand`/`srand` (glibc's generator,
//! per process, C11 7.22.2.2; `random`/`srandom` are the same functions in
//! glibc), `rand_r` (POSIX, glibc's algorithm on the caller's seed), the
//! `drand48` family (glibc's 48-bit generators, POSIX) with `seed48`, `time`
//! and `clock` (fixed) and `getenv` (the checker's own environment, as the
//! process changed it with `setenv`, `unsetenv` and `putenv`).
//! `--any-input` treats them as inputs instead (`rand_r` like `rand`: its
//! draws are `rankR.rand#K` symbols; a variable the process set is no
//! input).

use super::{errno, ptr_add, ret, ret_i32, set_errno, static_object, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::{LibcFunc, Ty};

/// What `time` returns (and `time(&t)` stores): the epoch. A fixed value
/// keeps runs reproducible; `--any-input` treats it as an input instead.
pub const FIXED_TIME: u64 = 0;

/// The input sources: `rand`/`srand` (glibc's generator, per process),
/// `time`/`clock` (fixed), `getenv` (the checker's own environment).
pub(super) fn input_source(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Rand => {
            let r = mem.statics.rand.get_or_insert_with(Default::default).draw();
            Ok(ret_i32(r))
        }
        LibcFunc::Srand => {
            // `unsigned int seed` (C11 7.22.2.2).
            mem.statics.rand = Some(Box::new(crate::exec::rand::Rand::seeded(a.get(0)? as u32)));
            Ok(LibcOutcome::Return(None))
        }
        LibcFunc::Time => {
            let t = a.get(0)?;
            if t != 0 {
                mem.store(t, 8, FIXED_TIME)?;
            }
            Ok(ret(FIXED_TIME))
        }
        // Processor time used so far: none is modeled.
        LibcFunc::Clock => Ok(ret(0)),
        LibcFunc::Srand48 => {
            mem.statics.rand48 = rand48::seeded(a.get(0)?);
            Ok(LibcOutcome::Return(None))
        }
        // rand_r(unsigned *seed) (POSIX): reads and steps the caller's seed.
        LibcFunc::RandR => {
            let seed = a.get(0)?;
            let (r, next) = rand_r_step(mem.load(seed, 4)? as u32);
            mem.store(seed, 4, next as u64)?;
            Ok(ret_i32(r))
        }
        // seed48(unsigned short v[3]) (POSIX): the word becomes v (least
        // significant first); the previous word is returned in an array
        // of the C library's, the same one on every call (glibc's static
        // buffer). It also restores the default multiplier and addend,
        // which the model never changes (lcong48 is not modeled).
        LibcFunc::Seed48 => {
            let v = a.get(0)?;
            let mut word = [0u8; 8];
            word[..6].copy_from_slice(mem.read_bytes(v, 6)?);
            let old = mem.statics.rand48;
            let buf = static_object(mem, |s| &mut s.seed48, 6)?;
            mem.write_bytes(buf, &old.to_le_bytes()[..6])?;
            mem.statics.rand48 = u64::from_le_bytes(word);
            Ok(ret(buf))
        }
        LibcFunc::Setenv | LibcFunc::Unsetenv | LibcFunc::Putenv => set_environment(func, a, mem),
        LibcFunc::Drand48
        | LibcFunc::Erand48
        | LibcFunc::Lrand48
        | LibcFunc::Nrand48
        | LibcFunc::Mrand48
        | LibcFunc::Jrand48 => {
            let x = rand48_next(func, a.list, mem)?;
            Ok(ret(rand48_finish(func, a.list, mem, x)?))
        }
        _ => {
            let name = mem.read_c_string(a.get(0)?)?;
            Ok(ret(getenv_string(mem, &name, false)?))
        }
    }
}

/// `rand_r` on seed `seed` (glibc's `stdlib/rand_r.c`): three steps of the
/// congruence `next = next * 1103515245 + 12345` (mod 2^32), taking 11,
/// 10 and 10 bits of `next / 65536`; the result (0..=RAND_MAX) and the
/// seed stored back.
pub fn rand_r_step(seed: u32) -> (i32, u32) {
    let step = |x: u32| x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
    let mut next = step(seed);
    let mut result = (next / 65_536) % 2048;
    next = step(next);
    result = (result << 10) ^ ((next / 65_536) % 1024);
    next = step(next);
    result = (result << 10) ^ ((next / 65_536) % 1024);
    (result as i32, next)
}

/// Whether the process set or removed the variable `name` (`setenv`,
/// `unsetenv`, `putenv`): `getenv` of it then returns what the program put
/// there, which no `--any-input` symbol stands for.
pub fn env_changed(mem: &Memory, name: &[u8]) -> bool {
    mem.statics.env_changed.contains(name)
}

/// `setenv(name, value, overwrite)`, `unsetenv(name)` and `putenv(string)`
/// (POSIX): a name that is NULL, empty or holds `=` is EINVAL (-1). setenv
/// copies the value into memory of the C library, leaving a variable that
/// is set alone unless `overwrite`; putenv makes the string itself part of
/// the environment (the name is read when it is called; later changes to
/// the value show through getenv), and removes the variable when the
/// string has no `=`, as glibc does.
fn set_environment(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    let s = a.get(0)?;
    let text = if s == 0 {
        None
    } else {
        Some(mem.read_c_string(s)?)
    };
    if func == LibcFunc::Putenv {
        // putenv(NULL) dereferences it in glibc.
        let text = text.ok_or(MemFault::Null { write: false })?;
        let (name, value) = match text.iter().position(|&b| b == b'=') {
            Some(eq) => (text[..eq].to_vec(), ptr_add(s, eq as u64 + 1)?),
            None => (text, 0),
        };
        mem.statics.env.insert(name.clone(), value);
        mem.statics.env_changed.insert(name);
        return Ok(ret_i32(0));
    }
    let Some(name) = text.filter(|n| !n.is_empty() && !n.contains(&b'=')) else {
        set_errno(mem, errno::EINVAL);
        return Ok(ret_i32(-1));
    };
    if func == LibcFunc::Unsetenv {
        mem.statics.env.insert(name.clone(), 0);
        mem.statics.env_changed.insert(name);
        return Ok(ret_i32(0));
    }
    let (value, overwrite) = (a.get(1)?, a.get(2)? as u32 != 0);
    // glibc takes a NULL value as an empty one.
    let mut bytes = if value == 0 {
        Vec::new()
    } else {
        mem.read_c_string(value)?
    };
    let is_set = match mem.statics.env.get(&name) {
        Some(&p) => p != 0,
        None => getenv_string(mem, &name, false)? != 0,
    };
    if is_set && !overwrite {
        return Ok(ret_i32(0));
    }
    bytes.push(0);
    let p = mem.allocate(bytes.len() as u64, AllocKind::Global { constant: false })?;
    mem.write_bytes(p, &bytes)?;
    mem.statics.env.insert(name.clone(), p);
    mem.statics.env_changed.insert(name);
    Ok(ret_i32(0))
}

/// The string `getenv(name)` returns: the checker's own environment value in
/// memory the process owns, or NULL (0) when unset — unless `present`, then
/// an empty string (an input cell where the variable is set). A variable
/// the process set or removed is as it left it.
pub fn getenv_string(mem: &mut Memory, name: &[u8], present: bool) -> Result<u64, MemFault> {
    if let Some(&p) = mem.statics.env.get(name) {
        return Ok(p);
    }
    let value = std::str::from_utf8(name)
        .ok()
        .filter(|n| !n.is_empty() && !n.contains('='))
        .and_then(std::env::var_os);
    let mut bytes = match (value, present) {
        (Some(v), _) => v.into_encoded_bytes(),
        (None, true) => Vec::new(),
        (None, false) => return Ok(0),
    };
    bytes.push(0);
    let p = mem.allocate(bytes.len() as u64, AllocKind::Global { constant: false })?;
    mem.write_bytes(p, &bytes)?;
    mem.statics.env.insert(name.to_vec(), p);
    Ok(p)
}

/// glibc's 48-bit linear congruential generators (`drand48(3)`): the word
/// `X` steps to `a X + c mod 2^48`; `drand48`/`erand48` return `X / 2^48`,
/// `lrand48`/`nrand48` its high 31 bits, `mrand48`/`jrand48` its high 32 bits
/// as a signed number. The `e`/`n`/`j` forms keep `X` in the caller's
/// `unsigned short[3]` (least significant first); the others in the C
/// library, where it starts at 0 (glibc's static state before any seeding:
/// its first `drand48()` is 11 / 2^48) until `srand48`.
pub mod rand48 {
    pub const A: u64 = 0x5_DEEC_E66D;
    pub const C: u64 = 0xB;
    const MASK: u64 = (1 << 48) - 1;

    /// The word after `x`.
    pub fn step(x: u64) -> u64 {
        x.wrapping_mul(A).wrapping_add(C) & MASK
    }

    /// The word `srand48(seed)` sets: the low 32 bits of the seed above
    /// 0x330E (glibc keeps only 32 bits of a `long`, as POSIX says).
    pub fn seeded(seed: u64) -> u64 {
        ((seed & 0xFFFF_FFFF) << 16) | 0x330E
    }

    /// `drand48`: `x / 2^48`, exact in a double.
    pub fn double(x: u64) -> f64 {
        (x & MASK) as f64 / (1u64 << 48) as f64
    }

    /// `lrand48`: `0..2^31`.
    pub fn nonnegative(x: u64) -> i64 {
        ((x & MASK) >> 17) as i64
    }

    /// `mrand48`: `-2^31..2^31`.
    pub fn signed(x: u64) -> i64 {
        ((x & MASK) >> 16) as u32 as i32 as i64
    }
}

/// The state argument of the `erand48`/`nrand48`/`jrand48` forms.
fn rand48_state_arg(func: LibcFunc, args: &[(u64, Ty)]) -> Option<u64> {
    matches!(
        func,
        LibcFunc::Erand48 | LibcFunc::Nrand48 | LibcFunc::Jrand48
    )
    .then(|| args.first().map_or(0, |a| a.0))
}

/// The word a `drand48`-family call steps its generator to (reading the
/// caller's state array for the forms that take one), without storing it.
pub fn rand48_next(func: LibcFunc, args: &[(u64, Ty)], mem: &Memory) -> Result<u64, MemFault> {
    let x = match rand48_state_arg(func, args) {
        Some(state) => {
            let bytes = mem.read_bytes(state, 6)?;
            let mut word = [0u8; 8];
            word[..6].copy_from_slice(bytes);
            u64::from_le_bytes(word)
        }
        None => mem.statics.rand48,
    };
    Ok(rand48::step(x))
}

/// Stores `x` as the call's generator state and returns the call's result
/// in the register representation (`long` or `double`).
pub fn rand48_finish(
    func: LibcFunc,
    args: &[(u64, Ty)],
    mem: &mut Memory,
    x: u64,
) -> Result<u64, MemFault> {
    match rand48_state_arg(func, args) {
        Some(state) => mem.write_bytes(state, &x.to_le_bytes()[..6])?,
        None => mem.statics.rand48 = x,
    }
    Ok(match func {
        LibcFunc::Drand48 | LibcFunc::Erand48 => rand48::double(x).to_bits(),
        LibcFunc::Lrand48 | LibcFunc::Nrand48 => rand48::nonnegative(x) as u64,
        _ => rand48::signed(x) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn the_48_bit_generators_draw_what_glibc_draws() {
        // Values printed by a C program linked against glibc 2.36.
        let mut m = mem();
        let d = c(&mut m, LibcFunc::Drand48, &[]).unwrap();
        assert_eq!(f64::from_bits(d), 3.907985046680551e-14);
        assert_eq!(c(&mut m, LibcFunc::Lrand48, &[]).unwrap(), 2116118);
        assert_eq!(c(&mut m, LibcFunc::Mrand48, &[]).unwrap(), 178803790);
        call(LibcFunc::Srand48, &[i64a(42)], &mut m).unwrap();
        let d = c(&mut m, LibcFunc::Drand48, &[]).unwrap();
        assert_eq!(f64::from_bits(d), 0.7445250000610066);
        assert_eq!(c(&mut m, LibcFunc::Lrand48, &[]).unwrap(), 735945821);
        assert_eq!(c(&mut m, LibcFunc::Mrand48, &[]).unwrap(), 477107655);
        call(LibcFunc::Srand48, &[i64a(-5)], &mut m).unwrap();
        let d = c(&mut m, LibcFunc::Drand48, &[]).unwrap();
        assert_eq!(f64::from_bits(d), 0.8168164927783472);
        // The forms with a state argument step the caller's array.
        let x = m.allocate(6, AllocKind::Stack).unwrap();
        m.write_bytes(x, &[1, 0, 2, 0, 3, 0]).unwrap();
        let d = c(&mut m, LibcFunc::Erand48, &[p(x)]).unwrap();
        assert_eq!(f64::from_bits(d), 0.44199632268870914);
        let words: Vec<u64> = (0..3).map(|i| m.load(x + 2 * i, 2).unwrap()).collect();
        assert_eq!(words, [59000, 43974, 28966]);
        assert_eq!(c(&mut m, LibcFunc::Nrand48, &[p(x)]).unwrap(), 565063343);
        assert_eq!(
            c(&mut m, LibcFunc::Jrand48, &[p(x)]).unwrap(),
            (-1485464893i64) as u64
        );
        let short = m.allocate(4, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::Erand48, &[p(short)], &mut m),
            Err(MemFault::OutOfBounds { .. })
        ));
    }

    #[test]
    fn rand_r_and_seed48_as_glibc() {
        // Values printed by a C program linked against glibc 2.36.
        let mut m = mem();
        let seed = m.allocate(4, AllocKind::Stack).unwrap();
        m.store(seed, 4, 1).unwrap();
        let draws: Vec<u64> = (0..5)
            .map(|_| c(&mut m, LibcFunc::RandR, &[p(seed)]).unwrap())
            .collect();
        assert_eq!(
            draws,
            [476707713, 1186278907, 505671508, 2137716191, 936145377]
        );
        assert_eq!(m.load(seed, 4).unwrap(), 2111915288);
        m.store(seed, 4, 12345).unwrap();
        assert_eq!(c(&mut m, LibcFunc::RandR, &[p(seed)]).unwrap(), 1036784229);
        // seed48 returns the old word in its static array.
        let v = m.allocate(6, AllocKind::Stack).unwrap();
        m.write_bytes(v, &[1, 0, 2, 0, 3, 0]).unwrap();
        let old = c(&mut m, LibcFunc::Seed48, &[p(v)]).unwrap();
        assert_eq!(m.read_bytes(old, 6).unwrap(), &[0u8; 6][..]);
        let d = c(&mut m, LibcFunc::Drand48, &[]).unwrap();
        assert_eq!(f64::from_bits(d), 0.44199632268870914);
        assert_eq!(c(&mut m, LibcFunc::Seed48, &[p(v)]).unwrap(), old);
        let words: Vec<u64> = (0..3).map(|i| m.load(old + 2 * i, 2).unwrap()).collect();
        assert_eq!(words, [59000, 43974, 28966]);
        assert!(matches!(
            call(LibcFunc::RandR, &[p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
    }

    #[test]
    fn setenv_unsetenv_and_putenv_change_what_getenv_returns() {
        let mut m = mem();
        let name = string(&mut m, "MPIV_SURELY_UNSET_VARIABLE");
        let one = string(&mut m, "1");
        let two = string(&mut m, "2");
        let get = |m: &mut Memory| c(m, LibcFunc::Getenv, &[p(name)]).unwrap();
        assert_eq!(get(&mut m), 0);
        assert_eq!(
            c(&mut m, LibcFunc::Setenv, &[p(name), p(one), i32a(0)]).unwrap(),
            0
        );
        let v = get(&mut m);
        assert_eq!(read_str(&m, v), "1");
        // Without overwrite, a set variable stays.
        c(&mut m, LibcFunc::Setenv, &[p(name), p(two), i32a(0)]).unwrap();
        let v = get(&mut m);
        assert_eq!(read_str(&m, v), "1");
        c(&mut m, LibcFunc::Setenv, &[p(name), p(two), i32a(1)]).unwrap();
        let v = get(&mut m);
        assert_eq!(read_str(&m, v), "2");
        assert_eq!(c(&mut m, LibcFunc::Unsetenv, &[p(name)]).unwrap(), 0);
        assert_eq!(get(&mut m), 0);
        // putenv's string is the environment: a change to it shows.
        let entry = string(&mut m, "MPIV_SURELY_UNSET_VARIABLE=abc");
        assert_eq!(c(&mut m, LibcFunc::Putenv, &[p(entry)]).unwrap(), 0);
        let v = get(&mut m);
        assert_eq!(v, entry + 27);
        m.store(v, 1, b'x' as u64).unwrap();
        let v = get(&mut m);
        assert_eq!(read_str(&m, v), "xbc");
        // Bad names: EINVAL.
        let bad = string(&mut m, "A=B");
        assert_eq!(
            c(&mut m, LibcFunc::Setenv, &[p(bad), p(one), i32a(1)]).unwrap(),
            u32::MAX as u64
        );
        assert_eq!(
            c(&mut m, LibcFunc::Unsetenv, &[p(0)]).unwrap(),
            u32::MAX as u64
        );
    }
}
