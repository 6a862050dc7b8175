//! Point-to-point semantics: requests, envelopes, matching, non-overtaking.
//!
//! MPI 3.1 §3.5: a receive matches a send when communicator, source and tag
//! agree (`MPI_ANY_SOURCE`/`MPI_ANY_TAG` match anything); messages from one
//! sender to one receiver on one communicator are received in the order they
//! were sent, and a message is taken by the earliest posted receive that
//! matches it ("non-overtaking"). Li et al. 2011, §4.3–4.4 models the same rules with
//! per-process request queues; Vakkalanka et al. 2008a, §1.1 uses them to find which sends a
//! wildcard receive can really match.

use std::sync::Arc;

use super::numbered::Numbered;

/// Every request of an execution by id (global posting order), without
/// those that are over and were dropped (`P2p::drop_over`).
pub type RequestTable = Numbered<Request>;

/// What a handle number of a process names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A request that is kept.
    Request(ReqId),
    /// A request that is over and was dropped: a use of the handle is a
    /// use of a stale copy.
    Dropped,
    /// No request of the process ever had this number.
    Nothing,
}

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

#[derive(Clone, Debug, PartialEq, Hash)]
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
    /// Completes only once matched: a synchronous send, or a standard or
    /// ready send of a library that does not buffer (`--buffering zero`,
    /// MPI 3.1 §3.4: a standard send may wait for the matching receive).
    pub rendezvous: bool,
}

#[derive(Clone, Debug, PartialEq, Hash)]
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
    /// A nonblocking collective (MPI 3.1 §5.12): member `member` of instance
    /// `instance` on communicator `comm`. It completes when the instance lets
    /// the member leave, which the communicator knows, not this request: ask
    /// the checker's `request_complete`.
    Collective {
        comm: usize,
        instance: usize,
        member: usize,
        /// Receive buffer the result lands in at completion.
        recv_buf: u64,
    },
    /// A persistent request (MPI 3.1 §3.9): what MPI_Start posts.
    Persistent(PersistentOp),
    /// A request-based RMA call (MPI 3.1 §11.3.5): its operations (ids
    /// `first..first + count`, one per element of an accumulate) complete
    /// at the origin when the checker says (its `request_complete`).
    Rma {
        first: u64,
        count: u64,
    },
    /// A generalized request (MPI 3.1 §12.2): an operation of the program
    /// itself, complete once its owner calls MPI_Grequest_complete.
    Generalized(Grequest),
}

/// The callbacks and state of a generalized request (MPI 3.1 §12.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grequest {
    /// `query_fn`, `free_fn`, `cancel_fn`: functions of the program (their
    /// pointer encodings).
    pub query_fn: u64,
    pub free_fn: u64,
    pub cancel_fn: u64,
    pub extra_state: u64,
    /// MPI_Grequest_complete was called.
    pub complete: bool,
    /// `free_fn` ran (at completion by a Wait/Test, or at the later of
    /// MPI_Request_free and MPI_Grequest_complete).
    pub freed: bool,
}

