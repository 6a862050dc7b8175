//! The MPI functions the model knows: one table with each function's C
//! parameter list and what it *is* (its family, whether it is collective,
//! which blocking call a nonblocking one performs, whether it leaves buffers
//! with a pending operation, whether its answer may differ between
//! executions, which object it makes).
//!
//! This table is the one place that says which MPI calls are modeled and how
//! they behave as a class: the extractor accepts exactly these (anything else
//! named `MPI_*` is reported as unsupported at its call site), its slicer
//! keeps stores to the buffers they leave pending, the checker's dispatch,
//! collective matching, reduced search, race, leak and deadlock checks read
//! the columns, and the README's list of supported functions is generated
//! from it (`mpi-check --list-mpi`). Adding an MPI function is one row here,
//! one handler in the checker, and one c-example.

use crate::mpi::ObjectKind;
use serde::{Deserialize, Serialize};

/// The part of the MPI standard a function belongs to, as the checker
/// implements it (one handler per family; the point-to-point and completion
/// families have a handler per form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Initialization, ranks, clocks, error handlers, attributes and other
    /// environment queries (MPI 3.1 ch. 8, §6.7, §10.4.2).
    Environment,
    /// Sends, receives, probes, persistent requests, buffers, cancel and
    /// status queries (MPI 3.1 ch. 3).
    PointToPoint,
    /// Wait, test and free of requests (MPI 3.1 §3.7.3–§3.7.5, §3.7.6).
    Completion,
    /// Collective operations on intracommunicators and intercommunicators,
    /// blocking and nonblocking, and MPI_Reduce_local (MPI 3.1 ch. 5).
    Collective,
    /// Communicators, groups, process topologies and neighborhood
    /// collectives (MPI 3.1 ch. 6 and 7).
    Communicator,
    /// Info objects and communicator names (MPI 3.1 ch. 9, §6.8).
    Info,
    /// Addresses and packing (MPI 3.1 §4.1.5, §4.1.12, §4.2).
    Packing,
    /// Derived datatypes and user-defined reduction operations (MPI 3.1
    /// ch. 4, §5.9.5).
    Datatype,
    /// One-sided communication: windows, RMA calls and their
    /// synchronization (MPI 3.1 ch. 11).
    Rma,
    /// MPI-IO: files, views and data access (MPI 3.1 ch. 13).
    Io,
}

/// What happens to a function's buffers when it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffers {
    /// The call is done with them (blocking calls, queries).
    Done,
    /// An operation it started stays pending and owns them until it
    /// completes (MPI_Isend, MPI_Irecv, MPI_Start, nonblocking collectives;
    /// MPI 3.1 §3.7.2, §5.12): touching them before is a race.
    Pending,
    /// They are bound to an object that later operations use (persistent
    /// requests, MPI_Buffer_attach; MPI 3.1 §3.9, §3.6.1): stores into them
    /// matter to what later calls send.
    Bound,
}

/// How a collective combines its members' data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No data (Barrier, and functions of other families).
    None,
    /// Blocks move between pairs of members (Bcast, Gather(v), Scatter(v),
    /// Allgather(v), Alltoall(v/w)).
    Blocks,
    /// Reductions: Reduce, Allreduce, Reduce_scatter(_block), Scan, Exscan.
    Reduction,
}

/// The attribute columns of one MPI function (see the table below).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attrs {
    pub family: Family,
    /// Every member of the communicator must call it, in the same order as
    /// the other collectives (MPI 3.1 §5.1, §5.13).
    pub collective: bool,
    /// For a nonblocking form, the blocking call it performs (MPI 3.1
    /// §5.12: same semantics, only completion is separate; §6.4.2 for
    /// MPI_Comm_idup).
    pub blocking_form: Option<MpiFunc>,
    pub buffers: Buffers,
    /// It only posts, matches, probes, completes or frees point-to-point
    /// operations (MPI 3.1 ch. 3) or queries local state: it never joins a
    /// collective instance nor changes a communicator's members, so a
    /// process waiting in a collective cannot be released by it. Unmarked
    /// functions are assumed to change collective state.
    pub p2p_or_local: bool,
    /// Its answer may differ between executions the standard allows even
    /// with the same matching: a poll (MPI_Test*, MPI_Iprobe) may say "not
    /// yet", a Waitany may pick another completed request (Vakkalanka et al. 2008a, §2.2,
    /// Vakkalanka et al. 2008b, §5 treat these as choice points).
    pub nondeterministic: bool,
    /// The kind of object it hands the process, to be freed before
    /// MPI_Finalize (MPI 3.1 §8.7).
    pub makes: Option<ObjectKind>,
    /// A collective with a `root` argument (MPI 3.1 §5.2.2 gives it special
    /// root values on an intercommunicator).
    pub rooted: bool,
    pub shape: Shape,
    /// A collective modeled on an intercommunicator too (MPI 3.1 §5.2.2);
    /// any other is reported unsupported there, never answered wrongly.
    pub intercomm: bool,
}

impl Attrs {
    const fn of(family: Family) -> Attrs {
        Attrs {
            family,
            collective: false,
            blocking_form: None,
            buffers: Buffers::Done,
            p2p_or_local: false,
            nondeterministic: false,
            makes: None,
            rooted: false,
            shape: Shape::None,
            intercomm: false,
        }
    }
}

/// One attribute of a table row: a flag, or a column with a value.
macro_rules! mpi_attr {
    ($a:ident, collective) => {
        $a.collective = true;
    };
    ($a:ident, p2p_or_local) => {
        $a.p2p_or_local = true;
    };
    ($a:ident, nondeterministic) => {
        $a.nondeterministic = true;
    };
    ($a:ident, rooted) => {
        $a.rooted = true;
    };
    ($a:ident, intercomm) => {
        $a.intercomm = true;
    };
    ($a:ident, blocking_form: $f:ident) => {
        $a.blocking_form = Some(MpiFunc::$f);
    };
    ($a:ident, buffers: $b:ident) => {
        $a.buffers = Buffers::$b;
    };
    ($a:ident, makes: $k:ident) => {
        $a.makes = Some(ObjectKind::$k);
    };
    ($a:ident, shape: $s:ident) => {
        $a.shape = Shape::$s;
    };
}

macro_rules! mpi_functions {
    ($( $variant:ident = $name:literal ( $($param:ident),* )
        { $family:ident $(, $attr:ident $(: $value:ident)? )* } ; )*) => {
        /// A modeled MPI function.
        #[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MpiFunc {
            $( #[serde(rename = $name)] $variant, )*
        }

        /// The attribute columns, indexed by `MpiFunc as usize`.
        const ATTRS: &[Attrs] = &[ $( {
            #[allow(unused_mut)]
            let mut a = Attrs::of(Family::$family);
            $( mpi_attr!(a, $attr $(: $value)?); )*
            a
        }, )* ];

        impl MpiFunc {
            pub const ALL: &'static [MpiFunc] = &[ $( MpiFunc::$variant, )* ];

            /// The C name, e.g. `MPI_Send`.
            pub fn name(self) -> &'static str {
                match self { $( MpiFunc::$variant => $name, )* }
            }

            /// Parameter names in C prototype order (MPI 3.1 standard names).
            pub fn params(self) -> &'static [&'static str] {
                match self { $( MpiFunc::$variant => &[ $( stringify!($param) ),* ], )* }
            }

            /// The function's attribute columns.
            pub fn attrs(self) -> &'static Attrs {
                &ATTRS[self as usize]
            }
        }
    };
}

