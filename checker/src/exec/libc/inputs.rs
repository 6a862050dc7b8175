//! The input sources a program reads: `rand`/`srand` (glibc's generator,
//! per process, C11 7.22.2.2), `time` and `clock` (fixed) and `getenv` (the
//! checker's own environment). `--any-input` treats them as inputs instead.

use super::{ret, ret_i32, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::LibcFunc;

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
        _ => {
            let name = mem.read_c_string(a.get(0)?)?;
            Ok(ret(getenv_string(mem, &name, false)?))
        }
    }
}

/// The string `getenv(name)` returns: the checker's own environment value in
/// memory the process owns, or NULL (0) when unset — unless `present`, then
/// an empty string (an input cell where the variable is set).
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
