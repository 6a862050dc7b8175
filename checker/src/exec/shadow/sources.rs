//! The C library while tracking: the input sources (`argv`, `atoi`/`atol`/
//! `strtol` of an input string, `getenv`, `rand`, the `drand48` family,
//! `time`, `clock`) return the cell's value and a symbol; every other
//! library call propagates the shadows of what it reads into what it
//! returns and writes. The clocks of `gettimeofday` and `clock_gettime`
//! are not inputs: they read the logical clock, as `MPI_Wtime` does.

use std::sync::Arc;

use super::track::sext;
use super::value::{cells, Mono, Shadow, Step};
use crate::exec::interp::{Fault, Process};
use crate::exec::libc::{self, LibcOutcome};
use crate::exec::memory::Memory;
use crate::input::{StrSrc, Sym};
use runtime_model::model::*;

impl Process {
    /// Marks the argument strings as inputs (their contents; `argc` and
    /// the shape of `argv` are as given).
    pub(crate) fn track_main_args(&mut self, strings: &[u64]) {
        if self.track.is_none() {
            return;
        }
        if let Some(taint) = self.mem.taint.as_mut() {
            for (i, s) in strings.iter().enumerate() {
                taint
                    .strings
                    .insert(Pointer::decode(*s).alloc, StrSrc::Argv(i as u32));
            }
        }
    }

    /// Runs a library function: what it writes is the program's own data,
    /// never data MPI delivered (`Taint::written_by_mpi`).
    fn call_local(&mut self, func: LibcFunc, vals: &[(u64, Ty)]) -> Result<LibcOutcome, Fault> {
        let flag = self
            .mem
            .taint
            .as_mut()
            .map(|t| std::mem::take(&mut t.varying_sent));
        let clock = libc::Clock::at(self.steps);
        let out = libc::call(func, vals, &mut self.mem, clock).map_err(Fault::Memory);
        if let (Some(t), Some(f)) = (self.mem.taint.as_mut(), flag) {
            t.varying_sent = f;
        }
        out
    }

    /// `sscanf(s, "%d", &v)` (or `%i`, `%ld`, `%li`, `%lld`) of a whole
    /// input string: its source, and whether the conversion is long.
    fn scans_input_integer(&self, vals: &[(u64, Ty)]) -> Option<(StrSrc, bool)> {
        let [(s, _), (fmt, _), (dst, _)] = vals else {
            return None;
        };
        let p = Pointer::decode(*s);
        let src = self.mem.taint.as_ref()?.strings.get(&p.alloc)?.clone();
        if p.offset != 0 || *dst == 0 {
            return None;
        }
        let long = match self.mem.read_c_string(*fmt).ok()?.as_slice() {
            b"%d" | b"%i" => false,
            b"%ld" | b"%li" | b"%lld" | b"%lli" => true,
            _ => return None,
        };
        Some((src, long))
    }

