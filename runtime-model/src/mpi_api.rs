//! The MPI functions the model knows, with their C parameter lists.
//!
//! This table is the one place that says which MPI calls are modeled: the
//! extractor accepts exactly these (anything else named `MPI_*` is reported
//! as unsupported at its call site) and the README's list of supported
//! functions is generated from it (`mpi-check --list-mpi`).

use serde::{Deserialize, Serialize};

macro_rules! mpi_functions {
    ($( $variant:ident = $name:literal ( $($param:ident),* ) ; )*) => {
        /// A modeled MPI function.
        #[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MpiFunc {
            $( #[serde(rename = $name)] $variant, )*
        }

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
        }
    };
}

mpi_functions! {
    // Environment (MPI 3.1 §8.7)
    Init = "MPI_Init"(argc, argv);
    InitThread = "MPI_Init_thread"(argc, argv, required, provided);
    Initialized = "MPI_Initialized"(flag);
    Finalize = "MPI_Finalize"();
    Finalized = "MPI_Finalized"(flag);
    Abort = "MPI_Abort"(comm, errorcode);
    Wtime = "MPI_Wtime"();
    Wtick = "MPI_Wtick"();
    CommRank = "MPI_Comm_rank"(comm, rank);
    CommSize = "MPI_Comm_size"(comm, size);
    // Point-to-point (MPI 3.1 chapter 3)
    Send = "MPI_Send"(buf, count, datatype, dest, tag, comm);
    Ssend = "MPI_Ssend"(buf, count, datatype, dest, tag, comm);
    Rsend = "MPI_Rsend"(buf, count, datatype, dest, tag, comm);
    Recv = "MPI_Recv"(buf, count, datatype, source, tag, comm, status);
    Isend = "MPI_Isend"(buf, count, datatype, dest, tag, comm, request);
    Issend = "MPI_Issend"(buf, count, datatype, dest, tag, comm, request);
    Irsend = "MPI_Irsend"(buf, count, datatype, dest, tag, comm, request);
    Irecv = "MPI_Irecv"(buf, count, datatype, source, tag, comm, request);
    Sendrecv = "MPI_Sendrecv"(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
    Probe = "MPI_Probe"(source, tag, comm, status);
    Iprobe = "MPI_Iprobe"(source, tag, comm, flag, status);
    GetCount = "MPI_Get_count"(status, datatype, count);
    Wait = "MPI_Wait"(request, status);
    Waitall = "MPI_Waitall"(count, array_of_requests, array_of_statuses);
    Waitany = "MPI_Waitany"(count, array_of_requests, index, status);
    Test = "MPI_Test"(request, flag, status);
    Testall = "MPI_Testall"(count, array_of_requests, flag, array_of_statuses);
    Testany = "MPI_Testany"(count, array_of_requests, index, flag, status);
    RequestFree = "MPI_Request_free"(request);
    // Collectives (MPI 3.1 chapter 5)
    Barrier = "MPI_Barrier"(comm);
    Bcast = "MPI_Bcast"(buffer, count, datatype, root, comm);
    Reduce = "MPI_Reduce"(sendbuf, recvbuf, count, datatype, op, root, comm);
    Allreduce = "MPI_Allreduce"(sendbuf, recvbuf, count, datatype, op, comm);
    Gather = "MPI_Gather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    Scatter = "MPI_Scatter"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    Allgather = "MPI_Allgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    Alltoall = "MPI_Alltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
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
        use MpiFunc::*;
        matches!(
            self,
            Barrier | Bcast | Reduce | Allreduce | Gather | Scatter | Allgather | Alltoall
        )
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
    fn serde_uses_c_names() {
        let j = serde_json::to_string(&MpiFunc::Allreduce).unwrap();
        assert_eq!(j, "\"MPI_Allreduce\"");
    }
}
