//! Collective semantics: every member of a communicator calls the same
//! collectives in the same order (MPI 3.1 §5.1), with consistent root,
//! operation and type signature. Nonblocking collectives (§5.12) take part
//! in the same order and match only their own kind: an `MPI_Ibcast` never
//! matches an `MPI_Bcast`.
//!
//! Seed 000 §4.5 models a collective as a rendezvous object with an "init"
//! phase (a member contributes) and a "wait" phase (a member may leave). The
//! checker executes the permissive, non-synchronizing variant: a member leaves
//! as soon as its data dependencies allow (a broadcast root leaves at once, a
//! reduce root waits for all, a scan waits for the lower ranks). The blocking
//! a synchronizing implementation adds is checked afterwards on the
//! completes-before graph (EXPLORATION.md).

use super::p2p::EventRef;
use crate::mpi_api::MpiFunc;
use crate::reduce;
use std::sync::Arc;

/// One member's call of a collective.
#[derive(Clone, Debug, PartialEq)]
pub struct Contribution {
    pub func: MpiFunc,
    /// Root as a rank in the communicator, for rooted collectives.
    pub root: Option<usize>,
    pub op: Option<i32>,
    pub datatype: i32,
    /// Bytes this member sends (already read from its memory).
    pub send: Option<Arc<[u8]>>,
    /// Bytes of one block this member receives (per peer for gather-like calls).
    pub recv_block: u64,
    /// Bytes of one block this member sends (per peer for scatter-like calls).
    pub send_block: u64,
    pub event: EventRef,
    /// Call-specific integers (e.g. color and key of MPI_Comm_split; the
    /// per-peer [`Blocks`] of the collectives that move blocks; the segment
    /// lengths of MPI_Reduce_scatter).
    pub args: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub arrivals: Vec<Option<Contribution>>,
    /// Every member waits for all members (the synchronizing implementation
    /// choice; the reduced search keeps this off and checks it afterwards).
    pub synchronizing: bool,
}

/// Bytes to write at a byte offset of a member's receive buffer.
pub type Placement = (u64, Arc<[u8]>);

/// Why members' calls do not fit together.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    Function {
        first: EventRef,
        first_func: MpiFunc,
    },
    Root {
        first: EventRef,
        first_root: usize,
        root: usize,
    },
    Op {
        first: EventRef,
        first_op: i32,
        op: i32,
    },
    /// The member whose call is `first` passes `first_bytes` where the
    /// arriving member passes `bytes` (a pairwise block, or a reduction's
    /// vector).
    Size {
        first: EventRef,
        first_bytes: u64,
        bytes: u64,
    },
}

/// The blocking collective a nonblocking one performs (MPI 3.1 §5.12: same
/// semantics, only completion is separate); other functions map to
/// themselves.
pub fn blocking_form(f: MpiFunc) -> MpiFunc {
    use MpiFunc::*;
    match f {
        Ibarrier => Barrier,
        Ibcast => Bcast,
        Ireduce => Reduce,
        Iallreduce => Allreduce,
        Igather => Gather,
        Igatherv => Gatherv,
        Iscatter => Scatter,
        Iscatterv => Scatterv,
        Iallgather => Allgather,
        Iallgatherv => Allgatherv,
        Ialltoall => Alltoall,
        Ialltoallv => Alltoallv,
        Ialltoallw => Alltoallw,
        IreduceScatter => ReduceScatter,
        IreduceScatterBlock => ReduceScatterBlock,
        Iscan => Scan,
        Iexscan => Exscan,
        other => other,
    }
}

/// A nonblocking collective: it returns a request (MPI 3.1 §5.12).
pub fn is_nonblocking(f: MpiFunc) -> bool {
    blocking_form(f) != f
}

/// How a collective combines its members' data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No data (Barrier, and functions of other families).
    None,
    /// Blocks move between pairs of members as [`Blocks`] describe (Bcast,
    /// Gather(v), Scatter(v), Allgather(v), Alltoall(v/w)).
    Blocks,
    /// Reductions: Reduce, Allreduce, Reduce_scatter(_block), Scan, Exscan.
    Reduction,
}

pub fn shape(f: MpiFunc) -> Shape {
    use MpiFunc::*;
    match blocking_form(f) {
        Bcast | Gather | Gatherv | Scatter | Scatterv | Allgather | Allgatherv | Alltoall
        | Alltoallv | Alltoallw => Shape::Blocks,
        Reduce | Allreduce | ReduceScatter | ReduceScatterBlock | Scan | Exscan => Shape::Reduction,
        _ => Shape::None,
    }
}

