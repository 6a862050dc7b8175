/* RUN: -n 2
 * EXPECT: error request-leak
 * Every rank starts MPI_Iallreduce and never completes it (MPI 3.1 §5.12: a nonblocking
 * collective is completed by the Wait/Test family).
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
    int in = rank, out = 0;
    MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