// Each row: Variant = "C name"(parameters) { Family, attributes };
// the attributes are the columns of `Attrs` (flags, or `column: Value`).
mpi_functions! {
    // Environment (MPI 3.1 §8.7)
    Init = "MPI_Init"(argc, argv) { Environment };
    InitThread = "MPI_Init_thread"(argc, argv, required, provided) { Environment };
    Initialized = "MPI_Initialized"(flag) { Environment };
    Finalize = "MPI_Finalize"() { Environment };
    Finalized = "MPI_Finalized"(flag) { Environment };
    Abort = "MPI_Abort"(comm, errorcode) { Environment };
    Wtime = "MPI_Wtime"() { Environment, p2p_or_local };
    Wtick = "MPI_Wtick"() { Environment, p2p_or_local };
    CommRank = "MPI_Comm_rank"(comm, rank) { Environment, p2p_or_local };
    CommSize = "MPI_Comm_size"(comm, size) { Environment, p2p_or_local };
    // Point-to-point (MPI 3.1 chapter 3)
    Send = "MPI_Send"(buf, count, datatype, dest, tag, comm) { PointToPoint, p2p_or_local };
    Ssend = "MPI_Ssend"(buf, count, datatype, dest, tag, comm) { PointToPoint, p2p_or_local };
    Rsend = "MPI_Rsend"(buf, count, datatype, dest, tag, comm) { PointToPoint, p2p_or_local };
    Recv = "MPI_Recv"(buf, count, datatype, source, tag, comm, status) { PointToPoint, p2p_or_local };
    Isend = "MPI_Isend"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Pending, p2p_or_local };
    Issend = "MPI_Issend"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Pending, p2p_or_local };
    Irsend = "MPI_Irsend"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Pending, p2p_or_local };
    Irecv = "MPI_Irecv"(buf, count, datatype, source, tag, comm, request) { PointToPoint, buffers: Pending, p2p_or_local };
    Sendrecv = "MPI_Sendrecv"(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status) { PointToPoint, p2p_or_local };
    Probe = "MPI_Probe"(source, tag, comm, status) { PointToPoint, p2p_or_local };
    Iprobe = "MPI_Iprobe"(source, tag, comm, flag, status) { PointToPoint, p2p_or_local, nondeterministic };
    GetCount = "MPI_Get_count"(status, datatype, count) { PointToPoint, p2p_or_local };
    Wait = "MPI_Wait"(request, status) { Completion, p2p_or_local };
    Waitall = "MPI_Waitall"(count, array_of_requests, array_of_statuses) { Completion, p2p_or_local };
    Waitany = "MPI_Waitany"(count, array_of_requests, index, status) { Completion, p2p_or_local, nondeterministic };
    Test = "MPI_Test"(request, flag, status) { Completion, p2p_or_local, nondeterministic };
    Testall = "MPI_Testall"(count, array_of_requests, flag, array_of_statuses) { Completion, p2p_or_local, nondeterministic };
    Testany = "MPI_Testany"(count, array_of_requests, index, flag, status) { Completion, p2p_or_local, nondeterministic };
    RequestFree = "MPI_Request_free"(request) { Completion, p2p_or_local };
    // Collectives (MPI 3.1 chapter 5)
    Barrier = "MPI_Barrier"(comm) { Collective, collective, intercomm };
    Bcast = "MPI_Bcast"(buffer, count, datatype, root, comm) { Collective, collective, rooted, shape: Blocks, intercomm };
    Reduce = "MPI_Reduce"(sendbuf, recvbuf, count, datatype, op, root, comm) { Collective, collective, rooted, shape: Reduction, intercomm };
    Allreduce = "MPI_Allreduce"(sendbuf, recvbuf, count, datatype, op, comm) { Collective, collective, shape: Reduction, intercomm };
    Gather = "MPI_Gather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm) { Collective, collective, rooted, shape: Blocks, intercomm };
    Scatter = "MPI_Scatter"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm) { Collective, collective, rooted, shape: Blocks, intercomm };
    Allgather = "MPI_Allgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm) { Collective, collective, shape: Blocks, intercomm };
    Alltoall = "MPI_Alltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm) { Collective, collective, shape: Blocks, intercomm };
    // Declared for the wider MPI surface; each is modeled by the checker
    // or reported there as unsupported at its call site.
    Bsend = "MPI_Bsend"(buf, count, datatype, dest, tag, comm) { PointToPoint, p2p_or_local };
    Ibsend = "MPI_Ibsend"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Pending, p2p_or_local };
    SendrecvReplace = "MPI_Sendrecv_replace"(buf, count, datatype, dest, sendtag, source, recvtag, comm, status) { PointToPoint, p2p_or_local };
    Mprobe = "MPI_Mprobe"(source, tag, comm, message, status) { PointToPoint, p2p_or_local };
    Improbe = "MPI_Improbe"(source, tag, comm, flag, message, status) { PointToPoint, p2p_or_local, nondeterministic };
    Mrecv = "MPI_Mrecv"(buf, count, datatype, message, status) { PointToPoint, p2p_or_local };
    Imrecv = "MPI_Imrecv"(buf, count, datatype, message, request) { PointToPoint, buffers: Pending, p2p_or_local };
    BufferAttach = "MPI_Buffer_attach"(buffer, size) { PointToPoint, buffers: Bound, makes: AttachedBuffer };
    BufferDetach = "MPI_Buffer_detach"(buffer_addr, size) { PointToPoint };
    Cancel = "MPI_Cancel"(request) { PointToPoint, p2p_or_local };
    TestCancelled = "MPI_Test_cancelled"(status, flag) { PointToPoint, p2p_or_local };
    GetElements = "MPI_Get_elements"(status, datatype, count) { PointToPoint, p2p_or_local };
    SendInit = "MPI_Send_init"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Bound, p2p_or_local };
    SsendInit = "MPI_Ssend_init"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Bound, p2p_or_local };
    BsendInit = "MPI_Bsend_init"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Bound, p2p_or_local };
    RsendInit = "MPI_Rsend_init"(buf, count, datatype, dest, tag, comm, request) { PointToPoint, buffers: Bound, p2p_or_local };
    RecvInit = "MPI_Recv_init"(buf, count, datatype, source, tag, comm, request) { PointToPoint, buffers: Bound, p2p_or_local };
    Start = "MPI_Start"(request) { PointToPoint, buffers: Pending, p2p_or_local };
    Startall = "MPI_Startall"(count, array_of_requests) { PointToPoint, buffers: Pending, p2p_or_local };
    Waitsome = "MPI_Waitsome"(incount, array_of_requests, outcount, array_of_indices, array_of_statuses) { Completion, p2p_or_local, nondeterministic };
    Testsome = "MPI_Testsome"(incount, array_of_requests, outcount, array_of_indices, array_of_statuses) { Completion, p2p_or_local, nondeterministic };
    RequestGetStatus = "MPI_Request_get_status"(request, flag, status) { Completion, p2p_or_local, nondeterministic };
    // Generalized requests (MPI 3.1 §12.2).
    GrequestStart = "MPI_Grequest_start"(query_fn, free_fn, cancel_fn, extra_state, request) { Completion, p2p_or_local };
    GrequestComplete = "MPI_Grequest_complete"(request) { Completion, p2p_or_local };
    Ibarrier = "MPI_Ibarrier"(comm, request) { Collective, collective, blocking_form: Barrier, buffers: Pending, intercomm };
    Ibcast = "MPI_Ibcast"(buffer, count, datatype, root, comm, request) { Collective, collective, blocking_form: Bcast, buffers: Pending, rooted, shape: Blocks, intercomm };
    Ireduce = "MPI_Ireduce"(sendbuf, recvbuf, count, datatype, op, root, comm, request) { Collective, collective, blocking_form: Reduce, buffers: Pending, rooted, shape: Reduction, intercomm };
    Iallreduce = "MPI_Iallreduce"(sendbuf, recvbuf, count, datatype, op, comm, request) { Collective, collective, blocking_form: Allreduce, buffers: Pending, shape: Reduction, intercomm };
    Gatherv = "MPI_Gatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm) { Collective, collective, rooted, shape: Blocks, intercomm };
    Igather = "MPI_Igather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request) { Collective, collective, blocking_form: Gather, buffers: Pending, rooted, shape: Blocks, intercomm };
    Igatherv = "MPI_Igatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request) { Collective, collective, blocking_form: Gatherv, buffers: Pending, rooted, shape: Blocks, intercomm };
    Scatterv = "MPI_Scatterv"(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm) { Collective, collective, rooted, shape: Blocks, intercomm };
    Iscatter = "MPI_Iscatter"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request) { Collective, collective, blocking_form: Scatter, buffers: Pending, rooted, shape: Blocks, intercomm };
    Iscatterv = "MPI_Iscatterv"(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request) { Collective, collective, blocking_form: Scatterv, buffers: Pending, rooted, shape: Blocks, intercomm };
    Allgatherv = "MPI_Allgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm) { Collective, collective, shape: Blocks, intercomm };
    Iallgather = "MPI_Iallgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request) { Collective, collective, blocking_form: Allgather, buffers: Pending, shape: Blocks, intercomm };
    Iallgatherv = "MPI_Iallgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request) { Collective, collective, blocking_form: Allgatherv, buffers: Pending, shape: Blocks, intercomm };
    Ialltoall = "MPI_Ialltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request) { Collective, collective, blocking_form: Alltoall, buffers: Pending, shape: Blocks, intercomm };
    Alltoallv = "MPI_Alltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm) { Collective, collective, shape: Blocks, intercomm };
    Ialltoallv = "MPI_Ialltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request) { Collective, collective, blocking_form: Alltoallv, buffers: Pending, shape: Blocks, intercomm };
    Alltoallw = "MPI_Alltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm) { Collective, collective, shape: Blocks, intercomm };
    Ialltoallw = "MPI_Ialltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request) { Collective, collective, blocking_form: Alltoallw, buffers: Pending, shape: Blocks, intercomm };
    ReduceScatter = "MPI_Reduce_scatter"(sendbuf, recvbuf, recvcounts, datatype, op, comm) { Collective, collective, shape: Reduction, intercomm };
    IreduceScatter = "MPI_Ireduce_scatter"(sendbuf, recvbuf, recvcounts, datatype, op, comm, request) { Collective, collective, blocking_form: ReduceScatter, buffers: Pending, shape: Reduction, intercomm };
    ReduceScatterBlock = "MPI_Reduce_scatter_block"(sendbuf, recvbuf, recvcount, datatype, op, comm) { Collective, collective, shape: Reduction, intercomm };
    IreduceScatterBlock = "MPI_Ireduce_scatter_block"(sendbuf, recvbuf, recvcount, datatype, op, comm, request) { Collective, collective, blocking_form: ReduceScatterBlock, buffers: Pending, shape: Reduction, intercomm };
    Scan = "MPI_Scan"(sendbuf, recvbuf, count, datatype, op, comm) { Collective, collective, shape: Reduction };
    Iscan = "MPI_Iscan"(sendbuf, recvbuf, count, datatype, op, comm, request) { Collective, collective, blocking_form: Scan, buffers: Pending, shape: Reduction };
    Exscan = "MPI_Exscan"(sendbuf, recvbuf, count, datatype, op, comm) { Collective, collective, shape: Reduction };
    Iexscan = "MPI_Iexscan"(sendbuf, recvbuf, count, datatype, op, comm, request) { Collective, collective, blocking_form: Exscan, buffers: Pending, shape: Reduction };
    ReduceLocal = "MPI_Reduce_local"(inbuf, inoutbuf, count, datatype, op) { Collective };
    CommDup = "MPI_Comm_dup"(comm, newcomm) { Communicator, makes: Communicator };
    CommIdup = "MPI_Comm_idup"(comm, newcomm, request) { Communicator, blocking_form: CommDup, makes: Communicator };
    CommSplit = "MPI_Comm_split"(comm, color, key, newcomm) { Communicator, makes: Communicator };
    CommSplitType = "MPI_Comm_split_type"(comm, split_type, key, info, newcomm) { Communicator, makes: Communicator };
    CommCreate = "MPI_Comm_create"(comm, group, newcomm) { Communicator, makes: Communicator };
    CommCreateGroup = "MPI_Comm_create_group"(comm, group, tag, newcomm) { Communicator, makes: Communicator };
    CommFree = "MPI_Comm_free"(comm) { Communicator };
    CommCompare = "MPI_Comm_compare"(comm1, comm2, result) { Communicator };
    CommGroup = "MPI_Comm_group"(comm, group) { Communicator, makes: Group };
    CommTestInter = "MPI_Comm_test_inter"(comm, flag) { Communicator };
    CommRemoteSize = "MPI_Comm_remote_size"(comm, size) { Communicator };
    CommRemoteGroup = "MPI_Comm_remote_group"(comm, group) { Communicator, makes: Group };
    GroupSize = "MPI_Group_size"(group, size) { Communicator };
    GroupRank = "MPI_Group_rank"(group, rank) { Communicator };
    GroupIncl = "MPI_Group_incl"(group, n, ranks, newgroup) { Communicator, makes: Group };
    GroupExcl = "MPI_Group_excl"(group, n, ranks, newgroup) { Communicator, makes: Group };
    GroupRangeIncl = "MPI_Group_range_incl"(group, n, ranges, newgroup) { Communicator, makes: Group };
    GroupRangeExcl = "MPI_Group_range_excl"(group, n, ranges, newgroup) { Communicator, makes: Group };
    GroupUnion = "MPI_Group_union"(group1, group2, newgroup) { Communicator, makes: Group };
    GroupIntersection = "MPI_Group_intersection"(group1, group2, newgroup) { Communicator, makes: Group };
    GroupDifference = "MPI_Group_difference"(group1, group2, newgroup) { Communicator, makes: Group };
    GroupTranslateRanks = "MPI_Group_translate_ranks"(group1, n, ranks1, group2, ranks2) { Communicator };
    GroupCompare = "MPI_Group_compare"(group1, group2, result) { Communicator };
    GroupFree = "MPI_Group_free"(group) { Communicator };
    IntercommCreate = "MPI_Intercomm_create"(local_comm, local_leader, peer_comm, remote_leader, tag, newintercomm) { Communicator, makes: Communicator };
    IntercommMerge = "MPI_Intercomm_merge"(intercomm, high, newintracomm) { Communicator, makes: Communicator };
    CartCreate = "MPI_Cart_create"(comm_old, ndims, dims, periods, reorder, comm_cart) { Communicator, makes: Communicator };
    CartGet = "MPI_Cart_get"(comm, maxdims, dims, periods, coords) { Communicator };
    CartRank = "MPI_Cart_rank"(comm, coords, rank) { Communicator };
    CartCoords = "MPI_Cart_coords"(comm, rank, maxdims, coords) { Communicator };
    CartShift = "MPI_Cart_shift"(comm, direction, disp, rank_source, rank_dest) { Communicator };
    CartSub = "MPI_Cart_sub"(comm, remain_dims, newcomm) { Communicator, makes: Communicator };
    DimsCreate = "MPI_Dims_create"(nnodes, ndims, dims) { Communicator };
    CartdimGet = "MPI_Cartdim_get"(comm, ndims) { Communicator };
    TopoTest = "MPI_Topo_test"(comm, status) { Communicator };
    GraphCreate = "MPI_Graph_create"(comm_old, nnodes, index, edges, reorder, comm_graph) { Communicator, makes: Communicator };
    DistGraphCreate = "MPI_Dist_graph_create"(comm_old, n, sources, degrees, destinations, weights, info, reorder, comm_dist_graph) { Communicator, makes: Communicator };
    DistGraphCreateAdjacent = "MPI_Dist_graph_create_adjacent"(comm_old, indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder, comm_dist_graph) { Communicator, makes: Communicator };
    DistGraphNeighborsCount = "MPI_Dist_graph_neighbors_count"(comm, indegree, outdegree, weighted) { Communicator };
    DistGraphNeighbors = "MPI_Dist_graph_neighbors"(comm, maxindegree, sources, sourceweights, maxoutdegree, destinations, destweights) { Communicator };
    NeighborAllgather = "MPI_Neighbor_allgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm) { Communicator, collective };
    NeighborAlltoall = "MPI_Neighbor_alltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm) { Communicator, collective };
    TypeContiguous = "MPI_Type_contiguous"(count, oldtype, newtype) { Datatype, makes: Datatype };
    TypeVector = "MPI_Type_vector"(count, blocklength, stride, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateHvector = "MPI_Type_create_hvector"(count, blocklength, stride, oldtype, newtype) { Datatype, makes: Datatype };
    TypeIndexed = "MPI_Type_indexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateHindexed = "MPI_Type_create_hindexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateIndexedBlock = "MPI_Type_create_indexed_block"(count, blocklength, array_of_displacements, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateHindexedBlock = "MPI_Type_create_hindexed_block"(count, blocklength, array_of_displacements, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateDarray = "MPI_Type_create_darray"(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateStruct = "MPI_Type_create_struct"(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype) { Datatype, makes: Datatype };
    TypeCreateSubarray = "MPI_Type_create_subarray"(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype) { Datatype, makes: Datatype };
    TypeCreateResized = "MPI_Type_create_resized"(oldtype, lb, extent, newtype) { Datatype, makes: Datatype };
    TypeDup = "MPI_Type_dup"(oldtype, newtype) { Datatype, makes: Datatype };
    TypeCommit = "MPI_Type_commit"(datatype) { Datatype };
    TypeFree = "MPI_Type_free"(datatype) { Datatype };
    TypeSize = "MPI_Type_size"(datatype, size) { Datatype };
    TypeGetExtent = "MPI_Type_get_extent"(datatype, lb, extent) { Datatype };
    TypeGetTrueExtent = "MPI_Type_get_true_extent"(datatype, true_lb, true_extent) { Datatype };
    OpCreate = "MPI_Op_create"(user_fn, commute, op) { Datatype, makes: Op };
    OpFree = "MPI_Op_free"(op) { Datatype };
    CommSetErrhandler = "MPI_Comm_set_errhandler"(comm, errhandler) { Environment };
    CommGetErrhandler = "MPI_Comm_get_errhandler"(comm, errhandler) { Environment };
    ErrhandlerFree = "MPI_Errhandler_free"(errhandler) { Environment };
    ErrorString = "MPI_Error_string"(errorcode, string, resultlen) { Environment };
    ErrorClass = "MPI_Error_class"(errorcode, errorclass) { Environment };
    GetProcessorName = "MPI_Get_processor_name"(name, resultlen) { Environment };
    GetVersion = "MPI_Get_version"(version, subversion) { Environment };
    QueryThread = "MPI_Query_thread"(provided) { Environment };
    IsThreadMain = "MPI_Is_thread_main"(flag) { Environment };
    CommGetAttr = "MPI_Comm_get_attr"(comm, comm_keyval, attribute_val, flag) { Environment };
    CommSetAttr = "MPI_Comm_set_attr"(comm, comm_keyval, attribute_val) { Environment };
    AttrGet = "MPI_Attr_get"(comm, keyval, attribute_val, flag) { Environment };
    // Addresses, packing and large-count queries (MPI 3.1 §4.1.5, §4.1.8, §4.1.11, §4.2)
    GetAddress = "MPI_Get_address"(location, address) { Packing };
    AintAdd = "MPI_Aint_add"(base, disp) { Packing };
    AintDiff = "MPI_Aint_diff"(addr1, addr2) { Packing };
    Pack = "MPI_Pack"(inbuf, incount, datatype, outbuf, outsize, position, comm) { Packing };
    Unpack = "MPI_Unpack"(inbuf, insize, position, outbuf, outcount, datatype, comm) { Packing };
    PackSize = "MPI_Pack_size"(incount, datatype, comm, size) { Packing };
    // The portable representation "external32" (MPI 3.1 §4.3, §13.5.2).
    PackExternal = "MPI_Pack_external"(datarep, inbuf, incount, datatype, outbuf, outsize, position) { Packing };
    UnpackExternal = "MPI_Unpack_external"(datarep, inbuf, insize, position, outbuf, outcount, datatype) { Packing };
    PackExternalSize = "MPI_Pack_external_size"(datarep, incount, datatype, size) { Packing };
    TypeSizeX = "MPI_Type_size_x"(datatype, size) { Datatype };
    TypeGetExtentX = "MPI_Type_get_extent_x"(datatype, lb, extent) { Datatype };
    // Decoding a datatype (MPI 3.1 §4.1.13); get_contents hands out new
    // handles for the derived types it names.
    TypeGetEnvelope = "MPI_Type_get_envelope"(datatype, num_integers, num_addresses, num_datatypes, combiner) { Datatype };
    TypeGetContents = "MPI_Type_get_contents"(datatype, max_integers, max_addresses, max_datatypes, array_of_integers, array_of_addresses, array_of_datatypes) { Datatype, makes: Datatype };
    TypeSetName = "MPI_Type_set_name"(datatype, type_name) { Info };
    TypeMatchSize = "MPI_Type_match_size"(typeclass, size, datatype) { Datatype };
    TypeGetName = "MPI_Type_get_name"(datatype, type_name, resultlen) { Info };
    TypeGetTrueExtentX = "MPI_Type_get_true_extent_x"(datatype, true_lb, true_extent) { Datatype };
    GetElementsX = "MPI_Get_elements_x"(status, datatype, count) { PointToPoint };
    StatusSetElements = "MPI_Status_set_elements"(status, datatype, count) { PointToPoint };
    StatusSetElementsX = "MPI_Status_set_elements_x"(status, datatype, count) { PointToPoint };
    // §12.2: filled in by a generalized request's query function.
    StatusSetCancelled = "MPI_Status_set_cancelled"(status, flag) { PointToPoint, p2p_or_local };
    // Small environment calls (MPI 3.1 §5.9.7, §6.8, §8.1, §8.2, §8.4, §10.4.2, §14.2.4)
    GetLibraryVersion = "MPI_Get_library_version"(version, resultlen) { Environment };
    Pcontrol = "MPI_Pcontrol"(level) { Environment };
    CommGetParent = "MPI_Comm_get_parent"(parent) { Environment };
    OpCommutative = "MPI_Op_commutative"(op, commute) { Environment };
    AllocMem = "MPI_Alloc_mem"(size, info, baseptr) { Environment };
    FreeMem = "MPI_Free_mem"(base) { Environment };
    // Info objects (MPI 3.1 §9) and communicator names (§6.8)
    InfoCreate = "MPI_Info_create"(info) { Info };
    InfoSet = "MPI_Info_set"(info, key, value) { Info };
    InfoDelete = "MPI_Info_delete"(info, key) { Info };
    InfoGet = "MPI_Info_get"(info, key, valuelen, value, flag) { Info };
    InfoGetValuelen = "MPI_Info_get_valuelen"(info, key, valuelen, flag) { Info };
    InfoGetNkeys = "MPI_Info_get_nkeys"(info, nkeys) { Info };
    InfoGetNthkey = "MPI_Info_get_nthkey"(info, n, key) { Info };
    InfoDup = "MPI_Info_dup"(info, newinfo) { Info };
    InfoFree = "MPI_Info_free"(info) { Info };
    CommSetName = "MPI_Comm_set_name"(comm, comm_name) { Info };
    CommGetName = "MPI_Comm_get_name"(comm, comm_name, resultlen) { Info };
    CommDupWithInfo = "MPI_Comm_dup_with_info"(comm, info, newcomm) { Communicator, makes: Communicator };
    // Communicator hints (MPI 3.1 §6.4.4): set is collective, get local.
    CommSetInfo = "MPI_Comm_set_info"(comm, info) { Communicator };
    CommGetInfo = "MPI_Comm_get_info"(comm, info_used) { Communicator };
    // Topology queries and the v-forms of the neighborhood collectives (§7.5.5, §7.5.7, §7.6)
    GraphNeighborsCount = "MPI_Graph_neighbors_count"(comm, rank, nneighbors) { Communicator };
    GraphNeighbors = "MPI_Graph_neighbors"(comm, rank, maxneighbors, neighbors) { Communicator };
    CartMap = "MPI_Cart_map"(comm, ndims, dims, periods, newrank) { Communicator };
    GraphMap = "MPI_Graph_map"(comm, nnodes, index, edges, newrank) { Communicator };
    NeighborAllgatherv = "MPI_Neighbor_allgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm) { Communicator, collective };
    NeighborAlltoallv = "MPI_Neighbor_alltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm) { Communicator, collective };
    NeighborAlltoallw = "MPI_Neighbor_alltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm) { Communicator, collective };
    // Nonblocking neighborhood collectives (MPI 3.1 §7.7).
    IneighborAllgather = "MPI_Ineighbor_allgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request) { Communicator, collective, blocking_form: NeighborAllgather, buffers: Pending };
    IneighborAllgatherv = "MPI_Ineighbor_allgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request) { Communicator, collective, blocking_form: NeighborAllgatherv, buffers: Pending };
    IneighborAlltoall = "MPI_Ineighbor_alltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request) { Communicator, collective, blocking_form: NeighborAlltoall, buffers: Pending };
    IneighborAlltoallv = "MPI_Ineighbor_alltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request) { Communicator, collective, blocking_form: NeighborAlltoallv, buffers: Pending };
    IneighborAlltoallw = "MPI_Ineighbor_alltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request) { Communicator, collective, blocking_form: NeighborAlltoallw, buffers: Pending };
    // MPI-1 names removed in MPI 3.0 (MPI 3.1 §17.2, Table 17.1), with the
    // semantics of their replacements.
    Address = "MPI_Address"(location, address) { Packing };
    TypeHvector = "MPI_Type_hvector"(count, blocklength, stride, oldtype, newtype) { Datatype, makes: Datatype };
    TypeHindexed = "MPI_Type_hindexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype) { Datatype, makes: Datatype };
    TypeStruct = "MPI_Type_struct"(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype) { Datatype, makes: Datatype };
    TypeExtent = "MPI_Type_extent"(datatype, extent) { Datatype };
    TypeLb = "MPI_Type_lb"(datatype, displacement) { Datatype };
    TypeUb = "MPI_Type_ub"(datatype, displacement) { Datatype };
    ErrhandlerSet = "MPI_Errhandler_set"(comm, errhandler) { Environment };
    ErrhandlerGet = "MPI_Errhandler_get"(comm, errhandler) { Environment };
    // One-sided communication (MPI 3.1 chapter 11): windows (§11.2),
    // communication calls (§11.3), synchronization (§11.5).
    WinCreate = "MPI_Win_create"(base, size, disp_unit, info, comm, win) { Rma, collective };
    WinAllocate = "MPI_Win_allocate"(size, disp_unit, info, comm, baseptr, win) { Rma, collective };
    WinCreateDynamic = "MPI_Win_create_dynamic"(info, comm, win) { Rma, collective };
    WinAllocateShared = "MPI_Win_allocate_shared"(size, disp_unit, info, comm, baseptr, win) { Rma, collective };
    WinSharedQuery = "MPI_Win_shared_query"(win, rank, size, disp_unit, baseptr) { Rma, p2p_or_local };
    WinAttach = "MPI_Win_attach"(win, base, size) { Rma, p2p_or_local };
    WinDetach = "MPI_Win_detach"(win, base) { Rma, p2p_or_local };
    WinGetGroup = "MPI_Win_get_group"(win, group) { Rma, p2p_or_local, makes: Group };
    WinFree = "MPI_Win_free"(win) { Rma, collective };
    WinGetAttr = "MPI_Win_get_attr"(win, win_keyval, attribute_val, flag) { Rma, p2p_or_local };
    WinSetInfo = "MPI_Win_set_info"(win, info) { Rma, collective };
    WinGetInfo = "MPI_Win_get_info"(win, info_used) { Rma, p2p_or_local };
    WinSetName = "MPI_Win_set_name"(win, win_name) { Rma, p2p_or_local };
    WinGetName = "MPI_Win_get_name"(win, win_name, resultlen) { Rma, p2p_or_local };
    WinFence = "MPI_Win_fence"(assert, win) { Rma, collective };
    WinLock = "MPI_Win_lock"(lock_type, rank, assert, win) { Rma, p2p_or_local };
    WinUnlock = "MPI_Win_unlock"(rank, win) { Rma, p2p_or_local };
    WinLockAll = "MPI_Win_lock_all"(assert, win) { Rma, p2p_or_local };
    WinUnlockAll = "MPI_Win_unlock_all"(win) { Rma, p2p_or_local };
    WinFlush = "MPI_Win_flush"(rank, win) { Rma, p2p_or_local };
    WinFlushAll = "MPI_Win_flush_all"(win) { Rma, p2p_or_local };
    WinFlushLocal = "MPI_Win_flush_local"(rank, win) { Rma, p2p_or_local };
    WinFlushLocalAll = "MPI_Win_flush_local_all"(win) { Rma, p2p_or_local };
    WinSync = "MPI_Win_sync"(win) { Rma, p2p_or_local };
    // Attribute caching (MPI 3.1 §6.7): keyvals and attributes are local to
    // the process; the copy and delete callbacks run inside the calls that
    // duplicate and free the objects.
    CommCreateKeyval = "MPI_Comm_create_keyval"(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state) { Environment, p2p_or_local };
    CommFreeKeyval = "MPI_Comm_free_keyval"(comm_keyval) { Environment, p2p_or_local };
    CommDeleteAttr = "MPI_Comm_delete_attr"(comm, comm_keyval) { Environment, p2p_or_local };
    TypeCreateKeyval = "MPI_Type_create_keyval"(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state) { Environment, p2p_or_local };
    TypeFreeKeyval = "MPI_Type_free_keyval"(type_keyval) { Environment, p2p_or_local };
    TypeSetAttr = "MPI_Type_set_attr"(datatype, type_keyval, attribute_val) { Environment, p2p_or_local };
    TypeGetAttr = "MPI_Type_get_attr"(datatype, type_keyval, attribute_val, flag) { Environment, p2p_or_local };
    TypeDeleteAttr = "MPI_Type_delete_attr"(datatype, type_keyval) { Environment, p2p_or_local };
    WinCreateKeyval = "MPI_Win_create_keyval"(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state) { Environment, p2p_or_local };
    WinFreeKeyval = "MPI_Win_free_keyval"(win_keyval) { Environment, p2p_or_local };
    WinSetAttr = "MPI_Win_set_attr"(win, win_keyval, attribute_val) { Environment, p2p_or_local };
    WinDeleteAttr = "MPI_Win_delete_attr"(win, win_keyval) { Environment, p2p_or_local };
    // The MPI-1 names, deprecated in MPI 2.0 (MPI 3.1 §15.1), with the
    // semantics of their communicator replacements.
    KeyvalCreate = "MPI_Keyval_create"(copy_fn, delete_fn, keyval, extra_state) { Environment, p2p_or_local };
    KeyvalFree = "MPI_Keyval_free"(keyval) { Environment, p2p_or_local };
    AttrPut = "MPI_Attr_put"(comm, keyval, attribute_val) { Environment, p2p_or_local };
    AttrDelete = "MPI_Attr_delete"(comm, keyval) { Environment, p2p_or_local };
    // User error handlers and error codes (MPI 3.1 §8.3, §8.5).
    CommCreateErrhandler = "MPI_Comm_create_errhandler"(comm_errhandler_fn, errhandler) { Environment, p2p_or_local };
    WinCreateErrhandler = "MPI_Win_create_errhandler"(win_errhandler_fn, errhandler) { Environment, p2p_or_local };
    FileCreateErrhandler = "MPI_File_create_errhandler"(file_errhandler_fn, errhandler) { Environment, p2p_or_local };
    WinSetErrhandler = "MPI_Win_set_errhandler"(win, errhandler) { Environment, p2p_or_local };
    FileSetErrhandler = "MPI_File_set_errhandler"(file, errhandler) { Environment, p2p_or_local };
    FileGetErrhandler = "MPI_File_get_errhandler"(file, errhandler) { Environment, p2p_or_local };
    FileCallErrhandler = "MPI_File_call_errhandler"(fh, errorcode) { Environment, p2p_or_local };
    WinGetErrhandler = "MPI_Win_get_errhandler"(win, errhandler) { Environment, p2p_or_local };
    CommCallErrhandler = "MPI_Comm_call_errhandler"(comm, errorcode) { Environment, p2p_or_local };
    WinCallErrhandler = "MPI_Win_call_errhandler"(win, errorcode) { Environment, p2p_or_local };
    AddErrorClass = "MPI_Add_error_class"(errorclass) { Environment, p2p_or_local };
    AddErrorCode = "MPI_Add_error_code"(errorclass, errorcode) { Environment, p2p_or_local };
    AddErrorString = "MPI_Add_error_string"(errorcode, string) { Environment, p2p_or_local };
    // The MPI-1 name, removed in MPI 3.0 (MPI 3.1 §16.2): its handler
    // parameter is `function`, not `*_fn` (see `takes_callback`).
    ErrhandlerCreate = "MPI_Errhandler_create"(function, errhandler) { Environment, p2p_or_local };
    // Graph topology queries (MPI 3.1 §7.5.5).
    GraphdimsGet = "MPI_Graphdims_get"(comm, nnodes, nedges) { Communicator };
    GraphGet = "MPI_Graph_get"(comm, maxindex, maxedges, index, edges) { Communicator };
    WinPost = "MPI_Win_post"(group, assert, win) { Rma, p2p_or_local };
    WinStart = "MPI_Win_start"(group, assert, win) { Rma, p2p_or_local };
    WinComplete = "MPI_Win_complete"(win) { Rma, p2p_or_local };
    WinWait = "MPI_Win_wait"(win) { Rma, p2p_or_local };
    WinTest = "MPI_Win_test"(win, flag) { Rma, p2p_or_local, nondeterministic };
    Put = "MPI_Put"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win) { Rma, buffers: Pending, p2p_or_local };
    Get = "MPI_Get"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win) { Rma, buffers: Pending, p2p_or_local };
    Accumulate = "MPI_Accumulate"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win) { Rma, buffers: Pending, p2p_or_local };
    GetAccumulate = "MPI_Get_accumulate"(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win) { Rma, buffers: Pending, p2p_or_local };
    FetchAndOp = "MPI_Fetch_and_op"(origin_addr, result_addr, datatype, target_rank, target_disp, op, win) { Rma, buffers: Pending, p2p_or_local };
    CompareAndSwap = "MPI_Compare_and_swap"(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win) { Rma, buffers: Pending, p2p_or_local };
    // Request-based forms (§11.3.5): the request completes at the origin.
    Rput = "MPI_Rput"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request) { Rma, buffers: Pending, p2p_or_local };
    Rget = "MPI_Rget"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request) { Rma, buffers: Pending, p2p_or_local };
    Raccumulate = "MPI_Raccumulate"(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request) { Rma, buffers: Pending, p2p_or_local };
    RgetAccumulate = "MPI_Rget_accumulate"(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request) { Rma, buffers: Pending, p2p_or_local };
    // MPI-IO (MPI 3.1 ch. 13): files of the check, kept in memory.
    // File manipulation (§13.2): open, close and the size and hint calls
    // are collective over the file's group.
    FileOpen = "MPI_File_open"(comm, filename, amode, info, fh) { Io, collective };
    FileClose = "MPI_File_close"(fh) { Io, collective };
    FileDelete = "MPI_File_delete"(filename, info) { Io, p2p_or_local };
    FileSetSize = "MPI_File_set_size"(fh, size) { Io, collective };
    FilePreallocate = "MPI_File_preallocate"(fh, size) { Io, collective };
    FileGetSize = "MPI_File_get_size"(fh, size) { Io, p2p_or_local };
    FileGetGroup = "MPI_File_get_group"(fh, group) { Io, p2p_or_local, makes: Group };
    FileGetAmode = "MPI_File_get_amode"(fh, amode) { Io, p2p_or_local };
    FileSetInfo = "MPI_File_set_info"(fh, info) { Io, collective };
    FileGetInfo = "MPI_File_get_info"(fh, info_used) { Io, p2p_or_local };
    // File views (§13.3).
    FileSetView = "MPI_File_set_view"(fh, disp, etype, filetype, datarep, info) { Io, collective };
    FileGetView = "MPI_File_get_view"(fh, disp, etype, filetype, datarep) { Io, p2p_or_local };
    FileGetTypeExtent = "MPI_File_get_type_extent"(fh, datatype, extent) { Io, p2p_or_local };
    FileGetByteOffset = "MPI_File_get_byte_offset"(fh, offset, disp) { Io, p2p_or_local };
    // Data access with explicit offsets (§13.4.2).
    FileReadAt = "MPI_File_read_at"(fh, offset, buf, count, datatype, status) { Io, p2p_or_local };
    FileWriteAt = "MPI_File_write_at"(fh, offset, buf, count, datatype, status) { Io, p2p_or_local };
    FileReadAtAll = "MPI_File_read_at_all"(fh, offset, buf, count, datatype, status) { Io, collective };
    FileWriteAtAll = "MPI_File_write_at_all"(fh, offset, buf, count, datatype, status) { Io, collective };
    FileIreadAt = "MPI_File_iread_at"(fh, offset, buf, count, datatype, request) { Io, blocking_form: FileReadAt, buffers: Pending, p2p_or_local };
    FileIwriteAt = "MPI_File_iwrite_at"(fh, offset, buf, count, datatype, request) { Io, blocking_form: FileWriteAt, buffers: Pending, p2p_or_local };
    FileIreadAtAll = "MPI_File_iread_at_all"(fh, offset, buf, count, datatype, request) { Io, collective, blocking_form: FileReadAtAll, buffers: Pending };
    FileIwriteAtAll = "MPI_File_iwrite_at_all"(fh, offset, buf, count, datatype, request) { Io, collective, blocking_form: FileWriteAtAll, buffers: Pending };
    // Data access with individual file pointers (§13.4.3).
    FileRead = "MPI_File_read"(fh, buf, count, datatype, status) { Io, p2p_or_local };
    FileWrite = "MPI_File_write"(fh, buf, count, datatype, status) { Io, p2p_or_local };
    FileReadAll = "MPI_File_read_all"(fh, buf, count, datatype, status) { Io, collective };
    FileWriteAll = "MPI_File_write_all"(fh, buf, count, datatype, status) { Io, collective };
    FileIread = "MPI_File_iread"(fh, buf, count, datatype, request) { Io, blocking_form: FileRead, buffers: Pending, p2p_or_local };
    FileIwrite = "MPI_File_iwrite"(fh, buf, count, datatype, request) { Io, blocking_form: FileWrite, buffers: Pending, p2p_or_local };
    FileIreadAll = "MPI_File_iread_all"(fh, buf, count, datatype, request) { Io, collective, blocking_form: FileReadAll, buffers: Pending };
    FileIwriteAll = "MPI_File_iwrite_all"(fh, buf, count, datatype, request) { Io, collective, blocking_form: FileWriteAll, buffers: Pending };
    FileSeek = "MPI_File_seek"(fh, offset, whence) { Io, p2p_or_local };
    FileGetPosition = "MPI_File_get_position"(fh, offset) { Io, p2p_or_local };
    // Data access with the shared file pointer (§13.4.4): one pointer per
    // collectively opened file; the order in which the members' individual
    // calls take it is the implementation's (a decision of the search), the
    // ordered calls are collective and go in rank order.
    FileReadShared = "MPI_File_read_shared"(fh, buf, count, datatype, status) { Io, p2p_or_local };
    FileWriteShared = "MPI_File_write_shared"(fh, buf, count, datatype, status) { Io, p2p_or_local };
    FileIreadShared = "MPI_File_iread_shared"(fh, buf, count, datatype, request) { Io, blocking_form: FileReadShared, buffers: Pending, p2p_or_local };
    FileIwriteShared = "MPI_File_iwrite_shared"(fh, buf, count, datatype, request) { Io, blocking_form: FileWriteShared, buffers: Pending, p2p_or_local };
    FileReadOrdered = "MPI_File_read_ordered"(fh, buf, count, datatype, status) { Io, collective };
    FileWriteOrdered = "MPI_File_write_ordered"(fh, buf, count, datatype, status) { Io, collective };
    FileSeekShared = "MPI_File_seek_shared"(fh, offset, whence) { Io, collective };
    FileGetPositionShared = "MPI_File_get_position_shared"(fh, offset) { Io, p2p_or_local };
    // Split collective data access (§13.4.5): the begin is the collective
    // call; the end only finishes it.
    FileReadAtAllBegin = "MPI_File_read_at_all_begin"(fh, offset, buf, count, datatype) { Io, collective, buffers: Pending };
    FileReadAtAllEnd = "MPI_File_read_at_all_end"(fh, buf, status) { Io, p2p_or_local };
    FileWriteAtAllBegin = "MPI_File_write_at_all_begin"(fh, offset, buf, count, datatype) { Io, collective, buffers: Pending };
    FileWriteAtAllEnd = "MPI_File_write_at_all_end"(fh, buf, status) { Io, p2p_or_local };
    FileReadAllBegin = "MPI_File_read_all_begin"(fh, buf, count, datatype) { Io, collective, buffers: Pending };
    FileReadAllEnd = "MPI_File_read_all_end"(fh, buf, status) { Io, p2p_or_local };
    FileWriteAllBegin = "MPI_File_write_all_begin"(fh, buf, count, datatype) { Io, collective, buffers: Pending };
    FileWriteAllEnd = "MPI_File_write_all_end"(fh, buf, status) { Io, p2p_or_local };
    // The ordered forms' ends wait until every member began (the data
    // moves in rank order once all did), so they are not local.
    FileReadOrderedBegin = "MPI_File_read_ordered_begin"(fh, buf, count, datatype) { Io, collective, buffers: Pending };
    FileReadOrderedEnd = "MPI_File_read_ordered_end"(fh, buf, status) { Io };
    FileWriteOrderedBegin = "MPI_File_write_ordered_begin"(fh, buf, count, datatype) { Io, collective, buffers: Pending };
    FileWriteOrderedEnd = "MPI_File_write_ordered_end"(fh, buf, status) { Io };
    // Consistency and semantics (§13.6.1).
    FileSetAtomicity = "MPI_File_set_atomicity"(fh, flag) { Io, collective };
    FileGetAtomicity = "MPI_File_get_atomicity"(fh, flag) { Io, p2p_or_local };
    FileSync = "MPI_File_sync"(fh) { Io, collective };
}

