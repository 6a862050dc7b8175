//! Point-to-point semantics: requests, envelopes, matching, non-overtaking.
//!
//! MPI 3.1 §3.5: a receive matches a send when communicator, source and tag
//! agree (`MPI_ANY_SOURCE`/`MPI_ANY_TAG` match anything); messages from one
//! sender to one receiver on one communicator are received in the order they
//! were sent, and a message is taken by the earliest posted receive that
//! matches it ("non-overtaking"). Seed 000 §4.3–4.4 models the same rules with
//! per-process request queues; seed 002 §1.1 uses them to find which sends a
//! wildcard receive can really match.

use std::sync::Arc;

/// Rank value meaning "any source" in a receive (MPICH: -2).
pub const ANY_SOURCE: i32 = -2;
/// Tag value meaning "any tag" (-1).
pub const ANY_TAG: i32 = -1;
/// The null process (-1): communication with it completes at once.
pub const PROC_NULL: i32 = -1;

pub type ReqId = usize;

/// Send modes (MPI 3.1 §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SendMode {
    /// May or may not buffer: the checker explores both.
    Standard,
    /// Completes only once a matching receive has started.
    Synchronous,
    /// Requires the receive to be posted; otherwise like standard.
    Ready,
    /// Buffered in user-attached space: never waits for the receiver.
    Buffered,
}

/// A position in a process's sequence of MPI calls: (rank, call index).
pub type EventRef = (usize, usize);

#[derive(Clone, Debug, PartialEq)]
pub struct SendOp {
    pub mode: SendMode,
    /// Destination as a world rank.
    pub dest: usize,
    pub tag: i32,
    pub comm: usize,
    /// The message payload, copied when the send was posted.
    pub data: Arc<[u8]>,
    /// Datatype handle and count as given by the sender.
    pub datatype: i32,
    pub count: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RecvOp {
    /// Source as a world rank, or `None` for `MPI_ANY_SOURCE`.
    pub source: Option<usize>,
    /// `None` for `MPI_ANY_TAG`.
    pub tag: Option<i32>,
    pub comm: usize,
    /// Receive buffer address and capacity in bytes.
    pub buf: u64,
    pub capacity: u64,
    pub datatype: i32,
    pub count: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ReqOp {
    Send(SendOp),
    Recv(RecvOp),
    /// A request that is complete from the start (e.g. communication with
    /// `MPI_PROC_NULL`), with the status it reports.
    Null {
        status: Status,
    },
}

/// What a completed receive reports (MPI 3.1 §3.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Status {
    pub source: i32,
    pub tag: i32,
    /// Bytes received.
    pub bytes: u64,
    pub error: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub owner: usize,
    pub op: ReqOp,
    /// The call that posted it.
    pub posted_at: EventRef,
    /// The request it matched (send ↔ receive).
    pub partner: Option<ReqId>,
    /// Data delivered to a receive when it matched.
    pub delivered: Option<Arc<[u8]>>,
    pub status: Option<Status>,
    /// Set when the owner observed completion (Wait/Test), at that call.
    pub completed_at: Option<EventRef>,
    /// Freed by MPI_Request_free before completion: completes silently.
    pub freed: bool,
}

impl Request {
    pub fn is_send(&self) -> bool {
        matches!(self.op, ReqOp::Send(_))
    }

    pub fn is_wildcard_recv(&self) -> bool {
        matches!(&self.op, ReqOp::Recv(r) if r.source.is_none())
    }

