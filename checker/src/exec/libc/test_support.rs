//! What the unit tests of the library modules share: a fresh [`Memory`],
//! typed arguments, and [`call`] giving the returned value.

pub(super) use super::LibcOutcome;
pub(super) use crate::exec::memory::{AllocKind, MemFault, Memory};
pub(super) use runtime_model::model::{LibcFunc, Ty};

/// [`super::call`] at logical time 0.
pub(super) fn call(
    f: LibcFunc,
    args: &[(u64, Ty)],
    m: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    super::call(f, args, m, super::Clock::default())
}

/// A fresh memory of rank 0, with the check's file system lent to it (as
/// while the process runs, `crate::system::step`).
pub(super) fn mem() -> Memory {
    let mut m = Memory::with_globals(&[]);
    m.statics.fs = Some(Box::new(super::FsLoan {
        files: Default::default(),
        rank: 0,
        clock: None,
        start_clocks: false,
        changed: false,
    }));
    m
}

pub(super) fn p(v: u64) -> (u64, Ty) {
    (v, Ty::Ptr)
}

pub(super) fn i32a(v: i32) -> (u64, Ty) {
    (v as u32 as u64, Ty::I32)
}

pub(super) fn i64a(v: i64) -> (u64, Ty) {
    (v as u64, Ty::I64)
}

pub(super) fn f64a(v: f64) -> (u64, Ty) {
    (v.to_bits(), Ty::F64)
}

pub(super) fn value(o: LibcOutcome) -> u64 {
    match o {
        LibcOutcome::Return(Some(v)) => v,
        other => panic!("expected a value, got {other:?}"),
    }
}

pub(super) fn c(m: &mut Memory, f: LibcFunc, args: &[(u64, Ty)]) -> Result<u64, MemFault> {
    call(f, args, m).map(value)
}

/// A heap string holding `s` and its NUL.
pub(super) fn string(m: &mut Memory, s: &str) -> u64 {
    let a = m.allocate(s.len() as u64 + 1, AllocKind::Heap).unwrap();
    m.write_bytes(a, s.as_bytes()).unwrap();
    a
}

pub(super) fn read_str(m: &Memory, a: u64) -> String {
    String::from_utf8(m.read_c_string(a).unwrap()).unwrap()
}
