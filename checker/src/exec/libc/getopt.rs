//! `getopt` (POSIX.1-2017) and GNU `getopt_long`/`getopt_long_only`, as
//! glibc implements them (`posix/getopt.c`).
//!
//! The extractor passes the addresses of the program's `optarg`, `optind`,
//! `opterr` and `optopt` after the three C arguments, then whether glibc's
//! headers asked for the strict POSIX form (`__posix_getopt`, which never
//! permutes), then the long options' table, where to write the index of the
//! one found and whether `-name` is long too (NULL, NULL, 0 for getopt). As in glibc, `optind` and `opterr` are read at each call, and
//! `optind`, `optarg` and `optopt` are written back; where the scan is inside
//! a group of options (`-vn3`) and which arguments were skipped as
//! non-options stay in the C library, per process.
//!
//! By default glibc permutes `argv` so that the non-option arguments end up
//! after the options (`prog file -v` is scanned as `prog -v file`); a
//! leading `+` in the option string, `POSIXLY_CORRECT` in the environment or
//! the POSIX form stop at the first non-option instead, and a leading `-`
//! returns each non-option as the argument of option 1. The permutation is
//! modeled exactly: it writes the `argv` array.
//!
//! The messages glibc prints to standard error (unknown option, missing
//! argument) are output, dropped like all output.

use super::{ptr_add, ret_i32, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::Ty;

/// How non-option arguments are treated (glibc's `__ordering`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Ordering {
    /// Stop at the first non-option.
    RequireOrder,
    /// Move the non-options after the options.
    #[default]
    Permute,
    /// Return each non-option as the argument of option 1.
    ReturnInOrder,
}

/// The state glibc keeps between calls (`struct _getopt_data`, less the
/// variables the program sees).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GetoptState {
    initialized: bool,
    /// The next option character to look at inside a group, or 0.
    nextchar: u64,
    /// The non-options skipped so far: `argv[first_nonopt..last_nonopt]`.
    first_nonopt: i32,
    last_nonopt: i32,
    ordering: Ordering,
    /// glibc's copies of `optarg` and `optopt`, written back at every call
    /// (`optopt` is 0 there, not the variable's initial '?').
    optarg: u64,
    optopt: i32,
}

/// Where the option variables live, and the arguments.
struct Call {
    argc: i32,
    argv: u64,
    optstring: u64,
    optarg: u64,
    optind: u64,
    opterr: u64,
    optopt: u64,
    posixly_correct: bool,
    /// `getopt_long`'s table of `struct option` (NULL for `getopt`), where
    /// to write the index of the long option found (NULL: nowhere), and
    /// whether `-name` is a long option too (`getopt_long_only`).
    longopts: u64,
    longindex: u64,
    long_only: bool,
}

impl Call {
    fn of(a: &Args<'_>) -> Result<Call, MemFault> {
        Ok(Call {
            argc: a.get(0)? as u32 as i32,
            argv: a.get(1)?,
            optstring: a.get(2)?,
            optarg: a.get(3)?,
            optind: a.get(4)?,
            opterr: a.get(5)?,
            optopt: a.get(6)?,
            posixly_correct: a.get(7)? & 1 != 0,
            longopts: a.get(8)?,
            longindex: a.get(9)?,
            long_only: a.get(10)? & 1 != 0,
        })
    }
}

/// One entry of a `struct option` table (glibc's `<getopt.h>` on x86-64:
/// `const char *name; int has_arg; int *flag; int val;`, 32 bytes).
struct LongOption {
    name: Vec<u8>,
    has_arg: i32,
    flag: u64,
    val: i32,
}

/// The entries of the table at `table`, up to the one whose name is NULL.
fn long_options(mem: &Memory, table: u64) -> Result<Vec<LongOption>, MemFault> {
    let mut out = Vec::new();
    loop {
        let entry = ptr_add(table, 32 * out.len() as u64)?;
        let name = mem.load(entry, 8)?;
        if name == 0 {
            return Ok(out);
        }
        out.push(LongOption {
            name: mem.read_c_string(name)?.to_vec(),
            has_arg: mem.load(ptr_add(entry, 8)?, 4)? as u32 as i32,
            flag: mem.load(ptr_add(entry, 16)?, 8)?,
            val: mem.load(ptr_add(entry, 24)?, 4)? as u32 as i32,
        });
    }
}