    /// Whether the operation is complete in the permissive semantics the
    /// checker executes (eager buffering of standard, ready and buffered
    /// sends: EXPLORATION.md "Buffering and synchronizing collectives").
    /// Blocking that only zero buffering would add is found afterwards on the
    /// completes-before graph.
    pub fn is_complete(&self) -> bool {
        match &self.op {
            ReqOp::Null { .. } => true,
            ReqOp::Send(s) => s.mode != SendMode::Synchronous || self.partner.is_some(),
            ReqOp::Recv(_) => self.partner.is_some(),
        }
    }
}

/// Whether `recv` (owned by `receiver`) matches `send` (owned by `sender`)
/// by envelope (MPI 3.1 §3.5).
pub fn envelope_matches(recv: &RecvOp, receiver: usize, send: &SendOp, sender: usize) -> bool {
    send.dest == receiver
        && send.comm == recv.comm
        && recv.source.is_none_or(|s| s == sender)
        && recv.tag.is_none_or(|t| t == send.tag)
}

/// The point-to-point state of all processes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct P2p {
    pub requests: Vec<Request>,
    /// Unmatched sends, per destination, in posting order.
    pending_sends: Vec<Vec<ReqId>>,
    /// Unmatched receives, per receiver, in posting order.
    pending_recvs: Vec<Vec<ReqId>>,
}

impl P2p {
    pub fn new(np: usize) -> P2p {
        P2p {
            requests: Vec::new(),
            pending_sends: vec![Vec::new(); np],
            pending_recvs: vec![Vec::new(); np],
        }
    }

    pub fn post(&mut self, owner: usize, op: ReqOp, posted_at: EventRef) -> ReqId {
        let id = self.requests.len();
        match &op {
            ReqOp::Send(s) => self.pending_sends[s.dest].push(id),
            ReqOp::Recv(_) => self.pending_recvs[owner].push(id),
            ReqOp::Null { .. } => {}
        }
        let status = match &op {
            ReqOp::Null { status } => Some(*status),
            _ => None,
        };
        self.requests.push(Request {
            owner,
            op,
            posted_at,
            partner: None,
            delivered: None,
            status,
            completed_at: None,
            freed: false,
        });
        id
    }

    fn recv_op(&self, r: ReqId) -> Option<&RecvOp> {
        match &self.requests[r].op {
            ReqOp::Recv(op) => Some(op),
            _ => None,
        }
    }

    fn send_op(&self, s: ReqId) -> Option<&SendOp> {
        match &self.requests[s].op {
            ReqOp::Send(op) => Some(op),
            _ => None,
        }
    }

    fn pair_matches(&self, r: ReqId, s: ReqId) -> bool {
        match (self.recv_op(r), self.send_op(s)) {
            (Some(rop), Some(sop)) => {
                envelope_matches(rop, self.requests[r].owner, sop, self.requests[s].owner)
            }
            _ => false,
        }
    }

    /// Sends receive `r` may take now: for each sender, its earliest unmatched
    /// send that matches `r` (non-overtaking), provided no receive posted
    /// before `r` by the same process could take that send.
    pub fn candidates(&self, r: ReqId) -> Vec<ReqId> {
        let receiver = self.requests[r].owner;
        let mut seen_senders: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for &s in &self.pending_sends[receiver] {
            let sender = self.requests[s].owner;
            if seen_senders.contains(&sender) || !self.pair_matches(r, s) {
                continue;
            }
            // Earliest matching send of this sender: later ones cannot overtake it.
            seen_senders.push(sender);
            if self.first_receive_for(s) == Some(r) {
                out.push(s);
            }
        }
        out
    }

    /// The earliest posted unmatched receive of the destination that matches `s`.
    fn first_receive_for(&self, s: ReqId) -> Option<ReqId> {
        let dest = self.send_op(s)?.dest;
        self.pending_recvs[dest]
            .iter()
            .copied()
            .find(|&r| self.pair_matches(r, s))
    }

    /// Matches with no alternative: a receive naming its source and the
    /// earliest matching message from it (seed 002 §2: deterministic matches
    /// are issued before wildcard ones are considered).
    pub fn deterministic_matches(&self) -> Vec<(ReqId, ReqId)> {
        let mut out = Vec::new();
        for recvs in &self.pending_recvs {
            for &r in recvs {
                if self.recv_op(r).is_some_and(|op| op.source.is_some()) {
                    if let Some(&s) = self.candidates(r).first() {
                        out.push((r, s));
                    }
                }
            }
        }
        out
    }

    /// Pending wildcard receives, in rank then posting order.
    pub fn pending_wildcards(&self) -> Vec<ReqId> {
        self.pending_recvs
            .iter()
            .flatten()
            .copied()
            .filter(|&r| self.requests[r].is_wildcard_recv())
            .collect()
    }

