//! File positions and files by name (C11 7.21.9, 7.21.10, 7.21.4; POSIX
//! `unlink`, `fseeko`, `ftello`): `fseek`, `ftell`, `rewind`, `fgetpos`,
//! `fsetpos`, `ferror`, `clearerr`, `remove`, `rename`, `unlink`, on the
//! streams of `streams` and the check's file system. A common use: the size
//! of an input file, `fseek(f, 0, SEEK_END); n = ftell(f); rewind(f);`.

use super::streams::{
    is_update, remove_file, rename_file, update_seek, update_tell, writer_seek, writer_tell,
};
use super::{errno, misrouted, ret, ret_i32, set_errno, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::{LibcFunc, Pointer};

/// Size of glibc's `fpos_t` (`{ off_t pos; mbstate_t state; }`).
const FPOS_SIZE: u64 = 16;
/// `ESPIPE`: the stream cannot be positioned (a terminal or a pipe).
const ESPIPE: i32 = 29;

/// Executes a positioning or naming function `func` (routed here by
/// [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    let what = func.c_name();
    match func {
        LibcFunc::Fseek | LibcFunc::Fseeko => {
            let (f, offset, whence) = (a.get(0)?, a.get(1)? as i64, a.get(2)? as u32 as i32);
            if !(0..=2).contains(&whence) {
                stream(mem, f, func)?;
                set_errno(mem, errno::EINVAL);
                return Ok(ret_i32(-1));
            }
            seek(mem, f, offset, whence, func)
        }
        LibcFunc::Rewind => {
            // rewind is fseek(f, 0, SEEK_SET) that also clears the error
            // indicator and returns nothing (C11 7.21.9.5).
            match seek(mem, a.get(0)?, 0, 0, func)? {
                LibcOutcome::Return(_) => Ok(LibcOutcome::Return(None)),
                other => Ok(other),
            }
        }
        LibcFunc::Fsetpos => {
            let (f, pos) = (a.get(0)?, a.get(1)?);
            let offset = mem.read_bytes(pos, 8)?;
            let offset = i64::from_le_bytes(offset.try_into().unwrap_or([0; 8]));
            seek(mem, f, offset, 0, func)
        }
        LibcFunc::Ftell | LibcFunc::Ftello | LibcFunc::Fgetpos => {
            let f = a.get(0)?;
            let here = match stream(mem, f, func)? {
                Kind::Update => match update_tell(mem, f, what) {
                    Some(Ok(p)) => p,
                    Some(Err(m)) => return Ok(LibcOutcome::Unsupported(m)),
                    None => -1,
                },
                Kind::Reading => mem.statics.streams.tell(f).unwrap_or(-1),
                Kind::Writing => match writer_tell(mem, f, what) {
                    Some(Ok(p)) => p,
                    Some(Err(m)) => return Ok(LibcOutcome::Unsupported(m)),
                    None => -1,
                },
                Kind::Terminal => {
                    set_errno(mem, ESPIPE);
                    return Ok(ret_i32(-1));
                }
                Kind::Other(o) => return Ok(o),
            };
            if func != LibcFunc::Fgetpos {
                return Ok(ret(here as u64));
            }
            let mut bytes = [0u8; FPOS_SIZE as usize];
            bytes[..8].copy_from_slice(&here.to_le_bytes());
            mem.write_bytes(a.get(1)?, &bytes)?;
            Ok(ret_i32(0))
        }
        // The model has no failing reads or writes: a stream's error
        // indicator is never set.
        LibcFunc::Ferror => match stream(mem, a.get(0)?, func)? {
            Kind::Other(o) => Ok(o),
            _ => Ok(ret_i32(0)),
        },
        LibcFunc::Clearerr => {
            let f = a.get(0)?;
            if let Kind::Other(o) = stream(mem, f, func)? {
                return Ok(o);
            }
            mem.statics.streams.clear_eof(f);
            Ok(LibcOutcome::Return(None))
        }
        LibcFunc::Remove | LibcFunc::Unlink => {
            let name = String::from_utf8_lossy(&mem.read_c_string(a.get(0)?)?).into_owned();
            match remove_file(mem, &name, what) {
                Ok(true) => Ok(ret_i32(0)),
                Ok(false) => {
                    set_errno(mem, errno::ENOENT);
                    Ok(ret_i32(-1))
                }
                Err(m) => Ok(LibcOutcome::Unsupported(m)),
            }
        }
        LibcFunc::Rename => {
            let from = String::from_utf8_lossy(&mem.read_c_string(a.get(0)?)?).into_owned();
            let to = String::from_utf8_lossy(&mem.read_c_string(a.get(1)?)?).into_owned();
            match rename_file(mem, &from, &to) {
                Ok(true) => Ok(ret_i32(0)),
                Ok(false) => {
                    set_errno(mem, errno::ENOENT);
                    Ok(ret_i32(-1))
                }
                Err(m) => Ok(LibcOutcome::Unsupported(m)),
            }
        }
        _ => Ok(misrouted(func)),
    }
}

/// What stream `f` is.
enum Kind {
    /// Opened for update ("r+", "w+", "a+").
    Update,
    Reading,
    Writing,
    /// Standard output or error, or standard input the check was not
    /// given: positioned as on a terminal, which cannot be.
    Terminal,
    /// Not a stream the model knows: the outcome to return.
    Other(LibcOutcome),
}