/// Whether a `getopt` call with these arguments reads the contents of
/// argument strings (with `--any-input`, what they hold is input): when an
/// argument is left to scan.
pub fn getopt_reads_arguments(args: &[(u64, Ty)], mem: &Memory) -> bool {
    let arg = |i: usize| args.get(i).map_or(0, |a| a.0);
    let argc = arg(0) as u32 as i32;
    let optind = mem.load(arg(4), 4).map_or(1, |v| v as u32 as i32).max(1);
    mem.statics.getopt.nextchar != 0 || optind < argc
}

/// `getopt(argc, argv, optstring)` with the variables' addresses after.
pub(super) fn getopt(a: &Args<'_>, mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    let call = Call::of(a)?;
    let mut d = Data {
        optind: mem.load(call.optind, 4)? as u32 as i32,
        opterr: mem.load(call.opterr, 4)? as u32 as i32,
        optarg: mem.statics.getopt.optarg,
        state: mem.statics.getopt.clone(),
    };
    let result = d.run(&call, mem)?;
    d.state.optarg = d.optarg;
    mem.store(call.optind, 4, d.optind as u32 as u64)?;
    mem.store(call.optarg, 8, d.optarg)?;
    mem.store(call.optopt, 4, d.state.optopt as u32 as u64)?;
    mem.statics.getopt = d.state;
    Ok(ret_i32(result))
}

/// glibc's `_getopt_data` during one call.
struct Data {
    optind: i32,
    opterr: i32,
    optarg: u64,
    state: GetoptState,
}

impl Data {
    /// `_getopt_internal_r` for short options only.
    fn run(&mut self, call: &Call, mem: &mut Memory) -> Result<i32, MemFault> {
        let mut print_errors = self.opterr != 0;
        if call.argc < 1 {
            return Ok(-1);
        }
        self.optarg = 0;
        let mut opts = call.optstring;
        let first = byte(mem, opts, 0)?;
        if self.optind == 0 || !self.state.initialized {
            // _getopt_initialize
            if self.optind == 0 {
                self.optind = 1;
            }
            let s = &mut self.state;
            s.first_nonopt = self.optind;
            s.last_nonopt = self.optind;
            s.nextchar = 0;
            s.ordering = match first {
                b'-' => Ordering::ReturnInOrder,
                b'+' => Ordering::RequireOrder,
                _ if call.posixly_correct || std::env::var_os("POSIXLY_CORRECT").is_some() => {
                    Ordering::RequireOrder
                }
                _ => Ordering::Permute,
            };
            s.initialized = true;
        }
        if first == b'-' || first == b'+' {
            opts = ptr_add(opts, 1)?;
        }
        let optstring = mem.read_c_string(opts)?;
        if optstring.first() == Some(&b':') {
            print_errors = false;
        }
        // Messages go to standard error, whose output is dropped.
        let _ = print_errors;

        if self.state.nextchar == 0 || byte(mem, self.state.nextchar, 0)? == 0 {
            // Advance to the next argument. The user may have moved optind
            // back: keep the skipped range sensible.
            let s = &mut self.state;
            s.last_nonopt = s.last_nonopt.min(self.optind);
            s.first_nonopt = s.first_nonopt.min(self.optind);
            if self.state.ordering == Ordering::Permute {
                // Options found after non-options go before them.
                if self.state.first_nonopt != self.state.last_nonopt
                    && self.state.last_nonopt != self.optind
                {
                    self.exchange(call, mem)?;
                } else if self.state.last_nonopt != self.optind {
                    self.state.first_nonopt = self.optind;
                }
                // Skip the non-options that follow, extending the range.
                while self.optind < call.argc && self.non_option(call, mem, self.optind)? {
                    self.optind += 1;
                }
                self.state.last_nonopt = self.optind;
            }
            // "--" ends the options: skip it, and everything after it is a
            // non-option.
            if self.optind != call.argc && arg_is(mem, self.arg(call, mem, self.optind)?, b"--")? {
                self.optind += 1;
                if self.state.first_nonopt != self.state.last_nonopt
                    && self.state.last_nonopt != self.optind
                {
                    self.exchange(call, mem)?;
                } else if self.state.first_nonopt == self.state.last_nonopt {
                    self.state.first_nonopt = self.optind;
                }
                self.state.last_nonopt = call.argc;
                self.optind = call.argc;
            }
            if self.optind == call.argc {
                // Done: point optind at the non-options skipped.
                if self.state.first_nonopt != self.state.last_nonopt {
                    self.optind = self.state.first_nonopt;
                }
                return Ok(-1);
            }
            if self.non_option(call, mem, self.optind)? {
                if self.state.ordering == Ordering::RequireOrder {
                    return Ok(-1);
                }
                self.optarg = self.arg(call, mem, self.optind)?;
                self.optind += 1;
                return Ok(1);
            }
            let arg = self.arg(call, mem, self.optind)?;
            if call.longopts != 0 {
                // "--name" is always a long option ("--" alone was
                // handled above).
                if byte(mem, arg, 1)? == b'-' {
                    self.state.nextchar = ptr_add(arg, 2)?;
                    return self.long_option(call, mem, &optstring, true);
                }
                // With getopt_long_only "-name" is one too, unless it is
                // "-f" for a short option f (else -f could not be given).
                if call.long_only
                    && (byte(mem, arg, 2)? != 0 || !optstring.contains(&byte(mem, arg, 1)?))
                {
                    self.state.nextchar = ptr_add(arg, 1)?;
                    let code = self.long_option(call, mem, &optstring, false)?;
                    if code != -1 {
                        return Ok(code);
                    }
                }
            }
            // An option argument: skip its '-'.
            self.state.nextchar = ptr_add(arg, 1)?;
        }

        // The next option character.
        let c = byte(mem, self.state.nextchar, 0)?;
        self.state.nextchar = ptr_add(self.state.nextchar, 1)?;
        if byte(mem, self.state.nextchar, 0)? == 0 {
            self.optind += 1;
        }
        let at = optstring.iter().position(|&o| o == c);
        let Some(at) = at.filter(|_| c != b':' && c != b';') else {
            // "invalid option -- 'c'"
            self.state.optopt = c as i8 as i32;
            return Ok(b'?' as i32);
        };
        let colons = optstring[at + 1..]
            .iter()
            .take(2)
            .take_while(|&&b| b == b':')
            .count();
        match colons {
            0 => {}
            // An optional argument: only attached (`-n3`).
            2 => {
                if byte(mem, self.state.nextchar, 0)? != 0 {
                    self.optarg = self.state.nextchar;
                    self.optind += 1;
                }
                self.state.nextchar = 0;
            }
            // A required argument: the rest of this argument, or the next.
            _ => {
                if byte(mem, self.state.nextchar, 0)? != 0 {
                    self.optarg = self.state.nextchar;
                    self.optind += 1;
                } else if self.optind == call.argc {
                    // "option requires an argument -- 'c'"
                    self.state.optopt = c as i8 as i32;
                    self.state.nextchar = 0;
                    return Ok(if optstring.first() == Some(&b':') {
                        b':' as i32
                    } else {
                        b'?' as i32
                    });
                } else {
                    self.optarg = self.arg(call, mem, self.optind)?;
                    self.optind += 1;
                }
                self.state.nextchar = 0;
            }
        }
        Ok(c as i8 as i32)
    }

