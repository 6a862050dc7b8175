//! The pointer encoding: an allocation id and a byte offset in one `u64`
//! register value (see the module docs of `model`).

use super::{FuncId, LocId};

/// Encoded pointer: allocation id in the high 32 bits, offset in the low 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pointer {
    pub alloc: u32,
    pub offset: u32,
}

impl Pointer {
    /// Allocation ids at or above this name functions (for function pointers).
    pub const FUNCTION_BASE: u32 = 0xFF00_0000;

    /// Allocation ids of the standard streams `stdin`, `stdout`, `stderr`
    /// (in that order): never allocated, so a program that looks inside a
    /// `FILE` faults, while the C library model tells them from NULL and
    /// from each other.
    pub const STREAM_BASE: u32 = 0xFEFF_0000;

    /// The value of the standard stream variable `name`.
    pub fn standard_stream(name: &str) -> Option<u64> {
        let i = ["stdin", "stdout", "stderr"]
            .iter()
            .position(|s| *s == name)?;
        Some(
            Pointer {
                alloc: Self::STREAM_BASE + i as u32,
                offset: 0,
            }
            .encode(),
        )
    }

    /// Whether `bits` is one of the standard streams.
    pub fn is_standard_stream(bits: u64) -> bool {
        let p = Pointer::decode(bits);
        p.offset == 0 && (Self::STREAM_BASE..Self::STREAM_BASE + 3).contains(&p.alloc)
    }

    pub fn encode(self) -> u64 {
        ((self.alloc as u64) << 32) | self.offset as u64
    }

    pub fn decode(bits: u64) -> Pointer {
        Pointer {
            alloc: (bits >> 32) as u32,
            offset: bits as u32,
        }
    }

    /// Address of global `index` (allocation `index + 1`).
    pub fn global(index: u32) -> u64 {
        Pointer {
            alloc: index + 1,
            offset: 0,
        }
        .encode()
    }

    /// Address standing for function `f` (calls through it are resolved).
    pub fn function(f: FuncId) -> u64 {
        Pointer {
            alloc: Self::FUNCTION_BASE + f,
            offset: 0,
        }
        .encode()
    }

    /// Allocation ids from this one up to `STREAM_BASE` name the opaque
    /// objects that calls assumed to have no effect return (`Foreign`):
    /// never allocated, so looking inside one faults, and the checker names
    /// the function that returned it. The id holds the call's location;
    /// the offset tells calls at one location apart (it is fresh per call).
    pub const OPAQUE_BASE: u32 = 0xFE00_0000;

    /// The opaque object returned by the call at location `loc`, the
    /// `serial`th (modulo 2^32) of its process.
    pub fn opaque(loc: LocId, serial: u64) -> u64 {
        Pointer {
            alloc: Self::OPAQUE_BASE + loc.min(Self::STREAM_BASE - Self::OPAQUE_BASE - 1),
            offset: serial as u32,
        }
        .encode()
    }

    /// The location of the call that returned the opaque object `bits`
    /// points into, if it is one.
    pub fn as_opaque(bits: u64) -> Option<LocId> {
        let p = Pointer::decode(bits);
        (Self::OPAQUE_BASE..Self::STREAM_BASE)
            .contains(&p.alloc)
            .then(|| p.alloc - Self::OPAQUE_BASE)
    }

    pub fn as_function(bits: u64) -> Option<FuncId> {
        let p = Pointer::decode(bits);
        (p.alloc >= Self::FUNCTION_BASE && p.offset == 0).then(|| p.alloc - Self::FUNCTION_BASE)
    }
}