/// What one member sends to and receives from each peer, in bytes:
/// `send[j]` is the (offset, length) of the block for peer `j` inside the
/// member's send data, `recv[j]` the (offset, length) in its receive buffer
/// of the block from peer `j`; `None` where no block moves (MPI 3.1 §5.5–5.8:
/// counts, displacements, and `MPI_IN_PLACE` select these).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blocks {
    pub send: Vec<Option<(u64, u64)>>,
    pub recv: Vec<Option<(u64, u64)>>,
}

impl Blocks {
    pub fn new(n: usize) -> Blocks {
        Blocks {
            send: vec![None; n],
            recv: vec![None; n],
        }
    }

    /// Encoding in [`Contribution::args`]: per peer `[send offset, send
    /// length, receive offset, receive length]`, offset -1 for no block.
    pub fn to_args(&self) -> Vec<i64> {
        let enc = |b: Option<(u64, u64)>| match b {
            Some((o, l)) => [o as i64, l as i64],
            None => [-1, 0],
        };
        self.send
            .iter()
            .zip(&self.recv)
            .flat_map(|(s, r)| {
                let [so, sl] = enc(*s);
                let [ro, rl] = enc(*r);
                [so, sl, ro, rl]
            })
            .collect()
    }

    pub fn from_args(args: &[i64]) -> Blocks {
        let dec = |o: i64, l: i64| (o >= 0).then_some((o as u64, l.max(0) as u64));
        let mut b = Blocks::default();
        for c in args.chunks_exact(4) {
            b.send.push(dec(c[0], c[1]));
            b.recv.push(dec(c[2], c[3]));
        }
        b
    }
}

impl Instance {
    pub fn new(size: usize) -> Instance {
        Instance {
            arrivals: vec![None; size],
            synchronizing: false,
        }
    }

    fn first(&self) -> Option<&Contribution> {
        self.arrivals.iter().flatten().next()
    }

    /// Records member `rank`'s call, checking it against earlier arrivals.
    pub fn arrive(&mut self, rank: usize, c: Contribution) -> Result<(), Mismatch> {
        if let Some(f) = self.first() {
            if f.func != c.func {
                return Err(Mismatch::Function {
                    first: f.event,
                    first_func: f.func,
                });
            }
            if f.root != c.root {
                return Err(Mismatch::Root {
                    first: f.event,
                    first_root: f.root.unwrap_or(0),
                    root: c.root.unwrap_or(0),
                });
            }
            if f.op != c.op {
                return Err(Mismatch::Op {
                    first: f.event,
                    first_op: f.op.unwrap_or(0),
                    op: c.op.unwrap_or(0),
                });
            }
            self.check_sizes(rank, &c)?;
        }
        self.arrivals[rank] = Some(c);
        Ok(())
    }

    /// Type signatures must agree (MPI 3.1 §5.1); compared here by the
    /// amount of data each pairwise transfer carries.
    fn check_sizes(&self, rank: usize, c: &Contribution) -> Result<(), Mismatch> {
        let len = |x: &Contribution| x.send.as_ref().map_or(0, |s| s.len() as u64);
        match shape(c.func) {
            Shape::Reduction => {
                if let Some(f) = self.first() {
                    if len(f) != len(c) {
                        return Err(Mismatch::Size {
                            first: f.event,
                            first_bytes: len(f),
                            bytes: len(c),
                        });
                    }
                    // Reduce_scatter: every member passes the same recvcounts.
                    if f.args != c.args {
                        return Err(Mismatch::Size {
                            first: f.event,
                            first_bytes: f.args.iter().sum::<i64>().max(0) as u64,
                            bytes: c.args.iter().sum::<i64>().max(0) as u64,
                        });
                    }
                }
            }
            Shape::Blocks => {
                let mine = Blocks::from_args(&c.args);
                for (j, other) in self.arrivals.iter().enumerate() {
                    let Some(other) = other else { continue };
                    let theirs = Blocks::from_args(&other.args);
                    let at = |v: &[Option<(u64, u64)>], i: usize| v.get(i).copied().flatten();
                    // (what the earlier member passes, what this one passes)
                    let pairs = [
                        (at(&theirs.send, rank), at(&mine.recv, j)),
                        (at(&theirs.recv, rank), at(&mine.send, j)),
                    ];
                    for (a, b) in pairs {
                        if let (Some((_, first_bytes)), Some((_, bytes))) = (a, b) {
                            if first_bytes != bytes {
                                return Err(Mismatch::Size {
                                    first: other.event,
                                    first_bytes,
                                    bytes,
                                });
                            }
                        }
                    }
                }
            }
            Shape::None => {}
        }
        Ok(())
    }

