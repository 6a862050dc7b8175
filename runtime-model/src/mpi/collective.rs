//! Collective semantics: every member of a communicator calls the same
//! collectives in the same order (MPI 3.1 §5.1), with consistent root,
//! operation and type signature. Nonblocking collectives (§5.12) take part
//! in the same order and match only their own kind: an `MPI_Ibcast` never
//! matches an `MPI_Bcast`.
//!
//! Li et al. 2011, §4.5 models a collective as a rendezvous object with an "init"
//! phase (a member contributes) and a "wait" phase (a member may leave). The
//! checker executes the permissive, non-synchronizing variant: a member leaves
//! as soon as its data dependencies allow (a broadcast root leaves at once, a
//! reduce root waits for all, a scan waits for the lower ranks). The blocking
//! a synchronizing implementation adds is checked afterwards on the
//! completes-before graph (README, "Semantics honored").

use super::p2p::EventRef;
use crate::datatype::{match_signatures, Signature};
use crate::mpi_api::MpiFunc;
use crate::reduce;
use std::ops::Range;
use std::sync::Arc;

/// What one block of a collective carries: `count` elements of `datatype`
/// as the member passed them, and their type signature (MPI 3.1 §3.3.1),
/// which the members' blocks of one transfer must share (§5.1).
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Typed {
    pub count: i32,
    pub datatype: i32,
    pub signature: Signature,
}

/// One member's call of a collective.
#[derive(Clone, Debug, PartialEq, Hash)]
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
    /// lengths of MPI_Reduce_scatter; the new handle of MPI_Comm_idup).
    pub args: Vec<i64>,
    /// Typed view of the blocks, aligned with [`Blocks`]: per peer, what
    /// this member sends (`send_types`) and receives (`recv_types`). A
    /// reduction has one entry in `send_types`, its whole vector. Empty
    /// where signatures are not compared.
    pub send_types: Vec<Option<Arc<Typed>>>,
    pub recv_types: Vec<Option<Arc<Typed>>>,
    /// On an intercommunicator (MPI 3.1 §5.2.2) the collective rendezvous
    /// on a communicator over both groups, the first group then the second;
    /// this is the range of the caller's remote group in it. `None` on an
    /// intracommunicator.
    pub remote: Option<Range<usize>>,
}

impl Contribution {
    /// The datatype of the block this member receives at byte offset `off`
    /// of its receive buffer. In the block-moving collectives each block
    /// is received with its receive type, whatever type its sender used:
    /// the root's own block of a scatter too, and each block of an
    /// `MPI_Alltoallw` with its own (MPI 3.1 §5.5-§5.8). Otherwise the
    /// call's one datatype.
    pub fn recv_datatype_at(&self, off: u64) -> i32 {
        if self.func.shape() == Shape::Blocks {
            let blocks = Blocks::from_args(&self.args);
            let typed = blocks.recv.iter().zip(&self.recv_types);
            if let Some(t) = typed
                .filter_map(|(b, t)| Some((b.as_ref()?, t.as_ref()?)))
                .find(|((o, len), _)| *o == off && *len > 0)
            {
                return t.1.datatype;
            }
        }
        self.datatype
    }