/// The arguments of MPI_Send_init / MPI_Recv_init and friends, kept for
/// every MPI_Start (the send buffer is read at each start).
#[derive(Clone, Debug, PartialEq)]
pub struct PersistentOp {
    /// `Some(mode)` for a send, `None` for a receive.
    pub send_mode: Option<SendMode>,
    pub buf: u64,
    pub count: i32,
    pub datatype: i32,
    /// Destination or source as the program gave it (a communicator rank,
    /// `MPI_PROC_NULL`, or `MPI_ANY_SOURCE`).
    pub peer: i32,
    pub tag: i32,
    pub comm: usize,
    /// The operation the last MPI_Start posted, while it is active.
    pub active: Option<ReqId>,
    /// Started at least once since MPI_*_init. Completing a request that
    /// was never started is legal (it is inactive, MPI 3.1 §3.9) and is
    /// not reported; the flag stays part of the state the search hashes.
    pub started: bool,
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
    /// The persistent request this operation is an activation of (MPI 3.1
    /// §3.9): completing it makes that request inactive, not null.
    pub persistent_of: Option<ReqId>,
    /// Cancelled (MPI 3.1 §3.8.4): complete, and its status says so.
    pub cancelled: bool,
    /// A cancel of it was explored as failing: the operation must still
    /// complete normally, or the execution is not one MPI allows.
    pub cancel_failed: bool,
    /// A message MPI_Mprobe/MPI_Improbe matched (MPI 3.1 §3.8.2): a receive
    /// already matched, waiting for MPI_Mrecv/MPI_Imrecv to give it a buffer.
    pub message: bool,
    /// Position among its owner's requests: what its handle names, so
    /// handle values do not depend on how processes interleave.
    pub local: usize,
    /// The MPI_Request_free that freed it: a later use of a copy of the
    /// handle names it in the report (MPI 3.1 §3.7.3).
    pub freed_at: Option<EventRef>,
    /// A posting call that wrote another request into the variable holding
    /// this one's handle while it was pending: the handle was lost, which a
    /// leak report at MPI_Finalize explains.
    pub overwritten_at: Option<EventRef>,
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
    /// sends: README, "Semantics honored").
    /// Blocking that only zero buffering would add is found afterwards on the
    /// completes-before graph.
    /// Collective, persistent and RMA requests are never complete here: the
    /// checker asks the collective instance or the RMA operations, and waits
    /// on a persistent request's activation.
    pub fn is_complete(&self) -> bool {
        if self.cancelled {
            return true;
        }
        match &self.op {
            ReqOp::Null { .. } => true,
            ReqOp::Send(s) => !s.rendezvous || self.partner.is_some(),
            ReqOp::Recv(_) => self.partner.is_some(),
            ReqOp::Generalized(g) => g.complete,
            ReqOp::Collective { .. } | ReqOp::Persistent(_) | ReqOp::Rma { .. } => false,
        }
    }

    /// A point-to-point operation not matched yet (and not cancelled).
    pub fn is_unmatched(&self) -> bool {
        matches!(self.op, ReqOp::Send(_) | ReqOp::Recv(_))
            && self.partner.is_none()
            && !self.cancelled
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

/// Space every pending buffered message takes in the attached buffer
/// besides its data (MPI 3.1 §3.6.1; MPICH's value).
pub const BSEND_OVERHEAD: u64 = crate::handles::MPI_BSEND_OVERHEAD as u64;

/// A buffer attached with MPI_Buffer_attach (MPI 3.1 §3.6).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttachedBuffer {
    pub addr: u64,
    pub size: u64,
    /// Buffered sends made while it is attached, in order: each holds its
    /// packed size plus [`BSEND_OVERHEAD`] until its receive has it.
    pub messages: Vec<ReqId>,
}

/// Ranks whose point-to-point state changed since the explorer last asked
/// ([`P2p::take_touched`]): bookkeeping for a faster search, not MPI state,
/// so two states differing only here are equal.
#[derive(Clone, Debug, Default)]
pub struct Touched {
    /// Per rank, whether it is in `ranks`.
    flags: Vec<bool>,
    ranks: Vec<usize>,
}

impl PartialEq for Touched {
    fn eq(&self, _: &Touched) -> bool {
        true
    }
}

impl Touched {
    fn new(np: usize) -> Touched {
        Touched {
            flags: vec![false; np],
            ranks: Vec::new(),
        }
    }

    fn mark(&mut self, rank: usize) {
        if let Some(f) = self.flags.get_mut(rank) {
            if !*f {
                *f = true;
                self.ranks.push(rank);
            }
        }
    }
}

/// The point-to-point state of all processes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct P2p {
    pub requests: RequestTable,
    /// Unmatched sends, per destination, in posting order.
    pending_sends: Vec<Vec<ReqId>>,
    /// Unmatched receives, per receiver, in posting order.
    pending_recvs: Vec<Vec<ReqId>>,
    /// Per process, its requests by handle number (see [`Request::local`]).
    owned: Vec<Numbered<ReqId>>,
    /// Per process, the buffer attached for buffered sends.
    pub buffers: Vec<Option<AttachedBuffer>>,
    /// Each MPI_Buffer_detach and the buffered messages it waited for.
    pub detaches: Vec<(EventRef, Vec<ReqId>)>,
    /// Ranks whose queues (as destination or receiver) or whose requests'
    /// completion changed: every change of `pending_sends`,
    /// `pending_recvs`, `partner` or `cancelled` goes through this file and
    /// marks the ranks involved. Bounded by the number of processes.
    touched: Touched,
}

