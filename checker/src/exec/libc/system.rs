//! What a process asks of the system it runs on (POSIX): `sysconf`,
//! `isatty`, `signal` and `sigaction`, `getcwd`, `getppid`, the user and
//! group ids, `access` and `stat`.
//!
//! The model runs every process on one node (`NODE_NAME`) with one
//! processor per process, from the checker's working directory (where
//! `fopen` opens files, so `getcwd`, `access` and `stat` see the same file
//! system a real run started there would). Output goes to `mpiexec`, not
//! to a terminal. No signal ever arrives.

use super::{errno, misrouted, ret, ret_i32, set_errno, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::LibcFunc;

/// glibc's `_SC_*` names (`<bits/confname.h>`, x86-64) the model answers.
mod sc {
    pub const CLK_TCK: i32 = 2;
    pub const PAGESIZE: i32 = 30;
    pub const LINE_MAX: i32 = 43;
    pub const NPROCESSORS_CONF: i32 = 83;
    pub const NPROCESSORS_ONLN: i32 = 84;
    pub const HOST_NAME_MAX: i32 = 180;
    /// The last name glibc 2.36 defines (`_SC_SIGSTKSZ`).
    pub const LAST: i32 = 250;
}

/// The page size (`sysconf(_SC_PAGESIZE)`, `valloc`'s alignment): x86-64's.
pub const PAGE_SIZE: u64 = 4096;
/// `getppid()`: every rank's parent is the launcher's proxy on the node.
const PARENT_PID: i32 = 999;
/// `getuid()`, `geteuid()`, `getgid()`, `getegid()`.
const USER_ID: i32 = 1000;
/// `sizeof(struct sigaction)` on x86-64 glibc.
const SIGACTION_SIZE: u64 = 152;
/// `sizeof(struct stat)` on x86-64 glibc.
const STAT_SIZE: usize = 144;
/// `SIGKILL` and `SIGSTOP`, whose action cannot be changed, and the
/// highest signal number (`SIGRTMAX`).
const SIGKILL: i32 = 9;
const SIGSTOP: i32 = 19;
const SIGRTMAX: i32 = 64;
/// `access` modes (`<unistd.h>`).
const R_OK: i32 = 4;

/// Executes a system function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Sysconf => {
            let name = a.get(0)? as u32 as i32;
            let v: i64 = match name {
                // The one node has a processor per process.
                sc::NPROCESSORS_CONF | sc::NPROCESSORS_ONLN => mem.statics.processors.max(1) as i64,
                sc::PAGESIZE => PAGE_SIZE as i64,
                // Linux's USER_HZ.
                sc::CLK_TCK => 100,
                sc::HOST_NAME_MAX => 64,
                sc::LINE_MAX => 2048,
                // A name glibc does not know: -1 and EINVAL (POSIX).
                n if !(0..=sc::LAST).contains(&n) => {
                    set_errno(mem, errno::EINVAL);
                    -1
                }
                // A limit of the machine the model does not fix (open
                // files, memory pages...): a real run's value differs from
                // machine to machine, so the check does not guess it.
                n => {
                    return Ok(LibcOutcome::Unsupported(format!(
                        "sysconf({n}): this system value is not modeled"
                    )))
                }
            };
            Ok(ret(v as u64))
        }
        // Standard input, output and error are pipes from `mpiexec`: not a
        // terminal (ENOTTY); no other descriptor is known (EBADF).
        LibcFunc::Isatty => {
            let fd = a.get(0)? as u32 as i32;
            let code = if (0..=2).contains(&fd) {
                errno::ENOTTY
            } else {
                errno::EBADF
            };
            set_errno(mem, code);
            Ok(ret_i32(0))
        }
        // signal(sig, handler) (C11 7.14.1.1): accepted and not recorded,
        // since no signal arrives in the model; it returns SIG_DFL, the
        // action every signal starts with, as the previous one. An invalid
        // signal gives SIG_ERR ((void *)-1) and EINVAL.
        LibcFunc::Signal => {
            let sig = a.get(0)? as u32 as i32;
            a.get(1)?;
            if !settable(sig) {
                set_errno(mem, errno::EINVAL);
                return Ok(ret(u64::MAX));
            }
            Ok(ret(0))
        }
        // sigaction(sig, act, oldact) (POSIX): the new action is read (it
        // must be a whole `struct sigaction`) and not recorded; the old one
        // is the default (all zero: SIG_DFL, no flags, an empty mask).
        LibcFunc::Sigaction => {
            let (sig, act, old) = (a.get(0)? as u32 as i32, a.get(1)?, a.get(2)?);
            let valid = if act == 0 {
                (1..=SIGRTMAX).contains(&sig)
            } else {
                settable(sig)
            };
            if !valid {
                set_errno(mem, errno::EINVAL);
                return Ok(ret_i32(-1));
            }
            if act != 0 {
                mem.check_range(act, SIGACTION_SIZE, false)?;
            }
            if old != 0 {
                mem.write_bytes(old, &[0; SIGACTION_SIZE as usize])?;
            }
            Ok(ret_i32(0))
        }
        LibcFunc::Getcwd => getcwd(mem, a.get(0)?, a.get(1)?),
        LibcFunc::Getppid => Ok(ret_i32(PARENT_PID)),
        LibcFunc::Getuid => Ok(ret_i32(USER_ID)),
        // access(path, mode): existence (F_OK) and read permission (R_OK,
        // by opening the file as a real run would) on the file system;
        // write and execute permission depend on who runs the program.
        LibcFunc::Access => {
            let path = path_arg(mem, a.get(0)?)?;
            let mode = a.get(1)? as u32 as i32;
            if mode & !R_OK != 0 {
                return Ok(LibcOutcome::Unsupported(
                    "access with W_OK or X_OK (who runs the program decides)".into(),
                ));
            }
            let result = if mode & R_OK != 0 {
                std::fs::File::open(&path).map(|_| ())
            } else {
                std::fs::metadata(&path).map(|_| ())
            };
            Ok(match result {
                Ok(()) => ret_i32(0),
                Err(e) => fail(mem, &e),
            })
        }
        // stat(path, buf) (POSIX): the file's metadata, in glibc's x86-64
        // `struct stat` (144 bytes, checked as one write).
        LibcFunc::Stat => {
            let path = path_arg(mem, a.get(0)?)?;
            let buf = a.get(1)?;
            match std::fs::metadata(&path) {
                Ok(md) => {
                    mem.write_bytes(buf, &stat_bytes(&md))?;
                    Ok(ret_i32(0))
                }
                Err(e) => Ok(fail(mem, &e)),
            }
        }
        _ => Ok(misrouted(func)),
    }
}

