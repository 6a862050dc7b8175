/* RUN: -n 3
 * EXPECT: verified
 * MPI_Alltoallw (MPI 3.1 §5.8) receives the block from rank j with recvtypes[j]: every
 * block has its own receive type, and the local block (rank i to itself) is sent with
 * sendtypes[i] and received with recvtypes[i]. Here the block from rank 0 is received
 * contiguously, the block from rank 1 every other int, the one from rank 2 reversed by an
 * indexed type; all senders use plain MPI_INT.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size == 3);
    MPI_Datatype strided, reversed;
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    int lens[2] = {1, 1}, at[2] = {1, 0};
    MPI_Type_indexed(2, lens, at, MPI_INT, &reversed);
    MPI_Type_commit(&reversed);

    int send[6];
    for (int j = 0; j < 3; j++) {
        send[2 * j] = 100 * rank + 10 * j;
        send[2 * j + 1] = 100 * rank + 10 * j + 1;
    }
    int recv[9];
    for (int k = 0; k < 9; k++)
        recv[k] = -1;
    int scounts[3] = {2, 2, 2}, sdispls[3] = {0, 8, 16};
    MPI_Datatype stypes[3] = {MPI_INT, MPI_INT, MPI_INT};
    /* From 0: recv[0..2]; from 1: recv[2], recv[4]; from 2: recv[6..8] reversed. */
    int rcounts[3] = {2, 1, 1}, rdispls[3] = {0, 8, 24};
    MPI_Datatype rtypes[3] = {MPI_INT, strided, reversed};
    MPI_Alltoallw(send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes,
                  MPI_COMM_WORLD);
    int me = 10 * rank;
    assert(recv[0] == me && recv[1] == me + 1);
    assert(recv[2] == 100 + me && recv[3] == -1 && recv[4] == 101 + me);
    assert(recv[5] == -1);
    assert(recv[6] == 201 + me && recv[7] == 200 + me && recv[8] == -1);

    MPI_Type_free(&reversed);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return 0;
}
