/* RUN: -n 3
 * EXPECT: verified
 * Near miss of test_spin_after_cycle.c: rank 0 spins on MPI_Testall for two replies that ranks 1
 * and 2 send only after a computation and a synchronous handshake between themselves. The loop
 * exits in every execution because MPI guarantees progress (Palmer et al. 2007, Figure 3): a test loop on a
 * request that can complete is not an error, however many times it says "not yet".
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, flag = 0, replies[2] = {0, 0}, token = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&replies[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&replies[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        while (!flag)
            MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
        assert(replies[0] == 10 && replies[1] == 20);
    } else {
        int value = 0;
        for (int i = 0; i < rank * 10; i++)
            value++;
        if (rank == 1)
            MPI_Ssend(&value, 1, MPI_INT, 2, 5, MPI_COMM_WORLD);
        else
            MPI_Recv(&token, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