    pub fn all_arrived(&self) -> bool {
        self.arrivals.iter().all(Option::is_some)
    }

    /// The members whose arrival member `rank` needs before it can leave in
    /// the non-synchronizing semantics: its data dependencies (MPI 3.1 §5.12
    /// leaves the rest to the implementation).
    pub fn needs(&self, rank: usize) -> Vec<usize> {
        let n = self.arrivals.len();
        let Some(me) = &self.arrivals[rank] else {
            return (0..n).collect();
        };
        if self.synchronizing {
            return (0..n).collect();
        }
        let root = me.root.unwrap_or(0);
        use MpiFunc::*;
        match blocking_form(me.func) {
            Bcast | Scatter | Scatterv if rank != root => vec![root],
            Bcast | Scatter | Scatterv => vec![],
            Reduce | Gather | Gatherv if rank == root => (0..n).collect(),
            Reduce | Gather | Gatherv => vec![],
            Scan => (0..=rank).collect(),
            Exscan => (0..rank).collect(),
            _ => (0..n).collect(),
        }
    }

    /// Whether member `rank` may leave the call (or its nonblocking request
    /// complete): only data dependencies hold it back.
    pub fn can_leave(&self, rank: usize) -> bool {
        self.arrivals[rank].is_some()
            && self
                .needs(rank)
                .iter()
                .all(|&r| self.arrivals.get(r).is_some_and(Option::is_some))
    }

    fn send_of(&self, r: usize) -> Arc<[u8]> {
        self.arrivals[r]
            .as_ref()
            .and_then(|c| c.send.clone())
            .unwrap_or_else(|| Arc::from(Vec::new()))
    }

    /// Bytes member `rank` receives and where (byte offset in its receive
    /// buffer), once it can leave.
    pub fn result_for(&self, rank: usize) -> Result<Vec<Placement>, reduce::ReduceError> {
        self.result_with(rank, reduce::reduce_all)
    }

