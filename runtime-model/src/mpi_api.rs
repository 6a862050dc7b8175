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
    // Declared for the wider MPI surface; each is modeled by the checker
    // or reported there as unsupported at its call site.
    Bsend = "MPI_Bsend"(buf, count, datatype, dest, tag, comm);
    Ibsend = "MPI_Ibsend"(buf, count, datatype, dest, tag, comm, request);
    SendrecvReplace = "MPI_Sendrecv_replace"(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
    Mprobe = "MPI_Mprobe"(source, tag, comm, message, status);
    Improbe = "MPI_Improbe"(source, tag, comm, flag, message, status);
    Mrecv = "MPI_Mrecv"(buf, count, datatype, message, status);
    Imrecv = "MPI_Imrecv"(buf, count, datatype, message, request);
    BufferAttach = "MPI_Buffer_attach"(buffer, size);
    BufferDetach = "MPI_Buffer_detach"(buffer_addr, size);
    Cancel = "MPI_Cancel"(request);
    TestCancelled = "MPI_Test_cancelled"(status, flag);
    GetElements = "MPI_Get_elements"(status, datatype, count);
    SendInit = "MPI_Send_init"(buf, count, datatype, dest, tag, comm, request);
    SsendInit = "MPI_Ssend_init"(buf, count, datatype, dest, tag, comm, request);
    BsendInit = "MPI_Bsend_init"(buf, count, datatype, dest, tag, comm, request);
    RsendInit = "MPI_Rsend_init"(buf, count, datatype, dest, tag, comm, request);
    RecvInit = "MPI_Recv_init"(buf, count, datatype, source, tag, comm, request);
    Start = "MPI_Start"(request);
    Startall = "MPI_Startall"(count, array_of_requests);
    Waitsome = "MPI_Waitsome"(incount, array_of_requests, outcount, array_of_indices, array_of_statuses);
    Testsome = "MPI_Testsome"(incount, array_of_requests, outcount, array_of_indices, array_of_statuses);
    RequestGetStatus = "MPI_Request_get_status"(request, flag, status);
    Ibarrier = "MPI_Ibarrier"(comm, request);
    Ibcast = "MPI_Ibcast"(buffer, count, datatype, root, comm, request);
    Ireduce = "MPI_Ireduce"(sendbuf, recvbuf, count, datatype, op, root, comm, request);
    Iallreduce = "MPI_Iallreduce"(sendbuf, recvbuf, count, datatype, op, comm, request);
    Gatherv = "MPI_Gatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    Igather = "MPI_Igather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
    Igatherv = "MPI_Igatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
    Scatterv = "MPI_Scatterv"(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
    Iscatter = "MPI_Iscatter"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
    Iscatterv = "MPI_Iscatterv"(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
    Allgatherv = "MPI_Allgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    Iallgather = "MPI_Iallgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
    Iallgatherv = "MPI_Iallgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
    Ialltoall = "MPI_Ialltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
    Alltoallv = "MPI_Alltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    Ialltoallv = "MPI_Ialltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
    Alltoallw = "MPI_Alltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
    Ialltoallw = "MPI_Ialltoallw"(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
    ReduceScatter = "MPI_Reduce_scatter"(sendbuf, recvbuf, recvcounts, datatype, op, comm);
    IreduceScatter = "MPI_Ireduce_scatter"(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
    ReduceScatterBlock = "MPI_Reduce_scatter_block"(sendbuf, recvbuf, recvcount, datatype, op, comm);
    IreduceScatterBlock = "MPI_Ireduce_scatter_block"(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
    Scan = "MPI_Scan"(sendbuf, recvbuf, count, datatype, op, comm);
    Iscan = "MPI_Iscan"(sendbuf, recvbuf, count, datatype, op, comm, request);
    Exscan = "MPI_Exscan"(sendbuf, recvbuf, count, datatype, op, comm);
    Iexscan = "MPI_Iexscan"(sendbuf, recvbuf, count, datatype, op, comm, request);
    ReduceLocal = "MPI_Reduce_local"(inbuf, inoutbuf, count, datatype, op);
    CommDup = "MPI_Comm_dup"(comm, newcomm);
    CommIdup = "MPI_Comm_idup"(comm, newcomm, request);
    CommSplit = "MPI_Comm_split"(comm, color, key, newcomm);
    CommSplitType = "MPI_Comm_split_type"(comm, split_type, key, info, newcomm);
    CommCreate = "MPI_Comm_create"(comm, group, newcomm);
    CommCreateGroup = "MPI_Comm_create_group"(comm, group, tag, newcomm);
    CommFree = "MPI_Comm_free"(comm);
    CommCompare = "MPI_Comm_compare"(comm1, comm2, result);
    CommGroup = "MPI_Comm_group"(comm, group);
    CommTestInter = "MPI_Comm_test_inter"(comm, flag);
    CommRemoteSize = "MPI_Comm_remote_size"(comm, size);
    CommRemoteGroup = "MPI_Comm_remote_group"(comm, group);
    GroupSize = "MPI_Group_size"(group, size);
    GroupRank = "MPI_Group_rank"(group, rank);
    GroupIncl = "MPI_Group_incl"(group, n, ranks, newgroup);
    GroupExcl = "MPI_Group_excl"(group, n, ranks, newgroup);
    GroupRangeIncl = "MPI_Group_range_incl"(group, n, ranges, newgroup);
    GroupRangeExcl = "MPI_Group_range_excl"(group, n, ranges, newgroup);
    GroupUnion = "MPI_Group_union"(group1, group2, newgroup);
    GroupIntersection = "MPI_Group_intersection"(group1, group2, newgroup);
    GroupDifference = "MPI_Group_difference"(group1, group2, newgroup);
    GroupTranslateRanks = "MPI_Group_translate_ranks"(group1, n, ranks1, group2, ranks2);
    GroupCompare = "MPI_Group_compare"(group1, group2, result);
    GroupFree = "MPI_Group_free"(group);
    IntercommCreate = "MPI_Intercomm_create"(local_comm, local_leader, peer_comm, remote_leader, tag, newintercomm);
    IntercommMerge = "MPI_Intercomm_merge"(intercomm, high, newintracomm);
    CartCreate = "MPI_Cart_create"(comm_old, ndims, dims, periods, reorder, comm_cart);
    CartGet = "MPI_Cart_get"(comm, maxdims, dims, periods, coords);
    CartRank = "MPI_Cart_rank"(comm, coords, rank);
    CartCoords = "MPI_Cart_coords"(comm, rank, maxdims, coords);
    CartShift = "MPI_Cart_shift"(comm, direction, disp, rank_source, rank_dest);
    CartSub = "MPI_Cart_sub"(comm, remain_dims, newcomm);
    DimsCreate = "MPI_Dims_create"(nnodes, ndims, dims);
    CartdimGet = "MPI_Cartdim_get"(comm, ndims);
    TopoTest = "MPI_Topo_test"(comm, status);
    GraphCreate = "MPI_Graph_create"(comm_old, nnodes, index, edges, reorder, comm_graph);
    DistGraphCreate = "MPI_Dist_graph_create"(comm_old, n, sources, degrees, destinations, weights, info, reorder, comm_dist_graph);
    DistGraphCreateAdjacent = "MPI_Dist_graph_create_adjacent"(comm_old, indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder, comm_dist_graph);
    DistGraphNeighborsCount = "MPI_Dist_graph_neighbors_count"(comm, indegree, outdegree, weighted);
    DistGraphNeighbors = "MPI_Dist_graph_neighbors"(comm, maxindegree, sources, sourceweights, maxoutdegree, destinations, destweights);
    NeighborAllgather = "MPI_Neighbor_allgather"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    NeighborAlltoall = "MPI_Neighbor_alltoall"(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    TypeContiguous = "MPI_Type_contiguous"(count, oldtype, newtype);
    TypeVector = "MPI_Type_vector"(count, blocklength, stride, oldtype, newtype);
    TypeCreateHvector = "MPI_Type_create_hvector"(count, blocklength, stride, oldtype, newtype);
    TypeIndexed = "MPI_Type_indexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    TypeCreateHindexed = "MPI_Type_create_hindexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    TypeCreateIndexedBlock = "MPI_Type_create_indexed_block"(count, blocklength, array_of_displacements, oldtype, newtype);
    TypeCreateHindexedBlock = "MPI_Type_create_hindexed_block"(count, blocklength, array_of_displacements, oldtype, newtype);
    TypeCreateDarray = "MPI_Type_create_darray"(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype);
    TypeCreateStruct = "MPI_Type_create_struct"(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    TypeCreateSubarray = "MPI_Type_create_subarray"(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype);
    TypeCreateResized = "MPI_Type_create_resized"(oldtype, lb, extent, newtype);
    TypeDup = "MPI_Type_dup"(oldtype, newtype);
    TypeCommit = "MPI_Type_commit"(datatype);
    TypeFree = "MPI_Type_free"(datatype);
    TypeSize = "MPI_Type_size"(datatype, size);
    TypeGetExtent = "MPI_Type_get_extent"(datatype, lb, extent);
    TypeGetTrueExtent = "MPI_Type_get_true_extent"(datatype, true_lb, true_extent);
    OpCreate = "MPI_Op_create"(user_fn, commute, op);
    OpFree = "MPI_Op_free"(op);
    CommSetErrhandler = "MPI_Comm_set_errhandler"(comm, errhandler);
    CommGetErrhandler = "MPI_Comm_get_errhandler"(comm, errhandler);
    ErrhandlerFree = "MPI_Errhandler_free"(errhandler);
    ErrorString = "MPI_Error_string"(errorcode, string, resultlen);
    ErrorClass = "MPI_Error_class"(errorcode, errorclass);
    GetProcessorName = "MPI_Get_processor_name"(name, resultlen);
    GetVersion = "MPI_Get_version"(version, subversion);
    QueryThread = "MPI_Query_thread"(provided);
    IsThreadMain = "MPI_Is_thread_main"(flag);
    CommGetAttr = "MPI_Comm_get_attr"(comm, comm_keyval, attribute_val, flag);
    CommSetAttr = "MPI_Comm_set_attr"(comm, comm_keyval, attribute_val);
    AttrGet = "MPI_Attr_get"(comm, keyval, attribute_val, flag);
    // Addresses, packing and large-count queries (MPI 3.1 §4.1.5, §4.1.8, §4.1.11, §4.2)
    GetAddress = "MPI_Get_address"(location, address);
    AintAdd = "MPI_Aint_add"(base, disp);
    AintDiff = "MPI_Aint_diff"(addr1, addr2);
    Pack = "MPI_Pack"(inbuf, incount, datatype, outbuf, outsize, position, comm);
    Unpack = "MPI_Unpack"(inbuf, insize, position, outbuf, outcount, datatype, comm);
    PackSize = "MPI_Pack_size"(incount, datatype, comm, size);
    TypeSizeX = "MPI_Type_size_x"(datatype, size);
    TypeGetExtentX = "MPI_Type_get_extent_x"(datatype, lb, extent);
    TypeGetTrueExtentX = "MPI_Type_get_true_extent_x"(datatype, true_lb, true_extent);
    GetElementsX = "MPI_Get_elements_x"(status, datatype, count);
    StatusSetElements = "MPI_Status_set_elements"(status, datatype, count);
    StatusSetElementsX = "MPI_Status_set_elements_x"(status, datatype, count);
    // Small environment calls (MPI 3.1 §5.9.7, §6.8, §8.1, §8.2, §8.4, §10.4.2, §14.2.4)
    GetLibraryVersion = "MPI_Get_library_version"(version, resultlen);
    Pcontrol = "MPI_Pcontrol"(level);
    CommGetParent = "MPI_Comm_get_parent"(parent);
    OpCommutative = "MPI_Op_commutative"(op, commute);
    AllocMem = "MPI_Alloc_mem"(size, info, baseptr);
    FreeMem = "MPI_Free_mem"(base);
    // Info objects (MPI 3.1 §9) and communicator names (§6.8)
    InfoCreate = "MPI_Info_create"(info);
    InfoSet = "MPI_Info_set"(info, key, value);
    InfoDelete = "MPI_Info_delete"(info, key);
    InfoGet = "MPI_Info_get"(info, key, valuelen, value, flag);
    InfoGetValuelen = "MPI_Info_get_valuelen"(info, key, valuelen, flag);
    InfoGetNkeys = "MPI_Info_get_nkeys"(info, nkeys);
    InfoGetNthkey = "MPI_Info_get_nthkey"(info, n, key);
    InfoDup = "MPI_Info_dup"(info, newinfo);
    InfoFree = "MPI_Info_free"(info);
    CommSetName = "MPI_Comm_set_name"(comm, comm_name);
    CommGetName = "MPI_Comm_get_name"(comm, comm_name, resultlen);
    CommDupWithInfo = "MPI_Comm_dup_with_info"(comm, info, newcomm);
    // Topology queries and the v-forms of the neighborhood collectives (§7.5.5, §7.5.7, §7.6)
    GraphNeighborsCount = "MPI_Graph_neighbors_count"(comm, rank, nneighbors);
    GraphNeighbors = "MPI_Graph_neighbors"(comm, rank, maxneighbors, neighbors);
    CartMap = "MPI_Cart_map"(comm, ndims, dims, periods, newrank);
    NeighborAllgatherv = "MPI_Neighbor_allgatherv"(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    NeighborAlltoallv = "MPI_Neighbor_alltoallv"(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    // MPI-1 names removed in MPI 3.0 (MPI 3.1 §17.2, Table 17.1), with the
    // semantics of their replacements.
    Address = "MPI_Address"(location, address);
    TypeHvector = "MPI_Type_hvector"(count, blocklength, stride, oldtype, newtype);
    TypeHindexed = "MPI_Type_hindexed"(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    TypeStruct = "MPI_Type_struct"(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    TypeExtent = "MPI_Type_extent"(datatype, extent);
    TypeLb = "MPI_Type_lb"(datatype, displacement);
    TypeUb = "MPI_Type_ub"(datatype, displacement);
    ErrhandlerSet = "MPI_Errhandler_set"(comm, errhandler);
    ErrhandlerGet = "MPI_Errhandler_get"(comm, errhandler);
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
            Barrier
                | Bcast
                | Reduce
                | Allreduce
                | Gather
                | Scatter
                | Allgather
                | Alltoall
                | Ibarrier
                | Ibcast
                | Ireduce
                | Iallreduce
                | Gatherv
                | Igather
                | Igatherv
                | Scatterv
                | Iscatter
                | Iscatterv
                | Allgatherv
                | Iallgather
                | Iallgatherv
                | Ialltoall
                | Alltoallv
                | Ialltoallv
                | Alltoallw
                | Ialltoallw
                | ReduceScatter
                | IreduceScatter
                | ReduceScatterBlock
                | IreduceScatterBlock
                | Scan
                | Iscan
                | Exscan
                | Iexscan
                | NeighborAllgather
                | NeighborAlltoall
                | NeighborAllgatherv
                | NeighborAlltoallv
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