/// Classifies stream `f`: through NULL or a closed stream, a memory error
/// (glibc crashes or reads freed memory).
fn stream(mem: &Memory, f: u64, func: LibcFunc) -> Result<Kind, MemFault> {
    if f == 0 {
        return Err(MemFault::Null { write: false });
    }
    if is_update(mem, f) {
        return Ok(Kind::Update);
    }
    if mem.statics.streams.tell(f).is_some() {
        return Ok(Kind::Reading);
    }
    if super::streams::is_writer(mem, f) {
        return Ok(Kind::Writing);
    }
    if Pointer::is_standard_stream(f) {
        return Ok(Kind::Terminal);
    }
    mem.check_range(f, 1, false)?;
    Ok(Kind::Other(LibcOutcome::Unsupported(format!(
        "{} on a stream the model does not know (not one fopen returned)",
        func.c_name()
    ))))
}

/// `fseek(f, offset, whence)`: 0, or -1 with `errno` set.
fn seek(
    mem: &mut Memory,
    f: u64,
    offset: i64,
    whence: i32,
    func: LibcFunc,
) -> Result<LibcOutcome, MemFault> {
    let moved = match stream(mem, f, func)? {
        Kind::Update => match update_seek(mem, f, offset, whence, func.c_name()) {
            Ok(m) => m,
            Err(m) => return Ok(LibcOutcome::Unsupported(m)),
        },
        Kind::Reading => mem.statics.streams.seek(f, offset, whence).unwrap_or(false),
        Kind::Writing => match writer_seek(mem, f, offset, whence, func.c_name()) {
            Some(Ok(m)) => m,
            Some(Err(m)) => return Ok(LibcOutcome::Unsupported(m)),
            None => false,
        },
        Kind::Terminal => {
            set_errno(mem, ESPIPE);
            return Ok(ret_i32(-1));
        }
        Kind::Other(o) => return Ok(o),
    };
    if moved {
        Ok(ret_i32(0))
    } else {
        set_errno(mem, errno::EINVAL);
        Ok(ret_i32(-1))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use std::sync::Arc;

    /// A process whose standard input holds `text` (a reading stream).
    fn with_stdin(text: &str) -> (Memory, u64) {
        let mut m = mem();
        m.statics.streams.set_stdin(Arc::from(text.as_bytes()));
        let stdin = runtime_model::model::Pointer::standard_stream("stdin").unwrap();
        (m, stdin)
    }

    #[test]
    fn seek_and_tell_move_a_reading_stream_and_drop_pushed_back_bytes() {
        let (mut m, f) = with_stdin("0123456789");
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(f), i64a(0), i32a(2)]).unwrap(),
            0
        );
        assert_eq!(c(&mut m, LibcFunc::Ftell, &[p(f)]).unwrap(), 10);
        // Reading at the end sets the end-of-file indicator; a seek clears it.
        assert_eq!(
            c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap() as u32 as i32,
            -1
        );
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(f)]).unwrap(), 1);
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(f), i64a(-3), i32a(1)]).unwrap(),
            0
        );
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(f)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap(), b'7' as u64);
        // A byte other than the one read is pushed back: the position steps
        // back by one, and a seek forgets it.
        assert_eq!(
            c(&mut m, LibcFunc::Ungetc, &[i32a(b'x' as i32), p(f)]).unwrap(),
            b'x' as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Ftell, &[p(f)]).unwrap(), 7);
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(f), i64a(0), i32a(1)]).unwrap(),
            0
        );
        assert_eq!(c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap(), b'7' as u64);
        // Before the start: -1 and EINVAL, the position unchanged.
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(f), i64a(-100), i32a(1)]).unwrap() as u32 as i32,
            -1
        );
        assert_eq!(c(&mut m, LibcFunc::Ftell, &[p(f)]).unwrap(), 8);
        // An invalid whence fails too.
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(f), i64a(0), i32a(7)]).unwrap() as u32 as i32,
            -1
        );
    }

    #[test]
    fn fgetpos_and_fsetpos_come_back_to_the_same_byte() {
        let (mut m, f) = with_stdin("abcdef");
        let pos = m.allocate(16, AllocKind::Heap).unwrap();
        c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Fgetpos, &[p(f), p(pos)]).unwrap(), 0);
        c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap();
        c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Fsetpos, &[p(f), p(pos)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap(), b'b' as u64);
        // rewind returns nothing and goes back to the start.
        assert!(matches!(
            call(LibcFunc::Rewind, &[p(f)], &mut m),
            Ok(LibcOutcome::Return(None))
        ));
        assert_eq!(c(&mut m, LibcFunc::Fgetc, &[p(f)]).unwrap(), b'a' as u64);
    }

    #[test]
    fn standard_output_cannot_be_positioned_and_null_faults() {
        let mut m = mem();
        let out = runtime_model::model::Pointer::standard_stream("stdout").unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Ftell, &[p(out)]).unwrap() as u32 as i32,
            -1
        );
        assert_eq!(
            c(&mut m, LibcFunc::Fseek, &[p(out), i64a(0), i32a(0)]).unwrap() as u32 as i32,
            -1
        );
        assert_eq!(c(&mut m, LibcFunc::Ferror, &[p(out)]).unwrap(), 0);
        assert!(matches!(
            call(LibcFunc::Ftell, &[p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
    }
}