/// Whether `sig` names a signal whose action a program may change.
fn settable(sig: i32) -> bool {
    (1..=SIGRTMAX).contains(&sig) && sig != SIGKILL && sig != SIGSTOP
}

/// The path a string argument names.
fn path_arg(mem: &Memory, at: u64) -> Result<std::path::PathBuf, MemFault> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = mem.read_c_string(at)?;
    Ok(std::path::PathBuf::from(std::ffi::OsStr::from_bytes(
        &bytes,
    )))
}

/// A failed system call: -1, with the system's error in `errno`.
fn fail(mem: &mut Memory, e: &std::io::Error) -> LibcOutcome {
    set_errno(mem, e.raw_os_error().unwrap_or(errno::ENOENT));
    ret_i32(-1)
}

/// glibc's x86-64 `struct stat` of `md`.
fn stat_bytes(md: &std::fs::Metadata) -> [u8; STAT_SIZE] {
    use std::os::unix::fs::MetadataExt;
    let mut b = [0u8; STAT_SIZE];
    let mut put = |at: usize, bytes: &[u8]| b[at..at + bytes.len()].copy_from_slice(bytes);
    put(0, &md.dev().to_le_bytes());
    put(8, &md.ino().to_le_bytes());
    put(16, &md.nlink().to_le_bytes());
    put(24, &md.mode().to_le_bytes());
    put(28, &md.uid().to_le_bytes());
    put(32, &md.gid().to_le_bytes());
    put(40, &md.rdev().to_le_bytes());
    put(48, &md.size().to_le_bytes());
    put(56, &md.blksize().to_le_bytes());
    put(64, &md.blocks().to_le_bytes());
    for (at, (sec, nsec)) in [
        (72, (md.atime(), md.atime_nsec())),
        (88, (md.mtime(), md.mtime_nsec())),
        (104, (md.ctime(), md.ctime_nsec())),
    ] {
        put(at, &sec.to_le_bytes());
        put(at + 8, &nsec.to_le_bytes());
    }
    b
}

