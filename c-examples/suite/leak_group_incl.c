/* RUN: -n 3
 * EXPECT: error resource-leak
 * The group made by MPI_Group_incl is freed but the world group it was taken from is not (MPI
 * 3.1 §6.3.4: every group handle must be freed).
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

    MPI_Group world_group, even;
    int members[2] = {0, 2};
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 2, members, &even);
    MPI_Group_free(&even);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
