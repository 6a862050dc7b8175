/* RUN: -n 2
 * EXPECT: verified
 * A zero count moves no data, and MPI 3.1 does not say that its datatype must then be a
 * valid one: MPICH accepts MPI_DATATYPE_NULL for an empty message (MPI_Isend/MPI_Irecv of 0
 * elements) and for the empty blocks of MPI_Alltoallw (MPICH 4.0.1 and later). Here each
 * rank exchanges one int with itself through MPI_Alltoallw and nothing with the other,
 * whose blocks have count 0 and type MPI_DATATYPE_NULL.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x, y = -1, empty = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    MPI_Request reqs[2];
    MPI_Status st;
    MPI_Irecv(&empty, 0, MPI_DATATYPE_NULL, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&empty, 0, MPI_DATATYPE_NULL, peer, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Wait(&reqs[0], &st);
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    assert(st.MPI_SOURCE == peer && st.MPI_TAG == 0);

    x = 10 + rank;
    int counts[2] = {0, 0}, displs[2] = {0, 0};
    MPI_Datatype types[2] = {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    counts[rank] = 1;
    types[rank] = MPI_INT;
    MPI_Alltoallw(&x, counts, displs, types, &y, counts, displs, types, MPI_COMM_WORLD);
    assert(y == 10 + rank);
    MPI_Finalize();
    return 0;
}
