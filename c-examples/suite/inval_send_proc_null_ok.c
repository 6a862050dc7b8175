/* RUN: -n 2
 * EXPECT: verified
 * Near miss of inval_send_rank_out_of_range: the neighbor past the edge is MPI_PROC_NULL, a
 * valid destination that sends nothing (MPI 3.1 §3.11).
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

    int buf = rank;
    int right = rank + 1 < nprocs ? rank + 1 : MPI_PROC_NULL;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    MPI_Sendrecv_replace(&buf, 1, MPI_INT, right, 0, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank > 0 && buf != rank - 1)
        printf("wrong value\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
