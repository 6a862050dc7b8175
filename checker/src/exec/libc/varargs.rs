//! Variable arguments: `va_start` fills the x86-64 System V `va_list`
//! record (ABI 3.5.7) so that `va_arg` reads the caller's slots, and
//! [`va_list_args`] gives the v-forms of printf the slots a `va_list` has
//! left (C11 7.21.6.8-13).

use super::{ptr_add, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::Ty;

/// `va_start(ap, area)`: the caller's variable arguments are at `area`.
pub(super) fn va_start(a: &Args<'_>, mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    let (ap, area) = (a.get(0)?, a.get(1)?);
    // The x86-64 System V `va_list` with the argument registers used
    // up, so that `va_arg` reads the overflow area: the caller's slots.
    mem.check_range(ap, VA_LIST_SIZE, true)?;
    mem.store(ap, 4, VA_GP_USED)?;
    mem.store(ptr_add(ap, 4)?, 4, VA_FP_USED)?;
    mem.store(ptr_add(ap, 8)?, 8, area)?;
    mem.store(ptr_add(ap, 16)?, 8, 0)?;
    Ok(LibcOutcome::Return(None))
}

/// Size of the `va_list` record and the register offsets `va_start` puts
/// in it (x86-64 System V ABI 3.5.7: 6 general registers of 8 bytes, then
/// 8 vector registers of 16 bytes, all taken).
const VA_LIST_SIZE: u64 = 24;
const VA_GP_USED: u64 = 48;
const VA_FP_USED: u64 = 304;
/// Each variable argument occupies one 8-byte slot of the area.
const VA_SLOT: u64 = 8;

/// The variable arguments left in the `va_list` at `ap`: the slots from its
/// overflow-area position to the end of the area the caller filled. Slots
/// are untyped; the format's conversions say how to read them (a `double`
/// slot holds its bits, an `int` one the value in its low half).
pub(super) fn va_list_args(mem: &Memory, ap: u64) -> Result<Vec<(u64, Ty)>, MemFault> {
    let area = mem.load(ptr_add(ap, 8)?, 8)?;
    let Some((size, off, _)) = mem.block_of(area) else {
        return Err(MemFault::Other(
            "va_list used without va_start (or after its function returned)".into(),
        ));
    };
    let n = size.saturating_sub(off as u64) / VA_SLOT;
    (0..n)
        .map(|i| Ok((mem.load(ptr_add(area, i * VA_SLOT)?, VA_SLOT)?, Ty::I64)))
        .collect()
}