impl P2p {
    pub fn new(np: usize) -> P2p {
        P2p {
            requests: RequestTable::default(),
            pending_sends: vec![Vec::new(); np],
            pending_recvs: vec![Vec::new(); np],
            owned: vec![Numbered::default(); np],
            buffers: vec![None; np],
            detaches: Vec::new(),
            touched: Touched::new(np),
        }
    }

    /// The ranks whose point-to-point state changed since the last call
    /// (in the order they were first touched), and forgets them. A rank is
    /// touched when a message to it is posted, matched or cancelled (its
    /// matching queues changed), when it posts or cancels a receive, and
    /// when one of its requests is matched or cancelled (it may complete).
    pub fn take_touched(&mut self) -> Vec<usize> {
        let ranks = std::mem::take(&mut self.touched.ranks);
        for &r in &ranks {
            self.touched.flags[r] = false;
        }
        ranks
    }

    pub fn post(&mut self, owner: usize, op: ReqOp, posted_at: EventRef) -> ReqId {
        let id = self.requests.len();
        match &op {
            ReqOp::Send(s) => {
                self.pending_sends[s.dest].push(id);
                self.touched.mark(s.dest);
            }
            ReqOp::Recv(_) => {
                self.pending_recvs[owner].push(id);
                self.touched.mark(owner);
            }
            ReqOp::Null { .. }
            | ReqOp::Collective { .. }
            | ReqOp::Persistent(_)
            | ReqOp::Rma { .. }
            | ReqOp::Generalized(_) => {}
        }
        let status = match &op {
            ReqOp::Null { status } => Some(*status),
            _ => None,
        };
        let local = match self.owned.get_mut(owner) {
            Some(v) => v.push(id),
            None => 0,
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
            persistent_of: None,
            cancelled: false,
            cancel_failed: false,
            message: false,
            local,
            freed_at: None,
            overwritten_at: None,
        });
        id
    }

    /// The request `owner`'s handle number `local` names.
    pub fn owned_request(&self, owner: usize, local: usize) -> Option<ReqId> {
        match self.named(owner, local) {
            Named::Request(id) => Some(id),
            Named::Dropped | Named::Nothing => None,
        }
    }

    /// How many requests `owner` posted (the next handle number).
    pub fn posted_by(&self, owner: usize) -> usize {
        self.owned.get(owner).map_or(0, Numbered::len)
    }

    /// What `owner`'s handle number `local` names.
    pub fn named(&self, owner: usize, local: usize) -> Named {
        match self.owned.get(owner) {
            Some(h) if local < h.len() => h
                .get(local)
                .map_or(Named::Dropped, |&id| Named::Request(id)),
            _ => Named::Nothing,
        }
    }

    /// Drops the requests `over` says are over for every future (see
    /// [`RequestTable`]): nothing may name them any more, no queue holds
    /// them, and their handles become [`Named::Dropped`].
    pub fn drop_over(&mut self, over: impl Fn(ReqId, &Request) -> bool) {
        self.requests.retain(|id, r| !over(id, r));
        let requests = &self.requests;
        for h in &mut self.owned {
            h.retain(|_, &id| requests.get(id).is_some());
        }
    }

    /// Every request `owner` posted, in posting order (ascending ids).
    pub fn owned_by(&self, owner: usize) -> impl Iterator<Item = ReqId> + '_ {
        self.owned
            .get(owner)
            .into_iter()
            .flat_map(|h| h.iter().copied())
    }

    /// MPI_Cancel (MPI 3.1 §3.8.4) deciding that the cancel succeeds: an
    /// unmatched operation leaves matching and completes as cancelled.
    /// Returns whether it could (a matched one can no longer be cancelled).
    pub fn cancel(&mut self, id: ReqId) -> bool {
        if !self.requests[id].is_unmatched() {
            return false;
        }
        self.touched.mark(self.requests[id].owner);
        if let Some(op) = self.send_op(id) {
            self.touched.mark(op.dest);
        }
        for q in self
            .pending_sends
            .iter_mut()
            .chain(self.pending_recvs.iter_mut())
        {
            q.retain(|&x| x != id);
        }
        self.requests[id].cancelled = true;
        true
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
    /// earliest matching message from it (Vakkalanka et al. 2008a, §2: deterministic matches
    /// are issued before wildcard ones are considered), in receiver rank
    /// then posting order.
    pub fn deterministic_matches(&self) -> Vec<(ReqId, ReqId)> {
        (0..self.pending_recvs.len())
            .flat_map(|dest| self.deterministic_matches_to(dest))
            .collect()
    }

    /// The deterministic matches whose receive `dest` posted, in posting
    /// order. They depend on `dest`'s two queues only (a receive of `dest`
    /// matches only messages sent to `dest`), so a search may keep them
    /// until [`Self::take_touched`] names `dest`.
    pub fn deterministic_matches_to(
        &self,
        dest: usize,
    ) -> impl Iterator<Item = (ReqId, ReqId)> + '_ {
        self.pending_recvs[dest]
            .iter()
            .filter_map(move |&r| Some((r, self.deterministic_partner(r)?)))
    }

    /// The first of [`Self::deterministic_matches_to`].
    pub fn first_deterministic_match_to(&self, dest: usize) -> Option<(ReqId, ReqId)> {
        self.deterministic_matches_to(dest).next()
    }

    /// For a receive naming its source, the message it takes now: the
    /// earliest matching message of that sender (non-overtaking, MPI 3.1
    /// §3.5), unless a receive posted before it takes that message first.
    /// The same answer as the first of [`Self::candidates`], without
    /// looking at other senders.
    fn deterministic_partner(&self, r: ReqId) -> Option<ReqId> {
        let op = self.recv_op(r)?;
        op.source?;
        let receiver = self.requests[r].owner;
        let s = self.pending_sends[receiver].iter().copied().find(|&s| {
            self.send_op(s)
                .is_some_and(|sop| envelope_matches(op, receiver, sop, self.requests[s].owner))
        })?;
        (self.first_receive_for(s) == Some(r)).then_some(s)
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
        self.touched.mark(dest);
        self.touched.mark(sender);
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

    /// What a matched probe (MPI_Mprobe/MPI_Improbe, MPI 3.1 §3.8.2) can
    /// take now: like a receive posted at this point, it sees the earliest
    /// message of each sender, but not one an earlier posted receive of the
    /// same process takes first.
    pub fn mprobe_candidates(&self, receiver: usize, probe: &RecvOp) -> Vec<ReqId> {
        self.probe_candidates(receiver, probe)
            .into_iter()
            .filter(|&s| self.first_receive_for(s).is_none())
            .collect()
    }

    /// Posts the receive a matched probe of `owner` makes of message `s`
    /// (its envelope exactly); the caller matches the two. The receive is a
    /// message until MPI_Mrecv/MPI_Imrecv gives it a buffer.
    pub fn post_message(&mut self, owner: usize, s: ReqId, posted_at: EventRef) -> Option<ReqId> {
        let (sender, op) = match &self.requests[s].op {
            ReqOp::Send(op) => (self.requests[s].owner, op.clone()),
            _ => return None,
        };
        let m = self.post(
            owner,
            ReqOp::Recv(RecvOp {
                source: Some(sender),
                tag: Some(op.tag),
                comm: op.comm,
                buf: 0,
                capacity: 0,
                datatype: op.datatype,
                count: op.count,
            }),
            posted_at,
        );
        self.requests[m].message = true;
        Some(m)
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
            rendezvous: false,
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
    fn a_cancelled_receive_leaves_matching_and_a_matched_one_cannot_be_cancelled() {
        let mut p = P2p::new(2);
        let r = p.post(0, recv(Some(1), None), (0, 0));
        assert!(p.cancel(r));
        assert!(p.requests[r].is_complete());
        let s = p.post(1, send(0, 0), (1, 0));
        assert!(
            p.deterministic_matches().is_empty(),
            "nobody takes the message"
        );
        let r2 = p.post(0, recv(Some(1), None), (0, 1));
        p.apply_match(r2, s);
        assert!(!p.cancel(r2) && !p.cancel(s));
    }

    #[test]
    fn a_matched_probe_takes_the_message_away_from_later_receives() {
        let mut p = P2p::new(2);
        let s = p.post(1, send(0, 3), (1, 0));
        let env = RecvOp {
            source: None,
            tag: None,
            comm: 0,
            buf: 0,
            capacity: 0,
            datatype: 0,
            count: 0,
        };
        assert_eq!(p.mprobe_candidates(0, &env), vec![s]);
        let m = p.post_message(0, s, (0, 0)).unwrap();
        p.apply_match(m, s);
        assert!(p.requests[m].message);
        let r = p.post(0, recv(Some(1), None), (0, 1));
        assert!(p.candidates(r).is_empty());
        // An earlier posted receive has the first claim on a message.
        let s2 = p.post(1, send(0, 4), (1, 1));
        assert!(p.mprobe_candidates(0, &env).is_empty());
        assert_eq!(p.candidates(r), vec![s2]);
    }

    #[test]
    fn handles_number_each_owners_requests() {
        let mut p = P2p::new(2);
        let a = p.post(1, send(0, 0), (1, 0));
        let b = p.post(0, recv(None, None), (0, 0));
        let c = p.post(1, send(0, 0), (1, 1));
        assert_eq!(
            (
                p.requests[a].local,
                p.requests[b].local,
                p.requests[c].local
            ),
            (0, 0, 1)
        );
        assert_eq!(p.owned_request(1, 1), Some(c));
        assert_eq!(p.owned_request(0, 1), None);
    }

    #[test]
    fn touched_names_the_ranks_whose_queues_or_requests_changed() {
        let mut p = P2p::new(4);
        assert!(p.take_touched().is_empty());
        let s = p.post(1, send(2, 0), (1, 0));
        let r = p.post(2, recv(Some(1), None), (2, 0));
        assert_eq!(p.take_touched(), vec![2], "both queues are rank 2's");
        assert!(p.take_touched().is_empty(), "taking forgets");
        p.apply_match(r, s);
        assert_eq!(p.take_touched(), vec![2, 1], "receiver and sender");
        let c = p.post(3, send(0, 0), (3, 0));
        p.take_touched();
        assert!(p.cancel(c));
        assert_eq!(p.take_touched(), vec![3, 0], "owner and destination");
    }

    #[test]
    fn deterministic_matches_per_receiver_agree_with_the_full_list() {
        let mut p = P2p::new(3);
        let a = p.post(1, send(0, 0), (1, 0));
        let b = p.post(2, send(0, 0), (2, 0));
        let _w = p.post(0, recv(None, Some(1)), (0, 0));
        let r2 = p.post(0, recv(Some(2), None), (0, 1));
        let r1 = p.post(0, recv(Some(1), Some(0)), (0, 2));
        let c = p.post(0, send(1, 7), (0, 0));
        let r0 = p.post(1, recv(Some(0), Some(7)), (1, 1));
        let all = p.deterministic_matches();
        assert_eq!(all, vec![(r2, b), (r1, a), (r0, c)]);
        let per: Vec<_> = (0..3).flat_map(|d| p.deterministic_matches_to(d)).collect();
        assert_eq!(per, all);
        assert_eq!(p.first_deterministic_match_to(0), Some((r2, b)));
        assert_eq!(p.first_deterministic_match_to(2), None);
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
