/* RUN: -n 3
 * EXPECT: verified
 * Near miss of overlapping_irecvs.c: the two pending receives use adjacent, disjoint
 * elements of one array.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v[2] = {0, 0};
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(v[0] == 1 && v[1] == 2);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
