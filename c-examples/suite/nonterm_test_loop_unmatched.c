/* RUN: -n 2
 * EXPECT: error non-termination
 * Rank 1 polls MPI_Test on a receive from rank 0, which never sends: the flag is never set.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    MPI_Request req;
    int flag = 0;
    int buf = 0;
    if (rank == 1) {
        MPI_Irecv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