    /// A library call while tracking: input sources return the cell's
    /// value and a symbol; other functions propagate shadows.
    #[inline(never)]
    pub(crate) fn libc_tracked(
        &mut self,
        func: LibcFunc,
        vals: &[(u64, Ty)],
        args: &[Arg],
        dst: Option<Reg>,
        loc: LocId,
    ) -> Result<LibcOutcome, Fault> {
        let shadows: Vec<Option<Shadow>> = args.iter().map(|a| self.shadow_of(&a.value)).collect();
        // Functions that stop at the terminator behave alike for every
        // length of an input string; the others may run past its end.
        use LibcFunc as F;
        let stops_at_nul = matches!(
            func,
            F::Strlen
                | F::Strcmp
                | F::Strncmp
                | F::Strchr
                | F::Strrchr
                | F::Strstr
                | F::Atoi
                | F::Atol
                | F::Atof
                | F::Strtol
                | F::Strtod
                | F::Strtoul
                | F::Printf
                | F::Fprintf
                | F::Puts
                | F::Getenv
                | F::Strnlen
                | F::Strcasecmp
                | F::Strncasecmp
                | F::Strspn
                | F::Strcspn
                | F::Strpbrk
        );
        // An integer scanned from a whole input string is a symbol.
        let scans_integer = func == F::Sscanf && self.scans_input_integer(vals).is_some();
        if !stops_at_nul && !scans_integer {
            for ((v, _), a) in vals.iter().zip(args) {
                let alloc = Pointer::decode(*v).alloc;
                let input = self
                    .mem
                    .taint
                    .as_ref()
                    .is_some_and(|t| t.strings.contains_key(&alloc));
                if a.ty == Ty::Ptr && input {
                    self.uncovered(
                        loc,
                        &format!(
                            "an input string passed to {} (its length is input)",
                            func.c_name()
                        ),
                        None,
                    );
                }
            }
        }
        for (s, a) in shadows.iter().zip(args) {
            if a.ty == Ty::Ptr {
                self.must_be_cell_constant(s, loc, "an input-dependent address");
            } else if let Some(Shadow::Cells(c)) = s {
                // The function uses the concrete value (a size, a count):
                // it is the value of the cell bounded by these cuts only.
                self.cut(c);
            }
        }
        let Some(t) = self.track.as_ref() else {
            return self.call_local(func, vals);
        };
        let plan = t.plan.clone();
        let rank = t.rank;
        let arg = |i: usize| vals.get(i).map_or(0, |v| v.0);
        let mono = |sym: Sym, bits: u32| Some(Shadow::Mono(Arc::new(Mono::of(sym, bits))));
        let string_src = |mem: &Memory, addr: u64| {
            let p = Pointer::decode(addr);
            let src = mem.taint.as_ref()?.strings.get(&p.alloc)?.clone();
            (p.offset == 0).then_some(src)
        };
        let (outcome, shadow) = match func {
            F::Atoi | F::Atol | F::Strtol
                if string_src(&self.mem, vals.first().map_or(0, |v| v.0)).is_some() =>
            {
                let src = string_src(&self.mem, arg(0)).ok_or(Fault::Unreachable)?;
                let out = self.call_local(func, vals)?;
                let long = func != F::Atoi;
                let bits = if long { 64 } else { 32 };
                let natural = match out {
                    LibcOutcome::Return(Some(r)) => sext(r, bits) as i64,
                    _ => 0,
                };
                let sym = Sym::Conv { src, long };
                let v = plan.value(&sym, natural);
                if func == F::Strtol && vals.get(1).is_some_and(|e| e.0 != 0) {
                    // Where the number ends depends on its text.
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.set(arg(1), 8, Shadow::Opaque(loc));
                    }
                }
                let r = if long {
                    v as u64
                } else {
                    v as i32 as u32 as u64
                };
                (LibcOutcome::Return(Some(r)), mono(sym, bits))
            }
            F::Sscanf if self.scans_input_integer(vals).is_some() => {
                let (src, long) = self.scans_input_integer(vals).ok_or(Fault::Unreachable)?;
                let (dst_ptr, width) = (arg(2), if long { 8 } else { 4 });
                let before = self.mem.load(dst_ptr, width).map_err(Fault::Memory)?;
                let out = self.call_local(func, vals)?;
                let natural_scan = match out {
                    LibcOutcome::Return(Some(r)) => r as u32 as i32 as i64,
                    _ => 0,
                };
                let scan_sym = Sym::Scan(src.clone());
                let scan = plan.value(&scan_sym, natural_scan.clamp(-1, 1));
                if scan == 1 {
                    let bits = width as u32 * 8;
                    let natural = if natural_scan == 1 {
                        sext(self.mem.load(dst_ptr, width).map_err(Fault::Memory)?, bits) as i64
                    } else {
                        0
                    };
                    let sym = Sym::Conv { src, long };
                    let v = plan.value(&sym, natural);
                    self.mem
                        .store(dst_ptr, width, v as u64)
                        .map_err(Fault::Memory)?;
                    if let (Some(t), Some(sh)) = (self.mem.taint.as_mut(), mono(sym, bits)) {
                        t.set(dst_ptr, width, sh);
                    }
                } else {
                    // No number: the variable keeps what it held.
                    self.mem
                        .store(dst_ptr, width, before)
                        .map_err(Fault::Memory)?;
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.clear(dst_ptr, width);
                    }
                }
                (
                    LibcOutcome::Return(Some(scan as i32 as u32 as u64)),
                    mono(scan_sym, 32),
                )
            }
            // A stub's input (`mpi_verify.h`): every int, 0 unless the
            // plan picks another.
            F::AnyInt => {
                let Some(t) = self.track.as_mut() else {
                    return Ok(LibcOutcome::Return(Some(0)));
                };
                t.any_calls += 1;
                let sym = Sym::Any {
                    rank,
                    k: t.any_calls,
                };
                let v = plan.value(&sym, 0);
                (
                    LibcOutcome::Return(Some(v as i32 as u32 as u64)),
                    mono(sym, 32),
                )
            }
            F::Rand | F::Time | F::Clock => {
                let out = self.call_local(func, vals)?;
                let natural = match out {
                    LibcOutcome::Return(Some(r)) => r as i64,
                    _ => 0,
                };
                let Some(t) = self.track.as_mut() else {
                    return Ok(out);
                };
                let (sym, bits) = match func {
                    F::Rand => {
                        t.rand_calls += 1;
                        (
                            Sym::Rand {
                                rank,
                                k: t.rand_calls,
                            },
                            32,
                        )
                    }
                    F::Time => {
                        t.time_calls += 1;
                        (
                            Sym::Time {
                                rank,
                                k: t.time_calls,
                            },
                            64,
                        )
                    }
                    _ => {
                        t.clock_calls += 1;
                        (
                            Sym::Clock {
                                rank,
                                k: t.clock_calls,
                            },
                            64,
                        )
                    }
                };
                let v = plan.value(&sym, natural);
                let s = mono(sym, bits);
                if func == F::Time {
                    if let Some(&(p, _)) = vals.first().filter(|p| p.0 != 0) {
                        self.mem.store(p, 8, v as u64).map_err(Fault::Memory)?;
                        if let (Some(t), Some(s)) = (self.mem.taint.as_mut(), s.clone()) {
                            t.set(p, 8, s);
                        }
                    }
                }
                (LibcOutcome::Return(Some(v as u64)), s)
            }
            // rand_r is an input as rand is: its draw is the next
            // `rankR.rand#K` symbol (0..=RAND_MAX, whatever the seed). The
            // seed is stepped as the generator steps it; what it holds is
            // then input-dependent.
            F::RandR => {
                let out = self.call_local(func, vals)?;
                let natural = match out {
                    LibcOutcome::Return(Some(r)) => r as u32 as i32 as i64,
                    _ => 0,
                };
                let Some(t) = self.track.as_mut() else {
                    return Ok(out);
                };
                t.rand_calls += 1;
                let sym = Sym::Rand {
                    rank,
                    k: t.rand_calls,
                };
                let v = plan.value(&sym, natural);
                if let Some(t) = self.mem.taint.as_mut() {
                    t.set(arg(0), 4, Shadow::Opaque(loc));
                }
                (
                    LibcOutcome::Return(Some(v as i32 as u32 as u64)),
                    mono(sym, 32),
                )
            }
            F::Drand48 | F::Erand48 | F::Lrand48 | F::Nrand48 | F::Mrand48 | F::Jrand48 => {
                let natural = libc::rand48_next(func, vals, &self.mem).map_err(Fault::Memory)?;
                let Some(t) = self.track.as_mut() else {
                    return self.call_local(func, vals);
                };
                t.rand48_calls += 1;
                let sym = Sym::Rand48 {
                    rank,
                    k: t.rand48_calls,
                };
                // The drawn word is the input; the call's result is made
                // from it as from the generator's own.
                let x = plan.value(&sym, natural as i64) as u64;
                let r = libc::rand48_finish(func, vals, &mut self.mem, x).map_err(Fault::Memory)?;
                if matches!(func, F::Erand48 | F::Nrand48 | F::Jrand48) {
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.set(arg(0), 6, Shadow::Opaque(loc));
                    }
                }
                // lrand48 is the word's high 31 bits, monotone in it; a
                // double or a signed 32-bit slice is not an interval
                // function of the word.
                let s = if matches!(func, F::Lrand48 | F::Nrand48) {
                    Shadow::Mono(Arc::new(Mono {
                        sym,
                        steps: vec![Step::Shr(17), Step::Fits(64)],
                    }))
                } else {
                    Shadow::Opaque(loc)
                };
                (LibcOutcome::Return(Some(r)), Some(s))
            }
            // Which arguments are options, and their letters and values,
            // are the contents of argument strings: not intervals of
            // symbols.
            F::Getopt => {
                if libc::getopt_reads_arguments(vals, &self.mem) {
                    self.uncovered(
                        loc,
                        "getopt parsing input arguments (which of them are options is input)",
                        None,
                    );
                }
                (self.call_local(func, vals)?, None)
            }
            // strtok(NULL, ...) goes on scanning the string of an earlier
            // call: its result depends on that string's contents.
            F::Strtok | F::StrtokR => {
                let scanned = libc::strtok_scan_start(func, vals, &self.mem);
                let (input, varies) = match self.mem.taint.as_ref() {
                    Some(t) => (
                        t.strings.contains_key(&Pointer::decode(scanned).alloc),
                        t.varies_from(scanned) || t.varies_from(arg(1)),
                    ),
                    None => (false, false),
                };
                if input {
                    self.uncovered(
                        loc,
                        &format!(
                            "an input string passed to {} (its length is input)",
                            func.c_name()
                        ),
                        None,
                    );
                }
                let out = self.call_local(func, vals)?;
                (out, varies.then_some(Shadow::Opaque(loc)))
            }
            F::Getenv => {
                let name = self
                    .mem
                    .read_c_string(vals.first().map_or(0, |v| v.0))
                    .map_err(Fault::Memory)?;
                if libc::env_changed(&self.mem, &name) {
                    // The program chose the value: no input.
                    return self.call_local(func, vals);
                }
                let name = String::from_utf8_lossy(&name).into_owned();
                let sym = Sym::EnvSet(name.clone());
                let natural = std::env::var_os(&name).is_some() as i64;
                let set = plan.value(&sym, natural) != 0;
                let r = if set {
                    libc::getenv_string(&mut self.mem, name.as_bytes(), true)
                        .map_err(Fault::Memory)?
                } else {
                    0
                };
                if r != 0 {
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.strings
                            .insert(Pointer::decode(r).alloc, StrSrc::Env(name));
                    }
                }
                let s = Shadow::Cells(Arc::new(vec![(sym, 1)]));
                (LibcOutcome::Return(Some(r)), Some(s))
            }
            F::Malloc | F::Calloc | F::Realloc => {
                for s in &shadows {
                    self.must_be_cell_constant(s, loc, "an input-dependent allocation size");
                }
                let out = self.call_local(func, vals)?;
                let old_varies = func == F::Realloc
                    && self
                        .mem
                        .taint
                        .as_ref()
                        .is_some_and(|t| t.varies_from(arg(0)));
                if let (true, LibcOutcome::Return(Some(p))) = (old_varies, &out) {
                    // The moved contents keep being input-dependent.
                    let len = self.mem.block_of(*p).map_or(0, |b| b.0);
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.set(*p, len.max(1), Shadow::Opaque(loc));
                    }
                }
                (out, None)
            }
            F::Exit => {
                self.must_be_cell_constant(
                    shadows.first().unwrap_or(&None),
                    loc,
                    "an input-dependent exit status",
                );
                (self.call_local(func, vals)?, None)
            }
            F::Memcpy | F::Memmove => {
                self.must_be_cell_constant(
                    shadows.get(2).unwrap_or(&None),
                    loc,
                    "an input-dependent copy size",
                );
                let before = self.mem.taint.clone();
                let out = self.call_local(func, vals)?;
                let (d, s, n) = (arg(0), arg(1), arg(2));
                if let (Some(t), Some(from)) = (self.mem.taint.as_mut(), before) {
                    t.copy(&from, d, s, n);
                }
                (out, None)
            }
            _ => {
                let reads_input = vals.iter().zip(args).any(|(v, a)| {
                    a.ty == Ty::Ptr
                        && self.mem.block_of(v.0).is_some()
                        && self.mem.taint.as_ref().is_some_and(|t| t.varies_from(v.0))
                });
                let out = self.call_local(func, vals)?;
                let varies = reads_input || shadows.iter().flatten().any(Shadow::varies_in_cell);
                let s = if varies {
                    Some(Shadow::Opaque(loc))
                } else if shadows.iter().any(Option::is_some) {
                    Some(cells(&shadows.iter().flatten().collect::<Vec<_>>()))
                } else {
                    None
                };
                // What these write through their pointer arguments is as
                // input-dependent as what they read.
                let written = match func {
                    F::Strcpy
                    | F::Strncpy
                    | F::Strcat
                    | F::Strncat
                    | F::Sprintf
                    | F::Snprintf
                    | F::Memset
                    | F::Stpcpy
                    | F::Stpncpy
                    | F::Strlcpy
                    | F::Strlcat
                    | F::Strftime
                    | F::Mktime => Some(0),
                    F::Strtol
                    | F::Strtod
                    | F::Strtof
                    | F::Strtoul
                    | F::Frexp
                    | F::Modf
                    | F::LocaltimeR
                    | F::GmtimeR
                    | F::CtimeR
                    | F::AsctimeR => Some(1),
                    F::Remquo => Some(2),
                    _ => None,
                };
                // The static `struct tm` or string these return holds what
                // they computed from their argument.
                if let (
                    F::Localtime | F::Gmtime | F::Ctime | F::Asctime,
                    Some(sh),
                    LibcOutcome::Return(Some(p)),
                ) = (func, &s, &out)
                {
                    let len = self.mem.block_of(*p).map_or(0, |b| b.0);
                    if let (true, Some(t)) = (*p != 0, self.mem.taint.as_mut()) {
                        t.set(*p, len.max(1), sh.clone());
                    }
                }
                if let (Some(i), Some(sh)) = (written, &s) {
                    if let Some(&(p, _)) = vals.get(i).filter(|p| p.0 != 0) {
                        let len = self
                            .mem
                            .block_of(p)
                            .map_or(0, |b| b.0.saturating_sub(b.1 as u64));
                        if let Some(t) = self.mem.taint.as_mut() {
                            t.set(p, len.max(1), sh.clone());
                        }
                    }
                }
                (out, s)
            }
        };
        if let Some(d) = dst {
            self.set_shadow(d, shadow);
        }
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::memory::AllocKind;

    #[test]
    fn input_sources_are_concrete_by_default() {
        let mut m = Memory::with_globals(&[]);
        let call = |m: &mut Memory, f: LibcFunc, args: &[(u64, Ty)]| match libc::call(
            f,
            args,
            m,
            libc::Clock::default(),
        ) {
            Ok(LibcOutcome::Return(r)) => r,
            other => panic!("{other:?}"),
        };
        // glibc's first numbers for the default seed 1, then for seed 42.
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(1804289383));
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(846930886));
        call(&mut m, LibcFunc::Srand, &[(42, Ty::I32)]);
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(71876166));
        let t = m.allocate(8, AllocKind::Stack).unwrap();
        m.store(t, 8, 99).unwrap();
        assert_eq!(call(&mut m, LibcFunc::Time, &[(t, Ty::Ptr)]), Some(0));
        assert_eq!(m.load(t, 8).unwrap(), 0);
        let name = m.allocate(32, AllocKind::Stack).unwrap();
        m.write_bytes(name, b"MPIV_SURELY_UNSET_VARIABLE\0")
            .unwrap();
        assert_eq!(call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]), Some(0));
        m.write_bytes(name, b"PATH\0").unwrap();
        if let Some(path) = std::env::var_os("PATH") {
            let p = call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]).unwrap();
            assert_eq!(m.read_c_string(p).unwrap(), path.into_encoded_bytes());
            // The same string every time.
            assert_eq!(call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]), Some(p));
        }
    }
}