impl MpiFunc {
    pub fn from_name(name: &str) -> Option<MpiFunc> {
        MpiFunc::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// Index of a named parameter.
    pub fn param_index(self, name: &str) -> Option<usize> {
        self.params().iter().position(|p| *p == name)
    }

    /// Collective operations: every member of the communicator must call them
    /// in the same order (MPI 3.1 §5.1).
    pub fn is_collective(self) -> bool {
        self.attrs().collective
    }

    pub fn family(self) -> Family {
        self.attrs().family
    }

    /// The blocking call a nonblocking one performs; other functions map to
    /// themselves.
    pub fn blocking_form(self) -> MpiFunc {
        self.attrs().blocking_form.unwrap_or(self)
    }

    /// The nonblocking form of a blocking call: it returns a request.
    pub fn is_nonblocking(self) -> bool {
        self.attrs().blocking_form.is_some()
    }

    pub fn is_rooted(self) -> bool {
        self.attrs().rooted
    }

    pub fn shape(self) -> Shape {
        self.attrs().shape
    }

    /// Calls that write a new request into their last argument (MPI_Isend,
    /// MPI_Irecv, nonblocking collectives, MPI_*_init, ...). Completion
    /// calls, MPI_Start and MPI_Request_free take the request first.
    pub fn posts_request(self) -> bool {
        let params = self.params();
        params.len() > 1 && params.last() == Some(&"request")
    }

    /// Whether the call hands its payload buffers to an operation or object
    /// that outlives it (pending or bound, see [`Buffers`]).
    pub fn leaves_buffer_pending(self) -> bool {
        self.attrs().buffers != Buffers::Done
    }

    /// Whether the call hands the MPI library a function of the program that
    /// the library may call later, from inside other MPI calls: a reduction
    /// operation (`MPI_Op_create`'s `user_fn`, run by every reduction that
    /// names the operation, MPI 3.1 §5.9.5), and, as the MPI 3.1 prototypes
    /// name them, error handlers (`comm_errhandler_fn`, §8.3), attribute
    /// callbacks (`comm_copy_attr_fn`, `comm_delete_attr_fn`, §6.7.2) and
    /// generalized-request callbacks (`query_fn`, `free_fn`, `cancel_fn`,
    /// §12.2). Every parameter of such a function is named `*_fn`, but for
    /// MPI-1's `MPI_Errhandler_create(function, ...)`.
    pub fn takes_callback(self) -> bool {
        self.params()
            .iter()
            .any(|p| p.ends_with("_fn") || *p == "function")
    }

    /// Whether the call starts an operation that owns its buffers after it
    /// returns.
    pub fn starts_pending(self) -> bool {
        self.attrs().buffers == Buffers::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for f in MpiFunc::ALL {
            assert_eq!(MpiFunc::from_name(f.name()), Some(*f));
            assert!(f.name().starts_with("MPI_"));
        }
        let mut names: Vec<_> = MpiFunc::ALL.iter().map(|f| f.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), MpiFunc::ALL.len());
    }

