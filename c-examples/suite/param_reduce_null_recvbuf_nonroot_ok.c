/* RUN: -n 2
 * EXPECT: verified
 * Near miss of the reduce errors: a non-root rank passes NULL as receive buffer, which is
 * allowed since it is significant at the root only (MPI 3.1 §5.9.1).
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

    int in = rank + 1, out = 0;
    MPI_Reduce(&in, rank == 0 ? &out : NULL, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && out != nprocs * (nprocs + 1) / 2)
        printf("wrong sum\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