    /// Unmatched sends to `dest`, in posting order.
    pub fn pending_sends_to(&self, dest: usize) -> &[ReqId] {
        &self.pending_sends[dest]
    }

    pub fn pending_recvs_of(&self, rank: usize) -> &[ReqId] {
        &self.pending_recvs[rank]
    }

    /// Matches receive `r` with send `s`: the payload is delivered to the
    /// receive (written to user memory when the receive completes).
    pub fn apply_match(&mut self, r: ReqId, s: ReqId) {
        let (sender, tag, data) = match (&self.requests[s].op, self.requests[s].owner) {
            (ReqOp::Send(op), owner) => (owner, op.tag, op.data.clone()),
            _ => return,
        };
        let dest = self.requests[r].owner;
        self.pending_sends[dest].retain(|&x| x != s);
        self.pending_recvs[dest].retain(|&x| x != r);
        self.requests[r].partner = Some(s);
        self.requests[s].partner = Some(r);
        self.requests[r].status = Some(Status {
            source: sender as i32,
            tag,
            bytes: data.len() as u64,
            error: 0,
        });
        self.requests[r].delivered = Some(data);
    }

    /// Probe semantics (MPI 3.1 §3.8): the messages a probe with this
    /// envelope could report now, one per sender (the earliest).
    pub fn probe_candidates(&self, receiver: usize, probe: &RecvOp) -> Vec<ReqId> {
        let mut seen: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for &s in &self.pending_sends[receiver] {
            let sender = self.requests[s].owner;
            if seen.contains(&sender) {
                continue;
            }
            if let Some(sop) = self.send_op(s) {
                if envelope_matches(probe, receiver, sop, sender) {
                    seen.push(sender);
                    out.push(s);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send(dest: usize, tag: i32) -> ReqOp {
        ReqOp::Send(SendOp {
            mode: SendMode::Standard,
            dest,
            tag,
            comm: 0,
            data: Arc::from(vec![1u8, 2, 3, 4]),
            datatype: 0,
            count: 1,
        })
    }

    fn recv(source: Option<usize>, tag: Option<i32>) -> ReqOp {
        ReqOp::Recv(RecvOp {
            source,
            tag,
            comm: 0,
            buf: 0,
            capacity: 4,
            datatype: 0,
            count: 1,
        })
    }

    #[test]
    fn wildcard_sees_first_message_of_each_sender() {
        let mut p = P2p::new(3);
        let a1 = p.post(1, send(0, 0), (1, 0));
        let _a2 = p.post(1, send(0, 0), (1, 1));
        let b1 = p.post(2, send(0, 0), (2, 0));
        let r = p.post(0, recv(None, None), (0, 0));
        assert_eq!(p.candidates(r), vec![a1, b1]);
        assert!(p.deterministic_matches().is_empty());
    }

    #[test]
    fn earlier_wildcard_blocks_later_specific_receive() {
        let mut p = P2p::new(2);
        let s = p.post(1, send(0, 5), (1, 0));
        let w = p.post(0, recv(None, None), (0, 0));
        let r = p.post(0, recv(Some(1), Some(5)), (0, 1));
        assert!(p.deterministic_matches().is_empty());
        assert_eq!(p.candidates(w), vec![s]);
        assert!(p.candidates(r).is_empty());
    }

    #[test]
    fn tags_select_messages_without_overtaking_same_tag() {
        let mut p = P2p::new(2);
        let s0 = p.post(1, send(0, 0), (1, 0));
        let s1 = p.post(1, send(0, 1), (1, 1));
        let r1 = p.post(0, recv(Some(1), Some(1)), (0, 0));
        assert_eq!(p.deterministic_matches(), vec![(r1, s1)]);
        p.apply_match(r1, s1);
        let r0 = p.post(0, recv(Some(1), None), (0, 1));
        assert_eq!(p.deterministic_matches(), vec![(r0, s0)]);
        p.apply_match(r0, s0);
        assert_eq!(p.requests[r0].status.unwrap().tag, 0);
        assert!(p.requests[r0].is_complete());
    }
}