/// `getcwd(buf, size)` (POSIX, with glibc's extension): the working
/// directory and its NUL in `buf`, or, when `buf` is NULL, in a new heap
/// block (of `size` bytes, or as many as needed when `size` is 0). NULL
/// with EINVAL for a zero size, ERANGE when the path does not fit.
fn getcwd(mem: &mut Memory, buf: u64, size: u64) -> Result<LibcOutcome, MemFault> {
    use std::os::unix::ffi::OsStrExt;
    let Ok(dir) = std::env::current_dir() else {
        return Ok(LibcOutcome::Unsupported(
            "getcwd: the checker's working directory cannot be read".into(),
        ));
    };
    let mut bytes = dir.as_os_str().as_bytes().to_vec();
    bytes.push(0);
    let need = bytes.len() as u64;
    let at = if buf == 0 {
        if size != 0 && size < need {
            set_errno(mem, errno::ERANGE);
            return Ok(ret(0));
        }
        mem.allocate(size.max(need), AllocKind::Heap)?
    } else {
        if size == 0 {
            set_errno(mem, errno::EINVAL);
            return Ok(ret(0));
        }
        if size < need {
            set_errno(mem, errno::ERANGE);
            return Ok(ret(0));
        }
        buf
    };
    mem.write_bytes(at, &bytes)?;
    Ok(ret(at))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn sysconf_answers_what_the_model_fixes() {
        let mut m = mem();
        m.statics.processors = 4;
        assert_eq!(c(&mut m, LibcFunc::Sysconf, &[i32a(84)]).unwrap(), 4);
        assert_eq!(c(&mut m, LibcFunc::Sysconf, &[i32a(83)]).unwrap(), 4);
        assert_eq!(c(&mut m, LibcFunc::Sysconf, &[i32a(30)]).unwrap(), 4096);
        assert_eq!(c(&mut m, LibcFunc::Sysconf, &[i32a(2)]).unwrap(), 100);
        assert_eq!(
            c(&mut m, LibcFunc::Sysconf, &[i32a(99999)]).unwrap(),
            u64::MAX
        );
        assert!(matches!(
            call(LibcFunc::Sysconf, &[i32a(4)], &mut m),
            Ok(LibcOutcome::Unsupported(_))
        ));
    }

    #[test]
    fn terminals_signals_and_ids() {
        let mut m = mem();
        assert_eq!(c(&mut m, LibcFunc::Isatty, &[i32a(1)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Signal, &[i32a(2), p(1)]).unwrap(), 0);
        assert_eq!(
            c(&mut m, LibcFunc::Signal, &[i32a(9), p(1)]).unwrap(),
            u64::MAX
        );
        let act = m.allocate(152, AllocKind::Stack).unwrap();
        let old = m.allocate(152, AllocKind::Stack).unwrap();
        m.write_bytes(old, &[7; 152]).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Sigaction, &[i32a(15), p(act), p(old)]).unwrap(),
            0
        );
        assert_eq!(m.read_bytes(old, 152).unwrap(), &[0u8; 152][..]);
        let small = m.allocate(16, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::Sigaction, &[i32a(15), p(small), p(0)], &mut m),
            Err(MemFault::OutOfBounds { write: false, .. })
        ));
        assert_eq!(c(&mut m, LibcFunc::Getppid, &[]).unwrap(), 999);
        assert_eq!(c(&mut m, LibcFunc::Getuid, &[]).unwrap(), 1000);
    }

    #[test]
    fn getcwd_access_and_stat_see_the_working_directory() {
        let mut m = mem();
        let cwd = std::env::current_dir().unwrap();
        let want = cwd.to_str().unwrap().to_string();
        let buf = m.allocate(4096, AllocKind::Stack).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Getcwd, &[p(buf), i64a(4096)]).unwrap(),
            buf
        );
        assert_eq!(read_str(&m, buf), want);
        assert_eq!(c(&mut m, LibcFunc::Getcwd, &[p(buf), i64a(2)]).unwrap(), 0);
        let fresh = c(&mut m, LibcFunc::Getcwd, &[p(0), i64a(0)]).unwrap();
        assert_eq!(read_str(&m, fresh), want);
        m.free(fresh).unwrap();
        // Cargo runs the tests in the package's directory.
        let name = string(&mut m, "Cargo.toml");
        assert_eq!(c(&mut m, LibcFunc::Access, &[p(name), i32a(0)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Access, &[p(name), i32a(4)]).unwrap(), 0);
        let missing = string(&mut m, "no-such-file.txt");
        assert_eq!(
            c(&mut m, LibcFunc::Access, &[p(missing), i32a(0)]).unwrap(),
            u32::MAX as u64
        );
        let st = m.allocate(144, AllocKind::Stack).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Stat, &[p(name), p(st)]).unwrap(), 0);
        let size = std::fs::metadata("Cargo.toml").unwrap().len();
        assert_eq!(m.load(st + 48, 8).unwrap(), size);
        // S_IFREG.
        assert_eq!(m.load(st + 24, 4).unwrap() & 0o170000, 0o100000);
        let short = m.allocate(100, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::Stat, &[p(name), p(short)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }
}
