//! How a process blocks in an MPI call: what it waits for (`Block`), the
//! requests it names, and how polls and Waitsome report what completed.
//! What may wake a blocked process (`Machine::wakes`, which lets the reduced
//! search try it again only then). Completing a `Block` is `completion.rs`;
//! which decisions a blocked call offers to the search is
//! `crate::system::step`.

use super::machine::{Machine, Phase};
use runtime_model::mpi::p2p::{ReqId, ReqOp};
use runtime_model::mpi::CommId;

/// A request the program names through a variable (so completion can reset
/// the variable to `MPI_REQUEST_NULL`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReqSlot {
    /// `None` for `MPI_REQUEST_NULL` entries.
    pub req: Option<ReqId>,
    /// Address of the `MPI_Request` variable, 0 for requests internal to a
    /// blocking call.
    pub handle_addr: u64,
    /// Where to write the status (0 or 1 = ignore).
    pub status_addr: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaitMode {
    /// Wait, Waitall, blocking send/receive, Sendrecv.
    All,
    /// Waitany: one of the requests.
    Any { index_addr: u64 },
    /// Waitsome: a non-empty set of the requests (MPI 3.1 §3.7.5).
    Some(SomeOutputs),
}

/// Where MPI_Waitsome / MPI_Testsome write what completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SomeOutputs {
    pub outcount_addr: u64,
    pub indices_addr: u64,
    /// `array_of_statuses` (or `MPI_STATUSES_IGNORE`): the k-th completed
    /// request's status goes to entry k.
    pub statuses_addr: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PollKind {
    Test {
        flag_addr: u64,
    },
    Testall {
        flag_addr: u64,
    },
    Testany {
        flag_addr: u64,
        index_addr: u64,
    },
    Testsome(SomeOutputs),
    /// MPI_Request_get_status: Test without freeing the request (§3.7.6).
    GetStatus {
        flag_addr: u64,
    },
    Iprobe {
        flag_addr: u64,
        status_addr: u64,
    },
    /// MPI_Improbe: a "yes" matches the message (§3.8.2).
    Improbe {
        flag_addr: u64,
        message_addr: u64,
        status_addr: u64,
    },
    /// MPI_Win_test: a "yes" is MPI_Win_wait returning (§11.5.2).
    WinTest {
        flag_addr: u64,
        win: runtime_model::mpi::rma::WinId,
    },
}

/// What a blocked process waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    Requests {
        slots: Vec<ReqSlot>,
        mode: WaitMode,
        /// Requests this Waitany has been told not to pick (a deferred choice).
        excluded: Vec<ReqId>,
    },
    Collective {
        comm: CommId,
        instance: usize,
        /// Receive buffer address.
        recv_buf: u64,
    },
    Probe {
        comm: CommId,
        source: Option<usize>,
        tag: Option<i32>,
        status_addr: u64,
        excluded: Vec<ReqId>,
        /// MPI_Mprobe: where the matched message's handle goes (§3.8.2).
        message_addr: Option<u64>,
    },
    /// A Test/Testany/Testall/Iprobe whose outcome is a choice.
    Poll {
        kind: PollKind,
        slots: Vec<ReqSlot>,
        probe: Option<(CommId, Option<usize>, Option<i32>)>,
    },
    /// MPI_Cancel of an unmatched operation: whether the cancel succeeds is
    /// a choice (MPI 3.1 §3.8.4: either the cancel or the communication
    /// succeeds, not both).
    Cancel { req: ReqId },
    /// MPI_Buffer_detach waiting until its buffered messages are delivered
    /// (MPI 3.1 §3.6.1); only the naive oracle's pass without system
    /// buffering blocks here, the reduced search checks it on the
    /// completes-before graph.
    Detach { messages: Vec<ReqId> },
    /// Inside a one-sided call (`crate::mpi::rma`).
    Rma(super::rma::RmaWait),
    /// An access through the shared file pointer of `file` (or
    /// `MPI_File_get_position_shared`), waiting for the search to let it
    /// take the pointer (MPI 3.1 §13.4.4: the order in which the members'
    /// calls are serialized is the implementation's). `args` are the
    /// call's; `deferred`: the ranks whose access the search said goes
    /// after one not made yet (a "defer" branch, as for lock grants).
    SharedFp {
        file: runtime_model::mpi::file::FileId,
        args: Vec<u64>,
        deferred: Option<Vec<usize>>,
    },
    /// Threads of a parallel region are parked at MPI calls whose order
    /// decides a match (`MPI_THREAD_MULTIPLE`, MPI 4.0 §11.6.2): the
    /// search chooses which thread's call the library takes first
    /// (`Decision::ThreadFirst`).
    Threads { threads: Vec<u32> },
}

/// What may let a process that could not finish its blocking call finish it.
pub enum Wakes {
    /// A match or cancel of one of its requests (which touches it).
    Touched,
    /// That, or a member's arrival at a collective instance.
    TouchedOrGroupCall,
    /// Anything: tried in every round.
    Anything,
}

/// What `rank`'s blocking call waits for. Blocked waiting for all of a set
/// of its own requests (`Block::Requests` in `WaitMode::All`), the call
/// finishes exactly when they are all complete (`try_unblock`); a send or
/// receive completes only by being matched or cancelled (`Request::
/// is_complete`), which touches its owner, and a nonblocking collective
/// when its instance lets the member leave, which only arrivals change
/// (`Instance::can_leave`), as for a blocking collective. A Ready process
/// runs in the next round and an exited one never changes.
impl Machine {
    pub fn wakes(&self, rank: usize) -> Wakes {
        let requests = &self.world.p2p.requests;
        match &self.procs[rank].phase {
            Phase::Ready | Phase::Exited { .. } => Wakes::Touched,
            Phase::Blocked {
                block:
                    Block::Requests {
                        slots,
                        mode: WaitMode::All,
                        ..
                    },
                ..
            } => {
                let mut wakes = Wakes::Touched;
                for id in slots.iter().filter_map(|s| s.req) {
                    let r = &requests[id];
                    match r.op {
                        _ if r.owner != rank => return Wakes::Anything,
                        ReqOp::Send(_)
                        | ReqOp::Recv(_)
                        | ReqOp::Null { .. }
                        | ReqOp::Persistent(_)
                        | ReqOp::Generalized(_) => {}
                        ReqOp::Collective { .. } => wakes = Wakes::TouchedOrGroupCall,
                        // The search's decision applies its operation.
                        ReqOp::Rma { .. } => return Wakes::Anything,
                    }
                }
                wakes
            }
            Phase::Blocked {
                block: Block::Collective { .. },
                ..
            } => Wakes::TouchedOrGroupCall,
            Phase::Blocked { .. } => Wakes::Anything,
        }
    }
}
