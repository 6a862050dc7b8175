//! The `<stdio.h>` functions other than the printf family: `puts`,
//! `putchar`, `fputs`, `fputc`, `fflush`, `perror`, the files opened for
//! writing (`fopen`, C11 7.21.5.3, `fwrite`, `fclose`) and the buffering of
//! streams (`setvbuf`, `setbuf`). Their output is dropped, but every byte C
//! would read is read.

use super::{misrouted, ret, ret_i32, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::LibcFunc;

/// Size of the object standing for a `FILE` opened by fopen.
const FILE_SIZE: u64 = 8;
/// `BUFSIZ` (glibc): the size of the buffer `setbuf` gives a stream.
const BUFSIZ: u64 = 8192;
/// `_IONBF`, the last of setvbuf's modes (`_IOFBF` 0, `_IOLBF` 1).
const IONBF: i32 = 2;

/// Executes an output function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Puts => {
            let s = mem.read_c_string(a.get(0)?)?;
            // puts returns a nonnegative value; the count written (with the
            // newline) is what glibc returns.
            Ok(ret_i32((s.len() + 1).min(i32::MAX as usize) as i32))
        }
        LibcFunc::Putchar => Ok(ret(a.get(0)? as u8 as u64)),
        // fflush(NULL) flushes every stream (C11 7.21.5.2).
        LibcFunc::Fflush => {
            let f = a.get(0)?;
            if f == 0 || super::streams::is_writer(mem, f) {
                if let Err(m) = super::streams::flush(mem, (f != 0).then_some(f), "fflush") {
                    return Ok(LibcOutcome::Unsupported(m));
                }
            }
            Ok(ret_i32(0))
        }
        LibcFunc::Perror => {
            // perror(NULL) and perror("") print only the error text.
            let s = a.get(0)?;
            if s != 0 {
                mem.read_c_string(s)?;
            }
            Ok(LibcOutcome::Return(None))
        }
        LibcFunc::Fputs => {
            let s = mem.read_c_string(a.get(0)?)?;
            super::streams::emit(mem, a.get(1)?, &s);
            Ok(ret_i32(1))
        }
        LibcFunc::Fputc => {
            let c = a.get(0)? as u8;
            if let Ok(f) = a.get(1) {
                super::streams::emit(mem, f, &[c]);
            }
            Ok(ret(c as u64))
        }
        LibcFunc::Fopen => {
            let name = mem.read_c_string(a.get(0)?)?;
            let mode = mem.read_c_string(a.get(1)?)?;
            match mode.first() {
                // The file of the check's file system the processes share
                // (`streams::FsLoan`); the stream is a small object of the
                // process, so a second fclose is reported.
                Some(c @ (b'w' | b'a')) if !mode.contains(&b'+') => {
                    super::streams::open_for_writing(mem, &name, *c == b'a', FILE_SIZE)
                }
                Some(b'r') if !mode.contains(&b'+') => {
                    super::streams::open_for_reading(mem, &name, FILE_SIZE)
                }
                Some(c @ (b'r' | b'w' | b'a')) => {
                    super::streams::open_for_update(mem, &name, *c, FILE_SIZE)
                }
                // An invalid mode fails with EINVAL (C11 7.21.5.3 lists the
                // valid ones).
                _ => Ok(ret(0)),
            }
        }
        LibcFunc::Fclose => {
            let f = a.get(0)?;
            // fclose(NULL) crashes glibc; the standard streams are not
            // objects of the model, and closing one succeeds.
            if f == 0 {
                return Err(MemFault::Null { write: false });
            }
            if !runtime_model::model::Pointer::is_standard_stream(f) {
                if super::streams::is_writer(mem, f) {
                    if let Err(m) = super::streams::flush(mem, Some(f), "fclose") {
                        return Ok(LibcOutcome::Unsupported(m));
                    }
                }
                mem.statics.streams.close(f);
                mem.free(f).map_err(|e| match e {
                    MemFault::DoubleFree | MemFault::InvalidFree { .. } => MemFault::Other(
                        "fclose of a stream already closed, or not opened by fopen".into(),
                    ),
                    e => e,
                })?;
            }
            Ok(ret_i32(0))
        }
        LibcFunc::Fwrite => {
            let (p, size, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            let bytes = size
                .checked_mul(n)
                .ok_or_else(|| MemFault::Other("fwrite: size * count overflows".into()))?;
            mem.check_range(p, bytes, false)?;
            let f = a.get(3)?;
            if super::streams::is_writer(mem, f) {
                let data = mem.read_bytes(p, bytes)?.to_vec();
                super::streams::emit(mem, f, &data);
            }
            Ok(ret(if size == 0 { 0 } else { n }))
        }
        // setvbuf(stream, buf, mode, size) (C11 7.21.5.6): when and how
        // output is flushed changes nothing the model checks (output is
        // dropped, and what MPI delivers does not go through stdio), so
        // the call only checks its arguments: a stream that is open, a
        // valid mode (else nonzero, EINVAL, as glibc), and a buffer the
        // stream may then write `size` bytes into (unused when unbuffered).
        LibcFunc::Setvbuf => {
            let (f, buf, mode, size) = (a.get(0)?, a.get(1)?, a.get(2)? as u32 as i32, a.get(3)?);
            check_stream(mem, f)?;
            if !(0..=IONBF).contains(&mode) {
                super::set_errno(mem, super::errno::EINVAL);
                return Ok(ret_i32(-1));
            }
            if buf != 0 && mode != IONBF {
                mem.check_range(buf, size, true)?;
            }
            Ok(ret_i32(0))
        }
        // setbuf(stream, buf) (C11 7.21.5.5) is setvbuf with a BUFSIZ
        // buffer, or unbuffered for NULL; setlinebuf(stream) passes only
        // the stream.
        LibcFunc::Setbuf => {
            check_stream(mem, a.get(0)?)?;
            if let Some(&(buf, _)) = a.list.get(1).filter(|b| b.0 != 0) {
                mem.check_range(buf, BUFSIZ, true)?;
            }
            Ok(LibcOutcome::Return(None))
        }
        _ => Ok(misrouted(func)),
    }
}