    #[test]
    fn parameter_lists_follow_the_c_prototypes() {
        assert_eq!(MpiFunc::Send.params().len(), 6);
        assert_eq!(MpiFunc::Sendrecv.params().len(), 12);
        assert_eq!(MpiFunc::Recv.param_index("status"), Some(6));
        assert_eq!(MpiFunc::Finalize.params().len(), 0);
    }

    #[test]
    fn nonblocking_forms_share_their_blocking_forms_columns() {
        for f in MpiFunc::ALL.iter().filter(|f| f.is_nonblocking()) {
            let b = f.blocking_form();
            assert!(!b.is_nonblocking(), "{}", f.name());
            assert!(f.posts_request(), "{} returns a request", f.name());
            let (fa, ba) = (f.attrs(), b.attrs());
            assert_eq!(
                (fa.family, fa.collective, fa.rooted, fa.shape, fa.intercomm),
                (ba.family, ba.collective, ba.rooted, ba.shape, ba.intercomm),
                "{} and {}",
                f.name(),
                b.name()
            );
        }
    }

    #[test]
    fn a_call_that_returns_a_request_with_a_buffer_leaves_it_pending() {
        let buffer = |p: &&str| p.ends_with("buf") || *p == "buffer";
        for f in MpiFunc::ALL {
            if f.posts_request() && f.params().iter().any(buffer) {
                assert_ne!(f.attrs().buffers, Buffers::Done, "{}", f.name());
            }
            if f.attrs().buffers != Buffers::Done {
                assert!(!f.attrs().p2p_or_local || f.family() != Family::Collective);
            }
        }
    }