    /// glibc's `process_long_option`: the long option at `nextchar` (its
    /// name up to '=' or the end), matched exactly, else as the one option
    /// it abbreviates (several options it abbreviates that differ are
    /// ambiguous: '?'). Returns its value, or 0 after storing the value
    /// through its `flag`; -1 when getopt_long_only should try the
    /// argument as short options. `double_dash`: the argument started with
    /// "--".
    fn long_option(
        &mut self,
        call: &Call,
        mem: &mut Memory,
        optstring: &[u8],
        double_dash: bool,
    ) -> Result<i32, MemFault> {
        let options = long_options(mem, call.longopts)?;
        let start = self.state.nextchar;
        let text = mem.read_c_string(start)?.to_vec();
        let namelen = text.iter().position(|&b| b == b'=').unwrap_or(text.len());
        let name = &text[..namelen];
        let mut found = options.iter().position(|o| o.name == name);
        if found.is_none() {
            let mut ambiguous = false;
            for (i, o) in options.iter().enumerate() {
                if !o.name.starts_with(name) {
                    continue;
                }
                match found {
                    None => found = Some(i),
                    Some(first) => {
                        let f = &options[first];
                        if call.long_only
                            || f.has_arg != o.has_arg
                            || f.flag != o.flag
                            || f.val != o.val
                        {
                            ambiguous = true;
                        }
                    }
                }
            }
            if ambiguous {
                // "option '--name' is ambiguous" (to standard error).
                self.state.nextchar = 0;
                self.optind += 1;
                self.state.optopt = 0;
                return Ok(b'?' as i32);
            }
        }
        let Some(index) = found else {
            // Not a long option: an error, unless getopt_long_only may read
            // it as short options.
            let first = text.first().copied().unwrap_or(0);
            if !call.long_only || double_dash || !optstring.contains(&first) {
                // "unrecognized option '--name'".
                self.state.nextchar = 0;
                self.optind += 1;
                self.state.optopt = 0;
                return Ok(b'?' as i32);
            }
            return Ok(-1);
        };
        let option = &options[index];
        self.optind += 1;
        self.state.nextchar = 0;
        if namelen < text.len() {
            if option.has_arg != 0 {
                // The argument after '='.
                self.optarg = ptr_add(start, namelen as u64 + 1)?;
            } else {
                // "option '--name' doesn't allow an argument".
                self.state.optopt = option.val;
                return Ok(b'?' as i32);
            }
        } else if option.has_arg == 1 {
            if self.optind < call.argc {
                self.optarg = self.arg(call, mem, self.optind)?;
                self.optind += 1;
            } else {
                // "option '--name' requires an argument".
                self.state.optopt = option.val;
                return Ok(if optstring.first() == Some(&b':') {
                    b':' as i32
                } else {
                    b'?' as i32
                });
            }
        }
        if call.longindex != 0 {
            mem.store(call.longindex, 4, index as u32 as u64)?;
        }
        if option.flag != 0 {
            mem.store(option.flag, 4, option.val as u32 as u64)?;
            return Ok(0);
        }
        Ok(option.val)
    }

