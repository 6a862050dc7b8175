/* RUN: -n 3
 * EXPECT: verified
 * Correct twin of leak_comm_split.
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

    MPI_Comm sub;
    int subrank = -1;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
    MPI_Comm_rank(sub, &subrank);
    if (subrank != rank / 2)
        printf("wrong sub rank\n");
    MPI_Comm_free(&sub);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