/// Checks that `f` is a stream the process may use: a standard stream or
/// one `fopen` returned and `fclose` did not close (through NULL, glibc
/// crashes).
fn check_stream(mem: &Memory, f: u64) -> Result<(), MemFault> {
    if f == 0 {
        return Err(MemFault::Null { write: false });
    }
    if runtime_model::model::Pointer::is_standard_stream(f) {
        return Ok(());
    }
    mem.check_range(f, FILE_SIZE, false)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn output_functions_read_their_arguments() {
        let mut m = mem();
        let f = string(&mut m, "x=%d %s\n");
        let s = string(&mut m, "ok");
        assert_eq!(
            c(&mut m, LibcFunc::Printf, &[p(f), i32a(10), p(s)]).unwrap(),
            8
        );
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Fprintf,
                &[p(0x5_0000_0000), p(f), i32a(10), p(s)]
            )
            .unwrap(),
            8
        );
        m.free(s).unwrap();
        assert!(matches!(
            call(LibcFunc::Printf, &[p(f), i32a(10), p(s)], &mut m),
            Err(MemFault::UseAfterFree { write: false })
        ));
        assert!(matches!(
            call(LibcFunc::Printf, &[p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
        let hello = string(&mut m, "hello");
        assert_eq!(c(&mut m, LibcFunc::Puts, &[p(hello)]).unwrap(), 6);
        assert_eq!(c(&mut m, LibcFunc::Putchar, &[i32a(0x141)]).unwrap(), 0x41);
        assert_eq!(c(&mut m, LibcFunc::Fflush, &[p(0)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Sleep, &[i32a(1)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Usleep, &[i32a(1)]).unwrap(), 0);
    }

    #[test]
    fn strdup_perror_fputs() {
        let mut m = mem();
        let s = string(&mut m, "dup me");
        let d = c(&mut m, LibcFunc::Strdup, &[p(s)]).unwrap();
        assert_ne!(d, s);
        assert_eq!(read_str(&m, d), "dup me");
        m.free(d).unwrap();
        assert_eq!(
            call(LibcFunc::Perror, &[p(s)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            call(LibcFunc::Perror, &[p(0)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            c(&mut m, LibcFunc::Fputs, &[p(s), p(0x5_0000_0000)]).unwrap(),
            1
        );
        assert_eq!(
            c(&mut m, LibcFunc::Fputc, &[i32a(0x141), p(0)]).unwrap(),
            0x41
        );
    }

    #[test]
    fn buffering_checks_the_stream_and_the_buffer() {
        let mut m = mem();
        let stdout = runtime_model::model::Pointer::standard_stream("stdout").unwrap();
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Setvbuf,
                &[p(stdout), p(0), i32a(2), i64a(0)]
            )
            .unwrap(),
            0
        );
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Setvbuf,
                &[p(stdout), p(0), i32a(7), i64a(0)]
            )
            .unwrap(),
            u32::MAX as u64
        );
        let buf = m.allocate(64, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(
                LibcFunc::Setvbuf,
                &[p(stdout), p(buf), i32a(0), i64a(128)],
                &mut m
            ),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Setbuf, &[p(stdout), p(buf)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert_eq!(
            call(LibcFunc::Setbuf, &[p(stdout)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        // A closed stream.
        let name = string(&mut m, "out.dat");
        let w = string(&mut m, "w");
        let f = c(&mut m, LibcFunc::Fopen, &[p(name), p(w)]).unwrap();
        c(&mut m, LibcFunc::Fclose, &[p(f)]).unwrap();
        assert!(call(LibcFunc::Setbuf, &[p(f), p(0)], &mut m).is_err());
        assert!(matches!(
            call(LibcFunc::Setvbuf, &[p(0), p(0), i32a(2), i64a(0)], &mut m),
            Err(MemFault::Null { write: false })
        ));
    }

    #[test]
    fn files_opened_for_writing() {
        let mut m = mem();
        let name = string(&mut m, "out.dat");
        let w = string(&mut m, "w");
        let r = string(&mut m, "r");
        let bad = string(&mut m, "x");
        let f = c(&mut m, LibcFunc::Fopen, &[p(name), p(w)]).unwrap();
        assert_ne!(f, 0);
        let data = string(&mut m, "abcd");
        assert_eq!(
            c(&mut m, LibcFunc::Fwrite, &[p(data), i64a(2), i64a(2), p(f)]).unwrap(),
            2
        );
        assert!(matches!(
            call(LibcFunc::Fwrite, &[p(data), i64a(3), i64a(2), p(f)], &mut m),
            Err(MemFault::OutOfBounds { write: false, .. })
        ));
        assert_eq!(c(&mut m, LibcFunc::Fclose, &[p(f)]).unwrap(), 0);
        assert!(call(LibcFunc::Fclose, &[p(f)], &mut m).is_err());
        // What was written is on the check's file system, not on disk.
        let fs = &m.statics.fs.as_ref().unwrap().files;
        assert_eq!(fs.read("out.dat", &[(0, 8)]), b"abcd");
        assert!(!std::path::Path::new("out.dat").exists());
        let back = c(&mut m, LibcFunc::Fopen, &[p(name), p(r)]).unwrap();
        assert_ne!(back, 0);
        let buf = m.allocate(4, AllocKind::Heap).unwrap();
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Fread,
                &[p(buf), i64a(1), i64a(4), p(back)]
            )
            .unwrap(),
            4
        );
        assert_eq!(m.read_bytes(buf, 4).unwrap(), b"abcd");
        // Another rank's read of it with no clock ordering the two: the
        // check stops (inconclusive) rather than guess the timing.
        m.statics.fs.as_mut().unwrap().rank = 1;
        assert!(matches!(
            call(LibcFunc::Fopen, &[p(name), p(r)], &mut m),
            Ok(LibcOutcome::Unsupported(_))
        ));
        m.statics.fs.as_mut().unwrap().rank = 0;
        // Reading: a file that is not there opens as NULL, for update
        // ("r+") too; an existing one opens for update.
        let missing = string(&mut m, "no-such-directory/in.dat");
        assert_eq!(c(&mut m, LibcFunc::Fopen, &[p(missing), p(r)]).unwrap(), 0);
        let rw = string(&mut m, "r+");
        assert_eq!(c(&mut m, LibcFunc::Fopen, &[p(missing), p(rw)]).unwrap(), 0);
        assert_ne!(c(&mut m, LibcFunc::Fopen, &[p(name), p(rw)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Fopen, &[p(name), p(bad)]).unwrap(), 0);
    }
}