    /// `argv[i]`.
    fn arg(&self, call: &Call, mem: &Memory, i: i32) -> Result<u64, MemFault> {
        mem.load(ptr_add(call.argv, 8 * i as u32 as u64)?, 8)
    }

    /// Whether `argv[i]` is not an option: it does not start with '-', or
    /// is "-" alone.
    fn non_option(&self, call: &Call, mem: &Memory, i: i32) -> Result<bool, MemFault> {
        let s = self.arg(call, mem, i)?;
        Ok(byte(mem, s, 0)? != b'-' || byte(mem, s, 1)? == 0)
    }

    /// Moves the options `argv[last_nonopt..optind]` before the non-options
    /// `argv[first_nonopt..last_nonopt]`, each keeping its order (glibc's
    /// `exchange`, a rotation of the array).
    fn exchange(&mut self, call: &Call, mem: &mut Memory) -> Result<(), MemFault> {
        let s = &mut self.state;
        let (bottom, middle, top) = (s.first_nonopt, s.last_nonopt, self.optind);
        let base = ptr_add(call.argv, 8 * bottom as u32 as u64)?;
        let len = 8 * (top - bottom) as u32 as u64;
        let mut slots = mem.read_bytes(base, len)?.to_vec();
        slots.rotate_left(8 * (middle - bottom) as usize);
        mem.write_bytes(base, &slots)?;
        s.first_nonopt += top - middle;
        s.last_nonopt = top;
        Ok(())
    }
}

/// Byte `i` of the string at `s`.
fn byte(mem: &Memory, s: u64, i: u64) -> Result<u8, MemFault> {
    Ok(mem.load(ptr_add(s, i)?, 1)? as u8)
}

