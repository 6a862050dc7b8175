//! The memory an RMA call reaches in a dynamic window (MPI 3.1 §11.2.4):
//! every byte must lie in memory the target attached, by one
//! `MPI_Win_attach` or by several adjacent ones ("the memory must be
//! attached", not attached by one call).

use super::super::decode::Site;
use crate::mpi::machine::*;
use runtime_model::mpi::rma::{Region, WinId};

/// The parts of `ranges` (address, length) that no region of `attached`
/// covers, in order.
pub(super) fn uncovered(ranges: &[(u64, u64)], attached: &[Region]) -> Vec<(u64, u64)> {
    let mut regions: Vec<(u64, u64)> = attached
        .iter()
        .filter(|r| r.size > 0)
        .map(|r| (r.base, r.base.saturating_add(r.size)))
        .collect();
    regions.sort_unstable();
    let mut out = Vec::new();
    for &(addr, len) in ranges {
        let (mut at, end) = (addr, addr.saturating_add(len));
        for &(from, to) in &regions {
            if at >= end {
                break;
            }
            if to <= at || from >= end {
                continue;
            }
            if from > at {
                out.push((at, from - at));
            }
            at = at.max(to);
        }
        if at < end {
            out.push((at, end - at));
        }
    }
    out
}

impl Machine {
    /// Every byte of `ranges` (the call reaches them from address `start`)
    /// is attached by member `t` of dynamic window `w`; otherwise the
    /// error names the bytes that are not (MPI_ERR_RMA_RANGE).
    pub(super) fn check_attached(
        &self,
        site: &Site,
        w: WinId,
        t: usize,
        start: u64,
        ranges: &[(u64, u64)],
    ) -> Result<(), Halt> {
        let attached = &self.world.rma.windows[w].attached[t];
        let missing = uncovered(ranges, attached);
        if missing.is_empty() {
            return Ok(());
        }
        let total: u64 = ranges.iter().map(|r| r.1).sum();
        let gaps: Vec<String> = missing
            .iter()
            .map(|&(at, len)| {
                let from = at.wrapping_sub(start);
                format!(
                    "bytes {from}..{} (0x{at:x}..0x{:x})",
                    from + len,
                    at.wrapping_add(len)
                )
            })
            .collect();
        let regions: Vec<String> = attached
            .iter()
            .map(|r| format!("{} bytes at 0x{:x}", r.size, r.base))
            .collect();
        Err(site.invalid(format!(
            "the {total} bytes it reaches at rank {t} from address 0x{start:x} are not all attached to dynamic window {}: {} of them are in no region rank {t} attached ({}) (MPI_ERR_RMA_RANGE, MPI 3.1 §11.2.4: every byte accessed must be attached, by one MPI_Win_attach or by several adjacent ones)",
            w + 1,
            gaps.join(", "),
            if regions.is_empty() {
                "it attached none".to_string()
            } else {
                format!("it attached {}", regions.join(", "))
            }
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(base: u64, size: u64) -> Region {
        Region {
            base,
            size,
            disp_unit: 1,
        }
    }

    #[test]
    fn adjacent_regions_cover_an_access_across_them() {
        let regions = [region(100, 16), region(116, 16)];
        assert!(uncovered(&[(108, 16)], &regions).is_empty());
        assert!(uncovered(&[(100, 32)], &regions).is_empty());
    }

    #[test]
    fn the_bytes_past_a_region_are_named() {
        let regions = [region(100, 16), region(124, 8)];
        // A gap between the regions and a tail past the last one.
        assert_eq!(uncovered(&[(108, 30)], &regions), vec![(116, 8), (132, 6)]);
        // Nothing attached: the whole access.
        assert_eq!(uncovered(&[(0, 4)], &[]), vec![(0, 4)]);
        // Several ranges (a derived datatype), one of them outside.
        assert_eq!(uncovered(&[(100, 4), (140, 4)], &regions), vec![(140, 4)]);
    }
}