    /// A call that moves no data (the communicator-creating collectives):
    /// its function, root and call-specific integers only.
    pub fn control(
        func: MpiFunc,
        root: Option<usize>,
        event: EventRef,
        args: Vec<i64>,
    ) -> Contribution {
        Contribution {
            func,
            root,
            op: None,
            datatype: 0,
            send: None,
            recv_block: 0,
            send_block: 0,
            event,
            args,
            send_types: vec![],
            recv_types: vec![],
            remote: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Instance {
    /// Each member's call, once made; set only by `arrive`.
    pub arrivals: Vec<Option<Contribution>>,
    /// How many members have arrived (`all_arrived` is asked after every
    /// arrival: counting them each time made a collective of n members
    /// cost n^2).
    arrived: usize,
    /// The result of an MPI_Allreduce with a predefined operation, the same
    /// for every member: computed once (each member folding all n
    /// contributions made the call cost n^2).
    reduced: Option<(i32, Arc<[u8]>)>,
    /// Every member waits for all members (the synchronizing implementation
    /// choice; the reduced search keeps this off and checks it afterwards).
    pub synchronizing: bool,
    /// The members' arrival events in member order, made once every member
    /// arrived and shared by the dependencies of all of them (the checker's
    /// completes-before log), so that they take O(n) and not O(n²) memory.
    pub arrival_events: Option<Arc<[EventRef]>>,
}

/// The collective instances of one communicator, numbered in the order
/// members make the calls (MPI 3.1 §5.12). A long execution forgets the
/// ones nothing can read again: numbers never change, so reports still name
/// "collective #k".
pub type Instances = super::numbered::Numbered<Instance>;

/// Bytes to write at a byte offset of a member's receive buffer.
pub type Placement = (u64, Arc<[u8]>);

/// Why members' calls do not fit together.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    Function {
        first: EventRef,
        first_func: MpiFunc,
    },
    /// Members name different roots. `None` is a member of an
    /// intercommunicator's root group other than the root (it passes
    /// `MPI_PROC_NULL`); both `None` means no member is the root.
    Root {
        first: EventRef,
        first_root: Option<usize>,
        root: Option<usize>,
    },
    Op {
        first: EventRef,
        first_op: i32,
        op: i32,
    },
    /// The member whose call is `first` passes `first_bytes` where the
    /// arriving member passes `bytes` (a pairwise block, or a reduction's
    /// vector); `first_type` and `ty` are the count and datatype each one
    /// passed for it, when known, so a report can name the argument.
    Size {
        first: EventRef,
        first_bytes: u64,
        bytes: u64,
        first_type: Option<Arc<Typed>>,
        ty: Option<Arc<Typed>>,
    },
    /// Members pass different values of arguments that must agree (e.g.
    /// MPI_Cart_create's dims and periods, MPI 3.1 §7.5.1).
    Args { first: EventRef },
    /// Same amount of data, different type signatures (MPI 3.1 §5.1): the
    /// earlier member's block `first_type` and the arriving member's `ty`
    /// differ at basic element `index`, whose types are `first_elem` and
    /// `elem`.
    Type {
        first: EventRef,
        first_type: Arc<Typed>,
        ty: Arc<Typed>,
        index: u64,
        first_elem: Option<i32>,
        elem: Option<i32>,
    },
}

impl Mismatch {
    /// The earlier member's call the arriving one does not fit.
    pub fn first(&self) -> EventRef {
        match self {
            Mismatch::Function { first, .. }
            | Mismatch::Root { first, .. }
            | Mismatch::Op { first, .. }
            | Mismatch::Size { first, .. }
            | Mismatch::Args { first }
            | Mismatch::Type { first, .. } => *first,
        }
    }
}

pub use crate::mpi_api::Shape;

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

/// Two blocks of one transfer with the same amount of data must have equal
/// type signatures (MPI 3.1 §5.1). Compared as a message and its receive:
/// untyped `MPI_BYTE` storage matches byte-wise as in point-to-point.
fn compare_types(first: EventRef, a: &Arc<Typed>, b: &Arc<Typed>) -> Result<(), Mismatch> {
    match match_signatures(&a.signature, &b.signature) {
        Err(m) if !m.is_truncation() => Err(Mismatch::Type {
            first,
            first_type: a.clone(),
            ty: b.clone(),
            index: m.index,
            first_elem: m.sent,
            elem: m.expected,
        }),
        _ => Ok(()),
    }
}

impl Instance {
    pub fn new(size: usize) -> Instance {
        Instance {
            arrivals: vec![None; size],
            arrived: 0,
            reduced: None,
            synchronizing: false,
            arrival_events: None,
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
            if c.remote.is_some() && c.func.is_rooted() {
                self.check_inter_root(rank, &c)?;
            } else if f.root != c.root {
                return Err(Mismatch::Root {
                    first: f.event,
                    first_root: f.root,
                    root: c.root,
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
        let no_root = c.remote.is_some()
            && c.func.is_rooted()
            && c.root.is_none()
            && self
                .arrivals
                .iter()
                .enumerate()
                .all(|(i, a)| i == rank || a.as_ref().is_some_and(|a| a.root.is_none()));
        if no_root {
            // Every member of both groups passed MPI_PROC_NULL: no root.
            return Err(Mismatch::Root {
                first: self.first().map_or(c.event, |f| f.event),
                first_root: None,
                root: None,
            });
        }
        if self.arrivals[rank].is_none() {
            self.arrived += 1;
        }
        self.arrivals[rank] = Some(c);
        Ok(())
    }

    /// Roots on an intercommunicator (MPI 3.1 §5.2.2): the root passes
    /// `MPI_ROOT` (its own index here), the rest of its group
    /// `MPI_PROC_NULL` (`None`), the other group the root's rank (its
    /// index here). Once some member names the root, every member's value
    /// follows from it.
    fn check_inter_root(&self, rank: usize, c: &Contribution) -> Result<(), Mismatch> {
        let earlier = || {
            self.arrivals
                .iter()
                .enumerate()
                .filter_map(|(i, a)| Some((i, a.as_ref()?)))
        };
        let Some((named_by, x)) = earlier()
            .chain(std::iter::once((rank, c)))
            .find_map(|(_, a)| a.root.map(|x| (a, x)))
        else {
            return Ok(());
        };
        let expected = |i: usize, a: &Contribution| {
            let names = i == x || a.remote.as_ref().is_some_and(|r| r.contains(&x));
            names.then_some(x)
        };
        if c.root != expected(rank, c) {
            return Err(Mismatch::Root {
                first: named_by.event,
                first_root: named_by.root,
                root: c.root,
            });
        }
        match earlier().find(|&(i, a)| a.root != expected(i, a)) {
            Some((_, a)) => Err(Mismatch::Root {
                first: a.event,
                first_root: a.root,
                root: c.root,
            }),
            None => Ok(()),
        }
    }

    /// Type signatures must agree (MPI 3.1 §5.1): first the amount of data
    /// each pairwise transfer carries (`Size`, a count mismatch), then the
    /// signatures element by element (`Type`).
    fn check_sizes(&self, rank: usize, c: &Contribution) -> Result<(), Mismatch> {
        match c.func.shape() {
            Shape::Reduction => {
                // Members that contribute (on an intercommunicator the
                // root's group of MPI_Reduce does not).
                let Some(cs) = &c.send else { return Ok(()) };
                let Some(f) = self.arrivals.iter().flatten().find(|a| a.send.is_some()) else {
                    return Ok(());
                };
                let at = |x: &Contribution| x.send_types.first().cloned().flatten();
                let fs = f.send.as_ref().map_or(0, |s| s.len() as u64);
                if fs != cs.len() as u64 {
                    return Err(Mismatch::Size {
                        first: f.event,
                        first_bytes: fs,
                        bytes: cs.len() as u64,
                        first_type: at(f),
                        ty: at(c),
                    });
                }
                // Reduce_scatter: every member passes the same recvcounts;
                // on an intercommunicator, every member of a group (MPI
                // 3.1 §5.10.1): the groups' arrays differ in length.
                let peer = match &c.remote {
                    Some(_) => self
                        .arrivals
                        .iter()
                        .flatten()
                        .find(|a| a.remote == c.remote),
                    None => Some(f),
                };
                if let Some(g) = peer.filter(|g| g.args != c.args) {
                    return Err(Mismatch::Size {
                        first: g.event,
                        first_bytes: g.args.iter().sum::<i64>().max(0) as u64,
                        bytes: c.args.iter().sum::<i64>().max(0) as u64,
                        first_type: None,
                        ty: None,
                    });
                }
                if let (Some(a), Some(b)) = (at(f), at(c)) {
                    compare_types(f.event, &a, &b)?;
                }
            }
            Shape::Blocks => {
                let mine = Blocks::from_args(&c.args);
                for (j, other) in self.arrivals.iter().enumerate() {
                    let Some(other) = other else { continue };
                    let theirs = Blocks::from_args(&other.args);
                    let at = |v: &[Option<(u64, u64)>], i: usize| v.get(i).copied().flatten();
                    let ty = |v: &[Option<Arc<Typed>>], i: usize| v.get(i).cloned().flatten();
                    // (what the earlier member passes, what this one passes)
                    let pairs = [
                        (
                            at(&theirs.send, rank),
                            at(&mine.recv, j),
                            ty(&other.send_types, rank),
                            ty(&c.recv_types, j),
                        ),
                        (
                            at(&theirs.recv, rank),
                            at(&mine.send, j),
                            ty(&other.recv_types, rank),
                            ty(&c.send_types, j),
                        ),
                    ];
                    for (a, b, ta, tb) in pairs {
                        if let (Some((_, first_bytes)), Some((_, bytes))) = (a, b) {
                            if first_bytes != bytes {
                                return Err(Mismatch::Size {
                                    first: other.event,
                                    first_bytes,
                                    bytes,
                                    first_type: ta,
                                    ty: tb,
                                });
                            }
                            if let (Some(ta), Some(tb)) = (ta, tb) {
                                compare_types(other.event, &ta, &tb)?;
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
        self.arrived == self.arrivals.len()
    }

    /// The members whose arrival member `rank` needs before it can leave in
    /// the non-synchronizing semantics: its data dependencies (MPI 3.1 §5.12
    /// leaves the rest to the implementation).
    pub fn needs(&self, rank: usize) -> Vec<usize> {
        self.needs_some(rank)
            .unwrap_or_else(|| (0..self.arrivals.len()).collect())
    }

    /// `needs`, with `None` for every member (without listing them: a
    /// collective of n members is asked n times).
    fn needs_some(&self, rank: usize) -> Option<Vec<usize>> {
        let n = self.arrivals.len();
        let Some(me) = &self.arrivals[rank] else {
            return None;
        };
        if self.synchronizing {
            return None;
        }
        use MpiFunc::*;
        if let Some(remote) = &me.remote {
            // Intercommunicator (MPI 3.1 §5.2.2): data flows between the
            // groups; a barrier returns once the other group has entered
            // (§5.3).
            return Some(match me.func.blocking_form() {
                _ if me.func.shape() == Shape::Blocks => {
                    let mine = Blocks::from_args(&me.args);
                    (0..n)
                        .filter(|&j| mine.recv.get(j).copied().flatten().is_some())
                        .collect()
                }
                Reduce if me.root != Some(rank) => vec![],
                _ => remote.clone().collect(),
            });
        }
        let root = me.root.unwrap_or(0);
        Some(match me.func.blocking_form() {
            // A fence that ends no epoch (the window's first, one after
            // `MPI_MODE_NOSUCCEED`, or one asserting `MPI_MODE_NOPRECEDE`)
            // "does not necessarily act as a barrier" (MPI 3.1 §11.5.1);
            // its contribution says so in `args[0]` (0: ends none).
            WinFence if me.args.first() == Some(&0) => vec![],
            // Hints carry no data between the members (MPI 3.1 §11.2.7,
            // §6.4.4).
            WinSetInfo | CommSetInfo => vec![],
            // A file's collective calls other than open and close carry no
            // data between the members and need not synchronize: MPI 3.1
            // §13.6.1 asks for a barrier between two MPI_File_sync calls
            // precisely because a sync alone does not order the processes.
            FileSync | FileSetView | FileSetSize | FilePreallocate | FileSetInfo
            | FileSetAtomicity | FileReadAll | FileWriteAll | FileReadAtAll | FileWriteAtAll
            | FileReadAllBegin | FileWriteAllBegin | FileReadAtAllBegin | FileWriteAtAllBegin
            | FileReadAllEnd | FileWriteAllEnd | FileReadAtAllEnd | FileWriteAtAllEnd => vec![],
            Bcast | Scatter | Scatterv if rank != root => vec![root],
            Bcast | Scatter | Scatterv => vec![],
            Reduce | Gather | Gatherv if rank == root => return None,
            Reduce | Gather | Gatherv => vec![],
            Scan => (0..=rank).collect(),
            Exscan => (0..rank).collect(),
            _ => return None,
        })
    }

    /// Whether member `rank` may leave the call (or its nonblocking request
    /// complete): only data dependencies hold it back.
    pub fn can_leave(&self, rank: usize) -> bool {
        if self.arrivals[rank].is_none() {
            return false;
        }
        if self.all_arrived() {
            return true;
        }
        self.needs_some(rank).is_some_and(|needs| {
            needs
                .iter()
                .all(|&r| self.arrivals.get(r).is_some_and(Option::is_some))
        })
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

    /// [`Self::result_for`], computing an intracommunicator MPI_Allreduce's
    /// result once for all members.
    pub fn result_for_shared(
        &mut self,
        rank: usize,
    ) -> Result<Vec<Placement>, reduce::ReduceError> {
        // Members may describe the same elements with different datatypes:
        // the result is shared between those that use the same one.
        let Some(datatype) = self.arrivals[rank]
            .as_ref()
            .filter(|me| me.func.blocking_form() == MpiFunc::Allreduce && me.remote.is_none())
            .map(|me| me.datatype)
        else {
            return self.result_for(rank);
        };
        if let Some((dt, r)) = &self.reduced {
            if *dt == datatype {
                return Ok(vec![(0, r.clone())]);
            }
        }
        let out = self.result_for(rank)?;
        if let [(0, bytes)] = out.as_slice() {
            self.reduced = Some((datatype, bytes.clone()));
        }
        Ok(out)
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
        let mut reduce_of = |members: Range<usize>| -> Result<Vec<u8>, E> {
            let contributions: Vec<Arc<[u8]>> = members.map(|r| self.send_of(r)).collect();
            let views: Vec<&[u8]> = contributions.iter().map(|c| &c[..]).collect();
            reduce(me.op.unwrap_or(0), me.datatype, &views)
        };
        // The members whose contributions a reduction combines: on an
        // intercommunicator, the other group's (MPI 3.1 §5.9.1, §5.9.6).
        let all = me.remote.clone().unwrap_or(0..n);
        use MpiFunc::*;
        Ok(match me.func.blocking_form() {
            // The new communicator's handle, written at completion.
            CommDup if me.func == CommIdup => match me.args.first() {
                Some(&handle) => vec![(0, Arc::from((handle as i32).to_le_bytes().to_vec()))],
                None => vec![],
            },
            Reduce if me.root != Some(rank) => vec![],
            Reduce | Allreduce => vec![(0, Arc::from(reduce_of(all)?))],
            ReduceScatter | ReduceScatterBlock => {
                // Member i gets segment i of the reduced vector (MPI 3.1
                // §5.10). On an intercommunicator the vector is the other
                // group's reduction and i the rank in the caller's group,
                // whose recvcounts `args` holds (§5.10.1).
                let (all, i) = match &me.remote {
                    Some(r) if r.start == 0 => (reduce_of(r.clone())?, rank - r.end),
                    Some(r) => (reduce_of(r.clone())?, rank),
                    None => (reduce_of(0..n)?, rank),
                };
                let rank = i;
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
            _ if me.func.shape() == Shape::Blocks => {
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
            send_types: vec![],
            recv_types: vec![],
            remote: None,
        }
    }

    #[test]
    fn blocks_are_received_with_their_receive_types() {
        // A scatter's root sends MPI_DOUBLE and receives its own block as
        // 2 x MPI_INT; an empty block at the same offset does not count.
        let mut b = Blocks::new(3);
        b.recv[0] = Some((0, 0));
        b.recv[1] = Some((0, 8));
        b.recv[2] = Some((8, 8));
        let mut c = contribution(MpiFunc::Alltoallw, 1, None, b.to_args());
        c.datatype = h::MPI_DOUBLE;
        c.recv_types = vec![
            typed(h::MPI_BYTE, 0),
            typed(h::MPI_INT, 2),
            typed(h::MPI_FLOAT, 2),
        ];
        assert_eq!(c.recv_datatype_at(0), h::MPI_INT);
        assert_eq!(c.recv_datatype_at(8), h::MPI_FLOAT);
        assert_eq!(c.recv_datatype_at(4), h::MPI_DOUBLE);
        let reduce = contribution(MpiFunc::Allreduce, 0, None, vec![]);
        assert_eq!(reduce.recv_datatype_at(0), h::MPI_INT);
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
        assert_eq!(MpiFunc::Ialltoallw.blocking_form(), MpiFunc::Alltoallw);
    }

    fn typed(dt: i32, count: u64) -> Option<Arc<Typed>> {
        Some(Arc::new(Typed {
            count: count as i32,
            datatype: dt,
            signature: Signature::basic(dt, count).unwrap(),
        }))
    }

    /// A broadcast from member 0 of `count` elements, as member `rank` of
    /// two passes it with datatype `dt`.
    fn bcast(rank: usize, dt: i32, sig: Option<Arc<Typed>>) -> Contribution {
        let mut b = Blocks::new(2);
        let mut c = contribution(MpiFunc::Bcast, rank, None, vec![]);
        c.root = Some(0);
        c.op = None;
        c.datatype = dt;
        c.send_types = vec![None; 2];
        c.recv_types = vec![None; 2];
        if rank == 0 {
            b.send[1] = Some((0, 16));
            c.send = Some(int_bytes(&[1, 2, 3, 4]));
            c.send_types[1] = sig;
        } else {
            b.recv[0] = Some((0, 16));
            c.recv_types[0] = sig;
        }
        c.args = b.to_args();
        c
    }

    #[test]
    fn equal_sizes_with_different_signatures_are_a_type_mismatch() {
        let mut inst = Instance::new(2);
        inst.arrive(0, bcast(0, h::MPI_INT, typed(h::MPI_INT, 4)))
            .unwrap();
        let err = inst
            .arrive(1, bcast(1, h::MPI_FLOAT, typed(h::MPI_FLOAT, 4)))
            .unwrap_err();
        assert!(matches!(
            err,
            Mismatch::Type {
                index: 0,
                first_elem: Some(h::MPI_INT),
                elem: Some(h::MPI_FLOAT),
                ..
            }
        ));
        // One element of a contiguous type of 4 ints has the signature of
        // 4 MPI_INT: no mismatch (MPI 3.1 §5.1 compares signatures).
        let four = crate::datatype::TypeMap::contiguous(
            4,
            &crate::datatype::TypeMap::predefined(h::MPI_INT).unwrap(),
        )
        .unwrap();
        let derived = Some(Arc::new(Typed {
            count: 1,
            datatype: 0x8c10_0000u32 as i32,
            signature: four.signature(1).unwrap(),
        }));
        let mut inst = Instance::new(2);
        inst.arrive(0, bcast(0, h::MPI_INT, derived)).unwrap();
        inst.arrive(1, bcast(1, h::MPI_INT, typed(h::MPI_INT, 4)))
            .unwrap();
    }

    /// Member `rank` of an intercommunicator's collective over groups
    /// {0, 1} and {2, 3, 4}.
    fn inter(func: MpiFunc, rank: usize, value: i32) -> Contribution {
        let mut c = contribution(func, rank, Some(int_bytes(&[value])), vec![]);
        c.remote = Some(if rank < 2 { 2..5 } else { 0..2 });
        c
    }

    #[test]
    fn intercommunicator_allreduce_combines_the_other_group() {
        let mut inst = Instance::new(5);
        for r in 0..5 {
            inst.arrive(r, inter(MpiFunc::Allreduce, r, 1 << r))
                .unwrap();
        }
        assert_eq!(
            inst.result_for(0).unwrap(),
            vec![(0, int_bytes(&[4 + 8 + 16]))]
        );
        assert_eq!(inst.result_for(3).unwrap(), vec![(0, int_bytes(&[1 + 2]))]);
        // A barrier returns once the other group has entered (MPI 3.1 §5.3).
        let mut inst = Instance::new(5);
        for r in [0, 1, 2] {
            inst.arrive(r, inter(MpiFunc::Barrier, r, 0)).unwrap();
        }
        assert!(!inst.can_leave(0));
        assert!(inst.can_leave(2));
    }

    #[test]
    fn intercommunicator_roots_must_agree() {
        let rooted = |rank: usize, root: Option<usize>| {
            let mut c = inter(MpiFunc::Reduce, rank, 1);
            c.root = root;
            c
        };
        // Member 0 is the root (MPI_ROOT), member 1 passes MPI_PROC_NULL,
        // the other group names member 0.
        let mut inst = Instance::new(5);
        inst.arrive(0, rooted(0, Some(0))).unwrap();
        inst.arrive(1, rooted(1, None)).unwrap();
        inst.arrive(2, rooted(2, Some(0))).unwrap();
        // The other group naming member 1, which passed MPI_PROC_NULL.
        assert!(matches!(
            inst.arrive(3, rooted(3, Some(1))),
            Err(Mismatch::Root { root: Some(1), .. })
        ));
        // Nobody passes MPI_ROOT.
        let mut inst = Instance::new(5);
        for r in 0..4 {
            inst.arrive(r, rooted(r, None))
                .unwrap_or_else(|_| panic!("{r}"));
        }
        assert!(matches!(
            inst.arrive(4, rooted(4, None)),
            Err(Mismatch::Root {
                first_root: None,
                root: None,
                ..
            })
        ));
    }
}