/// `strcmp(s, text) == 0`, reading `s` only as far as strcmp does.
fn arg_is(mem: &Memory, s: u64, text: &[u8]) -> Result<bool, MemFault> {
    for (i, &t) in text.iter().chain(&[0]).enumerate() {
        if byte(mem, s, i as u64)? != t {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    /// A process's argv and option variables, as the extractor passes them.
    struct Prog {
        m: Memory,
        argv: u64,
        vars: u64,
        n: usize,
        /// getopt_long's table, where it writes the index, and whether it
        /// is getopt_long_only (0, 0, false for getopt).
        longopts: u64,
        longindex: u64,
        long_only: bool,
    }

    impl Prog {
        fn new(args: &[&str]) -> Prog {
            let mut m = mem();
            let argv = m
                .allocate(8 * (args.len() as u64 + 1), AllocKind::Stack)
                .unwrap();
            for (i, a) in args.iter().enumerate() {
                let s = string(&mut m, a);
                m.store(argv + 8 * i as u64, 8, s).unwrap();
            }
            // optarg (8), optind, opterr, optopt (4 each), then a flag
            // variable and the long index of getopt_long (4 each).
            let vars = m
                .allocate(28, AllocKind::Global { constant: false })
                .unwrap();
            m.store(vars + 8, 4, 1).unwrap();
            m.store(vars + 12, 4, 1).unwrap();
            m.store(vars + 16, 4, b'?' as u64).unwrap();
            Prog {
                m,
                argv,
                vars,
                n: args.len(),
                longopts: 0,
                longindex: 0,
                long_only: false,
            }
        }

        /// The same program calling getopt_long (or _long_only) with the
        /// options (name, has_arg, whether the value goes to a flag
        /// variable, val).
        fn with_long(args: &[&str], options: &[(&str, i32, bool, i32)], only: bool) -> Prog {
            let mut g = Prog::new(args);
            let table =
                g.m.allocate(32 * (options.len() as u64 + 1), AllocKind::Stack)
                    .unwrap();
            for (i, (name, has_arg, flag, val)) in options.iter().enumerate() {
                let e = table + 32 * i as u64;
                let s = string(&mut g.m, name);
                g.m.store(e, 8, s).unwrap();
                g.m.store(e + 8, 4, *has_arg as u64).unwrap();
                let f = if *flag { g.vars + 20 } else { 0 };
                g.m.store(e + 16, 8, f).unwrap();
                g.m.store(e + 24, 4, *val as u32 as u64).unwrap();
            }
            g.longopts = table;
            g.longindex = g.vars + 24;
            g.long_only = only;
            g
        }

        /// The flag variable and the long index the calls wrote.
        fn flag_and_index(&self) -> (i32, i32) {
            (
                self.m.load(self.vars + 20, 4).unwrap() as i32,
                self.m.load(self.vars + 24, 4).unwrap() as i32,
            )
        }

        /// One call: (result, optind, optarg, optopt).
        fn next(&mut self, opts: &str) -> (i32, i32, Option<String>, u8) {
            let o = string(&mut self.m, opts);
            let v = self.vars;
            let r = c(
                &mut self.m,
                LibcFunc::Getopt,
                &[
                    i32a(self.n as i32),
                    p(self.argv),
                    p(o),
                    p(v),
                    p(v + 8),
                    p(v + 12),
                    p(v + 16),
                    i32a(0),
                    p(self.longopts),
                    p(self.longindex),
                    i32a(self.long_only as i32),
                ],
            )
            .unwrap() as u32 as i32;
            let optarg = self.m.load(v, 8).unwrap();
            let optarg = (optarg != 0).then(|| read_str(&self.m, optarg));
            (
                r,
                self.m.load(v + 8, 4).unwrap() as i32,
                optarg,
                self.m.load(v + 16, 4).unwrap() as u8,
            )
        }

        fn args(&self) -> Vec<String> {
            (0..self.n)
                .map(|i| read_str(&self.m, self.m.load(self.argv + 8 * i as u64, 8).unwrap()))
                .collect()
        }
    }

    fn opt(c: u8) -> i32 {
        c as i32
    }

    #[test]
    fn options_and_their_arguments() {
        let mut g = Prog::new(&["prog", "-vn3", "-n", "4", "-x", "--", "-v"]);
        assert_eq!(g.next("n:v"), (opt(b'v'), 1, None, 0));
        assert_eq!(g.next("n:v"), (opt(b'n'), 2, Some("3".into()), 0));
        assert_eq!(g.next("n:v"), (opt(b'n'), 4, Some("4".into()), 0));
        assert_eq!(g.next("n:v"), (opt(b'?'), 5, None, b'x'));
        assert_eq!(g.next("n:v"), (-1, 6, None, b'x'));
        // Called again, it scans what follows "--" (glibc does too).
        assert_eq!(g.next("n:v"), (opt(b'v'), 7, None, b'x'));
        assert_eq!(g.next("n:v"), (-1, 7, None, b'x'));
    }

    #[test]
    fn a_missing_argument_and_the_leading_colon() {
        let mut g = Prog::new(&["prog", "-n"]);
        assert_eq!(g.next("n:"), (opt(b'?'), 2, None, b'n'));
        let mut g = Prog::new(&["prog", "-n"]);
        assert_eq!(g.next(":n:"), (opt(b':'), 2, None, b'n'));
        let mut g = Prog::new(&["prog", "-n", "-v"]);
        // The next argument is taken even if it looks like an option.
        assert_eq!(g.next("n:v"), (opt(b'n'), 3, Some("-v".into()), 0));
    }

    #[test]
    fn non_options_are_permuted_to_the_end() {
        let mut g = Prog::new(&["prog", "in.dat", "-v", "out.dat", "-n", "2", "x"]);
        assert_eq!(g.next("n:v"), (opt(b'v'), 3, None, 0));
        assert_eq!(g.next("n:v"), (opt(b'n'), 6, Some("2".into()), 0));
        assert_eq!(g.next("n:v"), (-1, 4, None, 0));
        assert_eq!(
            g.args(),
            ["prog", "-v", "-n", "2", "in.dat", "out.dat", "x"]
        );
        // '+' stops at the first non-option; '-' returns it as option 1.
        let mut g = Prog::new(&["prog", "in.dat", "-v"]);
        assert_eq!(g.next("+v"), (-1, 1, None, 0));
        let mut g = Prog::new(&["prog", "in.dat", "-v"]);
        assert_eq!(g.next("-v"), (1, 2, Some("in.dat".into()), 0));
        assert_eq!(g.next("-v"), (opt(b'v'), 3, None, 0));
    }

    #[test]
    fn optional_arguments_and_a_lone_dash() {
        let mut g = Prog::new(&["prog", "-o", "-ofile", "-"]);
        assert_eq!(g.next("o::"), (opt(b'o'), 2, None, 0));
        assert_eq!(g.next("o::"), (opt(b'o'), 3, Some("file".into()), 0));
        assert_eq!(g.next("o::"), (-1, 3, None, 0));
    }

    const LONG: &[(&str, i32, bool, i32)] = &[
        ("size", 1, false, b's' as i32),
        ("verbose", 0, true, 7),
        ("output", 2, false, b'o' as i32),
        ("outer", 0, false, b'u' as i32),
    ];

    #[test]
    fn long_options_with_arguments_flags_and_abbreviations() {
        let mut g = Prog::with_long(
            &[
                "prog",
                "--size",
                "8",
                "--verbose",
                "--output=x",
                "--outp",
                "--size=4",
            ],
            LONG,
            false,
        );
        assert_eq!(g.next("s:v"), (opt(b's'), 3, Some("8".into()), 0));
        assert_eq!(g.flag_and_index(), (0, 0));
        // A flag option stores its value and returns 0.
        assert_eq!(g.next("s:v"), (0, 4, None, 0));
        assert_eq!(g.flag_and_index(), (7, 1));
        assert_eq!(g.next("s:v"), (opt(b'o'), 5, Some("x".into()), 0));
        // An unambiguous abbreviation; an optional argument not attached.
        assert_eq!(g.next("s:v"), (opt(b'o'), 6, None, 0));
        assert_eq!(g.flag_and_index(), (7, 2));
        assert_eq!(g.next("s:v"), (opt(b's'), 7, Some("4".into()), 0));
        assert_eq!(g.next("s:v"), (-1, 7, None, 0));
    }

    #[test]
    fn long_option_mistakes() {
        // "--out" abbreviates two different options.
        let mut g = Prog::with_long(
            &["prog", "--out", "--nope", "--verbose=1", "--size"],
            LONG,
            false,
        );
        assert_eq!(g.next("s:v"), (opt(b'?'), 2, None, 0));
        assert_eq!(g.next("s:v"), (opt(b'?'), 3, None, 0));
        // An argument to an option without one: optopt is its value.
        assert_eq!(g.next("s:v"), (opt(b'?'), 4, None, 7));
        assert_eq!(g.next(":s:v"), (opt(b':'), 5, None, b's'));
    }

    #[test]
    fn long_only_reads_single_dash_names_but_keeps_short_options() {
        let mut g = Prog::with_long(&["prog", "-size", "3", "-v", "-verb"], LONG, true);
        assert_eq!(g.next("s:v"), (opt(b's'), 3, Some("3".into()), 0));
        // "-v" is the short option v, not an abbreviation of "verbose".
        assert_eq!(g.next("s:v"), (opt(b'v'), 4, None, 0));
        assert_eq!(g.next("s:v"), (0, 5, None, 0));
        assert_eq!(g.flag_and_index(), (7, 1));
    }

    #[test]
    fn the_double_dash_after_non_options() {
        let mut g = Prog::new(&["prog", "a", "b", "-v", "--", "-n", "c"]);
        assert_eq!(g.next("n:v"), (opt(b'v'), 4, None, 0));
        assert_eq!(g.next("n:v"), (-1, 3, None, 0));
        assert_eq!(g.args(), ["prog", "-v", "--", "a", "b", "-n", "c"]);
    }
}