    /// [`Self::result_for`] with the reduction done by `reduce(op,
    /// datatype, contributions in rank order)`: the checker passes one that
    /// runs user-defined operations (MPI 3.1 §5.9.5).
    pub fn result_with<E>(
        &self,
        rank: usize,
        mut reduce: impl FnMut(i32, i32, &[&[u8]]) -> Result<Vec<u8>, E>,
    ) -> Result<Vec<Placement>, E> {
        let Some(me) = &self.arrivals[rank] else {
            return Ok(vec![]);
        };
        let n = self.arrivals.len();
        let mut reduce_of = |members: std::ops::Range<usize>| -> Result<Vec<u8>, E> {
            let contributions: Vec<Arc<[u8]>> = members.map(|r| self.send_of(r)).collect();
            let views: Vec<&[u8]> = contributions.iter().map(|c| &c[..]).collect();
            reduce(me.op.unwrap_or(0), me.datatype, &views)
        };
        use MpiFunc::*;
        Ok(match blocking_form(me.func) {
            Reduce if me.root != Some(rank) => vec![],
            Reduce | Allreduce => vec![(0, Arc::from(reduce_of(0..n)?))],
            ReduceScatter | ReduceScatterBlock => {
                // Member i gets segment i of the reduced vector (MPI 3.1 §5.10).
                let all = reduce_of(0..n)?;
                let start: i64 = me.args.iter().take(rank).sum();
                let len = me.args.get(rank).copied().unwrap_or(0);
                let start = (start.max(0) as usize).min(all.len());
                let end = (start + len.max(0) as usize).min(all.len());
                vec![(0, Arc::from(&all[start..end]))]
            }
            Scan => vec![(0, Arc::from(reduce_of(0..rank + 1)?))],
            // Rank 0's Exscan result is undefined (MPI 3.1 §5.11.2): its
            // buffer is left as it is.
            Exscan if rank == 0 => vec![],
            Exscan => vec![(0, Arc::from(reduce_of(0..rank)?))],
            _ if shape(me.func) == Shape::Blocks => {
                let mine = Blocks::from_args(&me.args);
                let mut out = Vec::new();
                for j in 0..n {
                    let Some(Some((roff, rlen))) = mine.recv.get(j).copied() else {
                        continue;
                    };
                    let Some(peer) = &self.arrivals[j] else {
                        continue;
                    };
                    let Some(Some((soff, slen))) =
                        Blocks::from_args(&peer.args).send.get(rank).copied()
                    else {
                        continue;
                    };
                    let data = self.send_of(j);
                    let start = (soff as usize).min(data.len());
                    let end = (start + slen.min(rlen) as usize).min(data.len());
                    out.push((roff, Arc::from(&data[start..end])));
                }
                out
            }
            _ => vec![],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handles as h;

    fn int_bytes(v: &[i32]) -> Arc<[u8]> {
        Arc::from(v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())
    }

    fn contribution(
        func: MpiFunc,
        rank: usize,
        send: Option<Arc<[u8]>>,
        args: Vec<i64>,
    ) -> Contribution {
        Contribution {
            func,
            root: None,
            op: Some(h::MPI_SUM),
            datatype: h::MPI_INT,
            send,
            recv_block: 0,
            send_block: 0,
            event: (rank, 0),
            args,
        }
    }

    #[test]
    fn scan_and_exscan_combine_lower_ranks() {
        for func in [MpiFunc::Scan, MpiFunc::Exscan] {
            let mut inst = Instance::new(3);
            for r in 0..3 {
                inst.arrive(
                    r,
                    contribution(func, r, Some(int_bytes(&[r as i32 + 1])), vec![]),
                )
                .unwrap();
            }
            let got: Vec<Vec<Placement>> = (0..3).map(|r| inst.result_for(r).unwrap()).collect();
            if func == MpiFunc::Scan {
                assert_eq!(got[2], vec![(0, int_bytes(&[6]))]);
            } else {
                assert!(got[0].is_empty());
                assert_eq!(got[2], vec![(0, int_bytes(&[3]))]);
            }
        }
        let mut inst = Instance::new(3);
        inst.arrive(
            1,
            contribution(MpiFunc::Scan, 1, Some(int_bytes(&[1])), vec![]),
        )
        .unwrap();
        assert!(!inst.can_leave(1));
        inst.arrive(
            0,
            contribution(MpiFunc::Scan, 0, Some(int_bytes(&[1])), vec![]),
        )
        .unwrap();
        assert!(inst.can_leave(1), "a scan waits only for the lower ranks");
    }

    #[test]
    fn blocks_land_at_their_displacements_and_sizes_are_checked() {
        // Gatherv to root 0 of 1 and 2 ints, placed at offsets 12 and 0.
        let mut root = Blocks::new(2);
        root.recv[0] = Some((12, 4));
        root.recv[1] = Some((0, 8));
        root.send[0] = Some((0, 4));
        let mut other = Blocks::new(2);
        other.send[0] = Some((0, 8));
        let mut inst = Instance::new(2);
        let mut c0 = contribution(MpiFunc::Gatherv, 0, Some(int_bytes(&[7])), root.to_args());
        c0.root = Some(0);
        let mut c1 = contribution(
            MpiFunc::Gatherv,
            1,
            Some(int_bytes(&[8, 9])),
            other.to_args(),
        );
        c1.root = Some(0);
        inst.arrive(0, c0).unwrap();
        inst.arrive(1, c1.clone()).unwrap();
        assert_eq!(
            inst.result_for(0).unwrap(),
            vec![(12, int_bytes(&[7])), (0, int_bytes(&[8, 9]))]
        );
        let mut short = Blocks::new(2);
        short.send[0] = Some((0, 4));
        c1.args = short.to_args();
        let mut inst2 = Instance::new(2);
        let mut c0 = contribution(MpiFunc::Gatherv, 0, Some(int_bytes(&[7])), root.to_args());
        c0.root = Some(0);
        inst2.arrive(0, c0).unwrap();
        assert!(matches!(
            inst2.arrive(1, c1),
            Err(Mismatch::Size {
                first_bytes: 8,
                bytes: 4,
                ..
            })
        ));
    }

    #[test]
    fn nonblocking_forms_do_not_match_blocking_ones() {
        let mut inst = Instance::new(2);
        inst.arrive(0, contribution(MpiFunc::Ibarrier, 0, None, vec![]))
            .unwrap();
        assert!(inst
            .arrive(1, contribution(MpiFunc::Barrier, 1, None, vec![]))
            .is_err());
        assert_eq!(blocking_form(MpiFunc::Ialltoallw), MpiFunc::Alltoallw);
    }
}