    #[test]
    fn columns_agree_with_families() {
        for f in MpiFunc::ALL {
            let a = f.attrs();
            if a.collective {
                // Window creation, fence and free are collective over the
                // window's group (MPI 3.1 §11.2, §11.5.1).
                assert!(matches!(
                    a.family,
                    Family::Collective | Family::Communicator | Family::Rma | Family::Io
                ));
                assert!(!a.p2p_or_local, "{}", f.name());
            }
            if a.nondeterministic {
                // Polls: of requests and messages, and MPI_Win_test of an
                // exposure epoch (MPI 3.1 §11.5.2).
                assert!(a.p2p_or_local, "{}", f.name());
                assert!(matches!(
                    a.family,
                    Family::Completion | Family::PointToPoint | Family::Rma
                ));
            }
            if a.rooted || a.shape != Shape::None || a.intercomm {
                assert!(a.collective, "{}", f.name());
            }
            if a.makes == Some(ObjectKind::Communicator) {
                assert_eq!(a.family, Family::Communicator, "{}", f.name());
            }
        }
        assert!(MpiFunc::Testany.attrs().nondeterministic);
        assert!(!MpiFunc::Wait.attrs().nondeterministic);
        assert_eq!(MpiFunc::SendInit.attrs().buffers, Buffers::Bound);
        assert_eq!(MpiFunc::Iallreduce.shape(), Shape::Reduction);
    }

    #[test]
    fn callbacks_are_the_parameters_named_fn() {
        assert!(MpiFunc::OpCreate.takes_callback());
        assert!(!MpiFunc::Allreduce.takes_callback());
        assert!(!MpiFunc::Send.takes_callback());
    }

    #[test]
    fn serde_uses_c_names() {
        let j = serde_json::to_string(&MpiFunc::Allreduce).unwrap();
        assert_eq!(j, "\"MPI_Allreduce\"");
    }
}
